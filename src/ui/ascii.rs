//! The ASCII pass: with the ASCII glyphs, every cell drawn is brought down to ASCII last of all.

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

/// The ASCII stand-in for a character drawn in one cell.
fn ascii_for(c: char) -> char {
    match c {
        '─' | '━' | '┄' | '┈' | '╌' => '-',
        '│' | '┃' | '┆' | '┊' | '╎' | '▏' => '|',
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
        _ => '?',
    }
}
