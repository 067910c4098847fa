//! Class tournaments over the server (#39), as a teacher and a class live them: the teacher
//! starts one from the console (the tournament key, a kind chosen, Enter), the director seats
//! the students in the lobby at their games, scripted students play every game over SSH (each
//! moves when the screen says it is their turn, and goes back to the lobby when their game is
//! over), and the teacher ends an arena with the same key. Then every game is in the database,
//! and the standings the projector shows equal a recount from the database's rows
//! (`tournament::standings_from`). A round robin and a Swiss run to their last round: every pair
//! met at most once, byes at most once, first moves balanced within one.
//!
//! Nothing here waits for a time: the students act on what their screens show, the test waits
//! for states (a screen, a row in the database) with a generous bound for failure only.

#![cfg(unix)]

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use nim_serve::db::{Db, TournamentKind, TournamentResult};
use nim_serve::tournament::standings_from;
use tokio::time::Instant;

use crate::serve::{CONSOLE, LOBBY, Player, options, server};

/// How long the whole tournament may take before the test gives up (a bound, not a measure).
const PATIENCE: Duration = Duration::from_secs(600);

/// A scripted student: their screen, and what they did.
struct Student {
    name: String,
    player: Player,
    /// At a game's table, between its first "'s turn" and its end.
    in_game: bool,
    /// The screen when the last key was sent: no key again until it changes.
    sent_at: Option<String>,
    /// Games seen to their end.
    games: u32,
    /// Steps since the last key with the screen unchanged.
    unchanged: u32,
}

impl Student {
    /// Reads what came (without waiting for more), then acts on the screen: moves on their turn
    /// (Enter takes the move chosen), and after a game's end goes back to the lobby (q).
    async fn step(&mut self) {
        drain(&mut self.player).await;
        let screen = self.player.contents();
        if self.sent_at.as_deref() == Some(screen.as_str()) {
            // A key can be eaten with the screen coming back the same: a late `q` for the game
            // before, arriving at the next round's table, asks "leave?", and the Enter meant
            // for the move answers it (stay). Still this student's turn after many looks at an
            // unchanged screen: the move is sent again (a move made always changes the screen).
            self.unchanged += 1;
            if self.unchanged < 200 || !screen.contains(&format!("{}'s turn", self.name)) {
                return;
            }
        }
        self.unchanged = 0;
        let turn = screen.contains("'s turn");
        if turn {
            self.in_game = true;
            if screen.contains(&format!("{}'s turn", self.name)) {
                self.player.send(b"\r").await;
                self.sent_at = Some(screen);
            }
        } else if self.in_game && screen.contains("wins") {
            self.in_game = false;
            self.games += 1;
            self.player.send(b"q").await;
            self.sent_at = Some(screen);
        }
    }
}

/// Reads what has come for `player`, without waiting for more.
async fn drain(player: &mut Player) {
    for _ in 0..64 {
        let before = player.raw.len();
        if !player.pump(Duration::from_millis(1)).await || player.raw.len() == before {
            break;
        }
    }
}

/// A server with a teacher at the console (120x45) and `n` students (`s01`...) in the lobby.
async fn class(dir: &std::path::Path, n: usize) -> (nim_serve::Running, Player, Vec<Student>) {
    class_with(dir, n, |_| {}).await
}

/// [`class`], with the server's options changed by `adjust` first.
async fn class_with(
    dir: &std::path::Path,
    n: usize,
    adjust: impl FnOnce(&mut nim_serve::Options),
) -> (nim_serve::Running, Player, Vec<Student>) {
    use russh::keys::key::PrivateKeyWithHashAlg;
    let teacher_key = nim_serve::hostkey::generate();
    let mut opts = options(dir);
    adjust(&mut opts);
    opts.teachers = vec![teacher_key.public_key().clone()];
    let running = server(opts).await;
    let addr = running.addr();
    let mut session = crate::serve::connect(addr).await;
    let key = PrivateKeyWithHashAlg::new(std::sync::Arc::new(teacher_key), None);
    assert!(session.authenticate_publickey("mrslee", key).await.expect("auth").success());
    let mut teacher = Player::open(session, 120, 45).await;
    assert!(teacher.wait_for(CONSOLE).await, "{}", teacher.contents());
    let mut students = Vec::new();
    for i in 1..=n {
        students.push(arrive(addr, &format!("s{i:02}")).await);
    }
    let here = format!("{n} here");
    assert!(teacher.wait_for(&here).await, "{}", teacher.contents());
    (running, teacher, students)
}

/// Student `name` comes to the lobby.
async fn arrive(addr: std::net::SocketAddr, name: &str) -> Student {
    let mut session = crate::serve::connect(addr).await;
    assert!(session.authenticate_password(name, "").await.expect("auth").success());
    let mut player = Player::open(session, 80, 24).await;
    assert!(player.wait_for(LOBBY).await, "{}", player.contents());
    Student { name: name.to_string(), player, in_game: false, sent_at: None, games: 0, unchanged: 0 }
}

/// The teacher starts a tournament: the tournament key, `down` presses to the kind, Enter.
async fn start(teacher: &mut Player, down: usize, n: usize) {
    teacher.send(b"T").await;
    assert!(teacher.wait_for("New tournament").await, "{}", teacher.contents());
    assert!(
        teacher.contents().contains(&format!("the {n} students in the lobby now")),
        "{}",
        teacher.contents()
    );
    for _ in 0..down {
        teacher.send(b"\x1b[B").await;
    }
    teacher.send(b"\r").await;
    assert!(teacher.wait_for(&format!("started with {n} students")).await, "{}", teacher.contents());
}

/// Every student plays until `done` holds for the class, or the patience runs out.
async fn play_until(teacher: &mut Player, students: &mut [Student], done: impl Fn(&[Student]) -> bool) {
    let end = Instant::now() + PATIENCE;
    while !done(students) {
        assert!(Instant::now() < end, "the class did not get there in time");
        play_a_little(teacher, students).await;
    }
}

/// Every student acts once on what has come; the teacher's screen is read too (a console that
/// is not read would fill the server's queue for it).
async fn play_a_little(teacher: &mut Player, students: &mut [Student]) {
    for s in students.iter_mut() {
        s.step().await;
    }
    drain(teacher).await;
}

/// The class plays on until the database holds the tournament ended and no student is in a
/// game; answers its row and games.
async fn play_to_the_end(
    dir: &std::path::Path,
    teacher: &mut Player,
    students: &mut [Student],
) -> (nim_serve::db::TournamentRow, Vec<TournamentResult>) {
    let db = Db::open(&dir.join("server.sqlite3")).expect("db");
    let end = Instant::now() + PATIENCE;
    loop {
        play_a_little(teacher, students).await;
        if let Some(done) = ended_tournament(&db)
            && students.iter().all(|s| !s.in_game)
        {
            return done;
        }
        assert!(Instant::now() < end, "the tournament did not end:\n{}", teacher.contents());
    }
}

/// The tournament the database holds, ended, and its games.
fn ended_tournament(db: &Db) -> Option<(nim_serve::db::TournamentRow, Vec<TournamentResult>)> {
    let t = db.tournaments().expect("tournaments").into_iter().last()?;
    t.ended_at?;
    let results = db.tournament_results(t.id).expect("results");
    Some((t, results))
}

/// The standings table as the projector shows it: (name, points, games, won) by place.
fn shown_standings(screen: &str, names: &[String]) -> Vec<(String, u32, u32, u32)> {
    let mut rows = Vec::new();
    for line in screen.lines() {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == '│' || c == '|')
            .filter(|w| !w.is_empty())
            .collect();
        if words.len() >= 5 && words[0].parse::<usize>().is_ok() && names.iter().any(|n| n == words[1]) {
            let number = |w: &str| w.parse::<u32>().expect("a number");
            rows.push((words[1].to_string(), number(words[2]), number(words[3]), number(words[4])));
        }
    }
    rows
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_of_twenty_students_is_recorded_and_its_standings_are_the_databases() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, mut teacher, mut students) = class(dir.path(), 20).await;
    let mut names: Vec<String> = students.iter().map(|s| s.name.clone()).collect();
    start(&mut teacher, 0, 20).await;
    // A student who comes late joins the arena (after the others, in its seeding).
    students.push(arrive(running.addr(), "s21").await);
    names.push("s21".into());
    // Forty games at least (each student's second game and on paired as soon as two are free).
    play_until(&mut teacher, &mut students, |class| class.iter().map(|s| s.games).sum::<u32>() >= 80).await;
    // The teacher ends it with the same key: no new game, the games in play played out.
    teacher.send(b"T").await;
    let end = Instant::now() + PATIENCE;
    while !teacher.contents().contains("End the tournament?") {
        assert!(Instant::now() < end, "{}", teacher.contents());
        play_a_little(&mut teacher, &mut students).await;
    }
    teacher.send(b"y").await;
    let end = Instant::now() + PATIENCE;
    while !teacher.contents().contains("The tournament is ending") {
        assert!(Instant::now() < end, "{}", teacher.contents());
        play_a_little(&mut teacher, &mut students).await;
    }
    let (row, results) = play_to_the_end(dir.path(), &mut teacher, &mut students).await;
    assert_eq!(row.kind, TournamentKind::Arena);
    assert_eq!(row.started_by, "mrslee");
    // Every game played is in the database, once.
    let seen: u32 = students.iter().map(|s| s.games).sum();
    assert_eq!(usize::try_from(seen / 2).expect("fits"), results.len(), "games seen by both players");
    assert!(results.len() >= 40, "{}", results.len());
    assert!(students[20].games > 0, "the late comer played no game");
    let ids: BTreeSet<i64> = results.iter().map(|r| r.game_id).collect();
    assert_eq!(ids.len(), results.len());
    for r in &results {
        assert!(r.winner.is_some(), "every game was played to its end: {r:?}");
    }
    // The projector's standings are the recount from the database's rows.
    teacher.send(b"v").await;
    assert!(teacher.wait_for("Join the class").await, "{}", teacher.contents());
    assert!(teacher.wait_for("over: final standings").await, "{}", teacher.contents());
    let recount = standings_from(TournamentKind::Arena, &names, &results, &[]);
    let expected: Vec<(String, u32, u32, u32)> =
        recount.iter().map(|r| (r.player.clone(), r.points, r.games, r.won)).collect();
    let shown = shown_standings(&teacher.contents(), &names);
    assert_eq!(shown, expected, "the projector:\n{}", teacher.contents());
    // The report writes the tournament with the same standings.
    let home = tempfile::tempdir().expect("home");
    let out = crate::report::report(home.path(), &dir.path().join("server.sqlite3"), &["--json", "-"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let t = &json["tournaments"][0];
    assert_eq!(t["kind"], "arena");
    assert_eq!(t["games"].as_array().expect("games").len(), results.len());
    let reported: Vec<(String, u32, u32, u32)> = t["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|r| {
            let n = |k: &str| u32::try_from(r[k].as_u64().expect("a number")).expect("fits");
            (r["player"].as_str().expect("a name").to_string(), n("points"), n("games"), n("won"))
        })
        .collect();
    let played: Vec<&(String, u32, u32, u32)> = expected.iter().filter(|r| r.2 > 0).collect();
    assert_eq!(reported.iter().collect::<Vec<_>>(), played);
    // A student's lobby gives their final place once it says the tournament is over (the
    // database is written before the lobbies are told, so an earlier screen may be a game behind).
    let s = &mut students[0];
    assert!(s.player.wait_for("the tournament is over").await, "{}", s.player.contents());
    let place = expected.iter().position(|r| r.0 == s.name).expect("there") + 1;
    assert!(s.player.contents().contains(&format!("Tournament: {place}. of 21")), "{}", s.player.contents());
    running.stop(Duration::from_secs(3)).await;
}

/// An arena ends by its clock: the teacher starts one of ten minutes (the first length offered),
/// the server's minute shortened to a second for the test, and the class plays until the
/// database says the tournament ended, which only its clock can do here. Every game both players
/// saw end is in the database with a winner, the row keeps the arena's length, and the
/// projector's final standings are the recount from the database's rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_ends_when_its_time_is_up_with_every_game_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, mut teacher, mut students) =
        class_with(dir.path(), 6, |o| o.limits.arena_minute = Duration::from_secs(1)).await;
    let names: Vec<String> = students.iter().map(|s| s.name.clone()).collect();
    start(&mut teacher, 0, 6).await;
    let (row, results) = play_to_the_end(dir.path(), &mut teacher, &mut students).await;
    assert_eq!(row.kind, TournamentKind::Arena);
    assert_eq!(row.seconds, Some(10), "ten of the server's minutes, a second each here");
    let seen: u32 = students.iter().map(|s| s.games).sum();
    assert_eq!(usize::try_from(seen / 2).expect("fits"), results.len(), "games seen by both players");
    for r in &results {
        assert!(r.winner.is_some(), "every game was played to its end: {r:?}");
    }
    teacher.send(b"v").await;
    assert!(teacher.wait_for("over: final standings").await, "{}", teacher.contents());
    let recount = standings_from(TournamentKind::Arena, &names, &results, &[]);
    let expected: Vec<(String, u32, u32, u32)> =
        recount.iter().map(|r| (r.player.clone(), r.points, r.games, r.won)).collect();
    assert_eq!(
        shown_standings(&teacher.contents(), &names),
        expected,
        "the projector:\n{}",
        teacher.contents()
    );
    running.stop(Duration::from_secs(3)).await;
}

/// A round robin of 4 and a Swiss of 6, each run to its last round over the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_and_a_swiss_of_six_meet_each_pair_once_and_balance_first_moves() {
    // And a round robin of 3: each sits out one round, a bye (a point) the database does not
    // keep but the recount finds.
    for (kind, n, down) in [
        (TournamentKind::RoundRobin, 4, 1),
        (TournamentKind::Swiss, 6, 2),
        (TournamentKind::RoundRobin, 3, 1),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let (running, mut teacher, mut students) = class(dir.path(), n).await;
        let names: Vec<String> = students.iter().map(|s| s.name.clone()).collect();
        start(&mut teacher, down, n).await;
        // A student who comes late is not in a round robin or a Swiss: they stay in the lobby.
        let mut late = arrive(running.addr(), "late").await;
        let db = Db::open(&dir.path().join("server.sqlite3")).expect("db");
        let end = Instant::now() + PATIENCE;
        let (row, results) = loop {
            play_a_little(&mut teacher, &mut students).await;
            if let Some(done) = ended_tournament(&db)
                && students.iter().all(|s| !s.in_game)
            {
                break done;
            }
            assert!(Instant::now() < end, "{kind:?} did not end:\n{}", teacher.contents());
        };
        assert_eq!(row.kind, kind);
        assert!(!results.iter().any(|r| r.first == "late" || r.second == "late"), "{results:?}");
        drain(&mut late.player).await;
        assert!(late.player.contents().contains(LOBBY), "{}", late.player.contents());
        assert!(!late.player.contents().contains("Tournament:"), "{}", late.player.contents());
        let rounds = row.rounds.expect("rounds planned");
        let expected_rounds = match kind {
            TournamentKind::RoundRobin => nim_serve::pairing::berger_rounds(n),
            _ => 3,
        };
        assert_eq!(usize::try_from(rounds).expect("fits"), expected_rounds);
        // Every round played whole: n/2 games a round (an odd number sits one out).
        assert_eq!(results.len(), expected_rounds * (n / 2), "{kind:?}: {results:?}");
        let mut met = BTreeSet::new();
        let mut balance: BTreeMap<&str, i32> = BTreeMap::new();
        let mut byes: BTreeMap<&str, u32> = BTreeMap::new();
        for round in 1..=rounds {
            let games: Vec<&TournamentResult> = results.iter().filter(|r| r.round == round).collect();
            let playing: Vec<&str> =
                games.iter().flat_map(|r| [r.first.as_str(), r.second.as_str()]).collect();
            for name in names.iter().filter(|n| !playing.contains(&n.as_str())) {
                *byes.entry(name.as_str()).or_default() += 1;
            }
        }
        for r in &results {
            let pair = if r.first < r.second { (&r.first, &r.second) } else { (&r.second, &r.first) };
            assert!(met.insert(pair), "{kind:?}: {pair:?} met twice");
            *balance.entry(r.first.as_str()).or_default() += 1;
            *balance.entry(r.second.as_str()).or_default() -= 1;
        }
        if kind == TournamentKind::RoundRobin {
            assert_eq!(met.len(), n * (n - 1) / 2, "everyone met everyone");
        }
        for (name, b) in &balance {
            assert!(b.abs() <= 1, "{kind:?}: {name} moved first {b} more often than second");
        }
        for (name, b) in &byes {
            assert!(*b <= 1, "{kind:?}: {name} had {b} byes");
        }
        // The projector's standings are the database's recount.
        teacher.send(b"v").await;
        assert!(teacher.wait_for("over: final standings").await, "{}", teacher.contents());
        let byes_kept = nim_serve::tournament::byes_from(kind, &names, &results);
        assert_eq!(byes_kept.len(), byes.values().sum::<u32>() as usize, "{kind:?}");
        if !n.is_multiple_of(2) {
            assert_eq!(byes_kept.len(), usize::try_from(rounds).expect("fits"), "a bye every round");
        }
        let recount = standings_from(kind, &names, &results, &byes_kept);
        let expected: Vec<(String, u32, u32, u32)> =
            recount.iter().map(|r| (r.player.clone(), r.points, r.games, r.won)).collect();
        assert_eq!(shown_standings(&teacher.contents(), &names), expected, "{}", teacher.contents());
        running.stop(Duration::from_secs(3)).await;
    }
}

/// A round robin of four across three hosts sharing PostgreSQL: the teacher and s01 on host a,
/// t01 and t02 on host b, u01 on host c. The director (on a) seats every game: between a and
/// another host, wholly on b, and between b and c (the moves passing through a, the game's home);
/// each student plays on their own host; every game is kept once, by the director's host, and the
/// students on the other hosts see the standings in their lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_across_three_hosts_plays_every_game_and_keeps_each_once() {
    let Some(pg) = crate::support::pg::database() else { return };
    let url = pg.url();
    let host = |id: &str| {
        let (url, id) = (url.clone(), id.to_string());
        move |o: &mut nim_serve::Options| {
            o.db = std::path::PathBuf::from(url);
            o.hosts = Some(nim_serve::hosts::HostOptions { id, lease: Duration::from_secs(3) });
        }
    };
    let dirs = [(); 3].map(|()| tempfile::tempdir().expect("temp dir"));
    let (a, mut teacher, mut students) = class_with(dirs[0].path(), 1, host("a")).await;
    let mut on_b = options(dirs[1].path());
    host("b")(&mut on_b);
    let b = server(on_b).await;
    let mut on_c = options(dirs[2].path());
    host("c")(&mut on_c);
    let c = server(on_c).await;
    for (at, name) in [(b.addr(), "t01"), (b.addr(), "t02"), (c.addr(), "u01")] {
        students.push(arrive(at, name).await);
    }
    assert!(
        teacher.wait_until(|s| s.contains("t01 · b") && s.contains("t02 · b") && s.contains("u01 · c")).await,
        "{}",
        teacher.contents()
    );
    start(&mut teacher, 1, 4).await;
    let db =
        Db::open_at(&nim_serve::db::Location::parse(std::path::Path::new(&url)).expect("url")).expect("db");
    let end = Instant::now() + PATIENCE / 4;
    let (row, results) = loop {
        play_a_little(&mut teacher, &mut students).await;
        if let Some(done) = ended_tournament(&db)
            && students.iter().all(|s| !s.in_game)
        {
            break done;
        }
        assert!(
            Instant::now() < end,
            "the tournament did not end:\n{}\n{}",
            teacher.contents(),
            students.iter().map(|s| s.player.contents()).collect::<Vec<_>>().join("\n")
        );
    };
    assert_eq!(row.kind, TournamentKind::RoundRobin);
    // Three rounds of two games: every pair met once.
    let mut met: Vec<(String, String)> = results
        .iter()
        .map(|r| {
            if r.first < r.second {
                (r.first.clone(), r.second.clone())
            } else {
                (r.second.clone(), r.first.clone())
            }
        })
        .collect();
    met.sort();
    assert_eq!(
        met,
        [("s01", "t01"), ("s01", "t02"), ("s01", "u01"), ("t01", "t02"), ("t01", "u01"), ("t02", "u01")]
            .map(|(x, y)| (x.to_string(), y.to_string())),
        "{results:?}"
    );
    // Each kept once, every move with it: none twice from two hosts.
    assert_eq!(
        pg.psql("SELECT count(*) || '/' || count(DISTINCT game_id) FROM tournament_games").trim(),
        "6/6"
    );
    assert_eq!(pg.psql("SELECT count(*) FROM games").trim(), "6");
    // The students on b and c see the tournament over in their lobby (the director's standings),
    // once a key has put away the lobby's last note, which the line shows instead.
    for s in students.iter_mut().filter(|s| s.name != "s01") {
        s.player.send(b"\x1b[B").await;
        assert!(
            s.player.wait_until(|screen| screen.contains("Tournament") && screen.contains("over")).await,
            "{}: {}",
            s.name,
            s.player.contents()
        );
    }
    for running in [c, b, a] {
        running.stop(Duration::from_secs(5)).await;
    }
}

/// A tournament game left before its first move is lost by whoever leaves it, so leaving asks
/// first, as in a game in play: a `q` meant for the game before (pressed as the next round seated
/// the player) gives nothing away; `y` then leaves it, a loss, and the other player is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_a_tournament_game_before_its_first_move_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (running, mut teacher, mut students) = class(dir.path(), 2).await;
    start(&mut teacher, 1, 2).await;
    for s in students.iter_mut() {
        assert!(s.player.wait_for("'s turn").await, "{}", s.player.contents());
    }
    let [s01, s02] = &mut students[..] else { panic!("two students") };
    s01.player.send(b"q").await;
    assert!(s01.player.wait_for("Leave this game? It counts as a loss").await, "{}", s01.player.contents());
    // Any other key stays.
    s01.player.send(b"n").await;
    assert!(s01.player.wait_until(|s| !s.contains("Leave this game?")).await, "{}", s01.player.contents());
    assert!(s01.player.contents().contains("'s turn"), "{}", s01.player.contents());
    // y leaves: a loss, kept; the other player is back in the lobby, told.
    s01.player.send(b"q").await;
    assert!(s01.player.wait_for("Leave this game? It counts as a loss").await, "{}", s01.player.contents());
    s01.player.send(b"y").await;
    assert!(s01.player.wait_for(LOBBY).await, "{}", s01.player.contents());
    assert!(s02.player.wait_for("s01 left the game").await, "{}", s02.player.contents());
    let db = Db::open(&dir.path().join("server.sqlite3")).expect("db");
    let end = Instant::now() + PATIENCE;
    let results = loop {
        let results = db
            .tournaments()
            .expect("tournaments")
            .last()
            .map(|t| db.tournament_results(t.id).expect("results"));
        if let Some(results) = results.filter(|r| !r.is_empty()) {
            break results;
        }
        assert!(Instant::now() < end, "the game left is not kept");
        tokio::task::yield_now().await;
        drain(&mut teacher).await;
    };
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0].winner.as_deref(), Some("s02"), "{results:?}");
    running.stop(Duration::from_secs(5)).await;
}
