//! One player's game over SSH: the same `App`, screens, keys and drawing as at a terminal, in a
//! task of its own. Keys come from the channel's bytes through the terminal's own parser
//! (`tui::input`), frames go out through a ratatui backend that writes into a buffer, and the
//! buffer goes to the channel through a queue whose unsent bytes are counted: russh keeps
//! whatever it is handed beyond the client's SSH window, without limit, so the queue is where a
//! client that stops reading is found out and dropped.
//!
//! The task blocks while nothing happens, as the local game does: it wakes for input, for the
//! AI's pause, for a held key sequence's short hold, for the idle warning, and (only while output
//! is waiting) to see whether the client still reads.

use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Rect, Size};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Paragraph;
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::{Notify, mpsc, watch};
use tokio::time::Instant;

use super::Server;
use super::db::{GameRow, Outcome};
use super::lobby::{Command, Lobby};
use super::lobby_view;
use super::tables::{Doing, Notice, Table};
use crate::app::{Action, App, Effect, Msg, Report};
use crate::domain::Seat;
use crate::engine::Rules as _;
use crate::i18n::{self, Language};
// The colour query is the local game's: text, background, then the device attributes, which every
// terminal answers, so that one that cannot tell its colours is known at once.
use crate::tui::COLOUR_QUERY;
use crate::tui::input::Parser;
use crate::ui::{self, Look};

/// What the SSH side hands the game.
#[derive(Debug)]
pub enum Input {
    /// Bytes the player typed (keys, mouse reports, pastes, the terminal's answers).
    Bytes(Vec<u8>),
    /// The window's new size, in columns and rows.
    Resize(u16, u16),
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
    /// The client's locale, as it sent it (the first of `LC_ALL`, `LC_MESSAGES` and `LANG`).
    pub lang: Option<String>,
    /// The language this connection reads: the one its locale asks for, else the server's. The
    /// thread's language is set to it around each update and frame ([`i18n::scoped`]), which
    /// run without an `.await` between, so that connections never see each other's.
    pub language: Language,
    /// What the server tells this connection (challenges, answers, changes in the lobby). The
    /// person is on the server's list from the shell request on ([`super::tables::People::join`]
    /// in `ssh.rs`), so that the list has everyone who arrived, in the order they arrived.
    pub mail: mpsc::UnboundedReceiver<Notice>,
    /// Bytes of input queued and not yet read by the game (the SSH side refuses more past
    /// [`Limits::input_cap`]).
    pub queued: Arc<AtomicUsize>,
    /// Ends the connection at once, whatever it is doing (shuts its socket down).
    pub kill: Arc<dyn Fn() + Send + Sync>,
    /// The session, to close the channel properly at the end.
    pub handle: russh::server::Handle,
    pub channel: russh::ChannelId,
}

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

/// How long a key sequence split across packets is held for its rest (as locally).
const HOLD: Duration = Duration::from_millis(500);

/// The longest paste taken, in characters; the rest is dropped.
const PASTE_MAX: usize = 256;

/// The output side of a connection: a queue of frames, and what is still unsent in it.
struct Output {
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
    /// Splits `bytes` into those for the key parser and the pasted characters.
    fn filter(&mut self, bytes: &[u8], keys: &mut Vec<u8>, pasted: &mut String) {
        let mut work = std::mem::take(&mut self.held);
        work.extend_from_slice(bytes);
        let mut at = 0;
        while at < work.len() {
            let rest = &work[at..];
            let marker = if self.in_paste { PASTE_END } else { PASTE_START };
            match find(rest, marker) {
                Some(i) => {
                    self.take(&rest[..i], keys, pasted);
                    at += i + marker.len();
                    self.in_paste = !self.in_paste;
                    self.pasted = 0;
                }
                None => {
                    // A marker's first bytes at the end wait for the rest. Outside a paste a
                    // lone ESC is not held (it is the Esc key): the key parser holds `ESC [`…
                    // itself, for the same short while.
                    let keep = (1..marker.len())
                        .rev()
                        .find(|&n| rest.ends_with(&marker[..n]) && (self.in_paste || n >= 2))
                        .unwrap_or(0);
                    self.take(&rest[..rest.len() - keep], keys, pasted);
                    self.held = rest[rest.len() - keep..].to_vec();
                    break;
                }
            }
        }
    }

    fn take(&mut self, bytes: &[u8], keys: &mut Vec<u8>, pasted: &mut String) {
        if !self.in_paste {
            keys.extend_from_slice(bytes);
            return;
        }
        for c in String::from_utf8_lossy(bytes).chars() {
            if self.pasted < PASTE_MAX && !crate::text::needs_escape(c) {
                pasted.push(c);
                self.pasted += 1;
            }
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The colours in a terminal's answers to [`COLOUR_QUERY`], as the game's input parser reads
/// them: text, background, and whether the device attributes came (after which nothing more will).
fn colours(bytes: &[u8]) -> (Option<[u16; 3]>, Option<[u16; 3]>, bool) {
    let mut parser = Parser::new(true);
    parser.feed(bytes);
    parser.events(&mut Vec::new());
    let [text, background] = parser.colours();
    (text, background, !parser.awaits_answers())
}

/// Plays one connection's game until the player quits, the connection goes, the server stops,
/// or a limit is passed.
pub async fn play(
    server: Arc<Server>,
    mut conn: Connection,
    writer: impl AsyncWrite + Unpin + Send + 'static,
    mut input: mpsc::Receiver<Input>,
    mut stopping: watch::Receiver<bool>,
) {
    let limits = server.limits.clone();
    let out = Output::start(writer, server.clone());
    let peer = conn.peer;
    let name = conn.name.clone();
    let language = conn.language;
    tracing::info!(%peer, id = conn.id, player = %name, teacher = conn.teacher, lang = ?conn.lang, language = language.tag(), "game screen opened");

    // The colour query, with a bounded wait, before the first frame; keys typed meanwhile are
    // kept and read after it.
    let mut early = Vec::new();
    let mut size = conn.size;
    let mut closed = false;
    out.send(COLOUR_QUERY.to_vec(), limits.output_cap, &server);
    let asked = Instant::now() + limits.colour_wait;
    let answered = loop {
        let (fg, bg, done) = colours(&early);
        if done || (fg.is_some() && bg.is_some()) {
            break fg.zip(bg);
        }
        match tokio::time::timeout_at(asked, input.recv()).await {
            Ok(Some(Input::Bytes(bytes))) => {
                conn.queued.fetch_sub(bytes.len(), Ordering::Relaxed);
                early.extend_from_slice(&bytes);
                if early.len() > 4096 {
                    break None;
                }
            }
            Ok(Some(Input::Resize(w, h))) => size = (w, h),
            Ok(Some(Input::Closed) | None) => {
                closed = true;
                break None;
            }
            Err(_) => break None,
        }
    };
    let background = answered.map(|(fg, bg)| crate::theme::Background::of_terminal(fg, bg));
    let reply_pending = answered.is_none() && !colours(&early).2;
    let settings = &server.settings;
    let look = Look {
        theme: settings.theme(|| background.unwrap_or(crate::theme::Background::Dark)),
        keys: Look::key_labels(&settings.keys),
        title: crate::theme::TITLE.to_string(),
        glyphs: crate::theme::Glyphs::unicode(),
    }
    .with_glyphs(match &conn.lang {
        // The client's locale says what its terminal draws: a Chinese, Japanese or Korean one
        // gets the glyphs whose width is the same everywhere, as it would locally.
        Some(locale) => {
            let set = settings.glyph_set(|name| (name == "LANG").then(|| locale.into()));
            crate::theme::Glyphs::choose(set, true, &settings.token, &settings.marked)
        }
        None => settings.glyphs(),
    });
    let no_hints = server.no_hints;
    let keymap = |key: &KeyEvent| {
        settings
            .keys
            .action(key)
            .filter(|a| !(no_hints && matches!(a, Action::Hint | Action::Coach | Action::Binary)))
    };

    let frame_buf = Frame::default();
    let backend = Remote { inner: CrosstermBackend::new(frame_buf.clone()), size: Size::new(size.0, size.1) };
    let Ok(mut terminal) = Terminal::new(backend) else {
        server.people.leave(conn.id);
        return;
    };
    out.send(SET_UP.to_vec(), limits.output_cap, &server);

    // On the server: in the lobby first (listed since the shell request).
    let me = conn.id;
    let mut lobby = Lobby::default();
    let mut mode = Mode::Lobby;
    let mut table_changed: Option<watch::Receiver<u64>> = None;

    let mut parser = Parser::new(reply_pending);
    let mut paste = PasteFilter::default();
    let mut events = Vec::new();
    let mut keys = Vec::new();
    let mut pasted = String::new();
    // The bytes read during the colour query go through as if just read.
    let mut first = Some(early);

    let mut dirty = true;
    let mut last_frame: Option<Instant> = None;
    let mut held_until: Option<Instant> = None;
    let mut ai_at: Option<Instant> = None;
    let mut last_key = Instant::now();
    let mut warned = false;
    let mut ending = if closed { Some(End::Closed) } else { None };

    while ending.is_none() {
        let now = Instant::now();
        // Draw, at most `frame_min` apart, and not while the client is behind with what it
        // was sent (the frames then merge into one).
        let behind = out.pending() > limits.output_soft;
        let frame_at = last_frame.map_or(now, |t| t + limits.frame_min);
        if dirty && !behind && now >= frame_at {
            let area = Rect::new(0, 0, size.0, size.1);
            let drawn = i18n::scoped(language, || {
                let warning = warned.then(|| {
                    crate::words::serve_idle_warning(
                        limits.idle_timeout.saturating_sub(last_key.elapsed()).as_secs().max(1),
                    )
                });
                match &mode {
                    Mode::Lobby => {
                        let people = server.people.list();
                        let standings = server.db.standings().unwrap_or_default();
                        let matches = server.db.match_standings().unwrap_or_default();
                        let (tables, recent) = if conn.teacher {
                            (in_progress(&server), server.db.recent(5).unwrap_or_default())
                        } else {
                            (Vec::new(), Vec::new())
                        };
                        let assignment = if conn.teacher {
                            server.people.assignment.lock().map(|a| a.clone()).unwrap_or_default()
                        } else {
                            None
                        };
                        let view = lobby_view::View {
                            teacher: conn.teacher.then_some(lobby_view::TeacherView {
                                tables: &tables,
                                recent: &recent,
                                assignment: &assignment,
                            }),
                            lobby: &lobby,
                            me,
                            my_name: &name,
                            people: &people,
                            standings: &standings,
                            matches: &matches,
                        };
                        terminal.draw(|frame| {
                            lobby_view::draw(frame, &view, &look);
                            bottom_line(frame, warning.as_deref());
                        })
                    }
                    Mode::Table { table, role } => {
                        let top = table_line(table, *role, &look);
                        let app = table.app();
                        terminal.draw(|frame| {
                            ui::draw(frame, &app, &look);
                            top_line(frame, top.as_deref());
                            bottom_line(frame, warning.as_deref());
                        })
                    }
                }
            });
            if drawn.is_err() {
                break;
            }
            let bytes = frame_buf.take();
            if !out.send(bytes, limits.output_cap, &server) {
                ending = Some(End::SlowReader);
                break;
            }
            if let Mode::Table { table, role: Role::Owner } = &mode {
                let mut app = table.app();
                // Whether the screen fits is measured in the words of the connection's language.
                i18n::scoped(language, || {
                    let fits = ui::fits(&app, area);
                    if fits != app.fits {
                        app.update(Msg::Resize { fits });
                    }
                });
            }
            dirty = false;
            last_frame = Some(now);
            server.frames.fetch_add(1, Ordering::Relaxed);
        }
        let ai_waiting = match &mode {
            Mode::Table { table, role: Role::Owner } => table.app().ai_waiting(),
            _ => false,
        };
        if ai_waiting {
            ai_at.get_or_insert_with(|| {
                now + Duration::from_millis(settings.ai_delay_ms).max(limits.frame_min)
            });
        } else {
            ai_at = None;
        }
        let idle_warn_at = last_key + limits.idle_timeout.saturating_sub(limits.idle_warning);
        let idle_at = last_key + limits.idle_timeout;
        let mut wake = if warned { idle_at } else { idle_warn_at };
        for at in [ai_at, held_until, (dirty && !behind).then_some(frame_at)].into_iter().flatten() {
            wake = wake.min(at);
        }
        if out.pending() > 0 {
            // Only while output waits: is the client still reading?
            wake = wake.min(now + Duration::from_millis(250));
        }

        let mut notice = None;
        let item = if let Some(bytes) = first.take() {
            Some(Input::Bytes(bytes))
        } else {
            tokio::select! {
                biased;
                _ = stopping.changed() => {
                    ending = Some(End::Stopping);
                    break;
                }
                item = input.recv() => {
                    if let Some(Input::Bytes(bytes)) = &item {
                        conn.queued.fetch_sub(bytes.len(), Ordering::Relaxed);
                    }
                    Some(item.unwrap_or(Input::Closed))
                }
                got = conn.mail.recv() => {
                    notice = got;
                    None
                }
                _ = async {
                    match table_changed.as_mut() {
                        Some(rx) => rx.changed().await.is_ok(),
                        None => std::future::pending().await,
                    }
                } => {
                    dirty = true;
                    None
                }
                () = out.drained.notified(), if behind => None,
                () = tokio::time::sleep_until(wake) => None,
            }
        };
        let now = Instant::now();
        let area = Rect::new(0, 0, size.0, size.1);
        let mut msgs = Vec::new();
        match item {
            Some(Input::Bytes(bytes)) => {
                last_key = now;
                if warned {
                    warned = false;
                    dirty = true;
                }
                paste.filter(&bytes, &mut keys, &mut pasted);
                parser.feed(&keys);
                keys.clear();
                held_until = parser.events(&mut events).then(|| now + HOLD);
            }
            Some(Input::Resize(w, h)) => {
                size = (w, h);
                terminal.backend_mut().size = Size::new(w, h);
                dirty = true;
                if let Mode::Table { table, role: Role::Owner } = &mode {
                    let app = table.app();
                    let fits = i18n::scoped(language, || ui::fits(&app, Rect::new(0, 0, w, h)));
                    msgs.push(Msg::Resize { fits });
                }
            }
            Some(Input::Closed) => {
                ending = Some(End::Closed);
                break;
            }
            None => {
                if held_until.is_some_and(|t| now >= t) {
                    parser.flush(&mut events);
                    held_until = None;
                }
                if ai_at.is_some_and(|t| now >= t) {
                    ai_at = None;
                    msgs.push(Msg::AiMove);
                }
                if now >= idle_at {
                    ending = Some(End::Idle);
                    break;
                }
                if !warned && now >= idle_warn_at {
                    warned = true;
                    dirty = true;
                    tracing::info!(%peer, player = %name, "idle warning");
                }
                if out.pending() > 0 && out.since_progress() > limits.stall {
                    ending = Some(End::SlowReader);
                    break;
                }
            }
        }
        if let Some(notice) = notice {
            dirty = true;
            i18n::scoped(language, || match notice {
                Notice::People => {}
                Notice::Challenged { from, name: by } => {
                    if matches!(mode, Mode::Lobby) && lobby.challenged_by.is_none() {
                        lobby.message = Some(crate::words::serve_challenged(&by));
                        lobby.challenged_by = Some((from, by));
                    } else {
                        server.people.tell(from, Notice::Declined { name: name.clone() });
                    }
                }
                Notice::Accepted { table } => {
                    if matches!(mode, Mode::Lobby) {
                        let with = table.players[1].clone();
                        tracing::info!(%peer, player = %name, with = %with, "game between players started");
                        server.people.set(me, Doing::Match { with }, Some(table.clone()));
                        lobby.message = None;
                        table_changed = Some(table.changed.subscribe());
                        mode = Mode::Table { table, role: Role::Seat(Seat::First) };
                    } else {
                        // Moved on meanwhile: the table is closed at once.
                        table.closed.store(true, Ordering::SeqCst);
                        table.touch();
                    }
                }
                Notice::Assigned { setup } => {
                    let free = matches!(mode, Mode::Lobby | Mode::Table { role: Role::Owner, .. });
                    if free {
                        leave(&server, me, &mode);
                        let mut setup = setup;
                        setup.names.0[0] = name.clone();
                        let app = with_server_hints(App::start_now(setup, None), &server);
                        let table = Table::new(app, [name.clone(), String::new()], [me, 0]);
                        server.people.set(me, Doing::Solo, Some(table.clone()));
                        table_changed = Some(table.changed.subscribe());
                        mode = Mode::Table { table, role: Role::Owner };
                    }
                }
                Notice::Declined { name: by } => {
                    if matches!(mode, Mode::Lobby) {
                        lobby.message = Some(crate::words::serve_declined(&by));
                    }
                }
            });
        }
        // A table closed by the other player (or its owner, for a watcher): back to the lobby.
        if let Mode::Table { table, role } = &mode
            && *role != Role::Owner
            && table.closed.load(Ordering::SeqCst)
        {
            let over = table.app().game().is_none_or(|g| g.over.is_some());
            if let Role::Seat(seat) = role
                && !over
            {
                let other = &table.players[seat_index(seat.other())];
                lobby.message = Some(i18n::scoped(language, || crate::words::serve_left(other)));
            }
            leave(&server, me, &mode);
            mode = Mode::Lobby;
            table_changed = None;
            dirty = true;
        }
        i18n::scoped(language, || {
            for event in events.drain(..) {
                if let TermEvent::Key(key) = &event {
                    // Ctrl-Z would stop the server's process locally; here it means nothing.
                    if key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('z'))
                    {
                        continue;
                    }
                }
                match &mode {
                    Mode::Lobby => {
                        if let Some(msg) = crate::tui::translate(
                            &App::new(settings.setup(), Some(0)),
                            &look,
                            area,
                            &keymap,
                            event,
                        ) {
                            msgs.push(msg);
                        }
                    }
                    Mode::Table { table, .. } => {
                        let app = table.app();
                        msgs.extend(crate::tui::translate(&app, &look, area, &keymap, event));
                    }
                }
            }
        });
        // What was pasted is typed into a field (custom heaps, names), never taken as a key's
        // command: a pasted `q` or Enter does nothing elsewhere.
        msgs.extend(pasted.drain(..).map(Msg::char));
        for msg in msgs {
            dirty = true;
            let next = i18n::scoped(language, || match &mode {
                Mode::Lobby => in_lobby(&server, &conn, &mut lobby, msg, &settings.setup()),
                Mode::Table { table, role } => at_table(&server, &conn, table, *role, msg),
            });
            match next {
                Next::Stay => {}
                Next::Quit => {
                    ending = Some(End::Quit);
                    break;
                }
                Next::Lobby => {
                    leave(&server, me, &mode);
                    mode = Mode::Lobby;
                    table_changed = None;
                }
                Next::Table(table, role) => {
                    table_changed = Some(table.changed.subscribe());
                    mode = Mode::Table { table, role };
                }
            }
        }
        if let Mode::Table { table, role: Role::Owner } = &mode {
            let mut app = table.app();
            i18n::scoped(language, || {
                let fits = ui::fits(&app, area);
                if fits != app.fits {
                    app.update(Msg::Resize { fits });
                }
            });
        }
    }

    let ending = ending.unwrap_or(End::Closed);
    let mut had_game = false;
    if let Mode::Table { table, role } = &mode
        && *role != Role::Watcher
    {
        let app = table.app();
        if let (Some(game), Some(kind)) = (app.unfinished(), app.game().map(|g| g.history().game().kind())) {
            had_game = true;
            if ending == End::Stopping && !table.recorded.swap(true, Ordering::SeqCst) {
                let moves = game.moves().len();
                for (seat, player) in table.players.iter().enumerate() {
                    if table.seats[seat] == 0 {
                        continue;
                    }
                    let row = GameRow {
                        player: player.clone(),
                        opponent: if table.is_match() {
                            table.players[1 - seat].clone()
                        } else {
                            "ai".into()
                        },
                        game: kind.name(),
                        mode: game.mode().as_str().into(),
                        level: if table.is_match() { "-".into() } else { level_name(game.level) },
                        outcome: Outcome::EndedByServer,
                        assisted: false,
                        moves: u32::try_from(moves).unwrap_or(u32::MAX),
                    };
                    if let Err(e) = server.db.record(&row) {
                        tracing::error!(%peer, player = %name, "{e}");
                    }
                }
                tracing::info!(%peer, player = %name, moves, "game ended by the server");
            } else if ending != End::Stopping {
                tracing::info!(%peer, player = %name, "game left unfinished");
                // Going away from a game between two people in play gives it up.
                if let Role::Seat(seat) = role
                    && !game.moves().is_empty()
                    && !table.recorded.swap(true, Ordering::SeqCst)
                {
                    record_match(&server, table, game, Some(seat.other()));
                }
            }
        }
    }
    leave(&server, me, &mode);
    server.people.leave(me);
    match ending {
        End::Stopping => {
            let told = i18n::scoped(language, || crate::words::serve_stopping(had_game));
            out.send(goodbye(&told), limits.output_cap, &server);
            out.flush(Duration::from_secs(1)).await;
        }
        End::Idle => {
            tracing::info!(%peer, player = %name, "disconnected: idle");
            let told = i18n::scoped(language, crate::words::serve_idle_kicked);
            out.send(goodbye(&told), limits.output_cap, &server);
            out.flush(Duration::from_secs(1)).await;
        }
        End::Quit => {
            out.send(RESTORE.to_vec(), limits.output_cap, &server);
            out.flush(Duration::from_secs(1)).await;
        }
        End::SlowReader => {
            tracing::warn!(%peer, player = %name, pending = out.pending(), "disconnected: not reading its output");
        }
        End::Closed => {}
    }
    tracing::info!(%peer, player = %name, ending = ?ending, "game screen closed");
    drop(out);
    if ending == End::SlowReader {
        (conn.kill)();
        return;
    }
    // A proper end: the exit status, end of file and close, after which the client hangs up;
    // one that does not is cut off a moment later.
    let _ = conn.handle.exit_status_request(conn.channel, 0).await;
    let _ = conn.handle.eof(conn.channel).await;
    let _ = conn.handle.close(conn.channel).await;
    let kill = conn.kill.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        kill();
    });
}

/// Where a connection is: in the lobby, or at a table.
enum Mode {
    Lobby,
    Table { table: Arc<Table>, role: Role },
}

/// Who a connection is at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Playing the AI: the table is this connection's own, and it moves the AI.
    Owner,
    /// In a seat of a game between two people.
    Seat(Seat),
    /// Watching.
    Watcher,
}

/// What comes of a message: stay, go to the lobby or a table, or leave the server.
enum Next {
    Stay,
    Lobby,
    Table(Arc<Table>, Role),
    Quit,
}

/// A new game of the AI for `conn`, as at a terminal: the start screen, with the server's
/// settings and hints.
fn solo_app(server: &Server, name: &str) -> App {
    let settings = &server.settings;
    let mut setup = settings.setup();
    setup.names.0[0] = name.to_string();
    with_server_hints(App::new(setup, None), server)
}

/// `app` with the hints the server allows: with `--no-hints` the hint, the coach and the binary
/// view are withheld (not listed in the key line or the help, and their keys do nothing) and
/// their panels closed.
fn with_server_hints(mut app: App, server: &Server) -> App {
    app.panels.coach = server.settings.coach && !server.no_hints;
    if server.no_hints {
        app.panels.binary = false;
        app.withheld = vec![Action::Hint, Action::Coach, Action::Binary];
    }
    app
}

/// A message in the lobby.
fn in_lobby(
    server: &Server,
    conn: &Connection,
    lobby: &mut Lobby,
    msg: Msg,
    setup: &crate::domain::GameSetup,
) -> Next {
    let (action, ch) = match msg {
        Msg::Key { action, ch } => (action, ch),
        Msg::Interrupt => return Next::Quit,
        _ => return Next::Stay,
    };
    let people = server.people.list();
    let me = conn.id;
    match lobby.key(action, ch, &people, me) {
        Command::Nothing => Next::Stay,
        Command::Quit => Next::Quit,
        Command::PlayAi => {
            let table = Table::new(solo_app(server, &conn.name), [conn.name.clone(), String::new()], [me, 0]);
            server.people.set(me, Doing::Solo, Some(table.clone()));
            lobby.message = None;
            Next::Table(table, Role::Owner)
        }
        Command::Challenge(id) => {
            tracing::info!(peer = %conn.peer, player = %conn.name, to = ?server.people.name_of(id), "challenge");
            server.people.tell(id, Notice::Challenged { from: me, name: conn.name.clone() });
            Next::Stay
        }
        Command::Decline(id) => {
            server.people.tell(id, Notice::Declined { name: conn.name.clone() });
            Next::Stay
        }
        Command::Accept(id) => {
            let Some(other) =
                server.people.name_of(id).filter(|_| server.people.doing(id) == Some(Doing::Lobby))
            else {
                lobby.message =
                    Some(crate::words::serve_busy(&server.people.name_of(id).unwrap_or_default()));
                return Next::Stay;
            };
            let mut setup = setup.clone();
            setup.opponent = crate::domain::Opponent::Human;
            setup.first = crate::domain::First::You;
            setup.names = crate::domain::Names([other.clone(), conn.name.clone()]);
            let app = with_server_hints(App::start_now(setup, None), server);
            let table = Table::new(app, [other.clone(), conn.name.clone()], [id, me]);
            if !server.people.tell(id, Notice::Accepted { table: table.clone() }) {
                lobby.message = Some(crate::words::serve_left(&other));
                return Next::Stay;
            }
            server.people.set(me, Doing::Match { with: other }, Some(table.clone()));
            lobby.message = None;
            Next::Table(table, Role::Seat(Seat::Second))
        }
        Command::Give(id) => {
            if !conn.teacher {
                return Next::Stay;
            }
            let Some(table) = server.people.table_of(id) else { return Next::Stay };
            let app = table.app();
            let Some(game) = app.game().filter(|g| g.over.is_none()) else { return Next::Stay };
            let mut given = setup.clone();
            given.game = game.history().game().kind();
            given.mode = game.mode();
            given.heaps = crate::domain::HeapChoice::Custom(game.position().heaps().to_vec());
            given.first = crate::domain::First::You;
            given.opponent = crate::domain::Opponent::Ai;
            given.level = crate::domain::Level::Perfect;
            let position = game.position().to_string();
            drop(app);
            let count = server.people.assign(me, &given, position.clone());
            tracing::info!(peer = %conn.peer, teacher = %conn.name, %position, count, "position given to everyone");
            lobby.message = Some(crate::words::serve_assignment(&position));
            Next::Stay
        }
        Command::Watch(id) => {
            let Some(table) = server.people.table_of(id) else {
                lobby.message = Some(crate::words::serve_nothing_to_watch(
                    &server.people.name_of(id).unwrap_or_default(),
                ));
                return Next::Stay;
            };
            if let Ok(mut watchers) = table.watchers.lock() {
                watchers.push((me, conn.name.clone()));
            }
            table.touch();
            let whom = server.people.name_of(id).unwrap_or_default();
            tracing::info!(peer = %conn.peer, player = %conn.name, watching = %whom, "watching");
            server.people.set(me, Doing::Watching { whom }, None);
            Next::Table(table, Role::Watcher)
        }
    }
}

/// Leaves the table `mode` is at (if any): a watcher leaves its place; a player closes the
/// table, so that the other player and the watchers go back to the lobby.
fn leave(server: &Server, me: u64, mode: &Mode) {
    let Mode::Table { table, role } = mode else { return };
    match role {
        Role::Watcher => {
            if let Ok(mut watchers) = table.watchers.lock() {
                watchers.retain(|(id, _)| *id != me);
            }
        }
        Role::Owner | Role::Seat(_) => table.closed.store(true, Ordering::SeqCst),
    }
    table.touch();
    server.people.set(me, Doing::Lobby, None);
}

/// Whether `msg` asks to leave: a key bound to quit, or Ctrl-C.
fn is_leaving(msg: &Msg) -> bool {
    matches!(msg, Msg::Interrupt | Msg::Key { action: Some(Action::Quit), .. })
}

/// A message at a table.
fn at_table(server: &Server, conn: &Connection, table: &Arc<Table>, role: Role, msg: Msg) -> Next {
    match role {
        Role::Watcher => {
            if is_leaving(&msg) {
                return Next::Lobby;
            }
            Next::Stay
        }
        Role::Owner => {
            let mut next = Next::Stay;
            {
                let mut app = table.app();
                let mut msg = msg;
                loop {
                    let effect = app.update(msg);
                    match perform(server, conn, &app, effect) {
                        Performed::Reply(reply) => msg = reply,
                        Performed::Done => break,
                        Performed::Quit => {
                            next = Next::Lobby;
                            break;
                        }
                    }
                }
            }
            table.touch();
            next
        }
        Role::Seat(seat) => {
            if is_leaving(&msg) {
                let app = table.app();
                if let Some(game) = app.game().filter(|g| g.over.is_none() && !g.moves().is_empty()) {
                    // Leaving a game in play gives it up.
                    if !table.recorded.swap(true, Ordering::SeqCst) {
                        record_match(server, table, game, Some(seat.other()));
                    }
                }
                return Next::Lobby;
            }
            let mut app = table.app();
            let mine = app.game().is_some_and(|g| g.over.is_none() && g.turn() == seat);
            if !mine || matches!(msg, Msg::Resize { .. } | Msg::AiMove) {
                return Next::Stay;
            }
            // Keys that would change the game's own settings (panels, help) stay with the game
            // too: both players see them.
            let _ = app.update(msg);
            if let Some(game) = app.game().filter(|g| g.over.is_some())
                && !table.recorded.swap(true, Ordering::SeqCst)
            {
                let winner = game.over.as_ref().map(|o| o.winner);
                record_match(server, table, game, winner);
            }
            drop(app);
            table.touch();
            Next::Stay
        }
    }
}

/// Every game in progress, for the teacher: who plays, the position and the moves made.
fn in_progress(server: &Server) -> Vec<(String, String)> {
    server
        .people
        .tables()
        .iter()
        .filter(|t| !t.closed.load(Ordering::SeqCst))
        .filter_map(|t| {
            let app = t.app();
            let game = app.game().filter(|g| g.over.is_none())?;
            let second = t.is_match().then(|| t.players[1].as_str());
            let players = crate::words::serve_players(&t.players[0], second);
            Some((players, format!("{}  ({})", game.position(), game.moves().len())))
        })
        .collect()
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// A game between two people, kept for both: `winner`'s seat won.
fn record_match(server: &Server, table: &Table, game: &crate::app::Game, winner: Option<Seat>) {
    let kind = game.history().game().kind();
    for seat in [Seat::First, Seat::Second] {
        let row = GameRow {
            player: table.players[seat_index(seat)].clone(),
            opponent: table.players[seat_index(seat.other())].clone(),
            game: kind.name(),
            mode: game.mode().as_str().into(),
            level: "-".into(),
            outcome: if winner == Some(seat) { Outcome::Won } else { Outcome::Lost },
            assisted: false,
            moves: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
        };
        if let Err(e) = server.db.record(&row) {
            tracing::error!("{e}");
        }
    }
    tracing::info!(first = %table.players[0], second = %table.players[1], winner = ?winner, "game between players over");
}

/// The server's line at the top of a table: for a watcher, whom it watches; for a player, who
/// watches.
fn table_line(table: &Table, role: Role, look: &Look) -> Option<String> {
    let watchers = table.watcher_names();
    match role {
        Role::Watcher => {
            let second = table.is_match().then(|| table.players[1].as_str());
            Some(crate::words::serve_watching(
                &crate::words::serve_players(&table.players[0], second),
                &look.key(Action::Quit),
            ))
        }
        _ if watchers.is_empty() => None,
        _ => Some(crate::words::serve_watched_by(&watchers)),
    }
}

fn top_line(frame: &mut ratatui::Frame, text: Option<&str>) {
    let Some(text) = text else { return };
    let line = Rect::new(0, 0, frame.area().width, 1.min(frame.area().height));
    frame.render_widget(Paragraph::new(text).style(Style::default().add_modifier(Modifier::REVERSED)), line);
}

fn bottom_line(frame: &mut ratatui::Frame, text: Option<&str>) {
    let Some(text) = text else { return };
    let row = frame.area().height.saturating_sub(1);
    let line = Rect::new(0, row, frame.area().width, 1.min(frame.area().height));
    frame.render_widget(Paragraph::new(text).style(Style::default().add_modifier(Modifier::REVERSED)), line);
}

/// Why a game's loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Quit,
    Closed,
    Stopping,
    Idle,
    SlowReader,
}

/// The terminal given back, and a last line for the player.
fn goodbye(text: &str) -> Vec<u8> {
    let mut bytes = RESTORE.to_vec();
    bytes.extend_from_slice(b"\r\n");
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(b"\r\n");
    bytes
}

fn level_name(level: crate::domain::Level) -> String {
    format!("{level:?}").to_lowercase()
}

enum Performed {
    Reply(Msg),
    Done,
    Quit,
}

/// The app's effects, carried out on the server: a finished game goes to the database at once;
/// nothing is written to the files of the machine's own player.
fn perform(server: &Server, conn: &Connection, app: &App, effect: Effect) -> Performed {
    match effect {
        Effect::None => Performed::Done,
        Effect::Quit => Performed::Quit,
        Effect::CountGame { game, mode, result } => {
            let (level, moves) =
                app.game().map_or((crate::domain::Level::Perfect, 0), |g| (g.level, g.moves().len()));
            let row = GameRow {
                player: conn.name.clone(),
                opponent: "ai".into(),
                game: game.name(),
                mode: mode.as_str().into(),
                level: level_name(level),
                outcome: if result.won { Outcome::Won } else { Outcome::Lost },
                assisted: result.assisted,
                moves: u32::try_from(moves).unwrap_or(u32::MAX),
            };
            server.people.answered(conn.id, &conn.name, result.won);
            tracing::info!(peer = %conn.peer, player = %conn.name, game = %row.game, mode = %row.mode,
                level = %row.level, won = result.won, moves, "game over");
            match server.db.record(&row) {
                Ok(()) => Performed::Done,
                Err(e) => {
                    tracing::error!(peer = %conn.peer, "{e}");
                    Performed::Reply(Msg::Report(Report::Problem(e.to_string())))
                }
            }
        }
        Effect::SaveRecord(_) => {
            Performed::Reply(Msg::Report(Report::Problem(crate::words::serve_no_records())))
        }
        // The lesson's progress lives as long as the connection.
        Effect::SaveLesson(progress) => Performed::Reply(Msg::Report(Report::Lesson(progress))),
        // No saved games on the server: nothing to claim or give up; puzzles are not kept.
        Effect::PuzzleAnswered { .. } | Effect::ClaimSaved | Effect::GiveUpSaved { .. } => Performed::Done,
    }
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
        // Long pastes are cut.
        let long = [PASTE_START, &[b'7'; 5000], PASTE_END].concat();
        assert_eq!(run(&[&long]).1.len(), PASTE_MAX);
    }

    #[test]
    fn colour_answers_are_read() {
        let (fg, bg, done) =
            colours(b"\x1b]10;rgb:0000/0000/0000\x1b\\\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[?62;22c");
        assert_eq!((fg, bg, done), (Some([0, 0, 0]), Some([0xffff, 0xffff, 0xffff]), true));
        let (_, bg, done) = colours(b"\x1b]11;rgb:f/80/ff\x07");
        assert_eq!((bg, done), (Some([0xffff, 0x8080, 0xffff]), false));
        assert_eq!(colours(b"\x1b[?1;2c"), (None, None, true));
        assert_eq!(colours(b"junk"), (None, None, false));
    }

    #[test]
    fn window_sizes_are_clamped() {
        assert_eq!(clamp_size(0, 0), (1, 1));
        assert_eq!(clamp_size(u32::MAX, u32::MAX), (ui::MAX_WIDTH, ui::MAX_HEIGHT));
        assert_eq!(clamp_size(80, 24), (80, 24));
    }
}
