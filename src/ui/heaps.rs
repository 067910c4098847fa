//! The board: the heaps as rows of tokens in their frame (misère's in its own colour, with its
//! rule), each row's label and count, and the tokens the move being chosen (or shown) would take;
//! tokens are cells of colour, never block glyphs, and a board too tall for the screen scrolls.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::app::Game;
use crate::engine::Move;

use super::layout::{BoardLayout, HeapRow, LABEL_CELLS, title_text};
use super::look::Look;
use super::text::shortened;

/// The moves the board marks: the one chosen (or about to be played, or judged in a review) in
/// the marked colour, and in a review of a mistake the winning move it missed, in the hint's.
#[derive(Debug, Clone, Default)]
pub(super) struct Marks {
    pub chosen: Option<Move>,
    pub alternative: Option<Move>,
}

/// Draws the board's frame and every heap's row shown, marking the tokens `marks` would take; a
/// board with more rows than fit says on its frame how many are above and below.
pub(super) fn render(game: &Game, look: &Look, layout: &BoardLayout, marks: &Marks, buf: &mut Buffer) {
    let theme = &look.theme;
    // Misère cannot be missed: its own frame colour and its rule on the frame. Fibonacci Nim's
    // limit is on the frame too.
    let (heaps_word, misere) = title_text(look.language, game);
    let (frame, title) = match misere {
        None => (theme.fg(theme.accent), Line::from(heaps_word)),
        Some(misere) => (
            theme.strong(theme.ai),
            Line::from(vec![Span::raw(heaps_word), Span::styled(misere, theme.strong(theme.ai))]),
        ),
    };
    // A title wider than the board (a narrow screen) is cut with a mark, never mid-word silently.
    let room = usize::from(layout.board.width.saturating_sub(2));
    let title = shortened(title, room, &look.glyphs.ellipsis);
    let mut block = Block::bordered().title(title).border_style(frame);
    if layout.above > 0 {
        let mark = crate::words::more_above(look.language, "↑", layout.above);
        block =
            block.title_top(Line::styled(format!(" {mark} "), theme.strong(theme.accent)).right_aligned());
    }
    if layout.below > 0 {
        let mark = crate::words::more_below(look.language, "↓", layout.below);
        block =
            block.title_bottom(Line::styled(format!(" {mark} "), theme.strong(theme.accent)).right_aligned());
    }
    // (The arrows become `^` and `v` in the ASCII pass.)
    block.render(layout.board, buf);
    // A game with a picture of its own draws it in the frame instead of rows of tokens.
    if super::pins::render(game, look, layout.board, marks.chosen.as_ref(), buf)
        || super::disguise::render(game, look, layout.board, marks.chosen.as_ref(), buf)
    {
        return;
    }
    for row in &layout.rows {
        render_row(game, look, layout, row, marks, buf);
    }
    super::limit::render(game, look, layout, buf);
    super::queen::render(game, look, super::layout::under_rows(layout), marks.chosen.as_ref(), buf);
}

/// What a token is drawn as: left on its heap, taken by the chosen move, taken by the winning
/// move a review shows beside it, or by both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Left,
    Taken,
    Alternative,
    Both,
}

fn render_row(
    game: &Game,
    look: &Look,
    layout: &BoardLayout,
    row: &HeapRow,
    marks: &Marks,
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

    // The tokens with an index in `lo..hi` are the ones a move would take: the end of the heap
    // for a take, the pins knocked down for Kayles; a split marks where the heap splits.
    let (lo, hi, split_at) = marked_span(marks.chosen.as_ref(), row.heap, size);
    let (alt_lo, alt_hi, alt_split) = marked_span(marks.alternative.as_ref(), row.heap, size);
    if size == 0 {
        buf.set_string(row.x, middle, crate::words::empty_heap(look.language), theme.fg(theme.dim));
    }
    let kind_of = |i: u64| match ((lo..hi).contains(&i), (alt_lo..alt_hi).contains(&i)) {
        (false, false) => Token::Left,
        (true, false) => Token::Taken,
        (false, true) => Token::Alternative,
        (true, true) => Token::Both,
    };
    // Token `i` of the heap drawn in slot `slot`.
    let draw = |buf: &mut Buffer, slot: u64, i: u64| {
        let x = row.x + slot as u16 * row.cell;
        draw_token(look, kind_of(i), x, row.y, row.cell.saturating_sub(1).max(1), row.height, buf);
    };
    for i in 0..row.shown {
        draw(buf, i, i);
    }
    if row.truncated {
        let x = row.x + row.shown as u16 * row.cell;
        // The mark is in the marked colour when some of the tokens it stands for are marked.
        let hidden_marked = lo < size - row.tail && hi > row.shown;
        let style = if hidden_marked { theme.strong(theme.marked) } else { theme.fg(theme.dim) };
        buf.set_string(x, middle, &look.glyphs.overflow, style);
        for (n, i) in (size - row.tail..size).enumerate() {
            draw(buf, row.shown + 1 + n as u64, i);
        }
    }
    // A split: a bar in the gap after the tokens that stay.
    for (split, colour) in [(split_at, theme.marked), (alt_split, theme.hint)] {
        if let Some(left) = split.filter(|&left| left > 0 && left < row.shown) {
            let x = row.x + left as u16 * row.cell - 1;
            for y in row.y..row.y + row.height {
                buf.set_string(x, y, &look.glyphs.divider, theme.strong(colour));
            }
        }
    }
    let count_style = if selected { theme.strong(theme.text) } else { theme.fg(theme.text) };
    // The count stands right after its tokens; a cut row is full, so its count ends the row.
    let count = size.to_string();
    let count_width = if layout.big { super::digits::width(&count) } else { count.len() as u16 };
    let last = layout.count_x + layout.count_width - count_width;
    let after = match (size, row.truncated) {
        (0, _) => {
            row.x + unicode_width::UnicodeWidthStr::width(crate::words::empty_heap(look.language)) as u16 + 2
        }
        (_, false) => row.x + row.slots() as u16 * row.cell + 1,
        (_, true) => last,
    };
    if size == 0 {
        // "(empty)" says it; a 0 beside it (a giant one, when large) would say it twice.
        return;
    }
    if layout.big && !look.glyphs.ascii {
        // Big enough rows carry their count in big digits, for the back of the room.
        let y = row.y + (row.height - super::digits::HEIGHT) / 2;
        super::digits::render(&count, after.min(last), y, theme.text, theme, buf);
    } else {
        buf.set_string(after.min(last), middle, count, count_style);
    }
}

/// Draws one token `width` columns by `height` rows at (`x`, `y`) as cells of colour: a fill of
/// the token's colour (a background colour on spaces, which meets its neighbours without the
/// seams of block glyphs); a taken token in the marked colour with the marked glyph at its
/// centre; the review's winning alternative in the hint's colour; a token both take split in
/// half between the two. Without colour a token is reversed and a taken one is its glyph on the
/// terminal's own ground, so that the two differ in every theme; the ASCII set keeps a character
/// in every token.
fn draw_token(look: &Look, kind: Token, x: u16, y: u16, width: u16, height: u16, buf: &mut Buffer) {
    let theme = &look.theme;
    let glyphs = &look.glyphs;
    // A token of the player's own glyph, or the ASCII set's, shows its glyph too.
    let own = glyphs.ascii || glyphs.token != crate::theme::Glyphs::unicode().token;
    let (centre_x, centre_y) = (x + (width - 1) / 2, y + (height - 1) / 2);
    let area = buf.area;
    for row in y..y + height {
        for column in x..x + width {
            if column >= area.right() || row >= area.bottom() {
                continue;
            }
            let centre = column == centre_x && row == centre_y;
            let (symbol, style): (&str, Style) = match (kind, theme.colour) {
                (Token::Left, _) => {
                    (if centre && own { glyphs.token.as_str() } else { " " }, theme.fill(theme.token))
                }
                (Token::Taken, true) => (
                    if centre { glyphs.marked.as_str() } else { " " },
                    theme.fill(theme.marked).add_modifier(Modifier::BOLD),
                ),
                // The winning move a review shows is the player's colour (green), which stands
                // apart from the tokens' in every theme (the hint's blue is the light theme's
                // token's too).
                (Token::Alternative, true) => (
                    if centre { glyphs.check.as_str() } else { " " },
                    theme.fill(theme.you).add_modifier(Modifier::BOLD),
                ),
                // Taken by both: the left half is the move played, the right the winning one,
                // each with its own mark; a token one cell wide is the winning move's mark on
                // the played move's fill.
                (Token::Both, true) => {
                    let right = width > 1 && column >= x + width / 2;
                    let mark_x = if right {
                        x + width / 2 + (width - width / 2 - 1) / 2
                    } else {
                        x + (width / 2).saturating_sub(1) / 2
                    };
                    let marked = row == centre_y && column == mark_x;
                    match (width > 1, right) {
                        (false, _) => (
                            if centre { glyphs.check.as_str() } else { " " },
                            theme.fill(theme.marked).add_modifier(Modifier::BOLD),
                        ),
                        (true, false) => (
                            if marked { glyphs.marked.as_str() } else { " " },
                            theme.fill(theme.marked).add_modifier(Modifier::BOLD),
                        ),
                        (true, true) => (
                            if marked { glyphs.check.as_str() } else { " " },
                            theme.fill(theme.you).add_modifier(Modifier::BOLD),
                        ),
                    }
                }
                (Token::Taken, false) => (glyphs.marked.as_str(), Style::new().add_modifier(Modifier::BOLD)),
                (Token::Both, false) => {
                    let right = width > 1 && column >= x + width / 2;
                    let glyph =
                        if right || width == 1 { glyphs.check.as_str() } else { glyphs.marked.as_str() };
                    (glyph, Style::new().add_modifier(Modifier::BOLD))
                }
                (Token::Alternative, false) => {
                    (glyphs.check.as_str(), Style::new().add_modifier(Modifier::BOLD))
                }
            };
            buf[(column, row)].set_symbol(symbol).set_style(style);
        }
    }
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
