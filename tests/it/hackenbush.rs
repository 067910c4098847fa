//! Green Hackenbush through the app, as a person plays it (#38): the trees drawn standing on the
//! ground, the chosen edge marked and what would fall with it told apart, a cut played with the
//! keys and with the mouse, the hint's cut a winning one explained by the colon principle in both
//! languages, the trees typed in their notation (`--heaps`, the start menu) and `solve` at
//! u64::MAX against the schema.

use std::process::{Command, Stdio};

use nim_tui::app::{Action, App, Effect, Game, HeapOption, Screen, StartMenu, StartRow};
use nim_tui::config::Settings;
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::hackenbush::{decode, forest_text, parse_forest};
use nim_tui::engine::{GameKind, Mode, Move, Outcome, Rules};
use nim_tui::i18n::Language;
use nim_tui::theme::Glyphs;
use nim_tui::ui::{self, Look};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::support::keys::{act, acts, type_text};
use crate::support::view::{draw_with, lines, text, wide_text};
use crate::support::{BIN, schema, solve::solve};

fn game(app: &App) -> &Game {
    app.game().expect("a game is showing")
}

/// The trees of the game on show, in their notation.
fn trees(app: &App) -> String {
    forest_text(game(app).position().heaps()).expect("the position is trees")
}

fn setup(forest: &str) -> GameSetup {
    GameSetup {
        game: GameKind::Hackenbush,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(parse_forest(forest).expect("a forest")),
        first: First::You,
        level: Level::Perfect,
        ..Settings::default().setup()
    }
}

/// A game of Green Hackenbush on the trees `forest` writes, the person to move.
fn playing(forest: &str) -> App {
    let app = App::start_now(setup(forest), Some(5));
    assert!(game(&app).your_turn());
    app
}

/// Where on the screen `needle` is drawn, the first time.
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    lines(buf)
        .iter()
        .enumerate()
        .find_map(|(y, line)| line.find(needle).map(|byte| (line[..byte].chars().count() as u16, y as u16)))
}

/// The cells of the buffer showing `symbol`.
fn cells(buf: &Buffer, symbol: &str) -> Vec<(u16, u16)> {
    let area = buf.area;
    (area.top()..area.bottom())
        .flat_map(|y| (area.left()..area.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].symbol() == symbol)
        .collect()
}

#[test]
fn the_trees_stand_on_the_ground_with_the_chosen_edge_and_what_falls_told_apart() {
    let mut app = playing("3 1(2,3)");
    // Tree 2, edge 4: the bottom edge of its second branch, three edges fall.
    acts(&mut app, &[Action::Down, Action::More, Action::More, Action::More]);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 4 });
    for (width, height) in [(80, 24), (60, 20)] {
        let buf = draw_with(&app, &Look::default(), width, height);
        let screen = text(&buf);
        assert!(screen.contains("Trees on the ground"), "{width}x{height}:\n{screen}");
        assert!(screen.contains("━━━━━━━━━━"), "the ground, {width}x{height}:\n{screen}");
        assert!(screen.contains("┌─●─┐"), "tree 2's joint, {width}x{height}:\n{screen}");
        // The chosen edge is marked once, the two edges and two vertices above it on its branch
        // drawn falling (dashed, hollow), the rest standing.
        assert_eq!(cells(&buf, "╳").len(), 1, "{width}x{height}:\n{screen}");
        let (cx, cy) = cells(&buf, "╳")[0];
        assert_eq!(cells(&buf, "╎"), [(cx, cy - 4), (cx, cy - 2)], "{width}x{height}:\n{screen}");
        assert_eq!(cells(&buf, "○").len(), 3, "{width}x{height}:\n{screen}");
        let falling = buf[(cx, cy - 2)].style();
        let standing = buf[(cx - 4, cy - 2)].style();
        assert_eq!(buf[(cx - 4, cy - 2)].symbol(), "│", "the other branch stands:\n{screen}");
        assert_ne!(falling.fg, standing.fg, "what falls is in its own colour");
        // The trees' numbers under the ground, the chosen one marked; the cut said below.
        assert!(screen.contains("▶2"), "{width}x{height}:\n{screen}");
        assert!(screen.contains("Cut edge 4 of tree 2 (3 edges fall)"), "{width}x{height}:\n{screen}");
    }
    // With the ASCII glyphs the same, in ASCII.
    let ascii = text(&draw_with(&app, &Look::default().with_glyphs(Glyphs::ascii()), 80, 24));
    assert!(ascii.is_ascii(), "{ascii}");
    assert!(ascii.contains("+-o-+") && ascii.contains("=====") && ascii.contains('x'), "{ascii}");
    assert_eq!(ascii.matches('!').count(), 2, "the falling edges: {ascii}");
}

#[test]
fn a_stalk_of_ten_to_the_eighteen_is_drawn_with_its_count() {
    let app = playing("1000000000000000000 2(1,4)");
    for (width, height) in [(80, 24), (60, 20)] {
        let screen = text(&draw_with(&app, &Look::default(), width, height));
        assert!(screen.contains("┊ 1000000000000000000"), "{width}x{height}:\n{screen}");
        assert!(screen.contains("┊ 4"), "{width}x{height}:\n{screen}");
        assert!(screen.contains("━━━━"), "{width}x{height}:\n{screen}");
    }
}

#[test]
fn a_cut_is_played_with_the_keys() {
    let mut app = playing("3 1(2,3)");
    // ↓ tree 2, → twice: edge 3, the top of its first branch.
    acts(&mut app, &[Action::Down, Action::More, Action::More]);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 3 });
    act(&mut app, Action::Less);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 2 });
    // ↑ to tree 1 and back.
    act(&mut app, Action::Up);
    assert!(matches!(game(&app).chosen(), Move::Cut { tree: 0, edge: 1..=3 }), "{:?}", game(&app).chosen());
    // Home: the trunk's lowest edge; then up the first branch.
    acts(&mut app, &[Action::Down, Action::TakeOne]);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 1 });
    acts(&mut app, &[Action::More, Action::More]);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 3 });
    act(&mut app, Action::Take);
    assert_eq!(trees(&app), "3 1(1,3)", "one edge fell");
    assert!(!game(&app).your_turn(), "the AI moves next");
}

#[test]
fn a_cut_is_played_with_the_mouse() {
    let mut app = playing("3 1(2,3)");
    let look = Look::default();
    let area = Rect::new(0, 0, 80, 24);
    // Tree 2's joint: its first branch's bottom edge is the column of the joint's corner, one
    // row up.
    let buf = draw_with(&app, &look, 80, 24);
    let (x, y) = find(&buf, "┌─●─┐").expect("tree 2's joint");
    let click = ui::click(&app, &look, area, x, y - 1).expect("an edge takes clicks");
    app.update(click);
    assert_eq!(game(&app).chosen(), Move::Cut { tree: 1, edge: 2 }, "one click chooses");
    assert_eq!(trees(&app), "3 1(2,3)", "and cuts nothing yet");
    let click = ui::click(&app, &look, area, x, y - 1).expect("an edge takes clicks");
    assert_eq!(app.update(click), Effect::None);
    assert_eq!(trees(&app), "3 4", "the second click cuts: the branch of 2 fell, 1(3) is a stalk of 4");
    // The ground and the space between trees take no cut.
    let buf = draw_with(&app, &look, 80, 24);
    let (gx, gy) = find(&buf, "━━━").expect("the ground");
    assert_eq!(ui::click(&app, &look, area, gx, gy), None);
}

#[test]
fn the_hint_cuts_a_winning_edge_and_says_the_colon_principle() {
    let mut app = playing("1(2,3) 5");
    act(&mut app, Action::Hint);
    let g = game(&app);
    let chosen = g.chosen();
    assert!(g.engine().winning_moves(g.position()).contains(&chosen), "{chosen:?}");
    let english = g.hint_words(Language::English);
    assert!(english.contains("colon principle"), "{english}");
    assert!(english.contains("2 ⊕ 3 = 1") && english.contains("1 + 1 = 2"), "{english}");
    assert!(english.contains("2 ⊕ 5 = 7"), "the trees' values: {english}");
    let chinese = g.hint_words(Language::SimplifiedChinese);
    assert!(chinese.contains("冒号原理") && chinese.contains("2 ⊕ 5 = 7"), "{chinese}");
    // Following the hints wins the game.
    for _ in 0..100 {
        if game(&app).over.is_some() {
            break;
        }
        if game(&app).your_turn() {
            acts(&mut app, &[Action::Hint, Action::Take]);
            let g = game(&app);
            assert_eq!(g.engine().outcome(g.position()), Outcome::Lose, "the AI is left lost");
        } else {
            app.update(nim_tui::app::Msg::AiMove);
        }
    }
    let over = game(&app).over.clone().expect("the game ended");
    assert_eq!(over.winner, nim_tui::domain::Seat::First);
    // The board in Chinese says the trees.
    let screen = wide_text(&draw_with(
        &playing("1(2,3) 5"),
        &Look { language: Language::SimplifiedChinese, ..Look::default() },
        80,
        24,
    ));
    assert!(screen.contains("━━━"), "{screen}");
}

fn menu(app: &App) -> &StartMenu {
    match &app.screen {
        Screen::Start(menu) => menu,
        _ => panic!("expected the start screen"),
    }
}

#[test]
fn the_start_menu_takes_trees_in_their_notation() {
    let mut app = App::new(setup("3"), Some(3));
    for _ in 0..StartRow::ALL.len() {
        if menu(&app).row == StartRow::Heaps {
            break;
        }
        act(&mut app, Action::Down);
    }
    while menu(&app).heap_option != HeapOption::Custom {
        act(&mut app, Action::More);
    }
    while !menu(&app).custom.is_empty() {
        act(&mut app, Action::Erase);
    }
    type_text(&mut app, "3(1,2)(4)");
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    let error = menu(&app).error.as_ref().expect("refused").text(Language::English);
    assert!(error.contains("a second '(' at character 7"), "{error}");
    let chinese = menu(&app).error.as_ref().expect("refused").text(Language::SimplifiedChinese);
    assert!(chinese.contains("第 7 个字符"), "{chinese}");
    while !menu(&app).custom.is_empty() {
        act(&mut app, Action::Erase);
    }
    type_text(&mut app, "3 1(2,3) 2(1,1(1,2))");
    act(&mut app, Action::Take);
    assert_eq!(trees(&app), "3 1(2,3) 2(1,1(1,2))", "nineteen numbers, three trees");
}

/// Trees given before the menu opens (`--heaps` then a new game, a config file's `heaps`) show
/// in it as they were written, not as the numbers that keep them, and start the same game.
#[test]
fn the_start_menu_shows_given_trees_in_their_notation_and_starts_them() {
    let mut app = App::new(setup("3 1(2,3)"), Some(3));
    assert_eq!(menu(&app).heap_option, HeapOption::Custom);
    assert_eq!(menu(&app).custom, "3 1(2,3)");
    let screen = text(&draw_with(&app, &Look::default(), 80, 24));
    assert!(screen.contains("Custom: 3 1(2,3)"), "{screen}");
    assert_eq!(menu(&app).row, StartRow::Start);
    act(&mut app, Action::Take);
    assert_eq!(trees(&app), "3 1(2,3)");
}

#[test]
fn a_bad_tree_in_heaps_exits_2_with_a_clear_message_and_the_terminal_untouched() {
    // In a home of its own: nothing of the person's running the tests is read or written.
    let home = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = Command::new(BIN);
        cmd.args(args).current_dir(home.path()).env("HOME", home.path()).stdin(Stdio::null());
        for var in ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "NIM_TUI_LOG"] {
            cmd.env_remove(var);
        }
        cmd.output().unwrap()
    };
    for (forest, says) in [
        ("3(1,2)(4)", "a second '(' at character 7"),
        ("1(2,", "the brackets do not match"),
        ("1(0)", "0 edges at character 3"),
        ("2 x", "'x' at character 3 is not part of a tree"),
    ] {
        let out = run(&["--game", "hackenbush", "--heaps", forest]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{forest}: {err}");
        assert!(err.contains("--heaps") && err.contains(says), "{forest}: {err}");
        assert!(out.stdout.is_empty(), "{forest}: nothing is drawn: {:?}", out.stdout);
        assert!(!out.stderr.contains(&0x1b), "{forest}: no escape sequence: {err}");
    }
    // The same trees start a game when well written (checked without a terminal: --plain).
    let out = run(&["--game", "hackenbush", "--heaps", "3 1(2,3)", "--plain"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("Trees: 3 1(2,3)"), "the plain mode says the trees: {said}");
}

#[test]
fn solve_answers_trees_at_u64_max_against_the_schema() {
    let max = u64::MAX.to_string();
    let long = (u64::MAX - 3).to_string();
    let forest = format!("{max} 2({long},1) 7");
    let out = solve(&["--json", "--game", "hackenbush", &forest], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json = String::from_utf8(out.stdout).unwrap();
    schema::check_lines(&json);
    let answer: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(answer["game"], "hackenbush");
    // Every move listed wins, by the engine's own rules.
    let game = nim_tui::engine::Ruleset::new(GameKind::Hackenbush, Mode::Normal).game();
    let position = nim_tui::engine::Position::new(parse_forest(&forest).unwrap());
    assert_eq!(decode(position.heaps()).unwrap().len(), 3);
    for mv in answer["moves"].as_array().unwrap() {
        let mv =
            Move::Cut { tree: mv["tree"].as_u64().unwrap() as usize - 1, edge: mv["edge"].as_u64().unwrap() };
        assert!(game.is_winning_move(&position, &mv), "{mv:?}");
    }
    // The text says the trees as typed, in both languages; a bad line exits 2.
    for lang in ["en", "zh-CN"] {
        let out = solve(&["--lang", lang, "--game", "hackenbush", &forest], "");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(&format!("2({long},1)")), "{text}");
        assert!(!text.contains("1000000000000000000"), "not the numbers that encode it: {text}");
    }
    let out = solve(&["--game", "hackenbush", "-"], "3 1(2,3)\n3(1,2)(4)\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("a second '('"), "{err}");
}
