//! The command line: clap definitions for the game's flags and the subcommands.

use clap::{Args, Parser, Subcommand};

use crate::engine::Mode;

/// Nim in the terminal, against an AI that never makes a mistake.
///
/// With no arguments, opens the start screen. Any of --heaps, --mode, --first starts a game at
/// once. For scripts, `nim-tui solve` answers positions without a terminal.
#[derive(Debug, Parser)]
#[command(name = "nim-tui", version, about, long_about, allow_negative_numbers = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Read the configuration from PATH instead of the usual place (on Linux
    /// ~/.config/nim-tui/config.toml).
    #[arg(long, value_name = "PATH")]
    pub config: Option<std::path::PathBuf>,

    /// Print the default configuration, every setting with what it does, and exit. Save it as your
    /// config file to start changing things.
    #[arg(long)]
    pub print_config: bool,

    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer positions with perfect play: the nim-sum, who wins, and every winning move.
    ///
    /// Give the heaps as arguments (`nim-tui solve 3 4 5`), or `-` to read one position per line of
    /// standard input (heaps separated by spaces and/or commas). With --json, each answer is one
    /// line such as {"mode":"normal","heaps":[3,4,5],"nim_sum":2,"outcome":"win","moves":[{"heap":1,"take":2}]}.
    #[command(allow_negative_numbers = true)]
    Solve(SolveArgs),

    /// Puzzles: positions with exactly one winning move; find it. With --seed, the same run of
    /// puzzles every time, so a puzzle can be shared as "seed 42, puzzle 3".
    Puzzle(PuzzleArgs),

    /// Show your statistics: games played, won and lost in each mode, and winning streaks.
    ///
    /// With --json, prints one JSON object with the totals over both modes at the top level and
    /// each mode's figures beside them, such as
    /// {"played":5,"won":3,"lost":2,"assisted_wins":0,"normal":{...},"misere":{...},"puzzle":{...}}.
    Stats(StatsArgs),

    /// Watch the AI play both sides, with its pause between moves.
    ///
    /// Takes the same flags as a game (--heaps, --mode, --level, --ai-delay, --seed...). Any key
    /// pauses or resumes; q quits. Demos are not counted in the statistics.
    Demo(GameArgs),

    /// Step through a saved game record (saved with w after a game) forwards and backwards with
    /// ←/→; Home and End jump to the start and the end, q quits.
    ///
    /// The record is checked whole first: a damaged record or an illegal move is refused with its
    /// line number (exit status 2).
    Replay(ReplayArgs),
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// One JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// Seed of the run of puzzles.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The convention: normal (taking the last token wins) or misere (taking it loses).
    #[arg(long, value_name = "normal|misere", default_value = "normal", value_parser = parse_mode)]
    pub mode: Mode,

    /// One JSON object per position, one per line.
    #[arg(long)]
    pub json: bool,

    /// Heap sizes, whole numbers from 0 to 18446744073709551615; or `-` to read positions from
    /// standard input.
    #[arg(value_name = "HEAP", required = true, num_args = 1..)]
    pub heaps: Vec<String>,
}

/// Flags that start a game at once, skipping the start screen.
#[derive(Debug, Clone, Default, Args)]
pub struct GameArgs {
    /// Starting heaps, such as 3,4,5 or "3 4 5" (1 to 10^18 tokens each, at most 16 heaps).
    #[arg(long, value_name = "LIST")]
    pub heaps: Option<String>,

    /// The convention: normal (taking the last token wins) or misere (taking it loses).
    #[arg(long, value_name = "normal|misere", value_parser = parse_mode)]
    pub mode: Option<Mode>,

    /// Who moves first: you, ai or random.
    #[arg(long, value_name = "you|ai|random", value_parser = parse_first)]
    pub first: Option<crate::domain::First>,

    /// How well the AI plays: perfect (never errs; the default), or hard, medium or easy, which
    /// play a uniformly random legal move instead of the best one 10%, 30% or 60% of the time.
    #[arg(long, value_name = "perfect|hard|medium|easy", value_parser = parse_level)]
    pub level: Option<crate::domain::Level>,

    /// Who you play against: the AI, or a human: two people taking turns at one keyboard (not
    /// counted in your statistics).
    #[arg(long, value_name = "ai|human", value_parser = parse_opponent)]
    pub opponent: Option<crate::domain::Opponent>,

    /// The two players' names in a game against a human, such as Ann,Bob (default "Player 1" and
    /// "Player 2"). The first name plays where "you" would.
    #[arg(long, value_name = "FIRST,SECOND", value_parser = parse_names)]
    pub names: Option<crate::domain::Names>,

    /// The AI's visible pause before its move, in milliseconds (0 for none; default 600).
    #[arg(long, value_name = "MS")]
    pub ai_delay: Option<u64>,

    /// Start with the coach on: a verdict on each of your moves.
    #[arg(long)]
    pub coach: bool,

    /// Seed for random heaps and random choices, so a game can be replayed.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl GameArgs {
    /// Whether the flags ask for a game to start at once.
    pub fn starts_game(&self) -> bool {
        self.heaps.is_some() || self.mode.is_some() || self.first.is_some()
    }
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    text.parse().map_err(|e: crate::engine::ParseModeError| e.to_string())
}

fn parse_opponent(text: &str) -> Result<crate::domain::Opponent, String> {
    text.parse()
}

fn parse_names(text: &str) -> Result<crate::domain::Names, String> {
    text.parse()
}

fn parse_level(text: &str) -> Result<crate::domain::Level, String> {
    text.parse()
}

fn parse_first(text: &str) -> Result<crate::domain::First, String> {
    text.parse()
}
