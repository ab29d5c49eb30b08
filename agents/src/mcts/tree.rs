//! The search tree's storage: flat arenas of nodes, edges, statistics cells and per-action
//! statistics, addressed by `u32` indices (no pointers, no per-node allocation).
//!
//! Nodes follow the *history* from the root (the action path, chance outcomes included);
//! their children are found by action and by the kind of the state reached, because under
//! determinization the same action path may reach a chance node in one sampled world and a
//! decision in another. Statistics live in *cells* keyed by the acting player's information
//! state, so several nodes the player cannot tell apart share one cell.

use broadside_env::{Action, Player, Turn};

/// "No index".
pub(crate) const NONE: u32 = u32::MAX;

/// What happens at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Decision(Player),
    Chance,
    Terminal,
}

impl Kind {
    pub(crate) fn of(turn: Turn) -> Kind {
        match turn {
            Turn::Player(p) => Kind::Decision(p),
            Turn::Chance => Kind::Chance,
            Turn::Terminal => Kind::Terminal,
        }
    }
    pub(crate) fn tag(self) -> u8 {
        match self {
            Kind::Decision(p) => p,
            Kind::Chance => 254,
            Kind::Terminal => 255,
        }
    }
}

/// One history node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub kind: Kind,
    /// The statistics cell (decision nodes), else `NONE`.
    pub cell: u32,
    pub first_edge: u32,
    pub parent: u32,
    /// Each player's running information key on entering this node.
    pub keys: [u64; 2],
    pub visits: u32,
    /// The leaf evaluation of this node was backed up (decision nodes).
    pub evaluated: bool,
}

/// A child link.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub action: Action,
    pub tag: u8,
    pub child: u32,
    pub next: u32,
    pub visits: u32,
}

/// The statistics of one information state of one player.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cell {
    pub player: Player,
    pub key: u64,
    /// The node that created the cell (for detecting sharing).
    pub creator: u32,
    pub start: u32,
    pub len: u32,
    pub visits: u32,
    pub value_sum: f64,
    /// Chosen by a no-regret bandit (regret matching or Exp3) instead of UCT/PUCT.
    pub simultaneous: bool,
    pub priors_set: bool,
    /// [`super::Evaluator::expansion_priors`] was asked already.
    pub priors_asked: bool,
}

/// Per-action statistics inside a cell.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Stat {
    pub action: Action,
    pub n: u32,
    /// Sum of the acting player's values.
    pub w: f64,
    pub prior: f32,
    /// Times the action was legal when the cell was visited (IS-MCTS availability).
    pub avail: u32,
    /// Cumulative regret (regret matching) or cumulative reward estimate (Exp3).
    pub regret: f64,
    /// Cumulative strategy (average strategy of the bandit).
    pub avg: f64,
    /// Virtual losses of simulations in flight (batched evaluation).
    pub vloss: u32,
}

/// One step of a simulation's path, for the backup.
#[derive(Debug, Clone, Copy)]
pub(crate) enum StepRec {
    Decision {
        node: u32,
        cell: u32,
        stat: u32,
        /// Probability the bandit gave the chosen action (simultaneous cells).
        prob: f64,
        sim: bool,
    },
    Chance {
        node: u32,
        edge: u32,
    },
}
