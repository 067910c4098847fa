//! The status line: whose turn it is (or which puzzle, or which move of a replay), the game and
//! its mode, who plays, and on the right the key line drawn from the screen's commands.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::{App, Command, Game, Screen};
use crate::domain::{Players, Seat};
use crate::i18n::{self, Arg};

use super::key_line::{CHOOSING, key_line};
use super::look::{Look, seat_style};
use super::text::{capitalised, shortened};
use crate::i18n::Language;

/// The status line: whose turn it is, the mode, who plays, and on the right the key line drawn
/// from the screen's commands. Given more than one row ([`rows`]), details that would be cut in
/// one row wrap between their parts, and the keys take a row of their own.
pub(super) fn render(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    for (i, line) in lines(game, app, look, area.width, area.height).into_iter().enumerate() {
        line.render(Rect { y: area.y + i as u16, height: 1, ..area }, buf);
    }
}

/// The rows the status line wants in `width` columns: one when it fits whole there (the rule in
/// brackets and some keys may give way), else as many as its parts wrap into, with the keys.
pub(super) fn rows(game: &Game, app: &App, look: &Look, width: u16) -> u16 {
    lines(game, app, look, width, u16::MAX).len() as u16
}

/// The status line's rows in `width` columns, at most `most` of them.
fn lines(game: &Game, app: &App, look: &Look, width: u16, most: u16) -> Vec<Line<'static>> {
    let (left, assisted_at, commands) = details(game, app, look);
    let over = game.over.is_some() && matches!(app.screen, Screen::Play(_) | Screen::Demo(_));
    let (one, cut) = one_row(game, app, look, left.clone(), assisted_at, &commands, over, width);
    // A game wraps its status line; a demo, a replay and a puzzle keep theirs to one row (their
    // keys on it, the details giving way, as `one_row` says).
    if !cut || most < 2 || !matches!(app.screen, Screen::Play(_)) {
        return vec![one];
    }
    wrapped(game, look, left, &commands, over, usize::from(width), usize::from(most))
}

/// The status line over several rows of `width` columns, at most `most`: the details wrap between
/// their parts (a part that starts a row drops its divider), the rule in brackets stays where it
/// fits on its row and else gives way (the mode names it and the header says it), and the keys
/// stand on a row of their own above them, right-aligned, so that the screen's last row still
/// says whose turn it is.
fn wrapped(
    game: &Game,
    look: &Look,
    left: Line<'static>,
    commands: &[Command],
    over: bool,
    width: usize,
    most: usize,
) -> Vec<Line<'static>> {
    let rule = short_rule(look.language, game, game.mode());
    // The details wrapped, the rule kept where it fits on its row (`keep`) or not at all.
    let wrap = |keep: bool| {
        let mut rows: Vec<Line<'static>> = vec![Line::default()];
        for (i, mut span) in left.spans.iter().cloned().enumerate() {
            let row = rows.last_mut().expect("a row");
            if span.content == rule && (!keep || row.width() + span.width() > width) {
                span.content = " ".into();
            }
            if i == 0 || row.width() + span.width() <= width {
                row.push_span(span);
                continue;
            }
            // A part that starts a row needs no divider before it.
            let content = match span.content.strip_prefix(DIVIDER) {
                Some(rest) => format!(" {rest}"),
                None => span.content.to_string(),
            };
            rows.push(Line::from(Span::styled(content, span.style)));
        }
        rows
    };
    // The rule gives way when the details then take fewer rows.
    let (with_rule, without) = (wrap(true), wrap(false));
    let mut rows = if without.len() < with_rule.len() { without } else { with_rule };
    let keys = match over {
        true => String::new(),
        false => key_line(commands, look, width.saturating_sub(2)),
    };
    // The details come first; the keys have the row after them when there is one.
    let keys_row = !keys.is_empty() && rows.len() < most;
    if rows.len() > most {
        let rest: Vec<Span<'static>> = rows.drain(most - 1..).flat_map(|l| l.spans).collect();
        rows.push(Line::from(rest));
    }
    let ellipsis = &look.glyphs.ellipsis;
    let rows = rows.into_iter().map(|l| shortened(l, width, ellipsis));
    match keys_row {
        true => {
            std::iter::once(Line::styled(format!("{keys} "), look.theme.fg(look.theme.dim)).right_aligned())
                .chain(rows)
                .collect()
        }
        false => rows.collect(),
    }
}

/// What starts every part of the details after the first: `│ AI: perfect`.
const DIVIDER: &str = "│ ";

/// The status line's details (whose turn, the game and its mode, who plays, the coach, the help
/// taken), where the help taken stands among them, and the commands its keys are drawn from.
fn details(game: &Game, app: &App, look: &Look) -> (Line<'static>, Option<usize>, Vec<Command>) {
    let theme = &look.theme;
    let mode = game.mode();
    let mut left = match &app.screen {
        Screen::Puzzle(puzzle) => {
            let streak = app.stats.as_ref().map(|s| s.puzzle.current_streak).unwrap_or(0);
            Line::from(vec![
                Span::styled(
                    match puzzle.daily {
                        Some(_) => format!(" {} ", i18n::text(look.language, "status-todays-puzzle")),
                        None => format!(
                            " {} ",
                            i18n::text_with(
                                look.language,
                                "status-puzzle",
                                &[("number", num(puzzle.run.number))]
                            )
                        ),
                    },
                    theme.strong(theme.hint).add_modifier(Modifier::REVERSED),
                ),
                Span::styled(mode_badge(look.language, mode), mode_style(look, mode)),
                Span::styled(short_rule(look.language, game, mode), theme.fg(theme.dim)),
                Span::styled(
                    match puzzle.daily {
                        Some(_) => {
                            let days = app.stats.as_ref().map(|s| s.puzzle.daily_streak).unwrap_or(0);
                            format!(
                                "│ {} ",
                                i18n::text_with(look.language, "status-daily-streak", &[("days", num(days))])
                            )
                        }
                        None => {
                            let difficulty =
                                crate::words::difficulty_name(look.language, puzzle.id.difficulty.as_str());
                            let args = [
                                ("seed", num(puzzle.id.seed)),
                                ("difficulty", Arg::from(difficulty)),
                                ("streak", num(streak)),
                            ];
                            format!("│ {} ", i18n::text_with(look.language, "status-puzzle-details", &args))
                        }
                    },
                    theme.fg(theme.dim),
                ),
            ])
        }
        screen => {
            let (turn, style) = match (screen, &game.over, &game.players) {
                (Screen::Replay(replay), _, _) => (
                    i18n::text_with(
                        look.language,
                        if replay.review.is_some() { "status-review-move" } else { "status-replay-move" },
                        &[("at", num(replay.at)), ("of", num(replay.record.len()))],
                    ),
                    theme.strong(theme.text),
                ),
                (_, Some(_), _) => {
                    (crate::words::game_over(look.language).to_string(), theme.strong(theme.text))
                }
                (Screen::Demo(demo), None, _) if demo.paused => {
                    (crate::words::paused(look.language).to_string(), theme.strong(theme.text))
                }
                (_, None, Players::Ai) if game.turn() == Seat::First => {
                    (crate::words::your_turn(look.language).to_string(), theme.strong(theme.you))
                }
                // Two people, or someone watching a person play the AI: whose turn it is, by name.
                (_, None, Players::Hotseat(_)) | (_, None, Players::Watched(_))
                    if game.is_human(game.turn()) =>
                {
                    (
                        crate::words::turn_of(look.language, game.name(look.language, game.turn())),
                        seat_style(look, game.turn()),
                    )
                }
                (_, None, _) => (
                    crate::words::thinking(look.language, game.name(look.language, game.turn())),
                    seat_style(look, game.turn()),
                ),
            };
            let opponent = match game.players {
                Players::Ai | Players::Watched(_) => {
                    format!(
                        "│ {} ",
                        i18n::text_with(
                            look.language,
                            "status-ai-level",
                            &[("level", level(look.language, game))]
                        )
                    )
                }
                // Two people: the match's running score (see `App::score`).
                Players::Hotseat(_) => match &app.score {
                    Some(score) => format!("│ {} ", score.line(look.language)),
                    None => format!("│ {} ", i18n::text(look.language, "status-two-players")),
                },
                Players::Demo => {
                    format!(
                        "│ {} ",
                        i18n::text_with(
                            look.language,
                            "status-demo-level",
                            &[("level", level(look.language, game))]
                        )
                    )
                }
            };
            // Another game than the default one is named before its mode.
            let game_name = match game.rules.kind {
                kind if kind == crate::engine::GameKind::default() => String::new(),
                kind => format!(" {} ·", crate::words::short_title(look.language, kind)),
            };
            Line::from(vec![
                Span::styled(format!(" {turn} "), style.add_modifier(Modifier::REVERSED)),
                Span::styled(game_name, theme.strong(theme.text)),
                Span::styled(mode_badge(look.language, mode), mode_style(look, mode)),
                Span::styled(short_rule(look.language, game, mode), theme.fg(theme.dim)),
                Span::styled(opponent, theme.fg(theme.dim)),
            ])
        }
    };
    if app.panels.coach && matches!(app.screen, Screen::Play(_)) {
        left.push_span(Span::styled(
            format!("│ {} ", i18n::text(look.language, "status-coach-on")),
            theme.fg(theme.dim),
        ));
    }
    let help = game.assistance();
    let mut assisted_at = None;
    if matches!(app.screen, Screen::Play(_)) && game.players == Players::Ai && !help.is_empty() {
        assisted_at = Some(left.spans.len());
        let help: Vec<String> =
            help.iter().map(|word| crate::words::help_name(look.language, word)).collect();
        let help = help.join(&i18n::text(look.language, "list-separator"));
        let assisted = i18n::text_with(look.language, "status-assisted", &[("help", Arg::from(help))]);
        left.push_span(Span::styled(format!("│ {assisted} "), theme.fg(theme.hint)));
    }
    // The keys for choosing the move are on the line under the board while a person chooses one.
    let commands: Vec<Command> =
        match game.your_turn() && app.overlay.is_none() && matches!(app.screen, Screen::Play(_)) {
            true => app.commands().into_iter().filter(|c| !CHOOSING.contains(&c.action)).collect(),
            false => app.commands(),
        };
    (left, assisted_at, commands)
}

/// The status line in one row of `width` columns, and whether its details were cut to fit (or no
/// key fitted beside them).
#[allow(clippy::too_many_arguments)]
fn one_row(
    game: &Game,
    app: &App,
    look: &Look,
    mut left: Line<'static>,
    assisted_at: Option<usize>,
    commands: &[Command],
    over: bool,
    width: u16,
) -> (Line<'static>, bool) {
    let theme = &look.theme;
    let area = Rect { width, height: 1, ..Rect::default() };
    let mode = game.mode();
    let ellipsis = &look.glyphs.ellipsis;
    // The banner shows the keys after a game; the status line shows them during one.
    if over {
        let cut = left.width() > usize::from(area.width);
        return (shortened(left, usize::from(area.width), ellipsis), cut);
    }
    let mut keys = key_line(commands, look, usize::from(area.width).saturating_sub(left.width() + 4));
    if keys.is_empty() && matches!(app.screen, Screen::Demo(_) | Screen::Replay(_)) {
        // A demo or a replay has no other place for its keys: when not even two fit beside the
        // details, the rule and who plays give way (cut with an ellipsis); whose turn it is, or
        // which move is shown, and the mode stay whole. (In a game the keys are under the board
        // too, and the details say whether the win is assisted.)
        let essential: usize = left.spans.iter().take(2).map(Span::width).sum();
        keys = key_line(commands, look, usize::from(area.width).saturating_sub(essential + 4));
    }
    // The keys are set off from the details by the divider, so that the two never run together
    // ("coach on  u undo").
    let right = if keys.is_empty() { String::new() } else { format!("{} {keys} ", look.glyphs.divider) };
    let width = Span::raw(right.as_str()).width();
    // Where the cut would fall inside the rule in brackets, the rule gives way whole (the mode
    // names it), so that no bracket is left open ("正常玩法（取最后一枚者胜…").
    let room = usize::from(area.width).saturating_sub(if width == 0 { 0 } else { width + 1 });
    let rule = short_rule(look.language, game, mode);
    if let Some(at) = left.spans.iter().position(|span| span.content == rule) {
        let through: usize = left.spans[..=at].iter().map(Span::width).sum();
        if through > room || left.width() > room {
            left.spans[at].content = " ".into();
        }
    }
    // Then "assisted: hint, undo" has a short form, "assisted", rather than being cut.
    if let Some(at) = assisted_at.filter(|_| left.width() > room) {
        left.spans[at].content = format!("│ {} ", i18n::text(look.language, "status-assisted-short")).into();
    }
    let keyless = keys.is_empty() && !commands.is_empty();
    let cut = left.width() > room || keyless;
    // Still too long: the last parts give way whole, a mark saying so, rather than one cut inside
    // a word ("AI:…").
    let mark = format!("{DIVIDER}{ellipsis}");
    let mark_width = Span::raw(mark.as_str()).width();
    let mut dropped = false;
    while left.width() + if dropped { mark_width } else { 0 } > room
        && left.spans.len() > 3
        && left.spans.last().is_some_and(|s| s.content.starts_with(DIVIDER))
    {
        left.spans.pop();
        dropped = true;
    }
    if dropped {
        left.push_span(Span::styled(mark, theme.fg(theme.dim)));
    }
    let mut left = shortened(left, room, ellipsis);
    if width > 1 {
        let gap = usize::from(area.width).saturating_sub(left.width() + width);
        left.push_span(Span::raw(" ".repeat(gap)));
        left.push_span(Span::styled(right, Style::new().patch(theme.fg(theme.dim))));
    }
    (left, cut)
}

/// The convention in a few words, in brackets: ` (last token wins) `.
fn short_rule(lang: Language, game: &Game, mode: crate::engine::Mode) -> String {
    let rule = crate::words::short_rule(lang, game.rules.kind, mode);
    // The message holds the gap before the bracket: a space before `(`, none before `（`.
    format!("{} ", i18n::text_with(lang, "status-short-rule", &[("rule", Arg::from(rule))]))
}

/// A number as a message's argument, every digit shown.
fn num(n: impl ToString) -> Arg {
    Arg::Text(n.to_string())
}

/// The computer player's level, as a message's argument.
fn level(lang: Language, game: &Game) -> Arg {
    Arg::Text(crate::words::level_name(lang, game.level.as_str()))
}

/// The mode's name on the status line; misère's is a badge with room around it.
fn mode_badge(lang: Language, mode: crate::engine::Mode) -> String {
    match mode {
        crate::engine::Mode::Normal => format!(" {}", capitalised(crate::words::mode_title(lang, mode))),
        crate::engine::Mode::Misere => format!(" {} ", capitalised(crate::words::mode_title(lang, mode))),
    }
}

/// The mode on the status line: misère stands out (reversed, in its own colour).
fn mode_style(look: &Look, mode: crate::engine::Mode) -> Style {
    match mode {
        crate::engine::Mode::Normal => look.theme.strong(look.theme.accent),
        crate::engine::Mode::Misere => look.theme.strong(look.theme.ai).add_modifier(Modifier::REVERSED),
    }
}
