//! The data side of `broadside fit` (no libtorch): its options, which observation columns a
//! pattern names, blanking them, and splitting a run's shards into training and held-out
//! games.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_env::GameSpec;

use super::config::TrainConfig;
use super::replay::{list_shards, read_shard, Sample, ShardHeader};

/// What to fit and how.
#[derive(Debug, Clone)]
pub struct FitOptions {
    /// The run's config (its `config.toml` with any overrides): ruleset, scenario, network
    /// shape, optimiser and seed.
    pub config: TrainConfig,
    /// The run directories whose `replay/` shards are read, in this order (the held-out
    /// shards are the last ones read).
    pub run_dirs: Vec<PathBuf>,
    /// Gradient steps.
    pub steps: usize,
    /// Score the held-out shards after every this many steps (and at the end).
    pub eval_every: usize,
    /// Share of the samples held out: the last shards, whole, until at least this share.
    pub holdout: f64,
    /// Observation features (entity columns or global entries) set to 0 in every sample,
    /// as patterns: a name, or a prefix ending in `*`.
    pub drop_features: Vec<String>,
    /// Where to write the last network as a checkpoint (a `net:path=FILE` agent), if
    /// anywhere.
    pub save: Option<PathBuf>,
}

/// The entity columns and global entries `patterns` name, refused when a pattern names none.
pub fn dropped_columns(spec: &GameSpec, patterns: &[String]) -> Result<(Vec<usize>, Vec<usize>)> {
    let matches = |pattern: &str, name: &str| match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    };
    let obs = &spec.obs;
    let (mut entity, mut global) = (Vec::new(), Vec::new());
    for p in patterns {
        let e: Vec<usize> = (0..obs.entity_features.len())
            .filter(|&i| matches(p, obs.entity_features[i]))
            .collect();
        let g: Vec<usize> = (0..obs.global_features.len())
            .filter(|&i| matches(p, obs.global_features[i]))
            .collect();
        if e.is_empty() && g.is_empty() {
            bail!(
                "--drop-features: {p:?} names no feature of {}; its entity features are {} and \
                 its global features {}",
                spec.name,
                obs.entity_features.join(", "),
                obs.global_features.join(", ")
            );
        }
        entity.extend(e);
        global.extend(g);
    }
    entity.sort_unstable();
    entity.dedup();
    global.sort_unstable();
    global.dedup();
    Ok((entity, global))
}

/// Sets the dropped columns of `s` to 0.
pub fn blank(s: &mut Sample, entity: &[usize], global: &[usize], features: usize) {
    if features > 0 {
        for row in s.entities.chunks_mut(features) {
            for &c in entity {
                row[c] = 0.0;
            }
        }
    }
    for &c in global {
        s.global[c] = 0.0;
    }
}

/// Reads the shards of the replay folders, each oldest first, one folder after another:
/// (training samples, held-out samples, held-out shard count).
pub fn split_shards(
    replays: &[PathBuf],
    header: &ShardHeader,
    holdout: f64,
) -> Result<(Vec<Sample>, Vec<Sample>, usize)> {
    let mut shards = Vec::new();
    for replay in replays {
        let listed =
            list_shards(replay).with_context(|| format!("cannot list {}", replay.display()))?;
        shards.extend(listed);
    }
    // The folders' names, for an error only.
    let named = || {
        replays
            .iter()
            .map(|r| r.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if shards.len() < 2 {
        bail!(
            "{} holds {} replay shard(s); a fit needs at least two (one to train on, one held out)",
            named(),
            shards.len()
        );
    }
    check_memory(&shards, super::memory::available_bytes())?;
    let mut all = Vec::with_capacity(shards.len());
    for (_, p) in &shards {
        all.push(read_shard(p, header)?.1);
    }
    let total: usize = all.iter().map(Vec::len).sum();
    let want = (holdout * total as f64).ceil() as usize;
    // The last shards, whole, and never all of them: `cut` is the first held-out shard.
    let (mut cut, mut held_len) = (all.len(), 0);
    while held_len < want && cut > 1 {
        cut -= 1;
        held_len += all[cut].len();
    }
    let held_shards = all.len() - cut;
    let held: Vec<Sample> = all.split_off(cut).into_iter().flatten().collect();
    let train: Vec<Sample> = all.into_iter().flatten().collect();
    if train.is_empty() || held.is_empty() {
        bail!("{} has too few samples to split ({total} in all)", named());
    }
    Ok((train, held, held_shards))
}

/// Bytes a fit holds in memory per byte of shard on disk. Measured by the peak resident
/// size of two-run fits: 1.09 on Oak & Iron (10.3 GB of shards), 1.14 on Fighting Sail
/// (8.6 GB); the rest is room for the network, its optimiser and the batches.
const MEMORY_PER_SHARD_BYTE: f64 = 1.25;

/// Refuses shards whose samples would not fit in `available` bytes (if known): a fit holds
/// every sample at once, and running out would be a kill by the kernel, not an error.
pub fn check_memory(shards: &[(u64, PathBuf)], available: Option<u64>) -> Result<()> {
    let Some(available) = available else {
        return Ok(());
    };
    let mut on_disk = 0u64;
    for (_, p) in shards {
        let meta = std::fs::metadata(p).with_context(|| format!("cannot read {}", p.display()))?;
        on_disk = on_disk.saturating_add(meta.len());
    }
    let needed = (on_disk as f64 * MEMORY_PER_SHARD_BYTE) as u64;
    if needed > available {
        use super::memory::gb;
        bail!(
            "the {} replay shards take {} on disk, and a fit holds every sample in memory \
             (about {} with the network); this machine has {} available. Fit fewer runs, \
             or on a machine with more memory",
            shards.len(),
            gb(on_disk),
            gb(needed),
            gb(available)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::replay::{shard_name, write_shard};
    use broadside_env::ruleset::GameOptions;
    use broadside_env::Game;

    fn oak_spec() -> &'static GameSpec {
        crate::select::scenario("oak", None)
            .expect("oak's default scenario")
            .new_game(&GameOptions::default())
            .spec()
    }

    #[test]
    fn a_pattern_names_its_columns_and_a_pattern_naming_none_is_refused_with_the_names() {
        let spec = oak_spec();
        let obs = &spec.obs;
        let (entity, global) = dropped_columns(spec, &["x".into(), "pending_*".into()]).unwrap();
        let x = obs.entity_features.iter().position(|f| *f == "x").unwrap();
        assert_eq!(
            entity,
            vec![x],
            "only the column named x, not every name holding an x"
        );
        let pending: Vec<usize> = (0..obs.global_features.len())
            .filter(|&i| obs.global_features[i].starts_with("pending_"))
            .collect();
        assert!(pending.len() > 3, "oak has its pending_* entries");
        assert_eq!(global, pending);
        let e = dropped_columns(spec, &["no_such_feature".into()]).unwrap_err();
        let text = format!("{e:#}");
        assert!(
            text.contains("no_such_feature") && text.contains("heading_sin"),
            "{text}"
        );
    }

    #[test]
    fn blanking_zeroes_the_columns_in_every_entity_row_and_leaves_the_rest() {
        let mut s = Sample {
            entities: vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
            global: vec![7.0, 8.0],
            legal: vec![true],
            policy: vec![1.0],
            value: 0.0,
        };
        blank(&mut s, &[1], &[0], 3);
        assert_eq!(s.entities, vec![1.0, 0.0, 3.0, 4.0, 0.0, 6.0]);
        assert_eq!(s.global, vec![0.0, 8.0]);
    }

    fn header() -> ShardHeader {
        ShardHeader {
            ruleset: "wsim".into(),
            ruleset_version: 1,
            entity_shape: [1, 2],
            global_len: 1,
            num_actions: 2,
            samples: 0,
            games: 1,
            decisions: 10,
            networks: Default::default(),
        }
    }

    /// Writes `shards` shards of ten samples each; shard k's samples hold k in their values.
    fn shards(dir: &std::path::Path, shards: u64) {
        for k in 0..shards {
            let samples: Vec<Sample> = (0..10)
                .map(|_| Sample {
                    entities: vec![0.0, 1.0],
                    global: vec![0.5],
                    legal: vec![true, true],
                    policy: vec![0.5, 0.5],
                    value: k as f32 / 10.0,
                })
                .collect();
            write_shard(&dir.join(shard_name(k)), &header(), &samples).unwrap();
        }
    }

    #[test]
    fn the_held_out_games_are_the_last_shards_whole_and_never_all_of_them() {
        let dir = tempfile::tempdir().unwrap();
        shards(dir.path(), 4);
        let (train, held, n) = split_shards(&[dir.path().into()], &header(), 0.25).unwrap();
        assert_eq!((train.len(), held.len(), n), (30, 10, 1));
        assert!(
            held.iter().all(|s| s.value == 0.3),
            "the last shard is held out"
        );
        let (train, held, n) = split_shards(&[dir.path().into()], &header(), 0.3).unwrap();
        assert_eq!(
            (train.len(), held.len(), n),
            (20, 20, 2),
            "whole shards, at least 30%"
        );
        let (train, _, n) = split_shards(&[dir.path().into()], &header(), 0.99).unwrap();
        assert_eq!((train.len(), n), (10, 3), "the first shard always trains");
        let one = tempfile::tempdir().unwrap();
        shards(one.path(), 1);
        let e = split_shards(&[one.path().into()], &header(), 0.2).unwrap_err();
        assert!(format!("{e:#}").contains("at least two"), "{e:#}");
    }

    #[test]
    fn shards_larger_than_the_memory_left_are_refused_before_they_are_read() {
        let dir = tempfile::tempdir().unwrap();
        shards(dir.path(), 2);
        let listed = list_shards(dir.path()).unwrap();
        let on_disk: u64 = listed
            .iter()
            .map(|(_, p)| std::fs::metadata(p).unwrap().len())
            .sum();
        check_memory(&listed, None).expect("memory unknown: nothing is refused");
        check_memory(&listed, Some(on_disk * 2)).expect("room for 1.25 times the shards");
        let e = check_memory(&listed, Some(on_disk))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("2 replay shards") && e.contains("available") && e.contains("fewer runs"),
            "{e}"
        );
    }

    #[test]
    fn several_runs_are_read_one_after_another_and_the_last_runs_shards_are_held_out() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        shards(a.path(), 3);
        shards(b.path(), 2);
        let dirs = [a.path().to_path_buf(), b.path().to_path_buf()];
        let (train, held, n) = split_shards(&dirs, &header(), 0.2).unwrap();
        assert_eq!((train.len(), held.len(), n), (40, 10, 1));
        assert!(
            held.iter().all(|s| s.value == 0.1),
            "the second run's last shard (its shard 1) is held out, not the first run's shard 2"
        );
        assert_eq!(
            train.iter().filter(|s| s.value == 0.2).count(),
            10,
            "the first run's shard 2 trains"
        );
        // One shard in each folder is two shards in all: enough to split.
        let (c, d) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        shards(c.path(), 1);
        shards(d.path(), 1);
        let (train, held, _) =
            split_shards(&[c.path().into(), d.path().into()], &header(), 0.2).unwrap();
        assert_eq!((train.len(), held.len()), (10, 10));
    }
}
