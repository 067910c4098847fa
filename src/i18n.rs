//! Which language the words are written in, and the message files they come from.
//!
//! Every sentence a player reads is a message with an id in a Fluent file,
//! `assets/locales/<language>/*.ftl`, embedded in the binary at build time. The code asks for an
//! id with its arguments ([`text`], [`text_with`]) and never glues sentences together, so a
//! language is a set of files and no code. `src/words.rs` is the one caller that knows what the
//! sentences are about; the rest of the program asks it.
//!
//! The language is a value, passed to every call that writes a sentence: the terminal game reads
//! it once from its settings, the server has one per connection, and a frame is drawn in its
//! viewer's ([`crate::ui::Look::language`]), so two people at one table read two languages.
//! Nothing here is per thread.

use std::sync::Mutex;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use rustc_hash::FxHashMap;

/// A language the game is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English, the default and the language of every contract (`--help`, JSON, files).
    #[default]
    English,
    /// Simplified Chinese.
    SimplifiedChinese,
}

/// The `language` setting and `--lang`: a language, or `auto` to ask the locale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[serde(try_from = "String")]
pub enum LanguageSetting {
    /// The locale decides ([`Language::from_environment`]).
    #[default]
    Auto,
    /// This language whatever the locale.
    Fixed(Language),
}

impl LanguageSetting {
    /// The language meant, in the environment `var` tells of.
    pub fn resolve(self, var: impl Fn(&str) -> Option<String>) -> Language {
        match self {
            LanguageSetting::Auto => Language::from_environment(var),
            LanguageSetting::Fixed(language) => language,
        }
    }
}

impl std::str::FromStr for LanguageSetting {
    type Err = String;

    /// `auto`, or a tag [`Language::from_tag`] reads (`en`, `zh-CN`, in any case).
    fn from_str(text: &str) -> Result<Self, String> {
        if text.trim().eq_ignore_ascii_case("auto") {
            return Ok(LanguageSetting::Auto);
        }
        Language::from_tag(text)
            .map(LanguageSetting::Fixed)
            .ok_or_else(|| format!("unknown language '{text}': expected auto, en or zh-CN"))
    }
}

impl TryFrom<String> for LanguageSetting {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

/// Every language, in the order a menu lists them.
pub const LANGUAGES: [Language; 2] = [Language::English, Language::SimplifiedChinese];

impl Language {
    /// The language's tag, as the config file, `--lang` and the message folders write it.
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::SimplifiedChinese => "zh-CN",
        }
    }

    /// The language a tag names: `en`, `zh-CN` (any case, `_` for `-`, and the bare `zh`).
    pub fn from_tag(tag: &str) -> Option<Language> {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        match tag.as_str() {
            "en" => Some(Language::English),
            "zh-cn" | "zh-hans" | "zh" => Some(Language::SimplifiedChinese),
            _ => None,
        }
    }

    /// The language a POSIX locale asks for (`zh_CN.UTF-8`, `en_GB`, `C`): any Chinese locale
    /// chooses Simplified Chinese, every other English, the only other language there is.
    pub fn from_locale(locale: &str) -> Language {
        let language = locale.split(['_', '-', '.', '@']).next().unwrap_or_default();
        match language.eq_ignore_ascii_case("zh") {
            true => Language::SimplifiedChinese,
            false => Language::English,
        }
    }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty decides (POSIX's order for messages); none set is English.
    /// `var` reads a variable (`std::env::var` in the program, a table in tests).
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Language {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.is_empty())
            .map_or(Language::English, |locale| Language::from_locale(&locale))
    }

    /// The message files of the language, as embedded: each file's name and its text.
    fn embedded(self) -> &'static [(&'static str, Embedded); FILES] {
        match self {
            Language::English => &ENGLISH,
            Language::SimplifiedChinese => &CHINESE,
        }
    }

    /// The text of the language's message file number `file` (in [`FILES`]' order).
    fn source(self, file: usize) -> String {
        self.embedded()[file].1.text()
    }

    /// Every message file of the language: its name and its text.
    fn sources(self) -> impl Iterator<Item = (&'static str, String)> {
        self.embedded().iter().map(|&(name, embedded)| (name, embedded.text()))
    }
}

/// A message file as the binary holds it. The two a first frame reads are kept as they are; the
/// others as `build.rs` packed them: the text's length in bytes (four bytes, little-endian), then
/// the text compressed with DEFLATE. Packed, they take about a third of their 141,528 bytes (both
/// languages), and a file is unpacked when it is first read, where it was copied before;
/// unpacking takes about 20 instructions a byte, which a start is spared.
#[derive(Debug, Clone, Copy)]
enum Embedded {
    Text(&'static str),
    Packed(&'static [u8]),
}

impl Embedded {
    /// The file's text. `build.rs` checked that a packed text is UTF-8; should the bytes be
    /// damaged all the same, what can be read is read, and the tests of every message
    /// ([`problems`]) would fail.
    fn text(self) -> String {
        let packed = match self {
            Embedded::Text(text) => return text.to_owned(),
            Embedded::Packed(packed) => packed,
        };
        let (length, deflated) = packed.split_at(4.min(packed.len()));
        let length = length.try_into().map_or(0, u32::from_le_bytes) as usize;
        let mut text = vec![0; length];
        let written = miniz_oxide::inflate::decompress_slice_iter_to_slice(
            &mut text,
            std::iter::once(deflated),
            false,
            true,
        )
        .unwrap_or(0);
        text.truncate(written);
        String::from_utf8(text).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// A language's message files by name: first those a first frame reads, as they are, then the
/// others, packed.
macro_rules! locale_files {
    ($tag:literal: $($text:literal),+; packed: $($packed:literal),+ $(,)?) => {
        [
            $(($text, Embedded::Text(include_str!(concat!("../assets/locales/", $tag, "/", $text))))),+,
            $((
                $packed,
                Embedded::Packed(include_bytes!(concat!(env!("OUT_DIR"), "/locales/", $tag, "/", $packed))),
            )),+
        ]
    };
}

/// How many message files each language has.
const FILES: usize = 8;

// One file per part of the program, the same names in every language, in the order they are
// looked in: `words` the games' words (moves, names, rules, the lines under the board), `play` the
// screens and their keys, `theory` the words that say why (why a move is best, for the hint and
// `solve`; the teaching and theory panels; each game's winning rule), `notices` what the game says
// or asks when something happens (a question before what cannot be taken back, why a move or a
// start is refused, the help's notes and the rules page, the screen that does not fit, warnings
// about its files, another window), `learn` the lessons, `cli` what the commands print for people
// (`solve`, `stats`, `paths`, the manual's actions), `serve` what the server itself says to its
// players (the lobby, its lines and goodbyes), `plain` the plain mode's lines (`--plain`). A first
// frame reads the first two, about 31 KB of text: Fluent keeps a file as a syntax tree some ten
// times its size, and parsing it is most of what a start does beyond the terminal's, so what a
// first frame does not show waits in the later files until it is shown.
const ENGLISH: [(&str, Embedded); FILES] = locale_files!("en":
    "words.ftl", "play.ftl"; packed: "theory.ftl", "notices.ftl", "learn.ftl", "cli.ftl", "serve.ftl", "plain.ftl");
const CHINESE: [(&str, Embedded); FILES] = locale_files!("zh-CN":
    "words.ftl", "play.ftl"; packed: "theory.ftl", "notices.ftl", "learn.ftl", "cli.ftl", "serve.ftl", "plain.ftl");

/// A message's argument: a word or a number already written as text, or a count that also
/// chooses the plural form.
#[derive(Debug, Clone)]
pub enum Arg {
    /// Text, put in as it is.
    Text(String),
    /// A count: written with all its digits, and the plural form chosen by it. (Fluent's own
    /// numbers are floats, which would round a heap of `u64::MAX` tokens.)
    Count(u64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<u64> for Arg {
    fn from(count: u64) -> Arg {
        Arg::Count(count)
    }
}

impl From<usize> for Arg {
    fn from(count: usize) -> Arg {
        Arg::Count(count as u64)
    }
}

/// The message `id` in `language`, with no arguments.
pub fn text(language: Language, id: &str) -> String {
    text_with(language, id, &[])
}

/// The message `id` in `language`, with its arguments by name. A count `n` is
/// passed to the message as `$n` (the number, which chooses a plural form; exact below 2^53) and
/// `$n-digits` (every digit, for showing). A message missing from the language (a test forbids
/// it) falls back to English; one missing from English too is its id, so the gap shows.
///
/// In Chinese, an argument that starts or ends with a Latin letter (a player's name such as
/// `carol`, a game's such as `Nim_2`) is set apart from a Chinese character beside it by a space,
/// as Chinese typesetting does (轮到 carol 走, not 轮到carol走), and from nothing else: the
/// messages are written for Chinese names (轮到小明走) and need not know which kind comes.
pub fn text_with(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    let spaced = language == Language::SimplifiedChinese;
    let mut fluent = FluentArgs::new();
    for (name, arg) in args {
        match arg {
            Arg::Text(text) if spaced && NAMES.contains(name) => {
                fluent.set(*name, FluentValue::from(marked_latin(text)))
            }
            Arg::Text(text) => fluent.set(*name, FluentValue::from(text.as_str())),
            Arg::Count(count) => {
                fluent.set(*name, FluentValue::from(*count as f64));
                fluent.set(format!("{name}-digits"), FluentValue::from(count.to_string()));
            }
        }
    }
    let args = (!args.is_empty()).then_some(&fluent);
    let said = [language, Language::English]
        .into_iter()
        .find_map(|language| format(language, id, args))
        .unwrap_or_else(|| id.to_owned());
    if spaced { spaced_latin(&said) } else { said }
}

/// The arguments that hold a name (a person's, a game's), which [`text_with`] sets apart from
/// Chinese by a space when it is Latin; never one a message chooses a variant by (`$on`, `$mode`),
/// whose value must reach Fluent as it is.
const NAMES: [&str; 11] =
    ["who", "name", "whom", "by", "with", "teacher", "players", "opponent", "title", "game", "first-name"];

/// Marks where a Latin letter begins or ends `text` ([`LATIN_BEFORE`], [`LATIN_AFTER`]).
fn marked_latin(text: &str) -> String {
    let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    let mut marked = String::with_capacity(text.len() + 6);
    if latin(text.chars().next()) {
        marked.push(LATIN_BEFORE);
    }
    marked.push_str(text);
    if latin(text.chars().last()) {
        marked.push(LATIN_AFTER);
    }
    marked
}

/// The marks of [`marked_latin`] made a space where a Chinese character stands on their outer
/// side, and nothing elsewhere.
fn spaced_latin(text: &str) -> String {
    if !text.contains([LATIN_BEFORE, LATIN_AFTER]) {
        return text.to_string();
    }
    let han = |c: Option<&char>| c.is_some_and(|c| ('\u{4e00}'..='\u{9fff}').contains(c));
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        match c {
            LATIN_BEFORE if han(i.checked_sub(1).and_then(|j| chars.get(j))) => out.push(' '),
            LATIN_AFTER if han(chars.get(i + 1)) => out.push(' '),
            LATIN_BEFORE | LATIN_AFTER => {}
            c => out.push(c),
        }
    }
    out
}

/// Private-use characters that mark, for a moment inside [`text_with`], a Latin letter at the
/// start or the end of an argument.
const LATIN_BEFORE: char = '\u{e000}';
/// See [`LATIN_BEFORE`].
const LATIN_AFTER: char = '\u{e001}';

/// The message `id` in `language`, made once per language and kept for the life of
/// the program, for words handed out as `&'static str` (commands' labels, actions, players'
/// names: plain `Copy` data built on every frame). The ids are the code's own literals, so the
/// cache is bounded by them; an id that is no message is its own text, as with [`text`].
pub fn label(language: Language, id: &'static str) -> &'static str {
    type Made = FxHashMap<(Language, &'static str), &'static str>;
    static MADE: OnceLock<Mutex<Made>> = OnceLock::new();
    let mut made = MADE.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    made.entry((language, id)).or_insert_with(|| Box::leak(text(language, id).into_boxed_str()))
}

/// The message `id` in `language`, if that language has it: looked for file by file, in the
/// files' order, so that a message of the first files never waits for the others to be read.
fn format(language: Language, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    (0..FILES).find_map(|file| {
        let bundle = catalog(language, file);
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(bundle.format_pattern(pattern, args, &mut errors).into_owned())
    })
}

/// One message file of a language, parsed into a bundle of its own the first time a message is
/// looked for in it, then shared by every thread. A game's first screen reads the games' words
/// and the screens' (the first two files); the reasons', the lessons', the commands', the server's
/// and the plain mode's messages are read when first asked for. Terms and attributes work as Fluent
/// defines them, within a file.
fn catalog(language: Language, file: usize) -> &'static FluentBundle<FluentResource> {
    static CATALOGS: [[OnceLock<FluentBundle<FluentResource>>; FILES]; 2] =
        [const { [const { OnceLock::new() }; FILES] }; 2];
    let index = LANGUAGES.iter().position(|&each| each == language).unwrap_or(0);
    CATALOGS[index][file].get_or_init(|| {
        let tag = language.tag().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        // Unicode isolation marks around each argument are invisible characters that a terminal
        // may draw as a column or as nothing; the game's arguments are numbers and names it has
        // escaped.
        bundle.set_use_isolating(false);
        // A file that does not parse is a bug the tests catch ([`problems`]); what parsed of it
        // is still used, so that the game goes on, and an id defined twice keeps its first.
        let resource =
            FluentResource::try_new(language.source(file)).unwrap_or_else(|(resource, _)| resource);
        let _ = bundle.add_resource(resource);
        bundle
    })
}

/// Every message id of `language`, in the files' order.
pub fn ids(language: Language) -> Vec<String> {
    use fluent_syntax::ast::Entry;
    let mut ids = Vec::new();
    for (_, source) in language.sources() {
        let resource = FluentResource::try_new(source).unwrap_or_else(|(resource, _)| resource);
        for entry in resource.entries() {
            if let Entry::Message(message) = entry {
                ids.push(message.id.name.to_owned());
            }
        }
    }
    ids
}

/// What is wrong with `language`'s message files: parse errors and ids defined twice, each as a
/// line naming the file. Empty when all is well (a test asserts it for every language).
pub fn problems(language: Language) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (file, source) in language.sources() {
        if let Err((_, errors)) = FluentResource::try_new(source) {
            for error in errors {
                problems.push(format!("{}/{file}: {error:?}", language.tag()));
            }
        }
    }
    for id in ids(language) {
        if !seen.insert(id.clone()) {
            problems.push(format!("{}: `{id}` is defined twice", language.tag()));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string())
    }

    #[test]
    fn the_environment_chooses_in_posix_order_and_any_chinese_locale_is_chinese() {
        use Language::*;
        assert_eq!(Language::from_environment(env(&[])), English);
        assert_eq!(Language::from_environment(env(&[("LANG", "zh_CN.UTF-8")])), SimplifiedChinese);
        assert_eq!(Language::from_environment(env(&[("LANG", "zh_TW.UTF-8")])), SimplifiedChinese);
        assert_eq!(Language::from_environment(env(&[("LANG", "zh")])), SimplifiedChinese);
        assert_eq!(Language::from_environment(env(&[("LANG", "en_GB.UTF-8")])), English);
        assert_eq!(Language::from_environment(env(&[("LANG", "fr_FR.UTF-8")])), English);
        assert_eq!(Language::from_environment(env(&[("LC_ALL", "C"), ("LANG", "zh_CN.UTF-8")])), English);
        assert_eq!(
            Language::from_environment(env(&[("LC_ALL", ""), ("LANG", "zh_CN.UTF-8")])),
            SimplifiedChinese
        );
        assert_eq!(
            Language::from_environment(env(&[("LC_MESSAGES", "zh_CN.UTF-8"), ("LANG", "en_US.UTF-8")])),
            SimplifiedChinese
        );
    }

    #[test]
    fn tags_read_as_written_and_in_the_usual_variants() {
        for language in LANGUAGES {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
        }
        assert_eq!(Language::from_tag("zh_CN"), Some(Language::SimplifiedChinese));
        assert_eq!(Language::from_tag("ZH-cn"), Some(Language::SimplifiedChinese));
        assert_eq!(Language::from_tag("fr"), None);
        assert_eq!(Language::from_tag(""), None);
    }

    #[test]
    fn every_message_file_parses_and_defines_each_id_once() {
        for language in LANGUAGES {
            assert_eq!(problems(language), Vec::<String>::new());
        }
    }

    #[test]
    fn a_count_keeps_every_digit_and_chooses_the_plural() {
        let big = text_with(Language::English, "tokens-count", &[("n", Arg::Count(u64::MAX))]);
        assert_eq!(big, format!("{} tokens", u64::MAX));
        let one = text_with(Language::English, "tokens-count", &[("n", Arg::Count(1))]);
        assert_eq!(one, "1 token");
        let chinese = text_with(Language::SimplifiedChinese, "tokens-count", &[("n", Arg::Count(3))]);
        assert_eq!(chinese, "3 枚棋子");
    }

    #[test]
    fn a_latin_name_stands_apart_from_chinese_and_from_nothing_else() {
        let turn =
            |name: &str| text_with(Language::SimplifiedChinese, "status-turn-of", &[("who", name.into())]);
        assert_eq!(turn("carol"), "轮到 carol");
        assert_eq!(turn("小明"), "轮到小明");
        assert_eq!(turn("Nim 2"), "轮到 Nim 2");
        let moved = text_with(
            Language::SimplifiedChinese,
            "note-moved",
            &[("who", "bob".into()), ("move", "从第 1 堆取走 2 枚".into())],
        );
        assert!(moved.starts_with("bob 走了一步"), "{moved}");
        assert!(!moved.contains('\u{e000}') && !moved.contains('\u{e001}'), "{moved}");
        // English is as it was.
        let english =
            text_with(Language::English, "note-moved", &[("who", "bob".into()), ("move", "took 2".into())]);
        assert!(english.starts_with("bob "), "{english}");
    }

    #[test]
    fn no_message_chooses_a_variant_by_a_name() {
        for language in LANGUAGES {
            for (file, source) in language.sources() {
                for name in NAMES {
                    let selector = format!("{{ ${name} ->");
                    assert!(!source.contains(&selector), "{}/{file} chooses by ${name}", language.tag());
                }
            }
        }
    }

    /// What the binary holds, packed or not, reads back as the message file in the source tree,
    /// byte for byte.
    #[test]
    fn every_embedded_file_is_its_source() {
        for language in LANGUAGES {
            for (name, text) in language.sources() {
                let path = format!("{}/assets/locales/{}/{name}", env!("CARGO_MANIFEST_DIR"), language.tag());
                let source = std::fs::read_to_string(&path).expect("the message file");
                assert!(!source.is_empty(), "{path}");
                assert_eq!(text, source, "{path}");
            }
        }
    }

    #[test]
    fn an_unknown_id_shows_itself() {
        assert_eq!(text(Language::SimplifiedChinese, "no-such-message"), "no-such-message");
    }
}
