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
