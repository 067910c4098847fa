//! The game at one terminal, as a player sees it at the sizes it claims (#35, the fourth pass): the
//! start menu at the smallest terminal, the status line at 50 columns, the key line on a
//! projector in ASCII, the cursor on a pin, the lists a Chinese sentence joins, every game with its
//! hint and theory at 50x16 to 140x45.

use crate::support::keys::act;
use crate::support::view::{draw_with, wide_lines};

use nim_tui::app::{Action, App, Screen};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::GameKind;
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

fn look(language: Language) -> Look {
    Look { language, ..Look::default() }
}

fn screen_in(app: &App, look: &Look, width: u16, height: u16) -> Vec<String> {
    wide_lines(&draw_with(app, look, width, height))
}

/// The start menu works in the smallest terminal the game draws in (44 columns, a game's rows)
/// and at 50x16: never "Enlarge the terminal"; going down the menu, the focused row is always in
/// view, the frame says how many lines are hidden above and below, and Start is reachable.
#[test]
fn the_start_menu_is_usable_in_the_smallest_terminal() {
    let least = nim_tui::ui::MIN_HEIGHT;
    for language in [Language::English, Language::SimplifiedChinese] {
        let look = look(language);
        for (width, height) in [(nim_tui::ui::MIN_WIDTH, least), (50, 16), (60, 12)] {
            let mut app = App::new(nim_tui::config::Settings::default().setup(), Some(1));
            let Screen::Start(menu) = &app.screen else { panic!("not the start screen") };
            let rows = menu.rows().len();
            let mut seen_start = false;
            let mut scrolled = false;
            for _ in 0..rows {
                let screen = screen_in(&app, &look, width, height);
                let text = screen.join("\n");
                assert!(!text.contains("Enlarge") && !text.contains("调大"), "{width}x{height}:\n{text}");
                let focused: Vec<&String> = screen.iter().filter(|l| l.contains('▶')).collect();
                assert_eq!(focused.len(), 1, "the focused row at {width}x{height}:\n{text}");
                let start = nim_tui::i18n::text(language, "start-start");
                seen_start |= focused[0].contains(&start);
                // The key line stays at the bottom, whole.
                let keys = screen.iter().rev().find(|l| !l.trim().is_empty()).expect("a key line");
                assert!(keys.contains('q'), "the key line at {width}x{height}:\n{text}");
                if text.contains('↑') && (text.contains("more") || text.contains("还有")) {
                    scrolled = true;
                }
                act(&mut app, Action::Down);
            }
            assert!(seen_start, "Start was never focused in view at {width}x{height}");
            if height < 16 {
                assert!(scrolled, "the menu scrolled without a mark at {width}x{height}");
            }
        }
    }
}

/// Every game of the menu, started with its default heaps fitted to it, the person to move.
fn every_game() -> Vec<App> {
    let mut kinds = GameKind::ALL.to_vec();
    kinds.push(GameKind::Moore(2));
    kinds
        .into_iter()
        .map(|kind| {
            let heaps = nim_tui::domain::fit_heaps(kind, vec![3, 4, 5]);
            let setup = GameSetup {
                game: kind,
                heaps: HeapChoice::Custom(heaps),
                first: First::You,
                level: Level::Perfect,
                ..nim_tui::config::Settings::default().setup()
            };
            App::start_now(setup, Some(1))
        })
        .collect()
}

/// The whole screen with its runs of blanks made one, as a reader takes it in.
fn joined(screen: &[String]) -> String {
    screen.join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At 50 columns the status line is never cut: whose turn it is, the game, the mode, the AI's
/// level and the coach all stand whole, wrapped between their parts onto the blank rows above it,
/// and the keys `q quit` and `l moves`, which no other line shows, have a row of their own.
#[test]
fn the_status_line_wraps_at_50_columns_in_both_languages() {
    for language in [Language::English, Language::SimplifiedChinese] {
        let look = look(language);
        for mut app in every_game() {
            act(&mut app, Action::Coach);
            let kind = app.game().expect("a game").rules.kind;
            let screen = screen_in(&app, &look, 50, 16);
            let text = screen.join("\n");
            let bottom = joined(&screen[screen.len() - 3..]);
            let said = [
                nim_tui::words::your_turn(language).to_string(),
                nim_tui::words::short_title(language, kind),
                nim_tui::i18n::text_with(
                    language,
                    "status-ai-level",
                    &[("level", nim_tui::words::level_name(language, "perfect").into())],
                ),
                nim_tui::i18n::text(language, "status-coach-on"),
                format!("q {}", nim_tui::i18n::text(language, "keys-quit")),
            ];
            // Nim, the default game, goes unnamed.
            let title = nim_tui::words::short_title(language, kind);
            for part in said.into_iter().filter(|p| kind != GameKind::default() || *p != title) {
                let part = part.split_whitespace().collect::<Vec<_>>().join(" ");
                assert!(bottom.contains(&part), "{kind}: {part:?} not whole at 50x16:\n{text}");
            }
            assert!(!bottom.contains('…') && !bottom.contains('⋯'), "{kind}: cut at 50x16:\n{text}");
        }
    }
}

/// In ASCII on a projector's screen every key that chooses a move is shown under the board, the
/// hint's and the help's included (`h hint` used to drop off the move line): the keys stand beside
/// the choice when they all fit there, else whole on a line of their own. The same at 50x16.
#[test]
fn every_choosing_key_is_shown_under_the_board_in_ascii_on_a_projector() {
    let ascii = Look::default().with_glyphs(nim_tui::theme::Glyphs::ascii());
    for app in every_game() {
        let kind = app.game().expect("a game").rules.kind;
        for (width, height) in [(140, 45), (50, 16), (80, 24)] {
            let screen = screen_in(&app, &ascii, width, height);
            let text = joined(&screen);
            for key in ["Enter", "h hint", "? keys"] {
                assert!(
                    text.contains(key),
                    "{kind}: {key:?} missing at {width}x{height}:\n{}",
                    screen.join("\n")
                );
            }
            let switch = app.commands().into_iter().find(|c| c.action == Action::Switch && c.enabled);
            if switch.is_some() {
                assert!(
                    text.contains("s "),
                    "{kind}: the switch's key at {width}x{height}:\n{}",
                    screen.join("\n")
                );
            }
        }
    }
}

/// The AI's quick rule (positions past [`BEST_TRY_MOVES`] moves or tokens, where not every move is
/// weighed) keeps the best try's first rule in every game: from a lost position it never empties a
/// heap of two or more while a move that empties none exists (Nim's rule used to take a whole
/// power-of-two heap, Kayles' to knock down a whole row of two).
mod quick_rule {
    use nim_tui::engine::{
        BEST_TRY_MOVES, Game, GameKind, Mode, Move, Outcome, Position, Rules, Ruleset, SubtractionSet,
    };
    use proptest::prelude::*;

    fn games() -> Vec<(GameKind, Mode)> {
        let mut games: Vec<(GameKind, Mode)> = Vec::new();
        let mut kinds = GameKind::ALL.to_vec();
        kinds.extend([
            GameKind::Moore(2),
            GameKind::Subtraction(SubtractionSet::new([1, 4]).expect("a set")),
            GameKind::Subtraction(SubtractionSet::new([2, 3]).expect("a set")),
        ]);
        for kind in kinds {
            for mode in Mode::ALL {
                if Game::new(Ruleset::new(kind, mode)).is_ok() {
                    games.push((kind, mode));
                }
            }
        }
        games
    }

    /// Heaps in pairs (a position of pairs is lost in most games): powers of two, twos, and small
    /// heaps, with enough tokens that the quick rule answers.
    fn paired() -> impl Strategy<Value = Vec<u64>> {
        let heap = prop_oneof![
            2 => (1u32..63).prop_map(|k| 1u64 << k),
            2 => Just(2u64),
            1 => 1u64..=9,
        ];
        (prop::collection::vec(heap, 1..=6), 0usize..=110).prop_map(|(mut heaps, twos)| {
            heaps.extend(std::iter::repeat_n(2, twos));
            heaps.iter().flat_map(|&h| [h, h]).collect()
        })
    }

    fn empties(position: &Position, mv: &Move) -> bool {
        mv.takes().iter().any(|t| position.heap(t.heap).is_some_and(|h| h >= 2 && t.take == h))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::support::sized(48, 400)))]
        #[test]
        fn the_quick_rule_empties_no_heap_of_two_or_more_while_another_move_exists(heaps in paired()) {
            for (kind, mode) in games() {
                let game = Game::new(Ruleset::new(kind, mode)).expect("offered");
                let heaps = nim_tui::domain::fit_heaps(kind, heaps.clone());
                let position = Position::new(heaps.clone());
                if game.check_position(&position).is_err() || game.is_over(&position) {
                    continue;
                }
                let count = game.move_count(&position);
                let weighed = count <= BEST_TRY_MOVES && position.tokens() <= BEST_TRY_MOVES;
                if weighed || game.outcome(&position) != Outcome::Lose {
                    continue;
                }
                let ai = game.ai_move(&position).expect("the AI never resigns");
                prop_assert!(game.check(&position, &ai).is_ok(), "{kind} {mode} {heaps:?}: {ai:?} is illegal");
                if empties(&position, &ai) {
                    let other = (0..count.min(BEST_TRY_MOVES))
                        .filter_map(|i| game.nth_move(&position, i))
                        .find(|mv| !empties(&position, mv) && game.check(&position, mv).is_ok());
                    prop_assert!(other.is_none(), "{kind} {mode} {heaps:?}: {ai:?} empties a heap, {other:?} does not");
                }
            }
        }
    }

    /// The cases the rule used to break, named.
    #[test]
    fn nim_keeps_a_power_of_two_heap_and_kayles_a_row_of_two() {
        let nim = Game::new(Ruleset::new(GameKind::Nim, Mode::Normal)).expect("Nim");
        let position = Position::new(vec![1 << 40, 1 << 40, 2, 2]);
        let ai = nim.ai_move(&position).expect("a move");
        assert!(!empties(&position, &ai), "Nim empties a heap: {ai:?}");
        let kayles = Game::new(Ruleset::new(GameKind::Kayles, Mode::Normal)).expect("Kayles");
        let position = Position::new(vec![2; 210]);
        let ai = kayles.ai_move(&position).expect("a move");
        assert!(!empties(&position, &ai), "Kayles knocks down a whole row: {ai:?}");
    }
}

/// Euclid's game has numbers, not tokens: its status line and header say what ends it (making a
/// number 0), in both languages, and never speak of a last token.
#[test]
fn euclid_says_making_a_number_zero_wins() {
    let app = every_game().into_iter().find(|a| a.game().is_some_and(|g| g.rules.kind == GameKind::Euclid));
    let app = app.expect("Euclid's game");
    for (language, says, never) in [
        (Language::English, "making 0 wins", "last token"),
        (Language::SimplifiedChinese, "减到 0 者胜", "最后一枚"),
    ] {
        let screen = screen_in(&app, &look(language), 100, 30);
        let text = screen.join("\n");
        let status = screen.last().expect("a status line");
        assert!(status.contains(says), "{language:?}: {status}");
        assert!(!text.contains(never), "{language:?}: {never:?} on Euclid's screen:\n{text}");
    }
}

/// A list of places in Chinese is written after one ordinal word, `第 2、1 位`, never run
/// together with 和 (`第 2和1 位`); no Chinese screen of any game, with its hint and theory, joins
/// two numbers with a bare 和.
#[test]
fn chinese_lists_of_numbers_are_written_as_a_teacher_writes_them() {
    let app =
        every_game().into_iter().find(|a| a.game().is_some_and(|g| g.rules.kind == GameKind::MockTurtles));
    let game = app.as_ref().and_then(App::game).expect("Mock Turtles");
    let words = game.describe(Language::SimplifiedChinese, &nim_tui::engine::Move::Turn(vec![5, 2, 1]));
    assert_eq!(words, "翻转第 5 位的正面和第 2、1 位的硬币");
    let english = game.describe(Language::English, &nim_tui::engine::Move::Turn(vec![5, 2, 1]));
    assert_eq!(english, "turn over the head at 5 and the coins at 2 and 1");
    let zh = look(Language::SimplifiedChinese);
    for mut app in every_game() {
        act(&mut app, Action::Hint);
        act(&mut app, Action::Binary);
        let kind = app.game().expect("a game").rules.kind;
        let text = screen_in(&app, &zh, 120, 40).join("\n");
        let chars: Vec<char> = text.chars().collect();
        let bare = chars.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == '和' && w[2].is_ascii_digit());
        assert!(!bare, "{kind}: a bare 和 between numbers:\n{text}");
    }
}

/// The sweep (#35): every game, with its hint and theory panel, at 50x16 to 140x45, in both
/// languages. The board's picture never spills over the header (Staircase Nim's steps did at
/// 50x16), a row of coins is drawn even on a board one row high (Turtles' was empty), the header's
/// first row names the game whole (Bachet's set was cut), and Euclid's signs stay in Chinese (they
/// were `?`).
#[test]
fn every_game_with_its_hint_and_theory_at_every_size_in_both_languages() {
    for language in [Language::English, Language::SimplifiedChinese] {
        let look = look(language);
        for mut app in every_game() {
            act(&mut app, Action::Hint);
            act(&mut app, Action::Binary);
            let kind = app.game().expect("a game").rules.kind;
            for (width, height) in [(50, 16), (60, 20), (80, 24), (140, 45)] {
                let screen = screen_in(&app, &look, width, height);
                let text = screen.join("\n");
                let at = format!("{kind} {language:?} {width}x{height}:\n{text}");
                // The rows above the board's frame are the header's alone.
                let frame = screen.iter().position(|l| l.contains('┌') || l.contains("+-")).expect("a frame");
                for row in &screen[..frame] {
                    assert!(!row.contains('●') && !row.contains('◉'), "the picture over the header: {at}");
                }
                assert!(!screen[0].ends_with('…') && !screen[0].ends_with('⋯'), "the title cut: {at}");
                if matches!(kind, GameKind::TurningTurtles | GameKind::MockTurtles) {
                    let coins =
                        screen[frame + 1..].iter().take_while(|l| !l.contains('└') && !l.contains("+-"));
                    let drawn =
                        coins.flat_map(|l| l.chars()).filter(|c| matches!(c, '●' | '○' | '◉' | '◌')).count();
                    assert!(drawn > 0, "no coin on the board: {at}");
                }
                // The hint is never cut: its last words are on the screen (Euclid's long hint in a
                // lost position lost its end at 50x16 and 60x20; the board now gives up rows).
                if language == Language::English {
                    let hint = app.game().expect("a game").hint_words(language);
                    let words: Vec<&str> = hint.split_whitespace().collect();
                    let end = words[words.len().saturating_sub(3)..].join(" ");
                    // Read as a person does: a panel's frame is not part of its sentences.
                    let read = joined(&screen).replace('│', " ");
                    let read = read.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert!(read.contains(&end), "the hint's end {end:?} cut: {at}");
                }
                if kind == GameKind::Euclid && width >= 60 {
                    assert!(text.contains('φ') && text.contains('÷'), "Euclid's signs: {at}");
                }
            }
        }
    }
}
