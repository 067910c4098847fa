//! `nim-tui solve --game` end to end: the real binary, each game in both forms, standard input, the
//! JSON (valid, with its game field, and the engine's moves in the game's terms), and the refusals.

use crate::support::BIN;
use crate::support::sized;
use crate::support::solve::solve;
use nim_tui::engine::{Game, GameKind, Mode, Move, Position, Rules, Ruleset};
use serde_json::{Value, json};

fn ok(args: &[&str], stdin: &str) -> String {
    let output = solve(args, stdin);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "solve {args:?} failed: {err}");
    assert_eq!(err, "", "solve {args:?} wrote to stderr");
    String::from_utf8(output.stdout).unwrap()
}

/// A refusal: exit status 2, nothing on stdout, the message on stderr.
fn refused(args: &[&str], stdin: &str) -> String {
    let output = solve(args, stdin);
    assert_eq!(output.status.code(), Some(2), "solve {args:?}");
    assert_eq!(output.stdout, b"", "solve {args:?} wrote to stdout");
    String::from_utf8(output.stderr).unwrap()
}

fn parsed(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
}

/// The engine's winning moves as the JSON writes them.
fn expected_moves(game: &Game, position: &Position) -> Vec<Value> {
    json_moves(position, &game.winning_moves(position))
}

/// Moves as the JSON writes them, written here from the moves' meaning.
fn json_moves(position: &Position, moves: &[Move]) -> Vec<Value> {
    moves
        .iter()
        .map(|mv| match mv {
            Move::Take(t) => json!({ "heap": t.heap + 1, "take": t.take }),
            Move::TakeMany(takes) => {
                json!({ "take": takes.iter().map(|t| json!({ "heap": t.heap + 1, "take": t.take })).collect::<Vec<_>>() })
            }
            Move::Split { heap, take: 0, left } => {
                json!({ "heap": heap + 1, "split": [left, position.heaps()[*heap] - left] })
            }
            Move::Split { heap, take, left } => {
                json!({ "heap": heap + 1, "pins": (left + 1..=left + take).collect::<Vec<_>>() })
            }
            Move::Turn(coins) => json!({ "turn": coins }),
            Move::Run { right, left } => json!({ "run": [right, left] }),
            Move::Slide { row, to } => json!({ "row": row + 1, "to": to }),
            Move::Corners { y, x, b, a } => json!({ "corners": [[x, y], [a, b]] }),
            Move::Cut { tree, edge } => json!({ "tree": tree + 1, "edge": edge }),
        })
        .collect()
}

#[test]
fn json_lines_are_exact() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--game", "kayles", "--json", "3", "7"],
            r#"{"version":1,"game":"kayles","mode":"normal","heaps":[3,7],"grundy":[3,2],"grundy_sum":1,"outcome":"win","count":6,"moves":[{"heap":1,"pins":[1]},{"heap":1,"pins":[3]},{"heap":2,"pins":[1]},{"heap":2,"pins":[3]},{"heap":2,"pins":[5]},{"heap":2,"pins":[7]}]}"#,
        ),
        (
            &["--game", "kayles", "--json", "4"],
            r#"{"version":1,"game":"kayles","mode":"normal","heaps":[4],"grundy":[1],"grundy_sum":1,"outcome":"win","count":1,"moves":[{"heap":1,"pins":[2,3]}]}"#,
        ),
        (
            &["--game", "lasker", "--json", "3", "8"],
            r#"{"version":1,"game":"lasker","mode":"normal","heaps":[3,8],"grundy":[4,7],"grundy_sum":3,"outcome":"win","count":3,"moves":[{"heap":2,"take":5},{"heap":2,"split":[2,6]},{"heap":2,"split":[6,2]}]}"#,
        ),
        (
            &["--game", "moore:2", "--mode", "misere", "--json", "1", "1", "3"],
            r#"{"version":1,"game":"moore:2","mode":"misere","heaps":[1,1,3],"outcome":"win","count":2,"moves":[{"take":[{"heap":1,"take":1},{"heap":3,"take":3}]},{"take":[{"heap":2,"take":1},{"heap":3,"take":3}]}]}"#,
        ),
        (
            &["--game", "wythoff", "--json", "4", "6"],
            r#"{"version":1,"game":"wythoff","mode":"normal","heaps":[4,6],"outcome":"win","count":1,"moves":[{"take":[{"heap":1,"take":1},{"heap":2,"take":1}]}]}"#,
        ),
        (
            &["--game", "wythoff", "--json", "3", "5"],
            r#"{"version":1,"game":"wythoff","mode":"normal","heaps":[3,5],"outcome":"lose","count":0,"moves":[],"best_try":{"heap":2,"take":1}}"#,
        ),
        (
            &["--game", "fibonacci", "--json", "20/4"],
            r#"{"version":1,"game":"fibonacci","mode":"normal","heaps":[20],"limit":4,"zeckendorf":[13,5,2],"outcome":"win","count":1,"moves":[{"heap":1,"take":2}]}"#,
        ),
        (
            &["--game", "fibonacci", "--json", "21"],
            r#"{"version":1,"game":"fibonacci","mode":"normal","heaps":[21],"limit":null,"zeckendorf":[21],"outcome":"lose","count":0,"moves":[],"best_try":{"heap":1,"take":1}}"#,
        ),
        (
            &["--game", "21", "--json", "21"],
            r#"{"version":1,"game":"subtraction:1,2,3","mode":"normal","heaps":[21],"grundy":[1],"grundy_sum":1,"outcome":"win","count":1,"moves":[{"heap":1,"take":1}]}"#,
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(ok(args, ""), format!("{expected}\n"), "solve {args:?}");
        parsed(expected);
    }
}

/// Every game, many positions through standard input: one valid JSON line each, agreeing with the
/// engine (itself proved against the search) on everything it reports.
#[test]
fn json_from_stdin_agrees_with_the_engine() {
    let games: &[(&str, Mode, Vec<String>)] = &[
        ("moore:3", Mode::Normal, heaps_lines(4, 9)),
        ("moore:2", Mode::Misere, heaps_lines(3, 6)),
        ("subtraction:2,5,7", Mode::Normal, heaps_lines(3, 20)),
        ("bachet", Mode::Normal, (90..=110).map(|h| h.to_string()).collect()),
        ("lasker", Mode::Normal, heaps_lines(3, 12)),
        ("kayles", Mode::Normal, heaps_lines(3, 12)),
        ("wythoff", Mode::Normal, (0..12).flat_map(|x| (0..12).map(move |y| format!("{x} {y}"))).collect()),
        (
            "fibonacci",
            Mode::Normal,
            (1..30)
                .flat_map(|n| std::iter::once(n.to_string()).chain((1..6).map(move |l| format!("{n}/{l}"))))
                .collect(),
        ),
    ];
    for (name, mode, lines) in games {
        let kind: GameKind = name.parse().unwrap();
        let game = Game::new(Ruleset::new(kind, *mode)).unwrap();
        let input = lines.join("\n") + "\n\n";
        let out = ok(&["--game", name, "--mode", mode.as_str(), "--json", "-"], &input);
        let answers: Vec<&str> = out.lines().collect();
        assert_eq!(answers.len(), lines.len(), "{name}: one answer per line");
        for (line, answer) in lines.iter().zip(answers) {
            let value = parsed(answer);
            let position = solve_position(&game, line);
            assert_eq!(value["game"], json!(kind.name()), "{name} {line}");
            assert_eq!(value["mode"], json!(mode.as_str()));
            assert_eq!(value["heaps"], json!(position.heaps()));
            assert_eq!(value["outcome"], json!(game.outcome(&position).as_str()), "{name} {line}");
            assert_eq!(value["count"], json!(game.winning_move_count(&position)));
            assert_eq!(value["moves"], json!(expected_moves(&game, &position)), "{name} {line}");
            if let Some(values) = value.get("grundy") {
                let mine: Vec<u128> = position.heaps().iter().map(|&h| game.grundy(h).unwrap()).collect();
                assert_eq!(values, &json!(mine));
            }
        }
    }
}

fn heaps_lines(count: usize, most: u64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut state = 9u64;
    for i in 0..40 {
        let heaps: Vec<String> = (0..1 + i % count)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((state >> 33) % (most + 1)).to_string()
            })
            .collect();
        lines.push(heaps.join(if i % 2 == 0 { " " } else { "," }));
    }
    lines
}

fn solve_position(game: &Game, line: &str) -> Position {
    nim_tui::solve::games::parse_position(game, line).unwrap()
}

#[test]
fn text_answers_in_each_games_terms() {
    let kayles = ok(&["--game", "kayles", "3", "7"], "");
    assert!(
        kayles.starts_with("Kayles, normal play (whoever knocks down the last pin wins): rows 3 7\n"),
        "{kayles}"
    );
    for part in [
        "row 1  3  Grundy value 3",
        "XOR of the Grundy values: 3 ⊕ 2 = 1",
        "6 winning moves:",
        "knock down pin 3 of row 2, breaking it into rows of 2 and 4",
        "Why: ",
    ] {
        assert!(kayles.contains(part), "{part}: {kayles}");
    }
    let moore = ok(&["--game", "moore:2", "1", "2", "3", "4"], "");
    for part in ["heap 4  4  100", "from the highest: 1 2 2", "modulo 3: 1 2 2", "take 1 from heap 4"] {
        assert!(moore.contains(part), "{part}: {moore}");
    }
    let lasker = ok(&["--game", "lasker", "3", "8"], "");
    assert!(
        lasker.contains("split heap 2 into 2 and 6") && lasker.contains("4k+3 is worth 4k+4"),
        "{lasker}"
    );
    let wythoff = ok(&["--game", "wythoff", "3", "5"], "");
    for part in ["(3, 5) (4, 7)", "loses against perfect play", "The AI would take"] {
        assert!(wythoff.contains(part), "{part}: {wythoff}");
    }
    let both = ok(&["--game", "wythoff", "4", "6"], "");
    assert!(both.contains("take 1 from both heaps"), "{both}");
    let fibonacci = ok(&["--game", "fibonacci", "20/4"], "");
    for part in ["heap 20, the next move takes at most 4", "20 = 13 + 5 + 2", "take 2"] {
        assert!(fibonacci.contains(part), "{part}: {fibonacci}");
    }
    let first = ok(&["--game", "fibonacci", "20"], "");
    assert!(first.contains("the first move") && first.contains("anything but the whole heap"), "{first}");
    let over = ok(&["--game", "kayles", "0", "0"], "");
    assert!(over.contains("No move is left: the game is over, and the player to move has lost"), "{over}");
    let subtraction = ok(&["--game", "subtraction:1-3,5", "9"], "");
    assert!(subtraction.starts_with("The subtraction game {1, 2, 3, 5}"), "{subtraction}");
    // Answers from standard input come one after another, a blank line between them.
    let two = ok(&["--game", "kayles", "-"], "3\n\n4\n");
    assert_eq!(two.matches("Kayles, normal play").count(), 2);
    assert!(two.contains("\n\nKayles, normal play"), "{two}");
}

#[test]
fn nim_by_name_is_nim_byte_for_byte() {
    for args in [&["3", "4", "5"][..], &["--json", "3", "4", "5"], &["--mode", "misere", "1", "1", "2"]] {
        let plain = ok(args, "");
        let named: Vec<&str> = ["--game", "nim"].into_iter().chain(args.iter().copied()).collect();
        assert_eq!(ok(&named, ""), plain);
        let moore_1: Vec<&str> = ["--game", "moore:1"].into_iter().chain(args.iter().copied()).collect();
        assert_eq!(ok(&moore_1, ""), plain, "moore:1 is Nim");
    }
}

#[test]
fn refusals_say_what_is_wrong() {
    for game in ["dawson", "lasker", "wythoff", "fibonacci", "subtraction:1,2", "21"] {
        let err = refused(&["--game", game, "--mode", "misere", "3", "5"], "");
        assert!(err.contains("no misère form"), "{game}: {err}");
    }
    let err = refused(&["--game", "dawson", "--mode", "misere", "3", "5"], "");
    assert!(err.contains("open problem"), "{err}");
    let err = refused(&["--game", "chess", "1"], "");
    assert!(err.contains("unknown game 'chess'") && err.contains("moore:K"), "{err}");
    let err = refused(&["--game", "moore:9", "1"], "");
    assert!(err.contains("K from 1 to 8"), "{err}");
    let err = refused(&["--game", "subtraction:0,3", "1"], "");
    assert!(err.contains("from 1 to 128"), "{err}");
    let err = refused(&["--game", "wythoff", "1", "2", "3"], "");
    assert!(err.contains("exactly 2 heaps, not 3"), "{err}");
    let err = refused(&["--game", "fibonacci", "20/0"], "");
    assert!(err.contains("limit of 0"), "{err}");
    let err = refused(&["--game", "fibonacci", "20/-1"], "");
    assert!(err.contains("'-1' is not a limit"), "{err}");
    let err = refused(&["--game", "lasker", "3/1"], "");
    assert!(err.contains("only Fibonacci Nim has a limit"), "{err}");
    let err = refused(&["--game", "kayles", "x"], "");
    assert!(err.contains("'x' is not a heap size"), "{err}");
}

#[test]
fn a_bad_line_stops_the_run_after_the_earlier_answers() {
    let output = solve(&["--game", "wythoff", "--json", "-"], "3 5\n1 2 3\n4 7\n");
    assert_eq!(output.status.code(), Some(2));
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("line 2: '1 2 3' is not a position: Wythoff's game is played on exactly 2 heaps"),
        "{err}"
    );
    let output = solve(&["--game", "kayles", "-"], "3\n\u{1b}[31m\n");
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("\\x1b") && !err.contains('\u{1b}'), "{err}");
    let output = solve(&["--game", "kayles", "-"], "3\n\u{ff}\n");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn huge_heaps_are_answered_with_a_count() {
    let max = u64::MAX.to_string();
    let out = ok(&["--game", "kayles", "--json", &max], "");
    let value = parsed(out.trim());
    assert_eq!(value["moves"].as_array().unwrap().len(), 1000);
    assert!(value["count"].as_f64().unwrap() > 1e12, "{}", value["count"]);
    let text = ok(&["--game", "lasker", &max, "1"], "");
    assert!(text.contains("Grundy value 18446744073709551616"), "{text}");
    let text = ok(&["--game", "kayles", "--limit", "1000", &max], "");
    assert!(
        text.contains("... and ") && text.contains("more (the first 1000 are listed)"),
        "{}",
        &text[text.len() - 300..]
    );
    // Without --limit the text lists a screenful.
    let text = ok(&["--game", "kayles", &max], "");
    assert!(text.contains("more (the first 20 are listed)"), "{}", &text[text.len() - 300..]);
    // Too many heaps to count Moore's winning moves in the budget: the count is a lower bound,
    // said to be one, and at least the moves listed.
    let many: Vec<String> =
        (1..=100u64).map(|i| (i * 7_919_000_000_000_007 % 1_000_000_000_000_000_000).to_string()).collect();
    let mut args = vec!["--game", "moore:8", "--json"];
    args.extend(many.iter().map(String::as_str));
    let value = parsed(ok(&args, "").trim());
    assert_eq!(value["count_exact"], Value::Bool(false), "{value}");
    let listed = value["moves"].as_array().unwrap().len();
    assert!(listed > 0);
    let count = match &value["count"] {
        Value::String(digits) => digits.clone(),
        other => other.to_string(),
    };
    assert!(count.len() > 3 || count.parse::<usize>().unwrap() >= listed, "{count}");
    args.retain(|a| *a != "--json");
    // As many listed as in the JSON, which lists 1000 by default: the bound is raised to them.
    args.extend(["--limit", "1000"]);
    let text = ok(&args, "");
    assert!(text.contains(&format!("At least {count} winning moves")), "{}", &text[..text.len().min(3000)]);
    for game in ["moore:3", "wythoff", "fibonacci"] {
        let args: Vec<&str> = match game {
            "wythoff" => vec!["--game", game, "--json", &max, &max],
            "fibonacci" => vec!["--game", game, "--json", &max],
            _ => vec!["--game", game, "--json", &max, &max, "12345678901234567890", "3"],
        };
        parsed(ok(&args, "").trim());
    }
}

/// Heaps from a fixed xorshift, each from 2^59 to 2^60: large enough for astronomical counts.
fn large_heaps(count: usize, seed: u64) -> Vec<u64> {
    let mut state = seed | 1;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (1 << 59) + state % (1 << 59)
        })
        .collect()
}

/// The winning moves of Moore's Nim_k in normal play, counted apart from the engine's search:
/// for each set S of 1 to K heaps, the new sizes below the old ones that leave every binary
/// column a multiple of K+1, by a digit search from the highest column over which heaps of S
/// still equal their old size. (Exponential in K, so only for a few heaps.)
fn moore_count_apart(heaps: &[u64], k: usize) -> nim_tui::engine::Natural {
    use nim_tui::engine::Natural;
    let n = heaps.len();
    let m = k as u32 + 1;
    let mut total = Natural::zero();
    // Every set of 1 to K heaps, as lists of indices.
    let mut sets: Vec<Vec<usize>> = vec![Vec::new()];
    let mut all = Vec::new();
    for _ in 0..k {
        sets = sets
            .iter()
            .flat_map(|set| {
                (set.last().map_or(0, |&l| l + 1)..n).map(move |i| [set.clone(), vec![i]].concat())
            })
            .collect();
        all.extend(sets.iter().cloned());
    }
    for chosen in all {
        let s = chosen.len();
        // ways[tight]: the ways so far, `tight` the heaps of S still equal to their old size.
        let mut ways = vec![Natural::zero(); 1 << s];
        ways[(1 << s) - 1] = Natural::from(1u64);
        for column in (0..64).rev() {
            let outside =
                (0..n).filter(|i| !chosen.contains(i) && heaps[*i] >> column & 1 == 1).count() as u32;
            let mut next = vec![Natural::zero(); 1 << s];
            for (tight, count) in ways.iter().enumerate() {
                if count.is_zero() {
                    continue;
                }
                for bits in 0usize..1 << s {
                    if !(bits.count_ones() + outside).is_multiple_of(m) {
                        continue;
                    }
                    let mut still = 0;
                    let mut fits = true;
                    for (p, &i) in chosen.iter().enumerate() {
                        let old = (heaps[i] >> column & 1) as usize;
                        let new = bits >> p & 1;
                        if tight >> p & 1 == 1 {
                            fits &= new <= old;
                            if new == old {
                                still |= 1 << p;
                            }
                        }
                    }
                    if fits {
                        next[still] = next[still].add(count);
                    }
                }
            }
            ways = next;
        }
        total = total.add(&ways[0]);
    }
    total
}

/// The count in an answer, as digits: a number up to u64::MAX, a string of digits past it.
fn count_digits(value: &Value) -> String {
    match &value["count"] {
        Value::Number(n) => {
            assert!(n.is_u64(), "{n}");
            n.to_string()
        }
        Value::String(digits) => {
            assert!(digits.len() >= 20 && digits.bytes().all(|b| b.is_ascii_digit()), "{digits}");
            digits.clone()
        }
        other => panic!("count {other}"),
    }
}

/// Moore's Nim_k printed u128::MAX as the exact number of winning moves when the count passed it
/// (16 heaps of 10^17 with K = 6 have about 10^51). Counts are exact past u128 now, as a string
/// of digits in JSON and in full in the text, and agree with a count made apart.
#[test]
fn moore_counts_past_u128_are_exact() {
    let mut past_u128 = 0;
    // Ten heaps: past u128 from K = 5, and few enough for the count made apart (whose cost
    // grows like 4^K).
    for k in 2..=7usize {
        let heaps = large_heaps(10, k as u64 * 1_000_003);
        let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let game = format!("moore:{k}");
        let mut args = vec!["--game", &game, "--json"];
        args.extend(words.iter().map(String::as_str));
        let value = parsed(ok(&args, "").trim());
        assert_eq!(value.get("count_exact"), None, "K = {k}: 10 heaps are counted exactly");
        let expected = moore_count_apart(&heaps, k);
        let count = count_digits(&value);
        assert_eq!(count, expected.digits(), "K = {k} {heaps:?}");
        past_u128 += usize::from(expected > nim_tui::engine::Natural::from(u128::MAX));
        args.retain(|a| *a != "--json");
        let text = ok(&args, "");
        let verdict = text.lines().find(|l| l.contains("perfect play.")).unwrap_or_default();
        let noun = if count == "1" { "move" } else { "moves" };
        assert!(verdict.ends_with(&format!("perfect play. {count} winning {noun}:")), "{verdict}");
        assert!(!text.contains("At least"));
    }
    assert!(past_u128 >= 2, "the class is covered: counts past u128 ({past_u128})");
}

/// `solve --game moore:K` on 40 large heaps took seconds and hundreds of MB per position. Each K
/// is answered under an address-space limit of 512 MB (a debug build with a 500,000-step search
/// needs about 50), with an honest count: exact, or a lower bound marked `"count_exact": false`
/// ("At least" in the text), never less than the moves listed, each of which wins. A debug build
/// takes seconds for each K from 5, where the search reaches its budget: an ordinary run tries
/// K = 2 and 3 (exact counts) and 5 (a lower bound), a run at full depth every K to 8.
#[cfg(unix)]
#[test]
fn moore_on_40_large_heaps_is_answered_within_a_memory_limit() {
    use std::os::unix::process::CommandExt;
    let heaps = large_heaps(40, 0x5eed);
    let words: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let ks: Vec<u32> = sized(vec![2, 3, 5], (2..=8).collect());
    let runs: Vec<_> = ks
        .into_iter()
        .map(|k| {
            let words = words.clone();
            std::thread::spawn(move || {
                let run = |json: bool| {
                    let mut cmd = std::process::Command::new(BIN);
                    cmd.arg("solve").arg("--game").arg(format!("moore:{k}")).args(&words);
                    if json {
                        cmd.arg("--json");
                    }
                    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
                    unsafe {
                        cmd.pre_exec(|| {
                            let limit = libc::rlimit { rlim_cur: 512 << 20, rlim_max: 512 << 20 };
                            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                                return Err(std::io::Error::last_os_error());
                            }
                            Ok(())
                        });
                    }
                    let out = cmd.output().unwrap();
                    assert!(out.status.success(), "K = {k}: {}", String::from_utf8_lossy(&out.stderr));
                    String::from_utf8(out.stdout).unwrap()
                };
                // The two forms side by side: each takes seconds in a debug build.
                std::thread::scope(|s| {
                    let text = s.spawn(|| run(false));
                    (k, run(true), text.join().unwrap())
                })
            })
        })
        .collect();
    for handle in runs {
        let (k, json, text) = handle.join().unwrap();
        let value = parsed(json.trim());
        let exact = match value.get("count_exact") {
            None => true,
            Some(Value::Bool(false)) => false,
            Some(other) => panic!("K = {k}: count_exact {other}"),
        };
        let count = count_digits(&value);
        let moves = value["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "K = {k}");
        assert!(count.len() > 4 || count.parse::<usize>().unwrap() >= moves.len(), "K = {k}: {count}");
        let m = u64::from(k) + 1;
        for mv in moves {
            let takes = mv["take"].as_array().map_or_else(|| vec![mv.clone()], Clone::clone);
            assert!(!takes.is_empty() && takes.len() <= k as usize, "K = {k}: {mv}");
            let mut after = heaps.clone();
            for take in &takes {
                let heap = take["heap"].as_u64().unwrap() as usize - 1;
                after[heap] -= take["take"].as_u64().unwrap();
            }
            for column in 0..64 {
                let ones = after.iter().filter(|&&h| h >> column & 1 == 1).count() as u64;
                assert_eq!(ones % m, 0, "K = {k}: {mv} leaves column {column} with {ones}");
            }
        }
        if exact && k == 2 {
            assert_eq!(count, moore_count_apart(&heaps, 2).digits(), "K = 2");
        }
        let line = if exact {
            format!("perfect play. {count} winning moves:")
        } else {
            format!("perfect play. At least {count} winning moves")
        };
        assert!(text.contains(&line), "K = {k}: {}", &text[..text.len().min(2000)]);
    }
}

/// Every game's JSON on a seeded run of positions, small and huge: held to the schema (by the
/// runner), the count the engine's plain count, the moves at most `--limit` of the game's list,
/// and in a losing position `best_try` the AI's move, legal (null only once the game is over).
#[test]
fn every_game_answers_in_one_schema_with_its_best_try() {
    let mut state = 23u64;
    let mut next = move |most: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if most == u64::MAX { state } else { (state >> 11) % (most + 1) }
    };
    let mut names: Vec<String> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    names.extend(["moore:8".into(), "subtraction:2,5,7".into(), "bachet".into()]);
    for name in &names {
        let kind: GameKind = name.parse().unwrap();
        for mode in Mode::ALL.into_iter().filter(|&mode| mode == Mode::Normal || kind.has_misere()) {
            let game = Game::new(Ruleset::new(kind, mode)).unwrap();
            let heaps = kind.describe().start.heaps.unwrap_or(4);
            // Each drawn position made one of the game's (`fit_start`: a row of coins names each
            // head once; Staircase Nim's coins fit a u64 in all); the others' as drawn.
            let line_of = |drawn: Vec<u64>| {
                kind.fit_start(drawn).iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            };
            let mut lines = vec![line_of(vec![0; heaps])];
            for i in 0..30 {
                let most = if i % 3 == 0 { u64::MAX } else { [3, 12, 40][i % 3] };
                lines.push(line_of((0..heaps).map(|_| next(most)).collect()));
            }
            let input = lines.join("\n") + "\n";
            let out = ok(&["--game", name, "--mode", mode.as_str(), "--json", "--limit", "3", "-"], &input);
            for (line, answer) in lines.iter().zip(out.lines()) {
                let value = parsed(answer);
                let position = solve_position(&game, line);
                let at = format!("{name} {mode} {line}");
                assert_eq!(value["version"], json!(1), "{at}");
                assert_eq!(value["outcome"], json!(game.outcome(&position).as_str()), "{at}");
                let count = game.count_winning_moves(&position);
                if count.is_exact() {
                    match count.value().to_u64() {
                        Some(n) => assert_eq!(value["count"], json!(n), "{at}"),
                        None => assert_eq!(value["count"], json!(count.value().digits()), "{at}"),
                    }
                }
                let listed: Vec<Move> = game.winning_moves_up_to(&position, 3);
                assert_eq!(value["moves"], json!(json_moves(&position, &listed)), "{at}");
                match game.outcome(&position) {
                    nim_tui::engine::Outcome::Win => assert!(value.get("best_try").is_none(), "{at}"),
                    nim_tui::engine::Outcome::Lose => match game.ai_move(&position) {
                        Some(mv) => {
                            assert!(game.check(&position, &mv).is_ok(), "{at}: {mv}");
                            assert_eq!(value["best_try"], json_moves(&position, &[mv])[0], "{at}");
                        }
                        None => {
                            assert!(game.is_over(&position), "{at}");
                            assert_eq!(value["best_try"], Value::Null, "{at}");
                        }
                    },
                }
            }
            assert_eq!(out.lines().count(), lines.len(), "{name} {mode}");
        }
    }
}

/// The text answers, with their moves in words, for every game and mode at the largest sizes: a
/// row of u64::MAX pins knocked down at its last pin, a heap of u64::MAX split or emptied. The
/// words' arithmetic (the pin after the last, a heap's parts) never overflows: a debug build would
/// panic where it did.
#[test]
fn every_game_answers_in_words_at_the_largest_sizes() {
    let mut names: Vec<String> = GameKind::ALL.iter().map(|kind| kind.name()).collect();
    names.extend(["moore:8".into(), "subtraction:2,5,7".into(), "bachet".into()]);
    let max = u64::MAX;
    for name in &names {
        let kind: GameKind = name.parse().unwrap();
        for mode in Mode::ALL.into_iter().filter(|&mode| mode == Mode::Normal || kind.has_misere()) {
            let heaps = kind.describe().start.heaps.unwrap_or(4);
            let line_of = |drawn: Vec<u64>| {
                kind.fit_start(drawn).iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            };
            let lines = [
                line_of(vec![max; heaps]),
                line_of((0..heaps).map(|i| if i == 0 { max } else { 7 }).collect()),
                line_of((0..heaps).map(|i| if i == 0 { max - 1 } else { 1 }).collect()),
            ];
            let input = lines.join("\n") + "\n";
            let out = ok(&["--game", name, "--mode", mode.as_str(), "-"], &input);
            // Each answer's verdict, in the order of the lines, is the engine's.
            let game = Game::new(Ruleset::new(kind, mode)).unwrap();
            let expected: Vec<&str> = lines
                .iter()
                .map(|line| {
                    let position = solve_position(&game, line);
                    match (game.is_over(&position), game.outcome(&position)) {
                        (true, _) => "the game is over",
                        (false, nim_tui::engine::Outcome::Win) => "The player to move wins",
                        (false, nim_tui::engine::Outcome::Lose) => "The player to move loses",
                    }
                })
                .collect();
            let verdicts: Vec<&str> = out
                .lines()
                .filter_map(|l| {
                    ["the game is over", "The player to move wins", "The player to move loses"]
                        .into_iter()
                        .find(|v| l.contains(v))
                })
                .collect();
            assert_eq!(verdicts, expected, "{name} {mode}: {out}");
        }
    }
}

/// `--keep-going`: a bad line gets its error object in its place (JSON) or a message naming it on
/// stderr (text), the lines after it are answered, and the status is 2 at the end. Without it, the
/// first bad line ends the run, as before.
#[test]
fn keep_going_reports_each_bad_line_and_goes_on() {
    let input = "3 4 5\n1 x 2\n\n1 2 3\n-4\n7 \u{202e}8\n5 5\n";
    let output = solve(&["--json", "--keep-going", "-"], input);
    assert_eq!(output.status.code(), Some(2));
    let out = String::from_utf8(output.stdout.clone()).unwrap();
    let lines: Vec<Value> = out.lines().map(parsed).collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0]["heaps"], json!([3, 4, 5]));
    assert_eq!(lines[1]["line"], json!(2));
    assert!(lines[1]["error"].as_str().unwrap().contains("'x'"), "{}", lines[1]);
    assert_eq!(lines[2]["heaps"], json!([1, 2, 3]));
    assert_eq!(lines[3]["line"], json!(5));
    assert_eq!(lines[4]["line"], json!(6));
    assert!(lines[4]["error"].as_str().unwrap().contains(r"\u{202e}"), "shown escaped: {}", lines[4]);
    assert_eq!(lines[5]["heaps"], json!([5, 5]));
    for bad in [&lines[1], &lines[3], &lines[4]] {
        assert_eq!(bad.as_object().unwrap().len(), 3, "only version, line and error: {bad}");
    }

    // The text form: answers on stdout, one message per bad line on stderr.
    let output = solve(&["--keep-going", "-"], input);
    assert_eq!(output.status.code(), Some(2));
    let out = String::from_utf8(output.stdout.clone()).unwrap();
    let err = String::from_utf8(output.stderr.clone()).unwrap();
    for heaps in ["heaps 3 4 5", "heaps 1 2 3", "heaps 5 5"] {
        assert!(out.contains(heaps), "{heaps} answered:\n{out}");
    }
    let messages: Vec<&str> = err.lines().collect();
    assert_eq!(messages.len(), 3, "{err}");
    for (message, line) in messages.iter().zip([2, 5, 6]) {
        assert!(message.starts_with(&format!("nim-tui: line {line}: ")), "{message}");
    }

    // Another game, and a game with a limit (read a line at a time): the same.
    let output = solve(&["--game", "wythoff", "--json", "--keep-going", "-"], "3 5\n1 2 3\n4 6\n");
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(output.stdout).unwrap().lines().map(parsed).collect();
    assert_eq!((lines.len(), &lines[1]["line"], &lines[2]["heaps"]), (3, &json!(2), &json!([4, 6])));
    let output = solve(&["--game", "fibonacci", "--json", "--keep-going", "-"], "10\n10/0\n3/x\n20/4\n");
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(output.stdout).unwrap().lines().map(parsed).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!((&lines[1]["line"], &lines[2]["line"], &lines[3]["limit"]), (&json!(2), &json!(3), &json!(4)));

    // All good: status 0. Without --keep-going: the first bad line stops the run.
    let output = solve(&["--json", "--keep-going", "-"], "1 2\n3\n");
    assert_eq!(output.status.code(), Some(0));
    let output = solve(&["--json", "-"], input);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
}

/// `--limit N` lists at most N moves and the count still counts them all; the text lists 20 by
/// default, the JSON the game's own list.
#[test]
fn limit_lists_at_most_n_and_counts_them_all() {
    // 39 heaps of 7 and one of 1: nim-sum 6, and each 7 has its highest bit: 39 winning moves.
    let heaps: Vec<String> =
        (0..40).map(|i| if i == 0 { "1".to_string() } else { "7".to_string() }).collect();
    let mut args = vec!["--json", "--limit", "5"];
    args.extend(heaps.iter().map(String::as_str));
    let value = parsed(ok(&args, "").trim());
    assert_eq!(value["moves"].as_array().unwrap().len(), 5);
    assert_eq!(value["count"], json!(39), "{value}");
    args.drain(1..3);
    let all = parsed(ok(&args, "").trim());
    assert_eq!(all["moves"].as_array().unwrap().len() as u64, all["count"].as_u64().unwrap());
    assert_eq!(all["count"], value["count"]);

    let text = ok(&["--game", "kayles", "--limit", "2", "99"], "");
    assert!(text.contains("more (the first 2 are listed)"), "{text}");
    let none =
        parsed(ok(&["--game", "moore:3", "--json", "--limit", "0", "5", "6", "7", "9", "10"], "").trim());
    assert_eq!(none["moves"], json!([]));
    assert!(none["count"].as_u64().unwrap() > 0, "{none}");
}

/// The shipped schema is itself well formed, and what it requires is what the README lists.
#[test]
fn the_schema_names_every_field_the_readme_documents() {
    let schema: Value = serde_json::from_str(nim_tui::solve::SCHEMA).unwrap();
    let answer = &schema["$defs"]["answer"]["properties"];
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for field in answer.as_object().unwrap().keys() {
        assert!(readme.contains(&format!("`{field}`")), "the README documents `{field}`");
    }
    crate::support::schema::check_line(r#"{"version":1,"line":3,"error":"'x' is not a position"}"#);
}

/// A game read a line at a time (Fibonacci Nim's `HEAP/LIMIT`) still answers each line before
/// the next is sent, though it no longer writes after every line.
#[test]
fn a_game_with_a_limit_answers_each_line_while_the_pipe_is_open() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(BIN)
        .args(["solve", "--game", "fibonacci", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // A guard against a hang, not a measure of speed.
    let pid = child.id();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(120));
        let _ = Command::new("kill").arg(pid.to_string()).status();
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap());
    for (line, heap) in [("10", 10), ("20/4", 20), ("21", 21)] {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        answers.read_line(&mut answer).unwrap();
        assert_eq!(parsed(&answer)["heaps"], json!([heap]), "the answer to {line} while the pipe is open");
        crate::support::schema::check_line(answer.trim_end());
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The games that are Nim in disguise answer at u64::MAX in the schema's shapes (`solve()` holds
/// every line to it), and every move listed wins: Staircase Nim with a step of u64::MAX coins
/// (and coins in all up to u64::MAX), the coin-turning games with heads at u64::MAX.
#[test]
fn nim_in_disguise_answers_at_u64_max_in_the_schema() {
    let max = u64::MAX;
    let cases: [(&str, Vec<Vec<u64>>); 3] = [
        (
            "staircase",
            vec![vec![0, max], vec![max / 2, 0, max / 2 - 1], vec![1, max - 1], vec![max, 0, 0, 0]],
        ),
        ("turtles", vec![vec![max], vec![3, max - 1, max], vec![1 << 63, max]]),
        (
            "mock-turtles",
            vec![vec![max], vec![2, max - 1, max], vec![5, 1 << 40, max - 7, max], vec![1 << 63, max]],
        ),
    ];
    for (name, positions) in cases {
        let kind: GameKind = name.parse().unwrap();
        let game = Game::new(Ruleset::new(kind, Mode::Normal)).unwrap();
        let input: String = positions
            .iter()
            .map(|heaps| heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let out = ok(&["--game", name, "--json", "--limit", "5", "-"], &input);
        assert_eq!(out.lines().count(), positions.len(), "{name}");
        for (heaps, answer) in positions.iter().zip(out.lines()) {
            let value = parsed(answer);
            let position = Position::new(heaps.clone());
            let at = format!("{name} {heaps:?}");
            assert_eq!(value["game"], json!(name), "{at}");
            assert_eq!(value["outcome"], json!(game.outcome(&position).as_str()), "{at}");
            let listed = game.winning_moves_up_to(&position, 5);
            assert_eq!(value["moves"], json!(json_moves(&position, &listed)), "{at}");
            for mv in &listed {
                let mut after = position.clone();
                game.play(&mut after, mv).unwrap();
                assert_eq!(game.outcome(&after), nim_tui::engine::Outcome::Lose, "{at}: {mv}");
            }
            assert!(value["grundy"].is_array() && value.get("grundy_sum").is_some(), "{at}: {answer}");
        }
    }
    // More coins in all than a u64 holds are refused, with the reason.
    let err = refused(&["--game", "staircase", "1", &max.to_string()], "");
    assert!(err.contains("at most 18446744073709551615 coins in all"), "{err}");
    let err = refused(&["--game", "turtles", "3", "3"], "");
    assert!(err.contains("3 is written twice"), "{err}");
}
