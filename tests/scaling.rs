//! Work that grows with its input grows in proportion to it: `solve` without `--json` on many
//! heaps (it once took 7-9 s on 10^5 heaps, quadratic in their number) and config files with a
//! huge unknown key or bad value (a 10 MB key once took 25 s and 1.4 GB).
//!
//! The project measures speed in benchmarks, not tests; these are the exception issue 11 asks for,
//! written so that a busy machine or a debug build cannot fail them: what is compared is not a
//! time but how time grows. Ten times the input may take at most thirty times as long (linear work
//! takes ten times at most, a process's start-up making it less; quadratic work takes a hundred),
//! and each side is the best of three runs, so a moment's stall on one run does not count.

#![cfg(unix)]

use std::fs::{self, File};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How much longer ten times the input may take.
const MOST_GROWTH: f64 = 30.0;

/// Runs nim-tui with `args` and `stdin` (a file) in a home of its own; the best time of three, and
/// the last run's exit code and the start of its stderr.
fn best_of_three(home: &Path, args: &[&str], stdin: Option<&Path>) -> (Duration, Option<i32>, String) {
    let mut best = Duration::MAX;
    let mut last = (None, String::new());
    for _ in 0..3 {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_nim-tui"));
        cmd.args(args)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env_remove("NIM_TUI_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        cmd.stdin(match stdin {
            Some(path) => Stdio::from(File::open(path).unwrap()),
            None => Stdio::null(),
        });
        let start = Instant::now();
        let out = cmd.output().expect("nim-tui runs");
        best = best.min(start.elapsed());
        last = (out.status.code(), String::from_utf8_lossy(&out.stderr).chars().take(300).collect());
    }
    (best, last.0, last.1)
}

fn assert_linear(what: &str, small: Duration, large: Duration) {
    let growth = large.as_secs_f64() / small.as_secs_f64().max(1e-6);
    assert!(
        growth < MOST_GROWTH,
        "{what}: ten times the input took {growth:.1} times as long ({small:?} then {large:?}): not linear"
    );
}

/// Heap sizes that the human answer writes out in full, in binary, with every winning move.
fn heaps_line(count: usize) -> String {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut words = Vec::with_capacity(count);
    for _ in 0..count {
        // xorshift: varied sizes up to about 10^12, the same on every run.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        words.push((state % 1_000_000_000_000 + 1).to_string());
    }
    words.join(" ") + "\n"
}

#[test]
fn solve_without_json_grows_linearly_with_the_heaps() {
    let home = tempfile::tempdir().unwrap();
    let mut times = Vec::new();
    for count in [20_000, 200_000] {
        let input = home.path().join(format!("heaps-{count}.txt"));
        fs::write(&input, heaps_line(count)).unwrap();
        let (time, code, err) = best_of_three(home.path(), &["solve", "-"], Some(&input));
        assert_eq!(code, Some(0), "{count} heaps: {err}");
        times.push(time);
    }
    assert_linear("solve on 20,000 then 200,000 heaps", times[0], times[1]);
}

#[test]
fn config_errors_grow_linearly_with_the_bad_text() {
    let home = tempfile::tempdir().unwrap();
    type Text = fn(usize) -> String;
    let cases: [(&str, Text); 2] = [
        ("an unknown key", |n| format!("{} = 1\n", "k".repeat(n))),
        ("a bad value", |n| format!("mode = \"{}\"\n", "x".repeat(n))),
    ];
    for (what, text) in cases {
        let mut times = Vec::new();
        // The larger stays under the config file's size limit (1 MiB), so that it is parsed.
        for size in [90_000, 900_000] {
            let path = home.path().join(format!("config-{size}.toml"));
            fs::write(&path, text(size)).unwrap();
            let (time, code, err) = best_of_three(home.path(), &["--config", path.to_str().unwrap()], None);
            assert_eq!(code, Some(2), "{what} of {size} bytes: {err}");
            assert!(err.contains("more bytes)"), "{what}: the message cuts it short: {err}");
            times.push(time);
        }
        assert_linear(&format!("{what} of 90 KB then 900 KB"), times[0], times[1]);
    }

    // Ten megabytes are not parsed at all: refused by their size, as quickly as a small file.
    let path = home.path().join("config-10mb.toml");
    fs::write(&path, format!("{} = 1\n", "k".repeat(10_000_000))).unwrap();
    let (huge, code, err) = best_of_three(home.path(), &["--config", path.to_str().unwrap()], None);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("larger than the limit"), "{err}");
    let small = home.path().join("small.toml");
    fs::write(&small, "k = 1\n").unwrap();
    let (quick, _, _) = best_of_three(home.path(), &["--config", small.to_str().unwrap()], None);
    let growth = huge.as_secs_f64() / quick.as_secs_f64().max(1e-6);
    assert!(
        growth < MOST_GROWTH,
        "refusing 10 MB took {growth:.1} times as long as a one-line file ({huge:?})"
    );
}
