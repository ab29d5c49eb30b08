//! One environment for the Python PettingZoo and Gymnasium classes: Broadside's own
//! [`Env`] (chance resolved inside from the episode's seed) over a [`Table`], with the
//! observation scratch kept between calls.

use broadside_env::{Env, EnvConfig, Game, Observation};
use numpy::PyArray1;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::PyResultExt;
use crate::game::PyGame;
use crate::obs::{action_in, mask_array, obs_dict, spec_dict, Parts, ReusedView};
use crate::state::{PyState, Table};

/// The result of a step: each player's reward, whether the game ended or was cut, who acts
/// next (`None` once the episode is over).
type StepOut = (f32, f32, bool, bool, Option<u8>);

/// One game as an environment: `reset(seed)`, `step(action)`, observations per player.
#[pyclass(module = "broadside._core", name = "CoreEnv")]
#[derive(Debug)]
pub struct PyEnv {
    table: Table,
    env: Env<PyState>,
    parts: Parts,
    obs: Observation,
    /// The last `play`'s result (rewards, terminated, truncated), read once an episode ends.
    last: (f32, f32, bool, bool),
    /// Each player's reused observation dict, made on the first `observe_reused`.
    reused: [Option<ReusedView>; 2],
}

#[pymethods]
impl PyEnv {
    /// An environment over `ruleset`'s `scenario`; `max_decisions` cuts an episode
    /// ("truncated").
    #[new]
    #[pyo3(signature = (ruleset, scenario=None, max_decisions=None, resignation=false))]
    fn new(
        ruleset: &str,
        scenario: Option<&str>,
        max_decisions: Option<usize>,
        resignation: bool,
    ) -> PyResult<Self> {
        if max_decisions == Some(0) {
            return Err(crate::errors::value_error(
                "max_decisions must be at least 1",
            ));
        }
        let table = Table::open(ruleset, scenario, resignation)?;
        let env = Env::from_factory(table.factory(), EnvConfig { max_decisions });
        let spec = env.spec();
        Ok(PyEnv {
            parts: Parts::of(spec),
            obs: Observation::new(&spec.obs),
            table,
            env,
            last: (0.0, 0.0, false, false),
            reused: [None, None],
        })
    }

    /// Starts an episode whose dice come from `seed`; returns who acts first.
    fn reset(&mut self, seed: u64) -> Option<u8> {
        self.last = (0.0, 0.0, false, false);
        self.env.reset_in_place(seed)
    }

    /// The player to act's decision; the dice that follow are rolled. An illegal action
    /// raises `ValueError` and changes nothing.
    fn step(&mut self, action: i64) -> PyResult<StepOut> {
        let a = action_in(action, self.env.spec().num_player_actions)?;
        let r = self.env.step(a).py()?;
        Ok((
            r.rewards[0],
            r.rewards[1],
            r.terminated,
            r.truncated,
            r.to_play,
        ))
    }

    /// `step` for the PettingZoo loop: returns only who acts next (`None` once the episode
    /// is over, when `last_result` gives the rewards and flags), so the common step builds no
    /// tuple of five Python objects.
    pub(crate) fn play(&mut self, action: i64) -> PyResult<Option<u8>> {
        let a = action_in(action, self.env.spec().num_player_actions)?;
        let r = self.env.step(a).py()?;
        self.last = (r.rewards[0], r.rewards[1], r.terminated, r.truncated);
        Ok(r.to_play)
    }

    /// The last `play`'s `(reward_0, reward_1, terminated, truncated)`.
    fn last_result(&self) -> (f32, f32, bool, bool) {
        self.last
    }

    /// Lets `agent` choose for the player to act (GIL released while it thinks) and steps.
    fn step_agent(&mut self, py: Python<'_>, agent: &crate::agents::PyAgent) -> PyResult<StepOut> {
        let a = agent.choose_state(py, self.env.state())?;
        self.step(a as i64)
    }

    /// Who acts now; `None` once the episode is over.
    fn to_play(&self) -> Option<u8> {
        self.env.to_play()
    }

    /// `player`'s observation as a dict of numpy arrays.
    pub(crate) fn observe<'py>(
        &mut self,
        py: Python<'py>,
        player: u8,
    ) -> PyResult<Bound<'py, PyDict>> {
        if player > 1 {
            return Err(crate::errors::value_error(format!(
                "player {player} does not exist (players are 0 and 1)"
            )));
        }
        // `observe` writes every entry (the Game contract): no clearing first.
        self.env.state().observe(player, &mut self.obs);
        obs_dict(py, self.parts, &self.obs)
    }

    /// What a PettingZoo agent sees, in one call: `{"observation": {...}, "action_mask":
    /// int8}` for `player` (its mask all zero when it does not act).
    pub(crate) fn observe_masked<'py>(
        &mut self,
        py: Python<'py>,
        player: u8,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item(intern!(py, "observation"), self.observe(py, player)?)?;
        d.set_item(intern!(py, "action_mask"), self.action_mask(py, player))?;
        Ok(d)
    }

    /// `observe_masked` into arrays allocated once per player and rewritten on every call:
    /// the same dict and arrays each time (copy them to keep a step's values).
    pub(crate) fn observe_reused<'py>(
        &mut self,
        py: Python<'py>,
        player: u8,
    ) -> PyResult<Bound<'py, PyDict>> {
        let slot = self.reused.get_mut(player as usize).ok_or_else(|| {
            crate::errors::value_error(format!(
                "player {player} does not exist (players are 0 and 1)"
            ))
        })?;
        if slot.is_none() {
            *slot = Some(ReusedView::new(py, self.env.spec())?);
        }
        self.env.state().observe(player, &mut self.obs);
        let legal = if self.env.to_play() == Some(player) {
            self.env.legal_mask()
        } else {
            broadside_env::ActionSet::new()
        };
        match &self.reused[player as usize] {
            Some(view) => view.fill(py, &self.obs, &legal),
            None => Err(crate::errors::value_error("no reused observation")),
        }
    }

    /// `player`'s legal decisions as an `int8` mask (all zero when `player` does not act).
    fn action_mask<'py>(&self, py: Python<'py>, player: u8) -> Bound<'py, PyArray1<i8>> {
        let n = self.env.spec().num_player_actions;
        if self.env.to_play() == Some(player) {
            mask_array(py, &self.env.legal_mask(), n)
        } else {
            mask_array(py, &broadside_env::ActionSet::new(), n)
        }
    }

    /// The legal decisions of the player to act.
    fn legal_actions(&self) -> Vec<u16> {
        self.env.legal_mask().iter().collect()
    }

    /// The game's returns (zero before the end).
    fn returns(&self) -> [f64; 2] {
        self.env.state().returns()
    }

    /// Whether the game reached its end / was cut at `max_decisions`.
    fn is_terminated(&self) -> bool {
        self.env.is_terminated()
    }

    fn is_truncated(&self) -> bool {
        self.env.is_truncated()
    }

    /// Decisions taken in this episode.
    fn decisions(&self) -> usize {
        self.env.decisions()
    }

    /// The game now, with its history from the start (to save, search or inspect).
    fn game(&self) -> PyGame {
        PyGame {
            table: self.table.clone(),
            state: self.env.state().clone(),
            history: Some(self.env.history().to_vec()),
        }
    }

    /// The ruleset's spec.
    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        spec_dict(py, self.env.spec())
    }

    #[getter]
    fn ruleset(&self) -> &'static str {
        self.table.ruleset()
    }

    #[getter]
    fn scenario(&self) -> String {
        self.table.scenario_id()
    }
}
