//! Who plays: two people at one keyboard, and the demo where the AI plays both sides.

use nim_tui::app::{Action, App, Effect, First, Input, Names, Opponent, Players, Setup, Side};
use nim_tui::engine::Mode;
use nim_tui::ui::{Look, draw};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn hotseat(mode: Mode, heaps: &[u64]) -> App {
    App::start_now(Setup {
        mode,
        heaps: Some(heaps.to_vec()),
        first: First::You,
        opponent: Opponent::Human,
        names: "Ann,Bob".parse().expect("two names"),
        seed: Some(5),
        ..Setup::default()
    })
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    terminal.draw(|frame| draw(frame, app, &Look::default())).expect("drawn");
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

fn press(app: &mut App, action: Action) -> Effect {
    app.update(Input::action(action))
}

/// Takes the whole selected heap.
fn take_all(app: &mut App) -> Effect {
    press(app, Action::TakeAll);
    press(app, Action::Take)
}

#[test]
fn hotseat_players_take_turns_and_the_winner_is_named() {
    for (mode, winner) in [(Mode::Normal, "Bob"), (Mode::Misere, "Ann")] {
        let mut app = hotseat(mode, &[2, 3]);
        assert_eq!(app.game().unwrap().players, Players::Hotseat(["Ann".into(), "Bob".into()]));
        assert!(screen(&app).contains("Ann's turn"), "{}", screen(&app));
        take_all(&mut app);
        let game = app.game().unwrap();
        assert_eq!(game.turn, Side::Ai);
        // Nobody's AI: the second player moves by hand, and no AI pause is waited for.
        assert!(!app.ai_waiting());
        assert!(game.pending.is_none());
        assert!(screen(&app).contains("Bob's turn"), "{}", screen(&app));
        app.update(Input::AiMove);
        assert_eq!(app.game().unwrap().moves.len(), 1, "no AI move in a two-player game");
        let effect = take_all(&mut app);
        let winner_side = if winner == "Bob" { Side::Ai } else { Side::You };
        assert_eq!(effect, Effect::Finished { mode, winner: winner_side });
        let text = screen(&app);
        assert!(text.contains(&format!("{winner} wins!")), "{text}");
        assert_eq!(app.game().unwrap().moves, vec![(Side::You, mv(0, 2)), (Side::Ai, mv(1, 3))]);
    }
}

fn mv(heap: usize, take: u64) -> nim_tui::engine::Take {
    nim_tui::engine::Take::new(heap, take)
}

#[test]
fn hints_and_undo_work_in_hotseat() {
    let mut app = hotseat(Mode::Normal, &[3, 4, 5]);
    take_all(&mut app);
    press(&mut app, Action::Hint);
    assert!(app.game().unwrap().hint.is_some(), "the second player gets hints too");
    // Undo takes back one move: the other player's.
    press(&mut app, Action::Undo);
    let game = app.game().unwrap();
    assert!(game.moves.is_empty());
    assert_eq!(game.turn, Side::You);
}

#[test]
fn default_names_and_against_the_ai_it_stays_your_turn() {
    let mut app =
        App::start_now(Setup { heaps: Some(vec![2, 3]), opponent: Opponent::Human, ..Setup::default() });
    assert!(screen(&app).contains("Player 1's turn"));
    take_all(&mut app);
    assert!(screen(&app).contains("Player 2's turn"));

    let mut app = App::start_now(Setup { heaps: Some(vec![1, 1]), ..Setup::default() });
    let text = screen(&app);
    assert!(text.contains("Your turn") && !text.contains("'s turn"), "{text}");
    take_all(&mut app);
    assert!(app.ai_waiting());
    let effect = app.update(Input::AiMove);
    assert_eq!(effect, Effect::Finished { mode: Mode::Normal, winner: Side::Ai });
    assert!(screen(&app).contains("You lose"));
}

#[test]
fn names_are_checked() {
    assert_eq!("Ann, Bob".parse::<Names>().unwrap(), Names(["Ann".into(), "Bob".into()]));
    for bad in ["Ann", "Ann,", ",Bob", "Ann,Bob,Cy", "", "Ann,\u{1b}[2J"] {
        assert!(bad.parse::<Names>().is_err(), "{bad:?} accepted");
    }
}

#[test]
fn a_demo_plays_itself_to_a_winner() {
    for seed in 0..20 {
        let mut app = App::start_now(Setup {
            heaps: Some(vec![3, 4, 5, 6]),
            demo: true,
            level: nim_tui::app::Level::Medium,
            seed: Some(seed),
            ..Setup::default()
        });
        let mut finished = None;
        for _ in 0..100 {
            assert!(app.ai_waiting());
            if let Effect::Finished { winner, .. } = app.update(Input::AiMove) {
                finished = Some(winner);
                break;
            }
        }
        let game = app.game().unwrap();
        assert!(finished.is_some() && game.over.is_some() && game.position.is_over());
        assert!(!app.ai_waiting());
        assert!(screen(&app).contains("wins!"));
    }
}

#[test]
fn a_key_pauses_and_resumes_a_demo() {
    let mut app = App::start_now(Setup { heaps: Some(vec![3, 4, 5]), demo: true, ..Setup::default() });
    app.update(Input::AiMove);
    assert_eq!(app.game().unwrap().moves.len(), 1);
    app.update(Input::char('x'));
    assert!(app.paused && !app.ai_waiting());
    app.update(Input::AiMove);
    assert_eq!(app.game().unwrap().moves.len(), 1, "paused: no move");
    assert!(screen(&app).contains("Paused"));
    press(&mut app, Action::Take);
    assert!(!app.paused && app.ai_waiting());
    assert_eq!(press(&mut app, Action::Quit), Effect::Quit);
}

#[test]
fn the_start_screen_chooses_the_level_and_the_opponent() {
    let mut app = App::new(Setup { heaps: Some(vec![3, 4, 5]), ..Setup::default() });
    // From Start, up once is the opponent, twice the level.
    press(&mut app, Action::Up);
    press(&mut app, Action::More);
    press(&mut app, Action::Up);
    press(&mut app, Action::More);
    press(&mut app, Action::More);
    press(&mut app, Action::Down);
    press(&mut app, Action::Down);
    press(&mut app, Action::Take);
    let game = app.game().expect("started");
    assert_eq!(game.level, nim_tui::app::Level::Medium);
    assert!(game.hotseat());
    assert!(screen(&app).contains("Player 1's turn"));
}
