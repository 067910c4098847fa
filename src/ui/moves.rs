//! The move list: each move, who made it, and the heaps after it, beside the board or under it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::app::Game;
use crate::engine::Rules;

use crate::i18n::{self, Arg};

use super::look::{Look, seat_style};
use super::text::{number, shortened};

/// The move list: each move, who made it, and the heaps after it; the latest moves when they do not
/// all fit. Only the lines that fit are made, from what each move recorded when it was played (see
/// [`Game::judged`]); the engine is asked nothing but the words of a move the game was built with.
pub(super) fn render(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    Clear.render(area, buf);
    let block = Block::bordered()
        .title(format!(" {} ", i18n::text(look.language, "moves-title")))
        .border_style(theme.fg(theme.dim));
    let inner = block.inner(area);
    block.render(area, buf);
    let moves = game.moves();
    // The start line and the moves fit in the panel's height: the latest moves first lose the start.
    let room = usize::from(inner.height);
    let mut lines = Vec::new();
    if moves.len() < room {
        let start = game.start().iter().map(|&h| number(h)).collect::<Vec<_>>().join(" ");
        lines.push(Line::styled(
            format!("    {}  {start}", i18n::text(look.language, "moves-start")),
            theme.fg(theme.dim),
        ));
    }
    let shown = moves.len().min(room.saturating_sub(lines.len()));
    let from = moves.len() - shown;
    let (judged_from, judged) = game.judged();
    // The moves the game was built with have no recorded line: their positions are replayed, once
    // per frame, from the start, and only the ones shown are put in words.
    let mut position = (from < judged_from).then(|| game.history().position_after(from));
    for (i, (seat, mv)) in moves.iter().enumerate().skip(from) {
        let (words, heaps) = match i.checked_sub(judged_from).and_then(|j| judged.get(j)) {
            Some(line) => (listed(look.language, game, &line.before, mv), line.heaps.clone()),
            None => {
                let Some(before) = position.clone() else { break };
                let words = listed(look.language, game, &before, mv);
                let mut after = before;
                if game.engine().play(&mut after, mv).is_err() {
                    break;
                }
                let heaps = after.heaps().to_vec();
                position = Some(after);
                (words, heaps)
            }
        };
        let heaps = heaps.iter().map(|&h| number(h)).collect::<Vec<_>>().join(" ");
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", i + 1), theme.fg(theme.dim)),
            Span::styled(
                i18n::text_with(
                    look.language,
                    "moves-line",
                    &[("p", Arg::from(game.name(look.language, *seat))), ("m", Arg::from(words))],
                ),
                seat_style(look, *seat),
            ),
            Span::styled(format!("→ {heaps}"), theme.fg(theme.text)),
        ]));
    }
    let width = usize::from(inner.width);
    let lines: Vec<Line> =
        lines.into_iter().map(|line| shortened(line, width, &look.glyphs.ellipsis)).collect();
    Paragraph::new(lines).render(inner, buf);
}

/// A move as the move list writes it: Nim's takes as "2 from heap 1", other moves in the game's
/// words from the position before.
fn listed(
    lang: crate::i18n::Language,
    game: &Game,
    before: &crate::engine::Position,
    mv: &crate::engine::Move,
) -> String {
    match (crate::words::plain_takes(game.rules.kind), mv.as_take()) {
        (true, Some(take)) => {
            format!("{} ", crate::words::listed_take(lang, take.number(), take.take))
        }
        _ => format!("{} ", game.describe_from(lang, before, mv)),
    }
}
