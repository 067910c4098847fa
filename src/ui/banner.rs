//! The banner at the end of a game or a demo: who won and why, whether the win was assisted, the
//! streak, and the keys for what comes next, under the board where the final position stays in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{App, Game, GameOver, Note, Screen};
use crate::domain::{Players, Seat};

use super::key_line::{key_line, key_lines};
use super::layout::BoardLayout;
use super::look::{Look, seat_style};

/// Draws the banner of the game `over`, over the lines under the board.
pub(super) fn render(
    app: &App,
    game: &Game,
    over: &GameOver,
    look: &Look,
    layout: &BoardLayout,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let style = seat_style(look, over.winner);
    let title = match (&game.players, over.winner) {
        (Players::Ai, Seat::First) => crate::words::you_win().to_string(),
        (Players::Ai, Seat::Second) => crate::words::you_lose().to_string(),
        (_, winner) => crate::words::wins(game.name(winner)),
    };
    let mut lines = vec![
        Line::styled(title, style.add_modifier(Modifier::BOLD)).centered(),
        Line::raw(over.reason.clone()).centered(),
    ];
    if game.players == Players::Ai && matches!(app.screen, Screen::Play(_)) {
        let help = game.assistance();
        if over.winner == Seat::First && !help.is_empty() {
            lines.push(Line::styled(crate::words::assisted_win(&help), theme.fg(theme.hint)).centered());
        }
        if let Some(stats) = &app.stats {
            let s = stats.of(game.rules.kind, game.mode());
            lines.push(
                Line::styled(crate::words::streak(s.current_streak, s.best_streak), theme.fg(theme.text))
                    .centered(),
            );
        }
    }
    // Between two people, the match's score after this game.
    if let (Players::Hotseat(_), Some(score)) = (&game.players, &app.score) {
        lines.push(Line::styled(score.line(), theme.strong(theme.text)).centered());
    }
    // The banner takes the place of the messages under the board, so the final position stays
    // in view; the last move (the note) is part of it.
    if let Some(Note::AiMoved(text) | Note::Told(text)) = &game.note {
        lines.insert(1, Line::styled(text.clone(), theme.fg(theme.text)).centered());
    }
    let widest = usize::from(layout.info.width.saturating_sub(4));
    let room = status_room(layout);
    let mut keys = key_lines(&app.commands(), look, widest.min(60));
    let message = usize::from(matches!(&app.screen, Screen::Play(p) if p.message.is_some()));
    if lines.len() + keys.len() + message + 2 > usize::from(room.height) {
        // Too little room: one line of the keys that matter most.
        keys = vec![key_line(&app.commands(), look, widest)];
    }
    lines.extend(keys.into_iter().map(|k| Line::styled(k, theme.fg(theme.dim)).centered()));
    if let Screen::Play(play) = &app.screen
        && let Some(message) = &play.message
    {
        lines.push(Line::styled(message.clone(), theme.fg(theme.text)).centered());
    }
    let height = (lines.len() as u16 + 2).min(room.height);
    // Under the board when it fits there; pushed up over the board's foot only when it must be.
    let y = layout.info.y.min(room.bottom().saturating_sub(height));
    let popup = Rect { x: layout.info.x, y, width: layout.info.width, height };
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_style(style))
        .render(popup, buf);
}

/// The rows between the header and the status line.
fn status_room(layout: &BoardLayout) -> Rect {
    let top = layout.header.bottom();
    Rect { x: layout.info.x, y: top, width: layout.info.width, height: layout.status.y.saturating_sub(top) }
}
