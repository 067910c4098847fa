//! What the other hosts say, carried out on this one (#40): the server's task that reads the
//! relay's mailbox (`relay.rs` writes and reads the rows) and acts on the scene: the other hosts'
//! people into the list, a challenge and its answers as notices, a teacher sending a student off, a game between two hosts seated
//! here as a mirror table, and its moves and leavings played at it (`place::relayed_*`). Apart
//! from `relay.rs` so that the relay, which the people and tables use, does not reach the place
//! that uses them.

use std::sync::Arc;

use super::Server;
use super::relay::{In, Relay, Wire};
use super::tables::{Link, Notice, Table};

/// The server's task: carries out what the other hosts say, until the server goes.
pub async fn run(server: Arc<Server>) {
    let Some(relay) = server.relay.clone() else { return };
    let Some((mut inbox, mut others)) = relay.inbox() else { return };
    let weak = Arc::downgrade(&server);
    drop(server);
    // The games on other hosts followed for this host's teachers, by their players' names.
    let mut followed = std::collections::HashSet::new();
    loop {
        // The messages first: a move waits for no list of people.
        tokio::select! {
            biased;
            news = inbox.recv() => {
                let (Some(In { from_host, wire }), Some(server)) = (news, weak.upgrade()) else { break };
                carry_out(&server, &relay, &from_host, wire, &mut followed);
            }
            changed = others.changed() => {
                let (Ok(()), Some(server)) = (changed, weak.upgrade()) else { break };
                let Some((rows, hosts)) = others.borrow_and_update().clone() else { continue };
                server.people.others(rows);
                follow_for_teachers(&server, &relay, &mut followed);
                // A game with a player on a host whose lease ran out is ended by the server.
                for table in relay.lost_games(&hosts) {
                    super::place::relayed_host_lost(&server, &table);
                }
            }
        }
    }
}

/// While a teacher is on this host, every game played wholly on other hosts, between people or
/// against the AI, is followed here (asked of a player's host once, `relay.rs`), so that the
/// teacher's console shows its position and graded moves as it does for the games played here.
/// `followed` holds the players of the games asked for and not here yet: asked once, and again
/// only for a next game (once the one followed is gone). A student at a table of their own
/// (`Doing::Solo`) is asked for once per table: their host shows each game there as it begins.
fn follow_for_teachers(server: &Server, relay: &Relay, followed: &mut std::collections::HashSet<String>) {
    use super::tables::Doing;
    let list = server.people.list();
    let playing: Vec<_> = list
        .iter()
        .filter(|p| p.host.is_some() && !p.teacher && matches!(p.doing, Doing::Match { .. } | Doing::Solo))
        .collect();
    followed.retain(|name| playing.iter().any(|p| p.name == *name && server.people.table_of(p.id).is_none()));
    if !list.iter().any(|p| p.teacher && p.host.is_none()) {
        return;
    }
    for p in playing {
        let Some(host) = &p.host else { continue };
        if followed.contains(&p.name) || server.people.table_of(p.id).is_some() {
            continue;
        }
        // Nobody here is told (no name): the table is found by its players' names.
        tracing::info!(%host, player = %p.name, "following a game on another host for the teachers here");
        relay.send(host, Wire::Watch { by: String::new(), whom: p.name.clone() });
        followed.insert(p.name.clone());
        if let Doing::Match { with } = &p.doing {
            followed.insert(with.clone());
        }
    }
}

/// Carries out `wire`, from host `from_host`; `followed` is [`follow_for_teachers`]'s.
fn carry_out(
    server: &Arc<Server>,
    relay: &Relay,
    from_host: &str,
    wire: Wire,
    followed: &mut std::collections::HashSet<String>,
) {
    let people = &server.people;
    match wire {
        Wire::Challenge { from, to } => {
            let rid = people.remote_id(from_host, &from);
            let delivered = people
                .id_of(&to)
                .is_some_and(|id| people.tell(id, Notice::Challenged { from: rid, name: from.clone() }));
            if !delivered {
                relay.send(from_host, Wire::Engaged { from: to, to: from });
            }
        }
        Wire::Engaged { from, to } => {
            if let Some(id) = people.id_of(&to) {
                people.tell(id, Notice::Engaged { name: from });
            }
        }
        Wire::Kicked { by, to } => {
            if let Some(id) = people.id_of(&to) {
                people.tell(id, Notice::Kicked { by });
            }
        }
        Wire::Declined { from, to } => {
            if let Some(id) = people.id_of(&to) {
                people.tell(id, Notice::Declined { name: from });
            }
        }
        Wire::Accepted { from, to, game, kind, mode, heaps, first_moves_first } => {
            let rid = people.remote_id(from_host, &from);
            let seated = people.id_of(&to).and_then(|me| {
                let start = super::tables::Start::between_people(kind, mode, heaps, first_moves_first);
                let app = mirror_app(server, &start, [to.clone(), from.clone()])?;
                let table =
                    Table::new(app, [to.clone(), from.clone()], [me, rid], Default::default(), people);
                relay.link(
                    &table,
                    Link { game: game.clone(), peers: vec![from_host.to_string()], home: false },
                );
                people.tell(me, Notice::Accepted { table }).then_some(())
            });
            if seated.is_none() {
                relay.send(from_host, Wire::Left { game, seat: 0, how: format!("left by {to}") });
            }
        }
        Wire::Move { game, ply, notation } => {
            if let Some(table) = relay.table(&game) {
                // The home passes it on to its other players' host first: a last move ends the
                // game here, and the director may seat its players' next game at once; that
                // seating must reach their host after the move that freed them.
                for peer in others_of(&table, from_host) {
                    relay.send(&peer, Wire::Move { game: game.clone(), ply, notation: notation.clone() });
                }
                super::place::relayed_move(server, &table, ply, &notation);
            }
        }
        Wire::Left { game, seat, how } => {
            if let Some(table) = relay.table(&game) {
                // Passed on first, as a move is (a game left is over, its players free).
                for peer in others_of(&table, from_host) {
                    relay.send(&peer, Wire::Left { game: game.clone(), seat, how: how.clone() });
                }
                super::place::relayed_leave(server, &table, seat.min(1), &how);
            }
        }
        Wire::Watch { by, whom } => super::relay::show(server, from_host, by, whom),
        Wire::Showing { to, game, players, kind, mode, heaps, first_moves_first, moves, ai } => {
            // One table here follows the game for everyone here who watches it.
            let start = super::tables::Start { kind, mode, heaps, first_moves_first, ai, moves };
            let open = relay.table(&game).filter(|t| !t.closed.load(std::sync::atomic::Ordering::SeqCst));
            let first = players[0].clone();
            let table = match open {
                Some(table) => {
                    // Shown again: a next game at a table of one's own there, or moves taken back.
                    bring_up_to(server, &table, &start);
                    Some(table)
                }
                None => mirror_app(server, &start, players.clone()).map(|app| {
                    let seats = players.clone().map(|name| match name.is_empty() {
                        // The AI's seat.
                        true => 0,
                        false => people.remote_id(from_host, &name),
                    });
                    let table = Table::new(app, players, seats, Default::default(), people);
                    relay.link(&table, Link { game, peers: vec![from_host.to_string()], home: false });
                    relay.hold(table.clone());
                    bring_up_to(server, &table, &start);
                    table
                }),
            };
            match (table, people.id_of(&to)) {
                (Some(table), Some(id)) => {
                    people.tell(id, Notice::Watch { table });
                }
                (None, Some(id)) => {
                    people.tell(id, Notice::NothingToWatch { name: first });
                }
                _ => {}
            }
        }
        Wire::NotShowing { to, whom } => {
            if to.is_empty() {
                // Asked for the teachers here when its host had no game of theirs (the list of
                // people read here was older than theirs): asked again when next they play.
                followed.remove(&whom);
            } else if let Some(id) = people.id_of(&to) {
                people.tell(id, Notice::NothingToWatch { name: whom });
            }
        }
        Wire::Activity(activity) => {
            let id = activity.id;
            let Some(handout) = activity.handout(&server.settings) else {
                tracing::warn!(from = %from_host, id, "an activity from another host could not be given here");
                return;
            };
            let limit = handout.limit;
            people.assign(handout);
            let names = people
                .assignment
                .lock()
                .ok()
                .and_then(|a| a.as_ref().filter(|a| a.id == id).map(|a| a.given.keys().cloned().collect()))
                .unwrap_or_default();
            relay.everyone_else(&Wire::ActivityGiven { id, names });
            if let Some(limit) = limit {
                // Ended here when its time runs out, as where it was given (which keeps the end).
                let server = Arc::downgrade(server);
                tokio::spawn(async move {
                    tokio::time::sleep(limit).await;
                    if let Some(server) = server.upgrade() {
                        server.people.end_activity(id);
                    }
                });
            }
        }
        Wire::ActivityGiven { id, names } => people.given_elsewhere(id, names),
        Wire::ActivityAnswered { id, name, won, secs } => people.answered_elsewhere(id, &name, won, secs),
        Wire::ActivityPaused { id, paused } => people.set_paused(id, paused),
        Wire::ActivityEnded { id } => {
            people.end_activity(id);
        }
        Wire::Paired(paired) => {
            let super::relay::PairedWire {
                to,
                seat,
                game,
                players,
                kind,
                mode,
                heaps,
                first_moves_first,
                tournament,
            } = *paired;
            // One table here for the game, whichever of its players are here.
            let open = relay.table(&game).filter(|t| !t.closed.load(std::sync::atomic::Ordering::SeqCst));
            let table = open.or_else(|| {
                let start = super::tables::Start::between_people(kind, mode, heaps, first_moves_first);
                let app = mirror_app(server, &start, players.clone())?;
                let seats = players
                    .clone()
                    .map(|name| people.id_of(&name).unwrap_or_else(|| people.remote_id(from_host, &name)));
                let origin =
                    super::tables::Origin { activity: None, given_by: None, tournament: Some(tournament) };
                let table = Table::new(app, players, seats, origin, people);
                relay.link(
                    &table,
                    Link { game: game.clone(), peers: vec![from_host.to_string()], home: false },
                );
                Some(table)
            });
            let told = match (table, people.id_of(&to)) {
                (Some(table), Some(id)) => people.tell(id, Notice::Paired { table, seat }),
                _ => false,
            };
            if !told {
                relay.send(from_host, Wire::Unseated { game, seat });
            }
        }
        Wire::Unseated { game, seat } => {
            if let Some(table) = relay.table(&game) {
                super::place::relayed_unseated(server, &table, seat.min(1));
                for peer in others_of(&table, from_host) {
                    relay.send(&peer, Wire::Unseated { game: game.clone(), seat });
                }
            }
        }
        Wire::Standings(snapshot) => server.director.mirror(*snapshot),
        Wire::Closed { game } => {
            if let Some(table) = relay.table(&game) {
                table.closed.store(true, std::sync::atomic::Ordering::SeqCst);
                table.touch();
            }
        }
    }
}

/// The hosts a home `table` passes what came from `from_host` on to: its other peers.
fn others_of(table: &Table, from_host: &str) -> Vec<String> {
    match table.link.get() {
        Some(link) if link.home => link.peers.iter().filter(|p| *p != from_host).cloned().collect(),
        _ => Vec::new(),
    }
}

/// Makes the table `table`, which follows a game played on another host, show the game `start`
/// as that host has it: the moves it lacks are played; a game that does not go on from the one
/// it shows (a next game at a table of one's own there, or moves taken back) replaces it.
fn bring_up_to(server: &Server, table: &Table, start: &super::tables::Start) {
    let here = super::relay::start_of(&table.app());
    if !here.as_ref().is_some_and(|here| start.goes_on_from(here)) {
        let Some(app) = mirror_app(server, start, table.players.clone()) else { return };
        *table.app() = app;
        table.recorded.store(false, std::sync::atomic::Ordering::SeqCst);
        table.sync_times(0);
    }
    let from = table.app().game().map_or(0, |g| g.moves().len());
    for (ply, notation) in start.moves.iter().enumerate().skip(from) {
        let ply = u32::try_from(ply).unwrap_or(u32::MAX);
        super::place::relayed_move(server, table, ply, notation);
    }
    // The teachers' live view shows it.
    table.touch();
}

/// The app of a game played on another host, followed here: its start (game, mode, heaps,
/// whether the first of `names` moves first) between two people, or against the AI at its level
/// (`start.ai`), whose moves all come from there: the AI here never moves by itself.
fn mirror_app(
    server: &Server,
    start: &super::tables::Start,
    names: [String; 2],
) -> Option<nim_tui::app::App> {
    let mut setup = server.settings.setup();
    setup.game = start.kind.parse().ok()?;
    setup.mode = start.mode.parse().ok()?;
    setup.heaps = nim_tui::domain::HeapChoice::Custom(start.heaps.clone());
    setup.first =
        if start.first_moves_first { nim_tui::domain::First::You } else { nim_tui::domain::First::Ai };
    setup.names = nim_tui::domain::Names(names);
    let app = match start.ai {
        Some(level) => {
            setup.opponent = nim_tui::domain::Opponent::Ai;
            setup.level = level;
            let app = nim_tui::app::App::start_now(setup, None).ai_elsewhere();
            super::tables::with_server_hints(app, server)
        }
        None => {
            setup.opponent = nim_tui::domain::Opponent::Human;
            super::tables::between_people(nim_tui::app::App::start_now(setup, None), server)
        }
    };
    Some(app)
}
