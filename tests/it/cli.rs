//! The command line seen from outside: the real binary's flags, help, completions, man page,
//! `paths`, the log, and the move of an old saved game; each run gets a home of its own.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use nim_tui::paths::{self, Migration};

use crate::support::BIN;
#[cfg(unix)]
use crate::support::pty::Pty;

/// Runs the binary with `home` as HOME, no XDG variables and no log unless `env` sets them, from
/// `home` as the working directory (so nothing depends on the repository being there).
fn run_in(home: &Path, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(home).env("HOME", home).env("COLUMNS", "100").stdin(Stdio::null());
    for var in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "NIM_TUI_LOG"] {
        cmd.env_remove(var);
    }
    for (var, value) in env {
        cmd.env(var, value);
    }
    cmd.output().unwrap()
}

fn run(args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    run_in(home.path(), args, &[])
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Refused as bad usage: exit 2, nothing on stdout, and the message names `flag`.
fn refused(args: &[&str], flag: &str) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    assert!(err.contains(flag), "{args:?} names {flag}: {err}");
    err
}

#[test]
fn a_game_flag_before_a_subcommand_is_refused_not_dropped() {
    // It used to answer in normal play.
    let err = refused(&["--mode", "misere", "solve", "1", "1"], "--mode");
    assert!(err.contains("'solve'"), "{err}");
    refused(&["--heaps", "3", "stats"], "--heaps");
    refused(&["--seed", "4", "puzzle"], "--seed");
    refused(&["--print-config", "paths"], "--print-config");
}

#[test]
fn solve_takes_its_mode_after_the_subcommand() {
    let out = run(&["solve", "--mode", "misere", "--json", "1", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"version\":1,\"game\":\"nim\",\"mode\":\"misere\",\"heaps\":[1,1],\"nim_sum\":0,\"outcome\":\"win\",\"count\":2,\"moves\":[{\"heap\":1,\"take\":1},{\"heap\":2,\"take\":1}]}\n"
    );
}

#[test]
fn flags_that_do_not_apply_to_a_subcommand_are_refused() {
    refused(&["demo", "--opponent", "human", "--names", "Ann,Bob"], "--opponent");
    refused(&["demo", "--coach"], "--coach");
    refused(&["stats", "--heaps", "3"], "--heaps");
    refused(&["--mode", "sideways"], "sideways");
}

#[test]
fn config_is_global_before_or_after_a_subcommand() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("mine.toml");
    std::fs::write(&config, "mode = \"misere\"\n").unwrap();
    let c = config.to_str().unwrap();
    for args in [&["--config", c, "paths"][..], &["paths", "--config", c]] {
        let out = run_in(home.path(), args, &[]);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let first = stdout(&out).lines().next().unwrap().to_string();
        assert_eq!(first, format!("config  {c} (exists)"), "{args:?}");
    }
    // A file given to a game that cannot be read is still refused before the terminal is touched.
    let out = run_in(home.path(), &["--heaps", "3", "--config", "missing.toml"], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("missing.toml"), "{}", stderr(&out));
}

#[test]
fn short_help_is_a_summary_and_long_help_has_examples() {
    let short = stdout(&run(&["-h"]));
    let long = stdout(&run(&["--help"]));
    assert!(short.lines().count() * 2 < long.lines().count(), "-h is much shorter:\n{short}");
    // One line per option in -h, with its summary on the same line.
    for option in ["--heaps", "--mode", "--level", "--config", "--ai-delay"] {
        let line = short.lines().find(|l| l.trim_start().starts_with(option)).unwrap();
        assert!(line.trim().len() > option.len() + 12, "{option} has its summary on its line: {line}");
    }
    assert!(short.contains("[possible values: normal, misere]"), "{short}");
    assert!(!short.contains("Examples:"), "{short}");
    assert!(long.contains("Examples:") && long.contains("Game options:"), "{long}");
    assert!(long.contains("- misere: whoever takes the last token loses"), "{long}");
    // Wrapped to the terminal (COLUMNS=100), never past it.
    for line in long.lines() {
        assert!(line.chars().count() <= 100, "wrapped: {line:?}");
    }
    // Subcommand summaries fit one line each.
    let list = short.split("Commands:").nth(1).unwrap().split("\n\n").next().unwrap();
    for line in list.lines() {
        assert!(line.chars().count() <= 90, "short summary: {line:?}");
    }
}

#[test]
fn every_subcommand_help_shows_an_example() {
    for sub in ["solve", "puzzle", "stats", "demo", "replay", "paths", "completions", "man"] {
        let out = run(&[sub, "--help"]);
        assert!(out.status.success(), "{sub}");
        let text = stdout(&out);
        assert!(text.contains("Examples:") && text.contains(&format!("nim-tui {sub}")), "{sub}:\n{text}");
    }
}

#[test]
fn bash_completions_load_and_complete_subcommands_and_values() {
    let out = run(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("nim-tui.bash");
    std::fs::write(&script, &out.stdout).unwrap();
    let syntax = Command::new("bash").arg("-n").arg(&script).output().unwrap();
    assert!(syntax.status.success(), "bash -n: {}", stderr(&syntax));
    // What <TAB> does: bash calls the registered function with the words typed so far.
    let probe = r#"
        source "$1"
        fn=$(complete -p nim-tui | sed -E 's/.*-F ([^ ]+).*/\1/')
        tab() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};
                COMPREPLY=(); "$fn" nim-tui "${@: -1}" "${@: -2:1}"; echo "${COMPREPLY[*]}"; }
        tab nim-tui so
        tab nim-tui --mode ""
        tab nim-tui solve --j
        tab nim-tui demo --level e
        tab nim-tui solve --game ka
        tab nim-tui solve --game ""
        tab nim-tui --game ba
    "#;
    let done = Command::new("bash").arg("-c").arg(probe).arg("probe").arg(&script).output().unwrap();
    assert!(done.status.success(), "{}", stderr(&done));
    let lines: Vec<String> = stdout(&done).lines().map(str::to_string).collect();
    assert_eq!(lines[..4], ["solve", "normal misere", "--json", "easy"]);
    assert_eq!(lines[4], "kayles");
    // Every name the engine's registry knows, the presets and the forms to finish by hand.
    let offered: Vec<&str> = lines[5].split(' ').collect();
    let mut names: Vec<String> = nim_tui::engine::GameKind::menu()
        .into_iter()
        .map(|entry| entry.preset.map_or_else(|| entry.kind.name(), str::to_string))
        .collect();
    names.extend((1..=nim_tui::engine::MOORE_MAX_K).map(|k| format!("moore:{k}")));
    names.extend(["moore:".to_string(), "subtraction:".to_string()]);
    for name in &names {
        assert!(offered.contains(&name.as_str()), "--game offers {name}: {offered:?}");
    }
    assert!(offered.len() <= names.len() + nim_tui::engine::GameKind::ALL.len(), "{offered:?}");
    assert_eq!(lines[6], "bachet");
}

#[test]
fn zsh_and_fish_complete_game_names() {
    for shell in ["zsh", "fish", "nushell"] {
        let text = stdout(&run(&["completions", shell]));
        for name in ["kayles", "bachet", "moore", "subtraction", "fibonacci", "wythoff", "lasker", "dawson"] {
            assert!(text.contains(name), "{shell} offers {name} for --game");
        }
    }
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell", "nushell"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        assert!(stdout(&out).contains("solve"), "{shell} completes the subcommands");
    }
    // Nushell's: a command of its own for each subcommand, its flags' values from the same lists
    // (scripts/check-release.sh asks the real nu what it completes).
    let nu = stdout(&run(&["completions", "nushell"]));
    assert!(nu.contains("export extern \"nim-tui solve\" ["), "{nu}");
    assert!(nu.contains("\"normal\" \"misere\""), "{nu}");
    refused(&["completions", "tcsh"], "tcsh");
}

#[test]
fn the_man_page_is_roff_and_renders() {
    let out = run(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH nim-tui 1"), "roff: {page}");
    assert!(page.contains(".TH nim-tui 1"), "a title line");
    // Rendered by man itself where it is installed.
    let man = Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut man) = man else {
        eprintln!("man is not installed: only the roff was checked");
        return;
    };
    std::io::Write::write_all(man.stdin.as_mut().unwrap(), page.as_bytes()).unwrap();
    drop(man.stdin.take());
    let shown = man.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "man -l -: {}", String::from_utf8_lossy(&shown.stderr));
    for part in ["NAME", "SYNOPSIS", "OPTIONS", "GAME OPTIONS", "SUBCOMMANDS", "--heaps", "solve"] {
        assert!(text.contains(part), "man shows {part}:\n{text}");
    }
    for part in ["KEYS", "EXIT STATUS", "ENVIRONMENT", "FILES", "NIM_TUI_LOG", "config.toml", "stats.json"] {
        assert!(text.contains(part), "man shows {part}:\n{text}");
    }
}

/// The KEYS section is the shipped key map: every action with keys, with each of its keys.
#[test]
fn the_man_page_lists_every_key_of_the_key_map() {
    let page = stdout(&run(&["man"]));
    let keys = &page[page.find(".SH KEYS").expect("a KEYS section")..];
    let keys = &keys[..keys[1..].find(".SH").map_or(keys.len(), |end| end + 1)];
    let keymap = nim_tui::keys::Keymap::default();
    for action in nim_tui::domain::Action::ALL {
        let bound = keymap.keys_for(action);
        if bound.is_empty() {
            continue;
        }
        // Arrows as roff's characters (see the test below).
        let roff = |text: String| {
            text.replace('-', "\\-")
                .replace('←', "\\(<-")
                .replace('→', "\\(->")
                .replace('↑', "\\(ua")
                .replace('↓', "\\(da")
        };
        let shown: Vec<String> = bound.iter().map(|key| roff(key.pretty())).collect();
        assert!(keys.contains(&shown.join(", ")), "{action:?}'s keys {shown:?} in:\n{keys}");
        assert!(
            keys.contains(&action.describe(nim_tui::i18n::Language::English).replace('-', "\\-")),
            "{action:?} described"
        );
    }
}

/// Every page has its examples under EXAMPLES (clap_mangen's EXTRA renamed) and its arrows as
/// roff characters, which man draws in any locale (`<-` in ASCII).
#[test]
fn man_pages_have_examples_and_arrows_in_roff() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &["man", "--dir", "pages"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = home.path().join("pages");
    let mut pages = vec![("nim-tui.1 (stdout)".to_string(), stdout(&run(&["man"])))];
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        pages.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
    }
    assert!(pages.len() > 5, "{} pages", pages.len());
    for (name, page) in &pages {
        assert!(page.contains(".SH EXAMPLES\n"), "{name} has no EXAMPLES");
        assert!(!page.contains(".SH EXTRA"), "{name} still says EXTRA");
        assert!(!page.contains(['←', '→', '↑', '↓']), "{name} has a raw arrow");
    }
    let replay = &pages.iter().find(|(name, _)| name.ends_with("nim-tui-replay.1")).expect("replay's page").1;
    assert!(replay.contains("\\(<\\- and \\(\\->") || replay.contains("\\(<- and \\(->"), "{replay}");
}

/// Every page the man pages name is a page `man --dir` writes: no nim-tui-help(1).
#[test]
fn the_man_pages_name_only_pages_that_are_written() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &["man", "--dir", "pages"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = home.path().join("pages");
    let written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!written.iter().any(|page| page.contains("help")), "{written:?}");
    let mut pages = vec![stdout(&run(&["man"]))];
    pages.extend(written.iter().map(|page| std::fs::read_to_string(dir.join(page)).unwrap()));
    for page in &pages {
        for (at, _) in page.match_indices("nim\\-tui\\-") {
            let name: String = page[at..].replace("\\-", "-").chars().take_while(|c| *c != '(').collect();
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && page[at..].contains('(') {
                assert!(
                    written.contains(&format!("{name}.1")),
                    "{name}(1) is named but not written: {written:?}"
                );
            }
        }
        assert!(!page.contains("help(1)"), "no help page is named");
    }
    // The page written into the directory is the full one, with its own sections.
    let main = std::fs::read_to_string(dir.join("nim-tui.1")).unwrap();
    assert!(
        main.contains(".SH KEYS") && main.contains(".SH \"EXIT STATUS\"") || main.contains(".SH EXIT STATUS")
    );
}

/// `replay -` reads the record from standard input, refused as a file would be when it is not one.
#[test]
fn replay_reads_standard_input() {
    let mut child = Command::new(BIN)
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"not a record\n").unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("standard input"), "{}", stderr(&out));

    // Past the bound of a record file: refused, not read to the end.
    let mut child = Command::new(BIN)
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = vec![b'x'; 1 << 16];
        for _ in 0..(nim_tui::files::RECORD_LIMIT >> 16) + 2 {
            if std::io::Write::write_all(&mut input, &block).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("larger than the limit"), "{}", stderr(&out));
}

#[test]
fn man_dir_writes_a_page_per_subcommand() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &["man", "--dir", "pages"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    for page in ["nim-tui.1", "nim-tui-solve.1", "nim-tui-completions.1"] {
        let text = std::fs::read_to_string(home.path().join("pages").join(page)).unwrap();
        assert!(text.contains(".TH"), "{page}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn paths_follow_xdg_when_set_and_home_when_not() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path().display().to_string();
    let out = run_in(home.path(), &["paths"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "config  {h}/.config/nim-tui/config.toml (not found: the built-in defaults are used)\n\
             data    {h}/.local/share/nim-tui\n\
             state   {h}/.local/state/nim-tui\n\
             log     {h}/.local/state/nim-tui/nim-tui.log (off: set NIM_TUI_LOG=debug to write it)\n"
        )
    );

    let xdg = tempfile::tempdir().unwrap();
    let x = xdg.path();
    let (config, data, state) = (x.join("c"), x.join("d"), x.join("s"));
    std::fs::create_dir_all(config.join("nim-tui")).unwrap();
    std::fs::write(config.join("nim-tui/config.toml"), "").unwrap();
    let env = [("XDG_CONFIG_HOME", &*config), ("XDG_DATA_HOME", &*data), ("XDG_STATE_HOME", &*state)];
    let out = run_in(home.path(), &["paths"], &env);
    let x = x.display();
    assert_eq!(
        stdout(&out),
        format!(
            "config  {x}/c/nim-tui/config.toml (exists)\n\
             data    {x}/d/nim-tui\n\
             state   {x}/s/nim-tui\n\
             log     {x}/s/nim-tui/nim-tui.log (off: set NIM_TUI_LOG=debug to write it)\n"
        )
    );
}

#[test]
fn the_log_is_off_by_default_and_holds_the_error_when_on() {
    let home = tempfile::tempdir().unwrap();
    let state = home.path().join("state");
    let bad = home.path().join("bad.toml");
    std::fs::write(&bad, "mode = \"sideways\"\n").unwrap();
    let b = bad.to_str().unwrap();

    let out = run_in(home.path(), &["--config", b], &[("XDG_STATE_HOME", &state)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!state.exists(), "no log, not even its directory, unless asked for");

    let level = Path::new("debug");
    let env = [("XDG_STATE_HOME", &*state), ("NIM_TUI_LOG", level)];
    let out = run_in(home.path(), &["--config", b], &env);
    assert_eq!(out.status.code(), Some(2));
    let log = std::fs::read_to_string(state.join("nim-tui/nim-tui.log")).unwrap();
    let message = stderr(&out);
    let message = message.trim().strip_prefix("nim-tui: ").unwrap();
    assert!(log.contains("start") && log.contains("subcommand=\"game\""), "{log}");
    assert!(log.contains("ERROR") && log.contains(message), "the message is in the log:\n{log}");

    // `paths` says the log is on and where.
    let out = run_in(home.path(), &["paths"], &env);
    let paths = stdout(&out);
    assert!(paths.contains("nim-tui.log (on: NIM_TUI_LOG=debug)"), "{paths}");
}

#[test]
fn a_bad_log_level_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let out = run_in(home.path(), &["paths"], &[("NIM_TUI_LOG", Path::new("loud"))]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("NIM_TUI_LOG") && err.contains("debug"), "{err}");
}

#[test]
fn a_panic_is_logged_with_its_location() {
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);
    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buffer = Buffer::default();
    let writer = buffer.clone();
    let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
    tracing::subscriber::with_default(subscriber, || {
        nim_tui::log::install_panic_hook();
        let result = std::panic::catch_unwind(|| panic!("the heaps fell over"));
        assert!(result.is_err());
    });
    let log = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
    assert!(log.contains("panic: the heaps fell over"), "{log}");
    assert!(log.contains(&format!("{}:", file!())), "the location: {log}");
}

#[test]
fn an_old_saved_game_is_moved_to_the_state_directory() {
    let root = tempfile::tempdir().unwrap();
    let (data, state) = (root.path().join("data"), root.path().join("state/nim-tui"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("game.json"), "the old game").unwrap();
    std::fs::write(data.join("stats.json"), "stats").unwrap();

    let moved = paths::migrate_saved_game(&data, &state).unwrap();
    assert_eq!(moved, Migration::Moved { from: data.join("game.json"), to: state.join("game.json") });
    assert_eq!(std::fs::read_to_string(state.join("game.json")).unwrap(), "the old game");
    assert!(!data.join("game.json").exists());
    assert!(data.join("stats.json").exists(), "statistics stay in the data directory");

    // On the next start there is nothing left to move.
    assert_eq!(paths::migrate_saved_game(&data, &state).unwrap(), Migration::Nothing);
}

#[test]
fn a_saved_game_in_both_places_keeps_both() {
    let root = tempfile::tempdir().unwrap();
    let (data, state) = (root.path().join("data"), root.path().join("state"));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&state).unwrap();
    std::fs::write(data.join("game.json"), "old").unwrap();
    std::fs::write(state.join("game.json"), "new").unwrap();
    let both = paths::migrate_saved_game(&data, &state).unwrap();
    assert_eq!(both, Migration::KeptBoth { old: data.join("game.json"), new: state.join("game.json") });
    assert_eq!(std::fs::read_to_string(data.join("game.json")).unwrap(), "old");
    assert_eq!(std::fs::read_to_string(state.join("game.json")).unwrap(), "new");
}

#[test]
fn puzzle_flags_are_checked() {
    refused(&["puzzle", "--daily", "--seed", "4"], "--seed");
    refused(&["puzzle", "--number", "0"], "--number");
    let err = refused(&["puzzle", "--difficulty", "extreme"], "--difficulty");
    assert!(err.contains("easy") && err.contains("hard"), "{err}");
    let help = stdout(&run(&["puzzle", "--help"]));
    assert!(help.contains("--number") && help.contains("--daily"), "{help}");
}

#[test]
fn heaps_take_the_config_presets_and_dashes() {
    use nim_tui::cli::GameArgs;
    use nim_tui::config::Settings;
    use nim_tui::domain::{HeapChoice, Preset};
    let with = |text: &str| {
        let mut settings = Settings::default();
        settings
            .apply_flags(&GameArgs { heaps: Some(text.into()), ..GameArgs::default() })
            .map(|()| settings.heaps)
    };
    assert_eq!(with("marienbad"), Ok(HeapChoice::Preset(Preset::Marienbad)));
    assert_eq!(with("3-4-5"), Ok(HeapChoice::Preset(Preset::ThreeFourFive)));
    assert_eq!(with("random"), Ok(HeapChoice::RANDOM));
    assert_eq!(with("2-5-7"), Ok(HeapChoice::Custom(vec![2, 5, 7])));
    assert_eq!(with("2,5 7"), Ok(HeapChoice::Custom(vec![2, 5, 7])));
    let err = with("2--5").unwrap_err().to_string();
    assert!(err.starts_with("--heaps:"), "{err}");
}

/// A doubled dash is a typing slip, not a negative heap; a word that is not a preset says which
/// presets there are.
#[test]
fn heaps_with_a_doubled_dash_or_an_unknown_name_say_what_is_accepted() {
    let err = refused(&["--heaps", "3--4"], "--heaps");
    assert!(err.contains("'3--4': heaps are separated by one '-', ',' or space"), "{err}");
    assert!(!err.contains("negative"), "{err}");
    let err = refused(&["--heaps", "marienbda"], "--heaps");
    assert!(err.contains("'marienbda' is neither heaps nor a preset") && err.contains("marienbad"), "{err}");
    // A minus sign on its own is still called what it is.
    assert!(refused(&["--heaps", "-4"], "--heaps").contains("negative"));
}

/// clap's usage errors echo what was typed; with stderr on a terminal they used to reach it raw (a
/// pipe hid it: clap strips escape sequences there, but not a bidi override). Every value from the
/// command line now shows escaped, whatever the stream.
#[test]
fn usage_errors_show_the_typed_text_escaped() {
    let evil = "\x1b]0;PWNED\x07\u{202e}";
    let names = format!("{evil}Ann,Bob");
    let unknown = format!("--{evil}");
    for args in [
        &["--names", names.as_str()][..],
        &["--mode", evil],
        &["--ai-delay", evil],
        &["--seed", evil],
        &["solve", "--mode", evil],
        &["completions", evil],
        &[unknown.as_str()],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(!out.stderr.contains(&0x1b), "{args:?}: a raw ESC: {err}");
        assert!(!err.contains('\u{202e}') && !err.contains('\x07'), "{args:?}: raw: {err}");
        assert!(err.contains("\\x1b]0;PWNED\\x07\\u{202e}"), "{args:?} shows it escaped: {err}");
    }
}

/// `--help` and `--version` that cannot be written are a failure, not a silent success.
#[test]
fn help_that_cannot_be_written_exits_1() {
    for args in [&["--help"][..], &["-h"], &["-V"], &["solve", "--help"], &["help", "solve"]] {
        let full = std::fs::File::create("/dev/full").unwrap();
        let out = Command::new(BIN).args(args).stdin(Stdio::null()).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("cannot write"), "{args:?}: {}", stderr(&out));
    }
    // Written, they still exit 0.
    assert_eq!(run(&["--help"]).status.code(), Some(0));
}

/// Values people type are read in any case, and misère with or without its accent: `--mode
/// MISÈRE` and `--mode Misere` were refused. Through the real binary: `solve` answers in misère,
/// a game started by the flags plays by them, a puzzle run has the difficulty asked for.
#[cfg(unix)]
#[test]
fn values_people_type_are_read_in_any_case() {
    for mode in ["Misere", "MISÈRE", "misère", "Misère", "MISERE", "mIsErE", " misere "] {
        for game in ["nim", "moore:2"] {
            let out = run(&["solve", "--game", game, "--mode", mode, "--json", "1", "1", "3"]);
            assert_eq!(out.status.code(), Some(0), "--mode {mode:?}: {}", stderr(&out));
            assert!(
                stdout(&out).starts_with(&format!("{{\"version\":1,\"game\":\"{game}\",\"mode\":\"misere\"")),
                "{}",
                stdout(&out)
            );
        }
    }
    for mode in ["NORMAL", "Normal"] {
        let out = run(&["solve", "--mode", mode, "--json", "1", "1"]);
        assert!(stdout(&out).contains("\"mode\":\"normal\""), "{}", stderr(&out));
    }
    let home = tempfile::tempdir().unwrap();
    let args =
        ["--mode", "MISÈRE", "--level", "HARD", "--first", "You", "--opponent", "AI", "--heaps", "3,4,5"];
    let mut pty = Pty::spawn(&args, home.path(), 30, 100);
    assert!(pty.wait_for("AI: hard"), "{}", pty.contents());
    let screen = pty.contents();
    assert!(screen.contains("Misère") && screen.contains("Your turn"), "{screen}");
    pty.send(b"q");
    pty.wait_exit();
    let args = ["--opponent", "HUMAN", "--first", "Ai", "--mode", "Normal", "--heaps", "3,4,5"];
    let mut pty = Pty::spawn(&args, home.path(), 30, 100);
    assert!(pty.wait_for("Player 2"), "the second player moves first: {}", pty.contents());
    assert!(pty.contents().contains("Normal play"), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit();
    let mut pty = Pty::spawn(&["puzzle", "--difficulty", "HARD", "--seed", "3"], home.path(), 30, 100);
    assert!(pty.wait_for("seed 3 · hard"), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit();
    // A word that is none of them is still refused, with the accepted ones and a suggestion.
    let out = run(&["--mode", "MISER"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("[possible values: normal, misere]") && err.contains("'misere'"), "{err}");
    let out = run(&["puzzle", "--difficulty", "Extreme"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("[possible values: easy, medium, hard]"), "{}", stderr(&out));
}

/// The help and the completions still offer the canonical lower-case names, and only those.
#[test]
fn help_and_completions_list_the_lower_case_names() {
    let bash = stdout(&run(&["completions", "bash"]));
    for words in
        ["normal misere", "perfect hard medium easy", "you ai random", "ai human", "easy medium hard"]
    {
        assert!(bash.contains(words), "bash completes {words}");
    }
    let fish = stdout(&run(&["completions", "fish"]));
    assert!(fish.contains("misere") && fish.contains("perfect"), "{fish}");
    for text in [&bash, &fish] {
        assert!(!text.contains("MISERE") && !text.contains("Misere") && !text.contains("HARD"), "{text}");
    }
    let help = stdout(&run(&["--help"]));
    for name in ["misere:", "perfect:", "random:", "human:"] {
        assert!(help.contains(name), "--help lists {name}: {help}");
    }
    let help = stdout(&run(&["puzzle", "--help"]));
    assert!(help.contains("hard:") && !help.contains("HARD"), "{help}");
}

/// `nim-tui replay - < FILE` as a user types it: the record from standard input, the keys from the
/// terminal, the replay stepped and closed.
#[cfg(unix)]
#[test]
fn replay_from_standard_input_plays_at_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let record = home.path().join("game.txt");
    std::fs::write(
        &record,
        "# nim-tui game record\ngame nim\nmode normal\nheaps 3 4 5\nplayers ai\nyou 1 2\nai 2 3\nresigned you\n",
    )
    .unwrap();
    let mut pty = Pty::with(&["replay", "-"], home.path()).stdin_file(&record).spawn();
    assert!(pty.wait_for("move 0 of 2"), "the replay starts:\n{}", pty.screen.screen().contents());
    pty.send(b"\x1b[C");
    assert!(pty.wait_for("move 1 of 2"), "a step forward:\n{}", pty.screen.screen().contents());
    pty.send(b"q");
    let status = pty.wait_exit().expect("nim-tui exits");
    assert!(status.success(), "{status:?}");
}

/// The game's binary copied into a folder of its own, with `server` beside it as `nim-tui-serve`
/// if given (a script), and a `PATH` that holds nothing else.
#[cfg(unix)]
fn game_alone(server: Option<&str>) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(BIN, dir.path().join("nim-tui")).expect("copy the game");
    runnable(&dir.path().join("nim-tui"));
    if let Some(script) = server {
        let path = dir.path().join("nim-tui-serve");
        std::fs::write(&path, script).expect("write the server");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        runnable(&path);
    }
    dir
}

/// Waits until the program just written at `path` can be run. While another test's child, forked
/// meanwhile, still holds the file open for writing, it cannot ("text file busy", until that child
/// runs its own program); once it has run, nothing holds it any more.
#[cfg(unix)]
fn runnable(path: &Path) {
    let patience = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let run = Command::new(path).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
        match run {
            Err(e)
                if e.kind() == std::io::ErrorKind::ExecutableFileBusy
                    && std::time::Instant::now() < patience =>
            {
                std::thread::yield_now();
            }
            run => {
                run.expect("the program runs");
                return;
            }
        }
    }
}

#[cfg(unix)]
fn run_alone(dir: &Path, args: &[&str]) -> Output {
    Command::new(dir.join("nim-tui"))
        .args(args)
        .env("HOME", dir)
        .env("PATH", dir.join("nothing-here"))
        .env_remove("NIM_TUI_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("run the copied game")
}

/// `nim-tui serve` runs the server installed beside the game, handing it every flag as typed (the
/// global `--config` and `--lang` too, wherever they stood), and nothing else.
#[cfg(unix)]
#[test]
fn serve_runs_the_server_beside_the_game_with_the_flags_as_typed() {
    let dir = game_alone(Some("#!/bin/sh\nprintf '%s\\n' \"$@\"\n"));
    let out = run_alone(
        dir.path(),
        &[
            "--config",
            "c.toml",
            "serve",
            "--listen",
            "0.0.0.0:2300",
            "--no-hints",
            "--code",
            "a b",
            "--lang=zh",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut handed: Vec<String> = stdout(&out).lines().map(String::from).collect();
    handed.sort();
    assert_eq!(handed, ["--code=a b", "--config=c.toml", "--lang=zh", "--listen=0.0.0.0:2300", "--no-hints"]);
    // Its exit status is the server's.
    let dir = game_alone(Some("#!/bin/sh\nexit 2\n"));
    assert_eq!(run_alone(dir.path(), &["serve"]).status.code(), Some(2));
}

/// Without the server, `nim-tui serve` says how to get it (exit 1, a failure at run time), its help
/// names it too, and a bad flag is still refused as bad usage (exit 2).
#[cfg(unix)]
#[test]
fn serve_without_the_server_says_how_to_install_it() {
    let dir = game_alone(None);
    let out = run_alone(dir.path(), &["serve", "--code", "maths"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cargo install --path crates/nim-serve"), "{}", stderr(&out));
    for help in ["-h", "--help"] {
        let out = run_alone(dir.path(), &["serve", help]);
        assert!(out.status.success());
        assert!(stdout(&out).contains("cargo install --path crates/nim-serve"), "{}", stdout(&out));
    }
    assert_eq!(run_alone(dir.path(), &["serve", "--listen", "nowhere"]).status.code(), Some(2));
}
