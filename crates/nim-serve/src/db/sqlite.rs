//! The SQLite back end (the default): one file, in WAL mode, so that readers (a report) never
//! wait for the server's writes; the schema's version in `PRAGMA user_version`.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, params};

use super::{
    Activity, ActivityRow, BUSY_WAIT, DbError, FirstMoves, GameRecord, GameRow, Grade, HistoryRow, IdKind,
    MatchStanding, MoveRow, Outcome, Played, PuzzleBook, PuzzleFigures, PuzzleRating, RatingChange,
    RatingRow, Readings, Selection, Standing, StudentSummary, TournamentKind, TournamentResult,
    TournamentRow, VERSION, now, seconds, time_of,
};

/// The database in one file, shared by every caller (SQLite serialises writers anyway; a write is
/// a single short transaction).
pub(super) struct Sqlite {
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
    counted INTEGER NOT NULL DEFAULT 1,
    game_id INTEGER REFERENCES games (id)
);
CREATE INDEX IF NOT EXISTS results_by_player ON results (player);
CREATE INDEX IF NOT EXISTS results_by_time ON results (ended_at);
CREATE INDEX IF NOT EXISTS results_by_game ON results (game_id);
CREATE TABLE IF NOT EXISTS activities (
    id INTEGER PRIMARY KEY,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    heaps TEXT,
    puzzle TEXT,
    hints INTEGER NOT NULL,
    time_limit INTEGER,
    started_by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started_at INTEGER,
    ended_at INTEGER NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    level TEXT NOT NULL,
    start TEXT NOT NULL,
    activity INTEGER REFERENCES activities (id)
);
CREATE INDEX IF NOT EXISTS games_by_time ON games (ended_at);
CREATE INDEX IF NOT EXISTS games_by_activity ON games (activity);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    player TEXT NOT NULL,
    before TEXT NOT NULL,
    mv TEXT NOT NULL,
    ms INTEGER NOT NULL,
    grade TEXT NOT NULL CHECK (grade IN ('kept', 'missed', 'no_win')),
    better TEXT,
    hardest INTEGER,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS progress (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('lesson', 'puzzle')),
    course TEXT,
    step INTEGER,
    solved INTEGER,
    activity INTEGER REFERENCES activities (id),
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS progress_by_time ON progress (at);
CREATE INDEX IF NOT EXISTS progress_by_activity ON progress (activity);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player, game, mode)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rating_history (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    game_id INTEGER REFERENCES games (id),
    opponent TEXT NOT NULL,
    moved_first INTEGER NOT NULL,
    before REAL NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_by_player ON rating_history (player);
CREATE INDEX IF NOT EXISTS rating_history_by_time ON rating_history (at);
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('arena', 'round_robin', 'swiss')),
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    rounds INTEGER,
    seconds INTEGER,
    started_by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    tries INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS puzzle_solvers (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    tries INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (player, game)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS puzzle_answers (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solved INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (player, puzzle)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tournament_games (
    tournament INTEGER NOT NULL REFERENCES tournaments (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    round INTEGER NOT NULL,
    PRIMARY KEY (tournament, game_id)
) WITHOUT ROWID;
";

/// The columns of `results` this server reads and writes.
const COLUMNS: [&str; 12] = [
    "player", "opponent", "game", "mode", "level", "outcome", "assisted", "moves", "ended_at", "ended_by",
    "counted", "game_id",
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
        // An older server's file: the columns added (every old game counted, ended at play,
        // linked to no game: its moves were not kept), then the new tables below.
        let tx = conn.unchecked_transaction().map_err(err)?;
        for (column, definition) in [
            ("ended_by", "TEXT NOT NULL DEFAULT 'play'"),
            ("counted", "INTEGER NOT NULL DEFAULT 1"),
            ("game_id", "INTEGER REFERENCES games (id)"),
        ] {
            if !had.iter().any(|c| c == column) {
                tx.execute_batch(&format!("ALTER TABLE results ADD COLUMN {column} {definition}"))
                    .map_err(err)?;
            }
        }
        // Version 4: whether a move from a lost position made the opponent's work hardest (older
        // moves were not judged: empty).
        let moves: Vec<String> = {
            let mut stmt = tx.prepare("SELECT name FROM pragma_table_info('moves')").map_err(err)?;
            let names = stmt.query_map([], |r| r.get(0)).map_err(err)?;
            names.collect::<rusqlite::Result<_>>().map_err(err)?
        };
        if !moves.is_empty() && !moves.iter().any(|c| c == "hardest") {
            tx.execute_batch("ALTER TABLE moves ADD COLUMN hardest INTEGER").map_err(err)?;
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

impl Sqlite {
    pub(super) fn open(path: &Path) -> Result<Sqlite, DbError> {
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
        Ok(Sqlite { conn: Mutex::new(conn), path: shown })
    }

    pub(super) fn open_read_only(path: &Path) -> Result<Sqlite, DbError> {
        use rusqlite::OpenFlags;
        let shown = nim_tui::text::path(path);
        if !path.is_file() {
            return Err(DbError::Missing { path: shown });
        }
        let err = |source| DbError::Sqlite { path: shown.clone(), source };
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(err)?;
        conn.busy_timeout(BUSY_WAIT).map_err(err)?;
        let found: i64 = match conn.query_row("PRAGMA user_version", [], |r| r.get(0)) {
            Ok(found) => found,
            Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::NotADatabase => {
                return Err(DbError::NotOurs { path: shown });
            }
            Err(e) => return Err(err(e)),
        };
        if found > VERSION {
            return Err(DbError::Newer { path: shown, found, known: VERSION });
        }
        let tables: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'results'",
                [],
                |r| r.get(0),
            )
            .map_err(err)?;
        if tables == 0 {
            return Err(DbError::NotOurs { path: shown });
        }
        if found < VERSION {
            return Err(DbError::Older { path: shown, found, known: VERSION });
        }
        Ok(Sqlite { conn: Mutex::new(conn), path: shown })
    }

    pub(super) fn shown(&self) -> &str {
        &self.path
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, DbError> {
        let mut conn = self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut conn).map_err(|source| DbError::Sqlite { path: self.path.clone(), source })
    }

    pub(super) fn seen(&self, name: &str) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO players (name, first_seen, last_seen) VALUES (?1, ?2, ?2)
                 ON CONFLICT (name) DO UPDATE SET last_seen = ?2",
                params![name, now()],
            )
            .map(drop)
        })
    }

    pub(super) fn record(&self, row: &GameRow, at: i64) -> Result<(), DbError> {
        self.with(|c| insert_result(c, row, at, None))
    }

    pub(super) fn record_game_rated(
        &self,
        played: &Played,
        at: i64,
        changes: &[RatingChange],
    ) -> Result<i64, DbError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let (game, mode, level) = played
                .rows
                .first()
                .map_or(("", "", ""), |r| (r.game.as_str(), r.mode.as_str(), r.level.as_str()));
            tx.execute(
                "INSERT INTO games (started_at, ended_at, game, mode, level, start, activity)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![played.started_at.map(seconds), at, game, mode, level, played.start, played.activity],
            )?;
            let id = tx.last_insert_rowid();
            for row in &played.rows {
                insert_result(&tx, row, at, Some(id))?;
            }
            {
                let mut stmt = tx.prepare(
                    "INSERT INTO moves (game_id, ply, player, before, mv, ms, grade, better, hardest)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )?;
                for m in &played.moves {
                    stmt.execute(params![
                        id,
                        m.ply,
                        m.player,
                        m.before,
                        m.mv,
                        i64::try_from(m.ms).unwrap_or(i64::MAX),
                        m.grade.as_str(),
                        m.better,
                        m.hardest
                    ])?;
                }
            }
            for ch in changes {
                tx.execute(
                    "INSERT INTO ratings (player, game, mode, rating, deviation, volatility, games, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)
                     ON CONFLICT (player, game, mode) DO UPDATE SET rating = ?4, deviation = ?5,
                        volatility = ?6, games = games + 1, updated_at = ?7",
                    params![ch.player, ch.game, ch.mode, ch.after.rating, ch.after.deviation, ch.after.volatility, at],
                )?;
                tx.execute(
                    "INSERT INTO rating_history (player, game, mode, game_id, opponent, moved_first, before, rating,
                        deviation, volatility, at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                    params![
                        ch.player,
                        ch.game,
                        ch.mode,
                        id,
                        ch.opponent,
                        ch.moved_first,
                        ch.before.rating,
                        ch.after.rating,
                        ch.after.deviation,
                        ch.after.volatility,
                        at
                    ],
                )?;
            }
            if let Some(t) = played.tournament {
                tx.execute(
                    "INSERT INTO tournament_games (tournament, game_id, round) VALUES (?1, ?2, ?3)",
                    params![t.tournament, id, t.round],
                )?;
            }
            tx.commit()?;
            Ok(id)
        })
    }

    pub(super) fn ratings(&self) -> Result<Vec<RatingRow>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT r.player, r.game, r.mode, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r
                 ORDER BY r.player, (SELECT MAX(h.id) FROM rating_history h
                    WHERE h.player = r.player AND h.game = r.game AND h.mode = r.mode) DESC",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(RatingRow {
                    player: r.get(0)?,
                    game: r.get(1)?,
                    mode: r.get(2)?,
                    rating: nim_tui::rating::Rating {
                        rating: r.get(3)?,
                        deviation: r.get(4)?,
                        volatility: r.get(5)?,
                    },
                    games: r.get(6)?,
                })
            })?;
            rows.collect()
        })
    }

    pub(super) fn first_moves(&self) -> Result<FirstMoves, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT player, opponent, game, mode, SUM(moved_first) FROM rating_history
                 WHERE opponent NOT LIKE 'ai:%' GROUP BY player, opponent, game, mode",
            )?;
            let rows =
                stmt.query_map([], |r| Ok(((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?), r.get(4)?)))?;
            rows.collect()
        })
    }

    pub(super) fn rating_history(&self, selection: Selection) -> Result<Vec<HistoryRow>, DbError> {
        self.with(|c| {
            let (cond, args) = filter(selection, "h.at", "g.activity");
            let mut stmt = c.prepare(&format!(
                "SELECT h.player, h.game, h.mode, h.opponent, h.moved_first, h.before, h.rating, h.deviation,
                        h.volatility, h.game_id, h.at,
                        (SELECT p.rating FROM rating_history p WHERE p.player = h.player AND p.game = h.game
                            AND p.mode = h.mode AND p.id < h.id ORDER BY p.id DESC LIMIT 1),
                        (SELECT p.deviation FROM rating_history p WHERE p.player = h.player AND p.game = h.game
                            AND p.mode = h.mode AND p.id < h.id ORDER BY p.id DESC LIMIT 1),
                        (SELECT p.volatility FROM rating_history p WHERE p.player = h.player AND p.game = h.game
                            AND p.mode = h.mode AND p.id < h.id ORDER BY p.id DESC LIMIT 1)
                 FROM rating_history h LEFT JOIN games g ON g.id = h.game_id
                 WHERE {cond} ORDER BY h.id"
            ))?;
            let rows = stmt.query_map(rusqlite::params_from_iter(&args), |r| {
                let start = nim_tui::rating::START;
                let before = nim_tui::rating::Rating {
                    rating: r.get(5)?,
                    deviation: r.get::<_, Option<f64>>(12)?.unwrap_or(start.deviation),
                    volatility: r.get::<_, Option<f64>>(13)?.unwrap_or(start.volatility),
                };
                Ok(HistoryRow {
                    change: RatingChange {
                        player: r.get(0)?,
                        game: r.get(1)?,
                        mode: r.get(2)?,
                        opponent: r.get(3)?,
                        moved_first: r.get(4)?,
                        before,
                        after: nim_tui::rating::Rating {
                            rating: r.get(6)?,
                            deviation: r.get(7)?,
                            volatility: r.get(8)?,
                        },
                    },
                    game_id: r.get(9)?,
                    at: r.get(10)?,
                })
            })?;
            rows.collect()
        })
    }

    pub(super) fn tournament_started(&self, t: &TournamentRow) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO tournaments (id, kind, started_at, game, mode, rounds, seconds, started_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    t.id,
                    t.kind.as_str(),
                    t.started_at,
                    t.game,
                    t.mode,
                    t.rounds,
                    t.seconds,
                    t.started_by
                ],
            )
            .map(drop)
        })
    }

    pub(super) fn tournament_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE tournaments SET ended_at = ?2 WHERE id = ?1", params![id, at]).map(drop)
        })
    }

    pub(super) fn tournaments(&self) -> Result<Vec<TournamentRow>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT id, kind, started_at, ended_at, game, mode, rounds, seconds, started_by
                 FROM tournaments ORDER BY id",
            )?;
            let rows = stmt.query_map([], |r| {
                let kind: String = r.get(1)?;
                Ok(TournamentRow {
                    id: r.get(0)?,
                    kind: TournamentKind::parse(&kind).unwrap_or(TournamentKind::Arena),
                    started_at: r.get(2)?,
                    ended_at: r.get(3)?,
                    game: r.get(4)?,
                    mode: r.get(5)?,
                    rounds: r.get(6)?,
                    seconds: r.get(7)?,
                    started_by: r.get(8)?,
                })
            })?;
            rows.collect()
        })
    }

    pub(super) fn tournament_results(&self, id: i64) -> Result<Vec<TournamentResult>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT t.game_id, t.round,
                        (SELECT m.player FROM moves m WHERE m.game_id = t.game_id ORDER BY m.ply LIMIT 1),
                        (SELECT r.player FROM results r WHERE r.game_id = t.game_id ORDER BY r.id LIMIT 1),
                        (SELECT r.opponent FROM results r WHERE r.game_id = t.game_id ORDER BY r.id LIMIT 1),
                        (SELECT r.player FROM results r WHERE r.game_id = t.game_id AND r.outcome = 'won')
                 FROM tournament_games t WHERE t.tournament = ?1 ORDER BY t.game_id",
            )?;
            let rows = stmt.query_map([id], |r| {
                let (player, opponent): (String, String) = (r.get(3)?, r.get(4)?);
                let first: String = r.get::<_, Option<String>>(2)?.unwrap_or_else(|| player.clone());
                let second = if first == player { opponent } else { player };
                Ok(TournamentResult {
                    game_id: r.get(0)?,
                    round: r.get(1)?,
                    first,
                    second,
                    winner: r.get(5)?,
                })
            })?;
            rows.collect()
        })
    }

    pub(super) fn activity_started(&self, a: &ActivityRow) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO activities (id, started_at, game, mode, heaps, puzzle, hints, time_limit, started_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    a.id,
                    seconds(a.started_at),
                    a.game,
                    a.mode,
                    a.heaps,
                    a.puzzle,
                    a.hints,
                    a.time_limit,
                    a.started_by
                ],
            )
            .map(drop)
        })
    }

    pub(super) fn activity_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE activities SET ended_at = ?2 WHERE id = ?1", params![id, at]).map(drop)
        })
    }

    pub(super) fn lesson_done(&self, player: &str, course: &str, step: u32, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO progress (player, kind, course, step, at) VALUES (?1, 'lesson', ?2, ?3, ?4)",
                params![player, course, step, at],
            )
            .map(drop)
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
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO progress (player, kind, solved, activity, at) VALUES (?1, 'puzzle', ?2, ?3, ?4)",
                params![player, solved, activity, at],
            )?;
            if let Some(r) = rated {
                let wide = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
                tx.execute(
                    "INSERT INTO puzzle_answers (player, puzzle, solved, at) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (player, puzzle) DO NOTHING",
                    params![player, r.puzzle, solved, at],
                )?;
                let (p, q) = (&r.player, &r.puzzle_after);
                tx.execute(
                    "INSERT INTO puzzle_solvers (player, game, rating, deviation, volatility, tries, solved, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (player, game) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
                        tries = ?6, solved = ?7, updated_at = ?8",
                    params![
                        player,
                        r.game,
                        p.rating.rating,
                        p.rating.deviation,
                        p.rating.volatility,
                        wide(p.tries),
                        wide(p.solved),
                        at
                    ],
                )?;
                tx.execute(
                    "INSERT INTO puzzle_ratings (puzzle, game, rating, deviation, volatility, tries, solved, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (puzzle) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
                        tries = ?6, solved = ?7, updated_at = ?8",
                    params![
                        r.puzzle,
                        r.game,
                        q.rating.rating,
                        q.rating.deviation,
                        q.rating.volatility,
                        wide(q.tries),
                        wide(q.solved),
                        at
                    ],
                )?;
            }
            tx.commit()
        })
    }

    pub(super) fn puzzle_book(&self) -> Result<PuzzleBook, DbError> {
        self.with(|c| {
            let figures = |r: &rusqlite::Row, at: usize| -> rusqlite::Result<PuzzleFigures> {
                Ok(PuzzleFigures {
                    rating: nim_tui::rating::Rating {
                        rating: r.get(at)?,
                        deviation: r.get(at + 1)?,
                        volatility: r.get(at + 2)?,
                    },
                    tries: u64::try_from(r.get::<_, i64>(at + 3)?).unwrap_or(0),
                    solved: u64::try_from(r.get::<_, i64>(at + 4)?).unwrap_or(0),
                })
            };
            let mut book = PuzzleBook::default();
            let mut stmt =
                c.prepare("SELECT puzzle, rating, deviation, volatility, tries, solved FROM puzzle_ratings")?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, figures(r, 1)?)))? {
                let (puzzle, f) = row?;
                book.puzzles.insert(puzzle, f);
            }
            let mut stmt = c.prepare(
                "SELECT player, game, rating, deviation, volatility, tries, solved FROM puzzle_solvers",
            )?;
            for row in
                stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, figures(r, 2)?)))?
            {
                let (player, game, f) = row?;
                book.solvers.insert((player, game), f);
            }
            let mut stmt = c.prepare("SELECT player, puzzle FROM puzzle_answers")?;
            for row in stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))? {
                book.answered.insert(row?);
            }
            Ok(book)
        })
    }

    pub(super) fn reserve_ids(&self, kind: IdKind, after: i64, count: u32) -> Result<Vec<i64>, DbError> {
        let kept: i64 = self.with(|c| {
            c.query_row(&format!("SELECT COALESCE(MAX(id), 0) FROM {}", kind.table()), [], |r| r.get(0))
        })?;
        let last = kept.max(after);
        Ok((1..=i64::from(count)).map(|i| last.saturating_add(i)).collect())
    }

    pub(super) fn latest_activity_ids(&self, limit: u32) -> Result<Vec<i64>, DbError> {
        self.with(|c| {
            let mut stmt =
                c.prepare("SELECT id FROM activities ORDER BY started_at DESC, id DESC LIMIT ?1")?;
            let ids = stmt.query_map([limit], |r| r.get(0))?;
            ids.collect()
        })
    }

    pub(super) fn activity(&self, id: i64) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(&format!("SELECT {ACTIVITY} FROM activities WHERE id = ?1"))?;
            let mut rows = stmt.query_map([id], activity)?;
            rows.next().transpose()
        })
    }

    pub(super) fn latest_activity(&self) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(&format!(
                "SELECT {ACTIVITY} FROM activities ORDER BY started_at DESC, id DESC LIMIT 1"
            ))?;
            let mut rows = stmt.query_map([], activity)?;
            rows.next().transpose()
        })
    }

    pub(super) fn lesson_steps(&self) -> Result<Vec<(String, String, u32)>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT DISTINCT player, course, step FROM progress WHERE kind = 'lesson' ORDER BY player, course, step",
            )?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            rows.collect()
        })
    }

    pub(super) fn summaries(
        &self,
        selection: Selection,
    ) -> Result<BTreeMap<String, StudentSummary>, DbError> {
        self.with(|c| {
            let mut out: BTreeMap<String, StudentSummary> = BTreeMap::new();
            let (cond, args) = filter(selection, "r.ended_at", "g.activity");
            let mut stmt = c.prepare(&format!(
                "SELECT r.player, COUNT(*), SUM(r.outcome = 'won'), SUM(r.outcome = 'lost'),
                        SUM(r.outcome = 'lost' AND r.ended_by = 'left by ' || r.player),
                        SUM(r.outcome = 'ended_by_server'), SUM(r.assisted), MIN(r.ended_at), MAX(r.ended_at)
                 FROM results r LEFT JOIN games g ON g.id = r.game_id
                 WHERE {cond} GROUP BY r.player"
            ))?;
            let mut rows = stmt.query(rusqlite::params_from_iter(&args))?;
            while let Some(r) = rows.next()? {
                let s = out.entry(r.get(0)?).or_default();
                s.games = r.get(1)?;
                s.won = r.get(2)?;
                s.lost = r.get(3)?;
                s.abandoned = r.get(4)?;
                s.ended_by_server = r.get(5)?;
                s.assisted = r.get(6)?;
                s.seen_at(r.get(7)?);
                s.seen_at(r.get(8)?);
            }
            // The latest game of each: the row written last.
            let mut stmt = c.prepare(&format!(
                "SELECT r.player, r.opponent, r.game, r.mode, r.level, r.outcome, r.assisted, r.moves, r.ended_by, r.counted
                 FROM results r LEFT JOIN games g ON g.id = r.game_id
                 WHERE r.id IN (SELECT MAX(r.id) FROM results r LEFT JOIN games g ON g.id = r.game_id
                                WHERE {cond} GROUP BY r.player)"
            ))?;
            for last in stmt.query_map(rusqlite::params_from_iter(&args), row)? {
                let last = last?;
                let summary = out.entry(last.player.clone()).or_default();
                summary.last_game = Some(last);
            }
            moves_and_progress(c, selection, &mut out)?;
            Ok(out)
        })
    }

    pub(super) fn readings(&self) -> Result<Readings, DbError> {
        self.with(|c| {
            let mut out = Readings::default();
            let mut last: HashMap<String, i64> = HashMap::new();
            let mut stmt = c.prepare(
                "SELECT player, opponent = 'ai', game, level, counted,
                        SUM(outcome = 'won' AND NOT assisted), SUM(outcome = 'won'), SUM(outcome = 'lost'),
                        SUM(outcome = 'lost' AND ended_by = 'left by ' || player), SUM(outcome = 'ended_by_server'),
                        SUM(assisted), COUNT(*), MIN(ended_at), MAX(ended_at), MAX(id)
                 FROM results NOT INDEXED GROUP BY player, opponent = 'ai', game, level, counted",
            )?;
            let mut rows = stmt.query([])?;
            while let Some(r) = rows.next()? {
                let player: String = r.get(0)?;
                let (ai, counted): (bool, bool) = (r.get(1)?, r.get(4)?);
                let (alone, won, lost, left, by_server, assisted, games): (u32, u32, u32, u32, u32, u32, u32) =
                    (r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?, r.get(10)?, r.get(11)?);
                let played = games - by_server;
                if counted && ai && played > 0 {
                    out.ai.insert((player.clone(), r.get(2)?, r.get(3)?), (alone, played));
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
                s.seen_at(r.get(12)?);
                s.seen_at(r.get(13)?);
                let id: i64 = r.get(14)?;
                let latest = last.entry(player).or_insert(id);
                *latest = (*latest).max(id);
            }
            out.people.retain(|_, (_, played)| *played > 0);
            // Each student's latest game: one row each, found by its id.
            let mut stmt = c.prepare(
                "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted
                 FROM results WHERE id = ?1",
            )?;
            for (player, id) in last {
                let row = stmt.query_row([id], row)?;
                out.students.entry(player).or_default().last_game = Some(row);
            }
            moves_and_progress(c, Selection::All, &mut out.students)?;
            Ok(out)
        })
    }
}

/// [`super::Db::summaries`]' moves and progress, added to `out`.
fn moves_and_progress(
    c: &Connection,
    selection: Selection,
    out: &mut BTreeMap<String, StudentSummary>,
) -> rusqlite::Result<()> {
    {
        {
            // The student's own moves, in games on their record.
            let (cond, args) = filter(selection, "g.ended_at", "g.activity");
            let mut stmt = c.prepare(&format!(
                "SELECT m.player, COUNT(*), SUM(m.grade = 'kept'), SUM(m.grade = 'missed'), SUM(m.ms),
                        SUM(m.hardest IS NOT NULL), SUM(COALESCE(m.hardest, 0))
                 FROM moves m JOIN games g ON g.id = m.game_id
                 WHERE {cond} AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = m.game_id AND r.player = m.player)
                 GROUP BY m.player"
            ))?;
            let mut rows = stmt.query(rusqlite::params_from_iter(&args))?;
            while let Some(r) = rows.next()? {
                let s = out.entry(r.get(0)?).or_default();
                s.moves = r.get(1)?;
                s.kept = r.get(2)?;
                s.missed = r.get(3)?;
                s.think_ms = u64::try_from(r.get::<_, i64>(4)?).unwrap_or(0);
                s.lost_judged = r.get(5)?;
                s.hardest = r.get(6)?;
            }
            let (cond, args) = filter(selection, "at", "activity");
            let mut stmt = c.prepare(&format!(
                "SELECT player, COUNT(DISTINCT CASE WHEN kind = 'lesson' THEN course || char(31) || step END),
                        SUM(kind = 'puzzle'), SUM(kind = 'puzzle' AND solved), MIN(at), MAX(at)
                 FROM progress WHERE {cond} GROUP BY player"
            ))?;
            let mut rows = stmt.query(rusqlite::params_from_iter(&args))?;
            while let Some(r) = rows.next()? {
                let s = out.entry(r.get(0)?).or_default();
                s.lesson_steps = r.get(1)?;
                s.puzzles_tried = r.get(2)?;
                s.puzzles_solved = r.get(3)?;
                s.seen_at(r.get(4)?);
                s.seen_at(r.get(5)?);
            }
            Ok(())
        }
    }
}

impl Sqlite {
    pub(super) fn games(&self, selection: Selection) -> Result<Vec<GameRecord>, DbError> {
        self.with(|c| {
            let (cond, args) = filter(selection, "ended_at", "activity");
            let mut stmt = c.prepare(&format!(
                "SELECT id, started_at, ended_at, game, mode, level, start, activity FROM games
                 WHERE {cond} ORDER BY ended_at, id"
            ))?;
            let mut games: Vec<GameRecord> = stmt
                .query_map(rusqlite::params_from_iter(&args), |r| {
                    Ok(GameRecord {
                        id: Some(r.get(0)?),
                        started_at: r.get(1)?,
                        ended_at: r.get(2)?,
                        game: r.get(3)?,
                        mode: r.get(4)?,
                        level: r.get(5)?,
                        start: Some(r.get(6)?),
                        activity: r.get(7)?,
                        rows: Vec::new(),
                        moves: Vec::new(),
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            let mut results = c.prepare(
                "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted
                 FROM results WHERE game_id = ?1 ORDER BY id",
            )?;
            let mut moves = c.prepare(
                "SELECT ply, player, before, mv, ms, grade, better, hardest FROM moves WHERE game_id = ?1 ORDER BY ply",
            )?;
            for g in &mut games {
                g.rows = results.query_map([g.id], row)?.collect::<rusqlite::Result<_>>()?;
                g.moves = moves
                    .query_map([g.id], |r| {
                        let grade: String = r.get(5)?;
                        Ok(MoveRow {
                            ply: r.get(0)?,
                            player: r.get(1)?,
                            before: r.get(2)?,
                            mv: r.get(3)?,
                            ms: u64::try_from(r.get::<_, i64>(4)?).unwrap_or(0),
                            grade: Grade::parse(&grade).unwrap_or(Grade::NoWin),
                            better: r.get(6)?,
                            hardest: r.get(7)?,
                        })
                    })?
                    .collect::<rusqlite::Result<_>>()?;
            }
            if !matches!(selection, Selection::Activity(_)) {
                let (cond, args) = filter(selection, "ended_at", "NULL");
                let mut stmt = c.prepare(&format!(
                    "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted, ended_at
                     FROM results WHERE game_id IS NULL AND {cond} ORDER BY id"
                ))?;
                let old = stmt.query_map(rusqlite::params_from_iter(&args), |r| Ok((row(r)?, r.get::<_, i64>(10)?)))?;
                for old in old {
                    let (row, ended_at) = old?;
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
            let mut stmt = c.prepare(
                "SELECT player, opponent, game, mode, level, outcome, assisted, moves, ended_by, counted
                 FROM results WHERE player = ?1 ORDER BY id",
            )?;
            let rows = stmt.query_map([player], row)?;
            rows.collect()
        })
    }

    pub(super) fn standings(&self) -> Result<Vec<Standing>, DbError> {
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

    pub(super) fn match_standings(&self) -> Result<Vec<MatchStanding>, DbError> {
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

    pub(super) fn recent(&self, limit: u32) -> Result<Vec<GameRow>, DbError> {
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

/// The SQL condition on a table whose time column is `time` and activity column `activity`, with
/// its parameters.
fn filter(selection: Selection, time: &str, activity: &str) -> (String, Vec<i64>) {
    match selection {
        Selection::All => ("1".into(), Vec::new()),
        Selection::Between { from, until } => (format!("{time} >= ?1 AND {time} < ?2"), vec![from, until]),
        Selection::Activity(id) => (format!("{activity} = ?1"), vec![id]),
    }
}

/// Writes one result, linked to its game if it has one.
fn insert_result(c: &Connection, row: &GameRow, at: i64, game: Option<i64>) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO results (player, opponent, game, mode, level, outcome, assisted, moves, ended_at, ended_by, counted, game_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            row.player,
            row.opponent,
            row.game,
            row.mode,
            row.level,
            row.outcome.as_str(),
            row.assisted,
            row.moves,
            at,
            row.ended_by,
            row.counted,
            game
        ],
    )
    .map(drop)
}

/// The columns [`activity`] reads.
const ACTIVITY: &str = "id, started_at, ended_at, game, mode, heaps, puzzle, hints, time_limit, started_by";

fn activity(r: &rusqlite::Row) -> rusqlite::Result<Activity> {
    Ok(Activity {
        row: ActivityRow {
            id: r.get(0)?,
            started_at: time_of(r.get(1)?),
            game: r.get(3)?,
            mode: r.get(4)?,
            heaps: r.get(5)?,
            puzzle: r.get(6)?,
            hints: r.get(7)?,
            time_limit: r.get(8)?,
            started_by: r.get(9)?,
        },
        ended_at: r.get::<_, Option<i64>>(2)?.map(time_of),
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Db;
    use crate::db::tests::{a_move, game_row};

    /// A version 2 file (results only) is brought to version 3: its results kept, linked to no
    /// game, and the new tables there; a file of a newer version is refused, for reading too.
    #[test]
    fn a_version_2_file_is_migrated_and_a_newer_one_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("v2.sqlite3");
        {
            let old = Connection::open(&path).expect("sqlite");
            old.execute_batch(
                "CREATE TABLE players (name TEXT PRIMARY KEY, first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL);
                 CREATE TABLE results (id INTEGER PRIMARY KEY, player TEXT NOT NULL, opponent TEXT NOT NULL,
                    game TEXT NOT NULL, mode TEXT NOT NULL, level TEXT NOT NULL,
                    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'ended_by_server')),
                    assisted INTEGER NOT NULL, moves INTEGER NOT NULL, ended_at INTEGER NOT NULL,
                    ended_by TEXT NOT NULL DEFAULT 'play', counted INTEGER NOT NULL DEFAULT 1);
                 INSERT INTO results (player, opponent, game, mode, level, outcome, assisted, moves, ended_at)
                    VALUES ('ann', 'ai', 'nim', 'normal', 'perfect', 'won', 0, 5, 86400);
                 PRAGMA user_version = 2;",
            )
            .expect("a version 2 file");
        }
        assert!(matches!(Db::open_read_only(&path), Err(DbError::Older { found: 2, .. })));
        let db = Db::open(&path).expect("migrated");
        let games = db.games(Selection::All).expect("games");
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].id, games[0].rows[0].player.as_str()), (None, "ann"));
        assert!(db.games(Selection::Activity(1)).expect("none").is_empty());
        let id = db
            .record_game(
                &Played {
                    rows: vec![game_row("ann")],
                    started_at: None,
                    start: "1 2".into(),
                    moves: vec![a_move(1)],
                    activity: None,
                    helped: false,
                    tournament: None,
                },
                2 * 86_400,
            )
            .expect("a game");
        drop(db);
        let db = Db::open_read_only(&path).expect("read-only");
        let games = db.games(Selection::Between { from: 2 * 86_400, until: 3 * 86_400 }).expect("games");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].id, Some(id));
        assert_eq!(games[0].moves, vec![a_move(1)]);
        assert_eq!(db.summaries(Selection::All).expect("all")["ann"].games, 2);
        drop(db);
        Connection::open(&path)
            .expect("sqlite")
            .pragma_update(None, "user_version", VERSION + 1)
            .expect("newer");
        assert!(matches!(Db::open(&path), Err(DbError::Newer { .. })));
        assert!(matches!(Db::open_read_only(&path), Err(e) if e.is_bad_input()));
        assert!(matches!(Db::open_read_only(&dir.path().join("none")), Err(DbError::Missing { .. })));
        std::fs::write(dir.path().join("junk"), vec![b'x'; 4096]).expect("junk");
        assert!(matches!(Db::open_read_only(&dir.path().join("junk")), Err(DbError::NotOurs { .. })));
    }

    /// A version 3 file (no ratings, no tournaments, moves not judged for the hardest) gains the
    /// new tables and column at start, its games kept and readable, its moves unjudged.
    #[test]
    fn a_version_3_file_gains_ratings_and_tournaments() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("v3.sqlite3");
        let played = Played {
            rows: vec![game_row("ann")],
            started_at: None,
            start: "1 2".into(),
            moves: vec![a_move(1)],
            activity: None,
            helped: false,
            tournament: None,
        };
        Db::open(&path).expect("new").record_game(&played, 100).expect("a game");
        {
            // Made a version 3 file: what version 4 added taken away.
            let old = Connection::open(&path).expect("sqlite");
            old.execute_batch(
                "ALTER TABLE moves DROP COLUMN hardest;
                 DROP TABLE ratings; DROP TABLE rating_history; DROP TABLE tournament_games; DROP TABLE tournaments;
                 PRAGMA user_version = 3;",
            )
            .expect("a version 3 file");
        }
        assert!(matches!(Db::open_read_only(&path), Err(DbError::Older { found: 3, .. })));
        let db = Db::open(&path).expect("migrated");
        assert_eq!(db.games(Selection::All).expect("games")[0].moves, vec![a_move(1)]);
        assert!(db.ratings().expect("ratings").is_empty());
        assert!(db.tournaments().expect("tournaments").is_empty());
        drop(db);
        assert!(Db::open_read_only(&path).is_ok());
    }
}
