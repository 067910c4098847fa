//! The lesson's screen: the step's text, the example game for misère, the exercise with its answer
//! field and what the last answer got, and the key line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::{App, Lesson, MISERE_GAME, STEPS};
use crate::engine::Position;

use super::key_line::key_line;
use super::look::Look;

/// Rows the lesson needs.
pub const MIN_HEIGHT: u16 = 16;

pub fn render(lesson: &Lesson, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let step = lesson.current();
    let area = area.centered_horizontally(Constraint::Max(90));
    let [body, keys] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);

    let mut lines = Vec::new();
    for paragraph in step.text {
        lines.push(Line::styled(*paragraph, theme.fg(theme.text)));
        lines.push(Line::raw(""));
    }
    if step.title.starts_with("Misère") {
        let (heaps, note) = MISERE_GAME[lesson.replay_at];
        lines.push(Line::from(vec![
            Span::styled(
                format!("  {} / {}  ", lesson.replay_at + 1, MISERE_GAME.len()),
                theme.fg(theme.dim),
            ),
            Span::styled(format!("heaps {}", Position::new(heaps.to_vec())), theme.strong(theme.accent)),
        ]));
        lines.push(Line::styled(format!("  {note}"), theme.fg(theme.text)));
        lines.push(Line::raw(""));
    }
    if let Some(exercise) = step.exercise {
        let done = lesson.done[lesson.step];
        lines.push(Line::styled(exercise.question(), theme.strong(theme.hint)));
        if !done {
            lines.push(Line::from(vec![
                Span::styled("  answer: ", theme.fg(theme.dim)),
                Span::styled(format!("{}{}", lesson.input, look.glyphs.caret), theme.strong(theme.text)),
            ]));
        }
    }
    if let Some((right, say)) = &lesson.feedback {
        let style = if *right { theme.strong(theme.you) } else { theme.strong(theme.error) };
        lines.push(Line::styled(say.clone(), style));
    }
    let done = lesson.done.iter().filter(|d| **d).count();
    let exercises = STEPS.iter().filter(|s| s.exercise.is_some()).count();
    let title = format!(" Lesson {} of {}: {} ", lesson.step + 1, STEPS.len(), step.title);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .title(Line::styled(title, theme.strong(theme.accent).add_modifier(Modifier::BOLD)))
                .title_bottom(Line::from(format!(" exercises done: {done} of {exercises} ")).right_aligned())
                .border_style(theme.fg(theme.accent))
                .padding(ratatui::widgets::Padding::horizontal(1)),
        )
        .render(body, buf);
    let line = key_line(&app.commands(), look, usize::from(keys.width));
    Paragraph::new(Line::styled(line, theme.fg(theme.dim)).centered()).render(keys, buf);
}
