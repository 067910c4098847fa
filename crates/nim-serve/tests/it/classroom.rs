//! A lesson on the server, as a teacher and students live it: a dropped connection that comes
//! back to its game, every way out asked first, the keys each role is offered, a second
//! challenge, a lost position the teacher is warned of, the teacher's live view and idle clock.

#![cfg(unix)]

use std::time::Duration;

use crate::serve::{CONSOLE, LOBBY, Player, options, server};
use crate::serve_together::choose;
use crate::support::marked_item;

/// Alice challenges bob, who accepts: both at the table, alice to move.
async fn a_game_between(alice: &mut Player, bob: &mut Player) {
    assert!(alice.wait_until(|s| s.contains("bob")).await, "{}", alice.contents());
    choose(alice, "bob").await;
    alice.send(b"c").await;
    assert!(bob.wait_for("alice challenges you").await, "{}", bob.contents());
    bob.send(b"y").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    assert!(bob.wait_for("alice's turn").await, "{}", bob.contents());
}

/// The key line: the screen's last line with text.
fn key_line(screen: &str) -> String {
    screen.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_to_the_game_where_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    a_game_between(&mut alice, &mut bob).await;
    alice.send(b"\r").await;
    assert!(bob.wait_for("bob's turn").await, "{}", bob.contents());
    // Bob's Wi-Fi drops: alice is told the game waits for him.
    drop(bob);
    assert!(
        alice.wait_for("bob's connection dropped: the game waits up to 2 min for them").await,
        "{}",
        alice.contents()
    );
    // He connects again with the same name, and is back at the table, his turn.
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    assert!(bob.wait_for("Welcome back: your game is where you left it.").await, "{}", bob.contents());
    assert!(bob.contents().contains("bob's turn"), "{}", bob.contents());
    assert!(alice.wait_until(|s| !s.contains("connection dropped")).await, "{}", alice.contents());
    bob.send(b"\r").await;
    assert!(alice.wait_for("alice's turn").await, "{}", alice.contents());
    // Nothing was kept yet: the game goes on.
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    assert!(db.games_of("bob").expect("games").is_empty());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_does_not_come_back_loses_and_the_other_is_told() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.rejoin = Duration::from_secs(1);
    let running = server(opts).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    a_game_between(&mut alice, &mut bob).await;
    alice.send(b"\r").await;
    assert!(bob.wait_for("bob's turn").await, "{}", bob.contents());
    drop(bob);
    assert!(
        alice.wait_for("bob left the game in play: it counts as a win for you.").await,
        "{}",
        alice.contents()
    );
    assert!(alice.contents().contains(LOBBY), "{}", alice.contents());
    // Alice is told when the game is queued for the store; stopping writes what is queued.
    running.stop(Duration::from_secs(3)).await;
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    let games = db.games_of("bob").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (games[0].outcome, games[0].ended_by.as_str()),
        (nim_serve::db::Outcome::Lost, "connection lost: bob")
    );
    assert_eq!(db.games_of("alice").expect("games")[0].outcome, nim_serve::db::Outcome::Won);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_role_is_offered_only_the_keys_that_work_for_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    a_game_between(&mut alice, &mut bob).await;
    let mut carol = Player::arrive(addr, "carol", 100, 30).await;
    assert!(carol.wait_until(|s| s.contains("alice")).await, "{}", carol.contents());
    choose(&mut carol, "alice").await;
    carol.send(b"w").await;
    assert!(carol.wait_for("You are watching alice and bob").await, "{}", carol.contents());
    // Both screens drawn since carol came to watch.
    assert!(alice.wait_for("Watching: carol").await, "{}", alice.contents());
    assert!(bob.wait_for("Watching: carol").await, "{}", bob.contents());
    // Alice, to move, is offered the hint and the move; bob, waiting, and carol, watching, only
    // their way out; nobody between people is offered undo or a new game.
    let (mover, waiting, watcher) = (alice.contents(), bob.contents(), carol.contents());
    assert!(mover.contains("hint"), "{mover}");
    for (who, screen) in [("bob", &waiting), ("carol", &watcher)] {
        assert!(!screen.contains("hint"), "{who} is offered the hint:\n{screen}");
        assert!(key_line(screen).contains("quit") || key_line(screen).contains("back"), "{who}:\n{screen}");
    }
    for screen in [&mover, &waiting, &watcher] {
        assert!(!screen.contains("undo") && !screen.contains("new game"), "{screen}");
    }
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_challenge_is_told_the_other_is_busy_never_that_they_declined() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    let mut carol = Player::arrive(addr, "carol", 100, 30).await;
    for p in [&mut alice, &mut bob] {
        assert!(p.wait_until(|s| s.contains("carol")).await, "{}", p.contents());
        choose(p, "carol").await;
    }
    alice.send(b"c").await;
    assert!(carol.wait_for("alice challenges you").await, "{}", carol.contents());
    bob.send(b"c").await;
    assert!(bob.wait_for("carol is answering another challenge").await, "{}", bob.contents());
    assert!(!bob.contents().contains("declined"), "{}", bob.contents());
    // Carol still has alice's challenge to answer.
    carol.settle(Duration::from_millis(200)).await;
    assert!(carol.contents().contains("alice challenges you"), "{}", carol.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_position_is_not_given_before_the_teacher_says_so_then_with_the_ai_first() {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let dir = tempfile::tempdir().expect("temp dir");
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir.path());
    opts.teachers = vec![teacher_key.public_key().clone()];
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("mrslee", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    let student = |name: &'static str| async move {
        let mut session = crate::serve::connect(addr).await;
        assert!(session.authenticate_password(name, "").await.expect("auth").success());
        Player::open(session, 100, 30).await
    };
    // Bob plays a move that is not the winning one: the AI's reply leaves him a lost position.
    let mut bob = student("bob").await;
    bob.enter().await;
    bob.send(b"\r").await;
    assert!(bob.wait_for("Your turn").await, "{}", bob.contents());
    bob.send(b"\r").await;
    assert!(bob.wait_for("AI took").await, "{}", bob.contents());
    let mut carol = student("carol").await;
    assert!(carol.wait_for(LOBBY).await, "{}", carol.contents());
    // The teacher's view follows bob's game without a key pressed.
    assert!(
        teacher.wait_until(|s| s.lines().any(|l| l.contains("bob") && l.contains("(2)"))).await,
        "{}",
        teacher.contents()
    );
    choose(&mut teacher, "bob").await;
    teacher.send(b"g").await;
    assert!(
        teacher.wait_for("whoever moves first loses against perfect play").await,
        "{}",
        teacher.contents()
    );
    carol.settle(Duration::from_millis(300)).await;
    assert!(
        carol.contents().contains(LOBBY),
        "the position went out before the teacher said so:\n{}",
        carol.contents()
    );
    teacher.send(b"g").await;
    assert!(teacher.wait_for("the AI moving first").await, "{}", teacher.contents());
    // Carol is told who gave it; the AI moves first, and she can win it.
    assert!(carol.wait_for("A position from mrslee").await, "{}", carol.contents());
    assert!(carol.wait_for("AI took").await, "{}", carol.contents());
    assert!(carol.wait_for("Your turn").await, "{}", carol.contents());
    running.stop(Duration::from_secs(3)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_is_never_disconnected_for_being_idle_while_a_student_is() {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let dir = tempfile::tempdir().expect("temp dir");
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir.path());
    opts.teachers = vec![teacher_key.public_key().clone()];
    opts.limits.idle_timeout = Duration::from_secs(3);
    opts.limits.idle_warning = Duration::from_secs(1);
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("mrslee", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    assert!(teacher.wait_for(CONSOLE).await, "{}", teacher.contents());
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password("dan", "").await.expect("auth").success());
    let mut dan = Player::open(session, 100, 30).await;
    // Dan, idle, is warned, then disconnected; the teacher, idle longer, is neither.
    assert!(dan.wait_for("No key for a while").await, "{}", dan.contents());
    assert!(dan.wait_closed().await, "{}", dan.contents());
    teacher.settle(Duration::from_millis(100)).await;
    assert!(!teacher.closed, "the teacher was disconnected for being idle");
    assert!(!teacher.contents().contains("No key for a while"), "{}", teacher.contents());
    teacher.send(b"v").await;
    assert!(teacher.wait_for("Join the class").await, "{}", teacher.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// A teacher with a key, and the server's address; the teacher at the console.
async fn class_with_teacher(dir: &std::path::Path) -> (nim_serve::Running, std::net::SocketAddr, Player) {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir);
    opts.teachers = vec![teacher_key.public_key().clone()];
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("mrslee", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    assert!(teacher.wait_for(CONSOLE).await, "{}", teacher.contents());
    (running, addr, teacher)
}

/// A student logged in (the server has teachers: any password), in the lobby.
async fn student(addr: std::net::SocketAddr, name: &str) -> Player {
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password(name, "").await.expect("auth").success());
    let mut player = Player::open(session, 100, 30).await;
    assert!(player.wait_for(LOBBY).await, "{}", player.contents());
    player
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_starts_an_activity_for_everyone_pauses_it_and_ends_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, addr, mut teacher) = class_with_teacher(dir.path()).await;
    let mut ann = student(addr, "ann").await;
    let mut ben = student(addr, "ben").await;
    assert!(teacher.wait_until(|s| s.contains("ann") && s.contains("ben")).await, "{}", teacher.contents());
    // Hints off for this one; the teacher chooses its game on the start screen (as it is set).
    teacher.send(b"h").await;
    assert!(teacher.wait_for("Next activity: hints off").await, "{}", teacher.contents());
    teacher.send(b"a").await;
    assert!(teacher.wait_for("Start").await, "{}", teacher.contents());
    teacher.send(b"\r").await;
    assert!(teacher.wait_for("Class race:").await, "{}", teacher.contents());
    for p in [&mut ann, &mut ben] {
        assert!(p.wait_for("A position from mrslee").await, "{}", p.contents());
        assert!(p.wait_until(|s| s.contains("Your turn") || s.contains("AI")).await, "{}", p.contents());
        assert!(!p.contents().contains("hint"), "hints are off in this activity:\n{}", p.contents());
    }
    // Paused: the students are told, and their keys move nothing.
    teacher.send(b" ").await;
    assert!(teacher.wait_for("The activity is paused").await, "{}", teacher.contents());
    assert!(ann.wait_for("Paused by the teacher").await, "{}", ann.contents());
    let before = ann.contents();
    ann.send(b"\r").await;
    ann.settle(Duration::from_millis(300)).await;
    assert!(ann.contents().contains("Paused by the teacher"), "{}", ann.contents());
    assert_eq!(
        before.lines().filter(|l| l.contains("took")).count(),
        ann.contents().lines().filter(|l| l.contains("took")).count(),
        "a move was made while paused:\n{}",
        ann.contents()
    );
    teacher.send(b" ").await;
    assert!(teacher.wait_for("The activity goes on").await, "{}", teacher.contents());
    assert!(ann.wait_until(|s| !s.contains("Paused by the teacher")).await, "{}", ann.contents());
    // ann moves once it is her turn again; ben does not move at all.
    let took = |s: &str| s.lines().filter(|l| l.contains("took")).count();
    assert!(ann.wait_for("Your turn").await, "{}", ann.contents());
    let before = took(&ann.contents());
    ann.send(b"\r").await;
    assert!(ann.wait_until(|s| took(s) > before).await, "ann's move was not made:\n{}", ann.contents());
    // Ended: games still in it end, kept as ended by the server, and the students are told.
    teacher.send(b"e").await;
    assert!(teacher.wait_for("The activity has ended").await, "{}", teacher.contents());
    for p in [&mut ann, &mut ben] {
        assert!(p.wait_for("The activity has ended").await, "{}", p.contents());
        assert!(p.contents().contains(LOBBY), "{}", p.contents());
    }
    // The games ended are queued for the store; stopping writes what is queued.
    running.stop(Duration::from_secs(3)).await;
    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("db");
    // ann's game, begun, is kept as ended by the server; ben's, without a move, is not a game.
    let games = db.games_of("ann").expect("games");
    assert!(
        games.len() == 1
            && games[0].outcome == nim_serve::db::Outcome::EndedByServer
            && games[0].ended_by == "activity ended",
        "ann: {games:?}"
    );
    assert_eq!(db.games_of("ben").expect("games"), Vec::new(), "ben made no move");
}

/// Plays a student's game from the position given to the end: `perfect` students take the hint's
/// move each turn (a win, assisted), the others take one token from the first heap (a win or a
/// loss, as the engine says).
async fn play_to_the_end(student: &mut Player, perfect: bool) {
    for _ in 0..200 {
        assert!(
            student
                .wait_until(|s| s.contains("Your turn") || s.contains("You win!") || s.contains("You lose"))
                .await,
            "{}",
            student.contents()
        );
        let screen = student.contents();
        if screen.contains("You win!") || screen.contains("You lose") {
            return;
        }
        if perfect {
            student.send(b"h").await;
            assert!(student.wait_for("Hint").await, "{}", student.contents());
        }
        // The board before the move: a move (the student's, and the AI's reply) changes it.
        let before = student.contents();
        student.send(b"\r").await;
        assert!(student.wait_until(|s| s != before).await, "{}", student.contents());
    }
    panic!("the game did not end:\n{}", student.contents());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_class_of_thirty_in_one_activity_is_in_the_report_move_by_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let home = tempfile::tempdir().expect("a home");
    let (running, addr, mut teacher) = class_with_teacher(dir.path()).await;
    let names: Vec<String> = (1..=30).map(|i| format!("s{i:02}")).collect();
    let mut class = Vec::new();
    for name in &names {
        class.push(student(addr, name).await);
    }
    assert!(teacher.wait_for("30 here").await, "{}", teacher.contents());
    teacher.send(b"a").await;
    assert!(teacher.wait_for("Start").await, "{}", teacher.contents());
    teacher.send(b"\r").await;
    assert!(
        teacher.wait_for("Activity 1: Position 3 4 5 given to 30 students").await,
        "{}",
        teacher.contents()
    );
    // Every student plays it at once: one in three by the hints, the rest by taking one token.
    let games = class.into_iter().enumerate().map(|(i, mut s)| {
        tokio::spawn(async move {
            assert!(s.wait_for("A position from mrslee").await, "{}", s.contents());
            play_to_the_end(&mut s, i % 3 == 0).await;
            s
        })
    });
    let mut done = Vec::new();
    for game in games {
        done.push(game.await.expect("a student's game"));
    }
    // The teacher's console has every result of the race.
    assert!(
        teacher.wait_until(|s| s.matches(" won in ").count() + s.matches(" lost, after ").count() >= 1).await,
        "{}",
        teacher.contents()
    );
    running.stop(Duration::from_secs(5)).await;
    drop(done);

    let db_path = dir.path().join("server.sqlite3");
    let csv = dir.path().join("class.csv");
    let json = dir.path().join("class.json");
    let out = crate::report::report(
        home.path(),
        &db_path,
        &[
            "--activity",
            "1",
            "--csv",
            csv.to_str().expect("a path"),
            "--json",
            json.to_str().expect("a path"),
        ],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("the JSON")).expect("the report's JSON");
    assert_eq!(json["games"].as_array().map(Vec::len), Some(30), "one game per student");
    // The CSV, as Python reads it, says what the games and their moves say.
    let lines = crate::report::csv_by_python(&csv);
    assert_eq!(lines.len(), 30, "{lines:?}");
    crate::report::check_lines(&lines, &crate::report::Expected::from_report(&json));
    // And what the database says: each student's game, won or lost as kept.
    let db = nim_serve::db::Db::open(&db_path).expect("db");
    for line in &lines {
        let name = &line["student"];
        let kept = db.games_of(name).expect("games");
        assert_eq!(kept.len(), 1, "{name}: {kept:?}");
        let won = kept.iter().filter(|g| g.outcome == nim_serve::db::Outcome::Won).count();
        assert_eq!(line["won"], won.to_string(), "{name}");
    }
    // Every move, the students' and the AI's, graded as the engine grades it.
    let moves: usize = json["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["moves"].as_array().map_or(0, Vec::len))
        .sum();
    assert!(moves >= 60, "{moves} moves");
    assert_eq!(crate::report::check_grades(&json), moves);
    // Those who played by the hints won every game, and kept every winning position they met.
    for (i, name) in names.iter().enumerate().filter(|(i, _)| i % 3 == 0) {
        let line = lines.iter().find(|l| &l["student"] == name).expect("a line");
        assert_eq!((line["won"].as_str(), line["missed"].as_str()), ("1", "0"), "student {i}: {line:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teacher_gives_the_class_the_same_run_of_puzzles() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, addr, mut teacher) = class_with_teacher(dir.path()).await;
    let mut ann = student(addr, "ann").await;
    let mut ben = student(addr, "ben").await;
    assert!(teacher.wait_until(|s| s.contains("ann") && s.contains("ben")).await, "{}", teacher.contents());
    // The teacher opens the puzzles on the start screen: the run shown is given to everyone.
    give_the_class_puzzles(&mut teacher).await;
    // Both students have the same puzzle: the same heaps, the same number.
    let mut boards = Vec::new();
    for p in [&mut ann, &mut ben] {
        assert!(p.wait_for("A position from mrslee").await, "{}", p.contents());
        assert!(p.wait_for("Puzzle 1").await, "{}", p.contents());
        let board: Vec<String> =
            p.contents().lines().filter(|l| l.contains('│')).map(|l| l.trim().to_string()).collect();
        boards.push(board);
    }
    assert_eq!(boards[0], boards[1], "the two students have different puzzles");
    // Ann answers (a wrong first try is told to try again: she tries until it counts); the
    // teacher's console has her answer in the race.
    let answered = |s: &str| s.contains("ann won in") || s.contains("ann lost, after");
    for _ in 0..5 {
        ann.send(b"\r").await;
        ann.settle(Duration::from_millis(300)).await;
        teacher.settle(Duration::from_millis(300)).await;
        if answered(&teacher.contents()) {
            break;
        }
    }
    assert!(teacher.wait_until(answered).await, "{}\n{}", teacher.contents(), ann.contents());
    running.stop(Duration::from_secs(3)).await;
    let home = tempfile::tempdir().expect("a home");
    let out = crate::report::report(
        home.path(),
        &dir.path().join("server.sqlite3"),
        &["--activity", "1", "--csv", "-"],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8_lossy(&out.stdout);
    let ann_line = csv.lines().find(|l| l.starts_with("ann,")).expect("ann's line");
    assert!(ann_line.contains(",1,"), "ann tried a puzzle: {csv}");
}

/// The teacher opens the puzzles on the console's start screen and gives the run shown to
/// everyone (a class race of puzzles).
async fn give_the_class_puzzles(teacher: &mut Player) {
    teacher.send(b"a").await;
    assert!(teacher.wait_for("Puzzles").await, "{}", teacher.contents());
    // Down to the Puzzles row, one row at a time: each key waits for the screen it makes.
    for _ in 0..12 {
        if teacher.contents().lines().any(|l| l.contains("Puzzles") && l.contains(['▶', '►'])) {
            break;
        }
        let before = marked_item(&teacher.contents());
        teacher.send(b"\x1b[B").await;
        assert!(teacher.wait_until(|s| marked_item(s) != before).await, "{}", teacher.contents());
    }
    assert!(
        teacher.contents().lines().any(|l| l.contains("Puzzles") && l.contains(['▶', '►'])),
        "{}",
        teacher.contents()
    );
    teacher.send(b"\r").await;
    assert!(teacher.wait_for("Class race: puzzles").await, "{}", teacher.contents());
}

/// The screen's words in one line: what wraps at the screen's edge joined again.
fn flat(screen: &str) -> String {
    screen.replace(['│', '┃', '║'], " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Answers the puzzle on the board with the move chosen as it stands, and again after a first
/// wrong try, until the answer counts; waits for what it did to the ratings.
async fn answer_the_puzzle(p: &mut Player) {
    p.send(b"\r").await;
    assert!(
        p.wait_until(|s| s.contains("Have another try") || s.contains("The winning move")).await,
        "{}",
        p.contents()
    );
    if !p.contents().contains("The winning move") {
        p.send(b"\r").await;
        assert!(p.wait_for("The winning move").await, "{}", p.contents());
    }
    assert!(p.wait_for("Your puzzle rating: ").await, "{}", p.contents());
}

/// Rated puzzles (#39): the class is given one run of puzzles, and each student's first answer
/// rates the puzzle with them, so its rating is measured from the class's answers: the second
/// student to answer sees it measured from two, and the database keeps the puzzle's and each
/// student's puzzle rating.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_rated_with_the_students_who_answer_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, addr, mut teacher) = class_with_teacher(dir.path()).await;
    let mut ann = student(addr, "ann").await;
    let mut ben = student(addr, "ben").await;
    assert!(teacher.wait_until(|s| s.contains("ann") && s.contains("ben")).await, "{}", teacher.contents());
    give_the_class_puzzles(&mut teacher).await;
    for p in [&mut ann, &mut ben] {
        assert!(p.wait_for("Puzzle 1").await, "{}", p.contents());
    }
    answer_the_puzzle(&mut ann).await;
    let seen = flat(&ann.contents());
    assert!(seen.contains("This puzzle: ") && seen.contains(" in 1."), "measured from ann's answer: {seen}");
    answer_the_puzzle(&mut ben).await;
    let seen = flat(&ben.contents());
    assert!(seen.contains(" in 2."), "measured from both answers: {seen}");
    running.stop(Duration::from_secs(3)).await;

    let db = nim_serve::db::Db::open(&dir.path().join("server.sqlite3")).expect("the database");
    let book = db.puzzle_book().expect("the rated puzzles");
    assert_eq!(book.puzzles.len(), 1, "{book:?}");
    let (key, puzzle) = book.puzzles.iter().next().expect("the puzzle");
    assert!(key.starts_with("nim medium "), "{key}");
    assert_eq!(puzzle.tries, 2, "{book:?}");
    for name in ["ann", "ben"] {
        let mine = book.solvers.get(&(name.to_string(), "nim".to_string())).expect("a puzzle rating");
        assert_eq!(mine.tries, 1, "{name}: {book:?}");
        assert!(book.answered.contains(&(name.to_string(), key.clone())), "{name}");
    }
    // The puzzle moved from its difficulty's start: one way for each answer solved, the other
    // for each missed.
    assert_ne!(
        puzzle.rating.rating,
        nim_tui::rating::puzzle_start(nim_tui::puzzle::Difficulty::Medium).rating
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_game_between_two_people_each_is_offered_only_the_way_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    let mut bob = Player::arrive(addr, "bob", 100, 30).await;
    a_game_between(&mut alice, &mut bob).await;
    // They play it out, each by the hints on their turn.
    let over = |s: &str| s.contains(" wins") && !s.contains("'s turn");
    // Whoever's turn it is takes the hint's move: waits for the turn to pass, never for a time.
    for _ in 0..100 {
        let turn = |s: &str| over(s) || s.contains("alice's turn") || s.contains("bob's turn");
        assert!(alice.wait_until(turn).await, "{}", alice.contents());
        if over(&alice.contents()) {
            break;
        }
        let (me, mover) = if alice.contents().contains("alice's turn") {
            (&mut alice, "alice's turn")
        } else {
            (&mut bob, "bob's turn")
        };
        assert!(me.wait_for(mover).await, "{}", me.contents());
        me.send(b"h").await;
        assert!(me.wait_for("Hint").await, "{}", me.contents());
        me.send(b"\r").await;
        assert!(me.wait_until(|s| !s.contains(mover)).await, "{}", me.contents());
        // The other reads along.
        let other = if mover == "alice's turn" { &mut bob } else { &mut alice };
        assert!(other.wait_until(|s| over(s) || !s.contains(mover)).await, "{}", other.contents());
    }
    assert!(alice.wait_until(over).await, "{}", alice.contents());
    assert!(bob.wait_until(over).await, "{}", bob.contents());
    for screen in [alice.contents(), bob.contents()] {
        assert!(!screen.contains("play again") && !screen.contains("new game"), "{screen}");
        assert!(screen.contains("q "), "no way back offered:\n{screen}");
    }
    // Alice goes back; bob stays on the finished game, told she has gone.
    alice.send(b"q").await;
    assert!(alice.wait_for(LOBBY).await, "{}", alice.contents());
    assert!(bob.wait_for("alice has left the table").await, "{}", bob.contents());
    bob.send(b"q").await;
    assert!(bob.wait_for(LOBBY).await, "{}", bob.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// A student reading lines (the lobby's `l`) is given the teacher's position: their lines go on
/// at its table, under the teacher's line at the top, and the teacher's console goes on drawing.
/// (The plain door read the table's app while holding it, to write that line: the student's
/// connection hung, and with it the console, which reads every table.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_student_reading_lines_is_given_a_position_and_the_console_goes_on() {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let dir = tempfile::tempdir().expect("temp dir");
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir.path());
    opts.teachers = vec![teacher_key.public_key().clone()];
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password("erin", "").await.expect("auth").success());
    let mut erin = Player::open(session, 100, 30).await;
    assert!(erin.wait_for(LOBBY).await, "{}", erin.contents());
    erin.send(b"l").await;
    let has = |erin: &Player, text: &str| String::from_utf8_lossy(&erin.raw).contains(text);
    let end = std::time::Instant::now() + crate::support::pty::PATIENCE;
    while !has(&erin, "Lobby. Type ai")
        && std::time::Instant::now() < end
        && erin.pump(Duration::from_millis(50)).await
    {}
    assert!(has(&erin, "Lobby. Type ai"), "no lines:\n{}", String::from_utf8_lossy(&erin.raw));
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("mrslee", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 40).await;
    assert!(teacher.wait_for(CONSOLE).await, "{}", teacher.contents());
    teacher.send(b"a").await;
    assert!(teacher.wait_for("Start").await, "{}", teacher.contents());
    teacher.send(b"\r").await;
    assert!(teacher.wait_for("given to 1 student").await, "{}", teacher.contents());
    while !has(&erin, "Your move.")
        && std::time::Instant::now() < end
        && erin.pump(Duration::from_millis(50)).await
    {}
    let said = String::from_utf8_lossy(&erin.raw).into_owned();
    assert!(said.contains("A position from mrslee") && said.contains("Your move."), "{said}");
    // The console reads erin's table as it draws: it goes on.
    assert!(
        teacher.wait_until(|s| s.lines().any(|l| l.contains("erin") && l.contains("(0)"))).await,
        "{}",
        teacher.contents()
    );
    running.stop(Duration::from_secs(3)).await;
}

/// Someone watching a student play the AI reads the student's name where the student reads
/// "You": the turn (`alice's turn`, never `Your turn`) and the student's moves (`alice took …`),
/// while the student still reads their own "Your turn".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_of_a_game_against_the_ai_reads_the_players_name_not_you() {
    let dir = tempfile::tempdir().expect("temp dir");
    let running = server(options(dir.path())).await;
    let addr = running.addr();
    let mut alice = Player::arrive(addr, "alice", 100, 30).await;
    alice.enter().await;
    alice.send(b"\r").await;
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    let mut carol = Player::arrive(addr, "carol", 100, 30).await;
    assert!(carol.wait_until(|s| s.contains("alice")).await, "{}", carol.contents());
    choose(&mut carol, "alice").await;
    carol.send(b"w").await;
    assert!(carol.wait_for("You are watching alice against the AI").await, "{}", carol.contents());
    assert!(carol.wait_for("alice's turn").await, "{}", carol.contents());
    assert!(!carol.contents().contains("Your turn"), "{}", carol.contents());
    // Alice moves (the move her chooser holds); her watcher reads it as hers, by name.
    alice.send(b"\r").await;
    assert!(
        carol.wait_until(|s| s.contains("alice took") || s.contains("AI took")).await,
        "{}",
        carol.contents()
    );
    assert!(!carol.contents().contains("You took"), "{}", carol.contents());
    assert!(alice.wait_for("Your turn").await, "{}", alice.contents());
    running.stop(Duration::from_secs(3)).await;
}
