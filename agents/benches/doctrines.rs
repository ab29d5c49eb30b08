//! Criterion benchmark of the heuristic doctrines: the time one decision takes, averaged
//! over positions of seeded random games (every decision of those games, sailing and
//! firing alike). The doctrines play every portfolio-search playout and every bot rollout,
//! so their speed is the searches' speed in Fighting Sail.

use broadside_agents::{Agent, KnownAgents};
use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions};
use broadside_env::harness::random_action;
use broadside_env::{Game, Turn};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions where a player decides, from `games` random games of `scenario`.
fn positions(scenario: &str, games: u64) -> Vec<FsailGame> {
    let sc = builtin_scenario(scenario).expect("built-in scenario");
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = FsailGame::new(&sc, FsailOptions { resignation: false });
        while let Some(a) = random_action(&g, &mut rng) {
            if matches!(g.turn(), Turn::Player(_)) {
                out.push(g.clone());
            }
            g.apply_unchecked(a);
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
