//! Typed lines out of a stream of bytes: from a pipe (a line ends at `\n`, a `\r` before it is
//! dropped), or from a terminal that the program itself must echo to, as over SSH, where the
//! client's terminal is raw and nothing but the server answers a key (a small line editor:
//! printable characters echoed, Backspace and DEL erase, Ctrl-U clears the line, Enter submits,
//! Ctrl-C interrupts, Ctrl-D on an empty line ends). What it echoes is text and the backspace
//! character only: never an escape sequence; the escape sequences a terminal sends for its
//! arrows and function keys are read and dropped.

use unicode_width::UnicodeWidthChar;

/// The longest line read; a longer one is refused whole.
pub const LINE_MAX: usize = 1000;

/// What the bytes typed came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A whole line, without its end.
    Line(String),
    /// A line past [`LINE_MAX`] bytes: dropped whole.
    TooLong,
    /// A line that is not UTF-8: dropped whole.
    NotUtf8,
    /// Ctrl-C, at a terminal.
    Interrupt,
    /// Ctrl-D on an empty line, at a terminal: the end of input, as a pipe's end.
    End,
}

/// Where an escape sequence being dropped stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    None,
    /// After ESC.
    Started,
    /// After `ESC [` or `ESC O`: parameters until a final byte.
    Sequence,
}

/// Lines out of bytes; see the module's documentation.
#[derive(Debug)]
pub struct Lines {
    /// Echo and edit as a terminal's line discipline would (the bytes come from a raw terminal).
    terminal: bool,
    partial: Vec<u8>,
    too_long: bool,
    /// The last byte ended a line with `\r`: a `\n` right after it ends nothing more.
    after_cr: bool,
    escape: Escape,
    /// Where the character being typed begins in `partial`: it is echoed once it is whole.
    char_start: usize,
}

impl Lines {
    /// Lines from a pipe: `\n` ends a line, nothing is echoed.
    pub fn pipe() -> Lines {
        Lines {
            terminal: false,
            partial: Vec::new(),
            too_long: false,
            after_cr: false,
            escape: Escape::None,
            char_start: 0,
        }
    }

    /// Lines typed at a raw terminal, echoed and edited (see the module's documentation).
    pub fn terminal() -> Lines {
        Lines { terminal: true, ..Lines::pipe() }
    }

    /// Whether a line has been begun and not yet ended.
    pub fn typing(&self) -> bool {
        !self.partial.is_empty()
    }

    /// The line begun so far, as it was echoed (to write again after other lines interrupted it).
    pub fn begun(&self) -> String {
        String::from_utf8_lossy(&self.partial).into_owned()
    }

    /// Reads `bytes`: what they complete, in order; what a terminal is to be shown goes to `echo`.
    pub fn feed(&mut self, bytes: &[u8], echo: &mut Vec<u8>) -> Vec<Typed> {
        let mut typed = Vec::new();
        for &byte in bytes {
            let after_cr = std::mem::take(&mut self.after_cr);
            if !self.terminal {
                match byte {
                    b'\n' => typed.push(self.end_line()),
                    byte => self.push(byte),
                }
                continue;
            }
            match self.escape {
                Escape::Started => {
                    self.escape = if matches!(byte, b'[' | b'O') { Escape::Sequence } else { Escape::None };
                    continue;
                }
                Escape::Sequence => {
                    if (0x40..=0x7e).contains(&byte) {
                        self.escape = Escape::None;
                    }
                    continue;
                }
                Escape::None => {}
            }
            match byte {
                b'\n' if after_cr => {}
                b'\r' | b'\n' => {
                    self.after_cr = byte == b'\r';
                    echo.extend_from_slice(b"\r\n");
                    typed.push(self.end_line());
                }
                0x03 => {
                    echo.extend_from_slice(b"^C\r\n");
                    self.partial.clear();
                    self.char_start = 0;
                    self.too_long = false;
                    typed.push(Typed::Interrupt);
                }
                0x04 if self.partial.is_empty() => {
                    echo.extend_from_slice(b"\r\n");
                    typed.push(Typed::End);
                }
                0x7f | 0x08 => self.erase(echo),
                0x15 => {
                    while !self.partial.is_empty() {
                        self.erase(echo);
                    }
                    self.too_long = false;
                }
                0x1b => self.escape = Escape::Started,
                byte if byte < 0x20 => {}
                byte => self.type_byte(byte, echo),
            }
        }
        typed
    }

    /// The input ended: a line begun is a line.
    pub fn finish(&mut self) -> Option<Typed> {
        (!self.partial.is_empty() || self.too_long).then(|| self.end_line())
    }

    fn push(&mut self, byte: u8) {
        if self.partial.len() < LINE_MAX {
            self.partial.push(byte);
        } else {
            self.too_long = true;
        }
    }

    /// A byte of a character typed at a terminal: the character echoed once whole, unless a
    /// terminal would take it for a control (C1 controls, invisible characters), which is
    /// dropped, as are bytes that are not UTF-8.
    fn type_byte(&mut self, byte: u8, echo: &mut Vec<u8>) {
        if self.partial.len() >= LINE_MAX {
            self.too_long = true;
            return;
        }
        self.partial.push(byte);
        let start = self.char_start.min(self.partial.len());
        match std::str::from_utf8(&self.partial[start..]) {
            Ok(text) if text.chars().any(crate::text::needs_escape) => self.partial.truncate(start),
            Ok(text) => echo.extend_from_slice(text.as_bytes()),
            Err(error) if error.error_len().is_some() => self.partial.truncate(start),
            // The rest of the character is to come.
            Err(_) => return,
        }
        self.char_start = self.partial.len();
    }

    fn end_line(&mut self) -> Typed {
        self.char_start = 0;
        let raw = std::mem::take(&mut self.partial);
        match (std::mem::take(&mut self.too_long), String::from_utf8(raw)) {
            (true, _) => Typed::TooLong,
            (false, Ok(line)) => Typed::Line(line.trim_end_matches('\r').to_string()),
            (false, Err(_)) => Typed::NotUtf8,
        }
    }

    /// The last character typed taken back, and as many columns rubbed out on the terminal.
    fn erase(&mut self, echo: &mut Vec<u8>) {
        if self.partial.is_empty() {
            return;
        }
        // A character's bytes: its continuation bytes, then its first.
        let mut at = self.partial.len() - 1;
        while at > 0 && self.partial[at] & 0xc0 == 0x80 {
            at -= 1;
        }
        let gone = self.partial.split_off(at);
        self.char_start = self.partial.len();
        let columns = std::str::from_utf8(&gone)
            .ok()
            .and_then(|s| s.chars().next())
            .map_or(1, |c| c.width().unwrap_or(1));
        for _ in 0..columns.max(1) {
            echo.extend_from_slice(b"\x08 \x08");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(lines: &mut Lines, bytes: &[u8]) -> (Vec<Typed>, Vec<u8>) {
        let mut echo = Vec::new();
        let typed = lines.feed(bytes, &mut echo);
        (typed, echo)
    }

    #[test]
    fn a_pipe_reads_lines_and_echoes_nothing() {
        let mut lines = Lines::pipe();
        let (got, echo) = typed(&mut lines, b"1 2\r\nhel");
        assert_eq!(got, vec![Typed::Line("1 2".into())]);
        assert!(echo.is_empty());
        let (got, _) = typed(&mut lines, b"p\n\x03\n");
        assert_eq!(got, vec![Typed::Line("help".into()), Typed::Line("\u{3}".into())]);
        typed(&mut lines, b"q");
        assert_eq!(lines.finish(), Some(Typed::Line("q".into())));
        assert_eq!(lines.finish(), None);
    }

    #[test]
    fn a_terminal_is_echoed_and_edited_without_escape_sequences() {
        let mut lines = Lines::terminal();
        let (got, echo) = typed(&mut lines, b"1 3\x7f2\r");
        assert_eq!(got, vec![Typed::Line("1 2".into())]);
        assert_eq!(echo, b"1 3\x08 \x082\r\n");
        // CR LF is one Enter; an arrow key's sequence is dropped; Ctrl-U clears.
        let (got, echo) = typed(&mut lines, b"\nab\x1b[Ac\x15hint\r\n");
        assert_eq!(got, vec![Typed::Line("hint".into())]);
        assert!(!echo.contains(&0x1b), "{echo:?}");
        assert_eq!(echo, b"abc\x08 \x08\x08 \x08\x08 \x08hint\r\n");
        // A wide character is rubbed out over its two columns.
        let (got, echo) = typed(&mut lines, "提\x7f\r".as_bytes());
        assert_eq!(got, vec![Typed::Line(String::new())]);
        assert!(echo.ends_with(b"\x08 \x08\x08 \x08\r\n"));
        let (got, _) = typed(&mut lines, b"x\x04\x03\x04");
        assert_eq!(got, vec![Typed::Interrupt, Typed::End]);
        // A character split across reads is echoed whole; a C1 control (U+009B, which some
        // terminals take as CSI) and bytes that are not UTF-8 are dropped, never echoed.
        let (_, echo) = typed(&mut lines, &[0xe6]);
        assert!(echo.is_empty());
        let (_, echo) = typed(&mut lines, &[0x8f, 0x90, 0xc2, 0x9b, 0xff, b'a']);
        assert_eq!(echo, "提a".as_bytes());
        let (got, _) = typed(&mut lines, b"\r");
        assert_eq!(got, vec![Typed::Line("提a".into())]);
    }

    #[test]
    fn a_long_line_is_refused_whole() {
        let mut lines = Lines::pipe();
        let mut long = vec![b'7'; LINE_MAX + 10];
        long.push(b'\n');
        long.extend_from_slice(b"q\n");
        let (got, _) = typed(&mut lines, &long);
        assert_eq!(got, vec![Typed::TooLong, Typed::Line("q".into())]);
        let (got, _) = typed(&mut lines, &[0xff, b'\n']);
        assert_eq!(got, vec![Typed::NotUtf8]);
    }
}
