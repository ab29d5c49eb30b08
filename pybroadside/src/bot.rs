//! The bot protocol's `decide` message from Python: what a Python function playing in
//! `broadside.arena` receives, the same dictionary a `cmd:` bot reads (`docs/bots.md`), so
//! one function plays inside Python and under `broadside arena` alike.

use broadside_agents::bot::agent::redrawn_view;
use broadside_agents::bot::protocol::{decide, Decide};
use broadside_env::Turn;
use pyo3::prelude::*;

use crate::errors::value_error;
use crate::game::PyGame;
use crate::state::PyState;

/// The `decide` message for the player to move in `game`, as JSON text.
#[pyfunction]
#[pyo3(signature = (game, decision=0, time_left_ms=5000))]
pub fn bot_request(
    game: PyRef<'_, PyGame>,
    decision: usize,
    time_left_ms: u64,
) -> PyResult<String> {
    let PyState::Any(state) = &game.state else {
        return Err(value_error("bot messages are for the rulesets' games"));
    };
    let Turn::Player(p) = broadside_env::Game::turn(state) else {
        return Err(value_error(
            "no player acts here: the game is at a chance node or over",
        ));
    };
    let view = redrawn_view(state, p);
    let d = Decide {
        decision,
        time_left_ms,
        game_left_ms: None,
        planes: false,
        view: view.as_ref(),
    };
    Ok(decide(state, p, &d).to_string())
}
