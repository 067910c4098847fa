//! The JSON contract of `solve --json` (#36): every game answers a heap of u64::MAX within the
//! schema, numbers past u64::MAX are strings of digits, the shipped schema lets a reader meet
//! fields it does not name (as the README promises), and `solve --schema` prints it.

use serde_json::Value;

use crate::support::solve::solve;

/// Every game `--game` names (the presets are subtraction games), and heaps of u64::MAX in the
/// number each takes.
const GAMES: [(&str, usize); 12] = [
    ("nim", 3),
    ("moore:2", 3),
    ("moore:8", 2),
    ("subtraction:1,3,4", 2),
    ("bachet", 1),
    ("lasker", 2),
    ("kayles", 2),
    ("dawson", 2),
    ("wythoff", 2),
    ("fibonacci", 1),
    ("euclid", 2),
    ("ruler", 1),
];

#[test]
fn every_game_at_u64_max_answers_within_the_schema() {
    let max = u64::MAX.to_string();
    for (game, heaps) in GAMES {
        let mut args = vec!["--json", "--limit", "3", "--game", game];
        args.extend(std::iter::repeat_n(max.as_str(), heaps));
        // `solve` checks each line against the schema (support/solve.rs), closed to unnamed fields.
        let out = solve(&args, "");
        assert_eq!(out.status.code(), Some(0), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let line = String::from_utf8(out.stdout).unwrap();
        let value: Value = serde_json::from_str(line.trim()).unwrap();
        assert_eq!(value["heaps"], Value::Array(vec![Value::from(u64::MAX); heaps]), "{game}: {line}");
    }
}

/// Euclid's game at the top of `u64`: (u64::MAX, u64::MAX) empties either number (two winning
/// moves), and (u64::MAX, u64::MAX - 1) is lost (ratio just above 1, below φ), with the AI's one
/// move as its best try; both within the schema.
#[test]
fn euclid_at_u64_max_is_exact_within_the_schema() {
    let (max, less) = (u64::MAX.to_string(), (u64::MAX - 1).to_string());
    let out = solve(&["--json", "--game", "euclid", &max, &max], "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["outcome"], "win", "{value}");
    assert_eq!(value["count"], 2, "{value}");
    assert_eq!(
        value["moves"],
        serde_json::json!([{"heap": 1, "take": u64::MAX}, {"heap": 2, "take": u64::MAX}])
    );
    let out = solve(&["--json", "--game", "euclid", &max, &less], "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["outcome"], "lose", "{value}");
    assert_eq!(value["best_try"], serde_json::json!({"heap": 1, "take": u64::MAX - 1}), "{value}");
}

/// The ruler game at the top of `u64`: a run is written by its two ends (`{"run":[right,left]}`,
/// the schema's sixth shape), so a winning run of 2^64-1 coins is one short line; each run listed
/// leaves a nim-sum of 0 (the XOR of the ruler function over a run, by prefix XORs, Gray codes).
#[test]
fn ruler_at_u64_max_names_runs_by_their_ends_within_the_schema() {
    use nim_tui::engine::{gray, ruler};
    let max = u64::MAX;
    for heaps in [vec![1u64 << 63, max], vec![1, max], vec![max, (1 << 63) + 1, 6]] {
        let mut args = vec!["--json".to_string(), "--game".into(), "ruler".into()];
        args.extend(heaps.iter().map(u64::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = solve(&args, "");
        assert_eq!(out.status.code(), Some(0), "{heaps:?}: {}", String::from_utf8_lossy(&out.stderr));
        let value: Value = serde_json::from_slice(&out.stdout).unwrap();
        let sum = heaps.iter().fold(0, |x, &n| x ^ ruler(n));
        assert_eq!(value["grundy_sum"], Value::from(sum), "{value}");
        let moves = value["moves"].as_array().unwrap();
        assert_eq!(value["count"], Value::from(moves.len()), "{value}");
        for mv in moves {
            let right = mv["run"][0].as_u64().unwrap();
            let left = mv["run"][1].as_u64().unwrap();
            assert!(heaps.contains(&right) && 1 <= left && left <= right, "{mv}");
            assert_eq!(gray(right) ^ gray(left - 1), sum, "{mv} leaves a nim-sum of 0");
        }
    }
    // Heads at 2^63 (worth 2^63) and 2^64-1 (worth 1): two winning runs, one of two coins and
    // one of 2^64-2 coins, each a line's few bytes.
    let out = solve(&["--json", "--game", "ruler", &(1u64 << 63).to_string(), &max.to_string()], "");
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["moves"],
        serde_json::json!([{"run": [1u64 << 63, (1u64 << 63) - 1]}, {"run": [max, 2]}]),
        "{value}"
    );
    // Heads at 1 and 2^64-1 are worth 1 each: lost, and the AI turns the leftmost head alone.
    let out = solve(&["--json", "--game", "ruler", "1", &max.to_string()], "");
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["best_try"], serde_json::json!({"run": [1, 1]}), "{value}");
}

/// Northcott's game at the top of `u64`: rows of width 2^64-1, counters at either end (a gap of
/// 2^64-3) and in the middle; each winning slide (`{"row":r,"to":s}`, the schema's seventh shape)
/// leaves gaps of nim-sum 0, a retreat among them when one is left and there is room; a lost
/// board's best try is a legal slide; a board that is not one is refused with exit code 2.
#[test]
fn northcott_at_u64_max_slides_within_the_schema() {
    use nim_tui::engine::northcott::decode;
    use nim_tui::engine::{Board, Slide};
    let max = u64::MAX;
    let boards: [Vec<u64>; 3] = [
        vec![1, 2, 2, max, 1, max, max, max / 2, max / 2 + 3],
        vec![2, 4, 1, max, 2, max - 1, max, 5, 9],
        vec![1, 1, 1, max, 1, max, max, 1, max],
    ];
    for heaps in boards {
        let mut args = vec!["--json".to_string(), "--game".into(), "northcott".into()];
        args.extend(heaps.iter().map(u64::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = solve(&args, "");
        assert_eq!(out.status.code(), Some(0), "{heaps:?}: {}", String::from_utf8_lossy(&out.stderr));
        let value: Value = serde_json::from_slice(&out.stdout).unwrap();
        let board: Board = decode(&heaps).unwrap();
        let gaps = board.gaps();
        assert_eq!(value["grundy"], serde_json::json!(gaps), "{value}");
        assert_eq!(value["grundy_sum"], Value::from(board.nim_sum()), "{value}");
        let slide = |mv: &Value| Slide {
            row: mv["row"].as_u64().unwrap() as usize - 1,
            to: mv["to"].as_u64().unwrap(),
        };
        let moves = value["moves"].as_array().unwrap();
        assert_eq!(moves.len(), board.winning_slides().len(), "{value}");
        for mv in moves {
            let mut after = board.clone();
            after.play(slide(mv)).unwrap_or_else(|e| panic!("{mv}: {e}"));
            assert_eq!(after.nim_sum(), 0, "{mv} leaves a nim-sum of 0");
        }
        if board.nim_sum() == 0 {
            assert_eq!(value["outcome"], "lose", "{value}");
            board.clone().play(slide(&value["best_try"])).expect("the best try is legal");
        }
    }
    // Black's counter left of White's: not a board.
    let out = solve(&["--game", "northcott", "1", "2", "2", "9", "5", "4"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("row 1"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_grundy_value_past_u64_max_is_a_string_of_digits() {
    let max = u64::MAX.to_string();
    let out = solve(&["--json", "--game", "lasker", &max], "");
    assert_eq!(out.status.code(), Some(0));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    // g(2^64-1) = 2^64 in Lasker's Nim: the heap is 3 mod 4.
    assert_eq!(value["grundy"], serde_json::json!(["18446744073709551616"]), "{value}");
    assert_eq!(value["grundy_sum"], serde_json::json!("18446744073709551616"), "{value}");
    // A value that fits stays a number.
    let out = solve(&["--json", "--game", "lasker", "5"], "");
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(value["grundy"][0].is_u64() && value["grundy_sum"].is_u64(), "{value}");
}

#[test]
fn the_shipped_schema_lets_a_reader_meet_an_added_field_and_the_tests_do_not() {
    let line: Value = serde_json::from_str(
        r#"{"version":1,"game":"nim","mode":"normal","heaps":[1],"nim_sum":1,"outcome":"win","count":1,"moves":[{"heap":1,"take":1}],"added_later":true}"#,
    )
    .unwrap();
    let (schemas, index) = crate::support::schema::compile(false);
    assert!(schemas.validate(&line, index).is_ok(), "a field added within version 1 is refused");
    let (schemas, index) = crate::support::schema::compile(true);
    assert!(schemas.validate(&line, index).is_err(), "the tests' closed schema lets an unnamed field by");
}

#[test]
fn solve_schema_prints_the_shipped_schema() {
    let out = solve(&["--schema"], "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), nim_tui::solve::SCHEMA);
    let printed: Value = serde_json::from_str(nim_tui::solve::SCHEMA).unwrap();
    assert_eq!(printed["$id"], "urn:nim-tui:solve:1");
}

/// Misère Kayles at the top of u64 answers within the schema (closed to unnamed fields here),
/// with each row's element of the misère quotient, their product and the losing elements; one pin
/// alone is lost (whoever knocks it down knocks down the last pin), and the JSON says why.
#[test]
fn misere_kayles_at_u64_max_answers_within_the_schema_with_its_quotient() {
    use nim_tui::engine::MisereKayles;
    let max = u64::MAX.to_string();
    let out = solve(&["--json", "--limit", "3", "--game", "kayles", "--mode", "misere", &max, &max, "3"], "");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (row, three) = (MisereKayles.element(u64::MAX).name(), MisereKayles.element(3).name());
    assert_eq!(value["quotient"], serde_json::json!([row, row, three]), "{value}");
    let product = MisereKayles.product(&[u64::MAX, u64::MAX, 3]);
    assert_eq!(value["quotient_product"], product.name(), "{value}");
    assert_eq!(value["quotient_p"].as_array().map(Vec::len), Some(9), "{value}");
    assert_eq!(value["outcome"], if product.is_p() { "lose" } else { "win" }, "{value}");
    let out = solve(&["--json", "--game", "kayles", "--mode", "misere", "1"], "");
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["outcome"], "lose", "{value}");
    assert_eq!(value["quotient"], serde_json::json!(["a"]), "{value}");
    assert_eq!(value["best_try"], serde_json::json!({"heap": 1, "pins": [1]}), "{value}");
}
