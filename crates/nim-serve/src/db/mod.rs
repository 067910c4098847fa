//! The server's database: players and every finished game, written as each game ends, so that
//! a restart loses nothing finished. Local play keeps its own files; nothing here touches them.
//!
//! Two back ends keep the same tables with the same meaning: SQLite (`sqlite.rs`, a file: the
//! default) and PostgreSQL (`postgres.rs`, `--db postgres://…`: a database a school runs, which
//! two servers may share). [`Location::parse`] tells them apart; [`Db`] is either, and every
//! caller uses it alike. The row types, the summaries' arithmetic and the schema's version are
//! here, shared.

mod postgres;
mod sqlite;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A database that could not be opened or written.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("the server's database {path}: {source}")]
    Sqlite { path: String, source: rusqlite::Error },
    /// PostgreSQL's answer, as text with the password taken out; `busy` when trying again later
    /// may succeed (the server unreachable or restarting, a lock held past the wait, a conflict).
    #[error("the server's database {path}: {message}")]
    Postgres { path: String, message: String, busy: bool },
    #[error(
        "--db {url}: {problem}; write it as postgres://USER@HOST:PORT/DATABASE (the password in PGPASSWORD), or give a file's path for SQLite"
    )]
    BadUrl { url: String, problem: String },
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
    #[error(
        "the server's database {path}: another server runs as host {host} and keeps renewing its lease: give each host its own --host-id"
    )]
    HostHeld { path: String, host: String },
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
                | DbError::BadUrl { .. }
                | DbError::HostHeld { .. }
        )
    }

    /// Whether another program holds the database's lock: worth trying again later.
    /// For PostgreSQL also: the server unreachable or restarting, or a conflict with another
    /// server's transaction.
    pub fn is_busy(&self) -> bool {
        match self {
            DbError::Sqlite { source: rusqlite::Error::SqliteFailure(e, _), .. } => {
                matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
            }
            DbError::Postgres { busy, .. } => *busy,
            _ => false,
        }
    }

    pub(crate) fn thread(path: &str, source: std::io::Error) -> DbError {
        DbError::Thread { path: path.to_string(), source }
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
    /// NAME`, `server stopped`, `move limit`, [`HOST_LOST`].
    pub ended_by: String,
    /// Whether it counts on the leaderboards (a game with no real choice in it does not).
    pub counted: bool,
}

/// How a game ended that was in progress on a host whose lease ran out (it died, or lost the
/// database for longer than its lease): kept by another host, or by the same host started again.
pub const HOST_LOST: &str = "host lost";

/// A game in progress in the database (#40), kept as it starts and as it moves, and removed
/// when it is kept as finished: if its host dies, another host keeps it as ended by the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveGame {
    pub key: LiveKey,
    /// The first seat's player and the second's (empty against the AI).
    pub players: [String; 2],
    pub game: String,
    pub mode: String,
    /// The AI's level, or `-` between people.
    pub level: String,
    /// The start position and the position now, as the game writes them.
    pub start: String,
    pub position: String,
    pub moves: u32,
    pub started_at: Option<SystemTime>,
    pub activity: Option<i64>,
    pub tournament: Option<TournamentGame>,
    /// Whether each seat had help.
    pub assisted: [bool; 2],
    pub counted: bool,
}

impl LiveGame {
    /// The game as kept when the server ends it (`ended_by`): a result per player, neither won
    /// nor lost, its moves unknown (the host that knew them is gone), so never rated.
    pub fn ended(&self, ended_by: &str) -> Played {
        let between = !self.players[1].is_empty();
        let seats = if between { 2 } else { 1 };
        let rows = (0..seats)
            .map(|seat| GameRow {
                player: self.players[seat].clone(),
                opponent: if between { self.players[1 - seat].clone() } else { "ai".into() },
                game: self.game.clone(),
                mode: self.mode.clone(),
                level: self.level.clone(),
                outcome: Outcome::EndedByServer,
                assisted: self.assisted[seat],
                moves: self.moves,
                ended_by: ended_by.to_string(),
                counted: self.counted,
            })
            .collect();
        Played {
            rows,
            started_at: self.started_at,
            start: self.start.clone(),
            moves: Vec::new(),
            activity: self.activity,
            helped: false,
            tournament: self.tournament,
        }
    }
}

/// Which game in progress a row of `live_games` is, and the host's run it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LiveKey {
    pub id: String,
    pub host: String,
    /// The host's registration (a new one each start, and after its lease was taken over).
    pub run: i64,
}

/// Waits for what any host says ([`Db::listener`]), and reads the rows it was told of on the
/// same connection.
pub struct Listener(postgres::Listener);

/// What a [`Listener`] was told while it waited.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Told {
    /// A host kept a game (read `games_after`).
    pub games: bool,
    /// Another host's people changed (read [`Listener::presence`]).
    pub presence: bool,
    /// A row of `relay` is waiting for this host (read [`Listener::relay_after`]).
    pub relay: bool,
}

impl Told {
    pub fn any(self) -> bool {
        self.games || self.presence || self.relay
    }
}

impl Listener {
    /// Waits at most `timeout` for news from any host (`relay`'s only when for host `me`):
    /// everything when the connection was just made (catch up from the rows), nothing when none
    /// came in the time.
    pub fn wait(&mut self, timeout: std::time::Duration, me: &str) -> Result<Told, DbError> {
        self.0.wait(timeout, me)
    }

    /// The people on every other host whose lease runs.
    pub fn presence(&mut self, me: &str) -> Result<Vec<PresenceRow>, DbError> {
        self.0.presence(me)
    }

    /// The hosts whose lease runs now.
    pub fn live_hosts(&mut self) -> Result<Vec<String>, DbError> {
        self.0.live_hosts()
    }

    /// The rows of `relay` for host `me` after id `after`, by id (those up to it removed).
    pub fn relay_after(&mut self, me: &str, after: i64) -> Result<Vec<RelayRow>, DbError> {
        self.0.relay_after(me, after)
    }
}

/// One person on a host, as the other hosts read it (`presence`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresenceRow {
    pub host: String,
    pub name: String,
    pub teacher: bool,
    /// `lobby`, `solo`, `match` (with `whom`) or `watching` (`whom`).
    pub doing: String,
    pub whom: Option<String>,
}

/// What a host's people became, for `presence`.
#[derive(Debug, Clone, Copy)]
pub enum PresenceChange<'a> {
    /// Every one of them, in place of the rows the host had (at its start, or a new run).
    Whole(&'a [PresenceRow]),
    /// The rows new or changed, and the names gone, since the host's last write.
    Delta { set: &'a [PresenceRow], gone: &'a [String] },
}

/// A row of `relay`: what host `from_host` tells this one (JSON, `relay.rs`'s `Wire`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayRow {
    pub id: i64,
    pub from_host: String,
    pub body: String,
}

/// A host whose lease ran out, and the games of it kept as ended by the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostEnded {
    pub host: String,
    pub games: Vec<i64>,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TournamentGame {
    pub tournament: i64,
    pub round: u32,
}

/// What an id the server gives out names: an activity or a tournament ([`Db::reserve_ids`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdKind {
    Activity,
    Tournament,
}

impl IdKind {
    /// The table whose rows the ids name.
    pub(crate) fn table(self) -> &'static str {
        match self {
            IdKind::Activity => "activities",
            IdKind::Tournament => "tournaments",
        }
    }

    /// The PostgreSQL sequence they come from (schema 8).
    pub(crate) fn sequence(self) -> &'static str {
        match self {
            IdKind::Activity => "activity_ids",
            IdKind::Tournament => "tournament_ids",
        }
    }
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

/// A rating kept for rated puzzles (#39): a puzzle's (`puzzle_ratings`, by its key) or a player's
/// puzzle rating in a game (`puzzle_solvers`), with the first answers it was measured from and how
/// many of them solved the puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleFigures {
    pub rating: nim_tui::rating::Rating,
    pub tries: u64,
    pub solved: u64,
}

/// What a player's first answer to a puzzle did (#39), written with the answer in one transaction:
/// the puzzle's key (`nim_tui::puzzle::PuzzleKey` as text) and game, and both ratings after it.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRating {
    pub puzzle: String,
    pub game: String,
    pub player: PuzzleFigures,
    pub puzzle_after: PuzzleFigures,
}

/// The rated puzzles as kept: every puzzle's rating, every player's puzzle rating by game, and
/// which puzzles each player has answered (only a first answer is rated).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PuzzleBook {
    pub puzzles: HashMap<String, PuzzleFigures>,
    pub solvers: HashMap<(String, String), PuzzleFigures>,
    pub answered: HashSet<(String, String)>,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
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

/// The schema's version, kept in the file (`PRAGMA user_version`), migrated at start; a newer
/// one is refused. 0 was the first server's (no `ended_by`, no `counted`); 2 kept results only;
/// 3 keeps every game (`games`), its graded moves (`moves`), the activities, lessons and puzzles
/// (`progress`), and links each result to its game (`results.game_id`, empty for older results);
/// 4 keeps ratings (`ratings`, one per player, game and mode; `rating_history`, a row per rated
/// player of each rated game) and tournaments (`tournaments`, `tournament_games`). A version 3
/// file gains the new tables, empty: its games were not rated when played, and are not now.
/// 5 keeps, in PostgreSQL, the hosts sharing the database with their leases (`hosts`) and the
/// games in progress on each (`live_games`); an SQLite file (one host) has nothing new. 6 keeps
/// rated puzzles (`puzzle_ratings`, `puzzle_solvers`, `puzzle_answers`). 7 keeps, in
/// PostgreSQL, who is on each host (`presence`) and what one host tells another (`relay`); an
/// SQLite file has nothing new. 8 gives activities' and tournaments' ids from sequences in
/// PostgreSQL (`activity_ids`, `tournament_ids`), so that two hosts never give one id twice; an
/// SQLite file (one host) has nothing new.
pub const VERSION: i64 = 8;

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

/// Where the database is: an SQLite file, or a PostgreSQL database by its URL.
#[derive(Clone)]
pub enum Location {
    Sqlite(PathBuf),
    Postgres(Box<postgres::PgLocation>),
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The shown form: never the password.
        f.write_str(&self.shown())
    }
}

impl Location {
    /// What `--db` gave: a `postgres://` or `postgresql://` URL is a PostgreSQL database (a
    /// malformed one is refused here, as bad input); anything else is an SQLite file's path.
    pub fn parse(given: &Path) -> Result<Location, DbError> {
        match given.to_str() {
            Some(text) if nim_tui::serve_settings::is_database_url(text) => {
                postgres::PgLocation::parse(text).map(|pg| Location::Postgres(Box::new(pg)))
            }
            _ => Ok(Location::Sqlite(given.to_path_buf())),
        }
    }

    /// As messages and the log show it: a file's path, or the URL without its password.
    pub fn shown(&self) -> String {
        match self {
            Location::Sqlite(path) => nim_tui::text::path(path),
            Location::Postgres(pg) => pg.shown().to_string(),
        }
    }
}

impl From<&Path> for Location {
    fn from(path: &Path) -> Location {
        Location::Sqlite(path.to_path_buf())
    }
}

/// The database, shared by every caller: SQLite or PostgreSQL, chosen by its [`Location`].
pub struct Db(Backend);

enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(Box<postgres::Postgres>),
}

/// Calls the same method of whichever back end the database is.
macro_rules! both {
    ($self:ident, $d:ident => $call:expr) => {
        match &$self.0 {
            Backend::Sqlite($d) => $call,
            Backend::Postgres($d) => $call,
        }
    };
}

impl Db {
    /// Opens (or creates) the SQLite database at `path`, in WAL mode, with its tables.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        sqlite::Sqlite::open(path).map(|d| Db(Backend::Sqlite(d)))
    }

    /// Opens the SQLite database at `path` to read it only (a running server may go on writing:
    /// with the WAL, a reader sees the last transaction committed). It must exist and be of this
    /// server's version: reading changes nothing, so an older file is not brought up to date here.
    pub fn open_read_only(path: &Path) -> Result<Db, DbError> {
        sqlite::Sqlite::open_read_only(path).map(|d| Db(Backend::Sqlite(d)))
    }

    /// Opens (or creates) the database at `at`: [`Db::open`] for a file; for PostgreSQL, connects
    /// and brings the database's tables to [`VERSION`] (in one transaction, under a lock, so that
    /// two servers starting together migrate it once).
    pub fn open_at(at: &Location) -> Result<Db, DbError> {
        match at {
            Location::Sqlite(path) => Db::open(path),
            Location::Postgres(pg) => {
                postgres::Postgres::open(pg, false).map(|d| Db(Backend::Postgres(Box::new(d))))
            }
        }
    }

    /// Opens the database at `at` to read it only ([`Db::open_read_only`] for a file; for
    /// PostgreSQL, a session whose transactions are read-only). It must be of this server's version.
    pub fn open_read_only_at(at: &Location) -> Result<Db, DbError> {
        match at {
            Location::Sqlite(path) => Db::open_read_only(path),
            Location::Postgres(pg) => {
                postgres::Postgres::open(pg, true).map(|d| Db(Backend::Postgres(Box::new(d))))
            }
        }
    }

    /// The database as messages show it: the file's path, or the URL without its password.
    pub fn path(&self) -> &str {
        both!(self, d => d.shown())
    }

    /// Keeps a finished game whole, ended at `at` (seconds since 1970): its row in `games`, a
    /// result per player linked to it, and every graded move, in one transaction (all or
    /// nothing). Answers the game's id.
    pub fn record_game(&self, played: &Played, at: i64) -> Result<i64, DbError> {
        self.record_game_rated(played, at, &[])
    }

    /// Notes that `name` connected.
    pub fn seen(&self, name: &str) -> Result<(), DbError> {
        both!(self, d => d.seen(name))
    }

    /// Keeps a finished game's row alone (no moves), ended at `at` (seconds since 1970).
    pub fn record(&self, row: &GameRow, at: i64) -> Result<(), DbError> {
        both!(self, d => d.record(row, at))
    }

    /// [`Db::record_game`], with what the game did to its players' ratings (`changes`, worked
    /// out by the store) and its place in a tournament, in the same transaction.
    pub fn record_game_rated(
        &self,
        played: &Played,
        at: i64,
        changes: &[RatingChange],
    ) -> Result<i64, DbError> {
        match &self.0 {
            Backend::Sqlite(d) => d.record_game_rated(played, at, changes),
            Backend::Postgres(d) => d.record_game_rated(played, at, changes, None).map(|id| id.unwrap_or(0)),
        }
    }

    /// [`Db::record_game_rated`] for a game that was in progress as `live` (PostgreSQL): its row
    /// in `live_games` removed in the same transaction; and nothing kept (`Ok(None)`) when the
    /// host's run no longer holds its lease, as another host has then kept the game already.
    pub fn record_game_live(
        &self,
        played: &Played,
        at: i64,
        changes: &[RatingChange],
        live: Option<&LiveKey>,
    ) -> Result<Option<i64>, DbError> {
        match &self.0 {
            Backend::Sqlite(d) => d.record_game_rated(played, at, changes).map(Some),
            Backend::Postgres(d) => d.record_game_rated(played, at, changes, live),
        }
    }

    /// Whether the database is PostgreSQL's, which several hosts may share.
    pub fn is_shared(&self) -> bool {
        matches!(self.0, Backend::Postgres(_))
    }

    /// The PostgreSQL back end, for what only it does (hosts and their leases); for SQLite
    /// (one host) the error says so.
    fn shared(&self) -> Result<&postgres::Postgres, DbError> {
        match &self.0 {
            Backend::Postgres(d) => Ok(d),
            Backend::Sqlite(d) => Err(DbError::BadUrl {
                url: d.shown().to_string(),
                problem: "several hosts share a PostgreSQL database only; an SQLite file has one host".into(),
            }),
        }
    }

    /// Registers host `host` at `address` as run `run`, with a lease of `lease`, having first
    /// kept the games a former run left in progress as ended by the server ([`HOST_LOST`]).
    /// While a former run's lease has not run out, nothing is done and the time left is
    /// answered, to wait and try again.
    pub fn host_register(
        &self,
        host: &str,
        address: &str,
        lease: std::time::Duration,
        run: i64,
    ) -> Result<(Vec<i64>, Option<std::time::Duration>), DbError> {
        self.shared()?.host_register(host, address, lease, run)
    }

    /// Renews `host`'s run `run` for `lease` from now; false when another host took it over.
    pub fn host_renew(&self, host: &str, run: i64, lease: std::time::Duration) -> Result<bool, DbError> {
        self.shared()?.host_renew(host, run, lease)
    }

    /// Every host but `me` whose lease ran out: its games in progress kept as ended by the
    /// server ([`HOST_LOST`]) and its rows removed, in one transaction.
    pub fn take_over_expired(&self, me: &str) -> Result<Vec<HostEnded>, DbError> {
        self.shared()?.take_over_expired(me)
    }

    /// `host`'s run `run` stops: games it still has in progress are kept as ended by the server
    /// and its row removed. Answers the games kept.
    pub fn host_leave(&self, host: &str, run: i64) -> Result<Vec<i64>, DbError> {
        self.shared()?.host_leave(host, run)
    }

    /// Keeps a game in progress (or its new position), while its host's run holds its lease.
    pub fn live_game(&self, game: &LiveGame) -> Result<(), DbError> {
        self.shared()?.live_game(game)
    }

    /// A game in progress ended with nothing to keep.
    pub fn live_gone(&self, key: &LiveKey) -> Result<(), DbError> {
        self.shared()?.live_gone(key)
    }

    /// Every game in progress kept now.
    pub fn live_games(&self) -> Result<Vec<LiveGame>, DbError> {
        self.shared()?.live_games()
    }

    /// The highest game id kept (0 when there is none).
    pub fn last_game_id(&self) -> Result<i64, DbError> {
        self.shared()?.last_game_id()
    }

    /// A listener, on a connection of its own, for the games every host keeps (PostgreSQL's
    /// `LISTEN`/`NOTIFY`: each game's id is said at its commit).
    pub fn listener(&self) -> Result<Listener, DbError> {
        Ok(Listener(self.shared()?.listener()))
    }

    /// Host `host`'s people (its run `run`) changed: written whole or as what changed; said to
    /// the other hosts.
    pub fn presence_change(&self, host: &str, run: i64, change: &PresenceChange<'_>) -> Result<(), DbError> {
        self.shared()?.presence_change(host, run, change)
    }

    /// Rows of `relay` from host `from`, each `(to, body)`, in one write, their ids in the order
    /// given; each host they are for is told.
    pub fn relay_send(&self, from: &str, rows: &[(String, String)]) -> Result<(), DbError> {
        self.shared()?.relay_send(from, rows)
    }

    /// The highest id in `relay` (0 when empty).
    pub fn last_relay_id(&self) -> Result<i64, DbError> {
        self.shared()?.last_relay_id()
    }

    /// Every game kept with an id above `after`, by id (PostgreSQL: what the other hosts kept).
    pub fn games_after(&self, after: i64) -> Result<Vec<GameRecord>, DbError> {
        self.shared()?.games_after(after)
    }

    /// Every rating kept, each player's most recently rated game and mode first.
    pub fn ratings(&self) -> Result<Vec<RatingRow>, DbError> {
        both!(self, d => d.ratings())
    }

    /// The first moves of `players` alone, each as the player (PostgreSQL: after other hosts
    /// kept their games).
    pub fn first_moves_of(&self, players: &[String]) -> Result<FirstMoves, DbError> {
        self.shared()?.first_moves_of(players)
    }

    /// The ratings of `players` alone (PostgreSQL: after other hosts kept their games).
    pub fn ratings_of(&self, players: &[String]) -> Result<Vec<RatingRow>, DbError> {
        self.shared()?.ratings_of(players)
    }

    /// How many rated games between two players each moved first in, per game and mode:
    /// `(player, opponent, game, mode)` → games `player` moved first in against `opponent`.
    pub fn first_moves(&self) -> Result<FirstMoves, DbError> {
        both!(self, d => d.first_moves())
    }

    /// Every rating change over `selection` (by the time of its game; an activity's through its
    /// games), oldest first.
    pub fn rating_history(&self, selection: Selection) -> Result<Vec<HistoryRow>, DbError> {
        both!(self, d => d.rating_history(selection))
    }

    /// Keeps a tournament as it starts.
    pub fn tournament_started(&self, t: &TournamentRow) -> Result<(), DbError> {
        both!(self, d => d.tournament_started(t))
    }

    /// Notes that tournament `id` ended at `at`.
    pub fn tournament_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        both!(self, d => d.tournament_ended(id, at))
    }

    /// Every tournament, oldest first.
    pub fn tournaments(&self) -> Result<Vec<TournamentRow>, DbError> {
        both!(self, d => d.tournaments())
    }

    /// Tournament `id`'s games, in the order they ended: who moved first, who won. The first
    /// mover is the player of the game's first move.
    pub fn tournament_results(&self, id: i64) -> Result<Vec<TournamentResult>, DbError> {
        both!(self, d => d.tournament_results(id))
    }

    /// Keeps an activity as it starts.
    pub fn activity_started(&self, a: &ActivityRow) -> Result<(), DbError> {
        both!(self, d => d.activity_started(a))
    }

    /// Notes that activity `id` ended at `at` (seconds since 1970).
    pub fn activity_ended(&self, id: i64, at: i64) -> Result<(), DbError> {
        both!(self, d => d.activity_ended(id, at))
    }

    /// Notes that `player` did step `step` of lesson `course` at `at`.
    pub fn lesson_done(&self, player: &str, course: &str, step: u32, at: i64) -> Result<(), DbError> {
        both!(self, d => d.lesson_done(player, course, step, at))
    }

    /// Notes that `player` answered a puzzle (in `activity`, if it was one's) at `at`.
    pub fn puzzle_done(
        &self,
        player: &str,
        solved: bool,
        activity: Option<i64>,
        at: i64,
    ) -> Result<(), DbError> {
        both!(self, d => d.puzzle_done(player, solved, activity, at, None))
    }

    /// [`Db::puzzle_done`] for a player's first answer to a puzzle, with what it did to the
    /// ratings (#39), in one transaction.
    pub fn puzzle_done_rated(
        &self,
        player: &str,
        solved: bool,
        activity: Option<i64>,
        at: i64,
        rated: &PuzzleRating,
    ) -> Result<(), DbError> {
        both!(self, d => d.puzzle_done(player, solved, activity, at, Some(rated)))
    }

    /// The rated puzzles as kept.
    pub fn puzzle_book(&self) -> Result<PuzzleBook, DbError> {
        both!(self, d => d.puzzle_book())
    }

    /// `count` new ids of `kind`, never given out before to this host or any other sharing the
    /// database: from a sequence in PostgreSQL; in SQLite (one host) the next after both the
    /// highest kept and `after`, the last this host was given.
    pub fn reserve_ids(&self, kind: IdKind, after: i64, count: u32) -> Result<Vec<i64>, DbError> {
        both!(self, d => d.reserve_ids(kind, after, count))
    }

    /// The ids of the `limit` latest activities, newest first.
    pub fn latest_activity_ids(&self, limit: u32) -> Result<Vec<i64>, DbError> {
        both!(self, d => d.latest_activity_ids(limit))
    }

    /// Activity `id`, if there is one.
    pub fn activity(&self, id: i64) -> Result<Option<Activity>, DbError> {
        both!(self, d => d.activity(id))
    }

    /// The latest activity started, if any.
    pub fn latest_activity(&self) -> Result<Option<Activity>, DbError> {
        both!(self, d => d.latest_activity())
    }

    /// Every lesson step done, once each: (player, course, step).
    pub fn lesson_steps(&self) -> Result<Vec<(String, String, u32)>, DbError> {
        both!(self, d => d.lesson_steps())
    }

    /// Every student's summary over `selection`, computed from the tables (see
    /// [`StudentSummary`] for what each figure is), by name.
    pub fn summaries(&self, selection: Selection) -> Result<BTreeMap<String, StudentSummary>, DbError> {
        both!(self, d => d.summaries(selection))
    }

    /// What the lobbies and the console show of the whole history, read at the start in one
    /// pass over the results (the table is read once, in its order, never through an index;
    /// each result then costs a few additions), instead of one query per board: the
    /// leaderboards' tallies and every student's summary, equal to [`Db::standings`],
    /// [`Db::match_standings`] and [`Db::summaries`] over everything (a test checks it).
    pub fn readings(&self) -> Result<Readings, DbError> {
        both!(self, d => d.readings())
    }

    /// Every game over `selection`, oldest first, with its results and graded moves. Results
    /// kept before version 3 (no game, no moves) come as games of their own, in a date range
    /// only (they belong to no activity).
    pub fn games(&self, selection: Selection) -> Result<Vec<GameRecord>, DbError> {
        both!(self, d => d.games(selection))
    }

    /// Every game `player` finished, oldest first.
    pub fn games_of(&self, player: &str) -> Result<Vec<GameRow>, DbError> {
        both!(self, d => d.games_of(player))
    }

    /// The leaderboard against the AI: per game and level, the players by wins (unassisted
    /// first), then by fewest games. Games ended by the server are not counted.
    pub fn standings(&self) -> Result<Vec<Standing>, DbError> {
        both!(self, d => d.standings())
    }

    /// The leaderboard between players: by wins, then fewest games. Games ended by the server
    /// are not counted.
    pub fn match_standings(&self) -> Result<Vec<MatchStanding>, DbError> {
        both!(self, d => d.match_standings())
    }

    /// The `limit` latest finished games, newest first.
    pub fn recent(&self, limit: u32) -> Result<Vec<GameRow>, DbError> {
        both!(self, d => d.recent(limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_pg::backends;

    /// A won game against the AI, by `player`: the tests' row (the back ends' tests share it).
    pub(super) fn game_row(player: &str) -> GameRow {
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

    /// A kept move at `ply`, by ann.
    pub(super) fn a_move(ply: u32) -> MoveRow {
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

    /// A game is kept whole or not at all, in either back end: a move the table refuses (the
    /// same ply twice) leaves no game, no result and no move behind.
    #[test]
    fn a_game_is_written_in_one_transaction() {
        for backend in backends() {
            let db = Db::open_at(&Location::parse(&backend.db_arg()).expect("location")).expect("open");
            let bad = Played {
                rows: vec![game_row("ann")],
                started_at: None,
                start: "1 2".into(),
                moves: vec![a_move(1), a_move(1)],
                activity: None,
                helped: false,
                tournament: None,
            };
            assert!(db.record_game(&bad, 100).is_err(), "{}", backend.name());
            assert!(db.games(Selection::All).expect("games").is_empty());
            assert!(db.games_of("ann").expect("rows").is_empty());
            let good = Played { moves: vec![a_move(1), a_move(2)], ..bad };
            let first = db.record_game(&good, 100).expect("kept");
            let second = db.record_game(&good, 101).expect("kept");
            assert!(second > first, "{}: ids grow", backend.name());
            let games = db.games(Selection::All).expect("games");
            assert_eq!(games.len(), 2);
            assert_eq!(games[0].moves, vec![a_move(1), a_move(2)], "{}", backend.name());
            assert_eq!(games[0].rows, vec![game_row("ann")]);
        }
    }
}
