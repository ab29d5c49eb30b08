//! Observations as numpy arrays. A ruleset's observation has up to three tensors, named as
//! in its spec: `entities` `[max_entities, features]`, `global` `[features]` and `planes`
//! `[channels, rows, cols]`; a tensor the ruleset does not have (zero features, zero
//! channels) is left out, so Connect Four's observation is `global` and `planes`.

use broadside_env::{GameSpec, Observation};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, ToPyArray};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Which tensors a ruleset's observation has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    pub entities: bool,
    pub global: bool,
    pub planes: bool,
}

impl Parts {
    pub fn of(spec: &GameSpec) -> Self {
        let (e, f) = spec.obs.entity_shape();
        let (c, r, k) = spec.obs.plane_shape();
        Parts {
            entities: e * f > 0,
            global: !spec.obs.global_features.is_empty(),
            planes: c * r * k > 0,
        }
    }
}

/// `obs` as a dict of fresh numpy arrays (one copy, straight into numpy's own memory).
/// The keys are interned Python strings (made once, not once per call: this runs every
/// step of a PettingZoo loop).
pub fn obs_dict<'py>(
    py: Python<'py>,
    parts: Parts,
    obs: &Observation,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    if parts.entities {
        d.set_item(intern!(py, "entities"), obs.entities.to_pyarray(py))?;
    }
    if parts.global {
        d.set_item(intern!(py, "global"), obs.global.to_pyarray(py))?;
    }
    if parts.planes {
        d.set_item(intern!(py, "planes"), obs.planes.to_pyarray(py))?;
    }
    Ok(d)
}

/// One player's observation dict kept between steps (the opt-in `reuse_observations` of the
/// AEC env): `{"observation": {...}, "action_mask": int8}` whose arrays are allocated once
/// and rewritten in place on every call, so a step allocates no Python object.
#[derive(Debug)]
pub struct ReusedView {
    dict: Py<PyDict>,
    entities: Option<Py<PyArray2<f32>>>,
    global: Option<Py<PyArray1<f32>>>,
    planes: Option<Py<PyArray3<f32>>>,
    mask: Py<PyArray1<i8>>,
}

impl ReusedView {
    /// The dict and its zeroed arrays, shaped as `spec` says.
    pub fn new(py: Python<'_>, spec: &GameSpec) -> PyResult<Self> {
        let parts = Parts::of(spec);
        let o = PyDict::new(py);
        let entities = if parts.entities {
            let a = PyArray2::<f32>::zeros(py, spec.obs.entity_shape(), false);
            o.set_item(intern!(py, "entities"), &a)?;
            Some(a.unbind())
        } else {
            None
        };
        let global = if parts.global {
            let a = PyArray1::<f32>::zeros(py, spec.obs.global_features.len(), false);
            o.set_item(intern!(py, "global"), &a)?;
            Some(a.unbind())
        } else {
            None
        };
        let planes = if parts.planes {
            let a = PyArray3::<f32>::zeros(py, spec.obs.plane_shape(), false);
            o.set_item(intern!(py, "planes"), &a)?;
            Some(a.unbind())
        } else {
            None
        };
        let mask = PyArray1::<i8>::zeros(py, spec.num_player_actions, false);
        let d = PyDict::new(py);
        d.set_item(intern!(py, "observation"), o)?;
        d.set_item(intern!(py, "action_mask"), &mask)?;
        Ok(ReusedView {
            dict: d.unbind(),
            entities,
            global,
            planes,
            mask: mask.unbind(),
        })
    }

    /// Rewrites the arrays with `obs` and `legal` (an empty set when the player does not
    /// act) and returns the same dict.
    pub fn fill<'py>(
        &self,
        py: Python<'py>,
        obs: &Observation,
        legal: &broadside_env::ActionSet,
    ) -> PyResult<Bound<'py, PyDict>> {
        if let Some(a) = &self.entities {
            write(
                a.bind(py).readwrite().as_slice_mut(),
                obs.entities.as_slice(),
            )?;
        }
        if let Some(a) = &self.global {
            write(a.bind(py).readwrite().as_slice_mut(), obs.global.as_slice())?;
        }
        if let Some(a) = &self.planes {
            write(a.bind(py).readwrite().as_slice_mut(), obs.planes.as_slice())?;
        }
        let mut m = self.mask.bind(py).readwrite();
        let m = m
            .as_slice_mut()
            .map_err(|_| crate::errors::value_error("the action mask is not contiguous"))?;
        m.fill(0);
        for a in legal.iter() {
            if let Some(x) = m.get_mut(a as usize) {
                *x = 1;
            }
        }
        Ok(self.dict.bind(py).clone())
    }
}

/// Copies an observation tensor into a reused array (same length by construction).
fn write<E>(dst: Result<&mut [f32], E>, src: Option<&[f32]>) -> PyResult<()> {
    match (dst, src) {
        (Ok(d), Some(s)) if d.len() == s.len() => {
            d.copy_from_slice(s);
            Ok(())
        }
        _ => Err(crate::errors::value_error(
            "a reused observation array no longer matches the ruleset's shape",
        )),
    }
}

/// A legal-action mask as an `int8` array of `len` entries.
pub fn mask_array<'py>(
    py: Python<'py>,
    legal: &broadside_env::ActionSet,
    len: usize,
) -> Bound<'py, PyArray1<i8>> {
    let mut m = [0i8; broadside_env::MAX_ACTIONS];
    let m = &mut m[..len.min(broadside_env::MAX_ACTIONS)];
    for a in legal.iter() {
        if let Some(x) = m.get_mut(a as usize) {
            *x = 1;
        }
    }
    PyArray1::from_slice(py, m)
}

/// The spec as a dict: names, versions, the catalogue and the observation's layout.
pub fn spec_dict<'py>(py: Python<'py>, spec: &'static GameSpec) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", spec.name)?;
    d.set_item("title", spec.title)?;
    d.set_item("version", spec.version)?;
    d.set_item("num_player_actions", spec.num_player_actions)?;
    d.set_item("num_actions", spec.num_actions)?;
    d.set_item("action_names", PyList::new(py, spec.action_names)?)?;
    let parts = Parts::of(spec);
    let o = PyDict::new(py);
    if parts.entities {
        let e = PyDict::new(py);
        e.set_item("shape", spec.obs.entity_shape())?;
        e.set_item("features", PyList::new(py, spec.obs.entity_features)?)?;
        o.set_item("entities", e)?;
    }
    if parts.global {
        let g = PyDict::new(py);
        g.set_item("shape", (spec.obs.global_features.len(),))?;
        g.set_item("features", PyList::new(py, spec.obs.global_features)?)?;
        o.set_item("global", g)?;
    }
    if parts.planes {
        let p = PyDict::new(py);
        p.set_item("shape", spec.obs.plane_shape())?;
        p.set_item("features", PyList::new(py, spec.obs.plane_channels)?)?;
        o.set_item("planes", p)?;
    }
    d.set_item("observation", o)?;
    Ok(d)
}

/// Checks an action number from Python against the catalogue size.
pub fn action_in(action: i64, size: usize) -> PyResult<broadside_env::Action> {
    if action < 0 || action as u64 >= size as u64 {
        return Err(crate::errors::value_error(format!(
            "action {action} is outside the catalogue (0 to {})",
            size.saturating_sub(1)
        )));
    }
    Ok(action as broadside_env::Action)
}
