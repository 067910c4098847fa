//! `nim-tui solve` at the edges of its contract (issue #42): any `--limit` in flat memory, a list
//! cut short that says so, Moore's counts exact where the column walk is cheap (held to a closed
//! form checked against a brute force), every registered game in every document, and the forms a
//! number may take.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::support::BIN;
use crate::support::solve::solve;
use nim_tui::engine::{GAMES_EXPECTED, GAMES_QUOTED, GameKind, GamePreset, MOORE_LIST_MAX, Natural};
use serde_json::Value;

const MAX: u64 = u64::MAX;
const LIMIT_MAX: &str = "18446744073709551615";

fn ok(args: &[&str]) -> String {
    let output = solve(args, "");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "solve {args:?} failed: {err}");
    assert_eq!(err, "", "solve {args:?} wrote to stderr");
    String::from_utf8(output.stdout).unwrap()
}

fn parsed(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {}", &line[..line.len().min(300)]))
}

/// The count in an answer, as digits: a number up to u64::MAX, a string of digits past it.
fn count_digits(value: &Value) -> String {
    match &value["count"] {
        Value::Number(n) => n.to_string(),
        Value::String(digits) => digits.clone(),
        other => panic!("count {other}"),
    }
}

/// Runs `nim-tui ARGS` under an address-space limit of `limit_mb` MB, reads at most `most` bytes of
/// its standard output and then closes the pipe (as `| head -c` would). Returns what was read and
/// the exit status: a reader that stops early is not a failure (0), a failed allocation is an
/// abort (a signal, no exit code).
#[cfg(unix)]
fn read_some(args: &[&str], limit_mb: u64, most: usize) -> (Vec<u8>, std::process::ExitStatus) {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let bytes = limit_mb << 20;
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("the nim-tui binary starts");
    let mut out = child.stdout.take().unwrap();
    let mut read = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    while read.len() < most {
        match out.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => read.extend_from_slice(&chunk[..n]),
            Err(e) => panic!("reading {args:?}: {e}"),
        }
    }
    drop(out);
    let status = child.wait().unwrap();
    (read, status)
}

/// `solve --game kayles --json --limit 18446744073709551615 18446744073709551615` built the whole
/// list before writing a byte: "memory allocation of 4294967296 bytes failed" and an abort under a
/// 3 GB limit. Now every game with moves to spare writes them as it finds them: under a 256 MB
/// address-space limit, the first megabytes of an endless list come out at once, in both forms,
/// and the run ends with status 0 when the reader stops.
#[cfg(unix)]
#[test]
fn any_limit_is_written_as_found_in_flat_memory() {
    let max = MAX.to_string();
    // The issue's row, and Dawson's: about 3 * 10^18 winning moves each.
    let cases: &[(&str, &[&str], &str)] =
        &[("kayles", &[&max], r#"{"heap":1,"pins":["#), ("dawson", &[&max], r#"{"heap":1,"pins":["#)];
    for &(game, heaps, shape) in cases {
        for json in [true, false] {
            let mut args = vec!["solve", "--game", game, "--limit", LIMIT_MAX];
            if json {
                args.push("--json");
            }
            args.extend_from_slice(heaps);
            let (out, status) = read_some(&args, 256, 4 << 20);
            assert!(status.success(), "{args:?}: {status:?}");
            assert!(out.len() >= 4 << 20, "{args:?}: only {} bytes before the end", out.len());
            let text = String::from_utf8_lossy(&out);
            if json {
                assert!(text.starts_with(&format!(r#"{{"version":1,"game":"{game}""#)), "{}", &text[..200]);
                assert!(text.matches(shape).count() > 10_000, "{args:?}");
            } else {
                let lines = text.lines().filter(|l| l.starts_with("  ")).count();
                assert!(lines > 10_000, "{args:?}: {}", &text[..text.len().min(2000)]);
            }
        }
    }
}

/// Moore's Nim_k lists at most `MOORE_LIST_MAX` moves of one position: six heaps of 2^64 - 1 at
/// K = 4 (about 5.1 * 10^42 winning moves) listed 386,151 of them and exited 0 without a word. The
/// list now stops at the ceiling and says so, in the JSON (`"moves_truncated":true`, a field of
/// the schema) and in the text; a list that is all that was asked for carries no such mark.
#[test]
fn a_list_cut_short_says_so() {
    let max = MAX.to_string();
    let heaps = [max.as_str(); 6];
    let mut args = vec!["--game", "moore:4", "--json", "--limit", LIMIT_MAX];
    args.extend_from_slice(&heaps);
    let value = parsed(ok(&args).trim());
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), MOORE_LIST_MAX);
    assert_eq!(value["moves_truncated"], Value::Bool(true));
    // 15 * 4^64 and a little more: about 5.1 * 10^39.
    assert_eq!(count_digits(&value).len(), 40, "{}", value["count"]);
    // Every move listed wins: each column then holds a multiple of 5 ones.
    for mv in moves.iter().step_by(997) {
        let mut after = [MAX; 6];
        // A move on one heap is `{"heap":1,"take":N}`, on several `{"take":[...]}`.
        let takes = mv["take"].as_array().map_or_else(|| vec![mv.clone()], Clone::clone);
        for take in &takes {
            after[take["heap"].as_u64().unwrap() as usize - 1] -= take["take"].as_u64().unwrap();
        }
        for column in 0..64 {
            assert_eq!(after.iter().filter(|&&h| h >> column & 1 == 1).count() % 5, 0, "{mv}");
        }
    }
    let mut text_args = vec!["--game", "moore:4", "--limit", LIMIT_MAX];
    text_args.extend_from_slice(&heaps);
    let text = ok(&text_args);
    assert!(
        text.contains("(the list stops here, after 100000 moves, short of what was asked"),
        "{}",
        tail(&text)
    );

    // Lists that are all that was asked for: N of many, every one of a few, the game's own list.
    for args in [
        vec!["--game", "moore:4", "--json", "--limit", "5", &max, &max, &max, &max, &max, &max],
        vec!["--game", "moore:2", "--json", "--limit", LIMIT_MAX, "1", "2", "3", "4"],
        vec!["--game", "kayles", "--json", "--limit", "3", &max, &max],
        vec!["--game", "kayles", "--json", "3", "7"],
        vec!["--json", "--limit", LIMIT_MAX, "3", "5", "7"],
    ] {
        let value = parsed(ok(&args).trim());
        assert_eq!(value.get("moves_truncated"), None, "{args:?}");
        let listed = value["moves"].as_array().unwrap().len();
        let count = count_digits(&value);
        let asked: usize =
            args.iter().position(|&a| a == "--limit").map_or(1000, |i| args[i + 1].parse().unwrap());
        let expected = count.parse::<usize>().map_or(asked, |count| count.min(asked));
        assert_eq!(listed, expected, "{args:?}");
    }
    let text = ok(&["--game", "moore:2", "--limit", "5", "1", "2", "3", "4", "5", "6", "7"]);
    assert!(!text.contains("the list stops here"), "{text}");
}

fn tail(text: &str) -> &str {
    &text[text.len().saturating_sub(600)..]
}

/// `C(n, r)` as a `Natural`.
fn choose(n: u64, r: u64) -> Natural {
    Natural::choose(n, r)
}

fn power(base: &Natural, exponent: u32) -> Natural {
    (0..exponent).fold(Natural::from(1u64), |p, _| p.mul(base))
}

/// The winning moves of Moore's Nim_k on `n` heaps of 2^bits - 1 (and a heap of 1 when `one`),
/// counted in closed form, apart from the engine. A move lowers `t` of the big heaps (and maybe the
/// heap of 1, to 0); each column then holds `n - t` untouched ones, plus `x` among the lowered
/// heaps, plus the heap of 1's in column 0 if it stays: each column's `x` must make a multiple of
/// K+1. Counting the ways to give each column its `x` ones among the `t` heaps, with inclusion and
/// exclusion over the lowered heaps left whole (which would not be lowered at all):
/// Σ_t C(n, t) Σ_f (-1)^f C(t, f) (Σ_{x ≥ f} C(t - f, x - f))^(bits - 1) (the same for column 0).
fn moore_closed_form(n: u64, bits: u32, k: u64, one: bool) -> Natural {
    let m = k + 1;
    let (mut plus, mut minus) = (Natural::zero(), Natural::zero());
    for t in 0..=k.min(n) {
        for lowers_one in [false, true] {
            if (lowers_one && !one) || t + u64::from(lowers_one) == 0 || t + u64::from(lowers_one) > k {
                continue;
            }
            let stays = u64::from(one && !lowers_one);
            for f in 0..=t {
                let ways = |extra: u64| {
                    (f..=t)
                        .filter(|&x| (n - t + x + extra).is_multiple_of(m))
                        .fold(Natural::zero(), |sum, x| sum.add(&choose(t - f, x - f)))
                };
                let term = choose(n, t).mul(&choose(t, f)).mul(&power(&ways(0), bits - 1)).mul(&ways(stays));
                if f % 2 == 0 {
                    plus = plus.add(&term);
                } else {
                    minus = minus.add(&term);
                }
            }
        }
    }
    assert!(minus <= plus);
    plus.saturating_sub(&minus)
}

/// Every winning move of Moore's Nim_k counted one by one: each set of at most K heaps and each
/// smaller value for each of them, kept when every column then holds a multiple of K+1 ones.
fn moore_brute_force(heaps: &[u64], k: usize) -> u64 {
    let m = k as u64 + 1;
    let lost = |h: &[u64]| {
        (0..64).all(|c| (h.iter().filter(|&&x| x >> c & 1 == 1).count() as u64).is_multiple_of(m))
    };
    let mut count = 0;
    for set in 1u32..1 << heaps.len() {
        if set.count_ones() as usize > k {
            continue;
        }
        let chosen: Vec<usize> = (0..heaps.len()).filter(|&i| set >> i & 1 == 1).collect();
        let mut after = heaps.to_vec();
        // An odometer over the values below each chosen heap.
        let mut values: Vec<u64> = vec![0; chosen.len()];
        if chosen.iter().any(|&i| heaps[i] == 0) {
            continue;
        }
        loop {
            for (slot, &i) in chosen.iter().enumerate() {
                after[i] = values[slot];
            }
            count += u64::from(lost(&after));
            let mut d = 0;
            while d < chosen.len() {
                values[d] += 1;
                if values[d] < heaps[chosen[d]] {
                    break;
                }
                values[d] = 0;
                d += 1;
            }
            if d == chosen.len() {
                break;
            }
        }
    }
    count
}

/// The closed form agrees with a brute force on small heaps, with and without the heap of 1.
#[test]
fn the_closed_form_is_the_brute_force() {
    for k in 1..=4u64 {
        for n in 1..=6u64 {
            for bits in 1..=3u32 {
                for one in [false, true] {
                    let mut heaps = vec![(1u64 << bits) - 1; n as usize];
                    if one {
                        heaps.push(1);
                    }
                    if heaps.len() > 6 {
                        continue;
                    }
                    let brute = moore_brute_force(&heaps, k as usize);
                    assert_eq!(moore_closed_form(n, bits, k, one), Natural::from(brute), "K={k} {heaps:?}");
                }
            }
        }
    }
}

/// `count_exact: false` came from 9 heaps on, and the bound could be 33 orders of magnitude below
/// the truth (moore:8 on eleven heaps of 2^64 - 1 and a heap of 1: 5.0 * 10^62 against
/// 1.37 * 10^95). The column walk over how many heaps of each size are lowered counts these
/// exactly, in both forms, as the closed form does.
#[test]
fn moore_counts_are_exact_where_the_column_walk_is_cheap() {
    let max = MAX.to_string();
    for (k, n, one) in
        [(8u64, 11u64, true), (8, 16, false), (4, 6, false), (3, 20, true), (5, 13, false), (2, 40, true)]
    {
        let mut heaps: Vec<&str> = vec![max.as_str(); n as usize];
        if one {
            heaps.push("1");
        }
        let game = format!("moore:{k}");
        let mut args = vec!["--game", game.as_str(), "--json", "--limit", "3"];
        args.extend_from_slice(&heaps);
        let value = parsed(ok(&args).trim());
        let expected = moore_closed_form(n, 64, k, one).digits();
        assert_eq!(value.get("count_exact"), None, "K={k} n={n}: {value}");
        assert_eq!(count_digits(&value), expected, "K={k} n={n} one={one}");
        let mut text_args = vec!["--game", game.as_str(), "--limit", "3"];
        text_args.extend_from_slice(&heaps);
        let text = ok(&text_args);
        assert!(text.contains(&format!("perfect play. {expected} winning moves")), "{text}");
    }
    // The issue's figure: about 1.37 * 10^95.
    let eleven = moore_closed_form(11, 64, 8, true).digits();
    let leading: u32 = eleven[..4].parse().unwrap();
    assert_eq!((eleven.len(), leading.div_ceil(10)), (96, 137), "{eleven}");
}

/// Every game of the engine's registry (`GameKind::help_names`, with the names the completions
/// offer, `GameKind::every_name`) appears in `nim-tui --help`, `solve --help`, `demo --help`, the
/// manual pages and the README's list; `dawson` was missing from all but the README. The README's
/// list is the registry's, line for line (`NIM_TUI_WRITE_README=1` rewrites it).
#[test]
fn every_registered_game_is_in_every_document() {
    let run = |args: &[&str]| {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let names: Vec<String> = GameKind::help_names().into_iter().map(|(name, _)| name).collect();
    for base in GameKind::ALL.map(GameKind::base) {
        assert!(names.iter().any(|n| n.split(':').next() == Some(base)), "{base} is not in help_names");
        // The messages for a game name that is not one, on the command line and in a config file.
        assert!(
            GAMES_EXPECTED.contains(base) && GAMES_QUOTED.contains(base),
            "{base} is not in the messages"
        );
    }
    for preset in GamePreset::all() {
        assert!(
            GAMES_EXPECTED.contains(preset.name) && GAMES_QUOTED.contains(preset.name),
            "{}",
            preset.name
        );
    }
    // The shipped configuration's comment on its `game` setting.
    let config = nim_tui::config::DEFAULT_TOML;
    for name in GameKind::ALL.map(GameKind::base).into_iter().chain(GamePreset::all().map(|p| p.name)) {
        assert!(config.contains(&format!("\"{name}")), "{name} is missing from config.toml");
    }
    let dir = tempfile::tempdir().unwrap();
    run(&["man", "--dir", dir.path().to_str().unwrap()]);
    let page = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let documents = [
        ("nim-tui --help", run(&["--help"])),
        ("nim-tui solve --help", run(&["solve", "--help"])),
        ("nim-tui demo --help", run(&["demo", "--help"])),
        ("nim-tui man", run(&["man"])),
        ("nim-tui.1", page("nim-tui.1")),
        ("nim-tui-solve.1", page("nim-tui-solve.1")),
        ("nim-tui-demo.1", page("nim-tui-demo.1")),
    ];
    for (document, text) in &documents {
        // roff writes a hyphen as `\-` (`mock\-turtles`).
        let text = text.replace("\\-", "-");
        for name in &names {
            assert!(text.contains(name.as_str()), "{name} is missing from {document}");
        }
    }
    // clap_complete's elvish and PowerShell scripts complete no option's values, any game's alike.
    for shell in ["bash", "zsh", "fish", "nushell"] {
        let script = run(&["completions", shell]);
        for (name, _) in GameKind::every_name() {
            // zsh escapes the colon: `moore\:2`.
            assert!(
                script.replace('\\', "").contains(&name),
                "{name} is missing from the {shell} completions"
            );
        }
    }

    let readme_path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(readme_path).unwrap();
    let start = readme.find("<!-- games: ").expect("the README marks its list of games");
    let start = start + readme[start..].find("-->\n").unwrap() + 4;
    let end = readme.find("<!-- end of games -->").expect("the README ends its list of games");
    let list: String =
        GameKind::help_names().iter().map(|(name, about)| format!("- `{name}`: {about}\n")).collect();
    if std::env::var_os("NIM_TUI_WRITE_README").is_some() {
        std::fs::write(readme_path, format!("{}{list}{}", &readme[..start], &readme[end..])).unwrap();
        return;
    }
    assert_eq!(&readme[start..end], list, "the README's list of games is not the registry's");
}

/// A number is digits, with one `+` allowed before them and `-0` read as 0: documented in
/// `solve --help` and the README, read so on the command line and on standard input, and anything
/// else refused with exit status 2.
#[test]
fn the_forms_of_a_number_are_documented_and_read_so() {
    let help = Command::new(BIN).args(["solve", "--help"]).output().unwrap();
    // Words as clap wraps them, one space apart.
    let help = String::from_utf8(help.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("(`+3` is 3)") && help.contains("`-0` is 0"), "{help}");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains("(`+3` is 3)"), "the README documents the forms of a number");

    let plain = ok(&["--json", "3", "4", "0"]);
    assert_eq!(ok(&["--json", "+3", "+04", "-0"]), plain);
    let read = solve(&["--json", "-"], "+3 0004 -00\n");
    assert!(read.status.success());
    assert_eq!(String::from_utf8(read.stdout).unwrap(), plain);
    assert_eq!(
        ok(&["--json", "--limit", "+2", "3", "5", "7"]),
        ok(&["--json", "--limit", "2", "3", "5", "7"])
    );
    assert_eq!(
        ok(&["--game", "fibonacci", "--json", "+20/+4"]),
        ok(&["--game", "fibonacci", "--json", "20/4"])
    );
    for limit in ["-0", "-1", "1e3", "18446744073709551616"] {
        let out = solve(&["--json", "--limit", limit, "3", "4"], "");
        assert_eq!((out.status.code(), out.stdout.is_empty()), (Some(2), true), "--limit {limit}");
    }
    for word in ["0x10", "1e3", "1_000", "3.0", "++3", "+-3", "+", "-", "-3", "١٢"] {
        let out = solve(&["--json", "5", word], "");
        assert_eq!(out.status.code(), Some(2), "{word}");
        assert!(out.stdout.is_empty(), "{word}");
        assert!(!out.stderr.is_empty(), "{word}");
        let out = solve(&["--json", "-"], &format!("5 {word}\n"));
        assert_eq!(out.status.code(), Some(2), "{word} on standard input");
    }
}
