//! `broadside serve`: the board in a browser — play the computer admiral, replay saved games
//! and ask the engine about positions, for every ruleset of the registry.
//!
//! - [`board`]: the position as data ([`board::Board`]), defined beside the seam
//!   ([`crate::board`]) since each ruleset describes its own through
//!   [`crate::screens::RulesetUi::board`]; re-exported here for the routes.
//! - [`view`]: a ruleset's screens behind one object-safe trait.
//! - [`games`]: a game against the admiral, its search on a thread of its own.
//! - [`replays`]: a saved game opened for replay.
//! - [`analysis`]: candidate orders with visits and win probabilities, and the mistake check.
//! - [`puzzles`]: the puzzle mode (the shipped puzzles, a position's orders, the verdict).
//! - [`guard`]: the accept loop and the checks every request passes first (timeouts,
//!   ambiguous or oversized requests, JSON bodies on every refusal).
//! - [`api`]: the HTTP routes (axum on tokio), every input checked and bounded, every
//!   refusal a JSON `{"error": "..."}` with a 4xx status.
//! - [`assets`]: the page (`training/web/`), built into the binary.
//! - [`ladder`]: `--ladder DIR`, a ladder's leaderboard at `/ladder`.

pub mod analysis;
pub mod api;
pub mod assets;
pub use crate::board;
pub mod games;
pub mod guard;
pub mod ladder;
pub mod puzzles;
pub mod replays;
pub mod view;

use std::net::{IpAddr, SocketAddr};

use anyhow::{Context, Result};
use clap::Args;

/// Flags of `broadside serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on; the default serves this machine only. Anything else makes
    /// the board (and the machine's processors, through the engine) reachable by others.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port; 0 picks a free one (the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// A ladder's folder (`broadside ladder DIR init`): its leaderboard is shown at `/ladder`.
    #[arg(long)]
    pub ladder: Option<std::path::PathBuf>,
}

/// Runs the server until the process is stopped (Ctrl-C).
pub fn run(a: ServeArgs) -> Result<()> {
    if let Some(dir) = &a.ladder {
        // Refused at the start, not on the page's first request.
        crate::cmd::ladder::summary(dir).context("--ladder")?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(a.host, a.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let bound = listener.local_addr()?;
        let shown = match bound.ip() {
            IpAddr::V6(ip) => format!("[{ip}]"),
            IpAddr::V4(ip) => ip.to_string(),
        };
        // The first line is the URL alone, so scripts and tests can read it. A reader that
        // goes away after it (a closed pipe) must not stop the server: write errors are
        // ignored here, and nothing else is printed.
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "http://{shown}:{}/", bound.port());
        let _ = writeln!(
            out,
            "Broadside's board is served there; open it in a browser. Ctrl-C stops the server."
        );
        let _ = out.flush();
        drop(out);
        let routes = api::router_with(bound.ip().is_loopback(), ladder::routes(a.ladder));
        guard::serve(listener, routes)
            .await
            .context("the server stopped")
    })
}
