//! `broadside arena`: tournaments and ratings between agents named by spec strings.
//!
//! A round robin (every pairing, game pairs with swapped sides, played in parallel) gives
//! standings, a cross table and Bradley-Terry Elo ratings with 95% confidence intervals;
//! `--sprt` instead runs a sequential test between the first two agents and stops as soon as
//! it decides. Results go to a table on stdout (or JSON with `--json`), and optionally to a
//! JSON file with every game's actions (replayable) and a CSV file with one line per game.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_agents::arena_report::{ArenaReport, SideRecord, SprtReport};
use broadside_agents::ratings::{Sprt, SprtDecision};
use broadside_agents::tournament::{round_robin, sprt_match, SprtConfig, TournamentConfig};
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{AnyScenario, GameOptions, DEFAULT_RULESET};
use broadside_env::savegame::SavedGame;
use clap::Args;

use super::shared_flags::GameLength;
use crate::atomic::write_atomic;
use crate::{progress, select};

/// Flags of `broadside arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The ruleset (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id or a scenario file; a name is read as a file only when it
    /// contains `/` or ends in `.toml`. The ruleset's default when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// An agent spec (repeat for each entrant): `random`, `bot:british`,
    /// `mcts:sims=800,eval=rollout:bot:close-action`, `mcts:level=hard`,
    /// `portfolio:time=10,wide=true` (the spec grammar: docs of `broadside_agents::spec`);
    /// `default` (or `admiral`) is the ruleset's default admiral.
    #[arg(long = "agent", value_name = "SPEC", required = true)]
    pub agents: Vec<String>,
    /// Game pairs (two games, sides swapped) per pairing in a round robin.
    #[arg(long, default_value_t = 10)]
    pub pairs: usize,
    /// Seed of the schedule, the dice and the agents.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub length: GameLength,
    /// Run an SPRT between the first two agents instead of a round robin.
    #[arg(long)]
    pub sprt: bool,
    /// SPRT: Elo of the null hypothesis.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub elo0: f64,
    /// SPRT: Elo of the alternative.
    #[arg(long, default_value_t = 50.0, allow_negative_numbers = true)]
    pub elo1: f64,
    /// SPRT: the chance of accepting the alternative (H1) when the null (H0) holds.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// SPRT: the chance of accepting the null (H0) when the alternative (H1) holds.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// SPRT: most game pairs before giving up undecided.
    #[arg(long, default_value_t = 2000)]
    pub max_pairs: usize,
    /// Write every game (seeds, returns, actions) and the ratings to this JSON file.
    #[arg(long, value_name = "FILE")]
    pub json_out: Option<PathBuf>,
    /// Write one line per game to this CSV file.
    #[arg(long, value_name = "FILE")]
    pub csv_out: Option<PathBuf>,
    /// Save every game as a replayable saved game (`broadside replay`) in this folder,
    /// one file `game-NNNNN.json` per game; a folder holding another run's records is refused.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Print the result as JSON on stdout instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Validated settings of `broadside arena`.
#[derive(Debug, Clone)]
pub struct ArenaSettings {
    pub scenario: AnyScenario,
    pub specs: Vec<AgentSpec>,
    pub pairs: usize,
    pub seed: u64,
    pub max_decisions: usize,
    /// The test and its most game pairs, with `--sprt`.
    pub sprt: Option<(Sprt, usize)>,
    pub json_out: Option<PathBuf>,
    pub csv_out: Option<PathBuf>,
    pub records: Option<PathBuf>,
    pub json: bool,
}

impl ArenaSettings {
    /// Parses every spec and builds every agent once before any game is played.
    pub fn from_args(a: ArenaArgs) -> Result<Self> {
        let scenario = select::scenario(&a.ruleset, a.scenario.as_deref())?;
        let specs = a
            .agents
            .iter()
            .map(|s| {
                select::agent_spec(s, scenario.ruleset())
                    .map(|spec| spec.for_scenario(scenario.id()))
                    .with_context(|| format!("--agent {s}"))
            })
            .collect::<Result<Vec<_>>>()?;
        for (s, text) in specs.iter().zip(&a.agents) {
            crate::select::check_spec(s, scenario.ruleset())
                .with_context(|| format!("--agent {text}"))?;
        }
        if specs.len() < 2 {
            bail!("an arena needs at least two --agent specs");
        }
        if specs.len() > MAX_AGENTS {
            bail!(
                "an arena takes at most {MAX_AGENTS} --agent specs, not {}",
                specs.len()
            );
        }
        if !a.sprt {
            in_range("--pairs", a.pairs, 1, MAX_PAIRS, "game pairs per pairing")?;
        }
        a.length.check()?;
        if a.sprt {
            if specs.len() != 2 {
                bail!(
                    "--sprt tests one agent against another: give exactly two --agent specs, not {} \
                     (without --sprt, a round robin takes any number)",
                    specs.len()
                );
            }
            check_sprt(a.elo0, a.elo1, a.max_pairs)?;
        }
        let sprt = if a.sprt {
            let test = Sprt::with_errors(a.elo0, a.elo1, a.alpha, a.beta)
                .map_err(|e| anyhow::anyhow!("--{e}"))?;
            Some((test, a.max_pairs))
        } else {
            None
        };
        for (flag, path) in [("--json-out", &a.json_out), ("--csv-out", &a.csv_out)] {
            if let Some(path) = path {
                crate::atomic::check_writable(path).with_context(|| flag.to_string())?;
                if let Some(name) = &a.scenario {
                    crate::atomic::check_not_input(path, &[std::path::Path::new(name)])
                        .with_context(|| flag.to_string())?;
                }
            }
        }
        if let Some(dir) = &a.records {
            // A file, a device or a link to nothing where the folder should be: say so
            // rather than "File exists".
            if let Ok(m) = std::fs::symlink_metadata(dir) {
                match std::fs::metadata(dir) {
                    Err(_) if m.file_type().is_symlink() => bail!(
                        "--records: {} is a symbolic link to nothing; name a folder",
                        dir.display()
                    ),
                    Ok(m) if !m.is_dir() => bail!(
                        "--records: {} exists and is not a folder; name an empty or new folder",
                        dir.display()
                    ),
                    _ => {}
                }
            }
            std::fs::create_dir_all(dir).with_context(|| {
                format!("--records: cannot create the folder {}", dir.display())
            })?;
            // Another run's records would be overwritten one by one: refuse instead.
            let earlier = std::fs::read_dir(dir)
                .with_context(|| format!("--records: cannot read the folder {}", dir.display()))?
                .filter_map(|e| e.ok())
                .any(|e| {
                    let name = e.file_name();
                    let name = name.to_string_lossy();
                    name.starts_with("game-") && name.ends_with(".json")
                });
            if earlier {
                bail!(
                    "--records: {} already holds saved games (game-*.json) from another run; \
                     name an empty or new folder",
                    dir.display()
                );
            }
        }
        Ok(Self {
            scenario,
            specs,
            pairs: a.pairs,
            seed: a.seed,
            max_decisions: a.length.max_decisions,
            sprt,
            json_out: a.json_out,
            csv_out: a.csv_out,
            records: a.records,
            json: a.json,
        })
    }
}

/// Refuses SPRT settings that cannot give a meaningful test: the Elo bounds must be finite
/// numbers with `elo0 < elo1`, and at least one game pair must be allowed.
fn check_sprt(elo0: f64, elo1: f64, max_pairs: usize) -> Result<()> {
    for (flag, v) in [("--elo0", elo0), ("--elo1", elo1)] {
        if !v.is_finite() {
            bail!("{flag} must be a finite number of Elo points, not {v}");
        }
    }
    if elo0 >= elo1 {
        bail!(
            "--elo0 ({elo0}) must be below --elo1 ({elo1}): the test weighs \
             \"stronger by at most elo0\" against \"stronger by at least elo1\""
        );
    }
    in_range(
        "--max-pairs",
        max_pairs,
        1,
        MAX_PAIRS,
        "game pairs before the test gives up",
    )
}

/// The most game pairs per pairing (`--pairs`) and in an SPRT (`--max-pairs`): every game is
/// kept for the report, so a count past this would fill memory before it finished.
pub const MAX_PAIRS: usize = 100_000;
/// The most agents in one arena.
pub const MAX_AGENTS: usize = 64;

/// Refuses `value` outside `lo..=hi`, naming the flag, what it counts and the valid range.
fn in_range(flag: &str, value: usize, lo: usize, hi: usize, what: &str) -> Result<()> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        bail!("{flag} ({what}) must be from {lo} to {hi}, not {value}")
    }
}

/// `1 pair`, `2 pairs`.
fn pairs(n: usize) -> String {
    format!("{n} pair{}", if n == 1 { "" } else { "s" })
}

/// A decision in words, for the table.
fn decision_words(t: &SprtReport) -> String {
    match t.decision {
        SprtDecision::AcceptH1 => format!(
            "H1 accepted: the first agent is stronger by about {} Elo or more",
            t.elo1
        ),
        SprtDecision::AcceptH0 => format!(
            "H0 accepted: the first agent is stronger by at most about {} Elo",
            t.elo0
        ),
        SprtDecision::Continue => format!("undecided after {}", pairs(t.pairs)),
    }
}

/// Runs the arena.
pub fn run(s: ArenaSettings) -> Result<()> {
    let sc = s.scenario.clone();
    let options = GameOptions { resignation: false };
    let new_game = move |_seed: u64| sc.new_game(&options);
    let names: Vec<String> = s.specs.iter().map(|x| x.to_string()).collect();
    let (games, sprt) = match s.sprt {
        None => {
            let n = s.specs.len();
            let total = n * (n - 1) * s.pairs;
            let bar = progress::bar(total as u64, "round robin");
            let cfg = TournamentConfig {
                pairs_per_pairing: s.pairs,
                seed: s.seed,
                max_decisions: Some(s.max_decisions),
            };
            let games = round_robin(&new_game, &s.specs, &cfg, &|_| bar.inc(1))?;
            bar.finish_and_clear();
            (games, None)
        }
        Some((test, max_pairs)) => {
            let specs = [s.specs[0].clone(), s.specs[1].clone()];
            let bar = progress::bar(max_pairs as u64, "sprt pairs");
            let run = sprt_match(
                &new_game,
                &specs,
                test,
                &SprtConfig {
                    seed: s.seed,
                    batch: rayon::current_num_threads() * 2,
                    max_pairs,
                    max_decisions: Some(s.max_decisions),
                },
                &|t| {
                    bar.inc(1);
                    bar.set_message(format!("sprt llr {:+.2}", t.llr()));
                },
            )?;
            bar.finish_and_clear();
            let rep = SprtReport::new(&run.test, run.decision, &run.games);
            (run.games, Some(rep))
        }
    };
    let entrants = if sprt.is_some() { 2 } else { s.specs.len() };
    let report = ArenaReport {
        sprt,
        ..ArenaReport::new(
            s.scenario.ruleset(),
            s.scenario.id(),
            names[..entrants].to_vec(),
            s.seed,
            &games,
        )
    };
    // The results go to the screen first, so a file that cannot be written loses nothing,
    // and the files are written even when the screen went away (a closed pipe).
    let printed = if s.json {
        super::print_json(&report)
    } else {
        print_table(&report);
        Ok(())
    };
    if let Some(path) = &s.json_out {
        let full = ArenaReport {
            games: Some(&games),
            ..report
        };
        let text = serde_json::to_string_pretty(&full)?;
        write_atomic(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &s.csv_out {
        let mut text = String::from(
            "index,side0,side1,return0,return1,finished,decisions,scenario_seed,chance_seed\n",
        );
        for g in &games {
            text.push_str(&format!(
                "{},{},{},{},{},{},{},{},{}\n",
                g.index,
                csv_field(&names[g.sides[0]]),
                csv_field(&names[g.sides[1]]),
                g.returns[0],
                g.returns[1],
                g.finished,
                g.decisions,
                g.scenario_seed,
                g.chance_seed
            ));
        }
        write_atomic(path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(dir) = &s.records {
        for g in &games {
            let players = g.sides.iter().map(|&e| names[e].clone()).collect();
            let saved = SavedGame::new(s.scenario.clone(), options, players, &g.actions);
            let path = dir.join(format!("game-{:05}.json", g.index));
            write_atomic(&path, saved.to_json().as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        eprintln!(
            "{} games saved in {} (replay with `broadside replay FILE`)",
            games.len(),
            dir.display()
        );
    }
    printed
}

/// Quotes a CSV field (specs contain commas).
fn csv_field(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// An Elo figure with its sign, and zero as a plain `0`.
fn signed_elo(elo: i64) -> String {
    if elo == 0 {
        "0".to_string()
    } else {
        format!("{elo:+}")
    }
}

/// Wins, draws and losses as `W-D-L`.
fn wdl(r: &SideRecord) -> String {
    format!("{}-{}-{}", r.wins, r.draws, r.losses)
}

fn print_table(r: &ArenaReport<'_>) {
    println!(
        "{} / {}: {} games",
        r.ruleset,
        r.scenario,
        r.standings.iter().map(|s| s.games).sum::<usize>() / 2
    );
    let mut order: Vec<usize> = (0..r.agents.len()).collect();
    order.sort_by(|&a, &b| {
        (r.ratings[b].elo.cmp(&r.ratings[a].elo))
            .then(r.standings[b].score.total_cmp(&r.standings[a].score))
    });
    println!(
        "{:<4} {:<56} {:>6} {:>5} {:>6} {:>5} {:>5} {:>5} {:>6} {:>9} {:>9}",
        "rank", "agent", "elo", "±95%", "games", "win", "draw", "loss", "score", "side 0", "side 1"
    );
    for (rank, &i) in order.iter().enumerate() {
        let (st, ra) = (&r.standings[i], &r.ratings[i]);
        println!(
            "{:<4} {:<56} {:>6} {:>5} {:>6} {:>5} {:>5} {:>5} {:>5.1}% {:>9} {:>9}",
            rank + 1,
            ra.agent,
            signed_elo(ra.elo),
            ra.ci95.map_or("none".to_string(), |c| c.to_string()),
            st.games,
            st.wins,
            st.draws,
            st.losses,
            100.0 * st.score,
            wdl(&st.by_side[0]),
            wdl(&st.by_side[1]),
        );
    }
    println!("side 0, side 1: wins-draws-losses playing that side");
    if let Some(t) = &r.sprt {
        println!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): llr {:+.2} in [{:.2}, {:.2}] after {}: {}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            t.llr,
            t.bounds[0],
            t.bounds[1],
            pairs(t.pairs),
            decision_words(t)
        );
        println!(
            "likelihood of superiority of the first agent: {:.1}%",
            100.0 * t.los
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_agents::arena_report::decision_token;

    fn report(decision: SprtDecision, pairs: usize) -> SprtReport {
        SprtReport {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
            llr: 0.0,
            bounds: [-2.94, 2.94],
            pairs,
            decision,
            los: 0.5,
        }
    }

    #[test]
    fn sprt_settings_must_be_finite_ordered_and_play_a_pair() {
        check_sprt(0.0, 50.0, 1).unwrap();
        check_sprt(-20.0, -10.0, 2000).unwrap();
        for (elo0, elo1, max_pairs, needle) in [
            (f64::NAN, 50.0, 10, "--elo0"),
            (0.0, f64::INFINITY, 10, "--elo1"),
            (f64::NEG_INFINITY, 0.0, 10, "--elo0"),
            (50.0, 50.0, 10, "below --elo1"),
            (100.0, 0.0, 10, "below --elo1"),
            (0.0, 50.0, 0, "--max-pairs"),
        ] {
            let err = check_sprt(elo0, elo1, max_pairs).unwrap_err().to_string();
            assert!(err.contains(needle), "{elo0} {elo1} {max_pairs}: {err}");
        }
    }

    #[test]
    fn the_decision_is_told_in_words() {
        let h1 = decision_words(&report(SprtDecision::AcceptH1, 40));
        assert!(h1.starts_with("H1 accepted") && h1.contains("50"), "{h1}");
        let h0 = decision_words(&report(SprtDecision::AcceptH0, 40));
        assert!(h0.starts_with("H0 accepted"), "{h0}");
        assert_eq!(
            decision_words(&report(SprtDecision::Continue, 1)),
            "undecided after 1 pair"
        );
        assert_eq!(
            decision_words(&report(SprtDecision::Continue, 7)),
            "undecided after 7 pairs"
        );
        for d in [
            SprtDecision::AcceptH1,
            SprtDecision::AcceptH0,
            SprtDecision::Continue,
        ] {
            let v = serde_json::to_value(report(d, 3)).unwrap();
            assert_eq!(v["decision"], decision_token(d));
            assert!(!format!("{v}").contains(&format!("{d:?}")), "{v}");
        }
    }
}
