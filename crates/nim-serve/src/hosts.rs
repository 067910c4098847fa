//! Several hosts on one PostgreSQL database (#40): each `serve` process is a host with a row in
//! `hosts` and a lease it renews every third of `--lease-seconds`; every game in progress on it
//! is kept in `live_games` as it starts and moves, and goes when it is kept as finished (in the
//! same transaction). A host that finds another's lease run out keeps that host's games in
//! progress as ended by the server (`host lost`: never a loss for either player) and removes its
//! rows, in one transaction, so that two surviving hosts cannot both do it; a host started again
//! under its old id does the same for itself first. SQLite has one host: none of this runs.
//!
//! A host judges the others only once it has held its own lease for a whole lease without a
//! failure, so that after the database was out of reach for everyone, nobody's games are ended
//! before the others have had their turn to renew. A host whose lease was taken over anyway (it
//! lost the database for longer than its lease) registers again under a new run; the games it
//! had in progress were kept by the other host, and their results from it are not kept again.
//!
//! Every game kept is said to the other hosts by PostgreSQL's `NOTIFY` at its commit (its id; the
//! row written first); a thread here listens and asks the host's store to count the games kept
//! since it last looked ([`crate::store::CatchUp`], from the rows), and so does every renewal, in
//! case the listening connection was down. A student who comes back through the balancer to
//! another host finds their finished games there. The same listening connection hears of the
//! other hosts' people and of the rows of `relay` for this host, reads them, and hands them to
//! [`News`], which `relay.rs` implements (students on different hosts meeting).

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::db::{Db, DbError, LiveKey, Location};
use super::store::CatchUp;

/// What `--host-id` and `--lease-seconds` say.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// The host's id: the same each time this host starts, and another host's never.
    pub id: String,
    /// How long a host's lease lasts: renewed every third of it; a host dead this long has its
    /// games in progress ended by another.
    pub lease: Duration,
}

/// The host's id when `--host-id` gives none: this machine's name and the SSH address, the same
/// at every start of this server and different for two servers on one machine.
pub fn default_id(listen: std::net::SocketAddr) -> String {
    let machine = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into());
    format!("{machine}/{listen}")
}

/// This host, as the games in progress name it.
pub struct Host {
    pub id: String,
    /// The registration in force (a new one at each start, and after a takeover).
    run: AtomicI64,
    /// Games in progress numbered in this run.
    next: AtomicU64,
}

impl Host {
    /// The registration in force.
    pub(crate) fn run(&self) -> i64 {
        self.run.load(Ordering::SeqCst)
    }

    /// A new game in progress's key.
    pub(crate) fn key(&self) -> LiveKey {
        let run = self.run.load(Ordering::SeqCst);
        let n = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        LiveKey { id: format!("{}/{run:x}/{n}", self.id), host: self.id.clone(), run }
    }
}

/// A table's game in progress as this host last kept it: its key and its moves then.
#[derive(Default)]
pub struct Slot(Mutex<Option<(LiveKey, u32)>>);

impl Slot {
    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, Option<(LiveKey, u32)>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Registers this host on the database at `at` (ending the games a former run of it left in
/// progress), waiting out a former run's lease once; answers the host and its own connection.
pub fn register(at: &Location, options: &HostOptions, address: &str) -> Result<(Arc<Host>, Db), DbError> {
    let db = Db::open_at(at)?;
    let mut waited = false;
    loop {
        let run = rand::random::<i64>();
        match db.host_register(&options.id, address, options.lease, run)? {
            (ended, None) => {
                if !ended.is_empty() {
                    tracing::warn!(host = %options.id, games = ended.len(), "games this host had in progress when it last stopped were kept as ended by the server");
                }
                tracing::info!(host = %options.id, lease = options.lease.as_secs(), "host registered");
                let host = Host { id: options.id.clone(), run: AtomicI64::new(run), next: AtomicU64::new(0) };
                return Ok((Arc::new(host), db));
            }
            (_, Some(left)) if !waited => {
                // A former run of this host, dead or alive: alive, it renews meanwhile.
                tracing::info!(host = %options.id, "waiting {}s for the lease of a former run of this host", left.as_secs());
                std::thread::sleep(left + Duration::from_millis(500));
                waited = true;
            }
            (_, Some(_)) => {
                return Err(DbError::HostHeld { path: db.path().to_string(), host: options.id.clone() });
            }
        }
    }
}

/// How long the listening thread waits for a notice before it looks whether the server stops.
const LISTEN_SLICE: Duration = Duration::from_millis(250);

/// What the listening thread hands on of the other hosts' news (the relay, `relay.rs`): their
/// people, and the rows of `relay` for this host. A trait here, so that the lease's service does
/// not reach the relay that uses [`Host`].
pub trait News: Send + Sync {
    /// The other hosts' people, and the hosts whose lease runs.
    fn others(&self, rows: Vec<super::db::PresenceRow>, hosts: Vec<String>);
    /// Rows of `relay` for this host, read after [`News::cursor`].
    fn arrived(&self, rows: Vec<super::db::RelayRow>);
    /// The last row of `relay` read.
    fn cursor(&self) -> i64;
}

/// The lease's thread: renews, judges the other hosts, asks the store to catch up; and the
/// listening thread, which asks the store to catch up as soon as any host keeps a game.
pub struct Service {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    listening: Arc<std::sync::atomic::AtomicBool>,
    listener: Option<std::thread::JoinHandle<()>>,
}

impl Service {
    /// Starts renewing `host`'s lease on `db` every third of `lease`.
    pub fn start(
        db: Db,
        host: Arc<Host>,
        address: String,
        lease: Duration,
        catch_up: CatchUp,
        relay: Option<Arc<dyn News>>,
    ) -> std::io::Result<Service> {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let listening = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let listener = match db.listener() {
            Ok(mut listener) => {
                let (on, catch_up, me) = (listening.clone(), catch_up.clone(), host.id.clone());
                let relay = relay.clone();
                Some(std::thread::Builder::new().name("nim-tui-serve listen".into()).spawn(move || {
                    let mut failing = false;
                    // The other hosts' people are read again this often even untold, so that a
                    // host whose lease ran out leaves the lists before another takes it over.
                    let mut read_at = Instant::now();
                    while on.load(Ordering::SeqCst) {
                        let got = listener.wait(LISTEN_SLICE, &me).and_then(|mut told| {
                            if told.games {
                                catch_up.ask();
                            }
                            if let Some(relay) = &relay {
                                // Messages (moves among them) before the lists of people.
                                if told.relay {
                                    relay.arrived(listener.relay_after(&me, relay.cursor())?);
                                }
                                if read_at.elapsed() >= lease / 3 {
                                    told.presence = true;
                                }
                                if told.presence {
                                    read_at = Instant::now();
                                    let people = listener.presence(&me)?;
                                    relay.others(people, listener.live_hosts()?);
                                }
                            }
                            Ok(())
                        });
                        match got {
                            Ok(()) => failing = false,
                            Err(e) => {
                                if !failing {
                                    tracing::warn!("cannot listen for the other hosts' news ({e}): their games are counted at each renewal meanwhile");
                                }
                                failing = true;
                                // Not a wait for a state: the pace of tries to connect again.
                                std::thread::sleep(Duration::from_secs(1));
                            }
                        }
                    }
                })?)
            }
            Err(e) => {
                tracing::warn!("cannot listen for the other hosts' news ({e})");
                None
            }
        };
        let thread = std::thread::Builder::new().name("nim-tui-serve lease".into()).spawn(move || {
            let period = lease / 3;
            // Since when the lease has been renewed without a failure.
            let mut held_since = Some(Instant::now());
            // Until the server stops (its sender dropped): a renewal every period.
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(period) {
                let run = host.run.load(Ordering::SeqCst);
                match db.host_renew(&host.id, run, lease) {
                    Ok(true) => {
                        let since = *held_since.get_or_insert_with(Instant::now);
                        if since.elapsed() >= lease {
                            match db.take_over_expired(&host.id) {
                                Ok(ended) => {
                                    for h in ended {
                                        tracing::warn!(host = %h.host, games = h.games.len(), "a host's lease ran out: its games in progress were kept as ended by the server");
                                    }
                                }
                                Err(e) => tracing::warn!("cannot look for hosts whose lease ran out: {e}"),
                            }
                        }
                        catch_up.ask();
                    }
                    Ok(false) => {
                        tracing::error!(host = %host.id, "this host's lease was taken over by another host (the database was out of reach longer than the lease): its games in progress were ended there; registering again");
                        let run = rand::random::<i64>();
                        match db.host_register(&host.id, &address, lease, run) {
                            Ok((_, None)) => {
                                host.run.store(run, Ordering::SeqCst);
                                held_since = Some(Instant::now());
                            }
                            Ok((_, Some(_))) => held_since = None,
                            Err(e) => {
                                tracing::warn!("cannot register this host again: {e}");
                                held_since = None;
                            }
                        }
                    }
                    Err(e) => {
                        tracing::warn!("cannot renew this host's lease: {e}");
                        held_since = None;
                    }
                }
            }
            match db.host_leave(&host.id, host.run.load(Ordering::SeqCst)) {
                Ok(games) if !games.is_empty() => {
                    tracing::warn!(games = games.len(), "games still in progress at the stop were kept as ended by the server")
                }
                Ok(_) => tracing::info!(host = %host.id, "host left"),
                Err(e) => tracing::warn!("cannot remove this host's row: {e} (another host will, once its lease runs out)"),
            }
        })?;
        Ok(Service { stop: Some(stop), thread: Some(thread), listening, listener })
    }

    /// Stops renewing and removes the host's row (its games are kept by then), waiting for it.
    pub async fn stop(mut self) {
        drop(self.stop.take());
        self.listening.store(false, Ordering::SeqCst);
        for thread in [self.thread.take(), self.listener.take()].into_iter().flatten() {
            let _ = tokio::task::spawn_blocking(move || thread.join()).await;
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        // Stopped or not (a server that failed to start after registering): the listening
        // thread ends; the lease's ends as its sender goes.
        self.listening.store(false, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{GameRow, Outcome, Played};
    use crate::store::Store;

    /// A game kept on one host is on another host's board at once, told by `NOTIFY`: the lease
    /// here is an hour, so no renewal (every 20 minutes) brings it within the test's bound.
    #[tokio::test]
    async fn a_game_kept_on_one_host_reaches_anothers_board_by_notify() {
        let Some(pg) = crate::test_pg::database() else { return };
        let at = Location::parse(std::path::Path::new(&pg.url())).expect("a URL");
        let options = HostOptions { id: "b".into(), lease: Duration::from_secs(3600) };
        let (host, db) = {
            let at = at.clone();
            tokio::task::spawn_blocking(move || register(&at, &options, "127.0.0.3:2222"))
                .await
                .expect("joined")
                .expect("registered")
        };
        let here = Store::open_at(&at).expect("host b's store");
        let service = Service::start(
            db,
            host,
            "127.0.0.3:2222".into(),
            Duration::from_secs(3600),
            here.catch_up(),
            None,
        )
        .expect("started");
        let there = Store::open_at(&at).expect("host a's store");
        there.record_game(Played {
            rows: vec![GameRow {
                player: "ann".into(),
                opponent: "ai".into(),
                game: "nim".into(),
                mode: "normal".into(),
                level: "perfect".into(),
                outcome: Outcome::Won,
                assisted: false,
                moves: 3,
                ended_by: "play".into(),
                counted: true,
            }],
            started_at: None,
            start: "1 2 3".into(),
            moves: Vec::new(),
            activity: None,
            helped: false,
            tournament: None,
        });
        there.flush().await;
        let mut board = here.changes();
        let seen = tokio::time::timeout(
            Duration::from_secs(60),
            board.wait_for(|b| b.students.get("ann").is_some_and(|s| s.won == 1)),
        )
        .await;
        assert!(seen.is_ok(), "ann's game is not on the other host's board");
        assert_eq!(here.board().standings[0].player, "ann");
        service.stop().await;
        assert_eq!(pg.psql("SELECT count(*) FROM hosts").trim(), "0");
    }
}
