//! The lessons (`nim-tui learn`): Nim's (the rules, binary numbers, the nim-sum, why a nim-sum of 0
//! loses, finding the winning move, and misère's one change) and Sprague-Grundy's (a subtraction
//! game's Grundy values by the mex rule, and the XOR of them); each step with its picture and a
//! small exercise that the engine checks, and a position to play at once. Progress is kept between
//! runs.

use crate::domain::Action;
use crate::domain::LessonProgress;
use crate::engine::{GameKind, Mode, Move, Position, Rules, Ruleset, analyse, parse_heaps};
use crate::i18n::{self, Arg};

use super::{Command, Effect, Msg, Next};
use crate::i18n::Language;

/// An answer given to an exercise, kept as it was typed: what the lesson says of it is written
/// when drawn, in the viewer's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    /// The answer was right.
    pub right: bool,
    exercise: Exercise,
    answer: String,
}

impl Feedback {
    /// What the lesson says of the answer, in `lang`.
    pub fn text(&self, lang: Language) -> String {
        self.exercise.check(lang, &self.answer).1
    }
}

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

/// A convention as the exercises' messages select on it.
fn mode_arg(mode: Mode) -> Arg {
    Arg::from(match mode {
        Mode::Normal => "normal",
        Mode::Misere => "misere",
    })
}

/// Heaps as the lesson writes a position: `3 4 5`.
fn heaps_arg(heaps: &[u64]) -> Arg {
    Arg::from(Position::new(heaps.to_vec()).to_string())
}

/// A move the lesson names: `take 2 from heap 1`.
fn take_text(lang: Language, heap: usize, take: u64) -> String {
    i18n::text_with(
        lang,
        "lesson-move",
        &[("heap", Arg::from(heap.to_string())), ("take", Arg::from(take.to_string()))],
    )
}

/// Moves, one or several: `take 2 from heap 1, or take 1 from heap 3`.
fn moves_text(lang: Language, moves: &[String]) -> String {
    moves.join(&i18n::text(lang, "lesson-moves-or"))
}

/// What the player typed for "win or lose": `Some(true)` for a win.
fn win_or_lose(answer: &str) -> Option<bool> {
    match answer.to_lowercase().as_str() {
        "win" | "w" | "i win" | "赢" | "胜" | "我赢" => Some(true),
        "lose" | "l" | "i lose" | "输" | "负" | "我输" => Some(false),
        _ => None,
    }
}

/// A full-width digit, space or comma, as a Chinese input method may type them, as its ASCII
/// self; any other character as it is.
fn half_width(c: char) -> char {
    match c {
        '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or(c),
        '\u{3000}' => ' ',
        '，' => ',',
        _ => c,
    }
}

/// The characters that answer "win or lose", in either language.
const WIN_OR_LOSE: &str = "winlose赢胜输负我";

impl Exercise {
    /// The question, in words.
    pub fn question(self, lang: Language) -> String {
        match self {
            Exercise::Binary(n) => {
                i18n::text_with(lang, "lesson-ask-binary", &[("n", Arg::from(n.to_string()))])
            }
            Exercise::NimSum(heaps) => {
                let terms = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ⊕ ");
                i18n::text_with(
                    lang,
                    "lesson-ask-nim-sum",
                    &[("heaps", heaps_arg(heaps)), ("terms", Arg::from(terms))],
                )
            }
            Exercise::WinningMove(heaps, mode) => i18n::text_with(
                lang,
                "lesson-ask-winning-move",
                &[("heaps", heaps_arg(heaps)), ("mode", mode_arg(mode))],
            ),
            Exercise::Winner(heaps, mode) => i18n::text_with(
                lang,
                "lesson-ask-winner",
                &[("heaps", heaps_arg(heaps)), ("mode", mode_arg(mode))],
            ),
            Exercise::GrundyValue(n) => {
                i18n::text_with(lang, "lesson-ask-grundy-value", &[("n", Arg::from(n.to_string()))])
            }
            Exercise::GrundyWinner(heaps) => {
                i18n::text_with(lang, "lesson-ask-grundy-winner", &[("heaps", heaps_arg(heaps))])
            }
            Exercise::GrundyMove(heaps) => {
                i18n::text_with(lang, "lesson-ask-grundy-move", &[("heaps", heaps_arg(heaps))])
            }
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

    /// Whether the exercise is answered "win" or "lose" rather than with numbers.
    pub fn wants_win_or_lose(self) -> bool {
        matches!(self, Exercise::Winner(..) | Exercise::GrundyWinner(_))
    }

    /// Whether `answer` is right, by the engine; with what to say either way, in the language of
    /// the moment.
    pub fn check(self, lang: Language, answer: &str) -> (bool, String) {
        self.check_in(lang, answer)
    }

    /// Whether `answer` is right: the verdict, which no language changes.
    pub fn is_right(self, answer: &str) -> bool {
        self.check_in(Language::English, answer).0
    }

    fn check_in(self, lang: Language, answer: &str) -> (bool, String) {
        let answer = answer.trim();
        let number = |n: u64| Arg::from(n.to_string());
        match self {
            Exercise::Binary(n) => {
                let right = format!("{n:b}");
                let typed = answer.trim_start_matches('0');
                let args = [("n", number(n)), ("binary", Arg::from(right.clone()))];
                if typed == right || (n == 0 && answer.chars().all(|c| c == '0') && !answer.is_empty()) {
                    (true, i18n::text_with(lang, "lesson-binary-right", &args))
                } else {
                    (false, i18n::text_with(lang, "lesson-binary-wrong", &args))
                }
            }
            Exercise::NimSum(heaps) => {
                let sum = heaps.iter().fold(0, |x, &h| x ^ h);
                let args = [("sum", number(sum)), ("binary", Arg::from(format!("{sum:b}")))];
                match answer.parse::<u64>() {
                    Ok(typed) if typed == sum => (true, i18n::text_with(lang, "lesson-nim-sum-right", &args)),
                    _ => (false, i18n::text_with(lang, "lesson-nim-sum-wrong", &args)),
                }
            }
            Exercise::WinningMove(heaps, mode) => {
                let analysis = analyse(heaps, mode);
                let winning = analysis.winning_moves(heaps);
                let shown: Vec<String> =
                    winning.iter().map(|&m| take_text(lang, m.number(), m.take)).collect();
                let parsed = parse_heaps(answer).ok().and_then(|words| match words.as_slice() {
                    [heap, take] => Some((*heap, *take)),
                    _ => None,
                });
                let Some((heap, take)) = parsed else {
                    return (
                        false,
                        i18n::text_with(lang, "lesson-type-move", &[("example", Arg::from("1 2"))]),
                    );
                };
                let right = winning.iter().any(|m| m.number() as u64 == heap && m.take == take);
                let args = [("moves", Arg::from(moves_text(lang, &shown)))];
                // A move the rules do not allow is not judged as a losing one.
                let holds =
                    usize::try_from(heap).ok().and_then(|h| h.checked_sub(1)).and_then(|h| heaps.get(h));
                if !holds.is_some_and(|&holds| (1..=holds).contains(&take)) {
                    return (false, i18n::text(lang, "lesson-move-illegal"));
                }
                if right {
                    (true, i18n::text_with(lang, "lesson-move-right", &args))
                } else {
                    (false, i18n::text_with(lang, "lesson-move-loses", &args))
                }
            }
            Exercise::Winner(heaps, mode) => {
                let wins = analyse(heaps, mode).is_win();
                match win_or_lose(answer) {
                    None => (false, i18n::text(lang, "lesson-type-win-lose")),
                    Some(guess) if guess == wins => (
                        true,
                        match (wins, mode) {
                            (true, _) => i18n::text(lang, "lesson-winner-right-win"),
                            (false, Mode::Normal) => i18n::text(lang, "lesson-winner-right-lose"),
                            (false, Mode::Misere) => i18n::text(lang, "lesson-winner-right-lose-misere"),
                        },
                    ),
                    Some(_) => (
                        false,
                        i18n::text_with(
                            lang,
                            "lesson-winner-wrong",
                            &[("outcome", Arg::from(if wins { "win" } else { "lose" }))],
                        ),
                    ),
                }
            }
            Exercise::GrundyValue(n) => {
                let value = grundy_value(n);
                let reached: Vec<String> = GRUNDY_TAKES
                    .iter()
                    .filter(|&&t| t <= n)
                    .map(|&t| {
                        i18n::text_with(
                            lang,
                            "lesson-grundy-reached",
                            &[("value", number(grundy_value(n - t))), ("heap", number(n - t))],
                        )
                    })
                    .collect();
                let why = match reached.is_empty() {
                    true => i18n::text(lang, "lesson-grundy-no-move"),
                    false => i18n::text_with(
                        lang,
                        "lesson-grundy-reaches",
                        &[("list", Arg::from(reached.join(&i18n::text(lang, "lesson-list-separator"))))],
                    ),
                };
                let args = [("why", Arg::from(why)), ("value", number(value))];
                match answer.parse::<u64>() {
                    Ok(typed) if typed == value => {
                        (true, i18n::text_with(lang, "lesson-grundy-value-right", &args))
                    }
                    _ => (false, i18n::text_with(lang, "lesson-grundy-value-wrong", &args)),
                }
            }
            Exercise::GrundyWinner(heaps) => {
                let values: Vec<u64> = heaps.iter().map(|&h| grundy_value(h)).collect();
                let sum = values.iter().fold(0, |x, &v| x ^ v);
                let shown = values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ⊕ ");
                // A lone heap is answered in words of its own (before XOR is taught): `heaps`, `heap`.
                let args = [
                    ("values", Arg::from(shown)),
                    ("sum", number(sum)),
                    ("outcome", Arg::from(if sum != 0 { "win" } else { "lose" })),
                    ("heaps", Arg::from(heaps.len())),
                    ("heap", Arg::from(heaps.first().copied().unwrap_or_default())),
                ];
                match win_or_lose(answer) {
                    None => (false, i18n::text(lang, "lesson-type-win-lose")),
                    Some(guess) if guess == (sum != 0) => {
                        (true, i18n::text_with(lang, "lesson-grundy-winner-right", &args))
                    }
                    Some(_) => (false, i18n::text_with(lang, "lesson-grundy-winner-wrong", &args)),
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
                        Move::Take(take) => Some(take_text(lang, take.number(), take.take)),
                        _ => None,
                    })
                    .collect();
                let Some((heap, take)) = parsed else {
                    return (
                        false,
                        i18n::text_with(lang, "lesson-type-move", &[("example", Arg::from("1 3"))]),
                    );
                };
                let mv = Move::take(usize::try_from(heap).unwrap_or(usize::MAX).saturating_sub(1), take);
                let args = [("moves", Arg::from(moves_text(lang, &winning)))];
                if heap == 0 || game.check(&position, &mv).is_err() {
                    return (false, i18n::text(lang, "lesson-grundy-move-illegal"));
                }
                match game.is_winning_move(&position, &mv) {
                    true => (true, i18n::text_with(lang, "lesson-move-right", &args)),
                    false => (false, i18n::text_with(lang, "lesson-grundy-move-wrong", &args)),
                }
            }
        }
    }
}

/// One step of the lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The title in English, as the tests and the logs name the step; the screen shows
    /// [`Step::heading`], the title in `lang` (the same words in English).
    pub title: &'static str,
    /// The message id of the title.
    pub title_id: &'static str,
    /// The message ids of the paragraphs, in order.
    pub text: &'static [&'static str],
    /// What the step shows beside its words.
    pub picture: Picture,
    pub exercise: Option<Exercise>,
}

impl Step {
    /// The title, in `lang`.
    pub fn heading(&self, lang: Language) -> String {
        i18n::text(lang, self.title_id)
    }

    /// The paragraphs, in `lang`.
    pub fn paragraphs(&self, lang: Language) -> Vec<String> {
        self.text.iter().map(|id| i18n::text(lang, id)).collect()
    }
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

    /// The name a player reads, in `lang`.
    pub fn title(self, lang: Language) -> String {
        match self {
            Course::Nim => i18n::text(lang, "lesson-course-nim"),
            Course::SpragueGrundy => i18n::text(lang, "lesson-course-grundy"),
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

/// The seeds' misère game from 3 4 5, move by move: (heaps after, the message id of what
/// happened).
pub const MISERE_GAME: [(&[u64], &str); 8] = [
    (&[3, 4, 5], "lesson-misere-0"),
    (&[1, 4, 5], "lesson-misere-1"),
    (&[1, 4, 3], "lesson-misere-2"),
    (&[1, 2, 3], "lesson-misere-3"),
    (&[1, 2, 2], "lesson-misere-4"),
    (&[0, 2, 2], "lesson-misere-5"),
    (&[0, 2, 1], "lesson-misere-6"),
    (&[0, 0, 1], "lesson-misere-7"),
];

/// The lesson, in order.
pub const STEPS: [Step; 7] = [
    Step {
        title: "The rules",
        title_id: "lesson-rules-title",
        text: &["lesson-rules-1", "lesson-rules-2", "lesson-rules-3", "lesson-rules-4"],
        picture: Picture::Heaps(&[1, 1]),
        exercise: Some(Exercise::Winner(&[1, 1], Mode::Normal)),
    },
    Step {
        title: "Numbers in binary",
        title_id: "lesson-binary-title",
        text: &["lesson-binary-1", "lesson-binary-2"],
        picture: Picture::Binary(&[5, 6, 3]),
        exercise: Some(Exercise::Binary(11)),
    },
    Step {
        title: "The nim-sum: adding without carrying",
        title_id: "lesson-nim-sum-title",
        text: &["lesson-nim-sum-1", "lesson-nim-sum-2"],
        picture: Picture::Binary(&[3, 4, 5]),
        exercise: Some(Exercise::NimSum(&[3, 4, 5])),
    },
    Step {
        title: "Why a nim-sum of 0 loses",
        title_id: "lesson-zero-title",
        text: &["lesson-zero-1", "lesson-zero-2", "lesson-zero-3"],
        picture: Picture::Binary(&[1, 2, 3]),
        exercise: Some(Exercise::NimSum(&[1, 2, 3])),
    },
    Step {
        title: "Finding the winning move",
        title_id: "lesson-winning-title",
        text: &["lesson-winning-1", "lesson-winning-2"],
        picture: Picture::Binary(&[2, 5, 6]),
        exercise: Some(Exercise::WinningMove(&[2, 5, 6], Mode::Normal)),
    },
    Step {
        title: "Misère: one change at the end",
        title_id: "lesson-misere-title",
        text: &["lesson-misere-text-1", "lesson-misere-text-2"],
        picture: Picture::MisereGame,
        exercise: Some(Exercise::WinningMove(&[0, 2, 1], Mode::Misere)),
    },
    Step {
        title: "You are ready",
        title_id: "lesson-ready-title",
        text: &["lesson-ready-1", "lesson-ready-2", "lesson-ready-3"],
        picture: Picture::Heaps(&[1, 3, 5, 6]),
        exercise: Some(Exercise::WinningMove(&[1, 3, 5, 6], Mode::Normal)),
    },
];

/// The Sprague-Grundy lesson, in order: a subtraction game (take 1, 3 or 4), its Grundy values by
/// the mex rule, the XOR of the values over several heaps, and the games that are Nim in disguise.
pub const GRUNDY_STEPS: [Step; 6] = [
    Step {
        title: "Another game: take 1, 3 or 4",
        title_id: "lesson-subtraction-title",
        text: &["lesson-subtraction-1", "lesson-subtraction-2", "lesson-subtraction-3"],
        picture: Picture::Heaps(&[2]),
        exercise: Some(Exercise::GrundyWinner(&[2])),
    },
    Step {
        title: "The mex rule",
        title_id: "lesson-mex-title",
        text: &["lesson-mex-1", "lesson-mex-2", "lesson-mex-3"],
        picture: Picture::GrundyTable { upto: 13, hidden: Some(7) },
        exercise: Some(Exercise::GrundyValue(7)),
    },
    Step {
        title: "The values repeat",
        title_id: "lesson-period-title",
        text: &["lesson-period-1"],
        picture: Picture::GrundyTable { upto: 20, hidden: Some(19) },
        exercise: Some(Exercise::GrundyValue(19)),
    },
    Step {
        title: "Several heaps: the XOR of the values",
        title_id: "lesson-xor-title",
        text: &["lesson-xor-1", "lesson-xor-2"],
        picture: Picture::GrundyHeaps(&[5, 6, 9]),
        exercise: Some(Exercise::GrundyWinner(&[5, 6, 9])),
    },
    Step {
        title: "Nim in disguise",
        title_id: "lesson-disguise-title",
        text: &["lesson-disguise-1", "lesson-disguise-2"],
        picture: Picture::Binary(&[3, 5]),
        exercise: Some(Exercise::NimSum(&[3, 5])),
    },
    Step {
        title: "Finding the winning move",
        title_id: "lesson-grundy-move-title",
        text: &["lesson-grundy-move-1", "lesson-grundy-move-2"],
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
    /// The last answer checked, and whether it was right: what to say about it is written
    /// when the step is drawn ([`Feedback::text`]).
    pub feedback: Option<Feedback>,
    /// A wrong answer was given to this step's exercise and not yet explained: the player is
    /// asked to try again, and only a second wrong answer shows the right one.
    pub tried: bool,
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
            tried: false,
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
        // "win" or "lose" is typed letter by letter in small letters (or 赢 or 输, as an input
        // method gives them); q and the other keys still act, and so do the capitals the keys use
        // (`L` the other lesson, `R` resign), which would otherwise be typed as an `l`.
        let word = self.current().exercise.is_some_and(Exercise::wants_win_or_lose)
            && !c.is_ascii_uppercase()
            && WIN_OR_LOSE.contains(c);
        self.asking() && (c.is_ascii_digit() || c == ' ' || c == ',' || word)
    }

    pub fn commands(&self) -> Vec<Command> {
        let asking = self.asking();
        let last = self.step + 1 == self.steps().len();
        let misere = self.current().picture == Picture::MisereGame;
        let back = match (self.from_game, self.from_menu) {
            (true, _) => ("lesson-key-back-game", "lesson-key-back-game-short"),
            (false, true) => ("lesson-key-back-menu", "lesson-key-back-menu-short"),
            (false, false) => ("lesson-key-quit", "lesson-key-quit"),
        };
        let (take, take_short) = match asking {
            true => ("lesson-key-check", "lesson-key-check-short"),
            false => ("lesson-key-next", "lesson-key-next-short"),
        };
        vec![
            Command::new(Action::Take, take).bar(take_short).when(asking || !last),
            Command::new(Action::NewGame, "lesson-key-play")
                .bar("lesson-key-play-short")
                .when(self.playable().is_some()),
            Command::new(Action::More, "lesson-key-next").bar("lesson-key-step-short").when(!last),
            Command::new(Action::Less, "lesson-key-previous").when(self.step > 0),
            Command::new(Action::Lesson, "lesson-key-other").bar("lesson-key-other-short"),
            Command::new(Action::Up, "lesson-key-replay-back").when(misere && self.replay_at > 0),
            Command::new(Action::Down, "lesson-key-replay-on")
                .when(misere && self.replay_at + 1 < MISERE_GAME.len()),
            Command::new(Action::Erase, "lesson-key-erase").when(!self.input.is_empty()),
            Command::new(Action::Help, "lesson-key-keys").bar("lesson-key-keys"),
            Command::new(Action::Quit, back.0).bar(back.1),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let Msg::Key { action, ch } = msg else { return Next::NOTHING };
        if let Some(c) = ch.map(half_width).filter(|&c| self.accepts(c)) {
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
                let right = exercise.is_right(&self.input);
                if !right && !self.tried {
                    // A first wrong answer is a try: no answer shown yet.
                    self.tried = true;
                    self.feedback = None;
                    return Next::NOTHING;
                }
                self.tried = false;
                self.feedback = Some(Feedback { right, exercise, answer: self.input.clone() });
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
        self.tried = false;
        self.replay_at = 0;
        Next::Stay(Effect::SaveLesson(self.progress()))
    }
}

/// The rules of `kind` on one page, for the help: Nim's (the binary view's game) are [`RULES`];
/// the other games say their rule, their conventions, the winning strategy (by the view that
/// teaches it) and their own keys (by the shape of their moves). In `lang`.
pub fn rules_of(lang: Language, kind: crate::engine::GameKind) -> Vec<String> {
    use crate::engine::{Alternative, Cap, MoveShape, ViewKind};
    let described = kind.describe();
    if described.view == ViewKind::Binary {
        return RULES.iter().map(|id| i18n::text(lang, id)).collect();
    }
    let title = crate::words::capitalised(&crate::words::title(lang, kind));
    let mut rules = vec![i18n::text_with(
        lang,
        "rules-game",
        &[("title", Arg::from(title)), ("rule", Arg::from(crate::words::rule(lang, kind)))],
    )];
    rules.push(i18n::text(lang, "rules-normal-move"));
    match described.has_misere {
        true => rules.push(i18n::text(lang, "rules-misere-move")),
        false => rules.push(i18n::text(lang, "rules-normal-only")),
    }
    let strategy = match (described.view, described.shape) {
        (ViewKind::Columns, MoveShape::UpToHeaps(k)) => {
            i18n::text_with(lang, "rules-perfect-columns", &[("k", Arg::from((k + 1).to_string()))])
        }
        (ViewKind::Grundy, _) => i18n::text(lang, "rules-perfect-grundy"),
        (ViewKind::Pairs, _) => i18n::text(lang, "rules-perfect-pairs"),
        (ViewKind::Zeckendorf, _) => i18n::text(lang, "rules-perfect-zeckendorf"),
        (ViewKind::Ratio, _) => i18n::text(lang, "rules-perfect-ratio"),
        _ => String::new(),
    };
    let keys = match (described.shape, described.shape.alternative()) {
        (MoveShape::UpToHeaps(k), _) => {
            i18n::text_with(lang, "rules-keys-several", &[("k", Arg::from(k.to_string()))])
        }
        (_, Some(Alternative::Split)) => i18n::text(lang, "rules-keys-split"),
        (_, Some(Alternative::TwoPins)) => i18n::text(lang, "rules-keys-two-pins"),
        (_, Some(Alternative::PinCount)) => i18n::text(lang, "rules-keys-pin-count"),
        (_, Some(Alternative::Both)) => i18n::text(lang, "rules-keys-both"),
        (MoveShape::Pins { .. }, None) => i18n::text(lang, "rules-keys-pins"),
        (MoveShape::OneHeap { cap: Cap::Limit }, _) => i18n::text(lang, "rules-keys-limit"),
        (MoveShape::OneHeap { cap: Cap::Multiples }, _) => i18n::text(lang, "rules-keys-multiples"),
        _ => i18n::text(lang, "rules-keys-nim"),
    };
    rules.extend([strategy, keys]);
    rules
}

/// The rules of both conventions on one page, for the help: the message ids, in order.
pub const RULES: [&str; 4] = ["rules-nim", "rules-normal", "rules-misere", "rules-perfect-nim"];
