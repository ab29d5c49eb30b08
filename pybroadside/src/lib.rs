//! Broadside for Python: the native core (`broadside._core`) of the `broadside` package.
//!
//! - [`state`]: the games Python opens (every registered ruleset, and Connect Four).
//! - [`game`]: the low-level game API after `pyspiel` (clone, legal actions, chance
//!   outcomes, apply, returns, observations, saved games).
//! - [`env`]: one environment, under the package's PettingZoo and Gymnasium classes.
//! - [`vec_env`]: the vectorised batch API (Rust threads, GIL released, numpy in place).
//! - [`agents`] and [`arena`]: agent specs and `broadside arena`'s round robin.
//! - [`tactics`]: `broadside tactics`' restricted-play study, whole or game by game.
//!
//! The crate never links libtorch: `net:` agents are refused with the agents crate's message.

mod aec;
pub mod agents;
pub mod arena;
pub mod bot;
pub mod env;
pub mod errors;
pub mod game;
pub mod ladder;
pub mod obs;
pub mod state;
pub mod tactics;
pub mod vec_env;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Every ruleset: the registry's (name, title, version, seed document, default scenario,
/// action counts), then Connect Four.
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for r in broadside_env::ruleset::rulesets() {
        let d = PyDict::new(py);
        d.set_item("name", r.name)?;
        d.set_item("title", r.title)?;
        d.set_item("version", r.version)?;
        d.set_item("seed", r.seed)?;
        d.set_item("default_scenario", r.default_scenario)?;
        d.set_item("num_player_actions", r.num_player_actions)?;
        d.set_item("num_actions", r.num_actions)?;
        list.append(d)?;
    }
    let spec = broadside_env::connect_four::ConnectFour::game_spec();
    let d = PyDict::new(py);
    d.set_item("name", state::CONNECT_FOUR)?;
    d.set_item("title", spec.title)?;
    d.set_item("version", spec.version)?;
    d.set_item("seed", "")?;
    d.set_item("default_scenario", "default")?;
    d.set_item("num_player_actions", spec.num_player_actions)?;
    d.set_item("num_actions", spec.num_actions)?;
    list.append(d)?;
    Ok(list)
}

/// The built-in scenarios of a ruleset, default first: id, title, ships, description.
#[pyfunction]
fn scenarios<'py>(py: Python<'py>, ruleset: &str) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    if ruleset == state::CONNECT_FOUR {
        let d = PyDict::new(py);
        d.set_item("id", "default")?;
        d.set_item("title", "Connect Four")?;
        d.set_item("ships", 0)?;
        d.set_item("description", "The empty six-by-seven board.")?;
        list.append(d)?;
        return Ok(list);
    }
    // Checked through the table so an unknown name lists every ruleset Python knows.
    state::Table::open(ruleset, None, true)?;
    for s in errors::PyResultExt::py(broadside_env::ruleset::scenarios(ruleset))? {
        let info = s.info();
        let d = PyDict::new(py);
        d.set_item("id", info.id)?;
        d.set_item("title", info.title)?;
        d.set_item("ships", info.ships)?;
        d.set_item("description", info.description)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A ruleset's spec: catalogue and observation layout (shapes and feature names).
#[pyfunction]
fn spec<'py>(py: Python<'py>, ruleset: &str) -> PyResult<Bound<'py, PyDict>> {
    let table = state::Table::open(ruleset, None, true)?;
    obs::spec_dict(py, table.spec())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(scenarios, m)?)?;
    m.add_function(wrap_pyfunction!(spec, m)?)?;
    m.add_function(wrap_pyfunction!(game::_game_from_pickle, m)?)?;
    m.add_function(wrap_pyfunction!(vec_env::episode_seed_of, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_json, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_len, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_game, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_report_json, m)?)?;
    m.add_function(wrap_pyfunction!(tactics::tactics_json, m)?)?;
    m.add_function(wrap_pyfunction!(tactics::tactics_len, m)?)?;
    m.add_function(wrap_pyfunction!(tactics::tactics_game, m)?)?;
    m.add_function(wrap_pyfunction!(tactics::tactics_report_json, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot_request, m)?)?;
    m.add_function(wrap_pyfunction!(ladder::ladder_game, m)?)?;
    m.add_function(wrap_pyfunction!(ladder::ladder_plan, m)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<agents::PyAgent>()?;
    m.add_class::<env::PyEnv>()?;
    m.add_class::<aec::AecBase>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add("CHANCE_PLAYER", game::CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", game::TERMINAL_PLAYER)?;
    Ok(())
}
