//! Every integration test, in one binary: the crate is linked once, not once per area, and the
//! tests of every area share one pool of threads. A module per area; what they share (the
//! pseudo-terminal driver, the screen as text, keys, the `solve` runner, the game-tree searches)
//! is in `support`.
//!
//! The exhaustive checks are sized to take seconds in a debug build; `NIM_TUI_FULL_TESTS=1` runs
//! them at full depth, as `.ci/run` does in release (`support::full`).

mod support;

mod app;
mod cli;
mod config_cli;
mod corners;
mod engine_bruteforce;
mod engine_props;
mod fuzz;
mod games_bruteforce;
mod games_disguise;
mod games_files;
mod games_look;
mod games_octal;
mod games_play;
mod games_props;
mod games_pty;
mod games_puzzles;
mod hackenbush;
mod hangup;
mod hostile;
mod i18n;
mod instances;
mod json_contract;
mod layers;
mod learn;
mod levels;
mod log;
mod look;
mod misere_kayles;
mod monkey;
mod northcott;
mod one_terminal;
mod pictures;
mod plain;
mod players;
mod polish;
mod pty;
mod record;
mod render;
mod resume;
mod scaling;
mod screens;
mod seeds;
mod signals;
mod solve_cli;
mod solve_edges;
mod solve_games;
mod store;
mod teaching;
mod themes;
mod undo;
mod zh_audit;
mod zh_cli;
mod zh_learn;
mod zh_play;
mod zh_words;
