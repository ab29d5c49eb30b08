//! Criterion benchmarks of Fighting Sail: random play (mask + apply + chance sampling),
//! clone and observation, on the default fleet action and the frigate duel.

mod common;

use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let options = FsailOptions { resignation: false };
    for id in ["fleet-action", "frigate-duel"] {
        let start = FsailGame::new(&builtin_scenario(id).expect("built-in scenario"), options);
        common::bench_game(c, format!("fsail/{id}"), &start);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
