//! The `nim-tui` binary: parse the command line and hand over; map errors to exit codes.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use std::time::Duration;

use clap::Parser;
use crossterm::event::{KeyCode, KeyEvent};
use nim_tui::app::{Action, App, Level, Setup, parse_start_heaps};
use nim_tui::cli::{Cli, Command, GameArgs};
use nim_tui::solve::{self, SolveError};
use nim_tui::store::{self, Store};
use nim_tui::tui::{self, Options};
use nim_tui::ui::Look;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Some(Command::Stats(args)) => {
            let store = match Store::open_default() {
                Ok(store) => store,
                Err(e) => return fail(1, &e.to_string()),
            };
            let (stats, warning) = store.load_stats();
            if let Some(warning) = warning {
                eprintln!("nim-tui: warning: {warning}");
            }
            let text = if args.json { store::stats_json(&stats) + "\n" } else { store::stats_table(&stats) };
            match io::stdout().lock().write_all(text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => fail(1, &format!("cannot write the statistics: {e}")),
            }
        }
        None => play(cli.game),
    }
}

fn play(args: GameArgs) -> ExitCode {
    let heaps = match args.heaps.as_deref().map(parse_start_heaps).transpose() {
        Ok(heaps) => heaps,
        Err(e) => return fail(2, &format!("--heaps: {e}")),
    };
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return fail(
            1,
            "the game needs a terminal (standard input and output are not one); for scripts, use `nim-tui solve`",
        );
    }
    let setup = Setup {
        mode: args.mode.unwrap_or_default(),
        heaps,
        first: args.first.unwrap_or_default(),
        level: Level::Perfect,
        seed: args.seed,
    };
    let starts = args.starts_game();
    let mut app = if starts { App::start_now(setup) } else { App::new(setup) };
    let options = Options { ai_delay: Duration::from_millis(args.ai_delay.unwrap_or(600)), mouse: true };
    let look = Look::default();
    match tui::run(&mut app, &look, &default_keys, &options, &mut ()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("terminal error: {e}")),
    }
}

fn default_keys(key: &KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Action::Up,
        KeyCode::Down | KeyCode::Char('j') => Action::Down,
        KeyCode::Left | KeyCode::Char('-') => Action::Less,
        KeyCode::Right | KeyCode::Char('+') => Action::More,
        KeyCode::Home => Action::TakeOne,
        KeyCode::End => Action::TakeAll,
        KeyCode::Enter | KeyCode::Char(' ') => Action::Take,
        KeyCode::Backspace => Action::Erase,
        KeyCode::Char('h') => Action::Hint,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('b') => Action::Binary,
        KeyCode::Char('c') => Action::Coach,
        KeyCode::Char('v') => Action::Review,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("nim-tui: {message}");
    ExitCode::from(code)
}
