//! nim-tui: the game of Nim in the terminal, against an AI that never makes a mistake.

pub mod app;
pub mod cli;
pub mod config;
pub mod domain;
pub mod engine;
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
