//! `broadside agree`: how often other agents choose as one agent does, on the positions of
//! its games, by kind of decision (`broadside_agents::agreement`). With the agent's own spec
//! as the shadow it measures how predictable the agent is: the ceiling of a network
//! trained to imitate it.

use std::io::Write;

use anyhow::{bail, Context, Result};
use broadside_agents::agreement::{self, Agreement, AgreementConfig};
use broadside_env::ruleset::{AnyScenario, GameOptions, DEFAULT_RULESET};
use clap::Args;
use serde::Serialize;

use super::balance::agent_for;
use super::shared_flags::GameLength;
use crate::{progress, select};

/// The most shadows: each is asked at every decision, so the cost grows with them.
pub const MAX_SHADOWS: usize = 16;
/// The most game pairs.
pub const MAX_PAIRS: usize = 10_000;

/// Flags of `broadside agree`.
#[derive(Debug, Args)]
pub struct AgreeArgs {
    /// The ruleset (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id or a scenario file; the ruleset's default when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// The agent whose games and choices are measured: any agent spec, or `admiral` for the
    /// ruleset's default admiral.
    #[arg(long, value_name = "SPEC")]
    pub agent: String,
    /// The agent asked beside it at each of its decisions; the same spec (with other
    /// seeds) when left out, which measures how predictable the agent is.
    #[arg(long, value_name = "SPEC")]
    pub shadow: Option<String>,
    /// How many shadows, each with its own seed (with several, `modal` estimates the best
    /// share any predictor of the agent could score).
    #[arg(long, default_value_t = 1)]
    pub shadows: usize,
    /// The agent's opponent; the agent plays itself when left out (both sides counted).
    #[arg(long, value_name = "SPEC")]
    pub opponent: Option<String>,
    /// Pairs of games (against an opponent, the agent plays each side once).
    #[arg(long, default_value_t = 5)]
    pub pairs: usize,
    /// Seed of the dice and the agents.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub length: GameLength,
    /// Print JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Validated settings of `broadside agree`.
#[derive(Debug, Clone)]
pub struct AgreeSettings {
    pub scenario: AnyScenario,
    /// The specs as given (`admiral` resolved), for the report.
    pub names: Names,
    pub config: AgreementConfig,
    pub json: bool,
}

/// The agents of a measurement, by spec.
#[derive(Debug, Clone, Serialize)]
pub struct Names {
    pub agent: String,
    pub shadow: String,
    pub opponent: String,
}

impl AgreeSettings {
    /// Resolves the scenario and checks every spec against its ruleset before any game.
    pub fn from_args(a: AgreeArgs) -> Result<Self> {
        if !(1..=MAX_SHADOWS).contains(&a.shadows) {
            bail!(
                "--shadows must be from 1 to {MAX_SHADOWS}, not {}",
                a.shadows
            );
        }
        if !(1..=MAX_PAIRS).contains(&a.pairs) {
            bail!(
                "--pairs (pairs of games) must be from 1 to {MAX_PAIRS}, not {}",
                a.pairs
            );
        }
        a.length.check()?;
        let ruleset = select::ruleset_info(&a.ruleset)?.name;
        let scenario = select::scenario(ruleset, a.scenario.as_deref())?;
        let resolve = |flag: &str, text: &str| -> Result<(String, broadside_agents::AgentSpec)> {
            let name = agent_for(text, ruleset)?;
            let spec = select::agent_spec(&name, ruleset)
                .and_then(|spec| select::check_spec(&spec, ruleset).map(|()| spec))
                .with_context(|| format!("{flag} {text}"))?;
            Ok((name, spec))
        };
        let (agent, main) = resolve("--agent", &a.agent)?;
        let (shadow, shadow_spec) = match &a.shadow {
            Some(s) => resolve("--shadow", s)?,
            None => (agent.clone(), main.clone()),
        };
        let (opponent, opponent_spec) = match &a.opponent {
            Some(s) => {
                let (name, spec) = resolve("--opponent", s)?;
                (name, Some(spec))
            }
            None => ("itself".to_string(), None),
        };
        Ok(Self {
            scenario,
            names: Names {
                agent,
                shadow,
                opponent,
            },
            config: AgreementConfig {
                main,
                opponent: opponent_spec,
                shadow: shadow_spec,
                shadows: a.shadows,
                pairs: a.pairs,
                seed: a.seed,
                max_decisions: Some(a.length.max_decisions),
            },
            json: a.json,
        })
    }
}

/// The report: what was measured and the figures.
#[derive(Debug, Serialize)]
struct Report<'a> {
    ruleset: &'static str,
    scenario: &'a str,
    seed: u64,
    #[serde(flatten)]
    names: &'a Names,
    #[serde(flatten)]
    agreement: &'a Agreement,
}

/// Runs `broadside agree`.
pub fn run(s: AgreeSettings) -> Result<()> {
    let bar = progress::bar(2 * s.config.pairs as u64, "agreement games");
    let options = GameOptions { resignation: false };
    let new_game = |_: u64| s.scenario.new_game(&options);
    let figures = agreement::measure(&new_game, &s.config, &|| bar.inc(1))
        .with_context(|| format!("{} / {}", s.scenario.ruleset(), s.scenario.id()))?;
    bar.finish_and_clear();
    let report = Report {
        ruleset: s.scenario.ruleset(),
        scenario: s.scenario.id(),
        seed: s.config.seed,
        names: &s.names,
        agreement: &figures,
    };
    if s.json {
        return super::print_json(&report);
    }
    print_table(&report)
}

fn print_table(r: &Report) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let a = r.agreement;
    writeln!(
        out,
        "{} / {}: {} against {}, {} games, seed {}; {} shadow{} ({}) asked at each of its \
         decisions",
        r.ruleset,
        r.scenario,
        r.names.agent,
        r.names.opponent,
        a.games,
        r.seed,
        a.shadows,
        if a.shadows == 1 { "" } else { "s" },
        r.names.shadow,
    )?;
    writeln!(
        out,
        "{:<16} {:>9} {:>10} {:>7}",
        "kind", "decisions", "agreement", "modal"
    )?;
    for k in a.by_kind.iter().chain(std::iter::once(&a.overall)) {
        writeln!(
            out,
            "{:<16} {:>9} {:>9.1}% {:>6.1}%",
            k.kind,
            k.decisions,
            100.0 * k.agreement,
            100.0 * k.modal
        )?;
    }
    writeln!(
        out,
        "agreement: the share of the shadows' choices that were the agent's; modal: the mean \
         share of the agent and its shadows that made the most common choice."
    )?;
    if r.names.opponent != "itself" {
        writeln!(out, "The agent's score: {:.1}%", 100.0 * a.main_score)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(agent: &str) -> AgreeArgs {
        AgreeArgs {
            ruleset: "poe".to_string(),
            scenario: Some("warship-duel".to_string()),
            agent: agent.to_string(),
            shadow: None,
            shadows: 1,
            opponent: None,
            pairs: 1,
            seed: 3,
            length: GameLength {
                max_decisions: 20_000,
            },
            json: true,
        }
    }

    #[test]
    fn the_shadow_defaults_to_the_agent_and_admiral_resolves() {
        let s = AgreeSettings::from_args(args("admiral")).unwrap();
        let admiral = crate::screens::default_admiral("poe").unwrap();
        assert_eq!(s.names.agent, admiral);
        assert_eq!(s.names.shadow, admiral);
        assert_eq!(s.names.opponent, "itself");
        assert!(s.config.opponent.is_none());
    }

    #[test]
    fn bad_flags_are_refused_with_their_name() {
        for (a, needle) in [
            (args("bot:nope"), "--agent bot:nope"),
            (
                AgreeArgs {
                    shadow: Some("bot:nope".into()),
                    ..args("random")
                },
                "--shadow bot:nope",
            ),
            (
                AgreeArgs {
                    opponent: Some("mcts:sims=x".into()),
                    ..args("random")
                },
                "--opponent",
            ),
            (
                AgreeArgs {
                    shadows: 0,
                    ..args("random")
                },
                "--shadows",
            ),
            (
                AgreeArgs {
                    pairs: 0,
                    ..args("random")
                },
                "--pairs",
            ),
            (
                AgreeArgs {
                    ruleset: "nope".into(),
                    ..args("random")
                },
                "unknown ruleset",
            ),
            (
                AgreeArgs {
                    scenario: Some("nope".into()),
                    ..args("random")
                },
                "unknown scenario",
            ),
        ] {
            let e = format!("{:#}", AgreeSettings::from_args(a).unwrap_err());
            assert!(e.contains(needle), "{needle}: {e}");
        }
    }
}
