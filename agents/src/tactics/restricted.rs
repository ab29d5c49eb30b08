//! Restricted play: a game whose one side may not use one tactic. [`Restricted`] wraps a
//! ruleset's game and filters that side's legal actions wherever another legal action (not
//! a resignation) remains, so any agent spec built for it (a bot, a tree search, a portfolio
//! search) is restricted at its root and throughout its own look-ahead, while the other
//! side plays freely.

use std::sync::Arc;

use broadside_env::{
    Action, ActionSet, ChanceOutcomes, Game, GameSpec, ObsMemo, Observation, ObservationMut,
    Player, Turn, NUM_PLAYERS,
};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::mcts::{EvaluatorFactory, Heuristic, HiddenModelFn, InfoKeyFn};
use crate::spec::{KnownAgents, SpecError};
use crate::Agent;

use super::KnownTactics;

/// No side is restricted (a state read back from JSON, which does not record the
/// restriction).
const NOBODY: u8 = u8::MAX;

/// A game of `G` in which side `player` may not use tactic `tactic` (its index in
/// [`KnownTactics::tactics`]) while another legal action remains.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Restricted<G: KnownTactics> {
    pub inner: G,
    #[serde(skip, default = "nobody")]
    player: u8,
    #[serde(skip)]
    tactic: u8,
}

fn nobody() -> u8 {
    NOBODY
}

impl<G: KnownTactics> Restricted<G> {
    /// `inner` with `player` forbidden tactic `tactic`.
    pub fn new(inner: G, player: Player, tactic: usize) -> Self {
        Self {
            inner,
            player,
            tactic: tactic.min(u8::MAX as usize) as u8,
        }
    }

    /// The same restriction on another state.
    fn rewrap(&self, inner: G) -> Self {
        Self {
            inner,
            player: self.player,
            tactic: self.tactic,
        }
    }
}

/// The legal actions of `state` without those using tactic `tactic`, unless that would
/// leave nothing but a resignation (then every legal action): a forbidden tactic never
/// forces a side to resign or leaves it without a move.
pub fn allowed<G: KnownTactics>(state: &G, tactic: usize) -> ActionSet {
    let legal = state.legal_actions();
    let Some(t) = G::tactics().get(tactic) else {
        return legal;
    };
    let resign = state.spec().resign_action();
    let mut kept = legal;
    let mut other = false;
    for a in legal.iter() {
        if (t.uses)(state, a) {
            kept.remove(a);
        } else if Some(a) != resign {
            other = true;
        }
    }
    if other {
        kept
    } else {
        legal
    }
}

impl<G: KnownTactics> Game for Restricted<G> {
    fn spec(&self) -> &'static GameSpec {
        self.inner.spec()
    }
    fn turn(&self) -> Turn {
        self.inner.turn()
    }
    fn legal_actions(&self) -> ActionSet {
        if self.inner.turn() == Turn::Player(self.player) {
            allowed(&self.inner, self.tactic as usize)
        } else {
            self.inner.legal_actions()
        }
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        self.inner.chance_outcomes()
    }
    fn apply_unchecked(&mut self, action: Action) {
        self.inner.apply_unchecked(action)
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        self.inner.returns()
    }
    fn observe(&self, player: Player, out: &mut Observation) {
        self.inner.observe(player, out)
    }
    fn observe_into(&self, player: Player, out: ObservationMut<'_>, memo: &mut ObsMemo) {
        self.inner.observe_into(player, out, memo)
    }
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        self.rewrap(self.inner.resample_hidden(player, rng))
    }
    fn describe_action(&self, action: Action) -> String {
        self.inner.describe_action(action)
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.inner.check_invariants()
    }
}

/// A bot of `G` playing a restricted game: its own choice when allowed, else the first
/// allowed choice of the ruleset's other doctrines (the nearest thing to a doctrine's second
/// choice), else a seeded random allowed action that is not a resignation.
pub struct RestrictedBot<G: KnownTactics> {
    inner: Box<dyn Agent<G>>,
    others: Vec<Box<dyn Agent<G>>>,
    rng: ChaCha8Rng,
}

impl<G: KnownTactics> std::fmt::Debug for RestrictedBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RestrictedBot")
            .field("bot", &self.inner.name())
            .finish()
    }
}

impl<G: KnownTactics + KnownAgents> RestrictedBot<G> {
    /// The bot called `name` (`best` allowed), with the other doctrines as its fallbacks.
    pub fn new(name: &str, seed: u64) -> Option<Self> {
        let inner = G::named_bot(name, seed)?;
        let own = if name == "best" {
            G::best_bot()
        } else {
            Some(name)
        };
        let others = G::bots()
            .iter()
            .filter(|(n, _)| Some(*n) != own)
            .filter_map(|(n, _)| G::bot(n, seed ^ 0x0A17))
            .collect();
        Some(Self {
            inner,
            others,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x7AC7),
        })
    }
}

impl<G: KnownTactics> Agent<Restricted<G>> for RestrictedBot<G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, state: &Restricted<G>, player: Player) -> Action {
        let legal = state.legal_actions();
        let own = self.inner.choose(&state.inner, player);
        if legal.contains(own) {
            return own;
        }
        for other in &mut self.others {
            let a = other.choose(&state.inner, player);
            if legal.contains(a) {
                return a;
            }
        }
        let resign = state.spec().resign_action();
        let n = legal.iter().filter(|&a| Some(a) != resign).count();
        let k = self.rng.random_range(0..n.max(1));
        let pick = legal.iter().filter(|&a| Some(a) != resign).nth(k);
        pick.unwrap_or(own)
    }
    // The doctrine's forfeit and the game's end reach it (and its fallbacks): a wrapper that
    // kept them would let a failed agent play on.
    fn forfeit(&self) -> Option<String> {
        self.inner.forfeit()
    }
    fn game_over(
        &mut self,
        state: &Restricted<G>,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        self.inner.game_over(&state.inner, player, returns, reason);
        for other in &mut self.others {
            other.game_over(&state.inner, player, returns, reason);
        }
    }
}

/// A heuristic of `G` read on the wrapped state.
struct Lifted<G: KnownTactics>(Arc<dyn Heuristic<G>>);

impl<G: KnownTactics> Heuristic<Restricted<G>> for Lifted<G> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn value(&self, state: &Restricted<G>) -> [f64; NUM_PLAYERS] {
        self.0.value(&state.inner)
    }
}

fn lift<G: KnownTactics>(h: Arc<dyn Heuristic<G>>) -> Arc<dyn Heuristic<Restricted<G>>> {
    Arc::new(Lifted(h))
}

/// An agent of the restricted game seen as an agent of `G` (for the opponent model), under
/// the restriction of the state it models.
struct Lowered<'a, G: KnownTactics> {
    agent: &'a mut dyn Agent<Restricted<G>>,
    like: &'a Restricted<G>,
}

impl<G: KnownTactics> Agent<G> for Lowered<'_, G> {
    fn name(&self) -> String {
        self.agent.name()
    }
    fn choose(&mut self, state: &G, player: Player) -> Action {
        self.agent.choose(&self.like.rewrap(state.clone()), player)
    }
    fn forfeit(&self) -> Option<String> {
        self.agent.forfeit()
    }
    fn game_over(
        &mut self,
        state: &G,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        let state = self.like.rewrap(state.clone());
        self.agent.game_over(&state, player, returns, reason)
    }
}

fn restricted_hidden<G: KnownTactics + KnownAgents>(
    state: &Restricted<G>,
    player: Player,
    agent: &mut dyn Agent<Restricted<G>>,
    rng: &mut ChaCha8Rng,
) -> Option<Restricted<G>> {
    let model = G::hidden_model()?;
    let mut lowered = Lowered { agent, like: state };
    model(&state.inner, player, &mut lowered, rng).map(|g| state.rewrap(g))
}

fn restricted_key<G: KnownTactics + KnownAgents>(
    state: &Restricted<G>,
    player: Player,
    buf: &mut Option<Observation>,
) -> u64 {
    G::info_key()(&state.inner, player, buf)
}

impl<G: KnownTactics + KnownAgents> KnownAgents for Restricted<G> {
    fn bots() -> Vec<(&'static str, &'static str)> {
        G::bots()
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        RestrictedBot::<G>::new(name, seed).map(|b| Box::new(b) as Box<dyn Agent<Self>>)
    }
    fn best_bot() -> Option<&'static str> {
        G::best_bot()
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        lift(G::heuristic())
    }
    fn heuristic_names() -> Vec<&'static str> {
        G::heuristic_names()
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        G::heuristic_named(name).map(lift)
    }
    fn info_key() -> InfoKeyFn<Self> {
        restricted_key::<G>
    }
    fn net_evaluator(path: &str) -> Result<EvaluatorFactory<Self>, SpecError> {
        Err(SpecError::Net {
            path: path.into(),
            detail: "restricted play does not take network agents yet".into(),
        })
    }
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        G::hidden_model().map(|_| restricted_hidden::<G> as HiddenModelFn<Self>)
    }
    fn round(state: &Self) -> u32 {
        G::round(&state.inner)
    }
    // A bot program (`cmd:`) sees the ruleset's own view of the position.
    fn player_view(state: &Self, player: Player) -> Option<serde_json::Value> {
        G::player_view(&state.inner, player)
    }
    fn shared_chance(state: &Self) -> bool {
        G::shared_chance(&state.inner)
    }
}
