//! The view: the screens drawn into ratatui's `TestBackend` and kept as text snapshots, plus the
//! few styles and lines that carry meaning checked in plain code, and the mouse's view of the board.

use crate::support::keys::{act, type_text};
use crate::support::view;

use nim_tui::app::{Action, App, Msg, Screen, StartRow};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::Mode;
use nim_tui::theme::Theme;
use nim_tui::ui::{self, Look, board_layout};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use view::{draw_with, lines, text};

fn setup(mode: Mode, heaps: &[u64], first: First) -> GameSetup {
    GameSetup { mode, heaps: HeapChoice::Custom(heaps.to_vec()), first, level: Level::Perfect, ..base() }
}

fn playing(mode: Mode, heaps: &[u64]) -> App {
    App::start_now(setup(mode, heaps, First::You), Some(1))
}

fn draw(app: &App, width: u16, height: u16) -> Buffer {
    draw_with(app, &Look::default(), width, height)
}

/// The screen's words in one line, so a check does not depend on where a long line wraps.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn status_line(buf: &Buffer) -> String {
    lines(buf).last().cloned().unwrap_or_default()
}

/// The banner at the end tells the player how to go on, whatever the size of the board.
fn assert_banner_keys(text: &str) {
    for keys in ["Enter play again", "n new game", "q quit"] {
        assert!(text.contains(keys), "the banner's keys are cut ({keys}):\n{text}");
    }
}

fn game_over(mode: Mode, you_win: bool) -> App {
    // Normal [1]: you take it and win. Normal [2]: you take one, the AI takes the last.
    // Misère [1, 1]: you take one, the AI must take the last. Misère [1]: you must take it.
    let (start, ai_moves): (&[u64], bool) = match (mode, you_win) {
        (Mode::Normal, true) => (&[1], false),
        (Mode::Normal, false) => (&[2], true),
        (Mode::Misere, true) => (&[1, 1], true),
        (Mode::Misere, false) => (&[1], false),
    };
    let mut app = playing(mode, start);
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::Take);
    if ai_moves {
        app.update(Msg::AiMove);
    }
    assert!(app.game().is_some_and(|g| g.over.is_some()));
    app
}

// ---------------------------------------------------------------- snapshots

#[test]
fn start_screen() {
    let app = App::new(GameSetup { ..base() }, Some(1));
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn start_screen_custom_heaps_refused() {
    let mut app = App::new(GameSetup { mode: Mode::Misere, ..base() }, Some(1));
    // From Start, up past Opponent, Level and First to Heaps.
    for _ in 0..4 {
        act(&mut app, Action::Up);
    }
    act(&mut app, Action::Less);
    type_text(&mut app, "3 0");
    act(&mut app, Action::Take);
    let Screen::Start(menu) = &app.screen else { panic!("the refused heaps started a game") };
    assert_eq!(menu.row, StartRow::Heaps);
    let text = text(&draw(&app, 100, 30));
    assert!(text.contains("heap 2 is empty"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn a_refusal_that_wraps_is_shown_whole() {
    for height in [23, 30] {
        let mut app = App::new(GameSetup { ..base() }, Some(1));
        for _ in 0..4 {
            act(&mut app, Action::Up);
        }
        act(&mut app, Action::Less);
        type_text(&mut app, "2000000000000000000");
        act(&mut app, Action::Take);
        let text = text(&draw(&app, 80, height));
        // Read as a person would: across the wrap, ignoring the frame.
        let words = text.replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ");
        let message = "heap 1 has 2000000000000000000 tokens: a heap starts with at most 10^18 tokens";
        assert!(words.contains(message), "{text}");
        assert!(text.contains("Start"), "{text}");
    }
}

#[test]
fn board_while_the_ai_thinks() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::More);
    act(&mut app, Action::Take);
    assert!(app.ai_waiting());
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn board_mid_game() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::More);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    act(&mut app, Action::Down);
    act(&mut app, Action::More);
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn board_misere_mid_game() {
    let mut app = playing(Mode::Misere, &[1, 3, 5, 7]);
    act(&mut app, Action::Up);
    act(&mut app, Action::TakeAll);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn board_with_huge_heaps() {
    let mut app = playing(Mode::Normal, &[1_000_000_000_000_000_000, 999_999_999_999, 123_456_789_012]);
    act(&mut app, Action::Down);
    type_text(&mut app, "1000");
    let buf = draw(&app, 100, 30);
    let text = text(&buf);
    // One way of writing numbers everywhere: plain digits, as the hint and `solve` write them.
    for count in ["1000000000000000000", "999999999999", "123456789012"] {
        assert!(text.contains(count), "the exact count {count} is shown:\n{text}");
    }
    assert_eq!(text.matches('⋯').count(), 3, "every row is cut with the mark:\n{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn hint_shown() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Hint);
    let text = text(&draw(&app, 100, 30));
    // The hint names the nim-sum and where it comes from, then the move.
    assert!(
        flat(&text).contains("Hint: Nim-sum 3 ⊕ 4 ⊕ 5 = 2; heap 1 becomes 3 ⊕ 2 = 1, so take 2 from heap 1"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn hint_in_a_losing_position() {
    let mut app = playing(Mode::Normal, &[1, 2, 3]);
    act(&mut app, Action::Hint);
    let text = text(&draw(&app, 100, 30));
    assert!(
        flat(&text).contains("Hint (losing position): This position is lost: nim-sum 1 ⊕ 2 ⊕ 3 = 0"),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn misere_endgame_hint() {
    let mut app = playing(Mode::Misere, &[1, 1, 4]);
    act(&mut app, Action::Hint);
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn help_overlay() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Help);
    let text = text(&draw(&app, 100, 30));
    for command in app.screen_commands() {
        let label = command.label(nim_tui::i18n::Language::English);
        assert!(text.contains(label), "the help lists {:?}:\n{text}", command.action);
    }
    insta::assert_snapshot!(text);
}

#[test]
fn help_overlay_on_the_start_screen() {
    let mut app = App::new(GameSetup { ..base() }, Some(1));
    act(&mut app, Action::Help);
    insta::assert_snapshot!(text(&draw(&app, 100, 30)));
}

#[test]
fn game_over_normal_you_win() {
    let text = text(&draw(&game_over(Mode::Normal, true), 100, 30));
    // The title in block letters where they fit, else in a plain line.
    assert!(
        (text.contains("You win!") || text.contains("██")) && text.contains("You took the last token"),
        "{text}"
    );
    assert_banner_keys(&text);
    insta::assert_snapshot!(text);
}

#[test]
fn game_over_normal_you_lose() {
    let text = text(&draw(&game_over(Mode::Normal, false), 100, 30));
    assert!(
        (text.contains("You lose") || text.contains("██")) && text.contains("AI took the last token"),
        "{text}"
    );
    assert_banner_keys(&text);
    insta::assert_snapshot!(text);
}

#[test]
fn game_over_misere_you_win() {
    let text = text(&draw(&game_over(Mode::Misere, true), 100, 30));
    assert!(
        (text.contains("You win!") || text.contains("██")) && text.contains("AI had to take the last token"),
        "{text}"
    );
    assert_banner_keys(&text);
    insta::assert_snapshot!(text);
}

#[test]
fn game_over_misere_you_lose() {
    let text = text(&draw(&game_over(Mode::Misere, false), 100, 30));
    assert!(
        (text.contains("You lose") || text.contains("██")) && text.contains("You had to take the last token"),
        "{text}"
    );
    assert_banner_keys(&text);
    insta::assert_snapshot!(text);
}

#[test]
fn game_over_banner_fits_the_smallest_terminal() {
    for mode in [Mode::Normal, Mode::Misere] {
        for you_win in [true, false] {
            let app = game_over(mode, you_win);
            let height = ui::min_height(&app);
            let text = text(&draw(&app, ui::MIN_WIDTH, height));
            assert!(text.contains(if you_win { "You win!" } else { "You lose" }), "{text}");
            assert_banner_keys(&text);
        }
    }
}

#[test]
fn tiny_terminal_asks_for_more_room() {
    let app = playing(Mode::Normal, &[3, 4, 5]);
    let text = text(&draw(&app, 20, 5));
    assert!(text.contains("Enlarge the terminal"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn any_size_draws_without_panicking() {
    let mut app = playing(Mode::Misere, &[1_000_000_000_000_000_000, 7, 1]);
    act(&mut app, Action::Hint);
    let start = App::new(GameSetup { ..base() }, Some(1));
    for (w, h) in [(1, 1), (2, 1), (1, 30), (43, 30), (44, 9), (44, 10), (44, 14), (200, 3), (300, 80)] {
        draw(&app, w, h);
        draw(&start, w, h);
    }
}

#[test]
fn twelve_heaps() {
    let heaps: Vec<u64> = (1..=12).collect();
    let app = playing(Mode::Normal, &heaps);
    let text = text(&draw(&app, 100, 30));
    for n in 1..=12 {
        assert!(text.lines().any(|l| l.contains(&format!(" {n} │"))), "heap {n} is drawn:\n{text}");
    }
    insta::assert_snapshot!(text);
}

// ---------------------------------------------------------------- lines and styles that mean something

#[test]
fn status_line_says_whose_turn_and_the_mode() {
    for (mode, name, rule) in
        [(Mode::Normal, "Normal play", "last token wins"), (Mode::Misere, "Misère", "last token loses")]
    {
        let mut app = playing(mode, &[3, 4, 5]);
        let status = status_line(&draw(&app, 100, 30));
        assert!(status.contains("Your turn"), "{status}");
        assert!(!status.contains("AI is thinking…"), "{status}");
        assert!(status.contains(name) && status.contains(rule), "{status}");

        act(&mut app, Action::Take);
        let status = status_line(&draw(&app, 100, 30));
        assert!(status.contains("AI is thinking…"), "{status}");
        assert!(!status.contains("Your turn"), "{status}");
        assert!(status.contains(name), "{status}");

        app.update(Msg::AiMove);
        let status = status_line(&draw(&app, 100, 30));
        assert!(status.contains("Your turn"), "{status}");
    }
}

#[test]
fn status_line_says_game_over_at_the_end() {
    let status = status_line(&draw(&game_over(Mode::Misere, true), 100, 30));
    assert!(status.contains("Game over") && status.contains("Misère"), "{status}");
    assert!(!status.contains("Your turn") && !status.contains("AI is thinking"), "{status}");
}

/// Each drawn token of heap `heap`, left to right: the symbol at its centre, its fill (the
/// background colour), whether it is bold and whether it is reversed.
fn row_cells(app: &App, buf: &Buffer, heap: usize) -> Vec<(String, Option<Color>, bool, bool)> {
    let game = app.game().expect("a game");
    let layout = board_layout(nim_tui::i18n::Language::English, game, buf.area, false);
    let row = layout.rows[heap];
    let width = (row.cell - 1).max(1);
    (0..row.shown)
        .map(|i| {
            let (x, y) = (row.x + row.cell * i as u16 + (width - 1) / 2, row.y + (row.height - 1) / 2);
            let cell = &buf[(x, y)];
            let modifier = cell.style().add_modifier;
            (
                cell.symbol().to_string(),
                cell.style().bg,
                modifier.contains(Modifier::BOLD),
                modifier.contains(Modifier::REVERSED),
            )
        })
        .collect()
}

/// Every cell of every token on the board: what it shows and its fill.
fn token_cells(app: &App, buf: &Buffer) -> Vec<(String, Option<Color>)> {
    let game = app.game().expect("a game");
    let layout = board_layout(nim_tui::i18n::Language::English, game, buf.area, false);
    let mut cells = Vec::new();
    for row in &layout.rows {
        for i in 0..row.slots() {
            for dx in 0..(row.cell - 1).max(1) {
                for dy in 0..row.height {
                    let cell = &buf[(row.x + row.cell * i as u16 + dx, row.y + dy)];
                    cells.push((cell.symbol().to_string(), cell.style().bg));
                }
            }
        }
    }
    cells
}

#[test]
fn the_tokens_a_move_would_take_are_marked_at_the_end_of_the_row() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Down);
    act(&mut app, Action::More);
    act(&mut app, Action::More);
    let theme = Look::default().theme;
    // At every size, tokens are cells of colour: a fill of the token's colour, the ones the move
    // takes a fill of the marked colour with the marked glyph at the centre, in bold.
    for (width, height) in [(60, 20), (80, 24), (100, 30), (140, 45)] {
        let buf = draw(&app, width, height);
        let token = (" ".to_string(), Some(theme.token), false, false);
        let marked = ("○".to_string(), Some(theme.marked), true, false);
        assert_eq!(
            row_cells(&app, &buf, 1),
            [token.clone(), marked.clone(), marked.clone(), marked.clone()],
            "{width}x{height}"
        );
        assert_eq!(row_cells(&app, &buf, 0), vec![token.clone(); 3], "other heaps are not marked");
        // Never a block glyph that shows a seam between rows, never a dither.
        for (symbol, _) in token_cells(&app, &buf) {
            assert!(!["█", "▓", "▒", "░"].contains(&symbol.as_str()), "{width}x{height}: {symbol:?}");
        }
    }

    // While the AI pauses, its chosen move is the one marked.
    act(&mut app, Action::Take);
    let pending =
        app.game().and_then(|g| g.pending.clone()).and_then(|m| m.as_take()).expect("the AI's move");
    let buf = draw(&app, 100, 30);
    let size = app.game().and_then(|g| g.position().heap(pending.heap)).unwrap_or(0);
    let cells = row_cells(&app, &buf, pending.heap);
    let marked = ("○".to_string(), Some(theme.marked), true, false);
    let marks = cells.iter().filter(|c| **c == marked).count() as u64;
    assert_eq!(marks, pending.take);
    assert_eq!(cells.len() as u64, size);
    assert!(cells[cells.len() - 1] == marked, "the marks are at the end of the row");
}

#[test]
fn without_colour_the_marked_glyph_still_tells_the_tokens_apart() {
    // A token of the player's own, small (60x20) and big (100x30): reversed with its glyph at the
    // centre; a marked token is its marked glyph on the terminal's own ground, not reversed.
    let glyphs =
        nim_tui::theme::Glyphs {
            token: "■".into(), marked: "□".into(), ..nim_tui::theme::Glyphs::unicode()
        };
    let look = Look { theme: Theme { colour: false, ..Theme::default() }, glyphs, ..Look::default() };
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::TakeAll);
    for (width, height) in [(60, 20), (100, 30)] {
        let buf = draw_with(&app, &look, width, height);
        let cells: Vec<(String, bool)> = row_cells(&app, &buf, 0).into_iter().map(|c| (c.0, c.3)).collect();
        assert_eq!(cells, vec![("□".to_string(), false); 3]);
        let cells: Vec<(String, bool)> = row_cells(&app, &buf, 2).into_iter().map(|c| (c.0, c.3)).collect();
        assert_eq!(cells, vec![("■".to_string(), true); 5]);
    }
    // The set's own token is a reversed cell (a solid block in the text's colour, without a
    // block glyph), and the marked one its hollow glyph.
    let look = Look { theme: Theme { colour: false, ..Theme::default() }, ..Look::default() };
    for (width, height) in [(60, 20), (100, 30), (140, 45)] {
        let buf = draw_with(&app, &look, width, height);
        let cells: Vec<(String, bool)> = row_cells(&app, &buf, 0).into_iter().map(|c| (c.0, c.3)).collect();
        assert_eq!(cells, vec![("○".to_string(), false); 3]);
        let cells: Vec<(String, bool)> = row_cells(&app, &buf, 2).into_iter().map(|c| (c.0, c.3)).collect();
        assert_eq!(cells, vec![(" ".to_string(), true); 5]);
    }
}

#[test]
fn the_selected_heap_is_reversed_and_marked_with_an_arrow() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Up);
    let buf = draw(&app, 100, 30);
    let game = app.game().expect("a game");
    let layout = board_layout(nim_tui::i18n::Language::English, game, buf.area, false);
    for row in &layout.rows {
        // The label stands on the middle row of a tall token.
        let y = row.y + (row.height - 1) / 2;
        let label: String = (row.x - 8..row.x - 2).map(|x| buf[(x, y)].symbol()).collect();
        let reversed = buf[(row.x - 5, y)].style().add_modifier.contains(Modifier::REVERSED);
        if row.heap == 2 {
            assert_eq!(label, " ▶  3 ");
            assert!(reversed);
        } else {
            assert!(!label.contains('▶'), "{label}");
            assert!(!reversed);
        }
    }
}

// ---------------------------------------------------------------- the mouse

#[test]
fn a_click_on_a_token_picks_it_and_the_rest_of_the_row() {
    let app = playing(Mode::Normal, &[3, 4, 5]);
    let area = Rect::new(0, 0, 100, 30);
    let buf = draw(&app, 100, 30);
    let layout =
        board_layout(nim_tui::i18n::Language::English, app.game().expect("a game"), area, app.panels.binary);
    for row in &layout.rows {
        let size = [3, 4, 5][row.heap];
        for i in 0..size {
            let x = row.x + row.cell * i as u16;
            let fill = buf[(x, row.y)].style().bg;
            let theme = Look::default().theme;
            assert!(
                fill == Some(theme.token) || fill == Some(theme.marked),
                "a token is drawn where the mouse expects it: {fill:?}"
            );
            let pick = Msg::Pick { heap: row.heap, count: size - i };
            for (dx, dy) in [(0, 0), (row.cell - 1, 0), (0, row.height - 1)] {
                assert_eq!(
                    ui::click(&app, &Look::default(), area, x + dx, row.y + dy),
                    Some(pick.clone()),
                    "the whole token, the space after it included, picks it"
                );
            }
        }
        let past = row.x + row.cell * size as u16;
        assert_eq!(ui::click(&app, &Look::default(), area, past, row.y), None, "past the last token");
        assert_eq!(ui::click(&app, &Look::default(), area, row.x - 3, row.y), None, "on the heap's label");
    }
    let below = layout.rows[0].y + layout.rows[0].height;
    assert_eq!(ui::click(&app, &Look::default(), area, layout.rows[0].x, below), None, "between rows");
    assert_eq!(ui::click(&app, &Look::default(), area, 50, 29), None, "on the status line");

    // The pick, applied, selects exactly what was clicked.
    let mut app = app;
    let row = layout.rows[2];
    let input = ui::click(&app, &Look::default(), area, row.x + row.cell, row.y).expect("a token");
    app.update(input);
    let game = app.game().expect("a game");
    assert_eq!((game.selected, game.count), (2, 4));
}

#[test]
fn a_click_on_the_mark_of_a_cut_row_picks_the_tokens_not_drawn() {
    let size = 1_000_000_000_000_000_000;
    let app = playing(Mode::Normal, &[size]);
    let area = Rect::new(0, 0, 100, 30);
    let buf = draw(&app, 100, 30);
    let row =
        board_layout(nim_tui::i18n::Language::English, app.game().expect("a game"), area, app.panels.binary)
            .rows[0];
    assert!(row.truncated && row.tail > 0);
    let mark_x = row.x + row.cell * row.shown as u16;
    assert_eq!(buf[(mark_x, row.y)].symbol(), "⋯");
    let click = |x| ui::click(&app, &Look::default(), area, x, row.y);
    assert_eq!(click(mark_x), Some(Msg::Pick { heap: 0, count: size - row.shown }));
    assert_eq!(click(row.x), Some(Msg::Pick { heap: 0, count: size }));
    // After the mark, the end of the heap: its last token takes one, the first of the tail all of it.
    let last = mark_x + row.cell * row.tail as u16;
    assert_eq!(click(last), Some(Msg::Pick { heap: 0, count: 1 }));
    assert_eq!(click(mark_x + row.cell), Some(Msg::Pick { heap: 0, count: row.tail }));
    assert_eq!(click(last + row.cell), None, "past the last token");
}

#[test]
fn clicks_do_nothing_off_the_board() {
    let area = Rect::new(0, 0, 100, 30);
    let start = App::new(GameSetup { ..base() }, Some(1));
    assert_eq!(ui::click(&start, &Look::default(), area, 2, 10), None, "the start screen has no tokens");

    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    let row =
        board_layout(nim_tui::i18n::Language::English, app.game().expect("a game"), area, app.panels.binary)
            .rows[0];
    act(&mut app, Action::Help);
    assert_eq!(
        ui::click(&app, &Look::default(), area, row.x, row.y),
        None,
        "the help overlay covers the board"
    );
    act(&mut app, Action::Help);
    assert_eq!(
        ui::click(&app, &Look::default(), Rect::new(0, 0, 20, 5), row.x, row.y),
        None,
        "a terminal too small to play"
    );
}

#[test]
fn a_data_file_moved_aside_is_reported_on_the_start_screen() {
    let mut app = App::new(GameSetup { ..base() }, Some(1));
    app.notices.push("stats.json could not be read; it was moved to stats.corrupt-1.json".into());
    let text = text(&draw(&app, 100, 30));
    assert!(text.contains("Note: stats.json could not be read"), "{text}");
    assert!(text.contains("Start"), "the menu is still there:\n{text}");
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}

// ---------------------------------------------------------------- colours that mean what they say

/// A game of 3 4 5 in which the person's first move (1 from heap 1) gives the win away, played
/// to its end, and its review opened on that mistake.
fn reviewed_mistake() -> App {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    crate::support::keys::play_out(&mut app);
    act(&mut app, Action::Review);
    app
}

#[test]
fn the_review_marks_the_move_judged_and_the_winning_move_it_missed() {
    let app = reviewed_mistake();
    let theme = Look::default().theme;
    for (width, height) in [(60, 20), (80, 24), (100, 30), (140, 45)] {
        let buf = draw(&app, width, height);
        let screen = view::text(&buf);
        assert!(screen.contains("Move 1: You took 1 from heap 1"), "{screen}");
        // The board the move was played from, 3 4 5: heap 1's last token was taken (the move
        // judged, in the marked colour), and the winning move took two (the one before it in the
        // player's green, the last one both: its left half the move played, its right the
        // winning move's).
        let before = match &app.screen {
            Screen::Replay(replay) => replay.before.clone().expect("the board before the move"),
            _ => panic!("a review"),
        };
        assert_eq!(before.position().heaps(), [3, 4, 5]);
        let layout = nim_tui::ui::board_layout(nim_tui::i18n::Language::English, &before, buf.area, false);
        let row = layout.rows[0];
        let fills: Vec<Option<Color>> =
            (0..row.shown).map(|i| buf[(row.x + row.cell * i as u16, row.y)].style().bg).collect();
        assert_eq!(
            fills,
            [Some(theme.token), Some(theme.you), Some(theme.marked)],
            "{width}x{height}:\n{screen}"
        );
        // The mistake is headed in the warning colour, not a player's green.
        let heading = (0..height)
            .find(|&y| view::lines(&buf)[usize::from(y)].contains("Move 1: You took"))
            .expect("the heading");
        let x = view::lines(&buf)[usize::from(heading)].find("Move").expect("the heading") as u16;
        let x = view::lines(&buf)[usize::from(heading)][..usize::from(x)].chars().count() as u16;
        assert_eq!(buf[(x, heading)].style().fg, Some(theme.warning), "{width}x{height}");
        assert_ne!(buf[(x, heading)].style().fg, Some(theme.you));
    }
}

#[test]
fn the_coach_says_already_lost_without_green_and_a_mistake_in_the_warning_colour() {
    let theme = Look::default().theme;
    // A mistake: 1 from heap 1 of 3 4 5.
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Coach);
    act(&mut app, Action::Take);
    let buf = draw(&app, 100, 30);
    let lines = view::lines(&buf);
    let y = lines.iter().position(|l| l.contains("Coach:")).expect("the coach's verdict");
    let x = lines[y][..lines[y].find("Coach:").expect("the verdict")].chars().count() as u16;
    assert_eq!(buf[(x, y as u16)].style().fg, Some(theme.warning), "{}", view::text(&buf));
    // Already lost: 1 2 3 has a nim-sum of 0, whatever is taken.
    let mut app = playing(Mode::Normal, &[1, 2, 3]);
    act(&mut app, Action::Coach);
    act(&mut app, Action::Take);
    let buf = draw(&app, 100, 30);
    let lines = view::lines(&buf);
    let y = lines.iter().position(|l| l.contains("already lost")).expect("the coach's verdict");
    let x = lines[y][..lines[y].find("Coach:").expect("the verdict")].chars().count() as u16;
    let fg = buf[(x, y as u16)].style().fg;
    assert_ne!(fg, Some(theme.you), "not green like a good move");
}

#[test]
fn the_coin_toss_stays_until_the_persons_first_move() {
    let setup = GameSetup { first: First::Random, ..setup(Mode::Normal, &[3, 4, 5], First::You) };
    for seed in 0..6 {
        let mut app = App::start_now(setup.clone(), Some(seed));
        let toss = |app: &App| view::text(&draw(app, 80, 24)).contains("Coin toss:");
        assert!(toss(&app), "seed {seed}: the toss is said at the start");
        if app.ai_waiting() {
            app.update(Msg::AiMove);
            assert!(toss(&app), "seed {seed}: still said after the AI's first move");
        }
        act(&mut app, Action::Take);
        assert!(!toss(&app), "seed {seed}: gone after the person's first move");
    }
}
