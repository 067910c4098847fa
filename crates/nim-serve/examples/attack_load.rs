//! Bystanders and attackers for `scripts/bench-attacks.py` (issue #41), in two processes so that an
//! attack's own work does not run on the bystanders' thread.
//!
//! `attack_load bystanders ADDR CODE N SECONDS [lobby]`: N players log in from 127.0.0.1 with the
//! class code CODE (`-` for none), each with a 100x30 terminal that answers the colour query as a
//! dark terminal does, and go from the lobby to the game's start screen (with `lobby`: stay in the
//! lobby, each arriving once the one before is listed); says `ready` and waits for a line on
//! standard input; then for SECONDS sends a Down or Up arrow to one session after another (a key
//! every 10 ms or so, as a class types), each timed until that session's first bytes back, and
//! prints one JSON line: the samples' median, 99th percentile and largest in ms, and the keys that
//! got no answer within 2 s (counted as 2000 ms).
//!
//! `attack_load attack ADDR CODE KIND SECONDS`: one attack, from the loopback addresses 127.0.0.2
//! and up, until SECONDS have passed; prints one JSON line of what it did. KIND is one of:
//!   preauth    4 tasks opening sockets, saying SSH's hello and hanging up, as fast as they can
//!   idle       300 sockets from 5 addresses that connect and say nothing (opened again when dropped)
//!   codes      8 addresses trying wrong class codes, over and over
//!   resize     4 players sending window changes as fast as they are taken
//!   keys       2 players flooding keys and 2 pasting more than the input cap with no end marker
//!   results    5 players ending one-token games as fast as they can (the server's heaps: [1])
//!   moves      2 players at two-at-one-keyboard tables making moves as fast as they can
//!   nonreader  4 players sending keys and never reading a byte of the frames they cause
//!
//! Standard Linux loopback only (127.0.0.0/8 routes to this machine).

use std::io::BufRead;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::client;
use russh::keys::PublicKeyOrCertificate;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

type Error = Box<dyn std::error::Error + Send + Sync>;

const ANSWER: &[u8] = b"\x1b]10;rgb:ffff/ffff/ffff\x07\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c";

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: attack_load bystanders ADDR CODE N SECONDS [lobby] | attack ADDR CODE KIND SECONDS";
    let addr: SocketAddr = args.get(2).ok_or(usage)?.parse()?;
    let code = args.get(3).ok_or(usage)?.clone();
    let code = (code != "-").then_some(code);
    match args.get(1).map(String::as_str) {
        Some("bystanders") => {
            let n: usize = args.get(4).ok_or(usage)?.parse()?;
            let seconds: f64 = args.get(5).ok_or(usage)?.parse()?;
            let lobby = args.get(6).is_some_and(|m| m == "lobby");
            tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(bystanders(
                addr,
                code,
                n,
                Duration::from_secs_f64(seconds),
                lobby,
            ))
        }
        Some("attack") => {
            let kind = args.get(4).ok_or(usage)?.clone();
            let seconds: f64 = args.get(5).ok_or(usage)?.parse()?;
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()?
                .block_on(attack(addr, code, &kind, Duration::from_secs_f64(seconds)))
        }
        _ => Err(usage.into()),
    }
}

/// An SSH session from `from`, logged in as `user` with the class code (or none).
async fn login(
    addr: SocketAddr,
    from: IpAddr,
    user: &str,
    code: Option<&str>,
) -> Result<client::Handle<Trusting>, Error> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = socket.connect(addr).await?;
    let config = Arc::new(client::Config::default());
    let mut session = client::connect_stream(config, stream, Trusting).await?;
    let ok = match code {
        Some(code) => session.authenticate_password(user, code).await?.success(),
        None => session.authenticate_none(user).await?.success(),
    };
    if !ok {
        return Err(format!("{user} was not let in").into());
    }
    Ok(session)
}

/// A player's terminal: a channel with a pty and a shell, split; the reading half answers the
/// colour query and passes each batch of bytes on.
async fn terminal(
    session: &client::Handle<Trusting>,
) -> Result<(russh::ChannelReadHalf, russh::ChannelWriteHalf<client::Msg>), Error> {
    let channel = session.channel_open_session().await?;
    channel.request_pty(false, "xterm-256color", 100, 30, 0, 0, &[]).await?;
    channel.request_shell(false).await?;
    Ok(channel.split())
}

fn from(n: usize) -> IpAddr {
    IpAddr::from([127, 0, (2 + n / 250) as u8, (2 + n % 250) as u8])
}

async fn bystanders(
    addr: SocketAddr,
    code: Option<String>,
    n: usize,
    during: Duration,
    lobby: bool,
) -> Result<(), Error> {
    let (arrived_tx, mut arrived) = mpsc::unbounded_channel::<(usize, Instant)>();
    let (started_tx, mut started) = mpsc::unbounded_channel::<usize>();
    let mut writers = Vec::new();
    let mut sessions = Vec::new();
    for i in 0..n {
        let session = login(addr, IpAddr::from([127, 0, 0, 1]), &format!("b{i}"), code.as_deref()).await?;
        let (mut read, write) = terminal(&session).await?;
        let arrived_tx = arrived_tx.clone();
        let started_tx = started_tx.clone();
        let answer = write.make_writer();
        tokio::spawn(async move {
            let mut answer = answer;
            let mut seen = Vec::new();
            let mut announced = false;
            let mut entered = false;
            while let Some(msg) = read.wait().await {
                let ChannelMsg::Data { data } = msg else { continue };
                let now = Instant::now();
                if announced {
                    let _ = arrived_tx.send((i, now));
                    continue;
                }
                seen.extend_from_slice(&data);
                if seen.windows(7).any(|w| w == b"\x1b]11;?\x1b") {
                    let _ = answer.write_all(ANSWER).await;
                    seen.clear();
                }
                let in_lobby = seen.windows(7).any(|w| w == b"server:");
                if lobby && in_lobby {
                    announced = true;
                    let _ = started_tx.send(i);
                } else if !entered && in_lobby {
                    entered = true;
                    seen.clear();
                    let _ = answer.write_all(b"\r").await;
                } else if entered && seen.windows(5).any(|w| w == b"Start") {
                    announced = true;
                    let _ = started_tx.send(i);
                }
            }
        });
        writers.push(write);
        sessions.push(session);
        if lobby {
            // In the lobby's order: each listed before the next arrives.
            started.recv().await.ok_or("a session ended before the lobby")?;
        }
    }
    if !lobby {
        for _ in 0..n {
            started.recv().await.ok_or("a session ended before its start screen")?;
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    while arrived.try_recv().is_ok() {}
    println!("ready");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;

    // In the lobby each starts on its own line: Down then Up, the last one Up then Down.
    let mut down: Vec<bool> = (0..n).map(|i| !(lobby && i + 1 == n)).collect();
    let mut times = Vec::new();
    let mut missed = 0u32;
    let end = Instant::now() + during;
    let mut k = 0usize;
    while Instant::now() < end {
        let i = k % n;
        k += 1;
        let key: &[u8] = if down[i] { b"\x1b[B" } else { b"\x1b[A" };
        down[i] = !down[i];
        while arrived.try_recv().is_ok() {}
        let sent = Instant::now();
        writers[i].data(key).await?;
        let answered = loop {
            match tokio::time::timeout_at((sent + Duration::from_secs(2)).into(), arrived.recv()).await {
                Ok(Some((who, at))) if who == i => break Some(at),
                Ok(Some(_)) => {}
                Ok(None) => return Err("the sessions ended".into()),
                Err(_) => break None,
            }
        };
        match answered {
            Some(at) => times.push(at.duration_since(sent).as_secs_f64() * 1000.0),
            None => {
                missed += 1;
                times.push(2000.0);
            }
        }
        // The frame settles, and the next key comes about 10 ms later.
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{{\"median_ms\":{:.3},\"p99_ms\":{:.3},\"max_ms\":{:.3},\"samples\":{},\"missed\":{missed}}}",
        at(0.5),
        at(0.99),
        at(1.0),
        times.len()
    );
    drop(sessions);
    Ok(())
}

async fn attack(addr: SocketAddr, code: Option<String>, kind: &str, during: Duration) -> Result<(), Error> {
    let end = Instant::now() + during;
    let count = Arc::new(AtomicU64::new(0));
    let dropped = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    let code = code.map(Arc::new);
    match kind {
        "preauth" => {
            for t in 0..4 {
                let count = count.clone();
                tasks.push(tokio::spawn(async move {
                    while Instant::now() < end {
                        let Ok(socket) = tokio::net::TcpSocket::new_v4() else { continue };
                        let _ = socket.bind(SocketAddr::new(from(t), 0));
                        if let Ok(Ok(mut s)) =
                            tokio::time::timeout(Duration::from_secs(1), socket.connect(addr)).await
                        {
                            let _ = s.write_all(b"SSH-2.0-flood\r\n").await;
                            count.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }));
            }
        }
        "idle" => {
            for t in 0..300 {
                let (count, dropped) = (count.clone(), dropped.clone());
                tasks.push(tokio::spawn(async move {
                    while Instant::now() < end {
                        let Ok(socket) = tokio::net::TcpSocket::new_v4() else { return };
                        let _ = socket.bind(SocketAddr::new(from(t % 5), 0));
                        let Ok(Ok(mut s)) =
                            tokio::time::timeout(Duration::from_secs(1), socket.connect(addr)).await
                        else {
                            tokio::time::sleep(Duration::from_millis(100)).await;
                            continue;
                        };
                        count.fetch_add(1, Ordering::Relaxed);
                        let mut buf = [0u8; 1024];
                        // Read what the server says, say nothing, until it hangs up or time is up.
                        loop {
                            match tokio::time::timeout_at(end.into(), s.read(&mut buf)).await {
                                Ok(Ok(0)) | Ok(Err(_)) => {
                                    dropped.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                                Ok(Ok(_)) => {}
                                Err(_) => return,
                            }
                        }
                    }
                }));
            }
        }
        "codes" => {
            for t in 0..8 {
                let count = count.clone();
                tasks.push(tokio::spawn(async move {
                    while Instant::now() < end {
                        let Ok(socket) = tokio::net::TcpSocket::new_v4() else { return };
                        let _ = socket.bind(SocketAddr::new(from(t), 0));
                        let Ok(Ok(stream)) =
                            tokio::time::timeout(Duration::from_secs(1), socket.connect(addr)).await
                        else {
                            continue;
                        };
                        let config = Arc::new(client::Config::default());
                        let left = end.saturating_duration_since(Instant::now());
                        let _ = tokio::time::timeout(left, async {
                            let mut session = client::connect_stream(config, stream, Trusting).await?;
                            for n in 0..6 {
                                count.fetch_add(1, Ordering::Relaxed);
                                if session
                                    .authenticate_password("guesser", format!("guess-{t}-{n}"))
                                    .await?
                                    .success()
                                {
                                    break;
                                }
                            }
                            Ok::<(), Error>(())
                        })
                        .await;
                    }
                }));
            }
        }
        "resize" | "keys" | "results" | "moves" | "nonreader" => {
            let players = match kind {
                "results" => 5,
                "moves" => 2,
                _ => 4,
            };
            for t in 0..players {
                let (count, dropped, code) = (count.clone(), dropped.clone(), code.clone());
                let kind = kind.to_string();
                let session =
                    login(addr, from(t), &format!("{kind}{t}"), code.as_deref().map(|c| c.as_str())).await?;
                let (mut read, write) = terminal(&session).await?;
                // Read (and answer the colour query) until the lobby is drawn.
                let mut seen = Vec::new();
                while !seen.windows(7).any(|w| w == b"server:") {
                    match read.wait().await {
                        Some(ChannelMsg::Data { data }) => {
                            seen.extend_from_slice(&data);
                            if seen.windows(7).any(|w| w == b"\x1b]11;?\x1b") {
                                write.data(ANSWER).await?;
                            }
                        }
                        Some(_) => {}
                        None => return Err("an attacker was dropped before the lobby".into()),
                    }
                }
                if kind != "nonreader" {
                    // Everything the server sends is read, and thrown away.
                    tokio::spawn(async move { while read.wait().await.is_some() {} });
                } else {
                    // Held, never read: the client's window fills and TCP's with it.
                    tokio::spawn(async move {
                        tokio::time::sleep_until(end.into()).await;
                        drop(read);
                    });
                }
                tasks.push(tokio::spawn(async move {
                    let _session = session;
                    let big: Vec<u8> = b"\x1b[B\x1b[A".repeat(4096);
                    let mut paste = b"\x1b[200~".to_vec();
                    paste.extend(std::iter::repeat_n(b'y', 100 * 1024));
                    let mut moves = b"\r\r".to_vec();
                    moves.extend(b"1\r".repeat(64));
                    let mut n = 0u64;
                    while Instant::now() < end {
                        n += 1;
                        let sent = match kind.as_str() {
                            "resize" => write
                                .window_change(80 + (n % 40) as u32, 24 + (n % 10) as u32, 0, 0)
                                .await
                                .is_ok(),
                            "keys" if t % 2 == 0 => write.data(&big[..]).await.is_ok(),
                            "keys" => write.data(&paste[..]).await.is_ok(),
                            "results" => write.data(&b"\r\r\rq"[..]).await.is_ok(),
                            "moves" => write.data(&moves[..]).await.is_ok(),
                            _ => write.data(&b"\x1b[B\x1b[A\x1b[B\x1b[A"[..]).await.is_ok(),
                        };
                        if !sent {
                            dropped.fetch_add(1, Ordering::Relaxed);
                            return;
                        }
                        count.fetch_add(1, Ordering::Relaxed);
                        if matches!(kind.as_str(), "results" | "nonreader") {
                            // A script's pace: a burst, then a moment.
                            tokio::time::sleep(Duration::from_millis(2)).await;
                        }
                    }
                }));
            }
        }
        other => return Err(format!("no attack {other:?}").into()),
    }
    for task in tasks {
        let left = end.saturating_duration_since(Instant::now()) + Duration::from_secs(2);
        let _ = tokio::time::timeout(left, task).await;
    }
    println!(
        "{{\"attack\":\"{kind}\",\"actions\":{},\"dropped\":{}}}",
        count.load(Ordering::Relaxed),
        dropped.load(Ordering::Relaxed)
    );
    // Whatever is still open is dropped with the process.
    std::process::exit(0);
}
