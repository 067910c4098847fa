//! The PostgreSQL back end (`--db postgres://…`): the same tables as SQLite's with the same
//! meaning, for a school whose servers share one database.
//!
//! The client is the synchronous `postgres` crate (a blocking wrapper over tokio-postgres): the
//! store writes on a thread of its own, and a blocking call there is what the SQLite back end
//! does too. That wrapper runs a small runtime of its own and may not be called on one of tokio's
//! threads (it would panic); the few callers that are (the server opening its store, a test), get
//! their call made on a short scoped thread instead ([`off_runtime`]). One connection, opened
//! again when it drops: the store's thread is the one writer of a server.
//!
//! Two servers may share the database: the schema is migrated in one transaction under an
//! advisory lock, and every write that adds rows with ids from a sequence takes another advisory
//! lock for its transaction, so that rows are committed in the order of their ids (a host that
//! later reads "everything after id N", as LISTEN/NOTIFY's catching up will, misses none).
//! No TLS: the connection is for a database on the same machine or a private network
//! (`sslmode=require` is refused at the start, said plainly).

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::Duration;

use ::postgres::types::ToSql;
use ::postgres::{Client, Config, NoTls, Row, Transaction};

use super::{
    Activity, ActivityRow, BUSY_WAIT, DbError, FirstMoves, GameRecord, GameRow, Grade, HistoryRow, HostEnded,
    IdKind, LiveGame, LiveKey, MatchStanding, MoveRow, Outcome, Played, PresenceChange, PresenceRow,
    PuzzleBook, PuzzleFigures, PuzzleRating, RatingChange, RatingRow, Readings, RelayRow, Selection,
    Standing, StudentSummary, Told, TournamentGame, TournamentKind, TournamentResult, TournamentRow, VERSION,
    now, seconds, time_of,
};

/// The longest wait for a connection, unless the URL gives its own `connect_timeout`.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a statement of the server's may run (`statement_timeout`): past it PostgreSQL
/// cancels it, and the write is kept and tried again, instead of the store's thread waiting on a
/// stuck query for ever. A report's read-only session has none: it may read a long history.
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(60);

/// The advisory lock (`pg_advisory_xact_lock`) held while the schema is migrated.
const MIGRATION_LOCK: i64 = 0x6e69_6d5f_7475_6901;

/// The advisory lock every transaction that adds rows holds: rows committed in their ids' order.
const WRITE_LOCK: i64 = 0x6e69_6d5f_7475_6902;

/// The advisory lock a transaction adding rows to `relay` holds instead: they are read by id
/// apart from every other table, so they wait for no game being kept.
const RELAY_LOCK: i64 = 0x6e69_6d5f_7475_6903;

/// The channel on which every host says a game was kept (`NOTIFY`, its id as the payload, sent
/// at the commit of the game's transaction): the other hosts, listening, catch up from the rows.
const GAMES_CHANNEL: &str = "nim_tui_games";

/// The channel on which a host says its people changed (`NOTIFY`, its id as the payload, sent at
/// the commit of its new rows in `presence`).
const PRESENCE_CHANNEL: &str = "nim_tui_presence";

/// The channel on which a host says it wrote a row in `relay` for another (the host it is for as
/// the payload, sent at the commit).
const RELAY_CHANNEL: &str = "nim_tui_relay";

/// The table keeping the schema's version (SQLite keeps it in `PRAGMA user_version`).
const VERSION_TABLE: &str = "nim_tui_schema";

/// The schema at each version, in order: a database at version `v` gets every step after it.
/// PostgreSQL came with version 4; its later versions will add steps here, as SQLite's
/// `migrate` adds columns. Integers are BIGINT, flags BOOLEAN, ratings DOUBLE PRECISION; the
/// rows' ids come from sequences (BIGSERIAL), an activity's and a tournament's from sequences
/// of their own that the server reserves from ahead of need (version 8).
/// The only foreign keys are those to `games`, written in the same transaction: a game refers
/// to its activity and tournament by id without one, as in SQLite (whose keys are not enforced),
/// so that a game is never refused for a row another server writes.
const MIGRATIONS: [(i64, &str); 5] = [
    (
        4,
        "
CREATE TABLE players (
    name TEXT PRIMARY KEY,
    first_seen BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE TABLE activities (
    id BIGINT PRIMARY KEY,
    started_at BIGINT NOT NULL,
    ended_at BIGINT,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    heaps TEXT,
    puzzle TEXT,
    hints BOOLEAN NOT NULL,
    time_limit BIGINT,
    started_by TEXT NOT NULL
);
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    started_at BIGINT,
    ended_at BIGINT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    level TEXT NOT NULL,
    start TEXT NOT NULL,
    activity BIGINT
);
CREATE INDEX games_by_time ON games (ended_at);
CREATE INDEX games_by_activity ON games (activity);
CREATE TABLE results (
    id BIGSERIAL PRIMARY KEY,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    level TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'ended_by_server')),
    assisted BOOLEAN NOT NULL,
    moves BIGINT NOT NULL,
    ended_at BIGINT NOT NULL,
    ended_by TEXT NOT NULL DEFAULT 'play',
    counted BOOLEAN NOT NULL DEFAULT TRUE,
    game_id BIGINT REFERENCES games (id)
);
CREATE INDEX results_by_player ON results (player);
CREATE INDEX results_by_time ON results (ended_at);
CREATE INDEX results_by_game ON results (game_id);
CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    player TEXT NOT NULL,
    before TEXT NOT NULL,
    mv TEXT NOT NULL,
    ms BIGINT NOT NULL,
    grade TEXT NOT NULL CHECK (grade IN ('kept', 'missed', 'no_win')),
    better TEXT,
    hardest BOOLEAN,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE progress (
    id BIGSERIAL PRIMARY KEY,
    player TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('lesson', 'puzzle')),
    course TEXT,
    step BIGINT,
    solved BOOLEAN,
    activity BIGINT,
    at BIGINT NOT NULL
);
CREATE INDEX progress_by_time ON progress (at);
CREATE INDEX progress_by_activity ON progress (activity);
CREATE TABLE ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player, game, mode)
);
CREATE TABLE rating_history (
    id BIGSERIAL PRIMARY KEY,
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    game_id BIGINT REFERENCES games (id),
    opponent TEXT NOT NULL,
    moved_first BOOLEAN NOT NULL,
    before DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX rating_history_by_player ON rating_history (player);
CREATE INDEX rating_history_by_time ON rating_history (at);
CREATE TABLE tournaments (
    id BIGINT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('arena', 'round_robin', 'swiss')),
    started_at BIGINT NOT NULL,
    ended_at BIGINT,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    rounds BIGINT,
    seconds BIGINT,
    started_by TEXT NOT NULL
);
CREATE TABLE tournament_games (
    tournament BIGINT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES games (id),
    round BIGINT NOT NULL,
    PRIMARY KEY (tournament, game_id)
);
",
    ),
    // Version 5 (#40): the hosts sharing the database, each with its lease (its times from the
    // database's clock, so that the hosts' own clocks need not agree), and every game in
    // progress on each, so that another host can keep it as ended by the server if its host dies.
    (
        5,
        "
CREATE TABLE hosts (
    id TEXT PRIMARY KEY,
    run BIGINT NOT NULL,
    address TEXT NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL,
    lease_until TIMESTAMPTZ NOT NULL
);
CREATE TABLE live_games (
    id TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    run BIGINT NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    level TEXT NOT NULL,
    start TEXT NOT NULL,
    position TEXT NOT NULL,
    moves BIGINT NOT NULL,
    started_at BIGINT,
    activity BIGINT,
    tournament BIGINT,
    round BIGINT,
    assisted_first BOOLEAN NOT NULL,
    assisted_second BOOLEAN NOT NULL,
    counted BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX live_games_by_host ON live_games (host);
",
    ),
    (
        // Rated puzzles (#39).
        6,
        "
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    tries BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE TABLE puzzle_solvers (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    tries BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE puzzle_answers (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solved BOOLEAN NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (player, puzzle)
);
",
    ),
    // Version 7 (#40): who is on each host and what each is doing (`presence`, a host's rows
    // replaced whole at each change of its list), and what one host tells another (`relay`:
    // challenges and their answers, and the moves of a game between two hosts), read by the
    // host it is for in the order of its ids.
    (
        7,
        "
CREATE TABLE presence (
    host TEXT NOT NULL,
    run BIGINT NOT NULL,
    name TEXT NOT NULL,
    teacher BOOLEAN NOT NULL,
    doing TEXT NOT NULL,
    whom TEXT,
    PRIMARY KEY (host, name)
);
CREATE TABLE relay (
    id BIGSERIAL PRIMARY KEY,
    from_host TEXT NOT NULL,
    to_host TEXT NOT NULL,
    body TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX relay_by_host ON relay (to_host, id);
",
    ),
    // Version 8 (#40): activities' and tournaments' ids from sequences, each starting after the
    // highest kept, so that two hosts giving one at the same moment never give the same.
    (
        8,
        "
CREATE SEQUENCE activity_ids;
SELECT setval('activity_ids', (SELECT COALESCE(MAX(id), 0) + 1 FROM activities), false);
CREATE SEQUENCE tournament_ids;
SELECT setval('tournament_ids', (SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments), false);
",
    ),
];

/// The columns of `results` this server reads and writes.
const COLUMNS: [&str; 12] = [
    "player", "opponent", "game", "mode", "level", "outcome", "assisted", "moves", "ended_at", "ended_by",
    "counted", "game_id",
];

/// A PostgreSQL database as `--db` gave it: the client's settings, and how messages show it.
#[derive(Clone)]
pub struct PgLocation {
    config: Config,
    shown: String,
    /// The password given (in the URL or PGPASSWORD), taken out of every message.
    password: Option<String>,
}

impl PgLocation {
    /// Reads a `postgres://` URL, or says what is wrong with it (the password never shown).
    pub(super) fn parse(url: &str) -> Result<PgLocation, DbError> {
        let bad = |problem: &str| DbError::BadUrl { url: redact(url), problem: problem.to_string() };
        let mut config: Config = url.parse().map_err(|e: postgres::Error| {
            let text = e.to_string();
            bad(&scrub(&text, password_in(url).as_deref()))
        })?;
        if config.get_hosts().is_empty() {
            return Err(bad(
                "no host: name the server (postgres://USER@HOST/DATABASE) or the directory of its socket (postgres://USER@%2Frun%2Fpostgresql/DATABASE)",
            ));
        }
        if config.get_dbname().is_none_or(str::is_empty) {
            return Err(bad("no database: name it after the host (postgres://USER@HOST/DATABASE)"));
        }
        match config.get_ssl_mode() {
            postgres::config::SslMode::Require => {
                return Err(bad(
                    "sslmode=require is not supported yet: the server speaks to PostgreSQL without TLS (a database on this machine or a private network); leave sslmode out",
                ));
            }
            _ => {
                config.ssl_mode(postgres::config::SslMode::Disable);
            }
        }
        if config.get_password().is_none()
            && let Some(password) = std::env::var("PGPASSWORD").ok().filter(|p| !p.is_empty())
        {
            config.password(password);
        }
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("nim-tui-serve");
        }
        let password = config.get_password().map(|p| String::from_utf8_lossy(p).into_owned());
        let shown = shown(&config);
        Ok(PgLocation { config, shown, password })
    }

    /// The URL without its password.
    pub(super) fn shown(&self) -> &str {
        &self.shown
    }
}

/// `postgres://USER@HOST:PORT/DATABASE`, from the settings read (a socket's directory
/// percent-encoded, as a URL writes it).
fn shown(config: &Config) -> String {
    let user = config.get_user().map(|u| format!("{u}@")).unwrap_or_default();
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let name = match host {
                postgres::config::Host::Tcp(name) => name.clone(),
                postgres::config::Host::Unix(dir) => dir.to_string_lossy().replace('/', "%2F"),
            };
            match ports.get(i).or(ports.first()) {
                Some(port) => format!("{name}:{port}"),
                None => name,
            }
        })
        .collect();
    format!("postgres://{user}{}/{}", hosts.join(","), config.get_dbname().unwrap_or_default())
}

/// The password a URL carries (before the host's `@`, or as `password=`), to take it out of
/// what a parser's message may quote.
fn password_in(url: &str) -> Option<String> {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.rsplit_once('@').map(|(before, _)| before);
    let from_authority = authority.and_then(|a| a.split_once(':')).map(|(_, p)| p.to_string());
    let from_query = url
        .split_once('?')
        .and_then(|(_, q)| q.split('&').find_map(|kv| kv.strip_prefix("password=")))
        .map(str::to_string);
    from_authority.or(from_query).filter(|p| !p.is_empty())
}

/// `url` with its password (if any) written as `***`.
pub(super) fn redact(url: &str) -> String {
    let mut out = url.to_string();
    if let Some((scheme, rest)) = url.split_once("://")
        && let Some((authority, host)) = rest.rsplit_once('@')
        && let Some((user, _)) = authority.split_once(':')
    {
        out = format!("{scheme}://{user}:***@{host}");
    }
    if let Some((base, query)) = out.clone().split_once('?') {
        let query: Vec<String> = query
            .split('&')
            .map(|kv| match kv.strip_prefix("password=") {
                Some(_) => "password=***".to_string(),
                None => kv.to_string(),
            })
            .collect();
        out = format!("{base}?{}", query.join("&"));
    }
    nim_tui::text::escape(&out).into_owned()
}

/// `text` with `password` taken out.
fn scrub(text: &str, password: Option<&str>) -> String {
    match password.filter(|p| !p.is_empty()) {
        Some(p) => text.replace(p, "***"),
        None => text.to_string(),
    }
}

/// Runs `f` where the blocking client may run: here, unless this thread drives tokio's tasks;
/// then on a scoped thread of its own, which it waits for.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    if tokio::runtime::Handle::try_current().is_err() {
        return Ok(f());
    }
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new().name("nim-tui-serve postgres".into()).spawn_scoped(s, f)?;
        Ok(handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// A connection of its own that listens for what every host says (`LISTEN`: the games kept, the
/// people on each host, the rows of `relay`), made again when it drops. It also reads the rows
/// it was told of, so that a host's news cost no connection more.
pub(super) struct Listener {
    at: PgLocation,
    client: Option<Client>,
}

impl Listener {
    pub(super) fn new(at: &PgLocation) -> Listener {
        Listener { at: at.clone(), client: None }
    }

    fn fail(&self, e: &postgres::Error) -> DbError {
        DbError::Postgres {
            path: self.at.shown.clone(),
            message: scrub(&e.to_string(), self.at.password.as_deref()),
            busy: true,
        }
    }

    /// Waits at most `timeout` for news from any host: what it was told of, everything when the
    /// connection was just made (anything said while it was not listening is to be caught up
    /// from the rows), nothing when the time passed with none. Notices for `relay` count only
    /// when they are for host `me`.
    pub(super) fn wait(&mut self, timeout: Duration, me: &str) -> Result<Told, DbError> {
        use ::postgres::fallible_iterator::FallibleIterator as _;
        let Some(client) = self.client.as_mut().filter(|c| !c.is_closed()) else {
            let connected = self.at.config.connect(NoTls).and_then(|mut client| {
                client.batch_execute(&format!(
                    "LISTEN {GAMES_CHANNEL}; LISTEN {PRESENCE_CHANNEL}; LISTEN {RELAY_CHANNEL}"
                ))?;
                Ok(client)
            });
            self.client = Some(connected.map_err(|e| self.fail(&e))?);
            return Ok(Told { games: true, presence: true, relay: true });
        };
        let outcome = {
            let mut told = Told::default();
            let mut notifications = client.notifications();
            let mut note = |n: &::postgres::Notification| match n.channel() {
                GAMES_CHANNEL => told.games = true,
                PRESENCE_CHANNEL => told.presence |= n.payload() != me,
                RELAY_CHANNEL => told.relay |= n.payload() == me,
                _ => {}
            };
            let first = notifications.timeout_iter(timeout).next();
            match first {
                Ok(Some(n)) => {
                    note(&n);
                    // The others that came with it: one reading of the rows serves them all.
                    while let Ok(Some(n)) = notifications.iter().next() {
                        note(&n);
                    }
                    Ok(told)
                }
                Ok(None) => Ok(told),
                Err(e) => Err(e),
            }
        };
        outcome.map_err(|e| {
            self.client = None;
            self.fail(&e)
        })
    }

    fn client(&mut self) -> Result<&mut Client, DbError> {
        match self.client.as_mut().filter(|c| !c.is_closed()) {
            Some(client) => Ok(client),
            None => Err(DbError::Postgres {
                path: self.at.shown.clone(),
                message: "the listening connection is not made".into(),
                busy: true,
            }),
        }
    }

    /// The people on every other host whose lease runs, by host and name.
    pub(super) fn presence(&mut self, me: &str) -> Result<Vec<PresenceRow>, DbError> {
        let rows = self
            .client()?
            .query(
                "SELECT p.host, p.name, p.teacher, p.doing, p.whom FROM presence p
                 JOIN hosts h ON h.id = p.host AND h.run = p.run
                 WHERE p.host <> $1 AND h.lease_until > clock_timestamp()
                 ORDER BY p.host, p.name",
                &[&me],
            )
            .map_err(|e| {
                self.client = None;
                self.fail(&e)
            })?;
        rows.iter()
            .map(|r| {
                Ok(PresenceRow {
                    host: r.try_get(0)?,
                    name: r.try_get(1)?,
                    teacher: r.try_get(2)?,
                    doing: r.try_get(3)?,
                    whom: r.try_get(4)?,
                })
            })
            .collect::<Result<_, postgres::Error>>()
            .map_err(|e| self.fail(&e))
    }

    /// The hosts whose lease runs now.
    pub(super) fn live_hosts(&mut self) -> Result<Vec<String>, DbError> {
        let rows = self
            .client()?
            .query("SELECT id FROM hosts WHERE lease_until > clock_timestamp() ORDER BY id", &[])
            .map_err(|e| {
                self.client = None;
                self.fail(&e)
            })?;
        rows.iter().map(|r| r.try_get(0)).collect::<Result<_, postgres::Error>>().map_err(|e| self.fail(&e))
    }

    /// The rows of `relay` for host `me` with an id above `after`, by id; those up to `after`
    /// (read before) are removed.
    pub(super) fn relay_after(&mut self, me: &str, after: i64) -> Result<Vec<RelayRow>, DbError> {
        let client = self.client()?;
        let read = client
            .execute("DELETE FROM relay WHERE to_host = $1 AND id <= $2", &[&me, &after])
            .and_then(|_| {
                client.query(
                    "SELECT id, from_host, body FROM relay WHERE to_host = $1 AND id > $2 ORDER BY id",
                    &[&me, &after],
                )
            });
        let rows = read.map_err(|e| {
            self.client = None;
            self.fail(&e)
        })?;
        rows.iter()
            .map(|r| Ok(RelayRow { id: r.try_get(0)?, from_host: r.try_get(1)?, body: r.try_get(2)? }))
            .collect::<Result<_, postgres::Error>>()
            .map_err(|e| self.fail(&e))
    }
}

/// What went wrong inside a call: PostgreSQL's error, or one of ours.
enum Fault {
    Pg(postgres::Error),
    Db(DbError),
}

impl From<postgres::Error> for Fault {
    fn from(e: postgres::Error) -> Fault {
        Fault::Pg(e)
    }
}

/// The PostgreSQL database: one connection, made again when it drops.
pub(super) struct Postgres {
    at: PgLocation,
    client: Mutex<Option<Client>>,
    read_only: bool,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // The client's drop says goodbye to the server through its runtime: off tokio's threads.
        let client = self.client.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        if let Some(client) = client {
            let _ = off_runtime(move || drop(client));
        }
    }
}

impl Postgres {
    /// Connects, and migrates the schema (to write) or checks its version (to read only).
    pub(super) fn open(at: &PgLocation, read_only: bool) -> Result<Postgres, DbError> {
        let db = Postgres { at: at.clone(), client: Mutex::new(None), read_only };
        let shown = at.shown.clone();
        db.with(move |client| {
            let mut tx = client.transaction()?;
            if !read_only {
                tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
            }
            let regclass = |tx: &mut Transaction, name: &str| -> Result<bool, postgres::Error> {
                tx.query_one("SELECT to_regclass($1) IS NOT NULL", &[&name])?.try_get(0)
            };
            let found: i64 = match (regclass(&mut tx, VERSION_TABLE)?, regclass(&mut tx, "results")?) {
                (true, _) => tx
                    .query_opt(&format!("SELECT version FROM {VERSION_TABLE}"), &[])?
                    .map(|r| r.try_get(0))
                    .transpose()?
                    .unwrap_or(0),
                (false, true) => return Err(Fault::Db(DbError::NotOurs { path: shown.clone() })),
                (false, false) if read_only => {
                    return Err(Fault::Db(DbError::NotOurs { path: shown.clone() }));
                }
                (false, false) => 0,
            };
            if found > VERSION {
                return Err(Fault::Db(DbError::Newer { path: shown.clone(), found, known: VERSION }));
            }
            if read_only {
                if found < VERSION {
                    return Err(Fault::Db(DbError::Older { path: shown.clone(), found, known: VERSION }));
                }
                // The session reads only (`connect`): nothing to commit.
                tx.commit()?;
                return Ok(());
            }
            if found < VERSION {
                tx.batch_execute(&format!(
                    "CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version BIGINT NOT NULL)"
                ))?;
                for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > found) {
                    tx.batch_execute(sql)?;
                    tracing::info!(to = version, "database migrated");
                }
                tx.execute(&format!("DELETE FROM {VERSION_TABLE}"), &[])?;
                tx.execute(&format!("INSERT INTO {VERSION_TABLE} (version) VALUES ($1)"), &[&VERSION])?;
            }
            let have: Vec<String> = tx
                .query(
                    "SELECT column_name::TEXT FROM information_schema.columns
                     WHERE table_schema = current_schema() AND table_name = 'results'",
                    &[],
                )?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<_, _>>()?;
            if let Some(missing) = COLUMNS.iter().find(|c| !have.iter().any(|h| h == *c)) {
                return Err(Fault::Db(DbError::Unknown {
                    path: shown.clone(),
                    column: (*missing).to_string(),
                }));
            }
            tx.commit()?;
            Ok(())
        })?;
        Ok(db)
    }

    pub(super) fn shown(&self) -> &str {
        &self.at.shown
    }

    /// A listener on the games every host keeps, on a connection of its own.
    pub(super) fn listener(&self) -> Listener {
        Listener::new(&self.at)
    }

    fn connect(&self) -> Result<Client, postgres::Error> {
        let mut client = self.at.config.connect(NoTls)?;
        // Another server's lock (or a teacher's psql) is waited for this long; past it the store
        // keeps the result and tries again, as with SQLite's busy wait.
        client.batch_execute(&format!("SET lock_timeout = {}", BUSY_WAIT.as_millis()))?;
        if self.read_only {
            client.batch_execute("SET default_transaction_read_only = on")?;
        } else {
            client.batch_execute(&format!("SET statement_timeout = {}", STATEMENT_TIMEOUT.as_millis()))?;
        }
        Ok(client)
    }

    /// Runs `f` with the connection (made first if there is none, or it has dropped); an error
    /// that leaves the connection unusable drops it, to be made again on the next call.
    fn with<T: Send>(&self, f: impl FnOnce(&mut Client) -> Result<T, Fault> + Send) -> Result<T, DbError> {
        let mut guard = self.client.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let slot: &mut Option<Client> = &mut guard;
        let outcome = off_runtime(move || {
            if slot.as_ref().is_none_or(Client::is_closed) {
                *slot = None;
                *slot = Some(self.connect()?);
            }
            let Some(client) = slot.as_mut() else { unreachable!("the connection was made just above") };
            let answer = f(client);
            if let Err(Fault::Pg(e)) = &answer
                && (e.is_closed() || e.as_db_error().is_none())
            {
                *slot = None;
            }
            answer
        });
        match outcome {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(Fault::Db(e))) => Err(e),
            Ok(Err(Fault::Pg(e))) => Err(self.error(&e)),
            Err(e) => Err(DbError::thread(&self.at.shown, e)),
        }
    }

    /// PostgreSQL's error as this server says it: its message (and code), the password out.
    fn error(&self, e: &postgres::Error) -> DbError {
        let (message, busy) = match e.as_db_error() {
            Some(db) => {
                let code = db.code().code();
                // Conflicts, a statement past its time and a server going away are worth another
                // try; a refused password,
                // a missing database or a bad query are not.
                let busy =
                    matches!(code, "40001" | "40P01" | "55P03" | "57014" | "57P01" | "57P02" | "57P03")
                        || code.starts_with("08");
                (format!("{} (SQLSTATE {code})", db.message()), busy)
            }
            // The connection itself: refused, dropped, timed out. The client's own words
            // ("error connecting to server") with the reason under them ("Connection refused").
            None => {
                let mut message = e.to_string();
                let mut source = std::error::Error::source(e);
                while let Some(cause) = source {
                    let text = cause.to_string();
                    if !message.contains(&text) {
                        message = format!("{message}: {text}");
                    }
                    source = cause.source();
                }
                (message, true)
            }
        };
        DbError::Postgres {
            path: self.at.shown.clone(),
            message: scrub(&message, self.at.password.as_deref()),
            busy,
        }
    }

    /// Starts a transaction that adds rows: holding the write lock, so that rows from every
    /// server are committed in the order of their ids.
    fn writing(client: &mut Client) -> Result<Transaction<'_>, postgres::Error> {
        Self::holding(client, WRITE_LOCK)
    }

    /// Starts a transaction holding the advisory lock `lock`.
    fn holding(client: &mut Client, lock: i64) -> Result<Transaction<'_>, postgres::Error> {
        let mut tx = client.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&lock])?;
        Ok(tx)
    }

    pub(super) fn seen(&self, name: &str) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO players (name, first_seen, last_seen) VALUES ($1, $2, $2)
                 ON CONFLICT (name) DO UPDATE SET last_seen = EXCLUDED.last_seen",
                &[&name, &now()],
            )?;
            Ok(())
        })
    }

    pub(super) fn record(&self, row: &GameRow, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            insert_result(&mut tx, row, at, None)?;
            tx.commit()?;
            Ok(())
        })
    }

    pub(super) fn record_game_rated(
        &self,
        played: &Played,
        at: i64,
        changes: &[RatingChange],
        live: Option<&LiveKey>,
    ) -> Result<Option<i64>, DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            if let Some(key) = live {
                // The game was in progress on this host's lease: if another host took that lease
                // over (this host was out of touch too long), it already kept the game as ended
                // by the server, and this result is not kept a second time. The host's row is
                // held until the commit, so that a takeover waits for it or it for the takeover.
                let held = tx.query_opt(
                    "SELECT 1 FROM hosts WHERE id = $1 AND run = $2 FOR SHARE",
                    &[&key.host, &key.run],
                )?;
                if held.is_none() {
                    return Ok(None);
                }
                tx.execute("DELETE FROM live_games WHERE id = $1", &[&key.id])?;
            }
            let id = insert_game(&mut tx, played, at, changes)?;
            tx.commit()?;
            Ok(Some(id))
        })
    }

    /// Registers host `host` (at `address`) with a new run and a lease of `lease`, first ending
    /// the games a former run of it left in progress (as ended by the server, `ended_by`), in
    /// one transaction. `Err(DbError::HostHeld)` while another process holds the id's lease.
    pub(super) fn host_register(
        &self,
        host: &str,
        address: &str,
        lease: Duration,
        run: i64,
    ) -> Result<(Vec<i64>, Option<Duration>), DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            let held = tx.query_opt(
                "SELECT GREATEST(0, EXTRACT(EPOCH FROM (lease_until - clock_timestamp())))::FLOAT8
                 FROM hosts WHERE id = $1 FOR UPDATE",
                &[&host],
            )?;
            if let Some(left) = held {
                let left: f64 = left.try_get(0)?;
                if left > 0.0 {
                    // The lease runs yet: the former run may be alive. The caller waits it out.
                    return Ok((Vec::new(), Some(Duration::from_secs_f64(left))));
                }
            }
            let ended = end_host(&mut tx, host, super::HOST_LOST)?;
            tx.execute(
                "INSERT INTO hosts (id, run, address, started_at, heartbeat, lease_until)
                 VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp(), clock_timestamp() + make_interval(secs => $4))",
                &[&host, &run, &address, &lease.as_secs_f64()],
            )?;
            tx.commit()?;
            Ok((ended, None))
        })
    }

    /// Renews run `run` of `host`'s lease for `lease` from now (the database's clock); false when
    /// the row is gone (another host took the lease over).
    pub(super) fn host_renew(&self, host: &str, run: i64, lease: Duration) -> Result<bool, DbError> {
        self.with(|c| {
            let n = c.execute(
                "UPDATE hosts SET heartbeat = clock_timestamp(),
                    lease_until = clock_timestamp() + make_interval(secs => $3)
                 WHERE id = $1 AND run = $2",
                &[&host, &run, &lease.as_secs_f64()],
            )?;
            Ok(n == 1)
        })
    }

    /// Every other host whose lease has run out: its games in progress kept as ended by the
    /// server, its rows removed, in one transaction (a second host doing the same waits for the
    /// first's row locks and then finds the rows gone).
    pub(super) fn take_over_expired(&self, me: &str) -> Result<Vec<HostEnded>, DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            let hosts: Vec<String> = tx
                .query(
                    "SELECT id FROM hosts WHERE lease_until < clock_timestamp() AND id <> $1 ORDER BY id FOR UPDATE",
                    &[&me],
                )?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<_, _>>()?;
            let mut out = Vec::new();
            for host in hosts {
                let games = end_host(&mut tx, &host, super::HOST_LOST)?;
                out.push(HostEnded { host, games });
            }
            tx.commit()?;
            Ok(out)
        })
    }

    /// Run `run` of `host` stops: any game it still has in progress is kept as ended by the
    /// server (`server stopped`), and its row removed.
    pub(super) fn host_leave(&self, host: &str, run: i64) -> Result<Vec<i64>, DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            let mine =
                tx.query_opt("SELECT 1 FROM hosts WHERE id = $1 AND run = $2 FOR UPDATE", &[&host, &run])?;
            if mine.is_none() {
                return Ok(Vec::new());
            }
            let games = end_host(&mut tx, host, "server stopped")?;
            tx.commit()?;
            Ok(games)
        })
    }

    /// Keeps (or brings up to date) a game in progress, while its host's run holds its lease.
    pub(super) fn live_game(&self, g: &LiveGame) -> Result<(), DbError> {
        self.with(|c| {
            let tournament = g.tournament.map(|t| t.tournament);
            let round = g.tournament.map(|t| i64::from(t.round));
            c.execute(
                "INSERT INTO live_games (id, host, run, first, second, game, mode, level, start, position, moves,
                    started_at, activity, tournament, round, assisted_first, assisted_second, counted, updated_at)
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19
                 WHERE EXISTS (SELECT 1 FROM hosts WHERE id = $2 AND run = $3 FOR SHARE)
                 ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, moves = EXCLUDED.moves,
                    assisted_first = EXCLUDED.assisted_first, assisted_second = EXCLUDED.assisted_second,
                    counted = EXCLUDED.counted, updated_at = EXCLUDED.updated_at",
                &[
                    &g.key.id,
                    &g.key.host,
                    &g.key.run,
                    &g.players[0],
                    &g.players[1],
                    &g.game,
                    &g.mode,
                    &g.level,
                    &g.start,
                    &g.position,
                    &i64::from(g.moves),
                    &g.started_at.map(seconds),
                    &g.activity,
                    &tournament,
                    &round,
                    &g.assisted[0],
                    &g.assisted[1],
                    &g.counted,
                    &now(),
                ],
            )?;
            Ok(())
        })
    }

    /// A game in progress that ended without a result to keep (taken back to its start, say).
    pub(super) fn live_gone(&self, key: &LiveKey) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("DELETE FROM live_games WHERE id = $1", &[&key.id])?;
            Ok(())
        })
    }

    /// The games in progress kept now, oldest first.
    pub(super) fn live_games(&self) -> Result<Vec<LiveGame>, DbError> {
        self.with(|c| {
            Ok(c.query(&format!("SELECT {LIVE} FROM live_games ORDER BY id"), &[])?
                .iter()
                .map(live)
                .collect::<Result<_, _>>()?)
        })
    }

    /// Host `host`'s people changed (while its run `run` holds its lease): written whole in
    /// place of those it had, or only the rows that changed and the names that went; said to
    /// the other hosts at the commit. A few statements whatever the number of people.
    pub(super) fn presence_change(
        &self,
        host: &str,
        run: i64,
        change: &PresenceChange<'_>,
    ) -> Result<(), DbError> {
        let (set, gone): (&[PresenceRow], &[String]) = match change {
            PresenceChange::Whole(rows) => (rows, &[]),
            PresenceChange::Delta { set, gone } => (set, gone),
        };
        let names: Vec<&str> = set.iter().map(|p| p.name.as_str()).collect();
        let teachers: Vec<bool> = set.iter().map(|p| p.teacher).collect();
        let doings: Vec<&str> = set.iter().map(|p| p.doing.as_str()).collect();
        let whoms: Vec<Option<&str>> = set.iter().map(|p| p.whom.as_deref()).collect();
        self.with(|c| {
            let mut tx = c.transaction()?;
            let held = tx.query_opt("SELECT 1 FROM hosts WHERE id = $1 AND run = $2 FOR SHARE", &[&host, &run])?;
            if held.is_none() {
                return Ok(());
            }
            if matches!(change, PresenceChange::Whole(_)) {
                tx.execute("DELETE FROM presence WHERE host = $1", &[&host])?;
            }
            if !gone.is_empty() {
                tx.execute("DELETE FROM presence WHERE host = $1 AND name = ANY($2)", &[&host, &gone])?;
            }
            if !set.is_empty() {
                tx.execute(
                    "INSERT INTO presence (host, run, name, teacher, doing, whom)
                     SELECT $1, $2, n, t, d, w FROM unnest($3::text[], $4::bool[], $5::text[], $6::text[]) AS u(n, t, d, w)
                     ON CONFLICT (host, name) DO UPDATE
                     SET run = EXCLUDED.run, teacher = EXCLUDED.teacher, doing = EXCLUDED.doing, whom = EXCLUDED.whom",
                    &[&host, &run, &names, &teachers, &doings, &whoms],
                )?;
            }
            tx.execute("SELECT pg_notify($1, $2)", &[&PRESENCE_CHANNEL, &host])?;
            tx.commit()?;
            Ok(())
        })
    }

    /// Rows of `relay` from host `from`, each `(to, body)`, their ids in the order given, in
    /// one transaction; each host they are for is told once at the commit.
    pub(super) fn relay_send(&self, from: &str, rows: &[(String, String)]) -> Result<(), DbError> {
        if rows.is_empty() {
            return Ok(());
        }
        let to: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        let bodies: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
        let mut hosts = to.clone();
        hosts.sort_unstable();
        hosts.dedup();
        self.with(|c| {
            let mut tx = Self::holding(c, RELAY_LOCK)?;
            // The rows are made in the order of the arrays (ORDER BY the place in them), so
            // their ids, drawn as each row is made, keep it.
            tx.execute(
                "INSERT INTO relay (from_host, to_host, body, at)
                 SELECT $1, t, b, $4 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(t, b, n) ORDER BY n",
                &[&from, &to, &bodies, &now()],
            )?;
            for host in &hosts {
                tx.execute("SELECT pg_notify($1, $2)", &[&RELAY_CHANNEL, host])?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    /// The highest id of `relay` (0 when it is empty): a host starting reads what comes after.
    pub(super) fn last_relay_id(&self) -> Result<i64, DbError> {
        self.with(|c| Ok(c.query_one("SELECT COALESCE(MAX(id), 0) FROM relay", &[])?.try_get(0)?))
    }

    /// The highest game id kept (0 when there is none).
    pub(super) fn last_game_id(&self) -> Result<i64, DbError> {
        self.with(|c| Ok(c.query_one("SELECT COALESCE(MAX(id), 0) FROM games", &[])?.try_get(0)?))
    }

    /// Every game whose id is above `after`, by id, with its results and moves: what other hosts
    /// kept since this one last looked (the write lock commits games in their ids' order, so
    /// none is passed over).
    pub(super) fn games_after(&self, after: i64) -> Result<Vec<GameRecord>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT id, started_at, ended_at, game, mode, level, start, activity FROM games
                 WHERE id > $1 ORDER BY id",
                &[&after],
            )?;
            let mut games: Vec<GameRecord> =
                rows.iter().map(record).collect::<Result<_, postgres::Error>>()?;
            fill(c, &mut games)?;
            Ok(games)
        })
    }

    pub(super) fn ratings(&self) -> Result<Vec<RatingRow>, DbError> {
        self.ratings_where(None)
    }

    /// The ratings of `players` alone, as [`Self::ratings`] gives them.
    pub(super) fn ratings_of(&self, players: &[String]) -> Result<Vec<RatingRow>, DbError> {
        self.ratings_where(Some(players))
    }

    fn ratings_where(&self, players: Option<&[String]>) -> Result<Vec<RatingRow>, DbError> {
        let all: Vec<String> = players.map(<[String]>::to_vec).unwrap_or_default();
        let every = players.is_none();
        self.with(|c| {
            let rows = c.query(
                "SELECT r.player, r.game, r.mode, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r
                 WHERE $1 OR r.player = ANY($2)
                 ORDER BY r.player COLLATE \"C\", (SELECT MAX(h.id) FROM rating_history h
                    WHERE h.player = r.player AND h.game = r.game AND h.mode = r.mode) DESC NULLS LAST",
                &[&every, &all],
            )?;
            rows.iter()
                .map(|r| {
                    Ok(RatingRow {
                        player: r.try_get(0)?,
                        game: r.try_get(1)?,
                        mode: r.try_get(2)?,
                        rating: nim_tui::rating::Rating {
                            rating: r.try_get(3)?,
                            deviation: r.try_get(4)?,
                            volatility: r.try_get(5)?,
                        },
                        games: count(r, 6)?,
                    })
                })
                .collect()
        })
    }

    pub(super) fn first_moves(&self) -> Result<FirstMoves, DbError> {
        self.first_moves_where(None)
    }

    /// The first moves of `players` alone (each as the player), as [`Self::first_moves`] counts
    /// them.
    pub(super) fn first_moves_of(&self, players: &[String]) -> Result<FirstMoves, DbError> {
        self.first_moves_where(Some(players))
    }

    fn first_moves_where(&self, players: Option<&[String]>) -> Result<FirstMoves, DbError> {
        let all: Vec<String> = players.map(<[String]>::to_vec).unwrap_or_default();
        let every = players.is_none();
        self.with(|c| {
            let rows = c.query(
                "SELECT player, opponent, game, mode, COUNT(*) FILTER (WHERE moved_first) FROM rating_history
                 WHERE opponent NOT LIKE 'ai:%' AND ($1 OR player = ANY($2))
                 GROUP BY player, opponent, game, mode",
                &[&every, &all],
            )?;
            rows.iter()
                .map(|r| Ok(((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?), count(r, 4)?)))
                .collect()
        })
    }

    pub(super) fn rating_history(&self, selection: Selection) -> Result<Vec<HistoryRow>, DbError> {
        self.with(|c| {
            let (cond, args) = filter(selection, "h.at", "g.activity");
            let previous = |column: &str| {
                format!(
                    "(SELECT p.{column} FROM rating_history p WHERE p.player = h.player AND p.game = h.game
                        AND p.mode = h.mode AND p.id < h.id ORDER BY p.id DESC LIMIT 1)"
                )
            };
            let rows = c.query(
                &format!(
                    "SELECT h.player, h.game, h.mode, h.opponent, h.moved_first, h.before, h.rating, h.deviation,
                            h.volatility, h.game_id, h.at, {}, {}
                     FROM rating_history h LEFT JOIN games g ON g.id = h.game_id
                     WHERE {cond} ORDER BY h.id",
                    previous("deviation"),
                    previous("volatility")
                ),
                &params(&args),
            )?;
            rows.iter()
                .map(|r| {
                    let start = nim_tui::rating::START;
                    let before = nim_tui::rating::Rating {
                        rating: r.try_get(5)?,
                        deviation: r.try_get::<_, Option<f64>>(11)?.unwrap_or(start.deviation),
                        volatility: r.try_get::<_, Option<f64>>(12)?.unwrap_or(start.volatility),
                    };
                    Ok(HistoryRow {
                        change: RatingChange {
                            player: r.try_get(0)?,
                            game: r.try_get(1)?,
                            mode: r.try_get(2)?,
                            opponent: r.try_get(3)?,
                            moved_first: r.try_get(4)?,
                            before,
                            after: nim_tui::rating::Rating {
                                rating: r.try_get(6)?,
                                deviation: r.try_get(7)?,
                                volatility: r.try_get(8)?,
                            },
                        },
                        game_id: r.try_get(9)?,
                        at: r.try_get(10)?,
                    })
                })
                .collect()
        })
    }

    pub(super) fn tournament_started(&self, t: &TournamentRow) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO tournaments (id, kind, started_at, game, mode, rounds, seconds, started_by)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                &[
                    &t.id,
                    &t.kind.as_str(),
                    &t.started_at,
                    &t.game,
                    &t.mode,
                    &t.rounds.map(i64::from),
                    &t.seconds.map(i64::from),
                    &t.started_by,
                ],
            )?;
            Ok(())
        })
    }

    pub(super) fn tournament_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE tournaments SET ended_at = $2 WHERE id = $1", &[&id, &at])?;
            Ok(())
        })
    }

    pub(super) fn tournaments(&self) -> Result<Vec<TournamentRow>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT id, kind, started_at, ended_at, game, mode, rounds, seconds, started_by
                 FROM tournaments ORDER BY id",
                &[],
            )?;
            rows.iter()
                .map(|r| {
                    let kind: String = r.try_get(1)?;
                    Ok(TournamentRow {
                        id: r.try_get(0)?,
                        kind: TournamentKind::parse(&kind).unwrap_or(TournamentKind::Arena),
                        started_at: r.try_get(2)?,
                        ended_at: r.try_get(3)?,
                        game: r.try_get(4)?,
                        mode: r.try_get(5)?,
                        rounds: count_opt(r, 6)?,
                        seconds: count_opt(r, 7)?,
                        started_by: r.try_get(8)?,
                    })
                })
                .collect()
        })
    }

    pub(super) fn tournament_results(&self, id: i64) -> Result<Vec<TournamentResult>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT t.game_id, t.round,
                        (SELECT m.player FROM moves m WHERE m.game_id = t.game_id ORDER BY m.ply LIMIT 1),
                        (SELECT r.player FROM results r WHERE r.game_id = t.game_id ORDER BY r.id LIMIT 1),
                        (SELECT r.opponent FROM results r WHERE r.game_id = t.game_id ORDER BY r.id LIMIT 1),
                        (SELECT r.player FROM results r WHERE r.game_id = t.game_id AND r.outcome = 'won'
                            ORDER BY r.id LIMIT 1)
                 FROM tournament_games t WHERE t.tournament = $1 ORDER BY t.game_id",
                &[&id],
            )?;
            rows.iter()
                .map(|r| {
                    let (player, opponent): (String, String) = (r.try_get(3)?, r.try_get(4)?);
                    let first: String = r.try_get::<_, Option<String>>(2)?.unwrap_or_else(|| player.clone());
                    let second = if first == player { opponent } else { player };
                    Ok(TournamentResult {
                        game_id: r.try_get(0)?,
                        round: count(r, 1)?,
                        first,
                        second,
                        winner: r.try_get(5)?,
                    })
                })
                .collect()
        })
    }

    pub(super) fn activity_started(&self, a: &ActivityRow) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO activities (id, started_at, game, mode, heaps, puzzle, hints, time_limit, started_by)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                &[
                    &a.id,
                    &seconds(a.started_at),
                    &a.game,
                    &a.mode,
                    &a.heaps,
                    &a.puzzle,
                    &a.hints,
                    &a.time_limit.map(i64::from),
                    &a.started_by,
                ],
            )?;
            Ok(())
        })
    }

    pub(super) fn activity_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE activities SET ended_at = $2 WHERE id = $1", &[&id, &at])?;
            Ok(())
        })
    }

    pub(super) fn lesson_done(&self, player: &str, course: &str, step: u32, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            let mut tx = Self::writing(c)?;
            tx.execute(
                "INSERT INTO progress (player, kind, course, step, at) VALUES ($1, 'lesson', $2, $3, $4)",
                &[&player, &course, &i64::from(step), &at],
            )?;
            tx.commit()?;
            Ok(())
        })
    }

    pub(super) fn puzzle_done(
        &self,
        player: &str,
        solved: bool,
        activity: Option<i64>,
        at: i64,
        rated: Option<&PuzzleRating>,
    ) -> Result<(), DbError> {
        let rated = rated.cloned();
        self.with(move |c| {
            let mut tx = Self::writing(c)?;
            tx.execute(
                "INSERT INTO progress (player, kind, solved, activity, at) VALUES ($1, 'puzzle', $2, $3, $4)",
                &[&player, &solved, &activity, &at],
            )?;
            if let Some(r) = &rated {
                tx.execute(
                    "INSERT INTO puzzle_answers (player, puzzle, solved, at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (player, puzzle) DO NOTHING",
                    &[&player, &r.puzzle, &solved, &at],
                )?;
                let wide = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
                let (p, q) = (&r.player, &r.puzzle_after);
                tx.execute(
                    "INSERT INTO puzzle_solvers (player, game, rating, deviation, volatility, tries, solved, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                     ON CONFLICT (player, game) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
                        tries = $6, solved = $7, updated_at = $8",
                    &[
                        &player,
                        &r.game,
                        &p.rating.rating,
                        &p.rating.deviation,
                        &p.rating.volatility,
                        &wide(p.tries),
                        &wide(p.solved),
                        &at,
                    ],
                )?;
                tx.execute(
                    "INSERT INTO puzzle_ratings (puzzle, game, rating, deviation, volatility, tries, solved, updated_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                     ON CONFLICT (puzzle) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
                        tries = $6, solved = $7, updated_at = $8",
                    &[
                        &r.puzzle,
                        &r.game,
                        &q.rating.rating,
                        &q.rating.deviation,
                        &q.rating.volatility,
                        &wide(q.tries),
                        &wide(q.solved),
                        &at,
                    ],
                )?;
            }
            tx.commit()?;
            Ok(())
        })
    }

    pub(super) fn puzzle_book(&self) -> Result<PuzzleBook, DbError> {
        self.with(|c| {
            let figures = |r: &Row, at: usize| -> Result<PuzzleFigures, postgres::Error> {
                let narrow = |n: i64| u64::try_from(n).unwrap_or(0);
                Ok(PuzzleFigures {
                    rating: nim_tui::rating::Rating {
                        rating: r.try_get(at)?,
                        deviation: r.try_get(at + 1)?,
                        volatility: r.try_get(at + 2)?,
                    },
                    tries: narrow(r.try_get(at + 3)?),
                    solved: narrow(r.try_get(at + 4)?),
                })
            };
            let mut book = PuzzleBook::default();
            for r in c.query(
                "SELECT puzzle, rating, deviation, volatility, tries, solved FROM puzzle_ratings",
                &[],
            )? {
                book.puzzles.insert(r.try_get(0)?, figures(&r, 1)?);
            }
            for r in c.query(
                "SELECT player, game, rating, deviation, volatility, tries, solved FROM puzzle_solvers",
                &[],
            )? {
                book.solvers.insert((r.try_get(0)?, r.try_get(1)?), figures(&r, 2)?);
            }
            for r in c.query("SELECT player, puzzle FROM puzzle_answers", &[])? {
                book.answered.insert((r.try_get(0)?, r.try_get(1)?));
            }
            Ok(book)
        })
    }

    pub(super) fn reserve_ids(&self, kind: IdKind, _after: i64, count: u32) -> Result<Vec<i64>, DbError> {
        // Each nextval is this host's alone, whatever the other hosts take at the same moment.
        let sql = format!("SELECT nextval('{}') FROM generate_series(1, $1::bigint)", kind.sequence());
        self.with(move |c| {
            let rows = c.query(&sql, &[&i64::from(count)])?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    pub(super) fn latest_activity_ids(&self, limit: u32) -> Result<Vec<i64>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT id FROM activities ORDER BY started_at DESC, id DESC LIMIT $1",
                &[&i64::from(limit)],
            )?;
            Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?)
        })
    }

    pub(super) fn activity(&self, id: i64) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let row = c.query_opt(&format!("SELECT {ACTIVITY} FROM activities WHERE id = $1"), &[&id])?;
            Ok(row.as_ref().map(activity).transpose()?)
        })
    }

    pub(super) fn latest_activity(&self) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let row = c.query_opt(
                &format!("SELECT {ACTIVITY} FROM activities ORDER BY started_at DESC, id DESC LIMIT 1"),
                &[],
            )?;
            Ok(row.as_ref().map(activity).transpose()?)
        })
    }

    pub(super) fn lesson_steps(&self) -> Result<Vec<(String, String, u32)>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT DISTINCT player COLLATE \"C\", course COLLATE \"C\", step FROM progress WHERE kind = 'lesson'
                 ORDER BY 1, 2, 3",
                &[],
            )?;
            rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, count(r, 2)?))).collect()
        })
    }

    pub(super) fn summaries(
        &self,
        selection: Selection,
    ) -> Result<BTreeMap<String, StudentSummary>, DbError> {
        self.with(|c| {
            let mut out: BTreeMap<String, StudentSummary> = BTreeMap::new();
            let (cond, args) = filter(selection, "r.ended_at", "g.activity");
            let rows = c.query(
                &format!(
                    "SELECT r.player, COUNT(*), COUNT(*) FILTER (WHERE r.outcome = 'won'),
                            COUNT(*) FILTER (WHERE r.outcome = 'lost'),
                            COUNT(*) FILTER (WHERE r.outcome = 'lost' AND r.ended_by = 'left by ' || r.player),
                            COUNT(*) FILTER (WHERE r.outcome = 'ended_by_server'), COUNT(*) FILTER (WHERE r.assisted),
                            MIN(r.ended_at), MAX(r.ended_at)
                     FROM results r LEFT JOIN games g ON g.id = r.game_id
                     WHERE {cond} GROUP BY r.player"
                ),
                &params(&args),
            )?;
            for r in &rows {
                let s = out.entry(r.try_get(0)?).or_default();
                s.games = count(r, 1)?;
                s.won = count(r, 2)?;
                s.lost = count(r, 3)?;
                s.abandoned = count(r, 4)?;
                s.ended_by_server = count(r, 5)?;
                s.assisted = count(r, 6)?;
                s.seen_at(r.try_get(7)?);
                s.seen_at(r.try_get(8)?);
            }
            // The latest game of each: the row written last.
            let rows = c.query(
                &format!(
                    "SELECT {RESULT} FROM results
                     WHERE id IN (SELECT MAX(r.id) FROM results r LEFT JOIN games g ON g.id = r.game_id
                                  WHERE {cond} GROUP BY r.player)"
                ),
                &params(&args),
            )?;
            for r in &rows {
                let last = row(r)?;
                let player = last.player.clone();
                out.entry(player).or_default().last_game = Some(last);
            }
            moves_and_progress(c, selection, &mut out)?;
            Ok(out)
        })
    }

    pub(super) fn readings(&self) -> Result<Readings, DbError> {
        self.with(|c| {
            let mut out = Readings::default();
            let mut last: HashMap<String, i64> = HashMap::new();
            let rows = c.query(
                "SELECT player, opponent = 'ai', game, level, counted,
                        COUNT(*) FILTER (WHERE outcome = 'won' AND NOT assisted), COUNT(*) FILTER (WHERE outcome = 'won'),
                        COUNT(*) FILTER (WHERE outcome = 'lost'),
                        COUNT(*) FILTER (WHERE outcome = 'lost' AND ended_by = 'left by ' || player),
                        COUNT(*) FILTER (WHERE outcome = 'ended_by_server'), COUNT(*) FILTER (WHERE assisted),
                        COUNT(*), MIN(ended_at), MAX(ended_at), MAX(id)
                 FROM results GROUP BY player, opponent = 'ai', game, level, counted",
                &[],
            )?;
            for r in &rows {
                let player: String = r.try_get(0)?;
                let (ai, counted): (bool, bool) = (r.try_get(1)?, r.try_get(4)?);
                let (alone, won, lost, left) = (count(r, 5)?, count(r, 6)?, count(r, 7)?, count(r, 8)?);
                let (by_server, assisted, games) = (count(r, 9)?, count(r, 10)?, count(r, 11)?);
                let played = games - by_server;
                if counted && ai && played > 0 {
                    out.ai.insert((player.clone(), r.try_get(2)?, r.try_get(3)?), (alone, played));
                } else if counted && !ai {
                    let entry = out.people.entry(player.clone()).or_default();
                    entry.0 += won;
                    entry.1 += played;
                }
                let s = out.students.entry(player.clone()).or_default();
                s.games += games;
                s.won += won;
                s.lost += lost;
                s.abandoned += left;
                s.ended_by_server += by_server;
                s.assisted += assisted;
                s.seen_at(r.try_get(12)?);
                s.seen_at(r.try_get(13)?);
                let id: i64 = r.try_get(14)?;
                let latest = last.entry(player).or_insert(id);
                *latest = (*latest).max(id);
            }
            out.people.retain(|_, (_, played)| *played > 0);
            // Each student's latest game: found by their ids, in one query.
            let ids: Vec<i64> = last.into_values().collect();
            for r in &c.query(&format!("SELECT {RESULT} FROM results WHERE id = ANY($1)"), &[&ids])? {
                let latest = row(r)?;
                let player = latest.player.clone();
                out.students.entry(player).or_default().last_game = Some(latest);
            }
            moves_and_progress(c, Selection::All, &mut out.students)?;
            Ok(out)
        })
    }

    pub(super) fn games(&self, selection: Selection) -> Result<Vec<GameRecord>, DbError> {
        self.with(|c| {
            let (cond, args) = filter(selection, "ended_at", "activity");
            let rows = c.query(
                &format!(
                    "SELECT id, started_at, ended_at, game, mode, level, start, activity FROM games
                     WHERE {cond} ORDER BY ended_at, id"
                ),
                &params(&args),
            )?;
            let mut games: Vec<GameRecord> =
                rows.iter().map(record).collect::<Result<_, postgres::Error>>()?;
            fill(c, &mut games)?;
            if !matches!(selection, Selection::Activity(_)) {
                // Results kept alone (no game row): games of their own, in a date range only.
                let (cond, args) = filter(selection, "ended_at", "NULL");
                let rows = c.query(
                    &format!(
                        "SELECT {RESULT}, ended_at FROM results WHERE game_id IS NULL AND {cond} ORDER BY id"
                    ),
                    &params(&args),
                )?;
                for r in &rows {
                    let (row, ended_at) = (row(r)?, r.try_get::<_, i64>(10)?);
                    games.push(GameRecord {
                        id: None,
                        started_at: None,
                        ended_at,
                        game: row.game.clone(),
                        mode: row.mode.clone(),
                        level: row.level.clone(),
                        start: None,
                        activity: None,
                        rows: vec![row],
                        moves: Vec::new(),
                    });
                }
                games.sort_by_key(|g| g.ended_at);
            }
            Ok(games)
        })
    }

    pub(super) fn games_of(&self, player: &str) -> Result<Vec<GameRow>, DbError> {
        self.with(|c| {
            let rows =
                c.query(&format!("SELECT {RESULT} FROM results WHERE player = $1 ORDER BY id"), &[&player])?;
            Ok(rows.iter().map(row).collect::<Result<_, _>>()?)
        })
    }

    pub(super) fn standings(&self) -> Result<Vec<Standing>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT player, game, level,
                        COUNT(*) FILTER (WHERE outcome = 'won' AND NOT assisted) AS won,
                        COUNT(*) FILTER (WHERE outcome <> 'ended_by_server') AS played
                 FROM results WHERE opponent = 'ai' AND counted
                 GROUP BY player, game, level
                 HAVING COUNT(*) FILTER (WHERE outcome <> 'ended_by_server') > 0
                 ORDER BY game COLLATE \"C\", level COLLATE \"C\", 4 DESC, 5 ASC, player COLLATE \"C\"",
                &[],
            )?;
            rows.iter()
                .map(|r| {
                    Ok(Standing {
                        player: r.try_get(0)?,
                        game: r.try_get(1)?,
                        level: r.try_get(2)?,
                        won: count(r, 3)?,
                        played: count(r, 4)?,
                    })
                })
                .collect()
        })
    }

    pub(super) fn match_standings(&self) -> Result<Vec<MatchStanding>, DbError> {
        self.with(|c| {
            let rows = c.query(
                "SELECT player, COUNT(*) FILTER (WHERE outcome = 'won') AS won,
                        COUNT(*) FILTER (WHERE outcome <> 'ended_by_server') AS played
                 FROM results WHERE opponent <> 'ai' AND counted
                 GROUP BY player HAVING COUNT(*) FILTER (WHERE outcome <> 'ended_by_server') > 0
                 ORDER BY 2 DESC, 3 ASC, player COLLATE \"C\"",
                &[],
            )?;
            rows.iter()
                .map(|r| Ok(MatchStanding { player: r.try_get(0)?, won: count(r, 1)?, played: count(r, 2)? }))
                .collect()
        })
    }

    pub(super) fn recent(&self, limit: u32) -> Result<Vec<GameRow>, DbError> {
        self.with(|c| {
            let rows = c.query(
                &format!("SELECT {RESULT} FROM results ORDER BY id DESC LIMIT $1"),
                &[&i64::from(limit)],
            )?;
            Ok(rows.iter().map(row).collect::<Result<_, _>>()?)
        })
    }
}

/// [`super::Db::summaries`]' moves and progress, added to `out`.
fn moves_and_progress(
    c: &mut Client,
    selection: Selection,
    out: &mut BTreeMap<String, StudentSummary>,
) -> Result<(), Fault> {
    // The student's own moves, in games on their record.
    let (cond, args) = filter(selection, "g.ended_at", "g.activity");
    let rows = c.query(
        &format!(
            "SELECT m.player, COUNT(*), COUNT(*) FILTER (WHERE m.grade = 'kept'),
                    COUNT(*) FILTER (WHERE m.grade = 'missed'), SUM(m.ms)::BIGINT,
                    COUNT(m.hardest), COUNT(*) FILTER (WHERE m.hardest)
             FROM moves m JOIN games g ON g.id = m.game_id
             WHERE {cond} AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = m.game_id AND r.player = m.player)
             GROUP BY m.player"
        ),
        &params(&args),
    )?;
    for r in &rows {
        let s = out.entry(r.try_get(0)?).or_default();
        s.moves = count(r, 1)?;
        s.kept = count(r, 2)?;
        s.missed = count(r, 3)?;
        s.think_ms = u64::try_from(r.try_get::<_, i64>(4)?).unwrap_or(0);
        s.lost_judged = count(r, 5)?;
        s.hardest = count(r, 6)?;
    }
    let (cond, args) = filter(selection, "at", "activity");
    let rows = c.query(
        &format!(
            "SELECT player, COUNT(DISTINCT CASE WHEN kind = 'lesson' THEN course || chr(31) || step END),
                    COUNT(*) FILTER (WHERE kind = 'puzzle'), COUNT(*) FILTER (WHERE kind = 'puzzle' AND solved),
                    MIN(at), MAX(at)
             FROM progress WHERE {cond} GROUP BY player"
        ),
        &params(&args),
    )?;
    for r in &rows {
        let s = out.entry(r.try_get(0)?).or_default();
        s.lesson_steps = count(r, 1)?;
        s.puzzles_tried = count(r, 2)?;
        s.puzzles_solved = count(r, 3)?;
        s.seen_at(r.try_get(4)?);
        s.seen_at(r.try_get(5)?);
    }
    Ok(())
}

/// The SQL condition on a table whose time column is `time` and activity column `activity`, with
/// its parameters.
fn filter(selection: Selection, time: &str, activity: &str) -> (String, Vec<i64>) {
    match selection {
        Selection::All => ("TRUE".into(), Vec::new()),
        Selection::Between { from, until } => (format!("{time} >= $1 AND {time} < $2"), vec![from, until]),
        Selection::Activity(id) => (format!("{activity} = $1"), vec![id]),
    }
}

/// A filter's parameters as the client takes them.
fn params(args: &[i64]) -> Vec<&(dyn ToSql + Sync)> {
    args.iter().map(|a| a as &(dyn ToSql + Sync)).collect()
}

/// A count (BIGINT) as the rows' types keep it.
fn count(r: &Row, i: usize) -> Result<u32, postgres::Error> {
    Ok(u32::try_from(r.try_get::<_, i64>(i)?.max(0)).unwrap_or(u32::MAX))
}

fn count_opt(r: &Row, i: usize) -> Result<Option<u32>, postgres::Error> {
    Ok(r.try_get::<_, Option<i64>>(i)?.map(|n| u32::try_from(n.max(0)).unwrap_or(u32::MAX)))
}

/// A row of `games` (its id, times, game, start and activity), without its results and moves.
fn record(r: &Row) -> Result<GameRecord, postgres::Error> {
    Ok(GameRecord {
        id: Some(r.try_get(0)?),
        started_at: r.try_get(1)?,
        ended_at: r.try_get(2)?,
        game: r.try_get(3)?,
        mode: r.try_get(4)?,
        level: r.try_get(5)?,
        start: Some(r.try_get(6)?),
        activity: r.try_get(7)?,
        rows: Vec::new(),
        moves: Vec::new(),
    })
}

/// Each game's results and graded moves, read into it.
fn fill(c: &mut Client, games: &mut [GameRecord]) -> Result<(), postgres::Error> {
    let results = c.prepare(&format!("SELECT {RESULT} FROM results WHERE game_id = $1 ORDER BY id"))?;
    let moves =
        c.prepare("SELECT ply, player, before, mv, ms, grade, better, hardest FROM moves WHERE game_id = $1 ORDER BY ply")?;
    for g in games {
        g.rows = c.query(&results, &[&g.id])?.iter().map(row).collect::<Result<_, _>>()?;
        g.moves = c
            .query(&moves, &[&g.id])?
            .iter()
            .map(|r| {
                let grade: String = r.try_get(5)?;
                Ok(MoveRow {
                    ply: count(r, 0)?,
                    player: r.try_get(1)?,
                    before: r.try_get(2)?,
                    mv: r.try_get(3)?,
                    ms: u64::try_from(r.try_get::<_, i64>(4)?).unwrap_or(0),
                    grade: Grade::parse(&grade).unwrap_or(Grade::NoWin),
                    better: r.try_get(6)?,
                    hardest: r.try_get(7)?,
                })
            })
            .collect::<Result<_, postgres::Error>>()?;
    }
    Ok(())
}

/// Ends every game `host` has in progress, in `tx` (which holds the write lock and the host's
/// row): each kept as a game ended by the server (`ended_by`: never a loss, not rated), its row
/// in `live_games` and the host's row removed. Answers the ids of the games kept.
fn end_host(tx: &mut Transaction, host: &str, ended_by: &str) -> Result<Vec<i64>, postgres::Error> {
    let games: Vec<LiveGame> = tx
        .query(&format!("SELECT {LIVE} FROM live_games WHERE host = $1 ORDER BY id"), &[&host])?
        .iter()
        .map(live)
        .collect::<Result<_, _>>()?;
    let at = now();
    let mut ids = Vec::new();
    for g in &games {
        ids.push(insert_game(tx, &g.ended(ended_by), at, &[])?);
    }
    tx.execute("DELETE FROM live_games WHERE host = $1", &[&host])?;
    tx.execute("DELETE FROM hosts WHERE id = $1", &[&host])?;
    // Its people go with it, said to the hosts left.
    tx.execute("DELETE FROM presence WHERE host = $1", &[&host])?;
    tx.execute("DELETE FROM relay WHERE to_host = $1", &[&host])?;
    tx.execute("SELECT pg_notify($1, $2)", &[&PRESENCE_CHANNEL, &host])?;
    Ok(ids)
}

/// The columns [`live`] reads.
const LIVE: &str =
    "id, host, run, first, second, game, mode, level, start, position, moves, started_at, activity,
    tournament, round, assisted_first, assisted_second, counted";

fn live(r: &Row) -> Result<LiveGame, postgres::Error> {
    let tournament: Option<i64> = r.try_get(13)?;
    let round = count_opt(r, 14)?;
    Ok(LiveGame {
        key: LiveKey { id: r.try_get(0)?, host: r.try_get(1)?, run: r.try_get(2)? },
        players: [r.try_get(3)?, r.try_get(4)?],
        game: r.try_get(5)?,
        mode: r.try_get(6)?,
        level: r.try_get(7)?,
        start: r.try_get(8)?,
        position: r.try_get(9)?,
        moves: count(r, 10)?,
        started_at: r.try_get::<_, Option<i64>>(11)?.map(time_of),
        activity: r.try_get(12)?,
        tournament: tournament.map(|tournament| TournamentGame { tournament, round: round.unwrap_or(0) }),
        assisted: [r.try_get(15)?, r.try_get(16)?],
        counted: r.try_get(17)?,
    })
}

/// Writes a finished game in `tx` (which holds the write lock): its row in `games`, a result per
/// player, every move, its rating changes and its place in a tournament. Answers its id.
fn insert_game(
    tx: &mut Transaction,
    played: &Played,
    at: i64,
    changes: &[RatingChange],
) -> Result<i64, postgres::Error> {
    let (game, mode, level) =
        played.rows.first().map_or(("", "", ""), |r| (r.game.as_str(), r.mode.as_str(), r.level.as_str()));
    let id: i64 = tx
        .query_one(
            "INSERT INTO games (started_at, ended_at, game, mode, level, start, activity)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            &[&played.started_at.map(seconds), &at, &game, &mode, &level, &played.start, &played.activity],
        )?
        .try_get(0)?;
    for row in &played.rows {
        insert_result(tx, row, at, Some(id))?;
    }
    // Every move in one statement (arrays unnested), not a round trip each.
    let column = |f: &dyn Fn(&MoveRow) -> String| played.moves.iter().map(f).collect::<Vec<String>>();
    let plies: Vec<i64> = played.moves.iter().map(|m| i64::from(m.ply)).collect();
    let ms: Vec<i64> = played.moves.iter().map(|m| i64::try_from(m.ms).unwrap_or(i64::MAX)).collect();
    let better: Vec<Option<String>> = played.moves.iter().map(|m| m.better.clone()).collect();
    let hardest: Vec<Option<bool>> = played.moves.iter().map(|m| m.hardest).collect();
    tx.execute(
        "INSERT INTO moves (game_id, ply, player, before, mv, ms, grade, better, hardest)
             SELECT $1, * FROM UNNEST($2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::BIGINT[],
                $7::TEXT[], $8::TEXT[], $9::BOOLEAN[])",
        &[
            &id,
            &plies,
            &column(&|m| m.player.clone()),
            &column(&|m| m.before.clone()),
            &column(&|m| m.mv.clone()),
            &ms,
            &column(&|m| m.grade.as_str().to_string()),
            &better,
            &hardest,
        ],
    )?;
    for ch in changes {
        tx.execute(
            "INSERT INTO ratings (player, game, mode, rating, deviation, volatility, games, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
                 ON CONFLICT (player, game, mode) DO UPDATE SET rating = EXCLUDED.rating,
                    deviation = EXCLUDED.deviation, volatility = EXCLUDED.volatility,
                    games = ratings.games + 1, updated_at = EXCLUDED.updated_at",
            &[
                &ch.player,
                &ch.game,
                &ch.mode,
                &ch.after.rating,
                &ch.after.deviation,
                &ch.after.volatility,
                &at,
            ],
        )?;
        tx.execute(
            "INSERT INTO rating_history (player, game, mode, game_id, opponent, moved_first, before, rating,
                    deviation, volatility, at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            &[
                &ch.player,
                &ch.game,
                &ch.mode,
                &id,
                &ch.opponent,
                &ch.moved_first,
                &ch.before.rating,
                &ch.after.rating,
                &ch.after.deviation,
                &ch.after.volatility,
                &at,
            ],
        )?;
    }
    if let Some(t) = played.tournament {
        tx.execute(
            "INSERT INTO tournament_games (tournament, game_id, round) VALUES ($1, $2, $3)",
            &[&t.tournament, &id, &i64::from(t.round)],
        )?;
    }
    // The row first, then its id said: delivered to the listening hosts when this commits.
    tx.execute("SELECT pg_notify($1, $2)", &[&GAMES_CHANNEL, &id.to_string()])?;
    Ok(id)
}

/// Writes one result, linked to its game if it has one.
fn insert_result(
    tx: &mut Transaction,
    row: &GameRow,
    at: i64,
    game: Option<i64>,
) -> Result<(), postgres::Error> {
    tx.execute(
        "INSERT INTO results (player, opponent, game, mode, level, outcome, assisted, moves, ended_at, ended_by,
            counted, game_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        &[
            &row.player,
            &row.opponent,
            &row.game,
            &row.mode,
            &row.level,
            &row.outcome.as_str(),
            &row.assisted,
            &i64::from(row.moves),
            &at,
            &row.ended_by,
            &row.counted,
            &game,
        ],
    )?;
    Ok(())
}

/// The columns [`activity`] reads.
const ACTIVITY: &str = "id, started_at, ended_at, game, mode, heaps, puzzle, hints, time_limit, started_by";

fn activity(r: &Row) -> Result<Activity, postgres::Error> {
    Ok(Activity {
        row: ActivityRow {
            id: r.try_get(0)?,
            started_at: time_of(r.try_get(1)?),
            game: r.try_get(3)?,
            mode: r.try_get(4)?,
            heaps: r.try_get(5)?,
            puzzle: r.try_get(6)?,
            hints: r.try_get(7)?,
            time_limit: count_opt(r, 8)?,
            started_by: r.try_get(9)?,
        },
        ended_at: r.try_get::<_, Option<i64>>(2)?.map(time_of),
    })
}

/// The columns [`row`] reads.
const RESULT: &str = "player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted";

fn row(r: &Row) -> Result<GameRow, postgres::Error> {
    let outcome: String = r.try_get(5)?;
    Ok(GameRow {
        player: r.try_get(0)?,
        opponent: r.try_get(1)?,
        game: r.try_get(2)?,
        mode: r.try_get(3)?,
        level: r.try_get(4)?,
        outcome: match outcome.as_str() {
            "won" => Outcome::Won,
            "lost" => Outcome::Lost,
            _ => Outcome::EndedByServer,
        },
        assisted: r.try_get(6)?,
        moves: count(r, 7)?,
        ended_by: r.try_get(8)?,
        counted: r.try_get(9)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A URL's password is never in what the server says of it.
    #[test]
    fn the_password_is_never_shown() {
        let at = PgLocation::parse("postgres://ann:s3cret@db.example:5433/class").expect("a URL");
        assert_eq!(at.shown(), "postgres://ann@db.example:5433/class");
        assert_eq!(redact("postgres://ann:s3cret@host/db"), "postgres://ann:***@host/db");
        assert_eq!(
            redact("postgres://ann@host/db?password=s3cret&x=1"),
            "postgres://ann@host/db?password=***&x=1"
        );
        for bad in ["postgres://ann:s3cret@host:notaport/db", "postgres://ann:s3cret@host/db?sslmode=require"]
        {
            let e = PgLocation::parse(bad).err().expect("refused");
            assert!(e.is_bad_input(), "{e}");
            assert!(!e.to_string().contains("s3cret"), "{e}");
        }
        let socket = PgLocation::parse("postgres://ann@%2Frun%2Fpostgresql/class").expect("a socket");
        assert_eq!(socket.shown(), "postgres://ann@%2Frun%2Fpostgresql:5432/class");
        assert!(PgLocation::parse("postgres://ann@host").is_err(), "no database");
    }

    fn at(url: &str) -> super::super::Location {
        super::super::Location::parse(std::path::Path::new(url)).expect("a URL")
    }

    /// A new database gets the schema at this version, once however often it is opened; a
    /// database of a newer version is refused, to write and to read; one with someone else's
    /// `results` table is not this server's; an empty one has nothing to read yet.
    #[test]
    fn the_schema_is_migrated_once_and_versions_are_checked() {
        use super::super::Db;
        let Some(db) = crate::test_pg::database() else { return };
        assert!(matches!(Db::open_read_only_at(&at(&db.url())), Err(DbError::NotOurs { .. })));
        // Four servers starting at once on the empty database: one makes the tables, the others
        // wait for its lock and find them made.
        let url = db.url();
        std::thread::scope(|s| {
            let starts: Vec<_> = (0..4).map(|_| s.spawn(|| Db::open_at(&at(&url)).map(drop))).collect();
            for start in starts {
                start.join().expect("no panic").expect("each server opens it");
            }
        });
        drop(Db::open_at(&at(&db.url())).expect("opened again"));
        assert_eq!(db.psql("SELECT version FROM nim_tui_schema").trim(), VERSION.to_string());
        let reader = Db::open_read_only_at(&at(&db.url())).expect("read");
        assert!(reader.games(Selection::All).expect("games").is_empty());
        // The reader's session writes nothing.
        let e = reader.seen("ann").expect_err("a read-only session");
        assert!(!e.is_busy() && !e.is_bad_input(), "{e}");
        db.psql(&format!("UPDATE nim_tui_schema SET version = {}", VERSION + 1));
        assert!(matches!(Db::open_at(&at(&db.url())), Err(DbError::Newer { .. })));
        assert!(matches!(Db::open_read_only_at(&at(&db.url())), Err(e) if e.is_bad_input()));
        db.psql(&format!("UPDATE nim_tui_schema SET version = {}", VERSION - 1));
        assert!(matches!(Db::open_read_only_at(&at(&db.url())), Err(DbError::Older { .. })));
        let other = db.cluster.database();
        other.psql("CREATE TABLE results (id INTEGER)");
        assert!(matches!(Db::open_at(&at(&other.url())), Err(DbError::NotOurs { .. })));
    }

    /// A database of version 7 (ids given by each server as one more than the highest kept)
    /// gains the sequences of version 8, each starting after the highest id kept.
    #[test]
    fn version_7_ids_go_on_from_the_highest_kept() {
        use super::super::{Db, IdKind};
        let Some(db) = crate::test_pg::database() else { return };
        drop(Db::open_at(&at(&db.url())).expect("made"));
        db.psql(
            "DROP SEQUENCE activity_ids; DROP SEQUENCE tournament_ids; UPDATE nim_tui_schema SET version = 7;
             INSERT INTO activities (id, started_at, game, mode, hints, started_by) VALUES (41, 0, 'nim', 'normal', FALSE, 't');
             INSERT INTO tournaments (id, kind, started_at, game, mode, started_by) VALUES (7, 'arena', 0, 'nim', 'normal', 't');",
        );
        let migrated = Db::open_at(&at(&db.url())).expect("migrated");
        assert_eq!(db.psql("SELECT version FROM nim_tui_schema").trim(), VERSION.to_string());
        assert_eq!(migrated.reserve_ids(IdKind::Activity, 0, 2).expect("ids"), [42, 43]);
        assert_eq!(migrated.reserve_ids(IdKind::Tournament, 0, 1).expect("ids"), [8]);
        assert_eq!(migrated.reserve_ids(IdKind::Activity, 0, 1).expect("ids"), [44]);
    }

    /// A refused password, a missing database and a server that is not there are failures at
    /// run time, said with PostgreSQL's reason and without the password; the connection's
    /// failure is worth another try for the store, a refused password is not.
    #[test]
    fn connection_failures_are_said_without_the_password() {
        use super::super::Db;
        use crate::test_pg::{PUPIL, PUPIL_PASSWORD};
        let Some(db) = crate::test_pg::database() else { return };
        let wrong = db.tcp_url(PUPIL, Some("wrong-s3cret"));
        let e = Db::open_at(&at(&wrong)).err().expect("refused");
        let text = e.to_string();
        assert!(text.contains("password authentication failed"), "{text}");
        assert!(!text.contains("wrong-s3cret") && !e.is_bad_input() && !e.is_busy(), "{text}");
        // The right one works over TCP, and the password is not in how the database is shown.
        let right = Db::open_at(&at(&db.tcp_url(PUPIL, Some(PUPIL_PASSWORD)))).expect("the right password");
        assert!(!right.path().contains(PUPIL_PASSWORD), "{}", right.path());
        let missing =
            Db::open_at(&at(&db.cluster.socket_url("postgres", "no_such_database"))).err().expect("none");
        assert!(missing.to_string().contains("does not exist") && !missing.is_bad_input(), "{missing}");
        // A port nobody listens on: refused at once, a run-time failure the store would retry.
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("addr").port();
        let gone = Db::open_at(&at(&format!("postgres://ann:s3cret@127.0.0.1:{port}/class")))
            .err()
            .expect("no server");
        assert!(gone.is_busy() && !gone.is_bad_input() && !gone.to_string().contains("s3cret"), "{gone}");
    }

    /// A connection the database ends (a restart, an administrator) fails the write in hand as
    /// busy, so the store keeps it to try again, and the next call connects anew.
    #[test]
    fn a_dropped_connection_is_busy_and_made_again() {
        use super::super::Db;
        let Some(db) = crate::test_pg::database() else { return };
        let kept = Db::open_at(&at(&db.url())).expect("open");
        kept.seen("ann").expect("seen");
        let ended = db.psql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
             WHERE application_name = 'nim-tui-serve' AND pid <> pg_backend_pid() AND datname = current_database()",
        );
        assert_eq!(ended.trim(), "1");
        let e = kept.seen("bob").expect_err("the connection was ended");
        assert!(e.is_busy(), "{e}");
        kept.seen("bob").expect("connected again");
        assert_eq!(db.psql("SELECT string_agg(name, ',' ORDER BY name) FROM players").trim(), "ann,bob");
    }

    /// A game in progress on a host, as the tests keep it.
    fn in_progress(host: &str, run: i64, n: u32, players: [&str; 2]) -> LiveGame {
        LiveGame {
            key: LiveKey { id: format!("{host}/{run}/{n}"), host: host.into(), run },
            players: players.map(str::to_string),
            game: "nim".into(),
            mode: "normal".into(),
            level: if players[1].is_empty() { "perfect".into() } else { "-".into() },
            start: "3 4 5".into(),
            position: "3 4 2".into(),
            moves: 1,
            started_at: None,
            activity: None,
            tournament: None,
            assisted: [false, false],
            counted: true,
        }
    }

    /// Host a dies with two games in progress (one against the AI, one between two people);
    /// once its lease runs out, host b keeps both as ended by the server (no loss, not
    /// rated), removes a's rows, and only once: two hosts looking together end them once. A
    /// game a kept in time is kept as it ended; a's late result for a game b ended is not kept
    /// again; a started again under its id ends what it left, after its old lease.
    #[test]
    fn a_dead_hosts_games_in_progress_are_ended_once_by_another() {
        use super::super::{Db, HOST_LOST, Played};
        let Some(pg) = crate::test_pg::database() else { return };
        let lease = Duration::from_secs(3);
        let [a, b, c] = [0, 1, 2].map(|_| Db::open_at(&at(&pg.url())).expect("open"));
        assert!(a.host_register("a", "127.0.0.2:2222", lease, 1).expect("a").1.is_none());
        assert!(b.host_register("b", "127.0.0.3:2222", lease, 2).expect("b").1.is_none());
        assert!(c.host_register("c", "127.0.0.4:2222", lease, 3).expect("c").1.is_none());
        let solo = in_progress("a", 1, 1, ["ann", ""]);
        let between = in_progress("a", 1, 2, ["bob", "cy"]);
        let finished = in_progress("a", 1, 3, ["dee", ""]);
        for g in [&solo, &between, &finished] {
            a.live_game(g).expect("kept in progress");
        }
        // dee's game ends in time: kept as won, its row in progress gone with it.
        let won = Played {
            rows: vec![super::super::GameRow {
                outcome: Outcome::Won,
                ended_by: "play".into(),
                ..finished.ended("x").rows[0].clone()
            }],
            ..finished.ended("x")
        };
        assert!(a.record_game_live(&won, now(), &[], Some(&finished.key)).expect("kept").is_some());
        assert_eq!(a.live_games().expect("live").len(), 2);
        // Nobody's lease has run out yet: nothing is taken over.
        assert!(b.take_over_expired("b").expect("look").is_empty());
        // a dies (no more renewals); b and c renew and look, at the same moment, until a's lease
        // has run out and one of them has ended a's games.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let mut ended = Vec::new();
        while ended.is_empty() {
            assert!(std::time::Instant::now() < deadline, "a's lease never ran out");
            assert!(
                b.host_renew("b", 2, lease).expect("renew b")
                    && c.host_renew("c", 3, lease).expect("renew c")
            );
            let (eb, ec) = std::thread::scope(|s| {
                let tb = s.spawn(|| b.take_over_expired("b").expect("b looks"));
                let tc = s.spawn(|| c.take_over_expired("c").expect("c looks"));
                (tb.join().expect("b"), tc.join().expect("c"))
            });
            assert!(eb.is_empty() || ec.is_empty(), "both ended a's games: {eb:?} {ec:?}");
            ended = eb.into_iter().chain(ec).collect();
            // A poll for a state of the database's clock (the lease), not a pace.
            std::thread::sleep(Duration::from_millis(100));
        }
        assert_eq!(ended.len(), 1);
        assert_eq!((ended[0].host.as_str(), ended[0].games.len()), ("a", 2));
        assert!(b.live_games().expect("live").is_empty());
        assert_eq!(pg.psql("SELECT string_agg(id, ',' ORDER BY id) FROM hosts").trim(), "b,c");
        // What the players' records say: ann and bob and cy ended by the server, dee won.
        let games = b.games_of("ann").expect("ann");
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].outcome, games[0].ended_by.as_str()), (Outcome::EndedByServer, HOST_LOST));
        let summaries = b.summaries(Selection::All).expect("summaries");
        for player in ["ann", "bob", "cy"] {
            let s = &summaries[player];
            assert_eq!((s.games, s.won, s.lost, s.ended_by_server), (1, 0, 0, 1), "{player}");
        }
        assert_eq!(b.games_of("cy").expect("cy")[0].opponent, "bob");
        assert_eq!(summaries["dee"].won, 1);
        assert!(b.match_standings().expect("boards").is_empty(), "an ended game is on no leaderboard");
        // a comes back to life late: its result for ann's game is not kept a second time, and
        // its renewal says the lease is gone.
        let late = Played {
            rows: vec![super::super::GameRow { outcome: Outcome::Won, ..solo.ended("play").rows[0].clone() }],
            ..solo.ended("play")
        };
        assert_eq!(a.record_game_live(&late, now(), &[], Some(&solo.key)).expect("asked"), None);
        assert_eq!(b.games_of("ann").expect("ann").len(), 1);
        assert!(!a.host_renew("a", 1, lease).expect("renew"));
        // b, started again under its id while its old lease runs: told to wait it out; c's row
        // kept renewed holds c's id against a second process.
        b.live_game(&in_progress("b", 2, 1, ["eve", ""])).expect("eve plays on b");
        let (ended, wait) = b.host_register("b", "127.0.0.3:2222", lease, 4).expect("b again");
        assert!(ended.is_empty() && wait.is_some());
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        let ended = loop {
            assert!(std::time::Instant::now() < deadline, "b's old lease never ran out");
            match b.host_register("b", "127.0.0.3:2222", lease, 4).expect("b again") {
                (ended, None) => break ended,
                // A poll for the lease's end on the database's clock, not a pace.
                (_, Some(left)) => std::thread::sleep(left.min(Duration::from_millis(200))),
            }
        };
        assert_eq!(ended.len(), 1, "eve's game, left by b's former run");
        assert_eq!(b.games_of("eve").expect("eve")[0].outcome, Outcome::EndedByServer);
        // A clean stop removes the host's row.
        assert!(b.host_leave("b", 4).expect("leave").is_empty());
        assert_eq!(pg.psql("SELECT string_agg(id, ',' ORDER BY id) FROM hosts").trim(), "c");
    }

    /// SQLite has one host: the hosts' calls say so.
    #[test]
    fn sqlite_has_one_host() {
        let dir = tempfile::tempdir().expect("a directory");
        let db = super::super::Db::open(&dir.path().join("s.sqlite3")).expect("open");
        let e = db.host_register("a", "x", Duration::from_secs(3), 1).expect_err("one host");
        assert!(e.to_string().contains("PostgreSQL"), "{e}");
    }

    /// The server's session cancels a statement that runs past [`STATEMENT_TIMEOUT`] (a write
    /// kept to try again); a report's read-only session has no such limit.
    #[test]
    fn the_servers_statements_have_a_time_limit_and_reports_none() {
        let Some(pg) = crate::test_pg::database() else { return };
        let at = PgLocation::parse(&pg.url()).expect("a URL");
        let setting = |read_only: bool| {
            let db = Postgres::open(&at, read_only).expect("open");
            db.with(|c| Ok(c.query_one("SHOW statement_timeout", &[])?.try_get::<_, String>(0)?))
                .expect("shown")
        };
        assert_eq!(setting(false), "1min");
        assert_eq!(setting(true), "0");
    }

    /// A game kept by one host is said to another that listens, at its commit; a listener that
    /// connects is told to catch up first.
    #[test]
    fn a_game_kept_by_one_host_is_notified_to_another() {
        let Some(pg) = crate::test_pg::database() else { return };
        let db = super::super::Db::open_at(&at(&pg.url())).expect("open");
        let mut listener = db.listener().expect("a listener");
        // Connecting: catch up from the rows first.
        assert!(listener.wait(Duration::from_secs(60), "me").expect("connected").games);
        let kept = in_progress("a", 1, 1, ["ann", ""]).ended("play");
        let id = db.record_game(&kept, now()).expect("kept");
        // A bound for the failure only: the notice comes at the commit.
        assert!(listener.wait(Duration::from_secs(60), "me").expect("told").games, "no notice of game {id}");
        assert_eq!(db.games_after(id - 1).expect("the rows")[0].rows[0].player, "ann");
    }

    /// A host's people are replaced whole and said to the other hosts; a run that lost its
    /// lease writes none; rows of `relay` for a host are read in id order, once; and a host
    /// that goes takes its people with it (`end_host`, which a takeover uses too).
    #[test]
    fn presence_and_relay_rows_reach_the_host_they_are_for() {
        use super::super::PresenceChange::{Delta, Whole};
        use super::super::{Db, PresenceRow};
        let Some(pg) = crate::test_pg::database() else { return };
        let lease = Duration::from_secs(3600);
        let [a, b] = [0, 1].map(|_| Db::open_at(&at(&pg.url())).expect("open"));
        assert!(a.host_register("a", "127.0.0.2:2222", lease, 1).expect("a").1.is_none());
        assert!(b.host_register("b", "127.0.0.3:2222", lease, 2).expect("b").1.is_none());
        let mut listener = b.listener().expect("a listener");
        assert_eq!(
            listener.wait(Duration::from_secs(60), "b").expect("connected"),
            Told { games: true, presence: true, relay: true }
        );
        // Waits for a notice of the kind `what` picks (a bound for the failure only).
        let mut told = |what: fn(Told) -> bool| {
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            while std::time::Instant::now() < deadline {
                if what(listener.wait(Duration::from_millis(250), "b").expect("listening")) {
                    return true;
                }
            }
            false
        };
        let person = |name: &str, doing: &str, whom: Option<&str>| PresenceRow {
            host: "a".into(),
            name: name.into(),
            teacher: false,
            doing: doing.into(),
            whom: whom.map(str::to_string),
        };
        a.presence_change("a", 1, &Whole(&[person("ann", "lobby", None), person("cy", "solo", None)]))
            .expect("written");
        assert!(told(|t| t.presence), "no notice of a's people");
        let names = |rows: Vec<PresenceRow>| {
            rows.iter().map(|p| format!("{}:{}:{}", p.host, p.name, p.doing)).collect::<Vec<_>>()
        };
        let mut reader = b.listener().expect("a second listener");
        let _ = reader.wait(Duration::ZERO, "b").expect("connected");
        assert_eq!(names(reader.presence("b").expect("read")), ["a:ann:lobby", "a:cy:solo"]);
        // Changed: a row set and a name gone; a host's own rows are not listed to it.
        let set = [person("ann", "match", Some("bob")), person("dee", "lobby", None)];
        a.presence_change("a", 1, &Delta { set: &set, gone: &["cy".into()] }).expect("written");
        assert_eq!(names(reader.presence("b").expect("read")), ["a:ann:match", "a:dee:lobby"]);
        assert!(reader.presence("a").expect("read").is_empty());
        // Replaced whole.
        a.presence_change("a", 1, &Whole(&[person("ann", "match", Some("bob"))])).expect("written");
        assert_eq!(names(reader.presence("b").expect("read")), ["a:ann:match"]);
        // A run that is not the one holding the lease writes nothing.
        a.presence_change("a", 99, &Whole(&[])).expect("refused quietly");
        assert_eq!(names(reader.presence("b").expect("read")), ["a:ann:match"]);
        assert_eq!(reader.live_hosts().expect("hosts"), ["a", "b"]);

        // Rows of relay: b's in order, c's not told to b, each read once.
        // Rows of relay: b's in order (fifty in one write, then one more), c's not told to b,
        // each read once.
        let row = |to: &str, body: String| (to.to_string(), body);
        let mut rows: Vec<(String, String)> = (0..50).map(|i| row("b", format!("m{i}"))).collect();
        rows.insert(10, row("c", "other".into()));
        a.relay_send("a", &rows).expect("sent");
        a.relay_send("a", &[row("b", "last".into())]).expect("sent");
        assert!(told(|t| t.relay), "no notice of b's rows");
        let read = reader.relay_after("b", 0).expect("read");
        let bodies: Vec<String> = read.iter().map(|r| r.body.clone()).collect();
        let expected: Vec<String> = (0..50).map(|i| format!("m{i}")).chain(["last".to_string()]).collect();
        assert_eq!(bodies, expected);
        assert!(read.windows(2).all(|w| w[0].id < w[1].id));
        assert!(read.iter().all(|r| r.from_host == "a"));
        let two = read.last().expect("a row").id;
        assert!(reader.relay_after("b", two).expect("read").is_empty());
        assert_eq!(pg.psql("SELECT count(*) FROM relay WHERE to_host = 'b'").trim(), "0");

        // a goes: its people go with it, said to b.
        assert!(a.host_leave("a", 1).expect("left").is_empty());
        assert!(told(|t| t.presence), "no notice of a going");
        assert!(reader.presence("b").expect("read").is_empty());
        assert_eq!(reader.live_hosts().expect("hosts"), ["b"]);
    }
}
