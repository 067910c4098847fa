//! Who is on the server and what each is doing, and the tables games are played at: a table
//! holds one `App` that its players (one against the AI, or two people, each at their own
//! terminal) and its watchers all draw, each in their own window and colours. A change at a
//! table is announced on its `changed` channel, so that everyone at it redraws. Who is on the
//! server is published the same way, as one list made once per change (`People::roster`), which
//! every lobby reads as it draws; mailboxes carry only what is for one person, and are bounded.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use tokio::sync::{mpsc, watch};

use nim_tui::app::App;

/// What a person on the server is doing, as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doing {
    Lobby,
    /// Playing the AI (or on the game's own start screen, puzzles, lesson).
    Solo,
    /// Playing another person.
    Match {
        with: String,
    },
    Watching {
        whom: String,
    },
}

/// What the server tells one connection.
#[derive(Clone)]
pub enum Notice {
    /// Someone on the server challenges this person.
    Challenged { from: u64, name: String },
    /// A challenge this person made was accepted: the table to sit at (as the first seat).
    Accepted { table: Arc<Table> },
    /// A challenge this person made was declined.
    Declined { name: String },
    /// The person challenged is answering another challenge: this one is not sent.
    Engaged { name: String },
    /// The teacher (`from`) gives everyone this game to play, as part of activity `activity`.
    /// A run of puzzles (`puzzle`: where it starts, the same for everyone) instead of a game,
    /// when given.
    Assigned {
        setup: nim_tui::domain::GameSetup,
        from: String,
        activity: i64,
        puzzle: Option<nim_tui::app::PuzzleStart>,
    },
    /// This person's game, left when the connection dropped, is theirs again: sit at `table`
    /// in seat `seat` (0 or 1).
    Resume { table: Arc<Table>, seat: usize },
    /// The teacher sends this person off the server.
    Kicked { by: String },
    /// The teacher paused (`true`) or went on with (`false`) the activity.
    Paused(bool),
    /// The teacher ended activity (or its time ran out): games in it are over.
    Ended(i64),
    /// This person's answer to a puzzle was rated (#39): what it did to the ratings.
    PuzzleRated(Box<nim_tui::app::PuzzleRated>),
    /// The tournament's director paired this person: sit at `table` in seat `seat` (0 moves
    /// first), as a challenge accepted seats its players.
    Paired { table: Arc<Table>, seat: usize },
    /// The game this person asked to watch, played on another host: `table` follows it here.
    Watch { table: Arc<Table> },
    /// `name`, on another host, has no game to watch any more.
    NothingToWatch { name: String },
}

/// The position a teacher gave everyone (an activity: a class race), how each student did, and
/// its state.
#[derive(Debug, Clone)]
pub struct Assignment {
    /// The activity's id, as the records keep it.
    pub id: i64,
    /// Whether the hint, the coach and the binary view are allowed in it.
    pub hints: bool,
    /// How long it lasts; the games in play when it ends are ended by the server.
    pub limit: Option<std::time::Duration>,
    /// Paused by the teacher: nobody moves.
    pub paused: bool,
    /// Ended by the teacher or by its time limit.
    pub ended: bool,
    /// The position, as shown.
    pub position: String,
    /// When each student who has not finished it yet got it, by name.
    pub given: HashMap<String, std::time::Instant>,
    /// Each answer: name, won, seconds.
    pub results: Vec<(String, bool, u64)>,
    /// What was given, by whom: given again to a student who got it and comes back without
    /// having answered it (`Assignment::again_for`).
    pub from: String,
    pub setup: nim_tui::domain::GameSetup,
    pub puzzle: Option<nim_tui::app::PuzzleStart>,
}

impl Assignment {
    /// The activity given again to `name`, when it runs and they got it (here, or on another
    /// host that said so) and have not answered it: their connection, or their host, went away
    /// before they had.
    pub fn again_for(&self, name: &str) -> Option<Notice> {
        let owed =
            !self.ended && self.given.contains_key(name) && !self.results.iter().any(|(n, _, _)| n == name);
        owed.then(|| Notice::Assigned {
            setup: self.setup.clone(),
            from: self.from.clone(),
            activity: self.id,
            puzzle: self.puzzle,
        })
    }
}

/// One person on the server.
pub struct Person {
    pub name: String,
    pub teacher: bool,
    pub doing: Doing,
    /// The table the person plays at (for others to watch).
    pub table: Option<Arc<Table>>,
    pub mailbox: mpsc::Sender<Notice>,
}

/// Notices waiting for one person, at most: a person whose mailbox is full is not reading it (a
/// stuck connection), and what more comes for them is dropped.
pub const MAILBOX: usize = 16;

/// A line of the lobby's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Someone {
    pub id: u64,
    pub name: String,
    pub teacher: bool,
    pub doing: Doing,
    /// Whether there is a game to watch.
    pub watchable: bool,
    /// The host this person is on, when it is another host sharing the database (`relay.rs`).
    pub host: Option<String>,
}

/// Where a table's game came from, beyond the player's own choice.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    /// The activity (a position given to everyone) it is part of.
    pub activity: Option<i64>,
    /// The teacher who gave it.
    pub given_by: Option<String>,
    /// The tournament game it is, if it is one.
    pub tournament: Option<super::db::TournamentGame>,
}

/// How long each move of a game took, kept beside the app (which has no clock).
#[derive(Debug)]
pub struct Times {
    /// When the position now on the board came.
    since: Instant,
    /// Milliseconds per move, in order.
    pub ms: Vec<u64>,
    /// When the game's first position was shown (a new game at the same table starts it again).
    pub started: std::time::SystemTime,
}

impl Times {
    /// Brings the times up to `moves` moves at `now`: new moves took the time since the last;
    /// moves taken back are forgotten.
    pub fn sync(&mut self, moves: usize, now: Instant) {
        if moves < self.ms.len() {
            self.ms.truncate(moves);
            self.since = now;
        }
        if moves == 0 {
            // No move yet (a new game, or the start screen): the clock starts when one is shown.
            self.since = now;
            self.started = std::time::SystemTime::now();
        }
        while self.ms.len() < moves {
            let ms = u64::try_from(now.saturating_duration_since(self.since).as_millis()).unwrap_or(u64::MAX);
            self.ms.push(ms);
            self.since = now;
        }
    }
}

/// A table whose players are on two hosts or more (`relay.rs`).
#[derive(Debug, Clone)]
pub struct Link {
    /// The game's key, the same on every host.
    pub game: String,
    /// The other hosts it is played on: for the home, its players' hosts (one, or two for a
    /// tournament game whose director is on a third); for another host, the home.
    pub peers: Vec<String>,
    /// Whether this host seated the game (keeps its result).
    pub home: bool,
}

/// Who follows a table's game from other hosts (`relay.rs`): a game played here that someone on
/// another host watches is shown there, its start once and each move as it is made. A table of
/// one's own against the AI is followed while it is open, from one game to the next.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The game's key, the same on every host that follows it.
    pub game: String,
    /// The hosts that follow it.
    pub hosts: Vec<String>,
    /// What every host that follows it has of the game: its start and the moves sent (`None`
    /// before a game was shown: a table of one's own on its start screen).
    pub sent: Option<Start>,
    /// Whether they have the game sent as ended: over at the board, or told it was left (a
    /// resignation, a game left for another screen), which its moves do not say.
    pub ended: bool,
}

/// A game's start as it crosses hosts (`relay.rs`), and its moves so far in its notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Start {
    pub kind: String,
    pub mode: String,
    pub heaps: Vec<u64>,
    /// Whether the first seat moves first.
    pub first_moves_first: bool,
    /// The AI's level, when the second seat is the AI's (a game against the AI).
    pub ai: Option<nim_tui::domain::Level>,
    pub moves: Vec<String>,
}

impl Start {
    /// A new game between two people (no AI, no move made yet), as another host seats it.
    pub fn between_people(kind: String, mode: String, heaps: Vec<u64>, first_moves_first: bool) -> Start {
        Start { kind, mode, heaps, first_moves_first, ai: None, moves: Vec::new() }
    }

    /// Whether `self` is `earlier` with moves made since (or the same).
    pub fn goes_on_from(&self, earlier: &Start) -> bool {
        let same_start = (&self.kind, &self.mode, &self.heaps, self.first_moves_first, self.ai)
            == (&earlier.kind, &earlier.mode, &earlier.heaps, earlier.first_moves_first, earlier.ai);
        same_start && self.moves.starts_with(&earlier.moves)
    }
}

/// The other hosts sharing the database, as the people reach them: `relay.rs`'s relay, behind a
/// trait so that the people and tables, which the relay uses, do not reach it back.
pub trait Hosts: Send + Sync {
    /// `notice` for `name` on host `host`, carried as a row when it is one that crosses hosts;
    /// whether it was sent.
    fn tell(&self, host: &str, name: &str, notice: Notice) -> bool;
    /// This host's people changed: the latest list, to be written.
    fn publish(&self, people: &[Someone]);
    /// `name`, here, answered activity `activity`: `won`, in `secs` seconds (every other host's
    /// console shows it too).
    fn answered(&self, activity: i64, name: &str, won: bool, secs: u64);
    /// The open table here that follows a game `name` plays on another host, if one does.
    fn following(&self, name: &str) -> Option<Arc<Table>>;
}

/// A game and everyone at it.
pub struct Table {
    pub app: Mutex<App>,
    /// The two seats' names; the second is `None` against the AI.
    pub players: [String; 2],
    /// The connections in the seats (the second is 0 against the AI): a player who comes back
    /// after a dropped connection sits again under a new one.
    seats: Mutex<[u64; 2]>,
    pub origin: Origin,
    /// How long each move took.
    pub times: Mutex<Times>,
    /// Between people, whether each seat asked for a hint.
    pub helped: [AtomicBool; 2],
    /// A seat whose connection dropped, and until when the game waits for it.
    pub away: Mutex<Option<(usize, Instant)>>,
    /// Every table's changes, for the teacher's live view.
    moved: Arc<watch::Sender<u64>>,
    pub watchers: Mutex<Vec<(u64, String)>>,
    /// Bumped at every change, so that everyone at the table redraws.
    pub changed: watch::Sender<u64>,
    /// Whether the finished game went to the database (it goes once, whoever sees it end).
    pub recorded: AtomicBool,
    /// A player left: the table is closed.
    pub closed: AtomicBool,
    /// Its game in progress as this host keeps it for the other hosts (`hosts.rs`).
    pub live: super::hosts::Slot,
    /// When its two players are on two hosts: the game as both know it (`relay.rs`).
    pub link: std::sync::OnceLock<Link>,
    /// The other player's host stopped (its lease ran out): the game was ended by the server.
    pub host_lost: AtomicBool,
    /// The other hosts that follow this game, when someone there watches it (`relay.rs`).
    pub shown: Mutex<Option<Shown>>,
    version: AtomicU64,
}

impl Table {
    pub fn new(
        app: App,
        players: [String; 2],
        seats: [u64; 2],
        origin: Origin,
        people: &People,
    ) -> Arc<Table> {
        let (changed, _) = watch::channel(0);
        Arc::new(Table {
            app: Mutex::new(app),
            players,
            seats: Mutex::new(seats),
            origin,
            times: Mutex::new(Times {
                since: Instant::now(),
                ms: Vec::new(),
                started: std::time::SystemTime::now(),
            }),
            helped: [AtomicBool::new(false), AtomicBool::new(false)],
            away: Mutex::new(None),
            moved: people.moved.clone(),
            watchers: Mutex::new(Vec::new()),
            changed,
            recorded: AtomicBool::new(false),
            closed: AtomicBool::new(false),
            live: super::hosts::Slot::default(),
            link: std::sync::OnceLock::new(),
            host_lost: AtomicBool::new(false),
            shown: Mutex::new(None),
            version: AtomicU64::new(0),
        })
    }

    /// The app, whoever panicked holding it before (the app itself stays consistent: each
    /// update is whole).
    pub fn app(&self) -> MutexGuard<'_, App> {
        self.app.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells everyone at the table (and the teachers' live view) to redraw.
    pub fn touch(&self) {
        let v = self.version.fetch_add(1, Ordering::Relaxed) + 1;
        self.changed.send_replace(v);
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// The connections in the seats.
    pub fn seats(&self) -> [u64; 2] {
        *self.seats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Seat `seat` is taken again, by connection `id`.
    pub fn reseat(&self, seat: usize, id: u64) {
        if let Some(slot) = self.seats.lock().unwrap_or_else(PoisonError::into_inner).get_mut(seat) {
            *slot = id;
        }
        *self.away.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }

    /// The seat whose player's connection dropped, and until when the game waits.
    pub fn away(&self) -> Option<(usize, Instant)> {
        *self.away.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The times of the moves, brought up to the app's.
    pub fn sync_times(&self, moves: usize) {
        self.times.lock().unwrap_or_else(PoisonError::into_inner).sync(moves, Instant::now());
    }

    pub fn watcher_names(&self) -> Vec<String> {
        self.watchers.lock().map(|w| w.iter().map(|(_, n)| n.clone()).collect()).unwrap_or_default()
    }

    pub fn is_match(&self) -> bool {
        !self.players[1].is_empty()
    }
}

/// What a teacher gives every student: the game `setup` (from a position), or a run of puzzles
/// from `puzzle`, as activity `activity`, with hints allowed or not and a time limit.
pub struct Handout {
    pub activity: i64,
    /// The teacher's name.
    pub from: String,
    pub setup: nim_tui::domain::GameSetup,
    pub puzzle: Option<nim_tui::app::PuzzleStart>,
    /// The position (or the puzzles) as shown.
    pub position: String,
    pub hints: bool,
    pub limit: Option<std::time::Duration>,
}

/// A game whose player's connection dropped, waiting for them.
pub struct Parked {
    pub table: Arc<Table>,
    /// The seat they had (0 or 1).
    pub seat: usize,
    pub until: Instant,
}

/// Everyone on the server.
pub struct People {
    people: Mutex<HashMap<u64, Person>>,
    /// Everyone, as the lobby lists them: made once per change, read by every lobby.
    roster: watch::Sender<Arc<Vec<Someone>>>,
    /// The position the teacher gave everyone last.
    pub assignment: Mutex<Option<Assignment>>,
    /// Every table's changes (a count), for the teachers' live view.
    moved: Arc<watch::Sender<u64>>,
    /// Games waiting for a player whose connection dropped, by the name folded to lower case.
    parked: Mutex<HashMap<String, Parked>>,
    /// The people on the other hosts sharing the database, and this host's way to them.
    remote: Mutex<Remote>,
    relay: std::sync::OnceLock<Arc<dyn Hosts>>,
}

/// The people on the other hosts, as their rows were read last, with the ids this host gives
/// them (the same for the same host and name while this host runs).
#[derive(Default)]
struct Remote {
    people: Vec<Someone>,
    ids: HashMap<(String, String), u64>,
}

/// The first id given to a person on another host: far above any connection's.
const REMOTE_IDS: u64 = 1 << 48;

impl Default for People {
    fn default() -> Self {
        People {
            people: Mutex::new(HashMap::new()),
            roster: watch::Sender::new(Arc::new(Vec::new())),
            assignment: Mutex::new(None),
            moved: Arc::new(watch::Sender::new(0)),
            parked: Mutex::new(HashMap::new()),
            remote: Mutex::new(Remote::default()),
            relay: std::sync::OnceLock::new(),
        }
    }
}

impl People {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Person>> {
        self.people.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn remote(&self) -> MutexGuard<'_, Remote> {
        self.remote.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Joins this host's people to the other hosts' (once).
    pub fn set_relay(&self, relay: Arc<dyn Hosts>) {
        let _ = self.relay.set(relay);
        self.announce();
    }

    /// The id this host gives `name` on host `host`.
    pub fn remote_id(&self, host: &str, name: &str) -> u64 {
        let mut remote = self.remote();
        let next = REMOTE_IDS + remote.ids.len() as u64;
        *remote.ids.entry((host.to_string(), name.to_string())).or_insert(next)
    }

    /// The host and name of a person on another host, by the id given them here.
    pub fn remote_of(&self, id: u64) -> Option<(String, String)> {
        if id < REMOTE_IDS {
            return None;
        }
        self.remote().ids.iter().find(|(_, i)| **i == id).map(|(k, _)| k.clone())
    }

    /// Whether `id` is someone on another host (listed or not yet).
    pub fn is_remote(&self, id: u64) -> bool {
        self.remote_of(id).is_some()
    }

    /// The connection of `name` on this host, if they are on.
    pub fn id_of(&self, name: &str) -> Option<u64> {
        self.lock().iter().find(|(_, p)| p.name == name).map(|(&id, _)| id)
    }

    /// The other hosts' people, as read from their rows: the list made again.
    pub fn others(&self, rows: Vec<super::db::PresenceRow>) {
        let people = rows
            .into_iter()
            .map(|r| {
                let doing = match (r.doing.as_str(), r.whom) {
                    ("solo", _) => Doing::Solo,
                    ("match", Some(with)) => Doing::Match { with },
                    ("watching", Some(whom)) => Doing::Watching { whom },
                    _ => Doing::Lobby,
                };
                Someone {
                    id: self.remote_id(&r.host, &r.name),
                    name: r.name,
                    teacher: r.teacher,
                    doing,
                    watchable: false,
                    host: Some(r.host),
                }
            })
            .collect::<Vec<_>>();
        {
            let mut remote = self.remote();
            if remote.people == people {
                // Read again unchanged (every third of a lease): no lobby redraws for nothing.
                return;
            }
            remote.people = people;
        }
        self.publish();
    }

    pub fn join(&self, id: u64, person: Person) {
        self.lock().insert(id, person);
        self.announce();
    }

    pub fn leave(&self, id: u64) {
        self.lock().remove(&id);
        self.announce();
    }

    /// Changes what `id` does (and at which table), and tells the lobby.
    pub fn set(&self, id: u64, doing: Doing, table: Option<Arc<Table>>) {
        if let Some(p) = self.lock().get_mut(&id) {
            p.doing = doing;
            p.table = table;
        }
        self.announce();
    }

    /// A channel that changes whenever any table does (the teachers' live view waits on it).
    pub fn table_moves(&self) -> watch::Receiver<u64> {
        self.moved.subscribe()
    }

    /// Keeps `table` for `name`, whose connection dropped in seat `seat`, until `until`. If
    /// someone of that name is already back in the lobby (a new connection that ended the old
    /// one), the game is theirs at once.
    pub fn park(&self, name: &str, table: Arc<Table>, seat: usize, until: Instant) {
        *table.away.lock().unwrap_or_else(PoisonError::into_inner) = Some((seat, until));
        table.touch();
        let key = name.to_lowercase();
        let back = self
            .lock()
            .iter()
            .find(|(_, p)| p.name.to_lowercase() == key && p.doing == Doing::Lobby)
            .map(|(&id, _)| id);
        if let Some(id) = back
            && self.tell(id, Notice::Resume { table: table.clone(), seat })
        {
            return;
        }
        self.parked.lock().unwrap_or_else(PoisonError::into_inner).insert(key, Parked { table, seat, until });
    }

    /// The game waiting for `name`, if any (taken: it waits no more).
    pub fn unpark(&self, name: &str) -> Option<Parked> {
        let now = Instant::now();
        let mut parked = self.parked.lock().unwrap_or_else(PoisonError::into_inner);
        parked
            .remove(&name.to_lowercase())
            .filter(|p| p.until > now && !p.table.closed.load(Ordering::SeqCst))
    }

    /// The games whose players did not come back in time, taken off the list.
    pub fn expired(&self, now: Instant) -> Vec<(String, Parked)> {
        let mut parked = self.parked.lock().unwrap_or_else(PoisonError::into_inner);
        let gone: Vec<String> =
            parked.iter().filter(|(_, p)| p.until <= now).map(|(k, _)| k.clone()).collect();
        gone.into_iter().filter_map(|k| parked.remove(&k).map(|p| (k, p))).collect()
    }

    /// Everyone, in the order of their names, as of the last change.
    pub fn list(&self) -> Arc<Vec<Someone>> {
        self.roster.borrow().clone()
    }

    /// A channel that changes whenever the list does.
    pub fn roster(&self) -> watch::Receiver<Arc<Vec<Someone>>> {
        self.roster.subscribe()
    }

    /// Every table in play, once each.
    pub fn tables(&self) -> Vec<Arc<Table>> {
        let mut tables: Vec<Arc<Table>> = Vec::new();
        for p in self.lock().values() {
            if let Some(t) = &p.table
                && !tables.iter().any(|seen| Arc::ptr_eq(seen, t))
            {
                tables.push(t.clone());
            }
        }
        tables
    }

    /// The table `id` plays at. For someone on another host: the table here of their game with
    /// someone on this host (a game between two hosts is played at a table on each), if any.
    pub fn table_of(&self, id: u64) -> Option<Arc<Table>> {
        if let Some((host, name)) = self.remote_of(id) {
            let played = self.lock().values().filter_map(|p| p.table.clone()).find(|t| {
                t.link.get().is_some_and(|l| l.peers.contains(&host))
                    && t.players.contains(&name)
                    && !t.closed.load(Ordering::SeqCst)
            });
            // Or a game played wholly on other hosts, followed here for someone who watches it.
            return played.or_else(|| self.relay.get().and_then(|relay| relay.following(&name)));
        }
        self.lock().get(&id).and_then(|p| p.table.clone())
    }

    pub fn name_of(&self, id: u64) -> Option<String> {
        if let Some((_, name)) = self.remote_of(id) {
            return Some(name);
        }
        self.lock().get(&id).map(|p| p.name.clone())
    }

    pub fn doing(&self, id: u64) -> Option<Doing> {
        if id >= REMOTE_IDS {
            return self.remote().people.iter().find(|p| p.id == id).map(|p| p.doing.clone());
        }
        self.lock().get(&id).map(|p| p.doing.clone())
    }

    /// Sends `notice` to `id`; false if nobody has that id any more. A person on another host
    /// is told through the relay, for the notices that cross hosts.
    pub fn tell(&self, id: u64, notice: Notice) -> bool {
        if let Some((host, name)) = self.remote_of(id) {
            return self.relay.get().is_some_and(|relay| relay.tell(&host, &name, notice));
        }
        self.lock().get(&id).is_some_and(|p| p.mailbox.try_send(notice).is_ok())
    }

    /// Gives every student `handout` as a new activity: who got it is noted (not someone playing
    /// another person, who is only told). Returns how many students got it.
    pub fn assign(&self, handout: Handout) -> usize {
        let Handout { activity, from, setup, puzzle, position, hints, limit } = handout;
        let now = std::time::Instant::now();
        let mut given = HashMap::new();
        for p in self.lock().values() {
            // Someone playing another person is told, but keeps playing (the lobby tells them
            // when they come back): not in the race.
            if !p.teacher
                && p.mailbox
                    .try_send(Notice::Assigned { setup: setup.clone(), from: from.clone(), activity, puzzle })
                    .is_ok()
                && !matches!(p.doing, Doing::Match { .. })
            {
                given.insert(p.name.clone(), now);
            }
        }
        let count = given.len();
        *self.assignment.lock().unwrap_or_else(PoisonError::into_inner) = Some(Assignment {
            id: activity,
            hints,
            limit,
            paused: false,
            ended: false,
            position,
            given,
            results: Vec::new(),
            from,
            setup,
            puzzle,
        });
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
        count
    }

    /// The state of activity `id`: (paused, ended); `None` when it is not the current one.
    pub fn activity(&self, id: i64) -> Option<(bool, bool, bool)> {
        let a = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
        a.as_ref().filter(|a| a.id == id).map(|a| (a.paused, a.ended, a.hints))
    }

    /// Pauses the current activity (or goes on with it), and tells everyone. Returns the state
    /// now: `None` when there is no activity in progress.
    pub fn pause(&self) -> Option<bool> {
        let paused = {
            let mut a = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
            let a = a.as_mut().filter(|a| !a.ended)?;
            a.paused = !a.paused;
            a.paused
        };
        self.tell_everyone(&Notice::Paused(paused));
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
        Some(paused)
    }

    /// Ends activity `id` (if it is the current one and not ended yet), and tells everyone;
    /// whether it did.
    pub fn end_activity(&self, id: i64) -> bool {
        {
            let mut a = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(a) = a.as_mut().filter(|a| a.id == id && !a.ended) else { return false };
            a.ended = true;
            a.paused = false;
        }
        self.tell_everyone(&Notice::Ended(id));
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
        true
    }

    fn tell_everyone(&self, notice: &Notice) {
        for p in self.lock().values() {
            let _ = p.mailbox.try_send(notice.clone());
        }
    }

    /// Notes `id`'s finished game, if it was the position given to everyone and the first answer
    /// (told to the other hosts, whose consoles show every host's answers).
    pub fn answered(&self, activity: Option<i64>, name: &str, won: bool) {
        let mut assignment = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
        let mut answer = None;
        if let Some(a) = assignment.as_mut().filter(|a| Some(a.id) == activity && !a.ended)
            && let Some(at) = a.given.remove(name)
        {
            let secs = at.elapsed().as_secs();
            a.results.push((name.to_string(), won, secs));
            answer = Some((a.id, secs));
        }
        drop(assignment);
        if let (Some((id, secs)), Some(relay)) = (answer, self.relay.get()) {
            relay.answered(id, name, won, secs);
        }
        self.announce();
    }

    /// Students on another host got activity `id` (`names`): its race waits for them too.
    pub fn given_elsewhere(&self, id: i64, names: Vec<String>) {
        let now = std::time::Instant::now();
        let mut assignment = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(a) = assignment.as_mut().filter(|a| a.id == id) else { return };
        for name in names {
            a.given.entry(name).or_insert(now);
        }
        drop(assignment);
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// A student on another host answered activity `id`: `won`, in `secs` seconds there.
    pub fn answered_elsewhere(&self, id: i64, name: &str, won: bool, secs: u64) {
        let mut assignment = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(a) = assignment.as_mut().filter(|a| a.id == id) else { return };
        if a.given.remove(name).is_some() && !a.results.iter().any(|(n, _, _)| n == name) {
            a.results.push((name.to_string(), won, secs));
        }
        drop(assignment);
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Activity `id` paused (or going on) as another host's teacher said: everyone here is told.
    pub fn set_paused(&self, id: i64, paused: bool) {
        {
            let mut a = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(a) = a.as_mut().filter(|a| a.id == id && !a.ended && a.paused != paused) else { return };
            a.paused = paused;
        }
        self.tell_everyone(&Notice::Paused(paused));
        self.moved.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// Makes the list again, once, and tells every lobby (and, through the relay, the other
    /// hosts: at most one write per burst of changes).
    pub fn announce(&self) {
        let mine = self.publish();
        if let Some(relay) = self.relay.get() {
            relay.publish(&mine);
        }
    }

    /// Makes the list again from this host's people and the other hosts' last read, and tells
    /// every lobby; answers this host's people.
    fn publish(&self) -> Vec<Someone> {
        let mine: Vec<Someone> = self
            .lock()
            .iter()
            .map(|(&id, p)| Someone {
                id,
                name: p.name.clone(),
                teacher: p.teacher,
                doing: p.doing.clone(),
                watchable: p.table.is_some(),
                host: None,
            })
            .collect();
        let mut all = mine.clone();
        let others: Vec<Someone> = self.remote().people.clone();
        for mut p in others {
            // Someone on another host playing someone, or the AI, can be watched: their game is
            // here when it is with someone here, and is asked of their host otherwise (`relay.rs`).
            p.watchable = matches!(p.doing, Doing::Match { .. } | Doing::Solo)
                && (self.relay.get().is_some() || self.table_of(p.id).is_some());
            all.push(p);
        }
        all.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
        self.roster.send_replace(Arc::new(all));
        mine
    }
}

/// What `--no-hints` withholds: the hint, the coach, the binary view and the review.
pub const NO_HINTS: [nim_tui::domain::Action; 4] = [
    nim_tui::domain::Action::Hint,
    nim_tui::domain::Action::Coach,
    nim_tui::domain::Action::Binary,
    nim_tui::domain::Action::Review,
];

/// A game between two people, with the help the server allows: the hint (the mover's own, and
/// kept as help on their result) when hints are allowed; never the coach or the binary view,
/// which both players would see.
pub(crate) fn between_people(app: App, server: &super::Server) -> App {
    let mut app = with_server_hints(app, server);
    app.panels.coach = false;
    app.panels.binary = false;
    for action in [nim_tui::domain::Action::Coach, nim_tui::domain::Action::Binary] {
        if !app.withheld.contains(&action) {
            app.withheld.push(action);
        }
    }
    app
}

/// `app` with the hints the server allows: with `--no-hints` the hint, the coach and the binary
/// view are withheld (not listed in the key line or the help, and their keys do nothing) and
/// their panels closed.
pub(crate) fn with_server_hints(mut app: App, server: &super::Server) -> App {
    app.panels.coach = server.settings.coach && !server.no_hints;
    if server.no_hints {
        withhold_hints(&mut app);
    }
    app
}

/// The hint, the coach, the binary view and the review withheld from `app`, their panels closed.
pub(crate) fn withhold_hints(app: &mut App) {
    app.panels.coach = false;
    app.panels.binary = false;
    // The review after a game names the winning move of every position: a hint too.
    for action in NO_HINTS {
        if !app.withheld.contains(&action) {
            app.withheld.push(action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::PresenceRow;

    fn row(host: &str, name: &str, doing: &str, whom: Option<&str>) -> PresenceRow {
        PresenceRow {
            host: host.into(),
            name: name.into(),
            teacher: false,
            doing: doing.into(),
            whom: whom.map(str::to_string),
        }
    }

    /// The other hosts' people join the list in name order, marked with their host, under ids
    /// of their own that stay the same; read again unchanged, the list is not made again; a
    /// notice for one of them goes nowhere without a relay.
    #[test]
    fn the_other_hosts_people_are_merged_into_the_list() {
        let people = People::default();
        let (mailbox, _) = mpsc::channel(MAILBOX);
        people.join(
            7,
            Person { name: "bob".into(), teacher: false, doing: Doing::Lobby, table: None, mailbox },
        );
        let mut roster = people.roster();
        roster.mark_unchanged();
        people.others(vec![row("b", "ann", "match", Some("cy")), row("b", "cy", "match", Some("ann"))]);
        assert!(roster.has_changed().expect("open"));
        let list = people.list();
        let shown: Vec<(String, Option<String>, Doing)> =
            list.iter().map(|p| (p.name.clone(), p.host.clone(), p.doing.clone())).collect();
        assert_eq!(
            shown,
            [
                ("ann".into(), Some("b".into()), Doing::Match { with: "cy".into() }),
                ("bob".into(), None, Doing::Lobby),
                ("cy".into(), Some("b".into()), Doing::Match { with: "ann".into() }),
            ]
        );
        let ann = list[0].id;
        assert!(
            ann >= REMOTE_IDS && !list[0].watchable,
            "without a relay, a game played wholly on another host is not watchable here"
        );
        assert_eq!(people.remote_id("b", "ann"), ann);
        assert_eq!(people.name_of(ann).as_deref(), Some("ann"));
        assert_eq!(people.doing(ann), Some(Doing::Match { with: "cy".into() }));
        assert!(people.table_of(ann).is_none());
        assert!(!people.tell(ann, Notice::Engaged { name: "bob".into() }));
        // The same rows again: no lobby redraws.
        roster.mark_unchanged();
        people.others(vec![row("b", "ann", "match", Some("cy")), row("b", "cy", "match", Some("ann"))]);
        assert!(!roster.has_changed().expect("open"));
        // Host b gone: only bob.
        people.others(Vec::new());
        assert_eq!(people.list().iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["bob"]);
    }

    /// The activity is given again to whoever got it and has not answered it, while it runs.
    #[test]
    fn an_activity_is_given_again_to_who_got_it_and_has_not_answered() {
        let mut a = Assignment {
            id: 3,
            hints: true,
            limit: None,
            paused: false,
            ended: false,
            position: "3 4 5".into(),
            given: HashMap::from([("ann".to_string(), Instant::now())]),
            results: vec![("bob".into(), true, 12)],
            from: "miss".into(),
            setup: nim_tui::config::Settings::default().setup(),
            puzzle: None,
        };
        assert!(
            matches!(a.again_for("ann"), Some(Notice::Assigned { activity: 3, ref from, .. }) if from == "miss")
        );
        assert!(a.again_for("bob").is_none(), "bob answered it");
        assert!(a.again_for("cy").is_none(), "cy never got it");
        a.ended = true;
        assert!(a.again_for("ann").is_none(), "it ended");
    }

    /// Everyone is told of an activity; only the students free to play it are in its race (not
    /// the teacher, not someone playing another person).
    #[test]
    fn an_activity_counts_the_students_free_to_play_it() {
        let people = People::default();
        let mut mail = Vec::new();
        for (id, name, teacher, doing) in [
            (1, "ann", false, Doing::Lobby),
            (2, "bob", false, Doing::Match { with: "cy".into() }),
            (3, "cy", false, Doing::Match { with: "bob".into() }),
            (4, "dan", false, Doing::Watching { whom: "bob".into() }),
            (5, "miss", true, Doing::Lobby),
        ] {
            let (mailbox, inbox) = mpsc::channel(MAILBOX);
            people.join(id, Person { name: name.into(), teacher, doing, table: None, mailbox });
            mail.push((name, inbox));
        }
        let handout = Handout {
            activity: 1,
            from: "miss".into(),
            setup: nim_tui::config::Settings::default().setup(),
            puzzle: None,
            position: "3 4 5".into(),
            hints: true,
            limit: None,
        };
        assert_eq!(people.assign(handout), 2);
        let given = people.assignment.lock().expect("lock").as_ref().map(|a| {
            let mut names: Vec<String> = a.given.keys().cloned().collect();
            names.sort();
            names
        });
        assert_eq!(given, Some(vec!["ann".to_string(), "dan".to_string()]));
        for (name, mut inbox) in mail {
            let told = matches!(inbox.try_recv(), Ok(Notice::Assigned { .. }));
            assert_eq!(told, name != "miss", "{name}");
        }
    }
}
