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
use ratatui::widgets::Paragraph;
use tokio::sync::watch;

use super::Server;
use super::db::{GameRow, Outcome};
use super::lobby::{Command, Lobby, Note};
use super::lobby_view;
use super::tables::{Doing, Notice, Table};
use nim_tui::app::{Action, App, Effect, Msg, Report};
use nim_tui::domain::Seat;
use nim_tui::engine::Rules as _;
use nim_tui::keys::Keymap;
use nim_tui::session::{Scene, key_msg, translate};
use nim_tui::ui::{self, Look};

/// The person leaves the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leave;

/// Who a connection is.
#[derive(Debug, Clone)]
pub struct Me {
    pub id: u64,
    pub name: String,
    pub teacher: bool,
    pub peer: SocketAddr,
    /// The connection's log lines (see [`super::LOG_PER_SECOND`]).
    pub(crate) log: Arc<std::sync::Mutex<super::LogBudget>>,
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
enum Role {
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
}

impl Place {
    /// A newcomer, in the lobby.
    pub fn new(server: Arc<Server>, me: Me) -> Place {
        Place { server, me, lobby: Lobby::default(), at: At::Lobby, changed: None, idle_warning: None }
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
                if matches!(self.at, At::Lobby) && self.lobby.challenged_by.is_none() {
                    self.lobby.note = Some(Note::Challenged(name.clone()));
                    self.lobby.challenged_by = Some((from, name));
                } else {
                    self.server.people.tell(from, Notice::Declined { name: self.me.name.clone() });
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
                    // Moved on meanwhile: the table is closed at once.
                    table.closed.store(true, Ordering::SeqCst);
                    table.touch();
                }
            }
            Notice::Assigned { setup } => {
                let free = matches!(self.at, At::Lobby | At::Table { role: Role::Owner, .. });
                if free {
                    // The game this student was playing is kept, ended by the teacher: no loss.
                    self.keep_unfinished_solo(Outcome::EndedByServer, "position given by the teacher".into());
                    self.leave_table();
                    let mut setup = setup;
                    setup.names.0[0] = self.me.name.clone();
                    let app = with_server_hints(App::start_now(setup, None), &self.server);
                    let table = Table::new(app, [self.me.name.clone(), String::new()], [self.me.id, 0]);
                    self.server.people.set(self.me.id, Doing::Solo, Some(table.clone()));
                    self.sit(table, Role::Owner);
                }
            }
            Notice::Declined { name } => {
                if matches!(self.at, At::Lobby) {
                    self.lobby.note = Some(Note::Declined(name));
                }
            }
        }
    }

    /// After the table changed: a table closed by the other player (or its owner, for a
    /// watcher) sends this connection back to the lobby, told why.
    pub fn table_moved(&mut self) {
        let At::Table { table, role } = &self.at else { return };
        if *role == Role::Owner || !table.closed.load(Ordering::SeqCst) {
            return;
        }
        let (over, moves) = table.app().game().map_or((true, 0), |g| (g.over.is_some(), g.moves().len()));
        if moves >= self.server.limits.max_moves {
            self.lobby.note = Some(Note::MoveLimit(self.server.limits.max_moves));
        } else if let Role::Seat(seat) = role
            && !over
        {
            self.lobby.note = Some(Note::Left(table.players[seat_index(seat.other())].clone()));
        }
        self.leave_table();
    }

    /// The connection goes away (`stopping`: because the server stops): a game in play is kept
    /// as ended by the server when it stops, given up when a player leaves a game with another
    /// person, and the connection leaves its table and the server's list.
    pub fn depart(&mut self, stopping: bool) {
        if let At::Table { table, role } = &self.at
            && *role != Role::Watcher
        {
            let app = table.app();
            if let (Some(game), Some(kind)) =
                (app.unfinished(), app.game().map(|g| g.history().game().kind()))
            {
                if stopping && !table.recorded.swap(true, Ordering::SeqCst) {
                    let moves = game.moves().len();
                    for (seat, player) in table.players.iter().enumerate() {
                        if table.seats[seat] == 0 {
                            continue;
                        }
                        self.server.store.record(GameRow {
                            player: player.clone(),
                            opponent: if table.is_match() {
                                table.players[1 - seat].clone()
                            } else {
                                "ai".into()
                            },
                            game: kind.name(),
                            mode: game.mode().as_str().into(),
                            level: if table.is_match() { "-".into() } else { level_name(game.level) },
                            outcome: Outcome::EndedByServer,
                            assisted: false,
                            moves: u32::try_from(moves).unwrap_or(u32::MAX),
                            ended_by: "server stopped".into(),
                            counted: true,
                        });
                    }
                    if self.me.logs() {
                        tracing::info!(peer = %self.me.peer, player = %self.me.name, moves, "game ended by the server");
                    }
                } else if !stopping {
                    if self.me.logs() {
                        tracing::info!(peer = %self.me.peer, player = %self.me.name, "game left unfinished");
                    }
                    // Going away from a game between two people in play gives it up.
                    if let Role::Seat(seat) = role
                        && !game.moves().is_empty()
                        && !table.recorded.swap(true, Ordering::SeqCst)
                    {
                        record_match(
                            &self.server,
                            table,
                            game,
                            Some(seat.other()),
                            format!("left by {}", self.me.name),
                        );
                    }
                }
            }
        }
        if !stopping {
            // Going away from a game against the AI in play loses it, as leaving it at the
            // board does: hanging up is no way to escape a loss.
            self.keep_unfinished_solo(Outcome::Lost, format!("left by {}", self.me.name));
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
        if table.recorded.swap(true, Ordering::SeqCst) || !self.server.result_allowed(&self.me.name) {
            return;
        }
        self.server.store.record(GameRow {
            player: self.me.name.clone(),
            opponent: "ai".into(),
            game: game.history().game().kind().name(),
            mode: game.mode().as_str().into(),
            level: level_name(game.level),
            outcome,
            assisted: false,
            moves: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            ended_by,
            counted: !no_real_choice(game),
        });
    }

    fn sit(&mut self, table: Arc<Table>, role: Role) {
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
            Role::Owner | Role::Seat(_) => table.closed.store(true, Ordering::SeqCst),
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
        let people = server.people.list();
        let me = self.me.id;
        match self.lobby.key(action, ch, &people, me) {
            Command::Nothing => {}
            Command::Quit => return Some(Leave),
            Command::PlayAi => {
                let table = Table::new(
                    solo_app(&server, &self.me.name),
                    [self.me.name.clone(), String::new()],
                    [me, 0],
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
            Command::Decline(id) => {
                server.people.tell(id, Notice::Declined { name: self.me.name.clone() });
            }
            Command::Accept(id) => {
                let Some(other) =
                    server.people.name_of(id).filter(|_| server.people.doing(id) == Some(Doing::Lobby))
                else {
                    self.lobby.note = Some(Note::Busy(server.people.name_of(id).unwrap_or_default()));
                    return None;
                };
                let mut setup = server.settings.setup();
                setup.opponent = nim_tui::domain::Opponent::Human;
                setup.first = nim_tui::domain::First::You;
                setup.names = nim_tui::domain::Names([other.clone(), self.me.name.clone()]);
                let app = with_server_hints(App::start_now(setup, None), &server);
                let table = Table::new(app, [other.clone(), self.me.name.clone()], [id, me]);
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
                given.opponent = nim_tui::domain::Opponent::Ai;
                given.level = nim_tui::domain::Level::Perfect;
                let position = game.position().to_string();
                drop(app);
                let count = server.people.assign(me, &given, position.clone());
                if self.me.logs() {
                    tracing::info!(peer = %self.me.peer, teacher = %self.me.name, %position, count, "position given to everyone");
                }
                self.lobby.note = Some(Note::Given(position));
            }
            Command::Watch(id) => {
                let Some(table) = server.people.table_of(id) else {
                    self.lobby.note =
                        Some(Note::NothingToWatch(server.people.name_of(id).unwrap_or_default()));
                    return None;
                };
                if let Ok(mut watchers) = table.watchers.lock() {
                    watchers.push((me, self.me.name.clone()));
                }
                table.touch();
                let whom = server.people.name_of(id).unwrap_or_default();
                if self.me.logs() {
                    tracing::info!(peer = %self.me.peer, player = %self.me.name, watching = %whom, "watching");
                }
                server.people.set(me, Doing::Watching { whom }, None);
                self.sit(table, Role::Watcher);
            }
        }
        None
    }

    /// A message at a table.
    fn at_table(&mut self, table: Arc<Table>, role: Role, msg: Msg) {
        let leaving = matches!(msg, Msg::Interrupt | Msg::Key { action: Some(Action::Quit), .. });
        match role {
            Role::Watcher => {
                if leaving {
                    self.leave_table();
                }
            }
            Role::Owner => {
                let mut back = false;
                {
                    let mut app = table.app();
                    let mut msg = msg;
                    loop {
                        let effect = app.update(msg);
                        match self.perform(&app, effect) {
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
                }
                table.touch();
                if back {
                    self.leave_table();
                }
            }
            Role::Seat(seat) => {
                if leaving {
                    let app = table.app();
                    if let Some(game) = app.game().filter(|g| g.over.is_none() && !g.moves().is_empty()) {
                        // Leaving a game in play gives it up.
                        if !table.recorded.swap(true, Ordering::SeqCst) {
                            record_match(
                                &self.server,
                                &table,
                                game,
                                Some(seat.other()),
                                format!("left by {}", self.me.name),
                            );
                        }
                    }
                    drop(app);
                    self.leave_table();
                    return;
                }
                let mut app = table.app();
                let mine = app.game().is_some_and(|g| g.over.is_none() && g.turn() == seat);
                if !mine || matches!(msg, Msg::Resize { .. } | Msg::AiMove | Msg::Frame) {
                    return;
                }
                // Between two people, nobody takes back the other's move or wipes the game out
                // for a new one: a game in play ends at the board, by resigning or by leaving.
                if matches!(msg, Msg::Key { action: Some(Action::Undo | Action::Redo | Action::NewGame), .. })
                {
                    return;
                }
                // Keys that would change the game's own settings (panels, help) stay with the game
                // too: both players see them.
                let _ = app.update(msg);
                if let Some(game) = app.game().filter(|g| g.over.is_some())
                    && !table.recorded.swap(true, Ordering::SeqCst)
                {
                    let winner = game.over.as_ref().map(|o| o.winner);
                    let ended_by = match game.over.as_ref().and_then(|o| o.given_up) {
                        Some(_) => format!("resigned by {}", self.me.name),
                        None => "play".to_string(),
                    };
                    record_match(&self.server, &table, game, winner, ended_by);
                }
                let too_long = self.over_move_limit(&table, &app);
                drop(app);
                table.touch();
                if too_long {
                    self.lobby.note = Some(Note::MoveLimit(self.server.limits.max_moves));
                    self.leave_table();
                }
            }
        }
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
        let kind = game.history().game().kind();
        for (seat, player) in table.players.iter().enumerate() {
            if table.seats[seat] == 0 || (!table.is_match() && game.hotseat()) {
                continue;
            }
            self.server.store.record(GameRow {
                player: player.clone(),
                opponent: if table.is_match() { table.players[1 - seat].clone() } else { "ai".into() },
                game: kind.name(),
                mode: game.mode().as_str().into(),
                level: if table.is_match() { "-".into() } else { level_name(game.level) },
                outcome: Outcome::EndedByServer,
                assisted: false,
                moves: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
                ended_by: "move limit".into(),
                counted: true,
            });
        }
        if self.me.logs() {
            tracing::info!(peer = %self.me.peer, player = %self.me.name, moves = game.moves().len(), "game ended: move limit");
        }
        true
    }

    /// The app's effects, carried out on the server: a finished game goes to the store; nothing
    /// is written to the files of the machine's own player.
    fn perform(&self, app: &App, effect: Effect) -> Performed {
        match effect {
            Effect::None => Performed::Done,
            Effect::Quit => Performed::Quit,
            Effect::CountGame { game, mode, result } => {
                let (level, moves) =
                    app.game().map_or((nim_tui::domain::Level::Perfect, 0), |g| (g.level, g.moves().len()));
                let ended_by = match app.game().and_then(|g| g.over.as_ref()).and_then(|o| o.given_up) {
                    Some(nim_tui::app::GiveUp::Abandoned) => format!("left by {}", self.me.name),
                    Some(_) => format!("resigned by {}", self.me.name),
                    None => "play".to_string(),
                };
                let counted = app.game().is_none_or(|g| !no_real_choice(g));
                if !self.server.result_allowed(&self.me.name) {
                    return Performed::Done;
                }
                let row = GameRow {
                    player: self.me.name.clone(),
                    opponent: "ai".into(),
                    game: game.name(),
                    mode: mode.as_str().into(),
                    level: level_name(level),
                    outcome: if result.won { Outcome::Won } else { Outcome::Lost },
                    assisted: result.assisted,
                    moves: u32::try_from(moves).unwrap_or(u32::MAX),
                    ended_by,
                    counted,
                };
                self.server.people.answered(self.me.id, &self.me.name, result.won);
                if self.me.logs() {
                    tracing::info!(peer = %self.me.peer, player = %self.me.name, game = %row.game, mode = %row.mode,
                    level = %row.level, won = result.won, moves, "game over");
                }
                self.server.store.record(row);
                Performed::Done
            }
            Effect::SaveRecord(_) => {
                Performed::Reply(Msg::Report(Report::Problem(nim_tui::words::serve_no_records())))
            }
            // The lesson's progress lives as long as the connection.
            Effect::SaveLesson(progress) => Performed::Reply(Msg::Report(Report::Lesson(progress))),
            // No saved games on the server: nothing to claim or give up; puzzles are not kept.
            Effect::PuzzleAnswered { .. } | Effect::ClaimSaved | Effect::GiveUpSaved { .. } => {
                Performed::Done
            }
        }
    }

    /// The server's line at the top of a table: for a watcher, whom it watches; for a player, who
    /// watches.
    fn table_line(&self, table: &Table, role: Role, look: &Look) -> Option<String> {
        let watchers = table.watcher_names();
        match role {
            Role::Watcher => {
                let second = table.is_match().then(|| table.players[1].as_str());
                Some(nim_tui::words::serve_watching(
                    &nim_tui::words::serve_players(&table.players[0], second),
                    &look.key(Action::Quit),
                ))
            }
            _ if watchers.is_empty() => None,
            _ => Some(nim_tui::words::serve_watched_by(&watchers)),
        }
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
        let warning = self.idle_warning.map(nim_tui::words::serve_idle_warning);
        match &self.at {
            At::Lobby => {
                let server = &self.server;
                let people = server.people.list();
                let board = server.store.board();
                let (tables, assignment) = if self.me.teacher {
                    (
                        in_progress(server),
                        server.people.assignment.lock().map(|a| a.clone()).unwrap_or_default(),
                    )
                } else {
                    (Vec::new(), None)
                };
                let view = lobby_view::View {
                    teacher: self.me.teacher.then_some(lobby_view::TeacherView {
                        tables: &tables,
                        recent: &board.recent,
                        assignment: &assignment,
                    }),
                    lobby: &self.lobby,
                    me: self.me.id,
                    my_name: &self.me.name,
                    people: &people,
                    standings: &board.standings,
                    matches: &board.matches,
                };
                lobby_view::draw(frame, &view, look);
            }
            At::Table { table, role } => {
                let top = self.table_line(table, *role, look);
                ui::draw(frame, &table.app(), look);
                top_line(frame, top.as_deref());
            }
        }
        bottom_line(frame, warning.as_deref());
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
            At::Table { table, role: Role::Owner } => table.app().ai_waiting(),
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

/// What `--no-hints` withholds: the hint, the coach, the binary view and the review.
pub const NO_HINTS: [Action; 4] = [Action::Hint, Action::Coach, Action::Binary, Action::Review];

/// A new game of the AI for `name`, as at a terminal: the start screen, with the server's
/// settings and hints.
fn solo_app(server: &Server, name: &str) -> App {
    let mut setup = server.settings.setup();
    setup.names.0[0] = name.to_string();
    with_server_hints(App::new(setup, None), server)
}

/// `app` with the hints the server allows: with `--no-hints` the hint, the coach and the binary
/// view are withheld (not listed in the key line or the help, and their keys do nothing) and
/// their panels closed.
fn with_server_hints(mut app: App, server: &Server) -> App {
    app.panels.coach = server.settings.coach && !server.no_hints;
    if server.no_hints {
        app.panels.binary = false;
        // The review after a game names the winning move of every position: a hint too.
        app.withheld = NO_HINTS.to_vec();
    }
    app
}

/// Every game in progress, for the teacher: who plays, the position and the moves made.
fn in_progress(server: &Server) -> Vec<(String, String)> {
    server
        .people
        .tables()
        .iter()
        .filter(|t| !t.closed.load(Ordering::SeqCst))
        .filter_map(|t| {
            let app = t.app();
            let game = app.game().filter(|g| g.over.is_none())?;
            let second = t.is_match().then(|| t.players[1].as_str());
            let players = nim_tui::words::serve_players(&t.players[0], second);
            Some((players, format!("{}  ({})", game.position(), game.moves().len())))
        })
        .collect()
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

/// A game between two people, kept for both: `winner`'s seat won; `ended_by` says how it ended
/// and who ended it.
fn record_match(
    server: &Server,
    table: &Table,
    game: &nim_tui::app::Game,
    winner: Option<Seat>,
    ended_by: String,
) {
    let kind = game.history().game().kind();
    let counted = !no_real_choice(game);
    for seat in [Seat::First, Seat::Second] {
        server.store.record(GameRow {
            player: table.players[seat_index(seat)].clone(),
            opponent: table.players[seat_index(seat.other())].clone(),
            game: kind.name(),
            mode: game.mode().as_str().into(),
            level: "-".into(),
            outcome: if winner == Some(seat) { Outcome::Won } else { Outcome::Lost },
            assisted: false,
            moves: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            ended_by: ended_by.clone(),
            counted,
        });
    }
    tracing::info!(first = %table.players[0], second = %table.players[1], winner = ?winner, %ended_by, "game between players over");
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

fn level_name(level: nim_tui::domain::Level) -> String {
    format!("{level:?}").to_lowercase()
}

fn top_line(frame: &mut Frame, text: Option<&str>) {
    let Some(text) = text else { return };
    let line = Rect::new(0, 0, frame.area().width, 1.min(frame.area().height));
    frame.render_widget(Paragraph::new(text).style(Style::default().add_modifier(Modifier::REVERSED)), line);
}

fn bottom_line(frame: &mut Frame, text: Option<&str>) {
    let Some(text) = text else { return };
    let row = frame.area().height.saturating_sub(1);
    let line = Rect::new(0, row, frame.area().width, 1.min(frame.area().height));
    frame.render_widget(Paragraph::new(text).style(Style::default().add_modifier(Modifier::REVERSED)), line);
}
