//! Every game's moves in the files: a record written and read back, a saved game written, checked
//! and resumed, with the moves of every kind (several heaps, both heaps, splits, pins) and
//! Fibonacci's limit rebuilt by replaying. Nim's saved moves keep their old form.

use nim_tui::domain::{History, Level, Players, Seat};
use nim_tui::engine::{GameKind, Mode, Move, Rules, Ruleset, SubtractionSet};
use nim_tui::record::Record;
use nim_tui::store::{SavedGame, SavedMove};

/// A game between the AI and itself from `start`, stopped after `moves` moves (or at the end).
fn played(rules: Ruleset, start: &[u64], moves: usize) -> History {
    let mut history = History::new(rules, start.to_vec(), Seat::First);
    while history.len() < moves && !history.is_over() {
        let mv = rules.ai_move(history.position()).expect("a move while the game goes on");
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
        let back = Record::parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.kind));
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
        let saved = SavedMove::of(&rules, Seat::First, &mv);
        assert_eq!(serde_json::to_string(&saved).unwrap(), json);
        assert_eq!(serde_json::from_str::<SavedMove>(json).unwrap().to_move(&rules), Ok(mv));
    }
}

#[test]
fn records_of_a_game_refuse_what_it_cannot_be() {
    let record = "# nim-tui game record\ngame kayles\nmode misere\nheaps 3 4\nplayers ai\n";
    let err = Record::parse(record).unwrap_err();
    assert!(err.line == 3 && err.problem.contains("no misère form"), "{err}");
    let record = "# nim-tui game record\ngame wythoff\nmode normal\nheaps 3 4 5\nplayers ai\n";
    let err = Record::parse(record).unwrap_err();
    assert!(err.line == 4 && err.problem.contains("exactly 2 heaps"), "{err}");
    let record =
        "# nim-tui game record\ngame fibonacci\nmode normal\nheaps 10\nplayers ai\nyou 1 3\nai 1 7\n";
    let err = Record::parse(record).unwrap_err();
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
