//! The `nim-tui` binary: parse the command line, load the config, hand over; map errors to exit
//! codes (2 for bad usage or input, 1 for failures at run time).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use nim_tui::cli::{Cli, Command, GameArgs};
use nim_tui::config;
use nim_tui::session::{self, Launch};
use nim_tui::solve::{self, SolveError};
use nim_tui::store::{self, Store};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.print_config {
        // Byte for byte the shipped file, so that it can be saved as a config as it is.
        return write_out(config::DEFAULT_TOML, "the configuration");
    }
    match cli.command {
        Some(Command::Solve(args)) => {
            let input = match solve::parse_input(&args.heaps) {
                Ok(input) => input,
                Err(e) => return fail(2, &e.to_string()),
            };
            match solve::run(input, args.mode, args.json, io::stdin().lock(), io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                // A reader that stops early (`| head`) is not an error.
                Err(SolveError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e @ (SolveError::Usage(_) | SolveError::BadLine { .. })) => fail(2, &e.to_string()),
                Err(e) => fail(1, &e.to_string()),
            }
        }
        Some(Command::Stats(args)) => {
            let store = match Store::open_default() {
                Ok(store) => store,
                Err(e) => return fail(1, &e.to_string()),
            };
            let (stats, warning) = store.load_stats();
            if let Some(warning) = warning {
                nim_tui::text::warn(&warning);
            }
            let text = if args.json { store::stats_json(&stats) + "\n" } else { store::stats_table(&stats) };
            write_out(&text, "the statistics")
        }
        Some(Command::Demo(args)) => run_game(&cli.config, &args, true),
        Some(Command::Puzzle(args)) => {
            let settings = match config::load(cli.config.as_deref()) {
                Ok(settings) => settings,
                Err(e) => return fail(2, &e.to_string()),
            };
            let start = nim_tui::app::PuzzleStart { seed: args.seed, ..Default::default() };
            match session::play(&settings, Launch::Puzzles(start), args.seed) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(1, &e.to_string()),
            }
        }
        Some(Command::Replay(args)) => {
            let text = match nim_tui::files::read_bounded(&args.file, nim_tui::files::RECORD_LIMIT) {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(_) => {
                        return fail(
                            2,
                            &format!(
                                "{}: not a game record: not UTF-8 text",
                                nim_tui::text::path(&args.file)
                            ),
                        );
                    }
                },
                Err(e) => return fail(1, &format!("cannot read {}: {e}", nim_tui::text::path(&args.file))),
            };
            let record = match nim_tui::record::Record::parse(&text) {
                Ok(record) => record,
                Err(e) => return fail(2, &format!("{}: {e}", nim_tui::text::path(&args.file))),
            };
            let settings = match config::load(cli.config.as_deref()) {
                Ok(settings) => settings,
                Err(e) => return fail(2, &e.to_string()),
            };
            match session::play(&settings, Launch::Replay(Box::new(record)), None) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(1, &e.to_string()),
            }
        }
        None => run_game(&cli.config, &cli.game, false),
    }
}

/// A game at the terminal, or a demo where the AI plays both sides.
fn run_game(config_path: &Option<std::path::PathBuf>, args: &GameArgs, demo: bool) -> ExitCode {
    // Settings and flags are checked before anything touches the terminal, so that the message is
    // seen.
    let mut settings = match config::load(config_path.as_deref()) {
        Ok(settings) => settings,
        Err(e) => return fail(2, &e.to_string()),
    };
    if let Err(e) = settings.apply_flags(args) {
        return fail(2, &e.to_string());
    }
    let launch = match (demo, args.starts_game()) {
        (true, _) => Launch::Demo,
        (false, true) => Launch::Game,
        (false, false) => Launch::Menu,
    };
    match session::play(&settings, launch, args.seed) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => fail(1, &e.to_string()),
    }
}

fn write_out(text: &str, what: &str) -> ExitCode {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("cannot write {what}: {e}")),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    // A stderr that cannot be written (closed, full) leaves the exit status to tell.
    let _ = nim_tui::text::eprint_safe(&format!("nim-tui: {message}"));
    ExitCode::from(code)
}
