//! The plain door: the server in lines of text, for a screen reader or a bot (issue #37). A client
//! whose terminal is `dumb`, or who has no terminal at all (`ssh -T`), or a browser's plain page,
//! gets it instead of the full screen: the lobby, a game against the AI, a seat in a game between
//! two people and watching, each said one announcement a line, and typed commands read a line at a
//! time (the game's own commands through `nim_tui::plain`, the lobby's here).
//!
//! It is a door over the same session core as the full-screen one (`client.rs`): a
//! `Session<Place>`, the same `Place` (so a game here is a game there: kept, graded, on the
//! boards), the same output queue and budgets, the same news. Only what it reads and writes
//! differs: lines instead of keys and frames. What a game says is `nim_tui::plain::view`, as at a
//! local terminal; the lobby's lines are written here, from the same state the lobby draws.
//!
//! At a terminal (`ssh -tt` with `TERM=dumb`) the client's terminal is raw and the server echoes
//! what is typed (`nim_tui::plain::lines`); lines end in `\r\n` and no escape sequence is ever
//! written. Without one (`ssh -T`, a pipe) nothing is echoed and lines end in `\n`.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;

use super::lobby::Note;
use super::place::{Leave, Place, Role, Spot};
use nim_tui::app::{App, Msg};
use nim_tui::i18n::{self, Arg, Language};
use nim_tui::plain::input::{self, Word};
use nim_tui::plain::lines::{Lines, Typed};
use nim_tui::plain::view::{self, Frame, Slot, Viewer};
use nim_tui::plain::{Play, Speaker, plain_text};
use nim_tui::session::{Scene as _, Session};
use nim_tui::ui::Look;

/// How the plain door's lines travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wire {
    /// A raw terminal (a pty over SSH): typing is echoed and edited here, lines end in `\r\n`.
    Terminal,
    /// A stream of lines (`ssh -T`, a pipe, the browser's plain page): nothing echoed, lines end
    /// in `\n`.
    Lines,
}

/// The lobby's slots ([`Slot::Door`]): the heading, the note, the activity and the idle warning
/// have their own; each person has `PERSON + id`.
const HEADING: u64 = 0;
const NOTE: u64 = 1;
const ACTIVITY: u64 = 2;
const TOP: u64 = 3;
const IDLE: u64 = 4;
const ALONE: u64 = 5;
const PERSON: u64 = 1 << 32;

/// The connection's session and what the plain door keeps of its lines: the face the door's
/// loop (`client::play`) shows when the player reads lines.
pub(crate) struct Door {
    pub(crate) session: Session<Place>,
    speaker: Speaker,
    reader: Lines,
    wire: Wire,
    /// Lines typed and not yet carried out (they wait while the AI is in its pause).
    queue: VecDeque<Typed>,
    /// The people said to be here last, by id and name: one who is gone is said to have left.
    people: Vec<(u64, String)>,
    /// The lobby's line for each person, kept while what it says is the same: one person's
    /// change formats one line, not everyone's (each lobby is drawn again at every change).
    person_lines: RefCell<PersonLines>,
    /// The person asked to leave (a line typed, Ctrl-D, the lobby's `quit`).
    leaving: bool,
    /// The input has ended (end of file, Ctrl-D, the channel closed): the lines still queued are
    /// carried out, then the door closes.
    input_over: bool,
}

/// The lobby's lines of the people, by id, with what each says (name, teacher, doing, host), in
/// one language.
/// A person's name, whether a teacher, what they are doing, their host (another's), and the line.
type PersonLine = (String, bool, super::tables::Doing, Option<String>, String);

#[derive(Default)]
struct PersonLines {
    language: Option<Language>,
    lines: HashMap<u64, PersonLine>,
}

/// What the plain door's lines say at a point of the loop.
pub(crate) enum Said {
    /// Bytes for the wire (perhaps none).
    Bytes(Vec<u8>),
    /// These bytes, then the person leaves.
    Leaving(Vec<u8>),
    /// The input ended and everything typed was carried out.
    Done,
}

/// The session at a table, as `nim_tui::plain` drives a game: the app is the table's, and every
/// message goes through the place, which knows whose turn it is and what a watcher may do.
struct AtTable<'a>(&'a mut Session<Place>);

impl Play for AtTable<'_> {
    fn with_app<R>(&self, f: impl FnOnce(&App) -> R) -> R {
        match self.0.scene().spot() {
            Spot::Table(table, _) => f(&table.app()),
            // Never asked in the lobby; an empty app answers as a start screen would.
            Spot::Lobby(_) => f(&App::new(self.0.scene().server().settings.setup(), None)),
        }
    }
    fn send(&mut self, msg: Msg) {
        self.0.update(msg, std::time::Instant::now());
    }
    fn may_move(&self) -> bool {
        match self.0.scene().spot() {
            Spot::Table(table, Role::Owner) => {
                let app = table.app();
                matches!(app.screen, nim_tui::app::Screen::Puzzle(_))
                    || app.game().is_some_and(nim_tui::app::Game::your_turn)
            }
            Spot::Table(table, Role::Seat(seat)) => {
                !table.closed.load(Ordering::SeqCst)
                    && table.app().game().is_some_and(|g| g.over.is_none() && g.turn() == seat)
            }
            _ => false,
        }
    }
}

impl Door {
    /// The plain face of `session` on `wire`. The whole screen's size plays no part in lines.
    pub(crate) fn new(mut session: Session<Place>, wire: Wire) -> Door {
        session.resize(nim_tui::ui::MAX_WIDTH, nim_tui::ui::MAX_HEIGHT, std::time::Instant::now());
        let language = session.look().language;
        Door {
            session,
            speaker: Speaker::new(language),
            reader: match wire {
                Wire::Terminal => Lines::terminal(),
                Wire::Lines => Lines::pipe(),
            },
            wire,
            queue: VecDeque::new(),
            people: Vec::new(),
            person_lines: RefCell::default(),
            leaving: false,
            input_over: false,
        }
    }

    /// The first lines: the protocol's hello, then the place.
    pub(crate) fn opening(&mut self) -> Vec<u8> {
        let hello = self.speaker.hello();
        let mut bytes = self.written(&[hello], false);
        bytes.extend(self.announce(Vec::new(), true));
        bytes
    }

    /// Bytes typed: what is echoed at a terminal; the lines they end are queued.
    pub(crate) fn input(&mut self, bytes: &[u8]) -> Vec<u8> {
        let mut echo = Vec::new();
        for typed in self.reader.feed(bytes, &mut echo) {
            if typed == Typed::End {
                self.input_over = true;
                break;
            }
            self.queue.push_back(typed);
        }
        match self.wire {
            Wire::Terminal => echo,
            Wire::Lines => Vec::new(),
        }
    }

    /// Whether the input has ended.
    pub(crate) fn input_over(&self) -> bool {
        self.input_over
    }

    /// The input ended: a line begun is taken as typed.
    pub(crate) fn input_ended(&mut self) {
        self.queue.extend(self.reader.finish());
        self.input_over = true;
    }

    /// Carries out the lines queued, but not while the AI is in its pause: they answer the
    /// position after its move.
    pub(crate) fn carry_out(&mut self) -> Said {
        let mut said = Vec::new();
        while !self.session.scene().ai_waiting()
            && let Some(typed) = self.queue.pop_front()
        {
            let extra = self.typed(&typed);
            // Leaving, the door's answers are said, and no prompt after them.
            if self.leaving || self.take_leave() {
                said.extend(self.written(&extra, false));
                return Said::Leaving(said);
            }
            said.extend(self.announce(extra, true));
        }
        if self.input_over && self.queue.is_empty() && !self.session.scene().ai_waiting() {
            return Said::Done;
        }
        Said::Bytes(said)
    }

    /// What changed since the lines last said, after the loop woke; or that the place asked
    /// to leave.
    pub(crate) fn news(&mut self) -> Said {
        if self.take_leave() {
            return Said::Leaving(Vec::new());
        }
        Said::Bytes(self.announce(Vec::new(), false))
    }

    /// A last line, ending a line being typed first.
    pub(crate) fn last(&self, line: String) -> Vec<u8> {
        self.written(&[line], true)
    }

    fn language(&self) -> Language {
        self.speaker.language
    }

    fn line(&self, id: &str, args: &[(&str, Arg)]) -> String {
        i18n::text_with(self.language(), id, args)
    }

    /// Whether the place asked to leave the server (the lobby's Ctrl-C, or its question answered).
    fn take_leave(&mut self) -> bool {
        let mut leave = false;
        while let Some(Leave) = self.session.take_effect() {
            leave = true;
        }
        leave
    }

    /// `lines` as the wire writes them: each made plain and ended, and, at a terminal, a line
    /// being typed when they came (`interrupting`) first ended and then written again after them,
    /// so that what was typed is not lost among them.
    fn written(&self, lines: &[String], interrupting: bool) -> Vec<u8> {
        let end: &[u8] = match self.wire {
            Wire::Terminal => b"\r\n",
            Wire::Lines => b"\n",
        };
        let mut bytes = Vec::new();
        let typing = interrupting && self.wire == Wire::Terminal && self.reader.typing() && !lines.is_empty();
        if typing {
            bytes.extend_from_slice(end);
        }
        for line in lines {
            bytes.extend_from_slice(plain_text(line).as_bytes());
            bytes.extend_from_slice(end);
        }
        if typing {
            bytes.extend_from_slice(plain_text(&self.reader.begun()).as_bytes());
        }
        bytes
    }

    /// What changed since the last lines said, then `extra`, then the prompt (always after a
    /// line typed: `force`), as bytes for the wire.
    fn announce(&mut self, mut extra: Vec<String>, force: bool) -> Vec<u8> {
        let frame = self.frame();
        if frame.epoch == "lobby" {
            let now: Vec<(u64, String)> = self.lobby_people();
            let here: std::collections::HashSet<u64> = now.iter().map(|(id, _)| *id).collect();
            let gone: Vec<String> = self
                .people
                .iter()
                .filter(|(id, _)| !here.contains(id))
                .map(|(_, name)| self.line("plain-lobby-left", &[("name", Arg::from(name.as_str()))]))
                .collect();
            extra.splice(0..0, gone);
            self.people = now;
        } else {
            self.people.clear();
        }
        let lines = self.speaker.announce(frame, extra, force);
        self.written(&lines, !force)
    }

    /// The people in the lobby's list but this connection.
    fn lobby_people(&self) -> Vec<(u64, String)> {
        let me = self.session.scene().me().id;
        let server = self.session.scene().server();
        server.people.list().iter().filter(|p| p.id != me).map(|p| (p.id, p.name.clone())).collect()
    }

    /// The place as lines: the lobby's, or the table's game for this viewer with the server's
    /// line at the top of the table.
    fn frame(&self) -> Frame {
        let lang = self.language();
        let place = self.session.scene();
        let mut frame = match place.spot() {
            Spot::Lobby(lobby) => self.lobby_frame(lobby),
            Spot::Table(table, role) => {
                let app = table.app();
                let viewer = match role {
                    Role::Owner => Viewer::Player,
                    Role::Seat(seat) => Viewer::Seat(seat),
                    Role::Watcher => Viewer::Watcher(&table.players[0]),
                };
                let mut frame = view::frame_for(&app, lang, viewer);
                let over = app.game().is_none_or(|g| g.over.is_some());
                // Let go before the line at the top, which reads the app too (a position given
                // by the teacher): the lock is not taken twice.
                drop(app);
                if role != Role::Owner && (over || table.closed.load(Ordering::SeqCst)) {
                    frame.lines.retain(|(slot, _)| *slot != Slot::Prompt);
                    frame.lines.push((Slot::Prompt, self.line("plain-serve-over", &[])));
                }
                if let Some(top) = place.top() {
                    let look = Look { language: lang, ..Look::default() };
                    let text = top.text(&look);
                    if place.asking_leave() {
                        frame.lines.retain(|(slot, _)| *slot != Slot::Prompt);
                        let question = self.line("plain-serve-leave", &[]);
                        frame.lines.push((Slot::Prompt, question));
                    } else {
                        frame.lines.insert(0, (Slot::Door(TOP), text));
                    }
                }
                frame
            }
        };
        if let Some(seconds) = place.idle_warning {
            let warning = self.line("plain-serve-idle", &[("seconds", Arg::from(seconds))]);
            let at =
                frame.lines.iter().position(|(slot, _)| *slot == Slot::Prompt).unwrap_or(frame.lines.len());
            frame.lines.insert(at, (Slot::Door(IDLE), warning));
        }
        frame
    }

    fn lobby_frame(&self, lobby: &super::lobby::Lobby) -> Frame {
        let lang = self.language();
        let place = self.session.scene();
        let server = place.server();
        let me = place.me();
        let mut frame = Frame { epoch: "lobby".into(), lines: Vec::new() };
        frame.lines.push((
            Slot::Door(HEADING),
            self.line("plain-lobby-heading", &[("me", Arg::from(me.name.as_str()))]),
        ));
        let people = server.people.list();
        let mut others = 0;
        let mut kept = self.person_lines.borrow_mut();
        if kept.language != Some(lang) || kept.lines.len() > 2 * people.len() + 16 {
            *kept = PersonLines { language: Some(lang), lines: HashMap::new() };
        }
        for p in people.iter().filter(|p| p.id != me.id) {
            others += 1;
            let said = match kept.lines.get(&p.id) {
                Some((name, teacher, doing, host, line))
                    if *name == p.name && *teacher == p.teacher && *doing == p.doing && *host == p.host =>
                {
                    line.clone()
                }
                _ => {
                    let name =
                        if p.teacher { nim_tui::words::serve_teacher(lang, &p.name) } else { p.name.clone() };
                    let doing = super::lobby_view::doing_where(lang, &p.doing, p.host.as_deref());
                    let line = self
                        .line("plain-lobby-person", &[("name", Arg::from(name)), ("at", Arg::from(doing))]);
                    kept.lines.insert(
                        p.id,
                        (p.name.clone(), p.teacher, p.doing.clone(), p.host.clone(), line.clone()),
                    );
                    line
                }
            };
            frame.lines.push((Slot::Door(PERSON + p.id), said));
        }
        drop(kept);
        if others == 0 {
            frame.lines.push((Slot::Door(ALONE), self.line("plain-lobby-alone", &[])));
        }
        if let Some(assignment) =
            server.people.assignment.lock().ok().and_then(|a| a.clone()).filter(|a| !a.ended)
        {
            let paused = Arg::from(if assignment.paused { "yes" } else { "no" });
            frame.lines.push((
                Slot::Door(ACTIVITY),
                self.line(
                    "plain-lobby-activity",
                    &[
                        ("activity", Arg::from(assignment.id.to_string())),
                        ("position", Arg::from(assignment.position.as_str())),
                        ("paused", paused),
                    ],
                ),
            ));
        }
        let look = Look { language: lang, ..Look::default() };
        match &lobby.note {
            // The question is the prompt.
            Some(Note::Challenged(_) | Note::ConfirmQuit) | None => {}
            Some(note) => frame.lines.push((Slot::Door(NOTE), view::stopped(lang, &note.text(&look)))),
        }
        let prompt = match &lobby.challenged_by {
            Some((_, name)) => self.line("plain-lobby-challenged", &[("name", Arg::from(name.as_str()))]),
            None => self.line("plain-lobby-prompt", &[]),
        };
        frame.lines.push((Slot::Prompt, prompt));
        frame
    }

    /// A typed line, carried out where the player is; the door's own answers returned.
    fn typed(&mut self, typed: &Typed) -> Vec<String> {
        if self.session.scene().in_lobby() {
            return match typed {
                Typed::Line(raw) => self.lobby_line(raw),
                Typed::Interrupt => {
                    self.leaving = true;
                    Vec::new()
                }
                other => self.speaker.typed(&mut AtTable(&mut self.session), other),
            };
        }
        if self.session.scene().asking_leave() {
            // Leave the game in play? y gives it up; anything else stays.
            let yes =
                matches!(typed, Typed::Line(raw) if input::word(&input::normalise(raw)) == Some(Word::Yes));
            self.session.update(Msg::char(if yes { 'y' } else { 'n' }), std::time::Instant::now());
            return Vec::new();
        }
        let watching = matches!(self.session.scene().spot(), Spot::Table(_, Role::Watcher));
        let seated = matches!(self.session.scene().spot(), Spot::Table(_, Role::Seat(_)));
        let closed = match self.session.scene().spot() {
            Spot::Table(table, _) => {
                table.closed.load(Ordering::SeqCst) || table.app().game().is_some_and(|g| g.over.is_some())
            }
            Spot::Lobby(_) => false,
        };
        // A watcher, or a player whose game between people is over, only leaves.
        if let (true, Typed::Line(raw)) = (watching || (seated && closed), typed) {
            return match input::word(&input::normalise(raw)) {
                Some(Word::Help) => vec![self.line("plain-help-serve-leave", &[])],
                Some(Word::Look) => {
                    self.speaker.forget();
                    Vec::new()
                }
                Some(Word::Quit | Word::Menu | Word::No | Word::Next) => {
                    self.session.update(Msg::action(nim_tui::app::Action::Quit), std::time::Instant::now());
                    Vec::new()
                }
                _ => vec![self.line("plain-serve-only-leave", &[])],
            };
        }
        self.speaker.typed(&mut AtTable(&mut self.session), typed)
    }

    /// A line typed in the lobby.
    fn lobby_line(&mut self, raw: &str) -> Vec<String> {
        let text = input::normalise(raw);
        let challenged =
            matches!(self.session.scene().spot(), Spot::Lobby(lobby) if lobby.challenged_by.is_some());
        if let Some((word, name)) = input::word_and_name(&text) {
            return match word {
                Word::Play | Word::Challenge => self.press_on(name, 'c'),
                Word::Watch => self.press_on(name, 'w'),
                _ => vec![self.not_understood(raw)],
            };
        }
        match input::word(&text) {
            Some(Word::Help) => [
                "plain-help-lobby-ai",
                "plain-help-lobby-play",
                "plain-help-lobby-watch",
                "plain-help-lobby-answer",
                "plain-help-lobby-who",
                "plain-help-lobby-standings",
                "plain-help-lobby-quit",
            ]
            .iter()
            .map(|id| self.line(id, &[]))
            .collect(),
            Some(Word::Look) => {
                self.speaker.forget();
                self.people.clear();
                Vec::new()
            }
            Some(Word::Ai | Word::Play) => {
                self.key('p');
                Vec::new()
            }
            Some(Word::Accept | Word::Yes) if challenged => {
                self.key('y');
                Vec::new()
            }
            Some(Word::Decline | Word::No) if challenged => {
                self.key('n');
                Vec::new()
            }
            Some(Word::Accept | Word::Decline | Word::Yes | Word::No) => {
                vec![self.line("plain-lobby-no-challenge", &[])]
            }
            Some(Word::Standings) => self.standings(),
            Some(Word::Quit) => {
                self.leaving = true;
                Vec::new()
            }
            _ => vec![self.not_understood(raw)],
        }
    }

    /// A key of the lobby's, typed: the lobby does what it does at the keyboard.
    fn key(&mut self, ch: char) {
        self.session.update(Msg::char(ch), std::time::Instant::now());
    }

    /// Chooses the person called `name` (in any case) and presses `key` on them: `c` challenges,
    /// `w` watches.
    fn press_on(&mut self, name: &str, key: char) -> Vec<String> {
        let place = self.session.scene();
        let people = place.server().people.list();
        let found = people.iter().find(|p| p.name.to_lowercase() == name);
        match found {
            None => {
                vec![self.line(
                    "plain-lobby-nobody",
                    &[("name", Arg::from(nim_tui::text::escape_short(name, 40)))],
                )]
            }
            Some(p) if p.id == place.me().id => vec![self.line("plain-lobby-yourself", &[])],
            Some(p) => {
                let id = p.id;
                self.session.scene_mut().choose(id);
                self.key(key);
                Vec::new()
            }
        }
    }

    /// The standings, as the lobby shows them, a line each.
    fn standings(&self) -> Vec<String> {
        let place = self.session.scene();
        let server = place.server();
        let board = server.store.board();
        let people = server.people.list();
        let lobby = super::lobby::Lobby::default();
        let view = super::lobby_view::View {
            lobby: &lobby,
            me: place.me().id,
            my_name: &place.me().name,
            people: &people,
            standings: &board.standings,
            matches: &board.matches,
            ratings: board.ratings.get(&place.me().name).map_or(&[], Vec::as_slice),
            accuracy: board.students.get(&place.me().name).and_then(|s| s.accuracy()),
            hardest: board.students.get(&place.me().name).and_then(|s| s.hardest_share()),
            tournament: None,
        };
        let look = Look { language: self.language(), ..Look::default() };
        super::lobby_view::board_lines(&view, &look)
            .iter()
            .map(|line| {
                line.spans.iter().map(|span| span.content.as_ref()).collect::<String>().trim().to_string()
            })
            .collect()
    }

    fn not_understood(&self, raw: &str) -> String {
        let shown = nim_tui::text::escape_short(raw.trim(), 60);
        self.line("plain-not-understood", &[("line", Arg::from(shown))])
    }
}
