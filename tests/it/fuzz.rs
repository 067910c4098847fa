//! Fuzzing the parsers that take outside input (command line, `solve -` lines, config files, key
//! names, the files on disk): whatever arrives, they answer with a value or a message, never a panic.

use std::fs;
use std::io::Cursor;
use std::path::Path;
use std::str::FromStr;

use nim_tui::config::{self, DEFAULT_TOML};
use nim_tui::domain::Stats;
use nim_tui::domain::{MAX_HEAP, MAX_HEAPS, parse_start_heaps};
use nim_tui::engine::{Mode, parse_heaps};
use nim_tui::keys::KeyBinding;
use nim_tui::solve::{self, Input, Options, SolveError};
use nim_tui::store::{GAME_FILE, STATS_FILE, Store};
use proptest::prelude::*;

use crate::support::sized;

/// Text that looks like heaps most of the time: digits, separators, signs and the odd letter.
fn heapish() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9, +\\-]{0,60}",
        "[0-9]{1,25}(,[0-9 ]{1,25}){0,20}",
        "[0-9a-z, \t\n+\\-_.]{0,40}",
        any::<String>(),
    ]
}

/// Key names in the form people write them, plus noise.
fn keyish() -> impl Strategy<Value = String> {
    let named = prop_oneof![
        Just("enter".to_string()),
        Just("space".to_string()),
        Just("up".to_string()),
        Just("pgdown".to_string()),
        Just("Esc".to_string()),
        Just("insert".to_string()),
        "f[0-9]{1,3}",
        "[ -~]",
        any::<char>().prop_map(String::from),
    ];
    let prefix =
        prop::collection::vec(prop_oneof!["ctrl-", "alt-", "shift-", "meta-", "control-", "CTRL-"], 0..4);
    prop_oneof![(prefix, named).prop_map(|(p, n)| p.concat() + &n), any::<String>(), "[a-z\\-]{0,12}"]
}

/// Bytes of `base` with some deleted, duplicated or replaced.
fn mutated(base: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0..3u8, any::<prop::sample::Index>(), any::<u8>()), 1..12).prop_map(move |edits| {
        let mut bytes = base.to_vec();
        for (op, at, byte) in edits {
            if bytes.is_empty() {
                bytes.push(byte);
                continue;
            }
            let i = at.index(bytes.len());
            match op {
                0 => {
                    bytes.remove(i);
                }
                1 => bytes.insert(i, bytes[i]),
                _ => bytes[i] = byte,
            }
        }
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: sized(128, 512), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn parse_heaps_answers_everything(text in heapish()) {
        match parse_heaps(&text) {
            Ok(heaps) => prop_assert!(!heaps.is_empty()),
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    #[test]
    fn start_heaps_respect_the_limits(text in heapish()) {
        match parse_start_heaps(&text) {
            Ok(heaps) => {
                prop_assert!((1..=MAX_HEAPS).contains(&heaps.len()), "{} heaps from {text:?}", heaps.len());
                prop_assert!(heaps.iter().all(|&h| (1..=MAX_HEAP).contains(&h)), "{heaps:?} from {text:?}");
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    #[test]
    fn solve_lines_answer_or_name_the_line(
        lines in prop::collection::vec(heapish(), 0..8),
        json in any::<bool>(),
        misere in any::<bool>(),
    ) {
        let text = lines.join("\n");
        let line_count = text.lines().count();
        let mode = if misere { Mode::Misere } else { Mode::Normal };
        let mut out = Vec::new();
        let game = nim_tui::engine::Ruleset::nim(mode).game();
        let options = Options { json, ..Options::default() };
        match solve::run(nim_tui::i18n::Language::English, &game, Input::Stdin, options, Cursor::new(text.as_bytes()), &mut out, std::io::sink()) {
            Ok(_) => {
                if json {
                    let answers = String::from_utf8(out).expect("solve writes UTF-8");
                    let positions = text.lines().filter(|l| !l.trim().is_empty()).count();
                    prop_assert_eq!(answers.lines().count(), positions);
                    for answer in answers.lines() {
                        prop_assert!(serde_json::from_str::<serde_json::Value>(answer).is_ok(), "{answer}");
                        crate::support::schema::check_line(answer);
                    }
                }
            }
            Err(e @ SolveError::BadLine { line, .. }) => {
                prop_assert!((1..=line_count).contains(&line), "line {line} of {line_count}");
                prop_assert!(e.to_string().starts_with(&format!("line {line}: ")), "{e}");
            }
            Err(e @ SolveError::Usage(_)) => prop_assert!(!e.to_string().is_empty()),
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }

    #[test]
    fn config_text_never_panics(text in any::<String>()) {
        if let Err(e) = config::parse(Path::new("x.toml"), &text) {
            prop_assert!(e.to_string().contains("x.toml"), "{e}");
        }
    }

    #[test]
    fn config_from_toml_pieces_never_panics(
        lines in prop::collection::vec(
            prop_oneof![
                "[a-z_]{1,10} = [0-9\"a-z,\\[\\] ]{0,20}",
                "\\[[a-z]{1,6}\\]",
                "(take|quit|up|down|hint|help) = \\[\"[a-z\\-?+ ]{0,12}\"\\]",
                "heaps = \"[0-9, ]{0,30}\"",
                any::<String>(),
            ],
            0..10,
        )
    ) {
        let text = lines.join("\n");
        if let Err(e) = config::parse(Path::new("x.toml"), &text) {
            prop_assert!(e.to_string().contains("x.toml"), "{e}");
        }
    }

    #[test]
    fn shipped_config_mutated_never_panics(bytes in mutated(DEFAULT_TOML.as_bytes())) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = config::parse(Path::new("x.toml"), &text) {
            prop_assert!(e.to_string().contains("x.toml"), "{e}");
        }
    }

    #[test]
    fn key_names_round_trip(text in keyish()) {
        match KeyBinding::from_str(&text) {
            Ok(key) => {
                let written = key.to_string();
                prop_assert_eq!(KeyBinding::from_str(&written), Ok(key), "{:?} written as {:?}", text, written);
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}

/// Loads `game.json` and `stats.json` holding `game` and `stats`, and checks what a player would
/// see: either the file was good, or fresh data with a warning and the file moved aside.
fn check_store(game: &[u8], stats: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path().to_path_buf());
    fs::write(store.game_path(), game).expect("write game.json");
    fs::write(store.stats_path(), stats).expect("write stats.json");

    let (saved, warning) = store.load_game();
    match warning {
        Some(warning) => {
            prop_assert!(saved.is_none());
            prop_assert!(warning.contains(GAME_FILE), "{warning}");
            prop_assert!(!store.game_path().exists(), "a bad game.json was left in place");
        }
        None => prop_assert!(store.game_path().exists()),
    }
    let (loaded, warning) = store.load_stats();
    match warning {
        Some(warning) => {
            prop_assert_eq!(loaded, Stats::default());
            prop_assert!(warning.contains(STATS_FILE), "{warning}");
            prop_assert!(!store.stats_path().exists(), "a bad stats.json was left in place");
        }
        None => prop_assert!(store.stats_path().exists()),
    }
    // Nothing was lost: every file written is still in the directory, under some name.
    let files = fs::read_dir(dir.path()).expect("read dir").count();
    prop_assert_eq!(files, 2);
    Ok(())
}

fn valid_stats() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::at(dir.path().to_path_buf());
        let (stats, _) = store
            .record_game(
                Mode::Misere,
                nim_tui::domain::GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played },
            )
            .expect("record a game");
        store.save_stats(&stats).expect("save stats");
        fs::read(store.stats_path()).expect("read stats")
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: sized(64, 256), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn saved_files_of_any_bytes_never_panic(
        game in prop::collection::vec(any::<u8>(), 0..300),
        stats in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        check_store(&game, &stats)?;
    }

    #[test]
    fn saved_json_of_any_shape_never_panics(game in "[{}\\[\\]\":,0-9a-z_ ]{0,120}", stats in "[{}\\[\\]\":,0-9a-z_ ]{0,120}") {
        check_store(game.as_bytes(), stats.as_bytes())?;
    }

    #[test]
    fn stats_mutated_never_panic(bytes in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut stats = valid_stats().to_vec();
        for (at, byte) in bytes {
            let i = at.index(stats.len());
            stats[i] = byte;
        }
        check_store(b"", &stats)?;
    }
}

/// Found by `key_names_round_trip`: Ctrl with Shift and a letter read as Ctrl with the capital,
/// which no terminal sends and which was written back as a different key.
#[test]
fn ctrl_shift_letter_round_trips() {
    let key = KeyBinding::from_str("ctrl-shift-a").expect("a valid key name");
    assert_eq!(KeyBinding::from_str(&key.to_string()), Ok(key));
    assert_eq!(key, KeyBinding::from_str("ctrl-a").expect("a valid key name"));
}
