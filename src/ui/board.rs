//! A screen with a board (a game, a demo, a puzzle or a replay): the header, the board, the panel,
//! the screen's own lines under the board, the move list, the status line and, after a game, the
//! banner; laid out once per frame (see `layout`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::{App, Game, Screen};

use super::layout::{header_parts, header_rows, layout_for};
use super::look::Look;
use super::text::shortened;
use super::{banner, heaps, motion, moves, panel, play, puzzle, replay, status};

/// Draws a screen with a board: a game, a demo, a puzzle or a replay.
pub fn render(app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let Some(game) = app.game() else { return };
    // A review draws the board the judged move was played from, with that move marked on it.
    let board_game = match &app.screen {
        Screen::Replay(replay) if replay.verdict().is_some() => replay.before.as_ref().unwrap_or(game),
        _ => game,
    };
    let (board_area, short) = fitted(app, look, area);
    let mut layout = layout_for(look.language, board_game, board_area, app.panels);
    if matches!(app.screen, Screen::Play(_) | Screen::Demo(_)) {
        adjust(app, look, game, board_game, &mut layout);
        // The rows the board gave up for a long hint go to the lines under it; the status line
        // goes back to the screen's last row.
        layout.info.height += short;
        layout.status.y += short;
    }

    render_header(game, look, &layout, buf);

    let marks = match &app.screen {
        // A review marks the move judged, on the board it was played from, and for a mistake the
        // winning move it missed; a replay marks the next move.
        Screen::Replay(replay) => match replay.verdict() {
            Some(line) if replay.review.is_some() => heaps::Marks {
                chosen: Some(line.mv.clone()),
                alternative: match &line.coaching {
                    crate::app::Coaching::Missed(moves) => moves.first().cloned(),
                    _ => None,
                },
            },
            _ => heaps::Marks { chosen: replay.next().cloned(), alternative: None },
        },
        _ => heaps::Marks { chosen: game.marked(), alternative: None },
    };
    heaps::render(board_game, look, &layout, &marks, buf);
    motion::render(app, game, look, &layout, marks.chosen.as_ref(), buf);

    if let Some(area) = layout.panel {
        panel::render(board_game, look, area, layout.levels.as_ref(), buf);
    }
    match layout.history {
        Some(history) => {
            if history != layout.info {
                render_info(game, app, look, layout.info, false, buf);
            }
            moves::render(game, look, history, buf);
        }
        None => render_info(game, app, look, layout.info, true, buf),
    }
    status::render(game, app, look, layout.status, buf);
    if app.overlay.is_some() {
        return;
    }

    if let (Some(over), false) = (&game.over, matches!(app.screen, Screen::Replay(_))) {
        banner::render(app, game, over, look, &layout, buf);
    }
}

/// The area the board is laid out in, and the rows kept from it for the lines under the board: the
/// whole screen, unless the prompt and the hint need more rows than the layout and the panels
/// and move list give them (a long hint on a short screen), in which case the board is laid out
/// in fewer rows (its blank rows go, then it scrolls) so that the hint is never cut (#35). The
/// drawing, the mouse and the cursor all lay the board out in this area.
pub(super) fn fitted(app: &App, look: &Look, area: Rect) -> (Rect, u16) {
    let Some(game) = app.game() else { return (area, 0) };
    if !matches!(app.screen, Screen::Play(_) | Screen::Demo(_)) {
        return (area, 0);
    }
    let mut layout = layout_for(look.language, game, area, app.panels);
    let needed = adjust(app, look, game, game, &mut layout);
    let short = needed.saturating_sub(layout.info.height);
    // A move list under the lines keeps its place; the screen never gets smaller than a game's.
    if short == 0 || layout.history.is_some_and(|h| h.y == layout.info.bottom()) {
        return (area, 0);
    }
    // The board does not give up its rows one for one (its blank rows, its centring), so the rows
    // kept are checked against the board laid out without them, and more kept while they fall short.
    let most = area.height.saturating_sub(super::layout::MIN_HEIGHT);
    let mut short = short.min(most);
    for _ in 0..8 {
        let smaller = Rect { height: area.height - short, ..area };
        let mut layout = layout_for(look.language, game, smaller, app.panels);
        let needed = adjust(app, look, game, game, &mut layout);
        let missing = needed.saturating_sub(layout.info.height + short);
        if missing == 0 || short == most {
            break;
        }
        short = (short + missing).min(most);
    }
    (Rect { height: area.height - short, ..area }, short)
}

/// The layout fitted to the lines under the board of a game or a demo, which go last: a move list
/// under them, then a panel under the board, give up the rows they need; rows they leave go to a
/// panel under the board that would like more, then to a status line that would be cut in one
/// row. Answers the rows the lines under the board need.
fn adjust(
    app: &App,
    look: &Look,
    game: &Game,
    board_game: &Game,
    layout: &mut super::layout::BoardLayout,
) -> u16 {
    let needed = play::info_rows(game, app, look, layout.info);
    if let Some(history) = layout.history.filter(|h| h.y == layout.info.bottom()) {
        let give = needed.saturating_sub(layout.info.height).min(history.height);
        layout.info.height += give;
        let left = Rect { y: history.y + give, height: history.height - give, ..history };
        layout.history = (left.height >= 3).then_some(left);
    }
    if let Some(panel) = layout.panel.filter(|p| layout.levels.is_none() && p.bottom() == layout.info.y) {
        let give = needed.saturating_sub(layout.info.height).min(panel.height);
        if give > 0 {
            // A panel too short to show its sum is no panel: it gives all its rows.
            let left = panel.height - give;
            let give = if left < super::panel::MIN_HEIGHT { panel.height } else { give };
            layout.panel = (give < panel.height).then_some(Rect { height: panel.height - give, ..panel });
            layout.info.y -= give;
            layout.info.height += give;
        }
    }
    // Rows the lines under the board do not need go to a panel under the board that would
    // like more (a short panel shows only the nim-sum).
    if let Some(panel) = layout.panel.filter(|p| layout.levels.is_none() && p.bottom() == layout.info.y) {
        let spare = layout.info.height.saturating_sub(needed);
        let wanted =
            super::panel::full_height(look.language, board_game, panel.width).saturating_sub(panel.height);
        let give = spare.min(wanted);
        if give > 0 && layout.history.is_none_or(|h| h.y != layout.info.bottom()) {
            layout.panel = Some(Rect { height: panel.height + give, ..panel });
            layout.info.y += give;
            layout.info.height -= give;
        }
    }
    // A status line that would be cut in one row wraps onto rows the lines under the board
    // leave blank, after a panel
    // under the board has taken those it wants (#35).
    let wanted = status::rows(game, app, look, layout.status.width);
    if wanted > 1 && layout.info.bottom() == layout.status.y {
        let give = (wanted - 1).min(layout.info.height.saturating_sub(needed));
        layout.info.height -= give;
        layout.status.y -= give;
        layout.status.height += give;
    }
    needed
}

/// The header: the program's name, the game's (or the mode's) title and its whole rule, wrapped
/// under itself; past the rows the layout gave it, the last row ends in an ellipsis.
fn render_header(game: &Game, look: &Look, layout: &super::layout::BoardLayout, buf: &mut Buffer) {
    let theme = &look.theme;
    let (name, title, _) = header_parts(look.language, game, layout.header.width);
    let (indent, lines) = header_rows(look.language, game, layout.header.width);
    let area = layout.header;
    let rows = usize::from(area.height);
    for (i, line) in lines.iter().enumerate().take(rows) {
        let y = area.y + i as u16;
        let mut spans = Vec::new();
        if i == 0 {
            spans.push(Span::styled(name.clone(), theme.strong(theme.accent)));
            spans.push(Span::styled(title.clone(), theme.strong(theme.text)));
        } else {
            spans.push(Span::raw(" ".repeat(usize::from(indent))));
        }
        spans.extend(line.spans.iter().map(|s| Span::styled(s.content.clone(), theme.fg(theme.text))));
        let mut line = Line::from(spans);
        if i + 1 == rows && lines.len() > rows {
            // More rule than rows: the last row says so.
            let cut = usize::from(area.width).saturating_sub(1);
            line = shortened(line, cut, &look.glyphs.ellipsis);
            if line.width() < usize::from(area.width)
                && line.spans.last().is_none_or(|s| s.content != look.glyphs.ellipsis)
            {
                line.push_span(Span::styled(look.glyphs.ellipsis.clone(), theme.fg(theme.text)));
            }
        }
        shortened(line, usize::from(area.width), &look.glyphs.ellipsis)
            .render(Rect { y, height: 1, ..area }, buf);
    }
}

/// The screen's own lines under the board; `alone` when nothing stands beside them (no move list),
/// so that on a projector they may take the screen's width.
fn render_info(game: &Game, app: &App, look: &Look, area: Rect, alone: bool, buf: &mut Buffer) {
    match &app.screen {
        Screen::Puzzle(puzzle) => {
            puzzle::render_info(app, game, &puzzle.run, puzzle.rated.as_ref(), look, area, buf)
        }
        Screen::Replay(replay) => replay::render_info(game, replay, look, area, buf),
        _ => play::render_info(game, app, look, area, alone, buf),
    }
}
