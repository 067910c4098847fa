//! The `nim-tui-serve` binary, which `nim-tui serve` runs: read the flags and the configuration,
//! serve until SIGTERM or Ctrl-C; exit 2 for bad usage or input, 1 for failures at run time.
//!
//! Run as a service, everything a flag says can come from elsewhere: the config file from
//! `NIM_TUI_CONFIG`, the flags' values from its `[serve]` table (a flag typed beats it), and the
//! class code from `--code-file` or `NIM_TUI_CODE`, never from the command line `ps` shows.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser};
use nim_tui::cli::{CODE_ENV, ServeArgs, ServeCli, ServeCommand, clap_exit, fail};
use nim_tui::{config, log, paths};

/// The longest class code file read: a code is a word, not a document.
const CODE_FILE_LIMIT: u64 = 4096;

fn main() -> ExitCode {
    let code = start();
    if let Some(failure) = log::write_failure() {
        // In the locale's language: the flags that could choose another are behind us.
        nim_tui::text::warn(
            nim_tui::i18n::Language::from_environment(|name| std::env::var(name).ok()),
            failure,
        );
    }
    code
}

fn start() -> ExitCode {
    // Under systemd the journal keeps standard error: every line of the log goes there too.
    if std::env::var_os("JOURNAL_STREAM").is_some() {
        log::also_to_stderr();
    }
    // Written for days: kept within LOG_MAX, with the one before it.
    log::rotate_past(nim_serve::LOG_MAX);
    if let Err(e) = log::init(paths::state_dir().as_deref()) {
        return fail(2, &e.to_string());
    }
    log::install_panic_hook();
    let args: Vec<OsString> = std::env::args_os().collect();
    let mut cmd = ServeCli::command();
    let matches = match cmd.try_get_matches_from_mut(&args) {
        Ok(matches) => matches,
        Err(e) => return clap_exit(&e),
    };
    let cli = match ServeCli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e.format(&mut cmd)),
    };
    tracing::info!(version = nim_tui::cli::version(), config = ?cli.top.config, "server start");
    // The server's own words (its console, and players whose locale says nothing): --lang, else
    // the config file's `language`, else the locale.
    let language =
        cli.top.lang.or_else(|| config::language_in(cli.top.config.as_deref())).unwrap_or_default();
    let language = language.resolve(|name| std::env::var(name).ok());
    let settings = match config::load(cli.top.config.as_deref()) {
        Ok(settings) => settings,
        Err(e) => return fail(2, &e.to_string()),
    };
    let typed = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let mut serve = match with_file_settings(&args, &settings.serve, typed) {
        Ok(serve) => serve,
        Err(e) => {
            let file =
                cli.top.config.as_deref().map_or_else(|| "the config file".into(), nim_tui::text::path);
            return fail(2, &format!("{file}, [serve]: {e}"));
        }
    };
    // `report` reads the database the server would use (its `--db`, typed or from the file).
    if let Some(ServeCommand::Report(report)) = &serve.command {
        return match nim_serve::report::run(report, serve.db.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(if e.is_bad_input() { 2 } else { 1 }, &e.to_string()),
        };
    }
    match class_code(&serve, typed("code_file"), std::env::var_os(CODE_ENV)) {
        Ok(code) => serve.code = code,
        Err(e) => return fail(2, &e),
    }
    let code = match nim_serve::run(&serve, settings, language) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_bad_input() => fail(2, &e.to_string()),
        Err(e) => fail(1, &e.to_string()),
    };
    tracing::info!("exit");
    code
}

/// The server's flags with the config file's `[serve]` settings laid under the typed ones: each
/// setting not typed is read as if it had been typed first, so that clap checks it as it checks a
/// flag (its range, its form). `typed` says whether a flag (by its clap id) was typed.
fn with_file_settings(
    args: &[OsString],
    file: &config::ServeSettings,
    typed: impl Fn(&str) -> bool,
) -> Result<ServeArgs, String> {
    let mut argv: Vec<OsString> = args.iter().take(1).cloned().collect();
    // The file's code file counts after NIM_TUI_CODE (see `class_code`), so it is read there.
    argv.extend(file.flags().into_iter().filter(|(id, _)| *id != "code_file" && !typed(id)).map(|(_, w)| w));
    argv.extend(args.iter().skip(1).cloned());
    let mut serve = ServeCli::try_parse_from(argv).map(|cli| cli.serve).map_err(|e| {
        e.to_string().lines().next().unwrap_or_default().trim_start_matches("error: ").to_string()
    })?;
    if !typed("code_file") {
        serve.code_file.clone_from(&file.code_file);
    }
    Ok(serve)
}

/// The class code: `--code`, else `--code-file` typed, else `NIM_TUI_CODE` (`env`), else the file
/// the config's `code_file` names, else none (the server makes one on a public address).
fn class_code(serve: &ServeArgs, file_typed: bool, env: Option<OsString>) -> Result<Option<String>, String> {
    if serve.code.is_some() {
        return Ok(serve.code.clone());
    }
    let from_file = |path: &Path| -> Result<String, String> {
        let shown = nim_tui::text::path(path);
        let text = nim_tui::files::read_text(path, CODE_FILE_LIMIT)
            .map_err(|e| format!("cannot read the class code from {shown}: {e}"))?;
        let code = text.lines().next().unwrap_or_default().trim().to_string();
        if code.is_empty() {
            return Err(format!("the class code file {shown} is empty: write the code on its first line"));
        }
        Ok(code)
    };
    match (&serve.code_file, env) {
        (Some(path), _) if file_typed => from_file(path).map(Some),
        (_, Some(value)) => match value.into_string() {
            Ok(code) if !code.trim().is_empty() => Ok(Some(code.trim().to_string())),
            Ok(_) => Err(format!("{CODE_ENV} is set but empty: unset it, or set it to the class code")),
            Err(_) => Err(format!("{CODE_ENV} is not valid UTF-8")),
        },
        (Some(path), None) => from_file(path).map(Some),
        (None, None) => Ok(None),
    }
}
