//! Scripted players for `scripts/bench-serve.py`: opens N SSH sessions to a running `nim-tui
//! serve` (each with a 100x30 terminal that answers the colour query as a dark terminal does),
//! goes from the lobby to the game's start screen on each, says `ready` and waits for a line on standard
//! input (the script measures the idle server meanwhile), then measures key-to-frame latency: a
//! Down or Up arrow sent to one session after another, timed until that session's first bytes
//! of the new frame arrive. Prints one JSON line: the samples' median and 99th percentile in ms.
//!
//! With `lobby` as a fourth argument the sessions stay in the lobby instead; after the line on
//! standard input, SAMPLES newcomers join one after another (each logs in, sees the lobby and
//! leaves), and `done` is printed once every lobby has drawn the last change: the script counts
//! the server's CPU for the joins.
//!
//! Usage: serve_load ADDR SESSIONS SAMPLES [lobby]

use std::io::BufRead;
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client;
use russh::keys::PublicKeyOrCertificate;
use tokio::sync::mpsc;

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

const ANSWER: &[u8] = b"\x1b]10;rgb:ffff/ffff/ffff\x07\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c";

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: serve_load ADDR SESSIONS SAMPLES";
    let addr: std::net::SocketAddr = args.get(1).ok_or(usage)?.parse()?;
    let sessions: usize = args.get(2).ok_or(usage)?.parse()?;
    let samples: usize = args.get(3).ok_or(usage)?.parse()?;
    let lobby = args.get(4).is_some_and(|mode| mode == "lobby");

    // Every session's arrivals, as (session, when), on one queue.
    let (arrived_tx, mut arrived) = mpsc::unbounded_channel::<(usize, Instant)>();
    let (started_tx, mut started) = mpsc::unbounded_channel::<usize>();
    let mut writers = Vec::new();
    let mut handles = Vec::new();
    let config = Arc::new(client::Config::default());
    for i in 0..sessions {
        let mut session = client::connect(config.clone(), addr, Trusting).await?;
        if !session.authenticate_none(format!("p{i}")).await?.success() {
            return Err("the server wants a code: run it without --code".into());
        }
        let channel = session.channel_open_session().await?;
        channel.request_pty(false, "xterm-256color", 100, 30, 0, 0, &[]).await?;
        channel.request_shell(false).await?;
        let (mut read, write) = channel.split();
        let arrived_tx = arrived_tx.clone();
        let started_tx = started_tx.clone();
        let answer = write.make_writer();
        tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            let mut answer = answer;
            let mut seen = Vec::new();
            let mut announced = false;
            let mut entered = false;
            while let Some(msg) = read.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    let now = Instant::now();
                    if !announced {
                        seen.extend_from_slice(&data);
                        if seen.windows(7).any(|w| w == b"\x1b]11;?\x1b") {
                            let _ = answer.write_all(ANSWER).await;
                            seen.clear();
                        }
                        if lobby && seen.windows(7).any(|w| w == b"server:") {
                            announced = true;
                            let _ = started_tx.send(i);
                            continue;
                        }
                        // The lobby first: Enter on one's own line plays the AI.
                        if !entered && seen.windows(7).any(|w| w == b"server:") {
                            entered = true;
                            seen.clear();
                            let _ = answer.write_all(b"\r").await;
                        }
                        if entered && seen.windows(5).any(|w| w == b"Start") {
                            announced = true;
                            let _ = started_tx.send(i);
                        }
                    } else {
                        let _ = arrived_tx.send((i, now));
                    }
                }
            }
        });
        writers.push(write);
        handles.push(session);
    }
    for _ in 0..sessions {
        started.recv().await.ok_or("a session ended before its start screen")?;
    }
    // Let the last frames come in, then say so and wait while the script measures.
    tokio::time::sleep(Duration::from_millis(500)).await;
    while arrived.try_recv().is_ok() {}
    println!("ready");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;

    if lobby {
        for n in 0..samples {
            let mut session = client::connect(config.clone(), addr, Trusting).await?;
            session.authenticate_none(format!("newcomer{n}")).await?;
            let mut channel = session.channel_open_session().await?;
            channel.request_pty(false, "xterm-256color", 100, 30, 0, 0, &[]).await?;
            channel.request_shell(false).await?;
            let mut seen = Vec::new();
            while let Some(msg) = channel.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    seen.extend_from_slice(&data);
                    if seen.windows(7).any(|w| w == b"server:") {
                        break;
                    }
                }
            }
            drop(channel);
            let _ = session.disconnect(russh::Disconnect::ByApplication, "", "").await;
        }
        // Every lobby has drawn the last change once none has had anything new for a while.
        while let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(500), arrived.recv()).await {}
        println!("done");
        drop(handles);
        return Ok(());
    }
    let mut times = Vec::with_capacity(samples);
    for n in 0..samples {
        let i = n % sessions;
        // Down then Up on each session in turn, so that every key changes its screen.
        let key: &[u8] = if (n / sessions).is_multiple_of(2) { b"\x1b[B" } else { b"\x1b[A" };
        while arrived.try_recv().is_ok() {}
        let sent = Instant::now();
        writers[i].data_bytes(key.to_vec()).await?;
        loop {
            let got = tokio::time::timeout(Duration::from_secs(5), arrived.recv()).await?;
            match got {
                Some((who, at)) if who == i => {
                    times.push(at.duration_since(sent).as_secs_f64() * 1000.0);
                    break;
                }
                Some(_) => {}
                None => return Err("the sessions ended".into()),
            }
        }
        // Each session's frames then settle before the next key.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!("{{\"median_ms\":{:.3},\"p99_ms\":{:.3},\"samples\":{}}}", at(0.5), at(0.99), times.len());
    drop(handles);
    Ok(())
}
