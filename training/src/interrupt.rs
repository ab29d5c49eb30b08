//! Ctrl-C (SIGINT), SIGTERM and SIGHUP during `play`: the first one asks the game loop to
//! stop and save, as the end of input does; a second one, if saving hangs, exits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

static REQUESTED: AtomicBool = AtomicBool::new(false);
static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();

/// Installs the handler (once per process; later calls return the first result).
pub fn install() -> Result<(), String> {
    INSTALLED
        .get_or_init(|| {
            ctrlc::set_handler(|| {
                if REQUESTED.swap(true, Ordering::SeqCst) {
                    // The second signal: the person insists, saving must have stuck.
                    std::process::exit(130);
                }
            })
            .map_err(|e| format!("cannot watch for Ctrl-C: {e}"))
        })
        .clone()
}

/// Whether a stop was asked for by a signal.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
