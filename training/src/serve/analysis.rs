//! The engine's opinion: the candidates of a position with their visits and win
//! probabilities, and the mistake check of a saved game.
//!
//! Both run the ruleset's analysis engine ([`crate::engine`]: the tree search or the
//! squadron search, whichever the ruleset's measurements chose) at a chosen time per
//! position, on a thread of their own, as a [`Job`] whose progress a request can read; a value `v` in
//! `[-1, 1]` for the side to move is shown as the win probability `(v + 1) / 2`.
//!
//! The mistake check marks a decision by the win probability it lost against the engine's
//! best candidate, as the analysis boards of chess mark moves: at least
//! [`INACCURACY`] an inaccuracy, [`MISTAKE`] a mistake, [`BLUNDER`] a blunder.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{anyhow, Result};
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::AnyGame;
use serde::Serialize;

use crate::engine::win;

/// Win probability lost that makes an inaccuracy, a mistake and a blunder.
pub const INACCURACY: f64 = 0.10;
pub const MISTAKE: f64 = 0.20;
pub const BLUNDER: f64 = 0.30;
/// One candidate order.
#[derive(Debug, Clone, Serialize)]
pub struct CandidateView {
    pub action: Action,
    pub name: String,
    pub visits: u64,
    /// Mean value for the side to move, in `[-1, 1]`.
    pub value: f64,
    /// `(value + 1) / 2`.
    pub win: f64,
    /// The search's most visited line after it (actions and chance outcomes, named).
    pub continuation: Vec<String>,
}

/// The engine's view of one position.
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    /// The side to move.
    pub player: u8,
    /// The search that ran, as a spec.
    pub engine: String,
    pub simulations: u64,
    /// Best first.
    pub candidates: Vec<CandidateView>,
    /// Side 0's win probability with best play (the evaluation bar).
    pub win0: f64,
}

/// A decision of the mistake check.
#[derive(Debug, Clone, Serialize)]
pub struct Decision {
    /// The position before the decision (actions played so far).
    pub step: usize,
    pub player: u8,
    pub played: String,
    pub best: String,
    pub win_best: f64,
    /// `None` when the search never tried the move played.
    pub win_played: Option<f64>,
    /// Win probability lost against the best (0 when the best was played).
    pub loss: Option<f64>,
    /// `best`, `good`, `inaccuracy`, `mistake`, `blunder` or `unknown`.
    pub class: &'static str,
    /// Side 0's win probability with best play (the evaluation graph).
    pub win0: f64,
    /// Every candidate the search weighed, best first, each with its continuation.
    pub candidates: Vec<CandidateView>,
}

/// The mistake check of a game.
#[derive(Debug, Clone, Serialize)]
pub struct MistakeReport {
    pub decisions: Vec<Decision>,
    /// Per side: inaccuracies, mistakes and blunders.
    pub counts: [[usize; 3]; 2],
    /// Decisions with one legal order, not searched.
    pub forced: usize,
}

/// A job's progress and, when done, its result or error.
#[derive(Debug, Clone, Serialize)]
pub struct JobView {
    pub id: u64,
    pub kind: &'static str,
    pub done: usize,
    pub total: usize,
    pub elapsed_ms: u64,
    pub finished: bool,
    pub result: Option<serde_json::Value>,
    pub error: Option<String>,
}

/// Tells `job` how many of its steps are done.
pub fn report_to(job: &Arc<Mutex<Job>>) -> impl FnMut(usize, usize) + '_ {
    move |done, _| {
        if let Ok(mut j) = job.lock() {
            j.done = done;
        }
    }
}

/// A background job.
#[derive(Debug)]
pub struct Job {
    pub kind: &'static str,
    pub started: Instant,
    pub done: usize,
    pub total: usize,
    pub finished: bool,
    pub result: Option<serde_json::Value>,
    pub error: Option<String>,
    pub finished_at: Option<Instant>,
}

impl Job {
    pub fn new(kind: &'static str, total: usize) -> Self {
        Job {
            kind,
            started: Instant::now(),
            done: 0,
            total,
            finished: false,
            result: None,
            error: None,
            finished_at: None,
        }
    }

    pub fn view(&self, id: u64) -> JobView {
        JobView {
            id,
            kind: self.kind,
            done: self.done,
            total: self.total,
            elapsed_ms: self.started.elapsed().as_millis() as u64,
            finished: self.finished,
            result: self.result.clone(),
            error: self.error.clone(),
        }
    }

    /// Ends the job with `outcome`.
    pub fn finish<T: Serialize>(&mut self, outcome: Result<T>) {
        match outcome.and_then(|r| serde_json::to_value(r).map_err(Into::into)) {
            Ok(v) => self.result = Some(v),
            Err(e) => self.error = Some(format!("{e:#}")),
        }
        self.done = self.total;
        self.finished = true;
        self.finished_at = Some(Instant::now());
    }
}

/// Values `state`'s orders for `time_ms` with its ruleset's analysis engine
/// ([`crate::engine`]); `None` when no player is to move.
pub fn analyse(state: &AnyGame, time_ms: u64, seed: u64) -> Result<Option<Analysis>> {
    let Some(v) = crate::engine::value_orders(state, time_ms, seed)? else {
        return Ok(None);
    };
    let candidates: Vec<CandidateView> = v
        .candidates
        .into_iter()
        .map(|c| CandidateView {
            action: c.action,
            name: c.name,
            visits: c.visits,
            value: c.value,
            win: win(c.value),
            continuation: c.continuation,
        })
        .collect();
    let best = candidates.first().map_or(0.0, |c| c.value);
    let win0 = if v.player == 0 {
        win(best)
    } else {
        1.0 - win(best)
    };
    Ok(Some(Analysis {
        player: v.player,
        engine: v.engine,
        simulations: v.simulations,
        candidates,
        win0,
    }))
}

/// The class of a loss in win probability.
pub fn classify(loss: f64) -> &'static str {
    if loss >= BLUNDER {
        "blunder"
    } else if loss >= MISTAKE {
        "mistake"
    } else if loss >= INACCURACY {
        "inaccuracy"
    } else if loss > 0.0 {
        "good"
    } else {
        "best"
    }
}

/// The positions of the mistake check: `(step, state, action played)` for every decision of
/// `side` (both sides when `None`) with more than one legal order.
pub fn decisions(
    states: impl Iterator<Item = (usize, AnyGame, Action)>,
    side: Option<u8>,
) -> (Vec<(usize, AnyGame, Action)>, usize) {
    let mut out = Vec::new();
    let mut forced = 0;
    for (k, g, a) in states {
        let Some(p) = g.current_player() else {
            continue;
        };
        if side.is_some_and(|s| s != p) {
            continue;
        }
        if g.legal_actions().len() < 2 {
            forced += 1;
            continue;
        }
        out.push((k, g, a));
    }
    (out, forced)
}

/// The decisions of a game played from `first` by `actions` (see [`decisions`]).
pub fn decisions_of(
    first: AnyGame,
    actions: &[Action],
    side: Option<u8>,
) -> (Vec<(usize, AnyGame, Action)>, usize) {
    let states = actions.iter().enumerate().scan(first, |g, (k, &a)| {
        let before = g.clone();
        g.apply(a).ok()?;
        Some((k, before, a))
    });
    decisions(states, side)
}

/// Checks every decision in `todo` at `time_ms` each, telling `progress` how many are done.
pub fn mistake_check(
    todo: Vec<(usize, AnyGame, Action)>,
    forced: usize,
    time_ms: u64,
    seed: u64,
    mut progress: impl FnMut(usize, usize),
) -> Result<MistakeReport> {
    let total = todo.len();
    let mut report = MistakeReport {
        decisions: Vec::new(),
        counts: [[0; 3]; 2],
        forced,
    };
    for (k, (step, g, played)) in todo.into_iter().enumerate() {
        let Some(analysis) = analyse(&g, time_ms, seed ^ step as u64)? else {
            continue;
        };
        let best = analysis
            .candidates
            .first()
            .ok_or_else(|| anyhow!("internal error: a search with no candidate"))?;
        let mine = analysis
            .candidates
            .iter()
            .find(|c| c.action == played && c.visits > 0);
        let loss = if best.action == played {
            Some(0.0)
        } else {
            mine.map(|c| (best.win - c.win).max(0.0))
        };
        let class = loss.map_or("unknown", classify);
        let p = analysis.player as usize;
        match class {
            "inaccuracy" => report.counts[p][0] += 1,
            "mistake" => report.counts[p][1] += 1,
            "blunder" => report.counts[p][2] += 1,
            _ => {}
        }
        report.decisions.push(Decision {
            step,
            player: analysis.player,
            played: crate::style::sanitize(&g.describe_action(played)),
            best: best.name.clone(),
            win_best: best.win,
            win_played: mine.map(|c| c.win),
            loss,
            class,
            win0: analysis.win0,
            // With their continuations, as the board's analysis shows them.
            candidates: analysis.candidates.clone(),
        });
        progress(k + 1, total);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::Turn;

    #[test]
    fn losses_are_classed_as_the_chess_boards_class_them() {
        assert_eq!(classify(0.0), "best");
        assert_eq!(classify(0.05), "good");
        assert_eq!(classify(0.10), "inaccuracy");
        assert_eq!(classify(0.25), "mistake");
        assert_eq!(classify(0.31), "blunder");
    }

    #[test]
    fn the_mistake_check_keeps_each_candidates_continuation_in_every_ruleset() {
        use broadside_env::ruleset::{rulesets, scenario, GameOptions};
        use rand::SeedableRng;
        for r in rulesets() {
            let mut g = scenario(r.name, r.default_scenario)
                .expect("built-in scenario")
                .new_game(&GameOptions::default());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
            let mut actions = Vec::new();
            // Two decisions of a random game (chance resolved on the way).
            while actions.iter().filter(|&&(choice, _)| choice).count() < 2 && !g.is_terminal() {
                let player = g.turn() != Turn::Chance;
                let choice = player && g.legal_actions().len() > 1;
                let a = if player {
                    let legal: Vec<Action> = g.legal_actions().iter().collect();
                    legal[actions.len() % legal.len()]
                } else {
                    g.chance_outcomes().sample(&mut rng)
                };
                g.apply_unchecked(a);
                actions.push((choice, a));
            }
            let first = scenario(r.name, r.default_scenario)
                .expect("built-in scenario")
                .new_game(&GameOptions::default());
            let played: Vec<Action> = actions.iter().map(|&(_, a)| a).collect();
            let (todo, forced) = decisions_of(first, &played, None);
            let report = mistake_check(todo, forced, 20, 1, |_, _| {}).expect("checked");
            let shown = report
                .decisions
                .iter()
                .flat_map(|d| &d.candidates)
                .filter(|c| !c.continuation.is_empty())
                .count();
            assert!(shown > 0, "{}: no continuation in {report:?}", r.name);
        }
    }

    #[test]
    fn the_engine_parses_and_analyses_a_position_of_every_ruleset() {
        use broadside_env::ruleset::{rulesets, scenario, GameOptions};
        use rand::SeedableRng;
        for r in rulesets() {
            let mut g = scenario(r.name, r.default_scenario)
                .expect("built-in scenario")
                .new_game(&GameOptions::default());
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
            while g.turn() == Turn::Chance {
                let a = g.chance_outcomes().sample(&mut rng);
                g.apply_unchecked(a);
            }
            let a = analyse(&g, 20, 1)
                .expect("the engine builds")
                .expect("a player to move");
            assert!(!a.candidates.is_empty(), "{}", r.name);
            assert!((0.0..=1.0).contains(&a.win0));
            assert!(g.legal_actions().contains(a.candidates[0].action));
        }
    }
}
