//! Drawing: a pure function of the app's state and the look (theme, glyphs, key labels). Nothing
//! here changes state; the board's geometry is shared with the mouse so a click lands on what the
//! player sees.

mod binary;
mod board;
mod learn;
mod start;
mod theory;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{Action, App, Command, Msg, Overlay, Screen};
use crate::keys::Keymap;
use crate::theme::{Glyphs, Theme};

pub use board::{BoardLayout, HeapRow, board_layout, board_layout_with, number};

/// How things look: the theme, the glyphs and the keys as configured.
#[derive(Debug, Clone)]
pub struct Look {
    pub theme: Theme,
    /// Every symbol drawn: `glyphs.token` (`●`, or `o` in ASCII), `marked` (`○`, `x`), `cursor`
    /// (`▶`, `>`), `overflow` (`⋯`, `~`), `xor` (`⊕`, `^`), `ellipsis` (`…`, `...`), `separator`
    /// (`·`, `|`), `divider` (`│`, `|`), `rule` (`─`, `-`), `previous` and `next` (`◀ ▶`, `< >`),
    /// `caret` (`▏`, `_`), `check` and `cross` (`✓ ✗`, `+ x`), `block` and `shade` for big tokens
    /// (`█ ▒`, `# :`), `border` (box lines, `+-|`).
    pub glyphs: Glyphs,
    /// The keys bound to each action, as the help overlay shows them.
    pub keys: Vec<(Action, Vec<String>)>,
    /// The start screen's title art.
    pub title: String,
}

impl Default for Look {
    /// The `dark` theme, Unicode glyphs and the default keys.
    fn default() -> Self {
        let glyphs = Glyphs::unicode();
        Look {
            theme: Theme::default(),
            glyphs,
            keys: Look::key_labels(&Keymap::default()),
            title: "N I M".into(),
        }
    }
}

impl Look {
    /// This look drawn with `glyphs`; in ASCII the arrow keys are named too (`↑` is `Up`).
    pub fn with_glyphs(self, glyphs: Glyphs) -> Look {
        let ascii = |label: String| {
            label.replace('↑', "Up").replace('↓', "Down").replace('←', "Left").replace('→', "Right")
        };
        let keys = if glyphs.ascii {
            self.keys
                .into_iter()
                .map(|(action, labels)| (action, labels.into_iter().map(ascii).collect()))
                .collect()
        } else {
            self.keys
        };
        Look { glyphs, keys, ..self }
    }

    /// The keys bound to each action, as people read them, in the order the help lists them.
    pub fn key_labels(keymap: &Keymap) -> Vec<(Action, Vec<String>)> {
        Action::ALL
            .iter()
            .map(|&action| (action, keymap.keys_for(action).iter().map(|k| k.pretty()).collect()))
            .collect()
    }

    /// The first key bound to `action`, for the short hints on screen.
    pub fn key(&self, action: Action) -> String {
        self.keys
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, keys)| keys.first().cloned())
            .unwrap_or_else(|| "(unbound)".into())
    }
}

/// The smallest terminal the game draws in; below it a short message asks for more room.
pub const MIN_WIDTH: u16 = 44;

/// The largest screen the game draws, in columns and rows: a larger window is drawn as this size,
/// in its top-left corner. Everything the drawing keeps is sized by the screen (ratatui's two
/// buffers, the start menu's scratch buffer), so without a limit a window of 65535x65535 would ask
/// for hundreds of gigabytes. The largest layout, 16 heaps of tokens at their largest scale with
/// every panel open, needs well under this (about 300 columns and 100 rows).
pub const MAX_WIDTH: u16 = 500;
/// See [`MAX_WIDTH`].
pub const MAX_HEIGHT: u16 = 200;

/// `area` cut down to at most [`MAX_WIDTH`] by [`MAX_HEIGHT`], keeping its corner.
pub fn clamp(area: Rect) -> Rect {
    Rect { width: area.width.min(MAX_WIDTH), height: area.height.min(MAX_HEIGHT), ..area }
}

/// A terminal's size cut down to at most [`MAX_WIDTH`] by [`MAX_HEIGHT`].
pub fn clamp_size(size: ratatui::layout::Size) -> ratatui::layout::Size {
    ratatui::layout::Size { width: size.width.min(MAX_WIDTH), height: size.height.min(MAX_HEIGHT) }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, look: &Look) {
    View { app, look }.render(frame.area(), frame.buffer_mut());
}

/// The app as a widget.
pub struct View<'a> {
    pub app: &'a App,
    pub look: &'a Look,
}

impl Widget for View<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let View { app, look } = self;
        if !fits(app, area) {
            too_small(area, buf, look, min_height(app));
            return;
        }
        match &app.screen {
            Screen::Start(menu) => start::render(menu, app, look, area, buf),
            Screen::Learn(lesson) => learn::render(lesson, app, look, area, buf),
            _ => board::render(app, look, area, buf),
        }
        match app.overlay {
            Some(Overlay::Help { scroll }) => help_overlay(app, look, scroll, area, buf),
            Some(Overlay::Confirm(question)) => confirm_overlay(app.question(question), look, area, buf),
            Some(Overlay::Rules) => {
                let kind = match &app.screen {
                    Screen::Start(menu) => menu.game.kind,
                    _ => app.game().map_or(app.setup.game, |game| game.rules.kind),
                };
                rules_overlay(kind, look, area, buf)
            }
            None => {}
        }
        if look.glyphs.ascii {
            ascii_only(area, buf);
        }
    }
}

/// With the ASCII glyphs, whatever else was drawn (frames, arrows, the engine's `⊕`, the `è` of
/// misère, a player's name) is brought down to ASCII too, cell by cell, so a terminal without
/// UTF-8 never receives a byte it cannot show.
fn ascii_only(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let symbol = buf[(x, y)].symbol();
            if !symbol.is_ascii() {
                let wide = Span::raw(symbol).width() == 2 && x + 1 < area.right();
                let plain = symbol.chars().next().map(ascii_for).unwrap_or(' ');
                buf[(x, y)].set_char(plain);
                if wide {
                    // The cell a wide character spilled into gets a character of its own.
                    x += 1;
                    buf[(x, y)].set_char(' ');
                }
            }
            x += 1;
        }
    }
}

/// The ASCII stand-in for a character drawn in one cell.
fn ascii_for(c: char) -> char {
    match c {
        '─' | '━' | '┄' | '┈' | '╌' => '-',
        '│' | '┃' | '┆' | '┊' | '╎' | '▏' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╭' | '╮' | '╯' | '╰' => {
            '+'
        }
        '▶' | '→' | '›' | '»' => '>',
        '◀' | '←' | '‹' | '«' => '<',
        '↑' | '⊕' => '^',
        '↓' => 'v',
        '●' | '○' => 'o',
        '█' | '▓' => '#',
        '▒' | '░' => ':',
        '⋯' | '…' => '~',
        '·' | '•' => '|',
        '✓' => '+',
        '✗' | '×' => 'x',
        '−' | '–' | '—' => '-',
        '‘' | '’' => '\'',
        '“' | '”' => '"',
        'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'À' | 'Á' | 'Â' | 'Ä' | 'Ã' | 'Å' => 'A',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'È' | 'É' | 'Ê' | 'Ë' => 'E',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        _ => '?',
    }
}

/// Whether the current screen can be drawn in `area`; while it cannot, only quitting works.
pub fn fits(app: &App, area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= min_height(app)
}

/// The height the current screen needs.
pub fn min_height(app: &App) -> u16 {
    match (&app.screen, app.game()) {
        (_, Some(game)) => board::min_height(game),
        (Screen::Learn(_), _) => learn::MIN_HEIGHT,
        _ => start::MIN_HEIGHT,
    }
}

/// What a click at (`column`, `row`) means, given the screen `area`.
pub fn click(app: &App, look: &Look, area: Rect, column: u16, row: u16) -> Option<Msg> {
    if app.overlay.is_some() || !fits(app, area) {
        return None;
    }
    let game = match &app.screen {
        Screen::Play(play) => &play.game,
        Screen::Puzzle(puzzle) => &puzzle.game,
        Screen::Start(menu) => return start::click(menu, app, look, area, column, row),
        _ => return None,
    };
    board::hit(game, app.panels, area, column, row)
}

/// The key line: each command the screen shows there, with its keys as configured, in at most
/// `width` columns. Paired commands share one entry (`←/→ count`). When the line does not fit,
/// entries give way from the middle, so the first ones (the screen's own) and the last one (quit)
/// stay longest.
pub fn key_line(commands: &[Command], look: &Look, width: usize) -> String {
    let mut entries = key_entries(commands, look);
    let separator = format!(" {} ", look.glyphs.separator);
    let joined = |entries: &[String]| entries.join(&separator);
    // First the middle goes (keeping the two first and the two last), then the one before last.
    while Span::raw(joined(&entries)).width() > width && entries.len() > 4 {
        entries.remove(entries.len() - 3);
    }
    while Span::raw(joined(&entries)).width() > width && entries.len() > 2 {
        entries.remove(entries.len() - 2);
    }
    if Span::raw(joined(&entries)).width() > width {
        return String::new();
    }
    joined(&entries)
}

/// The key line's entries over as many lines of at most `width` columns as they need.
pub fn key_lines(commands: &[Command], look: &Look, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for entry in key_entries(commands, look) {
        match lines.last_mut() {
            Some(line) if Span::raw(format!("{line} {} {entry}", look.glyphs.separator)).width() <= width => {
                line.push_str(&format!(" {} ", look.glyphs.separator));
                line.push_str(&entry);
            }
            _ => lines.push(entry),
        }
    }
    lines
}

/// `←/→ count`, `Enter take`...: each enabled command the key line shows, with its keys.
fn key_entries(commands: &[Command], look: &Look) -> Vec<String> {
    let pairs = [(Action::Less, Action::More), (Action::Up, Action::Down)];
    commands
        .iter()
        .filter(|c| c.enabled)
        .filter_map(|c| {
            let short = c.short?;
            let first = first_key(look, c)?;
            let partner = pairs.iter().find(|(a, _)| *a == c.action).map(|(_, b)| *b);
            let partner = partner.and_then(|b| commands.iter().find(|o| o.action == b && o.enabled));
            let keys = match partner.and_then(|o| first_key(look, o)) {
                Some(second) => format!("{first}/{second}"),
                None => first,
            };
            Some(format!("{keys} {short}"))
        })
        .collect()
}

/// The first key of `command` for the key line: "(unbound)" when it has none, nothing at all when
/// its keys only type into the focused field.
fn first_key(look: &Look, command: &Command) -> Option<String> {
    match keys_now(look, command).into_iter().next() {
        Some(key) => Some(key),
        None if command.typing => None,
        None => Some("(unbound)".into()),
    }
}

/// The keys that give `command` now, as labelled: all its keys, or while a text field takes what
/// is typed ([`Command::typing`]) those that type no character (not `k`, `-`, `Space`).
fn keys_now(look: &Look, command: &Command) -> Vec<String> {
    let types = |label: &str| {
        let plain = label.strip_prefix("Shift-").unwrap_or(label);
        plain == "Space" || (plain.chars().count() == 1 && !matches!(plain, "↑" | "↓" | "←" | "→"))
    };
    look.keys
        .iter()
        .find(|(a, _)| *a == command.action)
        .map(|(_, keys)| keys.iter().filter(|k| !(command.typing && types(k))).cloned().collect())
        .unwrap_or_default()
}

fn too_small(area: Rect, buf: &mut Buffer, look: &Look, needed: u16) {
    let text = vec![
        Line::styled("Enlarge the terminal", look.theme.strong(look.theme.error)),
        Line::styled(
            format!("need {}×{}, have {}×{}", MIN_WIDTH, needed, area.width, area.height),
            look.theme.fg(look.theme.dim),
        ),
        Line::styled(format!("{} quits", look.key(Action::Quit)), look.theme.fg(look.theme.dim)),
    ];
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
}

/// A question before something that cannot be taken back, with the keys that answer it.
fn confirm_overlay(question: &str, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let keys = format!("{} or y: yes · {} or n: no", look.key(Action::Take), look.key(Action::Quit));
    let lines = vec![
        Line::styled(question, theme.strong(theme.text)).centered(),
        Line::raw(""),
        Line::styled(keys, theme.fg(theme.dim)).centered(),
    ];
    let width = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 6).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_style(theme.strong(theme.error)))
        .render(popup, buf);
}

/// The rules of both conventions on one page.
fn rules_overlay(kind: crate::engine::GameKind, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let lines: Vec<Line> = crate::app::rules_of(kind)
        .into_iter()
        .flat_map(|rule| [Line::styled(rule, theme.fg(theme.text)), Line::raw("")])
        .collect();
    let width = area.width.min(72);
    // Each rule wraps within the frame and its padding.
    let room = usize::from(width.saturating_sub(4)).max(1);
    let rows: usize = lines.iter().map(|line| (line.width() + room / 4).div_ceil(room).max(1)).sum();
    let popup =
        area.centered(Constraint::Length(width), Constraint::Length((rows as u16 + 3).min(area.height)));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .title(" Rules ")
                .title_bottom(
                    Line::from(format!(
                        " {} keys · {} closes ",
                        look.key(Action::Less),
                        look.key(Action::Help)
                    ))
                    .right_aligned(),
                )
                .border_style(theme.fg(theme.accent).add_modifier(Modifier::BOLD))
                .padding(ratatui::widgets::Padding::horizontal(1)),
        )
        .render(popup, buf);
}

/// The help: the commands of the screen beneath, each with its keys, scrolled when it does not fit.
fn help_overlay(app: &App, look: &Look, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let commands = app.screen_commands();
    let mut rows: Vec<(String, String, bool)> = Vec::new();
    let mut seen = Vec::new();
    for command in &commands {
        // One line per action: the first label a screen gives it.
        if seen.contains(&command.action) {
            continue;
        }
        seen.push(command.action);
        let keys = keys_now(look, command);
        // While typing, a command whose every key types a character cannot be given at all.
        if command.typing && keys.is_empty() {
            continue;
        }
        rows.push((keys.join(" "), command.label.to_string(), command.enabled));
    }
    let typing = commands.iter().any(|c| c.action == Action::Erase);
    if typing && app.game().is_some() {
        rows.push(("0-9".into(), "type the count (for huge heaps)".into(), true));
    }
    if matches!(app.screen, Screen::Play(_) | Screen::Puzzle(_)) {
        rows.push((
            "mouse".into(),
            "click a token: choose it and all after it; click again to take".into(),
            true,
        ));
    }
    rows.push(("ctrl-c".into(), "quit at once".into(), true));
    let key_width = rows.iter().map(|(k, _, _)| k.chars().count()).max().unwrap_or(8).max(9);
    let lines: Vec<Line> = rows
        .iter()
        .map(|(keys, label, enabled)| {
            let label_style = if *enabled { theme.fg(theme.text) } else { theme.fg(theme.dim) };
            Line::from(vec![
                Span::styled(format!(" {keys:<key_width$}  "), theme.strong(theme.accent)),
                Span::styled(label.clone(), label_style),
            ])
        })
        .collect();
    let width = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let inner_rows = height.saturating_sub(2);
    let hidden = (lines.len() as u16).saturating_sub(inner_rows);
    let scroll = scroll.min(hidden);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    let more = if scroll < hidden { format!(" ↓ {} more ", hidden - scroll) } else { String::new() };
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(
            Block::bordered()
                .title(" Keys ")
                .title_bottom(Line::from(more).left_aligned())
                .title_bottom(
                    Line::from(format!(
                        " {} rules · {} closes ",
                        look.key(Action::More),
                        look.key(Action::Help)
                    ))
                    .right_aligned(),
                )
                .border_style(theme.fg(theme.accent).add_modifier(Modifier::BOLD)),
        )
        .render(popup, buf);
}
