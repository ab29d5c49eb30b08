//! Self-play spread over worker processes: the trainer publishes each new network into the
//! run directory, `broadside selfplay` workers (on this machine or, through the Python
//! package's Ray driver, on a cluster sharing the folder) play games with the latest one
//! and write one replay shard per finished game, and the trainer takes those shards as its
//! iterations' games (`selfplay.workers = true`).
//!
//! ```text
//! RUN_DIR/network/latest.json        {"version", "file", "teacher_share", "stop"}, atomic
//! RUN_DIR/network/net-NNNNNNNN.safetensors   the published networks (the newest few)
//! RUN_DIR/workers/NAME/game-NNNNNN.bin       one finished game of worker NAME, atomic
//! ```
//!
//! Every file is written to a temporary name and renamed, so a worker killed mid-game
//! leaves its finished games complete and loses only the game it was playing. A game's
//! shard names the network that played it ([`ShardHeader::networks`]: its version, the
//! training step of the checkpoint); the trainer drops games of networks more than
//! `selfplay.max_lag` publications old and, once the iteration shard a game went into is
//! written, deletes the game's shard; `workers/taken.jsonl` logs every shard it removed,
//! taken or dropped (a kill between the iteration's shard and the deletes replays those
//! games once more after a resume).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use broadside_agents::mcts::hash::mix;
use broadside_env::ruleset::GameOptions;
use broadside_env::{Game, GameSpec};
use broadside_models::infer::InferenceServer;
use broadside_models::Network;
use serde::{Deserialize, Serialize};
use tch::Device;

use super::config::TrainConfig;
use super::replay::{read_shard, write_shard, Sample, ShardError, ShardHeader};
use super::run::shard_header;
use super::selfplay::{play_game, Players};
use crate::atomic::write_atomic;

/// How often a waiting trainer or worker looks at the folder again.
const POLL: Duration = Duration::from_millis(100);
/// Published networks kept (a worker may still be loading the one before the newest).
const KEEP_NETWORKS: usize = 3;

/// The folder of published networks.
pub fn network_dir(run: &Path) -> PathBuf {
    run.join("network")
}

/// The folder of the workers' game shards.
pub fn workers_dir(run: &Path) -> PathBuf {
    run.join("workers")
}

/// What `network/latest.json` says: the network workers play with now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// The network's version: the training step of its weights.
    pub version: u64,
    /// Its file in `network/`.
    pub file: String,
    /// The teacher's share of the games at this point of the run
    /// ([`super::config::SelfPlayConfig::teacher_share_at`]).
    pub teacher_share: f64,
    /// The run has ended: workers stop after their game.
    pub stop: bool,
}

/// Publishes `net` as version `version` (its weights, then `latest.json`, both atomic) and
/// prunes all but the newest few published networks.
pub fn publish(run: &Path, net: &Network, version: u64, teacher_share: f64) -> Result<()> {
    let dir = network_dir(run);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let file = format!("net-{version:08}.safetensors");
    net.save(&dir.join(&file), version)?;
    write_latest(
        run,
        &Published {
            version,
            file,
            teacher_share,
            stop: false,
        },
    )?;
    let mut nets: Vec<String> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("net-") && n.ends_with(".safetensors"))
        .collect();
    nets.sort();
    let excess = nets.len().saturating_sub(KEEP_NETWORKS);
    for n in nets.into_iter().take(excess) {
        std::fs::remove_file(dir.join(&n))
            .with_context(|| format!("cannot remove an old published network {n}"))?;
    }
    Ok(())
}

/// Tells the workers the run has ended (they finish their game and exit).
pub fn publish_stop(run: &Path) -> Result<()> {
    if let Some(mut p) = read_published(run)? {
        p.stop = true;
        write_latest(run, &p)?;
    }
    Ok(())
}

fn write_latest(run: &Path, p: &Published) -> Result<()> {
    write_atomic(
        &network_dir(run).join("latest.json"),
        serde_json::to_string_pretty(p)?.as_bytes(),
    )
}

/// The published network, if any.
pub fn read_published(run: &Path) -> Result<Option<Published>> {
    let path = network_dir(run).join("latest.json");
    if !path.exists() {
        return Ok(None);
    }
    let (_, text) = broadside_env::data_files::read_text_limited(
        &path,
        broadside_env::data_files::CONFIG_FILE_LIMIT,
    )
    .with_context(|| format!("cannot read {}", path.display()))?;
    let p: Published = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a published network", path.display()))?;
    Ok(Some(p))
}

/// The games the trainer took from the workers for one iteration.
#[derive(Debug, Default)]
pub struct Collected {
    pub samples: Vec<Sample>,
    pub games: u64,
    pub decisions: u64,
    /// Games per network version.
    pub networks: BTreeMap<u64, u64>,
    /// The shards taken (deleted once the iteration's shard is written: [`Collected::consume`]).
    pub files: Vec<PathBuf>,
    /// Each taken shard's network version and samples.
    taken: Vec<(u64, usize)>,
    /// Games dropped for a network older than the oldest accepted.
    pub stale: u64,
}

impl Collected {
    /// Logs the workers' shards this iteration took (see [`log_removed`]) and deletes them.
    pub fn consume(&self, run: &Path) -> Result<()> {
        let entries: Vec<Removed> = self
            .files
            .iter()
            .zip(&self.taken)
            .map(|(file, &(network, samples))| Removed {
                file: file.clone(),
                network,
                samples,
                dropped: false,
            })
            .collect();
        log_removed(run, &entries)?;
        for file in &self.files {
            std::fs::remove_file(file).with_context(|| {
                format!("cannot remove a taken worker shard {}", file.display())
            })?;
        }
        Ok(())
    }
}

/// A worker's game shard the trainer removed: taken into an iteration, or dropped as
/// made by a network too old.
struct Removed {
    file: PathBuf,
    network: u64,
    samples: usize,
    dropped: bool,
}

/// Appends `entries` to `workers/taken.jsonl` (one JSON line each: the file under
/// `workers/`, its network version, its samples, whether it was dropped) and syncs it,
/// before their files are deleted: the log says which network made every game the
/// trainer learned from, and that no finished game went missing.
fn log_removed(run: &Path, entries: &[Removed]) -> Result<()> {
    use std::io::Write;
    if entries.is_empty() {
        return Ok(());
    }
    let log = workers_dir(run).join("taken.jsonl");
    let mut lines = String::new();
    for e in entries {
        let rel = e.file.strip_prefix(workers_dir(run)).unwrap_or(&e.file);
        lines.push_str(&serde_json::to_string(&serde_json::json!({
            "file": rel.to_string_lossy(),
            "network": e.network,
            "samples": e.samples,
            "dropped": e.dropped,
        }))?);
        lines.push('\n');
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&log)
        .with_context(|| format!("cannot open {}", log.display()))?;
    f.write_all(lines.as_bytes())
        .and_then(|()| f.sync_all())
        .with_context(|| format!("cannot append to {}", log.display()))
}

/// The worker shard files now in `run`, in name order (worker, then game).
fn worker_shards(run: &Path) -> Result<Vec<PathBuf>> {
    let dir = workers_dir(run);
    let mut v = Vec::new();
    if !dir.exists() {
        return Ok(v);
    }
    for w in std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let w = w?.path();
        if !w.is_dir() {
            continue;
        }
        for e in std::fs::read_dir(&w)? {
            let p = e?.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            // A temporary file of a write in progress (or of a killed worker) is not a game.
            if name.starts_with("game-") && name.ends_with(".bin") {
                v.push(p);
            }
        }
    }
    v.sort();
    Ok(v)
}

/// Waits until the workers have written `games` games of networks of version
/// `min_version` or newer and takes them (older ones are deleted, counted as stale);
/// `None` if `deadline` passes first.
pub fn collect(
    run: &Path,
    header: &ShardHeader,
    games: usize,
    min_version: u64,
    deadline: Option<Instant>,
) -> Result<Option<Collected>> {
    let mut out = Collected::default();
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    loop {
        for p in worker_shards(run)? {
            if out.games as usize >= games {
                break;
            }
            if !seen.insert(p.clone()) {
                continue;
            }
            let (h, samples) = match read_shard(&p, header) {
                Ok(x) => x,
                // Taken by another reader, or pruned, between the listing and the read.
                Err(ShardError::Io { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    continue
                }
                Err(e) => return Err(e.into()),
            };
            let version = h.networks.keys().next_back().copied().unwrap_or(0);
            if version < min_version {
                log_removed(
                    run,
                    &[Removed {
                        file: p.clone(),
                        network: version,
                        samples: samples.len(),
                        dropped: true,
                    }],
                )?;
                std::fs::remove_file(&p)
                    .with_context(|| format!("cannot remove a stale shard {}", p.display()))?;
                out.stale += h.games;
                continue;
            }
            out.games += h.games;
            out.decisions += h.decisions;
            for (v, n) in h.networks {
                *out.networks.entry(v).or_default() += n;
            }
            out.taken.push((version, samples.len()));
            out.samples.extend(samples);
            out.files.push(p);
        }
        if out.games as usize >= games {
            return Ok(Some(out));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(None);
        }
        std::thread::sleep(POLL);
    }
}

/// What `broadside selfplay` was asked to do.
#[derive(Debug, Clone)]
pub struct WorkerOptions {
    pub run_dir: PathBuf,
    /// The worker's name: its folder under `workers/`. A new name for each start, so that
    /// a restarted worker never writes over games the trainer has not taken yet.
    pub name: String,
    /// Games to play (0: until the run publishes `stop`).
    pub games: u64,
    /// Longest wait for the first published network.
    pub wait: Duration,
    pub quiet: bool,
}

/// Checks a worker name: letters, digits, `-` and `_`, at most 64 (it names a folder).
pub fn check_worker_name(name: &str) -> Result<()> {
    if name.is_empty()
        || name.len() > 64
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        bail!("a worker name is 1 to 64 letters, digits, `-` or `_`, not `{name}`");
    }
    Ok(())
}

/// A network loaded from the run's published folder.
struct Loaded {
    version: u64,
    server: InferenceServer,
}

/// Loads the published network `p` behind a one-game inference server.
fn load(run: &Path, p: &Published, spec: &'static GameSpec, cfg: &TrainConfig) -> Result<Loaded> {
    let path = network_dir(run).join(&p.file);
    let (net, _) = Network::load(&path, spec, Device::Cpu)
        .with_context(|| format!("cannot load the published network {}", path.display()))?;
    if net.config() != &cfg.net {
        bail!(
            "the published network {} is not the run's network config",
            path.display()
        );
    }
    // One request per forward pass, as the trainer's deterministic self-play does.
    let server = InferenceServer::start(net, 1, Duration::from_micros(cfg.selfplay.max_wait_us));
    Ok(Loaded {
        version: p.version,
        server,
    })
}

/// Plays games with the latest published network of the run in `opts.run_dir`, one shard
/// per finished game under `workers/NAME/`. Game `k` of worker `NAME` is seeded from the
/// run's seed, the name and `k`.
pub fn run_worker(opts: &WorkerOptions) -> Result<u64> {
    check_worker_name(&opts.name)?;
    broadside_models::loader::register();
    let run = &opts.run_dir;
    let config_path = run.join("config.toml");
    if !config_path.exists() {
        bail!(
            "{} is not a training run (it has no config.toml)",
            run.display()
        );
    }
    let cfg = TrainConfig::load(Some(&config_path), &[])?;
    let scenario = crate::select::scenario(
        &cfg.ruleset,
        (!cfg.scenario.is_empty()).then_some(cfg.scenario.as_str()),
    )?;
    let spec: &'static GameSpec = scenario.new_game(&GameOptions::default()).spec();
    let players = Players::of(&cfg.selfplay, &scenario)?;
    let header = shard_header(spec);
    let dir = workers_dir(run).join(&opts.name);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let name_key = opts.name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let started = Instant::now();
    let mut loaded: Option<Loaded> = None;
    let mut played = 0u64;
    while opts.games == 0 || played < opts.games {
        let published = loop {
            match read_published(run)? {
                Some(p) => break p,
                None if started.elapsed() < opts.wait => std::thread::sleep(POLL),
                None => bail!(
                    "no network was published in {} within {:?}: is the trainer running with \
                     selfplay.workers = true?",
                    network_dir(run).display(),
                    opts.wait
                ),
            }
        };
        if published.stop {
            break;
        }
        if loaded.as_ref().map(|l| l.version) != Some(published.version) {
            if let Some(old) = loaded.take() {
                drop(old.server.stop());
            }
            match load(run, &published, spec, &cfg) {
                Ok(l) => loaded = Some(l),
                // Pruned between reading latest.json and opening it: a newer one is out.
                Err(_) if read_published(run)?.is_some_and(|p| p.version != published.version) => {
                    continue
                }
                Err(e) => return Err(e),
            }
        }
        let l = loaded.as_ref().expect("loaded above");
        let sp = super::config::SelfPlayConfig {
            teacher_share: published.teacher_share,
            ..cfg.selfplay.clone()
        };
        let seed = mix(mix(mix(cfg.seed, 0x0305_5E1F), name_key), played);
        let g = play_game(&scenario, &sp, &players, &l.server.client(), seed);
        let mut h = header.clone();
        h.games = 1;
        h.decisions = g.decisions;
        h.networks = BTreeMap::from([(l.version, 1)]);
        let path = dir.join(format!("game-{played:06}.bin"));
        write_shard(&path, &h, &g.samples)?;
        if !opts.quiet {
            println!(
                "game {played} network {} samples {} decisions {}",
                l.version,
                g.samples.len(),
                g.decisions
            );
        }
        played += 1;
    }
    if let Some(l) = loaded {
        drop(l.server.stop());
    }
    Ok(played)
}
