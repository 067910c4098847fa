//! The game screen's geometry, computed once per frame and shared by the drawing and the mouse:
//! the header (wrapped), the board sized to its heaps and centred, tokens grown into blocks while
//! there is room, a cut heap's first and last tokens, the rows scrolled when there are more than
//! fit, the panel beside the board with each heap's line level with its tokens (or under it), the
//! move list beside or under it; and what a click on a token picks.
//!
//! At small sizes things give way in this order: the blank rows between heaps, the panel's working
//! (cut to the rows left), the panel's head line, the panel beside the board (it goes under the
//! board, then away), the board's rows (they scroll, with a mark saying how many are above and
//! below, the chosen heap kept in view), the move list beside the board (under it when its column
//! would push the panel under the board), the move list under the board (it keeps to the rows left
//! after the lines under the board); last of all the lines under the board (the prompt and the
//! hint), which always keep their rows.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::app::{Game, Msg, Panels};
use crate::i18n::{self, Arg};

use super::panel::{self, Levels};
use super::text::wrap;
use crate::i18n::Language;

/// The smallest terminal the game draws in; below it a short message asks for more room.
pub const MIN_WIDTH: u16 = 44;

/// Cells before the tokens: the selection arrow and the heap number, then a bar.
pub(super) const LABEL_CELLS: u16 = 8;
/// Rows of messages under the board: the move being chosen, a note, the coach, the hint.
/// A stage shorter than this stands at the top of its room, with no blank row above the board.
const SHORT_STAGE: u16 = 16;

/// Rows beyond the lines' own the large grid of Wythoff's queen leaves under the board, so that a
/// long hint still wraps whole under it (#35).
const LARGE_GRID_SPARE: u16 = 8;
const INFO_ROWS: u16 = 4;
/// Rows that are always there: the header, the board's frame, the messages, the status line.
const CHROME_ROWS: u16 = 4 + INFO_ROWS;
/// Tokens this many rows tall and more have their numbers drawn large (the count, the binary
/// digits): the sizes of a projector's screen, such as 140x45.
const BIG_ROWS: u16 = super::digits::HEIGHT;
/// The most rows the header wraps into; past them its last row ends in an ellipsis.
const HEADER_ROWS: usize = 4;
/// Columns between the board and a panel beside it.
const GAP: u16 = 2;

/// How big a token is drawn: `cell` columns (the glyph and the space after it) by `height` rows.
/// The smallest is a glyph and a space on one row; bigger ones are blocks, roughly square on
/// screen (a terminal's cell is about twice as tall as it is wide).
const SCALES: [(u16, u16); 5] = [(2, 1), (4, 2), (6, 3), (8, 4), (10, 5)];

/// Where one heap's row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapRow {
    pub heap: usize,
    /// The row of the label and the count (the token blocks' top row).
    pub y: u16,
    /// Rows a token takes.
    pub height: u16,
    /// Column of the first token.
    pub x: u16,
    /// Columns a token takes, the space after it included.
    pub cell: u16,
    /// Tokens drawn from the start of the heap.
    pub shown: u64,
    /// Whether the heap holds more than can be drawn: then a mark follows the first `shown`
    /// tokens and the last `tail` tokens are drawn after it.
    pub truncated: bool,
    /// Tokens drawn after the mark of a cut row: the end of the heap, where a move takes from.
    pub tail: u64,
}

impl HeapRow {
    /// The token slots drawn: the tokens, and the mark of a cut row.
    pub fn slots(&self) -> u64 {
        self.shown + u64::from(self.truncated) + self.tail
    }

    /// The count a click on slot `slot` picks in a heap of `size`: that token and every one after it.
    fn pick(&self, slot: u64, size: u64) -> Option<u64> {
        if slot < self.shown {
            return Some(size - slot);
        }
        if !self.truncated {
            return None;
        }
        if slot == self.shown {
            // The mark stands for the tokens not drawn, so it picks them and the tail.
            return Some(size - self.shown);
        }
        let into_tail = slot - self.shown - 1;
        (into_tail < self.tail).then(|| self.tail - into_tail)
    }
}

/// The game screen's geometry, shared by drawing and the mouse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLayout {
    /// The header: the game's name and its whole rule, wrapped over up to three rows.
    pub header: Rect,
    pub board: Rect,
    /// Where the teaching panel goes, when it is on and there is room.
    pub panel: Option<Rect>,
    /// Where the panel's lines stand when the panel is beside the board: level with the heaps.
    pub levels: Option<Levels>,
    pub info: Rect,
    pub status: Rect,
    /// Where the move list goes, when it is on: beside the board, or under the lines under it.
    pub history: Option<Rect>,
    /// The heaps' rows shown: all of them, or a window around the chosen heap.
    pub rows: Vec<HeapRow>,
    /// Heaps scrolled out of view above and below the rows shown.
    pub above: usize,
    pub below: usize,
    /// Column where the counts start (right-aligned to the board's inner edge).
    pub count_x: u16,
    pub count_width: u16,
    /// Whether numbers are drawn large: the rows are tall enough for big digits.
    pub big: bool,
}

/// Rows the game screen needs: one heap's row (the others scroll, as a line of pins does), and the
/// chrome around it.
pub fn min_height(_game: &Game) -> u16 {
    MIN_HEIGHT
}

/// The fewest rows the game draws in: a game's chrome and one row of the board. The start screen
/// keeps to it too (its menu scrolls).
pub const MIN_HEIGHT: u16 = CHROME_ROWS + 1;

/// Lays out the board in `area` without the move list; see [`board_layout_with`].
pub fn board_layout(lang: Language, game: &Game, area: Rect, binary: bool) -> BoardLayout {
    board_layout_with(lang, game, area, binary, false)
}

/// Lays out the board with `panels` on.
pub fn layout_for(lang: Language, game: &Game, area: Rect, panels: Panels) -> BoardLayout {
    board_layout_with(lang, game, area, panels.binary, panels.history)
}

/// The move list's width beside the board: as wide as its longest line wants, within reason.
fn history_width(lang: Language, game: &Game) -> u16 {
    let heaps = game.start().len() as u16;
    let widest = game.start().iter().map(|h| h.to_string().len() as u16).max().unwrap_or(1);
    // "  1. You: 2 from heap 1 → " and the heaps after the move; at least as wide as such a line
    // measured in the language and with the names of the moment ("  1. 电脑：第 3 堆取 1 枚 → ").
    let most = 10u64.saturating_pow(u32::from(widest)).saturating_sub(1);
    let names = [crate::domain::Seat::First, crate::domain::Seat::Second]
        .map(|seat| game.name(lang, seat).to_string());
    let measured = names
        .iter()
        .map(|name| {
            let words = format!("{} ", crate::words::listed_take(lang, usize::from(heaps.max(1)), most));
            let line = i18n::text_with(
                lang,
                "moves-line",
                &[("p", Arg::from(name.as_str())), ("m", Arg::from(words))],
            );
            // The number and its dot before, the arrow after, and the frame.
            (5 + Span::raw(line).width() + 2 + 2) as u16
        })
        .max()
        .unwrap_or(0);
    (28.max(measured) + heaps * (widest + 1)).clamp(32, 64)
}

/// The header's parts: the program's name, the game's title (or the mode's, for Nim), and the
/// rule, which wraps.
pub(super) fn header_parts(lang: Language, game: &Game, width: u16) -> (String, String, String) {
    let kind = game.rules.kind;
    let mode = game.mode();
    if kind == crate::engine::GameKind::default() {
        let title = crate::words::capitalised(crate::words::mode_title(lang, mode));
        (" nim-tui ".into(), header_title(lang, title), crate::words::mode_rule(lang, mode).into())
    } else {
        let title = crate::words::capitalised(&crate::words::title(lang, kind));
        // A title too long for the first row beside the rule's start (Bachet's game named by its
        // set, at 50 columns) gives way to the game's short name, rather than being cut.
        let room = usize::from(width).saturating_sub(" nim-tui ".len() + 3 + 12);
        let title = match Span::raw(title.as_str()).width() > room {
            true => crate::words::short_title(lang, kind),
            false => title,
        };
        let rule = i18n::text_with(
            lang,
            "header-rule",
            &[
                ("r", Arg::from(crate::words::rule(lang, kind))),
                ("c", Arg::from(crate::words::game_mode_rule(lang, kind, mode))),
            ],
        );
        (" nim-tui ".into(), header_title(lang, title), rule)
    }
}

/// The header's title before the rule: ` Kayles: `.
fn header_title(lang: Language, title: String) -> String {
    // The message ends with its own gap: a space after a colon, none after a full-width one.
    format!(" {}", i18n::text_with(lang, "header-title", &[("title", Arg::from(title))]))
}

/// The header's rule wrapped for a screen `width` columns wide: the rows after the name and the
/// title, each indented under the rule's start (or by one column on a narrow screen).
pub(super) fn header_rows(lang: Language, game: &Game, width: u16) -> (u16, Vec<Line<'static>>) {
    let (name, title, rule) = header_parts(lang, game, width);
    let prefix = Span::raw(name.as_str()).width() + Span::raw(title.as_str()).width();
    // Under the rule's start while that takes two rows at most, else from the screen's edge.
    let wrapped =
        |indent: usize| wrap(&Line::raw(rule.clone()), usize::from(width).saturating_sub(indent).max(8));
    let under = (prefix * 2 <= usize::from(width)).then(|| wrapped(prefix)).filter(|lines| lines.len() <= 2);
    match under {
        Some(lines) => (prefix as u16, lines),
        None => {
            // The first row holds the rule's start after the title; the rest from column 1.
            let first = wrap(&Line::raw(rule.clone()), usize::from(width).saturating_sub(prefix).max(8));
            let head = first.first().cloned().unwrap_or_default();
            let rest_text: String = rule.chars().skip(head.to_string().chars().count()).collect();
            let mut lines = vec![head];
            if !rest_text.trim().is_empty() {
                lines.extend(wrap(
                    &Line::raw(rest_text.trim_start().to_string()),
                    usize::from(width).saturating_sub(1),
                ));
            }
            (1, lines)
        }
    }
}

/// Lays out the board in `area`, which must be at least the minimum size. The board is sized to
/// its heaps and centred with what goes beside and under it; tokens grow while there is room.
/// With `history`, the move list takes a column on the right when the screen is wide enough, and
/// otherwise the rows under the lines under the board.
pub fn board_layout_with(
    lang: Language,
    game: &Game,
    area: Rect,
    binary: bool,
    history: bool,
) -> BoardLayout {
    let beside = history && area.width >= MIN_WIDTH + 24 + GAP;
    let layout = layout_with_history(lang, game, area, binary, history, beside);
    // A panel level with the heaps comes before a move list beside them: when the list's column
    // would push the panel under the board, the list goes under the board instead.
    if beside && binary && layout.levels.is_none() {
        let under = layout_with_history(lang, game, area, binary, history, false);
        if under.levels.is_some() {
            return under;
        }
    }
    layout
}

/// The layout with the move list beside the board (`beside`) or under it.
fn layout_with_history(
    lang: Language,
    game: &Game,
    area: Rect,
    binary: bool,
    history: bool,
    beside: bool,
) -> BoardLayout {
    let wanted = history_width(lang, game);
    let history_width = wanted.min(area.width.saturating_sub(MIN_WIDTH + GAP));
    // Under the board, the move list takes as many rows as it has lines (and its frame), up to
    // six, from the bottom of the screen; the board scrolls to make room, if it must.
    let under = match history && !beside {
        true => (game.moves().len() as u16 + 3).min(6).min(area.height.saturating_sub(CHROME_ROWS + 1)),
        false => 0,
    };
    let under = if under >= 3 { under } else { 0 };
    let room = match beside {
        true => Rect { width: area.width - history_width - GAP, ..area },
        false => Rect { height: area.height - under, ..area },
    };
    let mut layout = layout_without_history(lang, game, room, binary, area);
    if history {
        layout.history = if beside {
            let top = layout.header.bottom() + 1;
            Some(Rect {
                x: room.right() + GAP - 1,
                y: top,
                width: history_width,
                height: layout.status.y - top,
            })
        } else if under > 0 {
            let list = Rect { y: room.bottom() - 1, height: under, ..layout.info };
            // The status line goes back to the screen's last row, under the list.
            layout.status.y = area.bottom() - 1;
            Some(list)
        } else {
            None
        };
    }
    layout
}

/// The board's width for its heaps at `scale`, and the width it would need to draw the widest
/// heap whole.
fn board_width(
    lang: Language,
    game: &Game,
    scale: (u16, u16),
    count_width: u16,
    max_width: u16,
) -> (u16, u16) {
    let (cell, _) = scale;
    let widest = game.start().iter().copied().max().unwrap_or(1).max(1).min(u64::from(u16::MAX));
    // Label, tokens (the last one without its space), two columns, the count, a column; the frame.
    // At least room for "(empty)", which an emptied heap shows in place of its tokens.
    let empty = Span::raw(crate::words::empty_heap(lang)).width() as u16 + 1;
    let tokens = (widest as u16).saturating_mul(cell).saturating_sub(1).max(empty);
    let count = if scale.1 >= BIG_ROWS { count_width * (super::digits::WIDTH + 1) } else { count_width };
    let title = title_width(lang, game) as u16 + 4;
    // Wythoff's queen on her grid under the heaps, with her caption, inside the frame.
    let grid = match super::queen::width(game) {
        0 => 0,
        width => width + 2,
    };
    let needed = (LABEL_CELLS + 2 + count + 1 + 2).saturating_add(tokens).max(title).max(grid);
    (needed.min(max_width), needed)
}

/// The rows a board of `heaps` rows takes at `height` rows a token with `gap` rows between heaps
/// and `pad` blank rows above and below them, frame included.
fn board_rows(heaps: u16, height: u16, gap: u16, pad: u16) -> u16 {
    heaps * height + heaps.saturating_sub(1) * gap + 2 * pad + 2
}

/// The frame's title: what the rows are, misère's rule, Fibonacci Nim's limit.
pub(super) fn title_text(lang: Language, game: &Game) -> (String, Option<String>) {
    let kind = game.rules.kind;
    let described = kind.describe();
    let heaps_word = match (crate::words::frame_title(lang, kind), described.shape) {
        (Some(title), _) => format!(" {title} "),
        (None, crate::engine::MoveShape::OneHeap { cap: crate::engine::Cap::Limit }) => {
            match limit_text(lang, game) {
                Some(text) => {
                    format!(" {} ", i18n::text_with(lang, "frame-heap-limit", &[("limit", Arg::from(text))]))
                }
                None => format!(" {} ", i18n::text(lang, "frame-heap")),
            }
        }
        _ => format!(" {} ", i18n::text(lang, "frame-heaps")),
    };
    let misere = match game.mode() {
        crate::engine::Mode::Normal => None,
        crate::engine::Mode::Misere => {
            let rule = crate::words::short_rule(lang, kind, crate::engine::Mode::Misere);
            Some(format!(
                "{} ",
                i18n::text_with(lang, "frame-misere", &[("rule", Arg::from(rule.to_string()))])
            ))
        }
    };
    (heaps_word, misere)
}

/// The columns the frame's title takes, so that the board is made wide enough to hold it whole.
pub(super) fn title_width(lang: Language, game: &Game) -> usize {
    let (title, misere) = title_text(lang, game);
    Span::raw(title).width() + misere.map_or(0, |m| Span::raw(m).width())
}

/// The limit a move sets for the next (Fibonacci Nim's) in words: "take 1 to 6", or the first
/// move's rule.
fn limit_text(lang: Language, game: &Game) -> Option<String> {
    if !game.rules.kind.describe().has_limit() || game.over.is_some() {
        return None;
    }
    let heap = game.position().heap(0).unwrap_or(0);
    Some(match game.position().limit() {
        None => i18n::text_with(
            lang,
            "frame-first-limit",
            &[("most", Arg::from(heap.saturating_sub(1).to_string()))],
        ),
        Some(limit) => {
            i18n::text_with(lang, "frame-limit", &[("most", Arg::from(limit.min(heap).to_string()))])
        }
    })
}

/// One way to lay the board out: its scale, the rows between heaps, the blank rows above and
/// below them, whether the panel is beside it, how many heaps are shown, and the game's picture:
/// the rows under the heaps (Fibonacci Nim's bracket, Wythoff's grid), or the board's rows when a
/// line of pins is drawn in place of rows of tokens.
#[derive(Debug, Clone, Copy, Default)]
struct Plan {
    scale: (u16, u16),
    gap: u16,
    pad: u16,
    beside: bool,
    width: u16,
    panel_width: u16,
    shown: u16,
    picture: u16,
    pins: Option<u16>,
}

impl Plan {
    /// The rows the board takes, frame included.
    fn rows(&self) -> u16 {
        match self.pins {
            Some(rows) => rows,
            None => board_rows(self.shown, self.scale.1, self.gap, self.pad) + self.picture,
        }
    }
}

fn layout_without_history(lang: Language, game: &Game, room: Rect, binary: bool, area: Rect) -> BoardLayout {
    let heaps = game.position().len() as u16;
    let (_, header_lines) = header_rows(lang, game, area.width);
    let header_height = header_lines.len().clamp(1, HEADER_ROWS) as u16;
    // The header gives its extra rows back on a screen too short for them.
    let header_height = header_height.min(room.height.saturating_sub(CHROME_ROWS + 1) + 1);
    let header = Rect { height: header_height, width: area.width, ..room };
    let status = Rect { y: room.bottom().saturating_sub(1), height: 1, width: area.width, ..room };
    let body = Rect { y: header.bottom(), height: status.y.saturating_sub(header.bottom()), ..room };
    // A blank column each side of the stage.
    let stage = Rect { x: body.x + 1, width: body.width.saturating_sub(2), ..body };
    let count_width = game.start().iter().map(|&h| h.to_string().len() as u16).max().unwrap_or(1).max(3);
    let column_room = stage.height.saturating_sub(INFO_ROWS);

    // The panel beside the board needs the rows of the heaps, a head row above them (the board's
    // blank row) and its tail under them; the tail may reach below the board.
    let panel_fits = |plan: &Plan| -> Option<u16> {
        if plan.pins.is_some() {
            return (panel::MIN_HEIGHT <= column_room).then_some(panel::MIN_HEIGHT);
        }
        let big = plan.scale.1 >= BIG_ROWS;
        let heaps_rows = plan.shown * plan.scale.1 + plan.shown.saturating_sub(1) * plan.gap;
        let least = 1 + plan.pad + heaps_rows + panel::least_tail_rows(game, big);
        (least <= column_room).then_some(least)
    };
    // Fibonacci Nim's limit is drawn on a row of its own under the heap.
    let bracket = u16::from(game.rules.kind.describe().has_limit());
    let title = title_width(lang, game) as u16 + 4;
    // A game with a picture of its own is sized by it (a line of pins wraps when it must): its
    // width, its rows and the width of the whole line; `None` for rows of tokens.
    let pins_of = |max_width: u16, scale: (u16, u16)| {
        super::pins::size(game, max_width, title, scale.1)
            .or_else(|| super::disguise::size(lang, game, max_width, title, scale.1))
    };
    // `grid`: the rows of Wythoff's queen on her grid under the heaps (0 for none).
    let try_fit = |scale: (u16, u16), beside: bool, grid: u16| -> Option<Plan> {
        let big = scale.1 >= BIG_ROWS;
        let natural = if binary { panel::width(lang, game, big) } else { 0 };
        // Beside the board the panel gets at least 30 columns, or its working wraps word by word.
        let panel_width = natural.max(30);
        let max_width = if beside { stage.width.saturating_sub(panel_width + GAP) } else { stage.width };
        let pins = pins_of(max_width, scale);
        let (width, needed) = match pins {
            Some((width, _, whole)) => (width, whole),
            None => board_width(lang, game, scale, count_width, max_width),
        };
        // Wythoff's grid at its large scale asks for its own width (#35).
        let (width, needed) = match super::queen::width_for(game, grid) {
            0 => (width, needed),
            columns => (width.max((columns + 2).min(max_width)), needed.max(columns + 2)),
        };
        let gap = u16::from(scale.1 > 1 && pins.is_none());
        let pad = u16::from((scale.1 > 1 || beside) && pins.is_none());
        let picture = bracket + grid;
        let plan = Plan {
            scale,
            gap,
            pad,
            beside,
            width,
            panel_width,
            shown: heaps,
            picture,
            pins: pins.map(|(_, rows, _)| rows),
        };
        let rows = plan.rows();
        // Big tokens leave two fifths of the room free, so the board never crowds the screen.
        let limit = if scale.1 > 1 { stage.height * 3 / 5 } else { column_room };
        // A game's picture (Wythoff's grid) never squeezes the panel under the board.
        let least = if grid > 0 { panel::full_height(lang, game, panel_width) } else { panel::MIN_HEIGHT };
        let below = if binary && !beside { least } else { 0 };
        // The large grid only with rows to spare for a long hint under the board.
        let spare = if super::queen::is_large(game, grid) { LARGE_GRID_SPARE } else { 0 };
        let ok = needed <= max_width
            && rows + below + spare <= limit.min(column_room)
            && (!beside || panel_fits(&plan).is_some());
        ok.then_some(plan)
    };
    // Failing every whole board: the smallest tokens, rows cut short, and as many heaps as fit
    // (the rest scroll); the panel beside it while it has 24 columns or more.
    let fallback = || {
        // The panel's digits without the nim-sum's value after them, beside a board of 28
        // columns at least (its rows are cut short with a mark).
        let natural = if binary { panel::width(lang, game, false) } else { 0 };
        let least = natural.saturating_sub(6).max(24);
        let beside = binary && stage.width >= least + GAP + 28;
        let panel_width = if beside { natural.min(stage.width - GAP - 28) } else { natural.min(stage.width) };
        let max_width = if beside { stage.width - panel_width - GAP } else { stage.width };
        let below = if binary && !beside { panel::MIN_HEIGHT } else { 0 };
        // A line of pins wraps to the width there is and scrolls: its rows are cut to the room.
        if let Some((width, rows, _)) = pins_of(max_width, SCALES[0]) {
            let rows = rows.min(column_room.saturating_sub(below)).max(3);
            let plan = Plan { pad: 0, shown: heaps, picture: 0, pins: Some(rows), ..Plan::default() };
            return Plan { scale: SCALES[0], beside, width, panel_width, ..plan };
        }
        let (width, _) = board_width(lang, game, SCALES[0], count_width, max_width);
        let pad = u16::from(beside);
        let least_tail = if beside { panel::least_tail_rows(game, false) } else { 0 };
        // Wythoff's grid too when it fits under every heap, at its largest that does.
        let grid = super::queen::heights(game)
            .into_iter()
            .find(|&grid| board_rows(heaps, 1, 0, pad) + bracket + grid + below <= column_room)
            .unwrap_or(0);
        let picture = bracket + grid;
        let fit = column_room
            .saturating_sub(2 * pad + 2 + below + picture)
            .min(column_room.saturating_sub(1 + pad + least_tail));
        let shown = heaps.min(fit.max(1));
        Plan { scale: SCALES[0], gap: 0, pad, beside, width, panel_width, shown, picture, pins: None }
    };
    // With the game's picture at its largest that fits at some scale, else smaller, else without.
    let grids: Vec<u16> = super::queen::heights(game).into_iter().chain([0]).collect();
    let mut plan = grids
        .iter()
        .flat_map(|&grid| [(true, grid), (false, grid)])
        .filter(|&(beside, _)| binary || !beside)
        .find_map(|(beside, grid)| SCALES.iter().rev().find_map(|&scale| try_fit(scale, beside, grid)))
        .unwrap_or_else(fallback);
    let big = plan.scale.1 >= BIG_ROWS;

    // A blank row between small rows too, when there is room for it and the panel.
    let panel_tail = |width: u16| if binary { panel::tail_rows(lang, game, width, big) } else { 0 };
    if plan.scale.1 == 1 && plan.shown == heaps && heaps > 1 && plan.pins.is_none() {
        let roomy = Plan { gap: 1, pad: 1, ..plan };
        let rows = roomy.rows();
        let beside_rows = 2 + heaps * 2 - 1 + panel_tail(plan.panel_width);
        let below = if binary && !plan.beside { panel::full_height(lang, game, plan.panel_width) } else { 0 };
        let column = if plan.beside { rows.max(beside_rows) } else { rows + below };
        if column <= column_room {
            plan = roomy;
        }
    }
    let Plan { scale, gap, pad, beside, width, .. } = plan;
    let shown = plan.shown;
    let board_height = plan.rows();

    // Beside the board the panel is as wide as the room left allows, up to its natural width
    // (and at least wide enough for its working to read).
    let natural = if binary { panel::width(lang, game, big) } else { 0 };
    let panel_width = match beside {
        true => stage.width.saturating_sub(width + GAP).min(natural.max(40)),
        false => natural.max(40).min(stage.width),
    };
    let heaps_rows = shown * scale.1 + shown.saturating_sub(1) * gap;
    // Beside: the panel's rows reach as far as its tail wants, within the room.
    // Beside a line of pins, which has no rows to be level with, the panel stacks from the top.
    let panel_height = match (beside, plan.pins) {
        (true, None) => (1 + pad + heaps_rows + panel_tail(panel_width))
            .min(column_room)
            .max(board_height.min(column_room)),
        (true, Some(_)) => {
            panel::full_height(lang, game, panel_width).min(column_room).max(board_height.min(column_room))
        }
        (false, _) => 0,
    };
    let column = board_height.max(panel_height);
    // Under the board the panel takes the rows there are, up to its full height.
    let spare = column_room.saturating_sub(column);
    let below = match binary && !beside {
        true => spare.min(panel::full_height(lang, game, panel_width)),
        false => 0,
    };
    let below = if below >= panel::MIN_HEIGHT { below } else { 0 };
    let total = column + below + INFO_ROWS;
    // The stage stands in the middle of the room, a little above the centre; on a short screen
    // at the top, so that the lines under the board (a long hint wraps to six rows at 50
    // columns) get every row there is (#35).
    let top = match stage.height < SHORT_STAGE {
        true => stage.y,
        false => stage.y + stage.height.saturating_sub(total) / 3,
    };
    let group =
        if beside { width + GAP + panel_width } else { width.max(if below > 0 { panel_width } else { 0 }) };
    let left = stage.x + stage.width.saturating_sub(group) / 2;
    let board = Rect { x: left, y: top, width, height: board_height };

    // The heaps shown: all, or a window around the chosen one.
    // The heap in view: the chosen one, or the one the AI's move is about to take from.
    let focus = match (&game.pending, game.your_turn()) {
        (Some(mv), false) => match mv {
            crate::engine::Move::Split { heap, .. } => *heap,
            mv => mv.takes().first().map_or(game.selected, |t| t.heap),
        },
        _ => game.selected,
    };
    let chosen = focus.min(usize::from(heaps.saturating_sub(1)));
    let first = chosen.saturating_sub(usize::from(shown) / 2).min(usize::from(heaps - shown.min(heaps)));
    let above = first;
    let below_heaps = usize::from(heaps).saturating_sub(first + usize::from(shown));

    let inner = board.inner(ratatui::layout::Margin::new(1, 1));
    let count_x = inner.right().saturating_sub(count_width + 1);
    let x = inner.x + LABEL_CELLS;
    let (cell, height) = scale;
    // Slots for tokens between the label and the count, two columns before the count.
    let count_cells = if big { count_width * (super::digits::WIDTH + 1) } else { count_width };
    let count_x = if big { inner.right().saturating_sub(count_cells + 1) } else { count_x };
    let capacity = u64::from((count_x.saturating_sub(x + 1) + 1) / cell);
    let rows: Vec<HeapRow> = (first..first + usize::from(shown))
        .map(|heap| {
            let size = game.position().heap(heap).unwrap_or(0);
            let y = inner.y + pad + (heap - first) as u16 * (height + gap);
            let truncated = size > capacity;
            // A cut row keeps a third of its slots for the end of the heap, after the mark.
            let (shown, tail) = match truncated {
                false => (size, 0),
                true => {
                    let tail = capacity.saturating_sub(1) / 3;
                    (capacity.saturating_sub(1 + tail), tail)
                }
            };
            HeapRow { heap, y, height, x, cell, shown, truncated, tail }
        })
        .collect();

    let (panel, levels) = if beside {
        let rect = Rect { x: left + width + GAP, y: top, width: panel_width, height: panel_height };
        let levels = plan.pins.is_none().then(|| Levels {
            head: (pad > 0).then_some(top + pad),
            rows: rows.iter().map(|r| (r.heap, r.y, r.height)).collect(),
            tail: inner.y + pad + heaps_rows,
            big,
        });
        (Some(rect), levels)
    } else if below > 0 {
        (Some(Rect { x: left, y: top + board_height, width: panel_width, height: below }), None)
    } else {
        (None, None)
    };
    // The messages are as wide as what stands above them, and at least wide enough to read.
    let info_width = group.max(72).min(stage.width);
    let info_x = stage.x + stage.width.saturating_sub(info_width) / 2;
    // At least its four rows, and every row down to the status line, so a long hint is not cut.
    let info_y = top + column + below;
    let info = Rect {
        x: info_x,
        y: info_y,
        width: info_width,
        height: status.y.saturating_sub(info_y).max(INFO_ROWS),
    };
    BoardLayout {
        header,
        board,
        panel,
        levels,
        info,
        status,
        history: None,
        rows,
        above,
        below: below_heaps,
        count_x,
        count_width: if big { count_cells } else { count_width },
        big,
    }
}

/// The board's inside under its last heap's row: where a game's picture below the heaps goes
/// (Wythoff's grid), when the layout left room for it.
pub(super) fn under_rows(layout: &BoardLayout) -> Rect {
    let inner = layout.board.inner(ratatui::layout::Margin::new(1, 1));
    let top = layout.rows.last().map_or(inner.y, |row| row.y + row.height).clamp(inner.y, inner.bottom());
    Rect { y: top, height: inner.bottom() - top, ..inner }
}

/// What a click at (`column`, `row`) on the game screen picks: the token's heap, and the count from
/// that token to the end of the heap.
pub fn hit(lang: Language, game: &Game, panels: Panels, area: Rect, column: u16, row: u16) -> Option<Msg> {
    let layout = layout_for(lang, game, area, panels);
    if let Some(picked) = super::pins::hit(game, layout.board, column, row) {
        return picked;
    }
    if let Some(picked) = super::disguise::hit(lang, game, layout.board, column, row) {
        return picked;
    }
    if let Some(picked) = super::queen::hit(game, under_rows(&layout), column, row) {
        return picked;
    }
    let heap_row = layout.rows.iter().find(|r| (r.y..r.y + r.height).contains(&row))?;
    let size = game.position().heap(heap_row.heap)?;
    if size == 0 || column < heap_row.x {
        return None;
    }
    let slot = u64::from((column - heap_row.x) / heap_row.cell);
    if slot >= heap_row.slots() {
        return None;
    }
    // Kayles picks the pin clicked; a split keeps the tokens before the one clicked.
    let shape = game.rules.kind.describe().shape;
    match (shape, shape.alternative(), game.switched) {
        (crate::engine::MoveShape::Pins { .. }, _, _) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot + 1 });
        }
        (_, Some(crate::engine::Alternative::Split), true) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot.max(1) });
        }
        _ => {}
    }
    heap_row.pick(slot, size).map(|count| Msg::Pick { heap: heap_row.heap, count })
}
