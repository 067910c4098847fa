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
        if used > 0 && used + space + w > width {
            lines.push(Line::from(std::mem::take(&mut current)));
            used = 0;
        } else if space == 1 {
            current.push(Span::raw(" "));
            used += 1;
        }
        // A word longer than a whole line is broken into pieces a line wide.
        let mut rest = word.as_str();
        loop {
            let room = width - used;
            let mut taken = 0;
            let mut end = 0;
            for g in unicode_segmentation::UnicodeSegmentation::graphemes(rest, true) {
                let gw = Span::raw(g).width();
                if taken + gw > room {
                    break;
                }
                taken += gw;
                end += g.len();
            }
            if end == rest.len() {
                current.push(Span::styled(rest.to_string(), style));
                used += taken;
                break;
            }
            if end == 0 && used == 0 {
                // Not even one character fits: give up on this word rather than loop.
                break;
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

/// The rows `line` takes wrapped into `width` columns (see [`wrap`]).
pub(super) fn wrapped_len(line: &Line<'static>, width: usize) -> usize {
    wrap(line, width).len()
}
