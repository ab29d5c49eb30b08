//! TensorBoard event files (tensorboard-rs) under `RUN_DIR/tb`.
//!
//! tensorboard-rs writes from a background thread into an unbuffered file, so every scalar
//! reaches the disk shortly after it is logged; the file is closed when the writer is
//! dropped ([`Board::close`], called at exit). A resumed run opens a new event file in the
//! same folder (TensorBoard reads them as one run) and continues the step axis, which is
//! the training step.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tensorboard_rs::summary_writer::SummaryWriter;

/// A run's TensorBoard log.
pub struct Board {
    dir: PathBuf,
    writer: Option<SummaryWriter>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board").field("dir", &self.dir).finish()
    }
}

impl Board {
    /// Opens (creating) the log folder `dir`.
    pub fn open(dir: &Path) -> Result<Self> {
        // tensorboard-rs panics when it cannot create the folder: check first.
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the TensorBoard folder {}", dir.display()))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            writer: Some(SummaryWriter::new(dir)),
        })
    }

    /// The log folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Logs `value` under `tag` at training step `step` (non-finite values are skipped).
    pub fn scalar(&mut self, tag: &str, value: f64, step: u64) {
        if let (Some(w), true) = (self.writer.as_mut(), value.is_finite()) {
            w.add_scalar(tag, value as f32, step as usize);
        }
    }

    /// Asks the writer thread to flush (the file is unbuffered; this orders the writes).
    pub fn flush(&mut self) {
        if let Some(w) = self.writer.as_mut() {
            w.flush();
        }
    }

    /// Closes the event file: the writer thread finishes every pending record.
    pub fn close(&mut self) {
        self.writer = None;
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        self.close();
    }
}
