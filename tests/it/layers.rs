//! The shape of the code: modules import only from the layers below them, and no two files import
//! each other, however indirectly (so no two modules either). Read from the source's `crate::`,
//! `super::` and `self::` paths, braces of `use` trees included, so a new upward import or a new
//! cycle fails here before it tangles the code again.
//!
//! A file is a node: `src/ui/board.rs`, `src/ui/mod.rs`. A path names the file of its longest
//! prefix that is one (`crate::ui::layout::hit` is `src/ui/layout.rs`, `crate::app::Game` is
//! `src/app/mod.rs`). A module file's use of its own children by their bare names (`play::update`
//! in `app/mod.rs`) is how Rust declares the tree and is not counted; any other path is. Tests
//! (`#[cfg(test)] mod tests`) and comments are not read. The crates under `crates/` are read the
//! same way, each on its own.
//!
//! The engine is a crate of its own (`crates/nim-engine`), so the compiler keeps it from importing
//! the program; it is still layer 0 here, reached as `crate::engine` (the re-export in `lib.rs`) or
//! as `nim_engine`. What this file checks of the engine itself is its list of dependencies.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// Each top-level module and its layer, lowest first. A module may use modules of a lower layer,
/// and of its own layer as long as no cycle forms.
const LAYERS: &[(&str, u8)] = &[
    // The `nim-engine` crate, re-exported as `crate::engine`.
    ("engine", 0),
    ("domain", 1),
    ("text", 1),
    ("words", 1),
    ("i18n", 1),
    ("files", 2),
    ("paths", 2),
    ("log", 2),
    ("keys", 2),
    ("theme", 2),
    ("serve_settings", 2),
    ("rating", 2),
    ("store", 3),
    ("record", 3),
    ("config", 3),
    ("cli", 3),
    ("puzzle", 3),
    ("solve", 3),
    ("app", 4),
    ("ui", 5),
    ("session", 6),
    ("tui", 7),
    ("plain", 7),
    ("local", 7),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|(_, layer)| *layer)
        .unwrap_or_else(|| panic!("module '{module}' has no layer: add it to LAYERS in tests/layers.rs"))
}

/// One source file: where it is, and the module it is (`["ui", "board"]`).
struct File {
    path: PathBuf,
    module: Vec<String>,
    /// The module paths it names, made absolute (`super::look::Look` in `ui/board.rs` is
    /// `["ui", "look", "Look"]`).
    uses: Vec<Vec<String>>,
}

/// The source roots: `src/` and each crate's `src/` under `crates/`.
fn roots() -> Vec<PathBuf> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![top.join("src")];
    if let Ok(crates) = std::fs::read_dir(top.join("crates")) {
        let mut more: Vec<PathBuf> =
            crates.map(|e| e.expect("an entry").path().join("src")).filter(|p| p.is_dir()).collect();
        more.sort();
        roots.extend(more);
    }
    roots
}

/// Every `.rs` file under `root` but the binary's `main.rs` (a crate of its own, which names the
/// library as `nim_tui::`), with its module and the paths it uses.
fn files(root: &Path) -> Vec<File> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path == root.join("main.rs") {
                continue;
            }
            let relative = path.strip_prefix(root).expect("under the root").with_extension("");
            let mut module: Vec<String> =
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            if matches!(module.last().map(String::as_str), Some("mod")) || module == ["lib"] {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            let uses = paths(&code(&text), &module);
            found.push(File { path, module, uses });
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    found
}

/// The code of a file without its test module.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path starting with `crate::`, `super::` or `self::` in `code`, made absolute from the
/// file of module `module` (and `nim_engine::`, which is `crate::engine`); a `use` tree with braces gives each of its paths. Inside an inline
/// `mod name { ... }`, `self` and `super` are read from that module. Comments (doc comments and
/// their links too) and string and character literals are skipped.
fn paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    // The module the code at hand is in, and for each inline module the depth of braces it opened.
    let mut here = module.to_vec();
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0;
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        match c {
            '"' => {
                at = string_end(&chars, at + 1, 0);
                continue;
            }
            '/' if chars.get(at + 1) == Some(&'/') => {
                at += chars[at..].iter().position(|&c| c == '\n').unwrap_or(chars.len() - at);
                continue;
            }
            '/' if chars.get(at + 1) == Some(&'*') => {
                let end = chars[at + 2..].windows(2).position(|w| w == ['*', '/']);
                at = end.map_or(chars.len(), |n| at + 2 + n + 2);
                continue;
            }
            '\'' => {
                // A character literal ('{', '\n', '\''), or a lifetime ('a), which has no closing
                // quote.
                at += match (chars.get(at + 1), chars.get(at + 2)) {
                    (Some('\\'), _) => {
                        let rest = &chars[(at + 3).min(chars.len())..];
                        3 + rest.iter().position(|&c| c == '\'').map_or(0, |n| n + 1)
                    }
                    (Some(_), Some('\'')) => 3,
                    _ => 1,
                };
                continue;
            }
            '{' => depth += 1,
            '}' => {
                if inline.last() == Some(&depth) {
                    inline.pop();
                    here.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        let starts_word = at == 0 || !(is_ident(chars[at - 1]) || chars[at - 1] == '$');
        let word: String = chars[at..].iter().take_while(|&&c| is_ident(c)).collect();
        if word.is_empty() || !starts_word {
            at += word.chars().count().max(1);
            continue;
        }
        let after = at + word.chars().count();
        // A raw string: r"...", r#"..."#, br"...".
        if matches!(word.as_str(), "r" | "br") && matches!(chars.get(after), Some('"' | '#')) {
            let hashes = chars[after..].iter().take_while(|&&c| c == '#').count();
            at = string_end(&chars, after + hashes + 1, hashes);
            continue;
        }
        if word == "mod" {
            let mut next = after;
            while chars.get(next).is_some_and(|c| c.is_whitespace()) {
                next += 1;
            }
            let name: String = chars[next..].iter().take_while(|&&c| is_ident(c)).collect();
            next += name.chars().count();
            while chars.get(next).is_some_and(|c| c.is_whitespace()) {
                next += 1;
            }
            if !name.is_empty() && chars.get(next) == Some(&'{') {
                depth += 1;
                inline.push(depth);
                here.push(name);
                at = next + 1;
                continue;
            }
        }
        let base = match word.as_str() {
            "crate" => Some(Vec::new()),
            "nim_engine" => Some(vec!["engine".to_string()]),
            "self" => Some(here.clone()),
            "super" => Some(here[..here.len().saturating_sub(1)].to_vec()),
            _ => None,
        };
        match base {
            Some(base) if chars[after..].starts_with(&[':', ':']) => {
                at = tree_at(&chars, after + 2, base, &mut found);
            }
            _ => at = after,
        }
    }
    found
}

/// Where a string literal that started before `at` ends: after its closing quote and, for a raw
/// string, its `hashes`.
fn string_end(chars: &[char], mut at: usize, hashes: usize) -> usize {
    while at < chars.len() {
        match chars[at] {
            '\\' if hashes == 0 => at += 2,
            '"' if chars[at + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                return at + 1 + hashes;
            }
            _ => at += 1,
        }
    }
    at
}

/// Reads the rest of a path (or a `use` tree) from `at`, after `prefix::`, into `out`, and
/// returns where it ends. `super` and `self` inside it move up or stay, as Rust reads them.
fn tree_at(chars: &[char], mut at: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let skip_space = |at: &mut usize| {
        while chars.get(*at).is_some_and(|c| c.is_whitespace()) {
            *at += 1;
        }
    };
    loop {
        skip_space(&mut at);
        match chars.get(at) {
            Some('{') => {
                at += 1;
                loop {
                    skip_space(&mut at);
                    match chars.get(at) {
                        Some('}') => return at + 1,
                        Some(',') => at += 1,
                        None => return at,
                        Some(_) => {
                            let before = at;
                            at = tree_at(chars, at, prefix.clone(), out);
                            if at == before {
                                at += 1;
                            }
                        }
                    }
                }
            }
            Some('*') => {
                out.push(prefix);
                return at + 1;
            }
            Some(&c) if is_ident(c) => {
                let word: String = chars[at..].iter().take_while(|&&c| is_ident(c)).collect();
                at += word.chars().count();
                match word.as_str() {
                    "super" => {
                        prefix.pop();
                    }
                    "self" => {}
                    "crate" => prefix.clear(),
                    _ => prefix.push(word),
                }
                if chars[at..].starts_with(&[':', ':']) {
                    at += 2;
                    continue;
                }
                out.push(prefix);
                // `Seat as Player`: the new name is not a path.
                let mut next = at;
                skip_space(&mut next);
                if chars[next..].starts_with(&['a', 's'])
                    && chars.get(next + 2).is_some_and(|c| c.is_whitespace())
                {
                    next += 2;
                    skip_space(&mut next);
                    next += chars[next..].iter().take_while(|&&c| is_ident(c)).count();
                    return next;
                }
                return at;
            }
            _ => {
                if !prefix.is_empty() {
                    out.push(prefix);
                }
                return at;
            }
        }
    }
}

/// The file graph: each file and the files it uses, named from the repository's top.
fn file_graph() -> BTreeMap<String, BTreeSet<String>> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let name = |path: &Path| path.strip_prefix(top).unwrap_or(path).to_string_lossy().replace('\\', "/");
    let mut graph = BTreeMap::new();
    for root in roots() {
        let files = files(&root);
        let by_module: BTreeMap<&[String], &Path> =
            files.iter().map(|f| (f.module.as_slice(), f.path.as_path())).collect();
        // The file of a path's longest prefix that is a module of its own (the crate root aside).
        let resolve =
            |path: &[String]| (1..=path.len()).rev().find_map(|n| by_module.get(&path[..n]).copied());
        for file in &files {
            let used: BTreeSet<String> = file
                .uses
                .iter()
                .filter_map(|path| resolve(path))
                .filter(|&target| target != file.path)
                .map(name)
                .collect();
            graph.insert(name(&file.path), used);
        }
    }
    graph
}

/// The module graph of `src/`: each top-level module and the top-level modules its files use.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files(&src) {
        let Some(module) = file.module.first() else { continue };
        let used = graph.entry(module.clone()).or_default();
        for path in &file.uses {
            if let Some(target) = path.first().filter(|t| *t != module) {
                used.insert(target.clone());
            }
        }
    }
    graph
}

/// Every cycle of `graph`, one per group of nodes that reach each other, as the shortest loop
/// through the group's first node.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's strongly connected components.
    struct Search<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        groups: Vec<Vec<&'a str>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, node: &'a str) {
            let i = self.index.len();
            self.index.insert(node, i);
            self.low.insert(node, i);
            self.stack.push(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let at = self.stack.iter().rposition(|&n| n == node).expect("on the stack");
                let group = self.stack.split_off(at);
                if group.len() > 1 {
                    self.groups.push(group);
                }
            }
        }
    }
    let mut search =
        Search { graph, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), groups: Vec::new() };
    for node in graph.keys() {
        if !search.index.contains_key(node.as_str()) {
            search.visit(node);
        }
    }
    search
        .groups
        .into_iter()
        .map(|group| {
            let start = *group.iter().min().expect("a node");
            // Breadth first within the group, back to the start.
            let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = VecDeque::from([start]);
            while let Some(node) = queue.pop_front() {
                for next in graph.get(node).into_iter().flatten().map(String::as_str) {
                    if !group.contains(&next) || came_from.contains_key(next) {
                        continue;
                    }
                    came_from.insert(next, node);
                    queue.push_back(next);
                }
                if came_from.contains_key(start) {
                    break;
                }
            }
            let mut cycle = vec![start.to_string()];
            let mut node = came_from[start];
            while node != start {
                cycle.push(node.to_string());
                node = came_from[node];
            }
            cycle.push(start.to_string());
            cycle.reverse();
            cycle
        })
        .collect()
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let mut upward = Vec::new();
    for (module, used) in module_graph() {
        for target in used {
            if layer(&target) > layer(&module) {
                upward.push(format!(
                    "{module} (layer {}) uses {target} (layer {})",
                    layer(&module),
                    layer(&target)
                ));
            }
        }
    }
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

#[test]
fn the_module_graph_has_no_cycle() {
    let found = cycles(&module_graph());
    let shown: Vec<String> = found.iter().map(|c| c.join(" → ")).collect();
    assert!(found.is_empty(), "import cycles between modules:\n{}", shown.join("\n"));
}

#[test]
fn no_two_files_use_each_other() {
    let found = cycles(&file_graph());
    let shown: Vec<String> = found.iter().map(|c| c.join(" → ")).collect();
    assert!(found.is_empty(), "files that reach each other (a cycle):\n{}", shown.join("\n"));
}

/// What the engine may depend on: serde (names and positions in files) and thiserror (its error
/// types). No terminal, no randomness, no I/O, and nothing of nim-tui.
const ENGINE_DEPENDENCIES: &[&str] = &["serde", "thiserror"];

/// The game a player runs carries no server: the SSH server, its crypto, the async runtime and
/// SQLite are the server's crate's alone (`crates/nim-serve`), as `cargo tree` resolves the game's
/// own dependencies.
#[test]
fn the_game_links_no_server() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["tree", "-e", "normal", "-p", "nim-tui", "--prefix", "none", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && tree.contains("ratatui"), "{}", String::from_utf8_lossy(&out.stderr));
    for server in ["russh ", "ring ", "tokio ", "libsqlite3-sys ", "rusqlite "] {
        assert!(!tree.lines().any(|line| line.starts_with(server)), "the game depends on {server}");
    }
}

#[test]
fn the_engine_depends_on_nothing_but_its_listed_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/nim-engine");
    let text = std::fs::read_to_string(root.join("Cargo.toml")).expect("the engine's manifest");
    let manifest: toml::Table = text.parse().expect("the engine's manifest is TOML");
    let dependencies: Vec<&str> = manifest
        .get("dependencies")
        .and_then(toml::Value::as_table)
        .map(|table| table.keys().map(String::as_str).collect())
        .unwrap_or_default();
    assert_eq!(dependencies, ENGINE_DEPENDENCIES, "the engine's [dependencies]");
    // A dependency can also come in for one platform, or through a build script.
    for key in ["target", "build-dependencies"] {
        assert!(!manifest.contains_key(key), "the engine's manifest has [{key}]");
    }
    let package = manifest.get("package").and_then(toml::Value::as_table).expect("[package]");
    assert!(
        !package.contains_key("build") && !root.join("build.rs").exists(),
        "the engine has a build script"
    );
}

#[test]
fn the_engine_names_nothing_of_the_program() {
    // The compiler refuses `nim_tui::` in the engine, which does not depend on it; this keeps its
    // comments and docs from pointing into the program's modules too.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/nim-engine/src");
    let mut named = Vec::new();
    for entry in std::fs::read_dir(&src).expect("the engine's src is readable") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (number, line) in text.lines().enumerate() {
            if line.contains("nim_tui") || line.contains("crate::engine") {
                named.push(format!("{}:{}: {}", path.display(), number + 1, line.trim()));
            }
        }
    }
    assert!(named.is_empty(), "the engine names the program:\n{}", named.join("\n"));
}

#[test]
fn the_graphs_are_read_from_the_source() {
    // A check that reads nothing passes everything: make sure the known edges are seen.
    let modules = module_graph();
    assert!(modules["app"].contains("engine") && modules["app"].contains("domain"));
    assert!(modules["store"].contains("domain"));
    assert!(modules["ui"].contains("app"));
    let files = file_graph();
    let uses = |from: &str, to: &str| files.get(from).is_some_and(|used| used.contains(to));
    // A braced `use super::{...}` path, a `crate::` path to a module file and one to a module's
    // item, and `self::` in a file that is not a `mod.rs`.
    assert!(uses("src/ui/board.rs", "src/ui/layout.rs"));
    assert!(uses("src/ui/board.rs", "src/ui/heaps.rs"));
    assert!(uses("src/ui/board.rs", "src/app/mod.rs"));
    assert!(uses("src/ui/panel/theory.rs", "src/ui/text.rs"));
    assert!(uses("src/store.rs", "src/domain/mod.rs"));
}

#[test]
fn a_cycle_is_found_and_named() {
    // The reader and the search on a made-up tree: `a/mod.rs` uses its child `b` only by its bare
    // name (not counted), `b` uses `c` through `super::`, and `c` uses `b` in a braced tree.
    let path = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert!(paths(&code("use b::X;\nfn f() { b::g() }"), &path(&["a"])).is_empty());
    assert_eq!(
        paths(&code("use super::c::Y; // crate::d"), &path(&["a", "b"])),
        vec![path(&["a", "c", "Y"])]
    );
    assert_eq!(
        paths(&code("use crate::{a::{self, b::Z}, e as f};\nuse super::super::g::*;"), &path(&["a", "c"])),
        vec![path(&["a"]), path(&["a", "b", "Z"]), path(&["e"]), path(&["g"])]
    );
    // Strings and comments are not code; an inline module moves `super` down a level.
    let text = "let s = \"https://x crate::a\"; /* crate::b */ let c = '\"';\nmod m { use super::z; }";
    assert_eq!(paths(&code(text), &path(&["a", "b"])), vec![path(&["a", "b", "z"])]);
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a/b.rs", vec!["a/c.rs"]), ("a/c.rs", vec!["a/b.rs", "a/mod.rs"]), ("a/mod.rs", vec![])]
            .into_iter()
            .map(|(node, used)| (node.to_string(), used.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(cycles(&graph), vec![path(&["a/b.rs", "a/c.rs", "a/b.rs"])]);
}
