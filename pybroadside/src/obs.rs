//! Observations as numpy arrays. A ruleset's observation has up to three tensors, named as
//! in its spec: `entities` `[max_entities, features]`, `global` `[features]` and `planes`
//! `[channels, rows, cols]`; a tensor the ruleset does not have (zero features, zero
//! channels) is left out, so Connect Four's observation is `global` and `planes`.

use broadside_env::{GameSpec, Observation};
use numpy::{PyArray1, PyArrayMethods, ToPyArray};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice};

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
///
/// The observation's arrays are views of one flat `float32` array (entities, global and
/// planes back to back), so a call takes one borrow of it, not one per array (rust-numpy
/// checks every borrow at run time, which cost more than the copies).
#[derive(Debug)]
pub struct ReusedView {
    dict: Py<PyDict>,
    parts: Parts,
    flat: Py<PyArray1<f32>>,
    mask: Py<PyArray1<i8>>,
}

impl ReusedView {
    /// The dict and its zeroed arrays, shaped as `spec` says.
    pub fn new(py: Python<'_>, spec: &GameSpec) -> PyResult<Self> {
        let parts = Parts::of(spec);
        let (e, f) = spec.obs.entity_shape();
        let g = spec.obs.global_features.len();
        let (c, r, k) = spec.obs.plane_shape();
        let total = e * f + g + c * r * k;
        let flat = PyArray1::<f32>::zeros(py, total, false);
        let o = PyDict::new(py);
        if parts.entities {
            o.set_item(intern!(py, "entities"), view(&flat, 0, &[e, f])?)?;
        }
        if parts.global {
            o.set_item(intern!(py, "global"), view(&flat, e * f, &[g])?)?;
        }
        if parts.planes {
            o.set_item(intern!(py, "planes"), view(&flat, e * f + g, &[c, r, k])?)?;
        }
        let mask = PyArray1::<i8>::zeros(py, spec.num_player_actions, false);
        let d = PyDict::new(py);
        d.set_item(intern!(py, "observation"), o)?;
        d.set_item(intern!(py, "action_mask"), &mask)?;
        Ok(ReusedView {
            dict: d.unbind(),
            parts,
            flat: flat.unbind(),
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
        let changed = || {
            crate::errors::value_error(
                "a reused observation array no longer matches the ruleset's shape",
            )
        };
        let mut flat = self.flat.bind(py).readwrite();
        let mut rest = flat.as_slice_mut().map_err(|_| changed())?;
        for (present, src) in [
            (self.parts.entities, obs.entities.as_slice()),
            (self.parts.global, obs.global.as_slice()),
            (self.parts.planes, obs.planes.as_slice()),
        ] {
            let src = match (present, src) {
                (false, _) => continue,
                (true, Some(src)) => src,
                (true, None) => return Err(changed()),
            };
            if rest.len() < src.len() {
                return Err(changed());
            }
            let (dst, tail) = rest.split_at_mut(src.len());
            dst.copy_from_slice(src);
            rest = tail;
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

/// `flat[start:start + len].reshape(shape)`, `len` the product of `shape`: a view of `flat`,
/// written through it.
fn view<'py>(
    flat: &Bound<'py, PyArray1<f32>>,
    start: usize,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let py = flat.py();
    let len: usize = shape.iter().product();
    let slice = PySlice::new(py, start as isize, (start + len) as isize, 1);
    flat.get_item(slice)?
        .call_method1(intern!(py, "reshape"), (shape.to_vec(),))
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
