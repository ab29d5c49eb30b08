//! The order tree: UCT over the sub-decisions of one side's orders for the current game
//! turn, each node's moves pruned to what the portfolio's doctrines would write there.
//!
//! The token tree of [`crate::mcts`] branches on every legal sub-decision, and a WS&IM side
//! writes some forty of them before a ship moves, so at 10 ms it cannot tell orders apart.
//! Here a node's moves are only the distinct choices of the doctrines at that point (with
//! `wide`, every legal one, completed by the doctrine most of them follow): where they all
//! agree the node has one move and costs nothing to choose. A leaf is finished as in the flat
//! search: the doctrine that proposed the leaf's move writes the rest of the turn, the
//! opponent model writes the other side's orders, the dice are rolled and the position at the
//! horizon is scored by the heuristic value (Justesen et al.'s script-based UCT, with the
//! scripts choosing each sub-decision instead of each unit).
//!
//! - **Expansion**: a move's child node is opened after `expand` playouts through it, so the
//!   dice-free prefix of its leaf playouts (the rest of both sides' orders, most of a
//!   playout's cost) is played once and reused by every later dice seed, as in the flat search.
//! - **Reuse**: the tree lives for the whole of the side's orders this turn. At the next
//!   sub-decision (the state is the last one plus the chosen move) the chosen move's subtree
//!   becomes the root with its statistics, so the turn's budget accumulates where it matters.
//! - **Worlds**: one determinization per tree, the other side's hidden orders written by the
//!   opponent model (or resampled from the searcher's view where there is no model); the k-th
//!   leaf playout through a move rolls the k-th dice seed (common random numbers).
//! - **Choice**: the root move with the most playouts (the better mean on a tie).

use std::time::{Duration, Instant};

use broadside_env::{Action, Game, Player, Turn};

use super::{CandidateStats, PortfolioAgent};
use crate::mcts::Budget;

/// A move whose child node is not opened yet.
const NO_CHILD: u32 = u32::MAX;

/// A move of the order tree: one sub-decision and who completes the turn after it.
#[derive(Debug, Clone, Copy)]
struct OrderMove {
    action: Action,
    /// The doctrine that writes the rest of the turn in leaf playouts.
    ours: usize,
    /// The doctrines that proposed it, as bits (none for a `wide` extra).
    proposers: u64,
    visits: u32,
    sum: f64,
    /// The node after this move, or [`NO_CHILD`].
    child: u32,
    /// Whether the side still writes orders after this move (so a child node can open).
    opens: bool,
}

impl OrderMove {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum / f64::from(self.visits)
        }
    }
}

/// A node: its moves are `moves[first..first + count]`.
#[derive(Debug, Clone, Copy)]
struct OrderNode {
    first: u32,
    count: u32,
}

/// The order tree of one side's orders in one game turn (see the module documentation).
#[derive(Debug)]
pub(super) struct OrderTree<G> {
    nodes: Vec<OrderNode>,
    moves: Vec<OrderMove>,
    /// Each move's dice-free leaf prefix, once played.
    prefixes: Vec<Option<G>>,
    root: usize,
    /// The real state at the root and the move chosen there, to recognise the next
    /// sub-decision of the same orders.
    real: Option<(G, Action)>,
    /// The determinization at the root: the real state with the hidden part modeled.
    world: Option<G>,
    /// The moves a playout went through.
    path: Vec<usize>,
    /// Salts this tree's dice seeds.
    salt: u64,
}

impl<G> Default for OrderTree<G> {
    fn default() -> Self {
        Self {
            nodes: Vec::new(),
            moves: Vec::new(),
            prefixes: Vec::new(),
            root: 0,
            real: None,
            world: None,
            path: Vec::new(),
            salt: 0,
        }
    }
}

impl<G> OrderTree<G> {
    fn clear(&mut self) {
        self.nodes.clear();
        self.moves.clear();
        self.prefixes.clear();
        self.root = 0;
        self.real = None;
        self.world = None;
    }

    fn moves_of(&self, node: usize) -> std::ops::Range<usize> {
        let n = self.nodes[node];
        n.first as usize..(n.first + n.count) as usize
    }

    /// The UCB1 choice among `node`'s moves: the first unplayed one, else the best bound.
    fn select(&self, node: usize, c: f64) -> usize {
        let range = self.moves_of(node);
        let moves = &self.moves[range.clone()];
        if let Some(i) = moves.iter().position(|m| m.visits == 0) {
            return range.start + i;
        }
        let total: u32 = moves.iter().map(|m| m.visits).sum();
        let log_total = f64::from(total).ln();
        let mut best = range.start;
        let mut best_bound = f64::NEG_INFINITY;
        for (i, m) in moves.iter().enumerate() {
            let bound = m.mean() + c * (log_total / f64::from(m.visits)).sqrt();
            if bound > best_bound {
                best_bound = bound;
                best = range.start + i;
            }
        }
        best
    }

    /// The root move to play: the most playouts (the robust choice: a mean over few
    /// playouts may be lucky dice), then the better mean, then the earlier.
    fn best_root_move(&self) -> usize {
        let range = self.moves_of(self.root);
        let start = range.start;
        range
            .max_by(|&a, &b| {
                let (ma, mb) = (&self.moves[a], &self.moves[b]);
                ma.visits
                    .cmp(&mb.visits)
                    .then(ma.mean().total_cmp(&mb.mean()))
                    .then(b.cmp(&a))
            })
            .unwrap_or(start)
    }
}

impl<G: Game> PortfolioAgent<G> {
    /// Opens a node at `state` (the searching side to write): one move per distinct doctrine
    /// choice, plus, with `wide` where they disagree, every other legal move but resigning.
    fn open_order_node(&mut self, state: &G, player: Player) -> usize {
        let first = self.orders.moves.len();
        for i in 0..self.portfolio.len() {
            let a = self.portfolio[i].choose(state, player);
            let bit = 1u64 << (i % 64);
            match self.orders.moves[first..]
                .iter_mut()
                .find(|m| m.action == a)
            {
                Some(m) => m.proposers |= bit,
                None => self.orders.moves.push(OrderMove {
                    action: a,
                    ours: i,
                    proposers: bit,
                    visits: 0,
                    sum: 0.0,
                    child: NO_CHILD,
                    opens: false,
                }),
            }
        }
        if self.config.wide && self.orders.moves.len() - first > 1 {
            let resign = state.spec().resign_action();
            let majority = self.orders.moves[first..]
                .iter()
                .enumerate()
                .max_by_key(|(i, m)| (m.proposers.count_ones(), std::cmp::Reverse(*i)))
                .map_or(0, |(_, m)| m.ours);
            for a in state.legal_actions().iter() {
                if Some(a) != resign && !self.orders.moves[first..].iter().any(|m| m.action == a) {
                    self.orders.moves.push(OrderMove {
                        action: a,
                        ours: majority,
                        proposers: 0,
                        visits: 0,
                        sum: 0.0,
                        child: NO_CHILD,
                        opens: false,
                    });
                }
            }
        }
        let count = self.orders.moves.len() - first;
        self.orders.prefixes.resize(self.orders.moves.len(), None);
        self.orders.nodes.push(OrderNode {
            first: first as u32,
            count: count as u32,
        });
        self.orders.nodes.len() - 1
    }

    /// Moves the root to where the last chosen move led if `state` is that position, keeping
    /// the subtree's statistics; otherwise starts a fresh tree at `state`.
    fn root_order_tree(&mut self, state: &G, player: Player) {
        let round = (self.round)(state);
        let follows = match &self.orders.real {
            Some((last, action)) => {
                let mut next = last.clone();
                next.apply_unchecked(*action);
                (next == *state).then_some(*action)
            }
            None => None,
        };
        if let Some(action) = follows {
            let m = self
                .orders
                .moves_of(self.orders.root)
                .find(|&m| self.orders.moves[m].action == action);
            if let (Some(m), Some(world)) = (m, self.orders.world.as_mut()) {
                world.apply_unchecked(action);
                let child = self.orders.moves[m].child;
                self.orders.root = if child == NO_CHILD {
                    self.open_order_node(state, player)
                } else {
                    child as usize
                };
                return;
            }
        }
        self.orders.clear();
        self.orders.salt = crate::mcts::hash::splitmix64(
            self.config.seed ^ self.decisions.rotate_left(32) ^ u64::from(round),
        );
        let world = match self.hidden_model {
            Some(_) => self.modeled(state, player),
            None => None,
        }
        .unwrap_or_else(|| state.resample_hidden(player, &mut self.rng));
        self.orders.world = Some(world);
        self.orders.root = self.open_order_node(state, player);
    }

    /// One playout from the root: down the tree by UCB1, opening a node where a move has
    /// been played `expand` times, then a leaf playout; returns the value for `player`.
    fn order_playout(&mut self, player: Player, stop: u32, round: u32) -> f64 {
        let Some(mut state) = self.orders.world.clone() else {
            return 0.0;
        };
        let expand = self.config.expand.max(1);
        let mut node = self.orders.root;
        self.orders.path.clear();
        loop {
            let m = self.orders.select(node, self.config.c);
            self.orders.path.push(m);
            let mv = self.orders.moves[m];
            if mv.child != NO_CHILD {
                state.apply_unchecked(mv.action);
                node = mv.child as usize;
                continue;
            }
            if mv.opens && mv.visits >= expand {
                state.apply_unchecked(mv.action);
                let child = self.open_order_node(&state, player);
                self.orders.moves[m].child = child as u32;
                node = child;
                continue;
            }
            let start = match &self.orders.prefixes[m] {
                Some(prefix) => prefix.clone(),
                None => {
                    state.apply_unchecked(mv.action);
                    self.orders.moves[m].opens =
                        state.turn() == Turn::Player(player) && (self.round)(&state) == round;
                    let prefix = self.advance_to_chance(state, player, mv.ours, stop);
                    self.orders.prefixes[m] = Some(prefix.clone());
                    prefix
                }
            };
            let dice = crate::mcts::hash::splitmix64(
                self.orders.salt ^ u64::from(mv.visits).rotate_left(17),
            );
            return self.playout(start, player, mv.ours, stop, dice);
        }
    }

    /// Searches the order tree for `state` (reusing last decision's subtree where `state`
    /// follows it) and returns the move to play; fills the candidates for explanations.
    pub(super) fn search_orders(&mut self, state: &G, player: Player) -> Action {
        self.root_order_tree(state, player);
        let root_moves = self.orders.moves_of(self.orders.root);
        if root_moves.len() > 1 {
            let deadline = match self.config.budget {
                Budget::TimeMs(ms) => Some(Instant::now() + Duration::from_millis(ms)),
                Budget::Simulations(_) => None,
            };
            let playouts = match self.config.budget {
                Budget::Simulations(n) => n.max(root_moves.len() as u64),
                Budget::TimeMs(_) => u64::MAX,
            };
            let round = (self.round)(state);
            let stop = round.saturating_add(self.config.horizon);
            for done in 0..playouts {
                let value = self.order_playout(player, stop, round);
                for i in 0..self.orders.path.len() {
                    let m = self.orders.path[i];
                    self.orders.moves[m].visits += 1;
                    self.orders.moves[m].sum += value;
                }
                let all_tried = done + 1 >= root_moves.len() as u64;
                if all_tried && deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
            }
            for m in root_moves.clone() {
                let mv = self.orders.moves[m];
                self.candidates.push(CandidateStats {
                    action: mv.action,
                    proposers: (0..self.portfolio.len())
                        .filter(|&i| mv.proposers & (1u64 << (i % 64)) != 0)
                        .collect(),
                    playouts: mv.visits,
                    mean: mv.mean(),
                });
            }
        }
        let best = self.orders.best_root_move();
        let action = self.orders.moves[best].action;
        self.orders.real = Some((state.clone(), action));
        action
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(action: Action, visits: u32, sum: f64) -> OrderMove {
        OrderMove {
            action,
            ours: 0,
            proposers: 1,
            visits,
            sum,
            child: NO_CHILD,
            opens: false,
        }
    }

    fn tree(moves: Vec<OrderMove>) -> OrderTree<()> {
        OrderTree {
            nodes: vec![OrderNode {
                first: 0,
                count: moves.len() as u32,
            }],
            moves,
            ..OrderTree::default()
        }
    }

    #[test]
    fn selection_tries_every_move_before_any_bound() {
        let t = tree(vec![mv(0, 5, 5.0), mv(1, 0, 0.0), mv(2, 3, -1.0)]);
        assert_eq!(t.select(0, 0.1), 1);
    }

    #[test]
    fn selection_follows_the_upper_bound() {
        // Equal means: the less tried move has the higher bound.
        let t = tree(vec![mv(0, 10, 5.0), mv(1, 2, 1.0)]);
        assert_eq!(t.select(0, 0.1), 1);
        // No exploration: the higher mean.
        let t = tree(vec![mv(0, 10, 6.0), mv(1, 2, 1.0)]);
        assert_eq!(t.select(0, 0.0), 0);
    }

    #[test]
    fn the_root_choice_is_the_most_played_move_then_the_better_mean() {
        let t = tree(vec![mv(0, 4, 4.0), mv(1, 9, 0.0), mv(2, 9, 1.0)]);
        assert_eq!(t.best_root_move(), 2);
    }
}
