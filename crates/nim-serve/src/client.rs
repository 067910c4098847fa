//! A network door into a session (`nim_tui::session::Session`, whose scene is the connection's
//! `Place` on the server): bytes and window sizes in, frames out, in a task of its own. Frames are
//! drawn by ratatui into a buffer, and the buffer goes to the client through a queue whose unsent
//! bytes are counted: russh keeps whatever it is handed beyond the client's SSH window, without
//! limit, so the queue is where a client that stops reading is found out and dropped.
//!
//! Everything about the game's pace (the AI's pause, animation frames, a key sequence's hold) is
//! the session's. What is the door's: the budgets of a connection (a redraw rate, output that is
//! not read, an idle player), pastes, the server's stop, and its news (the table, the people, the
//! boards, the mailbox). The task blocks while nothing happens, as the local game does.

use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;

use super::place::{Departure, Leave, Me, Place};
use super::plain_door::{Door, Said, Wire};
use super::tables::Notice;
use super::{Limits, Server};
use nim_tui::i18n::Language;
// The colour query is the local game's: text, background, then the device attributes, which every
// terminal answers, so that one that cannot tell its colours is known at once.
use nim_tui::session::{COLOUR_QUERY, Pacing, Session};
use nim_tui::theme::Background;
use nim_tui::ui::{self, Look};

/// What the SSH side hands the game.
#[derive(Debug)]
pub enum Input {
    /// Bytes the player typed (keys, mouse reports, pastes, the terminal's answers).
    Bytes(Vec<u8>),
    /// The client closed the channel or went away.
    Closed,
}

/// Everything a game needs to know about its connection.
pub struct Connection {
    pub id: u64,
    pub peer: SocketAddr,
    pub name: String,
    pub teacher: bool,
    /// The window's size from the pty request, clamped.
    pub size: (u16, u16),
    /// The window's size as the client last said, clamped: window changes merge here, and the
    /// game acts on one at most every [`RESIZE_MIN`].
    pub resized: watch::Receiver<(u16, u16)>,
    /// This connection's log lines (see [`super::LOG_PER_SECOND`]).
    pub log: Arc<Mutex<super::LogBudget>>,
    /// The client's locale, as it sent it (the first of `LC_ALL`, `LC_MESSAGES` and `LANG`).
    pub lang: Option<String>,
    /// The language this connection reads: the one its locale asks for, else the server's. Its
    /// frames are drawn in it (the session's [`Look::language`]), whoever changed the state.
    pub language: Language,
    /// What the server tells this connection (challenges, answers, a position given). The
    /// person is on the server's list from the shell request on ([`super::tables::People::join`]
    /// in `ssh.rs`), so that the list has everyone who arrived, in the order they arrived.
    pub mail: mpsc::Receiver<Notice>,
    /// Room for input waiting for the game, in bytes: the SSH side takes it as bytes come and
    /// waits when there is none ([`super::Limits::input_cap`]); the game gives it back as it reads.
    pub input_room: Arc<tokio::sync::Semaphore>,
    /// Ends the connection at once, whatever it is doing (shuts its socket down).
    pub kill: Arc<dyn Fn() + Send + Sync>,
    /// Ends the door's side properly once the game is over (over SSH: the exit status, end of
    /// file and the channel's close); the door's own, so that this loop knows none of them.
    pub close: Close,
}

/// A door's proper ending: run once, after the last output has gone to the writer.
pub type Close = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// A window size from a client, as the game uses it: at most the largest screen, at least 1x1.
pub fn clamp_size(columns: u32, rows: u32) -> (u16, u16) {
    let columns = u16::try_from(columns).unwrap_or(u16::MAX).max(1);
    let rows = u16::try_from(rows).unwrap_or(u16::MAX).max(1);
    let size = ui::clamp_size(Size::new(columns, rows));
    (size.width, size.height)
}

/// Where a frame is drawn: a buffer the game's loop empties into the output queue after each
/// frame.
#[derive(Clone, Default)]
struct Frame(Arc<Mutex<Vec<u8>>>);

impl Frame {
    fn take(&self) -> Vec<u8> {
        self.0.lock().map(|mut b| std::mem::take(&mut *b)).unwrap_or_default()
    }
}

impl io::Write for Frame {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().map_err(|_| io::Error::other("frame buffer poisoned"))?.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A backend drawing into a buffer, with the size the client last said: crossterm's own backend
/// would ask the server's terminal.
struct Remote {
    inner: CrosstermBackend<Frame>,
    size: Size,
}

impl Backend for Remote {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }
    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.inner.append_lines(n)
    }
    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }
    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        // Never asked of the client: its answer would arrive among the keys.
        Ok(Position::ORIGIN)
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }
    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }
    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }
    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize { columns_rows: self.size, pixels: Size::default() })
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The bytes that set a client's terminal up for the game: the alternate screen, no cursor,
/// mouse reports (SGR) and bracketed paste.
const SET_UP: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[2J";

/// The bytes that give the terminal back as it was.
const RESTORE: &[u8] = b"\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// The shortest time between two window changes acted on (at most 10 a second): those between
/// merge into the last, so that a client sending thousands costs what ten cost.
pub const RESIZE_MIN: Duration = Duration::from_millis(100);

/// The longest paste taken, in characters; the rest is dropped.
const PASTE_MAX: usize = 256;

/// The output side of a connection: a queue of frames, and what is still unsent in it.
pub(crate) struct Output {
    tx: mpsc::UnboundedSender<Vec<u8>>,
    pending: Arc<AtomicUsize>,
    /// When the writer last got bytes through to russh.
    progress: Arc<Mutex<Instant>>,
    drained: Arc<Notify>,
}

impl Output {
    /// Starts the writer that hands the queue to russh as the client's window allows.
    fn start(mut writer: impl AsyncWrite + Unpin + Send + 'static, server: Arc<Server>) -> Output {
        let (tx, mut rx) = mpsc::unbounded_channel::<Vec<u8>>();
        let pending = Arc::new(AtomicUsize::new(0));
        let progress = Arc::new(Mutex::new(Instant::now()));
        let drained = Arc::new(Notify::new());
        let (p, g, d) = (pending.clone(), progress.clone(), drained.clone());
        tokio::spawn(async move {
            while let Some(chunk) = rx.recv().await {
                // russh's writer waits for the client's window: this is where a client that
                // stops reading holds us up, and the queue grows instead of russh's buffer.
                if writer.write_all(&chunk).await.is_err() {
                    break;
                }
                p.fetch_sub(chunk.len(), Ordering::Relaxed);
                if let Ok(mut at) = g.lock() {
                    *at = Instant::now();
                }
                d.notify_one();
            }
            let _ = writer.shutdown().await;
            drop(server);
        });
        Output { tx, pending, progress, drained }
    }

    fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// Queues `bytes`; false when the queue would pass `cap` (the client is not reading).
    fn send(&self, bytes: Vec<u8>, cap: usize, server: &Server) -> bool {
        if bytes.is_empty() {
            return true;
        }
        let now = self.pending.fetch_add(bytes.len(), Ordering::Relaxed) + bytes.len();
        server.note_pending(now);
        if now > cap {
            return false;
        }
        if self.pending() == bytes.len() {
            // The queue was empty: the clock for "no progress" starts now.
            if let Ok(mut at) = self.progress.lock() {
                *at = Instant::now();
            }
        }
        self.tx.send(bytes).is_ok()
    }

    fn since_progress(&self) -> Duration {
        self.progress.lock().map_or(Duration::ZERO, |at| at.elapsed())
    }

    /// Waits (at most `wait`) until everything queued has gone to russh.
    async fn flush(&self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while self.pending() > 0 {
            if tokio::time::timeout_at(deadline, self.drained.notified()).await.is_err() {
                return;
            }
        }
    }
}

/// Takes bracketed pastes out of the byte stream: what is pasted is typed as characters (at
/// most [`PASTE_MAX`], controls dropped) and never taken as commands.
#[derive(Debug, Default)]
struct PasteFilter {
    in_paste: bool,
    /// The start of a marker, or of the end marker, split across packets.
    held: Vec<u8>,
    pasted: usize,
}

const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

impl PasteFilter {
    /// Splits `bytes` into those for the key parser and the pasted characters. A paste ends at
    /// its end marker, however long it was. So that a paste whose end never comes leaves no one
    /// stuck, a Ctrl-C ends it too (a terminal sends none inside a paste), and so does an Esc
    /// that comes alone (a key pressed, not a byte amid pasted text): each is a key again.
    /// Hands `bytes` to the session: keys as keys, what was pasted as typed characters.
    fn feed(&mut self, bytes: &[u8], session: &mut Session<Place>, at: std::time::Instant) {
        let (mut keys, mut pasted) = (Vec::new(), String::new());
        self.filter(bytes, &mut keys, &mut pasted);
        session.feed(&keys, at);
        session.paste(&pasted, at);
    }

    fn filter(&mut self, bytes: &[u8], keys: &mut Vec<u8>, pasted: &mut String) {
        if self.in_paste && bytes == b"\x1b" && self.held.is_empty() {
            self.in_paste = false;
            keys.push(0x1b);
            return;
        }
        let mut work = std::mem::take(&mut self.held);
        work.extend_from_slice(bytes);
        let mut at = 0;
        while at < work.len() {
            let rest = &work[at..];
            if !self.in_paste {
                if let Some(i) = find(rest, PASTE_START) {
                    keys.extend_from_slice(&rest[..i]);
                    at += i + PASTE_START.len();
                    self.in_paste = true;
                    self.pasted = 0;
                    continue;
                }
                // A marker's first bytes at the end wait for the rest. A lone ESC is not held
                // (it is the Esc key): the key parser holds `ESC [`… itself, for the same short
                // while.
                let keep =
                    (2..PASTE_START.len()).rev().find(|&n| rest.ends_with(&PASTE_START[..n])).unwrap_or(0);
                keys.extend_from_slice(&rest[..rest.len() - keep]);
                self.held = rest[rest.len() - keep..].to_vec();
                break;
            }
            let end = find(rest, PASTE_END);
            let interrupt = rest.iter().position(|&b| b == 0x03);
            if let Some(e) = end.filter(|&e| interrupt.is_none_or(|i| e < i)) {
                self.take(&rest[..e], pasted);
                at += e + PASTE_END.len();
                self.in_paste = false;
            } else if let Some(i) = interrupt {
                // Ctrl-C: the paste is over, and the key is a key.
                self.take(&rest[..i], pasted);
                at += i;
                self.in_paste = false;
            } else {
                // The end marker's first bytes at the end wait for the rest.
                let keep = (1..PASTE_END.len()).rev().find(|&n| rest.ends_with(&PASTE_END[..n])).unwrap_or(0);
                self.take(&rest[..rest.len() - keep], pasted);
                self.held = rest[rest.len() - keep..].to_vec();
                break;
            }
        }
    }

    fn take(&mut self, bytes: &[u8], pasted: &mut String) {
        for c in String::from_utf8_lossy(bytes).chars() {
            if self.pasted < PASTE_MAX && !nim_tui::text::needs_escape(c) {
                pasted.push(c);
                self.pasted += 1;
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Why a connection's loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Quit,
    Closed,
    Stopping,
    Idle,
    SlowReader,
    Kicked,
}

/// What woke the loop.
enum Woke {
    Stop,
    Input(Option<Input>),
    Notice(Option<Notice>),
    Resized,
    Table,
    People,
    Drained,
    Timer,
}

/// What a connection is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The full screen, drawn in frames.
    Screen,
    /// Lines of text (the plain door, `plain_door.rs`), for a screen reader or a bot.
    Lines(Wire),
}

/// The session as the connection sees it, with what that keeps: a terminal drawn in frames, or
/// the plain door's lines.
enum Face {
    Screen { session: Session<Place>, terminal: Terminal<Remote>, frame: Frame, paste: PasteFilter },
    Lines(Door),
}

impl Face {
    fn session(&self) -> &Session<Place> {
        match self {
            Face::Screen { session, .. } => session,
            Face::Lines(door) => &door.session,
        }
    }

    fn session_mut(&mut self) -> &mut Session<Place> {
        match self {
            Face::Screen { session, .. } => session,
            Face::Lines(door) => &mut door.session,
        }
    }

    /// Whether the person's input is still read: the plain door's ends with end of file (what
    /// was typed before it is still carried out); the screen's ends the connection.
    fn reading(&self) -> bool {
        match self {
            Face::Screen { .. } => true,
            Face::Lines(door) => !door.input_over(),
        }
    }

    /// The full screen given back to the terminal and the session shown in lines from now on
    /// (the lobby's `l`), the plain door's hello first.
    fn into_lines(self, out: &Output, server: &Server) -> Face {
        match self {
            Face::Screen { session, .. } => {
                out.send(RESTORE.to_vec(), server.limits.output_cap, server);
                let mut door = Door::new(session, Wire::Terminal);
                out.send(door.opening(), server.limits.output_cap, server);
                Face::Lines(door)
            }
            lines => lines,
        }
    }
}

/// Plays one connection's session until the player leaves, the connection goes, the server stops,
/// or a limit is passed: the one loop of every network door, whether it shows the full screen or
/// lines of text.
pub async fn play(
    server: Arc<Server>,
    mut conn: Connection,
    writer: impl AsyncWrite + Unpin + Send + 'static,
    mut input: mpsc::Receiver<Input>,
    mut stopping: watch::Receiver<bool>,
    shown: Shown,
) {
    let limits = server.limits.clone();
    let out = Output::start(writer, server.clone());
    let (peer, name) = (conn.peer, conn.name.clone());
    tracing::info!(%peer, id = conn.id, player = %name, teacher = conn.teacher, lang = ?conn.lang, language = conn.language.tag(), ?shown, "door opened");
    let (session, asked_colours) = open_session(&server, &conn, shown);
    let Some(mut face) = show(session, shown, asked_colours, conn.size, &out, &server) else {
        server.people.leave(conn.id);
        return;
    };
    let mut roster = server.people.roster();
    let mut tables = server.people.table_moves();
    let mut board = server.store.changes();
    let mut tourney = server.director.watch();
    let mut clocks = Clocks::new(Instant::now());
    let ending = loop {
        let now = Instant::now();
        let behind = out.pending() > limits.output_soft;
        if let Err(end) = clocks.present(&mut face, now, behind, &out, &server) {
            break end;
        }
        let wake = clocks.wake(now, &face, &out, &limits, behind);
        let woke = tokio::select! {
            biased;
            _ = stopping.changed() => Woke::Stop,
            item = input.recv(), if face.reading() => Woke::Input(item),
            notice = conn.mail.recv() => Woke::Notice(notice),
            changed = conn.resized.changed(), if clocks.resize.is_none() => match changed {
                Ok(()) => Woke::Resized,
                Err(_) => Woke::Input(None),
            },
            () = table_changed(face.session_mut().scene_mut()) => Woke::Table,
            _ = roster.changed() => Woke::People,
            _ = board.changed() => Woke::People,
            _ = tourney.changed(), if face.session().scene().in_lobby() => Woke::People,
            _ = tables.changed(), if face.session().scene().watches_every_table() => Woke::People,
            () = out.drained.notified(), if behind => Woke::Drained,
            () = tokio::time::sleep_until(wake) => Woke::Timer,
        };
        let now = Instant::now();
        let at = now.into_std();
        match woke {
            Woke::Stop => break End::Stopping,
            Woke::Input(None | Some(Input::Closed)) => match &mut face {
                Face::Screen { .. } => break End::Closed,
                // What was typed before the end is still carried out.
                Face::Lines(door) => door.input_ended(),
            },
            Woke::Input(Some(Input::Bytes(bytes))) => {
                conn.input_room.add_permits(bytes.len().min(limits.input_cap));
                clocks.active(now, face.session_mut());
                match &mut face {
                    Face::Screen { session, paste, .. } => {
                        paste.feed(&bytes, session, at);
                        // Ctrl-Z would stop the server's process locally; here it means nothing.
                        let _ = session.take_suspend();
                    }
                    Face::Lines(door) => {
                        let echo = door.input(&bytes);
                        out.send(echo, limits.output_cap, &server);
                    }
                }
                // Every other connection has its turn before this one reads more: a flood of
                // keys is read a piece at a time among everyone's, never ahead of them.
                tokio::task::yield_now().await;
            }
            Woke::Resized => clocks.resize = Some(*conn.resized.borrow_and_update()),
            Woke::Notice(None) => {}
            Woke::Notice(Some(Notice::Kicked { by })) => {
                tracing::info!(%peer, player = %name, teacher = %by, "sent off the server by the teacher");
                break End::Kicked;
            }
            Woke::Notice(Some(notice)) => {
                // Given something to do (a position from the teacher, a game back): the idle
                // clock starts again, as after a key.
                if matches!(
                    notice,
                    Notice::Assigned { .. }
                        | Notice::Resume { .. }
                        | Notice::Accepted { .. }
                        | Notice::Paired { .. }
                ) {
                    clocks.active(now, face.session_mut());
                }
                face.session_mut().scene_mut().notice(notice);
                face.session_mut().changed(at);
            }
            Woke::Table => {
                face.session_mut().scene_mut().table_moved();
                face.session_mut().changed(at);
            }
            Woke::People if face.session().scene().in_lobby() => face.session_mut().redraw(),
            Woke::People | Woke::Drained => {}
            Woke::Timer => {
                face.session_mut().on_timer(at);
                if let Some(end) = clocks.check(now, face.session_mut(), &out, &limits, (peer, &name)) {
                    break end;
                }
            }
        }
        match clocks.after(&mut face, now, &out, &server) {
            Ok(true) => face = face.into_lines(&out, &server),
            Ok(false) => {}
            Err(end) => break end,
        }
    };
    finish(ending, face, out, conn, &server).await;
}

/// The face the connection is first shown, with its first bytes sent: the terminal set up (and
/// asked its colours), or the plain door's hello.
fn show(
    session: Session<Place>,
    shown: Shown,
    asked_colours: bool,
    size: (u16, u16),
    out: &Output,
    server: &Server,
) -> Option<Face> {
    let cap = server.limits.output_cap;
    match shown {
        Shown::Screen => {
            let frame = Frame::default();
            let backend =
                Remote { inner: CrosstermBackend::new(frame.clone()), size: Size::new(size.0, size.1) };
            let terminal = Terminal::new(backend).ok()?;
            if asked_colours {
                out.send(COLOUR_QUERY.to_vec(), cap, server);
            }
            out.send(SET_UP.to_vec(), cap, server);
            Some(Face::Screen { session, terminal, frame, paste: PasteFilter::default() })
        }
        Shown::Lines(wire) => {
            let mut door = Door::new(session, wire);
            out.send(door.opening(), cap, server);
            Some(Face::Lines(door))
        }
    }
}

/// The connection's session: its place on the server, its look (the server's settings, the
/// client's locale and language), its keys and pace; and whether the terminal is to be asked its
/// colours (for `theme = "auto"`: the first frame is drawn dark and the theme follows the answer
/// whenever it comes, as at a local terminal).
fn open_session(server: &Arc<Server>, conn: &Connection, shown: Shown) -> (Session<Place>, bool) {
    let settings = &server.settings;
    let mut asked_colours = false;
    let look = Look {
        // Lines have no colours to ask for.
        theme: settings.theme(|| {
            asked_colours = shown == Shown::Screen;
            Background::Dark
        }),
        keys: Look::key_labels(&settings.keys),
        title: nim_tui::theme::TITLE.to_string(),
        offered: None,
        language: conn.language,
        glyphs: nim_tui::theme::Glyphs::unicode(),
    }
    .with_glyphs(match &conn.lang {
        // The client's locale says what its terminal draws: a Chinese, Japanese or Korean one
        // gets the glyphs whose width is the same everywhere, as it would locally.
        Some(locale) => {
            let set = settings.glyph_set(|name| (name == "LANG").then(|| locale.into()));
            nim_tui::theme::Glyphs::choose(set, true, &settings.token, &settings.marked)
        }
        None => settings.glyphs(),
    });
    let keymap = match server.no_hints {
        true => settings.keys.without(&super::tables::NO_HINTS),
        false => settings.keys.clone(),
    };
    let ai_delay = Duration::from_millis(settings.ai_delay_ms).max(server.limits.frame_min);
    let pacing = Pacing { ai_delay, asked_colours };
    let me = Me {
        id: conn.id,
        name: conn.name.clone(),
        teacher: conn.teacher,
        peer: conn.peer,
        log: conn.log.clone(),
        language: conn.language,
    };
    let place = Place::new(server.clone(), me);
    (Session::new(place, look, keymap, pacing, conn.size, std::time::Instant::now()), asked_colours)
}

/// The door's clocks, which are the connection's budgets: when the player last did something
/// (and whether they were warned of being idle), the last frame, and a window change waiting
/// for its turn.
struct Clocks {
    last_key: Instant,
    warned: bool,
    last_frame: Option<Instant>,
    resize: Option<(u16, u16)>,
    last_resize: Option<Instant>,
}

impl Clocks {
    fn new(now: Instant) -> Clocks {
        Clocks { last_key: now, warned: false, last_frame: None, resize: None, last_resize: None }
    }

    /// When the next frame may be drawn.
    fn frame_at(&self, now: Instant, limits: &Limits) -> Instant {
        self.last_frame.map_or(now, |t| t + limits.frame_min)
    }

    /// When the player is warned, and when sent off, for being idle. A teacher never is:
    /// watching the class is their work.
    fn idle_at(&self, session: &Session<Place>, limits: &Limits) -> Option<(Instant, Instant)> {
        let off = self.last_key + limits.idle_timeout;
        let warn = self.last_key + limits.idle_timeout.saturating_sub(limits.idle_warning);
        (!session.scene().is_teacher()).then_some((warn, off))
    }

    /// Shows what there is to show before the loop waits: a frame, at most `frame_min` apart
    /// and not while the client is behind with what it was sent (the frames then merge into
    /// one); or the lines typed, carried out, and their answers.
    fn present(
        &mut self,
        face: &mut Face,
        now: Instant,
        behind: bool,
        out: &Output,
        server: &Server,
    ) -> Result<(), End> {
        let cap = server.limits.output_cap;
        match face {
            Face::Screen { session, terminal, frame, .. } => {
                if session.wants_frame() && !behind && now >= self.frame_at(now, &server.limits) {
                    session.render(terminal, now.into_std()).map_err(|_| End::Closed)?;
                    if !out.send(frame.take(), cap, server) {
                        return Err(End::SlowReader);
                    }
                    self.last_frame = Some(now);
                    server.frames.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            }
            Face::Lines(door) => match door.carry_out() {
                Said::Bytes(bytes) => match out.send(bytes, cap, server) {
                    true => Ok(()),
                    false => Err(End::SlowReader),
                },
                Said::Leaving(bytes) => {
                    out.send(bytes, cap, server);
                    Err(End::Quit)
                }
                Said::Done => Err(End::Closed),
            },
        }
    }

    /// What the loop does after each wake: the window change whose turn has come, the place's
    /// wish to leave, the lines of what changed; true when the player asked in the lobby for
    /// lines instead of the full screen.
    fn after(&mut self, face: &mut Face, now: Instant, out: &Output, server: &Server) -> Result<bool, End> {
        match face {
            Face::Screen { session, terminal, .. } => {
                if let Some((width, height)) = self.take_resize(now) {
                    server.resizes.fetch_add(1, Ordering::Relaxed);
                    terminal.backend_mut().size = Size::new(width, height);
                    session.resize(width, height, now.into_std());
                }
                if let Some(Leave) = session.take_effect() {
                    return Err(End::Quit);
                }
                Ok(session.scene_mut().take_plain())
            }
            Face::Lines(door) => {
                // Lines are as long as they need: the window's size plays no part.
                self.resize = None;
                match door.news() {
                    Said::Bytes(bytes) => match out.send(bytes, server.limits.output_cap, server) {
                        true => Ok(false),
                        false => Err(End::SlowReader),
                    },
                    Said::Leaving(_) | Said::Done => Err(End::Quit),
                }
            }
        }
    }

    /// When the loop must wake if nothing else happens.
    fn wake(&self, now: Instant, face: &Face, out: &Output, limits: &Limits, behind: bool) -> Instant {
        let session = face.session();
        let mut wake = match self.idle_at(session, limits) {
            Some((warn, off)) => match self.warned {
                true => off,
                false => warn,
            },
            None => now + Duration::from_secs(86_400),
        };
        if let Some(at) = session.next_wake() {
            wake = wake.min(Instant::from_std(at));
        }
        if let Face::Screen { .. } = face
            && session.wants_frame()
            && !behind
        {
            wake = wake.min(self.frame_at(now, limits));
        }
        if out.pending() > 0 {
            // Only while output waits: is the client still reading?
            wake = wake.min(now + Duration::from_millis(250));
        }
        if self.resize.is_some() {
            wake = wake.min(self.last_resize.map_or(now, |t| t + RESIZE_MIN));
        }
        wake
    }

    /// The player did something: the idle clock starts again, and a warning goes.
    fn active(&mut self, now: Instant, session: &mut Session<Place>) {
        self.last_key = now;
        if self.warned {
            self.warned = false;
            session.scene_mut().idle_warning = None;
            session.redraw();
        }
    }

    /// The budgets checked when the loop wakes on its own: the idle player is warned, then sent
    /// off; a client that reads nothing of what waits for it is dropped.
    fn check(
        &mut self,
        now: Instant,
        session: &mut Session<Place>,
        out: &Output,
        limits: &Limits,
        (peer, name): (SocketAddr, &str),
    ) -> Option<End> {
        if let Some((warn, off)) = self.idle_at(session, limits) {
            if now >= off {
                return Some(End::Idle);
            }
            if !self.warned && now >= warn {
                self.warned = true;
                let left = limits.idle_timeout.saturating_sub(now - self.last_key).as_secs().max(1);
                session.scene_mut().idle_warning = Some(left);
                session.redraw();
                tracing::info!(%peer, player = %name, "idle warning");
            }
        }
        (out.pending() > 0 && out.since_progress() > limits.stall).then_some(End::SlowReader)
    }

    /// The window change waiting, once its turn has come.
    fn take_resize(&mut self, now: Instant) -> Option<(u16, u16)> {
        if self.last_resize.is_some_and(|t| now < t + RESIZE_MIN) {
            return None;
        }
        let size = self.resize.take()?;
        self.last_resize = Some(now);
        Some(size)
    }
}

/// The end of a connection: the place left as the ending says, a last line for the player (on
/// the terminal given back, or as the last of the lines), then the door's proper close (over SSH
/// the exit status, end of file and close), after which the client hangs up; one that does not
/// is cut off a moment later.
async fn finish(ending: End, mut face: Face, out: Output, conn: Connection, server: &Server) {
    let (peer, name, language) = (conn.peer, &conn.name, conn.language);
    let had_game = face.session().scene().has_game();
    let how = match ending {
        End::Stopping => Departure::Stopping,
        End::Quit | End::Kicked => Departure::Left,
        End::Closed | End::Idle | End::SlowReader => Departure::Dropped,
    };
    face.session_mut().scene_mut().depart(how);
    let told = match ending {
        End::Stopping => Some(nim_tui::words::serve_stopping(language, had_game)),
        End::Idle => {
            tracing::info!(%peer, player = %name, "disconnected: idle");
            Some(nim_tui::words::serve_idle_kicked(language))
        }
        End::Kicked => Some(nim_tui::i18n::text(language, "serve-kicked")),
        End::Quit => None,
        End::SlowReader => {
            tracing::warn!(%peer, player = %name, pending = out.pending(), "disconnected: not reading its output");
            None
        }
        End::Closed => None,
    };
    let last = match (&face, told) {
        (Face::Screen { .. }, Some(told)) => Some(goodbye(&told)),
        (Face::Screen { .. }, None) => (ending == End::Quit).then(|| RESTORE.to_vec()),
        (Face::Lines(door), Some(told)) => Some(door.last(told)),
        (Face::Lines(door), None) => {
            (ending == End::Quit).then(|| door.last(nim_tui::i18n::text(language, "plain-serve-bye")))
        }
    };
    if let Some(bytes) = last {
        out.send(bytes, server.limits.output_cap, server);
    }
    // What is queued goes before the close: lines answer input that has ended (`ssh -T` with
    // a file), and the client reads them after its end of file.
    if ending != End::SlowReader {
        out.flush(Duration::from_secs(1)).await;
    }
    tracing::info!(%peer, player = %name, ending = ?ending, "door closed");
    drop(out);
    if ending == End::SlowReader {
        (conn.kill)();
        return;
    }
    let kill = conn.kill.clone();
    conn.close.await;
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        kill();
    });
}

/// Waits until the table the place is at changes; for ever when it is at none.
async fn table_changed(place: &mut Place) {
    match place.table_changed() {
        Some(changed) => {
            if changed.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
        None => std::future::pending().await,
    }
}

/// The terminal given back, and a last line for the player.
fn goodbye(text: &str) -> Vec<u8> {
    let mut bytes = RESTORE.to_vec();
    bytes.extend_from_slice(b"\r\n");
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(b"\r\n");
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(chunks: &[&[u8]]) -> (Vec<u8>, String) {
        let mut filter = PasteFilter::default();
        let (mut keys, mut pasted) = (Vec::new(), String::new());
        for chunk in chunks {
            filter.filter(chunk, &mut keys, &mut pasted);
        }
        (keys, pasted)
    }

    #[test]
    fn a_paste_is_typed_and_never_a_command_however_it_is_split() {
        let whole: &[u8] = b"a\x1b[200~3 4\r\x1b5\x1b[201~b";
        for at in 0..whole.len() {
            // Split right after the marker's ESC, the ESC is the Esc key (keys are never held
            // for a paste that may follow) and the paste is typed as keys: a terminal writes the
            // marker whole, so only a split packet could do this.
            if at == 2 {
                continue;
            }
            let (keys, pasted) = run(&[&whole[..at], &whole[at..]]);
            assert_eq!((keys.as_slice(), pasted.as_str()), (&b"ab"[..], "3 45"), "split at {at}");
        }
        // A lone Esc is not held for a marker.
        assert_eq!(run(&[b"\x1b"]).0, b"\x1b");
        // Long pastes are cut, and end at their marker however long they were.
        let long = [PASTE_START, &[b'7'; 5000], PASTE_END, b"q"].concat();
        let (keys, pasted) = run(&[&long]);
        assert_eq!((keys.as_slice(), pasted.len()), (&b"q"[..], PASTE_MAX));
        // A paste whose end never comes is ended by Esc or Ctrl-C, which are keys again.
        let (keys, pasted) = run(&[PASTE_START, b"12", b"\x03q"]);
        assert_eq!((keys.as_slice(), pasted.as_str()), (&b"\x03q"[..], "12"));
        let (keys, pasted) = run(&[PASTE_START, b"12", b"\x1b", b"q"]);
        assert_eq!((keys.as_slice(), pasted.as_str()), (&b"\x1bq"[..], "12"));
    }

    #[test]
    fn window_sizes_are_clamped() {
        assert_eq!(clamp_size(0, 0), (1, 1));
        assert_eq!(clamp_size(u32::MAX, u32::MAX), (ui::MAX_WIDTH, ui::MAX_HEIGHT));
        assert_eq!(clamp_size(80, 24), (80, 24));
    }
}
