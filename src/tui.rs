//! The terminal around the game: set-up and restore, and an event loop that blocks while nothing
//! happens. Keys, mouse, resizes and signals all arrive on one channel; the AI's pause is a deadline
//! on the wait for that channel, not a sleep and not a tick.
//!
//! Every way out saves and restores the terminal: a quit, every catchable terminating signal
//! (TERM, HUP, INT, QUIT, USR1, USR2, ALRM, PIPE), and the terminal going away without a signal
//! (input at end of file or failing, as when the program was started with `setsid`). Ctrl-Z and
//! SIGTSTP suspend: the terminal is restored, the process stops, and on `fg` (SIGCONT) raw mode,
//! the alternate screen and the mouse come back and the screen is drawn afresh.
//!
//! The terminal may be gone by the time anything here runs: nothing writes with `print!` or
//! `eprint!` (which panic when the write fails), restoring a terminal that is gone is not an
//! error, and the game is saved before the terminal is touched again. Input is read here (see
//! `tui::input`) rather than by crossterm, whose reader retries a read at end of file for ever: at end
//! of input the reader ends at once. The screen is never larger than [`ui::MAX_WIDTH`] by
//! [`ui::MAX_HEIGHT`], whatever the window's size (see [`Clamped`]).

// Public for the server (`serve`), which reads its players' keys from the SSH channel's bytes.
pub mod input;

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Rect, Size};

use crate::app::{Action, App, Effect, Msg};
use crate::theme::{Background, Theme};
use crate::ui::{self, Look};

/// The terminal the game draws on.
type Screen = Terminal<Clamped<CrosstermBackend<FrameOut>>>;

/// How the session with the terminal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player quit.
    Quit,
    /// SIGTERM or another terminating signal (QUIT, USR1, USR2, ALRM, PIPE): asked to stop.
    Terminated,
    /// SIGHUP, or the terminal's input closed: the terminal is gone.
    HungUp,
}

/// Options of the loop that are not part of the game's state.
#[derive(Debug, Clone)]
pub struct Options {
    /// The AI's visible pause before it moves.
    pub ai_delay: Duration,
    pub mouse: bool,
    /// Ask the terminal its colours as the screen is set up (`theme = "auto"`): the first frame
    /// is drawn for the background guessed meanwhile, never waiting for the answer, and the theme
    /// follows the answer when it comes. The answer is never read as keys (see `tui::input`).
    pub ask_colours: bool,
}

/// The colour query: the text's colour, the background's, then the device attributes, which
/// every terminal answers, so that the answers are known to be over when they come. Terminated
/// with BEL, to which rxvt-unicode answers in kind (with ST it ends its answer with a lone ESC).
pub const COLOUR_QUERY: &[u8] = b"\x1b]10;?\x07\x1b]11;?\x07\x1b[c";

/// How long the colour query's answers are waited for at most; after it, a lone ESC is the Esc
/// key at once even if the terminal answered nothing. An answer that comes later still changes
/// the theme, and is still not read as keys.
#[cfg(unix)]
const ANSWER_WAIT: Duration = Duration::from_secs(2);

/// The program around the game: it carries out the app's effects (statistics, records, saved
/// games) and says what came of them.
pub trait Hooks {
    /// Carries out `effect`; what came of it goes back to the app as a message.
    fn perform(&mut self, _effect: Effect) -> Option<Msg> {
        None
    }
    /// Called once, before the terminal is restored, however the session ends.
    fn ending(&mut self, _app: &App, _ending: Ending) {}
}

/// Hooks that do nothing.
impl Hooks for () {}

enum Event {
    Term(TermEvent),
    /// The terminal's answer to the colour query: its text and background colours.
    Colours([u16; 3], [u16; 3]),
    /// A signal that ends the session.
    Stop(Ending),
    /// Ctrl-Z or SIGTSTP: restore the terminal and stop until SIGCONT. (Job control is unix's.)
    #[cfg_attr(not(unix), allow(dead_code))]
    Suspend,
    /// SIGCONT: the process was stopped (by us or by SIGSTOP) and goes on; the terminal may have
    /// been changed meanwhile.
    #[cfg_attr(not(unix), allow(dead_code))]
    Continued,
    InputClosed,
}

/// The shortest time between two AI moves, whatever `--ai-delay` says: at 0 a demo would
/// otherwise draw as fast as the terminal takes it, using a whole core.
const MIN_FRAME: Duration = Duration::from_millis(15);

/// When the next animation frame is drawn, asked at `now` with the AI's move due at `ai`: one
/// frame's time away, but no sooner than needed for the frames to end as the AI's pause does, so
/// that its tokens leave at the end of the pause, after the player has seen them marked.
fn next_frame(now: Instant, ai: Option<Instant>) -> Instant {
    let soonest = now + crate::app::Motion::FRAME;
    let motion = crate::app::Motion::FRAME * u32::from(crate::app::Motion::FRAMES);
    match ai.and_then(|ai| ai.checked_sub(motion)) {
        Some(start) => start.max(soonest),
        None => soonest,
    }
}

/// Where a frame is written: gathered in memory and written to standard output in one piece when
/// ratatui flushes, at the end of each draw. Written straight to `Stdout`, each of a frame's
/// thousand or so escape codes and symbols took the lock of standard output and a scan for a line
/// end, and a frame went out 1 KiB at a time (its line buffer's size).
///
/// A panic while drawing leaves half a frame: what is flushed while the thread panics (the cursor
/// shown as the terminal is dropped, after the panic hook restored the screen) is dropped rather
/// than written over the shell's screen.
#[derive(Default)]
pub struct FrameOut {
    frame: Vec<u8>,
}

impl Write for FrameOut {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.frame.extend_from_slice(bytes);
        Ok(())
    }
    fn flush(&mut self) -> io::Result<()> {
        if self.frame.is_empty() {
            return Ok(());
        }
        let result = match thread::panicking() {
            true => Ok(()),
            false => {
                let mut out = io::stdout().lock();
                out.write_all(&self.frame).and_then(|()| out.flush())
            }
        };
        // Written or not (a terminal that is gone), the frame is done with; the buffer's capacity
        // is kept for the next.
        self.frame.clear();
        result
    }
}

/// A backend whose screen is at most [`ui::MAX_WIDTH`] by [`ui::MAX_HEIGHT`]: ratatui keeps two
/// buffers of the whole screen and the drawing walks every cell, so a window of 65535x65535 would
/// ask for hundreds of gigabytes. A larger window shows the game in its top-left corner.
///
/// Showing the cursor never fails here: it is part of restoring the terminal (ratatui does it
/// when the terminal is dropped, and `eprintln!`s a failure, which panics once the terminal is
/// gone), and a terminal that is gone has nothing left to restore.
pub struct Clamped<B>(pub B);

impl<B: Backend> Backend for Clamped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.0.draw(content)
    }
    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.0.append_lines(n)
    }
    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.0.hide_cursor()
    }
    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        let _ = self.0.show_cursor();
        Ok(())
    }
    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.0.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.0.set_cursor_position(position)
    }
    fn clear(&mut self) -> Result<(), Self::Error> {
        self.0.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.0.clear_region(clear_type)
    }
    fn size(&self) -> Result<Size, Self::Error> {
        self.0.size().map(ui::clamp_size)
    }
    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        let mut size = self.0.window_size()?;
        size.columns_rows = ui::clamp_size(size.columns_rows);
        Ok(size)
    }
    fn flush(&mut self) -> Result<(), Self::Error> {
        self.0.flush()
    }
}

/// Runs the game in the terminal until the player quits or a signal arrives. The terminal is
/// restored on every way out, a panic included. `events` were caught before the terminal was
/// touched (see [`Events::catch`]).
pub fn run(
    app: &mut App,
    look: &Look,
    keymap: &dyn Fn(&KeyEvent) -> Option<Action>,
    options: &Options,
    hooks: &mut dyn Hooks,
    events: Events,
) -> io::Result<Ending> {
    install_panic_hook(options.mouse);
    let mut terminal = match set_up(options) {
        Ok(terminal) => terminal,
        Err(e) => {
            restore(options);
            return Err(e);
        }
    };
    let mut look = look.clone();
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut parser = input::Parser::new(options.ask_colours);
    // What the terminal has sent already (a fast terminal's answer, keys typed early) is read
    // before the first frame, which is then drawn in the right colours; nothing is waited for.
    #[cfg(unix)]
    events.read_waiting(&mut parser, &mut look, options.ask_colours);
    let (events, start_sources) = events.sources(parser, options.ask_colours);
    let result = event_loop(&mut terminal, app, &mut look, keymap, options, hooks, &events, start_sources);
    // A failed draw means the terminal is gone: the game is saved as on a hang-up, before the
    // terminal is touched again.
    let ending = *result.as_ref().unwrap_or(&Ending::HungUp);
    hooks.ending(app, ending);
    restore(options);
    result
}

/// Raw mode, the alternate screen and the mouse, and the terminal ratatui draws on.
fn set_up(options: &Options) -> io::Result<Screen> {
    crossterm::terminal::enable_raw_mode()?;
    let mut out = io::stdout().lock();
    crossterm::queue!(out, crossterm::terminal::EnterAlternateScreen)?;
    if options.ask_colours {
        // In raw mode, so that the answer is neither echoed nor held for a line's end.
        out.write_all(COLOUR_QUERY)?;
    }
    if options.mouse {
        crossterm::queue!(out, EnableMouseCapture)?;
    }
    out.flush()?;
    drop(out);
    Terminal::new(Clamped(CrosstermBackend::new(FrameOut::default())))
}

/// Leaves the terminal as it was found: mouse reporting off, the cursor shown, the main screen,
/// raw mode off. Each step is tried whatever became of the others, and none can fail: with the
/// terminal gone (a hang-up) there is nothing left to restore.
fn restore(options: &Options) {
    // Raw mode first: of all the steps it matters most to the shell.
    let _ = crossterm::terminal::disable_raw_mode();
    let mut out = io::stdout();
    if options.mouse {
        let _ = crossterm::queue!(out, DisableMouseCapture);
    }
    let _ = crossterm::queue!(out, crossterm::cursor::Show, crossterm::terminal::LeaveAlternateScreen);
    let _ = out.flush();
}

/// Restores the terminal, stops the process as SIGTSTP would, and on SIGCONT sets the terminal up
/// again and forces a full redraw.
fn suspend(terminal: &mut Screen, options: &Options) -> io::Result<()> {
    restore(options);
    #[cfg(unix)]
    {
        // The default action of SIGTSTP (stop), which our handler replaced. Returns on SIGCONT.
        signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
    }
    resume(terminal, options)
}

/// Raw mode, the alternate screen and the mouse again, and a full redraw: after `fg`, or after
/// SIGCONT from outside (the shell may have changed the terminal while we were stopped).
fn resume(terminal: &mut Screen, options: &Options) -> io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
    if options.mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    execute!(io::stdout(), crossterm::cursor::Hide)?;
    redraw_whole(terminal)
}

/// Clears the screen and makes the next draw write every cell.
fn redraw_whole(terminal: &mut Screen) -> io::Result<()> {
    execute!(io::stdout(), crossterm::terminal::Clear(crossterm::terminal::ClearType::All))?;
    // Both of ratatui's buffers blank, like the screen now, so that the next draw writes every
    // cell. (`Terminal::clear` would do this too, but it first asks the terminal where the cursor
    // is, and the answer would arrive on the input our event thread is reading.)
    terminal.swap_buffers();
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn event_loop(
    terminal: &mut Screen,
    app: &mut App,
    look: &mut Look,
    keymap: &dyn Fn(&KeyEvent) -> Option<Action>,
    options: &Options,
    hooks: &mut dyn Hooks,
    events: &Receiver<Event>,
    start_sources: Box<dyn FnOnce()>,
) -> io::Result<Ending> {
    let mut start_sources = Some(start_sources);
    let mut deadline: Option<Instant> = None;
    // The next animation frame, while something moves.
    let mut frame_at: Option<Instant> = None;
    let mut area = Rect::default();
    // Events that change nothing (mouse motion, key releases) do not cost a redraw.
    let mut dirty = true;
    loop {
        if dirty {
            terminal.draw(|frame| {
                area = frame.area();
                ui::draw(frame, app, look);
            })?;
            let fits = ui::fits(app, area);
            if fits != app.fits {
                app.update(Msg::Resize { fits });
            }
        }
        if let Some(start) = start_sources.take() {
            start();
        }
        if app.ai_waiting() {
            deadline.get_or_insert_with(|| Instant::now() + options.ai_delay.max(MIN_FRAME));
        } else {
            deadline = None;
        }
        // A frame is scheduled only while something moves; otherwise the loop blocks.
        frame_at = match app.animating() {
            true => Some(*frame_at.get_or_insert_with(|| next_frame(Instant::now(), deadline))),
            false => None,
        };
        let wake = match (deadline, frame_at) {
            (Some(ai), Some(frame)) => Some(ai.min(frame)),
            (ai, frame) => ai.or(frame),
        };
        let event = match wake {
            Some(when) => match events.recv_timeout(when.saturating_duration_since(Instant::now())) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::InputClosed),
            },
            None => Some(events.recv().unwrap_or(Event::InputClosed)),
        };
        let input = match event {
            // A frame due before the AI's move.
            None if frame_at.is_some_and(|frame| deadline.is_none_or(|ai| frame < ai)) => {
                frame_at = None;
                Some(Msg::Frame)
            }
            None => {
                deadline = None;
                Some(Msg::AiMove)
            }
            Some(Event::Stop(ending)) => return Ok(ending),
            // Only the theme `auto` asks; an answer to another program's question changes nothing.
            Some(Event::Colours(text, background)) => {
                let theme = Theme::for_background(Background::of_terminal(text, background));
                dirty = options.ask_colours && theme != look.theme;
                if dirty {
                    look.theme = theme;
                }
                continue;
            }
            Some(Event::InputClosed) => return Ok(Ending::HungUp),
            Some(Event::Suspend) => {
                suspend(terminal, options)?;
                dirty = true;
                continue;
            }
            Some(Event::Continued) => {
                resume(terminal, options)?;
                dirty = true;
                continue;
            }
            Some(Event::Term(event)) if is_suspend_key(&event) => {
                suspend(terminal, options)?;
                dirty = true;
                continue;
            }
            Some(Event::Term(TermEvent::Resize(width, height))) => {
                // The terminal may have moved or dropped what was on it (a window larger than the
                // largest screen leaves the drawn size unchanged, so ratatui would redraw nothing).
                redraw_whole(terminal)?;
                area = ui::clamp(Rect::new(0, 0, width, height));
                Some(Msg::Resize { fits: ui::fits(app, area) })
            }
            Some(Event::Term(event)) => translate(app, look, area, keymap, event),
        };
        dirty = input.is_some();
        let Some(mut msg) = input else { continue };
        // An effect's outcome comes back as a message, which may ask for another effect.
        loop {
            match app.update(msg) {
                Effect::None => break,
                Effect::Quit => return Ok(Ending::Quit),
                effect => match hooks.perform(effect) {
                    Some(reply) => msg = reply,
                    None => break,
                },
            }
        }
        // A screen change can change the room it needs.
        let fits = ui::fits(app, area);
        if fits != app.fits {
            app.update(Msg::Resize { fits });
        }
    }
}

/// Ctrl-Z, which raw mode delivers as a key instead of SIGTSTP. Where there is no job control
/// (Windows) it is an ordinary key.
fn is_suspend_key(event: &TermEvent) -> bool {
    cfg!(unix)
        && matches!(event, TermEvent::Key(key)
            if key.kind != KeyEventKind::Release
                && key.modifiers.contains(KeyModifiers::CONTROL)
                && matches!(key.code, KeyCode::Char('z' | 'Z')))
}

/// Turns a terminal event into the game's input, or `None` for events that change nothing.
/// (The server turns its players' events into input here too.)
pub fn translate(
    app: &App,
    look: &Look,
    area: Rect,
    keymap: &dyn Fn(&KeyEvent) -> Option<Action>,
    event: TermEvent,
) -> Option<Msg> {
    match event {
        TermEvent::Key(key) if key.kind != KeyEventKind::Release => {
            // Raw mode turns Ctrl-C into a key; it always quits, whatever the config binds.
            if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
                return Some(Msg::Interrupt);
            }
            let ch = match key.code {
                KeyCode::Char(c) if !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) => {
                    Some(c)
                }
                _ => None,
            };
            Some(Msg::Key { action: keymap(&key), ch })
        }
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            ui::click(app, look, area, mouse.column, mouse.row)
        }
        // The wheel changes the count (or the choice on the start screen).
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::ScrollUp => Some(Msg::action(Action::More)),
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::ScrollDown => {
            Some(Msg::action(Action::Less))
        }
        _ => None,
    }
}

/// Where a session's events come from: terminal input, signals and the terminal hanging up, all
/// forwarded to one channel by threads that block until something happens.
pub struct Events {
    rx: Receiver<Event>,
    tx: mpsc::Sender<Event>,
    start_signals: Box<dyn FnOnce()>,
}

impl Events {
    /// Catches the signals from now on. Called before anything changes the terminal, so that no
    /// signal ends the program with the terminal left changed: one that comes early waits in
    /// signal-hook's pipe and is taken once the game runs.
    pub fn catch() -> io::Result<Events> {
        let (tx, rx) = mpsc::channel();
        let start_signals = catch_signals(tx.clone())?;
        Ok(Events { rx, tx, start_signals })
    }

    /// The channel, and the function that starts the threads feeding it: called after the first
    /// frame, so that starting them is no part of the wait for it. Nothing is lost meanwhile: keys
    /// wait in the terminal, signals in signal-hook's pipe.
    fn sources(self, parser: input::Parser, asked: bool) -> (Receiver<Event>, Box<dyn FnOnce()>) {
        let Events { rx, tx, start_signals } = self;
        let start = move || {
            start_signals();
            thread::spawn(move || read_input(&tx, parser, asked));
        };
        (rx, Box::new(start))
    }

    /// Reads what the terminal has sent so far without waiting: the colours it answered go into
    /// `look`, keys to the channel (read after the first frame, in order, as any key).
    #[cfg(unix)]
    fn read_waiting(&self, parser: &mut input::Parser, look: &mut Look, asked: bool) {
        let mut buf = [0u8; 1024];
        let mut events = Vec::new();
        loop {
            let mut fd = libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 };
            // SAFETY: `fd` is a valid pollfd for the duration of the call.
            let ready = unsafe { libc::poll(&raw mut fd, 1, 0) } == 1 && fd.revents & libc::POLLIN != 0;
            if !ready {
                break;
            }
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            let Ok(got @ 1..) = usize::try_from(got) else { break };
            parser.feed(&buf[..got]);
            parser.events(&mut events);
        }
        if let Some((text, background)) = parser.take_colours()
            && asked
        {
            look.theme = Theme::for_background(Background::of_terminal(text, background));
        }
        for event in events {
            let _ = self.tx.send(Event::Term(event));
        }
    }
}

/// How long bytes that may start a longer sequence are held for the rest: a lone ESC while the
/// colour query's answer is awaited (is `]` next?), or a key's sequence split across reads. A
/// terminal sends a sequence in one write, so the rest comes at once or, over a slow link, within
/// a round trip; a real Esc keypress waits this long only while an answer is awaited.
#[cfg(unix)]
const HOLD: Duration = Duration::from_millis(500);

/// Reads the terminal's input and sends its events, until the input ends: end of file, an error,
/// or a hang-up of standard input or output (POLLHUP, as when the terminal's window is closed and
/// no SIGHUP comes, the game having no controlling terminal), which is sent as `InputClosed`. The
/// thread then ends at once. It blocks in `poll` while nothing happens, with a deadline only while
/// part of a sequence is held.
#[cfg(unix)]
fn read_input(tx: &mpsc::Sender<Event>, mut parser: input::Parser, asked: bool) {
    let mut buf = [0u8; 1024];
    let mut held_until = parser.is_holding().then(|| Instant::now() + HOLD);
    let mut waiting_until = asked.then(|| Instant::now() + ANSWER_WAIT);
    let mut events = Vec::new();
    let gone = libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;
    loop {
        let timeout = held_until.map_or(-1, |until| {
            // Rounded up, so that the wait does not wake just before the deadline.
            let left = until.saturating_duration_since(Instant::now());
            i32::try_from(left.as_micros().div_ceil(1000)).unwrap_or(i32::MAX)
        });
        let mut fds = [
            libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: libc::STDOUT_FILENO, events: 0, revents: 0 },
        ];
        // SAFETY: `fds` is a valid array of two pollfd for the duration of the call.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout) };
        if waiting_until.is_some_and(|until| Instant::now() >= until) {
            parser.stop_waiting();
            waiting_until = None;
        }
        let closed = if n < 0 {
            io::Error::last_os_error().kind() != io::ErrorKind::Interrupted
        } else if n == 0 {
            // Nothing more came: what is held is read as it stands.
            parser.flush(&mut events);
            held_until = None;
            false
        } else if fds[0].revents & libc::POLLIN != 0 {
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            match usize::try_from(got) {
                Ok(0) => true,
                Ok(got) => {
                    parser.feed(&buf[..got]);
                    held_until = parser.events(&mut events).then(|| Instant::now() + HOLD);
                    false
                }
                Err(_) => !matches!(
                    io::Error::last_os_error().kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                ),
            }
        } else {
            fds.iter().any(|fd| fd.revents & gone != 0)
        };
        let colours = parser.take_colours().map(|(text, background)| Event::Colours(text, background));
        for event in events.drain(..).map(Event::Term).chain(colours) {
            if tx.send(event).is_err() {
                return;
            }
        }
        if closed {
            let _ = tx.send(Event::InputClosed);
            return;
        }
    }
}

/// Where there is no `poll` on standard input (Windows), crossterm reads the console.
#[cfg(not(unix))]
fn read_input(tx: &mpsc::Sender<Event>, _parser: input::Parser, _asked: bool) {
    loop {
        let event = match crossterm::event::read() {
            Ok(event) => Event::Term(event),
            Err(_) => Event::InputClosed,
        };
        let closed = matches!(event, Event::InputClosed);
        if tx.send(event).is_err() || closed {
            return;
        }
    }
}

/// The signals that end the session (each restores the terminal and saves the game), and the
/// two of job control: caught at once, forwarded by a thread that the returned function starts.
#[cfg(unix)]
fn catch_signals(tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGWINCH,
    };
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH,
    ])?;
    Ok(Box::new(move || {
        thread::spawn(move || {
            for signal in signals.forever() {
                let event = match signal {
                    SIGHUP => Event::Stop(Ending::HungUp),
                    SIGINT => Event::Stop(Ending::Quit),
                    SIGTSTP => Event::Suspend,
                    SIGCONT => Event::Continued,
                    // The window's new size, as crossterm's own reader would have sent it.
                    SIGWINCH => match crossterm::terminal::size() {
                        Ok((width, height)) => Event::Term(TermEvent::Resize(width, height)),
                        Err(_) => continue,
                    },
                    _ => Event::Stop(Ending::Terminated),
                };
                if tx.send(event).is_err() {
                    break;
                }
            }
        });
    }))
}

/// On Windows, closing the console window (and Ctrl-Break) ends the session the same way; Ctrl-C
/// arrives as a key in raw mode.
#[cfg(windows)]
fn catch_signals(tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    use std::sync::Mutex;
    let tx = Mutex::new(tx);
    let handler = move || {
        if let Ok(tx) = tx.lock() {
            let _ = tx.send(Event::Stop(Ending::HungUp));
        }
        // Windows ends the process once the handler returns from a close event: give the loop
        // time to save and restore.
        thread::sleep(Duration::from_secs(2));
    };
    // A second session in the same process finds the handler already set; it still works.
    match ctrlc::set_handler(handler) {
        Ok(()) | Err(ctrlc::Error::MultipleHandlers) => Ok(Box::new(|| {})),
        Err(e) => Err(io::Error::other(e.to_string())),
    }
}

#[cfg(not(any(unix, windows)))]
fn catch_signals(_tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    Ok(Box::new(|| {}))
}

/// Restores the terminal on a panic, quietly (ratatui's own hook `eprintln!`s when restoring
/// fails, which panics again once the terminal is gone and aborts), then the hooks before it (the
/// standard one prints the message, ignoring a stderr that cannot take it). Installed once; the
/// log's hook goes over it, so that a panic is in the log first.
fn install_panic_hook(mouse: bool) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore(&Options { ai_delay: Duration::ZERO, mouse, ask_colours: false });
            previous(info);
        }));
        crate::log::install_panic_hook();
    });
}

#[cfg(test)]
mod tests {
    use super::next_frame;
    use crate::app::Motion;
    use std::time::{Duration, Instant};

    #[test]
    fn the_frames_end_as_the_ais_pause_does() {
        let now = Instant::now();
        let motion = Motion::FRAME * u32::from(Motion::FRAMES);
        // A long pause: the tokens stay marked, then leave over its last part.
        let ai = now + Duration::from_secs(2);
        assert_eq!(next_frame(now, Some(ai)), ai - motion);
        // Once under way, a frame every FRAME, and the last one before the AI moves.
        let mut at = ai - motion;
        for _ in 1..Motion::FRAMES {
            at = next_frame(at, Some(ai));
        }
        assert!(at < ai);
        // A pause too short for them all: the first frame comes at once; the AI's move ends it.
        assert_eq!(next_frame(now, Some(now + Motion::FRAME)), now + Motion::FRAME);
        assert_eq!(next_frame(now, None), now + Motion::FRAME);
    }
}
