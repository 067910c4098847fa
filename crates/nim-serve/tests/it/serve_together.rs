//! Playing together on `nim-tui serve`: the lobby lists who is on the server and what each is
//! doing; one player challenges another, who declines or accepts; the two play at their own
//! terminals with whose turn it is always shown; a third watches (and the players see who); the
//! result goes to the leaderboard between players, which the lobby shows.

#![cfg(unix)]

use std::time::Duration;

use crate::serve::{LOBBY, Player, options, server};
use crate::support::marked_item;

/// The lobby line of `name`.
pub fn line_of<'a>(screen: &'a str, name: &str) -> &'a str {
    screen.lines().find(|l| l.split_whitespace().any(|w| w == name)).unwrap_or("")
}

/// Moves the lobby's cursor down to `name`'s line, a line at a time, each time waiting for the
/// mark to move (a state, not a time: a loaded machine may take long to redraw).
pub async fn choose(player: &mut Player, name: &str) {
    for _ in 0..10 {
        let screen = player.contents();
        if line_of(&screen, name).contains(['▶', '►']) {
            return;
        }
        let before = marked_item(&screen);
        player.send(b"\x1b[B").await;
        let _ = player.wait_until(|s| marked_item(s) != before).await;
    }
    panic!("could not choose {name}:\n{}", player.contents());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_each_other_a_third_watches_and_the_result_is_on_the_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    // Each in the lobby before the next arrives, so that whoever sees carol sees bob too.
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    let mut carol = Player::arrive(addr, "carol", 100, 30).await;
    for p in [&mut alice, &mut bob, &mut carol] {
        assert!(p.wait_until(|s| s.contains(LOBBY) && s.contains("carol")).await, "{}", p.contents());
    }
    // Everyone is listed with what they do.
    assert!(line_of(&alice.contents(), "bob").contains("in the lobby"), "{}", alice.contents());

    // Bob declines a first challenge, accepts a second.
    choose(&mut alice, "bob").await;
    alice.send(b"c").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"n").await;
    assert!(alice.wait_for("bob declined").await, "{}", alice.contents());
    // Bob's screen has let the first challenge go before the second is looked for: else the
    // old line would be taken for the new one, and a `y` sent before the second challenge came
    // would answer nothing.
    assert!(bob.wait_until(|s| !s.contains("alice challenges you")).await, "{}", bob.contents());
    alice.send(b"c").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"y").await;

    // Both at the same game, each at their own terminal; whose turn it is is shown to both.
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    assert!(bob.wait_for("alice's turn").await, "{}", bob.contents());
    assert!(
        carol.wait_until(|s| line_of(s, "alice").contains("playing bob")).await,
        "the lobby does not say alice plays bob:\n{}",
        carol.contents()
    );

    // Carol watches; the players see her.
    choose(&mut carol, "alice").await;
    carol.send(b"w").await;
    assert!(carol.wait_for("You are watching alice and bob").await, "{}", carol.contents());
    assert!(alice.wait_for("Watching: carol").await, "{}", alice.contents());
    assert!(bob.wait_for("Watching: carol").await, "{}", bob.contents());

    // Bob cannot move out of turn; each plays the hint's move in turn until the game ends.
    bob.send(b"\r").await;
    bob.settle(Duration::from_millis(300)).await;
    assert!(bob.contents().contains("alice's turn"), "bob moved out of turn:\n{}", bob.contents());
    let mut over = false;
    for _ in 0..80 {
        let screen = alice.contents();
        if screen.contains("wins") && !screen.contains("'s turn") {
            over = true;
            break;
        }
        let (mover, name) =
            if screen.contains("alice's turn") { (&mut alice, "alice") } else { (&mut bob, "bob") };
        mover.send(b"h").await;
        assert!(mover.wait_for("Hint").await, "{}", mover.contents());
        mover.send(b"\r").await;
        let next = if name == "alice" { "bob's turn" } else { "alice's turn" };
        let moved = |s: &str| s.contains(next) || (s.contains("wins") && !s.contains("'s turn"));
        assert!(alice.wait_until(moved).await, "{}", alice.contents());
        assert!(bob.wait_until(moved).await, "{}", bob.contents());
        // The watcher reads along (a client that stops reading is let go).
        assert!(carol.wait_until(moved).await, "{}", carol.contents());
    }
    assert!(over, "the game did not end:\n{}", alice.contents());
    // The watcher saw the same end.
    assert!(carol.wait_until(|s| s.contains("wins")).await, "{}", carol.contents());

    // Back in the lobby, the board between players has both.
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    assert!(
        alice.wait_until(|s| s.contains("Between players") && s.contains("alice ") && s.contains("/1")).await,
        "{}",
        alice.contents()
    );
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    let standings = db.match_standings().expect("standings");
    assert_eq!(standings.len(), 2, "{standings:?}");
    assert_eq!(standings.iter().map(|s| s.won).sum::<u32>(), 1, "{standings:?}");
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_a_game_gives_it_up_and_the_other_is_told() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    assert!(alice.wait_until(|s| s.contains("bob")).await, "{}", alice.contents());
    choose(&mut alice, "bob").await;
    alice.send(b"\r").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"y").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    alice.send(b"\r").await;
    assert!(bob.wait_for("bob's turn").await, "{}", bob.contents());
    // Bob leaves the game, asked first.
    bob.send(b"q").await;
    assert!(bob.wait_for("Leave this game?").await, "{}", bob.contents());
    bob.send(b"y").await;
    assert!(
        alice.wait_for("bob left the game in play: it counts as a win for you.").await,
        "{}",
        alice.contents()
    );
    assert!(alice.contents().contains(LOBBY));
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    let games = db.games_of("alice").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::Won);
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_sees_every_game_in_progress_and_the_results_and_a_student_does_not() {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let dir = tempfile::tempdir().expect("temp dir");
    let teacher_key = nim_serve::hostkey::generate();
    // The teachers' file as a teacher writes it: a comment, then the public key.
    let keys = dir.path().join("teachers");
    let line = teacher_key.public_key().to_openssh().expect("a public key line");
    std::fs::write(&keys, format!("# the maths teachers\n{line} teacher@school\n")).expect("write");
    let mut opts = options(dir.path());
    opts.teachers = nim_serve::hostkey::teacher_keys(&keys).expect("the keys");
    opts.code = Some("maths".into());
    let running = server(opts).await;
    let addr = running.addr();

    // A student plays the AI and makes a move.
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password("bob", "maths").await.expect("auth").success());
    let mut bob = Player::open(session, 100, 30).await;
    bob.enter().await;
    bob.send(b"\r").await;
    assert!(bob.wait_for("Your turn").await, "{}", bob.contents());
    // Bob plays the winning move, so that the position he is given back is won for whoever moves.
    bob.send(b"h").await;
    assert!(bob.wait_for("Hint").await, "{}", bob.contents());
    bob.send(b"\r").await;
    assert!(bob.wait_for("AI took").await, "{}", bob.contents());
    assert!(!bob.contents().contains("teacher's console"));

    // The teacher logs in with the key, no code needed.
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("ms-t", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    assert!(teacher.wait_for("teacher's console · ms-t").await, "{}", teacher.contents());
    assert!(
        teacher
            .wait_until(|s| line_of(s, "bob").contains("playing the AI") && line_of(s, "bob").contains("("))
            .await,
        "bob's game is not listed:\n{}",
        teacher.contents()
    );

    // A student's lobby has no teacher's view, and lists the teacher as one.
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password("carol", "maths").await.expect("auth").success());
    let mut carol = Player::open(session, 120, 40).await;
    assert!(carol.wait_until(|s| s.contains(LOBBY) && s.contains("ms-t")).await, "{}", carol.contents());
    assert!(!carol.contents().contains("teacher's console"), "{}", carol.contents());
    assert!(line_of(&carol.contents(), "ms-t").contains("(teacher)"), "{}", carol.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_hints_the_hint_key_does_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.no_hints = true;
    let running = server(opts).await;
    let mut alice = Player::join(running.addr(), "alice", 100, 30).await;
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    // Neither the key line nor the help offers what the server withholds.
    for withheld in ["hint", "coach", "binary view"] {
        assert!(!alice.contents().contains(withheld), "{withheld} offered:\n{}", alice.contents());
    }
    alice.send(b"?").await;
    assert!(alice.wait_for("undo the last move").await, "{}", alice.contents());
    for withheld in ["hint:", "coach:", "binary view:"] {
        assert!(!alice.contents().contains(withheld), "{withheld} in the help:\n{}", alice.contents());
    }
    alice.send(b"?").await;
    assert!(alice.wait_until(|s| !s.contains("undo the last move")).await, "{}", alice.contents());
    alice.send(b"h").await;
    alice.settle(Duration::from_millis(500)).await;
    assert!(!alice.contents().contains("Hint"), "a hint was shown:\n{}", alice.contents());
    // The keys still work: the move is made.
    alice.send(b"\r").await;
    assert!(
        alice.wait_until(|s| s.contains("You took") || s.contains("took 1")).await,
        "{}",
        alice.contents()
    );
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_gives_everyone_a_position_and_sees_who_won_it_and_how_fast() {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let dir = tempfile::tempdir().expect("temp dir");
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir.path());
    opts.teachers = vec![teacher_key.public_key().clone()];
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("ms-t", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    // Bob is in a game with a move made; Carol is in the lobby.
    // With teachers' keys and no code, a student answers the password prompt with anything.
    let student = |name: &'static str| async move {
        let mut session = crate::serve::connect(addr).await;
        assert!(session.authenticate_password(name, "").await.expect("auth").success());
        Player::open(session, 100, 30).await
    };
    let mut bob = student("bob").await;
    bob.enter().await;
    bob.send(b"\r").await;
    assert!(bob.wait_for("Your turn").await, "{}", bob.contents());
    // Bob plays the winning move, so that the position he is given back is won for whoever moves.
    bob.send(b"h").await;
    assert!(bob.wait_for("Hint").await, "{}", bob.contents());
    bob.send(b"\r").await;
    assert!(bob.wait_for("AI took").await, "{}", bob.contents());
    let mut carol = student("carol").await;
    assert!(carol.wait_for(LOBBY).await, "{}", carol.contents());
    assert!(
        teacher.wait_until(|s| line_of(s, "bob").contains("playing the AI")).await,
        "{}",
        teacher.contents()
    );
    // The teacher gives everyone bob's position as it is when `g` is pressed (bob's move and the
    // AI's reply may still be on their way: the position given is the one the teacher's view
    // then names).
    choose(&mut teacher, "bob").await;
    teacher.send(b"g").await;
    assert!(teacher.wait_for("Class race:").await, "{}", teacher.contents());
    let position = teacher
        .contents()
        .lines()
        .find_map(|l| l.split("Class race:").nth(1))
        .map(|p| p.trim_end_matches(|c: char| !c.is_ascii_digit()).trim().to_string())
        .expect("the position given");
    // Carol is taken from the lobby straight into that position, her turn.
    assert!(carol.wait_for("Your turn").await, "carol got no game:\n{}", carol.contents());
    assert!(!position.is_empty());
    // The same position as bob's, no move made yet: so the teacher's list says.
    assert!(
        teacher
            .wait_until(|s| s.lines().any(|l| l.contains("carol")
                && l.contains("playing the AI")
                && l.contains(&format!("{position}  (0)"))))
            .await,
        "carol's game is not at the position given, {position:?}:\n{}",
        teacher.contents()
    );
    // She plays it out by the hints.
    // A move at most each turn: waits for the turn (or the end), never for a time.
    let ended = |s: &str| s.contains("You win!") || s.contains("You lose");
    for _ in 0..60 {
        assert!(
            carol.wait_until(|s| ended(s) || (s.contains("Your turn") && !s.contains("Hint"))).await,
            "{}",
            carol.contents()
        );
        if ended(&carol.contents()) {
            break;
        }
        carol.send(b"h").await;
        assert!(carol.wait_for("Hint").await, "{}", carol.contents());
        carol.send(b"\r").await;
        assert!(carol.wait_until(|s| !s.contains("Hint")).await, "{}", carol.contents());
    }
    // The teacher sees who answered, and how fast.
    assert!(
        teacher.wait_until(|s| s.contains("carol won in") || s.contains("carol lost")).await,
        "{}",
        teacher.contents()
    );
    running.stop(Duration::from_secs(3)).await;
}
