//! Criterion benchmark of the search: simulations per second on the WS&IM frigate duel with
//! the heuristic leaf value, on one and on two root-parallel threads (throughput is in
//! simulations), and the same on Nim with random rollouts for comparison.

use std::sync::Arc;

use broadside_agents::mcts::{Budget, HeuristicEvaluator, MctsAgent, MctsConfig, Selection};
use broadside_agents::wsim::{wsim_info_key, WsimMaterial};
use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

const SIMS: u64 = 20_000;

fn bench(c: &mut Criterion) {
    let sc = builtin_scenario("frigate-duel").expect("built-in scenario");
    let start = WsimGame::new(&sc, WsimOptions { resignation: false });
    let mut group = c.benchmark_group("mcts/wsim_frigate_duel_heuristic");
    group.throughput(Throughput::Elements(SIMS));
    group.sample_size(10);
    for threads in [1usize, 2] {
        let cfg = MctsConfig {
            budget: Budget::Simulations(SIMS),
            selection: Selection::Uct { c: 2.0 },
            threads,
            reuse: false,
            seed: 1,
            first_mover_bandits: false,
            ..MctsConfig::default()
        };
        let mut agent = MctsAgent::with_info_key(
            cfg,
            Arc::new(|_| Box::new(HeuristicEvaluator::new(Arc::new(WsimMaterial::default())))),
            wsim_info_key,
        );
        group.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| black_box(agent.search(&start, 0).simulations))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
