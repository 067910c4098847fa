//! The game's model: screens as a state machine, overlays above them, and `App::update`, the one
//! place where a message (a key, a click, the AI's pause ending, the outcome of an effect) changes
//! anything. Each screen lists the commands that work on it now; the key line and the help are
//! drawn from that list. No drawing and no I/O: effects go back to the session as [`Effect`]s.

mod commands;
mod game;
mod learn;
mod play;
mod puzzle;
mod replay;
mod start;

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;

pub use crate::domain::Action;
pub use commands::Command;
pub use game::{Coaching, Game, GameOver, GiveUp, Hint, Note, OtherWindow, Refusal, ReviewLine, coaching};
pub use learn::{
    Course, Exercise, Feedback, GRUNDY_STEPS, GRUNDY_TAKES, Lesson, MISERE_GAME, Picture, RULES, STEPS, Step,
    grundy_game, grundy_value, rules_of,
};
pub use play::{Demo, DemoLoop, ENDING_PAUSES, Play, resumed};
pub use puzzle::{PuzzleAnswer, PuzzleRated, PuzzleRun, PuzzleScreen, PuzzleStart};
pub use replay::Replay;
pub use start::{HeapOption, StartError, StartMenu, StartRow};

use crate::domain::{GameResult, GameSetup, SavedGame, Seat, Stats};
use crate::engine::Mode;
use crate::i18n::Language;

/// Everything that can change the app: input already translated, the AI's pause ending, and what
/// came of an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    /// A key press: the action it is bound to (if any) and the character it types (if any).
    Key { action: Option<Action>, ch: Option<char> },
    /// A click on a token: select `heap` and take `count`.
    Pick { heap: usize, count: u64 },
    /// A click on a square of Wythoff's grid: choose `Move` (taking it if it is chosen already).
    Select(crate::engine::Move),
    /// A click on a row of the start menu: focus `row`, then act on it as `action` would.
    Choose { row: StartRow, action: Option<Action> },
    /// Ctrl-C: quits from anywhere, whatever is open.
    Interrupt,
    /// The terminal changed size; `fits` says whether the current screen can be drawn in it.
    Resize { fits: bool },
    /// The AI's pause is over.
    AiMove,
    /// An animation frame's time came: the motion on the board goes one frame further.
    Frame,
    /// What came of an effect the session carried out.
    Report(Report),
}

impl Msg {
    pub fn action(action: Action) -> Msg {
        Msg::Key { action: Some(action), ch: None }
    }

    pub fn char(ch: char) -> Msg {
        Msg::Key { action: None, ch: Some(ch) }
    }

    fn is_action(&self, wanted: Action) -> bool {
        matches!(self, Msg::Key { action: Some(a), .. } if *a == wanted)
    }
}

/// The outcome of an effect, sent back to the app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Report {
    /// The record was saved there.
    RecordSaved(PathBuf),
    /// The statistics as they are now on disk.
    Stats(Box<Stats>),
    /// The lesson's progress as kept.
    Lesson(crate::domain::LessonProgress),
    /// The saved game offered on the start screen was resumed by another instance first.
    ClaimRefused(String),
    /// Something could not be done; shown to the player.
    Problem(String),
    /// An answered puzzle was rated (#39), with the statistics as they are now on disk when they
    /// are kept there.
    PuzzleRated { rated: Box<PuzzleRated>, stats: Option<Box<Stats>> },
}

/// What the program around the app must do after an update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    None,
    /// Leave the program.
    Quit,
    /// Count a finished game in the statistics (only games that count reach here).
    CountGame {
        /// The game played: each game has its own figures.
        game: crate::engine::GameKind,
        mode: Mode,
        result: GameResult,
        /// The AI's level when the game is rated against it (#39, [`rated_level`]).
        rated: Option<crate::domain::Level>,
    },
    /// Count an answered puzzle, and rate it with the player; the day's puzzle names its day.
    PuzzleAnswered {
        solved: bool,
        daily: Option<u64>,
        puzzle: crate::puzzle::PuzzleKey,
    },
    /// Save the finished game's record.
    SaveRecord(crate::record::Record),
    /// The saved game was resumed: take it, so that no other instance resumes it too.
    ClaimSaved,
    /// A new game was started over the saved game, and the player agreed to give the saved one up:
    /// take it as a resume would (so that another instance that resumed it first keeps it), count
    /// it if it counts (a loss, in its own game and mode), then remove it.
    GiveUpSaved {
        counted: Option<(crate::engine::GameKind, Mode, GameResult)>,
    },
    /// Keep the lesson's progress.
    SaveLesson(crate::domain::LessonProgress),
}

/// Which screen is showing, each with its own state.
#[derive(Debug, Clone)]
pub enum Screen {
    Start(Box<StartMenu>),
    Play(Box<Play>),
    Demo(Box<Demo>),
    Puzzle(Box<PuzzleScreen>),
    Replay(Box<Replay>),
    Learn(Box<Lesson>),
}

/// What is drawn over the screen, taking the keys while it is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// The keys that work on the screen beneath, scrolled this many lines.
    Help { scroll: u16 },
    /// The rules of both conventions, on one page (reached from the help).
    Rules,
    /// A question before something that cannot be taken back.
    Confirm(Confirm),
}

/// What a confirmation asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    /// Resign the game in progress: it counts as a loss.
    Resign,
    /// Leave a game in which moves were made for the menu: it counts as a loss.
    Abandon,
    /// Show the hint in a puzzle: a puzzle of a run then does not count at all; the day's puzzle
    /// counts as not solved.
    PuzzleHint,
    /// Start a new game while a game left unfinished is saved: the saved game is given up, and
    /// counts as a loss when it was against the AI.
    ReplaceSaved,
}

impl Confirm {
    /// The question, in words. `counted` says whether what is given up still counts in the
    /// statistics (a game against the AI, see [`counted`]; the day's puzzle), so that the
    /// question says what will happen.
    pub fn question(self, lang: Language, counted: bool) -> &'static str {
        crate::i18n::label(
            lang,
            match (self, counted) {
                (Confirm::Resign, true) => "confirm-resign-counted",
                (Confirm::Resign, false) => "confirm-resign-not-counted",
                (Confirm::Abandon, true) => "confirm-abandon-counted",
                (Confirm::Abandon, false) => "confirm-abandon-not-counted",
                (Confirm::PuzzleHint, false) => "confirm-puzzle-hint-run",
                (Confirm::PuzzleHint, true) => "confirm-puzzle-hint-daily",
                (Confirm::ReplaceSaved, true) => "confirm-replace-saved-counted",
                (Confirm::ReplaceSaved, false) => "confirm-replace-saved-not-counted",
            },
        )
    }
}

/// Panels beside the board and the coach, kept from one game to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Panels {
    /// The binary view (the game's teaching view).
    pub binary: bool,
    /// The move list.
    pub history: bool,
    /// The coach's line after each move.
    pub coach: bool,
}

/// The application. `Clone` for a watcher's copy to draw ([`App::watched_as`]).
#[derive(Debug, Clone)]
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub panels: Panels,
    /// What the next game starts from; the start menu edits it.
    pub setup: GameSetup,
    /// The player's record, shown on the start screen and in puzzles.
    pub stats: Option<Stats>,
    /// Problems met on the way in or since (a data file moved aside), shown on the start screen.
    pub notices: Vec<String>,
    /// Another running window on the same home, told at once on the start screen and under a new
    /// game's board (#35).
    pub other_window: Option<game::OtherWindow>,
    /// Whether the terminal is large enough for the screen; while it is not, only quitting works.
    pub fits: bool,
    /// How far the lesson got, to open it there.
    pub lesson: crate::domain::LessonProgress,
    /// The running score of the match between two people this session, shown during and after
    /// each of their games; a new pair of names starts it again.
    pub score: Option<crate::domain::Score>,
    /// Who opens the next game, when a rematch between two people alternates the first move.
    rematch_first: Option<Seat>,
    /// `nim-tui demo --loop`: what varies from one game to the next.
    demo_loop: Option<DemoLoop>,
    /// The game the lesson was opened from (with the lesson key), to go back to.
    game_left: Option<Box<Screen>>,
    /// The game saved on disk when the session began, until it is resumed or given up: offered
    /// on every start menu, and asked about before a new game replaces it.
    saved: Option<Box<SavedGame>>,
    /// The start menu as the player left it for a game, the puzzles or the lesson, to come back
    /// to as it was.
    menu_left: Option<Box<StartMenu>>,
    /// The new game's setup while the player is asked whether to give up the saved game for it.
    waiting: Option<GameSetup>,
    /// Actions this app does not offer: neither listed (the key line, the help) nor carried
    /// out. Empty at a terminal; `nim-tui serve --no-hints` withholds the hint, the coach and the
    /// binary view.
    pub withheld: Vec<Action>,
    rng: StdRng,
    /// Motion on the board: on or off (the `animation` setting), and how far it has gone.
    pub motion: Motion,
    /// The AI's moves are made elsewhere and come in as moves ([`App::play_ai_move`]): a game
    /// against the AI followed from the server host that plays it. See [`App::ai_elsewhere`].
    ai_moves_elsewhere: bool,
}

/// The motion on the board, held by the app and advanced by [`Msg::Frame`] (the loop sends it when
/// a frame's deadline passes, and schedules one only while [`App::animating`]): the drawing reads
/// how far it has gone and never a clock. The AI's taken tokens leave, one part per frame, within
/// its pause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Motion {
    /// The `animation` setting.
    pub on: bool,
    /// Frames shown of the move being made.
    frame: u8,
    /// The move they belong to: the number of moves made when they began.
    at: usize,
}

impl Motion {
    /// Frames of the AI's tokens leaving: `FRAMES` times [`Motion::FRAME`] of its pause.
    pub const FRAMES: u8 = 6;
    /// The time between two frames.
    pub const FRAME: std::time::Duration = std::time::Duration::from_millis(50);

    /// Motion on or off, nothing shown yet.
    pub fn new(on: bool) -> Motion {
        Motion { on, frame: 0, at: 0 }
    }
}

impl Default for Motion {
    /// On, as the shipped configuration has it.
    fn default() -> Self {
        Motion::new(true)
    }
}

impl App {
    /// Opens the start screen with `setup`'s choices preselected. `seed` makes every random
    /// choice (heaps, coin tosses, the weaker levels' moves, puzzles) repeatable.
    pub fn new(setup: GameSetup, seed: Option<u64>) -> App {
        let rng = match seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        App {
            screen: Screen::Start(Box::new(StartMenu::new(&setup, None))),
            overlay: None,
            panels: Panels::default(),
            setup,
            stats: None,
            notices: Vec::new(),
            other_window: None,
            fits: true,
            lesson: crate::domain::LessonProgress::default(),
            score: None,
            rematch_first: None,
            demo_loop: None,
            game_left: None,
            saved: None,
            menu_left: None,
            waiting: None,
            withheld: Vec::new(),
            rng,
            motion: Motion::default(),
            ai_moves_elsewhere: false,
        }
    }

    /// Starts a game at once from `setup`, skipping the start screen.
    pub fn start_now(setup: GameSetup, seed: Option<u64>) -> App {
        let mut app = App::new(setup, seed);
        app.start();
        app
    }

    /// Starts a game from the setup now, as the game flags (`--heaps`, `--game`...) ask. With a
    /// saved game on offer, the new game would replace it: the start menu is shown, with the
    /// setup's choices and Resume, under the question whether to give the saved game up. Yes
    /// starts the game; no leaves the menu, from which the saved game can be resumed.
    pub fn start(&mut self) {
        let setup = self.setup.clone();
        self.start_game(setup);
    }

    /// The AI plays both sides from `setup` while a person watches.
    pub fn demo(setup: GameSetup, seed: Option<u64>) -> App {
        let mut app = App::new(setup, seed);
        app.begin_demo();
        app
    }

    /// The AI plays one game after another, each from another position (and game and mode, as
    /// `vary` says), until a key is pressed.
    pub fn demo_loop(setup: GameSetup, seed: Option<u64>, vary: DemoLoop) -> App {
        let mut app = App::new(setup, seed);
        app.demo_loop = Some(vary);
        app.begin_demo();
        app
    }

    /// Starts a run of puzzles at once.
    pub fn puzzles(setup: GameSetup, start: PuzzleStart) -> App {
        let mut app = App::new(setup, start.seed);
        let kind = app.setup.game;
        app.screen = Screen::Puzzle(Box::new(PuzzleScreen::first(start, kind, &mut app.rng, false)));
        app
    }

    /// Opens the Nim lesson where `progress` left it.
    pub fn learn(setup: GameSetup, progress: crate::domain::LessonProgress) -> App {
        App::learn_course(setup, progress, Course::Nim)
    }

    /// Opens the lesson `course` where `progress` left it.
    pub fn learn_course(setup: GameSetup, progress: crate::domain::LessonProgress, course: Course) -> App {
        let mut app = App::new(setup, None);
        app.screen = Screen::Learn(Box::new(Lesson::of(course, &progress, false)));
        app.lesson = progress;
        app
    }

    /// Opens `record` for stepping through, at its start.
    pub fn replay(record: &crate::record::Record) -> App {
        let rules = record.history.rules();
        let setup = GameSetup {
            game: rules.kind,
            mode: rules.mode,
            heaps: crate::domain::HeapChoice::Custom(record.history.start().to_vec()),
            first: crate::domain::First::You,
            level: crate::domain::Level::Perfect,
            opponent: crate::domain::Opponent::Ai,
            names: crate::domain::Names::default(),
        };
        let mut app = App::new(setup, Some(0));
        app.screen = Screen::Replay(Box::new(Replay::new(record)));
        app
    }

    /// Offers `saved` as the first choice of the start screen, now and whenever the menu comes
    /// back, until it is resumed or given up for a new game.
    pub fn offer_resume(&mut self, saved: SavedGame) {
        if let Screen::Start(menu) = &mut self.screen {
            menu.offer(saved.clone());
        }
        self.saved = Some(Box::new(saved));
    }

    /// The saved game on offer, if there is one.
    pub fn saved(&self) -> Option<&SavedGame> {
        self.saved.as_deref()
    }

    /// The words of `question`, as the confirmation shows them: what happens if the answer is yes.
    pub fn question(&self, lang: Language, question: Confirm) -> &'static str {
        let against_ai = match question {
            Confirm::ReplaceSaved => {
                self.saved.as_ref().is_some_and(|s| s.players() == crate::domain::Players::Ai)
            }
            Confirm::PuzzleHint => matches!(&self.screen, Screen::Puzzle(p) if p.daily.is_some()),
            _ => self.game().is_some_and(|g| g.players == crate::domain::Players::Ai),
        };
        question.question(lang, against_ai)
    }

    /// The game on screen, if any.
    pub fn game(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Play(play) => Some(&play.game),
            Screen::Demo(demo) => Some(&demo.game),
            Screen::Puzzle(puzzle) => Some(&puzzle.game),
            Screen::Replay(replay) => Some(&replay.game),
            Screen::Start(_) | Screen::Learn(_) => None,
        }
    }

    /// This app as `name`'s watchers see it, when `name` plays the AI here: the first seat
    /// called by their name instead of "You" ([`Players::Watched`](crate::domain::Players)), so
    /// that the turn, the moves and the result are told of them. A copy to draw; the game itself
    /// is unchanged. Any other app is copied as it is.
    pub fn watched_as(&self, name: &str) -> App {
        let mut shown = self.clone();
        let game = match &mut shown.screen {
            Screen::Play(play) => Some(&mut play.game),
            Screen::Puzzle(puzzle) => Some(&mut puzzle.game),
            Screen::Replay(replay) => Some(&mut replay.game),
            Screen::Demo(_) | Screen::Start(_) | Screen::Learn(_) => None,
        };
        if let Some(game) = game.filter(|g| g.players == crate::domain::Players::Ai) {
            game.players = crate::domain::Players::Watched(name.to_string());
        }
        shown
    }

    /// Whether the help overlay is open.
    pub fn help_open(&self) -> bool {
        matches!(self.overlay, Some(Overlay::Help { .. }))
    }

    /// Whether something on the board is moving, so that the loop should schedule the next frame:
    /// the motion is on, the AI is in its pause with a move chosen, and its tokens have not all
    /// left. False otherwise, and then the loop blocks.
    pub fn animating(&self) -> bool {
        self.motion.on
            && self.overlay.is_none()
            && self.ai_waiting()
            && self.game().is_some_and(|game| game.pending.is_some())
            && self.motion_frame().is_none_or(|(frame, of)| frame < of)
    }

    /// How far the motion of the move being made has gone: frames shown and frames in all, or
    /// `None` while nothing has moved (a frame of an earlier move does not count).
    pub fn motion_frame(&self) -> Option<(u8, u8)> {
        let at = self.game()?.moves().len();
        (self.motion.on && self.motion.at == at && self.motion.frame > 0)
            .then_some((self.motion.frame, Motion::FRAMES))
    }

    /// Whether the AI is in its pause, waiting to move.
    pub fn ai_waiting(&self) -> bool {
        if !self.fits || self.ai_moves_elsewhere {
            return false;
        }
        match &self.screen {
            Screen::Play(play) => play.game.ai_to_move(),
            Screen::Demo(demo) => demo.waiting(),
            _ => false,
        }
    }

    /// The game to keep on disk when the session ends now: one in play (against the AI or between
    /// two people, not a demo), with moves made.
    pub fn unfinished(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Play(play) if play.game.over.is_none() && !play.game.moves().is_empty() => {
                Some(&play.game)
            }
            _ => None,
        }
    }

    /// The commands of the screen in front of the player, as the key line and the help show them.
    pub fn commands(&self) -> Vec<Command> {
        let mut commands = self.all_commands();
        commands.retain(|command| !self.withheld.contains(&command.action));
        commands
    }

    /// The commands that apply now, the withheld ones among them.
    fn all_commands(&self) -> Vec<Command> {
        match self.overlay {
            Some(Overlay::Help { .. }) => commands::help(),
            Some(Overlay::Rules) => commands::rules(),
            Some(Overlay::Confirm(_)) => commands::confirm(),
            None => self.screen_commands(),
        }
    }

    /// The commands of the screen itself, beneath any overlay.
    pub fn screen_commands(&self) -> Vec<Command> {
        let mut commands = self.all_screen_commands();
        commands.retain(|command| !self.withheld.contains(&command.action));
        commands
    }

    /// The screen's commands, the withheld ones among them.
    fn all_screen_commands(&self) -> Vec<Command> {
        match &self.screen {
            Screen::Start(menu) => menu.commands(),
            Screen::Play(play) => play.commands(),
            Screen::Demo(demo) => demo.commands(),
            Screen::Puzzle(puzzle) => puzzle.commands(),
            Screen::Replay(replay) => replay.commands(),
            Screen::Learn(lesson) => lesson.commands(),
        }
    }

    /// Applies one message and says what the program should do next.
    pub fn update(&mut self, msg: Msg) -> Effect {
        if let Msg::Key { action: Some(action), .. } = &msg
            && self.withheld.contains(action)
        {
            return Effect::None;
        }
        if self.ai_moves_elsewhere && msg == Msg::AiMove {
            return Effect::None;
        }
        let effect = self.update_screen(msg);
        self.tally();
        self.forget_ai_choice();
        effect
    }

    /// This app never moves for the AI: its moves are made elsewhere and come in through
    /// [`App::play_ai_move`] (the classroom server following a game against the AI played on
    /// another host). It waits for no pause ([`App::ai_waiting`] is false), [`Msg::AiMove`] does
    /// nothing, and no move it would choose itself is marked on the board.
    pub fn ai_elsewhere(mut self) -> App {
        self.ai_moves_elsewhere = true;
        self.forget_ai_choice();
        self
    }

    /// Plays `mv` as the AI's move in the game on screen, as the AI plays its own when its pause
    /// ends (the note says it moved; the move is judged), when it is the AI's turn and `mv` is
    /// legal; otherwise nothing happens. For an app whose AI moves elsewhere
    /// ([`App::ai_elsewhere`]).
    pub fn play_ai_move(&mut self, mv: crate::engine::Move) -> Effect {
        use crate::engine::Rules as _;
        let Screen::Play(play) = &mut self.screen else { return Effect::None };
        let game = &mut play.game;
        if !game.ai_to_move() || game.engine().check(game.position(), &mv).is_err() {
            return Effect::None;
        }
        game.pending = Some(mv);
        let next = play.update(Msg::AiMove);
        self.motion.frame = 0;
        let effect = self.go(next);
        self.tally();
        self.forget_ai_choice();
        effect
    }

    /// When the AI moves elsewhere, the move this app chose for it is forgotten: the board marks
    /// none, and the AI's move is the one that comes.
    fn forget_ai_choice(&mut self) {
        if let (true, Screen::Play(play)) = (self.ai_moves_elsewhere, &mut self.screen) {
            play.game.pending = None;
        }
    }

    /// Counts a finished game between two people in the match's score, once. A game left for a
    /// new one is not counted: nobody lost it at the board.
    fn tally(&mut self) {
        let Screen::Play(play) = &mut self.screen else { return };
        let game = &play.game;
        let Some(over) = game.over.as_ref().filter(|_| game.hotseat() && !play.scored) else { return };
        play.scored = true;
        if over.given_up == Some(GiveUp::Abandoned) {
            return;
        }
        if let crate::domain::Players::Hotseat(names) = &game.players {
            let score = self.score.get_or_insert_with(|| crate::domain::Score::new(names.clone()));
            score.won(over.winner);
        }
    }

    fn update_screen(&mut self, msg: Msg) -> Effect {
        if msg == Msg::AiMove {
            // The move is made: its motion is over, and the next begins from nothing.
            self.motion.frame = 0;
        }
        match msg {
            Msg::Interrupt => return Effect::Quit,
            // A demo loop runs until a key is pressed (or a click).
            Msg::Key { .. } | Msg::Pick { .. } | Msg::Choose { .. } if matches!(&self.screen, Screen::Demo(demo) if demo.looping) =>
            {
                return Effect::Quit;
            }
            Msg::Resize { fits } => {
                self.fits = fits;
                return Effect::None;
            }
            Msg::Report(report) => {
                self.report(report);
                return Effect::None;
            }
            Msg::Frame => {
                if self.animating() {
                    let at = self.game().map_or(0, |game| game.moves().len());
                    let frame = self.motion_frame().map_or(0, |(frame, _)| frame);
                    self.motion = Motion { frame: frame + 1, at, ..self.motion };
                }
                return Effect::None;
            }
            _ => {}
        }
        if !self.fits {
            // The screen only asks for more room: a key must not act on what cannot be seen.
            return if msg.is_action(Action::Quit) { Effect::Quit } else { Effect::None };
        }
        if let Some(overlay) = self.overlay {
            return self.update_overlay(overlay, msg);
        }
        if msg.is_action(Action::Help) && !self.typing(&msg) {
            self.overlay = Some(Overlay::Help { scroll: 0 });
            return Effect::None;
        }
        if let Some(effect) = self.toggle_panel(&msg) {
            return effect;
        }
        let next = match &mut self.screen {
            Screen::Start(menu) => menu.update(msg),
            Screen::Play(play) => play.update(msg),
            Screen::Demo(demo) => demo.update(msg),
            Screen::Puzzle(puzzle) => puzzle.update(msg),
            Screen::Replay(replay) => replay.update(msg),
            Screen::Learn(lesson) => lesson.update(msg),
        };
        self.go(next)
    }

    /// Whether `msg` types into a text field rather than asking for its action.
    fn typing(&self, msg: &Msg) -> bool {
        match (&self.screen, msg) {
            (Screen::Start(menu), Msg::Key { ch: Some(c), .. }) => menu.accepts(*c),
            (Screen::Learn(lesson), Msg::Key { ch: Some(c), .. }) => lesson.accepts(*c),
            _ => false,
        }
    }

    /// The panels work the same on every screen with a board.
    fn toggle_panel(&mut self, msg: &Msg) -> Option<Effect> {
        self.game()?;
        let Msg::Key { action: Some(action), .. } = msg else { return None };
        let panels = &mut self.panels;
        match action {
            Action::Binary => panels.binary = !panels.binary,
            Action::History => panels.history = !panels.history,
            Action::Coach if matches!(self.screen, Screen::Play(_)) => panels.coach = !panels.coach,
            _ => return None,
        }
        Some(Effect::None)
    }

    fn update_overlay(&mut self, overlay: Overlay, msg: Msg) -> Effect {
        if let Overlay::Confirm(question) = overlay {
            return self.answer(question, msg);
        }
        let Msg::Key { action: Some(action), .. } = msg else {
            // The AI keeps to its time under the help, so its pause is not lost.
            if msg == Msg::AiMove {
                self.overlay = None;
                let effect = self.update(msg);
                self.overlay = Some(overlay);
                return effect;
            }
            return Effect::None;
        };
        match (overlay, action) {
            (Overlay::Help { .. }, Action::Help | Action::Quit | Action::Take) => self.overlay = None,
            (Overlay::Help { .. }, Action::More) => self.overlay = Some(Overlay::Rules),
            (Overlay::Rules, Action::Less) => self.overlay = Some(Overlay::Help { scroll: 0 }),
            (Overlay::Rules, Action::Help | Action::Quit | Action::Take) => self.overlay = None,
            (Overlay::Help { scroll }, Action::Up) => {
                self.overlay = Some(Overlay::Help { scroll: scroll.saturating_sub(1) })
            }
            (Overlay::Help { scroll }, Action::Down) => {
                self.overlay = Some(Overlay::Help { scroll: scroll.saturating_add(1) })
            }
            _ => {}
        }
        Effect::None
    }

    /// A confirmation answered: `y` or Enter says yes, `n` or Esc/q says no; other keys wait.
    fn answer(&mut self, question: Confirm, msg: Msg) -> Effect {
        let yes = match msg {
            Msg::Key { ch: Some('y' | 'Y'), .. } | Msg::Key { action: Some(Action::Take), .. } => true,
            Msg::Key { ch: Some('n' | 'N'), .. } | Msg::Key { action: Some(Action::Quit), .. } => false,
            // The AI keeps to its time under the question.
            Msg::AiMove => {
                self.overlay = None;
                let effect = self.update(Msg::AiMove);
                self.overlay = Some(Overlay::Confirm(question));
                return effect;
            }
            _ => return Effect::None,
        };
        self.overlay = None;
        if !yes {
            // Nothing changes: the saved game stays on offer and the menu as it was.
            self.waiting = None;
            self.rematch_first = None;
            return Effect::None;
        }
        match (question, &mut self.screen) {
            (Confirm::Resign, Screen::Play(play)) => {
                play.game.resign();
                match counted(&play.game) {
                    Some((mode, result)) => Effect::CountGame {
                        game: play.game.rules.kind,
                        mode,
                        result,
                        rated: rated_level(&play.game),
                    },
                    None => Effect::None,
                }
            }
            (Confirm::Abandon, Screen::Play(play)) => {
                play.game.abandon();
                // Not a game of the match: nobody lost it at the board.
                play.scored = true;
                let effect = match counted(&play.game) {
                    Some((mode, result)) => Effect::CountGame {
                        game: play.game.rules.kind,
                        mode,
                        result,
                        rated: rated_level(&play.game),
                    },
                    None => Effect::None,
                };
                self.go(Next::Menu);
                effect
            }
            (Confirm::PuzzleHint, Screen::Puzzle(puzzle)) => {
                puzzle.reveal();
                Effect::None
            }
            (Confirm::ReplaceSaved, _) => {
                let Some(setup) = self.waiting.take() else { return Effect::None };
                let effect = self.give_up_saved();
                self.setup = setup;
                self.begin();
                effect
            }
            _ => Effect::None,
        }
    }

    /// Starts a game from `setup`, asking first when it would replace the saved game.
    fn start_game(&mut self, setup: GameSetup) {
        if self.saved.is_some() {
            if !matches!(self.screen, Screen::Start(_)) {
                // Not from the menu: the question is asked over it, where no leaves the player.
                let mut menu =
                    self.menu_left.take().unwrap_or_else(|| Box::new(StartMenu::new(&setup, None)));
                menu.keep_offer(self.saved.as_deref().cloned());
                self.screen = Screen::Start(menu);
            }
            self.waiting = Some(setup);
            self.overlay = Some(Overlay::Confirm(Confirm::ReplaceSaved));
            return;
        }
        self.setup = setup;
        self.begin();
    }

    /// Gives up the saved game for a new one: no longer offered, and counted as an abandoned game
    /// against the AI is counted (see [`counted`]).
    fn give_up_saved(&mut self) -> Effect {
        let Some(saved) = self.saved.take() else { return Effect::None };
        let counted = play::resumed(&saved, StdRng::from_rng(&mut self.rng)).and_then(|mut game| {
            game.abandon();
            counted(&game).map(|(mode, result)| (game.rules.kind, mode, result))
        });
        Effect::GiveUpSaved { counted }
    }

    /// Shows `screen`, keeping the start menu it replaces, so that coming back finds the menu as
    /// the player left it.
    fn show(&mut self, screen: Screen) {
        self.overlay = None;
        if let Screen::Start(menu) = std::mem::replace(&mut self.screen, screen) {
            self.menu_left = Some(menu);
        }
    }

    /// Carries out a screen's answer: stay, or move to another screen.
    fn go(&mut self, next: Next) -> Effect {
        match next {
            Next::Stay(effect) => effect,
            Next::Quit => Effect::Quit,
            Next::Menu => {
                self.overlay = None;
                let mut menu =
                    self.menu_left.take().unwrap_or_else(|| Box::new(StartMenu::new(&self.setup, None)));
                menu.keep_offer(self.saved.as_deref().cloned());
                self.screen = Screen::Start(menu);
                Effect::None
            }
            Next::Begin(setup) => {
                self.start_game(setup);
                Effect::None
            }
            Next::Again => {
                match &self.screen {
                    Screen::Demo(_) => self.begin_demo(),
                    Screen::Play(play) if play.game.hotseat() => {
                        // Between two people the first move alternates: whoever moved second
                        // last game opens the rematch.
                        self.rematch_first = Some(play.game.history().first().other());
                        self.start();
                    }
                    _ => self.start(),
                }
                Effect::None
            }
            Next::Resume(saved) => {
                let Some(game) = play::resumed(&saved, StdRng::from_rng(&mut self.rng)) else {
                    return Effect::None;
                };
                self.setup.game = game.rules.kind;
                self.setup.mode = game.rules.mode;
                self.setup.level = game.level;
                self.saved = None;
                self.overlay = None;
                self.screen = Screen::Play(Box::new(Play::new(game)));
                // The menu after a resumed game shows that game's settings, as a new game after it
                // is of the same game.
                self.menu_left = None;
                Effect::ClaimSaved
            }
            Next::Learn(course) => {
                self.show(Screen::Learn(Box::new(Lesson::of(course, &self.lesson, true))));
                Effect::None
            }
            Next::LessonFromGame => {
                let course = self.game().map_or(Course::Nim, |game| Course::of(game.rules.kind));
                let mut lesson = Lesson::of(course, &self.lesson, false);
                lesson.from_game = true;
                self.overlay = None;
                let game = std::mem::replace(&mut self.screen, Screen::Learn(Box::new(lesson)));
                self.game_left = Some(Box::new(game));
                Effect::None
            }
            Next::BackToGame => {
                if let Some(game) = self.game_left.take() {
                    self.screen = *game;
                }
                Effect::None
            }
            Next::PlayLesson { heaps, game, mode } => {
                let setup = GameSetup {
                    game,
                    mode,
                    heaps: crate::domain::HeapChoice::Custom(heaps),
                    first: crate::domain::First::You,
                    opponent: crate::domain::Opponent::Ai,
                    ..self.setup.clone()
                };
                // The game the lesson was opened from is left as it was: the new game replaces it.
                self.game_left = None;
                self.start_game(setup);
                Effect::None
            }
            Next::Puzzles => {
                // The game chosen on the start screen.
                let kind = match &self.screen {
                    Screen::Start(menu) => menu.game.kind,
                    _ => self.setup.game,
                };
                let puzzles = PuzzleScreen::first(PuzzleStart::default(), kind, &mut self.rng, true);
                self.show(Screen::Puzzle(Box::new(puzzles)));
                Effect::None
            }
            Next::Puzzle => {
                if let Screen::Puzzle(puzzle) = &mut self.screen {
                    puzzle.next();
                }
                Effect::None
            }
            Next::Review => {
                let placeholder = Screen::Start(Box::new(StartMenu::new(&self.setup, None)));
                let screen = std::mem::replace(&mut self.screen, placeholder);
                self.screen = match screen {
                    Screen::Play(play) => Screen::Replay(Box::new(Replay::reviewing(*play))),
                    other => other,
                };
                Effect::None
            }
            Next::EndReview => {
                let placeholder = Screen::Start(Box::new(StartMenu::new(&self.setup, None)));
                let screen = std::mem::replace(&mut self.screen, placeholder);
                self.screen = match screen {
                    Screen::Replay(replay) => match replay.review {
                        Some((play, _)) => Screen::Play(play),
                        None => Screen::Replay(replay),
                    },
                    other => other,
                };
                Effect::None
            }
            Next::Ask(question) => {
                self.overlay = Some(Overlay::Confirm(question));
                Effect::None
            }
        }
    }

    /// A new game from the setup: heaps drawn from the heap choice, the first seat by the setup.
    fn begin(&mut self) {
        let game = self.new_game(false);
        self.show(Screen::Play(Box::new(Play::new(game))));
    }

    fn begin_demo(&mut self) {
        if let Some(vary) = self.demo_loop {
            self.vary_setup(vary);
        }
        let game = self.new_game(true);
        let rng = StdRng::from_rng(&mut self.rng);
        self.show(Screen::Demo(Box::new(Demo::new(game, rng, self.demo_loop.is_some()))));
    }

    /// The next game of a demo loop: a game of the start menu's list (a preset with its own heaps),
    /// random heaps, either mode where the game has both; each only where no flag fixed it.
    fn vary_setup(&mut self, vary: DemoLoop) {
        use rand::Rng;
        if vary.game {
            let menu = crate::engine::GameKind::menu();
            let entry = menu[self.rng.random_range(0..menu.len())];
            self.setup.game = entry.kind;
            let preset = entry.preset.and_then(crate::engine::GamePreset::find);
            match preset {
                Some(preset) if vary.heaps => {
                    self.setup.heaps = crate::domain::HeapChoice::Custom(preset.heaps.to_vec())
                }
                _ if vary.heaps && !matches!(self.setup.heaps, crate::domain::HeapChoice::Random { .. }) => {
                    self.setup.heaps = crate::domain::HeapChoice::RANDOM
                }
                _ => {}
            }
        } else if vary.heaps && !matches!(self.setup.heaps, crate::domain::HeapChoice::Random { .. }) {
            self.setup.heaps = crate::domain::HeapChoice::RANDOM;
        }
        if vary.mode {
            let misere = self.setup.game.has_misere() && self.rng.random_bool(0.5);
            self.setup.mode = if misere { Mode::Misere } else { Mode::Normal };
        }
    }

    fn new_game(&mut self, demo: bool) -> Game {
        let heaps = self.setup.start_heaps(&mut self.rng);
        let rematch = self.rematch_first.take().filter(|_| !demo);
        let first = match rematch {
            Some(seat) => seat,
            None => self.setup.first.seat(&mut self.rng),
        };
        let rules = self.setup.rules();
        let rng = StdRng::from_rng(&mut self.rng);
        let mut game = Game::with_rng(rules, self.setup.level, heaps, first, rng);
        let players = self.setup.players(demo);
        if let crate::domain::Players::Hotseat(names) = &players
            && self.score.as_ref().is_none_or(|score| score.names != *names)
        {
            // New names, a new match.
            self.score = Some(crate::domain::Score::new(names.clone()));
        }
        if rematch.is_some() {
            game.set_players(players);
            game.note = Some(game::Note::RematchFirst(first));
            return game;
        }
        if self.setup.first == crate::domain::First::Random {
            game.set_players(players);
            game.toss = Some(first);
            return game;
        }
        game.set_players(players);
        game
    }

    fn report(&mut self, report: Report) {
        match report {
            Report::Stats(stats) => self.stats = Some(*stats),
            Report::PuzzleRated { rated, stats } => {
                if let Some(stats) = stats {
                    self.stats = Some(*stats);
                }
                // Kept by the puzzle it is of: an answer rated after the next puzzle came is not
                // shown under that one.
                if let Screen::Puzzle(puzzle) = &mut self.screen
                    && puzzle.key() == rated.puzzle
                    && puzzle.run.answer.is_some()
                {
                    puzzle.rated = Some(*rated);
                }
            }
            Report::Lesson(progress) => self.lesson = progress,
            Report::RecordSaved(path) => self.say(game::Note::RecordSaved(path)),
            Report::Problem(problem) => {
                self.say(game::Note::NotDone(problem.clone()));
                self.notices.push(problem);
            }
            Report::ClaimRefused(why) => {
                self.notices.push(why);
                self.go(Next::Menu);
            }
        }
    }

    /// A line for the player on the screen in front of them: on the banner of a finished game,
    /// or under the board of one going on.
    fn say(&mut self, note: game::Note) {
        if let Screen::Play(play) = &mut self.screen {
            match play.game.over {
                Some(_) => play.message = Some(note),
                None => play.game.note = Some(note),
            }
        }
    }
}

/// What a screen's handler asks for: stay (perhaps with an effect), or go elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Next {
    Stay(Effect),
    Quit,
    /// Back to the start menu.
    Menu,
    /// A new game from this setup.
    Begin(GameSetup),
    /// Another game like the last one (another demo after a demo).
    Again,
    /// Go on with a saved game.
    Resume(Box<SavedGame>),
    /// A run of puzzles from the start menu.
    Puzzles,
    /// A lesson from the start menu.
    Learn(Course),
    /// The lesson on the theory of the game in play, left open to come back to.
    LessonFromGame,
    /// Back from the lesson to the game it was opened from.
    BackToGame,
    /// A game of the lesson's position, against the AI, at once.
    PlayLesson {
        heaps: Vec<u64>,
        game: crate::engine::GameKind,
        mode: Mode,
    },
    Puzzle,
    /// Open the review of the finished game.
    Review,
    /// Leave the review for the end of the game.
    EndReview,
    /// Ask before doing something that cannot be taken back.
    Ask(Confirm),
}

impl Next {
    pub(crate) const NOTHING: Next = Next::Stay(Effect::None);
}

/// The AI's level when a finished game rates the player against it (`crate::rating`): a game
/// against one of the AI's weaker levels (the perfect level is not rated: it measures the start
/// position and who moved first), played without hints or undo. The one place this is decided
/// for the local game.
pub fn rated_level(game: &Game) -> Option<crate::domain::Level> {
    game.over.as_ref()?;
    let rated = game.players == crate::domain::Players::Ai
        && game.level != crate::domain::Level::Perfect
        && !game.used_hint
        && !game.used_undo;
    rated.then_some(game.level)
}

/// Whether a finished game counts in the player's statistics, and how: only games against the AI
/// do, and a win with hints, undo or against a weaker level is assisted. The one place this is
/// decided.
pub fn counted(game: &Game) -> Option<(Mode, GameResult)> {
    let over = game.over.as_ref()?;
    if game.players != crate::domain::Players::Ai {
        return None;
    }
    let won = over.winner == Seat::First;
    let assisted = !game.assistance().is_empty();
    let how = match over.given_up {
        Some(GiveUp::Resigned) => crate::domain::How::Resigned,
        Some(GiveUp::Abandoned) => crate::domain::How::Abandoned,
        None => crate::domain::How::Played,
    };
    Some((game.mode(), GameResult { won, assisted, how }))
}
