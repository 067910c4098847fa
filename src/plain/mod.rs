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
pub mod lines;
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
use lines::{Lines, Typed};
use view::{Frame, Slot};

/// The version of the plain protocol the program speaks (docs/plain-protocol.md), printed first.
pub const PROTOCOL: u32 = 2;

pub use lines::LINE_MAX;

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
        speaker: Speaker::new(options.language),
        out,
        lines: VecDeque::new(),
        reader: Lines::pipe(),
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
    speaker: Speaker,
    out: &'a mut dyn Write,
    /// Lines read and not yet handed to the app.
    lines: VecDeque<Typed>,
    reader: Lines,
    /// The input has ended.
    ended: bool,
}

impl Door<'_> {
    fn run(&mut self, events: Events, hooks: &mut dyn Hooks) -> io::Result<Ending> {
        writeln!(self.out, "{}", plain_text(&self.speaker.hello()))?;
        self.announce(Vec::new(), true)?;
        let (events, start) = events.sources();
        start();
        loop {
            // Lines wait while the AI is in its pause: they answer the position after its move.
            while !self.session.scene().ai_waiting()
                && let Some(typed) = self.lines.pop_front()
            {
                let extra = self.speaker.typed(&mut self.session, &typed);
                if let Some(ending) = self.carry_out(hooks) {
                    self.announce(extra, false)?;
                    return Ok(ending);
                }
                self.announce(extra, true)?;
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
                Some(Event::Bytes(bytes)) => {
                    let typed = self.reader.feed(&bytes, &mut Vec::new());
                    self.lines.extend(typed);
                }
                Some(Event::Stop(ending)) => return Ok(ending),
                Some(Event::InputClosed) => {
                    // The last line need not end in a newline.
                    self.lines.extend(self.reader.finish());
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

    /// Says what changed since the last frame, then `extra`, then the prompt (see
    /// [`Speaker::announce`]).
    fn announce(&mut self, extra: Vec<String>, force: bool) -> io::Result<()> {
        let frame = view::frame(self.session.scene(), self.speaker.language);
        for line in self.speaker.announce(frame, extra, force) {
            self.out.write_all(line.as_bytes())?;
            self.out.write_all(b"\n")?;
        }
        self.out.flush()
    }
}

/// What a typed line acts on: the app on screen, and the way to hand it a message. At a terminal
/// that is the session around the app; on the server, the player's place at a table, where a
/// message goes through the table's rules (whose turn it is, what a watcher may do).
pub trait Play {
    /// `f` with the app on screen.
    fn with_app<R>(&self, f: impl FnOnce(&App) -> R) -> R;
    /// A message for the app, carried out at once.
    fn send(&mut self, msg: Msg);
    /// Whether the player may make a move now: in a game, when it is their turn; in a puzzle,
    /// always.
    fn may_move(&self) -> bool {
        self.with_app(|app| match &app.screen {
            Screen::Puzzle(_) => true,
            _ => app.game().is_some_and(crate::app::Game::your_turn),
        })
    }
}

/// The game at this terminal.
impl Play for Session<App> {
    fn with_app<R>(&self, f: impl FnOnce(&App) -> R) -> R {
        f(self.scene())
    }
    fn send(&mut self, msg: Msg) {
        self.update(msg, Instant::now());
    }
}

/// What the screen in front of the player takes, read from the app before a line is carried out.
enum Here {
    Question,
    Menu { saved: bool },
    Over,
    Playing,
    Demo { over: bool },
    PuzzleAnswered,
    Puzzle,
    Learn { asking: bool, typed: usize, misere: bool, playable: bool },
    Replay,
}

fn here(app: &App) -> Here {
    if let Some(Overlay::Confirm(_)) = app.overlay {
        return Here::Question;
    }
    match &app.screen {
        Screen::Start(_) => Here::Menu { saved: app.saved().is_some() },
        Screen::Play(play) if play.game.over.is_some() => Here::Over,
        Screen::Play(_) => Here::Playing,
        Screen::Demo(demo) => Here::Demo { over: demo.game.over.is_some() },
        Screen::Puzzle(puzzle) if puzzle.run.answer.is_some() => Here::PuzzleAnswered,
        Screen::Puzzle(_) => Here::Puzzle,
        Screen::Learn(lesson) => Here::Learn {
            asking: lesson.asking(),
            typed: lesson.input.chars().count(),
            misere: lesson.current().picture == Picture::MisereGame,
            playable: lesson.playable().is_some(),
        },
        Screen::Replay(_) => Here::Replay,
    }
}

/// One player's lines: the language they read and what was said to them last, so that only
/// what changed is said again. The terminal's door keeps one, and so does each connection of the
/// server's plain door.
#[derive(Debug, Clone)]
pub struct Speaker {
    pub language: Language,
    /// The last frame said.
    said: Frame,
}

impl Speaker {
    pub fn new(language: Language) -> Speaker {
        Speaker { language, said: Frame::default() }
    }

    /// The first line: the protocol's version.
    pub fn hello(&self) -> String {
        self.line("plain-hello", &[("version", Arg::from(u64::from(PROTOCOL)))])
    }

    fn line(&self, id: &str, args: &[(&str, Arg)]) -> String {
        view::line(self.language, id, args)
    }

    /// Everything is said again at the next announcement (the player is somewhere else).
    pub fn forget(&mut self) {
        self.said = Frame::default();
    }

    /// A typed line carried out on `play`; the door's own answers (a refusal, the help), to be
    /// said after what the line changed (see [`Speaker::announce`]).
    pub fn typed<P: Play>(&mut self, play: &mut P, typed: &Typed) -> Vec<String> {
        match typed {
            Typed::Line(raw) => self.command(play, raw),
            Typed::TooLong => vec![self.line("plain-too-long", &[("max", Arg::from(LINE_MAX))])],
            Typed::NotUtf8 => vec![self.line("plain-not-utf8", &[])],
            Typed::Interrupt => {
                play.send(Msg::Interrupt);
                Vec::new()
            }
            Typed::End => Vec::new(),
        }
    }

    /// What `raw` asks of the screen in front of the player, carried out on `play`; the door's
    /// own answers returned.
    pub fn command<P: Play>(&mut self, play: &mut P, raw: &str) -> Vec<String> {
        let mut extra = Vec::new();
        let text = input::normalise(raw);
        let word = input::word(&text);
        if word == Some(Word::Help) {
            extra.extend(play.with_app(|app| view::help(app, self.language)));
            return extra;
        }
        if word == Some(Word::Look) {
            self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_) | Slot::View(..)));
            return extra;
        }
        let action = |play: &mut P, action: Action| play.send(Msg::action(action));
        if matches!(play.with_app(here), Here::Menu { .. })
            && let Some(said) = self.menu_setting(play, &text)
        {
            return said;
        }
        match play.with_app(here) {
            Here::Question => match word {
                Some(Word::Yes) => play.send(Msg::char('y')),
                Some(Word::No | Word::Next | Word::Quit) => play.send(Msg::char('n')),
                _ => extra.push(self.line("plain-yes-or-no", &[])),
            },
            Here::Menu { saved } => {
                let row = match word {
                    Some(Word::Play | Word::Again) => StartRow::Start,
                    Some(Word::Resume) if saved => StartRow::Resume,
                    Some(Word::Puzzles) => StartRow::Puzzles,
                    Some(Word::Learn | Word::Lesson) => StartRow::Learn,
                    Some(Word::Quit) => {
                        action(play, Action::Quit);
                        return extra;
                    }
                    _ => {
                        extra.push(self.not_understood(play, raw));
                        return extra;
                    }
                };
                play.send(Msg::Choose { row, action: Some(Action::Take) });
            }
            Here::Over => match word {
                Some(Word::Again | Word::Play | Word::Next) => action(play, Action::Take),
                Some(Word::Menu) => action(play, Action::NewGame),
                Some(Word::Save) => action(play, Action::Record),
                Some(Word::Quit) => action(play, Action::Quit),
                _ => extra.push(self.not_understood(play, raw)),
            },
            Here::Playing => match word {
                Some(Word::Hint) => {
                    self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_)));
                    action(play, Action::Hint);
                }
                Some(Word::Undo) => {
                    let before = moves(play);
                    action(play, Action::Undo);
                    if moves(play) == before {
                        extra.push(self.line("plain-nothing-to-undo", &[]));
                    }
                }
                Some(Word::Redo) => {
                    let before = moves(play);
                    action(play, Action::Redo);
                    if moves(play) == before {
                        extra.push(self.line("plain-nothing-to-redo", &[]));
                    }
                }
                Some(Word::Coach) => {
                    action(play, Action::Coach);
                    let on = play.with_app(|app| app.panels.coach);
                    extra.push(self.line("plain-coach", &[("on", Arg::from(if on { "yes" } else { "no" }))]));
                }
                Some(Word::Binary) => self.toggle_view(play, &mut extra),
                Some(Word::Resign) => action(play, Action::Resign),
                Some(Word::Menu) => action(play, Action::NewGame),
                Some(Word::Lesson) => action(play, Action::Lesson),
                Some(Word::Quit) => action(play, Action::Quit),
                _ => self.play_move(play, raw, &text, &mut extra),
            },
            Here::Demo { over } => match (word, over) {
                (Some(Word::Again | Word::Play | Word::Next), true) => action(play, Action::Take),
                (Some(Word::Quit), _) => action(play, Action::Quit),
                _ => extra.push(self.not_understood(play, raw)),
            },
            Here::PuzzleAnswered => match word {
                Some(Word::Next | Word::Again | Word::Play) => action(play, Action::Take),
                Some(Word::Quit | Word::Menu) => action(play, Action::Quit),
                _ => extra.push(self.not_understood(play, raw)),
            },
            Here::Puzzle => match word {
                Some(Word::Hint) => {
                    self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::Hint(_)));
                    action(play, Action::Hint);
                }
                Some(Word::Binary) => self.toggle_view(play, &mut extra),
                Some(Word::Quit | Word::Menu) => action(play, Action::Quit),
                _ => self.play_move(play, raw, &text, &mut extra),
            },
            Here::Learn { asking, typed, misere, playable } => {
                if asking && is_answer(&text) {
                    // What an earlier try typed goes first: the answer is this line alone.
                    for _ in 0..typed {
                        action(play, Action::Erase);
                    }
                    for c in text.chars() {
                        play.send(Msg::char(c));
                    }
                    action(play, Action::Take);
                    return extra;
                }
                match word {
                    Some(Word::Next) => action(play, Action::More),
                    Some(Word::Back) => action(play, Action::Less),
                    Some(Word::Play) if playable => action(play, Action::NewGame),
                    Some(Word::Lesson) => action(play, Action::Lesson),
                    // The misère step's example game, a position at a time.
                    Some(Word::Forward) if misere => action(play, Action::Down),
                    Some(Word::Rewind) if misere => action(play, Action::Up),
                    Some(Word::Quit | Word::Menu) => action(play, Action::Quit),
                    _ => extra.push(self.not_understood(play, raw)),
                }
            }
            Here::Replay => match word {
                Some(Word::Quit | Word::Menu) => action(play, Action::Quit),
                _ => extra.push(self.not_understood(play, raw)),
            },
        }
        extra
    }

    /// A setting of the start menu typed as a line (`game kayles`, `heaps 3 4 5`, `misere`,
    /// `normal`), made as the keys make it: the row chosen, then its choices stepped through
    /// until the one asked for; what came of it said. `None` for a line that is no setting.
    fn menu_setting<P: Play>(&mut self, play: &mut P, text: &str) -> Option<Vec<String>> {
        let lang = self.language;
        let menu = |play: &P| {
            play.with_app(|app| match &app.screen {
                Screen::Start(menu) => Some((menu.game.kind, menu.game.preset, menu.mode, menu.heap_option)),
                _ => None,
            })
        };
        let choose = |play: &mut P, row: StartRow| play.send(Msg::Choose { row, action: None });
        let title = |play: &P| {
            play.with_app(|app| match &app.screen {
                Screen::Start(menu) => {
                    format!(
                        "{}, {}",
                        crate::words::title(lang, menu.game.kind),
                        crate::words::mode_title(lang, menu.mode)
                    )
                }
                _ => String::new(),
            })
        };
        let (word, rest) = match input::word_and_name(text) {
            Some((word @ (Word::Game | Word::Heaps), rest)) => (word, rest),
            _ => (input::word(text)?, ""),
        };
        match word {
            Word::Game => {
                let entries = crate::engine::GameKind::menu();
                let target = entries
                    .iter()
                    .find(|e| e.preset == Some(rest))
                    .or_else(|| {
                        let kind = rest.parse::<crate::engine::GameKind>().ok()?;
                        entries.iter().find(|e| e.kind == kind && e.preset.is_none())
                    })
                    .map(|e| (e.kind, e.preset));
                let Some(target) = target else {
                    let names: Vec<String> = entries
                        .iter()
                        .map(|e| e.preset.map_or_else(|| e.kind.name(), str::to_string))
                        .collect();
                    let args = [
                        ("name", Arg::from(crate::text::escape_short(rest, 40))),
                        ("names", Arg::from(names.join(", "))),
                    ];
                    return Some(vec![self.line("plain-menu-no-game", &args)]);
                };
                choose(play, StartRow::Game);
                for _ in 0..entries.len() {
                    if menu(play).is_some_and(|(kind, preset, ..)| (kind, preset) == target) {
                        break;
                    }
                    play.send(Msg::action(Action::More));
                }
                Some(vec![self.line("plain-menu-game", &[("game", Arg::from(title(play)))])])
            }
            Word::Misere | Word::Normal => {
                let mode = if word == Word::Misere {
                    crate::engine::Mode::Misere
                } else {
                    crate::engine::Mode::Normal
                };
                let (kind, ..) = menu(play)?;
                if mode == crate::engine::Mode::Misere && !kind.has_misere() {
                    let game = Arg::from(crate::words::title(lang, kind));
                    return Some(vec![self.line("plain-menu-no-misere", &[("game", game)])]);
                }
                choose(play, StartRow::Mode);
                for _ in 0..2 {
                    if menu(play).is_some_and(|(.., now, _)| now == mode) {
                        break;
                    }
                    play.send(Msg::action(Action::More));
                }
                Some(vec![self.line("plain-menu-game", &[("game", Arg::from(title(play)))])])
            }
            Word::Heaps if !rest.is_empty() => {
                choose(play, StartRow::Heaps);
                for _ in 0..crate::app::HeapOption::ALL.len() {
                    if menu(play).is_some_and(|(.., option)| option == crate::app::HeapOption::Custom) {
                        break;
                    }
                    play.send(Msg::action(Action::More));
                }
                let typed = play.with_app(|app| match &app.screen {
                    Screen::Start(menu) => menu.custom.chars().count(),
                    _ => 0,
                });
                for _ in 0..typed {
                    play.send(Msg::action(Action::Erase));
                }
                for c in rest.chars() {
                    play.send(Msg::char(c));
                }
                let heaps = play.with_app(|app| match &app.screen {
                    Screen::Start(menu) => menu.custom.clone(),
                    _ => String::new(),
                });
                Some(vec![self.line("plain-menu-heaps", &[("heaps", Arg::from(heaps))])])
            }
            _ => None,
        }
    }

    /// The binary (teaching) view on or off; said when turned off, its lines being the news
    /// when on.
    fn toggle_view<P: Play>(&mut self, play: &mut P, extra: &mut Vec<String>) {
        play.send(Msg::action(Action::Binary));
        let on = play.with_app(|app| app.panels.binary);
        self.said.lines.retain(|(slot, _)| !matches!(slot, Slot::View(..)));
        extra.push(self.line("plain-view", &[("on", Arg::from(if on { "yes" } else { "no" }))]));
    }

    /// A move typed in a game or a puzzle: read in the game's notation or in words, checked by the
    /// engine (a move the rules refuse says why, in the words the board uses), then chosen and
    /// taken as the keys would.
    fn play_move<P: Play>(&mut self, play: &mut P, raw: &str, text: &str, extra: &mut Vec<String>) {
        let lang = self.language;
        let may_move = play.may_move();
        let checked = play.with_app(|app| {
            let game = app.game()?;
            if !may_move {
                return Some(Err(self.line("plain-not-your-turn", &[])));
            }
            let Ok(mv) = input::read_move(game.engine(), game.position().len(), text) else {
                return Some(Err(self.not_understood_in(app, raw)));
            };
            // A heap that is not there: said in the screen's language (the keys cannot choose
            // one, so the board has no words for it).
            if let Some(heap) = heaps_of(&mv).into_iter().find(|&heap| heap >= game.position().len()) {
                let name = crate::words::numbered(lang, game.rules.kind, heap + 1);
                let args = [("name", Arg::from(name)), ("count", Arg::from(game.position().len()))];
                return Some(Err(self.line("plain-no-heap", &args)));
            }
            if let Err(error) = game.engine().check(game.position(), &mv) {
                let why = game.note_words(lang, &Note::Refused(Refusal::Move(error)));
                return Some(Err(view::sentence(lang, &why)));
            }
            Some(Ok(mv))
        });
        let mv = match checked {
            None => return,
            Some(Err(line)) => return extra.push(line),
            Some(Ok(mv)) => mv,
        };
        let before = moves(play);
        play.send(Msg::Select(mv.clone()));
        // In a game, choosing the move already chosen makes it.
        if moves(play) != before {
            return;
        }
        if play.with_app(|app| app.game().is_some_and(|game| game.chosen() == mv)) {
            play.send(Msg::action(Action::Take));
        } else {
            extra.push(self.line("plain-cannot-choose", &[]));
        }
    }

    /// The message for a line that is no command here: what was typed, and what would be.
    fn not_understood<P: Play>(&self, play: &P, raw: &str) -> String {
        play.with_app(|app| self.not_understood_in(app, raw))
    }

    fn not_understood_in(&self, app: &App, raw: &str) -> String {
        let shown = crate::text::escape_short(raw.trim(), 60);
        let example = app
            .game()
            .filter(|game| game.over.is_none())
            .map(|game| crate::words::move_example(self.language, game.rules.kind));
        match example {
            Some(example) => self.line(
                "plain-not-understood-move",
                &[("line", Arg::from(shown)), ("example", Arg::from(example))],
            ),
            None => self.line("plain-not-understood", &[("line", Arg::from(shown))]),
        }
    }

    /// The lines to say for `frame`: what changed since the last frame said, then `extra` (the
    /// door's own answers), then the prompt: always after a line typed (`force`), otherwise when
    /// it changed. Each is made fit for the plain mode ([`plain_text`]).
    pub fn announce(&mut self, frame: Frame, extra: Vec<String>, force: bool) -> Vec<String> {
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
        // What was said, by slot, looked up once a line: a lobby of a thousand people is a
        // thousand lines, compared in one pass.
        let before: std::collections::HashMap<&Slot, &str> =
            said.lines.iter().map(|(slot, text)| (slot, text.as_str())).collect();
        for (slot, text) in &frame.lines {
            if *slot != Slot::Prompt && before.get(slot) != Some(&text.as_str()) {
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
        out.iter().map(|line| plain_text(line)).collect()
    }
}

/// The number of moves of the game on screen.
fn moves<P: Play>(play: &P) -> usize {
    play.with_app(|app| app.game().map_or(0, |game| game.moves().len()))
}

/// The heaps (from 0) a move touches.
fn heaps_of(mv: &crate::engine::Move) -> Vec<usize> {
    // A coin-turning move names coins by their places, not heaps: it takes from none.
    mv.takes().iter().map(|take| take.heap).collect()
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
