//! The trainer: minibatches drawn from the replay window, the AlphaZero loss (cross-entropy
//! of the network's policy against the search's policy, squared error of the value against
//! the game's result) and AdamW (decoupled weight decay).

use std::borrow::Borrow;
use std::collections::VecDeque;

use broadside_models::Network;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Reduction, Tensor};

use super::config::OptimConfig;
use super::optim::AdamW;
use super::replay::Sample;

/// The replay window in memory: the most recent `capacity` samples.
#[derive(Debug, Default)]
pub struct Window {
    samples: VecDeque<Sample>,
    capacity: usize,
}

impl Window {
    pub fn new(capacity: usize) -> Self {
        Self {
            samples: VecDeque::new(),
            capacity,
        }
    }
    /// Adds samples, forgetting the oldest beyond the capacity.
    pub fn extend(&mut self, samples: impl IntoIterator<Item = Sample>) {
        self.samples.extend(samples);
        while self.samples.len() > self.capacity {
            self.samples.pop_front();
        }
    }
    pub fn len(&self) -> usize {
        self.samples.len()
    }
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }
}

/// Means over one or more gradient steps.
#[derive(Debug, Default, Clone, Copy)]
pub struct LossStats {
    pub steps: u64,
    pub policy_loss: f64,
    pub value_loss: f64,
    /// Entropy of the network's policy (nats).
    pub entropy: f64,
    /// Share of decided positions whose value has the sign of the result.
    pub value_accuracy: f64,
    /// Share of positions where the network's most likely action is the target's.
    pub policy_agreement: f64,
}

impl LossStats {
    fn add(&mut self, o: &LossStats) {
        let n = self.steps as f64;
        let m = o.steps as f64;
        let t = (n + m).max(1.0);
        self.policy_loss = (self.policy_loss * n + o.policy_loss * m) / t;
        self.value_loss = (self.value_loss * n + o.value_loss * m) / t;
        self.entropy = (self.entropy * n + o.entropy * m) / t;
        self.value_accuracy = (self.value_accuracy * n + o.value_accuracy * m) / t;
        self.policy_agreement = (self.policy_agreement * n + o.policy_agreement * m) / t;
        self.steps += o.steps;
    }
}

/// A network with its optimiser.
pub struct Trainer {
    pub net: Network,
    opt: AdamW,
    cfg: OptimConfig,
}

impl std::fmt::Debug for Trainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trainer").field("net", &self.net).finish()
    }
}

impl Trainer {
    /// A trainer for `net`, its optimiser's moments at zero ([`Self::load_optimiser`]
    /// restores saved ones).
    pub fn new(net: Network, cfg: &OptimConfig) -> anyhow::Result<Self> {
        let opt = AdamW::new(&net, cfg.learning_rate, cfg.weight_decay);
        Ok(Self {
            net,
            opt,
            cfg: cfg.clone(),
        })
    }

    /// Saves the optimiser's moments (atomically) to `path`.
    pub fn save_optimiser(&self, path: &std::path::Path) -> anyhow::Result<()> {
        Ok(self.opt.save(&self.net, path)?)
    }

    /// Restores the optimiser's moments saved by [`Self::save_optimiser`].
    pub fn load_optimiser(&mut self, path: &std::path::Path) -> anyhow::Result<()> {
        Ok(self.opt.load(&self.net, path)?)
    }

    /// Optimiser steps taken (counting restored ones).
    pub fn optimiser_steps(&self) -> u64 {
        self.opt.steps()
    }

    /// Runs `steps` gradient steps on minibatches drawn from `window` with `rng`.
    pub fn train(
        &mut self,
        window: &Window,
        steps: usize,
        rng: &mut ChaCha8Rng,
        mut on_step: impl FnMut(&LossStats),
    ) -> LossStats {
        let mut total = LossStats::default();
        if window.is_empty() {
            return total;
        }
        let b = self.cfg.batch_size.min(window.len());
        let mut picked: Vec<&Sample> = Vec::with_capacity(b);
        for _ in 0..steps {
            picked.clear();
            picked.extend((0..b).map(|_| &window.samples[rng.random_range(0..window.len())]));
            let s = self.step(&picked);
            on_step(&s);
            total.add(&s);
        }
        total
    }

    /// One gradient step on `batch`.
    pub fn step(&mut self, batch: &[&Sample]) -> LossStats {
        let BatchTensors {
            entities: ent,
            global: glob,
            legal,
            policy: target_p,
            value: z,
        } = BatchTensors::of(&self.net, batch);

        let out = self.net.forward(&ent, &glob, &legal);
        let logp = out.logits.log_softmax(-1, Kind::Float);
        let policy_loss = -(&target_p * &logp)
            .sum_dim_intlist(&[-1i64][..], false, Kind::Float)
            .mean(Kind::Float);
        let value_loss = out.value.mse_loss(&z, Reduction::Mean);
        let loss = &policy_loss + self.cfg.value_weight * &value_loss;
        self.opt.backward_step(&loss);

        let (entropy, accuracy, agreement) = tch::no_grad(|| {
            let p = logp.exp();
            let entropy = -(&p * &logp)
                .sum_dim_intlist(&[-1i64][..], false, Kind::Float)
                .mean(Kind::Float);
            let decided = z.abs().gt(0.5);
            let agree = (out.value.sign() * z.sign()).gt(0.0).logical_and(&decided);
            let d = decided.sum(Kind::Float).double_value(&[]);
            let acc = if d > 0.0 {
                agree.sum(Kind::Float).double_value(&[]) / d
            } else {
                0.0
            };
            let agreement = logp
                .argmax(-1, false)
                .eq_tensor(&target_p.argmax(-1, false))
                .to_kind(Kind::Float)
                .mean(Kind::Float)
                .double_value(&[]);
            (entropy.double_value(&[]), acc, agreement)
        });
        LossStats {
            steps: 1,
            policy_loss: policy_loss.double_value(&[]),
            value_loss: value_loss.double_value(&[]),
            entropy,
            value_accuracy: accuracy,
            policy_agreement: agreement,
        }
    }
}

/// A batch of samples as the network's inputs and the targets, on the network's device.
#[derive(Debug)]
pub struct BatchTensors {
    /// `[B, entities, features]`.
    pub entities: Tensor,
    /// `[B, global features]`.
    pub global: Tensor,
    /// `[B, player actions]`, booleans.
    pub legal: Tensor,
    /// `[B, player actions]`, the policy targets.
    pub policy: Tensor,
    /// `[B]`, the value targets.
    pub value: Tensor,
}

impl BatchTensors {
    /// `batch` laid out for `net`: sampled references (a training step) or a slice of
    /// samples (scoring held-out games) alike.
    pub fn of<S: Borrow<Sample>>(net: &Network, batch: &[S]) -> Self {
        let spec = net.spec();
        let (n, f) = spec.obs.entity_shape();
        let g = spec.obs.global_features.len();
        let a = spec.num_player_actions;
        let rows = batch.len() as i64;
        let device = net.var_store().device();
        let cat = |get: &dyn Fn(&Sample) -> &[f32]| -> Vec<f32> {
            batch
                .iter()
                .flat_map(|s| get(s.borrow()).iter().copied())
                .collect()
        };
        let legal: Vec<bool> = batch
            .iter()
            .flat_map(|s| s.borrow().legal.iter().copied())
            .collect();
        let value: Vec<f32> = batch.iter().map(|s| s.borrow().value).collect();
        Self {
            entities: Tensor::from_slice(&cat(&|s| &s.entities))
                .view([rows, n as i64, f as i64])
                .to_device(device),
            global: Tensor::from_slice(&cat(&|s| &s.global))
                .view([rows, g as i64])
                .to_device(device),
            legal: Tensor::from_slice(&legal)
                .view([rows, a as i64])
                .to_device(device),
            policy: Tensor::from_slice(&cat(&|s| &s.policy))
                .view([rows, a as i64])
                .to_device(device),
            value: Tensor::from_slice(&value).to_device(device),
        }
    }
}

/// A fresh RNG for iteration `iteration` of a run seeded `seed`.
pub fn iteration_rng(seed: u64, iteration: u64, salt: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(broadside_agents::mcts::hash::mix(
        broadside_agents::mcts::hash::mix(seed, iteration),
        salt,
    ))
}
