//! The lines under the board in a game or a demo: the move being chosen (with the keys that choose
//! it), the move about to be played, the last note, the coach's verdict and the hint.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::{App, Game, Note};

use super::key_line::choosing_line;
use super::look::Look;
use super::text::wrap;

/// Draws the lines under the board of a game or a demo into `area`, wrapped.
pub(super) fn render_info(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let lines: Vec<Line> = info_lines(game, app, look, area)
        .iter()
        .flat_map(|line| wrap(line, usize::from(area.width)))
        .collect();
    Paragraph::new(lines).render(area, buf);
}

/// The rows the lines under the board take wrapped in `area`'s width: the layout's four rows may
/// not be enough for a long hint on a narrow screen, and the move list under them gives way.
pub(super) fn info_rows(game: &Game, app: &App, look: &Look, area: Rect) -> u16 {
    let width = usize::from(area.width);
    info_lines(game, app, look, area).iter().map(|line| wrap(line, width).len() as u16).sum()
}

/// The lines under the board of a game or a demo, before wrapping.
fn info_lines(game: &Game, app: &App, look: &Look, area: Rect) -> Vec<Line<'static>> {
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
        // The keys for choosing the move stand next to the choice, when they fit.
        let room = usize::from(area.width).saturating_sub(line[0].width() + 3);
        let keys = choosing_line(&app.commands(), look, room);
        if !keys.is_empty() {
            line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
        }
        lines.push(Line::from(line));
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
