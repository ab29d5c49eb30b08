//! Proof that playing Fighting Sail does not touch the heap: a counting global allocator
//! wraps the system one, and random games (mask + apply + chance sampling + clone) must
//! allocate nothing.
#![allow(unsafe_code)] // A global allocator needs `unsafe impl`; it only forwards to `System`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use broadside_env::fsail::{builtin_scenarios, FsailGame, FsailOptions};
use broadside_env::game::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn random_play_allocates_nothing() {
    // Build everything that may allocate (data tables, scenarios) before counting.
    let games: Vec<FsailGame> = builtin_scenarios()
        .iter()
        .map(|s| FsailGame::new(s, FsailOptions { resignation: false }))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut steps = 0usize;
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for start in &games {
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
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert!(steps > 10_000, "played {steps} steps");
    assert_eq!(
        after - before,
        0,
        "heap allocations during {steps} steps of play"
    );
}
