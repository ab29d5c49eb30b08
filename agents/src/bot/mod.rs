//! Bring your own bot: any program that speaks the bot protocol (JSON lines on stdin and
//! stdout, `docs/bots.md`) plays as an agent, named by the spec `cmd:COMMAND`.
//!
//! - [`spec`]: the `cmd:` spec (the command line, split without a shell, and the time
//!   control and log folder written before it).
//! - [`protocol`]: the messages of protocol v1, both ways.
//! - [`process`]: the bot's process: its own process group, a reader and a writer thread,
//!   bounded lines, a deadline on every answer, killed and reaped on any failure and on drop.
//! - [`agent`]: [`BotAgent`], the [`crate::Agent`] that asks the process for each decision
//!   and forfeits the game (with the reason) when the bot fails.
//!
//! This is the agents crate's one door to the operating system: the rules engine stays
//! pure, and every place that builds agents from specs (the command, the ladder, Python)
//! gets `cmd:` from here.

pub mod agent;
pub mod process;
pub mod protocol;
pub mod spec;

pub use agent::BotAgent;
pub use protocol::PROTOCOL_VERSION;
pub use spec::CommandSpec;
