//! The `cmd:` agent spec: `cmd:[time=SECONDS] [game=SECONDS] [log=DIR] PROGRAM ARG...`.
//!
//! Everything after `cmd:` is the bot's command line, split into words the way a shell
//! would split plain words and quotes (`'...'`, `"..."`), but run without a shell: no
//! variables, globs or pipes. Leading `time=`, `game=` and `log=` words are the time
//! control and the stderr log folder, as `env VAR=VALUE PROGRAM` puts settings first.

use serde::{Deserialize, Serialize};

use crate::spec::{AgentSpec, SpecError};

/// The per-decision limit when `time=` is left out.
pub const DEFAULT_DECISION_MS: u64 = 5000;
/// The longest limit `time=` or `game=` may set: an hour.
pub const MAX_LIMIT_MS: u64 = 3_600_000;

/// A bot program and its time control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandSpec {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Milliseconds the bot may take for one decision.
    pub decision_ms: u64,
    /// Milliseconds the bot may take for all its decisions in a game; `None`: no budget.
    pub game_ms: Option<u64>,
    /// Where the bot's stderr log goes; `None`: `$BROADSIDE_BOT_LOGS`, else
    /// `broadside-bots/` in the system's temporary folder.
    pub log_dir: Option<String>,
    /// The scenario the bot's games are played in, for its `start` message: set by whoever
    /// knows it ([`AgentSpec::for_scenario`]), never part of the spec's text.
    #[serde(skip)]
    pub scenario: Option<String>,
}

fn bad(spec: &str, key: &str, value: &str, expected: &str) -> SpecError {
    SpecError::BadValue {
        spec: spec.into(),
        key: key.into(),
        value: value.into(),
        expected: expected.into(),
    }
}

/// Seconds (a decimal) to milliseconds, from 1 ms to [`MAX_LIMIT_MS`].
fn limit_ms(spec: &str, key: &str, v: &str) -> Result<u64, SpecError> {
    v.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite())
        .map(|s| (s * 1000.0).round())
        .filter(|ms| (1.0..=MAX_LIMIT_MS as f64).contains(ms))
        .map(|ms| ms as u64)
        .ok_or_else(|| bad(spec, key, v, "seconds from 0.001 to 3600"))
}

impl CommandSpec {
    /// Parses what follows `cmd:` in `spec`.
    pub fn parse(spec: &str, rest: &str) -> Result<Self, SpecError> {
        let words = split_words(rest).map_err(|e| bad(spec, "command", rest, &e))?;
        let mut c = CommandSpec {
            argv: Vec::new(),
            decision_ms: DEFAULT_DECISION_MS,
            game_ms: None,
            log_dir: None,
            scenario: None,
        };
        let mut seen: Vec<&str> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let Some((k, v)) = words[i].split_once('=') else {
                break;
            };
            let key = match k {
                "time" => "time",
                "game" => "game",
                "log" => "log",
                _ => break,
            };
            if seen.contains(&key) {
                return Err(bad(spec, key, v, "each key once"));
            }
            seen.push(key);
            match key {
                "time" => c.decision_ms = limit_ms(spec, key, v)?,
                "game" => c.game_ms = Some(limit_ms(spec, key, v)?),
                _ if v.is_empty() => return Err(bad(spec, key, v, "a folder")),
                _ => c.log_dir = Some(v.to_string()),
            }
            i += 1;
        }
        c.argv = words[i..].to_vec();
        if c.argv.is_empty() {
            return Err(bad(
                spec,
                "command",
                rest,
                "a program to run, e.g. `cmd:python3 examples/bots/broadside_bot.py`",
            ));
        }
        Ok(c)
    }

    /// The command line as it would be written after `cmd:` (settings first).
    pub fn to_spec_text(&self) -> String {
        let mut words = Vec::new();
        if self.decision_ms != DEFAULT_DECISION_MS {
            words.push(format!("time={}", seconds(self.decision_ms)));
        }
        if let Some(g) = self.game_ms {
            words.push(format!("game={}", seconds(g)));
        }
        if let Some(d) = &self.log_dir {
            words.push(quote(&format!("log={d}")));
        }
        words.extend(self.argv.iter().map(|w| quote(w)));
        words.join(" ")
    }
}

impl AgentSpec {
    /// This spec for games of the scenario `id`: a `cmd:` bot is told it in its `start`
    /// message; other agents do not need it (it changes nothing else).
    pub fn for_scenario(mut self, id: &str) -> Self {
        if let AgentSpec::Command(c) = &mut self {
            c.scenario = Some(id.to_string());
        }
        self
    }
}

/// Milliseconds as seconds, without trailing zeros.
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{}", ms as f64 / 1000.0)
    }
}

/// A word as it must be written to be read back as one word.
fn quote(w: &str) -> String {
    if !w.is_empty() && !w.contains(|c: char| c.is_whitespace() || c == '\'' || c == '"') {
        w.to_string()
    } else if !w.contains('\'') {
        format!("'{w}'")
    } else {
        format!("\"{w}\"")
    }
}

/// Splits a command line into words: whitespace separates, quotes group (no escapes).
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!(
            "a command line with its quotes closed (an unclosed {q})"
        ));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_come_first_and_the_rest_is_the_command_line() {
        let c = CommandSpec::parse("s", "time=0.5 game=60 python3 'my bot.py' --fast").unwrap();
        assert_eq!(c.argv, ["python3", "my bot.py", "--fast"]);
        assert_eq!((c.decision_ms, c.game_ms), (500, Some(60_000)));
        let again = CommandSpec::parse("s", &c.to_spec_text()).unwrap();
        assert_eq!(again, c);
        // A setting after the program is the program's argument.
        let c = CommandSpec::parse("s", "./bot time=3").unwrap();
        assert_eq!((c.argv.len(), c.decision_ms), (2, DEFAULT_DECISION_MS));
        for bad in [
            "",
            "time=2",
            "time=0 ./bot",
            "time=x ./bot",
            "./bot 'open",
            "time=1 time=2 b",
        ] {
            assert!(
                matches!(
                    CommandSpec::parse("s", bad),
                    Err(SpecError::BadValue { .. })
                ),
                "{bad}"
            );
        }
    }
}
