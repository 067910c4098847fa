//! How fast the store's back end keeps finished games (#40): `record_game` of a game between two
//! students with 20 graded moves, one at a time as the store's thread writes them, on the
//! database `--db` would take (an SQLite file's path or a `postgres://` URL). A benchmark, run by
//! hand or by `scripts/bench-store.py`; no test times anything.
//!
//! Usage: cargo run -p nim-tui-serve --example store_writes -- DB [GAMES]
//! Prints one line of JSON: games, seconds, games a second, and the median and 99th percentile
//! of one game's write in milliseconds.

use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

use nim_serve::db::{Db, GameRow, Grade, Location, MoveRow, Outcome, Played, seconds};

fn played(i: usize) -> Played {
    let (a, b) = (format!("s{:03}", i % 100), format!("s{:03}", (i + 37) % 100));
    let row = |player: &str, opponent: &str, outcome| GameRow {
        player: player.into(),
        opponent: opponent.into(),
        game: "nim".into(),
        mode: "normal".into(),
        level: "-".into(),
        outcome,
        assisted: false,
        moves: 20,
        ended_by: "play".into(),
        counted: true,
    };
    let moves = (1..=20)
        .map(|ply| MoveRow {
            ply,
            player: if ply % 2 == 1 { a.clone() } else { b.clone() },
            before: "3 4 5".into(),
            mv: "1 2".into(),
            ms: 1000 + u64::from(ply),
            grade: if ply % 3 == 0 { Grade::Missed } else { Grade::Kept },
            better: (ply % 3 == 0).then(|| "1 1".into()),
            hardest: None,
        })
        .collect();
    Played {
        rows: vec![row(&a, &b, Outcome::Won), row(&b, &a, Outcome::Lost)],
        started_at: Some(SystemTime::now()),
        start: "3 4 5".into(),
        moves,
        activity: None,
        helped: false,
        tournament: None,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(db) = args.next() else {
        eprintln!("usage: store_writes DB [GAMES]");
        std::process::exit(2);
    };
    let games: usize = args.next().map_or(Ok(500), |n| n.parse()).unwrap_or_else(|e| {
        eprintln!("GAMES: {e}");
        std::process::exit(2);
    });
    if games == 0 {
        eprintln!("GAMES: at least 1");
        std::process::exit(2);
    }
    let at = Location::parse(Path::new(&db)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let db = Db::open_at(&at).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    });
    let mut each: Vec<Duration> = Vec::with_capacity(games);
    let start = Instant::now();
    for i in 0..games {
        let game = played(i);
        let t = Instant::now();
        if let Err(e) = db.record_game(&game, seconds(SystemTime::now())) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        each.push(t.elapsed());
    }
    let total = start.elapsed().as_secs_f64();
    each.sort();
    let ms = |q: f64| each[((each.len() as f64 - 1.0) * q) as usize].as_secs_f64() * 1000.0;
    let line = serde_json::json!({
        "db": at.shown(),
        "games": games,
        "seconds": total,
        "games_per_s": games as f64 / total,
        "p50_ms": ms(0.5),
        "p99_ms": ms(0.99),
    });
    println!("{line}");
}
