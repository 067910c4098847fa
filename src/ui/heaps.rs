//! The board: the heaps as rows of tokens in their frame (misère's in its own colour, with its
//! rule), each row's label and count, and the tokens the move being chosen (or shown) would take.

use ratatui::buffer::Buffer;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::app::Game;
use crate::engine::Move;
use crate::theme::Glyphs;

use super::layout::{BoardLayout, HeapRow, LABEL_CELLS};
use super::look::Look;

/// Draws the board's frame and every heap's row, marking the tokens `marked` would take.
pub(super) fn render(
    game: &Game,
    look: &Look,
    layout: &BoardLayout,
    marked: Option<&Move>,
    buf: &mut Buffer,
) {
    let theme = &look.theme;
    let mode = game.mode();
    let kind = game.rules.kind;
    // Misère cannot be missed: its own frame colour and its rule on the frame. Fibonacci Nim's
    // limit is on the frame too.
    let described = kind.describe();
    let heaps_word = match (described.words.heap, described.shape) {
        (crate::engine::HeapNoun::Row, _) => {
            format!(" Rows of {} ", crate::words::units(kind))
        }
        (_, crate::engine::MoveShape::OneHeap { cap: crate::engine::Cap::Limit }) => match limit_text(game) {
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
    // A game with a picture of its own draws it in the frame instead of rows of tokens.
    if super::pins::render(game, look, layout.board, marked, buf) {
        return;
    }
    for row in &layout.rows {
        render_row(game, look, layout, row, marked, buf);
    }
    super::limit::render(game, look, layout, buf);
    super::queen::render(game, look, super::layout::under_rows(layout), marked, buf);
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

/// The limit a move sets for the next (Fibonacci Nim's) in words: "take 1 to 6", or the first
/// move's rule.
fn limit_text(game: &Game) -> Option<String> {
    if !game.rules.kind.describe().has_limit() || game.over.is_some() {
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
