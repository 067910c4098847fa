//! The start screen: mode, starting heaps, who moves first, the AI's level, the opponent, and Start.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::app::{Action, App, HeapOption, Msg, StartMenu, StartRow};
use crate::domain::Stats;
use crate::domain::{First, HeapChoice, Opponent, Seat};
use crate::engine::Mode;

use super::key_line::key_line;
use super::look::Look;
use super::text::{cut, wrapped_rows};
use crate::domain::Names;
use crate::i18n::Language;
use crate::i18n::{Arg, text, text_with};
use unicode_width::UnicodeWidthStr;

/// Rows the start screen needs: as few as a game's (the smallest terminal the game draws in); below
/// the menu's own height the menu scrolls, keeping the focused row in view, and its frame says how
/// many lines are above and below.
pub const MIN_HEIGHT: u16 = super::layout::MIN_HEIGHT;

pub fn render(menu: &StartMenu, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    draw(menu, app, look, area, buf);
}

/// What a click at (`column`, `row`) on the start screen means: a row is focused, a choice changes
/// (the arrow before it goes back, anywhere else on it goes forward), an entry is opened.
pub fn click(menu: &StartMenu, app: &App, look: &Look, area: Rect, column: u16, row: u16) -> Option<Msg> {
    // The geometry comes from drawing itself, into a scratch buffer, so it cannot drift from it.
    let mut scratch = Buffer::empty(area);
    let rows = draw(menu, app, look, area, &mut scratch);
    let &(clicked, line) =
        rows.iter().find(|(_, line)| line.y == row && (line.x..line.right()).contains(&column))?;
    let action = match clicked {
        StartRow::Start | StartRow::Resume | StartRow::Puzzles | StartRow::Learn => Some(Action::Take),
        StartRow::Heaps if menu.heap_option == HeapOption::Custom => None,
        StartRow::Name1 | StartRow::Name2 => None,
        // The first click on a choice focuses it; then "◀" goes back and the rest goes forward.
        _ if menu.row != clicked => None,
        _ if column < line.x + 2 + 12 + 2 => Some(Action::Less),
        _ => Some(Action::More),
    };
    Some(Msg::Choose { row: clicked, action })
}

/// The title's letters drawn with characters every terminal draws one column wide (assets/
/// title-plain.txt): the block letters of assets/title.txt are of East-Asian ambiguous width, and
/// the ASCII and CJK glyph passes would turn them into `###+`.
const PLAIN_TITLE: &str = include_str!("../../assets/title-plain.txt");

/// The title drawn in place of the block letters under the ASCII or CJK glyphs: the plain
/// letters, and under them the game's name in the screen's language when it is in another
/// script (尼 姆 游 戏), spaced as a title. `None` where the block letters are drawn as they are,
/// or the title is not the game's own.
fn plain_title(look: &Look) -> Option<Vec<String>> {
    if !(look.glyphs.cjk || look.glyphs.ascii) || look.title != crate::theme::TITLE {
        return None;
    }
    let mut lines: Vec<String> = PLAIN_TITLE.lines().map(str::to_string).collect();
    let name = crate::words::title(look.language, crate::engine::GameKind::Nim);
    if !look.glyphs.ascii && !name.is_ascii() {
        lines.push(name.chars().map(String::from).collect::<Vec<_>>().join("  "));
    }
    Some(lines)
}

/// Draws the start screen and answers where each row of the menu was drawn.
fn draw(menu: &StartMenu, app: &App, look: &Look, area: Rect, buf: &mut Buffer) -> Vec<(StartRow, Rect)> {
    let theme = &look.theme;
    let stats: Option<&Stats> = app.stats.as_ref();
    let notices = &app.notices;
    // Notices (a data file moved aside) go at the top, above everything else.
    let notice_lines: Vec<Line> = app
        .other_window
        .iter()
        .map(|other| Line::styled(other.words(look.language), theme.strong(theme.warning)))
        .chain(notices.iter().map(|n| {
            Line::styled(
                text_with(look.language, "start-note", &[("note", n.as_str().into())]),
                theme.fg(theme.error),
            )
        }))
        .collect();
    let width = usize::from(area.width.max(1));
    // Wrapping breaks at words, so allow a little more than the bare division.
    let wrapped: usize = notice_lines.iter().map(|l| wrapped_rows(l.width(), width)).sum();
    let notice_height = (wrapped as u16).min(area.height.saturating_sub(MIN_HEIGHT));
    let [notice_area, area] =
        Layout::vertical([Constraint::Length(notice_height), Constraint::Fill(1)]).areas(area);
    Paragraph::new(notice_lines).wrap(Wrap { trim: true }).render(notice_area, buf);

    // The menu grows with the terminal, to a width still easy to read across.
    let box_width = area.width.saturating_sub(4).clamp(MENU_WIDTH.min(area.width), MENU_WIDTH_MAX);
    let inner = usize::from(box_width).saturating_sub(2);
    let row_line = |row: StartRow, label: &str, value: Vec<Span<'static>>| {
        let focused = menu.row == row;
        let marker = if focused { format!("{} ", look.glyphs.cursor) } else { "  ".to_string() };
        let label_style = if focused { theme.strong(theme.selected) } else { theme.fg(theme.text) };
        let label = if label.is_empty() { String::new() } else { padded(label, LABEL_WIDTH) };
        let mut spans = vec![Span::styled(format!("{marker}{label}"), label_style)];
        let choice = !matches!(
            row,
            StartRow::Start
                | StartRow::Resume
                | StartRow::Puzzles
                | StartRow::Learn
                | StartRow::Name1
                | StartRow::Name2
        );
        // A game without misère has one mode: nothing to change.
        let choice = choice && !(row == StartRow::Mode && menu.mode_fixed());
        if focused && choice {
            spans.push(Span::styled(format!("{} ", look.glyphs.previous), theme.fg(theme.dim)));
        }
        // A row too long for the menu keeps its arrows round the choice, before the description
        // (the last span), which then wraps (see `fit_row`).
        let described =
            value.len() >= 2 && !(row == StartRow::Heaps && menu.heap_option == HeapOption::Custom);
        let width: usize = spans.iter().chain(&value).map(Span::width).sum::<usize>() + 2;
        let before_note = described && width > inner;
        let mut value = value.into_iter();
        if before_note {
            spans.extend(value.next());
            if focused && choice {
                spans.push(Span::styled(format!(" {}", look.glyphs.next), theme.fg(theme.dim)));
            }
        }
        spans.extend(value);
        if focused && choice && !before_note {
            spans.push(Span::styled(format!(" {}", look.glyphs.next), theme.fg(theme.dim)));
        }
        Line::from(spans)
    };

    // The rule beside the mode only when it fits on the row.
    let mode_words = 18
        + mode_name(look.language, menu.mode).width()
        + 2
        + crate::words::mode_rule(look.language, menu.mode).width();
    let rule = if mode_words <= inner {
        format!("  {}", crate::words::mode_rule(look.language, menu.mode))
    } else {
        String::new()
    };
    let mode_value = match menu.mode_fixed() {
        true => vec![
            Span::styled(mode_name(look.language, Mode::Normal), theme.strong(theme.text)),
            Span::styled(format!("  {}", text(look.language, "start-mode-normal-only")), theme.fg(theme.dim)),
        ],
        false => vec![
            Span::styled(mode_name(look.language, menu.mode), theme.strong(theme.text)),
            Span::styled(rule, theme.fg(theme.dim)),
        ],
    };
    let game_title = menu.game.title(look.language);
    let game_rule = format!("  {}", menu.game.rule(look.language));
    // The description is never cut: what does not fit wraps under the value (see `fit_row`).
    let game_value = vec![
        Span::styled(game_title.clone(), theme.strong(theme.text)),
        Span::styled(game_rule, theme.fg(theme.dim)),
    ];
    let heaps_value = match menu.heap_option {
        HeapOption::Preset(preset) => {
            // What the preset becomes in a game played on other heaps (Wythoff's two, Fibonacci's one).
            let fitted = crate::domain::fit_heaps(menu.game.kind, preset.heaps().to_vec());
            let note = match fitted.as_slice() == preset.heaps() {
                true => String::new(),
                false => format!(
                    "  {}",
                    text_with(
                        look.language,
                        "start-heaps-fitted",
                        &[
                            ("arrow", look.glyphs.next.as_str().into()),
                            (
                                "heaps",
                                crate::words::fitted_heaps(look.language, menu.game.kind, &fitted).into()
                            )
                        ]
                    )
                ),
            };
            vec![
                Span::styled(preset_name(look.language, preset), theme.strong(theme.text)),
                Span::styled(note, theme.fg(theme.dim)),
            ]
        }
        HeapOption::Random => {
            let ranges = match &menu.random {
                HeapChoice::Random { count, size } => format!(
                    "  {}",
                    text_with(
                        look.language,
                        "start-random-ranges",
                        &[
                            ("fewest", count.0.into()),
                            ("most", count.1.into()),
                            ("least", size.0.into()),
                            ("largest", size.1.into()),
                        ]
                    )
                ),
                other => format!("  {other}"),
            };
            // What random heaps become in a game played on other heaps.
            let kind = menu.game.kind;
            let start = kind.describe().start;
            let arrow = ("arrow", Arg::from(look.glyphs.next.as_str()));
            let note = match (start.heaps, start.most) {
                (Some(1), _) => text_with(look.language, "start-random-one-heap", &[arrow]),
                (Some(n), _) => text_with(look.language, "start-random-first", &[arrow, ("n", n.into())]),
                (None, Some(most)) => {
                    text_with(look.language, "start-random-at-most", &[arrow, ("n", most.into())])
                }
                (None, None) => String::new(),
            };
            vec![
                Span::styled(text(look.language, "start-heaps-random-choice"), theme.strong(theme.text)),
                Span::styled(format!("{ranges}{note}"), theme.fg(theme.dim)),
            ]
        }
        HeapOption::Custom => {
            let cursor = if menu.row == StartRow::Heaps { look.glyphs.caret.as_str() } else { "" };
            let label = text(look.language, "start-heaps-custom");
            let typed = if menu.custom.is_empty() && menu.row != StartRow::Heaps {
                Span::styled(text(look.language, "start-heaps-custom-empty"), theme.fg(theme.dim))
            } else {
                // A long entry scrolls within its field: the end, where typing happens, stays in view.
                let room = inner.saturating_sub(2 + 12 + 2 + label.width() + 1 + 2 + 1);
                Span::styled(format!("{}{cursor}", tail(&menu.custom, room)), theme.strong(theme.text))
            };
            // A full-width colon holds its own gap; after a half-width one, a space.
            let gap = if label.ends_with('：') { "" } else { " " };
            vec![Span::styled(format!("{label}{gap}"), theme.strong(theme.text)), typed]
        }
    };
    let two = menu.opponent == Opponent::Human;
    let first_value = vec![Span::styled(
        match (menu.first, two) {
            (First::You, false) => text(look.language, "players-you"),
            (First::Ai, false) => text(look.language, "players-ai"),
            (First::Random, false) => text(look.language, "start-first-random"),
            (First::You, true) => Names::shown_name(look.language, &menu.names[0], 0).to_string(),
            (First::Ai, true) => Names::shown_name(look.language, &menu.names[1], 1).to_string(),
            (First::Random, true) => text(look.language, "start-first-coin-toss"),
        },
        theme.strong(theme.text),
    )];
    let name_value = |i: usize| {
        let focused = menu.name_field() == Some(i);
        let cursor = if focused { look.glyphs.caret.as_str() } else { "" };
        match menu.placeholder[i] {
            // The default name is a placeholder: dim, the caret before it, as typing replaces it.
            true if focused => vec![
                Span::styled(cursor.to_string(), theme.strong(theme.text)),
                Span::styled(
                    Names::shown_name(look.language, &menu.names[i], i).to_string(),
                    theme.fg(theme.dim),
                ),
                Span::styled(crate::words::name_placeholder(look.language), theme.fg(theme.dim)),
            ],
            true => vec![Span::styled(
                Names::shown_name(look.language, &menu.names[i], i).to_string(),
                theme.fg(theme.dim),
            )],
            false => vec![Span::styled(format!("{}{cursor}", menu.names[i]), theme.strong(theme.text))],
        }
    };
    let level_value = vec![
        Span::styled(level_name(look.language, menu.level), theme.strong(theme.text)),
        Span::styled(format!("  {}", level_note(look.language, menu.level)), theme.fg(theme.dim)),
    ];
    let opponent_value = match menu.opponent {
        Opponent::Ai => vec![Span::styled(text(look.language, "players-ai"), theme.strong(theme.text))],
        Opponent::Human => vec![
            Span::styled(text(look.language, "start-opponent-human"), theme.strong(theme.text)),
            Span::styled(
                format!("  {}", text(look.language, "start-opponent-human-note")),
                theme.fg(theme.dim),
            ),
        ],
    };
    let start_style = if menu.row == StartRow::Start {
        theme.strong(theme.you).add_modifier(Modifier::REVERSED)
    } else {
        theme.strong(theme.you)
    };

    // Learn's button is as wide as Puzzles' above it.
    let puzzles_width = text(look.language, "start-puzzles").width();
    let mut lines = Vec::new();
    // Where each row of the menu stands among the lines, for the mouse.
    let mut placed: Vec<(StartRow, usize)> = Vec::new();
    if let Some(saved) = &menu.resume {
        let heaps = saved.heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let turn = match saved.players() {
            players @ crate::domain::Players::Hotseat(_) => text_with(
                look.language,
                "start-resume-turn-of",
                &[("name", players.name(look.language, saved.turn).into())],
            ),
            _ if saved.turn == Seat::First => text(look.language, "start-resume-your-turn"),
            _ => text(look.language, "start-resume-ai-turn"),
        };
        let mut details = vec![
            ("mode", Arg::from(mode_name(look.language, saved.mode))),
            ("heaps", Arg::from(heaps)),
            ("turn", Arg::from(turn)),
        ];
        let details = match saved.game.parse::<crate::engine::GameKind>() {
            // The default game goes without saying.
            Ok(kind) if kind != crate::engine::GameKind::default() => {
                details.push(("game", crate::words::title(look.language, kind).into()));
                details.push(("name", crate::words::menu_title(look.language, kind).into()));
                details.push(("word", crate::words::heap(look.language, kind).into()));
                text_with(look.language, "start-resume-game-details", &details)
            }
            Ok(_) | Err(_) => text_with(look.language, "start-resume-details", &details),
        };
        let style = if menu.row == StartRow::Resume {
            theme.strong(theme.you).add_modifier(Modifier::REVERSED)
        } else {
            theme.strong(theme.you)
        };
        placed.push((StartRow::Resume, lines.len()));
        lines.push(row_line(
            StartRow::Resume,
            "",
            vec![
                Span::styled(format!("  {}  ", text(look.language, "start-resume")), style),
                // Many heaps are cut, with a mark, rather than pushing the menu down.
                Span::styled(
                    cut(&format!("  {details}"), inner.saturating_sub(12), &look.glyphs.ellipsis),
                    theme.fg(theme.text),
                ),
            ],
        ));
        lines.push(Line::raw(""));
    }
    // Blank lines between the settings when there is room for them, none in a short terminal.
    let settings: Vec<StartRow> = menu
        .rows()
        .into_iter()
        .filter(|r| !matches!(r, StartRow::Resume | StartRow::Start | StartRow::Puzzles))
        .collect();
    // Spacing goes last of all: before it, the title and the record give way.
    let mut values = [
        (StartRow::Game, text(look.language, "start-row-game"), game_value),
        (StartRow::Mode, text(look.language, "start-row-mode"), mode_value),
        (StartRow::Heaps, text(look.language, "start-row-heaps"), heaps_value),
        (StartRow::First, text(look.language, "start-row-first"), first_value),
        (StartRow::Level, text(look.language, "start-row-level"), level_value),
        (StartRow::Opponent, text(look.language, "start-row-opponent"), opponent_value),
        (StartRow::Name1, text(look.language, "players-default-1"), name_value(0)),
        (StartRow::Name2, text(look.language, "players-default-2"), name_value(1)),
    ];
    // The lines the descriptions wrap onto, and a refusal's, count before the spacing does.
    let wrapped: usize = values
        .iter()
        .filter(|(row, _, _)| settings.contains(row))
        .map(|(row, label, value)| fit_row(row_line(*row, label, value.clone()), inner).len() - 1)
        .sum();
    let error_lines = menu.error.as_ref().map_or(0, |e| {
        1 + wrap_words(&e.text(look.language), inner.saturating_sub(4), inner.saturating_sub(4)).len()
    });
    let extra = if menu.resume.is_some() { 2 } else { 0 } + wrapped + error_lines;
    let spaced = usize::from(area.height) >= 2 * settings.len() + 6 + extra;
    for row in settings {
        if let Some((_, label, value)) = values.iter_mut().find(|(r, _, _)| *r == row) {
            placed.push((row, lines.len()));
            lines.extend(fit_row(row_line(row, label, std::mem::take(value)), inner));
            if spaced {
                lines.push(Line::raw(""));
            }
        }
    }
    for (i, row) in [StartRow::Start, StartRow::Puzzles, StartRow::Learn].into_iter().enumerate() {
        placed.push((row, lines.len() + i));
    }
    lines.extend([
        row_line(
            StartRow::Start,
            "",
            vec![Span::styled(format!("  {}  ", text(look.language, "start-start")), start_style)],
        ),
        row_line(
            StartRow::Puzzles,
            "",
            vec![
                Span::styled(
                    format!("  {}  ", text(look.language, "start-puzzles")),
                    if menu.row == StartRow::Puzzles {
                        theme.strong(theme.hint).add_modifier(Modifier::REVERSED)
                    } else {
                        theme.strong(theme.hint)
                    },
                ),
                Span::styled(format!("  {}", text(look.language, "start-puzzles-note")), theme.fg(theme.dim)),
            ],
        ),
        row_line(
            StartRow::Learn,
            "",
            vec![
                Span::styled(
                    format!("  {}  ", padded(&text(look.language, "start-learn"), puzzles_width)),
                    if menu.row == StartRow::Learn {
                        theme.strong(theme.accent).add_modifier(Modifier::REVERSED)
                    } else {
                        theme.strong(theme.accent)
                    },
                ),
                // Left and right choose the lesson.
                Span::styled(
                    match (menu.row == StartRow::Learn, menu.course) {
                        (true, course) => format!(
                            "  {} {} {}  {}",
                            look.glyphs.previous,
                            course.title(look.language),
                            look.glyphs.next,
                            lesson_note(look.language, course)
                        ),
                        (false, course) => format!("  {}", lesson_note(look.language, course)),
                    },
                    theme.fg(theme.dim),
                ),
            ],
        ),
    ]);
    if let Some(error) = &menu.error {
        lines.push(Line::raw(""));
        // Every line of a long refusal keeps its margin from the frame.
        for part in wrap_words(&error.text(look.language), inner.saturating_sub(4), inner.saturating_sub(4)) {
            lines.push(Line::styled(format!("  {part}"), theme.strong(theme.error)));
        }
    }
    let menu_height = lines.len() as u16 + 2;
    let plain = plain_title(look);
    let title_lines: Vec<&str> = match &plain {
        Some(lines) => lines.iter().map(String::as_str).collect(),
        None => look.title.lines().collect(),
    };
    let title_height = title_lines.len() as u16 + 1;
    // What does not fit gives way: first the title, then the record.
    let mut content = menu_height + 1;
    let show_stats = stats.is_some() && area.height >= content + 3;
    content += if show_stats { 3 } else { 0 };
    let show_title = area.height >= content + title_height;
    content += if show_title { title_height } else { 0 };
    // Taller than the terminal: the menu scrolls, keeping the focused row in view.
    let room = area.height.saturating_sub(1).max(3);
    let menu_rows = menu_height.min(room);
    let focus_line = placed.iter().find(|(row, _)| *row == menu.row).map_or(0, |&(_, i)| i as u16);
    let seen = menu_rows.saturating_sub(2);
    let scroll = match menu_height > room {
        // The focused row stays a line from the edge, where there is one.
        true => (focus_line + 2).saturating_sub(seen).min(menu_height - room),
        false => 0,
    };
    let [title_area, menu_area, stats_area, keys_area] = Layout::vertical([
        Constraint::Length(if show_title { title_height } else { 0 }),
        Constraint::Length(menu_rows),
        Constraint::Length(if show_stats { 3 } else { 0 }),
        Constraint::Length(1),
    ])
    .areas(
        area.centered_horizontally(Constraint::Length(box_width))
            .centered_vertically(Constraint::Length(content.min(area.height))),
    );
    if show_title {
        let art: Vec<Line> =
            title_lines.iter().map(|l| Line::styled(*l, theme.strong(theme.accent)).centered()).collect();
        Paragraph::new(art).render(title_area, buf);
    }
    // A scrolled menu says on its frame how many lines are above and below, as the board does.
    let hidden_below = (menu_height - 2).saturating_sub(scroll + seen);
    let mut block = Block::bordered()
        .title(format!(" {} ", text(look.language, "start-title")))
        .border_style(theme.fg(theme.accent));
    if scroll > 0 {
        let mark = more_lines(look.language, "↑", scroll);
        block =
            block.title_top(Line::styled(format!(" {mark} "), theme.strong(theme.accent)).right_aligned());
    }
    if hidden_below > 0 {
        let mark = more_lines(look.language, "↓", hidden_below);
        block =
            block.title_bottom(Line::styled(format!(" {mark} "), theme.strong(theme.accent)).right_aligned());
    }
    Paragraph::new(lines).wrap(Wrap { trim: false }).scroll((scroll, 0)).block(block).render(menu_area, buf);
    if let (true, Some(stats)) = (show_stats, stats) {
        // The figures of the game chosen; another game than Nim is named.
        let kind = menu.game.kind;
        let line = |mode: Mode| {
            let s = stats.of(kind, mode);
            let name = match kind == crate::engine::GameKind::default() {
                true => mode_name(look.language, mode).to_string(),
                false => {
                    let id = match mode {
                        Mode::Normal => "start-stats-game-normal",
                        Mode::Misere => "start-stats-game-misere",
                    };
                    format!(
                        "{} ",
                        text_with(look.language, id, &[("game", menu.game.title(look.language).into())])
                    )
                }
            };
            let counts =
                [("played", Arg::from(s.played)), ("won", Arg::from(s.won)), ("lost", Arg::from(s.lost))];
            let mut all = counts.to_vec();
            all.extend([("streak", Arg::from(s.current_streak)), ("best", Arg::from(s.best_streak))]);
            let full = text_with(look.language, "start-stats", &all);
            // In a narrow terminal, the short form rather than a cut line.
            let figures = match name.width().max(12) + full.width() <= usize::from(area.width) {
                true => full,
                false => text_with(look.language, "start-stats-short", &counts),
            };
            Line::from(vec![
                Span::styled(padded(&name, 12), theme.fg(theme.dim)),
                Span::styled(figures, theme.fg(theme.text)),
            ])
            .centered()
        };
        let mut lines = vec![Line::raw(""), line(Mode::Normal)];
        if kind.has_misere() {
            lines.push(line(Mode::Misere));
        }
        Paragraph::new(lines).render(stats_area, buf);
    }

    let keys = key_line(&app.commands(), look, usize::from(area.width));
    Paragraph::new(Line::styled(keys, theme.fg(theme.dim)).centered())
        .wrap(Wrap { trim: true })
        .render(keys_area, buf);
    let inner = menu_area.inner(ratatui::layout::Margin::new(1, 1));
    let scroll = usize::from(scroll);
    placed
        .into_iter()
        .filter(|&(_, i)| i >= scroll && i - scroll < usize::from(inner.height))
        .map(|(row, i)| (row, Rect { y: inner.y + (i - scroll) as u16, height: 1, ..inner }))
        .collect()
}

/// The menu's width in a terminal of 80 columns, and the most it grows to in a wider one.
const MENU_WIDTH: u16 = 76;
const MENU_WIDTH_MAX: u16 = 120;

/// The columns of a row's label (a wide character counts two).
const LABEL_WIDTH: usize = 12;

/// Where a value starts on a row of the menu: after the cursor and the label.
const VALUE_COLUMN: usize = 2 + LABEL_WIDTH + 2;

/// A row of the menu within `inner` columns: as it is when it fits; else its last span (the dim
/// description after the value) wraps at words onto lines under the value, never cut.
fn fit_row(line: Line<'static>, inner: usize) -> Vec<Line<'static>> {
    if line.width() <= inner || line.spans.len() < 2 {
        return vec![line];
    }
    let mut spans = line.spans;
    let Some(note) = spans.pop() else { return Vec::new() };
    let before: usize = spans.iter().map(Span::width).sum();
    let style = note.style;
    let text = note.content.trim_start().to_string();
    let first_room = inner.saturating_sub(before + 2);
    let rest_room = inner.saturating_sub(VALUE_COLUMN).max(8);
    let mut parts = wrap_words(&text, first_room, rest_room).into_iter();
    let mut lines = Vec::new();
    // The first part stays on the row when a word fits there.
    let first = match text.split_whitespace().next() {
        Some(word) if unicode_width::UnicodeWidthStr::width(word) <= first_room => parts.next(),
        // Chinese breaks between characters: the row keeps what fits of it.
        Some(word)
            if word.chars().any(|c| unicode_width::UnicodeWidthChar::width(c) == Some(2))
                && first_room >= 2 =>
        {
            parts.next()
        }
        _ => None,
    };
    if let Some(first) = first {
        spans.push(Span::styled(format!("  {first}"), style));
        lines.push(Line::from(spans));
    } else {
        lines.push(Line::from(spans));
        parts = wrap_words(&text, rest_room, rest_room).into_iter();
    }
    let indent = " ".repeat(VALUE_COLUMN);
    lines.extend(parts.map(|part| Line::styled(format!("{indent}{part}"), style)));
    lines
}

/// `text` broken at spaces into lines of at most `first` columns, then `rest` columns; a word
/// longer than a line is broken within it.
fn wrap_words(text: &str, first: usize, rest: usize) -> Vec<String> {
    use super::text::{CLOSING, OPENING};
    use unicode_width::UnicodeWidthStr;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let room = |lines: &Vec<String>| if lines.is_empty() { first.max(1) } else { rest.max(1) };
    for word in text.split_whitespace() {
        let wanted = if line.is_empty() { word.width() } else { line.width() + 1 + word.width() };
        if wanted <= room(&lines) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        // Chinese (a run of wide characters) breaks between characters, so it goes on from where
        // the line stands rather than starting a line of its own.
        let wide = word.chars().any(|c| unicode_width::UnicodeWidthChar::width(c) == Some(2));
        if !line.is_empty() {
            match wide && line.width() + 1 + 2 <= room(&lines) {
                true => line.push(' '),
                false => lines.push(std::mem::take(&mut line)),
            }
        }
        // A word too long for a line of its own is broken where the line ends.
        for c in word.chars() {
            if line.width() + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) > room(&lines) {
                // No line starts with closing punctuation (`，` `、` `。`) nor ends with opening
                // (`（`): the character before it goes down with it.
                let last = line.chars().last();
                let carried = match last {
                    Some(l) if line.chars().count() > 1 && (CLOSING.contains(&c) || OPENING.contains(&l)) => {
                        line.pop()
                    }
                    _ => None,
                };
                lines.push(std::mem::take(&mut line));
                line.extend(carried);
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The mark on a scrolled menu's frame: `↓ 5 more` lines out of view below (or above).
fn more_lines(lang: Language, arrow: &str, count: u16) -> String {
    text_with(lang, "start-more", &[("arrow", arrow.into()), ("count", u64::from(count).into())])
}

/// What each lesson teaches, on the Learn row.
fn lesson_note(lang: Language, course: crate::app::Course) -> String {
    text(
        lang,
        match course {
            crate::app::Course::Nim => "start-learn-nim-note",
            crate::app::Course::SpragueGrundy => "start-learn-sprague-grundy-note",
        },
    )
}

/// A preset of heaps as the Heaps row names it: its heaps, and Marienbad's by the film's name.
fn preset_name(lang: Language, preset: crate::domain::Preset) -> String {
    match preset {
        crate::domain::Preset::Marienbad => text(lang, "start-heaps-marienbad"),
        other => other.title().to_string(),
    }
}

/// How well the AI plays, as the AI level row names it.
fn level_name(lang: Language, level: crate::domain::Level) -> String {
    text(
        lang,
        match level {
            crate::domain::Level::Perfect => "start-level-perfect",
            crate::domain::Level::Hard => "start-level-hard",
            crate::domain::Level::Medium => "start-level-medium",
            crate::domain::Level::Easy => "start-level-easy",
        },
    )
}

fn level_note(lang: Language, level: crate::domain::Level) -> String {
    text(
        lang,
        match level {
            crate::domain::Level::Perfect => "start-level-perfect-note",
            crate::domain::Level::Hard => "start-level-hard-note",
            crate::domain::Level::Medium => "start-level-medium-note",
            crate::domain::Level::Easy => "start-level-easy-note",
        },
    )
}

fn mode_name(lang: Language, mode: Mode) -> String {
    text(
        lang,
        match mode {
            Mode::Normal => "start-mode-normal",
            Mode::Misere => "start-mode-misere",
        },
    )
}

/// `text` followed by spaces up to `width` columns (a wide character counts two).
fn padded(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// The end of `typed` in at most `room` columns, after `…` when the start was left out: a long
/// entry scrolls within its field, keeping in view the end, where typing happens.
fn tail(typed: &str, room: usize) -> String {
    if typed.width() <= room {
        return typed.to_string();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 1;
    for c in typed.chars().rev() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > room.max(1) {
            break;
        }
        used += w;
        kept.push(c);
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}
