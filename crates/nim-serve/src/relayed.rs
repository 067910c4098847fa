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
    loop {
        // The messages first: a move waits for no list of people.
        tokio::select! {
            biased;
            news = inbox.recv() => {
                let (Some(In { from_host, wire }), Some(server)) = (news, weak.upgrade()) else { break };
                carry_out(&server, &relay, &from_host, wire);
            }
            changed = others.changed() => {
                let (Ok(()), Some(server)) = (changed, weak.upgrade()) else { break };
                let Some((rows, hosts)) = others.borrow_and_update().clone() else { continue };
                server.people.others(rows);
                // A game with a player on a host whose lease ran out is ended by the server.
                for table in relay.lost_games(&hosts) {
                    super::place::relayed_host_lost(&server, &table);
                }
            }
        }
    }
}

fn carry_out(server: &Arc<Server>, relay: &Relay, from_host: &str, wire: Wire) {
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
                let mut setup = server.settings.setup();
                setup.game = kind.parse().ok()?;
                setup.mode = mode.parse().ok()?;
                setup.heaps = nim_tui::domain::HeapChoice::Custom(heaps);
                setup.opponent = nim_tui::domain::Opponent::Human;
                setup.first =
                    if first_moves_first { nim_tui::domain::First::You } else { nim_tui::domain::First::Ai };
                setup.names = nim_tui::domain::Names([to.clone(), from.clone()]);
                let app = super::tables::between_people(nim_tui::app::App::start_now(setup, None), server);
                let table =
                    Table::new(app, [to.clone(), from.clone()], [me, rid], Default::default(), people);
                relay.link(&table, Link { game: game.clone(), peer: from_host.to_string(), home: false });
                people.tell(me, Notice::Accepted { table }).then_some(())
            });
            if seated.is_none() {
                relay.send(from_host, Wire::Left { game, seat: 0, how: format!("left by {to}") });
            }
        }
        Wire::Move { game, ply, notation } => {
            if let Some(table) = relay.table(&game) {
                super::place::relayed_move(server, &table, ply, &notation);
            }
        }
        Wire::Left { game, seat, how } => {
            if let Some(table) = relay.table(&game) {
                super::place::relayed_leave(server, &table, seat.min(1), &how);
            }
        }
    }
}
