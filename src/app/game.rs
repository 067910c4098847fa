//! One game in progress: the position, whose turn it is, the move being chosen, and the AI's reply.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::domain::{History, Level, Players, Seat, level_move};
use crate::engine::{Alternative, Mode, Move, MoveShape, Position, Rules, Ruleset, Teaching};
use crate::i18n::Language;
use crate::words::{self, Tense};

/// How a player gave a game up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveUp {
    /// With the resign key.
    Resigned,
    /// By leaving it for a new game.
    Abandoned,
}

/// How the game ended, as data: [`Game::ending_words`] says it in the viewer's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    pub winner: Seat,
    /// Whether the loser gave up rather than played to the end, and how.
    pub given_up: Option<GiveUp>,
    /// Who made the last move (a played ending), or who gave up.
    pub by: Seat,
}

/// A line of feedback under the board, as data: [`Game::note_words`] says it in the viewer's
/// language when the frame is drawn, so that two people at one table can read two languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// What the other side just did: "AI took 2 from heap 1", "Ann took 2 from heap 1".
    Moved { who: Seat, mv: Move, before: Position },
    /// Who opens the rematch.
    RematchFirst(Seat),
    /// The record of the game was saved there.
    RecordSaved(std::path::PathBuf),
    /// What the player asked could not be done: the problem, in the words of what had it.
    NotDone(String),
    /// A refused input, with the reason.
    Refused(Refusal),
}

/// Another running window on the same home (its process id when known): neither window overwrites
/// the other's unfinished game, and whichever leaves one second keeps it as a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OtherWindow {
    pub pid: Option<u32>,
}

impl OtherWindow {
    /// The line that tells it, in `lang`.
    pub fn words(&self, lang: Language) -> String {
        match self.pid {
            Some(pid) => crate::i18n::text_with(lang, "other-window", &[("pid", pid.to_string().into())]),
            None => crate::i18n::text(lang, "other-window-unknown"),
        }
    }
}

/// Why an input was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The chosen move breaks the rules.
    Move(crate::engine::MoveError),
    /// A typed count larger than the heap holds.
    HeapHolds { heap: usize, holds: u64 },
}

/// The coach's verdict on one of the player's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Coaching {
    /// The move kept a winning position.
    Kept,
    /// A winning position was given away; these were the winning moves.
    Missed(Vec<Move>),
    /// The position was already lost whatever the player did.
    AlreadyLost,
}

impl Coaching {
    /// The verdict about `who` ("Ann"), where the plain form speaks to "you".
    pub fn about(&self, lang: Language, who: &str) -> String {
        match self {
            Coaching::Kept => words::coach_kept(lang, Some(who)),
            Coaching::AlreadyLost => words::coach_already_lost(lang, Some(who)),
            Coaching::Missed(moves) => words::coach_missed(lang, Some(who), &moves_in(lang, moves)),
        }
    }
}

impl Coaching {
    /// The verdict spoken to the player ("you"), in `lang`.
    pub fn text(&self, lang: Language) -> String {
        match self {
            Coaching::Kept => words::coach_kept(lang, None),
            Coaching::AlreadyLost => words::coach_already_lost(lang, None),
            Coaching::Missed(moves) => words::coach_missed(lang, None, &moves_in(lang, moves)),
        }
    }
}

/// `moves` in words, each as [`words::plain_move`] writes it.
fn moves_in(lang: Language, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|mv| words::plain_move(lang, mv)).collect()
}

/// The coach's verdict on `mv` played from a position whose winning moves are `winning`.
pub fn coaching(winning: Vec<Move>, mv: &Move) -> Coaching {
    if winning.is_empty() {
        Coaching::AlreadyLost
    } else if winning.contains(mv) {
        Coaching::Kept
    } else {
        Coaching::Missed(winning)
    }
}

/// One move of a finished game, as the review lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewLine {
    pub seat: Seat,
    pub mv: Move,
    /// The position before the move, to name moves in the game's words.
    pub before: Position,
    /// The heaps after the move.
    pub heaps: Vec<u64>,
    pub nim_sum: u64,
    /// The move turned a won position into a lost one.
    pub blunder: bool,
    /// The verdict on the move by the game's own rule (in misère's endgame, the endgame rule),
    /// with the winning moves it missed.
    pub coaching: Coaching,
}

/// The optimal move, shown on request; its reason is the teaching view's ([`Game::hint_words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    pub winning: bool,
    /// In a lost position, why the move is the best try (the fewest winning replies, the least
    /// taken), worked out once when the hint is asked for.
    pub why: Option<crate::engine::TryWhy>,
}

/// A game in progress (or just finished): its checked history, whose turn it is, the move being
/// chosen, and the AI's reply.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Ruleset,
    pub level: Level,
    pub players: Players,
    history: History,
    /// The heap the player is choosing from (an index).
    pub selected: usize,
    /// How many tokens the player would take; in a split (Lasker's Nim), how many stay in the
    /// heap; in Kayles, the first pin knocked down (from 1).
    pub count: u64,
    /// The other kind of move, in the games that have two (see [`Game::switch`]): the same from
    /// both heaps (Wythoff), a split (Lasker), two pins (Kayles).
    pub switched: bool,
    /// Moore's Nim_k: the counts kept on the other heaps, one a heap (0 for none), so that a move
    /// can take from several; the selected heap's is `count`.
    pub counts: Vec<u64>,
    /// Whether the player chose the selected heap's count (a key, a digit, a click, the hint), as
    /// against the count a turn or a heap starts from: only a chosen count is kept on a heap
    /// when the selection moves on in Moore's Nim_k, so that no move carries a take nobody made.
    chose_count: bool,
    /// Digits typed for the count, if the player is typing one.
    pub typed: String,
    /// The AI's move, chosen and shown during its pause, played when the pause ends.
    pub pending: Option<Move>,
    pub hint: Option<Hint>,
    pub note: Option<Note>,
    /// Who the coin toss sent first, shown under the board until a person makes a move (not
    /// only during the AI's pause, when the AI won it).
    pub toss: Option<Seat>,
    /// The coach's verdict on the player's last move.
    pub coach: Option<Coaching>,
    pub over: Option<GameOver>,
    /// Whether a move was taken back in this game: a win then counts as assisted.
    pub used_undo: bool,
    /// Whether a hint was shown in this game: a win then counts as assisted.
    pub used_hint: bool,
    /// Moves taken back, latest undo last; each entry is the player's move with the reply after it.
    redo: Vec<Vec<(Seat, Move)>>,
    /// What each move made in this game did, worked out once, when it was made: the move list,
    /// the coach's line and the review read these instead of asking the engine again at every
    /// redraw. They begin at move `judged_from`; the moves the game was built with (a saved game,
    /// a record shown up to some move) are judged only when the review asks for them.
    judged: Vec<ReviewLine>,
    judged_from: usize,
    /// The teaching view of the position now, worked out on the first frame that shows it and
    /// forgotten when the position changes.
    teaching: std::cell::OnceCell<Teaching>,
    /// The AI's last move when it was its best try from a lost position, and why: the note that
    /// reports the move says so.
    tried: Option<(Move, crate::engine::TryWhy)>,
    /// Where the weaker levels' random moves come from: drawn from the app's seeded generator,
    /// so a seeded game replays exactly.
    rng: StdRng,
}

impl Game {
    /// A new game of Nim from `heaps`; if the AI moves first its move is chosen at once. A weaker
    /// level's random moves come from a fixed seed; see [`Game::with_rng`].
    pub fn new(mode: Mode, level: Level, heaps: Vec<u64>, first: Seat) -> Game {
        Game::with_rng(Ruleset::nim(mode), level, heaps, first, StdRng::seed_from_u64(0))
    }

    /// A new game whose AI draws its random moves (at levels below perfect) from `rng`.
    pub fn with_rng(rules: Ruleset, level: Level, heaps: Vec<u64>, first: Seat, rng: StdRng) -> Game {
        Game::from_history(History::new(rules, heaps, first), level, Players::Ai, rng)
    }

    /// A game going on from `history` (a saved game, or a record shown up to some move).
    pub fn from_history(history: History, level: Level, players: Players, rng: StdRng) -> Game {
        let mut game = Game {
            rules: history.rules(),
            level,
            players,
            history,
            selected: 0,
            count: 1,
            switched: false,
            counts: Vec::new(),
            chose_count: false,
            typed: String::new(),
            pending: None,
            hint: None,
            note: None,
            toss: None,
            coach: None,
            over: None,
            used_undo: false,
            used_hint: false,
            redo: Vec::new(),
            judged: Vec::new(),
            judged_from: 0,
            teaching: std::cell::OnceCell::new(),
            tried: None,
            rng,
        };
        game.judged_from = game.history.len();
        game.settle();
        game
    }

    /// Seats `players` at the table; the AI's pending move is chosen again for them.
    pub fn set_players(&mut self, players: Players) {
        self.players = players;
        self.settle();
    }

    /// Draws the AI's random moves from `rng` from now on; a pending AI move is chosen again.
    pub fn set_rng(&mut self, rng: StdRng) {
        self.rng = rng;
        self.settle();
    }

    /// The checked moves of the game.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// Every move so far, in order.
    pub fn moves(&self) -> &[(Seat, Move)] {
        self.history.moves()
    }

    /// The heaps the game started with.
    pub fn start(&self) -> &[u64] {
        self.history.start()
    }

    /// Whose turn it is (after the game, whoever would have moved next).
    pub fn turn(&self) -> Seat {
        self.history.to_move()
    }

    pub fn mode(&self) -> Mode {
        self.rules.mode
    }

    /// Whether a person plays `seat` (in a demo, nobody does).
    pub fn is_human(&self, seat: Seat) -> bool {
        self.players.is_human(seat)
    }

    /// Whether two people share the keyboard.
    pub fn hotseat(&self) -> bool {
        self.players.hotseat()
    }

    /// The name of whoever plays `seat`.
    pub fn name(&self, lang: Language, seat: Seat) -> &str {
        self.players.name(lang, seat)
    }

    /// Whether the AI is to move now (and will, when its pause ends).
    pub fn ai_to_move(&self) -> bool {
        self.over.is_none() && !self.is_human(self.turn())
    }

    /// Whether a person is to choose a move now.
    pub fn your_turn(&self) -> bool {
        self.over.is_none() && self.is_human(self.turn())
    }

    /// The move the board marks: the player's choice, or the AI's during its pause.
    pub fn marked(&self) -> Option<Move> {
        if self.over.is_some() {
            return None;
        }
        if self.is_human(self.turn()) { Some(self.chosen()) } else { self.pending.clone() }
    }

    /// The move the player has chosen so far, in the game's own kind of move.
    pub fn chosen(&self) -> Move {
        self.shape().build_in(self.position().heaps(), self.selected, self.count, self.switched, &self.counts)
    }

    /// How the game's moves are built.
    fn shape(&self) -> MoveShape {
        self.rules.kind.describe().shape
    }

    /// Whether the game has a second kind of move for [`Game::switch`].
    pub fn can_switch(&self) -> bool {
        self.shape().alternative().is_some()
    }

    /// Switches to the game's other kind of move ([`MoveShape::alternative`]): the same number
    /// from both heaps, a split of the heap, two neighbouring pins instead of one.
    pub fn switch(&mut self) {
        if !self.can_switch() || !self.your_turn() {
            return;
        }
        if self.shape().alternative() == Some(Alternative::PinCount) {
            // An octal game knocking down more than two numbers of pins: the switch steps
            // through them, the least again after the most.
            let now = self.counts.first().copied().unwrap_or(0);
            let least = self.shape().pin_counts().first().copied().unwrap_or(1);
            let next = self.shape().next_pin_count(now.max(least));
            self.counts = vec![next];
            self.switched = next != least;
        } else {
            self.switched = !self.switched;
        }
        self.typed.clear();
        if self.shape().alternative() == Some(Alternative::ThirdCoin) {
            // Mock Turtles: the coin chosen is kept, and the count chooses another.
            self.counts = if self.switched { vec![self.count] } else { Vec::new() };
        }
        if self.shape().alternative() == Some(Alternative::Split) && self.switched {
            // A split starts even, or nearly.
            self.count = self.heap(self.selected) / 2;
        }
        self.note = None;
        self.clamp_count();
    }

    /// The least and the most the count can be for the selected heap and kind of move.
    fn count_range(&self) -> (u64, u64) {
        self.rules.kind.count_range_in(self.position(), self.selected, self.switched, &self.counts)
    }

    fn heap(&self, index: usize) -> u64 {
        self.position().heap(index).unwrap_or(0)
    }

    /// Where the chooser may stand in heap (or row) `index`, as the game says.
    fn places(&self, index: usize) -> crate::engine::Places {
        self.engine().places(self.position(), index)
    }

    /// Whether a move can be made from heap (or row) `index`: the game says (a heap holding enough
    /// for a move, a board's row whose counter can move).
    fn playable(&self, index: usize) -> bool {
        self.places(index).open
    }

    /// The position as a board, for a game played on one (`None` for a game of heaps).
    pub fn board(&self) -> Option<crate::engine::BoardView> {
        self.engine().board_view(self.position())
    }

    /// How many things a player chooses among: the heaps, or a board's rows.
    pub fn choosable(&self) -> usize {
        self.engine().choices(self.position())
    }

    /// Selects the first heap a move can be made from at or after `index`, wrapping around.
    fn select_nearest(&mut self, index: usize) {
        let n = self.choosable();
        if let Some(found) = (0..n).map(|i| (index + i) % n).find(|&i| self.playable(i)) {
            self.selected = found;
        }
        self.first_square();
        self.clamp_count();
    }

    /// A heap (or row) newly chosen starts on the place the game sets, if it sets one (a board's
    /// row: its counter's first square forward, else back, never a retreat not asked for).
    fn first_square(&mut self) {
        if let Some(to) = self.places(self.selected).first {
            self.count = to;
        }
    }

    fn clamp_count(&mut self) {
        let (least, most) = self.count_range();
        self.count = self.count.clamp(least, most);
        // A place the chooser may not stand on (a moving counter's own square) is left for the
        // first place.
        let places = self.places(self.selected);
        if places.skip == Some(self.count) {
            self.count = places.first.unwrap_or(self.count);
        }
    }

    /// Moore's Nim_k: keeps the selected heap's count among the others before the selection moves.
    fn keep_count(&mut self) {
        if let MoveShape::UpToHeaps(_) = self.shape() {
            self.counts.resize(self.position().len(), 0);
            let chosen = if self.chose_count { self.count } else { 0 };
            if let Some(slot) = self.counts.get_mut(self.selected) {
                *slot = chosen;
            }
        }
    }

    /// Moore's Nim_k: the count kept for the newly selected heap.
    fn load_count(&mut self) {
        if let MoveShape::UpToHeaps(_) = self.shape() {
            self.count = self.counts.get(self.selected).copied().unwrap_or(0);
            self.chose_count = self.count > 0;
        }
    }

    /// Moves the selection one heap up or down, skipping those no move can be made from.
    pub fn step_selection(&mut self, down: bool) {
        let n = self.choosable();
        let next = (1..=n)
            .map(|i| if down { (self.selected + i) % n } else { (self.selected + n - i) % n })
            .find(|&i| self.playable(i));
        if let Some(i) = next {
            self.keep_count();
            self.selected = i;
            self.load_count();
            self.typed.clear();
            self.first_square();
            self.clamp_count();
        }
    }

    pub fn set_count(&mut self, count: u64) {
        self.typed.clear();
        // Euclid's game steps from one multiple of the smaller number to the next.
        let mut count = self.rules.kind.snap_count(self.position(), self.selected, self.count, count);
        // The chooser steps over a place it may not stand on (a moving counter's own square).
        if self.places(self.selected).skip == Some(count) && count != self.count {
            count = if count > self.count { count.saturating_add(1) } else { count.saturating_sub(1) };
            if !(self.count_range().0..=self.count_range().1).contains(&count) {
                count = self.count;
            }
        }
        self.count = count;
        self.chose_count = true;
        self.clamp_count();
    }

    /// Selects a heap and a count directly, as a mouse click does.
    pub fn pick(&mut self, heap: usize, count: u64) {
        if !self.playable(heap) {
            return;
        }
        self.keep_count();
        self.selected = heap;
        self.set_count(count);
    }

    /// Selects the move `mv` so that taking plays it (the hint's move, in the game's terms).
    pub fn select_move(&mut self, mv: &Move) {
        self.typed.clear();
        self.chose_count = true;
        // The engine reads any move back into the chooser: the inverse of what `chosen` builds.
        let choice = self.shape().choice_of(self.position().heaps(), mv);
        self.selected = choice.heap;
        self.count = choice.count;
        self.switched = choice.alternative;
        self.counts = choice.counts;
        self.clamp_count();
    }

    /// Types one digit of the count. Refuses a count the heap cannot give.
    pub fn type_digit(&mut self, digit: u8) {
        if self.typed.is_empty() && digit == 0 {
            return;
        }
        let mut text = self.typed.clone();
        text.push(char::from(b'0' + digit));
        // The heap's size, or a row's farthest square.
        let holds = self.places(self.selected).typed_most;
        match text.parse::<u64>() {
            Ok(value) if value <= holds => {
                self.typed = text;
                self.count = value;
                self.chose_count = true;
                self.note = None;
            }
            _ => self.note = Some(Note::Refused(Refusal::HeapHolds { heap: self.selected, holds })),
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
        let teaching = self.teach();
        let Some(mv) = teaching.best() else { return };
        let winning = teaching.is_win();
        self.select_move(&mv);
        let why = if winning { None } else { self.engine().try_why(self.position(), &mv) };
        self.hint = Some(Hint { mv, winning, why });
        self.used_hint = true;
    }

    /// The game's teaching view of the current position, worked out once per position.
    pub fn teach(&self) -> &Teaching {
        self.teaching.get_or_init(|| self.engine().teach(self.position()))
    }

    /// Plays the player's chosen move. Returns whether it was played.
    pub fn take(&mut self) -> bool {
        if !self.your_turn() {
            return false;
        }
        let mv = self.chosen();
        if let Err(e) = self.engine().check(self.position(), &mv) {
            self.note = Some(Note::Refused(Refusal::Move(e)));
            return false;
        }
        self.note = self.hotseat().then(|| Note::Moved {
            who: self.turn(),
            mv: mv.clone(),
            before: self.position().clone(),
        });
        self.toss = None;
        // A new move starts a new line of play: what was undone can no longer be redone.
        self.redo.clear();
        self.play(mv);
        // The verdict was worked out as the move was played.
        self.coach = self.judged.last().map(|line| line.coaching.clone());
        true
    }

    /// Takes back the player's last move together with the AI's reply, if it has come; during the
    /// AI's pause the reply is cancelled. Returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        if self.over.is_some() {
            return false;
        }
        let Some(at) = self.moves().iter().rposition(|(seat, _)| self.is_human(*seat)) else {
            return false;
        };
        let taken = self.history.truncate(at);
        self.judged.truncate(at.saturating_sub(self.judged_from));
        self.judged_from = self.judged_from.min(at);
        self.redo.push(taken);
        self.used_undo = true;
        self.settle();
        true
    }

    /// Plays again the moves the last undo took back. Returns whether anything was redone.
    pub fn redo(&mut self) -> bool {
        if !self.your_turn() {
            return false;
        }
        let Some(group) = self.redo.pop() else { return false };
        for (seat, mv) in group {
            if self.over.is_some()
                || seat != self.turn()
                || self.engine().check(self.position(), &mv).is_err()
            {
                // Not the line that was undone (cannot happen while moves only go through here).
                self.redo.clear();
                break;
            }
            self.play(mv);
        }
        true
    }

    /// Whether an undo has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Every move of the game with what it did to the mover's chances, for the review: the
    /// moves made in this game as they were judged when made, the ones it was built with judged
    /// now.
    pub fn review(&self) -> Vec<ReviewLine> {
        let mut lines: Vec<ReviewLine> = self
            .history
            .steps()
            .take(self.judged_from)
            .map(|(seat, mv, before, after)| self.judge(seat, mv, before, &after))
            .collect();
        lines.extend(self.judged.iter().cloned());
        lines
    }

    /// The moves made in this game, judged when they were made, and the number of the first of
    /// them (from 0): the moves before it came with the game and have no line here.
    pub fn judged(&self) -> (usize, &[ReviewLine]) {
        (self.judged_from, &self.judged)
    }

    /// What `mv` by `seat` from `before` to `after` did to the mover's chances.
    fn judge(&self, seat: Seat, mv: &Move, before: Position, after: &Position) -> ReviewLine {
        let could_win = self.engine().outcome(&before) == crate::engine::Outcome::Win;
        let gives_win = self.engine().outcome(after) == crate::engine::Outcome::Win;
        let nim_sum = after.heaps().iter().fold(0, |x, &h| x ^ h);
        ReviewLine {
            seat,
            mv: mv.clone(),
            heaps: after.heaps().to_vec(),
            nim_sum,
            // The mover could have won, and now the opponent can.
            blunder: could_win && gives_win,
            coaching: self.coaching(&before, mv),
            before,
        }
    }

    /// Plays the AI's chosen move at the end of its pause.
    pub fn ai_play(&mut self) -> bool {
        if !self.ai_to_move() {
            return false;
        }
        let Some(mv) = self.pending.take().or_else(|| self.ai_choice()) else {
            return false;
        };
        self.note = Some(Note::Moved { who: self.turn(), mv: mv.clone(), before: self.position().clone() });
        // Said only of the engine's own best try (a weaker level's random move is no try).
        let tried = (self.engine().ai_move(self.position()).as_ref() == Some(&mv))
            .then(|| self.engine().try_why(self.position(), &mv))
            .flatten()
            .map(|why| (mv.clone(), why));
        self.play(mv);
        self.tried = tried;
        true
    }

    fn play(&mut self, mv: Move) {
        let seat = self.turn();
        let before = self.position().clone();
        // Checked by the caller (the player's move) or chosen by the engine (the AI's).
        if self.history.push(seat, mv.clone()).is_err() {
            return;
        }
        // Judged once, now, for every frame and the review to come.
        let line = self.judge(seat, &mv, before, self.history.position());
        self.judged.push(line);
        self.teaching = std::cell::OnceCell::new();
        self.hint = None;
        self.tried = None;
        self.typed.clear();
        // Each turn starts from taking one token, never from the last move's count.
        self.count = 1;
        self.chose_count = false;
        self.switched = false;
        self.counts.clear();
        self.pending = None;
        self.over = None;
        if !self.playable(self.selected) {
            self.select_nearest(self.selected);
        }
        self.begin_turn();
    }

    /// Brings everything that follows from the history up to date after it changed wholesale.
    fn settle(&mut self) {
        self.teaching = std::cell::OnceCell::new();
        // The move being chosen was for the position before: start it again.
        self.switched = false;
        self.counts.clear();
        self.chose_count = false;
        self.pending = None;
        self.hint = None;
        self.note = None;
        self.coach = None;
        self.typed.clear();
        self.over = None;
        self.select_nearest(self.selected);
        self.begin_turn();
    }

    fn begin_turn(&mut self) {
        if let (true, Some(last)) = (self.history.is_over(), self.history.last_mover()) {
            self.over = Some(self.ending(last));
            return;
        }
        if self.ai_to_move() {
            self.pending = self.ai_choice();
        }
    }

    /// The AI's move at the game's level.
    fn ai_choice(&mut self) -> Option<Move> {
        level_move(self.history.game(), self.history.position(), self.level, &mut self.rng)
    }

    /// The result when `last` took the last token.
    fn ending(&self, last: Seat) -> GameOver {
        let winner = match self.mode() {
            Mode::Normal => last,
            Mode::Misere => last.other(),
        };
        GameOver { winner, given_up: None, by: last }
    }

    /// The player to move gives up: the other side wins. Returns whether the game was going on.
    pub fn resign(&mut self) -> bool {
        self.give_up(self.turn(), GiveUp::Resigned)
    }

    /// The person at the keyboard leaves the game unfinished: against the AI, a loss for them;
    /// between two people, for the one to move.
    pub fn abandon(&mut self) -> bool {
        let loser = if self.players == Players::Ai { Seat::First } else { self.turn() };
        self.give_up(loser, GiveUp::Abandoned)
    }

    fn give_up(&mut self, loser: Seat, how: GiveUp) -> bool {
        if self.over.is_some() {
            return false;
        }
        self.pending = None;
        self.hint = None;
        self.over = Some(GameOver { winner: loser.other(), given_up: Some(how), by: loser });
        true
    }

    /// The game's record: every move and, when the player to move resigned, the resignation, so
    /// that a resigned game replays to its end.
    pub fn record(&self) -> crate::record::Record {
        match &self.over {
            Some(GameOver { given_up: Some(GiveUp::Resigned), .. }) => {
                crate::record::Record::resigned(&self.history, &self.players)
            }
            _ => crate::record::Record::of(&self.history, &self.players),
        }
    }

    /// What helped the player in this game, by the words the game keeps it as ("hints", "undo",
    /// "a weaker AI"; [`crate::words::help_name`] says them in the screen's language), empty when
    /// nothing did. A win with any of these is an assisted win.
    pub fn assistance(&self) -> Vec<&'static str> {
        let mut help = Vec::new();
        if self.used_hint {
            help.push("hints");
        }
        if self.used_undo {
            help.push("undo");
        }
        if self.level != Level::Perfect && self.players == Players::Ai {
            help.push("a weaker AI");
        }
        help
    }

    /// The coach's verdict on `mv` from `before`: asked of the engine move by move
    /// ([`Rules::is_winning_move`]), since Moore's Nim_k can have more winning moves than can be
    /// listed; the winning moves it missed are listed up to a few.
    pub fn coaching(&self, before: &Position, mv: &Move) -> Coaching {
        if self.engine().outcome(before) == crate::engine::Outcome::Lose {
            Coaching::AlreadyLost
        } else if self.engine().is_winning_move(before, mv) {
            Coaching::Kept
        } else {
            Coaching::Missed(self.engine().winning_moves_up_to(before, COACH_MOVES))
        }
    }

    /// "took 2 from heap 1", "knocked down pins 3 and 4 of row 1": the move in the game's words,
    /// for the line that reports it.
    pub fn past_tense(&self, lang: Language, before: &Position, mv: &Move) -> String {
        words::move_text(lang, &self.engine().move_words(before, mv), Tense::Past)
    }

    /// The move in the game's words from the position now ("take 2 from heap 1", "split heap 2
    /// into 3 and 4", "knock down pins 3 and 4 of row 1").
    pub fn describe(&self, lang: Language, mv: &Move) -> String {
        self.describe_from(lang, self.position(), mv)
    }

    /// The move from `before` in the game's words, as one to make.
    pub fn describe_from(&self, lang: Language, before: &Position, mv: &Move) -> String {
        words::move_text(lang, &self.engine().move_words(before, mv), Tense::Present)
    }

    /// The game being played, built once when the game began: every question about a position
    /// goes to it (a [`Ruleset`] only names the game).
    pub fn engine(&self) -> &crate::engine::Game {
        self.history.game()
    }

    /// Whether the hint's move is still the one selected.
    pub fn hint_selected(&self) -> bool {
        self.hint.as_ref().is_some_and(|h| h.mv == self.chosen())
    }
}

/// The line that reports a move just made: `AI took 2 from heap 1`.
fn moved(lang: Language, who: &str, mv: String) -> String {
    crate::i18n::text_with(lang, "note-moved", &[("who", who.into()), ("move", mv.into())])
}

/// Sentences about the game, written when a frame is drawn, in the language it is drawn in.
impl Game {
    /// Why the game ended: "You took the last token", "AI had to take the last token".
    pub fn ending_words(&self, lang: Language, over: &GameOver) -> String {
        let who = self.name(lang, over.by);
        match (over.given_up, self.mode()) {
            (Some(GiveUp::Resigned), _) => {
                crate::i18n::text_with(lang, "ending-resigned", &[("who", who.into())])
            }
            (Some(GiveUp::Abandoned), _) => {
                crate::i18n::text_with(lang, "ending-left", &[("who", who.into())])
            }
            (None, Mode::Normal) => {
                crate::words::won_by_last_move(lang, who, self.rules.kind.describe().words.last)
            }
            (None, Mode::Misere) => crate::i18n::text_with(lang, "ending-misere", &[("who", who.into())]),
        }
    }

    /// The note under the board.
    pub fn note_words(&self, lang: Language, note: &Note) -> String {
        match note {
            Note::Moved { who, mv, before } => {
                let note = moved(lang, self.name(lang, *who), self.past_tense(lang, before, mv));
                match &self.tried {
                    // Not on the banner of a finished game: the result is what it says.
                    Some((tried, why))
                        if tried == mv && !self.players.is_human(*who) && self.over.is_none() =>
                    {
                        words::note_best_try(lang, &note, *why)
                    }
                    _ => note,
                }
            }
            Note::RematchFirst(first) => crate::words::rematch_first(lang, self.name(lang, *first)),
            Note::RecordSaved(path) => crate::i18n::text_with(
                lang,
                "message-record-saved",
                &[("path", path.display().to_string().into())],
            ),
            Note::NotDone(problem) => {
                crate::i18n::text_with(lang, "message-not-done", &[("problem", problem.as_str().into())])
            }
            Note::Refused(Refusal::Move(error)) => words::refusal(lang, self.rules.kind, error),
            Note::Refused(Refusal::HeapHolds { heap, holds }) => words::capitalised(&crate::i18n::text_with(
                lang,
                "refused-heap-holds",
                &[("heap", (heap + 1).into()), ("n", (*holds).into())],
            )),
        }
    }

    /// The hint's reason: the teaching view of the position it was asked in (a hint goes when a
    /// move is made).
    pub fn hint_words(&self, lang: Language) -> String {
        let reason = words::capitalised(&words::reason(lang, self.teach()));
        match self.hint.as_ref().and_then(|hint| hint.why) {
            Some(why) => words::with_best_try(lang, self.teach(), &reason, why),
            None => reason,
        }
    }

    /// Who the coin toss sent first, if it did.
    pub fn toss_words(&self, lang: Language) -> Option<String> {
        let first = self.toss?;
        Some(match self.players {
            Players::Ai if first == Seat::First => crate::i18n::text(lang, "toss-you-first"),
            _ => crate::i18n::text_with(lang, "toss-first", &[("name", self.name(lang, first).into())]),
        })
    }
}

/// The most winning moves the coach lists when a move missed them.
const COACH_MOVES: usize = 6;
