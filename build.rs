//! Packs the message files (`assets/locales/<tag>/*.ftl`) for embedding: each is written to
//! `OUT_DIR/locales/<tag>/<name>` as its length in bytes (four bytes, little-endian) followed by
//! its text compressed with DEFLATE, which `i18n` inflates when the file is first read.
//!
//! `i18n` embeds packed the files a first frame does not read (141,528 bytes of text in both
//! languages, 49,822 bytes packed), and the other two as they are, so that a start does not unpack
//! them. This script generates data only; it sets nothing about how the binary is compiled or
//! linked.

use std::fs;
use std::path::Path;

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let root =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR for build scripts");
    let locales = Path::new(&root).join("assets/locales");
    // A directory: cargo runs the script again when any file under it changes.
    println!("cargo::rerun-if-changed=assets/locales");
    let mut languages: Vec<_> = read_dir(&locales).into_iter().filter(|path| path.is_dir()).collect();
    languages.sort();
    for language in languages {
        let tag = language.file_name().expect("a directory has a name");
        let packed_dir = Path::new(&out).join("locales").join(tag);
        fs::create_dir_all(&packed_dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", packed_dir.display()));
        for file in read_dir(&language) {
            if file.extension().is_none_or(|extension| extension != "ftl") {
                continue;
            }
            let text = fs::read(&file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
            // What `include_str!` checked before: a message file is UTF-8.
            if let Err(e) = std::str::from_utf8(&text) {
                panic!("{} is not UTF-8: {e}", file.display());
            }
            let length = u32::try_from(text.len()).expect("a message file is under 4 GiB");
            let mut packed = length.to_le_bytes().to_vec();
            packed.extend(miniz_oxide::deflate::compress_to_vec(&text, 10));
            let target = packed_dir.join(file.file_name().expect("a file has a name"));
            fs::write(&target, packed).unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
        }
    }
}

/// The entries of `dir`, as paths.
fn read_dir(dir: &Path) -> Vec<std::path::PathBuf> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display())).path())
        .collect()
}
