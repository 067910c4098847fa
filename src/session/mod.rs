//! One person's session at a screen, with no I/O: the scene they see (the game's `App` at a
//! terminal; the server's lobby and tables over a network), the look it is drawn in, the parser of
//! what their terminal sends, and what is scheduled: the AI's move after its pause, the next
//! animation frame, the rest of a key sequence split across reads.
//!
//! A door (the local terminal in `tui/`, an SSH channel or a WebSocket in the server) is a small
//! loop around it, in the spirit of the sans-I/O protocol crates (quinn-proto, rustls): it hands
//! the session bytes ([`Session::feed`]), window sizes ([`Session::resize`]) and the time
//! ([`Session::on_timer`]), sleeps until [`Session::next_wake`] or the next input, carries out the
//! effects the scene asks for ([`Session::take_effect`], answered with [`Session::update`]), and
//! draws when the session says a frame is due ([`Session::render`]). How the AI is paced, how a
//! frame animates and what a resize does are written here, once, for every door.

pub mod input;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Rect;

use crate::app::{Action, App, Effect, Motion, Msg};
use crate::keys::Keymap;
use crate::theme::{Background, Theme};
use crate::ui::{self, Look};

/// The colour query: the text's colour, the background's, then the device attributes, which
/// every terminal answers, so that the answers are known to be over when they come. Terminated
/// with BEL, to which rxvt-unicode answers in kind (with ST it ends its answer with a lone ESC).
pub const COLOUR_QUERY: &[u8] = b"\x1b]10;?\x07\x1b]11;?\x07\x1b[c";

/// How long the colour query's answers are waited for at most; after it, a lone ESC is the Esc
/// key at once even if the terminal answered nothing. An answer that comes later still changes
/// the theme, and is still not read as keys.
const ANSWER_WAIT: Duration = Duration::from_secs(2);

/// How long bytes that may start a longer sequence are held for the rest: a lone ESC while the
/// colour query's answer is awaited (is `]` next?), or a key's sequence split across reads. A
/// terminal sends a sequence in one write, so the rest comes at once or, over a slow link, within
/// a round trip; a real Esc keypress waits this long only while an answer is awaited.
const HOLD: Duration = Duration::from_millis(500);

/// The shortest time between two AI moves, whatever the pause says: at 0 a demo would otherwise
/// draw as fast as the screen takes it, using a whole core.
pub const MIN_FRAME: Duration = Duration::from_millis(15);

/// What a session shows and steers. The game at a terminal is an [`App`]; a door may wrap it in
/// screens of its own (the server's lobby, a table shared with others).
pub trait Scene {
    /// What the scene asks its door to carry out.
    type Effect;

    /// Draws the scene for this viewer, from its state alone.
    fn draw(&self, frame: &mut Frame, look: &Look);
    /// Tells the scene the area it is drawn in (whether its screen fits there).
    fn fit(&mut self, area: Rect);
    /// The message an input event asks for here (a key through the keymap, a click through the
    /// layout drawn), or `None` for one that changes nothing.
    fn translate(&self, look: &Look, area: Rect, keymap: &Keymap, event: TermEvent) -> Option<Msg>;
    /// Carries out a message; what the door must do about it, if anything.
    fn update(&mut self, msg: Msg) -> Option<Self::Effect>;
    /// Whether an AI this viewer drives is in its pause, waiting to move.
    fn ai_waiting(&self) -> bool;
    /// Whether something on the screen moves, so that animation frames are due.
    fn animating(&self) -> bool;
    /// Whether pasted text is typed here (into a field); where it is not, it is dropped. Never
    /// taken as commands either way.
    fn takes_paste(&self) -> bool {
        true
    }
}

/// The game at a terminal.
impl Scene for App {
    type Effect = Effect;

    fn draw(&self, frame: &mut Frame, look: &Look) {
        ui::draw(frame, self, look);
    }
    fn fit(&mut self, area: Rect) {
        let fits = ui::fits(self, area);
        if fits != self.fits {
            self.update(Msg::Resize { fits });
        }
    }
    fn translate(&self, look: &Look, area: Rect, keymap: &Keymap, event: TermEvent) -> Option<Msg> {
        translate(self, look, area, keymap, event)
    }
    fn update(&mut self, msg: Msg) -> Option<Effect> {
        match App::update(self, msg) {
            Effect::None => None,
            effect => Some(effect),
        }
    }
    fn ai_waiting(&self) -> bool {
        App::ai_waiting(self)
    }
    fn animating(&self) -> bool {
        App::animating(self)
    }
}

/// How a session is paced and what it asks of its terminal.
#[derive(Debug, Clone)]
pub struct Pacing {
    /// The AI's visible pause before it moves.
    pub ai_delay: Duration,
    /// The colour query went out with the screen's set-up (`theme = "auto"`): its answer sets the
    /// theme whenever it comes, and is never read as keys.
    pub asked_colours: bool,
}

/// One person's session: see the module's documentation.
pub struct Session<S: Scene> {
    scene: S,
    look: Look,
    keymap: Keymap,
    pacing: Pacing,
    parser: input::Parser,
    /// The area the scene was last drawn in, or told of by a resize.
    area: Rect,
    /// When the AI moves: set when its pause begins.
    ai_at: Option<Instant>,
    /// When the next animation frame is drawn, while something moves.
    frame_at: Option<Instant>,
    /// Until when bytes held by the parser wait for the rest of their sequence.
    held_until: Option<Instant>,
    /// Until when the colour query's answers are awaited.
    answers_until: Option<Instant>,
    /// A frame is due: something changed since the last.
    dirty: bool,
    /// Ctrl-Z was pressed: the door's to act on (a terminal suspends; a network door ignores it).
    suspend: bool,
    effects: VecDeque<S::Effect>,
}

impl<S: Scene> Session<S> {
    /// A session showing `scene` in an area of `size` (columns, rows), from `now`.
    pub fn new(scene: S, look: Look, keymap: Keymap, pacing: Pacing, size: (u16, u16), now: Instant) -> Self {
        let parser = input::Parser::new(pacing.asked_colours);
        let answers_until = pacing.asked_colours.then_some(now + ANSWER_WAIT);
        let mut session = Session {
            scene,
            look,
            keymap,
            pacing,
            parser,
            area: ui::clamp(Rect::new(0, 0, size.0, size.1)),
            ai_at: None,
            frame_at: None,
            held_until: None,
            answers_until,
            dirty: true,
            suspend: false,
            effects: VecDeque::new(),
        };
        session.settle(now);
        session
    }

    pub fn scene(&self) -> &S {
        &self.scene
    }

    /// The scene to change from outside (a door's own news: a table changed, a challenge came);
    /// the door asks for a frame ([`Session::redraw`]) if what it changed shows.
    pub fn scene_mut(&mut self) -> &mut S {
        &mut self.scene
    }

    pub fn look(&self) -> &Look {
        &self.look
    }

    /// The area the session draws in.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// Bytes the terminal sent: keys, mouse reports, the terminal's answers. A sequence split
    /// across reads is held for its rest (see [`Session::next_wake`]).
    pub fn feed(&mut self, bytes: &[u8], now: Instant) {
        self.parser.feed(bytes);
        let mut events = Vec::new();
        self.held_until = self.parser.events(&mut events).then_some(now + HOLD);
        self.take_colours();
        self.events(events, now);
    }

    /// An event already parsed (a console that gives events rather than bytes; a door's tests).
    pub fn event(&mut self, event: TermEvent, now: Instant) {
        self.events([event], now);
    }

    /// Events read together: each carried out in turn, and what they schedule settled once at the
    /// end (a pasted or flooded batch costs one look at the layout, not one per key).
    fn events(&mut self, events: impl IntoIterator<Item = TermEvent>, now: Instant) {
        for event in events {
            match event {
                TermEvent::Resize(width, height) => {
                    self.area = ui::clamp(Rect::new(0, 0, width, height));
                    self.dirty = true;
                }
                TermEvent::Key(key) if is_suspend_key(&key) => self.suspend = true,
                event => {
                    if let Some(msg) = self.scene.translate(&self.look, self.area, &self.keymap, event) {
                        self.apply(msg);
                    }
                }
            }
        }
        self.settle(now);
    }

    /// Characters pasted, typed into whatever field is open and never taken as commands.
    pub fn paste(&mut self, text: &str, now: Instant) {
        if text.is_empty() || !self.scene.takes_paste() {
            return;
        }
        for c in text.chars() {
            self.apply(Msg::char(c));
        }
        self.settle(now);
    }

    /// The window's new size, in columns and rows (clamped to the largest screen drawn).
    pub fn resize(&mut self, width: u16, height: u16, now: Instant) {
        self.area = ui::clamp(Rect::new(0, 0, width, height));
        self.dirty = true;
        self.settle(now);
    }

    /// A message for the scene: a key's, a timer's, or what came of an effect the door carried out.
    pub fn update(&mut self, msg: Msg, now: Instant) {
        self.apply(msg);
        self.settle(now);
    }

    /// `msg` carried out, what it schedules not yet settled.
    fn apply(&mut self, msg: Msg) {
        self.dirty = true;
        if let Some(effect) = self.scene.update(msg) {
            self.effects.push_back(effect);
        }
    }

    /// The next effect the scene asked for, oldest first. Its outcome, if any, goes back through
    /// [`Session::update`].
    pub fn take_effect(&mut self) -> Option<S::Effect> {
        self.effects.pop_front()
    }

    /// Whatever was due by `now`: the rest of a held sequence read as it stands, the colour
    /// answers no longer awaited, an animation frame, the AI's move.
    pub fn on_timer(&mut self, now: Instant) {
        if self.answers_until.is_some_and(|until| now >= until) {
            self.answers_until = None;
            self.parser.stop_waiting();
        }
        if self.held_until.is_some_and(|until| now >= until) {
            self.held_until = None;
            let mut events = Vec::new();
            self.parser.flush(&mut events);
            self.take_colours();
            self.events(events, now);
        }
        // A frame due before the AI's move goes first; the AI's move ends the frames.
        if self.frame_at.is_some_and(|frame| now >= frame && self.ai_at.is_none_or(|ai| frame < ai)) {
            self.frame_at = None;
            self.update(Msg::Frame, now);
        }
        if self.ai_at.is_some_and(|ai| now >= ai) {
            self.ai_at = None;
            self.update(Msg::AiMove, now);
        }
    }

    /// When the session next wants [`Session::on_timer`], or `None` when nothing is scheduled and
    /// the door can block until the next input.
    pub fn next_wake(&self) -> Option<Instant> {
        [self.ai_at, self.frame_at, self.held_until, self.answers_until].into_iter().flatten().min()
    }

    /// Whether Ctrl-Z was pressed since the last call: a terminal's door suspends the program.
    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }

    /// Whether a frame is due.
    pub fn wants_frame(&self) -> bool {
        self.dirty
    }

    /// The scene was changed from outside (through [`Session::scene_mut`]: news from another
    /// session, a table moved): it is drawn again, and what it now waits for (the AI's move, a
    /// frame) is scheduled from `now`.
    pub fn changed(&mut self, now: Instant) {
        self.dirty = true;
        self.settle(now);
    }

    /// Asks for a whole frame (the screen was cleared, or something outside the scene changed).
    pub fn redraw(&mut self) {
        self.dirty = true;
    }

    /// Draws the scene on `terminal` (whose buffers ratatui keeps, so only what changed goes out).
    /// The area drawn is the terminal's; the scene is told it afterwards, since whether a screen
    /// fits depends on what was drawn last.
    pub fn render<B: Backend>(&mut self, terminal: &mut Terminal<B>, now: Instant) -> Result<(), B::Error> {
        let mut area = self.area;
        let (scene, look) = (&self.scene, &self.look);
        terminal.draw(|frame| {
            area = frame.area();
            scene.draw(frame, look);
        })?;
        self.area = area;
        self.dirty = false;
        self.settle(now);
        Ok(())
    }

    /// After anything changed: the scene told its area, and the AI's move and the animation frames
    /// scheduled or dropped. Only while the AI waits is its move scheduled, and frames only while
    /// something moves; otherwise nothing is, and the door blocks.
    fn settle(&mut self, now: Instant) {
        self.scene.fit(self.area);
        if self.scene.ai_waiting() {
            let delay = self.pacing.ai_delay.max(MIN_FRAME);
            self.ai_at.get_or_insert(now + delay);
        } else {
            self.ai_at = None;
        }
        self.frame_at = match self.scene.animating() {
            true => Some(*self.frame_at.get_or_insert_with(|| next_frame(now, self.ai_at))),
            false => None,
        };
    }

    /// The colours the terminal answered, if it did: the theme follows them when `auto` asked.
    fn take_colours(&mut self) {
        if let Some((text, background)) = self.parser.take_colours()
            && self.pacing.asked_colours
        {
            let theme = Theme::for_background(Background::of_terminal(text, background));
            if theme != self.look.theme {
                self.look.theme = theme;
                self.dirty = true;
            }
        }
    }
}

/// When the next animation frame is drawn, asked at `now` with the AI's move due at `ai`: one
/// frame's time away, but no sooner than needed for the frames to end as the AI's pause does, so
/// that its tokens leave at the end of the pause, after the player has seen them marked.
fn next_frame(now: Instant, ai: Option<Instant>) -> Instant {
    let soonest = now + Motion::FRAME;
    let motion = Motion::FRAME * u32::from(Motion::FRAMES);
    match ai.and_then(|ai| ai.checked_sub(motion)) {
        Some(start) => start.max(soonest),
        None => soonest,
    }
}

/// Ctrl-Z, which raw mode delivers as a key instead of SIGTSTP: never the scene's.
fn is_suspend_key(key: &KeyEvent) -> bool {
    key.kind != KeyEventKind::Release
        && key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('z' | 'Z'))
}

/// Turns a terminal event into the game's input, or `None` for events that change nothing: a key
/// through the keymap (Ctrl-C always interrupts), a click through the layout the app is drawn in,
/// the wheel as the count's More and Less.
pub fn translate(app: &App, look: &Look, area: Rect, keymap: &Keymap, event: TermEvent) -> Option<Msg> {
    match event {
        TermEvent::Key(key) if key.kind != KeyEventKind::Release => Some(key_msg(keymap, &key)),
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            ui::click(app, look, area, mouse.column, mouse.row)
        }
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::ScrollUp => Some(Msg::action(Action::More)),
        TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::ScrollDown => {
            Some(Msg::action(Action::Less))
        }
        _ => None,
    }
}

/// A key as the app takes it: its action in `keymap` and the character it types. Raw mode turns
/// Ctrl-C into a key; it always interrupts, whatever the config binds.
pub fn key_msg(keymap: &Keymap, key: &KeyEvent) -> Msg {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Msg::Interrupt;
    }
    let ch = match key.code {
        KeyCode::Char(c) if !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) => Some(c),
        _ => None,
    };
    Msg::Key { action: keymap.action(key), ch }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A session is driven by the time it is given, never a clock: the AI moves when its pause is
    /// over, its tokens leave in frames before that, and nothing is scheduled once it has moved.
    #[test]
    fn the_ai_is_paced_by_the_time_given() {
        use crate::domain::{First, HeapChoice};
        let setup = crate::config::Settings::default().setup();
        let setup =
            crate::domain::GameSetup { first: First::Ai, heaps: HeapChoice::Custom(vec![3, 4, 5]), ..setup };
        let app = App::start_now(setup, Some(1));
        let pacing = Pacing { ai_delay: Duration::from_secs(1), asked_colours: false };
        let t0 = Instant::now();
        let mut session = Session::new(app, Look::default(), Keymap::default(), pacing, (100, 30), t0);
        assert!(session.scene().ai_waiting());
        let wake = session.next_wake().expect("the AI's move or a frame is scheduled");
        assert!(wake > t0 && wake <= t0 + Duration::from_secs(1));
        // Nothing happens before the time comes.
        session.on_timer(t0);
        assert!(session.scene().ai_waiting());
        let mut now = t0;
        let mut frames = 0;
        while session.scene().ai_waiting() {
            now = session.next_wake().expect("scheduled while the AI waits");
            let before = session.scene().motion_frame();
            session.on_timer(now);
            let after = session.scene().motion_frame();
            frames += usize::from(after.is_some() && after != before);
            assert!(now <= t0 + Duration::from_secs(1), "the AI moved late");
        }
        assert_eq!(now, t0 + Duration::from_secs(1), "the AI moved when its pause was over");
        assert_eq!(frames, usize::from(Motion::FRAMES), "every frame of its tokens leaving was shown");
        assert_eq!(session.next_wake(), None, "nothing scheduled: the door blocks");
    }

    /// A key sequence split across reads is held for its rest, and read as it stands when the rest
    /// does not come in time.
    #[test]
    fn a_split_sequence_is_held_then_read() {
        let app = App::new(crate::config::Settings::default().setup(), Some(1));
        let pacing = Pacing { ai_delay: Duration::ZERO, asked_colours: false };
        let t0 = Instant::now();
        let mut session = Session::new(app, Look::default(), Keymap::default(), pacing, (100, 30), t0);
        session.feed(b"\x1b[", t0);
        assert_eq!(session.next_wake(), Some(t0 + HOLD));
        session.feed(b"B", t0);
        assert_eq!(session.next_wake(), None);
    }
}
