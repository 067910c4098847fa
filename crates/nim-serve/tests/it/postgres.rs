//! The server on PostgreSQL (#40) as a teacher runs it: `nim-tui-serve --db postgres://…` serving
//! a student whose game is kept there when the server stops, the password in the URL said
//! nowhere (not on the terminal, not in the log), and a malformed URL (exit 2), a refused
//! password and a server that is not there (exit 1) each said plainly. `report --db postgres://…`
//! is in `report.rs`, with the class's report read from both back ends.
//!
//! Each test needs PostgreSQL's server binaries (`support::pg`): without them it is skipped,
//! said in one line, unless NIM_TUI_REQUIRE_POSTGRES=1.

#![cfg(unix)]

use crate::serve_cli::{alice_in_a_game, start, wait_exit};
use crate::support::command;
use crate::support::pg::{self, PUPIL, PUPIL_PASSWORD};

/// Every file under `dir`, read as text where it can be.
fn every_file(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(every_file(&path));
        } else if let Ok(bytes) = std::fs::read(&path) {
            out.push((path, String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    out
}

#[test]
fn a_server_on_postgresql_keeps_a_students_game_and_never_says_the_password() {
    let Some(db) = pg::database() else { return };
    let home = tempfile::tempdir().expect("temp dir");
    let url = db.tcp_url(PUPIL, Some(PUPIL_PASSWORD));
    let (mut child, addr, said) = start(home.path(), &["--listen", "127.0.0.1:0", "--db", &url]);
    let shown = format!("database postgres://{PUPIL}@127.0.0.1:{}/{}", db.cluster.port, db.name);
    assert!(said.contains(&shown), "{said}");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let mut alice = runtime.block_on(alice_in_a_game(addr));
    // SAFETY: kill(2) on the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = wait_exit(&mut child);
    assert_eq!(status.code(), Some(0), "{status:?}");
    runtime.block_on(async {
        assert!(alice.wait_closed().await);
    });
    // The game in play, kept in PostgreSQL as ended by the server; alice seen.
    let kept = nim_serve::db::Db::open_read_only_at(
        &nim_serve::db::Location::parse(std::path::Path::new(&db.url())).expect("the URL"),
    )
    .expect("the database");
    let games = kept.games_of("alice").expect("games");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].outcome, nim_serve::db::Outcome::EndedByServer);
    assert_eq!(db.psql("SELECT count(*) FROM players WHERE name = 'alice'").trim(), "1");
    // The report, with the password from PGPASSWORD rather than the URL.
    let out = command(home.path())
        .env("PGPASSWORD", PUPIL_PASSWORD)
        .args(["report", "--db", &db.tcp_url(PUPIL, None), "--csv", "-"])
        .output()
        .expect("run the report");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.lines().nth(1).is_some_and(|l| l.starts_with("alice,1,")), "{csv}");
    assert!(!said.contains(PUPIL_PASSWORD), "{said}");
    for (path, text) in every_file(home.path()) {
        assert!(!text.contains(PUPIL_PASSWORD), "the password is in {}", path.display());
    }
}

#[test]
fn a_bad_url_is_exit_2_and_a_refused_or_missing_server_exit_1_never_with_the_password() {
    let Some(db) = pg::database() else { return };
    let home = tempfile::tempdir().expect("temp dir");
    let nobody =
        std::net::TcpListener::bind("127.0.0.1:0").expect("a port").local_addr().expect("addr").port();
    let cases = [
        ("postgres://ann:s3cret@db.example:notaport/class".to_string(), 2, "--db postgres://ann:***@"),
        ("postgres://ann:s3cret@db.example/class?sslmode=require".to_string(), 2, "sslmode=require"),
        ("postgres://ann:s3cret@db.example".to_string(), 2, "no database"),
        (db.tcp_url(PUPIL, Some("s3cret")), 1, "password authentication failed"),
        (
            format!("postgres://ann:s3cret@127.0.0.1:{nobody}/class"),
            1,
            "the server's database postgres://ann@127.0.0.1",
        ),
    ];
    for (url, code, says) in &cases {
        for report in [false, true] {
            let mut cmd = command(home.path());
            cmd.args(["--listen", "127.0.0.1:0", "--db", url]);
            if report {
                cmd.args(["report", "--csv", "-"]);
            }
            let out = cmd.output().expect("run");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(*code), "{url} (report: {report}): {err}");
            assert!(err.contains(says), "{url} (report: {report}) should say {says:?}: {err}");
            assert!(!err.contains("s3cret") && !err.contains("panicked"), "{err}");
        }
    }
    for (path, text) in every_file(home.path()) {
        assert!(!text.contains("s3cret"), "the password is in {}", path.display());
    }
}
