//! What a join costs the lobbies: everyone in the lobby sees the newcomer, and no lobby asks the
//! database anything for it. The people and the boards are published once per change, and every
//! lobby draws from what was published; the only query a join makes is its own (noting the name).

#![cfg(unix)]

use std::time::Duration;

use crate::serve::{LOBBY, Player, options, server};

/// Players waiting in the lobby when the newcomer arrives.
const WAITING: usize = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_costs_each_lobby_no_query() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut opts = options(dir.path());
    opts.limits.max_per_address = WAITING + 5;
    opts.limits.max_connections = WAITING + 5;
    let running = server(opts).await;
    let addr = running.addr();
    let mut waiting = Vec::new();
    for i in 0..WAITING {
        let mut player = Player::arrive(addr, &format!("p{i:02}"), 100, 30).await;
        assert!(player.wait_for(LOBBY).await, "{}", player.contents());
        waiting.push(player);
    }
    let everyone = format!("On the server: {WAITING} people");
    for player in &mut waiting {
        assert!(player.wait_for(&everyone).await, "{}", player.contents());
    }
    let before = running.queries().await;
    let mut newcomer = Player::arrive(addr, "newcomer", 100, 30).await;
    let now = format!("On the server: {} people", WAITING + 1);
    assert!(newcomer.wait_for(&now).await, "{}", newcomer.contents());
    for player in &mut waiting {
        assert!(player.wait_for(&now).await, "{}", player.contents());
    }
    // Every lobby has drawn the newcomer: the one query is the join's own.
    assert_eq!(running.queries().await - before, 1, "queries for one join with {WAITING} lobbies");
    running.stop(Duration::from_secs(3)).await;
}
