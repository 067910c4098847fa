//! The terminal's input bytes turned into crossterm's key and mouse events: read by the session
//! itself (see `tui::read_input`) instead of by crossterm, whose reader cannot be stopped and
//! retries a read at end of file for ever.
//!
//! The keys are those crossterm reads (the same `KeyEvent`s, so the keymap does not change):
//! characters, control keys, Alt as an ESC prefix, the CSI and SS3 sequences of arrows, Home, End,
//! PgUp, PgDn, Insert, Delete and F1 to F12 with their modifiers, and the mouse in its three
//! encodings. Besides, the terminal's answers are never keys: an OSC string (the answer to the
//! colour query, `ESC ] 11 ; rgb:…/…/… BEL` or `… ESC \`), the device attributes and the cursor
//! position are dropped, whole, however they were split across reads.
//!
//! What may be the start of a longer sequence is held until the rest comes, or until
//! [`Parser::flush`] is called when nothing more came in time (the reader's short hold). A lone ESC
//! is the Esc key at once, except while the answer to the colour query is still awaited: then it may
//! be that answer's first byte, and is held to see whether `]` follows.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest sequence held while waiting for its end; a longer one is not a key's and is
/// dropped. The colour answer is at most about 30 bytes (`ESC ] 11 ; rgb:ffff/ffff/ffff ESC \`).
const SEQUENCE_MAX: usize = 64;

/// The longest OSC string taken for a terminal's answer (digits, `;`, printable text).
const OSC_MAX: usize = 48;

const ESC: u8 = 0x1b;
const BEL: u8 = 0x07;

/// What the bytes at the front of the buffer are.
#[derive(Debug, PartialEq)]
enum Parsed {
    /// A whole item of `len` bytes: an event, or nothing (an answer, or bytes that mean nothing).
    Done(Option<Event>, usize),
    /// The start of a longer sequence: wait for more.
    Incomplete,
}

/// Turns input bytes into events. Feed it what is read ([`Parser::feed`]), take the events
/// ([`Parser::events`]), and [`Parser::flush`] when what it holds did not go on in time.
#[derive(Debug, Default)]
pub struct Parser {
    buf: Vec<u8>,
    /// The terminal's answer to the colour query may still come: a lone ESC may be its start.
    reply_pending: bool,
    /// The text and background colours the terminal's answers have given so far (OSC 10, 11).
    colours: [Option<[u16; 3]>; 2],
}

impl Parser {
    pub fn new(reply_pending: bool) -> Parser {
        Parser { buf: Vec::new(), reply_pending, colours: [None; 2] }
    }

    /// The terminal's text and background colours, once its answers have given both; each
    /// answer is taken once.
    pub fn take_colours(&mut self) -> Option<([u16; 3], [u16; 3])> {
        let [Some(text), Some(background)] = self.colours else { return None };
        self.colours = [None; 2];
        Some((text, background))
    }

    /// Whether bytes are held, waiting for the rest of a sequence.
    pub fn is_holding(&self) -> bool {
        !self.buf.is_empty()
    }

    /// No answer is awaited any more: a lone ESC is the Esc key at once (for a terminal that
    /// answers nothing at all, not even the device attributes).
    pub fn stop_waiting(&mut self) {
        self.reply_pending = false;
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Moves the events complete so far to `out`; returns whether bytes are held, waiting for the
    /// rest of a sequence.
    pub fn events(&mut self, out: &mut Vec<Event>) -> bool {
        let mut at = 0;
        while at < self.buf.len() {
            let rest = &self.buf[at..];
            let parsed = match parse(rest, self.reply_pending) {
                Parsed::Incomplete if rest.len() > SEQUENCE_MAX => forced(rest),
                parsed => parsed,
            };
            match parsed {
                Parsed::Done(event, len) => {
                    if event.is_none() {
                        answer(&self.buf[at..at + len], &mut self.reply_pending, &mut self.colours);
                    }
                    out.extend(event);
                    at += len;
                }
                Parsed::Incomplete => break,
            }
        }
        self.buf.drain(..at);
        !self.buf.is_empty()
    }

    /// Nothing more came in time: what is held is read as it stands (a lone ESC is the Esc key,
    /// ESC and one character Alt and that character; the start of a longer sequence is dropped).
    pub fn flush(&mut self, out: &mut Vec<Event>) {
        while !self.buf.is_empty() {
            let parsed = match parse(&self.buf, self.reply_pending) {
                Parsed::Incomplete => forced(&self.buf),
                parsed => parsed,
            };
            let Parsed::Done(event, len) = parsed else { break };
            let len = len.clamp(1, self.buf.len());
            if event.is_none() {
                answer(&self.buf[..len], &mut self.reply_pending, &mut self.colours);
            }
            self.buf.drain(..len);
            out.extend(event);
        }
    }

    /// Whether answers are still awaited: a lone ESC is then held to see if an answer follows.
    pub fn awaits_answers(&self) -> bool {
        self.reply_pending
    }

    /// The text and background colours the answers have given so far, without taking them.
    pub fn colours(&self) -> [Option<[u16; 3]>; 2] {
        self.colours
    }
}

/// Notes what an item read whole that is no key says about the terminal: a colour, or that it has
/// answered everything (the device attributes come last).
fn answer(item: &[u8], reply_pending: &mut bool, colours: &mut [Option<[u16; 3]>; 2]) {
    if is_device_attributes(item) {
        *reply_pending = false;
    } else if let Some((slot, rgb)) = osc_colour(item) {
        colours[slot] = Some(rgb);
    }
}

/// Whether `item` is the terminal's answer to the device-attributes query, which the colour query
/// sends last: once it has come, every answer has, and a lone ESC is the Esc key again.
fn is_device_attributes(item: &[u8]) -> bool {
    item.starts_with(b"\x1b[?") && item.ends_with(b"c")
}

/// The colour an answer to the colour query gives, `ESC ] 10|11 ; rgb:R/G/B (BEL | ESC \)`: 0 for
/// the text's (10), 1 for the background's (11).
fn osc_colour(item: &[u8]) -> Option<(usize, [u16; 3])> {
    let body = item.strip_prefix(b"\x1b]")?;
    let (slot, body) = match body {
        [b'1', b'0', b';', rest @ ..] => (0, rest),
        [b'1', b'1', b';', rest @ ..] => (1, rest),
        _ => return None,
    };
    let body = body.strip_prefix(b"rgb:")?;
    let end = body.iter().position(|b| !(b.is_ascii_hexdigit() || *b == b'/')).unwrap_or(body.len());
    Some((slot, rgb(std::str::from_utf8(&body[..end]).ok()?)?))
}

/// A colour as terminals write it in their answers, `R/G/B` with 1 to 4 hex digits a channel,
/// scaled to 16 bits (`f` is `ffff`).
pub fn rgb(text: &str) -> Option<[u16; 3]> {
    let mut parts = text.split('/').map(|hex| {
        let digits = hex.len().clamp(1, 4);
        let value = u32::from_str_radix(hex.get(..digits)?, 16).ok()?;
        let max = (1u32 << (4 * digits)) - 1;
        u16::try_from(value * 0xffff / max).ok()
    });
    let colour = [parts.next()??, parts.next()??, parts.next()??];
    parts.next().is_none().then_some(colour)
}

/// Reads what is held when no more is coming: ESC alone is Esc, ESC and a character is Alt and
/// that character, anything longer is dropped (it is no key's: keys come whole).
fn forced(bytes: &[u8]) -> Parsed {
    match bytes {
        [ESC] => Parsed::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
        [ESC, c] if c.is_ascii() => {
            Parsed::Done(Some(key(KeyCode::Char(char::from(*c)), KeyModifiers::ALT)), 2)
        }
        _ => Parsed::Done(None, bytes.len()),
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// The item at the front of `bytes` (never empty). `reply_pending`: a lone ESC may start an answer.
fn parse(bytes: &[u8], reply_pending: bool) -> Parsed {
    let done = |code, modifiers, len| Parsed::Done(Some(key(code, modifiers)), len);
    match bytes[0] {
        ESC => match bytes.get(1) {
            None if reply_pending => Parsed::Incomplete,
            None => done(KeyCode::Esc, KeyModifiers::NONE, 1),
            Some(b'[') => csi(bytes),
            Some(b'O') => ss3(bytes),
            Some(b']') => osc(bytes, reply_pending),
            // Esc twice: the first is a key of its own.
            Some(&ESC) => done(KeyCode::Esc, KeyModifiers::NONE, 1),
            Some(_) => match parse(&bytes[1..], false) {
                Parsed::Done(Some(Event::Key(mut k)), len) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Parsed::Done(Some(Event::Key(k)), len + 1)
                }
                Parsed::Done(_, len) => Parsed::Done(None, len + 1),
                Parsed::Incomplete => Parsed::Incomplete,
            },
        },
        b'\r' => done(KeyCode::Enter, KeyModifiers::NONE, 1),
        b'\t' => done(KeyCode::Tab, KeyModifiers::NONE, 1),
        0x7f => done(KeyCode::Backspace, KeyModifiers::NONE, 1),
        // In raw mode `\n` is Ctrl-J, as crossterm reads it.
        c @ 0x01..=0x1a => done(KeyCode::Char(char::from(c - 1 + b'a')), KeyModifiers::CONTROL, 1),
        c @ 0x1c..=0x1f => done(KeyCode::Char(char::from(c - 0x1c + b'4')), KeyModifiers::CONTROL, 1),
        0 => done(KeyCode::Char(' '), KeyModifiers::CONTROL, 1),
        _ => utf8(bytes),
    }
}

/// One character, with Shift when it is upper case (as crossterm has it).
fn utf8(bytes: &[u8]) -> Parsed {
    let need = match bytes[0] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return Parsed::Done(None, 1),
    };
    let have = bytes.len().min(need);
    if bytes[1..have].iter().any(|b| b & 0xc0 != 0x80) {
        return Parsed::Done(None, 1);
    }
    if have < need {
        return Parsed::Incomplete;
    }
    match std::str::from_utf8(&bytes[..need]).ok().and_then(|s| s.chars().next()) {
        Some(c) => {
            let modifiers = if c.is_uppercase() { KeyModifiers::SHIFT } else { KeyModifiers::NONE };
            Parsed::Done(Some(key(KeyCode::Char(c), modifiers)), need)
        }
        None => Parsed::Done(None, need),
    }
}

/// `ESC O x`: arrows, Home, End and F1 to F4 in application mode.
fn ss3(bytes: &[u8]) -> Parsed {
    let Some(&c) = bytes.get(2) else { return Parsed::Incomplete };
    let code = match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + c - b'P'),
        _ => return Parsed::Done(None, 3),
    };
    Parsed::Done(Some(key(code, KeyModifiers::NONE)), 3)
}

/// `ESC ] digits ; text (BEL | ESC \)`: a terminal's answer, dropped whole. Anything else after
/// `ESC ]` was typed: Alt-], then the keys that follow.
fn osc(bytes: &[u8], reply_pending: bool) -> Parsed {
    let alt_bracket = Parsed::Done(Some(key(KeyCode::Char(']'), KeyModifiers::ALT)), 2);
    let body = &bytes[2..];
    let digits = body.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == body.len() {
        // `ESC ]` alone is a key unless an answer is awaited; more digits wait for the rest.
        return if digits <= 3 && (reply_pending || digits > 0) { Parsed::Incomplete } else { alt_bracket };
    }
    if digits == 0 || digits > 3 || body[digits] != b';' {
        return alt_bracket;
    }
    let text = &body[digits + 1..];
    for (i, &b) in text.iter().enumerate() {
        match b {
            BEL => return Parsed::Done(None, 2 + digits + 1 + i + 1),
            ESC => {
                return match text.get(i + 1) {
                    Some(b'\\') => Parsed::Done(None, 2 + digits + 1 + i + 2),
                    Some(_) => alt_bracket,
                    None => Parsed::Incomplete,
                };
            }
            0x20..=0x7e if i < OSC_MAX => {}
            _ => return alt_bracket,
        }
    }
    Parsed::Incomplete
}

/// `ESC [ parameters final`: keys with their modifiers, the mouse, and answers (dropped).
fn csi(bytes: &[u8]) -> Parsed {
    let Some(&first) = bytes.get(2) else { return Parsed::Incomplete };
    match first {
        // The Linux console's F1 to F5.
        b'[' => {
            return match bytes.get(3) {
                None => Parsed::Incomplete,
                Some(&c @ b'A'..=b'E') => {
                    Parsed::Done(Some(key(KeyCode::F(1 + c - b'A'), KeyModifiers::NONE)), 4)
                }
                Some(_) => Parsed::Done(None, 4),
            };
        }
        // The X10 mouse: three raw bytes follow.
        b'M' => {
            if bytes.len() < 6 {
                return Parsed::Incomplete;
            }
            // Each byte is 32 more than its value; the position counts from 1.
            let at = |v: u8| u16::from(v.saturating_sub(33));
            let event = mouse(bytes[3].wrapping_sub(32), at(bytes[4]), at(bytes[5]));
            return Parsed::Done(event, 6);
        }
        _ => {}
    }
    // Parameter bytes, then intermediate bytes, then the final byte.
    let mut end = 2;
    while bytes.get(end).is_some_and(|b| (0x30..=0x3f).contains(b)) {
        end += 1;
    }
    while bytes.get(end).is_some_and(|b| (0x20..=0x2f).contains(b)) {
        end += 1;
    }
    let Some(&last) = bytes.get(end) else { return Parsed::Incomplete };
    if !(0x40..=0x7e).contains(&last) {
        // Not a sequence: drop what was read of it and go on from the stray byte.
        return Parsed::Done(None, end);
    }
    let len = end + 1;
    let params = std::str::from_utf8(&bytes[2..end]).unwrap_or("");
    Parsed::Done(csi_event(params, last), len)
}

/// The event of a complete CSI sequence, if it is one of a key or the mouse.
fn csi_event(params: &str, last: u8) -> Option<Event> {
    if let Some(rest) = params.strip_prefix('<') {
        // SGR mouse: button; column; row, then M (press) or m (release).
        let mut numbers = rest.split(';').map(|n| n.parse::<u16>().ok());
        let (Some(Some(cb)), Some(Some(x)), Some(Some(y))) = (numbers.next(), numbers.next(), numbers.next())
        else {
            return None;
        };
        let cb = u8::try_from(cb).ok()?;
        return match last {
            b'M' => mouse(cb, x.saturating_sub(1), y.saturating_sub(1)),
            b'm' => match mouse(cb, x.saturating_sub(1), y.saturating_sub(1))? {
                Event::Mouse(mut m) => {
                    if let MouseEventKind::Down(button) = m.kind {
                        m.kind = MouseEventKind::Up(button);
                    }
                    Some(Event::Mouse(m))
                }
                other => Some(other),
            },
            _ => None,
        };
    }
    if params.starts_with(['?', '>', '=']) {
        // Answers: device attributes (`c`), keyboard flags (`u`) and the like.
        return None;
    }
    let mut fields = params.split(';');
    let first = fields.next().unwrap_or("");
    // The modifiers and the kind of event: `5` or `5:3`.
    let (modifiers, kind) = match fields.next() {
        Some(field) => {
            let mut parts = field.split(':');
            let mask = parts.next().and_then(|m| m.parse::<u8>().ok()).unwrap_or(1);
            let kind = match parts.next().and_then(|k| k.parse::<u8>().ok()) {
                Some(2) => KeyEventKind::Repeat,
                Some(3) => KeyEventKind::Release,
                _ => KeyEventKind::Press,
            };
            (modifiers_of(mask), kind)
        }
        None => (KeyModifiers::NONE, KeyEventKind::Press),
    };
    let with = |code| Some(Event::Key(KeyEvent::new_with_kind(code, modifiers, kind)));
    match last {
        b'A' => with(KeyCode::Up),
        b'B' => with(KeyCode::Down),
        b'C' => with(KeyCode::Right),
        b'D' => with(KeyCode::Left),
        b'H' => with(KeyCode::Home),
        b'F' => with(KeyCode::End),
        b'P' => with(KeyCode::F(1)),
        b'Q' => with(KeyCode::F(2)),
        // `ESC [ row ; column R` is the cursor's position; `ESC [ 1 ; m R` is F3 with modifiers.
        b'R' if first == "1" || first.is_empty() => with(KeyCode::F(3)),
        b'S' => with(KeyCode::F(4)),
        b'Z' => Some(Event::Key(KeyEvent::new_with_kind(KeyCode::BackTab, KeyModifiers::SHIFT, kind))),
        b'I' => Some(Event::FocusGained),
        b'O' => Some(Event::FocusLost),
        b'~' => {
            let code = match first.parse::<u8>().ok()? {
                1 | 7 => KeyCode::Home,
                2 => KeyCode::Insert,
                3 => KeyCode::Delete,
                4 | 8 => KeyCode::End,
                5 => KeyCode::PageUp,
                6 => KeyCode::PageDown,
                v @ 11..=15 => KeyCode::F(v - 10),
                v @ 17..=21 => KeyCode::F(v - 11),
                v @ 23..=26 => KeyCode::F(v - 12),
                v @ 28..=29 => KeyCode::F(v - 15),
                v @ 31..=34 => KeyCode::F(v - 17),
                _ => return None,
            };
            with(code)
        }
        // rxvt's mouse: button + 32; column; row.
        b'M' => {
            let mut numbers = params.split(';').map(|n| n.parse::<u16>().ok());
            let (Some(Some(cb)), Some(Some(x)), Some(Some(y))) =
                (numbers.next(), numbers.next(), numbers.next())
            else {
                return None;
            };
            let cb = u8::try_from(cb.checked_sub(32)?).ok()?;
            mouse(cb, x.saturating_sub(1), y.saturating_sub(1))
        }
        _ => None,
    }
}

fn modifiers_of(mask: u8) -> KeyModifiers {
    let bits = mask.saturating_sub(1);
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ] {
        if bits & bit != 0 {
            modifiers |= modifier;
        }
    }
    modifiers
}

/// A mouse event from its button byte (buttons, Shift, Alt, Control, dragging) at a 0-based cell.
fn mouse(cb: u8, column: u16, row: u16) -> Option<Event> {
    let button = (cb & 0b11) | ((cb & 0b1100_0000) >> 4);
    let dragging = cb & 0b10_0000 != 0;
    let kind = match (button, dragging) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let mut modifiers = KeyModifiers::NONE;
    if cb & 0b100 != 0 {
        modifiers |= KeyModifiers::SHIFT;
    }
    if cb & 0b1000 != 0 {
        modifiers |= KeyModifiers::ALT;
    }
    if cb & 0b1_0000 != 0 {
        modifiers |= KeyModifiers::CONTROL;
    }
    Some(Event::Mouse(MouseEvent { kind, column, row, modifiers }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events `chunks` give, read one after another as reads of the terminal, with a flush at
    /// the end (nothing more came).
    fn read(chunks: &[&[u8]], reply_pending: bool) -> (Vec<Event>, Vec<bool>) {
        let mut parser = Parser::new(reply_pending);
        let mut out = Vec::new();
        let mut held = Vec::new();
        for chunk in chunks {
            parser.feed(chunk);
            held.push(parser.events(&mut out));
        }
        parser.flush(&mut out);
        (out, held)
    }

    fn keys(bytes: &[u8]) -> Vec<Event> {
        read(&[bytes], false).0
    }

    fn k(code: KeyCode, modifiers: KeyModifiers) -> Event {
        key(code, modifiers)
    }

    const COLOURS: &[u8] = b"\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c";

    #[test]
    fn keys_are_read_as_crossterm_reads_them() {
        use KeyCode::*;
        let none = KeyModifiers::NONE;
        let cases: &[(&[u8], Event)] = &[
            (b"q", k(Char('q'), none)),
            (b"Q", k(Char('Q'), KeyModifiers::SHIFT)),
            ("é".as_bytes(), k(Char('é'), none)),
            (b"\r", k(Enter, none)),
            (b"\t", k(Tab, none)),
            (b"\x7f", k(Backspace, none)),
            (b"\x03", k(Char('c'), KeyModifiers::CONTROL)),
            (b"\x1a", k(Char('z'), KeyModifiers::CONTROL)),
            (b"\x00", k(Char(' '), KeyModifiers::CONTROL)),
            (b"\x1b", k(Esc, none)),
            (b"\x1bx", k(Char('x'), KeyModifiers::ALT)),
            (b"\x1b[A", k(Up, none)),
            (b"\x1bOB", k(Down, none)),
            (b"\x1b[1;5C", k(Right, KeyModifiers::CONTROL)),
            (b"\x1b[1;2D", k(Left, KeyModifiers::SHIFT)),
            (b"\x1b[H", k(Home, none)),
            (b"\x1b[4~", k(End, none)),
            (b"\x1b[5~", k(PageUp, none)),
            (b"\x1b[6;3~", k(PageDown, KeyModifiers::ALT)),
            (b"\x1b[3~", k(Delete, none)),
            (b"\x1b[2~", k(Insert, none)),
            (b"\x1bOP", k(F(1), none)),
            (b"\x1b[15~", k(F(5), none)),
            (b"\x1b[24~", k(F(12), none)),
            (b"\x1b[[A", k(F(1), none)),
            (b"\x1b[Z", k(BackTab, KeyModifiers::SHIFT)),
        ];
        for (bytes, event) in cases {
            assert_eq!(keys(bytes), std::slice::from_ref(event), "{:?}", String::from_utf8_lossy(bytes));
        }
        assert_eq!(
            keys(b"ab\x1b[Ac"),
            [k(Char('a'), none), k(Char('b'), none), k(Up, none), k(Char('c'), none)]
        );
    }

    #[test]
    fn the_mouse_in_its_three_encodings() {
        let click = |column, row| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(keys(b"\x1b[<0;10;5M"), [click(9, 4)]);
        assert_eq!(keys(b"\x1b[32;10;5M"), [click(9, 4)]);
        assert_eq!(keys(b"\x1b[M *%"), [click(9, 4)]);
        let Event::Mouse(up) = &keys(b"\x1b[<0;10;5m")[0] else { panic!("a mouse event") };
        assert_eq!(up.kind, MouseEventKind::Up(MouseButton::Left));
        let Event::Mouse(wheel) = &keys(b"\x1b[<64;1;1M")[0] else { panic!("a mouse event") };
        assert_eq!(wheel.kind, MouseEventKind::ScrollUp);
        // Positions off the scale do not wrap around.
        assert_eq!(keys(b"\x1b[<0;0;0M"), [click(0, 0)]);
        assert_eq!(keys(b"\x1b[M \x00\x00"), [click(0, 0)]);
    }

    #[test]
    fn answers_are_dropped_whole_however_they_are_split() {
        for pending in [true, false] {
            // Whole, with keys around them.
            let (events, _) = read(&[&[b"b", COLOURS, b"3"].concat()], pending);
            assert_eq!(
                events,
                [k(KeyCode::Char('b'), KeyModifiers::NONE), k(KeyCode::Char('3'), KeyModifiers::NONE)]
            );
        }
        // Split at every byte, while the answer is awaited: nothing is a key.
        for at in 1..COLOURS.len() {
            let (events, held) = read(&[&COLOURS[..at], &COLOURS[at..]], true);
            assert_eq!(events, [], "split at {at}");
            assert!(!held[1], "nothing is held once the answer is whole (split at {at})");
        }
        // In many pieces.
        let pieces: Vec<&[u8]> = COLOURS.chunks(3).collect();
        assert_eq!(read(&pieces, true).0, []);
        // After the device attributes came, every answer has: Esc is a key at once again.
        let mut parser = Parser::new(true);
        parser.feed(COLOURS);
        let mut out = Vec::new();
        assert!(!parser.events(&mut out) && out.is_empty());
        assert!(!parser.awaits_answers());
        parser.feed(b"\x1b");
        assert!(!parser.events(&mut out));
        assert_eq!(out, [k(KeyCode::Esc, KeyModifiers::NONE)]);
    }

    /// The colours come out of the answers however they are split, each once, and only when
    /// both have come; the answers are no keys.
    #[test]
    fn the_colours_are_taken_from_the_answers() {
        for cut in 0..COLOURS.len() {
            let mut parser = Parser::new(true);
            let mut out = Vec::new();
            parser.feed(&COLOURS[..cut]);
            parser.events(&mut out);
            parser.feed(&COLOURS[cut..]);
            parser.events(&mut out);
            assert_eq!(out, [], "cut at {cut}");
            assert_eq!(parser.take_colours(), Some(([0, 0, 0], [0xffff; 3])), "cut at {cut}");
            assert_eq!(parser.take_colours(), None);
            assert!(!parser.awaits_answers());
        }
        let mut parser = Parser::new(true);
        parser.feed(b"\x1b]11;rgb:f/80/ff\x07x");
        let mut out = Vec::new();
        parser.events(&mut out);
        assert_eq!(out, [k(KeyCode::Char('x'), KeyModifiers::NONE)]);
        assert_eq!(parser.take_colours(), None, "the text's colour has not come");
        assert_eq!(rgb("f/80/ff"), Some([0xffff, 0x8080, 0xffff]));
        assert_eq!(rgb("ffff/0/0/0"), None);
        assert_eq!(rgb("ffff/0"), None);
    }

    #[test]
    fn a_lone_esc_is_held_only_while_an_answer_is_awaited_and_is_esc_if_nothing_follows() {
        let esc = k(KeyCode::Esc, KeyModifiers::NONE);
        let mut parser = Parser::new(true);
        let mut out = Vec::new();
        parser.feed(b"\x1b");
        assert!(parser.events(&mut out), "held");
        assert!(out.is_empty());
        parser.flush(&mut out);
        assert_eq!(out, std::slice::from_ref(&esc));
        // Not awaited: at once.
        let (events, held) = read(&[b"\x1b"], false);
        assert_eq!((events, held), (vec![esc.clone()], vec![false]));
        // Esc then a key that no answer starts with.
        assert_eq!(read(&[b"\x1b", b"q"], true).0, [k(KeyCode::Char('q'), KeyModifiers::ALT)]);
        // Alt-] typed, and what is typed after it, are keys.
        assert_eq!(
            read(&[b"\x1b]", b"x"], false).0,
            [k(KeyCode::Char(']'), KeyModifiers::ALT), k(KeyCode::Char('x'), KeyModifiers::NONE)]
        );
        assert_eq!(read(&[b"\x1b]"], true).0, [k(KeyCode::Char(']'), KeyModifiers::ALT)]);
        // An unfinished answer that never ends is dropped, not typed.
        assert_eq!(read(&[b"\x1b]11;rgb:ffff/ff"], true).0, []);
        // A sequence that never ends is held no longer than its longest length.
        let endless = [b"\x1b[".as_slice(), &[b'1'; 200]].concat();
        let mut parser = Parser::new(false);
        parser.feed(&endless);
        assert!(!parser.events(&mut out), "nothing held");
    }
}
