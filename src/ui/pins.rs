//! A game of pins (Kayles, Dawson's Kayles) drawn as what it is: one line of standing pins with
//! gaps where pins fell. The rows of the position are the runs of standing pins between the gaps;
//! each is numbered above its first pin, and the pins the move being chosen knocks down are marked
//! below. A line longer than the board is wide wraps onto further lines (a mark at the end of a
//! line says the line goes on); more lines than fit scroll around the selected row, said on the
//! frame.
//!
//! The position alone does not say where the rows stand (a move that breaks a row puts its right
//! part last), so the line is rebuilt from the start and the moves, which the game keeps.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use crate::app::{Game, Msg};
use crate::engine::{Move, MoveShape};

use super::look::Look;

/// The longest line drawn as pins; a longer one (no start the game offers comes near) is drawn
/// as rows of tokens, like any other game.
const MAX_PLACES: u64 = 20_000;
/// Columns inside the frame before and after the line.
const MARGIN: u16 = 1;

/// One place on the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A standing pin: the `index`-th (from 0) of row `row`.
    Pin { row: usize, index: u64 },
    /// A pin that was knocked down.
    Fallen,
    /// The space between two rows the game started with.
    Gap,
}

/// How much of a line of pins is drawn per line of the board, from the most to the least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// For a large screen: the numbers above, pins two columns wide and three rows tall, the
    /// marks below, a blank row between lines.
    Big,
    /// The rows' numbers above, pins two rows tall, the marks below, a blank row between lines.
    Tall,
    /// The numbers above, pins one row tall, the marks below.
    Short,
    /// Only the pins, one row tall.
    Flat,
}

impl Style {
    /// Rows between the tops of two lines.
    fn stride(self) -> u16 {
        match self {
            Style::Big => 6,
            Style::Tall => 5,
            Style::Short => 3,
            Style::Flat => 1,
        }
    }

    /// Rows the last line takes (no blank row after it).
    fn last(self) -> u16 {
        match self {
            Style::Big => 5,
            Style::Tall => 4,
            other => other.stride(),
        }
    }

    /// Rows `lines` lines take.
    fn rows(self, lines: usize) -> u16 {
        let lines = u16::try_from(lines).unwrap_or(u16::MAX);
        match lines {
            0 => 0,
            n => (n - 1).saturating_mul(self.stride()).saturating_add(self.last()),
        }
    }

    /// Columns a pin takes, and with the space after it.
    fn width(self) -> (u16, u16) {
        match self {
            Style::Big => (2, 4),
            _ => (1, 2),
        }
    }

    /// The pins' rows, from the top of a line.
    fn pin_rows(self) -> std::ops::Range<u16> {
        match self {
            Style::Big => 1..4,
            Style::Tall => 1..3,
            Style::Short => 1..2,
            Style::Flat => 0..1,
        }
    }
}

/// The game's line of pins, or `None` when it is not drawn as one.
fn line_of(game: &Game) -> Option<Vec<Place>> {
    match game.rules.kind.describe().shape {
        MoveShape::Pins { .. } => places(game),
        _ => None,
    }
}

/// The line: every place, left to right, rebuilt from the start and the moves. `None` when the
/// line would be too long to draw, or the moves are not a game of pins' (then the game is drawn
/// as rows of tokens).
fn places(game: &Game) -> Option<Vec<Place>> {
    let start = game.start();
    let total = start.iter().try_fold(0u64, |sum, &n| sum.checked_add(n)?.checked_add(1))?;
    if total > MAX_PLACES || start.is_empty() {
        return None;
    }
    // Where each row stands on the line: its first place and its length.
    let mut spans: Vec<(u64, u64)> = Vec::with_capacity(start.len());
    let mut at = 0;
    for &n in start {
        spans.push((at, n));
        at += n + 1;
    }
    for (_, mv) in game.moves() {
        let Move::Split { heap, take, left } = *mv else { return None };
        let (first, len) = *spans.get(heap)?;
        let rest = len.checked_sub(take)?.checked_sub(left)?;
        // As the engine plays it: the pins before stay in the row's place, the pins after become
        // a new last row; a knock at an end only shortens the row.
        if left == 0 {
            spans[heap] = (first + take, len - take);
        } else {
            spans[heap] = (first, left);
            if rest > 0 {
                spans.push((first + left + take, rest));
            }
        }
    }
    let position = game.position();
    let agrees = spans.len() == position.len()
        && spans.iter().enumerate().all(|(row, &(_, len))| position.heap(row) == Some(len));
    if !agrees {
        return None;
    }
    // Every place of a starting row is a fallen pin until a standing one is put there.
    let mut line = vec![Place::Fallen; (total - 1) as usize];
    let mut at = 0;
    for &n in &start[..start.len() - 1] {
        at += n;
        line[at as usize] = Place::Gap;
        at += 1;
    }
    for (row, &(first, len)) in spans.iter().enumerate() {
        for index in 0..len {
            line[(first + index) as usize] = Place::Pin { row, index };
        }
    }
    Some(line)
}

/// The board's width and height for the game's line of pins within `max_width` columns (`scale`:
/// the rows a token takes at the layout's scale, which sizes the pins), and the width the whole line would take on one line; or `None` when the
/// game is not drawn as pins. The line wraps, so it always fits across; `min_width` is the least
/// the frame's title needs.
pub(super) fn size(game: &Game, max_width: u16, min_width: u16, scale: u16) -> Option<(u16, u16, u16)> {
    let line = line_of(game)?;
    // The layout's scales: the largest tokens' rows give the biggest pins.
    let style = match scale {
        4.. => Style::Big,
        2..=3 => Style::Tall,
        _ => Style::Short,
    };
    let cell = style.width().1;
    let natural = u16::try_from(line.len()).unwrap_or(u16::MAX).saturating_mul(cell).saturating_add(1);
    let whole = natural.saturating_add(2 + 2 * MARGIN).max(min_width);
    let width = whole.min(max_width);
    let per_line = per_line(width, cell);
    let lines = line.len().div_ceil(per_line);
    Some((width, style.rows(lines).saturating_add(2), whole))
}

/// Pins on one line of a board `width` columns wide (frame and margins included), keeping a
/// column for the mark of a line that goes on; a pin takes `cell` columns with its space.
fn per_line(width: u16, cell: u16) -> usize {
    usize::from(width.saturating_sub(2 + 2 * MARGIN + 1) / cell).max(1)
}

/// Where the line is drawn on a board: computed from the board's rectangle, by the drawing and
/// the mouse alike.
struct Geometry {
    /// The first column and row of the pins' lines.
    x: u16,
    y: u16,
    per_line: usize,
    style: Style,
    /// Lines in all, the first drawn and how many are drawn.
    lines: usize,
    first: usize,
    shown: usize,
}

impl Geometry {
    fn of(game: &Game, line: &[Place], board: Rect) -> Geometry {
        let inner = board.inner(ratatui::layout::Margin::new(1, 1));
        let lines_of = |style: Style| line.len().div_ceil(per_line(board.width, style.width().1)).max(1);
        // The richest drawing whose lines all fit (big pins only on one line); failing all, the
        // flat one, scrolled.
        let style = [Style::Big, Style::Tall, Style::Short, Style::Flat]
            .into_iter()
            .find(|&s| s.rows(lines_of(s)) <= inner.height && (s != Style::Big || lines_of(s) == 1))
            .unwrap_or(Style::Flat);
        let per_line = per_line(board.width, style.width().1);
        let lines = lines_of(style);
        let room = usize::from(inner.height.saturating_sub(style.last()) / style.stride()) + 1;
        let shown = lines.min(room).max(1);
        // A scrolled line keeps the selected row's first pin (or else the marked pins) in view.
        let focus = line
            .iter()
            .position(|p| matches!(p, Place::Pin { row, index: 0 } if *row == game.selected))
            .unwrap_or(0)
            / per_line;
        let first = focus.saturating_sub(shown / 2).min(lines - shown);
        // The lines stand a little above the middle of the board, each starting at the margin.
        let spare = inner.height.saturating_sub(style.rows(shown));
        Geometry { x: inner.x + MARGIN, y: inner.y + spare / 2, per_line, style, lines, first, shown }
    }

    /// The top row of the `line`-th line, if it is drawn.
    fn top(&self, line: usize) -> Option<u16> {
        (self.first..self.first + self.shown)
            .contains(&line)
            .then(|| self.y + (line - self.first) as u16 * self.style.stride())
    }

    /// Where place `i` is drawn: its column and its line's top row.
    fn at(&self, i: usize) -> Option<(u16, u16)> {
        let top = self.top(i / self.per_line)?;
        Some((self.x + (i % self.per_line) as u16 * self.style.width().1, top))
    }
}

/// The pins a move knocks down, as `(row, first index, last index + 1)`.
fn knocked(marked: Option<&Move>) -> Option<(usize, u64, u64)> {
    match marked {
        Some(&Move::Split { heap, take, left }) if take > 0 => Some((heap, left, left.saturating_add(take))),
        _ => None,
    }
}

/// Draws the line of pins inside the board's frame, marking the pins `marked` knocks down.
/// Returns false, drawing nothing, when the game is not drawn as pins.
pub(super) fn render(game: &Game, look: &Look, board: Rect, marked: Option<&Move>, buf: &mut Buffer) -> bool {
    let Some(line) = line_of(game) else { return false };
    // Nothing is drawn past the screen, whatever the layout asks.
    let board = board.intersection(buf.area);
    let theme = &look.theme;
    let geometry = Geometry::of(game, &line, board);
    let style = geometry.style;
    let knocked = knocked(marked);
    let selected = game.your_turn().then_some(game.selected);
    let standing = theme.fg(theme.token).add_modifier(Modifier::REVERSED);
    let down = theme.strong(theme.marked).add_modifier(Modifier::REVERSED);
    let fallen = theme.fg(theme.dim);
    let pin_rows = style.pin_rows();

    for (i, place) in line.iter().enumerate() {
        let Some((x, top)) = geometry.at(i) else { continue };
        match *place {
            Place::Pin { row, index } => {
                let hit = knocked.is_some_and(|(r, lo, hi)| r == row && (lo..hi).contains(&index));
                // A pin is a cell of colour (reversed, so it shows without colours too) with a
                // stroke standing up; a pin the move knocks down leans, in another colour, and
                // where there is room has a mark under it.
                let (stroke, look_of) = if hit { ("/", down) } else { ("|", standing) };
                let pin = format!("{stroke}{}", " ".repeat(usize::from(style.width().0 - 1)));
                for y in pin_rows.clone() {
                    buf.set_string(x, top + y, &pin, look_of);
                }
                if hit && style != Style::Flat {
                    buf.set_string(x, top + pin_rows.end, "^", theme.strong(theme.marked));
                }
            }
            // A fallen pin lies at the foot of the line.
            Place::Fallen => {
                buf.set_string(x, top + pin_rows.end - 1, "_".repeat(usize::from(style.width().0)), fallen);
            }
            Place::Gap => {}
        }
    }

    // Each row's number over its first pin, the selected one last so that it is never hidden.
    if style != Style::Flat {
        let mut labels: Vec<(usize, usize)> = line
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p {
                Place::Pin { row, index: 0 } => Some((*row, i)),
                _ => None,
            })
            .collect();
        labels.sort_by_key(|&(row, _)| Some(row) == selected);
        for (row, i) in labels {
            let Some((x, top)) = geometry.at(i) else { continue };
            let number = (row + 1).to_string();
            if Some(row) == selected {
                let label = format!("{}{number}", look.glyphs.cursor);
                let x = x.saturating_sub(1).max(board.x + 1);
                buf.set_string(x, top, label, theme.strong(theme.selected).add_modifier(Modifier::REVERSED));
            } else {
                buf.set_string(x, top, number, theme.fg(theme.dim));
            }
        }
    } else if let Some(row) = selected {
        // No room for numbers: the selected row's pins are underlined.
        for (i, place) in line.iter().enumerate() {
            if let (Place::Pin { row: r, .. }, Some((x, top))) = (place, geometry.at(i))
                && *r == row
            {
                let cell = &mut buf[(x, top)];
                cell.set_style(cell.style().add_modifier(Modifier::UNDERLINED));
            }
        }
    }

    // A line that goes on ends in the overflow mark.
    let end = geometry.x + geometry.per_line as u16 * geometry.style.width().1;
    for line_no in geometry.first..geometry.first + geometry.shown {
        if line_no + 1 < geometry.lines
            && let Some(top) = geometry.top(line_no)
        {
            buf.set_string(end, top + pin_rows.start, &look.glyphs.overflow, theme.fg(theme.dim));
        }
    }
    // Lines scrolled out of view are said on the frame's foot.
    if geometry.shown < geometry.lines {
        let text = format!(
            " {} ",
            crate::words::pin_lines_shown(
                look.language,
                geometry.first + 1,
                geometry.first + geometry.shown,
                geometry.lines
            )
        );
        let width = unicode_width::UnicodeWidthStr::width(text.as_str()) as u16;
        let x = board.right().saturating_sub(width + 2).max(board.x + 1);
        buf.set_string(x, board.bottom().saturating_sub(1), text, theme.fg(theme.dim));
    }
    true
}

/// Lays down the first `gone` of the pins `marked` knocks down, drawn already standing: the AI's
/// move in motion (see `ui::motion`).
pub(super) fn lay_down(game: &Game, look: &Look, board: Rect, marked: &Move, gone: u64, buf: &mut Buffer) {
    let (Some(line), Some((row, lo, hi))) = (line_of(game), knocked(Some(marked))) else { return };
    let board = board.intersection(buf.area);
    let geometry = Geometry::of(game, &line, board);
    let pin_rows = geometry.style.pin_rows();
    let fallen = hi.min(lo.saturating_add(gone));
    for (i, place) in line.iter().enumerate() {
        let Place::Pin { row: r, index } = *place else { continue };
        if r != row || !(lo..fallen).contains(&index) {
            continue;
        }
        let Some((x, top)) = geometry.at(i) else { continue };
        let blank = " ".repeat(usize::from(geometry.style.width().0));
        for y in pin_rows.clone() {
            buf.set_string(x, top + y, &blank, ratatui::style::Style::reset());
        }
        let lying = "_".repeat(usize::from(geometry.style.width().0));
        buf.set_string(x, top + pin_rows.end - 1, lying, look.theme.fg(look.theme.marked));
    }
}

/// Where the terminal's cursor stands on a line of pins (#35): on the first pin the move being
/// chosen knocks down (else the selected row's first pin), on the pin's top row, so that a
/// braille display or a magnifier following the cursor follows the choice. `None` when the game
/// is not drawn as pins; `Some(None)` when that pin is scrolled out of view.
pub(super) fn cursor(
    game: &Game,
    board: Rect,
    marked: Option<&Move>,
) -> Option<Option<ratatui::layout::Position>> {
    let line = line_of(game)?;
    let geometry = Geometry::of(game, &line, board);
    let (row, first) = match knocked(marked) {
        Some((row, lo, _)) => (row, lo),
        None => (game.selected, 0),
    };
    let at = line.iter().position(|p| *p == Place::Pin { row, index: first });
    Some(
        at.and_then(|i| geometry.at(i))
            .map(|(x, top)| ratatui::layout::Position::new(x, top + geometry.style.pin_rows().start)),
    )
}

/// What a click at (`column`, `row`) on the board picks: the pin clicked (its row, and the pin as
/// the move's first), or `None` off the pins. `None` too when the game is not drawn as pins.
pub(super) fn hit(game: &Game, board: Rect, column: u16, row: u16) -> Option<Option<Msg>> {
    let line = line_of(game)?;
    let geometry = Geometry::of(game, &line, board);
    let picked = (|| {
        let offset = row.checked_sub(geometry.y)?;
        let line_no = geometry.first + usize::from(offset / geometry.style.stride());
        let within = offset % geometry.style.stride();
        // The number above a pin, the pin and its mark below all pick it.
        if within >= geometry.style.last() || line_no >= geometry.first + geometry.shown {
            return None;
        }
        let slot = usize::from(column.checked_sub(geometry.x)? / geometry.style.width().1);
        if slot >= geometry.per_line {
            return None;
        }
        match line.get(line_no * geometry.per_line + slot)? {
            Place::Pin { row, index } => Some(Msg::Pick { heap: *row, count: index + 1 }),
            _ => None,
        }
    })();
    Some(picked)
}
