//! The per-step hot path of the PettingZoo AEC env: `broadside.aec.BroadsideAEC` subclasses
//! [`AecBase`], which answers `last` and `step` for a live episode in Rust.
//!
//! Why: a random PettingZoo loop over Connect Four spends about as long in the protocol's
//! Python frames (`last`, `step`) as in the game and its observation (issue 35 times it
//! against pyspiel). While an episode is live no agent is done and every reward is zero
//! (rewards come only at the end), so `last` needs only the observation and the agent's info
//! dict, and `step` only the play and the next `agent_selection`. Everything else (the end
//! of an episode, dead steps, non-integer actions) is handed to the Python class's
//! `_last_over` / `_step_slow` / `_finish_step`, which keep PettingZoo's dicts.
//!
//! `agent_selection` and `infos` are this class's attributes (read and written from Python
//! as usual), so the fast paths reach them without an attribute lookup; PettingZoo's other
//! attributes (`agents`, `rewards`, ...) are the Python subclass's.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString, PyTuple};

use crate::env::PyEnv;

/// The base of the Python AEC class: the core env and whether the episode is live.
#[pyclass(module = "broadside._core", name = "AecBase", subclass)]
#[derive(Debug, Default)]
pub struct AecBase {
    core: Option<Py<PyEnv>>,
    /// PettingZoo's `agent_selection`: the agent to act (or to step dead).
    #[pyo3(get, set)]
    agent_selection: Option<Py<PyAny>>,
    /// PettingZoo's `infos`: each agent's info dict.
    #[pyo3(get, set)]
    infos: Option<Py<PyAny>>,
    /// Whether the episode is live (no agent done): the fast paths apply.
    live: bool,
    /// Whether observations are the reused dict (`reuse_observations`).
    reuse: bool,
}

impl AecBase {
    fn selected<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.agent_selection
            .as_ref()
            .map(|a| a.bind(py).clone())
            .ok_or_else(|| crate::errors::value_error("no agent is selected: call reset() first"))
    }

    fn core(&self) -> PyResult<&Py<PyEnv>> {
        self.core
            .as_ref()
            .ok_or_else(|| crate::errors::value_error("the environment has no game attached"))
    }
}

/// The agent index of an agent name (`player_0`, `player_1`).
fn agent_index(agent: &Bound<'_, PyAny>) -> PyResult<u8> {
    let name = agent.cast::<PyString>()?;
    match name.to_str()? {
        "player_0" => Ok(0),
        "player_1" => Ok(1),
        other => Err(crate::errors::value_error(format!(
            "unknown agent {other:?} (agents are player_0 and player_1)"
        ))),
    }
}

fn agent_name(py: Python<'_>, player: u8) -> &Bound<'_, PyString> {
    if player == 0 {
        intern!(py, "player_0")
    } else {
        intern!(py, "player_1")
    }
}

#[pymethods]
impl AecBase {
    /// Takes any arguments (the Python subclass's); the game is attached by `_attach`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        AecBase::default()
    }

    /// Attaches the core env; `reuse` picks the reused observation dicts.
    fn _attach(&mut self, core: Py<PyEnv>, reuse: bool) {
        self.core = Some(core);
        self.reuse = reuse;
        self.live = false;
    }

    /// Whether the episode is live.
    #[getter]
    fn _live(&self) -> bool {
        self.live
    }

    #[setter(_live)]
    fn set_live(&mut self, live: bool) {
        self.live = live;
    }

    /// `agent`'s observation: `{"observation": {...}, "action_mask": int8}`.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let player = agent_index(agent)?;
        let mut core = self.core()?.borrow_mut(py);
        if self.reuse {
            core.observe_reused(py, player)
        } else {
            core.observe_masked(py, player)
        }
    }

    /// PettingZoo's `last`: the selected agent's observation (None with `observe=False`),
    /// cumulative reward, termination, truncation and info.
    #[pyo3(signature = (observe=true))]
    fn last<'py>(slf: &Bound<'py, Self>, observe: bool) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.borrow();
        if !this.live {
            drop(this);
            return slf.call_method1(intern!(py, "_last_over"), (observe,));
        }
        let agent = this.selected(py)?;
        let obs = if observe {
            this.observe(py, &agent)?.into_any()
        } else {
            py.None().into_bound(py)
        };
        let info = match &this.infos {
            Some(infos) => infos.bind(py).get_item(&agent)?,
            None => return Err(crate::errors::value_error("the environment has no infos")),
        };
        let zero = 0.0f64.into_pyobject(py)?;
        let no = false.into_pyobject(py)?.to_owned();
        PyTuple::new(
            py,
            [
                obs,
                zero.into_any(),
                no.clone().into_any(),
                no.into_any(),
                info,
            ],
        )
        .map(Bound::into_any)
    }

    /// PettingZoo's `step`: the selected agent's decision (an `int`); the dice that follow
    /// are rolled inside. An illegal action raises `ValueError` and changes nothing.
    fn step(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let this = slf.borrow();
        if !this.live || !action.is_exact_instance_of::<PyInt>() {
            drop(this);
            return slf
                .call_method1(intern!(py, "_step_slow"), (action,))
                .map(drop);
        }
        let a: i64 = action.extract()?;
        let to_play = this.core()?.borrow_mut(py).play(a)?;
        drop(this);
        match to_play {
            Some(p) => {
                slf.borrow_mut().agent_selection =
                    Some(agent_name(py, p).clone().into_any().unbind());
                Ok(())
            }
            None => slf.call_method0(intern!(py, "_finish_step")).map(drop),
        }
    }
}
