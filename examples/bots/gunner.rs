//! The Rust twin of `gunner.py`: an aggressive bot for every Broadside ruleset over the bot
//! protocol v1 (docs/bots.md). It prefers the legal actions that fight (fire, board, target,
//! counter, re-roll), avoids those that give way (hold fire, halt, stop, decline), and picks
//! among the best with its own small random generator.
//!
//!     cargo build -p broadside-training --example gunner
//!     broadside arena --agent cmd:target/debug/examples/gunner --agent random

use std::io::{BufRead, Write};

use serde_json::{json, Value};

const FIGHT: [&str; 13] = [
    "fire",
    "board",
    "target",
    "counter",
    "capture",
    "destroy",
    "reroll",
    "fortune",
    "attack:crew",
    "aim:hull",
    "close:",
    "return:fire",
    "opp:",
];
const YIELD: [&str; 13] = [
    "hold", "halt", "stop", "anchor", "no-", "none", "decline", "pass", "resign", "cancel", "keep",
    "end", "done",
];

/// How much the bot likes an action, from its catalogue name.
fn worth(name: &str) -> f64 {
    if let Some(t) = name.strip_prefix("fire-at-least:") {
        // WS&IM: fire at any hit-table value (the lower the threshold, the more shots).
        return 3.0 - t.parse::<f64>().unwrap_or(9.0) / 10.0;
    }
    let reload = name.starts_with("load:any") || name.starts_with("crew:reload");
    if reload || FIGHT.iter().any(|w| name.contains(w)) {
        2.0
    } else if YIELD.iter().any(|w| name.contains(w)) {
        -1.0
    } else {
        0.0
    }
}

/// xorshift64*: the bot's own seeded choices.
fn next(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

fn main() {
    let mut out = std::io::stdout().lock();
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(msg) = serde_json::from_str::<Value>(&line) else {
            break;
        };
        let reply = match msg["type"].as_str() {
            Some("hello") => vec![json!({"type": "hello", "name": "gunner-rs", "protocol": 1})],
            Some("start") => {
                rng ^= msg["side"].as_u64().unwrap_or(0) + 1;
                vec![]
            }
            Some("decide") => {
                let legal = msg["legal"].as_array().cloned().unwrap_or_default();
                let name = |a: &Value| a["name"].as_str().unwrap_or("").to_string();
                let best = legal
                    .iter()
                    .map(|a| worth(&name(a)))
                    .fold(f64::MIN, f64::max);
                let picks: Vec<&Value> = legal.iter().filter(|a| worth(&name(a)) == best).collect();
                let pick = picks[(next(&mut rng) % picks.len().max(1) as u64) as usize];
                vec![
                    json!({"type": "info", "text": format!("liked {best} of {} actions", legal.len())}),
                    json!({"type": "action", "action": pick["index"]}),
                ]
            }
            _ => break,
        };
        for r in reply {
            if writeln!(out, "{r}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
    }
}
