//! The bot protocol, version 1: one JSON object per line, each with a `type`.
//!
//! Broadside writes `hello`, `start`, `decide` and `end`; the bot writes `hello` (its name),
//! then for each `decide` any number of `info` lines and one `action`. The full description,
//! with an example session, is `docs/bots.md`; a change to a message is a new version.

use broadside_env::{Action, Game, Player};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// Broadside's first line: who is asking and in which protocol.
#[derive(Debug, Serialize)]
pub struct Hello {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub protocol: u32,
    pub engine: &'static str,
}

impl Hello {
    pub fn new() -> Self {
        Hello {
            kind: "hello",
            protocol: PROTOCOL_VERSION,
            engine: concat!("broadside ", env!("CARGO_PKG_VERSION")),
        }
    }
}

impl Default for Hello {
    fn default() -> Self {
        Self::new()
    }
}

/// A legal action as the bot sees it.
#[derive(Debug, Serialize)]
pub struct LegalAction {
    pub index: Action,
    pub name: &'static str,
    pub text: String,
}

/// The `start` message of a game: the ruleset, the bot's side, the time control and the
/// names of the observation's features (so `decide` messages can name them).
pub fn start<G: Game>(
    state: &G,
    side: Player,
    decision_ms: u64,
    game_ms: Option<u64>,
    scenario: Option<&str>,
) -> Value {
    let spec = state.spec();
    json!({
        "type": "start",
        "ruleset": spec.name,
        "title": spec.title,
        "scenario": scenario,
        "catalogue_version": spec.version,
        "side": side,
        "decision_ms": decision_ms,
        "game_ms": game_ms,
        "features": {
            "global": spec.obs.global_features,
            "entity": spec.obs.entity_features,
            "max_entities": spec.obs.max_entities,
            "planes": spec.obs.plane_channels,
            "plane_shape": [spec.obs.plane_rows, spec.obs.plane_cols],
        },
    })
}

/// The `decide` message: everything `player` may know now and nothing more (its
/// observation, the ruleset's view of the position from its side, the legal actions) and
/// the time it has left.
#[derive(Debug)]
pub struct Decide<'a> {
    pub decision: usize,
    pub time_left_ms: u64,
    pub game_left_ms: Option<u64>,
    pub planes: bool,
    pub view: Option<&'a Value>,
}

/// Builds the `decide` message for `player` to move in `state`.
pub fn decide<G: Game>(state: &G, player: Player, d: &Decide<'_>) -> Value {
    let spec = state.spec();
    let mut obs = broadside_env::Observation::new(&spec.obs);
    state.observe(player, &mut obs);
    let global: Map<String, Value> = spec
        .obs
        .global_features
        .iter()
        .zip(obs.global.iter())
        .map(|(n, v)| (n.to_string(), json!(v)))
        .collect();
    let entities: Vec<Value> = obs
        .entities
        .rows()
        .into_iter()
        .map(|row| {
            let m: Map<String, Value> = spec
                .obs
                .entity_features
                .iter()
                .zip(row.iter())
                .map(|(n, v)| (n.to_string(), json!(v)))
                .collect();
            Value::Object(m)
        })
        .collect();
    let mut observation = json!({ "global": global, "entities": entities });
    if d.planes {
        let planes: Map<String, Value> = spec
            .obs
            .plane_channels
            .iter()
            .zip(obs.planes.outer_iter())
            .map(|(n, p)| {
                let rows: Vec<Vec<f32>> = p.rows().into_iter().map(|r| r.to_vec()).collect();
                (n.to_string(), json!(rows))
            })
            .collect();
        observation["planes"] = Value::Object(planes);
    }
    let legal: Vec<LegalAction> = state
        .legal_actions()
        .iter()
        .map(|a| LegalAction {
            index: a,
            name: spec.action_name(a),
            text: state.describe_action(a),
        })
        .collect();
    json!({
        "type": "decide",
        "decision": d.decision,
        "side": player,
        "time_left_ms": d.time_left_ms,
        "game_left_ms": d.game_left_ms,
        "legal": legal,
        "observation": observation,
        "view": d.view,
    })
}

/// The `end` message: the game's result from the bot's side, and why it ended early.
pub fn end(returns: [f64; 2], side: Player, reason: Option<&str>) -> Value {
    let mine = returns[side as usize % 2];
    let result = if mine > 0.0 {
        "win"
    } else if mine < 0.0 {
        "loss"
    } else {
        "draw"
    };
    json!({ "type": "end", "returns": returns, "result": result, "reason": reason })
}

/// What a bot's line says.
#[derive(Debug, Clone, PartialEq)]
pub enum FromBot {
    /// The handshake: the bot's name, its protocol version and whether it wants planes.
    Hello {
        name: String,
        protocol: u64,
        planes: bool,
    },
    /// Its own evaluation, for people: shown by `play --why` and the board.
    Info(String),
    /// Its decision: a catalogue index, or a legal action's name.
    Action(ActionRef),
}

/// How a bot named its action.
#[derive(Debug, Clone, PartialEq)]
pub enum ActionRef {
    Index(u64),
    Name(String),
}

/// Reads one line from a bot; `Err` says what is wrong with it.
pub fn parse_line(line: &str) -> Result<FromBot, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    let kind = v
        .get("type")
        .and_then(Value::as_str)
        .ok_or("no \"type\" field")?;
    match kind {
        "hello" => Ok(FromBot::Hello {
            name: v
                .get("name")
                .and_then(Value::as_str)
                .ok_or("a hello without a \"name\"")?
                .chars()
                .take(80)
                .collect(),
            protocol: v
                .get("protocol")
                .and_then(Value::as_u64)
                .ok_or("a hello without a \"protocol\" number")?,
            planes: v.get("planes").and_then(Value::as_bool).unwrap_or(false),
        }),
        "info" => {
            let mut text = match v.get("text").and_then(Value::as_str) {
                Some(t) => t.to_string(),
                None => String::new(),
            };
            // Any other fields (a value, a best line) are shown as they were sent.
            if let Value::Object(m) = &v {
                for (k, x) in m.iter().filter(|(k, _)| *k != "type" && *k != "text") {
                    text.push_str(&format!(" {k}={x}"));
                }
            }
            Ok(FromBot::Info(text.trim().chars().take(500).collect()))
        }
        "action" => match v.get("action") {
            Some(Value::Number(n)) => n
                .as_u64()
                .map(|i| FromBot::Action(ActionRef::Index(i)))
                .ok_or_else(|| format!("an action that is not an index: {n}")),
            Some(Value::String(s)) => Ok(FromBot::Action(ActionRef::Name(s.clone()))),
            _ => Err("an action message without an \"action\" index or name".into()),
        },
        other => Err(format!("unknown message type `{}`", truncate(other, 40))),
    }
}

/// `text` cut to `n` characters, for error messages.
pub fn truncate(text: &str, n: usize) -> String {
    let cut: String = text.chars().take(n).collect();
    if cut.len() < text.len() {
        format!("{cut}...")
    } else {
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lines_are_read_or_refused_with_the_reason() {
        assert_eq!(
            parse_line(r#"{"type":"action","action":7}"#),
            Ok(FromBot::Action(ActionRef::Index(7)))
        );
        assert_eq!(
            parse_line(r#"{"type":"action","action":"pass"}"#),
            Ok(FromBot::Action(ActionRef::Name("pass".into())))
        );
        assert_eq!(
            parse_line(r#"{"type":"hello","name":"b","protocol":1}"#),
            Ok(FromBot::Hello {
                name: "b".into(),
                protocol: 1,
                planes: false
            })
        );
        match parse_line(r#"{"type":"info","text":"ahead","value":0.5}"#) {
            Ok(FromBot::Info(t)) => assert_eq!(t, "ahead value=0.5"),
            other => panic!("{other:?}"),
        }
        for bad in [
            "",
            "garbage",
            "{}",
            r#"{"type":"action","action":-1}"#,
            r#"{"type":"x"}"#,
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
