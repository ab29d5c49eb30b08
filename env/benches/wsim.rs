//! Criterion benchmarks of WS&IM: random play (mask + apply + chance sampling), clone and
//! observation, on the default squadron battle and the frigate duel.

mod common;

use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn bench(c: &mut Criterion) {
    let options = WsimOptions { resignation: false };
    for id in ["squadron-battle", "frigate-duel"] {
        let start = WsimGame::new(&builtin_scenario(id).expect("built-in scenario"), options);
        common::bench_game(c, format!("wsim/{id}"), &start);
    }
}

/// Steps a vectorised env of 64 squadron battles with uniform random legal actions, on a
/// rayon pool of `threads` threads: the thread-scaling figure of the issue.
fn bench_vec_env(c: &mut Criterion) {
    use broadside_env::wrapper::{VecEnv, VecEnvConfig};
    let scenario = builtin_scenario("squadron-battle").expect("built-in scenario");
    let mut group = c.benchmark_group("wsim/vec_env_64");
    group.throughput(Throughput::Elements(64));
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        let sc = scenario.clone();
        let mut venv = VecEnv::new(
            move |_| WsimGame::new(&sc, WsimOptions { resignation: false }),
            VecEnvConfig {
                num_envs: 64,
                seed: 5,
                ..VecEnvConfig::default()
            },
        );
        venv.reset(5);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut actions = vec![0; 64];
        group.bench_function(format!("step_threads_{threads}"), |b| {
            b.iter(|| {
                pool.install(|| {
                    // From the batch's mask rows, as `broadside bench` does.
                    for (i, a) in actions.iter_mut().enumerate() {
                        let legal = venv.batch().legal_actions(i);
                        *a = legal
                            .nth(rng.random_range(0..legal.len().max(1)))
                            .unwrap_or(0);
                    }
                    venv.step(&actions).expect("legal actions");
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_vec_env);
criterion_main!(benches);
