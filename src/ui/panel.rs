//! The teaching panel beside or under the board, and which one a game gets: Nim's binary view
//! (`panel/binary.rs`) or the view of another game's theory (`panel/theory.rs`). The layout asks
//! here how big the panel would like to be and says where each heap's row stands ([`Levels`]), so
//! that a heap's line in the panel is level with its tokens; the board screen asks here to draw it.

mod binary;
mod theory;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::Game;
use crate::engine::{Teaching, ViewKind};

use super::look::Look;
use crate::i18n::Language;

/// The fewest rows the panel is drawn in: its frame, the nim-sum and one line of working.
pub const MIN_HEIGHT: u16 = 4;

/// Where the panel's lines go: the line above the heaps (the column headers), each shown heap's
/// line level with its tokens, and the lines after the heaps (the sum, the working) from `tail`
/// down. Beside the board these are the board's own rows; under it, rows one after another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    /// The row of the line above the heaps, when there is one free.
    pub head: Option<u16>,
    /// Each heap shown: its index, its top row and how many rows it takes.
    pub rows: Vec<(usize, u16, u16)>,
    /// The first row after the heaps.
    pub tail: u16,
    /// Whether numbers are drawn large ([`super::digits`]): the heaps' rows are tall enough.
    pub big: bool,
}

impl Levels {
    /// The rows of a panel standing on its own in `inner` (under the board): the head, then a row
    /// per heap from `first` (at most as many as leave `keep` rows for what follows), then the tail.
    pub fn stacked(inner: Rect, heaps: usize, first: usize, keep: u16) -> Levels {
        let room = inner.height.saturating_sub(1 + keep);
        let shown = heaps.saturating_sub(first).min(usize::from(room));
        let rows: Vec<(usize, u16, u16)> =
            (0..shown).map(|i| (first + i, inner.y + 1 + i as u16, 1)).collect();
        Levels { head: Some(inner.y), rows, tail: inner.y + 1 + shown as u16, big: false }
    }
}

/// The width the panel would like, frame included; `big` when numbers are drawn large.
pub fn width(lang: Language, game: &Game, big: bool) -> u16 {
    match game.rules.kind.describe().view {
        ViewKind::Binary => binary::width(game, big),
        _ => theory::width(lang, game),
    }
}

/// The rows the panel needs after the heaps' rows, drawn `width` columns wide (frame included),
/// the frame's bottom included: the sum and the working, wrapped.
pub fn tail_rows(lang: Language, game: &Game, width: u16, big: bool) -> u16 {
    match game.rules.kind.describe().view {
        ViewKind::Binary => binary::tail_rows(lang, game, width, big),
        _ => theory::tail_rows(lang, game, width),
    }
}

/// The fewest rows after the heaps' rows the panel can do with (the sum, the frame's bottom).
pub fn least_tail_rows(game: &Game, big: bool) -> u16 {
    match game.rules.kind.describe().view {
        ViewKind::Binary => binary::least_tail_rows(big),
        _ => 2,
    }
}

/// The rows the full panel needs drawn `width` columns wide on its own, frame included.
pub fn full_height(lang: Language, game: &Game, width: u16) -> u16 {
    (game.position().len() as u16).saturating_add(2).saturating_add(tail_rows(lang, game, width, false))
}

/// Draws the panel into `area`, its lines at `levels` (or stacked from the top when `None`).
pub fn render(game: &Game, look: &Look, area: Rect, levels: Option<&Levels>, buf: &mut Buffer) {
    match game.teach() {
        Teaching::Nim(explanation) => binary::render(game, explanation, look, area, levels, buf),
        // The other games teach their own theory.
        _ => theory::render(game, look, area, levels, buf),
    }
}
