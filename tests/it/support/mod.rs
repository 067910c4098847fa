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
