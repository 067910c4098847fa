//! What a typed line asks for: a command word (in English or Chinese, a letter or a whole word),
//! a move in the game's own notation or in words (`1 2`, `take 2 from 1`), or text (a lesson's
//! answer). The words are data, in one table; which of them a screen takes is the door's to say.

use crate::engine::{Move, Rules};

/// A command a line can name, whatever the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    Hint,
    Undo,
    Redo,
    Help,
    Quit,
    Coach,
    Binary,
    Resign,
    Yes,
    No,
    Next,
    Back,
    Play,
    Again,
    Menu,
    Save,
    Resume,
    Puzzles,
    Learn,
    Lesson,
    Forward,
    Rewind,
    Look,
    /// The server's lobby: a game against the AI.
    Ai,
    /// The server's lobby: challenge someone (`play NAME` says it too).
    Challenge,
    /// The server's lobby: watch someone's game.
    Watch,
    /// The server's lobby: take up a challenge / turn it down.
    Accept,
    Decline,
    /// The server's lobby: the standings.
    Standings,
    /// The start menu: the game (`game kayles`), the heaps (`heaps 3 4 5`), the convention.
    Game,
    Heaps,
    Misere,
    Normal,
}

/// Every command word, with the letters and words that name it (compared in small letters). A
/// word may be named in Simplified Chinese too, as an input method types it.
pub const WORDS: &[(Word, &[&str])] = &[
    (Word::Hint, &["h", "hint", "提示"]),
    (Word::Undo, &["u", "undo", "悔棋"]),
    (Word::Redo, &["redo", "重做"]),
    (Word::Help, &["?", "help", "帮助"]),
    (Word::Quit, &["q", "quit", "exit", "退出"]),
    (Word::Coach, &["c", "coach", "教练"]),
    (Word::Binary, &["b", "binary", "view", "二进制"]),
    (Word::Resign, &["resign", "认输"]),
    (Word::Yes, &["y", "yes", "是"]),
    (Word::No, &["no", "否"]),
    (Word::Next, &["n", "next", "下一个"]),
    (Word::Back, &["back", "previous", "上一个"]),
    (Word::Play, &["p", "play", "开始"]),
    (Word::Again, &["a", "again", "再来"]),
    (Word::Menu, &["m", "menu", "菜单"]),
    (Word::Save, &["s", "save", "保存"]),
    (Word::Resume, &["r", "resume", "继续"]),
    (Word::Puzzles, &["puzzles", "puzzle", "谜题"]),
    (Word::Learn, &["learn", "lessons", "课程"]),
    (Word::Lesson, &["lesson", "课"]),
    (Word::Forward, &["f", "forward", "往后"]),
    (Word::Rewind, &["rewind", "往前"]),
    (Word::Look, &["", "l", "look", "who", "查看", "谁在"]),
    (Word::Ai, &["ai", "computer", "人机", "电脑"]),
    (Word::Challenge, &["challenge", "挑战"]),
    (Word::Watch, &["w", "watch", "观看", "观战"]),
    (Word::Accept, &["accept", "接受"]),
    (Word::Decline, &["decline", "拒绝"]),
    (Word::Standings, &["standings", "scores", "board", "排行", "排行榜"]),
    (Word::Game, &["game", "游戏"]),
    (Word::Heaps, &["heaps", "堆"]),
    (Word::Misere, &["misere", "misère", "反常"]),
    (Word::Normal, &["normal", "常规"]),
];

/// A line as typed, made comparable: full-width digits, spaces and commas (as a Chinese input
/// method types them) as their ASCII selves, surrounding space and a final full stop gone, small
/// letters.
pub fn normalise(line: &str) -> String {
    let text: String = line
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or(c),
            '\u{3000}' | '\t' => ' ',
            '，' | '、' => ',',
            '？' => '?',
            _ => c,
        })
        .collect();
    let text = text.trim().trim_end_matches(['.', '。']).trim();
    // `1 2,3 1` and `1 2，3 1` as the notation writes them: `1 2, 3 1`.
    let spaced: Vec<&str> = text.split(',').map(str::trim).collect();
    spaced.join(", ").to_lowercase()
}

/// The command word `text` (normalised) names, if it names one.
pub fn word(text: &str) -> Option<Word> {
    WORDS.iter().find(|(_, names)| names.contains(&text)).map(|(word, _)| *word)
}

/// A command with a name after it, as the server's lobby takes them (`play bob`, `watch
/// carol`, `挑战 bob`): the command word and the name, as typed (`text` normalised); `None`
/// when the line is not a command word followed by something.
pub fn word_and_name(text: &str) -> Option<(Word, &str)> {
    let (first, rest) = text.split_once(' ')?;
    let rest = rest.trim();
    (!rest.is_empty()).then_some(())?;
    word(first).map(|word| (word, rest))
}

/// Why a line is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotAMove;

/// Reads a move of `game` from `text` (normalised): the game's own notation, the one records use
/// (`1 2`; `1 2, 3 1` on several heaps; `both 3`; `2 split 3`; `1 pin 3`, `1 pins 3 4`), or the
/// same in words: `take 2 from 1`, `take 2 from heap 1`, `take 3 from both`, `take 2 from 1 and 1
/// from 3`. Heaps and pins are counted from 1. Whether the move is legal is not asked here.
///
/// With one heap (Fibonacci Nim, a subtraction game's single heap) the heap may go unsaid: `2`,
/// `take 2`.
pub fn read_move(game: &crate::engine::Game, heaps: usize, text: &str) -> Result<Move, NotAMove> {
    let number = |word: &str| !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    let notation = match text.strip_prefix("take ") {
        Some(amount) if heaps == 1 && number(amount) => format!("1 {amount}"),
        Some(rest) => takes_in_words(rest).ok_or(NotAMove)?,
        None if heaps == 1 && number(text) => format!("1 {text}"),
        None => text.to_string(),
    };
    game.read_move(&notation).map_err(|_| NotAMove)
}

/// `2 from 1 and 1 from heap 3` as the notation writes it: `1 2, 3 1`; `3 from both` as `both 3`.
fn takes_in_words(text: &str) -> Option<String> {
    let mut parts = Vec::new();
    for part in text.split(" and ") {
        let words: Vec<&str> = part.split_whitespace().collect();
        let (amount, heap) = match words.as_slice() {
            [amount, "from", heap] | [amount, "from", "heap" | "row", heap] => (*amount, *heap),
            _ => return None,
        };
        if !amount.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        match heap {
            "both" => parts.push(format!("both {amount}")),
            heap if heap.bytes().all(|b| b.is_ascii_digit()) => parts.push(format!("{heap} {amount}")),
            _ => return None,
        }
    }
    Some(parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Mode, Ruleset};

    fn game(kind: GameKind) -> crate::engine::Game {
        Ruleset::new(kind, Mode::Normal).game()
    }

    #[test]
    fn moves_in_notation_and_in_words() {
        let nim = game(GameKind::Nim);
        assert_eq!(read_move(&nim, 3, "1 2"), Ok(Move::take(0, 2)));
        assert_eq!(read_move(&nim, 3, &normalise("Take 2 from 1.")), Ok(Move::take(0, 2)));
        assert_eq!(read_move(&nim, 3, "take 2 from heap 3"), Ok(Move::take(2, 2)));
        assert_eq!(read_move(&nim, 3, &normalise("１ ２")), Ok(Move::take(0, 2)));
        assert_eq!(read_move(&nim, 3, "take two from 1"), Err(NotAMove));
        assert_eq!(read_move(&nim, 3, "hello"), Err(NotAMove));
        let fibonacci = game(GameKind::Fibonacci);
        assert_eq!(read_move(&fibonacci, 1, "take 2"), Ok(Move::take(0, 2)));
        assert_eq!(read_move(&fibonacci, 1, "2"), Ok(Move::take(0, 2)));
        assert_eq!(read_move(&nim, 3, "2"), Err(NotAMove));
        let wythoff = game(GameKind::Wythoff);
        assert_eq!(read_move(&wythoff, 2, "take 3 from both"), Ok(Move::both(3)));
        assert_eq!(read_move(&wythoff, 2, "both 3"), Ok(Move::both(3)));
        let lasker = game(GameKind::Lasker);
        assert_eq!(read_move(&lasker, 3, "2 split 3"), Ok(Move::split(1, 3)));
        let kayles = game(GameKind::Kayles);
        assert_eq!(read_move(&kayles, 3, "1 pins 3 4"), Ok(Move::pins(0, 3, 2)));
        assert_eq!(read_move(&kayles, 3, "1 pin 3"), Ok(Move::pins(0, 3, 1)));
        let moore = game("moore:2".parse().expect("a game"));
        assert_eq!(
            read_move(&moore, 3, "take 2 from 1 and 1 from 3"),
            Ok(Move::take_many(vec![crate::engine::Take::new(0, 2), crate::engine::Take::new(2, 1)]))
        );
    }

    #[test]
    fn every_word_is_named_once() {
        let mut seen = std::collections::HashSet::new();
        for (_, names) in WORDS {
            for name in *names {
                assert!(seen.insert(*name), "{name} names two commands");
            }
        }
        assert_eq!(word(&normalise("  Hint ")), Some(Word::Hint));
        assert_eq!(word(&normalise("？")), Some(Word::Help));
        assert_eq!(word(""), Some(Word::Look));
        assert_eq!(word_and_name("play bob"), Some((Word::Play, "bob")));
        assert_eq!(word_and_name(&normalise("观看　carol")), Some((Word::Watch, "carol")));
        assert_eq!(word_and_name("play"), None);
        assert_eq!(word_and_name("1 2"), None);
    }
}
