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

/// `line` wrapped at spaces into lines of at most `width` columns, each word keeping its style,
/// never inside a formula ([`Formula`]); a word (or formula) longer than a line is broken where the
/// line ends. Nothing is lost: every word is on some line. The layout counts rows with this same
/// function, so what it reserves is what is drawn.
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
    // A reader of a hint does not read `(5,` at a line's end and `2)` at the next's.
    let words = words.into_iter().map(|(word, style, glued)| (word, (style, glued))).collect();
    let held = formulas_held(words, width, |&(_, glued)| glued, |a, b| a.0 == b.0);
    for (word, (style, glued)) in held {
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

/// Where a line may not break between two words because they are one formula: an operator
/// (`⊕`, `⊗`, `=`, `<`, `→`...) holds to the words on both sides of it, and a bracket opened by a
/// formula's word (`(5,`, `(x−1`) holds the words up to its closing one. A formula's word is short,
/// has no run of three letters and nothing Chinese: `(asks first; counts as a loss)` is prose, and
/// breaks as prose. Fed the words of a line in order; [`Formula::joins`] says whether each stays
/// with the one before.
#[derive(Debug, Default)]
struct Formula {
    /// Brackets a formula's words opened and did not close yet.
    open: usize,
    /// Whether the word before is an operator.
    after_operator: bool,
    /// Whether the word before could be a formula's (short, no run of three letters, nothing
    /// Chinese): an operator holds only to such a word, so `记作 ⊕` may still break before `⊕`.
    after_formula: bool,
    /// Whether there was a word before.
    started: bool,
}

impl Formula {
    /// Whether `word` stays on the line of the word before it (one space between them). `glued`:
    /// no space before it at all (it goes on the word before as it is, and breaks nothing).
    fn joins(&mut self, word: &str, glued: bool) -> bool {
        let operator = OPERATORS.contains(&word);
        let short =
            word.chars().count() <= 8 && !has_a_word(word) && word.chars().all(|c| c.width() != Some(2));
        let joins = !glued
            && self.started
            && ((operator && self.after_formula)
                || (self.after_operator && short)
                || (self.open > 0 && short));
        if !short {
            self.open = 0;
        } else {
            let opened = word.matches('(').count();
            let closed = word.matches(')').count();
            self.open = (self.open + opened).saturating_sub(closed);
        }
        self.after_operator = operator;
        self.after_formula = short;
        self.started = true;
        joins
    }
}

/// Whether `text` has a run of three letters: a word of prose, not a formula's `x−1` or `a,`.
fn has_a_word(text: &str) -> bool {
    let mut run = 0;
    text.chars().any(|c| {
        run = if c.is_alphabetic() { run + 1 } else { 0 };
        run == 3
    })
}

/// The words of a line, each with what the wrapper keeps of it (`T`), with the words of a formula
/// ([`Formula`]) joined into one by a space where `width` has room for them: the wrapper then never
/// breaks inside one. `glued` says whether a word had no space before it, `same` whether two
/// words may be joined at all (the same style).
pub(super) fn formulas_held<T>(
    words: Vec<(String, T)>,
    width: usize,
    glued: impl Fn(&T) -> bool,
    same: impl Fn(&T, &T) -> bool,
) -> Vec<(String, T)> {
    let mut formula = Formula::default();
    let mut held: Vec<(String, T)> = Vec::with_capacity(words.len());
    for (word, kept) in words {
        let joins = formula.joins(&word, glued(&kept));
        match held.last_mut() {
            // A formula longer than a line breaks at its spaces, as prose does.
            Some(last) if joins && same(&last.1, &kept) && last.0.width() + 1 + word.width() <= width => {
                last.0.push(' ');
                last.0.push_str(&word);
            }
            _ => held.push((word, kept)),
        }
    }
    held
}

/// The operators a formula's words stand around, each a word of its own.
const OPERATORS: &[&str] = &["⊕", "⊗", "=", "≠", "<", ">", "≤", "≥", "+", "−", "×", "→"];

/// Punctuation that closes a Chinese clause or sentence, which a wrapped line never starts with.
pub(super) const CLOSING: &[char] = &[')', '，', '。', '、', '：', '；', '！', '？', '）', '」', '…', '⋯'];

/// Punctuation that opens a Chinese clause, which a wrapped line never ends with.
pub(super) const OPENING: &[char] = &['(', '（', '「'];

/// The rows `line` takes wrapped into `width` columns (see [`wrap`]).
pub(super) fn wrapped_len(line: &Line<'static>, width: usize) -> usize {
    wrap(line, width).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, width: usize) -> Vec<String> {
        wrap(&Line::raw(text.to_string()), width).iter().map(|l| l.to_string()).collect()
    }

    /// A hint's formulas and coordinates are never cut across two lines at any width they fit in,
    /// and nothing is lost; prose in brackets still breaks as prose.
    #[test]
    fn a_formula_stays_on_one_line() {
        let hint = "Hint: the head at (5, 2) is worth 4, and a rectangle from it to (a, b) changes the \
                    XOR by (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1) = 4 ⊗ 1 = 4: turn over the corners from (5, 2) \
                    to (1, 1), which leaves 3 ⊕ 5 ⊕ 6 = 0";
        let whole =
            ["(5, 2)", "(a, b)", "(x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1) = 4 ⊗ 1 = 4:", "(1, 1),", "3 ⊕ 5 ⊕ 6 = 0"];
        for width in 12..=100 {
            let lines = rows(hint, width);
            let words = |text: &str| {
                text.split(' ').filter(|w| !w.is_empty()).map(str::to_string).collect::<Vec<_>>()
            };
            assert_eq!(lines.iter().flat_map(|l| words(l)).collect::<Vec<_>>(), words(hint), "width {width}");
            for formula in whole {
                if formula.chars().count() <= width {
                    assert!(
                        lines.iter().any(|l| l.contains(formula)),
                        "width {width}: {formula} cut in {lines:#?}"
                    );
                }
            }
            assert!(lines.iter().all(|l| l.chars().count() <= width), "width {width}: {lines:#?}");
        }
        let prose = rows("resign (asks first; counts as a loss)", 14);
        assert_eq!(prose, ["resign (asks", "first; counts", "as a loss)"]);
    }
}
