//! Turning Corners through the app, as a person plays it (#38): the grid drawn at 80x24 with its
//! heads and tails and the chosen rectangle's corners bracketed, a move chosen with the keys (a
//! head with ↑/↓, the opposite corner with ←/→) and played, the hint's move a winning move and
//! explained with the nim products in both languages, and `solve --json` at u64::MAX held to the
//! schema.

use crate::support::keys::act;
use crate::support::solve::solve;
use crate::support::{schema, view};

use nim_tui::app::{Action, App, Game};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::{GameKind, Mode, Move, Rules};
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

fn game(app: &App) -> &Game {
    app.game().expect("a game is showing")
}

/// Heads at (3, 2), (2, 4) and (4, 4), the person to move: worth 2⊗1 = 2, 1⊗3 = 3, 3⊗3 = 2.
fn playing() -> App {
    let setup = GameSetup {
        game: GameKind::Corners,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(vec![3, 2, 2, 4, 4, 4]),
        first: First::You,
        level: Level::Perfect,
        ..nim_tui::config::Settings::default().setup()
    };
    let app = App::start_now(setup, Some(3));
    assert!(game(&app).your_turn());
    app
}

fn screen(app: &App, look: &Look) -> String {
    view::lines(&view::draw_with(app, look, 80, 24)).join("\n")
}

#[test]
fn the_grid_is_drawn_with_heads_tails_and_the_chosen_corners() {
    let app = playing();
    let text = screen(&app, &Look::default());
    assert!(text.contains("A grid of coins"), "{text}");
    // Four rows of four coins, three heads; the chosen rectangle's four corners bracketed.
    assert_eq!(text.matches('●').count(), 3, "{text}");
    assert_eq!(text.matches('○').count(), 13, "{text}");
    assert_eq!(text.matches('[').count(), 4, "{text}");
    // The key line says what the arrows choose.
    assert!(text.contains("corner"), "{text}");
}

#[test]
fn a_move_chosen_with_the_keys_is_played() {
    let mut app = playing();
    // The first head in reading order is (3, 2); its rectangle holds the corners (1, 1) and (2, 1).
    assert_eq!(game(&app).chosen(), Move::Corners { y: 2, x: 3, b: 1, a: 1 });
    act(&mut app, Action::More);
    assert_eq!(game(&app).chosen(), Move::Corners { y: 2, x: 3, b: 1, a: 2 });
    // The next head, (2, 4): one column to its left, three rows above; the corner steps down.
    act(&mut app, Action::Down);
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::More);
    assert_eq!(game(&app).chosen(), Move::Corners { y: 4, x: 2, b: 2, a: 1 });
    act(&mut app, Action::Take);
    // (2, 4) to tails, (1, 4), (2, 2) and (1, 2) to heads: the heads are now the AI's to move.
    let heads = nim_tui::engine::heads(game(&app).history().position_after(1).heaps());
    let cells: Vec<(u64, u64)> = heads.iter().map(|h| (h.x, h.y)).collect();
    assert_eq!(cells, [(1, 2), (2, 2), (3, 2), (1, 4), (4, 4)]);
}

#[test]
fn the_hint_is_a_winning_move_explained_with_nim_products_in_both_languages() {
    let mut app = playing();
    act(&mut app, Action::Hint);
    let g = game(&app);
    let hint = g.hint.clone().expect("a hint");
    assert!(g.engine().is_winning_move(g.position(), &hint.mv), "{:?}", hint.mv);
    assert_eq!(g.chosen(), hint.mv);
    let english = g.hint_words(Language::English);
    assert!(english.contains("nim product") && english.contains('⊗'), "{english}");
    let chinese = g.hint_words(Language::SimplifiedChinese);
    assert!(chinese.contains("尼姆积") && chinese.contains('⊗'), "{chinese}");
    let look = Look { language: Language::SimplifiedChinese, ..Look::default() };
    let zh = screen(&app, &look);
    assert!(zh.contains("尼 姆 积") && zh.contains("⊗"), "{zh}");
}

#[test]
fn solve_answers_at_the_largest_places_in_the_schema() {
    let max = u64::MAX.to_string();
    let out = solve(&["--json", "--game", "corners", &max, &max, "3", "5", &max, "2"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    schema::check_lines(&text);
    let answer: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(answer["game"], "corners");
    assert_eq!(answer["outcome"], "win");
    // Past the search's bound the count is a lower bound, and says so.
    assert_eq!(answer["count_exact"], false);
    assert!(answer["moves"][0]["corners"].is_array());
}
