//! The terminal a ruleset's screens write to. A `play` session is one
//! ([`crate::cmd::play`]); the screens see only this trait, so the seam ([`crate::screens`])
//! and the rulesets' folders never import the command that drives them.

use std::io::Write;

use anyhow::Result;

use crate::style::Style;

/// What a ruleset's screen and order prompt may do with the terminal of a game in play.
pub trait Console {
    /// Where the screen is written.
    fn out(&mut self) -> &mut dyn Write;
    /// The terminal's colours, or none.
    fn style(&self) -> Style;
    /// The side the person commands.
    fn human_side(&self) -> u8;
    /// Draws the board (`map`, then `table` below it) when it changed since the admiral last
    /// decided; else a line that `map` and `chart` draw it again.
    fn board(&mut self, map: &str, table: Option<&str>) -> Result<()>;
    /// Shows the log lines not yet shown under the heading `since`.
    fn show_log(&mut self, since: &str) -> Result<()>;
    /// Writes `message` as an error the person can correct.
    fn error(&mut self, message: &str) -> Result<()>;
}
