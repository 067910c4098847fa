//! `nim-tui serve` through the real OpenSSH client, as a student uses it: `ssh -tt` in a
//! pseudo-terminal (the one pty driver), against a server on loopback in this process, through
//! a whole game and out again. `.ci/run` installs `openssh-client` where it is missing.

#![cfg(unix)]

use std::time::Duration;

use crate::serve::{options, server};
use crate::support::pty::Pty;

/// `ssh` as a student types it, to the server at `port`, as `user`: `-tt`, then
/// [`ssh_options`] and `extra`.
fn ssh(port: u16, user: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["-tt".to_string()];
    args.extend(ssh_options(port));
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push(format!("{user}@127.0.0.1"));
    args
}

/// What `ssh` needs to reach the test's server at `port` and touch nothing of the machine's own
/// SSH set-up (no config, no known hosts, no keys, no agent), in English.
pub(crate) fn ssh_options(port: u16) -> Vec<String> {
    [
        "-F",
        "/dev/null",
        "-p",
        &port.to_string(),
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "IdentityAgent=none",
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "PubkeyAuthentication=no",
        "-o",
        "SetEnv=LANG=en_GB.UTF-8",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

pub(crate) fn ssh_present() {
    let found = std::process::Command::new("ssh").arg("-V").output().is_ok();
    assert!(found, "the OpenSSH client (ssh) is needed for this test: install openssh-client (.ci/run does)");
}

#[test]
fn a_whole_game_through_the_real_openssh_client() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let args = ssh(running.addr().port(), "alice", &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::program("ssh", &args).size(30, 100).spawn();
    assert!(pty.wait_for(crate::serve::LOBBY), "no lobby over ssh:\n{}", pty.contents());
    assert!(pty.contents().contains("alice"), "the lobby does not list alice:\n{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Start"), "no start screen over ssh:\n{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Your turn"), "the game did not start:\n{}", pty.contents());
    let mut over = false;
    // A move at most each turn: waits for the turn (or the end), never for a time.
    let ended = |s: &str| s.contains("You win!") || s.contains("You lose");
    for _ in 0..60 {
        assert!(
            pty.wait_until(|s| ended(s) || (s.contains("Your turn") && !s.contains("Hint"))),
            "neither the turn nor the end came:\n{}",
            pty.contents()
        );
        if ended(&pty.contents()) {
            over = true;
            break;
        }
        pty.send(b"h");
        assert!(pty.wait_for("Hint"), "no hint:\n{}", pty.contents());
        pty.send(b"\r");
        pty.wait_for_gone("Hint");
    }
    assert!(over, "the game did not end:\n{}", pty.contents());
    // A window change reaches the game: the same screen, drawn for the new size.
    // Read through a blank screen, so that what shows was drawn after the change.
    pty.resize_window((40, 120), (40, 120));
    assert!(pty.wait_until(ended), "{}", pty.contents());
    // q leaves the game for the lobby, and q there asks, then y leaves the server.
    pty.send(b"q");
    assert!(pty.wait_for(crate::serve::LOBBY), "no lobby after the game:\n{}", pty.contents());
    pty.send(b"q");
    assert!(pty.wait_for("Leave the server?"), "q did not ask:\n{}", pty.contents());
    pty.send(b"y");
    let status = pty.wait_exit().expect("ssh did not exit");
    assert!(status.success(), "ssh exited with {status:?}");
    assert!(!pty.screen.screen().alternate_screen(), "the alternate screen was not left");
    assert!(!pty.screen.screen().hide_cursor(), "the cursor is still hidden");
    runtime.block_on(running.stop(Duration::from_secs(3)));
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    assert_eq!(db.games_of("alice").expect("games").len(), 1);
}

#[test]
fn openssh_commands_and_subsystems_are_told_to_use_ssh_t() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let port = running.addr().port().to_string();
    let base = [
        "-F",
        "/dev/null",
        "-p",
        &port,
        "-o",
        "StrictHostKeyChecking=no",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "LogLevel=ERROR",
        "-o",
        "PubkeyAuthentication=no",
        "-o",
        "BatchMode=yes",
    ];
    // `ssh host command` and the sftp subsystem as `sftp` asks for it: each told on its standard
    // error to use `ssh -t`, with exit status 1, not a bare "request failed". (`ssh -T` with no
    // command gets the plain door: `plain_ssh.rs`.)
    for extra in [vec!["bob@127.0.0.1", "cat", "/etc/passwd"], vec!["-T", "-s", "bob@127.0.0.1", "sftp"]] {
        let out = std::process::Command::new("ssh")
            .args(base)
            .args(&extra)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run ssh");
        let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {said}");
        assert!(!said.contains("root:"), "{extra:?}: a command ran: {said}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("ssh -t"), "{extra:?}: not told to use ssh -t: {said}");
    }
    runtime.block_on(running.stop(Duration::from_secs(3)));
}

/// A student's `ssh` killed in the middle of a game (a laptop closed, the Wi-Fi gone): connecting
/// again as she did, she is back at her game, her move still made.
#[test]
fn a_student_whose_ssh_dies_comes_back_to_her_game() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let port = running.addr().port();
    // Someone in the lobby, to see when the server has noticed her gone.
    let mut bob = runtime.block_on(crate::serve::Player::arrive(running.addr(), "bob", 100, 30));
    let args = ssh(port, "alice", &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::program("ssh", &args).size(30, 100).spawn();
    assert!(pty.wait_for(crate::serve::LOBBY), "no lobby over ssh:\n{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Start"), "{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("Your turn"), "{}", pty.contents());
    pty.send(b"\r");
    assert!(pty.wait_for("AI took"), "{}", pty.contents());
    let moved: Vec<String> =
        pty.contents().lines().filter(|l| l.contains("took")).map(str::to_string).collect();
    assert!(runtime.block_on(bob.wait_for("alice")), "{}", bob.contents());
    // The client dies without a word.
    let pid = i32::try_from(pty.pid()).expect("a pid");
    // SAFETY: kill(2) on the ssh child this test started.
    unsafe { libc::kill(pid, libc::SIGKILL) };
    assert!(
        runtime.block_on(bob.wait_until(|s| !s.lines().any(|l| l.contains("alice")))),
        "the server did not notice alice gone:\n{}",
        bob.contents()
    );
    let mut again = Pty::program("ssh", &args).size(30, 100).spawn();
    assert!(again.wait_for("Welcome back: your game is where you left it."), "{}", again.contents());
    for line in &moved {
        assert!(
            again.contents().contains(line.trim()),
            "{line:?} is not on the screen:\n{}",
            again.contents()
        );
    }
    assert!(again.contents().contains("Your turn"), "{}", again.contents());
    runtime.block_on(running.stop(Duration::from_secs(3)));
}
