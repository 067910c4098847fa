//! A tournament's games kept by the store and its standings recounted from the database (#39):
//! an arena of 20 players for a set number of pairings, each game written through the store as
//! the server writes one (`db::Played` with its `tournament`), the director's live standings
//! equal to a recount from the database's rows, and every game there.
//!
//! What this does not do: drive the 20 students over SSH (the teacher's console does not start a
//! tournament yet); the games' results are drawn, not played.

use std::collections::BTreeMap;
use std::time::SystemTime;

use nim_serve::db::{
    Db, GameRow, Grade, MoveRow, Outcome, Played, TournamentGame, TournamentKind, TournamentRow,
};
use nim_serve::store::Store;
use nim_serve::tournament::{Tournament, standings_from};

fn row(player: &str, opponent: &str, won: bool) -> GameRow {
    GameRow {
        player: player.into(),
        opponent: opponent.into(),
        game: "nim".into(),
        mode: "normal".into(),
        level: "-".into(),
        outcome: if won { Outcome::Won } else { Outcome::Lost },
        assisted: false,
        moves: 2,
        ended_by: "play".into(),
        counted: true,
    }
}

fn a_move(ply: u32, player: &str) -> MoveRow {
    MoveRow {
        ply,
        player: player.into(),
        before: "3 4 5".into(),
        mv: "1 2".into(),
        ms: 500,
        grade: Grade::NoWin,
        better: None,
        hardest: Some(ply == 1),
    }
}

/// Lichess's arena points, counted here on their own from the database's rows: 2 a win, 4 a win
/// after two wins in a row, until a loss.
fn recount(results: &[nim_serve::db::TournamentResult]) -> BTreeMap<String, u32> {
    let mut points: BTreeMap<String, u32> = BTreeMap::new();
    let mut streak: BTreeMap<String, u32> = BTreeMap::new();
    for r in results {
        for p in [&r.first, &r.second] {
            points.entry(p.clone()).or_default();
            let s = streak.entry(p.clone()).or_default();
            if r.winner.as_ref() == Some(p) {
                *points.get_mut(p).expect("there") += if *s >= 2 { 4 } else { 2 };
                *s += 1;
            } else {
                *s = 0;
            }
        }
    }
    points
}

#[tokio::test]
async fn an_arena_of_twenty_keeps_every_game_and_its_standings_are_the_databases() {
    for backend in crate::support::pg::backends() {
        arena_in(&backend).await;
    }
}

async fn arena_in(backend: &crate::support::pg::Backend) {
    let at = nim_serve::db::Location::parse(&backend.db_arg()).expect("the database's location");
    let store = Store::open_at(&at).expect("open");
    let names: Vec<String> = (1..=20).map(|i| format!("s{i:02}")).collect();
    let id = store.next_tournament_id().expect("an id");
    store.tournament_started(TournamentRow {
        id,
        kind: TournamentKind::Arena,
        started_at: 0,
        ended_at: None,
        game: "nim".into(),
        mode: "normal".into(),
        rounds: None,
        seconds: Some(600),
        started_by: "teacher".into(),
    });
    let mut arena = Tournament::new(id, TournamentKind::Arena, names.clone());
    // Results drawn from a fixed sequence (a linear congruential generator): no clock, no luck.
    let mut seed: u64 = 39;
    let mut draw = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        seed >> 33
    };
    let mut played = 0;
    let mut in_play: Vec<(String, String, u32)> = Vec::new();
    // A set number of pairings, each game ending in an order drawn too: whoever is free is
    // paired again at once, as the arena does.
    for _ in 0..40 {
        let free: Vec<&str> = names.iter().map(String::as_str).filter(|n| !arena.is_playing(n)).collect();
        for (first, second) in arena.pair_free(&free) {
            in_play.push((first, second, arena.round));
        }
        // A third of the games in play end before the next pairing.
        let ending = in_play.len().div_ceil(3);
        for _ in 0..ending {
            let (first, second, round) =
                in_play.remove(usize::try_from(draw()).expect("fits") % in_play.len());
            let first_won = draw() % 2 == 0;
            let winner = if first_won { &first } else { &second };
            store.record_game(Played {
                rows: vec![row(&first, &second, first_won), row(&second, &first, !first_won)],
                started_at: Some(SystemTime::now()),
                start: "3 4 5".into(),
                moves: vec![a_move(1, &first), a_move(2, &second)],
                activity: None,
                helped: false,
                tournament: Some(TournamentGame { tournament: id, round }),
            });
            assert!(arena.finished(&first, &second, Some(winner)));
            played += 1;
        }
    }
    store.tournament_ended(id);
    store.flush().await;
    let db = Db::open_read_only_at(&at).expect("read the database");
    let results = db.tournament_results(id).expect("the tournament's games");
    assert_eq!(results.len(), played, "every game finished is in the database");
    assert!(played >= 100, "{played} games");
    let live = arena.standings();
    assert_eq!(live, standings_from(TournamentKind::Arena, &names, &results, &[]));
    let counted = recount(&results);
    for line in &live {
        assert_eq!(counted.get(&line.player).copied().unwrap_or(0), line.points, "{}", line.player);
    }
    assert!(live.windows(2).all(|w| w[0].points >= w[1].points), "sorted by points");
    assert!(live.iter().any(|l| l.points > 2 * l.won), "a streak doubled some wins");
    let kept = db.tournaments().expect("tournaments");
    assert_eq!((kept.len(), kept[0].kind, kept[0].ended_at.is_some()), (1, TournamentKind::Arena, true));
    // Every game was fair about the first move or not rated: the ratings and their history agree.
    let rated = db.rating_history(nim_serve::db::Selection::All).expect("history");
    assert!(rated.len() <= 2 * played && !rated.is_empty());
}
