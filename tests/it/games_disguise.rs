//! The games that are Nim in disguise as a player sees and plays them (#38): Staircase Nim as a
//! staircase rising to the right, the coin-turning games as a row of coins with long runs of
//! tails elided; clicks on them, and moves chosen and played with the keys.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice};
use nim_tui::engine::{GameKind, Mode, Move};
use nim_tui::ui::{self, Look};
use ratatui::layout::Rect;

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

fn lines(app: &App, width: u16, height: u16) -> Vec<String> {
    view::lines(&view::draw_with(app, &Look::default(), width, height))
}

/// The row of the board (inside its frame) holding exactly `coins` coins.
fn coins_row(screen: &[String], coins: usize) -> usize {
    screen
        .iter()
        .position(|l| l.contains('│') && l.matches('●').count() == coins && !l.contains('×'))
        .unwrap_or_else(|| panic!("no row of {coins} coins in\n{}", screen.join("\n")))
}

/// The row of the board's step numbers, above the ground's name.
fn ground_row(screen: &[String]) -> usize {
    screen
        .iter()
        .position(|l| l.contains('│') && l.contains("ground"))
        .unwrap_or_else(|| panic!("no ground in\n{}", screen.join("\n")))
}

/// The row of the screen holding `text`.
fn row_of(screen: &[String], text: &str) -> usize {
    screen
        .iter()
        .position(|l| l.contains(text))
        .unwrap_or_else(|| panic!("no {text:?} in\n{}", screen.join("\n")))
}

#[test]
fn staircase_nim_is_a_staircase_rising_to_the_right() {
    let app = playing(GameKind::Staircase, &[3, 1, 5, 7]);
    for (width, height) in [(100, 30), (80, 24)] {
        let screen = lines(&app, width, height);
        let text = screen.join("\n");
        assert!(text.contains("Steps") && text.contains("ground"), "{text}");
        // Each step's coins stand higher than the step before's: 3 coins, 1, 5, then 7 as a count.
        let (one, three, four) = (coins_row(&screen, 3), coins_row(&screen, 5), row_of(&screen, "●×7"));
        assert!(four < three && three < one, "{width}x{height}:\n{text}");
        // The steps' numbers under the ground, the chosen one with the cursor.
        let numbers = &screen[ground_row(&screen)];
        assert!(
            numbers.contains("ground ▶1") && numbers.contains(" 2 ") && numbers.contains(" 4"),
            "{numbers}"
        );
    }
}

#[test]
fn coins_move_down_a_step_with_the_keys_and_a_click_chooses_the_step() {
    let area = Rect::new(0, 0, 100, 30);
    let mut app = playing(GameKind::Staircase, &[3, 1, 5, 7]);
    let screen = lines(&app, 100, 30);
    let labels = ground_row(&screen);
    let x = screen[labels].find(" 3").expect("step 3's number") + 1;
    let x = screen[labels][..x].chars().count();
    assert_eq!(
        ui::click(&app, &Look::default(), area, x as u16, labels as u16),
        Some(Msg::Pick { heap: 2, count: 1 })
    );
    app.update(Msg::Pick { heap: 2, count: 2 });
    let text = lines(&app, 100, 30).join("\n");
    assert!(text.contains("Move 2 coins from step 3 down to step 2"), "{text}");
    act(&mut app, Action::Take);
    let game = app.game().expect("a game");
    assert_eq!(game.position().heaps()[..3], [3, 3, 3], "the coins landed on step 2");
}

#[test]
fn turning_turtles_is_a_row_of_coins_with_runs_of_tails_elided() {
    let app = playing(GameKind::TurningTurtles, &[3, 5, 9, 14]);
    let screen = lines(&app, 100, 30);
    let coins = row_of(&screen, "⋯4⋯");
    let heads = screen[coins].matches('●').count();
    assert_eq!(heads, 4, "{}", screen[coins]);
    // The places 1 to 9 each stand over their coin, then 14 after the elided run.
    let places = &screen[coins - 1];
    assert!(places.contains("1 2") && places.contains("9") && places.contains("14"), "{places}");
    // A click on the head at 9 chooses it; then one on the tail at 6 chooses that coin with it.
    let area = Rect::new(0, 0, 100, 30);
    let column = |line: &str, text: &str| line[..line.find(text).expect("a place")].chars().count() as u16;
    let at9 = column(places, "9");
    let msg = ui::click(&app, &Look::default(), area, at9, coins as u16);
    assert_eq!(msg, Some(Msg::Pick { heap: 2, count: 0 }));
    let mut app = app;
    app.update(msg.expect("a pick"));
    let at6 = column(places, "6");
    let msg = ui::click(&app, &Look::default(), area, at6, coins as u16);
    assert_eq!(msg, Some(Msg::Pick { heap: 2, count: 6 }));
    app.update(msg.expect("a pick"));
    assert_eq!(app.game().expect("a game").chosen(), Move::Turn(vec![9, 6]));
    act(&mut app, Action::Take);
    assert_eq!(app.game().expect("a game").position().heaps(), [3, 5, 6, 14]);
}

#[test]
fn in_mock_turtles_the_switch_keeps_a_coin_and_the_count_chooses_a_third() {
    let mut app = playing(GameKind::MockTurtles, &[2, 5, 9, 12]);
    app.update(Msg::Pick { heap: 2, count: 6 });
    act(&mut app, Action::Switch);
    app.update(Msg::Pick { heap: 2, count: 2 });
    assert_eq!(app.game().expect("a game").chosen(), Move::Turn(vec![9, 6, 2]));
    let text = lines(&app, 100, 30).join("\n");
    assert!(text.contains("Turn over the head at 9 and the coins at 6 and 2"), "{text}");
    act(&mut app, Action::Take);
    // 9 and 2 go to tails, 6 to heads.
    assert_eq!(app.game().expect("a game").position().heaps(), [5, 6, 12]);
}

#[test]
fn huge_places_are_drawn_with_their_runs_of_tails_counted() {
    let max = u64::MAX;
    let app = playing(GameKind::MockTurtles, &[3, max - 1, max]);
    let text = lines(&app, 100, 30).join("\n");
    assert!(text.contains(&format!("⋯{}⋯", max - 1 - 3 - 1)), "{text}");
    assert!(text.contains(&max.to_string()) && text.contains(&(max - 1).to_string()), "{text}");
}
