//! Hosts meeting each other (#40): several `serve` processes on one PostgreSQL database share
//! their people and let them challenge and play each other, through the database's rows and
//! `LISTEN/NOTIFY` only, never a second protocol between hosts.
//!
//! - **Who is on.** Each host's list of people (name, teacher or student, what each is doing)
//!   is written to `presence` when it changes, at most once per burst of changes (the writer
//!   takes the latest list when it gets to it), as the rows that changed since its last write
//!   (whole at a run's first), and said on `nim_tui_presence`. Every
//!   host's listening thread (`hosts.rs`) reads the other hosts' rows when told (and when its
//!   connection is made again, and every third of a lease), and hands them here; they are
//!   merged into the host's published list (`People::roster`), marked with their host.
//! - **What one host tells another** is a row of `relay` for that host ([`Wire`], JSON), said
//!   on `nim_tui_relay`; the host it is for reads its rows after the last id it read, in id
//!   order (the write lock commits them so), and `relayed.rs` carries each out: a challenge, its
//!   answer, and the moves of a game whose two players are on two hosts.
//! - **A game between two hosts** is seated by the host of the player who accepts (its *home*):
//!   it makes the table and tells the challenger's host the start (game, mode, heaps, who moves
//!   first), where a mirror table is made with the same `App`. Each move made at either table
//!   crosses as its ply and its notation (`Rules::write_move`), and is played on the other
//!   table as a click on that move would play it (`Msg::Select`, twice). A ply already played
//!   is ignored. Leaving crosses the same way. The home keeps the game's result and its game in
//!   progress (`live_games`); the mirror keeps nothing.
//! - **A game played wholly on another host is followed** when someone here watches it, or a
//!   teacher is here (the console): this host asks a player's host ([`Wire::Watch`]), which
//!   sends the game's start and its moves so far ([`Wire::Showing`], `show`) and, from one
//!   task per table (`follow`), each next move to every host that follows it, and its
//!   closing ([`Wire::Closed`]). Here a table follows it, kept by nobody (a mirror), held by
//!   the relay while open (`Relay::hold`); everyone here who watches the game watches it.
//! - **A game against the AI is followed the same way**: its showing says the second seat is
//!   the AI's, at its level, and the AI's moves cross as moves; the app here never moves for the
//!   AI (`App::ai_elsewhere`). A table of one's own is followed while it is open, game after
//!   game: a game that does not go on from the one sent (a next game, a move taken back) is
//!   sent again whole, and one given up or left for another screen crosses as [`Wire::Left`].
//!
//! Nothing here runs on the draw path: the lobby reads the published list.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use serde::{Deserialize, Serialize};

use super::Server;
use super::db::{Db, Location, PresenceChange, PresenceRow, RelayRow};
use super::hosts::Host;
use super::tables::{Doing, Link, Notice, Someone, Start, Table};

/// What waits for the writer in its queue; past it, messages wait in the overflow (in their
/// order, every later one with them until the writer has taken it), so that no move is lost
/// and none overtakes another. The list of people is never queued twice, only replaced.
const OUTBOX: usize = 1024;

/// What may wait in the overflow, at most: past it a message to another host is dropped (said
/// in the log). Moves come at the pace of people's keys, capped per connection, so reaching it
/// means the database has been away for long.
const OVERFLOW: usize = 65_536;

/// What waits for the server's task from the other hosts, at most (past it the listening
/// thread waits).
const INBOX: usize = 1024;

/// What one host tells another, as a row of `relay` holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Wire {
    /// `from` challenges `to`.
    Challenge { from: String, to: String },
    /// `from` is answering another challenge, or playing: `to`'s is not shown.
    Engaged { from: String, to: String },
    /// `from` declines `to`'s challenge.
    Declined { from: String, to: String },
    /// `from` accepted `to`'s challenge: the game `game` starts (`to` in the first seat), homed
    /// on the sender's host.
    Accepted {
        from: String,
        to: String,
        game: String,
        kind: String,
        mode: String,
        heaps: Vec<u64>,
        /// Whether the first seat (the challenger) moves first.
        first_moves_first: bool,
    },
    /// Move number `ply` (from 0) of game `game`, in its game's notation.
    Move { game: String, ply: u32, notation: String },
    /// Seat `seat` left game `game` (`how`: as the records say it, `left by ann`).
    Left { game: String, seat: usize, how: String },
    /// The teacher `by` sends `to` off the server.
    Kicked { by: String, to: String },
    /// `by` asks to watch the game `whom` plays (on the host this goes to).
    Watch { by: String, whom: String },
    /// The game `game` between `players`, followed from now on by the host this goes to: its
    /// start, and the moves made so far in its notation (the next come as [`Wire::Move`], its
    /// end as [`Wire::Closed`]). For `to` (a name), who asked to watch it; nobody when `to` is
    /// empty. Sent again, whole, when the game at that table is another than the one sent (a
    /// next game against the AI at a table of one's own, or moves taken back).
    Showing {
        to: String,
        game: String,
        /// Against the AI, the second is empty.
        players: [String; 2],
        kind: String,
        mode: String,
        heaps: Vec<u64>,
        first_moves_first: bool,
        moves: Vec<String>,
        /// The AI's level when the second seat is the AI's; absent between two people (and in
        /// what hosts wrote before games against the AI crossed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ai: Option<nim_tui::domain::Level>,
    },
    /// `whom` has no game to watch: said to `to`, who asked.
    NotShowing { to: String, whom: String },
    /// The followed game `game` closed (its players left it).
    Closed { game: String },
    /// A teacher (`from`) gave every student activity `id`: each host gives it to its own.
    Activity(Box<ActivityWire>),
    /// These students got activity `id` here: said to every other host.
    ActivityGiven { id: i64, names: Vec<String> },
    /// `name` answered activity `id` here: `won`, in `secs` seconds.
    ActivityAnswered { id: i64, name: String, won: bool, secs: u64 },
    /// A teacher paused activity `id` (or went on with it).
    ActivityPaused { id: i64, paused: bool },
    /// A teacher ended activity `id` (or its time ran out).
    ActivityEnded { id: i64 },
    /// A tournament's director (on the host this comes from, the game's home) seated `to` at
    /// game `game` in seat `seat`: played here on a table that follows the home's.
    Paired(Box<PairedWire>),
    /// The player of seat `seat` could not be seated at the tournament game `game` (busy): it
    /// is not played.
    Unseated { game: String, seat: usize },
    /// The tournament as its director publishes it, for this host's lobbies and console.
    Standings(Box<super::tournament::Snapshot>),
}

/// A tournament game as it crosses to a player's host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedWire {
    pub to: String,
    pub seat: usize,
    pub game: String,
    pub players: [String; 2],
    pub kind: String,
    pub mode: String,
    pub heaps: Vec<u64>,
    pub first_moves_first: bool,
    pub tournament: super::db::TournamentGame,
}

/// An activity as it crosses hosts: what [`super::tables::Handout`] holds but the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActivityWire {
    pub id: i64,
    pub from: String,
    pub game: String,
    pub mode: String,
    pub heaps: HeapsWire,
    pub first: nim_tui::domain::First,
    pub level: nim_tui::domain::Level,
    pub opponent: nim_tui::domain::Opponent,
    /// A run of puzzles instead of a game: its seed, first number and difficulty.
    pub puzzle: Option<(Option<u64>, Option<u32>, String)>,
    pub position: String,
    pub hints: bool,
    pub limit_secs: Option<u64>,
}

/// A game's starting heaps as they cross hosts ([`nim_tui::domain::HeapChoice`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeapsWire {
    Preset(String),
    Random { count: (usize, usize), size: (u64, u64) },
    Custom(Vec<u64>),
}

impl ActivityWire {
    /// `handout` as it crosses.
    pub(crate) fn of(handout: &super::tables::Handout) -> ActivityWire {
        use nim_tui::domain::HeapChoice;
        let setup = &handout.setup;
        ActivityWire {
            id: handout.activity,
            from: handout.from.clone(),
            game: setup.game.name(),
            mode: setup.mode.as_str().into(),
            heaps: match &setup.heaps {
                HeapChoice::Preset(p) => HeapsWire::Preset(p.name().into()),
                HeapChoice::Random { count, size } => HeapsWire::Random { count: *count, size: *size },
                HeapChoice::Custom(heaps) => HeapsWire::Custom(heaps.clone()),
            },
            first: setup.first,
            level: setup.level,
            opponent: setup.opponent,
            puzzle: handout.puzzle.map(|p| (p.seed, p.number, p.difficulty.as_str().into())),
            position: handout.position.clone(),
            hints: handout.hints,
            limit_secs: handout.limit.map(|l| l.as_secs()),
        }
    }

    /// The handout it is on this host (`settings` for what does not cross); `None` if this
    /// host does not know its game or heaps.
    pub(crate) fn handout(self, settings: &nim_tui::config::Settings) -> Option<super::tables::Handout> {
        use nim_tui::domain::HeapChoice;
        let mut setup = settings.setup();
        setup.game = self.game.parse().ok()?;
        setup.mode = self.mode.parse().ok()?;
        setup.heaps = match self.heaps {
            HeapsWire::Preset(name) => HeapChoice::Preset(nim_tui::domain::Preset::from_name(&name)?),
            HeapsWire::Random { count, size } => HeapChoice::Random { count, size },
            HeapsWire::Custom(heaps) => HeapChoice::Custom(heaps),
        };
        setup.heaps.check().ok()?;
        setup.first = self.first;
        setup.level = self.level;
        setup.opponent = self.opponent;
        let puzzle = match self.puzzle {
            Some((seed, number, difficulty)) => Some(nim_tui::app::PuzzleStart {
                seed,
                number,
                difficulty: difficulty.parse().ok()?,
                daily: None,
            }),
            None => None,
        };
        Some(super::tables::Handout {
            activity: self.id,
            from: self.from,
            setup,
            puzzle,
            position: self.position,
            hints: self.hints,
            limit: self.limit_secs.map(std::time::Duration::from_secs),
        })
    }
}

enum Out {
    /// The list of people changed: write the latest.
    People,
    Send {
        to: String,
        wire: Box<Wire>,
    },
    Stop,
}

/// A message from another host, for the server's task that carries it out (`relayed.rs`).
pub(crate) struct In {
    pub from_host: String,
    pub wire: Wire,
}

/// The other hosts' people and the hosts whose lease runs, as last read: only the latest
/// counts, so a burst of changes is carried out once, after the messages that wait.
pub(crate) type Others = (Vec<PresenceRow>, Vec<String>);

/// What the server's task reads: the messages, and the other hosts' people as last read.
pub(crate) type Inbox = (tokio::sync::mpsc::Receiver<In>, tokio::sync::watch::Receiver<Option<Others>>);

/// This host's side of the relay.
pub struct Relay {
    host: Arc<Host>,
    out: std::sync::mpsc::SyncSender<Out>,
    /// Messages that found the queue full, in order (see [`OUTBOX`]).
    overflow: Mutex<std::collections::VecDeque<(String, Wire)>>,
    /// The latest list of this host's people, not yet written.
    latest: Mutex<Option<Vec<PresenceRow>>>,
    /// The last row of `relay` read.
    cursor: AtomicI64,
    inbox: tokio::sync::mpsc::Sender<In>,
    others: tokio::sync::watch::Sender<Option<Others>>,
    taken: Mutex<Option<Inbox>>,
    games: Mutex<HashMap<String, Weak<Table>>>,
    /// The other hosts whose lease runs, as last read.
    hosts: Mutex<Vec<String>>,
    /// The tables held here while they are open, which no player here holds: those that follow
    /// games played on other hosts, and tournament games homed here played elsewhere.
    followed: Mutex<Vec<Arc<Table>>>,
    writer: Mutex<Option<std::thread::JoinHandle<()>>>,
    seq: std::sync::atomic::AtomicU64,
}

impl Relay {
    /// Starts the writer (its own connection to `at`) for `host`.
    pub fn start(at: &Location, host: Arc<Host>) -> Result<Arc<Relay>, super::db::DbError> {
        let db = Db::open_at(at)?;
        let cursor = db.last_relay_id()?;
        let (out, queue) = std::sync::mpsc::sync_channel(OUTBOX);
        let (inbox, taken) = tokio::sync::mpsc::channel(INBOX);
        let (others, others_taken) = tokio::sync::watch::channel(None);
        let relay = Arc::new(Relay {
            host,
            out,
            overflow: Mutex::new(std::collections::VecDeque::new()),
            latest: Mutex::new(None),
            cursor: AtomicI64::new(cursor),
            inbox,
            others,
            taken: Mutex::new(Some((taken, others_taken))),
            games: Mutex::new(HashMap::new()),
            followed: Mutex::new(Vec::new()),
            hosts: Mutex::new(Vec::new()),
            writer: Mutex::new(None),
            seq: std::sync::atomic::AtomicU64::new(0),
        });
        let weak = Arc::downgrade(&relay);
        let thread = std::thread::Builder::new()
            .name("nim-tui-serve relay".into())
            .spawn(move || write(db, weak, queue))
            .map_err(|e| super::db::DbError::thread(&at.shown(), e))?;
        *relay.writer.lock().unwrap_or_else(PoisonError::into_inner) = Some(thread);
        Ok(relay)
    }

    /// This host's id.
    pub fn me(&self) -> &str {
        &self.host.id
    }

    /// Stops the writer once what waits is written.
    pub async fn stop(&self) {
        // After what waits (the queue may be full: waited for off the runtime's threads).
        let out = self.out.clone();
        let _ = tokio::task::spawn_blocking(move || out.send(Out::Stop).is_ok()).await;
        let thread = self.writer.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(thread) = thread {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
    }

    /// This host's people now (made once per change): written when the writer gets to it.
    pub(crate) fn publish(&self, people: &[Someone]) {
        let rows = people
            .iter()
            .filter(|p| p.host.is_none())
            .map(|p| {
                let (doing, whom) = match &p.doing {
                    Doing::Lobby => ("lobby", None),
                    Doing::Solo => ("solo", None),
                    Doing::Match { with } => ("match", Some(with.clone())),
                    Doing::Watching { whom } => ("watching", Some(whom.clone())),
                };
                PresenceRow {
                    host: self.host.id.clone(),
                    name: p.name.clone(),
                    teacher: p.teacher,
                    doing: doing.into(),
                    whom,
                }
            })
            .collect();
        let was = self.latest.lock().unwrap_or_else(PoisonError::into_inner).replace(rows);
        if was.is_none() {
            // Nothing was waiting: the writer is told once for the whole burst.
            let _ = self.out.try_send(Out::People);
        }
    }

    /// Sends `wire` to host `to`.
    pub(crate) fn send(&self, to: &str, wire: Wire) {
        let mut overflow = self.overflow.lock().unwrap_or_else(PoisonError::into_inner);
        // Behind what overflowed already, or in the queue when it has room.
        let wire = if overflow.is_empty() {
            match self.out.try_send(Out::Send { to: to.to_string(), wire: Box::new(wire) }) {
                Ok(()) => return,
                Err(std::sync::mpsc::TrySendError::Full(Out::Send { wire, .. })) => *wire,
                Err(_) => return,
            }
        } else {
            wire
        };
        if overflow.len() < OVERFLOW {
            overflow.push_back((to.to_string(), wire));
        } else {
            tracing::warn!(to, "too much waiting for the other hosts: a message to one was dropped");
        }
    }

    /// Sends `wire` to every other host whose lease runs; how many.
    pub(crate) fn everyone_else(&self, wire: &Wire) -> usize {
        let hosts = self.hosts.lock().unwrap_or_else(PoisonError::into_inner).clone();
        for host in &hosts {
            self.send(host, wire.clone());
        }
        hosts.len()
    }

    /// A new game's key, for a game this host seats.
    pub(crate) fn new_game(&self) -> String {
        let n = self.seq.fetch_add(1, Ordering::Relaxed) + 1;
        format!("{}/{:x}/{n}", self.host.id, rand::random::<u32>())
    }

    /// Links `table` to the game `link` names, so that what comes for that game finds it.
    pub(crate) fn link(&self, table: &Arc<Table>, link: Link) {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).retain(|_, t| t.strong_count() > 0);
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(link.game.clone(), Arc::downgrade(table));
        let _ = table.link.set(link);
    }

    /// The table of the linked game `game`, while it is open.
    pub(crate) fn table(&self, game: &str) -> Option<Arc<Table>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).get(game).and_then(Weak::upgrade)
    }

    /// The open table held here of a game `name` plays on other hosts, if any.
    pub(crate) fn following(&self, name: &str) -> Option<Arc<Table>> {
        let mut followed = self.followed.lock().unwrap_or_else(PoisonError::into_inner);
        followed.retain(|t| !t.closed.load(Ordering::SeqCst));
        followed.iter().find(|t| t.players.iter().any(|p| p == name)).cloned()
    }

    /// Holds `table` while it is open: one that follows a game played on another host, or a
    /// tournament game homed here whose players are elsewhere.
    pub(crate) fn hold(&self, table: Arc<Table>) {
        let mut followed = self.followed.lock().unwrap_or_else(PoisonError::into_inner);
        followed.retain(|t| !t.closed.load(Ordering::SeqCst));
        followed.push(table);
    }

    /// The open games linked to a host that is not among `hosts` (whose lease ran out).
    pub(crate) fn lost_games(&self, hosts: &[String]) -> Vec<Arc<Table>> {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games
            .values()
            .filter_map(Weak::upgrade)
            .filter(|t| {
                t.link.get().is_some_and(|l| l.peers.iter().any(|p| !hosts.contains(p)))
                    && !t.closed.load(Ordering::SeqCst)
            })
            .collect()
    }

    /// `notice` for `name` on host `host`: carried as a row, when it is one that crosses hosts;
    /// whether it is.
    pub(crate) fn tell(&self, host: &str, name: &str, notice: Notice) -> bool {
        let to = name.to_string();
        let wire = match notice {
            Notice::Challenged { name: from, .. } => Wire::Challenge { from, to },
            Notice::Engaged { name: from } => Wire::Engaged { from, to },
            Notice::Declined { name: from } => Wire::Declined { from, to },
            Notice::Kicked { by } => Wire::Kicked { by, to },
            Notice::Paired { table, seat } => {
                // The director linked the table to its players' hosts before telling them.
                let (Some(link), Some(tournament)) = (table.link.get(), table.origin.tournament) else {
                    return false;
                };
                let Some(Start { kind, mode, heaps, first_moves_first, .. }) = start_of(&table.app()) else {
                    return false;
                };
                Wire::Paired(Box::new(PairedWire {
                    to,
                    seat,
                    game: link.game.clone(),
                    players: table.players.clone(),
                    kind,
                    mode,
                    heaps,
                    first_moves_first,
                    tournament,
                }))
            }
            Notice::Accepted { table } => {
                let Some(Start { kind, mode, heaps, first_moves_first, .. }) = start_of(&table.app()) else {
                    return false;
                };
                let game = self.new_game();
                self.link(&table, Link { game: game.clone(), peers: vec![host.to_string()], home: true });
                Wire::Accepted {
                    from: table.players[1].clone(),
                    to,
                    game,
                    kind,
                    mode,
                    heaps,
                    first_moves_first,
                }
            }
            _ => return false,
        };
        self.send(host, wire);
        true
    }

    /// Takes the mailbox of what comes from the other hosts and the latest of their people
    /// (once: the server's task).
    pub(crate) fn inbox(&self) -> Option<Inbox> {
        self.taken.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

impl super::tables::Hosts for Relay {
    fn tell(&self, host: &str, name: &str, notice: Notice) -> bool {
        Relay::tell(self, host, name, notice)
    }

    fn publish(&self, people: &[Someone]) {
        Relay::publish(self, people)
    }

    fn following(&self, name: &str) -> Option<Arc<Table>> {
        Relay::following(self, name)
    }

    fn answered(&self, activity: i64, name: &str, won: bool, secs: u64) {
        self.everyone_else(&Wire::ActivityAnswered { id: activity, name: name.to_string(), won, secs });
    }
}

impl super::hosts::News for Relay {
    /// The last row of `relay` read (the listening thread reads after it).
    fn cursor(&self) -> i64 {
        self.cursor.load(Ordering::SeqCst)
    }

    /// The other hosts' people, and the hosts whose lease runs, read by the listening thread.
    fn others(&self, rows: Vec<PresenceRow>, hosts: Vec<String>) {
        *self.hosts.lock().unwrap_or_else(PoisonError::into_inner) =
            hosts.iter().filter(|h| **h != self.host.id).cloned().collect();
        self.others.send_replace(Some((rows, hosts)));
    }

    /// Rows of `relay` for this host, read by the listening thread, in id order.
    fn arrived(&self, rows: Vec<RelayRow>) {
        for row in rows {
            self.cursor.fetch_max(row.id, Ordering::SeqCst);
            match serde_json::from_str::<Wire>(&row.body) {
                Ok(wire) => {
                    // The listening thread waits for room: no move is dropped on its way in.
                    if self.inbox.blocking_send(In { from_host: row.from_host, wire }).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    tracing::warn!(from = %row.from_host, "a message from another host was not understood: {e}")
                }
            }
        }
    }
}

/// The most messages written in one transaction.
const BATCH: usize = 256;

/// The writer's thread. What waits is taken in one go: the messages first, in their order, in
/// one transaction (a move waits for no list of people), then the latest list of people, as the
/// rows that changed since the last write (whole at the first write of a run). A write the
/// database refuses for a while (busy) is tried again a few times.
fn write(db: Db, relay: Weak<Relay>, queue: std::sync::mpsc::Receiver<Out>) {
    let again = |what: &dyn Fn() -> Result<(), super::db::DbError>| {
        for attempt in 0..5 {
            match what() {
                Ok(()) => return true,
                Err(e) if e.is_busy() && attempt < 4 => {
                    // Not a wait for a state: the pace of tries while the database is away.
                    std::thread::sleep(std::time::Duration::from_millis(200 << attempt));
                }
                Err(e) => {
                    tracing::warn!("cannot tell the other hosts: {e}");
                    return false;
                }
            }
        }
        false
    };
    // What the database holds of this host's people (for the run that wrote it).
    let mut written: Option<(i64, HashMap<String, PresenceRow>)> = None;
    while let Ok(first) = queue.recv() {
        let mut stop = false;
        let mut sends: Vec<(String, String)> = Vec::new();
        let mut drained = false;
        let mut next = Some(first);
        while let Some(out) = next.take() {
            match out {
                Out::Stop => stop = true,
                Out::People => {}
                Out::Send { to, wire } => sends.push((to, serde_json::to_string(&wire).unwrap_or_default())),
            }
            if !stop && sends.len() < BATCH {
                next = queue.try_recv().ok();
                drained = next.is_none();
            }
        }
        let Some(relay) = relay.upgrade() else { break };
        if drained || stop {
            // The queue is empty: what overflowed comes after all it held, and before anything
            // sent from now on (which goes to the queue again once the overflow is taken).
            let overflow =
                std::mem::take(&mut *relay.overflow.lock().unwrap_or_else(PoisonError::into_inner));
            sends.extend(
                overflow.into_iter().map(|(to, wire)| (to, serde_json::to_string(&wire).unwrap_or_default())),
            );
        }
        if !sends.is_empty() {
            again(&|| db.relay_send(&relay.host.id, &sends));
        }
        let rows = relay.latest.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(rows) = rows {
            let run = relay.host.run();
            let now: HashMap<String, PresenceRow> = rows.into_iter().map(|r| (r.name.clone(), r)).collect();
            let ok = match written.as_ref().filter(|(r, _)| *r == run) {
                None => {
                    let all: Vec<PresenceRow> = now.values().cloned().collect();
                    again(&|| db.presence_change(&relay.host.id, run, &PresenceChange::Whole(&all)))
                }
                Some((_, was)) => {
                    let set: Vec<PresenceRow> =
                        now.values().filter(|r| was.get(&r.name) != Some(r)).cloned().collect();
                    let gone: Vec<String> = was.keys().filter(|n| !now.contains_key(*n)).cloned().collect();
                    set.is_empty() && gone.is_empty()
                        || again(&|| {
                            db.presence_change(
                                &relay.host.id,
                                run,
                                &PresenceChange::Delta { set: &set, gone: &gone },
                            )
                        })
                }
            };
            // A write that failed is made whole the next time.
            written = ok.then_some((run, now));
        }
        if stop {
            break;
        }
    }
}

/// The moves made at a linked `table` from ply `from` on: sent to the other host.
pub(crate) fn moved(server: &Server, table: &Table, game: &nim_tui::app::Game, from: usize) {
    use nim_tui::engine::Rules as _;
    let (Some(link), Some(relay)) = (table.link.get(), server.relay.as_ref()) else { return };
    for (ply, (_, mv)) in game.moves().iter().enumerate().skip(from) {
        let notation = game.history().game().write_move(mv);
        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
        for peer in &link.peers {
            relay.send(peer, Wire::Move { game: link.game.clone(), ply, notation: notation.clone() });
        }
    }
}

/// Seat `seat` leaves a linked `table` (closed here by then): the other host is told.
pub(crate) fn left(server: &Server, table: &Table, seat: usize, how: &str) {
    let (Some(link), Some(relay)) = (table.link.get(), server.relay.as_ref()) else { return };
    for peer in &link.peers {
        relay.send(peer, Wire::Left { game: link.game.clone(), seat, how: how.to_string() });
    }
}

/// The start of the game in `app`, and its moves so far.
pub(crate) fn start_of(app: &nim_tui::app::App) -> Option<Start> {
    use nim_tui::engine::Rules as _;
    let g = app.game()?;
    let rules = g.history().game();
    Some(Start {
        kind: rules.kind().name(),
        mode: g.mode().as_str().to_string(),
        heaps: g.history().position_after(0).heaps().to_vec(),
        first_moves_first: g.history().first() == nim_tui::domain::Seat::First,
        ai: (g.players == nim_tui::domain::Players::Ai).then_some(g.level),
        moves: g.moves().iter().map(|(_, mv)| rules.write_move(mv)).collect(),
    })
}

/// The game at `table` that other hosts follow, if there is one now: a game between people, or
/// a game against the AI at a table of one's own (not its start screen, a lesson, puzzles, a
/// review, or two people at one keyboard).
fn followed_start(table: &Table, app: &nim_tui::app::App) -> Option<Start> {
    match &app.screen {
        _ if table.is_match() => start_of(app),
        nim_tui::app::Screen::Play(play) if play.game.players == nim_tui::domain::Players::Ai => {
            start_of(app)
        }
        _ => None,
    }
}

/// Whether the game in `app` was given up (resigned, or left for the start screen).
fn given_up(app: &nim_tui::app::App) -> bool {
    app.game().and_then(|g| g.over.as_ref()).is_some_and(|o| o.given_up.is_some())
}

/// The game `start` at `table`, followed as `game`, shown to host `host` for `to` (a name, or
/// nobody).
fn showing(relay: &Relay, host: &str, to: &str, game: &str, table: &Table, start: &Start) {
    let start = start.clone();
    relay.send(
        host,
        Wire::Showing {
            to: to.to_string(),
            game: game.to_string(),
            players: table.players.clone(),
            kind: start.kind,
            mode: start.mode,
            heaps: start.heaps,
            first_moves_first: start.first_moves_first,
            moves: start.moves,
            ai: start.ai,
        },
    );
}

/// Someone on host `host` (`by`) asks to watch the game `whom` plays here: `host` follows it
/// from now on (its start and moves so far now, each next move as it is made, until the table
/// closes), or is told there is none. One task per table sends to every host that follows it. A
/// table of one's own against the AI is followed while it is open, game after game: asked for
/// on its start screen, it is shown when its game begins (and `by` is told there is none yet).
pub(crate) fn show(server: &Server, host: &str, by: String, whom: String) {
    let Some(relay) = server.relay.clone() else { return };
    let people = &server.people;
    let table = people
        .id_of(&whom)
        .and_then(|id| people.table_of(id))
        .filter(|t| t.players[0] == whom || t.is_match())
        .filter(|t| !t.closed.load(Ordering::SeqCst));
    let Some(table) = table else {
        relay.send(host, Wire::NotShowing { to: by, whom });
        return;
    };
    // The app, then who follows: the order the sending task takes them in.
    let app = table.app();
    let now = followed_start(&table, &app);
    if now.is_none() && table.is_match() {
        relay.send(host, Wire::NotShowing { to: by, whom });
        return;
    }
    let mut shown = table.shown.lock().unwrap_or_else(PoisonError::into_inner);
    let first = shown.is_none();
    let followed = shown.get_or_insert_with(|| super::tables::Shown {
        game: relay.new_game(),
        hosts: Vec::new(),
        sent: None,
        ended: false,
    });
    if !followed.hosts.iter().any(|h| h == host) {
        tracing::info!(%host, player = %whom, game = %followed.game, "a game here is followed on another host");
        followed.hosts.push(host.to_string());
    }
    // A table of one's own between games, or at a game given up that they were told of: nothing
    // to watch now; the next game is shown when it begins.
    let nothing = now.is_none() || followed.ended && given_up(&app);
    match (&followed.sent, now) {
        _ if nothing => {
            if !by.is_empty() {
                relay.send(host, Wire::NotShowing { to: by, whom });
            }
        }
        // What every follower has (the task sends the rest to all).
        (Some(sent), _) => showing(&relay, host, &by, &followed.game, &table, sent),
        // The first game shown: to every host that follows the table (asked on its start screen).
        (None, Some(now)) => {
            for other in &followed.hosts {
                let to = if other == host { by.as_str() } else { "" };
                showing(&relay, other, to, &followed.game, &table, &now);
            }
            followed.sent = Some(now);
        }
        (None, None) => {}
    }
    drop(shown);
    drop(app);
    if first {
        tokio::spawn(follow(relay, table));
    }
}

/// How the player of a table of one's own left its game, as a [`Wire::Left`] says it.
fn left_by(table: &Table) -> String {
    format!("left by {}", table.players[0])
}

/// Sends each move made at `table` to the hosts that follow it, and its closing, then ends. A
/// game that does not go on from the one sent (a next game at a table of one's own, moves taken
/// back) is sent again whole; at a table of one's own, a game given up, or left for the start
/// screen, is said to have been left ([`Wire::Left`]), since its moves do not say so.
async fn follow(relay: Arc<Relay>, table: Arc<Table>) {
    let mut changed = table.changed.subscribe();
    loop {
        let closed = table.closed.load(Ordering::SeqCst);
        {
            let app = table.app();
            let mut shown = table.shown.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(followed) = shown.as_mut() else { return };
            let now = followed_start(&table, &app);
            match (&followed.sent, &now) {
                (Some(sent), Some(now)) if now.goes_on_from(sent) => {
                    for (ply, notation) in now.moves.iter().enumerate().skip(sent.moves.len()) {
                        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
                        for host in &followed.hosts {
                            relay.send(
                                host,
                                Wire::Move { game: followed.game.clone(), ply, notation: notation.clone() },
                            );
                        }
                    }
                }
                (_, Some(now)) => {
                    for host in &followed.hosts {
                        showing(&relay, host, "", &followed.game, &table, now);
                    }
                    followed.ended = false;
                }
                (_, None) => {}
            }
            let left = match now {
                Some(now) => {
                    followed.sent = Some(now);
                    let over = app.game().is_some_and(|g| g.over.is_some());
                    // Over at the board: the followers see it end with its last move.
                    followed.ended |= over && !given_up(&app);
                    given_up(&app)
                }
                // The game sent, left for another screen of the table's own (its start screen,
                // a lesson, the review of a game that ended).
                None => followed.sent.is_some(),
            };
            // (Between people a resignation is not said: the followers see the game until its
            // players leave it, as before games against the AI were followed.)
            if left && !followed.ended && !closed && !table.is_match() {
                followed.ended = true;
                for host in &followed.hosts {
                    relay.send(
                        host,
                        Wire::Left { game: followed.game.clone(), seat: 0, how: left_by(&table) },
                    );
                }
            }
            if closed {
                for host in &followed.hosts {
                    relay.send(host, Wire::Closed { game: followed.game.clone() });
                }
                *shown = None;
                return;
            }
        }
        if changed.changed().await.is_err() {
            return;
        }
    }
}

/// The player of seat `seat` here could not be seated at the linked tournament game at `table`:
/// its home is told, which does not play it.
pub(crate) fn unseated(server: &Server, table: &Table, seat: usize) {
    let (Some(link), Some(relay)) = (table.link.get(), server.relay.as_ref()) else { return };
    for peer in &link.peers {
        relay.send(peer, Wire::Unseated { game: link.game.clone(), seat });
    }
}

/// Whether `table` is another host's game mirrored here (that host keeps its result).
pub(crate) fn is_mirror(table: &Table) -> bool {
    table.link.get().is_some_and(|l| !l.home)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_crosses_as_json_and_back() {
        let wire = Wire::Move { game: "a/1/2".into(), ply: 3, notation: "2 3".into() };
        let body = serde_json::to_string(&wire).expect("json");
        assert_eq!(body, r#"{"what":"move","game":"a/1/2","ply":3,"notation":"2 3"}"#);
        assert_eq!(serde_json::from_str::<Wire>(&body).expect("read"), wire);
    }

    /// Every kind of message reads back as it was written (the JSON a row holds).
    #[test]
    fn every_message_crosses_as_json_and_back() {
        let paired = Wire::Paired(Box::new(PairedWire {
            to: "t01".into(),
            seat: 1,
            game: "a/1/2".into(),
            players: ["t02".into(), "t01".into()],
            kind: "nim".into(),
            mode: "normal".into(),
            heaps: vec![3, 4, 5],
            first_moves_first: true,
            tournament: crate::db::TournamentGame { tournament: 4, round: 2 },
        }));
        let showing = |ai| Wire::Showing {
            to: "carol".into(),
            game: "a/1/2".into(),
            players: ["ann".into(), String::new()],
            kind: "nim".into(),
            mode: "normal".into(),
            heaps: vec![3, 4, 5],
            first_moves_first: false,
            moves: vec!["1 2".into()],
            ai,
        };
        let wires = [
            paired,
            Wire::Unseated { game: "a/1/2".into(), seat: 0 },
            Wire::ActivityEnded { id: 3 },
            showing(Some(nim_tui::domain::Level::Easy)),
            showing(None),
            Wire::Left { game: "a/1/2".into(), seat: 0, how: "left by ann".into() },
            Wire::Closed { game: "a/1/2".into() },
        ];
        for wire in wires {
            let body = serde_json::to_string(&wire).expect("json");
            assert_eq!(serde_json::from_str::<Wire>(&body).expect(&body), wire);
        }
        // The AI's level is written only for a game against the AI, by its name.
        let body = serde_json::to_string(&showing(Some(nim_tui::domain::Level::Easy))).expect("json");
        assert!(body.ends_with(r#""ai":"easy"}"#), "{body}");
        assert!(!serde_json::to_string(&showing(None)).expect("json").contains("\"ai\""));
    }

    /// A game shown by a host written before games against the AI crossed (no `ai`) reads as a
    /// game between two people.
    #[test]
    fn a_showing_without_the_ai_reads_as_a_game_between_people() {
        let body = r#"{"what":"showing","to":"","game":"a/1/2","players":["ann","bob"],"kind":"nim","mode":"normal","heaps":[3,4,5],"first_moves_first":true,"moves":[]}"#;
        let Ok(Wire::Showing { ai, players, .. }) = serde_json::from_str::<Wire>(body) else {
            panic!("not read: {body}")
        };
        assert_eq!((ai, players), (None, ["ann".to_string(), "bob".to_string()]));
    }

    /// A game goes on from the one sent when it has the same start and more moves (or the same);
    /// another start, another AI level, or moves taken back make another game, sent again whole.
    #[test]
    fn a_game_goes_on_from_the_one_sent_only_with_its_start_and_its_moves() {
        let sent = Start {
            kind: "nim".into(),
            mode: "normal".into(),
            heaps: vec![3, 4, 5],
            first_moves_first: true,
            ai: Some(nim_tui::domain::Level::Perfect),
            moves: vec!["1 2".into(), "2 1".into()],
        };
        let with = |f: &dyn Fn(&mut Start)| {
            let mut s = sent.clone();
            f(&mut s);
            s
        };
        assert!(sent.goes_on_from(&sent));
        assert!(with(&|s| s.moves.push("3 5".into())).goes_on_from(&sent));
        assert!(
            !with(&|s| {
                s.moves.pop();
            })
            .goes_on_from(&sent),
            "a move taken back"
        );
        assert!(!with(&|s| s.moves[1] = "3 1".into()).goes_on_from(&sent), "another line of play");
        assert!(!with(&|s| s.heaps = vec![1, 2]).goes_on_from(&sent), "another game");
        assert!(!with(&|s| s.ai = Some(nim_tui::domain::Level::Easy)).goes_on_from(&sent));
        assert!(!with(&|s| s.first_moves_first = false).goes_on_from(&sent));
    }

    /// A game against the AI, followed on another host: the start says the AI's level, and the
    /// app that follows it never moves for the AI (no pause waited for, `AiMove` does nothing, no
    /// move of its own marked) and plays the AI's moves as they come, as the AI's: the same
    /// game, judged the same, whatever moves a weaker level drew at random.
    #[test]
    fn a_game_against_the_ai_is_followed_with_the_ais_moves_as_they_come() {
        use nim_tui::app::{App, Msg};
        use nim_tui::domain::{First, HeapChoice, Level, Opponent, Seat};
        use nim_tui::engine::Rules as _;
        let mut setup = nim_tui::config::Settings::default().setup();
        setup.heaps = HeapChoice::Custom(vec![3, 4, 5, 6]);
        setup.opponent = Opponent::Ai;
        setup.level = Level::Easy;
        setup.first = First::Ai;
        let mut home = App::start_now(setup.clone(), Some(7));
        // The AI moves first, then ann takes one from the first heap that has a token: to the end.
        let mut played = 0;
        while home.game().is_some_and(|g| g.over.is_none()) && played < 40 {
            played += 1;
            if home.ai_waiting() {
                let _ = home.update(Msg::AiMove);
                continue;
            }
            let game = home.game().expect("a game");
            let heap = game.position().heaps().iter().position(|&h| h > 0).expect("a token");
            let _ = home.update(Msg::Pick { heap, count: 1 });
            let _ = home.update(Msg::Pick { heap, count: 1 });
        }
        assert!(home.game().is_some_and(|g| g.over.is_some()), "the game did not end");
        let start = start_of(&home).expect("a game");
        assert_eq!(start.ai, Some(Level::Easy));
        assert!(!start.first_moves_first, "the AI moved first");

        // The host that follows it: its own app against the AI at that level, moving for nobody.
        setup.first = First::Ai;
        let mut mirror = App::start_now(setup, Some(99)).ai_elsewhere();
        assert!(!mirror.ai_waiting(), "the AI waits for no pause here");
        assert_eq!(mirror.game().and_then(|g| g.marked()), None, "no move of its own is marked");
        let _ = mirror.update(Msg::AiMove);
        assert!(mirror.game().is_some_and(|g| g.moves().is_empty()), "the AI moved by itself");
        for notation in &start.moves {
            let game = mirror.game().expect("a game");
            let mv = game.history().game().read_move(notation).expect("a move");
            if game.turn() == Seat::Second {
                let _ = mirror.play_ai_move(mv);
                assert!(mirror.game().is_some_and(|g| g.note.is_some()), "the AI's move is told");
            } else {
                // Never the player's move as the AI's.
                let _ = mirror.play_ai_move(mv.clone());
                assert_eq!(mirror.game().map(|g| g.turn()), Some(Seat::First));
                let _ = mirror.update(Msg::Select(mv.clone()));
                let _ = mirror.update(Msg::Select(mv));
            }
            assert!(!mirror.ai_waiting());
            assert_eq!(mirror.game().and_then(|g| g.pending.clone()), None);
        }
        let (here, there) = (home.game().expect("a game"), mirror.game().expect("a game"));
        assert_eq!(there.moves(), here.moves());
        assert_eq!(there.over.as_ref().map(|o| o.winner), here.over.as_ref().map(|o| o.winner));
        let seats = |g: &nim_tui::app::Game| g.judged().1.iter().map(|l| l.seat).collect::<Vec<_>>();
        assert_eq!(seats(there), seats(here), "every move judged, as the AI's or the player's");
        assert_eq!(start_of(&mirror), Some(start));
    }

    /// A game followed from another host starts where it started (not where it is), with the
    /// seat that moved first, and its moves so far: played from them, the same game.
    #[test]
    fn a_followed_game_is_sent_from_its_start_with_its_moves() {
        use nim_tui::app::{App, Msg};
        use nim_tui::domain::{First, HeapChoice, Names, Opponent};
        use nim_tui::engine::Rules as _;
        let mut setup = nim_tui::config::Settings::default().setup();
        setup.heaps = HeapChoice::Custom(vec![3, 4, 5]);
        setup.opponent = Opponent::Human;
        setup.first = First::Ai;
        setup.names = Names(["ann".into(), "bob".into()]);
        let mut app = App::start_now(setup.clone(), None);
        for notation in ["1 2", "2 1"] {
            let mv = app.game().expect("a game").history().game().read_move(notation).expect("a move");
            let _ = app.update(Msg::Select(mv.clone()));
            let _ = app.update(Msg::Select(mv));
        }
        let start = start_of(&app).expect("a game");
        assert_eq!((start.kind.as_str(), start.mode.as_str()), ("nim", "normal"));
        assert_eq!(start.heaps, [3, 4, 5]);
        assert!(!start.first_moves_first, "bob moved first");
        assert_eq!(start.moves.len(), 2);
        // The other host's table, made from what crossed.
        setup.heaps = HeapChoice::Custom(start.heaps.clone());
        setup.first = if start.first_moves_first { First::You } else { First::Ai };
        let mut mirror = App::start_now(setup, None);
        for notation in &start.moves {
            let mv = mirror.game().expect("a game").history().game().read_move(notation).expect("a move");
            let _ = mirror.update(Msg::Select(mv.clone()));
            let _ = mirror.update(Msg::Select(mv));
        }
        let (here, there) = (app.game().expect("a game"), mirror.game().expect("a game"));
        assert_eq!(there.position().heaps(), here.position().heaps());
        assert_eq!(there.turn(), here.turn());
        assert_eq!(there.moves(), here.moves());
    }
}
