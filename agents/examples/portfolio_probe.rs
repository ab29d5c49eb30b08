//! How long a portfolio search takes per decision, and how many playouts fit in a time
//! budget: the spec plays each side in turn against the ruleset's best bot; every decision
//! where the doctrines disagree (a real search) records its time and playouts.
//!
//! `cargo run --release -p broadside-agents --example portfolio_probe -- wsim squadron-battle 'portfolio:sims=24' 4`
//! A `time=MS` spec reports the playouts that budget buys (arena runs with the matching
//! `sims=N` are then deterministic where time budgets are not).

#[path = "common/clock.rs"]
mod clock;

use std::time::Instant;

use broadside_agents::{Agent, AgentSpec, KnownAgents};
use broadside_env::fsail::{self, FsailGame, FsailOptions};
use broadside_env::wsim::{self, WsimGame, WsimOptions};
use broadside_env::Turn;
use clock::thread_cpu_ns;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One search: wall-clock nanoseconds (the CPU clock ticks too coarsely for a single
/// decision), playouts per candidate, candidates.
struct Search {
    ns: u64,
    playouts: u32,
    candidates: usize,
}

#[derive(Default)]
struct Probe {
    decisions: u64,
    /// On-CPU nanoseconds of all the spec's decisions.
    all_ns: u64,
    searches: Vec<Search>,
    bot_ns: u64,
    bot_decisions: u64,
}

fn probe<G: KnownAgents>(start: G, spec: &str, games: u64) -> Probe {
    let spec: AgentSpec = spec.parse().expect("a valid spec");
    let mut out = Probe::default();
    for seed in 1..=games {
        let mut me = spec
            .build_portfolio::<G>(seed)
            .expect("builds")
            .expect("a portfolio spec");
        let mut bot = G::named_bot("best", seed + 100).expect("a bot");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = start.clone();
        // The search plays side 0 in odd games and side 1 in even ones.
        let side = (1 - seed % 2) as u8;
        for _ in 0..20_000 {
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                }
                Turn::Player(p) if p == side => {
                    let cpu = thread_cpu_ns().unwrap_or(0);
                    let wall = Instant::now();
                    let a = me.choose(&g, p);
                    let ns = wall.elapsed().as_nanos() as u64;
                    out.all_ns += thread_cpu_ns().unwrap_or(0).saturating_sub(cpu);
                    out.decisions += 1;
                    if let Some(c) = me.candidates().first() {
                        out.searches.push(Search {
                            ns,
                            playouts: c.playouts,
                            candidates: me.candidates().len(),
                        });
                    }
                    g.apply_unchecked(a);
                }
                Turn::Player(p) => {
                    let wall = Instant::now();
                    let a = bot.choose(&g, p);
                    out.bot_ns += wall.elapsed().as_nanos() as u64;
                    out.bot_decisions += 1;
                    g.apply_unchecked(a);
                }
            }
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (ruleset, scenario, spec) = (&args[1], &args[2], &args[3]);
    let games = args.get(4).map_or(2, |g| g.parse().unwrap());
    let p = match ruleset.as_str() {
        "wsim" => probe(
            WsimGame::new(
                &wsim::builtin_scenario(scenario).unwrap(),
                WsimOptions { resignation: false },
            ),
            spec,
            games,
        ),
        _ => probe(
            FsailGame::new(
                &fsail::builtin_scenario(scenario).unwrap(),
                FsailOptions { resignation: false },
            ),
            spec,
            games,
        ),
    };
    let mut ms: Vec<f64> = p.searches.iter().map(|s| s.ns as f64 / 1e6).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len().max(1);
    let playouts: u64 = p
        .searches
        .iter()
        .map(|s| u64::from(s.playouts) * s.candidates as u64)
        .sum();
    let search_ns: u64 = p.searches.iter().map(|s| s.ns).sum();
    println!(
        "{ruleset}/{scenario} {spec}: {} decisions, {} searches ({:.0}%), mean {:.2} ms per decision",
        p.decisions,
        p.searches.len(),
        100.0 * p.searches.len() as f64 / p.decisions.max(1) as f64,
        p.all_ns as f64 / 1e6 / p.decisions.max(1) as f64
    );
    println!(
        "  per search: median {:.2} ms, p90 {:.2} ms, max {:.2} ms; {:.1} candidates, {:.2} ms per playout",
        ms.get(n / 2).copied().unwrap_or(0.0),
        ms.get(n * 9 / 10).copied().unwrap_or(0.0),
        ms.last().copied().unwrap_or(0.0),
        p.searches.iter().map(|s| s.candidates).sum::<usize>() as f64 / n as f64,
        search_ns as f64 / 1e6 / playouts.max(1) as f64
    );
    println!(
        "  the opponent bot: {:.3} ms per decision",
        p.bot_ns as f64 / 1e6 / p.bot_decisions.max(1) as f64
    );
    let mut per: Vec<u32> = p.searches.iter().map(|s| s.playouts).collect();
    per.sort_unstable();
    println!(
        "  playouts per candidate: median {}, tenth percentile {}, mean {:.1}; searches with fewer than 10: {:.0}%",
        per.get(n / 2).copied().unwrap_or(0),
        per.get(n / 10).copied().unwrap_or(0),
        per.iter().map(|&k| f64::from(k)).sum::<f64>() / n as f64,
        100.0 * per.iter().filter(|&&k| k < 10).count() as f64 / n as f64
    );
}
