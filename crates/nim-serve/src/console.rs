//! The teacher's console: the lobby as a teacher sees it. A live table of the class (who is doing
//! what, the position and moves of each game in play, accuracy this lesson, the last result),
//! the position given to everyone and who has won it, and the projector view: the join card,
//! large, and the standings with a podium, for the class to read from the back of the room.
//! Pure drawing of what it is given (gathered by `place.rs` before the frame).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Cell, Paragraph, Row, Table};

use super::db::{Outcome, StudentSummary, TournamentKind};
use super::lobby::Note;
use super::say::text;
use super::tables::{Assignment, Doing};
use super::tournament::{Plan, Snapshot};
use nim_tui::app::Action;
use nim_tui::i18n::Language;
use nim_tui::i18n::{self, Arg};
use nim_tui::ui::Look;

/// One student on the console's table.
#[derive(Debug, Clone)]
pub struct ClassRow {
    pub id: u64,
    pub name: String,
    pub doing: Doing,
    /// The host the student is on, when it is another host sharing the database.
    pub host: Option<String>,
    /// The game in play: its position and the moves made.
    pub position: Option<(String, usize)>,
    /// The student's record (every game kept, with its graded moves).
    pub summary: StudentSummary,
    /// The game in play's moves so far: winning positions kept, and met.
    pub live: (u32, u32),
    /// The student's rating in the game and mode rated last (#39).
    pub rating: Option<super::store::PlayerRating>,
}

impl ClassRow {
    /// Winning positions kept, and met: the record's and the game in play's.
    pub fn accuracy(&self) -> (u32, u32) {
        (self.summary.kept + self.live.0, self.summary.winning_met() + self.live.1)
    }
}

/// How students join, for the projector's card.
#[derive(Debug, Clone, Default)]
pub struct Join {
    /// What students type: `ssh -p 2222 NAME@host`; `None` without SSH (`--no-ssh`).
    pub command: Option<String>,
    pub code: Option<String>,
    /// The web page's address, once its door is open (`--web`).
    pub web: std::sync::OnceLock<String>,
}

/// Everything the console shows.
pub struct View<'a> {
    pub me: &'a str,
    pub rows: &'a [ClassRow],
    /// The chosen row, by id.
    pub chosen: Option<u64>,
    pub note: Option<&'a Note>,
    pub assignment: &'a Option<Assignment>,
    pub projector: bool,
    pub join: &'a Join,
    /// The teacher's next activity's settings.
    pub draft: super::lobby::Draft,
    /// The class tournament running, or the last one (#39).
    pub tournament: Option<std::sync::Arc<Snapshot>>,
    /// The tournament the teacher is choosing, while choosing one.
    pub choosing: Option<Plan>,
    /// The game and mode a tournament would be played in (the server's), as names.
    pub game: Option<(String, String)>,
}

/// "83% (5/6)": winning positions kept out of those met, or a dash when none was met (there is
/// no accuracy to give, rather than 0%). The percentage is rounded to the nearest; the counts are
/// exact.
pub fn accuracy((kept, met): (u32, u32)) -> String {
    if met == 0 { "—".to_string() } else { super::db::Accuracy { kept, met }.shown() }
}

/// `text` in at most `width` columns: whole if it fits, else as much as fits before `ellipsis`.
fn fit_width(text: String, width: usize, ellipsis: &str) -> String {
    use unicode_width::UnicodeWidthStr;
    if text.width() <= width {
        return text;
    }
    let room = width.saturating_sub(ellipsis.width());
    let mut used = 0;
    let mut kept: String = text
        .chars()
        .take_while(|c| {
            used += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
            used <= room
        })
        .collect();
    kept.truncate(kept.trim_end().len());
    kept + ellipsis
}

/// The last result in words: "won · Nim · perfect", "lost to bob · Nim".
pub fn last_result(lang: Language, s: &StudentSummary) -> String {
    let Some(last) = &s.last_game else { return String::new() };
    let (outcome, game, level, opponent) = (&last.outcome, &last.game, &last.level, &last.opponent);
    let game = game
        .parse::<nim_tui::engine::GameKind>()
        .map_or_else(|_| game.clone(), |kind| nim_tui::words::short_title(lang, kind));
    let id = match (outcome, opponent == "ai") {
        (Outcome::Won, true) => "console-won-ai",
        (Outcome::Lost, true) => "console-lost-ai",
        (Outcome::Won, false) => "console-won",
        (Outcome::Lost, false) => "console-lost",
        (Outcome::EndedByServer, _) => "console-ended",
    };
    text(
        lang,
        id,
        &[
            ("game", game.into()),
            ("level", nim_tui::words::level_name(lang, level).into()),
            ("opponent", opponent.as_str().into()),
        ],
    )
}

pub fn draw(frame: &mut Frame, view: &View, look: &Look) {
    if view.projector {
        projector(frame, view, look);
    } else {
        class(frame, view, look);
    }
}

fn frame_block<'a>(title: String, look: &Look) -> Block<'a> {
    let theme = &look.theme;
    let block = Block::bordered()
        .title(Span::styled(format!(" {title} "), theme.strong(theme.accent)))
        .border_style(theme.fg(theme.dim));
    if look.glyphs.ascii { block } else { block.border_type(BorderType::Rounded) }
}

fn class(frame: &mut Frame, view: &View, look: &Look) {
    let theme = &look.theme;
    let area = frame.area();
    let students: Vec<&ClassRow> = view.rows.iter().collect();
    let playing = students.iter().filter(|r| r.position.is_some()).count();
    let keys = console_keys(look, false);
    let key_rows = super::lobby_view::key_rows(&keys, usize::from(area.width));
    // The activity's frame, its line or lines (wrapped at 80 columns), and the next one's settings;
    // the tournament's choice or its standings in its place.
    let activity_rows = if view.choosing.is_some() {
        8
    } else if let Some(t) = view.tournament.as_ref().filter(|t| !t.ended) {
        u16::try_from(t.standings.len()).unwrap_or(u16::MAX).saturating_add(4).clamp(5, 12)
    } else if area.width >= 110 {
        4
    } else {
        5
    };
    let [title, table_area, activity_area, note_area, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(4),
        Constraint::Length(activity_rows),
        Constraint::Length(1),
        Constraint::Length(u16::try_from(key_rows.len()).unwrap_or(1)),
    ])
    .areas(area);
    // Nothing chosen yet: the first student is (as the lobby's keys take it).
    let chosen =
        view.chosen.filter(|id| students.iter().any(|r| r.id == *id)).or(students.first().map(|r| r.id));
    let heading = text(
        look.language,
        "console-title",
        &[("me", view.me.into()), ("n", students.len().into()), ("playing", playing.into())],
    );
    frame.render_widget(Line::styled(heading, theme.strong(theme.accent)), title);

    let header = Row::new(
        [
            "console-name",
            "console-doing",
            "console-position",
            "console-accuracy",
            "console-rating",
            "console-games",
            "console-last",
        ]
        .map(|id| Cell::from(i18n::text(look.language, id))),
    )
    .style(theme.strong(theme.dim));
    // Roomy on a projector's wide screen; at 80 columns each column as narrow as its contents
    // allow, so that the last result is whole where it can be. The last takes what is left (inside
    // the frame, after a space between columns); a cell that does not fit ends in an ellipsis.
    let fixed: [u16; 6] = if area.width >= 110 {
        [16, 18, 16, 12, 7, 6]
    } else if area.width >= 90 {
        [12, 15, 11, 10, 6, 4]
    } else {
        [11, 12, 10, 10, 6, 4]
    };
    let last = table_area.width.saturating_sub(2 + fixed.iter().sum::<u16>() + 6);
    let widths = [fixed.map(Constraint::Length).as_slice(), &[Constraint::Fill(1)]].concat();
    let fit = |column: usize, cell: String| {
        let width = fixed.get(column).copied().unwrap_or(last);
        Cell::from(fit_width(cell, usize::from(width), &look.glyphs.ellipsis))
    };
    let rows: Vec<Row> = students
        .iter()
        .map(|r| {
            // A student on another host sharing the database: the host beside the name (the
            // column of what each does is too narrow for both).
            let name = match &r.host {
                None => r.name.clone(),
                Some(host) => text(
                    look.language,
                    "console-name-on-host",
                    &[("name", r.name.clone().into()), ("host", host.clone().into())],
                ),
            };
            let chosen = chosen == Some(r.id);
            let mark = if chosen { look.glyphs.cursor.to_string() } else { " ".to_string() };
            let name = format!("{mark} {name}");
            let position = r.position.as_ref().map_or(String::new(), |(p, moves)| format!("{p}  ({moves})"));
            let games = if r.summary.games == 0 {
                String::new()
            } else {
                format!("{}/{}", r.summary.won, r.summary.games)
            };
            let style = if chosen {
                theme.strong(theme.accent).add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let rating = r.rating.as_ref().map_or(String::new(), |p| {
                nim_tui::words::rating_short(look.language, p.rating.shown(), p.rating.provisional())
            });
            Row::new(vec![
                fit(0, name),
                fit(1, super::lobby_view::doing(look.language, &r.doing)).style(if chosen {
                    Style::new()
                } else {
                    theme.fg(theme.dim)
                }),
                fit(2, position),
                fit(3, accuracy(r.accuracy())),
                fit(4, rating),
                fit(5, games),
                fit(6, last_result(look.language, &r.summary)),
            ])
            .style(style)
        })
        .collect();
    let table = Table::new(rows, widths)
        .header(header)
        .column_spacing(1)
        .block(frame_block(i18n::text(look.language, "console-class"), look));
    frame.render_widget(table, table_area);

    if let Some(plan) = view.choosing {
        choice(frame, view, plan, activity_area, look);
    } else if let Some(t) = view.tournament.as_ref().filter(|t| !t.ended) {
        // While it runs; its final standings stay on the projector's view.
        standings_table(frame, t, activity_area, look);
    } else {
        activity(frame, view, activity_area, activity_rows, look);
    }
    if let Some(note) = view.note {
        frame.render_widget(Line::styled(note.text(look), theme.strong(theme.error)), note_area);
    }
    let lines: Vec<Line> = key_rows.into_iter().map(|r| Line::styled(r, theme.fg(theme.dim))).collect();
    frame.render_widget(Paragraph::new(lines), keys_area);
}

/// The activity's frame: the position given to everyone and who has won it, and the next
/// activity's settings.
fn activity(frame: &mut Frame, view: &View, activity_area: Rect, activity_rows: u16, look: &Look) {
    let theme = &look.theme;
    let [race_area, draft_area] =
        Layout::vertical([Constraint::Length(activity_rows - 1), Constraint::Length(1)]).areas(activity_area);
    let (title, body) = match view.assignment {
        Some(a) => {
            let answers: Vec<String> = a
                .results
                .iter()
                .map(|(name, won, secs)| {
                    nim_tui::words::serve_assignment_result(look.language, name, *won, *secs)
                })
                .collect();
            let body = if answers.is_empty() {
                text(look.language, "console-race-waiting", &[("n", a.given.len().into())])
            } else {
                answers.join(" · ")
            };
            let yes = |b: bool| Arg::from(if b { "yes" } else { "no" });
            let state = text(
                look.language,
                "console-race-state",
                &[("paused", yes(a.paused)), ("ended", yes(a.ended))],
            );
            (
                format!(
                    "{} · {state}",
                    text(look.language, "console-race", &[("position", a.position.as_str().into())])
                ),
                body,
            )
        }
        None => (i18n::text(look.language, "console-activity"), i18n::text(look.language, "console-no-race")),
    };
    frame.render_widget(
        Paragraph::new(body).wrap(ratatui::widgets::Wrap { trim: true }).block(frame_block(title, look)),
        race_area,
    );
    let draft = text(
        look.language,
        "console-draft",
        &[
            ("hints", if view.draft.hints { "yes" } else { "no" }.into()),
            ("minutes", view.draft.minutes.into()),
        ],
    );
    frame.render_widget(Line::styled(draft, theme.fg(theme.dim)), draft_area);
}

/// A tournament's kind in words.
pub fn kind_name(lang: Language, kind: TournamentKind) -> String {
    text(lang, "tourney-kind", &[("kind", kind.as_str().into())])
}

/// The game and mode of a tournament in words: "Nim, normal play".
fn game_words(lang: Language, game: &str, mode: &str) -> String {
    let game = game
        .parse::<nim_tui::engine::GameKind>()
        .map_or_else(|_| game.to_string(), |kind| nim_tui::words::short_title(lang, kind));
    let mode = mode
        .parse::<nim_tui::engine::Mode>()
        .map_or_else(|_| mode.to_string(), |m| nim_tui::words::mode_title(lang, m).to_string());
    text(lang, "tourney-game", &[("game", game.into()), ("mode", mode.into())])
}

/// The choice of a new tournament: its kind and length, who plays and what.
fn choice(frame: &mut Frame, view: &View, plan: Plan, area: Rect, look: &Look) {
    let theme = &look.theme;
    let lang = look.language;
    let students = view.rows.iter().filter(|r| r.doing == Doing::Lobby).count();
    let setup_game = view.game.as_ref().map_or_else(String::new, |(g, m)| game_words(lang, g, m));
    let mut lines = Vec::new();
    for kind in Plan::KINDS {
        let line = match kind {
            TournamentKind::Arena => text(lang, "tourney-choose-arena", &[("minutes", plan.minutes.into())]),
            TournamentKind::RoundRobin => {
                text(lang, "tourney-choose-round-robin", &[("most", super::pairing::ROUND_ROBIN_MAX.into())])
            }
            TournamentKind::Swiss => {
                text(lang, "tourney-choose-swiss", &[("rounds", u64::from(plan.rounds).into())])
            }
        };
        let chosen = kind == plan.kind;
        let mark = if chosen { look.glyphs.cursor.to_string() } else { " ".to_string() };
        let style =
            if chosen { theme.strong(theme.accent).add_modifier(Modifier::REVERSED) } else { Style::new() };
        lines.push(Line::styled(format!("{mark} {line}"), style));
    }
    lines.push(Line::styled(
        text(lang, "tourney-choose-who", &[("count", students.into()), ("game", setup_game.into())]),
        theme.fg(theme.dim),
    ));
    lines.push(Line::styled(
        text(
            lang,
            "tourney-choose-keys",
            &[
                ("updown", format!("{}/{}", look.key(Action::Up), look.key(Action::Down)).into()),
                ("leftright", format!("{}/{}", look.key(Action::Less), look.key(Action::More)).into()),
                ("enter", look.key(Action::Take).into()),
                ("quit", look.key(Action::Quit).into()),
            ],
        ),
        theme.fg(theme.dim),
    ));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(ratatui::widgets::Wrap { trim: true })
            .block(frame_block(i18n::text(lang, "tourney-choose-title"), look)),
        area,
    );
}

/// The tournament's heading: its kind, game, and how far it is.
fn heading(lang: Language, t: &Snapshot) -> String {
    let state = if t.ended {
        i18n::text(lang, "tourney-ended-state")
    } else if t.ending {
        i18n::text(lang, "tourney-ending-state")
    } else {
        match (t.minutes, t.rounds) {
            (Some(minutes), _) => text(
                lang,
                "tourney-state-arena",
                &[("minutes", minutes.into()), ("playing", t.playing.len().into())],
            ),
            (None, rounds) => text(
                lang,
                "tourney-state-rounds",
                &[
                    ("round", u64::from(t.round).into()),
                    ("rounds", u64::from(rounds.unwrap_or(0)).into()),
                    ("playing", t.playing.len().into()),
                ],
            ),
        }
    };
    text(
        lang,
        "tourney-heading",
        &[
            ("kind", kind_name(lang, t.kind).into()),
            ("game", game_words(lang, &t.game, &t.mode).into()),
            ("state", state.into()),
        ],
    )
}

/// The tournament's standings as a table: place, name, points, games, won, and an arena's
/// players on fire.
pub fn standings_table(frame: &mut Frame, t: &Snapshot, area: Rect, look: &Look) {
    let theme = &look.theme;
    let lang = look.language;
    let header = Row::new(
        ["tourney-rank", "tourney-player", "tourney-points", "tourney-games", "tourney-won", "tourney-fire"]
            .map(|id| Cell::from(i18n::text(lang, id))),
    )
    .style(theme.strong(theme.dim));
    let fire = i18n::text(lang, "tourney-on-fire");
    let rows: Vec<Row> = t
        .standings
        .iter()
        .enumerate()
        .map(|(i, r)| {
            Row::new(vec![
                Cell::from(format!("{}", i + 1)),
                Cell::from(fit_width(r.player.clone(), 16, &look.glyphs.ellipsis)),
                Cell::from(r.points.to_string()),
                Cell::from(r.games.to_string()),
                Cell::from(r.won.to_string()),
                Cell::from(if r.on_fire { fire.clone() } else { String::new() }),
            ])
        })
        .collect();
    let widths = [
        Constraint::Length(4),
        Constraint::Length(17),
        Constraint::Length(7),
        Constraint::Length(7),
        Constraint::Length(7),
        Constraint::Fill(1),
    ];
    let table =
        Table::new(rows, widths).header(header).column_spacing(1).block(frame_block(heading(lang, t), look));
    frame.render_widget(table, area);
}

/// The console's keys, as this teacher has them.
fn console_keys(look: &Look, projector: bool) -> String {
    let args: [(&str, Arg); 4] = [
        ("enter", look.key(Action::Take).into()),
        ("quit", look.key(Action::Quit).into()),
        ("updown", format!("{}/{}", look.key(Action::Up), look.key(Action::Down)).into()),
        ("tournament", look.key(Action::Tournament).into()),
    ];
    text(look.language, if projector { "console-projector-keys" } else { "console-keys" }, &args)
}

/// The students ranked for the podium: most wins, then the best accuracy (compared exactly, as
/// fractions), then fewest games, then the name.
pub fn ranked(rows: &[ClassRow]) -> Vec<&ClassRow> {
    let mut ranked: Vec<&ClassRow> = rows.iter().filter(|r| r.summary.games > 0).collect();
    let fraction =
        |r: &ClassRow| r.summary.accuracy().map_or((0, 1), |a| (u64::from(a.kept), u64::from(a.met)));
    ranked.sort_by(|a, b| {
        let ((ka, ma), (kb, mb)) = (fraction(a), fraction(b));
        b.summary
            .won
            .cmp(&a.summary.won)
            .then((kb * ma).cmp(&(ka * mb)))
            .then(a.summary.games.cmp(&b.summary.games))
            .then(a.name.cmp(&b.name))
    });
    ranked
}

fn projector(frame: &mut Frame, view: &View, look: &Look) {
    let theme = &look.theme;
    let area = frame.area();
    let width = usize::from(area.width.saturating_sub(4));
    let code_letters = view.join.code.as_deref().and_then(|c| nim_tui::ui::block_letters(c, width));
    let doors = 2 * (u16::from(view.join.command.is_some()) + u16::from(view.join.web.get().is_some()));
    let card_height = 2 + doors + 1 + code_letters.as_ref().map_or(1, Vec::len) as u16;
    let keys = console_keys(look, true);
    let [card, board, keys_area] =
        Layout::vertical([Constraint::Length(card_height + 1), Constraint::Min(3), Constraint::Length(1)])
            .areas(area);

    // The join card.
    let mut lines = Vec::new();
    if let Some(command) = &view.join.command {
        lines.push(
            Line::styled(i18n::text(look.language, "console-join-terminal"), theme.fg(theme.dim)).centered(),
        );
        lines.push(Line::styled(command.clone(), theme.strong(theme.accent)).centered());
    }
    if let Some(page) = view.join.web.get() {
        lines.push(
            Line::styled(i18n::text(look.language, "console-join-browser"), theme.fg(theme.dim)).centered(),
        );
        lines.push(Line::styled(page.clone(), theme.strong(theme.accent)).centered());
    }
    match (&view.join.code, code_letters) {
        (Some(_), Some(letters)) => {
            lines.push(
                Line::styled(i18n::text(look.language, "console-join-code"), theme.fg(theme.dim)).centered(),
            );
            lines.extend(letters.into_iter().map(|l| Line::styled(l, theme.strong(theme.accent)).centered()));
        }
        (Some(code), None) => {
            lines.push(
                Line::styled(i18n::text(look.language, "console-join-code"), theme.fg(theme.dim)).centered(),
            );
            let spaced: String = code.chars().map(|c| format!("{c} ")).collect();
            lines.push(Line::styled(spaced.trim_end().to_string(), theme.strong(theme.accent)).centered());
        }
        (None, _) => lines.push(
            Line::styled(i18n::text(look.language, "console-join-no-code"), theme.fg(theme.dim)).centered(),
        ),
    }
    frame.render_widget(
        Paragraph::new(lines).block(frame_block(i18n::text(look.language, "console-join"), look)),
        card,
    );

    // A tournament's standings while one is shown; else the class's, the first three on a podium.
    if let Some(t) = &view.tournament {
        standings_table(frame, t, board, look);
        frame.render_widget(Line::styled(keys, theme.fg(theme.dim)), keys_area);
        return;
    }
    let ranked = ranked(view.rows);
    let block = frame_block(i18n::text(look.language, "console-standings"), look);
    let inner = block.inner(board);
    frame.render_widget(block, board);
    if ranked.is_empty() {
        frame.render_widget(
            Line::styled(nim_tui::words::serve_board_empty(look.language), theme.fg(theme.dim)).centered(),
            Rect { height: 1.min(inner.height), ..inner },
        );
    } else {
        // The podium takes what the lines of the others leave, from 4 rows to 14.
        let others = u16::try_from(ranked.len().saturating_sub(3)).unwrap_or(u16::MAX);
        let podium_height = inner.height.saturating_sub(others).clamp(4, 14).min(inner.height);
        let [podium_area, rest_area] =
            Layout::vertical([Constraint::Length(podium_height), Constraint::Min(0)]).areas(inner);
        podium(frame, &ranked, podium_area, look);
        let rest: Vec<Line> = ranked
            .iter()
            .enumerate()
            .skip(3)
            .map(|(i, r)| {
                Line::raw(format!(
                    "{:>3}. {:<16} {}/{}   {}",
                    i + 1,
                    r.name,
                    r.summary.won,
                    r.summary.games,
                    accuracy(r.summary.accuracy().map_or((0, 0), |a| (a.kept, a.met)))
                ))
                .centered()
            })
            .collect();
        frame.render_widget(Paragraph::new(rest), rest_area);
    }
    frame.render_widget(Line::styled(keys, theme.fg(theme.dim)), keys_area);
}

/// The first three on steps of a podium: the first in the middle, highest.
fn podium(frame: &mut Frame, ranked: &[&ClassRow], area: Rect, look: &Look) {
    let theme = &look.theme;
    let step = 18u16.min(area.width / 3);
    let left = area.x + area.width.saturating_sub(step * 3) / 2;
    // The first in the middle, highest; the second on the left; the third on the right. The
    // steps take what the area has under the names (two rows).
    let top = area.height.saturating_sub(2).max(1);
    let steps = [top, (top * 2).div_ceil(3), top.div_ceil(3)];
    for (place, (column, height)) in [(1u16, steps[0]), (0, steps[1]), (2, steps[2])].into_iter().enumerate()
    {
        let Some(r) = ranked.get(place) else { continue };
        let x = left + column * step;
        let bottom = area.y + area.height;
        let top = bottom.saturating_sub(height + 2).max(area.y);
        let colour = [theme.accent, theme.text, theme.dim][place];
        frame.render_widget(
            Line::styled(r.name.clone(), theme.strong(colour)).centered(),
            Rect::new(x, top, step, 1.min(bottom - top)),
        );
        let figures = format!(
            "{}/{} · {}",
            r.summary.won,
            r.summary.games,
            accuracy(r.summary.accuracy().map_or((0, 0), |a| (a.kept, a.met)))
        );
        if top + 1 < bottom {
            frame.render_widget(
                Line::styled(figures, theme.fg(theme.dim)).centered(),
                Rect::new(x, top + 1, step, 1),
            );
        }
        if top + 2 < bottom {
            let block_area = Rect::new(x + 1, top + 2, step.saturating_sub(2), bottom - top - 2);
            frame.render_widget(
                Paragraph::new(Line::from(format!("{}", place + 1)).centered())
                    .style(theme.strong(colour).add_modifier(Modifier::REVERSED)),
                block_area,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    /// A cell cut to its column ends in the ellipsis, by display width, never in half a Chinese
    /// character; a cell that fits is whole.
    #[test]
    fn a_cell_too_wide_ends_in_an_ellipsis() {
        assert_eq!(fit_width("和 alice 对局".into(), 12, "…"), "和 alice 对…");
        assert_eq!(fit_width("负于 alice · 尼姆游戏".into(), 17, "…"), "负于 alice · 尼…");
        assert_eq!(fit_width("负于 alice · 尼姆游戏".into(), 16, "..."), "负于 alice ·...");
        assert_eq!(fit_width("won · Nim".into(), 9, "…"), "won · Nim");
        assert_eq!(fit_width("abc".into(), 0, "…"), "…");
    }
    use crate::db::GameRow;
    use nim_tui::i18n::Language;

    fn row(id: u64, name: &str, doing: Doing, position: Option<&str>, summary: StudentSummary) -> ClassRow {
        ClassRow {
            id,
            name: name.into(),
            doing,
            host: None,
            position: position.map(|p| (p.to_string(), 2)),
            summary,
            live: (0, 0),
            // carol's is settled, alice's provisional; the others have none.
            rating: match name {
                "carol" => Some(rated(1612.4, 61.0)),
                "alice" => Some(rated(1480.0, 200.0)),
                _ => None,
            },
        }
    }

    fn rated(rating: f64, deviation: f64) -> crate::store::PlayerRating {
        crate::store::PlayerRating {
            game: "nim".into(),
            mode: "normal".into(),
            rating: nim_tui::rating::Rating { rating, deviation, volatility: 0.06 },
            games: 9,
        }
    }

    fn summary(
        won: u32,
        lost: u32,
        kept: u32,
        met: u32,
        last: Option<(Outcome, &str, &str, &str)>,
    ) -> StudentSummary {
        StudentSummary {
            games: won + lost,
            won,
            lost,
            kept,
            missed: met - kept,
            last_game: last.map(|(outcome, game, level, opponent)| GameRow {
                player: String::new(),
                opponent: opponent.into(),
                game: game.into(),
                mode: "normal".into(),
                level: level.into(),
                outcome,
                assisted: false,
                moves: 5,
                ended_by: "play".into(),
                counted: true,
            }),
            ..StudentSummary::default()
        }
    }

    /// A class of five mid-lesson, drawn as text in `language` at `width` x `height`.
    fn screen(language: Language, width: u16, height: u16, projector: bool) -> String {
        let rows = vec![
            row(
                1,
                "alice",
                Doing::Match { with: "bob".into() },
                Some("3 4 5"),
                summary(2, 1, 5, 6, Some((Outcome::Won, "nim", "-", "bob"))),
            ),
            row(
                2,
                "bob",
                Doing::Match { with: "alice".into() },
                Some("3 4 5"),
                summary(0, 2, 1, 4, Some((Outcome::Lost, "nim", "-", "alice"))),
            ),
            row(
                3,
                "carol",
                Doing::Solo,
                Some("1 2 3"),
                summary(3, 0, 9, 9, Some((Outcome::Won, "nim", "perfect", "ai"))),
            ),
            row(
                4,
                "dave",
                Doing::Lobby,
                None,
                summary(1, 1, 2, 4, Some((Outcome::Lost, "kayles", "perfect", "ai"))),
            ),
            row(5, "erin", Doing::Watching { whom: "alice".into() }, None, StudentSummary::default()),
        ];
        let assignment = Some(Assignment {
            id: 1,
            hints: true,
            limit: None,
            paused: false,
            ended: false,
            position: "3 4 5".into(),
            given: HashMap::new(),
            results: vec![("carol".into(), true, 42)],
            from: "mrslee".into(),
            setup: nim_tui::config::Settings::default().setup(),
            puzzle: None,
        });
        let join = Join {
            command: Some("ssh -p 2222 NAME@room12".into()),
            code: Some("maths7".into()),
            web: std::sync::OnceLock::from("http://room12:8080/".to_string()),
        };
        let view = View {
            me: "mrslee",
            rows: &rows,
            chosen: Some(3),
            note: None,
            assignment: &assignment,
            projector,
            join: &join,
            draft: crate::lobby::Draft::default(),
            tournament: None,
            choosing: None,
            game: None,
        };
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal.draw(|frame| draw(frame, &view, &Look { language, ..Look::default() })).expect("drawn");
        crate::lobby_view::tests::screen_text(terminal.backend().buffer())
    }

    #[test]
    fn the_console_shows_each_student_in_words_at_80x24_and_140x45() {
        for (width, height) in [(80, 24), (140, 45)] {
            let class = screen(Language::English, width, height, false);
            for whole in [
                "alice",
                "playing bob",
                "3 4 5  (2)",
                "83% (5/6)",
                "2/3",
                "won · Nim · perfect",
                "lost · Kayles",
                "Class race: 3 4 5",
                "carol won in 42 s",
                "Rating",
                "1612 ",
                "1480?",
            ] {
                assert!(class.contains(whole), "{whole:?} missing at {width}x{height}:\n{class}");
            }
            // No raw id reaches the screen.
            for raw in ["ended_by_server", "(nim, perfect)", " ai "] {
                assert!(!class.contains(raw), "{raw:?} at {width}x{height}:\n{class}");
            }
            let projector = screen(Language::English, width, height, true);
            for whole in ["Join the class", "ssh -p 2222 NAME@room12", "http://room12:8080/", "carol", "3/3"]
            {
                assert!(projector.contains(whole), "{whole:?} missing at {width}x{height}:\n{projector}");
            }
        }
        let chinese = screen(Language::SimplifiedChinese, 80, 24, false);
        assert!(chinese.contains("老师控制台") && chinese.contains("准确率"), "{chinese}");
    }

    /// The teacher's console and the projector in Chinese, read as a Chinese teacher reads them:
    /// every game and level in words, never an id (`nim`, `perfect`).
    #[test]
    fn the_console_in_chinese_at_80x24_and_100x30() {
        for (width, height) in [(80, 24), (100, 30)] {
            for (projector, what) in [(false, "class"), (true, "projector")] {
                let screen = screen(Language::SimplifiedChinese, width, height, projector);
                for raw in ["nim ", "nim，", "(nim", "perfect", "kayles"] {
                    assert!(!screen.contains(raw), "{raw:?} at {width}x{height}:\n{screen}");
                }
                insta::assert_snapshot!(format!("zh_console_{what}_{width}x{height}"), screen);
            }
        }
    }

    /// A class tournament in words, in English and in Chinese: the choice (who plays, what,
    /// the keys), and the standings on the console and the projector (place, name, points,
    /// games, wins, who is on fire), every number the snapshot's.
    #[test]
    fn a_tournament_is_chosen_and_its_standings_shown_in_both_languages() {
        use crate::tournament::StandingRow;
        use crate::tournament::{Plan, Snapshot};
        let standing = |player: &str, points, games, won, on_fire| StandingRow {
            player: player.into(),
            points,
            games,
            won,
            on_fire,
        };
        let snapshot = std::sync::Arc::new(Snapshot {
            id: 1,
            kind: TournamentKind::Arena,
            game: "nim".into(),
            mode: "normal".into(),
            minutes: Some(10),
            round: 4,
            rounds: None,
            ending: false,
            ended: false,
            standings: vec![
                standing("carol", 8, 3, 3, true),
                standing("alice", 2, 2, 1, false),
                standing("bob", 0, 1, 0, false),
            ],
            playing: vec![("alice".into(), "bob".into())],
            bye: None,
        });
        let rows = vec![
            row(1, "alice", Doing::Match { with: "bob".into() }, None, StudentSummary::default()),
            row(2, "bob", Doing::Match { with: "alice".into() }, None, StudentSummary::default()),
            row(3, "carol", Doing::Lobby, None, StudentSummary::default()),
        ];
        let join = Join::default();
        let draw_with = |language, projector, tournament: Option<std::sync::Arc<Snapshot>>, choosing| {
            let view = View {
                me: "mrslee",
                rows: &rows,
                chosen: None,
                note: None,
                assignment: &None,
                projector,
                join: &join,
                draft: crate::lobby::Draft::default(),
                tournament,
                choosing,
                game: Some(("nim".into(), "misere".into())),
            };
            let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("a test terminal");
            terminal.draw(|frame| draw(frame, &view, &Look { language, ..Look::default() })).expect("drawn");
            crate::lobby_view::tests::screen_text(terminal.backend().buffer())
        };
        let swiss = Plan { kind: TournamentKind::Swiss, ..Plan::default() };
        let choice = draw_with(Language::English, false, None, Some(swiss));
        for whole in [
            "New tournament",
            "Arena, 10 min",
            "Round robin",
            "Swiss, 3 rounds",
            "the one student in the lobby now",
        ] {
            assert!(choice.contains(whole), "{whole:?}:\n{choice}");
        }
        assert!(choice.contains("Nim, misère"), "{choice}");
        for projector in [false, true] {
            let screen = draw_with(Language::English, projector, Some(snapshot.clone()), None);
            for whole in ["Arena · Nim, normal play · 10 min · 1 game in play", "Points", "on fire"] {
                assert!(screen.contains(whole), "{whole:?}:\n{screen}");
            }
            let carol =
                screen.lines().find(|l| l.contains("carol") && l.contains('8')).expect("carol's line");
            let figures: Vec<&str> = carol
                .split(|c: char| c.is_whitespace() || c == '│')
                .filter(|w| w.parse::<u32>().is_ok())
                .collect();
            assert_eq!(figures, ["1", "8", "3", "3"], "{carol}");
        }
        let chinese = draw_with(Language::SimplifiedChinese, true, Some(snapshot), None);
        for whole in ["竞技场", "积分", "连胜中"] {
            assert!(chinese.contains(whole), "{whole:?}:\n{chinese}");
        }
        for english in ["Arena", "Points", "on fire", "in play"] {
            assert!(!chinese.contains(english), "{english:?}:\n{chinese}");
        }
        let choice = draw_with(Language::SimplifiedChinese, false, None, Some(Plan::default()));
        for english in ["Arena", "Swiss", "students", "min"] {
            assert!(!choice.contains(english), "{english:?}:\n{choice}");
        }
    }

    #[test]
    fn the_podium_ranks_by_wins_then_accuracy_compared_exactly() {
        let rows = vec![
            row(1, "a", Doing::Lobby, None, summary(2, 0, 1, 3, None)),
            row(2, "b", Doing::Lobby, None, summary(2, 0, 2, 6, None)),
            row(3, "c", Doing::Lobby, None, summary(3, 5, 0, 9, None)),
            row(4, "d", Doing::Lobby, None, StudentSummary::default()),
            row(5, "e", Doing::Lobby, None, summary(2, 0, 3, 4, None)),
        ];
        let names: Vec<&str> = ranked(&rows).iter().map(|r| r.name.as_str()).collect();
        // a and b are level at 1/3 = 2/6: the fewer games, then the name, decide.
        assert_eq!(names, ["c", "e", "a", "b"]);
        assert_eq!(accuracy((0, 0)), "—");
        assert_eq!(accuracy((2, 3)), "67% (2/3)");
    }
}
