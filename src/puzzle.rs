//! Puzzles: positions with exactly one winning move. Each puzzle is named by a seed, its number in
//! the run and a difficulty, and is made from those alone, so "seed 42, puzzle 3" is the same
//! puzzle for everyone, and the day's puzzle is the same for everyone that day.
//!
//! Every game has its puzzles, from [`PuzzleId::puzzle_of`], the game's name mixed into the seed.
//!
//! **They never renumber.** The draws come from a named, portable generator, ChaCha8
//! (`rand_chacha`, whose output is fixed for a given seed), seeded by a rule written here and
//! nowhere else, and turned into numbers by this module's own arithmetic ([`Draws`]), never by
//! `rand`'s ranges or its `StdRng` (which rand documents as free to change between versions):
//!
//! 1. `mixed` = SplitMix64 of the seed XOR the number times 0xbf58476d1ce4e5b9 XOR (the
//!    difficulty's rank + 1, easy = 1) times 0x94d049bb133111eb XOR the game's tag: the FNV-1a
//!    hash of its name (`nim`, `moore:2`, `subtraction:1,2,3`, ...), 0 for Nim;
//! 2. the ChaCha8 key: the next four outputs of a SplitMix64 stream started at `mixed`, as
//!    little-endian bytes (`ChaCha8Rng::from_seed`);
//! 3. a number from `low` to `high`: the generator's next 64-bit words until one falls below the
//!    largest multiple of the span, that word modulo the span, plus `low`.
//!
//! The pinned puzzles in `tests/it/games_puzzles.rs` hold every game to this, seed by seed.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

use crate::engine::{Game, GameKind, Mode, Position, Rules, Ruleset};

/// A puzzle: find the one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub mode: Mode,
    pub heaps: Vec<u64>,
    /// The game. A puzzle is always a game's
    /// starting position (Fibonacci Nim's is its first move), so it starts a game like any other.
    pub game: GameKind,
}

impl Puzzle {
    /// The position to solve.
    pub fn position(&self) -> Position {
        Position::new(self.heaps.clone())
    }

    /// The game and convention it is played under.
    pub fn rules(&self) -> Ruleset {
        Ruleset::new(self.game, self.mode)
    }
}

pub use crate::domain::{Difficulty, PuzzleId, PuzzleKey};

impl PuzzleId {
    /// The puzzle of `game` with this id, made from the id alone (see the module's rule).
    pub fn puzzle_of(&self, game: GameKind) -> Puzzle {
        // A game without a size of its own (Nim) is dealt by the binary generator, tag 0.
        let tag = if game.puzzle_size(0).is_none() {
            0
        } else {
            // FNV-1a of the game's name: stable across versions and platforms.
            game.name()
                .bytes()
                .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
        };
        generate_game(game, self.difficulty, &mut Draws::seeded(self.mixed(tag)))
    }

    /// SplitMix64 of the parts, so neighbouring numbers give unrelated puzzles.
    fn mixed(&self, game: u64) -> u64 {
        let mut z = self.seed
            ^ u64::from(self.number).wrapping_mul(0xbf58_476d_1ce4_e5b9)
            ^ (self.difficulty as u64 + 1).wrapping_mul(0x94d0_49bb_1331_11eb)
            ^ game;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The puzzles' draws: numbers made from a generator's 64-bit words by this module's own
/// arithmetic, so that a puzzle depends on the generator's output alone.
#[derive(Debug, Clone)]
pub struct Draws<R> {
    rng: R,
}

impl Draws<ChaCha8Rng> {
    /// ChaCha8 keyed by the next four outputs of SplitMix64 from `seed` (the module's rule).
    pub fn seeded(seed: u64) -> Draws<ChaCha8Rng> {
        let mut state = seed;
        let mut key = [0u8; 32];
        for word in key.chunks_exact_mut(8) {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            word.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
        }
        Draws { rng: ChaCha8Rng::from_seed(key) }
    }
}

impl<R: RngCore> Draws<R> {
    /// Draws from `rng` (any generator: the app's seeded one, for a puzzle that needs no name).
    pub fn new(rng: R) -> Draws<R> {
        Draws { rng }
    }

    /// A number from `low` to `high`, both included (`low` when `high < low`), without bias.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        let Some(span) = high.checked_sub(low).and_then(|d| d.checked_add(1)) else {
            // The whole of u64, or an empty range.
            return if high < low { low } else { self.rng.next_u64() };
        };
        // The largest multiple of `span` that fits: words at or past it are drawn again.
        let zone = u64::MAX - (u64::MAX - span + 1) % span;
        loop {
            let word = self.rng.next_u64();
            if word <= zone {
                return low + word % span;
            }
        }
    }

    /// True with odds `num` in `den`.
    pub fn ratio(&mut self, num: u64, den: u64) -> bool {
        self.range(0, den.saturating_sub(1)) < num
    }

    /// True one time in two.
    pub fn coin(&mut self) -> bool {
        self.range(0, 1) == 1
    }
}

/// A medium puzzle of `game` drawn from `rng`.
pub fn generate(game: GameKind, rng: &mut impl RngCore) -> Puzzle {
    generate_game(game, Difficulty::Medium, &mut Draws::new(rng))
}

/// Draws positions of the difficulty until one has exactly one winning move: the puzzles of a
/// game without a size of its own (Nim), read in binary.
fn generate_binary(game: GameKind, difficulty: Difficulty, draws: &mut Draws<impl RngCore>) -> Puzzle {
    let normal = Game::of(Ruleset::new(game, Mode::Normal));
    let misere = Game::of(Ruleset::new(game, Mode::Misere));
    loop {
        let (mode, heaps): (Mode, Vec<u64>) = match difficulty {
            Difficulty::Easy => (Mode::Normal, (0..3).map(|_| draws.range(1, 7)).collect()),
            Difficulty::Medium => {
                let mode = if draws.ratio(1, 3) { Mode::Misere } else { Mode::Normal };
                let count = draws.range(3, 5);
                (mode, (0..count).map(|_| draws.range(1, 15)).collect())
            }
            Difficulty::Hard if draws.coin() => {
                // A misère endgame: one big heap among heaps of one, where normal play's move loses.
                let ones = draws.range(2, 5) as usize;
                let mut heaps: Vec<u64> = vec![1; ones];
                heaps.push(draws.range(2, 31));
                let turn = draws.range(0, ones as u64) as usize;
                heaps.rotate_right(turn);
                (Mode::Misere, heaps)
            }
            Difficulty::Hard => {
                let mode = if draws.coin() { Mode::Misere } else { Mode::Normal };
                let count = draws.range(4, 6);
                (mode, (0..count).map(|_| draws.range(1, 31)).collect())
            }
        };
        let playable = if mode == Mode::Misere { &misere } else { &normal };
        let position = Position::new(heaps.clone());
        if heaps.iter().all(|&h| h > 0) && playable.winning_move_count(&position) == Some(1) {
            return Puzzle { mode, heaps, game };
        }
    }
}

/// How many positions [`generate_game`] draws before it looks for a puzzle among the smallest
/// positions instead. Every game but those where every move wins deals one within a few hundred.
const MOST_DRAWS: u32 = 20_000;

/// Draws positions of `game` at the difficulty until one has exactly one winning move, by the
/// engine's count, and that move leaves a game to play (a puzzle whose answer is "take every
/// token" teaches nothing). Harder means more and larger heaps (rows), and for Moore's Nim_k
/// more misère; Fibonacci Nim's puzzles are first moves, of larger heaps.
///
/// Moore's Nim_k is dealt more than K heaps: with K or fewer, taking every token wins, and is
/// often the only move that does. In a game where every move wins from a won position (a
/// subtraction game of odd amounts, whose Grundy values go 0, 1, 0, 1...), a single winning
/// move needs a single legal move, so its puzzles are one heap. Should no draw do within
/// `MOST_DRAWS`, the smallest positions are searched in order: the first with one winning move
/// that leaves a game to play, else the first with one winning move at all; [`promise`] then
/// says on the screen that the answer takes the last tokens.
pub fn generate_game(game: GameKind, difficulty: Difficulty, draws: &mut Draws<impl RngCore>) -> Puzzle {
    use Difficulty::{Easy, Hard, Medium};
    let level = match difficulty {
        Easy => 0,
        Medium => 1,
        Hard => 2,
    };
    let normal = Game::of(Ruleset::new(game, Mode::Normal));
    let misere = Game::of(Ruleset::new(game, Mode::Misere));
    let parity = every_move_wins(&normal);
    if parity {
        // Its puzzles are the heaps with a single legal move; when the smallest ends the game,
        // so do they all, and drawing more would find nothing else.
        let smallest = smallest_puzzle(&normal);
        if answer(&normal, &smallest.position()) != Some(true) {
            return smallest;
        }
    }
    // A game without a size of its own (Nim) has its puzzles read in binary.
    let Some(size) = game.puzzle_size(level) else { return generate_binary(game, difficulty, draws) };
    let described = game.describe();
    for _ in 0..MOST_DRAWS {
        let mut mode = Mode::Normal;
        if described.has_misere && draws.ratio(u64::from(size.misere.0), u64::from(size.misere.1)) {
            mode = Mode::Misere;
        }
        let drawn: Vec<u64> = if described.start.heaps == Some(1) {
            // A game of one heap draws no count (so a seed deals what it always dealt).
            vec![draws.range(size.least, size.most)]
        } else {
            // In a game where every move wins, a single winning move needs a single heap.
            let (least, most) = if parity { (1, 1) } else { size.heaps };
            let count = draws.range(least as u64, most.min(crate::domain::MAX_HEAPS) as u64);
            (0..count).map(|_| draws.range(size.least, size.most)).collect()
        };
        // The numbers drawn made a position as the game says (a board game's gaps: its board).
        let drawn = normal.position_from(drawn);
        let playable = if mode == Mode::Misere { &misere } else { &normal };
        if answer(playable, &Position::new(drawn.clone())) == Some(true) {
            return Puzzle { mode, heaps: drawn, game };
        }
    }
    smallest_puzzle(&normal)
}

/// The first of the smallest positions (one heap up to 64, then two up to 24, then three up to
/// 12) with one winning move that leaves a game to play, else the first with one winning move.
/// Every game has one: a heap of its smallest amount (or two heaps for Wythoff's game).
fn smallest_puzzle(game: &Game) -> Puzzle {
    let mut candidates: Vec<Vec<u64>> = (1..=64).map(|a| vec![a]).collect();
    candidates.extend((1..=24).flat_map(|a| (1..=24).map(move |b| vec![a, b])));
    candidates
        .extend((1..=12).flat_map(|a| (1..=12).flat_map(move |b| (1..=12).map(move |c| vec![a, b, c]))));
    let mut ending = None;
    for heaps in candidates {
        match answer(game, &Position::new(heaps.clone())) {
            Some(true) => return Puzzle { mode: game.mode(), heaps, game: game.kind() },
            Some(false) if ending.is_none() => ending = Some(heaps),
            _ => {}
        }
    }
    // Found above for every game; a heap of one is the last resort, checked by the tests.
    Puzzle { mode: game.mode(), heaps: ending.unwrap_or_else(|| vec![1]), game: game.kind() }
}

/// Whether `position` is a puzzle of `game`: `Some(true)` when exactly one move wins and it
/// leaves a game to play, `Some(false)` when exactly one wins and it ends the game, `None`
/// otherwise (or when the position is not one of the game's).
pub fn answer(game: &Game, position: &Position) -> Option<bool> {
    if game.check_position(position).is_err() || game.is_over(position) {
        return None;
    }
    if game.winning_move_count(position) != Some(1) {
        return None;
    }
    let mv = game.winning_moves_up_to(position, 1).into_iter().next()?;
    let mut next = position.clone();
    game.play(&mut next, &mv).ok()?;
    Some(!game.is_over(&next))
}

/// Whether every legal move wins from every won position of `game`: a game valued by Grundy
/// numbers whose values are only 0 and 1 and whose every move changes the value (a subtraction
/// game of odd amounts). Checked over the first pre-period and two periods of its table.
fn every_move_wins(game: &Game) -> bool {
    let Some(table) = game.grundy_table() else { return false };
    let span = table.pre_period + 2 * table.period + game.kind().describe().start.max_take.unwrap_or(0);
    let worth = |position: &Position| {
        position.heaps().iter().try_fold(0u128, |sum, &h| game.grundy(h).map(|g| sum ^ g))
    };
    (0..span).all(|n| {
        let heap = Position::new(vec![n]);
        let value = game.grundy(n);
        value.is_some_and(|v| v <= 1)
            && (0..game.move_count(&heap)).all(|i| {
                let mut next = heap.clone();
                game.nth_move(&heap, i).is_some_and(|mv| game.play(&mut next, &mv).is_ok())
                    && worth(&next) != value
            })
    })
}

/// What the puzzle screen promises about `position`, a puzzle of `rules`, in one line: that
/// exactly one move wins, and where the only such puzzles of the game end it at once, that too.
pub fn promise(lang: crate::i18n::Language, game: &Game, position: &Position) -> String {
    // Where every move wins from a won position, the promise says why the puzzle has one move.
    let last_tokens = answer(game, position) == Some(false);
    crate::words::puzzle_promise(lang, game.kind(), last_tokens, every_move_wins(game))
}

/// Whether the position has exactly one winning move by the engine's count: the one test of a
/// puzzle. (Lasker's splits into 3 and 4 or into 4 and 3, and Kayles's knocks at either end of a
/// row, are two moves: a puzzle of those games has its one winning move in the middle of a row,
/// or on a row of one or two.)
pub fn one_answer(game: &Game, position: &Position) -> bool {
    answer(game, position).is_some()
}
