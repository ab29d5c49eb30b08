//! Flags that more than one command defines the same way (name, default and help), written
//! once and flattened into each command's flags (`#[command(flatten)]`).

use anyhow::{bail, Result};
use clap::Args;

/// The most decisions a game may run before it is cut (`--max-decisions`).
pub const MAX_DECISIONS: usize = 1_000_000;

/// How long a game of `arena`, `balance` or `tactics` may run.
#[derive(Debug, Clone, Copy, Args)]
pub struct GameLength {
    /// Cut a game after this many decisions (a draw).
    #[arg(long, default_value_t = 20_000)]
    pub max_decisions: usize,
}

impl GameLength {
    /// Refuses a `--max-decisions` outside `1..=MAX_DECISIONS`, naming what it counts.
    pub fn check(&self) -> Result<()> {
        if !(1..=MAX_DECISIONS).contains(&self.max_decisions) {
            bail!(
                "--max-decisions (decisions before a game is cut as a draw) must be from 1 to \
                 {MAX_DECISIONS}, not {}",
                self.max_decisions
            );
        }
        Ok(())
    }
}
