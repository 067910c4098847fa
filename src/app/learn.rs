//! The lessons (`nim-tui learn`): Nim's (the rules, binary numbers, the nim-sum, why a nim-sum of 0
//! loses, finding the winning move, and misère's one change) and Sprague-Grundy's (a subtraction
//! game's Grundy values by the mex rule, and the XOR of them); each step with its picture and a
//! small exercise that the engine checks, and a position to play at once. Progress is kept between
//! runs.

use crate::domain::Action;
use crate::domain::LessonProgress;
use crate::engine::{GameKind, Mode, Move, Position, Rules, Ruleset, analyse, parse_heaps};

use super::{Command, Effect, Msg, Next};

/// What a step asks the player to answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exercise {
    /// Write this number in binary.
    Binary(u64),
    /// The nim-sum of these heaps.
    NimSum(&'static [u64]),
    /// A winning move from these heaps, as "heap count".
    WinningMove(&'static [u64], Mode),
    /// Who wins from these heaps with perfect play: the player to move, or the other one.
    Winner(&'static [u64], Mode),
    /// The Grundy value of a heap of this size in the Sprague-Grundy lesson's game.
    GrundyValue(u64),
    /// Who wins from these heaps of the Sprague-Grundy lesson's game.
    GrundyWinner(&'static [u64]),
    /// A winning move from these heaps of the Sprague-Grundy lesson's game, as "heap count".
    GrundyMove(&'static [u64]),
}

/// The Sprague-Grundy lesson's game: a subtraction game whose moves take 1, 3 or 4 tokens.
pub const GRUNDY_TAKES: [u64; 3] = [1, 3, 4];

/// The Sprague-Grundy lesson's game, as the engine names it.
pub fn grundy_game() -> GameKind {
    // 1, 3 and 4 are within a subtraction set's range; Nim stands in should that ever change.
    crate::engine::SubtractionSet::new(GRUNDY_TAKES).map(GameKind::Subtraction).unwrap_or_default()
}

/// The Grundy value of a heap of `n` in the lesson's game, from the engine.
pub fn grundy_value(n: u64) -> u64 {
    match crate::engine::SubtractionSet::new(GRUNDY_TAKES) {
        Some(set) => crate::engine::Subtraction::new(set).grundy(n),
        None => n,
    }
}

/// The lesson's game, built to answer questions about its positions.
fn grundy_rules() -> Option<crate::engine::Game> {
    crate::engine::Game::new(Ruleset::new(grundy_game(), Mode::Normal)).ok()
}

impl Exercise {
    /// The question, in words.
    pub fn question(self) -> String {
        match self {
            Exercise::Binary(n) => format!("Write {n} in binary:"),
            Exercise::NimSum(heaps) => format!("What is the nim-sum of {}?", Position::new(heaps.to_vec())),
            Exercise::WinningMove(heaps, mode) => format!(
                "Heaps {} in {}: which move wins? Type the heap and how many to take, such as 1 2:",
                Position::new(heaps.to_vec()),
                crate::words::mode_title(mode)
            ),
            Exercise::Winner(heaps, mode) => format!(
                "Heaps {} in {}, your move: with perfect play on both sides, do you win or lose? Type win or lose:",
                Position::new(heaps.to_vec()),
                crate::words::mode_title(mode)
            ),
            Exercise::GrundyValue(n) => {
                format!("What is the Grundy value of a heap of {n}? Type a number:")
            }
            Exercise::GrundyWinner(heaps) => format!(
                "Heaps {}, your move: with perfect play on both sides, do you win or lose? Type win or lose:",
                Position::new(heaps.to_vec())
            ),
            Exercise::GrundyMove(heaps) => format!(
                "Heaps {}: which move wins? Type the heap and how many to take (1, 3 or 4), such as 1 3:",
                Position::new(heaps.to_vec())
            ),
        }
    }

    /// The position the exercise is about, to play at once: its heaps, its game and its mode.
    pub fn position(self) -> Option<(Vec<u64>, GameKind, Mode)> {
        match self {
            Exercise::WinningMove(heaps, mode) | Exercise::Winner(heaps, mode) => {
                Some((heaps.to_vec(), GameKind::Nim, mode))
            }
            Exercise::GrundyWinner(heaps) | Exercise::GrundyMove(heaps) => {
                Some((heaps.to_vec(), grundy_game(), Mode::Normal))
            }
            Exercise::Binary(_) | Exercise::NimSum(_) | Exercise::GrundyValue(_) => None,
        }
    }

    /// Whether `answer` is right, by the engine; with what to say either way.
    pub fn check(self, answer: &str) -> (bool, String) {
        let answer = answer.trim();
        match self {
            Exercise::Binary(n) => {
                let right = format!("{n:b}");
                let typed = answer.trim_start_matches('0');
                if typed == right || (n == 0 && answer.chars().all(|c| c == '0') && !answer.is_empty()) {
                    (true, format!("Right: {n} = {right} in binary."))
                } else {
                    (
                        false,
                        format!("Not quite: {n} is {right} in binary (add the powers of two that are 1)."),
                    )
                }
            }
            Exercise::NimSum(heaps) => {
                let sum = heaps.iter().fold(0, |x, &h| x ^ h);
                match answer.parse::<u64>() {
                    Ok(typed) if typed == sum => {
                        (true, format!("Right: the nim-sum is {sum} ({sum:b} in binary)."))
                    }
                    _ => (
                        false,
                        format!(
                            "Not quite: write the heaps in binary and count the ones in each column; an odd \
                         count gives 1. The nim-sum is {sum}."
                        ),
                    ),
                }
            }
            Exercise::WinningMove(heaps, mode) => {
                let analysis = analyse(heaps, mode);
                let winning = analysis.winning_moves(heaps);
                let shown: Vec<String> = winning.iter().map(|&m| crate::words::take(m)).collect();
                let parsed = parse_heaps(answer).ok().and_then(|words| match words.as_slice() {
                    [heap, take] => Some((*heap, *take)),
                    _ => None,
                });
                let Some((heap, take)) = parsed else {
                    return (
                        false,
                        "Type two numbers: the heap (from 1) and how many to take, such as 1 2.".into(),
                    );
                };
                let right = winning.iter().any(|m| m.number() as u64 == heap && m.take == take);
                if right {
                    (true, format!("Right: {}.", shown.join(", or ")))
                } else {
                    (false, format!("That move loses. The winning move: {}.", shown.join(", or ")))
                }
            }
            Exercise::Winner(heaps, mode) => {
                let wins = analyse(heaps, mode).is_win();
                let typed = match answer.to_ascii_lowercase().as_str() {
                    "win" | "w" | "i win" => Some(true),
                    "lose" | "l" | "i lose" => Some(false),
                    _ => None,
                };
                match typed {
                    None => (false, "Type win or lose.".into()),
                    Some(guess) if guess == wins => (
                        true,
                        match (wins, mode) {
                            (true, _) => "Right: you win, by taking the right tokens.".to_string(),
                            (false, Mode::Normal) => {
                                "Right: you lose; whatever you take, the opponent can answer.".to_string()
                            }
                            (false, Mode::Misere) => {
                                "Right: you lose; in misère the last token is the one nobody wants."
                                    .to_string()
                            }
                        },
                    ),
                    Some(_) => (
                        false,
                        format!(
                            "Not this time: the player to move {} here. Try the moves in your head: what can the \
                             opponent answer to each?",
                            if wins { "wins" } else { "loses" }
                        ),
                    ),
                }
            }
            Exercise::GrundyValue(n) => {
                let value = grundy_value(n);
                let reached: Vec<String> = GRUNDY_TAKES
                    .iter()
                    .filter(|&&t| t <= n)
                    .map(|&t| format!("{} (heap {})", grundy_value(n - t), n - t))
                    .collect();
                let why = match reached.is_empty() {
                    true => "no move at all".to_string(),
                    false => format!("the moves reach {}", reached.join(", ")),
                };
                match answer.parse::<u64>() {
                    Ok(typed) if typed == value => {
                        (true, format!("Right: {why}, and {value} is the smallest number missing."))
                    }
                    _ => (false, format!("Not quite: {why}; the smallest number missing is {value}.")),
                }
            }
            Exercise::GrundyWinner(heaps) => {
                let values: Vec<u64> = heaps.iter().map(|&h| grundy_value(h)).collect();
                let sum = values.iter().fold(0, |x, &v| x ^ v);
                let shown = values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ⊕ ");
                let typed = match answer.to_ascii_lowercase().as_str() {
                    "win" | "w" | "i win" => Some(true),
                    "lose" | "l" | "i lose" => Some(false),
                    _ => None,
                };
                match typed {
                    None => (false, "Type win or lose.".into()),
                    Some(guess) if guess == (sum != 0) => (
                        true,
                        format!(
                            "Right: the Grundy values {shown} = {sum}, so you {}.",
                            if sum != 0 { "win" } else { "lose" }
                        ),
                    ),
                    Some(_) => {
                        (false, format!("Not this time: the Grundy values {shown} = {sum}; only 0 loses."))
                    }
                }
            }
            Exercise::GrundyMove(heaps) => {
                let parsed = parse_heaps(answer).ok().and_then(|words| match words.as_slice() {
                    [heap, take] => Some((*heap, *take)),
                    _ => None,
                });
                let Some(game) = grundy_rules() else { return (false, String::new()) };
                let position = Position::new(heaps.to_vec());
                let winning: Vec<String> = game
                    .winning_moves(&position)
                    .iter()
                    .filter_map(|m| match m {
                        Move::Take(take) => Some(crate::words::take(*take)),
                        _ => None,
                    })
                    .collect();
                let Some((heap, take)) = parsed else {
                    return (
                        false,
                        "Type two numbers: the heap (from 1) and how many to take, such as 1 3.".into(),
                    );
                };
                let mv = Move::take(usize::try_from(heap).unwrap_or(usize::MAX).saturating_sub(1), take);
                match heap >= 1 && game.check(&position, &mv).is_ok() && game.is_winning_move(&position, &mv)
                {
                    true => (true, format!("Right: {}.", winning.join(", or "))),
                    false => (
                        false,
                        format!(
                            "That move does not leave a XOR of 0. The winning move: {}.",
                            winning.join(", or ")
                        ),
                    ),
                }
            }
        }
    }
}

/// One step of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub title: &'static str,
    /// Paragraphs.
    pub text: &'static [&'static str],
    /// What the step shows beside its words.
    pub picture: Picture,
    pub exercise: Option<Exercise>,
}

/// The picture of a step of a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// Heaps as rows of tokens.
    Heaps(&'static [u64]),
    /// Heaps written in binary one under the other, each column's count of ones under them, and
    /// the nim-sum row (hidden while the step's exercise asks for it).
    Binary(&'static [u64]),
    /// The misère example game ([`MISERE_GAME`]) at the move the step shows, as rows of tokens.
    MisereGame,
    /// The Grundy values of the lesson's game for heaps of 0 to `upto`; the value of heap
    /// `hidden` shows as `?` while the exercise asks for it.
    GrundyTable { upto: u64, hidden: Option<u64> },
    /// Heaps of the lesson's game as rows of tokens, each with its Grundy value, and the XOR of
    /// the values (hidden while the exercise asks for it).
    GrundyHeaps(&'static [u64]),
}

/// Which lesson: Nim's, or Sprague-Grundy's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Course {
    #[default]
    Nim,
    SpragueGrundy,
}

impl Course {
    pub const ALL: [Course; 2] = [Course::Nim, Course::SpragueGrundy];

    /// The course's steps, in order.
    pub fn steps(self) -> &'static [Step] {
        match self {
            Course::Nim => &STEPS,
            Course::SpragueGrundy => &GRUNDY_STEPS,
        }
    }

    /// The name a player reads.
    pub fn title(self) -> &'static str {
        match self {
            Course::Nim => "Nim",
            Course::SpragueGrundy => "Sprague-Grundy",
        }
    }

    /// The lesson that teaches the theory of `kind`: Sprague-Grundy for the games valued by
    /// Grundy numbers, Nim's for the others.
    pub fn of(kind: GameKind) -> Course {
        match kind.describe().view {
            crate::engine::ViewKind::Grundy => Course::SpragueGrundy,
            _ => Course::Nim,
        }
    }
}

/// The seeds' misère game from 3 4 5, move by move: (heaps after, what happened).
pub const MISERE_GAME: [(&[u64], &str); 8] = [
    (&[3, 4, 5], "The start: nim-sum 3 ⊕ 4 ⊕ 5 = 2, so the first player can win."),
    (&[1, 4, 5], "First player takes 2 from heap 1: nim-sum 0, as in normal play."),
    (&[1, 4, 3], "Second player takes 2 from heap 3 (nim-sum 6)."),
    (&[1, 2, 3], "First player takes 2 from heap 2: nim-sum 0 again."),
    (&[1, 2, 2], "Second player takes 1 from heap 3 (nim-sum 1)."),
    (&[0, 2, 2], "First player takes 1 from heap 1: nim-sum 0."),
    (
        &[0, 2, 1],
        "Second player takes 1 from heap 3. Normal play would take 1 from heap 2 to leave two heaps of one; misère takes all of heap 2 to leave ONE heap of one, an odd number.",
    ),
    (&[0, 0, 1], "First player took heap 2: the second player must take the last token, and loses."),
];

/// The lesson, in order.
pub const STEPS: [Step; 7] = [
    Step {
        title: "The rules",
        text: &[
            "Nim is played with heaps of tokens. Two players take turns; a move takes one or more tokens from a single heap (any number, up to the whole heap).",
            "In normal play, whoever takes the last token wins. In misère, whoever takes the last token loses.",
            "Every game of Nim can be played perfectly by a simple calculation. This lesson shows you how.",
            "A first one to think through: two heaps of one token each. Whatever you take, one token is left for the other player.",
        ],
        picture: Picture::Heaps(&[1, 1]),
        exercise: Some(Exercise::Winner(&[1, 1], Mode::Normal)),
    },
    Step {
        title: "Numbers in binary",
        text: &[
            "Every whole number is a sum of different powers of two: 1, 2, 4, 8, 16, ... Write a 1 for each power used and a 0 for each one not used, largest first.",
            "5 = 4 + 1, so 5 is 101 in binary. 6 = 4 + 2 is 110. 3 = 2 + 1 is 011 (leading zeros change nothing).",
        ],
        picture: Picture::Binary(&[5, 6, 3]),
        exercise: Some(Exercise::Binary(11)),
    },
    Step {
        title: "The nim-sum: adding without carrying",
        text: &[
            "Write each heap in binary, one under the other, and look at each column on its own. If the column holds an odd number of ones, the sum has a 1 there; if even, a 0. Nothing is carried. This sum is written ⊕ and called the nim-sum (programmers know it as XOR).",
            "3 ⊕ 5: 011 and 101. The 4s column has one 1, the 2s column one, the 1s column two. So 3 ⊕ 5 = 110 = 6.",
        ],
        picture: Picture::Binary(&[3, 4, 5]),
        exercise: Some(Exercise::NimSum(&[3, 4, 5])),
    },
    Step {
        title: "Why a nim-sum of 0 loses",
        text: &[
            "If the nim-sum is 0, every column has an even number of ones. A move changes one heap, so it changes at least one of its binary digits: that column becomes odd, and the nim-sum is no longer 0.",
            "If the nim-sum is not 0, a move back to 0 always exists: take the highest 1 of the nim-sum, find a heap with a 1 in that column, and turn it into heap ⊕ nim-sum, which is smaller, so it is a legal move.",
            "So the player who leaves a nim-sum of 0 can always answer with another 0, until the heaps are all empty, which is a nim-sum of 0 too: in normal play they take the last token and win.",
        ],
        picture: Picture::Binary(&[1, 2, 3]),
        exercise: Some(Exercise::NimSum(&[1, 2, 3])),
    },
    Step {
        title: "Finding the winning move",
        text: &[
            "Worked example, heaps 3 4 5: 011 ⊕ 100 ⊕ 101 = 010, so the nim-sum is 2. Its highest 1 is in the 2s column; only heap 1 (3 = 011) has a 1 there. Heap 1 becomes 3 ⊕ 2 = 1, so take 2 from heap 1, leaving 1 4 5 with nim-sum 0.",
            "The same works for any heaps: the heaps with a 1 in the nim-sum's highest column are exactly the ones that can be reduced, each to heap ⊕ nim-sum.",
        ],
        picture: Picture::Binary(&[2, 5, 6]),
        exercise: Some(Exercise::WinningMove(&[2, 5, 6], Mode::Normal)),
    },
    Step {
        title: "Misère: one change at the end",
        text: &[
            "In misère, play exactly as in normal play, with one exception: when your move would leave no heap of two or more tokens, leave an ODD number of heaps of one (normal play would leave an even number). The opponent then has to take the last token.",
            "Below, the misère game from 3 4 5, move by move: step through it with ↑/↓.",
        ],
        picture: Picture::MisereGame,
        exercise: Some(Exercise::WinningMove(&[0, 2, 1], Mode::Misere)),
    },
    Step {
        title: "You are ready",
        text: &[
            "That is the whole strategy: keep the nim-sum at 0, and in misère leave an odd number of heaps of one at the very end.",
            "Try it against the perfect AI (with the binary view, b, to see the columns), or solve puzzles: positions with exactly one winning move.",
            "A last one, all of it together. Marienbad, the heaps 1 3 5 7 of Resnais's film, is lost for the player to move (its nim-sum is 0); here the last heap holds one token fewer.",
        ],
        picture: Picture::Heaps(&[1, 3, 5, 6]),
        exercise: Some(Exercise::WinningMove(&[1, 3, 5, 6], Mode::Normal)),
    },
];

/// The Sprague-Grundy lesson, in order: a subtraction game (take 1, 3 or 4), its Grundy values by
/// the mex rule, and the XOR of the values over several heaps.
pub const GRUNDY_STEPS: [Step; 5] = [
    Step {
        title: "Another game: take 1, 3 or 4",
        text: &[
            "Heaps of tokens again, but a move takes exactly 1, 3 or 4 tokens from one heap. Whoever takes the last token wins.",
            "The nim-sum of the heap sizes no longer tells who wins: from one heap of 2 the only move takes 1 and leaves 1, which the opponent takes. A heap of 2 is lost for the player to move, although 2 is not 0.",
            "Games like this one, where both players have the same moves, are impartial games. Each of their positions is worth a number, its Grundy value, that plays the part of a heap size in Nim.",
        ],
        picture: Picture::Heaps(&[2]),
        exercise: Some(Exercise::GrundyWinner(&[2])),
    },
    Step {
        title: "The mex rule",
        text: &[
            "The Grundy value of a position is the mex (minimum excludant) of the values of the positions one move reaches: the smallest whole number that is not among them.",
            "An empty heap has no move: the mex of nothing is 0. A heap of 1 reaches 0 (value 0), so it is worth 1. A heap of 2 reaches only 1 (value 1), so it is worth 0. A heap of 4 reaches 3, 1 and 0, worth 1, 1 and 0: it is worth 2.",
            "A position worth 0 is lost for the player to move; any other value wins, by moving to a 0.",
        ],
        picture: Picture::GrundyTable { upto: 13, hidden: Some(7) },
        exercise: Some(Exercise::GrundyValue(7)),
    },
    Step {
        title: "The values repeat",
        text: &[
            "Carry on, and the values of this game repeat every 7 heaps: 0 1 0 1 2 3 2, then again 0 1 0 1 2 3 2, for ever. Many subtraction games are periodic like this, so a table of one period answers for every heap size.",
        ],
        picture: Picture::GrundyTable { upto: 20, hidden: Some(19) },
        exercise: Some(Exercise::GrundyValue(19)),
    },
    Step {
        title: "Several heaps: the XOR of the values",
        text: &[
            "The Sprague-Grundy theorem: a game made of several heaps is worth the nim-sum (XOR) of its heaps' Grundy values. Each heap plays like a Nim heap of its value.",
            "So the player to move loses exactly when the XOR of the values is 0. Heaps 4 and 6 are worth 2 and 2: 2 ⊕ 2 = 0, lost for the player to move.",
        ],
        picture: Picture::GrundyHeaps(&[5, 6, 9]),
        exercise: Some(Exercise::GrundyWinner(&[5, 6, 9])),
    },
    Step {
        title: "Finding the winning move",
        text: &[
            "As in Nim: work out the XOR of the values, then find a move that changes one heap's value so that the XOR becomes 0. The heap's value must fall to (its value ⊕ the XOR), and a move can only reach values the mex rule listed for it.",
            "Then play it: the same reasoning wins Kayles, Dawson's Kayles and every subtraction game in this program (their theory view shows the values).",
        ],
        picture: Picture::GrundyHeaps(&[4, 7, 12]),
        exercise: Some(Exercise::GrundyMove(&[4, 7, 12])),
    },
];

/// The lesson screen's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    /// Which lesson.
    pub course: Course,
    /// The step shown, counting from 0.
    pub step: usize,
    /// The answer being typed.
    pub input: String,
    /// What the last answer got: right or not, and what to say.
    pub feedback: Option<(bool, String)>,
    /// Whether each step's exercise was answered right.
    pub done: Vec<bool>,
    /// How far into the misère example game the step shows.
    pub replay_at: usize,
    /// Opened from the start menu, so that leaving goes back there.
    pub from_menu: bool,
    /// Opened from a game, so that leaving goes back to it.
    pub from_game: bool,
    /// The progress of both lessons, this one's kept up to date in [`Lesson::progress`].
    kept: LessonProgress,
}

impl Lesson {
    /// The Nim lesson where `progress` left it.
    pub fn new(progress: &LessonProgress, from_menu: bool) -> Lesson {
        Lesson::of(Course::Nim, progress, from_menu)
    }

    /// The lesson `course` where `progress` left it.
    pub fn of(course: Course, progress: &LessonProgress, from_menu: bool) -> Lesson {
        let steps = course.steps();
        let (step, mut done) = match course {
            Course::Nim => (progress.step, progress.done.clone()),
            Course::SpragueGrundy => (progress.grundy_step, progress.grundy_done.clone()),
        };
        done.resize(steps.len(), false);
        Lesson {
            course,
            step: step.min(steps.len() - 1),
            input: String::new(),
            feedback: None,
            done,
            replay_at: 0,
            from_menu,
            from_game: false,
            kept: progress.clone(),
        }
    }

    /// The lesson's steps.
    pub fn steps(&self) -> &'static [Step] {
        self.course.steps()
    }

    pub fn current(&self) -> &'static Step {
        &self.steps()[self.step]
    }

    /// The progress to keep: this lesson's as it is now, the other's as it was.
    pub fn progress(&self) -> LessonProgress {
        let mut progress = self.kept.clone();
        match self.course {
            Course::Nim => (progress.step, progress.done) = (self.step, self.done.clone()),
            Course::SpragueGrundy => {
                (progress.grundy_step, progress.grundy_done) = (self.step, self.done.clone())
            }
        }
        progress
    }

    /// Whether the step's exercise waits for an answer.
    pub fn asking(&self) -> bool {
        self.current().exercise.is_some() && !self.done[self.step]
    }

    /// The position of the step's exercise, which a key starts a game of: on the last step always,
    /// on the others once the exercise is done.
    pub fn playable(&self) -> Option<(Vec<u64>, GameKind, Mode)> {
        let last = self.step + 1 == self.steps().len();
        let position = self.current().exercise.and_then(Exercise::position)?;
        // A game needs a token to take.
        (position.0.iter().any(|&h| h > 0) && (last || !self.asking())).then_some(position)
    }

    /// Whether `c` is typed into the answer.
    pub fn accepts(&self, c: char) -> bool {
        // "win" or "lose" is typed letter by letter; q and the other keys still act.
        let word = matches!(self.current().exercise, Some(Exercise::Winner(..) | Exercise::GrundyWinner(_)))
            && "winlose".contains(c.to_ascii_lowercase());
        self.asking() && (c.is_ascii_digit() || c == ' ' || c == ',' || word)
    }

    pub fn commands(&self) -> Vec<Command> {
        let asking = self.asking();
        let last = self.step + 1 == self.steps().len();
        let misere = self.current().picture == Picture::MisereGame;
        let back = match (self.from_game, self.from_menu) {
            (true, _) => ("back to the game", "game"),
            (false, true) => ("back to the menu", "menu"),
            (false, false) => ("quit", "quit"),
        };
        vec![
            Command::new(Action::Take, if asking { "check the answer" } else { "next step" })
                .bar(if asking { "check" } else { "next" })
                .when(asking || !last),
            Command::new(Action::NewGame, "play this position now")
                .bar("play it")
                .when(self.playable().is_some()),
            Command::new(Action::More, "next step").bar("step").when(!last),
            Command::new(Action::Less, "previous step").when(self.step > 0),
            Command::new(Action::Lesson, "the other lesson (Nim, Sprague-Grundy)").bar("other lesson"),
            Command::new(Action::Up, "the example game: one move back").when(misere && self.replay_at > 0),
            Command::new(Action::Down, "the example game: one move on")
                .when(misere && self.replay_at + 1 < MISERE_GAME.len()),
            Command::new(Action::Erase, "erase a typed character").when(!self.input.is_empty()),
            Command::new(Action::Help, "keys").bar("keys"),
            Command::new(Action::Quit, back.0).bar(back.1),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let Msg::Key { action, ch } = msg else { return Next::NOTHING };
        if let Some(c) = ch.filter(|&c| self.accepts(c)) {
            if self.input.chars().count() < 40 {
                self.input.push(c);
            }
            return Next::NOTHING;
        }
        let Some(action) = action else { return Next::NOTHING };
        match action {
            Action::Quit if self.from_game => return Next::BackToGame,
            Action::Quit => return if self.from_menu { Next::Menu } else { Next::Quit },
            Action::NewGame => {
                if let Some((heaps, game, mode)) = self.playable() {
                    return Next::PlayLesson { heaps, game, mode };
                }
            }
            Action::Lesson => {
                let other = match self.course {
                    Course::Nim => Course::SpragueGrundy,
                    Course::SpragueGrundy => Course::Nim,
                };
                let (from_menu, from_game) = (self.from_menu, self.from_game);
                *self = Lesson::of(other, &self.progress(), from_menu);
                self.from_game = from_game;
            }
            Action::Take if self.asking() => {
                let Some(exercise) = self.current().exercise else { return Next::NOTHING };
                let (right, say) = exercise.check(&self.input);
                self.feedback = Some((right, say));
                if right {
                    self.done[self.step] = true;
                    self.input.clear();
                    return Next::Stay(Effect::SaveLesson(self.progress()));
                }
            }
            Action::Take | Action::More => return self.go_to(self.step + 1),
            Action::Less => return self.go_to(self.step.saturating_sub(1)),
            Action::Up => self.replay_at = self.replay_at.saturating_sub(1),
            Action::Down => self.replay_at = (self.replay_at + 1).min(MISERE_GAME.len() - 1),
            Action::Erase => {
                self.input.pop();
            }
            _ => {}
        }
        Next::NOTHING
    }

    fn go_to(&mut self, step: usize) -> Next {
        let step = step.min(self.steps().len() - 1);
        if step == self.step {
            return Next::NOTHING;
        }
        self.step = step;
        self.input.clear();
        self.feedback = None;
        self.replay_at = 0;
        Next::Stay(Effect::SaveLesson(self.progress()))
    }
}

/// The rules of `kind` on one page, for the help: Nim's (the binary view's game) are [`RULES`];
/// the other games say their rule, their conventions, the winning strategy (by the view that
/// teaches it) and their own keys (by the shape of their moves).
pub fn rules_of(kind: crate::engine::GameKind) -> Vec<String> {
    use crate::engine::{Alternative, Cap, MoveShape, ViewKind};
    let described = kind.describe();
    if described.view == ViewKind::Binary {
        return RULES.iter().map(|rule| rule.to_string()).collect();
    }
    let title = crate::words::capitalised(&kind.title());
    let mut rules = vec![format!("{title}: {}.", crate::words::rule(kind))];
    rules.push("Normal play: whoever makes the last move wins.".into());
    match described.has_misere {
        true => rules.push("Misère: whoever makes the last move loses.".into()),
        false => rules.push("Played in normal play only (no misère form).".into()),
    }
    let strategy = match (described.view, described.shape) {
        (ViewKind::Columns, MoveShape::UpToHeaps(k)) => format!(
            "Perfect play: count the heaps with a 1 in each binary column, and leave every count a \
             multiple of {}.",
            k + 1
        ),
        (ViewKind::Grundy, _) => {
            "Perfect play (Sprague-Grundy): each heap is worth a Grundy value, the smallest \
             value none of its moves reaches; leave the XOR of the values at 0, as in Nim."
                .to_string()
        }
        (ViewKind::Pairs, _) => {
            "Perfect play: leave a losing pair (⌊nφ⌋, ⌊nφ²⌋), φ the golden ratio: (0, 0), \
             (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)..."
                .to_string()
        }
        (ViewKind::Zeckendorf, _) => "Perfect play: write the heap as a sum of Fibonacci numbers, no two \
             neighbours (Zeckendorf), and take the smallest term when the limit allows it."
            .to_string(),
        _ => String::new(),
    };
    let keys = match (described.shape, described.shape.alternative()) {
        (MoveShape::UpToHeaps(k), _) => format!(
            "Keys: up and down choose a heap, each keeping its own count (0: none); Enter takes \
                 from every heap with a count, at most {k} of them."
        ),
        (_, Some(Alternative::Split)) => {
            "Keys: s switches between taking and splitting the heap; left and right choose how many stay in it."
                .to_string()
        }
        (_, Some(Alternative::TwoPins)) => "Keys: left and right move along the row to the pin; s switches between \
                                one pin and two neighbouring pins."
            .to_string(),
        (_, Some(Alternative::Both)) => {
            "Keys: s switches between taking from one heap and the same number from both.".to_string()
        }
        (MoveShape::Pins { .. }, None) => {
            "Keys: left and right move along the row to the first of the two pins.".to_string()
        }
        (MoveShape::OneHeap { cap: Cap::Limit }, _) => {
            "Keys: as in Nim; the count stops at the most this move may take.".to_string()
        }
        _ => "Keys: as in Nim; a count the game does not allow is refused.".to_string(),
    };
    rules.extend([strategy, keys]);
    rules
}

/// The rules of both conventions on one page, for the help.
pub const RULES: [&str; 4] = [
    "Nim: heaps of tokens; two players take turns; a move takes one or more tokens from one heap.",
    "Normal play: whoever takes the last token wins.",
    "Misère: whoever takes the last token loses.",
    "Perfect play: keep the nim-sum (binary addition without carrying) at 0; in misère, when no heap of two or more would be left, leave an odd number of heaps of one.",
];
