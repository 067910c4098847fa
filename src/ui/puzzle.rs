//! The lines under the board in a puzzle: the answer being chosen and what the puzzle promises, or
//! the verdict on the answer given with the winning move.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{App, Game, Note, PuzzleRun};

use super::key_line::choosing_line;
use super::look::Look;

/// Draws the lines under the board of a puzzle into `area`.
pub(super) fn render_info(
    app: &App,
    game: &Game,
    run: &PuzzleRun,
    rated: Option<&crate::app::PuzzleRated>,
    look: &Look,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    match &run.answer {
        None => {
            let choice = Span::styled(
                crate::words::your_answer(
                    look.language,
                    &match crate::words::plain_takes(game.rules.kind) {
                        true => crate::words::move_text(
                            look.language,
                            &crate::engine::MoveWords::Take { heap: game.selected + 1, amount: game.count },
                            crate::words::Tense::Present,
                        ),
                        false => game.describe(look.language, &game.chosen()),
                    },
                ),
                theme.strong(theme.marked),
            );
            let room = usize::from(area.width).saturating_sub(choice.width() + 3);
            let keys = choosing_line(&app.commands(), look, room);
            let mut line = vec![choice];
            if !keys.is_empty() {
                line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
            }
            lines.push(Line::from(line));
            match &run.missed {
                // After a first wrong try: what was tried, and that one more try is left.
                Some(mv) => {
                    let what = match crate::words::plain_takes(game.rules.kind) {
                        true => crate::words::plain_move(look.language, mv),
                        false => game.describe(look.language, mv),
                    };
                    lines.push(Line::styled(
                        crate::words::puzzle_try_again(look.language, &what),
                        theme.strong(theme.warning),
                    ));
                }
                None => lines.push(Line::styled(
                    crate::puzzle::promise(look.language, game.engine(), game.position()),
                    theme.fg(theme.text),
                )),
            }
        }
        Some(answer) => {
            let (verdict, style) = if answer.solved {
                (crate::words::puzzle_right(look.language).to_string(), theme.strong(theme.you))
            } else if answer.correct && run.missed.is_some() && !run.revealed {
                (crate::words::puzzle_right_second_try(look.language).to_string(), theme.strong(theme.you))
            } else if answer.correct {
                (
                    crate::words::puzzle_right_with_hint(look.language, answer.counted),
                    theme.strong(theme.hint),
                )
            } else {
                let what = match crate::words::plain_takes(game.rules.kind) {
                    true => crate::words::plain_move(look.language, &answer.mv),
                    false => game.describe(look.language, &answer.mv),
                };
                (crate::words::puzzle_wrong(look.language, &what), theme.strong(theme.error))
            };
            lines.push(Line::styled(verdict, style));
            lines.push(Line::styled(
                crate::words::puzzle_winning_move(
                    look.language,
                    &crate::words::reason(look.language, &answer.teaching),
                ),
                theme.fg(theme.hint),
            ));
            if let Some(rated) = rated {
                lines.push(Line::styled(rated.words(look.language), theme.fg(theme.text)));
            }
        }
    }
    if let Some(note @ Note::Refused(_)) = &game.note {
        lines.push(Line::styled(game.note_words(look.language, note), theme.strong(theme.error)));
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}
