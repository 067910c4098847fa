//! A throw-away PostgreSQL cluster for the tests, so that the store's tests run against both back
//! ends: Debian's server binaries (`/usr/lib/postgresql/*/bin`, else `initdb` on the PATH),
//! `initdb` into a temporary directory, the server on a socket in that directory and on a free
//! loopback port, a database per test, and the server stopped (by its process id) when the last
//! test holding it lets it go. As root (CI), the cluster runs as `nobody`: initdb refuses root.
//!
//! No binaries: the PostgreSQL half is skipped with one line said, unless
//! `NIM_TUI_REQUIRE_POSTGRES=1`, which makes it a failure.
//!
//! Shared by the unit tests (`lib.rs` includes it) and the integration tests: it names no type
//! of the crate's, and gives a database as what `--db` takes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// The role every test database belongs to (trusted on the socket and loopback).
pub const SUPERUSER: &str = "postgres";

/// A role that must give its password (`PUPIL_PASSWORD`), for the refused-password test.
pub const PUPIL: &str = "pupil";
pub const PUPIL_PASSWORD: &str = "right-horse-battery";

/// The longest wait for the server to start or stop: a failure bound, not a pace.
const BOUND: Duration = Duration::from_secs(120);

/// One running cluster.
pub struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    socket: PathBuf,
    pub port: u16,
    pid: u32,
    keeper: Mutex<Option<std::thread::JoinHandle<()>>>,
    next: AtomicU32,
}

/// A database of its own for one test; the cluster lives while any is held.
pub struct PgDatabase {
    pub name: String,
    pub cluster: Arc<Cluster>,
}

impl PgDatabase {
    /// Its URL over the cluster's Unix socket, as the superuser.
    pub fn url(&self) -> String {
        self.cluster.socket_url(SUPERUSER, &self.name)
    }

    /// Its URL over loopback TCP, as `user` (with `password`, if any).
    pub fn tcp_url(&self, user: &str, password: Option<&str>) -> String {
        let auth = password.map_or(user.to_string(), |p| format!("{user}:{p}"));
        format!("postgres://{auth}@127.0.0.1:{}/{}", self.cluster.port, self.name)
    }

    /// Runs SQL in it through `psql` (as the superuser), answering what it printed.
    pub fn psql(&self, sql: &str) -> String {
        self.cluster.psql(&self.name, sql)
    }
}

/// The shared cluster, while a test holds it.
static SHARED: Mutex<Weak<Cluster>> = Mutex::new(Weak::new());

/// Whether the skip was said already.
static SAID: std::sync::Once = std::sync::Once::new();

/// The running cluster (started if none is), or `None` when there are no server binaries and
/// they are not required.
pub fn cluster() -> Option<Arc<Cluster>> {
    let mut shared = SHARED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(cluster) = shared.upgrade() {
        return Some(cluster);
    }
    let Some(bin) = server_binaries() else {
        assert!(
            std::env::var("NIM_TUI_REQUIRE_POSTGRES").ok().as_deref() != Some("1"),
            "NIM_TUI_REQUIRE_POSTGRES=1, but no PostgreSQL server binaries were found (looked in /usr/lib/postgresql/*/bin and the PATH for initdb, postgres, createdb and psql): install Debian's postgresql"
        );
        // Straight to standard error, past the test harness's capture, so that a run shows it.
        SAID.call_once(|| {
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "PostgreSQL tests skipped: no server binaries found (install Debian's postgresql; NIM_TUI_REQUIRE_POSTGRES=1 makes this a failure)"
            );
        });
        return None;
    };
    let cluster = Arc::new(Cluster::start(bin));
    *shared = Arc::downgrade(&cluster);
    Some(cluster)
}

/// A new database in the shared cluster, or `None` as [`cluster`] says.
pub fn database() -> Option<PgDatabase> {
    cluster().map(|c| c.database())
}

/// Where the server's binaries are: the newest of Debian's versions, else the PATH's.
fn server_binaries() -> Option<PathBuf> {
    let needed = ["initdb", "postgres", "createdb", "psql", "pg_isready"];
    let complete = |dir: &Path| needed.iter().all(|b| dir.join(b).is_file());
    let mut debian: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.parse::<u32>().ok()?, e.path().join("bin"))))
        .filter(|(_, dir)| complete(dir))
        .collect();
    debian.sort();
    if let Some((_, dir)) = debian.pop() {
        return Some(dir);
    }
    std::env::split_paths(&std::env::var_os("PATH")?).find(|dir| complete(dir))
}

/// The user the cluster runs as: `nobody` when this is root (initdb refuses root), else none
/// (this user).
fn unprivileged() -> Option<(u32, u32)> {
    // SAFETY: geteuid has no preconditions; getpwnam's answer is read at once, before any other
    // call could reuse its buffer (only this test's startup, under SHARED's lock, calls it).
    unsafe {
        if libc::geteuid() != 0 {
            return None;
        }
        let pw = libc::getpwnam(c"nobody".as_ptr());
        assert!(!pw.is_null(), "running as root, and there is no user `nobody` to run PostgreSQL as");
        Some(((*pw).pw_uid, (*pw).pw_gid))
    }
}

/// A free port on loopback, as the system gives one.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl Cluster {
    fn command(&self, name: &str) -> Command {
        as_user(&self.bin, name, self.dir.path())
    }

    fn start(bin: PathBuf) -> Cluster {
        let dir = tempfile::Builder::new().prefix("nim-tui-pg").tempdir().expect("a temporary directory");
        let owner = unprivileged();
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid))
                .expect("the directory given to nobody");
        }
        let data = dir.path().join("data");
        let out = as_user(&bin, "initdb", dir.path())
            .args([
                "--auth=trust",
                "--username",
                SUPERUSER,
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
                "-D",
            ])
            .arg(&data)
            .output()
            .expect("initdb runs");
        assert!(out.status.success(), "initdb failed: {}", String::from_utf8_lossy(&out.stderr));
        // The superuser trusted; every other role gives its password.
        std::fs::write(
            data.join("pg_hba.conf"),
            format!(
                "local all {SUPERUSER} trust\nlocal all all scram-sha-256\nhost all {SUPERUSER} 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n"
            ),
        )
        .expect("pg_hba.conf");
        let socket = dir.path().to_path_buf();
        let port = free_port();
        let log = std::fs::File::create(dir.path().join("server.log")).expect("the server's log");
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(dir.path().join("server.log"), Some(uid), Some(gid)).expect("log");
        }
        let mut server = as_user(&bin, "postgres", dir.path());
        server
            .arg("-D")
            .arg(&data)
            .arg("-k")
            .arg(&socket)
            .args(["-p", &port.to_string(), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
            .args(["-c", "max_connections=200", "-c", "shared_buffers=16MB"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        // The server is the child of a thread that waits for it as long as it runs, and told to
        // die with that thread (PR_SET_PDEATHSIG, kept across exec once the user is changed), so
        // that a test run killed outright leaves no server behind.
        // SAFETY: prctl is async-signal-safe; nothing else is done between fork and exec.
        unsafe {
            use std::os::unix::process::CommandExt as _;
            server.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let keeper = std::thread::spawn(move || match server.spawn() {
            Ok(mut child) => {
                let _ = tx.send(Ok(child.id()));
                let _ = child.wait();
            }
            Err(e) => {
                let _ = tx.send(Err(e));
            }
        });
        let pid = rx.recv().expect("the keeper answers").expect("postgres starts");
        let cluster = Cluster {
            dir,
            bin,
            socket,
            port,
            pid,
            keeper: Mutex::new(Some(keeper)),
            next: AtomicU32::new(0),
        };
        // Ready when pg_isready says so; the bound is the failure.
        let deadline = Instant::now() + BOUND;
        loop {
            let ready = cluster
                .command("pg_isready")
                .arg("-h")
                .arg(&cluster.socket)
                .args(["-p", &port.to_string(), "-U", SUPERUSER, "-d", "postgres", "-q"])
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                break;
            }
            let finished =
                cluster.keeper.lock().map(|k| k.as_ref().is_none_or(|k| k.is_finished())).unwrap_or(true);
            assert!(!finished, "postgres stopped at start: {}", cluster.log());
            assert!(Instant::now() < deadline, "postgres not ready within {BOUND:?}: {}", cluster.log());
            // A poll for the state, not a pace: the bound above is the failure.
            std::thread::sleep(Duration::from_millis(50));
        }
        cluster.psql("postgres", &format!("CREATE ROLE {PUPIL} LOGIN PASSWORD '{PUPIL_PASSWORD}'"));
        cluster
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    /// A new, empty database.
    pub fn database(self: &Arc<Cluster>) -> PgDatabase {
        let name = format!("t{}", self.next.fetch_add(1, Ordering::Relaxed));
        let out = self
            .command("createdb")
            .arg("-h")
            .arg(&self.socket)
            .args(["-p", &self.port.to_string(), "-U", SUPERUSER, &name])
            .output()
            .expect("createdb runs");
        assert!(out.status.success(), "createdb failed: {}", String::from_utf8_lossy(&out.stderr));
        self.psql(&name, &format!("GRANT ALL ON SCHEMA public TO {PUPIL}"));
        PgDatabase { name, cluster: self.clone() }
    }

    /// A URL over the socket: its directory percent-encoded as the host.
    pub fn socket_url(&self, user: &str, database: &str) -> String {
        let host = self.socket.to_string_lossy().replace('/', "%2F");
        format!("postgres://{user}@{host}:{}/{database}", self.port)
    }

    /// Runs SQL through psql in `database`, answering its output; a failure fails the test.
    pub fn psql(&self, database: &str, sql: &str) -> String {
        let out = self
            .command("psql")
            .arg("-h")
            .arg(&self.socket)
            .args(["-p", &self.port.to_string(), "-U", SUPERUSER, "-d", database])
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .output()
            .expect("psql runs");
        assert!(out.status.success(), "psql {sql:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // A fast shutdown (SIGINT) of the server this started, by its id; then waited for.
        if let Ok(pid) = i32::try_from(self.pid) {
            // SAFETY: kill with a process id this test started and has not yet reaped (the
            // keeper thread reaps it only after it exits).
            unsafe {
                libc::kill(pid, libc::SIGINT);
            }
        }
        if let Some(keeper) = self.keeper.lock().ok().and_then(|mut k| k.take()) {
            let _ = keeper.join();
        }
    }
}

/// `bin/name`, run as the cluster's user, in `dir`, in the C locale.
fn as_user(bin: &Path, name: &str, dir: &Path) -> Command {
    use std::os::unix::process::CommandExt as _;
    let mut cmd = Command::new(bin.join(name));
    cmd.current_dir(dir).env("LC_ALL", "C").env_remove("PGPASSWORD").env_remove("PGHOST");
    if let Some((uid, gid)) = unprivileged() {
        cmd.uid(uid).gid(gid);
    }
    cmd
}

/// A back end for a test: an SQLite file in a temporary directory, or a PostgreSQL database.
pub enum Backend {
    Sqlite(tempfile::TempDir),
    Postgres(PgDatabase),
}

impl Backend {
    /// What `--db` takes for it: the file's path, or the URL.
    pub fn db_arg(&self) -> PathBuf {
        match self {
            Backend::Sqlite(dir) => dir.path().join("server.sqlite3"),
            Backend::Postgres(db) => PathBuf::from(db.url()),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }
}

/// SQLite, and PostgreSQL when its binaries are here (see [`cluster`]).
pub fn backends() -> Vec<Backend> {
    let sqlite = Backend::Sqlite(tempfile::tempdir().expect("a temporary directory"));
    std::iter::once(sqlite).chain(database().map(Backend::Postgres)).collect()
}
