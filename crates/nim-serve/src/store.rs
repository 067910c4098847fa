//! The store as a service beside the sessions (as late.sh's services are): the database is
//! written on a thread of its own, never on the async runtime's threads and never while a frame
//! is drawn, and what the lobbies show of it (the leaderboards, the latest results) is kept up to
//! date here, one result at a time, and published as a snapshot that every lobby reads without a
//! query.
//!
//! Jobs come through a bounded queue. A session that finds it full hands its job to a task that
//! waits for room, so that nothing finished is lost and no session waits on the disk.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{mpsc, oneshot, watch};

use super::db::{Db, DbError, GameRow, MatchStanding, Outcome, Standing};

/// Jobs waiting for the store's thread, at most.
const QUEUE: usize = 1024;

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
}

enum Job {
    Record(GameRow),
    Seen(String),
    /// Answers once every job before it is written.
    Flush(oneshot::Sender<()>),
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
}

/// Results kept to try again while the database is busy, at most (past it they are logged and
/// dropped: a lock held for hours is the teacher's to release).
const RETRY_MAX: usize = 10_000;

/// The pause between two tries while results wait for a busy database.
const RETRY_PAUSE: std::time::Duration = std::time::Duration::from_millis(250);

impl Store {
    /// Opens the database at `path`, reads the board once, and starts the thread that writes.
    pub fn open(path: &Path) -> Result<Store, DbError> {
        let db = Db::open(path)?;
        let queries = Arc::new(AtomicU64::new(0));
        let mut tally = Tally::default();
        for row in db.recent(u32::try_from(RECENT).unwrap_or(u32::MAX))?.into_iter().rev() {
            tally.recent.push_front(row);
        }
        tally.ai =
            db.standings()?.into_iter().map(|s| ((s.player, s.game, s.level), (s.won, s.played))).collect();
        tally.people = db.match_standings()?.into_iter().map(|m| (m.player, (m.won, m.played))).collect();
        queries.fetch_add(3, Ordering::Relaxed);
        let (publish, board) = watch::channel(Arc::new(tally.board()));
        let (jobs, mut queue) = mpsc::channel(QUEUE);
        let counted = queries.clone();
        let waiting = Arc::new(AtomicU64::new(0));
        let waiting_here = waiting.clone();
        std::thread::Builder::new()
            .name("nim-tui-serve store".into())
            .spawn(move || {
                // Results another program's lock kept out, oldest first, tried again before the
                // next job and every moment while there are any.
                let mut retry: VecDeque<GameRow> = VecDeque::new();
                let write = |row: GameRow, retry: &mut VecDeque<GameRow>, tally: &mut Tally| {
                    counted.fetch_add(1, Ordering::Relaxed);
                    match db.record(&row) {
                        Ok(()) => {
                            tally.add(row);
                            publish.send_replace(Arc::new(tally.board()));
                            true
                        }
                        Err(e) if e.is_busy() && retry.len() < RETRY_MAX => {
                            tracing::warn!(player = %row.player, "the database is busy (another program holds it): the result is kept to try again");
                            retry.push_back(row);
                            false
                        }
                        Err(e) => {
                            tracing::error!(player = %row.player, "the result was not kept: {e}");
                            true
                        }
                    }
                };
                loop {
                    while let Some(row) = retry.pop_front() {
                        if !write(row, &mut retry, &mut tally) {
                            // Still busy: the row goes back to the front, order kept.
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
                        Job::Record(row) => {
                            if retry.is_empty() {
                                write(row, &mut retry, &mut tally);
                            } else {
                                // Behind the ones waiting, in order.
                                retry.push_back(row);
                            }
                        }
                        Job::Seen(name) => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            if let Err(e) = db.seen(&name) {
                                tracing::error!("{e}");
                            }
                        }
                        Job::Flush(done) => {
                            // One more try for the results waiting (each waits at most the
                            // database's busy time); what is still refused is logged.
                            let left = std::mem::take(&mut retry);
                            for row in left {
                                write(row, &mut retry, &mut tally);
                            }
                            for row in &retry {
                                tracing::error!(player = %row.player, "the database stayed busy: a result was not kept");
                            }
                            retry.clear();
                            waiting_here.store(0, Ordering::Relaxed);
                            let _ = done.send(());
                        }
                    }
                }
            })
            .map_err(|e| DbError::thread(path, e))?;
        Ok(Store { jobs, board, queries, waiting })
    }

    /// Keeps a finished game.
    pub fn record(&self, row: GameRow) {
        self.send(Job::Record(row));
    }

    /// Keeps a finished game with its graded moves. (For now its rows only: the moves' table
    /// comes with the reports.)
    pub fn record_game(&self, played: super::db::Played) {
        for row in played.rows {
            self.send(Job::Record(row));
        }
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

/// The board's figures, kept one result at a time.
#[derive(Default)]
struct Tally {
    /// Against the AI, by player, game and level: wins without help, and games.
    ai: HashMap<(String, String, String), (u32, u32)>,
    /// Between players, by player: wins and games.
    people: HashMap<String, (u32, u32)>,
    recent: VecDeque<GameRow>,
}

impl Tally {
    fn add(&mut self, row: GameRow) {
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
        Board { standings, matches, recent: self.recent.iter().cloned().collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The board kept one result at a time is the board the database's queries give.
    #[tokio::test]
    async fn the_board_kept_as_results_come_is_the_databases() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("s.sqlite3");
        let store = Store::open(&path).expect("open");
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
        let db = Db::open(&path).expect("open again");
        assert_eq!(kept.standings, db.standings().expect("standings"));
        assert_eq!(kept.matches, db.match_standings().expect("matches"));
        assert_eq!(kept.recent, db.recent(5).expect("recent"));
        // A store opened on the same file reads the same board.
        let again = Store::open(&path).expect("open a second time");
        assert_eq!(again.board().standings, kept.standings);
        assert_eq!(again.board().recent, kept.recent);
    }
}
