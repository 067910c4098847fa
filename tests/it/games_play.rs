//! Every game played through `App::update` as a person plays it: chosen on the start screen, each
//! kind of move made with the keys, the hint preselecting the best move in the game's terms, the
//! coach, undo and the command line's `--game`.

use std::process::{Command, Stdio};

use nim_tui::app::{Action, App, Coaching, Game, Msg, Screen, StartMenu, StartRow};
use nim_tui::config::Settings;
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Preset};
use nim_tui::engine::{GameKind, Mode, Move, Outcome, Rules, SubtractionSet};

use crate::support::BIN;
use crate::support::keys::{act, acts};

fn game(app: &App) -> &Game {
    app.game().expect("a game is showing")
}

fn heaps(app: &App) -> Vec<u64> {
    game(app).position().heaps().to_vec()
}

fn menu(app: &App) -> &StartMenu {
    match &app.screen {
        Screen::Start(menu) => menu,
        _ => panic!("expected the start screen"),
    }
}

fn setup(kind: GameKind, heaps: HeapChoice) -> GameSetup {
    GameSetup {
        game: kind,
        mode: Mode::Normal,
        heaps,
        first: First::You,
        level: Level::Perfect,
        ..Settings::default().setup()
    }
}

/// A game of `kind` on `heaps`, the player to move (the AI's reply waits for `Msg::AiMove`).
fn playing(kind: GameKind, list: &[u64]) -> App {
    let app = App::start_now(setup(kind, HeapChoice::Custom(list.to_vec())), Some(5));
    assert!(game(&app).your_turn(), "{kind}");
    app
}

fn sub(most: u64) -> GameKind {
    GameKind::Subtraction(SubtractionSet::up_to(most).unwrap())
}

fn focus_game_row(app: &mut App) {
    for _ in 0..12 {
        if menu(app).row == StartRow::Game {
            return;
        }
        act(app, Action::Down);
    }
    panic!("no Game row");
}

#[test]
fn the_game_row_cycles_through_every_game_and_back() {
    let mut app = App::new(Settings::default().setup(), Some(1));
    focus_game_row(&mut app);
    let mut titles = vec![menu(&app).game.title(nim_tui::i18n::Language::English)];
    for _ in 0..20 {
        act(&mut app, Action::More);
        titles.push(menu(&app).game.title(nim_tui::i18n::Language::English));
    }
    assert_eq!(
        titles,
        [
            "Nim",
            "Moore's Nim_2",
            "Moore's Nim_3",
            "Subtraction {1,2,3}",
            "The 21 game",
            "Bachet's game",
            "Lasker's Nim",
            "Kayles",
            "Dawson's Kayles",
            "Wythoff's game",
            "Fibonacci Nim",
            "Staircase Nim",
            "Turning Turtles",
            "Mock Turtles",
            "The ruler game",
            "Euclid's game",
            "Octal game 0.53",
            "Northcott's game",
            "Turning Corners",
            "Green Hackenbush",
            "Nim"
        ]
    );
    act(&mut app, Action::Less);
    assert_eq!(menu(&app).game.kind, GameKind::ALL[GameKind::ALL.len() - 1], "back round to the last game");
}

#[test]
fn a_game_without_misere_keeps_normal_play() {
    let mut app = App::new(GameSetup { mode: Mode::Misere, ..Settings::default().setup() }, Some(1));
    focus_game_row(&mut app);
    // Moore's Nim_2 has misère: the mode stays.
    act(&mut app, Action::More);
    assert_eq!(menu(&app).mode, Mode::Misere);
    // Kayles has misère too (by its misère quotient): the Mode row is free there.
    for _ in 0..6 {
        act(&mut app, Action::More);
    }
    assert_eq!(menu(&app).game.kind, GameKind::Kayles);
    assert!(!menu(&app).mode_fixed());
    // Dawson's Kayles has none (an open problem): normal play, and the row is fixed.
    act(&mut app, Action::More);
    assert_eq!(menu(&app).game.kind, GameKind::Dawson);
    assert_eq!(menu(&app).mode, Mode::Normal);
    assert!(menu(&app).mode_fixed());
    act(&mut app, Action::Down);
    assert_eq!(menu(&app).row, StartRow::Mode);
    act(&mut app, Action::More);
    assert_eq!(menu(&app).mode, Mode::Normal, "the mode cannot be switched to misère");
}

/// Chooses the game titled `title` on the start screen and starts it.
fn start_from_menu(setup: GameSetup, title: &str) -> App {
    let mut app = App::new(setup, Some(2));
    focus_game_row(&mut app);
    for _ in 0..12 {
        if menu(&app).game.title(nim_tui::i18n::Language::English) == title {
            break;
        }
        act(&mut app, Action::More);
    }
    assert_eq!(menu(&app).game.title(nim_tui::i18n::Language::English), title);
    for _ in 0..12 {
        if menu(&app).row == StartRow::Start {
            break;
        }
        act(&mut app, Action::Down);
    }
    act(&mut app, Action::Take);
    app
}

#[test]
fn preset_heaps_are_made_to_fit_the_game() {
    let base = GameSetup { heaps: HeapChoice::Preset(Preset::ThreeFourFive), ..Settings::default().setup() };
    assert_eq!(heaps(&start_from_menu(base.clone(), "Wythoff's game")), [3, 4]);
    assert_eq!(heaps(&start_from_menu(base.clone(), "Fibonacci Nim")), [12]);
    assert_eq!(heaps(&start_from_menu(base.clone(), "The 21 game")), [21]);
    assert_eq!(heaps(&start_from_menu(base.clone(), "Bachet's game")), [100]);
    let app = start_from_menu(base, "Kayles");
    assert_eq!(game(&app).rules.kind, GameKind::Kayles);
    assert_eq!(heaps(&app), [3, 4, 5]);
}

#[test]
fn custom_heaps_that_do_not_fit_are_refused_on_the_start_screen() {
    let custom = GameSetup { heaps: HeapChoice::Custom(vec![2, 5, 7]), ..Settings::default().setup() };
    let app = start_from_menu(custom, "Wythoff's game");
    let menu = menu(&app);
    assert_eq!(menu.row, StartRow::Heaps);
    assert_eq!(
        menu.error.as_ref().map(|e| e.text(nim_tui::i18n::Language::English)).as_deref(),
        Some("Wythoff's game is played on 2 heaps, not 3")
    );
}

#[test]
fn nim_takes_as_before() {
    let mut app = playing(GameKind::Nim, &[3, 4, 5]);
    acts(&mut app, &[Action::More, Action::Take]);
    assert_eq!(heaps(&app), [1, 4, 5]);
}

#[test]
fn moore_takes_from_several_heaps_at_once() {
    let mut app = playing(GameKind::Moore(2), &[3, 5, 6]);
    // Two from heap 1, then one from heap 2: each heap keeps its own count.
    acts(&mut app, &[Action::More, Action::Down, Action::More]);
    assert_eq!(game(&app).chosen(), Move::take_many(vec![(0, 2).into_take(), (1, 1).into_take()]));
    act(&mut app, Action::Up);
    assert_eq!(game(&app).count, 2, "heap 1 kept its count");
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [1, 4, 6]);
}

#[test]
fn moore_refuses_more_heaps_than_k() {
    let mut app = playing(GameKind::Moore(2), &[3, 5, 6]);
    // Two from each of the three heaps, each count chosen.
    acts(&mut app, &[Action::More, Action::Down, Action::More, Action::Down, Action::More, Action::Take]);
    assert_eq!(heaps(&app), [3, 5, 6], "three heaps in Moore's Nim_2");
    let note = format!("{:?}", game(&app).note);
    assert!(note.contains("Refused"), "{note}");
}

#[test]
fn wythoff_takes_the_same_from_both() {
    let mut app = playing(GameKind::Wythoff, &[5, 7]);
    acts(&mut app, &[Action::Switch, Action::More]);
    assert_eq!(game(&app).chosen(), Move::both(2));
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [3, 5]);
    // And from one heap, as in Nim.
    let mut app = playing(GameKind::Wythoff, &[5, 7]);
    acts(&mut app, &[Action::Down, Action::More, Action::Take]);
    assert_eq!(heaps(&app), [5, 5]);
}

#[test]
fn lasker_splits_a_heap() {
    let mut app = playing(GameKind::Lasker, &[7]);
    act(&mut app, Action::Switch);
    assert_eq!(game(&app).chosen(), Move::split(0, 3));
    acts(&mut app, &[Action::Less, Action::Take]);
    assert_eq!(heaps(&app), [2, 5]);
    // A split keeps both parts: the count cannot keep the whole heap.
    let mut app = playing(GameKind::Lasker, &[4]);
    acts(&mut app, &[Action::Switch, Action::TakeAll]);
    assert_eq!(game(&app).chosen(), Move::split(0, 3));
}

#[test]
fn kayles_knocks_down_one_pin_or_two_along_the_row() {
    let mut app = playing(GameKind::Kayles, &[6]);
    acts(&mut app, &[Action::More, Action::More]);
    assert_eq!(game(&app).chosen(), Move::pins(0, 3, 1));
    act(&mut app, Action::Switch);
    assert_eq!(game(&app).chosen(), Move::pins(0, 3, 2));
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [2, 2]);
    // Two pins cannot start at the last pin.
    let mut app = playing(GameKind::Kayles, &[4]);
    acts(&mut app, &[Action::Switch, Action::TakeAll]);
    assert_eq!(game(&app).chosen(), Move::pins(0, 3, 2));
}

#[test]
fn subtraction_counts_stop_at_the_largest_amount() {
    let mut app = playing(sub(3), &[10]);
    acts(&mut app, &[Action::More, Action::More, Action::More, Action::More]);
    assert_eq!(game(&app).count, 3);
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app), [7]);
}

#[test]
fn fibonacci_counts_stop_at_the_limit() {
    let mut app = playing(GameKind::Fibonacci, &[10]);
    act(&mut app, Action::TakeAll);
    assert_eq!(game(&app).count, 9, "the first move may not take the whole heap");
    acts(&mut app, &[Action::TakeOne, Action::More, Action::More, Action::Take]);
    assert_eq!(heaps(&app), [7]);
    assert_eq!(game(&app).position().limit(), Some(6));
    // The AI replies within the limit; then the player's limit is twice its take.
    app.update(Msg::AiMove);
    assert!(game(&app).your_turn());
    let limit = game(&app).position().limit().unwrap();
    act(&mut app, Action::TakeAll);
    assert_eq!(game(&app).count, limit.min(heaps(&app)[0]));
}

fn every_game() -> Vec<(GameKind, Vec<u64>)> {
    vec![
        (GameKind::Nim, vec![3, 4, 5]),
        (GameKind::Moore(2), vec![3, 5, 7, 2]),
        (GameKind::Moore(3), vec![1, 2, 4, 7]),
        (sub(3), vec![10, 7]),
        (GameKind::Lasker, vec![3, 5]),
        (GameKind::Kayles, vec![4, 6]),
        (GameKind::Wythoff, vec![4, 9]),
        (GameKind::Fibonacci, vec![20]),
    ]
}

#[test]
fn the_hint_preselects_the_best_move_and_enter_plays_it_in_every_game() {
    for (kind, list) in every_game() {
        let mut app = playing(kind, &list);
        let best = game(&app).engine().teach(game(&app).position()).best().unwrap();
        act(&mut app, Action::Hint);
        assert_eq!(game(&app).chosen(), best, "{kind}");
        assert!(game(&app).hint_selected(), "{kind}");
        act(&mut app, Action::Take);
        assert_ne!(heaps(&app), list, "{kind}: the move was played");
        let g = game(&app);
        assert_eq!(g.engine().outcome(g.position()), Outcome::Lose, "{kind}: the AI is left lost");
    }
}

#[test]
fn following_the_hint_wins_every_game() {
    for (kind, list) in every_game() {
        let mut app = playing(kind, &list);
        for _ in 0..200 {
            if game(&app).over.is_some() {
                break;
            }
            if game(&app).your_turn() {
                acts(&mut app, &[Action::Hint, Action::Take]);
            } else {
                app.update(Msg::AiMove);
            }
        }
        let over = game(&app).over.clone().expect("the game ended");
        assert_eq!(over.winner, nim_tui::domain::Seat::First, "{kind}");
    }
}

#[test]
fn the_coach_judges_a_move_of_every_kind() {
    let mut app = playing(GameKind::Wythoff, &[4, 9]);
    // (4, 9) is won by taking 7 from heap 2 to (4, 2)... anything else may lose.
    acts(&mut app, &[Action::Switch, Action::Take]);
    assert!(matches!(game(&app).coach, Some(Coaching::Missed(_))), "{:?}", game(&app).coach);
    let mut app = playing(GameKind::Kayles, &[4, 6]);
    acts(&mut app, &[Action::Hint, Action::Take]);
    assert_eq!(game(&app).coach, Some(Coaching::Kept));
}

#[test]
fn undo_takes_back_a_split() {
    let mut app = playing(GameKind::Lasker, &[6, 2]);
    acts(&mut app, &[Action::Switch, Action::Take]);
    assert_eq!(heaps(&app), [3, 2, 3]);
    app.update(Msg::AiMove);
    act(&mut app, Action::Undo);
    assert_eq!(heaps(&app), [6, 2]);
}

#[test]
fn the_ai_line_names_the_move_in_the_games_words() {
    let mut app = playing(GameKind::Kayles, &[5]);
    acts(&mut app, &[Action::Take]);
    app.update(Msg::AiMove);
    let note = game(&app)
        .note
        .as_ref()
        .map(|note| game(&app).note_words(nim_tui::i18n::Language::English, note))
        .unwrap_or_default();
    assert!(note.contains("AI knocked down"), "{note}");
}

#[test]
fn weaker_levels_play_random_moves_of_every_kind() {
    for (kind, list) in every_game() {
        let mut s = setup(kind, HeapChoice::Custom(list.clone()));
        s.level = Level::Easy;
        s.first = First::Ai;
        let mut app = App::start_now(s, Some(9));
        for _ in 0..60 {
            if game(&app).over.is_some() {
                break;
            }
            if game(&app).your_turn() {
                acts(&mut app, &[Action::Hint, Action::Take]);
            } else {
                app.update(Msg::AiMove);
            }
        }
        assert!(game(&app).over.is_some(), "{kind}: the game ended");
    }
}

fn binary(args: &[&str]) -> (Option<i32>, String) {
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(args)
        .current_dir(home.path())
        .env("HOME", home.path())
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_STATE_HOME")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_command_line_refuses_misere_and_heaps_a_game_cannot_use() {
    let (code, err) = binary(&["--game", "dawson", "--mode", "misere"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("Dawson's Kayles is played in normal play only (no misère form: "), "{err}");
    assert!(err.contains("misère Dawson's Kayles is an open problem"), "{err}");
    let (code, err) = binary(&["--game", "wythoff", "--heaps", "3,4,5"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--heaps: Wythoff's game is played on 2 heaps, not 3"), "{err}");
    let (code, err) = binary(&["--game", "nope"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_flag_beats_the_file_and_a_preset_brings_its_heaps() {
    let mut settings = Settings::default();
    let args = nim_tui::cli::GameArgs { game: Some("21".into()), ..Default::default() };
    settings.apply_flags(&args).unwrap();
    assert_eq!(settings.game, sub(3));
    assert_eq!(settings.heaps, HeapChoice::Custom(vec![21]));
    let args = nim_tui::cli::GameArgs {
        game: Some("kayles".into()),
        heaps: Some("3 4".into()),
        ..Default::default()
    };
    let mut settings = Settings::default();
    settings.apply_flags(&args).unwrap();
    assert_eq!((settings.game, settings.heaps), (GameKind::Kayles, HeapChoice::Custom(vec![3, 4])));
}

trait IntoTake {
    fn into_take(self) -> nim_tui::engine::Take;
}

impl IntoTake for (usize, u64) {
    fn into_take(self) -> nim_tui::engine::Take {
        nim_tui::engine::Take::new(self.0, self.1)
    }
}

#[test]
fn a_saved_game_of_every_kind_resumes_where_it_was_left() {
    for (kind, list) in every_game() {
        let mut app = playing(kind, &list);
        acts(&mut app, &[Action::Hint, Action::Take]);
        app.update(Msg::AiMove);
        let g = game(&app);
        let saved = nim_tui::domain::SavedGame::of(g.history(), &g.players, g.level, false, 0, None);
        let text = serde_json::to_string(&saved).unwrap();
        let back: nim_tui::domain::SavedGame = serde_json::from_str(&text).unwrap();
        let position = g.position().clone();
        let mut menu = App::new(Settings::default().setup(), Some(3));
        menu.offer_resume(back);
        act(&mut menu, Action::Take);
        let resumed = game(&menu);
        assert_eq!(resumed.rules.kind, kind, "{text}");
        assert_eq!(resumed.position(), &position, "{kind}: {text}");
        assert_eq!(menu.setup.game, kind, "a new game after it is of the same game");
    }
}

#[test]
fn a_game_counts_in_its_own_statistics() {
    // One pin: taking it wins at once.
    let mut app = playing(GameKind::Kayles, &[1]);
    let effect = app.update(Msg::action(Action::Take));
    let nim_tui::app::Effect::CountGame { game, mode, result, .. } = effect else { panic!("{effect:?}") };
    assert_eq!((game, mode, result.won), (GameKind::Kayles, Mode::Normal, true));
    let mut stats = nim_tui::domain::Stats::default();
    stats.record_of(game, mode, result);
    assert_eq!(stats.of(GameKind::Kayles, Mode::Normal).won, 1);
    assert_eq!(stats.of(GameKind::Nim, Mode::Normal).played, 0, "Nim's figures are apart");
    assert_eq!(stats.totals().played, 1);
    // Written with the game's name, and read back; a file without `games` reads as before.
    let text = serde_json::to_string(&stats).unwrap();
    assert!(text.contains(r#""games":{"kayles":"#), "{text}");
    let back: nim_tui::domain::Stats = serde_json::from_str(&text).unwrap();
    assert_eq!(back, stats);
    assert!(back.validate().is_ok());
    let old = serde_json::to_string(&nim_tui::domain::Stats::default()).unwrap();
    assert!(!old.contains("games"), "{old}");
}

#[test]
fn puzzles_from_the_start_screen_are_of_the_game_chosen() {
    for title in
        ["Kayles", "Dawson's Kayles", "Wythoff's game", "Moore's Nim_2", "Lasker's Nim", "Fibonacci Nim"]
    {
        let mut app = App::new(Settings::default().setup(), Some(4));
        focus_game_row(&mut app);
        while menu(&app).game.title(nim_tui::i18n::Language::English) != title {
            act(&mut app, Action::More);
        }
        while menu(&app).row != StartRow::Puzzles {
            act(&mut app, Action::Down);
        }
        act(&mut app, Action::Take);
        let Screen::Puzzle(puzzle) = &app.screen else { panic!("{title}: no puzzle") };
        assert_eq!(puzzle.game.rules.kind.title(), title);
        // The hint (asked for, and confirmed) preselects the one winning move, which Enter answers.
        act(&mut app, Action::Hint);
        app.update(Msg::char('y'));
        act(&mut app, Action::Take);
        let Screen::Puzzle(puzzle) = &app.screen else { panic!("{title}: the puzzle closed") };
        let answer = puzzle.run.answer.as_ref().expect("answered");
        assert!(answer.correct, "{title}: {answer:?}");
    }
}

#[test]
fn undo_starts_the_choice_again() {
    let mut app = playing(GameKind::Moore(2), &[3, 5, 6]);
    acts(&mut app, &[Action::More, Action::Down, Action::More, Action::Take]);
    app.update(Msg::AiMove);
    acts(&mut app, &[Action::Down, Action::More, Action::Undo]);
    assert_eq!(heaps(&app), [3, 5, 6]);
    let chosen = game(&app).chosen();
    assert_eq!(chosen.takes().len(), 1, "no count kept from before the undo: {chosen:?}");
}

#[test]
fn the_stats_table_and_json_list_each_game_played() {
    let mut stats = nim_tui::domain::Stats::default();
    let win = nim_tui::domain::GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played };
    stats.record_of(GameKind::Wythoff, Mode::Normal, win);
    stats.record_of(GameKind::Moore(2), Mode::Misere, win);
    let table = nim_tui::domain::stats_table(nim_tui::i18n::Language::English, &stats);
    assert!(table.contains("nim:\nnormal play        0"), "{table}");
    assert!(table.contains("moore:2:\n  misère           1"), "{table}");
    assert!(table.contains("wythoff:\n  normal           1"), "{table}");
    let json = nim_tui::domain::stats_json(&stats);
    assert!(json.starts_with(r#"{"version":1,"played":2,"won":2,"lost":0"#), "{json}");
    assert!(json.contains(r#""games":{"moore:2":{"normal":{"played":0"#), "{json}");
}

#[test]
fn dawsons_kayles_is_played_two_pins_at_a_time_to_the_last_move() {
    let mut app = playing(GameKind::Dawson, &[3, 7]);
    assert!(!game(&app).can_switch(), "one kind of move only");
    // The choice is the first of two pins: at most the row's last but one.
    act(&mut app, Action::TakeAll);
    assert_eq!(game(&app).chosen(), nim_tui::engine::Move::pins(0, 2, 2));
    // Knocking down pins 1 and 2 leaves a row of one pin, which allows no move: the selection
    // passes it by from then on.
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::Take);
    assert_eq!(heaps(&app)[0], 1);
    app.update(Msg::AiMove);
    for _ in 0..3 {
        let g = game(&app);
        assert!(g.over.is_some() || heaps(&app)[g.selected] >= 2, "{:?} {}", heaps(&app), g.selected);
        act(&mut app, Action::Down);
    }
    // Played out, the person with the hint's moves, the game ends with the last move there is.
    for _ in 0..10 {
        if game(&app).over.is_some() {
            break;
        }
        if game(&app).your_turn() {
            act(&mut app, Action::Hint);
            app.update(Msg::char('y'));
            act(&mut app, Action::Take);
        } else {
            app.update(Msg::AiMove);
        }
    }
    let over = game(&app).over.as_ref().expect("the game ended");
    let reason = game(&app).ending_words(nim_tui::i18n::Language::English, over);
    assert!(reason.ends_with("made the last move"), "{reason}");
}
