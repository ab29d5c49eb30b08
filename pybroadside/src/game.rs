//! The low-level game API, after OpenSpiel's `pyspiel.State`: for people who write their own
//! search in Python. A [`PyGame`] is a state plus where it came from (the scenario and the
//! options) and every action applied since the start, chance outcomes included, so it saves
//! as a saved game that `broadside replay` reads, and loads what `broadside play` saved.

use broadside_env::savegame::SavedGame;
use broadside_env::{Action, Game, Observation, Turn};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::errors::{value_error, PyResultExt};
use crate::obs::{action_in, mask_array, obs_dict, spec_dict, Parts};
use crate::state::{PyState, Table};

/// `current_player()` at a chance node (OpenSpiel's `kChancePlayerId`).
pub const CHANCE_PLAYER: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's `kTerminalPlayerId`).
pub const TERMINAL_PLAYER: i64 = -4;

/// A game state with its origin and history.
#[pyclass(module = "broadside._core", name = "Game")]
#[derive(Debug, Clone)]
pub struct PyGame {
    pub table: Table,
    pub state: PyState,
    /// Every action from the scenario's start; `None` after `resample_hidden` (the sampled
    /// state has no history that leads to it).
    pub history: Option<Vec<Action>>,
}

impl PyGame {
    pub fn start(table: Table) -> Self {
        let state = table.new_game();
        PyGame {
            table,
            state,
            history: Some(Vec::new()),
        }
    }

    fn saved(&self, players: Vec<String>) -> PyResult<SavedGame> {
        let Table::Scenario { scenario, options } = &self.table else {
            return Err(value_error(
                "Connect Four has no saved-game format (only the registered rulesets do)",
            ));
        };
        let history = self.history.as_ref().ok_or_else(|| {
            value_error("a state drawn by resample_hidden has no history to save")
        })?;
        Ok(SavedGame::new(scenario.clone(), *options, players, history))
    }

    fn from_saved(saved: SavedGame, file: &str) -> PyResult<Self> {
        let state = saved.final_state(file).py()?;
        Ok(PyGame {
            table: Table::Scenario {
                scenario: saved.scenario.clone(),
                options: saved.options,
            },
            state: PyState::Any(state),
            history: Some(saved.actions.iter().map(|a| a.index).collect()),
        })
    }

    fn player_arg(player: i64) -> PyResult<u8> {
        match player {
            0 | 1 => Ok(player as u8),
            _ => Err(value_error(format!(
                "player {player} does not exist (players are 0 and 1)"
            ))),
        }
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `ruleset`'s `scenario` (its default when `None`).
    #[new]
    #[pyo3(signature = (ruleset, scenario=None, resignation=false))]
    fn new(ruleset: &str, scenario: Option<&str>, resignation: bool) -> PyResult<Self> {
        Ok(Self::start(Table::open(ruleset, scenario, resignation)?))
    }

    /// A game from a saved game's JSON text (what `broadside play` and `to_json` write).
    #[staticmethod]
    #[pyo3(signature = (text, file="<string>"))]
    fn from_json(text: &str, file: &str) -> PyResult<Self> {
        let saved = SavedGame::from_json(text, file).py()?;
        Self::from_saved(saved, file)
    }

    /// A game from a saved-game file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> PyResult<Self> {
        let saved = SavedGame::read(&path).py()?;
        Self::from_saved(saved, &path.display().to_string())
    }

    /// The game as a saved game (JSON text) that `broadside replay` reads.
    #[pyo3(signature = (players=None))]
    fn to_json(&self, players: Option<Vec<String>>) -> PyResult<String> {
        Ok(self.saved(players.unwrap_or_default())?.to_json())
    }

    /// Writes the game as a saved game to `path`.
    #[pyo3(signature = (path, players=None))]
    fn save(&self, path: std::path::PathBuf, players: Option<Vec<String>>) -> PyResult<()> {
        let text = self.saved(players.unwrap_or_default())?.to_json();
        std::fs::write(&path, text).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot write {}: {e}", path.display()))
        })
    }

    /// The state alone as JSON (the ruleset's serde form).
    fn state_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.state).py()
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.table == other.table && self.state == other.state
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(ruleset={:?}, scenario={:?}, actions={}, current_player={})",
            self.table.ruleset(),
            self.table.scenario_id(),
            self.history.as_ref().map_or(0, Vec::len),
            self.current_player()
        )
    }

    /// The ruleset's name.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.table.ruleset()
    }

    /// The scenario's id.
    #[getter]
    fn scenario(&self) -> String {
        self.table.scenario_id()
    }

    /// The ruleset's spec: catalogue and observation layout.
    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        spec_dict(py, self.state.spec())
    }

    /// The player to act, `-1` at a chance node, `-4` once the game is over (OpenSpiel's ids).
    fn current_player(&self) -> i64 {
        match self.state.turn() {
            Turn::Player(p) => p as i64,
            Turn::Chance => CHANCE_PLAYER,
            Turn::Terminal => TERMINAL_PLAYER,
        }
    }

    fn is_chance_node(&self) -> bool {
        self.state.turn() == Turn::Chance
    }

    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// The legal actions: the player's decisions, or the chance outcomes at a chance node.
    fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_actions().iter().collect()
    }

    /// The legal decisions as an `int8` mask over the player actions (all zero at a chance
    /// node or the end).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let n = self.state.spec().num_player_actions;
        match self.state.turn() {
            Turn::Player(_) => mask_array(py, &self.state.legal_actions(), n),
            _ => mask_array(py, &broadside_env::ActionSet::new(), n),
        }
    }

    /// The outcomes of the chance node as `(action, probability)` pairs (empty elsewhere).
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        self.state.chance_outcomes().iter().collect()
    }

    /// Applies a legal action (a decision or a chance outcome); an illegal one raises
    /// `ValueError` and leaves the game unchanged.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = action_in(action, self.state.spec().num_actions)?;
        self.state.apply(a).py()?;
        if let Some(h) = &mut self.history {
            h.push(a);
        }
        Ok(())
    }

    /// Per player: +1 win, -1 loss, 0 draw at the end; 0 before.
    fn returns(&self) -> [f64; 2] {
        self.state.returns()
    }

    /// `player`'s observation: a dict of numpy arrays (`entities`, `global`, `planes`, each
    /// only where the ruleset has it). Holds nothing `player` cannot know.
    fn observation<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        let p = Self::player_arg(player)?;
        let spec = self.state.spec();
        let mut obs = Observation::new(&spec.obs);
        self.state.observe(p, &mut obs);
        obs_dict(py, Parts::of(spec), &obs)
    }

    /// The catalogue name of an action.
    fn action_name(&self, action: i64) -> PyResult<&'static str> {
        let spec = self.state.spec();
        Ok(spec.action_name(action_in(action, spec.num_actions)?))
    }

    /// A readable description of an action in this state.
    fn describe_action(&self, action: i64) -> PyResult<String> {
        let a = action_in(action, self.state.spec().num_actions)?;
        Ok(self.state.describe_action(a))
    }

    /// Every action since the start, chance outcomes included.
    fn history(&self) -> PyResult<Vec<Action>> {
        self.history
            .clone()
            .ok_or_else(|| value_error("a state drawn by resample_hidden has no history"))
    }

    /// A copy in which what `player` cannot know is redrawn (for information-set search),
    /// seeded by `seed`. It has no history, so it cannot be saved.
    fn resample_hidden(&self, player: i64, seed: u64) -> PyResult<Self> {
        let p = Self::player_arg(player)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Ok(PyGame {
            table: self.table.clone(),
            state: self.state.resample_hidden(p, &mut rng),
            history: None,
        })
    }

    /// Checks the state's internal invariants; raises `ValueError` naming the first broken one.
    fn check_invariants(&self) -> PyResult<()> {
        self.state.check_invariants().map_err(value_error)
    }

    /// Pickling goes through the saved game (registered rulesets) or the moves (Connect Four).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, String))> {
        let module = py.import("broadside._core")?;
        let f = module.getattr("_game_from_pickle")?;
        let payload = match &self.table {
            Table::ConnectFour => serde_json::to_string(&self.history).py()?,
            Table::Scenario { .. } => self.to_json(None)?,
        };
        Ok((f.unbind(), (self.table.ruleset().to_string(), payload)))
    }
}

/// Rebuilds a pickled [`PyGame`].
#[pyfunction]
pub fn _game_from_pickle(ruleset: &str, payload: &str) -> PyResult<PyGame> {
    if ruleset == crate::state::CONNECT_FOUR {
        let moves: Vec<Action> = serde_json::from_str(payload).py()?;
        let mut g = PyGame::start(Table::ConnectFour);
        for a in moves {
            g.apply_action(a as i64)?;
        }
        Ok(g)
    } else {
        PyGame::from_json(payload, "<pickle>")
    }
}
