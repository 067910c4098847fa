//! The server's database: players and every finished game, in SQLite (WAL), written as each game
//! ends, so that a restart loses nothing finished. Local play keeps its own files; nothing here
//! touches them.

use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, params};

/// A database that could not be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("the server's database {path}: {source}")]
    Sqlite { path: String, source: rusqlite::Error },
    #[error("the server's database {path}: no thread to write it: {source}")]
    Thread { path: String, source: std::io::Error },
    #[error(
        "the server's database {path} is of schema version {found}, newer than this server's ({known}): run a newer nim-tui-serve, or give another file with --db PATH"
    )]
    Newer { path: String, found: i64, known: i64 },
    #[error(
        "the server's database {path} is not one this server knows (its `results` table has no column {column}): give another file with --db PATH"
    )]
    Unknown { path: String, column: String },
}

impl DbError {
    /// Whether the fault is in the file given (exit 2) rather than at run time (exit 1).
    pub fn is_bad_input(&self) -> bool {
        matches!(self, DbError::Newer { .. } | DbError::Unknown { .. })
    }

    /// Whether another program holds the database's lock: worth trying again later.
    pub fn is_busy(&self) -> bool {
        matches!(self, DbError::Sqlite { source: rusqlite::Error::SqliteFailure(e, _), .. }
            if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
    }

    pub(crate) fn thread(path: &Path, source: std::io::Error) -> DbError {
        DbError::Thread { path: nim_tui::text::path(path), source }
    }
}

/// How a game ended, as the database keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    /// The server stopped during the game: neither a win nor a loss.
    EndedByServer,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::EndedByServer => "ended_by_server",
        }
    }
}

/// One finished game of one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub player: String,
    /// `ai` or the other player's name.
    pub opponent: String,
    pub game: String,
    pub mode: String,
    pub level: String,
    pub outcome: Outcome,
    pub assisted: bool,
    pub moves: u32,
    /// How the game ended and who ended it: `play` (at the board), `resigned by NAME`, `left by
    /// NAME`, `server stopped`, `move limit`.
    pub ended_by: String,
    /// Whether it counts on the leaderboards (a game with no real choice in it does not).
    pub counted: bool,
}

/// How one move is graded by the engine, from the side that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// The position was winning, and the move kept it winning.
    Kept,
    /// The position was winning, and the move gave the win away.
    Missed,
    /// The position was already lost: there was no win to keep.
    NoWin,
}

impl Grade {
    pub fn as_str(self) -> &'static str {
        match self {
            Grade::Kept => "kept",
            Grade::Missed => "missed",
            Grade::NoWin => "no_win",
        }
    }
}

/// One move of a finished game, graded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// The move's number in the game, from 1.
    pub ply: u32,
    /// Who made it: a player's name, or `ai`.
    pub player: String,
    /// The position before the move, as the game writes it (`3 4 5`).
    pub before: String,
    /// The move, as a record writes it (`take 2 from heap 3`'s short form, the game's own).
    pub mv: String,
    /// Milliseconds from the position being there to the move.
    pub ms: u64,
    pub grade: Grade,
    /// For a missed win: one move that would have kept it.
    pub better: Option<String>,
}

/// Everything kept of one finished game: a row per player at it (one against the AI, two
/// between people), where it started, every move graded, and the activity it was part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub rows: Vec<GameRow>,
    /// The start position, as the game writes it.
    pub start: String,
    pub moves: Vec<MoveRow>,
    /// The activity (a class race) the game was played in, by its id.
    pub activity: Option<i64>,
}

/// A line of the leaderboard against the AI: a player's wins and games in one game and level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub player: String,
    pub game: String,
    pub level: String,
    pub won: u32,
    pub played: u32,
}

/// A line of the leaderboard between players: a player's wins and games against people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchStanding {
    pub player: String,
    pub won: u32,
    pub played: u32,
}

/// The database, shared by every connection (SQLite serialises writers anyway; a write is a
/// single short transaction).
pub struct Db {
    conn: Mutex<Connection>,
    path: String,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY,
    first_seen INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    level TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'ended_by_server')),
    assisted INTEGER NOT NULL,
    moves INTEGER NOT NULL,
    ended_at INTEGER NOT NULL,
    ended_by TEXT NOT NULL DEFAULT 'play',
    counted INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS results_by_player ON results (player);
";

/// The schema's version, kept in the file (`PRAGMA user_version`): 0 was the first server's
/// (no `ended_by`, no `counted`), migrated at start; a newer one is refused.
pub const VERSION: i64 = 2;

/// The columns of `results` this server reads and writes.
const COLUMNS: [&str; 11] = [
    "player", "opponent", "game", "mode", "level", "outcome", "assisted", "moves", "ended_at", "ended_by",
    "counted",
];

/// Migrates the file at `conn` to [`VERSION`], or says why it cannot.
fn migrate(conn: &Connection, shown: &str) -> Result<(), DbError> {
    let err = |source| DbError::Sqlite { path: shown.to_string(), source };
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(err)?;
    if found > VERSION {
        return Err(DbError::Newer { path: shown.to_string(), found, known: VERSION });
    }
    let columns = |conn: &Connection| -> rusqlite::Result<Vec<String>> {
        let mut stmt = conn.prepare("SELECT name FROM pragma_table_info('results')")?;
        let names = stmt.query_map([], |r| r.get(0))?;
        names.collect()
    };
    let had = columns(conn).map_err(err)?;
    if found < VERSION && !had.is_empty() {
        // The first server's file: the two columns added, every old game counted, ended at play.
        let tx = conn.unchecked_transaction().map_err(err)?;
        for (column, definition) in
            [("ended_by", "TEXT NOT NULL DEFAULT 'play'"), ("counted", "INTEGER NOT NULL DEFAULT 1")]
        {
            if !had.iter().any(|c| c == column) {
                tx.execute_batch(&format!("ALTER TABLE results ADD COLUMN {column} {definition}"))
                    .map_err(err)?;
            }
        }
        tx.commit().map_err(err)?;
        tracing::info!(from = found, to = VERSION, "database migrated");
    }
    conn.execute_batch(SCHEMA).map_err(err)?;
    let have = columns(conn).map_err(err)?;
    if let Some(missing) = COLUMNS.iter().find(|c| !have.iter().any(|h| h == *c)) {
        return Err(DbError::Unknown { path: shown.to_string(), column: (*missing).to_string() });
    }
    conn.pragma_update(None, "user_version", VERSION).map_err(err)?;
    Ok(())
}

/// The longest wait for another program's lock on the database, per write.
pub const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

impl Db {
    /// Opens (or creates) the database at `path`, in WAL mode, with its tables.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let shown = nim_tui::text::path(path);
        let err = |source| DbError::Sqlite { path: shown.clone(), source };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            // A missing data directory is made, as the local game's store does; a failure shows
            // as SQLite's own "unable to open".
            let _ = std::fs::create_dir_all(dir);
        }
        let conn = Connection::open(path).map_err(err)?;
        // WAL: readers never wait for the writer, and a write is durable at commit.
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(err)?;
        tracing::debug!(journal_mode = %mode, "database");
        // Another program holding the write lock (a teacher's sqlite3 shell, a backup) is waited
        // for this long on the store's thread; past it the result is kept and tried again.
        conn.busy_timeout(BUSY_WAIT).map_err(err)?;
        migrate(&conn, &shown)?;
        Ok(Db { conn: Mutex::new(conn), path: shown })
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, DbError> {
        let mut conn = self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut conn).map_err(|source| DbError::Sqlite { path: self.path.clone(), source })
    }

    /// Notes that `name` connected.
    pub fn seen(&self, name: &str) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO players (name, first_seen, last_seen) VALUES (?1, ?2, ?2)
                 ON CONFLICT (name) DO UPDATE SET last_seen = ?2",
                params![name, now()],
            )
            .map(drop)
        })
    }

    /// Keeps a finished game, at once.
    pub fn record(&self, row: &GameRow) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO results (player, opponent, game, mode, level, outcome, assisted, moves, ended_at, ended_by, counted)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    row.player,
                    row.opponent,
                    row.game,
                    row.mode,
                    row.level,
                    row.outcome.as_str(),
                    row.assisted,
                    row.moves,
                    now(),
                    row.ended_by,
                    row.counted
                ],
            )
            .map(drop)
        })
    }

    /// Every game `player` finished, oldest first.
    pub fn games_of(&self, player: &str) -> Result<Vec<GameRow>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted
                 FROM results WHERE player = ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map([player], row)?;
            rows.collect()
        })
    }

    /// The leaderboard against the AI: per game and level, the players by wins (unassisted
    /// first), then by fewest games. Games ended by the server are not counted.
    pub fn standings(&self) -> Result<Vec<Standing>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT player, game, level,
                        SUM(outcome = 'won' AND NOT assisted) AS won,
                        SUM(outcome != 'ended_by_server') AS played
                 FROM results WHERE opponent = 'ai' AND counted
                 GROUP BY player, game, level
                 HAVING played > 0
                 ORDER BY game, level, won DESC, played ASC, player",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(Standing {
                    player: r.get(0)?,
                    game: r.get(1)?,
                    level: r.get(2)?,
                    won: r.get(3)?,
                    played: r.get(4)?,
                })
            })?;
            rows.collect()
        })
    }

    /// The leaderboard between players: by wins, then fewest games. Games ended by the server
    /// are not counted.
    pub fn match_standings(&self) -> Result<Vec<MatchStanding>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT player, SUM(outcome = 'won') AS won, SUM(outcome != 'ended_by_server') AS played
                 FROM results WHERE opponent != 'ai' AND counted
                 GROUP BY player HAVING played > 0
                 ORDER BY won DESC, played ASC, player",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(MatchStanding { player: r.get(0)?, won: r.get(1)?, played: r.get(2)? })
            })?;
            rows.collect()
        })
    }

    /// The `limit` latest finished games, newest first.
    pub fn recent(&self, limit: u32) -> Result<Vec<GameRow>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted
                 FROM results ORDER BY id DESC LIMIT ?1",
            )?;
            let rows = stmt.query_map([limit], row)?;
            rows.collect()
        })
    }
}

fn row(r: &rusqlite::Row) -> rusqlite::Result<GameRow> {
    let outcome: String = r.get(5)?;
    Ok(GameRow {
        player: r.get(0)?,
        opponent: r.get(1)?,
        game: r.get(2)?,
        mode: r.get(3)?,
        level: r.get(4)?,
        outcome: match outcome.as_str() {
            "won" => Outcome::Won,
            "lost" => Outcome::Lost,
            _ => Outcome::EndedByServer,
        },
        assisted: r.get(6)?,
        moves: r.get(7)?,
        ended_by: r.get(8)?,
        counted: r.get(9)?,
    })
}
