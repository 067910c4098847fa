//! Lays out the game's code for a small start: in release builds on Linux, the functions the game
//! runs are placed together, first, by `scripts/startup-order.ld` (written by
//! `scripts/order-startup.py`, which says why), when the linker takes the script.
//!
//! Whether it does is asked of the linker itself: an empty program is linked with the script and
//! the same linker and flags as the game. LLD (Rust's default linker on x86-64 Linux from 1.90)
//! and GNU ld take it; mold and gold refuse a script that adds to their own layout. A linker that
//! refuses gets the build it would get without the script: the same program, laid out by default.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const SCRIPT: &str = "scripts/startup-order.ld";

fn main() {
    println!("cargo::rerun-if-changed={SCRIPT}");
    println!("cargo::rerun-if-env-changed=NIM_TUI_NO_ORDER");
    let var = |name: &str| env::var(name).unwrap_or_default();
    // A debug build is not worth the linker's time; on other systems the loader maps code
    // differently and the script's sections are ELF's.
    if var("PROFILE") != "release"
        || var("CARGO_CFG_TARGET_OS") != "linux"
        || env::var_os("NIM_TUI_NO_ORDER").is_some()
    {
        return;
    }
    let script = Path::new(&var("CARGO_MANIFEST_DIR")).join(SCRIPT);
    if !script.is_file() {
        return;
    }
    match linker_takes(&script) {
        Ok(()) => {
            // Two arguments to the C compiler that drives the linker, so that no character of the
            // path (a comma, as `-Wl,` would split on) changes their meaning.
            println!("cargo::rustc-link-arg-bin=nim-tui=-T");
            println!("cargo::rustc-link-arg-bin=nim-tui={}", script.display());
        }
        Err(why) => println!("cargo::warning=the code layout script is left out: {why}"),
    }
}

/// Links an empty program with the script, as the game will be linked: the same compiler, target,
/// linker and flags. `Err` says why not, in a line.
fn linker_takes(script: &Path) -> Result<(), String> {
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("no OUT_DIR")?);
    let source = out.join("layout_probe.rs");
    std::fs::write(&source, "fn main() {}\n").map_err(|e| e.to_string())?;
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut command = Command::new(rustc);
    command
        .arg(&source)
        .args(["--crate-type", "bin", "--edition", "2021", "-C", "opt-level=0"])
        .arg("-o")
        .arg(out.join("layout_probe"))
        .args(["-C", "link-arg=-T", "-C"])
        .arg(format!("link-arg={}", script.display()));
    if let Ok(target) = env::var("TARGET") {
        command.args(["--target", &target]);
    }
    if let Some(linker) = env::var_os("RUSTC_LINKER") {
        command.arg("-C").arg(format!("linker={}", linker.to_string_lossy()));
    }
    // The flags cargo passes to every compilation, a `-C link-arg` or `-C linker` of the user's
    // own among them: what decides which linker runs.
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    command.args(flags.split('\x1f').filter(|flag| !flag.is_empty()));
    let output = command.output().map_err(|e| format!("rustc could not run: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reason = stderr
        .lines()
        .find(|line| line.contains("error") && !line.starts_with("error: linking with"))
        .unwrap_or("the linker refused it")
        .trim();
    Err(format!("the linker refused it ({})", reason.chars().take(160).collect::<String>()))
}
