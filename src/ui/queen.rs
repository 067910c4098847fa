//! Wythoff's game in its classic form, drawn under the two heaps: a queen on a grid heading for
//! the corner, the heaps being her distances from it (heap 1 across, heap 2 up). A move takes her
//! left, down or diagonally down-left; the square the move being chosen reaches is marked, and
//! with the hint shown the losing squares (the P-positions, the cold pairs) are starred. Heaps
//! larger than the grid has room for show a window of it around the queen and the corner, with a
//! mark where the grid is cut, said under it to be a window.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{Game, Msg};
use crate::engine::{Move, MoveShape};

use super::look::Look;

/// The most rows of squares drawn: heaps above this are shown through a window.
const MOST_ROWS: u64 = 10;
/// Columns a square takes at the small scale: two columns to a row, about square on a terminal
/// whose cells are twice as tall as wide, so the diagonal moves look like 45°.
const CELL: u16 = 2;
/// How much larger the squares are when the screen has room (a projector): four columns and two
/// rows a square, the queen a block of colour filling three columns of both.
const LARGE: u16 = 2;
/// Rows under the squares for the words that say where the queen stands (wrapped).
const CAPTION: u64 = 2;
/// Columns the caption under the grid wraps in: two rows hold it with the heaps' numbers whole.
const CAPTION_WIDTH: u16 = 28;
/// The fewest rows of squares worth drawing: the corner's, a cut, and the queen's two.
const FEWEST_ROWS: u64 = 4;

/// The rows the grid may take at the foot of the board (its squares and the words under them),
/// the largest first, down to the fewest that still show a window; none for a game that is not
/// drawn with a queen. Sized by the start, so the board keeps its size as the heaps shrink.
pub(super) fn heights(game: &Game) -> Vec<u16> {
    if game.rules.kind.describe().shape != MoveShape::OneOrBoth || game.position().len() != 2 {
        return Vec::new();
    }
    let largest = game.start().iter().copied().max().unwrap_or(0);
    let most = largest.saturating_add(1).min(MOST_ROWS);
    // The large squares first (the whole grid only), then the small ones down to a window.
    // Bounded by MOST_ROWS, so the casts cannot cut.
    let large = (largest < MOST_ROWS).then_some((most * u64::from(LARGE) + CAPTION) as u16);
    let mut rows: Vec<u16> = large
        .into_iter()
        .chain((FEWEST_ROWS.min(most)..=most).rev().map(|squares| (squares + CAPTION) as u16))
        .collect();
    rows.dedup();
    rows
}

/// The columns the grid asks of the board's inside when it takes `rows` rows: its large squares'
/// when `rows` is the large grid's height, else [`width`].
pub(super) fn width_for(game: &Game, rows: u16) -> u16 {
    match heights(game).first() {
        Some(_) if is_large(game, rows) => {
            let across = game.start().first().copied().unwrap_or(0).saturating_add(1).min(MOST_ROWS);
            (across as u16 * CELL * LARGE + 2).max(CAPTION_WIDTH)
        }
        _ => width(game),
    }
}

/// Whether `rows` is the height of the grid at its large scale.
pub(super) fn is_large(game: &Game, rows: u16) -> bool {
    rows > 0 && large_grid(game) && heights(game).first() == Some(&rows)
}

/// Whether the grid of this game's start has a large form (its heaps fit the grid whole).
fn large_grid(game: &Game) -> bool {
    game.start().iter().copied().max().unwrap_or(0) < MOST_ROWS
}

/// The columns the grid asks of the board's inside: its squares across (as many as it draws up),
/// and room for its caption in two rows; none for a game that is not drawn with a queen.
pub(super) fn width(game: &Game) -> u16 {
    if heights(game).is_empty() {
        return 0;
    }
    let across = game.start().first().copied().unwrap_or(0).saturating_add(1).min(MOST_ROWS);
    // Bounded by MOST_ROWS, so the cast cannot cut.
    (across as u16 * CELL + 2).max(CAPTION_WIDTH)
}

/// The squares shown along one side, from the corner out: a number, or `None` for the mark where
/// the grid is cut. The corner's end and the queen's end are both kept.
fn axis(queen: u64, room: u64) -> Vec<Option<u64>> {
    let room = room.max(3);
    if queen < room {
        return (0..=queen).map(Some).collect();
    }
    let corner = (room / 3).max(1);
    let near = room - corner - 1;
    (0..corner).map(Some).chain([None]).chain((queen + 1 - near..=queen).map(Some)).collect()
}

/// Where the grid is drawn on a board: computed from the board's rectangle, by the drawing and the
/// mouse alike.
struct Grid {
    /// The queen's square: heap 1 and heap 2.
    queen: (u64, u64),
    across: Vec<Option<u64>>,
    up: Vec<Option<u64>>,
    /// The first column, and the bottom row of squares (the corner's).
    x: u16,
    bottom: u16,
    /// 1 for small squares (two columns, one row), [`LARGE`] for large ones.
    scale: u16,
}

impl Grid {
    /// The grid in `area`, the board's inside under the heaps; `None` when the layout left no
    /// room for it there.
    fn of(game: &Game, area: Rect) -> Option<Grid> {
        let fewest = *heights(game).last()?;
        let inner = area;
        if inner.height < fewest || inner.width < 8 {
            return None;
        }
        // Every row the layout left, up to the most a grid takes.
        let height = inner.height.min(heights(game).first().copied().unwrap_or(fewest));
        let queen = (game.position().heap(0)?, game.position().heap(1)?);
        // Large squares when the whole grid fits in them, small ones otherwise.
        let whole = |side: u64, room: u16, per: u16| u64::from(room) >= (side + 1) * u64::from(per);
        let scale = if queen.0.max(queen.1) < MOST_ROWS
            && whole(queen.0, inner.width.saturating_sub(2), CELL * LARGE)
            && whole(queen.1, height.saturating_sub(CAPTION as u16), LARGE)
        {
            LARGE
        } else {
            1
        };
        let across = axis(queen.0, u64::from((inner.width - 2) / (CELL * scale)));
        let up = axis(queen.1, (u64::from(height) - CAPTION) / u64::from(scale));
        let width = across.len() as u16 * CELL * scale;
        let x = inner.x + (inner.width.saturating_sub(width)) / 2;
        Some(Grid { queen, across, up, x, bottom: inner.bottom() - 1 - CAPTION as u16, scale })
    }

    fn windowed(&self) -> bool {
        self.across.contains(&None) || self.up.contains(&None)
    }

    /// The square at a screen cell, if one is drawn there: `Some(None)` is the mark of a cut.
    fn square_at(&self, column: u16, row: u16) -> Option<(Option<u64>, Option<u64>)> {
        let i = usize::from(column.checked_sub(self.x)? / (CELL * self.scale));
        let j = usize::from(self.bottom.checked_sub(row)? / self.scale);
        Some((*self.across.get(i)?, *self.up.get(j)?))
    }

    /// The move that takes the queen to square (`x`, `y`), if one does.
    fn move_to(&self, x: u64, y: u64) -> Option<Move> {
        let (a, b) = self.queen;
        match (x < a, y < b) {
            (true, false) if y == b => Some(Move::take(0, a - x)),
            (false, true) if x == a => Some(Move::take(1, b - y)),
            (true, true) if a - x == b - y => Some(Move::both(a - x)),
            _ => None,
        }
    }
}

/// The square `mv` takes the queen to, from `queen`.
fn target(mv: &Move, queen: (u64, u64)) -> Option<(u64, u64)> {
    let (mut a, mut b) = queen;
    for take in mv.takes() {
        match take.heap {
            0 => a = a.checked_sub(take.take)?,
            1 => b = b.checked_sub(take.take)?,
            _ => return None,
        }
    }
    ((a, b) != queen).then_some((a, b))
}

/// Draws the grid with the queen in `area` (the board's inside under the heaps), marking the
/// square `marked` reaches; nothing when the layout left no room for it.
pub(super) fn render(game: &Game, look: &Look, area: Rect, marked: Option<&Move>, buf: &mut Buffer) {
    let Some(grid) = Grid::of(game, area) else { return };
    let theme = &look.theme;
    let to = marked.and_then(|mv| target(mv, grid.queen));
    let hint = game.hint.is_some();
    let queen = if look.glyphs.ascii { "Q" } else { "♛" };
    let scale = grid.scale;
    // The queen is a block of the tokens' colour, not a lone glyph: her square's columns but the
    // last (the gap to the next square), on every row of it.
    let block = if scale == 1 { CELL } else { CELL * scale - 1 };
    for (j, y) in grid.up.iter().enumerate() {
        let row = grid.bottom - j as u16 * scale;
        for (i, x) in grid.across.iter().enumerate() {
            let column = grid.x + i as u16 * CELL * scale + (scale - 1);
            if (*x, *y) == (Some(grid.queen.0), Some(grid.queen.1)) {
                let style = theme.fill(theme.token).add_modifier(Modifier::BOLD);
                let left = column - (scale - 1);
                for dy in 0..scale {
                    buf.set_string(left, row - dy, " ".repeat(usize::from(block)), style);
                }
                // The glyph where the other squares have their dot, on the block's upper row.
                buf.set_string(column, row - (scale - 1), queen, style);
                continue;
            }
            let (symbol, style) = match (*x, *y) {
                (None, _) | (_, None) => (look.glyphs.overflow.as_str(), theme.fg(theme.dim)),
                (Some(x), Some(y)) if Some((x, y)) == to => ("o", theme.strong(theme.marked)),
                // The corner the caption names is always drawn as it names it, though it is a
                // losing square too.
                (Some(0), Some(0)) => ("+", theme.strong(theme.accent)),
                // The losing squares: the queen's partner on each column (one a column).
                (Some(x), Some(y)) if hint && crate::engine::partner(x).0 == u128::from(y) => {
                    ("*", theme.strong(theme.hint))
                }
                (Some(x), Some(y)) if grid.move_to(x, y).is_some() => (".", theme.fg(theme.text)),
                _ => (".", theme.fg(theme.dim)),
            };
            buf.set_string(column, row, symbol, style);
        }
    }
    let caption = match grid.windowed() {
        true => crate::words::queen_window(look.language, grid.queen.0, grid.queen.1, &look.glyphs.overflow),
        false => crate::words::queen_caption(look.language, grid.queen.0, grid.queen.1),
    };
    let area = Rect { y: grid.bottom + 1, height: CAPTION as u16, ..area };
    Paragraph::new(Line::styled(caption, theme.fg(theme.dim)).centered())
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// What a click at (`column`, `row`) picks on the grid: the move that takes the queen to the
/// square clicked (`Some(None)` for a square no move reaches), or `None` off the grid.
pub(super) fn hit(game: &Game, area: Rect, column: u16, row: u16) -> Option<Option<Msg>> {
    let grid = Grid::of(game, area)?;
    let (x, y) = grid.square_at(column, row)?;
    Some(x.zip(y).and_then(|(x, y)| grid.move_to(x, y)).map(Msg::Select))
}

#[cfg(test)]
mod tests {
    use super::axis;

    #[test]
    fn a_long_side_keeps_the_corner_and_the_queen_with_a_cut_between() {
        assert_eq!(axis(3, 10), [Some(0), Some(1), Some(2), Some(3)]);
        let cut = axis(200, 10);
        assert_eq!(cut.len(), 10);
        assert_eq!(cut.first(), Some(&Some(0)));
        assert_eq!(cut.last(), Some(&Some(200)));
        assert_eq!(cut.iter().filter(|s| s.is_none()).count(), 1);
    }
}
