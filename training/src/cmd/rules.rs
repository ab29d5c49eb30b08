//! `broadside rules`: the rulesets this build knows, and their action catalogues.

use std::io::Write;

use anyhow::Result;
use broadside_agents::tactics::{tactics_of, TacticInfo};
use broadside_env::ruleset::{rulesets, RulesetInfo};
use clap::Args;
use serde::Serialize;

use crate::admiral::AdmiralSpec;
use crate::select;

/// Flags of `broadside rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Print JSON on stdout instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Also list each ruleset's action catalogue (index, name, player decision or chance outcome).
    #[arg(long)]
    pub actions: bool,
    /// Also list each ruleset's named tactics (what `broadside tactics` weighs).
    #[arg(long)]
    pub tactics: bool,
}

/// Validated settings of `broadside rules`.
#[derive(Debug, Clone, Copy)]
pub struct RulesSettings {
    pub json: bool,
    pub actions: bool,
    pub tactics: bool,
}

impl RulesSettings {
    /// Nothing to check beyond the flags' types.
    pub fn from_args(a: RulesArgs) -> Result<Self> {
        Ok(RulesSettings {
            json: a.json,
            actions: a.actions,
            tactics: a.tactics,
        })
    }
}

/// One catalogue entry.
#[derive(Debug, Serialize)]
struct ActionRow {
    index: usize,
    name: &'static str,
    /// "player" or "chance".
    kind: &'static str,
}

/// A ruleset with, on request, its catalogue.
#[derive(Debug, Serialize)]
struct RulesetRow {
    #[serde(flatten)]
    info: RulesetInfo,
    /// The admiral `play` gets without `--admiral` or `--level`.
    default_admiral: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<Vec<ActionRow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tactics: Option<Vec<TacticInfo>>,
}

#[derive(Debug, Serialize)]
struct RulesOutput {
    rulesets: Vec<RulesetRow>,
}

fn catalogue(name: &str) -> Result<Vec<ActionRow>> {
    let spec = select::spec(name)?;
    Ok(spec
        .action_names
        .iter()
        .enumerate()
        .map(|(index, &name)| ActionRow {
            index,
            name,
            kind: if index < spec.num_player_actions {
                "player"
            } else {
                "chance"
            },
        })
        .collect())
}

/// Runs `broadside rules`.
pub fn run(s: RulesSettings) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let mut rows = Vec::new();
    for info in rulesets() {
        let actions = if s.actions {
            Some(catalogue(info.name)?)
        } else {
            None
        };
        let default_admiral = AdmiralSpec::default_for(info.name).to_string();
        let tactics = if s.tactics {
            tactics_of(info.name)
        } else {
            None
        };
        rows.push(RulesetRow {
            info,
            default_admiral,
            actions,
            tactics,
        });
    }
    if s.json {
        return super::print_json(&RulesOutput { rulesets: rows });
    }
    writeln!(
        out,
        "{:<8} {:<52} {:>7} {:>8} {:>8}  DEFAULT SCENARIO",
        "NAME", "TITLE", "VERSION", "DECIDE", "ACTIONS"
    )?;
    for r in &rows {
        let i = &r.info;
        writeln!(
            out,
            "{:<8} {:<52} {:>7} {:>8} {:>8}  {}",
            i.name, i.title, i.version, i.num_player_actions, i.num_actions, i.default_scenario
        )?;
    }
    writeln!(out, "(DECIDE: player actions, the policy's width; ACTIONS: the whole catalogue with chance outcomes)")?;
    writeln!(
        out,
        "Default admirals (`play` without --admiral or --level):"
    )?;
    for r in &rows {
        writeln!(out, "  {:<8} {}", r.info.name, r.default_admiral)?;
    }
    for r in &rows {
        if let Some(tactics) = &r.tactics {
            writeln!(
                out,
                "\nTactics of {} (`broadside tactics --ruleset {}`):",
                r.info.name, r.info.name
            )?;
            for t in tactics {
                writeln!(out, "  {:<22} {}", t.name, t.line)?;
                writeln!(out, "  {:<22} pays by: {}", "", t.rule)?;
            }
        }
    }
    for r in &rows {
        if let Some(actions) = &r.actions {
            writeln!(
                out,
                "\nAction catalogue of {} (version {}):",
                r.info.name, r.info.version
            )?;
            writeln!(out, "{:>5}  {:<24} KIND", "INDEX", "NAME")?;
            for a in actions {
                writeln!(out, "{:>5}  {:<24} {}", a.index, a.name, a.kind)?;
            }
        }
    }
    Ok(())
}
