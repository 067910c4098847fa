//! Every game's moves in the files: a record written and read back, a saved game written, checked
//! and resumed, with the moves of every kind (several heaps, both heaps, splits, pins) and
//! Fibonacci's limit rebuilt by replaying. Nim's saved moves keep their old form. A saved game or a
//! record that does not fit its game (heaps, mode, limits) is refused by name, and left in place.

use crate::support::BIN;
use nim_tui::domain::{History, Level, Players, Seat};
use nim_tui::domain::{SavedGame, SavedMove};
use nim_tui::engine::{GameKind, Mode, Move, Rules, Ruleset, SubtractionSet};
use nim_tui::record::Record;
use nim_tui::store::Store;

/// A game between the AI and itself from `start`, stopped after `moves` moves (or at the end).
fn played(rules: Ruleset, start: &[u64], moves: usize) -> History {
    let mut history = History::new(rules, start.to_vec(), Seat::First);
    while history.len() < moves && !history.is_over() {
        let mv = history.game().ai_move(history.position()).expect("a move while the game goes on");
        history.push(history.to_move(), mv).unwrap();
    }
    history
}

fn games() -> Vec<(Ruleset, Vec<u64>)> {
    let set = SubtractionSet::new([1, 3, 4]).unwrap();
    vec![
        (Ruleset::new(GameKind::Moore(2), Mode::Normal), vec![5, 6, 3, 7]),
        (Ruleset::new(GameKind::Moore(3), Mode::Misere), vec![9, 2, 2, 5, 1]),
        (Ruleset::new(GameKind::Subtraction(set), Mode::Normal), vec![11, 6]),
        (Ruleset::new(GameKind::Lasker, Mode::Normal), vec![7, 3]),
        (Ruleset::new(GameKind::Kayles, Mode::Normal), vec![9, 4]),
        (Ruleset::new(GameKind::Wythoff, Mode::Normal), vec![9, 14]),
        (Ruleset::new(GameKind::Fibonacci, Mode::Normal), vec![40]),
    ]
}

#[test]
fn records_read_back_every_game() {
    for (rules, start) in games() {
        let history = played(rules, &start, usize::MAX);
        assert!(history.is_over(), "{}", rules.kind);
        let record = Record::of(&history, &Players::Ai);
        let text = record.to_text();
        assert!(text.contains(&format!("game {}\n", rules.kind)), "{text}");
        let back = Record::parse(nim_tui::i18n::Language::English, &text)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.kind));
        assert_eq!(back.history, history, "{}", rules.kind);
    }
}

#[test]
fn saved_games_resume_every_game() {
    for (rules, start) in games() {
        for moves in 1..6 {
            let history = played(rules, &start, moves);
            if history.is_over() {
                continue;
            }
            let saved = SavedGame::of(&history, &Players::Ai, Level::Perfect, false, 600, None);
            let json = serde_json::to_string(&saved).unwrap();
            let back: SavedGame = serde_json::from_str(&json).unwrap();
            back.validate().unwrap_or_else(|e| panic!("{} after {moves}: {e}\n{json}", rules.kind));
            assert_eq!(back.history().unwrap(), history, "{} after {moves}", rules.kind);
            // Fibonacci's limit comes back with the replay.
            assert_eq!(back.history().unwrap().position().limit(), history.position().limit());
        }
    }
}

#[test]
fn moves_of_every_kind_have_their_saved_form() {
    // Each game writes its moves in its own notation, as records do, and reads them back.
    let cases = [
        ("nim", Move::take(2, 5), r#"{"by":"you","move":"3 5"}"#),
        ("wythoff", Move::both(4), r#"{"by":"you","move":"both 4"}"#),
        ("lasker", Move::split(0, 3), r#"{"by":"you","move":"1 split 3"}"#),
        ("kayles", Move::pins(1, 4, 2), r#"{"by":"you","move":"2 pins 4 5"}"#),
    ];
    for (game, mv, json) in cases {
        let rules = Ruleset::new(game.parse().unwrap(), Mode::Normal);
        let saved = SavedMove::of(&rules.game(), Seat::First, &mv);
        assert_eq!(serde_json::to_string(&saved).unwrap(), json);
        assert_eq!(serde_json::from_str::<SavedMove>(json).unwrap().to_move(&rules.game()), Ok(mv));
    }
}

#[test]
fn records_of_a_game_refuse_what_it_cannot_be() {
    let record = "# nim-tui game record\ngame dawson\nmode misere\nheaps 3 4\nplayers ai\n";
    let err = Record::parse(nim_tui::i18n::Language::English, record).unwrap_err();
    assert!(err.line == 3 && err.problem.contains("no misère form"), "{err}");
    let record = "# nim-tui game record\ngame wythoff\nmode normal\nheaps 3 4 5\nplayers ai\n";
    let err = Record::parse(nim_tui::i18n::Language::English, record).unwrap_err();
    assert!(err.line == 4 && err.problem.contains("exactly 2 heaps"), "{err}");
    let record =
        "# nim-tui game record\ngame fibonacci\nmode normal\nheaps 10\nplayers ai\nyou 1 3\nai 1 7\n";
    let err = Record::parse(nim_tui::i18n::Language::English, record).unwrap_err();
    assert!(err.line == 7 && err.problem.contains("at most 6"), "{err}");
}

#[test]
fn positions_without_a_limit_keep_their_plain_form() {
    use nim_tui::engine::Position;
    let plain = Position::new(vec![3, 4, 5]);
    assert_eq!(serde_json::to_string(&plain).unwrap(), "[3,4,5]");
    assert_eq!(serde_json::from_str::<Position>("[3,4,5]").unwrap(), plain);
    let limited = Position::with_limit(vec![20], Some(4));
    let json = serde_json::to_string(&limited).unwrap();
    assert_eq!(json, r#"{"heaps":[20],"limit":4}"#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), limited);
    assert!(serde_json::from_str::<Position>(r#"{"heaps":[1]}"#).is_err());
}

/// Games saved or recorded in a form their game is not played in: a mode it has no form of, a
/// number of heaps it is not played on, heaps beyond its start limits. Each with the line of a
/// record that says so (3: the mode, 4: the heaps) and a word of the message.
fn misfits() -> Vec<(&'static str, Mode, Vec<u64>, usize, &'static str)> {
    vec![
        ("wythoff", Mode::Normal, vec![3, 4, 5], 4, "2 heaps"),
        ("wythoff", Mode::Normal, vec![7], 4, "2 heaps"),
        ("wythoff", Mode::Misere, vec![3, 4], 3, "no misère"),
        ("fibonacci", Mode::Normal, vec![3, 4], 4, "heap, not 2"),
        ("fibonacci", Mode::Normal, vec![1], 4, "at least 2 tokens"),
        ("fibonacci", Mode::Misere, vec![10], 3, "no misère"),
        ("dawson", Mode::Misere, vec![3, 4], 3, "no misère"),
        ("kayles", Mode::Normal, vec![5, 40], 4, "at most 24"),
        ("lasker", Mode::Misere, vec![3, 4], 3, "no misère"),
        ("subtraction:1,2,3", Mode::Misere, vec![5], 3, "no misère"),
        ("subtraction:1,2,3", Mode::Normal, vec![8, 500], 4, "at most 36"),
        ("21", Mode::Normal, vec![21, 1000], 4, "at most 36"),
    ]
}

/// A saved game of `game` in `mode` from `start`, no move made yet.
fn saved_misfit(game: &str, mode: Mode, start: &[u64]) -> serde_json::Value {
    let mut saved = SavedGame::new(mode, Level::Perfect, start.to_vec(), Seat::First, 0);
    saved.game = game.to_string();
    serde_json::to_value(&saved).unwrap()
}

#[test]
fn saved_games_that_do_not_fit_their_game_are_refused_by_name_and_left_in_place() {
    for (game, mode, start, _, word) in misfits() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path().to_path_buf());
        let bytes = serde_json::to_vec(&saved_misfit(game, mode, &start)).unwrap();
        std::fs::write(store.game_path(), &bytes).unwrap();
        let what = format!("{game} {mode:?} {start:?}");

        let (offered, warning) = store.load_game();
        assert_eq!(offered, None, "{what} is not offered");
        let warning = warning.unwrap_or_else(|| panic!("{what}: no message"));
        assert!(warning.contains(&store.game_path().display().to_string()), "{what}: {warning}");
        assert!(warning.contains(word), "{what}: {warning}");
        assert_eq!(std::fs::read(store.game_path()).unwrap(), bytes, "{what}: left as it was");
        let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(!files.iter().any(|n| n.to_string_lossy().contains("corrupt")), "{what}: {files:?}");
        // Not overwritten by accident either: this instance's next save is refused, saying why.
        let nim = SavedGame::new(Mode::Normal, Level::Perfect, vec![3, 4], Seat::First, 0);
        assert!(store.save_game(&nim).unwrap_err().to_string().contains("not overwriting"), "{what}");
        assert_eq!(std::fs::read(store.game_path()).unwrap(), bytes, "{what}");
        // The same game in a form that fits is offered.
        let rules = Ruleset::new(game.parse().unwrap(), Mode::Normal);
        let fits = nim_tui::domain::fit_heaps(rules.kind, start.clone());
        std::fs::write(
            store.game_path(),
            serde_json::to_vec(&saved_misfit(game, Mode::Normal, &fits)).unwrap(),
        )
        .unwrap();
        let fresh = Store::at(dir.path().to_path_buf());
        assert!(fresh.load_game().0.is_some(), "{game} on {fits:?} is offered");
    }
}

fn misfit_record(game: &str, mode: Mode, start: &[u64]) -> String {
    let heaps: Vec<String> = start.iter().map(u64::to_string).collect();
    format!(
        "# nim-tui game record\ngame {game}\nmode {}\nheaps {}\nplayers ai\n",
        mode.as_str(),
        heaps.join(" ")
    )
}

#[test]
fn records_that_do_not_fit_their_game_are_refused_with_their_line() {
    for (game, mode, start, line, word) in misfits() {
        let err =
            Record::parse(nim_tui::i18n::Language::English, &misfit_record(game, mode, &start)).unwrap_err();
        assert!(err.line == line && err.problem.contains(word), "{game} {mode:?} {start:?}: {err}");
    }
}

#[test]
fn replay_of_a_record_that_does_not_fit_its_game_exits_2_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (game, mode, start, line, word)) in misfits().into_iter().enumerate() {
        let path = dir.path().join(format!("misfit-{i}.txt"));
        std::fs::write(&path, misfit_record(game, mode, &start)).unwrap();
        let out = std::process::Command::new(BIN)
            .arg("replay")
            .arg(&path)
            .env("HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game} {start:?}: {stderr}");
        let names = format!("{}: line {line}", path.display());
        assert!(stderr.contains(&names) && stderr.contains(word), "{game} {start:?}: {stderr}");
    }
}
