//! `nim-tui-serve report` as a teacher runs it, on a database filled through the store as the
//! server fills it: a class of students with games against the AI and between people, played by
//! the game's own `app::Game` (so every move is graded by the app's coaching, as on the server),
//! games left, games stopped by the server, an activity, lessons and puzzles, and names a
//! spreadsheet or a careless CSV would break. The CSV is read back by Python's `csv` module and
//! checked against what was played; every graded move in the JSON is checked against the engine,
//! asked afresh.
//!
//! The checks are helpers ([`report`], [`csv_by_python`], [`check_grades`], [`check_lines`]) that a
//! test of a live class can use on its server's database.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;
use std::time::SystemTime;

use nim_serve::db::{self, ActivityRow, Db, GameRow, Outcome, Played};
use nim_serve::store::Store;
use nim_tui::app::Game;
use nim_tui::domain::{Level, Names, Players, Seat};
use nim_tui::engine::{GameKind, Mode, Position, Rules, Ruleset, parse_heaps};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::command;

/// Runs `nim-tui-serve report` on the database at `db` with `args`, with the test's own home.
pub fn report(home: &Path, db: &Path, args: &[&str]) -> Output {
    command(home).arg("report").arg("--db").arg(db).args(args).output().expect("run nim-tui-serve report")
}

/// The CSV at `path` as Python's `csv.DictReader` reads it: a map of column to text per line.
pub fn csv_by_python(path: &Path) -> Vec<BTreeMap<String, String>> {
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(
            "import csv, json, sys\n\
             with open(sys.argv[1], newline='', encoding='utf-8') as f:\n\
             \x20   print(json.dumps(list(csv.DictReader(f))))",
        )
        .arg(path)
        .output()
        .expect("python3 runs (it is on the machine and in CI)");
    assert!(out.status.success(), "python3: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("python's JSON")
}

/// What a student's line must say, counted here from what was played (not from the database).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Expected {
    pub games: u32,
    pub won: u32,
    pub lost: u32,
    pub abandoned: u32,
    pub ended_by_server: u32,
    pub assisted: u32,
    pub moves: u32,
    pub kept: u32,
    pub missed: u32,
    pub think_ms: u64,
    pub lesson_steps: u32,
    pub puzzles_tried: u32,
    pub puzzles_solved: u32,
}

impl Expected {
    /// Counts one game for each of its players.
    pub fn count(all: &mut BTreeMap<String, Expected>, played: &Played) {
        for row in &played.rows {
            let e = all.entry(row.player.clone()).or_default();
            e.games += 1;
            match row.outcome {
                Outcome::Won => e.won += 1,
                Outcome::Lost => e.lost += 1,
                Outcome::EndedByServer => e.ended_by_server += 1,
            }
            e.abandoned += u32::from(row.ended_by == format!("left by {}", row.player));
            e.assisted += u32::from(row.assisted);
            for m in played.moves.iter().filter(|m| m.player == row.player) {
                e.moves += 1;
                e.kept += u32::from(m.grade == db::Grade::Kept);
                e.missed += u32::from(m.grade == db::Grade::Missed);
                e.think_ms += m.ms;
            }
        }
    }
}

impl Expected {
    /// Counts every game and move of a report's JSON for each of its players (lessons and
    /// puzzles, which are not games, taken from its students' lines): what the CSV must say,
    /// for a test that did not script the games itself (a live class).
    pub fn from_report(json: &serde_json::Value) -> BTreeMap<String, Expected> {
        let mut all: BTreeMap<String, Expected> = BTreeMap::new();
        for g in json["games"].as_array().expect("games") {
            if let (Some(started), Some(ended)) = (g["started_at"].as_str(), g["ended_at"].as_str()) {
                assert!(started <= ended, "a game that ended before it started: {g}");
            }
            for p in g["players"].as_array().expect("players") {
                let name = p["player"].as_str().expect("a name");
                let e = all.entry(name.to_string()).or_default();
                e.games += 1;
                match p["outcome"].as_str().expect("an outcome") {
                    "won" => e.won += 1,
                    "lost" => e.lost += 1,
                    "ended_by_server" => e.ended_by_server += 1,
                    other => panic!("outcome {other}"),
                }
                e.abandoned += u32::from(p["ended_by"].as_str() == Some(&format!("left by {name}")));
                e.assisted += u32::from(p["assisted"].as_bool().expect("assisted"));
                for m in g["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .filter(|m| m["player"].as_str() == Some(name))
                {
                    e.moves += 1;
                    e.kept += u32::from(m["grade"] == "kept");
                    e.missed += u32::from(m["grade"] == "missed");
                    e.think_ms += m["ms"].as_u64().expect("ms");
                }
            }
        }
        for s in json["students"].as_array().expect("students") {
            let e = all.entry(s["student"].as_str().expect("a name").to_string()).or_default();
            e.lesson_steps = u32::try_from(s["lesson_steps"].as_u64().expect("lessons")).expect("u32");
            e.puzzles_tried = u32::try_from(s["puzzles_tried"].as_u64().expect("puzzles")).expect("u32");
            e.puzzles_solved = u32::try_from(s["puzzles_solved"].as_u64().expect("puzzles")).expect("u32");
        }
        all
    }
}

/// The CSV's lines (as Python read them) say what `expected` says, student by student, and
/// nothing else: names as they were (but the apostrophe that makes `=`, `+`, `-`, `@` text),
/// accuracy as kept / met to four places (empty when no winning position was met).
pub fn check_lines(lines: &[BTreeMap<String, String>], expected: &BTreeMap<String, Expected>) {
    let columns: Vec<&str> = nim_serve::report::CSV_COLUMNS.to_vec();
    let mut seen = Vec::new();
    for line in lines {
        assert_eq!(
            line.keys().map(String::as_str).collect::<std::collections::BTreeSet<_>>(),
            columns.iter().copied().collect()
        );
        let shown = &line["student"];
        let name = match shown.strip_prefix('\'') {
            Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest.to_string(),
            _ => shown.clone(),
        };
        let e = expected.get(&name).unwrap_or_else(|| panic!("{name:?} is in the CSV and played nothing"));
        let n = |column: &str| {
            line[column].parse::<u64>().unwrap_or_else(|_| panic!("{column}: {:?}", line[column]))
        };
        let got = Expected {
            games: n("games") as u32,
            won: n("won") as u32,
            lost: n("lost") as u32,
            abandoned: n("abandoned") as u32,
            ended_by_server: n("ended_by_server") as u32,
            assisted: n("assisted") as u32,
            moves: n("moves") as u32,
            kept: n("kept") as u32,
            missed: n("missed") as u32,
            think_ms: (line["time_on_task_s"].parse::<f64>().expect("seconds") * 1000.0).round() as u64,
            lesson_steps: n("lesson_steps") as u32,
            puzzles_tried: n("puzzles_tried") as u32,
            puzzles_solved: n("puzzles_solved") as u32,
        };
        assert_eq!(&got, e, "{name:?}'s line: {line:?}");
        assert_eq!(n("winning_positions") as u32, e.kept + e.missed);
        assert_eq!(got.games, got.won + got.lost + got.ended_by_server);
        let met = e.kept + e.missed;
        if met == 0 {
            assert_eq!(line["accuracy"], "", "{name:?}: no winning position met, no accuracy");
        } else {
            let accuracy: f64 = line["accuracy"].parse().expect("accuracy");
            assert!((accuracy - f64::from(e.kept) / f64::from(met)).abs() < 0.000_05, "{name:?}: {accuracy}");
            assert!((0.0..=1.0).contains(&accuracy));
        }
        assert!(line["first_seen"] <= line["last_seen"] && !line["first_seen"].is_empty(), "{line:?}");
        seen.push(name);
    }
    let wanted: Vec<&String> = expected.keys().collect();
    let mut seen_sorted: Vec<&String> = seen.iter().collect();
    seen_sorted.sort();
    assert_eq!(seen_sorted, wanted, "every student once");
}

/// Every move in the report's JSON, checked against the engine asked afresh: the positions
/// follow from the start move by move, a move graded kept was made from a winning position and
/// leaves the opponent a losing one, missed from a winning position to a winning one for the
/// opponent (and its better move leaves a losing one), no win from a losing position. Answers
/// the number of moves checked.
pub fn check_grades(json: &serde_json::Value) -> usize {
    use nim_tui::engine::Outcome::{Lose, Win};
    let mut checked = 0;
    for g in json["games"].as_array().expect("games") {
        let Some(start) = g["start"].as_str() else { continue };
        let kind: GameKind = g["game"].as_str().expect("game").parse().expect("a game's name");
        let mode: Mode = g["mode"].as_str().expect("mode").parse().expect("a mode");
        let engine = Ruleset::new(kind, mode).game();
        let mut position = Position::new(parse_heaps(start).expect("the start"));
        for (i, m) in g["moves"].as_array().expect("moves").iter().enumerate() {
            assert_eq!(m["ply"].as_u64(), Some(i as u64 + 1));
            let before = m["before"].as_str().expect("before");
            assert_eq!(before, position.to_string(), "the position before move {}", i + 1);
            let mv = engine.read_move(m["move"].as_str().expect("move")).expect("a move the game reads");
            let could_win = engine.outcome(&position) == Win;
            let mut after = position.clone();
            engine.play(&mut after, &mv).expect("a legal move");
            let leaves_a_loss = engine.outcome(&after) == Lose;
            let grade = m["grade"].as_str().expect("grade");
            match grade {
                "kept" => assert!(could_win && leaves_a_loss, "{m}"),
                "missed" => {
                    assert!(could_win && !leaves_a_loss, "{m}");
                    let better =
                        engine.read_move(m["better"].as_str().expect("a better move")).expect("a move");
                    let mut won = position.clone();
                    engine.play(&mut won, &better).expect("the better move is legal");
                    assert_eq!(engine.outcome(&won), Lose, "the better move wins: {m}");
                }
                "no_win" => assert!(!could_win, "{m}"),
                other => panic!("grade {other}"),
            }
            position = after;
            checked += 1;
        }
    }
    checked
}

/// How a scripted game ends.
#[derive(Debug, Clone, Copy)]
enum End {
    /// Played to the last move.
    Played,
    /// The player in this seat leaves after this many moves (a loss for them).
    Left(Seat, usize),
    /// The server stops after this many moves.
    Stopped(usize),
}

/// Plays one game as the server's tables play it (the app's own `Game`): `players[0]` in the
/// first seat, `players[1]` in the second (`ai` for the AI, at `level`); each person plays the
/// perfect move `skill` percent of the time and a random legal one otherwise, taking 0.2 to 6 s.
/// Answers the game as the store keeps it.
fn script(
    rules: Ruleset,
    heaps: &[u64],
    players: [&str; 2],
    level: Level,
    skill: u32,
    end: End,
    rng: &mut StdRng,
) -> Played {
    let mut game =
        Game::with_rng(rules, level, heaps.to_vec(), Seat::First, StdRng::seed_from_u64(rng.random()));
    let against_ai = players[1] == "ai";
    if !against_ai {
        game.set_players(Players::Hotseat(Names([players[0].into(), players[1].into()])));
    }
    let stop = match end {
        End::Played => usize::MAX,
        End::Left(_, n) | End::Stopped(n) => n,
    };
    let mut ms = Vec::new();
    while game.over.is_none() && game.moves().len() < stop {
        if game.ai_to_move() {
            assert!(game.ai_play());
            ms.push(600);
            continue;
        }
        let engine = game.engine().clone();
        let position = game.position().clone();
        let mv = match engine.ai_move(&position) {
            Some(best) if rng.random_range(0..100) < skill => best,
            _ => {
                let n = engine.move_count(&position);
                engine.nth_move(&position, rng.random_range(0..n)).expect("a legal move")
            }
        };
        game.select_move(&mv);
        assert!(game.take(), "{mv:?} from {position:?}");
        ms.push(rng.random_range(200..6000));
    }
    let moves = db::graded_moves(&game, players, &ms);
    let seats = if against_ai { 1 } else { 2 };
    let kind = rules.kind.name();
    let rows = (0..seats)
        .map(|s| {
            let seat = if s == 0 { Seat::First } else { Seat::Second };
            let (outcome, ended_by) = match (end, game.over.as_ref()) {
                (End::Played, Some(over)) => {
                    (if over.winner == seat { Outcome::Won } else { Outcome::Lost }, "play".to_string())
                }
                (End::Left(leaver, _), _) => (
                    if leaver == seat { Outcome::Lost } else { Outcome::Won },
                    format!("left by {}", players[usize::from(leaver == Seat::Second)]),
                ),
                _ => (Outcome::EndedByServer, "server stopped".to_string()),
            };
            GameRow {
                player: players[s].to_string(),
                opponent: players[1 - s].to_string(),
                game: kind.clone(),
                mode: rules.mode.as_str().into(),
                level: if against_ai { format!("{level:?}").to_lowercase() } else { "-".into() },
                outcome,
                assisted: game.used_hint,
                moves: u32::try_from(game.moves().len()).expect("moves"),
                ended_by,
                counted: true,
            }
        })
        .collect();
    Played {
        rows,
        started_at: Some(SystemTime::now()),
        start: db::position_text(&Position::new(heaps.to_vec())),
        moves,
        activity: None,
        helped: game.used_hint,
        tournament: None,
    }
}

/// Names a spreadsheet or a careless CSV would break, and ordinary ones.
const CLASS: [&str; 14] = [
    "ann",
    "bob",
    "o'neil, \"the\" great",
    "=HYPERLINK(\"x\")",
    "+1",
    "-2",
    "@sum",
    "line\nbreak",
    "王小明",
    "cy",
    "dee",
    "eve",
    "fay",
    "gus",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_report_of_a_class_reads_back_as_played_and_every_grade_is_the_engines() {
    // SQLite, and the same class in PostgreSQL (`report --db postgres://…`).
    for backend in crate::support::pg::backends() {
        class_report_in(&backend).await;
    }
}

async fn class_report_in(backend: &crate::support::pg::Backend) {
    let home = tempfile::tempdir().expect("temp dir");
    let path = backend.db_arg();
    let at = db::Location::parse(&path).expect("the database's location");
    let store = Store::open_at(&at).expect("the store");
    let mut rng = StdRng::seed_from_u64(32);
    let mut expected: BTreeMap<String, Expected> = BTreeMap::new();
    let mut in_activity: BTreeMap<String, Expected> = BTreeMap::new();
    let nim = Ruleset::nim(Mode::Normal);
    let misere = Ruleset::nim(Mode::Misere);
    let kayles = Ruleset::new("kayles".parse().expect("kayles"), Mode::Normal);
    let mut games = 0;
    // Against the AI: every student, each rules and a way of ending.
    for (i, name) in CLASS.iter().enumerate() {
        let skill = [100, 80, 50, 20, 0][i % 5];
        for (j, (rules, heaps)) in
            [(nim, vec![3, 4, 5]), (misere, vec![1, 2, 6]), (kayles, vec![7, 4])].into_iter().enumerate()
        {
            let end = match (i + j) % 5 {
                3 => End::Left(Seat::First, 2),
                4 => End::Stopped(1),
                _ => End::Played,
            };
            let level = Level::ALL[(i + j) % 4];
            let played = script(rules, &heaps, [name, "ai"], level, skill, end, &mut rng);
            Expected::count(&mut expected, &played);
            store.record_game(played);
            games += 1;
        }
    }
    // A class race: pairs between people, and a few against the AI.
    let id = store.next_activity_id().expect("an id");
    store.activity_started(ActivityRow {
        id,
        started_at: SystemTime::now(),
        game: "nim".into(),
        mode: "normal".into(),
        heaps: Some("2 5 7".into()),
        puzzle: None,
        hints: false,
        time_limit: Some(600),
        started_by: "mrslee".into(),
    });
    for (k, pair) in CLASS.chunks(2).enumerate() {
        let end = if k == 2 { End::Left(Seat::Second, 3) } else { End::Played };
        let mut played =
            script(nim, &[2, 5, 7], [pair[0], pair[1]], Level::Perfect, [90, 40][k % 2], end, &mut rng);
        played.activity = Some(id);
        Expected::count(&mut expected, &played);
        Expected::count(&mut in_activity, &played);
        store.record_game(played);
        games += 1;
    }
    // Lessons (a step done twice counts once) and puzzles, one in the activity.
    for name in &CLASS[..4] {
        for step in [0, 1, 1, 2] {
            store.lesson_done(name, "nim", step);
        }
        expected.get_mut(*name).expect("a student").lesson_steps += 3;
        store.puzzle_done(name, true, None);
        store.puzzle_done(name, false, Some(id));
        let e = expected.get_mut(*name).expect("a student");
        e.puzzles_tried += 2;
        e.puzzles_solved += 1;
        in_activity.get_mut(*name).expect("in the race").puzzles_tried += 1;
    }
    store.activity_ended(id, SystemTime::now());
    store.flush().await;
    let grades: Vec<String> = Db::open_read_only_at(&at)
        .expect("read")
        .games(db::Selection::All)
        .expect("games")
        .iter()
        .flat_map(|g| g.moves.iter().map(|m| m.grade.as_str().to_string()))
        .collect();
    for grade in ["kept", "missed", "no_win"] {
        assert!(grades.iter().any(|g| g == grade), "no move graded {grade}: the class is not varied enough");
    }
    for (name, e) in &expected {
        assert!(e.games > 0, "{name}");
    }
    assert!(expected.values().any(|e| e.abandoned > 0) && expected.values().any(|e| e.ended_by_server > 0));

    // Everything, while the store still has the file open (as a running server would).
    let csv = home.path().join("all.csv");
    let json = home.path().join("all.json");
    let out = report(
        home.path(),
        &path,
        &["--csv", csv.to_str().expect("utf-8"), "--json", json.to_str().expect("utf-8")],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    check_lines(&csv_by_python(&csv), &expected);
    let all: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("the JSON")).expect("JSON");
    assert_eq!(all["version"], 1);
    assert_eq!(all["games"].as_array().expect("games").len(), games);
    let moves: usize = expected.values().map(|e| e.moves as usize).sum::<usize>();
    let checked = check_grades(&all);
    assert!(checked >= moves, "{checked} moves checked, the students alone made {moves}");
    assert_eq!(all["students"].as_array().expect("students").len(), CLASS.len());
    assert_eq!(Expected::from_report(&all), expected, "the JSON's games say what was played");

    // The activity alone, to standard output.
    let out = report(home.path(), &path, &["--activity", &id.to_string(), "--csv", "-"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let race = home.path().join("race.csv");
    std::fs::write(&race, &out.stdout).expect("write");
    check_lines(&csv_by_python(&race), &in_activity);
    let out = report(home.path(), &path, &["--activity", "999", "--csv", "-"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains(&format!("no activity 999 in {}", path.display()))
            && err.contains(&format!("the latest: {id}")),
        "{err}"
    );
    let out = report(home.path(), &path, &["--activity", &id.to_string(), "--json", "-"]);
    let race: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(race["activity"]["started_by"], "mrslee");
    assert!(race["activity"]["ended_at"].is_string());
    assert_eq!(race["games"].as_array().expect("games").len(), CLASS.len() / 2);
    assert_eq!(Expected::from_report(&race), in_activity);
    check_grades(&race);

    // The days the class played hold it all; a day long before holds nothing but the header.
    let day = |key: &str| {
        all["students"]
            .as_array()
            .expect("students")
            .iter()
            .map(|s| s[key].as_str().expect("a time")[..10].to_string())
            .collect::<Vec<_>>()
    };
    let (first, last) = (
        day("first_seen").into_iter().min().expect("a day"),
        day("last_seen").into_iter().max().expect("a day"),
    );
    let ranged = home.path().join("days.csv");
    let out = report(
        home.path(),
        &path,
        &["--from", &first, "--to", &last, "--csv", ranged.to_str().expect("utf-8")],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    check_lines(&csv_by_python(&ranged), &expected);
    let out = report(home.path(), &path, &["--to", "2000-01-01", "--csv", "-"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1, "the header alone");
}

/// What a teacher can get wrong is refused with a message that says what and exit 2; nothing is
/// written.
#[test]
fn bad_dates_paths_and_activities_are_refused_with_exit_2() {
    let home = tempfile::tempdir().expect("temp dir");
    let path = home.path().join("s.sqlite3");
    drop(Db::open(&path).expect("an empty database"));
    let cases: [(&[&str], &str); 8] = [
        (&["--from", "2026-02-30", "--csv", "-"], "--from 2026-02-30: not a date"),
        (&["--to", "march", "--csv", "-"], "YYYY-MM-DD"),
        (&["--from", "2026-03-02", "--to", "2026-03-01", "--csv", "-"], "after --to"),
        (&["--activity", "7", "--csv", "-"], "no activity 7"),
        (&["--csv", "-", "--json", "-"], "cannot both go to standard output"),
        (&["--csv", "nowhere/at/all.csv"], "its folder does not exist"),
        (&["--activity", "1", "--from", "2026-01-01", "--csv", "-"], "cannot be used with"),
        (&[], "--csv"),
    ];
    for (args, says) in cases {
        let out = report(home.path(), &path, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?} should say {says:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = report(home.path(), &home.path().join("missing.sqlite3"), &["--csv", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no database at"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!home.path().join("missing.sqlite3").exists(), "the report made a database");
    // Without --db, the server's own default (in the data directory).
    let out = command(home.path()).args(["report", "--csv", "-"]).output().expect("run");
    assert_eq!(out.status.code(), Some(2));
    let data = home.path().join("data/nim-tui/server.sqlite3");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&data.display().to_string()),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The server's --db is the report's too.
    let out =
        command(home.path()).arg("--db").arg(&path).args(["report", "--csv", "-"]).output().expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().next(),
        Some(nim_serve::report::CSV_COLUMNS.join(",").as_str())
    );
}

/// The README's table of the CSV's columns names every column the report writes.
#[test]
fn the_readme_documents_every_column() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).expect("README");
    let part = &readme[readme.find("### Reports: `nim-tui serve report`").expect("the README's reports")..];
    for column in nim_serve::report::CSV_COLUMNS {
        assert!(part.contains(&format!("`{column}`")), "the README does not document `{column}`");
    }
}
