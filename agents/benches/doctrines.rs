//! Criterion benchmark of the heuristic doctrines: the time one decision takes, averaged
//! over positions of seeded random games (every decision of those games, sailing and
//! firing alike). The doctrines play every portfolio-search playout and every bot rollout,
//! so their speed is the searches' speed in Fighting Sail.

use broadside_agents::{Agent, KnownAgents};
use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions};
use broadside_env::{Game, Turn};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions where a player decides, from `games` random games of `scenario`.
fn positions(scenario: &str, games: u64) -> Vec<FsailGame> {
    let sc = builtin_scenario(scenario).expect("built-in scenario");
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = FsailGame::new(&sc, FsailOptions { resignation: false });
        loop {
            match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(a);
                }
                Turn::Player(_) => {
                    out.push(g.clone());
                    let legal: Vec<_> = g.legal_actions().iter().collect();
                    g.apply_unchecked(legal[rng.random_range(0..legal.len())]);
                }
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    for scenario in ["frigate-duel", "fleet-action"] {
        let states = positions(scenario, 4);
        let mut group = c.benchmark_group(format!("doctrines/fsail_{scenario}"));
        group.throughput(Throughput::Elements(states.len() as u64));
        group.sample_size(10);
        for (name, _) in FsailGame::bots() {
            let mut bot = FsailGame::bot(name, 1).expect("a doctrine");
            group.bench_function(name, |b| {
                b.iter(|| {
                    for g in &states {
                        if let Turn::Player(p) = g.turn() {
                            black_box(bot.choose(g, p));
                        }
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
