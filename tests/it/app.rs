//! The model seen from outside: inputs go in through `App::update`, and the tests check what the
//! player would see change (screen, heaps, selection, count, turn, notes, the end of the game).

use nim_tui::app::{Action, App, Effect, Game, HeapOption, Msg, Screen, StartMenu, StartRow};
use nim_tui::domain::{First, GameSetup, HeapChoice, Level, Seat};
use nim_tui::engine::{Mode, Move, Outcome, analyse, fallback_move};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::keys::{act, type_text};

const MODES: [Mode; 2] = [Mode::Normal, Mode::Misere];

fn menu(app: &App) -> &StartMenu {
    match &app.screen {
        Screen::Start(menu) => menu,
        _ => panic!("expected the start screen, a game is showing"),
    }
}

fn game(app: &App) -> &Game {
    app.game().expect("expected a game, the start screen is showing")
}

/// The note under the board, as the player reads it.
fn note(app: &App) -> Option<String> {
    game(app).note.as_ref().map(|note| game(app).note_words(nim_tui::i18n::Language::English, note))
}

fn heaps(app: &App) -> Vec<u64> {
    game(app).position().heaps().to_vec()
}

fn setup(mode: Mode, heaps: &[u64], first: First) -> GameSetup {
    GameSetup { mode, heaps: HeapChoice::Custom(heaps.to_vec()), first, level: Level::Perfect, ..base() }
}

fn playing(mode: Mode, heaps: &[u64]) -> App {
    let app = App::start_now(setup(mode, heaps, First::You), Some(7));
    assert!(game(&app).your_turn());
    app
}

fn start_screen(mode: Mode) -> App {
    App::new(GameSetup { mode, ..base() }, Some(3))
}

/// Moves the start screen's focus to `row` with Down presses.
fn focus(app: &mut App, row: StartRow) {
    for _ in 0..StartRow::ALL.len() {
        if menu(app).row == row {
            return;
        }
        act(app, Action::Down);
    }
    assert_eq!(menu(app).row, row);
}

/// Selects the custom heaps entry on the start screen.
fn choose_custom(app: &mut App) {
    focus(app, StartRow::Heaps);
    while menu(app).heap_option != HeapOption::Custom {
        act(app, Action::More);
    }
}

/// The player's move is taken and the AI replies; returns the effect of whichever ended the game.
fn take_and_reply(app: &mut App) -> Effect {
    let effect = act(app, Action::Take);
    if effect != Effect::None {
        return effect;
    }
    assert!(app.ai_waiting(), "after the player's move the AI must be waiting to move");
    let effect = app.update(Msg::AiMove);
    assert!(!app.ai_waiting());
    if game(app).over.is_none() {
        assert!(game(app).your_turn(), "after the AI's move it is the player's turn");
    }
    effect
}

// ---------------------------------------------------------------- start screen

#[test]
fn start_screen_opens_on_start_with_the_setup_preselected() {
    for mode in MODES {
        let app = start_screen(mode);
        let m = menu(&app);
        assert_eq!(m.row, StartRow::Start);
        assert_eq!(m.mode, mode);
        assert_eq!(m.first, First::You);
        assert_eq!(m.heap_option, HeapOption::ALL[0]);
        assert_eq!(m.error, None);
        assert!(!app.help_open());
    }
}

#[test]
fn up_and_down_walk_the_rows_and_wrap() {
    let mut app = start_screen(Mode::Normal);
    let mut seen = Vec::new();
    for _ in 0..9 {
        act(&mut app, Action::Down);
        seen.push(menu(&app).row);
    }
    assert_eq!(
        seen,
        [
            StartRow::Puzzles,
            StartRow::Learn,
            StartRow::Game,
            StartRow::Mode,
            StartRow::Heaps,
            StartRow::First,
            StartRow::Level,
            StartRow::Opponent,
            StartRow::Start
        ]
    );
    seen.clear();
    for _ in 0..9 {
        act(&mut app, Action::Up);
        seen.push(menu(&app).row);
    }
    assert_eq!(
        seen,
        [
            StartRow::Opponent,
            StartRow::Level,
            StartRow::First,
            StartRow::Heaps,
            StartRow::Mode,
            StartRow::Game,
            StartRow::Learn,
            StartRow::Puzzles,
            StartRow::Start
        ]
    );
}

#[test]
fn less_and_more_toggle_the_mode() {
    for mode in MODES {
        let other = if mode == Mode::Normal { Mode::Misere } else { Mode::Normal };
        let mut app = start_screen(mode);
        focus(&mut app, StartRow::Mode);
        act(&mut app, Action::More);
        assert_eq!(menu(&app).mode, other);
        act(&mut app, Action::More);
        assert_eq!(menu(&app).mode, mode);
        act(&mut app, Action::Less);
        assert_eq!(menu(&app).mode, other);
        act(&mut app, Action::Take);
        assert_eq!(game(&app).mode(), other, "the game starts in the mode chosen");
    }
}

#[test]
fn less_and_more_cycle_the_heap_choices_both_ways() {
    let mut app = start_screen(Mode::Normal);
    focus(&mut app, StartRow::Heaps);
    let forward: Vec<_> = (0..HeapOption::ALL.len())
        .map(|_| {
            act(&mut app, Action::More);
            menu(&app).heap_option
        })
        .collect();
    let mut expected: Vec<_> = HeapOption::ALL[1..].to_vec();
    expected.push(HeapOption::ALL[0]);
    assert_eq!(forward, expected);
    act(&mut app, Action::Less);
    assert_eq!(menu(&app).heap_option, HeapOption::Custom, "Less wraps from the first to the last");
}

#[test]
fn less_and_more_cycle_who_moves_first() {
    let mut app = start_screen(Mode::Normal);
    focus(&mut app, StartRow::First);
    let mut seen = Vec::new();
    for _ in 0..3 {
        act(&mut app, Action::More);
        seen.push(menu(&app).first);
    }
    assert_eq!(seen, [First::Ai, First::Random, First::You]);
    act(&mut app, Action::Less);
    assert_eq!(menu(&app).first, First::Random);
}

#[test]
fn less_and_more_on_the_start_row_change_nothing() {
    let mut app = start_screen(Mode::Misere);
    let before = menu(&app).clone();
    act(&mut app, Action::Less);
    act(&mut app, Action::More);
    assert_eq!(*menu(&app), before);
}

#[test]
fn each_preset_starts_its_heaps_in_either_mode() {
    for mode in MODES {
        for (i, choice) in HeapOption::ALL.iter().enumerate() {
            let HeapOption::Preset(preset) = choice else { continue };
            let preset = preset.heaps();
            let mut app = start_screen(mode);
            focus(&mut app, StartRow::Heaps);
            for _ in 0..i {
                act(&mut app, Action::More);
            }
            assert_eq!(act(&mut app, Action::Take), Effect::None);
            assert_eq!(heaps(&app), *preset);
            assert_eq!(game(&app).mode(), mode);
            assert!(game(&app).your_turn());
        }
    }
}

#[test]
fn random_heaps_are_three_to_five_heaps_of_one_to_twelve() {
    let mut app = start_screen(Mode::Normal);
    focus(&mut app, StartRow::Heaps);
    while menu(&app).heap_option != HeapOption::Random {
        act(&mut app, Action::More);
    }
    act(&mut app, Action::Take);
    let h = heaps(&app);
    assert!((3..=5).contains(&h.len()), "{h:?}");
    assert!(h.iter().all(|t| (1..=12).contains(t)), "{h:?}");
}

#[test]
fn custom_heaps_typed_with_spaces_and_commas_start_that_game() {
    for mode in MODES {
        let mut app = start_screen(mode);
        choose_custom(&mut app);
        type_text(&mut app, "2 5,7");
        assert_eq!(menu(&app).custom, "2 5,7");
        act(&mut app, Action::Take);
        assert_eq!(heaps(&app), [2, 5, 7]);
        assert_eq!(game(&app).mode(), mode);
    }
}

#[test]
fn custom_heaps_ignore_control_characters_and_erase_the_last_one() {
    let mut app = start_screen(Mode::Normal);
    choose_custom(&mut app);
    // Letters are typed (a preset's name is accepted there); control, bidi and zero-width
    // characters are not.
    type_text(&mut app, "1x\u{7}2\u{202e}a\u{200b};");
    assert_eq!(menu(&app).custom, "1x2a;");
    act(&mut app, Action::Erase);
    assert_eq!(menu(&app).custom, "1x2a");
    for _ in 0..6 {
        act(&mut app, Action::Erase);
    }
    assert_eq!(menu(&app).custom, "", "erasing an empty field is harmless");
}

#[test]
fn digits_are_not_typed_unless_the_custom_entry_is_focused() {
    let mut app = start_screen(Mode::Normal);
    type_text(&mut app, "12");
    focus(&mut app, StartRow::Heaps);
    type_text(&mut app, "34");
    assert_eq!(menu(&app).custom, "");
    assert_eq!(menu(&app).heap_option, HeapOption::ALL[0]);
}

#[test]
fn invalid_custom_heaps_are_refused_with_the_reason() {
    let cases = [
        ("3 0", "heap 2 is empty"),
        ("", "no heaps given"),
        ("1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8", "17 heaps is too many"),
        ("2000000000000000000", "at most 10^18 tokens"),
        ("99999999999999999999", "is too large"),
    ];
    for mode in MODES {
        for (text, reason) in cases {
            let mut app = start_screen(mode);
            choose_custom(&mut app);
            type_text(&mut app, text);
            assert_eq!(act(&mut app, Action::Take), Effect::None);
            let m = menu(&app);
            let error = m
                .error
                .as_ref()
                .map(|e| e.text(nim_tui::i18n::Language::English))
                .unwrap_or_else(|| panic!("{text:?} was not refused"));
            assert!(error.contains(reason), "{text:?}: {error}");
            assert_eq!(m.row, StartRow::Heaps, "the focus goes back to the field to fix");

            // Fixing the field clears the message, and a valid list then starts.
            act(&mut app, Action::Down);
            act(&mut app, Action::Up);
            while !menu(&app).custom.is_empty() {
                act(&mut app, Action::Erase);
            }
            type_text(&mut app, "4");
            assert_eq!(menu(&app).error, None, "typing clears the message");
            act(&mut app, Action::Take);
            assert_eq!(heaps(&app), [4]);
        }
    }
}

#[test]
fn changing_the_heap_choice_clears_the_error() {
    let mut app = start_screen(Mode::Normal);
    choose_custom(&mut app);
    act(&mut app, Action::Take);
    assert!(menu(&app).error.is_some());
    act(&mut app, Action::More);
    assert_eq!(menu(&app).error, None);
}

#[test]
fn first_ai_from_the_start_screen_lets_the_ai_move_first() {
    let mut app = start_screen(Mode::Normal);
    focus(&mut app, StartRow::First);
    act(&mut app, Action::More);
    act(&mut app, Action::Take);
    assert!(app.ai_waiting());
    assert!(!game(&app).your_turn());
}

#[test]
fn first_random_gives_both_sides_across_seeds() {
    let mut sides = std::collections::HashSet::new();
    for seed in 0..40 {
        let app = App::start_now(GameSetup { ..setup(Mode::Normal, &[3, 4, 5], First::Random) }, Some(seed));
        sides.insert(game(&app).turn());
    }
    assert_eq!(sides.len(), 2, "random first move never picked one of the sides");
}

#[test]
fn quit_on_the_start_screen_quits() {
    let mut app = start_screen(Mode::Normal);
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

#[test]
fn help_on_the_start_screen_is_closed_by_quit_before_quitting() {
    let mut app = start_screen(Mode::Normal);
    act(&mut app, Action::Help);
    assert!(app.help_open());
    // Keys under the overlay do nothing.
    act(&mut app, Action::Down);
    assert_eq!(menu(&app).row, StartRow::Start);
    assert_eq!(act(&mut app, Action::Quit), Effect::None);
    assert!(!app.help_open());
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

// ---------------------------------------------------------------- in a game: choosing the move

#[test]
fn up_and_down_skip_empty_heaps() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 1, 4]);
        act(&mut app, Action::Down);
        assert_eq!(game(&app).selected, 1);
        act(&mut app, Action::TakeAll);
        take_and_reply(&mut app);
        let h = heaps(&app);
        assert_eq!(h[1], 0);
        let non_empty: Vec<usize> = (0..3).filter(|&i| h[i] > 0).collect();
        assert!(non_empty.len() >= 2, "{h:?}");
        // Down visits the non-empty heaps in order and wraps; Up goes back.
        let start = game(&app).selected;
        assert!(h[start] > 0, "the selection left the emptied heap");
        let mut down = vec![start];
        for _ in 0..non_empty.len() {
            act(&mut app, Action::Down);
            down.push(game(&app).selected);
        }
        assert!(down.iter().all(|&i| h[i] > 0), "{down:?} on {h:?}");
        assert_eq!(down.first(), down.last(), "Down wraps around");
        let mut sorted = down[..non_empty.len()].to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, non_empty);
        act(&mut app, Action::Up);
        assert_eq!(game(&app).selected, down[non_empty.len() - 1]);
    }
}

#[test]
fn up_and_down_skip_empty_heaps_in_a_known_position() {
    // Taking heap 2 of [3, 1, 4] leaves [3, 0, 4]; the perfect reply takes 1 from heap 3: [3, 0, 3].
    let mut app = playing(Mode::Normal, &[3, 1, 4]);
    act(&mut app, Action::Down);
    act(&mut app, Action::Take);
    app.update(Msg::AiMove);
    assert_eq!(heaps(&app), [3, 0, 3]);
    assert_eq!(game(&app).selected, 2, "the emptied heap's selection moves to the next heap");
    act(&mut app, Action::Down);
    assert_eq!(game(&app).selected, 0);
    act(&mut app, Action::Down);
    assert_eq!(game(&app).selected, 2);
    act(&mut app, Action::Up);
    assert_eq!(game(&app).selected, 0);
    act(&mut app, Action::Up);
    assert_eq!(game(&app).selected, 2);
}

#[test]
fn less_and_more_stay_between_one_and_the_heap() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 5]);
        assert_eq!(game(&app).count, 1);
        act(&mut app, Action::Less);
        assert_eq!(game(&app).count, 1, "never fewer than one token");
        for want in [2, 3, 3, 3] {
            act(&mut app, Action::More);
            assert_eq!(game(&app).count, want, "never more than the heap's 3 tokens");
        }
        act(&mut app, Action::Less);
        assert_eq!(game(&app).count, 2);
        // Moving to a smaller heap brings the count down with it.
        act(&mut app, Action::Down);
        act(&mut app, Action::TakeAll);
        assert_eq!(game(&app).count, 4);
        act(&mut app, Action::Up);
        assert_eq!(game(&app).count, 3);
    }
}

#[test]
fn take_one_and_take_all() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 5]);
        act(&mut app, Action::Down);
        act(&mut app, Action::Down);
        act(&mut app, Action::TakeAll);
        assert_eq!((game(&app).selected, game(&app).count), (2, 5));
        act(&mut app, Action::TakeOne);
        assert_eq!(game(&app).count, 1);
        act(&mut app, Action::TakeAll);
        take_and_reply(&mut app);
        assert_eq!(game(&app).moves()[0], (Seat::First, Move::take(2, 5)));
        assert_eq!(
            heaps(&app).iter().sum::<u64>(),
            3 + 4 - game(&app).moves()[1].1.as_take().expect("a take").take
        );
    }
}

#[test]
fn typed_digits_set_the_count_and_too_many_are_refused() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 25]);
        act(&mut app, Action::Up);
        assert_eq!(game(&app).selected, 2);
        app.update(Msg::char('2'));
        assert_eq!((game(&app).typed.as_str(), game(&app).count), ("2", 2));
        app.update(Msg::char('6'));
        assert_eq!(game(&app).count, 2, "26 is more than the heap holds");
        assert_eq!(note(&app).as_deref(), Some("Heap 3 holds 25 tokens"));
        app.update(Msg::char('5'));
        assert_eq!((game(&app).typed.as_str(), game(&app).count), ("25", 25));
        assert_eq!(game(&app).note, None, "a digit accepted clears the refusal");
        act(&mut app, Action::Erase);
        assert_eq!((game(&app).typed.as_str(), game(&app).count), ("2", 2));
        act(&mut app, Action::Erase);
        assert_eq!((game(&app).typed.as_str(), game(&app).count), ("", 1));
        act(&mut app, Action::Erase);
        assert_eq!(game(&app).count, 1);
        app.update(Msg::char('0'));
        assert_eq!((game(&app).typed.as_str(), game(&app).count), ("", 1), "a count does not start with 0");
        app.update(Msg::char('1'));
        app.update(Msg::char('0'));
        assert_eq!(game(&app).count, 10);
        take_and_reply(&mut app);
        assert_eq!(game(&app).moves()[0], (Seat::First, Move::take(2, 10)));
    }
}

#[test]
fn a_digit_larger_than_a_one_token_heap_names_it_in_the_singular() {
    let mut app = playing(Mode::Normal, &[1, 2]);
    app.update(Msg::char('2'));
    assert_eq!(note(&app).as_deref(), Some("Heap 1 holds 1 token"));
    assert_eq!(game(&app).count, 1);
}

#[test]
fn digits_work_on_huge_heaps() {
    let mut app = playing(Mode::Normal, &[1_000_000_000_000_000_000, 5]);
    type_text(&mut app, "999999999999999999");
    assert_eq!(game(&app).count, 999_999_999_999_999_999);
    take_and_reply(&mut app);
    assert_eq!(game(&app).moves()[0], (Seat::First, Move::take(0, 999_999_999_999_999_999)));
}

#[test]
fn pick_selects_the_heap_and_count() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 5]);
        app.update(Msg::Pick { heap: 1, count: 3 });
        assert_eq!((game(&app).selected, game(&app).count), (1, 3));
        app.update(Msg::Pick { heap: 2, count: 99 });
        assert_eq!((game(&app).selected, game(&app).count), (2, 5), "a count past the heap is clamped");
        app.update(Msg::Pick { heap: 7, count: 1 });
        assert_eq!((game(&app).selected, game(&app).count), (2, 5), "no such heap: nothing changes");
        take_and_reply(&mut app);
        assert_eq!(game(&app).moves()[0], (Seat::First, Move::take(2, 5)));
        // Clicking the chosen tokens again takes them, as Enter does.
        let (selected, count) = (game(&app).selected, game(&app).count);
        app.update(Msg::Pick { heap: selected, count });
        assert_eq!(game(&app).moves().len(), 3, "the click took, and the AI's pause began");
        assert!(!game(&app).your_turn() || game(&app).over.is_some());
        app.update(Msg::AiMove);
        let h = heaps(&app);
        let selected = game(&app).selected;
        app.update(Msg::Pick { heap: 2, count: 1 });
        assert_eq!(game(&app).selected, selected, "an empty heap cannot be picked: {h:?}");
    }
}

// ---------------------------------------------------------------- taking and the AI's reply

#[test]
fn take_plays_and_the_ai_waits_until_its_pause_ends() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 5]);
        act(&mut app, Action::More);
        assert_eq!(act(&mut app, Action::Take), Effect::None);
        assert_eq!(heaps(&app), [1, 4, 5]);
        assert!(app.ai_waiting());
        let pending = game(&app).pending.clone().expect("the AI's move is chosen during its pause");
        assert_eq!(
            Some(pending.clone()),
            fallback_move(&[1, 4, 5], mode).map(Move::Take),
            "[1,4,5] is lost for the AI"
        );
        let take = pending.as_take().expect("Nim moves take from one heap");

        // Nothing the player does moves for them or skips the AI.
        for action in Action::ALL {
            if matches!(action, Action::Quit | Action::NewGame | Action::Help) {
                continue;
            }
            act(&mut app, action);
            app.update(Msg::char('1'));
            app.update(Msg::Pick { heap: 2, count: 5 });
        }
        assert_eq!(heaps(&app), [1, 4, 5]);
        assert!(app.ai_waiting());
        assert!(!game(&app).your_turn());

        assert_eq!(app.update(Msg::AiMove), Effect::None);
        assert!(!app.ai_waiting());
        assert!(game(&app).your_turn());
        let mut after = vec![1, 4, 5];
        after[take.heap] -= take.take;
        assert_eq!(heaps(&app), after);
        // From a lost position the note says why the AI's try is its best (#35).
        let said = note(&app).unwrap_or_default();
        assert!(
            said.starts_with(&format!("AI took {} from heap {}: no winning move", take.take, take.number())),
            "{said}"
        );
        assert_eq!(game(&app).moves(), [(Seat::First, Move::take(0, 2)), (Seat::Second, pending)]);
    }
}

#[test]
fn ai_move_when_it_is_not_the_ais_turn_does_nothing() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    assert_eq!(app.update(Msg::AiMove), Effect::None);
    assert_eq!(heaps(&app), [3, 4, 5]);
    assert!(game(&app).your_turn());
    assert!(game(&app).moves().is_empty());
}

#[test]
fn a_key_with_no_action_changes_nothing() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::More);
    app.update(Msg::Key { action: None, ch: None });
    app.update(Msg::char('x'));
    assert_eq!((game(&app).selected, game(&app).count), (0, 2));
    assert_eq!(heaps(&app), [3, 4, 5]);
}

#[test]
fn first_ai_moves_first() {
    for mode in MODES {
        let mut app = App::start_now(setup(mode, &[3, 4, 5], First::Ai), Some(7));
        assert!(app.ai_waiting());
        let pending = game(&app).pending.clone().expect("the AI chose its opening move");
        assert_eq!(Some(pending.clone()), analyse(&[3, 4, 5], mode).first_move(&[3, 4, 5]).map(Move::Take));
        act(&mut app, Action::Take);
        assert_eq!(heaps(&app), [3, 4, 5], "the player cannot move before the AI");
        app.update(Msg::AiMove);
        assert_eq!(game(&app).moves(), [(Seat::Second, pending)]);
        assert!(game(&app).your_turn());
    }
}

// ---------------------------------------------------------------- hints

#[test]
fn hint_preselects_the_winning_move_and_take_plays_it() {
    for mode in MODES {
        for start in [vec![3, 4, 5], vec![1, 3, 5, 7, 9], vec![2, 2, 1], vec![1, 1, 5]] {
            let analysis = analyse(&start, mode);
            if analysis.outcome != Outcome::Win {
                continue;
            }
            let mut app = playing(mode, &start);
            act(&mut app, Action::Hint);
            let hint = game(&app).hint.clone().expect("a hint is shown");
            assert!(hint.winning);
            let take = hint.mv.as_take().expect("a take");
            assert!(analysis.is_winning_move(&start, take), "{start:?} {mode}: {:?}", hint.mv);
            assert_eq!((game(&app).selected, game(&app).count), (take.heap, take.take));
            assert!(game(&app).hint_selected());
            act(&mut app, Action::Take);
            assert_eq!(game(&app).moves()[0], (Seat::First, hint.mv));
            assert_eq!(game(&app).hint, None, "the hint goes once the move is played");
            assert_eq!(analyse(game(&app).position().heaps(), mode).outcome, Outcome::Lose);
        }
    }
}

#[test]
fn hint_in_a_losing_position_says_so_and_preselects_the_fallback() {
    // It says so plainly, and why.
    for (mode, start) in [(Mode::Normal, [1, 2, 3]), (Mode::Misere, [1, 2, 3]), (Mode::Misere, [1, 1, 1])] {
        assert_eq!(analyse(&start, mode).outcome, Outcome::Lose, "{start:?} {mode}");
        let mut app = playing(mode, &start);
        act(&mut app, Action::Hint);
        let hint = game(&app).hint.clone().expect("a hint is shown even when losing");
        assert!(!hint.winning);
        let reason = game(&app).hint_words(nim_tui::i18n::Language::English);
        assert!(reason.starts_with("This position is lost"), "{reason}");
        let fallback = fallback_move(&start, mode).expect("the game is not over");
        assert_eq!(hint.mv, Move::Take(fallback), "the hint is the move the AI itself would play");
        assert_eq!((game(&app).selected, game(&app).count), (fallback.heap, fallback.take));
    }
}

#[test]
fn moving_off_the_hint_keeps_the_text_but_not_the_selection() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Hint);
    assert!(game(&app).hint_selected());
    act(&mut app, Action::Down);
    assert!(game(&app).hint.is_some());
    assert!(!game(&app).hint_selected());
}

// ---------------------------------------------------------------- new game, help, quit

#[test]
fn new_game_returns_to_the_start_screen_with_the_games_choices() {
    for mode in MODES {
        let mut app = playing(mode, &[2, 5, 7]);
        act(&mut app, Action::Take);
        // Moves were made: leaving asks first, and counts as a loss.
        assert_eq!(act(&mut app, Action::NewGame), Effect::None);
        assert_eq!(app.overlay, Some(nim_tui::app::Overlay::Confirm(nim_tui::app::Confirm::Abandon)));
        let lost =
            nim_tui::domain::GameResult { won: false, assisted: false, how: nim_tui::domain::How::Abandoned };
        assert_eq!(
            app.update(Msg::char('y')),
            Effect::CountGame { game: nim_tui::engine::GameKind::Nim, mode, result: lost, rated: None }
        );
        let m = menu(&app);
        assert_eq!(m.mode, mode);
        assert_eq!(m.heap_option, HeapOption::Custom);
        assert_eq!(m.custom, "2 5 7");
        assert_eq!(m.row, StartRow::Start);
        act(&mut app, Action::Take);
        assert_eq!(heaps(&app), [2, 5, 7], "Start replays the same heaps");
        assert!(game(&app).moves().is_empty());
    }
}

#[test]
fn help_toggles_and_hides_keys_from_the_game() {
    for mode in MODES {
        let mut app = playing(mode, &[3, 4, 5]);
        act(&mut app, Action::Help);
        assert!(app.help_open());
        for action in [Action::Down, Action::Less, Action::TakeAll, Action::Hint, Action::NewGame] {
            act(&mut app, action);
        }
        app.update(Msg::char('2'));
        assert!(app.help_open());
        let g = game(&app);
        assert_eq!(
            (g.selected, g.count, g.hint.is_some()),
            (0, 1, false),
            "keys under the overlay do nothing"
        );
        act(&mut app, Action::Help);
        assert!(!app.help_open(), "Help closes the overlay too");
    }
}

#[test]
fn quit_closes_the_help_before_quitting() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Help);
    assert_eq!(act(&mut app, Action::Quit), Effect::None);
    assert!(!app.help_open());
    assert!(app.game().is_some());
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

#[test]
fn take_closes_the_help_without_playing() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Help);
    act(&mut app, Action::Take);
    assert!(!app.help_open());
    assert_eq!(heaps(&app), [3, 4, 5]);
    assert!(game(&app).your_turn());
}

#[test]
fn the_ai_still_moves_while_the_help_is_open() {
    let mut app = playing(Mode::Normal, &[3, 4, 5]);
    act(&mut app, Action::Take);
    act(&mut app, Action::Help);
    assert!(app.ai_waiting());
    app.update(Msg::AiMove);
    assert!(app.help_open());
    assert!(game(&app).your_turn());
    assert_eq!(game(&app).moves().len(), 2);
}

#[test]
fn quit_in_a_game_and_while_the_ai_waits() {
    let mut app = playing(Mode::Misere, &[3, 4, 5]);
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
    let mut app = playing(Mode::Misere, &[3, 4, 5]);
    act(&mut app, Action::Take);
    assert!(app.ai_waiting());
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

// ---------------------------------------------------------------- the end of the game

#[test]
fn normal_play_the_taker_of_the_last_token_wins() {
    let mut app = playing(Mode::Normal, &[1]);
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode: Mode::Normal,
            result: result(true),
            rated: None
        }
    );
    let over = game(&app).over.clone().expect("the game is over");
    assert_eq!(over.winner, Seat::First);
    assert_eq!(game(&app).ending_words(nim_tui::i18n::Language::English, &over), "You took the last token");
    assert!(!app.ai_waiting());

    let mut app = playing(Mode::Normal, &[2]);
    act(&mut app, Action::TakeOne);
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    assert_eq!(
        app.update(Msg::AiMove),
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode: Mode::Normal,
            result: result(false),
            rated: None
        }
    );
    let over = game(&app).over.clone().expect("the game is over");
    assert_eq!(
        (over.winner, game(&app).ending_words(nim_tui::i18n::Language::English, &over).as_str()),
        (Seat::Second, "AI took the last token")
    );
}

#[test]
fn misere_the_taker_of_the_last_token_loses() {
    let mut app = playing(Mode::Misere, &[1]);
    assert_eq!(
        act(&mut app, Action::Take),
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode: Mode::Misere,
            result: result(false),
            rated: None
        }
    );
    let over = game(&app).over.clone().expect("the game is over");
    assert_eq!(
        (over.winner, game(&app).ending_words(nim_tui::i18n::Language::English, &over).as_str()),
        (Seat::Second, "You had to take the last token")
    );

    let mut app = playing(Mode::Misere, &[1, 1]);
    assert_eq!(act(&mut app, Action::Take), Effect::None);
    assert_eq!(
        app.update(Msg::AiMove),
        Effect::CountGame {
            game: nim_tui::engine::GameKind::Nim,
            mode: Mode::Misere,
            result: result(true),
            rated: None
        }
    );
    let over = game(&app).over.clone().expect("the game is over");
    assert_eq!(
        (over.winner, game(&app).ending_words(nim_tui::i18n::Language::English, &over).as_str()),
        (Seat::First, "AI had to take the last token")
    );
}

#[test]
fn after_the_game_take_plays_again_with_the_same_heaps() {
    for mode in MODES {
        for first in [First::You, First::Ai] {
            let mut app = App::start_now(setup(mode, &[1, 2], first), Some(7));
            let mut effect = Effect::None;
            for _ in 0..10 {
                if app.ai_waiting() {
                    effect = app.update(Msg::AiMove);
                } else {
                    effect = act(&mut app, Action::TakeAll);
                    if effect == Effect::None {
                        effect = act(&mut app, Action::Take);
                    }
                }
                if effect != Effect::None {
                    break;
                }
            }
            assert!(matches!(effect, Effect::CountGame { .. }), "{effect:?}");
            assert!(game(&app).over.is_some());
            // Keys other than play again / new game / quit do nothing now.
            for action in
                [Action::Up, Action::Down, Action::More, Action::Hint, Action::TakeAll, Action::Erase]
            {
                assert_eq!(act(&mut app, action), Effect::None);
            }
            app.update(Msg::AiMove);
            assert!(game(&app).over.is_some());

            act(&mut app, Action::Take);
            let g = game(&app);
            assert_eq!(g.position().heaps(), [1, 2]);
            assert_eq!(g.over, None);
            assert!(g.moves().is_empty());
            assert_eq!(g.mode(), mode);
            assert_eq!(app.ai_waiting(), first == First::Ai, "the same side moves first again");
        }
    }
}

#[test]
fn after_the_game_new_game_opens_the_start_screen_and_quit_quits() {
    let mut app = playing(Mode::Misere, &[1]);
    act(&mut app, Action::Take);
    act(&mut app, Action::NewGame);
    assert_eq!(menu(&app).mode, Mode::Misere);

    let mut app = playing(Mode::Normal, &[1]);
    act(&mut app, Action::Take);
    assert_eq!(act(&mut app, Action::Quit), Effect::Quit);
}

// ---------------------------------------------------------------- whole games

/// Every start of one to three heaps of one to five tokens.
fn small_starts() -> Vec<Vec<u64>> {
    let mut starts = Vec::new();
    for a in 1..=5 {
        starts.push(vec![a]);
        for b in 1..=5 {
            starts.push(vec![a, b]);
            for c in 1..=5 {
                starts.push(vec![a, b, c]);
            }
        }
    }
    starts
}

#[test]
fn following_the_hint_from_a_winning_start_always_wins() {
    for mode in MODES {
        let mut won = 0;
        for start in small_starts() {
            if !analyse(&start, mode).is_win() {
                continue;
            }
            let mut app = playing(mode, &start);
            let mut effect = Effect::None;
            for _ in 0..start.iter().sum::<u64>() {
                act(&mut app, Action::Hint);
                assert!(
                    game(&app).hint.as_ref().is_some_and(|h| h.winning),
                    "{start:?} {mode}: lost the win"
                );
                effect = take_and_reply(&mut app);
                if effect != Effect::None {
                    break;
                }
            }
            // Hints were used, so the win is counted, but as an assisted one.
            let assisted =
                nim_tui::domain::GameResult { won: true, assisted: true, how: nim_tui::domain::How::Played };
            assert_eq!(
                effect,
                Effect::CountGame {
                    game: nim_tui::engine::GameKind::Nim,
                    mode,
                    result: assisted,
                    rated: None
                },
                "{start:?} {mode}"
            );
            won += 1;
        }
        assert!(won > 100, "only {won} winning starts in {mode}");
    }
}

#[test]
fn from_a_losing_start_the_ai_wins_whatever_the_player_does() {
    let mut rng = StdRng::seed_from_u64(0x5eed);
    for mode in MODES {
        let mut lost = 0;
        for start in small_starts() {
            if analyse(&start, mode).is_win() {
                continue;
            }
            for _ in 0..5 {
                let mut app = playing(mode, &start);
                let mut effect = Effect::None;
                for _ in 0..start.iter().sum::<u64>() {
                    let h = heaps(&app);
                    let choices: Vec<usize> = (0..h.len()).filter(|&i| h[i] > 0).collect();
                    let heap = choices[rng.random_range(0..choices.len())];
                    let count = rng.random_range(1..=h[heap]);
                    // A click on the chosen tokens takes them; otherwise Enter does.
                    effect = app.update(Msg::Pick { heap, count });
                    if effect == Effect::None && game(&app).your_turn() {
                        effect = take_and_reply(&mut app);
                    } else if effect == Effect::None {
                        effect = app.update(Msg::AiMove);
                    }
                    if effect != Effect::None {
                        break;
                    }
                }
                assert_eq!(
                    effect,
                    Effect::CountGame {
                        game: nim_tui::engine::GameKind::Nim,
                        mode,
                        result: result(false),
                        rated: None
                    },
                    "{start:?} {mode}"
                );
                lost += 1;
            }
        }
        assert!(lost > 50, "only {lost} losing games in {mode}");
    }
}

#[test]
fn when_the_ai_starts_in_a_winning_position_it_wins() {
    let mut rng = StdRng::seed_from_u64(17);
    for mode in MODES {
        for start in small_starts() {
            if !analyse(&start, mode).is_win() {
                continue;
            }
            let mut app = App::start_now(setup(mode, &start, First::Ai), Some(7));
            let mut effect = app.update(Msg::AiMove);
            while effect == Effect::None {
                let h = heaps(&app);
                let choices: Vec<usize> = (0..h.len()).filter(|&i| h[i] > 0).collect();
                let heap = choices[rng.random_range(0..choices.len())];
                // A click on the chosen tokens takes them, so the click may already end the game.
                effect = app.update(Msg::Pick { heap, count: rng.random_range(1..=h[heap]) });
                if effect != Effect::None || !game(&app).your_turn() {
                    if effect == Effect::None {
                        effect = app.update(Msg::AiMove);
                    }
                    continue;
                }
                effect = take_and_reply(&mut app);
            }
            assert_eq!(
                effect,
                Effect::CountGame {
                    game: nim_tui::engine::GameKind::Nim,
                    mode,
                    result: result(false),
                    rated: None
                },
                "{start:?} {mode}"
            );
        }
    }
}

#[test]
fn each_turn_starts_from_taking_one_token() {
    for mode in MODES {
        let mut app = playing(mode, &[9, 9, 9, 1]);
        act(&mut app, Action::TakeAll);
        act(&mut app, Action::More);
        act(&mut app, Action::Less);
        act(&mut app, Action::Take);
        app.update(Msg::AiMove);
        assert!(game(&app).your_turn());
        assert_eq!(game(&app).count, 1, "{mode:?}: the last move's count is not offered again");
    }
}

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}

/// A finished game as the statistics count it, without help.
fn result(won: bool) -> nim_tui::domain::GameResult {
    nim_tui::domain::GameResult { won, assisted: false, how: nim_tui::domain::How::Played }
}

/// A game left unfinished: `kind` in `mode` from 5-6-7 after one move, against the AI or between
/// two people.
fn saved(
    kind: nim_tui::engine::GameKind,
    mode: Mode,
    players: &nim_tui::domain::Players,
) -> nim_tui::domain::SavedGame {
    let history = nim_tui::domain::History::replayed(
        nim_tui::engine::Ruleset::new(kind, mode),
        vec![5, 6, 7],
        Seat::First,
        [(
            Seat::First,
            if kind == nim_tui::engine::GameKind::Kayles { Move::pins(0, 1, 1) } else { Move::take(0, 1) },
        )],
    )
    .expect("a legal move");
    nim_tui::domain::SavedGame::of(&history, players, Level::Perfect, false, 0, None)
}

/// The question on screen, if any.
fn asked(app: &App) -> Option<&'static str> {
    match app.overlay {
        Some(nim_tui::app::Overlay::Confirm(question)) => {
            Some(app.question(nim_tui::i18n::Language::English, question))
        }
        _ => None,
    }
}

#[test]
fn start_over_a_saved_game_asks_and_gives_it_up_in_its_own_game_and_mode() {
    use nim_tui::engine::GameKind;
    let lost =
        nim_tui::domain::GameResult { won: false, assisted: false, how: nim_tui::domain::How::Abandoned };
    for (kind, mode) in
        [(GameKind::Nim, Mode::Misere), (GameKind::Kayles, Mode::Normal), (GameKind::Moore(2), Mode::Misere)]
    {
        let mut app = start_screen(Mode::Normal);
        let offered = saved(kind, mode, &nim_tui::domain::Players::Ai);
        app.offer_resume(offered.clone());
        focus(&mut app, StartRow::Start);
        let before = menu(&app).clone();
        // Enter on Start, then a click on it: both ask, and no leaves everything as it was.
        for msg in
            [Msg::action(Action::Take), Msg::Choose { row: StartRow::Start, action: Some(Action::Take) }]
        {
            assert_eq!(app.update(msg), Effect::None);
            let question = asked(&app).expect("Start over a saved game asks first");
            assert!(question.contains("counts as a loss"), "{question}");
            assert_eq!(app.update(Msg::char('n')), Effect::None);
            assert_eq!(menu(&app), &before, "no changed the menu");
            assert_eq!(app.saved(), Some(&offered));
        }
        // Yes: the new game starts, and the saved one is given up as the loss it is.
        act(&mut app, Action::Take);
        assert_eq!(
            app.update(Msg::char('y')),
            Effect::GiveUpSaved { counted: Some((kind, mode, lost)) },
            "{kind} {mode:?}"
        );
        assert_eq!((game(&app).rules.kind, game(&app).mode()), (GameKind::Nim, Mode::Normal));
        assert_eq!(app.saved(), None);
        // Back on the menu, nothing is offered any more, and a new game asks nothing.
        act(&mut app, Action::NewGame);
        assert!(menu(&app).resume.is_none());
        assert_eq!(menu(&app).row, StartRow::Start);
        assert_eq!(act(&mut app, Action::Take), Effect::None);
        assert!(asked(&app).is_none() && app.game().is_some());
    }
}

#[test]
fn a_saved_game_between_two_people_is_given_up_without_a_count_and_the_question_says_so() {
    let players = nim_tui::domain::Players::Hotseat(nim_tui::domain::Names(["Ann".into(), "Bob".into()]));
    let mut app = start_screen(Mode::Normal);
    app.offer_resume(saved(nim_tui::engine::GameKind::Nim, Mode::Normal, &players));
    focus(&mut app, StartRow::Start);
    act(&mut app, Action::Take);
    let question = asked(&app).expect("asks first");
    assert!(question.contains("not counted") && !question.contains("counts as a loss"), "{question}");
    assert_eq!(act(&mut app, Action::Take), Effect::GiveUpSaved { counted: None });
}

#[test]
fn a_game_started_with_flags_over_a_saved_game_asks_over_the_menu() {
    let mut app = App::new(setup(Mode::Normal, &[3, 4, 5], First::You), Some(2));
    app.offer_resume(saved(nim_tui::engine::GameKind::Nim, Mode::Misere, &nim_tui::domain::Players::Ai));
    app.start();
    assert!(asked(&app).is_some_and(|q| q.contains("counts as a loss")));
    // No: the menu, with the flags' heaps and the saved game first.
    app.update(Msg::char('n'));
    assert_eq!(menu(&app).custom, "3 4 5");
    assert_eq!(menu(&app).row, StartRow::Resume);
    assert_eq!(act(&mut app, Action::Take), Effect::ClaimSaved);
    assert_eq!(game(&app).mode(), Mode::Misere);
}

#[test]
fn the_menu_comes_back_from_the_puzzles_and_the_lesson_as_it_was_left() {
    for row in [StartRow::Puzzles, StartRow::Learn] {
        let mut app = start_screen(Mode::Normal);
        app.offer_resume(saved(nim_tui::engine::GameKind::Nim, Mode::Normal, &nim_tui::domain::Players::Ai));
        // Choices changed on every row that has one.
        focus(&mut app, StartRow::Game);
        act(&mut app, Action::More);
        focus(&mut app, StartRow::Mode);
        act(&mut app, Action::More);
        focus(&mut app, StartRow::Heaps);
        for _ in 0..4 {
            act(&mut app, Action::More);
        }
        type_text(&mut app, "2 9");
        focus(&mut app, StartRow::First);
        act(&mut app, Action::More);
        focus(&mut app, StartRow::Level);
        act(&mut app, Action::More);
        focus(&mut app, row);
        let left = menu(&app).clone();
        assert!(left.resume.is_some());
        act(&mut app, Action::Take);
        assert!(!matches!(app.screen, Screen::Start(_)), "{row:?} did not open");
        // The help on the way, then back.
        act(&mut app, Action::Help);
        act(&mut app, Action::Help);
        act(&mut app, Action::Quit);
        assert_eq!(menu(&app), &left, "{row:?}: the menu came back changed");
    }
}

#[test]
fn a_long_moore_game_judges_each_move_once_when_it_is_made() {
    use nim_tui::engine::{GameKind, Rules};
    // Moore's Nim_7 on 16 large heaps against a weak AI, so that verdicts of every kind come up;
    // the move list and the coach are open, and the screen is drawn after every key.
    let heaps: Vec<u64> = (0..16u64).map(|i| (1 << 61) - 1 - i * 0x0123_4567_89ab_cdef % (1 << 59)).collect();
    let mut app = App::start_now(
        GameSetup { game: GameKind::Moore(7), level: Level::Easy, ..setup(Mode::Normal, &heaps, First::You) },
        Some(5),
    );
    app.panels.history = true;
    app.panels.coach = true;
    let look = nim_tui::ui::Look::default();
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(140, 45)).unwrap();
    let mut kinds = std::collections::HashSet::new();
    for _ in 0..70 {
        let g = game(&app);
        if g.over.is_some() {
            break;
        }
        if g.your_turn() {
            act(&mut app, Action::TakeOne);
            act(&mut app, Action::Take);
        } else {
            app.update(Msg::AiMove);
        }
        terminal.draw(|frame| nim_tui::ui::draw(frame, &app, &look)).unwrap();
        // Every move has its verdict stored from the moment it was made, and it is the engine's.
        let g = game(&app);
        let (from, lines) = g.judged();
        assert_eq!((from, lines.len()), (0, g.moves().len()), "a move without its stored verdict");
        let last = lines.last().expect("a move was made");
        let (seat, mv) = g.moves().last().unwrap();
        assert_eq!((&last.seat, &last.mv), (seat, mv));
        let expected = match (g.engine().outcome(&last.before), g.engine().is_winning_move(&last.before, mv))
        {
            (Outcome::Lose, _) => "already lost",
            (_, true) => "kept",
            (_, false) => "missed",
        };
        let stored = match &last.coaching {
            nim_tui::app::Coaching::AlreadyLost => "already lost",
            nim_tui::app::Coaching::Kept => "kept",
            nim_tui::app::Coaching::Missed(moves) => {
                assert!(moves.iter().all(|m| g.engine().is_winning_move(&last.before, m)), "{moves:?}");
                "missed"
            }
        };
        assert_eq!(stored, expected, "the stored verdict is not the engine's");
        kinds.insert(std::mem::discriminant(&last.coaching));
        if g.is_human(*seat) {
            assert_eq!(g.coach.as_ref(), Some(&last.coaching), "the coach's line is the stored verdict");
        }
        // The move list shows the latest move from what was stored.
        let shown = format!("{:?}", terminal.backend().buffer());
        assert!(shown.contains(&format!("{}. ", g.moves().len())), "the move list lacks the last move");
    }
    assert!(game(&app).moves().len() >= 40, "too short a game: {}", game(&app).moves().len());
    assert!(kinds.len() >= 2, "the verdicts were all of one kind");
    // The review is made of the stored verdicts (each checked against the engine above).
    let g = game(&app);
    let review = g.review();
    assert_eq!(review, g.judged().1);
    for (line, (seat, mv, before, after)) in review.iter().zip(g.history().steps()) {
        assert_eq!((line.seat, &line.mv, &line.before), (seat, mv, &before));
        let blunder =
            g.engine().outcome(&before) == Outcome::Win && g.engine().outcome(&after) == Outcome::Win;
        assert_eq!(line.blunder, blunder);
    }
}

#[test]
fn undo_forgets_the_verdicts_of_the_moves_taken_back_and_a_resumed_game_judges_its_own() {
    let mut app = playing(Mode::Normal, &[3, 4, 5, 6]);
    for _ in 0..3 {
        act(&mut app, Action::Take);
        app.update(Msg::AiMove);
    }
    assert_eq!(game(&app).judged().1.len(), 6);
    act(&mut app, Action::Undo);
    let g = game(&app);
    assert_eq!((g.judged().1.len(), g.moves().len()), (4, 4));
    // Resumed: the moves it came with are judged by the review, the new ones as they are made.
    let saved = nim_tui::domain::SavedGame::of(g.history(), &g.players, g.level, false, 0, None);
    let mut resumed = start_screen(Mode::Normal);
    resumed.offer_resume(saved);
    act(&mut resumed, Action::Take);
    act(&mut resumed, Action::Take);
    let g = game(&resumed);
    assert_eq!(g.judged().0, 4);
    assert_eq!(g.judged().1.len(), g.moves().len() - 4);
    let review = g.review();
    assert_eq!(review.len(), g.moves().len());
    for (line, (_, mv, before, _)) in review.iter().zip(g.history().steps()) {
        assert_eq!(line.coaching, g.coaching(&before, mv));
    }
    // Undo past where the game was resumed.
    act(&mut resumed, Action::Undo);
    act(&mut resumed, Action::Undo);
    let g = game(&resumed);
    assert_eq!(g.judged().0 + g.judged().1.len(), g.moves().len());
    assert_eq!(g.review().len(), g.moves().len());
}
