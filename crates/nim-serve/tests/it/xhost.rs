//! Students on different hosts meet (#40): two `nim-tui-serve` hosts on 127.0.0.2 and 127.0.0.3
//! share one PostgreSQL database and nothing else. ann (real OpenSSH) is on host A, bob on
//! host B: each sees the other in the lobby, marked with their host; ann challenges bob, bob
//! accepts, and they play a game to its end with real keys, each move shown on both screens
//! (waited for as the turn each screen says, never for a time); the result is kept once. A
//! teacher connected to host A with a key sees both students on the console, bob's on host B,
//! and their game's position; carol, on host B, watches ann's game.
//! Skipped, saying so, without PostgreSQL, unless NIM_TUI_REQUIRE_POSTGRES=1 (as `.ci/run`
//! sets), when that fails.

#![cfg(unix)]

use std::path::Path;

use crate::haproxy::{Started, wait_until};
use crate::serve::LOBBY;
use crate::serve_openssh::{ssh_options, ssh_present};
use crate::support::marked_item;
use crate::support::pty::Pty;

const HOST_A: &str = "127.0.0.2";
const HOST_B: &str = "127.0.0.3";
/// HAProxy's address, as the hosts see it.
const BALANCER: &str = "127.0.0.4";

/// A host: `nim-tui-serve` on `listen`, the database at `db`, `--host-id name`, and `extra`
/// flags; it and its port.
fn start_host(home: &Path, name: &str, listen: &str, db: &str, extra: &[&str]) -> (Started, u16) {
    let own = home.join(name);
    std::fs::create_dir_all(&own).expect("the host's home");
    let listen = format!("{listen}:0");
    let mut args = vec!["--listen", &listen, "--db", db, "--host-id", name, "--lease-seconds", "3"];
    args.extend_from_slice(extra);
    let (child, addr, _) = crate::serve_cli::start_with_env(&own, &args, &[("NIM_TUI_LOG", "info")]);
    (Started(child), addr.port())
}

/// `user` joins host `host` (at `port`) with the real `ssh` (offering the key in file `key`,
/// when given), and is in the lobby (or the console, for a teacher: `shows`).
fn join(host: &str, port: u16, user: &str, key: Option<&Path>, shows: &str) -> Pty {
    let mut args = vec!["-tt".to_string()];
    for option in ssh_options(port) {
        // ssh takes an option's first value: the key's replace the options' "no key".
        args.push(match (option.as_str(), key) {
            ("PubkeyAuthentication=no", Some(_)) => "PubkeyAuthentication=yes".into(),
            _ => option,
        });
    }
    if let Some(key) = key {
        args.extend(["-o".to_string(), format!("IdentityFile={}", key.display())]);
    }
    args.push(format!("{user}@{host}"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::program("ssh", &args).size(36, 120).spawn();
    assert!(pty.wait_for(shows), "{user} is not in on {host}:\n{}", pty.contents());
    pty
}

/// The teacher's console says ann and bob play each other.
fn sees_them_play(miss: &mut Pty) {
    assert!(
        miss.wait_until(
            |s| line_of(s, "ann").contains("playing bob") && line_of(s, "bob").contains("playing ann")
        ),
        "the teacher does not see them play:\n{}",
        miss.contents()
    );
}

/// The row of the lobby's (or the console's) list that is `name`'s.
fn line_of<'a>(screen: &'a str, name: &str) -> &'a str {
    let first = format!("{name} ");
    screen.lines().find(|l| l.trim_start_matches(['│', ' ', '▶', '►']).starts_with(&first)).unwrap_or("")
}

/// Moves the lobby's cursor down to `name`'s line.
fn choose(pty: &mut Pty, name: &str) {
    for _ in 0..10 {
        if line_of(&pty.contents(), name).contains(['▶', '►']) {
            return;
        }
        // Down a line: the mark moves to another person (to `name`, or on its way there). Their
        // line changing as the class goes on is not the key's effect.
        let before = marked_item(&pty.contents());
        pty.send(b"\x1b[B");
        let _ = pty.wait_until(|s| marked_item(s) != before);
    }
    panic!("could not choose {name}:\n{}", pty.contents());
}

/// The two hosts' logs (under `home`), for a failure's message.
fn logs(home: &Path) -> String {
    ["a", "b"]
        .map(|h| std::fs::read_to_string(home.join(h).join("state/nim-tui/nim-tui.log")).unwrap_or_default())
        .join("\n")
}

/// Everyone in `people` hangs up; then each of `hosts` stops on SIGTERM, exiting 0.
fn end<const N: usize>(people: &mut [&mut Pty], hosts: [Started; N]) {
    for p in people.iter_mut() {
        p.hang_up();
    }
    for mut host in hosts {
        // SAFETY: kill(2) on a server this test started.
        unsafe { libc::kill(host.0.id() as i32, libc::SIGTERM) };
        assert_eq!(crate::serve_cli::wait_exit(&mut host.0).code(), Some(0));
    }
}

/// The end of a game on a player's screen.
fn over(screen: &str) -> bool {
    screen.contains("wins") && !screen.contains("'s turn")
}

/// ann (in the lobby) challenges bob, who accepts: both are at the game.
fn challenge(ann: &mut Pty, bob: &mut Pty) {
    choose(ann, "bob");
    ann.send(b"c");
    assert!(bob.wait_for("ann challenges you"), "{}", bob.contents());
    bob.send(b"y");
    let turn = |s: &str| s.contains("ann's turn") || s.contains("bob's turn");
    assert!(ann.wait_until(turn), "ann is not at the game:\n{}", ann.contents());
    assert!(bob.wait_until(turn), "bob is not at the game:\n{}", bob.contents());
}

/// ann and bob play to the end, each the hint's move on their turn; after each move both
/// screens show the same next turn (the move crossed), or the end. The moves made.
fn play_to_the_end(ann: &mut Pty, bob: &mut Pty, home: &Path) -> usize {
    let mut moves = 0;
    // From a move's key to the other player's screen (on the other host) showing it: said, not
    // judged (a debug build, through ssh and pseudo-terminals, on a shared machine).
    let mut crossed = Vec::new();
    while !over(&ann.contents()) {
        assert!(moves < 60, "the game did not end:\n{}\n{}", ann.contents(), bob.contents());
        let (mover, other, next) = if ann.contents().contains("ann's turn") {
            (&mut *ann, &mut *bob, "bob's turn")
        } else {
            (&mut *bob, &mut *ann, "ann's turn")
        };
        mover.send(b"h");
        assert!(mover.wait_for("Hint"), "no hint:\n{}", mover.contents());
        mover.send(b"\r");
        let sent = std::time::Instant::now();
        let moved = |s: &str| s.contains(next) || over(s);
        let logs = || {
            ["a", "b"]
                .map(|h| {
                    std::fs::read_to_string(home.join(h).join("state/nim-tui/nim-tui.log"))
                        .unwrap_or_default()
                })
                .join("\n")
        };
        for (pty, whose) in [(&mut *other, "the other player's"), (&mut *mover, "the mover's")] {
            assert!(
                pty.wait_until(moved),
                "{whose} screen did not show the move:\n{}\n{}",
                pty.contents(),
                logs()
            );
            if crossed.len() == moves {
                crossed.push(sent.elapsed());
            }
        }
        moves += 1;
    }
    assert!(bob.wait_until(over), "bob's screen did not show the end:\n{}", bob.contents());
    crossed.sort();
    if let (Some(median), Some(most)) = (crossed.get(crossed.len() / 2), crossed.last()) {
        eprintln!(
            "a move to the other host's screen: median {median:?}, at most {most:?}, over {moves} moves"
        );
    }
    moves
}

/// The game between ann and bob is in the database once, with its `moves` moves, won by
/// `winner`, and nothing is left in progress.
fn kept_once(pg: &crate::support::pg::PgDatabase, moves: usize, winner: &str) {
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let read = || {
        sql("SELECT count(*) || '/' || coalesce(sum(moves), 0) FROM results WHERE opponent IN ('ann', 'bob')")
    };
    let (kept, state) = wait_until(read, |s| s == format!("2/{}", 2 * moves));
    assert!(kept, "the game is not kept once with its {moves} moves: {state}");
    assert_eq!(sql("SELECT count(*) FROM games"), "1");
    assert_eq!(sql("SELECT count(*) FROM moves"), moves.to_string());
    assert_eq!(sql("SELECT player FROM results WHERE outcome = 'won'"), winner);
    assert_eq!(sql("SELECT count(*) FROM live_games"), "0");
}

#[test]
fn students_on_two_hosts_see_challenge_and_play_each_other_and_a_teacher_sees_both() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    // The teacher's key, given to host A.
    let (teacher_file, keys) = teacher_key(home.path());
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &["--teacher-keys", &keys]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &[]);

    let mut ann = join(HOST_A, a_port, "ann", None, LOBBY);
    let mut bob = join(HOST_B, b_port, "bob", None, LOBBY);
    let mut carol = join(HOST_B, b_port, "carol", None, LOBBY);
    // Each sees the other, on the other's host.
    assert!(
        ann.wait_until(|s| line_of(s, "bob").contains("in the lobby (on b)")),
        "ann does not see bob on host b:\n{}",
        ann.contents()
    );
    assert!(
        bob.wait_until(|s| line_of(s, "ann").contains("in the lobby (on a)")),
        "bob does not see ann on host a:\n{}",
        bob.contents()
    );
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let read = || sql("SELECT string_agg(host || ':' || name, ',' ORDER BY host, name) FROM presence");
    let (written, state) = wait_until(read, |s| s == "a:ann,b:bob,b:carol");
    assert!(written, "the hosts' people are not in the database: {state}");

    // The teacher, on host A, sees both students.
    let mut miss = join(HOST_A, a_port, "miss", Some(&teacher_file), "Doing");
    assert!(
        miss.wait_until(|s| line_of(s, "ann").contains("in the lobby")
            && !line_of(s, "ann").contains("· a")
            && line_of(s, "bob").contains("bob · b")
            && line_of(s, "bob").contains("in the lobby")),
        "the teacher does not see both students:\n{}",
        miss.contents()
    );

    // ann challenges bob across the hosts; bob accepts.
    challenge(&mut ann, &mut bob);
    sees_them_play(&mut miss);
    // Both at the same position on the console, bob's game followed from its table on host A.
    let position = |s: &str, name: &str, with: &str| {
        line_of(s, name).split(&format!("playing {with}")).nth(1).map(|rest| rest.trim().to_string())
    };
    assert!(
        miss.wait_until(|s| position(s, "bob", "ann").is_some_and(|p| p.contains("(0)"))
            && position(s, "ann", "bob") == position(s, "bob", "ann")),
        "the teacher does not see bob's position:\n{}",
        miss.contents()
    );
    // carol, on host B, watches ann, who is on host A.
    choose(&mut carol, "ann");
    carol.send(b"w");
    assert!(carol.wait_for("You are watching ann and bob"), "{}", carol.contents());

    let moves = play_to_the_end(&mut ann, &mut bob, home.path());
    assert!(carol.wait_until(over), "carol's screen did not show the end:\n{}", carol.contents());
    let winner = if ann.contents().contains("ann wins") { "ann" } else { "bob" };
    assert!(bob.contents().contains(&format!("{winner} wins")), "the screens disagree:\n{}", bob.contents());
    kept_once(&pg, moves, winner);
    // Back in the lobby, they see each other there again.
    ann.send(b"q");
    assert!(ann.wait_for(LOBBY), "{}", ann.contents());
    bob.send(b"q");
    assert!(bob.wait_for(LOBBY), "{}", bob.contents());
    assert!(ann.wait_until(|s| line_of(s, "bob").contains("in the lobby (on b)")), "{}", ann.contents());

    // The teacher, on host A, sends carol, on host B, off the server: carol is told and her
    // connection ends; she leaves the lists of both hosts.
    assert!(carol.wait_until(|s| s.contains(LOBBY)), "{}", carol.contents());
    choose(&mut miss, "carol");
    miss.send(b"k");
    assert!(miss.wait_for("Send carol off the server?"), "{}", miss.contents());
    miss.send(b"y");
    assert!(miss.wait_for("carol was sent off the server"), "{}", miss.contents());
    assert!(carol.wait_for("The teacher sent you off the server"), "{}", carol.contents());
    assert!(bob.wait_until(|s| line_of(s, "carol").is_empty()), "carol is still listed:\n{}", bob.contents());
    assert!(
        // (The console's note says her name; its list, where she was `carol · b`, no longer does.)
        miss.wait_until(|s| !s.contains("carol · b")),
        "carol is still listed:\n{}",
        miss.contents()
    );

    end(&mut [&mut ann, &mut bob, &mut carol, &mut miss], [a, b]);
    // The hosts' people go with them.
    assert_eq!(sql("SELECT count(*) FROM presence"), "0");
}

/// A game played wholly on host A, followed on host B: ann and bob play on A; carol, on B,
/// watches ann (asked of host A, which sends the game's start and then each move), and sees each
/// move and the end as ann and bob do; a teacher on B sees their position on the console as
/// the game goes, from the same followed game. When ann and bob leave the table, carol is back
/// in B's lobby, told the game she watched has ended. Nothing is kept twice.
#[test]
fn a_game_played_wholly_on_one_host_is_watched_and_followed_from_another() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (teacher_file, keys) = teacher_key(home.path());
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &[]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &["--teacher-keys", &keys]);
    let mut ann = join(HOST_A, a_port, "ann", None, LOBBY);
    let mut bob = join(HOST_A, a_port, "bob", None, LOBBY);
    let mut carol = join(HOST_B, b_port, "carol", None, LOBBY);
    let mut miss = join(HOST_B, b_port, "miss", Some(&teacher_file), "Doing");
    assert!(ann.wait_until(|s| line_of(s, "bob").contains("in the lobby")), "{}", ann.contents());
    challenge(&mut ann, &mut bob);
    assert!(
        carol.wait_until(|s| line_of(s, "ann").contains("playing bob (on a)")),
        "carol does not see ann play:\n{}",
        carol.contents()
    );
    // The teacher on B sees the game's position, followed from host A.
    sees_them_play(&mut miss);
    let position = |s: &str, name: &str, with: &str| {
        line_of(s, name).split(&format!("playing {with}")).nth(1).map(|rest| rest.trim().to_string())
    };
    assert!(
        miss.wait_until(|s| position(s, "ann", "bob").is_some_and(|p| p.contains("(0)"))
            && position(s, "bob", "ann") == position(s, "ann", "bob")),
        "the teacher does not see the position of a game on the other host:\n{}\n{}",
        miss.contents(),
        logs(home.path())
    );
    choose(&mut carol, "ann");
    carol.send(b"w");
    assert!(carol.wait_for("You are watching ann and bob"), "{}", carol.contents());

    let moves = play_to_the_end(&mut ann, &mut bob, home.path());
    assert!(moves > 0);
    assert!(carol.wait_until(over), "carol's screen did not show the end:\n{}", carol.contents());
    let winner = if ann.contents().contains("ann wins") { "ann" } else { "bob" };
    assert!(
        carol.contents().contains(&format!("{winner} wins")),
        "carol's screen disagrees:\n{}",
        carol.contents()
    );
    // The console: the game's result on the winner's line.
    let loser = if winner == "ann" { "bob" } else { "ann" };
    assert!(
        miss.wait_until(|s| line_of(s, winner).contains(&format!("beat {loser}"))),
        "the teacher's console did not follow the game to its end:\n{}",
        miss.contents()
    );
    kept_once(&pg, moves, winner);
    // They leave; carol is back in the lobby, told.
    ann.send(b"q");
    assert!(ann.wait_for(LOBBY), "{}", ann.contents());
    assert!(carol.wait_for("The game you watched (ann and bob) has ended"), "{}", carol.contents());
    assert!(carol.wait_for(LOBBY), "{}", carol.contents());
    kept_once(&pg, moves, winner);

    end(&mut [&mut ann, &mut bob, &mut carol, &mut miss], [a, b]);
}

/// The AI's last move as a screen tells it (`AI took 2 from heap 3`), if it shows one.
fn ai_moved(screen: &str) -> Option<String> {
    let line = screen.lines().find(|l| l.contains("AI took"))?;
    let told = &line[line.find("AI took")?..];
    let heap = told.find("heap ")? + "heap ".len();
    let digits = told[heap..].chars().take_while(char::is_ascii_digit).count();
    Some(told[..heap + digits].to_string())
}

/// `user` joins host `host` (at `port`) with `ssh -T`, no terminal: the plain door's lines.
fn join_plain(host: &str, port: u16, user: &str) -> Pty {
    let mut args = vec!["-T".to_string()];
    args.extend(ssh_options(port));
    args.push(format!("{user}@{host}"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::program("ssh", &args).size(36, 120).spawn();
    assert!(pty.wait_for("Lobby of the class server"), "{user} is not in on {host}:\n{}", pty.contents());
    pty
}

/// The end of a game against the AI, as its player (and whoever watches) reads it.
fn ended(screen: &str) -> bool {
    screen.contains("You win!") || screen.contains("You lose")
}

/// A student at a game against the AI makes the hint's move and the AI answers (or the game
/// ends): the screen then.
fn move_and_the_ai_answers(student: &mut Pty) -> String {
    assert!(student.wait_until(|s| s.contains("Your turn") || ended(s)), "{}", student.contents());
    if ended(&student.contents()) {
        return student.contents();
    }
    student.send(b"h");
    assert!(student.wait_for("Hint"), "no hint:\n{}", student.contents());
    student.send(b"\r");
    // The hint goes with the move; then the AI thinks, moves, and it is the student's turn again.
    let answered =
        |s: &str| !s.contains("Hint") && (ended(s) || s.contains("Your turn") && ai_moved(s).is_some());
    assert!(student.wait_until(answered), "the AI did not answer:\n{}", student.contents());
    student.contents()
}

/// ann, at her game against the AI on host A, makes the hint's move and the AI answers; those
/// watching from host B (`watchers`) see the AI's move as ann does, or the same end. Whether the
/// game ended.
fn ann_and_the_ai_move(ann: &mut Pty, watchers: &mut [&mut Pty], home: &Path) -> bool {
    let screen = move_and_the_ai_answers(ann);
    let (told, over) = match ended(&screen) {
        // A watcher reads the winner by name (`ann wins!` on the full screen, `ann wins.` in
        // lines), where ann reads `You win!`.
        true => (if screen.contains("You win!") { "ann wins" } else { "AI wins" }.to_string(), true),
        false => (ai_moved(&screen).expect("the AI's move"), false),
    };
    for watcher in watchers.iter_mut() {
        assert!(
            watcher.wait_until(|s| s.contains(&told)),
            "a watcher does not see {told:?}:\n{}\n{}",
            watcher.contents(),
            logs(home)
        );
    }
    over
}

/// A game against the AI played on host A, watched and followed from host B (#40). Host A's AI
/// plays at `hard` (B's own setting is `perfect`). ann is on A's start screen: carol, on B, is
/// told there is nothing to watch yet, but the teacher's host B already follows ann's table, and
/// the console shows the game's position as soon as it begins. carol then watches ann against
/// the AI (`AI: hard`) and sees each of the AI's moves as ann does, to the end; the console
/// follows the moves and grades ann's (the hint's: kept). ann's next game at the same table
/// replaces the one carol watches; when ann resigns it, carol is back in B's lobby, told; she
/// watches the game after it, and is told again when ann leaves the table. At a game at a new
/// table the teacher gives ann's position to everyone (`g`) from host B. dan, on B, watches in
/// lines (`ssh -T`). ann's won game is kept once, by host A.
#[test]
fn a_game_against_the_ai_on_one_host_is_watched_and_followed_from_another() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (teacher_file, keys) = teacher_key(home.path());
    let config = home.path().join("a.toml");
    std::fs::write(&config, "level = \"hard\"\n").expect("write host A's config");
    let config = config.display().to_string();
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &["--config", &config]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &["--teacher-keys", &keys]);
    let mut ann = join(HOST_A, a_port, "ann", None, LOBBY);
    let mut carol = join(HOST_B, b_port, "carol", None, LOBBY);
    let mut miss = join(HOST_B, b_port, "miss", Some(&teacher_file), "Doing");
    // dan, on B too, reads lines (`ssh -T`).
    let mut dan = join_plain(HOST_B, b_port, "dan");

    // ann on her start screen: nothing to watch yet.
    ann.send(b"\r");
    assert!(ann.wait_for("Start"), "no start screen:\n{}", ann.contents());
    assert!(
        carol.wait_until(|s| line_of(s, "ann").contains("playing the AI (on a)")),
        "carol does not see ann play the AI:\n{}",
        carol.contents()
    );
    assert!(
        miss.wait_until(|s| line_of(s, "ann").contains("playing the AI")),
        "the teacher does not see ann play the AI:\n{}",
        miss.contents()
    );
    choose(&mut carol, "ann");
    carol.send(b"w");
    assert!(carol.wait_for("ann is not playing: nothing to watch"), "{}", carol.contents());

    // The game begins: the console shows its position (followed since the start screen).
    ann.send(b"\r");
    assert!(ann.wait_for("Your turn"), "the game did not start:\n{}", ann.contents());
    assert!(ann.contents().contains("AI: hard"), "{}", ann.contents());
    assert!(
        miss.wait_until(|s| line_of(s, "ann").contains("3 4 5  (0)")),
        "the teacher does not see the position of ann's game on the other host:\n{}\n{}",
        miss.contents(),
        logs(home.path())
    );
    carol.send(b"w");
    assert!(carol.wait_for("You are watching ann against the AI"), "{}", carol.contents());
    assert!(carol.wait_for("AI: hard"), "the AI's level is not shown:\n{}", carol.contents());
    dan.send(b"watch ann\n");
    assert!(dan.wait_for("You are watching ann against the AI"), "{}", dan.contents());

    // To the end: each of the AI's moves reaches carol; the console follows and grades ann's.
    let mut moves = 0;
    loop {
        assert!(moves < 40, "the game did not end:\n{}", ann.contents());
        if ann_and_the_ai_move(&mut ann, &mut [&mut carol, &mut dan], home.path()) {
            break;
        }
        moves += 2;
        assert!(
            miss.wait_until(
                |s| line_of(s, "ann").contains(&format!("({moves})")) && line_of(s, "ann").contains("100%")
            ),
            "the console does not follow ann's game ({moves} moves, the hint's kept):\n{}",
            miss.contents()
        );
    }
    assert!(ann.contents().contains("You win!"), "the hint's moves lost:\n{}", ann.contents());
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let won = || sql("SELECT count(*) FROM results WHERE player = 'ann' AND outcome = 'won'");
    let (kept, state) = wait_until(won, |s| s == "1");
    assert!(kept, "ann's game is not kept: {state}");

    // The next game at the same table: carol watches it in place of the last.
    ann.send(b"\r");
    assert!(ann.wait_until(|s| s.contains("Your turn") && !ended(s)), "{}", ann.contents());
    assert!(
        carol.wait_until(|s| !ended(s) && s.contains("You are watching ann against the AI")),
        "carol does not see ann's next game:\n{}\n{}",
        carol.contents(),
        logs(home.path())
    );
    // (The console shows each game from its start: what it shows next is this game's.)
    assert!(miss.wait_until(|s| line_of(s, "ann").contains("3 4 5  (0)")), "{}", miss.contents());
    assert!(!ann_and_the_ai_move(&mut ann, &mut [&mut carol], home.path()));
    assert!(miss.wait_until(|s| line_of(s, "ann").contains("  (2)")), "{}", miss.contents());
    // ann resigns it (its moves do not say so): carol is told it ended, and is back in the lobby.
    ann.send(b"R");
    assert!(ann.wait_for("Resign this game?"), "{}", ann.contents());
    ann.send(b"y");
    assert!(ann.wait_until(ended), "{}", ann.contents());
    assert!(carol.wait_for("The game you watched (ann against the AI) has ended"), "{}", carol.contents());
    assert!(carol.wait_for(LOBBY), "{}", carol.contents());
    assert!(miss.wait_until(|s| !line_of(s, "ann").contains("  (")), "{}", miss.contents());
    // Her next game at that table is followed again; carol watches it.
    ann.send(b"\r");
    assert!(ann.wait_until(|s| s.contains("Your turn") && !ended(s)), "{}", ann.contents());
    assert!(miss.wait_until(|s| line_of(s, "ann").contains("3 4 5  (0)")), "{}", miss.contents());
    choose(&mut carol, "ann");
    carol.send(b"w");
    assert!(carol.wait_for("You are watching ann against the AI"), "{}", carol.contents());
    // ann leaves the table: carol is told, and back in the lobby.
    ann.send(b"q");
    assert!(ann.wait_for(LOBBY), "{}", ann.contents());
    assert!(carol.wait_for("The game you watched (ann against the AI) has ended"), "{}", carol.contents());
    assert!(carol.wait_for(LOBBY), "{}", carol.contents());
    // Nor does the console show a position of ann's any more (the position cell: `1 4 4  (2)`).
    assert!(miss.wait_until(|s| !line_of(s, "ann").contains("  (")), "{}", miss.contents());

    // A third game: the teacher on B gives its position to everyone.
    ann.send(b"\r");
    assert!(ann.wait_for("Start"), "no start screen:\n{}", ann.contents());
    ann.send(b"\r");
    assert!(!ended(&move_and_the_ai_answers(&mut ann)), "{}", ann.contents());
    let position = |s: &str| {
        line_of(s, "ann").split("playing the AI").nth(1).and_then(|rest| {
            rest.split("  (2)").next().map(|p| p.trim().to_string()).filter(|_| rest.contains("  (2)"))
        })
    };
    assert!(miss.wait_until(|s| position(s).is_some()), "{}\n{}", miss.contents(), logs(home.path()));
    let given = position(&miss.contents()).expect("ann's position");
    choose(&mut miss, "ann");
    miss.send(b"g");
    assert!(
        miss.wait_for(&format!("Position {given} given to")),
        "the teacher did not give ann's position ({given}):\n{}\n{}",
        miss.contents(),
        logs(home.path())
    );
    assert!(ann.wait_for("A position from miss"), "{}", ann.contents());
    assert_eq!(sql("SELECT count(*) FROM results WHERE player = 'ann' AND outcome = 'won'"), "1");

    end(&mut [&mut ann, &mut carol, &mut dan, &mut miss], [a, b]);
}

/// A student's game of an activity, from the position given to the end: the hint's move each
/// turn (the AI answers), waited for as the screen changing.
fn play_given(student: &mut Pty) {
    for _ in 0..100 {
        let ends = |s: &str| s.contains("Your turn") || s.contains("You win!") || s.contains("You lose");
        assert!(student.wait_until(ends), "{}", student.contents());
        let screen = student.contents();
        if screen.contains("You win!") || screen.contains("You lose") {
            return;
        }
        student.send(b"h");
        assert!(student.wait_for("Hint"), "{}", student.contents());
        let before = student.contents();
        student.send(b"\r");
        assert!(student.wait_until(|s| s != before), "{}", student.contents());
    }
    panic!("the game did not end:\n{}", student.contents());
}

/// An activity crosses hosts: a teacher on host A gives a position to everyone; ann (on A), bob
/// and cy (on B) all get it, the teacher told it went to one student here and one other host;
/// the race waits for all three; pausing reaches bob's game on B and going on frees it; ann and
/// bob play it to the end and the teacher's console shows both answers, bob's told by host B;
/// both games are kept with the activity's id. Ending it reaches cy's game on B, which is kept
/// as ended by the server (the activity's end, as on one host).
#[test]
fn an_activity_given_on_one_host_reaches_the_students_of_another_and_their_answers_come_back() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (teacher_file, keys) = teacher_key(home.path());
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &["--teacher-keys", &keys]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &[]);
    let mut ann = join(HOST_A, a_port, "ann", None, LOBBY);
    let mut bob = join(HOST_B, b_port, "bob", None, LOBBY);
    let mut cy = join(HOST_B, b_port, "cy", None, LOBBY);
    let mut miss = join(HOST_A, a_port, "miss", Some(&teacher_file), "Doing");
    assert!(
        miss.wait_until(|s| line_of(s, "bob").contains("bob · b")
            && line_of(s, "cy").contains("cy · b")
            && line_of(s, "ann").contains("in the lobby")),
        "{}",
        miss.contents()
    );
    miss.send(b"a");
    assert!(miss.wait_for("Start"), "{}", miss.contents());
    miss.send(b"\r");
    assert!(
        miss.wait_for("given to 1 student here, and sent to 1 other host for its students"),
        "{}",
        miss.contents()
    );
    for p in [&mut ann, &mut bob, &mut cy] {
        assert!(p.wait_for("A position from miss"), "{}", p.contents());
    }
    // The race waits for all three, bob's and cy's names come back from host B.
    assert!(miss.wait_for("3 students are playing it"), "{}\n{}", miss.contents(), logs(home.path()));
    // Paused from A: bob, on B, is told; going on frees him.
    miss.send(b" ");
    assert!(miss.wait_for("The activity is paused"), "{}", miss.contents());
    assert!(bob.wait_for("Paused by the teacher"), "{}", bob.contents());
    miss.send(b" ");
    assert!(miss.wait_for("The activity goes on"), "{}", miss.contents());
    assert!(bob.wait_until(|s| !s.contains("Paused by the teacher")), "{}", bob.contents());
    play_given(&mut ann);
    play_given(&mut bob);
    let answered =
        |s: &str, name: &str| s.contains(&format!("{name} won in")) || s.contains(&format!("{name} lost"));
    assert!(
        miss.wait_until(|s| answered(s, "ann") && answered(s, "bob")),
        "the console does not show both answers:\n{}",
        miss.contents()
    );
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let read = || {
        sql(
            "SELECT count(*) || '/' || coalesce(min(activity), 0) || '/' || coalesce(max(activity), 0) FROM games",
        )
    };
    let (kept, state) = wait_until(read, |s| s == "2/1/1");
    assert!(kept, "both games are not kept with the activity: {state}");
    // Ended from A: cy, in the middle of the game on B (one move made, so a game), is told and
    // back in the lobby; the game is kept as ended by the server.
    let took = |s: &str| s.lines().filter(|l| l.contains("took")).count();
    assert!(cy.wait_for("Your turn"), "{}", cy.contents());
    let before = took(&cy.contents());
    cy.send(b"\r");
    assert!(cy.wait_until(|s| took(s) > before), "cy's move was not made:\n{}", cy.contents());
    miss.send(b"e");
    assert!(miss.wait_for("The activity has ended"), "{}", miss.contents());
    assert!(cy.wait_for("The activity has ended"), "{}", cy.contents());
    assert!(cy.wait_for(LOBBY), "{}", cy.contents());
    let read = || sql("SELECT coalesce(string_agg(outcome, ','), '') FROM results WHERE player = 'cy'");
    let (kept, state) = wait_until(read, |s| !s.is_empty());
    assert!(kept && state == "ended_by_server", "cy's game is not kept as ended by the server: {state}");

    end(&mut [&mut ann, &mut bob, &mut cy, &mut miss], [a, b]);
}

/// A host dies in an activity: a teacher on host A gives a position; bob, on host B, makes a
/// move in it; host B is killed with SIGKILL. Once its lease runs out, bob's game is kept as ended
/// by the server (never a loss); bob connects again, to host A, and finds the activity: it is
/// given to him again, he plays it to the end, and the teacher's race has his answer.
#[test]
fn a_student_whose_host_died_in_an_activity_finds_it_on_another_host() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (teacher_file, keys) = teacher_key(home.path());
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &["--teacher-keys", &keys]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &[]);
    let mut bob = join(HOST_B, b_port, "bob", None, LOBBY);
    let mut miss = join(HOST_A, a_port, "miss", Some(&teacher_file), "Doing");
    assert!(miss.wait_until(|s| line_of(s, "bob").contains("bob · b")), "{}", miss.contents());
    miss.send(b"a");
    assert!(miss.wait_for("Start"), "{}", miss.contents());
    miss.send(b"\r");
    assert!(bob.wait_for("A position from miss"), "{}", bob.contents());
    assert!(miss.wait_for("1 student is playing it"), "{}", miss.contents());
    let took = |s: &str| s.lines().filter(|l| l.contains("took")).count();
    assert!(bob.wait_for("Your turn"), "{}", bob.contents());
    let before = took(&bob.contents());
    bob.send(b"\r");
    assert!(bob.wait_until(|s| took(s) > before), "bob's move was not made:\n{}", bob.contents());
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let (kept, state) =
        wait_until(|| sql("SELECT coalesce(string_agg(host, ','), '') FROM live_games"), |s| s == "b");
    assert!(kept, "bob's game in progress is not kept by host b: {state}");

    // Host B dies; once its lease runs out, host A ends bob's game as ended by the server.
    let mut b = b;
    // SAFETY: kill(2) on a server this test started.
    unsafe { libc::kill(b.0.id() as i32, libc::SIGKILL) };
    let _ = b.0.wait();
    bob.hang_up();
    assert!(miss.wait_until(|s| line_of(s, "bob").is_empty()), "bob is still listed:\n{}", miss.contents());
    let read = || {
        sql(
            "SELECT coalesce(string_agg(outcome || ' ' || ended_by, ','), '') FROM results WHERE player = 'bob'",
        )
    };
    let (ended, state) = wait_until(read, |s| !s.is_empty());
    assert!(
        ended && state == "ended_by_server host lost",
        "bob's game is not kept as ended by the server: {state}"
    );

    // bob, back through host A, is given the activity again and answers it.
    let mut bob = join(HOST_A, a_port, "bob", None, "A position from miss");
    play_given(&mut bob);
    assert!(
        miss.wait_until(|s| s.contains("bob won in") || s.contains("bob lost")),
        "the race does not have bob's answer:\n{}",
        miss.contents()
    );
    let (both, state) =
        wait_until(|| sql("SELECT count(*) || '/' || coalesce(min(activity), 0) FROM games"), |s| s == "2/1");
    assert!(both, "bob's two games of the activity are not kept: {state}");

    end(&mut [&mut bob, &mut miss], [a]);
}

/// A host dies in a game between two hosts: bob's host (where bob accepted, so where the game
/// is kept) is killed with SIGKILL after the first move. ann, on the host that lives, is told
/// that the game was ended by the server and is back in the lobby; the game is kept once, by
/// ann's host taking over the dead one's lease, as ended by the server (never a loss), and bob
/// leaves ann's lobby.
#[test]
fn a_host_killed_in_a_game_between_two_hosts_ends_it_for_the_other_never_as_a_loss() {
    let Some(pg) = crate::support::pg::database() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (a, a_port) = start_host(home.path(), "a", HOST_A, &url, &[]);
    let (b, b_port) = start_host(home.path(), "b", HOST_B, &url, &[]);
    let mut ann = join(HOST_A, a_port, "ann", None, LOBBY);
    let mut bob = join(HOST_B, b_port, "bob", None, LOBBY);
    assert!(ann.wait_until(|s| line_of(s, "bob").contains("(on b)")), "{}", ann.contents());
    choose(&mut ann, "bob");
    ann.send(b"c");
    assert!(bob.wait_for("ann challenges you"), "{}", bob.contents());
    bob.send(b"y");
    let turn = |s: &str| s.contains("ann's turn") || s.contains("bob's turn");
    assert!(ann.wait_until(turn), "{}", ann.contents());
    // One move, by whoever moves first, seen on both screens.
    let (mover, next) = if ann.contents().contains("ann's turn") {
        (&mut ann, "bob's turn")
    } else {
        (&mut bob, "ann's turn")
    };
    mover.send(b"\r");
    assert!(ann.wait_for(next), "{}", ann.contents());
    assert!(bob.wait_for(next), "{}", bob.contents());
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let (kept, state) =
        wait_until(|| sql("SELECT string_agg(host || ':' || moves, ',') FROM live_games"), |s| s == "b:1");
    assert!(kept, "the game in progress is not kept by host b: {state}");

    // Host B dies.
    let mut b = b;
    // SAFETY: kill(2) on a server this test started.
    unsafe { libc::kill(b.0.id() as i32, libc::SIGKILL) };
    let _ = b.0.wait();
    assert!(
        ann.wait_for("stopped answering: the game was ended by the server"),
        "ann is not told:\n{}",
        ann.contents()
    );
    assert!(ann.wait_until(|s| line_of(s, "bob").is_empty()), "bob is still listed:\n{}", ann.contents());
    let read = || {
        sql(
            "SELECT coalesce(string_agg(player || ' ' || outcome || ' ' || ended_by, ',' ORDER BY player), '') FROM results",
        )
    };
    let (ended, state) = wait_until(read, |s| !s.is_empty());
    assert!(ended, "the game was not kept: {state}");
    assert_eq!(state, "ann ended_by_server host lost,bob ended_by_server host lost");
    assert_eq!(sql("SELECT count(*) FROM games"), "1");
    assert_eq!(sql("SELECT count(*) FROM live_games"), "0");
    assert_eq!(sql("SELECT count(*) FROM presence WHERE host = 'b'"), "0");

    ann.hang_up();
    let mut a = a;
    // SAFETY: kill(2) on a server this test started.
    unsafe { libc::kill(a.0.id() as i32, libc::SIGTERM) };
    assert_eq!(crate::serve_cli::wait_exit(&mut a.0).code(), Some(0));
    assert_eq!(sql("SELECT count(*) FROM games"), "1");
}

/// The teacher's key (its file, 0600) and a teachers' keys file naming it, under `home`.
fn teacher_key(home: &Path) -> (std::path::PathBuf, String) {
    let teacher = nim_serve::hostkey::generate();
    let file = home.join("teacher_key");
    let text = teacher.to_openssh(russh::keys::ssh_key::LineEnding::LF).expect("the key as text");
    std::fs::write(&file, text.as_bytes()).expect("write the key");
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    }
    let keys = home.join("teachers");
    std::fs::write(&keys, format!("{}\n", teacher.public_key().to_openssh().expect("public key")))
        .expect("write the teachers' keys");
    (file, keys.to_str().expect("a UTF-8 path").to_string())
}

/// As the school runs it: the two hosts behind HAProxy (`mode tcp`, PROXY v2, `balance
/// roundrobin`, so that two students in a row land on two hosts), one host key. ann and bob
/// connect to the one address and land on different hosts (as `presence` says), see each
/// other, play a game to its end, kept once; a teacher, the third connection, sees both.
#[test]
fn through_haproxy_two_students_on_two_hosts_play_each_other_and_a_teacher_sees_both() {
    let Some(pg) = crate::support::pg::database() else { return };
    let Some(haproxy) = crate::haproxy::haproxy() else { return };
    ssh_present();
    let home = tempfile::tempdir().expect("temp dir");
    let url = pg.url();
    let (key, _) = crate::haproxy::school_key(home.path());
    let (teacher_file, keys) = teacher_key(home.path());
    let key = key.to_str().expect("a UTF-8 path");
    let extra = ["--host-key", key, "--proxy-protocol-from", BALANCER, "--teacher-keys", &keys];
    let (_a, a_port) = start_host(home.path(), "a", HOST_A, &url, &extra);
    let (_b, b_port) = start_host(home.path(), "b", HOST_B, &url, &extra);
    let front = crate::haproxy::free_port();
    let dir = home.path().join("haproxy");
    let config = crate::haproxy::config(
        &dir,
        front,
        BALANCER,
        &[(HOST_A, a_port), (HOST_B, b_port)],
        "balance roundrobin",
    );
    let (_proxy, _) = crate::haproxy::run_haproxy(&haproxy, &dir, &config, 2);
    let via = |from: &str, user: &str, key: Option<&Path>, shows: &str| {
        let mut args = vec!["-tt".to_string()];
        for option in ssh_options(front) {
            args.push(match (option.as_str(), key) {
                ("PubkeyAuthentication=no", Some(_)) => "PubkeyAuthentication=yes".into(),
                _ => option,
            });
        }
        if let Some(key) = key {
            args.extend(["-o".to_string(), format!("IdentityFile={}", key.display())]);
        }
        args.extend(["-o".to_string(), format!("BindAddress={from}"), format!("{user}@127.0.0.1")]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut pty = Pty::program("ssh", &args).size(36, 120).spawn();
        assert!(pty.wait_for(shows), "{user} is not in through HAProxy:\n{}", pty.contents());
        pty
    };
    let mut ann = via("127.0.0.5", "ann", None, LOBBY);
    let mut bob = via("127.0.0.6", "bob", None, LOBBY);
    let sql = |query: &str| pg.psql(query).trim().to_string();
    let host_of =
        |name: &str| sql(&format!("SELECT coalesce(max(host), '') FROM presence WHERE name = '{name}'"));
    let (both, state) =
        wait_until(|| host_of("ann") + "/" + &host_of("bob"), |s| !s.starts_with('/') && !s.ends_with('/'));
    assert!(both, "ann and bob are not both in the database: {state}");
    let (ann_host, bob_host) = (host_of("ann"), host_of("bob"));
    assert_ne!(ann_host, bob_host, "HAProxy sent both students to one host");
    assert!(
        ann.wait_until(|s| line_of(s, "bob").contains(&format!("in the lobby (on {bob_host})"))),
        "{}",
        ann.contents()
    );
    assert!(
        bob.wait_until(|s| line_of(s, "ann").contains(&format!("in the lobby (on {ann_host})"))),
        "{}",
        bob.contents()
    );
    // The teacher, the third connection, on either host: both students, the other host's
    // marked.
    let mut miss = via("127.0.0.7", "miss", Some(&teacher_file), "Doing");
    let (_, miss_host) = wait_until(|| host_of("miss"), |s| !s.is_empty());
    let shown = |name: &str, host: &str| {
        if host == miss_host { name.to_string() } else { format!("{name} · {host}") }
    };
    let (ann_shown, bob_shown) = (shown("ann", &ann_host), shown("bob", &bob_host));
    assert!(
        miss.wait_until(|s| line_of(s, "ann").contains(&ann_shown) && line_of(s, "bob").contains(&bob_shown)),
        "the teacher does not see both students:\n{}",
        miss.contents()
    );

    challenge(&mut ann, &mut bob);
    sees_them_play(&mut miss);
    let moves = play_to_the_end(&mut ann, &mut bob, home.path());
    let winner = if ann.contents().contains("ann wins") { "ann" } else { "bob" };
    assert!(bob.contents().contains(&format!("{winner} wins")), "the screens disagree:\n{}", bob.contents());
    kept_once(&pg, moves, winner);
    for p in [&mut ann, &mut bob, &mut miss] {
        p.hang_up();
    }
}
