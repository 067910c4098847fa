//! The game screen: a game against the AI or another person, its end, and the demo where the AI
//! plays both sides.

use rand::rngs::StdRng;

use crate::domain::Action;
use crate::domain::SavedGame;

use super::{Command, Effect, Game, Msg, Next, counted};

/// A game being played, or just finished.
#[derive(Debug, Clone)]
pub struct Play {
    pub game: Game,
    /// A line from outside the game, such as where its record was saved.
    pub message: Option<super::game::Note>,
    /// Whether the finished game was counted in the match's score (two people only).
    pub scored: bool,
}

impl Play {
    pub fn new(game: Game) -> Play {
        Play { game, message: None, scored: false }
    }

    pub fn commands(&self) -> Vec<Command> {
        let game = &self.game;
        if game.over.is_some() {
            return vec![
                Command::new(Action::Take, "keys-play-again").bar("keys-play-again"),
                Command::new(Action::NewGame, "keys-new-game").bar("keys-new-game"),
                Command::new(Action::Review, "keys-review-every-move").bar("keys-review"),
                Command::new(Action::Record, "keys-save-the-games-record").bar("keys-save-record"),
                Command::new(Action::History, "keys-move-list"),
                Command::new(Action::Binary, "keys-binary-view"),
                Command::new(Action::Help, "keys-keys").bar("keys-keys"),
                Command::new(Action::Quit, "keys-quit").bar("keys-quit"),
            ];
        }
        let mine = game.your_turn();
        let undo = game.moves().iter().any(|(seat, _)| game.is_human(*seat));
        let keys = move_keys(game);
        let switch = game.can_switch();
        // What the command promises is what it does: a game between two people is not counted.
        let resign = match game.players {
            crate::domain::Players::Ai => "keys-resign-counted",
            _ => "keys-resign-not-counted",
        };
        let commands = vec![
            Command::new(Action::Up, keys.up).when(mine),
            Command::new(Action::Down, keys.down).when(mine),
            Command::new(Action::Less, keys.less).bar(keys.bar).when(mine),
            Command::new(Action::More, keys.more).when(mine),
            Command::new(Action::TakeOne, keys.one).when(mine),
            Command::new(Action::TakeAll, keys.all).when(mine),
            Command::new(Action::Switch, keys.switch).bar(keys.switch_bar).when(mine && game.can_switch()),
            Command::new(Action::Take, keys.take).bar(keys.take_bar).when(mine),
            Command::new(Action::Erase, "keys-erase-a-typed-digit").when(mine && !game.typed.is_empty()),
            Command::new(Action::Hint, "keys-hint-show-best-move").bar("keys-hint").when(mine),
            Command::new(Action::Undo, "keys-undo-the-last-move-and-the").bar("keys-undo").when(undo),
            Command::new(Action::Resign, resign).when(mine),
            Command::new(Action::Redo, "keys-redo-what-was-undone").when(game.can_redo()),
            Command::new(Action::NewGame, "keys-new-game-asks"),
            Command::new(Action::History, crate::words::move_list_key(game.rules.kind)).bar("keys-moves"),
            match game.rules.kind.describe().view {
                crate::engine::ViewKind::Binary => {
                    Command::new(Action::Binary, "keys-binary-view-nim-sum").bar("keys-binary")
                }
                _ => Command::new(Action::Binary, "keys-theory-view-at-work").bar("keys-theory"),
            },
            Command::new(Action::Coach, "keys-coach-a-verdict-on-each-move"),
            Command::new(
                Action::Lesson,
                match (game.rules.kind.describe().view, crate::app::Course::of(game.rules.kind)) {
                    (_, crate::app::Course::SpragueGrundy) => "keys-lesson-sprague-grundy",
                    (crate::engine::ViewKind::Binary, _) => "keys-lesson-nim",
                    // Wythoff's and Fibonacci's theories have no lesson of their own yet.
                    _ => "keys-lessons-both",
                },
            )
            .when(mine),
            Command::new(Action::Help, "keys-keys").bar("keys-keys"),
            Command::new(Action::Quit, "keys-quit-the-game-is-kept").bar("keys-quit"),
        ];
        // A game with one kind of move has no switch, not even in the help.
        commands.into_iter().filter(|c| switch || c.action != Action::Switch).collect()
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        let game = &mut self.game;
        if game.over.is_some() {
            return match msg {
                Msg::Key { action: Some(Action::Review), .. } => Next::Review,
                Msg::Key { action: Some(Action::Quit), .. } => Next::Quit,
                Msg::Key { action: Some(Action::Record), .. } => {
                    Next::Stay(Effect::SaveRecord(game.record()))
                }
                Msg::Key { action: Some(Action::NewGame), .. } => Next::Menu,
                Msg::Key { action: Some(Action::Take), .. } => Next::Again,
                _ => Next::NOTHING,
            };
        }
        let played = match msg {
            Msg::AiMove => game.ai_play(),
            // A square of Wythoff's grid: the move that takes the queen there; again, it is made.
            Msg::Select(mv) => {
                if game.your_turn() && game.chosen() == mv {
                    game.take()
                } else {
                    if game.your_turn() {
                        game.select_move(&mv);
                    }
                    false
                }
            }
            Msg::Pick { heap, count } => {
                // Clicking the chosen tokens again takes them.
                if game.your_turn() && (heap, count) == (game.selected, game.count) {
                    game.take()
                } else {
                    if game.your_turn() {
                        game.pick(heap, count);
                    }
                    false
                }
            }
            Msg::Key { action, ch } => {
                // A typed count may be written with separators, as in 1,000 or 1_000.
                if matches!(ch, Some(',' | '_')) && !game.typed.is_empty() {
                    return Next::NOTHING;
                }
                if let Some(digit) = ch.and_then(|c| c.to_digit(10)) {
                    if game.your_turn() {
                        // to_digit(10) is at most 9.
                        game.type_digit(digit as u8);
                    }
                    return Next::NOTHING;
                }
                let Some(action) = action else { return Next::NOTHING };
                match action {
                    Action::Quit => return Next::Quit,
                    // On the player's turn: the AI's pause is not left hanging.
                    Action::Lesson if game.your_turn() => return Next::LessonFromGame,
                    Action::NewGame if game.moves().is_empty() => return Next::Menu,
                    Action::NewGame => return Next::Ask(super::Confirm::Abandon),
                    Action::Resign if game.your_turn() => return Next::Ask(super::Confirm::Resign),
                    // Also during the AI's pause, which it cancels.
                    Action::Undo => {
                        game.undo();
                        false
                    }
                    _ if !game.your_turn() => false,
                    Action::Redo => game.redo(),
                    Action::Up => {
                        game.step_selection(false);
                        false
                    }
                    Action::Down => {
                        game.step_selection(true);
                        false
                    }
                    Action::Less => {
                        game.set_count(game.count.saturating_sub(1));
                        false
                    }
                    Action::More => {
                        game.set_count(game.count.saturating_add(1));
                        false
                    }
                    Action::TakeOne => {
                        game.set_count(1);
                        false
                    }
                    Action::TakeAll => {
                        game.set_count(u64::MAX);
                        false
                    }
                    Action::Erase => {
                        game.erase_digit();
                        false
                    }
                    Action::Hint => {
                        game.show_hint();
                        false
                    }
                    Action::Switch => {
                        game.switch();
                        false
                    }
                    Action::Take => game.take(),
                    _ => false,
                }
            }
            _ => false,
        };
        match (played, counted(game)) {
            (true, Some((mode, result))) => Next::Stay(Effect::CountGame {
                game: game.rules.kind,
                mode,
                result,
                rated: super::rated_level(game),
            }),
            _ => Next::NOTHING,
        }
    }
}

/// What the keys that choose a move do in `game` now ([`crate::words::move_keys`]).
pub(crate) fn move_keys(game: &Game) -> crate::words::MoveKeys {
    crate::words::move_keys(&game.rules.kind.describe(), game.switched)
}

/// The AI playing both sides while a person watches.
#[derive(Debug, Clone)]
pub struct Demo {
    pub game: Game,
    /// Stopped by the watcher: the AI waits until a key resumes it.
    pub paused: bool,
    /// `nim-tui demo --loop`: one game after another until a key is pressed.
    pub looping: bool,
    /// The AI's pauses the finished game of a loop has stayed on screen so far.
    ending: u8,
    /// Where the choice among winning moves comes from (the app's seeded generator), so that the
    /// perfect AI does not play the same game every time and a seeded demo replays exactly.
    rng: StdRng,
}

/// What `nim-tui demo --loop` varies from one game to the next: the game, the heaps and the
/// mode, each unless its flag fixed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoLoop {
    pub game: bool,
    pub heaps: bool,
    pub mode: bool,
}

/// How many of the AI's pauses a finished game of a demo loop stays on screen before the next
/// begins (2.4 seconds at the default pause of 600 ms): a deadline each, nothing in between.
pub const ENDING_PAUSES: u8 = 4;

impl Demo {
    /// A demo of `game`; `rng` varies the AI's choice among equally winning moves.
    pub fn new(game: Game, rng: StdRng, looping: bool) -> Demo {
        let mut demo = Demo { game, paused: false, looping, ending: 0, rng };
        demo.vary();
        demo
    }

    /// Among the winning moves, the AI's next one is drawn at random: the engine answers with one
    /// winning move, always the same, so every demo from a position would be the same game.
    /// A move the level chose at random (not a winning one) is kept as it is.
    fn vary(&mut self) {
        use rand::Rng;

        use crate::engine::Rules;
        let game = &mut self.game;
        let Some(pending) = &game.pending else { return };
        let engine = game.engine();
        let position = game.position();
        if !engine.is_winning_move(position, pending) {
            return;
        }
        let winning = engine.winning_moves(position);
        if winning.len() > 1 {
            let pick = winning[self.rng.random_range(0..winning.len())].clone();
            game.pending = Some(pick);
        }
    }

    /// Whether the demo waits for a deadline: the AI's pause, or a loop's finished game on show.
    pub fn waiting(&self) -> bool {
        !self.paused && (self.game.ai_to_move() || (self.looping && self.game.over.is_some()))
    }

    pub fn commands(&self) -> Vec<Command> {
        if self.looping {
            return vec![Command::new(Action::Quit, "keys-stop-the-demo-any-key").bar("keys-any-key-stops")];
        }
        if self.game.over.is_some() {
            return vec![
                Command::new(Action::Take, "keys-watch-another-game").bar("keys-again"),
                Command::new(Action::NewGame, "keys-new-game").bar("keys-new-game"),
                Command::new(Action::History, "keys-move-list"),
                Command::new(Action::Binary, "keys-binary-view"),
                Command::new(Action::Help, "keys-keys").bar("keys-keys"),
                Command::new(Action::Quit, "keys-quit").bar("keys-quit"),
            ];
        }
        let label =
            if self.paused { "keys-resume-any-other-key-too" } else { "keys-pause-any-other-key-too" };
        vec![
            Command::new(Action::Take, label).bar(if self.paused { "keys-resume" } else { "keys-pause" }),
            Command::new(Action::History, "keys-move-list"),
            Command::new(Action::Binary, "keys-binary-view"),
            Command::new(Action::Help, "keys-keys").bar("keys-keys"),
            Command::new(Action::Quit, "keys-quit").bar("keys-quit"),
        ]
    }

    pub(crate) fn update(&mut self, msg: Msg) -> Next {
        if self.looping {
            // Any key ends the loop (the app turns keys into quitting before they come here).
            return match msg {
                Msg::AiMove if self.game.over.is_some() => {
                    self.ending = self.ending.saturating_add(1);
                    if self.ending >= ENDING_PAUSES { Next::Again } else { Next::NOTHING }
                }
                Msg::AiMove => {
                    self.game.ai_play();
                    self.vary();
                    Next::NOTHING
                }
                _ => Next::NOTHING,
            };
        }
        if self.game.over.is_some() {
            return match msg {
                Msg::Key { action: Some(Action::Quit), .. } => Next::Quit,
                Msg::Key { action: Some(Action::NewGame), .. } => Next::Menu,
                Msg::Key { action: Some(Action::Take), .. } => Next::Again,
                _ => Next::NOTHING,
            };
        }
        match msg {
            Msg::Key { action: Some(Action::Quit), .. } => return Next::Quit,
            // Watching: any key, bound or not, stops or restarts the play.
            Msg::Key { .. } => self.paused = !self.paused,
            Msg::AiMove if !self.paused => {
                self.game.ai_play();
                self.vary();
            }
            _ => {}
        }
        Next::NOTHING
    }
}

/// The game `saved` describes, ready to go on, or `None` if its moves no longer replay (the store
/// checks them when it loads the file, so this does not happen).
pub fn resumed(saved: &SavedGame, rng: StdRng) -> Option<Game> {
    let history = saved.history().ok()?;
    let players = saved.players();
    let mut game = Game::from_history(history, saved.level, players, rng);
    game.used_undo = saved.used_undo;
    Some(game)
}
