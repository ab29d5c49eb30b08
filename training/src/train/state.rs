//! A run's counters (`state.json` in the run directory), written atomically after each
//! checkpoint. With the checkpoint it names and the replay shards, it is all a resumed
//! run needs: a run killed at any moment resumes from the last state written.

use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::atomic::write_atomic;

/// Version of `state.json`; a reader refuses any other.
pub const STATE_FORMAT: u32 = 1;

/// One evaluation of a checkpoint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvalRecord {
    pub iteration: u64,
    pub train_step: u64,
    /// `(opponent spec, score of the network, games)`.
    pub scores: Vec<(String, f64, usize)>,
    /// Elo of the network relative to each fixed bot, same order as the bots.
    pub elo_vs_bots: Vec<f64>,
    /// Score against the previous best (None for the first checkpoint).
    pub vs_best: Option<f64>,
    pub promoted: bool,
}

/// The counters of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunState {
    pub format: u32,
    /// Iterations finished (self-play plus training).
    pub iteration: u64,
    /// Gradient steps taken.
    pub train_step: u64,
    pub games: u64,
    pub decisions: u64,
    /// Training samples written to the replay shards.
    pub samples: u64,
    /// Number of the next replay shard.
    pub next_shard: u64,
    /// File name (in `checkpoints/`) of the latest checkpoint.
    pub latest: Option<String>,
    /// Training step of `best.safetensors`.
    pub best_step: Option<u64>,
    /// Wall-clock seconds spent over all sessions of the run.
    pub seconds: f64,
    pub evals: Vec<EvalRecord>,
}

impl Default for RunState {
    fn default() -> Self {
        Self {
            format: STATE_FORMAT,
            iteration: 0,
            train_step: 0,
            games: 0,
            decisions: 0,
            samples: 0,
            next_shard: 0,
            latest: None,
            best_step: None,
            seconds: 0.0,
            evals: Vec::new(),
        }
    }
}

impl RunState {
    /// Whether a checkpoint scoring `vs_best` against the best network (None: there is no
    /// best yet) and `scores` against the opponents (the first `n_bots` are the fixed bots)
    /// becomes the new best: at least `promote_score` against the best, or an even score
    /// (at least 0.5) with a higher mean score against the fixed bots than the best had when
    /// it was evaluated. In an asymmetric scenario two close networks split each pair of
    /// games by side, so the head-to-head alone would never move the best again.
    pub fn promotes(
        &self,
        vs_best: Option<f64>,
        scores: &[(String, f64, usize)],
        n_bots: usize,
        promote_score: f64,
    ) -> bool {
        let mean_bots = |scores: &[(String, f64, usize)]| {
            let n = n_bots.min(scores.len()).max(1) as f64;
            scores.iter().take(n_bots).map(|s| s.1).sum::<f64>() / n
        };
        let best_bots = self
            .evals
            .iter()
            .rev()
            .find(|r| Some(r.train_step) == self.best_step)
            .map_or(f64::MIN, |r| mean_bots(&r.scores));
        vs_best.is_none_or(|s| s >= promote_score || (s >= 0.5 && mean_bots(scores) > best_bots))
    }

    /// Reads `path`; a missing file is `Ok(None)` (a run killed before its first checkpoint).
    pub fn read(path: &Path) -> Result<Option<Self>> {
        let limit = broadside_env::data_files::CONFIG_FILE_LIMIT;
        let text = match broadside_env::data_files::read_bytes(path, limit)
            .and_then(|b| String::from_utf8(b).map_err(std::io::Error::other))
        {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let state: RunState = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a run state", path.display()))?;
        if state.format != STATE_FORMAT {
            bail!(
                "{} has state format {}, this broadside reads format {STATE_FORMAT}",
                path.display(),
                state.format
            );
        }
        Ok(Some(state))
    }

    /// Writes the state atomically.
    pub fn write(&self, path: &Path) -> Result<()> {
        let mut text = serde_json::to_vec_pretty(self)?;
        text.push(b'\n');
        write_atomic(path, &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_head_to_head_promotes_only_on_better_bot_scores() {
        let sc = |bot: f64, best: f64| {
            vec![
                ("bot:line-of-battle".to_string(), bot, 20),
                ("best".to_string(), best, 20),
            ]
        };
        let mut state = RunState {
            best_step: Some(100),
            ..RunState::default()
        };
        state.evals.push(EvalRecord {
            iteration: 1,
            train_step: 100,
            scores: sc(0.3, 0.6),
            elo_vs_bots: vec![],
            vs_best: Some(0.6),
            promoted: true,
        });
        assert!(state.promotes(None, &sc(0.0, 0.0), 1, 0.55), "no best yet");
        assert!(
            state.promotes(Some(0.6), &sc(0.1, 0.6), 1, 0.55),
            "beats the best"
        );
        assert!(
            state.promotes(Some(0.5), &sc(0.5, 0.5), 1, 0.55),
            "even, better vs bots"
        );
        assert!(
            !state.promotes(Some(0.5), &sc(0.3, 0.5), 1, 0.55),
            "even, no better"
        );
        assert!(
            !state.promotes(Some(0.45), &sc(0.9, 0.45), 1, 0.55),
            "loses to the best"
        );
    }

    #[test]
    fn state_round_trips_and_bad_files_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("state.json");
        assert!(RunState::read(&p).unwrap().is_none());
        let s = RunState {
            iteration: 3,
            train_step: 300,
            latest: Some("step-00000300.safetensors".into()),
            ..RunState::default()
        };
        s.write(&p).unwrap();
        assert_eq!(RunState::read(&p).unwrap(), Some(s));
        std::fs::write(&p, "{\"format\": 1, \"iteration\"").unwrap();
        assert!(format!("{:#}", RunState::read(&p).unwrap_err()).contains("not a run state"));
        let other = RunState {
            format: 99,
            ..RunState::default()
        };
        other.write(&p).unwrap();
        assert!(format!("{:#}", RunState::read(&p).unwrap_err()).contains("format 99"));
    }
}
