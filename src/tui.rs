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
//! error, and the game is saved before the terminal is touched again. Input is read here as bytes
//! and parsed by the session (`session::input`) rather than by crossterm, whose reader retries a
//! read at end of file for ever: at end of input the reader ends at once. The screen is never
//! larger than [`ui::MAX_WIDTH`] by [`ui::MAX_HEIGHT`], whatever the window's size (see
//! [`Clamped`]).
//!
//! This is the terminal's door to a [`Session`]: everything about the game's pace (the AI's
//! pause, animation frames, a key sequence's hold) is the session's; this loop only waits for
//! the next input or the session's next wake, and draws when a frame is due.

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event as TermEvent};
use crossterm::execute;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use crate::app::{App, Effect, Msg};
use crate::keys::Keymap;
use crate::session::{COLOUR_QUERY, Pacing, Session};
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
    /// Bytes the terminal sent: keys, mouse reports, its answers.
    #[cfg_attr(not(unix), allow(dead_code))]
    Bytes(Vec<u8>),
    /// An event the console gave (where there are no bytes to read: Windows).
    #[cfg_attr(unix, allow(dead_code))]
    Term(TermEvent),
    /// The window's new size.
    Resize(u16, u16),
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
    app: App,
    look: Look,
    keymap: Keymap,
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
    let size = terminal.size().map(|size| (size.width, size.height)).unwrap_or((80, 24));
    let pacing = Pacing { ai_delay: options.ai_delay, asked_colours: options.ask_colours };
    let mut session = Session::new(app, look, keymap, pacing, size, Instant::now());
    // What the terminal has sent already (a fast terminal's answer, keys typed early) is read
    // before the first frame, which is then drawn in the right colours; nothing is waited for.
    #[cfg(unix)]
    session.feed(&events.read_waiting(), Instant::now());
    let (events, start_sources) = events.sources();
    let result = event_loop(&mut terminal, &mut session, options, hooks, &events, start_sources);
    // A failed draw means the terminal is gone: the game is saved as on a hang-up, before the
    // terminal is touched again.
    let ending = *result.as_ref().unwrap_or(&Ending::HungUp);
    hooks.ending(session.scene(), ending);
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

/// Waits for the next input or the session's next wake, hands it to the session, carries out
/// the effects it asks for, and draws when a frame is due.
fn event_loop(
    terminal: &mut Screen,
    session: &mut Session<App>,
    options: &Options,
    hooks: &mut dyn Hooks,
    events: &Receiver<Event>,
    start_sources: Box<dyn FnOnce()>,
) -> io::Result<Ending> {
    let mut start_sources = Some(start_sources);
    loop {
        if session.wants_frame() {
            session.render(terminal, Instant::now())?;
        }
        if let Some(start) = start_sources.take() {
            start();
        }
        let event = match session.next_wake() {
            Some(when) => match events.recv_timeout(when.saturating_duration_since(Instant::now())) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::InputClosed),
            },
            None => Some(events.recv().unwrap_or(Event::InputClosed)),
        };
        let now = Instant::now();
        match event {
            None => session.on_timer(now),
            Some(Event::Bytes(bytes)) => session.feed(&bytes, now),
            Some(Event::Term(event)) => session.event(event, now),
            Some(Event::Resize(width, height)) => {
                // The terminal may have moved or dropped what was on it (a window larger than the
                // largest screen leaves the drawn size unchanged, so ratatui would redraw nothing).
                redraw_whole(terminal)?;
                session.resize(width, height, now);
            }
            Some(Event::Stop(ending)) => return Ok(ending),
            Some(Event::InputClosed) => return Ok(Ending::HungUp),
            Some(Event::Suspend) => {
                suspend(terminal, options)?;
                session.redraw();
            }
            Some(Event::Continued) => {
                resume(terminal, options)?;
                session.redraw();
            }
        }
        // Ctrl-Z, which raw mode delivers as a key instead of SIGTSTP.
        if session.take_suspend() && cfg!(unix) {
            suspend(terminal, options)?;
            session.redraw();
        }
        // An effect's outcome comes back as a message, which may ask for another effect.
        while let Some(effect) = session.take_effect() {
            match effect {
                Effect::Quit => return Ok(Ending::Quit),
                effect => {
                    if let Some(reply) = hooks.perform(effect) {
                        session.update(reply, now);
                    }
                }
            }
        }
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
    fn sources(self) -> (Receiver<Event>, Box<dyn FnOnce()>) {
        let Events { rx, tx, start_signals } = self;
        let start = move || {
            start_signals();
            thread::spawn(move || read_input(&tx));
        };
        (rx, Box::new(start))
    }

    /// What the terminal has sent so far, read without waiting.
    #[cfg(unix)]
    fn read_waiting(&self) -> Vec<u8> {
        let mut buf = [0u8; 1024];
        let mut read = Vec::new();
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
            read.extend_from_slice(&buf[..got]);
        }
        read
    }
}

/// Reads the terminal's input and sends it on as bytes, until the input ends: end of file, an
/// error, or a hang-up of standard input or output (POLLHUP, as when the terminal's window is
/// closed and no SIGHUP comes, the game having no controlling terminal), which is sent as
/// `InputClosed`. The thread then ends at once. It blocks in `poll` while nothing happens.
#[cfg(unix)]
fn read_input(tx: &mpsc::Sender<Event>) {
    let mut buf = [0u8; 1024];
    let gone = libc::POLLHUP | libc::POLLERR | libc::POLLNVAL;
    loop {
        let mut fds = [
            libc::pollfd { fd: libc::STDIN_FILENO, events: libc::POLLIN, revents: 0 },
            libc::pollfd { fd: libc::STDOUT_FILENO, events: 0, revents: 0 },
        ];
        // SAFETY: `fds` is a valid array of two pollfd for the duration of the call.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
        let closed = if n < 0 {
            io::Error::last_os_error().kind() != io::ErrorKind::Interrupted
        } else if fds[0].revents & libc::POLLIN != 0 {
            // SAFETY: reading into a buffer of the stated length.
            let got = unsafe { libc::read(libc::STDIN_FILENO, buf.as_mut_ptr().cast(), buf.len()) };
            match usize::try_from(got) {
                Ok(0) => true,
                Ok(got) => {
                    if tx.send(Event::Bytes(buf[..got].to_vec())).is_err() {
                        return;
                    }
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
        if closed {
            let _ = tx.send(Event::InputClosed);
            return;
        }
    }
}

/// Where there is no `poll` on standard input (Windows), crossterm reads the console.
#[cfg(not(unix))]
fn read_input(tx: &mpsc::Sender<Event>) {
    loop {
        let event = match crossterm::event::read() {
            Ok(TermEvent::Resize(width, height)) => Event::Resize(width, height),
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
                        Ok((width, height)) => Event::Resize(width, height),
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
