//! The teaching panel of the games other than Nim, in place of Nim's binary view: Moore's Nim_k's
//! binary columns counted modulo K+1, the Grundy value of every heap and their XOR (subtraction
//! games, Lasker's Nim, Kayles), Wythoff's nearest losing pairs, and Fibonacci Nim's Zeckendorf
//! representation against the limit. Everything comes from the engine's `Teaching` view; a line
//! that does not fit ends in an ellipsis.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::app::Game;
use crate::engine::{FibonacciView, GrundyView, MooreView, Teaching, WythoffView};

use crate::ui::look::Look;
use crate::ui::text::{capitalised, shortened};

/// The widest the panel asks to be, frame included.
const MAX_WIDTH: u16 = 52;

/// The panel's lines and title for `game`, or `None` for Nim (drawn by `binary.rs`), drawn with
/// `styles` and the XOR sign `xor`.
fn content(game: &Game, styles: &Styles, xor: &str) -> Option<(String, Vec<Line<'static>>)> {
    let teaching = game.teach();
    let (title, mut lines) = match &teaching {
        Teaching::Nim(_) => return None,
        Teaching::Moore(view) => {
            (format!(" Nim_{}: columns mod {} ", view.k, view.k + 1), moore(view, styles))
        }
        Teaching::Grundy(view) => {
            (" Grundy values ".to_string(), grundy(view, game.hint.is_some(), xor, styles))
        }
        Teaching::Wythoff(view) => (" Losing pairs ".to_string(), wythoff(view, styles)),
        Teaching::Fibonacci(view) => (" Zeckendorf ".to_string(), fibonacci(view, styles)),
    };
    if game.over.is_none() {
        let line = match (&game.hint, teaching.is_win()) {
            (Some(_), _) => capitalised(&crate::words::reason(teaching)),
            (None, true) => "The player to move can win: h shows how".to_string(),
            (None, false) => "The player to move loses against perfect play".to_string(),
        };
        lines.push(Line::styled(line, styles.strong));
    }
    Some((title, lines))
}

/// The panel's lines as drawn with `look`.
fn drawn(game: &Game, look: &Look) -> Option<(String, Vec<Line<'static>>)> {
    let theme = &look.theme;
    let styles =
        Styles { plain: theme.fg(theme.text), dim: theme.fg(theme.dim), strong: theme.strong(theme.hint) };
    content(game, &styles, &look.glyphs.xor)
}

/// The panel's lines for measuring: the text alone (every XOR sign is one column wide).
fn measured(game: &Game) -> Option<(String, Vec<Line<'static>>)> {
    let plain = Style::default();
    content(game, &Styles { plain, dim: plain, strong: plain }, "^")
}

struct Styles {
    plain: Style,
    dim: Style,
    strong: Style,
}

fn moore(view: &MooreView, s: &Styles) -> Vec<Line<'static>> {
    let k1 = u64::from(view.k) + 1;
    let top = view.digits.saturating_sub(1);
    // One column a cell, as wide as its power of two when few, else one digit wide.
    let headed = view.digits <= 8;
    let cell = if headed { (1u64 << top.min(63)).to_string().len() } else { 1 };
    let mut lines = Vec::new();
    if headed {
        let header: Vec<String> = (0..view.digits).map(|c| format!("{:>cell$}", 1u64 << (top - c))).collect();
        lines.push(Line::styled(format!("{:<8}{}", "", header.join(" ")), s.dim));
    }
    for (i, &heap) in view.heaps.iter().enumerate() {
        let digits: Vec<String> = (0..view.digits)
            .map(|c| {
                let bit = top - c;
                let one = bit < 64 && heap >> bit & 1 == 1;
                format!("{:>cell$}", if one { "1" } else { "0" })
            })
            .collect();
        lines.push(Line::styled(format!("{:<8}{}", format!("heap {}", i + 1), digits.join(" ")), s.plain));
    }
    let mut counts = vec![Span::styled(format!("{:<8}", "ones"), s.dim)];
    let mut residues = vec![Span::styled(format!("{:<8}", format!("mod {k1}")), s.plain)];
    for (c, &(count, residue)) in view.columns.iter().enumerate() {
        let gap = if c > 0 { " " } else { "" };
        counts.push(Span::styled(format!("{gap}{count:>cell$}"), s.dim));
        let style = if residue != 0 { s.strong } else { s.plain };
        residues.push(Span::styled(format!("{gap}{residue:>cell$}"), style));
    }
    lines.push(Line::from(counts));
    lines.push(Line::from(residues));
    let rule = match view.endgame {
        true => "Misère endgame: at most K heaps of two or more are left".to_string(),
        false => format!("Every column 0 mod {k1}: the mover loses"),
    };
    lines.push(Line::styled(rule, s.dim));
    lines
}

fn grundy(view: &GrundyView, hinted: bool, xor: &str, s: &Styles) -> Vec<Line<'static>> {
    let word = crate::words::heap(view.game);
    let unit = crate::words::units(view.game);
    let mut lines = Vec::new();
    // The working gives the move away: shown with the hint only.
    let working = view.working.as_ref().filter(|_| hinted);
    let changed = working.map(|step| step.heap);
    for (i, (&heap, &value)) in view.heaps.iter().zip(&view.values).enumerate() {
        let style = if changed == Some(i) { s.strong } else { s.plain };
        lines.push(Line::styled(format!("{word} {:<3} {heap:>5} {unit}   g = {value}", i + 1), style));
    }
    let xor = view.values.iter().map(u128::to_string).collect::<Vec<_>>().join(&format!(" {xor} "));
    let sum_style = if view.sum != 0 { s.strong } else { s.plain };
    lines.push(Line::styled(format!("XOR     {xor} = {}", view.sum), sum_style));
    if let Some(step) = working {
        lines.push(Line::styled(
            format!("Best: {word} {}, g {} to {}, XOR 0", step.heap + 1, step.from, step.to),
            s.strong,
        ));
    }
    let table: Vec<String> = view.nearby.iter().map(|(n, g)| format!("{n}:{g}")).collect();
    lines.push(Line::styled(format!("Table (n:g) {}", table.join(" ")), s.dim));
    lines.push(Line::styled(
        "Sprague-Grundy: each heap plays as a Nim heap of its value g; XOR 0 loses".to_string(),
        s.dim,
    ));
    if let Some(pattern) = view.pattern {
        lines.push(Line::styled(capitalised(&crate::words::grundy_pattern(view.game, pattern)), s.dim));
    }
    lines
}

fn wythoff(view: &WythoffView, s: &Styles) -> Vec<Line<'static>> {
    let [a, b] = view.heaps;
    let mut lines = vec![
        Line::styled(format!("Heaps ({a}, {b})"), s.plain),
        Line::styled(
            format!("Heap 1's partner: {}   heap 2's: {}", view.partners[0], view.partners[1]),
            s.plain,
        ),
        Line::styled(
            format!(
                "Same difference ({}): ({}, {})",
                a.abs_diff(b),
                view.same_difference.0,
                view.same_difference.1
            ),
            s.plain,
        ),
    ];
    let pairs: Vec<String> = view.nearby.iter().map(|(_, x, y)| format!("({x},{y})")).collect();
    lines.push(Line::styled(format!("Losing pairs near: {}", pairs.join(" ")), s.dim));
    lines.push(Line::styled("Pair n is (⌊nφ⌋, ⌊nφ²⌋); leave one to win".to_string(), s.dim));
    lines
}

fn fibonacci(view: &FibonacciView, s: &Styles) -> Vec<Line<'static>> {
    let terms: Vec<String> = view.terms.iter().map(u64::to_string).collect();
    let smallest = view.terms.last().copied().unwrap_or(0);
    let most = match view.first_move {
        true => format!("First move: take 1 to {} (not the whole heap)", view.most),
        false => format!("This move may take 1 to {}", view.most),
    };
    let style = if smallest <= view.most && smallest < view.heap { s.strong } else { s.plain };
    vec![
        Line::styled(format!("Heap {} = {}", view.heap, terms.join(" + ")), s.plain),
        Line::styled(format!("Smallest term: {smallest}"), style),
        Line::styled(most, s.plain),
        Line::styled("Taking the smallest term, when allowed, wins".to_string(), s.dim),
    ]
}

/// The width the panel would like, frame and padding included.
pub(super) fn width(game: &Game) -> u16 {
    let Some((title, lines)) = measured(game) else { return 0 };
    let widest = lines.iter().map(Line::width).max().unwrap_or(0).max(title.chars().count());
    (widest as u16 + 4).min(MAX_WIDTH)
}

/// The rows the full panel needs, frame included.
pub(super) fn full_height(game: &Game) -> u16 {
    measured(game).map_or(0, |(_, lines)| lines.len() as u16 + 2)
}

/// Draws the panel into `area`; lines too long end in an ellipsis, and rows that do not fit are
/// left out from the top's heaps first, keeping the sum and the working.
pub(super) fn render(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    let Some((title, lines)) = drawn(game, look) else { return };
    let block = Block::bordered()
        .title(title)
        .border_style(look.theme.fg(look.theme.accent))
        .padding(ratatui::widgets::Padding::horizontal(1));
    let inner = block.inner(area);
    block.render(area, buf);
    let width = usize::from(inner.width);
    let skip = lines.len().saturating_sub(usize::from(inner.height));
    let lines: Vec<Line> =
        lines.into_iter().skip(skip).map(|line| shortened(line, width, &look.glyphs.ellipsis)).collect();
    Paragraph::new(lines).render(inner, buf);
}
