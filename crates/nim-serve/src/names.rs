//! Who a connection is: the SSH user name made into a player's name that is safe to show on
//! anyone's screen, and unique among the people on the server.

use std::collections::HashMap;
use std::sync::Mutex;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The widest name, in terminal columns (a suffix for a clash included).
pub const NAME_COLUMNS: usize = 20;

/// The name given to a user name with nothing printable in it.
const NOBODY: &str = "player";

/// `user` made safe to show: control, bidi and zero-width characters dropped (not escaped: a
/// name is for people to read, and `\u{202e}` in a lobby reads as noise), white space runs made
/// one space, trimmed, and cut to [`NAME_COLUMNS`] columns on a character boundary. Never empty.
pub fn safe_name(user: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    // A user name of megabytes costs no more than a short one: only the first characters count.
    for c in user.chars().take(NAME_COLUMNS * 8) {
        if nim_tui::text::needs_escape(c) && !c.is_whitespace() {
            continue;
        }
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    let cut = cut_to(&out, NAME_COLUMNS);
    if cut.is_empty() { NOBODY.to_string() } else { cut }
}

/// At most `columns` columns of `text`, cut between graphemes (so that no accent is left alone).
fn cut_to(text: &str, columns: usize) -> String {
    let mut out = String::new();
    for grapheme in text.graphemes(true) {
        if out.width() + grapheme.width() > columns {
            break;
        }
        out.push_str(grapheme);
    }
    out.trim_end().to_string()
}

/// The names in use on the server now.
#[derive(Debug, Default)]
pub struct Registry {
    /// By the name folded to lower case, the name as given.
    taken: Mutex<HashMap<String, String>>,
}

impl Registry {
    /// Takes `wanted` (already safe) or, when someone has it, `wanted-2`, `wanted-3`…, cut so
    /// that the whole stays within [`NAME_COLUMNS`]. Names differing only in case clash, so that
    /// "Alice" and "alice" cannot pass for each other.
    pub fn take(&self, wanted: &str) -> String {
        let mut taken = self.taken.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut candidate = wanted.to_string();
        let mut n = 1u64;
        while taken.contains_key(&candidate.to_lowercase()) {
            n += 1;
            let suffix = format!("-{n}");
            candidate = format!("{}{suffix}", cut_to(wanted, NAME_COLUMNS - suffix.len()));
        }
        taken.insert(candidate.to_lowercase(), candidate.clone());
        candidate
    }

    /// Gives a name back when its connection ends.
    pub fn release(&self, name: &str) {
        let mut taken = self.taken.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        taken.remove(&name.to_lowercase());
    }

    /// The names in use, sorted.
    pub fn all(&self) -> Vec<String> {
        let mut names: Vec<String> =
            self.taken.lock().map(|t| t.values().cloned().collect()).unwrap_or_default();
        names.sort();
        names
    }

    /// How many names are in use.
    pub fn len(&self) -> usize {
        self.taken.lock().map_or(0, |t| t.len())
    }

    /// Whether nobody is on the server.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_safe_and_short() {
        assert_eq!(safe_name("alice"), "alice");
        assert_eq!(safe_name("  al  \t ice "), "al ice");
        assert_eq!(safe_name("\u{1b}[31mred"), "[31mred");
        assert_eq!(safe_name("a\u{202e}b\u{200b}c"), "abc");
        assert_eq!(safe_name(""), "player");
        assert_eq!(safe_name("\u{7}\u{1b}"), "player");
        assert_eq!(safe_name(&"x".repeat(1000)).width(), NAME_COLUMNS);
        // Wide characters count two columns each.
        assert_eq!(safe_name(&"数".repeat(30)).width(), NAME_COLUMNS);
        assert!(safe_name(&"e\u{301}".repeat(30)).width() <= NAME_COLUMNS);
    }

    #[test]
    fn a_clash_gets_a_suffix_within_the_width() {
        let names = Registry::default();
        assert_eq!(names.take("bob"), "bob");
        assert_eq!(names.take("bob"), "bob-2");
        assert_eq!(names.take("Bob"), "Bob-3");
        let long = "y".repeat(NAME_COLUMNS);
        assert_eq!(names.take(&long), long);
        let second = names.take(&long);
        assert_eq!(second.width(), NAME_COLUMNS);
        assert!(second.ends_with("-2"));
        names.release("bob");
        assert_eq!(names.take("bob"), "bob");
    }
}
