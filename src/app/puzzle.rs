//! The puzzle screen: a position with exactly one winning move; find it.

use rand::Rng;

use crate::domain::{Action, Level, Seat};
use crate::engine::{Move, Rules, Ruleset};

use super::{Command, Effect, Game, Msg, Next};

/// A run of puzzles: which one, and how it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRun {
    /// Which puzzle of the run this is, counting from 1 (with `--seed`, the same number is the
    /// same puzzle).
    pub number: u32,
    /// Whether a hint was asked for: then a right answer does not count as solved.
    pub revealed: bool,
    pub answer: Option<PuzzleAnswer>,
}

/// The player's answer to a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAnswer {
    pub mv: Move,
    /// The answer is the winning move.
    pub correct: bool,
    /// Correct, and found without a hint: counted in the puzzle streak.
    pub solved: bool,
    /// The one winning move and why it wins.
    pub explanation: String,
}

/// The puzzle on the board and the run it belongs to.
#[derive(Debug, Clone)]
pub struct PuzzleScreen {
    pub game: Game,
    pub run: PuzzleRun,
    /// Opened from the start menu, so that leaving goes back there.
    pub from_menu: bool,
}

impl PuzzleScreen {
    /// The first puzzle of a run.
    pub fn first(rng: &mut impl Rng, from_menu: bool) -> PuzzleScreen {
        PuzzleScreen {
            game: deal(rng),
            run: PuzzleRun { number: 1, revealed: false, answer: None },
            from_menu,
        }
    }

    /// The next puzzle of the run.
    pub fn next(&mut self, rng: &mut impl Rng) {
        self.game = deal(rng);
        self.run = PuzzleRun { number: self.run.number + 1, revealed: false, answer: None };
    }

    /// Shows the answer's hint; the puzzle then does not count.
    pub fn reveal(&mut self) {
        self.run.revealed = true;
        self.game.show_hint();
    }

    pub fn commands(&self) -> Vec<Command> {
        let leave = if self.from_menu { "back to the menu" } else { "quit" };
        if self.run.answer.is_some() {
            return vec![
                Command::new(Action::Take, "next puzzle").bar("next"),
                Command::new(Action::Binary, "binary view"),
                Command::new(Action::Help, "keys").bar("keys"),
                Command::new(Action::Quit, leave).bar(if self.from_menu { "menu" } else { "quit" }),
            ];
        }
        vec![
            Command::new(Action::Up, "choose the heap above"),
            Command::new(Action::Down, "choose the heap below"),
            Command::new(Action::Less, "take one less").bar("count"),
            Command::new(Action::More, "take one more"),
            Command::new(Action::TakeOne, "take one token"),
            Command::new(Action::TakeAll, "take the whole heap"),
            Command::new(Action::Take, "answer with the chosen move").bar("answer"),
            Command::new(Action::Erase, "erase a typed digit").when(!self.game.typed.is_empty()),
            Command::new(Action::Hint, "hint (the puzzle then does not count)").bar("hint"),
            Command::new(Action::Binary, "binary view"),
            Command::new(Action::Help, "keys").bar("keys"),
            Command::new(Action::Quit, leave).bar(if self.from_menu { "menu" } else { "quit" }),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let leave = if self.from_menu { Next::Menu } else { Next::Quit };
        let game = &mut self.game;
        let Msg::Key { action, ch } = msg else {
            if let Msg::Pick { heap, count } = msg
                && self.run.answer.is_none()
            {
                game.pick(heap, count);
            }
            return Next::NOTHING;
        };
        if let Some(digit) = ch.and_then(|c| c.to_digit(10)) {
            if self.run.answer.is_none() {
                // to_digit(10) is at most 9.
                game.type_digit(digit as u8);
            }
            return Next::NOTHING;
        }
        let Some(action) = action else { return Next::NOTHING };
        if self.run.answer.is_some() {
            return match action {
                Action::Take => Next::Puzzle,
                Action::Quit => leave,
                _ => Next::NOTHING,
            };
        }
        match action {
            Action::Quit => return leave,
            Action::Take => {
                let mv = Move::take(game.selected, game.count);
                let teaching = game.teach();
                let winning = game.rules.winning_moves(game.position());
                let correct = winning.first() == Some(&mv);
                let solved = correct && !self.run.revealed;
                let explanation = teaching.reason();
                self.run.answer = Some(PuzzleAnswer { mv, correct, solved, explanation });
                return Next::Stay(Effect::PuzzleAnswered { solved });
            }
            Action::Hint if self.run.revealed => game.show_hint(),
            Action::Hint => return Next::Ask(super::Confirm::PuzzleHint),
            Action::Up => game.step_selection(false),
            Action::Down => game.step_selection(true),
            Action::Less => game.set_count(game.count.saturating_sub(1)),
            Action::More => game.set_count(game.count.saturating_add(1)),
            Action::TakeOne => game.set_count(1),
            Action::TakeAll => game.set_count(u64::MAX),
            Action::Erase => game.erase_digit(),
            _ => {}
        }
        Next::NOTHING
    }
}

/// A new puzzle as a game whose first move is the player's.
fn deal(rng: &mut impl Rng) -> Game {
    let puzzle = crate::puzzle::generate(rng);
    let rules = Ruleset::nim(puzzle.mode);
    Game::with_rng(rules, Level::Perfect, puzzle.heaps, Seat::First, rand::SeedableRng::seed_from_u64(0))
}
