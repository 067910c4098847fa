//! The games' words in English, in one place: the engine describes each game with values
//! ([`crate::engine::Words`]: what a heap is, what it holds, what a move does), and this module
//! turns them into text for every screen, message and file that speaks of a game. A second
//! language would be a second set of these functions.

use crate::engine::{Cap, GameKind, HeapNoun, LastMove, LeastReason, Mode, MoveShape, Unit, Verb};

/// What a heap of `kind` is called: `heap` or `row`.
pub fn heap(kind: GameKind) -> &'static str {
    match kind.describe().words.heap {
        HeapNoun::Heap => "heap",
        HeapNoun::Row => "row",
    }
}

/// What a heap of `kind` holds, in the plural: `tokens` or `pins`.
pub fn units(kind: GameKind) -> &'static str {
    match kind.describe().words.unit {
        Unit::Token => "tokens",
        Unit::Pin => "pins",
    }
}

/// What a move of `kind` does, in the infinitive: `take` or `knock down`.
pub fn verb(kind: GameKind) -> &'static str {
    match kind.describe().words.verb {
        Verb::Take => "take",
        Verb::KnockDown => "knock down",
    }
}

/// What the winner did in normal play, after their name: `took the last token`.
pub fn last_move(last: LastMove) -> &'static str {
    match last {
        LastMove::TookLastToken => "took the last token",
        LastMove::KnockedDownLastPin => "knocked down the last pin",
        LastMove::MadeLastMove => "made the last move",
    }
}

/// How the normal-play convention reads for `kind`: `whoever takes the last token wins`.
pub fn normal_play(kind: GameKind) -> &'static str {
    match kind.describe().words.last {
        LastMove::TookLastToken => "whoever takes the last token wins",
        LastMove::KnockedDownLastPin => "whoever knocks down the last pin wins",
        LastMove::MadeLastMove => "whoever makes the last move wins",
    }
}

/// Whether the moves of `kind` read as plain takes, "2 from heap 1": a game whose every move
/// takes any number from one heap (Nim). Other games' moves are told in their own words
/// ([`crate::engine::Rules::describe_move`]).
pub fn plain_takes(kind: GameKind) -> bool {
    matches!(kind.describe().shape, MoveShape::OneHeap { cap: Cap::None })
}

/// The convention in a few words, in the game's own terms: `last token wins`, `last pin loses`.
pub fn short_rule(kind: GameKind, mode: Mode) -> &'static str {
    match (kind.describe().words.last, mode) {
        (LastMove::TookLastToken, Mode::Normal) => "last token wins",
        (LastMove::TookLastToken, Mode::Misere) => "last token loses",
        (LastMove::KnockedDownLastPin, Mode::Normal) => "last pin wins",
        (LastMove::KnockedDownLastPin, Mode::Misere) => "last pin loses",
        (LastMove::MadeLastMove, Mode::Normal) => "last move wins",
        (LastMove::MadeLastMove, Mode::Misere) => "last move loses",
    }
}

/// Why a heap starts with more than one token, after the rule that says so.
pub fn least_reason(why: LeastReason) -> &'static str {
    match why {
        LeastReason::FirstMoveNotAll => "the first move may not take them all",
        LeastReason::NoMove => "a smaller one allows no move",
    }
}
