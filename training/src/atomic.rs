//! Atomic file writes: a temporary file in the same directory, then a rename, so a reader
//! (or a crash) never sees half a file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Writes `contents` to `path` atomically, replacing any file there.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .with_context(|| format!("cannot save to `{}`: it names no file", path.display()))?;
    // The rename is atomic only within one file system, hence the same directory.
    let tmp = dir.join(format!(
        ".{}.tmp-{}",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> Result<()> {
        let mut f =
            fs::File::create(&tmp).with_context(|| format!("cannot create `{}`", tmp.display()))?;
        f.write_all(contents)
            .with_context(|| format!("cannot write `{}`", tmp.display()))?;
        f.sync_all()
            .with_context(|| format!("cannot flush `{}` to disk", tmp.display()))?;
        fs::rename(&tmp, path).with_context(|| {
            format!(
                "cannot move the saved file into place at `{}`",
                path.display()
            )
        })?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_without_leaving_temporaries() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("game.json");
        write_atomic(&p, b"one").expect("first write");
        write_atomic(&p, b"two").expect("second write");
        assert_eq!(fs::read_to_string(&p).expect("read back"), "two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1);
        assert!(write_atomic(&dir.path().join("missing-dir/x.json"), b"x").is_err());
    }
}
