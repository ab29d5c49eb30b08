//! Fitting a fresh network to a run's replay shards, scored on shards it never saw: the
//! ablations of the network's shape and of the observation features (`broadside fit`).
//!
//! Self-play ablations cost hours of games each; this one costs minutes, because the games
//! are already played. It answers a narrower question, and says so: how well a network of
//! this shape, seeing these features, can learn the run's targets (the teacher's choices
//! and the results), measured on the last shards of the run (games held out by iteration,
//! so no game is on both sides of the split). It does not measure playing strength.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_models::Network;
use serde::Serialize;
use tch::{Kind, Reduction};

use super::fit_data::{blank, dropped_columns, split_shards, FitOptions};
use super::replay::Sample;
use super::run::{fresh_network, pick_device, scenario_of, shard_header};
use super::trainer::{iteration_rng, BatchTensors, Trainer, Window};

/// The held-out scores of the network after `step` steps.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct HeldOut {
    pub step: usize,
    /// Mean cross-entropy of the network's policy against the targets.
    pub policy_loss: f64,
    /// Share of samples where the network's most likely action is the target's.
    pub agreement: f64,
    /// Mean squared error of the value against its target.
    pub value_loss: f64,
}

/// The final network's held-out agreement on one kind of decision: the teacher's choices
/// grouped by their catalogue name up to the first `:` (`leg`, `target`, `activate`...),
/// which tells which of a turn's sub-decisions the policy fails to learn.
#[derive(Debug, Clone, Serialize)]
pub struct KindAgreement {
    pub kind: String,
    /// Held-out samples whose target's most likely action is of this kind.
    pub samples: usize,
    /// Share of those where the network's most likely action is the target's.
    pub agreement: f64,
}

/// The result of one fit.
#[derive(Debug, Clone, Serialize)]
pub struct FitReport {
    pub ruleset: String,
    pub scenario: String,
    pub net: broadside_models::NetConfig,
    pub parameters: i64,
    pub dropped_features: Vec<String>,
    pub train_samples: usize,
    pub held_out_samples: usize,
    pub held_out_shards: usize,
    pub curve: Vec<HeldOut>,
    /// The last scoring's agreement by the kind of the target's decision, most samples first.
    pub by_kind: Vec<KindAgreement>,
}

/// Agreement counts `(samples, agreed)` by the kind of the target's action; a BTreeMap, not
/// a HashMap, so that the report's order does not depend on hashing.
type KindCounts = std::collections::BTreeMap<&'static str, (usize, usize)>;

/// The counts as the report lists them, most samples first.
fn kinds_of(counts: KindCounts) -> Vec<KindAgreement> {
    let mut kinds: Vec<KindAgreement> = counts
        .into_iter()
        .map(|(kind, (n, agree))| KindAgreement {
            kind: kind.to_string(),
            samples: n,
            agreement: agree as f64 / n.max(1) as f64,
        })
        .collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.samples));
    kinds
}

/// Scores `net` on `samples` in batches, without gradients, with the agreement by the kind
/// of each target's action (`spec`'s catalogue names).
fn score(
    net: &Network,
    samples: &[Sample],
    step: usize,
    spec: &broadside_env::GameSpec,
) -> (HeldOut, Vec<KindAgreement>) {
    let (mut policy, mut value) = (0.0, 0.0);
    let mut counts = KindCounts::new();
    tch::no_grad(|| {
        for chunk in samples.chunks(1024) {
            let t = BatchTensors::of(net, chunk);
            let out = net.forward(&t.entities, &t.global, &t.legal);
            let logp = out.logits.log_softmax(-1, Kind::Float);
            policy -= (&t.policy * &logp).sum(Kind::Float).double_value(&[]);
            let mine = Vec::<i64>::try_from(logp.argmax(-1, false)).unwrap_or_default();
            let target = Vec::<i64>::try_from(t.policy.argmax(-1, false)).unwrap_or_default();
            for (m, t) in mine.iter().zip(&target) {
                let kind = spec.action_kind(*t as broadside_env::Action);
                let entry = counts.entry(kind).or_default();
                entry.0 += 1;
                entry.1 += usize::from(m == t);
            }
            value += out
                .value
                .mse_loss(&t.value, Reduction::Sum)
                .double_value(&[]);
        }
    });
    let count = samples.len().max(1) as f64;
    let agree = counts.values().map(|&(_, agreed)| agreed).sum::<usize>() as f64;
    let held = HeldOut {
        step,
        policy_loss: policy / count,
        agreement: agree / count,
        value_loss: value / count,
    };
    (held, kinds_of(counts))
}

/// Fits a fresh network of `opts.config.net` to the run's shards, reporting each held-out
/// score to `on_score` as it is measured.
pub fn fit(opts: &FitOptions, mut on_score: impl FnMut(&HeldOut)) -> Result<FitReport> {
    broadside_models::loader::register();
    let cfg = &opts.config;
    if opts.steps == 0 || opts.eval_every == 0 {
        bail!("--steps and --eval-every must be positive");
    }
    if !(opts.holdout > 0.0 && opts.holdout < 1.0) {
        bail!(
            "--holdout must be between 0 and 1 (exclusive), not {}",
            opts.holdout
        );
    }
    let (scenario, spec) = scenario_of(cfg)?;
    let (entity_cols, global_cols) = dropped_columns(spec, &opts.drop_features)?;
    let replays: Vec<PathBuf> = opts.run_dirs.iter().map(|d| d.join("replay")).collect();
    let (mut train, mut held, held_shards) =
        split_shards(&replays, &shard_header(spec), opts.holdout)?;
    let features = spec.obs.entity_features.len();
    for s in train.iter_mut().chain(held.iter_mut()) {
        blank(s, &entity_cols, &global_cols, features);
    }
    let (train_samples, held_out_samples) = (train.len(), held.len());
    let mut window = Window::new(train_samples);
    window.extend(train);

    let device = pick_device(&cfg.device)?;
    let net = fresh_network(cfg, spec, device)?;
    let parameters = net.num_parameters();
    let mut trainer = Trainer::new(net, &cfg.train)?;
    let mut rng = iteration_rng(cfg.seed, 0, 0xf17);
    let mut curve = Vec::new();
    let mut by_kind = Vec::new();
    let mut done = 0;
    while done < opts.steps {
        let chunk = opts.eval_every.min(opts.steps - done);
        trainer.train(&window, chunk, &mut rng, |_| {});
        done += chunk;
        let (s, kinds) = score(&trainer.net, &held, done, spec);
        on_score(&s);
        curve.push(s);
        by_kind = kinds;
    }
    if let Some(path) = &opts.save {
        trainer
            .net
            .save(path, done as u64)
            .with_context(|| format!("--save {}", path.display()))?;
    }
    Ok(FitReport {
        ruleset: cfg.ruleset.clone(),
        scenario: scenario.id().to_string(),
        net: cfg.net.clone(),
        parameters,
        dropped_features: opts.drop_features.clone(),
        train_samples,
        held_out_samples,
        held_out_shards: held_shards,
        curve,
        by_kind,
    })
}
