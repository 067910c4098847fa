//! The `nim-tui-serve` binary, which `nim-tui serve` runs: read the flags and the configuration,
//! serve until SIGTERM or Ctrl-C; exit 2 for bad usage or input, 1 for failures at run time.

use std::process::ExitCode;

use clap::Parser;
use nim_tui::cli::{ServeCli, ServeCommand, clap_exit, fail};
use nim_tui::{config, log, paths};

fn main() -> ExitCode {
    let code = start();
    if let Some(failure) = log::write_failure() {
        nim_tui::text::warn(failure);
    }
    code
}

fn start() -> ExitCode {
    let log = match log::init(paths::state_dir().as_deref()) {
        Ok(log) => log,
        Err(e) => return fail(2, &e.to_string()),
    };
    log::install_panic_hook();
    let cli = match ServeCli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    if let Some(ServeCommand::Report(args)) = &cli.serve.command {
        return match nim_serve::report::run(args, cli.serve.db.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(if e.is_bad_input() { 2 } else { 1 }, &e.to_string()),
        };
    }
    tracing::info!(version = env!("CARGO_PKG_VERSION"), config = ?cli.top.config, "server start");
    // The server's own words (its console, and players whose locale says nothing): --lang, else
    // the config file's `language`, else the locale.
    let language =
        cli.top.lang.or_else(|| config::language_in(cli.top.config.as_deref())).unwrap_or_default();
    nim_tui::i18n::set(language.resolve(|name| std::env::var(name).ok()));
    let settings = match config::load(cli.top.config.as_deref()) {
        Ok(settings) => settings,
        Err(e) => return fail(2, &e.to_string()),
    };
    let code = match nim_serve::run(&cli.serve, settings, log) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_bad_input() => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    };
    tracing::info!("exit");
    code
}
