//! The server as the teacher runs it (`nim-tui serve` runs this binary, `nim-tui-serve`): the real binary, its help, its refusals of bad flags
//! and files (exit 2) and of a port it cannot have (exit 1), the host key kept across restarts,
//! and SIGTERM, which tells the players, keeps their games and exits 0.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::serve::Player;
use crate::support::command;

/// Starts `nim-tui serve` with `args` under `home`; returns it and the address it listens on.
pub(crate) fn start(home: &std::path::Path, args: &[&str]) -> (Child, SocketAddr, String) {
    start_with_env(home, args, &[])
}

/// [`start`], with the environment variables `env` set.
pub(crate) fn start_with_env(
    home: &std::path::Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Child, SocketAddr, String) {
    let mut child = command(home)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nim-tui serve");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut said = String::new();
    let mut line = String::new();
    while stderr.read_line(&mut line).expect("read stderr") > 0 {
        said.push_str(&line);
        if said.contains("stop with Ctrl-C") {
            break;
        }
        line.clear();
    }
    let addr = said
        .split("listening on ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {said:?}"));
    (child, addr, said)
}

/// `alice` joins the server at `addr`, starts a game against the AI and makes its first move (the
/// game in play when the server is stopped).
pub(crate) async fn alice_in_a_game(addr: SocketAddr) -> Player {
    let mut alice = Player::join(addr, "alice", 100, 30).await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    // Made, and the AI's answer with it.
    assert!(alice.wait_for("AI took").await, "the move was not made:\n{}", alice.contents());
    alice
}

pub(crate) fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    for _ in 0..300 {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("nim-tui serve did not exit within 15 s");
}

#[test]
fn serve_help_documents_every_flag_with_its_default() {
    let home = tempfile::tempdir().expect("temp dir");
    let out = command(home.path()).arg("--help").output().expect("run");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--listen",
        "127.0.0.1:2222",
        "--host-key",
        "--code",
        "--teacher-keys",
        "--db",
        "--max-connections",
        "--max-per-address",
        "--idle-timeout",
        "--no-hints",
        "ssh -p",
    ] {
        assert!(help.contains(flag), "{flag} is not in the help:\n{help}");
    }
}

#[test]
fn bad_flags_and_files_are_refused_with_exit_2_and_a_taken_port_with_exit_1() {
    let home = tempfile::tempdir().expect("temp dir");
    let junk = home.path().join("junk");
    std::fs::write(&junk, "not a key\n").expect("write");
    let junk = junk.to_str().expect("utf-8 path");
    for (args, says) in [
        (vec!["--listen", "nowhere"], "--listen"),
        (vec!["--max-connections", "0"], "--max-connections"),
        (vec!["--idle-timeout", "2"], "--idle-timeout"),
        (vec!["--host-key", junk], "host key"),
        (vec!["--teacher-keys", junk], "line 1"),
        (vec!["--teacher-keys", "/nonexistent/keys"], "teacher keys"),
        (vec!["--code", ""], "class code"),
        (vec!["--join-address", "school example"], "--join-address"),
        (vec!["--join-address", "school.example.org:0"], "not a port"),
        (vec!["--join-address", "[fd00::5"], "no closing ]"),
    ] {
        let out = command(home.path()).args(&args).output().expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").to_string();
    let out = command(home.path()).args(["--listen", &port]).output().expect("run");
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen"));
}

#[test]
fn sigterm_tells_the_players_keeps_their_games_and_exits_0_and_the_key_is_kept() {
    let home = tempfile::tempdir().expect("temp dir");
    let (mut child, addr, said) = start(home.path(), &["--listen", "127.0.0.1:0"]);
    let fingerprint = said.split("SHA256:").nth(1).map(|f| f.split(')').next().unwrap_or("").to_string());
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let mut alice = runtime.block_on(alice_in_a_game(addr));
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = wait_exit(&mut child);
    assert_eq!(
        status.code(),
        Some(0),
        "{status:?} {:?}",
        std::os::unix::process::ExitStatusExt::signal(&status)
    );
    runtime.block_on(async {
        assert!(alice.wait_closed().await);
    });
    assert!(String::from_utf8_lossy(&alice.raw).contains("The server is stopping"));
    let db = home.path().join("data/nim-tui/server.sqlite3");
    let db = nim_serve::db::Db::open(&db).expect("the database in the data directory");
    let games = db.games_of("alice").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::EndedByServer);
    // The host key was generated once and is used again.
    let (mut again, _, said_again) = start(home.path(), &["--listen", "127.0.0.1:0"]);
    let fingerprint_again =
        said_again.split("SHA256:").nth(1).map(|f| f.split(')').next().unwrap_or("").to_string());
    assert!(fingerprint.is_some());
    assert_eq!(fingerprint, fingerprint_again, "the host key changed across a restart");
    // SAFETY: as above.
    unsafe { libc::kill(again.id() as i32, libc::SIGINT) };
    assert_eq!(wait_exit(&mut again).code(), Some(0));
}

/// Behind a load balancer, the start's lines tell students the balancer's address
/// (`--join-address`), its SSH port when given, and the web page on its host.
#[test]
fn the_join_address_is_what_students_are_told_to_type() {
    let home = tempfile::tempdir().expect("temp dir");
    let (mut server, _, said) = start(
        home.path(),
        &["--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--join-address", "school.example.org:2200"],
    );
    assert!(said.contains("students type: ssh -p 2200 NAME@school.example.org"), "{said}");
    assert!(said.contains("students open http://school.example.org:"), "{said}");
    // SAFETY: kill(2) on a server this test started.
    unsafe { libc::kill(server.id() as i32, libc::SIGTERM) };
    assert_eq!(wait_exit(&mut server).code(), Some(0));
    // An IPv6 address: bracketed in the page's address, bare for ssh; port 22 is ssh's own.
    let (mut server, _, said) = start(
        home.path(),
        &["--listen", "127.0.0.1:0", "--web", "127.0.0.1:0", "--join-address", "[fd00::5]:22"],
    );
    assert!(said.contains("students type: ssh NAME@fd00::5\n"), "{said}");
    assert!(said.contains("students open http://[fd00::5]:"), "{said}");
    // SAFETY: as above.
    unsafe { libc::kill(server.id() as i32, libc::SIGTERM) };
    assert_eq!(wait_exit(&mut server).code(), Some(0));
}

/// Runs `nim-tui serve` with `args` to its end (at most 15 s): its exit code and standard error.
fn run_to_exit(home: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = command(home)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start nim-tui serve");
    let status = wait_exit(&mut child);
    let mut err = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut stderr, &mut err);
    }
    (status.code(), err)
}

#[test]
fn a_host_key_that_is_not_a_regular_file_of_a_keys_size_is_refused_at_once() {
    let home = tempfile::tempdir().expect("temp dir");
    let fifo = home.path().join("key.fifo");
    let c_path = std::ffi::CString::new(fifo.to_str().expect("utf-8 path")).expect("a C path");
    // SAFETY: mkfifo is given a NUL-terminated path that lives across the call.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0, "mkfifo");
    let huge = home.path().join("huge");
    std::fs::write(&huge, vec![b'a'; 1 << 20]).expect("write");
    // A FIFO would block the start for ever, /dev/zero would be read until memory ran out.
    for (key, says) in [
        (fifo.to_str().expect("utf-8 path"), "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (huge.to_str().expect("utf-8 path"), "larger than"),
        (home.path().to_str().expect("utf-8 path"), "directory"),
    ] {
        let (code, err) = run_to_exit(home.path(), &["--host-key", key, "--listen", "127.0.0.1:0"]);
        assert_eq!(code, Some(2), "--host-key {key}: {err}");
        assert!(err.contains("host key") && err.contains(says), "--host-key {key}: {err}");
    }
}

#[test]
fn a_database_of_a_newer_schema_is_refused_with_exit_2() {
    let home = tempfile::tempdir().expect("temp dir");
    let db = home.path().join("newer.sqlite3");
    let conn = rusqlite::Connection::open(&db).expect("sqlite");
    conn.execute_batch(&format!("PRAGMA user_version = {}", nim_serve::db::VERSION + 1)).expect("version");
    drop(conn);
    let db = db.to_str().expect("utf-8 path");
    let (code, err) = run_to_exit(home.path(), &["--db", db, "--listen", "127.0.0.1:0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(&format!("schema version {}", nim_serve::db::VERSION + 1)) && err.contains("newer"),
        "{err}"
    );
}
