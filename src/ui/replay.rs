//! The lines under the board in a replay: the next move of the record, or how the game ended; in a
//! review of a finished game, each move as played with the verdict on it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{Game, Replay};
use crate::domain::{Players, Seat};

use super::look::{Look, seat_style};

/// Draws the lines under the board of a replay or a review into `area`.
pub(super) fn render_info(game: &Game, replay: &Replay, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    if replay.review.is_some() {
        render_verdict(game, replay, look, area, buf);
        return;
    }
    let line = match replay.record.moves().get(replay.at) {
        Some((seat, mv)) => {
            let you = game.players == Players::Ai && *seat == Seat::First;
            match mv.as_take().filter(|_| crate::words::plain_takes(game.rules.kind)) {
                Some(take) => crate::words::next_take(
                    look.language,
                    game.name(look.language, *seat),
                    you,
                    take.number(),
                    take.take,
                ),
                None => crate::words::next_move(
                    look.language,
                    game.name(look.language, *seat),
                    &game.describe(look.language, mv),
                ),
            }
        }
        // How it ended: the last token, or a resignation, which a record keeps too.
        None => crate::words::replay_end(look.language, replay.ending(look.language).as_deref()),
    };
    Paragraph::new(Line::styled(line, theme.strong(theme.marked))).render(area, buf);
}

/// In a review: the move just shown as played, who made it, and the verdict on it, with the
/// winning move it missed.
fn render_verdict(game: &Game, replay: &Replay, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    match replay.verdict() {
        None => lines.push(Line::styled(crate::words::review_start(look.language), theme.fg(theme.text))),
        Some(line) => {
            let who = game.name(look.language, line.seat);
            // A mistake is headed in the warning colour, never in a player's (green) colour.
            let heading = match &line.coaching {
                crate::app::Coaching::Missed(_) => theme.strong(theme.warning),
                _ => seat_style(look, line.seat),
            };
            let words = game.past_tense(look.language, &line.before, &line.mv);
            lines.push(Line::styled(
                crate::words::review_move(look.language, replay.at, who, &words),
                heading,
            ));
            let (text, style) = match &line.coaching {
                // The last move of a game played to its end, by its winner: it won the game.
                crate::app::Coaching::Kept
                    if replay
                        .game
                        .over
                        .as_ref()
                        .is_some_and(|over| over.given_up.is_none() && over.winner == line.seat) =>
                {
                    (crate::words::review_won(look.language, &look.glyphs.check), theme.fg(theme.you))
                }
                crate::app::Coaching::Kept => {
                    (crate::words::review_kept(look.language, &look.glyphs.check), theme.fg(theme.you))
                }
                crate::app::Coaching::AlreadyLost => {
                    (crate::words::review_already_lost(look.language).to_string(), theme.fg(theme.dim))
                }
                crate::app::Coaching::Missed(moves) => {
                    let list: Vec<String> =
                        moves.iter().map(|m| game.describe_from(look.language, &line.before, m)).collect();
                    (
                        crate::words::review_missed(
                            look.language,
                            &look.glyphs.cross,
                            &look.glyphs.check,
                            &list,
                        ),
                        theme.strong(theme.warning),
                    )
                }
            };
            lines.push(Line::styled(text, style));
        }
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}
