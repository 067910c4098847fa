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
use crate::i18n::Language;
use crate::i18n::{self, Arg};
use crate::ui::digits;
use crate::ui::look::Look;
use crate::ui::text::{padded, wrap, wrapped_len};

/// Up to this many binary digits, every column gets its power of two as a header.
const HEADED_DIGITS: usize = 8;

/// Which columns of digits are shown and how they are laid out. When not all fit, the highest
/// ones (from the nim-sum's top column down) are shown, then a mark for the hidden ones, then the
/// lowest four, so that no bit is dropped without a mark and a small heap is read right.
struct Columns {
    /// The bits shown, highest first (counted from 0 at the right).
    bits: Vec<usize>,
    /// The place in `bits` before which hidden columns stand (the mark between them).
    gap: Option<usize>,
    /// Whether columns above the first shown are hidden (the mark at the left).
    above: bool,
    /// Cells per column when headed; grouped columns are one cell with a space every four.
    cell: usize,
}

/// Columns a gap's mark takes, its spaces included.
const GAP: usize = 3;

impl Columns {
    fn new(digits: usize) -> Columns {
        Columns::of((0..digits).rev().collect(), None, false)
    }

    fn of(bits: Vec<usize>, gap: Option<usize>, above: bool) -> Columns {
        let top = bits.first().copied().unwrap_or(0);
        let headed = bits.len() <= HEADED_DIGITS && gap.is_none();
        let cell = if headed { (1u64 << top).to_string().len() } else { 1 };
        Columns { bits, gap, above, cell }
    }

    /// Whether every column gets its power of two as a header.
    fn headed(&self) -> bool {
        self.bits.len() <= HEADED_DIGITS && self.gap.is_none()
    }

    fn width(&self) -> usize {
        places(self, false).last().map_or(0, |&(_, x, w)| x + w)
    }

    fn hidden(&self) -> bool {
        self.above || self.gap.is_some()
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
    let headed = columns.headed();
    for (i, &bit) in columns.bits.iter().enumerate() {
        let width = if big { big_cell(columns) } else { columns.cell };
        if columns.gap == Some(i) {
            x += GAP;
        } else if i > 0 && (big || headed || (bit + 1).is_multiple_of(4)) {
            // Big digits stand two columns apart, so that neighbours never touch.
            x += if big { 2 } else { 1 };
        }
        places.push((bit, x, width));
        x += width;
    }
    places
}

/// The header of grouped columns: each group of four labelled by its highest power where the
/// label fits, and the mark where columns are hidden.
fn group_header(columns: &Columns, places: &[(usize, usize, usize)], mark: &str) -> Vec<(usize, String)> {
    let mut labels = Vec::new();
    for (i, &(bit, x, _)) in places.iter().enumerate() {
        let starts = i == 0 || columns.gap == Some(i) || (bit + 1).is_multiple_of(4);
        if !starts {
            continue;
        }
        if columns.gap == Some(i) {
            labels.push((x - 2, mark.to_string()));
        }
        // The group's columns run up to the next group's start; its label stays within them.
        let next = places[i + 1..]
            .iter()
            .enumerate()
            .find(|&(j, &(b, _, _))| columns.gap == Some(i + 1 + j) || (b + 1).is_multiple_of(4))
            .map_or(places.len(), |(j, _)| i + 1 + j);
        let end = places[next - 1].1 + places[next - 1].2;
        let label = format!("2^{bit}");
        if label.len() <= end - x {
            labels.push((x, label));
        }
    }
    labels
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
pub(super) fn tail_rows(lang: Language, game: &Game, width: u16, big: bool) -> u16 {
    let Teaching::Nim(explanation) = game.teach() else { return least_tail_rows(big) };
    let text = working(lang, game, explanation);
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
        .title(format!(" {} ", i18n::text(look.language, "binary-title")))
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
            // A short panel keeps, first to last: the nim-sum, the selected heap's row, the
            // column headers, the rule, the other heaps' rows; so it is never drawn empty.
            let h = inner.height;
            let head = h >= 3;
            let rule = h >= 5;
            let room = h.saturating_sub(1 + u16::from(head) + u16::from(rule));
            let heaps = explanation.heaps.len();
            let first = match room {
                1 => game.selected,
                _ => game.selected.saturating_sub(1),
            };
            let first = first.min(heaps.saturating_sub(usize::from(room)));
            let shown = heaps.saturating_sub(first).min(usize::from(room));
            let top = inner.y + u16::from(head);
            let rows = (0..shown).map(|i| (first + i, top + i as u16, 1)).collect();
            stacked = Levels { head: head.then_some(inner.y), rows, tail: top + shown as u16, big: false };
            &stacked
        }
    };

    // Columns: all of them, or as many as fit ending with the nim-sum's top column.
    let digits = explanation.digits();
    let room = usize::from(inner.width).saturating_sub(LABEL);
    let columns = column_window(digits, nim_sum, room);
    let big = levels.big && can_be_big(digits) && !columns.hidden() && {
        let places = places(&columns, true);
        places.last().is_some_and(|&(_, x, w)| x + w <= room)
    };
    let left = inner.x + LABEL as u16 + u16::from(columns.above);
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
    let sum_rows = if big { digits::HEIGHT } else { 1 };
    // The rule gives way to the nim-sum when there is no room for both.
    let ruled = rule_y + 1 + sum_rows <= bottom;
    let sum_y = if ruled { rule_y + 1 } else { rule_y };
    let band_top = levels.head.or(levels.rows.first().map(|r| r.1)).unwrap_or(rule_y);
    let band_bottom = (sum_y + sum_rows).min(bottom);
    for &(bit, x, w) in &places {
        if !odd(bit) {
            continue;
        }
        // The band takes the gap before its column too, so that a one-cell column still shows.
        let from = left + x as u16 - u16::from(x > 0 || !columns.above);
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
        if columns.above {
            put(buf, inner.x + LABEL as u16, y, &look.glyphs.overflow, dim);
        }
        if columns.headed() || big {
            for &(bit, x, w) in &places {
                put(buf, left + x as u16, y, &format!("{:>w$}", 1u64 << bit), header_style(bit));
            }
        } else {
            for (x, label) in group_header(&columns, &places, &look.glyphs.overflow) {
                put(buf, left + x as u16, y, &label, dim);
            }
        }
    }
    let draw_value = |buf: &mut Buffer, value: u64, top: u16, rows: u16, label: &str, style: Style| {
        let middle = top + rows.saturating_sub(1) / 2;
        put(buf, inner.x, middle, &padded(label, LABEL), style);
        // The hidden columns are marked on every row, so that no row reads as whole.
        if let Some(&(_, x, _)) = columns.gap.and_then(|gap| places.get(gap)) {
            put(buf, left + x as u16 - 2, middle, &look.glyphs.overflow, dim);
        }
        if columns.above {
            put(buf, inner.x + LABEL as u16 - 1, middle, " ", dim);
            put(buf, inner.x + LABEL as u16, middle, &look.glyphs.overflow, dim);
        }
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
        let label = i18n::text_with(
            look.language,
            "binary-heap-label",
            &[("number", Arg::Text((heap + 1).to_string()))],
        );
        draw_value(buf, value, y, height, &label, dim);
    }
    let width = places.last().map_or(0, |&(_, x, w)| x + w);
    if ruled {
        put(buf, left, rule_y, &look.glyphs.rule.repeat(width), dim);
    }
    if sum_y + sum_rows <= bottom {
        draw_value(
            buf,
            nim_sum,
            sum_y,
            sum_rows,
            &i18n::text(look.language, "binary-nim-sum"),
            theme.strong(theme.text),
        );
        let after = left + width as u16 + 2;
        let value = format!("= {nim_sum}");
        if usize::from(after) + value.len() <= usize::from(inner.right()) {
            put(buf, after, sum_y + (sum_rows - 1) / 2, &value, dim);
        }
    }
    let text = working(look.language, game, explanation);
    let from = sum_y + sum_rows;
    if !text.is_empty() && from < bottom {
        let lines = wrap(&Line::styled(text, theme.fg(theme.hint)), usize::from(inner.width));
        let room = usize::from(bottom - from);
        let lines: Vec<Line> = lines.into_iter().take(room).collect();
        let rect = Rect { y: from, height: bottom - from, ..inner };
        Paragraph::new(lines).render(rect, buf);
    }
}

/// Which columns to show when only `room` cells are free. All of them when they fit; otherwise
/// as many high ones as fit, topped by the nim-sum's highest column (the one that picks the heap
/// to move), then the mark of the hidden ones and the lowest four columns, so that a heap of 7 is
/// still read as 7; at the narrowest, the lowest columns alone.
fn column_window(digits: usize, nim_sum: u64, room: usize) -> Columns {
    let all = Columns::new(digits);
    if all.width() <= room {
        return all;
    }
    let sum_top = if nim_sum == 0 { 0 } else { 63 - nim_sum.leading_zeros() as usize };
    let low = 4.min(digits);
    // Whole groups of four when grouped, so the groups line up with the full view's.
    for shown in (1..digits).rev().filter(|&shown| shown <= HEADED_DIGITS || shown % 4 == 0) {
        let top = sum_top.max(shown - 1);
        let top = if shown > HEADED_DIGITS { top | 3 } else { top };
        let top = top.min(digits - 1);
        let above = top + 1 < digits;
        let bottom = top + 1 - shown;
        let columns = if bottom <= low {
            // The window reaches the lowest group: show everything below it.
            Columns::of((0..=top).rev().collect(), None, above)
        } else {
            let bits = (bottom..=top).rev().chain((0..low).rev()).collect();
            Columns::of(bits, Some(shown), above)
        };
        if columns.width() + usize::from(above) <= room {
            return columns;
        }
    }
    // Only the lowest columns fit, with the mark of those above.
    let shown = (1..=digits).rev().find(|&n| n + n / 4 < room).unwrap_or(1);
    Columns::of((0..shown).rev().collect(), None, shown < digits)
}

/// The panel's last line: the hint's working when a hint is shown, else what the nim-sum says.
fn working(lang: Language, game: &Game, explanation: &Explanation) -> String {
    if game.over.is_some() {
        return String::new();
    }
    let endgame = explanation.analysis.endgame;
    if game.hint.is_some() {
        return match &explanation.best {
            MoveReason::MisereEndgame { .. } => {
                crate::words::panel_endgame_move(lang, crate::words::working(lang, explanation).as_deref())
            }
            MoveReason::Losing { .. } if endgame => crate::words::panel_endgame_lost(lang).to_string(),
            MoveReason::Losing { .. } => crate::words::panel_zero_every_move(lang).to_string(),
            _ => crate::words::working(lang, explanation).unwrap_or_default(),
        };
    }
    crate::words::panel_nim_sum(lang, endgame, explanation.nim_sum() == 0).to_string()
}
