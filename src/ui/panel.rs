//! The teaching panel beside or under the board, and which one a game gets: Nim's binary view
//! (`panel/binary.rs`) or the view of another game's theory (`panel/theory.rs`). The layout asks
//! here how big the panel would like to be; the board screen asks here to draw it.

mod binary;
mod theory;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::Game;
use crate::engine::{Teaching, ViewKind};

use super::look::Look;

/// The fewest rows the panel is drawn in: its frame, the nim-sum and one line of working.
pub const MIN_HEIGHT: u16 = 4;

/// The width the panel would like, frame included.
pub fn width(game: &Game) -> u16 {
    match game.rules.kind.describe().view {
        ViewKind::Binary => binary::width(game),
        _ => theory::width(game),
    }
}

/// The rows the full panel needs, frame included.
pub fn full_height(game: &Game) -> u16 {
    match game.rules.kind.describe().view {
        ViewKind::Binary => binary::full_height(game),
        _ => theory::full_height(game),
    }
}

/// Draws the panel into `area`.
pub fn render(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    match game.teach() {
        Teaching::Nim(explanation) => binary::render(game, explanation, look, area, buf),
        // The other games teach their own theory.
        _ => theory::render(game, look, area, buf),
    }
}
