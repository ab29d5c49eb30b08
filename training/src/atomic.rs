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

/// Refuses to replace what sits at `path` unless it is a plain file (or nothing): a symbolic
/// link (whose target would be left behind or, written through, replaced), a folder, a
/// device such as `/dev/null`, a FIFO or a socket is never overwritten.
pub fn check_replaceable(path: &Path) -> Result<()> {
    let meta = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(e).with_context(|| format!("cannot save to `{}`", path.display()));
        }
    };
    let ft = meta.file_type();
    let what = if ft.is_file() {
        return Ok(());
    } else if ft.is_symlink() {
        "it is a symbolic link; name the file it points to, or another file"
    } else if ft.is_dir() {
        "it is a folder"
    } else {
        "it is not a regular file (a device, a FIFO or a socket)"
    };
    bail!("cannot save to `{}`: {what}", path.display())
}

/// Refuses an output `path` that is one of the `inputs` (the same file, by any name or
/// link), so a result never replaces the data it was made from.
pub fn check_not_input(path: &Path, inputs: &[&Path]) -> Result<()> {
    let Ok(out) = fs::metadata(path) else {
        return Ok(());
    };
    for input in inputs {
        let Ok(inp) = fs::metadata(input) else {
            continue;
        };
        if same_file(&out, &inp) {
            bail!(
                "cannot save to `{}`: it is the input file `{}`; name another file",
                path.display(),
                input.display()
            );
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

/// Checks, before long work whose result goes to `path`, that [`write_atomic`] will be able
/// to write there: the folder exists, `path` is nothing or a regular file, and a file can be
/// created beside it (the probe is removed again). A bad path is found at once, not after
/// hours.
pub fn check_writable(path: &Path) -> Result<()> {
    let (dir, tmp) = folder_and_temporary(path)?;
    if !dir.is_dir() {
        bail!(
            "cannot save to `{}`: the folder `{}` does not exist",
            path.display(),
            dir.display()
        );
    }
    check_replaceable(path)?;
    fs::File::create(&tmp).with_context(|| {
        format!(
            "cannot save to `{}`: cannot create a file there",
            path.display()
        )
    })?;
    let _ = fs::remove_file(&tmp);
    Ok(())
}

/// Writes `contents` to `path` atomically, replacing a regular file there (anything else at
/// `path` is refused, see [`check_replaceable`]).
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    write_with(path, contents, false)
}

/// Writes `contents` to `path` atomically only if nothing is there yet; `Ok(false)` (and
/// nothing written) when something is. Used for default names that must never replace an
/// earlier file, even one made by another process a moment ago.
pub fn write_atomic_new(path: &Path, contents: &[u8]) -> Result<bool> {
    match write_with(path, contents, true) {
        Ok(()) => Ok(true),
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::AlreadyExists) =>
        {
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

fn write_with(path: &Path, contents: &[u8], only_new: bool) -> Result<()> {
    check_replaceable(path)?;
    let (_, tmp) = folder_and_temporary(path)?;
    // A temporary left by a killed process of the same id is stale: remove it (a link there
    // is removed, never written through; the new one is created fresh).
    let _ = fs::remove_file(&tmp);
    let result = (|| -> Result<()> {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .with_context(|| format!("cannot create `{}`", tmp.display()))?;
        f.write_all(contents)
            .with_context(|| format!("cannot write `{}`", tmp.display()))?;
        f.sync_all()
            .with_context(|| format!("cannot flush `{}` to disk", tmp.display()))?;
        if only_new {
            // A hard link fails if the name is taken, unlike a rename: no earlier file is
            // ever replaced. The error is returned bare so the caller can see AlreadyExists.
            fs::hard_link(&tmp, path).map_err(anyhow::Error::new)?;
            let _ = fs::remove_file(&tmp);
        } else {
            // Checked again just before the rename: what appeared meanwhile is not replaced
            // unless it is a regular file.
            check_replaceable(path)?;
            fs::rename(&tmp, path).with_context(|| {
                format!(
                    "cannot move the saved file into place at `{}`",
                    path.display()
                )
            })?;
        }
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
    fn a_write_new_that_finds_the_name_taken_keeps_the_old_file_and_removes_its_temporary() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path().join("game.json");
        fs::write(&p, b"old bytes").expect("seed");
        assert!(!write_atomic_new(&p, b"new bytes").expect("no error, just taken"));
        assert_eq!(fs::read(&p).expect("read back"), b"old bytes");
        assert_eq!(names_in(dir.path()), ["game.json"]);
        let q = dir.path().join("other.json");
        assert!(write_atomic_new(&q, b"fresh").expect("free name"));
        assert_eq!(fs::read(&q).expect("read back"), b"fresh");
        assert_eq!(names_in(dir.path()), ["game.json", "other.json"]);
    }

    #[test]
    fn refuses_to_replace_a_folder_a_symbolic_link_or_a_device() {
        let dir = tempfile::tempdir().expect("temp dir");
        let folder = dir.path().join("game.json");
        fs::create_dir(&folder).expect("folder at the target");
        fs::write(folder.join("inside"), b"old bytes").expect("seed");
        let e = write_atomic(&folder, b"new bytes").expect_err("a folder");
        assert!(format!("{e:#}").contains("it is a folder"), "{e:#}");
        assert_eq!(names_in(&folder), ["inside"]);

        #[cfg(unix)]
        {
            let target = dir.path().join("target.json");
            fs::write(&target, b"target bytes").expect("seed");
            let link = dir.path().join("link.json");
            std::os::unix::fs::symlink(&target, &link).expect("symlink");
            for e in [
                write_atomic(&link, b"new").expect_err("a link"),
                check_writable(&link).expect_err("a link"),
            ] {
                assert!(format!("{e:#}").contains("symbolic link"), "{e:#}");
            }
            assert!(fs::symlink_metadata(&link)
                .expect("still there")
                .file_type()
                .is_symlink());
            assert_eq!(fs::read(&target).expect("read"), b"target bytes");
            let null = Path::new("/dev/null");
            if null.exists() {
                let e = check_writable(null).expect_err("a device");
                assert!(format!("{e:#}").contains("not a regular file"), "{e:#}");
                let e = write_atomic(null, b"x").expect_err("a device");
                assert!(format!("{e:#}").contains("not a regular file"), "{e:#}");
                assert!(!fs::metadata(null).expect("still there").is_file());
            }
        }
        assert_eq!(
            names_in(dir.path())
                .iter()
                .filter(|n| n.contains(".tmp-"))
                .count(),
            0
        );
    }

    #[test]
    fn an_output_that_is_an_input_is_refused_by_any_name() {
        let dir = tempfile::tempdir().expect("temp dir");
        let input = dir.path().join("scenario.toml");
        fs::write(&input, b"data").expect("seed");
        let other = dir.path().join("out.json");
        check_not_input(&other, &[&input]).expect("another file");
        let e = check_not_input(&input, &[&input]).expect_err("the input itself");
        assert!(format!("{e:#}").contains("is the input file"), "{e:#}");
        let again = dir.path().join(".").join("scenario.toml");
        assert!(check_not_input(&again, &[&input]).is_err());
        let hard = dir.path().join("hard.toml");
        fs::hard_link(&input, &hard).expect("hard link");
        assert!(check_not_input(&hard, &[&input]).is_err());
    }
}
