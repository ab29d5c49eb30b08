//! Criterion-free measurement of the sea fight's speed (ignored by default; run in release):
//! `cargo test --release -p broadside-env --test poe_perf -- --ignored --nocapture`.
//! Prints random-play decisions per second on one core and the time of a clone, on the
//! default convoy action.

use std::time::Instant;

use broadside_env::game::{Game, Turn};
use broadside_env::harness::random_decisions;
use broadside_env::poe::{builtin_scenario, PoeGame, PoeOptions, DEFAULT_SCENARIO};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
#[ignore]
fn measure_random_play_and_clone() {
    let start = PoeGame::new(
        &builtin_scenario(DEFAULT_SCENARIO).expect("default scenario"),
        PoeOptions::default(),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    random_decisions(&start, &mut rng, 200_000);
    let n = 3_000_000;
    let t = Instant::now();
    let made = random_decisions(&start, &mut rng, n);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "poe/{DEFAULT_SCENARIO}: {made} random decisions in {secs:.3} s = {:.0} decisions/s",
        made as f64 / secs
    );

    // Clone: states from the middle of random games.
    let mut states = Vec::new();
    let mut g = start.clone();
    while states.len() < 1000 {
        match g.turn() {
            Turn::Terminal => g = start.clone(),
            Turn::Chance => {
                let a = g.chance_outcomes().sample(&mut rng);
                g.apply_unchecked(a);
            }
            Turn::Player(_) => {
                let legal = g.legal_actions();
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap();
                g.apply_unchecked(a);
                states.push(g.clone());
            }
        }
    }
    let reps = 2_000;
    let t = Instant::now();
    let mut sink = 0u64;
    for _ in 0..reps {
        for s in &states {
            let c = std::hint::black_box(s).clone();
            sink = sink.wrapping_add(std::hint::black_box(&c).clock as u64);
        }
    }
    let ns = t.elapsed().as_nanos() as f64 / (reps * states.len()) as f64;
    println!(
        "poe clone: {ns:.1} ns per clone (state {} bytes) [{sink}]",
        std::mem::size_of::<PoeGame>()
    );
}
