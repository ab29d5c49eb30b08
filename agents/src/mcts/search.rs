//! One search tree and its simulations.

use std::time::Instant;

use broadside_env::{Action, ActionSet, ChanceOutcomes, Game, Observation, Player, NUM_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::config::{ChanceMode, MctsConfig, Selection, SimSelection};
use super::eval::{Evaluation, Evaluator};
use super::gumbel;
use super::hash::{mix, splitmix64, InfoKeyFn, KeyMap};
use super::tree::{Cell, Edge, Kind, Node, Stat, StepRec, NONE};

/// Salts of the players' running keys at the root.
const ROOT_SALT: [u64; 2] = [0x0B0A_0D51_DE00_0000, 0x0B0A_0D51_DE00_0001];
/// How many determinizations the hidden-root probe compares.
const ROOT_PROBES: usize = 6;
/// Determinizations from the opponent model per search (they differ in its tie-breaks).
const MODELED_ROOTS: usize = 2;
/// Longest walk up the tree when marking first movers of a simultaneous decision.
const MAX_MARK_WALK: usize = 256;

/// When one search stops.
#[derive(Debug, Clone, Copy)]
pub enum Limit {
    /// After this many simulations.
    Simulations(u64),
    /// At this instant (checked between simulations).
    Deadline(Instant),
}

/// The statistics of one root action.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RootAction {
    pub action: Action,
    /// Simulations through the action.
    pub visits: u64,
    /// Sum of the searcher's values over those visits.
    pub value_sum: f64,
    pub prior: f32,
    /// The search's policy: the average strategy at a simultaneous root, else the visit share.
    pub policy: f64,
}

impl RootAction {
    /// Mean value for the searcher (0 when unvisited).
    pub fn value(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f64
        }
    }
}

/// What a search found at its root.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RootStats {
    pub actions: Vec<RootAction>,
    /// The root was searched as a simultaneous decision (policy = average strategy).
    pub simultaneous: bool,
    /// Simulations run in this search (not counting reused ones).
    pub simulations: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Sequential Halving's winner when Gumbel root selection ran.
    pub gumbel_choice: Option<Action>,
}

enum Leaf {
    /// Value known without the evaluator (terminal).
    Value(u32, [f64; NUM_PLAYERS]),
    /// Submitted to the evaluator.
    Eval(u32),
}

/// One search tree with its own RNG and evaluator. [`super::MctsAgent`] runs one per thread.
pub struct Search<G: Game> {
    cfg: MctsConfig,
    searcher: Player,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    cells: Vec<Cell>,
    stats: Vec<Stat>,
    cell_map: KeyMap<u32>,
    root: u32,
    root_state: Option<G>,
    /// The state expected at the next call if nothing happens but the committed action.
    expected: Option<(G, Action)>,
    rng: ChaCha8Rng,
    evaluator: Box<dyn Evaluator<G>>,
    key_fn: InfoKeyFn<G>,
    obs: Option<Observation>,
    paths: Vec<Vec<StepRec>>,
    evals: Vec<Evaluation>,
    simulations: u64,
    gumbel_choice: Option<Action>,
    /// Determinizations of this search's root from the opponent model.
    modeled: Vec<G>,
    /// Seed of this search's common worlds ([`MctsConfig::common_numbers`]).
    world_salt: u64,
    /// The dice of the tree's sampled chance nodes in the current simulation's common
    /// world; `None` outside one (the search's own RNG rolls them).
    world_dice: Option<ChaCha8Rng>,
    /// Where a person watches the search: playouts counted after each round, a stop asked
    /// for checked before each (see [`crate::SearchControl`]).
    control: Option<crate::SearchControl>,
}

impl<G: Game> std::fmt::Debug for Search<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search")
            .field("cfg", &self.cfg)
            .field("nodes", &self.nodes.len())
            .field("cells", &self.cells.len())
            .field("evaluator", &self.evaluator.name())
            .finish()
    }
}

impl<G: Game> Search<G> {
    /// A search with its own `seed` (threads of one agent get different ones).
    pub fn new(
        cfg: MctsConfig,
        seed: u64,
        evaluator: Box<dyn Evaluator<G>>,
        key_fn: InfoKeyFn<G>,
    ) -> Self {
        Self {
            cfg,
            searcher: 0,
            nodes: Vec::new(),
            edges: Vec::new(),
            cells: Vec::new(),
            stats: Vec::new(),
            cell_map: KeyMap::default(),
            root: NONE,
            root_state: None,
            expected: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            evaluator,
            key_fn,
            obs: None,
            paths: Vec::new(),
            evals: Vec::new(),
            simulations: 0,
            gumbel_choice: None,
            modeled: Vec::new(),
            world_salt: 0,
            world_dice: None,
            control: None,
        }
    }

    /// Counts this search's playouts on `control` and stops when it asks (`None`: neither).
    pub fn set_control(&mut self, control: Option<crate::SearchControl>) {
        self.control = control;
    }

    /// Whether the search's control asks it to stop.
    pub(crate) fn stop_requested(&self) -> bool {
        crate::control::stop_requested(&self.control)
    }

    /// The evaluator's name.
    pub fn evaluator_name(&self) -> String {
        self.evaluator.name()
    }

    /// Searches `state` for `player` (who must be to move) until `limit`.
    pub fn run(&mut self, state: &G, player: Player, limit: Limit) -> RootStats {
        self.prepare(state, player);
        self.modeled.clear();
        if self.cfg.model_share > 0.0 && self.hidden_at_root(state) {
            for _ in 0..MODELED_ROOTS {
                let m = self.evaluator.model_hidden(state, player, &mut self.rng);
                self.modeled.extend(m);
            }
        }
        self.simulations = 0;
        self.gumbel_choice = None;
        if self.cfg.common_numbers {
            self.world_salt = self.rng.random();
        }
        let root_cell = self.nodes[self.root as usize].cell;
        let gumbel_ok = matches!(self.cfg.selection, Selection::Gumbel { .. })
            && matches!(limit, Limit::Simulations(_))
            && !self.cells[root_cell as usize].simultaneous
            && self.cells[root_cell as usize].len > 1;
        if gumbel_ok {
            let Limit::Simulations(n) = limit else {
                unreachable!("checked above")
            };
            self.gumbel_choice = Some(gumbel::sequential_halving(
                self,
                state,
                n,
                self.cfg.selection,
            ));
        } else {
            if let Some(noise) = self.cfg.root_noise {
                if !self.cells[root_cell as usize].simultaneous {
                    self.ensure_root_evaluated(state); // counts its simulation itself
                    self.add_root_noise(root_cell, noise);
                }
            }
            let batch = self.evaluator.max_batch().max(1) as u64;
            // A fresh root first, alone: a batched round would otherwise send every one of
            // its descents to the same unevaluated root and spend the whole round on it.
            if batch > 1 && !matches!(limit, Limit::Simulations(0)) {
                self.ensure_root_evaluated(state); // counts its simulation itself
            }
            let mut forced = Vec::new();
            loop {
                let k = match limit {
                    Limit::Simulations(n) => batch.min(n.saturating_sub(self.simulations)),
                    Limit::Deadline(t) => {
                        if Instant::now() >= t {
                            0
                        } else {
                            batch
                        }
                    }
                };
                if k == 0 || self.stop_requested() {
                    break;
                }
                forced.clear();
                forced.resize(k as usize, None);
                self.simulate_round(state, &forced);
            }
        }
        self.root_stats()
    }

    /// Remembers the action played from the root, so the next search can reuse its subtree.
    pub fn commit(&mut self, action: Action) {
        self.expected = None;
        if !self.cfg.reuse {
            return;
        }
        if let Some(s) = &self.root_state {
            let mut next = s.clone();
            if next.apply(action).is_ok() {
                self.expected = Some((next, action));
            }
        }
    }

    /// Resets the tree, or re-roots it at the committed child when the new state is exactly
    /// the old root plus the committed action (nothing else happened in between).
    fn prepare(&mut self, state: &G, player: Player) {
        let mut reused = false;
        if let Some((expected, action)) = self.expected.take() {
            if player == self.searcher
                && &expected == state
                && self.nodes.len() < self.cfg.max_nodes
            {
                if let Some(child) = self.find_child(self.root, action, Kind::Decision(player)) {
                    self.root = child;
                    reused = true;
                }
            }
        }
        if !reused {
            self.nodes.clear();
            self.edges.clear();
            self.cells.clear();
            self.stats.clear();
            self.cell_map.clear();
            self.searcher = player;
            let keys = ROOT_SALT;
            self.root = 0;
            self.nodes.push(Node {
                kind: Kind::Decision(player),
                cell: NONE,
                first_edge: NONE,
                parent: NONE,
                keys,
                visits: 0,
                evaluated: false,
            });
            let cell = self.cell_for(mix(keys[player as usize], 0x600D), player, 0, state);
            self.nodes[0].cell = cell;
        }
        self.root_state = Some(state.clone());
        if self.cfg.first_mover_bandits && self.cfg.detect_hidden_root && self.hidden_at_root(state)
        {
            let c = self.nodes[self.root as usize].cell;
            self.cells[c as usize].simultaneous = true;
        }
    }

    /// Whether the searcher's determinizations of the root differ: something earlier is
    /// hidden from it. Compares resampled states with each other, never with `state`, so the
    /// answer cannot depend on the hidden part of `state`.
    fn hidden_at_root(&mut self, state: &G) -> bool {
        let mut probe = ChaCha8Rng::seed_from_u64(splitmix64(self.cfg.seed ^ 0x4D1D));
        let first = state.resample_hidden(self.searcher, &mut probe);
        (1..ROOT_PROBES).any(|_| state.resample_hidden(self.searcher, &mut probe) != first)
    }

    fn find_child(&self, parent: u32, action: Action, kind: Kind) -> Option<u32> {
        let tag = kind.tag();
        let mut e = self.nodes[parent as usize].first_edge;
        while e != NONE {
            let ed = &self.edges[e as usize];
            if ed.action == action && ed.tag == tag {
                return Some(ed.child);
            }
            e = ed.next;
        }
        None
    }

    /// Runs one round: one simulation per entry of `forced` (a root action to force, for
    /// Gumbel), evaluating all their leaves in one batch.
    pub(crate) fn simulate_round(&mut self, root_state: &G, forced: &[Option<Action>]) {
        let batched = forced.len() > 1;
        let mut paths = std::mem::take(&mut self.paths);
        paths.resize_with(forced.len().max(paths.len()), Vec::new);
        let mut leaves = Vec::with_capacity(forced.len());
        for (i, &f) in forced.iter().enumerate() {
            let path = &mut paths[i];
            path.clear();
            let leaf = self.descend(root_state, f, path);
            if batched {
                self.virtual_loss(path, true);
            }
            leaves.push(leaf);
        }
        let mut evals = std::mem::take(&mut self.evals);
        evals.clear();
        self.evaluator.compute(&mut evals);
        let mut next_eval = 0;
        for (i, leaf) in leaves.into_iter().enumerate() {
            if batched {
                self.virtual_loss(&paths[i], false);
            }
            let (node, value) = match leaf {
                Leaf::Value(node, v) => (node, v),
                Leaf::Eval(node) => {
                    let e = &evals[next_eval];
                    next_eval += 1;
                    self.absorb_evaluation(node, e);
                    (node, e.value)
                }
            };
            self.backup(&paths[i], node, value);
            self.simulations += 1;
        }
        self.evals = evals;
        self.paths = paths;
        crate::control::count(&self.control, forced.len() as u64);
    }

    /// Sets a freshly evaluated node's priors (its cell's, unless already set).
    fn absorb_evaluation(&mut self, node: u32, e: &Evaluation) {
        let n = &mut self.nodes[node as usize];
        n.evaluated = true;
        let cell = n.cell;
        if cell == NONE || e.priors.is_empty() {
            return;
        }
        self.set_priors(cell, &e.priors);
    }

    /// Sets a cell's priors unless already set.
    fn set_priors(&mut self, cell: u32, priors: &[(Action, f32)]) {
        let cell = &mut self.cells[cell as usize];
        if cell.priors_set {
            return;
        }
        cell.priors_set = true;
        let range = cell.start as usize..(cell.start + cell.len) as usize;
        for s in &mut self.stats[range] {
            s.prior = priors
                .iter()
                .find(|(a, _)| *a == s.action)
                .map_or(0.0, |(_, p)| *p);
        }
    }

    fn virtual_loss(&mut self, path: &[StepRec], add: bool) {
        for step in path {
            if let StepRec::Decision {
                stat, sim: false, ..
            } = *step
            {
                let s = &mut self.stats[stat as usize];
                if add {
                    s.vloss += 1;
                } else {
                    s.vloss = s.vloss.saturating_sub(1);
                }
            }
        }
    }

    /// Walks down from the root in a fresh determinization until a leaf.
    fn descend(&mut self, root_state: &G, forced: Option<Action>, path: &mut Vec<StepRec>) -> Leaf {
        // Information-set search: every simulation samples the hidden part of the world from
        // the searcher's point of view, so the tree never sees the real hidden state.
        self.world_dice = None;
        let mut state = world(
            root_state,
            self.searcher,
            &self.modeled,
            self.cfg.model_share,
            &mut self.rng,
        );
        let mut node = self.root;
        loop {
            let n = self.nodes[node as usize];
            match n.kind {
                Kind::Terminal => return Leaf::Value(node, state.returns()),
                Kind::Decision(_) => {
                    if !n.evaluated {
                        self.evaluator.add_input(&state);
                        return Leaf::Eval(node);
                    }
                    let ask = node == self.root || !self.cfg.root_priors_only;
                    let cell = &mut self.cells[n.cell as usize];
                    if ask && !cell.priors_set && !cell.priors_asked {
                        cell.priors_asked = true;
                        if let Some(p) = self.evaluator.expansion_priors(&state) {
                            self.set_priors(n.cell, &p);
                        }
                    }
                    let legal = state.legal_actions();
                    let f = if node == self.root { forced } else { None };
                    let action = match self.select(n.cell, &legal, f) {
                        Some((stat, prob, sim)) => {
                            if node == self.root && self.cfg.common_numbers {
                                // The k-th simulation through this action: world k. It
                                // replaces the world drawn above, which served the root's
                                // evaluation and priors (one state per simulation, small
                                // beside a rollout).
                                state = self.common_world(root_state, self.stats[stat as usize].n);
                            }
                            path.push(StepRec::Decision {
                                node,
                                cell: n.cell,
                                stat,
                                prob,
                                sim,
                            });
                            self.stats[stat as usize].action
                        }
                        // The cell was made in a world with other legal actions: play on at
                        // random without statistics.
                        None => legal
                            .nth(self.rng.random_range(0..legal.len()))
                            .unwrap_or(0),
                    };
                    state.apply_unchecked(action);
                    node = self.child(node, action, &state).0;
                }
                Kind::Chance => {
                    let outcomes = state.chance_outcomes();
                    let action = self.pick_chance(node, &outcomes);
                    state.apply_unchecked(action);
                    let (child, edge) = self.child(node, action, &state);
                    path.push(StepRec::Chance { node, edge });
                    node = child;
                }
            }
        }
    }

    /// Common world number `k` of this search: its hidden part and, through the
    /// evaluator, the dice of the leaf's rollout are drawn from the search's salt and `k`.
    fn common_world(&mut self, root_state: &G, k: u32) -> G {
        let seed = splitmix64(self.world_salt ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.evaluator.reseed(splitmix64(seed ^ 0xD1CE));
        self.world_dice = Some(ChaCha8Rng::seed_from_u64(splitmix64(seed ^ 0xC4A7)));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        world(
            root_state,
            self.searcher,
            &self.modeled,
            self.cfg.model_share,
            &mut rng,
        )
    }

    /// The chance outcome to follow: stratified over small outcome lists, else sampled.
    fn pick_chance(&mut self, node: u32, outcomes: &ChanceOutcomes) -> Action {
        match self.cfg.chance {
            ChanceMode::Stratified { max_outcomes } if outcomes.len() <= max_outcomes => {
                let total = outcomes.total_weight() as f64;
                let n = self.nodes[node as usize].visits as f64 + 1.0;
                let mut best = (f64::MIN, 0);
                for (a, w) in outcomes.weighted() {
                    let mut count = 0u32;
                    let mut e = self.nodes[node as usize].first_edge;
                    while e != NONE {
                        let ed = &self.edges[e as usize];
                        if ed.action == a {
                            count += ed.visits;
                        }
                        e = ed.next;
                    }
                    // The outcome furthest behind its exact share of the visits.
                    let deficit = w as f64 / total * n - count as f64;
                    if deficit > best.0 {
                        best = (deficit, a);
                    }
                }
                best.1
            }
            _ => match &mut self.world_dice {
                Some(dice) => outcomes.sample(dice),
                None => outcomes.sample(&mut self.rng),
            },
        }
    }

    /// The child reached by `action` in `state` (already applied), created if new.
    fn child(&mut self, parent: u32, action: Action, state: &G) -> (u32, u32) {
        let kind = Kind::of(state.turn());
        let tag = kind.tag();
        let mut e = self.nodes[parent as usize].first_edge;
        while e != NONE {
            let ed = &self.edges[e as usize];
            if ed.action == action && ed.tag == tag {
                return (ed.child, e);
            }
            e = ed.next;
        }
        let pn = self.nodes[parent as usize];
        let mut keys = pn.keys;
        if let Kind::Decision(q) = pn.kind {
            keys[q as usize] = mix(self.cells[pn.cell as usize].key, action as u64);
        }
        let idx = self.nodes.len() as u32;
        let mut cell = NONE;
        if let Kind::Decision(p) = kind {
            let pi = p as usize;
            // After its own action a player knows exactly where it is; after anything else
            // (an opponent's move, a die) it knows what its observation shows.
            if pn.kind != Kind::Decision(p) {
                keys[pi] = mix(keys[pi], (self.key_fn)(state, p, &mut self.obs));
            }
            self.nodes.push(Node {
                kind,
                cell: NONE,
                first_edge: NONE,
                parent,
                keys,
                visits: 0,
                evaluated: false,
            });
            cell = self.cell_for(keys[pi], p, idx, state);
        } else {
            self.nodes.push(Node {
                kind,
                cell: NONE,
                first_edge: NONE,
                parent,
                keys,
                visits: 0,
                evaluated: true,
            });
        }
        self.nodes[idx as usize].cell = cell;
        let eidx = self.edges.len() as u32;
        self.edges.push(Edge {
            action,
            tag,
            child: idx,
            next: pn.first_edge,
            visits: 0,
        });
        self.nodes[parent as usize].first_edge = eidx;
        (idx, eidx)
    }

    /// The cell of `player`'s information state `key`, created with the legal actions of
    /// `state` if new. A second node reaching an existing cell means `player` cannot tell
    /// two histories apart: the cell becomes simultaneous, and so do the opponent's
    /// decisions since `player`'s last one (the hidden choices it could not see).
    fn cell_for(&mut self, key: u64, player: Player, node: u32, state: &G) -> u32 {
        let full = mix(key, player as u64 + 1);
        if let Some(&c) = self.cell_map.get(&full) {
            let creator = self.cells[c as usize].creator;
            if creator != node && !self.cells[c as usize].simultaneous {
                self.cells[c as usize].simultaneous = true;
                self.mark_first_movers(self.nodes[node as usize].parent, player);
                self.mark_first_movers(self.nodes[creator as usize].parent, player);
            } else if creator != node {
                self.mark_first_movers(self.nodes[node as usize].parent, player);
            }
            return c;
        }
        let legal = state.legal_actions();
        let start = self.stats.len() as u32;
        let len = legal.len() as u32;
        let prior = 1.0 / len.max(1) as f32;
        self.stats.extend(legal.iter().map(|action| Stat {
            action,
            prior,
            ..Stat::default()
        }));
        let c = self.cells.len() as u32;
        self.cells.push(Cell {
            player,
            key,
            creator: node,
            start,
            len,
            visits: 0,
            value_sum: 0.0,
            simultaneous: false,
            priors_set: false,
            priors_asked: false,
        });
        self.cell_map.insert(full, c);
        c
    }

    /// Marks the opponent decisions from `from` up to `player`'s previous decision (or the
    /// root) as simultaneous.
    fn mark_first_movers(&mut self, mut from: u32, player: Player) {
        if !self.cfg.first_mover_bandits {
            return;
        }
        for _ in 0..MAX_MARK_WALK {
            if from == NONE {
                return;
            }
            let n = self.nodes[from as usize];
            match n.kind {
                Kind::Decision(q) if q == player => return,
                Kind::Decision(_) => self.cells[n.cell as usize].simultaneous = true,
                _ => {}
            }
            if from == self.root {
                return;
            }
            from = n.parent;
        }
    }

    /// The statistic to follow at `cell`: forced, bandit (simultaneous) or UCT/PUCT.
    fn select(
        &mut self,
        cell: u32,
        legal: &ActionSet,
        forced: Option<Action>,
    ) -> Option<(u32, f64, bool)> {
        let c = self.cells[cell as usize];
        let range = c.start..c.start + c.len;
        if let Some(a) = forced {
            return range
                .clone()
                .find(|&i| self.stats[i as usize].action == a)
                .map(|i| (i, 1.0, false));
        }
        if c.simultaneous {
            return self.select_bandit(c, legal);
        }
        let mut best = (f64::MIN, NONE);
        match self.cfg.selection {
            Selection::Uct { c: uc } => {
                for i in range {
                    let s = &mut self.stats[i as usize];
                    if !legal.contains(s.action) {
                        continue;
                    }
                    s.avail += 1;
                    let n = (s.n + s.vloss) as f64;
                    let score = if n == 0.0 {
                        // Unvisited first, in an order fixed by the cell and the action.
                        1e9 + (mix(c.key, s.action as u64) >> 11) as f64 / (1u64 << 53) as f64
                    } else {
                        (s.w - s.vloss as f64) / n + uc * ((s.avail as f64).ln() / n).sqrt()
                    };
                    if score > best.0 {
                        best = (score, i);
                    }
                }
            }
            Selection::Puct { c: pc } | Selection::Gumbel { c: pc, .. } => {
                let (mut total_n, mut prior_sum) = (0.0, 0.0);
                for i in range.clone() {
                    let s = &self.stats[i as usize];
                    if legal.contains(s.action) {
                        total_n += (s.n + s.vloss) as f64;
                        prior_sum += s.prior as f64;
                    }
                }
                let fpu = if c.visits > 0 {
                    c.value_sum / c.visits as f64
                } else {
                    0.0
                };
                let sqrt_n = total_n.max(1.0).sqrt();
                let prior_sum = if prior_sum > 0.0 { prior_sum } else { 1.0 };
                for i in range {
                    let s = &self.stats[i as usize];
                    if !legal.contains(s.action) {
                        continue;
                    }
                    let n = (s.n + s.vloss) as f64;
                    let q = if n == 0.0 {
                        fpu
                    } else {
                        (s.w - s.vloss as f64) / n
                    };
                    let score = q + pc * (s.prior as f64 / prior_sum) * sqrt_n / (1.0 + n);
                    if score > best.0 {
                        best = (score, i);
                    }
                }
            }
        }
        (best.1 != NONE).then_some((best.1, 1.0, false))
    }

    /// Regret matching or Exp3 over the legal actions of a simultaneous cell; samples an
    /// action and adds the bandit's current strategy to the cell's average strategy.
    fn select_bandit(&mut self, c: Cell, legal: &ActionSet) -> Option<(u32, f64, bool)> {
        let range = c.start as usize..(c.start + c.len) as usize;
        let k = self.stats[range.clone()]
            .iter()
            .filter(|s| legal.contains(s.action))
            .count();
        if k == 0 {
            return None;
        }
        let kf = k as f64;
        let (gamma, weights_sum, exp3) = match self.cfg.simultaneous {
            SimSelection::RegretMatching { gamma } => {
                let pos: f64 = self.stats[range.clone()]
                    .iter()
                    .filter(|s| legal.contains(s.action))
                    .map(|s| s.regret.max(0.0))
                    .sum();
                (gamma, pos, None)
            }
            SimSelection::Exp3 { gamma } => {
                let eta = gamma / kf;
                let max = self.stats[range.clone()]
                    .iter()
                    .filter(|s| legal.contains(s.action))
                    .map(|s| s.regret)
                    .fold(f64::MIN, f64::max);
                let sum: f64 = self.stats[range.clone()]
                    .iter()
                    .filter(|s| legal.contains(s.action))
                    .map(|s| (eta * (s.regret - max)).exp())
                    .sum();
                (gamma, sum, Some((eta, max)))
            }
        };
        // With priors (from a bot or a network) the bandit starts from them and explores
        // along them instead of uniformly: a small budget then models the opponent as
        // playing like the prior until regrets say otherwise. Without priors: uniform.
        let prior_sum: f64 = if c.priors_set {
            self.stats[range.clone()]
                .iter()
                .filter(|s| legal.contains(s.action))
                .map(|s| s.prior as f64)
                .sum()
        } else {
            0.0
        };
        let base = |s: &Stat| -> f64 {
            if prior_sum > 0.0 {
                // Floor so every action keeps a chance (importance weights stay bounded).
                0.9 * s.prior as f64 / prior_sum + 0.1 / kf
            } else {
                1.0 / kf
            }
        };
        let sigma = |s: &Stat| -> f64 {
            match exp3 {
                None if weights_sum > 0.0 => s.regret.max(0.0) / weights_sum,
                None => base(s),
                Some((eta, max)) => (eta * (s.regret - max)).exp() / weights_sum,
            }
        };
        let u: f64 = self.rng.random();
        let mut acc = 0.0;
        let mut chosen = None;
        let mut last = None;
        for i in range {
            let s = self.stats[i];
            if !legal.contains(s.action) {
                continue;
            }
            let sg = sigma(&s);
            self.stats[i].avg += sg;
            let pi = (1.0 - gamma) * sg + gamma * base(&s);
            acc += pi;
            last = Some((i as u32, pi));
            if chosen.is_none() && u < acc {
                chosen = Some((i as u32, pi));
            }
        }
        chosen.or(last).map(|(i, p)| (i, p, true))
    }

    fn backup(&mut self, path: &[StepRec], leaf: u32, value: [f64; NUM_PLAYERS]) {
        self.nodes[leaf as usize].visits += 1;
        for step in path.iter().rev() {
            match *step {
                StepRec::Decision {
                    node,
                    cell,
                    stat,
                    prob,
                    sim,
                } => {
                    self.nodes[node as usize].visits += 1;
                    let c = &mut self.cells[cell as usize];
                    let v = value[c.player as usize].clamp(-1.0, 1.0);
                    c.visits += 1;
                    c.value_sum += v;
                    let (start, len) = (c.start as usize, c.len as usize);
                    let s = &mut self.stats[stat as usize];
                    s.n += 1;
                    s.w += v;
                    if sim && prob > 0.0 {
                        // Bandit feedback in [0, 1], importance-weighted by the probability
                        // of the sampled action.
                        let u = (v + 1.0) / 2.0;
                        match self.cfg.simultaneous {
                            SimSelection::RegretMatching { .. } => {
                                for (i, s) in self.stats[start..start + len].iter_mut().enumerate()
                                {
                                    let x = if start + i == stat as usize {
                                        u / prob
                                    } else {
                                        0.0
                                    };
                                    s.regret += x - u;
                                }
                            }
                            SimSelection::Exp3 { .. } => {
                                self.stats[stat as usize].regret += u / prob;
                            }
                        }
                    }
                }
                StepRec::Chance { node, edge } => {
                    self.nodes[node as usize].visits += 1;
                    self.edges[edge as usize].visits += 1;
                }
            }
        }
    }

    /// The root's statistics now.
    pub fn root_stats(&self) -> RootStats {
        let c = self.cells[self.nodes[self.root as usize].cell as usize];
        let stats = &self.stats[c.start as usize..(c.start + c.len) as usize];
        let total_n: f64 = stats.iter().map(|s| s.n as f64).sum();
        let total_avg: f64 = stats.iter().map(|s| s.avg).sum();
        let actions = stats
            .iter()
            .map(|s| RootAction {
                action: s.action,
                visits: s.n as u64,
                value_sum: s.w,
                prior: s.prior,
                policy: if c.simultaneous && total_avg > 0.0 {
                    s.avg / total_avg
                } else if total_n > 0.0 {
                    s.n as f64 / total_n
                } else {
                    1.0 / stats.len().max(1) as f64
                },
            })
            .collect();
        RootStats {
            actions,
            simultaneous: c.simultaneous,
            simulations: self.simulations,
            nodes: self.nodes.len(),
            gumbel_choice: self.gumbel_choice,
        }
    }

    /// Root statistics needed by Sequential Halving: `(action, visits, mean value, prior)`.
    pub(crate) fn root_actions(&self) -> Vec<(Action, u32, f64, f32)> {
        let c = self.cells[self.nodes[self.root as usize].cell as usize];
        self.stats[c.start as usize..(c.start + c.len) as usize]
            .iter()
            .map(|s| {
                let q = if s.n > 0 { s.w / s.n as f64 } else { 0.0 };
                (s.action, s.n, q, s.prior)
            })
            .collect()
    }

    /// The node reached from the root by `path` (actions and chance outcomes; where one path
    /// reaches several kinds of node, the first made: edges are prepended, so the last found),
    /// or `None` off the tree.
    fn node_at(&self, path: &[Action]) -> Option<u32> {
        let mut node = self.root;
        for &a in path {
            let mut e = self.nodes.get(node as usize)?.first_edge;
            let mut found = NONE;
            while e != NONE {
                let ed = &self.edges[e as usize];
                if ed.action == a {
                    found = ed.child;
                }
                e = ed.next;
            }
            if found == NONE {
                return None;
            }
            node = found;
        }
        Some(node)
    }

    /// The policy of the cell reached from the root by `path` (see [`Self::node_at`]): the
    /// average strategy of a simultaneous cell, else visit shares. For tests and analysis.
    pub fn policy_at(&self, path: &[Action]) -> Option<Vec<(Action, f64)>> {
        let cell = self.nodes[self.node_at(path)? as usize].cell;
        if cell == NONE {
            return None;
        }
        let c = self.cells[cell as usize];
        let stats = &self.stats[c.start as usize..(c.start + c.len) as usize];
        let total_avg: f64 = stats.iter().map(|s| s.avg).sum();
        let total_n: f64 = stats.iter().map(|s| s.n as f64).sum();
        Some(
            stats
                .iter()
                .map(|s| {
                    let p = if c.simultaneous && total_avg > 0.0 {
                        s.avg / total_avg
                    } else if total_n > 0.0 {
                        s.n as f64 / total_n
                    } else {
                        1.0 / stats.len() as f64
                    };
                    (s.action, p)
                })
                .collect(),
        )
    }

    /// Whether the cell reached by `path` is searched as a simultaneous decision.
    pub fn is_simultaneous_at(&self, path: &[Action]) -> Option<bool> {
        let cell = self.nodes[self.node_at(path)? as usize].cell;
        (cell != NONE).then(|| self.cells[cell as usize].simultaneous)
    }

    /// Mixes Dirichlet noise into the priors of the root cell (uniform priors when the
    /// evaluator gave none): Gamma(alpha) draws, normalised.
    fn add_root_noise(&mut self, cell: u32, noise: super::config::RootNoise) {
        let (start, len) = {
            let c = &self.cells[cell as usize];
            (c.start as usize, c.len as usize)
        };
        let Ok(gamma) = rand_distr::Gamma::new(noise.alpha.max(1e-3), 1.0) else {
            return;
        };
        // Once per search, not per simulation: the allocation is not on the hot path.
        let draws: Vec<f64> = (0..len)
            .map(|_| rand_distr::Distribution::sample(&gamma, &mut self.rng))
            .collect();
        let total: f64 = draws.iter().sum();
        let stats = &mut self.stats[start..start + len];
        let prior_sum: f64 = stats.iter().map(|s| s.prior as f64).sum();
        let uniform = 1.0 / len.max(1) as f64;
        for (s, d) in stats.iter_mut().zip(draws) {
            let p = if prior_sum > 0.0 {
                s.prior as f64 / prior_sum
            } else {
                uniform
            };
            let eta = if total > 0.0 { d / total } else { uniform };
            s.prior = ((1.0 - noise.fraction) * p + noise.fraction * eta) as f32;
        }
    }

    /// Runs one plain simulation so the root is evaluated (its priors known).
    pub(crate) fn ensure_root_evaluated(&mut self, state: &G) -> u64 {
        if self.nodes[self.root as usize].evaluated {
            return 0;
        }
        self.simulate_round(state, &[None]);
        1
    }

    /// The search's RNG (Gumbel noise is drawn from it).
    pub(crate) fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

/// A world for one simulation: `root_state` with its hidden part drawn from `searcher`'s
/// view (by the opponent model in a `share` of them), never the real hidden state.
fn world<G: Game>(
    root_state: &G,
    searcher: Player,
    modeled: &[G],
    share: f64,
    rng: &mut ChaCha8Rng,
) -> G {
    if !modeled.is_empty() && rng.random::<f64>() < share {
        modeled[rng.random_range(0..modeled.len())].clone()
    } else {
        root_state.resample_hidden(searcher, rng)
    }
}
