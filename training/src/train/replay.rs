//! The replay buffer on disk: one shard file per self-play iteration, written atomically
//! (temp file + rename), so every shard that exists is complete; a crash loses at most the
//! iteration in progress. A shard carries its format version and the observation shapes
//! it was written for, and a checksum: a shard of another version or shape, a truncated or
//! corrupted one, is a typed error naming the file, never a panic.
//!
//! Layout (little-endian): `BSREPLAY`, format `u32`, header length `u32`, the JSON header
//! ([`ShardHeader`]), then per sample the entity tensor and global vector (`f32`), the
//! legal mask (`u8` per player action), the policy target (`f32` per player action) and
//! the value target (`f32`); last, an FNV-1a 64 checksum of everything before it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::atomic::write_atomic;

const MAGIC: &[u8; 8] = b"BSREPLAY";
/// Version of the shard layout; a reader refuses any other.
pub const SHARD_FORMAT: u32 = 1;

/// What a shard holds and for which observation layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardHeader {
    pub ruleset: String,
    pub ruleset_version: u32,
    pub entity_shape: [usize; 2],
    pub global_len: usize,
    pub num_actions: usize,
    pub samples: usize,
    /// Self-play games the samples come from.
    pub games: u64,
    /// Decisions played in those games (with or without a policy target).
    pub decisions: u64,
    /// The networks that played those games: each one's version (the training step of
    /// its checkpoint) and its number of games. Empty where the run's own self-play wrote
    /// the shard; set by `broadside selfplay` workers (one game, one network) and for the
    /// iteration shards the trainer merges from theirs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub networks: BTreeMap<u64, u64>,
}

impl ShardHeader {
    /// Floats of one sample's entity tensor.
    fn entity_len(&self) -> usize {
        self.entity_shape[0] * self.entity_shape[1]
    }
    fn sample_bytes(&self) -> usize {
        4 * (self.entity_len() + self.global_len + self.num_actions + 1) + self.num_actions
    }
}

/// One training sample: what the player to move saw, what the search preferred, and how
/// the game ended for that player.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub entities: Vec<f32>,
    pub global: Vec<f32>,
    pub legal: Vec<bool>,
    /// The search's improved policy over the player actions (sums to 1 over legal ones).
    pub policy: Vec<f32>,
    /// The final return of the player to move, in `[-1, 1]`.
    pub value: f32,
}

/// Why a shard could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    #[error("replay shard {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("replay shard {path} is truncated: {detail}")]
    Truncated { path: PathBuf, detail: String },
    #[error("replay shard {path} is not a valid shard: {detail}")]
    Malformed { path: PathBuf, detail: String },
    #[error("replay shard {path} was written for {found}, this run needs {expected}")]
    Mismatch {
        path: PathBuf,
        expected: String,
        found: String,
    },
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Writes `samples` as a shard at `path`, atomically.
pub fn write_shard(path: &Path, header: &ShardHeader, samples: &[Sample]) -> anyhow::Result<()> {
    let mut h = header.clone();
    h.samples = samples.len();
    let json = serde_json::to_vec(&h)?;
    let mut bytes = Vec::with_capacity(16 + json.len() + samples.len() * h.sample_bytes() + 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&SHARD_FORMAT.to_le_bytes());
    bytes.extend_from_slice(&(json.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&json);
    for s in samples {
        anyhow::ensure!(
            s.entities.len() == h.entity_len()
                && s.global.len() == h.global_len
                && s.legal.len() == h.num_actions
                && s.policy.len() == h.num_actions,
            "a sample does not have the shard's shapes"
        );
        for x in s.entities.iter().chain(&s.global) {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        bytes.extend(s.legal.iter().map(|&l| u8::from(l)));
        for x in &s.policy {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        bytes.extend_from_slice(&s.value.to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    write_atomic(path, &bytes)
}

/// The most bytes a shard's JSON header may hold.
const SHARD_HEADER_LIMIT: usize = 1 << 20;
/// The most bytes a shard file may hold.
const SHARD_FILE_LIMIT: u64 = 4 << 30;

/// Reads only a shard's header (its counts), without the samples or the checksum.
pub fn read_header(path: &Path) -> Result<ShardHeader, ShardError> {
    use std::io::Read;
    let io = |source| ShardError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut f = std::fs::File::open(path).map_err(io)?;
    let mut head = [0u8; 16];
    f.read_exact(&mut head).map_err(io)?;
    if &head[..8] != MAGIC {
        return Err(ShardError::Malformed {
            path: path.to_path_buf(),
            detail: "it does not start with BSREPLAY".into(),
        });
    }
    let len = u32::from_le_bytes([head[12], head[13], head[14], head[15]]) as usize;
    // A header is a few hundred bytes; a damaged length must not allocate gigabytes.
    if len > SHARD_HEADER_LIMIT {
        return Err(ShardError::Malformed {
            path: path.to_path_buf(),
            detail: format!("a header of {len} bytes, more than the {SHARD_HEADER_LIMIT} a shard's header may hold"),
        });
    }
    let mut json = vec![0u8; len];
    f.read_exact(&mut json).map_err(io)?;
    serde_json::from_slice(&json).map_err(|e| ShardError::Malformed {
        path: path.to_path_buf(),
        detail: format!("bad header: {e}"),
    })
}

/// Reads a shard, checking it was written for `expected` (its counts aside).
pub fn read_shard(
    path: &Path,
    expected: &ShardHeader,
) -> Result<(ShardHeader, Vec<Sample>), ShardError> {
    let bytes =
        broadside_env::data_files::read_bytes(path, SHARD_FILE_LIMIT).map_err(|source| {
            ShardError::Io {
                path: path.to_path_buf(),
                source,
            }
        })?;
    let truncated = |detail: String| ShardError::Truncated {
        path: path.to_path_buf(),
        detail,
    };
    let malformed = |detail: String| ShardError::Malformed {
        path: path.to_path_buf(),
        detail,
    };
    if bytes.len() < 24 {
        return Err(truncated(format!("{} bytes", bytes.len())));
    }
    if &bytes[..8] != MAGIC {
        return Err(malformed("it does not start with BSREPLAY".into()));
    }
    let format = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if format != SHARD_FORMAT {
        return Err(ShardError::Mismatch {
            path: path.to_path_buf(),
            expected: format!("shard format {SHARD_FORMAT}"),
            found: format!("shard format {format}"),
        });
    }
    let json_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let body = 16 + json_len;
    if bytes.len() < body + 8 {
        return Err(truncated(format!(
            "{} bytes, the header alone needs {}",
            bytes.len(),
            body + 8
        )));
    }
    let header: ShardHeader = serde_json::from_slice(&bytes[16..body])
        .map_err(|e| malformed(format!("bad header: {e}")))?;
    let need = body + header.samples * header.sample_bytes() + 8;
    if bytes.len() != need {
        return Err(truncated(format!(
            "{} bytes for {} samples, expected {need}",
            bytes.len(),
            header.samples
        )));
    }
    let (data, sum) = bytes.split_at(need - 8);
    if fnv1a(data) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(malformed(
            "checksum mismatch (the file is corrupted)".into(),
        ));
    }
    let layout = |h: &ShardHeader| {
        format!(
            "{} v{} (entities {:?}, global {}, actions {})",
            h.ruleset, h.ruleset_version, h.entity_shape, h.global_len, h.num_actions
        )
    };
    if header.ruleset != expected.ruleset
        || header.ruleset_version != expected.ruleset_version
        || header.entity_shape != expected.entity_shape
        || header.global_len != expected.global_len
        || header.num_actions != expected.num_actions
    {
        return Err(ShardError::Mismatch {
            path: path.to_path_buf(),
            expected: layout(expected),
            found: layout(&header),
        });
    }
    let mut cur = Cursor { data, at: body };
    let mut out = Vec::with_capacity(header.samples);
    for _ in 0..header.samples {
        let entities = cur.floats(header.entity_len());
        let global = cur.floats(header.global_len);
        let legal = cur
            .bytes(header.num_actions)
            .iter()
            .map(|&b| b != 0)
            .collect();
        let policy = cur.floats(header.num_actions);
        let value = cur.floats(1)[0];
        if !value.is_finite() || policy.iter().any(|p| !p.is_finite()) {
            return Err(malformed("a target is not a finite number".into()));
        }
        out.push(Sample {
            entities,
            global,
            legal,
            policy,
            value,
        });
    }
    Ok((header, out))
}

/// Reads a shard's bytes in order; lengths were checked against the header beforehand.
struct Cursor<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn bytes(&mut self, n: usize) -> &'a [u8] {
        let b = &self.data[self.at..self.at + n];
        self.at += n;
        b
    }
    fn floats(&mut self, n: usize) -> Vec<f32> {
        self.bytes(4 * n)
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
}

/// The shard files of a run's replay folder, oldest first (`shard-NNNNNN.bin`); leftover
/// temporary files of an interrupted write are ignored.
pub fn list_shards(dir: &Path) -> std::io::Result<Vec<(u64, PathBuf)>> {
    let mut v = Vec::new();
    if !dir.exists() {
        return Ok(v);
    }
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if let Some(n) = name
            .strip_prefix("shard-")
            .and_then(|r| r.strip_suffix(".bin"))
            .and_then(|n| n.parse::<u64>().ok())
        {
            v.push((n, p));
        }
    }
    v.sort();
    Ok(v)
}

/// The file name of shard `n`.
pub fn shard_name(n: u64) -> String {
    format!("shard-{n:06}.bin")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> ShardHeader {
        ShardHeader {
            ruleset: "wsim".into(),
            ruleset_version: 3,
            entity_shape: [2, 3],
            global_len: 2,
            num_actions: 4,
            samples: 0,
            games: 1,
            decisions: 10,
            networks: BTreeMap::new(),
        }
    }

    fn sample(k: f32) -> Sample {
        Sample {
            entities: (0..6).map(|i| i as f32 + k).collect(),
            global: vec![k, -k],
            legal: vec![true, false, true, true],
            policy: vec![0.5, 0.0, 0.25, 0.25],
            value: if k > 1.0 { 1.0 } else { -1.0 },
        }
    }

    #[test]
    fn a_shard_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(shard_name(3));
        let samples = vec![sample(0.0), sample(2.0), sample(7.5)];
        write_shard(&p, &header(), &samples).unwrap();
        let (h, back) = read_shard(&p, &header()).unwrap();
        assert_eq!(h.samples, 3);
        assert_eq!(h.games, 1);
        assert_eq!(back, samples);
        assert_eq!(list_shards(dir.path()).unwrap(), vec![(3, p)]);
    }

    #[test]
    fn damaged_or_foreign_shards_are_typed_errors() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(shard_name(0));
        write_shard(&p, &header(), &[sample(1.0), sample(2.0)]).unwrap();
        let bytes = std::fs::read(&p).unwrap();
        for cut in [0, 10, 30, bytes.len() - 1] {
            std::fs::write(&p, &bytes[..cut]).unwrap();
            let e = read_shard(&p, &header()).unwrap_err();
            assert!(
                matches!(
                    e,
                    ShardError::Truncated { .. } | ShardError::Malformed { .. }
                ),
                "cut at {cut}: {e}"
            );
        }
        let mut flipped = bytes.clone();
        let mid = flipped.len() - 20;
        flipped[mid] ^= 0x40;
        std::fs::write(&p, &flipped).unwrap();
        assert!(read_shard(&p, &header())
            .unwrap_err()
            .to_string()
            .contains("checksum"));
        std::fs::write(&p, &bytes).unwrap();
        let mut other = header();
        other.num_actions = 5;
        assert!(matches!(
            read_shard(&p, &other).unwrap_err(),
            ShardError::Mismatch { .. }
        ));
        let mut v2 = bytes.clone();
        v2[8] = 9;
        std::fs::write(&p, &v2).unwrap();
        assert!(read_shard(&p, &header())
            .unwrap_err()
            .to_string()
            .contains("shard format 9"));
    }

    #[test]
    fn a_shard_names_the_networks_that_played_it_and_a_shard_without_them_reads() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(shard_name(1));
        let mut h = header();
        h.networks = BTreeMap::from([(0, 2), (300, 1)]);
        write_shard(&p, &h, &[sample(1.0)]).unwrap();
        assert_eq!(read_header(&p).unwrap().networks, h.networks);
        // The run's own shards carry no such key, so their bytes are what they were.
        write_shard(&p, &header(), &[sample(1.0)]).unwrap();
        let bytes = std::fs::read(&p).unwrap();
        assert!(!String::from_utf8_lossy(&bytes).contains("networks"));
        assert!(read_shard(&p, &header()).unwrap().0.networks.is_empty());
    }
}
