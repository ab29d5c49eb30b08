//! Wooden Ships & Iron Men's tests: the rules one by one, the data files and the golden
//! playthroughs, in one test binary
//! (each file a module; `cargo test -p broadside-env --test wsim MODULE::`).

mod common;
#[path = "../golden_playthrough/mod.rs"]
mod golden_playthrough;

mod data;
mod golden;
mod rules_collisions;
mod rules_contract;
mod rules_fire;
mod rules_hdt;
mod rules_movement;
mod rules_outcomes;
