//! The server's own words, beyond the game's: what a player is told at the top of a table. Kept
//! as data ([`Top`]) and written in the viewer's language when drawn (the messages are in
//! `assets/locales/<lang>/serve.ftl`).

use nim_tui::app::Action;
use nim_tui::i18n::Language;
use nim_tui::i18n::{self, Arg};
use nim_tui::ui::Look;

/// A message by id with text arguments, in the language of the frame being drawn.
pub fn text(lang: Language, id: &str, args: &[(&str, Arg)]) -> String {
    i18n::text_with(lang, id, args)
}

/// A list of names, joined as the language joins them.
pub fn names(lang: Language, names: &[String]) -> String {
    names.join(&i18n::text(lang, "serve-list-separator"))
}

/// Who plays at a table, in words: "alice and bob", "alice against the AI".
pub fn players(lang: Language, first: &str, second: Option<&str>) -> String {
    nim_tui::words::serve_players(lang, first, second)
}

/// A run of puzzles given to a class, as the console and the records name it: "puzzles, medium,
/// from #3".
pub fn puzzle_name(lang: Language, start: &nim_tui::app::PuzzleStart) -> String {
    text(
        lang,
        "console-puzzles",
        &[
            ("difficulty", nim_tui::words::difficulty_name(lang, start.difficulty.as_str()).into()),
            ("number", u64::from(start.number.unwrap_or(1)).into()),
        ],
    )
}

/// The server's line at the top of a table, as data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Top {
    /// Asked whether to give up the game in play by leaving it.
    AskLeave,
    /// The other player's connection dropped: the game waits for them, this long at most.
    Away(String, std::time::Duration),
    /// The other player left the table (the game was over).
    Gone(String),
    /// Back at a game left when the connection dropped.
    Back,
    /// The activity is paused by the teacher.
    Paused,
    /// Watching these players.
    Watching(String, Option<String>),
    /// A position from this teacher, for the class; and who watches.
    Given(String, Vec<String>),
    /// Who watches.
    WatchedBy(Vec<String>),
}

impl Top {
    /// The line in the frame's language, with the keys as this viewer has them.
    pub fn text(&self, look: &Look) -> String {
        let quit = look.key(Action::Quit);
        match self {
            Top::AskLeave => i18n::text(look.language, "serve-top-ask-leave"),
            Top::Away(who, wait) => {
                let minutes = wait.as_secs().div_ceil(60).max(1);
                text(
                    look.language,
                    "serve-top-away",
                    &[
                        ("who", who.as_str().into()),
                        ("minutes", minutes.into()),
                        ("quit", quit.as_str().into()),
                    ],
                )
            }
            Top::Gone(who) => text(
                look.language,
                "serve-top-gone",
                &[("who", who.as_str().into()), ("quit", quit.as_str().into())],
            ),
            Top::Back => i18n::text(look.language, "serve-top-back"),
            Top::Paused => i18n::text(look.language, "serve-top-paused"),
            Top::Watching(first, second) => nim_tui::words::serve_watching(
                look.language,
                &players(look.language, first, second.as_deref()),
                &quit,
            ),
            Top::Given(teacher, watchers) if watchers.is_empty() => {
                text(look.language, "serve-top-given", &[("teacher", teacher.as_str().into())])
            }
            Top::Given(teacher, watchers) => text(
                look.language,
                "serve-top-given-watched",
                &[("teacher", teacher.as_str().into()), ("names", names(look.language, watchers).into())],
            ),
            Top::WatchedBy(watchers) => nim_tui::words::serve_watched_by(look.language, watchers),
        }
    }
}
