//! The start screen: mode, starting heaps, who moves first, and Start.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::{Action, First, HeapChoice, StartMenu, StartRow};
use crate::engine::Mode;

use super::Look;

/// Rows the start screen needs.
pub const MIN_HEIGHT: u16 = 14;

pub fn render(menu: &StartMenu, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let title_lines: Vec<&str> = look.title.lines().collect();
    let title_height = title_lines.len() as u16;
    let show_title = area.height > MIN_HEIGHT + title_height;
    let [title_area, menu_area, keys_area] = Layout::vertical([
        Constraint::Length(if show_title { title_height + 1 } else { 0 }),
        // Room for a refusal under the rows: a blank line and up to two lines of message.
        Constraint::Length(if menu.error.is_some() { 12 } else { 10 }),
        Constraint::Fill(1),
    ])
    .areas(area.centered_horizontally(Constraint::Max(76)));

    if show_title {
        let art: Vec<Line> =
            title_lines.iter().map(|l| Line::styled(*l, theme.strong(theme.accent)).centered()).collect();
        Paragraph::new(art).render(title_area, buf);
    }

    let row_line = |row: StartRow, label: &str, value: Vec<Span<'static>>| {
        let focused = menu.row == row;
        let marker = if focused { "▶ " } else { "  " };
        let label_style = if focused { theme.strong(theme.selected) } else { theme.fg(theme.text) };
        let mut spans = vec![Span::styled(format!("{marker}{label:<12}"), label_style)];
        if focused && row != StartRow::Start {
            spans.push(Span::styled("◀ ", theme.fg(theme.dim)));
        }
        spans.extend(value);
        if focused && row != StartRow::Start {
            spans.push(Span::styled(" ▶", theme.fg(theme.dim)));
        }
        Line::from(spans)
    };

    let mode_value = vec![
        Span::styled(mode_name(menu.mode), theme.strong(theme.text)),
        Span::styled(format!("  {}", menu.mode.rule()), theme.fg(theme.dim)),
    ];
    let heaps_value = match menu.heap_choice() {
        HeapChoice::Preset { name, .. } => vec![Span::styled(name.to_string(), theme.strong(theme.text))],
        HeapChoice::Random => vec![
            Span::styled("Random", theme.strong(theme.text)),
            Span::styled("  3 to 5 heaps of 1 to 12", theme.fg(theme.dim)),
        ],
        HeapChoice::Custom => {
            let cursor = if menu.row == StartRow::Heaps { "▏" } else { "" };
            let text = if menu.custom.is_empty() && menu.row != StartRow::Heaps {
                Span::styled("type heaps, e.g. 2 5 7", theme.fg(theme.dim))
            } else {
                Span::styled(format!("{}{cursor}", menu.custom), theme.strong(theme.text))
            };
            vec![Span::styled("Custom: ", theme.strong(theme.text)), text]
        }
    };
    let first_value = vec![Span::styled(
        match menu.first {
            First::You => "You",
            First::Ai => "AI",
            First::Random => "Random",
        },
        theme.strong(theme.text),
    )];
    let start_style = if menu.row == StartRow::Start {
        theme.strong(theme.you).add_modifier(Modifier::REVERSED)
    } else {
        theme.strong(theme.you)
    };

    let mut lines = vec![
        row_line(StartRow::Mode, "Mode", mode_value),
        Line::raw(""),
        row_line(StartRow::Heaps, "Heaps", heaps_value),
        Line::raw(""),
        row_line(StartRow::First, "First move", first_value),
        Line::raw(""),
        row_line(StartRow::Start, "", vec![Span::styled("  Start  ", start_style)]),
    ];
    if let Some(error) = &menu.error {
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("  {error}"), theme.strong(theme.error)));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(Block::bordered().title(" New game ").border_style(theme.fg(theme.accent)))
        .render(menu_area.inner(ratatui::layout::Margin::new(0, 0)), buf);

    let keys = format!(
        "{}/{} choose · {}/{} change · {} start · {} keys · {} quit",
        look.key(Action::Up),
        look.key(Action::Down),
        look.key(Action::Less),
        look.key(Action::More),
        look.key(Action::Take),
        look.key(Action::Help),
        look.key(Action::Quit)
    );
    Paragraph::new(Line::styled(keys, theme.fg(theme.dim)).centered())
        .wrap(Wrap { trim: true })
        .render(keys_area, buf);
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Normal => "Normal play",
        Mode::Misere => "Misère",
    }
}
