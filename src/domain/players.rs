//! Seats, players and their names, who moves first, and how well the AI plays.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::engine::{Move, Position, Rules};

use crate::i18n::Language;
use crate::i18n::label;

/// A seat at the table. The first seat is where a person plays against the AI (and the first
/// name in a two-player game); the second is the AI's (or the second name's). Files write them as
/// `you` and `ai`, as they always have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    #[serde(rename = "you")]
    First,
    #[serde(rename = "ai")]
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// The word records use: `you` or `ai`.
    pub fn word(self) -> &'static str {
        match self {
            Seat::First => "you",
            Seat::Second => "ai",
        }
    }

    fn index(self) -> usize {
        usize::from(self == Seat::Second)
    }
}

/// Who sits in the two seats.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Players {
    /// A person in the first seat against the AI in the second.
    #[default]
    Ai,
    /// Two people at one keyboard, the first name in the first seat.
    Hotseat(Names),
    /// The AI in both seats, for watching.
    Demo,
    /// A person, by name, in the first seat against the AI, as someone watching them sees the
    /// game (their name where the player reads "You"): only ever drawn for a watcher
    /// ([`crate::app::App::watched_as`]), never played or kept.
    Watched(String),
}

impl Players {
    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        match self {
            Players::Ai | Players::Watched(_) => seat == Seat::First,
            Players::Hotseat(_) => true,
            Players::Demo => false,
        }
    }

    /// The name of whoever plays `seat`, as the screen shows it: "You" and "AI" against the AI,
    /// the players' names in a two-player game (a default name in the screen's language, see
    /// [`Names::shown`]), "AI 1" and "AI 2" in a demo.
    pub fn name(&self, lang: Language, seat: Seat) -> &str {
        match self {
            Players::Ai => label(lang, ["players-you", "players-ai"][seat.index()]),
            Players::Hotseat(names) => names.shown(lang, seat.index()),
            Players::Demo => label(lang, ["players-ai-1", "players-ai-2"][seat.index()]),
            Players::Watched(name) if seat == Seat::First => name,
            Players::Watched(_) => label(lang, "players-ai"),
        }
    }

    /// Whether two people share the keyboard.
    pub fn hotseat(&self) -> bool {
        matches!(self, Players::Hotseat(_))
    }
}

/// The two players' names in a two-player game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Names(pub [String; 2]);

impl Default for Names {
    fn default() -> Self {
        Names(["Player 1".to_string(), "Player 2".to_string()])
    }
}

impl Names {
    /// Name `i` (0 or 1) as the screen shows it. The default names are data, the same in every
    /// language ("Player 1" in the config, the files and `--names`); a name still the default is
    /// shown in the screen's language ("玩家 1"), a name typed is shown as typed.
    pub fn shown(&self, lang: Language, i: usize) -> &str {
        Names::shown_name(lang, &self.0[i], i)
    }

    /// `name`, the name of player `i` (0 or 1), as the screen shows it (see [`Names::shown`]).
    pub fn shown_name(lang: Language, name: &str, i: usize) -> &str {
        let default = ["Player 1", "Player 2"];
        match default.get(i) {
            Some(&english) if name == english => label(lang, ["players-default-1", "players-default-2"][i]),
            _ => name,
        }
    }

    /// Checks one name: printable, without control, bidi or zero-width characters, and short
    /// (see [`crate::text::check_name`]).
    pub fn check(name: &str) -> Result<String, String> {
        crate::text::check_name(name)
    }
}

impl FromStr for Names {
    type Err = String;

    /// Two names separated by a comma, such as `Ann,Bob`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let shown = escaped(s);
        let names: Vec<&str> = s.split(',').collect();
        match names.as_slice() {
            [first, second] => {
                let check = |name: &str| Names::check(name).map_err(|e| format!("names '{shown}': {e}"));
                Ok(Names([check(first)?, check(second)?]))
            }
            _ => Err(format!("names '{shown}': expected two names separated by a comma, such as Ann,Bob")),
        }
    }
}

/// The running score of a match between two people at one keyboard: the games each seat won this
/// session, with the names they were won under. A new pair of names starts a new match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    pub names: Names,
    /// Games won, by seat: the first name's, then the second's.
    pub wins: [u32; 2],
}

impl Score {
    /// A match between `names`, nothing won yet.
    pub fn new(names: Names) -> Score {
        Score { names, wins: [0, 0] }
    }

    /// Counts a game won by `seat`.
    pub fn won(&mut self, seat: Seat) {
        let wins = &mut self.wins[seat.index()];
        *wins = wins.saturating_add(1);
    }

    /// The score in words: "Ann 2 – 1 Bob".
    pub fn line(&self, lang: Language) -> String {
        crate::words::score(
            lang,
            self.names.shown(lang, 0),
            self.wins[0],
            self.wins[1],
            self.names.shown(lang, 1),
        )
    }
}

/// `text` with control characters written as escapes, cut short, for a message.
fn escaped(text: &str) -> String {
    crate::text::escape_short(text, crate::text::ECHO_MAX)
}

/// Who moves first in a new game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum First {
    #[default]
    You,
    Ai,
    Random,
}

impl First {
    pub const ALL: [First; 3] = [First::You, First::Ai, First::Random];

    pub fn as_str(self) -> &'static str {
        match self {
            First::You => "you",
            First::Ai => "ai",
            First::Random => "random",
        }
    }

    /// The seat that moves first; a coin toss from `rng` for `Random`.
    pub fn seat(self, rng: &mut impl Rng) -> Seat {
        match self {
            First::You => Seat::First,
            First::Ai => Seat::Second,
            First::Random if rng.random_bool(0.5) => Seat::First,
            First::Random => Seat::Second,
        }
    }
}

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for First {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        First::ALL
            .into_iter()
            .find(|f| f.as_str() == s.trim().to_lowercase())
            .ok_or_else(|| format!("unknown first player '{}': expected 'you', 'ai' or 'random'", escaped(s)))
    }
}

/// Who the player plays against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    #[default]
    Ai,
    /// Another person at the same keyboard.
    Human,
}

impl Opponent {
    pub fn as_str(self) -> &'static str {
        match self {
            Opponent::Ai => "ai",
            Opponent::Human => "human",
        }
    }
}

impl FromStr for Opponent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "ai" => Ok(Opponent::Ai),
            "human" => Ok(Opponent::Human),
            _ => Err(format!("unknown opponent '{}': expected 'ai' or 'human'", escaped(s))),
        }
    }
}

/// How well the AI plays. Only `Perfect` is perfect; the others sometimes play a uniformly random
/// legal move instead of the best one: `Hard` 10% of its moves, `Medium` 30%, `Easy` 60%.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Perfect,
    Hard,
    Medium,
    Easy,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Perfect, Level::Hard, Level::Medium, Level::Easy];

    /// The chance that one of the AI's moves is a uniformly random legal move.
    pub fn random_odds(self) -> f64 {
        match self {
            Level::Perfect => 0.0,
            Level::Hard => 0.1,
            Level::Medium => 0.3,
            Level::Easy => 0.6,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Hard => "hard",
            Level::Medium => "medium",
            Level::Easy => "easy",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL.into_iter().find(|l| l.as_str() == s.trim().to_lowercase()).ok_or_else(|| {
            format!("unknown level '{}': expected 'perfect', 'hard', 'medium' or 'easy'", escaped(s))
        })
    }
}

/// The AI's move at `level`: the perfect move, or with the level's odds a uniformly random legal
/// move. The chance comes from `rng` (the game's seeded one), so a seeded game replays exactly;
/// the engine itself stays free of randomness. `None` once the game is over.
pub fn level_move(rules: &impl Rules, position: &Position, level: Level, rng: &mut impl Rng) -> Option<Move> {
    if rules.is_over(position) {
        return None;
    }
    if level != Level::Perfect && rng.random_bool(level.random_odds()) {
        let count = rules.move_count(position);
        if count > 0 {
            return rules.nth_move(position, rng.random_range(0..count));
        }
    }
    rules.ai_move(position)
}
