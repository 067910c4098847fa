//! Where one connection is on the server, as the session core's scene (`nim_tui::session::Scene`):
//! in the lobby, or at a table (playing the AI at its own, in a seat of a game between two people,
//! or watching). The lobby, table play and watching are states of this one value, whatever door
//! the person came in by; the door (`client.rs`) only moves bytes, sizes and the time.
//!
//! The app's effects are carried out here: a finished game goes to the store's service (never
//! written on the draw path or the runtime's threads), and what came of an effect goes straight
//! back to the app. The one effect left for the door is [`Leave`]: the person leaves the server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use crossterm::event::Event as TermEvent;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Clear, Paragraph};
use tokio::sync::watch;

use super::Server;
use super::console;
use super::db::{GameRow, Outcome, Played};
use super::lobby::{Command, Draft, Lobby, Note};
use super::lobby_view;
use super::say;
use super::tables::{Doing, Handout, Notice, Origin, Table};
use nim_tui::app::{Action, App, Coaching, Effect, Msg, Report};
use nim_tui::domain::Seat;
use nim_tui::engine::Rules as _;
use nim_tui::keys::Keymap;
use nim_tui::session::{Scene, key_msg, translate};
use nim_tui::ui::{self, Look};

/// The person leaves the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leave;

/// Why a connection goes away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Departure {
    /// The server stops.
    Stopping,
    /// The person chose to leave the server.
    Left,
    /// The connection dropped (or went quiet for too long): the person may come back.
    Dropped,
}

/// Who a connection is.
#[derive(Debug, Clone)]
pub struct Me {
    pub id: u64,
    pub name: String,
    pub teacher: bool,
    pub peer: SocketAddr,
    /// The connection's log lines (see [`super::LOG_PER_SECOND`]).
    pub(crate) log: Arc<std::sync::Mutex<super::LogBudget>>,
    /// The language the person reads, for what the server answers them alone (a refused save).
    pub language: nim_tui::i18n::Language,
}

impl Me {
    /// Whether this connection may write one more log line now.
    fn logs(&self) -> bool {
        super::LogBudget::allow(&self.log, self.peer)
    }
}

/// Where a connection is: in the lobby, or at a table.
enum At {
    Lobby,
    Table { table: Arc<Table>, role: Role },
}

/// Who a connection is at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Playing the AI: the table is this connection's own, and it moves the AI.
    Owner,
    /// In a seat of a game between two people.
    Seat(Seat),
    /// Watching.
    Watcher,
}

/// One connection's place on the server: see the module's documentation.
pub struct Place {
    server: Arc<Server>,
    me: Me,
    lobby: Lobby,
    at: At,
    /// The table's change channel while at one: everyone there redraws when it moves.
    changed: Option<watch::Receiver<u64>>,
    /// Seconds left before an idle player is disconnected, once warned.
    pub idle_warning: Option<u64>,
    /// At a seat of a game between people in play: the player asked to leave it, and is asked
    /// whether to give it up.
    asking_leave: bool,
    /// Whether this connection came back to a game it had left when its connection dropped
    /// (told at the top of the table until the next key).
    welcomed_back: bool,
    /// A teacher choosing the game of an activity on the start screen.
    composing: bool,
    /// The player asked for lines of text instead of the full screen (the lobby's `l`).
    wants_plain: bool,
    /// The person on another host whose game this one asked to watch, until it comes (or they
    /// sit anywhere meanwhile).
    asked_to_watch: Option<String>,
}

impl Place {
    /// A newcomer, in the lobby; or, if a game of theirs waits for them after a dropped
    /// connection, back at it.
    pub fn new(server: Arc<Server>, me: Me) -> Place {
        let mut place = Place {
            server,
            me,
            lobby: Lobby::default(),
            at: At::Lobby,
            changed: None,
            idle_warning: None,
            asking_leave: false,
            welcomed_back: false,
            composing: false,
            wants_plain: false,
            asked_to_watch: None,
        };
        if let Some(parked) = place.server.people.unpark(&place.me.name) {
            place.resume(parked.table, parked.seat);
        } else if !place.me.teacher {
            // The activity they got and have not answered (their game went with a host that
            // died, or was left before its first move): given again.
            let again = place
                .server
                .people
                .assignment
                .lock()
                .ok()
                .and_then(|a| a.as_ref().and_then(|a| a.again_for(&place.me.name)));
            if let Some(notice) = again {
                place.notice(notice);
            }
        }
        place
    }

    /// Sits again at `table`, in seat `seat`, left when the connection dropped.
    fn resume(&mut self, table: Arc<Table>, seat: usize) {
        table.reseat(seat, self.me.id);
        let (role, doing) = if table.is_match() {
            let other = table.players[1 - seat].clone();
            (Role::Seat(if seat == 0 { Seat::First } else { Seat::Second }), Doing::Match { with: other })
        } else {
            (Role::Owner, Doing::Solo)
        };
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, player = %self.me.name, "back at the game left when the connection dropped");
        }
        self.server.people.set(self.me.id, doing, Some(table.clone()));
        self.lobby.note = None;
        self.welcomed_back = true;
        table.touch();
        self.sit(table, role);
    }

    /// Gives every student `setup` as a new activity, unless whoever moves first from its
    /// position loses against perfect play: then the teacher is asked first (g again gives it
    /// with the AI moving first).
    fn give(&mut self, mut setup: nim_tui::domain::GameSetup) {
        setup.opponent = nim_tui::domain::Opponent::Ai;
        setup.level = nim_tui::domain::Level::Perfect;
        let nim_tui::domain::HeapChoice::Custom(heaps) = &setup.heaps else { return };
        let position = nim_tui::engine::Position::from(heaps.clone());
        let shown = position.to_string();
        let lost =
            nim_tui::engine::Game::new(nim_tui::engine::Ruleset { kind: setup.game, mode: setup.mode })
                .is_ok_and(|rules| rules.outcome(&position) == nim_tui::engine::Outcome::Lose);
        if lost && setup.first == nim_tui::domain::First::You {
            self.lobby.pending = Some((setup, shown.clone()));
            self.lobby.note = Some(Note::GiveLost(shown));
            return;
        }
        self.start_activity(setup);
    }

    /// Gives every student `setup` now, with the teacher's draft's hints and time limit; an
    /// activity with a limit is ended when it runs out.
    fn start_activity(&mut self, setup: nim_tui::domain::GameSetup) {
        self.start_activity_with(setup, None);
    }

    /// [`Place::start_activity`], or a run of puzzles from `puzzle` (the same for everyone).
    fn start_activity_with(
        &mut self,
        setup: nim_tui::domain::GameSetup,
        puzzle: Option<nim_tui::app::PuzzleStart>,
    ) {
        let Draft { hints, minutes } = self.lobby.draft;
        let limit = (minutes > 0).then(|| std::time::Duration::from_secs(minutes * 60));
        let position = match (&puzzle, &setup.heaps) {
            (Some(start), _) => say::puzzle_name(self.server.language, start),
            (None, custom @ nim_tui::domain::HeapChoice::Custom(_)) => custom.written(setup.game),
            (None, _) => String::new(),
        };
        let second = puzzle.is_none() && setup.first == nim_tui::domain::First::Ai;
        let Some(activity) = self.server.store.next_activity_id() else {
            self.lobby.note = Some(Note::NoDatabase);
            return;
        };
        self.server.store.activity_started(super::db::ActivityRow {
            id: activity,
            started_at: std::time::SystemTime::now(),
            game: setup.game.name(),
            mode: setup.mode.as_str().into(),
            heaps: puzzle.is_none().then(|| position.clone()),
            puzzle: puzzle.as_ref().map(|start| {
                format!(
                    "{} #{} seed {}",
                    start.difficulty.as_str(),
                    start.number.unwrap_or(1),
                    start.seed.unwrap_or(0)
                )
            }),
            hints,
            time_limit: limit.map(|l| u32::try_from(l.as_secs()).unwrap_or(u32::MAX)),
            started_by: self.me.name.clone(),
        });
        let handout = Handout {
            activity,
            from: self.me.name.clone(),
            setup,
            puzzle,
            position: position.clone(),
            hints,
            limit,
        };
        // Every other host gives it to its students too (`relay.rs`), once it is this host's
        // activity (their students' names come back to it).
        let wire = super::relay::Wire::Activity(Box::new(super::relay::ActivityWire::of(&handout)));
        let count = self.server.people.assign(handout);
        let hosts = self.server.relay.as_ref().map_or(0, |relay| relay.everyone_else(&wire));
        if let Some(limit) = limit {
            let server = self.server.clone();
            tokio::spawn(async move {
                tokio::time::sleep(limit).await;
                if server.people.end_activity(activity) {
                    server.store.activity_ended(activity, std::time::SystemTime::now());
                    if let Some(relay) = &server.relay {
                        relay.everyone_else(&super::relay::Wire::ActivityEnded { id: activity });
                    }
                }
            });
        }
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, teacher = %self.me.name, %position, count, second, hints, minutes, "activity started");
        }
        self.lobby.note = Some(Note::Given { position, count, second, activity, hosts });
    }

    /// After a message at the teacher's own table while composing an activity: once a game has
    /// begun there (the start screen's choices made), it is given to everyone instead, and the
    /// teacher is back at the console.
    fn composed(&mut self, table: &Table) -> bool {
        let puzzle = {
            let app = table.app();
            match &app.screen {
                nim_tui::app::Screen::Puzzle(p) => Some((
                    app.setup.clone(),
                    nim_tui::app::PuzzleStart {
                        seed: Some(p.id.seed),
                        number: Some(p.id.number),
                        difficulty: p.id.difficulty,
                        daily: None,
                    },
                    p.game.history().game().kind(),
                )),
                _ => None,
            }
        };
        if let Some((mut setup, start, kind)) = puzzle {
            setup.game = kind;
            self.composing = false;
            table.recorded.store(true, Ordering::SeqCst);
            self.leave_table();
            self.start_activity_with(setup, Some(start));
            return true;
        }
        let setup = {
            let app = table.app();
            let Some(game) =
                app.game().filter(|g| g.moves().is_empty() || g.players == nim_tui::domain::Players::Ai)
            else {
                return false;
            };
            let mut setup = self.server.settings.setup();
            setup.game = game.history().game().kind();
            setup.mode = game.mode();
            setup.heaps = nim_tui::domain::HeapChoice::Custom(game.history().start().to_vec());
            setup.first = if game.history().first() == Seat::First {
                nim_tui::domain::First::You
            } else {
                nim_tui::domain::First::Ai
            };
            setup
        };
        self.composing = false;
        table.recorded.store(true, Ordering::SeqCst);
        self.leave_table();
        self.give(setup);
        true
    }

    /// Whether the game at `table` is part of an activity the teacher paused.
    fn paused(&self, table: &Table) -> bool {
        table
            .origin
            .activity
            .and_then(|id| self.server.people.activity(id))
            .is_some_and(|(paused, ..)| paused)
    }

    /// Whether the connection is a teacher's (never disconnected for being idle).
    pub fn is_teacher(&self) -> bool {
        self.me.teacher
    }

    /// Whether the connection is in the lobby as a teacher, whose view shows every table live.
    pub fn watches_every_table(&self) -> bool {
        self.me.teacher && matches!(self.at, At::Lobby)
    }

    /// Whether the connection is in the lobby, which shows the people and the boards.
    pub fn in_lobby(&self) -> bool {
        matches!(self.at, At::Lobby)
    }

    /// The table's change channel, while at a table (the door waits on it).
    pub fn table_changed(&mut self) -> Option<&mut watch::Receiver<u64>> {
        self.changed.as_mut()
    }

    /// Whether the connection is at a table with a game in play, as a player: what it would
    /// lose if the server stopped now.
    pub fn has_game(&self) -> bool {
        match &self.at {
            At::Table { table, role } if *role != Role::Watcher => table.app().unfinished().is_some(),
            _ => false,
        }
    }

    /// A notice for this person: a challenge, an answer, a position given to everyone.
    pub fn notice(&mut self, notice: Notice) {
        match notice {
            Notice::Challenged { from, name } => {
                if !matches!(self.at, At::Lobby) {
                    // Sat down meanwhile: busy, not a refusal.
                    self.server.people.tell(from, Notice::Engaged { name: self.me.name.clone() });
                } else if self.lobby.challenged_by.as_ref().is_some_and(|(id, _)| *id == from) {
                    // The same challenge again: it is already waiting for an answer.
                } else if self.lobby.challenged_by.is_none() {
                    self.lobby.note = Some(Note::Challenged(name.clone()));
                    self.lobby.challenged_by = Some((from, name));
                } else {
                    self.server.people.tell(from, Notice::Engaged { name: self.me.name.clone() });
                }
            }
            Notice::Engaged { name } => {
                if matches!(self.at, At::Lobby) {
                    self.lobby.note = Some(Note::Engaged(name));
                }
            }
            Notice::Resume { table, seat } => {
                if matches!(self.at, At::Lobby) {
                    self.resume(table, seat);
                } else {
                    self.server.people.park(&self.me.name, table, seat, std::time::Instant::now());
                }
            }
            // Whether a game is paused is read from the activity as it is drawn.
            Notice::Kicked { .. } | Notice::Paused(_) => {}
            Notice::Ended(activity) => {
                let At::Table { table, role: Role::Owner } = &self.at else { return };
                if table.origin.activity != Some(activity) {
                    return;
                }
                let in_play = table.app().game().is_some_and(|g| g.over.is_none());
                if in_play {
                    self.keep_unfinished_solo(Outcome::EndedByServer, "activity ended".into());
                    self.lobby.note = Some(Note::ActivityEnded);
                    self.leave_table();
                }
            }
            Notice::PuzzleRated(rated) => {
                // Shown under the puzzle it is of, if the player is still there.
                if let At::Table { table, role: Role::Owner } = &self.at {
                    let _ = table.app().update(Msg::Report(Report::PuzzleRated { rated, stats: None }));
                }
            }
            Notice::Accepted { table } => {
                if matches!(self.at, At::Lobby) {
                    let with = table.players[1].clone();
                    if self.me.logs() {
                        tracing::info!(peer = %self.me.peer, player = %self.me.name, with = %with, "game between players started");
                    }
                    self.server.people.set(self.me.id, Doing::Match { with }, Some(table.clone()));
                    self.lobby.note = None;
                    self.sit(table, Role::Seat(Seat::First));
                } else {
                    // Moved on meanwhile: the table is closed at once (and the other player's
                    // host told, when they are on another).
                    if !table.closed.swap(true, Ordering::SeqCst) {
                        super::relay::left(&self.server, &table, 0, &format!("left by {}", self.me.name));
                    }
                    table.touch();
                }
            }
            Notice::Assigned { setup, from, activity, puzzle } => {
                let free = matches!(self.at, At::Lobby | At::Table { role: Role::Owner | Role::Watcher, .. });
                if free {
                    // The game this student was playing is kept, ended by the teacher: no loss.
                    self.keep_unfinished_solo(Outcome::EndedByServer, "position given by the teacher".into());
                    self.leave_table();
                    let mut setup = setup;
                    setup.names.0[0] = self.me.name.clone();
                    let hints = self.server.people.activity(activity).is_none_or(|(_, _, hints)| hints);
                    let app = match puzzle {
                        Some(start) => App::puzzles(setup, start),
                        None => App::start_now(setup, None),
                    };
                    let mut app = super::tables::with_server_hints(app, &self.server);
                    if !hints {
                        super::tables::withhold_hints(&mut app);
                    }
                    let origin = Origin { activity: Some(activity), given_by: Some(from), tournament: None };
                    let table = Table::new(
                        app,
                        [self.me.name.clone(), String::new()],
                        [self.me.id, 0],
                        origin,
                        &self.server.people,
                    );
                    self.server.people.set(self.me.id, Doing::Solo, Some(table.clone()));
                    self.lobby.note = None;
                    self.sit(table, Role::Owner);
                } else {
                    // In a game with another person: the lobby says so when they come back.
                    self.lobby.note = Some(Note::GivenWhileBusy(from));
                }
            }
            Notice::Declined { name } => {
                if matches!(self.at, At::Lobby) {
                    self.lobby.note = Some(Note::Declined(name));
                }
            }
            Notice::Paired { table, seat } => self.paired(table, seat),
            Notice::Watch { table } => {
                // Still waiting for it in the lobby (not sat anywhere meanwhile).
                let asked = self.asked_to_watch.take().filter(|whom| table.players.contains(whom));
                if let Some(whom) = asked.filter(|_| matches!(self.at, At::Lobby)) {
                    if matches!(self.lobby.note, Some(Note::AskingToWatch(_))) {
                        self.lobby.note = None;
                    }
                    self.watch(table, whom);
                }
            }
            Notice::NothingToWatch { .. } => {
                // (One game is asked for at a time: the answer is to it.)
                if let Some(whom) = self.asked_to_watch.take().filter(|_| matches!(self.at, At::Lobby)) {
                    self.lobby.note = Some(Note::NothingToWatch(whom));
                }
            }
        }
    }

    /// Watches the game at `table`, `whom`'s.
    fn watch(&mut self, table: Arc<Table>, whom: String) {
        if let Ok(mut watchers) = table.watchers.lock() {
            watchers.push((self.me.id, self.me.name.clone()));
        }
        table.touch();
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, player = %self.me.name, watching = %whom, "watching");
        }
        self.server.people.set(self.me.id, Doing::Watching { whom }, None);
        self.sit(table, Role::Watcher);
    }

    /// The tournament's director seats this person at `table`, in seat `seat`: from the lobby,
    /// their own game against the AI (kept, ended by the server: no loss), watching, or a
    /// finished game's seat. A person in a game in play with someone cannot be seated: the game
    /// is not played, and the director is told.
    fn paired(&mut self, table: Arc<Table>, seat: usize) {
        if table.closed.load(Ordering::SeqCst) {
            return;
        }
        let free = match &self.at {
            At::Lobby | At::Table { role: Role::Owner | Role::Watcher, .. } => !self.composing,
            At::Table { table: at, role: Role::Seat(_) } => {
                at.closed.load(Ordering::SeqCst)
                    || at.app().game().is_none_or(|g| g.over.is_some())
                    || earlier_round(at, &table)
            }
        };
        if !free {
            table.closed.store(true, Ordering::SeqCst);
            table.touch();
            if super::relay::is_mirror(&table) {
                // The director is on the game's home: it is told there.
                super::relay::unseated(&self.server, &table, seat);
            } else if let Some(t) = table.origin.tournament {
                self.server.director.tell(super::director::Order::Unplayed {
                    tournament: t.tournament,
                    first: table.players[0].clone(),
                    second: table.players[1].clone(),
                });
            }
            return;
        }
        self.keep_unfinished_solo(Outcome::EndedByServer, "tournament game".into());
        self.leave_table();
        let with = table.players[1 - seat.min(1)].clone();
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, player = %self.me.name, with = %with, "tournament game started");
        }
        table.reseat(seat.min(1), self.me.id);
        self.server.people.set(self.me.id, Doing::Match { with }, Some(table.clone()));
        self.lobby.note = None;
        if let Some((from, _)) = self.lobby.challenged_by.take() {
            // A challenge waiting for an answer: this person is busy now.
            self.server.people.tell(from, Notice::Engaged { name: self.me.name.clone() });
        }
        self.sit(table, Role::Seat(if seat == 0 { Seat::First } else { Seat::Second }));
    }

    /// After the table changed: a table closed by the other player (or its owner, for a
    /// watcher) sends this connection back to the lobby, told why.
    pub fn table_moved(&mut self) {
        let At::Table { table, role } = &self.at else { return };
        if *role == Role::Owner || !table.closed.load(Ordering::SeqCst) {
            return;
        }
        let (over, moves) = table.app().game().map_or((true, 0), |g| (g.over.is_some(), g.moves().len()));
        match role {
            // A game that is over stays on the screen when the other player goes: this player
            // leaves it when they choose, told at the top that the other has gone.
            Role::Seat(_) if over => return,
            _ if moves >= self.server.limits.max_moves => {
                self.lobby.note = Some(Note::MoveLimit(self.server.limits.max_moves));
            }
            Role::Seat(seat) if table.host_lost.load(Ordering::SeqCst) => {
                self.lobby.note = Some(Note::HostLost(table.players[seat_index(seat.other())].clone()));
            }
            Role::Seat(seat) if moves == 0 && table.origin.tournament.is_some() => {
                self.lobby.note = Some(Note::Left(table.players[seat_index(*seat).min(1) ^ 1].clone()));
            }
            Role::Seat(seat) => {
                self.lobby.note = Some(Note::LeftYouWon(table.players[seat_index(seat.other())].clone()));
            }
            _ => {
                let second = table.is_match().then(|| table.players[1].clone());
                self.lobby.note = Some(Note::WatchedEnded(table.players[0].clone(), second));
            }
        }
        self.leave_table();
    }

    /// The connection goes away, as `how` says. A game in play is kept as ended by the server
    /// when the server stops; waits [`super::Limits::rejoin`] for its player when the connection dropped (and
    /// is kept as left by them, a loss, if they do not come back); and is given up when they
    /// leave on purpose. The connection then leaves its table and the server's list.
    pub fn depart(&mut self, how: Departure) {
        if let At::Table { table, role } = &self.at
            && *role != Role::Watcher
        {
            let seat = match role {
                Role::Seat(seat) => seat_index(*seat),
                _ => 0,
            };
            let in_play =
                table.app().game().is_some_and(|g| g.over.is_none() && (table.is_match() || !g.hotseat()));
            match how {
                Departure::Stopping => {
                    let app = table.app();
                    if let Some(game) = app.unfinished()
                        && !table.recorded.swap(true, Ordering::SeqCst)
                    {
                        keep(&self.server, table, game, [Outcome::EndedByServer; 2], "server stopped");
                        if self.me.logs() {
                            tracing::info!(peer = %self.me.peer, player = %self.me.name, moves = game.moves().len(), "game ended by the server");
                        }
                    }
                }
                Departure::Dropped if in_play && !table.closed.load(Ordering::SeqCst) => {
                    if self.me.logs() {
                        tracing::info!(peer = %self.me.peer, player = %self.me.name, "connection dropped in a game: it waits for the player");
                    }
                    let until =
                        std::time::Instant::now() + self.server.limits.rejoin.min(super::names::GRACE);
                    self.server.people.park(&self.me.name, table.clone(), seat, until);
                    let server = self.server.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep_until(tokio::time::Instant::from_std(until)).await;
                        give_up_parked(&server);
                    });
                    // The table stays as it is, for the player to come back to.
                    self.changed = None;
                    self.at = At::Lobby;
                    self.server.people.leave(self.me.id);
                    return;
                }
                Departure::Left | Departure::Dropped => {
                    if self.me.logs() {
                        tracing::info!(peer = %self.me.peer, player = %self.me.name, "game left unfinished");
                    }
                    // Leaving a game in play loses it, as leaving it at the board does: hanging
                    // up is no way to escape a loss.
                    let ended_by = format!("left by {}", self.me.name);
                    forfeit_unbegun(&self.server, table, seat, &ended_by);
                    give_up(&self.server, table, seat, &ended_by);
                }
            }
        }
        self.leave_table();
        self.server.people.leave(self.me.id);
    }

    /// Keeps the game in play at this connection's own table against the AI, if there is one, as
    /// `outcome`, ended as `ended_by` says: for the ways a game ends away from the board.
    fn keep_unfinished_solo(&self, outcome: Outcome, ended_by: String) {
        let At::Table { table, role: Role::Owner } = &self.at else { return };
        let app = table.app();
        let Some(game) = app.unfinished().filter(|g| !g.hotseat()) else { return };
        if table.recorded.swap(true, Ordering::SeqCst) {
            return;
        }
        keep(&self.server, table, game, [outcome; 2], &ended_by);
    }

    fn sit(&mut self, table: Arc<Table>, role: Role) {
        self.asked_to_watch = None;
        self.changed = Some(table.changed.subscribe());
        self.at = At::Table { table, role };
    }

    /// Leaves the table (if at one): a watcher leaves its place; a player closes the table, so
    /// that the other player and the watchers go back to the lobby.
    fn leave_table(&mut self) {
        let At::Table { table, role } = std::mem::replace(&mut self.at, At::Lobby) else { return };
        match role {
            Role::Watcher => {
                if let Ok(mut watchers) = table.watchers.lock() {
                    watchers.retain(|(id, _)| *id != self.me.id);
                }
            }
            Role::Owner => table.closed.store(true, Ordering::SeqCst),
            Role::Seat(seat) => {
                if !table.closed.swap(true, Ordering::SeqCst) {
                    super::relay::left(
                        &self.server,
                        &table,
                        seat_index(seat),
                        &format!("left by {}", self.me.name),
                    );
                }
            }
        }
        table.touch();
        self.changed = None;
        self.server.people.set(self.me.id, Doing::Lobby, None);
    }

    /// A message in the lobby.
    fn lobby_key(&mut self, msg: Msg) -> Option<Leave> {
        let (action, ch) = match msg {
            Msg::Key { action, ch } => (action, ch),
            Msg::Interrupt => return Some(Leave),
            _ => return None,
        };
        let server = self.server.clone();
        let mut people = server.people.list();
        let me = self.me.id;
        // The teacher's console lists the students only.
        if self.me.teacher {
            people = Arc::new(people.iter().filter(|p| !p.teacher).cloned().collect());
        }
        match self.lobby.key(action, ch, &people, me, self.me.teacher) {
            Command::Nothing => {}
            Command::Quit => return Some(Leave),
            Command::Plain => self.wants_plain = true,
            Command::PlayAi => {
                let table = Table::new(
                    solo_app(&server, &self.me.name),
                    [self.me.name.clone(), String::new()],
                    [me, 0],
                    Origin::default(),
                    &server.people,
                );
                server.people.set(me, Doing::Solo, Some(table.clone()));
                self.lobby.note = None;
                self.sit(table, Role::Owner);
            }
            Command::Challenge(id) => {
                if self.me.logs() {
                    tracing::info!(peer = %self.me.peer, player = %self.me.name, to = ?server.people.name_of(id), "challenge");
                }
                server.people.tell(id, Notice::Challenged { from: me, name: self.me.name.clone() });
            }
            Command::Kick(id) => {
                if !self.me.teacher {
                    return None;
                }
                let name = server.people.name_of(id).unwrap_or_default();
                if server.people.tell(id, Notice::Kicked { by: self.me.name.clone() }) {
                    self.lobby.note = Some(Note::Kicked(name));
                }
            }
            Command::Decline(id) => {
                server.people.tell(id, Notice::Declined { name: self.me.name.clone() });
            }
            Command::Accept(id) => {
                // Someone on another host whose list has not reached this host yet challenged
                // from their lobby: the challenge says they are free (and their host answers
                // that they left, if they no longer are).
                let doing = server.people.doing(id);
                let free = doing == Some(Doing::Lobby) || doing.is_none() && server.people.is_remote(id);
                let Some(other) = server.people.name_of(id).filter(|_| free) else {
                    self.lobby.note = Some(Note::Busy(server.people.name_of(id).unwrap_or_default()));
                    return None;
                };
                let mut setup = server.settings.setup();
                setup.opponent = nim_tui::domain::Opponent::Human;
                setup.first = first_between(&server, &setup, [&other, &self.me.name]);
                setup.names = nim_tui::domain::Names([other.clone(), self.me.name.clone()]);
                let app = super::tables::between_people(App::start_now(setup, None), &server);
                let table = Table::new(
                    app,
                    [other.clone(), self.me.name.clone()],
                    [id, me],
                    Origin::default(),
                    &server.people,
                );
                if !server.people.tell(id, Notice::Accepted { table: table.clone() }) {
                    self.lobby.note = Some(Note::Left(other));
                    return None;
                }
                server.people.set(me, Doing::Match { with: other }, Some(table.clone()));
                self.lobby.note = None;
                self.sit(table, Role::Seat(Seat::Second));
            }
            Command::Give(id) => {
                if !self.me.teacher {
                    return None;
                }
                let table = server.people.table_of(id)?;
                let app = table.app();
                let game = app.game().filter(|g| g.over.is_none())?;
                let mut given = server.settings.setup();
                given.game = game.history().game().kind();
                given.mode = game.mode();
                given.heaps = nim_tui::domain::HeapChoice::Custom(game.position().heaps().to_vec());
                given.first = nim_tui::domain::First::You;
                drop(app);
                self.give(given);
            }
            Command::GiveSecond => {
                if let Some((mut setup, _)) = self.lobby.pending.take().filter(|_| self.me.teacher) {
                    setup.first = nim_tui::domain::First::Ai;
                    self.start_activity(setup);
                }
            }
            Command::Compose => {
                if !self.me.teacher {
                    return None;
                }
                // The teacher chooses the game on the game's own start screen; starting it gives
                // it to everyone instead ([`Place::composed`]).
                let mut setup = server.settings.setup();
                setup.names.0[0] = self.me.name.clone();
                let app = super::tables::with_server_hints(App::new(setup, None), &server);
                let table = Table::new(
                    app,
                    [self.me.name.clone(), String::new()],
                    [me, 0],
                    Origin::default(),
                    &server.people,
                );
                self.composing = true;
                self.lobby.note = None;
                self.sit(table, Role::Owner);
            }
            Command::Pause => {
                let current = server.people.assignment.lock().ok().and_then(|a| a.as_ref().map(|a| a.id));
                let paused = server.people.pause();
                if let (Some(id), Some(paused), Some(relay)) = (current, paused, &server.relay) {
                    relay.everyone_else(&super::relay::Wire::ActivityPaused { id, paused });
                }
                self.lobby.note = Some(paused.map_or(Note::NoActivity, Note::Paused));
            }
            Command::End => {
                let current = server.people.assignment.lock().ok().and_then(|a| a.as_ref().map(|a| a.id));
                let ended = current.is_some_and(|id| server.people.end_activity(id));
                if let Some(id) = current.filter(|_| ended) {
                    server.store.activity_ended(id, std::time::SystemTime::now());
                    if let Some(relay) = &server.relay {
                        relay.everyone_else(&super::relay::Wire::ActivityEnded { id });
                    }
                }
                self.lobby.note = Some(if ended { Note::ActivityEnded } else { Note::NoActivity });
            }
            Command::Tournament => {
                if !self.me.teacher {
                    return None;
                }
                if server.director.running() {
                    self.lobby.note = Some(Note::ConfirmEndTournament);
                } else {
                    self.lobby.choosing = Some(super::tournament::Plan::default());
                    self.lobby.note = None;
                }
            }
            Command::StartTournament(plan) => {
                if !self.me.teacher {
                    return None;
                }
                self.lobby.note = Some(match super::director::start(&server, plan, &self.me.name) {
                    Ok(count) => Note::TournamentStarted { kind: plan.kind, count },
                    Err(refusal) => Note::TournamentRefused(refusal),
                });
            }
            Command::EndTournament => {
                if self.me.teacher && server.director.tell(super::director::Order::End) {
                    self.lobby.note = Some(Note::TournamentEnding);
                }
            }
            Command::Watch(id) => {
                let whom = server.people.name_of(id).unwrap_or_default();
                match server.people.table_of(id) {
                    Some(table) => self.watch(table, whom),
                    None => match (server.people.remote_of(id), &server.relay) {
                        // A game played wholly on another host: asked of that host, which sends
                        // it here (`relay.rs`); the lobby says so meanwhile.
                        (Some((host, name)), Some(relay)) => {
                            relay.send(
                                &host,
                                super::relay::Wire::Watch { by: self.me.name.clone(), whom: name },
                            );
                            self.asked_to_watch = Some(whom.clone());
                            self.lobby.note = Some(Note::AskingToWatch(whom));
                        }
                        _ => self.lobby.note = Some(Note::NothingToWatch(whom)),
                    },
                }
            }
        }
        None
    }

    /// A message at a table.
    fn at_table(&mut self, table: Arc<Table>, role: Role, msg: Msg) {
        if matches!(msg, Msg::Key { .. } | Msg::Pick { .. } | Msg::Select(_) | Msg::Interrupt) {
            self.welcomed_back = false;
        }
        let leaving = matches!(msg, Msg::Interrupt | Msg::Key { action: Some(Action::Quit), .. });
        match role {
            Role::Watcher => {
                if leaving {
                    self.leave_table();
                }
            }
            Role::Owner => {
                if self.paused(&table) && !leaving {
                    // Paused by the teacher: nothing moves until the activity goes on.
                    return;
                }
                let mut back = false;
                {
                    let mut app = table.app();
                    let mut msg = msg;
                    loop {
                        let effect = app.update(msg);
                        table.sync_times(app.game().map_or(0, |g| g.moves().len()));
                        match self.perform(&table, &app, effect) {
                            Performed::Reply(reply) => msg = reply,
                            Performed::Done => break,
                            Performed::Quit => {
                                back = true;
                                break;
                            }
                        }
                    }
                    if self.over_move_limit(&table, &app) {
                        back = true;
                        self.lobby.note = Some(Note::MoveLimit(self.server.limits.max_moves));
                    }
                    track_live(&self.server, &table, &app);
                }
                table.touch();
                if back {
                    self.composing = false;
                    self.leave_table();
                } else if self.composing {
                    self.composed(&table);
                }
            }
            Role::Seat(seat) => self.at_seat(&table, seat, msg, leaving),
        }
    }

    /// A message in a seat of a game between two people.
    fn at_seat(&mut self, table: &Arc<Table>, seat: Seat, msg: Msg, leaving: bool) {
        let (in_play, unbegun) = table.app().game().map_or((false, false), |g| {
            (g.over.is_none() && !g.moves().is_empty(), g.over.is_none() && g.moves().is_empty())
        });
        let open = !table.closed.load(Ordering::SeqCst);
        let in_play = in_play && open;
        // A tournament game left before its first move is lost too: asked first as well (a key
        // meant for the game before, which ended as this one was seated, gives nothing away).
        let costs = in_play || unbegun && open && table.origin.tournament.is_some();
        if self.asking_leave {
            // Leave the game? y gives it up; any other key stays.
            self.asking_leave = false;
            if matches!(msg, Msg::Key { ch: Some('y' | 'Y'), .. }) && costs {
                self.leave_seat(table, seat, in_play);
                self.lobby.note = Some(Note::YouLeft);
            } else if matches!(msg, Msg::Interrupt) {
                self.leave_seat(table, seat, in_play);
            }
            table.touch();
            return;
        }
        if leaving {
            if costs && !matches!(msg, Msg::Interrupt) {
                self.asking_leave = true;
                table.touch();
            } else {
                self.leave_seat(table, seat, in_play);
            }
            return;
        }
        let mut app = table.app();
        let mine = app.game().is_some_and(|g| g.over.is_none() && g.turn() == seat);
        if !mine || matches!(msg, Msg::Resize { .. } | Msg::AiMove | Msg::Frame) {
            return;
        }
        // Between two people, nobody takes back the other's move or wipes the game out for a new
        // one: a game in play ends at the board, by resigning or by leaving.
        if let Msg::Key { action: Some(action), .. } = &msg
            && SHARED_HELD.contains(action)
        {
            return;
        }
        let hint = matches!(msg, Msg::Key { action: Some(Action::Hint), .. });
        let before = app.game().map_or(0, |g| g.moves().len());
        // Keys that would change the game's own settings (panels, help) stay with the game too:
        // both players see them.
        let _ = app.update(msg);
        if let Some(game) = app.game() {
            // A game between two hosts: the moves made here cross to the other (`relay.rs`);
            // a resignation crosses as the seat leaving.
            super::relay::moved(&self.server, table, game, before);
            if game.over.as_ref().is_some_and(|o| o.given_up.is_some()) && game.moves().len() == before {
                super::relay::left(
                    &self.server,
                    table,
                    seat_index(seat),
                    &format!("resigned by {}", self.me.name),
                );
            }
        }
        if hint && app.game().is_some_and(|g| g.hint.is_some()) {
            // The hint is the mover's: their result is kept as helped.
            table.helped[seat_index(seat)].store(true, Ordering::SeqCst);
        }
        table.sync_times(app.game().map_or(0, |g| g.moves().len()));
        if let Some(game) = app.game().filter(|g| g.over.is_some())
            && !table.recorded.swap(true, Ordering::SeqCst)
        {
            let winner = game.over.as_ref().map_or(0, |o| seat_index(o.winner));
            let ended_by = match game.over.as_ref().and_then(|o| o.given_up) {
                Some(_) => format!("resigned by {}", self.me.name),
                None => "play".to_string(),
            };
            keep(&self.server, table, game, outcomes_won_by(winner), &ended_by);
        }
        let too_long = self.over_move_limit(table, &app);
        track_live(&self.server, table, &app);
        drop(app);
        table.touch();
        if too_long {
            self.lobby.note = Some(Note::MoveLimit(self.server.limits.max_moves));
            self.leave_table();
        }
    }

    /// Leaves a seat at once: a game in play is given up (Ctrl-C, or the other player gone).
    fn leave_seat(&mut self, table: &Arc<Table>, seat: Seat, in_play: bool) {
        forfeit_unbegun(&self.server, table, seat_index(seat), &format!("left by {}", self.me.name));
        if in_play {
            give_up(&self.server, table, seat_index(seat), &format!("left by {}", self.me.name));
            self.lobby.note = Some(Note::YouLeft);
        }
        self.leave_table();
    }

    /// A game at `table` that reached [`super::Limits::max_moves`] ends, kept as ended by the server
    /// (`move limit`) for every player at it; says whether it did.
    fn over_move_limit(&self, table: &Table, app: &App) -> bool {
        let Some(game) =
            app.game().filter(|g| g.over.is_none() && g.moves().len() >= self.server.limits.max_moves)
        else {
            return false;
        };
        if table.recorded.swap(true, Ordering::SeqCst) {
            return true;
        }
        keep(&self.server, table, game, [Outcome::EndedByServer; 2], "move limit");
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, player = %self.me.name, moves = game.moves().len(), "game ended: move limit");
        }
        true
    }

    /// The app's effects, carried out on the server: a finished game goes to the store; nothing
    /// is written to the files of the machine's own player.
    fn perform(&self, table: &Table, app: &App, effect: Effect) -> Performed {
        match effect {
            Effect::None => Performed::Done,
            Effect::Quit => Performed::Quit,
            Effect::CountGame { result, .. } => {
                let Some(game) = app.game() else { return Performed::Done };
                let ended_by = match game.over.as_ref().and_then(|o| o.given_up) {
                    Some(nim_tui::app::GiveUp::Abandoned) => format!("left by {}", self.me.name),
                    Some(_) => format!("resigned by {}", self.me.name),
                    None => "play".to_string(),
                };
                let outcome = if result.won { Outcome::Won } else { Outcome::Lost };
                self.server.people.answered(table.origin.activity, &self.me.name, result.won);
                if self.me.logs() {
                    tracing::info!(peer = %self.me.peer, player = %self.me.name, game = %game.history().game().kind().name(),
                    won = result.won, moves = game.moves().len(), "game over");
                }
                keep(&self.server, table, game, [outcome, Outcome::EndedByServer], &ended_by);
                Performed::Done
            }
            Effect::SaveRecord(_) => Performed::Reply(Msg::Report(Report::Problem(
                nim_tui::words::serve_no_records(self.me.language),
            ))),
            // The lesson's progress lives as long as the connection; each step done is kept for
            // the teacher's reports.
            Effect::SaveLesson(progress) => {
                for (course, step) in lesson_steps(&progress) {
                    self.server.store.lesson_done(&self.me.name, course, step);
                }
                Performed::Reply(Msg::Report(Report::Lesson(progress)))
            }
            Effect::PuzzleAnswered { solved, puzzle, .. } => {
                // Rated with the player on the store's thread; what it did comes back as a notice.
                let (server, me) = (self.server.clone(), self.me.id);
                let reply = Box::new(move |rated: nim_tui::app::PuzzleRated| {
                    server.people.tell(me, Notice::PuzzleRated(Box::new(rated)));
                });
                let rate = super::store::PuzzleToRate { puzzle, reply };
                self.server.store.puzzle_rated(&self.me.name, solved, table.origin.activity, rate);
                self.server.people.answered(table.origin.activity, &self.me.name, solved);
                Performed::Done
            }
            // No saved games on the server: nothing to claim or give up.
            Effect::ClaimSaved | Effect::GiveUpSaved { .. } => Performed::Done,
        }
    }

    /// The server's line at the top of a table, for this viewer, as data.
    fn table_line(&self, table: &Table, role: Role) -> Option<say::Top> {
        if self.asking_leave {
            return Some(say::Top::AskLeave);
        }
        let other = |seat: Seat| table.players[seat_index(seat.other())].clone();
        if let Role::Seat(seat) = role {
            if let Some((away, _)) = table.away()
                && away != seat_index(seat)
            {
                return Some(say::Top::Away(other(seat), self.server.limits.rejoin));
            }
            if table.closed.load(Ordering::SeqCst) {
                return Some(say::Top::Gone(other(seat)));
            }
        }
        if self.welcomed_back {
            return Some(say::Top::Back);
        }
        if self.paused(table) {
            return Some(say::Top::Paused);
        }
        if role == Role::Watcher {
            let second = table.is_match().then(|| table.players[1].clone());
            return Some(say::Top::Watching(table.players[0].clone(), second));
        }
        let watchers = table.watcher_names();
        if let Some(teacher) = &table.origin.given_by
            && table.app().game().is_some_and(|g| g.over.is_none())
        {
            return Some(say::Top::Given(teacher.clone(), watchers));
        }
        (!watchers.is_empty()).then_some(say::Top::WatchedBy(watchers))
    }

    /// The keys this viewer may use at a table whose game others share: a watcher only leaves;
    /// a player moves only on their turn, and never takes back or starts a game for both.
    fn offered(&self, table: &Table, role: Role) -> Option<Vec<Action>> {
        match role {
            Role::Owner => None,
            Role::Watcher => Some(vec![Action::Quit]),
            Role::Seat(seat) => {
                let app = table.app();
                let mine = app.game().is_some_and(|g| g.over.is_none() && g.turn() == seat)
                    && !table.closed.load(Ordering::SeqCst);
                if mine {
                    let held = SHARED_HELD;
                    Some(app.commands().iter().map(|c| c.action).filter(|a| !held.contains(a)).collect())
                } else {
                    Some(vec![Action::Quit])
                }
            }
        }
    }
}

/// Where the connection is, for a door that says it in lines (`plain_door.rs`).
pub(crate) enum Spot<'a> {
    Lobby(&'a Lobby),
    Table(&'a Arc<Table>, Role),
}

/// What the plain door reads of a place and the one thing it sets (who is chosen in the lobby).
impl Place {
    pub(crate) fn spot(&self) -> Spot<'_> {
        match &self.at {
            At::Lobby => Spot::Lobby(&self.lobby),
            At::Table { table, role } => Spot::Table(table, *role),
        }
    }

    /// The server's line at the top of the table, as data, when at one.
    pub(crate) fn top(&self) -> Option<say::Top> {
        match &self.at {
            At::Table { table, role } => self.table_line(table, *role),
            At::Lobby => None,
        }
    }

    /// Whether the player is asked whether to give up the game in play by leaving it.
    pub(crate) fn asking_leave(&self) -> bool {
        self.asking_leave
    }

    /// Chooses this person in the lobby's list, as the arrow keys do.
    pub(crate) fn choose(&mut self, id: u64) {
        self.lobby.chosen = Some(id);
    }

    /// Whether the player asked for lines of text since the last call (the full-screen door
    /// then hands the session to the plain door).
    pub(crate) fn take_plain(&mut self) -> bool {
        std::mem::take(&mut self.wants_plain)
    }

    pub(crate) fn me(&self) -> &Me {
        &self.me
    }

    pub(crate) fn server(&self) -> &Arc<Server> {
        &self.server
    }
}

enum Performed {
    Reply(Msg),
    Done,
    Quit,
}

impl Scene for Place {
    type Effect = Leave;

    fn draw(&self, frame: &mut Frame, look: &Look) {
        let warning =
            self.idle_warning.map(|seconds| nim_tui::words::serve_idle_warning(look.language, seconds));
        match &self.at {
            At::Lobby if self.me.teacher => {
                let rows = class_rows(&self.server);
                let assignment = self.server.people.assignment.lock().map(|a| a.clone()).unwrap_or_default();
                let view = console::View {
                    me: &self.me.name,
                    rows: &rows,
                    chosen: self.lobby.chosen,
                    note: self.lobby.note.as_ref(),
                    assignment: &assignment,
                    projector: self.lobby.projector,
                    join: &self.server.join,
                    draft: self.lobby.draft,
                    tournament: self.server.director.current(),
                    choosing: self.lobby.choosing,
                    game: self.lobby.choosing.map(|_| {
                        let setup = self.server.settings.setup();
                        (setup.game.name().to_string(), setup.mode.as_str().to_string())
                    }),
                };
                console::draw(frame, &view, look);
            }
            At::Lobby => {
                let server = &self.server;
                let people = server.people.list();
                let board = server.store.board();
                let view = lobby_view::View {
                    lobby: &self.lobby,
                    me: self.me.id,
                    my_name: &self.me.name,
                    people: &people,
                    standings: &board.standings,
                    matches: &board.matches,
                    ratings: board.ratings.get(&self.me.name).map_or(&[], Vec::as_slice),
                    accuracy: board.students.get(&self.me.name).and_then(|s| s.accuracy()),
                    hardest: board.students.get(&self.me.name).and_then(|s| s.hardest_share()),
                    tournament: server.director.current(),
                };
                lobby_view::draw(frame, &view, look);
            }
            At::Table { table, role } => {
                let top = self.table_line(table, *role).map(|top| top.text(look));
                match (self.offered(table, *role), role) {
                    // A watcher reads the player's name where the player reads "You".
                    (Some(offered), Role::Watcher) => {
                        let look = Look { offered: Some(offered), ..look.clone() };
                        ui::draw(frame, &table.app().watched_as(&table.players[0]), &look);
                    }
                    (Some(offered), _) => {
                        let look = Look { offered: Some(offered), ..look.clone() };
                        ui::draw(frame, &table.app(), &look);
                    }
                    (None, _) => ui::draw(frame, &table.app(), look),
                }
                top_line(frame, top.as_deref(), look, self.asking_leave);
            }
        }
        bottom_line(frame, warning.as_deref(), look);
    }

    fn fit(&mut self, area: Rect) {
        if let At::Table { table, role: Role::Owner } = &self.at {
            table.app().fit(area);
        }
    }

    fn translate(&self, look: &Look, area: Rect, keymap: &Keymap, event: TermEvent) -> Option<Msg> {
        match &self.at {
            At::Lobby => match event {
                TermEvent::Key(key) if key.kind != crossterm::event::KeyEventKind::Release => {
                    Some(key_msg(keymap, &key))
                }
                _ => None,
            },
            At::Table { table, .. } => translate(&table.app(), look, area, keymap, event),
        }
    }

    fn update(&mut self, msg: Msg) -> Option<Leave> {
        match &self.at {
            At::Lobby => self.lobby_key(msg),
            At::Table { table, role } => {
                let (table, role) = (table.clone(), *role);
                self.at_table(table, role, msg);
                None
            }
        }
    }

    fn ai_waiting(&self) -> bool {
        match &self.at {
            At::Table { table, role: Role::Owner } => !self.paused(table) && table.app().ai_waiting(),
            _ => false,
        }
    }

    fn animating(&self) -> bool {
        match &self.at {
            At::Table { table, role: Role::Owner } => table.app().animating(),
            _ => false,
        }
    }

    /// What is pasted is typed into a field of the game (custom heaps, names), never taken as a
    /// key's command; in the lobby, where there is no field, it is dropped: a pasted `y` does not
    /// accept a challenge.
    fn takes_paste(&self) -> bool {
        !matches!(self.at, At::Lobby)
    }
}

/// What a player cannot do to a game two people share: take back the other's move, wipe the
/// game out for a new one, or take the board away to a lesson.
const SHARED_HELD: [Action; 4] = [Action::Undo, Action::Redo, Action::NewGame, Action::Lesson];

/// A new game of the AI for `name`, as at a terminal: the start screen, with the server's
/// settings and hints.
fn solo_app(server: &Server, name: &str) -> App {
    let mut setup = server.settings.setup();
    setup.names.0[0] = name.to_string();
    super::tables::with_server_hints(App::new(setup, None), server)
}

/// The students on the server as the teacher's console lists them: what each is doing, the
/// game in play (position, moves), their record (from the store's board), and the moves of the
/// game in play graded so far.
fn class_rows(server: &Server) -> Vec<console::ClassRow> {
    let board = server.store.board();
    server
        .people
        .list()
        .iter()
        .filter(|p| !p.teacher)
        .map(|p| {
            let mut position = None;
            let mut live = (0, 0);
            if let Some(table) = server.people.table_of(p.id).filter(|t| !t.closed.load(Ordering::SeqCst))
                && !matches!(p.doing, Doing::Watching { .. })
            {
                let app = table.app();
                if let Some(game) = app.game().filter(|g| g.over.is_none()) {
                    position = Some((super::db::position_text(game.position()), game.moves().len()));
                    let seat = if table.players[1] == p.name { Seat::Second } else { Seat::First };
                    let (_, lines) = game.judged();
                    for line in lines.iter().filter(|l| l.seat == seat) {
                        match line.coaching {
                            Coaching::Kept => live = (live.0 + 1, live.1 + 1),
                            Coaching::Missed(_) => live.1 += 1,
                            Coaching::AlreadyLost => {}
                        }
                    }
                }
            }
            console::ClassRow {
                id: p.id,
                name: p.name.clone(),
                doing: p.doing.clone(),
                host: p.host.clone(),
                position,
                summary: board.students.get(&p.name).cloned().unwrap_or_default(),
                live,
                rating: board.rating_of(&p.name).cloned(),
            }
        })
        .collect()
}

/// Every step of every lesson `progress` has done, as the store keeps them: the course's name
/// and the step's number.
fn lesson_steps(progress: &nim_tui::domain::LessonProgress) -> Vec<(&'static str, u32)> {
    let steps = |course: &'static str, done: &[bool]| {
        done.iter()
            .enumerate()
            .filter(|(_, done)| **done)
            .map(move |(step, _)| (course, u32::try_from(step).unwrap_or(u32::MAX)))
            .collect::<Vec<_>>()
    };
    let mut all = steps("nim", &progress.done);
    all.extend(steps("grundy", &progress.grundy_done));
    all
}

/// Who moves first in a new game between `names[0]` (the challenger, the first seat) and
/// `names[1]`: whoever has moved first in fewer of their rated games against the other in this
/// game and mode, the challenger on a tie, so that the first move alternates and every game
/// between them can be rated (`nim_tui::rating::who_moves_first`).
fn first_between(
    server: &Server,
    setup: &nim_tui::domain::GameSetup,
    names: [&str; 2],
) -> nim_tui::domain::First {
    let board = server.store.board();
    let (game, mode) = (setup.game.name(), setup.mode.as_str());
    let firsts = [
        board.first_moves(names[0], names[1], &game, mode),
        board.first_moves(names[1], names[0], &game, mode),
    ];
    match nim_tui::rating::who_moves_first(firsts, 0) {
        0 => nim_tui::domain::First::You,
        _ => nim_tui::domain::First::Ai,
    }
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// The outcomes of a game won by seat `winner` (0 or 1), by seat.
fn outcomes_won_by(winner: usize) -> [Outcome; 2] {
    if winner == 0 { [Outcome::Won, Outcome::Lost] } else { [Outcome::Lost, Outcome::Won] }
}

/// Keeps a game played at `table`, whole: a row per player (`outcome` by seat; against the AI
/// only the first seat's), every move graded, its activity. A game two people play at one
/// keyboard of a table of one's own is no one's result, and is not kept.
fn keep(server: &Server, table: &Table, game: &nim_tui::app::Game, outcome: [Outcome; 2], ended_by: &str) {
    if super::relay::is_mirror(table) {
        // A game between two hosts is kept by the host that seated it (`relay.rs`).
        return;
    }
    // The game's row among the games in progress goes with its result (`hosts.rs`).
    let live = taken_live(table);
    if !table.is_match() && game.hotseat() {
        if let Some(key) = live {
            server.store.live_gone(key);
        }
        return;
    }
    let kind = game.history().game().kind();
    let counted = !no_real_choice(game);
    let moves = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
    let seats = if table.is_match() { 2 } else { 1 };
    let mut rows = Vec::new();
    for (seat, &outcome) in outcome.iter().enumerate().take(seats) {
        let player = table.players[seat].clone();
        if !server.result_allowed(&player) {
            continue;
        }
        let (opponent, level, assisted) = if table.is_match() {
            (table.players[1 - seat].clone(), "-".to_string(), table.helped[seat].load(Ordering::SeqCst))
        } else {
            ("ai".to_string(), game.level.as_str().to_string(), !game.assistance().is_empty())
        };
        rows.push(GameRow {
            player,
            opponent,
            game: kind.name(),
            mode: game.mode().as_str().into(),
            level,
            outcome,
            assisted,
            moves,
            ended_by: ended_by.to_string(),
            counted,
        });
    }
    if rows.is_empty() {
        if let Some(key) = live {
            server.store.live_gone(key);
        }
        if let Some(t) = table.origin.tournament {
            // Not kept (past the results' rate): not counted either.
            server.director.tell(super::director::Order::Unplayed {
                tournament: t.tournament,
                first: table.players[0].clone(),
                second: table.players[1].clone(),
            });
        }
        return;
    }
    // The winner as the rows keep it, which is what the database recounts.
    let winner = rows.iter().find(|r| r.outcome == Outcome::Won).map(|r| r.player.clone());
    table.sync_times(game.moves().len());
    let (times, started) =
        table.times.lock().map(|t| (t.ms.clone(), Some(t.started))).unwrap_or_else(|_| (Vec::new(), None));
    let start = super::db::position_text(&game.history().position_after(0));
    let names = [table.players[0].as_str(), if table.is_match() { table.players[1].as_str() } else { "ai" }];
    let moves = super::db::graded_moves(game, names, &times);
    // Help that keeps a game from being rated: hints or undo (the AI's level is not help here).
    let helped = if table.is_match() {
        table.helped.iter().any(|h| h.load(Ordering::SeqCst))
    } else {
        game.used_hint || game.used_undo
    };
    let played = Played {
        rows,
        start,
        moves,
        activity: table.origin.activity,
        started_at: started,
        helped,
        tournament: table.origin.tournament,
    };
    server.store.record_live_game(played, live);
    if let Some(t) = table.origin.tournament {
        // After the game is queued for the store: the tournament ends only after its games.
        server.director.tell(super::director::Order::Finished {
            tournament: t.tournament,
            first: table.players[0].clone(),
            second: table.players[1].clone(),
            winner,
        });
    }
    if table.is_match() {
        tracing::info!(first = %table.players[0], second = %table.players[1], %ended_by, "game between players over");
    }
}

/// Seat `seat` gives up the game in play at `table`, if it has one with moves made and not yet
/// kept: a loss for that seat (and a win for the other player between people).
fn give_up(server: &Server, table: &Table, seat: usize, ended_by: &str) {
    let app = table.app();
    let Some(game) = app.unfinished() else { return };
    if table.recorded.swap(true, Ordering::SeqCst) {
        return;
    }
    keep(server, table, game, outcomes_won_by(1 - seat), ended_by);
}

/// A tournament game left by seat `seat` before its first move is lost by them (a game with
/// moves is given up by [`give_up`]): the tournament counts every game it paired that began.
fn forfeit_unbegun(server: &Server, table: &Table, seat: usize, ended_by: &str) {
    if table.origin.tournament.is_none() {
        return;
    }
    let app = table.app();
    let Some(game) = app.game().filter(|g| g.over.is_none() && g.moves().is_empty()) else { return };
    if table.recorded.swap(true, Ordering::SeqCst) {
        return;
    }
    keep(server, table, game, outcomes_won_by(1 - seat.min(1)), ended_by);
}

/// The games whose players did not come back in time are given up, as left by them, and their
/// tables closed (the other player goes back to the lobby, told they won).
fn give_up_parked(server: &Server) {
    for (_, parked) in server.people.expired(std::time::Instant::now()) {
        let name = parked.table.players[parked.seat].clone();
        tracing::info!(player = %name, "did not come back to the game: it is kept as left");
        let ended_by = format!("connection lost: {name}");
        forfeit_unbegun(server, &parked.table, parked.seat, &ended_by);
        give_up(server, &parked.table, parked.seat, &ended_by);
        if !parked.table.closed.swap(true, Ordering::SeqCst) {
            super::relay::left(server, &parked.table, parked.seat, &ended_by);
        }
        parked.table.touch();
    }
}

/// Whether nobody had a real choice in `game`: at every move, either every move open won or none
/// did (a single heap of one, two heaps of one). Such a game is kept but not counted on the
/// leaderboards. Only the first moves are looked at: a game that long had choices.
fn no_real_choice(game: &nim_tui::app::Game) -> bool {
    let rules = game.history().game();
    game.history().steps().take(64).all(|(_, _, before, _)| {
        let open = rules.move_count(&before);
        match rules.winning_move_count(&before) {
            Some(winning) => winning == 0 || winning >= open,
            None => false,
        }
    })
}

/// The server's line at the top of the screen, the whole width, over whatever the game drew
/// there; a question in the error colour.
fn top_line(frame: &mut Frame, text: Option<&str>, look: &Look, question: bool) {
    let Some(text) = text else { return };
    let line = Rect::new(0, 0, frame.area().width, 1.min(frame.area().height));
    let style = if question {
        look.theme.strong(look.theme.error).add_modifier(Modifier::REVERSED)
    } else {
        Style::default().add_modifier(Modifier::REVERSED)
    };
    frame.render_widget(Clear, line);
    frame.render_widget(Paragraph::new(text).style(style), line);
}

/// The server's line at the bottom of the screen, the whole width.
fn bottom_line(frame: &mut Frame, text: Option<&str>, look: &Look) {
    let Some(text) = text else { return };
    let row = frame.area().height.saturating_sub(1);
    let line = Rect::new(0, row, frame.area().width, 1.min(frame.area().height));
    frame.render_widget(Clear, line);
    frame.render_widget(
        Paragraph::new(text).style(look.theme.strong(look.theme.error).add_modifier(Modifier::REVERSED)),
        line,
    );
}

/// Keeps the game at `table` in `live_games` as it stands after a message (when this server is
/// a host): a game with moves and no result yet is kept with its position (again only when it
/// moved); one that ended with nothing to keep is removed. Its result takes the key with it
/// ([`taken_live`]).
fn track_live(server: &Server, table: &Table, app: &nim_tui::app::App) {
    let Some(host) = &server.host else { return };
    if super::relay::is_mirror(table) {
        return;
    }
    let mut slot = table.live.lock();
    let in_play = app
        .unfinished()
        .filter(|g| table.is_match() || !g.hotseat())
        .filter(|_| !table.recorded.load(Ordering::SeqCst) && !table.closed.load(Ordering::SeqCst));
    let Some(game) = in_play else {
        if let Some((key, _)) = slot.take() {
            server.store.live_gone(key);
        }
        return;
    };
    let moves = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
    if slot.as_ref().is_some_and(|(_, kept)| *kept == moves) {
        return;
    }
    let key = slot.as_ref().map_or_else(|| host.key(), |(key, _)| key.clone());
    let between = table.is_match();
    let assisted = match between {
        true => [0, 1].map(|seat| table.helped[seat].load(Ordering::SeqCst)),
        false => [!game.assistance().is_empty(), false],
    };
    let started_at = table.times.lock().ok().map(|t| t.started);
    server.store.live_game(super::db::LiveGame {
        key: key.clone(),
        players: table.players.clone(),
        game: game.history().game().kind().name(),
        mode: game.mode().as_str().into(),
        level: if between { "-".into() } else { game.level.as_str().into() },
        start: super::db::position_text(&game.history().position_after(0)),
        position: super::db::position_text(game.position()),
        moves,
        started_at,
        activity: table.origin.activity,
        tournament: table.origin.tournament,
        assisted,
        counted: true,
    });
    *slot = Some((key, moves));
}

/// The key of the game in progress at `table`, taken as its result is kept.
fn taken_live(table: &Table) -> Option<super::db::LiveKey> {
    table.live.lock().take().map(|(key, _)| key)
}

/// Move `ply` of the game at a table linked to another host (`relay.rs`), made there: played
/// here as a click on that move plays it, unless it is played already (a ply seen twice). The
/// host that seated the game keeps it when it ends.
pub(crate) fn relayed_move(server: &Server, table: &Table, ply: u32, notation: &str) {
    {
        let mut app = table.app();
        let Some(game) = app.game().filter(|g| g.over.is_none()) else { return };
        if usize::try_from(ply).ok() != Some(game.moves().len()) {
            return;
        }
        let mv = match game.history().game().read_move(notation) {
            Ok(mv) => mv,
            Err(e) => {
                tracing::warn!(%notation, "a move from another host was not understood: {e}");
                return;
            }
        };
        let ply = game.moves().len();
        let played = |app: &App| app.game().map_or(0, |g| g.moves().len()) > ply;
        if game.ai_to_move() {
            // The AI's move, made where the game is played: as the AI makes its own here.
            let _ = app.play_ai_move(mv);
        } else {
            // Chosen, then taken: what two clicks on the move do (one, when the move was the one
            // chosen already; a second would then choose it for the next player).
            let _ = app.update(Msg::Select(mv.clone()));
            if !played(&app) {
                let _ = app.update(Msg::Select(mv));
            }
        }
        let moves = app.game().map_or(0, |g| g.moves().len());
        if moves != ply + 1 {
            tracing::warn!(%notation, "a move from another host could not be played here");
        }
        table.sync_times(moves);
        if let Some(game) = app.game().filter(|g| g.over.is_some())
            && !table.recorded.swap(true, Ordering::SeqCst)
        {
            let winner = game.over.as_ref().map_or(0, |o| seat_index(o.winner));
            keep(server, table, game, outcomes_won_by(winner), "play");
        }
        track_live(server, table, &app);
    }
    table.touch();
}

/// The player of seat `seat` of a tournament game, on another host, could not be seated (busy):
/// the game is not played, the director told (on the home), and the table closed, so that the
/// other player goes back to the lobby.
pub(crate) fn relayed_unseated(server: &Server, table: &Table, _seat: usize) {
    let unbegun = table.app().game().is_some_and(|g| g.moves().is_empty());
    if !unbegun || table.closed.swap(true, Ordering::SeqCst) {
        return;
    }
    if let (Some(t), false) = (table.origin.tournament, super::relay::is_mirror(table)) {
        server.director.tell(super::director::Order::Unplayed {
            tournament: t.tournament,
            first: table.players[0].clone(),
            second: table.players[1].clone(),
        });
    }
    table.touch();
}

/// The other host of a table linked to it stopped (its lease ran out): the game in play is
/// ended by the server where it is kept (never a loss), and the table closed, the player here
/// told why.
pub(crate) fn relayed_host_lost(server: &Server, table: &Table) {
    {
        let app = table.app();
        if let Some(game) = app.unfinished()
            && !table.recorded.swap(true, Ordering::SeqCst)
        {
            keep(server, table, game, [Outcome::EndedByServer; 2], super::db::HOST_LOST);
        }
        table.host_lost.store(true, Ordering::SeqCst);
        table.closed.store(true, Ordering::SeqCst);
        track_live(server, table, &app);
    }
    table.touch();
}

/// Seat `seat` of a table linked to another host left there (`how`, as the records say it):
/// the game in play is given up by them where it is kept, and the table closed, so that the
/// player here is told and goes back to the lobby as when the other leaves at this host.
pub(crate) fn relayed_leave(server: &Server, table: &Table, seat: usize, how: &str) {
    // A tournament game left before its first move is lost by the one who left, as here.
    forfeit_unbegun(server, table, seat, how);
    give_up(server, table, seat, how);
    table.closed.store(true, Ordering::SeqCst);
    {
        let app = table.app();
        track_live(server, table, &app);
    }
    table.touch();
}

/// Whether `at` is a game of an earlier round of the tournament `next` belongs to: its director
/// seats a round only once every game before it has ended where it is kept, so a table here
/// still in play (another host's, whose last move is still on its way) holds nobody back.
fn earlier_round(at: &Table, next: &Table) -> bool {
    match (at.origin.tournament, next.origin.tournament) {
        (Some(at), Some(next)) => at.tournament == next.tournament && at.round < next.round,
        _ => false,
    }
}
