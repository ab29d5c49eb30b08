//! Every ruleset's agents: doctrines legal, deterministic and blind to what their side may
//! not see, values for search leaves, and scores against random play, in one test binary
//! (each ruleset a module; `cargo test -p broadside-agents --test rulesets MODULE::`).

mod versus_random;

mod fsail;
mod oak;
mod poe;
mod togo;
mod wsim;
