//! The server's tournament pairings (`nim_serve::pairing`) for a program to ask, one JSON object
//! a line on standard input, one answer a line on standard output: what
//! `scripts/pairing-oracle.py` compares with an independent implementation.
//!
//! `{"system": "berger", "n": 6, "round": 2}`, `{"system": "round_robin", "n": 6}` (every round
//! as the server plays them: `{"rounds": [...]}`) or `{"system": "swiss", "players": [{"score": 1,
//! "met": [3], "first_balance": 1, "last_first": true, "had_bye": false}, ...]}` (players in seed
//! order) → `{"pairs": [[first, second], ...], "bye": 4}` (`null` for none), or `{"none": true}`
//! when no round can be paired; a line that is not one of these → `{"error": "..."}`.

use std::io::{BufRead as _, Write as _};

use nim_serve::pairing::{Round, SwissPlayer, berger, round_robin, swiss};
use serde_json::{Value, json};

fn answer(line: &str) -> Result<Value, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let round = match v["system"].as_str() {
        Some("berger") => {
            let n = v["n"].as_u64().ok_or("n")? as usize;
            let r = v["round"].as_u64().ok_or("round")? as usize;
            Some(berger(n, r))
        }
        Some("round_robin") => {
            let n = v["n"].as_u64().ok_or("n")? as usize;
            let rounds: Vec<Value> = round_robin(n)
                .iter()
                .map(|r| json!({"pairs": r.pairs.iter().map(|p| [p.first, p.second]).collect::<Vec<_>>(), "bye": r.bye}))
                .collect();
            return Ok(json!({ "rounds": rounds }));
        }
        Some("swiss") => {
            let players = v["players"].as_array().ok_or("players")?;
            let players: Vec<SwissPlayer> = players
                .iter()
                .map(|p| SwissPlayer {
                    score: p["score"].as_u64().unwrap_or(0) as u32,
                    met: p["met"].as_array().map_or(Vec::new(), |m| {
                        m.iter().filter_map(Value::as_u64).map(|x| x as usize).collect()
                    }),
                    first_balance: p["first_balance"].as_i64().unwrap_or(0) as i32,
                    last_first: p["last_first"].as_bool(),
                    had_bye: p["had_bye"].as_bool().unwrap_or(false),
                })
                .collect();
            swiss(&players)
        }
        _ => return Err("system: berger, round_robin or swiss".into()),
    };
    Ok(match round {
        None => json!({"none": true}),
        Some(Round { pairs, bye }) => json!({
            "pairs": pairs.iter().map(|p| [p.first, p.second]).collect::<Vec<_>>(),
            "bye": bye,
        }),
    })
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = answer(&line).unwrap_or_else(|e| json!({"error": e}));
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
}
