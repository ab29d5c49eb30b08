//! Atomic file writes: a temporary file in the same directory, then a rename, so a reader
//! (or a crash) never sees half a file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The folder `path` lives in and the temporary file [`write_atomic`] writes first.
fn folder_and_temporary(path: &Path) -> Result<(PathBuf, PathBuf)> {
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
    Ok((dir, tmp))
}

/// Checks, before long work whose result goes to `path`, that [`write_atomic`] will be able
/// to write there: the folder exists, `path` is not a folder, and a file can be created
/// beside it (the probe is removed again). A bad path is found at once, not after hours.
pub fn check_writable(path: &Path) -> Result<()> {
    let (dir, tmp) = folder_and_temporary(path)?;
    if !dir.is_dir() {
        bail!(
            "cannot save to `{}`: the folder `{}` does not exist",
            path.display(),
            dir.display()
        );
    }
    if path.is_dir() {
        bail!("cannot save to `{}`: it is a folder", path.display());
    }
    fs::File::create(&tmp).with_context(|| {
        format!(
            "cannot save to `{}`: cannot create a file there",
            path.display()
        )
    })?;
    let _ = fs::remove_file(&tmp);
    Ok(())
}

/// Writes `contents` to `path` atomically, replacing any file there.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let (_, tmp) = folder_and_temporary(path)?;
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
    fn check_writable_refuses_missing_folders_and_folders_and_leaves_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        let ok = dir.path().join("out.json");
        check_writable(&ok).expect("a file in an existing folder");
        assert_eq!(fs::read_dir(dir.path()).expect("list").count(), 0);
        let missing = dir.path().join("no-such-folder").join("out.json");
        let e = check_writable(&missing).expect_err("missing folder");
        assert!(format!("{e:#}").contains("does not exist"), "{e:#}");
        let e = check_writable(dir.path()).expect_err("a folder");
        assert!(format!("{e:#}").contains("it is a folder"), "{e:#}");
    }

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
