//! The store as a service beside the sessions (as late.sh's services are): the database is
//! written on a thread of its own, never on the async runtime's threads and never while a frame
//! is drawn, and what the lobbies show of it (the leaderboards, the latest results) is kept up to
//! date here, one result at a time, and published as a snapshot that every lobby reads without a
//! query.
//!
//! Jobs come through a bounded queue. A session that finds it full hands its job to a task that
//! waits for room, so that nothing finished is lost and no session waits on the disk.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use tokio::sync::{mpsc, oneshot, watch};

use super::db::{
    Activity, ActivityRow, Db, DbError, FirstMoves, GameRecord, GameRow, IdKind, LiveGame, LiveKey, Location,
    MatchStanding, Outcome, Played, PuzzleBook, PuzzleFigures, PuzzleRating, RatingChange, Selection,
    Standing, StudentSummary, TournamentRow, seconds,
};
use nim_tui::rating::{self, Rating};

/// Jobs waiting for the store's thread, at most.
const QUEUE: usize = 1024;

/// How many ids of each kind a host reserves at a time ([`Ids`]).
const ID_BATCH: u32 = 8;

/// How many ids of a kind may be left before the next batch is asked for.
const ID_LOW: usize = 4;

/// Ids of one kind (activities', tournaments') reserved for this host ahead of need: given out
/// at once, never twice, whichever host asks at the same moment (the database's sequence gives
/// each batch), and asked for again on the store's thread while some are left.
struct Ids {
    kind: IdKind,
    ready: Mutex<VecDeque<i64>>,
    /// The last id this host was given (SQLite counts on from it).
    last: AtomicI64,
    /// A batch was asked for and has not come yet.
    asked: AtomicBool,
}

impl Ids {
    fn new(kind: IdKind, first: Vec<i64>) -> Ids {
        let last = first.iter().copied().max().unwrap_or(0);
        Ids {
            kind,
            ready: Mutex::new(first.into()),
            last: AtomicI64::new(last),
            asked: AtomicBool::new(false),
        }
    }

    /// Takes the next id; whether a new batch should be asked for.
    fn take(&self) -> (Option<i64>, bool) {
        let mut ready = self.ready.lock().unwrap_or_else(PoisonError::into_inner);
        let id = ready.pop_front();
        let low = ready.len() <= ID_LOW && !self.asked.swap(true, Ordering::SeqCst);
        (id, low)
    }

    /// A batch came (or, empty, could not be had: asked again at the next take).
    fn add(&self, ids: Vec<i64>) {
        if let Some(max) = ids.iter().copied().max() {
            self.last.fetch_max(max, Ordering::SeqCst);
        }
        self.ready.lock().unwrap_or_else(PoisonError::into_inner).extend(ids);
        self.asked.store(false, Ordering::SeqCst);
    }

    /// Asks `db` for a batch, on the store's thread.
    fn refill(&self, db: &Db) {
        match db.reserve_ids(self.kind, self.last.load(Ordering::SeqCst), ID_BATCH) {
            Ok(ids) => self.add(ids),
            Err(e) => {
                tracing::warn!("cannot reserve ids for {}: {e}", self.kind.table());
                self.add(Vec::new());
            }
        }
    }
}

/// How many of the latest results a teacher's lobby shows.
pub const RECENT: usize = 5;

/// What the lobbies show of the database, as it stands after the last result written.
#[derive(Debug, Clone, Default)]
pub struct Board {
    /// Against the AI: per game and level, by wins without help, then fewest games.
    pub standings: Vec<Standing>,
    /// Between players: by wins, then fewest games.
    pub matches: Vec<MatchStanding>,
    /// The latest finished games, newest first.
    pub recent: Vec<GameRow>,
    /// Every student's summary since the database began, by name (see [`StudentSummary`]).
    pub students: BTreeMap<String, StudentSummary>,
    /// The latest activity started (this run or before) and each student's summary in it.
    pub activity: Option<ActivityBoard>,
    /// Every player's ratings, by name: the most recently rated game and mode first.
    pub ratings: BTreeMap<String, Vec<PlayerRating>>,
    /// Rated games between two players each moved first in, per game and mode:
    /// `(player, opponent, game, mode)` → games `player` moved first in (see
    /// [`nim_tui::rating::fair_first_move`]).
    pub firsts: FirstMoves,
}

/// A player's rating in one game and mode.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    pub game: String,
    pub mode: String,
    pub rating: Rating,
    /// Rated games in it.
    pub games: u32,
}

impl Board {
    /// `player`'s rating in the game and mode rated last, if any.
    pub fn rating_of(&self, player: &str) -> Option<&PlayerRating> {
        self.ratings.get(player).and_then(|r| r.first())
    }

    /// How many rated games `player` moved first in against `opponent`, in `game` and `mode`.
    pub fn first_moves(&self, player: &str, opponent: &str, game: &str, mode: &str) -> u32 {
        self.firsts
            .get(&(player.to_string(), opponent.to_string(), game.to_string(), mode.to_string()))
            .copied()
            .unwrap_or(0)
    }
}

/// An activity and what each student did in it (its games and puzzles).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityBoard {
    pub activity: Activity,
    pub students: BTreeMap<String, StudentSummary>,
}

/// A puzzle answer to rate with the player (#39), and what to do with what it did: the store's
/// thread calls `reply` once the answer and the ratings are written (a session's answer comes back
/// to it as a notice), or never when the answer is not rated (the player answered that puzzle
/// before) or not kept.
pub struct PuzzleToRate {
    pub puzzle: nim_tui::puzzle::PuzzleKey,
    pub reply: Box<dyn FnOnce(nim_tui::app::PuzzleRated) + Send>,
}

/// What the store writes, each with its time taken when it was sent (so that a wait for a busy
/// database does not move it).
enum Write {
    /// A result alone, without its moves.
    Row(GameRow, i64),
    /// A game whole; with its key in `live_games` when it was kept there in progress.
    Game(Played, i64, Option<LiveKey>),
    /// A game in progress, as it starts and moves (PostgreSQL with hosts: see `hosts.rs`).
    Live(Box<LiveGame>),
    /// A game in progress that ended with nothing to keep.
    LiveGone(LiveKey),
    ActivityStarted(ActivityRow),
    ActivityEnded(i64, i64),
    TournamentStarted(TournamentRow),
    TournamentEnded(i64, i64),
    Lesson {
        player: String,
        course: String,
        step: u32,
        at: i64,
    },
    Puzzle {
        player: String,
        solved: bool,
        activity: Option<i64>,
        at: i64,
        rate: Option<PuzzleToRate>,
    },
}

impl Write {
    /// Whom it is about, for the log.
    fn who(&self) -> &str {
        match self {
            Write::Row(row, _) => &row.player,
            Write::Game(played, ..) => played.rows.first().map_or("", |r| r.player.as_str()),
            Write::Live(live) => &live.players[0],
            Write::LiveGone(_) => "",
            Write::ActivityStarted(a) => &a.started_by,
            Write::ActivityEnded(..) | Write::TournamentEnded(..) => "",
            Write::TournamentStarted(t) => &t.started_by,
            Write::Lesson { player, .. } | Write::Puzzle { player, .. } => player,
        }
    }

    /// Writes it; a game with what it did to its players' ratings (`changes`), a puzzle with what
    /// it did to the puzzle's and the player's (`puzzle`). Answers whether it counts on the board
    /// (a game another host kept already does not), and a game's id.
    fn to(
        &self,
        db: &Db,
        changes: &[RatingChange],
        puzzle: Option<&PuzzleRating>,
    ) -> Result<(bool, Option<i64>), DbError> {
        let done = |r: Result<(), DbError>| r.map(|()| (true, None));
        match self {
            Write::Row(row, at) => done(db.record(row, *at)),
            Write::Game(played, at, live) => {
                db.record_game_live(played, *at, changes, live.as_ref()).map(|id| (id.is_some(), id))
            }
            Write::Live(live) => done(db.live_game(live)),
            Write::LiveGone(key) => done(db.live_gone(key)),
            Write::TournamentStarted(t) => done(db.tournament_started(t)),
            Write::TournamentEnded(id, at) => done(db.tournament_ended(*id, *at)),
            Write::ActivityStarted(a) => done(db.activity_started(a)),
            Write::ActivityEnded(id, at) => done(db.activity_ended(*id, *at)),
            Write::Lesson { player, course, step, at } => done(db.lesson_done(player, course, *step, *at)),
            Write::Puzzle { player, solved, activity, at, .. } => done(match puzzle {
                Some(rated) => db.puzzle_done_rated(player, *solved, *activity, *at, rated),
                None => db.puzzle_done(player, *solved, *activity, *at),
            }),
        }
    }
}

enum Job {
    Write(Write),
    Seen(String),
    /// Answers once every job before it is written.
    Flush(oneshot::Sender<()>),
    /// Counts on the board the games other hosts kept since the last look (PostgreSQL).
    CatchUp,
    /// Reserves the next batch of activities' or tournaments' ids.
    Ids(IdKind),
}

/// A handle that asks the store to count the games other hosts kept ([`Store::catch_up`]),
/// usable from any thread.
#[derive(Clone)]
pub struct CatchUp(mpsc::Sender<Job>);

impl CatchUp {
    /// Asks for a catch-up; when the queue is full, one is not needed now (the next will do).
    pub fn ask(&self) {
        let _ = self.0.try_send(Job::CatchUp);
    }
}

/// The store's service: send it results, read its board.
pub struct Store {
    jobs: mpsc::Sender<Job>,
    board: watch::Receiver<Arc<Board>>,
    /// Queries of the database made since the start, the first reading of the board included:
    /// a lobby's frame makes none (a test counts them).
    queries: Arc<AtomicU64>,
    /// Results waiting because another program held the database.
    waiting: Arc<AtomicU64>,
    /// Activities' ids reserved, ready to give out.
    activity_ids: Arc<Ids>,
    /// Tournaments' ids reserved, ready to give out.
    tournament_ids: Arc<Ids>,
}

/// Results kept to try again while the database is busy, at most (past it they are logged and
/// dropped: a lock held for hours is the teacher's to release).
const RETRY_MAX: usize = 10_000;

/// The pause between two tries while results wait for a busy database.
const RETRY_PAUSE: std::time::Duration = std::time::Duration::from_millis(250);

impl Store {
    /// Opens the SQLite database at `path`, reads the board once, and starts the thread that
    /// writes.
    pub fn open(path: &Path) -> Result<Store, DbError> {
        Store::open_at(&Location::from(path))
    }

    /// Opens the database at `at` (SQLite or PostgreSQL), reads the board once, and starts the
    /// thread that writes.
    pub fn open_at(at: &Location) -> Result<Store, DbError> {
        let db = Db::open_at(at)?;
        let queries = Arc::new(AtomicU64::new(0));
        let mut tally = Tally::default();
        for row in db.recent(u32::try_from(RECENT).unwrap_or(u32::MAX))?.into_iter().rev() {
            tally.recent.push_front(row);
        }
        // The whole history in one pass over the results, not a query per board.
        let readings = db.readings()?;
        (tally.ai, tally.people, tally.students) = (readings.ai, readings.people, readings.students);
        tally.lessons = db.lesson_steps()?.into_iter().collect();
        // Each reading above and below counts as one: the recent games, the history (as four
        // statements: the pass, the latest games, the moves, the progress) and the lessons.
        let mut readings = 6;
        if let Some(activity) = db.latest_activity()? {
            let students = db.summaries(Selection::Activity(activity.row.id))?;
            tally.activity = Some(ActivityBoard { activity, students });
            readings += 1;
        }
        // The games the board counts end here: a store on a shared database counts those kept
        // after it (by other hosts) as it catches up.
        let mut last_game = match db.is_shared() {
            true => {
                readings += 1;
                db.last_game_id()?
            }
            false => 0,
        };
        let activity_ids =
            Arc::new(Ids::new(IdKind::Activity, db.reserve_ids(IdKind::Activity, 0, ID_BATCH)?));
        let tournament_ids =
            Arc::new(Ids::new(IdKind::Tournament, db.reserve_ids(IdKind::Tournament, 0, ID_BATCH)?));
        let pools = [activity_ids.clone(), tournament_ids.clone()];
        for row in db.ratings()? {
            let rated = PlayerRating { game: row.game, mode: row.mode, rating: row.rating, games: row.games };
            tally.ratings.entry(row.player).or_default().push(rated);
        }
        tally.firsts = db.first_moves()?;
        tally.puzzles = db.puzzle_book()?;
        // The ratings, the first moves and the rated puzzles.
        readings += 3;
        queries.fetch_add(readings, Ordering::Relaxed);
        let (publish, board) = watch::channel(Arc::new(tally.board()));
        let (jobs, mut queue) = mpsc::channel(QUEUE);
        let counted = queries.clone();
        let waiting = Arc::new(AtomicU64::new(0));
        let waiting_here = waiting.clone();
        std::thread::Builder::new()
            .name("nim-tui-serve store".into())
            .spawn(move || {
                // Writes another program's lock kept out, oldest first, tried again before the
                // next job and every moment while there are any.
                let mut retry: VecDeque<Write> = VecDeque::new();
                let write = |w: Write, retry: &mut VecDeque<Write>, tally: &mut Tally| {
                    counted.fetch_add(1, Ordering::Relaxed);
                    // Worked out here, on the store's thread, from the ratings as they stand, and
                    // written with the game in one transaction.
                    let changes = match &w {
                        Write::Game(played, ..) => tally.changes(played),
                        _ => Vec::new(),
                    };
                    let puzzle = match &w {
                        Write::Puzzle { player, solved, rate: Some(rate), .. } => {
                            tally.puzzle_change(player, &rate.puzzle, *solved)
                        }
                        _ => None,
                    };
                    match w.to(&db, &changes, puzzle.as_ref()) {
                        Ok((counts, id)) => {
                            if db.is_shared() {
                                tally.kept_here.extend(id);
                            }
                            if counts {
                                tally.rated(changes);
                                let mut w = w;
                                if let (Some(rated), Write::Puzzle { player, rate, .. }) = (puzzle, &mut w)
                                    && let Some(rate) = rate.take()
                                {
                                    let answer = tally.puzzle_rated(player, rate.puzzle, rated);
                                    (rate.reply)(answer);
                                }
                                tally.add(w);
                                publish.send_replace(Arc::new(tally.board()));
                            } else {
                                tracing::warn!(player = %w.who(), "a game in progress when this host lost its lease was kept by another host as ended by the server: not kept again");
                            }
                            true
                        }
                        Err(e) if e.is_busy() && retry.len() < RETRY_MAX => {
                            tracing::warn!(player = %w.who(), "the database is busy or out of reach ({e}): the result is kept to try again");
                            retry.push_back(w);
                            false
                        }
                        Err(e) => {
                            tracing::error!(player = %w.who(), "the result was not kept: {e}");
                            true
                        }
                    }
                };
                loop {
                    while let Some(w) = retry.pop_front() {
                        if !write(w, &mut retry, &mut tally) {
                            // Still busy: the write goes back to the front, order kept.
                            retry.rotate_right(1);
                            break;
                        }
                    }
                    waiting_here.store(retry.len() as u64, Ordering::Relaxed);
                    let job = if retry.is_empty() {
                        match queue.blocking_recv() {
                            Some(job) => job,
                            None => break,
                        }
                    } else {
                        match queue.try_recv() {
                            Ok(job) => job,
                            Err(mpsc::error::TryRecvError::Empty) => {
                                std::thread::sleep(RETRY_PAUSE);
                                continue;
                            }
                            Err(mpsc::error::TryRecvError::Disconnected) => break,
                        }
                    };
                    match job {
                        Job::Write(w) => {
                            if retry.is_empty() {
                                write(w, &mut retry, &mut tally);
                            } else {
                                // Behind the ones waiting, in order.
                                retry.push_back(w);
                            }
                        }
                        Job::CatchUp => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            match db.games_after(last_game) {
                                Ok(games) => {
                                    let mut players: Vec<String> = Vec::new();
                                    for g in games {
                                        let id = g.id.unwrap_or(last_game);
                                        last_game = last_game.max(id);
                                        if tally.kept_here.remove(&id) {
                                            continue;
                                        }
                                        players.extend(g.rows.iter().map(|r| r.player.clone()));
                                        tally.add(Write::Game(kept_elsewhere(&g), g.ended_at, None));
                                    }
                                    tally.kept_here.retain(|id| *id > last_game);
                                    if !players.is_empty() {
                                        // What those games did to their players' ratings and
                                        // first moves, worked out by the host that kept them:
                                        // read, so that this host's next game of theirs starts
                                        // from them.
                                        players.sort_unstable();
                                        players.dedup();
                                        counted.fetch_add(2, Ordering::Relaxed);
                                        match db.ratings_of(&players).and_then(|r| Ok((r, db.first_moves_of(&players)?))) {
                                            Ok((rows, firsts)) => {
                                                for p in &players {
                                                    tally.ratings.remove(p);
                                                }
                                                for row in rows {
                                                    let rated = PlayerRating {
                                                        game: row.game,
                                                        mode: row.mode,
                                                        rating: row.rating,
                                                        games: row.games,
                                                    };
                                                    tally.ratings.entry(row.player).or_default().push(rated);
                                                }
                                                tally.firsts.retain(|(player, ..), _| players.binary_search(player).is_err());
                                                tally.firsts.extend(firsts);
                                            }
                                            Err(e) => tracing::warn!("cannot read the ratings other hosts changed: {e}"),
                                        }
                                        publish.send_replace(Arc::new(tally.board()));
                                    }
                                }
                                Err(e) => tracing::warn!("cannot read the games other hosts kept: {e}"),
                            }
                        }
                        Job::Ids(kind) => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            if let Some(ids) = pools.iter().find(|p| p.kind == kind) {
                                ids.refill(&db);
                            }
                        }
                        Job::Seen(name) => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            if let Err(e) = db.seen(&name) {
                                tracing::error!("{e}");
                            }
                        }
                        Job::Flush(done) => {
                            // One more try for the writes waiting (each waits at most the
                            // database's busy time); what is still refused is logged.
                            let left = std::mem::take(&mut retry);
                            for w in left {
                                write(w, &mut retry, &mut tally);
                            }
                            for w in &retry {
                                tracing::error!(player = %w.who(), "the database stayed busy: a result was not kept");
                            }
                            retry.clear();
                            waiting_here.store(0, Ordering::Relaxed);
                            let _ = done.send(());
                        }
                    }
                }
            })
            .map_err(|e| DbError::thread(&at.shown(), e))?;
        Ok(Store { jobs, board, queries, waiting, activity_ids, tournament_ids })
    }

    /// Keeps a finished game's result alone (no moves: prefer [`Store::record_game`]).
    pub fn record(&self, row: GameRow) {
        self.send(Job::Write(Write::Row(row, seconds(SystemTime::now()))));
    }

    /// Keeps a finished game whole, ended now: its results, its graded moves and its activity,
    /// in one transaction. `played.rows` are the results to keep (one per player whose record
    /// it goes on); without any, nothing is kept.
    pub fn record_game(&self, played: Played) {
        // A game on nobody's record (a teacher's, say) is nobody's to report: not kept.
        if played.rows.is_empty() {
            return;
        }
        self.send(Job::Write(Write::Game(played, seconds(SystemTime::now()), None)));
    }

    /// [`Store::record_game`] for a game kept in progress as `live` (see `hosts.rs`): its row
    /// there goes with it.
    pub fn record_live_game(&self, played: Played, live: Option<LiveKey>) {
        if played.rows.is_empty() {
            if let Some(key) = live {
                self.live_gone(key);
            }
            return;
        }
        self.send(Job::Write(Write::Game(played, seconds(SystemTime::now()), live)));
    }

    /// Keeps a game in progress (or its new position) for the hosts sharing the database.
    pub fn live_game(&self, game: LiveGame) {
        self.send(Job::Write(Write::Live(Box::new(game))));
    }

    /// A game in progress ended with nothing to keep.
    pub fn live_gone(&self, key: LiveKey) {
        self.send(Job::Write(Write::LiveGone(key)));
    }

    /// A handle for asking the store to count what other hosts kept.
    pub fn catch_up(&self) -> CatchUp {
        CatchUp(self.jobs.clone())
    }

    /// A new activity's id, never given out before by any host sharing the database; `None`
    /// when the ids reserved ran out while the database was out of reach.
    pub fn next_activity_id(&self) -> Option<i64> {
        self.next_id(&self.activity_ids)
    }

    /// The next id from `ids`, asking for the next batch when few are left.
    fn next_id(&self, ids: &Ids) -> Option<i64> {
        let (id, low) = ids.take();
        if low && self.jobs.try_send(Job::Ids(ids.kind)).is_err() {
            // The queue is full: asked again at the next take.
            ids.asked.store(false, Ordering::SeqCst);
        }
        id
    }

    /// Keeps an activity as it starts (its id from [`Store::next_activity_id`]); it becomes the
    /// board's activity.
    pub fn activity_started(&self, activity: ActivityRow) {
        self.send(Job::Write(Write::ActivityStarted(activity)));
    }

    /// Notes that activity `id` ended at `at`.
    pub fn activity_ended(&self, id: i64, at: SystemTime) {
        self.send(Job::Write(Write::ActivityEnded(id, seconds(at))));
    }

    /// A new tournament's id, as [`Store::next_activity_id`] gives an activity's.
    pub fn next_tournament_id(&self) -> Option<i64> {
        self.next_id(&self.tournament_ids)
    }

    /// Keeps a tournament as it starts (its id from [`Store::next_tournament_id`]).
    pub fn tournament_started(&self, tournament: TournamentRow) {
        self.send(Job::Write(Write::TournamentStarted(tournament)));
    }

    /// Notes that tournament `id` ended now.
    pub fn tournament_ended(&self, id: i64) {
        self.send(Job::Write(Write::TournamentEnded(id, seconds(SystemTime::now()))));
    }

    /// Notes that `name` did step `step` (from 0, as the lesson counts) of the lesson `course`
    /// (`nim`, `grundy`).
    pub fn lesson_done(&self, name: &str, course: &str, step: u32) {
        let at = seconds(SystemTime::now());
        self.send(Job::Write(Write::Lesson { player: name.into(), course: course.into(), step, at }));
    }

    /// Notes that `name` answered a puzzle, solved or not, in `activity` if it was one's.
    pub fn puzzle_done(&self, name: &str, solved: bool, activity: Option<i64>) {
        let at = seconds(SystemTime::now());
        self.send(Job::Write(Write::Puzzle { player: name.into(), solved, activity, at, rate: None }));
    }

    /// [`Store::puzzle_done`], and the answer rated with the player when it is their first to
    /// this puzzle (#39): the puzzle and the player's puzzle rating in its game move as after a
    /// game between them, and `rate.reply` is told what the answer did once it is written.
    pub fn puzzle_rated(&self, name: &str, solved: bool, activity: Option<i64>, rate: PuzzleToRate) {
        let at = seconds(SystemTime::now());
        self.send(Job::Write(Write::Puzzle { player: name.into(), solved, activity, at, rate: Some(rate) }));
    }

    /// Notes that `name` connected.
    pub fn seen(&self, name: &str) {
        self.send(Job::Seen(name.to_string()));
    }

    /// Waits until everything sent so far is written.
    pub async fn flush(&self) {
        let (done, written) = oneshot::channel();
        if self.jobs.send(Job::Flush(done)).await.is_ok() {
            let _ = written.await;
        }
    }

    /// The board as it stands.
    pub fn board(&self) -> Arc<Board> {
        self.board.borrow().clone()
    }

    /// A channel that changes whenever the board does.
    pub fn changes(&self) -> watch::Receiver<Arc<Board>> {
        self.board.clone()
    }

    /// Results waiting for a busy database now.
    pub fn waiting(&self) -> u64 {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Queries of the database so far (see [`Store::queries`]'s field).
    pub fn queries(&self) -> u64 {
        self.queries.load(Ordering::Relaxed)
    }

    fn send(&self, job: Job) {
        match self.jobs.try_send(job) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(job)) => {
                let jobs = self.jobs.clone();
                tokio::spawn(async move {
                    let _ = jobs.send(job).await;
                });
            }
            Err(mpsc::error::TrySendError::Closed(_)) => tracing::error!("the store has stopped"),
        }
    }
}

/// A game another host kept, as this store counts it.
fn kept_elsewhere(g: &GameRecord) -> Played {
    Played {
        rows: g.rows.clone(),
        started_at: g.started_at.map(super::db::time_of),
        start: g.start.clone().unwrap_or_default(),
        moves: g.moves.clone(),
        activity: g.activity,
        helped: false,
        tournament: None,
    }
}

/// The board's figures, kept one result at a time.
#[derive(Default)]
struct Tally {
    /// Against the AI, by player, game and level: wins without help, and games.
    ai: HashMap<(String, String, String), (u32, u32)>,
    /// Between players, by player: wins and games.
    people: HashMap<String, (u32, u32)>,
    recent: VecDeque<GameRow>,
    students: BTreeMap<String, StudentSummary>,
    /// Lesson steps done: (player, course, step), each counted once.
    lessons: HashSet<(String, String, u32)>,
    activity: Option<ActivityBoard>,
    ratings: BTreeMap<String, Vec<PlayerRating>>,
    firsts: FirstMoves,
    /// The rated puzzles (#39), kept here as the database keeps them.
    puzzles: PuzzleBook,
    /// Games this store kept since the last catch-up (counted already when written).
    kept_here: HashSet<i64>,
}

impl Tally {
    /// What `player`'s answer to `puzzle` does to the ratings (#39), or `None` when it is not
    /// rated: only a player's first answer to a puzzle is (a puzzle answered again is known).
    fn puzzle_change(
        &self,
        player: &str,
        puzzle: &nim_tui::puzzle::PuzzleKey,
        solved: bool,
    ) -> Option<PuzzleRating> {
        let key = puzzle.to_string();
        if self.puzzles.answered.contains(&(player.to_string(), key.clone())) {
            return None;
        }
        let game = puzzle.game.name();
        let unrated = PuzzleFigures { rating: rating::START, tries: 0, solved: 0 };
        let me = self.puzzles.solvers.get(&(player.to_string(), game.clone())).copied().unwrap_or(unrated);
        let it = self
            .puzzles
            .puzzles
            .get(&key)
            .copied()
            .unwrap_or(PuzzleFigures { rating: rating::puzzle_start(puzzle.id.difficulty), ..unrated });
        let (mine, its) = rating::puzzle_answered(me.rating, it.rating, solved);
        let solved = u64::from(solved);
        Some(PuzzleRating {
            puzzle: key,
            game,
            player: PuzzleFigures { rating: mine, tries: me.tries + 1, solved: me.solved + solved },
            puzzle_after: PuzzleFigures { rating: its, tries: it.tries + 1, solved: it.solved + solved },
        })
    }

    /// Takes in a rated answer just written, and says what it did as the app reads it.
    fn puzzle_rated(
        &mut self,
        player: &str,
        puzzle: nim_tui::puzzle::PuzzleKey,
        rated: PuzzleRating,
    ) -> nim_tui::app::PuzzleRated {
        let solver = (player.to_string(), rated.game.clone());
        let before =
            self.puzzles.solvers.get(&solver).map_or(rating::START.figures(0), |f| f.rating.figures(f.tries));
        self.puzzles.solvers.insert(solver, rated.player);
        self.puzzles.answered.insert((player.to_string(), rated.puzzle.clone()));
        self.puzzles.puzzles.insert(rated.puzzle, rated.puzzle_after);
        nim_tui::app::PuzzleRated {
            puzzle,
            before,
            after: rated.player.rating.figures(rated.player.tries),
            puzzle_rating: rated.puzzle_after.rating.figures(rated.puzzle_after.tries),
            solved_by: Some(rated.puzzle_after.solved),
        }
    }

    /// `player`'s rating in `game` and `mode`, or where a player starts.
    fn rating(&self, player: &str, game: &str, mode: &str) -> Rating {
        self.ratings
            .get(player)
            .and_then(|all| all.iter().find(|r| r.game == game && r.mode == mode))
            .map_or(rating::START, |r| r.rating)
    }

    /// What `played` does to its players' ratings, by the rules of `nim_tui::rating`: a game
    /// against the AI at a weaker level, or between two players with the first move theirs in
    /// turn; finished at the board or given up (not ended by the server), with a real choice in
    /// it, and without hints or undo.
    fn changes(&self, played: &Played) -> Vec<RatingChange> {
        let Some(first_row) = played.rows.first() else { return Vec::new() };
        let rated_result = |r: &GameRow| r.outcome != Outcome::EndedByServer && r.counted;
        if played.helped || !played.rows.iter().all(rated_result) {
            return Vec::new();
        }
        let (game, mode) = (first_row.game.clone(), first_row.mode.clone());
        let first_mover = played.moves.first().map(|m| m.player.as_str());
        match played.rows.as_slice() {
            [row] if row.opponent == "ai" => {
                let Ok(level) = row.level.parse::<nim_tui::domain::Level>() else { return Vec::new() };
                let before = self.rating(&row.player, &game, &mode);
                let Some(after) = rating::against_ai(before, level, row.outcome == Outcome::Won) else {
                    return Vec::new();
                };
                vec![RatingChange {
                    player: row.player.clone(),
                    game,
                    mode,
                    opponent: format!("ai:{}", level.as_str()),
                    moved_first: first_mover == Some(row.player.as_str()),
                    before,
                    after,
                }]
            }
            [a, b] if a.opponent == b.player && b.opponent == a.player => {
                let Some(mover) = first_mover.filter(|m| *m == a.player || *m == b.player) else {
                    return Vec::new();
                };
                let other = if mover == a.player { &b.player } else { &a.player };
                let key = |p: &str, o: &str| (p.to_string(), o.to_string(), game.clone(), mode.clone());
                let before_mover = self.firsts.get(&key(mover, other)).copied().unwrap_or(0);
                let before_other = self.firsts.get(&key(other, mover)).copied().unwrap_or(0);
                if !rating::fair_first_move(before_mover, before_other) {
                    return Vec::new();
                }
                let (ra, rb) = (self.rating(&a.player, &game, &mode), self.rating(&b.player, &game, &mode));
                let (na, nb) = rating::game(ra, rb, a.outcome == Outcome::Won);
                [(a, ra, na), (b, rb, nb)]
                    .into_iter()
                    .map(|(row, before, after)| RatingChange {
                        player: row.player.clone(),
                        game: game.clone(),
                        mode: mode.clone(),
                        opponent: row.opponent.clone(),
                        moved_first: row.player == mover,
                        before,
                        after,
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Takes in the rating changes just written.
    fn rated(&mut self, changes: Vec<RatingChange>) {
        for ch in changes {
            if !ch.opponent.starts_with("ai:") && ch.moved_first {
                *self
                    .firsts
                    .entry((ch.player.clone(), ch.opponent.clone(), ch.game.clone(), ch.mode.clone()))
                    .or_default() += 1;
            }
            let all = self.ratings.entry(ch.player).or_default();
            let games = match all.iter().position(|r| r.game == ch.game && r.mode == ch.mode) {
                Some(i) => all.remove(i).games,
                None => 0,
            };
            all.insert(0, PlayerRating { game: ch.game, mode: ch.mode, rating: ch.after, games: games + 1 });
        }
    }

    /// Counts what was just written.
    fn add(&mut self, w: Write) {
        match w {
            Write::Row(row, at) => self.add_row(row, at, None),
            Write::Live(_) | Write::LiveGone(_) => {}
            Write::Game(played, at, _) => {
                let players: HashSet<&str> = played.rows.iter().map(|r| r.player.as_str()).collect();
                // Only the moves of a player with a result in the game are theirs to answer for.
                for mv in played.moves.iter().filter(|m| players.contains(m.player.as_str())) {
                    self.students.entry(mv.player.clone()).or_default().add_move(mv);
                    if let Some(board) = self.in_activity(played.activity) {
                        board.students.entry(mv.player.clone()).or_default().add_move(mv);
                    }
                }
                for row in played.rows {
                    self.add_row(row, at, played.activity);
                }
            }
            Write::ActivityStarted(mut row) => {
                // As the database keeps it: to the second.
                row.started_at = super::db::time_of(seconds(row.started_at));
                self.activity = Some(ActivityBoard {
                    activity: Activity { row, ended_at: None },
                    students: BTreeMap::new(),
                });
            }
            Write::TournamentStarted(_) | Write::TournamentEnded(..) => {}
            Write::ActivityEnded(id, at) => {
                if let Some(board) = self.in_activity(Some(id)) {
                    board.activity.ended_at = Some(super::db::time_of(at));
                }
            }
            Write::Lesson { player, course, step, at } => {
                let summary = self.students.entry(player.clone()).or_default();
                summary.seen_at(at);
                if self.lessons.insert((player, course, step)) {
                    summary.lesson_steps += 1;
                }
            }
            Write::Puzzle { player, solved, activity, at, .. } => {
                let mut summaries = vec![self.students.entry(player.clone()).or_default()];
                if let Some(board) = self.activity.as_mut().filter(|b| Some(b.activity.row.id) == activity) {
                    summaries.push(board.students.entry(player).or_default());
                }
                for summary in summaries {
                    summary.seen_at(at);
                    summary.puzzles_tried += 1;
                    summary.puzzles_solved += u32::from(solved);
                }
            }
        }
    }

    /// The board's activity, if it is `activity`.
    fn in_activity(&mut self, activity: Option<i64>) -> Option<&mut ActivityBoard> {
        self.activity.as_mut().filter(|b| activity == Some(b.activity.row.id))
    }

    fn add_row(&mut self, row: GameRow, at: i64, activity: Option<i64>) {
        self.students.entry(row.player.clone()).or_default().add_game(&row, at);
        if let Some(board) = self.in_activity(activity) {
            board.students.entry(row.player.clone()).or_default().add_game(&row, at);
        }
        // Games ended by the server, and games with no real choice in them, count for no one.
        if row.outcome != Outcome::EndedByServer && row.counted {
            let won = row.outcome == Outcome::Won;
            if row.opponent == "ai" {
                let entry =
                    self.ai.entry((row.player.clone(), row.game.clone(), row.level.clone())).or_default();
                entry.0 += u32::from(won && !row.assisted);
                entry.1 += 1;
            } else {
                let entry = self.people.entry(row.player.clone()).or_default();
                entry.0 += u32::from(won);
                entry.1 += 1;
            }
        }
        self.recent.push_front(row);
        self.recent.truncate(RECENT);
    }

    /// Sorted as the database's queries sort them.
    fn board(&self) -> Board {
        let mut standings: Vec<Standing> = self
            .ai
            .iter()
            .filter(|(_, (_, played))| *played > 0)
            .map(|((player, game, level), &(won, played))| Standing {
                player: player.clone(),
                game: game.clone(),
                level: level.clone(),
                won,
                played,
            })
            .collect();
        standings.sort_by(|a, b| {
            (&a.game, &a.level, std::cmp::Reverse(a.won), a.played, &a.player).cmp(&(
                &b.game,
                &b.level,
                std::cmp::Reverse(b.won),
                b.played,
                &b.player,
            ))
        });
        let mut matches: Vec<MatchStanding> = self
            .people
            .iter()
            .filter(|(_, (_, played))| *played > 0)
            .map(|(player, &(won, played))| MatchStanding { player: player.clone(), won, played })
            .collect();
        matches.sort_by(|a, b| {
            (std::cmp::Reverse(a.won), a.played, &a.player).cmp(&(
                std::cmp::Reverse(b.won),
                b.played,
                &b.player,
            ))
        });
        Board {
            standings,
            matches,
            recent: self.recent.iter().cloned().collect(),
            students: self.students.clone(),
            activity: self.activity.clone(),
            ratings: self.ratings.clone(),
            firsts: self.firsts.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Accuracy, Grade, MoveRow, abandoned_by};
    use crate::test_pg::{Backend, backends};

    /// Where a test's database is, for each back end.
    fn location(backend: &Backend) -> Location {
        Location::parse(&backend.db_arg()).expect("a test database's location")
    }

    fn row(player: &str, opponent: &str, outcome: Outcome, assisted: bool) -> GameRow {
        GameRow {
            player: player.into(),
            opponent: opponent.into(),
            game: "nim".into(),
            mode: "normal".into(),
            level: if opponent == "ai" { "perfect".into() } else { "-".into() },
            outcome,
            assisted,
            moves: 3,
            ended_by: "play".into(),
            counted: true,
        }
    }

    fn mv(ply: u32, player: &str, grade: Grade, ms: u64) -> MoveRow {
        MoveRow {
            ply,
            player: player.into(),
            before: "3 4 5".into(),
            mv: "1 2".into(),
            ms,
            grade,
            better: (grade == Grade::Missed).then(|| "1 2".into()),
            hardest: (grade == Grade::NoWin).then_some(ms.is_multiple_of(2)),
        }
    }

    fn played(rows: Vec<GameRow>, moves: Vec<MoveRow>, activity: Option<i64>) -> Played {
        Played {
            rows,
            started_at: Some(SystemTime::now()),
            start: "3 4 5".into(),
            moves,
            activity,
            helped: false,
            tournament: None,
        }
    }

    /// Each student's summary kept one record at a time (games whole, old rows alone, an
    /// activity, lessons and puzzles) is the summary the database's tables give, over everything
    /// and over the activity; a store opened again on the file starts from the same.
    #[tokio::test]
    async fn the_students_summaries_kept_as_records_come_are_the_tables() {
        for backend in backends() {
            the_students_summaries_kept_as_records_come_are_the_tables_in(&location(&backend)).await;
        }
    }

    /// Activities' and tournaments' ids are never given twice, by one store through many
    /// batches or by two stores on one database taking them in turn (two hosts, in
    /// PostgreSQL; in SQLite two stores in one test stand for a server and its restart, one
    /// after the other).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn ids_are_never_given_twice() {
        for backend in backends() {
            let at = location(&backend);
            let shared = matches!(at, Location::Postgres(_));
            let stores = if shared {
                vec![Store::open_at(&at).expect("open"), Store::open_at(&at).expect("open a second")]
            } else {
                vec![Store::open_at(&at).expect("open")]
            };
            let mut seen: Vec<(bool, i64)> = Vec::new();
            for turn in 0..60 {
                let store = &stores[turn % stores.len()];
                for activity in [true, false] {
                    let id = loop {
                        let id = if activity { store.next_activity_id() } else { store.next_tournament_id() };
                        match id {
                            Some(id) => break id,
                            // Taken faster than a batch comes: once the store has done its jobs
                            // it has one.
                            None => store.flush().await,
                        }
                    };
                    assert!(id > 0);
                    seen.push((activity, id));
                }
            }
            let taken = seen.len();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), taken, "an id given twice: {seen:?}");
        }
    }

    async fn the_students_summaries_kept_as_records_come_are_the_tables_in(path: &Location) {
        use Grade::{Kept, Missed, NoWin};
        let store = Store::open_at(path).expect("open");
        store.record(row("old", "ai", Outcome::Won, false));
        store.lesson_done("ann", "nim", 0);
        store.lesson_done("ann", "nim", 1);
        store.lesson_done("ann", "nim", 1);
        store.lesson_done("bob", "grundy", 0);
        // Against the AI: ann keeps two winning positions and misses one; the AI's moves are
        // not hers.
        store.record_game(played(
            vec![row("ann", "ai", Outcome::Won, false)],
            vec![
                mv(1, "ann", Kept, 1200),
                mv(2, "ai", NoWin, 600),
                mv(3, "ann", Missed, 800),
                mv(4, "ai", Kept, 600),
                mv(5, "ann", NoWin, 50),
            ],
            None,
        ));
        let id = store.next_activity_id().expect("an id");
        assert_eq!(id, 1);
        store.activity_started(ActivityRow {
            id,
            started_at: SystemTime::now(),
            game: "nim".into(),
            mode: "normal".into(),
            heaps: Some("3 4 5".into()),
            puzzle: None,
            hints: false,
            time_limit: Some(300),
            started_by: "teacher".into(),
        });
        // Between people, in the activity: bob leaves a game in play (abandoned, a loss).
        let mut left = row("bob", "cy", Outcome::Lost, false);
        left.ended_by = abandoned_by("bob");
        let mut cy = row("cy", "bob", Outcome::Won, false);
        cy.ended_by = abandoned_by("bob");
        store.record_game(played(
            vec![left, cy],
            vec![mv(1, "bob", Missed, 3000), mv(2, "cy", Kept, 2500)],
            Some(id),
        ));
        store.record_game(played(
            vec![row("ann", "ai", Outcome::EndedByServer, true)],
            vec![mv(1, "ann", Kept, 10)],
            Some(id),
        ));
        // A game whose moves name someone with no result in it (a teacher): not theirs.
        store.record_game(played(
            vec![row("dee", "teacher", Outcome::Won, false)],
            vec![mv(1, "teacher", Missed, 5), mv(2, "dee", NoWin, 7)],
            Some(id),
        ));
        store.puzzle_done("cy", true, Some(id));
        store.puzzle_done("cy", false, None);
        store.puzzle_done("eve", false, Some(id));
        store.activity_ended(id, SystemTime::now());
        store.flush().await;
        let kept = store.board();
        let db = Db::open_at(path).expect("open again");
        let all = db.summaries(Selection::All).expect("summaries");
        assert_eq!(kept.students, all);
        let board = kept.activity.clone().expect("the activity");
        assert!(board.activity.ended_at.is_some());
        assert_eq!(board.students, db.summaries(Selection::Activity(id)).expect("the activity's"));
        // What a teacher would read.
        let ann = &all["ann"];
        assert_eq!((ann.games, ann.won, ann.ended_by_server, ann.assisted), (2, 1, 1, 1));
        assert_eq!((ann.moves, ann.kept, ann.missed, ann.think_ms), (4, 2, 1, 2060));
        assert_eq!(ann.accuracy(), Some(Accuracy { kept: 2, met: 3 }));
        assert_eq!(ann.lesson_steps, 2);
        let bob = &all["bob"];
        assert_eq!((bob.lost, bob.abandoned, bob.lesson_steps), (1, 1, 1));
        assert_eq!(all["dee"].accuracy(), None, "no winning position met");
        assert!(!all.contains_key("teacher") && !all.contains_key("ai"));
        assert_eq!((all["cy"].puzzles_tried, all["cy"].puzzles_solved), (2, 1));
        assert_eq!(board.students["cy"].puzzles_tried, 1);
        assert!(!board.students.contains_key("old"));
        assert_eq!(all["old"].games, 1);
        // A store opened on the same file reads the same, and numbers activities on.
        let again = Store::open_at(path).expect("open a second time");
        assert_eq!(again.board().students, kept.students);
        assert_eq!(again.board().activity, kept.activity);
        // On after the ids the first store reserved (in SQLite, one host, straight after the
        // activity kept).
        let next = again.next_activity_id().expect("an id");
        assert!(next > id, "{next}");
        if matches!(path, Location::Sqlite(_)) {
            assert_eq!(next, 2);
        }
    }

    /// Ratings (#39), kept by the store as games are written: a game against a weaker level
    /// rates its player against the level's anchor; the perfect level, help, a game ended by the
    /// server and a game that gives the same player the first move twice more are kept, not
    /// rated; a fair game between two rates both. The board's ratings and first moves are the
    /// database's, read again by a new store, and the history has a row per rated player.
    #[tokio::test]
    async fn ratings_follow_the_rules_and_are_kept() {
        for backend in backends() {
            ratings_follow_the_rules_and_are_kept_in(&location(&backend)).await;
        }
    }

    /// Two hosts on one PostgreSQL: a rated game kept by one is read by the other when it
    /// catches up (as `NOTIFY` makes it), ratings included, so that the next game of the same
    /// student there is rated from where the first left them, not from where this host's start
    /// found them.
    #[tokio::test]
    async fn a_rating_changed_on_another_host_is_where_the_next_game_starts_from() {
        use nim_tui::rating;
        let Some(pg) = crate::test_pg::database() else { return };
        let at = Location::parse(std::path::Path::new(&pg.url())).expect("a URL");
        let ai = |level: &str| {
            let mut r = row("ann", "ai", Outcome::Won, false);
            r.level = level.into();
            played(vec![r], vec![mv(1, "ann", Grade::Kept, 100), mv(2, "ai", Grade::NoWin, 100)], None)
        };
        let here = Store::open_at(&at).expect("host b's store");
        let there = Store::open_at(&at).expect("host a's store");
        there.record_game(ai("easy"));
        // A rated game between two players, cy first: who moved first comes across too (it
        // decides who moves first in their next game).
        there.record_game(played(
            vec![row("cy", "dee", Outcome::Won, false), row("dee", "cy", Outcome::Lost, false)],
            vec![mv(1, "cy", Grade::Kept, 100), mv(2, "dee", Grade::NoWin, 100)],
            None,
        ));
        there.flush().await;
        let first = rating::against_ai(rating::START, nim_tui::domain::Level::Easy, true).expect("rated");
        here.catch_up().ask();
        let mut board = here.changes();
        // The board seen is let go at once: the store's thread publishes the next one.
        let seen = tokio::time::timeout(
            std::time::Duration::from_secs(60),
            board.wait_for(|b| b.rating_of("ann").is_some_and(|r| r.rating == first)),
        )
        .await
        .is_ok_and(|r| r.is_ok());
        assert!(seen, "ann's rating from host a is not on host b's board: {:?}", here.board().ratings);
        let board = here.board();
        assert!(board.rating_of("cy").is_some() && board.rating_of("dee").is_some(), "{:?}", board.ratings);
        assert_eq!(board.first_moves("cy", "dee", "nim", "normal"), 1);
        assert_eq!(board.first_moves("dee", "cy", "nim", "normal"), 0);
        here.record_game(ai("medium"));
        here.flush().await;
        let second = rating::against_ai(first, nim_tui::domain::Level::Medium, true).expect("rated");
        let kept = here.board().rating_of("ann").expect("rated").clone();
        assert_eq!((kept.rating, kept.games), (second, 2));
        let db = Db::open_at(&at).expect("open");
        let history = db.rating_history(Selection::All).expect("history");
        let ann: Vec<_> = history.iter().filter(|h| h.change.player == "ann").collect();
        assert_eq!(ann.len(), 2);
        assert_eq!(ann[1].change.before, first, "the second game was rated from a stale rating");
        let rows = db.ratings_of(&["ann".to_string()]).expect("ratings");
        assert_eq!((rows[0].rating, rows[0].games), (second, 2));
    }

    async fn ratings_follow_the_rules_and_are_kept_in(path: &Location) {
        use nim_tui::rating;
        let store = Store::open_at(path).expect("open");
        let ai = |player: &str, level: &str, outcome| {
            let mut r = row(player, "ai", outcome, level != "perfect");
            r.level = level.into();
            played(vec![r], vec![mv(1, player, Grade::Kept, 100), mv(2, "ai", Grade::NoWin, 100)], None)
        };
        let between = |first: &str, second: &str, winner: &str| {
            let outcome = |p: &str| if p == winner { Outcome::Won } else { Outcome::Lost };
            played(
                vec![row(first, second, outcome(first), false), row(second, first, outcome(second), false)],
                vec![mv(1, first, Grade::Kept, 100), mv(2, second, Grade::NoWin, 100)],
                None,
            )
        };
        store.record_game(ai("ann", "easy", Outcome::Won));
        store.record_game(ai("ann", "perfect", Outcome::Won));
        let mut helped = ai("ann", "hard", Outcome::Lost);
        helped.helped = true;
        store.record_game(helped);
        store.record_game(ai("ann", "medium", Outcome::EndedByServer));
        // Between ann and bob: bob first (rated), bob first again (not: he has had one more),
        // ann first (rated: level), ann first again (rated: level again, either may), ann a third
        // time (not: she has had one more), bob first (rated).
        store.record_game(between("bob", "ann", "bob"));
        store.record_game(between("bob", "ann", "ann"));
        store.record_game(between("ann", "bob", "ann"));
        store.record_game(between("ann", "bob", "bob"));
        store.record_game(between("ann", "bob", "ann"));
        store.record_game(between("bob", "ann", "ann"));
        store.flush().await;
        let board = store.board();
        let db = Db::open_at(path).expect("open again");
        let history = db.rating_history(Selection::All).expect("history");
        // ann: easy, then four games with bob; bob: four.
        assert_eq!(history.len(), 9, "{history:#?}");
        assert_eq!(history.iter().filter(|h| h.change.player == "ann").count(), 5);
        let easy = rating::against_ai(rating::START, nim_tui::domain::Level::Easy, true).expect("rated");
        assert_eq!(history[0].change.after, easy);
        assert_eq!(history[0].change.opponent, "ai:easy");
        // Worked out again from the history's own order: the same numbers.
        let (mut ann, mut bob) = (easy, rating::START);
        for winner_is_ann in [false, true, false, true] {
            (ann, bob) = rating::game(ann, bob, winner_is_ann);
        }
        let kept = |p: &str| board.rating_of(p).expect("rated").clone();
        assert_eq!((kept("ann").rating, kept("ann").games), (ann, 5));
        assert_eq!((kept("bob").rating, kept("bob").games), (bob, 4));
        assert_eq!(board.first_moves("bob", "ann", "nim", "normal"), 2);
        assert_eq!(board.first_moves("ann", "bob", "nim", "normal"), 2);
        // A new store reads the same ratings and first moves from the file.
        let again = Store::open_at(path).expect("open a second time");
        assert_eq!(again.board().ratings, board.ratings);
        assert_eq!(again.board().firsts, board.firsts);
        let rows = db.ratings().expect("ratings");
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| r.rating.provisional()), "five games leave the RD above 110");
    }

    /// A game written while another program holds the database's lock waits on the store's
    /// thread and is kept whole once the lock is let go, its moves and summary with it.
    #[tokio::test]
    async fn a_game_waits_for_a_busy_database_and_is_kept_whole() {
        for backend in backends() {
            a_game_waits_for_a_busy_database_and_is_kept_whole_in(&backend).await;
        }
    }

    /// Another program (a teacher's sqlite3 or psql) holding the write lock, until it is let go.
    struct Holder {
        release: std::sync::mpsc::Sender<()>,
        thread: std::thread::JoinHandle<()>,
    }

    impl Holder {
        fn hold(backend: &Backend) -> Holder {
            let (locked, is_locked) = std::sync::mpsc::channel();
            let (release, released) = std::sync::mpsc::channel::<()>();
            let (arg, pg) = (backend.db_arg(), matches!(backend, Backend::Postgres(_)));
            let thread = std::thread::spawn(move || {
                if pg {
                    let url = arg.to_str().expect("a URL");
                    let mut holder =
                        postgres::Client::connect(url, postgres::NoTls).expect("psql's connection");
                    holder.batch_execute("BEGIN; LOCK TABLE games IN EXCLUSIVE MODE").expect("the lock");
                    locked.send(()).expect("said");
                    let _ = released.recv();
                    holder.batch_execute("COMMIT").expect("the lock let go");
                } else {
                    let holder = rusqlite::Connection::open(&arg).expect("sqlite");
                    holder.execute_batch("BEGIN IMMEDIATE").expect("the write lock");
                    locked.send(()).expect("said");
                    let _ = released.recv();
                    holder.execute_batch("COMMIT").expect("the lock let go");
                }
            });
            is_locked.recv().expect("the lock taken");
            Holder { release, thread }
        }

        fn let_go(self) {
            let _ = self.release.send(());
            self.thread.join().expect("the holder let go");
        }
    }

    async fn a_game_waits_for_a_busy_database_and_is_kept_whole_in(backend: &Backend) {
        let path = &location(backend);
        let store = Store::open_at(path).expect("open");
        let holder = Holder::hold(backend);
        store.record_game(played(
            vec![row("ann", "ai", Outcome::Won, false)],
            vec![mv(1, "ann", Grade::Kept, 900), mv(2, "ai", Grade::NoWin, 600)],
            None,
        ));
        // Each try waits the database's busy time: a generous bound, not a pace.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while store.waiting() != 1 {
            assert!(std::time::Instant::now() < deadline, "the game is not kept to try again");
            // A poll for the state, not a pace: the bound above is the failure.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(store.board().students.is_empty(), "counted before it was written");
        holder.let_go();
        store.flush().await;
        assert_eq!(store.waiting(), 0);
        let db = Db::open_at(path).expect("open again");
        let games = db.games(Selection::All).expect("games");
        assert_eq!((games.len(), games[0].moves.len()), (1, 2));
        assert_eq!(store.board().students, db.summaries(Selection::All).expect("summaries"));
        assert_eq!(store.board().students["ann"].kept, 1);
    }

    /// The history read at the start in one pass is what the boards' own queries give.
    #[tokio::test]
    async fn the_history_read_in_one_pass_is_the_queries() {
        for backend in backends() {
            the_history_read_in_one_pass_is_the_queries_in(&location(&backend)).await;
        }
    }

    async fn the_history_read_in_one_pass_is_the_queries_in(path: &Location) {
        let store = Store::open_at(path).expect("open");
        let mut not_counted = row("ann", "ai", Outcome::Won, false);
        not_counted.counted = false;
        let mut left = row("bob", "cy", Outcome::Lost, false);
        left.ended_by = abandoned_by("bob");
        let mut easy = row("cy", "ai", Outcome::Won, false);
        easy.level = "easy".into();
        let rows = [
            row("ann", "ai", Outcome::Won, false),
            row("ann", "ai", Outcome::Won, true),
            not_counted,
            row("bob", "ai", Outcome::Lost, false),
            row("bob", "ai", Outcome::EndedByServer, false),
            row("cy", "ann", Outcome::Won, false),
            row("ann", "cy", Outcome::Lost, false),
            left,
            easy,
            row("dee", "ai", Outcome::EndedByServer, false),
            row("dee", "eve", Outcome::EndedByServer, false),
        ];
        for r in rows {
            store.record(r);
        }
        store.lesson_done("eve", "nim", 1);
        store.flush().await;
        let db = Db::open_at(path).expect("open again");
        let readings = db.readings().expect("the history");
        let ai: HashMap<_, _> = db
            .standings()
            .expect("standings")
            .into_iter()
            .map(|s| ((s.player, s.game, s.level), (s.won, s.played)))
            .collect();
        assert_eq!(readings.ai, ai);
        let people: HashMap<_, _> = db
            .match_standings()
            .expect("matches")
            .into_iter()
            .map(|m| (m.player, (m.won, m.played)))
            .collect();
        assert_eq!(readings.people, people);
        assert_eq!(readings.students, db.summaries(Selection::All).expect("summaries"));
        assert_eq!(readings.students.len(), 5, "{:?}", readings.students.keys());
    }

    /// The board kept one result at a time is the board the database's queries give.
    #[tokio::test]
    async fn the_board_kept_as_results_come_is_the_databases() {
        for backend in backends() {
            the_board_kept_as_results_come_is_the_databases_in(&location(&backend)).await;
        }
    }

    async fn the_board_kept_as_results_come_is_the_databases_in(path: &Location) {
        let store = Store::open_at(path).expect("open");
        let rows = [
            row("ann", "ai", Outcome::Won, false),
            row("ann", "ai", Outcome::Won, true),
            row("bob", "ai", Outcome::Lost, false),
            row("bob", "ai", Outcome::EndedByServer, false),
            row("cy", "ann", Outcome::Won, false),
            row("ann", "cy", Outcome::Lost, false),
            row("bob", "ai", Outcome::Won, false),
        ];
        for r in rows {
            store.record(r);
        }
        store.flush().await;
        let kept = store.board();
        let db = Db::open_at(path).expect("open again");
        assert_eq!(kept.standings, db.standings().expect("standings"));
        assert_eq!(kept.matches, db.match_standings().expect("matches"));
        assert_eq!(kept.recent, db.recent(5).expect("recent"));
        // A store opened on the same file reads the same board.
        let again = Store::open_at(path).expect("open a second time");
        assert_eq!(again.board().standings, kept.standings);
        assert_eq!(again.board().recent, kept.recent);
    }
}
