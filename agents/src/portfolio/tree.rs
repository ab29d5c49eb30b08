//! The plan tree: script-based UCT (Justesen, Tillman, Togelius and Risi, "Script- and
//! cluster-based UCT for StarCraft", 2014) over the portfolio's doctrines.
//!
//! A move of this tree is a whole plan, never a single token: at the root, a candidate
//! action with the doctrine that proposed it writing the rest of the turn; at each later
//! game turn within the horizon, which doctrine writes that turn for the searching side.
//! The other side is played by the opponent model and the dice are sampled, so the tree is
//! open loop: a node stands for a sequence of plans, and its value averages the positions
//! they led to over the dice (Perez et al., "Open loop search for general video game
//! playing", 2015). Selection is UCB1; the leaf is the heuristic value at the horizon (or
//! the result, if the game ended).
//!
//! As in the flat search, the hidden part is modeled once per decision, the dice-free
//! prefix of each candidate is played once and reused, and the k-th visit of every
//! candidate rolls the same dice (common random numbers), so candidates with equal visits
//! are compared in the same worlds.

use std::time::Instant;

use broadside_env::{Game, Player, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::bandit::{ucb1, Tally};
use super::{PortfolioAgent, MAX_PLAYOUT_DECISIONS};
use crate::mcts::Budget;

/// No children yet.
const LEAF: u32 = u32::MAX;

/// A node of the plan tree: the doctrine that writes its turn, and the playouts through it.
#[derive(Debug, Clone, Copy)]
pub(super) struct PlanNode {
    doctrine: usize,
    tally: Tally,
    /// Index of the first of the portfolio's children (one per doctrine), or [`LEAF`].
    first_child: u32,
}

impl PlanNode {
    fn new(doctrine: usize) -> Self {
        Self {
            doctrine,
            tally: Tally::default(),
            first_child: LEAF,
        }
    }
}

/// The UCB1 choice among `count` nodes from `first`.
fn ucb(nodes: &[PlanNode], first: usize, count: usize, c: f64) -> usize {
    first + ucb1(nodes[first..first + count].iter().map(|n| &n.tally), c)
}

impl<G: Game> PortfolioAgent<G> {
    /// The child of `node` for the next turn, chosen by UCB1; expanded (one child per
    /// doctrine, the one that wrote `node`'s turn first) on the first visit.
    fn select_plan(&mut self, node: usize) -> usize {
        let n = self.portfolio.len();
        if self.nodes[node].first_child == LEAF {
            let first = self.nodes.len();
            let prev = self.nodes[node].doctrine;
            self.nodes
                .extend((0..n).map(|j| PlanNode::new((prev + j) % n)));
            self.nodes[node].first_child = first as u32;
        }
        let first = self.nodes[node].first_child as usize;
        ucb(&self.nodes, first, n, self.config.c)
    }

    /// One playout from candidate `root`'s prefix `state` to the horizon `stop`, picking
    /// each later turn's doctrine down the tree; returns the value for `player` and leaves
    /// the nodes it went through in `self.path`.
    fn descend(
        &mut self,
        mut state: G,
        player: Player,
        root: usize,
        stop: u32,
        mut round: u32,
        dice: u64,
    ) -> f64 {
        let mut dice = ChaCha8Rng::seed_from_u64(dice);
        let mut node = root;
        self.path.clear();
        self.path.push(root);
        for _ in 0..MAX_PLAYOUT_DECISIONS {
            let ours = self.nodes[node].doctrine;
            // To the next chance node, the horizon or the start of the next game turn.
            state = self.advance_to_chance(state, player, ours, stop.min(round.saturating_add(1)));
            match state.turn() {
                Turn::Terminal => return state.returns()[player as usize],
                Turn::Chance => {
                    let a = state.chance_outcomes().sample(&mut dice);
                    state.apply_unchecked(a);
                }
                Turn::Player(_) => {
                    let r = (self.round)(&state);
                    if r >= stop {
                        break;
                    }
                    // A new game turn: the tree picks who writes it.
                    round = r;
                    node = self.select_plan(node);
                    self.path.push(node);
                }
            }
        }
        self.heuristic.value(&state)[player as usize]
    }

    /// Searches the plan tree over the candidates and records their visits and means.
    pub(super) fn search_tree(&mut self, state: &G, player: Player) {
        let k = self.candidates.len();
        let deadline = self.deadline;
        let playouts = match self.config.budget {
            Budget::Simulations(n) => n.max(k as u64),
            Budget::TimeMs(_) => u64::MAX,
        };
        let round = (self.round)(state);
        let stop = round.saturating_add(self.config.horizon);
        // A candidate's prefix ends with its own game turn, where the tree's next level begins.
        let first_turn_end = stop.min(round.saturating_add(1));
        self.nodes.clear();
        self.nodes.extend(
            self.candidates
                .iter()
                .map(|c| PlanNode::new(c.proposers[0])),
        );
        // One determinization for every playout under the model, as in the flat search.
        let modeled = self.hidden_model.is_some().then(|| {
            self.modeled(state, player)
                .unwrap_or_else(|| state.resample_hidden(player, &mut self.rng))
        });
        let mut prefixes: Vec<Option<G>> = vec![None; k];
        for done in 0..playouts {
            let ci = ucb(&self.nodes, 0, k, self.config.c);
            let visit = u64::from(self.nodes[ci].tally.visits);
            let dice = self.world_seed(visit);
            let (action, ours) = (self.candidates[ci].action, self.candidates[ci].proposers[0]);
            // Without a model the world is redrawn; its prefix is reused only where nothing
            // was hidden (the drawn world is the state itself).
            let drawn = modeled
                .is_none()
                .then(|| state.resample_hidden(player, &mut self.rng));
            let reusable = drawn.as_ref().is_none_or(|d| d == state);
            let start = match &prefixes[ci] {
                Some(prefix) if reusable => prefix.clone(),
                _ => {
                    let mut s = match (&modeled, drawn) {
                        (Some(g), _) => g.clone(),
                        (None, Some(d)) => d,
                        (None, None) => state.clone(),
                    };
                    s.apply_unchecked(action);
                    let s = self.advance_to_chance(s, player, ours, first_turn_end);
                    if reusable {
                        prefixes[ci] = Some(s.clone());
                    }
                    s
                }
            };
            let value = self.descend(start, player, ci, stop, round, dice);
            for &n in &self.path {
                self.nodes[n].tally.add(value);
            }
            crate::control::count(&self.control, 1);
            let stop = deadline.is_some_and(|d| Instant::now() >= d)
                || crate::control::stop_requested(&self.control);
            if done + 1 >= k as u64 && stop {
                break;
            }
        }
        for (c, n) in self.candidates.iter_mut().zip(&self.nodes) {
            c.playouts = n.tally.visits;
            c.mean = n.tally.mean();
        }
    }
}
