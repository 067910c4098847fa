//! The play screens in Simplified Chinese: the start screen, the help, the rules, the questions
//! and the puzzles drawn at 80x24 and 100x30 and kept as snapshots, with no English sentence left
//! and nothing cut; a whole game in the real binary under `LANG=zh_CN.UTF-8`, won by following
//! the hint; and English kept by `--lang en` and `language = "en"` in a Chinese locale.
//!
//! The screens also hold other parts' words (a game's rule, the rules page, the board): those
//! must be Chinese too.

use crate::support::keys::{act, type_text};

use nim_tui::app::{Action, App, Msg, Overlay, PuzzleStart, Screen};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Opponent};
use nim_tui::i18n::Language;

const SIZES: [(u16, u16); 2] = [(80, 24), (100, 30)];

/// The screen as text, drawn for a reader of Chinese.
fn screen(app: &App, width: u16, height: u16) -> String {
    let look = nim_tui::ui::Look { language: Language::SimplifiedChinese, ..Default::default() };
    crate::support::view::text(&crate::support::view::draw_with(app, &look, width, height))
}

fn base() -> GameSetup {
    nim_tui::config::Settings::default().setup()
}

/// A game against the AI on 3 4 5, the player to move.
fn playing() -> App {
    let setup = GameSetup {
        heaps: HeapChoice::Custom(vec![3, 4, 5]),
        first: First::You,
        level: Level::Perfect,
        ..base()
    };
    App::start_now(setup, Some(1))
}

/// Whether `text` holds a Chinese character.
fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// The English words of `text` (three letters or more), in order, but for the names the game
/// keeps in every language.
fn words(text: &str) -> Vec<String> {
    const NAMES: [&str; 4] = ["Nim", "Ctrl", "Enter", "Space"];
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(|w| if w.len() >= 3 && !NAMES.contains(&w) { w.to_string() } else { String::new() })
        .collect()
}

/// Runs of two or more English words on a line of `text`: a sentence left in English, this
/// part's or another's (every part's words are Chinese now).
fn english_phrases(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        for run in words(line).split(String::is_empty) {
            if run.len() >= 2 {
                found.push(run.join(" "));
            }
        }
    }
    found
}

/// `text` without blanks and frame lines, so that a message wrapped over lines, or drawn with the
/// column a wide character leaves, reads as one.
fn flat(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && !"│┌┐└┘─".contains(*c)).collect()
}

/// Asserts that the screen shows `message` whole.
fn shows_whole(text: &str, message: &str, what: &str) {
    assert!(flat(text).contains(&flat(message)), "{what}: '{message}' is not whole on:\n{text}");
}

#[test]
fn the_start_screen_in_chinese() {
    for (width, height) in SIZES {
        let app = App::new(base(), Some(1));
        let text = screen(&app, width, height);
        let english = english_phrases(&text);
        assert!(english.is_empty(), "{width}x{height}: English left {english:?}:\n{text}");
        for message in
            ["新游戏", "游戏", "玩法", "先手", "电脑水平", "对手", "开始", "谜题", "找出唯一的必胜着法"]
        {
            shows_whole(&text, message, "the start screen");
        }
        insta::assert_snapshot!(format!("start_{width}x{height}"), text);
    }
}

#[test]
fn the_start_screen_for_two_players_shows_the_default_names_in_chinese() {
    let lang = Language::SimplifiedChinese;
    let mut app = App::new(GameSetup { opponent: Opponent::Human, ..base() }, Some(1));
    let text = screen(&app, 80, 24);
    shows_whole(&text, "玩家甲", "the first name");
    shows_whole(&text, "玩家乙", "the second name");
    assert!(!text.contains("Player"), "{text}");
    // The names are data: a game begun with them keeps the English defaults, shown in Chinese.
    act(&mut app, Action::Take);
    let Some(game) = app.game() else { panic!("the game did not start:\n{}", screen(&app, 80, 24)) };
    assert_eq!(game.players.name(lang, nim_tui::domain::Seat::First), "玩家甲");
    assert!(matches!(&game.players, nim_tui::domain::Players::Hotseat(names) if names.0[0] == "Player 1"));
    // In English, the same names as ever.
    let lang = Language::English;
    assert_eq!(game.players.name(lang, nim_tui::domain::Seat::First), "Player 1");
}

#[test]
fn a_refused_heap_list_is_told_in_chinese() {
    let mut app = App::new(base(), Some(1));
    // From Start up to Heaps, Custom, "3 0".
    for _ in 0..4 {
        act(&mut app, Action::Up);
    }
    act(&mut app, Action::Less);
    type_text(&mut app, "3 0");
    act(&mut app, Action::Take);
    assert!(matches!(app.screen, Screen::Start(_)), "the refused heaps started a game");
    let text = screen(&app, 80, 24);
    shows_whole(&text, "第 2 堆是空的：每堆开始时有 1 到 10^18 枚棋子", "the refusal");
    assert!(english_phrases(&text).is_empty(), "{text}");
}

#[test]
fn the_help_in_chinese() {
    for (width, height) in SIZES {
        let mut app = App::new(base(), Some(1));
        act(&mut app, Action::Help);
        let text = screen(&app, width, height);
        assert!(english_phrases(&text).is_empty(), "{text}");
        for command in app.screen_commands() {
            let label = command.label(Language::SimplifiedChinese);
            assert!(has_chinese(label), "{:?}: {label}", command.action);
            shows_whole(&text, label, "the help");
        }
        shows_whole(&text, "按键", "the help's title");
        insta::assert_snapshot!(format!("help_start_{width}x{height}"), text);

        // The help of a game: every command in Chinese, none cut.
        let mut game = playing();
        act(&mut game, Action::Help);
        let text = screen(&game, width, height);
        for command in game.screen_commands() {
            let label = command.label(Language::SimplifiedChinese);
            assert!(has_chinese(label), "{:?}: {label}", command.action);
        }
        for label in ["提示：显示并预选最佳着法", "鼠标", "立即退出"] {
            shows_whole(&text, label, "the help of a game");
        }
        insta::assert_snapshot!(format!("help_game_{width}x{height}"), text);
    }
}

#[test]
fn the_rules_in_chinese() {
    for (width, height) in SIZES {
        let mut app = App::new(base(), Some(1));
        act(&mut app, Action::Help);
        act(&mut app, Action::More);
        assert_eq!(app.overlay, Some(Overlay::Rules));
        let text = screen(&app, width, height);
        let english = english_phrases(&text);
        assert!(english.is_empty(), "English left {english:?}:\n{text}");
        shows_whole(&text, "规则", "the rules' title");
        insta::assert_snapshot!(format!("rules_{width}x{height}"), text);
    }
}

/// The box a question is drawn in: its lines, from its top to its bottom border.
fn question_box(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let top = lines.iter().rposition(|l| l.contains('？')).expect("a question on screen");
    let from = lines[..top].iter().rposition(|l| l.contains('┌')).unwrap_or(0);
    let to = lines[top..].iter().position(|l| l.contains('└')).map_or(lines.len() - 1, |i| top + i);
    lines[from..=to].join("\n")
}

#[test]
fn the_questions_in_chinese() {
    let lang = Language::SimplifiedChinese;
    for (width, height) in SIZES {
        // Resign.
        let mut game = playing();
        act(&mut game, Action::Resign);
        let Some(Overlay::Confirm(question)) = game.overlay else { panic!("no question") };
        let asked = game.question(lang, question);
        assert!(has_chinese(asked), "{asked}");
        let text = screen(&game, width, height);
        let boxed = question_box(&text);
        shows_whole(&boxed, asked, "the resign question");
        shows_whole(&boxed, "Enter 或 y：是　q 或 n：否", "the keys that answer");
        assert!(english_phrases(&boxed).is_empty(), "{boxed}");
        insta::assert_snapshot!(format!("question_resign_{width}x{height}"), text);

        // A new game, leaving one in which moves were made.
        let mut game = playing();
        act(&mut game, Action::More);
        act(&mut game, Action::Take);
        game.update(Msg::AiMove);
        act(&mut game, Action::NewGame);
        let Some(Overlay::Confirm(question)) = game.overlay else { panic!("no question") };
        let asked = game.question(lang, question);
        let text = screen(&game, width, height);
        let boxed = question_box(&text);
        shows_whole(&boxed, asked, "the new game question");
        assert!(english_phrases(&boxed).is_empty(), "{boxed}");
        insta::assert_snapshot!(format!("question_new_game_{width}x{height}"), text);
    }
}

#[test]
fn every_question_fits_its_box_at_80_columns() {
    let lang = Language::SimplifiedChinese;
    use nim_tui::app::Confirm;
    for question in [Confirm::Resign, Confirm::Abandon, Confirm::PuzzleHint, Confirm::ReplaceSaved] {
        for counted in [true, false] {
            let asked = question.question(lang, counted);
            assert!(has_chinese(asked), "{asked}");
            // The question's row in the box: at most 80 columns less the frame and its margin.
            let width = unicode_width::UnicodeWidthStr::width(asked);
            assert!(width <= 74, "{width} columns: {asked}");
        }
    }
}

#[test]
fn the_puzzles_in_chinese() {
    let lang = Language::SimplifiedChinese;
    for (width, height) in SIZES {
        let app = App::puzzles(base(), PuzzleStart { seed: Some(3), ..Default::default() });
        let Screen::Puzzle(puzzle) = &app.screen else { panic!("not the puzzles") };
        let promise = nim_tui::puzzle::promise(lang, puzzle.game.engine(), puzzle.game.position());
        assert!(has_chinese(&promise), "{promise}");
        let text = screen(&app, width, height);
        shows_whole(&text, &promise, "the puzzle's promise");
        // The key line beside the answer, in Chinese.
        let line = text.lines().find(|l| l.contains("Enter")).unwrap_or_default();
        let keys = line.find('←').map_or("", |at| &line[at..]);
        assert!(keys.contains("作 答") || keys.contains("作答"), "{text}");
        assert!(english_phrases(keys).is_empty(), "{keys}");
        insta::assert_snapshot!(format!("puzzles_{width}x{height}"), text);
    }
}

#[test]
fn a_screen_too_small_says_so_in_chinese() {
    let app = App::new(base(), Some(1));
    let text = screen(&app, 40, 10);
    shows_whole(&text, "请把终端窗口调大", "the small screen");
    assert!(english_phrases(&text).is_empty(), "{text}");
}

// ---------------------------------------------------------------- the real binary in a pseudo-terminal

/// `text` from the library's words, in Chinese (the screen's words for markers the game shows).
fn in_chinese(text: impl FnOnce(Language) -> String) -> String {
    text(Language::SimplifiedChinese)
}

/// The count of Chinese characters on `text`.
fn chinese_characters(text: &str) -> usize {
    text.chars().filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c)).count()
}

/// The binary in a Chinese locale (`LANG=zh_CN.UTF-8`, nothing else set) at 80x24.
#[cfg(unix)]
fn in_a_chinese_locale(args: &[&str], home: &std::path::Path) -> crate::support::pty::Pty {
    crate::support::pty::Pty::with(args, home)
        .env("LANG", "zh_CN.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LC_CTYPE")
        .size(24, 80)
        .spawn()
}

#[cfg(unix)]
#[test]
fn a_game_in_chinese_won_by_following_the_hint() {
    let home = tempfile::tempdir().expect("a temporary home");
    let mut game = in_a_chinese_locale(&["--heaps", "3,4,5", "--ai-delay", "0"], home.path());
    let your_turn = flat(&in_chinese(|lang| nim_tui::words::your_turn(lang).to_string()));
    let hint = flat(&in_chinese(|lang| nim_tui::words::hint_label(lang, true).to_string()));
    let you_win = flat(&in_chinese(|lang| nim_tui::words::you_win(lang).to_string()));
    let ready = |t: &str| flat(t).contains(&your_turn) && !flat(t).contains(&hint);
    assert!(game.wait_until(ready), "the board:\n{}", game.contents());
    let first = game.contents();
    // The key line under the board is Chinese.
    assert!(flat(&first).contains("h提示"), "{first}");
    let mut moves = 0;
    let end = loop {
        game.send(b"h");
        assert!(game.wait_until(|t| flat(t).contains(&hint)), "the hint:\n{}", game.contents());
        game.send(b"\r");
        // The hint goes away once the move is played; then the AI has replied or the player won.
        let replied = |t: &str| ready(t) || flat(t).contains(&you_win);
        assert!(game.wait_until(replied), "the AI's reply or the end:\n{}", game.contents());
        let text = game.contents();
        moves += 1;
        if flat(&text).contains(&you_win) {
            break text;
        }
        assert!(flat(&text).contains("电脑走了一步："), "the AI's move is reported:\n{text}");
        assert!(moves < 12, "3 4 5 has only 12 tokens; the game should be over:\n{text}");
    };
    // The end, in Chinese: who won and why.
    assert!(flat(&end).contains("你取走了最后一枚棋子"), "{end}");
    assert!(chinese_characters(&end) >= 20, "the screen is not Chinese:\n{end}");
    game.send(b"q");
    assert!(game.wait_exit().is_some_and(|s| s.success()), "{}", game.contents());
}

#[cfg(unix)]
#[test]
fn lang_en_keeps_english_in_a_chinese_locale() {
    let home = tempfile::tempdir().expect("a temporary home");
    let mut pty = in_a_chinese_locale(&["--lang", "en"], home.path());
    assert!(pty.wait_for("New game"), "{}", pty.contents());
    pty.send(b"?");
    assert!(pty.wait_for("choose the row above"), "{}", pty.contents());
    let text = pty.contents();
    assert_eq!(chinese_characters(&text), 0, "{text}");
    pty.send(b"q");
    pty.send(b"q");
    assert!(pty.wait_exit().is_some());
}

#[cfg(unix)]
#[test]
fn language_en_in_the_config_keeps_english_in_a_chinese_locale() {
    let home = tempfile::tempdir().expect("a temporary home");
    let config = home.path().join("config/nim-tui");
    std::fs::create_dir_all(&config).expect("the config folder");
    std::fs::write(config.join("config.toml"), "language = \"en\"\n").expect("the config file");
    let mut pty = in_a_chinese_locale(&["--heaps", "3,4,5"], home.path());
    assert!(pty.wait_for("Your turn"), "{}", pty.contents());
    pty.send(b"R");
    assert!(pty.wait_for("Resign this game? It counts as a loss."), "{}", pty.contents());
    assert_eq!(chinese_characters(&pty.contents()), 0, "{}", pty.contents());
    pty.send(b"n");
    pty.send(b"q");
    assert!(pty.wait_exit().is_some());

    // The same locale without the setting: Chinese.
    std::fs::write(config.join("config.toml"), "").expect("the config file");
    let mut pty = in_a_chinese_locale(&["--heaps", "3,4,5"], home.path());
    assert!(pty.wait_until(|t| flat(t).contains("h提示")), "{}", pty.contents());
    pty.send(b"R");
    assert!(pty.wait_until(|t| flat(t).contains("认输吗？")), "{}", pty.contents());
    pty.send(b"n");
    pty.send(b"q");
    assert!(pty.wait_exit().is_some());
}
