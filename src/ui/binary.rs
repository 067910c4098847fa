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

use super::Look;

/// Up to this many binary digits, every column gets its power of two as a header.
const HEADED_DIGITS: usize = 8;

/// How one column of digits is laid out.
struct Columns {
    digits: usize,
    /// Cells per column when headed; grouped columns are one cell with a space every four.
    cell: usize,
}

impl Columns {
    fn new(digits: usize) -> Columns {
        let cell = if digits <= HEADED_DIGITS { (1u64 << (digits - 1)).to_string().len() } else { 1 };
        Columns { digits, cell }
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
            let bit = self.digits - 1 - column;
            if column > 0 && (self.digits <= HEADED_DIGITS || (self.digits - column).is_multiple_of(4)) {
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
                .map(|c| format!("{:>width$}", 1u64 << (self.digits - 1 - c), width = self.cell))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            // Too many columns to head each: label each group of four by its highest power.
            let first = match self.digits % 4 {
                0 => 4,
                r => r,
            };
            let mut groups = Vec::new();
            let mut top = self.digits;
            let mut size = first;
            while top > 0 {
                let label = format!("2^{}", top - 1);
                groups.push(if label.len() <= size { format!("{label:<size$}") } else { " ".repeat(size) });
                top -= size;
                size = 4;
            }
            groups.join(" ")
        }
    }
}

/// The label column's width: "nim-sum" or "heap 12".
const LABEL: usize = 8;

/// The width the panel needs, frame included.
pub fn width(game: &Game) -> u16 {
    // Only the widest heap matters here; the layout asks for this on every frame.
    let columns = Columns::new(binary_digits(game.position().heaps()));
    (LABEL + columns.width() + 4).max(40) as u16
}

/// The rows the full panel needs, frame included: header, heaps, rule, nim-sum, and up to four
/// lines of working (it wraps in a narrow panel).
pub fn full_height(game: &Game) -> u16 {
    game.position().len() as u16 + 9
}

/// Draws the panel into `area`; with fewer rows than [`full_height`] it shortens to the nim-sum
/// and the working.
pub fn render(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let crate::engine::Teaching::Nim(explanation) = game.teach() else { return };
    let columns = Columns::new(explanation.digits());
    let nim_sum = explanation.nim_sum();
    let plain = theme.fg(theme.text);
    let strong = theme.strong(theme.hint).add_modifier(ratatui::style::Modifier::UNDERLINED);
    let label = |text: String| Span::styled(format!("{text:<LABEL$}"), theme.fg(theme.dim));

    let mut lines = Vec::new();
    let full = area.height >= full_height(game) - 2;
    if full {
        lines.push(Line::from(vec![
            label(String::new()),
            Span::styled(columns.header(), theme.fg(theme.dim)),
        ]));
        for (i, &h) in explanation.heaps.iter().enumerate() {
            let mut spans = vec![label(format!("heap {}", i + 1))];
            spans.extend(columns.spans(h, nim_sum, plain, strong));
            lines.push(Line::from(spans));
        }
        lines.push(Line::from(vec![
            label(String::new()),
            Span::styled("─".repeat(columns.width()), theme.fg(theme.dim)),
        ]));
    }
    let mut sum = vec![Span::styled(format!("{:<LABEL$}", "nim-sum"), theme.strong(theme.text))];
    sum.extend(columns.spans(nim_sum, nim_sum, plain, strong));
    sum.push(Span::styled(format!("  = {nim_sum}"), theme.fg(theme.dim)));
    lines.push(Line::from(sum));

    let working = working(game, &explanation);
    lines.push(Line::styled(working, theme.fg(theme.hint)));

    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .title(" Binary ")
                .border_style(theme.fg(theme.accent))
                .padding(ratatui::widgets::Padding::horizontal(1)),
        )
        .render(area, buf);
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
                explanation.working().unwrap_or_default()
            ),
            MoveReason::Losing { .. } if endgame => {
                "Misère endgame: an odd number of heaps of one is left; every move loses".into()
            }
            MoveReason::Losing { .. } => "nim-sum 0: every move leaves a nim-sum that is not 0".into(),
            _ => explanation.working().unwrap_or_default(),
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
