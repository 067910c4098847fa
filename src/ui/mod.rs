//! Drawing: a pure function of the app's state and the look (theme, glyphs, key labels). Nothing
//! here changes state; the board's geometry is shared with the mouse so a click lands on what the
//! player sees.

mod binary;
mod board;
mod review;
mod start;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{Action, App, Input, Screen};
use crate::keys::Keymap;
use crate::theme::Theme;

pub use board::{BoardLayout, HeapRow, board_layout, board_layout_with, group_digits};

/// How things look: the theme, the token glyphs and the keys as configured.
#[derive(Debug, Clone)]
pub struct Look {
    pub theme: Theme,
    /// The glyph of a token left on a heap.
    pub token: String,
    /// The glyph of a token the chosen move would take.
    pub marked: String,
    /// The keys bound to each action, as the help overlay shows them.
    pub keys: Vec<(Action, Vec<String>)>,
    /// The start screen's title art.
    pub title: String,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            theme: Theme::default(),
            token: "●".into(),
            marked: "○".into(),
            keys: Look::key_labels(&Keymap::default()),
            title: "N I M".into(),
        }
    }
}

impl Look {
    /// The keys bound to each action, as people read them, in the order the help lists them.
    pub fn key_labels(keymap: &Keymap) -> Vec<(Action, Vec<String>)> {
        Action::ALL
            .iter()
            .map(|&action| (action, keymap.keys_for(action).iter().map(|k| k.pretty()).collect()))
            .collect()
    }

    /// The first key bound to `action`, for the short hints on screen.
    pub fn key(&self, action: Action) -> String {
        self.keys
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, keys)| keys.first().cloned())
            .unwrap_or_else(|| "(unbound)".into())
    }
}

/// The smallest terminal the game draws in; below it a short message asks for more room.
pub const MIN_WIDTH: u16 = 44;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, look: &Look) {
    View { app, look }.render(frame.area(), frame.buffer_mut());
}

/// The app as a widget.
pub struct View<'a> {
    pub app: &'a App,
    pub look: &'a Look,
}

impl Widget for View<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let View { app, look } = self;
        let needed = min_height(app);
        if area.width < MIN_WIDTH || area.height < needed {
            too_small(area, buf, look, needed);
            return;
        }
        match &app.screen {
            Screen::Start(menu) => start::render(menu, app.stats.as_ref(), &app.notices, look, area, buf),
            Screen::Playing(game) => board::render(game, app, look, area, buf),
        }
        if app.help {
            help_overlay(look, area, buf);
        }
    }
}

/// The height the current screen needs.
pub fn min_height(app: &App) -> u16 {
    match &app.screen {
        Screen::Start(_) => start::MIN_HEIGHT,
        Screen::Playing(game) => board::min_height(game),
    }
}

/// What a click at (`column`, `row`) means, given the screen `area`.
pub fn click(app: &App, area: Rect, column: u16, row: u16) -> Option<Input> {
    let Screen::Playing(game) = &app.screen else { return None };
    if app.help || area.width < MIN_WIDTH || area.height < min_height(app) {
        return None;
    }
    board::hit(game, app.binary, app.history, area, column, row)
}

fn too_small(area: Rect, buf: &mut Buffer, look: &Look, needed: u16) {
    let text = vec![
        Line::styled("Enlarge the terminal", look.theme.strong(look.theme.error)),
        Line::styled(
            format!("need {}×{}, have {}×{}", MIN_WIDTH, needed, area.width, area.height),
            look.theme.fg(look.theme.dim),
        ),
    ];
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
}

fn help_overlay(look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let key_width = look.keys.iter().map(|(_, ks)| ks.join(" ").chars().count()).max().unwrap_or(8).max(9);
    let mut lines: Vec<Line> = look
        .keys
        .iter()
        .map(|(action, keys)| {
            Line::from(vec![
                Span::styled(format!(" {:<key_width$}  ", keys.join(" ")), theme.strong(theme.accent)),
                Span::raw(action.describe()),
            ])
        })
        .collect();
    lines.push(Line::from(vec![
        Span::styled(format!(" {:<key_width$}  ", "0-9"), theme.strong(theme.accent)),
        Span::raw("type the count (for huge heaps)"),
    ]));
    lines.push(Line::from(vec![
        Span::styled(format!(" {:<key_width$}  ", "mouse"), theme.strong(theme.accent)),
        Span::raw("click a token: take it and all after it"),
    ]));
    let width = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(" Keys ")
                .title_bottom(Line::from(format!(" {} closes ", look.key(Action::Quit))).right_aligned())
                .border_style(theme.fg(theme.accent).add_modifier(Modifier::BOLD)),
        )
        .render(popup, buf);
}
