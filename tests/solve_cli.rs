//! `nim-tui solve` end to end: the real binary, its exact JSON lines, its text for people, standard
//! input, and the refusals (message on stderr, nothing on stdout, exit status 2).

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{BruteForce, positions};
use nim_tui::engine::Mode;

const MAX: u64 = u64::MAX;

fn solve(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nim-tui"))
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nim-tui binary starts");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

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
            r#"{"mode":"normal","heaps":[3,4,5],"nim_sum":2,"outcome":"win","moves":[{"heap":1,"take":2}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "3", "4", "5"],
            r#"{"mode":"misere","heaps":[3,4,5],"nim_sum":2,"outcome":"win","moves":[{"heap":1,"take":2}]}"#.into(),
        ),
        (&["--json", "1", "2", "3"], r#"{"mode":"normal","heaps":[1,2,3],"nim_sum":0,"outcome":"lose","moves":[]}"#.into()),
        // Several winning moves, ordered by heap.
        (
            &["--json", "1", "2", "4"],
            r#"{"mode":"normal","heaps":[1,2,4],"nim_sum":7,"outcome":"win","moves":[{"heap":3,"take":1}]}"#.into(),
        ),
        (
            &["--json", "3", "5", "7", "0"],
            r#"{"mode":"normal","heaps":[3,5,7,0],"nim_sum":1,"outcome":"win","moves":[{"heap":1,"take":1},{"heap":2,"take":1},{"heap":3,"take":1}]}"#.into(),
        ),
        // The game is over: normal play has been lost, misère has been won.
        (&["--json", "0", "0", "0"], r#"{"mode":"normal","heaps":[0,0,0],"nim_sum":0,"outcome":"lose","moves":[]}"#.into()),
        (
            &["--mode", "misere", "--json", "0", "0", "0"],
            r#"{"mode":"misere","heaps":[0,0,0],"nim_sum":0,"outcome":"win","moves":[]}"#.into(),
        ),
        // Misère endgames: empty the one big heap, leave an odd number of heaps of one.
        (
            &["--mode", "misere", "--json", "0", "2", "1"],
            r#"{"mode":"misere","heaps":[0,2,1],"nim_sum":3,"outcome":"win","moves":[{"heap":2,"take":2}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "1", "5"],
            r#"{"mode":"misere","heaps":[1,1,5],"nim_sum":5,"outcome":"win","moves":[{"heap":3,"take":4}]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "1", "1"],
            r#"{"mode":"misere","heaps":[1,1,1],"nim_sum":1,"outcome":"lose","moves":[]}"#.into(),
        ),
        (
            &["--mode", "misere", "--json", "1", "0", "1"],
            r#"{"mode":"misere","heaps":[1,0,1],"nim_sum":0,"outcome":"win","moves":[{"heap":1,"take":1},{"heap":3,"take":1}]}"#.into(),
        ),
        // The largest heaps, printed and computed without loss.
        (
            &["--json", &max, &max],
            format!(r#"{{"mode":"normal","heaps":[{max},{max}],"nim_sum":0,"outcome":"lose","moves":[]}}"#),
        ),
        (
            &["--json", &max, "1"],
            format!(
                r#"{{"mode":"normal","heaps":[{max},1],"nim_sum":{below_max},"outcome":"win","moves":[{{"heap":1,"take":{below_max}}}]}}"#
            ),
        ),
        (
            &["--mode", "misere", "--json", &max, "1", "1"],
            format!(
                r#"{{"mode":"misere","heaps":[{max},1,1],"nim_sum":{max},"outcome":"win","moves":[{{"heap":1,"take":{below_max}}}]}}"#
            ),
        ),
        (
            &["--mode", "misere", "--json", &max, "0", "1"],
            format!(
                r#"{{"mode":"misere","heaps":[{max},0,1],"nim_sum":{below_max},"outcome":"win","moves":[{{"heap":1,"take":{max}}}]}}"#
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
            let answer: serde_json::Value = serde_json::from_str(line).unwrap();
            let outcome = if brute.wins(heaps) { "win" } else { "lose" };
            let moves: Vec<serde_json::Value> = brute
                .winning_moves(heaps)
                .iter()
                .map(|mv| serde_json::json!({ "heap": mv.heap + 1, "take": mv.take }))
                .collect();
            let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
            let expected = serde_json::json!({
                "mode": mode.as_str(), "heaps": heaps, "nim_sum": nim_sum, "outcome": outcome, "moves": moves,
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
        r#"{"mode":"normal","heaps":[3,4,5],"nim_sum":2,"outcome":"win","moves":[{"heap":1,"take":2}]}"#,
        r#"{"mode":"normal","heaps":[1,2,3],"nim_sum":0,"outcome":"lose","moves":[]}"#,
        r#"{"mode":"normal","heaps":[7,7,7],"nim_sum":7,"outcome":"win","moves":[{"heap":1,"take":7},{"heap":2,"take":7},{"heap":3,"take":7}]}"#,
        r#"{"mode":"normal","heaps":[0],"nim_sum":0,"outcome":"lose","moves":[]}"#,
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
        "{\"mode\":\"normal\",\"heaps\":[3,4,5],\"nim_sum\":2,\"outcome\":\"win\",\"moves\":[{\"heap\":1,\"take\":2}]}\n"
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
