//! The plain door (issue #37) through the real OpenSSH client: a student whose terminal is
//! `dumb` plays the AI in lines; `ssh -T` gets the same lines without a terminal; a bot
//! (`examples/plain_bot.py --ssh`, over `ssh -tt` with `TERM=dumb`) beats a full-screen student
//! and the game is kept as any other. Every wait is for a line, bounded by the driver's patience.

#![cfg(unix)]

use std::path::Path;
use std::time::{Duration, Instant};

use crate::serve::{LOBBY, Player, options, server};
use crate::serve_openssh::ssh_present;
use crate::support::pty::{PATIENCE, Pty};

/// What `ssh` needs to reach the test's server ([`crate::serve_openssh::ssh_options`]), never
/// asking for a password it would wait for.
fn ssh_options(port: u16) -> Vec<String> {
    let mut options = crate::serve_openssh::ssh_options(port);
    options.extend(["-o".to_string(), "BatchMode=yes".to_string()]);
    options
}

/// Nothing a screen reader would stumble on: no ESC (no escape sequence of any kind), no
/// box-drawing, block or braille character.
fn assert_plain(bytes: &[u8]) {
    assert!(!bytes.contains(&0x1b), "an ESC byte was sent:\n{}", String::from_utf8_lossy(bytes));
    let text = String::from_utf8_lossy(bytes);
    let drawn = text.chars().find(|c| matches!(c, '\u{2500}'..='\u{259F}' | '\u{2800}'..='\u{28FF}'));
    assert_eq!(drawn, None, "a drawing character was sent:\n{text}");
}

/// The lines the program wrote, read through its pseudo-terminal: whole lines (ended by `\r\n`)
/// after `seen`, the first that satisfies `ready` returned, `seen` moved past it.
fn next_line(pty: &mut Pty, seen: &mut usize, ready: impl Fn(&str) -> bool) -> Option<String> {
    let end = Instant::now() + PATIENCE;
    loop {
        while let Some(at) = pty.raw[*seen..].windows(2).position(|w| w == b"\r\n") {
            let line = String::from_utf8_lossy(&pty.raw[*seen..*seen + at]).into_owned();
            *seen += at + 2;
            if ready(&line) {
                return Some(line);
            }
        }
        if Instant::now() > end || pty.closed {
            return None;
        }
        pty.pump(Duration::from_millis(50));
    }
}

/// Nim's winning move from `line` (`Heaps: 3, 4, 5. Your move.`), or one token from the first
/// heap that has any: heap from 1, and how many.
pub fn nim_move(line: &str) -> (usize, u64) {
    let numbers = line.split_once(": ").map(|(_, rest)| rest).unwrap_or_default();
    let numbers = numbers.split('.').next().unwrap_or_default();
    let heaps: Vec<u64> = numbers.split(", ").filter_map(|n| n.trim().parse().ok()).collect();
    let sum = heaps.iter().fold(0, |x, h| x ^ h);
    heaps
        .iter()
        .enumerate()
        .find(|&(_, &h)| h ^ sum < h)
        .map(|(i, &h)| (i + 1, h - (h ^ sum)))
        .or_else(|| heaps.iter().position(|&h| h > 0).map(|i| (i + 1, 1)))
        .expect("a heap with tokens")
}

/// A student at a dumb terminal (`TERM=dumb ssh -tt`) plays the AI to the end in lines, typing
/// as a person does (a slip taken back with Backspace), and leaves; nothing sent to her terminal
/// is an escape sequence or a drawing; the game is kept.
#[test]
fn a_dumb_terminal_plays_the_ai_to_the_end_in_lines() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let mut args = vec!["-tt".to_string()];
    args.extend(ssh_options(running.addr().port()));
    args.push("alice@127.0.0.1".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::program("ssh", &args).env("TERM", "dumb").size(24, 80).spawn();
    let mut seen = 0;
    let hello = next_line(&mut pty, &mut seen, |l| l.contains("plain mode, protocol"));
    assert!(hello.is_some(), "no hello:\n{}", String::from_utf8_lossy(&pty.raw));
    let lobby = next_line(&mut pty, &mut seen, |l| l.starts_with("Lobby. Type"));
    assert!(lobby.is_some(), "no lobby:\n{}", String::from_utf8_lossy(&pty.raw));
    pty.send(b"ai\r");
    let menu = next_line(&mut pty, &mut seen, |l| l.starts_with("Type p to play"));
    assert!(menu.is_some(), "no start menu:\n{}", String::from_utf8_lossy(&pty.raw));
    pty.send(b"p\r");
    let mut result = None;
    let mut slipped = false;
    while result.is_none() {
        let line = next_line(&mut pty, &mut seen, |l| {
            l.ends_with("Your move.") || l.ends_with("You win.") || l.ends_with("You lose.")
        });
        let Some(line) = line else { panic!("the game stopped:\n{}", String::from_utf8_lossy(&pty.raw)) };
        if line.ends_with("Your move.") {
            let (heap, take) = nim_move(&line);
            if !slipped {
                // A slip, rubbed out: the line that reaches the game is the move alone.
                slipped = true;
                pty.send(b"9\x7f");
            }
            pty.send(format!("{heap} {take}\r").as_bytes());
            let said = next_line(&mut pty, &mut seen, |l| l.starts_with("You took"));
            assert!(said.is_some(), "the move was not made:\n{}", String::from_utf8_lossy(&pty.raw));
        } else {
            result = Some(line);
        }
    }
    assert!(pty.raw_contains(b"9\x08 \x08"), "Backspace was not echoed as a terminal does");
    assert!(pty.raw_contains(b"Game over."), "{}", String::from_utf8_lossy(&pty.raw));
    pty.send(b"q\r");
    assert!(next_line(&mut pty, &mut seen, |l| l.starts_with("Lobby. Type")).is_some());
    pty.send(b"quit\r");
    assert!(next_line(&mut pty, &mut seen, |l| l == "Goodbye.").is_some());
    let status = pty.wait_exit().expect("ssh did not exit");
    assert!(status.success(), "ssh exited with {status:?}");
    assert_plain(&pty.raw);
    runtime.block_on(running.stop(Duration::from_secs(3)));
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let games = db.games_of("alice").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].opponent, "ai");
}

/// `ssh -T` (no terminal at all, as a script runs it) gets the same lines, ended by `\n` alone and
/// not echoed; lines written all at once are read in turn (those sent during the AI's pause wait
/// for it); the end of input ends the session with exit status 0.
#[test]
fn ssh_without_a_terminal_gets_the_lines() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let out = std::process::Command::new("ssh")
        .arg("-T")
        .args(ssh_options(running.addr().port()))
        .arg("bob@127.0.0.1")
        .stdin(std::fs::File::open(write(dir.path(), "help\nai\np\nh\n1 2\nq\nwho\nquit\n")).expect("input"))
        .output()
        .expect("run ssh");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_plain(&out.stdout);
    assert!(!text.contains('\r'), "{text}");
    for expected in [
        "nim-tui plain mode, protocol 2. Type help for the commands.",
        "Lobby of the class server. You are bob.",
        "ai: a game against the AI (its start menu first).",
        "Heaps: 3, 4, 5. Your move.",
        "Hint: ",
        "You took 2 from heap 1.",
        "AI took ",
        "Goodbye.",
    ] {
        assert!(text.contains(expected), "{expected:?} is not in:\n{text}");
    }
    // Nothing typed is echoed: `help` appears only in the hello and the help's own lines.
    assert!(!text.lines().any(|l| l == "1 2" || l == "quit"), "{text}");
    runtime.block_on(running.stop(Duration::from_secs(3)));
}

fn write(dir: &Path, text: &str) -> std::path::PathBuf {
    let path = dir.join("typed.txt");
    std::fs::write(&path, text).expect("write the input");
    path
}

/// Two people in lines, one of them a bot: `examples/plain_bot.py --ssh` (`ssh -tt`, `TERM=dumb`)
/// challenges a student at the full screen, who accepts and plays the hint's moves; the bot, which
/// moves first from a winning position, wins, and the game is kept for both as any game between
/// players is.
#[test]
fn a_bot_over_ssh_beats_a_full_screen_student_and_it_is_kept() {
    ssh_present();
    if std::process::Command::new("python3").arg("--version").output().is_err() {
        println!("skipped: python3 is not installed, so examples/plain_bot.py cannot run");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let addr = running.addr();
    let mut alice = runtime.block_on(Player::arrive(addr, "alice", 100, 30));
    assert!(runtime.block_on(alice.wait_for(LOBBY)), "{}", alice.contents());
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/plain_bot.py");
    let said = dir.path().join("bot.txt");
    let mut bot = std::process::Command::new("python3")
        .arg(&bot)
        .args(["--challenge", "alice", "--ssh"])
        .args(ssh_options(addr.port()))
        .arg("botty@127.0.0.1")
        .stdin(std::process::Stdio::null())
        .stdout(std::fs::File::create(&said).expect("the bot's transcript"))
        .spawn()
        .expect("run the bot");
    // Alice accepts and plays the hint's move on each of her turns; what went wrong, if anything.
    let failed: Option<String> = runtime.block_on(async {
        if !alice.wait_for("botty challenges you").await {
            return Some("no challenge".to_string());
        }
        alice.send(b"y").await;
        let end = Instant::now() + PATIENCE;
        while Instant::now() < end {
            alice.wait_until(|s| s.contains("alice's turn") || s.contains("botty wins")).await;
            if alice.contents().contains("botty wins") {
                return None;
            }
            alice.send(b"h").await;
            if !alice.wait_for("Hint").await {
                return Some("no hint".to_string());
            }
            alice.send(b"\r").await;
            alice.wait_until(|s| !s.contains("Hint") || s.contains("botty wins")).await;
        }
        Some("the game did not end".to_string())
    });
    let end = Instant::now() + PATIENCE;
    let status = loop {
        match bot.try_wait().expect("the bot") {
            Some(status) => break Some(status),
            None if Instant::now() > end => break None,
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    if status.is_none() {
        let _ = bot.kill();
        let _ = bot.wait();
    }
    let said = std::fs::read_to_string(&said).unwrap_or_default();
    assert_eq!(failed, None, "alice's screen:\n{}\nthe bot:\n{said}", alice.contents());
    assert_eq!(status.and_then(|s| s.code()), Some(0), "the bot did not win:\n{said}");
    assert!(said.contains("< Heaps: 3, 4, 5. Your move."), "{said}");
    runtime.block_on(running.stop(Duration::from_secs(3)));
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let games = db.games_of("botty").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].opponent, "alice", "{games:?}");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::Won, "{games:?}");
}

/// A student at the full screen asks for lines with `l` in the lobby: the terminal is given back,
/// and from then on everything comes as lines with no escape sequence; she plays the AI from
/// there and leaves.
#[test]
fn l_in_the_lobby_turns_the_full_screen_into_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    runtime.block_on(async {
        let mut erin = Player::arrive(running.addr(), "erin", 100, 30).await;
        assert!(erin.wait_for(LOBBY).await, "{}", erin.contents());
        assert!(erin.contents().contains("l lines for screen readers"), "{}", erin.contents());
        erin.send(b"l").await;
        let has = |erin: &Player, text: &str| String::from_utf8_lossy(&erin.raw).contains(text);
        let end = Instant::now() + PATIENCE;
        while !has(&erin, "Lobby. Type ai")
            && Instant::now() < end
            && erin.pump(Duration::from_millis(50)).await
        {}
        let raw = String::from_utf8_lossy(&erin.raw).into_owned();
        let at = raw.find("nim-tui plain mode, protocol 2.").unwrap_or_else(|| panic!("no lines:\n{raw}"));
        assert!(!erin.screen.screen().alternate_screen(), "the full screen was not left");
        erin.send(b"ai\r").await;
        while !has(&erin, "Type p to play")
            && Instant::now() < end
            && erin.pump(Duration::from_millis(50)).await
        {}
        // q leaves the start menu for the lobby, and quit there leaves the server.
        erin.send(b"q\r").await;
        let lobbies = |erin: &Player| String::from_utf8_lossy(&erin.raw).matches("Lobby. Type ai").count();
        while lobbies(&erin) < 2 && Instant::now() < end && erin.pump(Duration::from_millis(50)).await {}
        erin.send(b"quit\r").await;
        assert!(erin.wait_closed().await, "quit did not end the connection");
        let raw = &erin.raw[at..];
        assert_plain(raw);
        let said = String::from_utf8_lossy(raw);
        assert!(said.contains("Start menu.\r\n") && said.contains("Goodbye.\r\n"), "{said}");
    });
    runtime.block_on(running.stop(Duration::from_secs(3)));
}

/// The start menu in lines takes its settings as typed lines: `game NAME`, `misere` (refused, and
/// said so, for a game without it), `heaps 2 5 7` (checked when the game starts, a refusal said);
/// the game then starts as chosen.
#[test]
fn the_menu_takes_the_game_the_heaps_and_the_convention_as_typed() {
    ssh_present();
    let dir = tempfile::tempdir().expect("temp dir");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let running = runtime.block_on(server(options(dir.path())));
    let typed =
        "ai\ngame chess\ngame dawson\nmisere\ngame nim\nmisere\nheaps 2 x 7\np\nheaps 2 5 7\np\nq\nquit\n";
    let out = std::process::Command::new("ssh")
        .arg("-T")
        .args(ssh_options(running.addr().port()))
        .arg("gwen@127.0.0.1")
        .stdin(std::fs::File::open(write(dir.path(), typed)).expect("input"))
        .output()
        .expect("run ssh");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{text}");
    let mut at = 0;
    // In this order: each setting's answer, then the game as set.
    for expected in [
        "There is no game called chess. The games: nim, ",
        "Chosen: Dawson's Kayles, normal play.",
        "Dawson's Kayles has no misère form: it is played in normal play.",
        "Chosen: Nim, misère.",
        "Heaps chosen: 2 x 7.",
        "'2 x 7' is neither heaps nor a preset",
        "Heaps chosen: 2 5 7.",
        "Nim: Whoever takes the last token loses.",
        "Heaps: 2, 5, 7. Your move.",
    ] {
        let found =
            text[at..].find(expected).unwrap_or_else(|| panic!("{expected:?} is not next in:\n{text}"));
        at += found + expected.len();
    }
    runtime.block_on(running.stop(Duration::from_secs(3)));
}
