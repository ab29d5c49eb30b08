//! The Rust twin of `gunner.py` (bot protocol v1, docs/bots.md; `cargo build -p
//! broadside-training --example gunner`, then `cmd:target/debug/examples/gunner`).

use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// Words in an action's name: fighting is worth 2, giving way -1, anything else 0.
const FIGHT: &str = "fire board target counter capture destroy reroll fortune attack:crew \
                     aim:hull close: return:fire opp: load:any crew:reload";
const YIELD: &str = "hold halt stop anchor no- none decline pass resign cancel keep end done";

fn worth(name: &str) -> f64 {
    let has = |words: &str| words.split_whitespace().any(|w| name.contains(w));
    match name.strip_prefix("fire-at-least:") {
        Some(t) => 3.0 - t.parse::<f64>().unwrap_or(9.0) / 10.0, // WS&IM: more shots, better
        None if has(FIGHT) => 2.0,
        None => -f64::from(u8::from(has(YIELD))),
    }
}

/// The number under `key` in the first object (depth first) in `v` with all of `keys`.
fn find(v: &Value, keys: &[&str], key: &str) -> Option<f64> {
    match v {
        Value::Object(m) if keys.iter().all(|k| m.contains_key(*k)) => m[key].as_f64(),
        Value::Object(m) => m.values().find_map(|x| find(x, keys, key)),
        Value::Array(a) => a.iter().find_map(|x| find(x, keys, key)),
        _ => None,
    }
}

/// (x east, y north, heading clockwise from north) of a ship: plane points or axial hexes.
fn place(s: &Value) -> Option<[f64; 3]> {
    let at = |k: [&str; 2]| find(s, &k, k[0]).zip(find(s, &k, k[1]));
    let hex = at(["q", "r"]).map(|(q, r)| (1.5 * q, -(r + q / 2.0) * 3f64.sqrt()));
    let (x, y) = at(["x", "y"]).or(hex)?;
    let face = find(s, &["facing"], "facing").map(|f| 60.0 * f);
    let heading = find(s, &["heading"], "heading").or(face);
    Some([x, y, heading.unwrap_or(0.0)])
}

/// Degrees clockwise a move or turn action turns its ship (a hex side if it names none).
fn turn_of(name: &str) -> f64 {
    let digits = &name[name.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let deg = digits.parse().ok().filter(|d| *d >= 10.0).unwrap_or(60.0);
    let has = |w: [&str; 3]| f64::from(u8::from(w.iter().any(|w| name.contains(w))));
    deg * (has(["stbd", "right", ":R"]) - has(["port", "left", ":L"]))
}

/// The acting ship: the first `ship N` in the legal actions' texts, else the view's `act`.
fn acting(msg: &Value, state: &Value) -> Option<usize> {
    let text = |l: &Value| Some(l["text"].as_str()?.split("ship ").nth(1)?.to_string());
    let Some(rest) = msg["legal"].as_array()?.iter().find_map(text) else {
        return state["act"]["ship"].as_u64().map(|s| s as usize);
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The acting ship's place and the bearing of its goal: the nearest enemy (a merchant: exit).
fn goal(msg: &Value) -> Option<([f64; 3], f64)> {
    let state = &msg["view"]["state"];
    let n = state["num_ships"].as_u64().or(state["n_ships"].as_u64())? as usize;
    let ships = state["ships"].as_array()?.get(..n)?;
    let (me, mut goals) = (ships.get(acting(msg, state)?)?, Vec::new());
    let foe = |s: &&Value| s.get("side").or(s.get("owner")) != Some(&msg["side"]);
    let afloat = |s: &&Value| s["status"].as_u64().unwrap_or(0) == 0;
    let prize = |s: &&Value| s["warship"] == json!(false); // merchants first, where any
    let prizes = ships.iter().filter(foe).filter(afloat).any(|s| prize(&s));
    let wanted = ships
        .iter()
        .filter(foe)
        .filter(afloat)
        .filter(|s| !prizes || prize(s));
    goals.extend(wanted.filter_map(place));
    if me["warship"] == json!(false) && state["exit"].is_object() {
        goals = Vec::from_iter(place(&json!({ "hex": state["exit"] })));
    }
    let at = place(me)?;
    let d = |g: &[f64; 3]| (g[0] - at[0]).hypot(g[1] - at[1]);
    let g = goals.into_iter().min_by(|p, q| d(p).total_cmp(&d(q)))?;
    Some((at, (g[0] - at[0]).atan2(g[1] - at[1]).to_degrees()))
}

/// The action's worth, plus for a move up to 0.9 for pointing the acting ship at its goal.
fn score(name: &str, target: Option<([f64; 3], f64)>) -> f64 {
    let moving = ["move", "turn", "sail", "leg"].contains(&name.split(':').next().unwrap_or(""));
    let steer = |(at, bearing): ([f64; 3], f64)| (at[2] + turn_of(name) - bearing).to_radians();
    let bonus = target.filter(|_| moving && worth(name) == 0.0);
    worth(name) + 0.9 * bonus.map_or(0.0, |t| steer(t).cos())
}

fn main() {
    let (mut out, mut rng) = (std::io::stdout().lock(), 0x9E37_79B9_7F4A_7C15u64);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let msg: Value = serde_json::from_str(&line).unwrap_or_default();
        let (legal, target) = (msg["legal"].as_array().cloned(), goal(&msg));
        let legal = legal.unwrap_or_default();
        let names = legal.iter().map(|a| a["name"].as_str().unwrap_or(""));
        let worths = Vec::from_iter(names.map(|name| score(name, target)));
        let best = worths.iter().copied().fold(f64::MIN, f64::max);
        rng = rng.wrapping_mul(0x5851_F42D_4C95_7F2D).wrapping_add(1); // an LCG: seeded choices
        let picks = Vec::from_iter((0..legal.len()).filter(|&i| worths[i] >= best - 1e-9));
        let reply = match msg["type"].as_str() {
            Some("hello") => vec![json!({"type": "hello", "name": "gunner-rs", "protocol": 1})],
            Some("start") => vec![],
            Some("decide") => vec![
                json!({"type": "info", "text": format!("liked {best:.2} of {} actions", legal.len())}),
                json!({"type": "action", "action": legal[picks[((rng >> 33) % picks.len() as u64) as usize]]["index"]}),
            ],
            _ => break,
        };
        let text: String = reply.iter().map(|r| format!("{r}\n")).collect();
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    }
}
