//! Criterion benchmarks of Fighting Sail: random play (mask + apply + chance sampling),
//! clone and observation, on the default fleet action and the frigate duel.

use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions, FSAIL_SPEC};
use broadside_env::game::{Game, Turn};
use broadside_env::observation::Observation;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays random games from `start` until `decisions` player decisions were made.
fn play_decisions(start: &FsailGame, rng: &mut ChaCha8Rng, decisions: u64) -> u64 {
    let mut g = start.clone();
    let mut made = 0;
    while made < decisions {
        match g.turn() {
            Turn::Terminal => g = start.clone(),
            Turn::Chance => {
                let a = g.chance_outcomes().sample(rng);
                g.apply_unchecked(a);
            }
            Turn::Player(_) => {
                let legal = g.legal_actions();
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap_or(0);
                g.apply_unchecked(a);
                made += 1;
            }
        }
    }
    made
}

fn bench(c: &mut Criterion) {
    let options = FsailOptions { resignation: false };
    for id in ["fleet-action", "frigate-duel"] {
        let start = FsailGame::new(&builtin_scenario(id).expect("built-in scenario"), options);
        let mut group = c.benchmark_group(format!("fsail/{id}"));
        group.throughput(Throughput::Elements(10_000));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function("random_play_10k_decisions", |b| {
            b.iter(|| play_decisions(&start, &mut rng, 10_000))
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
