//! The binary view: each heap in binary with the powers of two as column headers, level with its
//! tokens, the nim-sum below, and the columns with an odd number of ones a band of colour;
//! digits drawn large when the board's rows are tall. Everything comes from the engine's
//! explanation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::Game;
use crate::engine::{Explanation, MoveReason, Teaching, binary_digits};

use super::Levels;
use crate::i18n::{self, Arg};
use crate::ui::digits;
use crate::ui::look::Look;
use crate::ui::text::{padded, wrap, wrapped_len};

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

/// Columns a big digit's column takes: the digit (or its power of two, if wider) and a gap.
fn big_cell(columns: &Columns) -> usize {
    columns.cell.max(usize::from(digits::WIDTH))
}

/// Where each shown column stands, from the left of the digits: (its bit, its first column, its
/// width).
fn places(columns: &Columns, big: bool) -> Vec<(usize, usize, usize)> {
    let mut x = 0;
    let mut places = Vec::new();
    for column in 0..columns.digits {
        let bit = columns.top - column;
        let width = if big { big_cell(columns) } else { columns.cell };
        if column > 0 && (big || columns.digits <= HEADED_DIGITS || (bit + 1).is_multiple_of(4)) {
            // Big digits stand two columns apart, so that neighbours never touch.
            x += if big { 2 } else { 1 };
        }
        places.push((bit, x, width));
        x += width;
    }
    places
}

/// Whether the digits can be drawn large: few enough columns to head each.
fn can_be_big(digits: usize) -> bool {
    digits <= HEADED_DIGITS
}

/// The width the panel would like, frame included: every column of the widest heap, and the
/// nim-sum's value after its digits.
pub(super) fn width(game: &Game, big: bool) -> u16 {
    // Only the widest heap matters here; the layout asks for this on every frame.
    let digits = binary_digits(game.position().heaps());
    let columns = Columns::new(digits);
    let drawn = match big && can_be_big(digits) {
        true => places(&columns, true).last().map_or(0, |&(_, x, w)| x + w),
        false => columns.width(),
    };
    (LABEL + drawn + 4 + 6) as u16
}

/// The rows after the heaps: the rule, the nim-sum (three rows when large), the working wrapped in
/// `width` columns (frame included), and the frame's bottom.
pub(super) fn tail_rows(game: &Game, width: u16, big: bool) -> u16 {
    let Teaching::Nim(explanation) = game.teach() else { return least_tail_rows(big) };
    let text = working(game, explanation);
    let rows = match text.is_empty() {
        true => 0,
        false => wrapped_len(&Line::raw(text), usize::from(width.saturating_sub(4)).max(1)).min(6) as u16,
    };
    least_tail_rows(big) + rows
}

/// The fewest rows after the heaps: the rule, the nim-sum and the frame's bottom.
pub(super) fn least_tail_rows(big: bool) -> u16 {
    if big { 1 + digits::HEIGHT + 1 } else { 3 }
}

/// Draws the panel into `area`, each heap's line at its row in `levels` (stacked from the top when
/// `None`). Beside the board, each heap's digits stand level with its tokens, drawn large when its
/// rows are tall enough; the columns with an odd number of ones are a band of colour through every
/// row, from the powers of two to the nim-sum. What does not fit gives way: the working first
/// (cut to the rows left), then the heaps' rows (the layout's choice); columns are cut from the
/// left, keeping the nim-sum's highest column and those below it.
pub(super) fn render(
    game: &Game,
    explanation: &Explanation,
    look: &Look,
    area: Rect,
    levels: Option<&Levels>,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let nim_sum = explanation.nim_sum();
    let block = Block::bordered()
        .title(format!(" {} ", i18n::text("binary-title")))
        .border_style(theme.fg(theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width < 8 || inner.height == 0 {
        return;
    }
    let stacked;
    let levels = match levels {
        Some(levels) => levels,
        None => {
            let first = usize::from(game.selected as u16).saturating_sub(1);
            let keep = least_tail_rows(false) - 1;
            let heaps = explanation.heaps.len();
            let first = first.min(heaps.saturating_sub(usize::from(inner.height.saturating_sub(1 + keep))));
            stacked = Levels::stacked(inner, heaps, first, keep);
            &stacked
        }
    };

    // Columns: all of them, or as many as fit ending with the nim-sum's top column.
    let digits = explanation.digits();
    let room = usize::from(inner.width).saturating_sub(LABEL);
    let (top, shown) = column_window(digits, nim_sum, room);
    let columns = Columns::window(top, shown);
    let big = levels.big && can_be_big(digits) && shown == digits && {
        let places = places(&columns, true);
        places.last().is_some_and(|&(_, x, w)| x + w <= room)
    };
    let hidden_columns = digits - shown;
    let left = inner.x + LABEL as u16 + u16::from(hidden_columns > 0);
    let places = places(&columns, big);
    let bottom = inner.bottom();
    let plain = theme.fg(theme.text);
    // The columns with an odd number of ones stand out: a band of colour, bolder digits in the
    // hint's colour.
    let strong = theme.strong(theme.hint);
    let dim = theme.fg(theme.dim);
    let odd = |bit: usize| nim_sum >> bit & 1 == 1;
    let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
        if y >= inner.y && y < bottom && x < inner.right() {
            let room = usize::from(inner.right() - x);
            buf.set_stringn(x, y, text, room, style);
        }
    };

    // Where the sum stands: after the rule, three rows when large.
    let rule_y = levels.tail;
    let sum_y = rule_y + 1;
    let sum_rows = if big { digits::HEIGHT } else { 1 };
    let band_top = levels.head.or(levels.rows.first().map(|r| r.1)).unwrap_or(rule_y);
    let band_bottom = (sum_y + sum_rows).min(bottom);
    for &(bit, x, w) in &places {
        if !odd(bit) {
            continue;
        }
        // The band takes the gap before its column too, so that a one-cell column still shows.
        let from = left + x as u16 - u16::from(x > 0 || hidden_columns == 0);
        for y in band_top.max(inner.y)..band_bottom {
            for cx in from..(left + (x + w) as u16).min(inner.right()) {
                let cell = &mut buf[(cx, y)];
                cell.set_style(theme.on_band(Style::new()));
            }
        }
    }
    let digit_style = |bit: usize| if odd(bit) { strong } else { plain };
    let header_style = |bit: usize| if odd(bit) { plain } else { dim };

    if let Some(y) = levels.head {
        if hidden_columns > 0 {
            put(buf, inner.x + LABEL as u16, y, &look.glyphs.overflow, dim);
        }
        if columns.digits <= HEADED_DIGITS || big {
            for &(bit, x, w) in &places {
                put(buf, left + x as u16, y, &format!("{:>w$}", 1u64 << bit), header_style(bit));
            }
        } else {
            put(buf, left, y, &columns.header(), dim);
        }
    }
    let draw_value = |buf: &mut Buffer, value: u64, top: u16, rows: u16, label: &str, style: Style| {
        let middle = top + rows.saturating_sub(1) / 2;
        put(buf, inner.x, middle, &padded(label, LABEL), style);
        for &(bit, x, w) in &places {
            let one = value >> bit & 1 == 1;
            let digit = if one { "1" } else { "0" };
            let colour = if odd(bit) { theme.hint } else { theme.text };
            if big {
                let y = top + rows.saturating_sub(digits::HEIGHT) / 2;
                let x = left + (x + w - usize::from(digits::WIDTH)) as u16;
                if y + digits::HEIGHT <= bottom {
                    digits::render(digit, x, y, colour, theme, buf);
                }
            } else {
                put(buf, left + x as u16, middle, &format!("{digit:>w$}"), digit_style(bit));
            }
        }
    };
    for &(heap, y, height) in &levels.rows {
        let value = explanation.heaps.get(heap).copied().unwrap_or(0);
        let label = i18n::text_with("binary-heap-label", &[("number", Arg::Text((heap + 1).to_string()))]);
        draw_value(buf, value, y, height, &label, dim);
    }
    let width = places.last().map_or(0, |&(_, x, w)| x + w);
    if rule_y < bottom {
        put(buf, left, rule_y, &look.glyphs.rule.repeat(width), dim);
    }
    if sum_y + sum_rows <= bottom {
        draw_value(buf, nim_sum, sum_y, sum_rows, &i18n::text("binary-nim-sum"), theme.strong(theme.text));
        let after = left + width as u16 + 2;
        let value = format!("= {nim_sum}");
        if usize::from(after) + value.len() <= usize::from(inner.right()) {
            put(buf, after, sum_y + (sum_rows - 1) / 2, &value, dim);
        }
    }
    let text = working(game, explanation);
    let from = sum_y + sum_rows;
    if !text.is_empty() && from < bottom {
        let lines = wrap(&Line::styled(text, theme.fg(theme.hint)), usize::from(inner.width));
        let room = usize::from(bottom - from);
        let lines: Vec<Line> = lines.into_iter().take(room).collect();
        let rect = Rect { y: from, height: bottom - from, ..inner };
        Paragraph::new(lines).render(rect, buf);
    }
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
            MoveReason::MisereEndgame { .. } => {
                crate::words::panel_endgame_move(crate::words::working(explanation).as_deref())
            }
            MoveReason::Losing { .. } if endgame => crate::words::panel_endgame_lost().to_string(),
            MoveReason::Losing { .. } => crate::words::panel_zero_every_move().to_string(),
            _ => crate::words::working(explanation).unwrap_or_default(),
        };
    }
    crate::words::panel_nim_sum(endgame, explanation.nim_sum() == 0).to_string()
}
