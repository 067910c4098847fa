//! nim-tui: the game of Nim in the terminal, against an AI that never makes a mistake.

pub mod app;
pub mod cli;
pub mod config;
pub mod domain;
/// The games' rules and perfect strategies, from the `nim-engine` crate of this workspace.
///
/// Re-exported under its old name so that every `crate::engine::…` in the program and every
/// `nim_tui::engine::…` in the tests and benchmarks reads as it did when the engine was a module
/// here: moving it into a crate of its own changed where it lives, not what it is called.
pub use nim_engine as engine;
pub mod files;
pub mod keys;
pub mod log;
pub mod paths;
pub mod puzzle;
pub mod record;
pub mod session;
pub mod solve;
pub mod store;
pub mod text;
pub mod theme;
pub mod tui;
pub mod ui;
pub mod words;
