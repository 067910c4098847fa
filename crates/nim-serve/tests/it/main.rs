//! The server's integration tests, in one binary: players driven through an SSH client in this
//! process (`serve`, `serve_together`, `zh`), the real OpenSSH client (`serve_openssh`), and the
//! `nim-tui-serve` binary as a teacher runs it (`serve_cli`, and its records: `report`), as a
//! service runs it (`service`), and browsers through the web door (`web`).

mod support;

mod classroom;
mod failover;
mod haproxy;
mod harden;
mod lobby;
mod plain_ssh;
mod plain_web;
mod postgres;
mod proxy;
mod report;
mod serve;
mod serve_cli;
mod serve_openssh;
mod serve_together;
mod service;
mod tournament;
mod tourney;
mod web;
mod xhost;
mod zh;
