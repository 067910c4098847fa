//! The start menu: the game's settings, Resume when a game was left unfinished, Start and Puzzles.

use crate::domain::SavedGame;
use crate::domain::{
    Action, First, GameSetup, HeapChoice, Level, MAX_HEAPS, Opponent, Preset, StartHeapsError,
};
use crate::engine::{GameKind, GamePreset, Mode};
use crate::i18n::Arg;

use super::{Command, Msg, Next};
use crate::i18n::Language;

/// The longest custom heaps entry, in characters: room for the most heaps of the largest size,
/// with separators.
const CUSTOM_MAX: usize = 400;

/// A row of the start menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartRow {
    /// Go on with the game saved when the player last left.
    Resume,
    /// Which game: Nim or one of its relatives.
    Game,
    Mode,
    Heaps,
    First,
    /// How well the AI plays.
    Level,
    /// The AI, or another person at the same keyboard.
    Opponent,
    /// The first player's name, in a two-player game.
    Name1,
    /// The second player's name, in a two-player game.
    Name2,
    Start,
    /// A run of puzzles instead of a game.
    Puzzles,
    /// The lesson: how to win, step by step.
    Learn,
}

impl StartRow {
    pub const ALL: [StartRow; 9] = [
        StartRow::Game,
        StartRow::Mode,
        StartRow::Heaps,
        StartRow::First,
        StartRow::Level,
        StartRow::Opponent,
        StartRow::Start,
        StartRow::Puzzles,
        StartRow::Learn,
    ];
}

/// A choice of the Game row: a game, or a preset of one (the 21 game, Bachet's game), which
/// chooses its heaps too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOption {
    pub kind: GameKind,
    /// The preset's name (`21`, `bachet`).
    pub preset: Option<&'static str>,
}

impl GameOption {
    /// The games the Game row cycles through, in order: the engine's menu.
    pub fn all() -> Vec<GameOption> {
        GameKind::menu()
            .into_iter()
            .map(|entry| GameOption { kind: entry.kind, preset: entry.preset })
            .collect()
    }

    /// The preset it is, if it is one.
    pub fn game_preset(self) -> Option<GamePreset> {
        self.preset.and_then(GamePreset::find)
    }

    /// The name on the Game row: `Nim`, `Moore's Nim_2`, `Subtraction 1-3`, `The 21 game`...
    pub fn title(self, lang: Language) -> String {
        match self.game_preset() {
            Some(preset) => {
                crate::words::preset_short(lang, preset.name).unwrap_or_else(|| preset.short.into())
            }
            None => crate::words::menu_title(lang, self.kind),
        }
    }

    /// The rule shown beside it.
    pub fn rule(self, lang: Language) -> String {
        match self.game_preset() {
            Some(p) => crate::i18n::text_with(
                lang,
                "start-preset-rule",
                &[
                    ("n", p.heaps.first().copied().unwrap_or(0).into()),
                    ("rule", crate::words::rule(lang, self.kind).into()),
                ],
            ),
            None => crate::words::rule(lang, self.kind),
        }
    }
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
    /// The game chosen.
    pub game: GameOption,
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
    /// The two players' names as typed, for a two-player game.
    pub names: [String; 2],
    /// Whether each name is still the default ("Player 1"), shown as a placeholder: the first
    /// character typed replaces it rather than being added to it, and Backspace clears it.
    pub placeholder: [bool; 2],
    /// Why the custom heaps or a name were refused, as data: worded when drawn.
    pub error: Option<StartError>,
    /// The game left unfinished last time, offered first.
    pub resume: Option<Box<SavedGame>>,
    /// The lesson the Learn row opens.
    pub course: super::Course,
    /// The heaps chosen before a preset game chose its own, given back when the game changes again.
    kept_heaps: Option<(HeapOption, String)>,
    /// Everything else the setup holds, handed on unchanged.
    base: GameSetup,
}

impl StartMenu {
    /// The menu with `setup`'s choices, Start focused.
    pub fn new(setup: &GameSetup, resume: Option<SavedGame>) -> StartMenu {
        let (heap_option, random, custom) = match &setup.heaps {
            HeapChoice::Preset(preset) => (HeapOption::Preset(*preset), HeapChoice::RANDOM, String::new()),
            random @ HeapChoice::Random { .. } => (HeapOption::Random, random.clone(), String::new()),
            custom @ HeapChoice::Custom(_) => {
                (HeapOption::Custom, HeapChoice::RANDOM, custom.written(setup.game))
            }
        };
        // A preset's game with the preset's heaps shows as the preset.
        let all = GameOption::all();
        let preset = all.iter().find(|o| {
            o.kind == setup.game
                && o.game_preset().is_some_and(|p| setup.heaps == HeapChoice::Custom(p.heaps.to_vec()))
        });
        let plain = all.iter().find(|o| o.kind == setup.game && o.preset.is_none());
        let game = preset.or(plain).copied().unwrap_or(GameOption { kind: setup.game, preset: None });
        let mode = if setup.game.has_misere() { setup.mode } else { Mode::Normal };
        let mut menu = StartMenu {
            row: StartRow::Start,
            game,
            mode,
            heap_option,
            random,
            custom,
            first: setup.first,
            level: setup.level,
            opponent: setup.opponent,
            names: setup.names.0.clone(),
            placeholder: {
                let default = crate::domain::Names::default();
                [0, 1].map(|i| setup.names.0[i] == default.0[i])
            },
            error: None,
            resume: None,
            course: super::Course::Nim,
            kept_heaps: None,
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

    /// Brings the Resume row up to date with the saved game on offer: shown while there is one
    /// (focused when it is newly offered, as at the start), gone once it was resumed or given up,
    /// the focus then moving from it to Start. Everything else stays as the player left it.
    pub fn keep_offer(&mut self, saved: Option<SavedGame>) {
        match saved {
            Some(saved) if self.resume.is_none() => self.offer(saved),
            Some(saved) => self.resume = Some(Box::new(saved)),
            None => {
                self.resume = None;
                if self.row == StartRow::Resume {
                    self.row = StartRow::Start;
                }
            }
        }
    }

    /// The rows on show: Resume first when there is a saved game; in a two-player game the names
    /// instead of the AI's level.
    pub fn rows(&self) -> Vec<StartRow> {
        let resume = self.resume.is_some().then_some(StartRow::Resume);
        let two = self.opponent == Opponent::Human;
        resume
            .into_iter()
            .chain(StartRow::ALL)
            .filter(|row| !(two && *row == StartRow::Level))
            .flat_map(|row| match (two, row) {
                (true, StartRow::Opponent) => vec![row, StartRow::Name1, StartRow::Name2],
                _ => vec![row],
            })
            .collect()
    }

    /// The name field focused, if one is: 0 for the first player, 1 for the second.
    pub fn name_field(&self) -> Option<usize> {
        match self.row {
            StartRow::Name1 => Some(0),
            StartRow::Name2 => Some(1),
            _ => None,
        }
    }

    /// Whether the Custom heaps field is focused, so that characters are typed into it.
    pub fn editing(&self) -> bool {
        self.row == StartRow::Heaps && self.heap_option == HeapOption::Custom
    }

    /// Whether a text field has the focus (a name, or the custom heaps), so that the keys that
    /// type characters type into it rather than act.
    pub fn typing(&self) -> bool {
        self.editing() || self.name_field().is_some()
    }

    /// Whether `c` is typed into the focused field rather than taken as a key's action. Both the
    /// names and the custom heaps (which may be a preset's name, `marienbad`) take any printable
    /// character but `?`, which still opens the help; control, bidi and zero-width characters are
    /// never typed in.
    pub fn accepts(&self, c: char) -> bool {
        self.typing() && !crate::text::needs_escape(c) && c != '?'
    }

    /// The heap option on show, as a choice. Custom is read as `--heaps` reads it: `3 4 5`,
    /// `3,4,5`, `3-4-5`, a preset's name or `random` (with the menu's random ranges); it may not
    /// parse.
    pub fn heap_choice(&self) -> Result<HeapChoice, StartHeapsError> {
        match self.heap_option {
            HeapOption::Preset(preset) => Ok(HeapChoice::Preset(preset)),
            HeapOption::Random => Ok(self.random.clone()),
            HeapOption::Custom => match HeapChoice::read(self.game.kind, &self.custom) {
                Ok(HeapChoice::Random { .. }) => Ok(self.random.clone()),
                Ok(choice) => Ok(choice),
                Err(e) => Err(e),
            },
        }
    }

    pub fn commands(&self) -> Vec<Command> {
        let change = !matches!(
            self.row,
            StartRow::Start | StartRow::Resume | StartRow::Puzzles | StartRow::Name1 | StartRow::Name2
        );
        // On the Learn row, left and right choose the lesson.
        let go = match self.row {
            StartRow::Resume => "keys-resume-the-saved-game",
            StartRow::Puzzles => "keys-open-the-puzzles",
            StartRow::Learn => "keys-open-the-lesson",
            _ => "keys-start-the-game",
        };
        // In a field, letters, signs and Space are typed: `k`, `-` or `q` there is text, not a
        // command, so only the commands' other keys are listed (`?` still opens the help).
        let typing = self.typing();
        vec![
            Command::new(Action::Up, "keys-menu-row-above").bar("keys-choose").typing(typing),
            Command::new(Action::Down, "keys-menu-row-below").typing(typing),
            Command::new(Action::Less, "keys-change-the-choice")
                .bar("keys-change")
                .when(change)
                .typing(typing),
            Command::new(Action::More, "keys-change-the-choice-the-other-way").when(change).typing(typing),
            Command::new(Action::Take, go)
                .bar(match self.row {
                    StartRow::Resume => "keys-resume",
                    StartRow::Puzzles => "keys-open",
                    _ => "keys-start",
                })
                .typing(typing),
            Command::new(Action::Erase, "keys-erase-a-typed-character").when(typing).typing(typing),
            Command::new(Action::Help, "keys-keys").bar("keys-keys"),
            Command::new(Action::Quit, "keys-quit").bar("keys-quit").typing(typing),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        if let Msg::Choose { row, action } = msg {
            if !self.rows().contains(&row) {
                return Next::NOTHING;
            }
            self.row = row;
            return match action {
                Some(action) => self.update(Msg::action(action)),
                None => Next::NOTHING,
            };
        }
        let Msg::Key { action, ch } = msg else { return Next::NOTHING };
        if let Some(c) = ch.filter(|&c| self.accepts(c)) {
            match self.name_field() {
                Some(i) => self.type_into_name(i, c),
                None if self.custom.chars().count() < CUSTOM_MAX => self.custom.push(c),
                None => {}
            }
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
            Action::Erase => {
                if let Some(i) = self.name_field() {
                    // The placeholder goes whole: it was never typed.
                    match std::mem::take(&mut self.placeholder[i]) {
                        true => self.names[i].clear(),
                        false => {
                            self.names[i].pop();
                        }
                    }
                    self.error = None;
                }
            }
            Action::Take => return self.choose(),
            _ => {}
        }
        Next::NOTHING
    }

    /// Types `c` into name `i`: the placeholder gives way to the first character; a name stays
    /// within [`crate::text::NAME_MAX`] characters and columns (a wide character counts two), so
    /// that what is typed is what [`crate::text::check_name`] accepts.
    fn type_into_name(&mut self, i: usize, c: char) {
        if std::mem::take(&mut self.placeholder[i]) {
            self.names[i].clear();
        }
        let longer = format!("{}{c}", self.names[i]);
        let width = unicode_width::UnicodeWidthStr::width(longer.as_str());
        if longer.chars().count() <= crate::text::NAME_MAX && width <= crate::text::NAME_MAX {
            self.names[i] = longer;
        }
    }

    /// Whether the Mode row can be changed: only for a game with a misère form.
    pub fn mode_fixed(&self) -> bool {
        !self.game.kind.has_misere()
    }

    /// Chooses the next or the previous game. A preset chooses its heaps (as custom heaps); leaving
    /// a preset goes back to the first preset heaps. A game without misère is played in normal play.
    fn change_game(&mut self, forward: bool) {
        let all = GameOption::all();
        // Options may hold a game that is not in the list (moore:5 from the config): start from
        // Nim then.
        let at = all.iter().position(|o| *o == self.game);
        let next = match at {
            Some(at) => all[step(forward, all.len(), at)],
            None => all[0],
        };
        if self.game.preset.is_some() && next.preset.is_none() {
            let (option, custom) =
                self.kept_heaps.take().unwrap_or((HeapOption::Preset(Preset::ThreeFourFive), String::new()));
            self.heap_option = option;
            self.custom = custom;
        }
        if let Some(preset) = next.game_preset() {
            if self.game.preset.is_none() {
                self.kept_heaps = Some((self.heap_option, self.custom.clone()));
            }
            self.heap_option = HeapOption::Custom;
            self.custom = preset.heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        }
        self.game = next;
        if self.mode_fixed() {
            self.mode = Mode::Normal;
        }
        self.error = None;
    }

    fn change(&mut self, forward: bool) {
        match self.row {
            StartRow::Game => self.change_game(forward),
            StartRow::Mode if self.mode_fixed() => {}
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
            StartRow::Learn => self.course = cycle(&super::Course::ALL, self.course, forward),
            StartRow::Start | StartRow::Resume | StartRow::Puzzles | StartRow::Name1 | StartRow::Name2 => {}
        }
    }

    fn choose(&mut self) -> Next {
        match self.row {
            StartRow::Puzzles => return Next::Puzzles,
            StartRow::Learn => return Next::Learn(self.course),
            StartRow::Resume => {
                if let Some(saved) = self.resume.take() {
                    return Next::Resume(saved);
                }
            }
            _ => {}
        }
        let names = match self.checked_names() {
            Ok(names) => names,
            Err((row, error)) => {
                self.error = Some(error);
                self.row = row;
                return Next::NOTHING;
            }
        };
        let heaps = match self.heap_choice() {
            Ok(heaps) => heaps,
            Err(error) => {
                self.error = Some(StartError::Heaps(error));
                self.row = StartRow::Heaps;
                return Next::NOTHING;
            }
        };
        if let HeapChoice::Custom(list) = &heaps
            && let Err(english) = crate::domain::check_heaps_for(self.game.kind, list)
        {
            self.error = Some(StartError::Misfit { kind: self.game.kind, heaps: list.clone(), english });
            self.row = StartRow::Heaps;
            return Next::NOTHING;
        }
        Next::Begin(GameSetup {
            game: self.game.kind,
            mode: if self.mode_fixed() { Mode::Normal } else { self.mode },
            heaps,
            first: self.first,
            level: self.level,
            opponent: self.opponent,
            names,
        })
    }

    /// The names as typed, checked; in a game against the AI they are kept but not used.
    fn checked_names(&self) -> Result<crate::domain::Names, (StartRow, StartError)> {
        if self.opponent != Opponent::Human {
            return Ok(self.base.names.clone());
        }
        let check = |i: usize, row: StartRow| {
            crate::domain::Names::check(&self.names[i])
                .map_err(|reason| (row, StartError::Name { player: i, name: self.names[i].clone(), reason }))
        };
        Ok(crate::domain::Names([check(0, StartRow::Name1)?, check(1, StartRow::Name2)?]))
    }
}

fn step(forward: bool, len: usize, at: usize) -> usize {
    if forward { (at + 1) % len } else { (at + len - 1) % len }
}

/// Why the menu did not start a game: what was refused, worded in the viewer's language when the
/// menu is drawn ([`StartError::text`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// Name `player` (0 or 1) as typed, refused by the check for `reason` (its own English).
    Name { player: usize, name: String, reason: String },
    /// The custom heaps as typed do not read as heaps.
    Heaps(StartHeapsError),
    /// The heaps do not fit the game; `english` is the check's own sentence, for a check the menu
    /// has no words of its own for.
    Misfit { kind: GameKind, heaps: Vec<u64>, english: String },
}

impl StartError {
    /// The refusal in `language`.
    pub fn text(&self, language: Language) -> String {
        match self {
            StartError::Name { player, name, reason } => {
                name_refusal(language, *player, name, reason.clone())
            }
            StartError::Heaps(error) => heaps_refusal(language, error),
            StartError::Misfit { kind, heaps, english } => {
                misfit(language, *kind, heaps).unwrap_or_else(|| english.clone())
            }
        }
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, forward: bool) -> T {
    let at = all.iter().position(|x| *x == now).unwrap_or(0);
    all[step(forward, all.len(), at)]
}

/// Why name `i` (0 or 1) is refused, in the screen's words; `english` is the check's own reason
/// ([`crate::text::check_name`]), kept for a refusal the menu cannot meet (it types no control
/// character and nothing too long).
fn name_refusal(lang: Language, i: usize, name: &str, english: String) -> String {
    use unicode_segmentation::UnicodeSegmentation;
    use unicode_width::UnicodeWidthStr;
    let player = ("player", Arg::from(i + 1));
    let trimmed = name.trim();
    if trimmed.is_empty() {
        crate::i18n::text_with(lang, "start-name-empty", &[player])
    } else if trimmed.graphemes(true).next().is_some_and(|g| g.width() == 0) {
        let shown = crate::text::escape_short(name, crate::text::ECHO_MAX);
        crate::i18n::text_with(lang, "start-name-no-width", &[player, ("name", shown.into())])
    } else {
        crate::i18n::text_with(lang, "start-name-refused", &[player, ("reason", english.into())])
    }
}

/// Why heaps as typed cannot start a game, in the screen's words (`--heaps` says it in English).
fn heaps_refusal(lang: Language, error: &StartHeapsError) -> String {
    use crate::engine::ParseHeapsError;
    use crate::i18n::text_with;
    let most = ("most", Arg::from(u64::MAX.to_string()));
    match error {
        StartHeapsError::Parse(ParseHeapsError::Empty) => crate::i18n::text(lang, "start-heaps-none"),
        StartHeapsError::Parse(ParseHeapsError::Negative(word)) => {
            text_with(lang, "start-heaps-negative", &[("word", word.as_str().into()), most])
        }
        StartHeapsError::Parse(ParseHeapsError::TooLarge(word)) => {
            text_with(lang, "start-heaps-too-large-number", &[("word", word.as_str().into()), most])
        }
        StartHeapsError::Parse(ParseHeapsError::NotANumber(word)) => {
            text_with(lang, "start-heaps-not-a-number", &[("word", word.as_str().into()), most])
        }
        StartHeapsError::Parse(ParseHeapsError::Notation(problem)) => {
            crate::words::notation_problem(lang, problem)
        }
        StartHeapsError::TooMany { count } => {
            text_with(lang, "start-heaps-too-many", &[("n", (*count).into()), ("most", MAX_HEAPS.into())])
        }
        StartHeapsError::Empty { number } => {
            text_with(lang, "start-heaps-empty-heap", &[("heap", (*number).into())])
        }
        StartHeapsError::TooLarge { number, size } => {
            text_with(lang, "start-heaps-too-large", &[("heap", (*number).into()), ("n", (*size).into())])
        }
        StartHeapsError::Range(why) => {
            text_with(lang, "start-heaps-random", &[("reason", why.as_str().into())])
        }
        StartHeapsError::NotAPreset(text) => {
            text_with(lang, "start-heaps-not-a-preset", &[("text", text.as_str().into())])
        }
        StartHeapsError::DoubleDash(text) => {
            text_with(lang, "start-heaps-double-dash", &[("text", text.as_str().into())])
        }
    }
}

/// Why `heaps` do not fit a game of `kind`, in the screen's words: the checks of
/// [`crate::domain::check_heaps_for`] (whose English `--heaps` prints), asked again to say which
/// failed. `None` when none does.
fn misfit(lang: Language, kind: GameKind, heaps: &[u64]) -> Option<String> {
    use crate::i18n::text_with;
    let start = kind.describe().start;
    // The English sentences name the game by its title; another language may use the menu's name.
    let game = |capital: bool| {
        let title = crate::words::title(lang, kind);
        let title = if capital { crate::words::capitalised(&title) } else { title };
        [("game", Arg::from(title)), ("name", Arg::from(crate::words::menu_title(lang, kind)))]
    };
    let word = ("word", Arg::from(crate::words::heap(lang, kind)));
    if let Some(count) = start.heaps
        && heaps.len() != count
    {
        let [game, name] = game(true);
        return Some(text_with(
            lang,
            "start-heaps-played-on",
            &[game, name, word, ("n", count.into()), ("given", heaps.len().into())],
        ));
    }
    if let Some(most) = crate::domain::largest_start_heap(kind)
        && let Some((i, &size)) = heaps.iter().enumerate().find(|(_, size)| **size > most)
    {
        let [game, name] = game(false);
        return Some(text_with(
            lang,
            "start-heaps-most",
            &[
                game,
                name,
                word,
                ("heap", (i + 1).into()),
                ("size", size.into()),
                ("most", most.into()),
                ("take", start.max_take.unwrap_or(1).into()),
            ],
        ));
    }
    if let Some((least, why)) = start.least
        && heaps.iter().any(|&h| h < least)
    {
        let [game, name] = game(true);
        let heaps = if start.heaps == Some(1) { "one" } else { "each" };
        return Some(text_with(
            lang,
            "start-heaps-least",
            &[
                game,
                name,
                word,
                ("least", least.into()),
                ("units", crate::words::units(lang, kind).into()),
                ("heaps", heaps.into()),
                ("why", crate::words::least_reason(lang, why).into()),
            ],
        ));
    }
    None
}
