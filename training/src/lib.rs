//! Broadside's training crate: the `broadside` command and the pieces it is built from.
//!
//! - [`cmd`]: the command line (one module per subcommand, each turning its flags into a
//!   validated settings struct before any work starts).
//! - [`screens`]: the seam between the commands and each ruleset's terminal screens (the
//!   [`screens::RulesetUi`] and [`screens::Screens`] traits, the generic order prompt);
//!   each ruleset's screens live in its own folder: [`wsim`] (the ASCII hex map, ship
//!   charts, the log, JSON states, the result, orders in the game's notation) and [`fsail`]
//!   (the table as a character grid, and the same views). [`roster`] names the ships and
//!   [`style`] colours the text.
//! - [`board`]: a ruleset's position as data for the browser ([`board::Board`]), what
//!   [`screens::RulesetUi::board`] returns.
//! - [`serve`]: `broadside serve`, the board in a browser (play, replay, analysis), each
//!   ruleset drawn through [`screens::RulesetUi::board`].
//! - [`train`]: self-play training (the loop needs the `torch` feature).
//! - Support: [`admiral`] (computer players by spec string), [`select`] (ruleset and
//!   scenario lookup), [`atomic`] (atomic saves) and [`progress`] (progress bars).

pub mod admiral;
pub mod atomic;
pub mod board;
pub mod cmd;
pub mod console;
pub mod engine;
pub mod interrupt;
pub mod progress;
pub mod puzzles;
pub mod roster;
pub mod screens;
pub mod select;
pub mod serve;
pub mod style;
pub mod train;
pub mod wrap;

// The rulesets' screens, one folder each (`training/src/NAME/`).
pub mod fsail;
pub mod oak;
pub mod poe;
pub mod togo;
pub mod wsim;
