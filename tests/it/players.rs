//! Who plays: two people at one keyboard, and the demo where the AI plays both sides.

use crate::support::keys::{act, type_text};
use crate::support::view;
use nim_tui::app::{Action, App, Effect, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Names, Opponent, Players, Seat};
use nim_tui::engine::Mode;

/// The game as it is drawn at 80x24.
fn screen(app: &App) -> String {
    view::screen(app, 80, 24)
}

fn hotseat(mode: Mode, heaps: &[u64]) -> App {
    App::start_now(
        GameSetup {
            mode,
            heaps: HeapChoice::Custom(heaps.to_vec()),
            first: First::You,
            opponent: Opponent::Human,
            names: "Ann, Bob".parse().expect("two names"),
            ..base()
        },
        Some(5),
    )
}

/// Takes the whole selected heap.
fn take_all(app: &mut App) -> Effect {
    act(app, Action::TakeAll);
    act(app, Action::Take)
}

#[test]
fn hotseat_players_take_turns_and_the_winner_is_named() {
    for (mode, winner) in [(Mode::Normal, "Bob"), (Mode::Misere, "Ann")] {
        let mut app = hotseat(mode, &[2, 3]);
        assert_eq!(app.game().unwrap().players, Players::Hotseat(Names(["Ann".into(), "Bob".into()])));
        assert!(screen(&app).contains("Ann's turn"), "{}", screen(&app));
        take_all(&mut app);
        let game = app.game().unwrap();
        assert_eq!(game.turn(), Seat::Second);
        // Nobody's AI: the second player moves by hand, and no AI pause is waited for.
        assert!(!app.ai_waiting());
        assert!(game.pending.is_none());
        assert!(screen(&app).contains("Bob's turn"), "{}", screen(&app));
        app.update(Msg::AiMove);
        assert_eq!(app.game().unwrap().moves().len(), 1, "no AI move in a two-player game");
        let effect = take_all(&mut app);
        let winner_side = if winner == "Bob" { Seat::Second } else { Seat::First };
        assert_eq!(effect, Effect::None, "two-player games are not counted in the statistics");
        let over = app.game().unwrap().over.clone().expect("the game is over");
        assert_eq!((app.game().unwrap().mode(), over.winner), (mode, winner_side));
        let text = screen(&app);
        assert!(text.contains(&format!("{winner} wins!")), "{text}");
        assert_eq!(app.game().unwrap().moves(), vec![(Seat::First, mv(0, 2)), (Seat::Second, mv(1, 3))]);
    }
}

fn mv(heap: usize, take: u64) -> nim_tui::engine::Move {
    nim_tui::engine::Move::take(heap, take)
}

#[test]
fn hints_and_undo_work_in_hotseat() {
    let mut app = hotseat(Mode::Normal, &[3, 4, 5]);
    take_all(&mut app);
    act(&mut app, Action::Hint);
    assert!(app.game().unwrap().hint.is_some(), "the second player gets hints too");
    // Undo takes back one move: the other player's.
    act(&mut app, Action::Undo);
    let game = app.game().unwrap();
    assert!(game.moves().is_empty());
    assert_eq!(game.turn(), Seat::First);
}

#[test]
fn default_names_and_against_the_ai_it_stays_your_turn() {
    let mut app = App::start_now(
        GameSetup { heaps: HeapChoice::Custom(vec![2, 3]), opponent: Opponent::Human, ..base() },
        None,
    );
    assert!(screen(&app).contains("Player 1's turn"));
    take_all(&mut app);
    assert!(screen(&app).contains("Player 2's turn"));

    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![1, 1]), ..base() }, None);
    let text = screen(&app);
    assert!(text.contains("Your turn") && !text.contains("'s turn"), "{text}");
    take_all(&mut app);
    assert!(app.ai_waiting());
    let effect = app.update(Msg::AiMove);
    let lost = nim_tui::domain::GameResult { won: false, assisted: false, how: nim_tui::domain::How::Played };
    assert_eq!(
        effect,
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode: Mode::Normal,
            result: lost,
            rated: None
        }
    );
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
        let mut app = App::demo(
            GameSetup {
                heaps: HeapChoice::Custom(vec![3, 4, 5, 6]),
                level: nim_tui::domain::Level::Medium,
                ..base()
            },
            Some(seed),
        );
        let mut finished = None;
        for _ in 0..100 {
            assert!(app.ai_waiting());
            assert_eq!(app.update(Msg::AiMove), Effect::None, "demos are not counted");
            if let Some(over) = &app.game().unwrap().over {
                finished = Some(over.winner);
                break;
            }
        }
        let game = app.game().unwrap();
        assert!(finished.is_some() && game.over.is_some() && game.position().is_over());
        assert!(!app.ai_waiting());
        assert!(screen(&app).contains("wins!"));
    }
}

#[test]
fn a_key_pauses_and_resumes_a_demo() {
    let mut app = App::demo(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, None);
    app.update(Msg::AiMove);
    assert_eq!(app.game().unwrap().moves().len(), 1);
    app.update(Msg::char('x'));
    assert!(paused(&app) && !app.ai_waiting());
    app.update(Msg::AiMove);
    assert_eq!(app.game().unwrap().moves().len(), 1, "paused: no move");
    assert!(screen(&app).contains("Paused"));
    act(&mut app, Action::Take);
    assert!(!paused(&app) && app.ai_waiting());
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

#[test]
fn the_start_screen_chooses_the_level_and_the_opponent() {
    let mut app = App::new(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, None);
    // From Start, up once is the opponent, twice the level.
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::More);
    act(&mut app, Action::More);
    act(&mut app, Action::Down);
    act(&mut app, Action::More);
    // Two players: the names follow the opponent, and the AI's level is not asked.
    let text = screen(&app);
    assert!(text.contains("Player 1") && text.contains("Player 2") && !text.contains("AI level"), "{text}");
    for _ in 0..3 {
        act(&mut app, Action::Down);
    }
    act(&mut app, Action::Take);
    let game = app.game().expect("started");
    assert!(game.hotseat());
    assert!(screen(&app).contains("Player 1's turn"));
    // Against the AI, the level chosen is the one played.
    let mut app = App::new(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, None);
    act(&mut app, Action::Up);
    act(&mut app, Action::Up);
    act(&mut app, Action::More);
    act(&mut app, Action::More);
    act(&mut app, Action::Take);
    assert_eq!(app.game().expect("started").level, nim_tui::domain::Level::Medium);
}

#[test]
fn names_are_typed_on_the_start_screen_and_each_move_is_reported_by_name() {
    let mut app = App::new(
        GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), opponent: Opponent::Human, ..base() },
        None,
    );
    // From Start: up to Player 2, then Player 1.
    act(&mut app, Action::Up);
    for _ in 0..8 {
        act(&mut app, Action::Erase);
    }
    type_text(&mut app, "Bob q");
    act(&mut app, Action::Up);
    for _ in 0..8 {
        act(&mut app, Action::Erase);
    }
    type_text(&mut app, "Ann");
    assert!(screen(&app).contains("Bob q"), "q is typed into a name, not taken as quit");
    act(&mut app, Action::Take);
    assert_eq!(app.game().unwrap().players, Players::Hotseat(Names(["Ann".into(), "Bob q".into()])));
    act(&mut app, Action::Take);
    assert!(screen(&app).contains("Ann took 1 from heap 1"), "{}", screen(&app));
    act(&mut app, Action::Take);
    assert!(screen(&app).contains("Bob q took 1 from heap 1"), "{}", screen(&app));
}

#[test]
fn an_empty_name_is_refused_on_the_start_screen() {
    let mut app = App::new(GameSetup { opponent: Opponent::Human, ..base() }, None);
    act(&mut app, Action::Up);
    for _ in 0..10 {
        act(&mut app, Action::Erase);
    }
    act(&mut app, Action::Take);
    assert!(app.game().is_none(), "no game with an empty name");
    assert!(
        screen(&app).contains("Player 2: a name cannot be empty") || screen(&app).contains("Player 2:"),
        "{}",
        screen(&app)
    );
}

#[test]
fn the_coin_toss_is_announced() {
    for seed in 0..6 {
        let app = App::start_now(GameSetup { first: First::Random, ..base() }, Some(seed));
        let text = screen(&app);
        assert!(
            text.contains("Coin toss: you move first") || text.contains("Coin toss: AI moves first"),
            "{text}"
        );
    }
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}

fn paused(app: &App) -> bool {
    matches!(&app.screen, nim_tui::app::Screen::Demo(demo) if demo.paused)
}

/// The start screen offers an unfinished two-player game by the name of the player to move, not
/// as "your turn" against an AI.
#[test]
fn a_saved_two_player_game_is_offered_by_the_name_of_the_player_to_move() {
    use nim_tui::domain::SavedGame;
    use nim_tui::domain::{History, Level};
    use nim_tui::engine::{Move, Ruleset};
    let history = History::replayed(
        Ruleset::nim(Mode::Normal),
        vec![3, 4, 5],
        Seat::First,
        [(Seat::First, Move::take(0, 1))],
    )
    .expect("a legal move");
    let names = Players::Hotseat(Names(["Ann".into(), "Bob".into()]));
    let mut app = App::new(base(), Some(1));
    app.offer_resume(SavedGame::of(&history, &names, Level::Perfect, false, 0, None));
    let shown = screen(&app);
    assert!(shown.contains("Resume") && shown.contains("Bob's turn"), "{shown}");
    assert!(!shown.contains("your turn") && !shown.contains("AI to move"), "{shown}");

    // Against the AI it stays as it was.
    let mut app = App::new(base(), Some(1));
    app.offer_resume(SavedGame::of(&history, &Players::Ai, Level::Perfect, false, 0, None));
    assert!(screen(&app).contains("AI to move"), "{}", screen(&app));
}

/// Names typed on the start screen replace the default names rather than being added to them;
/// Backspace works in a typed name and clears the default one.
#[test]
fn typed_names_replace_the_default_names() {
    let mut app = App::new(GameSetup { opponent: Opponent::Human, ..base() }, None);
    // From Start: up to Player 2, then Player 1.
    act(&mut app, Action::Up);
    type_text(&mut app, "Bobb");
    act(&mut app, Action::Erase);
    act(&mut app, Action::Up);
    let text = screen(&app);
    assert!(
        text.contains("Player 1") && text.contains("type a name"),
        "the default shows as a placeholder: {text}"
    );
    type_text(&mut app, "Ann");
    let text = screen(&app);
    assert!(!text.contains("Player 1Ann") && !text.contains("Player 2Bob"), "{text}");
    act(&mut app, Action::Take);
    assert_eq!(app.game().unwrap().players, Players::Hotseat(Names(["Ann".into(), "Bob".into()])));

    // A name left as it is stays the default; Backspace on it clears it all.
    let mut app = App::new(GameSetup { opponent: Opponent::Human, ..base() }, None);
    act(&mut app, Action::Up);
    act(&mut app, Action::Erase);
    app.update(Msg::char('Z'));
    act(&mut app, Action::Take);
    assert_eq!(app.game().unwrap().players, Players::Hotseat(Names(["Player 1".into(), "Z".into()])));
}

/// A typed name stays within the width a name may have, wide characters counting two columns.
#[test]
fn a_typed_name_is_bounded() {
    let mut app = App::new(GameSetup { opponent: Opponent::Human, ..base() }, None);
    act(&mut app, Action::Up);
    for _ in 0..40 {
        app.update(Msg::char('李'));
    }
    act(&mut app, Action::Take);
    let game = app.game().expect("a bounded name is accepted");
    let name = game.name(nim_tui::i18n::Language::English, Seat::Second);
    assert!(name.chars().all(|c| c == '李') && (10..=12).contains(&name.chars().count()), "{name}");
}

/// Plays the two-player game on screen to its end, each player taking a whole heap in turn.
fn finish(app: &mut App) {
    while app.game().is_some_and(|g| g.over.is_none()) {
        take_all(app);
    }
}

/// Two people play a match: a running score during and after each game, and the rematch's first
/// move alternates between them, as the screen says.
#[test]
fn two_players_play_a_match_with_a_running_score_and_alternating_first_moves() {
    let mut app = hotseat(Mode::Normal, &[2, 3]);
    assert!(screen(&app).contains("Ann 0 – 0 Bob"), "the score from the first game: {}", screen(&app));
    // Ann takes 2, Bob takes 3 and wins.
    finish(&mut app);
    let text = screen(&app);
    assert!(text.contains("Bob wins!") && text.contains("Ann 0 – 1 Bob"), "{text}");
    act(&mut app, Action::Take); // play again
    let game = app.game().unwrap();
    assert!(game.over.is_none() && game.moves().is_empty());
    assert_eq!(game.turn(), Seat::Second, "Bob opens the rematch");
    let text = screen(&app);
    assert!(text.contains("Bob's turn") && text.contains("Rematch: Bob moves first"), "{text}");
    assert!(text.contains("Ann 0 – 1 Bob"), "the score during the game: {text}");
    // Bob takes 2, Ann takes 3 and wins.
    finish(&mut app);
    assert!(screen(&app).contains("Ann 1 – 1 Bob"), "{}", screen(&app));
    act(&mut app, Action::Take);
    assert_eq!(app.game().unwrap().turn(), Seat::First, "and Ann the one after");
    // A resignation counts for the other player.
    act(&mut app, Action::Resign);
    app.update(Msg::char('y'));
    assert!(screen(&app).contains("Ann 1 – 2 Bob"), "{}", screen(&app));
    // Against the AI, no score and no alternation.
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![2, 3]), ..base() }, Some(1));
    assert!(!screen(&app).contains(" – "), "{}", screen(&app));
    take_all(&mut app);
    app.update(Msg::AiMove);
    act(&mut app, Action::Take);
    assert_eq!(app.game().unwrap().turn(), Seat::First);
}

/// The moves of a whole demo played from `app`, and the game and heaps it started from.
fn watch_one(app: &mut App) -> (String, Vec<u64>, Vec<(Seat, nim_tui::engine::Move)>) {
    for _ in 0..500 {
        if app.game().unwrap().over.is_some() {
            break;
        }
        app.update(Msg::AiMove);
    }
    let game = app.game().unwrap();
    assert!(game.over.is_some(), "the demo game ends");
    (game.rules.kind.to_string(), game.start().to_vec(), game.moves().to_vec())
}

/// At the perfect level the AI draws among its winning moves, so demos from one position differ,
/// while one seed replays one demo exactly.
#[test]
fn the_perfect_demo_does_not_play_the_same_game_every_time() {
    let demo = |seed| {
        let mut app =
            App::demo(GameSetup { heaps: HeapChoice::Custom(vec![1, 3, 5, 7, 9]), ..base() }, Some(seed));
        watch_one(&mut app)
    };
    let games: std::collections::HashSet<_> = (0..8).map(|seed| demo(seed).2).collect();
    assert!(games.len() > 1, "eight seeds, one game: {games:?}");
    assert_eq!(demo(3), demo(3), "a seed replays its demo");
    // Still perfect: the side to move from a winning position wins.
    for seed in 0..8 {
        let (_, _, moves) = demo(seed);
        assert_eq!(moves.len() % 2, 1, "1 3 5 7 9 is won by the first player: {moves:?}");
    }
}

/// `demo --loop`: game after game, varied, each ending shown for a few of the AI's pauses; a key
/// ends it; a seed replays the same loop.
#[test]
fn a_demo_loop_plays_varied_games_until_a_key_is_pressed() {
    use nim_tui::app::{DemoLoop, ENDING_PAUSES, Screen};
    let all = DemoLoop { game: true, heaps: true, mode: true };
    let run = |seed, vary| {
        let mut app = App::demo_loop(base(), Some(seed), vary);
        let mut seen = Vec::new();
        for _ in 0..6 {
            let (kind, heaps, _) = watch_one(&mut app);
            let mode = app.game().unwrap().mode();
            seen.push((kind, heaps, mode));
            let shown = screen(&app);
            assert!(shown.contains("wins!") || shown.contains("██"), "the ending is shown: {shown}");
            // The ending stays on screen, waiting on a deadline, not a key.
            for _ in 1..ENDING_PAUSES {
                assert!(app.ai_waiting());
                app.update(Msg::AiMove);
                assert!(app.game().unwrap().over.is_some(), "still the ending");
            }
            assert!(app.ai_waiting());
            app.update(Msg::AiMove);
            let game = app.game().unwrap();
            assert!(matches!(app.screen, Screen::Demo(_)) && game.over.is_none() && game.moves().is_empty());
        }
        (app, seen)
    };
    let (mut app, seen) = run(7, all);
    let games: std::collections::HashSet<_> = seen.iter().map(|(kind, ..)| kind.clone()).collect();
    let positions: std::collections::HashSet<_> = seen.iter().map(|(_, heaps, _)| heaps.clone()).collect();
    assert!(games.len() > 1 && positions.len() > 3, "varied: {seen:?}");
    assert_eq!(run(7, all).1, seen, "a seed replays the loop");
    assert!(screen(&app).contains("any key"), "{}", screen(&app));
    assert_eq!(app.update(Msg::char('x')), Effect::Quit, "a key ends the loop");
    // The flags fix what they name: with --game and --mode only the heaps vary.
    let setup = GameSetup { game: "kayles".parse().unwrap(), ..base() };
    let mut app = App::demo_loop(setup, Some(1), DemoLoop { game: false, heaps: true, mode: false });
    let mut heaps = std::collections::HashSet::new();
    for _ in 0..4 {
        let (kind, start, _) = watch_one(&mut app);
        assert_eq!(kind, "kayles");
        heaps.insert(start);
        for _ in 0..ENDING_PAUSES {
            app.update(Msg::AiMove);
        }
    }
    assert!(heaps.len() > 1, "{heaps:?}");
    assert_eq!(act(&mut app, Action::Help), Effect::Quit, "any key, bound or not");
}

/// The real binary: `nim-tui demo --loop` goes from one game's ending to the next game by itself,
/// and a key ends it, leaving the terminal as it was.
#[cfg(unix)]
#[test]
fn demo_loop_runs_in_a_terminal_until_a_key() {
    use crate::support::pty::Pty;
    let home = tempfile::tempdir().expect("a temporary home");
    let mut pty = Pty::spawn(&["demo", "--loop", "--seed", "4", "--ai-delay", "50"], home.path(), 24, 80);
    assert!(pty.wait_for("wins!"), "a first ending: {}", pty.contents());
    assert!(pty.wait_for_gone("wins!"), "the next game begins by itself: {}", pty.contents());
    assert!(pty.wait_for("wins!"), "and ends: {}", pty.contents());
    assert!(pty.alive());
    pty.send(b" ");
    let status = pty.wait_exit().expect("a key ends the demo loop");
    assert!(status.success(), "{status:?}");
}
