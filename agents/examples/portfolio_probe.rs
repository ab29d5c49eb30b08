//! How long a portfolio search takes per decision, and how many playouts fit in a time
//! budget: the spec plays each side in turn against the ruleset's best bot; every decision
//! where the doctrines disagree (a real search) records its on-CPU time and playouts.
//!
//! `cargo run --release -p broadside-agents --example portfolio_probe -- wsim squadron-battle 'portfolio:sims=24' 4`
//! A `time=MS` spec reports the playouts that budget buys (arena runs with the matching
//! `sims=N` are then deterministic where time budgets are not).

use broadside_agents::{Agent, AgentSpec, KnownAgents};
use broadside_env::fsail::{self, FsailGame, FsailOptions};
use broadside_env::wsim::{self, WsimGame, WsimOptions};
use broadside_env::Turn;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Nanoseconds this thread has run on a CPU (Linux), so a loaded machine does not distort
/// the figures; `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

struct Probe {
    decisions: u64,
    // (wall ns, playouts per candidate, candidates): the kernel's CPU clock ticks too
    // coarsely for single decisions, so they are timed on the wall clock.
    searches: Vec<(u64, u32, usize)>,
    all_ns: u64,
    bot_ns: u64,
    bot_decisions: u64,
}

fn probe<G: KnownAgents>(start: G, spec: &str, games: u64) -> Probe {
    let spec: AgentSpec = spec.parse().expect("a valid spec");
    let mut out = Probe {
        decisions: 0,
        searches: Vec::new(),
        all_ns: 0,
        bot_ns: 0,
        bot_decisions: 0,
    };
    for seed in 1..=games {
        let mut me_agent = spec.build::<G>(seed).expect("builds");
        let mut bot = G::named_bot("best", seed + 100).expect("a bot");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = start.clone();
        let me = (1 - seed % 2) as u8;
        for _ in 0..20_000 {
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                }
                Turn::Player(p) => {
                    let a = if p == me {
                        let t0 = thread_cpu_ns().unwrap_or(0);
                        let wall = std::time::Instant::now();
                        let a = me_agent.choose(&g, me);
                        let wall = wall.elapsed().as_nanos() as u64;
                        let ns = thread_cpu_ns().unwrap_or(0).saturating_sub(t0);
                        out.decisions += 1;
                        out.all_ns += ns;
                        let lines = me_agent.explain();
                        // A search explains itself in candidate lines ("value ... over N playouts").
                        let cands: Vec<u32> = lines
                            .iter()
                            .filter_map(|l| {
                                let (_, rest) = l.split_once(" over ")?;
                                rest.split_whitespace().next()?.parse().ok()
                            })
                            .collect();
                        if !cands.is_empty() {
                            let k = lines.first().and_then(|l| {
                                l.split(": ")
                                    .nth(1)?
                                    .split_whitespace()
                                    .next()?
                                    .parse()
                                    .ok()
                            });
                            out.searches
                                .push((wall, cands[0], k.unwrap_or(cands.len())));
                        }
                        a
                    } else {
                        let wall = std::time::Instant::now();
                        let a = bot.choose(&g, p);
                        out.bot_ns += wall.elapsed().as_nanos() as u64;
                        out.bot_decisions += 1;
                        a
                    };
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
    let mut ms: Vec<f64> = p.searches.iter().map(|s| s.0 as f64 / 1e6).collect();
    ms.sort_by(f64::total_cmp);
    let n = ms.len().max(1);
    let playouts: u64 = p.searches.iter().map(|s| u64::from(s.1) * s.2 as u64).sum();
    let search_ns: u64 = p.searches.iter().map(|s| s.0).sum();
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
        p.searches.iter().map(|s| s.2).sum::<usize>() as f64 / n as f64,
        search_ns as f64 / 1e6 / playouts.max(1) as f64
    );
    println!(
        "  the opponent bot: {:.3} ms per decision",
        p.bot_ns as f64 / 1e6 / p.bot_decisions.max(1) as f64
    );
    let per: Vec<u32> = p.searches.iter().map(|s| s.1).collect();
    println!(
        "  playouts per candidate: mean {:.1}",
        per.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64
    );
}
