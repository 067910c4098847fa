//! Running `nim-tui solve` as a script would: arguments, standard input written from another
//! thread, everything it printed.

use super::BIN;
use std::io::Write;
use std::process::{Command, Output, Stdio};

pub fn solve(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nim-tui binary starts");
    // Written from another thread: a large input and its answers do not fit in the pipes at once.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    // Every JSON answer (and error object) the tests see is held to the shipped schema.
    if args.contains(&"--json") {
        super::schema::check_lines(&String::from_utf8_lossy(&output.stdout));
    }
    output
}
