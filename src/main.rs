//! The `nim-tui` binary: parse the command line, load the config, hand over; map errors to exit
//! codes (2 for bad usage or input, 1 for failures at run time).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::i18n::Language;
use nim_tui::cli::{Cli, Command, GameArgs, ManArgs, clap_exit, fail};
use nim_tui::domain::{stats_json, stats_table};
use nim_tui::engine::{Game, Ruleset};
use nim_tui::i18n::{self, Arg};
use nim_tui::local::{self, Launch};
use nim_tui::solve::{self, SolveError};
use nim_tui::store::Store;
use nim_tui::{config, log, paths};

fn main() -> ExitCode {
    let (code, lang) = start();
    // Once, at the very end, the terminal being the shell's again: not a line for every event.
    if let Some(failure) = log::write_failure() {
        nim_tui::text::warn(lang, failure);
    }
    code
}

/// Everything `main` does but tell of a log that could not be written, and the language it spoke.
fn start() -> (ExitCode, i18n::Language) {
    // The log starts before the command line is read, so that usage errors are in it too.
    let log_file = match log::init(paths::state_dir().as_deref()) {
        Ok(file) => file,
        Err(e) => return (fail(2, &e.to_string()), i18n::Language::English),
    };
    log::install_panic_hook();
    let cli = match Cli::try_parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => return (clap_exit(&e), i18n::Language::English),
    };
    let subcommand = cli.command.as_ref().map_or("game", Command::name);
    tracing::info!(version = env!("CARGO_PKG_VERSION"), subcommand, config = ?cli.top.config, "start");
    if let Some(file) = &log_file {
        tracing::debug!(log = %file.display(), "logging");
    }
    // Errors are logged with their exit status where they happen (`fail`).
    // The language of every word for people, chosen once: --lang, else the config file's
    // `language`, else the locale. (`serve` has each connection's own.)
    let language =
        cli.top.lang.or_else(|| config::language_in(cli.top.config.as_deref())).unwrap_or_default();
    let lang = language.resolve(|name| std::env::var(name).ok());
    let code = run(lang, cli, log_file.as_deref());
    tracing::info!("exit");
    (code, lang)
}

fn run(lang: i18n::Language, cli: Cli, log_file: Option<&std::path::Path>) -> ExitCode {
    if cli.top.print_config {
        // Byte for byte the shipped file, so that it can be saved as a config as it is.
        return write_out(config::DEFAULT_TOML, "the configuration");
    }
    match cli.command {
        Some(Command::Solve(args)) => solve(lang, &args),
        Some(Command::Stats(args)) => {
            let store = match Store::open_default() {
                Ok(store) => store.speaking(lang),
                Err(e) => return fail(1, &e.to_string()),
            };
            let (stats, warning) = store.load_stats();
            if let Some(warning) = warning {
                tracing::warn!("{warning}");
                nim_tui::text::warn(lang, &warning);
            }
            let text = if args.json { stats_json(&stats) + "\n" } else { stats_table(lang, &stats) };
            write_out(&text, "the statistics")
        }
        Some(Command::Demo(args)) => {
            let vary = args.looping.then_some(nim_tui::app::DemoLoop {
                game: args.game.is_none(),
                heaps: args.heaps.is_none(),
                mode: args.mode.is_none(),
            });
            run_game(lang, &cli.top.config, cli.top.plain, &args.into(), Some(vary))
        }
        Some(Command::Paths) => print_paths(lang, cli.top.config.as_deref(), log_file),
        Some(Command::Completions(args)) => {
            let mut out = Vec::new();
            match args.shell.clap_complete() {
                Some(shell) => clap_complete::generate(shell, &mut Cli::whole_command(), "nim-tui", &mut out),
                None => clap_complete::generate(
                    clap_complete_nushell::Nushell,
                    &mut Cli::whole_command(),
                    "nim-tui",
                    &mut out,
                ),
            }
            if args.shell == nim_tui::cli::CompletionShell::Bash {
                // clap_complete 4.6 spells a hyphenated binary's states two ways in bash
                // (`nim__tui__subcmd__solve` when walking the words, `nim__subcmd__tui__subcmd__solve`
                // in the case labels), so nothing after a subcommand completes
                // (clap-rs/clap#6421). Spell the labels as the walk does; once fixed upstream
                // the pattern no longer occurs and this does nothing.
                out = String::from_utf8_lossy(&out).replace("nim__subcmd__tui", "nim__tui").into_bytes();
            }
            write_out(out, "the completions")
        }
        Some(Command::Man(args)) => man(&args),
        Some(Command::Serve(args)) => serve(&args),
        Some(Command::Puzzle(args)) => {
            let mut settings = match config::load(cli.top.config.as_deref()) {
                Ok(settings) => settings,
                Err(e) => return fail(2, &e.to_string()),
            };
            choose_plain(&mut settings, cli.top.plain);
            // Days since 1970-01-01 in UTC: the day's puzzle is the same everywhere that day.
            let today = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() / 86_400);
            let start = nim_tui::app::PuzzleStart {
                seed: args.seed,
                number: args.number,
                difficulty: args.difficulty,
                daily: args.daily.then_some(today),
            };
            match local::play(lang, &settings, Launch::Puzzles(start), args.seed) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(1, &e.to_string()),
            }
        }
        Some(Command::Learn(args)) => {
            let mut settings = match config::load(cli.top.config.as_deref()) {
                Ok(settings) => settings,
                Err(e) => return fail(2, &e.to_string()),
            };
            choose_plain(&mut settings, cli.top.plain);
            let course = match args.lesson {
                nim_tui::cli::LessonName::Nim => nim_tui::app::Course::Nim,
                nim_tui::cli::LessonName::Grundy => nim_tui::app::Course::SpragueGrundy,
            };
            match local::play(lang, &settings, Launch::Learn(course), None) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(1, &e.to_string()),
            }
        }
        Some(Command::Replay(args)) => {
            // A record is lines of text already; stepping through it is the full-screen UI's.
            if cli.top.plain || nim_tui::plain::chosen_by_env(|name| std::env::var(name).ok()) {
                return fail(2, &i18n::text(lang, "plain-no-replay"));
            }
            // `-` is standard input, bounded as a file is.
            let from_stdin = args.file.as_os_str() == "-";
            let read = if from_stdin {
                nim_tui::files::read_bounded_from(io::stdin().lock(), nim_tui::files::RECORD_LIMIT)
            } else {
                nim_tui::files::read_bounded(&args.file, nim_tui::files::RECORD_LIMIT)
            };
            let name = if from_stdin {
                i18n::text(lang, "replay-standard-input")
            } else {
                nim_tui::text::path(&args.file)
            };
            let text = match read {
                Ok(bytes) => match String::from_utf8(bytes) {
                    Ok(text) => text,
                    Err(_) => {
                        return fail(
                            2,
                            &i18n::text_with(lang, "replay-not-utf8", &[("name", Arg::from(name.as_str()))]),
                        );
                    }
                },
                Err(e) => {
                    let args = [("name", Arg::from(name.as_str())), ("error", Arg::from(e.to_string()))];
                    return fail(1, &i18n::text_with(lang, "replay-cannot-read", &args));
                }
            };
            let record = match nim_tui::record::Record::parse(lang, &text) {
                Ok(record) => record,
                Err(e) => {
                    let args = [
                        ("name", Arg::from(name.as_str())),
                        ("line", Arg::from(e.line.to_string())),
                        ("problem", Arg::from(e.problem)),
                    ];
                    return fail(2, &i18n::text_with(lang, "replay-record-error", &args));
                }
            };
            if from_stdin && let Err(e) = terminal_as_stdin() {
                return fail(
                    1,
                    &format!("the record was read from standard input, but the terminal cannot be: {e}"),
                );
            }
            let settings = match config::load(cli.top.config.as_deref()) {
                Ok(settings) => settings,
                Err(e) => return fail(2, &e.to_string()),
            };
            match local::play(lang, &settings, Launch::Replay(Box::new(record)), None) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => fail(1, &e.to_string()),
            }
        }
        None => run_game(lang, &cli.top.config, cli.top.plain, &cli.game, None),
    }
}

/// After `replay -` has read its record from standard input, the keys come from the terminal
/// itself: `/dev/tty` takes standard input's place, so the game sees a terminal there as usual.
/// Nothing changes when standard input is a terminal already.
#[cfg(unix)]
fn terminal_as_stdin() -> io::Result<()> {
    use std::io::IsTerminal;
    use std::os::fd::AsRawFd;
    if io::stdin().is_terminal() {
        return Ok(());
    }
    let tty = std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty")?;
    // Both descriptors are open: dup2 only makes 0 another name for the terminal.
    if unsafe { libc::dup2(tty.as_raw_fd(), libc::STDIN_FILENO) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Elsewhere the game's own check of the terminal says what is wrong.
#[cfg(not(unix))]
fn terminal_as_stdin() -> io::Result<()> {
    Ok(())
}

/// `nim-tui solve`: every game through one path and one schema.
fn solve(lang: Language, args: &nim_tui::cli::SolveArgs) -> ExitCode {
    if args.schema {
        return write_out(solve::SCHEMA, "the schema");
    }
    let game = match Game::new(Ruleset::new(args.game, args.mode)) {
        Ok(game) => game,
        Err(e) => return fail(2, &e.to_string()),
    };
    let input = match solve::parse_input(&game, &args.heaps) {
        Ok(input) => input,
        // A position that cannot be read, told in the language chosen (its lines from standard
        // input are told so by `solve::run`).
        Err(e) => return fail(2, &solve::input_error_text(lang, &e)),
    };
    let options = solve::Options {
        json: args.json,
        limit: args.limit.or((!args.json).then_some(solve::TEXT_LIMIT)),
        keep_going: args.keep_going,
    };
    match solve::run(
        lang,
        &game,
        input,
        options,
        io::stdin().lock(),
        io::stdout().lock(),
        io::stderr().lock(),
    ) {
        // Each bad line was reported as it came (`--keep-going`); the status says there were some.
        Ok(report) if report.bad_lines > 0 => {
            tracing::warn!(bad_lines = report.bad_lines, "solve: lines that are not positions");
            ExitCode::from(2)
        }
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error.
        Err(SolveError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ (SolveError::Usage(_) | SolveError::Position(_) | SolveError::BadLine { .. })) => {
            fail(2, &e.text(lang))
        }
        Err(e) => fail(1, &e.text(lang)),
    }
}

/// A game at the terminal, or (`demo` given) a demo where the AI plays both sides, in a loop
/// when it holds what varies.
fn run_game(
    lang: Language,
    config_path: &Option<std::path::PathBuf>,
    plain: bool,
    args: &GameArgs,
    demo: Option<Option<nim_tui::app::DemoLoop>>,
) -> ExitCode {
    // Settings and flags are checked before anything touches the terminal, so that the message is
    // seen.
    let mut settings = match config::load(config_path.as_deref()) {
        Ok(settings) => settings,
        Err(e) => return fail(2, &e.to_string()),
    };
    if let Err(e) = settings.apply_flags(args) {
        return fail(2, &e.to_string());
    }
    choose_plain(&mut settings, plain);
    let launch = match (demo, args.starts_game()) {
        (Some(vary), _) => Launch::Demo(vary),
        (None, true) => Launch::Game,
        (None, false) => Launch::Menu,
    };
    match local::play(lang, &settings, launch, args.seed) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => fail(1, &e.to_string()),
    }
}

/// The plain mode (lines of text for screen readers and programs) when the flag, the config's
/// `plain` or the environment (`TERM=dumb`, `ACCESSIBLE`) asks for it.
fn choose_plain(settings: &mut config::Settings, flag: bool) {
    settings.plain |= flag || nim_tui::plain::chosen_by_env(|name| std::env::var(name).ok());
}

/// `nim-tui paths`: one line per file or directory, with what is there, in the language chosen
/// (the paths themselves as they are).
fn print_paths(
    lang: Language,
    config_flag: Option<&std::path::Path>,
    log_file: Option<&std::path::Path>,
) -> ExitCode {
    use nim_tui::i18n::{Arg, text, text_with};
    let unknown = text(lang, "paths-unknown");
    let config = match config_flag.map(std::path::Path::to_path_buf).or_else(paths::config_file) {
        Some(path) => {
            let mut status = paths::ConfigStatus::of(&path, config_flag.is_some());
            if status == paths::ConfigStatus::Readable {
                // Read, but is it a config? The same check as a game's start.
                if let Err(e) = config::load(Some(&path)) {
                    status = paths::ConfigStatus::Refused(e.to_string());
                }
            }
            let shown = Arg::Text(nim_tui::text::path(&path));
            let why = |why: &str| Arg::Text(nim_tui::text::escape_short(why, nim_tui::text::ECHO_MAX * 4));
            match &status {
                paths::ConfigStatus::Readable => text_with(lang, "paths-config-exists", &[("path", shown)]),
                paths::ConfigStatus::Missing { given: true } => {
                    text_with(lang, "paths-config-missing-given", &[("path", shown)])
                }
                paths::ConfigStatus::Missing { given: false } => {
                    text_with(lang, "paths-config-missing", &[("path", shown)])
                }
                paths::ConfigStatus::Unreachable { why: reason, given: true } => text_with(
                    lang,
                    "paths-config-unreachable-given",
                    &[("path", shown), ("why", why(reason))],
                ),
                paths::ConfigStatus::Unreachable { why: reason, given: false } => {
                    text_with(lang, "paths-config-unreachable", &[("path", shown), ("why", why(reason))])
                }
                paths::ConfigStatus::Refused(reason) => {
                    text_with(lang, "paths-config-refused", &[("path", shown), ("why", why(reason))])
                }
            }
        }
        None => unknown.clone(),
    };
    let dir = |dir: Option<std::path::PathBuf>| {
        dir.map_or(unknown.clone(), |d| match paths::unusable(&d) {
            Some(why) => text_with(
                lang,
                "paths-unusable",
                &[("path", Arg::Text(nim_tui::text::path(&d))), ("why", Arg::Text(why))],
            ),
            None => nim_tui::text::path(&d),
        })
    };
    let log = match (log_file, paths::state_dir()) {
        (Some(file), _) => {
            let level = std::env::var(log::ENV).unwrap_or_default();
            text_with(
                lang,
                "paths-log-on",
                &[
                    ("path", Arg::Text(nim_tui::text::path(file))),
                    ("variable", Arg::Text(log::ENV.to_string())),
                    ("level", Arg::Text(nim_tui::text::escape(&level).into_owned())),
                ],
            )
        }
        (None, Some(state)) => text_with(
            lang,
            "paths-log-off",
            &[
                ("path", Arg::Text(nim_tui::text::path(&paths::log_file(&state)))),
                ("variable", Arg::Text(log::ENV.to_string())),
            ],
        ),
        (None, None) => unknown.clone(),
    };
    let lines = [
        (text(lang, "paths-config"), config),
        (text(lang, "paths-data"), dir(paths::data_dir())),
        (text(lang, "paths-state"), dir(paths::state_dir())),
        (text(lang, "paths-log"), log),
    ];
    // The labels in one column, two spaces wider than the widest (by a terminal's columns).
    let width = |label: &str| unicode_width::UnicodeWidthStr::width(label);
    let column = lines.iter().map(|(label, _)| width(label)).max().unwrap_or(0) + 2;
    let mut out = String::new();
    for (label, value) in &lines {
        out.push_str(&format!("{label}{:pad$}{value}\n", "", pad = column - width(label)));
    }
    write_out(&out, "the paths")
}

/// `nim-tui man`: the page on standard output, or every page into a directory.
fn man(args: &ManArgs) -> ExitCode {
    // `help` is a subcommand for the terminal, not a page: none is written, so none is named.
    let cmd = Cli::whole_command().disable_help_subcommand(true);
    let page = match man_page(cmd.clone()) {
        Ok(page) => page,
        Err(e) => return fail(1, &format!("cannot render the manual page: {e}")),
    };
    match &args.dir {
        Some(dir) => {
            // One page per subcommand (and theirs: `nim-tui-serve-report.1`) as clap_mangen
            // writes them, then nim-tui.1 with its own sections (keys, files, environment, exit
            // status) in place of clap's.
            let mut names = Vec::new();
            let mut stack: Vec<(String, &clap::Command)> =
                cmd.get_subcommands().map(|sub| (format!("nim-tui-{}", sub.get_name()), sub)).collect();
            while let Some((name, sub)) = stack.pop() {
                stack.extend(sub.get_subcommands().map(|s| (format!("{name}-{}", s.get_name()), s)));
                names.push(name);
            }
            let written = std::fs::create_dir_all(dir)
                .and_then(|()| clap_mangen::generate_to(cmd.clone(), dir))
                .and_then(|()| {
                    for name in &names {
                        let path = dir.join(format!("{name}.1"));
                        let text = std::fs::read_to_string(&path)?;
                        std::fs::write(&path, finish_page(&text))?;
                    }
                    Ok(())
                })
                .and_then(|()| std::fs::write(dir.join("nim-tui.1"), &page));
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(1, &format!("cannot write the manual pages to {}: {e}", dir.display())),
            }
        }
        None => write_out(page, "the manual page"),
    }
}

/// nim-tui(1): clap's sections, then KEYS (from the shipped key map), EXIT STATUS, ENVIRONMENT
/// and FILES, which a game needs and clap does not write.
fn man_page(cmd: clap::Command) -> io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_subcommands_section(&mut page)?;
    page.extend_from_slice(extra_man_sections().as_bytes());
    if cmd.get_after_long_help().is_some() || cmd.get_after_help().is_some() {
        man.render_extra_section(&mut page)?;
    }
    man.render_version_section(&mut page)?;
    Ok(finish_page(&String::from_utf8_lossy(&page)).into_bytes())
}

/// A page as clap_mangen writes it, finished as man pages are written: the text after the options
/// (clap's examples) under EXAMPLES, where clap_mangen says EXTRA, and the arrows as roff's own
/// characters (`\(<-`, `\(ua`...), which every formatter draws, in ASCII too.
fn finish_page(page: &str) -> String {
    page.replace(".SH EXTRA\nExamples:\n", ".SH EXAMPLES\n")
        .replace(".SH EXTRA\n", ".SH EXAMPLES\n")
        .replace('←', "\\(<-")
        .replace('→', "\\(->")
        .replace('↑', "\\(ua")
        .replace('↓', "\\(da")
}

/// Text made safe for roff: backslashes and hyphens escaped, a leading dot or quote defused.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') { format!("\\&{escaped}") } else { escaped }
}

/// The sections clap_mangen does not write, in roff.
fn extra_man_sections() -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let item = |out: &mut String, tag: &str, text: &str| {
        let _ = write!(out, ".TP\n\\fB{}\\fR\n{}\n", roff(tag), roff(text));
    };
    out.push_str(".SH KEYS\n.PP\n");
    out.push_str(&roff("The keys of a game, as shipped; the [keys] table of the configuration file changes them (nim-tui --print-config shows it). Ctrl-C always quits."));
    out.push('\n');
    let keymap = nim_tui::keys::Keymap::default();
    for action in nim_tui::domain::Action::ALL {
        let keys: Vec<String> = keymap.keys_for(action).iter().map(|key| key.pretty()).collect();
        if !keys.is_empty() {
            // The manual is a contract, in English whatever the language of the screens.
            let describe = action.describe(nim_tui::i18n::Language::English);
            item(&mut out, &keys.join(", "), describe);
        }
    }
    out.push_str(".SH EXIT STATUS\n");
    item(&mut out, "0", "Success.");
    item(&mut out, "1", "A failure at run time: a file or the terminal cannot be read or written.");
    item(
        &mut out,
        "2",
        "Bad usage or input: an unknown flag or value, a bad configuration file, a heap or a line of solve's input that is not a position (with solve --keep-going, at the end, if any line was).",
    );
    out.push_str(".SH ENVIRONMENT\n");
    item(
        &mut out,
        nim_tui::log::ENV,
        "The log's level (error, warn, info, debug, trace): set, the log is written to nim-tui.log in the state directory.",
    );
    item(
        &mut out,
        nim_tui::cli::CONFIG_ENV,
        "The configuration file to read when --config is not given (set and not empty).",
    );
    item(&mut out, "XDG_CONFIG_HOME", "Where the configuration file is looked for first (an absolute path).");
    item(
        &mut out,
        "XDG_DATA_HOME, XDG_STATE_HOME, HOME",
        "Where the data and state directories are (see FILES).",
    );
    item(&mut out, "NO_COLOR", "Set and not empty: no colours.");
    item(
        &mut out,
        "COLORFGBG",
        "The terminal's colours, when it does not answer the question about its background.",
    );
    item(
        &mut out,
        "LC_ALL, LC_CTYPE, LANG",
        "Whether the terminal takes UTF-8: the board's pictures, or plain ASCII; a Chinese, Japanese or Korean UTF-8 locale draws with the \"cjk\" glyphs.",
    );
    item(
        &mut out,
        "LC_ALL, LC_MESSAGES, LANG",
        "The language of the game's words when --lang and the config's language are auto: the first that is set; any Chinese locale (zh_CN.UTF-8, zh_TW, zh) chooses Simplified Chinese, every other English.",
    );
    out.push_str(".SH FILES\n");
    let config =
        format!("$XDG_CONFIG_HOME/nim-tui/{0} or ~/.config/nim-tui/{0}", nim_tui::paths::CONFIG_FILE);
    item(&mut out, &config, "The configuration file (--config names another).");
    item(
        &mut out,
        "$XDG_DATA_HOME/nim-tui/ (~/.local/share/nim-tui/)",
        &format!(
            "The data: {} (statistics), {} (lesson progress) and saved records.",
            nim_tui::store::STATS_FILE,
            nim_tui::store::LESSON_FILE
        ),
    );
    item(
        &mut out,
        "$XDG_STATE_HOME/nim-tui/ (~/.local/state/nim-tui/)",
        &format!(
            "The state: {} (the unfinished game) and {} (the log).",
            nim_tui::paths::GAME_FILE,
            nim_tui::paths::LOG_FILE
        ),
    );
    out.push_str(".PP\n");
    out.push_str(&roff("nim-tui paths prints where each is on this machine."));
    out.push('\n');
    out
}

/// What `clap::Error::exit` does, made safe: a usage error echoes the user's own text (a value, an
/// unknown flag), which may hold escape sequences or bidi controls, so it is printed as plain text
/// (clap's colours cannot be kept apart from what the user typed) and escaped; help and version go
/// to stdout as clap draws them (our own text only), and a stdout that cannot take them is a
/// failure (exit 1), not a silent success.
fn write_out(text: impl AsRef<[u8]>, what: &str) -> ExitCode {
    match io::stdout().lock().write_all(text.as_ref()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("cannot write {what}: {e}")),
    }
}

/// `nim-tui serve`: the classroom server is a program of its own, `nim-tui-serve`, found beside
/// this one (as `cargo install` and the packages put it) or on the `PATH`, and run with the flags
/// given here, which were checked already. On unix it takes this process's place, so that signals
/// (SIGTERM from a service manager, Ctrl-C) reach it directly.
fn serve(args: &nim_tui::cli::ServeArgs) -> ExitCode {
    let Some(program) = server_program() else {
        return fail(1, nim_tui::cli::SERVER_MISSING);
    };
    tracing::info!(program = %program.display(), "running the server");
    let mut command = std::process::Command::new(&program);
    command.args(&args.argv);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let e = command.exec();
        fail(1, &format!("cannot run {}: {e}", nim_tui::text::path(&program)))
    }
    #[cfg(not(unix))]
    match command.status() {
        Ok(status) => ExitCode::from(status.code().and_then(|c| u8::try_from(c).ok()).unwrap_or(1)),
        Err(e) => fail(1, &format!("cannot run {}: {e}", nim_tui::text::path(&program))),
    }
}

/// Where `nim-tui-serve` is: beside this program, else the first on the `PATH`.
fn server_program() -> Option<std::path::PathBuf> {
    let name = format!("nim-tui-serve{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe().ok().map(|exe| exe.with_file_name(&name));
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).map(|dir| dir.join(&name)).collect::<Vec<_>>())
        .unwrap_or_default();
    beside.into_iter().chain(on_path).find(|candidate| candidate.is_file())
}
