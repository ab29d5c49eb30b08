//! `broadside ladder DIR init|add|run|show`: a rating list that grows. Entrants (any agent
//! specs, `cmd:` bots included) are paired where their ratings are least certain, a batch
//! of games at a time planned from the results so far (so the results depend on the
//! ladder's seed and state, never on `--concurrency`); every finished game is appended to
//! the folder's results file, in plan order, as soon as the games before it are (so `run`
//! resumes after a kill, losing at most the batch's unwritten games), and `show` prints the
//! Bradley-Terry leaderboard anchored at `random` = 0 with the pairwise score table.

mod rate;
mod store;

use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use broadside_agents::ladder::{plan_batch, BATCH_GAMES};
use broadside_agents::mcts::hash::mix;
use broadside_agents::tournament::play_game;
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{GameOptions, DEFAULT_RULESET};
use clap::{Args, Subcommand};
use rayon::prelude::*;

use store::{Entrant, Ladder, ResultLine};

/// Flags of `broadside ladder`.
#[derive(Debug, Args)]
pub struct LadderArgs {
    /// The ladder's folder.
    pub dir: PathBuf,
    #[command(subcommand)]
    pub action: LadderAction,
}

/// What to do with the ladder.
#[derive(Debug, Subcommand)]
pub enum LadderAction {
    /// Start a ladder in DIR (a new or empty folder).
    Init {
        #[arg(long, default_value = DEFAULT_RULESET)]
        ruleset: String,
        /// A built-in scenario id; the ruleset's default when left out.
        #[arg(long)]
        scenario: Option<String>,
        /// Seed of the dice and the agents (game N's seeds derive from it and N).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Cut a game after this many decisions (a draw).
        #[arg(long, default_value_t = 20_000)]
        max_decisions: usize,
    },
    /// Add an entrant: a name for the tables and an agent spec (`random`, `bot:NAME`,
    /// `portfolio:...`, `cmd:COMMAND`, `default` for the ruleset's default admiral, ...).
    Add { name: String, spec: String },
    /// Play games, pairing where the ratings are least certain.
    Run {
        /// Games to play (in pairs, sides swapped).
        #[arg(long, conflicts_with = "until_ci")]
        games: Option<usize>,
        /// Play until every entrant's 95% interval is at most this many Elo wide.
        #[arg(long)]
        until_ci: Option<f64>,
        /// With --until-ci: stop after this many games anyway.
        #[arg(long, default_value_t = 2000)]
        max_games: usize,
        /// Games played at once (1 to 16; the results are the same whatever it is).
        #[arg(long, default_value_t = 1)]
        concurrency: usize,
    },
    /// The leaderboard and the pairwise score table.
    Show {
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        #[arg(long)]
        markdown: bool,
    },
}

/// Runs `broadside ladder`.
pub fn run(a: LadderArgs) -> Result<()> {
    match a.action {
        LadderAction::Init {
            ruleset,
            scenario,
            seed,
            max_decisions,
        } => init(&a.dir, &ruleset, scenario.as_deref(), seed, max_decisions),
        LadderAction::Add { name, spec } => add(&a.dir, &name, &spec),
        LadderAction::Run {
            games,
            until_ci,
            max_games,
            concurrency,
        } => play(&a.dir, games, until_ci, max_games, concurrency),
        LadderAction::Show { json, markdown } => show(&a.dir, json, markdown),
    }
}

fn init(
    dir: &std::path::Path,
    ruleset: &str,
    scenario: Option<&str>,
    seed: u64,
    max_decisions: usize,
) -> Result<()> {
    let sc = crate::select::scenario(ruleset, scenario)?;
    if store::ladder_path(dir).exists() {
        bail!("{} holds a ladder already", dir.display());
    }
    if !(1..=1_000_000).contains(&max_decisions) {
        bail!("--max-decisions must be from 1 to 1000000, not {max_decisions}");
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the folder {}", dir.display()))?;
    let ladder = Ladder {
        format: store::FORMAT,
        ruleset: sc.ruleset().to_string(),
        scenario: sc.id().to_string(),
        seed,
        max_decisions,
        entrants: Vec::new(),
    };
    store::save(dir, &ladder)?;
    eprintln!(
        "ladder of {} / {} in {}; add entrants with `broadside ladder {} add NAME SPEC`",
        ladder.ruleset,
        ladder.scenario,
        dir.display(),
        dir.display()
    );
    Ok(())
}

fn add(dir: &std::path::Path, name: &str, spec_text: &str) -> Result<()> {
    let mut ladder = store::load(dir)?;
    if name.is_empty() || name.len() > 64 || name.chars().any(|c| c.is_control()) {
        bail!("an entrant's name is 1 to 64 printable characters");
    }
    if ladder.entrants.iter().any(|e| e.name == name) {
        bail!("the ladder has an entrant called `{name}` already");
    }
    // `default` (or `admiral`) is the ruleset's default admiral, stored as its spec.
    let spec = crate::select::agent_spec(spec_text, &ladder.ruleset)
        .with_context(|| format!("entrant {name}"))?;
    crate::select::check_spec(&spec, &ladder.ruleset).with_context(|| format!("entrant {name}"))?;
    ladder.entrants.push(Entrant {
        name: name.to_string(),
        spec: spec.to_string(),
    });
    store::save(dir, &ladder)
}

/// The entrants' specs, and the index of the one held at 0 (the first `random`).
fn specs(ladder: &Ladder) -> Result<(Vec<AgentSpec>, Option<usize>)> {
    let specs = ladder
        .entrants
        .iter()
        .map(|e| {
            e.spec
                .parse::<AgentSpec>()
                .map(|s| s.for_scenario(&ladder.scenario))
                .with_context(|| format!("entrant {}", e.name))
        })
        .collect::<Result<Vec<AgentSpec>>>()?;
    let anchor = specs
        .iter()
        .position(|s| matches!(s, AgentSpec::Random { .. }));
    Ok((specs, anchor))
}

fn play(
    dir: &std::path::Path,
    games: Option<usize>,
    until_ci: Option<f64>,
    max_games: usize,
    concurrency: usize,
) -> Result<()> {
    let ladder = store::load(dir)?;
    if ladder.entrants.len() < 2 {
        bail!("a ladder needs at least two entrants (`broadside ladder DIR add NAME SPEC`)");
    }
    if !(1..=BATCH_GAMES).contains(&concurrency) {
        bail!(
            "--concurrency must be from 1 to {BATCH_GAMES} (the games planned at once), not {concurrency}"
        );
    }
    if let Some(ci) = until_ci {
        if !(ci.is_finite() && ci > 0.0) {
            bail!("--until-ci must be a positive number of Elo, not {ci}");
        }
    }
    let target = match (games, until_ci) {
        (Some(n), _) => n,
        (None, Some(_)) => max_games,
        (None, None) => bail!("say how long to run: --games N or --until-ci ELO"),
    };
    let (specs, anchor) = specs(&ladder)?;
    let sc = crate::select::scenario(&ladder.ruleset, Some(&ladder.scenario))?;
    let new_game = move |_seed: u64| sc.new_game(&GameOptions { resignation: false });
    let (results, complete) = store::read_results(dir)?;
    let file = Mutex::new(store::open_results(dir, complete)?);
    let mut records = store::records(&ladder, &results);
    let mut next = results.iter().map(|r| r.game + 1).max().unwrap_or(0);
    let names: Vec<&str> = ladder.entrants.iter().map(|e| e.name.as_str()).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(concurrency)
        .build()?;
    let mut played = 0usize;
    while played < target {
        if let Some(ci) = until_ci {
            let rows = rate::rows(&name_specs(&ladder), anchor, &records);
            let done = rows
                .iter()
                .enumerate()
                .all(|(i, r)| Some(i) == anchor || r.ci95.is_some_and(|w| w <= ci));
            if done {
                break;
            }
        }
        let plan = plan_batch(specs.len(), &records, next, target - played);
        let written = Mutex::new(InOrder::new(next));
        let finished: Vec<_> = pool.install(|| {
            plan.par_iter()
                .map(|&(g, sides)| -> Result<_> {
                    let pair_seed = mix(ladder.seed, (g / 2) as u64);
                    let r = play_game(
                        &new_game,
                        &specs,
                        sides,
                        g,
                        pair_seed,
                        Some(ladder.max_decisions),
                    )?;
                    let line = ResultLine {
                        game: g,
                        sides: [names[sides[0]].to_string(), names[sides[1]].to_string()],
                        returns: r.returns,
                        finished: r.finished,
                        decisions: r.decisions,
                        scenario_seed: r.scenario_seed,
                        chance_seed: r.chance_seed,
                        forfeit: r.forfeit.clone(),
                    };
                    // Written in plan order: this game, then every finished game after it
                    // that waited for it.
                    let mut w = written.lock().unwrap_or_else(|e| e.into_inner());
                    for line in w.ready(line) {
                        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                        store::append(&mut f, &line)?;
                        eprintln!("{}", describe(&line));
                    }
                    Ok(r)
                })
                .collect::<Result<Vec<_>>>()
        })?;
        played += finished.len();
        next += plan.len();
        records.extend(finished);
    }
    eprintln!(
        "{played} games played; `broadside ladder {} show` for the table",
        dir.display()
    );
    Ok(())
}

/// Finished games held back until every game planned before them has finished: what
/// [`InOrder::ready`] returns is the next run of games in plan order.
struct InOrder {
    next: usize,
    waiting: std::collections::BTreeMap<usize, ResultLine>,
}

impl InOrder {
    fn new(first: usize) -> Self {
        InOrder {
            next: first,
            waiting: std::collections::BTreeMap::new(),
        }
    }

    /// Takes a finished game; returns the games now due, in order (maybe none).
    fn ready(&mut self, line: ResultLine) -> Vec<ResultLine> {
        self.waiting.insert(line.game, line);
        let mut out = Vec::new();
        while let Some(l) = self.waiting.remove(&self.next) {
            out.push(l);
            self.next += 1;
        }
        out
    }
}

/// A game's result in one line, for the progress log.
fn describe(r: &ResultLine) -> String {
    let score = match r.returns[0] {
        x if x > 0.0 => "1-0",
        x if x < 0.0 => "0-1",
        _ => "1/2-1/2",
    };
    let why = r
        .forfeit
        .as_ref()
        .map(|f| format!(" ({} forfeited: {})", r.sides[f.side], f.reason))
        .unwrap_or_default();
    format!(
        "game {}: {} - {}: {score}{why}",
        r.game, r.sides[0], r.sides[1]
    )
}

fn name_specs(ladder: &Ladder) -> Vec<(String, String)> {
    ladder
        .entrants
        .iter()
        .map(|e| (e.name.clone(), e.spec.clone()))
        .collect()
}

/// What `show` prints and the board's page reads, computed once: the ratings of every
/// entrant, the pairwise table, and the leaderboard's order.
struct Standings {
    ladder: Ladder,
    anchor: Option<usize>,
    games: usize,
    rows: Vec<rate::Row>,
    /// `table[i][j]`: entrant `i`'s score against `j` and their games, `None` if unmet.
    table: Vec<Vec<Option<(f64, usize)>>>,
    /// Entrant indices, best first; entrants without games last.
    order: Vec<usize>,
}

fn standings(dir: &std::path::Path) -> Result<Standings> {
    let ladder = store::load(dir)?;
    let (_, anchor) = specs(&ladder)?;
    let (results, _) = store::read_results(dir)?;
    let records = store::records(&ladder, &results);
    let rows = rate::rows(&name_specs(&ladder), anchor, &records);
    let table = rate::table(rows.len(), &records);
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        (rows[b].games > 0)
            .cmp(&(rows[a].games > 0))
            .then(rows[b].elo.total_cmp(&rows[a].elo))
    });
    Ok(Standings {
        ladder,
        anchor,
        games: records.len(),
        rows,
        table,
        order,
    })
}

/// The ladder in `dir` as `show --json` prints it: the ruleset and scenario, the games,
/// the anchor, the leaderboard (best first), the entrants' names and the pairwise table
/// (`table[i][j]`: `names[i]`'s score against `names[j]` and their games, or `null`).
pub fn summary(dir: &std::path::Path) -> Result<serde_json::Value> {
    let Standings {
        ladder,
        anchor,
        games,
        rows,
        table,
        order,
    } = standings(dir)?;
    Ok(serde_json::json!({
        "ruleset": ladder.ruleset,
        "scenario": ladder.scenario,
        "games": games,
        "anchor": anchor.map(|a| rows[a].name.clone()),
        "leaderboard": order.iter().map(|&i| &rows[i]).collect::<Vec<_>>(),
        "names": rows.iter().map(|r| r.name.clone()).collect::<Vec<_>>(),
        "table": table.iter().map(|row| row.iter().map(|c| c.map(|(s, n)| serde_json::json!({"score": s, "games": n}))).collect::<Vec<_>>()).collect::<Vec<_>>(),
    }))
}

fn show(dir: &std::path::Path, json: bool, markdown: bool) -> Result<()> {
    if json {
        return super::print_json(&summary(dir)?);
    }
    let Standings {
        ladder,
        anchor,
        games,
        rows,
        table,
        order,
    } = standings(dir)?;
    let ci = |c: Option<f64>| c.map_or("-".to_string(), |w| format!("{w:.0}"));
    let head = format!(
        "{} / {}: {} games, Elo with {} at 0",
        ladder.ruleset,
        ladder.scenario,
        games,
        anchor.map_or("the mean".to_string(), |a| format!("`{}`", rows[a].name))
    );
    if markdown {
        println!("{head}\n");
        println!("| rank | entrant | Elo | ±95% | games | W-D-L | forfeits | score |");
        println!("|---|---|---|---|---|---|---|---|");
    } else {
        println!("{head}");
        println!(
            "{:<4} {:<24} {:>7} {:>6} {:>6} {:>13} {:>8} {:>6}",
            "rank", "entrant", "elo", "±95%", "games", "W-D-L", "forfeits", "score"
        );
    }
    for (rank, &i) in order.iter().enumerate() {
        let r = &rows[i];
        let wdl = format!("{}-{}-{}", r.wins, r.draws, r.losses);
        // An entrant without games has no rating yet (the fit puts it anywhere).
        let played = r.games > 0;
        let elo = if played {
            format!("{:+.0}", r.elo)
        } else {
            "-".into()
        };
        let score = if played {
            format!("{:.1}%", 100.0 * r.score)
        } else {
            "-".into()
        };
        if markdown {
            println!(
                "| {} | {} | {elo} | {} | {} | {wdl} | {} | {score} |",
                rank + 1,
                r.name,
                ci(r.ci95),
                r.games,
                r.forfeits,
            );
        } else {
            println!(
                "{:<4} {:<24} {elo:>7} {:>6} {:>6} {:>13} {:>8} {score:>6}",
                rank + 1,
                r.name,
                ci(r.ci95),
                r.games,
                wdl,
                r.forfeits,
            );
        }
    }
    // The pairwise table: the row entrant's score against the column's (games played).
    println!();
    let cell = |c: &Option<(f64, usize)>| {
        c.map_or("-".to_string(), |(s, n)| format!("{:.0}% ({n})", 100.0 * s))
    };
    if markdown {
        let cols: Vec<String> = order.iter().map(|&j| rows[j].name.clone()).collect();
        println!("| score of row vs column | {} |", cols.join(" | "));
        println!("|---|{}", "---|".repeat(cols.len()));
        for &i in &order {
            let cells: Vec<String> = order.iter().map(|&j| cell(&table[i][j])).collect();
            println!("| {} | {} |", rows[i].name, cells.join(" | "));
        }
    } else {
        print!("{:<24}", "score of row vs column");
        for (k, _) in order.iter().enumerate() {
            print!(" {:>11}", format!("#{}", k + 1));
        }
        println!();
        for (k, &i) in order.iter().enumerate() {
            print!("{:<24}", format!("#{} {}", k + 1, rows[i].name));
            for &j in &order {
                print!(" {:>11}", cell(&table[i][j]));
            }
            println!();
        }
    }
    Ok(())
}
