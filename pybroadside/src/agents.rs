//! Agents from Python: any agent spec (`random`, `bot:NAME`, `mcts:...`, `portfolio:...`)
//! built for a ruleset, choosing actions on [`PyGame`]s with the GIL released, and telling
//! why. Specs are checked as `broadside` checks them: they must build for the ruleset's own
//! game (its own bots and values), not only for the any-ruleset game.

use std::sync::Mutex;

use broadside_agents::{Agent, AgentSpec, KnownAgents, RandomAgent, SpecError};
use broadside_env::ruleset::{AnyGame, Registered, Ruleset};
use broadside_env::{Action, Game, Turn};
use pyo3::prelude::*;

use crate::errors::{value_error, PyResultExt};
use crate::game::PyGame;
use crate::state::{PyState, CONNECT_FOUR};

fn builds_for<R: Registered>(spec: &AgentSpec) -> Result<(), SpecError>
where
    R::Game: KnownAgents,
{
    spec.build::<R::Game>(0).map(drop)
}

macro_rules! own_ruleset_check {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// Builds `spec` for the own game of the ruleset called `ruleset`.
        fn build_for_ruleset(spec: &AgentSpec, ruleset: &str) -> Result<(), SpecError> {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return builds_for::<$ruleset>(spec);
            })*
            Ok(())
        }
    };
}
broadside_env::for_each_ruleset!(own_ruleset_check);

/// Parses `text` and checks that it builds for `ruleset` (Connect Four: `random` only).
pub fn parse_spec(text: &str, ruleset: &str) -> PyResult<AgentSpec> {
    let spec: AgentSpec = text
        .parse()
        .map_err(|e: SpecError| value_error(format!("agent `{text}`: {e}")))?;
    if ruleset == CONNECT_FOUR {
        return match spec {
            AgentSpec::Random { .. } => Ok(spec),
            _ => Err(value_error(format!(
                "agent `{text}`: Connect Four is played by `random` agents only here"
            ))),
        };
    }
    // The ruleset's own build first, so that an error names its own bots and values only;
    // networks load for the any-ruleset game only.
    match build_for_ruleset(&spec, ruleset) {
        Ok(()) => Ok(spec),
        Err(SpecError::Net { .. }) => {
            spec.build::<AnyGame>(0)
                .map_err(|e| value_error(format!("agent `{text}`: {e}")))?;
            Ok(spec)
        }
        Err(e) => Err(value_error(format!(
            "agent `{text}`: {e} (in a `{ruleset}` game)"
        ))),
    }
}

// Built once per agent: the size of the random agent's RNG state does not matter.
#[allow(clippy::large_enum_variant)]
enum Built {
    Any(Box<dyn Agent<AnyGame>>),
    ConnectFour(RandomAgent),
}

/// An agent built from a spec for one ruleset.
#[pyclass(module = "broadside._core", name = "Agent")]
pub struct PyAgent {
    ruleset: &'static str,
    spec: String,
    inner: Mutex<Built>,
}

impl std::fmt::Debug for PyAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyAgent")
            .field("ruleset", &self.ruleset)
            .field("spec", &self.spec)
            .finish()
    }
}

impl PyAgent {
    pub fn build(spec_text: &str, ruleset: &str, seed: u64) -> PyResult<Self> {
        let ruleset = crate::state::ruleset_names()
            .into_iter()
            .find(|r| *r == ruleset)
            .ok_or_else(|| {
                value_error(format!(
                    "unknown ruleset `{ruleset}` (known: {})",
                    crate::state::ruleset_names().join(", ")
                ))
            })?;
        let spec = parse_spec(spec_text, ruleset)?;
        let inner = if ruleset == CONNECT_FOUR {
            let own = match spec {
                AgentSpec::Random { seed } => seed,
                _ => {
                    return Err(value_error(
                        "Connect Four is played by `random` agents only",
                    ))
                }
            };
            Built::ConnectFour(RandomAgent::new(own.unwrap_or(seed)))
        } else {
            Built::Any(spec.build::<AnyGame>(seed).py()?)
        };
        Ok(PyAgent {
            ruleset,
            spec: spec.to_string(),
            inner: Mutex::new(inner),
        })
    }

    /// The agent's action in `state` for the player to act (checked legal).
    pub fn choose_state(&self, py: Python<'_>, state: &PyState) -> PyResult<Action> {
        if state.spec().name != self.ruleset {
            return Err(value_error(format!(
                "this agent plays {}, the game is {}",
                self.ruleset,
                state.spec().name
            )));
        }
        let Turn::Player(p) = state.turn() else {
            return Err(value_error(
                "no player acts here: the game is at a chance node or over",
            ));
        };
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| value_error("the agent failed in an earlier call"))?;
        let built = &mut *guard;
        let a = py.detach(|| match (built, state) {
            (Built::Any(agent), PyState::Any(g)) => Ok(agent.choose(g, p)),
            (Built::ConnectFour(agent), PyState::ConnectFour(g)) => {
                Ok(Agent::<broadside_env::connect_four::ConnectFour>::choose(
                    agent, g, p,
                ))
            }
            _ => Err(()),
        });
        let a = a.map_err(|()| value_error("the agent and the game are of different rulesets"))?;
        if !state.legal_actions().contains(a) {
            return Err(value_error(format!(
                "agent {} chose the illegal action {a}",
                self.spec
            )));
        }
        Ok(a)
    }
}

#[pymethods]
impl PyAgent {
    /// The agent of `spec` for `ruleset`; `seed` seeds what the spec leaves unseeded.
    #[new]
    #[pyo3(signature = (spec, ruleset, seed=0))]
    fn new(spec: &str, ruleset: &str, seed: u64) -> PyResult<Self> {
        Self::build(spec, ruleset, seed)
    }

    /// The spec in its normal form (as `broadside arena` names it).
    #[getter]
    fn spec(&self) -> String {
        self.spec.clone()
    }

    #[getter]
    fn ruleset(&self) -> &'static str {
        self.ruleset
    }

    /// The action the agent takes in `game` for the player to act.
    fn choose(&self, py: Python<'_>, game: &PyGame) -> PyResult<Action> {
        self.choose_state(py, &game.state)
    }

    /// Why the last choice was made, as lines for a person (empty for agents that cannot say).
    fn explain(&self) -> PyResult<Vec<String>> {
        let guard = self
            .inner
            .lock()
            .map_err(|_| value_error("the agent failed in an earlier call"))?;
        Ok(match &*guard {
            Built::Any(a) => a.explain(),
            Built::ConnectFour(a) => Agent::<broadside_env::connect_four::ConnectFour>::explain(a),
        })
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?}, ruleset={:?})", self.spec, self.ruleset)
    }
}
