//! What the server's tests share: the server's binary in a home of its own, and the game's
//! pseudo-terminal driver (the same file as the game's tests use).

// Only `Pty::program` (the real `ssh`) is used here; the rest drives the game's binary.
#[cfg(unix)]
#[allow(dead_code)]
#[path = "../../../../../tests/it/support/pty.rs"]
pub mod pty;

pub mod pg;

#[path = "../../../../../tests/it/support/phrases.rs"]
pub mod phrases;

use std::path::Path;
use std::process::{Command, Stdio};

/// The server's binary, built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_nim-tui-serve");

/// The `XDG_*` directories the tests set, each to a folder of that name under the test's home.
pub const XDG: [(&str, &str); 3] =
    [("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config")];

/// The server's binary with `home` as its `HOME` and its data, state and config under it, no log,
/// English, and nothing on its standard input.
pub fn command(home: &Path) -> Command {
    let mut command = Command::new(BIN);
    command.env("HOME", home).env_remove("NIM_TUI_LOG").stdin(Stdio::null());
    command.env("LANG", "C.UTF-8");
    for name in ["LC_ALL", "LC_MESSAGES", "LC_CTYPE"] {
        command.env_remove(name);
    }
    for (name, dir) in XDG {
        command.env(name, home.join(dir));
    }
    command
}

/// What the list's mark (`▶`, or `►` where the terminal lacks it) points at: the text after it up
/// to the next gap of two spaces or a frame, as `ann` or `bob · b` in the lobby and the console.
/// A Down or Up moves it to another item, while the rest of the line (what that person is doing,
/// their last result) may change with the class: whoever waits for a key's effect waits for this
/// to change, so that no second key is sent while the first is still on its way.
pub fn marked_item(screen: &str) -> Option<String> {
    let line = screen.lines().find(|l| l.contains(['▶', '►']))?;
    let (_, after) = line.split_once(['▶', '►'])?;
    let item = after.trim_start().split(['│', '┃']).next().unwrap_or("");
    Some(item.split("  ").next().unwrap_or("").trim().to_string())
}
