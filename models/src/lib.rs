//! Networks for the computer admiral.
//!
//! - [`config`]: the network's sizes ([`NetConfig`], serde).
//! - [`checkpoint`]: safetensors checkpoints with Broadside metadata (ruleset, version,
//!   shapes, config, step); no libtorch needed to read or check one.
//! - `infer` (feature `torch`): the network as the search's batched leaf evaluator, locally
//!   or through an inference server thread shared by many games.
//! - `loader` (feature `torch`): `net:path=FILE` agent specs.
//! - [`shipped`]: the networks committed under `models/weights/`, taken by name
//!   (`net:togo-duel`).
//! - `net` (feature `torch`): the policy-value network on tch. Build with
//!   `LIBTORCH=$(bash scripts/setup_torch.sh) cargo test -p broadside-models --features torch`.

pub mod checkpoint;
pub mod config;
#[cfg(feature = "torch")]
pub mod infer;
#[cfg(feature = "torch")]
pub mod loader;
#[cfg(feature = "torch")]
pub mod net;
pub mod shipped;

pub use checkpoint::{Checkpoint, CheckpointError, CheckpointMeta, TensorData, CHECKPOINT_FORMAT};
pub use config::NetConfig;
#[cfg(feature = "torch")]
pub use net::{NetOutput, Network, ILLEGAL_LOGIT};
