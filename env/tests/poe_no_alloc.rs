//! Proof that playing the sea fight does not touch the heap: a counting global allocator
//! wraps the system one, and random games of every built-in scenario (mask + apply + chance
//! sampling + clone + observation into a reused buffer) must allocate nothing. (The same
//! check as `no_alloc.rs` for the older rulesets, in its own binary so that file stays as
//! it is.)
#![allow(unsafe_code)] // A global allocator needs `unsafe impl`; it only forwards to `System`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use broadside_env::game::{Game, Turn};
use broadside_env::observation::Observation;
use broadside_env::poe::{builtin_scenarios, PoeGame, PoeOptions, POE_SPEC};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
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

#[test]
fn random_play_of_the_sea_fight_allocates_nothing() {
    let starts: Vec<PoeGame> = builtin_scenarios()
        .iter()
        .map(|s| PoeGame::new(s, PoeOptions { resignation: false }))
        .collect();
    let mut obs = Observation::new(&POE_SPEC.obs);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut steps = 0usize;
    let before = allocations();
    for start in &starts {
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
                        let copy = g.clone();
                        g.apply(a).expect("legal");
                        std::hint::black_box(copy);
                    }
                }
                steps += 1;
            }
        }
    }
    let allocated = allocations() - before;
    assert!(steps > 5_000, "played {steps} steps");
    assert_eq!(
        allocated, 0,
        "heap allocations during {steps} steps of play"
    );
}
