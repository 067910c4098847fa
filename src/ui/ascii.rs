//! The last passes: with the ASCII glyphs, every cell drawn is brought down to ASCII; with the
//! CJK glyphs, every cell of East-Asian "ambiguous" width is brought down to one that is not.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;

/// With the ASCII glyphs, whatever else was drawn (frames, arrows, the engine's `⊕`, the `è` of
/// misère, a player's name) is brought down to ASCII too, cell by cell, so a terminal without
/// UTF-8 never receives a byte it cannot show.
pub(super) fn ascii_only(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let symbol = buf[(x, y)].symbol();
            if !symbol.is_ascii() {
                let wide = Span::raw(symbol).width() == 2 && x + 1 < area.right();
                let plain = symbol.chars().next().map(ascii_for).unwrap_or(' ');
                buf[(x, y)].set_char(plain);
                if wide {
                    // The cell a wide character spilled into gets a character of its own.
                    x += 1;
                    buf[(x, y)].set_char(' ');
                }
            }
            x += 1;
        }
    }
}

/// With the CJK glyphs, whatever else was drawn with a character of East-Asian "ambiguous" width
/// (a frame's `─`, the `è` of misère, an arrow, a player's `é`) is replaced by its ASCII stand-in,
/// so that a terminal drawing those characters two columns wide draws the screen as laid out.
/// Characters whose width is the same everywhere (ASCII, `◉`, the wide `李`) stay, and so does the
/// nim-sum's `⊕` (see [`KEPT_IN_CJK`]).
pub(super) fn unambiguous_only(area: Rect, buf: &mut Buffer) {
    use unicode_width::UnicodeWidthStr;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let symbol = buf[(x, y)].symbol();
            if KEPT_IN_CJK.contains(&symbol) {
                continue;
            }
            if KEPT_BEFORE_A_BLANK.contains(&symbol)
                && x + 1 < area.right()
                && buf[(x + 1, y)].symbol() == " "
            {
                continue;
            }
            if symbol.width_cjk() != symbol.width() || symbol.chars().any(wide_in_cjk_terminals) {
                let plain = symbol.chars().next().map(ascii_for).unwrap_or(' ');
                buf[(x, y)].set_char(plain);
            }
        }
    }
}

/// Ambiguous characters the CJK pass leaves as they are: the mathematics, not the board. `⊕` is
/// the sign the Nim lesson teaches (这样的和记作 ⊕) and every Chinese textbook, encyclopedia and
/// competition book writes; its stand-ins are no symbol a student meets again (`⊻` is drawn by CJK
/// fonts as a small underlined v, `^` reads as a power). In a terminal that draws ambiguous
/// characters two columns wide, each `⊕` pushes the rest of its row one column right until the
/// next change; the messages keep a space on each side of it so that nothing is overdrawn. The
/// arrows are said in words in the Chinese sentences (上、下方向键) and named on the key lines.
const KEPT_IN_CJK: [&str; 1] = ["⊕"];

/// Euclid's signs (`4 ÷ 3 < φ ≈ 1.618`) stay for the same reason where a blank follows them, so
/// that a terminal drawing them two columns wide draws them over the blank: a `?` in their place
/// (seen at 60x20 in Chinese) said nothing. Elsewhere (`⌊kφ⌋`) they have stand-ins.
const KEPT_BEFORE_A_BLANK: [&str; 3] = ["φ", "÷", "≈"];

/// Letters `unicode-width` counts one column even in CJK terminals, which xterm's `-cjk_width`
/// (Markus Kuhn's `wcwidth_cjk`) and the terminals of CJK locales draw two wide all the same: the
/// accented Latin letters (`è` of misère, a player's `é`), Greek and Cyrillic, of East-Asian
/// "ambiguous" width.
fn wide_in_cjk_terminals(c: char) -> bool {
    ('\u{A1}'..='\u{4FF}').contains(&c)
}

/// The ASCII stand-in for a character drawn in one cell.
fn ascii_for(c: char) -> char {
    match c {
        '─' | '━' | '┄' | '┈' | '╌' | '═' => '-',
        '│' | '┃' | '┆' | '┊' | '╎' | '▏' | '║' => '|',
        // The title's shadow (assets/title.txt), which would otherwise be drawn as `?`.
        '╔' | '╗' | '╚' | '╝' | '╠' | '╣' | '╦' | '╩' | '╬' => '+',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╯' | '╰' => {
            '+'
        }
        '▶' | '→' | '›' | '»' => '>',
        '◀' | '←' | '‹' | '«' => '<',
        '↑' | '⊕' => '^',
        '↓' => 'v',
        '●' | '○' => 'o',
        '█' | '▓' | '▀' | '▄' => '#',
        '▒' | '░' => ':',
        '⋯' | '…' => '~',
        '·' | '•' => '|',
        '✓' => '+',
        '✗' | '×' => 'x',
        '÷' => '/',
        '≈' => '~',
        '²' => '2',
        'φ' => 'p',
        '−' | '–' | '—' => '-',
        '‘' | '’' => '\'',
        '“' | '”' => '"',
        'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'À' | 'Á' | 'Â' | 'Ä' | 'Ã' | 'Å' => 'A',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'È' | 'É' | 'Ê' | 'Ë' => 'E',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        'ø' => 'o',
        'Ø' => 'O',
        'æ' => 'a',
        'ß' => 's',
        'Ç' => 'C',
        'Ñ' => 'N',
        'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
        'Ò' | 'Ó' | 'Ô' | 'Ö' | 'Õ' => 'O',
        'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
        _ => '?',
    }
}
