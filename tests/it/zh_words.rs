//! The game screen in Simplified Chinese: each game's board with its hint and its teaching panel,
//! a finished game's banner and the review, at 80x24 and 100x30. Kept as snapshots; checked in
//! code for what a reader would notice: no English sentence left in the words of the games, the
//! hint's sentence shown whole (nothing cut), and no line wider than the screen.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App, Msg};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::{GameKind, Mode, SubtractionSet};
use nim_tui::i18n::Language;
use nim_tui::ui::Look;
use unicode_width::UnicodeWidthStr;

const SIZES: [(u16, u16); 2] = [(80, 24), (100, 30)];

fn setup(kind: GameKind, mode: Mode, heaps: &[u64]) -> GameSetup {
    GameSetup {
        game: kind,
        mode,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        level: Level::Perfect,
        ..nim_tui::config::Settings::default().setup()
    }
}

/// A game of `kind` on `heaps`, the person to move, in Chinese.
fn playing(kind: GameKind, heaps: &[u64]) -> App {
    App::start_now(setup(kind, Mode::Normal, heaps), Some(1))
}

/// The screen as text, a wide character's second cell left out (so that Chinese reads as
/// written, not one character a column).
fn screen(app: &App, width: u16, height: u16) -> String {
    screen_with(app, &Look { language: Language::SimplifiedChinese, ..Look::default() }, width, height)
}

/// The screen as text (see [`screen`]), drawn with `look`.
fn screen_with(app: &App, look: &Look, width: u16, height: u16) -> String {
    view::wide_text(&view::draw_with(app, look, width, height))
}

/// The eight games, each with a position that shows its picture and its panel.
fn games() -> Vec<(&'static str, GameKind, Vec<u64>)> {
    vec![
        ("nim", GameKind::Nim, vec![3, 4, 5]),
        ("moore2", GameKind::Moore(2), vec![3, 5, 7, 2]),
        ("subtraction", GameKind::Subtraction(SubtractionSet::up_to(3).unwrap()), vec![10, 7]),
        ("lasker", GameKind::Lasker, vec![7, 2]),
        ("kayles", GameKind::Kayles, vec![4, 9]),
        ("dawson", GameKind::Dawson, vec![5, 8]),
        ("wythoff", GameKind::Wythoff, vec![4, 9]),
        ("fibonacci", GameKind::Fibonacci, vec![20]),
    ]
}

/// The program's name: the one English pair of words a Chinese screen shows (in its header).
const PROGRAM: &str = "nim-tui";

/// Games whose Chinese name keeps the English one, as Chinese OI material does (Kayles 游戏): a
/// name, like `Nim_2`, which with a key's name on the same line (`Kayles · 正常玩法 … Enter 暂停`)
/// is no English sentence.
const NAMES: [&str; 1] = ["Kayles"];

/// Runs of two or more English words of three letters or more: a sentence left in English.
/// Names of games and notations ("Nim_2", "XOR") are single words and pass.
fn english_phrases(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let line = NAMES.iter().fold(line.replace(PROGRAM, " "), |line, name| line.replace(name, " "));
        let mut run: Vec<&str> = Vec::new();
        for word in line.split(|c: char| !c.is_ascii_alphabetic()) {
            match word.len() {
                0 => continue,
                1 | 2 => {
                    if run.len() >= 2 {
                        found.push(run.join(" "));
                    }
                    run.clear();
                }
                _ => run.push(word),
            }
        }
        if run.len() >= 2 {
            found.push(run.join(" "));
        }
    }
    found
}

/// The screen's characters without spaces, line breaks or frames: a sentence wrapped over lines
/// reads as one.
fn flat(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && !"│─┌┐└┘".contains(*c)).collect()
}

/// What a reader would notice on a Chinese screen.
fn check(lang: Language, name: &str, app: &App, text: &str, width: u16) {
    let english = english_phrases(text);
    assert!(english.is_empty(), "{name}: English left on the screen: {english:?}\n{text}");
    for line in text.lines() {
        assert!(line.width() <= usize::from(width), "{name}: a line wider than the screen: {line}\n{text}");
    }
    if let Some(game) = app.game().filter(|game| game.hint.is_some()) {
        let reason = game.hint_words(lang);
        assert!(
            reason.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{name}: the hint is in Chinese: {reason}"
        );
        assert!(flat(text).contains(&flat(&reason)), "{name}: the hint is cut: {reason}\n{text}");
    }
}

#[test]
fn each_games_board_with_its_hint_and_panel_in_chinese() {
    for (name, kind, heaps) in games() {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Binary);
        act(&mut app, Action::Hint);
        for (width, height) in SIZES {
            let text = screen(&app, width, height);
            check(Language::SimplifiedChinese, name, &app, &text, width);
            insta::assert_snapshot!(format!("zh_board_{name}_{width}x{height}"), text);
        }
    }
}

#[test]
fn the_header_names_the_game_and_its_rule_in_chinese() {
    let lang = Language::SimplifiedChinese;
    for (name, kind, heaps) in games() {
        let app = playing(kind, &heaps);
        let text = screen(&app, 100, 30);
        let title = match kind {
            GameKind::Nim => nim_tui::words::mode_title(lang, Mode::Normal).to_string(),
            kind => nim_tui::words::title(lang, kind),
        };
        assert!(text.contains(&title), "{name}: the header names the game ({title}):\n{text}");
        if kind != GameKind::Nim {
            let rule = flat(&nim_tui::words::rule(lang, kind));
            assert!(flat(&text).contains(&rule), "{name}: the rule is whole:\n{text}");
        }
    }
}

/// A finished game of Nim the person won: the banner.
fn won() -> App {
    let mut app = playing(GameKind::Nim, &[1]);
    act(&mut app, Action::TakeOne);
    act(&mut app, Action::Take);
    assert!(app.game().is_some_and(|g| g.over.is_some()));
    app
}

#[test]
fn the_banner_of_a_won_game_is_chinese_without_block_letters() {
    let app = won();
    for (width, height) in SIZES {
        let text = screen(&app, width, height);
        check(Language::SimplifiedChinese, "banner", &app, &text, width);
        assert!(text.contains("你赢了！"), "the banner says who won:\n{text}");
        assert!(!text.contains('█'), "no English block letters on a Chinese screen:\n{text}");
        insta::assert_snapshot!(format!("zh_banner_{width}x{height}"), text);
    }
}

/// A game of 3 4 5 in which the person's first move gives the win away, played to its end, and
/// its review opened.
fn reviewed() -> App {
    let mut app = playing(GameKind::Nim, &[3, 4, 5]);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    crate::support::keys::play_out(&mut app);
    act(&mut app, Action::Review);
    act(&mut app, Action::Down);
    app
}

#[test]
fn the_review_in_chinese() {
    let app = reviewed();
    for (width, height) in SIZES {
        let text = screen(&app, width, height);
        check(Language::SimplifiedChinese, "review", &app, &text, width);
        insta::assert_snapshot!(format!("zh_review_{width}x{height}"), text);
    }
}

#[test]
fn the_words_of_moves_read_as_chinese_sentences() {
    use nim_tui::engine::MoveWords;
    use nim_tui::words::{Tense, move_text};
    let lang = Language::SimplifiedChinese;
    let cases = [
        (MoveWords::Take { heap: 1, amount: 2 }, Tense::Present, "从第 1 堆取走 2 枚"),
        (MoveWords::Take { heap: 1, amount: 2 }, Tense::Past, "从第 1 堆取走了 2 枚"),
        (
            MoveWords::TakeMany(vec![(1, 1), (2, 2), (3, 3)]),
            Tense::Present,
            "取走第 1 堆的 1 枚、第 2 堆的 2 枚和第 3 堆的 3 枚",
        ),
        (
            MoveWords::KnockDown { row: 1, first: 3, count: 2, breaking: Some((2, 4)) },
            Tense::Present,
            "击倒第 1 排的第 3、4 个球瓶，这排断成 2 个和 4 个两排",
        ),
    ];
    for (words, tense, expected) in cases {
        assert_eq!(move_text(lang, &words, tense), expected);
    }
    // Capitals do nothing to Chinese; English still gets its capital.
    assert_eq!(nim_tui::words::capitalised("从第 1 堆取走 2 枚"), "从第 1 堆取走 2 枚");
    assert_eq!(nim_tui::words::count_of(lang, GameKind::Kayles, 3), "3 个球瓶");
    assert_eq!(nim_tui::words::menu_title(lang, GameKind::Moore(3)), "摩尔尼姆游戏 Nim_3");
    let lang = Language::English;
    assert_eq!(nim_tui::words::capitalised("take 2"), "Take 2");
    assert_eq!(
        nim_tui::words::menu_title(lang, GameKind::Subtraction(SubtractionSet::up_to(3).unwrap())),
        "Subtraction {1,2,3}"
    );
    assert_eq!(
        nim_tui::words::title(lang, GameKind::Subtraction(SubtractionSet::up_to(3).unwrap())),
        "the subtraction game {1, 2, 3}"
    );
}

/// More of the screens with a board: misère's frame, the coach, a puzzle and its verdict, a
/// replay, a demo, two people at one keyboard.
fn more_screens() -> Vec<(&'static str, App)> {
    let lang = Language::SimplifiedChinese;
    let mut misere = App::start_now(setup(GameKind::Nim, Mode::Misere, &[1, 1, 3]), Some(1));
    act(&mut misere, Action::Binary);
    act(&mut misere, Action::Hint);
    let mut coach = playing(GameKind::Nim, &[3, 4, 5]);
    act(&mut coach, Action::Coach);
    act(&mut coach, Action::TakeOne);
    act(&mut coach, Action::Take);
    let start = || nim_tui::app::PuzzleStart { seed: Some(42), ..Default::default() };
    let asked = App::puzzles(setup(GameKind::Nim, Mode::Normal, &[3]), start());
    let mut puzzle = App::puzzles(setup(GameKind::Nim, Mode::Normal, &[3]), start());
    act(&mut puzzle, Action::TakeOne);
    // A wrong answer, then the same again: the second try shows the answer.
    act(&mut puzzle, Action::Take);
    act(&mut puzzle, Action::Take);
    let record = nim_tui::record::Record::parse(
        lang,
        "# nim-tui game record\nmode normal\nheaps 1 2\nplayers ai\nyou 2 2\nai 1 1\n",
    )
    .expect("a good record");
    let mut replay = App::replay(&record);
    act(&mut replay, Action::More);
    let demo = App::demo(setup(GameKind::Kayles, Mode::Normal, &[4, 6]), Some(4));
    let mut two = setup(GameKind::Lasker, Mode::Normal, &[5, 3]);
    two.opponent = nim_tui::domain::Opponent::Human;
    two.names = nim_tui::domain::Names(["小明".into(), "小红".into()]);
    let two = App::start_now(two, Some(1));
    vec![
        ("misere", misere),
        ("coach", coach),
        ("puzzle", asked),
        ("puzzle_answered", puzzle),
        ("replay", replay),
        ("demo", demo),
        ("hotseat", two),
    ]
}

#[test]
fn more_screens_with_a_board_in_chinese() {
    for (name, app) in more_screens() {
        for (width, height) in SIZES {
            let text = screen(&app, width, height);
            check(Language::SimplifiedChinese, name, &app, &text, width);
            insta::assert_snapshot!(format!("zh_{name}_{width}x{height}"), text);
        }
    }
}

/// A Chinese locale chooses the CJK glyphs too (`glyphs = "auto"`): the Chinese sentences are
/// drawn with them whole, and every line is as wide in a terminal that draws East-Asian
/// "ambiguous" characters two columns wide as in one that draws them one, but for the nim-sum's
/// `⊕`, the one ambiguous character kept: the sign the lessons teach (see `ui/ascii.rs`).
#[test]
fn with_the_cjk_glyphs_the_chinese_screen_has_one_width_everywhere() {
    let lang = Language::SimplifiedChinese;
    let look = Look { language: lang, ..Look::default() }.with_glyphs(nim_tui::theme::Glyphs::cjk());
    for (name, kind, heaps) in games() {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Binary);
        act(&mut app, Action::Hint);
        let text = screen_with(&app, &look, 80, 24);
        for line in text.lines() {
            let others = line.replace('⊕', " ");
            assert_eq!(
                others.width_cjk(),
                others.width(),
                "{name}: a line of ambiguous width: {line}\n{text}"
            );
        }
        assert!(
            text.contains(&nim_tui::words::short_title(lang, kind)) || kind == GameKind::Nim,
            "{name}:\n{text}"
        );
        if kind == GameKind::Nim {
            insta::assert_snapshot!("zh_board_nim_cjk_glyphs_80x24", text);
        }
    }
}

#[test]
fn the_words_title_of_each_game_is_the_engines_in_english() {
    // Screens name a game by `words::title` (the rules page, the start screen's resume line and
    // its refusals), which in English must read as the engine's own title did.
    let mut kinds: Vec<GameKind> = GameKind::ALL.to_vec();
    kinds.extend((1..=nim_tui::engine::MOORE_MAX_K).map(GameKind::Moore));
    kinds.extend(GameKind::menu().into_iter().map(|entry| entry.kind));
    for kind in kinds {
        let title = nim_tui::words::title(Language::English, kind);
        assert_eq!(title, kind.title(), "{kind:?}");
    }
}
