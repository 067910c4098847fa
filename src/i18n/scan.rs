//! Where each message is in a Fluent file, found by a scan of its lines. Shared by `build.rs`,
//! which writes the index the game looks messages up in, and by the test that checks that index
//! against the files as embedded.

use std::ops::Range;

/// Each message of a Fluent file, in the file's order: its id and the byte range of its text (a
/// line that starts with an id and `=`, with the lines after it up to the next that starts
/// another entry in the first column: a message, a comment or a term). Blank lines inside belong
/// to the message (Fluent allows them between indented lines).
pub fn messages(source: &str) -> Vec<(&str, Range<usize>)> {
    // Bytes, not characters: every byte that matters here is ASCII.
    let bytes = source.as_bytes();
    // Only an id, a comment or a term starts an entry: a closing brace or a variant may stand in
    // the first column inside a message.
    let starts_entry =
        |at: usize| bytes.get(at).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'#' || *b == b'-');
    let mut found = Vec::new();
    let mut entry: Option<(usize, &str)> = None;
    let mut line = 0;
    while line < bytes.len() {
        let next = bytes[line..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |at| line + at + 1);
        if starts_entry(line) {
            if let Some((from, id)) = entry.take() {
                found.push((id, from..line));
            }
            let first = &bytes[line..next];
            let is_message = bytes[line].is_ascii_alphabetic();
            if let Some(equals) = first.iter().position(|&b| b == b'=').filter(|_| is_message) {
                let id = source[line..line + equals].trim_end();
                if id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
                    entry = Some((line, id));
                }
            }
        }
        line = next;
    }
    if let Some((from, id)) = entry {
        found.push((id, from..bytes.len()));
    }
    found
}
