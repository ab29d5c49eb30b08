//! Monte Carlo tree search, generic over [`broadside_env::Game`].
//!
//! # What a simulation does
//! Each simulation starts from a fresh **determinization** of the root: the searcher's
//! `resample_hidden` fills in everything it cannot see (information-set MCTS), so the tree
//! never learns the real hidden state. It then walks down the tree: at a **decision** it
//! selects an action (UCT or PUCT, or a no-regret bandit at simultaneous decisions), at a
//! **chance node** it follows an outcome with the game's exact probabilities (sampled by the
//! search's own ChaCha8 RNG, or stratified over small outcome lists so visit shares track the
//! probabilities exactly), and it stops at the first decision node it has not evaluated
//! (or at the end of the game). The leaf goes to an [`Evaluator`] (rollout with any bot,
//! depth-limited rollout with a heuristic value, a heuristic alone, a network through the
//! batching interface, or a network's value mixed with a rollout's, [`MixedEvaluator`]) and
//! its value is backed up along the path.
//!
//! Priors come with a leaf's evaluation (a network) or, where they cost more than a value
//! (a bot's choice, [`AgentPrior`]), when the search first selects at a cell
//! ([`Evaluator::expansion_priors`]; at the root only with
//! [`MctsConfig::root_priors_only`]). PUCT uses them, and so do the bandits of
//! simultaneous cells, which start from and explore along them.
//!
//! A determinization may also come from an **opponent model** ([`HiddenModel`]): for a
//! share of simulations ([`MctsConfig::model_share`]) a bot rewrites what the searcher
//! cannot see (in WS&IM the other side's written orders) the way it would have written it,
//! from what is on the table, instead of the game's uniform resample. It is computed once
//! per search from the root, never from the hidden truth.
//!
//! # Hidden and simultaneous orders
//! Nodes follow histories, but statistics live in **cells keyed by the acting player's
//! information state**: after its own action a player's key extends its previous key by that
//! action; after anything else (an opponent's move, a die) its key extends by a hash of its
//! observation (or a ruleset's equivalent [`InfoKeyFn`]). Two histories that differ only in
//! an opponent's hidden choice therefore reach the same cell, and the second mover picks
//! its action from statistics that average over the first mover's choices: it cannot
//! benefit from a choice it does not see. Such a shared cell is **simultaneous** and selects
//! with regret matching or Exp3 (as in SM-MCTS, Lanctot et al. 2013; Lisý et al. 2013), as
//! do the opponent decisions between the player's previous decision and this one (the first
//! mover's hidden choices). A root whose determinizations differ (something earlier is
//! hidden from the searcher) is simultaneous as well. At a simultaneous root the result is
//! the bandits' average strategy, and the agent samples its move from it. In WS&IM side 1's
//! orders come after side 0's hidden ones, and this makes the two sides' orders simultaneous
//! in the search exactly as they are at the table.
//!
//! # Budgets, threads, reuse
//! A search runs for a number of simulations (deterministic for a seed) or for a time.
//! [`MctsAgent`] runs root-parallel trees, one per thread, each with its own seed, and merges
//! their root statistics in thread order (deterministic with a simulation budget). After a
//! move it keeps the chosen subtree when the next state is exactly the old root plus that
//! move (the sub-decisions of one side's orders).

mod agent;
mod config;
pub mod eval;
mod gumbel;
pub mod hash;
mod mixed;
mod search;
mod tree;

pub use agent::{sample_candidate, Candidate, Explanation, MctsAgent};
pub use config::{Budget, ChanceMode, MctsConfig, RootNoise, Selection, SimSelection};
pub use eval::{
    AgentPrior, Evaluation, Evaluator, EvaluatorFactory, FakeNetwork, Heuristic,
    HeuristicEvaluator, HiddenModel, HiddenModelFn, RolloutEvaluator, RolloutPolicy, RoundFn,
    TerminalValue,
};
pub use hash::{observation_key, InfoKeyFn};
pub use mixed::MixedEvaluator;
pub use search::{Limit, RootAction, RootStats, Search};
