//! The teaching features as a player meets them: the binary view, the coach, the review and puzzles.

use crate::support::keys::act;
use crate::support::nim_tree::BruteForce;
use crate::support::sized;
use crate::support::view::screen;
use nim_tui::app::{Action, App, Coaching, Effect, Msg, PuzzleStart, Screen};
use nim_tui::domain::{GameSetup, HeapChoice, Seat};
use nim_tui::engine::{Mode, Move, Take};
use nim_tui::puzzle;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn game_app(mode: Mode, heaps: &[u64]) -> App {
    App::start_now(GameSetup { mode, heaps: HeapChoice::Custom(heaps.to_vec()), ..base() }, Some(1))
}

/// Selects `mv` the way a player does: heap with the arrows, count by typing it.
fn choose(app: &mut App, mv: Take) {
    let Some(game) = app.game() else { panic!("not playing") };
    let steps = (mv.heap + game.position().len() - game.selected) % game.position().len();
    for _ in 0..steps {
        act(app, Action::Down);
    }
    for digit in mv.take.to_string().chars() {
        app.update(Msg::char(digit));
    }
}

#[test]
fn binary_view_reads_011_100_101_and_nim_sum_010_for_3_4_5() {
    let mut app = game_app(Mode::Normal, &[3, 4, 5]);
    assert!(!screen(&app, 100, 30).contains("nim-sum"), "the binary view is off by default");
    act(&mut app, Action::Binary);
    let text = screen(&app, 100, 30);
    for row in ["heap 1  0 1 1", "heap 2  1 0 0", "heap 3  1 0 1", "nim-sum 0 1 0"] {
        assert!(text.contains(row), "missing {row:?} in\n{text}");
    }
    assert!(text.contains("4 2 1"), "powers of two head the columns");
    act(&mut app, Action::Hint);
    let text = screen(&app, 100, 30);
    assert!(text.contains("heap 1: 3 ⊕ 2 = 1, take 2"), "the hint's working is shown:\n{text}");
    insta::assert_snapshot!("binary_view_3_4_5_hint", text);
}

#[test]
fn binary_view_says_when_the_misere_endgame_rule_takes_over() {
    let mut app = game_app(Mode::Misere, &[1, 4, 1]);
    act(&mut app, Action::Binary);
    act(&mut app, Action::Hint);
    let text = screen(&app, 100, 30);
    assert!(text.contains("Misère endgame"), "{text}");
    assert!(text.contains("odd number"), "{text}");
    insta::assert_snapshot!("binary_view_misere_endgame", text);
}

#[test]
fn binary_view_of_twelve_heaps_fits_a_narrow_terminal_without_overlapping() {
    let heaps: Vec<u64> = (1..=12).map(|i| i * 83 + 1000).collect();
    let mut app = game_app(Mode::Normal, &heaps);
    act(&mut app, Action::Binary);
    let text = screen(&app, 60, 30);
    assert!(text.contains("nim-sum"), "the panel keeps at least the nim-sum row:\n{text}");
    assert!(text.contains("Your turn"), "the status line is still there:\n{text}");
    for heap in &heaps {
        assert!(
            text.contains(&heap.to_string().chars().collect::<String>())
                || text.contains(&format_grouped(*heap))
        );
    }
    insta::assert_snapshot!("binary_view_twelve_heaps_narrow", text);
}

fn format_grouped(n: u64) -> String {
    nim_tui::ui::number(n)
}

#[test]
fn binary_view_keeps_up_with_both_sides_moves() {
    let mut app = game_app(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Binary);
    act(&mut app, Action::Hint);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    let Some(game) = app.game() else { panic!("not playing") };
    let text = screen(&app, 100, 30);
    let nim_sum = game.position().heaps().iter().fold(0, |x, h| x ^ h);
    assert!(text.contains(&format!("= {nim_sum}")), "nim-sum {nim_sum} after the AI's move:\n{text}");
}

#[test]
fn coach_says_kept_missed_with_every_winning_move_or_already_lost() {
    // 1 2 3 4 5: nim-sum 1, so heaps 1, 3 and 5 can each be reduced to win.
    let mut app = game_app(Mode::Normal, &[1, 2, 3, 4, 5]);
    act(&mut app, Action::Coach);
    choose(&mut app, Take::new(1, 1));
    act(&mut app, Action::Take);
    let Some(game) = app.game() else { panic!("not playing") };
    let missed = vec![Take::new(0, 1), Take::new(2, 1), Take::new(4, 1)];
    assert_eq!(game.coach, Some(Coaching::Missed(missed.into_iter().map(Move::Take).collect())));
    let text = screen(&app, 100, 30);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("take 1 from heap 1, take 1 from heap 3, take 1 from heap 5"),
        "every winning move is named:\n{text}"
    );
    insta::assert_snapshot!("coach_missed", text);

    // The AI wins from here, so whatever the player does next, the position was already lost.
    app.update(Msg::AiMove);
    act(&mut app, Action::Take);
    let Some(game) = app.game() else { panic!("not playing") };
    assert_eq!(game.coach, Some(Coaching::AlreadyLost));

    let mut app = game_app(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Coach);
    act(&mut app, Action::Hint);
    act(&mut app, Action::Take);
    assert!(screen(&app, 100, 30).contains("Coach: good move, you kept a winning position"));
}

#[test]
fn the_coach_is_silent_when_off() {
    let mut app = game_app(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Take);
    assert!(!screen(&app, 100, 30).contains("Coach"));
}

#[test]
fn review_lists_every_move_and_marks_the_one_that_gave_the_win_away() {
    let mut app = game_app(Mode::Normal, &[3, 4, 5]);
    // Taking 1 from heap 1 gives the win away: 2 4 5 has nim-sum 3.
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    crate::support::keys::play_out(&mut app);
    let game = app.game().expect("a game");
    assert_eq!(game.over.as_ref().map(|o| o.winner), Some(Seat::Second));
    let review = game.review();
    assert_eq!(review.len(), game.moves().len());
    assert!(review[0].blunder, "the first move turned a won position into a lost one");
    assert!(review.iter().filter(|l| l.seat == Seat::Second).all(|l| !l.blunder), "the AI never errs");
    assert_eq!(review[0].heaps, vec![2, 4, 5]);
    assert_eq!(review[0].nim_sum, 3);
    let total = review.len();
    // The review opens on the board at the first mistake, with the move that would have won.
    act(&mut app, Action::Review);
    let text = screen(&app, 100, 30);
    assert!(text.contains("Move 1: You took 1 from heap 1"), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("gave the win away; the winning move (✓ on the board) was: take 2 from heap 1"),
        "{text}"
    );
    assert!(text.contains("Review: move 1 of"), "{text}");
    assert_eq!(app.game().unwrap().position().heaps(), [2, 4, 5], "the board shows the position after it");
    insta::assert_snapshot!("review", text);
    // Stepping on: the AI's replies keep the win.
    act(&mut app, Action::More);
    assert!(screen(&app, 100, 30).contains("kept a winning position"));
    act(&mut app, Action::Less);
    act(&mut app, Action::Less);
    assert_eq!(app.game().unwrap().position().heaps(), [3, 4, 5]);
    // The last move, the AI's, took the last token: it won the game, and says so.
    for _ in 0..total {
        act(&mut app, Action::More);
    }
    let text = screen(&app, 100, 30);
    assert!(text.contains("won the game") && !text.contains("kept a winning position"), "{text}");
    // And back to the end of the game.
    act(&mut app, Action::Review);
    let text = screen(&app, 100, 30);
    assert!(text.contains("You lose") && !text.contains("gave the win away"), "the review closes:\n{text}");
}

/// Every winning move of `heaps`, found by trying every move against the brute force. Positions
/// are sorted before the search so the memo stays small.
fn brute_winning_moves(bf: &mut BruteForce, heaps: &[u64]) -> Vec<Take> {
    let mut moves = Vec::new();
    for heap in 0..heaps.len() {
        for take in 1..=heaps[heap] {
            let mut next = heaps.to_vec();
            next[heap] -= take;
            next.sort_unstable();
            if !bf.wins(&next) {
                moves.push(Take::new(heap, take));
            }
        }
    }
    moves
}

#[test]
fn every_generated_puzzle_has_exactly_one_winning_move() {
    let mut normal = BruteForce::new(Mode::Normal);
    let mut misere = BruteForce::new(Mode::Misere);
    let mut modes = [0, 0];
    for seed in 0..sized(12, 40) {
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..10 {
            let p = puzzle::generate(nim_tui::engine::GameKind::Nim, &mut rng);
            let bf = if p.mode == Mode::Normal { &mut normal } else { &mut misere };
            let moves = brute_winning_moves(bf, &p.heaps);
            assert_eq!(moves.len(), 1, "{:?} {:?} has winning moves {moves:?}", p.mode, p.heaps);
            modes[usize::from(p.mode == Mode::Misere)] += 1;
        }
    }
    assert!(modes[0] > 0 && modes[1] > 0, "both modes appear: {modes:?}");
}

#[test]
fn puzzles_are_the_same_for_the_same_seed() {
    let run = |seed| {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..5).map(|_| puzzle::generate(nim_tui::engine::GameKind::Nim, &mut rng)).collect::<Vec<_>>()
    };
    assert_eq!(run(42), run(42));
    assert_ne!(run(42), run(43));
}

#[test]
fn a_puzzle_is_answered_right_or_wrong_with_the_explanation() {
    let mut app = App::puzzles(base(), PuzzleStart { seed: Some(3), ..Default::default() });
    let game = app.game().expect("a puzzle board");
    let answer = nim_tui::engine::analyse(game.position().heaps(), game.mode())
        .winning_moves(game.position().heaps())[0];
    choose(&mut app, answer);
    let key = |app: &App| match &app.screen {
        Screen::Puzzle(p) => p.key(),
        _ => panic!("not a puzzle"),
    };
    let first = key(&app);
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::PuzzleAnswered { solved: true, daily: None, puzzle: first }
    );
    let text = screen(&app, 100, 30);
    assert!(text.contains("Right!"), "{text}");
    assert!(text.contains("The winning move: "), "{text}");
    insta::assert_snapshot!("puzzle_right", text);

    // Next puzzle: a wrong answer.
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    assert!(matches!(&app.screen, Screen::Puzzle(p) if p.run.number == 2));
    let game = app.game().expect("a puzzle board");
    let answer = nim_tui::engine::analyse(game.position().heaps(), game.mode())
        .winning_moves(game.position().heaps())[0];
    let wrong = game
        .position()
        .legal_moves()
        .find(|&mv| mv != answer)
        .expect("a puzzle has more than one legal move");
    choose(&mut app, wrong);
    // The first wrong answer is a try: it loses, and the winning move is not shown yet.
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    let text = screen(&app, 100, 30);
    assert!(text.contains("Have another try") && !text.contains("The winning move"), "{text}");
    // The second is the answer.
    let second = key(&app);
    assert_ne!(first, second, "each puzzle is rated as itself");
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::PuzzleAnswered { solved: false, daily: None, puzzle: second }
    );
    let text = screen(&app, 100, 30);
    assert!(text.contains("Not that one"), "{text}");
    assert!(text.contains(&answer.to_string()), "the winning move is shown:\n{text}");

    // With a hint, the puzzle does not count, as the question says: neither solved nor attempted,
    // so the streak stays as it was.
    act(&mut app, Action::Take);
    act(&mut app, Action::Hint);
    assert!(screen(&app, 100, 30).contains("will not count"), "the hint asks first");
    app.update(Msg::char('y'));
    assert_eq!(act(&mut app, Action::Take), Effect::None, "a puzzle answered after its hint is not counted");
    let text = screen(&app, 100, 30);
    assert!(text.contains("with the hint's help (not counted)"), "{text}");
    // A wrong answer after the hint is not counted either.
    act(&mut app, Action::Take);
    act(&mut app, Action::Hint);
    app.update(Msg::char('y'));
    let game = app.game().expect("a puzzle board");
    let right = game.hint.as_ref().expect("the hint is shown").mv.clone();
    let wrong = game.position().legal_moves().find(|mv| nim_tui::engine::Move::Take(*mv) != right);
    choose(&mut app, wrong.expect("another move"));
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    assert!(screen(&app, 100, 30).contains("Not that one"));
}

#[test]
fn the_day_s_puzzle_says_that_its_hint_counts_it_as_not_solved() {
    // The day's puzzle can be answered once a day: a hint, then the answer, would otherwise let
    // anyone look it up and give it from another start. The question says so, and it is so.
    let mut app = App::puzzles(base(), PuzzleStart { daily: Some(20_000), ..Default::default() });
    act(&mut app, Action::Hint);
    let text = screen(&app, 100, 30);
    assert!(text.contains("Today's puzzle then counts as not solved"), "{text}");
    app.update(Msg::char('y'));
    let Screen::Puzzle(p) = &app.screen else { panic!("not a puzzle") };
    let puzzle = p.key();
    assert_eq!(puzzle.to_string(), format!("nim medium {}-1", nim_tui::puzzle::PuzzleId::daily(20_000).seed));
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::PuzzleAnswered { solved: false, daily: Some(20_000), puzzle }
    );
    assert!(screen(&app, 100, 30).contains("counted as not solved"));
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}

#[test]
fn a_puzzle_is_named_by_its_seed_and_number() {
    let heaps_of = |app: &App| app.game().unwrap().position().heaps().to_vec();
    // Reaching puzzle 3 of seed 42 by answering 1 and 2 gives the same puzzle as opening it.
    let mut walked = App::puzzles(base(), PuzzleStart { seed: Some(42), ..Default::default() });
    // Each answered (a wrong answer on the second try), then the next opened.
    let number = |app: &App| match &app.screen {
        Screen::Puzzle(p) => p.run.number,
        _ => 0,
    };
    while number(&walked) < 3 {
        act(&mut walked, Action::Take);
    }
    let opened = App::puzzles(base(), PuzzleStart { seed: Some(42), number: Some(3), ..Default::default() });
    assert_eq!(heaps_of(&walked), heaps_of(&opened));
    assert!(screen(&opened, 100, 30).contains("Puzzle 3"), "{}", screen(&opened, 100, 30));
    assert!(screen(&opened, 100, 30).contains("seed 42"));
    // Another number or another seed is another puzzle (almost always: check a few).
    let other = |seed, number| {
        heaps_of(&App::puzzles(
            base(),
            PuzzleStart { seed: Some(seed), number: Some(number), ..Default::default() },
        ))
    };
    let distinct: std::collections::HashSet<_> = (1..=6).map(|n| other(42, n)).collect();
    assert!(distinct.len() >= 4, "{distinct:?}");
}

#[test]
fn every_difficulty_has_exactly_one_winning_move() {
    use nim_tui::puzzle::{Difficulty, PuzzleId};
    for difficulty in Difficulty::ALL {
        let mut misere = 0;
        let mut largest = 0;
        for number in 1..=60 {
            let puzzle = PuzzleId { seed: 7, number, difficulty }.puzzle_of(nim_tui::engine::GameKind::Nim);
            // The brute force where it runs in moments; the engine (proved against it) beyond.
            let winning = if puzzle.heaps.iter().sum::<u64>() <= 36 {
                BruteForce::new(puzzle.mode).winning_moves(&puzzle.heaps).len()
            } else {
                nim_tui::engine::analyse(&puzzle.heaps, puzzle.mode).move_count()
            };
            assert_eq!(winning, 1, "{difficulty} {puzzle:?}");
            misere += usize::from(puzzle.mode == Mode::Misere);
            largest = largest.max(*puzzle.heaps.iter().max().unwrap());
        }
        match difficulty {
            Difficulty::Easy => assert_eq!((misere, largest <= 7), (0, true)),
            Difficulty::Medium => assert!(misere > 5 && largest <= 15),
            Difficulty::Hard => assert!(misere > 15 && largest > 15, "{misere} {largest}"),
        }
    }
}

#[test]
fn the_daily_puzzle_is_the_days_and_counts_once_a_day() {
    let day = 20_000;
    let app = App::puzzles(base(), PuzzleStart { daily: Some(day), ..Default::default() });
    let again = App::puzzles(base(), PuzzleStart { daily: Some(day), ..Default::default() });
    assert_eq!(app.game().unwrap().position(), again.game().unwrap().position());
    let next_day = App::puzzles(base(), PuzzleStart { daily: Some(day + 1), ..Default::default() });
    assert_ne!(app.game().unwrap().position(), next_day.game().unwrap().position());
    assert!(screen(&app, 100, 30).contains("Today's puzzle"));

    let mut stats = nim_tui::domain::Stats::default();
    stats.record_daily(day, true);
    stats.record_daily(day, true);
    assert_eq!((stats.puzzle.attempted, stats.puzzle.daily_streak), (1, 1), "once a day");
    stats.record_daily(day + 1, true);
    assert_eq!(stats.puzzle.daily_streak, 2);
    stats.record_daily(day + 3, true);
    assert_eq!((stats.puzzle.daily_streak, stats.puzzle.best_daily_streak), (1, 2), "a day missed");
    stats.record_daily(day + 4, false);
    assert_eq!(stats.puzzle.daily_streak, 0);
    assert!(stats.validate().is_ok());
}
