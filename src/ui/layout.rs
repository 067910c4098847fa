//! The game screen's geometry, computed once per frame and shared by the drawing and the mouse:
//! the board sized to its heaps and centred, tokens grown into blocks while there is room, a cut
//! heap's first and last tokens, the panel and the move list beside or under the board; and what
//! a click on a token picks.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::app::{Game, Msg, Panels};

use super::panel;

/// The smallest terminal the game draws in; below it a short message asks for more room.
pub const MIN_WIDTH: u16 = 44;

/// Cells before the tokens: the selection arrow and the heap number, then a bar.
pub(super) const LABEL_CELLS: u16 = 8;
/// Rows of messages under the board: the move being chosen, a note, the coach, the hint.
const INFO_ROWS: u16 = 4;
/// Rows that are always there: the header, the board's frame, the messages, the status line.
const CHROME_ROWS: u16 = 4 + INFO_ROWS;
/// Columns between the board and a panel beside it.
const GAP: u16 = 2;

/// How big a token is drawn: `cell` columns (the glyph and the space after it) by `height` rows.
/// The smallest is a glyph and a space on one row; bigger ones are blocks, roughly square on
/// screen (a terminal's cell is about twice as tall as it is wide).
const SCALES: [(u16, u16); 5] = [(2, 1), (4, 2), (6, 3), (8, 4), (10, 5)];

/// Where one heap's row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapRow {
    pub heap: usize,
    /// The row of the label and the count (the token blocks' top row).
    pub y: u16,
    /// Rows a token takes.
    pub height: u16,
    /// Column of the first token.
    pub x: u16,
    /// Columns a token takes, the space after it included.
    pub cell: u16,
    /// Tokens drawn from the start of the heap.
    pub shown: u64,
    /// Whether the heap holds more than can be drawn: then a mark follows the first `shown`
    /// tokens and the last `tail` tokens are drawn after it.
    pub truncated: bool,
    /// Tokens drawn after the mark of a cut row: the end of the heap, where a move takes from.
    pub tail: u64,
}

impl HeapRow {
    /// The token slots drawn: the tokens, and the mark of a cut row.
    pub(super) fn slots(&self) -> u64 {
        self.shown + u64::from(self.truncated) + self.tail
    }

    /// The count a click on slot `slot` picks in a heap of `size`: that token and every one after it.
    fn pick(&self, slot: u64, size: u64) -> Option<u64> {
        if slot < self.shown {
            return Some(size - slot);
        }
        if !self.truncated {
            return None;
        }
        if slot == self.shown {
            // The mark stands for the tokens not drawn, so it picks them and the tail.
            return Some(size - self.shown);
        }
        let into_tail = slot - self.shown - 1;
        (into_tail < self.tail).then(|| self.tail - into_tail)
    }
}

/// The game screen's geometry, shared by drawing and the mouse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout {
    pub header: Rect,
    pub board: Rect,
    /// Where the binary view goes, when it is on and there is room.
    pub panel: Option<Rect>,
    pub info: Rect,
    pub status: Rect,
    /// Where the move list goes, when it is on: beside the board, or in place of the lines under it
    /// on a narrow screen.
    pub history: Option<Rect>,
    pub rows: Vec<HeapRow>,
    /// Column where the counts start (right-aligned to the board's inner edge).
    pub count_x: u16,
    pub count_width: u16,
}

/// Rows the game screen needs: a heap a row, and the chrome around them.
pub fn min_height(game: &Game) -> u16 {
    // A line of pins scrolls: one line of them is enough, however many rows the position has.
    if super::pins::size(game, MIN_WIDTH, 0, 1).is_some() {
        return CHROME_ROWS + 1;
    }
    (game.position().len() as u16).saturating_add(CHROME_ROWS)
}

/// Lays out the board in `area` without the move list; see [`board_layout_with`].
pub fn board_layout(game: &Game, area: Rect, binary: bool) -> BoardLayout {
    board_layout_with(game, area, binary, false)
}

/// Lays out the board with `panels` on.
pub fn layout_for(game: &Game, area: Rect, panels: Panels) -> BoardLayout {
    board_layout_with(game, area, panels.binary, panels.history)
}

/// The move list's width beside the board: as wide as its longest line wants, within reason.
fn history_width(game: &Game) -> u16 {
    let heaps = game.start().len() as u16;
    let widest = game.start().iter().map(|h| h.to_string().len() as u16).max().unwrap_or(1);
    // "  1. You: 2 from heap 1 → " and the heaps after the move.
    (28 + heaps * (widest + 1)).clamp(32, 64)
}

/// Lays out the board in `area`, which must be at least the minimum size. The board is sized to
/// its heaps and centred with what goes beside and under it; tokens grow while there is room.
/// With `history`, the move list takes a column on the right when the screen is wide enough, and
/// otherwise the lines under the board.
pub fn board_layout_with(game: &Game, area: Rect, binary: bool, history: bool) -> BoardLayout {
    let wanted = history_width(game);
    let beside = history && area.width >= MIN_WIDTH + 24 + GAP;
    let history_width = wanted.min(area.width.saturating_sub(MIN_WIDTH + GAP));
    let room = if beside { Rect { width: area.width - history_width - GAP, ..area } } else { area };
    let mut layout = layout_without_history(game, room, binary, area);
    if history {
        layout.history = Some(if beside {
            let top = layout.header.bottom() + 1;
            Rect { x: room.right() + GAP - 1, y: top, width: history_width, height: layout.status.y - top }
        } else {
            layout.info
        });
    }
    layout
}

/// The board's width and height for its heaps at `scale`, the rows between heaps, and the width it
/// would need to draw the widest heap whole.
fn board_size(
    game: &Game,
    scale: (u16, u16),
    count_width: u16,
    max_width: u16,
    picture: u16,
) -> (u16, u16, u16, u16) {
    let (cell, height) = scale;
    let heaps = game.position().len() as u16;
    let widest = game.start().iter().copied().max().unwrap_or(1).max(1).min(u64::from(u16::MAX));
    // Label, tokens (the last one without its space), two columns, the count, a column; the frame.
    let tokens = (widest as u16).saturating_mul(cell).saturating_sub(1);
    let title = if game.mode() == crate::engine::Mode::Misere { 38 } else { 30 };
    let needed = (LABEL_CELLS + 2 + count_width + 1 + 2).saturating_add(tokens).max(title);
    // A game with a picture of its own is sized by it (a line of pins wraps when it must).
    if let Some((width, height, whole)) = super::pins::size(game, max_width, title, height) {
        return (width, height, 0, whole);
    }
    let gap = if height > 1 { 1 } else { 0 };
    let rows = heaps * height + heaps.saturating_sub(1) * gap;
    // Big tokens get a blank row above and below them inside the frame.
    let padding = if height > 1 { 2 } else { 0 };
    // Fibonacci Nim's limit is drawn on a row of its own under the heap.
    let bracket = u16::from(game.rules.kind.describe().has_limit());
    // Wythoff's queen on her grid under the heaps, `picture` rows of it (0 for none).
    let grid = picture;
    (needed.min(max_width), rows + 2 + padding + bracket + grid, gap, needed)
}

fn layout_without_history(game: &Game, room: Rect, binary: bool, area: Rect) -> BoardLayout {
    let heaps = game.position().len() as u16;
    let [header, body, status] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1)]).areas(room);
    let (header, status) = (Rect { width: area.width, ..header }, Rect { width: area.width, ..status });
    // A blank column each side of the stage.
    let stage = Rect { x: body.x + 1, width: body.width.saturating_sub(2), ..body };
    let count_width = game.start().iter().map(|&h| h.to_string().len() as u16).max().unwrap_or(1).max(3);
    let natural = if binary { panel::width(game) } else { 0 };
    let panel_full = panel::full_height(game);

    // The rows the board takes with the panel beside it: the taller of the two.
    let column_of = |board: u16, beside: bool| match beside {
        true => board.max(panel_full.min(stage.height.saturating_sub(INFO_ROWS))),
        false => board,
    };

    // The biggest tokens that draw every heap whole, with the panel beside the board if it fits
    // there, else under it; failing both, the smallest tokens and rows cut short.
    let try_fit = |scale: (u16, u16), beside: bool, picture: u16| {
        // Beside the board the panel gets at least 30 columns, or its working wraps word by word.
        let max_width = if beside { stage.width.saturating_sub(natural.max(30) + GAP) } else { stage.width };
        let (width, height, gap, needed) = board_size(game, scale, count_width, max_width, picture);
        // A game's picture (Wythoff's grid) never squeezes the panel under the board.
        let least = if picture > 0 { panel_full } else { panel::MIN_HEIGHT };
        let below = if binary && !beside { least } else { 0 };
        let column = column_of(height, beside);
        // Big tokens leave two fifths of the room free, so the board never crowds the screen (and a
        // key press repaints few cells: see the README's performance section).
        let limit = if scale.1 > 1 { stage.height * 3 / 5 } else { stage.height };
        let ok = needed <= max_width && column + below + INFO_ROWS <= limit;
        ok.then_some((scale, width, height, gap, beside))
    };
    let fallback = || {
        let beside = binary && stage.width >= natural + GAP + 30;
        let max_width = if beside { stage.width - natural - GAP } else { stage.width };
        // The game's picture too (Wythoff's grid) when it fits, with the panel's least under it.
        let room = stage.height.saturating_sub(INFO_ROWS + if binary && !beside { panel_full } else { 0 });
        let (width, height, gap, _) = super::queen::heights(game)
            .into_iter()
            .chain([0])
            .map(|picture| board_size(game, SCALES[0], count_width, max_width, picture))
            .find(|&(_, height, _, _)| height <= room)
            .unwrap_or_else(|| board_size(game, SCALES[0], count_width, max_width, 0));
        // A picture that would be taller than the room (a line of pins scrolls, Wythoff's grid
        // gives way) is cut to it; rows of tokens at this scale always fit.
        let height = height.min(stage.height.saturating_sub(INFO_ROWS));
        (SCALES[0], width, height, gap, beside)
    };
    // With the game's picture at its largest that fits at some scale, else smaller, else without.
    let pictures: Vec<u16> = super::queen::heights(game).into_iter().chain([0]).collect();
    let (scale, width, board_height, gap, beside) = pictures
        .iter()
        .flat_map(|&picture| [(true, picture), (false, picture)])
        .filter(|&(beside, _)| binary || !beside)
        .find_map(|(beside, picture)| SCALES.iter().rev().find_map(|&scale| try_fit(scale, beside, picture)))
        .unwrap_or_else(fallback);
    // A blank row between small rows too, when there is room for it and the panel.
    let below_full = if binary && !beside { panel_full } else { 0 };
    let roomy = scale.1 == 1
        && heaps > 1
        && super::pins::size(game, stage.width, 0, 1).is_none()
        && board_height + heaps + 1 + below_full + INFO_ROWS <= stage.height;
    let (gap, board_height) = if roomy { (1, board_height + heaps + 1) } else { (gap, board_height) };

    // Beside the board the panel is as wide as the room left allows, up to a comfortable width.
    let panel_width = match beside {
        true => stage.width.saturating_sub(width + GAP).min(natural.max(40)),
        false => natural.max(40).min(stage.width),
    };
    // Under the board the panel takes the rows there are, up to its full height.
    let spare = stage.height.saturating_sub(board_height + INFO_ROWS);
    let below = match binary && !beside {
        true => spare.min(panel_full),
        false => 0,
    };
    let column = column_of(board_height, beside);
    let total = column + below + INFO_ROWS;
    // The stage stands in the middle of the room, a little above the centre.
    let top = stage.y + stage.height.saturating_sub(total) / 3;
    let group =
        if beside { width + GAP + panel_width } else { width.max(if below > 0 { panel_width } else { 0 }) };
    let left = stage.x + stage.width.saturating_sub(group) / 2;
    let board = Rect { x: left, y: top, width, height: board_height };
    let panel = if beside {
        Some(Rect { x: left + width + GAP, y: top, width: panel_width, height: panel_full.min(column) })
    } else if below > 0 {
        Some(Rect { x: left, y: top + board_height, width: panel_width, height: below })
    } else {
        None
    };
    // The messages are as wide as what stands above them, and at least wide enough to read.
    let info_width = group.max(72).min(stage.width);
    let info_x = stage.x + stage.width.saturating_sub(info_width) / 2;
    // At least its four rows, and every row down to the status line, so a long hint is not cut.
    let info_y = top + column + below;
    let info = Rect {
        x: info_x,
        y: info_y,
        width: info_width,
        height: status.y.saturating_sub(info_y).max(INFO_ROWS),
    };

    let inner = board.inner(ratatui::layout::Margin::new(1, 1));
    let count_x = inner.right().saturating_sub(count_width + 1);
    let x = inner.x + LABEL_CELLS;
    let (cell, height) = scale;
    // Slots for tokens between the label and the count, two columns before the count.
    let capacity = u64::from((count_x.saturating_sub(x + 1) + 1) / cell);
    let rows = (0..game.position().len())
        .map(|heap| {
            let size = game.position().heap(heap).unwrap_or(0);
            let y = inner.y + u16::from(height > 1 || roomy) + heap as u16 * (height + gap);
            let truncated = size > capacity;
            // A cut row keeps a third of its slots for the end of the heap, after the mark.
            let (shown, tail) = match truncated {
                false => (size, 0),
                true => {
                    let tail = capacity.saturating_sub(1) / 3;
                    (capacity.saturating_sub(1 + tail), tail)
                }
            };
            HeapRow { heap, y, height, x, cell, shown, truncated, tail }
        })
        .collect();
    BoardLayout { header, board, panel, info, status, history: None, rows, count_x, count_width }
}

/// The board's inside under its last heap's row: where a game's picture below the heaps goes
/// (Wythoff's grid), when the layout left room for it.
pub(super) fn under_rows(layout: &BoardLayout) -> Rect {
    let inner = layout.board.inner(ratatui::layout::Margin::new(1, 1));
    let top = layout.rows.last().map_or(inner.y, |row| row.y + row.height).clamp(inner.y, inner.bottom());
    Rect { y: top, height: inner.bottom() - top, ..inner }
}

/// What a click at (`column`, `row`) on the game screen picks: the token's heap, and the count from
/// that token to the end of the heap.
pub fn hit(game: &Game, panels: Panels, area: Rect, column: u16, row: u16) -> Option<Msg> {
    let layout = layout_for(game, area, panels);
    if let Some(picked) = super::pins::hit(game, layout.board, column, row) {
        return picked;
    }
    if let Some(picked) = super::queen::hit(game, under_rows(&layout), column, row) {
        return picked;
    }
    let heap_row = layout.rows.iter().find(|r| (r.y..r.y + r.height).contains(&row))?;
    let size = game.position().heap(heap_row.heap)?;
    if size == 0 || column < heap_row.x {
        return None;
    }
    let slot = u64::from((column - heap_row.x) / heap_row.cell);
    if slot >= heap_row.slots() {
        return None;
    }
    // Kayles picks the pin clicked; a split keeps the tokens before the one clicked.
    let shape = game.rules.kind.describe().shape;
    match (shape, shape.alternative(), game.switched) {
        (crate::engine::MoveShape::Pins { .. }, _, _) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot + 1 });
        }
        (_, Some(crate::engine::Alternative::Split), true) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot.max(1) });
        }
        _ => {}
    }
    heap_row.pick(slot, size).map(|count| Msg::Pick { heap: heap_row.heap, count })
}
