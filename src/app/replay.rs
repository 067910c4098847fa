//! The replay screen: a recorded game stepped through forwards and backwards on the board.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::domain::{Action, History, Level};
use crate::record::Record;

use super::{Command, Game, Msg, Next};

/// A checked record and how far into it the board shows.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The board after the first `at` moves; no one moves on it.
    pub game: Game,
    pub record: History,
    /// How many moves are shown as played.
    pub at: usize,
}

impl Replay {
    pub fn new(record: &Record) -> Replay {
        Replay { game: shown(record.history.clone(), record, 0), record: record.history.clone(), at: 0 }
    }

    /// The move the next step forwards plays.
    pub fn next(&self) -> Option<&crate::engine::Move> {
        self.record.moves().get(self.at).map(|(_, mv)| mv)
    }

    pub fn commands(&self) -> Vec<Command> {
        let end = self.at == self.record.len();
        vec![
            Command::new(Action::Less, "one move back").bar("step").when(self.at > 0),
            Command::new(Action::More, "one move forward").when(!end),
            Command::new(Action::Up, "one move back").when(self.at > 0),
            Command::new(Action::Down, "one move forward").when(!end),
            Command::new(Action::Take, "one move forward").when(!end),
            Command::new(Action::TakeOne, "to the start").when(self.at > 0),
            Command::new(Action::TakeAll, "to the end").when(!end),
            Command::new(Action::History, "move list"),
            Command::new(Action::Binary, "binary view"),
            Command::new(Action::Help, "keys").bar("keys"),
            Command::new(Action::Quit, "quit").bar("quit"),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let Msg::Key { action: Some(action), .. } = msg else { return Next::NOTHING };
        let at = match action {
            Action::Quit => return Next::Quit,
            Action::Less | Action::Up => self.at.saturating_sub(1),
            Action::More | Action::Down | Action::Take => (self.at + 1).min(self.record.len()),
            Action::TakeOne => 0,
            Action::TakeAll => self.record.len(),
            _ => return Next::NOTHING,
        };
        if at != self.at {
            self.at = at;
            let players = self.game.players.clone();
            let mut prefix = self.record.clone();
            prefix.truncate(at);
            self.game = Game::from_history(prefix, Level::Perfect, players, StdRng::seed_from_u64(0));
            self.game.pending = None;
        }
        Next::NOTHING
    }
}

fn shown(mut history: History, record: &Record, at: usize) -> Game {
    history.truncate(at);
    let mut game =
        Game::from_history(history, Level::Perfect, record.players.clone(), StdRng::seed_from_u64(0));
    game.pending = None;
    game
}
