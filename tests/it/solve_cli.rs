//! `nim-tui solve` end to end: the real binary, its exact JSON lines, its text for people, standard
//! input, and the refusals (message on stderr, nothing on stdout, exit status 2).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::support::BIN;
use crate::support::nim_tree::{BruteForce, positions};
use crate::support::solve::solve;
use nim_tui::engine::Mode;

const MAX: u64 = u64::MAX;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Runs a command that must succeed with nothing on stderr, and returns its standard output.
fn solve_ok(args: &[&str], stdin: &str) -> String {
    let output = solve(args, stdin);
    assert!(output.status.success(), "solve {args:?} failed: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "solve {args:?} wrote to stderr");
    stdout(&output)
}

#[test]
fn json_lines_are_exact() {
    let max = MAX.to_string();
    let below_max = (MAX - 1).to_string();
    let cases: &[(&[&str], String)] = &[
        (
            &["--json", "3", "4", "5"],
            r#"{"version":1,"game":"nim","mode":"normal","heaps":[3,4,5],"nim_sum":2,"outcome":"win","count":1,"moves":[{"heap":1,"take":2}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "3", "4", "5"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[3,4,5],"nim_sum":2,"outcome":"win","count":1,"moves":[{"heap":1,"take":2}]}"#.into(),
        ),
        (&["--json", "1", "2", "3"], r#"{"version":1,"game":"nim","mode":"normal","heaps":[1,2,3],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":{"heap":3,"take":1}}"#.into()),
        // Several winning moves, ordered by heap.
        (
            &["--json", "1", "2", "4"],
            r#"{"version":1,"game":"nim","mode":"normal","heaps":[1,2,4],"nim_sum":7,"outcome":"win","count":1,"moves":[{"heap":3,"take":1}]}"#.into(),
        ),
        (
            &["--json", "3", "5", "7", "0"],
            r#"{"version":1,"game":"nim","mode":"normal","heaps":[3,5,7,0],"nim_sum":1,"outcome":"win","count":3,"moves":[{"heap":1,"take":1},{"heap":2,"take":1},{"heap":3,"take":1}]}"#.into(),
        ),
        // The game is over: normal play has been lost, misère has been won.
        (&["--json", "0", "0", "0"], r#"{"version":1,"game":"nim","mode":"normal","heaps":[0,0,0],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":null}"#.into()),
        (
            &["--mode", "misere", "--json", "0", "0", "0"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[0,0,0],"nim_sum":0,"outcome":"win","count":0,"moves":[]}"#.into(),
        ),
        // Misère endgames: empty the one big heap, leave an odd number of heaps of one.
        (
            &["--mode", "misere", "--json", "0", "2", "1"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[0,2,1],"nim_sum":3,"outcome":"win","count":1,"moves":[{"heap":2,"take":2}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "1", "5"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[1,1,5],"nim_sum":5,"outcome":"win","count":1,"moves":[{"heap":3,"take":4}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "1", "1"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[1,1,1],"nim_sum":1,"outcome":"lose","count":0,"moves":[],"best_try":{"heap":1,"take":1}}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "0", "1"],
            r#"{"version":1,"game":"nim","mode":"misere","heaps":[1,0,1],"nim_sum":0,"outcome":"win","count":2,"moves":[{"heap":1,"take":1},{"heap":3,"take":1}]}"#.into(),
        ),
        // The largest heaps, printed and computed without loss.
        (
            &["--json", &max, &max],
            format!(r#"{{"version":1,"game":"nim","mode":"normal","heaps":[{max},{max}],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":{{"heap":1,"take":1}}}}"#),
        ),
        (
            &["--json", &max, "1"],
            format!(
                r#"{{"version":1,"game":"nim","mode":"normal","heaps":[{max},1],"nim_sum":{below_max},"outcome":"win","count":1,"moves":[{{"heap":1,"take":{below_max}}}]}}"#
            ),
        ),
        (
            &["--mode", "misere", "--json", &max, "1", "1"],
            format!(
                r#"{{"version":1,"game":"nim","mode":"misere","heaps":[{max},1,1],"nim_sum":{max},"outcome":"win","count":1,"moves":[{{"heap":1,"take":{below_max}}}]}}"#
            ),
        ),
        (
            &["--mode", "misere", "--json", &max, "0", "1"],
            format!(
                r#"{{"version":1,"game":"nim","mode":"misere","heaps":[{max},0,1],"nim_sum":{below_max},"outcome":"win","count":1,"moves":[{{"heap":1,"take":{max}}}]}}"#
            ),
        ),
    ];
    for (args, expected) in cases {
        assert_eq!(solve_ok(args, ""), format!("{expected}\n"), "solve {args:?}");
    }
}

#[test]
fn json_answers_agree_with_the_game_tree() {
    // Every position of up to 3 heaps of up to 5 tokens through standard input, in both modes,
    // compared with the tests' own search (heaps numbered from 1 in the output).
    let all = positions(3, 5);
    let input: String = all.iter().map(|heaps| format!("{}\n", join(heaps, ","))).collect();
    for mode in Mode::ALL {
        let out = solve_ok(&["--mode", mode.as_str(), "--json", "-"], &input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), all.len());
        let mut brute = BruteForce::new(mode);
        for (heaps, line) in all.iter().zip(lines) {
            let mut answer: serde_json::Value = serde_json::from_str(line).unwrap();
            let outcome = if brute.wins(heaps) { "win" } else { "lose" };
            let moves: Vec<serde_json::Value> = brute
                .winning_moves(heaps)
                .iter()
                .map(|mv| serde_json::json!({ "heap": mv.heap + 1, "take": mv.take }))
                .collect();
            let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
            // A losing position's best try is a legal move (none once every heap is empty).
            if let Some(best) = answer.as_object_mut().and_then(|a| a.remove("best_try")) {
                assert_eq!(outcome, "lose", "{mode} {heaps:?}");
                match best.as_object() {
                    None => assert!(heaps.iter().all(|&h| h == 0), "{mode} {heaps:?}: {best}"),
                    Some(mv) => {
                        let heap = mv["heap"].as_u64().unwrap() as usize;
                        let take = mv["take"].as_u64().unwrap();
                        assert!((1..=heaps[heap - 1]).contains(&take), "{mode} {heaps:?}: {best}");
                    }
                }
            } else {
                assert_eq!(outcome, "win", "{mode} {heaps:?}: no best try");
            }
            let expected = serde_json::json!({
                "version": 1, "game": "nim", "mode": mode.as_str(), "heaps": heaps, "nim_sum": nim_sum,
                "outcome": outcome, "count": moves.len(), "moves": moves,
            });
            assert_eq!(answer, expected, "{mode} {heaps:?}");
        }
    }
}

fn join(heaps: &[u64], separator: &str) -> String {
    heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(separator)
}

#[test]
fn stdin_answers_each_line_in_order_and_skips_blank_lines() {
    let out = solve_ok(&["--json", "-"], "3 4 5\n\n1,2,3\n   \n  7 , 7 7\n0\n");
    let expected = [
        r#"{"version":1,"game":"nim","mode":"normal","heaps":[3,4,5],"nim_sum":2,"outcome":"win","count":1,"moves":[{"heap":1,"take":2}]}"#,
        r#"{"version":1,"game":"nim","mode":"normal","heaps":[1,2,3],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":{"heap":3,"take":1}}"#,
        r#"{"version":1,"game":"nim","mode":"normal","heaps":[7,7,7],"nim_sum":7,"outcome":"win","count":3,"moves":[{"heap":1,"take":7},{"heap":2,"take":7},{"heap":3,"take":7}]}"#,
        r#"{"version":1,"game":"nim","mode":"normal","heaps":[0],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":null}"#,
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert!(out.ends_with('\n'));

    // The same positions given one by one on the command line give the same answers.
    for (heaps, line) in [["3", "4", "5"], ["1", "2", "3"], ["7", "7", "7"]].iter().zip(expected) {
        let mut args = vec!["--json"];
        args.extend(heaps);
        assert_eq!(solve_ok(&args, ""), format!("{line}\n"));
    }
}

#[test]
fn a_bad_line_stops_the_run_after_the_earlier_answers() {
    let output = solve(&["--json", "-"], "3 4 5\n\n1 x 2\n1 2 3\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stdout(&output),
        "{\"version\":1,\"game\":\"nim\",\"mode\":\"normal\",\"heaps\":[3,4,5],\"nim_sum\":2,\"outcome\":\"win\",\"count\":1,\"moves\":[{\"heap\":1,\"take\":2}]}\n"
    );
    let message = stderr(&output);
    // Line numbers count the blank line too: they are the lines of the input as written.
    assert!(message.contains("line 3"), "{message}");
    assert!(message.contains("1 x 2"), "{message}");

    let output = solve(&["-"], "-3 4\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).contains("line 1") && stderr(&output).contains("-3"), "{}", stderr(&output));
}

#[test]
fn the_human_answer_shows_the_binary_working() {
    let out = solve_ok(&["3", "4", "5"], "");
    for row in
        [("heap 1", "3", "011"), ("heap 2", "4", "100"), ("heap 3", "5", "101"), ("nim-sum", "2", "010")]
    {
        let (label, value, binary) = row;
        assert!(
            out.lines().any(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                words == [label.split(' ').collect::<Vec<_>>(), vec![value, binary]].concat()
            }),
            "no row {row:?} in:\n{out}"
        );
    }
    assert!(out.contains("take 2 from heap 1"), "{out}");
    assert!(!out.to_lowercase().contains("no winning move"), "{out}");

    let out = solve_ok(&["1", "2", "3"], "");
    assert!(out.lines().any(|line| line.split_whitespace().eq(["nim-sum", "0", "00"])), "{out}");
    assert!(out.to_lowercase().contains("no winning move"), "{out}");

    let out = solve_ok(&["--mode", "misere", "0", "2", "1"], "");
    assert!(out.contains("misère"), "{out}");
    assert!(out.contains("take 2 from heap 2"), "{out}");

    let out = solve_ok(&["--mode", "misere", "0", "0"], "");
    assert!(out.to_lowercase().contains("no winning move"), "{out}");
}

#[test]
fn human_answers_from_stdin_come_one_after_another() {
    let out = solve_ok(&["-"], "3 4 5\n1 2 3\n");
    let first = out.find("heaps 3 4 5").expect("the first position is answered");
    let second = out.find("heaps 1 2 3").expect("the second position is answered");
    assert!(first < second, "{out}");
}

#[test]
fn bad_command_lines_print_nothing_and_exit_2() {
    let too_large = (u128::from(MAX) + 1).to_string();
    let cases: &[(&[&str], &str)] = &[
        (&[], "HEAP"),
        (&["--json"], "HEAP"),
        (&["three"], "three"),
        (&["3", "x", "5"], "'x'"),
        (&["-3"], "-3"),
        (&["3", "-3"], "negative"),
        (&[&too_large], &too_large),
        (&["--mode", "sideways", "3"], "sideways"),
        (&["--mode", "misere", "--json", "1,2,three"], "three"),
    ];
    for (args, named) in cases {
        let output = solve(args, "");
        assert_eq!(output.status.code(), Some(2), "solve {args:?}");
        assert_eq!(stdout(&output), "", "solve {args:?} wrote to stdout");
        let message = stderr(&output);
        assert!(message.contains(named), "solve {args:?}: {message}");
    }
}

/// The reference answer: the published fields, each asked of the engine on its own, serialised by
/// serde_json.
fn serde_answer(heaps: &[u64], mode: Mode) -> String {
    let game = nim_tui::engine::Ruleset::nim(mode).game();
    let position = nim_tui::engine::Position::new(heaps.to_vec());
    serde_json::to_string(&nim_tui::solve::reference_answer(&game, &position, None)).unwrap()
}

fn json_line(heaps: &[u64], mode: Mode) -> String {
    let game = nim_tui::engine::Ruleset::nim(mode).game();
    nim_tui::solve::json_line(&game, &nim_tui::engine::Position::new(heaps.to_vec()), None)
}

/// Seeded random positions of every shape: few and many heaps (across the blocks of 64), small
/// heaps (misère endgames, heaps of one), random and extreme values.
fn random_positions(count: usize) -> Vec<Vec<u64>> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(15);
    (0..count)
        .map(|_| {
            let len = [1, 2, 3, 5, 63, 64, 65, 200][rng.random_range(0..8)];
            let top = [1, 2, 7, 100, u64::MAX][rng.random_range(0..5)];
            (0..len).map(|_| if top == u64::MAX { rng.random() } else { rng.random_range(0..=top) }).collect()
        })
        .collect()
}

#[test]
fn the_hand_written_json_is_byte_for_byte_serde_json() {
    let positions = random_positions(2000);
    for mode in Mode::ALL {
        for heaps in &positions {
            let line = json_line(heaps, mode);
            crate::support::schema::check_line(&line);
            assert_eq!(line, serde_answer(heaps, mode), "{mode} {heaps:?}");
        }
        // The same through the binary, all positions as one stream.
        let input: String = positions.iter().map(|heaps| join(heaps, " ") + "\n").collect();
        let expected: String = positions.iter().map(|heaps| serde_answer(heaps, mode) + "\n").collect();
        assert_eq!(solve_ok(&["--mode", mode.as_str(), "--json", "-"], &input), expected, "{mode}");
    }
}

#[test]
fn a_line_longer_than_any_buffer_is_answered_whole() {
    // 300,000 heaps of up to 20 digits: some 6 MB in one line, so words run across reads.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(10);
    let heaps: Vec<u64> = (0..300_000).map(|_| rng.random::<u64>() >> rng.random_range(0..64)).collect();
    let input = format!("1 2 3\n{}\n4 5 6\n", join(&heaps, ", "));
    let out = solve_ok(&["--json", "-"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], serde_answer(&heaps, Mode::Normal));
    assert_eq!(lines[2], serde_answer(&[4, 5, 6], Mode::Normal));
}

#[test]
fn the_human_form_matches_the_explanation_for_random_positions() {
    // Every row of the binary working and every winning move, for random positions.
    for heaps in random_positions(200) {
        for mode in Mode::ALL {
            let game = nim_tui::engine::Ruleset::nim(mode).game();
            let position = nim_tui::engine::Position::new(heaps.clone());
            let text = nim_tui::solve::human_text(nim_tui::i18n::Language::English, &game, &position, None);
            let explanation = nim_tui::engine::Explanation::new(&heaps, mode);
            for (i, &h) in heaps.iter().enumerate() {
                let row = format!("heap {}", i + 1);
                assert!(
                    text.lines().any(|line| line.trim_start().starts_with(&format!("{row} "))
                        && line.split_whitespace().skip(2).eq([h.to_string(), explanation.binary(h)])),
                    "{row} of {heaps:?} in {mode}:\n{text}"
                );
            }
            for reason in explanation.winning_reasons() {
                let reason = nim_tui::words::move_reason(nim_tui::i18n::Language::English, &reason);
                assert!(text.contains(&format!("  {reason}\n")), "{reason} missing for {heaps:?}");
            }
        }
    }
}

#[test]
fn each_answer_comes_before_the_next_line_is_sent() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(BIN)
        .args(["solve", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // A guard against a hang, not a measure of speed: if an answer never comes, the child is
    // killed and the read below ends with nothing.
    let pid = child.id();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(120));
        let _ = Command::new("kill").arg(pid.to_string()).status();
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap());
    for heaps in [[3u64, 4, 5], [1, 2, 3], [7, 7, 7]] {
        writeln!(stdin, "{}", join(&heaps, " ")).unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        answers.read_line(&mut answer).unwrap();
        assert_eq!(
            answer,
            serde_answer(&heaps, Mode::Normal) + "\n",
            "the answer to {heaps:?} while the pipe is open"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn invalid_utf8_is_a_bad_line_named_by_number() {
    let mut child = Command::new(BIN)
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"3 4 5\n\n1 \xff\xfe 2\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("line 3") && message.contains("UTF-8"), "{message}");
    assert!(message.contains(r"\xff\xfe"), "{message}");
    assert!(stdout(&output).contains("heaps 3 4 5"), "the first answer is written");
}

#[test]
fn bad_text_cannot_reach_the_terminal_raw() {
    // An escape sequence that would set the terminal's title, in a line and in a word.
    let output = solve(&["--json", "-"], "1 2\n3 \x1b]0;pwned\x07 4\n");
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(!message.bytes().any(|b| b == 0x1b || b == 0x07), "{message:?}");
    assert!(message.contains(r"\x1b]0;pwned\x07"), "{message}");
    assert!(message.contains("line 2"), "{message}");

    // A bidi override and a very long bad line: shown escaped, and cut short.
    let long = format!("1 \u{202e}x{} 2\n", "y".repeat(100_000));
    let output = solve(&["-"], &long);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains(r"\u{202e}x"), "{message}");
    assert!(message.len() < 1000, "{} bytes of message", message.len());
    assert!(message.contains('…'), "{message}");

    // The command line too.
    let output = solve(&["3", "\x1b[2J"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains(r"\x1b[2J") && !stderr(&output).contains('\x1b'), "{}", stderr(&output));
}
