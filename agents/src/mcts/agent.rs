//! [`MctsAgent`]: the search as an [`Agent`], with root-parallel threads, tree reuse and an
//! explanation of each choice.

use std::time::{Duration, Instant};

use broadside_env::{Action, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::config::{Budget, MctsConfig};
use super::eval::EvaluatorFactory;
use super::hash::{observation_key, splitmix64, InfoKeyFn};
use super::search::{Limit, RootStats, Search};
use crate::Agent;

/// One root action as the search saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    pub action: Action,
    /// The action described in the searched state.
    pub name: String,
    /// Simulations through the action, over all threads.
    pub visits: u64,
    /// Mean value for the searcher in `[-1, 1]`.
    pub value: f64,
    pub prior: f32,
    /// The search's policy (average strategy at a simultaneous root, else visit share).
    pub policy: f64,
}

/// The candidate at `u` (uniform in `[0, 1)`) of the cumulative policy: a sample of the
/// search's policy. `None` if rounding leaves `u` beyond the total.
pub fn sample_candidate(candidates: &[Candidate], u: f64) -> Option<Action> {
    let mut acc = 0.0;
    candidates
        .iter()
        .find(|c| {
            acc += c.policy;
            u < acc
        })
        .map(|c| c.action)
}

/// Why the agent chose what it chose.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Explanation {
    pub player: Player,
    pub action: Action,
    /// The root was a simultaneous decision (the action was sampled from `policy`).
    pub simultaneous: bool,
    pub simulations: u64,
    /// Every root action, best first (by policy, then value).
    pub candidates: Vec<Candidate>,
}

impl Explanation {
    /// The top `n` candidates as lines: `name  visits  value  policy`.
    pub fn lines(&self, n: usize) -> Vec<String> {
        self.lines_named(n, &|a| {
            self.candidates
                .iter()
                .find(|c| c.action == a)
                .map_or_else(String::new, |c| c.name.clone())
        })
    }

    /// [`Self::lines`] with each candidate named by `name`.
    pub fn lines_named(&self, n: usize, name: &dyn Fn(Action) -> String) -> Vec<String> {
        self.candidates
            .iter()
            .take(n)
            .map(|c| {
                format!(
                    "{:<28} visits {:>7}  value {:+.3}  prior {:.2}  policy {:.3}",
                    name(c.action),
                    c.visits,
                    c.value,
                    c.prior,
                    c.policy
                )
            })
            .collect()
    }
}

/// Monte Carlo tree search as a player. See the [`super`] module documentation.
pub struct MctsAgent<G: Game> {
    config: MctsConfig,
    label: String,
    searches: Vec<Search<G>>,
    rng: ChaCha8Rng,
    last: Option<Explanation>,
}

impl<G: Game> std::fmt::Debug for MctsAgent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MctsAgent")
            .field("label", &self.label)
            .field("config", &self.config)
            .finish()
    }
}

impl<G: Game> MctsAgent<G> {
    /// A search agent with the generic observation key.
    pub fn new(config: MctsConfig, evaluator: EvaluatorFactory<G>) -> Self {
        Self::with_info_key(config, evaluator, observation_key::<G>)
    }

    /// A search agent with a ruleset's own information key (see [`InfoKeyFn`]).
    pub fn with_info_key(
        config: MctsConfig,
        evaluator: EvaluatorFactory<G>,
        key_fn: InfoKeyFn<G>,
    ) -> Self {
        let threads = config.threads.max(1);
        let searches: Vec<Search<G>> = (0..threads as u64)
            .map(|t| {
                let seed = splitmix64(config.seed ^ splitmix64(t + 1));
                Search::new(config, seed, evaluator(splitmix64(seed ^ 0xE7A1)), key_fn)
            })
            .collect();
        let label = format!("mcts({})", searches[0].evaluator_name());
        Self {
            config,
            label,
            searches,
            rng: ChaCha8Rng::seed_from_u64(splitmix64(config.seed ^ 0xC401CE)),
            last: None,
        }
    }

    /// Sets the name shown in logs and tables.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// The configuration.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Changes the budget of the next searches (playout-cap randomisation in self-play).
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }

    /// Counts the playouts of every thread's tree on `control`, and stops them when it asks
    /// (`None`: neither). Changes nothing else: with a simulation budget the result is the
    /// same with or without a control that is never told to stop.
    pub fn set_control(&mut self, control: Option<crate::SearchControl>) {
        for s in &mut self.searches {
            s.set_control(control.clone());
        }
    }

    /// The explanation of the last choice.
    pub fn explain(&self) -> Option<&Explanation> {
        self.last.as_ref()
    }

    /// The search trees, one per thread (for analysis: [`Search::policy_at`]).
    pub fn trees(&self) -> &[Search<G>] {
        &self.searches
    }

    /// Tells the trees that `action` was played from the last searched state, so the next
    /// search can reuse its subtree (what [`Agent::choose`] does after [`Self::search`]).
    pub fn commit(&mut self, action: Action) {
        for s in &mut self.searches {
            s.commit(action);
        }
    }

    /// Searches `state` for `player` and returns the merged result without playing it.
    pub fn search(&mut self, state: &G, player: Player) -> Explanation {
        let n = self.searches.len() as u64;
        let limits: Vec<Limit> = (0..n)
            .map(|t| match self.config.budget {
                Budget::Simulations(s) => Limit::Simulations(s / n + u64::from(t < s % n)),
                Budget::TimeMs(ms) => Limit::Deadline(Instant::now() + Duration::from_millis(ms)),
            })
            .collect();
        let results: Vec<RootStats> = if n == 1 {
            vec![self.searches[0].run(state, player, limits[0])]
        } else {
            // Root parallelism: independent trees with their own seeds, merged in thread
            // order, so a simulation budget gives the same result however threads interleave.
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .searches
                    .iter_mut()
                    .zip(&limits)
                    .map(|(s, &limit)| scope.spawn(move || s.run(state, player, limit)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread panicked"))
                    .collect()
            })
        };
        self.merge(state, player, &results)
    }

    fn merge(&mut self, state: &G, player: Player, results: &[RootStats]) -> Explanation {
        let simultaneous = results.iter().any(|r| r.simultaneous);
        let simulations: u64 = results.iter().map(|r| r.simulations).sum();
        let mut cands: Vec<Candidate> = Vec::new();
        for r in results {
            let weight = r.simulations.max(1) as f64;
            for a in &r.actions {
                let c = match cands.iter_mut().position(|c| c.action == a.action) {
                    Some(i) => &mut cands[i],
                    None => {
                        cands.push(Candidate {
                            action: a.action,
                            name: state.describe_action(a.action),
                            visits: 0,
                            value: 0.0,
                            prior: a.prior,
                            policy: 0.0,
                        });
                        cands.last_mut().expect("just pushed")
                    }
                };
                c.visits += a.visits;
                c.value += a.value_sum;
                c.policy += a.policy * weight;
            }
        }
        let total_policy: f64 = cands.iter().map(|c| c.policy).sum();
        let total_visits: u64 = cands.iter().map(|c| c.visits).sum();
        for c in &mut cands {
            c.value = if c.visits > 0 {
                c.value / c.visits as f64
            } else {
                0.0
            };
            c.policy = if simultaneous && total_policy > 0.0 {
                c.policy / total_policy
            } else if total_visits > 0 {
                c.visits as f64 / total_visits as f64
            } else {
                1.0 / results[0].actions.len().max(1) as f64
            };
        }
        // Most visits, then the better value, then the higher prior: a search too short to
        // visit the root's children (`sims=1` spends its one playout expanding the root)
        // plays its prior's first choice, not the lowest catalogue index.
        cands.sort_by(|a, b| {
            b.policy
                .total_cmp(&a.policy)
                .then(b.value.total_cmp(&a.value))
                .then(b.prior.total_cmp(&a.prior))
                .then(a.action.cmp(&b.action))
        });
        let action = if simultaneous && self.config.sample_mixed {
            sample_candidate(&cands, self.rng.random()).or(cands.first().map(|c| c.action))
        } else if results.len() == 1 && results[0].gumbel_choice.is_some() {
            results[0].gumbel_choice
        } else {
            cands.first().map(|c| c.action)
        }
        .unwrap_or(0);
        let ex = Explanation {
            player,
            action,
            simultaneous,
            simulations,
            candidates: cands,
        };
        self.last = Some(ex.clone());
        ex
    }
}

impl<G: Game> Agent<G> for MctsAgent<G> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, state: &G, player: Player) -> Action {
        let legal = state.legal_actions();
        let action = if legal.len() == 1 {
            legal.nth(0).unwrap_or(0)
        } else {
            self.search(state, player).action
        };
        self.commit(action);
        action
    }

    fn explain(&self) -> Vec<String> {
        self.last.as_ref().map_or_else(Vec::new, |e| e.lines(5))
    }

    fn set_control(&mut self, control: Option<crate::SearchControl>) {
        MctsAgent::set_control(self, control);
    }

    fn explain_named(&self, name: &dyn Fn(Action) -> String) -> Vec<String> {
        self.last
            .as_ref()
            .map_or_else(Vec::new, |e| e.lines_named(5, name))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use broadside_env::toy::{DiceRace, HiddenPennies};

    use super::*;
    use crate::mcts::{RolloutEvaluator, RolloutPolicy, Selection, TerminalValue};
    use crate::SearchControl;

    fn agent<G: Game>(budget: Budget, selection: Selection, threads: usize) -> MctsAgent<G> {
        let config = MctsConfig {
            budget,
            selection,
            threads,
            seed: 7,
            ..MctsConfig::default()
        };
        MctsAgent::new(
            config,
            Arc::new(|seed| {
                Box::new(RolloutEvaluator::new(
                    RolloutPolicy::Random,
                    Arc::new(TerminalValue),
                    None,
                    seed,
                ))
            }),
        )
    }

    const SELECTIONS: [Selection; 2] = [
        Selection::Uct { c: 2.0 },
        Selection::Gumbel {
            considered: 2,
            c_visit: 50.0,
            c_scale: 1.0,
            c: 2.0,
        },
    ];

    /// Determinism: a control that is never told to stop changes nothing with a simulation
    /// budget, and it counts every simulation of every thread.
    #[test]
    fn a_control_counts_playouts_and_changes_no_result() {
        for selection in SELECTIONS {
            for threads in [1, 2] {
                let game = DiceRace::new(0, 12, 40);
                let budget = Budget::Simulations(301);
                let mut plain = agent::<DiceRace>(budget, selection, threads);
                let mut watched = agent::<DiceRace>(budget, selection, threads);
                let control = SearchControl::new();
                watched.set_control(Some(control.clone()));
                let a = plain.search(&game, 0);
                let b = watched.search(&game, 0);
                assert_eq!(a, b, "{selection:?}, {threads} thread(s)");
                assert_eq!(control.playouts(), b.simulations);
                assert!(b.simulations >= 301);
            }
        }
    }

    /// A stop asked for ends even a search with a minute to spend at its next check, and it
    /// still plays a legal order (its best so far).
    #[test]
    fn a_stop_ends_the_search_with_a_legal_order() {
        let game = HiddenPennies::new(3);
        for selection in SELECTIONS {
            for budget in [Budget::TimeMs(60_000), Budget::Simulations(u64::MAX / 4)] {
                let mut a = agent::<HiddenPennies>(budget, selection, 2);
                let control = SearchControl::new();
                control.request_stop();
                a.set_control(Some(control.clone()));
                let ex = a.search(&game, 0);
                assert!(game.legal_actions().contains(ex.action));
                assert!(ex.simulations <= 2, "{} simulations", ex.simulations);
                control.reset();
                assert_eq!((control.playouts(), control.stop_requested()), (0, false));
            }
        }
    }
}
