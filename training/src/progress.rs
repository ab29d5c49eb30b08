//! Progress bars on stderr for long runs. indicatif draws nothing when stderr is not a
//! terminal, so scripts and tests see clean output.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` units with a message, drawn on stderr.
pub fn bar(len: u64, message: impl Into<String>) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg:>28} [{bar:40}] {percent:>3}% {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    pb.set_style(style);
    pb.set_message(message.into());
    pb
}
