//! Hostile and careless surroundings: FIFOs, devices and huge files in place of every file the
//! program reads, output that cannot be written, escape sequences in everything from outside,
//! files from a newer version, the largest counts, and what a killed process leaves behind; game
//! names that would cost time or memory; a `$HOME` (or `XDG_*` directory) that is not a directory.

#![cfg(unix)]

use crate::support::pty::Pty;
use crate::support::{BIN, command};

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::sample_game;
use nim_tui::domain::Level;
use nim_tui::domain::{GameResult, ModeStats, SavedGame, Seat as Player, Stats};
use nim_tui::engine::{GameKind, Mode};
use nim_tui::store::{Store, StoreError};

/// Generous: a run that takes this long is hanging, not slow.
const PATIENCE: Duration = Duration::from_secs(30);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: Vec<u8>,
}

impl Run {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// Where a stream of the program goes: captured for the test, or to `/dev/full`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Out {
    Capture,
    Full,
}

impl Out {
    fn stdio(self, capture: &Path) -> Stdio {
        let path = if self == Out::Full { Path::new("/dev/full") } else { capture };
        Stdio::from(fs::OpenOptions::new().write(true).create(true).truncate(true).open(path).unwrap())
    }
}

/// Runs nim-tui with its data and config under `home`, with no terminal, and a bound on time.
fn run_with(home: &Path, args: &[&str], stdout: Out, stderr: Out) -> Run {
    let out_file = home.join(".out");
    let err_file = home.join(".err");
    let mut child = command(home)
        .args(args)
        .stdout(stdout.stdio(&out_file))
        .stderr(stderr.stdio(&err_file))
        .spawn()
        .expect("start nim-tui");
    let end = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nim-tui {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let read = |out: Out, path: &Path| {
        if out == Out::Capture { fs::read(path).unwrap_or_default() } else { Vec::new() }
    };
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&read(stdout, &out_file)).into_owned(),
        stderr: read(stderr, &err_file),
    }
}

fn run(home: &Path, args: &[&str]) -> Run {
    run_with(home, args, Out::Capture, Out::Capture)
}

fn mkfifo(path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
}

fn link_to_zero(path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("/dev/zero", path).unwrap();
}

/// Puts a hostile thing in place of a file.
type Make = fn(&Path);

/// The two hostile things put in place of a file, each with what the message calls it.
fn hostile_kinds() -> [(Make, &'static str); 2] {
    [(mkfifo, "FIFO"), (link_to_zero, "character device")]
}

fn no_escape(text: &str) {
    assert!(
        !text.contains('\x1b') && !text.contains('\x07') && !text.contains('\u{9b}'),
        "raw control bytes: {text:?}"
    );
}

#[test]
fn a_config_file_that_is_a_fifo_or_a_device_is_refused_at_once() {
    for (make, kind) in hostile_kinds() {
        let home = tempfile::tempdir().unwrap();
        let given = home.path().join("given.toml");
        make(&given);
        let r = run(home.path(), &["--config", given.to_str().unwrap()]);
        assert_eq!(r.code, Some(2), "{}", r.stderr());
        assert!(r.stderr().contains(kind) && r.stderr().contains("given.toml"), "{}", r.stderr());

        // The config found in the usual place, too.
        let usual = home.path().join("config").join("nim-tui").join("config.toml");
        make(&usual);
        let r = run(home.path(), &[]);
        assert_eq!(r.code, Some(2), "{}", r.stderr());
        assert!(r.stderr().contains(kind) && r.stderr().contains("config.toml"), "{}", r.stderr());
    }
}

/// `nim-tui paths` says what the game would do with the config file: a FIFO or a device there is
/// not "not found" (the game refuses to start with it), and neither is a file that is no config.
#[test]
fn paths_says_a_config_that_the_game_refuses_is_there_but_refused() {
    for (make, kind) in hostile_kinds() {
        let home = tempfile::tempdir().unwrap();
        let usual = home.path().join("config").join("nim-tui").join("config.toml");
        make(&usual);
        let r = run(home.path(), &["paths"]);
        assert_eq!(r.code, Some(0), "{}", r.stderr());
        let config = r.stdout.lines().next().unwrap_or_default().to_string();
        assert!(!config.contains("not found"), "{config}");
        assert!(
            config.contains("exists, but nim-tui will refuse to start with it") && config.contains(kind),
            "{config}"
        );
        // And the game does refuse it.
        assert_eq!(run(home.path(), &[]).code, Some(2));
    }
    let home = tempfile::tempdir().unwrap();
    let bad = home.path().join("bad.toml");
    fs::write(&bad, "mode = \"sideways\"\n").unwrap();
    let r = run(home.path(), &["paths", "--config", bad.to_str().unwrap()]);
    assert!(r.stdout.contains("refuse to start with it") && r.stdout.contains("sideways"), "{}", r.stdout);
    fs::write(&bad, "mode = \"misere\"\n").unwrap();
    let r = run(home.path(), &["paths", "--config", bad.to_str().unwrap()]);
    assert!(r.stdout.lines().next().unwrap_or_default().ends_with("bad.toml (exists)"), "{}", r.stdout);
}

#[test]
fn a_replay_record_that_is_a_fifo_or_a_device_is_refused_at_once() {
    for (make, kind) in hostile_kinds() {
        let home = tempfile::tempdir().unwrap();
        let record = home.path().join("game-0001.txt");
        make(&record);
        let r = run(home.path(), &["replay", record.to_str().unwrap()]);
        assert_eq!(r.code, Some(1), "{}", r.stderr());
        assert!(r.stderr().contains(kind) && r.stderr().contains("game-0001.txt"), "{}", r.stderr());
    }
}

#[test]
fn a_statistics_file_that_is_a_fifo_or_a_device_is_reported_and_left_alone() {
    for (make, kind) in hostile_kinds() {
        let home = tempfile::tempdir().unwrap();
        let stats = home.path().join("data").join("nim-tui").join("stats.json");
        make(&stats);
        let r = run(home.path(), &["stats", "--json"]);
        assert_eq!(r.code, Some(0), "{}", r.stderr());
        assert!(r.stderr().contains(kind) && r.stderr().contains("stats.json"), "{}", r.stderr());
        assert!(r.stdout.contains("\"played\":0"), "fresh figures are shown: {}", r.stdout);
        assert!(!fs::symlink_metadata(&stats).unwrap().is_file(), "left where it was");

        // And a game finished meanwhile does not write over it.
        let store = Store::at(stats.parent().unwrap().to_path_buf());
        let _ = store.load_stats();
        let e = store
            .record_game(
                Mode::Normal,
                GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played },
            )
            .unwrap_err();
        assert!(matches!(e, StoreError::Protected { .. }), "{e}");
        assert!(!fs::symlink_metadata(&stats).unwrap().is_file());
    }
}

#[test]
fn a_saved_game_that_is_a_fifo_or_a_device_is_reported_and_left_alone() {
    for (make, kind) in hostile_kinds() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::at(home.path().join("data"));
        make(&store.game_path());
        // In a thread, so that a hang fails the test instead of stopping it.
        let (tx, rx) = std::sync::mpsc::channel();
        let dir = store.dir().to_path_buf();
        std::thread::spawn(move || {
            let store = Store::at(dir);
            let loaded = store.load_game();
            let saved = store.save_game(&sample_game());
            let _ = tx.send((loaded, saved.is_err()));
        });
        let ((game, warning), refused) = rx.recv_timeout(PATIENCE).expect("loading the saved game hung");
        assert_eq!(game, None);
        let warning = warning.expect("a warning");
        assert!(warning.contains(kind) && warning.contains("game.json"), "{warning}");
        assert!(refused, "a new save must not replace what was left alone");
        assert!(!fs::symlink_metadata(store.game_path()).unwrap().is_file());
    }
}

#[test]
fn files_too_large_are_refused_and_long_bad_values_are_cut_short() {
    let home = tempfile::tempdir().unwrap();
    let huge = home.path().join("huge.toml");
    fs::write(&huge, "x".repeat(3 << 20)).unwrap();
    let r = run(home.path(), &["--config", huge.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr().contains("larger than the limit"), "{}", r.stderr());

    // An unknown setting with a name of most of a megabyte: the message stays short.
    let long = home.path().join("long.toml");
    fs::write(&long, format!("{} = 1\n", "k".repeat(900_000))).unwrap();
    let r = run(home.path(), &["--config", long.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr().contains("unknown setting") && r.stderr.len() < 2000, "{} bytes", r.stderr.len());

    let value = home.path().join("value.toml");
    fs::write(&value, format!("theme = \"{}\"\n", "t".repeat(900_000))).unwrap();
    let r = run(home.path(), &["--config", value.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr().contains("unknown theme") && r.stderr.len() < 2000, "{} bytes", r.stderr.len());
}

#[test]
fn output_that_cannot_be_written_ends_with_a_clear_status_not_a_panic() {
    let home = tempfile::tempdir().unwrap();
    let r = run_with(home.path(), &["stats"], Out::Full, Out::Capture);
    assert_eq!(r.code, Some(1), "{}", r.stderr());
    assert!(r.stderr().contains("cannot write the statistics"), "{}", r.stderr());

    // Both full: still an exit status, and no panic (101) or abort.
    let r = run_with(home.path(), &["stats"], Out::Full, Out::Full);
    assert_eq!(r.code, Some(1));
    let r = run_with(home.path(), &["--config", "/nonexistent/config.toml"], Out::Capture, Out::Full);
    assert_eq!(r.code, Some(2));

    // A reader that goes away at once: a quiet, successful end.
    let mut child = Command::new(BIN)
        .args(["--print-config"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}: {err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn escape_sequences_from_outside_are_shown_escaped() {
    let home = tempfile::tempdir().unwrap();
    let evil = "\x1b]0;pwned\x07\x1b[2J\u{9b}31m";
    let toml_evil = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m";
    let cases = [
        format!("\"{toml_evil}\" = 1\n"),
        format!("theme = \"{toml_evil}\"\n"),
        format!("token = \"{toml_evil}\"\n"),
        format!("mode = \"{toml_evil}\"\n"),
        format!("[keys]\nhint = [\"{toml_evil}\"]\n"),
        format!("[keys]\n\"{toml_evil}\" = [\"x\"]\n"),
    ];
    for (i, text) in cases.iter().enumerate() {
        let path = home.path().join(format!("c{i}.toml"));
        fs::write(&path, text).unwrap();
        let r = run(home.path(), &["--config", path.to_str().unwrap()]);
        assert_eq!(r.code, Some(2), "{text}: {}", r.stderr());
        no_escape(&r.stderr());
        assert!(r.stderr().contains("\\x1b"), "{text}: {}", r.stderr());
    }

    // A file name with an escape sequence in it, echoed in the message.
    let odd = home.path().join(format!("{evil}.toml"));
    let r = run(home.path(), &["--config", odd.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    no_escape(&r.stderr());

    // A replay record with one inside.
    let record = home.path().join(format!("{evil}.txt"));
    fs::write(&record, format!("nim-tui record 1\nplayers: {evil}\n{evil}\n")).unwrap();
    let r = run(home.path(), &["replay", record.to_str().unwrap()]);
    assert_ne!(r.code, Some(0));
    no_escape(&r.stderr());

    // A data directory whose name holds one, with a statistics file to be moved aside.
    let data = home.path().join("data").join("nim-tui");
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("stats.json"), evil).unwrap();
    let r = run(home.path(), &["stats"]);
    assert_eq!(r.code, Some(0));
    no_escape(&r.stderr());
    assert!(r.stderr().contains("moved to"), "{}", r.stderr());

    // A saved game whose fields quote one back in the parser's message: the warning, shown on
    // screen and printed, holds it escaped.
    let store = Store::at(data.clone());
    let json_evil = "\\u001b]0;pwned\\u0007";
    fs::write(store.game_path(), format!("{{\"version\":2,\"mode\":\"{json_evil}\"}}")).unwrap();
    let (game, warning) = store.load_game();
    assert_eq!(game, None);
    let warning = warning.expect("a warning");
    no_escape(&warning);
    assert!(warning.contains("\\x1b"), "{warning}");
}

#[test]
fn a_file_from_a_newer_version_is_refused_clearly_and_left_untouched() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::at(home.path().to_path_buf());
    let newer = br#"{"version": 99, "something": "new"}"#;
    fs::write(store.stats_path(), newer).unwrap();
    fs::write(store.game_path(), newer).unwrap();

    let (stats, warning) = store.load_stats();
    assert_eq!(stats, Stats::default());
    let warning = warning.unwrap();
    assert!(warning.contains("newer nim-tui") && warning.contains("version 99"), "{warning}");
    let (game, warning) = store.load_game();
    assert_eq!(game, None);
    assert!(warning.unwrap().contains("newer nim-tui"));

    assert!(
        store
            .record_game(
                Mode::Normal,
                GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played }
            )
            .is_err()
    );
    assert!(store.save_game(&sample_game()).is_err());
    assert_eq!(fs::read(store.stats_path()).unwrap(), newer);
    assert_eq!(fs::read(store.game_path()).unwrap(), newer);
    let names: Vec<PathBuf> = fs::read_dir(home.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(!names.iter().any(|p| p.to_string_lossy().contains("corrupt")), "{names:?}");
}

#[test]
fn counts_at_their_largest_still_load() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::at(home.path().to_path_buf());
    let max = u64::MAX;
    let mut stats = Stats {
        normal: ModeStats {
            played: max,
            won: max - 1,
            lost: 1,
            assisted_wins: 0,
            current_streak: 5,
            best_streak: 9,
            resigned: 0,
            abandoned: 1,
        },
        ..Stats::default()
    };
    stats.puzzle.attempted = max;
    stats.puzzle.solved = max;
    stats.puzzle.current_streak = max;
    stats.puzzle.best_streak = max;
    store.save_stats(&stats).unwrap();
    for won in [true, false] {
        store
            .record_game(Mode::Normal, GameResult { won, assisted: false, how: nim_tui::domain::How::Played })
            .unwrap();
        store.record_puzzle(won).unwrap();
    }
    let (loaded, warning) = store.load_stats();
    assert_eq!(warning, None, "the file at the largest counts still loads");
    assert_eq!(loaded, stats, "counts stop at the largest, consistent");
}

#[test]
fn leftovers_of_a_killed_save_are_removed_and_a_killed_resume_is_given_back() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::at(home.path().to_path_buf());
    // A process id that is not running: far above any pid_max.
    let dead = 0x3fff_fff0u32;
    let tmp = home.path().join(format!(".stats.json.tmp-{dead}-0"));
    fs::write(&tmp, b"{\"version\":1,").unwrap();
    let mine = home.path().join(format!(".stats.json.tmp-{}-999", std::process::id()));
    fs::write(&mine, b"in progress").unwrap();
    let _ = store.load_stats();
    assert!(!tmp.exists(), "the killed save's temporary file is removed");
    assert!(mine.exists(), "a running instance's is not");

    // An instance killed while playing a resumed game: the game comes back.
    let game = sample_game();
    let claimed = home.path().join(format!(".game.claimed-{dead}-0.json"));
    fs::write(&claimed, serde_json::to_vec(&game).unwrap()).unwrap();
    assert_eq!(store.load_game(), (Some(game), None));
}

#[test]
fn two_player_games_are_saved_and_version_1_files_still_load() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::at(home.path().to_path_buf());
    let mut game = sample_game();
    game.hotseat = Some(["Ada".to_string(), "Grace".to_string()]);
    store.save_game(&game).unwrap();
    let text = fs::read_to_string(store.game_path()).unwrap();
    assert!(text.contains("\"game\": \"nim\"") && text.contains("Grace"), "{text}");
    assert_eq!(store.load_game(), (Some(game.clone()), None));

    // A name that would play tricks on the terminal is not accepted from a file.
    let mut bad = game.clone();
    bad.hotseat = Some(["Ada".to_string(), "\x1b]0;x\x07".to_string()]);
    assert!(bad.validate().is_err());

    let v1 = r#"{"version":1,"mode":"normal","level":"perfect","start_heaps":[3,4,5],"heaps":[2,4,5],
        "turn":"ai","moves":[{"by":"you","heap":1,"take":1}],"ai_delay_ms":0}"#;
    fs::write(store.game_path(), v1).unwrap();
    let (loaded, warning) = store.load_game();
    assert_eq!(warning, None);
    let loaded = loaded.unwrap();
    assert_eq!((loaded.game.as_str(), loaded.hotseat.clone()), ("nim", None));
}

/// Statistics naming games that would cost time or memory if their names were built into games:
/// ranges that expand to 128 amounts, thousands of times, in one name of megabytes; and two
/// thousand different subtraction sets, each of which would need its Grundy table.
fn hostile_stats() -> Vec<u8> {
    let figures = serde_json::json!({
        "normal": {"played": 1, "won": 1, "lost": 0, "assisted_wins": 0, "current_streak": 1, "best_streak": 1},
        "misere": {"played": 0, "won": 0, "lost": 0, "assisted_wins": 0, "current_streak": 0, "best_streak": 0},
    });
    let mut games = serde_json::Map::new();
    games.insert(format!("subtraction:{}", vec!["1-128"; 500_000].join(",")), figures.clone());
    games.insert(format!("subtraction:{}", vec!["1-128"; 128].join(",")), figures.clone());
    // Sets of six amounts up to 128, different each time (a simple generator, no randomness).
    let mut x = 12345u64;
    for _ in 0..2000 {
        let mut bits = 0u128;
        for _ in 0..6 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            bits |= 1 << ((x >> 33) % 128);
        }
        let set: Vec<String> = (0..128).filter(|b| bits >> b & 1 == 1).map(|b| (b + 1).to_string()).collect();
        games.insert(format!("subtraction:{}", set.join(",")), figures.clone());
    }
    let mut stats = serde_json::to_value(Stats::default()).unwrap();
    stats["games"] = serde_json::Value::Object(games);
    let bytes = serde_json::to_vec(&stats).unwrap();
    assert!(bytes.len() < 4 << 20, "within the size limit of data files: {}", bytes.len());
    bytes
}

/// Runs nim-tui like `run`, with its address space limited to `bytes`.
fn run_limited(home: &Path, args: &[&str], bytes: u64) -> Run {
    use std::os::unix::process::CommandExt;
    let mut cmd = command(home);
    cmd.args(args);
    let limit = libc::rlimit { rlim_cur: bytes as libc::rlim_t, rlim_max: bytes as libc::rlim_t };
    // SAFETY: setrlimit is async-signal-safe, and `limit` is moved into the closure.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let out = cmd.output().expect("start nim-tui");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: out.stderr,
    }
}

#[test]
fn statistics_naming_costly_games_load_under_a_memory_limit() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("nim-tui");
    fs::create_dir_all(&dir).unwrap();
    let bytes = hostile_stats();
    fs::write(dir.join("stats.json"), &bytes).unwrap();
    // Far less than the 700 MB that one name of ranges used to take.
    let out = run_limited(home.path(), &["stats", "--json"], 256 << 20);
    assert_eq!(out.code, Some(0), "{}", out.stderr());
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    // Every set's figures are shown; the two names of ranges (one too long to read, one not
    // written as this version writes names) are kept, not counted.
    let before: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let names = before["games"].as_object().unwrap().len();
    assert_eq!(json["games"].as_object().unwrap().len(), names - 2, "{}", out.stderr());
    assert_eq!(fs::read(dir.join("stats.json")).unwrap(), bytes, "the file is left as it is");

    // A game of Nim counted with these statistics keeps every other game's figures.
    let store = Store::new(dir.clone(), home.path().join("state"));
    store
        .record_game(
            Mode::Normal,
            GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played },
        )
        .unwrap();
    let written: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("stats.json")).unwrap()).unwrap();
    assert_eq!(written["normal"]["won"], 1);
    let (written, before) = (written["games"].as_object().unwrap(), before["games"].as_object().unwrap());
    assert_eq!(written.len(), before.len(), "every game is still there");
    for (name, figures) in before {
        // Known games are written as this version writes figures (with its default members);
        // the others exactly as they were.
        let same = match GameKind::parse_name(name) {
            Ok(kind) if kind.name() == *name => written[name]["normal"]["won"] == figures["normal"]["won"],
            _ => written[name] == *figures,
        };
        assert!(same, "{} changed", &name[..name.len().min(40)]);
    }
}

#[test]
fn a_saved_game_naming_a_costly_game_is_refused_quickly_and_kept() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state").join("nim-tui");
    fs::create_dir_all(&state).unwrap();
    let mut game = serde_json::to_value(sample_game()).unwrap();
    game["game"] = format!("subtraction:{}", vec!["1-128"; 500_000].join(",")).into();
    let bytes = serde_json::to_vec(&game).unwrap();
    fs::write(state.join("game.json"), &bytes).unwrap();
    let store = Store::new(home.path().join("data"), state.clone());
    let (offered, warning) = store.load_game();
    assert_eq!(offered, None);
    let warning = warning.unwrap();
    assert!(warning.contains("game.json") && warning.len() < 1000, "{warning}");
    assert_eq!(fs::read(state.join("game.json")).unwrap(), bytes);
}

#[test]
fn a_game_named_past_the_limits_is_refused_with_exit_2_and_the_limit() {
    let home = tempfile::tempdir().unwrap();
    let items: Vec<String> = (0..129).map(|i| (i % 128 + 1).to_string()).collect();
    let too_many = format!("subtraction:{}", items.join(","));
    let too_long = format!("subtraction:{}", vec!["1-128"; 400].join(","));
    for (name, limit) in [(too_many.as_str(), "128"), (too_long.as_str(), "1000")] {
        for args in [vec!["--game", name], vec!["solve", "--game", name, "3"]] {
            let out = run_limited(home.path(), &args, 256 << 20);
            let stderr = out.stderr();
            assert_eq!(out.code, Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(&format!("at most {limit}")), "{stderr}");
        }
    }
}

/// The ways `$HOME` can fail to be a directory, each made under `root`, with what it is.
fn broken_homes(root: &Path) -> Vec<(PathBuf, &'static str)> {
    let file = root.join("home-file");
    fs::write(&file, b"not a directory").unwrap();
    let dangling = root.join("home-dangling");
    std::os::unix::fs::symlink(root.join("nowhere"), &dangling).unwrap();
    let to_file = root.join("home-link-to-file");
    std::os::unix::fs::symlink(&file, &to_file).unwrap();
    vec![(file, "not a directory"), (dangling, "symbolic link to nothing"), (to_file, "not a directory")]
}

/// `nim-tui ARGS` with `HOME` set to `home` and the `XDG_*` variables given (the others unset),
/// as the user `uid` if given.
fn run_home(home: &Path, xdg: &[(&str, PathBuf)], args: &[&str], uid: Option<u32>) -> std::process::Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(BIN);
    cmd.args(args).env("HOME", home).stdin(Stdio::null());
    for name in ["XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "NIM_TUI_LOG"] {
        cmd.env_remove(name);
    }
    for (name, value) in xdg {
        cmd.env(name, value);
    }
    if let Some(uid) = uid {
        cmd.uid(uid).gid(uid);
    }
    cmd.output().expect("start nim-tui")
}

/// Checks what `paths` and `stats` say with this environment: no config file is claimed, each
/// directory is said to be unusable with `why`, and the statistics are printed (fresh).
fn check_unusable_home(home: &Path, xdg: &[(&str, PathBuf)], why: &str, uid: Option<u32>) {
    let paths = run_home(home, xdg, &["paths"], uid);
    let text = String::from_utf8_lossy(&paths.stdout);
    assert!(paths.status.success(), "{paths:?}");
    let config = text.lines().find(|l| l.starts_with("config")).unwrap();
    assert!(!config.contains("exists") && config.contains("built-in defaults"), "{text}");
    for dir in ["data", "state"] {
        let line = text.lines().find(|l| l.starts_with(dir)).unwrap();
        assert!(line.contains("unusable") && line.contains(why), "{text}");
    }
    for args in [&["stats"][..], &["stats", "--json"]] {
        let out = run_home(home, xdg, args, uid);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("played"), "{args:?}");
        assert!(stderr.contains(why) && stderr.contains("not saved"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one clear message: {stderr}");
    }
}

#[test]
fn a_home_that_is_not_a_directory_is_said_so_and_nothing_is_claimed_there() {
    let root = tempfile::tempdir().unwrap();
    for (home, why) in broken_homes(root.path()) {
        check_unusable_home(&home, &[], why, None);
    }
    // XDG directories that are files, under a good home.
    let home = root.path().join("home");
    fs::create_dir_all(&home).unwrap();
    let file = root.path().join("xdg-file");
    fs::write(&file, b"x").unwrap();
    let xdg = [("XDG_DATA_HOME", file.clone()), ("XDG_STATE_HOME", file.clone()), ("XDG_CONFIG_HOME", file)];
    check_unusable_home(&home, &xdg, "not a directory", None);
}

#[test]
fn a_home_that_cannot_be_searched_is_said_so_and_nothing_is_claimed_there() {
    use std::os::unix::fs::PermissionsExt;
    let root = tempfile::tempdir().unwrap();
    fs::set_permissions(root.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let home = root.path().join("home");
    fs::create_dir_all(home.join(".config").join("nim-tui")).unwrap();
    fs::write(home.join(".config").join("nim-tui").join("config.toml"), "mode = \"misere\"\n").unwrap();
    fs::set_permissions(&home, fs::Permissions::from_mode(0o000)).unwrap();
    // Permissions do not stop root: the program then runs as nobody.
    // SAFETY: geteuid has no preconditions.
    let uid = (unsafe { libc::geteuid() } == 0).then_some(65534);
    check_unusable_home(&home, &[], "cannot be searched", uid);
    fs::set_permissions(&home, fs::Permissions::from_mode(0o755)).unwrap();
}

/// The game in a pseudo-terminal with `HOME` set to `home` and no `XDG_*` variables, started in
/// `cwd`: stdin, stdout and stderr all on the terminal. At each step, waits for the text and sends
/// the keys. Returns the screen at the end and the exit status.
fn play_with_home(home: &Path, cwd: &Path, steps: &[(&str, &[u8])]) -> (String, Option<i32>) {
    let mut pty = Pty::with(&["--heaps", "3,4", "--first", "you", "--ai-delay", "0"], home)
        .size(30, 110)
        .without_xdg()
        .cwd(cwd)
        .spawn();
    for (text, keys) in steps {
        assert!(pty.wait_for(text), "no '{text}':\n{}", pty.contents());
        pty.send(keys);
    }
    let status = pty.wait_exit().and_then(|status| status.code());
    (pty.contents(), status)
}

#[test]
fn a_game_is_played_without_saving_when_home_is_not_a_directory() {
    let root = tempfile::tempdir().unwrap();
    for (home, why) in broken_homes(root.path()) {
        // A move, then quit mid-game: the game would be saved; it cannot be, and says so.
        let steps: [(&str, &[u8]); 3] = [("Your turn", b"\r"), ("AI", b""), ("Your turn", b"q")];
        let (screen, status) = play_with_home(&home, root.path(), &steps);
        assert_eq!(status, Some(0), "{why}:\n{screen}");
        assert!(screen.contains(why) && screen.contains("not saved"), "{why}:\n{screen}");
        assert!(!screen.contains("panicked"), "{screen}");
    }
}

#[test]
fn a_saved_game_that_does_not_fit_its_game_is_not_offered_at_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state").join("nim-tui");
    fs::create_dir_all(&state).unwrap();
    let saved = SavedGame::new(Mode::Normal, Level::Perfect, vec![3, 4, 5], Player::First, 0);
    let mut game = serde_json::to_value(saved).unwrap();
    game["game"] = "wythoff".into();
    let bytes = serde_json::to_vec(&game).unwrap();
    fs::write(state.join("game.json"), &bytes).unwrap();

    let mut pty = Pty::spawn(&[], home.path(), 40, 160);
    assert!(pty.wait_for("game.json"), "the file is named:\n{}", pty.contents());
    assert!(!pty.contents().contains("Resume"), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("nim-tui did not quit");
    assert_eq!(fs::read(state.join("game.json")).unwrap(), bytes, "left where it is");
}
