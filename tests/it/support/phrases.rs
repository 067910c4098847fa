//! The English left on a screen meant to be Chinese: shared by the game's and the server's tests.

/// The English phrases left in `text`: two ASCII words of three letters or more in a row, once
/// what is not prose is set aside (paths, `VAR=value`, the program's name, game keys).
pub fn english_phrases(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let prose: Vec<&str> = line
            .split_whitespace()
            .filter(|w| !w.contains('/') && !w.contains('=') && !w.contains("nim-tui") && !w.contains('$'))
            .collect();
        let mut run = Vec::new();
        for word in prose.join(" ").split(|c: char| !c.is_ascii_alphabetic()) {
            if word.len() >= 3 && !matches!(word, "Nim" | "AI") {
                run.push(word);
                if run.len() >= 2 {
                    found.push(format!("{:?} in {line:?}", run.join(" ")));
                    break;
                }
            } else if !word.is_empty() {
                run.clear();
            }
        }
    }
    found
}
