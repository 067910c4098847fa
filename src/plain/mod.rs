//! The plain door: the game as lines of text on standard output and typed commands on standard
//! input, for screen readers and for programs (`--plain`, `TERM=dumb`, `ACCESSIBLE=1`, `plain =
//! true`). No escape sequence, no cursor addressing, no box-drawing or braille glyphs: one
//! announcement a line.
//!
//! It is a door like the terminal's (`tui/`): the same [`Session`] around the same [`App`], fed
//! the messages a line asks for, its effects carried out by the same [`Hooks`], paced by the
//! session's own deadlines (the AI's pause). What the player sees is [`view::frame`], the app's
//! state as lines in slots; the door says the lines that are new since the last frame, then the
//! prompt. A line is handed to the app only when the app waits for the player (never during the
//! AI's pause), so that a script piped in plays as if typed. At the end of input the last line is
//! read, the AI's pending move is played (a demo plays its game out), and the session ends as on a
//! hang-up: an unfinished game
//! is saved as the full-screen UI saves it. The lines are a versioned contract:
//! `docs/plain-protocol.md` ([`PROTOCOL`]).

pub mod input;
pub mod view;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use crate::app::{Action, App, Effect, Msg, Note, Overlay, Picture, Refusal, Screen, StartRow};
use crate::engine::Rules;
use crate::i18n::{Arg, Language};
use crate::keys::Keymap;
use crate::session::{Pacing, Session};
use crate::tui::{Ending, Event, Events, Hooks};
use crate::ui::Look;

use input::Word;
use view::{Frame, Slot};

/// The version of the plain protocol the program speaks (docs/plain-protocol.md), printed first.
pub const PROTOCOL: u32 = 1;

/// The longest line read; a longer one is refused whole.
pub const LINE_MAX: usize = 1000;

/// Whether the environment asks for the plain mode: `TERM=dumb` (a terminal that takes no escape
/// sequence), or `ACCESSIBLE` set to anything but empty or `0` (as gh and other tools read it).
pub fn chosen_by_env(var: impl Fn(&str) -> Option<String>) -> bool {
    let dumb = var("TERM").is_some_and(|term| term == "dumb");
    let accessible = var("ACCESSIBLE").is_some_and(|value| !value.is_empty() && value != "0");
    dumb || accessible
}

/// What the door needs besides the app.
#[derive(Debug, Clone)]
pub struct Options {
    /// The AI's pause before its move (the `ai_delay_ms` setting).
    pub ai_delay: Duration,
    /// The language of every line.
    pub language: Language,
}

/// Plays `app` in lines until the player quits, the input ends or a signal arrives; `events`
/// were caught before (see [`Events::catch`]). `out` is standard output.
pub fn run(
    app: App,
    keymap: Keymap,
    options: &Options,
    hooks: &mut dyn Hooks,
    events: Events,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let pacing = Pacing { ai_delay: options.ai_delay, asked_colours: false };
    // The largest screen: whether the full-screen UI would fit plays no part in lines.
    let size = (crate::ui::MAX_WIDTH, crate::ui::MAX_HEIGHT);
    let session = Session::new(app, Look::default(), keymap, pacing, size, Instant::now());
    let mut door = Door {
        session,
        language: options.language,
        said: Frame::default(),
        out,
        lines: VecDeque::new(),
        partial: Vec::new(),
        too_long: false,
        ended: false,
    };
    let result = match door.run(events, hooks) {
        // A reader that stops reading (`| head`) is gone like a closed terminal: not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Ending::HungUp),
        result => result,
    };
    hooks.ending(door.session.scene(), *result.as_ref().unwrap_or(&Ending::HungUp));
    let _ = door.out.flush();
    result
}

struct Door<'a> {
    session: Session<App>,
    language: Language,
    /// The last frame said.
    said: Frame,
    out: &'a mut dyn Write,
    /// Lines read and not yet handed to the app.
    lines: VecDeque<String>,
    /// The start of a line whose end has not come yet.
    partial: Vec<u8>,
    /// The line being read is past [`LINE_MAX`]: the rest of it is dropped.
    too_long: bool,
    /// The input has ended.
    ended: bool,
}

impl Door<'_> {
    fn run(&mut self, events: Events, hooks: &mut dyn Hooks) -> io::Result<Ending> {
        let hello = self.line("plain-hello", &[("version", Arg::from(u64::from(PROTOCOL)))]);
        writeln!(self.out, "{}", plain_text(&hello))?;
        self.announce(Vec::new(), true)?;
        let (events, start) = events.sources();
        start();
        loop {
            // Lines wait while the AI is in its pause: they answer the position after its move.
            while !self.session.scene().ai_waiting()
                && let Some(line) = self.lines.pop_front()
            {
                if let Some(ending) = self.handle(&line, hooks)? {
                    return Ok(ending);
                }
            }
            // A demo plays its game out; a demo loop, which runs until a key, ends.
            let looping = matches!(&self.session.scene().screen, Screen::Demo(demo) if demo.looping);
            if self.ended && self.lines.is_empty() && (looping || !self.session.scene().ai_waiting()) {
                return Ok(Ending::HungUp);
            }
            let event = match (self.session.next_wake(), self.ended) {
                (Some(when), false) => {
                    events.recv_timeout(when.saturating_duration_since(Instant::now())).ok()
                }
                // The input is over and only the session's deadline is left to wait for.
                (Some(when), true) => {
                    std::thread::sleep(when.saturating_duration_since(Instant::now()));
                    None
                }
                (None, _) => Some(events.recv().unwrap_or(Event::InputClosed)),
            };
            let now = Instant::now();
            match event {
                None => self.session.on_timer(now),
                Some(Event::Bytes(bytes)) => self.read(&bytes),
                Some(Event::Stop(ending)) => return Ok(ending),
                Some(Event::InputClosed) => {
                    // The last line need not end in a newline.
                    if !self.partial.is_empty() {
                        self.read(b"\n");
                    }
                    self.ended = true;
                }
                Some(Event::Suspend) => suspend(),
                Some(Event::Term(_) | Event::Resize(..) | Event::Continued) => {}
            }
            if let Some(ending) = self.carry_out(hooks) {
                return Ok(ending);
            }
            self.announce(Vec::new(), false)?;
        }
    }

    /// Bytes read: whole lines to the queue, the rest kept for its end.
    fn read(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if byte != b'\n' {
                if self.partial.len() < LINE_MAX {
                    self.partial.push(byte);
                } else {
                    self.too_long = true;
                }
                continue;
            }
            let raw = std::mem::take(&mut self.partial);
            let line = match (std::mem::take(&mut self.too_long), String::from_utf8(raw)) {
                (true, _) => "\u{0}too-long".to_string(),
                (false, Ok(line)) => line.trim_end_matches('\r').to_string(),
                (false, Err(_)) => "\u{0}not-utf8".to_string(),
            };
            self.lines.push_back(line);
        }
    }

    /// The effects the app asked for, carried out; `Some` when it asked to quit.
    fn carry_out(&mut self, hooks: &mut dyn Hooks) -> Option<Ending> {
        while let Some(effect) = self.session.take_effect() {
            match effect {
                Effect::Quit => return Some(Ending::Quit),
                effect => {
                    if let Some(reply) = hooks.perform(effect) {
                        self.session.update(reply, Instant::now());
                    }
                }
            }
        }
        None
    }

    fn send(&mut self, msg: Msg) {
        self.session.update(msg, Instant::now());
    }

    fn action(&mut self, action: Action) {
        self.send(Msg::action(action));
    }

    fn line(&self, id: &str, args: &[(&str, Arg)]) -> String {
        view::line(self.language, id, args)
    }

    /// One typed line: what it asks for, carried out, and what came of it said.
    fn handle(&mut self, raw: &str, hooks: &mut dyn Hooks) -> io::Result<Option<Ending>> {
        let mut extra = Vec::new();
        match raw {
            "\u{0}too-long" => extra.push(self.line("plain-too-long", &[("max", Arg::from(LINE_MAX))])),
            "\u{0}not-utf8" => extra.push(self.line("plain-not-utf8", &[])),
            raw => self.command(raw, &mut extra),
        }
        if let Some(ending) = self.carry_out(hooks) {
            self.announce(extra, false)?;
            return Ok(Some(ending));
        }
        self.announce(extra, true)?;
        Ok(None)
    }

    /// What `raw` asks of the screen in front of the player.
    fn command(&mut self, raw: &str, extra: &mut Vec<String>) {
        let text = input::normalise(raw);
        let word = input::word(&text);
        if word == Some(Word::Help) {
            extra.extend(view::help(self.session.scene(), self.language));
            return;
        }
        if word == Some(Word::Look) {
            self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_) | Slot::View(..)));
            return;
        }
        let app = self.session.scene();
        if let Some(Overlay::Confirm(_)) = app.overlay {
            match word {
                Some(Word::Yes) => self.send(Msg::char('y')),
                Some(Word::No | Word::Next | Word::Quit) => self.send(Msg::char('n')),
                _ => extra.push(self.line("plain-yes-or-no", &[])),
            }
            return;
        }
        match &app.screen {
            Screen::Start(_) => {
                let saved = app.saved().is_some();
                let row = match word {
                    Some(Word::Play | Word::Again) => StartRow::Start,
                    Some(Word::Resume) if saved => StartRow::Resume,
                    Some(Word::Puzzles) => StartRow::Puzzles,
                    Some(Word::Learn | Word::Lesson) => StartRow::Learn,
                    Some(Word::Quit) => return self.action(Action::Quit),
                    _ => return extra.push(self.not_understood(raw)),
                };
                self.send(Msg::Choose { row, action: Some(Action::Take) });
            }
            Screen::Play(play) if play.game.over.is_some() => match word {
                Some(Word::Again | Word::Play | Word::Next) => self.action(Action::Take),
                Some(Word::Menu) => self.action(Action::NewGame),
                Some(Word::Save) => self.action(Action::Record),
                Some(Word::Quit) => self.action(Action::Quit),
                _ => extra.push(self.not_understood(raw)),
            },
            Screen::Play(_) => match word {
                Some(Word::Hint) => {
                    self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_)));
                    self.action(Action::Hint);
                }
                Some(Word::Undo) => {
                    let before = self.moves();
                    self.action(Action::Undo);
                    if self.moves() == before {
                        extra.push(self.line("plain-nothing-to-undo", &[]));
                    }
                }
                Some(Word::Redo) => {
                    let before = self.moves();
                    self.action(Action::Redo);
                    if self.moves() == before {
                        extra.push(self.line("plain-nothing-to-redo", &[]));
                    }
                }
                Some(Word::Coach) => {
                    self.action(Action::Coach);
                    let on = self.session.scene().panels.coach;
                    extra.push(self.line("plain-coach", &[("on", Arg::from(if on { "yes" } else { "no" }))]));
                }
                Some(Word::Binary) => self.toggle_view(extra),
                Some(Word::Resign) => self.action(Action::Resign),
                Some(Word::Menu) => self.action(Action::NewGame),
                Some(Word::Lesson) => self.action(Action::Lesson),
                Some(Word::Quit) => self.action(Action::Quit),
                _ => self.play_move(raw, &text, extra),
            },
            Screen::Demo(demo) => match (word, demo.game.over.is_some()) {
                (Some(Word::Again | Word::Play | Word::Next), true) => self.action(Action::Take),
                (Some(Word::Quit), _) => self.action(Action::Quit),
                _ => extra.push(self.not_understood(raw)),
            },
            Screen::Puzzle(puzzle) if puzzle.run.answer.is_some() => match word {
                Some(Word::Next | Word::Again | Word::Play) => self.action(Action::Take),
                Some(Word::Quit | Word::Menu) => self.action(Action::Quit),
                _ => extra.push(self.not_understood(raw)),
            },
            Screen::Puzzle(_) => match word {
                Some(Word::Hint) => {
                    self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_)));
                    self.action(Action::Hint);
                }
                Some(Word::Binary) => self.toggle_view(extra),
                Some(Word::Quit | Word::Menu) => self.action(Action::Quit),
                _ => self.play_move(raw, &text, extra),
            },
            Screen::Learn(lesson) => {
                if lesson.asking() && is_answer(&text) {
                    // What an earlier try typed goes first: the answer is this line alone.
                    for _ in 0..lesson.input.chars().count() {
                        self.action(Action::Erase);
                    }
                    for c in text.chars() {
                        self.send(Msg::char(c));
                    }
                    return self.action(Action::Take);
                }
                match word {
                    Some(Word::Next) => self.action(Action::More),
                    Some(Word::Back) => self.action(Action::Less),
                    Some(Word::Play) if lesson.playable().is_some() => self.action(Action::NewGame),
                    Some(Word::Lesson) => self.action(Action::Lesson),
                    // The misère step's example game, a position at a time.
                    Some(Word::Forward) if lesson.current().picture == Picture::MisereGame => {
                        self.action(Action::Down)
                    }
                    Some(Word::Rewind) if lesson.current().picture == Picture::MisereGame => {
                        self.action(Action::Up)
                    }
                    Some(Word::Quit | Word::Menu) => self.action(Action::Quit),
                    _ => extra.push(self.not_understood(raw)),
                }
            }
            Screen::Replay(_) => match word {
                Some(Word::Quit | Word::Menu) => self.action(Action::Quit),
                _ => extra.push(self.not_understood(raw)),
            },
        }
    }

    /// The binary (teaching) view on or off; said when turned off, its lines being the news
    /// when on.
    fn toggle_view(&mut self, extra: &mut Vec<String>) {
        self.action(Action::Binary);
        let on = self.session.scene().panels.binary;
        self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::View(..)));
        extra.push(self.line("plain-view", &[("on", Arg::from(if on { "yes" } else { "no" }))]));
    }

    /// The number of moves of the game on screen.
    fn moves(&self) -> usize {
        self.session.scene().game().map_or(0, |game| game.moves().len())
    }

    /// A move typed in a game or a puzzle: read in the game's notation or in words, checked by the
    /// engine (a move the rules refuse says why, in the words the board uses), then chosen and
    /// taken as the keys would.
    fn play_move(&mut self, raw: &str, text: &str, extra: &mut Vec<String>) {
        let Some(game) = self.session.scene().game() else { return };
        if !game.your_turn() && !matches!(self.session.scene().screen, Screen::Puzzle(_)) {
            return extra.push(self.line("plain-not-your-turn", &[]));
        }
        let mv = match input::read_move(game.engine(), game.position().len(), text) {
            Ok(mv) => mv,
            Err(_) => return extra.push(self.not_understood(raw)),
        };
        // A heap that is not there: said in the screen's language (the keys cannot choose one, so
        // the board has no words for it).
        if let Some(heap) = heaps_of(&mv).into_iter().find(|&heap| heap >= game.position().len()) {
            let name = crate::words::numbered(self.language, game.rules.kind, heap + 1);
            let args = [("name", Arg::from(name)), ("count", Arg::from(game.position().len()))];
            return extra.push(self.line("plain-no-heap", &args));
        }
        if let Err(error) = game.engine().check(game.position(), &mv) {
            let why = game.note_words(self.language, &Note::Refused(Refusal::Move(error)));
            return extra.push(view::sentence(self.language, &why));
        }
        let before = game.moves().len();
        self.send(Msg::Select(mv.clone()));
        // In a game, choosing the move already chosen makes it.
        if self.moves() != before {
            return;
        }
        if self.session.scene().game().is_some_and(|game| game.chosen() == mv) {
            self.action(Action::Take);
        } else {
            extra.push(self.line("plain-cannot-choose", &[]));
        }
    }

    /// The message for a line that is no command here: what was typed, and what would be.
    fn not_understood(&self, raw: &str) -> String {
        let shown = crate::text::escape_short(raw.trim(), 60);
        let example = self
            .session
            .scene()
            .game()
            .filter(|game| game.over.is_none())
            .map(|game| view::move_example(self.language, game.rules.kind));
        match example {
            Some(example) => self.line(
                "plain-not-understood-move",
                &[("line", Arg::from(shown)), ("example", Arg::from(example))],
            ),
            None => self.line("plain-not-understood", &[("line", Arg::from(shown))]),
        }
    }

    /// Says what changed since the last frame, then `extra` (the door's own answers), then the
    /// prompt: always after a line typed (`force`), otherwise when it changed.
    fn announce(&mut self, extra: Vec<String>, force: bool) -> io::Result<()> {
        let frame = view::frame(self.session.scene(), self.language);
        let mut said = std::mem::take(&mut self.said);
        // Another game, puzzle or step; or a game again after the last one ended.
        let again = said.get(&Slot::Result).is_some() && frame.get(&Slot::Result).is_none();
        if frame.epoch != said.epoch || again {
            said = Frame::default();
        }
        let mut out = Vec::new();
        if frame.moves() < said.moves() {
            out.push(self.line("plain-undone", &[]));
        }
        for (slot, text) in &frame.lines {
            if *slot != Slot::Prompt && said.get(slot) != Some(text) {
                out.push(text.clone());
            }
        }
        out.extend(extra);
        if let Some(prompt) = frame.get(&Slot::Prompt)
            && (force || said.get(&Slot::Prompt) != Some(prompt))
        {
            out.push(prompt.to_string());
        }
        self.said = frame;
        for line in out {
            self.out.write_all(plain_text(&line).as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        self.out.flush()
    }
}

/// The heaps (from 0) a move touches.
fn heaps_of(mv: &crate::engine::Move) -> Vec<usize> {
    use crate::engine::Move;
    match mv {
        Move::Take(take) => vec![take.heap],
        Move::TakeMany(takes) => takes.iter().map(|take| take.heap).collect(),
        Move::Split { heap, .. } => vec![*heap],
        // A coin-turning move names coins by their places, not heaps.
        Move::Turn(_) => Vec::new(),
    }
}

/// Whether a lesson's typed line is an answer rather than a command: numbers, or win or lose.
fn is_answer(text: &str) -> bool {
    const WIN_OR_LOSE: [&str; 12] =
        ["w", "l", "win", "lose", "i win", "i lose", "赢", "胜", "输", "负", "我赢", "我输"];
    text.chars().next().is_some_and(|c| c.is_ascii_digit()) || WIN_OR_LOSE.contains(&text)
}

/// `line` made fit for the plain mode: one line (a break inside it becomes a space), controls and
/// invisible characters shown escaped (no escape sequence can reach the terminal), and no
/// box-drawing, block or braille glyph (U+2500 to U+259F, U+2800 to U+28FF), which a screen
/// reader reads as noise; and `⊕`, which espeak-ng says nothing for, as `xor`.
pub fn plain_text(line: &str) -> String {
    let one: String = line
        .chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            '\u{2500}'..='\u{257F}' => '-',
            '\u{2580}'..='\u{259F}' | '\u{2800}'..='\u{28FF}' => ' ',
            c => c,
        })
        .collect::<String>()
        // A speech synthesizer says nothing for the nim-sum's sign: the word is said instead.
        .replace('⊕', "xor");
    crate::text::escape(one.trim_end()).into_owned()
}

/// Ctrl-Z (SIGTSTP, caught with the other signals): the process stops as a shell expects. Nothing
/// of the terminal was changed, so nothing is given back first.
fn suspend() {
    #[cfg(unix)]
    // SAFETY: raising a signal has no memory effects; the process stops until SIGCONT.
    unsafe {
        libc::raise(libc::SIGSTOP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_chooses_it() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        };
        assert!(chosen_by_env(env(&[("TERM", "dumb")])));
        assert!(chosen_by_env(env(&[("TERM", "xterm"), ("ACCESSIBLE", "1")])));
        assert!(!chosen_by_env(env(&[("TERM", "xterm"), ("ACCESSIBLE", "0")])));
        assert!(!chosen_by_env(env(&[("TERM", "xterm-256color")])));
        assert!(!chosen_by_env(env(&[])));
    }

    #[test]
    fn plain_text_has_no_escape_and_no_drawing() {
        assert_eq!(plain_text("a\u{1b}[31mb"), "a\\x1b[31mb");
        assert_eq!(plain_text("─┼▀⠿ x\ny"), "--   x y");
        assert_eq!(plain_text("3 ⊕ 4"), "3 xor 4");
    }
}
