//! Green Hackenbush against an exhaustive search of its game tree, written from the rules alone
//! (`search`: trees of single edges, no segments, no values, no colon principle; a position is won
//! when some cut leads to a lost one, and the player with no edge left loses).
//!
//! Bound: every forest of rooted trees standing on the ground with at most [`EDGES`] edges in all
//! (a forest on the ground is one rooted tree whose root is the ground, so there are A000081(n + 1)
//! of n edges: 1, 1, 2, 4, 9, 20, 48, 115, 286, 719 for n = 0 to 9, OEIS A000081, which the enumeration
//! is checked against). For each: the outcome and the full, ordered list of winning moves (tree,
//! then edge in the engine's numbering: depth first, each vertex's branches in the order written),
//! the count of winning moves, and the position each winning cut leaves (the same trees).

use std::collections::HashMap;

use nim_engine::hackenbush::{Tree, parse_forest};
use nim_engine::{GameKind, Mode, Move, Outcome, Position, Rules, Ruleset};

/// The most edges a forest of the search holds.
const EDGES: usize = 9;

/// The number of rooted trees with 1 to 10 vertices (OEIS A000081: 1, 1, 2, 4, 9, 20, 48, 115, 286,
/// 719).
const A000081: [usize; 10] = [1, 1, 2, 4, 9, 20, 48, 115, 286, 719];

/// A vertex and the vertices standing on it, one edge up to each.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Node(Vec<Node>);

impl Node {
    /// The same tree with its branches sorted, so equal trees are equal values.
    fn canonical(&self) -> Node {
        let mut children: Vec<Node> = self.0.iter().map(Node::canonical).collect();
        children.sort();
        Node(children)
    }

    /// The tree in the engine's notation with every edge written as a segment of 1: a vertex
    /// reached by an edge is `1`, then its branches in brackets.
    fn planted_text(&self) -> String {
        if self.0.is_empty() {
            "1".to_string()
        } else {
            let inner: Vec<String> = self.0.iter().map(Node::planted_text).collect();
            format!("1({})", inner.join(","))
        }
    }
}

/// Every rooted tree of `n` edges, each once (branches sorted).
fn trees(n: usize, memo: &mut HashMap<usize, Vec<Node>>) -> Vec<Node> {
    if let Some(known) = memo.get(&n) {
        return known.clone();
    }
    // The branches of the root: planted trees (an edge and a tree on it) of sizes summing to n,
    // in non-increasing order so each multiset comes once.
    fn branches(
        n: usize,
        most: Option<&Node>,
        memo: &mut HashMap<usize, Vec<Node>>,
        out: &mut Vec<Vec<Node>>,
        prefix: &mut Vec<Node>,
    ) {
        if n == 0 {
            out.push(prefix.clone());
            return;
        }
        for size in 1..=n {
            for t in trees(size - 1, memo) {
                if most.is_some_and(|m| t > *m) {
                    continue;
                }
                prefix.push(t.clone());
                branches(n - size, Some(&t), memo, out, prefix);
                prefix.pop();
            }
        }
    }
    let mut all = Vec::new();
    branches(n, None, memo, &mut all, &mut Vec::new());
    let mut found: Vec<Node> = all.into_iter().map(|children| Node(children).canonical()).collect();
    found.sort();
    found.dedup();
    memo.insert(n, found.clone());
    found
}

/// A position of the search: the trees standing on the ground, each the vertex its ground edge
/// reaches (so a tree of k vertices has k edges).
type Forest = Vec<Node>;

/// Every cut of `tree` (a planted tree: its ground edge, then the edges above), in the engine's
/// order (depth first, branches in order): what is left of it, `None` when it is cut down.
fn cuts(tree: &Node) -> Vec<Option<Node>> {
    let mut out = vec![None];
    for (i, child) in tree.0.iter().enumerate() {
        for left in cuts(child) {
            let mut children = tree.0.clone();
            match left {
                Some(kept) => children[i] = kept,
                None => {
                    children.remove(i);
                }
            }
            out.push(Some(Node(children)));
        }
    }
    out
}

/// The forest in a form where equal positions are equal (trees sorted, branches sorted).
fn key(forest: &Forest) -> Forest {
    let mut k: Forest = forest.iter().map(Node::canonical).collect();
    k.sort();
    k
}

/// Whether the player to move wins, by the rules alone (memoised).
fn search(forest: &Forest, memo: &mut HashMap<Forest, bool>) -> bool {
    let k = key(forest);
    if let Some(&won) = memo.get(&k) {
        return won;
    }
    let mut won = false;
    'all: for (i, tree) in forest.iter().enumerate() {
        for left in cuts(tree) {
            let mut next = forest.clone();
            match left {
                Some(kept) => next[i] = kept,
                None => {
                    next.remove(i);
                }
            }
            if !search(&next, memo) {
                won = true;
                break 'all;
            }
        }
    }
    memo.insert(k, won);
    won
}

/// The engine's tree as the search's: each segment a path of single edges.
fn from_engine(tree: &Tree) -> Option<Node> {
    fn segment(tree: &Tree, i: usize) -> Node {
        let s = &tree.segments()[i];
        let mut top = Node(s.branches.iter().map(|&b| segment(tree, b)).collect());
        for _ in 1..s.length {
            top = Node(vec![top]);
        }
        top
    }
    (!tree.is_empty()).then(|| segment(tree, 0))
}

#[test]
fn the_enumeration_of_rooted_trees_is_complete_against_oeis_a000081() {
    let mut memo = HashMap::new();
    for (n, &expected) in A000081.iter().enumerate() {
        // Rooted trees of n + 1 vertices have n edges.
        assert_eq!(trees(n, &mut memo).len(), expected, "rooted trees of {} vertices", n + 1);
    }
}

#[test]
fn every_forest_up_to_the_bound_matches_the_search_outcome_and_winning_moves() {
    let game = Ruleset::new(GameKind::Hackenbush, Mode::Normal).game();
    let mut tree_memo = HashMap::new();
    let mut memo = HashMap::new();
    let mut positions = 0;
    let mut winning_cuts = 0;
    for n in 0..=EDGES {
        // A forest of n edges is a rooted tree of n edges whose root is the ground.
        for ground in trees(n, &mut tree_memo) {
            let forest: Forest = ground.0.clone();
            let position = if forest.is_empty() {
                Position::new(vec![0])
            } else {
                let text: Vec<String> = forest.iter().map(Node::planted_text).collect();
                Position::new(parse_forest(&text.join(" ")).expect("the notation"))
            };
            game.check_position(&position).expect("a forest");
            let engine_trees = game.forest_view(&position).expect("trees");
            // The engine reads the same trees.
            let read: Vec<Option<Node>> = engine_trees.iter().map(from_engine).collect();
            let written: Vec<Option<Node>> = forest.iter().map(|t| Some(t.canonical())).collect();
            let read_canonical: Vec<Option<Node>> =
                read.iter().map(|t| t.as_ref().map(Node::canonical)).collect();
            if !forest.is_empty() {
                assert_eq!(read_canonical, written, "{forest:?}");
            }
            let won = search(&forest, &mut memo);
            let outcome = if won { Outcome::Win } else { Outcome::Lose };
            assert_eq!(game.outcome(&position), outcome, "{forest:?}");
            // The search's winning cuts, in the engine's order: tree, then edge.
            let mut expected = Vec::new();
            for i in 0..forest.len() {
                // The engine's edges of tree i are the search's cuts in the same depth-first
                // order, the engine's tree being written from this one.
                let engine_tree = read[i].clone().expect("a tree");
                for (e, left) in cuts(&engine_tree).into_iter().enumerate() {
                    let mut next = forest.clone();
                    match &left {
                        Some(kept) => next[i] = kept.clone(),
                        None => {
                            next.remove(i);
                        }
                    }
                    if !search(&next, &mut memo) {
                        expected.push((Move::Cut { tree: i, edge: e as u64 + 1 }, left));
                    }
                }
            }
            let moves = game.winning_moves(&position);
            let expected_moves: Vec<Move> = expected.iter().map(|(mv, _)| mv.clone()).collect();
            assert_eq!(moves, expected_moves, "{forest:?}");
            assert_eq!(game.winning_move_count(&position), Some(moves.len() as u128), "{forest:?}");
            // Each winning cut leaves the trees the rules leave.
            for (mv, left) in &expected {
                let mut after = position.clone();
                game.play(&mut after, mv).expect("a legal cut");
                let Move::Cut { tree, .. } = *mv else { unreachable!() };
                let now = game.forest_view(&after).expect("trees");
                assert_eq!(
                    from_engine(&now[tree]).map(|t| t.canonical()),
                    left.as_ref().map(Node::canonical),
                    "{forest:?} {mv:?}"
                );
                assert_eq!(game.outcome(&after), Outcome::Lose, "{forest:?} {mv:?}");
            }
            // The perfect player's move is a winning one when one exists.
            if won {
                let ai = game.ai_move(&position).expect("a move");
                assert!(moves.contains(&ai), "{forest:?}: {ai:?}");
            }
            positions += 1;
            winning_cuts += moves.len();
        }
    }
    // 1 + 1 + 2 + 4 + 9 + 20 + 48 + 115 + 286 + 719 forests.
    assert_eq!(positions, A000081.iter().sum::<usize>());
    assert!(winning_cuts > 300, "{winning_cuts}");
}

#[test]
fn small_trees_have_the_values_the_colon_principle_gives() {
    // Winning Ways (Berlekamp, Conway, Guy), chapter 7, "Green Hackenbush": a stalk of n is *n;
    // two branches of 1 on a trunk of 1 (a "V" on a stalk) are worth 1 + (1 ⊕ 1) = 1; branches
    // of 2 and 3 on a trunk of 1 are worth 1 + (2 ⊕ 3) = 2.
    let value = |text: &str| {
        let heaps = parse_forest(text).expect(text);
        nim_engine::hackenbush::decode(&heaps).expect(text)[0].value()
    };
    assert_eq!(value("7"), 7);
    assert_eq!(value("1(1,1)"), 1);
    assert_eq!(value("1(2,3)"), 2);
    assert_eq!(value("2(1,1,1)"), 3);
    // Equal values by the search too: the sum of a tree and a stalk of its value is lost.
    let game = Ruleset::new(GameKind::Hackenbush, Mode::Normal).game();
    for (tree, stalk) in [("1(1,1)", 1), ("1(2,3)", 2), ("2(1,1,1)", 3), ("1(1(1,1),2)", 4)] {
        let mut memo = HashMap::new();
        let mut heaps = parse_forest(tree).expect(tree);
        heaps.push(stalk);
        let position = Position::new(heaps);
        let trees = game.forest_view(&position).expect("trees");
        let forest: Forest = trees.iter().filter_map(from_engine).collect();
        assert!(!search(&forest, &mut memo), "{tree} and a stalk of {stalk}");
        assert_eq!(game.outcome(&position), Outcome::Lose, "{tree} and a stalk of {stalk}");
    }
}
