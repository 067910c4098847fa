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
}

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
        std::thread::Builder::new()
            .name("nim-tui-serve store".into())
            .spawn(move || {
                while let Some(job) = queue.blocking_recv() {
                    match job {
                        Job::Record(row) => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            match db.record(&row) {
                                Ok(()) => {
                                    tally.add(row);
                                    publish.send_replace(Arc::new(tally.board()));
                                }
                                Err(e) => {
                                    tracing::error!(player = %row.player, "the result was not kept: {e}")
                                }
                            }
                        }
                        Job::Seen(name) => {
                            counted.fetch_add(1, Ordering::Relaxed);
                            if let Err(e) = db.seen(&name) {
                                tracing::error!("{e}");
                            }
                        }
                        Job::Flush(done) => {
                            let _ = done.send(());
                        }
                    }
                }
            })
            .map_err(|e| DbError::thread(path, e))?;
        Ok(Store { jobs, board, queries })
    }

    /// Keeps a finished game.
    pub fn record(&self, row: GameRow) {
        self.send(Job::Record(row));
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
        // Games ended by the server count for no one.
        if row.outcome != Outcome::EndedByServer {
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
