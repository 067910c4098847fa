//! Game records: written from a finished game, read back the same, and refused whole (with the
//! line) when damaged.

use std::process::Command;

use crate::support::BIN;
use nim_tui::app::{Action, App, Effect, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Players, Seat};
use nim_tui::domain::{History, Names};
use nim_tui::engine::{Mode, Move, Ruleset};
use nim_tui::record::{Record, RecordError};
use nim_tui::store::Store;

/// A finished game against the AI at easy level, the player always taking one token.
fn finished_app(mode: Mode, seed: u64) -> App {
    let mut app = App::start_now(
        GameSetup {
            mode,
            heaps: HeapChoice::Custom(vec![3, 4, 5]),
            first: First::Ai,
            level: Level::Easy,
            ..base()
        },
        Some(seed),
    );
    for _ in 0..100 {
        let game = app.game().unwrap();
        if game.over.is_some() {
            break;
        }
        if game.your_turn() {
            app.update(Msg::action(Action::TakeOne));
            app.update(Msg::action(Action::Take));
        } else {
            app.update(Msg::AiMove);
        }
    }
    assert!(app.game().unwrap().over.is_some());
    app
}

#[test]
fn write_and_read_round_trip() {
    for mode in [Mode::Normal, Mode::Misere] {
        for seed in 0..5 {
            let app = finished_app(mode, seed);
            let game = app.game().unwrap();
            let record = Record::of(game.history(), &game.players);
            let text = record.to_text();
            assert_eq!(Record::parse(nim_tui::i18n::Language::English, &text), Ok(record.clone()), "{text}");
            assert!(text.lines().any(|l| l.starts_with("you ")), "{text}");
        }
    }
    let moves = [(Seat::First, Move::take(1, 2)), (Seat::Second, Move::take(0, 1))];
    let hotseat = Record {
        players: Players::Hotseat(Names(["Ann Lee".into(), "Bob".into()])),
        history: History::replayed(Ruleset::nim(Mode::Normal), vec![1, 2], Seat::First, moves).unwrap(),
        resigned: None,
    };
    assert_eq!(Record::parse(nim_tui::i18n::Language::English, &hotseat.to_text()), Ok(hotseat));
}

#[test]
fn the_record_key_asks_for_a_record_after_the_game_only() {
    let mut app = finished_app(Mode::Normal, 1);
    assert!(matches!(app.update(Msg::action(Action::Record)), Effect::SaveRecord(_)));
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, None);
    assert_eq!(app.update(Msg::action(Action::Record)), Effect::None);
}

#[test]
fn records_are_saved_in_the_data_dir_without_overwriting() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().to_path_buf());
    let app = finished_app(Mode::Normal, 2);
    let game = app.game().unwrap();
    let text = Record::of(game.history(), &game.players).to_text();
    let first = store.save_record(&text).unwrap();
    let second = store.save_record(&text).unwrap();
    assert_ne!(first, second);
    assert!(first.starts_with(store.records_dir()));
    assert_eq!(std::fs::read_to_string(&second).unwrap(), text);
}

const GOOD: &str = "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 2\nai 1 1\n";

fn refused(text: &str, line: usize, problem: &str) {
    match Record::parse(nim_tui::i18n::Language::English, text) {
        Err(RecordError { line: l, problem: p }) => {
            assert_eq!(l, line, "{p}");
            assert!(p.contains(problem), "'{p}' does not say '{problem}'");
        }
        Ok(r) => panic!("accepted {r:?}"),
    }
}

#[test]
fn every_kind_of_damage_is_refused_with_its_line() {
    assert!(Record::parse(nim_tui::i18n::Language::English, GOOD).is_ok());
    refused("", 1, "not a game record");
    refused("mode normal\n", 1, "not a game record");
    refused("# nim-tui game record\n", 1, "ends before 'mode'");
    refused(&GOOD.replace("mode normal", "mode chess"), 2, "chess");
    refused(&GOOD.replace("mode normal", "mood normal"), 2, "expected 'mode");
    refused(&GOOD.replace("heaps 1 2", "heaps 1 x"), 3, "x");
    refused(&GOOD.replace("heaps 1 2", "heaps 1 0"), 3, "empty");
    refused(&GOOD.replace("players ai", "players robots"), 4, "unknown players");
    refused(&GOOD.replace("players ai", "players human Ann"), 4, "two names");
    refused(&GOOD.replace("you 2 2", "they 2 2"), 5, "unknown player 'they'");
    refused(&GOOD.replace("you 2 2", "you 2"), 5, "expected a move");
    refused(&GOOD.replace("you 2 2", "you 2 -1"), 5, "-1");
    refused(&GOOD.replace("you 2 2", "you 0 2"), 5, "heap 0");
    refused(&GOOD.replace("you 2 2", "you 3 1"), 5, "illegal move");
    refused(&GOOD.replace("you 2 2", "you 2 3"), 5, "illegal move");
    refused(&GOOD.replace("ai 1 1", "you 1 1"), 6, "twice");
    refused(&GOOD.replace("ai 1 1\n", ""), 5, "ends before the game does");
    refused(&format!("{GOOD}you 1 1\n"), 7, "after the last token");
}

#[test]
fn replay_refuses_a_damaged_file_with_exit_2_and_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, GOOD.replace("ai 1 1", "ai 1 5")).unwrap();
    let out = Command::new(BIN).arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt: line 6: illegal move"), "{err}");
}

#[test]
fn replay_steps_forwards_and_backwards() {
    let record = Record::parse(nim_tui::i18n::Language::English, GOOD).unwrap();
    let mut app = App::replay(&record);
    let heaps = |app: &App| app.game().unwrap().position().heaps().to_vec();
    assert_eq!(heaps(&app), vec![1, 2]);
    assert!(!app.ai_waiting());
    app.update(Msg::action(Action::More));
    assert_eq!(heaps(&app), vec![1, 0]);
    app.update(Msg::action(Action::More));
    assert_eq!(heaps(&app), vec![0, 0]);
    assert_eq!(app.game().unwrap().over.as_ref().map(|o| o.winner), Some(Seat::Second));
    app.update(Msg::action(Action::More));
    assert!(matches!(&app.screen, nim_tui::app::Screen::Replay(r) if r.at == 2));
    app.update(Msg::action(Action::Less));
    assert_eq!(heaps(&app), vec![1, 0]);
    assert!(app.game().unwrap().over.is_none());
    app.update(Msg::action(Action::Less));
    app.update(Msg::action(Action::Less));
    assert_eq!(heaps(&app), vec![1, 2]);
    assert_eq!(app.update(Msg::action(Action::Quit)), Effect::Quit);
}

/// The record `w` saves after a resignation: played a move, the AI answered, `R`, `y`, `w`.
fn resigned_record() -> Record {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(vec![3, 4, 5]), ..base() }, Some(1));
    app.update(Msg::action(Action::Take));
    app.update(Msg::AiMove);
    app.update(Msg::action(Action::Resign));
    app.update(Msg::char('y'));
    match app.update(Msg::action(Action::Record)) {
        Effect::SaveRecord(record) => record,
        other => panic!("w after a resignation: {other:?}"),
    }
}

#[test]
fn a_resigned_game_is_recorded_and_replays_to_the_resignation() {
    let record = resigned_record();
    let text = record.to_text();
    assert!(text.ends_with("\nresigned you\n"), "{text}");
    let read =
        Record::parse(nim_tui::i18n::Language::English, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record);
    assert_eq!(read.resigned, Some(Seat::First));

    // The replay steps to the end, where the resignation is the game's end.
    let mut app = App::replay(&read);
    let ending = |app: &App| match &app.screen {
        nim_tui::app::Screen::Replay(r) => r.ending(nim_tui::i18n::Language::English),
        _ => panic!("not a replay"),
    };
    assert_eq!(ending(&app), None);
    app.update(Msg::action(Action::TakeAll));
    assert_eq!(ending(&app).as_deref(), Some("You resigned"));
    let over = app.game().unwrap().over.clone().expect("the end");
    assert_eq!((over.winner, over.given_up), (Seat::Second, Some(nim_tui::app::GiveUp::Resigned)));
    // One step back, the game goes on.
    app.update(Msg::action(Action::Less));
    assert_eq!(ending(&app), None);

    // Saved as `w` saves it and read back as `nim-tui replay` reads it (which used to refuse it:
    // "the record ends before the game does").
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().to_path_buf());
    let path = store.save_record(&text).unwrap();
    assert_eq!(
        Record::parse(nim_tui::i18n::Language::English, &std::fs::read_to_string(path).unwrap()),
        Ok(record)
    );
}

#[test]
fn a_resignation_is_checked_like_a_move() {
    let open = "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 1\n";
    let record = Record::parse(nim_tui::i18n::Language::English, &format!("{open}resigned ai\n")).unwrap();
    assert_eq!(record.resigned, Some(Seat::Second));
    // Resigned at once: the one who resigned was to move first.
    let at_once = Record::parse(
        nim_tui::i18n::Language::English,
        "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nresigned you\n",
    );
    assert_eq!(
        at_once.map(|r| (r.history.len(), r.history.first(), r.resigned)),
        Ok((0, Seat::First, Some(Seat::First)))
    );
    refused(&format!("{open}resigned you\n"), 6, "only the player to move can resign");
    refused(&format!("{open}resigned robot\n"), 6, "unknown player 'robot'");
    refused(&format!("{open}resigned ai\nyou 1 1\n"), 7, "after the resignation");
    refused(&format!("{GOOD}resigned you\n"), 7, "after the last token");
    // Old records, played to the end, read as before.
    assert_eq!(Record::parse(nim_tui::i18n::Language::English, GOOD).map(|r| r.resigned), Ok(None));
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}
