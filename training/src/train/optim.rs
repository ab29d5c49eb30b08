//! AdamW (decoupled weight decay, Loshchilov & Hutter) over a network's variables, with
//! its moments saved beside each checkpoint so a resumed run continues the same
//! optimisation instead of restarting it from zero moments (tch's built-in optimiser
//! keeps its state inside libtorch, out of reach of a checkpoint).
//!
//! The state file is a Broadside checkpoint (same metadata as the network's, so a state
//! of another network is refused) holding `m/<var>`, `v/<var>` and `adam/t`.

use std::path::Path;

use broadside_models::checkpoint::{Checkpoint, CheckpointError, TensorData};
use broadside_models::Network;
use tch::{Device, Kind, Tensor};

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPS: f64 = 1e-8;

/// AdamW state for one network.
pub struct AdamW {
    /// The network's trainable variables by name, in name order (deterministic updates).
    vars: Vec<(String, Tensor)>,
    m: Vec<Tensor>,
    v: Vec<Tensor>,
    /// Steps taken.
    t: u64,
    lr: f64,
    wd: f64,
}

impl std::fmt::Debug for AdamW {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AdamW")
            .field("variables", &self.vars.len())
            .field("t", &self.t)
            .finish()
    }
}

impl AdamW {
    /// Fresh state (zero moments) for `net`'s trainable variables.
    pub fn new(net: &Network, lr: f64, wd: f64) -> Self {
        let mut vars: Vec<(String, Tensor)> = net
            .var_store()
            .variables()
            .into_iter()
            .filter(|(_, t)| t.requires_grad())
            .collect();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        let m = vars.iter().map(|(_, t)| t.zeros_like()).collect();
        let v = vars.iter().map(|(_, t)| t.zeros_like()).collect();
        Self {
            vars,
            m,
            v,
            t: 0,
            lr,
            wd,
        }
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.t
    }

    /// Back-propagates `loss` and applies one update.
    pub fn backward_step(&mut self, loss: &Tensor) {
        for (_, var) in &mut self.vars {
            var.zero_grad();
        }
        loss.backward();
        self.t += 1;
        let bc1 = 1.0 - BETA1.powi(self.t as i32);
        let bc2 = 1.0 - BETA2.powi(self.t as i32);
        let (lr, wd) = (self.lr, self.wd);
        tch::no_grad(|| {
            for ((_, var), (m, v)) in self.vars.iter_mut().zip(self.m.iter_mut().zip(&mut self.v)) {
                let g = var.grad();
                if !g.defined() {
                    continue;
                }
                let _ = m.g_mul_scalar_(BETA1);
                let _ = m.g_add_(&(&g * (1.0 - BETA1)));
                let _ = v.g_mul_scalar_(BETA2);
                let _ = v.g_add_(&(&g * &g * (1.0 - BETA2)));
                let _ = var.g_mul_scalar_(1.0 - lr * wd);
                let denom = (&*v / bc2).sqrt() + EPS;
                let _ = var.g_sub_(&(&*m / &denom * (lr / bc1)));
            }
        });
    }

    /// Writes the moments and step count to `path` (atomically), under `net`'s metadata.
    pub fn save(&self, net: &Network, path: &Path) -> Result<(), CheckpointError> {
        let mut tensors = Vec::with_capacity(2 * self.vars.len() + 1);
        for ((name, _), (m, v)) in self.vars.iter().zip(self.m.iter().zip(&self.v)) {
            for (prefix, t) in [("m", m), ("v", v)] {
                let full = format!("{prefix}/{name}");
                let flat = t.detach().to_device(Device::Cpu).flatten(0, -1);
                let data = Vec::<f32>::try_from(&flat).map_err(|e| CheckpointError::Tensor {
                    path: path.to_path_buf(),
                    name: full.clone(),
                    detail: e.to_string(),
                })?;
                tensors.push(TensorData {
                    shape: t.size().iter().map(|&d| d as usize).collect(),
                    name: full,
                    data,
                });
            }
        }
        // The step count as two exact f32 halves (an f32 alone is exact only to 2^24).
        tensors.push(TensorData {
            name: "adam/t".into(),
            shape: vec![2],
            data: vec![(self.t >> 20) as f32, (self.t & 0xF_FFFF) as f32],
        });
        Checkpoint {
            meta: net.meta(self.t),
            tensors,
        }
        .write(path)
    }

    /// Loads the state saved by [`Self::save`] for this network; refuses a file of another
    /// network (metadata or shapes) with a plain error.
    pub fn load(&mut self, net: &Network, path: &Path) -> Result<(), CheckpointError> {
        let ckpt = Checkpoint::read(path)?;
        ckpt.meta.check_against(&net.meta(ckpt.meta.step), path)?;
        let find = |name: &str| ckpt.tensors.iter().find(|t| t.name == name);
        let missing = |name: &str| CheckpointError::Tensor {
            path: path.to_path_buf(),
            name: name.to_string(),
            detail: "missing from the optimiser state".into(),
        };
        let t = find("adam/t").ok_or_else(|| missing("adam/t"))?;
        if t.data.len() != 2 {
            return Err(missing("adam/t"));
        }
        let steps = ((t.data[0] as u64) << 20) | t.data[1] as u64;
        let mut loaded = Vec::with_capacity(self.vars.len());
        for (name, var) in &self.vars {
            let mut pair = Vec::with_capacity(2);
            for prefix in ["m", "v"] {
                let full = format!("{prefix}/{name}");
                let td = find(&full).ok_or_else(|| missing(&full))?;
                let shape: Vec<i64> = td.shape.iter().map(|&d| d as i64).collect();
                if shape != var.size() {
                    return Err(CheckpointError::Tensor {
                        path: path.to_path_buf(),
                        name: full,
                        detail: format!("shape {:?}, the network has {:?}", shape, var.size()),
                    });
                }
                pair.push(
                    Tensor::from_slice(&td.data)
                        .view(shape.as_slice())
                        .to_kind(Kind::Float)
                        .to_device(var.device()),
                );
            }
            loaded.push(pair);
        }
        for (i, mut pair) in loaded.into_iter().enumerate() {
            self.v[i] = pair.pop().expect("two moments");
            self.m[i] = pair.pop().expect("two moments");
        }
        self.t = steps;
        Ok(())
    }
}
