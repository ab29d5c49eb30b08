//! Progress bars on stderr for long runs. On a terminal the bar is drawn in place. When stderr
//! is not a terminal (a log file, `nohup`, a test), indicatif would draw nothing, and an
//! hour-long SPRT would give no sign of life until its end; there the bar is written as a plain
//! line instead, at most once every [`LOG_EVERY`] and never in a run's first [`LOG_EVERY`],
//! so short runs (scripts, tests) still print nothing.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// How often a bar is written as a line when stderr is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(30);

/// A bar of `len` units with a message, drawn on stderr.
pub fn bar(len: u64, message: impl Into<String>) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        log_target(Box::new(std::io::stderr()), LOG_EVERY)
    };
    let pb = ProgressBar::with_draw_target(Some(len), target);
    let style = ProgressStyle::with_template("{msg:>28} [{bar:40}] {percent:>3}% {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    pb.set_style(style);
    pb.set_message(message.into());
    pb
}

/// A draw target that writes the bar to `sink` as a line, at most once every `every`.
fn log_target(sink: Box<dyn Write + Send>, every: Duration) -> ProgressDrawTarget {
    let lines = LogLines {
        sink: Mutex::new(sink),
        next: Mutex::new(Instant::now() + every),
        every,
    };
    // indicatif redraws at most once a second; `LogLines` thins that out further.
    ProgressDrawTarget::term_like_with_hz(Box::new(lines), 1)
}

/// A "terminal" that keeps only the bar's text: cursor moves and clears are dropped, and a
/// drawn bar becomes one line when `every` has passed since the last (or since the start).
struct LogLines {
    sink: Mutex<Box<dyn Write + Send>>,
    next: Mutex<Instant>,
    every: Duration,
}

impl std::fmt::Debug for LogLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogLines")
            .field("every", &self.every)
            .finish()
    }
}

impl TermLike for LogLines {
    fn width(&self) -> u16 {
        100
    }
    fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.write_str(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        let text = s.trim();
        if text.is_empty() {
            return Ok(());
        }
        let now = Instant::now();
        {
            let mut next = self.next.lock().unwrap_or_else(|p| p.into_inner());
            if now < *next {
                return Ok(());
            }
            *next = now + self.every;
        }
        let mut sink = self.sink.lock().unwrap_or_else(|p| p.into_inner());
        writeln!(sink, "{text}")
    }
    fn clear_line(&self) -> std::io::Result<()> {
        Ok(())
    }
    fn flush(&self) -> std::io::Result<()> {
        self.sink.lock().unwrap_or_else(|p| p.into_inner()).flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A sink the test can read after the bar has written to it.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged_bar(every: Duration) -> (ProgressBar, Shared) {
        let sink = Shared::default();
        let pb = ProgressBar::with_draw_target(Some(10), log_target(Box::new(sink.clone()), every));
        pb.set_style(ProgressStyle::with_template("{msg} {pos}/{len}").unwrap());
        pb.set_message("sprt pairs");
        (pb, sink)
    }

    fn text(sink: &Shared) -> String {
        String::from_utf8(sink.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn away_from_a_terminal_the_bar_is_a_plain_line_without_cursor_moves() {
        let (pb, sink) = logged_bar(Duration::ZERO);
        pb.inc(3);
        pb.finish();
        let out = text(&sink);
        assert!(out.lines().any(|l| l == "sprt pairs 10/10"), "{out:?}");
        assert!(!out.contains('\x1b') && !out.contains('\r'), "{out:?}");
    }

    #[test]
    fn a_run_shorter_than_the_interval_writes_nothing() {
        let (pb, sink) = logged_bar(Duration::from_secs(3600));
        for _ in 0..10 {
            pb.inc(1);
        }
        pb.finish_and_clear();
        assert_eq!(text(&sink), "");
    }
}
