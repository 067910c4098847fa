//! Green Hackenbush on strings and trees: Nim in disguise, played by the colon principle.
//!
//! # The rules, as played here
//!
//! Rooted trees of green edges stand on the ground. A move cuts one edge; everything no longer
//! joined to the ground falls away. The player who cannot move (no edge left) loses: normal play
//! only.
//!
//! # The theory
//!
//! A string (stalk) of n edges is a Nim heap of n: cutting its edge at height h leaves h - 1. The
//! **colon principle**: branches meeting at a vertex may be replaced by one stalk as long as the
//! nim-sum of their values. So a tree is valued from its leaves down: a vertex is worth the XOR over
//! its children c of (value(c) + 1), and a tree is worth its root's value; a position is worth the
//! XOR of its trees'. The player to move wins exactly when that is not 0 (Sprague-Grundy).
//!
//! **Winning cuts, exactly.** Long stalks are kept as *segments*: a path of `length` edges with
//! the segment's branches on its top vertex (a tree here is its segments, never its edges, so a
//! stalk of 2^64 - 1 edges is one number). A segment of length L whose branches are worth `t`
//! together is worth L + t. Cutting its edge at height h (1 to L) leaves it worth h - 1 (its
//! branches fall); each segment below then is worth L' + (t' ⊕ the new value) for its own L' and the
//! XOR t' of its other branches: a one-to-one map. So for the value a tree must reach, each
//! segment has at most one winning height, found by walking the wanted value down from the trunk
//! (`(wanted - L) ⊕ t ⊕ value(branch)` for each branch): a tree gives at most one winning cut a
//! segment, in time linear in its segments, whatever their lengths. `tests/hackenbush.rs` checks
//! outcome and every winning move against a search of the game tree written from the rules, on
//! every forest of rooted trees up to a bound (their number checked against OEIS A000081).
//!
//! # The position's heaps
//!
//! A position of heaps lists the trees one after another. A stalk is its length, a plain number
//! (0 for a tree cut down, which keeps its place so that trees are never renumbered). Any other
//! tree is written [`TREE`] (10^18), then its segments in preorder (a segment, then each of its
//! branches' segments in turn), each as two numbers: its length (at least 1) and its number of
//! branches plus one. So `3 5` are two stalks, a heap of Nim each, and `10^18 1 3 2 1 3 1` is one
//! trunk of 1 edge with two branches of 2 and 3 edges on top. A stalk of exactly 10^18 edges is
//! written as a tree of one segment. A person writes trees in the notation of [`parse_forest`]
//! (`1(2,3)`), which [`forest_text`] writes back.

use std::fmt;

use super::{
    GameKind, GrundyPattern, GrundyReason, GrundyStep, GrundyView, Mode, Move, MoveError, MoveWords, Outcome,
    ParseHeapsError, Places, Position, PositionError, Rules, Teaching,
};

/// The number that opens a tree which is not a stalk in a position's heaps (10^18, the largest
/// heap a game starts with).
pub const TREE: u64 = 1_000_000_000_000_000_000;

/// The most segments a tree is read with from text: a bound on the work of a typed position.
pub const NOTATION_SEGMENTS_MOST: usize = 4096;

/// One segment of a tree: a path of `length` edges standing on its parent's top vertex (or on the
/// ground), with its branches on its own top vertex.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Segment {
    /// Its edges, at least 1.
    pub length: u64,
    /// The segment it stands on (an index into the tree's segments), `None` on the ground.
    pub parent: Option<usize>,
    /// Its branches, by index, in order.
    pub branches: Vec<usize>,
}

/// A rooted tree of green edges standing on the ground, as its segments in preorder (each
/// segment's branches after it): empty when cut down. The first segment is the trunk.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Tree {
    segments: Vec<Segment>,
}

/// A cut: edge `edge` (from 1, counted up each segment in preorder: the trunk's edges from the
/// ground up, then its first branch's, and so on) of tree `tree` (from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cut {
    /// The tree, from 0.
    pub tree: usize,
    /// The edge, from 1.
    pub edge: u64,
}

/// Why heaps are not a forest's encoding, or why a tree is too large, as data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForestProblem {
    /// The numbers end inside a tree opened by [`TREE`].
    #[error(
        "the tree opened at number {at} ends before its last branch: after 10^18 come each segment's length and its number of branches plus one"
    )]
    Ends {
        /// The place (from 1) of the number 10^18 that opened it.
        at: usize,
    },
    /// A segment of a tree written with [`TREE`] has no edge, or a number of branches plus one
    /// that is 0.
    #[error(
        "number {at} is 0: a segment of a tree has at least one edge, and its number of branches is written plus one"
    )]
    Zero {
        /// The place of the number, from 1.
        at: usize,
    },
    /// A tree with more than `u64::MAX` edges.
    #[error("tree {tree} has more than {max} edges", max = u64::MAX)]
    TooLarge {
        /// The tree, from 1.
        tree: usize,
    },
}

impl Tree {
    /// A stalk of `length` edges (empty for 0).
    pub fn stalk(length: u64) -> Tree {
        let segments = if length == 0 {
            Vec::new()
        } else {
            vec![Segment { length, parent: None, branches: Vec::new() }]
        };
        Tree { segments }
    }

    /// The segments, in preorder; the trunk first.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Whether the tree is cut down.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// Whether the tree is a stalk (one segment) or empty.
    pub fn is_stalk(&self) -> bool {
        self.segments.len() <= 1
    }

    /// Its edges in all (never more than `u64::MAX`, which [`decode`] checks).
    pub fn edges(&self) -> u64 {
        self.segments.iter().fold(0u64, |sum, s| sum.saturating_add(s.length))
    }

    /// The number of the first edge of each segment, less one (the edges before it in preorder).
    pub fn starts(&self) -> Vec<u64> {
        let mut at = 0u64;
        self.segments
            .iter()
            .map(|s| {
                let start = at;
                at = at.saturating_add(s.length);
                start
            })
            .collect()
    }

    /// Each segment's value by the colon principle: its length plus the XOR of its branches'
    /// values. Branches come after their segment in preorder, so one pass from the end does it.
    pub fn values(&self) -> Vec<u64> {
        let mut values = vec![0u64; self.segments.len()];
        for i in (0..self.segments.len()).rev() {
            let top = self.top(i, &values);
            // A tree's value is at most its edges, which fit a u64.
            values[i] = self.segments[i].length.saturating_add(top);
        }
        values
    }

    /// The XOR of segment `i`'s branches' values, from `values` of every segment after it.
    fn top(&self, i: usize, values: &[u64]) -> u64 {
        self.segments[i].branches.iter().fold(0, |x, &b| x ^ values[b])
    }

    /// The tree's value: its trunk's (0 when cut down).
    pub fn value(&self) -> u64 {
        self.values().first().copied().unwrap_or(0)
    }

    /// The segment holding edge `edge` (from 1) and the edge's height in it (from 1).
    pub fn locate(&self, edge: u64) -> Option<(usize, u64)> {
        if edge == 0 || edge > self.edges() {
            return None;
        }
        let starts = self.starts();
        let i = starts.partition_point(|&s| s < edge) - 1;
        Some((i, edge - starts[i]))
    }

    /// Calls `visit` with each edge (from 1, in increasing order) whose cut leaves the tree worth
    /// `wanted`, at most one a segment.
    pub fn cuts_to(&self, wanted: u64, visit: &mut dyn FnMut(u64)) {
        if self.segments.is_empty() {
            return;
        }
        let values = self.values();
        let starts = self.starts();
        // The value each segment must be left with; `None` when no cut inside it can do.
        let mut want: Vec<Option<u64>> = vec![None; self.segments.len()];
        want[0] = Some(wanted);
        for i in 0..self.segments.len() {
            let Some(w) = want[i] else { continue };
            let segment = &self.segments[i];
            // Cut at height h: the segment is left worth h - 1.
            if w < segment.length {
                visit(starts[i] + w + 1);
            }
            if w >= segment.length {
                let top = self.top(i, &values);
                for &b in &segment.branches {
                    want[b] = Some((w - segment.length) ^ top ^ values[b]);
                }
            }
        }
    }

    /// The tree after cutting edge `edge` (from 1): what falls is gone, and a segment left with
    /// one branch is one segment with it (so that equal trees are written alike).
    pub fn cut(&self, edge: u64) -> Option<Tree> {
        let (at, height) = self.locate(edge)?;
        let mut lengths: Vec<u64> = self.segments.iter().map(|s| s.length).collect();
        let mut branches: Vec<Vec<usize>> = self.segments.iter().map(|s| s.branches.clone()).collect();
        lengths[at] = height - 1;
        branches[at].clear();
        if height == 1
            && let Some(parent) = self.segments[at].parent
        {
            branches[parent].retain(|&b| b != at);
        }
        Some(rebuild(&lengths, &branches))
    }

    /// The tree in the notation of [`parse_forest`]: `5`, `1(2,3)`.
    pub fn notation(&self) -> String {
        let mut out = String::new();
        if self.segments.is_empty() {
            out.push('0');
            return out;
        }
        // (segment, whether it is being closed)
        let mut stack: Vec<(usize, bool)> = vec![(0, false)];
        let mut first_of_level = true;
        while let Some((i, closing)) = stack.pop() {
            if closing {
                out.push(')');
                first_of_level = false;
                continue;
            }
            if !first_of_level {
                out.push(',');
            }
            let segment = &self.segments[i];
            out.push_str(&segment.length.to_string());
            first_of_level = false;
            if !segment.branches.is_empty() {
                out.push('(');
                first_of_level = true;
                stack.push((i, true));
                for &b in segment.branches.iter().rev() {
                    stack.push((b, false));
                }
            }
        }
        out
    }
}

/// A tree from each segment's length and branches (index 0 the trunk), in its one written form:
/// segments of no edge dropped with what stands on them, a segment with one branch made one
/// segment with it, preorder kept.
fn rebuild(lengths: &[u64], branches: &[Vec<usize>]) -> Tree {
    let mut segments: Vec<Segment> = Vec::new();
    if lengths.first().is_none_or(|&l| l == 0) {
        return Tree::default();
    }
    // (old index, new parent, edges below it that join it into one segment)
    let mut stack: Vec<(usize, Option<usize>, u64)> = vec![(0, None, 0)];
    while let Some((mut i, parent, mut below)) = stack.pop() {
        let mut length = below.saturating_add(lengths[i]);
        loop {
            let live: Vec<usize> = branches[i].iter().copied().filter(|&b| lengths[b] > 0).collect();
            if live.len() == 1 {
                below = length;
                i = live[0];
                length = below.saturating_add(lengths[i]);
                continue;
            }
            let index = segments.len();
            segments.push(Segment { length, parent, branches: Vec::new() });
            if let Some(p) = parent {
                segments[p].branches.push(index);
            }
            for &b in live.iter().rev() {
                stack.push((b, Some(index), 0));
            }
            break;
        }
    }
    // Branches were pushed in reverse, so the stack pops them in order: preorder holds, and each
    // parent's list is in the branches' order.
    Tree { segments }
}

/// The trees of a position's heaps (see the module's documentation), or why they are none.
///
/// ```
/// use nim_engine::hackenbush::{decode, TREE};
///
/// let trees = decode(&[3, TREE, 1, 3, 2, 1, 3, 1]).unwrap();
/// assert_eq!(trees.len(), 2);
/// assert_eq!((trees[0].value(), trees[1].value()), (3, 1 + (2 ^ 3)));
/// ```
pub fn decode(heaps: &[u64]) -> Result<Vec<Tree>, ForestProblem> {
    let mut trees = Vec::new();
    let mut i = 0;
    while i < heaps.len() {
        if heaps[i] != TREE {
            trees.push(Tree::stalk(heaps[i]));
            i += 1;
            continue;
        }
        let opened = i;
        i += 1;
        let mut segments: Vec<Segment> = Vec::new();
        // (segment, branches still to read)
        let mut open: Vec<(usize, u64)> = Vec::new();
        let mut edges = 0u64;
        loop {
            let (Some(&length), Some(&plus)) = (heaps.get(i), heaps.get(i + 1)) else {
                return Err(ForestProblem::Ends { at: opened + 1 });
            };
            if length == 0 {
                return Err(ForestProblem::Zero { at: i + 1 });
            }
            if plus == 0 {
                return Err(ForestProblem::Zero { at: i + 2 });
            }
            edges = edges.checked_add(length).ok_or(ForestProblem::TooLarge { tree: trees.len() + 1 })?;
            let index = segments.len();
            let parent = open.last().map(|&(p, _)| p);
            segments.push(Segment { length, parent, branches: Vec::new() });
            if let Some(p) = parent {
                segments[p].branches.push(index);
                if let Some(top) = open.last_mut() {
                    top.1 -= 1;
                }
            }
            i += 2;
            if plus > 1 {
                open.push((index, plus - 1));
            }
            while open.last().is_some_and(|&(_, left)| left == 0) {
                open.pop();
            }
            if open.is_empty() {
                break;
            }
        }
        trees.push(Tree { segments });
    }
    Ok(trees)
}

/// The heaps of `trees` (see the module's documentation): a stalk as its length, any other tree
/// after [`TREE`].
pub fn encode(trees: &[Tree]) -> Vec<u64> {
    let mut heaps = Vec::new();
    for tree in trees {
        match tree.segments.as_slice() {
            [] => heaps.push(0),
            [one] if one.length != TREE => heaps.push(one.length),
            segments => {
                heaps.push(TREE);
                for s in segments {
                    heaps.push(s.length);
                    heaps.push(s.branches.len() as u64 + 1);
                }
            }
        }
    }
    heaps
}

/// Why a forest written as text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing but spaces.
    #[error(
        "no trees given: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'"
    )]
    Empty,
    /// A character the notation does not use.
    #[error(
        "'{found}' at character {at} is not part of a tree: write stalks as numbers and trees as a trunk with its branches in brackets, such as '3 1(2,3)'"
    )]
    Unexpected {
        /// What was found.
        found: char,
        /// Where, from 1.
        at: usize,
    },
    /// A number missing where a segment's length belongs (`1(,2)`, `()`).
    #[error(
        "a number of edges is missing at character {at}: each trunk and branch is its number of edges, such as '1(2,3)'"
    )]
    Missing {
        /// Where, from 1.
        at: usize,
    },
    /// A bracket opened and never closed, or closed and never opened.
    #[error(
        "the brackets do not match: each '(' after a trunk or branch closes with a ')' after its branches"
    )]
    Brackets,
    /// A segment of no edges.
    #[error("a trunk or branch of 0 edges at character {at}: each has at least one edge")]
    Zero {
        /// Where, from 1.
        at: usize,
    },
    /// A number past `u64::MAX`, or a tree of more edges in all.
    #[error("the number at character {at} is too large: a tree has at most {max} edges", max = u64::MAX)]
    TooLarge {
        /// Where, from 1.
        at: usize,
    },
    /// More segments than [`NOTATION_SEGMENTS_MOST`], in all the trees.
    #[error("more than {most} trunks and branches", most = NOTATION_SEGMENTS_MOST)]
    TooMany,
    /// A second pair of brackets after a segment's first (`3(1,2)(4)`).
    #[error(
        "a second '(' at character {at}: the branches on a trunk or branch are all in one pair of brackets, such as '3(1,2,4)'"
    )]
    Reopened {
        /// Where, from 1.
        at: usize,
    },
}

/// Reads a forest written for people: trees separated by spaces or commas outside brackets, each
/// a number of edges (a stalk; `0` a tree cut down, as [`forest_text`] writes it) or a trunk's
/// number with its branches in brackets, separated by commas, each written the same way:
/// `3 1(2,3) 2(1,1(1,2))`. Answers the position's heaps ([`encode`]).
///
/// ```
/// use nim_engine::hackenbush::{parse_forest, NotationError, TREE};
///
/// assert_eq!(parse_forest("3 4 5"), Ok(vec![3, 4, 5]));
/// assert_eq!(parse_forest("2 1(2,3)"), Ok(vec![2, TREE, 1, 3, 2, 1, 3, 1]));
/// // A trunk with one branch is a stalk.
/// assert_eq!(parse_forest("1(2)"), Ok(vec![3]));
/// assert!(parse_forest("1(2,").is_err());
/// // A segment's branches are in one pair of brackets.
/// assert_eq!(parse_forest("3(1,2)(4)"), Err(NotationError::Reopened { at: 7 }));
/// ```
pub fn parse_forest(text: &str) -> Result<Vec<u64>, NotationError> {
    let mut trees: Vec<Tree> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    // The tree being read: each segment's length and branches; the open segments' indices.
    let mut lengths: Vec<u64> = Vec::new();
    let mut branches: Vec<Vec<usize>> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut edges = 0u64;
    // Whether a segment's number is expected next (inside brackets, after '(' or ',').
    let mut need = false;
    let mut last: Option<usize> = None;
    // Whether the last thing read (spaces aside) closed a bracket: a '(' may not follow.
    let mut closed = false;
    // The segments of the trees already read.
    let mut before = 0usize;
    // Where a tree cut down (`0`) was read, when it was the last thing read: no branch may follow.
    let mut cut_down: Option<usize> = None;
    let finish = |lengths: &mut Vec<u64>, branches: &mut Vec<Vec<usize>>, trees: &mut Vec<Tree>| {
        if !lengths.is_empty() {
            trees.push(rebuild(lengths, branches));
            lengths.clear();
            branches.clear();
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        if c.is_ascii_digit() {
            let from = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[from..i].iter().collect();
            let length: u64 = digits.parse().map_err(|_| NotationError::TooLarge { at })?;
            if length == 0 && open.is_empty() {
                // A tree cut down, as `forest_text` writes it: it keeps its place.
                before += lengths.len();
                finish(&mut lengths, &mut branches, &mut trees);
                trees.push(Tree::default());
                last = None;
                closed = false;
                cut_down = Some(at);
                continue;
            }
            if length == 0 {
                return Err(NotationError::Zero { at });
            }
            cut_down = None;
            if open.is_empty() {
                // A new tree (the last one is done).
                before += lengths.len();
                finish(&mut lengths, &mut branches, &mut trees);
                edges = 0;
            } else if !need {
                return Err(NotationError::Unexpected { found: c, at });
            }
            closed = false;
            edges = edges.checked_add(length).ok_or(NotationError::TooLarge { at })?;
            if before + lengths.len() >= NOTATION_SEGMENTS_MOST {
                return Err(NotationError::TooMany);
            }
            let index = lengths.len();
            lengths.push(length);
            branches.push(Vec::new());
            if let Some(&parent) = open.last() {
                branches[parent].push(index);
            }
            last = Some(index);
            need = false;
            continue;
        }
        match c {
            '(' if closed => return Err(NotationError::Reopened { at }),
            '(' if cut_down.is_some() => return Err(NotationError::Zero { at: cut_down.unwrap_or(at) }),
            '(' => {
                let Some(segment) = last.filter(|_| !need) else { return Err(NotationError::Missing { at }) };
                open.push(segment);
                need = true;
            }
            ')' => {
                if need {
                    return Err(NotationError::Missing { at });
                }
                let Some(segment) = open.pop() else { return Err(NotationError::Brackets) };
                last = Some(segment);
                closed = true;
            }
            ',' if !open.is_empty() => {
                if need {
                    return Err(NotationError::Missing { at });
                }
                need = true;
                closed = false;
            }
            ',' => {
                closed = false;
                cut_down = None;
            }
            c if c.is_whitespace() => {}
            other => return Err(NotationError::Unexpected { found: other, at }),
        }
        i += 1;
    }
    if !open.is_empty() || need {
        return Err(NotationError::Brackets);
    }
    finish(&mut lengths, &mut branches, &mut trees);
    if trees.is_empty() {
        return Err(NotationError::Empty);
    }
    Ok(encode(&trees))
}

/// The trees of a position's heaps in the notation of [`parse_forest`], separated by spaces; a
/// cut-down tree is `0`. `None` when the heaps encode no forest.
pub fn forest_text(heaps: &[u64]) -> Option<String> {
    let trees = decode(heaps).ok()?;
    Some(trees.iter().map(Tree::notation).collect::<Vec<_>>().join(" "))
}

/// The colon principle at work on one tree, as data for the hint's words: the branches on the
/// top of its trunk are worth `sum` together, so the tree is a stalk of `trunk + sum`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Colon {
    /// The tree, from 0.
    pub tree: usize,
    /// The trunk's edges.
    pub trunk: u64,
    /// The first branches' values (each branch is a stalk of its value), `count` of them kept.
    pub branches: [u64; 4],
    /// How many branches the trunk carries (only the first four are kept).
    pub count: usize,
    /// The XOR of every branch's value.
    pub sum: u64,
    /// The tree's value, `trunk + sum`.
    pub value: u64,
}

impl Colon {
    /// The colon principle on tree `index`, when its trunk carries branches.
    fn of(tree: &Tree, index: usize) -> Option<Colon> {
        let trunk = tree.segments.first()?;
        if trunk.branches.is_empty() {
            return None;
        }
        let values = tree.values();
        let mut branches = [0u64; 4];
        for (slot, &b) in branches.iter_mut().zip(&trunk.branches) {
            *slot = values[b];
        }
        Some(Colon {
            tree: index,
            trunk: trunk.length,
            branches,
            count: trunk.branches.len(),
            sum: tree.top(0, &values),
            value: values[0],
        })
    }

    /// The branches' values kept (the first four).
    pub fn branch_values(&self) -> &[u64] {
        &self.branches[..self.count.min(4)]
    }
}

/// Green Hackenbush as a [`Rules`] on a position of heaps that encode trees ([`encode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hackenbush;

impl Hackenbush {
    fn trees(position: &Position) -> Vec<Tree> {
        decode(position.heaps()).unwrap_or_default()
    }

    /// The XOR of the trees' values.
    fn sum(trees: &[Tree]) -> u64 {
        trees.iter().fold(0, |x, t| x ^ t.value())
    }

    /// Calls `visit` with each winning cut, by tree then edge, until it returns false.
    fn visit_wins(trees: &[Tree], visit: &mut dyn FnMut(Cut) -> bool) {
        let sum = Hackenbush::sum(trees);
        if sum == 0 {
            return;
        }
        for (index, tree) in trees.iter().enumerate() {
            let mut edges = Vec::new();
            tree.cuts_to(tree.value() ^ sum, &mut |edge| edges.push(edge));
            for edge in edges {
                if !visit(Cut { tree: index, edge }) {
                    return;
                }
            }
        }
    }

    /// The cut a move names, or why this game has no such move.
    fn cut_of(mv: &Move) -> Result<Cut, MoveError> {
        match *mv {
            Move::Cut { tree, edge } => Ok(Cut { tree, edge }),
            _ => Err(MoveError::NotInThisGame {
                game: GameKind::Hackenbush.title(),
                what: "one tree, cutting one of its edges",
            }),
        }
    }

    fn mv(cut: Cut) -> Move {
        Move::Cut { tree: cut.tree, edge: cut.edge }
    }

    /// The cut on `trees`, checked.
    fn checked(trees: &[Tree], cut: Cut) -> Result<&Tree, MoveError> {
        let tree =
            trees.get(cut.tree).ok_or(MoveError::NoSuchHeap { number: cut.tree + 1, heaps: trees.len() })?;
        if cut.edge == 0 || cut.edge > tree.edges() {
            return Err(MoveError::NoSuchEdge { tree: cut.tree + 1, edges: tree.edges(), edge: cut.edge });
        }
        Ok(tree)
    }

    /// What a cut does, as data for its words.
    fn words_of(trees: &[Tree], cut: Cut) -> MoveWords {
        let falls = trees.get(cut.tree).map_or(0, |tree| {
            let left = tree.cut(cut.edge).map_or(0, |t| t.edges());
            tree.edges() - left
        });
        MoveWords::Cut { tree: cut.tree + 1, edge: cut.edge, falls }
    }

    /// The Grundy view: each tree a Nim heap of its value, with the colon principle on the tree
    /// the best move cuts (or the first tree that branches).
    fn view(trees: &[Tree], best: Option<Cut>) -> GrundyView {
        let values: Vec<u64> = trees.iter().map(Tree::value).collect();
        let sum = values.iter().fold(0, |x, v| x ^ v);
        let working = best.filter(|_| sum != 0).map(|cut| GrundyStep {
            heap: cut.tree,
            from: u128::from(values[cut.tree]),
            to: u128::from(values[cut.tree] ^ sum),
        });
        let reason = match (best, working) {
            (None, _) => GrundyReason::GameOver,
            (Some(cut), Some(step)) => {
                GrundyReason::Win { words: Hackenbush::words_of(trees, cut), step, split: false }
            }
            (Some(cut), None) => GrundyReason::Lost { words: Hackenbush::words_of(trees, cut) },
        };
        let chosen = best.map(|c| c.tree);
        let colon = chosen
            .and_then(|t| Colon::of(&trees[t], t))
            .or_else(|| trees.iter().enumerate().find_map(|(i, t)| Colon::of(t, i)));
        GrundyView {
            game: GameKind::Hackenbush,
            heaps: trees.iter().map(Tree::edges).collect(),
            cells: Vec::new(),
            values: values.iter().map(|&v| u128::from(v)).collect(),
            sum: u128::from(sum),
            nearby: Vec::new(),
            periodic: None,
            pattern: Some(GrundyPattern::Hackenbush { colon }),
            working,
            best: best.map(Hackenbush::mv),
            reason,
            win: sum != 0,
        }
    }

    /// The AI's cut from a lost position past the best try's bound: the top edge of the tree
    /// with the most edges (one edge falls, the game lasts longest).
    fn fallback(trees: &[Tree]) -> Option<Cut> {
        let (index, tree) = trees
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_empty())
            .max_by_key(|(i, t)| (t.edges(), std::cmp::Reverse(*i)))?;
        // The last segment in preorder is a leaf: its top edge drops nothing else.
        Some(Cut { tree: index, edge: tree.edges() })
    }

    /// The first winning cut.
    fn best(trees: &[Tree]) -> Option<Cut> {
        let mut found = None;
        Hackenbush::visit_wins(trees, &mut |cut| {
            found = Some(cut);
            false
        });
        found
    }
}

/// Plays a cut's mechanics on a position that encodes trees (for [`Move::apply_to`]).
pub(crate) fn apply(position: &mut Position, tree: usize, edge: u64) -> Result<(), MoveError> {
    let mut trees = decode(position.heaps()).map_err(|e| MoveError::BadPosition(PositionError::Forest(e)))?;
    let cut = Cut { tree, edge };
    let after = Hackenbush::checked(&trees, cut)?.cut(edge).unwrap_or_default();
    trees[tree] = after;
    *position = Position::new(encode(&trees));
    Ok(())
}

/// Numbers drawn for a start (random, a puzzle's) made trees: heaps that already encode a forest
/// with a tree in it stay; otherwise the first few heaps of 3 edges or more become small trees of
/// that many edges (a trunk with two or three branches), the others stalks, within 16 numbers in
/// all (the most a start holds).
///
/// ```
/// use nim_engine::hackenbush::{decode, fit_heaps};
///
/// let trees = decode(&fit_heaps(vec![5, 3, 4])).unwrap();
/// assert_eq!(trees.iter().map(|t| t.edges()).collect::<Vec<_>>(), [5, 3, 4]);
/// assert!(!trees[0].is_stalk());
/// ```
pub fn fit_heaps(heaps: Vec<u64>) -> Vec<u64> {
    if heaps.contains(&TREE) && decode(&heaps).is_ok() {
        return heaps;
    }
    let mut room = 16usize.saturating_sub(heaps.len());
    let trees: Vec<Tree> = heaps
        .iter()
        .map(|&n| {
            // A tree of three segments costs six numbers more than a stalk.
            if (3..TREE).contains(&n) && room >= 6 {
                room -= 6;
                small_tree(n)
            } else {
                Tree::stalk(n.min(TREE - 1))
            }
        })
        .collect();
    encode(&trees)
}

/// A small tree of `n` (3 or more) edges: a trunk of 1 or 2 with two branches sharing the rest.
fn small_tree(n: u64) -> Tree {
    let trunk = if n.is_multiple_of(3) { 2 } else { 1 };
    let rest = n - trunk;
    let left = rest / 2;
    let right = rest - left;
    if left == 0 {
        return Tree::stalk(n);
    }
    rebuild(&[trunk, left, right], &[vec![1, 2], Vec::new(), Vec::new()])
}

impl Rules for Hackenbush {
    fn kind(&self) -> GameKind {
        GameKind::Hackenbush
    }
    fn mode(&self) -> Mode {
        Mode::Normal
    }
    fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        if position.limit().is_some() {
            return Err(PositionError::UnexpectedLimit);
        }
        decode(position.heaps()).map(|_| ()).map_err(PositionError::Forest)
    }
    fn check(&self, position: &Position, mv: &Move) -> Result<(), MoveError> {
        let cut = Hackenbush::cut_of(mv)?;
        let trees = decode(position.heaps()).map_err(|e| MoveError::BadPosition(PositionError::Forest(e)))?;
        Hackenbush::checked(&trees, cut).map(|_| ())
    }
    fn is_over(&self, position: &Position) -> bool {
        Hackenbush::trees(position).iter().all(Tree::is_empty)
    }
    fn outcome(&self, position: &Position) -> Outcome {
        match Hackenbush::sum(&Hackenbush::trees(position)) {
            0 => Outcome::Lose,
            _ => Outcome::Win,
        }
    }
    fn winning_moves_up_to(&self, position: &Position, limit: usize) -> Vec<Move> {
        let mut moves = Vec::new();
        if limit == 0 {
            return moves;
        }
        Hackenbush::visit_wins(&Hackenbush::trees(position), &mut |cut| {
            moves.push(Hackenbush::mv(cut));
            moves.len() < limit
        });
        moves
    }
    fn winning_move_count(&self, position: &Position) -> Option<u128> {
        let mut count = 0u128;
        Hackenbush::visit_wins(&Hackenbush::trees(position), &mut |_| {
            count += 1;
            true
        });
        Some(count)
    }
    fn ai_move(&self, position: &Position) -> Option<Move> {
        let trees = Hackenbush::trees(position);
        if let Some(cut) = Hackenbush::best(&trees) {
            return Some(Hackenbush::mv(cut));
        }
        super::best_try(self, position, || Hackenbush::fallback(&trees).map(Hackenbush::mv))
    }
    fn move_count(&self, position: &Position) -> u128 {
        Hackenbush::trees(position).iter().map(|t| u128::from(t.edges())).sum()
    }
    fn nth_move(&self, position: &Position, index: u128) -> Option<Move> {
        let mut index = index;
        for (i, tree) in Hackenbush::trees(position).iter().enumerate() {
            let edges = u128::from(tree.edges());
            if index < edges {
                return Some(Hackenbush::mv(Cut { tree: i, edge: index as u64 + 1 }));
            }
            index -= edges;
        }
        None
    }
    fn teach(&self, position: &Position) -> Teaching {
        let trees = Hackenbush::trees(position);
        let best = Hackenbush::best(&trees).or_else(|| Hackenbush::fallback(&trees));
        let best = match Hackenbush::sum(&trees) {
            0 => self.ai_move(position).and_then(|mv| Hackenbush::cut_of(&mv).ok()).or(best),
            _ => best,
        };
        Teaching::Grundy(Box::new(Hackenbush::view(&trees, best)))
    }
    fn move_words(&self, position: &Position, mv: &Move) -> MoveWords {
        match Hackenbush::cut_of(mv) {
            Ok(cut) => Hackenbush::words_of(&Hackenbush::trees(position), cut),
            Err(_) => MoveWords::plain(mv),
        }
    }
    fn write_move(&self, mv: &Move) -> String {
        match mv {
            Move::Cut { tree, edge } => format!("{} cut {edge}", tree + 1),
            other => other.to_string(),
        }
    }
    fn read_move(&self, text: &str) -> Result<Move, String> {
        let words: Vec<&str> = text.split_whitespace().filter(|w| !w.eq_ignore_ascii_case("cut")).collect();
        let usage = || format!("a move is a tree and an edge, such as '2 cut 3', not '{}'", text.trim());
        let [tree, edge] = words.as_slice() else { return Err(usage()) };
        let tree: usize = tree.parse().map_err(|_| usage())?;
        let edge: u64 = edge.parse().map_err(|_| usage())?;
        if tree == 0 || edge == 0 {
            return Err(usage());
        }
        Ok(Move::Cut { tree: tree - 1, edge })
    }
    fn choices(&self, position: &Position) -> usize {
        decode(position.heaps()).map_or(position.len(), |t| t.len())
    }
    fn places(&self, position: &Position, index: usize) -> Places {
        let edges = Hackenbush::trees(position).get(index).map_or(0, Tree::edges);
        Places { open: edges > 0, first: None, skip: None, typed_most: edges }
    }
    fn position_from(&self, numbers: Vec<u64>) -> Vec<u64> {
        fit_heaps(numbers)
    }
    fn size_of(&self, position: &Position) -> u128 {
        self.move_count(position)
    }
    fn forest_view(&self, position: &Position) -> Option<Vec<Tree>> {
        decode(position.heaps()).ok()
    }
    fn has_notation(&self) -> bool {
        true
    }
    fn read_position(&self, text: &str) -> Result<Vec<u64>, ParseHeapsError> {
        parse_forest(text).map_err(ParseHeapsError::Notation)
    }
    fn write_position(&self, position: &Position) -> Option<String> {
        forest_text(position.heaps())
    }
}

impl fmt::Display for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stalk_of_u64_max_is_answered_at_once() {
        let game = Hackenbush;
        let position = Position::new(vec![u64::MAX, 5]);
        assert_eq!(game.outcome(&position), Outcome::Win);
        let moves = game.winning_moves(&position);
        // Leave u64::MAX's stalk worth 5: cut at height 6.
        assert_eq!(moves, [Move::Cut { tree: 0, edge: 6 }]);
        // A trunk of 2^64 - 4 with branches of 1 and 2: worth 2^64 - 4 + (1 ^ 2) = u64::MAX.
        let tree = vec![TREE, u64::MAX - 3, 3, 1, 1, 2, 1];
        assert_eq!(decode(&tree).unwrap()[0].value(), u64::MAX);
        assert_eq!(game.outcome(&Position::new([tree.clone(), vec![u64::MAX]].concat())), Outcome::Lose);
        let moves = game.winning_moves(&Position::new([tree, vec![5]].concat()));
        assert_eq!(moves, [Move::Cut { tree: 0, edge: 6 }]);
    }

    #[test]
    fn the_notation_reads_back() {
        for text in ["3", "1(2,3)", "2(1,1(1,2)) 4", "1(1,1,1)"] {
            let heaps = parse_forest(text).unwrap();
            assert_eq!(forest_text(&heaps).unwrap(), text);
        }
        assert_eq!(parse_forest("1(2,3),4"), parse_forest("1(2,3) 4"));
        assert!(matches!(parse_forest("1(2,,3)"), Err(NotationError::Missing { .. })));
        assert!(matches!(parse_forest("1(2"), Err(NotationError::Brackets)));
        assert!(matches!(parse_forest("1)"), Err(NotationError::Brackets)));
        assert!(matches!(parse_forest("(1)"), Err(NotationError::Missing { .. })));
        assert!(matches!(parse_forest("1(0)"), Err(NotationError::Zero { .. })));
        assert!(matches!(parse_forest("x"), Err(NotationError::Unexpected { .. })));
        assert!(matches!(parse_forest(" "), Err(NotationError::Empty)));
        // A second pair of brackets on one segment is refused, spaces or not; a bracket after
        // a closed one inside a tree's branches too.
        assert_eq!(parse_forest("3(1,2)(4)"), Err(NotationError::Reopened { at: 7 }));
        assert_eq!(parse_forest("3(1,2) (4)"), Err(NotationError::Reopened { at: 8 }));
        assert_eq!(parse_forest("1(2(1,1)(3))"), Err(NotationError::Reopened { at: 9 }));
        // After a comma a tree's branch or a new tree may open its own brackets.
        assert!(parse_forest("1(2(1,1),3(1,1))").is_ok());
        assert!(parse_forest("1(1,1),1(1,1)").is_ok());
        // A tree cut down is 0, and keeps its place; it carries no branch.
        assert_eq!(parse_forest("0 2 0"), Ok(vec![0, 2, 0]));
        assert_eq!(forest_text(&parse_forest("0 1(2,3)").unwrap()).unwrap(), "0 1(2,3)");
        assert_eq!(parse_forest("2 0(1)"), Err(NotationError::Zero { at: 3 }));
    }

    #[test]
    fn the_notation_counts_segments_over_every_tree() {
        let many = vec!["1(1,1)"; NOTATION_SEGMENTS_MOST / 3 + 1].join(" ");
        assert_eq!(parse_forest(&many), Err(NotationError::TooMany));
        let few = vec!["1(1,1)"; NOTATION_SEGMENTS_MOST / 3 - 1].join(" ");
        assert!(parse_forest(&few).is_ok());
    }

    #[test]
    fn a_cut_drops_what_stands_on_it_and_joins_a_lone_branch() {
        let trees = decode(&parse_forest("1(2,3)").unwrap()).unwrap();
        // Edge 2 is the first branch's lowest: the branch falls, the trunk and the other are a
        // stalk of 4.
        assert_eq!(trees[0].cut(2).unwrap().notation(), "4");
        assert_eq!(trees[0].cut(1).unwrap().notation(), "0");
        assert_eq!(trees[0].cut(6).unwrap().notation(), "1(2,2)");
    }
}
