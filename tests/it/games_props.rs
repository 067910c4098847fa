//! Every game on heaps up to `u64::MAX`, where no search can follow: each listed winning move is
//! legal and leaves a lost position, every move from a lost position leaves a won one, the counts
//! agree with the lists, the AI never resigns, and a game between the AI and a player following
//! the hint ends in a number of moves bounded by the heaps' digits. Wythoff's losing pairs against
//! an exact big-integer computation of ⌊kφ⌋; the split games' clever listing against plain scans.

use nim_tui::engine::{
    Game, GameKind, Mode, Move, Outcome, Position, Rules, Ruleset, SubtractionSet, is_losing_pair,
    losing_pair, partner,
};
use proptest::prelude::*;

use crate::support::sized;

fn game(kind: GameKind, mode: Mode) -> Game {
    Game::new(Ruleset::new(kind, mode)).expect("offered")
}

/// Heaps of any size, and often near the edges.
fn heap() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => any::<u64>(),
        2 => 0u64..1_000,
        1 => (u64::MAX - 1_000)..=u64::MAX,
        1 => (u64::MAX - 8)..=u64::MAX,
        1 => 0u64..=1_000_000_000_000_000_000,
    ]
}

fn kinds() -> impl Strategy<Value = (GameKind, Mode)> {
    let sets = [vec![1, 2, 3], vec![1, 3, 4], vec![2, 5, 7], vec![1, 10, 128], vec![3, 7, 11, 13]];
    prop_oneof![
        (2u32..=4, prop_oneof![Just(Mode::Normal), Just(Mode::Misere)])
            .prop_map(|(k, m)| (GameKind::Moore(k), m)),
        (0..sets.len()).prop_map(move |i| (
            GameKind::Subtraction(SubtractionSet::new(sets[i].clone()).unwrap()),
            Mode::Normal
        )),
        Just((GameKind::Lasker, Mode::Normal)),
        Just((GameKind::Kayles, Mode::Normal)),
        Just((GameKind::Wythoff, Mode::Normal)),
        Just((GameKind::Fibonacci, Mode::Normal)),
    ]
}

/// A position of the right shape for `kind`, from the heaps drawn.
fn shaped(kind: GameKind, heaps: &[u64], limit: Option<u64>) -> Position {
    match kind {
        GameKind::Wythoff => Position::new(vec![heaps[0], heaps[1]]),
        GameKind::Fibonacci => Position::with_limit(vec![heaps[0]], limit.map(|l| l.max(1))),
        _ => Position::new(heaps.to_vec()),
    }
}

fn after(game: &Game, position: &Position, mv: &Move) -> Position {
    let mut next = position.clone();
    game.play(&mut next, mv).unwrap_or_else(|e| panic!("{mv:?} from {position:?}: {e}"));
    next
}

proptest! {
    #![proptest_config(ProptestConfig { cases: sized(100, 400), ..ProptestConfig::default() })]

    #[test]
    fn winning_moves_win_and_losing_positions_lose(
        (kind, mode) in kinds(),
        heaps in prop::collection::vec(heap(), 2..6),
        limit in prop::option::of(any::<u64>()),
        picks in prop::collection::vec(any::<u128>(), 8),
    ) {
        let game = game(kind, mode);
        let position = shaped(kind, &heaps, limit);
        prop_assert!(game.check_position(&position).is_ok());
        let listed = game.winning_moves_up_to(&position, 20);
        let count = game.winning_move_count(&position).expect("counted");
        prop_assert_eq!(game.outcome(&position) == Outcome::Win, count > 0 || (mode == Mode::Misere && position.is_over()));
        prop_assert_eq!(listed.len() as u128, count.min(20));
        let mut sorted = listed.clone();
        sorted.sort();
        prop_assert_eq!(&sorted, &listed, "listed in the order of Move");
        for mv in &listed {
            prop_assert!(game.check(&position, mv).is_ok(), "{:?}", mv);
            let next = after(&game, &position, mv);
            prop_assert_eq!(game.outcome(&next), Outcome::Lose, "{:?} from {:?}", mv, position);
            prop_assert!(game.is_winning_move(&position, mv));
        }
        // The AI plays a winning move whenever there is one, and never resigns.
        let ai = game.ai_move(&position);
        prop_assert_eq!(ai.is_none(), game.is_over(&position));
        if let Some(mv) = &ai {
            let next = after(&game, &position, mv);
            if count > 0 {
                prop_assert_eq!(game.outcome(&next), Outcome::Lose);
            }
            prop_assert_eq!(game.teach(&position).best(), Some(mv.clone()));
        }
        // From a lost position (the one the AI leaves, when it wins), every move loses: a sample
        // of moves by index.
        let lost = match (&ai, count > 0) {
            (Some(mv), true) => after(&game, &position, mv),
            _ => position.clone(),
        };
        if game.outcome(&lost) == Outcome::Lose {
            let moves = game.move_count(&lost);
            for pick in &picks {
                if moves == 0 {
                    break;
                }
                let mv = game.nth_move(&lost, pick % moves).expect("a move for every index below the count");
                let next = after(&game, &lost, &mv);
                prop_assert_eq!(game.outcome(&next), Outcome::Win, "{:?} from lost {:?}", mv, lost);
            }
        }
    }

    #[test]
    fn records_read_back_every_move(
        (kind, mode) in kinds(),
        heaps in prop::collection::vec(heap(), 2..6),
        picks in prop::collection::vec(any::<u128>(), 8),
    ) {
        let game = game(kind, mode);
        let position = shaped(kind, &heaps, None);
        let moves = game.move_count(&position);
        for pick in picks.iter().filter(|_| moves > 0) {
            let mv = game.nth_move(&position, pick % moves).unwrap();
            prop_assert!(game.check(&position, &mv).is_ok());
            let written = game.write_move(&mv);
            prop_assert_eq!(game.read_move(&written), Ok(mv.clone()), "{}", written);
            prop_assert!(!nim_tui::words::move_text(nim_tui::i18n::Language::English, &game.move_words(&position, &mv), nim_tui::words::Tense::Present).is_empty());
        }
    }

    /// Moore's Nim_k with up to 8 heaps at once: the column rule's move wins (no listing).
    #[test]
    fn moore_column_rule_on_many_heaps(k in 2u32..=8, heaps in prop::collection::vec(heap(), 1..17)) {
        for mode in Mode::ALL {
            let game = game(GameKind::Moore(k), mode);
            let position = Position::new(heaps.clone());
            let Some(mv) = game.ai_move(&position) else { continue };
            let next = after(&game, &position, &mv);
            let wins = game.outcome(&position) == Outcome::Win;
            prop_assert_eq!(game.outcome(&next), if wins { Outcome::Lose } else { Outcome::Win });
        }
    }
}

/// Plays the AI against a player who follows the hint until the game ends; returns the moves.
fn length(game: &Game, start: Position) -> usize {
    let mut position = start;
    let mut moves = 0;
    while let Some(mv) = if moves % 2 == 0 { game.teach(&position).best() } else { game.ai_move(&position) } {
        game.play(&mut position, &mv).unwrap();
        moves += 1;
        assert!(moves < 100_000, "{} goes on and on", game.kind());
    }
    moves
}

/// A small deterministic generator.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 1
}

#[test]
fn games_from_huge_heaps_are_short() {
    let big = 1_000_000_000_000_000_000u64;
    let mut rng = 42;
    for (kind, mode, heaps, bound) in [
        // Bounded by the digits: each pair of moves clears K+1 ones from the highest column.
        (GameKind::Moore(2), Mode::Normal, 16, 64 * 16 * 2 / 3),
        (GameKind::Moore(3), Mode::Misere, 8, 64 * 8 * 2 / 4 + 8),
        // Each of the AI's quick tries halves the largest heap (never empties it, #35), and the
        // last BEST_TRY_MOVES moves weigh every move and take the least.
        (GameKind::Lasker, Mode::Normal, 16, 16 * 64 * 2 + 2 * 400),
        (GameKind::Wythoff, Mode::Normal, 2, 200),
        (GameKind::Fibonacci, Mode::Normal, 1, 600),
    ] {
        let game = game(kind, mode);
        let mut longest = 0;
        for _ in 0..20 {
            let heaps: Vec<u64> = (0..heaps).map(|_| big - next(&mut rng) % 1000).collect();
            longest = longest.max(length(&game, Position::new(heaps.clone())));
            // And from a lost position, so the AI's fallback plays throughout.
            let mut lost = Position::new(heaps);
            if let Some(mv) = game.ai_move(&lost).filter(|_| game.outcome(&lost) == Outcome::Win) {
                game.play(&mut lost, &mv).unwrap();
            }
            longest = longest.max(length(&game, lost));
        }
        assert!(longest <= bound, "{kind}: {longest} moves");
    }
}

/// Subtraction games and Kayles last at least (tokens) / (most a move takes) moves whoever plays;
/// the AI's best try from a lost position takes as little as it can with the fewest winning
/// replies (#35), so the game lasts longer, but never more moves than there are tokens.
#[test]
fn linear_games_last_between_their_tokens_over_the_largest_take_and_their_tokens() {
    let set = SubtractionSet::new([1, 3, 4]).unwrap();
    for (kind, most_taken) in [(GameKind::Subtraction(set), 4u64), (GameKind::Kayles, 2)] {
        let game = game(kind, Mode::Normal);
        for heaps in [vec![1000, 999, 3], vec![5000], vec![17, 400, 32, 9]] {
            let tokens: u64 = heaps.iter().sum();
            let moves = length(&game, Position::new(heaps.clone())) as u64;
            assert!(moves >= tokens / most_taken, "{kind} {heaps:?}: {moves}");
            assert!(moves <= tokens, "{kind} {heaps:?}: {moves}");
        }
    }
}

/// `a × b` as a 256-bit number, four 64-bit limbs, least significant first.
fn mul(a: u128, b: u128) -> [u64; 4] {
    let limbs = |x: u128| [x as u64, (x >> 64) as u64];
    let (a, b) = (limbs(a), limbs(b));
    let mut out = [0u64; 4];
    for i in 0..2 {
        let mut carry = 0u128;
        for j in 0..2 {
            let cur = u128::from(out[i + j]) + u128::from(a[i]) * u128::from(b[j]) + carry;
            out[i + j] = cur as u64;
            carry = cur >> 64;
        }
        let mut at = i + 2;
        while carry > 0 {
            let cur = u128::from(out[at]) + carry;
            out[at] = cur as u64;
            carry = cur >> 64;
            at += 1;
        }
    }
    out
}

/// Compares 256-bit numbers.
fn cmp(a: [u64; 4], b: [u64; 4]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// ⌊kφ⌋ by the definition, exactly: the `a` with `a < kφ < a + 1`, that is `2a - k < k√5 <
/// 2a + 2 - k`, compared by squares in 256-bit arithmetic (kφ is never whole for k ≥ 1).
fn is_floor_k_phi(k: u128, a: u128) -> bool {
    let five_k2 = mul(5 * k, k);
    let below = |m: i128| m <= 0 || cmp(mul(m as u128, m as u128), five_k2).is_lt();
    let above = |m: i128| m > 0 && cmp(mul(m as u128, m as u128), five_k2).is_gt();
    let (a, k) = (a as i128, k as i128);
    below(2 * a - k) && above(2 * a + 2 - k)
}

#[test]
fn the_big_integer_check_is_right_on_small_numbers() {
    // ⌊kφ⌋ for k = 1..: 1, 3, 4, 6, 8, 9, 11, 12, 14, 16.
    let floors = [1, 3, 4, 6, 8, 9, 11, 12, 14, 16];
    for (k, &a) in floors.iter().enumerate() {
        assert!(is_floor_k_phi(k as u128 + 1, a));
        assert!(!is_floor_k_phi(k as u128 + 1, a + 1) && !is_floor_k_phi(k as u128 + 1, a - 1));
    }
}

proptest! {
    #[test]
    fn wythoff_pairs_are_exact_for_huge_k(k in 1u64..=7_000_000_000_000_000_000) {
        let (a, b) = losing_pair(k);
        prop_assert!(is_floor_k_phi(u128::from(k), a), "a_{} = {}", k, a);
        prop_assert_eq!(b - a, u128::from(k));
        // Each number of the pair finds the other.
        let a64 = u64::try_from(a).unwrap();
        prop_assert_eq!(partner(a64), (b, k));
        if let Ok(b64) = u64::try_from(b) {
            prop_assert_eq!(partner(b64), (a, k));
            prop_assert!(is_losing_pair(a64, b64) && is_losing_pair(b64, a64));
        }
    }

    /// Where a fixed-point ⌊kφ⌋ would slip: next to Fibonacci numbers (φ's best approximations),
    /// powers of two and u64::MAX, each pair checked against the exact big-integer floor.
    #[test]
    fn wythoff_pairs_are_exact_where_floors_are_close(
        base in prop_oneof![
            (0usize..93).prop_map(|i| {
                let (mut a, mut b) = (1u128, 2u128);
                for _ in 0..i {
                    (a, b) = (b, a + b);
                }
                a
            }),
            (0u32..=64).prop_map(|b| 1u128 << b),
            Just(u128::from(u64::MAX)),
        ],
        offset in -8i128..=8,
    ) {
        let Ok(x) = u64::try_from((base as i128 + offset).max(0)) else { return Ok(()) };
        let (y, k) = partner(x);
        let (a, b) = losing_pair(k);
        prop_assert!((a, b) == (u128::from(x), y) || (a, b) == (y, u128::from(x)), "{}", x);
        prop_assert!(k == 0 || is_floor_k_phi(u128::from(k), a), "a_{} = {}", k, a);
        prop_assert_eq!(b - a, u128::from(k));
        let (a, b) = losing_pair(x);
        prop_assert!(x == 0 || is_floor_k_phi(u128::from(x), a), "a_{} = {}", x, a);
        prop_assert_eq!(b - a, u128::from(x));
    }

    #[test]
    fn every_number_has_its_partner(x in any::<u64>()) {
        let (y, k) = partner(x);
        let (a, b) = losing_pair(k);
        prop_assert!((a, b) == (u128::from(x), y) || (a, b) == (y, u128::from(x)));
    }
}

/// Lasker's and Kayles' splits of heaps too large for the search but small enough to scan: the
/// count and the list against trying every split with the (proved) Grundy values.
#[test]
fn split_listing_against_a_scan() {
    for kind in [GameKind::Lasker, GameKind::Kayles] {
        let game = game(kind, Mode::Normal);
        let g = |n: u64| game.grundy(n).unwrap();
        let mut rng = 7;
        for _ in 0..40 {
            let size = 150 + next(&mut rng) % 2500;
            let other = next(&mut rng) % 3000;
            let position = Position::new(vec![size, other]);
            let x = g(size) ^ g(other);
            let target = g(size) ^ x;
            let mut scanned = Vec::new();
            if kind == GameKind::Lasker {
                for left in 1..size {
                    if g(left) ^ g(size - left) == target {
                        scanned.push(Move::split(0, left));
                    }
                }
            } else {
                for take in 1..=2 {
                    for left in 0..=size - take {
                        if g(left) ^ g(size - take - left) == target {
                            scanned.push(Move::Split { heap: 0, take, left });
                        }
                    }
                }
            }
            let all = game.winning_moves_up_to(&position, usize::MAX);
            let listed: Vec<Move> =
                all.iter().filter(|mv| matches!(mv, Move::Split { heap: 0, .. })).cloned().collect();
            assert_eq!(listed, scanned, "{kind} {size} {other}");
            let takes = all.iter().filter(|mv| matches!(mv, Move::Take(_))).count();
            let count = (scanned.len() + takes) as u128 + count_heap_1(&game, &position, x);
            assert_eq!(game.winning_move_count(&position), Some(count), "{kind} {size} {other}");
            assert_eq!(all.len() as u128, count);
        }
    }
}

/// The winning splits of the second heap, counted by scan (so the first heap's can be compared
/// alone above).
fn count_heap_1(game: &Game, position: &Position, x: u128) -> u128 {
    let g = |n: u64| game.grundy(n).unwrap();
    let size = position.heaps()[1];
    let target = g(size) ^ x;
    let mut n = 0;
    if game.kind() == GameKind::Lasker {
        n += (1..size).filter(|&l| g(l) ^ g(size - l) == target).count();
    } else {
        for take in 1..=2.min(size) {
            n += (0..=size - take).filter(|&l| g(l) ^ g(size - take - l) == target).count();
        }
    }
    n as u128
}

/// Moore's Nim_k on a hundred huge heaps: too many winning moves to count in reasonable time. The
/// count says so (`None`) instead of running for ages, and the moves listed still win.
#[test]
fn moore_on_many_heaps_gives_up_counting_but_not_winning() {
    let game = game(GameKind::Moore(8), Mode::Normal);
    let mut rng = 3;
    let heaps: Vec<u64> = (0..100).map(|_| next(&mut rng) % 1_000_000_000_000_000_000 + 1).collect();
    let position = Position::new(heaps);
    assert_eq!(game.outcome(&position), Outcome::Win);
    assert_eq!(game.winning_move_count(&position), None);
    let moves = game.winning_moves(&position);
    assert!(!moves.is_empty() && moves.contains(&game.ai_move(&position).unwrap()));
    for mv in &moves {
        assert_eq!(game.outcome(&after(&game, &position, mv)), Outcome::Lose, "{mv:?}");
    }
}

#[test]
fn huge_split_counts() {
    // Lasker's Nim: heap 1 (2^63 - 2, worth itself) splits into a + b worth 2^63 - 4 together,
    // the value of heap 2 (2^63 - 5): with a and b both 1 more than a multiple of 4, a = 4p + 1 and
    // b = 4q + 1 with p + q = p ⊕ q = 2^61 - 1, so each of the 61 bits goes to p or to q.
    let lasker = game(GameKind::Lasker, Mode::Normal);
    let position = Position::new(vec![(1 << 63) - 2, (1 << 63) - 5]);
    let count = lasker.winning_move_count(&position).unwrap();
    let listed = lasker.winning_moves_up_to(&position, 50);
    assert!(count >= 1 << 61, "{count}");
    assert_eq!(listed[1], Move::split(0, 1), "the first split leaves 1");
    // And the edge of u64: a heap of u64::MAX is worth 2^64.
    assert_eq!(lasker.grundy(u64::MAX), Some(1 << 64));
    let edge = Position::new(vec![u64::MAX, u64::MAX - 1]);
    assert_eq!(lasker.winning_moves(&edge), vec![Move::take(0, 1)]);
    assert_eq!(listed.len(), 50);
    for mv in &listed {
        assert_eq!(lasker.outcome(&after(&lasker, &position, mv)), Outcome::Lose);
    }
    let kayles = game(GameKind::Kayles, Mode::Normal);
    let position = Position::new(vec![u64::MAX]);
    assert!(kayles.winning_move_count(&position).unwrap() > 1_000_000_000_000);
    for mv in kayles.winning_moves_up_to(&position, 30) {
        assert_eq!(kayles.outcome(&after(&kayles, &position, &mv)), Outcome::Lose);
    }
}
