//! nim-tui: the game of Nim in the terminal, against an AI that never makes a mistake.
//!
//! The one public interface of this library is [`engine`], the games' rules and perfect
//! strategies (the `nim-engine` crate, re-exported). Everything else is the program itself.
//
// The program's modules are `#[doc(hidden)] pub` rather than private: the integration tests
// (`tests/`) and benchmarks are separate crates that drive `nim_tui::app`, `nim_tui::store` and
// the rest as the binary does, so they must stay reachable. Hidden, they are no part of the
// documented API and semver does not cover them; only `engine` is meant to be used.

#[doc(hidden)]
pub mod app;
#[doc(hidden)]
pub mod cli;
#[doc(hidden)]
pub mod config;
#[doc(hidden)]
pub mod domain;
/// The games' rules and perfect strategies, from the `nim-engine` crate of this workspace.
///
/// Re-exported under its old name so that every `crate::engine::…` in the program and every
/// `nim_tui::engine::…` in the tests and benchmarks reads as it did when the engine was a module
/// here: moving it into a crate of its own changed where it lives, not what it is called.
pub use nim_engine as engine;
#[doc(hidden)]
pub mod files;
#[doc(hidden)]
pub mod i18n;
#[doc(hidden)]
pub mod keys;
#[doc(hidden)]
pub mod local;
#[doc(hidden)]
pub mod log;
#[doc(hidden)]
pub mod paths;
#[doc(hidden)]
pub mod plain;
#[doc(hidden)]
pub mod puzzle;
#[doc(hidden)]
pub mod rating;
#[doc(hidden)]
pub mod record;
#[doc(hidden)]
pub mod serve_settings;
#[doc(hidden)]
pub mod session;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod store;
#[doc(hidden)]
pub mod text;
#[doc(hidden)]
pub mod theme;
#[doc(hidden)]
pub mod tui;
#[doc(hidden)]
pub mod ui;
#[doc(hidden)]
pub mod words;
