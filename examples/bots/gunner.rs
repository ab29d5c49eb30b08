//! The Rust twin of `gunner.py` (protocol v1, docs/bots.md): `cmd:target/debug/examples/gunner`.
use serde_json::{json, Value};
const FIGHT: &str = "fire board target counter capture destroy reroll fortune attack:crew \
                     aim:hull close: return:fire opp: load:any crew:reload clock:";
const YIELD: &str = "hold halt stop anchor no- none decline pass resign cancel keep end done first";
const SPEEDS: &str = "order:astern order:stop order:slow order:half order:full"; // Togo's
/// Giving way -1 (first); fighting 2 (+ dice, - to-hit, - index: PoE's long clock); PoE: dice.
fn worth(name: &str, text: &str) -> f64 {
    let has = |words: &str| words.split_whitespace().any(|w| name.contains(w));
    let number = |h: &str| h[h.trim_end_matches(|c: char| c.is_ascii_digit()).len()..].parse();
    let before = |end| number(&text[..text.find(end).unwrap_or(0)]).unwrap_or(0.0);
    let k = number(name).unwrap_or(0.0);
    let dice = f64::from(name.contains(":dice:")) * (k + 1.0) / 10.0;
    let fight = 2.0 + 0.05 * before(" dice") - 0.02 * before("+") - 0.01 * k - dice;
    dice - f64::from(has(YIELD)) + f64::from(has(FIGHT) && !has(YIELD)) * fight
}
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
    let h = find(s, &["heading"], "heading").or(find(s, &["facing"], "facing").map(|f| 60.0 * f));
    let (x, y) = at(["x", "y"]).or(hex)?;
    Some([x, y, h.unwrap_or(0.0)])
}
/// How well a move or turn aims its ship at `bearing`; a turn alone costs a move.
fn aim(name: &str, heading: f64, bearing: f64) -> f64 {
    let digits = &name[name.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let deg = digits.parse().ok().filter(|d| *d >= 10.0).unwrap_or(60.0); // else a hex side
    let has = |w: [&str; 4]| f64::from(w.iter().any(|w| name.contains(w)));
    let turn = deg * (has(["stbd", "right", ":R", ":cw"]) - has(["port", "left", ":L", "ccw"]));
    (heading + turn - bearing).to_radians().cos() - 0.2 * has(["turn", ":L", ":R", "turn"])
}
/// Heading, bearing (`gunner.py`'s `steer`; PoE's wind: where it blows, our goal) and Togo's wish.
fn goal(msg: &Value, game: &mut (Option<f64>, bool)) -> Option<[f64; 3]> {
    let (state, mine, legal) = (&msg["view"]["state"], Some(&msg["side"]), &msg["legal"]);
    let n = state["num_ships"].as_u64().or(state["n_ships"].as_u64())?;
    let ships = state["ships"].as_array()?.get(..n as usize)?;
    let prize = |s: &&Value| s["warship"] == json!(false);
    let own = |s: &&Value| s.get("owner").or(s.get("side")) == mine;
    let afloat = |s: &&Value| !own(s) && s["status"].as_u64() < Some(1);
    let them = Vec::from_iter(ships.iter().filter(afloat));
    let num = |t: &str| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok();
    let text = |a: &Value| a["text"].as_str()?.split("ship ").skip(1).find_map(num);
    let named = legal.as_array()?.iter().find_map(text);
    let first = ships.iter().position(|s| own(&s) && s["status"] == 0);
    let poe = named.is_none() && state["exit"].is_object(); // PoE's wind names no ship: our first
    let wind = state["wind_from"].as_f64().filter(|_| poe);
    let acting = named.or(state["act"]["ship"].as_u64().map(|s| s as usize));
    let me = &ships.get(if wind.is_some() { first } else { acting }?)?;
    let (prizes, exit) = (them.iter().any(prize), json!({ "hex": state["exit"] }));
    let (merchant, at) = (prize(me) && state["exit"].is_object(), place(me)?);
    let goals = Vec::from_iter(them.iter().filter(|s| !prizes || prize(s)).copied());
    let goals = if merchant { vec![&exit] } else { goals };
    let d = |g: [f64; 3]| (g[0] - at[0]).hypot(g[1] - at[1]);
    let near = |p: &[f64; 3], q: &[f64; 3]| d(*p).total_cmp(&d(*q));
    let g = goals.iter().filter_map(|s| place(s)).min_by(near)?;
    let b = (g[0] - at[0]).atan2(g[1] - at[1]).to_degrees();
    let start = game.0.get_or_insert(d(g));
    let abeam = state.get("map").is_none() && game.1 && !merchant && d(g) < 0.6 * *start;
    let side = [-90.0, 90.0][usize::from((b - at[2]).rem_euclid(360.0) < 180.0)];
    let heading = wind.map_or(at[2], |w| 60.0 * w + 180.0); // the wind blows the other way
    let wish = 2.0 + f64::from(d(g) > 8e3) + f64::from(d(g) > 18e3); // inches: full, half, slow
    Some([heading, b - side * f64::from(abeam), wish])
}
fn main() {
    let mut game = (None, false);
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let msg: Value = serde_json::from_str(&line).unwrap_or_default();
        let legal = msg["legal"].as_array().cloned().unwrap_or_default();
        let n = |a: &Value| a["name"].as_str().unwrap_or("").to_string();
        let shot = |a: &Value| n(a).starts_with("fire") || n(a).starts_with("target");
        game.1 |= legal.iter().any(shot) && msg["view"]["ruleset"] != "togo"; // guns bear all round
        let target = goal(&msg, &mut game);
        let w = Vec::from_iter(legal.iter().map(|a| {
            let (name, w) = (n(a), worth(&n(a), a["text"].as_str().unwrap_or("")));
            let moving = "move turn sail leg wind".contains(name.split(':').next().unwrap());
            let steer = target.filter(|_| moving && w == 0.0);
            let speed = SPEEDS.split(' ').position(|l| l == name).zip(target);
            w + 0.9 * steer.map_or(0.0, |t| aim(&name, t[0], t[1]))
                - speed.map_or(0.0, |(r, t)| (r as f64 - t[2]).abs())
        }));
        let picks = Vec::from_iter((0..w.len()).filter(|&i| w.iter().all(|&x| x <= w[i] + 1e-9)));
        let p = picks.get(line.len() % picks.len().max(1)); // ties: varied, reproducible
        let reply = match msg["type"].as_str() {
            Some("hello") => json!({"type": "hello", "name": "gunner-rs", "protocol": 1}),
            Some("decide") => json!({"type": "action", "action": p.map(|&i| &legal[i]["index"])}),
            _ => continue, // `start`, `end`: the input closes after `end`
        };
        let _ = std::io::Write::write_all(&mut std::io::stdout(), format!("{reply}\n").as_bytes());
    }
}
