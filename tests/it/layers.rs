//! The shape of the code: modules import only from the layers below them, and no two modules
//! import each other, however indirectly. Read from the source's `crate::` paths, so a new upward
//! import fails here before it tangles the middle again.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module and its layer, lowest first. A module may use modules of a lower layer,
/// and of its own layer as long as no cycle forms.
const LAYERS: &[(&str, u8)] = &[
    ("engine", 0),
    ("domain", 1),
    ("text", 1),
    ("files", 2),
    ("paths", 2),
    ("log", 2),
    ("keys", 2),
    ("theme", 2),
    ("store", 3),
    ("record", 3),
    ("config", 3),
    ("cli", 3),
    ("puzzle", 3),
    ("solve", 3),
    ("app", 4),
    ("ui", 5),
    ("tui", 6),
    ("session", 6),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|(_, layer)| *layer)
        .unwrap_or_else(|| panic!("module '{module}' has no layer: add it to LAYERS in tests/layers.rs"))
}

/// Every `crate::NAME` a module's files mention, outside comments.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let relative = path.strip_prefix(&src).expect("under src");
            let first = relative.components().next().expect("a name").as_os_str().to_string_lossy();
            let module = first.trim_end_matches(".rs").to_string();
            if module == "lib" || module == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            let used = graph.entry(module.clone()).or_default();
            for line in text.lines().map(str::trim).filter(|l| !l.starts_with("//")) {
                let mut rest = line;
                while let Some(at) = rest.find("crate::") {
                    rest = &rest[at + "crate::".len()..];
                    let name: String =
                        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if !name.is_empty() && name != module {
                        used.insert(name);
                    }
                }
            }
        }
    }
    graph
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let mut upward = Vec::new();
    for (module, used) in imports() {
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
fn the_import_graph_has_no_cycle() {
    let graph = imports();
    // Depth-first search with the path kept, so a cycle is reported as the loop it is.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
}

#[test]
fn the_graph_is_read_from_the_source() {
    // A check that reads nothing passes everything: make sure the known edges are seen.
    let graph = imports();
    assert!(graph["app"].contains("engine") && graph["app"].contains("domain"));
    assert!(graph["store"].contains("domain"));
    assert!(graph["ui"].contains("app"));
}
