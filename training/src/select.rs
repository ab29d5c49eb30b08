//! Resolving ruleset and scenario names from the command line, with errors that list what
//! exists.

use anyhow::{anyhow, Result};
use broadside_env::ruleset::{self, AnyGame, AnyScenario, GameOptions};
use broadside_env::wsim::data::{MAX_PLANE_COLS, MAX_PLANE_ROWS, MAX_SHIPS, MIN_MAP_SIDE};
use broadside_env::wsim::{Scenario, WsimGame};
use broadside_env::{Game, GameSpec};

/// The ruleset named `name`, checked against the registry.
pub fn ruleset_info(name: &str) -> Result<ruleset::RulesetInfo> {
    let all = ruleset::rulesets();
    all.iter()
        .find(|r| r.name.eq_ignore_ascii_case(name))
        .cloned()
        .ok_or_else(|| {
            anyhow!(
                "unknown ruleset `{name}` (known: {})",
                all.iter().map(|r| r.name).collect::<Vec<_>>().join(", ")
            )
        })
}

/// A built-in scenario id or a scenario file, for the ruleset; `None` gives its default.
pub fn scenario(ruleset_name: &str, name: Option<&str>) -> Result<AnyScenario> {
    let info = ruleset_info(ruleset_name)?;
    let name = name.unwrap_or(info.default_scenario);
    let s = ruleset::scenario(info.name, name)?;
    // The env's parser checks each field; the sums it leaves unchecked are checked here.
    if let Ok(w) = wsim_scenario(&s) {
        check_saved_scenario(w, name)?;
    }
    Ok(s)
}

/// The static description of a ruleset (its catalogue), from a fresh game of its default
/// scenario: the registry lists rulesets by name, and every game knows its spec.
pub fn spec(ruleset_name: &str) -> Result<&'static GameSpec> {
    let s = scenario(ruleset_name, None)?;
    Ok(s.new_game(&GameOptions::default()).spec())
}

/// The WS&IM scenario inside `s`; the terminal views are written for WS&IM.
pub fn wsim_scenario(s: &AnyScenario) -> Result<&Scenario> {
    #[allow(unreachable_patterns)]
    match s {
        AnyScenario::Wsim(w) => Ok(w),
        _ => Err(anyhow!(
            "the `{}` ruleset has no terminal view yet",
            s.ruleset()
        )),
    }
}

/// The WS&IM game inside `g`.
pub fn wsim_game(g: &AnyGame) -> Result<&WsimGame> {
    #[allow(unreachable_patterns)]
    match g {
        AnyGame::Wsim(w) => Ok(w),
        _ => Err(anyhow!("this ruleset has no terminal view yet")),
    }
}

/// The Fighting Sail scenario inside `s`.
pub fn fsail_scenario(s: &AnyScenario) -> Result<&broadside_env::fsail::Scenario> {
    match s {
        AnyScenario::Fsail(f) => Ok(f),
        _ => Err(anyhow!(
            "internal error: a `{}` scenario where `fsail` was expected",
            s.ruleset()
        )),
    }
}

/// The Fighting Sail game inside `g`.
pub fn fsail_game(g: &AnyGame) -> Result<&broadside_env::fsail::FsailGame> {
    match g {
        AnyGame::Fsail(f) => Ok(f),
        _ => Err(anyhow!(
            "internal error: a game of another ruleset where `fsail` was expected"
        )),
    }
}

/// Checks the shape of a scenario read from a saved game (and, as a second line of
/// defence, of scenario files).
///
/// Scenario files are checked by the env's parser, but a saved game carries its scenario as
/// plain serde data, so a hand-edited file could hold values the rules index by (a fifth
/// rigging section, a third side) and would stop the replay with a panic instead of an
/// error. This catches those before a game is built from it.
pub fn check_saved_scenario(s: &Scenario, file: &str) -> Result<()> {
    let bad = |what: String| anyhow!("{file}: invalid scenario: {what}");
    if !(MIN_MAP_SIDE..=MAX_PLANE_COLS).contains(&s.map.cols)
        || !(MIN_MAP_SIDE..=MAX_PLANE_ROWS).contains(&s.map.rows)
    {
        return Err(bad(format!(
            "map {}x{} is outside {MIN_MAP_SIDE}..={MAX_PLANE_COLS} columns and {MIN_MAP_SIDE}..={MAX_PLANE_ROWS} rows",
            s.map.cols, s.map.rows
        )));
    }
    if !(2..=MAX_SHIPS).contains(&s.ships.len()) {
        return Err(bad(format!(
            "{} ships (2 to {MAX_SHIPS} allowed)",
            s.ships.len()
        )));
    }
    for side in 0..2u8 {
        if !s.ships.iter().any(|x| x.side == side) {
            return Err(bad(format!("side {side} has no ship")));
        }
    }
    for (k, ship) in s.ships.iter().enumerate() {
        let at = format!("ship #{} ({})", k + 1, ship.name);
        if ship.side > 1 {
            return Err(bad(format!("{at}: side {} is not 0 or 1", ship.side)));
        }
        if !(3..=4).contains(&ship.spec.rigging_sections) {
            return Err(bad(format!(
                "{at}: {} rigging sections (3 or 4 allowed)",
                ship.spec.rigging_sections
            )));
        }
        let spec = &ship.spec;
        let guns: u32 = spec
            .guns
            .iter()
            .chain(&spec.carronades)
            .map(|&g| g as u32)
            .sum();
        if guns > u8::MAX as u32 {
            return Err(bad(format!(
                "{at}: {guns} gun and carronade squares (the rules count at most 255)"
            )));
        }
        if !s.map.contains(ship.pos.bow) || !s.map.contains(ship.pos.stern()) {
            return Err(bad(format!("{at}: not on the map")));
        }
    }
    Ok(())
}

/// Refuses a `net:` agent whose checkpoint was trained for another ruleset than the game's
/// (without libtorch, building the agent reports that networks are unavailable).
pub fn check_net_spec(spec: &broadside_agents::AgentSpec, ruleset_name: &str) -> Result<()> {
    #[cfg(feature = "torch")]
    if let broadside_agents::AgentSpec::Mcts {
        eval: broadside_agents::spec::EvalSpec::Net { path },
        ..
    } = spec
    {
        let trained = broadside_models::loader::checkpoint_ruleset(std::path::Path::new(path))
            .map_err(anyhow::Error::msg)?;
        if trained != ruleset_name {
            anyhow::bail!(
                "the network {path} was trained for ruleset `{trained}`, not `{ruleset_name}`"
            );
        }
    }
    let _ = (spec, ruleset_name);
    Ok(())
}
