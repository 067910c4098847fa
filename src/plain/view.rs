//! The app's state as lines of text: what the full-screen UI draws, said one announcement a line,
//! each in a slot of its own so that the door can say only what changed. Pure: the same state
//! gives the same lines, and nothing here changes the app.

use crate::app::{App, Coaching, Exercise, Game, Lesson, MISERE_GAME, Note, Picture, Screen, grundy_value};
use crate::domain::{Players, Seat};
use crate::i18n::{self, Arg, Language};
use crate::words;

/// Where a line stands: the door compares one frame's slots with the last frame's and says the
/// lines that are new or changed. A slot that belongs to a move or a step carries its number, so
/// that the same words said again about another move are said again.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Slot {
    Heading,
    Notice(usize),
    Offer,
    Toss,
    Opening,
    Moved(usize),
    Note(usize),
    Coach(usize),
    Hint(usize),
    View(usize, usize),
    Missed,
    Promise,
    Verdict,
    Answer,
    /// What an answered puzzle did to the ratings, said when it comes.
    Rated,
    Result,
    Assisted,
    Score,
    Streak,
    Message,
    Paragraph(usize, usize),
    Picture(usize, usize, usize),
    /// How to step through a lesson's example game.
    Tip(usize),
    Question(usize),
    Tried(usize),
    Feedback(usize),
    /// A line of a door's own (the server's lobby: a person, a challenge, the activity), by its
    /// key.
    Door(u64),
    /// The last line: what the program waits for (a move, an answer, a yes or no).
    Prompt,
}

/// The lines of one state, and what they are of: when `epoch` changes (another game, puzzle or
/// lesson step), everything is new.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Frame {
    pub epoch: String,
    pub lines: Vec<(Slot, String)>,
}

impl Frame {
    pub fn get(&self, slot: &Slot) -> Option<&str> {
        self.lines.iter().find(|(s, _)| s == slot).map(|(_, text)| text.as_str())
    }

    /// How many moves of the game the frame tells.
    pub fn moves(&self) -> usize {
        self.lines.iter().filter(|(slot, _)| matches!(slot, Slot::Moved(_))).count()
    }

    fn say(&mut self, slot: Slot, text: impl Into<String>) {
        let text = text.into();
        if !text.trim().is_empty() {
            self.lines.push((slot, text));
        }
    }
}

/// A message of the plain mode's own (`plain.ftl`).
fn msg(lang: Language, id: &str, args: &[(&str, Arg)]) -> String {
    i18n::text_with(lang, id, args)
}

/// `text` as a sentence: capitalised, with the language's full stop unless it ends in one.
pub fn sentence(lang: crate::i18n::Language, text: &str) -> String {
    stopped(lang, &words::capitalised(text.trim()))
}

/// `text` with the language's full stop unless it ends in one, its case kept: a sentence that
/// may begin with a player's name (`s128 is busy: …`), which is what the player typed.
pub fn stopped(lang: crate::i18n::Language, text: &str) -> String {
    let text = text.trim().to_string();
    match text.chars().last() {
        Some('.' | '!' | '?' | '。' | '！' | '？' | ':' | '：') | None => text,
        Some(_) => msg(lang, "plain-sentence", &[("text", Arg::from(text))]),
    }
}

/// `text` about `game` as a sentence, but a player's name at its start keeps its case (`dave
/// took 2 from heap 1.`): a name is what the player typed, and a program may look for it.
fn told(lang: Language, game: &Game, text: &str) -> String {
    let text = text.trim();
    let named = game.hotseat()
        && [Seat::First, Seat::Second].into_iter().any(|seat| {
            let name = game.name(lang, seat);
            !name.is_empty() && text.starts_with(name)
        });
    if !named {
        return sentence(lang, text);
    }
    match text.chars().last() {
        Some('.' | '!' | '?' | '。' | '！' | '？' | ':' | '：') | None => text.to_string(),
        Some(_) => msg(lang, "plain-sentence", &[("text", Arg::from(text))]),
    }
}

/// The frame of `app` in `language`.
pub fn frame(app: &App, language: Language) -> Frame {
    build(language, app)
}

/// Who reads the lines of a game that others may share (a table on the server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer<'a> {
    /// The one who plays the app, as at a terminal.
    Player,
    /// One of two people who play each other, in this seat: told `Your move.` on their turn
    /// only, and whether they won.
    Seat(Seat),
    /// Someone watching, who never moves: told whose move it is by name (`name` plays the first
    /// seat against the AI).
    Watcher(&'a str),
}

/// The frame of `app` in `language` for `viewer`.
pub fn frame_for(app: &App, language: Language, viewer: Viewer) -> Frame {
    // A watcher of a game against the AI reads the player's name where the player reads "You"
    // (the moves, the turn, the result).
    let watched;
    let app = match viewer {
        Viewer::Watcher(first) if app.game().is_some_and(|g| g.players == Players::Ai) => {
            watched = app.watched_as(first);
            &watched
        }
        _ => app,
    };
    let mut frame = build(language, app);
    let lang = language;
    let Some(game) = app.game() else { return frame };
    if viewer == Viewer::Player || !matches!(app.screen, Screen::Play(_)) {
        return frame;
    }
    let name = |seat: Seat| game.name(lang, seat).to_string();
    let position = ("position", Arg::from(position_line(lang, game)));
    let prompt = match (viewer, &game.over) {
        (Viewer::Seat(seat), None) if game.turn() == seat => msg(lang, "plain-your-move", &[position]),
        (_, None) => msg(lang, "plain-turn-of", &[position, ("name", Arg::from(name(game.turn())))]),
        (_, Some(_)) => String::new(),
    };
    frame.lines.retain(|(slot, _)| *slot != Slot::Prompt && *slot != Slot::Opening);
    if let (Viewer::Seat(seat), Some(over)) = (viewer, &game.over) {
        let why = ("why", Arg::from(told(lang, game, &game.ending_words(lang, over))));
        let result = match over.winner == seat {
            true => msg(lang, "plain-you-win", &[why]),
            false => msg(lang, "plain-you-lose", &[why]),
        };
        for (slot, text) in &mut frame.lines {
            if *slot == Slot::Result {
                *text = result.clone();
            }
        }
    }
    frame.say(Slot::Prompt, prompt);
    frame
}

fn build(lang: Language, app: &App) -> Frame {
    let mut frame = Frame::default();
    match &app.screen {
        Screen::Start(menu) => {
            frame.epoch = "start".into();
            notices(lang, app, &mut frame);
            frame.say(Slot::Heading, msg(lang, "plain-menu-title", &[]));
            if app.saved().is_some() {
                frame.say(Slot::Offer, msg(lang, "plain-menu-saved", &[]));
            }
            if let Some(error) = &menu.error {
                frame.say(Slot::Message, sentence(lang, &error.text(lang)));
            }
            let game =
                format!("{}, {}", words::title(lang, menu.game.kind), words::mode_title(lang, menu.mode));
            let saved = Arg::from(if app.saved().is_some() { "yes" } else { "no" });
            frame.say(
                Slot::Prompt,
                msg(lang, "plain-menu-prompt", &[("game", Arg::from(game)), ("saved", saved)]),
            );
        }
        Screen::Play(play) => {
            game_lines(lang, app, &play.game, &mut frame);
            if let Some(message) = &play.message {
                frame.say(Slot::Message, sentence(lang, &play.game.note_words(lang, message)));
            }
            let prompt = match play.game.over {
                Some(_) => msg(lang, "plain-over-prompt", &[]),
                None if play.game.your_turn() => turn_line(lang, &play.game),
                None => String::new(),
            };
            frame.say(Slot::Prompt, prompt);
        }
        Screen::Demo(demo) => {
            game_lines(lang, app, &demo.game, &mut frame);
            if demo.game.over.is_some() && !demo.looping {
                frame.say(Slot::Prompt, msg(lang, "plain-over-demo", &[]));
            }
        }
        Screen::Puzzle(puzzle) => {
            let game = &puzzle.game;
            frame.epoch = format!("puzzle {} {} {:?}", puzzle.id.seed, puzzle.id.number, puzzle.daily);
            let title =
                format!("{}, {}", words::title(lang, game.rules.kind), words::mode_title(lang, game.mode()));
            let heading = match puzzle.daily {
                Some(_) => msg(lang, "plain-puzzle-daily", &[("game", Arg::from(title))]),
                None => msg(
                    lang,
                    "plain-puzzle-heading",
                    &[
                        ("number", Arg::from(u64::from(puzzle.id.number))),
                        ("seed", Arg::from(puzzle.id.seed.to_string())),
                        ("game", Arg::from(title)),
                    ],
                ),
            };
            frame.say(Slot::Heading, heading);
            let described = |mv: &crate::engine::Move| match words::plain_takes(game.rules.kind) {
                true => words::plain_move(lang, mv),
                false => game.describe(lang, mv),
            };
            match &puzzle.run.answer {
                None => {
                    match &puzzle.run.missed {
                        Some(mv) => frame.say(
                            Slot::Missed,
                            sentence(lang, &words::puzzle_try_again(lang, &described(mv))),
                        ),
                        None => frame.say(
                            Slot::Promise,
                            sentence(lang, &crate::puzzle::promise(lang, game.engine(), game.position())),
                        ),
                    }
                    hint_and_view(lang, app, game, &mut frame);
                    let prompt = match app.overlay {
                        Some(_) => String::new(),
                        None => msg(
                            lang,
                            "plain-your-answer",
                            &[("position", Arg::from(position_line(lang, game)))],
                        ),
                    };
                    frame.say(Slot::Prompt, prompt);
                }
                Some(answer) => {
                    let run = &puzzle.run;
                    let verdict = if answer.solved {
                        words::puzzle_right(lang).to_string()
                    } else if answer.correct && run.missed.is_some() && !run.revealed {
                        words::puzzle_right_second_try(lang).to_string()
                    } else if answer.correct {
                        words::puzzle_right_with_hint(lang, answer.counted)
                    } else {
                        words::puzzle_wrong(lang, &described(&answer.mv))
                    };
                    frame.say(Slot::Verdict, sentence(lang, &verdict));
                    frame.say(
                        Slot::Answer,
                        sentence(
                            lang,
                            &words::puzzle_winning_move(lang, &words::reason(lang, &answer.teaching)),
                        ),
                    );
                    if let Some(rated) = &puzzle.rated {
                        frame.say(Slot::Rated, rated.words(lang));
                    }
                    let leave = Arg::from(if puzzle.from_menu { "menu" } else { "quit" });
                    frame.say(Slot::Prompt, msg(lang, "plain-puzzle-next", &[("leave", leave)]));
                }
            }
        }
        Screen::Learn(lesson) => lesson_lines(lang, lesson, &mut frame),
        Screen::Replay(_) => {
            frame.epoch = "replay".into();
            frame.say(Slot::Prompt, msg(lang, "plain-no-review", &[]));
        }
    }
    if let Some(crate::app::Overlay::Confirm(question)) = app.overlay {
        frame.lines.retain(|(slot, _)| *slot != Slot::Prompt);
        frame.say(
            Slot::Prompt,
            msg(lang, "plain-question", &[("question", Arg::from(app.question(lang, question)))]),
        );
    }
    frame
}

/// The problems met on the way in (a data file moved aside), one a line.
fn notices(lang: crate::i18n::Language, app: &App, frame: &mut Frame) {
    for (i, notice) in app.notices.iter().enumerate() {
        frame.say(Slot::Notice(i), sentence(lang, notice));
    }
}

/// A game's lines: its rule, who the coin sent first, every move made, the note, the coach, the
/// hint, the teaching view and the result.
fn game_lines(lang: crate::i18n::Language, app: &App, game: &Game, frame: &mut Frame) {
    let kind = game.rules.kind;
    frame.epoch =
        format!("game {:?} {:?} {:?} {:?}", game.rules, game.start(), game.history().first(), game.players);
    notices(lang, app, frame);
    let rule = words::capitalised(words::game_mode_rule(lang, kind, game.mode()));
    frame.say(
        Slot::Heading,
        msg(
            lang,
            "plain-heading",
            &[("title", Arg::from(words::title(lang, kind))), ("rule", Arg::from(rule))],
        ),
    );
    if let Some(toss) = game.toss_words(lang) {
        frame.say(Slot::Toss, sentence(lang, &toss));
    }
    if game.moves().is_empty() && game.over.is_none() && !game.your_turn() {
        frame.say(Slot::Opening, turn_line(lang, game));
    }
    for (i, (who, mv, before, _)) in game.history().steps().enumerate() {
        let note = Note::Moved { who, mv: mv.clone(), before };
        frame.say(Slot::Moved(i), told(lang, game, &game.note_words(lang, &note)));
    }
    let at = game.moves().len();
    if let Some(note) = game.note.as_ref().filter(|note| !matches!(note, Note::Moved { .. })) {
        frame.say(Slot::Note(at), sentence(lang, &game.note_words(lang, note)));
    }
    if let (true, Some(coaching)) = (app.panels.coach, &game.coach) {
        let mover = game.moves().iter().rposition(|(seat, _)| game.is_human(*seat)).unwrap_or(0);
        frame.say(Slot::Coach(mover), sentence(lang, &coach_words(lang, game, coaching)));
    }
    if game.over.is_none() {
        hint_and_view(lang, app, game, frame);
    }
    if let Some(over) = &game.over {
        let why = ("why", Arg::from(told(lang, game, &game.ending_words(lang, over))));
        let result = match (&game.players, over.winner) {
            (Players::Ai, Seat::First) => msg(lang, "plain-you-win", &[why]),
            (Players::Ai, Seat::Second) => msg(lang, "plain-you-lose", &[why]),
            (_, winner) => msg(lang, "plain-wins", &[why, ("name", Arg::from(game.name(lang, winner)))]),
        };
        frame.say(Slot::Result, result);
        if game.players == Players::Ai && matches!(app.screen, Screen::Play(_)) {
            let help = game.assistance();
            if over.winner == Seat::First && !help.is_empty() {
                frame.say(Slot::Assisted, sentence(lang, &words::assisted_win(lang, &help)));
            }
            if let Some(stats) = &app.stats {
                let s = stats.of(kind, game.mode());
                frame
                    .say(Slot::Streak, sentence(lang, &words::streak(lang, s.current_streak, s.best_streak)));
            }
        }
        if let (Players::Hotseat(_), Some(score)) = (&game.players, &app.score) {
            frame.say(Slot::Score, told(lang, game, &score.line(lang)));
        }
    }
}

/// The hint, when one was asked for, and the teaching view, when it is on: one line each, the
/// view one heap a line.
fn hint_and_view(lang: crate::i18n::Language, app: &App, game: &Game, frame: &mut Frame) {
    let at = game.moves().len();
    if let Some(hint) = &game.hint {
        let text = format!("{}{}", words::hint_label(lang, hint.winning), game.hint_words(lang));
        frame.say(Slot::Hint(at), sentence(lang, &text));
    }
    // The view of the position the player moves from: not of the one the AI is about to leave.
    if app.panels.binary && (game.your_turn() || !matches!(app.screen, Screen::Play(_) | Screen::Demo(_))) {
        for (i, line) in teaching_lines(lang, game).into_iter().enumerate() {
            frame.say(Slot::View(at, i), sentence(lang, &line));
        }
    }
}

/// The coach's verdict on the last move, as the screen under the board says it.
fn coach_words(lang: crate::i18n::Language, game: &Game, coaching: &Coaching) -> String {
    match (game.hotseat(), coaching, words::plain_takes(game.rules.kind)) {
        (hotseat, Coaching::Missed(moves), false) => {
            let before =
                game.judged().1.iter().rev().find(|line| game.is_human(line.seat)).map(|l| &l.before);
            let list: Vec<String> = moves
                .iter()
                .map(|m| {
                    before.map_or_else(|| words::plain_move(lang, m), |b| game.describe_from(lang, b, m))
                })
                .collect();
            let who = hotseat.then(|| game.name(lang, game.turn().other()));
            words::coach_missed(lang, who, &list)
        }
        (true, ..) => coaching.about(lang, game.name(lang, game.turn().other())),
        (false, ..) => coaching.text(lang),
    }
}

/// The position in words: `Heaps: 3, 4, 5.`, `Rows: 3, 4.`; in Fibonacci Nim, with the most the
/// next move may take.
pub fn position_line(lang: crate::i18n::Language, game: &Game) -> String {
    let position = game.position();
    // A game with a notation of its own (trees) is written as a person types it, and counted by
    // what a player chooses among, not by the numbers that encode it.
    let engine = game.engine();
    let (heaps, count) = match crate::engine::Rules::write_position(engine, position) {
        Some(written) => (written, crate::engine::Rules::choices(engine, position)),
        None => (list(lang, position.heaps()), position.heaps().len()),
    };
    let count = Arg::from(count);
    let id = words::position_line_id(game.rules.kind);
    let line = msg(lang, id, &[("heaps", Arg::from(heaps)), ("count", count)]);
    // A game played on a board: the numbers (as a program reads them), then the board in words.
    if let Some(board) = game.board() {
        let board = words::capitalised(&board_line(lang, &board));
        return msg(lang, "plain-board-after", &[("position", Arg::from(line)), ("board", Arg::from(board))]);
    }
    match position.limit() {
        Some(limit) => {
            msg(lang, "plain-limit", &[("position", Arg::from(line)), ("limit", Arg::from(limit))])
        }
        None => line,
    }
}

/// A board in words: each row's width and counters, whose turn, the retreats left.
fn board_line(lang: crate::i18n::Language, board: &crate::engine::BoardView) -> String {
    use crate::engine::Side;
    let square = |r: &crate::engine::BoardRow, side| Arg::from(r.square_of(side).unwrap_or(0));
    let rows: Vec<String> = board
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            msg(
                lang,
                "plain-board-row",
                &[
                    ("row", Arg::from(i + 1)),
                    ("width", Arg::from(r.width)),
                    ("white", square(r, Side::White)),
                    ("black", square(r, Side::Black)),
                    ("gap", Arg::from(r.gap)),
                ],
            )
        })
        .collect();
    let mover = match board.to_move {
        Side::White => "board-to-move-white",
        Side::Black => "board-to-move-black",
    };
    msg(
        lang,
        "plain-board",
        &[
            ("rows", Arg::from(rows.join(&msg(lang, "plain-row-separator", &[])))),
            ("mover", Arg::from(i18n::text(lang, mover))),
            ("white", Arg::from(board.retreats(Side::White))),
            ("black", Arg::from(board.retreats(Side::Black))),
        ],
    )
}

/// Numbers as a list: `3, 4, 5` (`3，4，5` in Chinese).
fn list(lang: crate::i18n::Language, numbers: &[u64]) -> String {
    numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(&msg(lang, "plain-list-separator", &[]))
}

/// The position and whose move it is: `Heaps: 3, 4, 5. Your move.`
fn turn_line(lang: crate::i18n::Language, game: &Game) -> String {
    let position = ("position", Arg::from(position_line(lang, game)));
    let name = ("name", Arg::from(game.name(lang, game.turn())));
    match (game.your_turn(), game.hotseat()) {
        (true, false) => msg(lang, "plain-your-move", &[position]),
        (true, true) => msg(lang, "plain-turn-of", &[position, name]),
        (false, _) => msg(lang, "plain-ai-to-move", &[position, name]),
    }
}

/// The teaching view (the binary view in Nim) as short lines, one heap a line, then what it says:
/// [`words::plain_lines`], where every view is written.
pub fn teaching_lines(lang: crate::i18n::Language, game: &Game) -> Vec<String> {
    words::plain_lines(lang, game.rules.kind, game.teach())
}

/// How many binary digits the largest of `heaps` takes (at least one).
fn binary_width(heaps: &[u64]) -> usize {
    heaps.iter().map(|&h| 64 - h.leading_zeros() as usize).max().unwrap_or(1).max(1)
}

fn binary_line(lang: crate::i18n::Language, heap: &str, n: u64, width: usize) -> String {
    msg(
        lang,
        "plain-binary-heap",
        &[("heap", Arg::from(heap)), ("size", Arg::from(n)), ("binary", Arg::from(format!("{n:0width$b}")))],
    )
}

/// A lesson's step: its heading, paragraphs, picture in words, question, and what the last answer
/// got.
fn lesson_lines(lang: crate::i18n::Language, lesson: &Lesson, frame: &mut Frame) {
    let step = lesson.current();
    let n = lesson.step;
    frame.epoch = format!("lesson {:?} {n}", lesson.course);
    frame.say(
        Slot::Heading,
        msg(
            lang,
            "plain-lesson-heading",
            &[
                ("course", Arg::from(lesson.course.title(lang))),
                ("step", Arg::from(n + 1)),
                ("steps", Arg::from(lesson.steps().len())),
                ("title", Arg::from(step.heading(lang))),
            ],
        ),
    );
    for (i, paragraph) in step.paragraphs(lang).iter().enumerate() {
        frame.say(Slot::Paragraph(n, i), paragraph.clone());
    }
    for (i, line) in picture_lines(lang, lesson).into_iter().enumerate() {
        frame.say(Slot::Picture(n, lesson.replay_at, i), sentence(lang, &line));
    }
    if step.picture == Picture::MisereGame {
        frame.say(Slot::Tip(n), msg(lang, "plain-lesson-replay", &[]));
    }
    if let Some(exercise) = step.exercise {
        frame.say(Slot::Question(n), exercise.question(lang));
    }
    if lesson.tried && lesson.feedback.is_none() {
        frame.say(Slot::Tried(n), msg(lang, "plain-lesson-try-again", &[]));
    }
    if let Some(feedback) = &lesson.feedback {
        frame.say(Slot::Feedback(n), feedback.text(lang));
    }
    let last = n + 1 == lesson.steps().len();
    let prompt = match lesson.asking() {
        true => msg(
            lang,
            "plain-lesson-answer",
            &[(
                "words",
                Arg::from(if step.exercise.is_some_and(Exercise::wants_win_or_lose) { "yes" } else { "no" }),
            )],
        ),
        false => msg(
            lang,
            "plain-lesson-prompt",
            &[
                ("last", Arg::from(if last { "yes" } else { "no" })),
                ("play", Arg::from(if lesson.playable().is_some() { "yes" } else { "no" })),
            ],
        ),
    };
    frame.say(Slot::Prompt, prompt);
}

/// The step's picture in words: heaps, heaps in binary, the Grundy values, the misère example's
/// position.
fn picture_lines(lang: crate::i18n::Language, lesson: &Lesson) -> Vec<String> {
    let step = lesson.current();
    let heaps_line = |heaps: &[u64]| {
        msg(
            lang,
            "plain-heaps",
            &[("heaps", Arg::from(list(lang, heaps))), ("count", Arg::from(heaps.len()))],
        )
    };
    let heap = |i: usize| i18n::text_with(lang, "lesson-heap", &[("n", Arg::from(i + 1))]);
    match step.picture {
        Picture::Heaps(heaps) => vec![heaps_line(heaps)],
        Picture::Binary(heaps) => {
            let width = binary_width(heaps);
            let mut lines: Vec<String> =
                heaps.iter().enumerate().map(|(i, &n)| binary_line(lang, &heap(i), n, width)).collect();
            let sum = heaps.iter().fold(0, |x, &h| x ^ h);
            lines.push(msg(
                lang,
                "plain-nim-sum",
                &[("sum", Arg::from(sum)), ("binary", Arg::from(format!("{sum:0width$b}")))],
            ));
            lines
        }
        Picture::MisereGame => {
            let (heaps, note) = MISERE_GAME[lesson.replay_at];
            vec![
                msg(
                    lang,
                    "plain-lesson-example",
                    &[
                        ("at", Arg::from(lesson.replay_at + 1)),
                        ("of", Arg::from(MISERE_GAME.len())),
                        ("position", Arg::from(heaps_line(heaps))),
                    ],
                ),
                i18n::text(lang, note),
            ]
        }
        Picture::GrundyTable { upto, hidden } => {
            let values: Vec<String> = (0..=upto)
                .map(|n| match Some(n) == hidden {
                    true => "?".to_string(),
                    false => grundy_value(n).to_string(),
                })
                .collect();
            vec![msg(
                lang,
                "plain-grundy-table",
                &[("upto", Arg::from(upto)), ("values", Arg::from(values.join(", ")))],
            )]
        }
        Picture::GrundyHeaps(heaps) => heaps
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                msg(
                    lang,
                    "plain-grundy-heap",
                    &[
                        ("heap", Arg::from(heap(i))),
                        ("size", Arg::from(n)),
                        ("value", Arg::from(grundy_value(n).to_string())),
                    ],
                )
            })
            .collect(),
    }
}

/// The help: the commands that work on this screen, one a line.
pub fn help(app: &App, language: Language) -> Vec<String> {
    let lang = language;
    {
        let ids: &[&str] = match &app.screen {
            Screen::Start(_) => &["plain-help-menu", "plain-help-menu-settings", "plain-help-quit"],
            Screen::Play(play) if play.game.over.is_some() => &["plain-help-over", "plain-help-quit"],
            Screen::Play(_) => &[
                "plain-help-move",
                "plain-help-hint",
                "plain-help-undo",
                "plain-help-view",
                "plain-help-resign",
                "plain-help-look",
                "plain-help-quit-kept",
            ],
            Screen::Puzzle(_) => {
                &["plain-help-answer", "plain-help-puzzle-hint", "plain-help-view", "plain-help-quit"]
            }
            Screen::Learn(lesson) if lesson.current().picture == Picture::MisereGame => &[
                "plain-help-lesson",
                "plain-help-lesson-replay",
                "plain-help-lesson-play",
                "plain-help-quit",
            ],
            Screen::Learn(_) => &["plain-help-lesson", "plain-help-lesson-play", "plain-help-quit"],
            Screen::Demo(_) | Screen::Replay(_) => &["plain-help-quit"],
        };
        let example = app.game().map(|game| words::move_example(lang, game.rules.kind)).unwrap_or_default();
        ids.iter().map(|id| msg(lang, id, &[("example", Arg::from(example.as_str()))])).collect()
    }
}

/// A line of the door's own: a message of `plain.ftl` in `language`.
pub fn line(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    msg(language, id, args)
}
