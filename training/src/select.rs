//! Resolving ruleset and scenario names from the command line, with errors that list what
//! exists.

use anyhow::{anyhow, Result};
use broadside_env::ruleset::{self, AnyGame, AnyScenario, GameOptions};
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
    Ok(ruleset::scenario(info.name, name)?)
}

/// The static description of a ruleset (its catalogue), from a fresh game of its default
/// scenario: the registry lists rulesets by name, and every game knows its spec.
pub fn spec(ruleset_name: &str) -> Result<&'static GameSpec> {
    let s = scenario(ruleset_name, None)?;
    Ok(s.new_game(&GameOptions::default()).spec())
}

/// Checks that `spec` builds an agent for a game of `ruleset`: its bots, values and priors
/// are that ruleset's own (the any-ruleset game accepts every ruleset's names, and would
/// quietly play a default where a name belongs to another ruleset), and a network was
/// trained for it.
pub fn check_spec(spec: &broadside_agents::AgentSpec, ruleset_name: &str) -> Result<()> {
    use broadside_agents::spec::SpecError;
    check_net_spec(spec, ruleset_name)?;
    spec.build::<AnyGame>(0)?;
    let own = crate::screens::build_for_ruleset(spec, ruleset_name);
    match own {
        // Networks load for the any-ruleset game only; that build above checked it.
        Ok(()) | Err(SpecError::Net { .. }) => Ok(()),
        Err(e) => Err(anyhow!("{e} (in a `{ruleset_name}` game)")),
    }
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
