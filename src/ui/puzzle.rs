//! The lines under the board in a puzzle: the answer being chosen and what the puzzle promises, or
//! the verdict on the answer given with the winning move.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{App, Game, Note, PuzzleRun};

use super::key_line::{choosing, key_line};
use super::look::Look;
use super::text::number;

/// Draws the lines under the board of a puzzle into `area`.
pub(super) fn render_info(
    app: &App,
    game: &Game,
    run: &PuzzleRun,
    look: &Look,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    match &run.answer {
        None => {
            let choice = Span::styled(
                match crate::words::plain_takes(game.rules.kind) {
                    true => {
                        format!("Your answer: take {} from heap {}", number(game.count), game.selected + 1)
                    }
                    false => format!("Your answer: {}", game.describe(&game.chosen())),
                },
                theme.strong(theme.marked),
            );
            let room = usize::from(area.width).saturating_sub(choice.width() + 3);
            let keys = key_line(&choosing(&app.commands()), look, room);
            let mut line = vec![choice];
            if !keys.is_empty() {
                line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
            }
            lines.push(Line::from(line));
            lines.push(Line::styled(
                crate::puzzle::promise(game.engine(), game.position()),
                theme.fg(theme.text),
            ));
        }
        Some(answer) => {
            let (verdict, style) = if answer.solved {
                ("Right!".to_string(), theme.strong(theme.you))
            } else if answer.correct {
                let counted = if answer.counted { "counted as not solved" } else { "not counted" };
                (format!("Right, with the hint's help ({counted})."), theme.strong(theme.hint))
            } else {
                let what = match crate::words::plain_takes(game.rules.kind) {
                    true => answer.mv.to_string(),
                    false => game.describe(&answer.mv),
                };
                (format!("Not that one: {what} loses."), theme.strong(theme.error))
            };
            lines.push(Line::styled(verdict, style));
            lines.push(Line::styled(
                format!("The winning move: {}", answer.explanation),
                theme.fg(theme.hint),
            ));
        }
    }
    if let Some(Note::Refused(text)) = &game.note {
        lines.push(Line::styled(text.clone(), theme.strong(theme.error)));
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}
