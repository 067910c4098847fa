//! The heaps a game starts from: a named preset, random heaps, or a custom list, kept as the
//! player's *choice* so that "Random" stays random from one game to the next.

use std::fmt;
use std::str::FromStr;

use rand::Rng;

pub use crate::engine::BOUNDED_MOVES;
use crate::engine::{GameKind, ParseHeapsError};
use crate::words::capitalised;

/// The most heaps a game starts with.
pub const MAX_HEAPS: usize = 16;
/// The most tokens a heap starts with (10^18).
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The named starting positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 3 4 5, the classic opening.
    ThreeFourFive,
    /// 1 3 5 7, as played in the film "Last Year at Marienbad".
    Marienbad,
    /// 1 3 5 7 9.
    OneToNine,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::ThreeFourFive, Preset::Marienbad, Preset::OneToNine];

    /// The name used in the config and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Preset::ThreeFourFive => "3-4-5",
            Preset::Marienbad => "marienbad",
            Preset::OneToNine => "1-3-5-7-9",
        }
    }

    /// The name a person reads on the start screen.
    pub fn title(self) -> &'static str {
        match self {
            Preset::ThreeFourFive => "3 4 5",
            Preset::Marienbad => "Marienbad 1 3 5 7",
            Preset::OneToNine => "1 3 5 7 9",
        }
    }

    pub fn heaps(self) -> &'static [u64] {
        match self {
            Preset::ThreeFourFive => &[3, 4, 5],
            Preset::Marienbad => &[1, 3, 5, 7],
            Preset::OneToNine => &[1, 3, 5, 7, 9],
        }
    }

    /// The preset named `name` (`1-3-5-7` is Marienbad by another name).
    pub fn from_name(name: &str) -> Option<Preset> {
        let name = name.trim().to_ascii_lowercase();
        let name = if name == "1-3-5-7" { "marienbad" } else { name.as_str() };
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The starting heaps of a new game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HeapChoice {
    Preset(Preset),
    /// A number of heaps in `count`, each with a number of tokens in `size` (both inclusive).
    Random {
        count: (usize, usize),
        size: (u64, u64),
    },
    /// Exactly these heaps (checked by [`check_start_heaps`]).
    Custom(Vec<u64>),
}

impl HeapChoice {
    /// What "random" means when nothing else is said: 3 to 5 heaps of 1 to 12 tokens.
    pub const RANDOM: HeapChoice = HeapChoice::Random { count: (3, 5), size: (1, 12) };

    /// The heaps of a new game, drawing random ones from `rng` when the choice asks for them.
    pub fn heaps(&self, rng: &mut impl Rng) -> Vec<u64> {
        match self {
            HeapChoice::Preset(preset) => preset.heaps().to_vec(),
            HeapChoice::Random { count, size } => {
                let n = rng.random_range(count.0..=count.1);
                (0..n).map(|_| rng.random_range(size.0..=size.1)).collect()
            }
            HeapChoice::Custom(heaps) => heaps.clone(),
        }
    }

    /// The choice for a list of heaps: the preset it is, if it is one.
    pub fn of_list(heaps: Vec<u64>) -> HeapChoice {
        match Preset::ALL.into_iter().find(|p| p.heaps() == heaps.as_slice()) {
            Some(preset) => HeapChoice::Preset(preset),
            None => HeapChoice::Custom(heaps),
        }
    }

    /// Checks that the choice can start games: the list or the ranges fit the limits.
    pub fn check(&self) -> Result<(), StartHeapsError> {
        match self {
            HeapChoice::Preset(_) => Ok(()),
            HeapChoice::Custom(heaps) => check_start_heaps(heaps),
            HeapChoice::Random { count, size } => {
                if count.0 < 1 || count.0 > count.1 || count.1 > MAX_HEAPS {
                    return Err(StartHeapsError::Range(format!(
                        "count [{}, {}] must be a least and a most from 1 to {MAX_HEAPS}",
                        count.0, count.1
                    )));
                }
                if size.0 < 1 || size.0 > size.1 || size.1 > MAX_HEAP {
                    return Err(StartHeapsError::Range(format!(
                        "size [{}, {}] must be a least and a most from 1 to 10^18",
                        size.0, size.1
                    )));
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for HeapChoice {
    /// As the config writes it: a preset's name, `random`, or the heaps separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapChoice::Preset(p) => f.write_str(p.name()),
            HeapChoice::Random { .. } if *self == HeapChoice::RANDOM => f.write_str("random"),
            HeapChoice::Random { count, size } => {
                write!(f, "{} to {} heaps of {} to {} tokens", count.0, count.1, size.0, size.1)
            }
            HeapChoice::Custom(heaps) => {
                f.write_str(&crate::engine::Position::new(heaps.clone()).to_string())
            }
        }
    }
}

impl FromStr for HeapChoice {
    type Err = StartHeapsError;

    /// A preset name (`3-4-5`, `marienbad`, `1-3-5-7-9`), `random`, or heaps written `3 4 5`,
    /// `3,4,5` or `3-4-5`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        HeapChoice::read(GameKind::Nim, text)
    }
}

impl HeapChoice {
    /// The choice as a person writes it for a game of `kind`, which [`HeapChoice::read`] reads
    /// back: as it is shown ([`fmt::Display`]), but custom heaps in the game's own notation
    /// when it has one (Green Hackenbush's trees, `3 1(2,3)`).
    pub fn written(&self, kind: GameKind) -> String {
        use crate::engine::Rules;
        match self {
            HeapChoice::Custom(heaps) => crate::engine::Ruleset::new(kind, crate::engine::Mode::Normal)
                .game()
                .write_position(&crate::engine::Position::new(heaps.clone()))
                .unwrap_or_else(|| self.to_string()),
            other => other.to_string(),
        }
    }

    /// A choice for a game of `kind` as `--heaps` and the start menu read it: a preset name,
    /// `random`, or a start as a person writes the game's positions (heaps `3 4 5`, `3,4,5` or
    /// `3-4-5`; a game with a notation of its own reads that, see
    /// [`Rules::read_position`](crate::engine::Rules::read_position)).
    pub fn read(kind: GameKind, text: &str) -> Result<HeapChoice, StartHeapsError> {
        if let Some(preset) = Preset::from_name(text) {
            return Ok(HeapChoice::Preset(preset));
        }
        if text.trim().eq_ignore_ascii_case("random") {
            return Ok(HeapChoice::RANDOM);
        }
        parse_start_heaps_for(kind, text).map(HeapChoice::of_list).map_err(|e| match e {
            // A word, not a number: most likely a preset's name mistyped.
            StartHeapsError::Parse(ParseHeapsError::NotANumber(word))
                if word.chars().any(|c| c.is_alphabetic()) =>
            {
                StartHeapsError::NotAPreset(crate::text::escape_short(text.trim(), crate::text::ECHO_MAX))
            }
            other => other,
        })
    }
}

/// Why a list of starting heaps cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartHeapsError {
    #[error(transparent)]
    Parse(#[from] ParseHeapsError),
    #[error("{count} heaps is too many: a game has 1 to {MAX_HEAPS} heaps")]
    TooMany { count: usize },
    #[error("heap {number} is empty: every heap starts with 1 to 10^18 tokens")]
    Empty { number: usize },
    #[error("heap {number} has {size} tokens: a heap starts with at most 10^18 tokens")]
    TooLarge { number: usize, size: u64 },
    #[error("random heaps: {0}")]
    Range(String),
    #[error(
        "'{0}' is neither heaps nor a preset: write heaps such as '3 4 5', '3,4,5' or '3-4-5', or a preset: \
         3-4-5, marienbad, 1-3-5-7-9 or random"
    )]
    NotAPreset(String),
    #[error("'{0}': heaps are separated by one '-', ',' or space")]
    DoubleDash(String),
}

/// Checks that `heaps` can start a game (any game: each number a heap).
pub fn check_start_heaps(heaps: &[u64]) -> Result<(), StartHeapsError> {
    check_start(heaps, heaps.len())
}

/// Checks that `heaps` can start a game of `kind`: at most [`MAX_HEAPS`] of the things a player
/// chooses among ([`Rules::choices`](crate::engine::Rules::choices): heaps, a board's rows, trees),
/// however many numbers encode them.
pub fn check_start_for(kind: GameKind, heaps: &[u64]) -> Result<(), StartHeapsError> {
    use crate::engine::Rules;
    let game = crate::engine::Ruleset::new(kind, crate::engine::Mode::Normal).game();
    check_start(heaps, game.choices(&crate::engine::Position::new(heaps.to_vec())))
}

/// Checks the numbers of a start that holds `count` heaps (or rows, or trees).
fn check_start(heaps: &[u64], count: usize) -> Result<(), StartHeapsError> {
    if heaps.is_empty() {
        return Err(ParseHeapsError::Empty.into());
    }
    if count > MAX_HEAPS {
        return Err(StartHeapsError::TooMany { count });
    }
    for (i, &size) in heaps.iter().enumerate() {
        if size == 0 {
            return Err(StartHeapsError::Empty { number: i + 1 });
        }
        if size > MAX_HEAP {
            return Err(StartHeapsError::TooLarge { number: i + 1, size });
        }
    }
    Ok(())
}

/// Reads starting heaps such as `3,4,5`, `3 4 5` or `3-4-5` and checks them.
pub fn parse_start_heaps(text: &str) -> Result<Vec<u64>, StartHeapsError> {
    parse_start_heaps_for(GameKind::Nim, text)
}

/// Reads a start of a game of `kind` as a person writes it and checks it: heaps such as `3,4,5`,
/// `3 4 5` or `3-4-5`, or the game's own notation
/// ([`Rules::read_position`](crate::engine::Rules::read_position)).
pub fn parse_start_heaps_for(kind: GameKind, text: &str) -> Result<Vec<u64>, StartHeapsError> {
    // A dash between digits separates heaps ("3-4-5"); a dash before the first digit of a word
    // is a minus sign, which the heap parser refuses with its own message.
    let mut spaced = String::with_capacity(text.len());
    let mut previous = ' ';
    let mut separating = false;
    for c in text.chars() {
        if c == '-' && separating {
            // "3--4": the second dash would read as a minus sign and call 4 negative.
            return Err(StartHeapsError::DoubleDash(crate::text::escape_short(
                text.trim(),
                crate::text::ECHO_MAX,
            )));
        }
        separating = c == '-' && previous.is_ascii_digit();
        spaced.push(if separating { ' ' } else { c });
        previous = c;
    }
    use crate::engine::Rules;
    let heaps =
        crate::engine::Ruleset::new(kind, crate::engine::Mode::Normal).game().read_position(&spaced)?;
    check_start_for(kind, &heaps)?;
    Ok(heaps)
}

/// The largest starting heap `kind` is played with, when it is bounded (the engine's
/// [`crate::engine::StartLimits::most`]): twelve of its largest moves (36 tokens for take 1 to 3, 24 pins in a Kayles row), and never less than a preset of
/// that game needs (Bachet's 100).
pub fn largest_start_heap(kind: GameKind) -> Option<u64> {
    kind.describe().start.most
}

/// Checks that `heaps` (already checked by [`check_start_heaps`]) can start a game of `kind`: the
/// number of heaps of Wythoff's game and Fibonacci Nim, the limit on heaps in games whose moves
/// take a few tokens at a time, and Fibonacci Nim's first move (the heap must hold two tokens).
pub fn check_heaps_for(kind: GameKind, heaps: &[u64]) -> Result<(), String> {
    // English, as `--heaps` and the files' errors are; the start menu words its own refusal.
    let lang = crate::i18n::Language::English;
    let word = crate::words::heap(lang, kind);
    let start = kind.describe().start;
    if let Some(count) = start.heaps
        && heaps.len() != count
    {
        let wanted = if count == 1 { format!("one {word}") } else { format!("{count} {word}s") };
        return Err(format!("{} is played on {wanted}, not {}", capitalised(&kind.title()), heaps.len()));
    }
    if let Some(most) = largest_start_heap(kind)
        && let Some((i, &size)) = heaps.iter().enumerate().find(|(_, size)| **size > most)
    {
        return Err(match start.max_take {
            Some(take) => format!(
                "{word} {} holds {size}: {} starts with {word}s of at most {most}, since a move takes at most {take}",
                i + 1,
                kind.title(),
            ),
            // The ruler game: a run turns every tail in it into a head, so the places are kept
            // small in play (`solve` answers any).
            None => format!(
                "{word} {} holds {size}: {} is played with {word}s of at most {most}",
                i + 1,
                kind.title()
            ),
        });
    }
    if let Some((least, why)) = start.least
        && heaps.iter().any(|&h| h < least)
    {
        let why = crate::words::least_reason(lang, why);
        let units = crate::words::units(lang, kind);
        let each = if start.heaps == Some(1) { String::new() } else { format!(" in each {word}") };
        return Err(format!(
            "{} starts with at least {least} {units}{each}: {why}",
            capitalised(&kind.title())
        ));
    }
    // The game's own limits on a position (Staircase Nim's coins in all, the heads of a row of
    // coins each once), as the engine states them.
    use crate::engine::Rules;
    crate::engine::Ruleset::new(kind, crate::engine::Mode::Normal)
        .game()
        .check_position(&crate::engine::Position::new(heaps.to_vec()))
        .map_err(|e| e.to_string())
}

/// The heaps of a preset or a random draw made fit for `kind`: the first two heaps for Wythoff's
/// game, all the tokens in one heap for Fibonacci Nim, heaps cut to
/// [`largest_start_heap`] where moves take a few tokens at a time.
pub fn fit_heaps(kind: GameKind, mut heaps: Vec<u64>) -> Vec<u64> {
    let start = kind.describe().start;
    match start.heaps {
        Some(1) => heaps = vec![heaps.iter().fold(0u64, |sum, &h| sum.saturating_add(h)).clamp(2, MAX_HEAP)],
        Some(count) => {
            while heaps.len() < count {
                heaps.push(heaps.last().map_or(3, |&h| h.saturating_add(1).min(MAX_HEAP)));
            }
            heaps.truncate(count);
        }
        None => {}
    }
    let least = start.least.map_or(1, |(least, _)| least);
    let most = start.most.unwrap_or(MAX_HEAP);
    for heap in &mut heaps {
        *heap = (*heap).clamp(least, most.max(least));
    }
    kind.fit_start(heaps)
}
