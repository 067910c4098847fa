//! The start menu: the game's settings, Resume when a game was left unfinished, Start and Puzzles.

use crate::domain::{Action, First, GameSetup, HeapChoice, Level, Opponent, Preset};
use crate::engine::Mode;
use crate::store::SavedGame;

use super::{Command, Msg, Next};

/// A row of the start menu.
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

/// The heap options the menu cycles through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeapOption {
    Preset(Preset),
    /// Random heaps, with the ranges the menu holds.
    Random,
    /// Heaps as typed.
    Custom,
}

impl HeapOption {
    pub const ALL: [HeapOption; 5] = [
        HeapOption::Preset(Preset::ThreeFourFive),
        HeapOption::Preset(Preset::Marienbad),
        HeapOption::Preset(Preset::OneToNine),
        HeapOption::Random,
        HeapOption::Custom,
    ];
}

/// The start menu's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartMenu {
    pub row: StartRow,
    pub mode: Mode,
    /// Which heap option is chosen.
    pub heap_option: HeapOption,
    /// What Random means here (the config may give other ranges).
    pub random: HeapChoice,
    /// The custom heaps as typed, such as `2 5 7`.
    pub custom: String,
    pub first: First,
    pub level: Level,
    pub opponent: Opponent,
    /// Why the custom heaps were refused.
    pub error: Option<String>,
    /// The game left unfinished last time, offered first.
    pub resume: Option<Box<SavedGame>>,
    /// Everything else the setup holds, handed on unchanged.
    base: GameSetup,
}

impl StartMenu {
    /// The menu with `setup`'s choices, Start focused.
    pub fn new(setup: &GameSetup, resume: Option<SavedGame>) -> StartMenu {
        let (heap_option, random, custom) = match &setup.heaps {
            HeapChoice::Preset(preset) => (HeapOption::Preset(*preset), HeapChoice::RANDOM, String::new()),
            random @ HeapChoice::Random { .. } => (HeapOption::Random, random.clone(), String::new()),
            custom @ HeapChoice::Custom(_) => (HeapOption::Custom, HeapChoice::RANDOM, custom.to_string()),
        };
        let mut menu = StartMenu {
            row: StartRow::Start,
            mode: setup.mode,
            heap_option,
            random,
            custom,
            first: setup.first,
            level: setup.level,
            opponent: setup.opponent,
            error: None,
            resume: None,
            base: setup.clone(),
        };
        if let Some(saved) = resume {
            menu.offer(saved);
        }
        menu
    }

    /// Offers `saved` first.
    pub fn offer(&mut self, saved: SavedGame) {
        self.resume = Some(Box::new(saved));
        self.row = StartRow::Resume;
    }

    /// The rows on show: Resume first when there is a saved game.
    pub fn rows(&self) -> Vec<StartRow> {
        let resume = self.resume.is_some().then_some(StartRow::Resume);
        resume.into_iter().chain(StartRow::ALL).collect()
    }

    /// Whether the Custom heaps field is focused, so that characters are typed into it.
    pub fn editing(&self) -> bool {
        self.row == StartRow::Heaps && self.heap_option == HeapOption::Custom
    }

    /// Whether `c` is typed into the focused field rather than taken as a key's action.
    pub fn accepts(&self, c: char) -> bool {
        self.editing() && (c.is_ascii_digit() || matches!(c, ',' | ' ' | '-'))
    }

    /// The heap option on show, as a choice (Custom as typed, which may not parse).
    pub fn heap_choice(&self) -> Result<HeapChoice, String> {
        match self.heap_option {
            HeapOption::Preset(preset) => Ok(HeapChoice::Preset(preset)),
            HeapOption::Random => Ok(self.random.clone()),
            HeapOption::Custom => crate::domain::parse_start_heaps(&self.custom)
                .map(HeapChoice::of_list)
                .map_err(|e| e.to_string()),
        }
    }

    pub fn commands(&self) -> Vec<Command> {
        let change = !matches!(self.row, StartRow::Start | StartRow::Resume | StartRow::Puzzles);
        let go = match self.row {
            StartRow::Resume => "resume the saved game",
            StartRow::Puzzles => "open the puzzles",
            _ => "start the game",
        };
        vec![
            Command::new(Action::Up, "choose the row above").bar("choose"),
            Command::new(Action::Down, "choose the row below"),
            Command::new(Action::Less, "change the choice").bar("change").when(change),
            Command::new(Action::More, "change the choice the other way").when(change),
            Command::new(Action::Take, go).bar(match self.row {
                StartRow::Resume => "resume",
                StartRow::Puzzles => "open",
                _ => "start",
            }),
            Command::new(Action::Erase, "erase a typed character").when(self.editing()),
            Command::new(Action::Help, "keys").bar("keys"),
            Command::new(Action::Quit, "quit").bar("quit"),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let Msg::Key { action, ch } = msg else { return Next::NOTHING };
        if let Some(c) = ch.filter(|&c| self.accepts(c)) {
            self.custom.push(c);
            self.error = None;
            return Next::NOTHING;
        }
        let Some(action) = action else { return Next::NOTHING };
        match action {
            Action::Quit => return Next::Quit,
            Action::Up | Action::Down => {
                let rows = self.rows();
                let at = rows.iter().position(|r| *r == self.row).unwrap_or(0);
                self.row = rows[step(action == Action::Down, rows.len(), at)];
            }
            Action::Less | Action::More => self.change(action == Action::More),
            Action::Erase if self.editing() => {
                self.custom.pop();
                self.error = None;
            }
            Action::Take => return self.choose(),
            _ => {}
        }
        Next::NOTHING
    }

    fn change(&mut self, forward: bool) {
        match self.row {
            StartRow::Mode => self.mode = if self.mode == Mode::Normal { Mode::Misere } else { Mode::Normal },
            StartRow::Heaps => {
                self.heap_option = cycle(&HeapOption::ALL, self.heap_option, forward);
                self.error = None;
            }
            StartRow::First => self.first = cycle(&First::ALL, self.first, forward),
            StartRow::Level => self.level = cycle(&Level::ALL, self.level, forward),
            StartRow::Opponent => {
                self.opponent = cycle(&[Opponent::Ai, Opponent::Human], self.opponent, forward)
            }
            StartRow::Start | StartRow::Resume | StartRow::Puzzles => {}
        }
    }

    fn choose(&mut self) -> Next {
        match self.row {
            StartRow::Puzzles => return Next::Puzzles,
            StartRow::Resume => {
                if let Some(saved) = self.resume.take() {
                    return Next::Resume(saved);
                }
            }
            _ => {}
        }
        let heaps = match self.heap_choice() {
            Ok(heaps) => heaps,
            Err(error) => {
                self.error = Some(error);
                self.row = StartRow::Heaps;
                return Next::NOTHING;
            }
        };
        Next::Begin(GameSetup {
            mode: self.mode,
            heaps,
            first: self.first,
            level: self.level,
            opponent: self.opponent,
            ..self.base.clone()
        })
    }
}

fn step(forward: bool, len: usize, at: usize) -> usize {
    if forward { (at + 1) % len } else { (at + len - 1) % len }
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, forward: bool) -> T {
    let at = all.iter().position(|x| *x == now).unwrap_or(0);
    all[step(forward, all.len(), at)]
}
