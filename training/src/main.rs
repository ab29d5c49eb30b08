//! `broadside`: play, replay and benchmark Broadside's naval wargame rulesets.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = broadside_training::cmd::Cli::parse();
    // `net:` agent specs load networks through the models crate when it has libtorch.
    #[cfg(feature = "torch")]
    broadside_models::loader::register();
    match broadside_training::cmd::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if broadside_training::cmd::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // `{:#}` prints the whole chain of context on one line: "cannot read x: not found".
            // Errors quote names from files: sanitised like every text from a file.
            eprintln!(
                "error: {}",
                broadside_training::style::sanitize_lines(&format!("{e:#}"))
            );
            ExitCode::FAILURE
        }
    }
}
