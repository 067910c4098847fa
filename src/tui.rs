//! The terminal around the game: set-up and restore, and an event loop that blocks while nothing
//! happens. Keys, mouse, resizes and signals all arrive on one channel; the AI's pause is a deadline
//! on the wait for that channel, not a sleep and not a tick.
//!
//! Every way out saves and restores the terminal: a quit, every catchable terminating signal
//! (TERM, HUP, INT, QUIT, USR1, USR2, ALRM, PIPE), and the terminal going away without a signal
//! (input at end of file or failing, as when the program was started with `setsid`). Ctrl-Z and
//! SIGTSTP suspend: the terminal is restored, the process stops, and on `fg` (SIGCONT) raw mode,
//! the alternate screen and the mouse come back and the screen is drawn afresh.

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use crossterm::execute;
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use crate::app::{Action, App, Effect, Msg};
use crate::ui::{self, Look};

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
    /// The terminal was asked its colours and had not answered when the wait ran out: its answer
    /// may still come, and is then dropped instead of read as keys (see `LateReply`).
    pub reply_pending: bool,
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
    Term(TermEvent),
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
    let (events, start_sources) = events.sources(options.reply_pending);
    let mut terminal = ratatui::try_init()?;
    install_mouse_restoring_panic_hook();
    // Over ratatui's hook, which restores the terminal: the panic is in the log first.
    crate::log::install_panic_hook();
    if options.mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    let result = event_loop(&mut terminal, app, look, keymap, options, hooks, &events, start_sources);
    // A failed draw means the terminal is gone: the game is saved as on a hang-up.
    let ending = *result.as_ref().unwrap_or(&Ending::HungUp);
    hooks.ending(app, ending);
    restore(options);
    result
}

/// Leaves the terminal as it was found. With the terminal gone (SIGHUP) restoring may fail;
/// there is nothing left to restore then.
fn restore(options: &Options) {
    if options.mouse {
        let _ = execute!(io::stdout(), DisableMouseCapture);
    }
    let _ = ratatui::try_restore();
    let _ = io::stdout().flush();
}

/// Restores the terminal, stops the process as SIGTSTP would, and on SIGCONT sets the terminal up
/// again and forces a full redraw.
fn suspend(terminal: &mut DefaultTerminal, options: &Options) -> io::Result<()> {
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
fn resume(terminal: &mut DefaultTerminal, options: &Options) -> io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    execute!(io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
    if options.mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    execute!(
        io::stdout(),
        crossterm::terminal::Clear(crossterm::terminal::ClearType::All),
        crossterm::cursor::Hide
    )?;
    // Both of ratatui's buffers blank, like the screen now, so that the next draw writes every
    // cell. (`Terminal::clear` would do this too, but it first asks the terminal where the cursor
    // is, and the answer would arrive on the input our event thread is reading.)
    terminal.swap_buffers();
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    look: &Look,
    keymap: &dyn Fn(&KeyEvent) -> Option<Action>,
    options: &Options,
    hooks: &mut dyn Hooks,
    events: &Receiver<Event>,
    start_sources: Box<dyn FnOnce()>,
) -> io::Result<Ending> {
    let mut start_sources = Some(start_sources);
    let mut deadline: Option<Instant> = None;
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
        let event = match deadline {
            Some(when) => match events.recv_timeout(when.saturating_duration_since(Instant::now())) {
                Ok(event) => Some(event),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::InputClosed),
            },
            None => Some(events.recv().unwrap_or(Event::InputClosed)),
        };
        let input = match event {
            None => {
                deadline = None;
                Some(Msg::AiMove)
            }
            Some(Event::Stop(ending)) => return Ok(ending),
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
                area = Rect::new(0, 0, width, height);
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
fn translate(
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
    /// Catches the signals from now on. Called before anything changes the terminal (the colour
    /// query of `theme = "auto"` puts it in raw mode for a moment), so that no signal ends the
    /// program with the terminal left changed: one that comes early waits in signal-hook's pipe
    /// and is taken once the game runs.
    pub fn catch() -> io::Result<Events> {
        let (tx, rx) = mpsc::channel();
        let start_signals = catch_signals(tx.clone())?;
        Ok(Events { rx, tx, start_signals })
    }

    /// The channel, and the function that starts the threads feeding it: called after the first
    /// frame, so that starting them is no part of the wait for it. Nothing is lost meanwhile: keys
    /// wait in the terminal, signals in signal-hook's pipe.
    fn sources(self, reply_pending: bool) -> (Receiver<Event>, Box<dyn FnOnce()>) {
        let Events { rx, tx, start_signals } = self;
        let start = move || {
            start_signals();
            #[cfg(unix)]
            spawn_hangup_watch(tx.clone());
            let mut late_reply = LateReply::new(reply_pending.then(|| Instant::now() + LATE_REPLY_WINDOW));
            thread::spawn(move || {
                loop {
                    let event = match event::read() {
                        Ok(event) if late_reply.swallows(&event, Instant::now()) => continue,
                        Ok(event) => Event::Term(event),
                        Err(_) => Event::InputClosed,
                    };
                    let closed = matches!(event, Event::InputClosed);
                    if tx.send(event).is_err() || closed {
                        break;
                    }
                }
            });
        };
        (rx, Box::new(start))
    }
}

/// How long after the start a late answer to the colour query is looked out for.
const LATE_REPLY_WINDOW: Duration = Duration::from_secs(5);

/// The longest answer to a colour query, in the keys crossterm reads it as
/// (`]11;rgb:ffff/ffff/ffff` and its end).
const LATE_REPLY_MAX: usize = 48;

/// Drops a terminal's late answer to the colour query (`session::look`): over a slow link the
/// answer, `ESC ] 11 ; rgb:…/…/… BEL`, can arrive after the wait for it has run out, and crossterm
/// would read it as keys (Alt-], then `1`, `;`, `r`, `g`, `b`: digits that type a count, `b` that
/// opens the binary view). Each answer starts with Alt-] and ends with BEL (read as Ctrl-G) or ST
/// (Alt-\); what lies between is dropped, for a few seconds after the start only, and at most
/// [`LATE_REPLY_MAX`] keys at a time, so that a key of the player's is never held for long. The
/// answer to the device-attributes query that follows it crossterm drops itself.
#[derive(Debug)]
struct LateReply {
    /// Until when an answer is looked out for; `None` when none is.
    until: Option<Instant>,
    /// Keys dropped so far in the answer being read, if one is.
    inside: Option<usize>,
}

impl LateReply {
    fn new(until: Option<Instant>) -> LateReply {
        LateReply { until, inside: None }
    }

    /// Whether `event`, arriving at `now`, is part of a late answer and to be dropped.
    fn swallows(&mut self, event: &TermEvent, now: Instant) -> bool {
        let Some(until) = self.until else { return false };
        let TermEvent::Key(key) = event else { return false };
        let is = |code: char, modifiers: KeyModifiers| {
            key.code == KeyCode::Char(code) && key.modifiers == modifiers
        };
        match self.inside {
            None if now > until => {
                self.until = None;
                false
            }
            None if is(']', KeyModifiers::ALT) => {
                self.inside = Some(0);
                true
            }
            None => false,
            Some(count) => {
                let end = is('g', KeyModifiers::CONTROL) || is('\\', KeyModifiers::ALT);
                self.inside = if end || count + 1 >= LATE_REPLY_MAX { None } else { Some(count + 1) };
                true
            }
        }
    }
}

/// The signals that end the session (each restores the terminal and saves the game), and the
/// two of job control: caught at once, forwarded by a thread that the returned function starts.
#[cfg(unix)]
fn catch_signals(tx: mpsc::Sender<Event>) -> io::Result<Box<dyn FnOnce()>> {
    use signal_hook::consts::{
        SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPIPE, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2,
    };
    let mut signals = signal_hook::iterator::Signals::new([
        SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGTSTP, SIGCONT,
    ])?;
    Ok(Box::new(move || {
        thread::spawn(move || {
            for signal in signals.forever() {
                let event = match signal {
                    SIGHUP => Event::Stop(Ending::HungUp),
                    SIGINT => Event::Stop(Ending::Quit),
                    SIGTSTP => Event::Suspend,
                    SIGCONT => Event::Continued,
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

/// Watches the terminal for a hang-up that comes without SIGHUP (no controlling terminal, as
/// after `setsid`): crossterm's reader retries a read that returns end of file for ever, so the
/// hang-up is seen here instead, with a `poll` that asks for no events and so wakes only when the
/// terminal is gone (POLLHUP, POLLERR or POLLNVAL). It costs nothing while it waits.
#[cfg(unix)]
fn spawn_hangup_watch(tx: mpsc::Sender<Event>) {
    thread::spawn(move || {
        let mut fds = [
            libc::pollfd { fd: libc::STDIN_FILENO, events: 0, revents: 0 },
            libc::pollfd { fd: libc::STDOUT_FILENO, events: 0, revents: 0 },
        ];
        loop {
            // SAFETY: `fds` is a valid array of two pollfd for the duration of the call.
            let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
            if n < 0 {
                if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                // poll itself failing is no sign of a hang-up; stop watching.
                return;
            }
            if fds.iter().any(|fd| fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0) {
                let _ = tx.send(Event::InputClosed);
                return;
            }
        }
    });
}

/// ratatui's panic hook restores the screen; mouse reporting must be switched off too, or the shell
/// fills with escape codes.
fn install_mouse_restoring_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        previous(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys crossterm reads `bytes` as, as a terminal's answer arrives.
    fn keys(text: &str) -> Vec<TermEvent> {
        let mut events = Vec::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            let key = match c {
                '\x1b' => KeyEvent::new(KeyCode::Char(chars.next().unwrap()), KeyModifiers::ALT),
                '\x07' => KeyEvent::new(KeyCode::Char('g'), KeyModifiers::CONTROL),
                c => KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            };
            events.push(TermEvent::Key(key));
        }
        events
    }

    fn kept(filter: &mut LateReply, text: &str, now: Instant) -> String {
        keys(text)
            .iter()
            .filter(|e| !filter.swallows(e, now))
            .map(|e| match e {
                TermEvent::Key(KeyEvent { code: KeyCode::Char(c), .. }) => *c,
                _ => '?',
            })
            .collect()
    }

    #[test]
    fn a_late_answer_to_the_colour_query_is_not_read_as_keys() {
        let start = Instant::now();
        let mut filter = LateReply::new(Some(start + LATE_REPLY_WINDOW));
        let answers = "\x1b]10;rgb:0000/0000/0000\x07\x1b]11;rgb:ffff/ffff/ffff\x1b\\";
        assert_eq!(kept(&mut filter, &format!("b{answers}3"), start), "b3", "the keys around it are kept");
        // After the window, Alt-] is a key like another.
        let later = start + LATE_REPLY_WINDOW + Duration::from_millis(1);
        assert_eq!(kept(&mut filter, "\x1b]x", later), "]x");
        // Without a pending query nothing is dropped.
        assert_eq!(kept(&mut LateReply::new(None), answers, start).len(), keys(answers).len());
        // An answer that never ends holds at most LATE_REPLY_MAX keys.
        let mut filter = LateReply::new(Some(start + LATE_REPLY_WINDOW));
        let endless = format!("\x1b]{}", "q".repeat(100));
        assert_eq!(kept(&mut filter, &endless, start).len(), 100 - LATE_REPLY_MAX);
    }
}
