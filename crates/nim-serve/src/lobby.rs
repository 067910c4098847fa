//! The lobby, the server's own screen before and between games: the people on the server and
//! what each is doing, the leaderboard, and the keys to play the AI, challenge someone, answer a
//! challenge and watch a game. Its state and keys are here; it is drawn by `lobby_view.rs`.

use super::tables::{Doing, Someone};
use nim_tui::app::Action;

/// What the lobby asks the connection to do after a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Nothing,
    PlayAi,
    Challenge(u64),
    Watch(u64),
    Accept(u64),
    Decline(u64),
    /// A teacher gives everyone the position of this person's game.
    Give(u64),
    /// A teacher gives everyone the position waiting ([`Lobby::pending`]), the AI moving first.
    GiveSecond,
    /// A teacher chooses a game on the start screen, to give everyone.
    Compose,
    /// A teacher pauses the activity, or goes on with it.
    Pause,
    /// A teacher ends the activity.
    End,
    /// A teacher sends this person off the server.
    Kick(u64),
    /// A teacher's tournament key: the choice of a new one, or ending the one running.
    Tournament,
    /// A teacher starts the tournament chosen.
    StartTournament(super::tournament::Plan),
    /// A teacher ends the tournament running.
    EndTournament,
    /// The lobby and the games in lines of text from now on (the plain door, for a screen reader).
    Plain,
    Quit,
}

/// What the lobby's line tells the player, as data: written in the viewer's language when the
/// lobby is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// This person challenges you (answer y or n).
    Challenged(String),
    /// This person is busy.
    Busy(String),
    /// A challenge was sent to this person.
    ChallengeSent(String),
    /// This person has no game to watch.
    NothingToWatch(String),
    /// This person's game, on another host, was asked for: watched when it comes.
    AskingToWatch(String),
    /// This person declined your challenge.
    Declined(String),
    /// This person is answering another challenge.
    Engaged(String),
    /// This person left before the game began.
    Left(String),
    /// This person left the game in play: a win for you.
    LeftYouWon(String),
    /// You left a game in play: a loss.
    YouLeft,
    /// The host of this person (playing you from another host) stopped: the game was ended by
    /// the server.
    HostLost(String),
    /// The game watched (these players) ended.
    WatchedEnded(String, Option<String>),
    /// A position given to everyone (to `count` students; `second`: the AI moving first), as
    /// activity `activity`.
    /// `hosts`: the other hosts it was sent to, for their students.
    Given { position: String, count: usize, second: bool, activity: i64, hosts: usize },
    /// The position chosen to give is lost for whoever moves first: asked before it goes.
    GiveLost(String),
    /// The activity was paused (`true`) or goes on.
    Paused(bool),
    /// The activity ended.
    ActivityEnded,
    /// No activity in progress to pause or end.
    NoActivity,
    /// The database has been out of reach too long to number another activity: none given.
    NoDatabase,
    /// This teacher gave the class a position while you played someone.
    GivenWhileBusy(String),
    /// The game reached the most moves a game may have on the server, and ended.
    MoveLimit(usize),
    /// Leave the server? (y or any other key)
    ConfirmQuit,
    /// Send this person off the server? (y or any other key)
    ConfirmKick { id: u64, name: String },
    /// This person was sent off the server.
    Kicked(String),
    /// End the tournament running? (y or any other key)
    ConfirmEndTournament,
    /// A tournament of this kind started with `count` students.
    TournamentStarted { kind: super::db::TournamentKind, count: usize },
    /// The tournament was not started, for this reason.
    TournamentRefused(super::tournament::Refusal),
    /// The tournament ends: no new game; the games in play are played out.
    TournamentEnding,
}

impl Note {
    /// The note in the words of the frame's language, with the viewer's keys.
    pub fn text(&self, look: &nim_tui::ui::Look) -> String {
        use super::say::text;
        use nim_tui::words;
        match self {
            Note::Engaged(name) => text(look.language, "serve-engaged", &[("who", name.as_str().into())]),
            Note::LeftYouWon(name) => {
                text(look.language, "serve-left-you-won", &[("who", name.as_str().into())])
            }
            Note::YouLeft => text(look.language, "serve-you-left", &[]),
            Note::HostLost(name) => text(look.language, "serve-host-lost", &[("who", name.as_str().into())]),
            Note::AskingToWatch(name) => {
                text(look.language, "serve-asking-to-watch", &[("who", name.as_str().into())])
            }
            Note::WatchedEnded(first, second) => {
                let players = super::say::players(look.language, first, second.as_deref());
                text(look.language, "serve-watched-ended", &[("players", players.into())])
            }
            Note::Given { position, count, second, activity, hosts } => text(
                look.language,
                "serve-given",
                &[
                    ("activity", (*activity).to_string().into()),
                    ("position", position.as_str().into()),
                    ("count", (*count).into()),
                    ("hosts", (*hosts).into()),
                    ("second", if *second { "yes" } else { "no" }.into()),
                ],
            ),
            Note::GiveLost(position) => {
                text(look.language, "serve-give-lost", &[("position", position.as_str().into())])
            }
            Note::Paused(true) => text(look.language, "console-paused", &[]),
            Note::Paused(false) => text(look.language, "console-resumed", &[]),
            Note::ActivityEnded => text(look.language, "console-activity-ended", &[]),
            Note::NoActivity => text(look.language, "console-no-activity", &[]),
            Note::NoDatabase => text(look.language, "console-no-database", &[]),
            Note::GivenWhileBusy(teacher) => text(
                look.language,
                "serve-given-while-busy",
                &[("teacher", teacher.as_str().into()), ("enter", look.key(Action::Take).into())],
            ),
            Note::ConfirmQuit => text(look.language, "serve-confirm-quit", &[]),
            Note::ConfirmKick { name, .. } => {
                text(look.language, "console-confirm-kick", &[("who", name.as_str().into())])
            }
            Note::Kicked(name) => text(look.language, "console-kicked", &[("who", name.as_str().into())]),
            Note::ConfirmEndTournament => text(look.language, "tourney-confirm-end", &[]),
            Note::TournamentStarted { kind, count } => text(
                look.language,
                "tourney-started",
                &[("kind", kind.as_str().into()), ("count", (*count).into())],
            ),
            Note::TournamentRefused(refusal) => {
                use super::tournament::Refusal;
                match refusal {
                    Refusal::TooFew(n) => text(look.language, "tourney-too-few", &[("count", (*n).into())]),
                    Refusal::TooManyForRoundRobin(n) => text(
                        look.language,
                        "tourney-too-many",
                        &[("count", (*n).into()), ("most", super::pairing::ROUND_ROBIN_MAX.into())],
                    ),
                    Refusal::Running => text(look.language, "tourney-running", &[]),
                    Refusal::NoDatabase => text(look.language, "tourney-no-database", &[]),
                }
            }
            Note::TournamentEnding => text(look.language, "tourney-ending", &[]),
            Note::Challenged(name) => words::serve_challenged(look.language, name),
            Note::Busy(name) => words::serve_busy(look.language, name),
            Note::ChallengeSent(name) => words::serve_challenge_sent(look.language, name),
            Note::NothingToWatch(name) => words::serve_nothing_to_watch(look.language, name),
            Note::Declined(name) => words::serve_declined(look.language, name),
            Note::Left(name) => words::serve_left(look.language, name),
            Note::MoveLimit(moves) => words::serve_move_limit(look.language, *moves),
        }
    }
}

/// The lobby of one connection.
#[derive(Debug, Default)]
pub struct Lobby {
    /// The person chosen in the list, by id (the list changes under it).
    pub chosen: Option<u64>,
    /// A challenge waiting for this person's answer: who, and their name.
    pub challenged_by: Option<(u64, String)>,
    /// A line for the player: a challenge sent, declined, a game left.
    pub note: Option<Note>,
    /// A teacher's console shows the projector's view (the join card and the standings).
    pub projector: bool,
    /// A teacher's next activity: hints allowed, and its time limit.
    pub draft: Draft,
    /// A position a teacher chose to give that is lost for whoever moves first, waiting for the
    /// answer (the game, and the position as shown).
    pub pending: Option<(nim_tui::domain::GameSetup, String)>,
    /// A teacher choosing a tournament to start: the choice so far.
    pub choosing: Option<super::tournament::Plan>,
}

/// How a teacher's next activity is set: hints allowed or not, and its time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Draft {
    pub hints: bool,
    /// Minutes; 0 for none.
    pub minutes: u64,
}

impl Default for Draft {
    fn default() -> Self {
        Draft { hints: true, minutes: 0 }
    }
}

/// The time limits a teacher chooses between with `t`, in minutes (0: none).
pub const LIMITS: [u64; 6] = [0, 2, 5, 10, 15, 30];

impl Lobby {
    /// The index of the chosen person in `people` (the player's own line if none is chosen).
    pub fn chosen_index(&self, people: &[Someone], me: u64) -> usize {
        let id = self.chosen.unwrap_or(me);
        people.iter().position(|p| p.id == id).or_else(|| people.iter().position(|p| p.id == me)).unwrap_or(0)
    }

    /// Takes a key: `action` from the keymap, `ch` the character typed.
    pub fn key(
        &mut self,
        action: Option<Action>,
        ch: Option<char>,
        people: &[Someone],
        me: u64,
        teacher: bool,
    ) -> Command {
        // A question asked is answered by this key, whatever else it would do: y (or g, to give
        // a lost position) says yes, anything else no.
        match self.note.take() {
            Some(Note::ConfirmQuit) => {
                return if matches!(ch, Some('y' | 'Y')) { Command::Quit } else { Command::Nothing };
            }
            Some(Note::ConfirmKick { id, .. }) => {
                return if matches!(ch, Some('y' | 'Y')) { Command::Kick(id) } else { Command::Nothing };
            }
            Some(Note::ConfirmEndTournament) => {
                return if matches!(ch, Some('y' | 'Y')) { Command::EndTournament } else { Command::Nothing };
            }
            Some(Note::GiveLost(_)) => {
                return if matches!(ch, Some('g' | 'G')) {
                    Command::GiveSecond
                } else {
                    self.pending = None;
                    Command::Nothing
                };
            }
            note => self.note = note,
        }
        if let Some((from, name)) = self.challenged_by.clone() {
            match ch {
                Some('y' | 'Y') => {
                    self.challenged_by = None;
                    return Command::Accept(from);
                }
                Some('n' | 'N') => {
                    self.challenged_by = None;
                    self.note = None;
                    return Command::Decline(from);
                }
                _ => self.note = Some(Note::Challenged(name)),
            }
        }
        if let Some(plan) = self.choosing.as_mut().filter(|_| teacher) {
            // Choosing a tournament: up and down the kind, left and right its length, Enter
            // starts it; the tournament key or quit puts the choice away.
            match action {
                Some(Action::Up) => plan.step_kind(false),
                Some(Action::Down) => plan.step_kind(true),
                Some(Action::Less) => plan.step_length(false),
                Some(Action::More) => plan.step_length(true),
                Some(Action::Take) => {
                    let plan = *plan;
                    self.choosing = None;
                    return Command::StartTournament(plan);
                }
                Some(Action::Quit | Action::Tournament) => self.choosing = None,
                _ => {}
            }
            return Command::Nothing;
        }
        let at = self.chosen_index(people, me);
        let chosen = people.get(at);
        match (ch, action) {
            (_, Some(Action::Tournament)) if teacher => Command::Tournament,
            (Some('v' | 'V'), _) if teacher => {
                self.projector = !self.projector;
                Command::Nothing
            }
            (Some('a' | 'A'), _) if teacher => Command::Compose,
            (Some('h' | 'H'), _) if teacher => {
                self.draft.hints = !self.draft.hints;
                Command::Nothing
            }
            (Some('t' | 'T'), _) if teacher => {
                let at = LIMITS.iter().position(|&m| m == self.draft.minutes).unwrap_or(0);
                self.draft.minutes = LIMITS[(at + 1) % LIMITS.len()];
                Command::Nothing
            }
            (Some(' '), _) if teacher => Command::Pause,
            (Some('e' | 'E'), _) if teacher => Command::End,
            (Some('k' | 'K'), _) if teacher => {
                if let Some(p) = chosen.filter(|p| p.id != me && !p.teacher) {
                    self.note = Some(Note::ConfirmKick { id: p.id, name: p.name.clone() });
                }
                Command::Nothing
            }
            (Some('p' | 'P'), _) => Command::PlayAi,
            (Some('l' | 'L'), _) if !teacher => Command::Plain,
            (Some('c' | 'C'), _) => {
                chosen.filter(|p| p.id != me).map_or(Command::Nothing, |p| self.challenge(p))
            }
            (Some('w' | 'W'), _) => chosen.filter(|p| p.id != me).map_or(Command::Nothing, |p| self.watch(p)),
            (Some('g' | 'G'), _) => {
                chosen.filter(|p| p.id != me && p.watchable).map_or(Command::Nothing, |p| Command::Give(p.id))
            }
            (_, Some(Action::Up | Action::Down)) if !people.is_empty() => {
                let n = people.len();
                let next = if action == Some(Action::Down) { (at + 1) % n } else { (at + n - 1) % n };
                self.chosen = Some(people[next].id);
                Command::Nothing
            }
            // On the teacher's console, Enter watches the student chosen.
            (_, Some(Action::Take)) if teacher => chosen.map_or(Command::Nothing, |p| self.watch(p)),
            (_, Some(Action::Take)) => match chosen {
                Some(p) if p.id != me && p.doing == Doing::Lobby => self.challenge(p),
                Some(p) if p.id != me => self.watch(p),
                _ => Command::PlayAi,
            },
            (_, Some(Action::Quit)) => {
                self.note = Some(Note::ConfirmQuit);
                Command::Nothing
            }
            _ => Command::Nothing,
        }
    }

    #[cfg(test)]
    fn key_as_student(
        &mut self,
        action: Option<Action>,
        ch: Option<char>,
        people: &[Someone],
        me: u64,
    ) -> Command {
        self.key(action, ch, people, me, false)
    }

    fn challenge(&mut self, p: &Someone) -> Command {
        if p.doing != Doing::Lobby {
            self.note = Some(Note::Busy(p.name.clone()));
            return Command::Nothing;
        }
        self.note = Some(Note::ChallengeSent(p.name.clone()));
        Command::Challenge(p.id)
    }

    fn watch(&mut self, p: &Someone) -> Command {
        if !p.watchable {
            self.note = Some(Note::NothingToWatch(p.name.clone()));
            return Command::Nothing;
        }
        Command::Watch(p.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn someone(id: u64, name: &str, doing: Doing, watchable: bool) -> Someone {
        Someone { id, name: name.into(), teacher: false, doing, watchable, host: None }
    }

    #[test]
    fn enter_plays_the_ai_on_ones_own_line_challenges_in_the_lobby_and_watches_a_game() {
        let people = vec![
            someone(1, "alice", Doing::Lobby, false),
            someone(2, "bob", Doing::Lobby, false),
            someone(3, "carol", Doing::Solo, true),
        ];
        let mut lobby = Lobby::default();
        assert_eq!(lobby.key_as_student(Some(Action::Take), None, &people, 1), Command::PlayAi);
        assert_eq!(lobby.key_as_student(Some(Action::Down), None, &people, 1), Command::Nothing);
        assert_eq!(lobby.key_as_student(Some(Action::Take), None, &people, 1), Command::Challenge(2));
        lobby.key_as_student(Some(Action::Down), None, &people, 1);
        assert_eq!(lobby.key_as_student(Some(Action::Take), None, &people, 1), Command::Watch(3));
        assert_eq!(lobby.key_as_student(None, Some('c'), &people, 1), Command::Nothing, "carol is busy");
        assert_eq!(lobby.note, Some(Note::Busy("carol".into())));
        lobby.challenged_by = Some((2, "bob".into()));
        assert_eq!(lobby.key_as_student(None, Some('y'), &people, 1), Command::Accept(2));
        // Leaving asks first: y leaves, any other key stays.
        assert_eq!(lobby.key_as_student(Some(Action::Quit), None, &people, 1), Command::Nothing);
        assert_eq!(lobby.note, Some(Note::ConfirmQuit));
        assert_eq!(lobby.key_as_student(Some(Action::Quit), None, &people, 1), Command::Nothing);
        assert_eq!(lobby.note, None);
        lobby.key_as_student(Some(Action::Quit), None, &people, 1);
        assert_eq!(lobby.key_as_student(None, Some('y'), &people, 1), Command::Quit);
    }
}
