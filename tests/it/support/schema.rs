//! Every JSON object `solve --json` writes, checked against the shipped schema
//! (assets/solve.schema.json), compiled once.
//!
//! The shipped schema lets a reader meet fields it does not name (fields may be added within a
//! version); the tests check the program more strictly, against the schema with every object
//! closed (`"additionalProperties": false` added to each), so that the program writes no field
//! the schema does not document.

use std::sync::OnceLock;

/// The shipped schema, as a reader compiles it (`strict` false), or closed for the tests.
pub fn compile(strict: bool) -> (boon::Schemas, boon::SchemaIndex) {
    let mut document: serde_json::Value =
        serde_json::from_str(nim_tui::solve::SCHEMA).expect("the schema is JSON");
    if strict {
        close_objects(&mut document);
    }
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler.add_resource("urn:nim-tui:solve:1", document).expect("the schema loads");
    let index = compiler.compile("urn:nim-tui:solve:1", &mut schemas).expect("the schema compiles");
    (schemas, index)
}

/// Adds `"additionalProperties": false` to every object schema that names its properties.
fn close_objects(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            if map.get("type").and_then(serde_json::Value::as_str) == Some("object")
                && map.contains_key("properties")
            {
                map.insert("additionalProperties".into(), serde_json::Value::Bool(false));
            }
            map.values_mut().for_each(close_objects);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(close_objects),
        _ => {}
    }
}

fn schema() -> &'static (boon::Schemas, boon::SchemaIndex) {
    static SCHEMA: OnceLock<(boon::Schemas, boon::SchemaIndex)> = OnceLock::new();
    SCHEMA.get_or_init(|| compile(true))
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
