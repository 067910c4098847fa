//! How the screens look at the sizes people use: 80x24 (the design size), 60x20, 100x30 and
//! 140x45. Each screen is kept as a snapshot at each size, and what a player would notice is
//! checked in code: nothing overlaps, nothing is cut without a mark, the board scales.

use crate::support::keys::{act, type_text};
use crate::support::view;

use nim_tui::app::{Action, App, Msg, Screen, StartRow};
use nim_tui::domain::{First, GameSetup, HeapChoice};
use nim_tui::engine::Mode;
use nim_tui::ui::{self, Look, board_layout_with};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use view::{draw_with, lines, text};

const SIZES: [(u16, u16); 4] = [(80, 24), (60, 20), (100, 30), (140, 45)];

fn base() -> GameSetup {
    nim_tui::config::Settings::default().setup()
}

fn playing(mode: Mode, heaps: &[u64]) -> App {
    let setup = GameSetup { mode, heaps: HeapChoice::Custom(heaps.to_vec()), first: First::You, ..base() };
    App::start_now(setup, Some(1))
}

fn draw(app: &App, width: u16, height: u16) -> Buffer {
    draw_with(app, &Look::default(), width, height)
}

fn snapshot(name: &str, app: &App, (width, height): (u16, u16)) -> String {
    let text = text(&draw(app, width, height));
    assert!(!text.contains("Enlarge the terminal"), "{name} does not fit {width}x{height}:\n{text}");
    insta::assert_snapshot!(format!("{name}_{width}x{height}"), text);
    text
}

/// A game of 3-4-5 with the binary view and a hint: the screen a teacher puts on a projector.
fn teaching_game() -> App {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Binary);
    act(&mut app, Action::Hint);
    app
}

#[test]
fn board_with_the_binary_view_and_a_hint() {
    for size in SIZES {
        let app = teaching_game();
        let text = snapshot("board_binary_hint", &app, size);
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("heap 1 becomes 3 ⊕ 2 = 1, so take 2"),
            "the hint is whole at {size:?}:\n{text}"
        );
        assert!(text.contains("nim-sum"), "the panel keeps the nim-sum at {size:?}:\n{text}");
        let layout = board_layout_with(
            nim_tui::i18n::Language::English,
            app.game().expect("a game"),
            Rect::new(0, 0, size.0, size.1),
            true,
            false,
        );
        if let Some(panel) = layout.panel {
            assert!(
                panel.intersection(layout.board).is_empty() && panel.intersection(layout.info).is_empty(),
                "the panel overlaps the board or the messages at {size:?}"
            );
        }
        assert!(layout.info.bottom() <= layout.status.y, "the messages run into the status line at {size:?}");
    }
}

#[test]
fn the_tokens_grow_with_the_terminal_and_the_board_is_centred() {
    let app = playing(Mode::Normal, &[3, 4, 5]);
    let game = app.game().expect("a game");
    let mut last = (0, 0);
    for size in [(60, 20), (80, 24), (100, 30), (140, 45)] {
        let area = Rect::new(0, 0, size.0, size.1);
        let layout = board_layout_with(nim_tui::i18n::Language::English, game, area, false, false);
        let row = layout.rows[0];
        assert!((row.cell, row.height) >= last, "tokens shrink as the terminal grows at {size:?}");
        last = (row.cell, row.height);
        let (left, right) = (layout.board.x, area.width - layout.board.right());
        assert!(left.abs_diff(right) <= 2, "the board is centred at {size:?}: {left} and {right} columns");
    }
    // At 140x45, 3-4-5 fills a good part of the screen.
    let big =
        board_layout_with(nim_tui::i18n::Language::English, game, Rect::new(0, 0, 140, 45), false, false);
    assert!(big.board.width >= 50 && big.board.height >= 18, "{:?}", big.board);
}

#[test]
fn game_over_banner_covers_nothing_important() {
    for size in SIZES {
        // Eight heaps: the design size must hold them with the banner.
        let mut app = playing(Mode::Normal, &[1, 1, 1, 1, 1, 1, 1, 1]);
        act(&mut app, Action::Binary);
        for _ in 0..8 {
            if app.game().is_some_and(|g| g.over.is_some()) {
                break;
            }
            if app.ai_waiting() {
                app.update(Msg::AiMove);
            } else {
                act(&mut app, Action::Take);
            }
        }
        let game = app.game().expect("a game");
        assert!(game.over.is_some(), "the game ended");
        let text = snapshot("game_over_eight_heaps", &app, size);
        assert!(text.contains("You win!") || text.contains("You lose") || text.contains("██"), "{text}");
        assert!(text.contains("play again"), "the banner says how to go on at {size:?}:\n{text}");
        // Every heap row of the board is still in view.
        for heap in 1..=8 {
            assert!(
                text.contains(&format!("  {heap} │")),
                "heap {heap} is hidden by the banner at {size:?}:\n{text}"
            );
        }
    }
}

#[test]
fn help_fits_or_scrolls_with_a_mark() {
    for size in SIZES {
        let mut app = playing(Mode::Normal, &[3, 4, 5]);
        act(&mut app, Action::Help);
        let text = snapshot("help", &app, size);
        let all_there = text.contains("quit at once");
        assert!(all_there || text.contains("more"), "help is cut without a mark at {size:?}:\n{text}");
    }
}

#[test]
fn the_move_list_of_twelve_heaps_shortens_with_an_ellipsis() {
    let heaps: Vec<u64> = (1..=12).map(|i| i * 1_000_003).collect();
    for size in SIZES {
        let mut app = playing(Mode::Normal, &heaps);
        act(&mut app, Action::Take);
        app.update(Msg::AiMove);
        act(&mut app, Action::History);
        let text = snapshot("move_list_twelve_heaps", &app, size);
        assert!(text.contains("Moves"), "{text}");
        let cut = text.lines().any(|l| l.contains('…'));
        let whole = text.contains(&format!("{}", 12 * 1_000_003));
        assert!(cut || whole, "the move list cuts a line without a mark at {size:?}:\n{text}");
    }
}

#[test]
fn start_screen_at_every_size() {
    for size in SIZES {
        let app = App::new(base(), Some(1));
        let text = snapshot("start", &app, size);
        assert!(text.contains("Start") && text.contains("Mode"), "{text}");
    }
}

#[test]
fn a_long_custom_entry_scrolls_within_its_field() {
    let mut app = App::new(base(), Some(1));
    for _ in 0..4 {
        act(&mut app, Action::Up);
    }
    act(&mut app, Action::Less);
    let typed = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24";
    for c in typed.chars() {
        app.update(Msg::char(c));
    }
    let text = text(&draw(&app, 80, 24));
    let row = text.lines().find(|l| l.contains("Custom:")).expect("the custom row");
    assert!(row.contains("…") && row.contains("23 24"), "the end of the entry is in view: {row}");
    assert_eq!(text.lines().filter(|l| l.contains("22 23 24")).count(), 1, "it does not wrap:\n{text}");
}

// ---------------------------------------------------------------- the mouse

/// Where on the screen a text is drawn.
fn find(buf: &Buffer, needle: &str) -> (u16, u16) {
    for (y, line) in lines(buf).iter().enumerate() {
        if let Some(byte) = line.find(needle) {
            return (line[..byte].chars().count() as u16, y as u16);
        }
    }
    panic!("{needle} is not on the screen:\n{}", text(buf))
}

#[test]
fn the_start_screen_answers_clicks() {
    let mut app = App::new(base(), Some(1));
    let area = Rect::new(0, 0, 80, 24);
    let look = Look::default();
    // A first click on the Mode row focuses it, a second on its value changes it.
    let (x, y) = find(&draw(&app, 80, 24), "Mode");
    let msg = ui::click(&app, &look, area, x, y).expect("the Mode row takes clicks");
    app.update(msg);
    let Screen::Start(menu) = &app.screen else { panic!("still the menu") };
    assert_eq!(menu.row, StartRow::Mode);
    let mode = menu.mode;
    let (x, y) = find(&draw(&app, 80, 24), "Normal play");
    app.update(ui::click(&app, &look, area, x + 2, y).expect("the value takes clicks"));
    let Screen::Start(menu) = &app.screen else { panic!("still the menu") };
    assert_ne!(menu.mode, mode, "a click on the value changes it");
    // A click on Start starts the game.
    let (x, y) = find(&draw(&app, 80, 24), "Start");
    app.update(ui::click(&app, &look, area, x, y).expect("Start takes clicks"));
    assert!(matches!(app.screen, Screen::Play(_)), "a click on Start starts the game");
}

#[test]
fn clicking_the_chosen_tokens_again_takes_them() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    app.update(Msg::Pick { heap: 2, count: 2 });
    assert_eq!(app.game().map(|g| g.position().heaps().to_vec()), Some(vec![3, 4, 5]), "one click picks");
    app.update(Msg::Pick { heap: 2, count: 2 });
    assert_eq!(app.game().map(|g| g.position().heaps().to_vec()), Some(vec![3, 4, 3]), "the second takes");
}

#[test]
fn a_typed_count_may_have_separators() {
    let mut app = playing(Mode::Normal, &[5_000, 4, 5]);
    type_text(&mut app, "1,000");
    assert_eq!(app.game().map(|g| g.count), Some(1000));
    type_text(&mut app, "_0");
    assert_eq!(app.game().map(|g| g.count), Some(1000), "10000 is more than the heap holds");
}

#[test]
fn ascii_glyphs_leave_no_other_byte_on_any_screen() {
    let look = Look::default().with_glyphs(nim_tui::theme::Glyphs::ascii());
    let draw_ascii = |app: &App, width: u16, height: u16| text(&draw_with(app, &look, width, height));
    let mut screens = vec![("start", App::new(base(), Some(1)))];
    screens.push(("teaching", teaching_game()));
    let mut misere = playing(Mode::Misere, &[1, 1, 4]);
    act(&mut misere, Action::Binary);
    act(&mut misere, Action::Hint);
    screens.push(("misère endgame", misere));
    let mut help = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut help, Action::Help);
    screens.push(("help", help));
    let mut huge = playing(Mode::Normal, &[1_000_000_000_000_000_000, 7]);
    act(&mut huge, Action::History);
    screens.push(("huge with moves", huge));
    for (name, app) in &screens {
        for (width, height) in SIZES {
            let text = draw_ascii(app, width, height);
            assert!(text.is_ascii(), "{name} at {width}x{height} draws a non-ASCII character:\n{text}");
            // '?' stands in for a character without an ASCII form; the help key is the only '?' here.
            let unknown =
                text.replace("? keys", "").replace("? close", "").replace("? rules", "").replace(" ?  ", "");
            assert!(
                !unknown.contains('?'),
                "{name} at {width}x{height} has a character without a stand-in:\n{text}"
            );
        }
    }
    // The glyphs of the set are the ones drawn.
    let text = draw_ascii(&screens[1].1, 80, 24);
    assert!(text.contains("> ") && text.contains("3 ^ 2 = 1") && text.contains("+-"), "{text}");
    let text = draw_ascii(&screens[2].1, 80, 24);
    assert!(text.contains("Misere"), "{text}");
}

// ------------------------------------------------------------ a layout for a room (issue 22)

/// The row a heap's label stands on: ` ▶  2 │` or `    2 │` on the board.
fn label_row(lines: &[String], heap: usize) -> Option<usize> {
    lines.iter().position(|l| {
        l.split('│').any(|part| part.trim_start_matches(['▶', ' ']).trim() == heap.to_string())
            && l.contains(&format!("{heap} │"))
    })
}

#[test]
fn the_binary_panel_stands_level_with_the_heaps_at_every_size() {
    for size in SIZES {
        for heaps in [vec![3, 4, 5], vec![1, 2, 3, 4, 5, 6, 7], vec![5, 9]] {
            let app = teaching_game_of(&heaps);
            let buf = draw(&app, size.0, size.1);
            let rows = lines(&buf);
            let layout = board_layout_with(
                nim_tui::i18n::Language::English,
                app.game().expect("a game"),
                Rect::new(0, 0, size.0, size.1),
                true,
                false,
            );
            if layout.levels.is_none() {
                // Under the board there is nothing to be level with; it must be a narrow screen.
                assert!(size.0 <= 60, "the panel is beside the board at {size:?}:\n{}", text(&buf));
                continue;
            }
            for row in &layout.rows {
                let board_row = label_row(&rows, row.heap + 1).expect("a board row");
                let panel_row = rows.iter().position(|l| l.contains(&format!("heap {} ", row.heap + 1)));
                assert_eq!(
                    Some(board_row),
                    panel_row,
                    "heap {} at {size:?}, heaps {heaps:?}:\n{}",
                    row.heap + 1,
                    text(&buf)
                );
            }
        }
    }
}

fn teaching_game_of(heaps: &[u64]) -> App {
    let mut app = playing(Mode::Normal, heaps);
    act(&mut app, Action::Binary);
    app
}

#[test]
fn the_nim_sums_odd_columns_are_a_band_through_every_row() {
    let app = teaching_game_of(&[3, 4, 5]);
    let look = Look::default();
    for size in SIZES {
        let buf = draw(&app, size.0, size.1);
        let layout = board_layout_with(
            nim_tui::i18n::Language::English,
            app.game().expect("a game"),
            Rect::new(0, 0, size.0, size.1),
            true,
            false,
        );
        let Some(panel) = layout.panel else { continue };
        // The nim-sum of 3 4 5 is 2: the 2s column is odd. Its band runs from the column's header
        // down to the nim-sum, through every row between, blank rows included.
        let banded: Vec<u16> = (panel.y..panel.bottom())
            .filter(|&y| (panel.x..panel.right()).any(|x| buf[(x, y)].style().bg == Some(look.theme.band)))
            .collect();
        assert!(banded.len() >= 5, "{size:?}: {banded:?}");
        let (first, last) = (banded[0], banded[banded.len() - 1]);
        assert_eq!(banded.len() as u16, last - first + 1, "the band has no gap at {size:?}");
    }
}

#[test]
fn numbers_are_drawn_large_on_a_projectors_screen() {
    let app = teaching_game_of(&[3, 4, 5]);
    let look = Look::default();
    let buf = draw(&app, 140, 45);
    let layout = board_layout_with(
        nim_tui::i18n::Language::English,
        app.game().expect("a game"),
        Rect::new(0, 0, 140, 45),
        true,
        false,
    );
    assert!(layout.big, "140x45 draws numbers large");
    // The count of heap 3, a big 5: five rows of cells filled in the text's colour after the tokens.
    let row = layout.rows[2];
    let after = row.x + row.slots() as u16 * row.cell;
    let filled = (row.y..row.y + row.height)
        .filter(|&y| (after..layout.board.right()).any(|x| buf[(x, y)].style().bg.is_some()))
        .count();
    assert_eq!(filled, 5, "{}", text(&buf));
    // At 80x24 the numbers are text.
    let text80 = text(&draw(&app, 80, 24));
    assert!(text80.contains("heap 1  0 1 1"), "{text80}");
    let _ = look;
}

#[test]
fn a_board_with_more_rows_than_fit_scrolls_with_a_mark_and_the_game_goes_on() {
    let heaps: Vec<u64> = (1..=16).collect();
    let mut app = playing(Mode::Normal, &heaps);
    for (width, height) in [(60, 20), (80, 20), (44, 18)] {
        let screen = text(&draw(&app, width, height));
        assert!(!screen.contains("Enlarge"), "{width}x{height}:\n{screen}");
        assert!(
            screen.contains("↓") && screen.contains("more"),
            "a mark below at {width}x{height}:\n{screen}"
        );
    }
    // The chosen heap stays in view: choose the last one.
    for _ in 0..15 {
        act(&mut app, Action::Down);
    }
    let screen = text(&draw(&app, 60, 20));
    assert!(screen.contains("▶ 16 │"), "{screen}");
    assert!(screen.contains("↑") && screen.contains("more"), "a mark above:\n{screen}");
    // A move on the last heap can still be played.
    act(&mut app, Action::Take);
    assert_eq!(app.game().expect("a game").moves().len().min(1), 1);
}

#[test]
fn every_games_rule_is_whole_at_80_and_100_columns() {
    for game in ["moore:2", "subtraction:1,2,3", "lasker", "kayles", "dawson", "wythoff", "fibonacci"] {
        let kind: nim_tui::engine::GameKind = game.parse().expect("a game");
        let setup = GameSetup { game: kind, first: First::You, ..base() };
        let setup =
            GameSetup { heaps: HeapChoice::Custom(nim_tui::domain::fit_heaps(kind, vec![3, 4, 5])), ..setup };
        let app = App::start_now(setup, Some(1));
        for width in [80, 100] {
            let screen = text(&draw(&app, width, 24));
            let flat = screen.split_whitespace().collect::<Vec<_>>().join(" ");
            let rule = nim_tui::words::rule(nim_tui::i18n::Language::English, kind);
            assert!(flat.contains(&rule), "{game} at {width}: {rule}\n{screen}");
            assert!(!screen.lines().next().unwrap_or_default().contains('…'), "{screen}");
        }
    }
}

#[test]
fn the_prompt_and_the_hint_are_whole_at_small_sizes_with_every_panel_open() {
    for game in ["nim", "moore:2", "subtraction:1,2,3", "lasker", "kayles", "dawson", "wythoff", "fibonacci"]
    {
        let kind: nim_tui::engine::GameKind = game.parse().expect("a game");
        let heaps = nim_tui::domain::fit_heaps(kind, vec![3, 4, 5]);
        let setup = GameSetup { game: kind, first: First::You, heaps: HeapChoice::Custom(heaps), ..base() };
        let mut app = App::start_now(setup, Some(1));
        act(&mut app, Action::Binary);
        act(&mut app, Action::History);
        act(&mut app, Action::Hint);
        let hint = app
            .game()
            .filter(|g| g.hint.is_some())
            .map(|g| g.hint_words(nim_tui::i18n::Language::English))
            .expect("a hint");
        let hint = hint.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        for (width, height) in [(60, 20), (44, 18), (80, 24)] {
            let buf = draw(&app, width, height);
            let screen = text(&buf);
            // The lines under the board, left of a move list beside them.
            let layout = board_layout_with(
                nim_tui::i18n::Language::English,
                app.game().expect("a game"),
                buf.area,
                true,
                true,
            );
            let right = layout.history.filter(|h| h.x > layout.info.x).map_or(width, |h| h.x);
            let under: Vec<String> = (layout.board.bottom()..buf.area.bottom())
                .map(|y| (0..right).map(|x| buf[(x, y)].symbol()).collect::<String>())
                .collect();
            let flat = under.join(" ").split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
            assert!(flat.contains(&hint), "{game} at {width}x{height}: the hint is cut:\n{screen}");
            assert!(flat.contains("hint"), "{game} at {width}x{height}:\n{screen}");
        }
    }
}
