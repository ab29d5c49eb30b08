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
//!   (The rest stays in memory until the turn ends: copying the subtree out at every
//!   sub-decision raised the peak memory instead, 158 MB against 116 MB in a measured game.)
//!   A move's prefix is dropped once its node opens: no playout plays it again.
//! - **Worlds**: one determinization per tree, the other side's hidden orders written by the
//!   opponent model (or resampled from the searcher's view where there is no model); the k-th
//!   leaf playout through a move rolls the k-th dice seed (common random numbers).
//! - **Choice**: the root move with the most playouts (the better mean on a tie).

use std::time::Instant;

use broadside_env::{Action, Game, Player, Turn};

use super::bandit::{ucb1, Tally};
use super::{doctrines_in, CandidateStats, PortfolioAgent, Proposal};
use crate::mcts::Budget;

/// A move whose child node is not opened yet.
const NO_CHILD: u32 = u32::MAX;

/// A move of the order tree: one sub-decision, who completes the turn after it, and the
/// playouts through it.
#[derive(Debug, Clone, Copy)]
struct OrderMove {
    proposal: Proposal,
    tally: Tally,
    /// The node after this move, or [`NO_CHILD`].
    child: u32,
    /// Whether the side still writes orders after this move (so a child node can open).
    opens: bool,
}

/// A node: its moves are `moves[first..first + count]`.
#[derive(Debug, Clone, Copy)]
struct OrderNode {
    first: u32,
    count: u32,
}

/// The moves of `node` in `nodes`.
fn moves_in(nodes: &[OrderNode], node: usize) -> std::ops::Range<usize> {
    let n = nodes[node];
    n.first as usize..(n.first + n.count) as usize
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
    /// The doctrines' proposals at the node being opened (kept to reuse its memory).
    proposals: Vec<Proposal>,
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
            proposals: Vec::new(),
            salt: 0,
        }
    }
}

impl<G: Game> OrderTree<G> {
    fn clear(&mut self) {
        self.nodes.clear();
        self.moves.clear();
        self.prefixes.clear();
        self.root = 0;
        self.real = None;
        self.world = None;
    }

    fn moves_of(&self, node: usize) -> std::ops::Range<usize> {
        moves_in(&self.nodes, node)
    }

    /// The UCB1 choice among `node`'s moves.
    fn select(&self, node: usize, c: f64) -> usize {
        let range = self.moves_of(node);
        range.start + ucb1(self.moves[range].iter().map(|m| &m.tally), c)
    }

    /// The root move to play: the most playouts (the robust choice: a mean over few
    /// playouts may be lucky dice), then the better mean, then the earlier.
    fn best_root_move(&self) -> usize {
        let range = self.moves_of(self.root);
        let start = range.start;
        range
            .max_by(|&a, &b| {
                let (ta, tb) = (&self.moves[a].tally, &self.moves[b].tally);
                ta.visits
                    .cmp(&tb.visits)
                    .then(ta.mean().total_cmp(&tb.mean()))
                    .then(b.cmp(&a))
            })
            .unwrap_or(start)
    }

    /// The world after the moves of the playout so far: only built where a playout needs
    /// it (to open a node or to play a leaf's prefix), not for playouts that reuse a prefix.
    fn state_after_path(&self) -> Option<G> {
        let mut state = self.world.clone()?;
        for &m in &self.path {
            state.apply_unchecked(self.moves[m].proposal.action);
        }
        Some(state)
    }
}

impl<G: Game> PortfolioAgent<G> {
    /// Opens a node at `state` (the searching side to write) with one move per proposal of
    /// the portfolio there ([`PortfolioAgent::propose`]).
    fn open_order_node(&mut self, state: &G, player: Player) -> usize {
        let mut proposals = std::mem::take(&mut self.orders.proposals);
        self.propose(state, player, &mut proposals);
        let first = self.orders.moves.len();
        self.orders
            .moves
            .extend(proposals.iter().map(|&proposal| OrderMove {
                proposal,
                tally: Tally::default(),
                child: NO_CHILD,
                opens: false,
            }));
        self.orders.proposals = proposals;
        self.orders.prefixes.resize(self.orders.moves.len(), None);
        self.orders.nodes.push(OrderNode {
            first: first as u32,
            count: (self.orders.moves.len() - first) as u32,
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
                .find(|&m| self.orders.moves[m].proposal.action == action);
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
        let expand = self.config.expand.max(1);
        let mut node = self.orders.root;
        self.orders.path.clear();
        loop {
            let m = self.orders.select(node, self.config.c);
            self.orders.path.push(m);
            let mv = self.orders.moves[m];
            if mv.child != NO_CHILD {
                node = mv.child as usize;
                continue;
            }
            if mv.opens && mv.tally.visits >= expand {
                let Some(state) = self.orders.state_after_path() else {
                    return 0.0;
                };
                let child = self.open_order_node(&state, player);
                self.orders.moves[m].child = child as u32;
                // Playouts through the move go on into its node from now on.
                self.orders.prefixes[m] = None;
                node = child;
                continue;
            }
            let ours = mv.proposal.writer;
            let start = match &self.orders.prefixes[m] {
                Some(prefix) => prefix.clone(),
                None => {
                    let Some(state) = self.orders.state_after_path() else {
                        return 0.0;
                    };
                    self.orders.moves[m].opens =
                        state.turn() == Turn::Player(player) && (self.round)(&state) == round;
                    let prefix = self.advance_to_chance(state, player, ours, stop);
                    self.orders.prefixes[m] = Some(prefix.clone());
                    prefix
                }
            };
            let dice = crate::mcts::hash::splitmix64(
                self.orders.salt ^ u64::from(mv.tally.visits).rotate_left(17),
            );
            return self.playout(start, player, ours, stop, dice);
        }
    }

    /// Searches the order tree for `state` (reusing last decision's subtree where `state`
    /// follows it) and returns the move to play; fills the candidates for explanations.
    pub(super) fn search_orders(&mut self, state: &G, player: Player) -> Action {
        self.root_order_tree(state, player);
        let root_moves = self.orders.moves_of(self.orders.root);
        if root_moves.len() > 1 {
            let deadline = self.deadline;
            let playouts = match self.config.budget {
                Budget::Simulations(n) => n.max(root_moves.len() as u64),
                Budget::TimeMs(_) => u64::MAX,
            };
            let round = (self.round)(state);
            let stop = round.saturating_add(self.config.horizon);
            for done in 0..playouts {
                let value = self.order_playout(player, stop, round);
                for &m in &self.orders.path {
                    self.orders.moves[m].tally.add(value);
                }
                crate::control::count(&self.control, 1);
                let all_tried = done + 1 >= root_moves.len() as u64;
                let stop = deadline.is_some_and(|d| Instant::now() >= d)
                    || crate::control::stop_requested(&self.control);
                if all_tried && stop {
                    break;
                }
            }
            for m in root_moves {
                let mv = &self.orders.moves[m];
                self.candidates.push(CandidateStats {
                    action: mv.proposal.action,
                    proposers: doctrines_in(mv.proposal.proposers),
                    playouts: mv.tally.visits,
                    mean: mv.tally.mean(),
                });
            }
        }
        let best = self.orders.best_root_move();
        let action = self.orders.moves[best].proposal.action;
        self.orders.real = Some((state.clone(), action));
        action
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::toy::DiceRace;

    fn mv(action: Action, visits: u32, sum: f64) -> OrderMove {
        OrderMove {
            proposal: Proposal {
                action,
                proposers: 1,
                writer: 0,
            },
            tally: Tally::new(visits, sum),
            child: NO_CHILD,
            opens: false,
        }
    }

    #[test]
    fn the_root_choice_is_the_most_played_move_then_the_better_mean() {
        let moves = vec![mv(0, 4, 4.0), mv(1, 9, 0.0), mv(2, 9, 1.0)];
        let t: OrderTree<DiceRace> = OrderTree {
            nodes: vec![OrderNode {
                first: 0,
                count: moves.len() as u32,
            }],
            moves,
            ..OrderTree::default()
        };
        assert_eq!(t.best_root_move(), 2);
    }
}
