//! Two jobs.
//!
//! 1. The message index (every build): where each message of `assets/locales/<tag>/*.ftl` is,
//!    written to `$OUT_DIR/message_index.rs` for `src/i18n.rs`, so that a start of the game looks
//!    messages up without first scanning the files.
//! 2. A small start of the game, in release builds on Linux, each part only when the toolchain
//!    takes it:
//!    - the functions the game runs are placed together, first, by `scripts/startup-order.ld`
//!      (written by `scripts/order-startup.py`, which says why);
//!    - relative relocations are packed (`-z pack-relative-relocs`, DT_RELR): the loader then
//!      reads 2 KB of them at every start instead of 150 KB.
//!
//!    Whether the toolchain takes each is asked of it: an empty program is linked with it, with
//!    the same compiler, target, linker and flags as the game, and for packed relocations also
//!    run, since only a C library from 2.36 on loads them. LLD (Rust's default linker on x86-64
//!    Linux from 1.90) and GNU ld take the script; mold and gold refuse a script that adds to
//!    their own layout. What is refused is left out with a one-line warning, and the program is
//!    the same, laid out by default.

use std::env;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "src/i18n/scan.rs"]
mod scan;

const SCRIPT: &str = "scripts/startup-order.ld";
const LOCALES: &str = "assets/locales";

fn main() {
    if let Err(e) = write_message_index() {
        // The game cannot find its words without the index: stop the build, saying why.
        panic!("build.rs: the message index could not be written: {e}");
    }
    println!("cargo::rerun-if-changed={SCRIPT}");
    println!("cargo::rerun-if-env-changed=NIM_TUI_NO_ORDER");
    let var = |name: &str| env::var(name).unwrap_or_default();
    // A debug build is not worth the linker's time; on other systems the loader maps code
    // differently and the script's sections are ELF's.
    if var("PROFILE") != "release" || var("CARGO_CFG_TARGET_OS") != "linux" {
        return;
    }
    let script: PathBuf = Path::new(&var("CARGO_MANIFEST_DIR")).join(SCRIPT);
    // NIM_TUI_NO_ORDER leaves the layout out: for scripts/order-startup.py (valgrind reads
    // symbols only from a section called `.text`) and for a figure without it.
    if env::var_os("NIM_TUI_NO_ORDER").is_none() && script.is_file() {
        match probe("layout", &[OsString::from("-T"), script.clone().into_os_string()], false) {
            Ok(()) => {
                // Two arguments to the C compiler that drives the linker, so that no character of
                // the path (a comma, as `-Wl,` would split on) changes their meaning.
                println!("cargo::rustc-link-arg-bin=nim-tui=-T");
                println!("cargo::rustc-link-arg-bin=nim-tui={}", script.display());
            }
            Err(why) => println!("cargo::warning=the code layout script is left out: {why}"),
        }
    }
    // A program built for another machine cannot be run here to see that its C library loads
    // packed relocations: it keeps the usual ones.
    if var("HOST") == var("TARGET") {
        let packed = [OsString::from("-Wl,-z,pack-relative-relocs")];
        match probe("relr", &packed, true) {
            Ok(()) => println!("cargo::rustc-link-arg-bin=nim-tui=-Wl,-z,pack-relative-relocs"),
            Err(why) => println!("cargo::warning=relocations are not packed: {why}"),
        }
    }
}

/// Links an empty program with `link_args`, as the game will be linked: the same compiler,
/// target, linker and flags; and runs it if `run`. `Err` says why not, in a line.
fn probe(name: &str, link_args: &[OsString], run: bool) -> Result<(), String> {
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("no OUT_DIR")?);
    let source = out.join("probe.rs");
    std::fs::write(&source, "fn main() {}\n").map_err(|e| e.to_string())?;
    let program = out.join(format!("probe-{name}"));
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut command = Command::new(rustc);
    command
        .arg(&source)
        .args(["--crate-type", "bin", "--edition", "2021", "-C", "opt-level=0"])
        .arg("-o")
        .arg(&program);
    for arg in link_args {
        let mut flag = OsString::from("link-arg=");
        flag.push(arg);
        command.arg("-C").arg(flag);
    }
    if let Ok(target) = env::var("TARGET") {
        command.args(["--target", &target]);
    }
    if let Some(linker) = env::var_os("RUSTC_LINKER") {
        let mut flag = OsString::from("linker=");
        flag.push(linker);
        command.arg("-C").arg(flag);
    }
    // The flags cargo passes to every compilation, a `-C link-arg` or `-C linker` of the user's
    // own among them: what decides which linker runs.
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    command.args(flags.split('\x1f').filter(|flag| !flag.is_empty()));
    let output = command.output().map_err(|e| format!("rustc could not run: {e}"))?;
    if !output.status.success() {
        return Err(format!("the linker refused it ({})", first_error(&output.stderr)));
    }
    if run {
        let output = Command::new(&program).output().map_err(|e| format!("it does not run here: {e}"))?;
        if !output.status.success() {
            return Err(format!("it does not run here ({})", first_error(&output.stderr)));
        }
    }
    Ok(())
}

/// The first line of `stderr` that tells of an error, shortened.
fn first_error(stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    let line = stderr
        .lines()
        .find(|line| line.contains("error") && !line.starts_with("error: linking with"))
        .or_else(|| stderr.lines().find(|line| !line.trim().is_empty()))
        .unwrap_or("no reason given")
        .trim();
    line.chars().take(160).collect()
}

/// Writes `$OUT_DIR/message_index.rs`: for each language (a folder of `assets/locales`), its
/// messages sorted by id, each with the file it is in and the byte range of its text. Files are
/// read in the order of their names; of a message defined twice the first is kept (the tests
/// report it). The index is numbers (ranges of one string of ids, a file's position in the
/// list of files): as `&str`s, its three thousand pointers were data the loader wrote at every
/// start.
fn write_message_index() -> std::io::Result<()> {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!("cargo::rerun-if-changed={LOCALES}");
    println!("cargo::rerun-if-changed=src/i18n/scan.rs");
    let mut tags: Vec<_> = std::fs::read_dir(root.join(LOCALES))?
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    tags.sort();
    let mut code = String::from(
        "// Written by build.rs from assets/locales: each language's message ids, one after another,\n\
         // its files, and its messages sorted by id, each as the range of its id in `ids`, its\n\
         // file's position in `files` and the byte range of its text in that file.\n\
         const MESSAGE_INDEX: &[(&str, MessageIndex)] = &[\n",
    );
    for tag in tags {
        let folder = root.join(LOCALES).join(&tag);
        let mut files: Vec<_> = std::fs::read_dir(&folder)?
            .filter_map(Result::ok)
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".ftl"))
            .collect();
        files.sort();
        let mut index = Vec::new();
        let sources = files
            .iter()
            .map(|file| std::fs::read_to_string(folder.join(file)))
            .collect::<Result<Vec<_>, _>>()?;
        for (file, source) in sources.iter().enumerate() {
            for (id, range) in scan::messages(source) {
                index.push((id.to_owned(), file, range.start, range.end));
            }
        }
        // A stable sort, so that the first of two alike stays first.
        index.sort_by(|a, b| a.0.cmp(&b.0));
        index.dedup_by(|b, a| a.0 == b.0);
        let ids: String = index.iter().map(|(id, ..)| id.as_str()).collect();
        code.push_str(&format!("    ({tag:?}, MessageIndex {{\n        ids: {ids:?},\n        files: &{files:?},\n        entries: &[\n"));
        let mut at = 0;
        for (id, file, start, end) in index {
            let id_end = at + id.len();
            code.push_str(&format!(
                "            Indexed {{ id: [{at}, {id_end}], file: {file}, text: [{start}, {end}] }},\n"
            ));
            at = id_end;
        }
        code.push_str("        ],\n    }),\n");
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    std::fs::write(out.join("message_index.rs"), code)
}
