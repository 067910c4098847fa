//! `nim-tui serve report`: the classroom's records for the teacher, read from the server's
//! database (read-only, so a running server goes on writing), for a range of days or one
//! activity: a CSV with a line per student ([`CSV_COLUMNS`]) and a JSON with every game and its
//! graded moves ([`Report`]).
//!
//! Days are UTC days (the database keeps seconds since 1970, UTC); `--from` starts at its day's
//! midnight, `--to` ends at its day's end.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::db::{
    Activity, Db, DbError, GameRecord, GameRow, Location, MoveRow, Selection, StudentSummary, seconds,
};

/// Why there is no report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("no data directory for the server's database ($HOME is not set): give one with --db PATH")]
    NoDataDir,
    #[error("--{flag} {text}: not a date; write it as YYYY-MM-DD (a UTC day), such as 2026-03-02")]
    BadDate { flag: &'static str, text: String },
    #[error("--from {from} is after --to {to}: the range would be empty")]
    Backwards { from: String, to: String },
    #[error("there is no activity {id} in {db}{known}")]
    NoActivity { id: i64, db: String, known: String },
    #[error("--csv and --json cannot both go to standard output (-): give one of them a file")]
    BothStdout,
    #[error("{path}: {why}")]
    BadOutput { path: String, why: String },
    #[error("cannot write {path}: {source}")]
    Write { path: String, source: std::io::Error },
}

impl ReportError {
    /// Whether the fault is in what was given (exit 2) rather than at run time (exit 1).
    pub fn is_bad_input(&self) -> bool {
        match self {
            ReportError::Db(e) => e.is_bad_input(),
            ReportError::Write { .. } => false,
            _ => true,
        }
    }
}

/// The CSV's columns, in order (the README describes each).
pub const CSV_COLUMNS: [&str; 24] = [
    "student",
    "games",
    "won",
    "lost",
    "abandoned",
    "ended_by_server",
    "assisted",
    "moves",
    "winning_positions",
    "kept",
    "missed",
    "accuracy",
    "time_on_task_s",
    "lesson_steps",
    "puzzles_tried",
    "puzzles_solved",
    "first_seen",
    "last_seen",
    "rating",
    "rating_deviation",
    "rating_provisional",
    "rating_game",
    "lost_position_moves",
    "hardest",
];

/// `nim-tui serve report`: reads the database (`args.db`, else the server's `--db`, else the
/// server's default) and writes what was asked.
pub fn run(args: &nim_tui::cli::ReportArgs, server_db: Option<&Path>) -> Result<(), ReportError> {
    let path = match args.db.as_deref().or(server_db) {
        Some(path) => path.to_path_buf(),
        None => nim_tui::paths::server_db(&nim_tui::paths::data_dir().ok_or(ReportError::NoDataDir)?),
    };
    let selection = selection(args.from.as_deref(), args.to.as_deref(), args.activity)?;
    let stdout = |p: &Option<PathBuf>| p.as_deref().is_some_and(|p| p == Path::new("-"));
    if stdout(&args.csv) && stdout(&args.json) {
        return Err(ReportError::BothStdout);
    }
    for out in [&args.csv, &args.json].into_iter().flatten() {
        check_output(out)?;
    }
    let db = Db::open_read_only_at(&Location::parse(&path)?)?;
    let report = Report::read(&db, selection, args)?;
    if let Some(out) = &args.csv {
        write_out(out, |w| report.write_csv(w).map_err(std::io::Error::other))?;
    }
    if let Some(out) = &args.json {
        write_out(out, |w| {
            serde_json::to_writer_pretty(&mut *w, &report).map_err(std::io::Error::other)?;
            w.write_all(b"\n")
        })?;
    }
    Ok(())
}

/// The records asked for, from `--from`, `--to` and `--activity`.
pub fn selection(
    from: Option<&str>,
    to: Option<&str>,
    activity: Option<i64>,
) -> Result<Selection, ReportError> {
    if let Some(id) = activity {
        return Ok(Selection::Activity(id));
    }
    let day = |flag, text: Option<&str>| {
        text.map(|t| {
            parse_date(t).ok_or(ReportError::BadDate { flag, text: nim_tui::text::escape(t).into_owned() })
        })
        .transpose()
    };
    let (first, last) = (day("from", from)?, day("to", to)?);
    if let (Some(f), Some(l), Some(ft), Some(lt)) = (first, last, from, to)
        && f > l
    {
        return Err(ReportError::Backwards { from: ft.into(), to: lt.into() });
    }
    Ok(match (first, last) {
        (None, None) => Selection::All,
        (f, l) => Selection::Between {
            from: f.map_or(i64::MIN, |d| d * DAY),
            until: l.map_or(i64::MAX, |d| (d + 1) * DAY),
        },
    })
}

const DAY: i64 = 86_400;

/// A refusal of an output path that cannot be written, before anything is read.
fn check_output(path: &Path) -> Result<(), ReportError> {
    if path == Path::new("-") {
        return Ok(());
    }
    let bad = |why: &str| ReportError::BadOutput { path: nim_tui::text::path(path), why: why.into() };
    if path.is_dir() {
        return Err(bad("is a folder: give a file's name"));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(bad("its folder does not exist"));
    }
    Ok(())
}

/// Writes through `fill` to standard output, or to a temporary file renamed to `path` once whole
/// (so a failure leaves no half report behind, nor an old one half overwritten).
fn write_out(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), ReportError> {
    let failed = |source| ReportError::Write { path: nim_tui::text::path(path), source };
    if path == Path::new("-") {
        let stdout = std::io::stdout();
        let mut lock = stdout.lock();
        fill(&mut lock).map_err(failed)?;
        return lock.flush().map_err(failed);
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    // Readable as any file the teacher makes (the umask applies), not the temporary file's 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(failed)?;
    let mut out = std::io::BufWriter::new(file.as_file_mut());
    fill(&mut out).map_err(failed)?;
    out.flush().map_err(failed)?;
    drop(out);
    file.as_file().sync_all().map_err(failed)?;
    file.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

/// The JSON report (version 1): what was asked, each student's summary, every game.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The shape's version: 1.
    pub version: u32,
    /// When the report was made (UTC).
    pub made_at: String,
    /// `{"all": true}`, `{"from": "2026-03-02", "to": "2026-03-06"}` (either may be null) or
    /// `{"activity": 3}`.
    pub selection: SelectionJson,
    /// The activity, when one was asked for.
    pub activity: Option<ActivityJson>,
    /// A line per student, by name: the CSV's columns.
    pub students: Vec<StudentLine>,
    /// Every game, oldest first.
    pub games: Vec<GameJson>,
    /// Every rating of the students in the report as it stands now (#39), by student, the most
    /// recently rated game and mode first.
    pub ratings: Vec<RatingJson>,
    /// What each rated game over the selection did to its players' ratings, oldest first.
    pub rating_history: Vec<RatingChangeJson>,
    /// The class tournaments started over the selection (none for an activity), oldest first,
    /// each with its standings recounted from its games and the games (#39).
    pub tournaments: Vec<TournamentJson>,
}

/// A class tournament: as started, its standings (recounted from its games:
/// `tournament::standings_from`) and its games.
#[derive(Debug, Serialize)]
pub struct TournamentJson {
    pub id: i64,
    /// `arena`, `round_robin` or `swiss`.
    pub kind: String,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub game: String,
    pub mode: String,
    /// Rounds planned (round robin, Swiss).
    pub rounds: Option<u32>,
    /// An arena's length in seconds.
    pub seconds: Option<u32>,
    pub started_by: String,
    /// Best first: the players who played a game of it.
    pub standings: Vec<StandingJson>,
    /// In the order they ended: who moved first, who won (`null`: ended by the server).
    pub games: Vec<TournamentGameJson>,
}

/// A line of a tournament's standings.
#[derive(Debug, Serialize)]
pub struct StandingJson {
    pub place: usize,
    pub player: String,
    pub points: u32,
    pub games: u32,
    pub won: u32,
    /// An arena player whose next win scores double.
    pub on_fire: bool,
}

/// A game of a tournament.
#[derive(Debug, Serialize)]
pub struct TournamentGameJson {
    pub game_id: i64,
    pub round: u32,
    pub first: String,
    pub second: String,
    pub winner: Option<String>,
}

/// The tournaments `selection` covers: those started in its days (or all); an activity has none.
fn tournaments_json(db: &Db, selection: Selection) -> Result<Vec<TournamentJson>, DbError> {
    let mut out = Vec::new();
    for t in db.tournaments()? {
        let wanted = match selection {
            Selection::All => true,
            Selection::Between { from, until } => (from..until).contains(&t.started_at),
            Selection::Activity(_) => false,
        };
        if !wanted {
            continue;
        }
        let results = db.tournament_results(t.id)?;
        // The players in the order the server seeds them (by name, as the lobby lists them).
        let mut players: Vec<String> =
            results.iter().flat_map(|r| [r.first.clone(), r.second.clone()]).collect();
        players.sort_by(|a, b| a.to_lowercase().cmp(&b.to_lowercase()).then(a.cmp(b)));
        players.dedup();
        let byes = crate::tournament::byes_from(t.kind, &players, &results);
        let standings = crate::tournament::standings_from(t.kind, &players, &results, &byes)
            .into_iter()
            .enumerate()
            .map(|(i, r)| StandingJson {
                place: i + 1,
                player: r.player,
                points: r.points,
                games: r.games,
                won: r.won,
                on_fire: r.on_fire,
            })
            .collect();
        out.push(TournamentJson {
            id: t.id,
            kind: t.kind.as_str().to_string(),
            started_at: utc_iso(t.started_at),
            ended_at: t.ended_at.map(utc_iso),
            game: t.game,
            mode: t.mode,
            rounds: t.rounds,
            seconds: t.seconds,
            started_by: t.started_by,
            standings,
            games: results
                .into_iter()
                .map(|r| TournamentGameJson {
                    game_id: r.game_id,
                    round: r.round,
                    first: r.first,
                    second: r.second,
                    winner: r.winner,
                })
                .collect(),
        });
    }
    Ok(out)
}

/// A rating as it stands.
#[derive(Debug, Serialize)]
pub struct RatingJson {
    pub player: String,
    pub game: String,
    pub mode: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Whether the deviation is still above the provisional threshold (110).
    pub provisional: bool,
    pub games: u32,
}

/// What one rated game did to one player's rating.
#[derive(Debug, Serialize)]
pub struct RatingChangeJson {
    pub player: String,
    pub game: String,
    pub mode: String,
    /// `ai:easy`, `ai:medium`, `ai:hard`, or the other player's name.
    pub opponent: String,
    pub moved_first: bool,
    pub game_id: Option<i64>,
    pub at: String,
    pub before: f64,
    pub rating: f64,
    pub deviation: f64,
}

#[derive(Debug, Serialize)]
pub struct SelectionJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity: Option<i64>,
}

#[derive(Debug, Serialize)]
pub struct ActivityJson {
    pub id: i64,
    pub started_at: String,
    pub ended_at: Option<String>,
    pub game: String,
    pub mode: String,
    pub heaps: Option<String>,
    pub puzzle: Option<String>,
    pub hints: bool,
    pub time_limit_s: Option<u32>,
    pub started_by: String,
}

/// One student's line: the CSV's columns, as numbers where they are numbers.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StudentLine {
    pub student: String,
    pub games: u32,
    pub won: u32,
    pub lost: u32,
    pub abandoned: u32,
    pub ended_by_server: u32,
    pub assisted: u32,
    pub moves: u32,
    pub winning_positions: u32,
    pub kept: u32,
    pub missed: u32,
    /// `kept / winning_positions`; null when no winning position was met.
    pub accuracy: Option<f64>,
    pub time_on_task_s: f64,
    pub lesson_steps: u32,
    pub puzzles_tried: u32,
    pub puzzles_solved: u32,
    /// RFC 3339, UTC (the CSV writes `2026-03-02 09:15:00`).
    pub first_seen: Option<String>,
    pub last_seen: Option<String>,
    /// The student's rating now in the game and mode rated last (whatever the selection), its
    /// deviation, whether it is provisional, and which (`nim normal`); null without one.
    pub rating: Option<f64>,
    pub rating_deviation: Option<f64>,
    pub rating_provisional: Option<bool>,
    pub rating_game: Option<String>,
    /// Moves from a lost position the engine judged, and the share of them that made the
    /// opponent's work hardest (null when none was judged).
    pub lost_position_moves: u32,
    pub hardest: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct GameJson {
    /// The game's number in the database; null for a result kept before moves were (version 2).
    pub id: Option<i64>,
    pub started_at: Option<String>,
    pub ended_at: String,
    pub game: String,
    pub mode: String,
    /// The AI's level, or `-` between people.
    pub level: String,
    /// The start position, as the game writes it; null for an old result.
    pub start: Option<String>,
    pub activity: Option<i64>,
    /// Each player's result (one against the AI, two between people).
    pub players: Vec<PlayerJson>,
    pub moves: Vec<MoveJson>,
}

#[derive(Debug, Serialize)]
pub struct PlayerJson {
    pub player: String,
    /// `ai` or the other player's name.
    pub opponent: String,
    /// `won`, `lost` or `ended_by_server`.
    pub outcome: &'static str,
    pub assisted: bool,
    pub moves: u32,
    /// `play`, `resigned by NAME`, `left by NAME`, `server stopped`, `move limit`.
    pub ended_by: String,
    /// Whether it counts on the leaderboards.
    pub counted: bool,
}

#[derive(Debug, Serialize)]
pub struct MoveJson {
    pub ply: u32,
    pub player: String,
    pub before: String,
    #[serde(rename = "move")]
    pub mv: String,
    pub ms: u64,
    /// `kept`, `missed` or `no_win`.
    pub grade: &'static str,
    /// For a missed win, a move that would have kept it.
    pub better: Option<String>,
    /// From a lost position: whether the move left the opponent the fewest winning replies.
    pub hardest: Option<bool>,
}

impl Report {
    /// Reads everything `selection` covers.
    fn read(db: &Db, selection: Selection, args: &nim_tui::cli::ReportArgs) -> Result<Report, ReportError> {
        let games: Vec<GameJson> = db.games(selection)?.into_iter().map(game_json).collect();
        let activity = match selection {
            Selection::Activity(id) => {
                let activity = db.activity(id)?;
                // An id the games name is enough (an activity whose start was not kept).
                if activity.is_none() && games.is_empty() {
                    let latest = db.latest_activity_ids(5)?;
                    let known = if latest.is_empty() {
                        " (it has none)".into()
                    } else {
                        let ids: Vec<String> = latest.iter().map(i64::to_string).collect();
                        format!(" (the latest: {})", ids.join(", "))
                    };
                    return Err(ReportError::NoActivity { id, db: db.path().into(), known });
                }
                activity
            }
            _ => None,
        };
        let mut students = lines(&db.summaries(selection)?);
        let all_ratings = db.ratings()?;
        for line in &mut students {
            // The first of a player's is the one rated last (`Db::ratings`' order).
            if let Some(r) = all_ratings.iter().find(|r| r.player == line.student) {
                line.rating = Some(r.rating.rating);
                line.rating_deviation = Some(r.rating.deviation);
                line.rating_provisional = Some(r.rating.provisional());
                line.rating_game = Some(format!("{} {}", r.game, r.mode));
            }
        }
        let ratings = all_ratings
            .into_iter()
            .filter(|r| students.iter().any(|s| s.student == r.player))
            .map(|r| RatingJson {
                provisional: r.rating.provisional(),
                player: r.player,
                game: r.game,
                mode: r.mode,
                rating: r.rating.rating,
                deviation: r.rating.deviation,
                volatility: r.rating.volatility,
                games: r.games,
            })
            .collect();
        let rating_history = db
            .rating_history(selection)?
            .into_iter()
            .map(|h| RatingChangeJson {
                player: h.change.player,
                game: h.change.game,
                mode: h.change.mode,
                opponent: h.change.opponent,
                moved_first: h.change.moved_first,
                game_id: h.game_id,
                at: utc_iso(h.at),
                before: h.change.before.rating,
                rating: h.change.after.rating,
                deviation: h.change.after.deviation,
            })
            .collect();
        Ok(Report {
            version: 1,
            made_at: utc_iso(seconds(std::time::SystemTime::now())),
            selection: match selection {
                Selection::All => SelectionJson { all: Some(true), from: None, to: None, activity: None },
                Selection::Between { .. } => {
                    SelectionJson { all: None, from: args.from.clone(), to: args.to.clone(), activity: None }
                }
                Selection::Activity(id) => {
                    SelectionJson { all: None, from: None, to: None, activity: Some(id) }
                }
            },
            activity: activity.map(activity_json),
            students,
            games,
            ratings,
            rating_history,
            tournaments: tournaments_json(db, selection)?,
        })
    }

    /// The per-student CSV: a header of [`CSV_COLUMNS`], then a line per student by name.
    pub fn write_csv(&self, out: &mut dyn std::io::Write) -> csv::Result<()> {
        let mut w = csv::Writer::from_writer(out);
        w.write_record(CSV_COLUMNS)?;
        for s in &self.students {
            w.write_record(csv_record(s))?;
        }
        w.flush()?;
        Ok(())
    }
}

/// The students' lines, by name.
pub fn lines(summaries: &BTreeMap<String, StudentSummary>) -> Vec<StudentLine> {
    summaries
        .iter()
        .map(|(name, s)| StudentLine {
            student: name.clone(),
            games: s.games,
            won: s.won,
            lost: s.lost,
            abandoned: s.abandoned,
            ended_by_server: s.ended_by_server,
            assisted: s.assisted,
            moves: s.moves,
            winning_positions: s.winning_met(),
            kept: s.kept,
            missed: s.missed,
            accuracy: s.accuracy().map(|a| a.fraction()),
            time_on_task_s: s.think_ms as f64 / 1000.0,
            lesson_steps: s.lesson_steps,
            puzzles_tried: s.puzzles_tried,
            puzzles_solved: s.puzzles_solved,
            first_seen: s.first_seen.map(utc_iso),
            last_seen: s.last_seen.map(utc_iso),
            rating: None,
            rating_deviation: None,
            rating_provisional: None,
            rating_game: None,
            lost_position_moves: s.lost_judged,
            hardest: s.hardest_share().map(|a| a.fraction()),
        })
        .collect()
}

/// RFC 3339 (`2026-03-02T09:15:00Z`) as `2026-03-02 09:15:00`, which spreadsheets read as a date
/// and time (UTC).
fn spreadsheet_time(iso: &str) -> String {
    iso.trim_end_matches('Z').replacen('T', " ", 1)
}

/// One line of the CSV, every field as text: the name made safe for a spreadsheet, accuracy to
/// four places (empty when undefined), time on task to the millisecond, times in UTC.
fn csv_record(s: &StudentLine) -> Vec<String> {
    let n = |v: u32| v.to_string();
    vec![
        spreadsheet_safe(&s.student),
        n(s.games),
        n(s.won),
        n(s.lost),
        n(s.abandoned),
        n(s.ended_by_server),
        n(s.assisted),
        n(s.moves),
        n(s.winning_positions),
        n(s.kept),
        n(s.missed),
        s.accuracy.map_or(String::new(), |a| format!("{a:.4}")),
        format!("{:.3}", s.time_on_task_s),
        n(s.lesson_steps),
        n(s.puzzles_tried),
        n(s.puzzles_solved),
        s.first_seen.as_deref().map(spreadsheet_time).unwrap_or_default(),
        s.last_seen.as_deref().map(spreadsheet_time).unwrap_or_default(),
        s.rating.map_or(String::new(), |r| format!("{r:.1}")),
        s.rating_deviation.map_or(String::new(), |d| format!("{d:.1}")),
        s.rating_provisional.map_or(String::new(), |p| if p { "yes" } else { "no" }.to_string()),
        s.rating_game.clone().unwrap_or_default(),
        n(s.lost_position_moves),
        s.hardest.map_or(String::new(), |h| format!("{h:.4}")),
    ]
}

/// A text cell a spreadsheet will not run as a formula: one that begins with `=`, `+`, `-`, `@`,
/// a tab or a carriage return (OWASP's list for CSV injection) gets an apostrophe in front, so a
/// spreadsheet reads it as text (it shows the apostrophe: `'=1+1`). Every other text is kept as
/// it is; the JSON keeps every name as it is.
pub fn spreadsheet_safe(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() }
}

fn game_json(g: GameRecord) -> GameJson {
    GameJson {
        id: g.id,
        started_at: g.started_at.map(utc_iso),
        ended_at: utc_iso(g.ended_at),
        game: g.game,
        mode: g.mode,
        level: g.level,
        start: g.start,
        activity: g.activity,
        players: g.rows.into_iter().map(player_json).collect(),
        moves: g.moves.into_iter().map(move_json).collect(),
    }
}

fn player_json(r: GameRow) -> PlayerJson {
    PlayerJson {
        outcome: r.outcome.as_str(),
        player: r.player,
        opponent: r.opponent,
        assisted: r.assisted,
        moves: r.moves,
        ended_by: r.ended_by,
        counted: r.counted,
    }
}

fn move_json(m: MoveRow) -> MoveJson {
    MoveJson {
        ply: m.ply,
        player: m.player,
        before: m.before,
        mv: m.mv,
        ms: m.ms,
        grade: m.grade.as_str(),
        better: m.better,
        hardest: m.hardest,
    }
}

fn activity_json(a: Activity) -> ActivityJson {
    ActivityJson {
        id: a.row.id,
        started_at: utc_iso(seconds(a.row.started_at)),
        ended_at: a.ended_at.map(|t| utc_iso(seconds(t))),
        game: a.row.game,
        mode: a.row.mode,
        heaps: a.row.heaps,
        puzzle: a.row.puzzle,
        hints: a.row.hints,
        time_limit_s: a.row.time_limit,
        started_by: a.row.started_by,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day since 1970-01-01 (Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `YYYY-MM-DD` (exactly: four digits, two, two; a day the month has) as days since 1970.
/// Hand-written for these twenty lines rather than a date crate the server does not otherwise
/// need; the tests check it against every day of several years.
pub fn parse_date(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| {
        let part = &text[r];
        part.bytes().all(|c| c.is_ascii_digit()).then(|| part.parse::<i64>().ok()).flatten()
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !(1..=12).contains(&m) || d < 1 {
        return None;
    }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let in_month = days.get(usize::try_from(m - 1).ok()?)?;
    (d <= *in_month).then(|| days_from_civil(y, m, d))
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM:SS` (UTC), which spreadsheets read as a date and time.
pub fn utc(at: i64) -> String {
    let (y, m, d) = civil_from_days(at.div_euclid(DAY));
    let s = at.rem_euclid(DAY);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Seconds since 1970 as RFC 3339 (`2026-03-02T09:15:00Z`).
pub fn utc_iso(at: i64) -> String {
    let mut text = utc(at);
    text.replace_range(10..11, "T");
    text.push('Z');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_and_write_as_the_calendar_has_them() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2000-03-01"), Some(11_017));
        assert_eq!(parse_date("2024-02-29").map(|d| d * DAY), Some(1_709_164_800));
        for bad in [
            "2023-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-4-01",
            "26-04-01",
            "2026/04/01",
            "",
            "2026-04-0a",
            "+026-04-01",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
        // Every day from 1999 to 2101 reads back as it is written.
        for day in days_from_civil(1999, 1, 1)..days_from_civil(2101, 1, 1) {
            let text = &utc(day * DAY)[..10];
            assert_eq!(parse_date(text), Some(day), "{text}");
        }
        assert_eq!(utc(1_709_164_800 + 3_723), "2024-02-29 01:02:03");
        assert_eq!(utc_iso(0), "1970-01-01T00:00:00Z");
    }

    #[test]
    fn a_range_of_days_is_inclusive_and_a_bad_one_is_refused() {
        let Ok(Selection::Between { from, until }) = selection(Some("2026-03-02"), Some("2026-03-02"), None)
        else {
            panic!("not a range");
        };
        assert_eq!(until - from, DAY);
        assert_eq!(utc(from), "2026-03-02 00:00:00");
        assert_eq!(utc(until - 1), "2026-03-02 23:59:59");
        assert!(matches!(
            selection(Some("2026-03-03"), Some("2026-03-02"), None),
            Err(ReportError::Backwards { .. })
        ));
        assert!(matches!(
            selection(Some("yesterday"), None, None),
            Err(ReportError::BadDate { flag: "from", .. })
        ));
        assert_eq!(selection(None, None, None).ok(), Some(Selection::All));
        assert_eq!(selection(None, None, Some(4)).ok(), Some(Selection::Activity(4)));
    }

    #[test]
    fn a_name_a_spreadsheet_would_run_is_made_text() {
        for (name, safe) in [
            ("=1+1", "'=1+1"),
            ("+cmd", "'+cmd"),
            ("-2", "'-2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("ann", "ann"),
            ("a=b", "a=b"),
            ("王", "王"),
        ] {
            assert_eq!(spreadsheet_safe(name), safe);
        }
    }
}
