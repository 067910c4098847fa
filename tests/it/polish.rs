//! The game at one terminal as a newcomer meets it (#35): what is drawn is true (the binary view
//! of huge heaps, a short panel), every key that works is on the key line, the selection carries
//! no move the player did not make, a second try before an answer, the 21 game's hint in a
//! child's words, and a second window never overwrites the first's saved game.

use crate::support::keys::act;
use crate::support::view::{draw_with, lines};

use nim_tui::app::{Action, App, PuzzleStart, Screen};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::{GameKind, Rules};
use nim_tui::puzzle::Difficulty;
use nim_tui::store::Store;
use nim_tui::ui::Look;

fn setup(game: GameKind, heaps: &[u64]) -> GameSetup {
    GameSetup {
        game,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        level: Level::Perfect,
        ..nim_tui::config::Settings::default().setup()
    }
}

fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    lines(&draw_with(app, &Look::default(), width, height))
}

/// A heap's row in the binary view: its digits after the label, the frame taken off.
fn binary_row(screen: &[String], label: &str) -> Option<String> {
    let line = screen.iter().find(|l| l.contains(label) && l.contains(['0', '1']) && !l.contains('─'))?;
    let at = line.rfind(label)?;
    Some(line[at + label.len()..].trim_end_matches([' ', '│']).trim().to_string())
}

#[test]
fn the_binary_view_of_huge_heaps_marks_what_it_hides_and_reads_a_small_heap_right() {
    let heaps = [1_000_000_000_000_000_000, 123_456_789_012_345_678, 7];
    let mut app = App::start_now(setup(GameKind::Nim, &heaps), Some(1));
    act(&mut app, Action::Binary);
    for (width, height) in [(50, 16), (60, 20), (80, 24), (100, 30)] {
        let screen = screen(&app, width, height);
        let text = screen.join("\n");
        let digits = |row: &str| row.chars().filter(|c| matches!(c, '0' | '1')).count();
        // Every row shows all 60 columns, or marks the ones it hides.
        let mut cut = false;
        for label in ["heap 1", "heap 2", "nim-sum"] {
            let row =
                binary_row(&screen, label).unwrap_or_else(|| panic!("{label} at {width}x{height}:\n{text}"));
            assert!(digits(&row) == 60 || row.contains('⋯'), "{label}'s row hides columns unmarked: {row:?}");
            cut |= digits(&row) < 60;
        }
        // The lowest four are always shown (after the mark of those hidden): 7 reads 0111.
        if let Some(small) = binary_row(&screen, "heap 3") {
            assert!(small.ends_with("0111"), "heap 3 (= 7) reads {small:?} at {width}x{height}:\n{text}");
            assert!(digits(&small) == 60 || small.contains('⋯'), "heap 3 at {width}x{height}:\n{text}");
        }
        let sum = heaps.iter().fold(0, |x, h| x ^ h);
        let nim_sum = binary_row(&screen, "nim-sum").unwrap_or_default();
        let low = format!("{:04b}", sum & 15);
        let shown = if cut { format!("⋯ {low}") } else { low };
        assert!(nim_sum.contains(&shown), "the nim-sum's lowest four at {width}x{height}: {nim_sum:?}");
    }
    // Every heap of a small game fits: no mark at all.
    let mut small = App::start_now(setup(GameKind::Nim, &[3, 4, 5]), Some(1));
    act(&mut small, Action::Binary);
    let screen = screen(&small, 80, 24);
    assert_eq!(binary_row(&screen, "heap 3").as_deref(), Some("1 0 1"), "{}", screen.join("\n"));
}

#[test]
fn a_short_binary_panel_still_shows_the_nim_sum_and_a_heap() {
    for heaps in [&[3u64, 4, 5][..], &[1_000_000_000_000_000_000, 123_456_789_012_345_678, 7]] {
        let mut app = App::start_now(setup(GameKind::Nim, heaps), Some(1));
        act(&mut app, Action::Binary);
        let screen = screen(&app, 50, 16);
        let text = screen.join("\n");
        assert!(
            binary_row(&screen, "nim-sum").is_some_and(|r| !r.is_empty()),
            "the nim-sum at 50x16:\n{text}"
        );
        assert!(binary_row(&screen, "heap 1").is_some(), "the selected heap's row at 50x16:\n{text}");
    }
}

#[test]
fn the_switch_is_on_the_key_line_of_every_game_that_has_one() {
    let games: [(&str, &[u64], &str); 4] = [
        ("lasker", &[3, 5, 6], "s split"),
        ("wythoff", &[5, 9], "s both heaps"),
        ("kayles", &[5, 7], "s two pins"),
        ("dawson", &[5, 7], ""),
    ];
    for (name, heaps, key) in games {
        let kind: GameKind = name.parse().unwrap();
        let app = App::start_now(setup(kind, heaps), Some(1));
        let can_switch = app.game().is_some_and(|g| g.can_switch());
        for (width, height) in [(80, 24), (100, 30), (140, 45)] {
            let text = screen(&app, width, height).join("\n");
            if can_switch {
                assert!(text.contains(key), "{name} at {width}x{height} shows `{key}`:\n{text}");
                assert!(
                    text.contains("Enter"),
                    "{name} at {width}x{height} keeps the key that plays:\n{text}"
                );
            } else {
                assert!(!text.contains("s split") && !text.contains("s two pins"), "{name}:\n{text}");
            }
        }
    }
}

#[test]
fn moving_between_heaps_in_moores_nim_carries_no_take_the_player_did_not_choose() {
    let kind = GameKind::Moore(2);
    let mut app = App::start_now(setup(kind, &[3, 5, 6]), Some(1));
    // Heap 1 starts at "take 1"; moving on to heap 3 leaves nothing on heap 1.
    act(&mut app, Action::Down);
    act(&mut app, Action::Down);
    act(&mut app, Action::More);
    let game = app.game().expect("a game");
    let takes = game.chosen().takes();
    assert!(takes.iter().all(|t| t.heap == 2), "only heap 3 is taken from: {takes:?}");
    let text = screen(&app, 80, 24).join("\n");
    assert!(!text.contains("heap 1"), "the move under the board names heap 1:\n{text}");
    // A count the player chose is kept when the selection moves on.
    let mut app = App::start_now(setup(kind, &[3, 5, 6]), Some(1));
    act(&mut app, Action::More);
    act(&mut app, Action::Down);
    let takes = app.game().expect("a game").chosen().takes();
    assert!(takes.iter().any(|t| t.heap == 0 && t.take == 2), "the chosen 2 from heap 1 stays: {takes:?}");
}

/// The puzzle's current answer is winning.
fn answer_wins(app: &App) -> bool {
    let Screen::Puzzle(puzzle) = &app.screen else { panic!("a puzzle") };
    let game = &puzzle.game;
    game.engine().is_winning_move(game.position(), &game.chosen())
}

#[test]
fn a_wrong_answer_to_a_puzzle_gets_a_second_try_before_the_answer_is_shown() {
    let start =
        PuzzleStart { seed: Some(3), number: Some(1), difficulty: Difficulty::default(), daily: None };
    let mut app = App::puzzles(setup(GameKind::Nim, &[1]), start);
    // Choose a losing answer.
    let mut tries = 0;
    while answer_wins(&app) && tries < 50 {
        act(&mut app, Action::More);
        tries += 1;
    }
    assert!(!answer_wins(&app), "a losing answer to give");
    act(&mut app, Action::Take);
    let text = screen(&app, 80, 24).join("\n");
    assert!(text.contains("another try"), "a first wrong answer is a try:\n{text}");
    assert!(!text.contains("The winning move"), "the answer is not shown after one try:\n{text}");
    // A second wrong answer shows it.
    act(&mut app, Action::Take);
    let text = screen(&app, 80, 24).join("\n");
    assert!(text.contains("The winning move"), "the answer after the second try:\n{text}");
}

#[test]
fn the_21_game_and_bachets_game_hint_in_a_childs_words() {
    for (name, heap, multiple) in [("21", 21, 4), ("bachet", 23, 11)] {
        let kind: GameKind = name.parse().unwrap();
        let mut app = App::start_now(setup(kind, &[heap]), Some(1));
        act(&mut app, Action::Hint);
        let text = screen(&app, 100, 30).join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&format!("a multiple of {multiple}")), "{name}:\n{text}");
        assert!(
            !text.contains("Grundy") && !text.contains('⊕'),
            "no Grundy values or XOR for {name}:\n{text}"
        );
    }
    // From a lost position, the best try takes the least and says it keeps the game longest.
    let kind: GameKind = "21".parse().unwrap();
    let mut app = App::start_now(setup(kind, &[20]), Some(1));
    act(&mut app, Action::Hint);
    let text = screen(&app, 100, 30).join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("Take 1 from heap 1") && text.contains("longest"), "{text}");
}

#[test]
fn a_second_window_never_overwrites_the_game_another_saved() {
    let dir = tempfile::tempdir().unwrap();
    let first = Store::at(dir.path().join("nim-tui"));
    let second = Store::at(dir.path().join("nim-tui"));
    let game = crate::support::sample_game();
    assert!(first.save_game_beside(&game).unwrap(), "nothing was saved before: saved");
    let before = std::fs::read(first.game_path()).unwrap();
    assert!(!second.save_game_beside(&game).unwrap(), "the other window's game is there: not saved");
    assert_eq!(std::fs::read(second.game_path()).unwrap(), before, "the first window's game is untouched");
    // The window that wrote it may save again over its own.
    assert!(first.save_game_beside(&game).unwrap());
}

/// The best try every game shares, by brute force: in every small lost position of every game the
/// AI's move is one of those a search over every legal move ranks first (no heap of two or more
/// emptied while another move exists, then the fewest winning replies, counted by the search, then
/// the fewest tokens taken, then the largest heap), and so never a take-all while a smaller move
/// exists with as few replies; the hint shows that same move.
#[test]
fn the_ai_s_best_try_is_the_hardest_and_longest_move_in_every_game() {
    use crate::support::game_tree::{self, Search, State, positions};
    use nim_tui::engine::{BEST_TRY_MOVES, Game, Mode, Move, Outcome, Position, Ruleset, SubtractionSet};

    let states = |count, most| positions(count, most).into_iter().map(|heaps| State { heaps, limit: None });
    let fibonacci = (1..=40u64)
        .flat_map(|n| (1..=n).map(move |l| State { heaps: vec![n], limit: Some(l) }))
        .collect::<Vec<_>>();
    let games: Vec<(GameKind, Mode, game_tree::Game, Vec<State>)> = vec![
        (GameKind::Nim, Mode::Normal, game_tree::Game::Moore(1), states(3, 7).collect()),
        (GameKind::Nim, Mode::Misere, game_tree::Game::Moore(1), states(3, 7).collect()),
        (GameKind::Moore(2), Mode::Normal, game_tree::Game::Moore(2), states(3, 5).collect()),
        (GameKind::Moore(2), Mode::Misere, game_tree::Game::Moore(2), states(3, 5).collect()),
        (GameKind::Lasker, Mode::Normal, game_tree::Game::Lasker, states(3, 8).collect()),
        (GameKind::Kayles, Mode::Normal, game_tree::Game::Kayles, states(3, 9).collect()),
        (GameKind::Dawson, Mode::Normal, game_tree::Game::Dawson, states(3, 9).collect()),
        (
            GameKind::Wythoff,
            Mode::Normal,
            game_tree::Game::Wythoff,
            states(2, 30).filter(|s| s.heaps.len() == 2).collect(),
        ),
        (GameKind::Fibonacci, Mode::Normal, game_tree::Game::Fibonacci, fibonacci),
        (
            GameKind::Subtraction(SubtractionSet::new([1, 3, 4]).unwrap()),
            Mode::Normal,
            game_tree::Game::Subtraction(vec![1, 3, 4]),
            states(2, 20).collect(),
        ),
        (
            "21".parse().unwrap(),
            Mode::Normal,
            game_tree::Game::Subtraction(vec![1, 2, 3]),
            states(1, 40).collect(),
        ),
    ];
    for (kind, mode, brute, states) in games {
        let game = Game::new(Ruleset::new(kind, mode)).expect("the convention is offered");
        let mut search = Search::new(brute, mode);
        let (mut lost, mut kept_back) = (0, 0);
        for state in states {
            let position = Position::with_limit(state.heaps.clone(), state.limit);
            let legal = search.game.moves(&state);
            let weighed = game.move_count(&position) <= BEST_TRY_MOVES && position.tokens() <= BEST_TRY_MOVES;
            if legal.is_empty() || search.wins(&state) || !weighed {
                continue;
            }
            lost += 1;
            let at = format!("{kind} {mode} {:?} limit {:?}", state.heaps, state.limit);
            let empties = |mv: &Move| {
                mv.takes().iter().any(|t| state.heaps[t.heap] >= 2 && t.take == state.heaps[t.heap])
            };
            type Rank = (bool, usize, u64, std::cmp::Reverse<u64>);
            let mut ranked: Vec<(Rank, Move)> = legal
                .iter()
                .map(|(mv, next)| {
                    let replies = search.winning_moves(next).len();
                    let takes = mv.takes();
                    let taken = takes.iter().map(|t| t.take).sum::<u64>();
                    let largest = takes.iter().map(|t| state.heaps[t.heap]).max().unwrap_or(0);
                    ((empties(mv), replies, taken, std::cmp::Reverse(largest)), mv.clone())
                })
                .collect();
            ranked.sort();
            let first = ranked[0].0;
            let best: Vec<&Move> = ranked.iter().filter(|(k, _)| *k == first).map(|(_, mv)| mv).collect();
            let ai = game.ai_move(&position).unwrap_or_else(|| panic!("the AI resigned at {at}"));
            assert!(best.contains(&&ai), "{at}: the AI plays {ai:?}, the best tries are {best:?}");
            assert_eq!(game.ai_move(&position).as_ref(), Some(&ai), "{at}: deterministic");
            assert_eq!(game.teach(&position).best().as_ref(), Some(&ai), "{at}: the hint is the AI's try");
            // Never "take everything" while a smaller move exists: a whole heap of two or more is
            // emptied only when every legal move empties one.
            if empties(&ai) {
                assert!(legal.iter().all(|(mv, _)| empties(mv)), "{at}: {ai:?} empties a heap");
            } else if legal.iter().any(|(mv, _)| empties(mv)) {
                kept_back += 1;
            }
            // What the note and the hint say of it is true.
            let why = game.try_why(&position, &ai);
            let replies = search.winning_moves(&legal.iter().find(|(mv, _)| *mv == ai).unwrap().1).len();
            let taken = ai.takes().iter().map(|t| u128::from(t.take)).sum();
            // A move that ends the game (misère's last token) is told as no try.
            let told =
                (replies > 0).then_some(nim_tui::engine::TryWhy::Hardest { replies: replies as u128, taken });
            assert_eq!(why, told, "{at}");
            assert_eq!(game.outcome(&position), Outcome::Lose);
        }
        assert!(lost > 3, "{kind} {mode}: only {lost} lost positions weighed");
        if matches!(kind, GameKind::Lasker | GameKind::Wythoff | GameKind::Nim) {
            assert!(kept_back > 0, "{kind} {mode}: never a take-all to keep back");
        }
    }
}

/// The hint in a lost position and the AI's note after its best try say why the move is played,
/// in both languages: the fewest winning replies, and as little taken as it can, to make the game
/// long.
#[test]
fn the_best_try_is_told_in_the_hint_and_the_ai_s_note() {
    use nim_tui::app::Msg;
    use nim_tui::i18n::Language;
    let zh = Look { language: Language::SimplifiedChinese, ..Look::default() };
    let flat = |lines: Vec<String>| lines.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
    for kind in [GameKind::Nim, GameKind::Lasker, GameKind::Wythoff, GameKind::Kayles] {
        let heaps: &[u64] = match kind {
            GameKind::Wythoff => &[3, 5],
            GameKind::Lasker => &[1, 2, 4],
            _ => &[1, 2, 3],
        };
        if kind != GameKind::Kayles {
            let mut app = App::start_now(setup(kind, heaps), Some(1));
            act(&mut app, Action::Hint);
            let text = flat(screen(&app, 100, 30));
            assert!(
                text.contains("fewest winning replies (") && text.contains("make the game long"),
                "{kind}:\n{text}"
            );
            let text = flat(lines(&draw_with(&app, &zh, 100, 30))).replace(' ', "");
            assert!(text.contains("必胜应对最少（") && text.contains("拖得更长"), "{kind}:\n{text}");
        }
        // The AI to move in a lost position: its note says why it played what it played.
        let mut app = App::start_now(GameSetup { first: First::Ai, ..setup(kind, heaps) }, Some(1));
        app.update(Msg::AiMove);
        let text = flat(screen(&app, 100, 30));
        assert!(
            text.contains("no winning move, so it makes the game long and hard (it leaves you"),
            "{kind}:\n{text}"
        );
        let text = flat(lines(&draw_with(&app, &zh, 100, 30))).replace(' ', "");
        assert!(text.contains("没有必胜着法，它让对局又长又难"), "{kind}:\n{text}");
    }
}

/// A window holds its home for as long as it runs; a second one is told which process has it, and
/// a lock left by a window that has gone is taken over.
#[test]
fn a_second_window_finds_the_home_held_and_a_gone_window_s_hold_is_taken_over() {
    use nim_tui::store::HomeHold;
    let dir = tempfile::tempdir().unwrap();
    let first = Store::at(dir.path().join("nim-tui"));
    let second = Store::at(dir.path().join("nim-tui"));
    let held = first.hold_home().unwrap();
    assert!(matches!(held, HomeHold::Ours(_)), "{held:?}");
    match second.hold_home().unwrap() {
        HomeHold::Theirs(pid) => assert_eq!(pid, Some(std::process::id())),
        other => panic!("the second window holds the home too: {other:?}"),
    }
    drop(held);
    assert!(
        matches!(second.hold_home().unwrap(), HomeHold::Ours(_)),
        "the first window's hold was not released"
    );
}

/// Two real windows on one home, in two pseudo-terminals: the second is told at once, with the
/// first's process id, in English and in Chinese; it overwrites nothing of the first's game.
#[test]
fn a_second_window_on_the_same_home_is_told_at_once() {
    use crate::support::pty::{Pty, saved_game};
    let home = tempfile::tempdir().unwrap();
    let mut first = Pty::spawn(&["--heaps", "5,6,7", "--ai-delay", "0"], home.path(), 30, 100);
    assert!(first.wait_for("Your turn"), "the first window did not start:\n{}", first.contents());
    first.send(b"\r");
    assert!(first.wait_for("AI took"), "no move in the first window:\n{}", first.contents());
    let pid = first.pid().to_string();

    let mut second = Pty::spawn(&[], home.path(), 30, 100);
    assert!(
        second.wait_until(|s| s.contains("Another nim-tui window") && s.contains(&pid)),
        "the second window was not told:\n{}",
        second.contents()
    );
    let mut chinese =
        Pty::spawn(&["--lang", "zh-CN", "--heaps", "3,4", "--ai-delay", "0"], home.path(), 30, 100);
    assert!(
        chinese.wait_until(|s| s.replace(' ', "").contains("另一个nim-tui窗口") && s.contains(&pid)),
        "the Chinese window was not told under its board:\n{}",
        chinese.contents()
    );
    chinese.send(b"\r");
    assert!(chinese.wait_until(|s| s.replace(' ', "").contains("电脑走了一步")), "{}", chinese.contents());
    chinese.send(b"q");
    chinese.wait_exit().expect("the Chinese window did not quit");
    second.send(b"q");
    second.wait_exit().expect("the second window did not quit");
    // The Chinese window's unfinished game was saved (none was there); the first's, left after it,
    // is kept as a record, and the saved game is not overwritten.
    let saved = std::fs::read(saved_game(home.path())).expect("the Chinese window's game was saved");
    first.send(b"q");
    first.wait_exit().expect("the first window did not quit");
    assert_eq!(std::fs::read(saved_game(home.path())).ok(), Some(saved), "the saved game was overwritten");
    let records =
        std::fs::read_dir(home.path().join("data").join("nim-tui").join("records")).map(|d| d.count());
    assert_eq!(records.ok(), Some(1), "the first window's game was not kept as a record");

    // With every window gone, the next one is alone.
    let mut alone = Pty::spawn(&[], home.path(), 30, 100);
    assert!(alone.wait_for("Resume"), "{}", alone.contents());
    assert!(!alone.contents().contains("Another nim-tui window"), "{}", alone.contents());
    alone.send(b"q");
    alone.wait_exit().expect("did not quit");
}

/// On a projector (140x45) the sentences a class reads stand in a framed panel of their own,
/// centred under the board with blank rows around them, not one small line over an empty third;
/// in Chinese too. Below 110 columns they are the plain lines under the board.
#[test]
fn on_a_projector_the_sentences_stand_in_a_panel_of_their_own() {
    use nim_tui::i18n::Language;
    let mut app = App::start_now(setup(GameKind::Nim, &[3, 4, 5]), Some(1));
    act(&mut app, Action::Hint);
    for look in [Look::default(), Look { language: Language::SimplifiedChinese, ..Look::default() }] {
        let screen = lines(&draw_with(&app, &look, 140, 45));
        let board_bottom = screen.iter().position(|l| l.contains("└")).unwrap();
        let hint =
            screen.iter().position(|l| l.contains("Hint:") || l.replace(' ', "").contains("提示")).unwrap();
        let top = screen[..hint].iter().rposition(|l| l.contains('┌')).expect("a frame above the hint");
        let frame: Vec<char> = screen[top].chars().collect();
        let left = frame.iter().position(|&c| c == '┌').unwrap();
        let right = frame.iter().position(|&c| c == '┐').expect("the frame's right corner");
        let width = right + 1 - left;
        // Centred (as much room each side, within two columns) and wide.
        let after = frame.len().max(140) - right - 1;
        assert!(width >= 80, "a wide panel:\n{}", screen.join("\n"));
        assert!((left as i32 - after as i32).abs() <= 2, "{left} {after}\n{}", screen.join("\n"));
        // A blank row inside the frame above the first sentence, and the panel in the rows under
        // the board, not against it.
        assert!(screen[top + 1].trim().trim_matches('│').trim().is_empty(), "{}", screen.join("\n"));
        assert!(top > board_bottom + 1, "{}", screen.join("\n"));
    }
    let screen = lines(&draw_with(&app, &Look::default(), 100, 30)).join("\n");
    assert!(
        !screen.contains("┌──────────────────────────────────────────────────────────────────────────────"),
        "{screen}"
    );
    assert!(screen.contains("Hint:"), "{screen}");
}

/// Wythoff's queen is a block of colour, not a lone glyph: three columns and two rows on the large
/// squares of a projector, two columns on the small ones; the corner drawn as the caption names it.
#[test]
fn wythoff_s_queen_is_large_enough_to_see() {
    for (width, height, columns, rows) in [(140u16, 45u16, 3usize, 2usize), (80, 24, 2, 1)] {
        let app = App::start_now(setup(GameKind::Wythoff, &[3, 5]), Some(1));
        let buf = draw_with(&app, &Look::default(), width, height);
        let text = lines(&buf).join("\n");
        let area = buf.area;
        let queen = (0..area.height)
            .flat_map(|y| (0..area.width).map(move |x| (x, y)))
            .find(|&(x, y)| buf[(x, y)].symbol() == "♛")
            .unwrap_or_else(|| panic!("no queen at {width}x{height}:\n{text}"));
        let fill = buf[queen].bg;
        assert_ne!(fill, ratatui::style::Color::Reset, "the queen is a fill of colour");
        let filled = |x: u16, y: u16| buf[(x, y)].bg == fill;
        // Her block: `columns` across on each of `rows` rows, from the glyph's column.
        let across = (queen.0.saturating_sub(2)..queen.0 + 3).filter(|&x| filled(x, queen.1)).count();
        assert_eq!(across, columns, "{width}x{height}:\n{text}");
        let down = (queen.1..queen.1 + 3).filter(|&y| filled(queen.0, y)).count();
        assert_eq!(down, rows, "{width}x{height}:\n{text}");
        assert!(
            text.contains("the corner +") && text.lines().any(|l| l.contains("│") && l.contains(" + ")),
            "{text}"
        );
    }
}

/// On a short screen (50x16) the board stands at the top, so a long hint (Moore's) wraps whole
/// under it.
#[test]
fn a_long_hint_wraps_whole_at_50x16() {
    let mut app = App::start_now(setup(GameKind::Moore(2), &[3, 4, 5]), Some(1));
    act(&mut app, Action::Hint);
    let text = screen(&app, 50, 16).join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("every column then holds a multiple of 3"), "{text}");
}

/// The terminal's cursor is never left in the empty rows under a line of pins (Kayles, Dawson's
/// Kayles), where the layout's heap rows are not what is drawn: it stands on the pin the chosen
/// move knocks down (drawn leaning, `/`), at every size; on a board of heaps it stands on the
/// chosen heap's marker.
#[test]
fn the_cursor_is_never_left_in_empty_rows() {
    use nim_tui::i18n::Language;
    use ratatui::layout::Rect;
    for kind in [GameKind::Kayles, GameKind::Dawson] {
        let mut app = App::start_now(setup(kind, &[3, 4, 5]), Some(1));
        for step in 0..3 {
            for (width, height) in [(50, 16), (80, 24), (140, 45)] {
                let at = nim_tui::ui::cursor(Language::English, &app, Rect::new(0, 0, width, height))
                    .unwrap_or_else(|| panic!("{kind}: no cursor at {width}x{height}"));
                let screen = screen(&app, width, height);
                let row: Vec<char> = screen[usize::from(at.y)].chars().collect();
                assert_eq!(
                    row.get(usize::from(at.x)),
                    Some(&'/'),
                    "{kind} at {width}x{height}, step {step}: the cursor at {at:?}\n{}",
                    screen.join("\n")
                );
            }
            // The next row, then the next pin: the cursor follows.
            act(&mut app, if step == 0 { Action::Down } else { Action::More });
        }
    }
    let app = App::start_now(setup(GameKind::Nim, &[3, 4, 5]), Some(1));
    let at = nim_tui::ui::cursor(Language::English, &app, Rect::new(0, 0, 80, 24)).expect("a cursor");
    let screen = screen(&app, 80, 24);
    let row: Vec<char> = screen[usize::from(at.y)].chars().collect();
    assert_eq!(row.get(usize::from(at.x)), Some(&'▶'), "{}", screen.join("\n"));
}
