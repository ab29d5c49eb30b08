//! How much memory this machine can still give a process, for work that must hold all of
//! its data at once (`broadside fit` reads every sample of its runs before it trains).
//!
//! An estimate, not a promise: it exists so that work too large for the machine is refused
//! in words at the start instead of being killed by the kernel an hour in.

/// The bytes this process can still take: `MemAvailable` of `/proc/meminfo`, lowered to a
/// cgroup's remaining allowance (`memory.max - memory.current`) when one is set. `None`
/// where neither can be read (not Linux), and then nothing is refused.
pub fn available_bytes() -> Option<u64> {
    let meminfo = read_small("/proc/meminfo").and_then(|t| mem_available(&t));
    let cgroup = match (
        read_small("/sys/fs/cgroup/memory.max"),
        read_small("/sys/fs/cgroup/memory.current"),
    ) {
        (Some(max), Some(current)) => cgroup_room(&max, &current),
        _ => None,
    };
    match (meminfo, cgroup) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A kernel file of a few lines; anything longer or unreadable counts as absent.
fn read_small(path: &str) -> Option<String> {
    broadside_env::data_files::read_text_limited(std::path::Path::new(path), 1 << 16)
        .ok()
        .map(|(_, text)| text)
}

/// `MemAvailable` in bytes, from the text of `/proc/meminfo` ("MemAvailable:  123 kB").
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut words = line.split_whitespace().skip(1);
    let kb: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then(|| kb.saturating_mul(1024))
}

/// What a cgroup v2 limit leaves: `memory.max` ("max" when unlimited) less `memory.current`.
fn cgroup_room(max: &str, current: &str) -> Option<u64> {
    let max: u64 = max.trim().parse().ok()?;
    let current: u64 = current.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

/// Bytes as GB with one decimal, for messages.
pub fn gb(bytes: u64) -> String {
    format!("{:.1} GB", bytes as f64 / 1e9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_gives_mem_available_in_bytes_and_odd_text_gives_none() {
        let text = "MemTotal:       24683660 kB\nMemFree:  100 kB\nMemAvailable:   23500000 kB\n";
        assert_eq!(mem_available(text), Some(23_500_000 * 1024));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots kB\n"), None);
        assert_eq!(mem_available("MemAvailable: 5 MB\n"), None, "unknown unit");
    }

    #[test]
    fn a_cgroup_limit_leaves_its_max_less_its_use_and_no_limit_is_none() {
        assert_eq!(cgroup_room("1000\n", "400\n"), Some(600));
        assert_eq!(cgroup_room("1000", "4000"), Some(0));
        assert_eq!(cgroup_room("max\n", "400\n"), None);
    }

    #[test]
    fn this_machine_reports_some_memory() {
        if cfg!(target_os = "linux") {
            assert!(available_bytes().is_some_and(|b| b > 0));
        }
    }
}
