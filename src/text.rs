//! Text from outside (files, flags, paths, names) made safe before it reaches a terminal: control
//! characters and escape sequences shown escaped, names and token glyphs checked, and messages
//! printed to stderr without ever panicking.
//!
//! A terminal obeys the bytes it is sent: an ESC in a file name or a config value can retitle the
//! window, move the cursor or worse. Everything echoed from outside goes through [`escape`] (or
//! [`escape_short`] when it may be long), and every line this program writes to stderr goes
//! through [`eprint_safe`], which escapes the whole line once more as a last line of defence.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The longest player name, in characters and in terminal columns.
pub const NAME_MAX: usize = 24;

/// How many characters of a value from outside a message echoes before cutting it short.
pub const ECHO_MAX: usize = 60;

/// Characters with no width that change how the text around them is shown: bidi controls (which
/// can reverse a line, hiding what it says), zero-width spaces and joiners, the byte order mark.
/// `char::is_control` does not cover these (they are "format" characters, Cf).
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}'               // soft hyphen
        | '\u{034F}'             // combining grapheme joiner
        | '\u{061C}'             // Arabic letter mark
        | '\u{115F}' | '\u{1160}' // Hangul fillers
        | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' // Mongolian variation selectors and vowel separator
        | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiner, LRM, RLM
        | '\u{2028}'..='\u{202E}' // line/paragraph separators, bidi embeddings and overrides
        | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, bidi isolates
        | '\u{3164}'             // Hangul filler
        | '\u{FE00}'..='\u{FE0F}' // variation selectors
        | '\u{FEFF}'             // byte order mark
        | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}' // interlinear annotations
        | '\u{E0000}'..='\u{E007F}' // tags
        | '\u{E0100}'..='\u{E01EF}' // variation selectors supplement
    )
}

/// Whether `c` must be shown escaped: C0 and C1 controls, DEL, and the invisible format
/// characters above.
pub fn needs_escape(c: char) -> bool {
    c.is_control() || is_invisible_format(c)
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        // Writing to a String cannot fail.
        c if (c as u32) < 0x100 => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// `text` with every control or invisible format character written as an escape (`\x1b`, `\n`,
/// `\u{202e}`), so that it shows as text and does nothing to the terminal. Backslashes are left
/// as they are: the result is for people to read, not to parse back.
pub fn escape(text: &str) -> Cow<'_, str> {
    escape_where(text, needs_escape)
}

/// Like [`escape`], but keeps line breaks: for whole messages of this program's own making, whose
/// echoed parts have been escaped already.
pub fn escape_keeping_lines(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| c != '\n' && needs_escape(c))
}

/// `text` with the characters `escaped` picks written as escapes: the one loop behind [`escape`]
/// and [`escape_keeping_lines`], which differ only in whether a line break is kept.
fn escape_where(text: &str, escaped: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// At most `max` characters of `text`, escaped, with "…" (and how much was left out) when cut.
/// Linear in `max`, not in the length of `text`, so a value of many megabytes is echoed as cheaply
/// as a short one.
pub fn escape_short(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut chars = text.char_indices();
    for (_, c) in chars.by_ref().take(max) {
        if needs_escape(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    if let Some((at, _)) = chars.next() {
        let _ = write!(out, "… ({} more bytes)", text.len() - at);
    }
    out
}

/// A path as a message shows it: escaped, whatever bytes the file name holds.
pub fn path(path: &std::path::Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

/// Checks a player's name: trimmed, 1 to [`NAME_MAX`] characters and columns, printable, with no
/// control, bidi or zero-width characters. Returns the trimmed name, or why it is refused (with the
/// name escaped and cut short).
pub fn check_name(name: &str) -> Result<String, String> {
    let trimmed = name.trim();
    let shown = || escape_short(name, ECHO_MAX);
    if trimmed.is_empty() {
        return Err("a name cannot be empty".to_string());
    }
    if let Some(c) = trimmed.chars().find(|&c| needs_escape(c)) {
        let mut bad = String::new();
        push_escaped(&mut bad, c);
        return Err(format!(
            "the name '{}' holds {bad}, a control, bidi or zero-width character: names are printable characters",
            shown()
        ));
    }
    let count = trimmed.chars().count();
    let width = trimmed.width();
    if count > NAME_MAX || width > NAME_MAX {
        return Err(format!("the name '{}' is too long: at most {NAME_MAX} characters", shown()));
    }
    // A name that starts with a combining mark has nothing to combine with and draws as nothing.
    if trimmed.graphemes(true).next().is_some_and(|g| g.width() == 0) {
        return Err(format!("the name '{}' starts with a character of no width", shown()));
    }
    Ok(trimmed.to_string())
}

/// Checks a token glyph: one grapheme, one or two terminal columns wide (as ratatui measures
/// it), with no control, whitespace or zero-width characters. A glyph of no width would make
/// every heap look empty; more than one would be drawn as several tokens and misalign the rows.
pub fn check_glyph(glyph: &str) -> Result<(), String> {
    let shown = || escape_short(glyph, ECHO_MAX);
    if glyph.is_empty() {
        return Err("the token is empty".to_string());
    }
    if glyph.chars().any(|c| needs_escape(c) || c.is_whitespace()) {
        return Err(format!("the token \"{}\" holds a control, space or zero-width character", shown()));
    }
    if glyph.graphemes(true).count() != 1 {
        return Err(format!("the token \"{}\" is more than one character", shown()));
    }
    match glyph.width() {
        1 | 2 => Ok(()),
        0 => Err(format!("the token \"{}\" has no width on screen", shown())),
        w => Err(format!("the token \"{}\" is {w} columns wide: at most 2", shown())),
    }
}

/// Writes `line` and a newline to stderr, escaped (line breaks kept), in one write. A failed write
/// (a closed or full stderr, a terminal that has gone away) is returned, never a panic: unlike
/// `eprintln!`, this is safe to call when the terminal may be gone.
pub fn eprint_safe(line: &str) -> io::Result<()> {
    let mut text = escape_keeping_lines(line).into_owned();
    text.push('\n');
    let mut err = io::stderr().lock();
    err.write_all(text.as_bytes())?;
    err.flush()
}

/// Prints `nim-tui: warning: <message>` to stderr (`nim-tui: 警告：` in Chinese); a stderr that cannot be written is ignored,
/// since a warning is not worth failing for.
pub fn warn(lang: crate::i18n::Language, message: &str) {
    let line = crate::i18n::text_with(lang, "cli-warning", &[("message", crate::i18n::Arg::from(message))]);
    let _ = eprint_safe(&line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_invisible_characters() {
        assert_eq!(escape("plain é ●"), "plain é ●");
        assert_eq!(escape("\x1b]0;pwned\x07"), "\\x1b]0;pwned\\x07");
        assert_eq!(escape("a\u{202e}b\u{200b}c\u{9b}"), "a\\u{202e}b\\u{200b}c\\x9b");
        assert_eq!(escape("x\ny"), "x\\ny");
        assert_eq!(escape_keeping_lines("x\ny\x1b"), "x\ny\\x1b");
    }

    #[test]
    fn long_values_are_cut_short() {
        let long = "k".repeat(10_000_000);
        let short = escape_short(&long, ECHO_MAX);
        assert!(short.len() < 100, "{short}");
        assert!(short.contains("9999940 more bytes"), "{short}");
        assert_eq!(escape_short("abc", 5), "abc");
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ada  "), Ok("Ada".to_string()));
        assert_eq!(check_name("Zoë"), Ok("Zoë".to_string()));
        assert_eq!(check_name("李雷"), Ok("李雷".to_string()));
        for bad in ["", "   ", "a\x1b[31mb", "evil\u{202e}txt", "zero\u{200b}width", "tab\tname", "\u{301}x"]
        {
            let e = check_name(bad).unwrap_err();
            assert!(!e.contains('\x1b') && !e.contains('\u{202e}'), "{e}");
        }
        assert!(check_name(&"n".repeat(NAME_MAX)).is_ok());
        assert!(check_name(&"n".repeat(NAME_MAX + 1)).unwrap_err().contains("too long"));
        // Wide characters count by columns too.
        assert!(check_name(&"李".repeat(13)).unwrap_err().contains("too long"));
    }

    #[test]
    fn glyphs_are_checked_by_width() {
        for good in ["●", "o", "#", "李", "🟢", "é"] {
            assert_eq!(check_glyph(good), Ok(()), "{good}");
        }
        for bad in ["", "\u{200b}", "\u{301}", "oo", "●●", " ", "\x1b", "a\u{200d}"] {
            assert!(check_glyph(bad).is_err(), "{bad:?}");
        }
    }
}
