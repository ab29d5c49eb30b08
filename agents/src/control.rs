//! [`SearchControl`]: a window into a search that runs on another thread, for a person
//! waiting on the admiral: how many playouts it has run so far, and a flag that asks it to
//! stop and play its best so far.
//!
//! A search checks the flag between simulations (never inside one) and adds to the counter
//! after each round, so an unused control costs one relaxed atomic load and add per round and
//! no allocation. It changes nothing else: with a simulation budget and the flag never set, a
//! search with a control returns exactly what it returns without one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// A shared playout counter and stop flag (cheap to clone: both are shared).
#[derive(Debug, Clone, Default)]
pub struct SearchControl {
    playouts: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl SearchControl {
    /// A fresh control: no playouts, not stopped.
    pub fn new() -> Self {
        Self::default()
    }

    /// Playouts (simulations) the searches using this control have run since it was made or
    /// last [`reset`](Self::reset).
    pub fn playouts(&self) -> u64 {
        self.playouts.load(Ordering::Relaxed)
    }

    /// Asks the search to stop at its next check and play its best so far.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Zero playouts and no stop asked: ready for the next decision.
    pub fn reset(&self) {
        self.playouts.store(0, Ordering::Relaxed);
        self.stop.store(false, Ordering::Relaxed);
    }

    /// Counts `n` more playouts (what a search calls after a round).
    pub fn add_playouts(&self, n: u64) {
        self.playouts.fetch_add(n, Ordering::Relaxed);
    }
}

/// Whether `control` (if any) asks to stop.
pub(crate) fn stop_requested(control: &Option<SearchControl>) -> bool {
    control.as_ref().is_some_and(SearchControl::stop_requested)
}

/// Counts `n` playouts on `control` (if any).
pub(crate) fn count(control: &Option<SearchControl>, n: u64) {
    if let Some(c) = control {
        c.add_playouts(n);
    }
}
