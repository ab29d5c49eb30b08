//! The command line: one module per subcommand.

use anyhow::Result;
use clap::{Parser, Subcommand};

pub mod agree;
pub mod analyse;
pub mod arena;
pub mod balance;
pub mod bench;
#[cfg(feature = "torch")]
pub mod bench_net;
pub mod bench_net_sizes;
pub mod fit;
pub mod ladder;
pub mod play;
pub mod puzzles;
pub mod replay;
pub mod rules;
pub mod scenarios;
pub mod selfplay;
pub mod shared_flags;
pub mod tactics;
mod tactics_chart;
pub mod train;

/// Broadside: naval wargame rulesets as a reinforcement-learning environment.
#[derive(Debug, Parser)]
#[command(name = "broadside", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the rulesets (and with --actions their action catalogues).
    Rules(rules::RulesArgs),
    /// List the built-in scenarios of a ruleset.
    Scenarios(scenarios::ScenariosArgs),
    /// Play against the computer admiral in the terminal.
    Play(play::PlayArgs),
    /// Replay a saved game: its log, its result, or every state as JSON.
    Replay(replay::ReplayArgs),
    /// Tournaments between agents: round robin with Elo ratings, or an SPRT.
    Arena(arena::ArenaArgs),
    /// How fair the built-in scenarios are: one agent against itself, side 0's share of wins.
    Balance(balance::BalanceArgs),
    /// How often other agents choose as one agent does, by kind of decision (how
    /// predictable an agent is: the ceiling of a network that imitates it).
    Agree(agree::AgreeArgs),
    /// What each named tactic is worth to an agent: restricted play against itself.
    Tactics(tactics::TacticsArgs),
    /// Mine saved games for puzzles: positions where one order wins.
    Puzzles(puzzles::PuzzlesArgs),
    /// Measure random-play, clone, observation and vectorised-environment throughput.
    Bench(bench::BenchArgs),
    /// Train the computer admiral's network by self-play (needs the `torch` feature).
    Train(train::TrainArgs),
    /// A self-play worker of a training run that takes its games from workers (torch).
    Selfplay(selfplay::SelfPlayArgs),
    /// Fit a fresh network to a training run's replay shards, scored on held-out games (torch).
    Fit(fit::FitArgs),
    /// The mistake check of a saved game: each decision's candidates and the value it lost.
    Analyse(analyse::AnalyseArgs),
    /// A rating list that grows: add entrants (any spec, `cmd:` bots too), run, resume, show.
    Ladder(ladder::LadderArgs),
    /// Serve the board in a browser: play the admiral, replay games, analyse positions.
    Serve(crate::serve::ServeArgs),
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Rules(a) => rules::run(rules::RulesSettings::from_args(a)?),
        Command::Scenarios(a) => scenarios::run(scenarios::ScenariosSettings::from_args(a)?),
        Command::Play(a) => play::run(play::PlaySettings::from_args(a)?),
        Command::Replay(a) => replay::run(replay::ReplaySettings::from_args(a)?),
        Command::Arena(a) => arena::run(arena::ArenaSettings::from_args(a)?),
        Command::Balance(a) => balance::run(balance::BalanceSettings::from_args(a)?),
        Command::Agree(a) => agree::run(agree::AgreeSettings::from_args(a)?),
        Command::Tactics(a) => tactics::run(a),
        Command::Puzzles(a) => puzzles::run(a),
        Command::Bench(a) => bench::run(bench::BenchSettings::from_args(a)?),
        Command::Train(a) => train::run(train::TrainSettings::from_args(a)?),
        Command::Selfplay(a) => selfplay::run(a),
        Command::Fit(a) => fit::run(fit::FitSettings::from_args(a)?),
        Command::Analyse(a) => analyse::run(a),
        Command::Ladder(a) => ladder::run(a),
        Command::Serve(a) => crate::serve::run(a),
    }
}

/// Prints `value` as pretty JSON on stdout.
pub(crate) fn print_json<T: serde::Serialize>(value: &T) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// Whether `e` comes from writing to a closed pipe (`broadside rules | head`): the reader
/// has all it wanted, so the command stops quietly instead of reporting an error.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                == Some(std::io::ErrorKind::BrokenPipe)
    })
}
