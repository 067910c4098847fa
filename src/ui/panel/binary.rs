//! The binary view: each heap in binary with the powers of two as column headers, the nim-sum
//! below, and the columns with an odd number of ones picked out. Everything comes from the
//! engine's explanation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::Game;
use crate::engine::{Explanation, MoveReason, binary_digits};

use crate::ui::look::Look;

/// Up to this many binary digits, every column gets its power of two as a header.
const HEADED_DIGITS: usize = 8;

/// How one column of digits is laid out.
struct Columns {
    /// How many columns are shown.
    digits: usize,
    /// The highest column shown, counted from 0 at the right.
    top: usize,
    /// Cells per column when headed; grouped columns are one cell with a space every four.
    cell: usize,
}

impl Columns {
    fn new(digits: usize) -> Columns {
        Columns::window(digits - 1, digits)
    }

    /// `shown` columns whose highest is column `top` (counted from 0 at the right).
    fn window(top: usize, shown: usize) -> Columns {
        let cell = if shown <= HEADED_DIGITS { (1u64 << top).to_string().len() } else { 1 };
        Columns { digits: shown, top, cell }
    }

    fn width(&self) -> usize {
        if self.digits <= HEADED_DIGITS {
            self.digits * (self.cell + 1) - 1
        } else {
            self.digits + (self.digits - 1) / 4
        }
    }

    /// The spans of `value`'s digits; `odd` has a bit set for each column with an odd count of ones.
    fn spans(&self, value: u64, odd: u64, plain: Style, strong: Style) -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        for column in 0..self.digits {
            let bit = self.top - column;
            if column > 0 && (self.digits <= HEADED_DIGITS || (bit + 1).is_multiple_of(4)) {
                spans.push(Span::raw(" "));
            }
            let digit = if value >> bit & 1 == 1 { "1" } else { "0" };
            let style = if odd >> bit & 1 == 1 { strong } else { plain };
            spans.push(Span::styled(format!("{digit:>width$}", width = self.cell), style));
        }
        spans
    }

    fn header(&self) -> String {
        if self.digits <= HEADED_DIGITS {
            (0..self.digits)
                .map(|c| format!("{:>width$}", 1u64 << (self.top - c), width = self.cell))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            // Too many columns to head each: label each group of four by its highest power.
            let first = match (self.top + 1) % 4 {
                0 => 4,
                r => r,
            };
            let mut groups = Vec::new();
            let mut left = self.digits;
            let mut top = self.top;
            let mut size = first;
            while left > 0 {
                let this = size.min(left);
                let label = format!("2^{top}");
                groups.push(if label.len() <= this { format!("{label:<this$}") } else { " ".repeat(this) });
                left -= this;
                top = top.saturating_sub(this);
                size = 4;
            }
            groups.join(" ")
        }
    }
}

/// The label column's width: "nim-sum" or "heap 12".
const LABEL: usize = 8;

/// The width the panel would like, frame included: every column of the widest heap.
pub(super) fn width(game: &Game) -> u16 {
    // Only the widest heap matters here; the layout asks for this on every frame.
    let columns = Columns::new(binary_digits(game.position().heaps()));
    (LABEL + columns.width() + 4) as u16
}

/// The rows the full panel needs, frame included: header, heaps, rule, nim-sum, and up to four
/// lines of working (it wraps in a narrow panel).
pub(super) fn full_height(game: &Game) -> u16 {
    game.position().len() as u16 + 9
}

/// Draws the panel into `area`. What does not fit gives way and says so: first heap rows (a
/// window around the selected heap is kept), then the header and the rule; columns are cut from
/// the left, keeping the nim-sum's highest column and those below it.
pub(super) fn render(game: &Game, explanation: &Explanation, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let nim_sum = explanation.nim_sum();
    let block = Block::bordered()
        .title(" Binary ")
        .border_style(theme.fg(theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width < 8 || inner.height == 0 {
        return;
    }

    // Columns: all of them, or as many as fit ending with the nim-sum's top column.
    let digits = explanation.digits();
    let room = usize::from(inner.width).saturating_sub(LABEL);
    let (top, shown) = column_window(digits, nim_sum, room);
    let columns = Columns::window(top, shown);
    let plain = theme.fg(theme.text);
    // The columns with an odd number of ones stand out: bolder and in the hint's colour.
    let strong = theme.strong(theme.hint);
    let label = |text: String| Span::styled(format!("{text:<LABEL$}"), theme.fg(theme.dim));

    let working = working(game, explanation);
    let working_rows = if working.is_empty() {
        0
    } else {
        (Span::raw(working.as_str()).width().div_ceil(usize::from(inner.width)) as u16).clamp(1, 4)
    };
    let hidden_columns = digits - shown;
    let fixed = 1 + working_rows.min(inner.height.saturating_sub(1));
    let heaps = explanation.heaps.len() as u16;
    let frame_rows = 2; // the header and the rule
    let fit_heaps = inner.height.saturating_sub(fixed + frame_rows);
    let mut lines = Vec::new();
    if fit_heaps >= 1 {
        let mut header = vec![label(String::new()), Span::styled(columns.header(), theme.fg(theme.dim))];
        if hidden_columns > 0 {
            header.insert(1, Span::styled(look.glyphs.overflow.clone(), theme.fg(theme.dim)));
        }
        lines.push(Line::from(header));
        // All the heaps, or a window around the selected one with a line saying what is left out.
        let (first, count) = if fit_heaps >= heaps {
            (0, heaps)
        } else {
            let count = fit_heaps.saturating_sub(1).max(1);
            let selected = (game.selected as u16).min(heaps - 1);
            (selected.saturating_sub(count / 2).min(heaps - count), count)
        };
        for i in first..first + count {
            let h = explanation.heaps[usize::from(i)];
            let mut spans = vec![label(format!("heap {}", i + 1))];
            if hidden_columns > 0 {
                spans.push(Span::raw(" "));
            }
            spans.extend(columns.spans(h, nim_sum, plain, strong));
            lines.push(Line::from(spans));
        }
        if count < heaps {
            lines.push(Line::styled(
                format!("{} heaps {}-{} of {heaps} shown", look.glyphs.overflow, first + 1, first + count),
                theme.fg(theme.dim),
            ));
        }
        let pad = if hidden_columns > 0 { 1 } else { 0 };
        lines.push(Line::from(vec![
            label(String::new()),
            Span::styled(look.glyphs.rule.repeat(columns.width() + pad), theme.fg(theme.dim)),
        ]));
    }
    let mut sum = vec![Span::styled(format!("{:<LABEL$}", "nim-sum"), theme.strong(theme.text))];
    if hidden_columns > 0 {
        sum.push(Span::raw(" "));
    }
    sum.extend(columns.spans(nim_sum, nim_sum, plain, strong));
    if columns.width() + LABEL + 8 <= usize::from(inner.width) {
        sum.push(Span::styled(format!("  = {nim_sum}"), theme.fg(theme.dim)));
    }
    lines.push(Line::from(sum));
    if hidden_columns > 0 && lines.len() < usize::from(inner.height) {
        lines.push(Line::styled(
            format!("{} {hidden_columns} higher columns not shown", look.glyphs.overflow),
            theme.fg(theme.dim),
        ));
    }
    lines.push(Line::styled(working, theme.fg(theme.hint)));
    Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
}

/// Which columns to show when only `room` cells are free: the highest shown column (counted from
/// 0 at the right) and how many. All of them when they fit; otherwise as many as fit, topped by
/// the nim-sum's highest column (the one that picks the heap to move), or the lowest ones.
fn column_window(digits: usize, nim_sum: u64, room: usize) -> (usize, usize) {
    if Columns::new(digits).width() <= room {
        return (digits - 1, digits);
    }
    let sum_top = if nim_sum == 0 { 0 } else { 63 - nim_sum.leading_zeros() as usize };
    // The most columns that fit beside the mark of the hidden ones; whole groups of four when
    // grouped, so the groups line up with the full view's.
    (1..digits)
        .rev()
        .filter(|&shown| shown <= HEADED_DIGITS || shown % 4 == 0)
        .map(|shown| {
            let top = sum_top.max(shown - 1);
            let top = if shown > HEADED_DIGITS { top | 3 } else { top };
            (top.min(digits - 1), shown)
        })
        .find(|&(top, shown)| Columns::window(top, shown).width() < room)
        .unwrap_or((digits - 1, 1))
}

/// The panel's last line: the hint's working when a hint is shown, else what the nim-sum says.
fn working(game: &Game, explanation: &Explanation) -> String {
    if game.over.is_some() {
        return String::new();
    }
    let endgame = explanation.analysis.endgame;
    if game.hint.is_some() {
        return match &explanation.best {
            MoveReason::MisereEndgame { .. } => format!(
                "Misère endgame: only heaps of one would be left, so leave an odd number of them. {}",
                crate::words::working(explanation).unwrap_or_default()
            ),
            MoveReason::Losing { .. } if endgame => {
                "Misère endgame: an odd number of heaps of one is left; every move loses".into()
            }
            MoveReason::Losing { .. } => "nim-sum 0: every move leaves a nim-sum that is not 0".into(),
            _ => crate::words::working(explanation).unwrap_or_default(),
        };
    }
    if endgame {
        "Misère endgame: no heap of two or more would be left; aim for an odd number of heaps of one".into()
    } else if explanation.nim_sum() == 0 {
        "nim-sum 0: the player to move loses against perfect play".into()
    } else {
        "nim-sum not 0: a move to nim-sum 0 wins".into()
    }
}
