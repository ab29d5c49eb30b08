//! The tunables of a search, as serde data so a run can record them.

use serde::{Deserialize, Serialize};

/// How long a search runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Budget {
    /// A fixed number of simulations (split over threads): fully deterministic for a seed.
    Simulations(u64),
    /// Wall-clock time per decision in milliseconds (for play; not reproducible).
    TimeMs(u64),
}

/// Selection at decisions where the player sees everything that matters (sequential).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Selection {
    /// UCB1 with availability counts (IS-MCTS): `Q + c sqrt(ln avail / n)`.
    Uct { c: f64 },
    /// AlphaZero's PUCT: `Q + c P sqrt(N) / (1 + n)`, unvisited actions at the node's mean.
    Puct { c: f64 },
    /// Gumbel-Top-k with Sequential Halving at the root (Danihelka et al., 2022), PUCT below.
    /// Needs a simulation budget; with a time budget the root falls back to PUCT.
    Gumbel {
        /// Actions sampled at the root (`m`).
        considered: usize,
        /// `c_visit` of the value transform `(c_visit + max N) c_scale q`.
        c_visit: f64,
        /// `c_scale` of the value transform.
        c_scale: f64,
        /// PUCT constant below the root.
        c: f64,
    },
}

/// Selection at simultaneous decisions: no-regret bandits, as in SM-MCTS.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum SimSelection {
    /// Regret matching with `gamma` uniform exploration (Lanctot et al., 2013).
    RegretMatching { gamma: f64 },
    /// Exp3 with `gamma` exploration and learning rate `gamma / K`.
    Exp3 { gamma: f64 },
}

/// How the search treats chance nodes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum ChanceMode {
    /// Sample an outcome with the search's RNG and the game's exact probabilities.
    Sample,
    /// With at most `max_outcomes` outcomes, walk them deterministically so each outcome's
    /// share of visits tracks its exact probability (the node's value is then the exact
    /// expectation over its children, up to one visit); sample larger nodes.
    Stratified { max_outcomes: usize },
}

/// Dirichlet noise mixed into the root's priors (AlphaZero self-play exploration):
/// `p' = (1 - fraction) p + fraction Dir(alpha)`, drawn from the search's own RNG.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RootNoise {
    pub alpha: f64,
    pub fraction: f64,
}

/// Every tunable of [`super::Search`] and [`super::MctsAgent`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MctsConfig {
    pub budget: Budget,
    pub selection: Selection,
    pub simultaneous: SimSelection,
    pub chance: ChanceMode,
    /// Root-parallel search trees (each with its own seed); 1 = single-threaded.
    pub threads: usize,
    /// Keep the chosen subtree for the next decision when nothing happened in between.
    pub reuse: bool,
    /// Seed of every random choice of the search (determinizations, sampling, tie-breaks).
    pub seed: u64,
    /// Start a fresh tree when a tree holds more nodes than this.
    pub max_nodes: usize,
    /// Treat the root as a simultaneous decision when determinizations differ (hidden
    /// information at the root: the searcher cannot see some earlier opponent choices).
    pub detect_hidden_root: bool,
    /// Search the first mover's hidden choices (and a root with hidden information) with the
    /// bandits too, as SM-MCTS does: needed for equilibrium play in small simultaneous
    /// games. When off, only the second mover (whose cell is shared across the hidden
    /// choices) uses a bandit; the first mover uses UCT/PUCT, which concentrates a small
    /// budget on good moves faster. The second mover never sees the hidden choice either way.
    pub first_mover_bandits: bool,
    /// At a simultaneous root, play a sample of the average strategy (an equilibrium
    /// approximation) instead of its most likely action.
    pub sample_mixed: bool,
    /// Dirichlet noise at the root (self-play); `None` in play. Applied once the root is
    /// evaluated, before the search proper, at sequential roots only.
    #[serde(default)]
    pub root_noise: Option<RootNoise>,
    /// Share of determinizations of a root with hidden information that the evaluator's
    /// opponent model fills in ([`super::Evaluator::model_hidden`]: the other side's hidden
    /// orders as a bot would have written them) instead of uniformly at random. Uniform
    /// hidden orders are mostly nonsense (short moves, fire held), which makes the second
    /// mover plan against an enemy that barely moves or shoots. 0: uniform only.
    #[serde(default)]
    pub model_share: f64,
    /// Ask the evaluator's expansion priors at the root only: one bot call per search
    /// instead of one per expanded cell, enough to break the ties that a flat value leaves
    /// between sub-decisions (aim, fire threshold, load) towards the bot's choice.
    #[serde(default)]
    pub root_priors_only: bool,
    /// Common random numbers at the root: the k-th simulation through each root action
    /// plays in the same world (hidden part and rollout dice, drawn from a seed of the
    /// search and k), so root actions are compared under the same luck and their
    /// difference is not drowned in dice noise. Off: every simulation draws its own.
    #[serde(default)]
    pub common_numbers: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self {
            budget: Budget::Simulations(800),
            selection: Selection::Uct { c: 2.0 },
            simultaneous: SimSelection::RegretMatching { gamma: 0.1 },
            chance: ChanceMode::Stratified { max_outcomes: 8 },
            threads: 1,
            reuse: true,
            seed: 0,
            max_nodes: 2_000_000,
            detect_hidden_root: true,
            first_mover_bandits: true,
            sample_mixed: true,
            root_noise: None,
            model_share: 0.0,
            root_priors_only: false,
            common_numbers: false,
        }
    }
}
