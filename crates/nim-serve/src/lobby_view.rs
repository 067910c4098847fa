//! Draws the lobby (`lobby.rs`): the people on the server and what each is doing, the
//! leaderboards, a line for the player and the keys. Pure drawing of the state it is given.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};

use super::db::{MatchStanding, Standing};
use super::lobby::Lobby;
use super::tables::{Doing, Someone};
use nim_tui::app::Action;
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

/// Everything the lobby shows, gathered before the frame.
pub struct View<'a> {
    pub lobby: &'a Lobby,
    pub me: u64,
    pub my_name: &'a str,
    pub people: &'a [Someone],
    pub standings: &'a [Standing],
    pub matches: &'a [MatchStanding],
    /// The player's own ratings, the most recently rated first.
    pub ratings: &'a [super::store::PlayerRating],
    /// The player's accuracy over every game kept: winning positions kept, and met.
    pub accuracy: Option<super::db::Accuracy>,
    /// In lost positions: moves that made the opponent's work hardest, and moves judged.
    pub hardest: Option<super::db::Accuracy>,
    /// The class tournament running (or the last one), for this player's place and next game.
    pub tournament: Option<std::sync::Arc<super::tournament::Snapshot>>,
}

/// This player's line of the tournament, when they play in one: their place, points and what
/// comes next. `None` when they are not in it.
pub fn tournament_line(lang: Language, t: &super::tournament::Snapshot, me: &str) -> Option<String> {
    use super::say::text;
    let (place, count) = t.place_of(me)?;
    let points = t.standings.get(place - 1).map_or(0, |r| r.points);
    let next = if t.ended {
        nim_tui::i18n::text(lang, "tourney-lobby-ended")
    } else if t.ending {
        nim_tui::i18n::text(lang, "tourney-lobby-ending")
    } else if let Some(with) = t.opponent_of(me) {
        nim_tui::words::serve_playing(lang, with)
    } else if t.bye.as_deref() == Some(me) {
        nim_tui::i18n::text(lang, "tourney-lobby-bye")
    } else if t.kind == super::db::TournamentKind::Arena {
        nim_tui::i18n::text(lang, "tourney-lobby-arena")
    } else {
        text(lang, "tourney-lobby-round", &[("round", u64::from(t.round).into())])
    };
    Some(text(
        lang,
        "tourney-lobby",
        &[
            ("place", place.into()),
            ("count", count.into()),
            ("points", u64::from(points).into()),
            ("next", next.into()),
        ],
    ))
}

pub(crate) fn doing(lang: Language, d: &Doing) -> String {
    match d {
        Doing::Lobby => nim_tui::words::serve_in_lobby(lang),
        Doing::Solo => nim_tui::words::serve_playing_ai(lang),
        Doing::Match { with } => nim_tui::words::serve_playing(lang, with),
        Doing::Watching { whom } => nim_tui::words::serve_watching_someone(lang, whom),
    }
}

/// What someone is doing, and, for someone on another host sharing the database, which.
pub(crate) fn doing_where(lang: Language, d: &Doing, host: Option<&str>) -> String {
    match host {
        None => doing(lang, d),
        Some(host) => nim_tui::i18n::text_with(
            lang,
            "serve-on-host",
            &[("doing", doing(lang, d).into()), ("host", host.to_string().into())],
        ),
    }
}

pub fn draw(frame: &mut Frame, view: &View, look: &Look) {
    let area = frame.area();
    let theme = &look.theme;
    let keys =
        nim_tui::words::serve_lobby_keys(look.language, &look.key(Action::Take), &look.key(Action::Quit));
    // The keys take a second row when one is too narrow for them (in Chinese, at 80 columns).
    let key_rows = key_rows(&keys, usize::from(area.width));
    let board = board_lines(view, look);
    let wide = area.width >= 110;
    let board_height =
        if wide { 0 } else { u16::try_from(board.len()).unwrap_or(u16::MAX).saturating_add(2) };
    let [title, middle, board_area, note, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(board_height),
        Constraint::Length(1),
        Constraint::Length(u16::try_from(key_rows.len()).unwrap_or(1)),
    ])
    .areas(area);
    frame.render_widget(
        Line::styled(
            nim_tui::words::serve_lobby_title(look.language, view.my_name),
            theme.strong(theme.accent),
        ),
        title,
    );
    // On a wide screen the standings stand beside the people; otherwise under them.
    let (people_area, board_area) = if wide {
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(middle);
        (left, right)
    } else {
        (middle, board_area)
    };
    people(frame, view, look, people_area);
    frame.render_widget(
        Paragraph::new(board).block(framed(nim_tui::i18n::text(look.language, "serve-board-title"), look)),
        board_area,
    );
    if let Some(n) = &view.lobby.note {
        frame.render_widget(Line::styled(n.text(look), theme.strong(theme.error)), note);
    } else if let Some(line) =
        view.tournament.as_ref().and_then(|t| tournament_line(look.language, t, view.my_name))
    {
        frame.render_widget(Line::styled(line, theme.strong(theme.accent)), note);
    }
    let key_lines: Vec<Line> =
        key_rows.into_iter().map(|row| Line::styled(row, theme.fg(theme.dim))).collect();
    frame.render_widget(Paragraph::new(key_lines), keys_area);
}

/// A frame around a part of the lobby, titled, as the game's own panels are.
fn framed<'a>(title: String, look: &Look) -> Block<'a> {
    let theme = &look.theme;
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.strong(theme.accent)))
        .border_style(theme.fg(theme.dim));
    if look.glyphs.ascii { block } else { block.border_type(BorderType::Rounded) }
}

/// Who is on the server and what each is doing, the chosen one marked, in a frame.
fn people(frame: &mut Frame, view: &View, look: &Look, area: Rect) {
    let theme = &look.theme;
    let block = framed(nim_tui::words::serve_people(look.language, view.people.len()), look);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let at = view.lobby.chosen_index(view.people, view.me);
    let room = usize::from(inner.height).max(1);
    let first = at.saturating_sub(room.saturating_sub(1));
    let name_columns = (usize::from(inner.width) / 2).clamp(12, 30);
    let lines: Vec<Line> = view
        .people
        .iter()
        .enumerate()
        .skip(first)
        .take(room)
        .map(|(i, p)| {
            let mark = if i == at { format!("{} ", look.glyphs.cursor) } else { "  ".to_string() };
            let name = if p.id == view.me {
                nim_tui::words::serve_you(look.language, &p.name)
            } else if p.teacher {
                nim_tui::words::serve_teacher(look.language, &p.name)
            } else {
                p.name.clone()
            };
            let style = if i == at { theme.strong(theme.accent) } else { Style::new() };
            Line::from(vec![
                Span::styled(mark, theme.strong(theme.accent)),
                Span::styled(padded(&name, name_columns), style),
                Span::styled(doing_where(look.language, &p.doing, p.host.as_deref()), theme.fg(theme.dim)),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The standings as lines: against the AI, the best three of each game and level; between
/// players, the best five. Games and levels in words.
pub(crate) fn board_lines(view: &View, look: &Look) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let mut lines = rating_lines(view, look);
    lines.push(Line::styled(nim_tui::words::serve_board_ai(look.language), theme.strong(theme.text)));
    if view.standings.is_empty() {
        lines.push(Line::styled(
            format!("  {}", nim_tui::words::serve_board_empty(look.language)),
            theme.fg(theme.dim),
        ));
    }
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
        let game = game
            .parse::<nim_tui::engine::GameKind>()
            .map_or_else(|_| (*game).to_string(), |kind| nim_tui::words::short_title(look.language, kind));
        let level = nim_tui::words::level_name(look.language, level);
        lines.push(Line::raw(format!(
            "  {}",
            nim_tui::words::serve_board_line(look.language, &game, &level, &names.join("  "))
        )));
    }
    lines.push(Line::styled(nim_tui::words::serve_board_players(look.language), theme.strong(theme.text)));
    if view.matches.is_empty() {
        lines.push(Line::styled(
            format!("  {}", nim_tui::words::serve_board_empty(look.language)),
            theme.fg(theme.dim),
        ));
    } else {
        let names: Vec<String> =
            view.matches.iter().take(5).map(|s| format!("{} {}/{}", s.player, s.won, s.played)).collect();
        lines.push(Line::raw(format!("  {}", names.join("  "))));
    }
    lines
}

/// The player's ratings (#39), the two most recently rated, each with its deviation and
/// "provisional" while it is large; or what is rated, before any rated game.
fn rating_lines(view: &View, look: &Look) -> Vec<Line<'static>> {
    let theme = &look.theme;
    let lang = look.language;
    let mut lines =
        vec![Line::styled(nim_tui::i18n::text(lang, "serve-board-rating"), theme.strong(theme.text))];
    if view.ratings.is_empty() {
        lines.push(Line::styled(
            format!("  {}", nim_tui::i18n::text(lang, "serve-board-rating-none")),
            theme.fg(theme.dim),
        ));
    }
    for r in view.ratings.iter().take(2) {
        let value = nim_tui::words::rating_value(
            lang,
            r.rating.shown(),
            r.rating.shown_deviation(),
            r.rating.provisional(),
        );
        lines.push(Line::raw(format!("  {}", nim_tui::words::rating_in(lang, &r.game, &r.mode, &value))));
    }
    // Beside the rating, how well the player keeps a win (#39): winning positions kept.
    if let Some(a) = view.accuracy {
        let shown = a.shown();
        lines.push(Line::styled(
            format!(
                "  {}",
                nim_tui::i18n::text_with(lang, "serve-board-accuracy", &[("accuracy", shown.into())])
            ),
            theme.fg(theme.dim),
        ));
    }
    if let Some(h) = view.hardest {
        let shown = h.shown();
        lines.push(Line::styled(
            format!(
                "  {}",
                nim_tui::i18n::text_with(lang, "serve-board-hardest", &[("share", shown.into())])
            ),
            theme.fg(theme.dim),
        ));
    }
    lines
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
pub(crate) mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use nim_tui::i18n::Language;

    fn someone(id: u64, name: &str, teacher: bool, doing: Doing) -> Someone {
        let watchable = doing != Doing::Lobby;
        Someone { id, name: name.into(), teacher, doing, watchable, host: None }
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
        let lobby = Lobby {
            chosen: Some(4),
            challenged_by: None,
            note: Some(crate::lobby::Note::Challenged("erin".into())),
            ..Lobby::default()
        };
        let view = View {
            tournament: None,
            lobby: &lobby,
            me: 6,
            my_name: "frank",
            people: &people,
            standings: &standings,
            matches: &matches,
            ratings: &[crate::store::PlayerRating {
                game: "nim".into(),
                mode: "normal".into(),
                rating: nim_tui::rating::Rating { rating: 1523.2, deviation: 140.4, volatility: 0.06 },
                games: 4,
            }],
            accuracy: Some(crate::db::Accuracy { kept: 5, met: 6 }),
            hardest: Some(crate::db::Accuracy { kept: 3, met: 4 }),
        };
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal.draw(|frame| draw(frame, &view, &Look { language, ..Look::default() })).expect("drawn");
        screen_text(terminal.backend().buffer())
    }

    /// A drawn screen as a person reads it: each row's text, trailing spaces cut. A wide
    /// character's cell is followed by one the terminal draws it over, which is skipped.
    pub(crate) fn screen_text(buffer: &ratatui::buffer::Buffer) -> String {
        let area = buffer.area;
        let mut text = String::new();
        for y in area.top()..area.bottom() {
            let mut line = String::new();
            let mut x = area.left();
            while x < area.right() {
                let symbol = buffer[(x, y)].symbol();
                line.push_str(symbol);
                x += u16::try_from(unicode_width::UnicodeWidthStr::width(symbol).max(1)).unwrap_or(1);
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text
    }

    #[test]
    fn the_chinese_lobby_fits_80x24_and_100x30_and_says_everything_in_chinese() {
        for (width, height) in [(80, 24), (100, 30)] {
            let screen = students_lobby(Language::SimplifiedChinese, width, height);
            insta::assert_snapshot!(format!("zh_students_lobby_{width}x{height}"), screen);
            for whole in [
                "服务器上共有 6 人",
                "和 bob 对局",
                "在大厅",
                "观看 alice",
                "和电脑对局",
                "frank（你）",
                "1523？± 140（暂定）",
                "保持必胜 83% (5/6)",
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
        for whole in [
            "Nim · normal play: 1523? ± 140 (provisional)",
            "Accuracy: 83% (5/6) of the winning",
            "75% (3/4)",
        ] {
            assert!(english.contains(whole), "{whole:?}:\n{english}");
        }
    }
}
