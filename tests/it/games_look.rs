//! How each game looks at 80x24: its board with the hint's move marked (several heaps, both heaps,
//! a split, knocked pins), and its teaching panel. Kept as snapshots; what a player would notice
//! is checked in code too.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice};
use nim_tui::engine::{GameKind, Mode, SubtractionSet};
use nim_tui::ui::{self, Look};

fn playing(kind: GameKind, heaps: &[u64]) -> App {
    let setup = GameSetup {
        game: kind,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        ..nim_tui::config::Settings::default().setup()
    };
    App::start_now(setup, Some(1))
}

fn text(app: &App) -> String {
    view::text(&view::draw_with(app, &Look::default(), 80, 24))
}

fn games() -> Vec<(&'static str, GameKind, Vec<u64>)> {
    vec![
        ("moore2", GameKind::Moore(2), vec![3, 5, 7, 2]),
        ("subtraction", GameKind::Subtraction(SubtractionSet::up_to(3).unwrap()), vec![10, 7]),
        ("lasker", GameKind::Lasker, vec![7, 2]),
        ("kayles", GameKind::Kayles, vec![4, 9]),
        ("wythoff", GameKind::Wythoff, vec![4, 9]),
        ("fibonacci", GameKind::Fibonacci, vec![20]),
    ]
}

#[test]
fn each_games_board_with_the_hint() {
    for (name, kind, heaps) in games() {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Hint);
        let text = text(&app);
        assert!(
            text.contains(&kind.title().chars().skip(1).collect::<String>()),
            "{name}: the header names the game:\n{text}"
        );
        insta::assert_snapshot!(format!("board_{name}_80x24"), text);
    }
}

#[test]
fn each_games_teaching_panel() {
    for (name, kind, heaps) in games() {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Binary);
        let text = text(&app);
        insta::assert_snapshot!(format!("panel_{name}_80x24"), text);
    }
}

#[test]
fn fibonacci_shows_its_limit_on_the_board() {
    let mut app = playing(GameKind::Fibonacci, &[20]);
    assert!(text(&app).contains("first move: take 1 to 19, not all"));
    act(&mut app, Action::More);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    let limit = app.game().unwrap().position().limit().unwrap();
    assert!(text(&app).contains(&format!("take 1 to {limit}")), "{}", text(&app));
}

#[test]
fn the_rules_page_explains_the_game_being_played() {
    let mut app = playing(GameKind::Kayles, &[4, 9]);
    act(&mut app, Action::Help);
    act(&mut app, Action::More);
    let text = text(&app);
    assert!(text.contains("Kayles: a move knocks down one pin"), "{text}");
    assert!(text.contains("Misère: whoever makes the last move loses"), "{text}");
    insta::assert_snapshot!("rules_kayles_80x24", text);
}

#[test]
fn the_status_line_names_the_game() {
    let app = playing(GameKind::Wythoff, &[4, 9]);
    let text = text(&app);
    let status = text.lines().last().unwrap_or_default();
    assert!(status.contains("Wythoff · Normal play"), "{status}");
}

#[test]
fn a_split_a_pair_of_pins_and_both_heaps_are_marked() {
    let mut lasker = playing(GameKind::Lasker, &[7, 2]);
    act(&mut lasker, Action::Switch);
    let text_lasker = text(&lasker);
    assert!(text_lasker.contains("Split heap 1"), "{text_lasker}");
    insta::assert_snapshot!("lasker_split_80x24", text_lasker);
    let mut kayles = playing(GameKind::Kayles, &[9]);
    for action in [Action::More, Action::More, Action::More, Action::Switch] {
        act(&mut kayles, action);
    }
    insta::assert_snapshot!("kayles_two_pins_80x24", text(&kayles));
    let mut wythoff = playing(GameKind::Wythoff, &[4, 9]);
    for action in [Action::Switch, Action::More] {
        act(&mut wythoff, action);
    }
    insta::assert_snapshot!("wythoff_both_80x24", text(&wythoff));
}

#[test]
fn the_start_screen_with_a_game_without_misere() {
    let mut app = App::new(nim_tui::config::Settings::default().setup(), Some(1));
    // Up from Start: Opponent, Level, First, Heaps, Mode, Game.
    for _ in 0..6 {
        act(&mut app, Action::Up);
    }
    for _ in 0..8 {
        act(&mut app, Action::More);
    }
    act(&mut app, Action::Down);
    let text = text(&app);
    assert!(text.contains("Dawson's Kayles"), "{text}");
    assert!(text.contains("normal play only (no misère form)"), "{text}");
    insta::assert_snapshot!("start_dawson_80x24", text);
}

#[test]
fn a_click_picks_a_pin_in_kayles_and_where_a_split_goes_in_lasker() {
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut kayles = playing(GameKind::Kayles, &[6]);
    // The row is a line of pins: the third pin is the third one drawn on the screen.
    let buf = view::draw_with(&kayles, &Look::default(), 80, 24);
    let lines = view::lines(&buf);
    let y = lines.iter().position(|l| l.contains('|')).expect("a line of pins");
    let third = lines[y].char_indices().filter(|&(_, c)| c == '|' || c == '/').nth(2).expect("six pins").0;
    let x = lines[y][..third].chars().count() as u16;
    let msg = ui::click(&kayles, &Look::default(), area, x, y as u16).expect("a pin");
    assert_eq!(msg, Msg::Pick { heap: 0, count: 3 });
    kayles.update(msg);
    assert_eq!(kayles.game().unwrap().chosen(), nim_tui::engine::Move::pins(0, 3, 1));

    let mut lasker = playing(GameKind::Lasker, &[6]);
    act(&mut lasker, Action::Switch);
    let row = ui::board_layout(nim_tui::i18n::Language::English, lasker.game().unwrap(), area, false).rows[0];
    let msg = ui::click(&lasker, &Look::default(), area, row.x + 4 * row.cell, row.y).expect("a token");
    lasker.update(msg);
    assert_eq!(lasker.game().unwrap().chosen(), nim_tui::engine::Move::split(0, 4));
}

#[test]
fn the_coach_names_missed_moves_in_the_games_words() {
    let mut app = playing(GameKind::Kayles, &[4, 9]);
    act(&mut app, Action::Coach);
    // Pin 1 of row 1 leaves rows of 3 and 9, worth 3 ⊕ 4: not 0, so the win is given away.
    act(&mut app, Action::Take);
    let text = text(&app);
    assert!(text.contains("Coach: that gave the win away; the winning move"), "{text}");
    assert!(text.contains("knock down"), "{text}");
}

#[test]
fn the_review_of_a_finished_game_speaks_the_games_words() {
    let mut app = playing(GameKind::Lasker, &[3, 2]);
    for _ in 0..40 {
        let game = app.game().unwrap();
        if game.over.is_some() {
            break;
        }
        if game.your_turn() {
            act(&mut app, Action::Hint);
            act(&mut app, Action::Take);
        } else {
            app.update(Msg::AiMove);
        }
    }
    assert!(app.game().unwrap().over.is_some());
    act(&mut app, Action::Review);
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::More);
    let text = text(&app);
    assert!(text.contains("Review"), "{text}");
    assert!(text.contains("Move 1: You took") || text.contains("Move 1: You split"), "{text}");
}

#[test]
fn random_heaps_say_what_they_become_in_a_game_on_two_heaps() {
    let setup = GameSetup {
        game: GameKind::Wythoff,
        heaps: HeapChoice::RANDOM,
        ..nim_tui::config::Settings::default().setup()
    };
    let app = App::new(setup, Some(1));
    let text = text(&app);
    assert!(text.contains("3 to 5 heaps of 1 to 12, ▶ here: the first 2"), "{text}");
}

#[test]
fn the_help_lists_each_games_move_keys() {
    let mut app = playing(GameKind::Moore(2), &[3, 5, 7]);
    act(&mut app, Action::Help);
    let moore = text(&app);
    assert!(moore.contains("each heap keeps its count"), "{moore}");
    let mut app = playing(GameKind::Wythoff, &[3, 5]);
    act(&mut app, Action::Help);
    let text = text(&app);
    assert!(text.contains("same from both heaps, or from one heap"), "{text}");
    insta::assert_snapshot!("help_wythoff_80x24", text);
}
