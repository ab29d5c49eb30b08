//! Oak & Iron's tests: the rules one by one, the data files and the golden playthroughs, in one test binary
//! (each file a module; `cargo test -p broadside-env --test oak MODULE::`).

#[path = "../golden_playthrough/mod.rs"]
mod golden_playthrough;

mod golden;
mod mirror;
mod rules;
