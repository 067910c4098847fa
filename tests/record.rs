//! Game records: written from a finished game, read back the same, and refused whole (with the
//! line) when damaged.

use std::process::Command;

use nim_tui::app::{Action, App, Effect, First, Input, Level, Players, Setup, Side};
use nim_tui::engine::{Mode, Take};
use nim_tui::record::{Record, RecordError};
use nim_tui::store::Store;

/// A finished game against the AI at easy level, the player always taking one token.
fn finished_app(mode: Mode, seed: u64) -> App {
    let mut app = App::start_now(Setup {
        mode,
        heaps: Some(vec![3, 4, 5]),
        first: First::Ai,
        level: Level::Easy,
        seed: Some(seed),
        ..Setup::default()
    });
    for _ in 0..100 {
        let game = app.game().unwrap();
        if game.over.is_some() {
            break;
        }
        if game.your_turn() {
            app.update(Input::action(Action::TakeOne));
            app.update(Input::action(Action::Take));
        } else {
            app.update(Input::AiMove);
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
            let record = Record::of(app.game().unwrap());
            let text = record.to_text();
            assert_eq!(Record::parse(&text), Ok(record.clone()), "{text}");
            assert!(text.lines().any(|l| l.starts_with("you ")), "{text}");
        }
    }
    let hotseat = Record {
        mode: Mode::Normal,
        start: vec![1, 2],
        players: Players::Hotseat(["Ann Lee".into(), "Bob".into()]),
        moves: vec![(Side::You, Take::new(1, 2)), (Side::Ai, Take::new(0, 1))],
    };
    assert_eq!(Record::parse(&hotseat.to_text()), Ok(hotseat));
}

#[test]
fn the_record_key_asks_for_a_record_after_the_game_only() {
    let mut app = finished_app(Mode::Normal, 1);
    assert_eq!(app.update(Input::action(Action::Record)), Effect::Record);
    let mut app = App::start_now(Setup { heaps: Some(vec![3, 4, 5]), ..Setup::default() });
    assert_eq!(app.update(Input::action(Action::Record)), Effect::None);
}

#[test]
fn records_are_saved_in_the_data_dir_without_overwriting() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().to_path_buf());
    let text = Record::of(finished_app(Mode::Normal, 2).game().unwrap()).to_text();
    let first = store.save_record(&text).unwrap();
    let second = store.save_record(&text).unwrap();
    assert_ne!(first, second);
    assert!(first.starts_with(store.records_dir()));
    assert_eq!(std::fs::read_to_string(&second).unwrap(), text);
}

const GOOD: &str = "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 2\nai 1 1\n";

fn refused(text: &str, line: usize, problem: &str) {
    match Record::parse(text) {
        Err(RecordError { line: l, problem: p }) => {
            assert_eq!(l, line, "{p}");
            assert!(p.contains(problem), "'{p}' does not say '{problem}'");
        }
        Ok(r) => panic!("accepted {r:?}"),
    }
}

#[test]
fn every_kind_of_damage_is_refused_with_its_line() {
    assert!(Record::parse(GOOD).is_ok());
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
    let out = Command::new(env!("CARGO_BIN_EXE_nim-tui")).arg("replay").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt: line 6: illegal move"), "{err}");
}

#[test]
fn replay_steps_forwards_and_backwards() {
    let record = Record::parse(GOOD).unwrap();
    let mut app = App::replay(&record);
    let heaps = |app: &App| app.game().unwrap().position.heaps().to_vec();
    assert_eq!(heaps(&app), vec![1, 2]);
    assert!(!app.ai_waiting());
    app.update(Input::action(Action::More));
    assert_eq!(heaps(&app), vec![1, 0]);
    app.update(Input::action(Action::More));
    assert_eq!(heaps(&app), vec![0, 0]);
    assert_eq!(app.game().unwrap().over.as_ref().map(|o| o.winner), Some(Side::Ai));
    app.update(Input::action(Action::More));
    assert_eq!(app.replay.as_ref().unwrap().at, 2);
    app.update(Input::action(Action::Less));
    assert_eq!(heaps(&app), vec![1, 0]);
    assert!(app.game().unwrap().over.is_none());
    app.update(Input::action(Action::Less));
    app.update(Input::action(Action::Less));
    assert_eq!(heaps(&app), vec![1, 2]);
    assert_eq!(app.update(Input::action(Action::Quit)), Effect::Quit);
}
