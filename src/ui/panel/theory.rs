//! The teaching panel of the games other than Nim, in place of Nim's binary view: Moore's Nim_k's
//! binary columns counted modulo K+1, the Grundy value of every heap and their XOR (subtraction
//! games, Lasker's Nim, Kayles), Wythoff's nearest losing pairs, and Fibonacci Nim's Zeckendorf
//! representation against the limit. Everything comes from the engine's `Teaching` view, written
//! in words by `crate::words::panel` (the one place every view is written); this file draws it. A
//! heap's line stands level with its tokens; the lines after the heaps wrap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::Levels;
use crate::app::Game;
use crate::i18n::Language;
use crate::ui::look::Look;
use crate::ui::text::{shortened, wrap, wrapped_len};
use crate::words::{Tone, Toned};
use unicode_width::UnicodeWidthStr;

/// The widest the panel asks to be, frame included.
const MAX_WIDTH: u16 = 52;
/// The width the lines after the heaps ask for: more and they wrap.
const TAIL_WIDTH: usize = 34;

/// The panel's title and lines for `game`, or `None` for Nim (drawn by `binary.rs`), drawn with
/// `styles`, the XOR sign `xor` and the hint's key `hint_key`: the view's lines as
/// [`crate::words::panel`] writes them, and under them whether the player to move can win.
fn content(lang: Language, game: &Game, styles: &Styles, xor: &str, hint_key: &str) -> Option<Content> {
    let teaching = game.teach();
    let panel = crate::words::panel(lang, teaching, game.hint.is_some(), xor)?;
    // A line of one tone is styled whole, as a line of several is span by span.
    let line = |Toned(mut pieces): Toned| match pieces.len() {
        1 => {
            let (text, tone) = pieces.remove(0);
            Line::styled(text, styles.of(tone))
        }
        _ => Line::from(
            pieces.into_iter().map(|(text, tone)| Span::styled(text, styles.of(tone))).collect::<Vec<_>>(),
        ),
    };
    let mut content = Content {
        title: format!(" {} ", panel.title),
        head: panel.head.map(line),
        heaps: panel.heaps.into_iter().map(line).collect(),
        tail: panel.tail.into_iter().map(line).collect(),
    };
    // With a hint shown, its reason is under the board, whole: the panel's working says the
    // same in figures, and the sentence is not repeated here word for word.
    if game.over.is_none() && game.hint.is_none() {
        let line = match teaching.is_win() {
            true => crate::words::panel_can_win(lang, hint_key),
            false => crate::words::panel_loses(lang).to_string(),
        };
        content.tail.push(Line::styled(line, styles.strong));
    }
    Some(content)
}

/// A panel's title and lines: above the heaps, one per heap, after the heaps.
#[derive(Default)]
struct Content {
    title: String,
    head: Option<Line<'static>>,
    heaps: Vec<Line<'static>>,
    tail: Vec<Line<'static>>,
}

/// The panel's lines as drawn with `look`.
fn drawn(game: &Game, look: &Look) -> Option<Content> {
    let theme = &look.theme;
    let styles =
        Styles { plain: theme.fg(theme.text), dim: theme.fg(theme.dim), strong: theme.strong(theme.hint) };
    content(look.language, game, &styles, &look.glyphs.xor, &look.key(crate::app::Action::Hint))
}

/// The panel's lines for measuring: the text alone (every XOR sign is one column wide).
fn measured(lang: Language, game: &Game) -> Option<Content> {
    let plain = Style::default();
    // The hint's key as measured: the default's, one letter like most.
    content(lang, game, &Styles { plain, dim: plain, strong: plain }, "^", "h")
}

struct Styles {
    plain: Style,
    dim: Style,
    strong: Style,
}

impl Styles {
    /// The style a tone is drawn in.
    fn of(&self, tone: Tone) -> Style {
        match tone {
            Tone::Plain => self.plain,
            Tone::Dim => self.dim,
            Tone::Strong => self.strong,
        }
    }
}

/// The width the panel would like, frame and padding included: its widest line above the heaps
/// or level with them, and room for the lines after the heaps to wrap in few rows (they wrap).
pub(super) fn width(lang: Language, game: &Game) -> u16 {
    let Some(content) = measured(lang, game) else { return 0 };
    let levelled = content
        .head
        .iter()
        .chain(&content.heaps)
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(content.title.width());
    let tail = content.tail.iter().map(Line::width).max().unwrap_or(0).min(TAIL_WIDTH);
    (levelled.max(tail) as u16 + 4).min(MAX_WIDTH)
}

/// The rows after the heaps, drawn `width` columns wide (frame included): the lines after the
/// heaps wrapped, and the frame's bottom.
pub(super) fn tail_rows(lang: Language, game: &Game, width: u16) -> u16 {
    let Some(content) = measured(lang, game) else { return 0 };
    let room = usize::from(width.saturating_sub(4)).max(1);
    content.tail.iter().map(|line| wrapped_len(line, room) as u16).sum::<u16>() + 1
}

/// Draws the panel into `area`, each heap's line level with its row in `levels` (stacked from the
/// top when `None`); the lines after the heaps wrap, and those that do not fit are left out from
/// the last.
pub(super) fn render(game: &Game, look: &Look, area: Rect, levels: Option<&Levels>, buf: &mut Buffer) {
    let Some(content) = drawn(game, look) else { return };
    let block = Block::bordered()
        .title(content.title.clone())
        .border_style(look.theme.fg(look.theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let width = usize::from(inner.width);
    let stacked;
    let levels = match levels {
        Some(levels) => levels,
        None => {
            let heaps = content.heaps.len();
            let first = game.selected.min(heaps.saturating_sub(usize::from(inner.height.saturating_sub(2))));
            let mut level = Levels::stacked(inner, heaps, first.saturating_sub(1), 1);
            if content.head.is_none() {
                // No line above the heaps: they start at the top.
                level.head = None;
                for row in &mut level.rows {
                    row.1 -= 1;
                }
                level.tail -= 1;
            }
            stacked = level;
            &stacked
        }
    };
    let bottom = inner.bottom();
    let put = |buf: &mut Buffer, y: u16, line: Line<'static>| {
        if y >= inner.y && y < bottom {
            shortened(line, width, &look.glyphs.ellipsis).render(Rect { y, height: 1, ..inner }, buf);
        }
    };
    if let (Some(y), Some(head)) = (levels.head, content.head) {
        put(buf, y, head);
    }
    for &(heap, y, height) in &levels.rows {
        if let Some(line) = content.heaps.get(heap) {
            put(buf, y + height.saturating_sub(1) / 2, line.clone());
        }
    }
    let mut y = levels.tail;
    for line in content.tail.iter() {
        let parts = wrap(line, width);
        let count = parts.len();
        for (i, mut part) in parts.into_iter().enumerate() {
            // A line cut by the panel's bottom ends in an ellipsis on the last row shown, so that
            // it does not read as whole ("…走后异或为").
            if y + 1 == bottom && i + 1 < count {
                let style = part.spans.last().map(|span| span.style).unwrap_or_default();
                part.spans.push(Span::styled(look.glyphs.ellipsis.clone(), style));
            }
            put(buf, y, part);
            y += 1;
        }
    }
}
