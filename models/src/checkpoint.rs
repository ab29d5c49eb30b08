//! Checkpoint files: standard safetensors (little-endian `f32` tensors) with Broadside's
//! metadata in the header's `__metadata__` map, under the key `broadside`, as JSON.
//!
//! This module needs no libtorch: it reads and writes named `f32` arrays, so a checkpoint's
//! metadata can be inspected (and its integrity checked) by any build. The network side
//! (`Network::save`/`load`, feature `torch`) converts to and from tch tensors.
//!
//! Errors are typed ([`CheckpointError`]) and never panics: a short file is
//! [`CheckpointError::Truncated`], a file of another ruleset, version or shape is
//! [`CheckpointError::Mismatch`] naming the field.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::config::NetConfig;

/// Version of this file layout and metadata schema; a reader refuses any other.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// The key of Broadside's metadata in the safetensors `__metadata__` map.
/// The most bytes a checkpoint file may hold (the largest network trained so far is a few
/// MiB): a device or a runaway file is refused before it fills memory.
pub const CHECKPOINT_FILE_LIMIT: u64 = 1 << 30;
pub const METADATA_KEY: &str = "broadside";

/// What a checkpoint was written for. Two checkpoints with equal metadata (the training
/// step aside) hold tensors of the same names and shapes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckpointMeta {
    /// [`CHECKPOINT_FORMAT`] when written.
    pub format: u32,
    /// Ruleset machine name (`GameSpec::name`), e.g. `wsim`.
    pub ruleset: String,
    /// `GameSpec::version`: the action catalogue and observation layout together.
    pub ruleset_version: u32,
    /// Width of the policy head.
    pub num_player_actions: usize,
    /// `[max_entities, entity_features]` of the observation.
    pub entity_shape: [usize; 2],
    /// Length of the observation's global vector.
    pub global_len: usize,
    /// The network's sizes.
    pub config: NetConfig,
    /// Training steps taken when written.
    pub step: u64,
}

impl CheckpointMeta {
    /// The metadata of a network of `config` over the ruleset `spec`, at step 0.
    pub fn for_spec(spec: &broadside_env::GameSpec, config: &NetConfig) -> Self {
        let (rows, cols) = spec.obs.entity_shape();
        Self {
            format: CHECKPOINT_FORMAT,
            ruleset: spec.name.to_string(),
            ruleset_version: spec.version,
            num_player_actions: spec.num_player_actions,
            entity_shape: [rows, cols],
            global_len: spec.obs.global_features.len(),
            config: config.clone(),
            step: 0,
        }
    }

    /// Refuses a checkpoint written for another ruleset, version, observation shape or
    /// network config than `expected` (the step may differ).
    pub fn check_against(&self, expected: &Self, path: &Path) -> Result<(), CheckpointError> {
        let mismatch = |field: &'static str, expected: String, found: String| {
            Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                field,
                expected,
                found,
            })
        };
        if self.format != expected.format {
            return mismatch(
                "format",
                expected.format.to_string(),
                self.format.to_string(),
            );
        }
        if self.ruleset != expected.ruleset {
            return mismatch("ruleset", expected.ruleset.clone(), self.ruleset.clone());
        }
        if self.ruleset_version != expected.ruleset_version {
            return mismatch(
                "ruleset_version",
                expected.ruleset_version.to_string(),
                self.ruleset_version.to_string(),
            );
        }
        if self.num_player_actions != expected.num_player_actions {
            return mismatch(
                "num_player_actions",
                expected.num_player_actions.to_string(),
                self.num_player_actions.to_string(),
            );
        }
        if self.entity_shape != expected.entity_shape {
            return mismatch(
                "entity_shape",
                format!("{:?}", expected.entity_shape),
                format!("{:?}", self.entity_shape),
            );
        }
        if self.global_len != expected.global_len {
            return mismatch(
                "global_len",
                expected.global_len.to_string(),
                self.global_len.to_string(),
            );
        }
        if self.config != expected.config {
            return mismatch(
                "config",
                serde_json::to_string(&expected.config).unwrap_or_default(),
                serde_json::to_string(&self.config).unwrap_or_default(),
            );
        }
        Ok(())
    }
}

/// One named `f32` tensor, row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorData {
    /// The parameter's path, e.g. `policy.weight`.
    pub name: String,
    /// Dimensions.
    pub shape: Vec<usize>,
    /// `shape.iter().product()` values.
    pub data: Vec<f32>,
}

/// A checkpoint in memory: metadata and tensors sorted by name.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    /// What it was written for.
    pub meta: CheckpointMeta,
    /// The parameters, sorted by name.
    pub tensors: Vec<TensorData>,
}

/// Why a checkpoint could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file system refused.
    #[error("checkpoint {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file ends before its header or data says it should (an interrupted copy or write).
    #[error("checkpoint {} is truncated: {detail}", path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// What is missing.
        detail: String,
    },
    /// The file is not a Broadside safetensors checkpoint.
    #[error("checkpoint {} is not a valid Broadside checkpoint: {detail}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// The file was written for another ruleset, version or network shape.
    #[error(
        "checkpoint {} was written for {field} {found}, but {expected} is needed here",
        path.display()
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// Which field differs (`ruleset`, `ruleset_version`, `config`, `tensor NAME`, ...).
        field: &'static str,
        /// What this program needs.
        expected: String,
        /// What the file holds.
        found: String,
    },
    /// libtorch failed while converting tensors.
    #[error("checkpoint {}: tensor {name}: {detail}", path.display())]
    Tensor {
        /// The file.
        path: PathBuf,
        /// The parameter.
        name: String,
        /// The cause.
        detail: String,
    },
}

/// The number of elements of a tensor of `shape`, or `None` when it does not fit a `usize`
/// (a hostile or corrupt header). A shape with a zero dimension holds no elements.
fn element_count(shape: &[usize]) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

impl Checkpoint {
    /// Writes the checkpoint atomically: a temporary file beside `path`, synced, then renamed.
    pub fn write(&self, path: &Path) -> Result<(), CheckpointError> {
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut header = serde_json::Map::new();
        let mut offset = 0usize;
        let mut tensors: Vec<&TensorData> = self.tensors.iter().collect();
        tensors.sort_by(|a, b| a.name.cmp(&b.name));
        for t in &tensors {
            if element_count(&t.shape) != Some(t.data.len()) || t.name == "__metadata__" {
                return Err(CheckpointError::Malformed {
                    path: path.to_path_buf(),
                    detail: format!(
                        "tensor {} has {} values for shape {:?}",
                        t.name,
                        t.data.len(),
                        t.shape
                    ),
                });
            }
            let end = offset + 4 * t.data.len();
            header.insert(
                t.name.clone(),
                json!({"dtype": "F32", "shape": t.shape, "data_offsets": [offset, end]}),
            );
            offset = end;
        }
        let meta = serde_json::to_string(&self.meta).expect("metadata serialises");
        header.insert("__metadata__".into(), json!({ METADATA_KEY: meta }));
        let mut header = serde_json::to_vec(&Value::Object(header)).expect("header serialises");
        // The data section starts 8-byte aligned; the format pads the header with spaces.
        while !header.len().is_multiple_of(8) {
            header.push(b' ');
        }
        let mut bytes = Vec::with_capacity(8 + header.len() + offset);
        bytes.extend_from_slice(&(header.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&header);
        for t in &tensors {
            for x in &t.data {
                bytes.extend_from_slice(&x.to_le_bytes());
            }
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        file.write_all(&bytes).map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Reads and checks a checkpoint: header, metadata, every tensor's extent.
    pub fn read(path: &Path) -> Result<Self, CheckpointError> {
        let bytes = broadside_env::data_files::read_bytes(path, CHECKPOINT_FILE_LIMIT).map_err(
            |source| CheckpointError::Io {
                path: path.to_path_buf(),
                source,
            },
        )?;
        Self::from_bytes(&bytes, path)
    }

    /// Parses the bytes of a checkpoint file; `path` only names it in errors.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Self, CheckpointError> {
        let truncated = |detail: String| CheckpointError::Truncated {
            path: path.to_path_buf(),
            detail,
        };
        let malformed = |detail: String| CheckpointError::Malformed {
            path: path.to_path_buf(),
            detail,
        };
        if bytes.len() < 8 {
            return Err(truncated(format!(
                "{} bytes, shorter than the 8-byte header length",
                bytes.len()
            )));
        }
        let header_len = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes"));
        if header_len > 100_000_000 {
            return Err(malformed(format!(
                "header length {header_len} is implausible"
            )));
        }
        let header_end = 8 + header_len as usize;
        if bytes.len() < header_end {
            return Err(truncated(format!(
                "{} bytes, but the header alone needs {header_end}",
                bytes.len()
            )));
        }
        let header: serde_json::Map<String, Value> = serde_json::from_slice(&bytes[8..header_end])
            .map_err(|e| malformed(format!("header is not JSON: {e}")))?;
        let data = &bytes[header_end..];
        let meta_json = header
            .get("__metadata__")
            .and_then(|m| m.get(METADATA_KEY))
            .and_then(Value::as_str)
            .ok_or_else(|| malformed(format!("no __metadata__.{METADATA_KEY} entry")))?;
        let meta: CheckpointMeta = serde_json::from_str(meta_json)
            .map_err(|e| malformed(format!("metadata does not parse: {e}")))?;
        if meta.format != CHECKPOINT_FORMAT {
            return Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                field: "format",
                expected: CHECKPOINT_FORMAT.to_string(),
                found: meta.format.to_string(),
            });
        }
        #[derive(Deserialize)]
        struct Entry {
            dtype: String,
            shape: Vec<usize>,
            data_offsets: [usize; 2],
        }
        let mut tensors = Vec::new();
        for (name, entry) in &header {
            if name == "__metadata__" {
                continue;
            }
            let e: Entry = serde_json::from_value(entry.clone())
                .map_err(|err| malformed(format!("tensor {name}: {err}")))?;
            if e.dtype != "F32" {
                return Err(malformed(format!(
                    "tensor {name} has dtype {}, not F32",
                    e.dtype
                )));
            }
            let [start, end] = e.data_offsets;
            let Some(byte_len) = element_count(&e.shape).and_then(|n| n.checked_mul(4)) else {
                return Err(malformed(format!(
                    "tensor {name}: shape {:?} is too large to address",
                    e.shape
                )));
            };
            if end < start || end - start != byte_len {
                return Err(malformed(format!(
                    "tensor {name}: offsets {start}..{end} do not fit shape {:?}",
                    e.shape
                )));
            }
            if end > data.len() {
                return Err(truncated(format!(
                    "tensor {name} needs data bytes {start}..{end}, the file has {}",
                    data.len()
                )));
            }
            let values = data[start..end]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
                .collect();
            tensors.push(TensorData {
                name: name.clone(),
                shape: e.shape,
                data: values,
            });
        }
        tensors.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Self { meta, tensors })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Checkpoint {
        let spec = &broadside_env::wsim::WSIM_SPEC;
        Checkpoint {
            meta: CheckpointMeta::for_spec(spec, &NetConfig::tiny()),
            tensors: vec![
                TensorData {
                    name: "b.weight".into(),
                    shape: vec![2, 3],
                    data: vec![1.0, -2.0, 3.5, 0.0, f32::MIN_POSITIVE, 6.0],
                },
                TensorData {
                    name: "a.bias".into(),
                    shape: vec![1],
                    data: vec![0.25],
                },
            ],
        }
    }

    #[test]
    fn round_trip_sorted_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.safetensors");
        let mut c = sample();
        c.write(&path).unwrap();
        let back = Checkpoint::read(&path).unwrap();
        c.tensors.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(back, c);
        assert!(!dir.path().join("c.safetensors.tmp").exists());
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.safetensors");
        sample().write(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        for len in 0..bytes.len() {
            let err = Checkpoint::from_bytes(&bytes[..len], &path).unwrap_err();
            assert!(
                matches!(
                    err,
                    CheckpointError::Truncated { .. } | CheckpointError::Malformed { .. }
                ),
                "length {len}: {err}"
            );
        }
        let err = Checkpoint::from_bytes(&bytes[..bytes.len() - 1], &path).unwrap_err();
        assert!(matches!(err, CheckpointError::Truncated { .. }), "{err}");
        assert!(err.to_string().contains("truncated"), "{err}");
    }

    #[test]
    fn another_version_or_config_is_refused() {
        let spec = &broadside_env::wsim::WSIM_SPEC;
        let ours = CheckpointMeta::for_spec(spec, &NetConfig::tiny());
        let p = Path::new("x.safetensors");
        let mut other = ours.clone();
        other.step = 99;
        other.check_against(&ours, p).unwrap();
        other.ruleset_version += 1;
        let err = other.check_against(&ours, p).unwrap_err();
        assert!(
            matches!(
                err,
                CheckpointError::Mismatch {
                    field: "ruleset_version",
                    ..
                }
            ),
            "{err}"
        );
        let mut other = ours.clone();
        other.config.embed_dim *= 2;
        let err = other.check_against(&ours, p).unwrap_err();
        assert!(
            matches!(
                err,
                CheckpointError::Mismatch {
                    field: "config",
                    ..
                }
            ),
            "{err}"
        );
    }
    /// A header by hand: one tensor `name` of `shape` at `data_offsets`, no data after it.
    fn hand_header(shape: Value, offsets: [u64; 2]) -> Vec<u8> {
        let meta = CheckpointMeta::for_spec(&broadside_env::wsim::WSIM_SPEC, &NetConfig::tiny());
        let header = json!({
            "huge": {"dtype": "F32", "shape": shape, "data_offsets": offsets},
            "__metadata__": {METADATA_KEY: serde_json::to_string(&meta).unwrap()},
        });
        let header = serde_json::to_vec(&header).unwrap();
        let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
        bytes.extend_from_slice(&header);
        bytes
    }

    #[test]
    fn an_overflowing_shape_is_malformed_not_a_panic() {
        let p = Path::new("x.safetensors");
        // 2^31 * 2^31 elements fit a 64-bit usize, but their 4-byte size wraps to 0, which
        // matched the empty offsets before the check; 2^32 * 2^32 overflows the count itself.
        for shape in [
            json!([2147483648u64, 2147483648u64]),
            json!([4294967296u64, 4294967296u64]),
            json!([4294967296u64, 4294967296u64, 4294967296u64, 0]),
        ] {
            let bytes = hand_header(shape.clone(), [0, 0]);
            match Checkpoint::from_bytes(&bytes, p) {
                Err(CheckpointError::Malformed { detail, .. }) => {
                    assert!(detail.contains("huge"), "{shape}: {detail}")
                }
                // A zero dimension makes the tensor empty whatever the others are.
                Ok(c) if shape.as_array().unwrap().contains(&json!(0)) => {
                    assert!(c.tensors[0].data.is_empty())
                }
                other => panic!("{shape}: {other:?}"),
            }
        }
        let bytes = hand_header(json!([2147483648u64, 2147483648u64]), [0, 0]);
        let err = Checkpoint::from_bytes(&bytes, p).unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
    }

    #[test]
    fn writing_an_overflowing_shape_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let mut c = sample();
        c.tensors[0].shape = vec![usize::MAX, 2];
        let err = c.write(&dir.path().join("c.safetensors")).unwrap_err();
        assert!(matches!(err, CheckpointError::Malformed { .. }), "{err}");
    }
}
