//! The lesson's screen: the step's text beside its picture (rows of tokens, heaps stacked in
//! binary with each column's count of ones and the nim-sum, or a table of Grundy values), the
//! example game for misère, the exercise with its answer field and what the last answer got, and
//! the key line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::{App, Exercise, Lesson, MISERE_GAME, Picture, grundy_value};
use crate::engine::Position;

use super::key_line::key_line;
use super::look::Look;

/// Rows the lesson needs.
pub const MIN_HEIGHT: u16 = 16;

/// The most tokens a row of the picture draws; a longer heap says its size.
const TOKENS_MAX: u64 = 24;

pub fn render(lesson: &Lesson, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let step = lesson.current();
    let area = area.centered_horizontally(Constraint::Max(120));
    let [body, keys] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);

    let mut lines = Vec::new();
    for paragraph in step.text {
        lines.push(Line::styled(*paragraph, theme.fg(theme.text)));
        lines.push(Line::raw(""));
    }
    if step.picture == Picture::MisereGame {
        let (_, note) = MISERE_GAME[lesson.replay_at];
        lines.push(Line::styled(note.to_string(), theme.fg(theme.text)));
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
    if lesson.playable().is_some() {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            crate::words::play_this_position(&look.key(crate::app::Action::NewGame)),
            theme.strong(theme.accent),
        ));
    }
    let steps = lesson.steps();
    let done = lesson.done.iter().filter(|d| **d).count();
    let exercises = steps.iter().filter(|s| s.exercise.is_some()).count();
    // Nim's lesson is the lesson; the other names itself.
    let course = match lesson.course {
        crate::app::Course::Nim => String::new(),
        other => format!("{} ", other.title()),
    };
    let title = format!(" {course}Lesson {} of {}: {} ", lesson.step + 1, steps.len(), step.title);
    let block = Block::bordered()
        .title(Line::styled(title, theme.strong(theme.accent).add_modifier(Modifier::BOLD)))
        .title_bottom(Line::from(format!(" exercises done: {done} of {exercises} ")).right_aligned())
        .border_style(theme.fg(theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(body);
    block.render(body, buf);

    let picture = picture(lesson, look, inner.width.saturating_sub(2));
    let picture_width = picture.iter().map(Line::width).max().unwrap_or(0) as u16;
    let picture_height = picture.len() as u16;
    // Beside the words where the screen is wide, above them where it is not.
    let (text_area, picture_area) = if inner.width >= 90 && picture_width + 2 <= inner.width / 2 {
        let [text, _, pic] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(2),
            Constraint::Length(picture_width + 2),
        ])
        .areas(inner);
        (text, pic)
    } else {
        let [pic, text] = Layout::vertical([
            Constraint::Length((picture_height + 1).min(inner.height / 2)),
            Constraint::Fill(1),
        ])
        .areas(inner);
        (text, pic)
    };
    Paragraph::new(picture).render(picture_area, buf);
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(text_area, buf);
    let line = key_line(&app.commands(), look, usize::from(keys.width));
    Paragraph::new(Line::styled(line, theme.fg(theme.dim)).centered()).render(keys, buf);
}

/// The step's picture as lines, at most `width` columns wide.
fn picture(lesson: &Lesson, look: &Look, width: u16) -> Vec<Line<'static>> {
    let step = lesson.current();
    // Answers the exercise asks for stay hidden until it is answered.
    let asking = lesson.asking();
    match step.picture {
        Picture::Heaps(heaps) => token_rows(heaps, look, None),
        Picture::MisereGame => {
            let (heaps, _) = MISERE_GAME[lesson.replay_at];
            let theme = &look.theme;
            let mut lines = vec![Line::from(vec![
                Span::styled(
                    format!("{} / {}  ", lesson.replay_at + 1, MISERE_GAME.len()),
                    theme.fg(theme.dim),
                ),
                Span::styled(format!("heaps {}", Position::new(heaps.to_vec())), theme.strong(theme.accent)),
            ])];
            lines.extend(token_rows(heaps, look, None));
            lines
        }
        Picture::Binary(heaps) => {
            let hide = asking && matches!(step.exercise, Some(Exercise::NimSum(_)));
            binary_columns(heaps, look, hide)
        }
        Picture::GrundyTable { upto, hidden } => grundy_table(upto, hidden.filter(|_| asking), look, width),
        Picture::GrundyHeaps(heaps) => {
            let hide = asking && matches!(step.exercise, Some(Exercise::GrundyWinner(_)));
            let values: Vec<u64> = heaps.iter().map(|&h| grundy_value(h)).collect();
            let mut lines = token_rows(heaps, look, Some(&values));
            let theme = &look.theme;
            let xor = values.iter().fold(0, |x, &v| x ^ v);
            let terms =
                values.iter().map(u64::to_string).collect::<Vec<_>>().join(&format!(" {} ", look.glyphs.xor));
            lines.push(Line::raw(""));
            lines.push(Line::from(vec![
                Span::styled("values: ", theme.fg(theme.dim)),
                Span::styled(terms, theme.fg(theme.text)),
                Span::styled(" = ", theme.fg(theme.dim)),
                Span::styled(
                    if hide { "?".to_string() } else { xor.to_string() },
                    theme.strong(if xor == 0 { theme.error } else { theme.you }),
                ),
            ]));
            lines
        }
    }
}

/// Heaps as numbered rows of tokens, each with its size, and with `values` its Grundy value.
fn token_rows(heaps: &[u64], look: &Look, values: Option<&[u64]>) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let widest = heaps.iter().copied().max().unwrap_or(0).min(TOKENS_MAX) as usize;
    let token_width = unicode_width::UnicodeWidthStr::width(look.glyphs.token.as_str()) + 1;
    heaps
        .iter()
        .enumerate()
        .map(|(i, &heap)| {
            let shown = heap.min(TOKENS_MAX) as usize;
            let tokens = format!("{} ", look.glyphs.token).repeat(shown);
            let more = if heap > TOKENS_MAX { look.glyphs.overflow.clone() } else { String::new() };
            let pad = " ".repeat((widest - shown) * token_width + 1);
            let mut spans = vec![
                Span::styled(format!("heap {} ", i + 1), theme.fg(theme.dim)),
                Span::styled(
                    if heap == 0 { "(empty)".to_string() } else { format!("{tokens}{more}") },
                    theme.strong(theme.token),
                ),
                Span::styled(format!("{pad}{heap:>2}"), theme.strong(theme.text)),
            ];
            if heap == 0 {
                spans[2] = Span::styled(
                    format!("{}{heap:>2}", " ".repeat((widest * token_width + 1).saturating_sub(7))),
                    theme.strong(theme.text),
                );
            }
            if let Some(values) = values {
                let value = values.get(i).copied().unwrap_or(0);
                spans.push(Span::styled("  value ", theme.fg(theme.dim)));
                spans.push(Span::styled(value.to_string(), theme.strong(theme.hint)));
            }
            Line::from(spans)
        })
        .collect()
}

/// Heaps written in binary one under the other, the count of ones in each column under them
/// (odd counts marked), and the nim-sum row: a 1 where the count is odd.
fn binary_columns(heaps: &[u64], look: &Look, hide_sum: bool) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let top = heaps.iter().copied().max().unwrap_or(0);
    let bits = (u64::BITS - top.leading_zeros()).max(1);
    let columns: Vec<u32> = (0..bits).rev().collect();
    let cell = |text: String, style: Style| Span::styled(format!("{text:>3}"), style);
    let odd = |bit: u32| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() % 2 == 1;
    let mark = |bit: u32| match odd(bit) {
        true => theme.strong(theme.hint).add_modifier(Modifier::REVERSED),
        false => theme.fg(theme.text),
    };
    let mut lines = Vec::new();
    let mut header = vec![Span::styled(format!("{:<12}", ""), theme.fg(theme.dim))];
    header.extend(columns.iter().map(|&b| cell((1u64 << b).to_string(), theme.fg(theme.dim))));
    lines.push(Line::from(header));
    for (i, &heap) in heaps.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("heap {} {:>4}  ", i + 1, heap), theme.fg(theme.text))];
        spans.extend(columns.iter().map(|&b| cell((heap >> b & 1).to_string(), theme.strong(theme.text))));
        lines.push(Line::from(spans));
    }
    let rule = look.glyphs.rule.repeat(3 * bits as usize);
    lines.push(Line::from(vec![Span::raw(format!("{:<12}", "")), Span::styled(rule, theme.fg(theme.dim))]));
    let mut ones = vec![Span::styled(format!("{:<12}", "ones"), theme.fg(theme.dim))];
    ones.extend(columns.iter().map(|&b| {
        let count = heaps.iter().filter(|&&h| h >> b & 1 == 1).count();
        cell(count.to_string(), mark(b))
    }));
    lines.push(Line::from(ones));
    let sum = heaps.iter().fold(0, |x, &h| x ^ h);
    let mut row = vec![Span::styled(format!("{:<12}", "nim-sum"), theme.strong(theme.accent))];
    match hide_sum {
        true => {
            row.extend(columns.iter().map(|_| cell("?".into(), theme.strong(theme.accent))));
            row.push(Span::styled("  = ?", theme.strong(theme.accent)));
        }
        false => {
            row.extend(columns.iter().map(|&b| cell((sum >> b & 1).to_string(), mark(b))));
            row.push(Span::styled(format!("  = {sum}"), theme.strong(theme.accent)));
        }
    }
    lines.push(Line::from(row));
    lines.push(Line::styled(crate::words::odd_columns(), theme.fg(theme.dim)));
    lines
}

/// The Grundy values of the lesson's game for heaps 0 to `upto`, in as many bands as the width
/// needs; the value of `hidden` shows as `?`.
fn grundy_table(upto: u64, hidden: Option<u64>, look: &Look, width: u16) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let label = 7;
    let per_band = (usize::from(width).saturating_sub(label) / 3).max(4);
    let all: Vec<u64> = (0..=upto).collect();
    let mut lines = vec![Line::styled(crate::words::grundy_moves(), theme.fg(theme.dim))];
    for band in all.chunks(per_band) {
        let mut heaps = vec![Span::styled(format!("{:<label$}", "heap"), theme.fg(theme.dim))];
        let mut values = vec![Span::styled(format!("{:<label$}", "value"), theme.strong(theme.accent))];
        for &n in band {
            heaps.push(Span::styled(format!("{n:>3}"), theme.fg(theme.text)));
            let (text, style) = match (Some(n) == hidden, grundy_value(n)) {
                (true, _) => ("?".to_string(), theme.strong(theme.hint).add_modifier(Modifier::REVERSED)),
                (false, 0) => ("0".to_string(), theme.strong(theme.error)),
                (false, v) => (v.to_string(), theme.strong(theme.you)),
            };
            values.push(Span::styled(format!("{text:>3}"), style));
        }
        lines.push(Line::from(heaps));
        lines.push(Line::from(values));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(crate::words::grundy_zero_loses(), theme.fg(theme.dim)));
    lines
}
