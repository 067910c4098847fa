//! Draws the lobby (`lobby.rs`): the people on the server and what each is doing, the
//! leaderboards, a line for the player and the keys. Pure drawing of the state it is given.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::db::{MatchStanding, Standing};
use super::lobby::Lobby;
use super::tables::{Doing, Someone};
use nim_tui::app::Action;
use nim_tui::ui::Look;

/// Everything the lobby shows, gathered before the frame.
pub struct View<'a> {
    pub lobby: &'a Lobby,
    pub me: u64,
    pub my_name: &'a str,
    pub people: &'a [Someone],
    pub standings: &'a [Standing],
    pub matches: &'a [MatchStanding],
}

fn doing(d: &Doing) -> String {
    match d {
        Doing::Lobby => nim_tui::words::serve_in_lobby(),
        Doing::Solo => nim_tui::words::serve_playing_ai(),
        Doing::Match { with } => nim_tui::words::serve_playing(with),
        Doing::Watching { whom } => nim_tui::words::serve_watching_someone(whom),
    }
}

pub fn draw(frame: &mut Frame, view: &View, look: &Look) {
    let area = frame.area();
    let theme = &look.theme;
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::styled(nim_tui::words::serve_lobby_title(view.my_name), theme.strong(theme.accent)));
    lines.push(Line::raw(""));
    lines.push(Line::styled(nim_tui::words::serve_people(view.people.len()), theme.strong(theme.accent)));
    let at = view.lobby.chosen_index(view.people, view.me);
    // The list takes what the screen has left after the boards, keys and lines around it.
    let room = usize::from(area.height).saturating_sub(12).max(3);
    let first = at.saturating_sub(room.saturating_sub(1));
    for (i, p) in view.people.iter().enumerate().skip(first).take(room) {
        let mark = if i == at { format!("{} ", look.glyphs.cursor) } else { "  ".to_string() };
        let name = if p.id == view.me {
            nim_tui::words::serve_you(&p.name)
        } else if p.teacher {
            nim_tui::words::serve_teacher(&p.name)
        } else {
            p.name.clone()
        };
        let style = if i == at { theme.strong(theme.accent) } else { theme.fg(theme.dim) };
        lines.push(Line::from(vec![
            Span::styled(mark, style),
            Span::styled(padded(&name, 30), if i == at { style } else { ratatui::style::Style::new() }),
            Span::styled(doing(&p.doing), theme.fg(theme.dim)),
        ]));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(nim_tui::words::serve_board_ai(), theme.strong(theme.accent)));
    if view.standings.is_empty() {
        lines.push(Line::styled(format!("  {}", nim_tui::words::serve_board_empty()), theme.fg(theme.dim)));
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
        lines.push(Line::raw(format!(
            "  {}",
            nim_tui::words::serve_board_line(game, level, &names.join("  "))
        )));
    }
    lines.push(Line::styled(nim_tui::words::serve_board_players(), theme.strong(theme.accent)));
    if view.matches.is_empty() {
        lines.push(Line::styled(format!("  {}", nim_tui::words::serve_board_empty()), theme.fg(theme.dim)));
    } else {
        let names: Vec<String> =
            view.matches.iter().take(5).map(|s| format!("{} {}/{}", s.player, s.won, s.played)).collect();
        lines.push(Line::raw(format!("  {}", names.join("  "))));
    }
    lines.push(Line::raw(""));
    if let Some(note) = &view.lobby.note {
        lines.push(Line::styled(note.text(look), theme.strong(theme.error)));
    }
    let keys = nim_tui::words::serve_lobby_keys(&look.key(Action::Take), &look.key(Action::Quit));
    // The keys take a second row when one is too narrow for them (a teacher's, in Chinese).
    let key_rows = key_rows(&keys, usize::from(area.width));
    let below = u16::try_from(key_rows.len()).unwrap_or(u16::MAX).min(area.height);
    let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(below));
    frame.render_widget(Paragraph::new(lines), body);
    let bottom = Rect::new(area.x, area.y + area.height.saturating_sub(below), area.width, below);
    let key_lines: Vec<Line> =
        key_rows.into_iter().map(|row| Line::styled(row, theme.fg(theme.dim))).collect();
    frame.render_widget(Paragraph::new(key_lines), bottom);
}

/// The key line cut into rows of at most `columns` columns of a terminal, between its keys
/// (at the ` · ` between them): one row when it fits.
pub(crate) fn key_rows(keys: &str, columns: usize) -> Vec<String> {
    const SEPARATOR: &str = " · ";
    let width = unicode_width::UnicodeWidthStr::width;
    let mut rows: Vec<String> = Vec::new();
    for key in keys.split(SEPARATOR) {
        match rows.last_mut() {
            Some(row) if width(row.as_str()) + width(SEPARATOR) + width(key) <= columns => {
                row.push_str(SEPARATOR);
                row.push_str(key);
            }
            _ => rows.push(key.to_string()),
        }
    }
    rows
}

/// `text` and spaces after it to fill `columns` columns of a terminal (a CJK character takes two).
fn padded(text: &str, columns: usize) -> String {
    let width = unicode_width::UnicodeWidthStr::width(text);
    format!("{text}{:pad$}", "", pad = columns.saturating_sub(width))
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use nim_tui::i18n::{self, Language};

    fn someone(id: u64, name: &str, teacher: bool, doing: Doing) -> Someone {
        let watchable = doing != Doing::Lobby;
        Someone { id, name: name.into(), teacher, doing, watchable }
    }

    /// A student's lobby, busy: everyone doing something, both boards, a challenge waiting;
    /// drawn in `language` at `width` x `height`, as text.
    fn students_lobby(language: Language, width: u16, height: u16) -> String {
        let people = vec![
            someone(1, "alice", false, Doing::Match { with: "bob".into() }),
            someone(2, "bob", false, Doing::Match { with: "alice".into() }),
            someone(3, "carol", false, Doing::Watching { whom: "alice".into() }),
            someone(4, "dave", false, Doing::Solo),
            someone(5, "mrslee", true, Doing::Lobby),
            someone(6, "frank", false, Doing::Lobby),
        ];
        let standing = |player: &str, won, played| Standing {
            player: player.into(),
            game: "nim".into(),
            level: "perfect".into(),
            won,
            played,
        };
        let standings = vec![standing("dave", 3, 4), standing("erin", 1, 2)];
        let matches = vec![
            MatchStanding { player: "alice".into(), won: 2, played: 3 },
            MatchStanding { player: "bob".into(), won: 1, played: 3 },
        ];
        i18n::scoped(language, || {
            let lobby = Lobby {
                chosen: Some(4),
                challenged_by: None,
                note: Some(crate::lobby::Note::Challenged("erin".into())),
                projector: false,
            };
            let view = View {
                lobby: &lobby,
                me: 6,
                my_name: "frank",
                people: &people,
                standings: &standings,
                matches: &matches,
            };
            let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
            terminal.draw(|frame| draw(frame, &view, &Look::default())).expect("drawn");
            let buffer = terminal.backend().buffer().clone();
            let mut text = String::new();
            for y in 0..height {
                // A wide character's cell is followed by one the terminal draws it over.
                let mut line = String::new();
                let mut x = 0;
                while x < width {
                    let symbol = buffer[(x, y)].symbol();
                    line.push_str(symbol);
                    x += u16::try_from(unicode_width::UnicodeWidthStr::width(symbol).max(1)).unwrap_or(1);
                }
                text.push_str(line.trim_end());
                text.push('\n');
            }
            text
        })
    }

    #[test]
    fn the_chinese_lobby_fits_80x24_and_100x30_and_says_everything_in_chinese() {
        for (width, height) in [(80, 24), (100, 30)] {
            let screen = students_lobby(Language::SimplifiedChinese, width, height);
            insta::assert_snapshot!(format!("zh_students_lobby_{width}x{height}"), screen);
            for whole in [
                "服务器上共有 6 人",
                "正在和 bob 对局",
                "在大厅",
                "正在观看 alice",
                "正在和电脑对局",
                "frank（你）",
                "mrslee（老师）",
                "erin 向你发起挑战：y 接受 · n 拒绝",
            ] {
                assert!(
                    screen.contains(whole),
                    "{whole:?} is not whole on the {width}x{height} screen:\n{screen}"
                );
            }
            for line in screen.lines() {
                assert!(unicode_width::UnicodeWidthStr::width(line) <= usize::from(width), "{line}");
            }
        }
        let english = students_lobby(Language::English, 100, 30);
        assert!(english.contains("On the server: 6 people"), "{english}");
    }
}
