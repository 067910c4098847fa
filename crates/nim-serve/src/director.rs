//! The tournament director (#39): one task per tournament, started from the teacher's console,
//! that owns the tournament's state (`tournament::Tournament`), pairs its players
//! (`pairing.rs`), makes each pair's table and seats both players at it (a `Notice::Paired`, as
//! a challenge accepted seats them), hears each game's end from `place::keep` through a bounded
//! mailbox, pairs again (an arena as soon as two players are free in the lobby; a round robin or
//! a Swiss once a round is over), and ends the tournament when its time is up (an arena), after
//! its last round, or when the teacher ends it. Games in play at the end are played out and
//! counted; no new game starts.
//!
//! It reads no database: who is free comes from the people's published list, results from the
//! games' ends. It writes through the store (`tournament_started`, each game's
//! `TournamentGame` with the game, `tournament_ended`) and publishes its standings as a snapshot
//! (`tokio::sync::watch`) that the console, the projector and the students' lobbies draw.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::Server;
use super::db::{TournamentGame, TournamentKind, TournamentRow};
use super::tables::{Doing, Notice, Origin, Table};
use super::tournament::{StandingRow, Tournament};

/// What the teacher chose on the console: the kind, an arena's minutes, a Swiss's rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub kind: TournamentKind,
    /// An arena's length.
    pub minutes: u64,
    /// A Swiss's rounds.
    pub rounds: u32,
}

/// The arena lengths a teacher chooses between, in minutes.
pub const ARENA_MINUTES: [u64; 6] = [5, 10, 15, 20, 30, 45];

/// The Swiss rounds a teacher chooses between.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 1..=9;

impl Default for Plan {
    fn default() -> Self {
        Plan { kind: TournamentKind::Arena, minutes: 10, rounds: 3 }
    }
}

impl Plan {
    /// The kinds in the order the console lists them.
    pub const KINDS: [TournamentKind; 3] =
        [TournamentKind::Arena, TournamentKind::RoundRobin, TournamentKind::Swiss];

    /// The next kind (`forward`) or the one before, round the list.
    pub fn step_kind(&mut self, forward: bool) {
        let at = Plan::KINDS.iter().position(|k| *k == self.kind).unwrap_or(0);
        let n = Plan::KINDS.len();
        self.kind = Plan::KINDS[if forward { (at + 1) % n } else { (at + n - 1) % n }];
    }

    /// A longer arena or more Swiss rounds (`more`), or fewer.
    pub fn step_length(&mut self, more: bool) {
        match self.kind {
            TournamentKind::Arena => {
                let at = ARENA_MINUTES.iter().position(|m| *m == self.minutes).unwrap_or(0);
                let next = if more { (at + 1).min(ARENA_MINUTES.len() - 1) } else { at.saturating_sub(1) };
                self.minutes = ARENA_MINUTES[next];
            }
            TournamentKind::Swiss => {
                let r = if more { self.rounds + 1 } else { self.rounds.saturating_sub(1) };
                self.rounds = r.clamp(*SWISS_ROUNDS.start(), *SWISS_ROUNDS.end());
            }
            TournamentKind::RoundRobin => {}
        }
    }
}

/// Why a tournament was not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Fewer than two students in the lobby.
    TooFew(usize),
    /// More students than a round robin takes.
    TooManyForRoundRobin(usize),
    /// One is running already.
    Running,
}

/// What a game's end (or a game never played) tells the director.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Order {
    /// A game of tournament `tournament` was kept: `first` moved first; `winner` won (`None`:
    /// the server ended it).
    Finished { tournament: i64, first: String, second: String, winner: Option<String> },
    /// A game it paired did not begin (a player could not be seated): nothing to count.
    Unplayed { tournament: i64, first: String, second: String },
    /// The teacher ends it: no new game; the games in play are played out.
    End,
}

/// The tournament as everyone sees it, published after every change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub id: i64,
    pub kind: TournamentKind,
    /// The game and mode, as names (`nim`, `normal`).
    pub game: String,
    pub mode: String,
    /// An arena's minutes.
    pub minutes: Option<u64>,
    /// Rounds paired so far (an arena counts its pairings), and planned.
    pub round: u32,
    pub rounds: Option<u32>,
    /// No new game starts: the time is up, the last round was played, or the teacher ended it.
    pub ending: bool,
    /// Over: every game played out.
    pub ended: bool,
    pub standings: Vec<StandingRow>,
    /// The games in play (the first to move first).
    pub playing: Vec<(String, String)>,
    /// This round's bye, if any.
    pub bye: Option<String>,
}

impl Snapshot {
    /// `name`'s place (from 1) in the standings, and the number of players.
    pub fn place_of(&self, name: &str) -> Option<(usize, usize)> {
        self.standings.iter().position(|r| r.player == name).map(|i| (i + 1, self.standings.len()))
    }

    /// The other player of `name`'s game in play.
    pub fn opponent_of(&self, name: &str) -> Option<&str> {
        self.playing.iter().find_map(|(a, b)| {
            if a == name {
                Some(b.as_str())
            } else if b == name {
                Some(a.as_str())
            } else {
                None
            }
        })
    }
}

/// Orders waiting for the director, at most: a class plays at most a few dozen games at once,
/// and each ends once. One past this is dropped (and logged).
pub const MAILBOX: usize = 256;

/// The server's way to its tournament: the running director's mailbox and the latest snapshot.
pub struct Hub {
    orders: Mutex<Option<mpsc::Sender<Order>>>,
    snapshot: watch::Sender<Option<Arc<Snapshot>>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub { orders: Mutex::new(None), snapshot: watch::Sender::new(None) }
    }
}

impl Hub {
    /// The tournament running now or the last one (its final standings), if any.
    pub fn current(&self) -> Option<Arc<Snapshot>> {
        self.snapshot.borrow().clone()
    }

    /// A channel that changes with every snapshot (the lobbies and the console redraw on it).
    pub fn watch(&self) -> watch::Receiver<Option<Arc<Snapshot>>> {
        self.snapshot.subscribe()
    }

    /// Whether a tournament is running (not ended).
    pub fn running(&self) -> bool {
        self.current().is_some_and(|s| !s.ended)
    }

    /// Sends the director `order`; false when none runs or its mailbox is full.
    pub fn tell(&self, order: Order) -> bool {
        let sent = self
            .orders
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .is_some_and(|o| o.try_send(order.clone()).is_ok());
        if !sent && !matches!(order, Order::End) {
            tracing::warn!(?order, "a tournament's game end was not delivered to its director");
        }
        sent
    }
}

/// Starts a tournament of `plan` with the students in the lobby now, as `teacher` asked: its
/// director runs as a task of its own. Returns how many play.
pub fn start(server: &Arc<Server>, plan: Plan, teacher: &str) -> Result<usize, Refusal> {
    if server.director.running() {
        return Err(Refusal::Running);
    }
    let players: Vec<String> = server
        .people
        .list()
        .iter()
        .filter(|p| !p.teacher && p.doing == Doing::Lobby)
        .map(|p| p.name.clone())
        .collect();
    let n = players.len();
    if n < 2 {
        return Err(Refusal::TooFew(n));
    }
    if plan.kind == TournamentKind::RoundRobin && n > super::pairing::ROUND_ROBIN_MAX {
        return Err(Refusal::TooManyForRoundRobin(n));
    }
    let id = server.store.next_tournament_id();
    let mut t = Tournament::new(id, plan.kind, players);
    if plan.kind == TournamentKind::Swiss {
        t.rounds = Some(plan.rounds);
    }
    let setup = server.settings.setup();
    let (game, mode) = (setup.game.name(), setup.mode.as_str().to_string());
    let limit = (plan.kind == TournamentKind::Arena).then(|| Duration::from_secs(plan.minutes * 60));
    server.store.tournament_started(TournamentRow {
        id,
        kind: plan.kind,
        started_at: super::db::seconds(std::time::SystemTime::now()),
        ended_at: None,
        game: game.clone(),
        mode: mode.clone(),
        rounds: t.planned_rounds(),
        seconds: limit.map(|l| u32::try_from(l.as_secs()).unwrap_or(u32::MAX)),
        started_by: teacher.to_string(),
    });
    let (send, orders) = mpsc::channel(MAILBOX);
    *server.director.orders.lock().unwrap_or_else(PoisonError::into_inner) = Some(send);
    let director = Director {
        server: server.clone(),
        t,
        game,
        mode,
        minutes: limit.map(|_| plan.minutes),
        ending: false,
        bye: None,
    };
    director.publish(false);
    tracing::info!(tournament = id, kind = plan.kind.as_str(), players = n, %teacher, "tournament started");
    let deadline = limit.map(|l| tokio::time::Instant::now() + l);
    tokio::spawn(director.run(orders, deadline));
    Ok(n)
}

struct Director {
    server: Arc<Server>,
    t: Tournament,
    game: String,
    mode: String,
    minutes: Option<u64>,
    ending: bool,
    bye: Option<String>,
}

impl Director {
    async fn run(mut self, mut orders: mpsc::Receiver<Order>, deadline: Option<tokio::time::Instant>) {
        let mut roster = self.server.people.roster();
        let mut stop = self.server.stopping();
        loop {
            if !self.ending {
                self.pair();
            }
            if !self.ending && self.t.kind != TournamentKind::Arena && self.t.idle() && self.t.rounds_done() {
                self.ending = true;
            }
            if self.ending && self.t.idle() {
                break;
            }
            self.publish(false);
            let until = deadline.filter(|_| !self.ending);
            tokio::select! {
                order = orders.recv() => match order {
                    Some(order) => self.order(order),
                    None => break,
                },
                changed = roster.changed() => if changed.is_err() { break },
                () = async { tokio::time::sleep_until(until.unwrap_or_else(tokio::time::Instant::now)).await }, if until.is_some() => {
                    tracing::info!(tournament = self.t.id, "the arena's time is up");
                    self.ending = true;
                }
                _ = stop.changed() => break,
            }
        }
        self.server.store.tournament_ended(self.t.id);
        *self.server.director.orders.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.ending = true;
        self.publish(true);
        tracing::info!(tournament = self.t.id, "tournament ended");
    }

    fn order(&mut self, order: Order) {
        match order {
            Order::Finished { tournament, first, second, winner } if tournament == self.t.id => {
                self.t.finished(&first, &second, winner.as_deref());
            }
            Order::Unplayed { tournament, first, second } if tournament == self.t.id => {
                self.t.cancel(&first, &second);
            }
            Order::End => self.ending = true,
            _ => {}
        }
    }

    /// Pairs whom it can: an arena the players free in the lobby (a newcomer there joins it);
    /// a round robin or a Swiss its next round, once nobody plays.
    fn pair(&mut self) {
        let people = self.server.people.list();
        let in_lobby = |name: &str| people.iter().any(|p| p.name == name && p.doing == Doing::Lobby);
        let games = match self.t.kind {
            TournamentKind::Arena => {
                for p in people.iter().filter(|p| !p.teacher && p.doing == Doing::Lobby) {
                    self.t.join(&p.name);
                }
                let free: Vec<String> = self
                    .t
                    .players
                    .iter()
                    .filter(|name| in_lobby(name) && !self.t.is_playing(name))
                    .cloned()
                    .collect();
                self.t.pair_free(&free.iter().map(String::as_str).collect::<Vec<_>>())
            }
            _ => {
                if !self.t.idle() {
                    return;
                }
                let Some((games, bye)) = self.t.next_round() else { return };
                self.bye = bye;
                games
            }
        };
        for (first, second) in games {
            self.seat(&first, &second);
        }
    }

    /// Makes the table of `first` (moving first) and `second` and seats both; a pair that
    /// cannot be seated (a player gone) is not played.
    fn seat(&mut self, first: &str, second: &str) {
        let server = &self.server;
        let people = server.people.list();
        let id_of = |name: &str| people.iter().find(|p| p.name == name).map(|p| p.id);
        let (Some(a), Some(b)) = (id_of(first), id_of(second)) else {
            self.t.cancel(first, second);
            return;
        };
        let mut setup = server.settings.setup();
        setup.opponent = nim_tui::domain::Opponent::Human;
        setup.first = nim_tui::domain::First::You;
        setup.names = nim_tui::domain::Names([first.to_string(), second.to_string()]);
        let app = super::place::between_people(nim_tui::app::App::start_now(setup, None), server);
        let origin = Origin {
            activity: None,
            given_by: None,
            tournament: Some(TournamentGame { tournament: self.t.id, round: self.t.round }),
        };
        let table = Table::new(app, [first.to_string(), second.to_string()], [a, b], origin, &server.people);
        let told = server.people.tell(a, Notice::Paired { table: table.clone(), seat: 0 })
            && server.people.tell(b, Notice::Paired { table: table.clone(), seat: 1 });
        if !told {
            table.closed.store(true, std::sync::atomic::Ordering::SeqCst);
            table.touch();
            self.t.cancel(first, second);
        }
    }

    fn publish(&self, ended: bool) {
        let t = &self.t;
        let playing: Vec<(String, String)> = {
            // The games in play, from the players' tables: who is at which.
            let people = self.server.people.list();
            let mut games: Vec<(String, String)> = Vec::new();
            for p in people.iter().filter(|p| t.is_playing(&p.name)) {
                if let Doing::Match { with } = &p.doing
                    && !games.iter().any(|(a, b)| a == with && b == &p.name)
                {
                    games.push((p.name.clone(), with.clone()));
                }
            }
            games
        };
        let snapshot = Snapshot {
            id: t.id,
            kind: t.kind,
            game: self.game.clone(),
            mode: self.mode.clone(),
            minutes: self.minutes,
            round: t.round,
            rounds: t.planned_rounds(),
            ending: self.ending,
            ended,
            standings: t.standings(),
            playing,
            bye: self.bye.clone(),
        };
        self.server.director.snapshot.send_if_modified(|current| {
            let new = Some(Arc::new(snapshot));
            if *current == new {
                false
            } else {
                *current = new;
                true
            }
        });
    }
}
