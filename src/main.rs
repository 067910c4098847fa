//! The `nim-tui` binary: parse the command line and hand over; map errors to exit codes.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};
use nim_tui::cli::{Cli, Command};
use nim_tui::config;
use nim_tui::solve::{self, SolveError};

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.print_config {
        // Byte for byte the shipped file, so that it can be saved as a config as it is.
        return match io::stdout().lock().write_all(config::DEFAULT_TOML.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(1, &format!("cannot write the configuration: {e}")),
        };
    }
    match cli.command {
        Some(Command::Solve(args)) => {
            let input = match solve::parse_input(&args.heaps) {
                Ok(input) => input,
                Err(e) => return fail(2, &e.to_string()),
            };
            let stdin = io::stdin().lock();
            let stdout = io::stdout().lock();
            match solve::run(input, args.mode, args.json, stdin, stdout) {
                Ok(()) => ExitCode::SUCCESS,
                // A reader that stops early (`| head`) is not an error.
                Err(SolveError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e @ (SolveError::Usage(_) | SolveError::BadLine { .. })) => fail(2, &e.to_string()),
                Err(e) => fail(1, &e.to_string()),
            }
        }
        None => {
            // Before anything touches the terminal, so that the message is seen.
            let _config = match config::load(cli.config.as_deref()) {
                Ok(config) => config,
                Err(e) => return fail(2, &e.to_string()),
            };
            let _ = io::stdout().is_terminal();
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("nim-tui: {message}");
    ExitCode::from(code)
}
