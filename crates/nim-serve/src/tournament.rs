//! A tournament in play (#39), as plain data: its players, the games paired and finished, and
//! its standings. Pure: the pairings are `pairing.rs`'s; the server would make the tables and
//! keep each game (`db::Played::tournament`), and the database's rows recount the same standings
//! ([`standings_from`]).

use std::collections::HashSet;

use super::db::{TournamentKind, TournamentResult};
use super::pairing::{self, ArenaPlayer, Pair, SwissPlayer};

/// One finished game: by index into the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Finished {
    first: usize,
    second: usize,
    /// `None` when the server ended it: no points.
    winner: Option<usize>,
}

/// A line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StandingRow {
    pub player: String,
    /// An arena's points (2 a win, 4 on fire), else 1 a win or a bye.
    pub points: u32,
    pub games: u32,
    pub won: u32,
    /// An arena player whose next win scores double.
    pub on_fire: bool,
}

/// A round's games by name (the first to move first), and its bye.
pub type NextRound = (Vec<(String, String)>, Option<String>);

/// A tournament in play.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub id: i64,
    pub kind: TournamentKind,
    /// In seed order.
    pub players: Vec<String>,
    finished: Vec<Finished>,
    byes: Vec<usize>,
    /// Players in a game now.
    playing: HashSet<usize>,
    /// Rounds paired (an arena counts its pairings).
    pub round: u32,
    /// A Swiss's rounds as the teacher chose them (at most [`pairing::swiss_rounds`]'s).
    pub rounds: Option<u32>,
}

impl Tournament {
    pub fn new(id: i64, kind: TournamentKind, players: Vec<String>) -> Tournament {
        Tournament {
            id,
            kind,
            players,
            finished: Vec::new(),
            byes: Vec::new(),
            playing: HashSet::new(),
            round: 0,
            rounds: None,
        }
    }

    /// The rounds it plays: a round robin's Berger rounds, a Swiss's as chosen (or the usual
    /// number for its players); `None` for an arena, which plays for a time.
    pub fn planned_rounds(&self) -> Option<u32> {
        let n = self.players.len();
        let rounds = match self.kind {
            TournamentKind::Arena => return None,
            TournamentKind::RoundRobin => pairing::berger_rounds(n),
            TournamentKind::Swiss => {
                let most = pairing::swiss_rounds(n);
                self.rounds.map_or(most, |r| usize::try_from(r).unwrap_or(most).min(most))
            }
        };
        Some(u32::try_from(rounds).unwrap_or(u32::MAX))
    }

    /// A player who came after the start joins (an arena only: a round robin's or a Swiss's
    /// players are those at its start); whether they did.
    pub fn join(&mut self, name: &str) -> bool {
        if self.kind != TournamentKind::Arena || self.index(name).is_some() {
            return false;
        }
        self.players.push(name.to_string());
        true
    }

    /// Whether `name` plays in it.
    pub fn has(&self, name: &str) -> bool {
        self.index(name).is_some()
    }

    /// Whether nobody is in a game of it now.
    pub fn idle(&self) -> bool {
        self.playing.is_empty()
    }

    /// A game it paired that was never played (a player gone before it began): both are free
    /// again, and nothing is counted.
    pub fn cancel(&mut self, first: &str, second: &str) {
        for name in [first, second] {
            if let Some(i) = self.index(name) {
                self.playing.remove(&i);
            }
        }
    }

    /// Whether a round robin or a Swiss has played all its rounds (an arena never has).
    pub fn rounds_done(&self) -> bool {
        self.planned_rounds().is_some_and(|r| self.round >= r)
    }

    /// The kind a teacher's tournament of `n` players is: a round robin up to
    /// [`pairing::ROUND_ROBIN_MAX`], a Swiss beyond (an arena is chosen, not counted).
    pub fn by_count(n: usize) -> TournamentKind {
        if n <= pairing::ROUND_ROBIN_MAX { TournamentKind::RoundRobin } else { TournamentKind::Swiss }
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// Whether `name` is in a game of the tournament now.
    pub fn is_playing(&self, name: &str) -> bool {
        self.index(name).is_some_and(|i| self.playing.contains(&i))
    }

    /// An arena: pairs the players free now (named), who then play; answers the games by name,
    /// the first to move first.
    pub fn pair_free(&mut self, free: &[&str]) -> Vec<(String, String)> {
        let mut players = Vec::new();
        for name in free {
            let Some(i) = self.index(name).filter(|i| !self.playing.contains(i)) else { continue };
            let mine: Vec<&Finished> =
                self.finished.iter().filter(|f| f.first == i || f.second == i).collect();
            let last = mine.last().map(|f| if f.first == i { f.second } else { f.first });
            let first_balance = mine.iter().map(|f| if f.first == i { 1 } else { -1 }).sum();
            players.push(ArenaPlayer { id: i, points: self.points_of(i), last, first_balance });
        }
        let pairs = pairing::arena(&players);
        if !pairs.is_empty() {
            self.round += 1;
        }
        self.start(&pairs)
    }

    /// A round robin's or a Swiss's next round, once nobody is playing: its games by name, and
    /// its bye (a point, kept at once). `None` when the tournament has no more rounds.
    pub fn next_round(&mut self) -> Option<NextRound> {
        if !self.playing.is_empty() {
            return None;
        }
        let n = self.players.len();
        let round = match self.kind {
            TournamentKind::RoundRobin => {
                let all = pairing::round_robin(n);
                all.get(usize::try_from(self.round).unwrap_or(usize::MAX)).cloned()?
            }
            TournamentKind::Swiss => {
                if self.rounds_done() {
                    return None;
                }
                pairing::swiss(&self.swiss_players())?
            }
            TournamentKind::Arena => return None,
        };
        self.round += 1;
        if let Some(b) = round.bye {
            self.byes.push(b);
        }
        let games = self.start(&round.pairs);
        Some((games, round.bye.map(|b| self.players[b].clone())))
    }

    fn swiss_players(&self) -> Vec<SwissPlayer> {
        (0..self.players.len())
            .map(|i| {
                let mine: Vec<&Finished> =
                    self.finished.iter().filter(|f| f.first == i || f.second == i).collect();
                SwissPlayer {
                    score: self.points_of(i),
                    met: mine.iter().map(|f| if f.first == i { f.second } else { f.first }).collect(),
                    first_balance: mine.iter().map(|f| if f.first == i { 1 } else { -1 }).sum(),
                    last_first: mine.last().map(|f| f.first == i),
                    had_bye: self.byes.contains(&i),
                }
            })
            .collect()
    }

    fn start(&mut self, pairs: &[Pair]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|p| {
                self.playing.insert(p.first);
                self.playing.insert(p.second);
                (self.players[p.first].clone(), self.players[p.second].clone())
            })
            .collect()
    }

    /// A game of the tournament ended: `first` moved first; `winner` won (`None`: the server
    /// ended it). A game it did not pair is not its.
    pub fn finished(&mut self, first: &str, second: &str, winner: Option<&str>) -> bool {
        let (Some(a), Some(b)) = (self.index(first), self.index(second)) else { return false };
        if !(self.playing.contains(&a) && self.playing.contains(&b)) {
            return false;
        }
        self.playing.remove(&a);
        self.playing.remove(&b);
        let winner = winner.and_then(|w| self.index(w)).filter(|w| *w == a || *w == b);
        self.finished.push(Finished { first: a, second: b, winner });
        true
    }

    fn points_of(&self, i: usize) -> u32 {
        let results: Vec<bool> = self
            .finished
            .iter()
            .filter(|f| (f.first == i || f.second == i) && f.winner.is_some())
            .map(|f| f.winner == Some(i))
            .collect();
        match self.kind {
            TournamentKind::Arena => pairing::arena_points(&results),
            _ => {
                let won = u32::try_from(results.iter().filter(|w| **w).count()).unwrap_or(u32::MAX);
                won + u32::try_from(self.byes.iter().filter(|&&b| b == i).count()).unwrap_or(0)
            }
        }
    }

    /// The standings: by points, then wins, then fewer games, then seed.
    pub fn standings(&self) -> Vec<StandingRow> {
        let mut rows: Vec<(usize, StandingRow)> = (0..self.players.len())
            .map(|i| {
                let mine: Vec<&Finished> =
                    self.finished.iter().filter(|f| f.first == i || f.second == i).collect();
                let results: Vec<bool> =
                    mine.iter().filter(|f| f.winner.is_some()).map(|f| f.winner == Some(i)).collect();
                let row = StandingRow {
                    player: self.players[i].clone(),
                    points: self.points_of(i),
                    games: u32::try_from(mine.len()).unwrap_or(u32::MAX),
                    won: u32::try_from(results.iter().filter(|w| **w).count()).unwrap_or(u32::MAX),
                    on_fire: self.kind == TournamentKind::Arena && pairing::on_fire(&results),
                };
                (i, row)
            })
            .collect();
        rows.sort_by(|(ia, a), (ib, b)| {
            (std::cmp::Reverse(a.points), std::cmp::Reverse(a.won), a.games, ia).cmp(&(
                std::cmp::Reverse(b.points),
                std::cmp::Reverse(b.won),
                b.games,
                ib,
            ))
        });
        rows.into_iter().map(|(_, r)| r).collect()
    }
}

/// The standings recounted from the database's rows of a tournament's games (in the order they
/// ended) and its byes: what a report shows, and what the live standings must equal.
pub fn standings_from(
    kind: TournamentKind,
    players: &[String],
    results: &[TournamentResult],
    byes: &[String],
) -> Vec<StandingRow> {
    let mut t = Tournament::new(0, kind, players.to_vec());
    for b in byes {
        if let Some(i) = t.index(b) {
            t.byes.push(i);
        }
    }
    for r in results {
        if let (Some(a), Some(b)) = (t.index(&r.first), t.index(&r.second)) {
            let winner = r.winner.as_deref().and_then(|w| t.index(w));
            t.finished.push(Finished { first: a, second: b, winner });
        }
    }
    t.standings()
}

/// The byes of a round robin or a Swiss, recounted from its games: the database keeps games,
/// not byes, and a round of an odd number of `players` where all but one played gave that one
/// the bye. (A round where a pair was not played, a player gone, leaves more than one out: no
/// bye is counted for it then, though the live tournament gave one.) An arena has none.
pub fn byes_from(kind: TournamentKind, players: &[String], results: &[TournamentResult]) -> Vec<String> {
    if kind == TournamentKind::Arena || players.len().is_multiple_of(2) {
        return Vec::new();
    }
    let last = results.iter().map(|r| r.round).max().unwrap_or(0);
    let mut byes = Vec::new();
    for round in 1..=last {
        let out: Vec<&String> = players
            .iter()
            .filter(|p| !results.iter().any(|r| r.round == round && (&r.first == *p || &r.second == *p)))
            .collect();
        if let [one] = out.as_slice()
            && out.len() < players.len()
        {
            byes.push((*one).clone());
        }
    }
    byes
}

/// What the teacher chose on the console: the kind, an arena's minutes, a Swiss's rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub kind: TournamentKind,
    /// An arena's length.
    pub minutes: u64,
    /// A Swiss's rounds.
    pub rounds: u32,
}

/// The arena lengths a teacher chooses between, in minutes.
pub const ARENA_MINUTES: [u64; 6] = [5, 10, 15, 20, 30, 45];

/// The Swiss rounds a teacher chooses between.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u32> = 1..=9;

impl Default for Plan {
    fn default() -> Self {
        Plan { kind: TournamentKind::Arena, minutes: 10, rounds: 3 }
    }
}

impl Plan {
    /// The kinds in the order the console lists them.
    pub const KINDS: [TournamentKind; 3] =
        [TournamentKind::Arena, TournamentKind::RoundRobin, TournamentKind::Swiss];

    /// The next kind (`forward`) or the one before, round the list.
    pub fn step_kind(&mut self, forward: bool) {
        let at = Plan::KINDS.iter().position(|k| *k == self.kind).unwrap_or(0);
        let n = Plan::KINDS.len();
        self.kind = Plan::KINDS[if forward { (at + 1) % n } else { (at + n - 1) % n }];
    }

    /// A longer arena or more Swiss rounds (`more`), or fewer.
    pub fn step_length(&mut self, more: bool) {
        match self.kind {
            TournamentKind::Arena => {
                let at = ARENA_MINUTES.iter().position(|m| *m == self.minutes).unwrap_or(0);
                let next = if more { (at + 1).min(ARENA_MINUTES.len() - 1) } else { at.saturating_sub(1) };
                self.minutes = ARENA_MINUTES[next];
            }
            TournamentKind::Swiss => {
                let r = if more { self.rounds + 1 } else { self.rounds.saturating_sub(1) };
                self.rounds = r.clamp(*SWISS_ROUNDS.start(), *SWISS_ROUNDS.end());
            }
            TournamentKind::RoundRobin => {}
        }
    }
}

/// The tournament as everyone sees it, published after every change (and sent to the other
/// hosts, whose students play in it too).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    pub id: i64,
    pub kind: TournamentKind,
    /// The game and mode, as names (`nim`, `normal`).
    pub game: String,
    pub mode: String,
    /// An arena's minutes.
    pub minutes: Option<u64>,
    /// Rounds paired so far (an arena counts its pairings), and planned.
    pub round: u32,
    pub rounds: Option<u32>,
    /// No new game starts: the time is up, the last round was played, or the teacher ended it.
    pub ending: bool,
    /// Over: every game played out.
    pub ended: bool,
    pub standings: Vec<StandingRow>,
    /// The games in play (the first to move first).
    pub playing: Vec<(String, String)>,
    /// This round's bye, if any.
    pub bye: Option<String>,
}

impl Snapshot {
    /// `name`'s place (from 1) in the standings, and the number of players.
    pub fn place_of(&self, name: &str) -> Option<(usize, usize)> {
        self.standings.iter().position(|r| r.player == name).map(|i| (i + 1, self.standings.len()))
    }

    /// The other player of `name`'s game in play.
    pub fn opponent_of(&self, name: &str) -> Option<&str> {
        self.playing.iter().find_map(|(a, b)| {
            if a == name {
                Some(b.as_str())
            } else if b == name {
                Some(a.as_str())
            } else {
                None
            }
        })
    }
}

/// Why a tournament was not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Fewer than two students in the lobby.
    TooFew(usize),
    /// More students than a round robin takes.
    TooManyForRoundRobin(usize),
    /// One is running already.
    Running,
    /// The database has been out of reach too long to number another.
    NoDatabase,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round robin of 5 and a Swiss of 18 run round by round to the end: a round only once
    /// nobody plays; every game finished once; the standings' points are the wins and the byes,
    /// and equal the recount (byes given).
    #[test]
    fn round_robins_and_swisses_run_to_their_end() {
        for (kind, n) in [(TournamentKind::RoundRobin, 5), (TournamentKind::Swiss, 18)] {
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let mut t = Tournament::new(1, kind, names.clone());
            assert_eq!(Tournament::by_count(n), kind);
            let (mut results, mut byes, mut rounds) = (Vec::new(), Vec::new(), 0);
            while let Some((games, bye)) = t.next_round() {
                rounds += 1;
                assert!(t.next_round().is_none(), "a round while games are in play");
                byes.extend(bye);
                for (i, (first, second)) in games.iter().enumerate() {
                    let winner = if (i + rounds) % 3 == 0 { second } else { first };
                    assert!(t.finished(first, second, Some(winner)));
                    assert!(!t.finished(first, second, Some(winner)), "finished twice");
                    results.push(TournamentResult {
                        game_id: 0,
                        round: t.round,
                        first: first.clone(),
                        second: second.clone(),
                        winner: Some(winner.clone()),
                    });
                }
            }
            let expected_rounds = match kind {
                TournamentKind::RoundRobin => pairing::berger_rounds(n),
                _ => pairing::swiss_rounds(n),
            };
            assert_eq!(rounds, expected_rounds, "{kind:?}");
            let standings = t.standings();
            let total: u32 = standings.iter().map(|s| s.points).sum();
            assert_eq!(usize::try_from(total).expect("fits"), results.len() + byes.len());
            assert_eq!(standings, standings_from(kind, &names, &results, &byes));
            // The byes recounted from the games alone are the ones given.
            assert_eq!(byes_from(kind, &names, &results), byes, "{kind:?}");
        }
    }
}
