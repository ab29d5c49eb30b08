//! The clock the probes share.

/// Nanoseconds this thread has run on a CPU (Linux: /proc/thread-self/schedstat), so a
/// loaded machine does not distort a rate; `None` elsewhere. The kernel counts them in
/// scheduler ticks: only totals over many decisions are meaningful.
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
