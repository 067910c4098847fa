//! The little life on the board: the tokens the AI takes leave, the outermost first (the pins it
//! knocks down fall, one after another), over the frames of its pause. How far they have gone is the app's state (`App::motion_frame`, advanced
//! by a message when a frame's deadline passes); nothing here reads a clock.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

use crate::app::{App, Game};
use crate::engine::Move;

use super::layout::BoardLayout;
use super::limit::slot;
use super::look::Look;

/// Clears the cells of the AI's taken tokens that have left by now, over the drawn board.
pub(super) fn render(
    app: &App,
    game: &Game,
    look: &Look,
    layout: &BoardLayout,
    marked: Option<&Move>,
    buf: &mut Buffer,
) {
    let (Some((frame, of)), Some(mv)) = (app.motion_frame(), marked) else { return };
    if !game.ai_to_move() {
        return;
    }
    match *mv {
        // Pins knocked down fall one after another.
        Move::Split { take, .. } if take > 0 => {
            let gone = (take * u64::from(frame)).div_ceil(u64::from(of.max(1)));
            super::pins::lay_down(game, look, layout.board, mv, gone, buf);
            return;
        }
        // A split stays as it is drawn.
        Move::Split { .. } => return,
        _ => {}
    }
    for take in mv.takes() {
        let Some(row) = layout.rows.iter().find(|r| r.heap == take.heap) else { continue };
        let size = game.position().heap(take.heap).unwrap_or(0);
        let taken = take.take.min(size);
        let gone = (taken * u64::from(frame)).div_ceil(u64::from(of.max(1))).min(taken);
        let hidden = row.shown..size.saturating_sub(row.tail);
        for index in size - gone..size {
            // A token not drawn (behind a cut row's mark) has nothing to clear.
            if row.truncated && hidden.contains(&index) {
                continue;
            }
            let x = row.x + slot(row, size, index) as u16 * row.cell;
            for y in row.y..row.y + row.height {
                for dx in 0..row.cell.saturating_sub(1).max(1) {
                    if let Some(cell) = buf.cell_mut((x + dx, y)) {
                        cell.set_symbol(" ").set_style(Style::reset());
                    }
                }
            }
        }
    }
}
