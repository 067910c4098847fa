//! What the areas' tests share: the pseudo-terminal driver, the screen as text, the keys, the
//! `solve` runner, the game-tree searches written from the rules alone, and the size of the
//! exhaustive checks.

pub mod game_tree;
pub mod keys;
pub mod nim_tree;
#[cfg(unix)]
pub mod pty;
pub mod solve;
pub mod view;

/// The game's binary, built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_nim-tui");

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
