//! The server behind a real HAProxy, as a school runs it: Debian's `haproxy` in `mode tcp`
//! forwards with `send-proxy-v2` (and health checks with `check-send-proxy`) to `nim-tui-serve
//! --proxy-protocol-from` with its host key from a file, and students join with the real
//! OpenSSH client in a pseudo-terminal, each from a loopback address of its own
//! (`BindAddress`), checking the host key against a `known_hosts` that holds the file's key.
//! What a teacher would notice: the server's log names each student by the address and port
//! HAProxy logged for them, never HAProxy's own, and one player per address
//! (`--max-per-address 1`) lets two students in and refuses a second from the first one's
//! address. Two hosts given one key file behind HAProxy are one server to `ssh`: a student
//! reaching either passes the strict host key check against one `known_hosts` line. Skipped, saying so, where haproxy is not installed, unless
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
pub(crate) fn haproxy() -> Option<PathBuf> {
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
pub(crate) struct Started(pub(crate) Child);

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on loopback, for HAProxy's front end.
pub(crate) fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("an address").port()
}

/// The SSH half of the configuration docs/school-server.md shows, on loopback: students at
/// `front`, the hosts at `hosts` (address and port), which HAProxy reaches from `from` (the
/// address the hosts take the PROXY protocol from), chosen by `balance` (and `option logasap`,
/// so that HAProxy logs each student as it connects).
pub(crate) fn config(dir: &Path, front: u16, from: &str, hosts: &[(&str, u16)], balance: &str) -> String {
    let servers: String = hosts
        .iter()
        .enumerate()
        .map(|(i, (ip, port))| format!("    server host{} {ip}:{port} source {from}\n", i + 1))
        .collect();
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
    {balance}
    option tcp-check
    tcp-check expect string SSH-2.0-
    default-server send-proxy-v2 check check-send-proxy inter 500ms fall 3 rise 2
{servers}",
        stats = dir.join("stats.sock").display(),
    )
}

/// The school's host key, in a file under `home`: the file, and its public half as OpenSSH
/// writes it.
pub(crate) fn school_key(home: &Path) -> (PathBuf, String) {
    let key = nim_serve::hostkey::generate();
    let file = home.join("school_ed25519_key");
    let text = key.to_openssh(russh::keys::ssh_key::LineEnding::LF).expect("the key as text");
    std::fs::write(&file, text.as_bytes()).expect("write the key");
    (file, key.public_key().to_openssh().expect("the public key as text"))
}

/// A host: `nim-tui-serve` with its own home under `home`, the school's key, HAProxy's address
/// as its balancer, the log on, and `extra` flags; it, its address and its log file.
fn start_host(
    home: &Path,
    name: &str,
    key: &Path,
    extra: &[&str],
) -> (Started, std::net::SocketAddr, PathBuf) {
    let own = home.join(name);
    std::fs::create_dir_all(&own).expect("the host's home");
    let key = key.to_str().expect("a UTF-8 path");
    let balancers = format!("{BALANCER},10.0.0.0/8");
    let mut args = vec!["--listen", "127.0.0.1:0", "--host-key", key, "--proxy-protocol-from", &balancers];
    args.extend_from_slice(extra);
    let (child, addr, _) = crate::serve_cli::start_with_env(&own, &args, &[("NIM_TUI_LOG", "info")]);
    (Started(child), addr, own.join("state/nim-tui/nim-tui.log"))
}

/// HAProxy with [`config`], once its checks of every host have passed (a LOCAL header, then the
/// SSH version line expected: `L7OK`); it, and its log file.
fn start_haproxy(haproxy: &Path, dir: &Path, front: u16, hosts: &[u16], balance: &str) -> (Started, PathBuf) {
    let at: Vec<(&str, u16)> = hosts.iter().map(|port| ("127.0.0.1", *port)).collect();
    run_haproxy(haproxy, dir, &config(dir, front, BALANCER, &at, balance), hosts.len())
}

/// HAProxy with the configuration `text` (whose backend `nim` has `hosts` servers named host1,
/// host2…), once its checks of every host have passed; it, and its log file.
pub(crate) fn run_haproxy(haproxy: &Path, dir: &Path, text: &str, hosts: usize) -> (Started, PathBuf) {
    std::fs::create_dir_all(dir).expect("a folder for haproxy");
    let cfg = dir.join("haproxy.cfg");
    std::fs::write(&cfg, text).expect("write the configuration");
    let log = dir.join("haproxy.log");
    let proxy = Started(
        Command::new(haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&cfg)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("haproxy's log"))
            .spawn()
            .expect("start haproxy"),
    );
    let all_up = |stat: &str| {
        (1..=hosts).all(|n| {
            stat.lines()
                .any(|l| l.starts_with(&format!("nim,host{n},")) && l.contains(",UP,") && l.contains("L7OK"))
        })
    };
    let (up, stat) = wait_until(|| ask(dir, "show stat"), all_up);
    assert!(
        up,
        "HAProxy's checks of the hosts did not pass:\n{stat}\n{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    (proxy, log)
}

/// HAProxy's answer to a command on its stats socket.
pub(crate) fn ask(dir: &Path, command: &str) -> String {
    let Ok(mut socket) = std::os::unix::net::UnixStream::connect(dir.join("stats.sock")) else {
        return String::new();
    };
    let _ = socket.write_all(format!("{command}\n").as_bytes());
    let mut answer = String::new();
    let _ = socket.read_to_string(&mut answer);
    answer
}

/// Waits until `ready` holds of what `read` returns; the last reading.
pub(crate) fn wait_until(read: impl Fn() -> String, ready: impl Fn(&str) -> bool) -> (bool, String) {
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
pub(crate) fn ssh(front: u16, from: &str, user: &str, known_hosts: &Path) -> Vec<String> {
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
    // The host key every host of the school shares: one file, given with --host-key.
    let (key, public) = school_key(home.path());
    let (server, addr, server_log) = start_host(home.path(), "host1", &key, &["--max-per-address", "1"]);
    let front = free_port();
    let (proxy, haproxy_log) =
        start_haproxy(&haproxy, &dir, front, &[addr.port()], "balance source\n    hash-type consistent");
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

#[test]
fn two_hosts_with_one_key_file_are_one_server_to_ssh() {
    let Some(haproxy) = haproxy() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let (key, public) = school_key(home.path());
    let (one, one_addr, one_log) = start_host(home.path(), "host1", &key, &[]);
    let (two, two_addr, two_log) = start_host(home.path(), "host2", &key, &[]);
    let front = free_port();
    // Round robin here, so that the two students surely reach two hosts.
    let dir = home.path().join("haproxy");
    let (proxy, _) =
        start_haproxy(&haproxy, &dir, front, &[one_addr.port(), two_addr.port()], "balance roundrobin");
    // One line in known_hosts, checked strictly, for whichever host a student reaches.
    let known_hosts = home.path().join("known_hosts");
    std::fs::write(&known_hosts, format!("[127.0.0.1]:{front} {public}\n")).expect("write known_hosts");
    let mut students = Vec::new();
    for (from, user) in [(ANN, "ann"), (BOB, "bob")] {
        let args = ssh(front, from, user, &known_hosts);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut pty = Pty::program("ssh", &args).size(30, 100).spawn();
        assert!(pty.wait_for(LOBBY), "{user} has no lobby (a host key `ssh` refused?):\n{}", pty.contents());
        students.push(pty);
    }
    // Each host served one of them, under the student's own address.
    let connected = |log: &Path| {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        [ANN, BOB]
            .into_iter()
            .filter(|from| text.contains(&format!("connected peer={from}:")))
            .collect::<Vec<_>>()
    };
    let (one_saw, two_saw) = (connected(&one_log), connected(&two_log));
    assert_eq!(one_saw.len() + two_saw.len(), 2, "host1 saw {one_saw:?}, host2 {two_saw:?}");
    assert!(one_saw.len() == 1 && two_saw.len() == 1, "host1 saw {one_saw:?}, host2 {two_saw:?}");
    for mut student in students {
        student.hang_up();
    }
    drop(proxy);
    for host in [one, two] {
        let mut host = host;
        // SAFETY: kill(2) on a server this test started.
        unsafe { libc::kill(host.0.id() as i32, libc::SIGTERM) };
        assert_eq!(crate::serve_cli::wait_exit(&mut host.0).code(), Some(0));
    }
}
