//! The configuration: the documented default (`config.toml`, embedded), the user's file laid over
//! it, and messages that name the file, the line and what is accepted when a file cannot be used.
//!
//! A file is read in two passes. The first walks the parsed document with its byte spans, so that
//! every problem can be given a line, an unknown setting a "did you mean", and the `heaps` and
//! `[keys]` values messages of their own. The second deserialises the plain settings into a typed
//! serde struct with `deny_unknown_fields`, which is the schema of the file.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::cli::GameArgs;
use crate::domain::{
    Action, First, HeapChoice, Level, MAX_HEAP, MAX_HEAPS, Names, Opponent, Preset, StartHeapsError,
};
use crate::engine::{GameKind, Mode};
use crate::i18n::{Language, LanguageSetting};
use crate::keys::{KeyBinding, Keymap, KeymapError, ParseKeyError};
pub use crate::serve_settings::ServeSettings;
use crate::theme::{AUTO_GLYPH, Background, GlyphSet, Glyphs, Theme};

/// The documented default configuration, printed byte for byte by `nim-tui --print-config`: the
/// one place every default is written. It is parsed once, the first time a setting is needed
/// ([`Settings::default`]), and a user's file is laid over it.
pub const DEFAULT_TOML: &str = include_str!("../config.toml");

/// How the embedded default is named in messages (it can only be wrong through a bug).
const BUILT_IN: &str = "(built-in config.toml)";

/// Every setting, in the order `config.toml` documents them: the top-level names of the shipped
/// file, so that a setting is named in one place.
pub fn settings() -> &'static [&'static str] {
    &built_in().names
}

/// The shipped file, read once: the layer a user's configuration file is laid over, its
/// settings, and their names.
struct BuiltIn {
    layers: Layers,
    settings: Settings,
    names: Vec<&'static str>,
}

fn built_in() -> &'static BuiltIn {
    static BUILT_IN_LAYER: std::sync::LazyLock<BuiltIn> = std::sync::LazyLock::new(|| {
        let mut layers = Layers::default();
        let read = layers
            .lay(Path::new(BUILT_IN), DEFAULT_TOML, None)
            .and_then(|names| Ok((layers.settings()?, names)));
        match read {
            Ok((settings, names)) => BuiltIn {
                layers,
                settings,
                names: names.into_iter().map(|n| &*Box::leak(n.into_boxed_str())).collect(),
            },
            // The shipped file is embedded and checked by the test `shipped_config_is_the_default`:
            // it can only be broken by a change that the tests refuse.
            Err(e) => panic!("the built-in config.toml is broken: {e}"),
        }
    });
    &BUILT_IN_LAYER
}

/// Everything the configuration decides, typed: the default file, the user's file laid over it,
/// then the command-line flags. Adding a setting means writing it in `config.toml`, adding its
/// field here, and using it; a setting in `config.toml` without a field here fails to load.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub game: GameKind,
    pub mode: Mode,
    /// Read from the file by its own reader for messages that point inside it.
    #[serde(skip, default = "unread_heaps")]
    pub heaps: HeapChoice,
    pub first: First,
    pub level: Level,
    pub opponent: Opponent,
    pub names: Names,
    /// The coach on from the start.
    pub coach: bool,
    /// The AI's visible pause before its move.
    pub ai_delay_ms: u64,
    /// Motion on the board (the AI's taken tokens leaving within its pause).
    pub animation: bool,
    /// The theme's name: `auto` or one of `Theme::names()` (or an old alias); see
    /// `Settings::theme` for the theme itself.
    pub theme: String,
    /// Unicode or ASCII symbols; see `Settings::glyphs` for the glyphs themselves.
    pub glyphs: GlyphSet,
    /// The glyph drawn for each token, or `auto` for the glyph set's.
    pub token: String,
    /// The glyph drawn for each token a move would take, or `auto` for one that goes with `token`.
    pub marked: String,
    pub mouse: bool,
    /// The plain mode: lines of text for screen readers and programs (see `crate::plain`).
    pub plain: bool,
    /// The language of the game's words: `auto` (from the locale), `en` or `zh-CN`.
    pub language: LanguageSetting,
    /// Read from the file by its own reader, so that a partial `[keys]` table keeps the rest.
    #[serde(skip, default = "Keymap::empty")]
    pub keys: Keymap,
    /// The classroom server's settings (`[serve]`): the defaults of `nim-tui-serve`'s flags.
    pub serve: ServeSettings,
}

/// `heaps` before its reader has run; always replaced (see [`Layers::settings`]).
fn unread_heaps() -> HeapChoice {
    HeapChoice::Preset(Preset::ThreeFourFive)
}

impl Default for Settings {
    /// The settings of the shipped `config.toml`.
    fn default() -> Self {
        built_in().settings.clone()
    }
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let [first, second] = <[String; 2]>::deserialize(deserializer)?;
        let check = |name: &str| Names::check(name).map_err(serde::de::Error::custom);
        Ok(Names([check(&first)?, check(&second)?]))
    }
}

/// The settings as they build up, one file laid over another.
#[derive(Debug, Clone, Default)]
struct Layers {
    /// The plain settings, each as the last file to set it wrote it.
    plain: toml::Table,
    heaps: Option<HeapChoice>,
    keys: Option<Keymap>,
}

impl Layers {
    /// The typed settings from every layer so far.
    fn settings(&self) -> Result<Settings, ConfigError> {
        let fail = |problem: String| ConfigError::Invalid {
            path: PathBuf::from(BUILT_IN),
            line: 1,
            problem: Problem::Syntax(problem),
        };
        let mut settings =
            Settings::deserialize(toml::Value::Table(self.plain.clone())).map_err(|e| fail(e.to_string()))?;
        settings.heaps = self.heaps.clone().ok_or_else(|| fail("'heaps' is not set".into()))?;
        settings.keys = self.keys.clone().ok_or_else(|| fail("'[keys]' is not set".into()))?;
        Ok(settings)
    }
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("config file {} does not exist", path.display())]
    NotFound { path: PathBuf },
    #[error("cannot read config file {}: {source}", path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("{}, line {line}: {problem}", path.display())]
    Invalid { path: PathBuf, line: usize, problem: Problem },
}

/// What is wrong inside a config file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("not valid TOML: {0}")]
    Syntax(String),
    #[error("unknown setting '{name}'{hint}: the settings are {list}", list = quoted(settings()))]
    UnknownSetting { name: String, hint: Hint },
    #[error("bad value for '{setting}': found {found}, expected {expected}")]
    WrongValue { setting: String, found: String, expected: String },
    #[error("in [keys] '{action}': {source}", action = action.name())]
    UnknownKeyName { action: Action, source: ParseKeyError },
    #[error("unknown command '{name}' in [keys]{hint}: the commands are {list}", list = quoted(&Action::ALL.map(Action::name)))]
    UnknownAction { name: String, hint: Hint },
    #[error("in [keys]: {source}{note}")]
    Keymap { source: KeymapError, note: String },
    #[error("bad heaps: {0}")]
    BadHeaps(String),
    #[error("unknown theme '{name}'{hint}: the themes are {list}", list = quoted(&Theme::setting_names().collect::<Vec<_>>()))]
    UnknownTheme { name: String, hint: Hint },
}

/// A "did you mean" suggestion, written after the problem.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Hint(pub Option<String>);

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(text) => write!(f, " ({text})"),
            None => Ok(()),
        }
    }
}

fn quoted(names: &[&str]) -> String {
    names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
}

const HEAPS_EXPECTED: &str = "expected a preset (\"3-4-5\", \"marienbad\", \"1-3-5-7-9\" or \"random\"), \
     a list such as [3, 4, 5], heaps written as on the command line (\"3 4 5\", a Hackenbush \
     forest \"3 1(2,3)\"), or { random = { count = [3, 5], size = [1, 12] } }";

/// What each plain setting accepts, for messages.
fn expected(setting: &str) -> &'static str {
    match setting {
        "mode" => "\"normal\" or \"misere\"",
        "first" => "\"you\", \"ai\" or \"random\"",
        "level" => "\"perfect\", \"hard\", \"medium\" or \"easy\"",
        "ai_delay_ms" => "a whole number of milliseconds such as 600 (0 for no pause)",
        "theme" => "a theme name in quotes, such as \"auto\" or \"dark\"",
        "glyphs" => "\"auto\", \"unicode\", \"cjk\" or \"ascii\"",
        "language" => "\"auto\", \"en\" or \"zh-CN\"",
        "token" => "\"auto\" or one character in quotes, such as \"●\" or \"o\"",
        "marked" => "\"auto\" or one character in quotes, such as \"○\" or \"x\"",
        "mouse" | "animation" => "true or false",
        "keys" => "a table of commands and their keys, such as [keys] hint = [\"h\"]",
        "game" => crate::engine::GAMES_QUOTED,
        "opponent" => "\"ai\" or \"human\"",
        "names" => "two names in quotes, such as [\"Ann\", \"Bob\"]",
        "coach" => "true or false",
        _ => "another value",
    }
}

/// A value people type as the program writes it, so that any case is accepted (`mode =
/// "Misère"`, `level = "HARD"`, `theme = "Dark"`): the words of `mode`, `first`, `level`,
/// `opponent`, `glyphs` and `theme` are read as their flags read them. Anything else, and a word
/// that is not one of the setting's, is left as written, for the usual message.
fn canonical(setting: &str, value: toml::Value) -> toml::Value {
    let toml::Value::String(text) = &value else { return value };
    let word = match setting {
        "mode" => text.parse::<Mode>().ok().map(|mode| mode.as_str().to_string()),
        "first" => text.parse::<First>().ok().map(|first| first.as_str().to_string()),
        "level" => text.parse::<Level>().ok().map(|level| level.as_str().to_string()),
        "opponent" => text.parse::<Opponent>().ok().map(|opponent| opponent.as_str().to_string()),
        "glyphs" | "theme" => Some(text.trim().to_lowercase()),
        _ => None,
    };
    word.map_or(value, toml::Value::String)
}

/// Reads the configuration: the embedded default, with the file at `path` laid over it, or else
/// the file in the platform's config directory if there is one (on Linux
/// `$XDG_CONFIG_HOME/nim-tui/config.toml`).
pub fn load(path: Option<&Path>) -> Result<Settings, ConfigError> {
    let (path, required) = match path {
        Some(path) => (path.to_path_buf(), true),
        None => match default_path() {
            Some(path) => (path, false),
            None => return Ok(Settings::default()),
        },
    };
    match crate::files::read_text(&path, crate::files::CONFIG_LIMIT) {
        Ok(text) => parse(&path, &text),
        // No file there, as when `$HOME` is a regular file or cannot be searched: the defaults, and
        // the game is played (without saving, which says why).
        Err(e) if crate::paths::not_there(&path, &e) && !required => Ok(Settings::default()),
        Err(e) if crate::paths::not_there(&path, &e) => Err(ConfigError::NotFound { path }),
        Err(source) => Err(ConfigError::Read { path, source }),
    }
}

/// The `language` the config file (at `path`, or the usual place) sets, for the commands that
/// read no other setting (`solve`, `stats`, `paths`): a file that is missing, cannot be read,
/// or does not parse sets none here (the game's own reading reports it).
pub fn language_in(path: Option<&Path>) -> Option<LanguageSetting> {
    let path = path.map(Path::to_path_buf).or_else(default_path)?;
    let text = crate::files::read_text(&path, crate::files::CONFIG_LIMIT).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table.get("language")?.as_str()?.parse().ok()
}

/// Where the user's config file is looked for when `--config` is not given.
pub fn default_path() -> Option<PathBuf> {
    crate::paths::config_file()
}

/// The default configuration with `text` laid over it; `path` names the text in messages.
pub fn parse(path: &Path, text: &str) -> Result<Settings, ConfigError> {
    let mut layers = built_in().layers.clone();
    layers.lay(path, text, Some(settings()))?;
    layers.settings()
}

impl Layers {
    /// Lays the settings in `text` over the layers so far; settings the text leaves out keep their
    /// values, and in `[keys]` only the commands it names get new keys. `known` are the settings
    /// a file may hold: every one for the shipped file, which defines them (`None`). Returns the
    /// names the text sets, in its order.
    fn lay(&mut self, path: &Path, text: &str, known: Option<&[&str]>) -> Result<Vec<String>, ConfigError> {
        let fail = |span: Range<usize>, problem| ConfigError::Invalid {
            path: path.to_path_buf(),
            line: line_of(text, span.start),
            problem,
        };
        let doc = DeTable::parse(text).map_err(|e| {
            fail(e.span().unwrap_or(0..0), Problem::Syntax(e.message().trim().replace('\n', "; ")))
        })?;
        let mut entries: Vec<_> = doc.get_ref().iter().collect();
        entries.sort_by_key(|(key, _)| key.span().start);

        for (key, _) in &entries {
            if let Some(known) = known
                && !known.contains(&key.get_ref().as_ref())
            {
                let name = key.get_ref().to_string();
                let hint = if Action::ALL.iter().any(|a| a.name() == name) {
                    Hint(Some(format!("keys go in the [keys] table: [keys] {name} = [...]")))
                } else {
                    did_you_mean(&name, known.iter().copied())
                };
                let name = crate::text::escape_short(&name, crate::text::ECHO_MAX);
                return Err(fail(key.span(), Problem::UnknownSetting { name, hint }));
            }
        }

        let mut keys = None;
        for (key, value) in &entries {
            match key.get_ref().as_ref() {
                "heaps" => {
                    // Heaps written as on the command line are read as the game this file names
                    // reads them (a Hackenbush forest in its notation), or the one below it.
                    let named = |v: &Spanned<DeValue<'_>>| v.get_ref().as_str().map(str::to_string);
                    let game = entries
                        .iter()
                        .find(|(k, _)| k.get_ref() == "game")
                        .and_then(|(_, v)| named(v))
                        .or_else(|| self.plain.get("game").and_then(toml::Value::as_str).map(str::to_string))
                        .and_then(|name| GameKind::parse_name(&name).ok())
                        .unwrap_or(GameKind::Nim);
                    self.heaps = Some(
                        read_heaps(value, game).map_err(|(span, msg)| fail(span, Problem::BadHeaps(msg)))?,
                    )
                }
                "theme" => {
                    let name = value.get_ref().as_str().unwrap_or_default();
                    if !Theme::is_known(&name.trim().to_lowercase()) {
                        let hint = did_you_mean(name, Theme::setting_names());
                        return Err(fail(
                            value.span(),
                            Problem::UnknownTheme {
                                name: crate::text::escape_short(name, crate::text::ECHO_MAX),
                                hint,
                            },
                        ));
                    }
                }
                setting @ ("token" | "marked") => {
                    let glyph = value.get_ref().as_str().unwrap_or_default();
                    if glyph != AUTO_GLYPH && crate::text::check_glyph(glyph).is_err() {
                        return Err(fail(
                            value.span(),
                            Problem::WrongValue {
                                setting: setting.into(),
                                found: describe(value.get_ref()),
                                expected: expected(setting).into(),
                            },
                        ));
                    }
                }
                "keys" => keys = Some(read_keys(value).map_err(|(span, problem)| fail(span, problem))?),
                _ => {}
            }
        }

        if let Some(user) = keys {
            // Over the keys so far; the shipped file, the first, names every command.
            let mut table = self.keys.as_ref().map(|base| base.table().clone()).unwrap_or_default();
            for (action, bindings) in &user {
                table.insert(*action, bindings.iter().map(|(key, _)| *key).collect());
            }
            self.keys = Some(Keymap::new(table).map_err(|source| {
                // A keymap error always involves a key from this file: the earlier keymap was
                // already valid. Point at it, and say when the other side of a clash is an older key.
                let find = |action: Action| {
                    user.get(&action)?
                        .iter()
                        .find(|(key, _)| *key == source.key())
                        .map(|(_, span)| span.clone())
                };
                let mut span = find(source.action());
                let mut note = String::new();
                if let KeymapError::Duplicate { first, second, .. } = &source {
                    for (mine, other) in [(second, first), (first, second)] {
                        if span.is_none() {
                            span = find(*mine);
                        }
                        if find(*mine).is_some() && !user.contains_key(other) {
                            note = format!(
                                "; '{}' has that key by default, so give '{}' other keys too",
                                other.name(),
                                other.name()
                            );
                        }
                    }
                }
                let keys_span = entries.iter().find(|(k, _)| k.get_ref() == "keys").map(|(_, v)| v.span());
                fail(span.or(keys_span).unwrap_or(0..0), Problem::Keymap { source, note })
            })?);
        }

        // The plain settings: each value replaces the one below it, and the typed settings must
        // still read; when they do not, the value that broke them is found and pointed at. The
        // table is the document already read, not the text read again.
        let whole = Spanned::new(doc.span(), DeValue::Table(doc.get_ref().clone()));
        let table = toml::Table::deserialize(toml::de::ValueDeserializer::from(whole))
            .map_err(|e| fail(e.span().unwrap_or(0..0), Problem::Syntax(e.message().into())))?;
        // A preset game (`game = "21"`) is a game and its heaps, as with --game, unless this file
        // names its heaps too.
        if let Some(preset) =
            table.get("game").and_then(toml::Value::as_str).and_then(crate::engine::GamePreset::find)
            && !table.contains_key("heaps")
        {
            self.heaps = Some(HeapChoice::Custom(preset.heaps.to_vec()));
        }
        let before = self.plain.clone();
        for (key, value) in table {
            if key == "serve"
                && let (toml::Value::Table(mine), Some(toml::Value::Table(base))) =
                    (&value, self.plain.get_mut("serve"))
            {
                // Over the shipped `[serve]`, setting by setting, paths from the file's directory.
                for (name, setting) in mine {
                    base.insert(name.clone(), serve_path(path, name, setting.clone()));
                }
                continue;
            }
            if key != "heaps" && key != "keys" {
                let value = canonical(&key, value);
                self.plain.insert(key, value);
            }
        }
        let names = entries.iter().map(|(key, _)| key.get_ref().to_string()).collect();
        if before.is_empty() {
            // The first layer (the built-in file) must hold every setting; `settings` says so.
            return Ok(names);
        }
        if Settings::deserialize(toml::Value::Table(self.plain.clone())).is_err() {
            for (key, value) in &entries {
                let name = key.get_ref().as_ref();
                let Some(mine) = self.plain.get(name) else { continue };
                let mut alone = before.clone();
                alone.insert(name.to_string(), mine.clone());
                if let Err(e) = Settings::deserialize(toml::Value::Table(alone)) {
                    let expected = match expected(name) {
                        "another value" => e.message().to_string(),
                        words => words.to_string(),
                    };
                    return Err(fail(
                        value.span(),
                        Problem::WrongValue {
                            setting: name.to_string(),
                            found: describe(value.get_ref()),
                            expected,
                        },
                    ));
                }
            }
        }
        Ok(names)
    }
}

impl Settings {
    /// The theme to draw with; NO_COLOR in the environment asks for no colour whatever the config
    /// says. For `theme = "auto"`, `background` says which background the terminal has; it is
    /// called only then.
    pub fn theme(&self, background: impl FnOnce() -> Background) -> Theme {
        // `theme` names a shipped theme (checked when the file was read), so the default is only
        // there for settings built by hand with a bad name.
        Theme::select(&self.theme, std::env::var_os("NO_COLOR").as_deref(), background).unwrap_or_default()
    }

    /// The glyphs to draw with: the glyph set (for `auto`, ASCII unless the locale is UTF-8, and
    /// the CJK set when that locale is Chinese, Japanese or Korean), with the token and marked
    /// glyphs of the settings.
    pub fn glyphs(&self) -> Glyphs {
        Glyphs::choose(self.glyph_set(|name| std::env::var_os(name)), true, &self.token, &self.marked)
    }

    /// The glyph set the settings mean in the environment `var` tells of: `auto` decided by the
    /// locale (see [`crate::theme::locale_is_utf8`] and [`crate::theme::locale_is_cjk`]).
    pub fn glyph_set(&self, var: impl Fn(&str) -> Option<std::ffi::OsString>) -> GlyphSet {
        match self.glyphs {
            GlyphSet::Auto if !crate::theme::locale_is_utf8(&var) => GlyphSet::Ascii,
            GlyphSet::Auto if crate::theme::locale_is_cjk(&var) => GlyphSet::Cjk,
            GlyphSet::Auto => GlyphSet::Unicode,
            set => set,
        }
    }

    /// The language the settings mean in the environment `var` tells of: `auto` decided by the
    /// locale (`LC_ALL`, `LC_MESSAGES`, `LANG`; see [`Language::from_environment`]).
    pub fn language(&self, var: impl Fn(&str) -> Option<String>) -> Language {
        self.language.resolve(var)
    }

    /// The choices a new game starts from.
    pub fn setup(&self) -> crate::domain::GameSetup {
        crate::domain::GameSetup {
            game: self.game,
            mode: self.mode,
            heaps: self.heaps.clone(),
            first: self.first,
            level: self.level,
            opponent: self.opponent,
            names: self.names.clone(),
        }
    }

    /// Lays the game flags over the files: a flag beats the file, written here once per flag.
    /// `--seed` is not a setting and is left to the caller.
    pub fn apply_flags(&mut self, args: &GameArgs) -> Result<(), FlagError> {
        if let Some(name) = &args.game {
            self.game = name.parse().map_err(|e: crate::engine::ParseGameError| FlagError {
                flag: "--game",
                problem: e.to_string(),
            })?;
            // A preset (`21`, `bachet`) is a game and its heaps; --heaps still beats them.
            if let Some(preset) = crate::engine::GamePreset::find(name) {
                self.heaps = HeapChoice::Custom(preset.heaps.to_vec());
            }
        }
        if let Some(text) = &args.heaps {
            self.heaps = HeapChoice::read(self.game, text)
                .map_err(|e| FlagError { flag: "--heaps", problem: e.to_string() })?;
        }
        // Heaps from a file that do not fit the game are made to fit when the game starts; heaps
        // given with the game on the command line are refused.
        let given = match &self.heaps {
            HeapChoice::Custom(heaps) => Some(heaps.as_slice()),
            HeapChoice::Preset(preset) => Some(preset.heaps()),
            HeapChoice::Random { .. } => None,
        };
        if let (Some(_), Some(heaps)) = (&args.heaps, given)
            && let Err(problem) = crate::domain::check_heaps_for(self.game, heaps)
        {
            return Err(FlagError { flag: "--heaps", problem });
        }
        if let Some(mode) = args.mode {
            if mode == Mode::Misere && !self.game.has_misere() {
                return Err(FlagError {
                    flag: "--mode",
                    problem: format!(
                        "{} is played in normal play only (no misère form: {}); misère is offered for nim, moore:K and kayles",
                        self.game.title(),
                        self.game.no_misere_why().unwrap_or_default()
                    ),
                });
            }
            self.mode = mode;
        }
        if let Some(first) = args.first {
            self.first = first;
        }
        if let Some(level) = args.level {
            self.level = level;
        }
        if let Some(opponent) = args.opponent {
            self.opponent = opponent;
        }
        if let Some(names) = &args.names {
            self.names = names.clone();
        }
        if let Some(delay) = args.ai_delay {
            self.ai_delay_ms = delay;
        }
        self.coach |= args.coach;
        Ok(())
    }
}

/// A flag whose value cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{flag}: {problem}")]
pub struct FlagError {
    pub flag: &'static str,
    pub problem: String,
}

/// A `[serve]` path setting written relative, taken from the directory of the file at `file`.
fn serve_path(file: &Path, name: &str, value: toml::Value) -> toml::Value {
    let toml::Value::String(text) = &value else { return value };
    let dir = file.parent().filter(|dir| !dir.as_os_str().is_empty());
    match dir {
        Some(dir)
            if crate::serve_settings::PATHS.contains(&name)
                && Path::new(text).is_relative()
                && !crate::serve_settings::is_database_url(text) =>
        {
            toml::Value::String(dir.join(text).to_string_lossy().into_owned())
        }
        _ => value,
    }
}

/// The 1-based line holding byte `offset`.
fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

/// A value as a message shows it: short values as written, others by their kind.
fn describe(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => format!("\"{}\"", crate::text::escape_short(s, crate::text::ECHO_MAX)),
        DeValue::Integer(i) => i.to_string(),
        DeValue::Float(x) => x.to_string(),
        DeValue::Boolean(b) => b.to_string(),
        DeValue::Datetime(d) => d.to_string(),
        DeValue::Array(_) => "a list".to_string(),
        DeValue::Table(_) => "a table".to_string(),
    }
}

/// The known name closest to `name`, if it is close enough to be a slip of the fingers.
fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Hint {
    // No known name is longer than this, and a typo is never three times as long: a long name
    // gets no suggestion, and the edit distance (quadratic in the length) is never computed for it.
    if name.len() > 64 {
        return Hint(None);
    }
    let len = name.chars().count();
    let close = |k: &str, d: usize| {
        // A shortened name ("ai_delay") is as clear a slip as a typo.
        let shortened = len >= 3 && k.starts_with(&name.to_lowercase());
        shortened || (d <= 2.max(len / 3) && d < len)
    };
    let best = known.into_iter().map(|k| (edit_distance(name, k), k)).filter(|&(d, k)| close(k, d)).min();
    Hint(best.map(|(_, k)| format!("did you mean '{k}'?")))
}

/// Levenshtein distance with adjacent swaps counted as one edit ("mdoe" is one from "mode"):
/// strsim's optimal string alignment, which clap already compiles in for its own suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(&a.to_lowercase(), b)
}

type Failure<P> = (Range<usize>, P);

/// A whole number from the document, or a message naming what was found.
fn read_u64(value: &Spanned<DeValue<'_>>, what: &str) -> Result<u64, Failure<String>> {
    let bad = || (value.span(), format!("{what} is {}: expected a whole number", describe(value.get_ref())));
    let int = value.get_ref().as_integer().ok_or_else(bad)?;
    u64::from_str_radix(int.as_str(), int.radix()).map_err(|_| bad())
}

/// `[least, most]` from the document, with both in `limits`.
fn read_range(
    value: &Spanned<DeValue<'_>>,
    what: &str,
    limits: (u64, u64),
    limit_text: &str,
) -> Result<(u64, u64), Failure<String>> {
    let expected = format!("expected [least, most] with {limit_text}");
    let pair = match value.get_ref().as_array().map(|a| a.as_ref()) {
        Some([least, most]) => (read_u64(least, what)?, read_u64(most, what)?),
        _ => return Err((value.span(), format!("{what} is {}: {expected}", describe(value.get_ref())))),
    };
    if pair.0 < limits.0 || pair.1 > limits.1 || pair.0 > pair.1 {
        return Err((value.span(), format!("{what} is [{}, {}]: {expected}", pair.0, pair.1)));
    }
    Ok(pair)
}

/// Reads `heaps` for a game of `game` (which reads a string that names no preset, as `--heaps`
/// does).
fn read_heaps(value: &Spanned<DeValue<'_>>, game: GameKind) -> Result<HeapChoice, Failure<String>> {
    let span = value.span();
    match value.get_ref() {
        DeValue::String(name) if name.trim().eq_ignore_ascii_case("random") => Ok(HeapChoice::RANDOM),
        DeValue::String(text) => HeapChoice::read(game, text).map_err(|e| match &e {
            StartHeapsError::NotAPreset(name) => {
                (span, format!("unknown preset \"{name}\": {HEAPS_EXPECTED}"))
            }
            StartHeapsError::DoubleDash(_) => (span, e.to_string()),
            // Heaps, written wrong: what is wrong with them is the message.
            other => {
                (span, format!("\"{}\": {other}", crate::text::escape_short(text, crate::text::ECHO_MAX)))
            }
        }),
        DeValue::Array(items) => {
            let mut heaps = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                heaps.push(read_u64(item, &format!("heap {}", i + 1))?);
            }
            crate::domain::check_start_heaps(&heaps).map_err(|e| (span, e.to_string()))?;
            Ok(HeapChoice::of_list(heaps))
        }
        DeValue::Table(table) => {
            let random = table.iter().find(|(k, _)| k.get_ref() == "random").map(|(_, v)| v);
            let extra = table.iter().find(|(k, _)| k.get_ref() != "random");
            let (random, None) = (random, extra) else {
                return Err((span, format!("a table of heaps has only 'random': {HEAPS_EXPECTED}")));
            };
            let Some(DeValue::Table(fields)) = random.map(Spanned::get_ref) else {
                return Err((span, format!("'random' is not a table: {HEAPS_EXPECTED}")));
            };
            let field = |name: &str| fields.iter().find(|(k, _)| k.get_ref() == name).map(|(_, v)| v);
            if let Some((k, _)) =
                fields.iter().find(|(k, _)| !["count", "size"].contains(&k.get_ref().as_ref()))
            {
                return Err((
                    k.span(),
                    format!("unknown field '{}' in random heaps: expected 'count' and 'size'", k.get_ref()),
                ));
            }
            let (Some(count), Some(size)) = (field("count"), field("size")) else {
                return Err((span, format!("random heaps need both 'count' and 'size': {HEAPS_EXPECTED}")));
            };
            let max_heaps = MAX_HEAPS as u64;
            let count =
                read_range(count, "count", (1, max_heaps), &format!("1 <= least <= most <= {MAX_HEAPS}"))?;
            let size = read_range(size, "size", (1, MAX_HEAP), "1 <= least <= most <= 10^18")?;
            // count.1 <= MAX_HEAPS (16) was just checked, so it fits a usize.
            Ok(HeapChoice::Random { count: (count.0 as usize, count.1 as usize), size })
        }
        other => Err((span, format!("found {}, {HEAPS_EXPECTED}", describe(other)))),
    }
}

/// Each command named in `[keys]` with its keys and where each is written.
type UserKeys = BTreeMap<Action, Vec<(KeyBinding, Range<usize>)>>;

fn read_keys(value: &Spanned<DeValue<'_>>) -> Result<UserKeys, Failure<Problem>> {
    let Some(table) = value.get_ref().as_table() else {
        return Err((
            value.span(),
            Problem::WrongValue {
                setting: "keys".into(),
                found: describe(value.get_ref()),
                expected: expected("keys").into(),
            },
        ));
    };
    let mut entries: Vec<_> = table.iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    let mut user = UserKeys::new();
    for (name, list) in entries {
        let name_str = name.get_ref().as_ref();
        let Some(action) = Action::ALL.into_iter().find(|a| a.name() == name_str) else {
            let hint = if settings().contains(&name_str) {
                Hint(Some(format!("'{name_str}' is a setting: put it above the [keys] table")))
            } else {
                did_you_mean(name_str, Action::ALL.map(Action::name))
            };
            let shown = crate::text::escape_short(name_str, crate::text::ECHO_MAX);
            return Err((name.span(), Problem::UnknownAction { name: shown, hint }));
        };
        let wrong = |span: Range<usize>, found: &DeValue<'_>| {
            (
                span,
                Problem::WrongValue {
                    setting: format!("keys.{name_str}"),
                    found: describe(found),
                    expected: "a list of key names in quotes, such as [\"h\", \"f1\"]".into(),
                },
            )
        };
        let Some(items) = list.get_ref().as_array() else {
            return Err(wrong(list.span(), list.get_ref()));
        };
        let mut keys = Vec::with_capacity(items.len());
        for item in items.iter() {
            let Some(text) = item.get_ref().as_str() else {
                return Err(wrong(item.span(), item.get_ref()));
            };
            let key: KeyBinding =
                text.parse().map_err(|source| (item.span(), Problem::UnknownKeyName { action, source }))?;
            keys.push((key, item.span()));
        }
        user.insert(action, keys);
    }
    Ok(user)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Settings, ConfigError> {
        parse(Path::new("test.toml"), text)
    }

    fn problem(text: &str) -> (usize, Problem) {
        match parse_str(text) {
            Err(ConfigError::Invalid { line, problem, .. }) => (line, problem),
            other => panic!("expected a problem, got {other:?}"),
        }
    }

    fn key(text: &str) -> KeyBinding {
        text.parse().unwrap()
    }

    #[test]
    fn a_preset_game_in_the_file_brings_its_heaps_unless_the_file_names_them() {
        let twenty_one = parse_str("game = \"21\"\n").unwrap();
        assert_eq!(twenty_one.game.to_string(), "subtraction:1,2,3");
        assert_eq!(twenty_one.heaps, HeapChoice::Custom(vec![21]));
        let own = parse_str("game = \"21\"\nheaps = [7, 9]\n").unwrap();
        assert_eq!(own.heaps, HeapChoice::Custom(vec![7, 9]));
        // A game that is not a preset leaves the heaps as they were.
        assert_eq!(parse_str("game = \"kayles\"\n").unwrap().heaps, Settings::default().heaps);
    }

    #[test]
    fn shipped_config_is_the_default() {
        let config = Settings::default();
        assert_eq!(config.mode, Mode::Normal);
        assert_eq!(config.heaps, HeapChoice::Preset(Preset::ThreeFourFive));
        assert_eq!(config.keys, Keymap::default(), "the default keymap is config.toml's [keys]");
        // Every setting is written out in the shipped file, so that it documents them all.
        let doc = DeTable::parse(DEFAULT_TOML).unwrap();
        let keys: Vec<&str> = doc.get_ref().iter().map(|(k, _)| k.get_ref().as_ref()).collect();
        for setting in settings() {
            assert!(keys.contains(setting), "config.toml sets '{setting}'");
        }
        let Some(DeValue::Table(table)) = doc.get_ref().get("keys").map(Spanned::get_ref) else { panic!() };
        for action in Action::ALL {
            assert!(table.get(action.name()).is_some(), "config.toml binds '{}'", action.name());
        }
        assert_eq!(load(Some(Path::new("config.toml"))).unwrap(), Settings::default());
        // The server's defaults, read apart for clap (serve_settings), are the same [serve].
        assert_eq!(&config.serve, ServeSettings::shipped());
    }

    #[test]
    fn a_serve_table_keeps_what_it_leaves_out_and_reads_paths_from_the_files_directory() {
        let text = "[serve]\nmax_connections = 7\ndb = \"class.db\"\nhost_key = \"/srv/key\"\n";
        let config = parse(Path::new("/etc/nim/serve.toml"), text).unwrap();
        let shipped = ServeSettings::shipped();
        assert_eq!(config.serve.max_connections, 7);
        assert_eq!((config.serve.listen, config.serve.idle_timeout), (shipped.listen, shipped.idle_timeout));
        assert_eq!(config.serve.db, Some(PathBuf::from("/etc/nim/class.db")));
        assert_eq!(config.serve.host_key, Some(PathBuf::from("/srv/key")));
        assert_eq!(config.serve.code_file, None);
        let flags: Vec<_> = config.serve.flags().into_iter().map(|(_, w)| w.into_string().unwrap()).collect();
        assert!(flags.contains(&"--max-connections=7".to_string()), "{flags:?}");
        assert!(flags.contains(&"--db=/etc/nim/class.db".to_string()), "{flags:?}");
        assert!(
            !flags.iter().any(|f| f.starts_with("--no-hints") || f.starts_with("--code-file")),
            "{flags:?}"
        );
        // A PostgreSQL URL (#40) is not a path: kept as written.
        let url = "postgres://nim@db.school/class";
        let config = parse(Path::new("/etc/nim/serve.toml"), &format!("[serve]\ndb = \"{url}\"\n")).unwrap();
        assert_eq!(config.serve.db, Some(PathBuf::from(url)));
        let config = parse(Path::new("/etc/nim/serve.toml"), text).unwrap();
        // The rest of the file is laid over the shipped settings as before.
        assert_eq!(config.mode, Settings::default().mode);
        match problem("mode = \"misere\"\n[serve]\nlisen = \"127.0.0.1:0\"\n") {
            (_, Problem::WrongValue { setting, expected, .. }) => {
                assert_eq!(setting, "serve");
                assert!(expected.contains("lisen") && expected.contains("listen"), "{expected}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_partial_file_keeps_the_rest() {
        let config = parse_str("mode = \"misere\"\n").unwrap();
        assert_eq!(config, Settings { mode: Mode::Misere, ..Settings::default() });
        assert_eq!(parse_str("").unwrap(), Settings::default());
    }

    #[test]
    fn a_partial_keys_table_replaces_only_its_commands() {
        let config = parse_str("[keys]\nhint = [\"f1\", \"i\"]\n").unwrap();
        let default = Keymap::default();
        for action in Action::ALL {
            if action == Action::Hint {
                assert_eq!(config.keys.keys_for(action), &[key("f1"), key("i")]);
            } else {
                assert_eq!(config.keys.keys_for(action), default.keys_for(action));
            }
        }
        let freed = parse_str("[keys]\nhint = [\"x\"]\nquit = [\"h\"]\n").unwrap();
        assert_eq!(freed.keys.keys_for(Action::Quit), &[key("h")]);
        let unbound = parse_str("[keys]\nhint = []\n").unwrap();
        assert!(unbound.keys.keys_for(Action::Hint).is_empty());
    }

    #[test]
    fn heaps_shapes() {
        let heaps = |text: &str| parse_str(&format!("heaps = {text}\n")).unwrap().heaps;
        assert_eq!(heaps("\"marienbad\""), HeapChoice::Preset(Preset::Marienbad));
        assert_eq!(heaps("\"1-3-5-7\""), HeapChoice::Preset(Preset::Marienbad));
        assert_eq!(heaps("[2, 7, 9]"), HeapChoice::Custom(vec![2, 7, 9]));
        assert_eq!(
            heaps("{ random = { count = [2, 4], size = [5, 9] } }"),
            HeapChoice::Random { count: (2, 4), size: (5, 9) }
        );
        let table = parse_str("[heaps.random]\ncount = [1, 1]\nsize = [3, 3]\n").unwrap();
        assert_eq!(table.heaps, HeapChoice::Random { count: (1, 1), size: (3, 3) });
        // Written as on the command line, and read as the file's game reads it.
        assert_eq!(heaps("\"3-4-6\""), HeapChoice::Custom(vec![3, 4, 6]));
        assert_eq!(heaps("\"2, 5 7\""), HeapChoice::Custom(vec![2, 5, 7]));
        let forest = |text: &str| parse_str(&format!("game = \"hackenbush\"\nheaps = {text}\n"));
        let trees = crate::engine::hackenbush::parse_forest("3 1(2,3)").unwrap();
        assert_eq!(forest("\"3 1(2,3)\"").unwrap().heaps, HeapChoice::Custom(trees.clone()));
        // The game named after the heaps reads them too.
        let after = parse_str("heaps = \"3 1(2,3)\"\ngame = \"hackenbush\"\n").unwrap();
        assert_eq!(after.heaps, HeapChoice::Custom(trees));
        let Err(ConfigError::Invalid { line: 2, problem: Problem::BadHeaps(why), .. }) = forest("\"1(2\"")
        else {
            panic!("an unclosed tree is refused")
        };
        assert!(why.starts_with("\"1(2\": the brackets do not match"), "{why}");
        for bad in [
            "\"marienbda\"",
            "\"3--4\"",
            "\"1(2)\"",
            "[]",
            "[3, 0]",
            "[3, -1]",
            "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]",
            "[1000000000000000001]",
            "{ random = { count = [0, 3], size = [1, 2] } }",
            "{ random = { count = [3, 2], size = [1, 2] } }",
            "{ random = { count = [3, 5] } }",
            "{ random = { count = [3, 5], size = [1, 2], sizes = [1, 2] } }",
            "{ count = [3, 5] }",
            "3",
        ] {
            let (line, p) = problem(&format!("heaps = {bad}\n"));
            assert_eq!(line, 1);
            assert!(matches!(p, Problem::BadHeaps(_)), "{bad}: {p}");
        }
    }

    #[test]
    fn starting_heaps_resolve() {
        let mut rng = rand::rng();
        assert_eq!(Settings::default().heaps.heaps(&mut rng), vec![3, 4, 5]);
        let config =
            Settings { heaps: HeapChoice::Random { count: (2, 4), size: (5, 9) }, ..Settings::default() };
        for _ in 0..100 {
            let heaps = config.heaps.heaps(&mut rng);
            assert!((2..=4).contains(&heaps.len()));
            assert!(heaps.iter().all(|h| (5..=9).contains(h)));
            crate::domain::check_start_heaps(&heaps).unwrap();
        }
    }

    #[test]
    fn unknown_settings_get_suggestions() {
        let (line, p) = problem("# comment\nmdoe = \"normal\"\n");
        assert_eq!(line, 2);
        assert_eq!(
            p,
            Problem::UnknownSetting { name: "mdoe".into(), hint: Hint(Some("did you mean 'mode'?".into())) }
        );
        let (_, p) = problem("colour = 1\n");
        assert_eq!(p, Problem::UnknownSetting { name: "colour".into(), hint: Hint(None) });
        let (_, p) = problem("hint = [\"x\"]\n");
        assert!(p.to_string().contains("[keys]"), "{p}");
        let (_, p) = problem("[keys]\nhnit = [\"x\"]\n");
        assert!(p.to_string().contains("did you mean 'hint'?"), "{p}");
        let (_, p) = problem("[keys]\nmode = \"misere\"\n");
        assert!(p.to_string().contains("above the [keys] table"), "{p}");
        let (_, p) = problem("theme = \"mnoo\"\n");
        assert!(p.to_string().contains("did you mean 'mono'?"), "{p}");
    }

    #[test]
    fn wrong_values_say_what_is_expected() {
        let (line, p) = problem("mode = \"normal\"\n\nai_delay_ms = \"fast\"\n");
        assert_eq!(line, 3);
        assert_eq!(
            p.to_string(),
            "bad value for 'ai_delay_ms': found \"fast\", expected a whole number of milliseconds such as 600 (0 for no pause)"
        );
        let (_, p) = problem("mode = \"norml\"\n");
        assert!(p.to_string().contains("\"normal\" or \"misere\""), "{p}");
        let (_, p) = problem("ai_delay_ms = -5\n");
        assert!(p.to_string().contains("found -5"), "{p}");
        let (_, p) = problem("token = \"\"\n");
        assert!(p.to_string().contains("one character"), "{p}");
        let (_, p) = problem("keys = 3\n");
        assert!(p.to_string().contains("a table of commands"), "{p}");
        let (_, p) = problem("[keys]\nhint = \"h\"\n");
        assert!(p.to_string().contains("a list of key names"), "{p}");
    }

    #[test]
    fn theme_names_old_and_new() {
        for name in ["auto", "dark", "light", "high-contrast", "high-contrast-light", "mono", "default"] {
            assert_eq!(parse_str(&format!("theme = \"{name}\"\n")).unwrap().theme, name);
        }
        let (line, p) = problem("mode = \"normal\"\ntheme = \"solarized\"\n");
        assert_eq!(line, 2);
        assert_eq!(
            p.to_string(),
            "unknown theme 'solarized': the themes are 'auto', 'dark', 'light', 'high-contrast', \
             'high-contrast-light', 'mono'"
        );
        let (_, p) = problem("theme = \"lihgt\"\n");
        assert!(p.to_string().contains("did you mean 'light'?"), "{p}");
        // Outside a terminal (as here) and with COLORFGBG unread, auto is decided by the closure.
        let auto = parse_str("").unwrap();
        if std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) {
            assert_eq!(auto.theme(|| Background::Light).name, "light");
            assert_eq!(auto.theme(|| Background::Dark).name, "dark");
        }
    }

    #[test]
    fn glyph_settings() {
        let settings = parse_str("glyphs = \"ascii\"\n").unwrap();
        assert_eq!(settings.glyphs, GlyphSet::Ascii);
        let glyphs = settings.glyphs();
        assert_eq!((glyphs.token.as_str(), glyphs.marked.as_str(), glyphs.xor.as_str()), ("o", "x", "^"));
        let settings = parse_str("glyphs = \"unicode\"\ntoken = \"o\"\n").unwrap();
        assert_eq!((settings.glyphs().token.as_str(), settings.glyphs().marked.as_str()), ("o", "x"));
        let settings = parse_str("glyphs = \"unicode\"\ntoken = \"■\"\nmarked = \"·\"\n").unwrap();
        assert_eq!((settings.glyphs().token.as_str(), settings.glyphs().marked.as_str()), ("■", "·"));
        assert_eq!(parse_str("glyphs = \"unicode\"\n").unwrap().glyphs().cursor, "▶");

        let (line, p) = problem("mode = \"normal\"\nglyphs = \"emoji\"\n");
        assert_eq!(line, 2);
        assert_eq!(
            p.to_string(),
            "bad value for 'glyphs': found \"emoji\", expected \"auto\", \"unicode\", \"cjk\" or \"ascii\""
        );
        for bad in ["\"\"", "\"oo\"", "\" \"", "\"\\u001b\"", "\"\u{200b}\"", "3"] {
            for setting in ["token", "marked"] {
                let (_, p) = problem(&format!("{setting} = {bad}\n"));
                let text = p.to_string();
                assert!(text.starts_with(&format!("bad value for '{setting}'")), "{setting} = {bad}: {text}");
                assert!(text.contains("\"auto\" or one character"), "{setting} = {bad}: {text}");
            }
        }
    }

    #[test]
    fn key_problems_point_at_the_key() {
        let (line, p) = problem("[keys]\nhint = [\"h\",\n  \"ctlr-x\"]\n");
        assert_eq!(line, 3);
        assert!(p.to_string().contains("unknown key 'ctlr-x'"), "{p}");
        let (line, p) = problem("[keys]\nhint = [\"x\"]\nquit = [\"q\", \"x\"]\n");
        assert_eq!(line, 3);
        assert!(p.to_string().contains("'hint' and 'quit'"), "{p}");
        let (line, p) = problem("[keys]\n\nquit = [\"h\"]\n");
        assert_eq!(line, 3);
        assert!(p.to_string().contains("'hint' has that key by default"), "{p}");
        let (_, p) = problem("[keys]\nhint = [\"5\"]\n");
        assert!(p.to_string().contains("digits"), "{p}");
        let (_, p) = problem("[keys]\nhint = [\"ctrl-c\"]\n");
        assert!(p.to_string().contains("ctrl-c always quits"), "{p}");
        assert!(parse_str("[keys]\nquit = [\"ctrl-c\", \"q\"]\n").is_ok());
    }

    #[test]
    fn broken_toml_has_a_line() {
        let (line, p) = problem("mode = \"normal\"\nfirst = \n");
        assert_eq!(line, 2);
        assert!(matches!(p, Problem::Syntax(_)));
    }

    #[test]
    fn flags_beat_the_file() {
        let mut config = parse_str("mode = \"normal\"\nheaps = \"random\"\n").unwrap();
        let args = GameArgs {
            heaps: Some("2,3".into()),
            mode: Some(Mode::Misere),
            first: Some(First::Ai),
            ai_delay: Some(0),
            level: Some(Level::Easy),
            ..GameArgs::default()
        };
        config.apply_flags(&args).unwrap();
        assert_eq!(config.heaps, HeapChoice::Custom(vec![2, 3]));
        assert_eq!(config.level, Level::Easy);
        assert_eq!((config.mode, config.first, config.ai_delay_ms), (Mode::Misere, First::Ai, 0));
        let bad = GameArgs { heaps: Some("3,0".into()), ..GameArgs::default() };
        assert!(config.apply_flags(&bad).is_err());
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("mdoe", "mode"), 1);
        assert_eq!(edit_distance("mode", "mode"), 0);
        assert_eq!(edit_distance("ai_delay", "ai_delay_ms"), 3);
        assert_eq!(
            did_you_mean("ai_delay", settings().iter().copied()),
            Hint(Some("did you mean 'ai_delay_ms'?".into()))
        );
        assert_eq!(did_you_mean("xyz", settings().iter().copied()), Hint(None));
    }
}
