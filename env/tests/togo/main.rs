//! Gods of War: Togo's tests: the rules one by one, the data files and the golden
//! playthroughs, in one test binary
//! (each file a module; `cargo test -p broadside-env --test togo MODULE::`).

#[path = "../golden_playthrough/mod.rs"]
mod golden_playthrough;

mod data;
mod golden;
mod rules;
