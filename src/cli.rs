//! The command line: clap definitions for the game's flags and the subcommands.
//!
//! Which flag applies where is said to clap as far as clap can say it: `--config` is global; each
//! subcommand has its own flags, so `demo --opponent human` is refused by name. The one rule clap
//! cannot express is "the top level's own flags conflict with every subcommand, but the global
//! `--config` does not" (`args_conflicts_with_subcommands` refuses global flags too), so
//! [`Cli::try_parse_args`] checks that after clap has parsed and reports it as a clap error: `nim-tui
//! --mode misere solve 1 1` is refused (exit 2, naming `--mode`) rather than answered in normal
//! play. Possible values come from the types, so `-h`, `--help`, the man page and the shell
//! completions all list them.

use std::path::PathBuf;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueHint};

use crate::domain::{First, Level, Names, Opponent};
use crate::engine::{GameKind, Mode};
use crate::i18n::Language;
use crate::i18n::LanguageSetting;

const EXAMPLES: &str = "\
Examples:
  nim-tui                               the start screen
  nim-tui --heaps 3,4,5 --mode misere   a misère game at once
  nim-tui --level easy --first ai       an easier AI, moving first
  nim-tui --opponent human              two people, one keyboard
  nim-tui solve --mode misere 1 2 3     answer a position, no terminal
  nim-tui completions bash              a completion script
  nim-tui paths                         where the files and the log are

For a bug report, run with NIM_TUI_LOG=debug and attach the log file
that `nim-tui paths` names.";

/// Nim in the terminal, against an AI that never makes a mistake.
///
/// With no arguments, opens the start screen. Any of --heaps, --mode, --first starts a game at
/// once; the other game options preselect the start screen's choices. For scripts,
/// `nim-tui solve` answers positions without a terminal.
#[derive(Debug, Parser)]
#[command(
    name = "nim-tui",
    version = version(),
    about,
    long_about,
    allow_negative_numbers = true,
    after_long_help = EXAMPLES,
)]
pub struct Cli {
    /// The subcommand; none for a game.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// `--config`, `--lang` and `--print-config`.
    #[command(flatten)]
    pub top: TopFlags,

    /// The game's flags, given without a subcommand.
    #[command(flatten)]
    pub game: GameArgs,
}

/// What `--version` says after the name: the package's version, then the git revision it was built
/// from when the build was told it (`NIM_TUI_GIT_REV` in the build's environment, which
/// scripts/release.sh sets), such as `0.1.0 (git 2f56905a1b2c)`. A plain `cargo build` is not told,
/// and says `0.1.0`: no build script asks git.
pub fn version() -> &'static str {
    static VERSION: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| match option_env!("NIM_TUI_GIT_REV").filter(|rev| !rev.is_empty()) {
            Some(rev) => format!("{} (git {rev})", env!("CARGO_PKG_VERSION")),
            None => env!("CARGO_PKG_VERSION").to_string(),
        });
    &VERSION
}

/// The environment variable naming the config file when `--config` is not given, as a service's
/// unit file sets it.
pub const CONFIG_ENV: &str = "NIM_TUI_CONFIG";

/// The environment variable holding the server's class code (see `--code-file`).
pub const CODE_ENV: &str = "NIM_TUI_CODE";

/// The top level's flags other than the game's.
#[derive(Debug, Clone, Default, Args)]
pub struct TopFlags {
    /// Read the configuration from PATH instead of the usual place
    ///
    /// The usual place is shown by `nim-tui paths` (on Linux ~/.config/nim-tui/config.toml). Works
    /// before or after any subcommand; `solve`, `stats`, `completions` and `man` read no
    /// configuration. NIM_TUI_CONFIG, set and not empty, names the file when --config does not.
    #[arg(long, global = true, value_name = "PATH", value_hint = ValueHint::FilePath, env = CONFIG_ENV)]
    pub config: Option<PathBuf>,

    /// The language of the game's words: auto, en or zh-CN
    ///
    /// Beats the config file's `language`. `auto` (the default) follows the locale: the first of
    /// LC_ALL, LC_MESSAGES and LANG that is set; any Chinese locale (zh_CN.UTF-8, zh_TW, zh)
    /// chooses Simplified Chinese, every other English. The text `solve`, `stats` and `paths`
    /// print for people follows it too; `--help`, the manual, JSON and files stay in English.
    #[arg(long, global = true, value_name = "LANG", ignore_case = true, value_parser = language_parser())]
    pub lang: Option<LanguageSetting>,

    /// Play in plain lines of text: for screen readers and for programs (bots)
    ///
    /// The game on standard output as one announcement a line, commands typed on standard input
    /// (`1 2` or `take 2 from 1`, `h` hint, `u` undo, `?` help, `q` quit); no escape sequences,
    /// no full-screen drawing. Works before or after `puzzle`, `learn` and `demo` too. Also chosen
    /// by TERM=dumb, ACCESSIBLE=1 and `plain = true` in the config. The lines are a versioned
    /// contract: docs/plain-protocol.md.
    #[arg(long, global = true)]
    pub plain: bool,

    /// Print the documented default configuration and exit
    ///
    /// Every setting with what it does. Save it as your config file to start changing things.
    #[arg(long)]
    pub print_config: bool,
}

/// `--lang`'s value: `auto`, `en` or `zh-CN` (also `zh`, `zh_CN`), in any case; listed so that
/// the completions offer them.
fn language_parser() -> impl TypedValueParser<Value = LanguageSetting> {
    clap::builder::PossibleValuesParser::new([
        PossibleValue::new("auto"),
        PossibleValue::new("en"),
        PossibleValue::new("zh-CN").aliases(["zh", "zh_CN", "zh-Hans"]),
    ])
    .map(|text| text.parse::<LanguageSetting>().unwrap_or_default())
}

impl Cli {
    /// The command with its deferred parts in place ([`Deferred`]), for what reads it whole instead
    /// of parsing with it: the completions and the manual. Added before clap builds the command,
    /// `serve`'s flags and `serve report` are where they were when nothing was deferred: clap's
    /// `help` subcommand lists `serve report`, and the global flags follow the server's own.
    pub fn whole_command() -> clap::Command {
        Cli::command().mut_subcommand("serve", |serve| {
            description_kept(serve, <ServeArgs as Args>::augment_args).defer(|serve| serve)
        })
    }

    /// Parses the command line (`args` starts with the program's name), refusing a top-level flag
    /// given with a subcommand it does not apply to. Errors are clap's: `.exit()` prints them and
    /// exits 2 (0 for `--help` and `--version`).
    pub fn try_parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let mut cmd = Cli::command();
        let matches = cmd.try_get_matches_from_mut(args)?;
        if let Some((name, _)) = matches.subcommand() {
            let given = top_level_flags_given(&cmd, &matches);
            if !given.is_empty() {
                let message = format!(
                    "the subcommand '{name}' cannot be used with {}: a subcommand's options go after \
                     it (see `nim-tui {name} --help`)",
                    given.join(", ")
                );
                return Err(cmd.error(ErrorKind::ArgumentConflict, message));
            }
        }
        // Read before clap's derive takes the values out of `matches`.
        let serve_argv = match (matches.subcommand(), cmd.find_subcommand("serve")) {
            (Some(("serve", typed)), Some(serve_cmd)) => typed_flags(serve_cmd, typed),
            _ => Vec::new(),
        };
        let mut matches = matches;
        let mut cli = Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut cmd))?;
        if let Some(Command::Serve(serve)) = &mut cli.command {
            serve.argv = serve_argv;
        }
        Ok(cli)
    }
}

/// The flags given on the command line to `cmd` (global ones included), each as one `--name` or
/// `--name=value` word, in `cmd`'s order: what `nim-tui serve` hands to `nim-tui-serve`. Written
/// from clap's own reading, so that a flag added to [`ServeArgs`] is handed over without more code.
fn typed_flags(cmd: &clap::Command, matches: &ArgMatches) -> Vec<OsString> {
    flags_typed(cmd, matches, true)
}

/// [`typed_flags`], with the global flags only when `globals` (a subcommand's were given above).
fn flags_typed(cmd: &clap::Command, matches: &ArgMatches, globals: bool) -> Vec<OsString> {
    let mut argv = Vec::new();
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if !globals && arg.is_global_set() {
            continue;
        }
        let Some(long) = arg.get_long() else { continue };
        if matches.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        if !arg.get_action().takes_values() {
            argv.push(OsString::from(format!("--{long}")));
            continue;
        }
        for value in matches.get_raw(id).into_iter().flatten() {
            let mut word = OsString::from(format!("--{long}="));
            word.push(value);
            argv.push(word);
        }
    }
    // A subcommand (`serve report`) and its own flags follow, as typed.
    if let Some((name, typed)) = matches.subcommand()
        && let Some(sub) = cmd.find_subcommand(name)
    {
        argv.push(OsString::from(name));
        argv.extend(flags_typed(sub, typed, false));
    }
    argv
}

/// The exit for a clap error: help and version printed on standard output (0), a usage error on
/// standard error with the user's text escaped (2). Shared by `nim-tui` and `nim-tui-serve`.
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    let code = u8::try_from(e.exit_code()).unwrap_or(2);
    if e.use_stderr() {
        let text = usage_error_text(e);
        tracing::warn!("usage error: {}", crate::text::escape(text.lines().next().unwrap_or_default()));
        // As in `fail`: a stderr that cannot be written leaves the exit status to tell.
        let _ = crate::text::eprint_safe(text.trim_end_matches('\n'));
        return ExitCode::from(code);
    }
    match e.print().and_then(|()| io::stdout().lock().flush()) {
        Ok(()) => ExitCode::from(code),
        // `nim-tui --help | head -1`: a reader that stops early is not an error.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(err) => {
            let what =
                if e.kind() == clap::error::ErrorKind::DisplayVersion { "the version" } else { "the help" };
            fail(1, &format!("cannot write {what}: {err}"))
        }
    }
}

/// A usage error as plain text with the user's own text left in, to be escaped: clap's colour codes
/// (and only those) are taken out. clap's plain rendering (`to_string`) would strip the user's
/// escape sequences too, so that `--mode $'\e[31mred'` read "invalid value 'red'", hiding what
/// was typed; escaped, it reads `'\x1b[31mred'`.
fn usage_error_text(e: &clap::Error) -> String {
    let mut text = e.render().ansi().to_string();
    let cmd = Cli::command();
    let styles = cmd.get_styles();
    for style in [
        styles.get_header(),
        styles.get_error(),
        styles.get_usage(),
        styles.get_literal(),
        styles.get_placeholder(),
        styles.get_valid(),
        styles.get_invalid(),
        styles.get_context(),
        styles.get_context_value(),
    ] {
        for code in [style.render().to_string(), style.render_reset().to_string()] {
            if !code.is_empty() {
                text = text.replace(&code, "");
            }
        }
    }
    text
}

/// Says `message` on standard error (and in the log) and returns the exit status `code`.
pub fn fail(code: u8, message: &str) -> ExitCode {
    tracing::error!(code, "{message}");
    // A stderr that cannot be written (closed, full) leaves the exit status to tell.
    let _ = crate::text::eprint_safe(&format!("nim-tui: {message}"));
    ExitCode::from(code)
}

/// The top level's own (not global) flags given on the command line, as clap shows them
/// (`'--mode <MODE>'`).
fn top_level_flags_given(cmd: &clap::Command, matches: &ArgMatches) -> Vec<String> {
    cmd.get_arguments()
        .filter(|arg| !arg.is_global_set())
        .filter(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|arg| format!("'{arg}'"))
        .collect()
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer positions with perfect play: who wins and the winning moves
    ///
    /// Each answer shows who wins, how many winning moves there are and the first of them (20 in
    /// the text form unless --limit says otherwise), and in a losing position the move the AI
    /// would try. Give the heaps as arguments (`nim-tui solve 3 4 5`), or `-` to read one position
    /// per line of standard input (heaps separated by spaces and/or commas).
    ///
    /// With --game, another game is answered in its own terms: Grundy values for subtraction games,
    /// Lasker's Nim, Kayles, Dawson's Kayles and octal games (`octal:0.53`, whose heaps are rows of
    /// pins, with the period the periodicity theorem proves; `octal:0.77` is read as Kayles and
    /// `octal:0.07` as Dawson's Kayles, and a code with no period proved is refused), binary columns counted modulo K+1
    /// for Moore's Nim_k, the losing pairs for Wythoff's game (two heaps), the Zeckendorf form for
    /// Fibonacci Nim (one heap; write HEAP/LIMIT when the next move takes at most LIMIT, a heap
    /// alone being the first move), trees valued by the colon principle for Green Hackenbush (trees
    /// written as --heaps takes them: `nim-tui solve --game hackenbush 3 '1(2,3)'`, one position a
    /// line on standard input). Only Nim and Moore's Nim_k have a misère form.
    ///
    /// With --json every game answers in one schema, version 1 (assets/solve.schema.json in the
    /// source, fields in the README), one line per position:
    /// `{"version":1,"game":"nim","mode":"normal","heaps":[1,2,3],"nim_sum":0,"outcome":"lose","count":0,"moves":[],"best_try":{"heap":3,"take":1}}`;
    /// `count` counts every winning move (a string of digits past 2^64-1, with `"count_exact":false`
    /// where only a lower bound is known), a move being `{"heap":1,"take":2}`,
    /// `{"take":[{"heap":1,"take":1},{"heap":2,"take":1}]}` on several heaps, `{"heap":1,"split":[3,4]}`
    /// for a split, or `{"heap":1,"pins":[2,3]}` for the pins knocked down (counted from 1).
    ///
    /// Exit status: 0 when every position was answered, 2 for bad usage or a position that is not
    /// one (with --keep-going, at the end, if any line was bad), 1 when the answer cannot be written.
    #[command(
        allow_negative_numbers = true,
        after_long_help = "\
Examples:
  nim-tui solve 3 4 5
  nim-tui solve --mode misere --json 1 2 3
  printf '1 2 3\\n0,2,1\\n' | nim-tui solve --json -
  nim-tui solve --json --keep-going - < positions.txt
  nim-tui solve --game moore:2 --limit 5 20 21 22 23
  nim-tui solve --game moore:2 1 2 3 4
  nim-tui solve --game kayles --json 3 7
  nim-tui solve --game subtraction:1,3,4 10 11
  nim-tui solve --game wythoff 3 5
  nim-tui solve --game fibonacci 20/4   heap 20, take at most 4
  nim-tui solve --schema > solve.schema.json"
    )]
    Solve(SolveArgs),

    /// Positions with exactly one winning move: find it
    ///
    /// Every puzzle is named by its seed, number and difficulty (shown on screen), so "seed 42,
    /// puzzle 3" is the same puzzle for everyone: open it with --seed 42 --number 3. --daily deals
    /// the day's puzzle, the same for everyone that day, and keeps a daily streak.
    #[command(after_long_help = "\
Examples:
  nim-tui puzzle
  nim-tui puzzle --seed 42 --number 3
  nim-tui puzzle --difficulty hard
  nim-tui puzzle --daily")]
    Puzzle(PuzzleArgs),

    /// A lesson: how to win, step by step, with exercises
    ///
    /// Nim's lesson: the rules, numbers in binary, the nim-sum, why a nim-sum of 0 loses, the
    /// winning move and misère's one change. The Sprague-Grundy lesson (`learn grundy`): Grundy
    /// values by the mex rule in a subtraction game, and the XOR of the values. Each step has a
    /// picture and a small exercise checked by the engine, and ends with a position to play; your
    /// progress is kept, so a lesson opens where you left it.
    #[command(after_long_help = "\
Examples:
  nim-tui learn
  nim-tui learn grundy")]
    Learn(LearnArgs),

    /// Show your statistics: games played, won and lost, streaks
    ///
    /// Per mode, with winning streaks and the puzzle streak. With --json, prints one JSON object with the totals over both modes at the top level and
    /// each mode's figures beside them, such as
    /// {"played":5,"won":3,"lost":2,"assisted_wins":0,"normal":{...},"misere":{...},"puzzle":{...}}.
    #[command(after_long_help = "\
Examples:
  nim-tui stats
  nim-tui stats --json")]
    Stats(StatsArgs),

    /// Watch the AI play both sides
    ///
    /// The AI pauses before each move as in a game. Any key pauses or resumes; q quits. With
    /// --loop it plays game after game, varied, until any key is pressed. Demos are not counted in
    /// the statistics.
    #[command(after_long_help = "\
Examples:
  nim-tui demo
  nim-tui demo --loop
  nim-tui demo --heaps 1,3,5,7 --mode misere --level easy --ai-delay 300")]
    Demo(DemoArgs),

    /// Step through a saved game record
    ///
    /// A record is saved with w after a game. ← and → step backwards and forwards; Home and End
    /// jump to the start and the end, q quits.
    ///
    /// The record is checked whole first: a damaged record or an illegal move is refused with its
    /// line number (exit status 2).
    #[command(after_long_help = "\
Examples:
  nim-tui replay ~/.local/share/nim-tui/records/game-0001.txt")]
    Replay(ReplayArgs),

    /// Print the config file, data and state directories, and log file in use
    ///
    /// The config file in use (and whether it exists), the data directory (statistics, game
    /// records), the state directory (the unfinished game) and the log file (written only when
    /// NIM_TUI_LOG is set).
    #[command(after_long_help = "\
Examples:
  nim-tui paths
  nim-tui paths --config ./my-config.toml")]
    Paths,

    /// Print a shell completion script
    ///
    /// The script goes to standard output. Load it from your shell's start-up
    /// file, or save it where your shell looks for completions.
    #[command(after_long_help = "\
Examples:
  nim-tui completions bash > ~/.local/share/bash-completion/completions/nim-tui
  nim-tui completions zsh > ~/.zfunc/_nim-tui      # with fpath+=~/.zfunc before compinit
  nim-tui completions fish > ~/.config/fish/completions/nim-tui.fish
  nim-tui completions nushell > ~/.local/share/nushell/vendor/autoload/nim-tui.nu
  source <(nim-tui completions bash)               # this shell only")]
    Completions(CompletionsArgs),

    /// Print the manual page (roff)
    ///
    /// The page goes to standard output; with --dir, one page for nim-tui and one for each
    /// subcommand are written into DIR instead.
    #[command(after_long_help = "\
Examples:
  nim-tui man | man -l -
  nim-tui man > ~/.local/share/man/man1/nim-tui.1
  nim-tui man --dir ~/.local/share/man/man1")]
    Man(ManArgs),

    /// Run a classroom: an SSH server where every player plays from a plain `ssh`
    ///
    /// Each connection plays the game as it is played in a terminal (the same screens, keys and
    /// drawing), in its own window size, colours and language; the SSH user name is the player's
    /// name (made safe, at most 20 columns, and given a suffix if someone on the server has it).
    /// Finished games are kept in an SQLite database. Connections without a terminal (`ssh host
    /// command`, subsystems), port and agent forwarding are refused; a client that stops reading,
    /// floods input or stays idle is disconnected. SIGTERM or Ctrl-C stops the server: everyone
    /// is told, games in progress are saved as ended by the server (not counted as losses), and
    /// it exits 0. Students type `ssh -p PORT NAME@HOST` (with the class code, if one is set).
    #[command(after_long_help = SERVE_EXAMPLES, after_help = SERVER_NOTE)]
    Serve(Box<Deferred<ServeArgs>>),
}

/// A subcommand's arguments that clap adds to its command only when they are needed: when the
/// subcommand is typed, or when its help, the completions or the manual are written (clap builds
/// a command, deferred parts and all, before it writes any of those). `nim-tui serve`'s flags are
/// deferred: their defaults come from the shipped configuration's `[serve]` table, which a game's
/// start would otherwise read a second time only to build a subcommand it does not use (about a
/// tenth of the work before a first frame). What reads the command for what it holds rather than
/// parsing with it takes [`Cli::whole_command`], where they are in place.
#[derive(Debug, Clone)]
pub struct Deferred<T>(pub T);

impl<T> std::ops::Deref for Deferred<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Deferred<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Args> Args for Deferred<T> {
    // The arguments' own doc comment would become the command's description when they are added;
    // the subcommand's, set when it was declared, is kept.
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| description_kept(cmd, T::augment_args))
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| description_kept(cmd, T::augment_args_for_update))
    }
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `cmd` with what `add` adds, and the description it had before.
fn description_kept(cmd: clap::Command, add: fn(clap::Command) -> clap::Command) -> clap::Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let cmd = add(cmd).about(None::<&str>).long_about(None::<&str>);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd,
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd,
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }
    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }
    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl Command {
    /// The subcommand's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Solve(_) => "solve",
            Command::Puzzle(_) => "puzzle",
            Command::Learn(_) => "learn",
            Command::Stats(_) => "stats",
            Command::Demo(_) => "demo",
            Command::Replay(_) => "replay",
            Command::Paths => "paths",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
            Command::Serve(_) => "serve",
        }
    }
}

/// `nim-tui replay`'s arguments.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file, or `-` to read it from standard input
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: PathBuf,
}

/// `nim-tui stats`'s flags.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// One JSON object instead of a table
    #[arg(long)]
    pub json: bool,
}

/// `nim-tui puzzle`'s flags.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// Seed of the run of puzzles (drawn and shown when not given)
    #[arg(long, value_name = "N", conflicts_with = "daily")]
    pub seed: Option<u64>,

    /// Open this puzzle of the run directly, counting from 1
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "daily")]
    pub number: Option<u32>,

    /// How hard: more and larger heaps, and misère endgames
    #[arg(long, default_value = "medium", ignore_case = true, value_parser = difficulty_parser(), conflicts_with = "daily")]
    pub difficulty: crate::puzzle::Difficulty,

    /// The day's puzzle (UTC), the same for everyone that day, with a daily streak
    #[arg(long)]
    pub daily: bool,
}

/// `nim-tui solve`'s flags and heaps.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game
    #[arg(long, default_value = "nim", value_name = "GAME", value_parser = GameNames { read: game_parser }, hide_possible_values = true, long_help = game_long_help("The game, one of these (the presets are subtraction games, answered from any heaps):"))]
    pub game: GameKind,

    /// Normal or misère play
    #[arg(long, default_value = "normal", ignore_case = true, value_parser = mode_parser())]
    pub mode: Mode,

    /// One JSON object per position, one per line
    ///
    /// Every game in one schema, version 1 (assets/solve.schema.json in the source; the README
    /// lists the fields).
    #[arg(long)]
    pub json: bool,

    /// List at most N winning moves per position (the count still counts them all)
    ///
    /// The default is 20 in the text form; with --json, every winning move for Nim and at most
    /// 1000 for the other games. N is a whole number from 0 to 18446744073709551615 in decimal
    /// digits, optionally after a `+`. Moves are written as they are found, so any N costs the same memory; Moore's
    /// Nim_k lists at most 100000 of one position, and a list stopped short of N says so
    /// ("moves_truncated":true in the JSON, a line in the text).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// With `-`: report a line that is not a position and go on
    ///
    /// With --json the bad line's answer is {"version":1,"line":N,"error":"..."}; in the text
    /// form a message naming the line goes to standard error. The exit status is 2 at the end if
    /// any line was bad.
    #[arg(long)]
    pub keep_going: bool,

    /// Print the JSON schema of --json's answers (JSON Schema draft 2020-12) and exit
    ///
    /// The schema's version is in its `$id` (urn:nim-tui:solve:1) and in every answer's
    /// "version"; CHANGELOG.md says which release writes which.
    #[arg(long, exclusive = true)]
    pub schema: bool,

    /// Heap sizes, or `-` to read positions from standard input
    ///
    /// Whole numbers from 0 to 18446744073709551615, separated by spaces and/or commas, written
    /// in decimal digits: leading zeros are allowed, and so is one `+` before the digits (`+3` is
    /// 3); `-0` is 0. Nothing else is a number: no other sign, no `_`, exponent, fraction or
    /// other base. Fibonacci Nim: HEAP or HEAP/LIMIT, LIMIT written the same way from 1.
    #[arg(value_name = "HEAP", required_unless_present = "schema", num_args = 1..)]
    pub heaps: Vec<String>,
}

/// `nim-tui completions`'s shell.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_name = "SHELL")]
    pub shell: CompletionShell,
}

/// The shells `nim-tui completions` writes for: clap_complete's, and Nushell through
/// clap_complete_nushell, under the names clap_complete gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CompletionShell {
    /// Bash (with the bash-completion package)
    Bash,
    /// Elvish
    Elvish,
    /// fish
    Fish,
    /// PowerShell
    Powershell,
    /// Zsh
    Zsh,
    /// Nushell
    Nushell,
}

impl CompletionShell {
    /// clap_complete's name for this shell; `None` for Nushell, which clap_complete_nushell writes.
    pub fn clap_complete(self) -> Option<clap_complete::Shell> {
        match self {
            CompletionShell::Bash => Some(clap_complete::Shell::Bash),
            CompletionShell::Elvish => Some(clap_complete::Shell::Elvish),
            CompletionShell::Fish => Some(clap_complete::Shell::Fish),
            CompletionShell::Powershell => Some(clap_complete::Shell::PowerShell),
            CompletionShell::Zsh => Some(clap_complete::Shell::Zsh),
            CompletionShell::Nushell => None,
        }
    }
}

/// `nim-tui man`'s flags.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write nim-tui.1 and one page per subcommand into DIR instead of printing
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub dir: Option<PathBuf>,
}

/// The examples under `nim-tui serve --help` and `nim-tui-serve --help`.
const SERVE_EXAMPLES: &str = "\
Examples:
  nim-tui serve                                  127.0.0.1:2222, anyone on this machine
  nim-tui serve --listen 0.0.0.0:2222 --code maths
  nim-tui serve --teacher-keys ~/.ssh/id_ed25519.pub --db class.db
  nim-tui serve report --csv class.csv           after the lesson: a line per student
  nim-tui serve --web 0.0.0.0:8080 --code maths  browsers too (and SSH)
Students:
  ssh -p 2222 alice@HOST                         then the class code, if asked
  http://HOST:8080/                              in a browser, with --web

The server is a program of its own, nim-tui-serve, which `nim-tui serve` runs with
these flags. Install it beside nim-tui from the source with
  cargo install --path crates/nim-serve";

/// Where the server comes from, under `nim-tui serve -h`.
const SERVER_NOTE: &str = "The server is a program of its own, nim-tui-serve: \
     `cargo install --path crates/nim-serve` installs it beside nim-tui.";

/// What `nim-tui serve` says when the server is not installed.
pub const SERVER_MISSING: &str = "the classroom server is a program of its own, nim-tui-serve, \
     and it is neither beside nim-tui nor on the PATH: install it from the source with \
     `cargo install --path crates/nim-serve` (or build both with `cargo build --release --workspace`)";

/// `nim-tui-serve`'s command line: the server's flags and the two global ones. `nim-tui serve`
/// reads the same flags (its [`ServeArgs`]) and hands them over as they were typed.
#[derive(Debug, Parser)]
#[command(
    name = "nim-tui-serve",
    version = version(),
    about = "The nim-tui classroom server: Nim over SSH, as `nim-tui serve` runs it",
    after_long_help = SERVE_EXAMPLES
)]
pub struct ServeCli {
    /// `--config` and `--lang`.
    #[command(flatten)]
    pub top: ServeTop,
    /// The server's own flags.
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// The global flags the server reads.
#[derive(Debug, Clone, Args)]
pub struct ServeTop {
    /// Read the configuration from PATH instead of the usual place (its `[serve]` table holds the
    /// defaults of the flags below)
    #[arg(long, value_name = "PATH", value_hint = ValueHint::FilePath, env = CONFIG_ENV)]
    pub config: Option<PathBuf>,
    /// The server's language (each player reads their own locale's): auto, en or zh-CN
    #[arg(long, value_name = "LANG", ignore_case = true, value_parser = language_parser())]
    pub lang: Option<LanguageSetting>,
}

/// `nim-tui serve`'s flags. Each has a default, so `nim-tui serve` alone runs a server on this
/// machine's loopback only.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The flags as they were typed after `nim-tui serve` (and the global `--config` and
    /// `--lang`, wherever they stood), for `nim-tui-serve`.
    #[arg(skip)]
    pub argv: Vec<OsString>,
    /// `report`: write the records instead of serving.
    #[command(subcommand)]
    pub command: Option<ServeCommand>,
    /// The address and port to listen on; any address other than loopback must be given here
    #[arg(long, value_name = "ADDR:PORT", default_value_t = crate::serve_settings::ServeSettings::shipped().listen)]
    pub listen: std::net::SocketAddr,
    /// The server's private key (OpenSSH format) [default: an ed25519 key generated once and kept
    /// in the state directory, so that the fingerprint survives restarts]
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub host_key: Option<PathBuf>,
    /// The class code every player must type (as a password, or when asked) [default: none on
    /// loopback; on any other address a code of 10 characters is made and printed at the start]
    #[arg(long, value_name = "WORD")]
    pub code: Option<String>,
    /// A file holding the class code (its first line), so that the code is not on the command line
    /// where `ps` shows it. Without --code or --code-file, the code is read from NIM_TUI_CODE when
    /// that is set, else from the file the config's `[serve]` `code_file` names
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, conflicts_with = "code")]
    pub code_file: Option<PathBuf>,
    /// Public keys (authorized_keys format) of teachers: a connection with one of them is a teacher
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub teacher_keys: Option<PathBuf>,
    /// The database of players and results: an SQLite file, or PostgreSQL as
    /// postgres://USER@HOST:PORT/DATABASE (the password from PGPASSWORD) [default: server.sqlite3
    /// in the data directory]
    #[arg(long, value_name = "PATH|URL", value_hint = ValueHint::FilePath)]
    pub db: Option<PathBuf>,
    /// The most connections at once; more are refused
    #[arg(long, value_name = "N", default_value_t = crate::serve_settings::ServeSettings::shipped().max_connections, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_connections: u32,
    /// The most connections at once from one address; more are refused
    #[arg(long, value_name = "N", default_value_t = crate::serve_settings::ServeSettings::shipped().max_per_address, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_per_address: u32,
    /// Seconds without a key before a player is disconnected (warned a minute before, or at half
    /// the time if it is shorter than two minutes)
    #[arg(long, value_name = "SECONDS", default_value_t = crate::serve_settings::ServeSettings::shipped().idle_timeout, value_parser = clap::value_parser!(u64).range(5..=604_800))]
    pub idle_timeout: u64,
    /// No hints for anyone: the hint key and the coach do nothing
    #[arg(long)]
    pub no_hints: bool,
    // The web door (#33), kept together.
    /// Also serve the game to web browsers: a page and a WebSocket on ADDR:PORT [default when
    /// given alone: 127.0.0.1:8080]; any address other than loopback must be given here
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    pub web: Option<std::net::SocketAddr>,
    /// Browsers only: the SSH door is not opened (with --web)
    #[arg(long, requires = "web")]
    pub no_ssh: bool,
    /// A reverse proxy in front of --web whose X-Forwarded-For header is believed (repeat for
    /// more); from any other address the header is ignored
    #[arg(long, value_name = "ADDR", requires = "web")]
    pub trusted_proxy: Vec<std::net::IpAddr>,
    /// Load balancers (HAProxy in `mode tcp` with `send-proxy-v2`) whose connections start with
    /// a PROXY protocol header (version 2 or 1) naming the student's address, which the
    /// per-address limits and the log then use. Addresses or CIDR ranges, comma-separated or the
    /// flag repeated (10.0.0.5,10.0.1.0/24). A connection from one of them without a valid header
    /// is refused; from any other address no header is read. Both doors (SSH and --web)
    #[arg(long, value_name = "ADDR[/LEN],…", value_delimiter = ',')]
    pub proxy_protocol_from: Vec<crate::serve_settings::AddressRange>,
    /// With a PostgreSQL --db, several servers may share it, each a host: each renews a lease
    /// every third of SECONDS, and a host silent for SECONDS (killed, or cut off from the
    /// database) has its games in progress kept by another as ended by the server, never as
    /// losses. Shorter ends a dead host's games sooner; longer rides out a database restart
    #[arg(long, value_name = "SECONDS", default_value_t = crate::serve_settings::ServeSettings::shipped().lease_seconds, value_parser = clap::value_parser!(u64).range(3..=3600))]
    pub lease_seconds: u64,
    /// This host's id among the hosts of a PostgreSQL --db: the same at each start (a host
    /// started again ends the games it left), another host's never [default: the machine's
    /// name and --listen]
    #[arg(long, value_name = "NAME")]
    pub host_id: Option<String>,
    /// What students are told to reach when it is not this server's own address: a load
    /// balancer's name or address, or a classroom's own frontend (HOST, or HOST:PORT for SSH's
    /// port). The console, the projector and the start's lines show it; the web page's line
    /// keeps --web's port [default: the address the server listens on]
    #[arg(long, value_name = "HOST[:PORT]")]
    pub join_address: Option<crate::serve_settings::JoinAddress>,
}

/// What `nim-tui serve` does instead of serving.
#[derive(Debug, Clone, Subcommand)]
pub enum ServeCommand {
    /// Write the classroom's records: a CSV with a line per student, a JSON with every game
    ///
    /// Reads the server's database (read-only: a running server may keep writing it) and writes
    /// what each student did over a range of days or in one activity: games, results, accuracy
    /// (winning positions kept out of winning positions met, graded by the engine), mistakes,
    /// time on task, lessons and puzzles; and, in the JSON, every game with every move graded.
    /// Without --from, --to or --activity, everything in the database.
    #[command(after_long_help = REPORT_EXAMPLES)]
    Report(Box<ReportArgs>),
}

/// The examples under `nim-tui serve report --help`.
const REPORT_EXAMPLES: &str = "\
Examples:
  nim-tui serve report --csv class.csv                       everything, one line per student
  nim-tui serve report --from 2026-03-02 --to 2026-03-06 --csv week.csv --json week.json
  nim-tui serve report --activity 3 --csv -                  one activity, to standard output
  nim-tui serve report --db class.db --json games.json";

/// `nim-tui serve report`'s flags.
#[derive(Debug, Clone, Args)]
#[command(group = clap::ArgGroup::new("out").args(["csv", "json"]).required(true).multiple(true))]
pub struct ReportArgs {
    /// The server's database, a file or a postgres:// URL [default: the one `nim-tui serve` uses,
    /// server.sqlite3 in the data directory, or the server's --db]
    #[arg(long, value_name = "PATH|URL", value_hint = ValueHint::FilePath)]
    pub db: Option<PathBuf>,
    /// The first day, YYYY-MM-DD (UTC, from its midnight)
    #[arg(long, value_name = "DATE", conflicts_with = "activity")]
    pub from: Option<String>,
    /// The last day, YYYY-MM-DD (UTC, to its end: the day is included)
    #[arg(long, value_name = "DATE", conflicts_with = "activity")]
    pub to: Option<String>,
    /// One activity (class race) by its number
    #[arg(long, value_name = "ID")]
    pub activity: Option<i64>,
    /// Write the per-student table here as CSV (`-` for standard output)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub csv: Option<PathBuf>,
    /// Write every game with its graded moves here as JSON (`-` for standard output)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub json: Option<PathBuf>,
}

/// Flags that start a game at once, skipping the start screen.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Game options")]
pub struct GameArgs {
    /// The game to play
    #[arg(long, value_name = "GAME", value_parser = GameNames { read: game_name_parser }, hide_possible_values = true, long_help = game_long_help("The game to play, one of these:"))]
    pub game: Option<String>,

    /// Starting heaps, such as 3,4,5 or "3 4 5"
    ///
    /// 1 to 10^18 tokens each, at most 16 heaps. Green Hackenbush (--game hackenbush) takes trees
    /// instead, separated by spaces: a stalk is its number of edges, any other tree its trunk's
    /// number of edges with its branches in brackets, separated by commas and each written the
    /// same way, such as "3 1(2,3) 2(1,1(1,2))" (at most 16 trees).
    #[arg(long, value_name = "LIST")]
    pub heaps: Option<String>,

    /// Normal or misère play
    #[arg(long, ignore_case = true, value_parser = mode_parser())]
    pub mode: Option<Mode>,

    /// Who moves first
    #[arg(long, ignore_case = true, value_parser = first_parser())]
    pub first: Option<First>,

    /// How well the AI plays
    ///
    /// Below perfect (the default), the AI plays a uniformly random legal move instead of the best
    /// one some of the time.
    #[arg(long, ignore_case = true, value_parser = level_parser())]
    pub level: Option<Level>,

    /// Who you play against
    ///
    /// Games against a human are not counted in your statistics.
    #[arg(long, ignore_case = true, value_parser = opponent_parser())]
    pub opponent: Option<Opponent>,

    /// The two players' names against a human, such as Ann,Bob
    ///
    /// The default is "Player 1" and "Player 2". The first name plays where "you" would.
    #[arg(long, value_name = "FIRST,SECOND", value_parser = parse_names)]
    pub names: Option<Names>,

    /// The AI's pause before its move, in milliseconds
    ///
    /// 0 for none; the default is 600.
    #[arg(long, value_name = "MS")]
    pub ai_delay: Option<u64>,

    /// Start with the coach on: a verdict on each of your moves
    #[arg(long)]
    pub coach: bool,

    /// Seed for random heaps and random choices, so a game can be replayed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

impl GameArgs {
    /// Whether the flags ask for a game to start at once.
    pub fn starts_game(&self) -> bool {
        self.heaps.is_some() || self.mode.is_some() || self.first.is_some()
    }
}

/// The arguments of `nim-tui learn`: which lesson.
#[derive(Debug, Clone, Default, Args)]
pub struct LearnArgs {
    /// The lesson: nim (the default) or grundy (Sprague-Grundy)
    #[arg(value_enum, default_value_t = LessonName::Nim)]
    pub lesson: LessonName,
}

/// The lessons `nim-tui learn` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum LessonName {
    /// How to win at Nim: binary numbers and the nim-sum
    #[default]
    Nim,
    /// Sprague-Grundy: Grundy values and their XOR
    #[value(alias = "sprague-grundy")]
    Grundy,
}

/// The flags of `nim-tui demo`: those of a game that mean something when the AI plays both
/// sides. Who moves first, the opponent, names and the coach are about a person playing, so
/// they are not accepted here (clap refuses them by name).
#[derive(Debug, Clone, Default, Args)]
pub struct DemoArgs {
    /// The game the AI plays (as for a game: nim, moore:2, kayles, 21...)
    #[arg(long, value_name = "GAME", value_parser = GameNames { read: game_name_parser }, hide_possible_values = true, long_help = game_long_help("The game the AI plays, one of these:"))]
    pub game: Option<String>,

    /// Starting heaps, such as 3,4,5 or "3 4 5"
    ///
    /// 1 to 10^18 tokens each, at most 16 heaps. Green Hackenbush (--game hackenbush) takes trees
    /// instead, separated by spaces: a stalk is its number of edges, any other tree its trunk's
    /// number of edges with its branches in brackets, separated by commas and each written the
    /// same way, such as "3 1(2,3) 2(1,1(1,2))" (at most 16 trees).
    #[arg(long, value_name = "LIST")]
    pub heaps: Option<String>,

    /// Normal or misère play
    #[arg(long, ignore_case = true, value_parser = mode_parser())]
    pub mode: Option<Mode>,

    /// How well the AI plays (both sides)
    #[arg(long, ignore_case = true, value_parser = level_parser())]
    pub level: Option<Level>,

    /// The AI's pause before each move, in milliseconds
    #[arg(long, value_name = "MS")]
    pub ai_delay: Option<u64>,

    /// Seed for random heaps and random choices, so a demo can be replayed
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Play one game after another until a key is pressed, each from other heaps (and another
    /// game and mode, unless --game, --heaps or --mode fix them), each ending shown briefly
    #[arg(long = "loop")]
    pub looping: bool,
}

impl From<DemoArgs> for GameArgs {
    fn from(demo: DemoArgs) -> GameArgs {
        let DemoArgs { game, heaps, mode, level, ai_delay, seed, looping: _ } = demo;
        GameArgs { game, heaps, mode, level, ai_delay, seed, ..GameArgs::default() }
    }
}

/// A value people type, read by its type's `FromStr` (any case, and `misère` with its accent
/// for misère), with the canonical lower-case names listed for `--help`, the completions and
/// the message for a value that is not one of them.
///
/// clap's `PossibleValuesParser` compares without case only in ASCII, so `MISÈRE` was refused
/// while `misère` was taken; the types' own parsers already say what they accept.
#[derive(Clone)]
struct Words<T> {
    values: Vec<PossibleValue>,
    read: fn(&str) -> Option<T>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Words<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        if let Some(found) = value.to_str().and_then(self.read) {
            return Ok(found);
        }
        use clap::error::{ContextKind, ContextValue};
        let mut error = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
        let name = arg.map_or_else(|| "...".to_string(), |a| a.to_string());
        error.insert(ContextKind::InvalidArg, ContextValue::String(name));
        error.insert(ContextKind::InvalidValue, ContextValue::String(value.to_string_lossy().into_owned()));
        let names: Vec<String> =
            self.values.iter().filter(|v| !v.is_hide_set()).map(|v| v.get_name().to_string()).collect();
        // As clap suggests: the most similar name, when it is similar enough.
        let typed = value.to_string_lossy().to_lowercase();
        let near = names
            .iter()
            .map(|name| (strsim::jaro(&typed, name), name))
            .filter(|(score, _)| *score > 0.7)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, name)) = near {
            error.insert(ContextKind::SuggestedValue, ContextValue::String(name.clone()));
        }
        error.insert(ContextKind::ValidValue, ContextValue::Strings(names));
        Err(error)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().cloned()))
    }
}

fn difficulty_parser() -> impl TypedValueParser<Value = crate::puzzle::Difficulty> {
    use crate::puzzle::Difficulty;
    let values = Difficulty::ALL.map(|d| {
        let help = match d {
            Difficulty::Easy => "three heaps of up to 7, normal play",
            Difficulty::Medium => "three to five heaps of up to 15, some misère",
            Difficulty::Hard => "four to six heaps of up to 31, misère endgames",
        };
        PossibleValue::new(d.as_str()).help(help)
    });
    Words { values: values.to_vec(), read: |text| text.parse().ok() }
}

/// `normal` and `misere` with their rules, from [`Mode::ALL`]; `misère` is accepted too.
fn mode_parser() -> impl TypedValueParser<Value = Mode> {
    let values = Mode::ALL.map(|mode| {
        // `--help` is English whatever the language (a contract, like the man page).
        let rule = crate::words::mode_rule(Language::English, mode);
        let value = PossibleValue::new(mode.as_str()).help(rule);
        if mode == Mode::Misere { value.alias("misère") } else { value }
    });
    Words { values: values.to_vec(), read: |text| text.parse().ok() }
}

fn level_parser() -> impl TypedValueParser<Value = Level> {
    let values = Level::ALL.map(|level| {
        let help = match level {
            Level::Perfect => "never errs",
            Level::Hard => "a random move 10% of the time",
            Level::Medium => "a random move 30% of the time",
            Level::Easy => "a random move 60% of the time",
        };
        PossibleValue::new(level.as_str()).help(help)
    });
    Words { values: values.to_vec(), read: |text| text.parse().ok() }
}

// `First` and `Opponent` have no list of their values to build from (yet); a unit test checks
// that every value listed here parses.
fn first_parser() -> impl TypedValueParser<Value = First> {
    let values = vec![
        PossibleValue::new("you").help("you move first"),
        PossibleValue::new("ai").help("the AI (or the second player) moves first"),
        PossibleValue::new("random").help("a coin toss"),
    ];
    Words { values, read: |text| text.parse().ok() }
}

fn opponent_parser() -> impl TypedValueParser<Value = Opponent> {
    let values = vec![
        PossibleValue::new("ai").help("the AI"),
        PossibleValue::new("human").help("two people at one keyboard"),
    ];
    Words { values, read: |text| text.parse().ok() }
}

fn parse_names(text: &str) -> Result<Names, String> {
    text.parse()
}

/// `--game`: read by the game's own parser (its messages say what is accepted), and offering the
/// completions every name the engine knows: the games and presets of its menu, Moore's Nim_K
/// for each K, and the forms `moore:` and `subtraction:` to be finished by hand.
#[derive(Clone)]
struct GameNames<T> {
    read: fn(&str) -> Result<T, String>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for GameNames<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // The same parser, and so the same messages, as a plain function would give.
        let read = self.read;
        clap::builder::StringValueParser::new()
            .try_map(move |text: String| read(&text))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(game_values().into_iter()))
    }
}

/// Every game name the completions offer, from the engine's registry, each with its title.
pub fn game_values() -> Vec<PossibleValue> {
    // clap keeps a value's name as `&'static str` (without its "string" feature): the names are
    // made once per run and kept, a few hundred bytes.
    static VALUES: std::sync::OnceLock<Vec<(&'static str, &'static str)>> = std::sync::OnceLock::new();
    let values = VALUES.get_or_init(|| {
        game_names().into_iter().map(|(name, help)| (&*name.leak(), &*help.leak())).collect()
    });
    values.iter().map(|&(name, help)| PossibleValue::new(name).help(help)).collect()
}

/// `--game`'s long help (`--help`, the manual pages): `first`, then every game of the engine's
/// registry ([`GameKind::help_names`]) with a line about it, so that none can be missing.
pub fn game_long_help(first: &str) -> String {
    let mut help = first.to_string();
    for (name, about) in GameKind::help_names() {
        help.push_str(&format!("\n  {name:<14} {about}"));
    }
    help
}

/// The names of [`game_values`], with their titles: the engine's registry lists them
/// ([`GameKind::every_name`]).
fn game_names() -> Vec<(String, String)> {
    GameKind::every_name()
}

/// A game's name, checked and kept as written (a preset's name also chooses its heaps).
fn game_name_parser(text: &str) -> Result<String, String> {
    game_parser(text).map(|_| text.trim().to_string())
}

fn game_parser(text: &str) -> Result<GameKind, String> {
    text.parse::<GameKind>().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// `serve`'s flags wait until they are needed, so that a game's start does not read the
    /// server's defaults; the whole command, for the completions and the manual, has them all.
    #[test]
    fn the_servers_flags_are_added_only_when_needed() {
        fn longs(cmd: &clap::Command) -> Vec<&str> {
            cmd.get_arguments().filter_map(|a| a.get_long()).collect()
        }
        let cmd = Cli::command();
        assert_eq!(longs(cmd.find_subcommand("serve").expect("serve")), Vec::<&str>::new());
        let whole = Cli::whole_command();
        let server = ServeCli::command();
        let own: Vec<_> =
            longs(&server).into_iter().filter(|long| !["config", "lang"].contains(long)).collect();
        assert!(own.contains(&"max-connections"), "{own:?}");
        assert_eq!(longs(whole.find_subcommand("serve").expect("serve")), own);
        let help = whole.find_subcommand("serve").expect("serve").get_about().map(|about| about.to_string());
        assert_eq!(
            help.as_deref(),
            Some("Run a classroom: an SSH server where every player plays from a plain `ssh`")
        );
    }

    #[test]
    fn every_listed_value_parses() {
        let cmd = Cli::command();
        for name in ["mode", "first", "level", "opponent"] {
            let arg = cmd.get_arguments().find(|a| a.get_id() == name).unwrap();
            let values = arg.get_possible_values();
            assert!(!values.is_empty(), "{name} lists its values");
            for value in values {
                let flag = format!("--{name}");
                let parsed = Cli::try_parse_from(["nim-tui", &flag, value.get_name()]);
                assert!(parsed.is_ok(), "{name} {}: {:?}", value.get_name(), parsed.err());
            }
        }
    }

    fn refusal(args: &[&str]) -> String {
        let error = Cli::try_parse_args(args).expect_err("refused");
        assert_eq!(error.kind(), ErrorKind::ArgumentConflict, "{error}");
        assert_eq!(error.exit_code(), 2);
        error.to_string()
    }

    /// `nim-tui serve report ...` hands `nim-tui-serve` the server's flags, then `report` and its
    /// own, each once (a global flag typed after `report` too), which `nim-tui-serve` reads back.
    #[test]
    fn serve_report_is_handed_over_with_its_flags() {
        let cli = Cli::try_parse_args([
            "nim-tui",
            "serve",
            "--db",
            "class.db",
            "report",
            "--from",
            "2026-03-02",
            "--csv",
            "a, b.csv",
            "--lang",
            "en",
        ])
        .expect("parsed");
        let Some(Command::Serve(serve)) = cli.command else { panic!("not serve") };
        let argv: Vec<String> = serve.argv.iter().map(|a| a.to_string_lossy().into_owned()).collect();
        // The global flags first: clap adds them to `serve` before its own, which are deferred.
        assert_eq!(argv, ["--lang=en", "--db=class.db", "report", "--from=2026-03-02", "--csv=a, b.csv"]);
        let server =
            ServeCli::try_parse_from(std::iter::once("nim-tui-serve".to_string()).chain(argv)).expect("read");
        let Some(ServeCommand::Report(report)) = server.serve.command else { panic!("not report") };
        assert_eq!(server.serve.db.as_deref(), Some(std::path::Path::new("class.db")));
        assert_eq!(
            (report.from.as_deref(), report.csv.as_deref()),
            (Some("2026-03-02"), Some(std::path::Path::new("a, b.csv")))
        );
        ServeCli::command().debug_assert();
    }

    #[test]
    fn top_level_flags_do_not_reach_subcommands() {
        let message = refusal(&["nim-tui", "--mode", "misere", "solve", "1", "1"]);
        assert!(message.contains("'solve'") && message.contains("--mode"), "{message}");
        let message = refusal(&["nim-tui", "--heaps", "3", "--coach", "stats"]);
        assert!(message.contains("--heaps") && message.contains("--coach"), "{message}");
        refusal(&["nim-tui", "--print-config", "paths"]);
    }

    #[test]
    fn config_goes_anywhere() {
        for args in [
            &["nim-tui", "--config", "c.toml", "paths"][..],
            &["nim-tui", "paths", "--config", "c.toml"],
            &["nim-tui", "--config", "c.toml", "solve", "1"],
            &["nim-tui", "--config", "c.toml", "--heaps", "1,2"],
        ] {
            let cli = Cli::try_parse_args(args).unwrap();
            assert_eq!(cli.top.config.as_deref(), Some(std::path::Path::new("c.toml")), "{args:?}");
        }
    }

    #[test]
    fn misere_with_its_accent_and_in_capitals() {
        for text in ["misere", "misère", "MISERE", "Misere", "MISÈRE", "Misère", " misère "] {
            let cli = Cli::try_parse_from(["nim-tui", "--mode", text]).unwrap();
            assert_eq!(cli.game.mode, Some(Mode::Misere), "{text}");
        }
    }

    #[test]
    fn demo_flags_become_game_flags() {
        let cli = Cli::try_parse_from(["nim-tui", "demo", "--heaps", "1,2", "--level", "easy"]).unwrap();
        let Some(Command::Demo(demo)) = cli.command else { panic!("a demo") };
        let game = GameArgs::from(demo);
        assert_eq!(game.heaps.as_deref(), Some("1,2"));
        assert_eq!(game.level, Some(Level::Easy));
        assert_eq!(game.opponent, None);
    }
}
