//! The server run as a service: its flags from the config file's `[serve]` table (the file named
//! by `NIM_TUI_CONFIG`), a typed flag beating the file, the class code from `--code-file` or
//! `NIM_TUI_CODE` (never typed where `ps` shows it), and readiness told to systemd through
//! `$NOTIFY_SOCKET`, and the log on standard error for the journal, as
//! `packaging/nim-tui-serve.service` runs it.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::serve::connect;
use crate::support::command;

/// Starts the server with `configure` applied to its command; returns it, its address and what it
/// said on standard error up to its readiness.
fn start(home: &Path, configure: impl FnOnce(&mut Command)) -> (Child, SocketAddr, String) {
    let mut cmd = command(home);
    cmd.env_remove("NIM_TUI_CODE").env_remove("NIM_TUI_CONFIG").env_remove("NOTIFY_SOCKET");
    cmd.env_remove("JOURNAL_STREAM");
    configure(&mut cmd);
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("start nim-tui-serve");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut said = String::new();
    let mut line = String::new();
    while stderr.read_line(&mut line).expect("read stderr") > 0 {
        said.push_str(&line);
        if said.contains("stop with Ctrl-C") {
            break;
        }
        line.clear();
    }
    let addr = said
        .split("listening on ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {said:?}"));
    (child, addr, said)
}

/// Stops the server this test started (SIGTERM, by its id) and waits for it: its exit code.
fn stop(mut child: Child) -> Option<i32> {
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    for _ in 0..300 {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    panic!("nim-tui-serve did not exit within 15 s of SIGTERM");
}

/// Runs the server to its end: its exit code and standard error.
fn run_to_exit(home: &Path, configure: impl FnOnce(&mut Command)) -> (Option<i32>, String) {
    let mut cmd = command(home);
    cmd.env_remove("NIM_TUI_CODE").env_remove("NIM_TUI_CONFIG");
    configure(&mut cmd);
    let out = cmd.output().expect("run nim-tui-serve");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Whether `code` lets a player in, and whether a wrong one does not.
fn code_works(addr: SocketAddr, code: &str) -> bool {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let mut wrong = connect(addr).await;
        let refused = !wrong.authenticate_password("alice", "not-the-code").await.expect("auth").success();
        let mut right = connect(addr).await;
        refused && right.authenticate_password("alice", code).await.expect("auth").success()
    })
}

#[test]
fn the_config_files_serve_table_sets_the_flags_and_a_typed_flag_beats_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let etc = home.path().join("etc");
    std::fs::create_dir_all(&etc).expect("mkdir");
    // Relative paths are read from the config file's directory.
    std::fs::write(etc.join("code"), "from-the-file\n").expect("write");
    std::fs::write(
        etc.join("serve.toml"),
        "[serve]\nlisten = \"127.0.0.1:0\"\ndb = \"class.sqlite3\"\ncode_file = \"code\"\n",
    )
    .expect("write");
    let config = etc.join("serve.toml");
    let (child, addr, said) = start(home.path(), |cmd| {
        cmd.env("NIM_TUI_CONFIG", &config);
    });
    assert!(said.contains(&format!("database {}", etc.join("class.sqlite3").display())), "{said}");
    assert!(!said.contains("generated"), "the code file's code, not a generated one: {said}");
    assert!(code_works(addr, "from-the-file"), "the code from [serve] code_file");
    assert_eq!(stop(child), Some(0));
    assert!(etc.join("class.sqlite3").is_file(), "the database where [serve] db says");

    // A typed flag beats the file; --config beats NIM_TUI_CONFIG (here, the same file).
    let other = home.path().join("other.sqlite3");
    let (child, _, said) = start(home.path(), |cmd| {
        cmd.env("NIM_TUI_CONFIG", "/nonexistent/config.toml").arg("--config").arg(&config);
        cmd.arg("--db").arg(&other);
    });
    assert!(said.contains(&format!("database {}", other.display())), "{said}");
    assert_eq!(stop(child), Some(0));
}

#[test]
fn the_class_code_comes_from_code_file_then_nim_tui_code_then_the_files_code_file() {
    let home = tempfile::tempdir().expect("temp dir");
    std::fs::write(home.path().join("typed"), "typed-file\n").expect("write");
    std::fs::write(home.path().join("configured"), "configured-file\n").expect("write");
    let config = home.path().join("serve.toml");
    std::fs::write(&config, "[serve]\nlisten = \"127.0.0.1:0\"\ncode_file = \"configured\"\n")
        .expect("write");
    // NIM_TUI_CODE beats the config's code_file.
    let (child, addr, _) = start(home.path(), |cmd| {
        cmd.arg("--config").arg(&config).env("NIM_TUI_CODE", "from-env");
    });
    assert!(code_works(addr, "from-env"));
    assert_eq!(stop(child), Some(0));
    // --code-file typed beats NIM_TUI_CODE.
    let (child, addr, _) = start(home.path(), |cmd| {
        cmd.arg("--config").arg(&config).env("NIM_TUI_CODE", "from-env");
        cmd.arg("--code-file").arg(home.path().join("typed"));
    });
    assert!(code_works(addr, "typed-file"));
    assert_eq!(stop(child), Some(0));
}

#[test]
fn bad_serve_settings_and_code_files_are_refused_with_exit_2_naming_what_is_wrong() {
    let home = tempfile::tempdir().expect("temp dir");
    let config = home.path().join("serve.toml");
    let empty = home.path().join("empty");
    std::fs::write(&empty, "\n").expect("write");
    for (text, says) in [
        ("[serve]\nmax_connections = 0\n", "--max-connections"),
        ("[serve]\nlisten = \"nowhere\"\n", "serve"),
        ("[serve]\nlisen = \"127.0.0.1:0\"\n", "lisen"),
        ("[serve]\ncode = \"in-the-file\"\n", "code"),
        ("[serve]\nlisten = \"127.0.0.1:0\"\ncode_file = \"/nonexistent/code\"\n", "/nonexistent/code"),
        ("[serve]\nlisten = \"127.0.0.1:0\"\ncode_file = \"empty\"\n", "empty"),
    ] {
        std::fs::write(&config, text).expect("write");
        let (code, err) = run_to_exit(home.path(), |cmd| {
            cmd.env("NIM_TUI_CONFIG", &config);
        });
        assert_eq!(code, Some(2), "{text}: {err}");
        assert!(err.contains(says), "{text}: {err}");
        assert!(err.contains("serve.toml") || err.contains("class code"), "{text}: names the file: {err}");
    }
    let (code, err) = run_to_exit(home.path(), |cmd| {
        cmd.args(["--listen", "127.0.0.1:0"]).env("NIM_TUI_CODE", "");
    });
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("NIM_TUI_CODE"), "{err}");
}

#[test]
fn readiness_and_stopping_are_told_to_systemd_through_notify_socket() {
    let home = tempfile::tempdir().expect("temp dir");
    let socket_path = home.path().join("notify");
    let socket = std::os::unix::net::UnixDatagram::bind(&socket_path).expect("bind the notify socket");
    // A failure bound only: the datagrams are sent as the server starts and stops.
    socket.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    let (child, _, _) = start(home.path(), |cmd| {
        cmd.args(["--listen", "127.0.0.1:0"]).env("NOTIFY_SOCKET", &socket_path);
    });
    let mut buf = [0u8; 256];
    let n = socket.recv(&mut buf).expect("READY=1 within the failure bound");
    assert_eq!(&buf[..n], b"READY=1");
    assert_eq!(stop(child), Some(0));
    let n = socket.recv(&mut buf).expect("STOPPING=1");
    assert_eq!(&buf[..n], b"STOPPING=1");
}

#[test]
fn under_systemd_every_line_of_the_log_is_also_on_standard_error() {
    let home = tempfile::tempdir().expect("temp dir");
    // Not under systemd: the log is in its file only.
    let (child, _, said) = start(home.path(), |cmd| {
        cmd.args(["--listen", "127.0.0.1:0"]).env("NIM_TUI_LOG", "info");
    });
    assert_eq!(stop(child), Some(0));
    assert!(!said.contains("serving"), "{said}");
    // JOURNAL_STREAM says standard error is the journal: each line there too, escaped as in the file.
    let (child, _, said) = start(home.path(), |cmd| {
        cmd.args(["--listen", "127.0.0.1:0"]).env("NIM_TUI_LOG", "info").env("JOURNAL_STREAM", "8:1234");
    });
    assert_eq!(stop(child), Some(0));
    assert!(said.contains("server start") && said.contains("serving"), "{said}");
    let file = std::fs::read_to_string(home.path().join("state/nim-tui/nim-tui.log")).expect("the log file");
    assert!(file.contains("serving"), "{file}");
}
