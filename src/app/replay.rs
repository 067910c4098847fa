//! The replay screen: a recorded game stepped through forwards and backwards on the board.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::domain::{Action, History, Level, Seat};
use crate::record::Record;

use super::{Command, Game, Msg, Next, Play, ReviewLine};

/// A checked record and how far into it the board shows: a saved record, or the review of the
/// game just finished.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The board after the first `at` moves; no one moves on it.
    pub game: Game,
    pub record: History,
    /// How many moves are shown as played.
    pub at: usize,
    /// Who resigned after the last move, if the game ended that way: shown once the board
    /// reaches the end.
    pub resigned: Option<Seat>,
    /// In a review, the finished game to go back to, and the verdict on each of its moves.
    pub review: Option<(Box<Play>, Vec<ReviewLine>)>,
    /// In a review, the board the move judged was played from (after the first `at - 1` moves),
    /// where the board marks that move and the winning move it missed.
    pub before: Option<Game>,
}

impl Replay {
    pub fn new(record: &Record) -> Replay {
        let mut replay = Replay {
            game: shown(record.history.clone(), record, 0),
            record: record.history.clone(),
            at: 0,
            resigned: record.resigned,
            review: None,
            before: None,
        };
        // A game resigned before any move is at its end from the start.
        replay.step_to(0);
        replay
    }

    /// The review of a finished game, stepped through on the board from its first move.
    pub fn reviewing(play: Play) -> Replay {
        let record = play.game.record();
        let lines = play.game.review();
        // Start on the first mistake, where there is one to learn from.
        let at = lines.iter().position(|l| l.blunder).map_or(0, |i| i + 1);
        let mut replay = Replay::new(&record);
        replay.review = Some((Box::new(play), lines));
        replay.step_to(at);
        replay
    }

    /// The verdict on the move just shown as played, in a review.
    pub fn verdict(&self) -> Option<&ReviewLine> {
        let (_, lines) = self.review.as_ref()?;
        lines.get(self.at.checked_sub(1)?)
    }

    /// How the game ended, once the board shows its end: "You resigned", "Ann took the last
    /// token"; `None` before the end.
    pub fn ending(&self, lang: crate::i18n::Language) -> Option<String> {
        self.game.over.as_ref().map(|over| self.game.ending_words(lang, over))
    }

    /// The move the next step forwards plays.
    pub fn next(&self) -> Option<&crate::engine::Move> {
        self.record.moves().get(self.at).map(|(_, mv)| mv)
    }

    pub fn commands(&self) -> Vec<Command> {
        let end = self.at == self.record.len();
        // The key line pairs back and forward as `←/→ step` on the back command; at the start,
        // where there is no going back, forward carries the label itself.
        let forward = |label| match self.at {
            0 => Command::new(Action::More, label).bar("keys-step").when(!end),
            _ => Command::new(Action::More, label).when(!end),
        };
        if self.review.is_some() {
            return vec![
                Command::new(Action::Less, "keys-one-move-back").bar("keys-step").when(self.at > 0),
                forward("keys-one-move-forward"),
                Command::new(Action::Up, "keys-one-move-back").when(self.at > 0),
                Command::new(Action::Down, "keys-one-move-forward").when(!end),
                Command::new(Action::TakeOne, "keys-to-the-start").when(self.at > 0),
                Command::new(Action::TakeAll, "keys-to-the-end").when(!end),
                Command::new(Action::History, "keys-move-list"),
                Command::new(Action::Binary, "keys-binary-view"),
                Command::new(Action::Review, "keys-back-to-the-end").bar("keys-back"),
                Command::new(Action::Help, "keys-keys").bar("keys-keys"),
                Command::new(Action::Quit, "keys-back-to-the-end"),
            ];
        }
        vec![
            Command::new(Action::Less, "keys-one-move-back").bar("keys-step").when(self.at > 0),
            forward("keys-one-move-forward"),
            Command::new(Action::Up, "keys-one-move-back").when(self.at > 0),
            Command::new(Action::Down, "keys-one-move-forward").when(!end),
            Command::new(Action::Take, "keys-one-move-forward").when(!end),
            Command::new(Action::TakeOne, "keys-to-the-start").when(self.at > 0),
            Command::new(Action::TakeAll, "keys-to-the-end").when(!end),
            Command::new(Action::History, "keys-move-list"),
            Command::new(Action::Binary, "keys-binary-view"),
            Command::new(Action::Help, "keys-keys").bar("keys-keys"),
            Command::new(Action::Quit, "keys-quit").bar("keys-quit"),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let Msg::Key { action: Some(action), .. } = msg else { return Next::NOTHING };
        let at = match action {
            Action::Quit | Action::Review if self.review.is_some() => return Next::EndReview,
            Action::Quit => return Next::Quit,
            Action::Less | Action::Up => self.at.saturating_sub(1),
            Action::More | Action::Down => (self.at + 1).min(self.record.len()),
            Action::Take if self.review.is_none() => (self.at + 1).min(self.record.len()),
            Action::TakeOne => 0,
            Action::TakeAll => self.record.len(),
            _ => return Next::NOTHING,
        };
        if at != self.at {
            self.step_to(at);
        }
        Next::NOTHING
    }

    /// Shows the board after the first `at` moves.
    fn step_to(&mut self, at: usize) {
        self.at = at;
        let players = self.game.players.clone();
        let mut prefix = self.record.clone();
        prefix.truncate(at);
        self.before = match (&self.review, at.checked_sub(1)) {
            (Some(_), Some(previous)) => {
                let mut before = prefix.clone();
                before.truncate(previous);
                let mut game =
                    Game::from_history(before, Level::Perfect, players.clone(), StdRng::seed_from_u64(0));
                game.pending = None;
                Some(game)
            }
            _ => None,
        };
        self.game = Game::from_history(prefix, Level::Perfect, players, StdRng::seed_from_u64(0));
        self.game.pending = None;
        if at == self.record.len() && self.resigned.is_some() {
            // The record was checked: the player to move now is the one who resigned.
            self.game.resign();
        }
    }
}

fn shown(mut history: History, record: &Record, at: usize) -> Game {
    history.truncate(at);
    let mut game =
        Game::from_history(history, Level::Perfect, record.players.clone(), StdRng::seed_from_u64(0));
    game.pending = None;
    game
}
