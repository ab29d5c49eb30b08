//! `net:` agents: loads a checkpoint for the `broadside` command's games (feature `torch`).
//!
//! [`register`] hands [`load_any`] to the agents crate, whose `net:path=FILE` specs then
//! build PUCT searches over the network. A checkpoint file is read and checked once per
//! process and kept (keyed by path, length and modification time, so a rewritten file is
//! read again); every search thread builds its own CPU copy of the network from it, so a
//! seeded search stays deterministic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use broadside_agents::mcts::{EvaluatorFactory, HeuristicEvaluator, TerminalValue};
use broadside_env::ruleset::{game_spec, AnyGame};
use tch::Device;

use crate::checkpoint::Checkpoint;
use crate::infer::NetEvaluator;
use crate::net::Network;

/// Leaves a `net:` search submits per forward pass.
pub const NET_AGENT_BATCH: usize = 8;

type CacheKey = (PathBuf, u64, Option<SystemTime>);

static CACHE: Mutex<BTreeMap<CacheKey, Arc<Checkpoint>>> = Mutex::new(BTreeMap::new());

/// Registers [`load_any`] as the loader of `net:` specs. Call once at start-up.
///
/// Also limits libtorch to one intra-op thread, for every caller: `net:` searches run one per
/// game thread (the arena's pool, the server's sessions), and training's games and inference
/// threads run in parallel, so a pool of libtorch threads per search would oversubscribe the
/// cores, on a GPU too, where its CPU-side work is small. Measured on two cores: an arena of
/// two `net:` games at a time spent half its CPU time in the kernel, spinning. `train`,
/// `fit` and `selfplay` call this first and rely on it.
pub fn register() {
    tch::set_num_threads(1);
    broadside_agents::spec::register_net_loader(load_any);
}

/// Reads (or finds in the cache) and checks the checkpoint at `path`.
pub fn read_cached(path: &Path) -> Result<Arc<Checkpoint>, String> {
    let md = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let key = (path.to_path_buf(), md.len(), md.modified().ok());
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(c) = cache.get(&key) {
        return Ok(c.clone());
    }
    let ckpt = Arc::new(Checkpoint::read(path).map_err(|e| e.to_string())?);
    cache.insert(key, ckpt.clone());
    Ok(ckpt)
}

/// The evaluator factory of the checkpoint at `path` (a file, or a shipped network's name:
/// [`crate::shipped`]), for games of its ruleset.
pub fn load_any(path: &str) -> Result<EvaluatorFactory<AnyGame>, String> {
    let file = crate::shipped::resolve(path)?;
    let ckpt = read_cached(&file)?;
    let spec = game_spec(&ckpt.meta.ruleset).ok_or_else(|| {
        format!(
            "the checkpoint is for ruleset `{}`, which this build does not know",
            ckpt.meta.ruleset
        )
    })?;
    // Build one copy now so that any mismatch is reported here, not in a search thread.
    Network::from_checkpoint(&ckpt, &file, spec, Device::Cpu).map_err(|e| e.to_string())?;
    Ok(Arc::new(move |seed| {
        match Network::from_checkpoint(&ckpt, &file, spec, Device::Cpu) {
            Ok((net, _)) => {
                Box::new(NetEvaluator::<AnyGame>::local(net, NET_AGENT_BATCH).with_seed(seed))
            }
            // Checked above; should the file's copy ever fail, play on without it.
            Err(_) => Box::new(HeuristicEvaluator::new(Arc::new(TerminalValue))),
        }
    }))
}

/// The ruleset a checkpoint file (or shipped network) was trained for (an error message if
/// it cannot be read).
pub fn checkpoint_ruleset(path: &Path) -> Result<String, String> {
    let file = crate::shipped::resolve(&path.to_string_lossy())?;
    read_cached(&file).map(|c| c.meta.ruleset.clone())
}
