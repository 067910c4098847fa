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

use nim_serve::{self as serve, Limits, Options, Running};
use russh::client::{self, Msg};
use russh::keys::PublicKeyOrCertificate;
use russh::{Channel, ChannelMsg};
use tokio::time::{Instant, timeout};

/// What the lobby shows, and nothing else does.
pub const LOBBY: &str = "On the server:";
/// What a teacher's console always shows.
pub const CONSOLE: &str = "teacher's console";

/// How long any wait may take before the test gives up (never a judgement of speed).
const PATIENCE: Duration = Duration::from_secs(90);

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
        web: None,
        language: nim_tui::i18n::Language::English,
        balancers: serve::proxy::Balancers::default(),
        hosts: None,
        join_address: None,
    }
}

pub async fn server(options: Options) -> Running {
    serve::start(options).await.expect("the server starts")
}

/// An SSH connection as a player has it: a session, one channel, and the screen it shows.
pub struct Player {
    /// Held: dropping it hangs up.
    pub _session: client::Handle<Trusting>,
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
    /// Logs in as `user` (no code), opens a terminal of `cols`x`rows` with a shell, and goes
    /// from the lobby to the game's start screen (Enter on one's own line: play the AI).
    pub async fn join(addr: SocketAddr, user: &str, cols: u32, rows: u32) -> Player {
        let mut player = Player::arrive(addr, user, cols, rows).await;
        player.enter().await;
        player
    }

    /// Logs in as `user` and opens a terminal, staying wherever the server puts a newcomer.
    pub async fn arrive(addr: SocketAddr, user: &str, cols: u32, rows: u32) -> Player {
        let mut session = connect(addr).await;
        let auth = session.authenticate_none(user).await.expect("auth");
        assert!(auth.success(), "an open server lets {user} in");
        Player::open(session, cols, rows).await
    }

    /// From the lobby to the game against the AI: its start screen.
    pub async fn enter(&mut self) {
        assert!(self.wait_for(LOBBY).await, "no lobby:\n{}", self.contents());
        self.send(b"\r").await;
        assert!(self.wait_for("Start").await, "no start screen:\n{}", self.contents());
    }

    pub async fn open(session: client::Handle<Trusting>, cols: u32, rows: u32) -> Player {
        Player::open_with_env(session, cols, rows, &[("LANG", "fr_FR.UTF-8")]).await
    }

    /// Logs in as `user` and opens a terminal, sending the environment variables `env` first
    /// (none at all when empty), as `ssh` does with `SendEnv`.
    pub async fn arrive_with_env(
        addr: SocketAddr,
        user: &str,
        cols: u32,
        rows: u32,
        env: &[(&str, &str)],
    ) -> Player {
        let mut session = connect(addr).await;
        let auth = session.authenticate_none(user).await.expect("auth");
        assert!(auth.success(), "an open server lets {user} in");
        Player::open_with_env(session, cols, rows, env).await
    }

    /// [`Player::open`], sending the environment variables `env` before the terminal is asked for.
    pub async fn open_with_env(
        session: client::Handle<Trusting>,
        cols: u32,
        rows: u32,
        env: &[(&str, &str)],
    ) -> Player {
        let channel = session.channel_open_session().await.expect("a session channel");
        for (name, value) in env {
            channel.set_env(false, *name, *value).await.expect("env");
        }
        channel.request_pty(false, "xterm-256color", cols, rows, 0, 0, &[]).await.expect("pty");
        channel.request_shell(false).await.expect("shell");
        Player {
            _session: session,
            channel: Some(channel),
            screen: vt100::Parser::new(
                u16::try_from(rows).unwrap_or(24),
                u16::try_from(cols).unwrap_or(80),
                0,
            ),
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
        self.screen
            .screen_mut()
            .set_size(u16::try_from(rows).unwrap_or(24), u16::try_from(cols).unwrap_or(80));
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
    // A move at most each turn: waits for the turn (or the end), never for a time.
    let over = |s: &str| s.contains("You win!") || s.contains("You lose");
    for _ in 0..60 {
        assert!(
            player.wait_until(|s| over(s) || (s.contains("Your turn") && !s.contains("Hint"))).await,
            "neither the turn nor the end came:\n{}",
            player.contents()
        );
        if over(&player.contents()) {
            return;
        }
        player.send(b"h").await;
        assert!(player.wait_for("Hint").await, "no hint:\n{}", player.contents());
        player.send(b"\r").await;
        assert!(
            player.wait_until(|s| !s.contains("Hint")).await,
            "the move was not made:\n{}",
            player.contents()
        );
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
    // q leaves the game for the lobby, and q there asks, then y leaves the server.
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "q did not go back to the lobby:\n{}", alice.contents());
    alice.send(b"q").await;
    assert!(alice.wait_for("Leave the server?").await, "q did not ask:\n{}", alice.contents());
    alice.send(b"y").await;
    assert!(alice.wait_closed().await, "y did not end the connection:\n{}", alice.contents());
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

/// The row the start menu's cursor is on: the text after `▶`.
fn chosen(screen: &str) -> String {
    screen
        .lines()
        .find_map(|line| line.split_once('▶').map(|(_, rest)| rest.trim().to_string()))
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_split_across_packets_a_lone_esc_a_paste_and_a_click_all_work() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    assert!(chosen(&alice.contents()).starts_with("Start"), "{}", alice.contents());
    // Down (ESC [ B) in two packets, a moment apart: one key, not Esc and two letters.
    alice.send(b"\x1b[").await;
    alice.settle(Duration::from_millis(100)).await;
    alice.send(b"B").await;
    assert!(alice.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", alice.contents());
    // Up again, split in three.
    for part in [&b"\x1b"[..], b"[", b"A"] {
        alice.send(part).await;
        alice.settle(Duration::from_millis(50)).await;
    }
    assert!(alice.wait_until(|s| chosen(s).starts_with("Start")).await, "{}", alice.contents());
    // A paste is typed, never obeyed: a pasted `q`, Esc or Enter neither quits nor starts.
    alice.send(b"\x1b[200~q\x1b\r?\x1b[201~").await;
    // A key after it, once its effect shows, says the paste was read (keys are read in order).
    alice.send(b"\x1b[B").await;
    assert!(alice.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", alice.contents());
    alice.send(b"\x1b[A").await;
    assert!(alice.wait_until(|s| chosen(s).starts_with("Start")).await, "{}", alice.contents());
    assert!(!alice.closed, "a pasted q quit");
    assert!(
        alice.contents().contains("New game") && !alice.contents().contains("Your turn"),
        "{}",
        alice.contents()
    );
    // The help, then a lone Esc (this client never answered the colour query, so the Esc is
    // held a moment to see if an answer follows, then taken as the key).
    alice.send(b"?").await;
    assert!(alice.wait_for("Keys").await, "no help:\n{}", alice.contents());
    alice.send(b"\x1b").await;
    assert!(
        alice.wait_until(|s| !s.contains("Keys")).await,
        "Esc did not close the help:\n{}",
        alice.contents()
    );
    assert!(!alice.closed);
    // A click (SGR mouse report) on the Puzzles row chooses it.
    let screen = alice.contents();
    let (row, line) = screen.lines().enumerate().find(|(_, l)| l.contains("Puzzles")).expect("a Puzzles row");
    let col = line.find("Puzzles").map(|b| line[..b].chars().count()).expect("the column");
    alice.send(format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", col + 2, row + 1, col + 2, row + 1).as_bytes()).await;
    assert!(
        alice.wait_until(|s| chosen(s).starts_with("Puzzles") || s.contains("Puzzle 1")).await,
        "the click did nothing:\n{}",
        alice.contents()
    );
    running.stop(Duration::from_secs(3)).await;
}

/// Reads until the server's colour query has come.
async fn wait_for_query(player: &mut Player) {
    for _ in 0..200 {
        if String::from_utf8_lossy(&player.raw).contains("\x1b]11;?") {
            return;
        }
        player.pump(Duration::from_millis(50)).await;
    }
    panic!("no colour query");
}

/// The colours the start screen's title is drawn in, as SGR parameters.
fn title_colour(player: &Player) -> String {
    let raw = String::from_utf8_lossy(&player.raw);
    let at = raw.find('█').expect("the title");
    let before = &raw[..at];
    let sgr = before.rfind("\x1b[").expect("a colour before the title");
    before[sgr..].to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_connection_has_its_own_colours_from_its_own_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    // A light terminal and a dark one answer the colour query; a third does not answer.
    let answers: [Option<&[u8]>; 3] = [
        Some(b"\x1b]10;rgb:0000/0000/0000\x1b\\\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c"),
        Some(b"\x1b]10;rgb:ffff/ffff/ffff\x07\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c"),
        None,
    ];
    let mut colours = Vec::new();
    for (i, answer) in answers.iter().enumerate() {
        let mut player = Player::arrive(running.addr(), &format!("p{i}"), 100, 30).await;
        wait_for_query(&mut player).await;
        if let Some(answer) = answer {
            player.send(answer).await;
        }
        player.enter().await;
        colours.push(title_colour(&player));
        // Keys are read after the answer as before it.
        player.send(b"\x1b[B").await;
        assert!(player.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", player.contents());
    }
    assert_ne!(colours[0], colours[1], "the light and the dark terminal got the same colours");
    assert_eq!(colours[1], colours[2], "a terminal that does not answer gets the dark theme");
    running.stop(Duration::from_secs(3)).await;
}

/// A session logged in as `user` on an open server, with no channel yet.
async fn logged_in(addr: SocketAddr, user: &str) -> client::Handle<Trusting> {
    let mut session = connect(addr).await;
    assert!(session.authenticate_none(user).await.expect("auth").success());
    session
}

/// Reads a channel until it closes; what it said (on its output and its standard error), and
/// whether the request was refused (a failure, or an exit status other than 0).
async fn read_to_close(channel: &mut Channel<Msg>) -> (String, bool) {
    let (mut text, mut failed) = (Vec::new(), false);
    loop {
        match timeout(PATIENCE, channel.wait()).await.expect("the channel closes in time") {
            None | Some(ChannelMsg::Close) => break,
            Some(ChannelMsg::Data { data } | ChannelMsg::ExtendedData { data, .. }) => {
                text.extend_from_slice(&data)
            }
            Some(ChannelMsg::Failure) => failed = true,
            Some(ChannelMsg::ExitStatus { exit_status }) => failed |= exit_status != 0,
            Some(_) => {}
        }
    }
    (String::from_utf8_lossy(&text).into_owned(), failed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_without_a_terminal_gets_lines_and_ends_well_at_end_of_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let session = logged_in(running.addr(), "alice").await;
    let mut channel = session.channel_open_session().await.expect("a channel");
    channel.request_shell(true).await.expect("shell request sent");
    channel.eof().await.expect("end of file sent");
    let (text, failed) = read_to_close(&mut channel).await;
    assert!(!failed, "the shell without a pty was refused: {text:?}");
    assert!(text.starts_with("nim-tui plain mode, protocol "), "{text:?}");
    assert!(text.contains("You are alice.") && !text.contains('\x1b'), "{text:?}");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_subsystems_and_forwarding_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    // exec
    let session = logged_in(running.addr(), "alice").await;
    let mut channel = session.channel_open_session().await.expect("a channel");
    channel.exec(true, "cat /etc/passwd").await.expect("exec sent");
    let (text, failed) = read_to_close(&mut channel).await;
    assert!(failed && !text.contains("root:"), "exec was not refused: {text:?}");
    // a subsystem
    let session = logged_in(running.addr(), "bob").await;
    let mut channel = session.channel_open_session().await.expect("a channel");
    channel.request_subsystem(true, "sftp").await.expect("subsystem sent");
    let (_, failed) = read_to_close(&mut channel).await;
    assert!(failed, "the sftp subsystem was not refused");
    // port forwarding, both ways, and the agent
    let session = logged_in(running.addr(), "carol").await;
    let local = session.channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5555).await;
    assert!(local.is_err(), "a direct-tcpip channel was opened");
    let remote = session.tcpip_forward("127.0.0.1", 0).await;
    assert!(remote.is_err() || remote.is_ok_and(|port| port == 0), "remote forwarding was granted");
    let mut channel = session.channel_open_session().await.expect("a channel");
    channel.agent_forward(true).await.expect("agent request sent");
    let refused = timeout(PATIENCE, async {
        loop {
            match channel.wait().await {
                Some(ChannelMsg::Failure) => return true,
                Some(ChannelMsg::Success) | None => return false,
                Some(_) => {}
            }
        }
    })
    .await
    .expect("an answer in time");
    assert!(refused, "agent forwarding was granted");
    // The server goes on serving.
    let mut dave = Player::join(running.addr(), "dave", 100, 30).await;
    assert!(dave.wait_for("Start").await, "{}", dave.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// Whether a connection to `addr` (from `from`, if given) gets through the handshake and in.
async fn gets_in(addr: SocketAddr, from: Option<&str>) -> Option<client::Handle<Trusting>> {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    if let Some(from) = from {
        socket.bind(format!("{from}:0").parse().expect("an address")).expect("bind");
    }
    let stream = timeout(PATIENCE, socket.connect(addr)).await.expect("connect in time").ok()?;
    let config = Arc::new(client::Config::default());
    let mut session =
        timeout(PATIENCE, client::connect_stream(config, stream, Trusting)).await.expect("in time").ok()?;
    let auth = timeout(PATIENCE, session.authenticate_none("x")).await.expect("in time").ok()?;
    auth.success().then_some(session)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_limited_in_all_and_per_address() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.max_connections = 3;
    opts.limits.max_per_address = 2;
    let running = server(opts).await;
    let addr = running.addr();
    let a = gets_in(addr, Some("127.0.0.1")).await.expect("the first gets in");
    let b = gets_in(addr, Some("127.0.0.1")).await.expect("the second gets in");
    assert!(gets_in(addr, Some("127.0.0.1")).await.is_none(), "a third from one address got in");
    // Another address still has room in all…
    let c = gets_in(addr, Some("127.0.0.2")).await.expect("another address gets in");
    // …until the server is full.
    assert!(gets_in(addr, Some("127.0.0.3")).await.is_none(), "a fourth connection got in");
    drop((a, c));
    // Places come back when connections go.
    let mut back = None;
    for _ in 0..50 {
        back = gets_in(addr, Some("127.0.0.1")).await;
        if back.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(back.is_some(), "the place of a closed connection was not given back");
    drop(b);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_must_log_in_and_open_a_game_in_time() {
    use tokio::io::AsyncReadExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.login_timeout = Duration::from_secs(1);
    // The time to the game bounds the time to log in: a silent socket goes when the first ends,
    // not after the (here, hour-long) pre-login time-out.
    opts.limits.preauth_timeout = Duration::from_secs(3600);
    let running = server(opts).await;
    // Says nothing at all after the TCP handshake.
    let mut silent = tokio::net::TcpStream::connect(running.addr()).await.expect("connect");
    let mut buf = [0u8; 4096];
    let closed = timeout(PATIENCE, async {
        loop {
            match silent.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "a silent connection was kept");
    // Logs in and then asks for nothing.
    let session = logged_in(running.addr(), "idle").await;
    let gone = timeout(PATIENCE, async {
        while !session.is_closed() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(gone.is_ok(), "a connection that opened no game was kept");
    assert_eq!(running.connections(), 0);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_class_code_is_asked_and_wrong_answers_are_limited() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.code = Some("maths".into());
    opts.limits.auth_attempts = 3;
    let running = server(opts).await;
    let addr = running.addr();
    // No code: refused.
    let mut session = connect(addr).await;
    assert!(!session.authenticate_none("eve").await.expect("auth").success());
    // The right code as a password.
    let mut session2 = connect(addr).await;
    assert!(!session2.authenticate_password("alice", "nope").await.expect("auth").success());
    assert!(session2.authenticate_password("alice", "maths").await.expect("auth").success());
    let mut alice = Player::open(session2, 100, 30).await;
    alice.enter().await;
    // The right code typed when asked (keyboard-interactive).
    let mut session3 = connect(addr).await;
    let answer = session3.authenticate_keyboard_interactive_start("bob", None::<String>).await.expect("kbd");
    let russh::client::KeyboardInteractiveAuthResponse::InfoRequest { prompts, .. } = answer else {
        panic!("no prompt for the code: {answer:?}");
    };
    assert!(prompts[0].prompt.contains("code"), "{:?}", prompts[0].prompt);
    let done = session3.authenticate_keyboard_interactive_respond(vec!["maths".into()]).await.expect("kbd");
    assert!(matches!(done, russh::client::KeyboardInteractiveAuthResponse::Success), "{done:?}");
    // Wrong codes, again and again: the connection is dropped after the allowed attempts.
    let mut cut = false;
    for _ in 0..10 {
        match session.authenticate_password("eve", "guess").await {
            Ok(result) => assert!(!result.success()),
            Err(_) => {
                cut = true;
                break;
            }
        }
    }
    assert!(cut || session.is_closed(), "ten wrong codes and still connected");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_player_is_warned_then_disconnected() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.idle_timeout = Duration::from_secs(4);
    opts.limits.idle_warning = Duration::from_secs(3);
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    assert!(alice.wait_for("No key for a while").await, "no warning:\n{}", alice.contents());
    // A key puts the warning away and the clock back.
    alice.send(b"\x1b[B").await;
    assert!(alice.wait_until(|s| !s.contains("No key for a while")).await, "{}", alice.contents());
    assert!(alice.wait_for("No key for a while").await, "no second warning:\n{}", alice.contents());
    assert!(alice.wait_closed().await, "the idle player was not disconnected");
    assert!(String::from_utf8_lossy(&alice.raw).contains("Disconnected"), "no goodbye");
    assert!(!alice.screen.screen().alternate_screen(), "the terminal was not given back");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redraws_are_limited_per_second() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.frame_min = Duration::from_secs(2);
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    let before = running.frames();
    // Twenty keys, each in a packet of its own, each changing the screen.
    for i in 0..20 {
        alice.send(if i % 2 == 0 { b"\x1b[B" } else { b"\x1b[A" }).await;
    }
    alice.send(b"\x1b[B").await;
    assert!(alice.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", alice.contents());
    let drawn = running.frames() - before;
    assert!(drawn <= 3, "{drawn} frames for 21 keys with one frame allowed each 2 s");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_window_is_drawn_within_the_largest_screen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let session = logged_in(running.addr(), "alice").await;
    let channel = session.channel_open_session().await.expect("a channel");
    channel.request_pty(false, "xterm", u32::MAX, u32::MAX, 0, 0, &[]).await.expect("pty");
    channel.request_shell(false).await.expect("shell");
    let mut alice = Player {
        _session: session,
        channel: Some(channel),
        screen: vt100::Parser::new(200, 500, 0),
        raw: Vec::new(),
        closed: false,
        exit_status: None,
    };
    alice.enter().await;
    // Every cursor position the server sent is within 500x200.
    let raw = String::from_utf8_lossy(&alice.raw).into_owned();
    for part in raw.split("\x1b[").skip(1) {
        if let Some(pos) = part.split('H').next().filter(|p| p.contains(';') && p.len() < 12) {
            let mut rc = pos.split(';').map(|n| n.parse::<u32>().unwrap_or(0));
            let (r, c) = (rc.next().unwrap_or(0), rc.next().unwrap_or(0));
            assert!(r <= 200 && c <= 500, "drawn at row {r}, column {c}");
        }
    }
    // Back to an ordinary window, and on.
    alice.resize(100, 30).await;
    alice.send(b"\x1b[B").await;
    assert!(alice.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", alice.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_made_safe_and_unique() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut players = Vec::new();
    let users = ["bob", "bob", "Bob", "\u{1b}]0;pwned\u{7}e\u{202e}vil\u{200b}", &"w".repeat(300)];
    for (n, user) in users.into_iter().enumerate() {
        // Each from an address of its own: the same name from the same address is the same
        // student back, and takes the name over (harden.rs).
        let mut session = crate::harden::session_from(running.addr(), &format!("127.0.0.{}", n + 1)).await;
        assert!(session.authenticate_none(user).await.expect("auth").success());
        let mut player = Player::open(session, 100, 30).await;
        player.enter().await;
        players.push(player);
    }
    let names = running.players();
    assert_eq!(names.len(), 5, "{names:?}");
    for expected in ["bob", "bob-2", "Bob-3", "]0;pwnedevil"] {
        assert!(names.iter().any(|n| n == expected), "{expected} not in {names:?}");
    }
    for name in &names {
        assert!(name.chars().count() <= 20 && !name.chars().any(nim_tui::text::needs_escape), "{name:?}");
    }
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_input_flood_is_capped_and_hurts_no_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    // The rate at which a connection's input is read past its burst is harden.rs's to check
    // (`a_key_flood_is_read_at_its_rate_and_a_bystander_is_served_meanwhile`); here it is raised eightfold, so that reading the
    // flood takes about 3 s of the server's clock, not 24 s of the shipped 32 KiB a second. The
    // input cap, which this test is about, is the shipped one.
    opts.limits.input_per_second *= 8.0;
    let running = server(opts).await;
    let mut flood = Player::join(running.addr(), "flood", 100, 30).await;
    assert!(flood.wait_for("Start").await, "{}", flood.contents());
    // 1 MiB of keys, sixteen times the input cap: past the cap the flooding connection is held
    // back by SSH's flow control, so the flood lasts as long as the game takes to read it. The
    // flooding client reads what the server sends meanwhile, as a terminal does.
    let flooding = tokio::spawn(async move {
        use tokio::io::AsyncWriteExt;
        let mut writer = flood.channel.as_ref().expect("the channel").make_writer();
        let chunk = vec![b'x'; 32 * 1024];
        let write = async move {
            for _ in 0..32 {
                writer.write_all(&chunk).await?;
            }
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
    // Meanwhile another player plays as usual.
    let mut bob = Player::join(running.addr(), "bob", 100, 30).await;
    play_a_game(&mut bob).await;
    // A bound only against a hang: the flood takes what the game takes to read it.
    let (mut flood, written) =
        timeout(PATIENCE * 10, flooding).await.expect("the flood ends").expect("the flood task");
    written.expect("the whole flood is taken");
    // The flooding player is still served once the flood is over, in order: no key was lost or
    // overtaken, so the arrow sent after the flood is read after it, whatever the machine's speed.
    flood.send(b"\x1b[B").await;
    assert!(flood.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", flood.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// A proxy between a client and the server that, once `choke` is set, stops reading what the
/// server sends (while still passing on what the client sends): a client that stopped reading
/// its socket, as a frozen laptop's is.
async fn choking_proxy(server: SocketAddr, choke: Arc<std::sync::atomic::AtomicBool>) -> SocketAddr {
    use std::sync::atomic::Ordering;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the proxy");
    let addr = listener.local_addr().expect("the proxy's address");
    tokio::spawn(async move {
        let Ok((client, _)) = listener.accept().await else { return };
        let Ok(upstream) = tokio::net::TcpStream::connect(server).await else { return };
        let (mut client_read, mut client_write) = client.into_split();
        let (mut server_read, mut server_write) = upstream.into_split();
        tokio::spawn(async move {
            let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
        });
        let mut buf = vec![0u8; 4096];
        while !choke.load(Ordering::SeqCst) {
            match timeout(Duration::from_millis(20), server_read.read(&mut buf)).await {
                Ok(Ok(0) | Err(_)) => return,
                Ok(Ok(n)) => {
                    if client_write.write_all(&buf[..n]).await.is_err() {
                        return;
                    }
                }
                Err(_) => {}
            }
        }
        // Choked: nothing more is read from the server, until the server hangs up.
        let _keep = (server_read, client_write);
        std::future::pending::<()>().await;
    });
    addr
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_dropped_with_bounded_memory() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.output_soft = 16 * 1024;
    opts.limits.output_cap = 256 * 1024;
    opts.limits.stall = Duration::from_secs(2);
    opts.limits.frame_min = Duration::ZERO;
    let running = server(opts).await;
    let choke = Arc::new(AtomicBool::new(false));
    let proxy = choking_proxy(running.addr(), choke.clone()).await;
    // A client with a small SSH window, so that the server's writes stop soon after the client
    // stops taking them.
    let config = Arc::new(client::Config { window_size: 16 * 1024, ..Default::default() });
    let mut session =
        timeout(PATIENCE, client::connect(config, proxy, Trusting)).await.expect("in time").expect("connect");
    assert!(session.authenticate_none("slow").await.expect("auth").success());
    let mut slow = Player::open(session, 200, 60).await;
    slow.enter().await;
    choke.store(true, Ordering::SeqCst);
    // Meanwhile another player is served.
    let mut bob = Player::join(running.addr(), "bob", 100, 30).await;
    assert!(bob.wait_for("Start").await, "{}", bob.contents());
    // Every window change acted on is a whole new frame (at most ten a second: the rest merge):
    // they go on until far more than the window and the cap is waiting. The slow client is
    // dropped, and what was queued for it stayed within the caps.
    let dropped = timeout(PATIENCE, async {
        let mut i = 0u32;
        while running.players().iter().any(|n| n == "slow") {
            if let Some(channel) = &slow.channel {
                let _ = timeout(Duration::from_secs(1), channel.window_change(200 - i % 2, 60, 0, 0)).await;
            }
            i += 1;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    assert!(dropped.is_ok(), "the client that stopped reading is still connected");
    assert!(
        running.peak_pending() <= 16 * 1024 + 64 * 1024,
        "{} bytes were queued for one client",
        running.peak_pending()
    );
    bob.send(b"\x1b[B").await;
    assert!(bob.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", bob.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_tells_everyone_and_keeps_games_in_progress_as_ended_by_the_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    let mut bob = Player::join(running.addr(), "bob", 100, 30).await;
    // Alice is in a game, with a move made; Bob is on the start screen.
    assert!(alice.wait_for("Start").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    // The AI answers at once; it is Alice's turn again, with moves made.
    assert!(
        alice.wait_until(|s| s.contains("AI took") && s.contains("Your turn")).await,
        "{}",
        alice.contents()
    );
    assert!(bob.wait_for("Start").await, "{}", bob.contents());
    let stop = tokio::spawn(running.stop(Duration::from_secs(3)));
    assert!(alice.wait_closed().await, "alice was not disconnected");
    assert!(bob.wait_closed().await, "bob was not disconnected");
    timeout(PATIENCE, stop).await.expect("the server stopped in time").expect("stop");
    let said = |p: &Player| String::from_utf8_lossy(&p.raw).into_owned();
    assert!(said(&alice).contains("The server is stopping"), "alice was not told");
    assert!(said(&alice).contains("not count as a loss"), "alice was not told her game is kept");
    assert!(said(&bob).contains("The server is stopping"), "bob was not told");
    assert!(!alice.screen.screen().alternate_screen(), "alice's terminal was not given back");
    let db = serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let games = db.games_of("alice").expect("alice's games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].outcome, serve::db::Outcome::EndedByServer);
    assert!(db.games_of("bob").expect("bob's games").is_empty());
    // Not a loss: the game is not counted in the standings.
    assert!(db.standings().expect("standings").iter().all(|s| s.player != "alice" || s.played == 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_every_finished_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    for round in 1..=2 {
        let running = server(options(dir.path())).await;
        let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
        play_a_game(&mut alice).await;
        alice.send(b"q").await;
        assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
        alice.send(b"q").await;
        assert!(alice.wait_for("Leave the server?").await, "{}", alice.contents());
        alice.send(b"y").await;
        assert!(alice.wait_closed().await);
        running.stop(Duration::from_secs(3)).await;
        let db = serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
        assert_eq!(db.games_of("alice").expect("games").len(), round, "after round {round}");
        let standings = db.standings().expect("standings");
        assert_eq!(
            standings.iter().filter(|s| s.player == "alice").map(|s| s.played).sum::<u32>(),
            round as u32
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_packets_end_only_their_own_connection() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let mut bob = Player::join(running.addr(), "bob", 100, 30).await;
    let garbage: Vec<u8> = (0..64 * 1024u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    for hello in [&b"SSH-2.0-hostile\r\n"[..], &[b'A'; 70_000][..], b"\x00\xff\r\n"] {
        let mut socket = tokio::net::TcpStream::connect(running.addr()).await.expect("connect");
        let _ = socket.write_all(hello).await;
        let _ = socket.write_all(&garbage).await;
        let mut buf = [0u8; 4096];
        let closed = timeout(PATIENCE, async {
            loop {
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
            }
        })
        .await;
        assert!(closed.is_ok(), "a connection sending garbage was kept");
    }
    // The server and its other player are untouched.
    bob.send(b"\x1b[B").await;
    assert!(bob.wait_until(|s| chosen(s).starts_with("Puzzles")).await, "{}", bob.contents());
    let carol = Player::join(running.addr(), "carol", 100, 30).await;
    assert!(carol.contents().contains("Start"));
    running.stop(Duration::from_secs(3)).await;
}
