//! The benchmarks every ruleset runs on its scenarios (`wsim.rs`, `fsail.rs`).

use broadside_env::game::Game;
use broadside_env::harness::random_decisions;
use broadside_env::observation::Observation;
use criterion::{black_box, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Random play (mask + apply + chance sampling), clone and observation from `start`, in the
/// benchmark group `group`.
pub fn bench_game<G: Game>(c: &mut Criterion, group: String, start: &G) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(10_000));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("random_play_10k_decisions", |b| {
        b.iter(|| random_decisions(start, &mut rng, 10_000))
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("clone", |b| {
        b.iter(|| {
            let copy = black_box(start).clone();
            black_box(&copy);
        })
    });
    let mut obs = Observation::new(&start.spec().obs);
    group.bench_function("observe", |b| {
        b.iter(|| start.observe(0, black_box(&mut obs)))
    });
    group.finish();
}
