//! Which game is played: its name on the command line and in files, the name a person reads, and
//! whether it has a misère form.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most heaps one move of Moore's Nim_k may take from: `moore:2` to `moore:8` (`moore:1` is
/// Nim). Listing or counting the winning moves grows with the number of heaps to this power.
pub const MOORE_MAX_K: u32 = 8;

/// The largest amount a subtraction set may hold.
pub const SUBTRACTION_MAX: u64 = 128;

/// The most amounts and ranges (`1-3` is one) a subtraction set's list may hold: as many as there
/// are amounts, so every set can be written, one amount at a time.
pub const SUBTRACTION_ITEMS_MAX: usize = 128;

/// The longest game name read, in bytes: the longest set (`subtraction:1,2,...,128`, 415 bytes)
/// written with spaces, and room to spare. Names come from data files too, which may hold
/// megabytes; a longer one is refused before anything is made of it.
pub const GAME_NAME_MAX: usize = 1000;

/// The games the engine knows (and nim-tui plays).
///
/// A small `Copy` value, held by every [`super::Ruleset`]. Written as `nim`, `moore:K`,
/// `subtraction:1,2,3`, `lasker`, `kayles`, `wythoff` or `fibonacci`, on the command line and in
/// files alike (serde uses the same text). `moore:1` is read as `nim`: Moore's Nim_1 is Nim, and
/// one game has one name. The presets `21` and `bachet` name subtraction games; their starting
/// heaps are in [`GamePreset`].
///
/// ```
/// use nim_engine::{GameKind, SubtractionSet};
///
/// let kind: GameKind = "subtraction:1-3".parse().unwrap();
/// assert_eq!(kind, GameKind::Subtraction(SubtractionSet::up_to(3).unwrap()));
/// assert_eq!(kind.to_string(), "subtraction:1,2,3");
/// assert_eq!("21".parse::<GameKind>(), Ok(kind));
/// assert_eq!("moore:1".parse::<GameKind>(), Ok(GameKind::Nim));
/// assert!("chess".parse::<GameKind>().is_err());
/// ```
///
/// `#[non_exhaustive]`: a game added to the engine is a new variant, and a caller's `match` keeps
/// compiling (with its own `_` arm); callers ask the game for its facts rather than match on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum GameKind {
    /// Nim: take any number of tokens from one heap.
    #[default]
    Nim,
    /// Moore's Nim_k: take from at least one and at most `K` heaps at once (2 ≤ K ≤
    /// [`MOORE_MAX_K`]).
    Moore(u32),
    /// A subtraction game: take exactly `s` tokens from one heap, `s` in the set.
    Subtraction(SubtractionSet),
    /// Lasker's Nim: take from one heap, or split a heap into two non-empty heaps.
    Lasker,
    /// Kayles: rows of pins; knock down one pin or two neighbouring pins.
    Kayles,
    /// Dawson's Kayles (octal game 0.07): rows of pins; knock down exactly two neighbouring pins.
    Dawson,
    /// Wythoff's game: two heaps; take from one, or the same number from both.
    Wythoff,
    /// Fibonacci Nim: one heap; the first move takes anything but everything, then at most twice
    /// the last take.
    Fibonacci,
    /// Staircase Nim: coins on numbered steps; a move moves coins from one step down to the next
    /// (from step 1 to the ground, out of play). Nim on the odd steps.
    Staircase,
    /// Turning Turtles: a row of coins; turn one or two coins, the rightmost from heads to tails.
    /// Nim, a head at place n being a heap of n.
    TurningTurtles,
    /// Mock Turtles: turn one, two or three coins, the rightmost from heads to tails. A head at
    /// place n (from 1) is worth the odious number 2n - 2 or 2n - 1.
    MockTurtles,
    /// The ruler game: turn any run of neighbouring coins, the rightmost from heads to tails. A
    /// head at place n is worth the largest power of 2 dividing n (the ruler function).
    Ruler,
    /// Euclid's game: two numbers; subtract a positive multiple of the smaller from the larger;
    /// whoever makes a number 0 wins.
    Euclid,
    /// An octal game (`octal:0.71`): rows of pins; a move knocks down one or two neighbouring
    /// pins where the code's digits allow (see `octal.rs`). Only codes whose Grundy values are
    /// proved periodic are played; `octal:0.77` is read as Kayles and `octal:0.07` as Dawson's
    /// Kayles.
    Octal(super::OctalCode),
    /// Northcott's game: rows of squares, each with a white and a black counter; a player slides
    /// a counter of their colour along its row, forward or back (a retreat, a count of them per
    /// colour), never jumping. Nim on the gaps between the counters (see `northcott.rs`).
    Northcott,
    /// Turning Corners: coins on a grid; turn the four corners of a rectangle, the corner
    /// farthest from the top left from heads to tails. A head at (x, y) (from 1) is worth the nim
    /// product (x - 1) ⊗ (y - 1) (see `corners.rs`).
    Corners,
    /// Green Hackenbush on strings and trees: cut an edge; what no longer reaches the ground
    /// falls. Each tree is a Nim heap of its value by the colon principle (see `hackenbush.rs`).
    Hackenbush,
}

/// A finite set of positive amounts up to [`SUBTRACTION_MAX`], one bit each (bit `s - 1` for `s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubtractionSet(u128);

impl SubtractionSet {
    /// The set of these amounts, each from 1 to [`SUBTRACTION_MAX`]; `None` when one is out of
    /// range or the set is empty.
    pub fn new(amounts: impl IntoIterator<Item = u64>) -> Option<SubtractionSet> {
        let mut bits = 0u128;
        for s in amounts {
            if !(1..=SUBTRACTION_MAX).contains(&s) {
                return None;
            }
            bits |= 1 << (s - 1);
        }
        (bits != 0).then_some(SubtractionSet(bits))
    }

    /// The set `{1, ..., most}` (`most` from 1 to [`SUBTRACTION_MAX`]).
    pub fn up_to(most: u64) -> Option<SubtractionSet> {
        SubtractionSet::new(1..=most)
    }

    /// The set as bits: bit `s - 1` for the amount `s`.
    pub fn bits(self) -> u128 {
        self.0
    }

    /// Whether `s` may be taken.
    pub fn contains(self, s: u64) -> bool {
        (1..=SUBTRACTION_MAX).contains(&s) && self.0 >> (s - 1) & 1 == 1
    }

    /// The amounts, smallest first.
    pub fn amounts(self) -> impl Iterator<Item = u64> + Clone {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            Some(u64::from(bit) + 1)
        })
    }

    /// The largest amount.
    pub fn max(self) -> u64 {
        128 - u64::from(self.0.leading_zeros())
    }

    /// How many amounts there are.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty (never, for a set made by [`SubtractionSet::new`]).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The amounts for a person: `1, 2 or 3`.
    pub fn spoken(self) -> String {
        let amounts: Vec<String> = self.amounts().map(|s| s.to_string()).collect();
        match amounts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => amounts.join(""),
        }
    }
}

impl fmt::Display for SubtractionSet {
    /// `1,2,3`, as in the game's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.amounts().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The ids of the messages that name a game ([`GameKind::message_ids`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageIds {
    /// The name in a sentence: `Nim`, `Moore's Nim_2`, `the subtraction game {1, 2, 3}`.
    pub title: &'static str,
    /// The name a menu of games shows: `Subtraction {1,2,3}`.
    pub menu: &'static str,
    /// The name short enough for a status line: `Nim_2`.
    pub short: &'static str,
}

/// A named game with its starting heaps: the classic "21 game" and Bachet's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePreset {
    /// The name accepted wherever a game is named (`21`, `bachet`).
    pub name: &'static str,
    /// The name a person reads.
    pub title: &'static str,
    /// The name a menu shows: `The 21 game`.
    pub short: &'static str,
    /// The id of the message that names it in a menu, in the program's message files
    /// (`game-preset-21-short`): the registry says which message, the program writes the words.
    pub short_id: &'static str,
    /// The game it is.
    pub kind: GameKind,
    /// Its starting heaps.
    pub heaps: &'static [u64],
}

impl GamePreset {
    /// Every preset.
    pub fn all() -> [GamePreset; 2] {
        // The sets are non-empty and in range, so `up_to` cannot fail; the fallback is never used.
        let set = |most| SubtractionSet::up_to(most).unwrap_or(SubtractionSet(1));
        [
            GamePreset {
                name: "21",
                title: "the 21 game: one heap of 21, take 1 to 3",
                short: "The 21 game",
                short_id: "game-preset-21-short",
                kind: GameKind::Subtraction(set(3)),
                heaps: &[21],
            },
            GamePreset {
                name: "bachet",
                title: "Bachet's game: one heap of 100, take 1 to 10",
                short: "Bachet's game",
                short_id: "game-preset-bachet-short",
                kind: GameKind::Subtraction(set(10)),
                heaps: &[100],
            },
        ]
    }

    /// The preset called `name`.
    pub fn find(name: &str) -> Option<GamePreset> {
        let name = name.trim().to_ascii_lowercase();
        GamePreset::all().into_iter().find(|p| p.name == name)
    }
}

impl GameKind {
    /// One of each game, with its usual parameters (Nim_2, the subtraction set {1, 2, 3}), in the
    /// order menus list them.
    pub const ALL: [GameKind; 17] = [
        GameKind::Nim,
        GameKind::Moore(2),
        GameKind::Subtraction(SubtractionSet(0b111)),
        GameKind::Lasker,
        GameKind::Kayles,
        GameKind::Dawson,
        GameKind::Wythoff,
        GameKind::Fibonacci,
        GameKind::Staircase,
        GameKind::TurningTurtles,
        GameKind::MockTurtles,
        GameKind::Ruler,
        GameKind::Euclid,
        GameKind::Octal(super::octal::DEFAULT_CODE),
        GameKind::Northcott,
        GameKind::Corners,
        GameKind::Hackenbush,
    ];

    /// The name used on the command line and in files, such as `moore:2` or `subtraction:1,2,3`.
    pub fn name(self) -> String {
        match self {
            GameKind::Moore(k) => format!("moore:{k}"),
            GameKind::Subtraction(set) => format!("subtraction:{set}"),
            GameKind::Octal(code) => format!("octal:{code}"),
            other => other.base().to_string(),
        }
    }

    /// The name without its parameter: `nim`, `moore`, `subtraction`, `lasker`, `kayles`,
    /// `wythoff` or `fibonacci`.
    pub fn base(self) -> &'static str {
        match self {
            GameKind::Nim => "nim",
            GameKind::Moore(_) => "moore",
            GameKind::Subtraction(_) => "subtraction",
            GameKind::Lasker => "lasker",
            GameKind::Kayles => "kayles",
            GameKind::Dawson => "dawson",
            GameKind::Wythoff => "wythoff",
            GameKind::Fibonacci => "fibonacci",
            GameKind::Staircase => "staircase",
            GameKind::TurningTurtles => "turtles",
            GameKind::MockTurtles => "mock-turtles",
            GameKind::Ruler => "ruler",
            GameKind::Euclid => "euclid",
            GameKind::Octal(_) => "octal",
            GameKind::Northcott => "northcott",
            GameKind::Corners => "corners",
            GameKind::Hackenbush => "hackenbush",
        }
    }

    /// The ids of the messages that name the game in the program's message files, its title, its
    /// menu name and its short name (`game-moore-title`, ...): the one list of games and their
    /// words' ids, so that nothing outside this registry names a particular game. A game's
    /// parameters (Moore's K, a subtraction set) are the messages' arguments.
    pub fn message_ids(self) -> MessageIds {
        let (title, menu, short) = match self {
            GameKind::Nim => ("game-nim-title", "game-nim-title", "game-nim-title"),
            GameKind::Moore(_) => ("game-moore-title", "game-moore-title", "game-moore-short"),
            GameKind::Subtraction(_) => {
                ("game-subtraction-title", "game-subtraction-menu", "game-subtraction-short")
            }
            GameKind::Lasker => ("game-lasker-title", "game-lasker-title", "game-lasker-short"),
            GameKind::Kayles => ("game-kayles-title", "game-kayles-title", "game-kayles-short"),
            GameKind::Dawson => ("game-dawson-title", "game-dawson-title", "game-dawson-short"),
            GameKind::Wythoff => ("game-wythoff-title", "game-wythoff-title", "game-wythoff-short"),
            GameKind::Fibonacci => ("game-fibonacci-title", "game-fibonacci-title", "game-fibonacci-short"),
            GameKind::Staircase => ("game-staircase-title", "game-staircase-title", "game-staircase-short"),
            GameKind::TurningTurtles => ("game-turtles-title", "game-turtles-title", "game-turtles-short"),
            GameKind::MockTurtles => {
                ("game-mock-turtles-title", "game-mock-turtles-title", "game-mock-turtles-short")
            }
            GameKind::Ruler => ("game-ruler-title", "game-ruler-menu", "game-ruler-short"),
            GameKind::Euclid => ("game-euclid-title", "game-euclid-title", "game-euclid-short"),
            GameKind::Octal(_) => ("game-octal-title", "game-octal-menu", "game-octal-short"),
            GameKind::Northcott => ("game-northcott-title", "game-northcott-title", "game-northcott-short"),
            GameKind::Corners => ("game-corners-title", "game-corners-title", "game-corners-short"),
            GameKind::Hackenbush => {
                ("game-hackenbush-title", "game-hackenbush-title", "game-hackenbush-short")
            }
        };
        MessageIds { title, menu, short }
    }

    /// Every name a game may be given by, each with a line about it, once each and in the order
    /// a list of choices shows them: the menu's games and presets, one of each game, Moore's
    /// Nim_k for every K, and the two forms with a parameter to fill in (`moore:`,
    /// `subtraction:`). What the shell completions offer for `--game`.
    pub fn every_name() -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = Vec::new();
        let mut add = |name: String, help: String| {
            if !names.iter().any(|(known, _)| *known == name) {
                names.push((name, help));
            }
        };
        for entry in GameKind::menu() {
            match entry.preset.and_then(GamePreset::find) {
                Some(preset) => add(preset.name.to_string(), preset.title.to_string()),
                None => add(entry.kind.name(), entry.kind.title()),
            }
        }
        for kind in GameKind::ALL {
            add(kind.name(), kind.title());
        }
        for k in 1..=MOORE_MAX_K {
            let kind = GameKind::Moore(k);
            add(kind.name(), kind.title());
        }
        add(
            "moore:".into(),
            format!("Moore's Nim_K: K from 1 to {MOORE_MAX_K}, the most heaps a move takes from"),
        );
        add(
            "subtraction:".into(),
            "a subtraction game: the amounts a move may take, such as 1,2,3 or 1-3,5".into(),
        );
        add("octal:".into(), OCTAL_HELP.into());
        names
    }

    /// Every game once, as `--game` writes it, with a line about it: each game of [`GameKind::ALL`]
    /// (those with a parameter written with it to fill in, `moore:K` and `subtraction:S`), then
    /// the presets. The one list the help, the manual pages and the README's list of games are
    /// made from, so that a game added here is in all of them.
    ///
    /// ```
    /// use nim_engine::GameKind;
    ///
    /// let names: Vec<String> = GameKind::help_names().into_iter().map(|(name, _)| name).collect();
    /// assert!(names.contains(&"dawson".to_string()));
    /// assert!(names.contains(&"moore:K".to_string()));
    /// ```
    pub fn help_names() -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = GameKind::ALL
            .into_iter()
            .map(|kind| match kind {
                GameKind::Moore(_) => (
                    "moore:K".to_string(),
                    format!("Moore's Nim_K: take from 1 to K heaps at once, K from 1 to {MOORE_MAX_K}"),
                ),
                GameKind::Subtraction(_) => (
                    "subtraction:S".to_string(),
                    format!(
                        "a subtraction game: take s, s in S (such as 1,2,3 or 1-3,5; 1 to {SUBTRACTION_MAX})"
                    ),
                ),
                GameKind::Octal(_) => ("octal:CODE".to_string(), OCTAL_HELP.to_string()),
                other => (other.name(), format!("{}: {}", other.title(), other.rule_line())),
            })
            .collect();
        names.extend(GamePreset::all().map(|preset| (preset.name.to_string(), preset.title.to_string())));
        names
    }

    /// What a move does, in a few words, for the list of games.
    fn rule_line(self) -> &'static str {
        match self {
            GameKind::Nim => "take any number of tokens from one heap",
            GameKind::Moore(_) => "take from 1 to K heaps at once",
            GameKind::Subtraction(_) => "take exactly s tokens, s in the set",
            GameKind::Lasker => "take from one heap, or split a heap in two",
            GameKind::Kayles => "rows of pins; knock down one pin or two neighbours",
            GameKind::Dawson => "rows of pins; knock down exactly two neighbours",
            GameKind::Wythoff => "two heaps; take from one, or the same from both",
            GameKind::Fibonacci => "one heap, HEAP/LIMIT; at most twice the last take",
            GameKind::Staircase => "coins on steps; move coins from a step to the one below",
            GameKind::TurningTurtles => "heads at the places given; turn one or two coins",
            GameKind::MockTurtles => "heads at the places given; turn one, two or three coins",
            GameKind::Ruler => "heads at the places given; turn a run of neighbouring coins",
            GameKind::Euclid => "two numbers; take a multiple of the smaller from the larger",
            GameKind::Octal(_) => "rows of pins; knock down one or two where the code allows",
            GameKind::Northcott => {
                "rows with a white and a black counter; slide yours, back only by a retreat"
            }
            GameKind::Corners => "heads on a grid, by column and row; turn the corners of a rectangle",
            GameKind::Hackenbush => "trees of edges, --heaps '3 1(2,3)'; cut one, what hangs falls",
        }
    }

    /// The name used on the command line and in files (as [`GameKind::name`]).
    pub fn as_str(self) -> std::borrow::Cow<'static, str> {
        match self {
            GameKind::Moore(_) | GameKind::Subtraction(_) | GameKind::Octal(_) => self.name().into(),
            other => other.base().into(),
        }
    }

    /// The name a person reads: `Nim`, `Moore's Nim_2`, `the subtraction game {1, 2, 3}`...
    pub fn title(self) -> String {
        match self {
            GameKind::Nim => "Nim".into(),
            GameKind::Moore(k) => format!("Moore's Nim_{k}"),
            GameKind::Subtraction(set) => {
                let amounts: Vec<String> = set.amounts().map(|s| s.to_string()).collect();
                format!("the subtraction game {{{}}}", amounts.join(", "))
            }
            GameKind::Lasker => "Lasker's Nim".into(),
            GameKind::Kayles => "Kayles".into(),
            GameKind::Dawson => "Dawson's Kayles".into(),
            GameKind::Wythoff => "Wythoff's game".into(),
            GameKind::Fibonacci => "Fibonacci Nim".into(),
            GameKind::Staircase => "Staircase Nim".into(),
            GameKind::TurningTurtles => "Turning Turtles".into(),
            GameKind::MockTurtles => "Mock Turtles".into(),
            GameKind::Ruler => "the ruler game".into(),
            GameKind::Euclid => "Euclid's game".into(),
            GameKind::Octal(code) => format!("the octal game {code}"),
            GameKind::Northcott => "Northcott's game".into(),
            GameKind::Corners => "Turning Corners".into(),
            GameKind::Hackenbush => "Green Hackenbush".into(),
        }
    }

    /// The name a menu of games shows: `Subtraction {1,2,3}`, `Kayles`, `Moore's Nim_2`.
    pub fn menu_title(self) -> String {
        match self {
            GameKind::Subtraction(set) => format!("Subtraction {{{set}}}"),
            GameKind::Octal(code) => format!("Octal game {code}"),
            other => other.title(),
        }
    }

    /// The name short enough for a status line: `Nim_2`, `Subtraction 1,2,3`, `Kayles`.
    pub fn short_title(self) -> String {
        match self {
            GameKind::Moore(k) => format!("Nim_{k}"),
            GameKind::Subtraction(set) => format!("Subtraction {set}"),
            GameKind::Lasker => "Lasker".into(),
            GameKind::Dawson => "Dawson".into(),
            GameKind::Wythoff => "Wythoff".into(),
            GameKind::Fibonacci => "Fibonacci".into(),
            GameKind::Staircase => "Staircase".into(),
            GameKind::TurningTurtles => "Turtles".into(),
            GameKind::Euclid => "Euclid".into(),
            GameKind::Octal(code) => format!("Octal {code}"),
            GameKind::Northcott => "Northcott".into(),
            GameKind::Corners => "Corners".into(),
            GameKind::Hackenbush => "Hackenbush".into(),
            other => other.title(),
        }
    }

    /// The amounts a move may take, for a game that allows only some (a subtraction game).
    pub fn amounts(self) -> Option<SubtractionSet> {
        match self {
            GameKind::Subtraction(set) => Some(set),
            _ => None,
        }
    }

    /// The code of an octal game.
    pub fn octal(self) -> Option<super::OctalCode> {
        match self {
            GameKind::Octal(code) => Some(code),
            _ => None,
        }
    }

    /// Whether the game has a misère form whose theory is settled and checked against an
    /// exhaustive search: Nim, Moore's Nim_k and Kayles (by its misère quotient). The others are
    /// played in normal play only; misère Dawson's Kayles is an open problem.
    pub fn has_misere(self) -> bool {
        matches!(self, GameKind::Nim | GameKind::Moore(_) | GameKind::Kayles)
    }

    /// Why the game has no misère form here, when it has none: misère Dawson's Kayles is an open
    /// problem (no strategy for every position is known, and no program has found one), and the
    /// others' misère play is not offered yet.
    ///
    /// ```
    /// use nim_engine::GameKind;
    ///
    /// assert_eq!(GameKind::Kayles.no_misere_why(), None);
    /// assert!(GameKind::Dawson.no_misere_why().unwrap().contains("open problem"));
    /// ```
    pub fn no_misere_why(self) -> Option<&'static str> {
        match self {
            _ if self.has_misere() => None,
            GameKind::Dawson => Some(
                "misère Dawson's Kayles is an open problem: no one knows its strategy, so it cannot be played perfectly",
            ),
            GameKind::Octal(_) => Some(
                "misère octal games have no general theory (each needs its own misère quotient, unknown for most \
                 codes), and no code of a few digits is Nim, so none is played in misère",
            ),
            _ => Some("its misère play is not offered yet"),
        }
    }

    /// How many heaps the game is played on, when it is a fixed number: two for Wythoff's game,
    /// one for Fibonacci Nim.
    pub fn fixed_heaps(self) -> Option<usize> {
        match self {
            GameKind::Wythoff | GameKind::Euclid => Some(2),
            GameKind::Fibonacci => Some(1),
            _ => None,
        }
    }

    /// The most tokens one move can take from a heap, when that is bounded: the largest amount
    /// of a subtraction game, two pins in Kayles. Such a game lasts at least (tokens) / (this)
    /// moves whoever plays, so its starting heaps are best kept small.
    pub fn max_take(self) -> Option<u64> {
        match self {
            GameKind::Subtraction(set) => Some(set.max()),
            GameKind::Kayles | GameKind::Dawson => Some(2),
            GameKind::Octal(code) => Some(code.most()),
            _ => None,
        }
    }

    /// Whether a move may add a heap (a split in Lasker's Nim, a row broken in two in Kayles).
    pub fn splits(self) -> bool {
        matches!(self, GameKind::Lasker | GameKind::Kayles | GameKind::Dawson)
            || self.octal().is_some_and(super::OctalCode::splits)
    }

    /// Whether every heap stays in its place and only ever shrinks. Not in the games that split
    /// heaps, nor in Staircase Nim (coins moved down add to the step below) or the coin-turning
    /// games (the heaps are the heads' places: two heads turned over together both go, and a
    /// tail turned over is a new head).
    pub fn heaps_only_shrink(self) -> bool {
        !self.splits()
            && !matches!(
                self,
                GameKind::Staircase
                    | GameKind::TurningTurtles
                    | GameKind::MockTurtles
                    | GameKind::Ruler
                    | GameKind::Northcott
                    | GameKind::Corners
                    | GameKind::Hackenbush
            )
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.as_str())
    }
}

/// The games accepted, as a message lists them.
pub const GAMES_EXPECTED: &str = "expected nim, moore:K (K from 1 to 8), subtraction:S (S a list of at most \
     128 amounts or ranges, from 1 to 128, such as 1,2,3 or 1-3,5), lasker, kayles, dawson, wythoff, \
     fibonacci, staircase, turtles, mock-turtles, ruler, euclid, northcott, corners, hackenbush, octal:CODE (such as \
     octal:0.71), \
     or a preset: 21, bachet";

/// The games accepted, as a configuration file quotes them, for its messages.
pub const GAMES_QUOTED: &str = "a game: \"nim\", \"moore:K\" (K from 1 to 8), \"subtraction:1,2,3\" (amounts from 1 to \
     128), \"lasker\", \"kayles\", \"dawson\", \"wythoff\", \"fibonacci\", \"staircase\", \"turtles\", \"mock-turtles\", \"ruler\", \"euclid\", \"octal:0.71\" (an octal code), \"northcott\", \"corners\", \"hackenbush\", \"21\" or \"bachet\"";

/// What `octal:CODE` is, for the help and the completions.
const OCTAL_HELP: &str = "an octal game on rows of pins: octal:0.71, digit k says where k neighbouring pins may \
     fall (1 a whole row, 2 at an end, 4 inside); codes of up to seven digits after the point whose period is proved \
     (octal:0.77 is kayles, octal:0.07 is dawson)";

/// What a subtraction set's list may be, as a message says it.
const SET_EXPECTED: &str =
    "expected a list of at most 128 amounts or ranges, from 1 to 128, such as 1,2,3 or 1-3,5";

/// An unknown or malformed game name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{name}': {problem}")]
pub struct ParseGameError {
    /// The name as given.
    pub name: String,
    /// What is wrong with it, and what is accepted.
    pub problem: String,
}

impl ParseGameError {
    fn new(name: &str, problem: impl Into<String>) -> ParseGameError {
        ParseGameError { name: shown(name, 40), problem: problem.into() }
    }
}

/// Text from outside as a message shows it: control characters escaped, at most `max` characters.
/// (The engine sits below `text.rs`, so it keeps this small version of its own.)
pub(crate) fn shown(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).flat_map(char::escape_debug).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

impl FromStr for GameKind {
    type Err = ParseGameError;

    /// A game that can be played: the name read by [`GameKind::parse_name`], and for a
    /// subtraction game its Grundy table built (once per set, then shared), which refuses the rare
    /// set whose values do not repeat within [`super::subtraction::SEARCH_LIMIT`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let kind = GameKind::parse_name(s)?;
        if let GameKind::Octal(code) = kind
            && let Err(refusal) = super::octal_table(code)
        {
            return Err(ParseGameError::new(s, refusal.why()));
        }
        if let GameKind::Subtraction(set) = kind
            && super::subtraction::table_of(set).is_none()
        {
            return Err(ParseGameError::new(
                s,
                format!(
                    "its Grundy values do not repeat within the first {} (a rare set of four or more \
                     amounts), so no heap beyond them could be answered; choose another set",
                    super::subtraction::SEARCH_LIMIT
                ),
            ));
        }
        Ok(kind)
    }
}

impl GameKind {
    /// Reads a game's name, and nothing more: no table is built, so that naming a game costs
    /// time and memory in proportion to the name, which is at most `GAME_NAME_MAX` (1000) bytes, and a
    /// file naming many games (the statistics) loads at once. A subtraction set that names a game
    /// but cannot be played (see [`GameKind::from_str`]) passes here.
    pub fn parse_name(s: &str) -> Result<GameKind, ParseGameError> {
        if s.len() > GAME_NAME_MAX {
            return Err(ParseGameError::new(
                s,
                format!("a game's name is at most {GAME_NAME_MAX} bytes long, and this one has {}", s.len()),
            ));
        }
        let text = s.trim().to_ascii_lowercase();
        if let Some(preset) = GamePreset::find(&text) {
            return Ok(preset.kind);
        }
        let (base, parameter) = match text.split_once(':') {
            Some((base, parameter)) => (base.trim(), Some(parameter.trim())),
            None => (text.as_str(), None),
        };
        let simple = match base {
            "nim" => Some(GameKind::Nim),
            "lasker" => Some(GameKind::Lasker),
            "kayles" => Some(GameKind::Kayles),
            "dawson" => Some(GameKind::Dawson),
            "wythoff" => Some(GameKind::Wythoff),
            "fibonacci" => Some(GameKind::Fibonacci),
            "staircase" => Some(GameKind::Staircase),
            "turtles" | "turning-turtles" => Some(GameKind::TurningTurtles),
            "mock-turtles" => Some(GameKind::MockTurtles),
            "ruler" => Some(GameKind::Ruler),
            "northcott" => Some(GameKind::Northcott),
            "corners" | "turning-corners" => Some(GameKind::Corners),
            "hackenbush" => Some(GameKind::Hackenbush),
            "euclid" => Some(GameKind::Euclid),
            _ => None,
        };
        match (simple, base, parameter) {
            (Some(kind), _, None) => Ok(kind),
            (Some(_), _, Some(_)) => {
                Err(ParseGameError::new(s, format!("{base} takes no parameter; {GAMES_EXPECTED}")))
            }
            (None, "moore", Some(k)) => {
                let expected = format!(
                    "expected moore:K with K from 1 to {MOORE_MAX_K} (the most heaps a move takes from), as in moore:2"
                );
                let k: u32 = k.parse().map_err(|_| ParseGameError::new(s, expected.clone()))?;
                match k {
                    1 => Ok(GameKind::Nim),
                    2..=MOORE_MAX_K => Ok(GameKind::Moore(k)),
                    _ => Err(ParseGameError::new(s, expected)),
                }
            }
            (None, "moore", None) => Err(ParseGameError::new(
                s,
                format!(
                    "moore needs K: expected moore:K with K from 1 to {MOORE_MAX_K} (the most heaps a move takes from), as in moore:2"
                ),
            )),
            (None, "subtraction", Some(list)) => {
                parse_set(list).map(GameKind::Subtraction).map_err(|e| ParseGameError::new(s, e))
            }
            (None, "octal", Some(code)) => {
                let code = super::OctalCode::parse(code).map_err(|e| ParseGameError::new(s, e))?;
                if let Some(why) = code.unplayable() {
                    return Err(ParseGameError::new(s, why));
                }
                // One game, one name: Kayles and Dawson's Kayles keep theirs.
                Ok(match code.to_string().as_str() {
                    "0.77" => GameKind::Kayles,
                    "0.07" => GameKind::Dawson,
                    _ => GameKind::Octal(code),
                })
            }
            (None, "octal", None) => Err(ParseGameError::new(
                s,
                "octal needs its code: expected octal:CODE, such as octal:0.71 (digits 0 to 7; 0.77 is kayles)",
            )),
            (None, "subtraction", None) => Err(ParseGameError::new(
                s,
                "subtraction needs its amounts: expected subtraction:S, S a list of at most 128 amounts or ranges, \
                 from 1 to 128, such as 1,2,3 or 1-3,5",
            )),
            _ => Err(ParseGameError::new(s, GAMES_EXPECTED)),
        }
    }
}

/// Reads `1,2,3`, `1-3,5` or `1 2 3`: at most [`SUBTRACTION_ITEMS_MAX`] amounts and ranges, each
/// amount from 1 to [`SUBTRACTION_MAX`]. The amounts go straight into the set's bits, so a range
/// costs no more than an amount, however many there are.
fn parse_set(list: &str) -> Result<SubtractionSet, String> {
    let mut bits = 0u128;
    let words = list.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty());
    for (i, word) in words.enumerate() {
        if i == SUBTRACTION_ITEMS_MAX {
            return Err(format!("more than {SUBTRACTION_ITEMS_MAX} amounts and ranges: {SET_EXPECTED}"));
        }
        let number = |w: &str| -> Result<u64, String> {
            match w.trim().parse::<u64>() {
                Ok(n) if (1..=SUBTRACTION_MAX).contains(&n) => Ok(n),
                _ => Err(format!("'{}' is not an amount from 1 to 128: {SET_EXPECTED}", shown(w, 20))),
            }
        };
        let (from, to) = match word.split_once('-') {
            Some((from, to)) => (number(from)?, number(to)?),
            None => {
                let n = number(word)?;
                (n, n)
            }
        };
        if from > to {
            return Err(format!("the range {from}-{to} is empty: {SET_EXPECTED}"));
        }
        // Bits `from - 1` to `to - 1`: every bit up to `to - 1`, less those below `from - 1`.
        let up_to = |n: u64| if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        bits |= up_to(to) & !up_to(from - 1);
    }
    if bits == 0 {
        return Err(format!("the set is empty: {SET_EXPECTED}"));
    }
    Ok(SubtractionSet(bits))
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for text in [
            "nim",
            "moore:2",
            "moore:8",
            "subtraction:1,2,3",
            "subtraction:1,5,128",
            "lasker",
            "kayles",
            "dawson",
            "wythoff",
            "fibonacci",
            "staircase",
            "turtles",
            "mock-turtles",
            "ruler",
            "euclid",
        ] {
            let kind: GameKind = text.parse().unwrap();
            assert_eq!(kind.to_string(), text);
            assert_eq!(kind.name(), text);
        }
        assert_eq!("moore:1".parse::<GameKind>().unwrap(), GameKind::Nim);
        assert_eq!("21".parse::<GameKind>().unwrap().to_string(), "subtraction:1,2,3");
        assert_eq!("subtraction:1-3, 5".parse::<GameKind>().unwrap().to_string(), "subtraction:1,2,3,5");
        assert_eq!("bachet".parse::<GameKind>().unwrap().to_string(), "subtraction:1,2,3,4,5,6,7,8,9,10");
        for bad in [
            "moore",
            "moore:0",
            "moore:9",
            "moore:x",
            "subtraction",
            "subtraction:",
            "subtraction:0",
            "subtraction:129",
            "subtraction:3-1",
            "nim:2",
            "chess",
        ] {
            let err = bad.parse::<GameKind>().unwrap_err();
            assert!(err.to_string().contains("expected"), "{bad}: {err}");
        }
    }

    #[test]
    fn names_are_read_within_stated_limits() {
        // A range costs no more than an amount: the list below names 128 ranges of 128 amounts.
        let ranges = vec!["1-128"; SUBTRACTION_ITEMS_MAX].join(",");
        let all = GameKind::parse_name(&format!("subtraction:{ranges}")).unwrap();
        assert_eq!(all, GameKind::Subtraction(SubtractionSet::up_to(128).unwrap()));
        // One more item, or a name longer than the limit, is refused with the limit.
        let err = GameKind::parse_name(&format!("subtraction:{ranges},1")).unwrap_err().to_string();
        assert!(err.contains("more than 128 amounts and ranges"), "{err}");
        let long = format!("subtraction:{}", "1,".repeat(2_000_000));
        let err = GameKind::parse_name(&long).unwrap_err().to_string();
        assert!(err.contains(&format!("at most {GAME_NAME_MAX} bytes")), "{err}");
        assert!(err.len() < 300, "the message quotes the name cut short: {err}");
        // The longest set written with spaces is within the limit.
        let spaced: Vec<String> = (1..=128).map(|n| n.to_string()).collect();
        let spaced = format!("subtraction: {}", spaced.join(", "));
        assert!(spaced.len() <= GAME_NAME_MAX);
        assert_eq!(GameKind::parse_name(&spaced).unwrap(), all);
        assert_eq!(GameKind::parse_name("subtraction:5-7").unwrap().to_string(), "subtraction:5,6,7");
        assert_eq!(GameKind::parse_name("subtraction:128").unwrap().to_string(), "subtraction:128");
        // Every name is read the same way by both parsers where the game can be played.
        for text in ["nim", "moore:3", "subtraction:1-3,5", "21", "kayles"] {
            assert_eq!(GameKind::parse_name(text).unwrap(), text.parse::<GameKind>().unwrap());
        }
    }

    #[test]
    fn serde_uses_the_names() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct File {
            game: GameKind,
        }
        let file = File { game: GameKind::Moore(3) };
        let json = serde_json::to_string(&file).unwrap();
        assert_eq!(json, r#"{"game":"moore:3"}"#);
        assert_eq!(serde_json::from_str::<File>(&json).unwrap(), file);
        assert_eq!(serde_json::from_str::<File>(r#"{"game":"nim"}"#).unwrap().game, GameKind::Nim);
        assert!(serde_json::from_str::<File>(r#"{"game":"go"}"#).is_err());
    }
}
