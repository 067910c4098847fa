//! The web door (`--web`), driven as a browser drives it: a WebSocket client in this process
//! (tokio-tungstenite) sends the page's hello, types keys and mouse reports as xterm.js does,
//! and reads the screen through a terminal emulator (vt100). A browser plays a whole game, plays
//! an SSH player through the same lobby, and is held to every limit: players in all and per
//! address (and `X-Forwarded-For` only from a trusted proxy), the time to say hello, the class
//! code and the teacher's token, message size and rate, a browser that stops reading, the
//! origin, the paths served, and hostile names and frames. (A real Chromium plays through
//! tests/browser/, run by .ci/run.)

#![cfg(unix)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use nim_serve::{Options, Running, WebOptions};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::serve::{LOBBY, Player, options, server};
use crate::serve_together::{choose, line_of};
use crate::support::marked_item;

const PATIENCE: Duration = Duration::from_secs(30);

/// The teacher's token of the test servers.
const TOKEN: &str = "teacher-token-for-tests";

/// Options with the web door open on a free loopback port (and SSH as in `serve`).
fn web_options(dir: &std::path::Path) -> Options {
    let mut opts = options(dir);
    opts.web = Some(WebOptions {
        listen: "127.0.0.1:0".parse().expect("an address"),
        trusted_proxies: Vec::new(),
        teacher_token: Some(TOKEN.into()),
        no_ssh: false,
    });
    opts
}

fn web_addr(running: &Running) -> SocketAddr {
    running.web_addr().expect("the web door is open")
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How a browser's socket was opened: its origin and forwarded address.
#[derive(Clone, Default)]
struct Via {
    origin: Option<String>,
    forwarded_for: Option<String>,
}

/// Opens the game's WebSocket as the page does (its Origin is the page's).
async fn open(addr: SocketAddr, via: &Via) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut request = format!("ws://{addr}/ws").into_client_request().expect("a request");
    let origin = via.origin.clone().unwrap_or_else(|| format!("http://{addr}"));
    request.headers_mut().insert("origin", HeaderValue::from_str(&origin).expect("a header"));
    if let Some(forwarded) = &via.forwarded_for {
        request.headers_mut().insert("x-forwarded-for", HeaderValue::from_str(forwarded).expect("a header"));
    }
    let (socket, _) =
        timeout(PATIENCE, tokio_tungstenite::connect_async(request)).await.expect("the handshake in time")?;
    Ok(socket)
}

/// A browser as the page drives it: the socket, and the screen xterm.js would show.
struct Browser {
    socket: Option<Socket>,
    screen: vt100::Parser,
    /// The server's answer to the hello: the name given, or why not.
    joined: Option<String>,
    refused: Option<(String, String)>,
    /// The close frame's code, once closed.
    closed: Option<u16>,
}

impl Browser {
    /// Joins as `name` with `code`, a window of `cols`x`rows`, and no language chosen.
    async fn join(addr: SocketAddr, name: &str, code: &str, cols: u16, rows: u16) -> Browser {
        Browser::join_via(addr, name, code, cols, rows, &Via::default(), "").await
    }

    async fn join_via(
        addr: SocketAddr,
        name: &str,
        code: &str,
        cols: u16,
        rows: u16,
        via: &Via,
        lang: &str,
    ) -> Browser {
        let socket = open(addr, via).await.expect("the socket opens");
        let mut browser = Browser {
            socket: Some(socket),
            screen: vt100::Parser::new(rows, cols, 0),
            joined: None,
            refused: None,
            closed: None,
        };
        let hello =
            serde_json::json!({ "name": name, "code": code, "cols": cols, "rows": rows, "lang": lang });
        browser.send_text(&hello.to_string()).await;
        let end = Instant::now() + PATIENCE;
        while browser.joined.is_none() && browser.refused.is_none() && Instant::now() < end {
            if !browser.pump(Duration::from_millis(200)).await {
                break;
            }
        }
        browser
    }

    async fn send_text(&mut self, text: &str) {
        if let Some(socket) = &mut self.socket {
            let _ = socket.send(Message::text(text)).await;
        }
    }

    /// Keys as xterm.js sends them: one binary message.
    async fn send(&mut self, bytes: &[u8]) {
        if let Some(socket) = &mut self.socket {
            let _ = socket.send(Message::binary(bytes.to_vec())).await;
        }
    }

    async fn resize(&mut self, cols: u16, rows: u16) {
        self.send_text(&serde_json::json!({ "cols": cols, "rows": rows }).to_string()).await;
        self.screen.screen_mut().set_size(rows, cols);
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads what comes for at most `wait`; false once the socket is closed.
    async fn pump(&mut self, wait: Duration) -> bool {
        let Some(socket) = self.socket.as_mut() else { return false };
        match timeout(wait, socket.next()).await {
            Err(_) => true,
            Ok(Some(Ok(Message::Binary(bytes)))) => {
                self.screen.process(&bytes);
                true
            }
            Ok(Some(Ok(Message::Text(text)))) => {
                let answer: serde_json::Value = serde_json::from_str(&text).expect("the server's JSON");
                if let Some(name) = answer["joined"].as_str() {
                    self.joined = Some(name.to_string());
                } else {
                    let reason = answer["reason"].as_str().unwrap_or_default().to_string();
                    let error = answer["error"].as_str().unwrap_or_default().to_string();
                    self.refused = Some((reason, error));
                }
                true
            }
            Ok(Some(Ok(Message::Close(frame)))) => {
                self.closed = Some(frame.map_or(1005, |f| u16::from(f.code)));
                self.socket = None;
                false
            }
            Ok(Some(Ok(_))) => true,
            Ok(None) | Ok(Some(Err(_))) => {
                self.closed.get_or_insert(1006);
                self.socket = None;
                false
            }
        }
    }

    async fn wait_until(&mut self, ready: impl Fn(&str) -> bool) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if ready(&self.contents()) {
                return true;
            }
            if !self.pump(Duration::from_millis(200)).await {
                return ready(&self.contents());
            }
        }
        false
    }

    async fn wait_for(&mut self, text: &str) -> bool {
        self.wait_until(|s| s.contains(text)).await
    }

    async fn wait_closed(&mut self) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if !self.pump(Duration::from_millis(200)).await {
                return true;
            }
        }
        false
    }

    async fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + quiet;
        while Instant::now() < end && self.pump(Duration::from_millis(20)).await {}
    }

    fn reason(&self) -> &str {
        self.refused.as_ref().map_or("", |r| r.0.as_str())
    }
}

/// From the start screen to the end of a game against the AI, with the hint's move each turn.
async fn play_the_ai(browser: &mut Browser) {
    assert!(browser.wait_for("Start").await, "no start screen:\n{}", browser.contents());
    browser.send(b"\r").await;
    assert!(
        browser.wait_until(|s| s.contains("Your turn") || s.contains("thinking")).await,
        "the game did not start:\n{}",
        browser.contents()
    );
    // A move at most each turn: waits for the turn (or the end), never for a time.
    let over = |s: &str| s.contains("You win!") || s.contains("You lose");
    for _ in 0..60 {
        assert!(
            browser.wait_until(|s| over(s) || (s.contains("Your turn") && !s.contains("Hint"))).await,
            "neither the turn nor the end came:\n{}",
            browser.contents()
        );
        if over(&browser.contents()) {
            return;
        }
        browser.send(b"h").await;
        assert!(browser.wait_for("Hint").await, "no hint:\n{}", browser.contents());
        browser.send(b"\r").await;
        assert!(
            browser.wait_until(|s| !s.contains("Hint")).await,
            "the move was not made:\n{}",
            browser.contents()
        );
    }
    panic!("the game did not end:\n{}", browser.contents());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_plays_a_whole_game_against_the_ai_and_it_is_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let mut alice = Browser::join(web_addr(&running), "alice", "", 100, 30).await;
    assert_eq!(alice.joined.as_deref(), Some("alice"), "{:?}", alice.refused);
    assert!(alice.wait_for(LOBBY).await, "no lobby:\n{}", alice.contents());
    alice.send(b"\r").await;
    play_the_ai(&mut alice).await;
    // The window follows the browser's: the screen is drawn again at the new size.
    alice.resize(80, 24).await;
    assert!(
        alice.wait_until(|s| s.contains("You win!") || s.contains("You lose")).await,
        "{}",
        alice.contents()
    );
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "q did not go back to the lobby:\n{}", alice.contents());
    alice.send(b"q").await;
    assert!(alice.wait_for("Leave the server?").await, "q did not ask:\n{}", alice.contents());
    alice.send(b"y").await;
    assert!(alice.wait_closed().await, "y did not end the connection:\n{}", alice.contents());
    assert_eq!(alice.closed, Some(1000), "a normal close, so the page says the player left");
    assert!(!alice.screen.screen().alternate_screen(), "the terminal was not given back");
    running.stop(Duration::from_secs(3)).await;
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let games = db.games_of("alice").expect("alice's games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].opponent, "ai");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_and_an_ssh_player_see_each_other_and_play_each_other() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let mut alice = Player::arrive(running.addr(), "alice", 100, 30).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    let mut bob = Browser::join(web_addr(&running), "bob", "", 100, 30).await;
    assert!(bob.wait_until(|s| s.contains(LOBBY) && s.contains("alice")).await, "{}", bob.contents());
    assert!(
        alice.wait_until(|s| s.contains("bob")).await,
        "the SSH player does not see the browser:\n{}",
        alice.contents()
    );
    // The SSH player challenges the browser, which accepts.
    choose(&mut alice, "bob").await;
    alice.send(b"c").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"y").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    assert!(bob.wait_for("alice's turn").await, "{}", bob.contents());
    let mut over = false;
    for _ in 0..80 {
        let screen = alice.contents();
        if screen.contains("wins") && !screen.contains("'s turn") {
            over = true;
            break;
        }
        // The hint's move, once the hint is shown.
        let next = if screen.contains("alice's turn") {
            alice.send(b"h").await;
            assert!(alice.wait_for("Hint").await, "{}", alice.contents());
            alice.send(b"\r").await;
            "bob's turn"
        } else {
            assert!(bob.wait_for("bob's turn").await, "{}", bob.contents());
            bob.send(b"h").await;
            assert!(bob.wait_for("Hint").await, "{}", bob.contents());
            bob.send(b"\r").await;
            "alice's turn"
        };
        let moved = |s: &str| s.contains(next) || (s.contains("wins") && !s.contains("'s turn"));
        assert!(alice.wait_until(moved).await, "{}", alice.contents());
    }
    assert!(over, "the game did not end:\n{}", alice.contents());
    assert!(bob.wait_until(|s| s.contains("wins")).await, "{}", bob.contents());
    alice.send(b"q").await;
    assert!(
        alice.wait_until(|s| s.contains("Between players") && s.contains("bob")).await,
        "{}",
        alice.contents()
    );
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    let standings = db.match_standings().expect("standings");
    assert_eq!(standings.len(), 2, "both players are in the same records: {standings:?}");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_code_is_checked_by_the_server_and_the_teachers_token_makes_a_teacher() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.code = Some("maths".into());
    let running = server(opts).await;
    let addr = web_addr(&running);
    let wrong = Browser::join(addr, "eve", "physics", 100, 30).await;
    assert_eq!(wrong.reason(), "wrong-code");
    assert!(wrong.refused.as_ref().is_some_and(|r| r.1.contains("Wrong class code")), "{:?}", wrong.refused);
    assert_eq!(wrong.joined, None);
    // In the browser's language.
    let chinese = Browser::join_via(addr, "eve", "", 100, 30, &Via::default(), "zh-CN").await;
    assert!(chinese.refused.as_ref().is_some_and(|r| r.1.contains("班级口令")), "{:?}", chinese.refused);
    let mut bob = Browser::join(addr, "bob", "maths", 100, 30).await;
    assert_eq!(bob.joined.as_deref(), Some("bob"));
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    assert!(!bob.contents().contains("teacher's console"), "{}", bob.contents());
    let mut teacher = Browser::join(addr, "ms-t", TOKEN, 120, 40).await;
    assert!(
        teacher.wait_for("teacher's console").await,
        "the token did not make a teacher:\n{}",
        teacher.contents()
    );
    assert!(bob.wait_until(|s| line_of(s, "ms-t").contains("(teacher)")).await, "{}", bob.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_are_limited_in_all_and_per_address_and_forwarded_addresses_only_from_a_trusted_proxy() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.limits.max_connections = 3;
    opts.limits.max_per_address = 1;
    let running = server(opts).await;
    let addr = web_addr(&running);
    let mut a = Browser::join(addr, "a", "", 80, 24).await;
    assert!(a.joined.is_some(), "{:?}", a.refused);
    assert!(a.wait_for(LOBBY).await);
    // Not from a trusted proxy: X-Forwarded-For is ignored, so this is the same address.
    let lying = Via { forwarded_for: Some("10.0.0.9".into()), ..Via::default() };
    let b = Browser::join_via(addr, "b", "", 80, 24, &lying, "").await;
    assert_eq!(b.reason(), "full-here", "{:?}", b.refused);
    running.stop(Duration::from_secs(3)).await;

    // Behind a trusted proxy, each forwarded address is counted as its own, up to the total.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.limits.max_connections = 2;
    opts.limits.max_per_address = 1;
    if let Some(web) = &mut opts.web {
        web.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
    }
    let running = server(opts).await;
    let addr = web_addr(&running);
    let mut kept = Vec::new();
    for (i, from) in ["10.0.0.1", "10.0.0.2"].iter().enumerate() {
        let via = Via { forwarded_for: Some((*from).into()), ..Via::default() };
        let mut b = Browser::join_via(addr, &format!("p{i}"), "", 80, 24, &via, "").await;
        assert!(b.joined.is_some(), "{from}: {:?}", b.refused);
        assert!(b.wait_for(LOBBY).await);
        kept.push(b);
    }
    let again = Via { forwarded_for: Some("10.0.0.1".into()), ..Via::default() };
    let same = Browser::join_via(addr, "p9", "", 80, 24, &again, "").await;
    assert!(matches!(same.reason(), "full-here" | "full"), "{:?}", same.refused);
    let other = Via { forwarded_for: Some("10.0.0.3".into()), ..Via::default() };
    let full = Browser::join_via(addr, "p3", "", 80, 24, &other, "").await;
    assert_eq!(full.reason(), "full", "{:?}", full.refused);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_says_no_hello_is_closed_within_the_log_in_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.limits.preauth_timeout = Duration::from_secs(1);
    let running = server(opts).await;
    let socket = open(web_addr(&running), &Via::default()).await.expect("the socket opens");
    let mut silent = Browser {
        socket: Some(socket),
        screen: vt100::Parser::new(24, 80, 0),
        joined: None,
        refused: None,
        closed: None,
    };
    assert!(silent.wait_closed().await, "a silent socket was kept");
    assert_eq!(silent.reason(), "timeout");
    assert_eq!(running.connections(), 0);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_ends_its_connection_and_a_flood_is_slowed_not_dropped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.limits.web_messages_per_second = 2;
    let running = server(opts).await;
    let addr = web_addr(&running);
    let mut big = Browser::join(addr, "big", "", 80, 24).await;
    assert!(big.wait_for(LOBBY).await);
    big.send(&vec![b'1'; 16 * 1024 + 1]).await;
    assert!(big.wait_closed().await, "an oversized message was taken");
    assert_eq!(big.closed, Some(1009), "closed as too big");

    // Twelve keys at once, at two messages a second over a burst of four: all are read, in
    // order (the last opens the help), and reading them took at least (12 - 4) / 2 seconds.
    let mut flood = Browser::join(addr, "flood", "", 80, 24).await;
    assert!(flood.wait_for(LOBBY).await);
    flood.send(b"\r").await;
    assert!(flood.wait_for("Start").await, "{}", flood.contents());
    let start = Instant::now();
    for _ in 0..11 {
        flood.send(b"\x1b[B").await;
    }
    flood.send(b"?").await;
    assert!(flood.wait_for("Keys").await, "the last key was lost:\n{}", flood.contents());
    assert!(start.elapsed() >= Duration::from_secs(3), "12 messages read in {:?}", start.elapsed());
    assert!(flood.closed.is_none());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_that_stops_reading_is_dropped_with_bounded_memory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    opts.limits.output_soft = 16 * 1024;
    opts.limits.output_cap = 256 * 1024;
    opts.limits.stall = Duration::from_secs(2);
    opts.limits.frame_min = Duration::ZERO;
    let running = server(opts).await;
    let addr = web_addr(&running);
    // A socket with a small receive buffer, so that the server's writes stop soon after the
    // browser stops reading.
    let tcp = tokio::net::TcpSocket::new_v4().expect("a socket");
    tcp.set_recv_buffer_size(4096).expect("a small buffer");
    let stream = tcp.connect(addr).await.expect("connect");
    let mut request = format!("ws://{addr}/ws").into_client_request().expect("a request");
    request
        .headers_mut()
        .insert("origin", HeaderValue::from_str(&format!("http://{addr}")).expect("a header"));
    let (mut socket, _) =
        tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await.expect("the handshake");
    let hello = serde_json::json!({ "name": "slow", "cols": 200, "rows": 60 });
    socket.send(Message::text(hello.to_string())).await.expect("hello");
    // It reads nothing from now on: to the start screen, then the help opened and closed and
    // the window changed, over and over, each a new frame.
    socket.send(Message::binary(b"\r".to_vec())).await.expect("a key");
    let mut bob = Browser::join(addr, "bob", "", 100, 30).await;
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    let dropped = timeout(PATIENCE, async {
        let mut i = 0u16;
        while running.players().iter().any(|n| n == "slow") || i < 2 {
            let resize = serde_json::json!({ "cols": 200 - i % 2, "rows": 60 });
            // Once the server no longer reads it either, these wait, a second at most.
            let _ = timeout(Duration::from_secs(1), socket.send(Message::text(resize.to_string()))).await;
            let _ = timeout(Duration::from_secs(1), socket.send(Message::binary(b"?".to_vec()))).await;
            i += 1;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(dropped.is_ok(), "the browser that stopped reading is still connected");
    assert!(
        running.peak_pending() <= 16 * 1024 + 64 * 1024,
        "{} bytes were queued for one browser",
        running.peak_pending()
    );
    bob.send(b"\r").await;
    assert!(bob.wait_for("Start").await, "the others are still served:\n{}", bob.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_embedded_files_are_served_and_a_socket_from_another_origin_is_refused() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let addr = web_addr(&running);
    let get = |path: &'static str, language: &'static str| async move {
        let mut tcp = TcpStream::connect(addr).await.expect("connect");
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Language: {language}\r\nConnection: close\r\n\r\n"
        );
        tcp.write_all(request.as_bytes()).await.expect("write");
        let mut answer = Vec::new();
        timeout(PATIENCE, tcp.read_to_end(&mut answer)).await.expect("in time").expect("read");
        String::from_utf8_lossy(&answer).into_owned()
    };
    let page = get("/", "zh-CN,zh;q=0.9").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<html lang=\"zh-CN\">") && page.contains("班级口令"), "{page}");
    assert!(page.contains("content-security-policy: default-src 'self'"), "{page}");
    let page = get("/?lang=en", "zh-CN").await;
    assert!(page.contains("Class code"), "the page's choice wins:\n{page}");
    let script = get("/vendor/xterm.js", "en").await;
    assert!(script.starts_with("HTTP/1.1 200") && script.contains("text/javascript"), "{}", &script[..200]);
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/src/web.rs",
        "/vendor/../web.rs",
        "/vendor/LICENSE-xterm",
        "/web/app.js",
        "/app.js/",
    ] {
        let answer = get(path, "en").await;
        assert!(answer.starts_with("HTTP/1.1 404"), "{path}: {answer}");
    }
    let evil = Via { origin: Some("http://evil.example".into()), ..Via::default() };
    let refused = open(addr, &evil).await;
    assert!(
        matches!(&refused, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 403),
        "{refused:?}"
    );
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_names_and_frames_harm_no_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let addr = web_addr(&running);
    // A name with escapes, bidi and zero-width characters, far too long: made safe and short.
    let hostile = format!("\u{202e}ev\u{200b}il\x1b[2J\x07{}", "x".repeat(5000));
    let mut eve = Browser::join(addr, &hostile, "", 100, 30).await;
    let name = eve.joined.clone().expect("let in under a safe name");
    assert!(name.chars().all(|c| !c.is_control() && c != '\u{202e}' && c != '\u{200b}'), "{name:?}");
    assert!(name.chars().count() <= nim_serve::names::NAME_COLUMNS, "{name:?}");
    assert!(eve.wait_for(LOBBY).await, "{}", eve.contents());
    // Binary garbage, half sequences and huge numbers are keys that mean nothing; a window of
    // absurd size is clamped; then a plain key still works.
    // (No letters or controls that are keys of the lobby: a random `q` would leave, as it should.)
    let mut garbage: Vec<u8> =
        (0..4096u32).map(|i| 0x80 | (i.wrapping_mul(2654435761) >> 13) as u8).collect();
    garbage.extend_from_slice(b"\x1b[\x1b[1;\x1b]11;\x1bP\x1b[200~\xc3");
    garbage.extend_from_slice(b"\x1b[99999999999999999999;1H\x1b[<0;99999;99999M\xff\xfe\x1b");
    eve.send(&garbage).await;
    // (Sent as the page would, without this emulator taking the absurd sizes itself.)
    for (cols, rows) in [(u64::from(u32::MAX) + 5, 1u64 << 40), (0, 0), (65535, 65535)] {
        eve.send_text(&serde_json::json!({ "cols": cols, "rows": rows }).to_string()).await;
    }
    eve.resize(100, 30).await;
    eve.settle(Duration::from_millis(300)).await;
    assert!(eve.closed.is_none(), "garbage ended the connection");
    // Whatever the garbage did (it may have opened a screen), q leaves it for the lobby.
    for _ in 0..4 {
        if eve.contents().contains(LOBBY) {
            break;
        }
        eve.send(b"\x1bq").await;
        eve.settle(Duration::from_millis(300)).await;
    }
    assert!(eve.wait_for(LOBBY).await, "{}", eve.contents());
    // A text message that is not a window change ends the connection (policy, 1008).
    for bad in [
        "{\"cols\":\"x\",\"rows\":1}",
        "not json",
        "{\"cols\":80}",
        "{\"cols\":80,\"rows\":24,\"x\":1}",
        "[]",
    ] {
        let mut b = Browser::join(addr, "badframe", "", 80, 24).await;
        assert!(b.wait_for(LOBBY).await);
        b.send_text(bad).await;
        assert!(b.wait_closed().await, "{bad:?} was taken");
        assert_eq!(b.closed, Some(1008), "{bad:?}");
    }
    // A hello that is not one is refused with a reason.
    let mut socket = open(addr, &Via::default()).await.expect("open");
    socket.send(Message::binary(vec![0u8, 159, 146, 150])).await.expect("send");
    let mut refused = Browser {
        socket: Some(socket),
        screen: vt100::Parser::new(24, 80, 0),
        joined: None,
        refused: None,
        closed: None,
    };
    assert!(refused.wait_closed().await);
    assert_eq!(refused.reason(), "bad-hello");
    // Eve is still served.
    assert!(eve.closed.is_none() && eve.contents().contains(LOBBY), "{}", eve.contents());
    // The same name from the same address is the same player back (a page whose connection
    // dropped unseen): the name is taken over and the old socket closed, never two players
    // under one name.
    let mut twin = Browser::join(addr, &hostile, "", 100, 30).await;
    assert_eq!(twin.joined.as_deref(), Some(name.as_str()));
    assert!(eve.wait_closed().await, "two players under one name");
    assert!(twin.wait_for(LOBBY).await, "{}", twin.contents());
    assert_eq!(running.players().iter().filter(|n| **n == name).count(), 1, "{:?}", running.players());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_door_alone_serves_without_ssh() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = web_options(dir.path());
    if let Some(web) = &mut opts.web {
        web.no_ssh = true;
    }
    // An address that cannot be bound: with SSH off, it is never tried.
    opts.listen = "192.0.2.1:22".parse().expect("an address");
    let running = server(opts).await;
    let mut alice = Browser::join(web_addr(&running), "alice", "", 80, 24).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    // The server's stop tells the browser, and closes normally.
    let stopping = tokio::spawn(running.stop(Duration::from_secs(3)));
    assert!(alice.wait_closed().await, "{}", alice.contents());
    assert!(alice.contents().contains("server"), "{}", alice.contents());
    assert_eq!(alice.closed, Some(1001), "going away: the page joins again when it can");
    stopping.await.expect("stopped");
}

#[test]
fn the_teachers_command_prints_the_page_and_the_token_and_bad_web_flags_are_refused() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let home = tempfile::tempdir().expect("temp dir");
    for (args, says) in [
        (vec!["--no-ssh"], "--web"),
        (vec!["--web", "nowhere"], "--web"),
        (vec!["--web", "127.0.0.1:0", "--trusted-proxy", "a-proxy"], "--trusted-proxy"),
    ] {
        let out = crate::support::command(home.path()).args(&args).output().expect("run");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let help = crate::support::command(home.path()).arg("--help").output().expect("run");
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in ["--web", "127.0.0.1:8080", "--no-ssh", "--trusted-proxy", "http://HOST:8080/"] {
        assert!(help.contains(flag), "{flag} is not in the help:\n{help}");
    }

    // Browsers only, with a class code: what the teacher reads, then a student and the teacher.
    let mut child = crate::support::command(home.path())
        .args(["--no-ssh", "--web", "127.0.0.1:0", "--code", "maths"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the server");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let (mut said, mut line) = (String::new(), String::new());
    while stderr.read_line(&mut line).expect("read stderr") > 0 {
        said.push_str(&line);
        line.clear();
        if said.contains("stop with Ctrl-C") {
            break;
        }
    }
    assert!(said.contains("no SSH"), "{said}");
    let addr: SocketAddr = said
        .split("open http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no web address in {said:?}"));
    let token = said
        .split("teacher token ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no token in {said:?}"))
        .to_string();
    assert_eq!(token.len(), nim_serve::TOKEN_LENGTH);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let mut bob = Browser::join(addr, "bob", "maths", 100, 30).await;
        assert!(bob.wait_for(LOBBY).await, "{:?}\n{}", bob.refused, bob.contents());
        let mut teacher = Browser::join(addr, "ms-t", &token, 120, 40).await;
        assert!(teacher.wait_for("teacher's console").await, "{:?}\n{}", teacher.refused, teacher.contents());
    });
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().expect("the server exits");
    assert_eq!(status.code(), Some(0));
}

/// A browser whose connection drops mid-game (a laptop closed, the Wi-Fi gone) and that joins
/// again as the page does (the same name, the same address) is back at its game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_that_drops_mid_game_joins_again_and_finds_its_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let addr = web_addr(&running);
    let mut watcher = Browser::join(addr, "bob", "", 100, 30).await;
    let mut alice = Browser::join(addr, "alice", "", 100, 30).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("AI took").await, "{}", alice.contents());
    let moved: Vec<String> =
        alice.contents().lines().filter(|l| l.contains("took")).map(str::to_string).collect();
    assert!(watcher.wait_for("alice").await, "{}", watcher.contents());
    drop(alice);
    assert!(
        watcher.wait_until(|s| !s.lines().any(|l| l.contains("alice"))).await,
        "the server did not notice alice gone:\n{}",
        watcher.contents()
    );
    let mut again = Browser::join(addr, "alice", "", 100, 30).await;
    assert_eq!(again.joined.as_deref(), Some("alice"), "{:?}", again.refused);
    assert!(again.wait_for("Welcome back: your game is where you left it.").await, "{}", again.contents());
    for line in &moved {
        assert!(
            again.contents().contains(line.trim()),
            "{line:?} is not on the screen:\n{}",
            again.contents()
        );
    }
    running.stop(Duration::from_secs(3)).await;
}

/// A browser on one host watches a game against the AI played on another (#40): two hosts on one
/// PostgreSQL, ann over SSH on host a (the game's host), carol in a browser on host b. carol sees
/// ann in her lobby, on a; watches her game from its first move; reads ann's name where ann reads
/// `You` (never `Your turn`); and sees the game end as it ends for ann.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_on_one_host_watches_a_game_against_the_ai_on_another() {
    let Some(pg) = crate::support::pg::database() else { return };
    let url = pg.url();
    let on = |mut o: Options, id: &str| {
        o.db = std::path::PathBuf::from(&url);
        o.hosts = Some(nim_serve::hosts::HostOptions { id: id.into(), lease: Duration::from_secs(3) });
        o
    };
    let dirs = [(); 2].map(|()| tempfile::tempdir().expect("temp dir"));
    let a = server(on(options(dirs[0].path()), "a")).await;
    let b = server(on(web_options(dirs[1].path()), "b")).await;
    let mut ann = Player::arrive(a.addr(), "ann", 100, 30).await;
    assert!(ann.wait_for(LOBBY).await, "{}", ann.contents());
    let mut carol = Browser::join(web_addr(&b), "carol", "", 100, 30).await;
    assert_eq!(carol.joined.as_deref(), Some("carol"), "{:?}", carol.refused);
    assert!(
        carol.wait_until(|s| line_of(s, "ann").contains("in the lobby (on a)")).await,
        "carol does not see ann on host a:\n{}",
        carol.contents()
    );
    // ann begins a game against the AI.
    ann.send(b"\r").await;
    assert!(ann.wait_for("Start").await, "{}", ann.contents());
    ann.send(b"\r").await;
    assert!(ann.wait_for("Your turn").await, "{}", ann.contents());
    assert!(
        carol.wait_until(|s| line_of(s, "ann").contains("playing the AI (on a)")).await,
        "{}",
        carol.contents()
    );
    // carol chooses ann (the arrow down, as xterm.js sends it) and watches.
    for _ in 0..10 {
        if line_of(&carol.contents(), "ann").contains(['▶', '►']) {
            break;
        }
        let before = marked_item(&carol.contents());
        carol.send(b"\x1b[B").await;
        carol.wait_until(|s| marked_item(s) != before).await;
    }
    carol.send(b"w").await;
    assert!(carol.wait_for("You are watching ann against the AI").await, "{}", carol.contents());
    // ann plays the hint's moves to the end; carol follows each of the AI's answers.
    let (mut over, mut followed) = (false, 0);
    for _ in 0..40 {
        let screen = ann.contents();
        if screen.contains("You win!") || screen.contains("You lose") {
            over = true;
            break;
        }
        ann.send(b"h").await;
        assert!(ann.wait_for("Hint").await, "no hint:\n{}", ann.contents());
        ann.send(b"\r").await;
        assert!(
            ann.wait_until(|s| (s.contains("Your turn") && !s.contains("Hint"))
                || s.contains("You win!")
                || s.contains("You lose"))
                .await,
            "{}",
            ann.contents()
        );
        // The AI's last move, as ann reads it, reaches carol in ann's name's place.
        if let Some(answer) =
            ann.contents().lines().find(|l| l.contains("AI took")).map(|l| l.trim().to_string())
        {
            let said = answer.split("AI took").nth(1).unwrap_or_default().trim().to_string();
            assert!(
                carol.wait_until(|s| s.contains(&format!("AI took {said}"))).await,
                "carol does not see the AI's move ({said}):\n{}",
                carol.contents()
            );
            followed += 1;
        }
        assert!(
            !carol.contents().contains("Your turn"),
            "the watcher reads the player's words:\n{}",
            carol.contents()
        );
    }
    assert!(over, "the game did not end:\n{}", ann.contents());
    assert!(followed > 0, "no move of the AI was seen:\n{}", ann.contents());
    let winner = if ann.contents().contains("You win!") { "ann wins" } else { "AI wins" };
    assert!(carol.wait_for(winner).await, "carol does not see {winner}:\n{}", carol.contents());
    for running in [b, a] {
        running.stop(Duration::from_secs(3)).await;
    }
}
