//! Scripted students for `scripts/bench-hosts.py` (#40): STUDENTS SSH sessions spread over one or
//! more running `nim-tui-serve` hosts, each playing in the plain door's lines (no terminal: what
//! `ssh -T` gives a script, docs/plain-protocol.md), so that what is measured is the server and its
//! database, not the drawing of frames.
//!
//! - `ai`: every student plays GAMES games of the server's setup against the AI (`ai`, `p`, a move
//!   on each `Your move.`, `a` for the next game), always taking one token from the first heap
//!   that has one. Each game is written by its host when it ends, its moves with it.
//! - `pairs`: students 2k and 2k+1 play each other GAMES times, 2k on one host and 2k+1 on the
//!   next (round the list of hosts), so that with two hosts every game is between hosts: 2k
//!   challenges (`play NAME`) at its first lobby prompt, at once when the lobby says 2k+1 is in
//!   it, and at the next prompt after a refusal while the lobby says so (a challenge that reached
//!   2k+1 still at the last game's table is refused as busy), 2k+1 accepts. A move's latency is
//!   the time from the mover's line being sent to the other's reading `NAME took …` (both ends in
//!   this process, one clock).
//!
//! Each student goes to its first table at once and holds its first move; once every student sits
//! at one, `ready` is printed and a line is read from standard input (the script reads the
//! database's counters), and then the moves begin.
//! Prints one JSON line at the end: students, games, moves sent, seconds from the go to the last
//! game's end, and the move latencies' median and 99th percentile in ms (`pairs`: across the
//! pair's hosts; `ai`: to the host's echo of the move).
//!
//! Usage: hosts_load HOST[,HOST...] STUDENTS GAMES ai|pairs

use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use russh::ChannelMsg;
use russh::client;
use russh::keys::PublicKeyOrCertificate;
use tokio::sync::{mpsc, watch};

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What a student tells the main task.
enum Event {
    /// A move's latency, in ms.
    Latency(f64),
    /// A game ended for this student.
    Game,
    /// A move was sent.
    Moved,
    /// This student has played all its games (or its connection ended, with the reason).
    Done(Option<String>),
}

/// When each student last sent a move, read by its partner.
type Sent = Arc<Mutex<Option<Instant>>>;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Ai,
    Pairs,
}

/// The move a scripted student makes: one token from the first heap that has any, in the plain
/// protocol's `HEAP COUNT`; `None` if the line names no heaps.
fn first_move(line: &str) -> Option<String> {
    let heaps = line.split_once(':')?.1.split('.').next()?;
    let index = heaps.split(',').map(|h| h.trim().parse::<u64>().unwrap_or(0)).position(|h| h > 0)?;
    Some(format!("{} 1\n", index + 1))
}

struct Student {
    name: String,
    partner: Option<String>,
    challenger: bool,
    games: usize,
    mode: Mode,
    mine: Sent,
    theirs: Option<Sent>,
}

impl Student {
    /// Logs in, one at a time: a server drops logins in progress from one address past a few.
    async fn connect(
        &self,
        host: std::net::SocketAddr,
        config: Arc<client::Config>,
    ) -> Result<(client::Handle<Trusting>, russh::Channel<client::Msg>), String> {
        let mut session = client::connect(config, host, Trusting).await.map_err(|e| e.to_string())?;
        if !session.authenticate_none(self.name.clone()).await.map_err(|e| e.to_string())?.success() {
            return Err("the server wants a code: run it without --code".into());
        }
        let channel = session.channel_open_session().await.map_err(|e| e.to_string())?;
        channel.request_shell(false).await.map_err(|e| e.to_string())?;
        Ok((session, channel))
    }

    async fn run(
        self,
        mut channel: russh::Channel<client::Msg>,
        events: mpsc::UnboundedSender<Event>,
        mut go: watch::Receiver<bool>,
        seated: mpsc::UnboundedSender<()>,
    ) -> Result<(), String> {
        let mut seated = Some(seated);
        let mut pending = Vec::new();
        let mut played = 0;
        let mut asked = false;
        let mut partner_here = false;
        // Whether the challenger has tried once in this visit to the lobby: the partner may have
        // come before it did, and the lobby says only who comes after.
        let mut tried = false;
        let mut echo_from: Option<Instant> = None;
        // Before the go, each student goes to its table (the AI's, or its partner's) and waits
        // there with its first move held: a class in a lobby of a thousand would have every
        // lobby's list said again at each arrival, which is not what is measured here.
        let mut started = false;
        let mut held: Option<String> = None;
        loop {
            let msg = tokio::select! {
                msg = channel.wait() => msg,
                changed = go.changed(), if !started => {
                    changed.map_err(|_| "the run ended before it began")?;
                    if *go.borrow_and_update() {
                        started = true;
                        if let Some(line) = held.take() {
                            let text = first_move(&line).ok_or_else(|| format!("no heaps in {line:?}"))?;
                            *self.mine.lock().expect("a clock") = Some(Instant::now());
                            echo_from = Some(Instant::now());
                            let _ = events.send(Event::Moved);
                            channel.data(text.as_bytes()).await.map_err(|e| e.to_string())?;
                        }
                    }
                    continue;
                }
            };
            let Some(msg) = msg else { break };
            let ChannelMsg::Data { data } = msg else {
                if matches!(msg, ChannelMsg::Eof | ChannelMsg::Close) {
                    break;
                }
                continue;
            };
            pending.extend_from_slice(&data);
            while let Some(end) = pending.iter().position(|&b| b == b'\n') {
                let line = String::from_utf8_lossy(&pending[..end]).trim_end().to_string();
                pending.drain(..=end);
                let now = Instant::now();
                if std::env::var_os("HOSTS_LOAD_TRACE").is_some() {
                    eprintln!("{}: {line}", self.name);
                }
                if line.starts_with("Heaps:")
                    && let Some(seated) = seated.take()
                {
                    let _ = seated.send(());
                }
                let reply: Option<String> = if line.starts_with("Lobby.") {
                    if played >= self.games {
                        let _ = events.send(Event::Done(None));
                        return Ok(());
                    }
                    match (self.mode, &self.partner) {
                        (Mode::Ai, _) => Some("ai\n".to_string()),
                        // Not in the list yet: the lobby says it when the partner comes.
                        (Mode::Pairs, Some(partner))
                            if self.challenger && (partner_here || !tried) && !asked =>
                        {
                            asked = true;
                            tried = true;
                            Some(format!("play {partner}\n"))
                        }
                        _ => None,
                    }
                } else if self.partner.as_ref().is_some_and(|p| line.starts_with(&format!("{p}: "))) {
                    // The partner's line in the lobby, said as news between the lobby's prompts:
                    // whether they are in the lobby now (kept while a challenge is answered, so
                    // that a challenge refused while they were still at their last table is sent
                    // again at the next prompt). In the lobby: challenge at once.
                    partner_here = self
                        .partner
                        .as_ref()
                        .is_some_and(|p| line.starts_with(&format!("{p}: in the lobby")));
                    match &self.partner {
                        Some(partner) if partner_here && self.challenger && !asked && played < self.games => {
                            asked = true;
                            Some(format!("play {partner}\n"))
                        }
                        _ => None,
                    }
                } else if line.ends_with("Type accept or decline.") && !self.challenger {
                    Some("accept\n".to_string())
                } else if line.starts_with("Type p to play") {
                    Some("p\n".to_string())
                } else if line.ends_with("Your move.") && !started {
                    held = Some(line);
                    None
                } else if line.ends_with("Your move.") {
                    let text = first_move(&line).ok_or_else(|| format!("no heaps in {line:?}"))?;
                    *self.mine.lock().expect("a clock") = Some(Instant::now());
                    echo_from = Some(Instant::now());
                    let _ = events.send(Event::Moved);
                    Some(text)
                } else if line.ends_with("You win.") || line.ends_with("You lose.") {
                    // The other's last move comes in this line.
                    if let Some(partner) = &self.partner
                        && line.starts_with(&format!("{partner} took "))
                        && let Some(sent) =
                            self.theirs.as_ref().and_then(|t| t.lock().expect("a clock").take())
                    {
                        let _ = events.send(Event::Latency(now.duration_since(sent).as_secs_f64() * 1000.0));
                    }
                    played += 1;
                    let _ = events.send(Event::Game);
                    None
                } else if line.starts_with("You took") {
                    if self.mode == Mode::Ai
                        && let Some(from) = echo_from.take()
                    {
                        let _ = events.send(Event::Latency(now.duration_since(from).as_secs_f64() * 1000.0));
                    }
                    None
                } else if let Some(partner) = &self.partner
                    && line.starts_with(&format!("{partner} took "))
                {
                    if let Some(sent) = self.theirs.as_ref().and_then(|t| t.lock().expect("a clock").take()) {
                        let _ = events.send(Event::Latency(now.duration_since(sent).as_secs_f64() * 1000.0));
                    }
                    None
                } else if line.starts_with("Game over. Type a to play again") {
                    Some((if played < self.games { "a\n" } else { "q\n" }).to_string())
                } else if line.starts_with("Game over. Type q") {
                    asked = false;
                    partner_here = false;
                    tried = false;
                    Some("q\n".to_string())
                } else if asked && line.starts_with("There is nobody called") {
                    // Not here yet: the lobby says when they come (or the next prompt tries
                    // again if it said so meanwhile).
                    asked = false;
                    None
                } else if asked && ["declined", "busy", "answering", "left"].iter().any(|w| line.contains(w))
                {
                    // Refused for now: looked at again at the lobby's next prompt, which
                    // follows, if the partner's line says they are in the lobby by then.
                    asked = false;
                    None
                } else {
                    None
                };
                if let Some(reply) = reply {
                    channel.data(reply.as_bytes()).await.map_err(|e| e.to_string())?;
                }
            }
        }
        Err(format!("{}: the connection ended after {played} games", self.name))
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: hosts_load HOST[,HOST...] STUDENTS GAMES ai|pairs";
    let hosts: Vec<std::net::SocketAddr> =
        args.get(1).ok_or(usage)?.split(',').map(str::parse).collect::<Result<_, _>>()?;
    let students: usize = args.get(2).ok_or(usage)?.parse()?;
    let games: usize = args.get(3).ok_or(usage)?.parse()?;
    let mode = match args.get(4).map(String::as_str) {
        Some("ai") => Mode::Ai,
        Some("pairs") if students.is_multiple_of(2) => Mode::Pairs,
        _ => return Err(format!("{usage} (pairs: an even number of students)").into()),
    };
    let config = Arc::new(client::Config { inactivity_timeout: None, ..client::Config::default() });
    let (events_tx, mut events) = mpsc::unbounded_channel();
    let (go_tx, go) = watch::channel(false);
    let (seated_tx, mut seated) = mpsc::unbounded_channel();
    let clocks: Vec<Sent> = (0..students).map(|_| Arc::new(Mutex::new(None))).collect();
    let mut tasks = Vec::new();
    for i in 0..students {
        let partner = (mode == Mode::Pairs).then_some(i ^ 1);
        // A pair's two ends on two hosts: 2k on host k mod H, 2k+1 on the next one.
        let host = hosts[(i / 2 + i % 2) % hosts.len()];
        let student = Student {
            name: format!("s{i}"),
            partner: partner.map(|p| format!("s{p}")),
            challenger: i % 2 == 0,
            games,
            mode,
            mine: clocks[i].clone(),
            theirs: partner.map(|p| clocks[p].clone()),
        };
        let (session, channel) = student.connect(host, config.clone()).await?;
        let (events, failed, go, sits) =
            (events_tx.clone(), events_tx.clone(), go.clone(), seated_tx.clone());
        tasks.push(tokio::spawn(async move {
            let _session = session;
            if let Err(e) = student.run(channel, events, go, sits).await {
                let _ = failed.send(Event::Done(Some(e)));
            }
        }));
    }
    drop(events_tx);
    drop(seated_tx);
    for _ in 0..students {
        seated.recv().await.ok_or("a student's connection ended before its first game")?;
    }
    println!("ready");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    let began = Instant::now();
    go_tx.send(true)?;
    let (mut done, mut played, mut moved, mut latencies, mut last) = (0, 0usize, 0usize, Vec::new(), began);
    while done < students {
        match events.recv().await.ok_or("the students' events ended")? {
            Event::Latency(ms) => latencies.push(ms),
            Event::Game => {
                played += 1;
                last = Instant::now();
            }
            Event::Moved => moved += 1,
            Event::Done(None) => done += 1,
            Event::Done(Some(e)) => return Err(e.into()),
        }
    }
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| {
        latencies.get(((latencies.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
    };
    // `pairs` counts each game at both ends.
    let games_played = if mode == Mode::Pairs { played / 2 } else { played };
    println!(
        "{{\"students\":{students},\"games\":{games_played},\"moves\":{moved},\"seconds\":{:.3},\"latency_p50_ms\":{:.3},\"latency_p99_ms\":{:.3},\"samples\":{}}}",
        last.duration_since(began).as_secs_f64(),
        at(0.5),
        at(0.99),
        latencies.len()
    );
    drop(tasks);
    Ok(())
}
