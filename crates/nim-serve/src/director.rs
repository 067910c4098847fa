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

use tokio::sync::{mpsc, watch};

use super::Server;
use super::db::{TournamentGame, TournamentKind, TournamentRow};
use super::tables::{Doing, Notice, Origin, Table};
use super::tournament::{Plan, Refusal, Snapshot, Tournament};

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

    /// The tournament another host's director runs, as it published it: shown here as its own.
    pub fn mirror(&self, snapshot: Snapshot) {
        self.snapshot.send_replace(Some(Arc::new(snapshot)));
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
    let id = server.store.next_tournament_id().ok_or(Refusal::NoDatabase)?;
    let mut t = Tournament::new(id, plan.kind, players);
    if plan.kind == TournamentKind::Swiss {
        t.rounds = Some(plan.rounds);
    }
    let setup = server.settings.setup();
    let (game, mode) = (setup.game.name(), setup.mode.as_str().to_string());
    let minutes = u32::try_from(plan.minutes).unwrap_or(u32::MAX);
    let limit =
        (plan.kind == TournamentKind::Arena).then(|| server.limits.arena_minute.saturating_mul(minutes));
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
        // Players on other hosts: the game is played here (its home, which keeps it) and on
        // each of their hosts (`relay.rs`).
        let mut peers: Vec<String> = Vec::new();
        for name in [first, second] {
            if let Some(host) = people.iter().find(|p| p.name == name).and_then(|p| p.host.clone())
                && !peers.contains(&host)
            {
                peers.push(host);
            }
        }
        let mut setup = server.settings.setup();
        setup.opponent = nim_tui::domain::Opponent::Human;
        setup.first = nim_tui::domain::First::You;
        setup.names = nim_tui::domain::Names([first.to_string(), second.to_string()]);
        let app = super::tables::between_people(nim_tui::app::App::start_now(setup, None), server);
        let origin = Origin {
            activity: None,
            given_by: None,
            tournament: Some(TournamentGame { tournament: self.t.id, round: self.t.round }),
        };
        let table = Table::new(app, [first.to_string(), second.to_string()], [a, b], origin, &server.people);
        if let (Some(relay), false) = (&server.relay, peers.is_empty()) {
            relay.link(&table, super::tables::Link { game: relay.new_game(), peers, home: true });
            // Held here while it is open: nobody here may sit at it.
            relay.hold(table.clone());
        }
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
        let changed = self.server.director.snapshot.send_if_modified(|current| {
            let new = Some(Arc::new(snapshot.clone()));
            if *current == new {
                false
            } else {
                *current = new;
                true
            }
        });
        // The other hosts' students play in it too: their lobbies show it.
        if let (true, Some(relay)) = (changed, &self.server.relay) {
            relay.everyone_else(&super::relay::Wire::Standings(Box::new(snapshot)));
        }
    }
}
