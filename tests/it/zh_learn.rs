//! The lessons in Chinese: every step of both lessons drawn at 80x24 and 100x30 (insta
//! snapshots), no English phrase left on any of them, nothing of a step's words cut, and an
//! exercise answered in Chinese mode answered in Chinese.

use crate::support::keys::{act, type_text};
use crate::support::view;
use nim_tui::app::{Action, App, Course, Exercise, MISERE_GAME, Picture, Screen, Step};
use nim_tui::config::Settings;
use nim_tui::domain::LessonProgress;
use nim_tui::i18n::{self, Language};
use unicode_width::UnicodeWidthStr;

/// The sizes every step is drawn at.
const SIZES: [(u16, u16); 2] = [(80, 24), (100, 30)];

/// The screen as a person reads it: one line per row, a wide character once (the cell it covers
/// after it is not a space of its own), trailing blanks removed.
fn screen(app: &App, width: u16, height: u16) -> String {
    let look = nim_tui::ui::Look { language: Language::SimplifiedChinese, ..Default::default() };
    view::wide_text(&view::draw_with(app, &look, width, height))
}

/// The lesson `course` at step `step` (from 0), in Chinese.
fn lesson_at(course: Course, step: usize) -> App {
    let progress = LessonProgress { step, grundy_step: step, ..LessonProgress::default() };
    App::learn_course(Settings::default().setup(), progress, course)
}

fn name(course: Course) -> &'static str {
    match course {
        Course::Nim => "nim",
        Course::SpragueGrundy => "grundy",
    }
}

/// Two words of three ASCII letters or more with nothing but ASCII spaces and signs between
/// them: an English phrase. Names and keys stand alone (`Nim`, `XOR`, `Enter`), so they pass.
fn english_phrases(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        // Runs of ASCII, each cut at anything else (a Chinese character, a box-drawing line).
        for run in line.split(|c: char| !c.is_ascii()) {
            let words: Vec<&str> =
                run.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).collect();
            for pair in words.windows(2) {
                if pair.iter().all(|w| w.len() >= 3) {
                    found.push(format!("{} {} in {line:?}", pair[0], pair[1]));
                }
            }
        }
    }
    found
}

/// Every step of both lessons at 80x24 and 100x30, as snapshots read and accepted one by one.
#[test]
fn every_step_of_both_lessons_in_chinese() {
    for course in Course::ALL {
        for step in 0..course.steps().len() {
            let app = lesson_at(course, step);
            for (width, height) in SIZES {
                let text = screen(&app, width, height);
                insta::assert_snapshot!(
                    format!("zh_learn_{}_{}_{width}x{height}", name(course), step + 1),
                    text
                );
            }
        }
    }
}

/// An answer `exercise` takes as right, found by trying what a player could type.
fn a_right_answer(lang: Language, exercise: Exercise) -> String {
    let mut tries: Vec<String> = ["w", "l"].map(String::from).to_vec();
    tries.extend((0..=40u64).map(|n| n.to_string()));
    tries.extend((0..=40u64).map(|n| format!("{n:b}")));
    tries.extend((1..=4).flat_map(|heap| (1..=12).map(move |take| format!("{heap} {take}"))));
    tries.into_iter().find(|answer| exercise.check(lang, answer).0).expect("a right answer")
}

/// The words of every step, in every state a learner meets (not answered, answered wrong,
/// answered right; the misère example game at each of its moves), are on the screen whole at
/// 80x24 and 100x30; the title and the count of exercises too; and no English phrase is left.
#[test]
fn no_english_is_left_and_nothing_is_cut() {
    let lang = Language::SimplifiedChinese;
    for course in Course::ALL {
        for (index, step) in course.steps().iter().enumerate() {
            let exercise = step.exercise.expect("every step has its exercise");
            for answer in ["", "9 9", &a_right_answer(lang, exercise)] {
                let mut app = lesson_at(course, index);
                if !answer.is_empty() {
                    type_text(&mut app, answer);
                    act(&mut app, Action::Take);
                }
                let replay = if step.picture == Picture::MisereGame { MISERE_GAME.len() } else { 1 };
                for at_move in 0..replay {
                    if at_move > 0 {
                        act(&mut app, Action::Down);
                    }
                    for (width, height) in SIZES {
                        let at = format!(
                            "{} step {} answered {answer:?}, move {at_move}, at {width}x{height}",
                            name(course),
                            index + 1
                        );
                        check_whole(lang, &app, step, &at, width, height);
                    }
                }
            }
        }
    }
}

/// What [`no_english_is_left_and_nothing_is_cut`] checks on one screen.
fn check_whole(lang: Language, app: &App, step: &Step, at: &str, width: u16, height: u16) {
    let text = screen(app, width, height);
    let phrases = english_phrases(&text);
    assert!(phrases.is_empty(), "{at}: English left: {phrases:?}\n{text}");
    assert!(text.contains(&step.heading(lang)), "{at}: the title\n{text}");
    // Each paragraph, the example game's note, the question, what the answer got and the
    // invitation to play, whole.
    let Screen::Learn(lesson) = &app.screen else { panic!("{at}: not the lesson") };
    let mut wanted = step.paragraphs(lang);
    if step.picture == Picture::MisereGame {
        wanted.push(i18n::text(lang, MISERE_GAME[lesson.replay_at].1));
    }
    wanted.extend(step.exercise.map(|exercise| exercise.question(lang)));
    wanted.extend(lesson.feedback.as_ref().map(|feedback| feedback.text(lang)));
    if lesson.playable().is_some() {
        wanted.push(i18n::text_with(lang, "lesson-play-now", &[("key", i18n::Arg::from("n"))]));
    }
    for words in wanted {
        whole_on_screen(&words, &text, at);
    }
    assert!(reads(&text, "已完成练习"), "{at}: the count of exercises\n{text}");
    for line in text.lines() {
        assert!(line.width() <= usize::from(width), "{at}: too wide: {line:?}");
    }
}

/// The words of the screen as one string, spaces removed: each row's text up to its first gap of
/// two spaces (the gap before the picture beside the words; the words' own lines have single
/// spaces), borders removed, the rows joined (a wrapped row ends where a space was, if any).
fn reading(text: &str) -> String {
    text.lines()
        .map(|row| {
            let row = row.trim_start_matches(' ').trim_start_matches('│').trim_end_matches('│');
            let row = row.strip_prefix(' ').unwrap_or(row);
            match row.find("  ") {
                Some(end) => &row[..end],
                None => row,
            }
        })
        .flat_map(|row| row.chars().filter(|c| !c.is_whitespace()))
        .collect()
}

/// Every sentence of `words` is on the screen whole, from its first character to its last.
fn whole_on_screen(words: &str, text: &str, at: &str) {
    let column = reading(text);
    for sentence in words.split_inclusive(['。', '；', '？', '：']) {
        let sentence: String = sentence.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(column.contains(&sentence), "{at}: cut: {sentence:?}\n{text}");
    }
}

/// Whether the screen reads `words` (spaces aside, wrapped or not).
fn reads(text: &str, words: &str) -> bool {
    reading(text).contains(&words.chars().filter(|c| !c.is_whitespace()).collect::<String>())
}

/// An exercise answered in Chinese mode is answered in Chinese, right or wrong, and 赢 / 输 are
/// answers as w and l are.
#[test]
fn an_exercise_answered_in_chinese_gets_chinese_feedback() {
    // The nim-sum of 3 4 5: wrong, then right.
    let mut app = lesson_at(Course::Nim, 2);
    type_text(&mut app, "7");
    act(&mut app, Action::Take);
    // The first wrong answer is a try; the second is explained.
    assert!(reads(&screen(&app, 100, 30), "再想一想"), "{}", screen(&app, 100, 30));
    act(&mut app, Action::Take);
    let text = screen(&app, 80, 24);
    assert!(reads(&text, "不太对：把各堆写成二进制") && reads(&text, "尼姆和是 2。"), "{text}");
    for _ in 0..2 {
        act(&mut app, Action::Erase);
    }
    type_text(&mut app, "2");
    assert!(matches!(act(&mut app, Action::Take), nim_tui::app::Effect::SaveLesson(_)));
    let text = screen(&app, 80, 24);
    assert!(reads(&text, "对了：尼姆和是 2（二进制 10）。"), "{text}");
    // A winning move: the moves are named in Chinese.
    let mut app = lesson_at(Course::Nim, 4);
    type_text(&mut app, "1 1");
    act(&mut app, Action::Take);
    // The first wrong answer is a try; the second is explained.
    assert!(reads(&screen(&app, 100, 30), "再想一想"), "{}", screen(&app, 100, 30));
    act(&mut app, Action::Take);
    let text = screen(&app, 100, 30);
    assert!(reads(&text, "这一步会输。必胜着法是：从第 2 堆取走 1 枚。"), "{text}");
    // Win or lose, typed as a Chinese reader would: 输 (two heaps of one: the player to move loses).
    let mut app = lesson_at(Course::Nim, 0);
    app.update(nim_tui::app::Msg::char('赢'));
    act(&mut app, Action::Take);
    // The first wrong answer is a try; the second is explained.
    assert!(reads(&screen(&app, 100, 30), "再想一想"), "{}", screen(&app, 100, 30));
    act(&mut app, Action::Take);
    let text = screen(&app, 100, 30);
    assert!(reads(&text, "这次不对：这个局面，轮到走的一方必败。"), "{text}");
    act(&mut app, Action::Erase);
    app.update(nim_tui::app::Msg::char('输'));
    act(&mut app, Action::Take);
    let text = screen(&app, 100, 30);
    assert!(reads(&text, "对了：你会输；不论你怎么取，对方都有办法应对。"), "{text}");
    // A Grundy value, with its reasons.
    let mut app = lesson_at(Course::SpragueGrundy, 1);
    type_text(&mut app, "0");
    act(&mut app, Action::Take);
    let text = screen(&app, 100, 30);
    assert!(
        reads(
            &text,
            "对了：走一步能到达 6 枚（值为 2）、4 枚（值为 2）、3 枚（值为 1），这些值里没有的最小非负整数是 0。"
        ),
        "{text}"
    );
}

/// The English title of each step (what the tests name it by) is its English message.
#[test]
fn each_steps_title_is_its_english_message() {
    for course in Course::ALL {
        for step in course.steps() {
            let english = step.heading(Language::English);
            assert_eq!(english, step.title);
        }
    }
}

/// Nim's rules page (the help's second page), in Chinese; the other games' pages begin with the
/// game's name and rule, which `words` writes.
#[test]
fn nims_rules_page_is_chinese() {
    let lang = Language::SimplifiedChinese;
    let rules = nim_tui::app::rules_of(lang, nim_tui::engine::GameKind::Nim);
    assert_eq!(rules.len(), 4);
    for rule in &rules {
        assert!(english_phrases(rule).is_empty(), "{rule}");
    }
    assert_eq!(rules[1], "正常玩法：取走最后一枚棋子的一方获胜。");
    assert_eq!(rules[2], "反常玩法：取走最后一枚棋子的一方失败。");
    let kayles = nim_tui::app::rules_of(lang, nim_tui::engine::GameKind::Kayles);
    assert!(kayles[1..].iter().all(|rule| english_phrases(rule).is_empty()), "{kayles:?}");
}

/// Digits typed full-width, as a Chinese input method may give them, are the digits.
#[test]
fn full_width_digits_are_digits() {
    let mut app = lesson_at(Course::Nim, 1);
    type_text(&mut app, "１０１１");
    act(&mut app, Action::Take);
    let text = screen(&app, 80, 24);
    assert!(reads(&text, "对了：11 的二进制是 1011。"), "{text}");
}

/// Every step in Chinese draws at small and large sizes, no row wider than the screen.
#[test]
fn every_step_draws_at_any_size() {
    for course in Course::ALL {
        for step in 0..course.steps().len() {
            let app = lesson_at(course, step);
            for (width, height) in [(40, 16), (60, 20), (79, 23), (90, 30), (140, 45), (200, 60)] {
                let text = screen(&app, width, height);
                assert!(text.lines().all(|line| line.width() <= usize::from(width)), "{text}");
            }
        }
    }
}

/// In a "win or lose" question, `L` (the shipped key for the other lesson) switches the lesson,
/// in either language, rather than being typed as the `l` of "lose"; a small `l` is typed.
#[test]
fn capital_l_switches_the_lesson_in_a_win_or_lose_question() {
    for language in [Language::English, Language::SimplifiedChinese] {
        let mut app = lesson_at(Course::Nim, 0);
        let course = |app: &App| match &app.screen {
            Screen::Learn(lesson) => lesson.course,
            _ => panic!("not a lesson"),
        };
        app.update(nim_tui::app::Msg::Key { action: Some(Action::Lesson), ch: Some('L') });
        assert_eq!(course(&app), Course::SpragueGrundy, "{language:?}");
        let mut app = lesson_at(Course::Nim, 0);
        app.update(nim_tui::app::Msg::Key { action: Some(Action::History), ch: Some('l') });
        assert_eq!(course(&app), Course::Nim, "{language:?}");
        let Screen::Learn(lesson) = &app.screen else { panic!("not a lesson") };
        assert_eq!(lesson.input, "l", "{language:?}");
    }
}
