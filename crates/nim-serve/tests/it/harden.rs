//! The server against a hostile student (issue 41), one test per class of attack: what a client
//! can grow is bounded, sockets that never log in lock no one out, the class code resists
//! guessing, nobody cheats a game or poses as another, the files are kept as a service keeps
//! them, and what the README promises an OpenSSH user is what the user sees. Every wait is for a
//! state, bounded by the helpers' patience; nothing is judged by how long it took.

#![cfg(unix)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use russh::client;
use russh::{Channel, ChannelMsg};
use tokio::time::{Instant, timeout};

use nim_serve::Limits;

use crate::serve::{LOBBY, Player, Trusting, options, play_a_game, server, settings};
use crate::serve_together::choose;

const PATIENCE: Duration = Duration::from_secs(30);

/// Waits until `ready` holds, looking again every moment, for at most [`PATIENCE`].
async fn until(ready: impl Fn() -> bool) -> bool {
    let end = Instant::now() + PATIENCE;
    while Instant::now() < end {
        if ready() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ready()
}

/// An SSH session to `addr` from the loopback address `from`, not yet logged in.
pub async fn session_from(addr: SocketAddr, from: &str) -> client::Handle<Trusting> {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket.bind(format!("{from}:0").parse().expect("an address")).expect("bind");
    let stream = timeout(PATIENCE, socket.connect(addr)).await.expect("connect in time").expect("connect");
    let config = Arc::new(client::Config::default());
    timeout(PATIENCE, client::connect_stream(config, stream, Trusting))
        .await
        .expect("the handshake in time")
        .expect("the handshake")
}

/// Reads a channel until it closes: its output, its standard error and its exit status.
async fn read_all(channel: &mut Channel<client::Msg>) -> (String, String, Option<u32>) {
    let (mut out, mut err, mut status) = (Vec::new(), Vec::new(), None);
    loop {
        match timeout(PATIENCE, channel.wait()).await.expect("the channel closes in time") {
            None | Some(ChannelMsg::Close) => break,
            Some(ChannelMsg::Data { data }) => out.extend_from_slice(&data),
            Some(ChannelMsg::ExtendedData { data, .. }) => err.extend_from_slice(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => status = Some(exit_status),
            Some(_) => {}
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), String::from_utf8_lossy(&err).into_owned(), status)
}

// ---- Bounds -------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_window_changes_is_read_at_its_rate_and_merged_into_a_few() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let limits = Limits::default();
    let mut alice = Player::arrive(running.addr(), "alice", 100, 30).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    let began = Instant::now();
    let sent = 200u32;
    for n in 0..sent {
        alice.resize(80 + n % 40, 24 + n % 10).await;
    }
    alice.resize(100, 30).await;
    // A key after them all, answered: the game has seen the window changes that came before.
    alice.send(b"\r").await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    let took = began.elapsed();
    let acted = running.resizes();
    // Read no faster than the rate allows past its burst (twice the rate): the storm is slowed
    // by TCP, not paid for a packet at a time. (A bound from below: no machine is too fast.)
    let rate = limits.resizes_per_second;
    let least = Duration::from_secs_f64((f64::from(sent + 1) - 2.0 * rate - 1.0) / rate);
    assert!(took >= least, "{sent} window changes read in {took:?}, under the rate's {least:?}");
    // At most one every 100 ms (and the first at once): the rest merged into the last.
    let most = took.as_millis() / 100 + 2;
    assert!(acted >= 1, "no window change was acted on");
    assert!(u128::from(acted) <= most, "{acted} of {sent} window changes acted on (at most {most})");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_flood_is_read_at_its_rate_and_a_bystander_is_served_meanwhile() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    // A small rate, so that one packet is past its burst whatever the machine's speed.
    opts.limits.input_burst = 1024.0;
    opts.limits.input_per_second = 4096.0;
    let (rate, burst) = (opts.limits.input_per_second, opts.limits.input_burst);
    let running = server(opts).await;
    let mut flood = Player::join(running.addr(), "flood", 100, 30).await;
    let mut bob = Player::join(running.addr(), "bob", 100, 30).await;
    // Typing as people type is never held back.
    assert_eq!(running.held_back(), 0, "a player typing was held back");
    // 8 KiB of Down and Up arrows (an even number of each), in one write.
    let keys = b"\x1b[B\x1b[A".repeat(8 * 1024 / 6);
    let sent = keys.len();
    let least = Duration::from_secs_f64((sent as f64 - burst) / rate);
    let began = Instant::now();
    let flooding = tokio::spawn(async move {
        use tokio::io::AsyncWriteExt;
        let mut writer = flood.channel.as_ref().expect("the channel").make_writer();
        let write = async move {
            writer.write_all(&keys).await?;
            writer.flush().await
        };
        tokio::pin!(write);
        let written = loop {
            tokio::select! {
                written = &mut write => break written,
                _ = flood.pump(Duration::from_millis(20)) => {}
            }
        };
        (flood, written)
    });
    // Meanwhile bob plays on.
    play_a_game(&mut bob).await;
    let (mut flood, written) =
        timeout(PATIENCE, flooding).await.expect("the flood ends").expect("the flood task");
    written.expect("the whole flood is taken");
    // The flooding player is served after it, in order: a key after the flood is read after it.
    flood.send(b"q").await;
    assert!(flood.wait_for(LOBBY).await, "{}", flood.contents());
    // Past its burst the flood was held back to its rate: the key after it is read no sooner
    // than the rate allows (a bound from below: no machine is too fast for it).
    let took = began.elapsed();
    assert!(running.held_back() >= 1, "the flood was read as fast as it came");
    assert!(took >= least, "{sent} bytes read in {took:?}, under the rate's {least:?}");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_over_long_paste_ends_at_its_marker_and_an_endless_one_at_ctrl_c() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    // 200 KiB pasted, three times the input's cap, then `q`: the paste ends at its marker, and
    // `q` is a key again (it leaves the start screen for the lobby).
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(std::iter::repeat_n(b'7', 200 * 1024));
    paste.extend_from_slice(b"\x1b[201~");
    for chunk in paste.chunks(16 * 1024) {
        alice.send(chunk).await;
    }
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "q after a long paste did not work:\n{}", alice.contents());
    // A paste that never ends: Ctrl-C still leaves.
    alice.send(b"\r").await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    alice.send(b"\x1b[200~12").await;
    alice.send(b"\x03").await;
    assert!(alice.wait_for(LOBBY).await, "Ctrl-C in an endless paste did not work:\n{}", alice.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_reaches_the_move_limit_ends_and_is_kept_as_such() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.max_moves = 4;
    opts.settings =
        nim_tui::config::Settings { heaps: nim_tui::domain::HeapChoice::Custom(vec![9, 9]), ..settings() };
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    alice.send(b"\r").await;
    // One token at a time from the heaps against the perfect AI: far more than four moves.
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    for _ in 0..10 {
        if alice.contents().contains(LOBBY) {
            break;
        }
        assert!(
            alice.wait_until(|s| s.contains("Your turn") || s.contains(LOBBY)).await,
            "{}",
            alice.contents()
        );
        alice.send(b"1").await;
        alice.send(b"\r").await;
        alice.wait_until(|s| !s.contains("Your turn") || s.contains(LOBBY)).await;
    }
    assert!(alice.wait_for(LOBBY).await, "the game went on past the limit:\n{}", alice.contents());
    // Told why, in the lobby.
    assert!(alice.wait_for("The game reached 4 moves").await, "{}", alice.contents());
    assert!(until(|| db.games_of("alice").is_ok_and(|g| g.len() == 1)).await, "the game was not kept");
    let games = db.games_of("alice").expect("games");
    assert_eq!((games[0].ended_by.as_str(), games[0].moves), ("move limit", 4), "{games:?}");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::EndedByServer);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_past_the_limit_per_minute_are_not_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.results_per_minute = 2;
    opts.settings =
        nim_tui::config::Settings { heaps: nim_tui::domain::HeapChoice::Custom(vec![1]), ..settings() };
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    // Five games of one move each, as a script plays them.
    for _ in 0..5 {
        alice.send(b"\r").await;
        assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
        alice.send(b"\r").await;
        assert!(alice.wait_for("You win!").await, "{}", alice.contents());
        alice.send(b"n").await;
        assert!(alice.wait_for("Start").await, "{}", alice.contents());
    }
    // Stopping writes everything sent to the store: two were kept, three were not.
    running.stop(Duration::from_secs(3)).await;
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert_eq!(db.games_of("alice").expect("games").len(), 2);
}

// ---- Admission before logging in ---------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_sockets_lock_out_neither_a_classroom_nor_its_players() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    // As many silent sockets from the classroom's one address as it may have players.
    let mut idle = Vec::new();
    for _ in 0..Limits::default().max_per_address {
        idle.push(tokio::net::TcpStream::connect(addr).await.expect("connect"));
    }
    // A student behind the same address still gets in, and bob is still there.
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    assert!(alice.wait_until(|s| s.contains("bob")).await, "{}", alice.contents());
    assert_eq!(running.players(), ["alice", "bob"]);
    drop(idle);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_request_closes_the_connection_whatever_the_client_does() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut session = session_from(running.addr(), "127.0.0.1").await;
    assert!(session.authenticate_none("mallory").await.expect("auth").success());
    let channel = session.channel_open_session().await.expect("a channel");
    channel.exec(false, "cat /etc/passwd").await.expect("exec sent");
    // The client reads nothing and closes nothing: the server ends the connection itself.
    assert!(until(|| running.connections() == 0).await, "{} connections still open", running.connections());
    drop(channel);
    running.stop(Duration::from_secs(3)).await;
}

// ---- Secrets ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_class_codes_lock_their_address_out_and_no_other() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.code = Some("right-code".into());
    opts.limits.guard.lockout_after = 3;
    opts.limits.guard.free_failures = 10;
    let running = server(opts).await;
    let addr = running.addr();
    let mut guesser = session_from(addr, "127.0.0.2").await;
    for guess in ["guess-1", "guess-2", "guess-3"] {
        let auth = guesser.authenticate_password("mallory", guess).await.expect("auth");
        assert!(!auth.success(), "{guess} was taken for the code");
    }
    // Locked out: even the right code is refused from that address…
    let mut again = session_from(addr, "127.0.0.2").await;
    let auth = again.authenticate_password("mallory", "right-code").await.expect("auth");
    assert!(!auth.success(), "the right code from a locked-out address was taken");
    // …and taken from any other.
    let mut alice = session_from(addr, "127.0.0.3").await;
    let auth = alice.authenticate_password("alice", "right-code").await.expect("auth");
    assert!(auth.success(), "the right code from another address was refused");
    running.stop(Duration::from_secs(3)).await;
}

// ---- Integrity --------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn between_players_undo_and_new_game_are_refused_and_leaving_is_kept_with_who_left() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    assert!(alice.wait_until(|s| s.contains("bob")).await, "{}", alice.contents());
    choose(&mut alice, "bob").await;
    alice.send(b"c").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"y").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(bob.wait_for("bob's turn").await, "{}", bob.contents());
    assert!(alice.wait_for("bob's turn").await, "{}", alice.contents());
    // On his turn bob tries to take alice's move back, then to start a new game; then moves.
    bob.send(b"u").await;
    bob.send(b"n").await;
    bob.send(b"\r").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    // Alice leaves the game (asked first: it counts as a loss): it is bob's, kept with who ended
    // it and both moves, and bob is told in the lobby.
    alice.send(b"q").await;
    assert!(alice.wait_for("Leave this game? It counts as a loss").await, "{}", alice.contents());
    alice.send(b"y").await;
    assert!(alice.wait_for("You left the game: it counts as a loss.").await, "{}", alice.contents());
    assert!(
        bob.wait_for("alice left the game in play: it counts as a win for you.").await,
        "{}",
        bob.contents()
    );
    assert!(bob.contents().contains(LOBBY), "{}", bob.contents());
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert!(until(|| db.games_of("bob").is_ok_and(|g| g.len() == 1)).await, "bob's game was not kept");
    let games = db.games_of("bob").expect("games");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::Won, "{games:?}");
    assert_eq!(games[0].moves, 2, "a move was taken back or wiped out: {games:?}");
    assert_eq!(games[0].ended_by, "left by alice", "{games:?}");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hanging_up_in_a_game_against_the_ai_loses_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    // The game waits a second for her to come back (she does not).
    opts.limits.rejoin = Duration::from_secs(1);
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("AI took").await, "{}", alice.contents());
    drop(alice);
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert!(until(|| db.games_of("alice").is_ok_and(|g| g.len() == 1)).await, "the game was not kept");
    let games = db.games_of("alice").expect("games");
    assert_eq!(
        (games[0].outcome, games[0].ended_by.as_str()),
        (nim_serve::db::Outcome::Lost, "connection lost: alice")
    );
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_no_real_choice_is_kept_but_not_counted() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.settings =
        nim_tui::config::Settings { heaps: nim_tui::domain::HeapChoice::Custom(vec![1]), ..settings() };
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("You win!").await, "{}", alice.contents());
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert!(until(|| db.games_of("alice").is_ok_and(|g| g.len() == 1)).await, "the game was not kept");
    assert!(!db.games_of("alice").expect("games")[0].counted);
    assert_eq!(db.standings().expect("standings"), [], "a heap of one is on the leaderboard");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_student_poses_as_the_teacher_or_you() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    for posing in ["Mr Smith (teacher)", "alice (you)", "Мr Smith (tеacher)", "\u{3164}"] {
        let mut p = Player::arrive(addr, posing, 100, 30).await;
        assert!(p.wait_for(LOBBY).await, "{}", p.contents());
        let names = running.players();
        assert!(names.iter().all(|n| n.starts_with("player")), "{posing:?} is on the server as {names:?}");
        drop(p);
        assert!(until(|| running.players().is_empty()).await, "{:?}", running.players());
    }
    running.stop(Duration::from_secs(3)).await;
}

/// Zoe's connection drops without the server knowing (her laptop's Wi-Fi went, the socket is
/// still open on the server's side) a moment after her last key; she connects again at once from
/// the same address, with the server's own limits: she is zoe, not zoe-2, back at her game, and
/// the old connection is ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_back_right_after_her_last_key_is_herself_at_her_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut first = Player::join(addr, "zoe", 100, 30).await;
    first.send(b"\r").await;
    assert!(first.wait_for("Your turn").await, "{}", first.contents());
    first.send(b"\r").await;
    assert!(first.wait_for("AI took").await, "{}", first.contents());
    // The old connection stays open (nothing is sent on it again): the server cannot know yet.
    let mut back = Player::arrive(addr, "zoe", 100, 30).await;
    assert!(back.wait_for("Welcome back: your game is where you left it.").await, "{}", back.contents());
    assert!(back.contents().contains("Your turn"), "{}", back.contents());
    assert!(first.wait_closed().await, "the dropped connection was kept");
    assert!(until(|| running.players() == ["zoe"]).await, "{:?}", running.players());
    // Her game goes on on the new connection, and nothing was kept yet.
    back.send(b"\r").await;
    assert!(back.wait_until(|s| !s.contains("Welcome back")).await, "{}", back.contents());
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert!(db.games_of("zoe").expect("games").is_empty(), "the game was kept as if it had ended");
    // Someone of her name from another address is someone else.
    let mut other = session_from(addr, "127.0.0.2").await;
    assert!(other.authenticate_none("zoe").await.expect("auth").success());
    let mut other = Player::open(other, 100, 30).await;
    assert!(other.wait_for(LOBBY).await, "{}", other.contents());
    assert!(until(|| running.players() == ["zoe", "zoe-2"]).await, "{:?}", running.players());
    running.stop(Duration::from_secs(3)).await;
}

// ---- Files ------------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newer_database_is_refused_and_an_older_one_migrated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("server.sqlite3");
    let newer = rusqlite::Connection::open(&path).expect("sqlite");
    newer.execute_batch("PRAGMA user_version = 9").expect("version");
    drop(newer);
    let refused = nim_serve::start(options(dir.path())).await.err().expect("a newer database is refused");
    let said = refused.to_string();
    assert!(said.contains("schema version 9") && said.contains("newer"), "{said}");
    assert!(refused.is_bad_input());

    // The first server's file: its results kept and counted, new ones written.
    std::fs::remove_file(&path).expect("remove");
    let old = rusqlite::Connection::open(&path).expect("sqlite");
    old.execute_batch(
        "CREATE TABLE players (name TEXT PRIMARY KEY, first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL);
         CREATE TABLE results (id INTEGER PRIMARY KEY, player TEXT NOT NULL, opponent TEXT NOT NULL,
            game TEXT NOT NULL, mode TEXT NOT NULL, level TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'ended_by_server')),
            assisted INTEGER NOT NULL, moves INTEGER NOT NULL, ended_at INTEGER NOT NULL);
         INSERT INTO results (player, opponent, game, mode, level, outcome, assisted, moves, ended_at)
            VALUES ('ann', 'ai', 'nim', 'normal', 'perfect', 'won', 0, 5, 0);",
    )
    .expect("the old schema");
    drop(old);
    let running = server(options(dir.path())).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    crate::serve::play_a_game(&mut alice).await;
    let db = nim_serve::db::Db::open(&path).expect("db");
    assert!(until(|| db.games_of("alice").is_ok_and(|g| g.len() == 1)).await, "the new game was not kept");
    let standings = db.standings().expect("standings");
    assert!(standings.iter().any(|s| s.player == "ann" && s.won == 1), "{standings:?}");
    let version: i64 = rusqlite::Connection::open(&path)
        .expect("sqlite")
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(version, nim_serve::db::VERSION);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_database_is_waited_for_off_the_games_and_the_result_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("server.sqlite3");
    let running = server(options(dir.path())).await;
    // Another program holds the database's write lock (a teacher's sqlite3 shell).
    let holder = rusqlite::Connection::open(&path).expect("sqlite");
    holder.execute_batch("BEGIN IMMEDIATE").expect("the write lock");
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    crate::serve::play_a_game(&mut alice).await;
    assert!(until(|| running.results_waiting() == 1).await, "the result is not kept to try again");
    // The game goes on meanwhile: back to the lobby, and a new game.
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    holder.execute_batch("COMMIT").expect("the lock let go");
    let db = nim_serve::db::Db::open(&path).expect("db");
    assert!(until(|| db.games_of("alice").is_ok_and(|g| g.len() == 1)).await, "the result was lost");
    assert_eq!(running.results_waiting(), 0);
    running.stop(Duration::from_secs(3)).await;
}

// ---- Promises ---------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_command_the_client_is_told_on_stderr_with_exit_status_1() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    // (Without a terminal a shell gets the plain door's lines: serve.rs, plain_ssh.rs.)
    let mut session = session_from(running.addr(), "127.0.0.1").await;
    assert!(session.authenticate_none("bob").await.expect("auth").success());
    let mut channel = session.channel_open_session().await.expect("a channel");
    channel.request_subsystem(true, "sftp").await.expect("subsystem sent");
    let (_, err, status) = read_all(&mut channel).await;
    assert!(err.contains("ssh -t"), "{err:?}");
    assert_eq!(status, Some(1));
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_hints_the_review_is_withheld_too() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.no_hints = true;
    opts.settings =
        nim_tui::config::Settings { heaps: nim_tui::domain::HeapChoice::Custom(vec![1, 2]), ..settings() };
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    // Take the whole of the first heap until the game ends, whoever wins.
    for _ in 0..6 {
        if alice.contents().contains("You win!") || alice.contents().contains("You lose") {
            break;
        }
        alice.send(b"\r").await;
        alice
            .wait_until(|s| s.contains("Your turn") || s.contains("You win!") || s.contains("You lose"))
            .await;
    }
    assert!(
        alice.wait_until(|s| s.contains("You win!") || s.contains("You lose")).await,
        "{}",
        alice.contents()
    );
    assert!(!alice.contents().contains("review"), "the review is offered:\n{}", alice.contents());
    // `v` opens no review: the help that `?` opens after it is over the game's end.
    alice.send(b"v").await;
    alice.send(b"?").await;
    assert!(alice.wait_for("play again").await, "{}", alice.contents());
    let screen = alice.contents();
    assert!(!screen.contains("review"), "the help offers the review:\n{screen}");
    assert!(!screen.contains("Review: move") && !screen.contains("The start of the game"), "{screen}");
    running.stop(Duration::from_secs(3)).await;
}
