//! Drawing: a pure function of the app's state and the look (theme, glyphs, key labels). Nothing
//! here changes state; the board's geometry is shared with the mouse so a click lands on what the
//! player sees.
//!
//! This file is the entry: [`draw`], which screen draws, whether it fits, what a click means. Each
//! screen, part of the game screen and panel has a file of its own; the helpers they share (the
//! look, the layout, the key line, text) use no screen's file, and no two files use each other.

mod ascii;
mod banner;
mod board;
mod digits;
mod disguise;
mod heaps;
mod key_line;
mod layout;
mod learn;
mod limit;
mod look;
mod motion;
mod moves;
mod overlay;
mod panel;
mod pins;
mod play;
mod puzzle;
mod queen;
mod replay;
mod start;
mod status;
mod text;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::{Action, App, Msg, Overlay, Screen};

pub use banner::block_letters;
pub use key_line::{key_line, key_lines};
pub use layout::{BoardLayout, HeapRow, MIN_HEIGHT, MIN_WIDTH, board_layout, board_layout_with};
pub use look::Look;
pub use text::number;

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

/// Draws the whole screen, and puts the terminal's cursor on the chosen heap (see [`cursor`]).
pub fn draw(frame: &mut Frame, app: &App, look: &Look) {
    View { app, look }.render(frame.area(), frame.buffer_mut());
    if let Some(at) = cursor_in(look, app, frame.area()) {
        frame.set_cursor_position(at);
    }
}

/// Where the terminal's real cursor stands: at the chosen heap's row while a person chooses a
/// move (a game or a puzzle, nothing open over it), so that a braille display or a screen
/// magnifier, which follow the cursor, follow the choice (#37). `None` hides it, as everywhere
/// else. The rows are the layout's, as the drawing and the mouse have them.
pub fn cursor(lang: crate::i18n::Language, app: &App, area: Rect) -> Option<ratatui::layout::Position> {
    cursor_in(&Look { language: lang, ..Look::default() }, app, area)
}

/// [`cursor`] with the look the screen is drawn with (its key labels size the lines under the
/// board, which may take rows from the board).
fn cursor_in(look: &Look, app: &App, area: Rect) -> Option<ratatui::layout::Position> {
    let lang = look.language;
    if !fits(app, area) || app.overlay.is_some() {
        return None;
    }
    let game = match &app.screen {
        Screen::Play(play) => &play.game,
        Screen::Puzzle(puzzle) if puzzle.run.answer.is_none() => &puzzle.game,
        _ => return None,
    };
    if !game.your_turn() {
        return None;
    }
    let (area, _) = board::fitted(app, look, area);
    let layout = layout::layout_for(lang, game, area, app.panels);
    // A game of pins is one line of rows drawn by `pins.rs`, not the layout's heap rows: the
    // cursor stands on the chosen pin itself, never in the empty rows under the line.
    if let Some(at) = pins::cursor(game, layout.board.intersection(area), game.marked().as_ref()) {
        return at;
    }
    if let Some(at) = disguise::cursor(lang, game, layout.board) {
        return at;
    }
    let row = layout.rows.iter().find(|row| row.heap == game.selected)?;
    // On the chosen heap's marker (`▶`), on the middle row of tall tokens where the label stands
    // (`ui/heaps.rs`): a terminal draws its cursor over the marker, not over a token.
    let marker = row.x.saturating_sub(layout::LABEL_CELLS) + 1;
    Some(ratatui::layout::Position::new(marker, row.y + row.height.saturating_sub(1) / 2))
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
            if look.glyphs.cjk {
                ascii::unambiguous_only(area, buf);
            }
            return;
        }
        match &app.screen {
            Screen::Start(menu) => start::render(menu, app, look, area, buf),
            Screen::Learn(lesson) => learn::render(lesson, app, look, area, buf),
            _ => board::render(app, look, area, buf),
        }
        match app.overlay {
            Some(Overlay::Help { scroll }) => overlay::help(app, look, scroll, area, buf),
            Some(Overlay::Confirm(question)) => {
                overlay::confirm(app.question(look.language, question), look, area, buf)
            }
            Some(Overlay::Rules) => {
                let kind = match &app.screen {
                    Screen::Start(menu) => menu.game.kind,
                    _ => app.game().map_or(app.setup.game, |game| game.rules.kind),
                };
                overlay::rules(kind, look, area, buf)
            }
            None => {}
        }
        if look.glyphs.ascii {
            ascii::ascii_only(area, buf);
        } else if look.glyphs.cjk {
            ascii::unambiguous_only(area, buf);
        }
    }
}

/// Whether the current screen can be drawn in `area`; while it cannot, only quitting works.
pub fn fits(app: &App, area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= min_height(app)
}

/// The height the current screen needs.
pub fn min_height(app: &App) -> u16 {
    match (&app.screen, app.game()) {
        (_, Some(game)) => layout::min_height(game),
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
    let (area, _) = board::fitted(app, look, area);
    layout::hit(look.language, game, app.panels, area, column, row)
}

/// What is drawn instead of a screen that does not fit: how much room it needs, and how to quit.
fn too_small(area: Rect, buf: &mut Buffer, look: &Look, needed: u16) {
    let text = vec![
        Line::styled(crate::i18n::text(look.language, "small-enlarge"), look.theme.strong(look.theme.error)),
        Line::styled(
            crate::i18n::text_with(
                look.language,
                "small-sizes",
                &[
                    ("width", MIN_WIDTH.to_string().into()),
                    ("height", needed.to_string().into()),
                    ("columns", area.width.to_string().into()),
                    ("rows", area.height.to_string().into()),
                ],
            ),
            look.theme.fg(look.theme.dim),
        ),
        Line::styled(
            crate::i18n::text_with(look.language, "small-quits", &[("key", look.key(Action::Quit).into())]),
            look.theme.fg(look.theme.dim),
        ),
    ];
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
}
