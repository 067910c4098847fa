//! The text helpers every screen and panel shares: numbers as the screen writes them, a capital
//! letter, lines and strings cut to a width with an ellipsis, and the rows a wrapped line takes.

use ratatui::text::{Line, Span};

pub(super) use crate::words::capitalised;

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

/// `text` cut to `width` characters, ending in `ellipsis` when it was cut.
pub(super) fn cut(text: &str, width: usize, ellipsis: &str) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let keep = width.saturating_sub(ellipsis.chars().count());
    let mut out: String = text.chars().take(keep).collect();
    out.push_str(ellipsis);
    out
}

/// About how many rows a line `width` columns wide takes when wrapped at words into `room`
/// columns: wrapping breaks at words, so a little more than the bare division.
pub(super) fn wrapped_rows(width: usize, room: usize) -> usize {
    (width + room / 4).div_ceil(room)
}
