//! The terminal around the game: set-up and restore, and an event loop that blocks while nothing
//! happens. Keys, mouse, resizes and signals all arrive on one channel; the AI's pause is a deadline
//! on the wait for that channel, not a sleep and not a tick.

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
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::app::{Action, App, Effect, Msg};
use crate::ui::{self, Look};

/// How the session with the terminal ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player quit.
    Quit,
    /// SIGTERM: asked to stop.
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
    Signal(i32),
    InputClosed,
}

/// Runs the game in the terminal until the player quits or a signal arrives. The terminal is
/// restored on every way out, a panic included.
pub fn run(
    app: &mut App,
    look: &Look,
    keymap: &dyn Fn(&KeyEvent) -> Option<Action>,
    options: &Options,
    hooks: &mut dyn Hooks,
) -> io::Result<Ending> {
    let events = spawn_event_sources()?;
    let mut terminal = ratatui::try_init()?;
    install_mouse_restoring_panic_hook();
    if options.mouse {
        execute!(io::stdout(), EnableMouseCapture)?;
    }
    let result = event_loop(&mut terminal, app, look, keymap, options, hooks, &events);
    let ending = *result.as_ref().unwrap_or(&Ending::Quit);
    hooks.ending(app, ending);
    if options.mouse {
        let _ = execute!(io::stdout(), DisableMouseCapture);
    }
    // With the terminal gone (SIGHUP) restoring may fail; there is nothing left to restore then.
    let _ = ratatui::try_restore();
    let _ = io::stdout().flush();
    result
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
) -> io::Result<Ending> {
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
        if app.ai_waiting() {
            deadline.get_or_insert_with(|| Instant::now() + options.ai_delay);
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
            Some(Event::Signal(SIGTERM)) => return Ok(Ending::Terminated),
            Some(Event::Signal(SIGINT)) => return Ok(Ending::Quit),
            Some(Event::Signal(_)) | Some(Event::InputClosed) => return Ok(Ending::HungUp),
            Some(Event::Term(TermEvent::Resize(width, height))) => {
                area = Rect::new(0, 0, width, height);
                Some(Msg::Resize { fits: ui::fits(app, area) })
            }
            Some(Event::Term(event)) => translate(app, area, keymap, event),
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

/// Turns a terminal event into the game's input, or `None` for events that change nothing.
fn translate(
    app: &App,
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
            ui::click(app, area, mouse.column, mouse.row)
        }
        _ => None,
    }
}

/// Terminal input and signals, both forwarded to one channel by threads that block until
/// something happens.
fn spawn_event_sources() -> io::Result<Receiver<Event>> {
    let (tx, rx) = mpsc::channel();
    let mut signals = Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    let signal_tx = tx.clone();
    thread::spawn(move || {
        for signal in signals.forever() {
            if signal_tx.send(Event::Signal(signal)).is_err() {
                break;
            }
        }
    });
    thread::spawn(move || {
        loop {
            let event = match event::read() {
                Ok(event) => Event::Term(event),
                Err(_) => Event::InputClosed,
            };
            let closed = matches!(event, Event::InputClosed);
            if tx.send(event).is_err() || closed {
                break;
            }
        }
    });
    Ok(rx)
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
