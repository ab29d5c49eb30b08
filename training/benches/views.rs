//! The cost of the terminal views of `broadside play` and `replay`: drawing the map and
//! the ship charts of the default scenario, and narrating a whole random game.
//! (The rules engine's own benches live in `env/benches`.)

use broadside_env::harness::play_random_game;
use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};
use broadside_env::Game;
use broadside_training::style::Style;
use broadside_training::wsim::narrate::Narrator;
use broadside_training::wsim::{chart, map};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn views(c: &mut Criterion) {
    let scenario = builtin_scenario("squadron-battle").expect("the default scenario is built in");
    let start = WsimGame::new(&scenario, WsimOptions { resignation: false });
    let roster = broadside_training::wsim::roster(&scenario, 0);
    let mut record = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let end = play_random_game(start.clone(), &mut rng, 1_000_000, Some(&mut record));
    assert!(
        end.is_terminal(),
        "a random game of the default scenario ends"
    );

    c.bench_function("map::render squadron-battle", |b| {
        b.iter(|| map::render(std::hint::black_box(&end), &roster, &Style::PLAIN))
    });
    c.bench_function("chart::table squadron-battle", |b| {
        b.iter(|| chart::table(std::hint::black_box(&end), &roster, &Style::PLAIN))
    });
    c.bench_function("narrate a random squadron battle", |b| {
        b.iter(|| {
            let mut narrator = Narrator::new(roster.clone());
            let mut g = start.clone();
            let mut lines = 0;
            for &a in &record {
                let before = g.clone();
                g.apply_unchecked(a);
                lines += narrator.observe(&before, a, &g).len();
            }
            lines
        })
    });
}

criterion_group!(benches, views);
criterion_main!(benches);
