//! How many simulations an `mcts` spec runs in a time budget on one thread: the spec (its
//! budget replaced by the time, one thread) plays each side in turn against the ruleset's best bot,
//! and every search records its new simulations (tree reuse included, as in play). Arena runs with
//! the equivalent `sims=N` are deterministic where time budgets are not.
//!
//! `cargo run --release -p broadside-agents --example sims_probe -- wsim frigate-duel 10 'mcts:eval=heuristic'`
//! (`0` instead of `10`: keep the spec's simulation budget). It also reports the rate per
//! 10 ms of the thread's CPU time, which a machine shared with other work does not distort.

use broadside_agents::mcts::Budget;
use broadside_agents::{Agent, AgentSpec, KnownAgents};
use broadside_env::fsail::{self, FsailGame, FsailOptions};
use broadside_env::wsim::{self, WsimGame, WsimOptions};
use broadside_env::Turn;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "common/clock.rs"]
mod clock;
use clock::thread_cpu_ns;

/// Every search's simulations, and the total simulations and on-CPU nanoseconds (the
/// kernel counts them in scheduler ticks: only totals over many searches are meaningful).
fn probe<G: KnownAgents>(start: G, ms: u64, spec: &str, games: u64) -> (Vec<u64>, (u64, u64)) {
    let mut totals = (0u64, 0u64);
    let mut spec: AgentSpec = spec.parse().expect("a valid spec");
    if let AgentSpec::Mcts { config, .. } = &mut spec {
        if ms > 0 {
            config.budget = Budget::TimeMs(ms);
        }
        config.threads = 1;
    }
    let mut sims = Vec::new();
    for seed in 1..=games {
        let mut mcts = spec.build_mcts::<G>(seed).expect("builds").expect("mcts");
        let mut bots = [G::named_bot("best", seed + 100).expect("a bot")];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = start.clone();
        // The search plays side 0 in odd games and side 1 in even ones.
        let me = (1 - seed % 2) as u8;
        let mut decisions = 0;
        while decisions < 400 {
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                }
                Turn::Player(p) => {
                    let a = if p == me {
                        let t0 = thread_cpu_ns();
                        let a = mcts.choose(&g, me);
                        let cpu = thread_cpu_ns().zip(t0).map(|(b, a)| b.saturating_sub(a));
                        if g.legal_actions().len() > 1 {
                            let n = mcts.explain().map_or(0, |e| e.simulations);
                            sims.push(n);
                            totals.0 += n;
                            totals.1 += cpu.unwrap_or(0);
                            if std::env::var("PROBE_VERBOSE").is_ok() {
                                println!("decision {decisions}:");
                                for l in Agent::explain(&mcts) {
                                    println!("  {l}");
                                }
                            }
                        }
                        a
                    } else {
                        bots[0].choose(&g, p)
                    };
                    g.apply_unchecked(a);
                    decisions += 1;
                }
            }
        }
    }
    sims.sort_unstable();
    (sims, totals)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (ruleset, scenario, ms, spec) = (&args[1], &args[2], args[3].parse().unwrap(), &args[4]);
    let games = args.get(5).map_or(3, |g| g.parse().unwrap());
    let (sims, (total, ns)) = match ruleset.as_str() {
        "wsim" => probe(
            WsimGame::new(
                &wsim::builtin_scenario(scenario).unwrap(),
                WsimOptions { resignation: false },
            ),
            ms,
            spec,
            games,
        ),
        _ => probe(
            FsailGame::new(
                &fsail::builtin_scenario(scenario).unwrap(),
                FsailOptions { resignation: false },
            ),
            ms,
            spec,
            games,
        ),
    };
    let n = sims.len().max(1);
    let mean = sims.iter().sum::<u64>() as f64 / n as f64;
    println!(
        "{ruleset}/{scenario} {spec} @ {} ms: {} searches, median {} sims, mean {:.0}, p10 {}, p90 {}",
        ms,
        sims.len(),
        sims.get(n / 2).copied().unwrap_or(0),
        mean,
        sims.get(n / 10).copied().unwrap_or(0),
        sims.get(n * 9 / 10).copied().unwrap_or(0),
    );
    if ns > 0 {
        println!(
            "  on-CPU rate: {:.0} sims per 10 ms of CPU ({total} sims in {:.2} s of CPU)",
            total as f64 * 1e7 / ns as f64,
            ns as f64 / 1e9
        );
    }
}
