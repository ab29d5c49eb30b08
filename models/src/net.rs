//! The policy-value network on tch (feature `torch`).
//!
//! Input: a batch of observations (entity tensor `[B, N, F]`, global vector `[B, G]`; the
//! planes are not used yet) and the legal-action masks `[B, A]`. Output: policy logits over
//! the ruleset's `num_player_actions` with illegal actions set to [`ILLEGAL_LOGIT`], and a
//! value in `[-1, 1]` for the player to move.
//!
//! The entity set is encoded without regard to row order: a per-entity MLP, one residual
//! multi-head self-attention layer over the present ships (absent rows are masked as keys),
//! then mean and max pooling over the present ships. The global vector has its own MLP.
//! With `slots`, the trunk also takes the rows' embeddings in row order (absent rows as
//! zeros), so the policy can tell the ship in slot 3 from the others. With `relative`, before
//! the attention layer each ship pools messages from the others made from where they lie in
//! its own heading's frame (rulesets on the plane).
//!
//! Parameter names (through `nn::Path`) are the checkpoint schema; [`Network::layer_names`]
//! lists them and a test pins them.

use std::path::Path;

use broadside_env::{ActionSet, GameSpec, Observation};
use tch::nn;
use tch::{Device, Kind, Tensor};

use crate::checkpoint::{Checkpoint, CheckpointError, CheckpointMeta, TensorData};
use crate::config::NetConfig;

/// The logit of an illegal action: softmax gives it probability 0 (exp underflows) while a
/// cross-entropy with a zero target stays finite (`-inf` would give `0 * inf = NaN`).
pub const ILLEGAL_LOGIT: f64 = -1e9;

/// `NetConfig::relative`: each ship's message from every other, made from that ship's
/// embedding and the pair's geometry, pooled (mean and max) into a residual update.
struct Relative {
    /// Entity columns of `x`, `y`, `heading_sin`, `heading_cos`.
    cols: [i64; 4],
    ship: nn::Linear,
    pair: nn::Linear,
    out: nn::Linear,
}

/// Numbers per ordered pair of ships that [`Relative`] sees.
const PAIR_FEATURES: i64 = 7;

struct Attention {
    heads: i64,
    qkv: nn::Linear,
    out: nn::Linear,
    norm: nn::LayerNorm,
}

/// Policy-value network over one ruleset's observation spec.
pub struct Network {
    vs: nn::VarStore,
    spec: &'static GameSpec,
    config: NetConfig,
    present_col: Option<i64>,
    entity_in: nn::Linear,
    entity_hidden: nn::Linear,
    relative: Option<Relative>,
    attention: Option<Attention>,
    global_in: nn::Linear,
    global_hidden: nn::Linear,
    trunk: nn::Linear,
    /// Every entity row's embedding in row order into the trunk (`NetConfig::slots`).
    slots: Option<nn::Linear>,
    policy: nn::Linear,
    value_hidden: nn::Linear,
    value_out: nn::Linear,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("ruleset", &self.spec.name)
            .field("config", &self.config)
            .field("device", &self.vs.device())
            .finish()
    }
}

impl Relative {
    /// The residual update of every ship's embedding `x [B, N, E]`: for each ship `i`, the
    /// messages of the present ships `j`, each `relu(ship(x_j) + pair(g_ij))`, pooled.
    /// `g_ij` is the offset from `i` to `j` projected on `i`'s heading both ways a ruleset
    /// may write headings (sine along x or along y: the network keeps the one that turns
    /// with the ship), the distance, and `j`'s heading relative to `i`'s.
    fn update(&self, entities: &Tensor, x: &Tensor, present: &Tensor, b: i64, n: i64) -> Tensor {
        let [px, py, hs, hc] = self.cols.map(|c| entities.select(2, c));
        // [B, N(i), N(j)]: column j minus row i.
        let dx = px.unsqueeze(1) - px.unsqueeze(2);
        let dy = py.unsqueeze(1) - py.unsqueeze(2);
        let (si, ci) = (hs.unsqueeze(2), hc.unsqueeze(2));
        let (sj, cj) = (hs.unsqueeze(1), hc.unsqueeze(1));
        let pair = Tensor::stack(
            &[
                &dx * &ci + &dy * &si,
                &dy * &ci - &dx * &si,
                &dx * &si + &dy * &ci,
                &dx * &ci - &dy * &si,
                (&dx * &dx + &dy * &dy + 1e-8).sqrt(),
                &cj * &ci + &sj * &si,
                &sj * &ci - &cj * &si,
            ],
            -1,
        ); // [B, N, N, 7]
        let messages = (pair.apply(&self.pair) + x.apply(&self.ship).unsqueeze(1)).relu();
        let (mean, max, _) = pool_present(&messages, &present.view([b, 1, n, 1]), 2);
        Tensor::cat(&[mean, max], -1).apply(&self.out).relu()
    }
}

/// Mean and max of `x` over `dim` among the present entries (`present`, bool, broadcast to
/// `x`): an absent entry counts as 0 in the max and not at all in the mean. Also returns
/// `x` with the absent entries set to 0.
fn pool_present(x: &Tensor, present: &Tensor, dim: i64) -> (Tensor, Tensor, Tensor) {
    let zeroed = x.masked_fill(&present.logical_not(), 0.0);
    let count = present
        .to_kind(Kind::Float)
        .sum_dim_intlist(&[dim][..], false, Kind::Float)
        .clamp_min(1.0);
    let mean = zeroed.sum_dim_intlist(&[dim][..], false, Kind::Float) / count;
    let max = zeroed.amax(&[dim][..], false);
    (mean, max, zeroed)
}

/// What one forward pass returns.
#[derive(Debug)]
pub struct NetOutput {
    /// `[B, num_player_actions]`, illegal actions at [`ILLEGAL_LOGIT`].
    pub logits: Tensor,
    /// `[B]`, in `[-1, 1]`, for the player to move.
    pub value: Tensor,
}

impl Network {
    /// A freshly initialised network of `config` over `spec`, on `device`.
    pub fn new(
        spec: &'static GameSpec,
        config: &NetConfig,
        device: Device,
    ) -> Result<Self, String> {
        config.validate()?;
        let vs = nn::VarStore::new(device);
        let root = vs.root();
        let (_, features) = spec.obs.entity_shape();
        let globals = spec.obs.global_features.len() as i64;
        let e = config.embed_dim as i64;
        let h = config.hidden_dim as i64;
        let lin = nn::LinearConfig::default();
        let entity = &root / "entity";
        let entity_in = nn::linear(&entity / "in", features as i64, e, lin);
        let entity_hidden = nn::linear(&entity / "hidden", e, e, lin);
        let relative = if config.relative {
            let col = |name: &str| {
                spec.obs
                    .entity_index(name)
                    .map(|i| i as i64)
                    .ok_or_else(|| {
                        format!(
                            "net.relative needs the entity features x, y, heading_sin and \
                         heading_cos, and the `{}` observation has no `{name}`",
                            spec.name
                        )
                    })
            };
            let r = &root / "rel";
            Some(Relative {
                cols: [
                    col("x")?,
                    col("y")?,
                    col("heading_sin")?,
                    col("heading_cos")?,
                ],
                ship: nn::linear(&r / "ship", e, e, lin),
                pair: nn::linear(&r / "pair", PAIR_FEATURES, e, lin),
                out: nn::linear(&r / "out", 2 * e, e, lin),
            })
        } else {
            None
        };
        let attention = (config.heads > 0).then(|| {
            let a = &root / "attn";
            Attention {
                heads: config.heads as i64,
                qkv: nn::linear(&a / "qkv", e, 3 * e, lin),
                out: nn::linear(&a / "out", e, e, lin),
                norm: nn::layer_norm(&a / "norm", vec![e], Default::default()),
            }
        });
        let global = &root / "global";
        let global_in = nn::linear(&global / "in", globals, h, lin);
        let global_hidden = nn::linear(&global / "hidden", h, h, lin);
        let trunk = nn::linear(&root / "trunk", 2 * e + h, h, lin);
        let (rows, _) = spec.obs.entity_shape();
        let slots = config
            .slots
            .then(|| nn::linear(&root / "slots", rows as i64 * e, h, lin));
        let policy = nn::linear(&root / "policy", h, spec.num_player_actions as i64, lin);
        let value = &root / "value";
        let value_hidden = nn::linear(&value / "hidden", h, config.value_hidden as i64, lin);
        let value_out = nn::linear(&value / "out", config.value_hidden as i64, 1, lin);
        Ok(Self {
            present_col: spec.obs.entity_index("present").map(|i| i as i64),
            vs,
            spec,
            config: config.clone(),
            entity_in,
            entity_hidden,
            relative,
            attention,
            global_in,
            global_hidden,
            trunk,
            slots,
            policy,
            value_hidden,
            value_out,
        })
    }

    /// The ruleset this network plays.
    pub fn spec(&self) -> &'static GameSpec {
        self.spec
    }
    /// Its sizes.
    pub fn config(&self) -> &NetConfig {
        &self.config
    }
    /// Its variables (for an optimiser, or to move devices).
    pub fn var_store(&self) -> &nn::VarStore {
        &self.vs
    }
    /// Its variables, mutably.
    pub fn var_store_mut(&mut self) -> &mut nn::VarStore {
        &mut self.vs
    }
    /// Number of trainable parameters.
    pub fn num_parameters(&self) -> i64 {
        self.vs
            .trainable_variables()
            .iter()
            .map(Tensor::numel)
            .sum::<usize>() as i64
    }
    /// Every parameter's name with its shape, sorted by name: the checkpoint schema.
    pub fn layer_names(&self) -> Vec<(String, Vec<i64>)> {
        let mut v: Vec<_> = self
            .vs
            .variables()
            .into_iter()
            .map(|(n, t)| (n, t.size()))
            .collect();
        v.sort();
        v
    }

    /// The forward pass on tensors already on the network's device:
    /// `entities [B, N, F]`, `global [B, G]` (float) and `legal [B, A]` (bool).
    pub fn forward(&self, entities: &Tensor, global: &Tensor, legal: &Tensor) -> NetOutput {
        let (b, n) = (entities.size()[0], entities.size()[1]);
        // [B, N] bool: which rows are ships.
        let present = match self.present_col {
            Some(c) => entities.select(2, c).gt(0.5),
            None => entities
                .abs()
                .sum_dim_intlist(&[-1i64][..], false, Kind::Float)
                .gt(0.0),
        };
        let absent = present.logical_not();
        let mut x = entities
            .apply(&self.entity_in)
            .relu()
            .apply(&self.entity_hidden)
            .relu();
        if let Some(r) = &self.relative {
            x = &x + r.update(entities, &x, &present, b, n);
        }
        if let Some(a) = &self.attention {
            let e = self.config.embed_dim as i64;
            let dh = e / a.heads;
            let qkv = x
                .apply(&a.qkv)
                .view([b, n, 3, a.heads, dh])
                .permute([2, 0, 3, 1, 4]);
            let (q, k, v) = (qkv.get(0), qkv.get(1), qkv.get(2)); // [B, H, N, dh]
            let scores = q.matmul(&k.transpose(-2, -1)) / (dh as f64).sqrt();
            // Absent ships are no keys; a batch row with no ship at all attends uniformly
            // (finite, never NaN) and is pooled away below.
            let scores = scores.masked_fill(&absent.view([b, 1, 1, n]), ILLEGAL_LOGIT);
            let att = scores.softmax(-1, Kind::Float).matmul(&v); // [B, H, N, dh]
            let att = att.transpose(1, 2).reshape([b, n, e]).apply(&a.out);
            x = (x + att).apply(&a.norm);
        }
        // Pool over present ships only: mean, and max with absent rows as zeros.
        let (mean, max, rows) = pool_present(&x, &present.unsqueeze(-1), 1);
        let g = global
            .apply(&self.global_in)
            .relu()
            .apply(&self.global_hidden)
            .relu();
        let t = Tensor::cat(&[mean, max, g], -1).apply(&self.trunk);
        let t = match &self.slots {
            // Absent rows as zeros, so an empty slot says nothing but that it is empty.
            Some(slots) => t + rows.reshape([b, -1]).apply(slots),
            None => t,
        };
        let t = t.relu();
        let logits = t
            .apply(&self.policy)
            .masked_fill(&legal.logical_not(), ILLEGAL_LOGIT);
        let value = t
            .apply(&self.value_hidden)
            .relu()
            .apply(&self.value_out)
            .tanh()
            .squeeze_dim(-1);
        NetOutput { logits, value }
    }

    /// Stacks observations and legal-action sets into the input tensors on the network's
    /// device: `(entities, global, legal)`.
    pub fn batch_inputs(
        &self,
        obs: &[&Observation],
        legal: &[ActionSet],
    ) -> (Tensor, Tensor, Tensor) {
        assert_eq!(
            obs.len(),
            legal.len(),
            "one legal-action set per observation"
        );
        let b = obs.len() as i64;
        let (n, f) = self.spec.obs.entity_shape();
        let g = self.spec.obs.global_features.len();
        let a = self.spec.num_player_actions;
        let mut ent = Vec::with_capacity(obs.len() * n * f);
        let mut glob = Vec::with_capacity(obs.len() * g);
        let mut mask = vec![false; obs.len() * a];
        for (i, (o, l)) in obs.iter().zip(legal).enumerate() {
            assert!(o.matches(&self.spec.obs), "observation of another shape");
            ent.extend(o.entities.iter().copied());
            glob.extend(o.global.iter().copied());
            l.write_mask(&mut mask[i * a..(i + 1) * a]);
        }
        let device = self.vs.device();
        (
            Tensor::from_slice(&ent)
                .view([b, n as i64, f as i64])
                .to_device(device),
            Tensor::from_slice(&glob)
                .view([b, g as i64])
                .to_device(device),
            Tensor::from_slice(&mask)
                .view([b, a as i64])
                .to_device(device),
        )
    }

    /// Forward pass on observations, without gradients.
    pub fn forward_observations(&self, obs: &[&Observation], legal: &[ActionSet]) -> NetOutput {
        let (e, g, l) = self.batch_inputs(obs, legal);
        tch::no_grad(|| self.forward(&e, &g, &l))
    }

    /// The metadata a checkpoint of this network carries.
    pub fn meta(&self, step: u64) -> CheckpointMeta {
        let mut m = CheckpointMeta::for_spec(self.spec, &self.config);
        m.step = step;
        m
    }

    /// Writes the weights and metadata to a safetensors file, atomically.
    pub fn save(&self, path: &Path, step: u64) -> Result<(), CheckpointError> {
        let mut tensors = Vec::new();
        for (name, t) in self.vs.variables() {
            let flat = t
                .detach()
                .to_device(Device::Cpu)
                .to_kind(Kind::Float)
                .flatten(0, -1);
            let data = Vec::<f32>::try_from(&flat).map_err(|e| CheckpointError::Tensor {
                path: path.to_path_buf(),
                name: name.clone(),
                detail: e.to_string(),
            })?;
            tensors.push(TensorData {
                shape: t.size().iter().map(|&d| d as usize).collect(),
                name,
                data,
            });
        }
        Checkpoint {
            meta: self.meta(step),
            tensors,
        }
        .write(path)
    }

    /// Loads weights into this network; refuses a checkpoint of another ruleset, version,
    /// shape or config. Returns the checkpoint's metadata (its step).
    pub fn load_weights(&mut self, path: &Path) -> Result<CheckpointMeta, CheckpointError> {
        let ckpt = Checkpoint::read(path)?;
        self.load_checkpoint(&ckpt, path)
    }

    /// Copies the weights of `ckpt` (read from `path`, named in errors) into this network.
    pub fn load_checkpoint(
        &mut self,
        ckpt: &Checkpoint,
        path: &Path,
    ) -> Result<CheckpointMeta, CheckpointError> {
        ckpt.meta.check_against(&self.meta(0), path)?;
        let mut vars = self.vs.variables();
        if ckpt.tensors.len() != vars.len() {
            return Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                field: "tensor count",
                expected: vars.len().to_string(),
                found: ckpt.tensors.len().to_string(),
            });
        }
        for t in &ckpt.tensors {
            let shape: Vec<i64> = t.shape.iter().map(|&d| d as i64).collect();
            let Some(var) = vars.get_mut(&t.name) else {
                return Err(CheckpointError::Mismatch {
                    path: path.to_path_buf(),
                    field: "tensor name",
                    expected: "one of the network's parameters".into(),
                    found: t.name.clone(),
                });
            };
            if var.size() != shape {
                return Err(CheckpointError::Mismatch {
                    path: path.to_path_buf(),
                    field: "tensor shape",
                    expected: format!("{} {:?}", t.name, var.size()),
                    found: format!("{} {:?}", t.name, shape),
                });
            }
            let src = Tensor::from_slice(&t.data).view(shape.as_slice());
            tch::no_grad(|| var.f_copy_(&src)).map_err(|e| CheckpointError::Tensor {
                path: path.to_path_buf(),
                name: t.name.clone(),
                detail: e.to_string(),
            })?;
        }
        Ok(ckpt.meta.clone())
    }

    /// A network built from a checkpoint's own config, for `spec`; refuses a checkpoint of
    /// another ruleset, version or observation shape.
    pub fn load(
        path: &Path,
        spec: &'static GameSpec,
        device: Device,
    ) -> Result<(Self, CheckpointMeta), CheckpointError> {
        let ckpt = Checkpoint::read(path)?;
        Self::from_checkpoint(&ckpt, path, spec, device)
    }

    /// A network of `ckpt`'s own config with its weights (`path` names it in errors).
    pub fn from_checkpoint(
        ckpt: &Checkpoint,
        path: &Path,
        spec: &'static GameSpec,
        device: Device,
    ) -> Result<(Self, CheckpointMeta), CheckpointError> {
        let config = ckpt.meta.config.clone();
        ckpt.meta
            .check_against(&CheckpointMeta::for_spec(spec, &config), path)?;
        let mut net =
            Self::new(spec, &config, device).map_err(|detail| CheckpointError::Malformed {
                path: path.to_path_buf(),
                detail,
            })?;
        let meta = net.load_checkpoint(ckpt, path)?;
        Ok((net, meta))
    }

    /// A copy of this network (same config and weights) on `device`.
    pub fn duplicate(&self, device: Device) -> Self {
        let mut copy = Self::new(self.spec, &self.config, device).expect("a valid config");
        copy.vs.copy(&self.vs).expect("same variables");
        copy
    }
}
