//! Northcott's game through the app, as a person plays it (#38): the board drawn as rows of
//! squares with a white and a black counter, the person White when moving first, the hint's slide
//! the engine's winning move, a retreat played and answered by the AI closing the gap, a refused
//! retreat worded in both languages, and a game played to its end.

use nim_tui::app::{Action, App, Game, Msg};
use nim_tui::config::Settings;
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Seat};
use nim_tui::engine::northcott::decode;
use nim_tui::engine::{Board, Colour, GameKind, Mode, Move, Outcome, Rules};
use nim_tui::i18n::Language;

use crate::support::keys::{act, acts};

fn game(app: &App) -> &Game {
    app.game().expect("a game is showing")
}

fn board(app: &App) -> Board {
    decode(game(app).position().heaps()).expect("the position is a board")
}

/// A game of Northcott's game on the board `heaps` encode, the person to move.
fn playing(heaps: &[u64]) -> App {
    let setup = GameSetup {
        game: GameKind::Northcott,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        level: Level::Perfect,
        ..Settings::default().setup()
    };
    let app = App::start_now(setup, Some(5));
    assert!(game(&app).your_turn());
    app
}

/// White to move, two retreats each; rows of 10 and 9 squares, gaps 3 and 2.
const BOARD: [u64; 9] = [1, 3, 3, 10, 3, 7, 9, 1, 4];

#[test]
fn the_board_is_drawn_as_rows_of_squares_with_both_counters() {
    let app = playing(&BOARD);
    let screen = crate::support::view::screen(&app, 100, 30);
    assert!(screen.contains("White to move · retreats: White 2, Black 2"), "{screen}");
    // Row 2: White at 1, Black at 4, five empty squares after it.
    assert!(screen.contains("○ · · ● · · · · ·"), "{screen}");
    assert!(screen.contains("○1 ●4 /9"), "{screen}");
}

#[test]
fn the_hint_slides_the_engines_winning_move_and_following_it_wins() {
    let mut app = playing(&BOARD);
    assert_eq!(board(&app).to_move(), Colour::White, "the person moving first plays White");
    act(&mut app, Action::Hint);
    let chosen = game(&app).chosen();
    let g = game(&app);
    assert!(g.engine().winning_moves(g.position()).contains(&chosen), "{chosen:?}");
    assert_eq!(chosen, Move::Slide { row: 0, to: 4 }, "row 1's gap of 3 closed to 2");
    let hint = g.hint_words(Language::English);
    assert!(hint.contains("The gaps are Nim heaps: 3 ⊕ 2 = 1"), "{hint}");
    for _ in 0..200 {
        if game(&app).over.is_some() {
            break;
        }
        if game(&app).your_turn() {
            acts(&mut app, &[Action::Hint, Action::Take]);
            let g = game(&app);
            assert_eq!(g.engine().outcome(g.position()), Outcome::Lose, "the AI is left lost");
        } else {
            assert_eq!(board(&app).to_move(), Colour::Black, "the AI plays Black");
            app.update(Msg::AiMove);
        }
    }
    let over = game(&app).over.clone().expect("the game ended");
    assert_eq!(over.winner, Seat::First);
    let words = game(&app).ending_words(Language::English, &over);
    assert!(words.contains("made the last move"), "{words}");
    assert!(board(&app).is_over());
}

#[test]
fn a_retreat_is_chosen_with_the_keys_and_the_ai_closes_the_gap() {
    // Gaps 3 and 3: lost for White. Row 1's counter at 3 steps left over nothing to 2 and 1.
    let mut app = playing(&[1, 3, 3, 10, 3, 7, 10, 3, 7]);
    assert_eq!(game(&app).chosen(), Move::Slide { row: 0, to: 4 }, "one square forward first");
    act(&mut app, Action::Less);
    assert_eq!(game(&app).chosen(), Move::Slide { row: 0, to: 2 }, "over its own square");
    act(&mut app, Action::Take);
    assert_eq!(board(&app).rows()[0].white, 2, "White's counter moved back");
    assert_eq!(board(&app).retreats(Colour::White), 1);
    app.update(Msg::AiMove);
    let after = board(&app);
    assert_eq!(after.gaps(), [3, 3], "the AI closed the gap again: {:?}", after.rows());
    assert_eq!(after.rows()[0].black, 6);
    assert_eq!(after.retreats(Colour::Black), 2, "without spending a retreat of its own");
}

/// The keys reach only squares the counter may take (no retreat once none is left); a move typed
/// in the plain mode may ask for any, and is refused with the reason in the player's language.
#[test]
fn a_retreat_with_none_left_is_refused_in_both_languages() {
    // White has no retreat left (written 1): the chooser's squares start one forward.
    let mut app = playing(&[1, 1, 3, 10, 3, 7, 9, 1, 4]);
    act(&mut app, Action::TakeOne);
    assert_eq!(game(&app).chosen(), Move::Slide { row: 0, to: 4 }, "the leftmost square reached");
    for (lang, refusal) in [
        ("en", "A move back spends a retreat, and you have none left"),
        ("zh-CN", "向后移动要用掉一次后退机会，而你已经没有了"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(crate::support::BIN)
            .args(["--plain", "--lang", lang, "--game", "northcott", "--heaps", "1,1,3,10,3,7,9,1,4"])
            .args(["--first", "you", "--ai-delay", "0"])
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_STATE_HOME", home.path().join("state"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Typed lines are read one by one, each answered before the next: no timing involved.
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"1 to 1\nq\n").unwrap();
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(refusal), "{lang}: {text}");
    }
}

/// The start menu says what the preset heaps become here in the board's words (the gaps, the
/// rows' widths, the retreats), not as the numbers that encode the board.
#[test]
fn the_start_menu_says_the_board_a_preset_becomes() {
    use nim_tui::ui::Look;
    let setup = GameSetup { game: GameKind::Northcott, ..Settings::default().setup() };
    let app = App::new(setup, Some(1));
    let english =
        crate::support::view::text(&crate::support::view::draw_with(&app, &Look::default(), 100, 30));
    assert!(english.contains("here: gaps 3 4 5 in rows of 9 10 11 squares, 2 retreats each"), "{english}");
    let look = Look { language: Language::SimplifiedChinese, ..Look::default() };
    let chinese = crate::support::view::text(&crate::support::view::draw_with(&app, &look, 100, 30));
    // The text of a screen puts a space after each wide character's cell.
    let flat = chinese.replace(' ', "");
    assert!(flat.contains("各排空格数345，各排分别有91011格，双方各可后退2次"), "{chinese}");
}
