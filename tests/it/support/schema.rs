//! Every JSON object `solve --json` writes, checked against the shipped schema
//! (assets/solve.schema.json), compiled once.

use std::sync::OnceLock;

fn schema() -> &'static (boon::Schemas, boon::SchemaIndex) {
    static SCHEMA: OnceLock<(boon::Schemas, boon::SchemaIndex)> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let document: serde_json::Value =
            serde_json::from_str(nim_tui::solve::SCHEMA).expect("the schema is JSON");
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        compiler.add_resource("urn:nim-tui:solve:1", document).expect("the schema loads");
        let index = compiler.compile("urn:nim-tui:solve:1", &mut schemas).expect("the schema compiles");
        (schemas, index)
    })
}

/// Panics, naming the line and what is wrong, unless `line` is one valid object of the schema.
pub fn check_line(line: &str) {
    let value: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    let (schemas, index) = schema();
    if let Err(e) = schemas.validate(&value, *index) {
        panic!("not valid against assets/solve.schema.json: {e:#}\n{line}");
    }
}

/// [`check_line`] for every line of `text`.
pub fn check_lines(text: &str) {
    text.lines().for_each(check_line);
}
