//! The configuration seen from outside: the real binary on each broken file in tests/fixtures,
//! `--print-config`, and the shipped config.toml.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use nim_tui::app::Action;
use nim_tui::config::{self, Settings};
use nim_tui::domain::{First, Level, Opponent};
use nim_tui::engine::Mode;
use nim_tui::theme::GlyphSet;

use crate::support::BIN;
#[cfg(unix)]
use crate::support::pty::Pty;

/// An empty directory of its own for each test, so that no real user config is read; removed
/// when dropped.
fn empty_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn run(args: &[&str], config_home: &Path) -> Output {
    Command::new(BIN)
        .args(args)
        .env("XDG_CONFIG_HOME", config_home)
        .env("HOME", config_home)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// Runs with `--config fixture` and checks that it is refused with a message naming the file,
/// the line and the problem.
fn refused(name: &str, line: usize, problem: &str) {
    let tmp = empty_dir();
    let home = tmp.path();
    let path = fixture(name);
    let out = run(&["--config", path.to_str().unwrap()], home);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
    assert!(out.stdout.is_empty(), "{name}: nothing on stdout");
    assert!(stderr.starts_with("nim-tui: "), "{name}: {stderr}");
    assert!(stderr.contains(&path.display().to_string()), "{name} is named: {stderr}");
    assert!(stderr.contains(&format!("line {line}:")), "{name}: line {line}: {stderr}");
    assert!(stderr.contains(problem), "{name}: '{problem}' in {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
}

#[test]
fn broken_toml() {
    refused("broken-toml.toml", 2, "not valid TOML");
}

#[test]
fn wrong_type() {
    refused("wrong-type.toml", 3, "bad value for 'ai_delay_ms': found \"fast\", expected a whole number");
}

#[test]
fn unknown_setting() {
    refused("unknown-key.toml", 2, "unknown setting 'mdoe' (did you mean 'mode'?)");
}

#[test]
fn unknown_key_name() {
    refused("unknown-key-name.toml", 3, "unknown key 'ctlr-x'");
}

#[test]
fn unknown_action() {
    refused("unknown-action.toml", 4, "unknown command 'teleport' in [keys]");
}

#[test]
fn duplicate_binding() {
    refused("duplicate-binding.toml", 5, "key 'x' is bound to both 'hint' and 'quit'");
}

#[test]
fn bad_heaps() {
    refused("bad-heaps.toml", 2, "bad heaps: heap 2 is empty");
}

/// Trees written wrong in the file's heaps: the line and what is wrong, on stderr, exit 2.
#[test]
fn bad_tree() {
    refused("bad-tree.toml", 3, "bad heaps: \"3 1(2\": the brackets do not match");
}

/// Trees written right in the file's heaps are the game's start, in the file's own notation.
#[test]
fn trees_in_the_file_start_the_game() {
    let tmp = empty_dir();
    let path = fixture("trees.toml");
    let mut child = Command::new(BIN)
        .args(["--config", path.to_str().unwrap(), "--plain"])
        .env("XDG_CONFIG_HOME", tmp.path())
        .env("HOME", tmp.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(b"p\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("Trees: 3 1(2,3). Your move."), "{stdout}");
}

#[test]
fn unknown_theme() {
    refused("unknown-theme.toml", 3, "unknown theme 'solarized'");
}

#[test]
fn digit_bound() {
    refused("digit-bound.toml", 3, "key '5' cannot be bound to 'hint': the digits 0-9 type");
}

#[test]
fn ctrl_c_bound() {
    refused("ctrl-c-bound.toml", 4, "ctrl-c cannot be bound to 'hint': ctrl-c always quits");
}

#[test]
fn missing_config_is_named() {
    let tmp = empty_dir();
    let home = tmp.path();
    let path = home.join("no-such-config.toml");
    let out = run(&["--config", path.to_str().unwrap()], home);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("config file {} does not exist", path.display())), "{stderr}");
}

#[test]
fn the_usual_config_file_is_read() {
    let tmp = empty_dir();
    let home = tmp.path();
    let dir = home.join("nim-tui");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(&path, "mode = \"misere\"\nlevel = \"godlike\"\n").unwrap();
    let out = run(&[], home);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("{}, line 2:", path.display())), "{stderr}");
    assert!(stderr.contains("\"perfect\", \"hard\", \"medium\" or \"easy\""), "{stderr}");
}

#[test]
fn print_config_is_the_shipped_file() {
    let tmp = empty_dir();
    let home = tmp.path();
    let out = run(&["--print-config"], home);
    assert_eq!(out.status.code(), Some(0));
    let shipped = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")).unwrap();
    assert_eq!(out.stdout, shipped);
    assert!(out.stderr.is_empty());
}

#[test]
fn print_config_ignores_a_broken_config() {
    // Printing the default is how to start over, so a broken file must not stand in the way.
    let tmp = empty_dir();
    let home = tmp.path();
    let path = fixture("broken-toml.toml");
    let out = run(&["--config", path.to_str().unwrap(), "--print-config"], home);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, config::DEFAULT_TOML.as_bytes());
}

#[test]
fn shipped_config_is_the_default() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml");
    let config = config::load(Some(&path)).unwrap();
    assert_eq!(config, Settings::default());
    assert_eq!(config.mode, Mode::Normal);
    assert_eq!(config.ai_delay_ms, 600);
    assert_eq!(config.theme, "auto");
    assert!(config.mouse);
}

#[test]
fn a_partial_file_keeps_the_defaults() {
    let config = config::load(Some(&fixture("partial.toml"))).unwrap();
    let default = Settings::default();
    assert_eq!(config.mode, Mode::Misere);
    assert_eq!(config.keys.keys_for(Action::Hint), &["i".parse().unwrap()]);
    for action in Action::ALL.into_iter().filter(|&a| a != Action::Hint) {
        assert_eq!(config.keys.keys_for(action), default.keys.keys_for(action));
    }
    assert_eq!(Settings { mode: Mode::Normal, keys: default.keys.clone(), ..config }, default);
}

/// Values in a config file are read in any case, and misère with its accent, as the flags read
/// them: `mode = "Misere"` and `level = "HARD"` were refused.
#[test]
fn config_values_in_any_case() {
    let path = Path::new("config.toml");
    for mode in ["Misere", "MISÈRE", "misère", "Misère", "MISERE", "misere"] {
        let settings = config::parse(path, &format!("mode = \"{mode}\"\n")).unwrap();
        assert_eq!(settings.mode, Mode::Misere, "{mode}");
    }
    let text = "mode = \"NORMAL\"\nlevel = \"HARD\"\nfirst = \"AI\"\nopponent = \"Human\"\ntheme = \"Light\"\nglyphs = \"ASCII\"\n";
    let settings = config::parse(path, text).unwrap();
    assert_eq!(settings.mode, Mode::Normal);
    assert_eq!(settings.level, Level::Hard);
    assert_eq!(settings.first, First::Ai);
    assert_eq!(settings.opponent, Opponent::Human);
    assert_eq!(settings.theme, "light");
    assert_eq!(settings.glyphs, GlyphSet::Ascii);
    for (setting, value) in
        [("first", "Random"), ("level", "Easy"), ("theme", "HIGH-CONTRAST"), ("glyphs", "Unicode")]
    {
        assert!(config::parse(path, &format!("{setting} = \"{value}\"\n")).is_ok(), "{setting} = {value}");
    }
    // A word that is none of the setting's is refused as before, with the words it accepts.
    let error = config::parse(path, "mode = \"Sideways\"\n").unwrap_err().to_string();
    assert!(error.contains("\"normal\" or \"misere\"") && error.contains("Sideways"), "{error}");
    let error = config::parse(path, "theme = \"Mauve\"\n").unwrap_err().to_string();
    assert!(error.contains("unknown theme 'Mauve'"), "{error}");
}

/// The same file through the real binary: the game it starts plays by it.
#[cfg(unix)]
#[test]
fn a_config_file_in_capitals_is_played_by() {
    let tmp = empty_dir();
    let home = tmp.path();
    let path = home.join("capitals.toml");
    std::fs::write(&path, "mode = \"MISÈRE\"\nlevel = \"HARD\"\nfirst = \"You\"\nopponent = \"AI\"\nglyphs = \"ASCII\"\ntheme = \"Dark\"\n")
        .unwrap();
    let mut pty = Pty::spawn(&["--config", path.to_str().unwrap(), "--heaps", "3,4,5"], home, 30, 100);
    assert!(pty.wait_for("AI: hard"), "{}", pty.contents());
    let screen = pty.contents();
    assert!(screen.contains("Misere") || screen.contains("Misère"), "{screen}");
    assert!(screen.contains("Your turn"), "{screen}");
    assert!(screen.is_ascii(), "ASCII glyphs: {screen}");
    pty.send(b"q");
    assert!(pty.wait_exit().is_some_and(|status| status.success()), "{}", pty.contents());
}
