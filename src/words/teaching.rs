//! Every teaching view in words, in one place: the theory panel's lines ([`panel`]), `solve`'s
//! working for a person ([`solve_lines`]), the plain door's lines ([`plain_lines`]) and the
//! hint's reason ([`reason`]). The engine gives the view as data ([`Teaching`]); this file is the
//! one place outside the engine that matches its variants, so that a game with a new teaching
//! view adds its arms here (and its messages) and nowhere else: the panel, `solve` and the plain
//! view print what these functions give. The JSON is the engine's own (`Working` is serialised
//! by serde), so `solve --json` needs nothing either.
//!
//! The three doors write the same view in their own ways (a panel of aligned columns, lines
//! for a person at a shell, short sentences for a screen reader); each door's arm is next to the
//! others of the same view.

use unicode_width::UnicodeWidthStr;

use super::{
    capitalised, count_of, euclid_reason, fibonacci_reason, grundy_pattern, grundy_reason, heap, lesson,
    moore_reason, numbered, padded, quotient_losing, quotient_reason, right_aligned, sprague_grundy,
    wythoff_partner, wythoff_reason,
};
use crate::engine::{
    EuclidView, FibonacciView, GameKind, GrundyView, MooreView, QuotientReason, QuotientView, Teaching,
    WythoffView,
};
use crate::i18n::{self, Arg, Language};

/// How a piece of the panel is drawn: the UI gives each tone its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// The view's figures.
    Plain,
    /// What explains them: a header, a rule, a table.
    Dim,
    /// What matters now: a column that is not 0, the winning step.
    Strong,
}

/// A line of the panel in pieces, each with its tone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toned(pub Vec<(String, Tone)>);

impl Toned {
    fn one(text: impl Into<String>, tone: Tone) -> Toned {
        Toned(vec![(text.into(), tone)])
    }
}

/// The theory panel of a view: its title, a line above the heaps, a line per heap (drawn level
/// with its tokens), and the lines after the heaps (which wrap).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    pub head: Option<Toned>,
    pub heaps: Vec<Toned>,
    pub tail: Vec<Toned>,
}

/// Columns of a panel line's label (`heap 3`, `ones`) before its digits or values.
const LABEL: usize = 8;

/// A number as a message's argument, every digit shown.
fn num(n: impl ToString) -> Arg {
    Arg::Text(n.to_string())
}

/// The best move's reason in one line, for the hint: Nim's lesson, or the reason another game's
/// teaching view gives (still a sentence of the engine's).
pub fn reason(lang: Language, teaching: &Teaching) -> String {
    match teaching {
        Teaching::Nim(explanation) => lesson(lang, explanation),
        Teaching::Moore(view) => moore_reason(lang, &view.reason),
        Teaching::Grundy(view) => grundy_reason(lang, view),
        Teaching::Wythoff(view) => wythoff_reason(lang, view),
        Teaching::Fibonacci(view) => fibonacci_reason(lang, view),
        Teaching::Euclid(view) => euclid_reason(lang, view),
        Teaching::Quotient(view) => quotient_reason(lang, view),
    }
}

/// The theory panel of `teaching`, or `None` for Nim (whose binary panel is drawn on its own):
/// `hinted` when the hint is shown (the working, which gives the move away, is shown only then),
/// `xor` the XOR sign as drawn.
pub fn panel(lang: Language, teaching: &Teaching, hinted: bool, xor: &str) -> Option<Panel> {
    let (id, mut panel) = match teaching {
        Teaching::Nim(_) => return None,
        Teaching::Moore(view) => {
            let args = [("k", num(view.k)), ("modulus", num(u64::from(view.k) + 1))];
            let mut panel = moore_panel(lang, view);
            panel.title = i18n::text_with(lang, "theory-moore-title", &args);
            return Some(panel);
        }
        Teaching::Grundy(view) => ("theory-grundy-title", grundy_panel(lang, view, hinted, xor)),
        Teaching::Wythoff(view) => ("theory-wythoff-title", wythoff_panel(lang, view)),
        Teaching::Fibonacci(view) => ("theory-fibonacci-title", fibonacci_panel(lang, view)),
        Teaching::Euclid(view) => ("theory-euclid-title", euclid_panel(lang, view)),
        Teaching::Quotient(view) => ("theory-quotient-title", quotient_panel(lang, view, hinted)),
    };
    panel.title = i18n::text(lang, id);
    Some(panel)
}

fn moore_panel(lang: Language, view: &MooreView) -> Panel {
    let k1 = u64::from(view.k) + 1;
    let top = view.digits.saturating_sub(1);
    // One column a cell, as wide as its power of two when few, else one digit wide.
    let headed = view.digits <= 8;
    let cell = if headed { (1u64 << top.min(63)).to_string().len() } else { 1 };
    let mut panel = Panel::default();
    if headed {
        let header: Vec<String> = (0..view.digits).map(|c| format!("{:>cell$}", 1u64 << (top - c))).collect();
        panel.head = Some(Toned::one(format!("{}{}", padded("", LABEL), header.join(" ")), Tone::Dim));
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
        panel.heaps.push(Toned::one(format!("{}{}", padded(&label, LABEL), digits.join(" ")), Tone::Plain));
    }
    let lines = &mut panel.tail;
    let mut counts = vec![(padded(&i18n::text(lang, "theory-ones"), LABEL), Tone::Dim)];
    let modulus = i18n::text_with(lang, "theory-mod", &[("modulus", num(k1))]);
    let mut residues = vec![(padded(&modulus, LABEL), Tone::Plain)];
    for (c, &(count, residue)) in view.columns.iter().enumerate() {
        let gap = if c > 0 { " " } else { "" };
        counts.push((format!("{gap}{count:>cell$}"), Tone::Dim));
        let tone = if residue != 0 { Tone::Strong } else { Tone::Plain };
        residues.push((format!("{gap}{residue:>cell$}"), tone));
    }
    lines.push(Toned(counts));
    lines.push(Toned(residues));
    let rule = match view.endgame {
        true => i18n::text_with(lang, "theory-moore-endgame", &[("k", num(view.k))]),
        false => i18n::text_with(lang, "theory-moore-rule", &[("modulus", num(k1))]),
    };
    lines.push(Toned::one(rule, Tone::Dim));
    panel
}

fn grundy_panel(lang: Language, view: &GrundyView, hinted: bool, xor: &str) -> Panel {
    let mut panel = Panel::default();
    // The working gives the move away: shown with the hint only.
    let working = view.working.as_ref().filter(|_| hinted);
    let changed = working.map(|step| step.heap);
    for (i, (&size, &value)) in view.heaps.iter().zip(&view.values).enumerate() {
        let tone = if changed == Some(i) { Tone::Strong } else { Tone::Plain };
        // A head on a grid is told by its cell, `(3, 2)`.
        let count = match view.cells.get(i) {
            Some(&cell) => super::cells(&[cell]),
            None => count_of(lang, view.game, size),
        };
        // `heap 1   `: the word, the number in three columns and a space, as wide for every heap.
        let label = padded(&numbered(lang, view.game, i + 1), heap(lang, view.game).width() + 5);
        panel.heaps.push(Toned::one(format!("{label}{}   g = {value}", right_aligned(&count, 10)), tone));
    }
    let lines = &mut panel.tail;
    let xor = view.values.iter().map(u128::to_string).collect::<Vec<_>>().join(&format!(" {xor} "));
    let sum_tone = if view.sum != 0 { Tone::Strong } else { Tone::Plain };
    lines.push(Toned::one(
        format!("{}{xor} = {}", padded(&i18n::text(lang, "theory-xor"), LABEL), view.sum),
        sum_tone,
    ));
    if let Some(step) = working {
        let args = [
            ("heap", Arg::from(numbered(lang, view.game, step.heap + 1))),
            ("from", num(step.from)),
            ("to", num(step.to)),
        ];
        lines.push(Toned::one(i18n::text_with(lang, "theory-grundy-best", &args), Tone::Strong));
    }
    // A game whose values are its heaps (a board's gaps) has no table to show.
    if !view.nearby.is_empty() {
        let table: Vec<String> = view.nearby.iter().map(|(n, g)| format!("{n}:{g}")).collect();
        let table = i18n::text_with(lang, "theory-grundy-table", &[("table", Arg::from(table.join(" ")))]);
        lines.push(Toned::one(table, Tone::Dim));
    }
    lines.push(Toned::one(sprague_grundy(lang, view.game), Tone::Dim));
    if let Some(pattern) = view.pattern {
        lines.push(Toned::one(capitalised(&grundy_pattern(lang, view.game, pattern)), Tone::Dim));
    }
    panel
}

/// Misère Kayles: each row's element of the misère quotient, their product, the losing products.
fn quotient_panel(lang: Language, view: &QuotientView, hinted: bool) -> Panel {
    let mut panel = Panel::default();
    let kind = GameKind::Kayles;
    // The working gives the move away: shown with the hint only.
    let working = match &view.reason {
        QuotientReason::Win { row, from, to, after, .. } if hinted => Some((*row, *from, *to, *after)),
        _ => None,
    };
    for (i, (&row, element)) in view.rows.iter().zip(&view.elements).enumerate() {
        let tone = if working.is_some_and(|w| w.0 == i) { Tone::Strong } else { Tone::Plain };
        let count = count_of(lang, kind, row);
        let label = padded(&numbered(lang, kind, i + 1), heap(lang, kind).width() + 5);
        panel
            .heaps
            .push(Toned::one(format!("{label}{}   {}", right_aligned(&count, 10), element.name()), tone));
    }
    let lines = &mut panel.tail;
    // Written `(ab)(a)(c) = bc`: brackets and letters, one column each in every terminal.
    let product = view.elements.iter().map(|x| format!("({})", x.name())).collect::<String>();
    let product =
        if view.elements.len() > 1 { format!("{product} = {}", view.product.name()) } else { product };
    let tone = if view.win { Tone::Strong } else { Tone::Plain };
    lines.push(Toned::one(
        format!("{}{product}", padded(&i18n::text(lang, "theory-quotient-product"), LABEL)),
        tone,
    ));
    if let Some((row, from, to, after)) = working {
        let args = [
            ("row", Arg::from(numbered(lang, kind, row + 1))),
            ("from", Arg::from(from.name())),
            ("to", Arg::from(to.name())),
            ("after", Arg::from(after.name())),
        ];
        lines.push(Toned::one(i18n::text_with(lang, "theory-quotient-best", &args), Tone::Strong));
    }
    let losing = quotient_losing(view);
    lines.push(Toned::one(
        i18n::text_with(lang, "theory-quotient-losing", &[("p", Arg::from(losing))]),
        Tone::Dim,
    ));
    lines.push(Toned::one(i18n::text(lang, "theory-quotient-generators"), Tone::Dim));
    panel
}

fn wythoff_panel(lang: Language, view: &WythoffView) -> Panel {
    let [a, b] = view.heaps;
    let heaps = vec![
        Toned::one(wythoff_partner(lang, 1, a, view.partners[0]), Tone::Plain),
        Toned::one(wythoff_partner(lang, 2, b, view.partners[1]), Tone::Plain),
    ];
    let args = [
        ("difference", num(a.abs_diff(b))),
        ("x", num(view.same_difference.0)),
        ("y", num(view.same_difference.1)),
    ];
    let mut tail =
        vec![Toned::one(i18n::text_with(lang, "theory-wythoff-same-difference", &args), Tone::Plain)];
    let pairs: Vec<String> = view.nearby.iter().map(|(_, x, y)| format!("({x},{y})")).collect();
    let near = i18n::text_with(lang, "theory-wythoff-near", &[("pairs", Arg::from(pairs.join(" ")))]);
    tail.push(Toned::one(near, Tone::Dim));
    tail.push(Toned::one(i18n::text(lang, "theory-wythoff-pair-n"), Tone::Dim));
    Panel { heaps, tail, ..Panel::default() }
}

/// Euclid's game: each number level with its row, the division of the larger by the smaller, the
/// amounts a move may take (the multiples, the first few and the last), and the ratio against φ.
fn euclid_panel(lang: Language, view: &EuclidView) -> Panel {
    let heaps = view
        .heaps
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let args = [("number", num(i as u64 + 1)), ("size", num(n))];
            Toned::one(i18n::text_with(lang, "theory-euclid-number", &args), Tone::Plain)
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
        tail.push(Toned::one(i18n::text_with(lang, "theory-euclid-division", &division), Tone::Plain));
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
        tail.push(Toned::one(i18n::text_with(lang, "theory-euclid-multiples", &args), Tone::Plain));
        let ratio = [("larger", larger), ("smaller", smaller)];
        let (id, tone) = match (view.larger == view.smaller, view.above_phi) {
            (true, _) => ("theory-euclid-equal", Tone::Strong),
            (false, true) => ("theory-euclid-above", Tone::Strong),
            (false, false) => ("theory-euclid-below", Tone::Plain),
        };
        tail.push(Toned::one(i18n::text_with(lang, id, &ratio), tone));
    }
    tail.push(Toned::one(i18n::text(lang, "theory-euclid-rule"), Tone::Dim));
    Panel { heaps, tail, ..Panel::default() }
}

fn fibonacci_panel(lang: Language, view: &FibonacciView) -> Panel {
    let terms: Vec<String> = view.terms.iter().map(u64::to_string).collect();
    let smallest = view.terms.last().copied().unwrap_or(0);
    let most = match view.first_move {
        true => i18n::text_with(lang, "theory-fibonacci-first", &[("most", num(view.most))]),
        false => i18n::text_with(lang, "theory-fibonacci-most", &[("most", num(view.most))]),
    };
    let tone = if smallest <= view.most && smallest < view.heap { Tone::Strong } else { Tone::Plain };
    let heap = i18n::text_with(
        lang,
        "theory-fibonacci-heap",
        &[("heap", num(view.heap)), ("terms", Arg::from(terms.join(" + ")))],
    );
    Panel {
        heaps: vec![Toned::one(heap, Tone::Plain)],
        tail: vec![
            Toned::one(
                i18n::text_with(lang, "theory-fibonacci-smallest", &[("smallest", num(smallest))]),
                tone,
            ),
            Toned::one(most, Tone::Plain),
            Toned::one(i18n::text(lang, "theory-fibonacci-wins"), Tone::Dim),
        ],
        ..Panel::default()
    }
}

/// `solve`'s working for a person, for every game but Nim (whose binary working `solve` writes
/// on its own, in linear time): the lines after the heading, each written after two spaces.
/// `kind` is the game and `heaps` the position's heaps.
pub fn solve_lines(lang: Language, kind: GameKind, heaps: &[u64], teaching: &Teaching) -> Vec<String> {
    use i18n::text_with;
    let word = heap(lang, kind);
    let item = |i: usize| {
        text_with(lang, "solve-item-label", &[("word", word.into()), ("n", Arg::Text(i.to_string()))])
    };
    let heap_label = |i: usize| text_with(lang, "solve-heap-label", &[("n", Arg::Text(i.to_string()))]);
    let value_width = heaps.iter().map(|h| h.to_string().len()).max().unwrap_or(1);
    let mut out = Vec::new();
    match teaching {
        Teaching::Grundy(view) => {
            // The view's heaps: the position's, or what they stand for (a board's gaps, a grid's
            // cells).
            let heaps: Vec<String> = match view.cells.is_empty() {
                true => view.heaps.iter().map(u64::to_string).collect(),
                false => view.cells.iter().map(|&cell| super::cells(&[cell])).collect(),
            };
            let value_width = heaps.iter().map(String::len).max().unwrap_or(1);
            let label_width = item(heaps.len()).width();
            for (i, (h, &g)) in heaps.iter().zip(&view.values).enumerate() {
                let label = padded(&item(i + 1), label_width);
                let value = text_with(lang, "solve-grundy-value", &[("value", Arg::Text(g.to_string()))]);
                out.push(format!("{label}  {h:>value_width$}  {value}"));
            }
            let values: Vec<String> = view.values.iter().map(u128::to_string).collect();
            let shown = if (2..=8).contains(&values.len()) {
                format!("{} = {}", values.join(" ⊕ "), view.sum)
            } else {
                view.sum.to_string()
            };
            out.push(text_with(lang, "solve-grundy-xor", &[("sum", Arg::Text(shown))]));
            let note = view.pattern.map(|p| grundy_pattern(lang, view.game, p)).unwrap_or_default();
            out.push(text_with(lang, "solve-note", &[("note", Arg::Text(note))]));
        }
        Teaching::Moore(view) => {
            let digits = view.digits;
            let label_width = heap_label(heaps.len()).width();
            for (i, &h) in heaps.iter().enumerate() {
                let label = padded(&heap_label(i + 1), label_width);
                out.push(format!("{label}  {h:>value_width$}  {h:0digits$b}"));
            }
            let counts: Vec<String> = view.columns.iter().map(|c| c.0.to_string()).collect();
            let rests: Vec<String> = view.columns.iter().map(|c| c.1.to_string()).collect();
            out.push(text_with(lang, "solve-moore-columns", &[("counts", Arg::Text(counts.join(" ")))]));
            out.push(text_with(
                lang,
                "solve-moore-modulo",
                &[
                    ("modulus", Arg::Text((u64::from(view.k) + 1).to_string())),
                    ("rests", Arg::Text(rests.join(" "))),
                ],
            ));
            if view.endgame {
                out.push(text_with(lang, "solve-moore-endgame", &[("k", Arg::Text(view.k.to_string()))]));
            }
        }
        Teaching::Wythoff(view) => {
            let pair = |a: u128, b: u128| {
                text_with(
                    lang,
                    "solve-wythoff-pair",
                    &[("a", Arg::Text(a.to_string())), ("b", Arg::Text(b.to_string()))],
                )
            };
            let pairs: Vec<String> = view.nearby.iter().map(|&(_, a, b)| pair(a, b)).collect();
            out.push(text_with(lang, "solve-wythoff-pairs", &[("pairs", Arg::Text(pairs.join(" ")))]));
            out.push(text_with(
                lang,
                "solve-wythoff-partners",
                &[
                    ("first", Arg::Text(view.heaps[0].to_string())),
                    ("first-partner", Arg::Text(view.partners[0].to_string())),
                    ("second", Arg::Text(view.heaps[1].to_string())),
                    ("second-partner", Arg::Text(view.partners[1].to_string())),
                    ("difference", Arg::Text(view.heaps[0].abs_diff(view.heaps[1]).to_string())),
                    ("pair", Arg::Text(pair(view.same_difference.0, view.same_difference.1))),
                ],
            ));
        }
        Teaching::Fibonacci(view) => {
            let terms: Vec<String> = view.terms.iter().map(u64::to_string).collect();
            let sum = if terms.is_empty() { "0".to_string() } else { terms.join(" + ") };
            out.push(text_with(
                lang,
                "solve-fibonacci-terms",
                &[("heap", Arg::Text(view.heap.to_string())), ("sum", Arg::Text(sum))],
            ));
            let next = if view.first_move { "solve-fibonacci-next-first" } else { "solve-fibonacci-next" };
            out.push(text_with(lang, next, &[("most", Arg::Text(view.most.to_string()))]));
        }
        Teaching::Euclid(view) => {
            if view.smaller > 0 {
                let (larger, smaller) = (view.larger.to_string(), view.smaller.to_string());
                let division = [
                    ("larger", Arg::Text(larger.clone())),
                    ("quotient", Arg::Text(view.quotient.to_string())),
                    ("smaller", Arg::Text(smaller.clone())),
                    ("remainder", Arg::Text(view.remainder.to_string())),
                ];
                out.push(text_with(lang, "solve-euclid-division", &division));
                let id = if view.above_phi { "solve-euclid-above" } else { "solve-euclid-below" };
                let ratio = [("larger", Arg::Text(larger)), ("smaller", Arg::Text(smaller))];
                out.push(text_with(lang, id, &ratio));
            }
        }
        Teaching::Quotient(view) => {
            let label_width = item(heaps.len()).width();
            for (i, (&h, x)) in heaps.iter().zip(&view.elements).enumerate() {
                let label = padded(&item(i + 1), label_width);
                out.push(format!("{label}  {h:>value_width$}  {}", x.name()));
            }
            let names: String = view.elements.iter().map(|x| format!("({})", x.name())).collect();
            let product = format!("{names} = {}", view.product.name());
            let args = [("product", Arg::Text(product)), ("p", Arg::Text(quotient_losing(view)))];
            out.push(text_with(lang, "solve-quotient-product", &args));
        }
        Teaching::Nim(_) => {}
    }
    out
}

/// The teaching view as the plain door says it (`kind` the game): short lines, one heap a line,
/// then what it says (the reason).
pub fn plain_lines(lang: Language, kind: GameKind, teaching: &Teaching) -> Vec<String> {
    let msg = |id: &str, args: &[(&str, Arg)]| i18n::text_with(lang, id, args);
    let heap = |i: usize| capitalised(&numbered(lang, kind, i + 1));
    let binary_line = |heap: &str, n: u64, width: usize| {
        msg(
            "plain-binary-heap",
            &[
                ("heap", Arg::from(heap)),
                ("size", Arg::from(n)),
                ("binary", Arg::from(format!("{n:0width$b}"))),
            ],
        )
    };
    let mut lines = Vec::new();
    match teaching {
        Teaching::Nim(explanation) => {
            let width = binary_width(&explanation.heaps);
            for (i, &n) in explanation.heaps.iter().enumerate() {
                lines.push(binary_line(&heap(i), n, width));
            }
            let sum = explanation.analysis.nim_sum;
            lines.push(msg(
                "plain-nim-sum",
                &[("sum", Arg::from(sum)), ("binary", Arg::from(format!("{sum:0width$b}")))],
            ));
        }
        Teaching::Moore(view) => {
            let width = binary_width(&view.heaps);
            for (i, &n) in view.heaps.iter().enumerate() {
                lines.push(binary_line(&heap(i), n, width));
            }
        }
        Teaching::Grundy(view) => {
            for (i, (&n, &value)) in view.heaps.iter().zip(&view.values).enumerate() {
                // A grid's head is its cell, `(3, 2)`.
                let size = match view.cells.get(i) {
                    Some(&cell) => Arg::from(super::cells(&[cell])),
                    None => Arg::from(n),
                };
                lines.push(msg(
                    "plain-grundy-heap",
                    &[("heap", Arg::from(heap(i))), ("size", size), ("value", Arg::from(value.to_string()))],
                ));
            }
            lines.push(msg("plain-grundy-sum", &[("sum", Arg::from(view.sum.to_string()))]));
        }
        Teaching::Wythoff(view) => {
            for (i, (&n, &partner)) in view.heaps.iter().zip(&view.partners).enumerate() {
                lines.push(wythoff_partner(lang, i + 1, n, partner));
            }
        }
        Teaching::Euclid(view) => {
            if view.smaller > 0 {
                lines.push(msg(
                    "plain-euclid",
                    &[
                        ("larger", Arg::from(view.larger)),
                        ("quotient", Arg::from(view.quotient)),
                        ("smaller", Arg::from(view.smaller)),
                        ("remainder", Arg::from(view.remainder)),
                    ],
                ));
            }
        }
        Teaching::Quotient(view) => {
            for (i, (&n, x)) in view.rows.iter().zip(&view.elements).enumerate() {
                lines.push(msg(
                    "plain-quotient-row",
                    &[("heap", Arg::from(heap(i))), ("size", Arg::from(n)), ("element", Arg::from(x.name()))],
                ));
            }
            lines.push(msg("plain-quotient-product", &[("product", Arg::from(view.product.name()))]));
        }
        Teaching::Fibonacci(view) => {
            let terms = view.terms.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ");
            lines.push(msg(
                "plain-zeckendorf",
                &[("heap", Arg::from(view.heap)), ("terms", Arg::from(terms))],
            ));
        }
    }
    lines.push(reason(lang, teaching));
    lines
}

/// How many binary digits the largest of `heaps` takes (at least one).
fn binary_width(heaps: &[u64]) -> usize {
    heaps.iter().map(|&h| 64 - h.leading_zeros() as usize).max().unwrap_or(1).max(1)
}
