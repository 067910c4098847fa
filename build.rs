//! Lays out the game's code for a small start: in release builds linked by LLD on Linux, the
//! functions the game runs are placed together, first, by `scripts/startup-order.ld` (written by
//! `scripts/order-startup.py`, which says why).
//!
//! Anywhere else the script is left out and the build is the same but for the layout: another
//! linker (GNU ld before Rust 1.90, mold, a configured one) may not take a script that adds to
//! its own layout, and on other systems the loader maps code differently.

use std::env;
use std::path::Path;
use std::process::Command;

const SCRIPT: &str = "scripts/startup-order.ld";

fn main() {
    println!("cargo::rerun-if-changed={SCRIPT}");
    println!("cargo::rerun-if-env-changed=NIM_TUI_NO_ORDER");
    match order() {
        Order::Use => {
            let root = env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
            let script = Path::new(&root).join(SCRIPT);
            if script.is_file() {
                // Two arguments to the C compiler that drives the linker, so that no character of
                // the path (a comma, as `-Wl,` would split on) changes their meaning.
                println!("cargo::rustc-link-arg-bin=nim-tui=-T");
                println!("cargo::rustc-link-arg-bin=nim-tui={}", script.display());
            }
        }
        Order::Skip => {}
        Order::Warn(why) => println!("cargo::warning=the code layout script is left out: {why}"),
    }
}

enum Order {
    Use,
    /// Left out without a word: a debug build (not worth the linker's time), `NIM_TUI_NO_ORDER`
    /// set, another system, or a Rust that links with the system's `cc`.
    Skip,
    /// Left out because of a setting the user may not know has this effect.
    Warn(&'static str),
}

fn order() -> Order {
    let var = |name: &str| env::var(name).unwrap_or_default();
    if var("PROFILE") != "release"
        || env::var_os("NIM_TUI_NO_ORDER").is_some()
        || var("TARGET") != "x86_64-unknown-linux-gnu"
    {
        return Order::Skip;
    }
    if env::var_os("RUSTC_LINKER").is_some() || var("CARGO_ENCODED_RUSTFLAGS").contains("link") {
        return Order::Warn("a linker or link flags of your own are set");
    }
    // Rust links with LLD on this target from 1.90 on; before, with the system's `cc`.
    let minor = Command::new(var("RUSTC")).arg("--version").output().ok().and_then(|out| {
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.split_whitespace().nth(1)?.split('.').nth(1)?.parse::<u32>().ok()
    });
    match minor {
        Some(minor) if minor >= 90 => Order::Use,
        _ => Order::Skip,
    }
}
