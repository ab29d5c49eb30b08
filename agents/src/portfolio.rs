//! Portfolio search: at each decision, try the orders a portfolio of doctrines proposes and
//! keep the one whose playout ends best.
//!
//! The idea is Churchill and Buro's portfolio greedy search for RTS battles, adapted to
//! orders written one sub-decision at a time. A tree search over single tokens (MCTS) sees
//! nothing of a WS&IM turn until some forty sub-decisions later, when the ships move; here
//! every candidate is a *whole plan*: the doctrine that proposed the token also writes the
//! rest of the turn, the other side is played by an opponent model, the dice are sampled,
//! and the position `horizon` game turns on is scored by the ruleset's heuristic value.
//!
//! - **Candidates**: the distinct actions the portfolio's doctrines choose now; when they
//!   all agree the search costs nothing more than asking them. With `wide`, where they
//!   disagree, every other legal action too, completed by the doctrine most of them follow.
//! - **Worlds**: each world fixes the hidden part (the opponent model rewrites the other
//!   side's unrevealed orders, or a uniform resample where the ruleset has no model) and a
//!   dice seed; every candidate is played out in the same worlds (common random numbers),
//!   so their differences are not drowned in dice noise. The decisions before the first
//!   dice roll (in WS&IM the rest of both sides' orders, most of a playout's cost) do not
//!   depend on the dice, so each candidate plays them once and every world starts there.
//!   Where the first rolls only feed more decisions (Fighting Sail's sailing rolls, each
//!   followed by a doctrine's sailing), a group of `share` worlds draws them once: the
//!   costly sailing is played once per group, and the worlds differ in the shots' dice
//!   that follow. At 10 ms a decision half of the fleet action's searches got fewer than
//!   10 playouts a candidate without it, and the median search 125 with 32 worlds a group.
//! - **Budget**: playouts per decision (deterministic for a seed) or wall time (for play),
//!   counted from the start of `choose`. Every candidate gets at least one playout, so a
//!   decision whose single playout outlasts the budget overshoots it (Fighting Sail's early
//!   sailing decisions, where a playout is the rest of two fleets' sailing).
//! - **Plan tree** (`tree`, in `portfolio/tree.rs`): instead of equal playouts per
//!   candidate, UCB1 over the candidates and, at each later game turn within the horizon,
//!   over which doctrine writes that turn (script-based UCT).
//! - **Order tree** (`orders`, in `portfolio/orders.rs`): UCT over the sub-decisions of the
//!   side's orders this turn, each node's moves pruned to the doctrines' choices there, the
//!   tree kept from one sub-decision to the next.
//!
//! The search reads only what `player` may know: hidden state is redrawn from the player's
//! view before any playout (see [`crate::Agent`], *Fair play*).

use std::sync::Arc;
use std::time::{Duration, Instant};

use broadside_env::{Action, Game, Player, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::mcts::{Budget, Heuristic, HiddenModelFn};
use crate::Agent;

mod bandit;
mod orders;
mod tree;

/// The game-turn counter playout horizons are measured in (defined beside the rollouts,
/// which stop by it too).
pub use crate::mcts::RoundFn;

/// Settings of a [`PortfolioAgent`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PortfolioConfig {
    /// Playouts per decision over all candidates (`Simulations`), or time per decision.
    pub budget: Budget,
    /// Game turns a playout runs past the current one before the heuristic scores it.
    pub horizon: u32,
    /// Also try every legal action no doctrine proposes (but resigning), completed by the
    /// doctrine most of the portfolio agrees with.
    pub wide: bool,
    /// Seeds the worlds and the dice.
    pub seed: u64,
    /// Search a tree of plans (`portfolio/tree.rs`: UCB over the candidates, and at every
    /// later game turn within the horizon over which doctrine writes it) instead of giving
    /// every candidate the same playouts.
    pub tree: bool,
    /// The tree's exploration constant (UCB1), in the heuristic value's units.
    pub c: f64,
    /// Search the order tree (`portfolio/orders.rs`: UCT over this turn's sub-decisions,
    /// each node's moves pruned to the doctrines' choices, kept from one sub-decision to
    /// the next) instead of searching each sub-decision on its own.
    pub orders: bool,
    /// The order tree opens a move's child node after this many playouts through it.
    pub expand: u32,
    /// Worlds that share one draw of a playout's leading shared chance nodes (see
    /// [`SharedChanceFn`]; Fighting Sail's sailing rolls): the expensive part of a playout
    /// is played once for this many worlds, which differ in the later dice. 1: none shared.
    pub share: u32,
}

/// When the flat search leaves the lead doctrine's choice (the first of the portfolio), and
/// which actions it weighs against it. The default departs on the best mean, as the search
/// always did.
///
/// Every candidate is played out in the same worlds (the same hidden part and dice seeds),
/// so the difference of a candidate's value and the lead's in one world is far less noisy
/// than either value: with `z` the search departs only where that paired difference is
/// significant, and otherwise plays the lead doctrine. Where the candidates tie (Togo's
/// legs, whose difference the dice of one turn do not show) the lead is kept instead of
/// whichever sums a rounding bit higher.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Departure {
    /// Leave the lead's choice only for a candidate whose mean paired difference over it is
    /// above 0, above `edge`, and above `z` standard errors of that mean (0: the best mean).
    pub z: f64,
    /// The least mean paired difference (in the heuristic value's units) worth departing for.
    pub edge: f64,
    /// At a decision with at most this many legal actions (resigning aside), every legal
    /// action is a candidate even where the doctrines agree, each completed by the lead
    /// doctrine (a one-step departure from it; 0: never).
    pub every: u32,
}

impl Departure {
    /// Whether the lead is kept unless another candidate is significantly better.
    pub fn gated(&self) -> bool {
        self.z > 0.0 || self.edge > 0.0
    }
}

/// Whether a chance node's outcome may be shared by a group of worlds when it comes before
/// a playout's first unshared chance node (Fighting Sail: the initiative and sailing
/// rolls, after which the doctrines' sailing, a playout's costly part, follows).
pub type SharedChanceFn<G> = fn(&G) -> bool;

/// A choice the portfolio proposes at a decision (a candidate of the flat search and the
/// plan tree's root, a move of the order tree).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Proposal {
    action: Action,
    /// The doctrines that chose it, as bits (none for a `wide` extra).
    proposers: u64,
    /// The doctrine that writes the rest of the turn after it: the first that chose it, or
    /// for a `wide` extra the one most of the portfolio agrees with.
    writer: usize,
}

/// The portfolio's indices in a set of doctrine bits, in order.
fn doctrines_in(bits: u64) -> Vec<usize> {
    (0..64).filter(|&i| bits & (1u64 << i) != 0).collect()
}

/// One candidate of the last decision, for explanations.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateStats {
    /// The action.
    pub action: Action,
    /// The doctrines that proposed it (the first of them plays its playouts).
    pub proposers: Vec<usize>,
    /// Playouts run.
    pub playouts: u32,
    /// Mean value for the deciding player, in `[-1, 1]`.
    pub mean: f64,
}

/// The portfolio search agent (see the module documentation).
pub struct PortfolioAgent<G: Game> {
    config: PortfolioConfig,
    label: String,
    portfolio: Vec<Box<dyn Agent<G>>>,
    /// The portfolio's names without their seeds ("bot:british"), for explanations.
    names: Vec<String>,
    opponent: Box<dyn Agent<G>>,
    heuristic: Arc<dyn Heuristic<G>>,
    hidden_model: Option<HiddenModelFn<G>>,
    round: RoundFn<G>,
    shared: SharedChanceFn<G>,
    rng: ChaCha8Rng,
    decisions: u64,
    candidates: Vec<CandidateStats>,
    explanation: Vec<String>,
    /// The plan tree of the last decision (kept to reuse its memory).
    nodes: Vec<tree::PlanNode>,
    /// The plan tree's nodes a playout went through (kept to reuse its memory).
    path: Vec<usize>,
    /// The order tree of the side's orders this turn (kept from one sub-decision to the next).
    orders: orders::OrderTree<G>,
    /// The doctrines' proposals at the last decision (kept to reuse its memory).
    proposals: Vec<Proposal>,
    /// When the current decision's time budget runs out (`None` with a playout budget):
    /// counted from the start of `choose`, so the doctrines' proposals and the tree's
    /// set-up are paid from the budget too.
    deadline: Option<Instant>,
    /// Where a person watches the search (see [`crate::SearchControl`]).
    control: Option<crate::SearchControl>,
    /// The last decision's choice, when it was searched or unanimous (for explanations).
    chosen: Option<Action>,
    /// When to leave the lead doctrine's choice ([`Departure`]).
    departure: Departure,
    /// Per candidate of the flat search: the sum and the sum of squares of its value less
    /// the lead's (candidate 0), world by world.
    paired: Vec<(f64, f64)>,
}

impl<G: Game> std::fmt::Debug for PortfolioAgent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PortfolioAgent")
            .field("label", &self.label)
            .field("config", &self.config)
            .finish()
    }
}

/// A playout never runs longer than this many decisions (a guard for games whose round
/// counter does not move).
const MAX_PLAYOUT_DECISIONS: usize = 20_000;

/// The most agents a portfolio holds: each playout's proposals are kept as bits of a `u64`.
pub const MAX_PORTFOLIO: usize = 64;

impl<G: Game> PortfolioAgent<G> {
    /// A search over `portfolio` (at least one agent) for the deciding side, `opponent`
    /// playing the other side in playouts and filling in hidden orders through
    /// `hidden_model` where the ruleset has one.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        config: PortfolioConfig,
        label: String,
        portfolio: Vec<Box<dyn Agent<G>>>,
        opponent: Box<dyn Agent<G>>,
        heuristic: Arc<dyn Heuristic<G>>,
        hidden_model: Option<HiddenModelFn<G>>,
        round: RoundFn<G>,
    ) -> Self {
        assert!(
            (1..=MAX_PORTFOLIO).contains(&portfolio.len()),
            "a portfolio needs one to 64 agents (their proposals are kept as bits)"
        );
        let names = portfolio
            .iter()
            .map(|a| {
                let name = a.name();
                match name.split_once('(') {
                    Some((short, _)) => short.to_string(),
                    None => name,
                }
            })
            .collect();
        Self {
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            config,
            label,
            portfolio,
            names,
            opponent,
            heuristic,
            hidden_model,
            round,
            shared: |_| false,
            decisions: 0,
            deadline: None,
            control: None,
            chosen: None,
            candidates: Vec::new(),
            explanation: Vec::new(),
            nodes: Vec::new(),
            path: Vec::new(),
            orders: orders::OrderTree::default(),
            proposals: Vec::new(),
            departure: Departure::default(),
            paired: Vec::new(),
        }
    }

    /// When to leave the lead doctrine's choice, and which actions to weigh against it.
    pub fn with_departure(mut self, departure: Departure) -> Self {
        self.departure = departure;
        self
    }

    /// The dice seed of world `world` (or, complemented, of a group of worlds) at this
    /// decision.
    fn world_seed(&self, world: u64) -> u64 {
        crate::mcts::hash::splitmix64(self.config.seed ^ self.decisions.rotate_left(32) ^ world)
    }

    /// Which chance nodes a group of [`PortfolioConfig::share`] worlds may share.
    pub fn with_shared_chance(mut self, shared: SharedChanceFn<G>) -> Self {
        self.shared = shared;
        self
    }

    /// Plays `state` on with `ours` for `player` and the opponent model for the other side,
    /// rolling its chance nodes from `dice` (with `shared_only`, only the leading ones a group
    /// of worlds shares), until a chance node it may not roll, the game turn `stop` or the end.
    #[allow(clippy::too_many_arguments)]
    fn roll_on(
        &mut self,
        mut state: G,
        player: Player,
        ours: usize,
        stop: u32,
        dice: &mut ChaCha8Rng,
        shared_only: bool,
    ) -> G {
        for _ in 0..MAX_PLAYOUT_DECISIONS {
            state = self.advance_to_chance(state, player, ours, stop);
            if state.turn() != Turn::Chance || (shared_only && !(self.shared)(&state)) {
                break;
            }
            let a = state.chance_outcomes().sample(dice);
            state.apply_unchecked(a);
        }
        state
    }

    /// Plays `state` on through its leading shared chance nodes (and the decisions between
    /// them), rolling them from `dice`, up to the first unshared chance node, the horizon
    /// `stop` or the end.
    fn advance_shared(&mut self, state: G, player: Player, ours: usize, stop: u32, dice: u64) -> G {
        let mut dice = ChaCha8Rng::seed_from_u64(dice);
        self.roll_on(state, player, ours, stop, &mut dice, true)
    }

    /// The candidates of the last decision that needed a search (empty when the doctrines
    /// agreed or only one action was legal).
    pub fn candidates(&self) -> &[CandidateStats] {
        &self.candidates
    }

    /// Into `out` (cleared): the distinct actions the doctrines choose at `state` for
    /// `player`, in the order of the first doctrine to choose each; with `wide`, where they
    /// disagree, every other legal action but resigning, written on by the doctrine whose
    /// choice most of them share.
    fn propose(&mut self, state: &G, player: Player, out: &mut Vec<Proposal>) {
        out.clear();
        for i in 0..self.portfolio.len() {
            let action = self.portfolio[i].choose(state, player);
            let bit = 1u64 << i;
            match out.iter_mut().find(|p| p.action == action) {
                Some(p) => p.proposers |= bit,
                None => out.push(Proposal {
                    action,
                    proposers: bit,
                    writer: i,
                }),
            }
        }
        let resign = state.spec().resign_action();
        let every = self.departure.every as usize;
        if every > 0 && !out.is_empty() {
            let legal = state.legal_actions();
            let open = legal.iter().filter(|&a| Some(a) != resign).count();
            if open <= every {
                // One-step departures from the lead doctrine, which writes the rest.
                let lead = out[0].writer;
                for action in legal.iter() {
                    if Some(action) != resign && !out.iter().any(|p| p.action == action) {
                        out.push(Proposal {
                            action,
                            proposers: 0,
                            writer: lead,
                        });
                    }
                }
                return;
            }
        }
        if self.config.wide && out.len() > 1 {
            let majority = out
                .iter()
                .enumerate()
                .max_by_key(|(i, p)| (p.proposers.count_ones(), std::cmp::Reverse(*i)))
                .map_or(0, |(_, p)| p.writer);
            let doctrines = out.len();
            for action in state.legal_actions().iter() {
                if Some(action) != resign && !out[..doctrines].iter().any(|p| p.action == action) {
                    out.push(Proposal {
                        action,
                        proposers: 0,
                        writer: majority,
                    });
                }
            }
        }
    }

    /// The state to play out from with the other side's hidden orders rewritten by the
    /// opponent model; `None` where nothing is hidden or the ruleset has no model.
    fn modeled(&mut self, state: &G, player: Player) -> Option<G> {
        let model = self.hidden_model?;
        model(state, player, self.opponent.as_mut(), &mut self.rng)
    }

    /// The action `player`'s side (`ours` playing it) or the opponent model takes in `state`.
    fn decide(&mut self, state: &G, p: Player, player: Player, ours: usize) -> Action {
        if p == player {
            self.portfolio[ours].choose(state, p)
        } else {
            self.opponent.choose(state, p)
        }
    }

    /// Plays the decisions of `state` up to the first chance node (or the game turn `stop`,
    /// or the end). No dice are rolled on the way, so in a world whose hidden part is fixed this
    /// prefix is the same for every dice seed: it is played once per candidate and reused.
    fn advance_to_chance(&mut self, mut state: G, player: Player, ours: usize, stop: u32) -> G {
        for _ in 0..MAX_PLAYOUT_DECISIONS {
            match state.turn() {
                Turn::Player(p) if (self.round)(&state) < stop => {
                    let a = self.decide(&state, p, player, ours);
                    state.apply_unchecked(a);
                }
                _ => break,
            }
        }
        state
    }

    /// Plays `state` out with `ours` for `player` and the opponent model for the other side
    /// until the game turn `stop`, rolling the dice from `dice`; the value for `player`.
    fn playout(&mut self, state: G, player: Player, ours: usize, stop: u32, dice: u64) -> f64 {
        let mut dice = ChaCha8Rng::seed_from_u64(dice);
        let state = self.roll_on(state, player, ours, stop, &mut dice, false);
        match state.turn() {
            Turn::Terminal => state.returns()[player as usize],
            // The horizon.
            _ => self.heuristic.value(&state)[player as usize],
        }
    }

    /// Gives every candidate the same playouts, in the same worlds, and records their means.
    fn search_flat(&mut self, state: &G, player: Player) {
        let k = self.candidates.len() as u64;
        let worlds = match self.config.budget {
            Budget::Simulations(n) => n.div_ceil(k).max(1),
            Budget::TimeMs(_) => u64::MAX,
        };
        let deadline = self.deadline;
        let mut sums = vec![0.0f64; self.candidates.len()];
        let mut paired = std::mem::take(&mut self.paired);
        paired.clear();
        paired.resize(self.candidates.len(), (0.0, 0.0));
        let stop = (self.round)(state).saturating_add(self.config.horizon);
        // With an opponent model every world shares one determinization: the model writes
        // the hidden orders the same way each time, and where nothing of this turn is
        // hidden (the model declines) what is left hidden is rewritten before it counts.
        let modeled = self.hidden_model.is_some().then(|| {
            self.modeled(state, player)
                .unwrap_or_else(|| state.resample_hidden(player, &mut self.rng))
        });
        // Each candidate's dice-free prefix in the first world, reused by every later world
        // with the same hidden part: always under the model; without one, where the drawn
        // world equals the first (nothing hidden).
        let mut prefixes: Vec<G> = Vec::with_capacity(self.candidates.len());
        let share = u64::from(self.config.share.max(1));
        // Each candidate's state after the shared chance nodes of the current group of worlds.
        let mut leads: Vec<G> = Vec::with_capacity(self.candidates.len());
        let mut leads_shared = false;
        let mut first_drawn: Option<G> = None;
        let mut world = 0u64;
        while world < worlds {
            let drawn;
            let base = match &modeled {
                Some(g) => g,
                None => {
                    drawn = state.resample_hidden(player, &mut self.rng);
                    &drawn
                }
            };
            let dice_seed = self.world_seed(world);
            let reuse = world > 0 && (modeled.is_some() || first_drawn.as_ref() == Some(base));
            let group_start = world.is_multiple_of(share);
            if group_start {
                // The group's leads start from the shared prefixes (or the first world's).
                leads_shared = world == 0 || reuse;
            }
            // The lead's value in this world (candidate 0 runs first).
            let mut lead = 0.0;
            for (ci, sum) in sums.iter_mut().enumerate() {
                let (action, ours) = (self.candidates[ci].action, self.candidates[ci].proposers[0]);
                let mut record = |v: f64| {
                    *sum += v;
                    if ci == 0 {
                        lead = v;
                    }
                    let d = v - lead;
                    paired[ci].0 += d;
                    paired[ci].1 += d * d;
                };
                // A later world of a group starts where the group's first left the shared rolls.
                if share > 1 && reuse && leads_shared && !group_start {
                    record(self.playout(leads[ci].clone(), player, ours, stop, dice_seed));
                    continue;
                }
                let mut start = if reuse {
                    prefixes[ci].clone()
                } else {
                    let mut s = base.clone();
                    s.apply_unchecked(action);
                    let s = self.advance_to_chance(s, player, ours, stop);
                    if world == 0 {
                        prefixes.push(s.clone());
                    }
                    s
                };
                if share > 1 {
                    let group_seed = self.world_seed(!(world / share));
                    start = self.advance_shared(start, player, ours, stop, group_seed);
                    if group_start {
                        // Candidates run in order: this one's lead goes at index `ci`.
                        leads.truncate(ci);
                        leads.push(start.clone());
                    }
                }
                record(self.playout(start, player, ours, stop, dice_seed));
            }
            if world == 0 && modeled.is_none() {
                first_drawn = Some(base.clone());
            }
            world += 1;
            crate::control::count(&self.control, sums.len() as u64);
            if deadline.is_some_and(|d| Instant::now() >= d)
                || crate::control::stop_requested(&self.control)
            {
                break;
            }
        }
        for (c, sum) in self.candidates.iter_mut().zip(&sums) {
            c.playouts = world as u32;
            c.mean = sum / world as f64;
        }
        self.paired = paired;
    }

    /// The flat search's choice under [`Departure`]'s gate: the best mean among the
    /// candidates whose paired difference over the lead (candidate 0) is significant, else
    /// the lead.
    fn gated_choice(&self) -> Option<Action> {
        let lead = self.candidates.first()?;
        let n = f64::from(lead.playouts);
        let mut best: Option<(f64, Action)> = None;
        for (c, &(sum, sq)) in self.candidates.iter().zip(&self.paired).skip(1) {
            if n < 2.0 {
                break;
            }
            let mean = sum / n;
            let var = ((sq - sum * sum / n) / (n - 1.0)).max(0.0);
            let se = (var / n).sqrt();
            let significant =
                mean > 0.0 && mean >= self.departure.edge && mean > self.departure.z * se;
            if significant && best.is_none_or(|(m, _)| c.mean > m) {
                best = Some((c.mean, c.action));
            }
        }
        Some(best.map_or(lead.action, |(_, a)| a))
    }

    /// The explanation of a decision where every doctrine wrote `action`.
    fn unanimous(&self, action: Action, name: &dyn Fn(Action) -> String) -> Vec<String> {
        vec![format!(
            "{}: every doctrine writes {}",
            self.label,
            name(action)
        )]
    }

    fn explain_lines(&self, chosen: Action, name: &dyn Fn(Action) -> String) -> Vec<String> {
        let mut order: Vec<&CandidateStats> = self.candidates.iter().collect();
        order.sort_by(|a, b| b.mean.total_cmp(&a.mean));
        let mut lines = vec![format!(
            "{}: {} candidates, {} playouts each at most, horizon {} turn(s)",
            self.label,
            self.candidates.len(),
            self.candidates
                .iter()
                .map(|c| c.playouts)
                .max()
                .unwrap_or(0),
            self.config.horizon
        )];
        for c in order.iter().take(5) {
            let who: Vec<&str> = c.proposers.iter().map(|&i| &*self.names[i]).collect();
            lines.push(format!(
                "{} {:<28} value {:+.3} over {} playouts (from {})",
                if c.action == chosen { "*" } else { " " },
                name(c.action),
                c.mean,
                c.playouts,
                who.join(", ")
            ));
        }
        lines
    }
}

impl<G: Game> Agent<G> for PortfolioAgent<G> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn set_control(&mut self, control: Option<crate::SearchControl>) {
        self.control = control;
    }

    fn choose(&mut self, state: &G, player: Player) -> Action {
        self.deadline = match self.config.budget {
            Budget::TimeMs(ms) => Some(Instant::now() + Duration::from_millis(ms)),
            Budget::Simulations(_) => None,
        };
        self.decisions += 1;
        self.candidates.clear();
        self.explanation.clear();
        self.chosen = None;
        let legal = state.legal_actions();
        if legal.len() == 1 {
            return legal.iter().next().unwrap_or(0);
        }
        if self.config.orders {
            let a = self.search_orders(state, player);
            self.chosen = Some(a);
            self.explanation = if self.candidates.is_empty() {
                self.unanimous(a, &|x| state.describe_action(x))
            } else {
                self.explain_lines(a, &|x| state.describe_action(x))
            };
            return a;
        }
        let mut proposals = std::mem::take(&mut self.proposals);
        self.propose(state, player, &mut proposals);
        self.candidates
            .extend(proposals.iter().map(|p| CandidateStats {
                action: p.action,
                // A `wide` extra is played out by (and credited to) its writer.
                proposers: match p.proposers {
                    0 => vec![p.writer],
                    bits => doctrines_in(bits),
                },
                playouts: 0,
                mean: 0.0,
            }));
        self.proposals = proposals;
        if self.candidates.len() == 1 {
            let a = self.candidates[0].action;
            self.chosen = Some(a);
            self.explanation = self.unanimous(a, &|x| state.describe_action(x));
            self.candidates.clear();
            return a;
        }
        if self.config.tree {
            self.search_tree(state, player);
        } else {
            self.search_flat(state, player);
            if self.departure.gated() {
                let best = self.gated_choice().unwrap_or(0);
                self.chosen = Some(best);
                self.explanation = self.explain_lines(best, &|x| state.describe_action(x));
                return best;
            }
        }
        // The best mean; ties go to the earlier doctrine in the portfolio.
        let best = self
            .candidates
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.mean.total_cmp(&b.mean).then(j.cmp(i)))
            .map(|(_, c)| c.action)
            .unwrap_or(0);
        self.chosen = Some(best);
        self.explanation = self.explain_lines(best, &|x| state.describe_action(x));
        best
    }

    fn explain(&self) -> Vec<String> {
        self.explanation.clone()
    }

    fn explain_named(&self, name: &dyn Fn(Action) -> String) -> Vec<String> {
        match self.chosen {
            None => Vec::new(),
            Some(a) if self.candidates.is_empty() => self.unanimous(a, name),
            Some(a) => self.explain_lines(a, name),
        }
    }
}
