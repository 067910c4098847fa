//! The game screen: the heaps as rows of tokens, the move being chosen, and the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{Action, App, Command, Game, Msg, Note, Panels, PuzzleRun, Screen};
use crate::domain::{Players, Seat};
use crate::engine::{Move, Rules};

use super::Look;
use crate::theme::Glyphs;

/// Cells before the tokens: the selection arrow and the heap number, then a bar.
const LABEL_CELLS: u16 = 8;
/// Rows of messages under the board: the move being chosen, a note, the coach, the hint.
const INFO_ROWS: u16 = 4;
/// Rows that are always there: the header, the board's frame, the messages, the status line.
const CHROME_ROWS: u16 = 4 + INFO_ROWS;
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
    fn slots(&self) -> u64 {
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
    pub header: Rect,
    pub board: Rect,
    /// Where the binary view goes, when it is on and there is room.
    pub panel: Option<Rect>,
    pub info: Rect,
    pub status: Rect,
    /// Where the move list goes, when it is on: beside the board, or in place of the lines under it
    /// on a narrow screen.
    pub history: Option<Rect>,
    pub rows: Vec<HeapRow>,
    /// Column where the counts start (right-aligned to the board's inner edge).
    pub count_x: u16,
    pub count_width: u16,
}

/// Rows the game screen needs: a heap a row, and the chrome around them.
pub fn min_height(game: &Game) -> u16 {
    (game.position().len() as u16).saturating_add(CHROME_ROWS)
}

/// Lays out the board in `area` without the move list; see [`board_layout_with`].
pub fn board_layout(game: &Game, area: Rect, binary: bool) -> BoardLayout {
    board_layout_with(game, area, binary, false)
}

/// Lays out the board with `panels` on.
pub fn layout_for(game: &Game, area: Rect, panels: Panels) -> BoardLayout {
    board_layout_with(game, area, panels.binary, panels.history)
}

/// The move list's width beside the board: as wide as its longest line wants, within reason.
fn history_width(game: &Game) -> u16 {
    let heaps = game.start().len() as u16;
    let widest = game.start().iter().map(|h| h.to_string().len() as u16).max().unwrap_or(1);
    // "  1. You: 2 from heap 1 → " and the heaps after the move.
    (28 + heaps * (widest + 1)).clamp(32, 64)
}

/// Lays out the board in `area`, which must be at least the minimum size. The board is sized to
/// its heaps and centred with what goes beside and under it; tokens grow while there is room.
/// With `history`, the move list takes a column on the right when the screen is wide enough, and
/// otherwise the lines under the board.
pub fn board_layout_with(game: &Game, area: Rect, binary: bool, history: bool) -> BoardLayout {
    let wanted = history_width(game);
    let beside = history && area.width >= super::MIN_WIDTH + 24 + GAP;
    let history_width = wanted.min(area.width.saturating_sub(super::MIN_WIDTH + GAP));
    let room = if beside { Rect { width: area.width - history_width - GAP, ..area } } else { area };
    let mut layout = layout_without_history(game, room, binary, area);
    if history {
        layout.history = Some(if beside {
            let top = layout.header.bottom() + 1;
            Rect { x: room.right() + GAP - 1, y: top, width: history_width, height: layout.status.y - top }
        } else {
            layout.info
        });
    }
    layout
}

/// The board's width and height for its heaps at `scale`, the rows between heaps, and the width it
/// would need to draw the widest heap whole.
fn board_size(game: &Game, scale: (u16, u16), count_width: u16, max_width: u16) -> (u16, u16, u16, u16) {
    let (cell, height) = scale;
    let heaps = game.position().len() as u16;
    let widest = game.start().iter().copied().max().unwrap_or(1).max(1).min(u64::from(u16::MAX));
    // Label, tokens (the last one without its space), two columns, the count, a column; the frame.
    let tokens = (widest as u16).saturating_mul(cell).saturating_sub(1);
    let title = if game.mode() == crate::engine::Mode::Misere { 38 } else { 30 };
    let needed = (LABEL_CELLS + 2 + count_width + 1 + 2).saturating_add(tokens).max(title);
    let gap = if height > 1 { 1 } else { 0 };
    let rows = heaps * height + heaps.saturating_sub(1) * gap;
    // Big tokens get a blank row above and below them inside the frame.
    let padding = if height > 1 { 2 } else { 0 };
    (needed.min(max_width), rows + 2 + padding, gap, needed)
}

fn layout_without_history(game: &Game, room: Rect, binary: bool, area: Rect) -> BoardLayout {
    let heaps = game.position().len() as u16;
    let [header, body, status] =
        Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1)]).areas(room);
    let (header, status) = (Rect { width: area.width, ..header }, Rect { width: area.width, ..status });
    // A blank column each side of the stage.
    let stage = Rect { x: body.x + 1, width: body.width.saturating_sub(2), ..body };
    let count_width = game.start().iter().map(|&h| h.to_string().len() as u16).max().unwrap_or(1).max(3);
    let natural = if binary { super::binary::width(game) } else { 0 };
    let panel_full = super::binary::full_height(game);

    // The rows the board takes with the panel beside it: the taller of the two.
    let column_of = |board: u16, beside: bool| match beside {
        true => board.max(panel_full.min(stage.height.saturating_sub(INFO_ROWS))),
        false => board,
    };

    // The biggest tokens that draw every heap whole, with the panel beside the board if it fits
    // there, else under it; failing both, the smallest tokens and rows cut short.
    let try_fit = |scale: (u16, u16), beside: bool| {
        // Beside the board the panel gets at least 30 columns, or its working wraps word by word.
        let max_width = if beside { stage.width.saturating_sub(natural.max(30) + GAP) } else { stage.width };
        let (width, height, gap, needed) = board_size(game, scale, count_width, max_width);
        let below = if binary && !beside { super::binary::MIN_HEIGHT } else { 0 };
        let column = column_of(height, beside);
        // Big tokens leave two fifths of the room free, so the board never crowds the screen (and a
        // key press repaints few cells: see the README's performance section).
        let limit = if scale.1 > 1 { stage.height * 3 / 5 } else { stage.height };
        let ok = needed <= max_width && column + below + INFO_ROWS <= limit;
        ok.then_some((scale, width, height, gap, beside))
    };
    let fallback = || {
        let beside = binary && stage.width >= natural + GAP + 30;
        let max_width = if beside { stage.width - natural - GAP } else { stage.width };
        let (width, height, gap, _) = board_size(game, SCALES[0], count_width, max_width);
        (SCALES[0], width, height, gap, beside)
    };
    let (scale, width, board_height, gap, beside) = [true, false]
        .into_iter()
        .filter(|&beside| binary || !beside)
        .find_map(|beside| SCALES.iter().rev().find_map(|&scale| try_fit(scale, beside)))
        .unwrap_or_else(fallback);
    // A blank row between small rows too, when there is room for it and the panel.
    let below_full = if binary && !beside { panel_full } else { 0 };
    let roomy =
        scale.1 == 1 && heaps > 1 && board_height + heaps + 1 + below_full + INFO_ROWS <= stage.height;
    let (gap, board_height) = if roomy { (1, board_height + heaps + 1) } else { (gap, board_height) };

    // Beside the board the panel is as wide as the room left allows, up to a comfortable width.
    let panel_width = match beside {
        true => stage.width.saturating_sub(width + GAP).min(natural.max(40)),
        false => natural.max(40).min(stage.width),
    };
    // Under the board the panel takes the rows there are, up to its full height.
    let spare = stage.height.saturating_sub(board_height + INFO_ROWS);
    let below = match binary && !beside {
        true => spare.min(panel_full),
        false => 0,
    };
    let column = column_of(board_height, beside);
    let total = column + below + INFO_ROWS;
    // The stage stands in the middle of the room, a little above the centre.
    let top = stage.y + stage.height.saturating_sub(total) / 3;
    let group =
        if beside { width + GAP + panel_width } else { width.max(if below > 0 { panel_width } else { 0 }) };
    let left = stage.x + stage.width.saturating_sub(group) / 2;
    let board = Rect { x: left, y: top, width, height: board_height };
    let panel = if beside {
        Some(Rect { x: left + width + GAP, y: top, width: panel_width, height: panel_full.min(column) })
    } else if below > 0 {
        Some(Rect { x: left, y: top + board_height, width: panel_width, height: below })
    } else {
        None
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

    let inner = board.inner(ratatui::layout::Margin::new(1, 1));
    let count_x = inner.right().saturating_sub(count_width + 1);
    let x = inner.x + LABEL_CELLS;
    let (cell, height) = scale;
    // Slots for tokens between the label and the count, two columns before the count.
    let capacity = u64::from((count_x.saturating_sub(x + 1) + 1) / cell);
    let rows = (0..game.position().len())
        .map(|heap| {
            let size = game.position().heap(heap).unwrap_or(0);
            let y = inner.y + u16::from(height > 1 || roomy) + heap as u16 * (height + gap);
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
    BoardLayout { header, board, panel, info, status, history: None, rows, count_x, count_width }
}

/// What a click at (`column`, `row`) on the game screen picks: the token's heap, and the count from
/// that token to the end of the heap.
pub fn hit(game: &Game, panels: Panels, area: Rect, column: u16, row: u16) -> Option<Msg> {
    let layout = layout_for(game, area, panels);
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
    match (game.rules.kind, game.switched) {
        (crate::engine::GameKind::Kayles, _) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot + 1 });
        }
        (crate::engine::GameKind::Lasker, true) if slot < heap_row.shown => {
            return Some(Msg::Pick { heap: heap_row.heap, count: slot.max(1) });
        }
        _ => {}
    }
    heap_row.pick(slot, size).map(|count| Msg::Pick { heap: heap_row.heap, count })
}

/// Draws a screen with a board: a game, a demo, a puzzle or a replay.
pub fn render(app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let Some(game) = app.game() else { return };
    let theme = &look.theme;
    let layout = layout_for(game, area, app.panels);
    let mode = game.mode();

    let kind = game.rules.kind;
    let header = match kind {
        crate::engine::GameKind::Nim => Line::from(vec![
            Span::styled(" nim-tui ", theme.strong(theme.accent)),
            Span::styled(format!(" {}: ", capitalised(mode.title())), theme.strong(theme.text)),
            Span::styled(mode.rule(), theme.fg(theme.text)),
        ]),
        // Another game: its name and rule, then the mode.
        _ => Line::from(vec![
            Span::styled(" nim-tui ", theme.strong(theme.accent)),
            Span::styled(format!(" {}: ", capitalised(&kind.title())), theme.strong(theme.text)),
            Span::styled(format!("{}; {}", kind.rule(), mode.rule()), theme.fg(theme.text)),
        ]),
    };
    shortened(header, usize::from(layout.header.width), &look.glyphs.ellipsis).render(layout.header, buf);

    // Misère cannot be missed: its own frame colour and its rule on the frame. Fibonacci Nim's
    // limit is on the frame too.
    let heaps_word = match kind {
        crate::engine::GameKind::Kayles => " Rows of pins ".to_string(),
        crate::engine::GameKind::Fibonacci => match fibonacci_limit(game) {
            Some(text) => format!(" Heap · {text} "),
            None => " Heap ".to_string(),
        },
        _ => " Heaps ".to_string(),
    };
    let (frame, title) = match mode {
        crate::engine::Mode::Normal => (theme.fg(theme.accent), Line::from(heaps_word)),
        crate::engine::Mode::Misere => (
            theme.strong(theme.ai),
            Line::from(vec![
                Span::raw(heaps_word),
                Span::styled("· MISÈRE: last token loses ", theme.strong(theme.ai)),
            ]),
        ),
    };
    Block::bordered().title(title).border_style(frame).render(layout.board, buf);
    let marked = match &app.screen {
        Screen::Replay(replay) => replay.next().cloned(),
        _ => game.marked(),
    };
    for row in &layout.rows {
        render_row(game, look, &layout, row, marked.as_ref(), buf);
    }

    if let Some(panel) = layout.panel {
        super::binary::render(game, look, panel, buf);
    }
    match layout.history {
        Some(history) => {
            if history != layout.info {
                render_info(game, app, look, layout.info, buf);
            }
            render_history(game, look, history, buf);
        }
        None => render_info(game, app, look, layout.info, buf),
    }
    render_status(game, app, look, layout.status, buf);
    if app.overlay.is_some() {
        return;
    }

    if let (Some(over), false) = (&game.over, matches!(app.screen, Screen::Replay(_))) {
        let style = seat_style(look, over.winner);
        let title = match (&game.players, over.winner) {
            (Players::Ai, Seat::First) => "You win!".to_string(),
            (Players::Ai, Seat::Second) => "You lose".to_string(),
            (_, winner) => format!("{} wins!", game.name(winner)),
        };
        let mut lines = vec![
            Line::styled(title, style.add_modifier(Modifier::BOLD)).centered(),
            Line::raw(over.reason.clone()).centered(),
        ];
        if game.players == Players::Ai && matches!(app.screen, Screen::Play(_)) {
            let help = game.assistance();
            if over.winner == Seat::First && !help.is_empty() {
                lines.push(
                    Line::styled(
                        format!("Assisted win ({}): not counted in streaks", help.join(", ")),
                        theme.fg(theme.hint),
                    )
                    .centered(),
                );
            }
            if let Some(stats) = &app.stats {
                let s = stats.of(game.rules.kind, game.mode());
                lines.push(
                    Line::styled(
                        format!("Streak {} · best {}", s.current_streak, s.best_streak),
                        theme.fg(theme.text),
                    )
                    .centered(),
                );
            }
        }
        // The banner takes the place of the messages under the board, so the final position stays
        // in view; the last move (the note) is part of it.
        if let Some(Note::AiMoved(text) | Note::Told(text)) = &game.note {
            lines.insert(1, Line::styled(text.clone(), theme.fg(theme.text)).centered());
        }
        let widest = usize::from(layout.info.width.saturating_sub(4));
        let room = status_room(&layout);
        let mut keys = super::key_lines(&app.commands(), look, widest.min(60));
        let message = usize::from(matches!(&app.screen, Screen::Play(p) if p.message.is_some()));
        if lines.len() + keys.len() + message + 2 > usize::from(room.height) {
            // Too little room: one line of the keys that matter most.
            keys = vec![super::key_line(&app.commands(), look, widest)];
        }
        lines.extend(keys.into_iter().map(|k| Line::styled(k, theme.fg(theme.dim)).centered()));
        if let Screen::Play(play) = &app.screen
            && let Some(message) = &play.message
        {
            lines.push(Line::styled(message.clone(), theme.fg(theme.text)).centered());
        }
        let height = (lines.len() as u16 + 2).min(room.height);
        // Under the board when it fits there; pushed up over the board's foot only when it must be.
        let y = layout.info.y.min(room.bottom().saturating_sub(height));
        let popup = Rect { x: layout.info.x, y, width: layout.info.width, height };
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().border_style(style))
            .render(popup, buf);
    }
}

/// The rows between the header and the status line.
fn status_room(layout: &BoardLayout) -> Rect {
    let top = layout.header.bottom();
    Rect { x: layout.info.x, y: top, width: layout.info.width, height: layout.status.y.saturating_sub(top) }
}

/// The commands that choose and play a move, shown beside the choice.
const CHOOSING: [Action; 4] = [Action::Less, Action::More, Action::Take, Action::Hint];

fn choosing(commands: &[Command]) -> Vec<Command> {
    let mut chosen: Vec<Command> =
        commands.iter().filter(|c| CHOOSING.contains(&c.action)).copied().collect();
    chosen.extend(commands.iter().filter(|c| c.action == Action::Help).copied());
    chosen
}

/// The mode's name on the status line; misère's is a badge with room around it.
fn mode_badge(mode: crate::engine::Mode) -> String {
    match mode {
        crate::engine::Mode::Normal => format!(" {}", capitalised(mode.title())),
        crate::engine::Mode::Misere => format!(" {} ", capitalised(mode.title())),
    }
}

/// The mode on the status line: misère stands out (reversed, in its own colour).
fn mode_style(look: &Look, mode: crate::engine::Mode) -> Style {
    match mode {
        crate::engine::Mode::Normal => look.theme.strong(look.theme.accent),
        crate::engine::Mode::Misere => look.theme.strong(look.theme.ai).add_modifier(Modifier::REVERSED),
    }
}

fn seat_style(look: &Look, seat: Seat) -> Style {
    match seat {
        Seat::First => look.theme.strong(look.theme.you),
        Seat::Second => look.theme.strong(look.theme.ai),
    }
}

fn render_row(
    game: &Game,
    look: &Look,
    layout: &BoardLayout,
    row: &HeapRow,
    marked: Option<&Move>,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let size = game.position().heap(row.heap).unwrap_or(0);
    let selected = game.your_turn() && game.selected == row.heap;
    let label_style = if selected {
        theme.strong(theme.selected).add_modifier(Modifier::REVERSED)
    } else {
        theme.fg(theme.dim)
    };
    let arrow = if selected { look.glyphs.cursor.as_str() } else { " " };
    // The label and the count stand on the middle row of a tall token.
    let middle = row.y + (row.height - 1) / 2;
    buf.set_string(row.x - LABEL_CELLS, middle, format!(" {arrow} {:>2} ", row.heap + 1), label_style);
    for y in row.y..row.y + row.height {
        buf.set_string(row.x - 2, y, &look.glyphs.divider, theme.fg(theme.dim));
    }

    // The tokens with an index in `lo..hi` are the ones the move would take: the end of the heap
    // for a take, the pins knocked down for Kayles; a split marks where the heap splits.
    let (lo, hi, split_at) = marked_span(marked, row.heap, size);
    let token_style = theme.fg(theme.token);
    let marked_style = theme.strong(theme.marked);
    if size == 0 {
        buf.set_string(row.x, middle, "(empty)", theme.fg(theme.dim));
    }
    let (token, marked_token) = token_cells(look, row.cell);
    // A run of tokens from index `from`, `count` of them, drawn from slot `slot`: each run of like
    // tokens is one string, so a long row costs about as much to draw as a short one.
    let run = |buf: &mut Buffer, slot: u64, from: u64, count: u64| {
        let before = lo.saturating_sub(from).min(count);
        let inside = hi.saturating_sub(from).min(count).saturating_sub(before);
        let after = count - before - inside;
        for y in row.y..row.y + row.height {
            let mut x = row.x + slot as u16 * row.cell;
            for (n, cell, style) in [
                (before, &token, token_style),
                (inside, &marked_token, marked_style),
                (after, &token, token_style),
            ] {
                buf.set_string(x, y, cell.repeat(n as usize), style);
                x += n as u16 * row.cell;
            }
        }
    };
    run(buf, 0, 0, row.shown);
    if row.truncated {
        let x = row.x + row.shown as u16 * row.cell;
        // The mark is in the marked colour when some of the tokens it stands for are marked.
        let hidden_marked = lo < size - row.tail && hi > row.shown;
        let style = if hidden_marked { marked_style } else { theme.fg(theme.dim) };
        buf.set_string(x, middle, &look.glyphs.overflow, style);
        run(buf, row.shown + 1, size - row.tail, row.tail);
    }
    // A split: a bar in the gap after the tokens that stay.
    if let Some(left) = split_at.filter(|&left| left > 0 && left < row.shown) {
        let x = row.x + left as u16 * row.cell - 1;
        for y in row.y..row.y + row.height {
            buf.set_string(x, y, &look.glyphs.divider, marked_style);
        }
    }
    let count_style = if selected { theme.strong(theme.text) } else { theme.fg(theme.text) };
    // The count stands right after its tokens; a cut row is full, so its count ends the row.
    let count = size.to_string();
    let last = layout.count_x + layout.count_width - count.len() as u16;
    let after = match (size, row.truncated) {
        (0, _) => row.x + "(empty)".len() as u16 + 2,
        (_, false) => row.x + row.slots() as u16 * row.cell + 1,
        (_, true) => last,
    };
    buf.set_string(after.min(last), middle, count, count_style);
}

/// Fibonacci Nim's limit in words: "take 1 to 6", or the first move's rule.
pub(crate) fn fibonacci_limit(game: &Game) -> Option<String> {
    if game.rules.kind != crate::engine::GameKind::Fibonacci || game.over.is_some() {
        return None;
    }
    let heap = game.position().heap(0).unwrap_or(0);
    Some(match game.position().limit() {
        None => format!("first move: take 1 to {}, not all", heap.saturating_sub(1)),
        Some(limit) => format!("take 1 to {}", limit.min(heap)),
    })
}

/// Which tokens of heap `heap` (holding `size`) the move marks, as the indexes `lo..hi`, and
/// where a split cuts the heap (after this many tokens).
fn marked_span(marked: Option<&Move>, heap: usize, size: u64) -> (u64, u64, Option<u64>) {
    match marked {
        // Kayles: the pins knocked down, where they stand in the row.
        Some(Move::Split { heap: h, take, left }) if *h == heap && *take > 0 => {
            (*left, left.saturating_add(*take).min(size), None)
        }
        Some(Move::Split { heap: h, take: 0, left }) if *h == heap => (u64::MAX, u64::MAX, Some(*left)),
        Some(mv) => match mv.takes().into_iter().find(|t| t.heap == heap) {
            Some(take) if take.take <= size && !matches!(mv, Move::Split { .. }) => {
                (size - take.take, size, None)
            }
            _ => (u64::MAX, u64::MAX, None),
        },
        None => (u64::MAX, u64::MAX, None),
    }
}

/// One token and one marked token as drawn in a cell `cell` columns wide, the space after included.
/// The smallest cell is the glyph and a space; bigger cells are solid blocks (shaded for the marked
/// tokens, so they differ without colour too), or the glyph repeated when it is not the default.
fn token_cells(look: &Look, cell: u16) -> (String, String) {
    let fill = usize::from(cell.saturating_sub(1)).max(1);
    let cell_of = |glyph: &str| {
        let width = Span::raw(glyph).width().max(1);
        let copies = (fill / width).max(1);
        let used = copies * width;
        format!("{}{}", glyph.repeat(copies), " ".repeat(usize::from(cell).saturating_sub(used)))
    };
    let glyphs = &look.glyphs;
    // A token of the set's own becomes a block when big; a token of the player's own is repeated.
    let own = ![Glyphs::unicode().token, Glyphs::ascii().token].contains(&glyphs.token);
    if cell <= 2 || own {
        return (cell_of(&glyphs.token), cell_of(&glyphs.marked));
    }
    (cell_of(&glyphs.block), cell_of(&glyphs.shade))
}

fn render_info(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    match &app.screen {
        Screen::Puzzle(puzzle) => {
            render_puzzle_info(app, game, &puzzle.run, look, area, buf);
            return;
        }
        Screen::Replay(replay) if replay.review.is_some() => {
            render_verdict(game, replay, look, area, buf);
            return;
        }
        Screen::Replay(replay) => {
            let line = match replay.record.moves().get(replay.at) {
                Some((seat, mv)) => {
                    let verb =
                        if game.players == Players::Ai && *seat == Seat::First { "take" } else { "takes" };
                    match mv.as_take().filter(|_| game.rules.kind == crate::engine::GameKind::Nim) {
                        Some(take) => format!(
                            "Next: {} {verb} {} from heap {}",
                            game.name(*seat),
                            number(take.take),
                            take.number()
                        ),
                        None => format!("Next: {}: {}", game.name(*seat), game.describe(mv)),
                    }
                }
                // How it ended: the last token, or a resignation, which a record keeps too.
                None => match replay.ending() {
                    Some(how) => format!("The end of the game: {how}"),
                    None => "The end of the game".to_string(),
                },
            };
            Paragraph::new(Line::styled(line, theme.strong(theme.marked))).render(area, buf);
            return;
        }
        _ => {}
    }
    let mut lines = Vec::new();
    if game.your_turn() {
        let typing = if game.typed.is_empty() { String::new() } else { format!(" (typed {})", game.typed) };
        let who = if game.hotseat() { format!("{}: ", game.name(game.turn())) } else { String::new() };
        let choice = match game.rules.kind {
            crate::engine::GameKind::Nim => {
                format!("{who}Take {} from heap {}{typing}", number(game.count), game.selected + 1)
            }
            _ => format!("{who}{}{typing}", capitalised(&game.describe(&game.chosen()))),
        };
        let mut line = vec![Span::styled(choice, theme.strong(theme.marked))];
        // The keys for choosing the move stand next to the choice, when they fit.
        let room = usize::from(area.width).saturating_sub(line[0].width() + 3);
        let keys = super::key_line(&choosing(&app.commands()), look, room);
        if !keys.is_empty() {
            line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
        }
        lines.push(Line::from(line));
    } else if let (None, Some(mv)) = (&game.over, &game.pending) {
        let text = match (game.rules.kind, mv.as_take()) {
            (crate::engine::GameKind::Nim, Some(take)) => {
                format!("{} takes {} from heap {}…", game.name(game.turn()), number(take.take), take.number())
            }
            _ => format!("{}: {}…", game.name(game.turn()), game.describe(mv)),
        };
        lines.push(Line::styled(text, theme.strong(theme.ai)));
    } else {
        lines.push(Line::raw(""));
    }
    match &game.note {
        Some(Note::AiMoved(text)) => lines.push(Line::styled(text.clone(), theme.fg(theme.ai))),
        Some(Note::Told(text)) => lines.push(Line::styled(text.clone(), theme.strong(theme.text))),
        Some(Note::Refused(text)) => lines.push(Line::styled(text.clone(), theme.strong(theme.error))),
        None => {}
    }
    if let (true, Some(coaching)) = (app.panels.coach, &game.coach) {
        let style = match coaching {
            crate::app::Coaching::Missed(_) => theme.fg(theme.error),
            _ => theme.fg(theme.you),
        };
        let text = match (game.hotseat(), coaching, game.rules.kind) {
            // Another game's missed moves in its own words, from the position the player moved from.
            (hotseat, crate::app::Coaching::Missed(moves), kind) if kind != crate::engine::GameKind::Nim => {
                // The player's last move, as recorded when it was made.
                let before =
                    game.judged().1.iter().rev().find(|line| game.is_human(line.seat)).map(|l| &l.before);
                let list: Vec<String> = moves
                    .iter()
                    .map(|m| before.map_or(m.to_string(), |b| game.rules.describe_move(b, m)))
                    .collect();
                let plural = if moves.len() == 1 { "move was" } else { "moves were" };
                let whose = match hotseat {
                    true => format!("{}'s move", game.name(game.turn().other())),
                    false => "that".to_string(),
                };
                format!("Coach: {whose} gave the win away; the winning {plural}: {}", list.join(", "))
            }
            // The verdict is about the move just made, by the player who is no longer to move.
            (true, ..) => coaching.about(game.name(game.turn().other())),
            (false, ..) => coaching.to_string(),
        };
        lines.push(Line::styled(text, style));
    }
    if let Some(hint) = &game.hint {
        let label = if hint.winning { "Hint: " } else { "Hint (losing position): " };
        lines.push(Line::from(vec![
            Span::styled(label, theme.strong(theme.hint)),
            Span::styled(hint.reason.clone(), theme.fg(theme.hint)),
        ]));
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}

/// In a review: the move just shown as played, who made it, and the verdict on it, with the
/// winning move it missed.
fn render_verdict(game: &Game, replay: &crate::app::Replay, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    match replay.verdict() {
        None => lines.push(Line::styled(
            "The start of the game: step forward to see each move judged",
            theme.fg(theme.text),
        )),
        Some(line) => {
            let who = game.name(line.seat);
            lines.push(Line::styled(
                format!("Move {}: {who} {}", replay.at, line.words),
                seat_style(look, line.seat),
            ));
            let (text, style) = match &line.coaching {
                crate::app::Coaching::Kept => {
                    (format!("{} kept a winning position", look.glyphs.check), theme.fg(theme.you))
                }
                crate::app::Coaching::AlreadyLost => {
                    ("already lost: no move wins against perfect play".to_string(), theme.fg(theme.dim))
                }
                crate::app::Coaching::Missed(moves) => {
                    let list: Vec<String> =
                        moves.iter().map(|m| game.rules.describe_move(&line.before, m)).collect();
                    (
                        format!(
                            "{} gave the win away; the winning move was: {}",
                            look.glyphs.cross,
                            list.join(", ")
                        ),
                        theme.strong(theme.error),
                    )
                }
            };
            lines.push(Line::styled(text, style));
        }
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}

fn render_puzzle_info(app: &App, game: &Game, run: &PuzzleRun, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let mut lines = Vec::new();
    match &run.answer {
        None => {
            let choice = Span::styled(
                match game.rules.kind {
                    crate::engine::GameKind::Nim => {
                        format!("Your answer: take {} from heap {}", number(game.count), game.selected + 1)
                    }
                    _ => format!("Your answer: {}", game.describe(&game.chosen())),
                },
                theme.strong(theme.marked),
            );
            let room = usize::from(area.width).saturating_sub(choice.width() + 3);
            let keys = super::key_line(&choosing(&app.commands()), look, room);
            let mut line = vec![choice];
            if !keys.is_empty() {
                line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
            }
            lines.push(Line::from(line));
            lines.push(Line::styled(
                crate::puzzle::promise(&game.rules, game.position()),
                theme.fg(theme.text),
            ));
        }
        Some(answer) => {
            let (verdict, style) = if answer.solved {
                ("Right!".to_string(), theme.strong(theme.you))
            } else if answer.correct {
                let counted = if answer.counted { "counted as not solved" } else { "not counted" };
                (format!("Right, with the hint's help ({counted})."), theme.strong(theme.hint))
            } else {
                let what = match game.rules.kind {
                    crate::engine::GameKind::Nim => answer.mv.to_string(),
                    _ => game.describe(&answer.mv),
                };
                (format!("Not that one: {what} loses."), theme.strong(theme.error))
            };
            lines.push(Line::styled(verdict, style));
            lines.push(Line::styled(
                format!("The winning move: {}", answer.explanation),
                theme.fg(theme.hint),
            ));
        }
    }
    if let Some(Note::Refused(text)) = &game.note {
        lines.push(Line::styled(text.clone(), theme.strong(theme.error)));
    }
    Paragraph::new(lines).wrap(Wrap { trim: true }).render(area, buf);
}

/// The move list: each move, who made it, and the heaps after it; the latest moves when they do not
/// all fit. Only the lines that fit are made, from what each move recorded when it was played (see
/// [`Game::judged`]); the engine is asked nothing but the words of a move the game was built with.
fn render_history(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    Clear.render(area, buf);
    let block = Block::bordered().title(" Moves ").border_style(theme.fg(theme.dim));
    let inner = block.inner(area);
    block.render(area, buf);
    let moves = game.moves();
    // The start line and the moves fit in the panel's height: the latest moves first lose the start.
    let room = usize::from(inner.height);
    let mut lines = Vec::new();
    if moves.len() < room {
        let start = game.start().iter().map(|&h| number(h)).collect::<Vec<_>>().join(" ");
        lines.push(Line::styled(format!("    start  {start}"), theme.fg(theme.dim)));
    }
    let shown = moves.len().min(room.saturating_sub(lines.len()));
    let from = moves.len() - shown;
    let (judged_from, judged) = game.judged();
    // The moves the game was built with have no recorded line: their positions are replayed, once
    // per frame, from the start, and only the ones shown are put in words.
    let mut position = (from < judged_from).then(|| game.history().position_after(from));
    for (i, (seat, mv)) in moves.iter().enumerate().skip(from) {
        let (words, heaps) = match i.checked_sub(judged_from).and_then(|j| judged.get(j)) {
            Some(line) => (listed(game, &line.before, mv), line.heaps.clone()),
            None => {
                let Some(before) = position.clone() else { break };
                let words = listed(game, &before, mv);
                let mut after = before;
                if game.rules.play(&mut after, mv).is_err() {
                    break;
                }
                let heaps = after.heaps().to_vec();
                position = Some(after);
                (words, heaps)
            }
        };
        let heaps = heaps.iter().map(|&h| number(h)).collect::<Vec<_>>().join(" ");
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", i + 1), theme.fg(theme.dim)),
            Span::styled(format!("{}: {words}", game.name(*seat)), seat_style(look, *seat)),
            Span::styled(format!("→ {heaps}"), theme.fg(theme.text)),
        ]));
    }
    let width = usize::from(inner.width);
    let lines: Vec<Line> =
        lines.into_iter().map(|line| shortened(line, width, &look.glyphs.ellipsis)).collect();
    Paragraph::new(lines).render(inner, buf);
}

/// A move as the move list writes it: Nim's takes as "2 from heap 1", other moves in the game's
/// words from the position before.
fn listed(game: &Game, before: &crate::engine::Position, mv: &crate::engine::Move) -> String {
    match (game.rules.kind, mv.as_take()) {
        (crate::engine::GameKind::Nim, Some(take)) => {
            format!("{} from heap {} ", number(take.take), take.number())
        }
        _ => format!("{} ", game.rules.describe_move(before, mv)),
    }
}

/// The status line: whose turn it is, the mode, who plays, and on the right the key line drawn
/// from the screen's commands.
fn render_status(game: &Game, app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    let mode = game.mode();
    let mut left = match &app.screen {
        Screen::Puzzle(puzzle) => {
            let streak = app.stats.as_ref().map(|s| s.puzzle.current_streak).unwrap_or(0);
            Line::from(vec![
                Span::styled(
                    match puzzle.daily {
                        Some(_) => " Today's puzzle ".to_string(),
                        None => format!(" Puzzle {} ", puzzle.run.number),
                    },
                    theme.strong(theme.hint).add_modifier(Modifier::REVERSED),
                ),
                Span::styled(mode_badge(mode), mode_style(look, mode)),
                Span::styled(format!(" ({}) ", short_rule(game.rules.kind, mode)), theme.fg(theme.dim)),
                Span::styled(
                    match puzzle.daily {
                        Some(_) => {
                            let days = app.stats.as_ref().map(|s| s.puzzle.daily_streak).unwrap_or(0);
                            format!("│ daily streak {days} ")
                        }
                        None => {
                            format!("│ seed {} · {} │ streak {streak} ", puzzle.id.seed, puzzle.id.difficulty)
                        }
                    },
                    theme.fg(theme.dim),
                ),
            ])
        }
        screen => {
            let (turn, style) = match (screen, &game.over, &game.players) {
                (Screen::Replay(replay), _, _) => (
                    format!(
                        "{}: move {} of {}",
                        if replay.review.is_some() { "Review" } else { "Replay" },
                        replay.at,
                        replay.record.len()
                    ),
                    theme.strong(theme.text),
                ),
                (_, Some(_), _) => ("Game over".to_string(), theme.strong(theme.text)),
                (Screen::Demo(demo), None, _) if demo.paused => {
                    ("Paused".to_string(), theme.strong(theme.text))
                }
                (_, None, Players::Ai) if game.turn() == Seat::First => {
                    ("Your turn".to_string(), theme.strong(theme.you))
                }
                (_, None, Players::Hotseat(_)) => {
                    (format!("{}'s turn", game.name(game.turn())), seat_style(look, game.turn()))
                }
                (_, None, _) => {
                    (format!("{} is thinking…", game.name(game.turn())), seat_style(look, game.turn()))
                }
            };
            let opponent = match game.players {
                Players::Ai => format!("│ AI: {} ", game.level),
                Players::Hotseat(_) => "│ two players ".to_string(),
                Players::Demo => format!("│ demo, AI: {} ", game.level),
            };
            // Another game than Nim is named before its mode.
            let game_name = match game.rules.kind {
                crate::engine::GameKind::Nim => String::new(),
                kind => format!(" {} ·", short_title(kind)),
            };
            Line::from(vec![
                Span::styled(format!(" {turn} "), style.add_modifier(Modifier::REVERSED)),
                Span::styled(game_name, theme.strong(theme.text)),
                Span::styled(mode_badge(mode), mode_style(look, mode)),
                Span::styled(format!(" ({}) ", short_rule(game.rules.kind, mode)), theme.fg(theme.dim)),
                Span::styled(opponent, theme.fg(theme.dim)),
            ])
        }
    };
    if app.panels.coach && matches!(app.screen, Screen::Play(_)) {
        left.push_span(Span::styled("│ coach on ", theme.fg(theme.dim)));
    }
    let help = game.assistance();
    if matches!(app.screen, Screen::Play(_)) && game.players == Players::Ai && !help.is_empty() {
        left.push_span(Span::styled(format!("│ assisted: {} ", help.join(", ")), theme.fg(theme.hint)));
    }
    let ellipsis = &look.glyphs.ellipsis;
    // The banner shows the keys after a game; the status line shows them during one.
    if game.over.is_some() && matches!(app.screen, Screen::Play(_) | Screen::Demo(_)) {
        shortened(left, usize::from(area.width), ellipsis).render(area, buf);
        return;
    }
    // The keys for choosing the move are on the line under the board while a person chooses one.
    let commands: Vec<Command> =
        match game.your_turn() && app.overlay.is_none() && matches!(app.screen, Screen::Play(_)) {
            true => app.commands().into_iter().filter(|c| !CHOOSING.contains(&c.action)).collect(),
            false => app.commands(),
        };
    let mut keys = super::key_line(&commands, look, usize::from(area.width).saturating_sub(left.width() + 2));
    if keys.is_empty() && matches!(app.screen, Screen::Demo(_) | Screen::Replay(_)) {
        // A demo or a replay has no other place for its keys: when not even two fit beside the
        // details, the rule and who plays give way (cut with an ellipsis); whose turn it is, or
        // which move is shown, and the mode stay whole. (In a game the keys are under the board
        // too, and the details say whether the win is assisted.)
        let essential: usize = left.spans.iter().take(2).map(Span::width).sum();
        keys = super::key_line(&commands, look, usize::from(area.width).saturating_sub(essential + 2));
    }
    let right = if keys.is_empty() { String::new() } else { format!("{keys} ") };
    let width = Span::raw(right.as_str()).width();
    let left = match width {
        0 => shortened(left, usize::from(area.width), ellipsis),
        _ => shortened(left, usize::from(area.width).saturating_sub(width + 1), ellipsis),
    };
    left.render(area, buf);
    if width > 1 {
        buf.set_string(area.right() - width as u16, area.y, right, Style::new().patch(theme.fg(theme.dim)));
    }
}

/// The game's name short enough for the status line: `Nim_2`, `Subtraction 1,2,3`, `Kayles`.
fn short_title(kind: crate::engine::GameKind) -> String {
    match kind {
        crate::engine::GameKind::Moore(k) => format!("Nim_{k}"),
        crate::engine::GameKind::Subtraction(set) => format!("Subtraction {set}"),
        crate::engine::GameKind::Lasker => "Lasker".into(),
        crate::engine::GameKind::Wythoff => "Wythoff".into(),
        crate::engine::GameKind::Fibonacci => "Fibonacci".into(),
        other => other.title(),
    }
}

/// The convention in a few words, in the game's own terms: Kayles knocks down pins.
fn short_rule(kind: crate::engine::GameKind, mode: crate::engine::Mode) -> &'static str {
    match (kind == crate::engine::GameKind::Kayles, mode) {
        (true, crate::engine::Mode::Normal) => "last pin wins",
        (true, crate::engine::Mode::Misere) => "last pin loses",
        (false, crate::engine::Mode::Normal) => "last token wins",
        (false, crate::engine::Mode::Misere) => "last token loses",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `count` tokens, each in its two cells: the glyph and a space, or a glyph two cells wide alone.
/// A number as the screen writes it: plain digits everywhere, as the engine's explanations, `solve`
/// and records write them.
pub fn number(n: u64) -> String {
    n.to_string()
}

/// `line` cut to `width` columns, ending in `…` when anything was cut: a panel never cuts silently.
pub(crate) fn shortened(line: Line<'static>, width: usize, ellipsis: &str) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let mut left = width.saturating_sub(Span::raw(ellipsis).width());
    let mut spans = Vec::new();
    for span in line.spans {
        if left == 0 {
            break;
        }
        let mut text = String::new();
        for g in unicode_segmentation::UnicodeSegmentation::graphemes(span.content.as_ref(), true) {
            let w = Span::raw(g).width();
            if w > left {
                left = 0;
                break;
            }
            left -= w;
            text.push_str(g);
        }
        spans.push(Span::styled(text, span.style));
    }
    let style = spans.last().map(|s| s.style).unwrap_or_default();
    spans.push(Span::styled(ellipsis.to_string(), style));
    Line::from(spans)
}
