//! Scripted browsers for `scripts/bench-serve.py --door web`: opens N WebSocket sessions to a
//! running `nim-tui serve --web` as the page does (an Origin, the hello with a 100x30 window;
//! each answers the colour query as a dark terminal does, as xterm.js would), goes from the lobby
//! to the game's start screen on each, says `ready` and waits for a line on standard input (the
//! script measures the idle server meanwhile), then measures key-to-frame latency: a Down or Up
//! arrow sent to one session after another, timed until that session's first bytes of the new
//! frame arrive. Prints one JSON line: the samples' median and 99th percentile in ms.
//!
//! Usage: web_load ADDR SESSIONS SAMPLES

use std::io::BufRead;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

const ANSWER: &[u8] = b"\x1b]10;rgb:ffff/ffff/ffff\x07\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: web_load ADDR SESSIONS SAMPLES";
    let addr: std::net::SocketAddr = args.get(1).ok_or(usage)?.parse()?;
    let sessions: usize = args.get(2).ok_or(usage)?.parse()?;
    let samples: usize = args.get(3).ok_or(usage)?.parse()?;

    let (arrived_tx, mut arrived) = mpsc::unbounded_channel::<(usize, Instant)>();
    let (started_tx, mut started) = mpsc::unbounded_channel::<usize>();
    let mut keys = Vec::new();
    for i in 0..sessions {
        let mut request = format!("ws://{addr}/ws").into_client_request()?;
        request.headers_mut().insert("origin", HeaderValue::from_str(&format!("http://{addr}"))?);
        let (socket, _) = tokio_tungstenite::connect_async(request).await?;
        let (mut sink, mut stream) = socket.split();
        let hello = format!("{{\"name\":\"w{i}\",\"cols\":100,\"rows\":30}}");
        sink.send(Message::text(hello)).await?;
        let (key_tx, mut key_rx) = mpsc::unbounded_channel::<Vec<u8>>();
        keys.push(key_tx.clone());
        tokio::spawn(async move {
            while let Some(bytes) = key_rx.recv().await {
                if sink.send(Message::binary(bytes)).await.is_err() {
                    break;
                }
            }
        });
        let arrived_tx = arrived_tx.clone();
        let started_tx = started_tx.clone();
        tokio::spawn(async move {
            let mut seen = Vec::new();
            let (mut announced, mut entered) = (false, false);
            while let Some(Ok(message)) = stream.next().await {
                let Message::Binary(data) = message else {
                    if let Message::Text(text) = &message
                        && text.contains("error")
                    {
                        eprintln!("w{i} refused: {text}");
                    }
                    continue;
                };
                let now = Instant::now();
                if announced {
                    let _ = arrived_tx.send((i, now));
                    continue;
                }
                seen.extend_from_slice(&data);
                if seen.windows(7).any(|w| w == b"\x1b]11;?\x1b") {
                    let _ = key_tx.send(ANSWER.to_vec());
                    seen.clear();
                }
                if !entered && seen.windows(7).any(|w| w == b"server:") {
                    entered = true;
                    seen.clear();
                    let _ = key_tx.send(b"\r".to_vec());
                }
                if entered && seen.windows(5).any(|w| w == b"Start") {
                    announced = true;
                    let _ = started_tx.send(i);
                }
            }
        });
    }
    for _ in 0..sessions {
        started.recv().await.ok_or("a session ended before its start screen")?;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    while arrived.try_recv().is_ok() {}
    println!("ready");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;

    let mut times = Vec::with_capacity(samples);
    for n in 0..samples {
        let i = n % sessions;
        let key: &[u8] = if (n / sessions).is_multiple_of(2) { b"\x1b[B" } else { b"\x1b[A" };
        while arrived.try_recv().is_ok() {}
        let sent = Instant::now();
        keys[i].send(key.to_vec())?;
        loop {
            match tokio::time::timeout(Duration::from_secs(5), arrived.recv()).await? {
                Some((who, at)) if who == i => {
                    times.push(at.duration_since(sent).as_secs_f64() * 1000.0);
                    break;
                }
                Some(_) => {}
                None => return Err("the sessions ended".into()),
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!("{{\"median_ms\":{:.3},\"p99_ms\":{:.3},\"samples\":{}}}", at(0.5), at(0.99), times.len());
    Ok(())
}
