//! Fibonacci Nim's limit drawn where it acts: a bracket under the tokens the next move may take
//! (the end of the heap, as far back as the limit reaches), with the most it may take written on
//! it, so the limit is something seen beside the heap and not only a number in a sentence.

use ratatui::buffer::Buffer;

use crate::app::Game;

use super::layout::{BoardLayout, HeapRow};
use super::look::Look;

/// Whether the game's moves are bounded by a limit that each move sets (Fibonacci Nim): then the
/// board has a row for the bracket under its heap.
pub(super) fn applies(game: &Game) -> bool {
    game.rules.kind.describe().has_limit()
}

/// The most the next move may take from a heap of `size`: the limit, or on the first move all
/// but one.
fn most(game: &Game, size: u64) -> u64 {
    match game.position().limit() {
        Some(limit) => limit.min(size),
        None => size.saturating_sub(1),
    }
}

/// The slot where token `index` of `row` (a heap of `size`) is drawn; a token not drawn is in the
/// mark's slot.
pub(super) fn slot(row: &HeapRow, size: u64, index: u64) -> u64 {
    if index < row.shown {
        index
    } else if !row.truncated {
        index.min(row.shown.saturating_sub(1))
    } else if index >= size - row.tail {
        row.shown + 1 + (index - (size - row.tail))
    } else {
        row.shown
    }
}

/// Draws the bracket under the tokens the next move may take, with the most it may take.
pub(super) fn render(game: &Game, look: &Look, layout: &BoardLayout, buf: &mut Buffer) {
    if !applies(game) || game.over.is_some() {
        return;
    }
    let theme = &look.theme;
    for row in &layout.rows {
        let size = game.position().heap(row.heap).unwrap_or(0);
        let most = most(game, size);
        if size == 0 || most == 0 {
            continue;
        }
        let y = row.y + row.height;
        if y + 1 >= layout.board.bottom() {
            continue;
        }
        // From the left edge of the first token that may be taken to the right edge of the last.
        let left = row.x + slot(row, size, size - most) as u16 * row.cell;
        let right = row.x + slot(row, size, size - 1) as u16 * row.cell + row.cell.saturating_sub(2);
        let width = usize::from(right - left + 1);
        let border = &look.glyphs.border;
        let style = theme.strong(theme.hint);
        let text = format!(" {} ", crate::words::limit_bracket(look.language, most));
        let text_width = unicode_width::UnicodeWidthStr::width(text.as_str());
        let line = match width {
            1 => border.horizontal_top.to_string(),
            _ => format!(
                "{}{}{}",
                border.bottom_left,
                border.horizontal_bottom.repeat(width - 2),
                border.bottom_right
            ),
        };
        buf.set_string(left, y, line, style);
        if text_width + 2 <= width {
            // On the bracket, in its middle.
            buf.set_string(left + ((width - text_width) / 2) as u16, y, text, style);
        } else if usize::from(right) + 1 + text_width < usize::from(layout.board.right()) - 1 {
            // After it, when the bracket is too short to hold the words.
            buf.set_string(right + 1, y, text, style);
        } else if usize::from(left) >= usize::from(layout.board.x) + 1 + text_width {
            buf.set_string(left - text_width as u16, y, text, style);
        }
    }
}
