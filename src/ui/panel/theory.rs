//! The teaching panel of the games other than Nim, in place of Nim's binary view: Moore's Nim_k's
//! binary columns counted modulo K+1, the Grundy value of every heap and their XOR (subtraction
//! games, Lasker's Nim, Kayles), Wythoff's nearest losing pairs, and Fibonacci Nim's Zeckendorf
//! representation against the limit. Everything comes from the engine's `Teaching` view. A heap's
//! line stands level with its tokens; the lines after the heaps wrap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::app::Game;
use crate::engine::{EuclidView, FibonacciView, GrundyView, MooreView, Teaching, WythoffView};

use super::Levels;
use crate::i18n::Language;
use crate::i18n::{self, Arg};
use crate::ui::look::Look;
use crate::ui::text::{capitalised, padded, right_aligned, shortened, wrap, wrapped_len};
use unicode_width::UnicodeWidthStr;

/// Columns of a line's label (`heap 3`, `ones`) before its digits or values.
const LABEL: usize = 8;

/// A number as a message's argument, every digit shown.
fn num(n: impl ToString) -> Arg {
    Arg::Text(n.to_string())
}

/// The widest the panel asks to be, frame included.
const MAX_WIDTH: u16 = 52;
/// The width the lines after the heaps ask for: more and they wrap.
const TAIL_WIDTH: usize = 34;

/// The panel's title and lines for `game`, or `None` for Nim (drawn by `binary.rs`), drawn with
/// `styles`, the XOR sign `xor` and the hint's key `hint_key`: the line above the heaps, a line per heap (drawn level with
/// its tokens), and the lines after the heaps, which wrap.
fn content(lang: Language, game: &Game, styles: &Styles, xor: &str, hint_key: &str) -> Option<Content> {
    let teaching = game.teach();
    let (title, mut content) = match &teaching {
        Teaching::Nim(_) => return None,
        Teaching::Moore(view) => {
            let args = [("k", num(view.k)), ("modulus", num(u64::from(view.k) + 1))];
            (format!(" {} ", i18n::text_with(lang, "theory-moore-title", &args)), moore(lang, view, styles))
        }
        Teaching::Grundy(view) => (
            format!(" {} ", i18n::text(lang, "theory-grundy-title")),
            grundy(lang, view, game.hint.is_some(), xor, styles),
        ),
        Teaching::Wythoff(view) => {
            (format!(" {} ", i18n::text(lang, "theory-wythoff-title")), wythoff(lang, view, styles))
        }
        Teaching::Fibonacci(view) => {
            (format!(" {} ", i18n::text(lang, "theory-fibonacci-title")), fibonacci(lang, view, styles))
        }
        Teaching::Euclid(view) => {
            (format!(" {} ", i18n::text(lang, "theory-euclid-title")), euclid(lang, view, styles))
        }
        Teaching::Quotient(view) => (
            format!(" {} ", i18n::text(lang, "theory-quotient-title")),
            quotient(lang, view, game.hint.is_some(), styles),
        ),
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
    content.title = title;
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

fn moore(lang: Language, view: &MooreView, s: &Styles) -> Content {
    let k1 = u64::from(view.k) + 1;
    let top = view.digits.saturating_sub(1);
    // One column a cell, as wide as its power of two when few, else one digit wide.
    let headed = view.digits <= 8;
    let cell = if headed { (1u64 << top.min(63)).to_string().len() } else { 1 };
    let mut content = Content::default();
    if headed {
        let header: Vec<String> = (0..view.digits).map(|c| format!("{:>cell$}", 1u64 << (top - c))).collect();
        content.head = Some(Line::styled(format!("{}{}", padded("", LABEL), header.join(" ")), s.dim));
    }
    for (i, &heap) in view.heaps.iter().enumerate() {
        let digits: Vec<String> = (0..view.digits)
            .map(|c| {
                let bit = top - c;
                let one = bit < 64 && heap >> bit & 1 == 1;
                format!("{:>cell$}", if one { "1" } else { "0" })
            })
            .collect();
        let label = i18n::text_with(lang, "theory-heap-label", &[("number", num(i + 1))]);
        content.heaps.push(Line::styled(format!("{}{}", padded(&label, LABEL), digits.join(" ")), s.plain));
    }
    let lines = &mut content.tail;
    let mut counts = vec![Span::styled(padded(&i18n::text(lang, "theory-ones"), LABEL), s.dim)];
    let modulus = i18n::text_with(lang, "theory-mod", &[("modulus", num(k1))]);
    let mut residues = vec![Span::styled(padded(&modulus, LABEL), s.plain)];
    for (c, &(count, residue)) in view.columns.iter().enumerate() {
        let gap = if c > 0 { " " } else { "" };
        counts.push(Span::styled(format!("{gap}{count:>cell$}"), s.dim));
        let style = if residue != 0 { s.strong } else { s.plain };
        residues.push(Span::styled(format!("{gap}{residue:>cell$}"), style));
    }
    lines.push(Line::from(counts));
    lines.push(Line::from(residues));
    let rule = match view.endgame {
        true => i18n::text_with(lang, "theory-moore-endgame", &[("k", num(view.k))]),
        false => i18n::text_with(lang, "theory-moore-rule", &[("modulus", num(k1))]),
    };
    lines.push(Line::styled(rule, s.dim));
    content
}

fn grundy(lang: Language, view: &GrundyView, hinted: bool, xor: &str, s: &Styles) -> Content {
    let mut content = Content::default();
    // The working gives the move away: shown with the hint only.
    let working = view.working.as_ref().filter(|_| hinted);
    let changed = working.map(|step| step.heap);
    for (i, (&heap, &value)) in view.heaps.iter().zip(&view.values).enumerate() {
        let style = if changed == Some(i) { s.strong } else { s.plain };
        let count = crate::words::count_of(lang, view.game, heap);
        // `heap 1   `: the word, the number in three columns and a space, as wide for every heap.
        let label = padded(
            &crate::words::numbered(lang, view.game, i + 1),
            crate::words::heap(lang, view.game).width() + 5,
        );
        content
            .heaps
            .push(Line::styled(format!("{label}{}   g = {value}", right_aligned(&count, 10)), style));
    }
    let lines = &mut content.tail;
    let xor = view.values.iter().map(u128::to_string).collect::<Vec<_>>().join(&format!(" {xor} "));
    let sum_style = if view.sum != 0 { s.strong } else { s.plain };
    lines.push(Line::styled(
        format!("{}{xor} = {}", padded(&i18n::text(lang, "theory-xor"), LABEL), view.sum),
        sum_style,
    ));
    if let Some(step) = working {
        let args = [
            ("heap", Arg::from(crate::words::numbered(lang, view.game, step.heap + 1))),
            ("from", num(step.from)),
            ("to", num(step.to)),
        ];
        lines.push(Line::styled(i18n::text_with(lang, "theory-grundy-best", &args), s.strong));
    }
    let table: Vec<String> = view.nearby.iter().map(|(n, g)| format!("{n}:{g}")).collect();
    let table = i18n::text_with(lang, "theory-grundy-table", &[("table", Arg::from(table.join(" ")))]);
    lines.push(Line::styled(table, s.dim));
    lines.push(Line::styled(crate::words::sprague_grundy(lang, view.game), s.dim));
    if let Some(pattern) = view.pattern {
        lines.push(Line::styled(capitalised(&crate::words::grundy_pattern(lang, view.game, pattern)), s.dim));
    }
    content
}

/// Misère Kayles: each row's element of the misère quotient, their product, the losing products.
fn quotient(lang: Language, view: &crate::engine::QuotientView, hinted: bool, s: &Styles) -> Content {
    let mut content = Content::default();
    let kind = crate::engine::GameKind::Kayles;
    // The working gives the move away: shown with the hint only.
    let working = match &view.reason {
        crate::engine::QuotientReason::Win { row, from, to, after, .. } if hinted => {
            Some((*row, *from, *to, *after))
        }
        _ => None,
    };
    for (i, (&row, element)) in view.rows.iter().zip(&view.elements).enumerate() {
        let style = if working.is_some_and(|w| w.0 == i) { s.strong } else { s.plain };
        let count = crate::words::count_of(lang, kind, row);
        let label =
            padded(&crate::words::numbered(lang, kind, i + 1), crate::words::heap(lang, kind).width() + 5);
        content
            .heaps
            .push(Line::styled(format!("{label}{}   {}", right_aligned(&count, 10), element.name()), style));
    }
    let lines = &mut content.tail;
    // Written `(ab)(a)(c) = bc`: brackets and letters, one column each in every terminal.
    let product = view.elements.iter().map(|x| format!("({})", x.name())).collect::<String>();
    let product =
        if view.elements.len() > 1 { format!("{product} = {}", view.product.name()) } else { product };
    let style = if view.win { s.strong } else { s.plain };
    lines.push(Line::styled(
        format!("{}{product}", padded(&i18n::text(lang, "theory-quotient-product"), LABEL)),
        style,
    ));
    if let Some((row, from, to, after)) = working {
        let args = [
            ("row", Arg::from(crate::words::numbered(lang, kind, row + 1))),
            ("from", Arg::from(from.name())),
            ("to", Arg::from(to.name())),
            ("after", Arg::from(after.name())),
        ];
        lines.push(Line::styled(i18n::text_with(lang, "theory-quotient-best", &args), s.strong));
    }
    let losing = crate::words::quotient_losing(view);
    lines.push(Line::styled(
        i18n::text_with(lang, "theory-quotient-losing", &[("p", Arg::from(losing))]),
        s.dim,
    ));
    lines.push(Line::styled(i18n::text(lang, "theory-quotient-generators"), s.dim));
    content
}

fn wythoff(lang: Language, view: &WythoffView, s: &Styles) -> Content {
    let [a, b] = view.heaps;
    let heaps = vec![
        Line::styled(crate::words::wythoff_partner(lang, 1, a, view.partners[0]), s.plain),
        Line::styled(crate::words::wythoff_partner(lang, 2, b, view.partners[1]), s.plain),
    ];
    let args = [
        ("difference", num(a.abs_diff(b))),
        ("x", num(view.same_difference.0)),
        ("y", num(view.same_difference.1)),
    ];
    let mut tail =
        vec![Line::styled(i18n::text_with(lang, "theory-wythoff-same-difference", &args), s.plain)];
    let pairs: Vec<String> = view.nearby.iter().map(|(_, x, y)| format!("({x},{y})")).collect();
    let near = i18n::text_with(lang, "theory-wythoff-near", &[("pairs", Arg::from(pairs.join(" ")))]);
    tail.push(Line::styled(near, s.dim));
    tail.push(Line::styled(i18n::text(lang, "theory-wythoff-pair-n"), s.dim));
    Content { heaps, tail, ..Content::default() }
}

/// Euclid's game: each number level with its row, the division of the larger by the smaller, the
/// amounts a move may take (the multiples, the first few and the last), and the ratio against φ.
fn euclid(lang: Language, view: &EuclidView, s: &Styles) -> Content {
    let heaps = view
        .heaps
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let args = [("number", num(i as u64 + 1)), ("size", num(n))];
            Line::styled(i18n::text_with(lang, "theory-euclid-number", &args), s.plain)
        })
        .collect();
    let mut tail = Vec::new();
    if view.smaller > 0 {
        let (larger, smaller) = (num(view.larger), num(view.smaller));
        let division = [
            ("larger", larger.clone()),
            ("quotient", num(view.quotient)),
            ("smaller", smaller.clone()),
            ("remainder", num(view.remainder)),
        ];
        tail.push(Line::styled(i18n::text_with(lang, "theory-euclid-division", &division), s.plain));
        let q = view.quotient;
        let mut multiples: Vec<String> =
            (1..=q.min(4)).map(|k| (u128::from(k) * u128::from(view.smaller)).to_string()).collect();
        if q > 5 {
            multiples.push("…".to_string());
        }
        if q > 4 {
            multiples.push((u128::from(q) * u128::from(view.smaller)).to_string());
        }
        let args = [("multiples", Arg::from(multiples.join(" "))), ("larger", larger.clone())];
        tail.push(Line::styled(i18n::text_with(lang, "theory-euclid-multiples", &args), s.plain));
        let ratio = [("larger", larger), ("smaller", smaller)];
        let (id, style) = match (view.larger == view.smaller, view.above_phi) {
            (true, _) => ("theory-euclid-equal", s.strong),
            (false, true) => ("theory-euclid-above", s.strong),
            (false, false) => ("theory-euclid-below", s.plain),
        };
        tail.push(Line::styled(i18n::text_with(lang, id, &ratio), style));
    }
    tail.push(Line::styled(i18n::text(lang, "theory-euclid-rule"), s.dim));
    Content { heaps, tail, ..Content::default() }
}

fn fibonacci(lang: Language, view: &FibonacciView, s: &Styles) -> Content {
    let terms: Vec<String> = view.terms.iter().map(u64::to_string).collect();
    let smallest = view.terms.last().copied().unwrap_or(0);
    let most = match view.first_move {
        true => i18n::text_with(lang, "theory-fibonacci-first", &[("most", num(view.most))]),
        false => i18n::text_with(lang, "theory-fibonacci-most", &[("most", num(view.most))]),
    };
    let style = if smallest <= view.most && smallest < view.heap { s.strong } else { s.plain };
    Content {
        heaps: vec![Line::styled(
            i18n::text_with(
                lang,
                "theory-fibonacci-heap",
                &[("heap", num(view.heap)), ("terms", Arg::from(terms.join(" + ")))],
            ),
            s.plain,
        )],
        tail: vec![
            Line::styled(
                i18n::text_with(lang, "theory-fibonacci-smallest", &[("smallest", num(smallest))]),
                style,
            ),
            Line::styled(most, s.plain),
            Line::styled(i18n::text(lang, "theory-fibonacci-wins"), s.dim),
        ],
        ..Content::default()
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
