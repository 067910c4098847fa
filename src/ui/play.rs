//! The lines under the board in a game or a demo: the move being chosen (with the keys that choose
//! it), the move about to be played, the last note, the coach's verdict and the hint.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{App, Game, Note};

use super::key_line::{choosing, key_line};
use super::look::Look;
use super::text::{capitalised, number};

/// Draws the lines under the board of a game or a demo into `area`.
pub(super) fn render_info(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    if game.your_turn() {
        let typing = if game.typed.is_empty() { String::new() } else { format!(" (typed {})", game.typed) };
        let who = if game.hotseat() { format!("{}: ", game.name(game.turn())) } else { String::new() };
        let choice = match crate::words::plain_takes(game.rules.kind) {
            true => format!("{who}Take {} from heap {}{typing}", number(game.count), game.selected + 1),
            false => format!("{who}{}{typing}", capitalised(&game.describe(&game.chosen()))),
        };
        let mut line = vec![Span::styled(choice, theme.strong(theme.marked))];
        // The keys for choosing the move stand next to the choice, when they fit.
        let room = usize::from(area.width).saturating_sub(line[0].width() + 3);
        let keys = key_line(&choosing(&app.commands()), look, room);
        if !keys.is_empty() {
            line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
        }
        lines.push(Line::from(line));
    } else if let (None, Some(mv)) = (&game.over, &game.pending) {
        let text = match (crate::words::plain_takes(game.rules.kind), mv.as_take()) {
            (true, Some(take)) => {
                format!("{} takes {} from heap {}…", game.name(game.turn()), number(take.take), take.number())
            }
            _ => format!("{}: {}…", game.name(game.turn()), game.describe(mv)),
        };
        lines.push(Line::styled(text, theme.strong(theme.ai)));
    } else {
        lines.push(Line::raw(""));
    }
    match &game.note {
        Some(Note::AiMoved(text)) => lines.push(Line::styled(text.clone(), theme.fg(theme.ai))),
        Some(Note::Told(text)) => lines.push(Line::styled(text.clone(), theme.strong(theme.text))),
        Some(Note::Refused(text)) => lines.push(Line::styled(text.clone(), theme.strong(theme.error))),
        None => {}
    }
    if let (true, Some(coaching)) = (app.panels.coach, &game.coach) {
        let style = match coaching {
            crate::app::Coaching::Missed(_) => theme.fg(theme.error),
            _ => theme.fg(theme.you),
        };
        let text = match (game.hotseat(), coaching, crate::words::plain_takes(game.rules.kind)) {
            // Another game's missed moves in its own words, from the position the player moved from.
            (hotseat, crate::app::Coaching::Missed(moves), false) => {
                // The player's last move, as recorded when it was made.
                let before =
                    game.judged().1.iter().rev().find(|line| game.is_human(line.seat)).map(|l| &l.before);
                let list: Vec<String> = moves
                    .iter()
                    .map(|m| before.map_or(m.to_string(), |b| game.describe_from(b, m)))
                    .collect();
                let plural = if moves.len() == 1 { "move was" } else { "moves were" };
                let whose = match hotseat {
                    true => format!("{}'s move", game.name(game.turn().other())),
                    false => "that".to_string(),
                };
                format!("Coach: {whose} gave the win away; the winning {plural}: {}", list.join(", "))
            }
            // The verdict is about the move just made, by the player who is no longer to move.
            (true, ..) => coaching.about(game.name(game.turn().other())),
            (false, ..) => coaching.to_string(),
        };
        lines.push(Line::styled(text, style));
    }
    if let Some(hint) = &game.hint {
        let label = if hint.winning { "Hint: " } else { "Hint (losing position): " };
        lines.push(Line::from(vec![
            Span::styled(label, theme.strong(theme.hint)),
            Span::styled(hint.reason.clone(), theme.fg(theme.hint)),
        ]));
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}
