//! Shipped networks: trained checkpoints committed under `models/weights/`, taken by name.
//!
//! `net:togo-duel` (or `net:path=togo-duel`) names the file `models/weights/togo-duel.safetensors`,
//! so a player can face a learned admiral from a clean clone without training one. A value that
//! names an existing file is that file; only a bare name (lower-case letters, digits, `-`, `_`)
//! is looked up here. The folder is the source tree's (fixed at build time, since the binary
//! is built from it), or `BROADSIDE_WEIGHTS` when set (an installed binary, another set).
//! Reading the folder needs no libtorch: the names and their rulesets come from the files'
//! safetensors headers.

use std::path::{Path, PathBuf};

use crate::checkpoint::Checkpoint;

/// The environment variable that replaces the folder of shipped networks.
pub const WEIGHTS_ENV: &str = "BROADSIDE_WEIGHTS";

/// The file extension of a shipped network.
const EXTENSION: &str = "safetensors";

/// The source tree's `models/weights/`, where the networks are committed.
fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("weights")
}

/// The folder of shipped networks: `BROADSIDE_WEIGHTS`, else [`committed_dir`].
pub fn weights_dir() -> PathBuf {
    match std::env::var_os(WEIGHTS_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => committed_dir(),
    }
}

/// Whether `value` reads as a network's name rather than a path.
pub fn is_bare_name(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// The shipped networks in `dir`, sorted: (name, ruleset) of each readable checkpoint.
/// Unreadable files are left out (the loader reports them when named).
pub fn shipped_in(dir: &Path) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, String)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let path = e.path();
            if path.extension()? != EXTENSION {
                return None;
            }
            let name = path.file_stem()?.to_str()?.to_string();
            let ruleset = Checkpoint::read(&path).ok()?.meta.ruleset;
            Some((name, ruleset))
        })
        .collect();
    found.sort();
    found
}

/// The checkpoint file a `net:` spec's value names: the value itself when such a file
/// exists or it is not a bare name, else the shipped network of that name in `dir`.
/// An unknown name is an error listing the shipped networks.
pub fn resolve_in(value: &str, dir: &Path) -> Result<PathBuf, String> {
    let as_path = PathBuf::from(value);
    if as_path.exists() || !is_bare_name(value) {
        return Ok(as_path);
    }
    let shipped = dir.join(format!("{value}.{EXTENSION}"));
    if shipped.is_file() {
        return Ok(shipped);
    }
    let known = shipped_in(dir);
    let list = if known.is_empty() {
        format!("none in {}", dir.display())
    } else {
        known
            .iter()
            .map(|(name, ruleset)| format!("{name} ({ruleset})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Err(format!(
        "no file `{value}` and no shipped network of that name; shipped networks: {list}"
    ))
}

/// [`resolve_in`] the folder of [`weights_dir`].
pub fn resolve(value: &str) -> Result<PathBuf, String> {
    resolve_in(value, &weights_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_lower_case_letters_digits_and_dashes() {
        assert!(is_bare_name("togo-duel"));
        assert!(is_bare_name("wsim_default2"));
        assert!(!is_bare_name("runs/x.safetensors"));
        assert!(!is_bare_name("Togo"));
        assert!(!is_bare_name(""));
        assert!(!is_bare_name(&"a".repeat(65)));
    }

    #[test]
    fn an_unknown_name_lists_the_shipped_networks_and_a_path_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let err = resolve_in("no-such-net", dir.path()).unwrap_err();
        assert!(err.contains("no shipped network"), "{err}");
        assert!(err.contains("none in"), "{err}");
        // Not a bare name: handed on as a path (the loader reports a missing file).
        assert_eq!(
            resolve_in("some/dir/x.safetensors", dir.path()).unwrap(),
            PathBuf::from("some/dir/x.safetensors")
        );
        // A name with a file in the folder resolves to it; a file that is not a checkpoint
        // is not listed as a network.
        std::fs::write(dir.path().join("junk.safetensors"), b"not a checkpoint").unwrap();
        assert_eq!(
            resolve_in("junk", dir.path()).unwrap(),
            dir.path().join("junk.safetensors")
        );
        assert!(shipped_in(dir.path()).is_empty());
    }

    #[test]
    fn every_committed_network_is_a_readable_checkpoint_within_four_megabytes() {
        // The bound: each shipped network at most 4 MB, 40 MB in all.
        let mut total = 0;
        let dir = committed_dir();
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == EXTENSION) {
                let len = entry.metadata().unwrap().len();
                assert!(len <= 4 << 20, "{} is {len} bytes", path.display());
                total += len;
                Checkpoint::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
        }
        assert!(total <= 40 << 20, "shipped networks total {total} bytes");
    }
}
