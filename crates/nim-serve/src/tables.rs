//! Who is on the server and what each is doing, and the tables games are played at: a table
//! holds one `App` that its players (one against the AI, or two people, each at their own
//! terminal) and its watchers all draw, each in their own window and colours. A change at a
//! table is announced on its `changed` channel, so that everyone at it redraws. Who is on the
//! server is published the same way, as one list made once per change (`People::roster`), which
//! every lobby reads as it draws; mailboxes carry only what is for one person, and are bounded.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

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
    /// A challenge this person made was declined, or the other person left.
    Declined { name: String },
    /// The teacher gives everyone this game to play from its position.
    Assigned { setup: nim_tui::domain::GameSetup },
}

/// The position a teacher gave everyone, and how each student did.
#[derive(Debug, Clone)]
pub struct Assignment {
    /// The position, as shown.
    pub position: String,
    /// When each student got it, by connection.
    pub given: HashMap<u64, std::time::Instant>,
    /// Each answer: name, won, seconds.
    pub results: Vec<(String, bool, u64)>,
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
}

/// A game and everyone at it.
pub struct Table {
    pub app: Mutex<App>,
    /// The two seats' names; the second is `None` against the AI.
    pub players: [String; 2],
    /// The connections in the seats (the second is 0 against the AI).
    pub seats: [u64; 2],
    pub watchers: Mutex<Vec<(u64, String)>>,
    /// Bumped at every change, so that everyone at the table redraws.
    pub changed: watch::Sender<u64>,
    /// Whether the finished game went to the database (it goes once, whoever sees it end).
    pub recorded: AtomicBool,
    /// A player left: the table is closed.
    pub closed: AtomicBool,
    version: AtomicU64,
}

impl Table {
    pub fn new(app: App, players: [String; 2], seats: [u64; 2]) -> Arc<Table> {
        let (changed, _) = watch::channel(0);
        Arc::new(Table {
            app: Mutex::new(app),
            players,
            seats,
            watchers: Mutex::new(Vec::new()),
            changed,
            recorded: AtomicBool::new(false),
            closed: AtomicBool::new(false),
            version: AtomicU64::new(0),
        })
    }

    /// The app, whoever panicked holding it before (the app itself stays consistent: each
    /// update is whole).
    pub fn app(&self) -> MutexGuard<'_, App> {
        self.app.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells everyone at the table to redraw.
    pub fn touch(&self) {
        let v = self.version.fetch_add(1, Ordering::Relaxed) + 1;
        self.changed.send_replace(v);
    }

    pub fn watcher_names(&self) -> Vec<String> {
        self.watchers.lock().map(|w| w.iter().map(|(_, n)| n.clone()).collect()).unwrap_or_default()
    }

    pub fn is_match(&self) -> bool {
        self.seats[1] != 0
    }
}

/// Everyone on the server.
pub struct People {
    people: Mutex<HashMap<u64, Person>>,
    /// Everyone, as the lobby lists them: made once per change, read by every lobby.
    roster: watch::Sender<Arc<Vec<Someone>>>,
    /// The position the teacher gave everyone last.
    pub assignment: Mutex<Option<Assignment>>,
}

impl Default for People {
    fn default() -> Self {
        People {
            people: Mutex::new(HashMap::new()),
            roster: watch::Sender::new(Arc::new(Vec::new())),
            assignment: Mutex::new(None),
        }
    }
}

impl People {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Person>> {
        self.people.lock().unwrap_or_else(PoisonError::into_inner)
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

    pub fn table_of(&self, id: u64) -> Option<Arc<Table>> {
        self.lock().get(&id).and_then(|p| p.table.clone())
    }

    pub fn name_of(&self, id: u64) -> Option<String> {
        self.lock().get(&id).map(|p| p.name.clone())
    }

    pub fn doing(&self, id: u64) -> Option<Doing> {
        self.lock().get(&id).map(|p| p.doing.clone())
    }

    /// Sends `notice` to `id`; false if nobody has that id any more.
    pub fn tell(&self, id: u64, notice: Notice) -> bool {
        self.lock().get(&id).is_some_and(|p| p.mailbox.try_send(notice).is_ok())
    }

    /// Gives everyone but `teacher` the game `setup` (from a position): who got it is noted.
    pub fn assign(&self, teacher: u64, setup: &nim_tui::domain::GameSetup, position: String) -> usize {
        let now = std::time::Instant::now();
        let mut given = HashMap::new();
        for (&id, p) in self.lock().iter() {
            if id != teacher
                && !p.teacher
                && p.mailbox.try_send(Notice::Assigned { setup: setup.clone() }).is_ok()
            {
                given.insert(id, now);
            }
        }
        let count = given.len();
        *self.assignment.lock().unwrap_or_else(PoisonError::into_inner) =
            Some(Assignment { position, given, results: Vec::new() });
        count
    }

    /// Notes `id`'s finished game, if it was the position given to everyone and the first answer.
    pub fn answered(&self, id: u64, name: &str, won: bool) {
        let mut assignment = self.assignment.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(a) = assignment.as_mut()
            && let Some(at) = a.given.remove(&id)
        {
            a.results.push((name.to_string(), won, at.elapsed().as_secs()));
        }
        drop(assignment);
        self.announce();
    }

    /// Makes the list again, once, and tells every lobby.
    pub fn announce(&self) {
        let mut all: Vec<Someone> = self
            .lock()
            .iter()
            .map(|(&id, p)| Someone {
                id,
                name: p.name.clone(),
                teacher: p.teacher,
                doing: p.doing.clone(),
                watchable: p.table.is_some(),
            })
            .collect();
        all.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
        self.roster.send_replace(Arc::new(all));
    }
}
