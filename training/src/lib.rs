//! Broadside's training crate: the `broadside` command and the pieces it is built from.
//!
//! - [`cmd`]: the command line (one module per subcommand, each turning its flags into a
//!   validated settings struct before any work starts).
//! - Terminal views of a WS&IM game: [`map`] (the ASCII hex map), [`chart`] (ship charts),
//!   [`narrate`] (the game log, from state differences and chance outcomes), [`outcome`]
//!   (the result) and [`snapshot`] (readable JSON states); [`roster`] names the ships and
//!   [`style`] colours the text.
//! - Terminal views of a Fighting Sail game: [`fsail`] (the table as a character grid, ship
//!   charts, the log, JSON states and the result).
//! - [`train`]: self-play training (the loop needs the `torch` feature).
//! - Support: [`admiral`] (computer players by spec string), [`select`] (ruleset and
//!   scenario lookup), [`atomic`] (atomic saves) and [`progress`] (progress bars).

pub mod admiral;
pub mod atomic;
pub mod chart;
pub mod cmd;
pub mod fsail;
pub mod map;
pub mod narrate;
pub mod outcome;
pub mod progress;
pub mod roster;
pub mod select;
pub mod snapshot;
pub mod style;
pub mod train;
