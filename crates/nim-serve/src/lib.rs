//! `nim-tui serve`: a classroom over SSH. Every connection plays the game as it is played in a
//! terminal (the same `App`, screens, keys and drawing: `client.rs`), behind an SSH server
//! (russh: `ssh.rs`) that knows who may log in and refuses what is not a game; finished games go
//! to an SQLite file or a PostgreSQL database (`db/`).
//!
//! Nothing a client does can hurt the server or another client, and every resource a client can
//! grow has a bound ([`Limits`], listed in the README): connections logging in are counted apart
//! from players (the oldest waiting one dropped for a newcomer) and must log in within a time,
//! players are limited in all and per address, wrong class codes back off and lock an address out
//! ([`guard`]), input past a cap is held back by SSH's flow control, output a client does not read
//! is counted and the client dropped past a cap, an idle player is warned and then disconnected,
//! redraws and window changes are limited per second, pastes and games have a length, results a
//! rate, window sizes are clamped, and every name and text from a client is made safe before
//! anyone's screen shows it.
//!
//! One log line is written per connection, game and refusal, each with the peer's address, at
//! most [`LOG_PER_SECOND`] a second per connection.
//! SIGTERM or Ctrl-C stops accepting, tells everyone, keeps the games in progress as ended by the
//! server (not losses), and returns within a few seconds.

mod client;
mod console;
pub mod db;
pub mod director;
pub mod guard;
pub mod hostkey;
pub mod hosts;
mod lobby;
mod lobby_view;
pub mod names;
pub mod pairing;
mod place;
mod plain_door;
pub mod proxy;
pub mod relay;
mod relayed;
pub mod report;
mod say;
mod ssh;
pub mod store;
pub mod tables;
/// The tests' throw-away PostgreSQL cluster (shared with the integration tests).
#[cfg(test)]
#[path = "../tests/it/support/pg.rs"]
pub(crate) mod test_pg;
pub mod tournament;
mod web;

pub use web::WebOptions;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::{PrivateKey, PublicKey};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, oneshot, watch};

use nim_tui::config::Settings;
use nim_tui::i18n::Language;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Key(#[from] hostkey::KeyError),
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error("no data directory for the server's database ($HOME is not set): give one with --db PATH")]
    NoDataDir,
    #[error("cannot listen on {addr}: {source}")]
    Listen { addr: SocketAddr, source: std::io::Error },
    #[error("--code: the class code cannot be empty")]
    EmptyCode,
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
}

impl ServeError {
    /// Whether the fault is in what was given (exit 2) rather than at run time (exit 1).
    pub fn is_bad_input(&self) -> bool {
        match self {
            ServeError::Key(e) => e.is_bad_input(),
            ServeError::NoDataDir | ServeError::EmptyCode => true,
            ServeError::Db(e) => e.is_bad_input(),
            ServeError::Listen { .. } | ServeError::Runtime(_) => false,
        }
    }
}

/// The budgets every connection is held to.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Connections at once, in all.
    pub max_connections: usize,
    /// Connections at once from one address.
    pub max_per_address: usize,
    /// From the TCP connection to the game's first frame: the SSH handshake, logging in and
    /// asking for a terminal.
    pub login_timeout: Duration,
    /// From the TCP connection to logging in: a socket that says nothing holds a pre-login
    /// place no longer than this.
    pub preauth_timeout: Duration,
    /// Connections not yet logged in, at once, in all and from one address. They are counted
    /// apart from the players: when their places are full, the oldest waiting one is dropped
    /// for the newcomer, so idle sockets cannot lock anyone out, and never take a player's place.
    pub max_preauth: usize,
    pub max_preauth_per_address: usize,
    /// Wrong answers (class code, keys) before the connection is dropped.
    pub auth_attempts: usize,
    /// Wrong class codes: see [`guard::Guard`].
    pub guard: guard::GuardLimits,
    /// Bytes of input one connection may send a second, over bursts of [`Limits::input_burst`]
    /// (a long paste): past them the server waits before reading more from it, so that a script
    /// typing as fast as it can costs the server a bounded share of its time.
    pub input_per_second: f64,
    pub input_burst: f64,
    /// Window changes one connection may send a second (over bursts of twice as many); past
    /// them the server waits before reading more from it.
    pub resizes_per_second: f64,
    /// How long a game waits for a player whose connection dropped (or who was idle too long),
    /// before it is kept as left by them. At most [`names::GRACE`], the time their name stays
    /// theirs, so that nobody else can come back to it.
    pub rejoin: Duration,
    /// How long one of an arena's minutes lasts on the server's clock: a minute. The teacher
    /// chooses an arena's length in minutes; a test shortens this to see an arena end by its
    /// clock without waiting minutes.
    pub arena_minute: Duration,
    /// Moves kept per game, at most: a game that reaches it ends, kept as ended by the server
    /// (`move limit`), so that no game grows without bound.
    pub max_moves: usize,
    /// Results kept per player per minute, at most: a script that ends games as fast as it can
    /// fills neither the database nor the boards; past it, results are logged once and dropped.
    pub results_per_minute: u32,
    /// No key for this long and the player is disconnected…
    pub idle_timeout: Duration,
    /// … after a warning this long before.
    pub idle_warning: Duration,
    /// Bytes of input waiting for the game; past it, the connection's input is held back (SSH's
    /// flow control slows the client) until the game catches up.
    pub input_cap: usize,
    /// Bytes of output the client has not taken past which no new frame is drawn (the frames
    /// merge into one once it catches up).
    pub output_soft: usize,
    /// Bytes of output the client has not taken past which it is disconnected.
    pub output_cap: usize,
    /// Output waiting with none of it taken for this long: the client is disconnected.
    pub stall: Duration,
    /// The shortest time between two frames of one connection (the cap on redraws per second).
    pub frame_min: Duration,
    /// How long the client's terminal has to tell its colours.
    pub colour_wait: Duration,
    /// The largest WebSocket message (and frame) a browser may send, in bytes; a larger one ends
    /// its connection.
    pub web_message_max: usize,
    /// WebSocket messages read from one browser a second (over bursts of twice as many); past
    /// it the socket is not read, so that TCP slows the browser.
    pub web_messages_per_second: u32,
}

impl Limits {
    /// The limits of `nim-tui serve` with these flags' values.
    pub fn new(max_connections: usize, max_per_address: usize, idle_timeout: Duration) -> Limits {
        Limits {
            max_connections,
            max_per_address,
            login_timeout: Duration::from_secs(30),
            preauth_timeout: Duration::from_secs(20),
            max_preauth: 64,
            max_preauth_per_address: 8,
            auth_attempts: 6,
            guard: guard::GuardLimits::default(),
            // Far more than anyone types, a mouse included; a paste of 256 KiB goes at once.
            input_per_second: 32.0 * 1024.0,
            input_burst: 256.0 * 1024.0,
            // Dragging a window's corner sends a few dozen a second; they merge anyway.
            resizes_per_second: 20.0,
            rejoin: names::GRACE,
            arena_minute: Duration::from_secs(60),
            max_moves: 2_000,
            results_per_minute: 30,
            idle_timeout,
            // A minute's warning, or half the time when it is shorter than two minutes.
            idle_warning: Duration::from_secs(60).min(idle_timeout / 2),
            input_cap: 64 * 1024,
            output_soft: 256 * 1024,
            output_cap: 4 * 1024 * 1024,
            stall: Duration::from_secs(20),
            // At most 60 frames a second for one player.
            frame_min: Duration::from_millis(16),
            colour_wait: Duration::from_millis(300),
            // A key, a mouse report or a paste is a few bytes; the hello at most a few hundred.
            web_message_max: 16 * 1024,
            web_messages_per_second: 200,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::new(200, 40, Duration::from_secs(1800))
    }
}

/// What a server is started with.
pub struct Options {
    pub listen: SocketAddr,
    pub host_key: PrivateKey,
    /// The class code; `None`: open to anyone who can reach the server.
    pub code: Option<String>,
    pub teachers: Vec<PublicKey>,
    pub db: PathBuf,
    pub limits: Limits,
    pub no_hints: bool,
    /// The game's settings for every player (keys, theme, AI pause…).
    pub settings: Settings,
    /// The web door (`--web`), if it is open; it may be the only one (`--no-ssh`).
    pub web: Option<WebOptions>,
    /// The server's own language: its console's, and a player's whose locale says nothing.
    pub language: Language,
    /// Load balancers whose connections start with a PROXY protocol header
    /// (`--proxy-protocol-from`), at both doors.
    pub balancers: proxy::Balancers,
    /// This server as one of several hosts on a PostgreSQL database (`--host-id`,
    /// `--lease-seconds`); ignored with SQLite, which has one host.
    pub hosts: Option<hosts::HostOptions>,
    /// What students are told to reach, when not `listen` (`--join-address`: a load balancer).
    pub join_address: Option<nim_tui::serve_settings::JoinAddress>,
}

/// What every connection shares.
pub struct Server {
    pub limits: Limits,
    pub code: Option<String>,
    pub teachers: Vec<PublicKey>,
    pub no_hints: bool,
    pub settings: Settings,
    /// The language of a connection that tells none (no `LANG`, `LC_MESSAGES` or `LC_ALL`), and
    /// of what is said before one can (the class code's prompt): the server's own, as chosen
    /// where it was started (`--lang`, the config, its locale).
    pub language: Language,
    /// The database, as a service: results written off the async threads, the boards kept.
    pub store: store::Store,
    pub names: names::Registry,
    /// Who is on the server, what each is doing, and the tables.
    pub people: tables::People,
    /// How students join, for the projector's card.
    pub join: console::Join,
    /// The class tournament running (or the last one), and its director's mailbox (#39).
    pub director: director::Hub,
    admission: Mutex<Admission>,
    /// Wrong class codes, per address and in all.
    pub guard: guard::Guard,
    /// Load balancers whose connections start with a PROXY protocol header.
    pub balancers: proxy::Balancers,
    /// This host, when the database is shared (PostgreSQL): its games in progress are kept there.
    pub host: Option<Arc<hosts::Host>>,
    /// Connections open now, logging in or playing.
    live: AtomicUsize,
    gone: Notify,
    next_id: AtomicU64,
    stop: watch::Sender<bool>,
    peak_pending: AtomicUsize,
    frames: AtomicU64,
    resizes: AtomicU64,
    /// Times a connection's input was held back for going past [`Limits::input_per_second`].
    held_back: AtomicU64,
    /// Log lines about arrivals and departures, for everyone (see [`ARRIVALS_PER_SECOND`]).
    arrivals: Mutex<LogBudget>,
    /// Results kept per player in the last minute (see [`Limits::results_per_minute`]).
    results: Mutex<HashMap<String, (std::time::Instant, u32)>>,
    /// The way to the other hosts sharing a PostgreSQL database (`relay.rs`), when there are.
    pub(crate) relay: Option<Arc<relay::Relay>>,
}

impl Server {
    fn is_teacher(&self, key: &PublicKey) -> bool {
        self.teachers.iter().any(|t| t.key_data() == key.key_data())
    }

    fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    /// Keeps the largest amount of unsent output any connection has had queued.
    fn note_pending(&self, bytes: usize) {
        self.peak_pending.fetch_max(bytes, Ordering::Relaxed);
    }

    /// Takes a place among the connections not yet logged in for `id` from `ip`: when those
    /// of its address, or all of them, are full, the oldest waiting one is dropped to make room,
    /// so that a flood of idle sockets delays no one for long and locks no one out. A
    /// connection from a load balancer comes without its address (`None`) until its PROXY
    /// header tells it ([`Server::readdress`]): it counts in all meanwhile, and against no
    /// address, the balancer's included.
    fn admit(&self, id: u64, ip: Option<IpAddr>, kill: Kill) {
        let mut admission = self.admission();
        if let Some(ip) = ip {
            self.make_room(&mut admission, ip);
        }
        if admission.waiting.len() >= self.limits.max_preauth
            && let Some(oldest) = admission.waiting.pop_front()
        {
            let peer = SocketAddr::new(oldest.1.unwrap_or(IpAddr::from([0, 0, 0, 0])), 0);
            if self.logs_arrival(peer) {
                // A balancer's connection has no address of its own before its header.
                let ip =
                    oldest.1.map_or_else(|| "(a balancer's, before its header)".into(), |ip| ip.to_string());
                tracing::info!(%ip, id = oldest.0, "dropped before logging in: too many connections logging in");
            }
            (oldest.2)();
        }
        admission.waiting.push_back((id, ip, kill));
        self.live.fetch_add(1, Ordering::SeqCst);
    }

    /// Drops the oldest of `ip`'s connections logging in when they fill its places.
    fn make_room(&self, admission: &mut Admission, ip: IpAddr) {
        let here = admission.waiting.iter().filter(|w| w.1 == Some(ip)).count();
        if here >= self.limits.max_preauth_per_address
            && let Some(at) = admission.waiting.iter().position(|w| w.1 == Some(ip))
            && let Some(oldest) = admission.waiting.remove(at)
        {
            if self.logs_arrival(SocketAddr::new(ip, 0)) {
                tracing::info!(%ip, id = oldest.0, "dropped before logging in: a newer connection from its address");
            }
            (oldest.2)();
        }
    }

    /// Gives `id`, admitted without an address, the one its PROXY header told, and holds it to
    /// that address's places as [`Server::admit`] does; false when it was dropped meanwhile.
    fn readdress(&self, id: u64, ip: IpAddr) -> bool {
        let mut admission = self.admission();
        let Some(at) = admission.waiting.iter().position(|w| w.0 == id) else { return false };
        let Some(mut entry) = admission.waiting.remove(at) else { return false };
        self.make_room(&mut admission, ip);
        entry.1 = Some(ip);
        // Where it was, so that it is no younger for having waited for its header.
        let at = at.min(admission.waiting.len());
        admission.waiting.insert(at, entry);
        true
    }

    /// Moves `id` from the connections logging in to the players, or says which limit refuses it.
    fn log_in(&self, id: u64, ip: IpAddr) -> Result<(), &'static str> {
        let mut admission = self.admission();
        if admission.players.contains(&id) {
            return Ok(());
        }
        let Some(at) = admission.waiting.iter().position(|w| w.0 == id) else {
            return Err("dropped while logging in");
        };
        if admission.players.len() >= self.limits.max_connections {
            return Err("too many players");
        }
        let here = admission.per_address.get(&ip).copied().unwrap_or(0);
        if here >= self.limits.max_per_address {
            return Err("too many players from this address");
        }
        admission.waiting.remove(at);
        admission.players.insert(id);
        *admission.per_address.entry(ip).or_insert(0) += 1;
        Ok(())
    }

    fn leave(&self, id: u64, ip: IpAddr) {
        let mut admission = self.admission();
        if admission.players.remove(&id) {
            if let Some(here) = admission.per_address.get_mut(&ip) {
                *here = here.saturating_sub(1);
                if *here == 0 {
                    admission.per_address.remove(&ip);
                }
            }
        } else {
            admission.waiting.retain(|w| w.0 != id);
        }
        drop(admission);
        self.live.fetch_sub(1, Ordering::SeqCst);
        self.gone.notify_waiters();
    }

    /// Whether one more line about a connection arriving or leaving may be logged now.
    fn logs_arrival(&self, peer: SocketAddr) -> bool {
        LogBudget::allow(&self.arrivals, peer)
    }

    /// Whether one more result of `player` may be kept this minute.
    fn result_allowed(&self, player: &str) -> bool {
        let mut results = self.results.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = std::time::Instant::now();
        let minute = Duration::from_secs(60);
        if results.len() > 10_000 {
            results.retain(|_, (since, _)| now.duration_since(*since) < minute);
        }
        let entry = results.entry(player.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= minute {
            *entry = (now, 0);
        }
        entry.1 += 1;
        let most = self.limits.results_per_minute;
        if entry.1 == most + 1 {
            tracing::warn!(player = %player, "more than {most} results in a minute: the rest of the minute's are not kept");
        }
        entry.1 <= most
    }

    fn admission(&self) -> std::sync::MutexGuard<'_, Admission> {
        self.admission.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Log lines one connection may write a second, over a burst of [`LOG_BURST`]: past them its
/// lines are counted, not written, and the count is logged when it may write again.
pub const LOG_PER_SECOND: f64 = 5.0;
/// See [`LOG_PER_SECOND`].
pub const LOG_BURST: f64 = 20.0;

/// Log lines about connections arriving and leaving, a second, for everyone together (bursts of
/// [`ARRIVALS_BURST`]): a flood of sockets does not flood the log.
pub const ARRIVALS_PER_SECOND: f64 = 50.0;
/// See [`ARRIVALS_PER_SECOND`].
pub const ARRIVALS_BURST: f64 = 200.0;

/// The most the server's log file may hold before it is rotated (renamed `nim-tui.log.1`, and a
/// new one started; see [`nim_tui::log::rotate_past`]): with the one before, at most twice this
/// on disk.
pub const LOG_MAX: u64 = 32 * 1024 * 1024;

/// One connection's budget of log lines (see [`LOG_PER_SECOND`]), shared by its SSH side and its
/// game.
#[derive(Debug)]
pub(crate) struct LogBudget {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: std::time::Instant,
    held: u64,
}

impl LogBudget {
    fn new(rate: f64, burst: f64) -> LogBudget {
        LogBudget { rate, burst, tokens: burst, at: std::time::Instant::now(), held: 0 }
    }

    /// One connection's budget, shared by its SSH side and its game.
    pub(crate) fn shared() -> Arc<Mutex<LogBudget>> {
        Arc::new(Mutex::new(LogBudget::new(LOG_PER_SECOND, LOG_BURST)))
    }

    /// Whether one more line may be written now.
    pub(crate) fn allow(budget: &Mutex<LogBudget>, peer: SocketAddr) -> bool {
        let mut b = budget.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = std::time::Instant::now();
        b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * b.rate).min(b.burst);
        b.at = now;
        if b.tokens < 1.0 {
            b.held += 1;
            return false;
        }
        b.tokens -= 1.0;
        if b.held > 0 {
            tracing::warn!(%peer, held = b.held, rate = b.rate, "log lines not written (more than their rate a second)");
            b.held = 0;
        }
        true
    }
}

/// Ends a connection at once, whatever it is doing.
pub(crate) type Kill = Arc<dyn Fn() + Send + Sync>;

/// Who holds a place: the connections logging in (oldest first), and the players.
#[derive(Default)]
struct Admission {
    waiting: std::collections::VecDeque<(u64, Option<IpAddr>, Kill)>,
    players: std::collections::HashSet<u64>,
    per_address: HashMap<IpAddr, usize>,
}

/// A server that is running: its address, and the way to stop it.
pub struct Running {
    addr: SocketAddr,
    /// The web door's address, when it is open.
    web: Option<SocketAddr>,
    server: Arc<Server>,
    /// The doors' accepting tasks.
    accept: Vec<tokio::task::JoinHandle<()>>,
    /// The lease's thread, when this server is one of several hosts.
    lease: Option<hosts::Service>,
}

impl Running {
    /// The address the SSH door listens on (the port chosen, when 0 was asked); with that door
    /// closed (`--no-ssh`), the address it was given.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address the web door listens on, when it is open (the port chosen, when 0 was asked).
    pub fn web_addr(&self) -> Option<SocketAddr> {
        self.web
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.server.live.load(Ordering::SeqCst)
    }

    /// The most output any one connection has had waiting, in bytes.
    pub fn peak_pending(&self) -> usize {
        self.server.peak_pending.load(Ordering::Relaxed)
    }

    /// The players' names in use now, sorted.
    pub fn players(&self) -> Vec<String> {
        self.server.names.all()
    }

    /// Frames drawn for all the players since the start.
    pub fn frames(&self) -> u64 {
        self.server.frames.load(Ordering::Relaxed)
    }

    /// Stops accepting, tells every game to end (each keeps its game as ended by the server and
    /// says goodbye), and waits at most `grace` for the connections to close.
    pub async fn stop(self, grace: Duration) {
        for accept in &self.accept {
            accept.abort();
        }
        let _ = self.server.stop.send(true);
        let deadline = tokio::time::Instant::now() + grace;
        while self.server.live.load(Ordering::SeqCst) > 0 {
            let gone = self.server.gone.notified();
            if self.server.live.load(Ordering::SeqCst) == 0 {
                break;
            }
            if tokio::time::timeout_at(deadline, gone).await.is_err() {
                tracing::warn!(
                    left = self.server.live.load(Ordering::SeqCst),
                    "stopped with connections still open"
                );
                break;
            }
        }
        // Every result the games sent is on disk before the server says it has stopped.
        self.server.store.flush().await;
        // What waits for the other hosts is written; then the host's row goes (its people with
        // it, and any game in progress still left, as ended).
        if let Some(relay) = &self.server.relay {
            relay.stop().await;
        }
        if let Some(lease) = self.lease {
            lease.stop().await;
        }
    }

    /// Results waiting for a busy database (another program holding its lock) now.
    pub fn results_waiting(&self) -> u64 {
        self.server.store.waiting()
    }

    /// Window changes the games have acted on since the start (the rest were merged).
    pub fn resizes(&self) -> u64 {
        self.server.resizes.load(Ordering::Relaxed)
    }

    /// Times a connection's input was held back for going past its rate, since the start.
    pub fn held_back(&self) -> u64 {
        self.server.held_back.load(Ordering::Relaxed)
    }

    /// Queries the server has made of its database since it started (the first reading of the
    /// boards included), once everything sent to the store so far has been written.
    pub async fn queries(&self) -> u64 {
        self.server.store.flush().await;
        self.server.store.queries()
    }
}

/// Binds and starts accepting; returns at once.
pub async fn start(options: Options) -> Result<Running, ServeError> {
    if options.code.as_deref().is_some_and(str::is_empty) {
        return Err(ServeError::EmptyCode);
    }
    let location = db::Location::parse(&options.db)?;
    let options_join = options.join_address.clone();
    let ssh = !options.web.as_ref().is_some_and(|web| web.no_ssh);
    let listener = match ssh {
        true => Some(
            TcpListener::bind(options.listen)
                .await
                .map_err(|source| ServeError::Listen { addr: options.listen, source })?,
        ),
        false => None,
    };
    let addr = match &listener {
        Some(listener) => {
            listener.local_addr().map_err(|source| ServeError::Listen { addr: options.listen, source })?
        }
        None => options.listen,
    };
    // A host on a shared database registers (under the address it listens on) before its store
    // reads the boards, so that the games a former run of it left in progress are kept (as
    // ended) and counted.
    let registered = match (&location, options.hosts.clone()) {
        (db::Location::Postgres(_), Some(host)) => {
            let (at, address) = (location.clone(), addr.to_string());
            let joined = tokio::task::spawn_blocking(move || {
                hosts::register(&at, &host, &address).map(|(h, db)| (h, db, host.lease, address))
            })
            .await;
            Some(joined.map_err(|e| ServeError::Runtime(std::io::Error::other(e)))??)
        }
        _ => None,
    };
    let store = store::Store::open_at(&location)?;
    // The hosts meet through the database (`relay.rs`): its writer has a connection of its own.
    let relay = match &registered {
        Some((host, ..)) => {
            let (at, host) = (location.clone(), host.clone());
            let started = tokio::task::spawn_blocking(move || relay::Relay::start(&at, host)).await;
            Some(started.map_err(|e| ServeError::Runtime(std::io::Error::other(e)))??)
        }
        None => None,
    };
    let lease = match registered {
        Some((host, db, lease, address)) => Some((
            host.clone(),
            hosts::Service::start(
                db,
                host,
                address,
                lease,
                store.catch_up(),
                relay.clone().map(|r| r as Arc<dyn hosts::News>),
            )
            .map_err(ServeError::Runtime)?,
        )),
        None => None,
    };
    let (host, lease) = match lease {
        Some((host, lease)) => (Some(host), Some(lease)),
        None => (None, None),
    };
    let limits = options.limits;
    let config = Arc::new(russh::server::Config {
        server_id: russh::SshId::Standard(ssh_version().into()),
        keys: vec![options.host_key],
        // The first refusal (OpenSSH's probe with "none") costs nothing; a wrong code costs a
        // second, as in OpenSSH.
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: limits.auth_attempts,
        // Input is read as it comes; the window and the channel's buffer bound what russh holds.
        window_size: 64 * 1024,
        channel_buffer_size: 64,
        inactivity_timeout: None,
        // A connection that dropped without a word is found out within about 40 s, and its
        // player's name given back (kept for her address for `names::GRACE`).
        keepalive_interval: Some(Duration::from_secs(10)),
        keepalive_max: 3,
        nodelay: true,
        ..Default::default()
    });
    let (stop, _) = watch::channel(false);
    let limits_guard = limits.guard.clone();
    let server = Arc::new(Server {
        limits,
        join: console::Join {
            command: ssh.then(|| join_command(addr, options.join_address.as_ref())),
            code: options.code.clone(),
            web: std::sync::OnceLock::new(),
        },
        code: options.code,
        teachers: options.teachers,
        no_hints: options.no_hints,
        settings: options.settings,
        language: options.language,
        store,
        names: names::Registry::default(),
        people: tables::People::default(),
        director: director::Hub::default(),
        admission: Mutex::new(Admission::default()),
        guard: guard::Guard::new(limits_guard),
        balancers: options.balancers,
        host,
        live: AtomicUsize::new(0),
        gone: Notify::new(),
        next_id: AtomicU64::new(1),
        stop,
        peak_pending: AtomicUsize::new(0),
        frames: AtomicU64::new(0),
        resizes: AtomicU64::new(0),
        held_back: AtomicU64::new(0),
        arrivals: Mutex::new(LogBudget::new(ARRIVALS_PER_SECOND, ARRIVALS_BURST)),
        results: Mutex::new(HashMap::new()),
        relay: relay.clone(),
    });
    if let Some(relay) = &relay {
        server.people.set_relay(relay.clone());
        tokio::spawn(relayed::run(server.clone()));
    }
    let mut accept = Vec::new();
    if let Some(listener) = listener {
        tracing::info!(%addr, code = server.code.is_some(), teachers = server.teachers.len(), balancers = server.balancers.len(), "serving");
        accept.push(tokio::spawn(accept_loop(listener, config, server.clone())));
    }
    let mut web = None;
    if let Some(options) = options.web {
        let (at, task) = web::start(options, server.clone()).await?;
        let _ = server.join.web.set(web_page(at, options_join.as_ref()));
        web = Some(at);
        accept.push(task);
    }
    Ok(Running { addr, web, server, accept, lease })
}

async fn accept_loop(listener: TcpListener, config: Arc<russh::server::Config>, server: Arc<Server>) {
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let id = server.next_id.fetch_add(1, Ordering::Relaxed);
        // A second handle on the socket, to end the connection whatever russh is doing: shutting
        // the socket down fails its reads and writes at once.
        let (socket, kill) = match socket.into_std().and_then(|s| Ok((s.try_clone()?, s))) {
            Ok((clone, socket)) => match TcpStream::from_std(socket) {
                Ok(socket) => (socket, clone),
                Err(e) => {
                    tracing::warn!(%peer, "connection dropped: {e}");
                    continue;
                }
            },
            Err(e) => {
                tracing::warn!(%peer, "connection dropped: {e}");
                continue;
            }
        };
        let kill: Kill = Arc::new(move || {
            let _ = kill.shutdown(std::net::Shutdown::Both);
        });
        // A balancer's connection is counted by its client's address, once its header tells it.
        let balancer = server.balancers.includes(peer.ip());
        server.admit(id, (!balancer).then_some(peer.ip()), kill.clone());
        tokio::spawn(connection(socket, peer, balancer, id, kill, config.clone(), server.clone()));
    }
}

/// One connection, from the handshake to the end, within its time-outs. From a load balancer
/// (`balancer`), its PROXY header first, within the same time-out as logging in: the peer is
/// then the client it names.
async fn connection(
    mut socket: TcpStream,
    peer: SocketAddr,
    balancer: bool,
    id: u64,
    kill: Kill,
    config: Arc<russh::server::Config>,
    server: Arc<Server>,
) {
    let start = tokio::time::Instant::now();
    let login = server.limits.login_timeout;
    let preauth = server.limits.preauth_timeout;
    let peer = match balancer {
        false => {
            if server.logs_arrival(peer) {
                tracing::info!(%peer, id, "connected");
            }
            peer
        }
        true => match through_balancer(&mut socket, peer, id, &server, start + preauth).await {
            Some(client) => client,
            None => {
                kill();
                server.leave(id, peer.ip());
                return;
            }
        },
    };
    let (started_tx, started) = oneshot::channel();
    let (logged_tx, logged) = oneshot::channel();
    let handler = ssh::Handler::new(server.clone(), id, peer, kill.clone(), started_tx, logged_tx);
    let session = async {
        let running = russh::server::run_stream(config, socket, handler).await?;
        running.await
    };
    tokio::pin!(session);
    let mut stopping = server.stopping();
    // Until the game starts, the time-outs (to log in, then to open the game) and the server's
    // stop apply here; after, the game has its own idle time-out and hears of the stop itself.
    let deadline = start + login;
    let timed_out = tokio::select! {
        result = &mut session => {
            if server.logs_arrival(peer) {
                log_end(peer, id, result.err());
            }
            server.leave(id, peer.ip());
            return;
        }
        waited = async {
            // Logging in is part of the time to the game, so a login time-out shorter than the
            // pre-login one bounds a silent socket too.
            let preauth = preauth.min(login);
            if tokio::time::timeout_at(start + preauth, logged).await.is_err() {
                return Some(format!("did not log in within {}s", preauth.as_secs()));
            }
            match tokio::time::timeout_at(deadline, started).await {
                Err(_) => Some(format!("did not log in and open a game within {}s", login.as_secs())),
                Ok(_) => None,
            }
        } => waited,
        _ = stopping.wait_for(|s| *s) => Some("the server stops".to_string()),
    };
    if let Some(why) = timed_out {
        if server.logs_arrival(peer) {
            tracing::info!(%peer, id, "refused: {why}");
        }
        kill();
    }
    let result = session.await;
    if server.logs_arrival(peer) {
        log_end(peer, id, result.err());
    }
    server.leave(id, peer.ip());
}

/// The client a load balancer's connection `id` is for, from its PROXY header read by
/// `deadline` (the balancer's own address when the header gives none), logged as connected;
/// `None` when the connection ends here: refused for a missing, bad or late header (logged), a
/// health check (LOCAL: answered with the server's SSH version line, for a check that expects
/// it, and not logged: no student), or the server stopping.
async fn through_balancer(
    socket: &mut TcpStream,
    balancer: SocketAddr,
    id: u64,
    server: &Server,
    deadline: tokio::time::Instant,
) -> Option<SocketAddr> {
    let mut stopping = server.stopping();
    let read = tokio::select! {
        read = proxy::read_header_by(socket, deadline, server.limits.preauth_timeout) => read,
        _ = stopping.wait_for(|s| *s) => return None,
    };
    let client = match read {
        Ok(proxy::Arrival::Client(client)) => client,
        Ok(proxy::Arrival::Unknown) => balancer,
        Ok(proxy::Arrival::Local) => {
            let line = format!("{}\r\n", ssh_version());
            let _ = tokio::time::timeout_at(
                deadline,
                tokio::io::AsyncWriteExt::write_all(socket, line.as_bytes()),
            )
            .await;
            return None;
        }
        Err(why) => {
            if server.logs_arrival(balancer) {
                tracing::info!(peer = %balancer, id, "refused: {why}");
            }
            return None;
        }
    };
    if !server.readdress(id, client.ip()) {
        return None;
    }
    if server.logs_arrival(client) {
        tracing::info!(peer = %client, via = %balancer, id, "connected");
    }
    Some(client)
}

/// The server's SSH version line, without its line end.
fn ssh_version() -> String {
    format!("SSH-2.0-nim-tui_{}", env!("CARGO_PKG_VERSION"))
}

fn log_end(peer: SocketAddr, id: u64, error: Option<russh::Error>) {
    match error {
        None => tracing::info!(%peer, id, "disconnected"),
        Some(e) => tracing::info!(%peer, id, "disconnected: {}", nim_tui::text::escape(&e.to_string())),
    }
}

/// `nim-tui serve`: everything from the flags, then serves until SIGTERM or Ctrl-C, in `language`
/// where a connection tells none.
pub fn run(args: &nim_tui::cli::ServeArgs, settings: Settings, language: Language) -> Result<(), ServeError> {
    let (host_key, key_path) = hostkey::host_key(args.host_key.as_deref())?;
    let teachers = match &args.teacher_keys {
        Some(path) => hostkey::teacher_keys(path)?,
        None => Vec::new(),
    };
    let db = match &args.db {
        Some(path) => path.clone(),
        None => nim_tui::paths::server_db(&nim_tui::paths::data_dir().ok_or(ServeError::NoDataDir)?),
    };
    // A file's path, or a PostgreSQL URL: a malformed one refused before anything starts, and
    // shown from here on without its password.
    let shown_db = db::Location::parse(&db)?.shown();
    let limits = Limits::new(
        usize::try_from(args.max_connections).unwrap_or(usize::MAX),
        usize::try_from(args.max_per_address).unwrap_or(usize::MAX),
        Duration::from_secs(args.idle_timeout),
    );
    let fingerprint = host_key.public_key().fingerprint(russh::keys::HashAlg::Sha256);
    let web = args.web.map(|listen| WebOptions {
        listen,
        trusted_proxies: args.trusted_proxy.clone(),
        teacher_token: Some(generate_token()),
        no_ssh: args.no_ssh,
    });
    // A code is made when either open door reaches beyond this machine.
    let doors = (!args.no_ssh).then_some(args.listen).into_iter().chain(args.web);
    let reach = doors.clone().find(|at| !at.ip().is_loopback()).or(doors.last()).unwrap_or(args.listen);
    let code = class_code(args.code.as_deref(), reach);
    let generated = args.code.is_none() && code.is_some();
    let token = web.as_ref().and_then(|web| web.teacher_token.clone());
    let options = Options {
        listen: args.listen,
        host_key,
        code: code.clone(),
        teachers,
        db: db.clone(),
        limits,
        no_hints: args.no_hints,
        settings,
        web,
        language,
        balancers: proxy::Balancers::new(args.proxy_protocol_from.clone()),
        hosts: Some(hosts::HostOptions {
            id: args.host_id.clone().unwrap_or_else(|| hosts::default_id(args.listen)),
            lease: Duration::from_secs(args.lease_seconds),
        }),
        join_address: args.join_address.clone(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        // Caught before anything is said, so that a signal sent as soon as the address is known
        // stops the server as it should.
        let stop = wait_for_stop();
        let running = start(options).await?;
        // What the teacher needs, on the terminal the server was started from.
        let ssh_lines = match args.no_ssh {
            true => "nim-tui serve: no SSH (--no-ssh)".to_string(),
            false => format!(
                "nim-tui serve: listening on {}\n  host key {} ({fingerprint})\n  students type: {}",
                running.addr(),
                nim_tui::text::path(&key_path),
                join_command(running.addr(), args.join_address.as_ref()),
            ),
        };
        let web_lines = match (running.web_addr(), &token) {
            (Some(at), Some(token)) => format!(
                "\n  web page: students open {} in a browser (name and class code)",
                web_page(at, args.join_address.as_ref()),
            ) + &format!(
                "\n  teacher token {token} (typed as the class code on the web page, for the teacher's view)"
            ),
            _ => String::new(),
        };
        let _ = nim_tui::text::eprint_safe(&format!(
            "{ssh_lines}{web_lines}\n  database {shown_db}\n  stop with Ctrl-C",
        ));
        if let Some(code) = code.filter(|_| generated) {
            let _ = nim_tui::text::eprint_safe(&format!(
                "  class code {code} (generated, as the server is open beyond this machine; choose one with --code WORD)"
            ));
        }
        notify_systemd("READY=1");
        stop.await;
        notify_systemd("STOPPING=1");
        tracing::info!("stopping");
        let _ = nim_tui::text::eprint_safe("nim-tui serve: stopping");
        running.stop(Duration::from_secs(3)).await;
        tracing::info!("stopped");
        Ok(())
    })
}

/// What a student types to join a server listening on `addr`. On every address (`0.0.0.0`), the
/// address this machine reaches the network from stands for it (asked of the system by a UDP
/// socket pointed at a documentation address: nothing is sent), else the machine's name.
/// Behind a load balancer, what `join` (`--join-address`) says instead: its host, and its port
/// when it gives one.
fn join_command(addr: SocketAddr, join: Option<&nim_tui::serve_settings::JoinAddress>) -> String {
    let host = match join {
        Some(join) => nim_tui::text::escape(&join.host).into_owned(),
        None => join_host(addr),
    };
    match join.and_then(|j| j.port).unwrap_or(addr.port()) {
        22 => format!("ssh NAME@{host}"),
        port => format!("ssh -p {port} NAME@{host}"),
    }
}

/// The web page's address for a web door listening on `at`: on `join`'s host, when given.
fn web_page(at: SocketAddr, join: Option<&nim_tui::serve_settings::JoinAddress>) -> String {
    let host = match join {
        Some(join) => nim_tui::text::escape(&join.url_host()).into_owned(),
        None => join_host(at),
    };
    format!("http://{host}:{}/", at.port())
}

/// The host students reach a server listening on `addr` by (see [`join_command`]).
fn join_host(addr: SocketAddr) -> String {
    let host = if addr.ip().is_unspecified() {
        let routed = std::net::UdpSocket::bind(("0.0.0.0", 0))
            .and_then(|socket| socket.connect(("192.0.2.1", 9)).and(socket.local_addr()))
            .ok()
            .map(|local| local.ip())
            .filter(|ip| !ip.is_unspecified() && !ip.is_loopback());
        routed.map(|ip| ip.to_string()).unwrap_or_else(|| {
            std::fs::read_to_string("/proc/sys/kernel/hostname")
                .ok()
                .map(|h| h.trim().to_string())
                .filter(|h| !h.is_empty())
                .unwrap_or_else(|| addr.ip().to_string())
        })
    } else {
        addr.ip().to_string()
    };
    nim_tui::text::escape(&host).into_owned()
}

/// Whether `given` is the class code: letters in either case (the projector shows the code in
/// capitals), spaces around it ignored, compared without stopping at the first difference.
pub fn code_matches(code: &str, given: &[u8]) -> bool {
    let fold = |bytes: &[u8]| bytes.trim_ascii().to_ascii_lowercase();
    let (code, given) = (fold(code.as_bytes()), fold(given));
    let mut differ = code.len() ^ given.len();
    for (i, a) in code.iter().enumerate() {
        differ |= usize::from(a ^ given.get(i).copied().unwrap_or(0));
    }
    differ == 0
}

/// Tells systemd how the server is (`READY=1` once it listens, for a `Type=notify` unit;
/// `STOPPING=1`): one datagram to `$NOTIFY_SOCKET`, as sd_notify(3) sends it. Nothing when that is
/// unset (not started by systemd); a failure is logged and never stops the server.
fn notify_systemd(state: &str) {
    let Some(socket) = std::env::var_os("NOTIFY_SOCKET") else { return };
    #[cfg(unix)]
    {
        use std::os::unix::net::UnixDatagram;
        let send = || -> std::io::Result<()> {
            let datagram = UnixDatagram::unbound()?;
            match socket.as_encoded_bytes().strip_prefix(b"@") {
                // An abstract socket (Linux's), named without the '@'.
                #[cfg(target_os = "linux")]
                Some(name) => {
                    use std::os::linux::net::SocketAddrExt;
                    let addr = std::os::unix::net::SocketAddr::from_abstract_name(name)?;
                    datagram.send_to_addr(state.as_bytes(), &addr).map(drop)
                }
                #[cfg(not(target_os = "linux"))]
                Some(_) => Err(std::io::ErrorKind::Unsupported.into()),
                None => datagram.send_to(state.as_bytes(), &socket).map(drop),
            }
        };
        if let Err(e) = send() {
            tracing::warn!("cannot tell systemd {state}: {e}");
        }
    }
    #[cfg(not(unix))]
    let _ = (socket, state);
}

/// The letters a generated class code is made of: no `i`, `l`, `o`, `0` or `1`, which read alike.
const CODE_LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// The length of a generated class code: 31^10 codes, about 49 bits, against at most a few
/// guesses a minute per address ([`guard`]).
pub const CODE_LENGTH: usize = 10;

/// The class code a server has: the one given; else, on an address beyond this machine, one
/// generated ([`CODE_LENGTH`] letters, so that guessing it is hopeless); else (loopback) none.
pub fn class_code(given: Option<&str>, listen: SocketAddr) -> Option<String> {
    match given {
        Some(code) => Some(code.to_string()),
        None if listen.ip().is_loopback() => None,
        None => Some(generate_code()),
    }
}

/// The length of the teacher's token for the web door: 31^20 tokens, about 99 bits.
pub const TOKEN_LENGTH: usize = 20;

/// A new teacher's token for the web door, from the operating system's randomness.
pub fn generate_token() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..TOKEN_LENGTH).map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())])).collect()
}

/// A new class code from the operating system's randomness.
pub fn generate_code() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..CODE_LENGTH).map(|_| char::from(CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())])).collect()
}

/// Ctrl-C (SIGINT) or SIGTERM: caught from the call on, awaited later.
fn wait_for_stop() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let caught = signal(SignalKind::terminate()).and_then(|t| Ok((t, signal(SignalKind::interrupt())?)));
        async move {
            match caught {
                Ok((mut term, mut int)) => {
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = int.recv() => {}
                    }
                }
                Err(e) => {
                    tracing::warn!("cannot catch SIGTERM ({e}); Ctrl-C only");
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_code_is_read_in_either_case_and_without_spaces_around() {
        assert!(code_matches("maths7", b"MATHS7"));
        assert!(code_matches("maths7", b" maths7\n"));
        assert!(!code_matches("maths7", b"maths"));
        assert!(!code_matches("maths7", b"maths77"));
        assert!(!code_matches("maths7", b""));
    }

    #[test]
    fn a_server_open_beyond_this_machine_gets_a_long_generated_code_by_default() {
        let room: SocketAddr = "0.0.0.0:2222".parse().expect("an address");
        let here: SocketAddr = "127.0.0.1:2222".parse().expect("an address");
        let code = class_code(None, room).expect("a code is generated");
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
        assert_ne!(class_code(None, room), class_code(None, room), "two generated codes are the same");
        assert_eq!(class_code(Some("maths"), room).as_deref(), Some("maths"));
        assert_eq!(class_code(None, here), None, "this machine only: no code unless asked");
        // About 49 bits: hopeless at a few guesses a minute.
        assert!((CODE_LETTERS.len() as f64).powi(CODE_LENGTH as i32).log2() > 48.0);
    }

    #[test]
    fn a_connections_log_lines_past_its_burst_are_held_back() {
        // No refill, so that the time the loop takes does not count.
        let budget = Mutex::new(LogBudget::new(0.0, LOG_BURST));
        let peer: SocketAddr = "127.0.0.1:2222".parse().expect("an address");
        let written = (0..100).filter(|_| LogBudget::allow(&budget, peer)).count();
        assert_eq!(written as f64, LOG_BURST, "lines written at once");
    }
}
