//! The message files: every id in English is in Chinese and the reverse, every id is asked for
//! by the code, each file parses, and a Chinese message is Chinese (not an English sentence left
//! behind, and with full-width punctuation).

use std::collections::BTreeSet;
use std::path::Path;

use nim_tui::i18n::{self, LANGUAGES, Language};

/// Every `.rs` file's text under `dir`.
fn sources(dir: &Path, out: &mut String) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src is readable").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).expect("a source file is readable"));
        }
    }
}

#[test]
fn every_message_file_parses_and_defines_each_id_once() {
    for language in LANGUAGES {
        assert_eq!(i18n::problems(language), Vec::<String>::new(), "{}", language.tag());
    }
}

#[test]
fn every_id_is_in_every_language() {
    let english: BTreeSet<String> = i18n::ids(Language::English).into_iter().collect();
    for language in LANGUAGES {
        let other: BTreeSet<String> = i18n::ids(language).into_iter().collect();
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(missing.is_empty(), "ids in English missing in {}: {missing:?}", language.tag());
        assert!(extra.is_empty(), "ids in {} that English does not have: {extra:?}", language.tag());
    }
}

#[test]
fn every_id_is_asked_for_by_the_code() {
    // The program's code, the engine's registry, which names each game's messages, and the
    // server's, whose words are in the same files.
    let mut code = String::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    sources(&root.join("src"), &mut code);
    sources(&root.join("crates/nim-engine/src"), &mut code);
    sources(&root.join("crates/nim-serve/src"), &mut code);
    let unused: Vec<String> =
        i18n::ids(Language::English).into_iter().filter(|id| !code.contains(&format!("\"{id}\""))).collect();
    assert!(unused.is_empty(), "ids no code asks for (write each id whole, in quotes): {unused:?}");
}

#[test]
fn chinese_messages_are_chinese() {
    let mut problems = Vec::new();
    for id in i18n::ids(Language::English) {
        let en = i18n::text(Language::English, &id);
        let zh = i18n::text(Language::SimplifiedChinese, &id);
        if holds_an_english_phrase(&en) && en == zh {
            problems.push(format!("{id}: not translated: {zh}"));
        }
        if holds_an_english_phrase(&zh) && !zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
            problems.push(format!("{id}: English words and no Chinese: {zh}"));
        }
        for bad in [", ", ". ", "; ", "? ", "! "] {
            if zh.contains(bad) && zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
                problems
                    .push(format!("{id}: half-width {bad:?} in Chinese (use full-width punctuation): {zh}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether `text` holds two English words in a row (three letters or more each): a sentence.
fn holds_an_english_phrase(text: &str) -> bool {
    let words: Vec<&str> = text.split(|c: char| !c.is_ascii_alphabetic()).collect();
    let mut run = 0;
    for w in words {
        if w.len() >= 3 {
            run += 1;
            if run >= 2 {
                return true;
            }
        } else if !w.is_empty() {
            run = 0;
        }
    }
    false
}
