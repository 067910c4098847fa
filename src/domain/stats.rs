//! The statistics as plain data: each game's figures in each mode, the puzzles' streaks, how they
//! change when a game or a puzzle is counted, the checks a loaded file must pass, and the report
//! that `nim-tui stats` prints (a table or one line of JSON). Reading and writing `stats.json`
//! is the store's.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::engine::{GameKind, Mode};

/// The format version written to `stats.json`; a file with another version is not read.
pub const STATS_VERSION: u32 = 1;

/// The result of one finished game, for [`Stats::record`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the player won.
    pub won: bool,
    /// Whether the player had help: hints, undo, or an AI weaker than `Level::Perfect`.
    /// Only meaningful for a win.
    pub assisted: bool,
    /// How the game ended: played to the end, or given up (a loss either way).
    pub how: How,
}

/// How a game ended, for the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum How {
    /// Played to the last token.
    #[default]
    Played,
    /// The player resigned.
    Resigned,
    /// The player left it for a new game after moves were made.
    Abandoned,
}

/// The figures for one mode.
///
/// `won` counts every win, assisted or not; `assisted_wins` is the part of `won` that had help.
/// Streaks count unassisted wins only: an assisted win neither extends nor breaks the current
/// streak, and a loss ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ModeStats {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
    pub current_streak: u64,
    pub best_streak: u64,
    /// Of the games lost, how many were resigned.
    #[serde(default)]
    pub resigned: u64,
    /// Of the games lost, how many were left unfinished for a new game.
    #[serde(default)]
    pub abandoned: u64,
}

impl ModeStats {
    fn record(&mut self, result: GameResult) {
        // At the largest count the figures stop moving together, so that they still agree with
        // each other (won + lost = played) and the file still loads.
        if self.played == u64::MAX {
            return;
        }
        self.played += 1;
        if !result.won {
            self.lost = self.lost.saturating_add(1);
            self.current_streak = 0;
            match result.how {
                How::Played => {}
                How::Resigned => self.resigned = self.resigned.saturating_add(1),
                How::Abandoned => self.abandoned = self.abandoned.saturating_add(1),
            }
            return;
        }
        self.won = self.won.saturating_add(1);
        if result.assisted {
            self.assisted_wins = self.assisted_wins.saturating_add(1);
        } else {
            self.current_streak = self.current_streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.current_streak);
        }
    }

    /// Whether the figures agree with each other; a file where they do not was not written by us.
    fn check(&self) -> Result<(), String> {
        if self.won.checked_add(self.lost) != Some(self.played) {
            return Err(format!("won ({}) + lost ({}) is not played ({})", self.won, self.lost, self.played));
        }
        if self.resigned.checked_add(self.abandoned).is_none_or(|given_up| given_up > self.lost) {
            return Err(format!(
                "resigned ({}) + abandoned ({}) is more than lost ({})",
                self.resigned, self.abandoned, self.lost
            ));
        }
        if self.assisted_wins > self.won {
            return Err(format!("assisted_wins ({}) is more than won ({})", self.assisted_wins, self.won));
        }
        if self.current_streak > self.best_streak {
            return Err(format!(
                "current_streak ({}) is more than best_streak ({})",
                self.current_streak, self.best_streak
            ));
        }
        if self.best_streak > self.won - self.assisted_wins {
            return Err(format!("best_streak ({}) is more than the unassisted wins", self.best_streak));
        }
        Ok(())
    }
}

/// Puzzles attempted and solved, and the run of puzzles solved in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PuzzleStats {
    pub attempted: u64,
    pub solved: u64,
    pub current_streak: u64,
    pub best_streak: u64,
    /// Days in a row on which the day's puzzle was solved (`nim-tui puzzle --daily`).
    #[serde(default)]
    pub daily_streak: u64,
    #[serde(default)]
    pub best_daily_streak: u64,
    /// The last day (counted from 1970-01-01, UTC) whose puzzle was answered; it counts once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_daily: Option<u64>,
}

impl PuzzleStats {
    fn check(&self) -> Result<(), String> {
        if self.solved > self.attempted {
            return Err(format!(
                "puzzles solved ({}) is more than attempted ({})",
                self.solved, self.attempted
            ));
        }
        if self.current_streak > self.best_streak || self.best_streak > self.solved {
            return Err(format!(
                "puzzle streaks ({} current, {} best) do not fit {} solved",
                self.current_streak, self.best_streak, self.solved
            ));
        }
        if self.daily_streak > self.best_daily_streak || self.best_daily_streak > self.solved {
            return Err(format!(
                "daily streaks ({} current, {} best) do not fit {} solved",
                self.daily_streak, self.best_daily_streak, self.solved
            ));
        }
        Ok(())
    }
}

/// Everything in `stats.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StatsFields")]
pub struct Stats {
    pub version: u32,
    /// Nim's games in normal play (files from before the other games hold only Nim's).
    pub normal: ModeStats,
    /// Nim's games in misère.
    pub misere: ModeStats,
    pub puzzle: PuzzleStats,
    /// The other games, by their name (`kayles`, `moore:2`, `subtraction:1,2,3`), each with its
    /// own figures in each mode. Absent from files that never counted one, so that those read as
    /// before.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub games: BTreeMap<String, GameStats>,
    /// The player's Glicko-2 rating against the AI's weaker levels (#39, `crate::rating`), by game
    /// and convention (`nim normal`, `kayles misere`: [`rating_key`]). Absent from files that
    /// never rated a game.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ratings: BTreeMap<String, RatingFigures>,
    /// The names of games in the file that this nim-tui does not play (written by a newer one),
    /// sorted. Their figures are not read: they stay in the file, written back unchanged on every
    /// save, and are not in `games` or the totals.
    #[serde(skip)]
    pub other_games: Vec<String>,
}

/// `stats.json` as read: each game's figures are read only when this version knows its name.
#[derive(Deserialize)]
struct StatsFields {
    version: u32,
    normal: ModeStats,
    misere: ModeStats,
    puzzle: PuzzleStats,
    #[serde(default)]
    games: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    ratings: BTreeMap<String, RatingFigures>,
}

impl TryFrom<StatsFields> for Stats {
    type Error = String;

    fn try_from(fields: StatsFields) -> Result<Self, String> {
        let mut games = BTreeMap::new();
        let mut other_games = Vec::new();
        for (name, figures) in fields.games {
            // Only the name is read: building a game's tables is for playing it.
            let known =
                GameKind::parse_name(&name).is_ok_and(|k| k != GameKind::default() && k.name() == name);
            if !known {
                other_games.push(name);
                continue;
            }
            let figures: GameStats =
                serde_json::from_value(figures).map_err(|e| format!("games: {name}: {e}"))?;
            games.insert(name, figures);
        }
        Ok(Stats {
            version: fields.version,
            normal: fields.normal,
            misere: fields.misere,
            puzzle: fields.puzzle,
            games,
            ratings: fields.ratings,
            other_games,
        })
    }
}

/// A rating is shown as provisional while its deviation is above this: Lichess's threshold (its
/// `provisionalDeviation`). At RD 110 the 95% interval is ±220 points, about the distance between
/// two of the AI's anchors (`crate::rating::anchor`); a new player (RD 350) gets below it after
/// some 8–12 rated games. Kept here, with the plain data, so that the statistics' table and the
/// rating module read the one value.
pub const PROVISIONAL_RD: f64 = 110.0;

/// A rating as the statistics keep it: Glicko-2's three numbers (see `crate::rating::Rating`,
/// which works them out; the domain keeps plain data) and the rated games.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingFigures {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u64,
}

// The figures are finite numbers (a file whose are not fails `Stats::validate`), for which `==`
// is an equivalence, so the statistics stay `Eq`.
impl Eq for RatingFigures {}

impl RatingFigures {
    /// Whether the figures are a rating's: finite, the deviation in (0, 1000], the volatility in
    /// (0, 1).
    pub fn is_sound(&self) -> bool {
        self.rating.is_finite()
            && self.rating.abs() < 100_000.0
            && self.deviation.is_finite()
            && self.deviation > 0.0
            && self.deviation <= 1000.0
            && self.volatility.is_finite()
            && self.volatility > 0.0
            && self.volatility < 1.0
    }
}

/// The key of a game and convention's rating in [`Stats::ratings`]: `nim normal`.
pub fn rating_key(game: GameKind, mode: Mode) -> String {
    format!("{} {}", game.name(), mode.as_str())
}

pub use crate::words::PUZZLES;

/// The key of a game's puzzle rating in [`Stats::ratings`] (#39): `nim puzzles`.
pub fn puzzle_rating_key(game: GameKind) -> String {
    format!("{} {PUZZLES}", game.name())
}

/// One game's figures (other than Nim's) in each mode.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GameStats {
    pub normal: ModeStats,
    pub misere: ModeStats,
}

impl GameStats {
    fn mode(&self, mode: Mode) -> &ModeStats {
        match mode {
            Mode::Normal => &self.normal,
            Mode::Misere => &self.misere,
        }
    }
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            version: STATS_VERSION,
            normal: ModeStats::default(),
            misere: ModeStats::default(),
            puzzle: PuzzleStats::default(),
            games: BTreeMap::new(),
            ratings: BTreeMap::new(),
            other_games: Vec::new(),
        }
    }
}

/// Games played, won and lost over both modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
}

impl Stats {
    /// Counts a finished game of Nim under `mode`.
    pub fn record(&mut self, mode: Mode, result: GameResult) {
        self.mode_mut(mode).record(result);
    }

    /// Counts a finished game of `game` under `mode`: Nim's in `normal` and `misere`, each other
    /// game's under its name.
    pub fn record_of(&mut self, game: GameKind, mode: Mode, result: GameResult) {
        // The default game's figures are the file's own, from before there were other games.
        if game == GameKind::default() {
            return self.record(mode, result);
        }
        let figures = self.games.entry(game.name()).or_default();
        match mode {
            Mode::Normal => figures.normal.record(result),
            Mode::Misere => figures.misere.record(result),
        }
    }

    /// The figures of `game` under `mode` (all zero for a game never played).
    pub fn of(&self, game: GameKind, mode: Mode) -> ModeStats {
        match game == GameKind::default() {
            true => *self.mode(mode),
            false => self.games.get(&game.name()).map(|g| *g.mode(mode)).unwrap_or_default(),
        }
    }

    /// The rating in `game` under `mode`, if a game of it was rated.
    pub fn rating(&self, game: GameKind, mode: Mode) -> Option<RatingFigures> {
        self.ratings.get(&rating_key(game, mode)).copied()
    }

    /// Keeps the rating in `game` under `mode` after one more rated game.
    pub fn set_rating(&mut self, game: GameKind, mode: Mode, rating: f64, deviation: f64, volatility: f64) {
        let entry = self.ratings.entry(rating_key(game, mode)).or_insert(RatingFigures {
            rating,
            deviation,
            volatility,
            games: 0,
        });
        *entry = RatingFigures { rating, deviation, volatility, games: entry.games.saturating_add(1) };
    }

    /// The player's puzzle rating in `game`, if a puzzle of it was rated.
    pub fn puzzle_rating(&self, game: GameKind) -> Option<RatingFigures> {
        self.ratings.get(&puzzle_rating_key(game)).copied()
    }

    /// Keeps the puzzle rating in `game` after one more rated puzzle.
    pub fn set_puzzle_rating(&mut self, game: GameKind, after: RatingFigures) {
        let games = self.puzzle_rating(game).map_or(0, |r| r.games).saturating_add(1);
        self.ratings.insert(puzzle_rating_key(game), RatingFigures { games, ..after });
    }

    /// Whether the day's puzzle of `day` would still be counted (its first answer that day).
    pub fn daily_open(&self, day: u64) -> bool {
        self.puzzle.last_daily.is_none_or(|last| last < day)
    }

    /// Counts a puzzle: solved extends the puzzle streak, failed ends it.
    /// Counts the day's puzzle of `day`: once a day, the first answer only; solved on the day after
    /// the last one extends the daily streak, solved later starts it again, failed ends it.
    pub fn record_daily(&mut self, day: u64, solved: bool) {
        if self.puzzle.last_daily.is_some_and(|last| last >= day) {
            return;
        }
        let follows = self.puzzle.last_daily.is_some_and(|last| last + 1 == day);
        self.record_puzzle(solved);
        let p = &mut self.puzzle;
        p.last_daily = Some(day);
        p.daily_streak = match (solved, follows) {
            (false, _) => 0,
            (true, true) => p.daily_streak.saturating_add(1),
            (true, false) => 1,
        };
        // `record_puzzle` counted it as solved, so one more daily streak fits the solved count.
        p.daily_streak = p.daily_streak.min(p.solved);
        p.best_daily_streak = p.best_daily_streak.max(p.daily_streak);
    }

    pub fn record_puzzle(&mut self, solved: bool) {
        let p = &mut self.puzzle;
        // As for games: at the largest count nothing moves, so the figures stay consistent.
        if p.attempted == u64::MAX {
            return;
        }
        p.attempted += 1;
        if solved {
            p.solved = p.solved.saturating_add(1);
            p.current_streak = p.current_streak.saturating_add(1);
            p.best_streak = p.best_streak.max(p.current_streak);
        } else {
            p.current_streak = 0;
        }
    }

    pub fn mode(&self, mode: Mode) -> &ModeStats {
        match mode {
            Mode::Normal => &self.normal,
            Mode::Misere => &self.misere,
        }
    }

    pub fn mode_mut(&mut self, mode: Mode) -> &mut ModeStats {
        match mode {
            Mode::Normal => &mut self.normal,
            Mode::Misere => &mut self.misere,
        }
    }

    /// Played, won and lost summed over both modes and every game. Streaks are per game and
    /// mode and are not summed.
    pub fn totals(&self) -> Totals {
        let all = [&self.normal, &self.misere]
            .into_iter()
            .chain(self.games.values().flat_map(|g| [&g.normal, &g.misere]));
        all.fold(Totals::default(), |t, s| Totals {
            played: t.played.saturating_add(s.played),
            won: t.won.saturating_add(s.won),
            lost: t.lost.saturating_add(s.lost),
            assisted_wins: t.assisted_wins.saturating_add(s.assisted_wins),
        })
    }

    /// Checks that a loaded file makes sense.
    pub fn validate(&self) -> Result<(), String> {
        if self.version != STATS_VERSION {
            return Err(format!("version {} is not the supported version {STATS_VERSION}", self.version));
        }
        for mode in Mode::ALL {
            self.mode(mode).check().map_err(|e| format!("{mode}: {e}"))?;
        }
        for (name, figures) in &self.games {
            let kind = GameKind::parse_name(name).map_err(|e| format!("games: {e}"))?;
            if kind == GameKind::default() || kind.name() != *name {
                return Err(format!(
                    "games: '{}' is not another game's name",
                    crate::text::escape_short(name, 40)
                ));
            }
            for mode in Mode::ALL {
                figures.mode(mode).check().map_err(|e| format!("games: {name}: {mode}: {e}"))?;
            }
        }
        for (key, figures) in &self.ratings {
            if !figures.is_sound() {
                return Err(format!(
                    "ratings: '{}' is not a rating (rating {}, deviation {}, volatility {})",
                    crate::text::escape_short(key, 40),
                    figures.rating,
                    figures.deviation,
                    figures.volatility
                ));
            }
        }
        self.puzzle.check()
    }
}

/// The version of `nim-tui stats --json`'s shape (not of the file): it changes only when a field
/// changes meaning or goes away (new fields may come within it).
pub const STATS_REPORT_VERSION: u64 = 1;

/// The statistics as `nim-tui stats --json` prints them: totals over both modes at the top level,
/// beside each mode's figures. Field names are a published interface.
#[derive(Debug, Serialize)]
pub struct StatsReport<'a> {
    /// The version of this report's shape (`STATS_REPORT_VERSION`), first so that a reader sees it
    /// before anything it might misread.
    pub version: u64,
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    pub assisted_wins: u64,
    pub normal: &'a ModeStats,
    pub misere: &'a ModeStats,
    pub puzzle: &'a PuzzleStats,
    /// The other games' figures by name; absent when none was played.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub games: &'a BTreeMap<String, GameStats>,
    /// The ratings against the AI's weaker levels by game and convention (`nim normal`); absent
    /// when none was rated.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub ratings: &'a BTreeMap<String, RatingFigures>,
}

impl<'a> From<&'a Stats> for StatsReport<'a> {
    fn from(stats: &'a Stats) -> Self {
        let t = stats.totals();
        StatsReport {
            version: STATS_REPORT_VERSION,
            played: t.played,
            won: t.won,
            lost: t.lost,
            assisted_wins: t.assisted_wins,
            normal: &stats.normal,
            misere: &stats.misere,
            puzzle: &stats.puzzle,
            games: &stats.games,
            ratings: &stats.ratings,
        }
    }
}

/// The one-line JSON object of `nim-tui stats --json`.
pub fn stats_json(stats: &Stats) -> String {
    // Serialising plain integers and structs of them into a String cannot fail.
    serde_json::to_string(&StatsReport::from(stats)).unwrap_or_default()
}

/// The small table `nim-tui stats` prints for a person, in the words of `lang`;
/// its columns are measured in a terminal's columns (a CJK character takes two).
pub fn stats_table(lang: crate::i18n::Language, stats: &Stats) -> String {
    use crate::i18n::{Arg, text, text_with};
    let mut out = String::new();
    // The first column's width, and each figure's: at least the English heads' widths, more
    // where a language's head is wider.
    let heads = [
        (text(lang, "stats-played"), 7),
        (text(lang, "stats-won"), 7),
        (text(lang, "stats-lost"), 7),
        (text(lang, "stats-assisted"), 9),
        (text(lang, "stats-streak"), 7),
        (text(lang, "stats-best"), 7),
        (text(lang, "stats-resigned"), 9),
        (text(lang, "stats-abandoned"), 9),
    ];
    let widths: Vec<usize> = heads.iter().map(|(head, least)| width(head).max(*least)).collect();
    let name_width = 12;
    let line = |out: &mut String, name: &str, cells: &[String]| {
        let mut row = pad_right(name, name_width);
        for (cell, &w) in cells.iter().zip(&widths) {
            row.push(' ');
            row.push_str(&pad_left(cell, w));
        }
        let _ = writeln!(out, "{row}");
    };
    let row = |out: &mut String, name: &str, s: &ModeStats| {
        let cells = [
            s.played,
            s.won,
            s.lost,
            s.assisted_wins,
            s.current_streak,
            s.best_streak,
            s.resigned,
            s.abandoned,
        ]
        .map(|n| n.to_string());
        line(out, name, &cells);
    };
    let head_cells: Vec<String> = heads.iter().map(|(head, _)| head.clone()).collect();
    line(&mut out, "", &head_cells);
    // `game` is the id the file keeps (`fibonacci`), `title` the game's name as `solve` prints it.
    let game_line = |out: &mut String, name: &str| {
        let title = name.parse::<GameKind>().map_or(name.to_string(), |kind| crate::words::title(lang, kind));
        let args = [("game", Arg::Text(name.to_string())), ("title", Arg::Text(title))];
        let _ = writeln!(out, "{}", text_with(lang, "stats-game", &args));
    };
    // Nim's rows are named when other games follow them.
    if !stats.games.is_empty() {
        game_line(&mut out, "nim");
    }
    row(&mut out, crate::words::mode_title(lang, Mode::Normal), &stats.normal);
    row(&mut out, crate::words::mode_title(lang, Mode::Misere), &stats.misere);
    for (name, figures) in &stats.games {
        game_line(&mut out, name);
        for mode in Mode::ALL {
            if figures.mode(mode).played > 0 {
                let name = if mode == Mode::Normal {
                    text(lang, "stats-row-normal")
                } else {
                    text(lang, "stats-row-misere")
                };
                row(&mut out, &format!("  {name}"), figures.mode(mode));
            }
        }
    }
    let t = stats.totals();
    let totals = [t.played, t.won, t.lost, t.assisted_wins].map(|n| n.to_string());
    line(&mut out, &text(lang, "stats-total"), &totals);
    let p = &stats.puzzle;
    let puzzles = text_with(
        lang,
        "stats-puzzles",
        &[
            ("solved", Arg::Text(p.solved.to_string())),
            ("attempted", Arg::Text(p.attempted.to_string())),
            ("streak", Arg::Text(p.current_streak.to_string())),
            ("best", Arg::Text(p.best_streak.to_string())),
        ],
    );
    let _ = writeln!(out, "\n{puzzles}");
    // The ratings against the AI's weaker levels (#39), with their deviation, and "provisional"
    // while it is large.
    for (key, r) in &stats.ratings {
        let (game, mode) = key.split_once(' ').unwrap_or((key.as_str(), ""));
        let provisional = r.deviation > crate::domain::PROVISIONAL_RD;
        let value = crate::words::rating_value(
            lang,
            r.rating.round() as i64,
            r.deviation.round() as i64,
            provisional,
        );
        let args = [
            ("rating", Arg::Text(crate::words::rating_in(lang, game, mode, &value))),
            ("games", Arg::Count(r.games)),
        ];
        let id = if mode == PUZZLES { "stats-rating-puzzles" } else { "stats-rating" };
        let _ = writeln!(out, "{}", text_with(lang, id, &args));
    }
    let _ = writeln!(out, "{}", text(lang, "stats-note"));
    if !stats.other_games.is_empty() {
        let names: Vec<String> =
            stats.other_games.iter().take(10).map(|n| crate::text::escape_short(n, 40)).collect();
        let names = names.join(&text(lang, "stats-list-separator"));
        let more = stats.other_games.len().saturating_sub(10.min(stats.other_games.len()));
        let kept = match more {
            0 => text_with(lang, "stats-other-games", &[("names", Arg::Text(names))]),
            _ => text_with(
                lang,
                "stats-other-games-more",
                &[("names", Arg::Text(names)), ("more", Arg::Text(more.to_string()))],
            ),
        };
        let _ = writeln!(out, "{kept}");
    }
    out
}

/// How many columns `text` takes on a terminal.
fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` and spaces after it, `columns` wide on a terminal.
fn pad_right(text: &str, columns: usize) -> String {
    format!("{text}{:pad$}", "", pad = columns.saturating_sub(width(text)))
}

/// Spaces and `text` after them, `columns` wide on a terminal.
fn pad_left(text: &str, columns: usize) -> String {
    format!("{:pad$}{text}", "", pad = columns.saturating_sub(width(text)))
}
