//! Leaf evaluation: how the search values a state it reaches for the first time.
//!
//! Every evaluator speaks one batching interface, in the manner of lc0's
//! `AddInput`/`ComputeBlocking`: the search submits leaves with [`Evaluator::add_input`]
//! and then asks for all their values at once with [`Evaluator::compute`]. A rollout or a
//! heuristic evaluates each leaf on its own (a batch of one costs nothing extra); a network
//! would run one forward pass per batch. [`FakeNetwork`] stands in for a network in tests:
//! its value and priors are a seeded hash of the leaf's observation, so search tests need no
//! weights and are reproducible.

use std::sync::Arc;

use broadside_env::{Action, Game, Observation, Player, Turn, NUM_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hash::{hash_observation, mix};
use crate::Agent;

/// The value of a leaf for both players (each in `[-1, 1]`), with optional move priors.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Evaluation {
    /// Expected return of each player.
    pub value: [f64; NUM_PLAYERS],
    /// Prior probabilities of the legal actions of the player to move; empty means uniform.
    pub priors: Vec<(Action, f32)>,
}

/// A leaf evaluator behind a batching interface.
pub trait Evaluator<G: Game>: Send {
    /// A short name for logs, e.g. `rollout:random`.
    fn name(&self) -> String;

    /// Most leaves worth submitting before [`Evaluator::compute`]; the search gathers up to
    /// this many (with virtual loss) per round.
    fn max_batch(&self) -> usize {
        1
    }

    /// Submits a leaf. The evaluator copies what it needs; `state` is any state of the game
    /// (decision, chance or terminal).
    fn add_input(&mut self, state: &G);

    /// Evaluates every submitted leaf, appending one [`Evaluation`] per leaf to `out` in
    /// submission order, and forgets them.
    fn compute(&mut self, out: &mut Vec<Evaluation>);

    /// Whether [`Evaluator::compute`] brings move priors with its values (a network does).
    /// A wrapper with priors of its own ([`AgentPrior`]) then blends them in at the leaf,
    /// where they would otherwise never be asked for.
    fn leaf_priors(&self) -> bool {
        false
    }

    /// Priors for a decision the search is about to expand (select at for the first time),
    /// where the leaf's [`Evaluation`] brought none. For priors that cost more than a leaf
    /// value (a bot's choice): most leaves are never expanded, so asking here saves most of
    /// the cost. `None`: uniform.
    fn expansion_priors(&mut self, _state: &G) -> Option<Vec<(Action, f32)>> {
        None
    }

    /// A determinization of `state` for `player` in which an opponent model fills in what
    /// `player` cannot see (the other side's written orders), instead of the game's uniform
    /// [`Game::resample_hidden`]. Asked once per search; `None`: no model.
    fn model_hidden(&mut self, _state: &G, _player: Player, _rng: &mut ChaCha8Rng) -> Option<G> {
        None
    }

    /// Common random numbers ([`super::MctsConfig::common_numbers`]): draw the dice of the
    /// next submitted leaf from `seed`, so leaves the search wants compared meet the same
    /// luck. Evaluators without dice ignore it.
    fn reseed(&mut self, _seed: u64) {}
}

/// How a ruleset lets an agent fill in `player`'s hidden part of a state (see
/// [`Evaluator::model_hidden`]); `None` where the ruleset has no such model.
pub type HiddenModelFn<G> = fn(&G, Player, &mut dyn Agent<G>, &mut ChaCha8Rng) -> Option<G>;

/// Wraps an evaluator with an opponent model for determinizations: an agent (a bot)
/// rewrites the hidden orders the way it would have written them. The search then mixes
/// such determinizations with uniform ones (see [`super::MctsConfig::model_share`]).
pub struct HiddenModel<G: Game> {
    inner: Box<dyn Evaluator<G>>,
    agent: Box<dyn Agent<G>>,
    model: HiddenModelFn<G>,
}

impl<G: Game> std::fmt::Debug for HiddenModel<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HiddenModel")
            .field("agent", &self.agent.name())
            .finish()
    }
}

impl<G: Game> HiddenModel<G> {
    /// `inner`'s values and priors, with `agent` filling in hidden state through `model`.
    pub fn new(
        inner: Box<dyn Evaluator<G>>,
        agent: Box<dyn Agent<G>>,
        model: HiddenModelFn<G>,
    ) -> Self {
        Self {
            inner,
            agent,
            model,
        }
    }
}

impl<G: Game> Evaluator<G> for HiddenModel<G> {
    fn reseed(&mut self, seed: u64) {
        self.inner.reseed(seed);
    }
    fn name(&self) -> String {
        format!("{},model={}", self.inner.name(), self.agent.name())
    }
    fn max_batch(&self) -> usize {
        self.inner.max_batch()
    }
    fn add_input(&mut self, state: &G) {
        self.inner.add_input(state);
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        self.inner.compute(out);
    }
    fn leaf_priors(&self) -> bool {
        self.inner.leaf_priors()
    }
    fn expansion_priors(&mut self, state: &G) -> Option<Vec<(Action, f32)>> {
        self.inner.expansion_priors(state)
    }
    fn model_hidden(&mut self, state: &G, player: Player, rng: &mut ChaCha8Rng) -> Option<G> {
        (self.model)(state, player, self.agent.as_mut(), rng)
    }
}

/// Builds a fresh evaluator from a seed: each search thread gets its own.
pub type EvaluatorFactory<G> = Arc<dyn Fn(u64) -> Box<dyn Evaluator<G>> + Send + Sync>;

/// A static value of a non-terminal state: a ruleset's idea of who is ahead.
pub trait Heuristic<G: Game>: Send + Sync {
    /// A short name.
    fn name(&self) -> String;
    /// Expected return of each player, each in `[-1, 1]`; at a terminal state the returns.
    fn value(&self, state: &G) -> [f64; NUM_PLAYERS];
}

/// The heuristic that knows nothing: the returns at the end, 0 before.
#[derive(Debug, Clone, Copy, Default)]
pub struct TerminalValue;

impl<G: Game> Heuristic<G> for TerminalValue {
    fn name(&self) -> String {
        "terminal".into()
    }
    fn value(&self, state: &G) -> [f64; NUM_PLAYERS] {
        state.returns()
    }
}

/// Values a leaf with a [`Heuristic`] alone: no rollout, the cheapest evaluator.
pub struct HeuristicEvaluator<G: Game> {
    heuristic: Arc<dyn Heuristic<G>>,
    values: Vec<[f64; NUM_PLAYERS]>,
}

impl<G: Game> std::fmt::Debug for HeuristicEvaluator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeuristicEvaluator")
            .field("heuristic", &self.heuristic.name())
            .finish()
    }
}

impl<G: Game> HeuristicEvaluator<G> {
    /// An evaluator over `heuristic`.
    pub fn new(heuristic: Arc<dyn Heuristic<G>>) -> Self {
        Self {
            heuristic,
            values: Vec::new(),
        }
    }
}

impl<G: Game> Evaluator<G> for HeuristicEvaluator<G> {
    fn name(&self) -> String {
        format!("heuristic:{}", self.heuristic.name())
    }
    fn add_input(&mut self, state: &G) {
        let v = if state.is_terminal() {
            state.returns()
        } else {
            self.heuristic.value(state)
        };
        self.values.push(v);
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        out.extend(self.values.drain(..).map(|value| Evaluation {
            value,
            priors: Vec::new(),
        }));
    }
}

/// Who plays the moves of a rollout.
pub enum RolloutPolicy<G: Game> {
    /// Uniformly random legal actions from the evaluator's RNG.
    Random,
    /// Any agent (a heuristic bot), deciding for both sides.
    Agent(Box<dyn Agent<G>>),
}

/// A counter that grows by one each game turn (rollouts and portfolio playouts stop at a
/// horizon measured in it).
pub type RoundFn<G> = fn(&G) -> u32;

/// Plays the leaf out with a policy, to the end, for `max_decisions` decisions or until a
/// number of game turns have begun (whichever comes first), then takes the returns or the
/// heuristic value. Chance outcomes are sampled from the evaluator's own seeded RNG with
/// the game's exact probabilities.
pub struct RolloutEvaluator<G: Game> {
    policy: RolloutPolicy<G>,
    heuristic: Arc<dyn Heuristic<G>>,
    max_decisions: Option<usize>,
    /// Stop at the first decision this many game turns after the leaf's, by this counter.
    max_turns: Option<(u32, RoundFn<G>)>,
    rng: ChaCha8Rng,
    values: Vec<[f64; NUM_PLAYERS]>,
}

impl<G: Game> std::fmt::Debug for RolloutPolicy<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RolloutPolicy::Random => write!(f, "Random"),
            RolloutPolicy::Agent(a) => write!(f, "Agent({})", a.name()),
        }
    }
}

impl<G: Game> std::fmt::Debug for RolloutEvaluator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RolloutEvaluator")
            .field("max_decisions", &self.max_decisions)
            .finish()
    }
}

impl<G: Game> RolloutEvaluator<G> {
    /// A rollout evaluator; `max_decisions: None` plays to the end.
    pub fn new(
        policy: RolloutPolicy<G>,
        heuristic: Arc<dyn Heuristic<G>>,
        max_decisions: Option<usize>,
        seed: u64,
    ) -> Self {
        Self {
            policy,
            heuristic,
            max_decisions,
            max_turns: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            values: Vec::new(),
        }
    }

    /// Also stops a rollout at its first decision `turns` game turns after the leaf's, as
    /// counted by `round` (a counter that grows by one each game turn). Leaves written at
    /// different points of one turn are then all scored where the turn's moves and shots
    /// have happened, not halfway through somebody's orders.
    pub fn with_turns(mut self, turns: u32, round: RoundFn<G>) -> Self {
        self.max_turns = Some((turns, round));
        self
    }

    fn rollout(&mut self, mut state: G) -> [f64; NUM_PLAYERS] {
        let mut decisions = 0usize;
        let stop = self
            .max_turns
            .map(|(turns, round)| (round(&state).saturating_add(turns), round));
        loop {
            match state.turn() {
                Turn::Terminal => return state.returns(),
                Turn::Chance => {
                    let a = state.chance_outcomes().sample(&mut self.rng);
                    state.apply_unchecked(a);
                }
                Turn::Player(p) => {
                    if self.max_decisions.is_some_and(|m| decisions >= m)
                        || stop.is_some_and(|(at, round)| round(&state) >= at)
                    {
                        return self.heuristic.value(&state);
                    }
                    let a = match &mut self.policy {
                        RolloutPolicy::Random => {
                            let legal = state.legal_actions();
                            legal
                                .nth(self.rng.random_range(0..legal.len()))
                                .unwrap_or(0)
                        }
                        RolloutPolicy::Agent(agent) => agent.choose(&state, p),
                    };
                    state.apply_unchecked(a);
                    decisions += 1;
                }
            }
        }
    }
}

impl<G: Game> Evaluator<G> for RolloutEvaluator<G> {
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
    fn name(&self) -> String {
        let who = match &self.policy {
            RolloutPolicy::Random => "random".to_string(),
            RolloutPolicy::Agent(a) => a.name(),
        };
        let mut name = format!("rollout:{who}");
        if let Some(d) = self.max_decisions {
            name += &format!(",depth={d}");
        }
        if let Some((t, _)) = self.max_turns {
            name += &format!(",turns={t}");
        }
        name
    }
    fn add_input(&mut self, state: &G) {
        let v = self.rollout(state.clone());
        self.values.push(v);
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        out.extend(self.values.drain(..).map(|value| Evaluation {
            value,
            priors: Vec::new(),
        }));
    }
}

/// Wraps an evaluator and gives each decision the search expands move priors from an agent
/// (a heuristic bot): `weight` of the mass on the agent's own choice, the rest spread evenly
/// over the legal actions. With PUCT the search then starts from the bot's play and deviates only
/// where the values show better, which a small budget cannot do from uniform priors.
///
/// Over an evaluator with priors of its own ([`Evaluator::leaf_priors`], a network) the rest
/// is not spread evenly but follows those priors: `(1 - weight) ×` the network's prior,
/// plus the bots' votes, asked at every leaf the network evaluates.
pub struct AgentPrior<G: Game> {
    inner: Box<dyn Evaluator<G>>,
    /// The bots whose choices share the prior mass (one vote each).
    agents: Vec<Box<dyn Agent<G>>>,
    weight: f32,
    /// Over a network: the bots' choices at each submitted leaf, one per bot in order
    /// (`None` at a leaf that is not a decision), kept between batches so that a batch
    /// does not allocate.
    votes: Vec<Option<Action>>,
}

impl<G: Game> std::fmt::Debug for AgentPrior<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentPrior")
            .field("agents", &self.names())
            .field("weight", &self.weight)
            .finish()
    }
}

impl<G: Game> AgentPrior<G> {
    /// Priors from one agent or several (at least one) over `inner`'s values: each agent's
    /// choice gets an equal share of `weight` (in `[0, 1]`), so an action two doctrines
    /// agree on gets twice the mass of one only a single doctrine picks. With several, a
    /// portfolio prior: the search starts from the doctrines' proposals and deviates from
    /// them only where the values show better.
    pub fn new(inner: Box<dyn Evaluator<G>>, agents: Vec<Box<dyn Agent<G>>>, weight: f32) -> Self {
        assert!(!agents.is_empty(), "a prior needs at least one agent");
        Self {
            inner,
            agents,
            weight: weight.clamp(0.0, 1.0),
            votes: Vec::new(),
        }
    }

    fn names(&self) -> String {
        let names: Vec<String> = self.agents.iter().map(|a| a.name()).collect();
        names.join("+")
    }
}

impl<G: Game> Evaluator<G> for AgentPrior<G> {
    fn reseed(&mut self, seed: u64) {
        self.inner.reseed(seed);
    }
    fn model_hidden(&mut self, state: &G, player: Player, rng: &mut ChaCha8Rng) -> Option<G> {
        self.inner.model_hidden(state, player, rng)
    }
    fn name(&self) -> String {
        format!(
            "{},prior={}@{}",
            self.inner.name(),
            self.names(),
            self.weight
        )
    }
    fn max_batch(&self) -> usize {
        self.inner.max_batch()
    }
    fn leaf_priors(&self) -> bool {
        self.inner.leaf_priors()
    }
    fn add_input(&mut self, state: &G) {
        self.inner.add_input(state);
        if self.inner.leaf_priors() {
            let mover = match state.turn() {
                Turn::Player(p) => Some(p),
                _ => None,
            };
            for agent in &mut self.agents {
                self.votes.push(mover.map(|p| agent.choose(state, p)));
            }
        }
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        let start = out.len();
        self.inner.compute(out);
        if self.votes.is_empty() {
            return;
        }
        let n = self.agents.len();
        debug_assert_eq!(self.votes.len(), (out.len() - start) * n);
        let vote = self.weight / n as f32;
        for (e, votes) in out[start..].iter_mut().zip(self.votes.chunks_exact(n)) {
            if e.priors.is_empty() {
                continue;
            }
            for (_, p) in &mut e.priors {
                *p *= 1.0 - self.weight;
            }
            cast_votes(&mut e.priors, votes.iter().flatten().copied(), vote);
        }
        self.votes.clear();
    }
    fn expansion_priors(&mut self, state: &G) -> Option<Vec<(Action, f32)>> {
        let Turn::Player(p) = state.turn() else {
            return None;
        };
        let legal = state.legal_actions();
        let k = legal.len();
        if k < 2 {
            return None;
        }
        let rest = (1.0 - self.weight) / k as f32;
        let vote = self.weight / self.agents.len() as f32;
        let mut priors: Vec<(Action, f32)> = legal.iter().map(|a| (a, rest)).collect();
        let choices = self.agents.iter_mut().map(|a| a.choose(state, p));
        cast_votes(&mut priors, choices, vote);
        Some(priors)
    }
}

/// Adds `vote` to the prior of each chosen action (an action chosen twice gets it twice);
/// a choice outside `priors` adds nothing.
fn cast_votes(priors: &mut [(Action, f32)], choices: impl Iterator<Item = Action>, vote: f32) {
    for choice in choices {
        if let Some(entry) = priors.iter_mut().find(|(a, _)| *a == choice) {
            entry.1 += vote;
        }
    }
}

/// A stand-in for a neural network: value and priors are a seeded hash of the observation
/// of the player to move, so two leaves a network could not tell apart get the same output.
/// It really batches (it counts the batches it ran) so tests can check the interface.
#[derive(Debug)]
pub struct FakeNetwork {
    seed: u64,
    max_batch: usize,
    obs: Option<Observation>,
    pending: Vec<PendingLeaf>,
    /// Batches evaluated so far.
    pub batches: usize,
    /// Leaves evaluated so far.
    pub leaves: usize,
}

#[derive(Debug)]
enum PendingLeaf {
    Done([f64; NUM_PLAYERS]),
    Net {
        hash: u64,
        player: usize,
        legal: Vec<Action>,
    },
}

impl FakeNetwork {
    /// A fake network whose outputs are fixed by `seed`, evaluating up to `max_batch` leaves
    /// per call.
    pub fn new(seed: u64, max_batch: usize) -> Self {
        Self {
            seed,
            max_batch: max_batch.max(1),
            obs: None,
            pending: Vec::new(),
            batches: 0,
            leaves: 0,
        }
    }
}

/// A number in `[-1, 1)` from a hash.
fn unit(h: u64) -> f64 {
    (h >> 11) as f64 / (1u64 << 52) as f64 - 1.0
}

impl<G: Game> Evaluator<G> for FakeNetwork {
    fn name(&self) -> String {
        format!("fake-net(seed={})", self.seed)
    }
    fn leaf_priors(&self) -> bool {
        true
    }
    fn max_batch(&self) -> usize {
        self.max_batch
    }
    fn add_input(&mut self, state: &G) {
        let leaf = match state.turn() {
            Turn::Terminal => PendingLeaf::Done(state.returns()),
            // A network sees decisions only; at a chance node it sees the state from side 0.
            turn => {
                let player = match turn {
                    Turn::Player(p) => p,
                    _ => 0,
                };
                let obs = self
                    .obs
                    .get_or_insert_with(|| Observation::new(&state.spec().obs));
                state.observe(player, obs);
                PendingLeaf::Net {
                    hash: hash_observation(obs, self.seed),
                    player: player as usize,
                    legal: if turn == Turn::Chance {
                        Vec::new()
                    } else {
                        state.legal_actions().iter().collect()
                    },
                }
            }
        };
        self.pending.push(leaf);
    }
    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        if self.pending.is_empty() {
            return;
        }
        self.batches += 1;
        self.leaves += self.pending.len();
        for leaf in self.pending.drain(..) {
            out.push(match leaf {
                PendingLeaf::Done(value) => Evaluation {
                    value,
                    priors: Vec::new(),
                },
                PendingLeaf::Net {
                    hash,
                    player,
                    legal,
                } => {
                    let v = 0.5 * unit(hash);
                    let mut value = [0.0; NUM_PLAYERS];
                    value[player] = v;
                    value[1 - player] = -v;
                    let logits: Vec<f64> = legal
                        .iter()
                        .map(|&a| 2.0 * unit(mix(hash, a as u64)))
                        .collect();
                    let max = logits.iter().copied().fold(f64::MIN, f64::max);
                    let total: f64 = logits.iter().map(|l| (l - max).exp()).sum();
                    let priors = legal
                        .iter()
                        .zip(&logits)
                        .map(|(&a, l)| (a, ((l - max).exp() / total) as f32))
                        .collect();
                    Evaluation { value, priors }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomAgent;
    use broadside_env::connect_four::ConnectFour;

    /// A seeded agent's choices at `states`, asked in order as the prior asks them.
    fn choices_of(seed: u64, states: &[ConnectFour]) -> Vec<Action> {
        let mut agent = RandomAgent::new(seed);
        states
            .iter()
            .map(|s| match s.turn() {
                Turn::Player(p) => agent.choose(s, p),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    fn evaluate(ev: &mut dyn Evaluator<ConnectFour>, states: &[ConnectFour]) -> Vec<Evaluation> {
        let mut out = Vec::new();
        for s in states {
            ev.add_input(s);
        }
        ev.compute(&mut out);
        out
    }

    #[test]
    fn a_bots_prior_over_a_network_blends_into_the_networks_priors_at_every_leaf() {
        let mut states = vec![ConnectFour::default()];
        for a in [3, 3, 2] {
            let mut next = *states.last().unwrap();
            next.apply_unchecked(a);
            states.push(next);
        }
        let plain = evaluate(&mut FakeNetwork::new(7, 16), &states);
        let weight = 0.4;
        let mut blended = AgentPrior::new(
            Box::new(FakeNetwork::new(7, 16)),
            vec![Box::new(RandomAgent::new(11))],
            weight,
        );
        assert!(Evaluator::<ConnectFour>::leaf_priors(&blended));
        let out = evaluate(&mut blended, &states);
        assert_eq!(out.len(), states.len());
        let choices = choices_of(11, &states);
        for ((&choice, net), mine) in choices.iter().zip(&plain).zip(&out) {
            assert_eq!(mine.value, net.value, "the values stay the network's");
            let sum: f32 = mine.priors.iter().map(|(_, p)| p).sum();
            assert!((sum - 1.0).abs() < 1e-5, "{sum}");
            for ((a, p), (b, q)) in mine.priors.iter().zip(&net.priors) {
                assert_eq!(a, b);
                let bonus = if *a == choice { weight } else { 0.0 };
                assert!(
                    (p - ((1.0 - weight) * q + bonus)).abs() < 1e-6,
                    "{a}: {p} {q}"
                );
            }
        }
        // A second batch starts from no votes: each leaf gets its own bot's choice again.
        let again = evaluate(&mut blended, &states);
        assert_eq!(again.len(), states.len());
        assert!(blended.votes.is_empty());
    }

    #[test]
    fn over_an_evaluator_without_priors_the_bot_waits_for_an_expansion() {
        let mut prior = AgentPrior::new(
            Box::new(HeuristicEvaluator::new(
                Arc::new(TerminalValue) as Arc<dyn Heuristic<ConnectFour>>
            )),
            vec![Box::new(RandomAgent::new(11))],
            0.5,
        );
        assert!(!Evaluator::<ConnectFour>::leaf_priors(&prior));
        let s = ConnectFour::default();
        let out = evaluate(&mut prior, std::slice::from_ref(&s));
        assert!(out[0].priors.is_empty());
        assert!(prior.votes.is_empty(), "no bot was asked at the leaf");
        let priors = prior.expansion_priors(&s).expect("asked at the expansion");
        let choice = choices_of(11, std::slice::from_ref(&s))[0];
        let top = priors.iter().find(|(a, _)| *a == choice).unwrap().1;
        assert!((top - (0.5 + 0.5 / 7.0)).abs() < 1e-6, "{top}");
    }
}
