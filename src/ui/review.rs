//! The review of a finished game: every move, the position after it and its nim-sum, with a mark
//! on each move that turned a won position into a lost one.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::app::{Action, Game};
use crate::domain::{Players, Seat};

use super::Look;

pub fn render(game: &Game, offset: usize, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let review = game.review();
    let offset = offset.min(review.len().saturating_sub(1));
    let popup = area.centered(Constraint::Percentage(94), Constraint::Percentage(90));
    let rows = popup.height.saturating_sub(3) as usize;

    let mut lines = vec![Line::styled(
        format!("start: {}", game.start().iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
        theme.fg(theme.dim),
    )];
    for (i, line) in review.iter().enumerate().skip(offset).take(rows.saturating_sub(1)) {
        let style = match line.seat {
            Seat::First => theme.fg(theme.you),
            Seat::Second => theme.fg(theme.ai),
        };
        let who = match (&game.players, line.seat) {
            (Players::Ai, Seat::Second) => "AI ",
            _ => game.name(line.seat),
        };
        let heaps = line.heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let mut spans = vec![
            Span::styled(format!("{:>3}. ", i + 1), theme.fg(theme.dim)),
            Span::styled(format!("{who} "), style),
            Span::raw(crate::app::past_tense(&line.mv)),
            Span::styled(format!("  → {heaps}  nim-sum {}", line.nim_sum), theme.fg(theme.dim)),
        ];
        if line.blunder {
            spans.push(Span::styled("  ✗ gave the win away", theme.strong(theme.error)));
        }
        lines.push(Line::from(spans));
    }
    let keys = format!(
        " {}/{} scroll · {} closes ",
        look.key(Action::Up),
        look.key(Action::Down),
        look.key(Action::Review)
    );
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(" Review: {} moves ", review.len()))
                .title_bottom(Line::from(keys).right_aligned())
                .border_style(theme.fg(theme.accent)),
        )
        .render(popup, buf);
}
