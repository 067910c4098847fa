//! A session at the terminal: builds the app from the settings and what was asked for, runs it,
//! carries out the app's effects (statistics, records, the saved game) and reports back what
//! came of them, and keeps an unfinished game on disk on every way out.

use std::io::{self, IsTerminal};
use std::time::Duration;

use crate::app::{App, Effect, Msg, Report};
use crate::config::Settings;
use crate::domain::SavedGame;
use crate::i18n::Language;
use crate::record::Record;
use crate::store::{ClaimError, Store};
use crate::theme::Background;
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

/// What to open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// The start menu, offering a saved game if there is one.
    Menu,
    /// A game at once, from the settings.
    Game,
    /// The AI playing both sides; in a loop of varied games when it holds what varies.
    Demo(Option<crate::app::DemoLoop>),
    /// A run of puzzles.
    Puzzles(crate::app::PuzzleStart),
    /// Stepping through a checked record.
    Replay(Box<Record>),
    /// A lesson, where it was left.
    Learn(crate::app::Course),
}

/// Plays until the player quits or the terminal goes away. Warnings about data files that had to be
/// moved aside are printed once the terminal is restored.
pub fn play(
    lang: Language,
    settings: &Settings,
    launch: Launch,
    seed: Option<u64>,
) -> Result<Ending, SessionError> {
    // The plain mode is lines of text: a pipe is as good as a terminal.
    if !settings.plain && (!io::stdout().is_terminal() || !io::stdin().is_terminal()) {
        return Err(SessionError::NoTerminal);
    }
    let events = tui::Events::catch()?;
    let replaying = matches!(launch, Launch::Replay(_));
    // A replay touches no file of the player's.
    let store = if replaying { None } else { Store::open_default().ok().map(|store| store.speaking(lang)) };
    let mut warnings = Vec::new();
    let (stats, saved, lesson) = match &store {
        Some(store) => {
            let (stats, warning) = store.load_stats();
            warnings.extend(warning);
            let (saved, warning) = store.load_game();
            warnings.extend(warning);
            let (lesson, warning) = store.load_lesson();
            warnings.extend(warning);
            (Some(stats), saved, lesson)
        }
        None => (None, None, crate::domain::LessonProgress::default()),
    };

    let setup = settings.setup();
    let start_now = launch == Launch::Game;
    let mut app = match launch {
        Launch::Menu | Launch::Game => App::new(setup, seed),
        Launch::Demo(None) => App::demo(setup, seed),
        Launch::Demo(Some(vary)) => App::demo_loop(setup, seed, vary),
        Launch::Puzzles(start) => App::puzzles(setup, start),
        Launch::Replay(record) => App::replay(&record),
        Launch::Learn(course) => App::learn_course(setup, lesson.clone(), course),
    };
    app.lesson = lesson;
    app.stats = stats;
    app.notices = warnings.clone();
    // Held for the whole session: a second window on this home is told at once (#35).
    let _home = match store.as_ref().map(Store::hold_home) {
        Some(Ok(crate::store::HomeHold::Theirs(pid))) => {
            app.other_window = Some(crate::app::OtherWindow { pid });
            None
        }
        Some(Ok(hold)) => Some(hold),
        Some(Err(e)) => {
            tracing::warn!("could not hold the home for this window: {e}");
            None
        }
        None => None,
    };
    app.panels.coach = settings.coach;
    // Nothing moves in lines of text.
    app.motion = crate::app::Motion::new(settings.animation && !settings.plain);
    // The saved game is offered on every start menu the session shows, and a new game that would
    // replace it asks first, a game started with flags too; the keeper remembers which one, to
    // claim it when it is resumed or given up.
    let offered = saved.clone();
    if let Some(saved) = saved {
        app.offer_resume(saved);
    }
    if start_now {
        app.start();
    }

    let (look, ask_colours) = look(settings, lang);
    let keymap = settings.keys.clone();
    let mouse = settings.mouse && !replaying;
    let options = Options { ai_delay: Duration::from_millis(settings.ai_delay_ms), mouse, ask_colours };
    let mut keeper =
        Keeper { store: store.as_ref(), ai_delay_ms: settings.ai_delay_ms, seed, warnings, offered };
    let ending = match settings.plain {
        true => {
            let options = crate::plain::Options { ai_delay: options.ai_delay, language: lang };
            crate::plain::run(app, keymap, &options, &mut keeper, events, &mut io::stdout().lock())?
        }
        false => tui::run(app, look, keymap, &options, &mut keeper, events)?,
    };
    for warning in &keeper.warnings {
        crate::text::warn(lang, warning);
    }
    Ok(ending)
}

/// The look from the settings: theme (no colour when NO_COLOR is set; for `auto`, the one for the
/// background `COLORFGBG` names, else dark), glyphs and keys; and whether to ask the terminal its
/// colours (see `tui::Options::ask_colours`): for `auto`, when standard input and output are a
/// terminal that can answer.
pub fn look(settings: &Settings, language: Language) -> (Look, bool) {
    let mut by_background = false;
    let look = Look {
        theme: settings.theme(|| {
            by_background = true;
            Background::detect(None, std::env::var_os("COLORFGBG").as_deref())
        }),
        keys: Look::key_labels(&settings.keys),
        title: crate::theme::TITLE.to_string(),
        offered: None,
        language,
        // Every field is written: `..Look::default()` would build a whole default look (the
        // shipped keys among it) only to drop it.
        glyphs: crate::theme::Glyphs::unicode(),
    }
    .with_glyphs(settings.glyphs());
    (look, by_background && can_ask_colours())
}

/// Whether the terminal may be asked its colours: standard input and output are one (on unix,
/// where the game reads the answer), and `TERM` names a terminal that answers as the query
/// expects. Not `dumb` (no escape codes at all), GNU `screen` (it answers in the wrong order, or
/// not at all, or once for each display attached) or `Eterm` (no device attributes): the reasons
/// terminal-colorsaurus gives for the same list.
fn can_ask_colours() -> bool {
    let term = std::env::var("TERM").unwrap_or_default();
    let known_unable = term.is_empty()
        || term == "dumb"
        || term == "screen"
        || term.starts_with("screen.")
        || term == "Eterm";
    cfg!(unix) && !known_unable && io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// Carries out the app's effects on disk and reports back.
struct Keeper<'a> {
    store: Option<&'a Store>,
    ai_delay_ms: u64,
    seed: Option<u64>,
    warnings: Vec<String>,
    /// The saved game offered on the start menu: resuming it claims it, so that no other instance
    /// resumes it too; giving it up for a new game claims it before it is counted and removed.
    offered: Option<SavedGame>,
}

impl Hooks for Keeper<'_> {
    fn perform(&mut self, effect: Effect) -> Option<Msg> {
        let Some(store) = self.store else {
            return match effect {
                Effect::SaveRecord(_) => Some(Msg::Report(Report::Problem("no data directory".into()))),
                _ => None,
            };
        };
        let report = match effect {
            Effect::None | Effect::Quit => return None,
            Effect::SaveRecord(record) => match store.save_record(&record.to_text()) {
                Ok(path) => Report::RecordSaved(path),
                Err(e) => Report::Problem(format!("the record was not saved: {e}")),
            },
            Effect::PuzzleAnswered { solved, daily, puzzle } => {
                match store.record_rated_puzzle(puzzle, daily, solved) {
                    Ok((stats, warning, rated)) => {
                        self.warnings.extend(warning);
                        match rated {
                            Some(rated) => {
                                Report::PuzzleRated { rated: Box::new(rated), stats: Some(Box::new(stats)) }
                            }
                            None => Report::Stats(Box::new(stats)),
                        }
                    }
                    Err(e) => Report::Problem(format!("could not save statistics: {e}")),
                }
            }
            Effect::CountGame { game, mode, result, rated } => {
                // The game this instance resumed is over: its saved copy goes.
                if let Err(e) = store.release_claim() {
                    self.warnings.push(format!("could not clear the saved game: {e}"));
                }
                match store.record_rated_game(game, mode, result, rated) {
                    Ok((stats, warning)) => {
                        self.warnings.extend(warning);
                        Report::Stats(Box::new(stats))
                    }
                    Err(e) => Report::Problem(format!("could not save statistics: {e}")),
                }
            }
            Effect::SaveLesson(progress) => match store.save_lesson(&progress) {
                Ok(()) => Report::Lesson(progress),
                Err(e) => Report::Problem(format!("could not keep the lesson's progress: {e}")),
            },
            Effect::ClaimSaved => {
                let offered = self.offered.take()?;
                match store.claim_game(&offered) {
                    Ok(()) => return None,
                    Err(e @ (ClaimError::Taken | ClaimError::Changed)) => {
                        Report::ClaimRefused(format!("the saved game was not resumed: {e}"))
                    }
                    Err(e) => Report::Problem(format!("could not claim the saved game: {e}")),
                }
            }
            Effect::GiveUpSaved { counted } => {
                let offered = self.offered.take()?;
                // Claimed first, as a resume would: a game another instance resumed meanwhile (or
                // replaced by another) is theirs, and is neither counted nor removed here.
                match store.claim_game(&offered) {
                    Ok(()) => {}
                    Err(e @ (ClaimError::Taken | ClaimError::Changed)) => {
                        return Some(Msg::Report(Report::Problem(format!(
                            "the saved game was left as it is, and not counted: {e}"
                        ))));
                    }
                    Err(e) => {
                        return Some(Msg::Report(Report::Problem(format!(
                            "could not give up the saved game: {e}"
                        ))));
                    }
                }
                // Counted before it goes, so that no failure can leave it gone but uncounted.
                let report =
                    counted.map(|(game, mode, result)| match store.record_game_of(game, mode, result) {
                        Ok((stats, warning)) => {
                            self.warnings.extend(warning);
                            Report::Stats(Box::new(stats))
                        }
                        Err(e) => Report::Problem(format!("could not count the saved game: {e}")),
                    });
                if let Err(e) = store.release_claim() {
                    self.warnings.push(format!("could not clear the saved game: {e}"));
                }
                return report.map(Msg::Report);
            }
        };
        Some(Msg::Report(report))
    }

    fn ending(&mut self, app: &App, _ending: Ending) {
        let Some(store) = self.store else { return };
        // A game left unfinished, however the session ends, is offered again next time; saving it
        // drops this instance's claim on the game it resumed. Otherwise the claim just goes.
        match app.unfinished() {
            Some(game) => {
                let saved = SavedGame::of(
                    game.history(),
                    &game.players,
                    game.level,
                    game.used_undo,
                    self.ai_delay_ms,
                    self.seed,
                );
                match store.save_game_beside(&saved) {
                    Ok(true) => {}
                    // Another window with the same home saved its game: that one is left as it
                    // is, and this one is kept as a record, which `replay` steps through.
                    Ok(false) => {
                        let record = crate::record::Record::of(game.history(), &game.players);
                        let other = crate::text::path(&store.game_path());
                        match store.save_record(&record.to_text()) {
                            Ok(path) => self.warnings.push(format!(
                                "another nim-tui window with the same home saved its unfinished game in {other}; it was left as it is, and this window's unfinished game was kept as the record {} (nim-tui replay {0})",
                                crate::text::path(&path)
                            )),
                            Err(e) => self.warnings.push(format!(
                                "another nim-tui window with the same home saved its unfinished game in {other}; it was left as it is, and this window's game could not be kept: {e}"
                            )),
                        }
                        if let Err(e) = store.release_claim() {
                            self.warnings.push(format!("could not clear the saved game: {e}"));
                        }
                    }
                    Err(e) => self.warnings.push(format!("could not save the game: {e}")),
                }
            }
            None => {
                if let Err(e) = store.release_claim() {
                    self.warnings.push(format!("could not clear the saved game: {e}"));
                }
            }
        }
    }
}
