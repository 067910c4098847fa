//! The puzzle screen: a position with exactly one winning move; find it.

use rand::Rng;

pub use crate::domain::PuzzleRated;
use crate::puzzle::{Difficulty, PuzzleId, PuzzleKey};

use crate::domain::{Action, Level, Seat};
use crate::engine::{GameKind, Move, Rules, Ruleset};

use super::{Command, Effect, Game, Msg, Next};

/// A run of puzzles: which one, and how it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRun {
    /// Which puzzle of the run this is, counting from 1 (with `--seed`, the same number is the
    /// same puzzle).
    pub number: u32,
    /// Whether the answer was shown: then a puzzle of a run does not count at all, neither as
    /// solved nor as attempted, and the streak stays as it was (the day's puzzle counts as not
    /// solved).
    pub revealed: bool,
    /// A first answer that did not win: the player gets a second try before the answer is
    /// shown (said under the board, with the move that was tried).
    pub missed: Option<Move>,
    pub answer: Option<PuzzleAnswer>,
}

/// The player's answer to a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAnswer {
    pub mv: Move,
    /// The answer is the winning move.
    pub correct: bool,
    /// Correct, and found without a hint: counted as solved, in the puzzle streak.
    pub solved: bool,
    /// Counted in the statistics: answered without the hint, or the day's puzzle.
    pub counted: bool,
    /// What the engine teaches of the position answered: the one winning move and why it wins,
    /// written when drawn.
    pub teaching: crate::engine::Teaching,
}

/// Where a run of puzzles starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PuzzleStart {
    /// The run's seed; without one a seed is drawn and shown, so the puzzle can still be shared.
    pub seed: Option<u64>,
    /// The first puzzle's number in the run (1 when not given).
    pub number: Option<u32>,
    pub difficulty: Difficulty,
    /// The day's puzzle of this day (counted from 1970-01-01, UTC), instead of a run.
    pub daily: Option<u64>,
}

/// The puzzle on the board and the run it belongs to.
#[derive(Debug, Clone)]
pub struct PuzzleScreen {
    pub game: Game,
    pub run: PuzzleRun,
    /// Which puzzle this is: seed, number and difficulty.
    pub id: PuzzleId,
    /// The day of the day's puzzle, when this is one.
    pub daily: Option<u64>,
    /// Opened from the start menu, so that leaving goes back there.
    pub from_menu: bool,
    /// The game the run's puzzles are of (the day's puzzle is Nim's).
    pub kind: GameKind,
    /// What the answer did to the ratings, once the program around the app says.
    pub rated: Option<PuzzleRated>,
}

impl PuzzleScreen {
    /// The first puzzle of a run of `kind`'s puzzles (the day's puzzle is always Nim's).
    pub fn first(start: PuzzleStart, kind: GameKind, rng: &mut impl Rng, from_menu: bool) -> PuzzleScreen {
        let kind = if start.daily.is_some() { GameKind::default() } else { kind };
        let id = match start.daily {
            Some(day) => PuzzleId::daily(day),
            None => PuzzleId {
                seed: start.seed.unwrap_or_else(|| rng.random_range(1..1_000_000)),
                number: start.number.unwrap_or(1).max(1),
                difficulty: start.difficulty,
            },
        };
        PuzzleScreen {
            game: deal(&id, kind),
            run: PuzzleRun { number: id.number, revealed: false, missed: None, answer: None },
            id,
            daily: start.daily,
            from_menu,
            kind,
            rated: None,
        }
    }

    /// The puzzle on the board, as ratings name it.
    pub fn key(&self) -> PuzzleKey {
        PuzzleKey { game: self.kind, id: self.id }
    }

    /// The next puzzle of the run.
    pub fn next(&mut self) {
        self.id = self.id.next();
        self.daily = None;
        self.game = deal(&self.id, self.kind);
        self.run = PuzzleRun { number: self.id.number, revealed: false, missed: None, answer: None };
        self.rated = None;
    }

    /// Shows the answer's hint; the puzzle then does not count at all.
    pub fn reveal(&mut self) {
        self.run.revealed = true;
        self.game.show_hint();
    }

    pub fn commands(&self) -> Vec<Command> {
        let leave = if self.from_menu { "keys-back-to-the-menu" } else { "keys-quit" };
        if self.run.answer.is_some() {
            return vec![
                Command::new(Action::Take, "keys-next-puzzle").bar("keys-next"),
                Command::new(Action::Binary, "keys-binary-view"),
                Command::new(Action::Help, "keys-keys").bar("keys-keys"),
                Command::new(Action::Quit, leave).bar(if self.from_menu { "keys-menu" } else { "keys-quit" }),
            ];
        }
        let switch = self.game.can_switch();
        let keys = super::play::move_keys(&self.game);
        let commands = vec![
            Command::new(Action::Up, "keys-choose-the-heap-above"),
            Command::new(Action::Down, "keys-choose-the-heap-below"),
            Command::new(Action::Less, "keys-take-one-less").bar("keys-count"),
            Command::new(Action::More, "keys-take-one-more"),
            Command::new(Action::TakeOne, "keys-take-one-token"),
            Command::new(Action::TakeAll, "keys-take-the-whole-heap"),
            Command::new(Action::Switch, keys.switch).bar(keys.switch_bar).when(self.game.can_switch()),
            Command::new(Action::Take, "keys-answer-with-the-chosen-move").bar("keys-answer"),
            Command::new(Action::Erase, "keys-erase-a-typed-digit").when(!self.game.typed.is_empty()),
            Command::new(Action::Hint, "keys-puzzle-hint").bar("keys-hint"),
            Command::new(
                Action::Binary,
                if self.kind.describe().view == crate::engine::ViewKind::Binary {
                    "keys-binary-view"
                } else {
                    "keys-theory-view-short"
                },
            ),
            Command::new(Action::Help, "keys-keys").bar("keys-keys"),
            Command::new(Action::Quit, leave).bar(if self.from_menu { "keys-menu" } else { "keys-quit" }),
        ];
        commands.into_iter().filter(|c| switch || c.action != Action::Switch).collect()
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
            // A square of Wythoff's grid chooses the move that takes the queen there.
            if let Msg::Select(mv) = &msg
                && self.run.answer.is_none()
            {
                game.select_move(mv);
            }
            return Next::NOTHING;
        };
        // A typed count may be written with separators, as in 1,000 or 1_000.
        if matches!(ch, Some(',' | '_')) && !game.typed.is_empty() {
            return Next::NOTHING;
        }
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
                let mv = game.chosen();
                let teaching = game.teach();
                let winning = game.engine().winning_moves(game.position());
                // A puzzle has exactly one winning move; asked of the engine, whatever form it takes.
                let correct = !winning.is_empty() && game.engine().is_winning_move(game.position(), &mv);
                // A first wrong answer is a try: the player is told it loses and tries again; only
                // a second wrong answer shows the winning move (at once after the hint, which
                // showed it already).
                if !correct && self.run.missed.is_none() && !self.run.revealed && !winning.is_empty() {
                    self.run.missed = Some(mv);
                    return Next::NOTHING;
                }
                // As the hint's question says: once the answer was shown, a puzzle of a run is
                // not counted at all (not even as attempted), so the streak stays as it was; the
                // day's puzzle, which can be answered once a day, counts as not solved, or the
                // answer could be looked up and then given by another start.
                let counted = !self.run.revealed || self.daily.is_some();
                // Found on the second try, it is right but not solved (the streak is for puzzles
                // found at once).
                let solved = correct && !self.run.revealed && self.run.missed.is_none();
                self.run.answer =
                    Some(PuzzleAnswer { mv, correct, solved, counted, teaching: teaching.clone() });
                if !counted {
                    return Next::NOTHING;
                }
                return Next::Stay(Effect::PuzzleAnswered { solved, daily: self.daily, puzzle: self.key() });
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
            Action::Switch => game.switch(),
            _ => {}
        }
        Next::NOTHING
    }
}

/// The puzzle `id` of `kind` as a game whose first move is the player's.
fn deal(id: &PuzzleId, kind: GameKind) -> Game {
    let puzzle = id.puzzle_of(kind);
    let rules = Ruleset::new(puzzle.game, puzzle.mode);
    Game::with_rng(rules, Level::Perfect, puzzle.heaps, Seat::First, rand::SeedableRng::seed_from_u64(0))
}
