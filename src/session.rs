//! A session at the terminal: builds the app from the config and flags, runs it, and keeps the
//! player's record and unfinished game on disk on every way out.

use std::io::{self, IsTerminal};
use std::time::Duration;

use crate::app::{App, Effect, Screen, Setup, Side};
use crate::config::{Config, Heaps};
use crate::store::{GameResult, Store};
use crate::tui::{self, Ending, Hooks, Options};
use crate::ui::Look;

/// Why a session could not run.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(
        "the game needs a terminal, and standard input or output is not one; for scripts, use `nim-tui solve`"
    )]
    NoTerminal,
    #[error("terminal error: {0}")]
    Terminal(#[from] io::Error),
}

/// What the flags add to the config: whether to skip the start screen, and the seed.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    pub start_now: bool,
    /// Go straight to a run of puzzles.
    pub puzzles: bool,
    pub coach: bool,
    pub seed: Option<u64>,
    pub opponent: crate::app::Opponent,
    pub names: crate::app::Names,
    /// The AI plays both sides (`nim-tui demo`).
    pub demo: bool,
}

/// Plays until the player quits or the terminal goes away. Warnings about data files that had to be
/// moved aside are printed once the terminal is restored.
pub fn play(config: &Config, launch: Launch) -> Result<Ending, SessionError> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(SessionError::NoTerminal);
    }
    let store = Store::open_default().ok();
    let mut warnings = Vec::new();
    let (stats, saved) = match &store {
        Some(store) => {
            let (stats, warning) = store.load_stats();
            warnings.extend(warning);
            let (saved, warning) = store.load_game();
            warnings.extend(warning);
            (Some(stats), saved)
        }
        None => (None, None),
    };

    let heaps = match &config.heaps {
        Heaps::Preset(preset) => preset.heaps(),
        other => other.clone(),
    };
    let heaps = match heaps {
        Heaps::List(list) => Some(list),
        _ => None,
    };
    let setup = Setup {
        mode: config.mode,
        heaps,
        first: config.first,
        level: config.level,
        seed: launch.seed,
        opponent: launch.opponent,
        names: launch.names.clone(),
        demo: launch.demo,
    };
    let mut app = if launch.puzzles {
        App::start_puzzles(setup)
    } else if launch.start_now || launch.demo {
        let mut setup = setup;
        if setup.heaps.is_none() {
            let mut rng = seeded(launch.seed);
            setup.heaps = Some(config.starting_heaps(&mut rng));
        }
        App::start_now(setup)
    } else {
        App::new(setup)
    };
    app.stats = stats;
    app.notices = warnings.clone();
    app.coach = launch.coach;
    if let (false, false, false, Some(saved)) = (launch.start_now, launch.demo, launch.puzzles, saved) {
        app.offer_resume(saved);
    }

    let look = look(config);
    let keymap = config.keys.clone();
    let options = Options { ai_delay: Duration::from_millis(config.ai_delay_ms), mouse: config.mouse };
    let offered = match &app.screen {
        Screen::Start(menu) => menu.resume.as_deref().cloned(),
        Screen::Playing(_) => None,
    };
    let mut keeper = Keeper {
        store: store.as_ref(),
        ai_delay_ms: config.ai_delay_ms,
        seed: launch.seed,
        warnings,
        offered,
        copy: false,
    };
    let ending = tui::run(&mut app, &look, &|key| keymap.action(key), &options, &mut keeper)?;
    for warning in &keeper.warnings {
        crate::text::warn(warning);
    }
    Ok(ending)
}

/// Steps through a checked game record in the terminal.
pub fn replay(config: &Config, record: &crate::record::Record) -> Result<Ending, SessionError> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(SessionError::NoTerminal);
    }
    let mut app = App::replay(record);
    let look = look(config);
    let keymap = config.keys.clone();
    let options = Options { ai_delay: Duration::from_millis(config.ai_delay_ms), mouse: false };
    Ok(tui::run(&mut app, &look, &|key| keymap.action(key), &options, &mut ())?)
}

fn seeded(seed: Option<u64>) -> rand::rngs::StdRng {
    use rand::SeedableRng;
    match seed {
        Some(seed) => rand::rngs::StdRng::seed_from_u64(seed),
        None => rand::rngs::StdRng::from_os_rng(),
    }
}

/// The look from the config: theme (no colour when NO_COLOR is set), glyph and keys.
pub fn look(config: &Config) -> Look {
    Look {
        theme: config.theme(),
        token: config.token.clone(),
        marked: "○".into(),
        keys: Look::key_labels(&config.keys),
        title: crate::theme::TITLE.to_string(),
    }
}

/// Keeps statistics and the unfinished game on disk.
struct Keeper<'a> {
    store: Option<&'a Store>,
    ai_delay_ms: u64,
    seed: Option<u64>,
    warnings: Vec<String>,
    /// The saved game offered on the start screen, until the player resumes it or starts another.
    offered: Option<crate::store::SavedGame>,
    /// The game on screen is a resumed game that another instance claimed first: it is not
    /// counted or saved here, so that it is counted once.
    copy: bool,
}

impl Hooks for Keeper<'_> {
    fn effect(&mut self, app: &mut App, effect: &Effect) {
        if *effect == Effect::Record {
            let Some(game) = app.game() else { return };
            let text = crate::record::Record::of(game).to_text();
            app.message = Some(match self.store.map(|store| store.save_record(&text)) {
                Some(Ok(path)) => format!("Saved to {}", crate::text::path(&path)),
                Some(Err(e)) => format!("Not saved: {e}"),
                None => "Not saved: no data directory".to_string(),
            });
            return;
        }
        let Some(store) = self.store else { return };
        if let Effect::PuzzleAnswered { solved } = effect {
            match store.record_puzzle(*solved) {
                Ok((stats, warning)) => {
                    app.stats = Some(stats);
                    self.warnings.extend(warning);
                }
                Err(e) => self.warnings.push(format!("could not save statistics: {e}")),
            }
        }
        if let Effect::Finished { mode, winner } = effect {
            // Only games against the AI are the player's record; two-player games and demos are not.
            // The game this instance resumed is over (or was left for this one): it goes.
            if let Err(e) = store.release_claim() {
                self.warnings.push(format!("could not clear the saved game: {e}"));
            }
            if std::mem::take(&mut self.copy)
                || app.game().is_some_and(|g| g.players != crate::app::Players::Ai)
            {
                return;
            }
            let assisted = app.game().is_some_and(|g| g.used_undo || g.level != crate::app::Level::Perfect);
            match store.record_game(*mode, GameResult { won: *winner == Side::You, assisted }) {
                Ok((stats, warning)) => {
                    app.stats = Some(stats);
                    self.warnings.extend(warning);
                }
                Err(e) => self.warnings.push(format!("could not save statistics: {e}")),
            }
        }
    }

    fn updated(&mut self, app: &mut App) {
        let Some(offered) = &self.offered else { return };
        let resumed = match &app.screen {
            // Still on offer.
            Screen::Start(menu) if menu.resume.is_some() => return,
            Screen::Playing(game) => {
                let now = game.to_saved(offered.ai_delay_ms, offered.seed);
                now.start_heaps == offered.start_heaps
                    && now.moves == offered.moves
                    && now.turn == offered.turn
            }
            Screen::Start(_) => false,
        };
        let offered = self.offered.take();
        let (true, Some(offered), Some(store)) = (resumed, offered, self.store) else { return };
        // Claimed, so that no other instance resumes it too; cleared only by this one.
        match store.claim_game(&offered) {
            Ok(()) => {}
            Err(e @ (crate::store::ClaimError::Taken | crate::store::ClaimError::Changed)) => {
                self.copy = true;
                app.message = Some(format!("Not saved or counted here: {e}"));
            }
            Err(e) => self.warnings.push(format!("could not claim the saved game: {e}")),
        }
    }

    fn ending(&mut self, app: &App, _ending: Ending) {
        let Some(store) = self.store else { return };
        // A game left unfinished, however the session ends, is offered again next time; saving it
        // drops this instance's claim on the game it resumed. Two-player games are kept too.
        if let Screen::Playing(game) = &app.screen
            && app.puzzle.is_none()
            && game.over.is_none()
            && !game.moves.is_empty()
            && game.players != crate::app::Players::Demo
            && !self.copy
        {
            if let Err(e) = store.save_game(&game.to_saved(self.ai_delay_ms, self.seed)) {
                self.warnings.push(format!("could not save the game: {e}"));
            }
        } else if let Err(e) = store.release_claim() {
            self.warnings.push(format!("could not clear the saved game: {e}"));
        }
    }
}
