//! `nim-tui serve`, driven as players drive it: an SSH client in this process (russh) logs in,
//! asks for a terminal and plays, and reads the screen through a terminal emulator (vt100); the
//! server runs in the same process on loopback, on a port of its own. Every limit, every refused
//! request, a client that stops reading, the class code, a restart that keeps the results, and
//! the server's stop are played through. (The real OpenSSH client is driven in `serve_openssh`.)

#![cfg(unix)]

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use nim_tui::serve::{self, Limits, Options, Running};
use russh::client::{self, Msg};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg};
use tokio::time::{Instant, timeout};

/// How long any wait may take before the test gives up (never a judgement of speed).
const PATIENCE: Duration = Duration::from_secs(30);

pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _key: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Settings for tests: the shipped ones, with no pause before the AI's moves.
pub fn settings() -> nim_tui::config::Settings {
    nim_tui::config::Settings { ai_delay_ms: 0, ..nim_tui::config::Settings::default() }
}

/// Options for a server on a free loopback port, its database in `dir`.
pub fn options(dir: &Path) -> Options {
    Options {
        listen: "127.0.0.1:0".parse().expect("an address"),
        host_key: serve::hostkey::generate(),
        code: None,
        teachers: Vec::new(),
        db: dir.join("server.sqlite3"),
        limits: Limits::default(),
        no_hints: false,
        settings: settings(),
    }
}

pub async fn server(options: Options) -> Running {
    serve::start(options).await.expect("the server starts")
}

/// An SSH connection as a player has it: a session, one channel, and the screen it shows.
pub struct Player {
    pub session: client::Handle<Trusting>,
    pub channel: Option<Channel<Msg>>,
    pub screen: vt100::Parser,
    pub raw: Vec<u8>,
    pub closed: bool,
    pub exit_status: Option<u32>,
}

pub async fn connect(addr: SocketAddr) -> client::Handle<Trusting> {
    let config = Arc::new(client::Config::default());
    timeout(PATIENCE, client::connect(config, addr, Trusting))
        .await
        .expect("the handshake in time")
        .expect("the handshake")
}

impl Player {
    /// Logs in as `user` (no code) and opens a terminal of `cols`x`rows` with a shell.
    pub async fn join(addr: SocketAddr, user: &str, cols: u32, rows: u32) -> Player {
        let mut session = connect(addr).await;
        let auth = session.authenticate_none(user).await.expect("auth");
        assert!(auth.success(), "an open server lets {user} in");
        Player::open(session, cols, rows).await
    }

    pub async fn open(session: client::Handle<Trusting>, cols: u32, rows: u32) -> Player {
        let channel = session.channel_open_session().await.expect("a session channel");
        channel
            .set_env(false, "LANG", "fr_FR.UTF-8")
            .await
            .expect("env");
        channel.request_pty(false, "xterm-256color", cols, rows, 0, 0, &[]).await.expect("pty");
        channel.request_shell(false).await.expect("shell");
        Player {
            session,
            channel: Some(channel),
            screen: vt100::Parser::new(u16::try_from(rows).unwrap_or(24), u16::try_from(cols).unwrap_or(80), 0),
            raw: Vec::new(),
            closed: false,
            exit_status: None,
        }
    }

    pub async fn send(&self, bytes: &[u8]) {
        if let Some(channel) = &self.channel {
            channel.data(bytes).await.expect("send");
        }
    }

    pub async fn resize(&mut self, cols: u32, rows: u32) {
        if let Some(channel) = &self.channel {
            channel.window_change(cols, rows, 0, 0).await.expect("window change");
        }
        self.screen.screen_mut().set_size(u16::try_from(rows).unwrap_or(24), u16::try_from(cols).unwrap_or(80));
    }

    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads what comes for at most `wait`; false once the channel is closed.
    pub async fn pump(&mut self, wait: Duration) -> bool {
        let Some(channel) = self.channel.as_mut() else { return false };
        match timeout(wait, channel.wait()).await {
            Err(_) => true,
            Ok(None) | Ok(Some(ChannelMsg::Close)) => {
                self.closed = true;
                self.channel = None;
                false
            }
            Ok(Some(ChannelMsg::Data { data })) => {
                self.screen.process(&data);
                self.raw.extend_from_slice(&data);
                true
            }
            Ok(Some(ChannelMsg::ExitStatus { exit_status })) => {
                self.exit_status = Some(exit_status);
                true
            }
            Ok(Some(_)) => true,
        }
    }

    /// Reads until the screen satisfies `ready`, or the channel closes, or [`PATIENCE`] runs out.
    pub async fn wait_until(&mut self, ready: impl Fn(&str) -> bool) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if ready(&self.contents()) {
                return true;
            }
            if !self.pump(Duration::from_millis(200)).await {
                return ready(&self.contents());
            }
        }
        false
    }

    pub async fn wait_for(&mut self, text: &str) -> bool {
        self.wait_until(|screen| screen.contains(text)).await
    }

    /// Reads until the channel closes; false if it did not within [`PATIENCE`].
    pub async fn wait_closed(&mut self) -> bool {
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            if !self.pump(Duration::from_millis(200)).await {
                return true;
            }
        }
        false
    }

    /// Reads whatever comes for `quiet`.
    pub async fn settle(&mut self, quiet: Duration) {
        let end = Instant::now() + quiet;
        while Instant::now() < end && self.pump(Duration::from_millis(20)).await {}
    }
}

/// Plays from the start screen to the end of a game, taking the hint's move each turn: the
/// game shows "You win!" (or, had the AI the winning position, "You lose").
pub async fn play_a_game(player: &mut Player) {
    assert!(player.wait_for("Start").await, "no start screen:\n{}", player.contents());
    // `n`: a new game from the start screen's choices.
    player.send(b"\r").await;
    assert!(
        player.wait_until(|s| s.contains("Your turn") || s.contains("thinking")).await,
        "the game did not start:\n{}",
        player.contents()
    );
    for _ in 0..60 {
        let screen = player.contents();
        if screen.contains("You win!") || screen.contains("You lose") {
            return;
        }
        if screen.contains("Your turn") {
            player.send(b"h").await;
            assert!(player.wait_for("Hint").await, "no hint:\n{}", player.contents());
            player.send(b"\r").await;
            player.wait_until(|s| !s.contains("Hint")).await;
        }
        player.settle(Duration::from_millis(100)).await;
    }
    panic!("the game did not end:\n{}", player.contents());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plays_a_whole_game_against_the_ai_and_it_is_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    play_a_game(&mut alice).await;
    let screen = alice.contents();
    assert!(screen.contains("You win!") || screen.contains("You lose"), "{screen}");
    alice.send(b"q").await;
    assert!(alice.wait_closed().await, "q did not end the connection:\n{}", alice.contents());
    assert_eq!(alice.exit_status, Some(0));
    let raw = String::from_utf8_lossy(&alice.raw);
    assert!(raw.ends_with("\x1b[?1049l") || raw.contains("\x1b[?1049l"), "the terminal was not given back");
    assert!(!alice.screen.screen().alternate_screen(), "still in the alternate screen");
    running.stop(Duration::from_secs(3)).await;
    let db = serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let games = db.games_of("alice").expect("alice's games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].opponent, "ai");
}
