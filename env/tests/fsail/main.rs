//! Fighting Sail's tests: the rules one by one, the data files and the golden playthroughs, in one test binary
//! (each file a module; `cargo test -p broadside-env --test fsail MODULE::`).

mod common;
#[path = "../golden_playthrough/mod.rs"]
mod golden_playthrough;

mod data;
mod golden;
mod rules_boarding;
mod rules_damage;
mod rules_sailing;
mod rules_shooting;
mod rules_turn;
