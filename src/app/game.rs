//! One game in progress: the position, whose turn it is, the move being chosen, and the AI's reply.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{Explanation, Mode, Take, Nim, Position, Rules};

use super::Level;

/// A side of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    You,
    Ai,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Ai,
            Side::Ai => Side::You,
        }
    }
}

/// Who sits at the two sides of the table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Players {
    /// The player (`Side::You`) against the AI (`Side::Ai`).
    #[default]
    Ai,
    /// Two people at one keyboard: the first name plays `Side::You`, the second `Side::Ai`.
    Hotseat([String; 2]),
    /// The AI plays both sides, for watching.
    Demo,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    pub winner: Side,
    /// Why, in words: "You took the last token", "AI had to take the last token".
    pub reason: String,
}

/// A line of feedback under the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// What the AI just did: "AI took 2 from heap 1".
    AiMoved(String),
    /// A refused input, with the reason.
    Refused(String),
}

/// The coach's verdict on one of the player's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Coaching {
    /// The move kept a winning position.
    Kept,
    /// A winning position was given away; these were the winning moves.
    Missed(Vec<Take>),
    /// The position was already lost whatever the player did.
    AlreadyLost,
}

impl std::fmt::Display for Coaching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Coaching::Kept => f.write_str("Coach: good move, you kept a winning position"),
            Coaching::AlreadyLost => {
                f.write_str("Coach: the position was already lost, no move wins against perfect play")
            }
            Coaching::Missed(moves) => {
                let list: Vec<String> = moves.iter().map(Take::to_string).collect();
                let plural = if moves.len() == 1 { "move was" } else { "moves were" };
                write!(f, "Coach: that gave the win away; the winning {plural}: {}", list.join(", "))
            }
        }
    }
}

/// The coach's verdict on `mv` played from a position with `analysis`.
pub fn coaching(analysis: &crate::engine::Analysis, mv: Take) -> Coaching {
    if !analysis.is_win() {
        Coaching::AlreadyLost
    } else if analysis.winning_moves.contains(&mv) {
        Coaching::Kept
    } else {
        Coaching::Missed(analysis.winning_moves.clone())
    }
}

/// One move of a finished game, as the review lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewLine {
    pub side: Side,
    pub mv: Take,
    /// The heaps after the move.
    pub heaps: Vec<u64>,
    pub nim_sum: u64,
    /// The move turned a won position into a lost one.
    pub blunder: bool,
}

/// The optimal move, shown on request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub mv: Take,
    pub winning: bool,
    /// The one-line reason, built by the engine.
    pub reason: String,
}

/// A game between the player and the AI.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Nim,
    pub level: Level,
    pub start: Vec<u64>,
    pub position: Position,
    pub turn: Side,
    /// The heap the player is choosing from (an index).
    pub selected: usize,
    /// How many tokens the player would take.
    pub count: u64,
    /// Digits typed for the count, if the player is typing one.
    pub typed: String,
    /// The AI's move, chosen and shown during its pause, played when the pause ends.
    pub pending: Option<Take>,
    pub hint: Option<Hint>,
    pub note: Option<Note>,
    /// The coach's verdict on the player's last move.
    pub coach: Option<Coaching>,
    /// Every move so far, in order.
    pub moves: Vec<(Side, Take)>,
    pub over: Option<GameOver>,
    pub players: Players,
    /// Whether a move was taken back in this game: a win then counts as assisted.
    pub used_undo: bool,
    /// Moves taken back, latest undo last; each entry is the player's move with the reply after it.
    redo: Vec<Vec<(Side, Take)>>,
    /// Where the weaker levels' random moves come from: drawn from the app's seeded generator,
    /// so a seeded game replays exactly.
    rng: StdRng,
}

impl Game {
    /// A new game from `heaps`; if the AI moves first its move is chosen at once. A weaker level's
    /// random moves come from a fixed seed; see [`Game::with_rng`].
    pub fn new(mode: Mode, level: Level, heaps: Vec<u64>, first: Side) -> Game {
        Game::with_rng(mode, level, heaps, first, StdRng::seed_from_u64(0))
    }

    /// A new game whose AI draws its random moves (at levels below perfect) from `rng`.
    pub fn with_rng(mode: Mode, level: Level, heaps: Vec<u64>, first: Side, rng: StdRng) -> Game {
        let mut game = Game {
            rules: Nim::new(mode),
            level,
            start: heaps.clone(),
            position: Position::new(heaps),
            turn: first,
            selected: 0,
            count: 1,
            typed: String::new(),
            pending: None,
            hint: None,
            note: None,
            coach: None,
            moves: Vec::new(),
            over: None,
            players: Players::Ai,
            used_undo: false,
            redo: Vec::new(),
            rng,
        };
        game.select_nearest(0);
        game.begin_turn();
        game
    }

    /// Seats `players` at the table; the AI's pending move is chosen again for them.
    pub fn set_players(&mut self, players: Players) {
        self.players = players;
        self.pending = None;
        self.begin_turn();
    }

    /// Whether a person plays `side` (in a demo, nobody does).
    pub fn is_human(&self, side: Side) -> bool {
        match self.players {
            Players::Ai => side == Side::You,
            Players::Hotseat(_) => true,
            Players::Demo => false,
        }
    }

    /// Whether two people share the keyboard.
    pub fn hotseat(&self) -> bool {
        matches!(self.players, Players::Hotseat(_))
    }

    /// The name of whoever plays `side`: "You" and "AI" against the AI, the players' names in a
    /// two-player game, "AI 1" and "AI 2" in a demo.
    pub fn name(&self, side: Side) -> &str {
        let index = usize::from(side == Side::Ai);
        match &self.players {
            Players::Ai => ["You", "AI"][index],
            Players::Hotseat(names) => &names[index],
            Players::Demo => ["AI 1", "AI 2"][index],
        }
    }

    /// Whether the AI is to move now (and will, when its pause ends).
    pub fn ai_to_move(&self) -> bool {
        self.over.is_none() && !self.is_human(self.turn)
    }

    /// Draws the AI's random moves from `rng` from now on; a pending AI move is chosen again.
    pub fn set_rng(&mut self, rng: StdRng) {
        self.rng = rng;
        self.pending = None;
        self.begin_turn();
    }

    pub fn mode(&self) -> Mode {
        self.rules.mode
    }

    /// The game as it is kept on disk when the player leaves it unfinished.
    pub fn to_saved(&self, ai_delay_ms: u64, seed: Option<u64>) -> crate::store::SavedGame {
        crate::store::SavedGame {
            version: crate::store::SAVED_GAME_VERSION,
            mode: self.mode(),
            level: self.level,
            start_heaps: self.start.clone(),
            heaps: self.position.heaps().to_vec(),
            turn: self.turn,
            moves: self.moves.iter().map(|&(side, mv)| crate::store::SavedMove::new(side, mv)).collect(),
            used_undo: self.used_undo,
            ai_delay_ms,
            seed,
        }
    }

    /// A saved game, ready to go on. The store has validated it, so its moves replay legally.
    pub fn from_saved(saved: &crate::store::SavedGame) -> Game {
        let mut game = Game::new(saved.mode, saved.level, saved.start_heaps.clone(), Side::You);
        game.pending = None;
        for m in &saved.moves {
            if let Some(mv) = m.to_move()
                && game.position.apply(mv).is_ok()
            {
                game.moves.push((m.by, mv));
            }
        }
        game.turn = saved.turn;
        game.used_undo = saved.used_undo;
        game.select_nearest(0);
        game.begin_turn();
        game
    }

    /// Whether the player is to choose a move now.
    pub fn your_turn(&self) -> bool {
        self.over.is_none() && self.is_human(self.turn)
    }

    /// The tokens the marked move would take: the player's choice, or the AI's during its pause.
    pub fn marked(&self) -> Option<Take> {
        if self.over.is_some() {
            return None;
        }
        if self.is_human(self.turn) { Some(Take::new(self.selected, self.count)) } else { self.pending }
    }

    fn heap(&self, index: usize) -> u64 {
        self.position.heap(index).unwrap_or(0)
    }

    /// Selects the first non-empty heap at or after `index`, wrapping around.
    fn select_nearest(&mut self, index: usize) {
        let n = self.position.len();
        if let Some(found) = (0..n).map(|i| (index + i) % n).find(|&i| self.heap(i) > 0) {
            self.selected = found;
        }
        self.clamp_count();
    }

    fn clamp_count(&mut self) {
        self.count = self.count.clamp(1, self.heap(self.selected).max(1));
    }

    /// Moves the selection by `step` heaps, skipping empty ones.
    pub fn step_selection(&mut self, down: bool) {
        let n = self.position.len();
        let next = (1..=n)
            .map(|i| if down { (self.selected + i) % n } else { (self.selected + n - i) % n })
            .find(|&i| self.heap(i) > 0);
        if let Some(i) = next {
            self.selected = i;
            self.typed.clear();
            self.clamp_count();
        }
    }

    pub fn set_count(&mut self, count: u64) {
        self.typed.clear();
        self.count = count;
        self.clamp_count();
    }

    /// Selects a heap and a count directly, as a mouse click does.
    pub fn pick(&mut self, heap: usize, count: u64) {
        if self.heap(heap) == 0 {
            return;
        }
        self.selected = heap;
        self.set_count(count);
    }

    /// Types one digit of the count. Refuses a count the heap cannot give.
    pub fn type_digit(&mut self, digit: u8) {
        if self.typed.is_empty() && digit == 0 {
            return;
        }
        let mut text = self.typed.clone();
        text.push(char::from(b'0' + digit));
        let holds = self.heap(self.selected);
        match text.parse::<u64>() {
            Ok(value) if value <= holds => {
                self.typed = text;
                self.count = value;
                self.note = None;
            }
            _ => {
                self.note = Some(Note::Refused(format!(
                    "Heap {} holds {holds} token{}",
                    self.selected + 1,
                    plural(holds)
                )))
            }
        }
    }

    /// Erases the last typed digit.
    pub fn erase_digit(&mut self) {
        self.typed.pop();
        self.count = self.typed.parse().unwrap_or(1);
        self.clamp_count();
    }

    /// The optimal move with its reason, preselected so that taking plays it.
    pub fn show_hint(&mut self) {
        if !self.your_turn() {
            return;
        }
        let explanation = self.explain();
        let winning = explanation.analysis.is_win();
        let best = explanation.best;
        if let Some(mv) = best.mv() {
            self.selected = mv.heap;
            self.set_count(mv.take);
            let reason = capitalise(&best.to_string());
            self.hint = Some(Hint { mv, winning, reason });
        }
    }

    /// The engine's explanation of the current position.
    pub fn explain(&self) -> Explanation {
        self.rules.explain(&self.position)
    }

    /// Plays the player's chosen move. Returns whether it was played.
    pub fn take(&mut self) -> bool {
        if !self.your_turn() {
            return false;
        }
        let mv = Take::new(self.selected, self.count);
        if let Err(e) = self.rules.check(&self.position, mv) {
            self.note = Some(Note::Refused(capitalise(&e.to_string())));
            return false;
        }
        self.note = None;
        self.coach = Some(coaching(&self.rules.analyse(&self.position), mv));
        // A new move starts a new line of play: what was undone can no longer be redone.
        self.redo.clear();
        self.play(self.turn, mv);
        true
    }

    /// Takes back the player's last move together with the AI's reply, if it has come; during the
    /// AI's pause the reply is cancelled. Returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        if self.over.is_some() {
            return false;
        }
        let Some(at) = self.moves.iter().rposition(|&(side, _)| self.is_human(side)) else {
            return false;
        };
        let taken = self.moves.split_off(at);
        self.turn = taken[0].0;
        self.redo.push(taken);
        self.used_undo = true;
        self.replay_moves();
        true
    }

    /// Plays again the moves the last undo took back. Returns whether anything was redone.
    pub fn redo(&mut self) -> bool {
        if !self.your_turn() {
            return false;
        }
        let Some(group) = self.redo.pop() else { return false };
        for (side, mv) in group {
            if self.over.is_some() || side != self.turn || self.rules.check(&self.position, mv).is_err() {
                // Not the line that was undone (cannot happen while moves only go through here).
                self.redo.clear();
                break;
            }
            self.play(side, mv);
        }
        true
    }

    /// Shows the game after `moves` (a prefix of a checked record): the position, whose turn, and
    /// the result once no token is left. Nothing is pending.
    pub fn show_moves(&mut self, moves: &[(Side, Take)], first: Side) {
        self.moves = moves.to_vec();
        self.turn = moves.last().map_or(first, |&(side, _)| side.other());
        self.replay_moves();
        self.pending = None;
        if let (true, Some(&(last, _))) = (self.position.is_over(), moves.last()) {
            self.over = Some(self.ending(last));
        }
    }

    /// Whether an undo has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Rebuilds the position from the starting heaps and the moves that remain.
    fn replay_moves(&mut self) {
        let mut position = Position::new(self.start.clone());
        for &(_, mv) in &self.moves {
            // Every kept move was legal when it was played from the same position.
            let _ = position.apply(mv);
        }
        self.position = position;
        self.over = None;
        self.pending = None;
        self.hint = None;
        self.note = None;
        self.coach = None;
        self.typed.clear();
        self.select_nearest(self.selected);
        self.begin_turn();
    }

    /// Every move of the game with what it did to the mover's chances, for the review.
    pub fn review(&self) -> Vec<ReviewLine> {
        let mut position = crate::engine::Position::new(self.start.clone());
        let mut lines = Vec::with_capacity(self.moves.len());
        for &(side, mv) in &self.moves {
            let before = self.rules.analyse(&position);
            if position.apply(mv).is_err() {
                break;
            }
            let after = self.rules.analyse(&position);
            lines.push(ReviewLine {
                side,
                mv,
                heaps: position.heaps().to_vec(),
                nim_sum: after.nim_sum,
                // The mover could have won, and now the opponent can.
                blunder: before.is_win() && after.is_win(),
            });
        }
        lines
    }

    /// Plays the AI's chosen move at the end of its pause.
    pub fn ai_play(&mut self) -> bool {
        if !self.ai_to_move() {
            return false;
        }
        let Some(mv) = self.pending.take().or_else(|| self.ai_choice()) else {
            return false;
        };
        let who = self.name(self.turn);
        self.note = Some(Note::AiMoved(format!("{who} took {} from heap {}", mv.take, mv.number())));
        self.play(self.turn, mv);
        true
    }

    fn play(&mut self, side: Side, mv: Take) {
        // Checked by the caller (the player's move) or chosen by the engine (the AI's).
        if self.position.apply(mv).is_err() {
            return;
        }
        self.moves.push((side, mv));
        self.pending = None;
        self.hint = None;
        self.typed.clear();
        if self.position.is_over() {
            self.over = Some(self.ending(side));
            return;
        }
        self.turn = side.other();
        if self.heap(self.selected) == 0 {
            self.select_nearest(self.selected);
        }
        // Each turn starts from taking one token, never from the last move's count.
        self.count = 1;
        self.begin_turn();
    }

    fn begin_turn(&mut self) {
        if self.ai_to_move() {
            self.pending = self.ai_choice();
        }
    }

    /// The AI's move at the game's level.
    fn ai_choice(&mut self) -> Option<Take> {
        super::level_move(&self.rules, &self.position, self.level, &mut self.rng)
    }

    /// The result when `last` took the last token.
    fn ending(&self, last: Side) -> GameOver {
        let who = self.name(last);
        let (winner, reason) = match self.mode() {
            Mode::Normal => (last, format!("{who} took the last token")),
            Mode::Misere => (last.other(), format!("{who} had to take the last token")),
        };
        GameOver { winner, reason }
    }

    /// Whether the hint's move is still the one selected.
    pub fn hint_selected(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.mv == Take::new(self.selected, self.count))
    }
}

pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
