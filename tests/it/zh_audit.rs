//! What a Chinese teacher found playing the whole game (#25), checked where a test can see it:
//! Bachet's game named whole on the status line (its set as a range, in both languages), the
//! Kayles coach's list of moves set apart by semicolons, a panel's line cut by its bottom ending
//! in an ellipsis.

use crate::support::keys::act;
use crate::support::view;

use nim_tui::app::{Action, App};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level};
use nim_tui::engine::{GameKind, Mode, SubtractionSet};
use nim_tui::i18n::Language;
use nim_tui::ui::Look;

fn playing(kind: GameKind, heaps: &[u64]) -> App {
    let setup = GameSetup {
        game: kind,
        mode: Mode::Normal,
        heaps: HeapChoice::Custom(heaps.to_vec()),
        first: First::You,
        level: Level::Perfect,
        ..nim_tui::config::Settings::default().setup()
    };
    App::start_now(setup, Some(1))
}

/// The screen as text, a wide character once.
fn screen(language: Language, app: &App, width: u16, height: u16) -> String {
    view::wide_text(&view::draw_with(app, &look(language), width, height))
}

/// The look of a reader of `language`.
fn look(language: Language) -> Look {
    Look { language, ..Look::default() }
}

fn bachet() -> GameKind {
    GameKind::Subtraction(SubtractionSet::up_to(10).unwrap())
}

#[test]
fn bachets_game_is_named_whole_on_the_status_line_with_the_coach_and_a_hint() {
    for (language, name, rule) in [
        (Language::SimplifiedChinese, "减法 1～10", "每步从一堆中取走 1～10 枚棋子"),
        (Language::English, "Subtraction 1–10", "a move takes from 1 to 10 tokens from one heap"),
    ] {
        let mut app = playing(bachet(), &[100]);
        act(&mut app, Action::Coach);
        act(&mut app, Action::Hint);
        let text = screen(language, &app, 80, 24);
        let lines: Vec<&str> = text.lines().collect();
        let last = lines.last().copied().unwrap_or_default();
        // English's longer words wrap "coach on │ assisted: hints" onto a second row at 80
        // columns; the name is whole, and nothing is cut.
        let status = lines[lines.len().saturating_sub(2)..].join("\n");
        assert!(status.contains(name), "{language:?}: {status}");
        assert!(!status.contains('…'), "{language:?}: {status}");
        if language == Language::SimplifiedChinese {
            assert!(last.ends_with("借助提示"), "{last}");
        } else {
            assert!(last.contains("assisted: hints"), "{text}");
        }
        assert_eq!(nim_tui::words::rule(language, bachet()), rule);
    }
    // A short set stays as it is.
    let lang = Language::SimplifiedChinese;
    let three = GameKind::Subtraction(SubtractionSet::up_to(3).unwrap());
    assert_eq!(nim_tui::words::short_title(lang, three), "减法 1,2,3");
    assert_eq!(nim_tui::words::rule(lang, three), "每步从一堆中取走 1～3 枚棋子");
}

#[test]
fn moves_that_hold_a_clause_are_listed_with_semicolons() {
    let lang = Language::SimplifiedChinese;
    let moves = [
        "击倒第 3 排的第 2 个球瓶，这排断成 1 个和 3 个两排".to_string(),
        "击倒第 3 排的第 4 个球瓶，这排断成 3 个和 1 个两排".to_string(),
    ];
    let said = nim_tui::words::coach_missed(lang, None, &moves);
    assert!(said.contains("两排；击倒"), "{said}");
    let plain = ["从第 1 堆取走 1 枚".to_string(), "从第 2 堆取走 3 枚".to_string()];
    assert!(nim_tui::words::coach_missed(lang, None, &plain).contains("1 枚、从"));
}

/// The hint's reason, which the hint line under the board gives whole, is left out of a panel too
/// short for it rather than cut to a dangling fragment (a teacher's review, #34): in each game's
/// panel at 80x24 it is whole or absent.
#[test]
fn a_panel_too_short_for_the_hints_reason_leaves_it_to_the_hint_line() {
    let mut left_out = 0;
    for (kind, heaps) in [
        (GameKind::Kayles, vec![4, 9]),
        (GameKind::Dawson, vec![5, 8]),
        (GameKind::Lasker, vec![3, 4, 5, 6]),
        (GameKind::Kayles, vec![3, 5, 7, 9, 11]),
    ] {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Binary);
        act(&mut app, Action::Hint);
        let text = screen(Language::SimplifiedChinese, &app, 80, 24);
        let rows: Vec<&str> = text.lines().collect();
        let bottom = rows.iter().rposition(|row| row.trim_end().ends_with('┘') && row.contains('└')).unwrap();
        let panel: String =
            rows[..bottom].iter().map(|row| row.rsplit('│').nth(1).unwrap_or("").trim()).collect();
        match panel.contains("要使异或为") {
            // The reason's last clause, whole: the value the heap or row is left with.
            true => assert!(panel.contains("的值就变为") || panel.contains("部分的值为"), "{text}"),
            false => left_out += 1,
        }
        let hint: String = rows[bottom..].iter().map(|row| row.trim()).collect();
        assert!(
            hint.contains("提示：") && (hint.contains("的值就变为") || hint.contains("部分的值为")),
            "{text}"
        );
    }
    assert!(left_out > 0, "no panel was too short: the test no longer sees what it checks");
}

#[test]
fn the_move_list_beside_the_board_shows_each_move_whole_at_80x24() {
    let mut app = playing(GameKind::Nim, &[3, 4, 5]);
    act(&mut app, Action::Take);
    app.update(nim_tui::app::Msg::AiMove);
    act(&mut app, Action::History);
    let text = screen(Language::SimplifiedChinese, &app, 80, 24);
    let line = text.lines().find(|line| line.contains("2. 电脑：")).unwrap_or_else(|| panic!("{text}"));
    assert!(!line.contains('…') && !line.contains('⋯'), "{text}");
    assert!(line.contains("电脑：第") && line.contains("→ "), "{line}");
}

/// What the program says on stderr to a person reading Chinese: the warning's word, a game's
/// name in a `solve` error, a replay that cannot be read; the program's name stays, and English
/// stays as it was.
#[test]
fn stderr_speaks_chinese_to_a_chinese_reader() {
    let home = tempfile::tempdir().unwrap();
    let stderr = |lang: &str, args: &[&str]| {
        let out = crate::support::command(home.path()).env("LANG", lang).args(args).output().unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let zh = "zh_CN.UTF-8";
    let said = stderr(zh, &["solve", "--game", "wythoff", "3", "4", "5"]);
    assert_eq!(said.trim_end(), "nim-tui: 威佐夫博弈只能有 2 堆，这里给了 3 堆");
    let said = stderr("C.UTF-8", &["solve", "--game", "wythoff", "3", "4", "5"]);
    assert_eq!(said.trim_end(), "nim-tui: Wythoff's game is played on exactly 2 heaps, not 3");
    let said = stderr(zh, &["solve", "--game", "subtraction:1,5", "3/4"]);
    assert!(said.contains("减法游戏 {1,5}"), "{said}");
    let missing = home.path().join("missing.txt");
    let said = stderr(zh, &["replay", missing.to_str().unwrap()]);
    assert!(said.starts_with("nim-tui: 无法读取 "), "{said}");
    let junk = home.path().join("junk.txt");
    std::fs::write(&junk, "hello\n").unwrap();
    let said = stderr(zh, &["replay", junk.to_str().unwrap()]);
    assert!(said.contains("：第 1 行：不是棋谱：第一行必须是“# nim-tui game record”"), "{said}");
    let said = stderr("C.UTF-8", &["replay", junk.to_str().unwrap()]);
    assert!(
        said.contains(": line 1: not a game record: the first line must be '# nim-tui game record'"),
        "{said}"
    );
    // A statistics file that cannot be read is set aside with a warning.
    let data = home.path().join("data/nim-tui");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("stats.json"), "garbage{").unwrap();
    let said = stderr(zh, &["stats"]);
    assert!(said.starts_with("nim-tui: 警告："), "{said}");
    std::fs::write(data.join("stats.json"), "garbage{").unwrap();
    let said = stderr("C.UTF-8", &["stats"]);
    assert!(said.starts_with("nim-tui: warning: "), "{said}");
}

/// With the CJK glyphs the panel's XOR sign and the hint's are one sign, the `⊕` the lesson
/// teaches: never the `⊻` a CJK font draws as a small v, nor a `^` beside it.
#[test]
fn with_the_cjk_glyphs_the_panel_and_the_hint_write_xor_alike() {
    let look = look(Language::SimplifiedChinese).with_glyphs(nim_tui::theme::Glyphs::cjk());
    for (kind, heaps) in [(GameKind::Nim, vec![3, 4, 5]), (GameKind::Lasker, vec![3, 4, 5])] {
        let mut app = playing(kind, &heaps);
        act(&mut app, Action::Binary);
        act(&mut app, Action::Hint);
        let buf = view::draw_with(&app, &look, 100, 30);
        let text = view::lines(&buf).join("\n");
        assert!(text.contains('⊕') && !text.contains('^') && !text.contains('⊻'), "{text}");
    }
}

/// The title over the start menu, drawn with the CJK glyphs (a Chinese locale) or the ASCII ones,
/// is in letters every terminal draws one column wide, not the block letters' `###+` nor a `?`;
/// under the CJK glyphs the game's Chinese name stands under it.
#[test]
fn the_title_is_drawn_in_plain_letters_with_the_cjk_and_ascii_glyphs() {
    let app = App::new(nim_tui::config::Settings::default().setup(), Some(1));
    for (glyphs, name) in [(nim_tui::theme::Glyphs::cjk(), true), (nim_tui::theme::Glyphs::ascii(), false)] {
        let look = Look { title: nim_tui::theme::TITLE.to_string(), ..look(Language::SimplifiedChinese) }
            .with_glyphs(glyphs);
        let text = view::lines(&view::draw_with(&app, &look, 100, 30)).join("\n");
        // The lines above the menu's frame.
        let title: String = text.lines().take_while(|l| !l.contains('+')).collect::<Vec<_>>().join("\n");
        assert!(title.contains("|_| \\_| |___| |_|  |_|"), "{text}");
        assert!(!title.contains('#') && !title.contains('?'), "{text}");
        assert_eq!(title.contains('尼') && title.contains('戏'), name, "{text}");
    }
}

#[test]
fn the_help_of_a_game_of_pins_speaks_of_pins_and_rows_in_both_languages() {
    for (language, pin_words, token_words) in [
        (Language::English, ["click a pin", "the rows after it"], ["click a token", "the heaps after it"]),
        (Language::SimplifiedChinese, ["点一个球瓶", "走后的各排"], ["点一枚棋子", "走后的各堆"]),
    ] {
        let mut kayles = playing(GameKind::Kayles, &[5, 3]);
        act(&mut kayles, Action::Help);
        let text = screen(language, &kayles, 100, 40);
        for words in pin_words {
            assert!(text.contains(words), "{words:?} not in Kayles' help:\n{text}");
        }
        for words in token_words {
            assert!(!text.contains(words), "{words:?} in Kayles' help:\n{text}");
        }
        let mut nim = playing(GameKind::Nim, &[3, 4, 5]);
        act(&mut nim, Action::Help);
        let text = screen(language, &nim, 100, 40);
        for words in token_words {
            assert!(text.contains(words), "{words:?} not in Nim's help:\n{text}");
        }
    }
}

/// A lesson under a Chinese locale (the CJK glyphs) draws the mathematics as it teaches it: the
/// nim-sum's `⊕` (not `⊻`, which a CJK font draws as a small v, nor `^`), and the arrow keys in
/// words (上、下方向键), never as `^/v`.
#[test]
fn a_lesson_with_the_cjk_glyphs_writes_the_sign_it_teaches_and_the_keys_in_words() {
    use nim_tui::app::Course;
    let look = look(Language::SimplifiedChinese).with_glyphs(nim_tui::theme::Glyphs::cjk());
    let lesson = |step: usize| {
        let progress = nim_tui::domain::LessonProgress { step, ..Default::default() };
        App::learn_course(nim_tui::config::Settings::default().setup(), progress, Course::Nim)
    };
    // Step 3 defines the nim-sum (这样的和叫作尼姆和，记作 ⊕) and works 3 ⊕ 5.
    let text = view::wide_text(&view::draw_with(&lesson(2), &look, 100, 30));
    assert!(text.contains("记作") && text.contains("3 ⊕ 5") && text.contains("3 ⊕ 4 ⊕ 5"), "{text}");
    assert!(!text.contains('⊻') && !text.contains('^'), "{text}");
    // Step 6 steps through a game with the arrow keys, said in words.
    let text = view::wide_text(&view::draw_with(&lesson(5), &look, 100, 30));
    assert!(text.contains("上、下方向键"), "{text}");
    assert!(!text.contains("^/v") && !text.contains("< 和 >"), "{text}");
}

/// With the CJK glyphs the arrow keys are named on the key lines, in the screen's language:
/// 左/右 in Chinese, as Chinese software names them, and Left/Right in English as before.
#[test]
fn the_key_lines_name_the_arrow_keys_in_the_screens_language() {
    let cjk = |language| look(language).with_glyphs(nim_tui::theme::Glyphs::cjk());
    let look = cjk(Language::SimplifiedChinese);
    let app = playing(GameKind::Nim, &[3, 4, 5]);
    let text = view::wide_text(&view::draw_with(&app, &look, 100, 30));
    assert!(text.contains("左/右 数目"), "{text}");
    for english in ["Up", "Down", "Left", "Right"] {
        assert!(!text.contains(english), "{english} in:\n{text}");
    }
    let app = playing(GameKind::Nim, &[3, 4, 5]);
    let text = view::wide_text(&view::draw_with(&app, &cjk(Language::English), 100, 30));
    assert!(text.contains("Left/Right") && !text.contains("左/右"), "{text}");
}

/// The misère endgame line of Moore's panel says how many heaps of two or more may be left: the
/// game's k, not a letter K the screen never defines.
#[test]
fn moores_misere_endgame_line_says_its_k() {
    let setup = GameSetup {
        game: GameKind::Moore(2),
        mode: Mode::Misere,
        heaps: HeapChoice::Custom(vec![1, 1, 1, 5]),
        first: First::You,
        level: Level::Perfect,
        ..nim_tui::config::Settings::default().setup()
    };
    let mut app = App::start_now(setup, Some(1));
    act(&mut app, Action::Binary);
    let text = screen(Language::SimplifiedChinese, &app, 100, 30);
    assert!(text.contains("反常残局：至少有 2 枚的堆最多只剩 2"), "{text}");
    assert!(!text.contains("剩 K"), "{text}");
}
