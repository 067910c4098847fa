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
//! larger than [`crate::ui::MAX_WIDTH`] by [`crate::ui::MAX_HEIGHT`], whatever the window's size (see
//! [`Clamped`]).
//!
//! This is the terminal's door to a [`Session`]: everything about the game's pace (the AI's
//! pause, animation frames, a key sequence's hold) is the session's; this loop only waits for
//! the next input or the session's next wake, and draws when a frame is due.

mod events;
mod screen;

use std::io;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::app::{App, Effect, Msg};
use crate::keys::Keymap;
use crate::session::{Pacing, Session};
use crate::ui::Look;

pub use events::Event;
pub use events::Events;
pub use screen::{Clamped, FrameOut};
use screen::{Screen, install_panic_hook, redraw_whole, restore, resume, set_up, suspend};

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
    /// follows the answer when it comes. The answer is never read as keys (see `session::input`).
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
