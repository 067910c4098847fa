//! The server behind a load balancer (`--proxy-protocol-from`), in this process: a balancer is
//! played by a socket bound to 127.0.0.2 that writes the PROXY header HAProxy writes (version
//! 2, built here byte by byte from the protocol's text) and then carries an SSH client (russh)
//! or a browser's requests. Students are counted by the address in the header; a connection
//! from the balancer without one is refused, a health check (LOCAL) is answered and not
//! counted, silent balancer connections take no more places than the limits allow, and a
//! header from an address not listed is never read as one. (A real HAProxy and the real OpenSSH
//! client: `haproxy`.)

#![cfg(unix)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use nim_serve::{Options, Running, WebOptions, proxy::Balancers};
use russh::client;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::serve::{LOBBY, Player, Trusting, options, server};

const PATIENCE: Duration = Duration::from_secs(60);

/// The balancer's address in these tests.
const BALANCER: &str = "127.0.0.2";

/// Options for a server that reads headers from [`BALANCER`], one player per address.
fn behind_balancer(dir: &std::path::Path) -> Options {
    let mut opts = options(dir);
    opts.balancers = Balancers::new(vec![BALANCER.parse().expect("an address")]);
    opts.limits.max_per_address = 1;
    opts
}

/// HAProxy's `send-proxy-v2` header for a TCP client at `client` (IPv4) to `to`.
fn header_v2(client: SocketAddr, to: SocketAddr) -> Vec<u8> {
    let (SocketAddr::V4(client), SocketAddr::V4(to)) = (client, to) else { panic!("IPv4 only here") };
    let mut bytes = b"\r\n\r\n\0\r\nQUIT\n".to_vec();
    bytes.extend_from_slice(&[0x21, 0x11, 0, 12]);
    bytes.extend_from_slice(&client.ip().octets());
    bytes.extend_from_slice(&to.ip().octets());
    bytes.extend_from_slice(&client.port().to_be_bytes());
    bytes.extend_from_slice(&to.port().to_be_bytes());
    bytes
}

/// The LOCAL command HAProxy's health checks send with `check-send-proxy`.
fn local_v2() -> Vec<u8> {
    let mut bytes = b"\r\n\r\n\0\r\nQUIT\n".to_vec();
    bytes.extend_from_slice(&[0x20, 0x00, 0, 0]);
    bytes
}

/// A TCP connection to `to` from the address `from` (a loopback address of its own).
async fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket.bind(format!("{from}:0").parse().expect("an address")).expect("bind a loopback address");
    timeout(PATIENCE, socket.connect(to)).await.expect("connect in time").expect("connect")
}

/// A student at `student` arriving through the balancer: the header, then SSH as `user`.
async fn through_balancer(
    to: SocketAddr,
    student: &str,
    user: &str,
) -> Result<client::Handle<Trusting>, russh::Error> {
    let mut stream = connect_from(BALANCER, to).await;
    let client: SocketAddr = format!("{student}:40000").parse().expect("an address");
    stream.write_all(&header_v2(client, to)).await.expect("write the header");
    let mut session =
        timeout(PATIENCE, client::connect_stream(Arc::new(client::Config::default()), stream, Trusting))
            .await
            .expect("the handshake in time")?;
    let auth = timeout(PATIENCE, session.authenticate_none(user)).await.expect("auth in time")?;
    match auth.success() {
        true => Ok(session),
        false => Err(russh::Error::NotAuthenticated),
    }
}

/// Waits until the server holds `n` connections.
async fn connections_become(running: &Running, n: usize) -> bool {
    let end = Instant::now() + PATIENCE;
    while Instant::now() < end {
        if running.connections() == n {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// Reads until the server closes `stream`; what it said.
async fn read_to_close(stream: &mut TcpStream) -> Vec<u8> {
    let mut said = Vec::new();
    let _ = timeout(PATIENCE, stream.read_to_end(&mut said)).await.expect("closed in time");
    said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn students_behind_a_balancer_are_counted_by_the_address_in_its_header() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(behind_balancer(dir.path())).await;
    let addr = running.addr();
    // One player per address, and both arrive from the balancer's: each is let in, as each has
    // an address of its own in the header.
    let one = through_balancer(addr, "198.51.100.1", "ann").await.expect("ann is let in");
    let mut ann = Player::open(one, 100, 30).await;
    assert!(ann.wait_for(LOBBY).await, "{}", ann.contents());
    let two = through_balancer(addr, "198.51.100.2", "bob").await.expect("bob is let in");
    let mut bob = Player::open(two, 100, 30).await;
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    assert!(bob.wait_for("ann").await, "bob does not see ann:\n{}", bob.contents());
    // A second student from ann's address is over that address's limit.
    let again = through_balancer(addr, "198.51.100.1", "cy").await;
    assert!(again.is_err(), "a second player from 198.51.100.1 was let in");
    assert_eq!(running.players(), ["ann", "bob"]);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_balancers_connection_without_a_header_is_refused_and_a_header_from_elsewhere_is_not_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(behind_balancer(dir.path())).await;
    let addr = running.addr();
    // SSH straight from the balancer's address, no header: refused before the handshake.
    let stream = connect_from(BALANCER, addr).await;
    let direct =
        timeout(PATIENCE, client::connect_stream(Arc::new(client::Config::default()), stream, Trusting))
            .await
            .expect("an answer in time");
    assert!(direct.is_err(), "SSH without a header from the balancer was served");
    // A header from an address not listed is not read as one: it is bad SSH.
    let mut stream = connect_from("127.0.0.1", addr).await;
    stream
        .write_all(&header_v2("198.51.100.1:40000".parse().expect("an address"), addr))
        .await
        .expect("write");
    let said = read_to_close(&mut stream).await;
    assert!(said.starts_with(b"SSH-2.0-"), "{}", String::from_utf8_lossy(&said));
    assert!(connections_become(&running, 0).await, "{} connections left", running.connections());
    // A student on the server's own network, not through the balancer, is served as ever.
    let mut player = Player::arrive(addr, "dee", 100, 30).await;
    assert!(player.wait_for(LOBBY).await, "{}", player.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_health_check_is_answered_and_closed_and_counted_as_no_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(behind_balancer(dir.path())).await;
    let addr = running.addr();
    for _ in 0..3 {
        let mut check = connect_from(BALANCER, addr).await;
        check.write_all(&local_v2()).await.expect("write");
        let said = read_to_close(&mut check).await;
        let said = String::from_utf8_lossy(&said);
        // The SSH version line, which `tcp-check expect string SSH-2.0-` waits for; then closed.
        assert!(said.starts_with("SSH-2.0-nim-tui_") && said.ends_with("\r\n"), "{said:?}");
    }
    assert!(connections_become(&running, 0).await, "{} connections left", running.connections());
    assert!(running.players().is_empty());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_balancer_connections_hold_no_more_places_and_no_longer_than_logging_in_allows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = behind_balancer(dir.path());
    opts.limits.max_preauth = 2;
    let running = server(opts).await;
    let addr = running.addr();
    // Three connections that say nothing: the oldest is dropped for the third, as any
    // connection logging in is, whatever address its header would have given.
    let mut first = connect_from(BALANCER, addr).await;
    let _second = connect_from(BALANCER, addr).await;
    assert!(connections_become(&running, 2).await);
    let _third = connect_from(BALANCER, addr).await;
    assert!(read_to_close(&mut first).await.is_empty(), "the oldest was dropped without a word");
    assert!(connections_become(&running, 2).await, "{} connections", running.connections());
    running.stop(Duration::from_secs(3)).await;

    // A header that trickles in is cut off at the time to log in.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = behind_balancer(dir.path());
    opts.limits.preauth_timeout = Duration::from_secs(1);
    let running = server(opts).await;
    let mut slow = connect_from(BALANCER, running.addr()).await;
    slow.write_all(b"\r\n\r\n\0").await.expect("write");
    assert!(read_to_close(&mut slow).await.is_empty());
    assert!(connections_become(&running, 0).await, "{} connections left", running.connections());
    running.stop(Duration::from_secs(3)).await;
}

/// A browser's game socket through the balancer for a student at `student`: its header, the
/// WebSocket, and the hello as `name`; what the server answered (`joined`, or the `reason`).
async fn browser_through_balancer(to: SocketAddr, student: &str, name: &str) -> (String, impl Sized) {
    let mut stream = connect_from(BALANCER, to).await;
    let client: SocketAddr = format!("{student}:40000").parse().expect("an address");
    stream.write_all(&header_v2(client, to)).await.expect("write the header");
    let mut request = format!("ws://{to}/ws").into_client_request().expect("a request");
    request.headers_mut().insert("origin", HeaderValue::from_str(&format!("http://{to}")).expect("a header"));
    let (mut socket, _) = timeout(PATIENCE, tokio_tungstenite::client_async(request, stream))
        .await
        .expect("the handshake in time")
        .expect("the socket opens");
    let hello = serde_json::json!({ "name": name, "code": "", "cols": 80, "rows": 24, "lang": "" });
    socket.send(Message::text(hello.to_string())).await.expect("send the hello");
    let end = Instant::now() + PATIENCE;
    while Instant::now() < end {
        match timeout(PATIENCE, socket.next()).await.expect("an answer in time") {
            Some(Ok(Message::Text(text))) => {
                let answer: serde_json::Value = serde_json::from_str(&text).expect("the server's JSON");
                if answer["joined"].is_string() {
                    return ("joined".into(), socket);
                }
                return (answer["reason"].as_str().unwrap_or_default().to_string(), socket);
            }
            Some(Ok(_)) => {}
            _ => break,
        }
    }
    ("closed".into(), socket)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_door_reads_the_header_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = behind_balancer(dir.path());
    opts.web = Some(WebOptions {
        listen: "127.0.0.1:0".parse().expect("an address"),
        trusted_proxies: Vec::new(),
        teacher_token: None,
        no_ssh: true,
    });
    let running = server(opts).await;
    let web = running.web_addr().expect("the web door is open");
    // The page through the balancer.
    let mut page = connect_from(BALANCER, web).await;
    page.write_all(&header_v2("198.51.100.1:40000".parse().expect("an address"), web)).await.expect("write");
    page.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.expect("write");
    let said = read_to_close(&mut page).await;
    assert!(said.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&said[..said.len().min(200)]));
    // The same request from the balancer without a header: closed unanswered.
    let mut bare = connect_from(BALANCER, web).await;
    bare.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.expect("write");
    assert!(read_to_close(&mut bare).await.is_empty());
    // A health check: closed, nothing said.
    let mut check = connect_from(BALANCER, web).await;
    check.write_all(&local_v2()).await.expect("write");
    assert!(read_to_close(&mut check).await.is_empty());
    // Players counted by the header's address: two addresses, two players; the first again is
    // over its limit of one.
    let (ann, _ann) = browser_through_balancer(web, "198.51.100.1", "ann").await;
    assert_eq!(ann, "joined");
    let (bob, _bob) = browser_through_balancer(web, "198.51.100.2", "bob").await;
    assert_eq!(bob, "joined");
    let (cy, _cy) = browser_through_balancer(web, "198.51.100.1", "cy").await;
    assert_eq!(cy, "full-here");
    running.stop(Duration::from_secs(3)).await;
}

/// What the server at `addr` says to a connection from [`BALANCER`] that begins with an HTTP
/// request instead of a header: nothing when it reads headers from there, its SSH version line
/// when it does not.
fn answer_to_a_bare_connection(addr: SocketAddr) -> Vec<u8> {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let mut stream = connect_from(BALANCER, addr).await;
        stream.write_all(b"GET / HTTP/1.0\r\n\r\n").await.expect("write");
        read_to_close(&mut stream).await
    })
}

#[test]
fn the_balancers_come_from_the_flag_or_the_config_files_serve_table_and_a_bad_one_is_refused() {
    let home = tempfile::tempdir().expect("temp dir");
    let config = home.path().join("serve.toml");
    // From the file: a connection from the balancer without a header is closed unanswered.
    std::fs::write(&config, "[serve]\nproxy_protocol_from = [\"10.0.0.0/8\", \"127.0.0.2\"]\n")
        .expect("write");
    let config_arg = config.to_str().expect("a UTF-8 path");
    let (server, addr, _) =
        crate::serve_cli::start(home.path(), &["--config", config_arg, "--listen", "127.0.0.1:0"]);
    let mut server = server;
    assert!(answer_to_a_bare_connection(addr).is_empty(), "the file's balancer was not read for a header");
    // SAFETY: kill(2) on the server this test started.
    unsafe { libc::kill(server.id() as i32, libc::SIGTERM) };
    assert_eq!(crate::serve_cli::wait_exit(&mut server).code(), Some(0));
    // Without: the server speaks SSH first, as ever.
    let (server, addr, _) = crate::serve_cli::start(home.path(), &["--listen", "127.0.0.1:0"]);
    let mut server = server;
    assert!(answer_to_a_bare_connection(addr).starts_with(b"SSH-2.0-"));
    // SAFETY: as above.
    unsafe { libc::kill(server.id() as i32, libc::SIGTERM) };
    assert_eq!(crate::serve_cli::wait_exit(&mut server).code(), Some(0));
    // Bad ranges, typed or in the file: exit 2, saying what is accepted.
    for bad in ["nowhere", "10.0.0.0/33", "127.0.0.1,"] {
        let out =
            crate::support::command(home.path()).args(["--proxy-protocol-from", bad]).output().expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(err.contains("--proxy-protocol-from"), "{bad}: {err}");
    }
    std::fs::write(&config, "[serve]\nproxy_protocol_from = [\"10.0.0.0/33\"]\n").expect("write");
    let out = crate::support::command(home.path()).args(["--config", config_arg]).output().expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("[serve]") && err.contains("CIDR"), "{err}");
}
