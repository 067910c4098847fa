//! The games that are Nim in disguise drawn as themselves, chosen by their description, never by
//! their name: Staircase Nim (a move moves coins down a step, `Verb::MoveDown`) as a staircase
//! rising to the right, coins on each step (a count where they do not fit), the odd steps (the
//! Nim heaps) on the nim-sum's band; and the coin-turning games (`MoveShape::Turn`) as a row of
//! coins, heads and tails, each numbered by its place, long runs of tails elided as `⋯N⋯`, the
//! row wrapping onto further lines; and a game played on a board (the engine's `BoardView`: rows
//! of squares with counters of two sides) as those rows, whose turn and the retreats left.
//! Turning Corners (`MoveShape::Corners`) is a grid of coins, columns numbered across the top
//! and rows down the left, windowed around the heads when the places are large (runs of
//! columns or rows with no head elided as `⋯`), the chosen rectangle's four corners bracketed.
//! Each answers for its size, its drawing and its clicks from the same geometry, as `pins.rs`
//! does; a game none draws keeps the rows of tokens.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::style::{Modifier, Style};
use unicode_width::UnicodeWidthStr;

use crate::app::{Game, Msg};
use crate::engine::{BoardRow, Move, MoveShape, Side, Verb};

use super::look::Look;

/// Which picture a game has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Picture {
    Stairs,
    Coins,
    Board,
    Grid,
    Forest,
}

fn picture(game: &Game) -> Option<Picture> {
    let described = game.rules.kind.describe();
    match described.shape {
        // A game played on a board, as the engine gives it.
        _ if game.board().is_some() => Some(Picture::Board),
        MoveShape::Cut => Some(Picture::Forest),
        MoveShape::Turn { .. } => Some(Picture::Coins),
        MoveShape::Corners => Some(Picture::Grid),
        _ if described.words.verb == Verb::MoveDown => Some(Picture::Stairs),
        _ => None,
    }
}

/// The board's width and rows for the game's picture within `max_width` columns, and its whole
/// width on one line; `None` when the game has no such picture (or the stairs do not fit across,
/// when they are drawn as rows of tokens). `scale` above 1 asks for the taller stairs.
pub(super) fn size(
    lang: crate::i18n::Language,
    game: &Game,
    max_width: u16,
    min_width: u16,
    scale: u16,
) -> Option<(u16, u16, u16)> {
    match picture(game)? {
        Picture::Stairs => {
            let steps = game.position().len() as u16;
            let cell = stair_cell(game, max_width)?;
            let ground_w = ground_width(lang, cell);
            let whole = steps.saturating_mul(cell).saturating_add(ground_w + 2 + 2).max(min_width);
            let rise = if scale > 1 { 2 } else { 1 };
            let rows = steps.saturating_mul(rise).saturating_add(2 + 2);
            Some((whole.min(max_width.max(min_width)), rows, whole))
        }
        Picture::Coins => {
            let items = coin_items(game, None);
            // Room for what a move being chosen adds: two more coins, each of which may cut a
            // run of tails in two (another `⋯N⋯`).
            let digits = game.position().heaps().iter().max().map_or(1, |h| h.to_string().len()) as u16;
            let slack = 2 * (2 * digits + 6);
            let natural: u16 = items.iter().map(|item| item.width()).sum::<u16>().saturating_add(slack);
            let whole = natural.saturating_add(2 + 2).max(min_width);
            let width = whole.min(max_width);
            let mut lines = wrap(&items, width.saturating_sub(4 + slack)).len().max(1) as u16;
            if width < whole {
                // Wrapped: a chosen move may need a line more.
                lines += 1;
            }
            Some((width, lines * 4 - 1 + 2, whole))
        }
        Picture::Grid => {
            let grid = Grid::new(game, Rect::new(0, 0, u16::MAX, u16::MAX), Some(&game.chosen()), scale > 1);
            let whole = grid.width().saturating_add(4).max(min_width);
            Some((whole.min(max_width.max(min_width)), grid.height().saturating_add(2), whole))
        }
        Picture::Forest => {
            let forest = Forest::of(game, false, None);
            let whole = forest.width.saturating_add(4).max(min_width);
            // The trees, the ground, the trees' numbers, the frame.
            Some((whole.min(max_width.max(min_width)), forest.height.saturating_add(2 + 2), whole))
        }
        Picture::Board => {
            let rows = game.board()?.rows.len() as u16;
            let lines = board_lines(lang, game, None);
            // Room for what a move being chosen adds: its square and two runs cut from one.
            let digits =
                game.board()?.rows.iter().map(|r| r.width.to_string().len()).max().unwrap_or(1) as u16;
            let slack = 2 * (digits + 2) + 6;
            let natural = lines.iter().map(BoardLine::width).max().unwrap_or(0).saturating_add(4 + slack);
            let whole = natural.max(min_width);
            // The status line, a blank line, then a row a line (two apart when the board is
            // given the room).
            Some((whole.min(max_width.max(min_width)), rows.saturating_add(2 + 2), whole))
        }
    }
}

/// Columns the ground takes at the stairs' foot: its name and a space, at least a step's.
fn ground_width(lang: crate::i18n::Language, cell: u16) -> u16 {
    cell.max(UnicodeWidthStr::width(crate::words::ground(lang)) as u16 + 1)
}

/// Columns a step takes: room for its count written `●×N`, at least six; `None` when the steps
/// (and the ground) do not fit in `max_width`.
fn stair_cell(game: &Game, max_width: u16) -> Option<u16> {
    let steps = game.position().len() as u16;
    let digits = game.position().heaps().iter().map(|h| h.to_string().len()).max().unwrap_or(1) as u16;
    // The ground's column is at most 7 (`ground` and a space; 地面 is 4).
    let room = max_width.saturating_sub(4 + 7) / steps.max(1);
    let want = (digits + 3).clamp(6, 24);
    let cell = want.min(room);
    (cell > digits.max(3)).then_some(cell)
}

/// Draws the picture inside the board's frame, marking what `marked` moves or turns. Returns
/// false, drawing nothing, when the game has no picture of its own.
pub(super) fn render(game: &Game, look: &Look, board: Rect, marked: Option<&Move>, buf: &mut Buffer) -> bool {
    let board = board.intersection(buf.area);
    match picture(game) {
        Some(Picture::Stairs) => match Stairs::of(game, look.language, board) {
            Some(stairs) => {
                stairs.render(game, look, marked, buf);
                true
            }
            None => false,
        },
        Some(Picture::Coins) => {
            render_coins(game, look, board, marked, buf);
            true
        }
        Some(Picture::Board) => {
            render_board(game, look, board, marked, buf);
            true
        }
        Some(Picture::Grid) => {
            Grid::of(game, board, marked).render(game, look, marked, buf);
            true
        }
        Some(Picture::Forest) => {
            render_forest(game, look, board, marked, buf);
            true
        }
        None => false,
    }
}

/// What a click at (`column`, `row`) picks: the step clicked, or the head clicked (the coin
/// clicked left of the chosen head, as the count); `None` off the picture, and `None` too when
/// the game has no picture.
pub(super) fn hit(
    lang: crate::i18n::Language,
    game: &Game,
    board: Rect,
    column: u16,
    row: u16,
) -> Option<Option<Msg>> {
    match picture(game)? {
        Picture::Stairs => {
            let stairs = Stairs::of(game, lang, board)?;
            let picked = (|| {
                if !(stairs.top..=stairs.labels).contains(&row) {
                    return None;
                }
                let heap = usize::from(column.checked_sub(stairs.x + stairs.ground_w)? / stairs.cell);
                (heap < game.position().len()).then(|| Msg::Pick { heap, count: game.count.max(1) })
            })();
            Some(picked)
        }
        Picture::Coins => {
            let layout = CoinLayout::of(game, board, None);
            let picked = layout.at(column, row).and_then(|place| {
                let heads = game.position().heaps();
                match heads.iter().position(|&h| h == place) {
                    Some(heap) => Some(Msg::Pick { heap, count: 0 }),
                    None => {
                        let chosen = heads.get(game.selected).copied()?;
                        (place < chosen).then_some(Msg::Pick { heap: game.selected, count: place })
                    }
                }
            });
            Some(picked)
        }
        Picture::Grid => {
            let grid = Grid::of(game, board, Some(&game.chosen()));
            let picked = grid.at(column, row).and_then(|(x, y)| {
                let heads = crate::engine::heads(game.position().heaps());
                if let Some(heap) = heads.iter().position(|h| h.x == x && h.y == y && h.has_move()) {
                    return Some(Msg::Pick { heap, count: game.count });
                }
                let head = heads.get(game.selected).copied()?;
                (x < head.x && y < head.y).then(|| Msg::Pick {
                    heap: game.selected,
                    count: crate::engine::count_of_corner(head, x, y),
                })
            });
            Some(picked)
        }
        Picture::Forest => {
            let forest = Forest::of(game, false, None);
            let (x0, ground) = forest.origin(board);
            let picked = forest.cells.iter().find_map(|c| {
                let (x, y) = (x0 + c.x, ground.checked_sub(c.up + 1)?);
                let (tree, edge) = c.edge?;
                (x == column && y == row).then_some(Msg::Pick { heap: tree, count: edge })
            });
            Some(picked)
        }
        Picture::Board => {
            let placed = place_board(lang, game, board, None);
            let picked = placed.iter().filter(|p| p.y == row).find_map(|p| {
                let heap = p.line.row?;
                p.line.cells.iter().find_map(|&(cell, cx)| match cell {
                    Cell::Square(square) if (p.x + cx..p.x + cx + 2).contains(&column) => {
                        Some(Msg::Pick { heap, count: square })
                    }
                    _ => None,
                })
            });
            Some(picked)
        }
    }
}

/// Where the terminal's cursor stands while a person chooses a move: on the chosen step's number,
/// or on the chosen head's; `None` when the game has no picture of its own.
pub(super) fn cursor(
    lang: crate::i18n::Language,
    game: &Game,
    board: Rect,
) -> Option<Option<ratatui::layout::Position>> {
    match picture(game)? {
        Picture::Stairs => {
            let stairs = Stairs::of(game, lang, board)?;
            let x = stairs.column(game.selected as u16 + 1);
            Some(Some(ratatui::layout::Position::new(x, stairs.labels)))
        }
        Picture::Board => {
            let chosen = game.chosen();
            let placed = place_board(lang, game, board, Some(&chosen));
            Some(placed.iter().filter(|p| p.line.row == Some(game.selected)).find_map(|p| {
                p.line.cells.iter().find_map(|&(cell, cx)| {
                    (cell == Cell::Square(game.count)).then(|| ratatui::layout::Position::new(p.x + cx, p.y))
                })
            }))
        }
        Picture::Grid => {
            let grid = Grid::of(game, board, Some(&game.chosen()));
            let head = crate::engine::heads(game.position().heaps()).get(game.selected).copied();
            Some(head.and_then(|h| grid.place(h.x, h.y)).map(|(x, y)| ratatui::layout::Position::new(x, y)))
        }
        Picture::Forest => {
            let forest = Forest::of(game, false, None);
            let (x0, ground) = forest.origin(board);
            let at = forest
                .cells
                .iter()
                .find(|c| c.edge.is_some_and(|(t, e)| t == game.selected && e == game.count));
            Some(
                at.and_then(|c| {
                    Some(ratatui::layout::Position::new(x0 + c.x, ground.checked_sub(c.up + 1)?))
                }),
            )
        }
        Picture::Coins => {
            let layout = CoinLayout::of(game, board, Some(&game.chosen()));
            let head = game.position().heap(game.selected);
            Some(layout.placed.iter().find_map(|&(item, x, y)| {
                (Some(item) == head.map(Item::Coin))
                    .then(|| ratatui::layout::Position::new(x.saturating_sub(1), y))
            }))
        }
    }
}

/// Where the stairs stand on the board: the ground's column at the left, then a column a step.
struct Stairs {
    x: u16,
    /// The ground's columns (its name and a space), then each step's.
    ground_w: u16,
    cell: u16,
    /// Rows a step rises above the one before it.
    rise: u16,
    /// The top row of the highest step's coins, the ground's row and the numbers' row.
    top: u16,
    ground: u16,
    labels: u16,
    /// The board inside its frame: nothing is drawn outside it.
    inside: Rect,
}

impl Stairs {
    fn of(game: &Game, lang: crate::i18n::Language, board: Rect) -> Option<Stairs> {
        let inner = board.inner(Margin::new(1, 1));
        let steps = game.position().len() as u16;
        let cell = stair_cell(game, board.width)?;
        let ground_w = ground_width(lang, cell);
        // Two rows a step where they fit; else one (the highest steps cut if even that fails).
        let rise = if steps * 2 + 2 <= inner.height { 2 } else { 1 };
        let used = (steps * rise + 2).min(inner.height);
        let spare = inner.height.saturating_sub(used);
        let labels = inner.y + spare / 2 + used.saturating_sub(1);
        let ground = labels.saturating_sub(1);
        let width = steps * cell + ground_w;
        let x = inner.x + inner.width.saturating_sub(width) / 2;
        Some(Stairs {
            x,
            ground_w,
            cell,
            rise,
            top: ground.saturating_sub(steps * rise),
            ground,
            labels,
            inside: inner,
        })
    }

    /// The first column of step `step` (from 1).
    fn column(&self, step: u16) -> u16 {
        self.x + self.ground_w + (step - 1) * self.cell
    }

    /// The row of step `step`'s tread (from 1), above the ground.
    fn tread(&self, step: u16) -> u16 {
        self.ground.saturating_sub((step - 1) * self.rise + 1)
    }

    fn render(&self, game: &Game, look: &Look, marked: Option<&Move>, buf: &mut Buffer) {
        let theme = &look.theme;
        let lang = look.language;
        let heaps = game.position().heaps();
        // Nothing is drawn outside the board's frame: on a short board the highest steps are cut
        // rather than drawn over the header (seen at 50x16).
        let area = self.inside.intersection(buf.area);
        let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
            if y >= area.top() && y < area.bottom() && x < area.right() {
                buf.set_stringn(x, y, text, usize::from(area.right() - x), style);
            }
        };
        let (moved_from, moved) = match marked.and_then(Move::as_take) {
            Some(take) => (Some(take.heap), take.take),
            None => (None, 0),
        };
        // The ground: a floor the width of the stairs, named in its own column.
        let floor = look.glyphs.rule.repeat(usize::from(self.cell * heaps.len() as u16 + self.ground_w));
        put(buf, self.x, self.ground, &floor, theme.fg(theme.dim));
        put(buf, self.x, self.labels, crate::words::ground(lang), theme.fg(theme.dim));
        if moved_from == Some(0) {
            put(
                buf,
                self.x + 1,
                self.ground.saturating_sub(1),
                &format!("+{moved}"),
                theme.strong(theme.marked),
            );
        }
        for (i, &count) in heaps.iter().enumerate() {
            let step = i as u16 + 1;
            let x = self.column(step);
            let odd = step % 2 == 1;
            // The step's body, from its tread down to the ground: odd steps (the Nim heaps) on
            // the nim-sum's band.
            let body = if odd { theme.fill(theme.band) } else { theme.fill(theme.dim) };
            for y in self.tread(step)..self.ground {
                put(buf, x, y, &" ".repeat(usize::from(self.cell - 1)), body);
            }
            // Coins on the tread: one a column while they fit, else a count.
            let coins_row = self.tread(step).saturating_sub(1);
            let room = u64::from(self.cell - 1);
            let chosen = moved_from == Some(i);
            let coin = theme.strong(theme.token);
            let going = theme.strong(theme.marked);
            if count <= room {
                let stay = if chosen { count - moved.min(count) } else { count };
                put(buf, x, coins_row, &"●".repeat(stay as usize), coin);
                put(buf, x + stay as u16, coins_row, &"●".repeat((count - stay) as usize), going);
            } else {
                let text = format!("●×{count}");
                put(buf, x, coins_row, &text, if chosen { going } else { coin });
            }
            // Where the chosen coins land: on the step below.
            if moved_from == Some(i + 1) {
                put(
                    buf,
                    x,
                    self.tread(step),
                    &format!("+{moved}"),
                    theme.on_band(theme.strong(theme.marked)),
                );
            }
            // The step's number under the ground, the chosen one with the cursor; odd ones bold.
            let selected = game.your_turn() && game.selected == i;
            let number = format!("{}{step}", if selected { look.glyphs.cursor.as_str() } else { "" });
            let style = if selected {
                theme.strong(theme.selected).add_modifier(Modifier::REVERSED)
            } else if odd {
                theme.strong(theme.accent)
            } else {
                theme.fg(theme.dim)
            };
            put(buf, if selected { x } else { x + 1 }, self.labels, &number, style);
        }
    }
}

/// One thing on the row of coins: a coin at its place, or a run of tails elided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    Coin(u64),
    Tails(u64),
}

impl Item {
    /// Columns it takes with the space after it.
    fn width(self) -> u16 {
        match self {
            Item::Coin(place) => place.to_string().len().max(1) as u16 + 1,
            Item::Tails(count) => UnicodeWidthStr::width(tails_text(count).as_str()) as u16 + 1,
        }
    }
}

fn tails_text(count: u64) -> String {
    format!("⋯{count}⋯")
}

/// The coins to draw, left to right: every head, every coin the marked move turns, coin 1, and
/// the tails between them (a run of more than three as one elided item).
fn coin_items(game: &Game, marked: Option<&Move>) -> Vec<Item> {
    let mut places: Vec<u64> = game.position().heaps().to_vec();
    places.extend(marked.map(Move::coins_shown).unwrap_or_default());
    places.push(1);
    places.sort_unstable();
    places.dedup();
    let mut items = Vec::new();
    let mut last = 0u64;
    for place in places {
        let between = place - last - 1;
        if between > 3 {
            items.push(Item::Tails(between));
        } else {
            items.extend((last + 1..place).map(Item::Coin));
        }
        items.push(Item::Coin(place));
        last = place;
    }
    items
}

/// The items cut into lines of at most `width` columns (an item wider than a line has one).
fn wrap(items: &[Item], width: u16) -> Vec<Vec<Item>> {
    let mut lines: Vec<Vec<Item>> = vec![Vec::new()];
    let mut used = 0u16;
    for &item in items {
        let w = item.width();
        if used + w > width && lines.last().is_some_and(|line| !line.is_empty()) {
            lines.push(Vec::new());
            used = 0;
        }
        if let Some(line) = lines.last_mut() {
            line.push(item);
        }
        used += w;
    }
    lines
}

/// Where each coin stands: its item's column and its line's top row (the place's number; the
/// coin under it, the mark under that).
struct CoinLayout {
    placed: Vec<(Item, u16, u16)>,
    /// Too few rows for a line's three (the places' numbers, the coins, the marks): the coins
    /// alone on the board's rows, each line's top row taken to be the one above them.
    compact: bool,
}

impl CoinLayout {
    fn of(game: &Game, board: Rect, marked: Option<&Move>) -> CoinLayout {
        let inner = board.inner(Margin::new(1, 1));
        let items = coin_items(game, marked);
        let lines = wrap(&items, inner.width.saturating_sub(2));
        let compact = inner.height < 3;
        let (stride, rows) = match compact {
            true => (1, lines.len() as u16),
            false => (4, (lines.len() as u16 * 4).saturating_sub(1)),
        };
        let top = inner.y + inner.height.saturating_sub(rows) / 2;
        let mut placed = Vec::new();
        for (n, line) in lines.iter().enumerate() {
            // A compact line's coins stand on the board's rows (a line's coins are a row below
            // its top).
            let y = match compact {
                true => (top + n as u16).saturating_sub(1),
                false => top + n as u16 * stride,
            };
            let bottom = if compact { y + 1 } else { y + 2 };
            if bottom >= inner.bottom() {
                break;
            }
            let mut x = inner.x + 1;
            for &item in line {
                placed.push((item, x, y));
                x += item.width();
            }
        }
        CoinLayout { placed, compact }
    }

    /// The coin at (`column`, `row`), by its place.
    fn at(&self, column: u16, row: u16) -> Option<u64> {
        self.placed.iter().find_map(|&(item, x, y)| match item {
            Item::Coin(place) if (y..y + 3).contains(&row) && (x..x + item.width()).contains(&column) => {
                Some(place)
            }
            _ => None,
        })
    }
}

fn render_coins(game: &Game, look: &Look, board: Rect, marked: Option<&Move>, buf: &mut Buffer) {
    let theme = &look.theme;
    let layout = CoinLayout::of(game, board, marked);
    let heads = game.position().heaps();
    let turned = |place: &u64| marked.is_some_and(|mv| mv.turns_coin(*place));
    let chosen = if game.your_turn() { heads.get(game.selected).copied() } else { None };
    // Heads and tails in ASCII: `H` and `t` (the ASCII pass would make both circles `o`).
    let ascii = look.glyphs.rule.is_ascii();
    let (head, tail) = if ascii { ("H", "t") } else { ("●", "○") };
    let area = buf.area;
    for &(item, x, y) in &layout.placed {
        if (y + 2 >= area.bottom() && !layout.compact) || x >= area.right() {
            continue;
        }
        match item {
            // Compact: the coin alone, the chosen one reversed, those turned in their colour.
            Item::Coin(place) if layout.compact => {
                let is_head = heads.contains(&place);
                let mut style = match (turned(&place), is_head) {
                    (true, _) => theme.strong(theme.marked),
                    (false, true) => theme.strong(theme.token),
                    (false, false) => theme.fg(theme.dim),
                };
                if chosen == Some(place) {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                buf.set_string(x, y + 1, if is_head { head } else { tail }, style);
            }
            Item::Coin(place) => {
                let is_head = heads.contains(&place);
                let is_turned = turned(&place);
                let number = place.to_string();
                let label = if chosen == Some(place) {
                    let x = x.saturating_sub(1);
                    buf.set_string(
                        x,
                        y,
                        format!("{}{number}", look.glyphs.cursor),
                        theme.strong(theme.selected).add_modifier(Modifier::REVERSED),
                    );
                    None
                } else if is_head || is_turned {
                    Some(theme.fg(theme.text))
                } else {
                    Some(theme.fg(theme.dim))
                };
                if let Some(style) = label {
                    buf.set_string(x, y, &number, style);
                }
                let style = match (is_turned, is_head) {
                    (true, _) => theme.strong(theme.marked),
                    (false, true) => theme.strong(theme.token),
                    (false, false) => theme.fg(theme.dim),
                };
                buf.set_string(x, y + 1, if is_head { head } else { tail }, style);
                if is_turned {
                    buf.set_string(x, y + 2, "^", theme.strong(theme.marked));
                }
            }
            Item::Tails(count) => {
                buf.set_string(x, y + 1, tails_text(count), theme.fg(theme.dim));
            }
        }
    }
}

/// One cell of a row of a board: a square, or a run of empty squares elided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Square(u64),
    Skipped(u64),
}

impl Cell {
    fn text(self) -> String {
        match self {
            Cell::Square(_) => String::new(),
            // A run's length while it is short enough to read; a huge one as dots alone.
            Cell::Skipped(count) if count < 1_000_000 => format!("⋯{count}⋯"),
            Cell::Skipped(_) => "⋯⋯".to_string(),
        }
    }

    /// Columns it takes with the space after it.
    fn width(self) -> u16 {
        match self {
            Cell::Square(_) => 2,
            Cell::Skipped(_) => UnicodeWidthStr::width(self.text().as_str()) as u16 + 1,
        }
    }
}

/// A line of the board: the status line (whose turn, the retreats left), or a row: its label,
/// its cells (each with its column from the line's start) and its squares' numbers after them.
#[derive(Debug, Clone)]
struct BoardLine {
    row: Option<usize>,
    label: String,
    cells: Vec<(Cell, u16)>,
    tail: String,
}

impl BoardLine {
    fn width(&self) -> u16 {
        let cells = self.cells.last().map_or(0, |&(cell, x)| x + cell.width());
        cells.max(UnicodeWidthStr::width(self.label.as_str()) as u16)
            + UnicodeWidthStr::width(self.tail.as_str()) as u16
    }
}

/// The counters' glyphs, white and black, and an empty square's.
fn board_glyphs(ascii: bool) -> (&'static str, &'static str, &'static str) {
    if ascii { ("W", "B", ".") } else { ("○", "●", "·") }
}

/// The glyph of a counter of `side`.
fn counter_glyph(side: Side, ascii: bool) -> &'static str {
    let (white, black, _) = board_glyphs(ascii);
    match side {
        Side::White => white,
        Side::Black => black,
    }
}

/// What follows a row's squares: each counter's glyph and square, then the row's width
/// (` ○3 ●7 /10`).
fn row_tail(row: &BoardRow, ascii: bool) -> String {
    let counters: String =
        row.counters.iter().map(|c| format!(" {}{}", counter_glyph(c.side, ascii), c.square)).collect();
    format!("{counters} /{}", row.width)
}

/// The board's lines: the status line, then a line a row, each row's squares windowed around
/// its edges, its counters and the square `marked` slides to (long empty runs elided), so that a
/// row of 2^64-1 squares is a line of a few dozen columns.
fn board_lines(lang: crate::i18n::Language, game: &Game, marked: Option<&Move>) -> Vec<BoardLine> {
    use crate::i18n::{Arg, text, text_with};
    let Some(board) = game.board() else { return Vec::new() };
    let kind = game.rules.kind;
    let mover = match board.to_move {
        Side::White => text(lang, "board-to-move-white"),
        Side::Black => text(lang, "board-to-move-black"),
    };
    let retreats = text_with(
        lang,
        "board-retreats",
        &[
            ("white", Arg::from(board.retreats(Side::White))),
            ("black", Arg::from(board.retreats(Side::Black))),
        ],
    );
    let mut lines = vec![BoardLine {
        row: None,
        label: format!("{mover} · {retreats}"),
        cells: Vec::new(),
        tail: String::new(),
    }];
    let labels: Vec<String> = (1..=board.rows.len()).map(|n| crate::words::numbered(lang, kind, n)).collect();
    let label_width = labels.iter().map(|l| UnicodeWidthStr::width(l.as_str())).max().unwrap_or(0) as u16 + 3;
    for (i, (r, label)) in board.rows.iter().zip(labels).enumerate() {
        let mut keys = vec![1, r.width];
        for s in r.counters.iter().map(|c| c.square) {
            keys.extend([s, s.saturating_sub(1).max(1), s.saturating_add(1).min(r.width)]);
        }
        if let Some((row, to)) = marked.and_then(Move::lands_on)
            && row == i
        {
            keys.extend([to.saturating_sub(1).max(1), to, to.saturating_add(1).min(r.width)]);
        }
        keys.retain(|&s| (1..=r.width).contains(&s));
        keys.sort_unstable();
        keys.dedup();
        let mut cells = Vec::new();
        let mut x = label_width;
        let mut last = 0u64;
        for square in keys {
            let between = square - last - 1;
            let mut push = |cell: Cell| {
                cells.push((cell, x));
                x += cell.width();
            };
            if between > 3 {
                push(Cell::Skipped(between));
            } else {
                (last + 1..square).for_each(|s| push(Cell::Square(s)));
            }
            push(Cell::Square(square));
            last = square;
        }
        let tail = row_tail(r, false);
        lines.push(BoardLine { row: Some(i), label, cells, tail });
    }
    lines
}

/// A board line placed on the screen: its line, and where it starts.
struct Placed {
    line: BoardLine,
    x: u16,
    y: u16,
}

/// Where each of the board's lines goes inside the frame: the status line at the top, then the
/// rows, a blank line between them when there is room.
fn place_board(lang: crate::i18n::Language, game: &Game, board: Rect, marked: Option<&Move>) -> Vec<Placed> {
    let inner = board.inner(Margin::new(1, 1));
    let lines = board_lines(lang, game, marked);
    let rows = lines.len().saturating_sub(1) as u16;
    let stride = if inner.height >= 2 + rows * 2 { 2 } else { 1 };
    // A blank line under the status line when the rows still fit.
    let first = if inner.height >= 2 + rows { 2 } else { 1 };
    let mut placed = Vec::new();
    for (n, line) in lines.into_iter().enumerate() {
        let y = match n {
            0 => inner.y,
            n => inner.y + first + (n as u16 - 1) * stride,
        };
        if y >= inner.bottom() {
            break;
        }
        placed.push(Placed { line, x: inner.x + 1, y });
    }
    placed
}

fn render_board(game: &Game, look: &Look, board: Rect, marked: Option<&Move>, buf: &mut Buffer) {
    let theme = &look.theme;
    let Some(state) = game.board() else { return };
    let ascii = look.glyphs.rule.is_ascii();
    let (_, _, empty) = board_glyphs(ascii);
    let glyph_of = |side| counter_glyph(side, ascii);
    let chosen = if game.your_turn() { Some(game.selected) } else { None };
    let mover = state.to_move;
    let area = buf.area.intersection(board);
    for placed in place_board(look.language, game, board, marked) {
        let Placed { line, x, y } = placed;
        if y >= area.bottom() {
            continue;
        }
        let Some(i) = line.row else {
            buf.set_stringn(
                x,
                y,
                &line.label,
                usize::from(area.right().saturating_sub(x)),
                theme.fg(theme.text),
            );
            continue;
        };
        let row = &state.rows[i];
        let label_style = match chosen == Some(i) {
            true => theme.strong(theme.selected).add_modifier(Modifier::REVERSED),
            false => theme.fg(theme.text),
        };
        let label = if chosen == Some(i) {
            format!("{}{}", look.glyphs.cursor, line.label)
        } else {
            line.label.clone()
        };
        buf.set_stringn(x, y, &label, usize::from(area.right().saturating_sub(x)), label_style);
        let target = marked.and_then(Move::lands_on).filter(|&(r, _)| r == i).map(|(_, to)| to);
        let moving = target.and_then(|_| row.square_of(mover));
        let mut end = x;
        for &(cell, cx) in &line.cells {
            let at = x + cx;
            end = at + cell.width();
            if at >= area.right() {
                break;
            }
            let (glyph, style) = match cell {
                Cell::Skipped(_) => (cell.text(), theme.fg(theme.dim)),
                Cell::Square(s) if Some(s) == target => (
                    glyph_of(mover).to_string(),
                    theme.strong(theme.marked).add_modifier(Modifier::UNDERLINED),
                ),
                Cell::Square(s) if Some(s) == moving => {
                    (glyph_of(row.at(s).unwrap_or(mover)).to_string(), theme.fg(theme.dim))
                }
                Cell::Square(s) => match row.at(s) {
                    Some(side) => (glyph_of(side).to_string(), theme.strong(theme.token)),
                    None => (empty.to_string(), theme.fg(theme.dim)),
                },
            };
            buf.set_stringn(at, y, &glyph, usize::from(area.right().saturating_sub(at)), style);
        }
        if end < area.right() {
            let tail = row_tail(row, ascii);
            buf.set_stringn(end, y, &tail, usize::from(area.right() - end), theme.fg(theme.dim));
        }
    }
}

/// The columns (or rows) a grid shows: every one from 1 while the largest is small, else those
/// of the heads and the move marked, with their neighbours before, and `None` for a run elided.
fn axis(mut wanted: Vec<u64>) -> Vec<Option<u64>> {
    const WHOLE: u64 = 12;
    let most = wanted.iter().copied().max().unwrap_or(1).max(2);
    if most <= WHOLE {
        return (1..=most).map(Some).collect();
    }
    wanted.extend([1, 2]);
    let before: Vec<u64> = wanted.iter().map(|&v| v.saturating_sub(1).max(1)).collect();
    wanted.extend(before);
    wanted.sort_unstable();
    wanted.dedup();
    let mut out = Vec::new();
    for (i, &v) in wanted.iter().enumerate() {
        if i > 0 && wanted[i - 1] + 1 < v {
            out.push(None);
        }
        out.push(Some(v));
    }
    out
}

/// Turning Corners' grid as drawn: the columns and rows shown and where each stands.
struct Grid {
    columns: Vec<Option<u64>>,
    rows: Vec<Option<u64>>,
    /// The first column of the cells and the width of each; the row labels' width.
    x: u16,
    cell: u16,
    label: u16,
    /// The header's line; the first row of coins is `pitch` lines under it, and each next row
    /// `pitch` under the one before.
    y: u16,
    /// Lines from one row of coins to the next: 2 on a board given the room (a projector's
    /// screen), else 1.
    pitch: u16,
    inside: Rect,
}

impl Grid {
    /// The grid within `board`: spaced out (wider cells, a blank line between rows) when the
    /// board was given the room for that, as [`size`] asks at a scale above 1.
    fn of(game: &Game, board: Rect, marked: Option<&Move>) -> Grid {
        let roomy = Grid::new(game, board, marked, true);
        let inside = board.inner(Margin::new(1, 1));
        if roomy.width() <= inside.width && roomy.height() <= inside.height {
            roomy
        } else {
            Grid::new(game, board, marked, false)
        }
    }

    fn new(game: &Game, board: Rect, marked: Option<&Move>, roomy: bool) -> Grid {
        let heads = crate::engine::heads(game.position().heaps());
        let mut xs: Vec<u64> = heads.iter().map(|h| h.x).collect();
        let mut ys: Vec<u64> = heads.iter().map(|h| h.y).collect();
        if let Some(&Move::Corners { y, x, b, a }) = marked {
            xs.extend([x, a]);
            ys.extend([y, b]);
        }
        let (columns, rows) = (axis(xs), axis(ys));
        let digits = |axis: &[Option<u64>]| {
            axis.iter().flatten().map(|v| v.to_string().len()).max().unwrap_or(1) as u16
        };
        let inside = board.inner(Margin::new(1, 1));
        let label = digits(&rows) + 1;
        let (extra, pitch) = if roomy { (2, 2) } else { (0, 1) };
        let cell = (digits(&columns) + 1).max(3) + extra;
        Grid { x: inside.x + 1 + label, cell, label, y: inside.y, pitch, columns, rows, inside }
    }

    fn width(&self) -> u16 {
        1 + self.label + self.cell.saturating_mul(self.columns.len() as u16)
    }

    fn height(&self) -> u16 {
        1 + self.pitch.saturating_mul(self.rows.len() as u16)
    }

    /// The line of the `j`th row shown (from 0).
    fn line(&self, j: u16) -> u16 {
        self.y + self.pitch * (j + 1)
    }

    /// Where the coin at column `x`, row `y` is drawn, when it is shown.
    fn place(&self, x: u64, y: u64) -> Option<(u16, u16)> {
        let i = self.columns.iter().position(|&c| c == Some(x))? as u16;
        let j = self.rows.iter().position(|&r| r == Some(y))? as u16;
        Some((self.x + i * self.cell + self.cell / 2, self.line(j)))
    }

    /// The coin a click at (`column`, `row`) lands on: on a row's line, or on the blank line
    /// above it when the rows are spaced out.
    fn at(&self, column: u16, row: u16) -> Option<(u64, u64)> {
        let below = row.checked_sub(self.y + 1)?;
        let j = usize::from(below / self.pitch);
        let i = usize::from(column.checked_sub(self.x)? / self.cell);
        Some((*self.columns.get(i)?.as_ref()?, *self.rows.get(j)?.as_ref()?))
    }

    fn render(&self, game: &Game, look: &Look, marked: Option<&Move>, buf: &mut Buffer) {
        let theme = &look.theme;
        let heads = crate::engine::heads(game.position().heaps());
        let is_head = |x: u64, y: u64| heads.iter().any(|h| h.x == x && h.y == y);
        let corners: Vec<(u64, u64)> = match marked {
            Some(&Move::Corners { y, x, b, a }) => vec![(x, y), (a, y), (x, b), (a, b)],
            _ => Vec::new(),
        };
        // Heads and tails in ASCII: `H` and `t` (the ASCII pass would make both circles `o`).
        let (head, tail, gap) =
            if look.glyphs.rule.is_ascii() { ("H", "t", "..") } else { ("●", "○", "⋯") };
        let area = self.inside.intersection(buf.area);
        let mut put = |x: u16, y: u16, text: &str, style: Style| {
            if area.contains(ratatui::layout::Position::new(x, y)) {
                buf.set_string(x, y, text, style);
            }
        };
        for (i, column) in self.columns.iter().enumerate() {
            let x = self.x + i as u16 * self.cell;
            let text = column.map_or(gap.to_string(), |c| c.to_string());
            // Over the coins: a number of one column on the coin, of two on it and the next.
            let centre = x + (self.cell.saturating_sub(text.width() as u16)) / 2;
            put(centre.min(x + self.cell - 1), self.y, &text, theme.fg(theme.dim));
        }
        for (j, row) in self.rows.iter().enumerate() {
            let y = self.line(j as u16);
            let label = row.map_or(gap.to_string(), |r| r.to_string());
            let pad = self.label.saturating_sub(label.width() as u16);
            put(self.inside.x + pad, y, &label, theme.fg(theme.dim));
            for (i, column) in self.columns.iter().enumerate() {
                let x = self.x + i as u16 * self.cell + self.cell / 2;
                let (Some(c), Some(r)) = (column, row) else {
                    put(x, y, gap, theme.fg(theme.dim));
                    continue;
                };
                let up = is_head(*c, *r);
                let corner = corners.contains(&(*c, *r));
                let style = match (corner, up) {
                    (true, _) => theme.strong(theme.marked),
                    (false, true) => theme.strong(theme.token),
                    (false, false) => theme.fg(theme.dim),
                };
                if corner {
                    put(x - 1, y, "[", style);
                    put(x + 1, y, "]", style);
                }
                put(x, y, if up { head } else { tail }, style);
            }
        }
    }
}
/// One cell of the trees' picture: where it stands (columns from the picture's left, rows up from
/// the ground), what it shows, and the edge it draws (tree from 0, edge from 1; the first edge of
/// the run an elided row stands for), if it draws one.
struct ForestCell {
    x: u16,
    up: u16,
    glyph: String,
    /// The tree and the edge; `None` for a vertex or a joint.
    edge: Option<(usize, u64)>,
    /// The last edge the cell stands for (an elided run's; else the edge itself).
    last: u64,
    tree: usize,
    /// The edge it stands on, for a vertex or a joint (the top edge of the segment below it): it
    /// falls when that edge falls or is cut.
    below: u64,
}

/// The trees drawn as themselves (Green Hackenbush, `MoveShape::Cut`): each growing up from the
/// ground line, an edge a row of `│` with a vertex `●` above it, the branches at a vertex spread
/// by a joint `┌─●─┐`, a segment of more than three edges shown as its first and last edges with
/// `┊` and its length between (three rows, whatever the length); the trees' numbers under the
/// ground.
struct Forest {
    cells: Vec<ForestCell>,
    /// Each tree's column (of its trunk) and its number's text.
    labels: Vec<(u16, String)>,
    width: u16,
    /// Rows above the ground, the ground and the numbers.
    height: u16,
}

/// One row of a segment's drawing: its glyph, the edges it draws (first and last), the edge it
/// stands on.
type SegmentRow = (String, Option<(u64, u64)>, u64);

/// The most edges a segment shows before the rest are elided.
const SHOWN_EDGES: u64 = 3;

impl Forest {
    fn of(game: &Game, ascii: bool, _marked: Option<&Move>) -> Forest {
        use crate::engine::Rules;
        let trees = game.engine().forest_view(game.position()).unwrap_or_default();
        let (edge_g, vertex_g, elided_g) = if ascii { ("|", "o", ":") } else { ("│", "●", "┊") };
        let mut cells = Vec::new();
        let mut labels = Vec::new();
        // A column to the left for the chosen tree's mark before its number.
        let mut left = 1u16;
        let mut top = 0u16;
        for (t, tree) in trees.iter().enumerate() {
            let segments = tree.segments();
            let starts = tree.starts();
            if segments.is_empty() {
                labels.push((left, (t + 1).to_string()));
                left += 4;
                continue;
            }
            // Widths, leaves first (branches follow their segment in preorder).
            let label_w = |s: usize| {
                let l = segments[s].length;
                if l > SHOWN_EDGES { l.to_string().len() as u16 + 1 } else { 0 }
            };
            let mut width = vec![1u16; segments.len()];
            let mut centre = vec![0u16; segments.len()];
            for s in (0..segments.len()).rev() {
                let b = &segments[s].branches;
                if b.is_empty() {
                    width[s] = 1 + label_w(s);
                    centre[s] = 0;
                } else {
                    let gap = 3;
                    let mut x = 0u16;
                    let mut first = 0;
                    let mut last = 0;
                    for (i, &c) in b.iter().enumerate() {
                        if i == 0 {
                            first = x + centre[c];
                        }
                        last = x + centre[c];
                        x += width[c] + gap;
                    }
                    let span = x - gap;
                    centre[s] = (first + last) / 2;
                    width[s] = span.max(centre[s] + 1 + label_w(s));
                }
            }
            // Place: (segment, left column, row of its first edge).
            let mut stack = vec![(0usize, left, 0u16)];
            while let Some((s, x, base)) = stack.pop() {
                let seg = &segments[s];
                let cx = x + centre[s];
                let start = starts[s];
                let mut rows: Vec<SegmentRow> = Vec::new();
                if seg.length <= SHOWN_EDGES {
                    for h in 1..=seg.length {
                        rows.push((edge_g.to_string(), Some((start + h, start + h)), start + h));
                        if h < seg.length {
                            rows.push((vertex_g.to_string(), None, start + h));
                        }
                    }
                } else {
                    let top = start + seg.length;
                    // Three rows, whatever the length: the first edge, the run between with
                    // the segment's length, the last edge.
                    rows.push((edge_g.to_string(), Some((start + 1, start + 1)), start + 1));
                    rows.push((format!("{elided_g} {}", seg.length), Some((start + 2, top - 1)), start + 2));
                    rows.push((edge_g.to_string(), Some((top, top)), top));
                }
                let mut up = base;
                for (glyph, edge, below) in rows {
                    cells.push(ForestCell {
                        x: cx,
                        up,
                        glyph,
                        edge: edge.map(|(first, _)| (t, first)),
                        last: edge.map_or(0, |(_, last)| last),
                        tree: t,
                        below,
                    });
                    up += 1;
                }
                // The top vertex and its joint stand on the segment's top edge.
                let below = start + seg.length;
                // A cell of the top vertex's row (the vertex, a joint's corner or dash): no edge.
                let mark = |x: u16, glyph: &str| ForestCell {
                    x,
                    up,
                    glyph: glyph.into(),
                    edge: None,
                    last: 0,
                    tree: t,
                    below,
                };
                // The top vertex: a joint when branches stand on it.
                if seg.branches.is_empty() {
                    cells.push(mark(cx, vertex_g));
                    top = top.max(up + 1);
                } else {
                    let mut bx = x;
                    let mut first_c = 0;
                    let mut last_c = 0;
                    let gap = 3;
                    let n = seg.branches.len();
                    for (i, &c) in seg.branches.iter().enumerate() {
                        let ccx = bx + centre[c];
                        if i == 0 {
                            first_c = ccx;
                        }
                        last_c = ccx;
                        let corner = match (i, ascii) {
                            (_, true) => "+",
                            (0, false) => "┌",
                            (i, false) if i + 1 == n => "┐",
                            _ => "┬",
                        };
                        if ccx != cx {
                            cells.push(mark(ccx, corner));
                        }
                        stack.push((c, bx, up + 1));
                        bx += width[c] + gap;
                    }
                    for jx in first_c..=last_c {
                        let taken = jx == cx;
                        if !taken && !cells.iter().any(|c| c.x == jx && c.up == up && c.tree == t) {
                            let dash = if ascii { "-" } else { "─" };
                            cells.push(mark(jx, dash));
                        }
                    }
                    cells.push(mark(cx, vertex_g));
                }
            }
            labels.push((left + centre[0], (t + 1).to_string()));
            left += width[0] + 4;
        }
        Forest { cells, labels, width: left.saturating_sub(3).max(1), height: top + 2 }
    }

    /// The picture's left column and the ground's row on `board` (centred, standing on the
    /// board's bottom but for the numbers' row).
    fn origin(&self, board: Rect) -> (u16, u16) {
        let inner = board.inner(Margin::new(1, 1));
        let x = inner.x + inner.width.saturating_sub(self.width) / 2;
        let spare = inner.height.saturating_sub(self.height);
        // On a board too short for the trees, the ground and the numbers stay in view and the
        // trees' tops are cut, not the other way round.
        let ground = (inner.y + spare / 2 + self.height.saturating_sub(2))
            .min(inner.bottom().saturating_sub(2))
            .max(inner.y);
        (x, ground)
    }
}

/// Draws the trees: the chosen (or marked) edge in the chosen colour, what would fall with it
/// dimmed, the chosen tree's number marked.
fn render_forest(game: &Game, look: &Look, board: Rect, marked: Option<&Move>, buf: &mut Buffer) {
    use crate::engine::Rules;
    let theme = &look.theme;
    let ascii = look.glyphs.rule.is_ascii();
    let forest = Forest::of(game, ascii, marked);
    let (x0, ground) = forest.origin(board);
    let (edge_glyph, vertex_glyph, falling_edge, falling_vertex) =
        if ascii { ("|", "o", "!", ".") } else { ("│", "●", "╎", "○") };
    let inner = board.inner(Margin::new(1, 1)).intersection(buf.area);
    let cut = marked.and_then(|mv| match *mv {
        Move::Cut { tree, edge } => Some((tree, edge)),
        _ => None,
    });
    // What falls with the cut: the edges no longer joined to the ground (by the engine's cut).
    let falls: Option<(usize, Vec<u64>)> = cut.and_then(|(tree, edge)| {
        let trees = game.engine().forest_view(game.position())?;
        let t = trees.get(tree)?;
        let (seg, height) = t.locate(edge)?;
        let starts = t.starts();
        // The cut segment's edges from the cut up, and every segment standing on it.
        let mut gone = Vec::new();
        let mut stack = vec![seg];
        while let Some(s) = stack.pop() {
            let from = if s == seg { starts[s] + height } else { starts[s] + 1 };
            gone.push((from, starts[s] + t.segments()[s].length));
            stack.extend(t.segments()[s].branches.iter().copied());
        }
        Some((tree, gone.into_iter().flat_map(|(a, b)| [a, b]).collect()))
    });
    let falling = |tree: usize, first: u64, last: u64| {
        falls
            .as_ref()
            .is_some_and(|(t, ranges)| *t == tree && ranges.chunks(2).any(|r| first <= r[1] && last >= r[0]))
    };
    let put = |buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style| {
        if y >= inner.top() && y < inner.bottom() && x >= inner.left() && x < inner.right() {
            buf.set_stringn(x, y, text, usize::from(inner.right() - x), style);
        }
    };
    for c in &forest.cells {
        let Some(y) = ground.checked_sub(c.up + 1) else { continue };
        let chosen = match (cut, c.edge) {
            (Some((t, e)), Some((ct, first))) => t == ct && (first..=c.last.max(first)).contains(&e),
            _ => false,
        };
        let gone = !chosen
            && match c.edge {
                Some((_, first)) => falling(c.tree, first, c.last),
                None => falling(c.tree, c.below, c.below),
            };
        // What would fall is told apart by its colour (the tokens a move takes) and, without
        // colours, by its glyphs: an edge dashed, a vertex hollow.
        let style = if chosen {
            theme.strong(theme.selected).add_modifier(Modifier::REVERSED)
        } else if gone {
            theme.fg(theme.marked)
        } else {
            theme.fg(theme.text)
        };
        let glyph = match (chosen, gone, c.edge.is_some()) {
            (true, ..) if c.glyph.chars().count() == 1 => {
                if ascii {
                    "x"
                } else {
                    "╳"
                }
            }
            (false, true, true) if c.glyph == edge_glyph => falling_edge,
            (false, true, false) if c.glyph == vertex_glyph => falling_vertex,
            _ => c.glyph.as_str(),
        };
        put(buf, x0 + c.x, y, glyph, style);
    }
    let ground_glyph = if ascii { "=" } else { "━" };
    let width = inner.width;
    put(buf, inner.x, ground, &ground_glyph.repeat(usize::from(width)), theme.fg(theme.dim));
    for (t, (x, label)) in forest.labels.iter().enumerate() {
        let selected = game.your_turn() && t == game.selected;
        let style = if selected {
            theme.strong(theme.selected).add_modifier(Modifier::REVERSED)
        } else {
            theme.fg(theme.text)
        };
        let text = if selected { format!("{}{label}", look.glyphs.cursor) } else { label.clone() };
        let x = (x0 + x).saturating_sub(if selected { 1 } else { 0 });
        put(buf, x, ground + 1, &text, style);
    }
}
