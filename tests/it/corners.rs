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

/// The grid takes clicks where its coins are drawn, compact on a small screen and spaced out on a
/// large one (a projector's): a click on a head chooses it, a click on a square then chooses the
/// opposite corner, and the columns' numbers stand over their coins.
#[test]
fn the_grid_takes_clicks_where_its_coins_are_drawn_compact_or_spaced_out() {
    for (width, height, spaced) in [(60u16, 16u16, Some(false)), (80, 24, None), (140, 45, Some(true))] {
        let mut app = playing();
        let look = Look::default();
        let area = ratatui::layout::Rect::new(0, 0, width, height);
        // The heads in reading order: (3, 2), then (2, 4) and (4, 4) on one row.
        let heads = |app: &App| {
            let buf = view::draw_with(app, &look, width, height);
            let mut heads: Vec<(u16, u16)> = (0..height)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .filter(|&(x, y)| buf[(x, y)].symbol() == "●")
                .collect();
            heads.sort_by_key(|&(x, y)| (y, x));
            let [(x3, y2), (x2, y4), (x4, _)] = heads[..] else {
                panic!("three heads:\n{}", view::text(&buf))
            };
            (buf, x2, x3, x4, y2, y4)
        };
        let (buf, x2, x3, x4, y2, y4) = heads(&app);
        let shown = view::text(&buf);
        let column = x3 - x2;
        assert_eq!(x4 - x3, column, "{width}x{height}");
        // Rows one line apart, or two when spaced out.
        let pitch = (y4 - y2) / 2;
        assert!(pitch == 1 || pitch == 2, "{width}x{height}:\n{shown}");
        if let Some(spaced) = spaced {
            assert_eq!(pitch == 2, spaced, "{width}x{height}:\n{shown}");
        }
        // The header's numbers over their coins.
        let header = y2 - 2 * pitch;
        for (x, n) in [(x2, "2"), (x3, "3"), (x4, "4")] {
            assert_eq!(buf[(x, header)].symbol(), n, "column {n}'s number at {width}x{height}:\n{shown}");
        }
        let click = nim_tui::ui::click(&app, &look, area, x4, y4).expect("a head takes clicks");
        app.update(click);
        assert!(matches!(game(&app).chosen(), Move::Corners { y: 4, x: 4, .. }), "{:?}", game(&app).chosen());
        // A head chosen starts from its rectangle's far corner, (1, 1); a click on square (2, 1),
        // over column 2 and a row above row 2 where the grid is now, chooses it instead.
        assert_eq!(game(&app).chosen(), Move::Corners { y: 4, x: 4, b: 1, a: 1 });
        let (buf, x2, _, _, y2, y4) = heads(&app);
        let pitch = (y4 - y2) / 2;
        assert_eq!(buf[(x2, y2 - pitch)].symbol(), "○", "{}", view::text(&buf));
        let click = nim_tui::ui::click(&app, &look, area, x2, y2 - pitch).expect("a square takes clicks");
        app.update(click);
        assert_eq!(game(&app).chosen(), Move::Corners { y: 4, x: 4, b: 1, a: 2 }, "{width}x{height}");
        // A second click on it turns the corners over.
        let click = nim_tui::ui::click(&app, &look, area, x2, y2 - pitch).expect("a square takes clicks");
        app.update(click);
        assert_eq!(game(&app).moves().len(), 1, "{width}x{height}");
    }
}
