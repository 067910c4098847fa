//! The data files from the outside: statistics counted, the saved game round trip, corrupt files
//! moved aside and reported once, atomic writes, and `nim-tui stats` run as a program.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use nim_tui::domain::{GameResult, SavedGame, SavedMove, Seat as Player, Stats};
use nim_tui::domain::{History, Level, Players};
use nim_tui::engine::{GameKind, Mode, Move, Position, Rules, Ruleset, Take};
use nim_tui::store::{Store, StoreError};

const WIN: GameResult = GameResult { won: true, assisted: false, how: nim_tui::domain::How::Played };
const LOSS: GameResult = GameResult { won: false, assisted: false, how: nim_tui::domain::How::Played };
const ASSISTED_WIN: GameResult = GameResult { won: true, assisted: true, how: nim_tui::domain::How::Played };

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    // A subdirectory that does not exist yet, as on a first run.
    let store = Store::at(dir.path().join("nim-tui"));
    (dir, store)
}

/// Every file in `dir`, by name, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn corrupt_copies(dir: &Path, stem: &str) -> Vec<PathBuf> {
    names(dir)
        .into_iter()
        .filter(|n| n.starts_with(&format!("{stem}.corrupt-")) && n.ends_with(".json"))
        .map(|n| dir.join(n))
        .collect()
}

/// 3 4 5, you then the AI each take from a heap; you to move.
fn sample_game() -> SavedGame {
    let mut game = SavedGame::new(Mode::Misere, Level::Hard, vec![3, 4, 5], Player::First, 250);
    game.moves =
        vec![SavedMove::new(Player::First, Take::new(0, 2)), SavedMove::new(Player::Second, Take::new(2, 5))];
    game.heaps = vec![1, 4, 0];
    game.turn = Player::First;
    game.seed = Some(42);
    game
}

#[test]
fn wins_and_losses_are_counted_with_streaks() {
    let mut stats = Stats::default();
    for result in [WIN, WIN, LOSS, WIN] {
        stats.record(Mode::Normal, result);
    }
    stats.record(Mode::Misere, LOSS);
    let n = stats.mode(Mode::Normal);
    assert_eq!((n.played, n.won, n.lost, n.assisted_wins), (4, 3, 1, 0));
    assert_eq!((n.current_streak, n.best_streak), (1, 2));
    let m = stats.mode(Mode::Misere);
    assert_eq!((m.played, m.won, m.lost, m.current_streak, m.best_streak), (1, 0, 1, 0, 0));
    let t = stats.totals();
    assert_eq!((t.played, t.won, t.lost), (5, 3, 2));
}

#[test]
fn assisted_wins_count_as_wins_but_do_not_extend_the_streak() {
    let mut stats = Stats::default();
    for result in [WIN, ASSISTED_WIN, ASSISTED_WIN, WIN] {
        stats.record(Mode::Misere, result);
    }
    let m = stats.mode(Mode::Misere);
    assert_eq!((m.played, m.won, m.lost, m.assisted_wins), (4, 4, 0, 2));
    // The assisted wins neither add to nor break the run of unassisted wins around them.
    assert_eq!((m.current_streak, m.best_streak), (2, 2));
    stats.record(Mode::Misere, LOSS);
    assert_eq!(stats.mode(Mode::Misere).current_streak, 0);
    assert_eq!(stats.mode(Mode::Misere).best_streak, 2);
    assert_eq!(stats.mode(Mode::Normal).played, 0);
}

#[test]
fn puzzle_streak() {
    let mut stats = Stats::default();
    for solved in [true, true, true, false, true] {
        stats.record_puzzle(solved);
    }
    let p = stats.puzzle;
    assert_eq!((p.attempted, p.solved, p.current_streak, p.best_streak), (5, 4, 1, 3));
}

#[test]
fn stats_are_fresh_without_a_file_and_survive_a_round_trip() {
    let (_tmp, store) = store();
    assert_eq!(store.load_stats(), (Stats::default(), None));
    let mut stats = Stats::default();
    stats.record(Mode::Normal, WIN);
    stats.record(Mode::Misere, ASSISTED_WIN);
    stats.record_puzzle(true);
    store.save_stats(&stats).unwrap();
    assert_eq!(store.load_stats(), (stats.clone(), None));

    let (after, warning) = store.record_game(Mode::Normal, LOSS).unwrap();
    assert_eq!(warning, None);
    assert_eq!(after.normal.lost, 1);
    assert_eq!(store.load_stats().0, after);
}

#[test]
fn saved_game_round_trip_and_clear() {
    let (_tmp, store) = store();
    assert_eq!(store.load_game(), (None, None));
    // Clearing when there is nothing to clear is fine.
    store.clear_game().unwrap();

    let game = sample_game();
    game.validate().unwrap();
    store.save_game(&game).unwrap();
    assert_eq!(store.load_game(), (Some(game.clone()), None));

    let text = fs::read_to_string(store.game_path()).unwrap();
    assert!(text.contains("\"by\": \"ai\""), "{text}");
    assert!(text.contains("\"level\": \"hard\""), "{text}");
    assert!(text.contains("\"mode\": \"misere\""), "{text}");

    // Clearing without having resumed the game leaves it alone: only the game that resumed it
    // clears it.
    store.clear_game().unwrap();
    assert_eq!(store.load_game(), (Some(game.clone()), None));

    store.claim_game(&game).unwrap();
    assert!(!store.game_path().exists(), "a claimed game is no longer offered");
    assert_eq!(store.load_game(), (None, None));
    store.clear_game().unwrap();
    assert_eq!(names(store.dir()), [".nim-tui.lock"], "the claimed copy is gone");
}

#[test]
fn invalid_games_are_refused_on_save() {
    let (_tmp, store) = store();
    let mut over = sample_game();
    over.moves.push(SavedMove::new(Player::First, Take::new(0, 1)));
    over.moves.push(SavedMove::new(Player::Second, Take::new(1, 4)));
    over.heaps = vec![0, 0, 0];
    assert!(matches!(store.save_game(&over), Err(StoreError::InvalidGame(_))));
    assert!(!store.game_path().exists());
}

#[test]
fn validation_catches_each_kind_of_inconsistency() {
    type Spoil = fn(&mut SavedGame);
    let cases: Vec<(&str, Spoil)> = vec![
        ("version", |g| g.version = 99),
        ("heap count", |g| g.heaps.push(1)),
        ("heap grew", |g| g.heaps[1] = 9),
        ("heap 0", |g| g.moves[0].notation = "0 2".into()),
        ("no such heap", |g| g.moves[0].notation = "7 2".into()),
        ("take too many", |g| g.moves[0].notation = "1 4".into()),
        ("take nothing", |g| g.moves[0].notation = "1 0".into()),
        ("not a move", |g| g.moves[0].notation = "take two".into()),
        ("same mover twice", |g| g.moves[1].by = Player::First),
        ("wrong turn", |g| g.turn = Player::Second),
        ("heaps do not match the moves", |g| g.heaps = vec![1, 3, 0]),
        ("empty starting heap", |g| g.start_heaps[1] = 0),
        ("no heaps", |g| g.start_heaps.clear()),
    ];
    for (what, spoil) in cases {
        let mut game = sample_game();
        spoil(&mut game);
        assert!(game.validate().is_err(), "{what}: {game:?}");
    }
}

#[test]
fn atomic_write_replaces_content_and_leaves_no_temporary_files() {
    let (_tmp, store) = store();
    let mut stats = Stats::default();
    for _ in 0..5 {
        stats.record(Mode::Normal, WIN);
        store.save_stats(&stats).unwrap();
    }
    store.save_game(&sample_game()).unwrap();
    assert_eq!(names(store.dir()), [".nim-tui.lock", "game.json", "stats.json"]);
    assert_eq!(store.load_stats().0.normal.won, 5);
}

/// Writes `content` to `file` in the store, loads it, and checks that it was moved aside with
/// the warning given once and fresh data returned. Returns the moved-aside copy.
fn check_corrupt(store: &Store, file: &str, content: &[u8]) -> PathBuf {
    let path = store.dir().join(file);
    let stem = file.trim_end_matches(".json");
    let before = corrupt_copies(store.dir(), stem);
    fs::write(&path, content).unwrap();

    let warning = if file == "stats.json" {
        let (stats, warning) = store.load_stats();
        assert_eq!(stats, Stats::default());
        warning
    } else {
        let (game, warning) = store.load_game();
        assert_eq!(game, None);
        warning
    };
    let warning = warning.unwrap_or_else(|| panic!("no warning for {content:?}"));

    let after = corrupt_copies(store.dir(), stem);
    assert_eq!(after.len(), before.len() + 1, "{after:?}");
    let moved = after.into_iter().find(|p| !before.contains(p)).unwrap();
    assert_eq!(fs::read(&moved).unwrap(), content, "the bad file is kept as it was");
    assert!(!path.exists(), "the bad file is moved, not copied");
    assert!(warning.contains(&path.display().to_string()), "{warning}");
    assert!(warning.contains(&moved.display().to_string()), "{warning}");
    assert!(moved.file_name().unwrap().to_string_lossy().contains("corrupt"));

    // Reported once: the next load finds no file and says nothing.
    if file == "stats.json" {
        assert_eq!(store.load_stats(), (Stats::default(), None));
    } else {
        assert_eq!(store.load_game(), (None, None));
    }
    moved
}

#[test]
fn corrupt_stats_are_moved_aside_and_never_overwritten() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let mut stats = Stats::default();
    stats.record(Mode::Normal, WIN);
    let valid = serde_json::to_string(&stats).unwrap();
    let inconsistent = valid.replace("\"won\":1", "\"won\":7");
    assert_ne!(valid, inconsistent);

    let contents: Vec<Vec<u8>> = vec![
        vec![0xff, 0x00, 0x13, 0x37, 0xfe],
        valid.as_bytes()[..valid.len() / 2].to_vec(),
        inconsistent.into_bytes(),
        br#"{"version":1,"normal":{"played":"many"}}"#.to_vec(),
        b"[1,2,3]".to_vec(),
        Vec::new(),
    ];
    let mut copies = Vec::new();
    for content in &contents {
        copies.push(check_corrupt(&store, "stats.json", content));
    }
    // Every bad file has its own copy, so a second one did not overwrite the first.
    for (copy, content) in copies.iter().zip(&contents) {
        assert_eq!(&fs::read(copy).unwrap(), content);
    }
    // Fresh statistics can be saved afterwards without touching the copies.
    store.save_stats(&stats).unwrap();
    assert_eq!(store.load_stats(), (stats, None));
    assert_eq!(corrupt_copies(store.dir(), "stats").len(), contents.len());
}

#[test]
fn corrupt_games_are_moved_aside() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let valid = serde_json::to_string(&sample_game()).unwrap();
    let mut over = sample_game();
    over.moves.push(SavedMove::new(Player::First, Take::new(0, 1)));
    over.moves.push(SavedMove::new(Player::Second, Take::new(1, 4)));
    over.heaps = vec![0, 0, 0];
    let mut mismatched = sample_game();
    mismatched.heaps = vec![3, 4, 5];
    let mut grown = sample_game();
    grown.heaps = vec![1, 9, 0];

    let contents: Vec<Vec<u8>> = vec![
        b"\x00\x01garbage\xff".to_vec(),
        valid.as_bytes()[..valid.len() - 10].to_vec(),
        serde_json::to_vec(&over).unwrap(),
        serde_json::to_vec(&mismatched).unwrap(),
        serde_json::to_vec(&grown).unwrap(),
        valid.replace("\"mode\":\"misere\"", "\"mode\":\"sideways\"").into_bytes(),
    ];
    let mut copies = Vec::new();
    for content in &contents {
        copies.push(check_corrupt(&store, "game.json", content));
    }
    for (copy, content) in copies.iter().zip(&contents) {
        assert_eq!(&fs::read(copy).unwrap(), content);
    }
    // The statistics file is not involved.
    assert!(!store.stats_path().exists());
}

/// Runs `nim-tui` with its data in `data_home` and no terminal.
fn run(data_home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_nim-tui"))
        .args(args)
        .env("XDG_DATA_HOME", data_home)
        .env("HOME", data_home)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn stats_json_reports_prepared_figures() {
    let tmp = tempfile::tempdir().unwrap();
    let store = Store::at(tmp.path().join("nim-tui"));
    let mut stats = Stats::default();
    for result in [WIN, WIN, LOSS, ASSISTED_WIN] {
        stats.record(Mode::Normal, result);
    }
    stats.record(Mode::Misere, LOSS);
    stats.record(Mode::Misere, WIN);
    store.save_stats(&stats).unwrap();

    let out = run(tmp.path(), &["stats", "--json"]);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert!(stdout.starts_with(r#"{"version":1,"#), "the version comes first: {stdout}");
    assert_eq!(json["played"], 6);
    assert_eq!(json["won"], 4);
    assert_eq!(json["lost"], 2);
    assert_eq!(json["assisted_wins"], 1);
    assert_eq!(json["normal"]["played"], 4);
    assert_eq!(json["normal"]["won"], 3);
    assert_eq!(json["normal"]["best_streak"], 2);
    assert_eq!(json["normal"]["current_streak"], 0);
    assert_eq!(json["misere"]["won"], 1);
    assert_eq!(json["misere"]["current_streak"], 1);

    let table = run(tmp.path(), &["stats"]);
    assert!(table.status.success());
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.contains("normal play"), "{text}");
    assert!(text.contains("misère"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("total") && l.contains(" 6 ")), "{text}");
}

#[test]
fn stats_json_with_a_corrupt_file_warns_once_and_prints_fresh_figures() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("nim-tui");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("stats.json"), "{\"version\":1,\"normal\":").unwrap();

    let out = run(tmp.path(), &["stats", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["played"].as_u64(), json["won"].as_u64(), json["lost"].as_u64()),
        (Some(0), Some(0), Some(0))
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let copies = corrupt_copies(&dir, "stats");
    assert_eq!(copies.len(), 1, "{:?}", names(&dir));
    assert!(stderr.contains("stats.json"), "{stderr}");
    assert!(stderr.contains(&copies[0].display().to_string()), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!dir.join("stats.json").exists());

    // The second run has nothing to report.
    let again = run(tmp.path(), &["stats", "--json"]);
    assert!(again.status.success());
    assert!(again.stderr.is_empty(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(corrupt_copies(&dir, "stats").len(), 1);
}

#[test]
fn an_unreadable_stats_file_is_moved_aside_too() {
    let (_tmp, store) = store();
    // A directory where the file should be cannot be read as a file.
    fs::create_dir_all(store.stats_path().join("inside")).unwrap();
    let (stats, warning) = store.load_stats();
    assert_eq!(stats, Stats::default());
    assert!(warning.unwrap().contains("stats.corrupt-"));
    let copies = corrupt_copies(store.dir(), "stats");
    assert_eq!(copies.len(), 1);
    assert!(copies[0].join("inside").is_dir(), "moved whole, contents kept");
    store.save_stats(&stats).unwrap();
    assert_eq!(store.load_stats(), (stats, None));
}

#[test]
fn resigned_and_abandoned_games_are_counted_among_the_losses() {
    use nim_tui::domain::How;
    let mut stats = Stats::default();
    stats.record(Mode::Normal, GameResult { won: false, assisted: false, how: How::Resigned });
    stats.record(Mode::Normal, GameResult { won: false, assisted: false, how: How::Abandoned });
    stats.record(Mode::Normal, LOSS);
    let n = stats.mode(Mode::Normal);
    assert_eq!((n.lost, n.resigned, n.abandoned), (3, 1, 1));
    assert!(stats.validate().is_ok());
    let table = nim_tui::domain::stats_table(nim_tui::i18n::Language::English, &stats);
    assert!(table.contains("resigned") && table.contains("abandoned"), "{table}");
    let json = nim_tui::domain::stats_json(&stats);
    assert!(json.contains("\"resigned\":1") && json.contains("\"abandoned\":1"), "{json}");
}

/// `game.json` as nim-tui wrote it before moves were written by their game (version 2, each move
/// a `heap` and a `take`): it still loads as the same game, and is saved again in the new form.
#[test]
fn a_saved_game_of_the_old_format_still_loads() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saved-game-v2.json"),
        store.game_path(),
    )
    .unwrap();
    let (game, warning) = store.load_game();
    assert_eq!(warning, None);
    let game = game.expect("the old file loads");
    let history = game.history().unwrap();
    let moves = vec![(Player::First, Move::take(0, 2)), (Player::Second, Move::take(2, 3))];
    assert_eq!(history.moves(), moves.as_slice());
    assert_eq!((game.mode, game.used_undo, game.seed), (Mode::Misere, true, Some(7)));
    assert_eq!(game.hotseat, Some(["Ann".to_string(), "Bob".to_string()]));

    // Saved again, it is the new version, each move in its game's notation.
    store.save_game(&game).unwrap();
    let text = fs::read_to_string(store.game_path()).unwrap();
    assert!(text.contains(&format!("\"version\": {}", nim_tui::domain::SAVED_GAME_VERSION)), "{text}");
    assert!(text.contains("\"move\": \"1 2\"") && !text.contains("\"heap\""), "{text}");
    assert_eq!(store.load_game().0.map(|g| g.history().unwrap()), Some(history));

    // A move in neither form, or in both, is a damaged file.
    for moves in [r#"{"by":"you"}"#, r#"{"by":"you","move":"1 2","heap":1,"take":2}"#] {
        let text = fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saved-game-v2.json"),
        )
        .unwrap()
        .replace(r#"{ "by": "you", "heap": 1, "take": 2 }"#, moves);
        fs::write(store.game_path(), text).unwrap();
        let (game, warning) = store.load_game();
        assert_eq!(game, None, "{moves}");
        assert!(warning.is_some_and(|w| w.contains("a move is written as")), "{moves}");
    }
}

/// Any move of the game interface is saved as its game writes it: a move on several heaps or a
/// split is kept whole, not turned into a take from heap 0 as before.
#[test]
fn saved_moves_are_written_by_their_game() {
    let nim = Ruleset::nim(Mode::Normal).game();
    for mv in [
        Move::take(2, 5),
        Move::TakeMany(vec![Take::new(0, 1), Take::new(2, 3)]),
        Move::Split { heap: 1, take: 0, left: 2 },
    ] {
        let saved = SavedMove::of(&nim, Player::Second, &mv);
        assert_eq!(saved.notation, nim.write_move(&mv));
        assert!(!saved.notation.starts_with("0 "), "{mv:?} saved as {}", saved.notation);
        let json = serde_json::to_string(&saved).unwrap();
        assert_eq!(serde_json::from_str::<SavedMove>(&json).unwrap(), saved, "{json}");
        // What the game reads back is the move itself.
        if let Ok(read) = nim.read_move(&saved.notation) {
            assert_eq!(read, mv);
        }
    }

    // Every game there is, played a few moves by its AI, saved and loaded: the same game;
    // misère in Nim, which has it.
    let games = GameKind::ALL.into_iter().map(|kind| Ruleset::new(kind, Mode::Normal));
    for rules in games.chain([Ruleset::nim(Mode::Misere)]) {
        // Two heaps where the game takes them, else one (Fibonacci Nim), else two made the
        // game's own start (Northcott's game: a board of two rows).
        let start = [vec![5, 6], vec![9], rules.kind.fit_start(vec![5, 6])]
            .into_iter()
            .find(|heaps| rules.game().check_position(&Position::new(heaps.clone())).is_ok())
            .expect("a start the game takes");
        let mut history = History::new(rules, start, Player::First);
        for _ in 0..4 {
            let Some(mv) = history.game().ai_move(history.position()) else { break };
            // A finished game is not saved: stop before the last move.
            let mut next = history.position().clone();
            if history.game().play(&mut next, &mv).is_err() || history.game().is_over(&next) {
                break;
            }
            if history.push(history.to_move(), mv).is_err() {
                break;
            }
        }
        let saved = SavedGame::of(&history, &Players::Ai, Level::Perfect, false, 0, None);
        let (_tmp, store) = store();
        store.save_game(&saved).unwrap();
        let loaded = store.load_game().0.unwrap_or_else(|| panic!("{rules:?}"));
        assert_eq!(loaded.history().unwrap(), history, "{rules:?}");
    }
}

/// Every file in `dir` with its content, for checking that nothing was written.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir).into_iter().map(|n| (n.clone(), fs::read(dir.join(&n)).unwrap_or_default())).collect()
}

#[cfg(unix)]
#[test]
fn files_that_are_symbolic_links_stay_links_and_their_targets_are_written() {
    let (tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    // The targets live elsewhere, as in a synced folder; one link is relative, one goes through a
    // second link.
    let synced = tmp.path().join("synced");
    fs::create_dir_all(&synced).unwrap();
    let mut stats = Stats::default();
    stats.record(Mode::Normal, WIN);
    store.save_stats(&stats).unwrap();
    fs::rename(store.stats_path(), synced.join("stats.json")).unwrap();
    std::os::unix::fs::symlink(synced.join("stats.json"), store.stats_path()).unwrap();
    std::os::unix::fs::symlink("../synced/game-target.json", store.game_path()).unwrap();
    std::os::unix::fs::symlink(synced.join("chain"), store.dir().join("lesson.json")).unwrap();
    std::os::unix::fs::symlink(synced.join("lesson.json"), synced.join("chain")).unwrap();

    let is_link = |p: &Path| fs::symlink_metadata(p).unwrap().file_type().is_symlink();
    let (after, warning) = store.record_game(Mode::Normal, LOSS).unwrap();
    assert_eq!(warning, None);
    store.save_game(&sample_game()).unwrap();
    let progress =
        nim_tui::domain::LessonProgress { step: 3, done: vec![true, false, true], ..Default::default() };
    store.save_lesson(&progress).unwrap();

    for (link, target) in [
        (store.stats_path(), synced.join("stats.json")),
        (store.game_path(), synced.join("game-target.json")),
        (store.dir().join("lesson.json"), synced.join("lesson.json")),
    ] {
        assert!(is_link(&link), "{} is still a link", link.display());
        assert!(target.is_file(), "{} was written", target.display());
    }
    assert!(is_link(&synced.join("chain")), "the second link of a chain stays too");
    assert_eq!(store.load_stats(), (after, None));
    assert_eq!(store.load_game(), (Some(sample_game()), None));
    assert_eq!(store.load_lesson(), (progress, None));
    // No temporary file is left beside the links or the targets.
    for dir in [store.dir(), synced.as_path()] {
        assert!(!names(dir).iter().any(|n| n.contains("tmp")), "{:?}", names(dir));
    }

    // Resuming the linked game and leaving it again keeps the link.
    store.claim_game(&sample_game()).unwrap();
    assert_eq!(store.load_game(), (None, None), "claimed: not offered");
    store.save_game(&sample_game()).unwrap();
    assert!(is_link(&store.game_path()));
    assert_eq!(store.load_game(), (Some(sample_game()), None));
}

#[test]
fn leftover_temporary_files_of_every_pattern_never_stop_a_save() {
    let (_tmp, store) = store();
    let records = store.records_dir();
    fs::create_dir_all(&records).unwrap();
    // Leftovers of a killed save as earlier versions named them, for this very process id (the
    // id a new process may be given) and its neighbours, and as this version names them.
    let pid = std::process::id();
    let mut leftovers = Vec::new();
    for id in pid.saturating_sub(3)..=pid + 3 {
        for n in 0..40 {
            for name in ["stats.json", "game.json", "lesson.json"] {
                leftovers.push(store.dir().join(format!(".{name}.tmp-{id}-{n}")));
            }
            leftovers.push(records.join(format!(".record.tmp-{id}-{n}")));
        }
    }
    leftovers.push(store.dir().join(".stats.json.AbCdEf123456.tmp"));
    leftovers.push(records.join(".record.AbCdEf123456.tmp"));
    for path in &leftovers {
        fs::write(path, b"{\"version\":1,").unwrap();
    }

    store.record_game(Mode::Normal, WIN).unwrap();
    store.save_game(&sample_game()).unwrap();
    store.save_lesson(&nim_tui::domain::LessonProgress::default()).unwrap();
    let record = store.save_record("# nim-tui game record\n").unwrap();
    assert_eq!(store.load_stats().0.normal.won, 1);
    assert_eq!(store.load_game(), (Some(sample_game()), None));
    assert!(record.is_file());
}

#[test]
fn stale_temporary_files_are_removed_and_fresh_ones_are_not() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let fresh = store.dir().join(".stats.json.Fresh1234567.tmp");
    let stale = store.dir().join(".stats.json.Stale1234567.tmp");
    let stale_old_style = store.dir().join(format!(".stats.json.tmp-{}-7", std::process::id()));
    for path in [&fresh, &stale, &stale_old_style] {
        fs::write(path, b"partial").unwrap();
    }
    // Two hours old: far older than any save takes.
    let then = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    for path in [&stale, &stale_old_style] {
        fs::File::options().write(true).open(path).unwrap().set_modified(then).unwrap();
    }
    let _ = store.load_stats();
    assert!(fresh.exists(), "a temporary file of a save in progress elsewhere is left alone");
    assert!(!stale.exists() && !stale_old_style.exists(), "{:?}", names(store.dir()));
}

/// The statistics of a newer nim-tui: a game this one does not know ("treblecross", "foo:3", and a
/// name too long to read) and members it does not read, at the top and inside known figures.
fn newer_stats() -> serde_json::Value {
    let mut figures = serde_json::json!({
        "normal": {"played": 3, "won": 2, "lost": 1, "assisted_wins": 0, "current_streak": 1,
                   "best_streak": 2, "draws": 9},
        "misere": {"played": 0, "won": 0, "lost": 0, "assisted_wins": 0, "current_streak": 0,
                   "best_streak": 0},
    });
    let mut stats = serde_json::to_value(Stats::default()).unwrap();
    stats["normal"] = figures["normal"].clone();
    stats["achievements"] = serde_json::json!(["first win"]);
    figures["reverse"] = serde_json::json!({"played": 5});
    let long = format!("subtraction:{}", vec!["1-128"; 1000].join(","));
    stats["games"] = serde_json::json!({
        "treblecross": figures.clone(),
        "foo:3": {"shape": "unlike any other"},
        long: 7,
        "kayles": figures,
    });
    stats
}

#[test]
fn games_and_members_a_newer_version_wrote_are_kept_and_written_back_unchanged() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let newer = newer_stats();
    fs::write(store.stats_path(), serde_json::to_vec(&newer).unwrap()).unwrap();

    let (stats, warning) = store.load_stats();
    assert_eq!(warning, None, "nothing to warn about: the file is not set aside");
    assert_eq!(stats.of(GameKind::Kayles, Mode::Normal).won, 2);
    assert_eq!(stats.other_games.len(), 3, "{:?}", stats.other_games);
    assert!(stats.other_games.contains(&"treblecross".to_string()));
    assert!(corrupt_copies(store.dir(), "stats").is_empty());

    // Counting games of known kinds updates them and keeps everything else as it was.
    store.record_game_of(GameKind::Kayles, Mode::Normal, WIN).unwrap();
    store.record_game(Mode::Normal, LOSS).unwrap();
    store.save_stats(&store.load_stats().0).unwrap();
    let written: serde_json::Value = serde_json::from_slice(&fs::read(store.stats_path()).unwrap()).unwrap();
    for name in newer["games"].as_object().unwrap().keys().filter(|n| *n != "kayles") {
        assert_eq!(written["games"][name], newer["games"][name], "{name} unchanged");
    }
    assert_eq!(written["achievements"], newer["achievements"]);
    assert_eq!(written["games"]["kayles"]["normal"]["won"], 3);
    assert_eq!(written["games"]["kayles"]["normal"]["draws"], 9, "a member inside known figures");
    assert_eq!(written["games"]["kayles"]["reverse"], newer["games"]["kayles"]["reverse"]);
    assert_eq!(written["normal"]["lost"], 2);
    assert!(corrupt_copies(store.dir(), "stats").is_empty());
}

#[test]
fn nim_tui_stats_reads_a_newer_versions_statistics_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("nim-tui");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("stats.json"), serde_json::to_vec(&newer_stats()).unwrap()).unwrap();
    let before = snapshot(&dir);

    let out = run(tmp.path(), &["stats", "--json"]);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["games"]["kayles"]["normal"]["won"], 2);
    let table = run(tmp.path(), &["stats"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(table.status.success() && text.contains("kayles:") && text.contains("treblecross"), "{text}");
    assert_eq!(snapshot(&dir), before, "nothing written, moved or created");
}

#[test]
fn a_saved_game_of_an_unknown_game_or_with_unknown_members_is_not_offered_and_left_in_place() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let mut unknown_game = serde_json::to_value(sample_game()).unwrap();
    unknown_game["game"] = "treblecross".into();
    let mut unknown_member = serde_json::to_value(sample_game()).unwrap();
    unknown_member["clock"] = serde_json::json!({"you": 30});
    let mut long_name = serde_json::to_value(sample_game()).unwrap();
    long_name["game"] = format!("subtraction:{}", vec!["1-128"; 100_000].join(",")).into();
    for content in [unknown_game, unknown_member, long_name] {
        let bytes = serde_json::to_vec(&content).unwrap();
        fs::write(store.game_path(), &bytes).unwrap();
        let store = Store::at(store.dir().to_path_buf());
        let (game, warning) = store.load_game();
        assert_eq!(game, None);
        let warning = warning.expect("a message");
        assert!(warning.contains(&store.game_path().display().to_string()), "names the file: {warning}");
        assert!(warning.len() < 1000, "{warning}");
        assert_eq!(fs::read(store.game_path()).unwrap(), bytes, "left where it is");
        assert!(corrupt_copies(store.dir(), "game").is_empty());
        // Not overwritten by accident: the next save is refused, saying why.
        assert!(matches!(store.save_game(&sample_game()), Err(StoreError::Protected { .. })));
        assert_eq!(fs::read(store.game_path()).unwrap(), bytes);
    }
}

#[test]
fn a_lesson_from_a_newer_version_is_not_overwritten() {
    let (_tmp, store) = store();
    fs::create_dir_all(store.dir()).unwrap();
    let path = store.dir().join("lesson.json");
    let newer = br#"{"version": 2, "chapters": [1, 2]}"#;
    fs::write(&path, newer).unwrap();
    let (progress, warning) = store.load_lesson();
    assert_eq!(progress, nim_tui::domain::LessonProgress::default());
    assert!(warning.unwrap().contains("newer nim-tui"));
    assert!(store.save_lesson(&progress).is_err());
    assert_eq!(fs::read(&path).unwrap(), newer);

    // A lesson file of this version with a member it does not read keeps it.
    fs::write(&path, br#"{"version": 1, "step": 1, "done": [true], "bookmarks": [4]}"#).unwrap();
    let store = Store::at(store.dir().to_path_buf());
    let (mut progress, warning) = store.load_lesson();
    assert_eq!((progress.step, warning), (1, None));
    progress.step = 2;
    store.save_lesson(&progress).unwrap();
    let written: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    assert_eq!((written["step"].as_u64(), written["bookmarks"][0].as_u64()), (Some(2), Some(4)));
}
