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

use super::Server;
use super::place::{Departure, Leave, Me, Place};
use super::tables::Notice;
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
    pub(crate) drained: Arc<Notify>,
}

impl Output {
    /// Starts the writer that hands the queue to russh as the client's window allows.
    pub(crate) fn start(mut writer: impl AsyncWrite + Unpin + Send + 'static, server: Arc<Server>) -> Output {
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

    pub(crate) fn pending(&self) -> usize {
        self.pending.load(Ordering::Relaxed)
    }

    /// Queues `bytes`; false when the queue would pass `cap` (the client is not reading).
    pub(crate) fn send(&self, bytes: Vec<u8>, cap: usize, server: &Server) -> bool {
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

    pub(crate) fn since_progress(&self) -> Duration {
        self.progress.lock().map_or(Duration::ZERO, |at| at.elapsed())
    }

    /// Waits (at most `wait`) until everything queued has gone to russh.
    pub(crate) async fn flush(&self, wait: Duration) {
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
    /// The player chose lines of text: the plain door takes the session over.
    Plain,
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

/// Plays one connection's session until the player leaves, the connection goes, the server stops,
/// or a limit is passed.
pub async fn play(
    server: Arc<Server>,
    mut conn: Connection,
    writer: impl AsyncWrite + Unpin + Send + 'static,
    mut input: mpsc::Receiver<Input>,
    mut stopping: watch::Receiver<bool>,
) -> Option<Handover> {
    let limits = server.limits.clone();
    let out = Output::start(writer, server.clone());
    let peer = conn.peer;
    let name = conn.name.clone();
    let language = conn.language;
    tracing::info!(%peer, id = conn.id, player = %name, teacher = conn.teacher, lang = ?conn.lang, language = language.tag(), "game screen opened");

    let settings = &server.settings;
    // For `theme = "auto"` the terminal is asked its colours; the first frame is drawn dark and
    // the theme follows the answer whenever it comes, as at a local terminal.
    let mut asked_colours = false;
    let look = Look {
        theme: settings.theme(|| {
            asked_colours = true;
            Background::Dark
        }),
        keys: Look::key_labels(&settings.keys),
        title: nim_tui::theme::TITLE.to_string(),
        offered: None,
        language,
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
        true => settings.keys.without(&super::place::NO_HINTS),
        false => settings.keys.clone(),
    };
    let pacing =
        Pacing { ai_delay: Duration::from_millis(settings.ai_delay_ms).max(limits.frame_min), asked_colours };
    let me =
        Me { id: conn.id, name: name.clone(), teacher: conn.teacher, peer, log: conn.log.clone(), language };
    let place = Place::new(server.clone(), me);
    let mut session = Session::new(place, look, keymap, pacing, conn.size, std::time::Instant::now());

    let frame_buf = Frame::default();
    let size = conn.size;
    let backend = Remote { inner: CrosstermBackend::new(frame_buf.clone()), size: Size::new(size.0, size.1) };
    let Ok(mut terminal) = Terminal::new(backend) else {
        server.people.leave(conn.id);
        return None;
    };
    if asked_colours {
        out.send(COLOUR_QUERY.to_vec(), limits.output_cap, &server);
    }
    out.send(SET_UP.to_vec(), limits.output_cap, &server);

    let mut roster = server.people.roster();
    let mut tables = server.people.table_moves();
    let mut board = server.store.changes();
    let mut paste = PasteFilter::default();
    let (mut keys, mut pasted) = (Vec::new(), String::new());
    let mut last_frame: Option<Instant> = None;
    let mut last_key = Instant::now();
    let mut warned = false;
    // A window change waiting for its turn, and when the last was acted on.
    let mut resize: Option<(u16, u16)> = None;
    let mut last_resize: Option<Instant> = None;

    let ending = loop {
        let now = Instant::now();
        // Draw, at most `frame_min` apart, and not while the client is behind with what it
        // was sent (the frames then merge into one).
        let behind = out.pending() > limits.output_soft;
        let frame_at = last_frame.map_or(now, |t| t + limits.frame_min);
        if session.wants_frame() && !behind && now >= frame_at {
            if session.render(&mut terminal, now.into_std()).is_err() {
                break End::Closed;
            }
            if !out.send(frame_buf.take(), limits.output_cap, &server) {
                break End::SlowReader;
            }
            last_frame = Some(now);
            server.frames.fetch_add(1, Ordering::Relaxed);
        }
        // A teacher is never disconnected for being idle: watching the class is their work.
        let idle = !session.scene().is_teacher();
        let far = now + Duration::from_secs(86_400);
        let idle_warn_at =
            if idle { last_key + limits.idle_timeout.saturating_sub(limits.idle_warning) } else { far };
        let idle_at = if idle { last_key + limits.idle_timeout } else { far };
        let mut wake = if warned { idle_at } else { idle_warn_at };
        if let Some(at) = session.next_wake() {
            wake = wake.min(Instant::from_std(at));
        }
        if session.wants_frame() && !behind {
            wake = wake.min(frame_at);
        }
        if out.pending() > 0 {
            // Only while output waits: is the client still reading?
            wake = wake.min(now + Duration::from_millis(250));
        }
        let resize_at = last_resize.map_or(now, |t| t + RESIZE_MIN);
        if resize.is_some() {
            wake = wake.min(resize_at);
        }
        let woke = tokio::select! {
            biased;
            _ = stopping.changed() => Woke::Stop,
            item = input.recv() => Woke::Input(item),
            notice = conn.mail.recv() => Woke::Notice(notice),
            changed = conn.resized.changed(), if resize.is_none() => match changed {
                Ok(()) => Woke::Resized,
                Err(_) => Woke::Input(None),
            },
            () = table_changed(session.scene_mut()) => Woke::Table,
            _ = roster.changed() => Woke::People,
            _ = board.changed() => Woke::People,
            _ = tables.changed(), if session.scene().watches_every_table() => Woke::People,
            () = out.drained.notified(), if behind => Woke::Drained,
            () = tokio::time::sleep_until(wake) => Woke::Timer,
        };
        let now = Instant::now();
        let at = now.into_std();
        match woke {
            Woke::Stop => break End::Stopping,
            Woke::Input(None | Some(Input::Closed)) => break End::Closed,
            Woke::Input(Some(Input::Bytes(bytes))) => {
                conn.input_room.add_permits(bytes.len().min(limits.input_cap));
                last_key = now;
                if warned {
                    warned = false;
                    session.scene_mut().idle_warning = None;
                    session.redraw();
                }
                paste.filter(&bytes, &mut keys, &mut pasted);
                session.feed(&keys, at);
                session.paste(&pasted, at);
                keys.clear();
                pasted.clear();
                // Ctrl-Z would stop the server's process locally; here it means nothing.
                let _ = session.take_suspend();
                // Every other connection has its turn before this one reads more: a flood of
                // keys is read a piece at a time among everyone's, never ahead of them.
                tokio::task::yield_now().await;
            }
            Woke::Resized => resize = Some(*conn.resized.borrow_and_update()),
            Woke::Notice(None) => {}
            Woke::Notice(Some(Notice::Kicked { by })) => {
                tracing::info!(%peer, player = %name, teacher = %by, "sent off the server by the teacher");
                break End::Kicked;
            }
            Woke::Notice(Some(notice)) => {
                // Given something to do (a position from the teacher, a game back): the idle
                // clock starts again, as after a key.
                if matches!(notice, Notice::Assigned { .. } | Notice::Resume { .. } | Notice::Accepted { .. })
                {
                    last_key = now;
                    if warned {
                        warned = false;
                        session.scene_mut().idle_warning = None;
                    }
                }
                session.scene_mut().notice(notice);
                session.changed(at);
            }
            Woke::Table => {
                session.scene_mut().table_moved();
                session.changed(at);
            }
            Woke::People => {
                if session.scene().in_lobby() {
                    session.redraw();
                }
            }
            Woke::Drained => {}
            Woke::Timer => {
                session.on_timer(at);
                if now >= idle_at {
                    break End::Idle;
                }
                if !warned && now >= idle_warn_at {
                    warned = true;
                    let left = limits.idle_timeout.saturating_sub(last_key.elapsed()).as_secs().max(1);
                    session.scene_mut().idle_warning = Some(left);
                    session.redraw();
                    tracing::info!(%peer, player = %name, "idle warning");
                }
                if out.pending() > 0 && out.since_progress() > limits.stall {
                    break End::SlowReader;
                }
            }
        }
        if let Some((width, height)) = resize
            && now >= resize_at
        {
            resize = None;
            last_resize = Some(now);
            server.resizes.fetch_add(1, Ordering::Relaxed);
            terminal.backend_mut().size = Size::new(width, height);
            session.resize(width, height, at);
        }
        if let Some(Leave) = session.take_effect() {
            break End::Quit;
        }
        if session.scene_mut().take_plain() {
            break End::Plain;
        }
    };
    if ending == End::Plain {
        out.send(RESTORE.to_vec(), limits.output_cap, &server);
        return Some(Handover { conn, out, session, input, stopping });
    }

    let had_game = session.scene().has_game();
    let how = match ending {
        End::Stopping => Departure::Stopping,
        End::Quit | End::Kicked => Departure::Left,
        End::Closed | End::Idle | End::SlowReader | End::Plain => Departure::Dropped,
    };
    session.scene_mut().depart(how);
    match ending {
        End::Stopping => {
            let told = nim_tui::words::serve_stopping(language, had_game);
            out.send(goodbye(&told), limits.output_cap, &server);
            out.flush(Duration::from_secs(1)).await;
        }
        End::Idle => {
            tracing::info!(%peer, player = %name, "disconnected: idle");
            let told = nim_tui::words::serve_idle_kicked(language);
            out.send(goodbye(&told), limits.output_cap, &server);
            out.flush(Duration::from_secs(1)).await;
        }
        End::Kicked => {
            let told = nim_tui::i18n::text(language, "serve-kicked");
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
        End::Closed | End::Plain => {}
    }
    tracing::info!(%peer, player = %name, ending = ?ending, "game screen closed");
    drop(out);
    if ending == End::SlowReader {
        (conn.kill)();
        return None;
    }
    // A proper end (the door's: over SSH the exit status, end of file and close), after which the
    // client hangs up; one that does not is cut off a moment later.
    let kill = conn.kill.clone();
    conn.close.await;
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(2)).await;
        kill();
    });
    None
}

/// A session the player asked to go on in lines (the lobby's `l`): what the plain door needs to
/// take it over (`plain_door::resume`), the terminal already given back.
pub(crate) struct Handover {
    pub conn: Connection,
    pub out: Output,
    pub session: Session<Place>,
    pub input: mpsc::Receiver<Input>,
    pub stopping: watch::Receiver<bool>,
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
