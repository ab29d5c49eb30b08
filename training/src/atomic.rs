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

    /// The names in `dir`, sorted.
    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_directory_entry_so_a_hard_link_keeps_the_old_bytes() {
        // A rename swaps in a new inode; writing in place (truncate, then write) would
        // change the inode the link shares, so a reader holding it would see new or
        // half-written bytes.
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("game.json");
        let link = dir.path().join("game-link.json");
        write_atomic(&p, b"old bytes").expect("first write");
        fs::hard_link(&p, &link).expect("hard link");
        write_atomic(&p, b"new bytes, longer than the old").expect("second write");
        assert_eq!(
            fs::read(&p).expect("read target"),
            b"new bytes, longer than the old"
        );
        assert_eq!(fs::read(&link).expect("read link"), b"old bytes");
        assert_eq!(names_in(dir.path()), ["game-link.json", "game.json"]);
    }

    #[test]
    fn a_write_that_cannot_create_its_temporary_leaves_the_old_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("game.json");
        fs::write(&p, b"old bytes").expect("seed");
        // Occupy the temporary's name with a folder, so the temporary cannot be created.
        let (_, tmp) = folder_and_temporary(&p).expect("temporary name");
        fs::create_dir(&tmp).expect("block the temporary");
        let e = write_atomic(&p, b"new bytes").expect_err("the temporary is blocked");
        assert!(format!("{e:#}").contains("cannot create"), "{e:#}");
        assert_eq!(fs::read(&p).expect("read back"), b"old bytes");
        let blocker = tmp
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let mut expected = vec![blocker, "game.json".to_string()];
        expected.sort();
        assert_eq!(names_in(dir.path()), expected);
    }

    #[test]
    fn a_write_that_fails_at_the_rename_removes_its_temporary_and_keeps_the_old_entry() {
        // A folder at the target: the temporary is created and filled, then the rename
        // over the (non-empty) folder fails, the last step.
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("game.json");
        fs::create_dir(&p).expect("folder at the target");
        fs::write(p.join("inside"), b"old bytes").expect("seed");
        let e = write_atomic(&p, b"new bytes").expect_err("cannot rename over a folder");
        // Failing at the rename proves the temporary existed; it must be gone again.
        assert!(
            format!("{e:#}").contains("cannot move the saved file into place"),
            "{e:#}"
        );
        assert_eq!(names_in(dir.path()), ["game.json"]);
        assert_eq!(names_in(&p), ["inside"]);
        assert_eq!(fs::read(p.join("inside")).expect("read back"), b"old bytes");
    }
}
