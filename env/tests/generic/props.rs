//! The proptest settings the property tests share.

use proptest::test_runner::{Config, RngSeed};

/// `cases` cases drawn from a fixed `seed`, with no failure-persistence file: CI runs the
/// same cases every time, so a failure is reproducible, never a flake. Widen the search
/// locally by changing the seed or the case count.
pub fn fixed(cases: u32, seed: u64) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}
