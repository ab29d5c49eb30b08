//! Helpers the test binaries share: a Python bot over the bot protocol, written to a fresh
//! folder (`bot_protocol.rs`, `play/tactics_forfeit.rs`).

#![allow(dead_code)]

use std::path::PathBuf;

/// The protocol's handshake and a first-legal answer, in Python, with `BODY` run on each
/// `decide` before answering (`msg` is the request; `say(obj)` writes a line); the `end`
/// message it gets is written to `end.json` beside the script.
pub fn bot_script(body: &str) -> String {
    format!(
        r#"import json, os, subprocess, sys, time
here = os.path.dirname(os.path.abspath(__file__))
def say(o):
    sys.stdout.write(json.dumps(o) + "\n"); sys.stdout.flush()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        say({{"type": "hello", "name": "test-bot", "protocol": 1}})
    elif msg["type"] == "decide":
{body}
        say({{"type": "info", "text": "first legal"}})
        say({{"type": "action", "action": msg["legal"][0]["index"]}})
    elif msg["type"] == "end":
        open(os.path.join(here, "end.json"), "w").write(line)
        break
"#
    )
}

/// Writes the bot to a fresh folder (its path marks every process it starts).
pub fn write_bot(body: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bot.py");
    std::fs::write(&path, bot_script(body)).expect("the bot is written");
    (dir, path)
}
