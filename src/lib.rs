//! nim-tui: the game of Nim in the terminal, against an AI that never makes a mistake.

pub mod app;
pub mod cli;
pub mod config;
pub mod engine;
pub mod keys;
pub mod solve;
pub mod theme;
