//! Each game in its own picture, and a little life (#22): Kayles and Dawson's Kayles as one line of
//! standing pins with gaps where pins fell, Wythoff's queen on her grid, Fibonacci Nim's limit as a
//! bracket over the tokens, the banner's block letters, and the AI's taken tokens leaving within
//! its pause; motion off with `animation = false`, and no frame scheduled while nothing moves.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App, Motion, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Names, Opponent};
use nim_tui::engine::{GameKind, Mode, Move};
use nim_tui::ui::{self, Look};
use ratatui::layout::Rect;

fn setup(kind: GameKind, heaps: &[u64], first: First) -> GameSetup {
    GameSetup {
        game: kind,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first,
        ..nim_tui::config::Settings::default().setup()
    }
}

fn playing(kind: GameKind, heaps: &[u64]) -> App {
    App::start_now(setup(kind, heaps, First::You), Some(1))
}

fn lines(app: &App, width: u16, height: u16) -> Vec<String> {
    view::lines(&view::draw_with(app, &Look::default(), width, height))
}

/// A standing pin, or one the chosen move knocks down (it leans).
fn is_pin(c: char) -> bool {
    c == '|' || c == '/'
}

/// The screen's lines that hold pins: inside the board's frame (whose sides are `│`), nothing but
/// pins standing or leaning, fallen pins and the mark of a line that goes on.
fn pin_lines(lines: &[String]) -> Vec<(usize, String)> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let inside: String = l.chars().filter(|&c| c != '│' && c != ' ').collect();
            inside.contains(is_pin) && inside.chars().all(|c| is_pin(c) || c == '_' || c == '⋯')
        })
        .map(|(y, l)| (y, l.clone()))
        .collect()
}

/// The pins and fallen pins of a line, left to right, without the spaces: `|||_||` (a big
/// fallen pin, `__`, is one).
fn symbols(line: &str) -> String {
    let all: String = line.chars().filter(|&c| is_pin(c) || c == '_').collect();
    all.replace("__", "_")
}

/// How many gaps between rows a line has: wider than the space between two pins of a row.
fn row_gaps(line: &str) -> usize {
    // A big fallen pin (`__`) counts once, where it starts.
    let chars: Vec<char> = line.chars().collect();
    let at: Vec<usize> = (0..chars.len())
        .filter(|&x| is_pin(chars[x]) || (chars[x] == '_' && (x == 0 || chars[x - 1] != '_')))
        .collect();
    let steps: Vec<usize> = at.windows(2).map(|w| w[1] - w[0]).collect();
    let cell = steps.iter().copied().min().unwrap_or(0);
    steps.iter().filter(|&&s| s > cell).count()
}

fn pins_on(line: &str) -> usize {
    line.chars().filter(|&c| is_pin(c)).count()
}

// ------------------------------------------------------------------------------------- pins

#[test]
fn kayles_is_one_line_of_pins_with_gaps_where_pins_fell() {
    for (width, height) in [(80, 24), (100, 30), (140, 45)] {
        let mut app = playing(GameKind::Kayles, &[3, 4, 5]);
        let screen = lines(&app, width, height);
        let rows = pin_lines(&screen);
        assert!(!rows.is_empty(), "no pins at {width}x{height}:\n{}", screen.join("\n"));
        // Every pin of every row on one line of the screen (pins may be two rows tall).
        for (_, line) in &rows {
            assert_eq!(pins_on(line), 3 + 4 + 5, "{width}x{height}:\n{}", screen.join("\n"));
        }
        // Rows are runs of pins with a gap between them, not heaps one under another.
        assert_eq!(row_gaps(&rows[0].1), 2, "{}", screen.join("\n"));

        // Knock down the middle pin of row 3: the row breaks in two, the fallen pin lies between.
        app.update(Msg::Pick { heap: 2, count: 3 });
        act(&mut app, Action::Take);
        let game = app.game().expect("a game");
        let standing: u64 = game.position().heaps().iter().sum();
        let screen = lines(&app, width, height);
        let rows = pin_lines(&screen);
        let foot = &rows.last().expect("pins").1;
        assert_eq!(pins_on(foot) as u64, standing, "{}", screen.join("\n"));
        assert_eq!(symbols(foot).matches('_').count() as u64, 12 - standing, "{}", screen.join("\n"));
        // Where the pin fell: two pins of row 3, the fallen one, the last two; the gaps between
        // the rows the game started with stay as they were.
        assert!(symbols(foot).ends_with("||_||"), "{}", screen.join("\n"));
        assert_eq!(row_gaps(foot), 2, "{}", screen.join("\n"));
        // Each run is numbered above its first pin, the new row 4 too.
        let labels = &screen[rows[0].0 - 1];
        for number in ["1", "2", "3", "4"] {
            assert!(labels.contains(number), "{labels}\n{}", screen.join("\n"));
        }
    }
}

#[test]
fn the_pins_a_move_knocks_down_are_marked_in_both_games() {
    for (kind, knocked) in [(GameKind::Kayles, 1), (GameKind::Dawson, 2)] {
        let app = playing(kind, &[7]);
        let screen = lines(&app, 80, 24);
        let rows = pin_lines(&screen);
        let leaning = rows[0].1.matches('/').count();
        assert_eq!(leaning, knocked, "{kind:?}:\n{}", screen.join("\n"));
        let marks = screen[rows.last().expect("pins").0 + 1].matches('^').count();
        assert_eq!(marks, knocked, "{kind:?}:\n{}", screen.join("\n"));
    }
    // Kayles' switch: two pins.
    let mut app = playing(GameKind::Kayles, &[7]);
    act(&mut app, Action::Switch);
    let screen = lines(&app, 80, 24);
    assert_eq!(pin_lines(&screen)[0].1.matches('/').count(), 2, "{}", screen.join("\n"));
}

#[test]
fn a_click_on_any_pin_chooses_it() {
    let area = Rect::new(0, 0, 80, 24);
    let app = playing(GameKind::Kayles, &[3, 4]);
    let screen = lines(&app, 80, 24);
    let (y, line) = pin_lines(&screen)[0].clone();
    let columns: Vec<usize> = line.chars().enumerate().filter(|&(_, c)| is_pin(c)).map(|(x, _)| x).collect();
    let expected = [(0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (1, 4)];
    assert_eq!(columns.len(), expected.len());
    for (&x, &(heap, count)) in columns.iter().zip(&expected) {
        let msg = ui::click(&app, &Look::default(), area, x as u16, y as u16);
        assert_eq!(msg, Some(Msg::Pick { heap, count }), "pin at column {x}");
    }
    // The gap between the rows chooses nothing.
    let gap = (columns[2] + columns[3]) / 2;
    assert_eq!(ui::click(&app, &Look::default(), area, gap as u16, y as u16), None);
}

#[test]
fn a_line_longer_than_the_screen_wraps_with_a_mark() {
    let app = playing(GameKind::Kayles, &[20, 20, 20, 20]);
    let screen = lines(&app, 60, 20);
    let rows = pin_lines(&screen);
    let total: usize = rows.iter().map(|(_, l)| pins_on(l)).sum();
    // Pins one or two rows tall: every pin is drawn.
    assert!(total == 80 || total == 160, "{total} pins drawn:\n{}", screen.join("\n"));
    let distinct: std::collections::BTreeSet<_> = rows.iter().map(|(y, _)| y).collect();
    assert!(distinct.len() >= 2, "{}", screen.join("\n"));
    assert!(
        rows.iter().any(|(_, l)| l.contains('⋯')),
        "no mark where the line goes on:\n{}",
        screen.join("\n")
    );
    // Nothing asks for a larger terminal.
    assert!(!screen.join("\n").contains("Enlarge"), "{}", screen.join("\n"));
}

#[test]
fn more_lines_of_pins_than_fit_scroll_and_say_so() {
    let mut app = playing(GameKind::Kayles, &[24; 16]);
    let screen = lines(&app, 44, 24);
    let text = screen.join("\n");
    assert!(!text.contains("Enlarge"), "{text}");
    assert!(text.contains("lines 1 to") && text.contains(" of "), "{text}");
    // The last row is selected: its line comes into view.
    act(&mut app, Action::Up);
    let text = lines(&app, 44, 24).join("\n");
    assert!(!text.contains("lines 1 to"), "{text}");
}

// ------------------------------------------------------------------------------------- queen

/// Where `symbol` is on the screen: column (in characters) and row.
fn find(screen: &[String], symbol: char) -> Option<(usize, usize)> {
    screen.iter().enumerate().find_map(|(y, l)| l.chars().position(|c| c == symbol).map(|x| (x, y)))
}

#[test]
fn wythoffs_queen_stands_at_the_heaps_distances_from_the_corner() {
    for heaps in [[4u64, 9], [6, 3], [0, 5]] {
        let app = playing(GameKind::Wythoff, &heaps);
        let screen = lines(&app, 80, 24);
        let (qx, qy) = find(&screen, '♛').expect("the queen");
        let (cx, cy) = find(&screen, '+').filter(|_| heaps[0] + heaps[1] > 0).unwrap_or((qx, qy));
        // Squares are two columns wide; the corner is at the bottom left.
        assert_eq!(((qx - cx) / 2) as u64, heaps[0], "{heaps:?}:\n{}", screen.join("\n"));
        assert_eq!((cy - qy) as u64, heaps[1], "{heaps:?}:\n{}", screen.join("\n"));
        let text = screen.join("\n");
        assert!(text.contains(&format!("{} across and {} up", heaps[0], heaps[1])), "{text}");
    }
}

#[test]
fn the_hint_stars_the_losing_squares_on_the_grid() {
    let mut app = playing(GameKind::Wythoff, &[7, 9]);
    let before = lines(&app, 80, 24).join("\n");
    assert!(!before.contains('*'), "{before}");
    act(&mut app, Action::Hint);
    let screen = lines(&app, 80, 24);
    // The corner, from the queen at (7, 9).
    let (qx, qy) = find(&screen, '♛').expect("the queen");
    let (cx, cy) = (qx - 2 * 7, qy + 9);
    let stars: Vec<(u64, u64)> = screen
        .iter()
        .enumerate()
        .flat_map(|(y, l)| {
            l.chars().enumerate().filter(|&(_, c)| c == '*').map(move |(x, _)| (x, y)).collect::<Vec<_>>()
        })
        .filter(|&(x, y)| x >= cx && y <= cy && (x - cx) % 2 == 0)
        .map(|(x, y)| (((x - cx) / 2) as u64, (cy - y) as u64))
        .collect();
    assert!(!stars.is_empty(), "{}", screen.join("\n"));
    for (x, y) in &stars {
        assert!(nim_tui::engine::is_losing_pair(*x, *y), "({x}, {y}) starred:\n{}", screen.join("\n"));
    }
    // Every losing square on the grid that the queen, the corner or the move's mark does not hide.
    let hidden = |x: u64, y: u64| (x, y) == (7, 9) || (x, y) == (0, 0);
    let expected = (0..=7u64).flat_map(|x| (0..=9u64).map(move |y| (x, y)));
    let expected: Vec<_> =
        expected.filter(|&(x, y)| nim_tui::engine::is_losing_pair(x, y) && !hidden(x, y)).collect();
    assert!(stars.len() + 1 >= expected.len(), "{stars:?} for {expected:?}:\n{}", screen.join("\n"));
}

#[test]
fn a_click_on_a_square_the_queen_reaches_chooses_that_move_and_a_second_makes_it() {
    let area = Rect::new(0, 0, 80, 24);
    let mut app = playing(GameKind::Wythoff, &[4, 9]);
    let screen = lines(&app, 80, 24);
    let (qx, qy) = find(&screen, '♛').expect("the queen");
    let look = Look::default();
    let left = ui::click(&app, &look, area, (qx - 4) as u16, qy as u16);
    assert_eq!(left, Some(Msg::Select(Move::take(0, 2))));
    let down = ui::click(&app, &look, area, qx as u16, (qy + 3) as u16);
    assert_eq!(down, Some(Msg::Select(Move::take(1, 3))));
    let diagonal = ui::click(&app, &look, area, (qx - 2) as u16, (qy + 1) as u16);
    assert_eq!(diagonal, Some(Msg::Select(Move::both(1))));
    // A square no move reaches.
    assert_eq!(ui::click(&app, &look, area, (qx - 2) as u16, (qy + 3) as u16), None);
    let msg = diagonal.expect("a move");
    app.update(msg.clone());
    assert_eq!(app.game().expect("a game").chosen(), Move::both(1));
    app.update(msg);
    assert_eq!(app.game().expect("a game").position().heaps()[..2], [3, 8]);
}

#[test]
fn large_heaps_show_a_window_of_the_grid_said_to_be_one() {
    let app = playing(GameKind::Wythoff, &[200, 150]);
    let screen = lines(&app, 80, 24);
    let text = screen.join("\n");
    assert!(find(&screen, '♛').is_some() && find(&screen, '+').is_some(), "{text}");
    assert!(text.contains("A window, cut at ⋯"), "{text}");
    assert!(text.contains("200 across, 150 up"), "{text}");
}

// --------------------------------------------------------------------------------- fibonacci

#[test]
fn fibonaccis_limit_is_a_bracket_under_the_tokens_it_reaches() {
    let area = Rect::new(0, 0, 80, 24);
    let mut app = playing(GameKind::Fibonacci, &[20]);
    for taken in [None, Some(2)] {
        if let Some(count) = taken {
            app.update(Msg::Pick { heap: 0, count });
            act(&mut app, Action::Take);
            app.update(Msg::AiMove);
        }
        let game = app.game().expect("a game");
        let size = game.position().heap(0).expect("a heap");
        let most = game.position().limit().unwrap_or(size - 1).min(size);
        let screen = lines(&app, 80, 24);
        let text = screen.join("\n");
        let (y, line) =
            screen.iter().enumerate().find(|(_, l)| l.contains("take up to")).expect("the bracket");
        assert!(line.contains(&format!("take up to {most}")), "{text}");
        // It starts under the first token the move may take.
        let row = ui::board_layout(nim_tui::i18n::Language::English, game, area, false).rows[0];
        assert_eq!(y as u16, row.y + row.height, "{text}");
        let start = line.chars().position(|c| c == '└' || c == '─').expect("the bracket's start");
        assert_eq!(start as u64, u64::from(row.x) + (size - most) * u64::from(row.cell), "{text}");
    }
}

// ------------------------------------------------------------------------------------ banner

fn won(width: u16, height: u16, names: Option<(&str, &str)>) -> Vec<String> {
    let mut setup = setup(GameKind::Nim, &[1], First::You);
    if let Some((a, b)) = names {
        setup.opponent = Opponent::Human;
        setup.names = Names([a.to_string(), b.to_string()]);
    }
    let mut app = App::start_now(setup, Some(1));
    act(&mut app, Action::Take);
    assert!(app.game().is_some_and(|g| g.over.is_some()));
    lines(&app, width, height)
}

#[test]
fn a_win_gets_a_banner_in_the_titles_block_letters_where_they_fit_under_the_board() {
    let screen = won(100, 30, None);
    let text = screen.join("\n");
    // "YOU WIN!" in the title's font: Y, O, U ... on six rows, and not said again below.
    assert!(text.contains("██╗   ██╗ ██████╗ ██╗   ██╗"), "{text}");
    assert!(text.contains("╚██████╔╝╚██████╔╝"), "{text}");
    // In words only once, on the banner's frame, not as a line under the letters.
    assert_eq!(text.matches("You win!").count(), 1, "{text}");
    let title = screen.iter().position(|l| l.contains("You win!")).expect("the title");
    let letters = screen.iter().position(|l| l.contains("██")).expect("the letters");
    assert!(title < letters, "the title repeats the letters under them:\n{text}");
    // The final position stays in view, the board whole: its frame's foot above the banner.
    assert!(text.contains("Heaps") && text.contains("(empty)"), "{text}");
    let foot = screen.iter().position(|l| l.contains("└─")).expect("the board's foot");
    let letters = screen.iter().position(|l| l.contains("██")).expect("the letters");
    assert!(foot < letters, "the banner covers the board:\n{text}");
    // Where the letters would cover the board (80x24, one tall heap), the plain line says it,
    // once, and the board stays whole.
    let screen = won(80, 24, None);
    let text = screen.join("\n");
    assert_eq!(text.matches("You win!").count(), 1, "{text}");
    let foot = screen.iter().position(|l| l.contains("└─")).expect("the board's foot");
    let banner = screen.iter().position(|l| l.contains("You win!")).expect("the title");
    assert!(foot < banner, "the banner covers the board:\n{text}");
    // Two people: the winner's name in block letters.
    let text = won(100, 30, Some(("Ann", "Bob"))).join("\n");
    assert!(text.contains(" █████╗ ███╗   ██╗███╗   ██╗"), "{text}");
}

#[test]
fn a_small_screen_falls_back_to_the_plain_line() {
    let text = won(60, 20, None).join("\n");
    assert!(text.contains("You win!"), "{text}");
    assert!(!text.contains("██"), "{text}");
    assert!(text.contains("Heaps"), "the board is hidden:\n{text}");
}

// ------------------------------------------------------------------------------------ motion

/// A game of Nim where the AI moves first (from one heap: it is Nim).
fn ai_first() -> App {
    App::start_now(setup(GameKind::Nim, &[5, 9, 14], First::Ai), Some(1))
}

/// The cells drawn for tokens, however big they are drawn: cells of the token's colour, or the
/// marked colour of the tokens the AI's move takes.
fn token_cells(app: &App) -> u64 {
    let look = Look::default();
    let buf = view::draw_with(app, &look, 100, 30);
    let fills = [Some(look.theme.token), Some(look.theme.marked)];
    buf.content().iter().filter(|cell| fills.contains(&cell.style().bg)).count() as u64
}

#[test]
fn with_animation_off_nothing_is_scheduled() {
    let mut app = ai_first();
    app.motion = Motion::new(false);
    assert!(app.ai_waiting());
    assert!(!app.animating());
    let before = lines(&app, 100, 30);
    app.update(Msg::Frame);
    assert_eq!(app.motion_frame(), None);
    assert_eq!(lines(&app, 100, 30), before);
}

#[test]
fn with_animation_on_the_tokens_leave_and_the_frames_end() {
    let mut app = ai_first();
    assert!(app.motion.on, "the shipped configuration has motion on");
    let taken = app.game().and_then(|g| g.pending.clone()).expect("the AI's move").takes()[0].take;
    let before = token_cells(&app);
    let on_board: u64 = app.game().expect("a game").position().heaps().iter().sum();
    let mut frames = 0;
    while app.animating() {
        app.update(Msg::Frame);
        frames += 1;
        assert!(frames <= 100, "the frames never end");
    }
    assert_eq!(frames, usize::from(Motion::FRAMES));
    // The tokens the AI takes have left the board (the position is not played yet).
    let per_token = before / on_board;
    assert_eq!(token_cells(&app), before - taken * per_token);
    assert!(app.game().is_some_and(|g| g.ai_to_move()));
    // The move is made; nothing moves and the loop goes back to blocking until a key.
    app.update(Msg::AiMove);
    assert!(!app.animating() && !app.ai_waiting());
    assert_eq!(app.motion_frame(), None);
}

#[test]
fn a_frame_of_an_earlier_move_does_not_carry_over() {
    let mut app = App::demo(setup(GameKind::Nim, &[5, 9, 14], First::Ai), Some(1));
    for _ in 0..3 {
        assert!(app.animating());
        app.update(Msg::Frame);
        app.update(Msg::AiMove);
        // The next move's motion starts from nothing.
        assert_eq!(app.motion_frame(), None);
    }
}

#[test]
fn the_shipped_config_documents_animation_and_a_file_can_turn_it_off() {
    let shipped = nim_tui::config::DEFAULT_TOML;
    assert!(shipped.contains("\nanimation = true\n"), "{shipped}");
    assert!(nim_tui::config::Settings::default().animation);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("config.toml");
    let off = nim_tui::config::parse(&path, "animation = false\n").expect("a valid config");
    assert!(!off.animation);
    let wrong = nim_tui::config::parse(&path, "animation = \"slow\"\n").expect_err("not a boolean");
    assert!(wrong.to_string().contains("true or false"), "{wrong}");
}

#[test]
fn the_pins_the_ai_knocks_down_fall_within_its_pause() {
    let mut app = App::start_now(setup(GameKind::Kayles, &[5, 8], First::Ai), Some(1));
    let Some(Move::Split { take, .. }) = app.game().and_then(|g| g.pending.clone()) else {
        panic!("the AI knocks down pins")
    };
    let fallen = |app: &App| {
        let screen = lines(app, 80, 24);
        pin_lines(&screen).last().map_or(0, |(_, l)| symbols(l).matches('_').count() as u64)
    };
    assert_eq!(fallen(&app), 0);
    while app.animating() {
        app.update(Msg::Frame);
    }
    assert_eq!(fallen(&app), take);
    app.update(Msg::AiMove);
    assert_eq!(fallen(&app), take, "the fallen pins lie where they fell");
}

/// The real program in a terminal: the AI's move in motion, then nothing drawn while nobody
/// presses a key (the loop blocks again; no frame is scheduled).
#[cfg(unix)]
#[test]
fn after_the_ais_move_in_motion_the_program_draws_nothing_until_a_key() {
    use crate::support::pty::Pty;
    use std::time::Duration;

    let home = tempfile::tempdir().expect("a temporary directory");
    let args = ["--game", "kayles", "--heaps", "5,8", "--first", "ai", "--ai-delay", "600"];
    let mut pty = Pty::spawn(&args, home.path(), 24, 80);
    assert!(pty.wait_for("AI knocked down"), "the AI did not move:\n{}", pty.contents());
    assert!(pty.wait_for("Your turn"), "{}", pty.contents());
    pty.settle(Duration::from_millis(300));
    pty.raw.clear();
    // A second without a key: nothing is written (a scheduled frame would redraw).
    assert!(!pty.pump(Duration::from_secs(1)), "drawn while idle: {:?}", String::from_utf8_lossy(&pty.raw));
    // The screen still shows the fallen pins where they fell.
    assert!(pty.contents().contains('_'), "{}", pty.contents());
    pty.send(b"q");
    pty.wait_exit().expect("nim-tui exits");
}
