//! The whole application state and `App::update`, the one place where input changes it.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::Mode;

use super::game::{Game, Players, Side};
use super::{Action, First, Level, Names, Opponent, parse_start_heaps};

/// The starting heaps offered on the start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapChoice {
    Preset { name: &'static str, heaps: &'static [u64] },
    Random,
    Custom,
}

impl HeapChoice {
    pub const ALL: [HeapChoice; 5] = [
        HeapChoice::Preset { name: "3 4 5", heaps: &[3, 4, 5] },
        HeapChoice::Preset { name: "Marienbad 1 3 5 7", heaps: &[1, 3, 5, 7] },
        HeapChoice::Preset { name: "1 3 5 7 9", heaps: &[1, 3, 5, 7, 9] },
        HeapChoice::Random,
        HeapChoice::Custom,
    ];
}

/// A row of the start screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartRow {
    /// Go on with the game saved when the player last left.
    Resume,
    Mode,
    Heaps,
    First,
    /// How well the AI plays.
    Level,
    /// The AI, or another person at the same keyboard.
    Opponent,
    Start,
    /// A run of puzzles instead of a game.
    Puzzles,
}

impl StartRow {
    pub const ALL: [StartRow; 7] = [
        StartRow::Mode,
        StartRow::Heaps,
        StartRow::First,
        StartRow::Level,
        StartRow::Opponent,
        StartRow::Start,
        StartRow::Puzzles,
    ];
}

/// The start screen's choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartMenu {
    pub row: StartRow,
    pub mode: Mode,
    /// Index into [`HeapChoice::ALL`].
    pub heaps: usize,
    /// The custom heaps as typed, such as `2 5 7`.
    pub custom: String,
    pub first: First,
    pub level: Level,
    pub opponent: Opponent,
    /// Why the custom heaps were refused.
    pub error: Option<String>,
    /// The game left unfinished last time, offered first.
    pub resume: Option<Box<crate::store::SavedGame>>,
}

impl StartMenu {
    /// The rows on show: Resume first when there is a saved game.
    pub fn rows(&self) -> Vec<StartRow> {
        let resume = self.resume.is_some().then_some(StartRow::Resume);
        resume.into_iter().chain(StartRow::ALL).collect()
    }

    pub fn heap_choice(&self) -> &'static HeapChoice {
        &HeapChoice::ALL[self.heaps]
    }
}

/// A run of puzzles: find the one winning move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRun {
    /// Which puzzle of the run this is, counting from 1 (with `--seed`, the same number is the
    /// same puzzle).
    pub number: u32,
    /// Whether a hint was asked for: then a right answer does not count as solved.
    pub revealed: bool,
    pub answer: Option<PuzzleAnswer>,
}

/// The player's answer to a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAnswer {
    pub mv: crate::engine::Take,
    /// The answer is the winning move.
    pub correct: bool,
    /// Correct, and found without a hint: counted in the puzzle streak.
    pub solved: bool,
    /// The one winning move and why it wins.
    pub explanation: String,
}

/// What the game asks of the program around it after an update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    None,
    /// Leave the program.
    Quit,
    /// A puzzle was answered; `solved` is false for a wrong answer or one given after a hint.
    PuzzleAnswered {
        solved: bool,
    },
    /// A game has just ended with this winner.
    Finished {
        mode: Mode,
        winner: Side,
    },
    /// Save the record of the finished game; the program says where in [`App::message`].
    Record,
}

/// A recorded game being stepped through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub moves: Vec<(Side, crate::engine::Take)>,
    /// How many moves are shown as played.
    pub at: usize,
    pub first: Side,
}

impl Replay {
    /// The move the next step forwards plays.
    pub fn next(&self) -> Option<crate::engine::Take> {
        self.moves.get(self.at).map(|&(_, mv)| mv)
    }
}

/// Raw input, already translated: a bound action, a typed character, a click, the AI's pause ending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key press: the action it is bound to (if any) and the character it types (if any).
    Key { action: Option<Action>, ch: Option<char> },
    /// A click on a token: select `heap` and take `count`.
    Pick { heap: usize, count: u64 },
    /// The AI's pause is over.
    AiMove,
}

impl Input {
    pub fn action(action: Action) -> Input {
        Input::Key { action: Some(action), ch: None }
    }

    pub fn char(ch: char) -> Input {
        Input::Key { action: None, ch: Some(ch) }
    }
}

/// Which screen is showing.
#[derive(Debug, Clone)]
pub enum Screen {
    Start(StartMenu),
    Playing(Box<Game>),
}

/// Settings a game starts from; flags and the config fill them in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub mode: Mode,
    pub heaps: Option<Vec<u64>>,
    pub first: First,
    pub level: Level,
    pub seed: Option<u64>,
    pub opponent: Opponent,
    /// The names in a two-player game.
    pub names: Names,
    /// The AI plays both sides while a person watches.
    pub demo: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            mode: Mode::Normal,
            heaps: None,
            first: First::You,
            level: Level::Perfect,
            seed: None,
            opponent: Opponent::Ai,
            names: Names::default(),
            demo: false,
        }
    }
}

impl Setup {
    /// Who sits at the table in a game from this setup.
    pub fn players(&self) -> Players {
        match (self.demo, self.opponent) {
            (true, _) => Players::Demo,
            (false, Opponent::Human) => Players::Hotseat(self.names.0.clone()),
            (false, Opponent::Ai) => Players::Ai,
        }
    }
}

/// The application: the screen, the overlay, and what every new game starts from.
#[derive(Debug)]
pub struct App {
    pub screen: Screen,
    pub help: bool,
    /// The binary view beside the board.
    pub binary: bool,
    /// The coach's line after each of the player's moves.
    pub coach: bool,
    /// The move list beside the board.
    pub history: bool,
    /// A demo stopped by the watcher: the AI waits until a key resumes it.
    pub paused: bool,
    /// A line for the player from outside the game, such as where a record was saved.
    pub message: Option<String>,
    /// Stepping through a recorded game; no one moves.
    pub replay: Option<Replay>,
    /// The review of a finished game, scrolled this many moves from the top.
    pub review: Option<usize>,
    /// The player's record, shown on the start screen.
    pub stats: Option<crate::store::Stats>,
    /// Puzzle mode: the board holds a puzzle instead of a game against the AI.
    pub puzzle: Option<PuzzleRun>,
    /// Problems met on the way in (a data file moved aside), shown on the start screen.
    pub notices: Vec<String>,
    pub setup: Setup,
    rng: StdRng,
}

impl App {
    /// Opens the start screen with `setup`'s choices preselected.
    pub fn new(setup: Setup) -> App {
        let rng = match setup.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        let menu = start_menu(&setup);
        App {
            screen: Screen::Start(menu),
            help: false,
            binary: false,
            coach: false,
            history: false,
            paused: false,
            message: None,
            replay: None,
            review: None,
            stats: None,
            puzzle: None,
            notices: Vec::new(),
            setup,
            rng,
        }
    }

    /// Starts a game at once from `setup`, skipping the start screen.
    pub fn start_now(setup: Setup) -> App {
        let mut app = App::new(setup);
        let heaps = match app.setup.heaps.clone() {
            Some(heaps) => heaps,
            None => random_heaps(&mut app.rng),
        };
        app.begin(heaps);
        app
    }

    /// Starts a run of puzzles at once.
    pub fn start_puzzles(setup: Setup) -> App {
        let mut app = App::new(setup);
        app.next_puzzle(1);
        app
    }

    fn next_puzzle(&mut self, number: u32) {
        let puzzle = crate::puzzle::generate(&mut self.rng);
        self.review = None;
        self.puzzle = Some(PuzzleRun { number, revealed: false, answer: None });
        self.screen =
            Screen::Playing(Box::new(Game::new(puzzle.mode, self.setup.level, puzzle.heaps, Side::You)));
    }

    fn update_puzzle(&mut self, input: Input) -> Option<Effect> {
        let (Some(run), Screen::Playing(game)) = (&mut self.puzzle, &mut self.screen) else { return None };
        let Input::Key { action: Some(action), .. } = input else { return None };
        match action {
            Action::Take if run.answer.is_some() => {
                let next = run.number + 1;
                self.next_puzzle(next);
                Some(Effect::None)
            }
            Action::Take => {
                let mv = crate::engine::Take::new(game.selected, game.count);
                let explanation = game.explain();
                let best = explanation.analysis.winning_moves.first().copied();
                let correct = best == Some(mv);
                let solved = correct && !run.revealed;
                let reason = best.map(|w| explanation.reason_for(w).to_string()).unwrap_or_default();
                run.answer = Some(PuzzleAnswer { mv, correct, solved, explanation: reason });
                Some(Effect::PuzzleAnswered { solved })
            }
            Action::Hint => {
                run.revealed = true;
                None
            }
            Action::NewGame => {
                self.puzzle = None;
                None
            }
            _ if run.answer.is_some() && action != Action::Quit => Some(Effect::None),
            _ => None,
        }
    }

    /// Opens `record` for stepping through, at its start.
    pub fn replay(record: &crate::record::Record) -> App {
        let first = record.moves.first().map_or(Side::You, |&(side, _)| side);
        let setup =
            Setup { mode: record.mode, heaps: Some(record.start.clone()), seed: Some(0), ..Setup::default() };
        let mut app = App::new(setup);
        let mut game = Game::new(record.mode, Level::Perfect, record.start.clone(), first);
        game.set_players(record.players.clone());
        game.show_moves(&[], first);
        app.screen = Screen::Playing(Box::new(game));
        app.replay = Some(Replay { moves: record.moves.clone(), at: 0, first });
        app
    }

    /// Offers `saved` as the first choice of the start screen.
    pub fn offer_resume(&mut self, saved: crate::store::SavedGame) {
        if let Screen::Start(menu) = &mut self.screen {
            menu.resume = Some(Box::new(saved));
            menu.row = StartRow::Resume;
        }
    }

    pub fn game(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Playing(game) => Some(game),
            Screen::Start(_) => None,
        }
    }

    pub fn game_mut(&mut self) -> Option<&mut Game> {
        match &mut self.screen {
            Screen::Playing(game) => Some(game),
            Screen::Start(_) => None,
        }
    }

    /// Whether the AI is in its pause, waiting to move.
    pub fn ai_waiting(&self) -> bool {
        !self.paused && self.replay.is_none() && self.game().is_some_and(Game::ai_to_move)
    }

    fn begin(&mut self, heaps: Vec<u64>) {
        let first = match self.setup.first {
            First::You => Side::You,
            First::Ai => Side::Ai,
            First::Random => {
                if self.rng.random_bool(0.5) {
                    Side::You
                } else {
                    Side::Ai
                }
            }
        };
        self.setup.heaps = Some(heaps.clone());
        self.review = None;
        self.puzzle = None;
        let rng = StdRng::from_rng(&mut self.rng);
        let mut game = Game::with_rng(self.setup.mode, self.setup.level, heaps, first, rng);
        game.set_players(self.setup.players());
        self.paused = false;
        self.message = None;
        self.screen = Screen::Playing(Box::new(game));
    }

    /// Applies one input and says what the program should do next.
    pub fn update(&mut self, input: Input) -> Effect {
        if let Input::Key { action: Some(Action::Help), .. } = input
            && !self.editing_custom()
        {
            self.help = !self.help;
            return Effect::None;
        }
        if self.help {
            // The overlay takes every key: quit/close and help close it, the rest are ignored.
            if let Input::Key { action: Some(Action::Quit | Action::Help | Action::Take), .. } = input {
                self.help = false;
            }
            if input != Input::AiMove {
                return Effect::None;
            }
        }
        match &mut self.screen {
            Screen::Start(_) => self.update_start(input),
            Screen::Playing(_) => self.update_game(input),
        }
    }

    fn editing_custom(&self) -> bool {
        matches!(&self.screen, Screen::Start(m) if m.row == StartRow::Heaps && *m.heap_choice() == HeapChoice::Custom)
    }

    fn update_start(&mut self, input: Input) -> Effect {
        let editing = self.editing_custom();
        let Screen::Start(menu) = &mut self.screen else { return Effect::None };
        let Input::Key { action, ch } = input else { return Effect::None };
        if editing && let Some(c) = ch.filter(|c| c.is_ascii_digit() || *c == ',' || *c == ' ') {
            menu.custom.push(c);
            menu.error = None;
            return Effect::None;
        }
        let Some(action) = action else { return Effect::None };
        let step = |forward: bool, len: usize, at: usize| {
            if forward { (at + 1) % len } else { (at + len - 1) % len }
        };
        match action {
            Action::Quit => return Effect::Quit,
            Action::Up | Action::Down => {
                let rows = menu.rows();
                let at = rows.iter().position(|r| *r == menu.row).unwrap_or(0);
                menu.row = rows[step(action == Action::Down, rows.len(), at)];
            }
            Action::Less | Action::More => {
                let forward = action == Action::More;
                match menu.row {
                    StartRow::Mode => {
                        menu.mode = if menu.mode == Mode::Normal { Mode::Misere } else { Mode::Normal }
                    }
                    StartRow::Heaps => {
                        menu.heaps = step(forward, HeapChoice::ALL.len(), menu.heaps);
                        menu.error = None;
                    }
                    StartRow::First => {
                        let all = [First::You, First::Ai, First::Random];
                        let at = all.iter().position(|f| *f == menu.first).unwrap_or(0);
                        menu.first = all[step(forward, all.len(), at)];
                    }
                    StartRow::Level => {
                        let at = Level::ALL.iter().position(|l| *l == menu.level).unwrap_or(0);
                        menu.level = Level::ALL[step(forward, Level::ALL.len(), at)];
                    }
                    StartRow::Opponent => {
                        menu.opponent = match menu.opponent {
                            Opponent::Ai => Opponent::Human,
                            Opponent::Human => Opponent::Ai,
                        }
                    }
                    StartRow::Start | StartRow::Resume | StartRow::Puzzles => {}
                }
            }
            Action::Erase if editing => {
                menu.custom.pop();
                menu.error = None;
            }
            Action::Take => return self.start_from_menu(),
            _ => {}
        }
        Effect::None
    }

    fn start_from_menu(&mut self) -> Effect {
        let Screen::Start(menu) = &mut self.screen else { return Effect::None };
        if menu.row == StartRow::Puzzles {
            self.next_puzzle(1);
            return Effect::None;
        }
        if menu.row == StartRow::Resume
            && let Some(saved) = menu.resume.take()
        {
            self.setup.mode = saved.mode;
            self.setup.level = saved.level;
            self.setup.heaps = Some(saved.start_heaps.clone());
            self.review = None;
            let mut game = Game::from_saved(&saved);
            game.set_rng(StdRng::from_rng(&mut self.rng));
            self.screen = Screen::Playing(Box::new(game));
            return Effect::None;
        }
        let heaps = match menu.heap_choice() {
            HeapChoice::Preset { heaps, .. } => heaps.to_vec(),
            HeapChoice::Random => random_heaps(&mut self.rng),
            HeapChoice::Custom => match parse_start_heaps(&menu.custom) {
                Ok(heaps) => heaps,
                Err(e) => {
                    menu.error = Some(e.to_string());
                    menu.row = StartRow::Heaps;
                    return Effect::None;
                }
            },
        };
        self.setup.mode = menu.mode;
        self.setup.first = menu.first;
        self.setup.level = menu.level;
        self.setup.opponent = menu.opponent;
        self.begin(heaps);
        Effect::None
    }

    fn update_game(&mut self, input: Input) -> Effect {
        if let Some(effect) = self.update_puzzle(input.clone()) {
            return effect;
        }
        let Screen::Playing(game) = &mut self.screen else { return Effect::None };
        match input {
            Input::Key { action: Some(Action::Binary), .. } => {
                self.binary = !self.binary;
                return Effect::None;
            }
            Input::Key { action: Some(Action::Coach), .. } => {
                self.coach = !self.coach;
                return Effect::None;
            }
            Input::Key { action: Some(Action::History), .. } => {
                self.history = !self.history;
                return Effect::None;
            }
            _ => {}
        }
        if let Some(replay) = &mut self.replay {
            match input {
                Input::Key { action: Some(Action::Quit), .. } => return Effect::Quit,
                Input::Key { action: Some(Action::Less | Action::Up), .. } => {
                    replay.at = replay.at.saturating_sub(1)
                }
                Input::Key { action: Some(Action::More | Action::Down | Action::Take), .. } => {
                    replay.at = (replay.at + 1).min(replay.moves.len())
                }
                Input::Key { action: Some(Action::TakeOne), .. } => replay.at = 0,
                Input::Key { action: Some(Action::TakeAll), .. } => replay.at = replay.moves.len(),
                _ => return Effect::None,
            }
            game.show_moves(&replay.moves[..replay.at], replay.first);
            return Effect::None;
        }
        if game.players == Players::Demo && game.over.is_none() {
            // Watching: quit leaves, any other key stops or restarts the play.
            match input {
                Input::Key { action: Some(Action::Quit), .. } => return Effect::Quit,
                Input::Key { action: None, ch: None } | Input::Pick { .. } => {}
                Input::Key { .. } => self.paused = !self.paused,
                Input::AiMove => {
                    if !self.paused && game.ai_play() {
                        return finished(game);
                    }
                }
            }
            return Effect::None;
        }
        if game.over.is_some() {
            if let Some(offset) = &mut self.review {
                match input {
                    Input::Key { action: Some(Action::Up), .. } => *offset = offset.saturating_sub(1),
                    Input::Key { action: Some(Action::Down), .. } => {
                        *offset = (*offset + 1).min(game.moves.len().saturating_sub(1))
                    }
                    Input::Key { action: Some(Action::Review | Action::Quit), .. } => self.review = None,
                    _ => {}
                }
                return Effect::None;
            }
            return match input {
                Input::Key { action: Some(Action::Review), .. } => {
                    self.review = Some(0);
                    Effect::None
                }
                Input::Key { action: Some(Action::Quit), .. } => Effect::Quit,
                Input::Key { action: Some(Action::Record), .. } => Effect::Record,
                Input::Key { action: Some(Action::NewGame), .. } => {
                    self.screen = Screen::Start(start_menu(&self.setup));
                    Effect::None
                }
                Input::Key { action: Some(Action::Take), .. } => {
                    let heaps = game.start.clone();
                    self.begin(heaps);
                    Effect::None
                }
                _ => Effect::None,
            };
        }
        match input {
            Input::AiMove => {
                if game.ai_play() {
                    return finished(game);
                }
            }
            Input::Pick { heap, count } => {
                if game.your_turn() {
                    game.pick(heap, count);
                }
            }
            Input::Key { action, ch } => {
                if let Some(digit) = ch.and_then(|c| c.to_digit(10)) {
                    if game.your_turn() {
                        game.type_digit(digit as u8);
                    }
                    return Effect::None;
                }
                let Some(action) = action else { return Effect::None };
                match action {
                    Action::Quit => return Effect::Quit,
                    Action::NewGame => self.screen = Screen::Start(start_menu(&self.setup)),
                    // Also during the AI's pause, which it cancels.
                    Action::Undo => {
                        game.undo();
                    }
                    _ if !game.your_turn() => {}
                    Action::Redo => {
                        if game.redo() {
                            return finished(game);
                        }
                    }
                    Action::Up => game.step_selection(false),
                    Action::Down => game.step_selection(true),
                    Action::Less => game.set_count(game.count.saturating_sub(1)),
                    Action::More => game.set_count(game.count.saturating_add(1)),
                    Action::TakeOne => game.set_count(1),
                    Action::TakeAll => game.set_count(u64::MAX),
                    Action::Erase => game.erase_digit(),
                    Action::Hint => game.show_hint(),
                    Action::Take => {
                        if game.take() {
                            return finished(game);
                        }
                    }
                    Action::Help
                    | Action::Binary
                    | Action::Coach
                    | Action::Review
                    | Action::History
                    | Action::Record => {}
                }
            }
        }
        Effect::None
    }
}

fn finished(game: &Game) -> Effect {
    match &game.over {
        Some(over) => Effect::Finished { mode: game.mode(), winner: over.winner },
        None => Effect::None,
    }
}

fn start_menu(setup: &Setup) -> StartMenu {
    let (heaps, custom) = match &setup.heaps {
        None => (0, String::new()),
        Some(list) => {
            let preset = HeapChoice::ALL
                .iter()
                .position(|c| matches!(c, HeapChoice::Preset { heaps, .. } if *heaps == list.as_slice()));
            let text = list.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
            match preset {
                Some(i) => (i, String::new()),
                None => (HeapChoice::ALL.len() - 1, text),
            }
        }
    };
    StartMenu {
        row: StartRow::Start,
        mode: setup.mode,
        heaps,
        custom,
        first: setup.first,
        level: setup.level,
        opponent: setup.opponent,
        error: None,
        resume: None,
    }
}

/// Three to five heaps of one to twelve tokens.
pub fn random_heaps(rng: &mut impl Rng) -> Vec<u64> {
    let count = rng.random_range(3..=5);
    (0..count).map(|_| rng.random_range(1..=12)).collect()
}
