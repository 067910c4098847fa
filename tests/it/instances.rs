//! Several instances at once, as separate processes (this test binary runs itself again as the
//! "instances"): every finished game is counted, every record gets its own file, a saved game is
//! resumed by one instance only, and what a killed process with the same id left is in no one's way.

use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::support::sample_game;
use nim_tui::domain::GameResult;
use nim_tui::engine::Mode;
use nim_tui::store::Store;

const INSTANCES: usize = 6;
const GAMES_EACH: u64 = 20;
const RECORDS_EACH: usize = 3;

/// The full name of this module's test `role`, as the test binary knows it: its path below the
/// crate (`instances::instance_resuming`).
fn test_name(role: &str) -> String {
    let module = module_path!().split_once("::").map_or("", |(_, module)| module);
    format!("{module}::{role}")
}

/// Starts `INSTANCES` copies of this test binary running the ignored test `role` on `dir`.
fn instances(role: &str, dir: &Path) -> Vec<Child> {
    let name = test_name(role);
    (0..INSTANCES)
        .map(|i| {
            Command::new(std::env::current_exe().expect("test binary"))
                .args([name.as_str(), "--exact", "--ignored", "--nocapture", "--test-threads=1"])
                .env("NIM_TUI_INSTANCE_DIR", dir)
                .env("NIM_TUI_INSTANCE", i.to_string())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start an instance")
        })
        .collect()
}

/// Waits for every instance and returns what each printed; all must have succeeded.
fn outputs(children: Vec<Child>) -> Vec<String> {
    children
        .into_iter()
        .map(|child| {
            let out = child.wait_with_output().expect("wait for an instance");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(
                out.status.success(),
                "an instance failed: {text}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            text
        })
        .collect()
}

fn instance_store() -> Option<(Store, String)> {
    let dir = std::env::var_os("NIM_TUI_INSTANCE_DIR")?;
    let id = std::env::var("NIM_TUI_INSTANCE").unwrap_or_default();
    Some((Store::at(dir.into()), id))
}

#[test]
#[ignore = "run by the tests below as a separate process"]
fn instance_finishing_games() {
    let Some((store, id)) = instance_store() else { return };
    for n in 0..GAMES_EACH {
        let result = GameResult { won: n % 2 == 0, assisted: false, how: nim_tui::domain::How::Played };
        store.record_game(Mode::Normal, result).expect("count a game");
    }
    for n in 0..RECORDS_EACH {
        let path = store.save_record(&format!("record {id}-{n}\n")).expect("save a record");
        println!("saved {}", path.display());
    }
}

#[test]
#[ignore = "run by the tests below as a separate process"]
fn instance_resuming() {
    let Some((store, _)) = instance_store() else { return };
    let (offered, _) = store.load_game();
    match offered.map(|game| store.claim_game(&game)) {
        Some(Ok(())) => {
            println!("claimed");
            // This instance's game ends; the claimed game goes with it.
            store.release_claim().expect("release");
        }
        Some(Err(e)) => println!("not claimed: {e}"),
        None => println!("nothing offered"),
    }
}

#[test]
fn games_finished_at_once_in_several_instances_are_all_counted_and_records_never_collide() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outs = outputs(instances("instance_finishing_games", dir.path()));

    let store = Store::at(dir.path().to_path_buf());
    let (stats, warning) = store.load_stats();
    assert_eq!(warning, None);
    let total = INSTANCES as u64 * GAMES_EACH;
    assert_eq!(stats.normal.played, total, "every game counted");
    assert_eq!(stats.normal.won + stats.normal.lost, total);

    // The test harness may print its "test ... " on the same line as an instance's first one.
    let said: Vec<&str> = outs
        .iter()
        .flat_map(|o| o.lines())
        .filter_map(|l| l.split_once("saved ").map(|(_, path)| path))
        .collect();
    let mut unique = said.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), INSTANCES * RECORDS_EACH, "each save names its own file: {said:?}");
    let mut contents: Vec<String> = said
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("the record is where it was said to be"))
        .collect();
    contents.sort();
    contents.dedup();
    assert_eq!(contents.len(), INSTANCES * RECORDS_EACH, "no record overwrote another");
    // Nothing temporary is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(store.records_dir())
        .expect("records")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_saved_game_is_resumed_by_one_instance_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path().to_path_buf());
    store.save_game(&sample_game()).expect("save");
    let outs = outputs(instances("instance_resuming", dir.path()));
    let claimed = outs.iter().filter(|o| o.contains("claimed\n") && !o.contains("not claimed")).count();
    assert_eq!(claimed, 1, "{outs:?}");
    // The one that resumed it cleared it; nobody else could, and nothing is offered again.
    assert_eq!(store.load_game(), (None, None));
}

/// Starts this test binary running the ignored test `role` on `dir` through a shell that first
/// leaves, in `dir`, what a killed save or resume would have left with the id the instance gets
/// (the shell's, which `exec` hands on): temporary files of every earlier pattern, and a claimed
/// game holding `claimed` (unless it is empty).
fn instance_with_leftovers(role: &str, dir: &Path, claimed: &str) -> Child {
    let script = r#"
        cd "$NIM_TUI_INSTANCE_DIR" && mkdir -p records || exit 1
        for n in 0 1 2 3 4 5 6 7 8 9; do
            for name in stats.json game.json lesson.json; do echo '{"version":1,' > ".$name.tmp-$$-$n"; done
            echo partial > "records/.record.tmp-$$-$n"
        done
        [ -z "$NIM_TUI_CLAIMED" ] || printf '%s' "$NIM_TUI_CLAIMED" > ".game.claimed-$$-0.json"
        exec "$0" "$1" --exact --ignored --nocapture --test-threads=1
    "#;
    Command::new("sh")
        .args([
            "-c",
            script,
            &std::env::current_exe().expect("test binary").to_string_lossy(),
            &test_name(role),
        ])
        .env("NIM_TUI_INSTANCE_DIR", dir)
        .env("NIM_TUI_INSTANCE", "0")
        .env("NIM_TUI_CLAIMED", claimed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start an instance")
}

#[cfg(unix)]
#[test]
fn what_a_killed_process_with_the_same_id_left_never_stops_an_instance() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::at(dir.path().to_path_buf());
    // The game saved now, and another one claimed by the killed process, which must come back.
    store.save_game(&sample_game()).unwrap();
    let mut other = sample_game();
    other.start_heaps = vec![6, 4, 5];
    other.heaps = vec![5, 4, 5];
    let other_json = serde_json::to_string(&other).unwrap();

    let outs = outputs(vec![instance_with_leftovers("instance_finishing_games", dir.path(), "")]);
    let said = outs.iter().flat_map(|o| o.lines()).filter(|l| l.contains("saved ")).count();
    assert_eq!(said, RECORDS_EACH, "{outs:?}");
    let (stats, warning) = store.load_stats();
    assert_eq!((stats.normal.played, warning), (GAMES_EACH, None));

    let outs = outputs(vec![instance_with_leftovers("instance_resuming", dir.path(), &other_json)]);
    assert!(outs[0].contains("claimed\n") && !outs[0].contains("not claimed"), "{outs:?}");
    // The claim left with the instance's id was not overwritten by the instance's own claim: the
    // killed process's game comes back.
    let (offered, warning) = store.load_game();
    assert_eq!((offered, warning), (Some(other.clone()), None));
}
