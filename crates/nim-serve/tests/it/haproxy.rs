//! The server behind a real HAProxy, as a school runs it: Debian's `haproxy` in `mode tcp`
//! forwards with `send-proxy-v2` (and health checks with `check-send-proxy`) to `nim-tui-serve
//! --proxy-protocol-from` with its host key from a file, and students join with the real
//! OpenSSH client in a pseudo-terminal, each from a loopback address of its own
//! (`BindAddress`), checking the host key against a `known_hosts` that holds the file's key.
//! What a teacher would notice: the server's log names each student by the address and port
//! HAProxy logged for them, never HAProxy's own, and one player per address
//! (`--max-per-address 1`) lets two students in and refuses a second from the first one's
//! address. Skipped, saying so, where haproxy is not installed, unless
//! NIM_TUI_REQUIRE_HAPROXY=1 (as `.ci/run` sets), when that fails.

#![cfg(unix)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::serve::LOBBY;
use crate::serve_openssh::{ssh_options, ssh_present};
use crate::support::pty::Pty;

/// How long any wait may take before the test gives up (never a judgement of speed).
const PATIENCE: Duration = Duration::from_secs(90);

/// The address HAProxy connects to the server from, and the students' own.
const BALANCER: &str = "127.0.0.2";
const ANN: &str = "127.0.0.5";
const BOB: &str = "127.0.0.6";

/// HAProxy, or why the test does not run.
fn haproxy() -> Option<PathBuf> {
    let found = ["haproxy", "/usr/sbin/haproxy"]
        .into_iter()
        .map(PathBuf::from)
        .find(|program| Command::new(program).arg("-v").output().is_ok_and(|out| out.status.success()));
    if found.is_none() {
        assert!(
            std::env::var("NIM_TUI_REQUIRE_HAPROXY").as_deref() != Ok("1"),
            "NIM_TUI_REQUIRE_HAPROXY=1 but haproxy is not installed: install Debian's haproxy (.ci/run does)"
        );
        eprintln!(
            "skipped: haproxy is not installed (Debian's haproxy; NIM_TUI_REQUIRE_HAPROXY=1 makes this a failure)"
        );
    }
    found
}

/// A process this test started, killed by its PID and reaped however the test ends.
struct Started(Child);

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on loopback, for HAProxy's front end.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("an address").port()
}

/// The SSH half of the configuration docs/school-server.md shows, on loopback: students at
/// `front`, one host at `server` that HAProxy reaches from [`BALANCER`] (and `option logasap`,
/// so that HAProxy logs each student as it connects).
fn config(dir: &Path, front: u16, server: u16) -> String {
    format!(
        "global
    log stderr format raw local0 info
    stats socket {stats} mode 600 level admin
defaults
    mode tcp
    log global
    option tcplog
    option logasap
    timeout connect 5s
    timeout client 2h
    timeout server 2h
frontend students
    bind 127.0.0.1:{front}
    default_backend nim
backend nim
    balance source
    hash-type consistent
    option tcp-check
    tcp-check expect string SSH-2.0-
    default-server send-proxy-v2 check check-send-proxy inter 500ms fall 3 rise 2
    server one 127.0.0.1:{server} source {BALANCER}
",
        stats = dir.join("stats.sock").display(),
    )
}

/// HAProxy's answer to a command on its stats socket.
fn ask(dir: &Path, command: &str) -> String {
    let Ok(mut socket) = std::os::unix::net::UnixStream::connect(dir.join("stats.sock")) else {
        return String::new();
    };
    let _ = socket.write_all(format!("{command}\n").as_bytes());
    let mut answer = String::new();
    let _ = socket.read_to_string(&mut answer);
    answer
}

/// Waits until `ready` holds of what `read` returns; the last reading.
fn wait_until(read: impl Fn() -> String, ready: impl Fn(&str) -> bool) -> (bool, String) {
    let end = Instant::now() + PATIENCE;
    loop {
        let now = read();
        if ready(&now) {
            return (true, now);
        }
        if Instant::now() > end {
            return (false, now);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `ssh` to HAProxy's front end from `from` as `user`, checking the host key against
/// `known_hosts` only.
fn ssh(front: u16, from: &str, user: &str, known_hosts: &Path) -> Vec<String> {
    let mut args = vec!["-tt".to_string()];
    for option in ssh_options(front) {
        args.push(match option.as_str() {
            "StrictHostKeyChecking=no" => "StrictHostKeyChecking=yes".to_string(),
            "UserKnownHostsFile=/dev/null" => format!("UserKnownHostsFile={}", known_hosts.display()),
            _ => option,
        });
    }
    args.extend(["-o".to_string(), format!("BindAddress={from}"), format!("{user}@127.0.0.1")]);
    args
}

/// The port of `from`'s connection in HAProxy's log, the `n`th of that address's.
fn port_in_haproxy_log(log: &str, from: &str, n: usize) -> Option<String> {
    log.lines()
        .filter_map(|line| line.split(&format!("{from}:")).nth(1))
        .filter_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .nth(n)
        .map(str::to_string)
}

#[test]
fn students_through_haproxy_are_seen_and_limited_by_their_own_addresses() {
    let Some(haproxy) = haproxy() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let dir = home.path().join("haproxy");
    std::fs::create_dir_all(&dir).expect("a folder for haproxy");
    // The host key every host of the school shares: one file, given with --host-key.
    let key = nim_serve::hostkey::generate();
    let key_file = home.path().join("school_ed25519_key");
    let text = key.to_openssh(russh::keys::ssh_key::LineEnding::LF).expect("the key as text");
    std::fs::write(&key_file, text.as_bytes()).expect("write the key");
    let public = key.public_key().to_openssh().expect("the public key as text");

    let key_arg = key_file.to_str().expect("a UTF-8 path");
    let (server, addr, _) = crate::serve_cli::start_with_env(
        home.path(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--host-key",
            key_arg,
            "--proxy-protocol-from",
            &format!("{BALANCER},10.0.0.0/8"),
            "--max-per-address",
            "1",
        ],
        &[("NIM_TUI_LOG", "info")],
    );
    let server = Started(server);
    let front = free_port();
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, config(&dir, front, addr.port())).expect("write the configuration");
    let haproxy_log = dir.join("haproxy.log");
    let proxy = Started(
        Command::new(&haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&cfg)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&haproxy_log).expect("haproxy's log"))
            .spawn()
            .expect("start haproxy"),
    );
    // HAProxy's health check (a LOCAL header, then the SSH version line expected) passes.
    let (up, stat) = wait_until(
        || ask(&dir, "show stat"),
        |s| s.lines().any(|l| l.starts_with("nim,one,") && l.contains(",UP,") && l.contains("L7OK")),
    );
    assert!(
        up,
        "HAProxy's check of the server did not pass:\n{stat}\n{}",
        std::fs::read_to_string(&haproxy_log).unwrap_or_default()
    );
    let known_hosts = home.path().join("known_hosts");
    std::fs::write(&known_hosts, format!("[127.0.0.1]:{front} {public}\n")).expect("write known_hosts");

    let args = ssh(front, ANN, "ann", &known_hosts);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut ann = Pty::program("ssh", &args).size(30, 100).spawn();
    assert!(ann.wait_for(LOBBY), "ann has no lobby through HAProxy:\n{}", ann.contents());
    let args = ssh(front, BOB, "bob", &known_hosts);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut bob = Pty::program("ssh", &args).size(30, 100).spawn();
    assert!(
        bob.wait_for(LOBBY),
        "bob has no lobby through HAProxy (one player per address):\n{}",
        bob.contents()
    );
    assert!(bob.wait_for("ann"), "bob does not see ann:\n{}", bob.contents());
    // A second student from ann's address: that address's one place is taken.
    let args = ssh(front, ANN, "cy", &known_hosts);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut cy = Pty::program("ssh", &args).size(30, 100).spawn();
    let status = cy.wait_exit().expect("cy's ssh ends");
    assert!(!status.success(), "cy was let in from ann's address:\n{}", cy.contents());
    assert!(!cy.contents().contains(LOBBY), "{}", cy.contents());

    // The server's log names each student as HAProxy saw them: address and port.
    let server_log = home.path().join("state/nim-tui/nim-tui.log");
    let read_log = || std::fs::read_to_string(&server_log).unwrap_or_default();
    let (logged, log) = wait_until(read_log, |log| log.contains("too many players from this address"));
    assert!(logged, "no refusal in the server's log:\n{log}");
    let read_seen = || std::fs::read_to_string(&haproxy_log).unwrap_or_default();
    let (_, seen) = wait_until(read_seen, |seen| port_in_haproxy_log(seen, ANN, 1).is_some());
    for (from, n) in [(ANN, 0), (BOB, 0), (ANN, 1)] {
        let port = port_in_haproxy_log(&seen, from, n)
            .unwrap_or_else(|| panic!("{from} not in HAProxy's log:\n{seen}"));
        let peer = format!("peer={from}:{port} via={BALANCER}:");
        assert!(log.contains(&peer), "{peer} is not in the server's log:\n{log}\nHAProxy's:\n{seen}");
    }
    let refusal = log.lines().find(|l| l.contains("too many players from this address")).unwrap_or_default();
    assert!(refusal.contains(&format!("peer={ANN}:")), "{refusal}");
    // Neither a student nor a health check is ever logged under HAProxy's own address.
    assert!(!log.contains(&format!("peer={BALANCER}:")), "{log}");

    ann.hang_up();
    bob.hang_up();
    drop(proxy);
    // SAFETY: kill(2) on the server this test started.
    unsafe { libc::kill(server.0.id() as i32, libc::SIGTERM) };
    let mut server = server;
    assert_eq!(crate::serve_cli::wait_exit(&mut server.0).code(), Some(0));
}
