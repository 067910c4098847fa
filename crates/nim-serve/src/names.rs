//! Who a connection is: the SSH user name made into a player's name that is safe to show on
//! anyone's screen, and unique among the people on the server.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The widest name, in terminal columns (a suffix for a clash included).
pub const NAME_COLUMNS: usize = 20;

/// The name given to a user name with nothing printable in it, or one that would pose as the
/// teacher, the AI, the server or "you".
const NOBODY: &str = "player";

/// Words a name cannot have as one of its words, whatever their case or look: each is a marker
/// the lobby puts beside a name ("(teacher)", "(you)"), or a name the server itself uses.
const RESERVED: [&str; 11] =
    ["teacher", "you", "ai", "server", "admin", "root", "nim-tui", "老师", "教师", "你", "服务器"];

/// How long a name stays its owner's after the connection ends: someone else who asks for it
/// meanwhile gets a suffix, and the owner coming back from the same address gets it back.
pub const GRACE: Duration = Duration::from_secs(120);

/// Characters that draw nothing (or nothing a reader can tell): dropped from names.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A character that looks like a Latin letter or an ASCII sign, as that letter or sign: the
/// fullwidth forms, and the Cyrillic and Greek letters drawn as Latin ones. Brackets of every
/// kind are made spaces (`None`), so that no name carries a marker such as "(teacher)".
fn fold(c: char) -> Option<char> {
    let c = match u32::from(c) {
        // Fullwidth ASCII: ！ to ～.
        code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap_or(c),
        _ => c,
    };
    const PAIRS: &[(char, char)] = &[
        ('а', 'a'),
        ('е', 'e'),
        ('о', 'o'),
        ('р', 'p'),
        ('с', 'c'),
        ('у', 'y'),
        ('х', 'x'),
        ('і', 'i'),
        ('ј', 'j'),
        ('ѕ', 's'),
        ('ԁ', 'd'),
        ('һ', 'h'),
        ('ԛ', 'q'),
        ('ԝ', 'w'),
        ('ӏ', 'l'),
        ('А', 'A'),
        ('В', 'B'),
        ('Е', 'E'),
        ('К', 'K'),
        ('М', 'M'),
        ('Н', 'H'),
        ('О', 'O'),
        ('Р', 'P'),
        ('С', 'C'),
        ('Т', 'T'),
        ('Х', 'X'),
        ('У', 'Y'),
        ('І', 'I'),
        ('Ј', 'J'),
        ('Ѕ', 'S'),
        ('α', 'a'),
        ('ο', 'o'),
        ('ν', 'v'),
        ('ι', 'i'),
        ('κ', 'k'),
        ('ρ', 'p'),
        ('τ', 't'),
        ('υ', 'u'),
        ('Α', 'A'),
        ('Β', 'B'),
        ('Ε', 'E'),
        ('Ζ', 'Z'),
        ('Η', 'H'),
        ('Ι', 'I'),
        ('Κ', 'K'),
        ('Μ', 'M'),
        ('Ν', 'N'),
        ('Ο', 'O'),
        ('Ρ', 'P'),
        ('Τ', 'T'),
        ('Υ', 'Y'),
        ('Χ', 'X'),
    ];
    if let Some(&(_, latin)) = PAIRS.iter().find(|(look, _)| *look == c) {
        return Some(latin);
    }
    if matches!(c, '(' | ')' | '（' | '）' | '【' | '】' | '〔' | '〕') {
        return None;
    }
    Some(c)
}

/// Whether one of `name`'s words is a reserved one.
fn poses(name: &str) -> bool {
    let lower = name.to_lowercase();
    lower
        .split(|c: char| {
            c.is_whitespace()
                || matches!(c, '-' | '_' | '.' | ',' | ':' | '\'' | '"' | '/' | '·' | '[' | ']' | '{' | '}' | '<' | '>')
        })
        .any(|word| RESERVED.contains(&word))
        || lower == "nim-tui"
        // Chinese is written without spaces: "李老师" is Teacher Li.
        || ["老师", "教师", "服务器"].iter().any(|w| lower.contains(w))
}

/// `user` made safe to show: control, bidi and zero-width characters dropped (not escaped: a
/// name is for people to read, and `\u{202e}` in a lobby reads as noise), white space runs made
/// one space, trimmed, and cut to [`NAME_COLUMNS`] columns on a character boundary. Never empty.
pub fn safe_name(user: &str) -> String {
    let mut out = String::new();
    let mut space = false;
    // A user name of megabytes costs no more than a short one: only the first characters count.
    for c in user.chars().take(NAME_COLUMNS * 8) {
        if (nim_tui::text::needs_escape(c) || invisible(c)) && !c.is_whitespace() {
            continue;
        }
        let c = fold(c).unwrap_or(' ');
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    let cut = cut_to(&out, NAME_COLUMNS);
    if cut.is_empty() || poses(&cut) { NOBODY.to_string() } else { cut }
}

/// At most `columns` columns of `text`, cut between graphemes (so that no accent is left alone).
fn cut_to(text: &str, columns: usize) -> String {
    let mut out = String::new();
    for grapheme in text.graphemes(true) {
        if out.width() + grapheme.width() > columns {
            break;
        }
        out.push_str(grapheme);
    }
    out.trim_end().to_string()
}

/// Who holds a name.
struct Holder {
    name: String,
    id: u64,
    ip: IpAddr,
    kill: Arc<dyn Fn() + Send + Sync>,
    teacher: bool,
}

/// Who asks for a name: the connection, its address, the way to end it, and whether it is a
/// teacher's (logged in with a teacher's key).
pub struct Claim {
    pub id: u64,
    pub ip: IpAddr,
    pub kill: Arc<dyn Fn() + Send + Sync>,
    pub teacher: bool,
}

/// The names in use on the server now, and those just given back (for [`GRACE`]).
#[derive(Default)]
pub struct Registry {
    /// By the name folded to lower case, who has it.
    taken: Mutex<HashMap<String, Holder>>,
    /// By the name folded to lower case, the address that had it and when it was given back.
    left: Mutex<HashMap<String, (IpAddr, Instant)>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registry").field("taken", &self.all()).finish()
    }
}

impl Registry {
    /// Takes `wanted` (already safe) for `claim`. A student coming back under her name from the
    /// address that holds it takes it over at once, and the connection holding it is ended: a
    /// student whose connection dropped (Wi-Fi, a closed lid) is back as herself, at her game,
    /// without waiting for the server to find the old connection dead, which can take a minute
    /// when its packets just stop. (Two students of one name behind one address therefore
    /// cannot both be on: the second sign-in ends the first.) A teacher's second connection
    /// (the console on one screen, the projector on another) ends nothing and gets a suffix.
    /// Anyone else gets `wanted-2`, `wanted-3`…, cut so that the whole stays within
    /// [`NAME_COLUMNS`], as does anyone asking for a name given back less than [`GRACE`] ago
    /// from another address. Names differing only in case clash, so that "Alice" and "alice"
    /// cannot pass for each other.
    pub fn take(&self, wanted: &str, claim: Claim) -> String {
        let Claim { id, ip, kill, teacher } = claim;
        let mut taken = self.taken.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut left = self.left.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        left.retain(|_, (_, at)| now.duration_since(*at) < GRACE);
        let key = wanted.to_lowercase();
        if let Some(old) = taken.get(&key).filter(|h| h.ip == ip && h.id != id && !h.teacher && !teacher) {
            tracing::info!(%ip, name = %old.name, old = old.id, new = id, "the name's owner is back: the old connection is ended");
            (old.kill)();
            taken.insert(key, Holder { name: wanted.to_string(), id, ip, kill, teacher });
            return wanted.to_string();
        }
        let free = |candidate: &str| {
            let key = candidate.to_lowercase();
            !taken.contains_key(&key) && left.get(&key).is_none_or(|(owner, _)| *owner == ip)
        };
        let mut candidate = wanted.to_string();
        let mut n = 1u64;
        while !free(&candidate) {
            n += 1;
            let suffix = format!("-{n}");
            candidate = format!("{}{suffix}", cut_to(wanted, NAME_COLUMNS - suffix.len()));
        }
        left.remove(&candidate.to_lowercase());
        taken.insert(candidate.to_lowercase(), Holder { name: candidate.clone(), id, ip, kill, teacher });
        candidate
    }

    /// Gives a name back when connection `id` ends (unless someone took it over since).
    pub fn release(&self, name: &str, id: u64) {
        let mut taken = self.taken.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let key = name.to_lowercase();
        if let Some(holder) = taken.get(&key).filter(|h| h.id == id) {
            let ip = holder.ip;
            taken.remove(&key);
            let mut left = self.left.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if left.len() < 100_000 {
                left.insert(key, (ip, Instant::now()));
            }
        }
    }

    /// The names in use, sorted.
    pub fn all(&self) -> Vec<String> {
        let mut names: Vec<String> =
            self.taken.lock().map(|t| t.values().map(|h| h.name.clone()).collect()).unwrap_or_default();
        names.sort();
        names
    }

    /// How many names are in use.
    pub fn len(&self) -> usize {
        self.taken.lock().map_or(0, |t| t.len())
    }

    /// Whether nobody is on the server.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_safe_and_short() {
        assert_eq!(safe_name("alice"), "alice");
        assert_eq!(safe_name("  al  \t ice "), "al ice");
        assert_eq!(safe_name("\u{1b}[31mred"), "[31mred");
        assert_eq!(safe_name("a\u{202e}b\u{200b}c"), "abc");
        assert_eq!(safe_name(""), "player");
        assert_eq!(safe_name("\u{7}\u{1b}"), "player");
        assert_eq!(safe_name(&"x".repeat(1000)).width(), NAME_COLUMNS);
        // Wide characters count two columns each.
        assert_eq!(safe_name(&"数".repeat(30)).width(), NAME_COLUMNS);
        assert!(safe_name(&"e\u{301}".repeat(30)).width() <= NAME_COLUMNS);
    }

    fn claim(id: u64, n: u8) -> Claim {
        Claim { id, ip: IpAddr::from([127, 0, 0, n]), kill: Arc::new(|| {}), teacher: false }
    }

    fn teachers(id: u64, n: u8) -> Claim {
        Claim { teacher: true, ..claim(id, n) }
    }

    #[test]
    fn a_clash_gets_a_suffix_within_the_width() {
        let names = Registry::default();
        assert_eq!(names.take("bob", claim(1, 1)), "bob");
        assert_eq!(names.take("bob", claim(2, 2)), "bob-2");
        assert_eq!(names.take("Bob", claim(3, 3)), "Bob-3");
        let long = "y".repeat(NAME_COLUMNS);
        assert_eq!(names.take(&long, claim(4, 1)), long);
        let second = names.take(&long, claim(5, 2));
        assert_eq!(second.width(), NAME_COLUMNS);
        assert!(second.ends_with("-2"));
        names.release("bob", 1);
        // Given back: another address waits out the grace, its owner's address does not.
        assert_eq!(names.take("bob", claim(6, 9)), "bob-4");
        assert_eq!(names.take("bob", claim(7, 1)), "bob");
    }

    #[test]
    fn a_student_back_from_her_address_takes_her_name_over_at_once_and_ends_the_old_connection() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let names = Registry::default();
        let ended = Arc::new(AtomicBool::new(false));
        let first = Claim {
            kill: Arc::new({
                let ended = ended.clone();
                move || ended.store(true, Ordering::SeqCst)
            }),
            ..claim(1, 1)
        };
        assert_eq!(names.take("zoe", first), "zoe");
        // Just after her last key, from her address: zoe, and the old connection is ended.
        assert_eq!(names.take("Zoe", claim(2, 1)), "Zoe");
        assert!(ended.load(Ordering::SeqCst), "the old connection was kept");
        assert_eq!(names.all(), ["Zoe"]);
        // The old connection's end gives nothing back: the name is the new one's.
        names.release("zoe", 1);
        assert_eq!(names.all(), ["Zoe"]);
        // From another address: someone else.
        assert_eq!(names.take("zoe", claim(3, 2)), "zoe-2");
        // A teacher's second connection ends nothing.
        assert_eq!(names.take("smith", teachers(4, 1)), "smith");
        assert_eq!(names.take("smith", teachers(5, 1)), "smith-2");
        assert_eq!(names.len(), 4);
    }

    #[test]
    fn no_name_poses_as_the_teacher_you_or_the_ai() {
        for posing in [
            "Mr Smith (teacher)",
            "alice (you)",
            "alice （你）",
            "Smith（老师）",
            "ai",
            "AI",
            "Тeacher",
            "ｔｅａｃｈｅｒ",
            "bob [you]",
            "\u{3164}",
            "\u{2800}\u{2800}",
            "\u{115F}\u{200B}",
        ] {
            assert_eq!(safe_name(posing), "player", "{posing:?}");
        }
        // Look-alike letters are folded: a Cyrillic "а" is an "a", and clashes as one.
        assert_eq!(safe_name("аlice"), "alice");
        assert_eq!(safe_name("Yousef"), "Yousef");
        assert_eq!(safe_name("zoe"), "zoe");
    }
}
