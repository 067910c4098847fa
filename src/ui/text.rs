//! The text helpers every screen and panel shares: numbers as the screen writes them, a capital
//! letter, lines and strings cut to a width with an ellipsis, and the rows a wrapped line takes.

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub(super) use crate::words::{capitalised, padded};

/// A number as the screen writes it: plain digits everywhere, as the engine's explanations, `solve`
/// and records write them.
pub fn number(n: u64) -> String {
    n.to_string()
}

/// `line` cut to `width` columns, ending in `…` when anything was cut: a panel never cuts silently.
pub(super) fn shortened(line: Line<'static>, width: usize, ellipsis: &str) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let mut left = width.saturating_sub(Span::raw(ellipsis).width());
    let mut spans = Vec::new();
    for span in line.spans {
        if left == 0 {
            break;
        }
        let mut text = String::new();
        for g in unicode_segmentation::UnicodeSegmentation::graphemes(span.content.as_ref(), true) {
            let w = Span::raw(g).width();
            if w > left {
                left = 0;
                break;
            }
            left -= w;
            text.push_str(g);
        }
        spans.push(Span::styled(text, span.style));
    }
    let style = spans.last().map(|s| s.style).unwrap_or_default();
    spans.push(Span::styled(ellipsis.to_string(), style));
    Line::from(spans)
}

/// `text` cut to `width` columns, ending in `ellipsis` when it was cut. Columns are display
/// columns: a Chinese character takes two, and none is cut in half.
pub(super) fn cut(text: &str, width: usize, ellipsis: &str) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut left = width.saturating_sub(ellipsis.width());
    let mut out = String::new();
    for g in unicode_segmentation::UnicodeSegmentation::graphemes(text, true) {
        let w = g.width();
        if w > left {
            break;
        }
        left -= w;
        out.push_str(g);
    }
    out.push_str(ellipsis);
    out
}

/// About how many rows a line `width` columns wide takes when wrapped at words into `room`
/// columns: wrapping breaks at words, so a little more than the bare division.
pub(super) fn wrapped_rows(width: usize, room: usize) -> usize {
    (width + room / 4).div_ceil(room)
}

/// `line` wrapped at spaces into lines of at most `width` columns, each word keeping its style; a
/// word longer than a line is broken where the line ends. Nothing is lost: every word is on some
/// line. The layout counts rows with this same function, so what it reserves is what is drawn.
pub(super) fn wrap(line: &Line<'static>, width: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    // A line that fits is kept as it is, its spacing (a table's columns) included.
    if line.width() <= width {
        return vec![line.clone()];
    }
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut current: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    // Words with the style of the span they come from; a space between spans is kept as a break.
    let mut words: Vec<(String, ratatui::style::Style, bool)> = Vec::new();
    let mut after_space = true;
    for span in &line.spans {
        let mut first = true;
        for word in span.content.split(' ') {
            // `glued`: no space before this word (it continues the previous span's last word).
            let glued = first && !after_space && !span.content.starts_with(' ');
            first = false;
            if word.is_empty() {
                continue;
            }
            words.push((word.to_string(), span.style, glued));
        }
        if !span.content.is_empty() {
            after_space = span.content.ends_with(' ');
        }
    }
    for (word, style, glued) in words {
        let w = Span::raw(word.as_str()).width();
        let space = usize::from(used > 0 && !glued);
        // Chinese (any wide character) breaks between characters, so a run of it fills the line
        // it starts on instead of moving whole to the next one.
        let breakable = word.chars().any(|c| c.width() == Some(2));
        if used > 0 && used + space + w > width && !(breakable && used + space + 2 <= width) {
            lines.push(Line::from(std::mem::take(&mut current)));
            used = 0;
        } else if space == 1 {
            current.push(Span::raw(" "));
            used += 1;
        }
        // A word longer than a whole line (or a run of Chinese) is broken into pieces a line wide.
        let mut rest = word.as_str();
        loop {
            let room = width - used;
            let mut taken = 0;
            let mut end = 0;
            // Where the piece may end: after the last grapheme that fits, or (in a run of
            // Chinese) at the last place that fits where a wide character meets its neighbour,
            // neither closing punctuation starting the next line nor opening ending this one;
            // `0` for none.
            let mut allowed = 0;
            let mut before_wide = false;
            let mut after_opening = false;
            for g in unicode_segmentation::UnicodeSegmentation::graphemes(rest, true) {
                let gw = Span::raw(g).width();
                let wide = gw == 2;
                if end > 0 && (wide || before_wide) && !g.starts_with(CLOSING) && !after_opening {
                    allowed = end;
                }
                if taken + gw > room {
                    break;
                }
                taken += gw;
                end += g.len();
                before_wide = wide;
                after_opening = g.ends_with(OPENING);
            }
            if end == rest.len() {
                current.push(Span::styled(rest.to_string(), style));
                used += taken;
                break;
            }
            if breakable {
                end = match allowed {
                    // Nowhere to break in the room left: the word starts the next line.
                    0 if used > 0 => 0,
                    0 => end,
                    allowed => allowed,
                };
            }
            if end == 0 {
                if used == 0 {
                    // Not even one character fits: give up on this word rather than loop.
                    break;
                }
                lines.push(Line::from(std::mem::take(&mut current)));
                used = 0;
                continue;
            }
            current.push(Span::styled(rest[..end].to_string(), style));
            lines.push(Line::from(std::mem::take(&mut current)));
            used = 0;
            rest = &rest[end..];
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(Line::from(current));
    }
    lines
}

/// Punctuation that closes a Chinese clause or sentence, which a wrapped line never starts with.
pub(super) const CLOSING: &[char] = &[')', '，', '。', '、', '：', '；', '！', '？', '）', '」', '…', '⋯'];

/// Punctuation that opens a Chinese clause, which a wrapped line never ends with.
pub(super) const OPENING: &[char] = &['(', '（', '「'];

/// The rows `line` takes wrapped into `width` columns (see [`wrap`]).
pub(super) fn wrapped_len(line: &Line<'static>, width: usize) -> usize {
    wrap(line, width).len()
}
