//! The overlays drawn over any screen: the help (the keys of the screen beneath), the rules of the
//! game, and a question before something that cannot be taken back.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{Action, App, Screen};

use super::key_line::keys_now;
use super::look::Look;
use super::text::wrap;
use crate::i18n::{text, text_with};
use unicode_width::UnicodeWidthStr;

/// A question before something that cannot be taken back, with the keys that answer it.
pub(super) fn confirm(question: &str, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let keys = text_with(
        look.language,
        "confirm-keys",
        &[("yes", look.key(Action::Take).into()), ("no", look.key(Action::Quit).into())],
    );
    // A question wider than the screen is wrapped here, by display width, so that the box is as
    // tall as the lines it holds and the keys that answer stay in it.
    let room = usize::from(area.width.saturating_sub(6)).max(1);
    let mut lines: Vec<Line> = wrap(&Line::styled(question.to_string(), theme.strong(theme.text)), room);
    lines.push(Line::raw(""));
    lines.extend(wrap(&Line::styled(keys, theme.fg(theme.dim)), room));
    let lines: Vec<Line> = lines.into_iter().map(Line::centered).collect();
    let width = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 6).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_style(theme.strong(theme.error)))
        .render(popup, buf);
}

/// The rules of both conventions on one page.
pub(super) fn rules(kind: crate::engine::GameKind, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let width = area.width.min(72);
    // Each rule wraps within the frame and its padding, by display width (Chinese between
    // characters, never before a closing mark), with a blank line after it.
    let room = usize::from(width.saturating_sub(4)).max(1);
    let lines: Vec<Line> = crate::app::rules_of(look.language, kind)
        .into_iter()
        .flat_map(|rule| {
            let mut rows = wrap(&Line::styled(rule, theme.fg(theme.text)), room);
            rows.push(Line::raw(""));
            rows
        })
        .collect();
    let rows = lines.len();
    let popup =
        area.centered(Constraint::Length(width), Constraint::Length((rows as u16 + 3).min(area.height)));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(" {} ", text(look.language, "rules-title")))
                .title_bottom(
                    Line::from(format!(
                        " {} ",
                        text_with(
                            look.language,
                            "rules-footer",
                            &[
                                ("keys", look.key(Action::Less).into()),
                                ("close", look.key(Action::Help).into())
                            ]
                        )
                    ))
                    .right_aligned(),
                )
                .border_style(theme.fg(theme.accent).add_modifier(Modifier::BOLD))
                .padding(ratatui::widgets::Padding::horizontal(1)),
        )
        .render(popup, buf);
}

/// The help: the commands of the screen beneath, each with its keys, scrolled when it does not fit.
pub(super) fn help(app: &App, look: &Look, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let commands = app.screen_commands();
    let mut rows: Vec<(String, String, bool)> = Vec::new();
    let mut seen = Vec::new();
    for command in &commands {
        // One line per action: the first label a screen gives it.
        if seen.contains(&command.action) {
            continue;
        }
        seen.push(command.action);
        let keys = keys_now(look, command);
        // While typing, a command whose every key types a character cannot be given at all.
        if command.typing && keys.is_empty() {
            continue;
        }
        rows.push((keys.join(" "), command.label(look.language).to_string(), command.enabled));
    }
    // A game of pins chooses a pin by its number and by a click, not a count of tokens.
    let pins = app.game().is_some_and(|game| {
        matches!(game.rules.kind.describe().shape, crate::engine::MoveShape::Pins { .. })
    });
    let typing = commands.iter().any(|c| c.action == Action::Erase);
    if typing && app.game().is_some() {
        let digits =
            if pins { text(look.language, "help-digits-pin") } else { text(look.language, "help-digits") };
        rows.push(("0-9".into(), digits, true));
    }
    if matches!(app.screen, Screen::Play(_) | Screen::Puzzle(_)) {
        let click = if pins {
            text(look.language, "help-mouse-click-pin")
        } else {
            text(look.language, "help-mouse-click")
        };
        rows.push((text(look.language, "help-mouse"), click, true));
    }
    rows.push(("ctrl-c".into(), text(look.language, "help-ctrl-c"), true));
    let key_width = rows.iter().map(|(k, _, _)| k.width()).max().unwrap_or(8).max(9);
    // A description too long for a narrow screen wraps under itself, never cut.
    let widest = rows.iter().map(|(_, label, _)| Span::raw(label.as_str()).width()).max().unwrap_or(20);
    let room = usize::from(area.width.saturating_sub(2)).saturating_sub(key_width + 3).max(8);
    let lines: Vec<Line> = rows
        .iter()
        .flat_map(|(keys, label, enabled)| {
            let label_style = if *enabled { theme.fg(theme.text) } else { theme.fg(theme.dim) };
            let parts = wrap(&Line::styled(label.clone(), label_style), room.min(widest));
            parts.into_iter().enumerate().map(move |(i, part)| {
                let keys = if i == 0 { keys.as_str() } else { "" };
                let pad = " ".repeat(key_width.saturating_sub(keys.width()));
                let mut spans = vec![Span::styled(format!(" {keys}{pad}  "), theme.strong(theme.accent))];
                spans.extend(part.spans);
                Line::from(spans)
            })
        })
        .collect();
    let width = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let inner_rows = height.saturating_sub(2);
    let hidden = (lines.len() as u16).saturating_sub(inner_rows);
    let scroll = scroll.min(hidden);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let more = match scroll < hidden {
        true => format!(
            " {} ",
            text_with(look.language, "help-more", &[("n", u64::from(hidden - scroll).into())])
        ),
        false => String::new(),
    };
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(
            Block::bordered()
                .title(format!(" {} ", text(look.language, "help-title")))
                .title_bottom(Line::from(more).left_aligned())
                .title_bottom(
                    Line::from(format!(
                        " {} ",
                        text_with(
                            look.language,
                            "help-footer",
                            &[
                                ("rules", look.key(Action::More).into()),
                                ("close", look.key(Action::Help).into())
                            ]
                        )
                    ))
                    .right_aligned(),
                )
                .border_style(theme.fg(theme.accent).add_modifier(Modifier::BOLD)),
        )
        .render(popup, buf);
}
