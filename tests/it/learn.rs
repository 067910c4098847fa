//! The lesson as a learner meets it: every step reached, every exercise checked by the engine
//! (a wrong answer is explained and waits, a right one counts), progress kept, the rules page one
//! key away from the help.

use crate::support::keys::{act, type_text};
use crate::support::view;
use nim_tui::app::{Action, App, Effect, Exercise, Overlay, STEPS, Screen};
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
    }
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
            // A wrong answer is explained, and the lesson waits.
            type_text(&mut app, "9 9");
            assert_eq!(act(&mut app, Action::Take), Effect::None);
            assert_eq!(lesson_step(&app), i, "a wrong answer does not move on");
            assert!(
                screen(&app).contains("Not quite")
                    || screen(&app).contains("That move loses")
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
