//! Every game against an exhaustive game-tree search written from its rules alone (`games/mod.rs`),
//! in every convention it offers: the outcome, the full ordered list of winning moves, their
//! count, every legal move (checked, played and judged alike), the AI's move, the teaching view,
//! and the record notation, for every small position. Grundy tables against the definition far
//! beyond. "Small" is smaller in an ordinary debug run than at full depth (`support::full`).

use crate::support::{game_tree, sized};

use game_tree::{Search, State, grundy_by_definition, positions};
use nim_tui::engine::{
    DAWSON_PERIOD, DAWSON_PRE_PERIOD, Game, GameKind, KAYLES_PERIOD, KAYLES_PRE_PERIOD, Mode, Move, Outcome,
    Position, Rules, Ruleset, SubtractionSet, try_build_table,
};

/// Compares the engine with the search on every state given.
pub(crate) fn agree(
    kind: GameKind,
    mode: Mode,
    brute: game_tree::Game,
    states: impl IntoIterator<Item = State>,
) -> usize {
    let game = Game::new(Ruleset::new(kind, mode)).expect("the convention is offered");
    let mut search = Search::new(brute, mode);
    let mut checked = 0;
    for state in states {
        checked += 1;
        let position = Position::with_limit(state.heaps.clone(), state.limit);
        let at = format!("{kind} {mode} {:?} limit {:?}", state.heaps, state.limit);
        game.check_position(&position).unwrap_or_else(|e| panic!("{at}: {e}"));
        let wins = search.wins(&state);
        let expected = search.winning_moves(&state);
        assert_eq!(
            game.outcome(&position),
            if wins { Outcome::Win } else { Outcome::Lose },
            "outcome of {at}"
        );
        assert_eq!(game.winning_moves(&position), expected, "winning moves from {at}");
        assert_eq!(game.winning_move_count(&position), Some(expected.len() as u128), "count from {at}");
        // What `solve` prints: the verdict worked out without listing the moves.
        let verdict = game.verdict(&position);
        assert_eq!(verdict.outcome, game.outcome(&position), "verdict of {at}");
        assert_eq!(verdict.count.exact_u128(), Some(expected.len() as u128), "verdict's count from {at}");
        let mut visited = Vec::new();
        game.visit_winning_moves(&position, Some(3), &mut |mv| visited.push(mv.clone()));
        assert_eq!(visited, game.winning_moves_up_to(&position, 3), "three listed from {at}");
        assert!(visited.iter().all(|mv| expected.contains(mv)), "three listed from {at}");

        // Every legal move, as the rules list them.
        let legal = search.game.moves(&state);
        assert_eq!(game.move_count(&position), legal.len() as u128, "move count of {at}");
        assert_eq!(game.is_over(&position), legal.is_empty(), "over at {at}");
        let mut by_index: Vec<_> =
            (0..legal.len()).map(|i| game.nth_move(&position, i as u128).expect("a move")).collect();
        assert_eq!(game.nth_move(&position, legal.len() as u128), None, "past the last move at {at}");
        by_index.sort();
        let mut listed: Vec<_> = legal.iter().map(|(mv, _)| mv.clone()).collect();
        listed.sort();
        assert_eq!(by_index, listed, "nth_move lists every move once at {at}");
        for (mv, next) in &legal {
            game.check(&position, mv).unwrap_or_else(|e| panic!("{mv:?} from {at}: {e}"));
            let mut after = position.clone();
            game.play(&mut after, mv).unwrap();
            let after = State { heaps: after.heaps().to_vec(), limit: after.limit() };
            assert_eq!(search.game.key(&after), search.game.key(next), "{mv:?} from {at}");
            assert_eq!(game.is_winning_move(&position, mv), expected.contains(mv), "{mv:?} from {at}");
            let written = game.write_move(mv);
            assert_eq!(game.read_move(&written).as_ref(), Ok(mv), "{written} from {at}");
        }

        // The AI plays a winning move when there is one, and a legal move otherwise.
        let ai = game.ai_move(&position);
        match &ai {
            Some(mv) if !expected.is_empty() => assert!(expected.contains(mv), "AI's {mv:?} from {at}"),
            Some(mv) => assert!(listed.contains(mv), "AI's {mv:?} from {at}"),
            None => assert!(legal.is_empty(), "the AI resigned at {at}"),
        }
        let teaching = game.teach(&position);
        assert_eq!(teaching.best(), ai, "the hint is the AI's move at {at}");
        assert_eq!(teaching.is_win(), wins, "the teaching's verdict at {at}");
        assert!(!nim_tui::words::reason(nim_tui::i18n::Language::English, &teaching).is_empty());
    }
    checked
}

pub(crate) fn heap_states(count: usize, most: u64) -> impl Iterator<Item = State> {
    positions(count, most).into_iter().map(|heaps| State { heaps, limit: None })
}

#[test]
fn moore_in_both_conventions() {
    // (largest heap of up to 4, of exactly 3, of up to 4 for K = 3, of up to 5 for K = 2..=5)
    let (four, three, moore3, five) = sized((5, 8, 3, 2), (7, 12, 5, 3));
    let positions = sized(6 + 36 + 216 + 1296, 8 + 64 + 512 + 4096);
    for mode in Mode::ALL {
        let states = heap_states(4, four);
        assert_eq!(agree(GameKind::Moore(2), mode, game_tree::Game::Moore(2), states), positions);
        agree(
            GameKind::Moore(2),
            mode,
            game_tree::Game::Moore(2),
            heap_states(3, three).filter(|s| s.heaps.len() == 3),
        );
        agree(GameKind::Moore(3), mode, game_tree::Game::Moore(3), heap_states(4, moore3));
        for k in 2..=5 {
            agree(GameKind::Moore(k), mode, game_tree::Game::Moore(k as usize), heap_states(5, five));
        }
    }
}

/// Misère differs from normal play exactly where every heap holds at most one token.
#[test]
fn moore_misere_differs_only_with_no_heap_of_two() {
    for k in 2..=4usize {
        let mut normal = Search::new(game_tree::Game::Moore(k), Mode::Normal);
        let mut misere = Search::new(game_tree::Game::Moore(k), Mode::Misere);
        for heaps in positions(4, 5) {
            let state = State { heaps: heaps.clone(), limit: None };
            if heaps.iter().any(|&h| h > 1) {
                assert_eq!(normal.wins(&state), misere.wins(&state), "k {k} {heaps:?}");
            } else {
                let ones = heaps.iter().filter(|&&h| h == 1).count();
                assert_eq!(misere.wins(&state), ones % (k + 1) != 1, "k {k} {heaps:?}");
            }
        }
    }
}

#[test]
fn subtraction_games() {
    for set in
        [vec![1, 2, 3], vec![1, 3, 4], vec![2, 5, 7], vec![1, 4], vec![3, 5], vec![2], vec![1, 2, 4, 8]]
    {
        let kind = GameKind::Subtraction(SubtractionSet::new(set.clone()).unwrap());
        agree(kind, Mode::Normal, game_tree::Game::Subtraction(set.clone()), heap_states(3, 14));
    }
    // The 21 game: one heap.
    let kind: GameKind = "21".parse().unwrap();
    agree(
        kind,
        Mode::Normal,
        game_tree::Game::Subtraction(vec![1, 2, 3]),
        (0..=40).map(|h| State { heaps: vec![h], limit: None }),
    );
}

#[test]
fn lasker() {
    let (three, four) = sized((8, 4), (12, 7));
    agree(GameKind::Lasker, Mode::Normal, game_tree::Game::Lasker, heap_states(3, three));
    agree(
        GameKind::Lasker,
        Mode::Normal,
        game_tree::Game::Lasker,
        heap_states(4, four).filter(|s| s.heaps.len() == 4),
    );
    agree(
        GameKind::Lasker,
        Mode::Normal,
        game_tree::Game::Lasker,
        (0..=30).map(|h| State { heaps: vec![h], limit: None }),
    );
}

#[test]
fn kayles() {
    let (three, four) = sized((8, 4), (12, 7));
    agree(GameKind::Kayles, Mode::Normal, game_tree::Game::Kayles, heap_states(3, three));
    agree(
        GameKind::Kayles,
        Mode::Normal,
        game_tree::Game::Kayles,
        heap_states(4, four).filter(|s| s.heaps.len() == 4),
    );
    agree(
        GameKind::Kayles,
        Mode::Normal,
        game_tree::Game::Kayles,
        (0..=34).map(|h| State { heaps: vec![h], limit: None }),
    );
}

#[test]
fn dawson() {
    let (three, four) = sized((8, 5), (12, 8));
    agree(GameKind::Dawson, Mode::Normal, game_tree::Game::Dawson, heap_states(3, three));
    agree(
        GameKind::Dawson,
        Mode::Normal,
        game_tree::Game::Dawson,
        heap_states(4, four).filter(|s| s.heaps.len() == 4),
    );
    agree(
        GameKind::Dawson,
        Mode::Normal,
        game_tree::Game::Dawson,
        (0..=40).map(|h| State { heaps: vec![h], limit: None }),
    );
}

#[test]
fn dawson_table_is_the_definition_with_period_34_from_53() {
    // A row of n pins goes to rows of a and n - 2 - a: exactly two neighbours fall.
    let options = |n: usize| (0..n.saturating_sub(1)).map(|a| vec![a, n - 2 - a]).collect::<Vec<_>>();
    let values = grundy_by_definition(3000, options);
    let game = Game::new(Ruleset::new(GameKind::Dawson, Mode::Normal)).unwrap();
    for (n, &g) in values.iter().enumerate() {
        assert_eq!(game.grundy(n as u64), Some(u128::from(g)), "g({n})");
    }
    // The last exception is a row of 52 pins (51 in the numbering of Dawson's chess, 0.137,
    // whose heap of n is a row of n + 1 here): 52 does not repeat 86, and every value from 53 does.
    assert_ne!(values[52], values[86]);
    assert!((53..values.len() - 34).all(|n| values[n] == values[n + 34]));
    assert_eq!((DAWSON_PRE_PERIOD, DAWSON_PERIOD), (53, 34));
    // The engine uses the period, so the largest row is answered exactly.
    let residue = 53 + (u64::MAX - 53) % 34;
    assert_eq!(game.grundy(u64::MAX), Some(u128::from(values[residue as usize])));
}

#[test]
fn wythoff() {
    let most: u64 = sized(30, 60);
    let pairs = (0..=most).flat_map(|x| (0..=most).map(move |y| State { heaps: vec![x, y], limit: None }));
    let checked = agree(GameKind::Wythoff, Mode::Normal, game_tree::Game::Wythoff, pairs);
    assert_eq!(checked, ((most + 1) * (most + 1)) as usize);
}

/// Euclid's game on every pair of numbers up to a bound (60, or 150 with NIM_TUI_FULL), both
/// orders: the golden-ratio rule and its winning moves against the search; then the largest
/// numbers, where the search cannot go, against the rule's own arithmetic in `u128`.
#[test]
fn euclid() {
    let most: u64 = sized(60, 150);
    let pairs = (0..=most).flat_map(|x| (0..=most).map(move |y| State { heaps: vec![x, y], limit: None }));
    let checked = agree(GameKind::Euclid, Mode::Normal, game_tree::Game::Euclid, pairs);
    assert_eq!(checked, ((most + 1) * (most + 1)) as usize);

    // At u64::MAX: every winning move leaves a position lost by the rule, and a lost position's
    // every move (a few, tried one by one) leaves one won.
    let game = Game::new(Ruleset::new(GameKind::Euclid, Mode::Normal)).unwrap();
    let wins = |a: u64, b: u64| {
        let (a, b) = (a.max(b), a.min(b));
        b > 0 && (a == b || u128::from(a) * u128::from(a - b) > u128::from(b) * u128::from(b))
    };
    let (f92, f93) = (7_540_113_804_746_346_429u64, 12_200_160_415_121_876_738u64);
    for (x, y) in [
        (u64::MAX, 1),
        (u64::MAX, u64::MAX),
        (u64::MAX, u64::MAX - 1),
        (f93, f92),
        (u64::MAX, f93),
        (3, u64::MAX),
    ] {
        let position = Position::new(vec![x, y]);
        assert_eq!(game.outcome(&position) == Outcome::Win, wins(x, y), "({x}, {y})");
        for mv in game.winning_moves(&position) {
            let mut next = position.clone();
            game.play(&mut next, &mv).unwrap();
            assert!(!wins(next.heaps()[0], next.heaps()[1]), "({x}, {y}) by {mv}");
        }
        assert_eq!(game.winning_moves(&position).is_empty(), !wins(x, y), "({x}, {y})");
    }
    // Consecutive Fibonacci numbers straddle φ in turn, within 10^-37 of it here: F(93)/F(92) is
    // above (won), F(92)/F(91) below (lost).
    assert_eq!(game.outcome(&Position::new(vec![f93, f92])), Outcome::Win);
    assert_eq!(game.outcome(&Position::new(vec![f92, f93 - f92])), Outcome::Lose);
}

#[test]
fn fibonacci_with_every_limit() {
    let states = (0..=60u64).flat_map(|n| {
        let limits = std::iter::once(None).chain((1..=n + 1).map(Some));
        limits.map(move |limit| State { heaps: vec![n], limit })
    });
    agree(GameKind::Fibonacci, Mode::Normal, game_tree::Game::Fibonacci, states);
}

#[test]
fn games_without_misere_refuse_it() {
    for kind in GameKind::ALL {
        let ruleset = Ruleset::checked(kind, Mode::Misere);
        assert_eq!(ruleset.is_ok(), kind.has_misere(), "{kind}");
        if let Err(e) = ruleset {
            assert!(e.to_string().contains("no misère form"), "{e}");
            // Held anyway, the ruleset refuses every move.
            let game = Ruleset::new(kind, Mode::Misere).game();
            let position = Position::new(vec![5, 5]);
            let mv = nim_tui::engine::Move::take(0, 1);
            assert!(game.check(&position, &mv).is_err(), "{kind}");
        }
    }
    assert!(GameKind::Moore(2).has_misere() && GameKind::Nim.has_misere());
}

#[test]
fn kayles_table_is_the_definition_with_period_12_from_71() {
    let options = |n: usize| {
        let mut options = Vec::new();
        for take in 1..=2.min(n) {
            for a in 0..=n - take {
                options.push(vec![a, n - take - a]);
            }
        }
        options
    };
    let values = grundy_by_definition(2500, options);
    let game = Game::new(Ruleset::new(GameKind::Kayles, Mode::Normal)).unwrap();
    for (n, &g) in values.iter().enumerate() {
        assert_eq!(game.grundy(n as u64), Some(u128::from(g)), "g({n})");
    }
    // The last exception: 70 does not repeat 82, and every value from 71 does repeat.
    assert_ne!(values[70], values[82]);
    assert!((71..values.len() - 12).all(|n| values[n] == values[n + 12]));
    assert_eq!((KAYLES_PRE_PERIOD, KAYLES_PERIOD), (71, 12));
}

#[test]
fn lasker_values_are_the_definition() {
    let options = |n: usize| {
        let mut options: Vec<Vec<usize>> = (0..n).map(|k| vec![k]).collect();
        options.extend((1..n).map(|a| vec![a, n - a]));
        options
    };
    let values = grundy_by_definition(1500, options);
    let game = Game::new(Ruleset::new(GameKind::Lasker, Mode::Normal)).unwrap();
    for (n, &g) in values.iter().enumerate() {
        assert_eq!(game.grundy(n as u64), Some(u128::from(g)), "g({n})");
    }
}

/// A small deterministic generator, so the sets tried are the same every run.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn subtraction_tables_are_the_definition() {
    let mut rng = 0x5eed;
    let mut sets: Vec<Vec<u64>> =
        vec![vec![1], vec![1, 2, 3], vec![2, 5, 7], vec![128], vec![1, 128], (1..=128).collect()];
    for _ in 0..60 {
        let len = 1 + next(&mut rng) % 5;
        let most = [8, 20, 50, 128][(next(&mut rng) % 4) as usize];
        sets.push((0..len).map(|_| 1 + next(&mut rng) % most).collect());
    }
    for set in sets {
        let amounts = SubtractionSet::new(set.clone()).unwrap();
        let table = try_build_table(amounts).expect("a period");
        let values = grundy_by_definition(4000, |n| {
            amounts.amounts().filter(|&s| s as usize <= n).map(|s| vec![n - s as usize]).collect()
        });
        for (n, &g) in values.iter().enumerate() {
            assert_eq!(table.value(n as u64), g, "g({n}) for {amounts}");
        }
        // The pre-period and period are the least: the values just before do not repeat, and no
        // shorter period fits.
        let (pre, period) = (table.pre_period as usize, table.period as usize);
        assert!(pre + 2 * period < values.len(), "{amounts}: {pre} + {period}");
        if pre > 0 {
            assert_ne!(values[pre - 1], values[pre - 1 + period], "{amounts}");
        }
        for d in (1..period).filter(|d| period % d == 0) {
            assert!((pre..pre + period).any(|n| values[n] != values[n + d]), "{amounts}: period {d}");
        }
        let game = Game::new(Ruleset::new(GameKind::Subtraction(amounts), Mode::Normal)).unwrap();
        assert_eq!(game.grundy(u64::MAX), Some(u128::from(table.value(u64::MAX))));
    }
}

/// Every set of heads among places 1..=`places`, as increasing places (the empty row included).
fn head_sets(places: u64) -> impl Iterator<Item = State> {
    (0u64..1 << places).map(move |mask| State {
        heaps: (1..=places).filter(|p| mask >> (p - 1) & 1 == 1).collect(),
        limit: None,
    })
}

/// Staircase Nim: every staircase of up to 4 steps of 0 to 4 coins (5 steps of up to 3 at full
/// depth), against the search from the rules (coins moved down a step).
#[test]
fn staircase() {
    let (four, five) = sized((4, 2), (4, 3));
    let checked = agree(GameKind::Staircase, Mode::Normal, game_tree::Game::Staircase, heap_states(4, four));
    assert_eq!(checked, (1..=4).map(|k| 5usize.pow(k)).sum::<usize>());
    agree(
        GameKind::Staircase,
        Mode::Normal,
        game_tree::Game::Staircase,
        heap_states(5, five).filter(|s| s.heaps.len() == 5),
    );
}

/// Turning Turtles: every row of 9 coins (11 at full depth), against the search from the rules
/// (one or two coins, the rightmost heads to tails).
#[test]
fn turning_turtles() {
    let places = sized(9, 11);
    let checked =
        agree(GameKind::TurningTurtles, Mode::Normal, game_tree::Game::Coins { most: 2 }, head_sets(places));
    assert_eq!(checked, 1 << places);
}

/// Mock Turtles: every row of 8 coins (10 at full depth), against the search from the rules
/// (one, two or three coins, the rightmost heads to tails).
#[test]
fn mock_turtles() {
    let places = sized(8, 10);
    let checked =
        agree(GameKind::MockTurtles, Mode::Normal, game_tree::Game::Coins { most: 3 }, head_sets(places));
    assert_eq!(checked, 1 << places);
}

/// The ruler game: every row of 9 coins (12 at full depth), against the search from the rules
/// (any run of neighbouring coins, the rightmost heads to tails).
#[test]
fn ruler() {
    let places = sized(9, 12);
    let checked = agree(GameKind::Ruler, Mode::Normal, game_tree::Game::Ruler, head_sets(places));
    assert_eq!(checked, 1 << places);
}

/// The ruler game's values by the definition (a head alone; its options, the runs of tails left
/// of it turned up with it) against OEIS A006519, the highest power of 2 dividing n; and the
/// engine's at the far end of a u64, with a winning run there found, counted and checked.
#[test]
fn ruler_values_are_a006519() {
    // A006519: 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, ...
    const A006519: [u64; 32] =
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32];
    let up_to = 70;
    let values = grundy_by_definition(up_to, |n| {
        if n == 0 { Vec::new() } else { (1..=n).map(|a| (a..n).collect()).collect() }
    });
    assert_eq!(&values[1..=A006519.len()], A006519);
    let game = Game::new(Ruleset::new(GameKind::Ruler, Mode::Normal)).unwrap();
    for n in 1..=up_to as u64 {
        assert_eq!(game.grundy(n), Some(u128::from(values[n as usize])), "head at {n}");
    }
    assert_eq!(game.grundy(u64::MAX), Some(1));
    assert_eq!(game.grundy(1 << 63), Some(1 << 63));
    // The XOR of the ruler function over 1..=m is the Gray code of m.
    let mut xor = 0;
    for m in 1..=4096u64 {
        xor ^= nim_tui::engine::ruler(m);
        assert_eq!(nim_tui::engine::gray(m), xor, "prefix XOR to {m}");
        assert_eq!(nim_tui::engine::gray_inverse(nim_tui::engine::gray(m)), m);
    }
    // Heads at 2^64-1 (worth 1), 2^63 and 7: every winning run named by its two ends, checked by
    // the XOR of its coins' values as the prefix XORs give it.
    let position = Position::new(vec![u64::MAX, 1 << 63, 7]);
    let moves = game.winning_moves(&position);
    assert_eq!(game.winning_move_count(&position), Some(moves.len() as u128));
    assert!(!moves.is_empty());
    let sum = position.heaps().iter().fold(0u64, |x, &n| x ^ nim_tui::engine::ruler(n));
    for mv in moves {
        let Move::Run { right, left } = mv else { panic!("{mv:?}") };
        assert!(position.heaps().contains(&right) && left >= 1 && left <= right, "{mv:?}");
        let run = nim_tui::engine::gray(right) ^ nim_tui::engine::gray(left - 1);
        assert_eq!(run, sum, "{mv:?} leaves a nim-sum of 0");
    }
}

/// Mock Turtles' values by the definition (a head alone; its options, the sets of up to two
/// coins left of it turned up, each worth the XOR of its coins' values) against OEIS A000069,
/// the odious numbers, from offset 0: the head at place n (from 1) is worth a(n - 1), which is
/// 2n - 2 or 2n - 1. The engine's value at the far end of a u64 keeps that shape.
#[test]
fn mock_turtles_values_are_the_odious_numbers_a000069() {
    // A000069: 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, ...
    const A000069: [u64; 21] =
        [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41];
    let up_to = 60;
    let values = grundy_by_definition(up_to, |n| {
        if n == 0 {
            return Vec::new();
        }
        let mut options = vec![vec![]];
        for a in 1..n {
            options.push(vec![a]);
            for b in 1..a {
                options.push(vec![a, b]);
            }
        }
        options
    });
    assert_eq!(&values[1..=A000069.len()], A000069);
    let game = Game::new(Ruleset::new(GameKind::MockTurtles, Mode::Normal)).unwrap();
    for n in 1..=up_to as u64 {
        assert_eq!(game.grundy(n), Some(u128::from(values[n as usize])), "head at {n}");
    }
    for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) + 1] {
        let v = game.grundy(n).unwrap();
        assert_eq!(v.count_ones() % 2, 1, "odious at {n}");
        assert!(v == 2 * u128::from(n) - 2 || v == 2 * u128::from(n) - 1, "2n-2 or 2n-1 at {n}");
    }
}

/// Turning Turtles' values by the definition are the places themselves: Nim.
#[test]
fn turning_turtles_values_are_the_places() {
    let values = grundy_by_definition(80, |n| {
        if n == 0 {
            return Vec::new();
        }
        std::iter::once(vec![]).chain((1..n).map(|a| vec![a])).collect()
    });
    let game = Game::new(Ruleset::new(GameKind::TurningTurtles, Mode::Normal)).unwrap();
    for n in 1..=80u64 {
        assert_eq!(values[n as usize], n);
        assert_eq!(game.grundy(n), Some(u128::from(n)));
    }
}
