//! The game screen: the heaps as rows of tokens, the move being chosen, and the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::app::{Action, App, Command, Game, Msg, Note, Panels, PuzzleRun, Screen};
use crate::domain::{Players, Seat};
use crate::engine::Move;

use super::Look;

/// Cells a token takes: the glyph and a space.
const TOKEN_CELLS: u16 = 2;
/// Cells before the tokens: the selection arrow and the heap number.
const LABEL_CELLS: u16 = 8;
/// Rows around the board: the header, the board's frame, four lines of messages, the status line.
const CHROME_ROWS: u16 = 8;

/// Where one heap's row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapRow {
    pub heap: usize,
    pub y: u16,
    /// Column of the first token.
    pub x: u16,
    /// Tokens drawn; when the heap holds more, a mark follows them.
    pub shown: u64,
    pub truncated: bool,
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

pub fn min_height(game: &Game) -> u16 {
    game.position().len() as u16 + CHROME_ROWS
}

/// Columns of the move list when it stands beside the board.
const HISTORY_WIDTH: u16 = 40;

/// Lays out the board in `area` without the move list; see [`board_layout_with`].
pub fn board_layout(game: &Game, area: Rect, binary: bool) -> BoardLayout {
    board_layout_with(game, area, binary, false)
}

/// Lays out the board with `panels` on.
pub fn layout_for(game: &Game, area: Rect, panels: Panels) -> BoardLayout {
    board_layout_with(game, area, panels.binary, panels.history)
}

/// Lays out the board in `area`, which must be at least the minimum size. With `history`, the move
/// list takes a column on the right when the screen is wide enough, and otherwise the lines under
/// the board.
pub fn board_layout_with(game: &Game, area: Rect, binary: bool, history: bool) -> BoardLayout {
    if !history {
        return layout_without_history(game, area, binary);
    }
    if area.width >= super::MIN_WIDTH + HISTORY_WIDTH {
        let narrowed = Rect { width: area.width - HISTORY_WIDTH, ..area };
        let mut layout = layout_without_history(game, narrowed, binary);
        layout.status.width = area.width;
        let top = layout.board.y;
        layout.history = Some(Rect {
            x: narrowed.right(),
            y: top,
            width: HISTORY_WIDTH,
            height: layout.status.y.saturating_sub(top),
        });
        return layout;
    }
    let mut layout = layout_without_history(game, area, binary);
    layout.history = Some(layout.info);
    layout
}

fn layout_without_history(game: &Game, area: Rect, binary: bool) -> BoardLayout {
    let heaps = game.position().len() as u16;
    let panel_width = if binary { super::binary::width(game) } else { 0 };
    let beside = binary && area.width >= panel_width + 60;
    let panel_full = super::binary::full_height(game);
    let spare = area.height.saturating_sub(heaps + CHROME_ROWS);
    // Below the board the panel takes what room there is, shortening to the nim-sum and the working.
    let below = match binary && !beside {
        true if spare >= panel_full => panel_full,
        true if spare >= 4 => spare.min(6),
        _ => 0,
    };
    let spare = spare - below;
    // A blank line between heaps when there is room for it.
    let gap = if spare >= heaps.saturating_sub(1) + 2 { 2 } else { 1 };
    let board_height = heaps * gap - (gap - 1) + 2 + if gap == 2 { 2 } else { 0 };
    let middle_height =
        if beside { board_height.max(panel_full.min(area.height - CHROME_ROWS + 2)) } else { board_height };
    let [header, middle, panel_below, info, _, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(middle_height),
        Constraint::Length(below),
        Constraint::Length(4),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let (board, panel) = if beside {
        let [board, panel] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(panel_width)]).areas(middle);
        (Rect { height: board_height, ..board }, Some(panel))
    } else if below > 0 {
        (
            middle,
            Some(Rect {
                width: panel_width.max(panel_below.width / 2).min(panel_below.width),
                ..panel_below
            }),
        )
    } else {
        (middle, None)
    };
    let inner = board.inner(ratatui::layout::Margin::new(1, 1));
    let count_width =
        game.start().iter().map(|&h| group_digits(h).len() as u16).max().unwrap_or(1).max(5) + 1;
    let count_x = inner.right().saturating_sub(count_width + 1);
    let x = inner.x + LABEL_CELLS;
    let capacity = u64::from(count_x.saturating_sub(x + 1) / TOKEN_CELLS);
    let top = inner.y + if gap == 2 { 1 } else { 0 };
    let rows = (0..game.position().len())
        .map(|heap| {
            let size = game.position().heap(heap).unwrap_or(0);
            let truncated = size > capacity;
            let shown = if truncated { capacity.saturating_sub(1) } else { size };
            HeapRow { heap, y: top + heap as u16 * gap, x, shown, truncated }
        })
        .collect();
    BoardLayout { header, board, panel, info, status, history: None, rows, count_x, count_width }
}

/// What a click at (`column`, `row`) on the game screen picks: the token's heap, and the count from
/// that token to the end of the heap.
pub fn hit(game: &Game, panels: Panels, area: Rect, column: u16, row: u16) -> Option<Msg> {
    let layout = layout_for(game, area, panels);
    let heap_row = layout.rows.iter().find(|r| r.y == row)?;
    let size = game.position().heap(heap_row.heap)?;
    if size == 0 || column < heap_row.x {
        return None;
    }
    let slot = u64::from((column - heap_row.x) / TOKEN_CELLS);
    let last_slot = heap_row.shown + u64::from(heap_row.truncated);
    if slot >= last_slot {
        return None;
    }
    // The mark after a cut row stands for the tokens not drawn.
    Some(Msg::Pick { heap: heap_row.heap, count: size - slot })
}

/// Draws a screen with a board: a game, a demo, a puzzle or a replay.
pub fn render(app: &App, look: &Look, area: Rect, buf: &mut Buffer) {
    let Some(game) = app.game() else { return };
    let theme = &look.theme;
    let layout = layout_for(game, area, app.panels);
    let mode = game.mode();

    Line::from(vec![
        Span::styled(" nim-tui ", theme.strong(theme.accent)),
        Span::styled(format!(" {}: ", capitalised(mode.title())), theme.strong(theme.text)),
        Span::styled(mode.rule(), theme.fg(theme.text)),
    ])
    .render(layout.header, buf);

    Block::bordered().title(" Heaps ").border_style(theme.fg(theme.accent)).render(layout.board, buf);
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
                let s = stats.mode(game.mode());
                lines.push(
                    Line::styled(
                        format!("Streak {} · best {}", s.current_streak, s.best_streak),
                        theme.fg(theme.text),
                    )
                    .centered(),
                );
            }
        }
        lines.push(Line::raw(""));
        // The board and the lines under it: a short board alone may be lower than the banner.
        let room = Rect { height: layout.status.y.saturating_sub(layout.board.y), ..layout.board };
        let widest = usize::from(area.width.saturating_sub(6));
        let mut keys = super::key_lines(&app.commands(), look, 44.min(widest));
        let message = usize::from(matches!(&app.screen, Screen::Play(p) if p.message.is_some()));
        if lines.len() + keys.len() + message + 2 > usize::from(room.height) {
            // Too little room: one line of the keys that matter most, and no blank line.
            lines.pop();
            keys = vec![super::key_line(&app.commands(), look, widest)];
        }
        lines.extend(keys.into_iter().map(|k| Line::styled(k, theme.fg(theme.dim)).centered()));
        if let Screen::Play(play) = &app.screen
            && let Some(message) = &play.message
        {
            lines.push(Line::styled(message.clone(), theme.fg(theme.text)).centered());
        }
        let width = (lines.iter().map(Line::width).max().unwrap_or(10) as u16 + 6).min(area.width);
        let height = lines.len() as u16 + 2;
        let popup = room.centered(Constraint::Length(width), Constraint::Length(height.min(room.height)));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().border_style(style))
            .render(popup, buf);
    }
}

/// The commands that choose and play a move, shown beside the choice.
const CHOOSING: [Action; 4] = [Action::Less, Action::More, Action::Take, Action::Hint];

fn choosing(commands: &[Command]) -> Vec<Command> {
    let mut chosen: Vec<Command> =
        commands.iter().filter(|c| CHOOSING.contains(&c.action)).copied().collect();
    chosen.extend(commands.iter().filter(|c| c.action == Action::Help).copied());
    chosen
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
    let arrow = if selected { "▶" } else { " " };
    buf.set_string(row.x - LABEL_CELLS, row.y, format!(" {arrow} {:>2} ", row.heap + 1), label_style);
    buf.set_string(row.x - 2, row.y, "│", theme.fg(theme.dim));

    // Tokens with an index at or past `first_marked` are the ones the move would take.
    let taking = marked.map(Move::takes).unwrap_or_default().into_iter().find(|t| t.heap == row.heap);
    let first_marked = match taking {
        Some(take) if take.take <= size => size - take.take,
        _ => u64::MAX,
    };
    let token_style = theme.fg(theme.token);
    let marked_style = theme.strong(theme.marked);
    if size == 0 {
        buf.set_string(row.x, row.y, "(empty)", theme.fg(theme.dim));
    }
    // Each run of tokens is one string, so a long row costs about as much to draw as a short one.
    let kept = first_marked.min(row.shown);
    buf.set_string(row.x, row.y, token_run(&look.token, kept), token_style);
    let marked_x = row.x + kept as u16 * TOKEN_CELLS;
    buf.set_string(marked_x, row.y, token_run(&look.marked, row.shown - kept), marked_style);
    if row.truncated {
        let x = row.x + row.shown as u16 * TOKEN_CELLS;
        let style = if first_marked < size { marked_style } else { theme.fg(theme.dim) };
        buf.set_string(x, row.y, "⋯", style);
    }
    let count = group_digits(size);
    let count_style = if selected { theme.strong(theme.text) } else { theme.fg(theme.text) };
    buf.set_string(
        layout.count_x,
        row.y,
        format!("{count:>width$}", width = layout.count_width as usize),
        count_style,
    );
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
                    match mv.as_take() {
                        Some(take) => format!(
                            "Next: {} {verb} {} from heap {}",
                            game.name(*seat),
                            group_digits(take.take),
                            take.number()
                        ),
                        None => format!("Next: {}: {mv}", game.name(*seat)),
                    }
                }
                None => "The end of the game".to_string(),
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
        let choice =
            format!("{who}Take {} from heap {}{typing}", group_digits(game.count), game.selected + 1);
        let mut line = vec![Span::styled(choice, theme.strong(theme.marked))];
        // The keys for choosing the move stand next to the choice, when they fit.
        let room = usize::from(area.width).saturating_sub(line[0].width() + 3);
        let keys = super::key_line(&choosing(&app.commands()), look, room);
        if !keys.is_empty() {
            line.push(Span::styled(format!("   {keys}"), theme.fg(theme.dim)));
        }
        lines.push(Line::from(line));
    } else if let (None, Some(mv)) = (&game.over, &game.pending) {
        let text = match mv.as_take() {
            Some(take) => format!(
                "{} takes {} from heap {}…",
                game.name(game.turn()),
                group_digits(take.take),
                take.number()
            ),
            None => format!("{}: {mv}…", game.name(game.turn())),
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
        let text = match game.hotseat() {
            // The verdict is about the move just made, by the player who is no longer to move.
            true => coaching.about(game.name(game.turn().other())),
            false => coaching.to_string(),
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
                format!("Move {}: {who} {}", replay.at, crate::app::past_tense(&line.mv)),
                seat_style(look, line.seat),
            ));
            let (text, style) = match &line.coaching {
                crate::app::Coaching::Kept => ("✓ kept a winning position".to_string(), theme.fg(theme.you)),
                crate::app::Coaching::AlreadyLost => {
                    ("already lost: no move wins against perfect play".to_string(), theme.fg(theme.dim))
                }
                crate::app::Coaching::Missed(moves) => {
                    let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                    (
                        format!("✗ gave the win away; the winning move was: {}", list.join(", ")),
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
                format!("Your answer: take {} from heap {}", group_digits(game.count), game.selected + 1),
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
                "Exactly one move wins here. Find it: the opponent then loses against perfect play.",
                theme.fg(theme.text),
            ));
        }
        Some(answer) => {
            let (verdict, style) = if answer.solved {
                ("Right!".to_string(), theme.strong(theme.you))
            } else if answer.correct {
                ("Right, with the hint's help (not counted as solved).".to_string(), theme.strong(theme.hint))
            } else {
                (format!("Not that one: {} loses.", answer.mv), theme.strong(theme.error))
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
/// all fit.
fn render_history(game: &Game, look: &Look, area: Rect, buf: &mut Buffer) {
    let theme = &look.theme;
    Clear.render(area, buf);
    let block = Block::bordered().title(" Moves ").border_style(theme.fg(theme.dim));
    let inner = block.inner(area);
    block.render(area, buf);
    let start = game.start().iter().map(|&h| group_digits(h)).collect::<Vec<_>>().join(" ");
    let mut lines = vec![Line::styled(format!("    start  {start}"), theme.fg(theme.dim))];
    for (i, line) in game.review().iter().enumerate() {
        let heaps = line.heaps.iter().map(|&h| group_digits(h)).collect::<Vec<_>>().join(" ");
        let what = match line.mv.as_take() {
            Some(take) => format!("{} from heap {} ", group_digits(take.take), take.number()),
            None => format!("{} ", line.mv),
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:>3}. ", i + 1), theme.fg(theme.dim)),
            Span::styled(format!("{}: {what}", game.name(line.seat)), seat_style(look, line.seat)),
            Span::styled(format!("→ {heaps}"), theme.fg(theme.text)),
        ]));
    }
    let skip = lines.len().saturating_sub(usize::from(inner.height));
    Paragraph::new(lines.split_off(skip)).render(inner, buf);
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
                Span::styled(format!(" {} ", capitalised(mode.title())), theme.strong(theme.accent)),
                Span::styled(format!("({}) ", short_rule(mode)), theme.fg(theme.dim)),
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
            Line::from(vec![
                Span::styled(format!(" {turn} "), style.add_modifier(Modifier::REVERSED)),
                Span::styled(format!(" {} ", capitalised(mode.title())), theme.strong(theme.accent)),
                Span::styled(format!("({}) ", short_rule(mode)), theme.fg(theme.dim)),
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
    let left_width = left.width() as u16;
    left.render(area, buf);
    // The banner shows the keys after a game; the status line shows them during one.
    if game.over.is_some() && matches!(app.screen, Screen::Play(_) | Screen::Demo(_)) {
        return;
    }
    let room = usize::from(area.width.saturating_sub(left_width + 2));
    // The keys for choosing the move are on the line under the board while a person chooses one.
    let commands: Vec<Command> =
        match game.your_turn() && app.overlay.is_none() && matches!(app.screen, Screen::Play(_)) {
            true => app.commands().into_iter().filter(|c| !CHOOSING.contains(&c.action)).collect(),
            false => app.commands(),
        };
    let right = format!("{} ", super::key_line(&commands, look, room));
    let width = Span::raw(right.as_str()).width() as u16;
    if width > 1 && area.width > left_width + width {
        buf.set_string(area.right() - width, area.y, right, Style::new().patch(theme.fg(theme.dim)));
    }
}

fn short_rule(mode: crate::engine::Mode) -> &'static str {
    match mode {
        crate::engine::Mode::Normal => "last token wins",
        crate::engine::Mode::Misere => "last token loses",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// `count` tokens, each in its two cells: the glyph and a space, or a glyph two cells wide alone.
fn token_run(glyph: &str, count: u64) -> String {
    let cell = if Span::raw(glyph).width() >= 2 { glyph.to_string() } else { format!("{glyph} ") };
    cell.repeat(count as usize)
}

/// `1234567` as `1,234,567`, so huge counts can be read at a glance.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
