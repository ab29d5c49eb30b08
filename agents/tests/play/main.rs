//! Whole matches between agents, in one test binary: the arena's tournaments and ratings
//! (`arena.rs`) and a `cmd:` bot in restricted play (`tactics_forfeit.rs`).

#[path = "../common/mod.rs"]
mod common;

mod agreement;
mod arena;
mod tactics_forfeit;
