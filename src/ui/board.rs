//! A screen with a board (a game, a demo, a puzzle or a replay): the header, the board, the panel,
//! the screen's own lines under the board, the move list, the status line and, after a game, the
//! banner; laid out once per frame (see `layout`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::{App, Game, Screen};

use super::layout::layout_for;
use super::look::Look;
use super::text::{capitalised, shortened};
use super::{banner, heaps, motion, moves, panel, play, puzzle, replay, status};

/// Draws a screen with a board: a game, a demo, a puzzle or a replay.
pub fn render(app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let Some(game) = app.game() else { return };
    let theme = &look.theme;
    let layout = layout_for(game, area, app.panels);
    let mode = game.mode();

    let kind = game.rules.kind;
    // The default game is named by its mode alone.
    let header = match kind == crate::engine::GameKind::default() {
        true => Line::from(vec![
            Span::styled(" nim-tui ", theme.strong(theme.accent)),
            Span::styled(
                format!(" {}: ", capitalised(crate::words::mode_title(mode))),
                theme.strong(theme.text),
            ),
            Span::styled(crate::words::mode_rule(mode), theme.fg(theme.text)),
        ]),
        // Another game: its name and rule, then the mode.
        false => Line::from(vec![
            Span::styled(" nim-tui ", theme.strong(theme.accent)),
            Span::styled(format!(" {}: ", capitalised(&kind.title())), theme.strong(theme.text)),
            Span::styled(
                format!("{}; {}", crate::words::rule(kind), crate::words::mode_rule(mode)),
                theme.fg(theme.text),
            ),
        ]),
    };
    shortened(header, usize::from(layout.header.width), &look.glyphs.ellipsis).render(layout.header, buf);

    let marked = match &app.screen {
        Screen::Replay(replay) => replay.next().cloned(),
        _ => game.marked(),
    };
    heaps::render(game, look, &layout, marked.as_ref(), buf);
    motion::render(app, game, look, &layout, marked.as_ref(), buf);

    if let Some(area) = layout.panel {
        panel::render(game, look, area, buf);
    }
    match layout.history {
        Some(history) => {
            if history != layout.info {
                render_info(game, app, look, layout.info, buf);
            }
            moves::render(game, look, history, buf);
        }
        None => render_info(game, app, look, layout.info, buf),
    }
    status::render(game, app, look, layout.status, buf);
    if app.overlay.is_some() {
        return;
    }

    if let (Some(over), false) = (&game.over, matches!(app.screen, Screen::Replay(_))) {
        banner::render(app, game, over, look, &layout, buf);
    }
}

/// The screen's own lines under the board.
fn render_info(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    match &app.screen {
        Screen::Puzzle(puzzle) => puzzle::render_info(app, game, &puzzle.run, look, area, buf),
        Screen::Replay(replay) => replay::render_info(game, replay, look, area, buf),
        _ => play::render_info(game, app, look, area, buf),
    }
}
