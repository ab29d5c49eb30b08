//! Proof that playing a game does not touch the heap: a counting global allocator wraps the
//! system one, and random games of every ruleset (mask + apply + chance sampling + clone)
//! must allocate nothing.
#![allow(unsafe_code)] // A global allocator needs `unsafe impl`; it only forwards to `System`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use broadside_env::fsail::{self, FsailGame, FsailOptions};
use broadside_env::game::{Game, Turn};
use broadside_env::wsim::{self, WsimGame, WsimOptions};
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

/// Plays 20 random games from each start; returns (steps, allocations while playing).
fn play<G: Game>(starts: &[G], seed: u64) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0usize;
    let before = allocations();
    for start in starts {
        for _ in 0..20 {
            let mut g = start.clone();
            loop {
                match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = g.chance_outcomes().sample(&mut rng);
                        g.apply_unchecked(a);
                    }
                    Turn::Player(_) => {
                        let legal = g.legal_actions();
                        let a = legal
                            .nth(rng.random_range(0..legal.len()))
                            .expect("a legal action");
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

/// One test for every ruleset (the counter is per thread, so other tests could run
/// beside it; one test keeps the binary simple).
#[test]
fn random_play_allocates_nothing() {
    // Build everything that may allocate (data tables, scenarios) before counting.
    let wsim: Vec<WsimGame> = wsim::builtin_scenarios()
        .iter()
        .map(|s| WsimGame::new(s, WsimOptions { resignation: false }))
        .collect();
    let fsail: Vec<FsailGame> = fsail::builtin_scenarios()
        .iter()
        .map(|s| FsailGame::new(s, FsailOptions { resignation: false }))
        .collect();
    for (name, (steps, allocations)) in [("wsim", play(&wsim, 7)), ("fsail", play(&fsail, 7))] {
        assert!(steps > 10_000, "{name}: played {steps} steps");
        assert_eq!(
            allocations, 0,
            "{name}: heap allocations during {steps} steps of play"
        );
    }
}
