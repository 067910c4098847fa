//! One checked move history: the starting heaps, who moved first, and every move since, each
//! checked by the game's rules as it is added. Games in play, saved games, records and replays all
//! keep their moves in one of these, so replaying a game is written once.

use std::sync::Arc;

use crate::engine::{Game, Move, MoveError, Position, Rules, Ruleset};

use super::Seat;

/// Why a move cannot join a history. Moves are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("move {index} ({mv}) cannot be played: {source}")]
    Illegal { index: usize, mv: Move, source: MoveError },
    #[error("move {index} is by {} again: players take turns", .seat.word())]
    OutOfTurn { index: usize, seat: Seat },
    #[error("move {index} comes after the game is over")]
    AfterTheEnd { index: usize },
}

/// The moves of one game, legal and alternating, with the position they lead to.
#[derive(Debug, Clone)]
pub struct History {
    /// The game being played (its rules are [`History::rules`]), built once: every move is
    /// checked and played by it. Shared, so that
    /// a history is cheap to copy (undo keeps copies) and small to carry in a message.
    game: Arc<Game>,
    start: Position,
    first: Seat,
    moves: Vec<(Seat, Move)>,
    /// The position after every move, kept so that reading it costs nothing.
    now: Position,
}

/// Two histories are equal when their rules, start and moves are (the built game follows from
/// the rules).
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        (self.rules(), &self.start, self.first, &self.moves, &self.now)
            == (other.rules(), &other.start, other.first, &other.moves, &other.now)
    }
}

impl Eq for History {}

impl History {
    /// A game about to start from `start`, with `first` to move.
    pub fn new(rules: Ruleset, start: Vec<u64>, first: Seat) -> History {
        let start = Position::new(start);
        History { game: Arc::new(rules.game()), now: start.clone(), start, first, moves: Vec::new() }
    }

    /// A history rebuilt from saved moves, each checked in turn.
    pub fn replayed(
        rules: Ruleset,
        start: Vec<u64>,
        first: Seat,
        moves: impl IntoIterator<Item = (Seat, Move)>,
    ) -> Result<History, HistoryError> {
        let mut history = History::new(rules, start, first);
        for (seat, mv) in moves {
            history.push(seat, mv)?;
        }
        Ok(history)
    }

    pub fn rules(&self) -> Ruleset {
        self.game.rules()
    }

    /// The game being played, built once when the history began, to answer questions about it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The heaps the game started with.
    pub fn start(&self) -> &[u64] {
        self.start.heaps()
    }

    /// Who moved first.
    pub fn first(&self) -> Seat {
        self.first
    }

    /// Every move so far, oldest first.
    pub fn moves(&self) -> &[(Seat, Move)] {
        &self.moves
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.now
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.moves.last().map_or(self.first, |(seat, _)| seat.other())
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        self.game.is_over(&self.now)
    }

    /// Who made the last move, which ended the game when [`History::is_over`].
    pub fn last_mover(&self) -> Option<Seat> {
        self.moves.last().map(|(seat, _)| *seat)
    }

    /// Adds `mv` by `seat`, after checking that it is `seat`'s turn and the move is legal.
    pub fn push(&mut self, seat: Seat, mv: Move) -> Result<(), HistoryError> {
        let index = self.moves.len() + 1;
        if self.is_over() {
            return Err(HistoryError::AfterTheEnd { index });
        }
        if seat != self.to_move() {
            return Err(HistoryError::OutOfTurn { index, seat });
        }
        self.game.play(&mut self.now, &mv).map_err(|source| HistoryError::Illegal {
            index,
            mv: mv.clone(),
            source,
        })?;
        self.moves.push((seat, mv));
        Ok(())
    }

    /// Keeps the first `len` moves and returns the ones after them.
    pub fn truncate(&mut self, len: usize) -> Vec<(Seat, Move)> {
        let rest = self.moves.split_off(len.min(self.moves.len()));
        self.now = self.position_after(self.moves.len());
        rest
    }

    /// The position after the first `count` moves.
    pub fn position_after(&self, count: usize) -> Position {
        let mut position = self.start.clone();
        for (_, mv) in self.moves.iter().take(count) {
            // Every kept move was checked when it was added, from this same position.
            let _ = self.game.play(&mut position, mv);
        }
        position
    }

    /// The positions before and after each move, for reviews and move lists.
    pub fn steps(&self) -> impl Iterator<Item = (Seat, &Move, Position, Position)> + '_ {
        let mut position = self.start.clone();
        self.moves.iter().map(move |(seat, mv)| {
            let before = position.clone();
            let _ = self.game.play(&mut position, mv);
            (*seat, mv, before, position.clone())
        })
    }
}
