//! The vectorised batch API: `N` games stepped in Rust on the rayon pool with the GIL
//! released, writing observations, masks, rewards and flags straight into numpy arrays
//! allocated once at construction (the arrays Python holds are the ones written: nothing
//! is allocated or copied on the Python side per step).
//!
//! The semantics are those of Broadside's `VecEnv`: environment `i`'s episode `k` rolls its
//! dice from `episode_seed(seed, i, k)`; when a step ends an episode the environment resets
//! at once ("same-step" auto-reset) and its rows hold the new episode's first decision,
//! while `rewards`, `terminated` and `truncated` describe the step that ended the old one.
//! Environment `i` therefore plays exactly as a single environment reset with those seeds.
//!
//! Observations are written straight into each environment's rows ([`Game::observe_into`]),
//! with one [`ObsMemo`] per row: a ruleset that writes incrementally (WS&IM) rewrites only
//! what changed since that row's last observation. The memo holds only while nothing else
//! writes into the rows, so Python gets read-only views of the observation arrays, and
//! `reset` rewrites every row whole.
//!
//! Each environment also keeps the legal decisions it wrote into its mask row: `step`
//! checks the actions against that record, then applies them without a second legality
//! check ([`Env::step_legal`]). The mask array itself stays writable (a learner may mask
//! out more); what Python writes there lets no illegal action through.

use broadside_env::wrapper::{episode_seed, for_each_shared};
use broadside_env::{Action, ActionSet, Env, EnvConfig, Game, ObsMemo, ObservationMut};
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::value_error;
use crate::obs::{spec_dict, Parts};
use crate::state::{PyState, Table};

/// The most environments one batch may hold.
pub const MAX_ENVS: usize = 65_536;

#[derive(Debug)]
struct Slot {
    env: Env<PyState>,
    /// What this environment's observation rows hold (see [`ObsMemo`]).
    memo: ObsMemo,
    /// The legal decisions now, as last written into the mask row: `step` checks actions
    /// against this record (not against the numpy masks, which Python may write into), so
    /// the step itself need not work them out again.
    legal: ActionSet,
    episode: u64,
}

/// One environment's rows of the batch arrays.
struct Row<'a> {
    entities: &'a mut [f32],
    global: &'a mut [f32],
    planes: &'a mut [f32],
    mask: &'a mut [i8],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    to_play: &'a mut i8,
}

/// `s` cut into `n` rows of `per` entries (`per` may be zero).
fn split<T>(s: &mut [T], n: usize, per: usize) -> Vec<&mut [T]> {
    if per == 0 {
        return (0..n).map(|_| <&mut [T]>::default()).collect();
    }
    s.chunks_mut(per).collect()
}

impl Slot {
    fn write_view(&mut self, row: &mut Row<'_>) {
        let state = self.env.state();
        match ObservationMut::from_slices(
            &state.spec().obs,
            &mut *row.entities,
            &mut *row.global,
            &mut *row.planes,
        ) {
            // Straight into the rows, rewriting only what changed when the memo knows them.
            Ok(out) => state.observe_into(self.env.observer(), out, &mut self.memo),
            // The rows are cut to the spec's shapes at construction: this cannot happen.
            Err(_) => self.memo.forget(),
        }
        self.legal = self.env.legal_mask();
        row.mask.fill(0);
        for a in self.legal.iter() {
            if let Some(m) = row.mask.get_mut(a as usize) {
                *m = 1;
            }
        }
        *row.to_play = self.env.to_play().map_or(-1, |p| p as i8);
    }

    fn reset(&mut self, base: u64, index: usize, row: &mut Row<'_>) {
        // A full rewrite: whatever happened to the rows, `reset` starts them afresh.
        self.memo.forget();
        self.episode = 0;
        self.env.reset_in_place(episode_seed(base, index, 0));
        row.rewards.fill(0.0);
        *row.terminated = false;
        *row.truncated = false;
        self.write_view(row);
    }

    fn step(&mut self, action: Action, base: u64, index: usize, row: &mut Row<'_>) {
        // Checked against `legal`, this state's legal decisions, before any environment moved.
        let r = self.env.step_legal(action);
        row.rewards.copy_from_slice(&r.rewards);
        *row.terminated = r.terminated;
        *row.truncated = r.truncated;
        if r.terminated || r.truncated {
            self.episode += 1;
            self.env
                .reset_in_place(episode_seed(base, index, self.episode));
        }
        self.write_view(row);
    }
}

/// A read-only numpy view of `array` (the same memory): what Python gets of the observation
/// arrays, so that nothing but the batch writes into the rows the memos describe.
fn read_only_view(array: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let view = array.call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view.unbind())
}

/// `N` environments stepped together into preallocated numpy arrays.
#[pyclass(module = "broadside._core", name = "CoreVecEnv")]
pub struct PyVecEnv {
    table: Table,
    slots: Vec<Slot>,
    seed: u64,
    parallel: bool,
    parts: Parts,
    entities: Py<PyArray3<f32>>,
    global: Py<PyArray2<f32>>,
    planes: Py<PyArray4<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_play: Py<PyArray1<i8>>,
    /// Read-only views of `entities`, `global` and `planes`, handed to Python.
    views: [Py<PyAny>; 3],
}

impl std::fmt::Debug for PyVecEnv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyVecEnv")
            .field("table", &self.table)
            .field("envs", &self.slots.len())
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// The actions from Python: a 1-D numpy array of int64 or int32, or a sequence of ints.
fn actions_from(obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(a.as_array().iter().map(|&x| x as i64).collect());
    }
    if let Ok(a) = obj.cast::<numpy::PyUntypedArray>() {
        return Err(PyTypeError::new_err(format!(
            "actions must be a 1-D integer array (int64 or int32), not an array of dtype {} \
             and shape {:?}",
            a.dtype(),
            a.shape()
        )));
    }
    obj.extract::<Vec<i64>>().map_err(|_| {
        PyTypeError::new_err("actions must be a 1-D numpy integer array or a list of ints")
    })
}

impl PyVecEnv {
    /// Runs `job` on every environment with its rows, in parallel or not, GIL released.
    fn each(
        &mut self,
        py: Python<'_>,
        job: &(dyn Fn(usize, &mut Slot, &mut Row<'_>) + Sync),
    ) -> PyResult<()> {
        let n = self.slots.len();
        let spec = self.slots[0].env.spec();
        let (e, f) = spec.obs.entity_shape();
        let g = spec.obs.global_features.len();
        let (c, r, k) = spec.obs.plane_shape();
        let a = spec.num_player_actions;
        let mut ent = self.entities.bind(py).readwrite();
        let mut glo = self.global.bind(py).readwrite();
        let mut pla = self.planes.bind(py).readwrite();
        let mut msk = self.masks.bind(py).readwrite();
        let mut rew = self.rewards.bind(py).readwrite();
        let mut ter = self.terminated.bind(py).readwrite();
        let mut tru = self.truncated.bind(py).readwrite();
        let mut tpl = self.to_play.bind(py).readwrite();
        let not_contiguous = |_| value_error("a batch array was replaced by a non-contiguous one");
        // Each environment's rows, paired with it below: one vector a step.
        let rows = split(ent.as_slice_mut().map_err(not_contiguous)?, n, e * f)
            .into_iter()
            .zip(split(glo.as_slice_mut().map_err(not_contiguous)?, n, g))
            .zip(split(
                pla.as_slice_mut().map_err(not_contiguous)?,
                n,
                c * r * k,
            ))
            .zip(split(msk.as_slice_mut().map_err(not_contiguous)?, n, a))
            .zip(split(rew.as_slice_mut().map_err(not_contiguous)?, n, 2))
            .zip(ter.as_slice_mut().map_err(not_contiguous)?.iter_mut())
            .zip(tru.as_slice_mut().map_err(not_contiguous)?.iter_mut())
            .zip(tpl.as_slice_mut().map_err(not_contiguous)?.iter_mut())
            .map(
                |(
                    ((((((entities, global), planes), mask), rewards), terminated), truncated),
                    to_play,
                )| Row {
                    entities,
                    global,
                    planes,
                    mask,
                    rewards,
                    terminated,
                    truncated,
                    to_play,
                },
            );
        let parallel = self.parallel;
        let mut pairs: Vec<(&mut Slot, Row<'_>)> = self.slots.iter_mut().zip(rows).collect();
        let job = |i: usize, (slot, row): &mut (&mut Slot, Row<'_>)| job(i, slot, row);
        py.detach(|| {
            if parallel {
                // The calling (Python) thread works a share itself: handing the whole step
                // to the pool and sleeping made two threads slower than one.
                for_each_shared(&mut pairs, &job);
            } else {
                for (i, pair) in pairs.iter_mut().enumerate() {
                    job(i, pair);
                }
            }
        });
        Ok(())
    }
}

#[pymethods]
impl PyVecEnv {
    /// `num_envs` environments over `ruleset`'s `scenario`, reset under base seed `seed`.
    #[new]
    #[pyo3(signature = (ruleset, num_envs, scenario=None, seed=0, max_decisions=None, resignation=false, parallel=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ruleset: &str,
        num_envs: usize,
        scenario: Option<&str>,
        seed: u64,
        max_decisions: Option<usize>,
        resignation: bool,
        parallel: bool,
    ) -> PyResult<Self> {
        if !(1..=MAX_ENVS).contains(&num_envs) {
            return Err(value_error(format!(
                "num_envs must be from 1 to {MAX_ENVS}, not {num_envs}"
            )));
        }
        if max_decisions == Some(0) {
            return Err(value_error("max_decisions must be at least 1"));
        }
        let table = Table::open(ruleset, scenario, resignation)?;
        let factory = table.factory();
        let slots: Vec<Slot> = (0..num_envs)
            .map(|_| {
                let env = Env::from_factory(factory.clone(), EnvConfig { max_decisions });
                Slot {
                    env,
                    memo: ObsMemo::new(),
                    legal: ActionSet::new(),
                    episode: 0,
                }
            })
            .collect();
        let spec = slots[0].env.spec();
        let (e, f) = spec.obs.entity_shape();
        let (c, r, k) = spec.obs.plane_shape();
        let n = num_envs;
        let entities = PyArray3::<f32>::zeros(py, [n, e, f], false);
        let global = PyArray2::<f32>::zeros(py, [n, spec.obs.global_features.len()], false);
        let planes = PyArray4::<f32>::zeros(py, [n, c, r, k], false);
        let views = [
            read_only_view(entities.as_any())?,
            read_only_view(global.as_any())?,
            read_only_view(planes.as_any())?,
        ];
        let mut v = PyVecEnv {
            parts: Parts::of(spec),
            entities: entities.unbind(),
            global: global.unbind(),
            planes: planes.unbind(),
            views,
            masks: PyArray2::zeros(py, [n, spec.num_player_actions], false).unbind(),
            rewards: PyArray2::zeros(py, [n, 2], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; n]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; n]).unbind(),
            to_play: PyArray1::from_vec(py, vec![-1i8; n]).unbind(),
            table,
            slots,
            seed,
            parallel,
        };
        v.reset(py, Some(seed))?;
        Ok(v)
    }

    /// Restarts every environment at episode 0 under base seed `seed` (the last one when
    /// `None`); rewards and flags are cleared.
    #[pyo3(signature = (seed=None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let base = seed.unwrap_or(self.seed);
        self.seed = base;
        self.each(py, &|i, s, r| s.reset(base, i, r))
    }

    /// Applies `actions[i]` in environment `i` for the player in `to_play[i]`, rolls the
    /// dice, and resets finished episodes. Every action is checked first against the legal
    /// decisions recorded when the mask rows were written (what the masks show, unless
    /// Python wrote into them): on error (`ValueError` naming the environment) no
    /// environment has moved. The games then apply them without checking them again.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let actions = actions_from(actions)?;
        let n = self.slots.len();
        if actions.len() != n {
            return Err(value_error(format!(
                "{} actions for {n} environments",
                actions.len()
            )));
        }
        let spec = self.slots[0].env.spec();
        let width = spec.num_player_actions;
        let mut checked = Vec::with_capacity(n);
        for (i, (&a, slot)) in actions.iter().zip(&self.slots).enumerate() {
            if slot.env.is_done() {
                return Err(value_error(format!("environment {i}: the episode is over")));
            }
            if a < 0 || a as u64 >= width as u64 {
                return Err(value_error(format!(
                    "environment {i}: action {a} is outside the player actions (0 to {})",
                    width - 1
                )));
            }
            // The legal decisions recorded when the mask row was written (Python may have
            // written into the masks since; the record it cannot touch).
            if !slot.legal.contains(a as Action) {
                return Err(value_error(format!(
                    "environment {i}: action {a} ({}) is illegal now",
                    spec.action_name(a as Action)
                )));
            }
            checked.push(a as Action);
        }
        let base = self.seed;
        let checked = &checked;
        self.each(py, &|i, s, r| s.step(checked[i], base, i, r))
    }

    /// Observations `[N, ...]` by name (`entities`, `global`, `planes` where the ruleset
    /// has them): the same arrays every step, rewritten in place, read-only (each row is
    /// rewritten incrementally from what it held, so nothing else may write into it).
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let [entities, global, planes] = &self.views;
        if self.parts.entities {
            d.set_item("entities", entities.bind(py))?;
        }
        if self.parts.global {
            d.set_item("global", global.bind(py))?;
        }
        if self.parts.planes {
            d.set_item("planes", planes.bind(py))?;
        }
        Ok(d)
    }

    /// `[N, num_player_actions]` int8: the legal decisions now.
    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.masks.bind(py).clone()
    }

    /// `[N, 2]` float32: each player's reward from the last step.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }

    /// `[N]` bool: the last step ended the game.
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }

    /// `[N]` bool: the last step hit `max_decisions`.
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// `[N]` int8: who decides now (-1: nobody).
    #[getter]
    fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.to_play.bind(py).clone()
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Episodes environment `i` started since the last reset (0 for the first).
    fn episode(&self, i: usize) -> PyResult<u64> {
        self.slots
            .get(i)
            .map(|s| s.episode)
            .ok_or_else(|| value_error(format!("environment {i} does not exist")))
    }

    /// Environment `i`'s game now, with its history.
    fn game(&self, i: usize) -> PyResult<crate::game::PyGame> {
        let s = self
            .slots
            .get(i)
            .ok_or_else(|| value_error(format!("environment {i} does not exist")))?;
        Ok(crate::game::PyGame {
            table: self.table.clone(),
            state: s.env.state().clone(),
            history: Some(s.env.history().to_vec()),
        })
    }

    /// Steps serially or on the rayon pool (the results are the same).
    #[setter]
    fn set_parallel(&mut self, parallel: bool) {
        self.parallel = parallel;
    }

    #[getter]
    fn parallel(&self) -> bool {
        self.parallel
    }

    fn spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        spec_dict(py, self.slots[0].env.spec())
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

/// The seed of episode `episode` of environment `env` under base seed `base`.
#[pyfunction]
pub fn episode_seed_of(base: u64, env: usize, episode: u64) -> u64 {
    episode_seed(base, env, episode)
}
