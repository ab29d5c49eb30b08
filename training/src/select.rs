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
    // The ruleset's own build first, so that an error names that ruleset's bots and values
    // only, never every ruleset's.
    match crate::screens::build_for_ruleset(spec, ruleset_name) {
        Ok(()) => Ok(()),
        // Networks load for the any-ruleset game only.
        Err(SpecError::Net { .. }) => spec.build::<AnyGame>(0).map(drop).map_err(Into::into),
        Err(e) => Err(anyhow!("{e} (in a `{ruleset_name}` game)")),
    }
}

/// Refuses a `net:` agent whose checkpoint was trained for another ruleset than the game's
/// (without libtorch, building the agent reports that networks are unavailable).
pub fn check_net_spec(spec: &broadside_agents::AgentSpec, ruleset_name: &str) -> Result<()> {
    #[cfg(feature = "torch")]
    if let broadside_agents::AgentSpec::Mcts {
        eval: broadside_agents::spec::EvalSpec::Net { path, .. },
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

/// The words that name a ruleset's default admiral where an agent spec is expected.
pub const DEFAULT_ADMIRAL_WORDS: [&str; 2] = ["default", "admiral"];

/// An agent spec given on the command line for a game of `ruleset_name`: `default` (or
/// `admiral`) is the ruleset's default admiral (`broadside rules` lists each), anything
/// else is parsed as written.
pub fn agent_spec(text: &str, ruleset_name: &str) -> Result<broadside_agents::AgentSpec> {
    if DEFAULT_ADMIRAL_WORDS.contains(&text.trim().to_ascii_lowercase().as_str()) {
        let spec = crate::screens::default_admiral(ruleset_name).ok_or_else(|| {
            anyhow!("`{text}`: the ruleset `{ruleset_name}` has no default admiral of its own")
        })?;
        return spec
            .parse()
            .map_err(|e| anyhow!("internal error: the default admiral `{spec}`: {e}"));
    }
    Ok(text.parse()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::ruleset_bots;

    /// Issue 46: where the ruleset is known, a spec is checked against that ruleset's own
    /// names: an unknown bot's error lists its bots only, never every ruleset's; `default`
    /// (or `admiral`) is its default admiral; an unknown kind lists `portfolio:` too.
    #[test]
    fn a_rulesets_specs_are_checked_against_its_own_names() {
        let own = ruleset_bots("fsail");
        let foreign: Vec<_> = ruleset_bots("poe")
            .into_iter()
            .chain(ruleset_bots("togo"))
            .filter(|f| !own.contains(f))
            .collect();
        assert!(!own.is_empty() && !foreign.is_empty());
        let err = agent_spec("bot:nonsense", "fsail")
            .and_then(|s| check_spec(&s, "fsail"))
            .expect_err("an unknown bot")
            .to_string();
        for (name, _) in &own {
            assert!(err.contains(name), "{name}: {err}");
        }
        for (name, _) in &foreign {
            assert!(!err.contains(name), "{name}: {err}");
        }
        let default: broadside_agents::AgentSpec = crate::fsail::FSAIL_ADMIRAL
            .parse()
            .expect("the default admiral");
        for word in ["default", "admiral", " Default "] {
            let spec = agent_spec(word, "fsail").expect("the default admiral");
            assert_eq!(spec, default, "{word}");
            check_spec(&spec, "fsail").expect("it plays Fighting Sail");
        }
        let err = agent_spec("nelson", "fsail")
            .expect_err("unknown")
            .to_string();
        assert!(err.contains("portfolio:"), "{err}");
    }
}
