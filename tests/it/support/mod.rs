//! What the areas' tests share: the pseudo-terminal driver, the screen as text, the keys, the
//! `solve` runner, the game-tree searches written from the rules alone, and the size of the
//! exhaustive checks.

pub mod game_tree;
pub mod keys;
pub mod nim_tree;
pub mod phrases;
#[cfg(unix)]
pub mod pty;
pub mod schema;
pub mod solve;
pub mod view;

use std::path::Path;
use std::process::{Command, Stdio};

/// The game's binary, built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_nim-tui");

/// The `XDG_*` directories the tests set, each to a folder of that name under the test's home.
pub const XDG: [(&str, &str); 3] =
    [("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config")];

/// The game's binary with `home` as its `HOME` and its data, state and config under it (`XDG`),
/// no log, and nothing on its standard input: no file of the person running the tests is read or
/// written.
pub fn command(home: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.env("HOME", home).env_remove("NIM_TUI_LOG").stdin(Stdio::null());
    // English in a UTF-8 locale whatever the locale of whoever runs the tests; a test of another
    // language or locale sets its own.
    command.env("LANG", "C.UTF-8");
    for name in ["LC_ALL", "LC_MESSAGES", "LC_CTYPE"] {
        command.env_remove(name);
    }
    // Whoever runs the tests may ask for the plain mode (ACCESSIBLE, TERM=dumb in some CI): a test
    // of the plain mode asks for it itself.
    command.env_remove("ACCESSIBLE");
    if std::env::var("TERM").is_ok_and(|term| term == "dumb") {
        command.env_remove("TERM");
    }
    for (name, dir) in XDG {
        command.env(name, home.join(dir));
    }
    command
}

/// Whether the exhaustive checks run at full depth: with `NIM_TUI_FULL_TESTS=1`, as `.ci/run`
/// sets for its release run of them. Without it each is sized to take seconds in a debug build,
/// so that `cargo test` stays quick to run after every change.
pub fn full() -> bool {
    std::env::var_os("NIM_TUI_FULL_TESTS").is_some_and(|value| value == "1")
}

/// `quick` in an ordinary run, `full` at full depth (see `full`).
pub fn sized<T>(quick: T, full: T) -> T {
    if self::full() { full } else { quick }
}

/// A saved game of 3 4 5 after one take of yours, the AI to move.
pub fn sample_game() -> nim_tui::domain::SavedGame {
    use nim_tui::domain::{Level, SavedGame, SavedMove, Seat};
    use nim_tui::engine::{Mode, Take};
    let mut game = SavedGame::new(Mode::Normal, Level::Perfect, vec![3, 4, 5], Seat::First, 0);
    game.moves = vec![SavedMove::new(Seat::First, Take::new(0, 1))];
    game.heaps = vec![2, 4, 5];
    game.turn = Seat::Second;
    game
}
