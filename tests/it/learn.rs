//! The lesson as a learner meets it: every step reached, every exercise checked by the engine
//! (a wrong answer is explained and waits, a right one counts), progress kept, the rules page one
//! key away from the help.

use crate::support::keys::{act, type_text};
use crate::support::view;
use nim_tui::app::{
    Action, App, Course, Effect, Exercise, GRUNDY_STEPS, GRUNDY_TAKES, Overlay, STEPS, Screen,
};
use nim_tui::config::Settings;
use nim_tui::domain::LessonProgress;
use nim_tui::engine::analyse;
use nim_tui::store::Store;

/// The lesson as it is drawn at 90x30.
fn screen(app: &App) -> String {
    view::screen(app, 90, 30)
}

/// A right answer, worked out the way the lesson teaches.
fn right_answer(exercise: Exercise) -> String {
    match exercise {
        Exercise::Binary(n) => format!("{n:b}"),
        Exercise::NimSum(heaps) => heaps.iter().fold(0, |x, &h| x ^ h).to_string(),
        Exercise::WinningMove(heaps, mode) => {
            let mv = analyse(heaps, mode).first_move(heaps).expect("a winning move");
            format!("{} {}", mv.number(), mv.take)
        }
        Exercise::Winner(heaps, mode) => {
            if analyse(heaps, mode).is_win() { "win" } else { "lose" }.to_string()
        }
        Exercise::GrundyValue(n) => mex_value(n).to_string(),
        Exercise::GrundyWinner(heaps) => if xor_of_values(heaps) != 0 { "win" } else { "lose" }.to_string(),
        Exercise::GrundyMove(heaps) => {
            // The first move, by brute force, after which the values' XOR is 0.
            for (i, &heap) in heaps.iter().enumerate() {
                for take in GRUNDY_TAKES.into_iter().filter(|&t| t <= heap) {
                    let mut after = heaps.to_vec();
                    after[i] -= take;
                    if xor_of_values(&after) == 0 {
                        return format!("{} {take}", i + 1);
                    }
                }
            }
            panic!("no winning move from {heaps:?}")
        }
    }
}

/// The Grundy value of a heap of `n` in the lesson's game, by the mex rule written out here
/// (not the engine's table).
fn mex_value(n: u64) -> u64 {
    let mut values: Vec<u64> = Vec::new();
    for size in 0..=n {
        let reached: Vec<u64> =
            GRUNDY_TAKES.iter().filter(|&&t| t <= size).map(|&t| values[(size - t) as usize]).collect();
        values.push((0..).find(|v| !reached.contains(v)).expect("a missing value"));
    }
    values[n as usize]
}

fn xor_of_values(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ mex_value(h))
}

fn lesson_step(app: &App) -> usize {
    match &app.screen {
        Screen::Learn(lesson) => lesson.step,
        _ => panic!("not the lesson"),
    }
}

#[test]
fn the_whole_lesson_from_start_to_end() {
    // Every step has its exercise, checked by the engine.
    assert!(STEPS.iter().all(|step| step.exercise.is_some()));
    let mut app = App::learn(Settings::default().setup(), LessonProgress::default());
    let mut saved = Vec::new();
    for (i, step) in STEPS.iter().enumerate() {
        assert_eq!(lesson_step(&app), i);
        assert!(screen(&app).contains(step.title), "step {i}: {}", screen(&app));
        if let Some(exercise) = step.exercise {
            // A first wrong answer is a try: the answer is not shown, and the lesson waits.
            type_text(&mut app, "9 9");
            assert_eq!(act(&mut app, Action::Take), Effect::None);
            assert_eq!(lesson_step(&app), i, "a wrong answer does not move on");
            assert!(screen(&app).contains("Have another try"), "step {i}: {}", screen(&app));
            // A second wrong answer is explained, and the lesson still waits.
            assert_eq!(act(&mut app, Action::Take), Effect::None);
            assert!(!screen(&app).contains("Have another try"), "step {i}: {}", screen(&app));
            assert!(
                screen(&app).contains("Not quite")
                    || screen(&app).contains("That move loses")
                    || screen(&app).contains("That move is not allowed")
                    || screen(&app).contains("Type two numbers")
                    || screen(&app).contains("Type win or lose")
            );
            for _ in 0..3 {
                act(&mut app, Action::Erase);
            }
            type_text(&mut app, &right_answer(exercise));
            match act(&mut app, Action::Take) {
                Effect::SaveLesson(progress) => saved.push(progress),
                other => panic!("step {i}: a right answer is kept, not {other:?}"),
            }
            assert!(screen(&app).contains("Right"), "{}", screen(&app));
        }
        act(&mut app, Action::Take);
    }
    assert_eq!(lesson_step(&app), STEPS.len() - 1);
    let exercises = STEPS.iter().filter(|s| s.exercise.is_some()).count();
    assert_eq!(saved.last().map(|p| p.done.iter().filter(|d| **d).count()), Some(exercises));
    assert!(screen(&app).contains(&format!("exercises done: {exercises} of {exercises}")));
}

#[test]
fn the_misere_step_replays_the_example_game_move_by_move() {
    let misere = STEPS.iter().position(|s| s.title.starts_with("Misère")).expect("a misère step");
    let mut app =
        App::learn(Settings::default().setup(), LessonProgress { step: misere, ..LessonProgress::default() });
    assert!(screen(&app).contains("heaps 3 4 5"));
    for _ in 0..7 {
        act(&mut app, Action::Down);
    }
    let text = screen(&app);
    assert!(text.contains("heaps 0 0 1") && text.contains("must take the last token"), "{text}");
}

#[test]
fn progress_is_kept_between_runs() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let store = Store::at(dir.path().to_path_buf());
    assert_eq!(store.load_lesson().0, LessonProgress::default());
    let progress =
        LessonProgress { step: 3, done: vec![false, true, true, false], ..LessonProgress::default() };
    store.save_lesson(&progress).expect("saved");
    assert_eq!(store.load_lesson(), (progress.clone(), None));
    let app = App::learn(Settings::default().setup(), progress);
    assert_eq!(lesson_step(&app), 3, "the lesson opens where it was left");
    std::fs::write(dir.path().join("lesson.json"), "garbage").unwrap();
    let (fresh, warning) = store.load_lesson();
    assert_eq!(fresh, LessonProgress::default());
    assert!(warning.is_some());
}

#[test]
fn the_lesson_is_on_the_start_menu_and_q_goes_back_there() {
    let mut app = App::new(Settings::default().setup(), Some(1));
    assert!(screen(&app).contains("Learn"));
    // From Start: Puzzles, then Learn.
    act(&mut app, Action::Down);
    act(&mut app, Action::Down);
    act(&mut app, Action::Take);
    assert!(matches!(app.screen, Screen::Learn(_)), "Learn opens the lesson");
    assert_eq!(act(&mut app, Action::Quit), Effect::None);
    assert!(matches!(app.screen, Screen::Start(_)));
}

#[test]
fn the_rules_page_is_reached_from_the_help() {
    let mut app = App::start_now(Settings::default().setup(), Some(1));
    act(&mut app, Action::Help);
    assert!(screen(&app).contains("rules"), "the help says how to reach the rules");
    act(&mut app, Action::More);
    assert_eq!(app.overlay, Some(Overlay::Rules));
    let text = screen(&app);
    assert!(text.contains("Normal play: whoever takes the last token wins"), "{text}");
    assert!(text.contains("Misère: whoever takes the last token loses"), "{text}");
    act(&mut app, Action::Less);
    assert!(app.help_open());
}

/// The Sprague-Grundy lesson from its first step to its last: each step with its picture, each
/// exercise checked by the engine, and the last position played at once.
#[test]
fn the_sprague_grundy_lesson_from_start_to_end() {
    assert!(GRUNDY_STEPS.len() >= 4 && GRUNDY_STEPS.iter().all(|step| step.exercise.is_some()));
    let mut app =
        App::learn_course(Settings::default().setup(), LessonProgress::default(), Course::SpragueGrundy);
    for (i, step) in GRUNDY_STEPS.iter().enumerate() {
        assert_eq!(lesson_step(&app), i);
        let text = screen(&app);
        assert!(text.contains(step.title) && text.contains("Sprague-Grundy"), "step {i}: {text}");
        let exercise = step.exercise.expect("an exercise");
        if let Exercise::GrundyValue(n) = exercise {
            // The table of values by the mex rule, the one asked for hidden.
            assert!(text.contains("value") && text.contains('?'), "{text}");
            for shown in [0, 1, 2, 3, 4, 5, 6] {
                assert!(text.contains(&format!("{:>3}", mex_value(shown))), "{text}");
            }
            let _ = n;
        }
        type_text(&mut app, "9 9");
        act(&mut app, Action::Take);
        assert_eq!(lesson_step(&app), i, "a wrong answer does not move on");
        for _ in 0..3 {
            act(&mut app, Action::Erase);
        }
        type_text(&mut app, &right_answer(exercise));
        let effect = act(&mut app, Action::Take);
        assert!(matches!(effect, Effect::SaveLesson(_)), "step {i}: {}", screen(&app));
        assert!(screen(&app).contains("Right"), "{}", screen(&app));
        if let Effect::SaveLesson(progress) = effect {
            assert!(progress.grundy_done[i] && progress.done.iter().all(|d| !d), "kept apart from Nim's");
        }
        if i + 1 < GRUNDY_STEPS.len() {
            act(&mut app, Action::Take);
        }
    }
    // The last step: play this position now.
    let text = screen(&app);
    assert!(text.contains("Play this position now"), "{text}");
    act(&mut app, Action::NewGame);
    let game = app.game().expect("a game of the lesson's position");
    assert_eq!(game.rules.kind, nim_tui::app::grundy_game());
    assert_eq!(game.position().heaps(), [4, 7, 12]);
}

/// The Nim lesson's steps each show a picture; the binary steps stack the heaps in binary with
/// each column's count of ones and the nim-sum row, the sum hidden until the exercise is answered.
#[test]
fn the_nim_lesson_shows_its_boards_and_the_stacked_binary() {
    let mut app = App::learn(Settings::default().setup(), LessonProgress::default());
    for (i, _) in STEPS.iter().enumerate() {
        let text = screen(&app);
        assert!(text.contains("heap 1"), "step {i} has a picture: {text}");
        act(&mut app, Action::More);
    }
    let nim_sum =
        STEPS.iter().position(|s| matches!(s.exercise, Some(Exercise::NimSum(&[3, 4, 5])))).unwrap();
    let mut app = App::learn(
        Settings::default().setup(),
        LessonProgress { step: nim_sum, ..LessonProgress::default() },
    );
    let text = screen(&app);
    let rows: Vec<&str> = text.lines().collect();
    let row = |label: &str| {
        rows.iter()
            .map(|l| l.trim().trim_start_matches('│').trim())
            .find(|l| l.starts_with(label))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    // 3, 4 and 5 one under the other, the columns' counts, and the sum not given away.
    assert!(row("heap 1").contains("3 0 1 1"), "{text}");
    assert!(row("heap 2").contains("4 1 0 0"), "{text}");
    assert!(row("heap 3").contains("5 1 0 1"), "{text}");
    assert!(row("ones").contains("ones 2 1 2"), "{text}");
    assert!(row("nim-sum").contains("? ? ?"), "{text}");
    type_text(&mut app, "2");
    act(&mut app, Action::Take);
    let text = screen(&app);
    let rows: Vec<&str> = text.lines().collect();
    let sum = rows.iter().find(|l| l.contains("nim-sum") && l.contains('=')).expect("the nim-sum row");
    assert!(sum.split_whitespace().collect::<Vec<_>>().join(" ").contains("nim-sum 0 1 0 = 2"), "{text}");
    // The last step: play its position now.
    let mut app = App::learn(
        Settings::default().setup(),
        LessonProgress { step: STEPS.len() - 1, ..LessonProgress::default() },
    );
    assert!(screen(&app).contains("Play this position now"), "{}", screen(&app));
    act(&mut app, Action::NewGame);
    assert_eq!(app.game().expect("a game").position().heaps(), [1, 3, 5, 6]);
}

/// The lesson key opens the lesson on the game's theory from a game, and leaving it goes back to
/// the game as it was; the start screen's Learn row chooses the lesson.
#[test]
fn the_lessons_are_reached_from_a_game_and_the_start_screen() {
    use nim_tui::domain::{GameSetup, HeapChoice};
    let setup = Settings::default().setup();
    for (game, course) in [
        ("nim", Course::Nim),
        ("kayles", Course::SpragueGrundy),
        ("subtraction:1,2,3", Course::SpragueGrundy),
    ] {
        let mut app = App::start_now(
            GameSetup {
                game: game.parse().unwrap(),
                heaps: HeapChoice::Custom(vec![3, 4, 5]),
                ..setup.clone()
            },
            Some(1),
        );
        act(&mut app, Action::Help);
        assert!(screen(&app).contains("lesson: "), "the help lists it: {}", screen(&app));
        act(&mut app, Action::Help);
        act(&mut app, Action::TakeOne);
        act(&mut app, Action::Take);
        // During the AI's pause the key waits; on the player's turn it opens the lesson.
        act(&mut app, Action::Lesson);
        assert!(app.game().is_some(), "{game}: the AI's pause is not left");
        app.update(nim_tui::app::Msg::AiMove);
        let before = app.game().unwrap().moves().to_vec();
        act(&mut app, Action::Lesson);
        assert!(matches!(&app.screen, Screen::Learn(lesson) if lesson.course == course), "{game}");
        assert!(
            screen(&app).contains("back to the game") || screen(&app).contains("game"),
            "{}",
            screen(&app)
        );
        act(&mut app, Action::Quit);
        assert_eq!(app.game().expect("back to the game").moves(), before.as_slice());
    }
    // The start screen: Learn, then right for Sprague-Grundy.
    let mut app = App::new(setup, None);
    act(&mut app, Action::Down);
    act(&mut app, Action::Down);
    let text = screen(&app);
    assert!(text.contains("Nim") && text.contains("how to win"), "{text}");
    act(&mut app, Action::More);
    assert!(screen(&app).contains("Sprague-Grundy"), "{}", screen(&app));
    act(&mut app, Action::Take);
    assert!(matches!(&app.screen, Screen::Learn(lesson) if lesson.course == Course::SpragueGrundy));
    // Within a lesson, the other one is a key away.
    act(&mut app, Action::Lesson);
    assert!(matches!(&app.screen, Screen::Learn(lesson) if lesson.course == Course::Nim));
}

/// `nim-tui learn grundy` names the second lesson on the command line; an unknown lesson is bad
/// usage (exit status 2) with the lessons there are; `--help` tells of both.
#[test]
fn the_command_line_chooses_the_lesson() {
    use nim_tui::cli::{Cli, Command, LessonName};
    let parse = |args: &[&str]| match clap::Parser::try_parse_from(args).map(|cli: Cli| cli.command) {
        Ok(Some(Command::Learn(args))) => Some(args.lesson),
        _ => None,
    };
    assert_eq!(parse(&["nim-tui", "learn"]), Some(LessonName::Nim));
    assert_eq!(parse(&["nim-tui", "learn", "grundy"]), Some(LessonName::Grundy));
    assert_eq!(parse(&["nim-tui", "learn", "sprague-grundy"]), Some(LessonName::Grundy));
    let home = tempfile::tempdir().expect("a temporary home");
    let out = crate::support::command(home.path()).args(["learn", "chess"]).output().expect("nim-tui runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("chess") && err.contains("grundy") && err.contains("nim"), "{err}");
    let out = crate::support::command(home.path()).args(["learn", "--help"]).output().expect("nim-tui runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("learn grundy"));
}
