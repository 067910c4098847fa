//! The server's database: players and every finished game, in SQLite (WAL), written as each game
//! ends, so that a restart loses nothing finished. Local play keeps its own files; nothing here
//! touches them.

use std::collections::{BTreeMap, HashMap};
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
    #[error("there is no database at {path}: give the server's with --db PATH")]
    Missing { path: String },
    #[error(
        "{path} is not a database of this server's (it has no table of results): give the server's with --db PATH"
    )]
    NotOurs { path: String },
    #[error(
        "the server's database {path} was written by an older server (schema version {found}, this one reads {known}): start this server on it once (`nim-tui serve --db PATH`), which brings it up to date, then ask again"
    )]
    Older { path: String, found: i64, known: i64 },
    #[error(
        "the server's database {path} is not one this server knows (its `results` table has no column {column}): give another file with --db PATH"
    )]
    Unknown { path: String, column: String },
}

impl DbError {
    /// Whether the fault is in the file given (exit 2) rather than at run time (exit 1).
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            DbError::Newer { .. }
                | DbError::Unknown { .. }
                | DbError::Missing { .. }
                | DbError::NotOurs { .. }
                | DbError::Older { .. }
        )
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

    /// The grade [`Grade::as_str`] wrote.
    pub fn parse(text: &str) -> Option<Grade> {
        [Grade::Kept, Grade::Missed, Grade::NoWin].into_iter().find(|g| g.as_str() == text)
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
    /// From a lost position: whether the move made the opponent's work hardest
    /// (`nim_tui::rating::made_it_hardest`); `None` from a winning position, or when the engine
    /// could not say exactly.
    pub hardest: Option<bool>,
}

/// Every move of `game` the app judged as it was played, graded for the store: `names[0]` is the
/// first seat's player (a student's name, or `ai`), `names[1]` the second's; `ms[i]` the time of
/// the game's move `i` (from 0; a missing one is 0). The grade is the app's own coaching
/// ([`nim_tui::app::Game::judged`]): kept, missed (with the first winning move it listed), or
/// no win. A position is written as the game writes it (`3 4 5`; Fibonacci Nim's `HEAP/LIMIT`).
pub fn graded_moves(game: &nim_tui::app::Game, names: [&str; 2], ms: &[u64]) -> Vec<MoveRow> {
    use nim_tui::app::Coaching;
    use nim_tui::engine::Rules as _;
    let (from, lines) = game.judged();
    let engine = game.engine();
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let index = from + i;
            let (grade, better) = match &line.coaching {
                Coaching::Kept => (Grade::Kept, None),
                Coaching::Missed(winning) => (Grade::Missed, winning.first().map(|m| engine.write_move(m))),
                Coaching::AlreadyLost => (Grade::NoWin, None),
            };
            let hardest = match grade {
                Grade::NoWin => nim_tui::rating::made_it_hardest(engine, &line.before, &line.mv),
                _ => None,
            };
            MoveRow {
                ply: u32::try_from(index + 1).unwrap_or(u32::MAX),
                player: names[usize::from(line.seat == nim_tui::domain::Seat::Second)].to_string(),
                before: position_text(&line.before),
                mv: engine.write_move(&line.mv),
                ms: ms.get(index).copied().unwrap_or(0),
                grade,
                better,
                hardest,
            }
        })
        .collect()
}

/// A position as the game writes it: its heaps, and Fibonacci Nim's limit after a `/`.
pub fn position_text(position: &nim_tui::engine::Position) -> String {
    match position.limit() {
        Some(limit) => format!("{position}/{limit}"),
        None => position.to_string(),
    }
}

/// Everything kept of one finished game: a row per player at it (one against the AI, two
/// between people), where it started, every move graded, and the activity it was part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub rows: Vec<GameRow>,
    /// When the game's first position was shown (`None` if not known: kept empty).
    pub started_at: Option<SystemTime>,
    /// The start position, as the game writes it.
    pub start: String,
    pub moves: Vec<MoveRow>,
    /// The activity (a class race) the game was played in, by its id.
    pub activity: Option<i64>,
    /// Whether a player had hints or undo in it (the AI's level is not help here): such a game
    /// is not rated (`nim_tui::rating`).
    pub helped: bool,
    /// The tournament game it was, if it was one.
    pub tournament: Option<TournamentGame>,
}

/// A game's place in a tournament: the tournament's id, and the round (an arena counts its
/// pairings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentGame {
    pub tournament: i64,
    pub round: u32,
}

/// One player's rating in one game and mode, as kept (`ratings`).
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub game: String,
    pub mode: String,
    pub rating: nim_tui::rating::Rating,
    /// Rated games played in it.
    pub games: u32,
}

/// What one rated game did to one player's rating (`rating_history`, a row per rated player of a
/// rated game).
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub player: String,
    pub game: String,
    pub mode: String,
    /// `ai:LEVEL` for a game against the AI, else the other player's name.
    pub opponent: String,
    /// Whether the player moved first.
    pub moved_first: bool,
    pub before: nim_tui::rating::Rating,
    pub after: nim_tui::rating::Rating,
}

/// Rated games between two players each moved first in, per game and mode: `(player, opponent,
/// game, mode)` → games `player` moved first in against `opponent`.
pub type FirstMoves = HashMap<(String, String, String, String), u32>;

/// A rating change as a report shows it: the change, its game and when.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub change: RatingChange,
    pub game_id: Option<i64>,
    pub at: i64,
}

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentKind {
    /// Paired again as soon as both are free, for a time.
    Arena,
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Rounds of players of like scores, no rematch.
    Swiss,
}

impl TournamentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentKind::Arena => "arena",
            TournamentKind::RoundRobin => "round_robin",
            TournamentKind::Swiss => "swiss",
        }
    }

    /// The kind [`TournamentKind::as_str`] wrote.
    pub fn parse(text: &str) -> Option<TournamentKind> {
        [TournamentKind::Arena, TournamentKind::RoundRobin, TournamentKind::Swiss]
            .into_iter()
            .find(|k| k.as_str() == text)
    }
}

/// A tournament as the teacher started it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub kind: TournamentKind,
    pub started_at: i64,
    pub ended_at: Option<i64>,
    pub game: String,
    pub mode: String,
    /// Rounds planned (round robin, Swiss), or `None` for an arena.
    pub rounds: Option<u32>,
    /// An arena's time limit in seconds.
    pub seconds: Option<u32>,
    pub started_by: String,
}

/// One finished game of a tournament, as the database keeps it: in the order played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentResult {
    pub game_id: i64,
    pub round: u32,
    /// The player who moved first, and the other.
    pub first: String,
    pub second: String,
    /// The winner, or `None` when the server ended it.
    pub winner: Option<String>,
}

/// An activity (a class race) as the teacher started it: the server chooses its id
/// ([`crate::store::Store::next_activity_id`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityRow {
    pub id: i64,
    pub started_at: SystemTime,
    /// The game's name (`nim`, `kayles`, ...) and its convention (`normal`, `misere`).
    pub game: String,
    pub mode: String,
    /// The start position given to everyone, as the game writes it; or `None` for a puzzle.
    pub heaps: Option<String>,
    /// The puzzle given to everyone (its difficulty and number, as the server writes it).
    pub puzzle: Option<String>,
    pub hints: bool,
    /// The time limit in seconds, if there is one.
    pub time_limit: Option<u32>,
    /// The teacher who started it.
    pub started_by: String,
}

/// An activity as the database keeps it: its row, and when it ended (if it has).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub row: ActivityRow,
    pub ended_at: Option<SystemTime>,
}

/// Which records a summary or a report covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// Everything.
    All,
    /// Records whose time (a game's end, a lesson step, a puzzle) is in `[from, until)`, in
    /// seconds since 1970 (UTC).
    Between { from: i64, until: i64 },
    /// The games and puzzles of one activity.
    Activity(i64),
}

impl Selection {
    /// The SQL condition on a table whose time column is `time` and activity column `activity`,
    /// with its parameters.
    fn filter(self, time: &str, activity: &str) -> (String, Vec<i64>) {
        match self {
            Selection::All => ("1".into(), Vec::new()),
            Selection::Between { from, until } => {
                (format!("{time} >= ?1 AND {time} < ?2"), vec![from, until])
            }
            Selection::Activity(id) => (format!("{activity} = ?1"), vec![id]),
        }
    }
}

/// What one student did, for the teacher: kept one record at a time by the store (and so on the
/// teacher's console without a query) and computed from the tables by [`Db::summaries`] for the
/// reports; the two agree (a test checks it).
///
/// Every game on the student's record counts (games that count on no leaderboard too); a game
/// left by the student is a loss *and* abandoned. Only the student's own moves in games on their
/// record are graded here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StudentSummary {
    /// Games on the student's record: `won + lost + ended_by_server`.
    pub games: u32,
    pub won: u32,
    pub lost: u32,
    /// Of the games lost, those the student left in play (ended by `left by` the student).
    pub abandoned: u32,
    /// Games stopped by the server (neither won nor lost).
    pub ended_by_server: u32,
    /// Games in which the student had help (hints or the coach).
    pub assisted: u32,
    /// The student's moves kept with their grade.
    pub moves: u32,
    /// Of those, moves from a winning position that kept it winning.
    pub kept: u32,
    /// Moves from a winning position that gave the win away: the one kind of mistake the engine
    /// defines exactly (every other move was made from a lost position).
    pub missed: u32,
    /// Moves from a lost position the engine judged (see [`MoveRow::hardest`]).
    pub lost_judged: u32,
    /// Of those, moves that made the opponent's work hardest.
    pub hardest: u32,
    /// Time on task: the sum of the student's own move times (from the position being shown to
    /// their move), in milliseconds. Waiting for the opponent, the lobby and lessons are not in it.
    pub think_ms: u64,
    /// Lesson steps done, each (course, step) once.
    pub lesson_steps: u32,
    pub puzzles_tried: u32,
    pub puzzles_solved: u32,
    /// The first and last record of the student (a game ended, a lesson step, a puzzle), in
    /// seconds since 1970.
    pub first_seen: Option<i64>,
    pub last_seen: Option<i64>,
    /// The student's latest game.
    pub last_game: Option<GameRow>,
}

/// Winning positions kept out of winning positions met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accuracy {
    pub kept: u32,
    pub met: u32,
}

impl Accuracy {
    /// The fraction, from 0 to 1.
    pub fn fraction(self) -> f64 {
        f64::from(self.kept) / f64::from(self.met)
    }

    /// "83% (5/6)", the percentage rounded to the nearest, the counts exact (see
    /// `console::accuracy`, which writes a dash where nothing was met).
    pub fn shown(self) -> String {
        let (kept, met) = (u64::from(self.kept), u64::from(self.met.max(1)));
        format!("{}% ({}/{})", (kept * 100 + met / 2) / met, self.kept, self.met)
    }
}

impl StudentSummary {
    /// Winning positions met: moves graded kept or missed.
    pub fn winning_met(&self) -> u32 {
        self.kept + self.missed
    }

    /// The student's accuracy, or `None` when no winning position was met (then there is no
    /// accuracy to give: not 0%).
    pub fn accuracy(&self) -> Option<Accuracy> {
        let met = self.winning_met();
        (met > 0).then_some(Accuracy { kept: self.kept, met })
    }

    /// In lost positions: moves that made the opponent's work hardest, out of those judged; or
    /// `None` when none was judged.
    pub fn hardest_share(&self) -> Option<Accuracy> {
        (self.lost_judged > 0).then_some(Accuracy { kept: self.hardest, met: self.lost_judged })
    }

    /// Notes a time of the student's.
    pub(crate) fn seen_at(&mut self, at: i64) {
        self.first_seen = Some(self.first_seen.map_or(at, |f| f.min(at)));
        self.last_seen = Some(self.last_seen.map_or(at, |l| l.max(at)));
    }

    /// Adds one game of the student's (their row) at `at`.
    pub(crate) fn add_game(&mut self, row: &GameRow, at: i64) {
        self.games += 1;
        match row.outcome {
            Outcome::Won => self.won += 1,
            Outcome::Lost => self.lost += 1,
            Outcome::EndedByServer => self.ended_by_server += 1,
        }
        self.abandoned +=
            u32::from(row.outcome == Outcome::Lost && row.ended_by == abandoned_by(&row.player));
        self.assisted += u32::from(row.assisted);
        self.seen_at(at);
        self.last_game = Some(row.clone());
    }

    /// Adds one of the student's graded moves.
    pub(crate) fn add_move(&mut self, mv: &MoveRow) {
        self.moves += 1;
        self.kept += u32::from(mv.grade == Grade::Kept);
        self.missed += u32::from(mv.grade == Grade::Missed);
        self.lost_judged += u32::from(mv.hardest.is_some());
        self.hardest += u32::from(mv.hardest == Some(true));
        self.think_ms += mv.ms;
    }
}

/// How a game the player left in play is ended (`GameRow::ended_by`).
pub fn abandoned_by(player: &str) -> String {
    format!("left by {player}")
}

/// One game as a report shows it: its row in `games` (absent for results kept before version 3,
/// which have no moves), its players' results and its graded moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub id: Option<i64>,
    pub started_at: Option<i64>,
    pub ended_at: i64,
    pub game: String,
    pub mode: String,
    pub level: String,
    pub start: Option<String>,
    pub activity: Option<i64>,
    pub rows: Vec<GameRow>,
    pub moves: Vec<MoveRow>,
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

/// The history as the store keeps it, read once at the start ([`Db::readings`]).
#[derive(Debug, Default)]
pub struct Readings {
    /// Against the AI, by player, game and level: wins without help, and games played.
    pub ai: HashMap<(String, String, String), (u32, u32)>,
    /// Between players, by player: wins, and games played.
    pub people: HashMap<String, (u32, u32)>,
    pub students: BTreeMap<String, StudentSummary>,
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
CREATE TABLE IF NOT EXISTS tournament_games (
    tournament INTEGER NOT NULL REFERENCES tournaments (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    round INTEGER NOT NULL,
    PRIMARY KEY (tournament, game_id)
) WITHOUT ROWID;
";

/// The schema's version, kept in the file (`PRAGMA user_version`), migrated at start; a newer
/// one is refused. 0 was the first server's (no `ended_by`, no `counted`); 2 kept results only;
/// 3 keeps every game (`games`), its graded moves (`moves`), the activities, lessons and puzzles
/// (`progress`), and links each result to its game (`results.game_id`, empty for older results);
/// 4 keeps ratings (`ratings`, one per player, game and mode; `rating_history`, a row per rated
/// player of each rated game) and tournaments (`tournaments`, `tournament_games`). A version 3
/// file gains the new tables, empty: its games were not rated when played, and are not now.
pub const VERSION: i64 = 4;

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

/// The longest wait for another program's lock on the database, per write.
pub const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

fn now() -> i64 {
    seconds(SystemTime::now())
}

/// `time` in seconds since 1970 (0 before it).
pub fn seconds(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Seconds since 1970 as a time.
pub(crate) fn time_of(seconds: i64) -> SystemTime {
    UNIX_EPOCH + std::time::Duration::from_secs(u64::try_from(seconds).unwrap_or(0))
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

    /// Opens the database at `path` to read it only (a running server may go on writing: with
    /// the WAL, a reader sees the last transaction committed). It must exist and be of this
    /// server's version: reading changes nothing, so an older file is not brought up to date here.
    pub fn open_read_only(path: &Path) -> Result<Db, DbError> {
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
        Ok(Db { conn: Mutex::new(conn), path: shown })
    }

    /// The file's path, as messages show it.
    pub fn path(&self) -> &str {
        &self.path
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

    /// Keeps a finished game's row alone (no moves), ended at `at` (seconds since 1970).
    pub fn record(&self, row: &GameRow, at: i64) -> Result<(), DbError> {
        self.with(|c| insert_result(c, row, at, None))
    }

    /// Keeps a finished game whole, ended at `at` (seconds since 1970): its row in `games`, a
    /// result per player linked to it, and every graded move, in one transaction (all or
    /// nothing). Answers the game's id.
    pub fn record_game(&self, played: &Played, at: i64) -> Result<i64, DbError> {
        self.record_game_rated(played, at, &[])
    }

    /// [`Db::record_game`], with what the game did to its players' ratings (`changes`, worked
    /// out by the store) and its place in a tournament, in the same transaction.
    pub fn record_game_rated(
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

    /// Every rating kept, each player's most recently rated game and mode first.
    pub fn ratings(&self) -> Result<Vec<RatingRow>, DbError> {
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

    /// How many rated games between two players each moved first in, per game and mode:
    /// `(player, opponent, game, mode)` → games `player` moved first in against `opponent`.
    pub fn first_moves(&self) -> Result<FirstMoves, DbError> {
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

    /// Every rating change over `selection` (by the time of its game; an activity's through its
    /// games), oldest first.
    pub fn rating_history(&self, selection: Selection) -> Result<Vec<HistoryRow>, DbError> {
        self.with(|c| {
            let (cond, args) = selection.filter("h.at", "g.activity");
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

    /// Keeps a tournament as it starts.
    pub fn tournament_started(&self, t: &TournamentRow) -> Result<(), DbError> {
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

    /// Notes that tournament `id` ended at `at`.
    pub fn tournament_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE tournaments SET ended_at = ?2 WHERE id = ?1", params![id, at]).map(drop)
        })
    }

    /// The highest tournament id kept (0 when there is none).
    pub fn last_tournament_id(&self) -> Result<i64, DbError> {
        self.with(|c| c.query_row("SELECT COALESCE(MAX(id), 0) FROM tournaments", [], |r| r.get(0)))
    }

    /// Every tournament, oldest first.
    pub fn tournaments(&self) -> Result<Vec<TournamentRow>, DbError> {
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

    /// Tournament `id`'s games, in the order they ended: who moved first, who won. The first
    /// mover is the player of the game's first move.
    pub fn tournament_results(&self, id: i64) -> Result<Vec<TournamentResult>, DbError> {
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

    /// Keeps an activity as it starts.
    pub fn activity_started(&self, a: &ActivityRow) -> Result<(), DbError> {
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

    /// Notes that activity `id` ended at `at` (seconds since 1970).
    pub fn activity_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute("UPDATE activities SET ended_at = ?2 WHERE id = ?1", params![id, at]).map(drop)
        })
    }

    /// Notes that `player` did step `step` of lesson `course` at `at`.
    pub fn lesson_done(&self, player: &str, course: &str, step: u32, at: i64) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO progress (player, kind, course, step, at) VALUES (?1, 'lesson', ?2, ?3, ?4)",
                params![player, course, step, at],
            )
            .map(drop)
        })
    }

    /// Notes that `player` answered a puzzle (in `activity`, if it was one's) at `at`.
    pub fn puzzle_done(
        &self,
        player: &str,
        solved: bool,
        activity: Option<i64>,
        at: i64,
    ) -> Result<(), DbError> {
        self.with(|c| {
            c.execute(
                "INSERT INTO progress (player, kind, solved, activity, at) VALUES (?1, 'puzzle', ?2, ?3, ?4)",
                params![player, solved, activity, at],
            )
            .map(drop)
        })
    }

    /// The highest activity id kept (0 when there is none).
    pub fn last_activity_id(&self) -> Result<i64, DbError> {
        self.with(|c| c.query_row("SELECT COALESCE(MAX(id), 0) FROM activities", [], |r| r.get(0)))
    }

    /// The ids of the `limit` latest activities, newest first.
    pub fn latest_activity_ids(&self, limit: u32) -> Result<Vec<i64>, DbError> {
        self.with(|c| {
            let mut stmt =
                c.prepare("SELECT id FROM activities ORDER BY started_at DESC, id DESC LIMIT ?1")?;
            let ids = stmt.query_map([limit], |r| r.get(0))?;
            ids.collect()
        })
    }

    /// Activity `id`, if there is one.
    pub fn activity(&self, id: i64) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(&format!("SELECT {ACTIVITY} FROM activities WHERE id = ?1"))?;
            let mut rows = stmt.query_map([id], activity)?;
            rows.next().transpose()
        })
    }

    /// The latest activity started, if any.
    pub fn latest_activity(&self) -> Result<Option<Activity>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(&format!(
                "SELECT {ACTIVITY} FROM activities ORDER BY started_at DESC, id DESC LIMIT 1"
            ))?;
            let mut rows = stmt.query_map([], activity)?;
            rows.next().transpose()
        })
    }

    /// Every lesson step done, once each: (player, course, step).
    pub fn lesson_steps(&self) -> Result<Vec<(String, String, u32)>, DbError> {
        self.with(|c| {
            let mut stmt = c.prepare(
                "SELECT DISTINCT player, course, step FROM progress WHERE kind = 'lesson' ORDER BY player, course, step",
            )?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            rows.collect()
        })
    }

    /// Every student's summary over `selection`, computed from the tables (see
    /// [`StudentSummary`] for what each figure is), by name.
    pub fn summaries(&self, selection: Selection) -> Result<BTreeMap<String, StudentSummary>, DbError> {
        self.with(|c| {
            let mut out: BTreeMap<String, StudentSummary> = BTreeMap::new();
            let (cond, args) = selection.filter("r.ended_at", "g.activity");
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

    /// What the lobbies and the console show of the whole history, read at the start in one
    /// pass over the results (the table is read once, in its order, never through an index;
    /// each result then costs a few additions), instead of one query per board: the
    /// leaderboards' tallies and every student's summary, equal to [`Db::standings`],
    /// [`Db::match_standings`] and [`Db::summaries`] over everything (a test checks it).
    pub fn readings(&self) -> Result<Readings, DbError> {
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

/// [`Db::summaries`]' moves and progress, added to `out`.
fn moves_and_progress(
    c: &Connection,
    selection: Selection,
    out: &mut BTreeMap<String, StudentSummary>,
) -> rusqlite::Result<()> {
    {
        {
            // The student's own moves, in games on their record.
            let (cond, args) = selection.filter("g.ended_at", "g.activity");
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
            let (cond, args) = selection.filter("at", "activity");
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

impl Db {
    /// Every game over `selection`, oldest first, with its results and graded moves. Results
    /// kept before version 3 (no game, no moves) come as games of their own, in a date range
    /// only (they belong to no activity).
    pub fn games(&self, selection: Selection) -> Result<Vec<GameRecord>, DbError> {
        self.with(|c| {
            let (cond, args) = selection.filter("ended_at", "activity");
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
                let (cond, args) = selection.filter("ended_at", "NULL");
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

    fn game_row(player: &str) -> GameRow {
        GameRow {
            player: player.into(),
            opponent: "ai".into(),
            game: "nim".into(),
            mode: "normal".into(),
            level: "perfect".into(),
            outcome: Outcome::Won,
            assisted: false,
            moves: 2,
            ended_by: "play".into(),
            counted: true,
        }
    }

    fn a_move(ply: u32) -> MoveRow {
        MoveRow {
            ply,
            player: "ann".into(),
            before: "1 2".into(),
            mv: "2 1".into(),
            ms: 900,
            grade: Grade::Kept,
            better: None,
            hardest: None,
        }
    }

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

    /// A game is kept whole or not at all: a move the table refuses (the same ply twice) leaves
    /// no game, no result and no move behind.
    #[test]
    fn a_game_is_written_in_one_transaction() {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = Db::open(&dir.path().join("s.sqlite3")).expect("open");
        let bad = Played {
            rows: vec![game_row("ann")],
            started_at: None,
            start: "1 2".into(),
            moves: vec![a_move(1), a_move(1)],
            activity: None,
            helped: false,
            tournament: None,
        };
        assert!(db.record_game(&bad, 100).is_err());
        assert!(db.games(Selection::All).expect("games").is_empty());
        assert!(db.games_of("ann").expect("rows").is_empty());
        let good = Played { moves: vec![a_move(1), a_move(2)], ..bad };
        db.record_game(&good, 100).expect("kept");
        assert_eq!(db.games(Selection::All).expect("games")[0].moves.len(), 2);
    }
}
