//! The classroom server's settings: the `[serve]` table of the configuration, whose shipped values
//! (in `config.toml`) are the defaults of `nim-tui-serve`'s flags. A module of its own, below both
//! `cli` (clap's defaults are the shipped values) and `config` (which lays a file's table over
//! them), so that neither imports the other for it.

use std::path::PathBuf;

use serde::Deserialize;

/// The `[serve]` table: the classroom server's flags as settings, for a server run as a service.
/// The shipped file's values are the flags' defaults (`nim-tui-serve --help` shows them); a file's
/// values are read as if typed before the command line's flags, so a flag beats the file and clap
/// checks a file's values exactly as it checks a flag's. A file that names a few keeps the rest.
/// Relative paths are taken from the file's own directory. The class code itself is not a
/// setting, so that it is never in a file others may read: `code_file` names a file holding it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServeSettings {
    /// `--listen`.
    pub listen: std::net::SocketAddr,
    /// `--host-key`.
    #[serde(default)]
    pub host_key: Option<PathBuf>,
    /// `--code-file`.
    #[serde(default)]
    pub code_file: Option<PathBuf>,
    /// `--teacher-keys`.
    #[serde(default)]
    pub teacher_keys: Option<PathBuf>,
    /// `--db`.
    #[serde(default)]
    pub db: Option<PathBuf>,
    /// `--max-connections`.
    pub max_connections: u32,
    /// `--max-per-address`.
    pub max_per_address: u32,
    /// `--idle-timeout`.
    pub idle_timeout: u64,
    /// `--no-hints`.
    pub no_hints: bool,
}

/// The keys of `[serve]` that hold paths, read from the file's directory when relative.
pub(crate) const PATHS: [&str; 4] = ["host_key", "code_file", "teacher_keys", "db"];

impl ServeSettings {
    /// The shipped file's `[serve]`: the server's defaults, which `nim-tui-serve --help` shows.
    /// Read here from the same embedded `config.toml` the configuration reads whole (the test
    /// `config::tests::shipped_config_is_the_default` checks that both readings agree).
    pub fn shipped() -> &'static ServeSettings {
        static SHIPPED: std::sync::LazyLock<ServeSettings> = std::sync::LazyLock::new(|| {
            let read = toml::from_str::<toml::Table>(include_str!("../config.toml"))
                .map_err(|e| e.to_string())
                .and_then(|table| {
                    let serve = table.get("serve").cloned().ok_or("no [serve] table")?;
                    serve.try_into::<ServeSettings>().map_err(|e| e.to_string())
                });
            // The shipped file is embedded and read by the tests: only a change they refuse breaks it.
            read.unwrap_or_else(|e| panic!("the built-in config.toml's [serve] is broken: {e}"))
        });
        &SHIPPED
    }

    /// Each setting that has a value as the flag that gives it, with the flag's clap id (the
    /// field's name): `("listen", "--listen=127.0.0.1:2222")`, `("no_hints", "--no-hints")`.
    pub fn flags(&self) -> Vec<(&'static str, std::ffi::OsString)> {
        let mut flags = vec![
            ("listen", format!("--listen={}", self.listen).into()),
            ("max_connections", format!("--max-connections={}", self.max_connections).into()),
            ("max_per_address", format!("--max-per-address={}", self.max_per_address).into()),
            ("idle_timeout", format!("--idle-timeout={}", self.idle_timeout).into()),
        ];
        let paths = [
            ("host_key", "--host-key=", &self.host_key),
            ("code_file", "--code-file=", &self.code_file),
            ("teacher_keys", "--teacher-keys=", &self.teacher_keys),
            ("db", "--db=", &self.db),
        ];
        for (id, flag, path) in paths {
            if let Some(path) = path {
                let mut word = std::ffi::OsString::from(flag);
                word.push(path);
                flags.push((id, word));
            }
        }
        if self.no_hints {
            flags.push(("no_hints", "--no-hints".into()));
        }
        flags
    }
}

/// Whether `--db`'s value is a PostgreSQL URL (`postgres://…`, `postgresql://…`) rather than an
/// SQLite file's path: such a value is never read as a path from the config file's directory.
pub fn is_database_url(text: &str) -> bool {
    ["postgres://", "postgresql://"].iter().any(|scheme| text.starts_with(scheme))
}
