//! The browser's plain page (issue #37): its hello asks for `plain`, and the socket then carries
//! the plain protocol's lines (`\n`, no escape sequence), the page's typed commands one line a
//! message. A whole game against the AI is played in lines, and kept like any other.

#![cfg(unix)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use nim_serve::{Options, WebOptions};
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::plain_ssh::nim_move as move_of;
use crate::serve::{options, server};

const PATIENCE: Duration = Duration::from_secs(30);

fn web_options(dir: &std::path::Path) -> Options {
    let mut opts = options(dir);
    opts.web = Some(WebOptions {
        listen: "127.0.0.1:0".parse().expect("an address"),
        trusted_proxies: Vec::new(),
        teacher_token: None,
        no_ssh: true,
    });
    opts
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The page in plain mode: the socket and every byte of text it was sent.
struct Page {
    socket: Socket,
    text: Vec<u8>,
    /// Where the lines not yet looked at begin.
    seen: usize,
}

impl Page {
    async fn join(addr: SocketAddr, name: &str) -> Page {
        let mut request = format!("ws://{addr}/ws").into_client_request().expect("a request");
        request
            .headers_mut()
            .insert("origin", HeaderValue::from_str(&format!("http://{addr}")).expect("a header"));
        let (mut socket, _) = timeout(PATIENCE, tokio_tungstenite::connect_async(request))
            .await
            .expect("in time")
            .expect("the socket");
        let hello = serde_json::json!({ "name": name, "code": "", "cols": 80, "rows": 24, "lang": "en", "plain": true });
        socket.send(Message::text(hello.to_string())).await.expect("the hello");
        Page { socket, text: Vec::new(), seen: 0 }
    }

    async fn say(&mut self, line: &str) {
        self.socket.send(Message::binary(format!("{line}\n").into_bytes())).await.expect("a line");
    }

    /// The next whole line that satisfies `ready`, the lines before it passed over.
    async fn next_line(&mut self, ready: impl Fn(&str) -> bool) -> Option<String> {
        let end = Instant::now() + PATIENCE;
        loop {
            while let Some(at) = self.text[self.seen..].iter().position(|&b| b == b'\n') {
                let line = String::from_utf8_lossy(&self.text[self.seen..self.seen + at]).into_owned();
                self.seen += at + 1;
                if ready(&line) {
                    return Some(line);
                }
            }
            let left = end.checked_duration_since(Instant::now())?;
            match timeout(left, self.socket.next()).await {
                Ok(Some(Ok(Message::Binary(bytes)))) => self.text.extend_from_slice(&bytes),
                Ok(Some(Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_)))) => {}
                _ => return None,
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plain_page_plays_the_ai_in_lines_and_it_is_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(web_options(dir.path())).await;
    let addr = running.web_addr().expect("the web door");
    let mut page = Page::join(addr, "fay").await;
    assert!(
        page.next_line(|l| l.starts_with("Lobby. Type")).await.is_some(),
        "{}",
        String::from_utf8_lossy(&page.text)
    );
    page.say("ai").await;
    assert!(page.next_line(|l| l.starts_with("Type p to play")).await.is_some());
    page.say("p").await;
    loop {
        let line = page
            .next_line(|l| l.ends_with("Your move.") || l.ends_with("You win.") || l.ends_with("You lose."))
            .await
            .unwrap_or_else(|| panic!("the game stopped:\n{}", String::from_utf8_lossy(&page.text)));
        if !line.ends_with("Your move.") {
            break;
        }
        page.say(&format!("{} {}", move_of(&line).0, move_of(&line).1)).await;
    }
    page.say("q").await;
    assert!(page.next_line(|l| l.starts_with("Lobby. Type")).await.is_some());
    page.say("quit").await;
    assert!(page.next_line(|l| l == "Goodbye.").await.is_some());
    let text = String::from_utf8_lossy(&page.text).into_owned();
    assert!(!page.text.contains(&0x1b) && !text.contains('\r'), "{text:?}");
    assert!(!text.chars().any(|c| matches!(c, '\u{2500}'..='\u{259F}' | '\u{2800}'..='\u{28FF}')), "{text}");
    running.stop(Duration::from_secs(3)).await;
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    assert_eq!(db.games_of("fay").expect("games").len(), 1);
}
