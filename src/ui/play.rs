//! The lines under the board in a game or a demo: the move being chosen (with the keys that choose
//! it), the move about to be played, the last note, the coach's verdict and the hint.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::{App, Game, Note};

use super::key_line::{choosing, choosing_line, key_lines};
use super::look::Look;
use super::text::wrap;

/// Draws the lines under the board of a game or a demo into `area`, wrapped; on a projector's
/// screen, in a panel of their own ([`render_projected`]).
pub(super) fn render_info(game: &Game, app: &App, look: &Look, area: Rect, alone: bool, buf: &mut Buffer) {
    // After a game the banner stands in their place (its title in block letters on a projector).
    let projected = alone && game.over.is_none() && app.overlay.is_none();
    let screen = buf.area().width;
    if projected && screen >= PROJECTOR_WIDTH {
        // The keys beside the choice are fitted to the projected panel's width.
        let width = PROJECTED_WIDTH.min(screen - 4);
        let lines = info_lines(game, app, look, Rect { width, ..area }, true);
        if render_projected(&lines, look, area, buf) {
            return;
        }
    }
    // The keys that choose a move go on a line of their own when they do not fit beside the
    // choice and there is a row for them; else those that fit stand beside it.
    let wrapped = |lines: Vec<Line<'static>>| -> Vec<Line<'static>> {
        lines.iter().flat_map(|line| wrap(line, usize::from(area.width))).collect()
    };
    let mut lines = wrapped(info_lines(game, app, look, area, true));
    if lines.len() > usize::from(area.height) {
        lines = wrapped(info_lines(game, app, look, area, false));
    }
    Paragraph::new(lines).render(area, buf);
}

/// The screen width from which the lines under the board are drawn for a class to read (#35).
const PROJECTOR_WIDTH: u16 = 110;
/// The columns a projected sentence wraps in: short lines read across a room.
const PROJECTED_WIDTH: u16 = 84;

/// On a large screen with rows to spare (a projector), the sentences a class reads (the move
/// being chosen, the last move, the coach, the hint) are drawn apart from the board: centred, in
/// bold, a blank row between them, in a frame of their own that stands in the middle of the room
/// under the board rather than one small line above an empty third. Any language: nothing here
/// depends on a font. Answers whether it drew them (there was room).
fn render_projected(lines: &[Line<'static>], look: &Look, area: Rect, buf: &mut Buffer) -> bool {
    let screen = *buf.area();
    if screen.width < PROJECTOR_WIDTH || lines.iter().all(|l| l.width() == 0) {
        return false;
    }
    // As wide as the screen allows around the middle of the lines' own rows.
    let width = PROJECTED_WIDTH.min(screen.width - 4);
    let middle = area.x + area.width / 2;
    let x = middle.saturating_sub((width + 4) / 2).max(screen.x);
    let area = Rect { x, width: (width + 4).min(screen.right() - x), ..area };
    let width = area.width - 4;
    let mut rows: Vec<Line<'static>> = Vec::new();
    for line in lines.iter().filter(|l| l.width() > 0) {
        if !rows.is_empty() {
            rows.push(Line::raw(""));
        }
        let bold = Line::from(
            line.spans
                .iter()
                .map(|s| {
                    Span::styled(s.content.clone(), s.style.add_modifier(ratatui::style::Modifier::BOLD))
                })
                .collect::<Vec<_>>(),
        );
        rows.extend(wrap(&bold, usize::from(width)).into_iter().map(|l| l.centered()));
    }
    // The frame, a blank row inside it above and below, and a row of room outside it: else the
    // plain lines.
    let height = rows.len() as u16 + 4;
    if height + 2 > area.height {
        return false;
    }
    let panel = Rect {
        x: area.x + (area.width - (width + 4)) / 2,
        // In the middle of the rows under the board, never against the board.
        y: area.y + 1 + (area.height - height - 1) / 2,
        width: width + 4,
        height,
    };
    // Plain corners: the ASCII pass has a stand-in for each.
    let block = ratatui::widgets::Block::bordered().border_style(look.theme.fg(look.theme.dim));
    let inner = block.inner(panel);
    block.render(panel, buf);
    let text = Rect { y: inner.y + 1, height: inner.height.saturating_sub(2), x: inner.x + 1, width };
    Paragraph::new(rows).render(text, buf);
    true
}

/// The rows the lines under the board take wrapped in `area`'s width: the layout's four rows may
/// not be enough for a long hint on a narrow screen, and the move list under them gives way.
pub(super) fn info_rows(game: &Game, app: &App, look: &Look, area: Rect) -> u16 {
    let width = usize::from(area.width);
    info_lines(game, app, look, area, false).iter().map(|line| wrap(line, width).len() as u16).sum()
}

/// The lines under the board of a game or a demo, before wrapping.
fn info_lines(game: &Game, app: &App, look: &Look, area: Rect, keys_below: bool) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let mut lines = Vec::new();
    if game.your_turn() {
        let who = game.hotseat().then(|| game.name(look.language, game.turn()));
        let mv = match crate::words::plain_takes(game.rules.kind) {
            true => crate::words::move_text(
                look.language,
                &crate::engine::MoveWords::Take { heap: game.selected + 1, amount: game.count },
                crate::words::Tense::Present,
            ),
            false => game.describe(look.language, &game.chosen()),
        };
        let choice = crate::words::choosing(look.language, who, &mv, &game.typed);
        let mut line = vec![Span::styled(choice, theme.strong(theme.marked))];
        // The keys for choosing the move stand next to the choice when they all fit there; else
        // they go whole on the lines under it, never some of them dropped (#35).
        let room = usize::from(area.width).saturating_sub(line[0].width() + 3);
        let commands = app.commands();
        let all = choosing_line(&commands, look, usize::MAX);
        let beside = Span::raw(all.as_str()).width() <= room;
        let keys = match beside || keys_below {
            true => all,
            false => choosing_line(&commands, look, room),
        };
        if (beside || !keys_below) && !keys.is_empty() {
            line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
        }
        lines.push(Line::from(line));
        if !beside && keys_below {
            let width = usize::from(area.width).max(1);
            lines.extend(
                key_lines(&choosing(&commands), look, width)
                    .into_iter()
                    .map(|keys| Line::styled(keys, theme.fg(theme.dim))),
            );
        }
    } else if let (None, Some(mv)) = (&game.over, &game.pending) {
        let text = match (crate::words::plain_takes(game.rules.kind), mv.as_take()) {
            (true, Some(take)) => crate::words::about_to_take(
                look.language,
                game.name(look.language, game.turn()),
                take.number(),
                take.take,
            ),
            _ => crate::words::about_to_move(
                look.language,
                game.name(look.language, game.turn()),
                &game.describe(look.language, mv),
            ),
        };
        lines.push(Line::styled(text, theme.strong(theme.ai)));
    } else {
        lines.push(Line::raw(""));
    }
    // Another window on this home, told until the player's first move (#35).
    if let Some(other) =
        app.other_window.filter(|_| !game.moves().iter().any(|(seat, _)| game.is_human(*seat)))
    {
        lines.push(Line::styled(other.words(look.language), theme.strong(theme.warning)));
    }
    if let Some(toss) = game.toss_words(look.language) {
        lines.push(Line::styled(toss, theme.strong(theme.text)));
    }
    if let Some(note) = &game.note {
        let style = match note {
            Note::Moved { .. } => theme.fg(theme.ai),
            Note::Refused(_) => theme.strong(theme.error),
            _ => theme.strong(theme.text),
        };
        lines.push(Line::styled(game.note_words(look.language, note), style));
    }
    if let (true, Some(coaching)) = (app.panels.coach, &game.coach) {
        // A mistake in the warning colour, a lost position neutral: only a good move is green.
        let style = match coaching {
            crate::app::Coaching::Missed(_) => theme.strong(theme.warning),
            crate::app::Coaching::AlreadyLost => theme.fg(theme.dim),
            crate::app::Coaching::Kept => theme.fg(theme.you),
        };
        let text = match (game.hotseat(), coaching, crate::words::plain_takes(game.rules.kind)) {
            // Another game's missed moves in its own words, from the position the player moved from.
            (hotseat, crate::app::Coaching::Missed(moves), false) => {
                // The player's last move, as recorded when it was made.
                let before =
                    game.judged().1.iter().rev().find(|line| game.is_human(line.seat)).map(|l| &l.before);
                let list: Vec<String> = moves
                    .iter()
                    .map(|m| {
                        before.map_or_else(
                            || crate::words::plain_move(look.language, m),
                            |b| game.describe_from(look.language, b, m),
                        )
                    })
                    .collect();
                let who = hotseat.then(|| game.name(look.language, game.turn().other()));
                crate::words::coach_missed(look.language, who, &list)
            }
            // The verdict is about the move just made, by the player who is no longer to move.
            (true, ..) => coaching.about(look.language, game.name(look.language, game.turn().other())),
            (false, ..) => coaching.text(look.language),
        };
        lines.push(Line::styled(text, style));
    }
    if let Some(hint) = &game.hint {
        let label = crate::words::hint_label(look.language, hint.winning);
        lines.push(Line::from(vec![
            Span::styled(label, theme.strong(theme.hint)),
            Span::styled(game.hint_words(look.language), theme.fg(theme.hint)),
        ]));
    }
    lines
}
