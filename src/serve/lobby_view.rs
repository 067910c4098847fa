//! Draws the lobby (`lobby.rs`): the people on the server and what each is doing, the
//! leaderboards, a line for the player and the keys. Pure drawing of the state it is given.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::db::{GameRow, MatchStanding, Standing};
use super::lobby::Lobby;
use super::tables::{Assignment, Doing, Someone};
use crate::app::Action;
use crate::ui::Look;

/// Everything the lobby shows, gathered before the frame.
pub struct View<'a> {
    pub lobby: &'a Lobby,
    pub me: u64,
    pub my_name: &'a str,
    pub people: &'a [Someone],
    pub standings: &'a [Standing],
    pub matches: &'a [MatchStanding],
    /// For a teacher: every game in progress (players, then position and moves), and the
    /// latest results.
    pub teacher: Option<TeacherView<'a>>,
}

/// What only a teacher's lobby shows: the games in progress (who plays; the position and the
/// moves made) and the latest results.
pub struct TeacherView<'a> {
    pub tables: &'a [(String, String)],
    pub recent: &'a [GameRow],
    pub assignment: &'a Option<Assignment>,
}

fn doing(d: &Doing) -> String {
    match d {
        Doing::Lobby => crate::words::serve_in_lobby(),
        Doing::Solo => crate::words::serve_playing_ai(),
        Doing::Match { with } => crate::words::serve_playing(with),
        Doing::Watching { whom } => crate::words::serve_watching_someone(whom),
    }
}

pub fn draw(frame: &mut Frame, view: &View, look: &Look) {
    let area = frame.area();
    let theme = &look.theme;
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::styled(crate::words::serve_lobby_title(view.my_name), theme.strong(theme.accent)));
    lines.push(Line::raw(""));
    lines.push(Line::styled(crate::words::serve_people(view.people.len()), theme.strong(theme.accent)));
    let at = view.lobby.chosen_index(view.people, view.me);
    // The list takes what the screen has left after the boards, keys and lines around it.
    let room = usize::from(area.height).saturating_sub(12).max(3);
    let first = at.saturating_sub(room.saturating_sub(1));
    for (i, p) in view.people.iter().enumerate().skip(first).take(room) {
        let mark = if i == at { format!("{} ", look.glyphs.cursor) } else { "  ".to_string() };
        let mut name = p.name.clone();
        if p.id == view.me {
            name = format!("{name} {}", crate::words::serve_you());
        } else if p.teacher {
            name = format!("{name} {}", crate::words::serve_teacher());
        }
        let style = if i == at { theme.strong(theme.accent) } else { theme.fg(theme.dim) };
        lines.push(Line::from(vec![
            Span::styled(mark, style),
            Span::styled(padded(&name, 30), if i == at { style } else { ratatui::style::Style::new() }),
            Span::styled(doing(&p.doing), theme.fg(theme.dim)),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(crate::words::serve_board_ai(), theme.strong(theme.accent)));
    if view.standings.is_empty() {
        lines.push(Line::styled(format!("  {}", crate::words::serve_board_empty()), theme.fg(theme.dim)));
    }
    // One line per game and level: its best three.
    let mut groups: Vec<(&str, &str, Vec<&Standing>)> = Vec::new();
    for s in view.standings {
        match groups.iter_mut().find(|(g, l, _)| *g == s.game && *l == s.level) {
            Some((_, _, v)) => v.push(s),
            None => groups.push((&s.game, &s.level, vec![s])),
        }
    }
    for (game, level, best) in groups.iter().take(4) {
        let names: Vec<String> =
            best.iter().take(3).map(|s| format!("{} {}/{}", s.player, s.won, s.played)).collect();
        lines
            .push(Line::raw(format!("  {}", crate::words::serve_board_line(game, level, &names.join("  ")))));
    }
    lines.push(Line::styled(crate::words::serve_board_players(), theme.strong(theme.accent)));
    if view.matches.is_empty() {
        lines.push(Line::styled(format!("  {}", crate::words::serve_board_empty()), theme.fg(theme.dim)));
    } else {
        let names: Vec<String> =
            view.matches.iter().take(5).map(|s| format!("{} {}/{}", s.player, s.won, s.played)).collect();
        lines.push(Line::raw(format!("  {}", names.join("  "))));
    }
    if let Some(TeacherView { tables, recent, assignment }) = &view.teacher {
        if let Some(a) = assignment {
            lines.push(Line::styled(crate::words::serve_assignment(&a.position), theme.strong(theme.accent)));
            let answers: Vec<String> = a
                .results
                .iter()
                .map(|(name, won, secs)| crate::words::serve_assignment_result(name, *won, *secs))
                .collect();
            lines.push(Line::raw(format!("  {}", answers.join(" · "))));
        }
        lines.push(Line::styled(crate::words::serve_in_progress(), theme.strong(theme.accent)));
        if tables.is_empty() {
            lines.push(Line::styled(
                format!("  {}", crate::words::serve_none_in_progress()),
                theme.fg(theme.dim),
            ));
        }
        for (players, position) in tables.iter().take(8) {
            lines.push(Line::raw(format!("  {}{position}", padded(players, 30))));
        }
        lines.push(Line::styled(crate::words::serve_recent(), theme.strong(theme.accent)));
        for r in recent.iter().take(5) {
            let result = crate::words::serve_result(
                &r.player,
                r.outcome.as_str(),
                &r.opponent,
                &r.game,
                &r.level,
                r.moves,
            );
            lines.push(Line::raw(format!("  {result}")));
        }
    }
    lines.push(Line::raw(""));
    if let Some(message) = &view.lobby.message {
        lines.push(Line::styled(message.clone(), theme.strong(theme.error)));
    }
    let mut keys = crate::words::serve_lobby_keys(&look.key(Action::Take), &look.key(Action::Quit));
    if view.teacher.is_some() {
        keys = format!("{keys} · {}", crate::words::serve_give_key());
    }
    let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1));
    frame.render_widget(Paragraph::new(lines), body);
    let bottom = Rect::new(area.x, area.y + area.height.saturating_sub(1), area.width, 1.min(area.height));
    frame.render_widget(Paragraph::new(Line::styled(keys, theme.fg(theme.dim))), bottom);
}

/// `text` and spaces after it to fill `columns` columns of a terminal (a CJK character takes two).
fn padded(text: &str, columns: usize) -> String {
    let width = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{:pad$}", "", pad = columns.saturating_sub(width))
}
