//! Which puzzle is which, as plain data (the generator that deals a puzzle from its id is
//! `crate::puzzle`'s), and what an answered puzzle did to the ratings (#39).

use std::fmt;
use std::str::FromStr;

use crate::engine::GameKind;
use crate::i18n::{self, Language};

use super::RatingFigures;

/// How hard the puzzles are: more and larger heaps, and more misère endgames.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// Three heaps of up to 7, normal play.
    Easy,
    /// Three to five heaps of up to 15; one in three misère.
    #[default]
    Medium,
    /// Four to six heaps of up to 31; half misère, often in the endgame where the rule changes.
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL.into_iter().find(|d| d.as_str() == s.trim().to_lowercase()).ok_or_else(|| {
            format!(
                "unknown difficulty '{}': expected 'easy', 'medium' or 'hard'",
                crate::text::escape_short(s, 40)
            )
        })
    }
}

/// Which puzzle: the run's seed, its number in the run (from 1) and the difficulty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleId {
    pub seed: u64,
    pub number: u32,
    pub difficulty: Difficulty,
}

/// A puzzle of a game, as ratings name it: the game and the puzzle's id. Written as
/// `kayles hard 4217-3` (game, difficulty, seed-number), the same on every machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleKey {
    pub game: GameKind,
    pub id: PuzzleId,
}

impl fmt::Display for PuzzleKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}-{}", self.game.name(), self.id.difficulty, self.id.seed, self.id.number)
    }
}

impl PuzzleId {
    /// The day's puzzle: the same for everyone on that (UTC) day, counted from 1970-01-01.
    pub fn daily(day: u64) -> PuzzleId {
        PuzzleId {
            seed: day.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xda11,
            number: 1,
            difficulty: Difficulty::Medium,
        }
    }

    /// The next puzzle of the run.
    pub fn next(self) -> PuzzleId {
        PuzzleId { number: self.number.saturating_add(1), ..self }
    }
}

/// What an answered puzzle did to the ratings (#39), as the program around the app kept it: the
/// player's puzzle rating in the puzzle's game before and after, and the puzzle's rating after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRated {
    pub puzzle: PuzzleKey,
    /// Where everyone starts for the player's first rated puzzle in this game.
    pub before: RatingFigures,
    pub after: RatingFigures,
    /// The puzzle's rating; its `games` counts the first answers it was measured from.
    pub puzzle_rating: RatingFigures,
    /// How many of those answers solved it, when the puzzle is measured with the players (the
    /// server); `None` at one terminal, where a puzzle keeps its difficulty's fixed rating.
    pub solved_by: Option<u64>,
}

impl PuzzleRated {
    /// The line under an answered puzzle that says what it did to the ratings (#39): the player's
    /// puzzle rating with its change, and the puzzle's own, measured with the players on the server
    /// or its difficulty's fixed rating at one terminal.
    pub fn words(&self, lang: Language) -> String {
        let shown = |f: &RatingFigures| {
            crate::words::rating_value(
                lang,
                f.rating.round() as i64,
                f.deviation.round() as i64,
                f.deviation > super::PROVISIONAL_RD,
            )
        };
        let before = self.before.rating.round() as i64;
        let change = self.after.rating.round() as i64 - before;
        let change = i18n::text_with(
            lang,
            if change < 0 { "puzzle-rated-down" } else { "puzzle-rated-up" },
            &[("points", i18n::Arg::Text(change.unsigned_abs().to_string()))],
        );
        let puzzle = match self.solved_by {
            Some(solved) => i18n::text_with(
                lang,
                "puzzle-rated-measured",
                &[
                    ("value", i18n::Arg::Text(shown(&self.puzzle_rating))),
                    ("solved", i18n::Arg::Count(solved)),
                    ("tries", i18n::Arg::Count(self.puzzle_rating.games)),
                ],
            ),
            None => i18n::text_with(
                lang,
                "puzzle-rated-fixed",
                &[
                    ("rating", i18n::Arg::Text((self.puzzle_rating.rating.round() as i64).to_string())),
                    (
                        "difficulty",
                        i18n::Arg::Text(crate::words::difficulty_name(
                            lang,
                            self.puzzle.id.difficulty.as_str(),
                        )),
                    ),
                ],
            ),
        };
        i18n::text_with(
            lang,
            "puzzle-rated",
            &[
                ("value", i18n::Arg::Text(shown(&self.after))),
                ("change", i18n::Arg::Text(change)),
                ("puzzle", i18n::Arg::Text(puzzle)),
            ],
        )
    }
}
