//! The worked examples of the seed texts, checked against the engine.

use nim_tui::engine::{Explanation, Mode, MoveReason, Nim, Outcome, Position, Take, analyse, parse_heaps};

#[test]
fn three_four_five_in_normal_play_has_one_winning_move() {
    let analysis = analyse(&[3, 4, 5], Mode::Normal);
    assert_eq!(analysis.nim_sum, 2);
    assert_eq!(analysis.outcome, Outcome::Win);
    // Take 2 from the first heap (A), leaving 1 4 5.
    assert_eq!(analysis.winning_moves(&[3, 4, 5]), vec![Take { heap: 0, take: 2 }]);
    assert!(!analysis.endgame);
    let after = Position::new(vec![3, 4, 5]).after(Take::new(0, 2)).unwrap();
    assert_eq!(after.heaps(), &[1, 4, 5]);
    assert_eq!(analyse(after.heaps(), Mode::Normal).outcome, Outcome::Lose);
}

#[test]
fn only_the_first_heap_shrinks_when_combined_with_the_nim_sum() {
    let heaps = [3u64, 4, 5];
    let nim_sum = analyse(&heaps, Mode::Normal).nim_sum;
    let shrinking: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] ^ nim_sum < heaps[i]).collect();
    assert_eq!(shrinking, vec![0]);
    let moves = analyse(&heaps, Mode::Normal).winning_moves(&heaps);
    assert_eq!(moves.iter().map(|mv| mv.heap).collect::<Vec<_>>(), shrinking);
}

#[test]
fn three_four_five_explained_in_binary() {
    let explanation = Explanation::new(&[3, 4, 5], Mode::Normal);
    assert_eq!(explanation.digits(), 3);
    assert_eq!(explanation.binary(3), "011");
    assert_eq!(explanation.binary(4), "100");
    assert_eq!(explanation.binary(5), "101");
    assert_eq!(explanation.binary(explanation.nim_sum()), "010");
    assert_eq!(
        nim_tui::words::working(nim_tui::i18n::Language::English, &explanation).as_deref(),
        Some("heap 1: 3 ⊕ 2 = 1, take 2")
    );
    assert_eq!(
        explanation.best,
        MoveReason::NimSum { mv: Take { heap: 0, take: 2 }, from: 3, to: 1, nim_sum: 2 }
    );
}

#[test]
fn three_four_five_is_a_first_player_win_in_misere_too() {
    let analysis = analyse(&[3, 4, 5], Mode::Misere);
    assert_eq!(analysis.outcome, Outcome::Win);
    assert!(analysis.winning_moves(&[3, 4, 5]).contains(&Take { heap: 0, take: 2 }));
    assert!(!analysis.endgame);
}

#[test]
fn two_heaps_are_won_by_making_them_equal() {
    for a in 0..=9u64 {
        for b in 0..=9u64 {
            let analysis = analyse(&[a, b], Mode::Normal);
            if a == b {
                assert_eq!(analysis.outcome, Outcome::Lose, "{a} {b}");
                continue;
            }
            let (big, small) = if a > b { (0, b) } else { (1, a) };
            let take = a.max(b) - small;
            assert_eq!(analysis.winning_moves(&[a, b]), vec![Take { heap: big, take }], "{a} {b}");
        }
    }
}

/// Whose turn it is in the seed's game: "I" plays perfectly, "you" are the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    I,
    You,
}

#[test]
fn the_misere_game_from_three_four_five_move_by_move() {
    use Player::{I, You};
    let nim = Nim::new(Mode::Misere);
    // Heaps A, B, C are the engine's heaps 0, 1, 2. Each step: who moves, the move, what is left.
    let game = [
        (I, Take::new(0, 2), [1, 4, 5]),
        (You, Take::new(2, 2), [1, 4, 3]),
        (I, Take::new(1, 2), [1, 2, 3]),
        (You, Take::new(2, 1), [1, 2, 2]),
        (I, Take::new(0, 1), [0, 2, 2]),
        (You, Take::new(2, 1), [0, 2, 1]),
        (I, Take::new(1, 2), [0, 0, 1]),
        (You, Take::new(2, 1), [0, 0, 0]),
    ];
    let mut position = Position::new(vec![3, 4, 5]);
    for (player, mv, left) in game {
        let analysis = nim.analyse(&position);
        if player == I {
            assert_eq!(analysis.outcome, Outcome::Win, "I move from {position}");
            assert!(
                analysis.winning_moves(position.heaps()).contains(&mv),
                "{mv} from {position} is not a winning move"
            );
            let ai = nim.ai_move(&position).unwrap();
            assert!(
                analysis.winning_moves(position.heaps()).contains(&ai),
                "the AI's {ai} from {position} does not win"
            );
        } else {
            // After each of my moves the opponent has no winning move at all.
            assert_eq!(analysis.outcome, Outcome::Lose, "you move from {position}");
            assert!(analysis.moves.is_empty());
        }
        position.apply(mv).unwrap();
        assert_eq!(position.heaps(), &left);
    }
    // You took the last token, so you lost: I am to move in a finished game and have won.
    assert!(position.is_over());
    assert_eq!(nim.analyse(&position).outcome, Outcome::Win);
    assert_eq!(nim.ai_move(&position), None);
    assert_eq!(nim.explain(&position).best, MoveReason::GameOver { mover_wins: true });
}

#[test]
fn at_0_2_1_misere_empties_heap_b_where_normal_play_would_take_one() {
    let heaps = [0, 2, 1];
    let normal = analyse(&heaps, Mode::Normal);
    assert_eq!(normal.nim_sum, 3);
    assert_eq!(normal.winning_moves(&heaps), vec![Take { heap: 1, take: 1 }]);
    assert!(!normal.endgame);

    let misere = analyse(&heaps, Mode::Misere);
    assert_eq!(misere.nim_sum, 3);
    assert_eq!(misere.winning_moves(&heaps), vec![Take { heap: 1, take: 2 }]);
    assert!(misere.endgame);
    let nim = Nim::new(Mode::Misere);
    assert_eq!(nim.ai_move(&Position::new(heaps.to_vec())), Some(Take { heap: 1, take: 2 }));

    let explanation = Explanation::new(&heaps, Mode::Misere);
    assert_eq!(
        explanation.best,
        MoveReason::MisereEndgame { mv: Take { heap: 1, take: 2 }, from: 2, to: 0, ones_left: 1 }
    );
    assert_eq!(
        nim_tui::words::working(nim_tui::i18n::Language::English, &explanation).as_deref(),
        Some("heap 2: 2 → 0, take 2: leaves 1 heap of one (odd)")
    );
}

#[test]
fn the_endgame_rule_is_not_used_before_0_2_1() {
    // While two heaps hold two or more tokens, misère plays exactly as normal play.
    for heaps in [[3, 4, 5], [1, 4, 3], [1, 2, 2]] {
        let misere = analyse(&heaps, Mode::Misere);
        assert!(!misere.endgame, "{heaps:?}");
        assert_eq!(
            misere.winning_moves(&heaps),
            analyse(&heaps, Mode::Normal).winning_moves(&heaps),
            "{heaps:?}"
        );
        assert!(matches!(Explanation::new(&heaps, Mode::Misere).best, MoveReason::NimSum { .. }));
    }
}

#[test]
fn the_seed_positions_parse_in_every_written_form() {
    for text in ["3 4 5", "3,4,5", "3, 4, 5", " 3 ,4  5 "] {
        assert_eq!(parse_heaps(text), Ok(vec![3, 4, 5]), "{text:?}");
    }
}
