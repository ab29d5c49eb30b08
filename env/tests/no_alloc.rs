//! Proof that playing a game does not touch the heap: a counting global allocator wraps the
//! system one, and random games of every ruleset (mask + apply + chance sampling + clone)
//! must allocate nothing.
#![allow(unsafe_code)] // A global allocator needs `unsafe impl`; it only forwards to `System`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use broadside_env::game::{Game, Turn};
use broadside_env::ruleset::{self, AnyGame, GameOptions};
use broadside_env::{ObsMemo, Observation};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Counting;

thread_local! {
    // Per thread: the test harness's own threads (its timers, its output capture) may
    // allocate while the games run, and those are not the games' allocations.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: during a thread's teardown the counter may already be gone.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Plays 30 random games from each start, observing every seventh decision into a reused
/// buffer and every decision into a borrowed one with a memo (`observe_into`, as a batch
/// row is written); returns (steps, allocations while playing).
fn play(starts: &[AnyGame], seed: u64) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut obs = Observation::new(&starts[0].spec().obs);
    let mut row = Observation::new(&starts[0].spec().obs);
    let mut memo = ObsMemo::new();
    // Lazily built tables (WS&IM's fields of fire) are made by the first observation, the
    // memo's record and scratch by the first `observe_into`.
    for start in starts {
        start.observe(0, &mut obs);
        start.observe_into(0, row.view_mut(), &mut memo);
    }
    let mut steps = 0usize;
    let before = allocations();
    for start in starts {
        for _ in 0..30 {
            let mut g = start.clone();
            loop {
                match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = g.chance_outcomes().sample(&mut rng);
                        g.apply_unchecked(a);
                    }
                    Turn::Player(p) => {
                        let legal = g.legal_actions();
                        let a = legal
                            .nth(rng.random_range(0..legal.len()))
                            .expect("a legal action");
                        if steps.is_multiple_of(7) {
                            g.observe(p, &mut obs);
                        }
                        g.observe_into(p, row.view_mut(), &mut memo);
                        let copy = g.clone();
                        g.apply(a).expect("legal");
                        std::hint::black_box(copy);
                    }
                }
                steps += 1;
            }
        }
    }
    (steps, allocations() - before)
}

/// One test for every registered ruleset (the counter is per thread, so other tests could
/// run beside it; one test keeps the binary simple).
#[test]
fn random_play_allocates_nothing() {
    let options = GameOptions { resignation: false };
    for r in ruleset::rulesets() {
        // Build everything that may allocate (data tables, scenarios) before counting.
        let starts: Vec<AnyGame> = ruleset::scenarios(r.name)
            .expect("built-in scenarios")
            .iter()
            .map(|s| s.new_game(&options))
            .collect();
        let (steps, allocations) = play(&starts, 7);
        let name = r.name;
        assert!(steps > 10_000, "{name}: played {steps} steps");
        assert_eq!(
            allocations, 0,
            "{name}: heap allocations during {steps} steps of play"
        );
    }
}
