//! Criterion benchmarks of Fighting Sail: random play (mask + apply + chance sampling),
//! clone and observation, on the default fleet action and the frigate duel.

use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions, FSAIL_SPEC};
use broadside_env::game::Game;
use broadside_env::harness::random_decisions;
use broadside_env::observation::Observation;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn bench(c: &mut Criterion) {
    let options = FsailOptions { resignation: false };
    for id in ["fleet-action", "frigate-duel"] {
        let start = FsailGame::new(&builtin_scenario(id).expect("built-in scenario"), options);
        let mut group = c.benchmark_group(format!("fsail/{id}"));
        group.throughput(Throughput::Elements(10_000));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function("random_play_10k_decisions", |b| {
            b.iter(|| random_decisions(&start, &mut rng, 10_000))
        });
        group.throughput(Throughput::Elements(1));
        group.bench_function("clone", |b| {
            b.iter(|| {
                let copy = black_box(&start).clone();
                black_box(&copy);
            })
        });
        let mut obs = Observation::new(&FSAIL_SPEC.obs);
        group.bench_function("observe", |b| {
            b.iter(|| start.observe(0, black_box(&mut obs)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
