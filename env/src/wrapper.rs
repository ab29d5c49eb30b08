//! Gymnasium-style environments over any [`Game`]: a single [`Env`] and a batched
//! [`VecEnv`].
//!
//! The environment resolves chance nodes itself with a seeded RNG, so its user only ever
//! sees decisions: `reset` and `step` return at the next decision (or at the end).
//! Everything is deterministic given the seeds: the same seed and actions give the same
//! states, histories and batch arrays, whether a [`VecEnv`] steps its environments in
//! parallel or serially.

use crate::action_set::ActionSet;
use crate::error::ActionError;
use crate::game::{Action, Game, GameSpec, Player, NUM_PLAYERS};
use crate::harness::derive_seed;
use crate::observation::{ObsMemo, Observation, ObservationMut};
use ndarray::{Array1, Array2, Array3, Array4, ArrayViewMut1, ArrayViewMut2, ArrayViewMut3, Axis};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Builds a game's initial state from a seed (the seed may pick a scenario variant; the
/// same seed must give the same state).
pub type GameFactory<G> = Arc<dyn Fn(u64) -> G + Send + Sync>;

/// Options of an [`Env`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EnvConfig {
    /// Cut an episode off ("truncated") after this many decisions; `None` never.
    pub max_decisions: Option<usize>,
}

/// What one [`Env::step`] produced.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepResult {
    /// Per player; the game's returns when the game has just ended, zero otherwise
    /// (also zero on truncation).
    pub rewards: [f32; NUM_PLAYERS],
    /// The game reached a terminal state.
    pub terminated: bool,
    /// The episode was cut off at `max_decisions` before the game ended.
    pub truncated: bool,
    /// Who decides next; `None` once the episode is over.
    pub to_play: Option<Player>,
}

/// One game as a Gymnasium-style environment. Call [`Env::reset`] to start an episode.
pub struct Env<G: Game> {
    factory: GameFactory<G>,
    config: EnvConfig,
    state: G,
    rng: ChaCha8Rng,
    history: Vec<Action>,
    seed: u64,
    decisions: usize,
    episodes: u64,
    terminated: bool,
    truncated: bool,
}

impl<G: Game> std::fmt::Debug for Env<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Env")
            .field("game", &self.state.spec().name)
            .field("config", &self.config)
            .field("seed", &self.seed)
            .field("episodes", &self.episodes)
            .field("decisions", &self.decisions)
            .field("terminated", &self.terminated)
            .field("truncated", &self.truncated)
            .field("state", &self.state)
            .finish()
    }
}

impl<G: Game> Env<G> {
    /// An environment over `factory`'s games. It holds `factory(0)` (chance resolved) until
    /// the first [`Env::reset`], which is not counted as an episode.
    pub fn new(factory: impl Fn(u64) -> G + Send + Sync + 'static, config: EnvConfig) -> Self {
        Self::from_factory(Arc::new(factory), config)
    }

    /// Like [`Env::new`] with a shared factory.
    pub fn from_factory(factory: GameFactory<G>, config: EnvConfig) -> Self {
        let state = factory(0);
        let mut env = Self {
            factory,
            config,
            state: state.clone(),
            rng: ChaCha8Rng::seed_from_u64(0),
            history: Vec::new(),
            seed: 0,
            decisions: 0,
            episodes: 0,
            terminated: false,
            truncated: false,
        };
        env.begin(0, state);
        env
    }

    /// Starts a new episode from `factory(seed)` with the chance RNG seeded by `seed`, and
    /// returns who decides first (`None` if the game ended before any decision) and that
    /// player's observation (player 0's when `None`).
    pub fn reset(&mut self, seed: u64) -> (Option<Player>, Observation) {
        let to_play = self.reset_in_place(seed);
        let mut obs = Observation::new(&self.spec().obs);
        self.observe_into(&mut obs);
        (to_play, obs)
    }

    /// [`Env::reset`] without building an observation; returns who decides first.
    pub fn reset_in_place(&mut self, seed: u64) -> Option<Player> {
        self.episodes += 1;
        self.start(seed)
    }

    fn start(&mut self, seed: u64) -> Option<Player> {
        let state = (self.factory)(seed);
        self.begin(seed, state)
    }

    /// Starts an episode from `state`, which is `factory(seed)`.
    fn begin(&mut self, seed: u64, state: G) -> Option<Player> {
        self.seed = seed;
        self.state = state;
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.history.clear();
        self.decisions = 0;
        self.terminated = false;
        self.truncated = false;
        self.resolve_chance();
        self.terminated = self.state.is_terminal();
        self.to_play()
    }

    /// Samples chance outcomes until a decision or the end.
    fn resolve_chance(&mut self) {
        while self.state.turn() == crate::game::Turn::Chance {
            let a = self.state.chance_outcomes().sample(&mut self.rng);
            self.state.apply_unchecked(a);
            self.history.push(a);
        }
    }

    /// Whether `action` would be accepted by [`Env::step`] now.
    pub fn check_action(&self, action: Action) -> Result<(), ActionError> {
        self.check_with(action, |a| self.state.legal_actions().contains(a))
    }

    /// [`Env::check_action`] with the legal decisions read by `is_legal` (a [`VecEnv`]'s
    /// mask row, already worked out when the batch was written).
    fn check_with(
        &self,
        action: Action,
        is_legal: impl FnOnce(Action) -> bool,
    ) -> Result<(), ActionError> {
        if self.is_done() {
            return Err(ActionError::GameOver);
        }
        let spec = self.spec();
        if action as usize >= spec.num_player_actions {
            return Err(ActionError::OutOfRange {
                action,
                size: spec.num_player_actions,
            });
        }
        if !is_legal(action) {
            return Err(ActionError::Illegal {
                action,
                name: spec.action_name(action).to_string(),
            });
        }
        Ok(())
    }

    /// Applies the current player's decision, then resolves chance up to the next decision.
    /// On error nothing changes.
    pub fn step(&mut self, action: Action) -> Result<StepResult, ActionError> {
        self.check_action(action)?;
        Ok(self.step_checked(action))
    }

    /// [`Env::step`] for an action the caller has already checked against the legal
    /// decisions of this very state (a batch's record of them, made when it last observed),
    /// so that they are not worked out a second time. An action [`Env::check_action`] would
    /// refuse is a logic error: it may leave the episode in a state the rules never reach
    /// (never memory unsafety); debug builds assert.
    pub fn step_legal(&mut self, action: Action) -> StepResult {
        debug_assert_eq!(
            self.check_action(action),
            Ok(()),
            "step_legal of a refused action"
        );
        self.step_checked(action)
    }

    /// [`Env::step`] for an action already accepted by [`Env::check_action`].
    fn step_checked(&mut self, action: Action) -> StepResult {
        self.state.apply_unchecked(action);
        self.history.push(action);
        self.decisions += 1;
        self.resolve_chance();
        self.terminated = self.state.is_terminal();
        self.truncated = !self.terminated
            && self
                .config
                .max_decisions
                .is_some_and(|m| self.decisions >= m);
        let rewards = if self.terminated {
            self.state.returns().map(|r| r as f32)
        } else {
            [0.0; NUM_PLAYERS]
        };
        StepResult {
            rewards,
            terminated: self.terminated,
            truncated: self.truncated,
            to_play: self.to_play(),
        }
    }

    /// The legal decisions now (empty once the episode is over).
    pub fn legal_mask(&self) -> ActionSet {
        if self.is_done() {
            ActionSet::new()
        } else {
            self.state.legal_actions()
        }
    }

    /// Writes the legal decisions as a dense mask; `out` has `num_player_actions` entries.
    pub fn write_legal_mask(&self, out: &mut [bool]) {
        self.legal_mask().write_mask(out);
    }

    /// The player whose view [`Env::observe_into`] writes: the state's player to act
    /// (also after truncation), or player 0 at a terminal state.
    pub fn observer(&self) -> Player {
        self.state.current_player().unwrap_or(0)
    }

    /// Writes the observation of [`Env::observer`] into `out` (cleared first).
    pub fn observe_into(&self, out: &mut Observation) {
        self.observe_player(self.observer(), out);
    }

    /// Writes `player`'s observation into `out` (cleared first).
    pub fn observe_player(&self, player: Player, out: &mut Observation) {
        out.clear();
        self.state.observe(player, out);
    }

    /// Who decides now; `None` once the episode is over.
    pub fn to_play(&self) -> Option<Player> {
        if self.is_done() {
            None
        } else {
            self.state.current_player()
        }
    }

    /// Whether the episode is over (terminated or truncated).
    pub fn is_done(&self) -> bool {
        self.terminated || self.truncated
    }

    /// Whether the game reached its end.
    pub fn is_terminated(&self) -> bool {
        self.terminated
    }

    /// Whether the episode was cut off at `max_decisions`.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The game state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Every action of this episode, chance outcomes included: replaying it from
    /// `factory(seed())` gives [`Env::state`].
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The seed of the current episode.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Decisions taken in this episode.
    pub fn decisions(&self) -> usize {
        self.decisions
    }

    /// Number of [`Env::reset`]s so far.
    pub fn episodes(&self) -> u64 {
        self.episodes
    }

    /// The options.
    pub fn config(&self) -> &EnvConfig {
        &self.config
    }

    /// The ruleset's static description.
    pub fn spec(&self) -> &'static GameSpec {
        self.state.spec()
    }
}

/// Options of a [`VecEnv`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VecEnvConfig {
    /// Number of environments.
    pub num_envs: usize,
    /// Base seed: episode `k` of environment `i` uses [`episode_seed`]`(seed, i, k)`.
    pub seed: u64,
    /// Options of every environment.
    pub env: EnvConfig,
    /// Step the environments on the rayon pool (the results are the same either way).
    pub parallel: bool,
}

impl Default for VecEnvConfig {
    fn default() -> Self {
        Self {
            num_envs: 16,
            seed: 0,
            env: EnvConfig::default(),
            parallel: true,
        }
    }
}

/// The seed of episode `episode` of environment `env` under base seed `base`.
pub fn episode_seed(base: u64, env: usize, episode: u64) -> u64 {
    derive_seed(derive_seed(base, env as u64), episode)
}

/// Runs `job(i, &mut items[i])` for every item, spread over the current rayon pool with the
/// calling thread working a share itself. Results do not depend on the schedule: each item
/// is touched by exactly one call, whichever thread makes it.
///
/// Why not `par_iter_mut`: called from outside the pool (the Python thread of the batch
/// API, a user's main thread), rayon hands the whole job to the pool and the caller sleeps
/// until it is done, so a step paid two cross-thread wake-ups and the caller's core sat
/// idle: on two cores the "parallel" batch was slower than the serial one (0.7-0.9x in
/// Python). Here the caller takes chunks from a shared counter alongside
/// `current_num_threads() - 1` helpers, so a helper that wakes late only does less. Called
/// from a worker of the pool (inside `install`, as `broadside bench` does), it is
/// `par_iter_mut`: the caller works already, and rayon's splitting measured faster there.
pub fn for_each_shared<T: Send>(items: &mut [T], job: &(dyn Fn(usize, &mut T) + Sync)) {
    let n = items.len();
    let helpers = rayon::current_num_threads().saturating_sub(1);
    if helpers == 0 || n < 2 {
        for (i, item) in items.iter_mut().enumerate() {
            job(i, item);
        }
        return;
    }
    if rayon::current_thread_index().is_some() {
        // A worker of the pool: it takes part in `par_iter_mut`'s splitting.
        items
            .par_iter_mut()
            .enumerate()
            .for_each(|(i, item)| job(i, item));
        return;
    }
    // About eight chunks per thread: small enough that the threads finish together, large
    // enough that taking one (an atomic add and an uncontended lock) costs nothing.
    let chunk = n.div_ceil(8 * (helpers + 1)).max(1);
    let chunks: Vec<Mutex<(usize, &mut [T])>> = items
        .chunks_mut(chunk)
        .enumerate()
        .map(|(k, c)| Mutex::new((k * chunk, c)))
        .collect();
    let next = AtomicUsize::new(0);
    let work = || {
        while let Some(c) = chunks.get(next.fetch_add(1, Ordering::Relaxed)) {
            // Each chunk is taken once (the counter hands out each index once), so the lock
            // is never contended; it only proves to the compiler that the access is unique.
            let mut guard = c.lock().unwrap_or_else(PoisonError::into_inner);
            let (start, items) = &mut *guard;
            for (j, item) in items.iter_mut().enumerate() {
                job(*start + j, item);
            }
        }
    };
    let generation = STEP_GENERATION.fetch_add(1, Ordering::Relaxed) + 1;
    rayon::in_place_scope(|s| {
        for _ in 0..helpers {
            s.spawn(|_| work());
        }
        work();
    });
    // Keep the helpers awake through the caller's next stretch of its own work (numpy's
    // sampling between two batch steps, some 16 µs): a rayon worker with nothing to do soon
    // sleeps, and waking it costs a cross-CPU wake-up on the next step's critical path. Each
    // keeper spins until the next call starts (then the worker finds that call's job at
    // once) or for at most `KEEP_AWAKE_SPINS` rounds; it touches nothing but the counter.
    for _ in 0..helpers {
        rayon::spawn(move || {
            for _ in 0..KEEP_AWAKE_SPINS {
                if STEP_GENERATION.load(Ordering::Relaxed) != generation {
                    break;
                }
                std::hint::spin_loop();
            }
        });
    }
}

/// Calls of [`for_each_shared`] from outside the pool so far (the keepers' signal).
static STEP_GENERATION: AtomicUsize = AtomicUsize::new(0);

/// The most rounds a keeper spins (`spin_loop` is a pause of tens of ns: some 50-100 µs).
const KEEP_AWAKE_SPINS: u32 = 2_000;

/// The batch arrays a [`VecEnv`] fills; row `i` belongs to environment `i`.
///
/// After a step, rewards and done flags describe that step; when an episode ended, the
/// environment has already been reset ("same-step" auto-reset) and the observation, mask
/// and `to_play` rows are those of the new episode's first decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// `[N, max_entities, entity_features]`, from `to_play`'s view.
    pub entities: Array3<f32>,
    /// `[N, global_features]`.
    pub global: Array2<f32>,
    /// `[N, channels, rows, cols]`.
    pub planes: Array4<f32>,
    /// `[N, num_player_actions]`: the legal decisions.
    pub masks: Array2<bool>,
    /// `[N, 2]`: per-player rewards of the last step.
    pub rewards: Array2<f32>,
    /// `[N]`: the last step ended the game.
    pub terminated: Array1<bool>,
    /// `[N]`: the last step hit `max_decisions`.
    pub truncated: Array1<bool>,
    /// `[N]`: who decides now, or -1 if nobody (a game that ended before its first decision).
    pub to_play: Array1<i8>,
}

impl Batch {
    fn new(spec: &GameSpec, n: usize) -> Self {
        let (e, f) = spec.obs.entity_shape();
        let (c, r, k) = spec.obs.plane_shape();
        Self {
            entities: Array3::zeros((n, e, f)),
            global: Array2::zeros((n, spec.obs.global_features.len())),
            planes: Array4::zeros((n, c, r, k)),
            masks: Array2::from_elem((n, spec.num_player_actions), false),
            rewards: Array2::zeros((n, NUM_PLAYERS)),
            terminated: Array1::from_elem(n, false),
            truncated: Array1::from_elem(n, false),
            to_play: Array1::from_elem(n, -1),
        }
    }

    /// Environment `i`'s legal decisions now, read from its mask row.
    pub fn legal_actions(&self, i: usize) -> ActionSet {
        self.masks
            .row(i)
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m)
            .map(|(a, _)| a as Action)
            .collect()
    }

    /// Whether environment `i`'s last step ended its episode (terminated or truncated).
    pub fn done(&self, i: usize) -> bool {
        self.terminated[i] || self.truncated[i]
    }
}

/// Why a [`VecEnv::step`] was refused; no environment was stepped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VecEnvError {
    /// The action slice does not have one action per environment.
    #[error("{got} actions for {expected} environments")]
    WrongLength {
        /// Number of environments.
        expected: usize,
        /// Number of actions given.
        got: usize,
    },
    /// One environment refused its action.
    #[error("environment {env}: {error}")]
    Action {
        /// Index of the environment.
        env: usize,
        /// Its reason.
        error: ActionError,
    },
}

/// One environment, the record of what its batch rows hold, and its episode counter.
#[derive(Debug)]
struct Slot<G: Game> {
    env: Env<G>,
    /// What this environment last wrote into its rows, so a ruleset that observes
    /// incrementally rewrites only what changed ([`Game::observe_into`]).
    memo: ObsMemo,
    episode: u64,
}

/// Mutable views of one environment's rows in the batch.
struct Rows<'a> {
    entities: ArrayViewMut2<'a, f32>,
    global: ArrayViewMut1<'a, f32>,
    planes: ArrayViewMut3<'a, f32>,
    mask: ArrayViewMut1<'a, bool>,
    rewards: ArrayViewMut1<'a, f32>,
    terminated: &'a mut bool,
    truncated: &'a mut bool,
    to_play: &'a mut i8,
}

/// Splits the batch into per-environment row views (one small `Vec` per call).
fn rows(b: &mut Batch) -> Vec<Rows<'_>> {
    b.entities
        .axis_iter_mut(Axis(0))
        .zip(b.global.axis_iter_mut(Axis(0)))
        .zip(b.planes.axis_iter_mut(Axis(0)))
        .zip(b.masks.axis_iter_mut(Axis(0)))
        .zip(b.rewards.axis_iter_mut(Axis(0)))
        .zip(b.terminated.iter_mut())
        .zip(b.truncated.iter_mut())
        .zip(b.to_play.iter_mut())
        .map(
            |(
                ((((((entities, global), planes), mask), rewards), terminated), truncated),
                to_play,
            )| {
                Rows {
                    entities,
                    global,
                    planes,
                    mask,
                    rewards,
                    terminated,
                    truncated,
                    to_play,
                }
            },
        )
        .collect()
}

impl<G: Game> Slot<G> {
    /// Writes this environment's current observation, mask and `to_play` into its rows.
    fn write_view(&mut self, rows: &mut Rows<'_>) {
        // Straight into the batch rows: no intermediate observation, no copy.
        let out = ObservationMut {
            entities: rows.entities.view_mut(),
            global: rows.global.view_mut(),
            planes: rows.planes.view_mut(),
        };
        let observer = self.env.observer();
        self.env.state().observe_into(observer, out, &mut self.memo);
        let mask = self.env.legal_mask();
        for (a, m) in rows.mask.iter_mut().enumerate() {
            *m = mask.contains(a as Action);
        }
        *rows.to_play = self.env.to_play().map_or(-1, |p| p as i8);
    }

    fn reset(&mut self, base: u64, index: usize, rows: &mut Rows<'_>) {
        // A reset rewrites the rows whole, whatever they held.
        self.memo.forget();
        self.env
            .reset_in_place(episode_seed(base, index, self.episode));
        rows.rewards.fill(0.0);
        *rows.terminated = false;
        *rows.truncated = false;
        self.write_view(rows);
    }

    fn step(&mut self, action: Action, base: u64, index: usize, rows: &mut Rows<'_>) {
        let r = self.env.step_checked(action);
        for (dst, src) in rows.rewards.iter_mut().zip(r.rewards) {
            *dst = src;
        }
        *rows.terminated = r.terminated;
        *rows.truncated = r.truncated;
        if r.terminated || r.truncated {
            // Same-step auto-reset: the next episode's seed depends only on the base seed,
            // this environment's index and its episode count, so it is schedule-independent.
            self.episode += 1;
            self.env
                .reset_in_place(episode_seed(base, index, self.episode));
        }
        self.write_view(rows);
    }
}

/// `N` environments stepped together into preallocated [`Batch`] arrays.
pub struct VecEnv<G: Game> {
    slots: Vec<Slot<G>>,
    batch: Batch,
    config: VecEnvConfig,
}

impl<G: Game> std::fmt::Debug for VecEnv<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VecEnv")
            .field("config", &self.config)
            .field("envs", &self.slots.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> VecEnv<G> {
    /// `config.num_envs` environments over `factory`'s games, reset with `config.seed`.
    pub fn new(factory: impl Fn(u64) -> G + Send + Sync + 'static, config: VecEnvConfig) -> Self {
        Self::from_factory(Arc::new(factory), config)
    }

    /// Like [`VecEnv::new`] with a shared factory.
    pub fn from_factory(factory: GameFactory<G>, config: VecEnvConfig) -> Self {
        let slots: Vec<Slot<G>> = (0..config.num_envs)
            .map(|_| {
                let env = Env::from_factory(factory.clone(), config.env);
                Slot {
                    env,
                    memo: ObsMemo::new(),
                    episode: 0,
                }
            })
            .collect();
        let spec = factory(0).spec();
        let mut v = Self {
            slots,
            batch: Batch::new(spec, config.num_envs),
            config,
        };
        v.reset(config.seed);
        v
    }

    /// Restarts every environment at episode 0 under base seed `seed`; rewards and done
    /// flags are cleared.
    pub fn reset(&mut self, seed: u64) -> &Batch {
        self.config.seed = seed;
        let rows = rows(&mut self.batch);
        let mut pairs: Vec<(&mut Slot<G>, Rows<'_>)> = self.slots.iter_mut().zip(rows).collect();
        let job = |i: usize, (slot, row): &mut (&mut Slot<G>, Rows<'_>)| {
            slot.episode = 0;
            slot.reset(seed, i, row);
        };
        if self.config.parallel {
            for_each_shared(&mut pairs, &job);
        } else {
            for (i, pair) in pairs.iter_mut().enumerate() {
                job(i, pair);
            }
        }
        &self.batch
    }

    /// Applies `actions[i]` in environment `i` (for the player in `to_play[i]`), resolving
    /// chance and auto-resetting finished episodes. All actions are checked first: on error
    /// no environment has moved.
    pub fn step(&mut self, actions: &[Action]) -> Result<&Batch, VecEnvError> {
        if actions.len() != self.slots.len() {
            return Err(VecEnvError::WrongLength {
                expected: self.slots.len(),
                got: actions.len(),
            });
        }
        // The batch's mask rows are the legal decisions now (written, in parallel, by the
        // last reset or step; nothing else moves an environment): checking against them
        // keeps this serial pass from working out every legal set again.
        for (env, ((slot, &a), mask)) in self
            .slots
            .iter()
            .zip(actions)
            .zip(self.batch.masks.outer_iter())
            .enumerate()
        {
            let checked = slot.env.check_with(a, |a| mask[a as usize]);
            debug_assert_eq!(checked, slot.env.check_action(a), "stale mask row {env}");
            checked.map_err(|error| VecEnvError::Action { env, error })?;
        }
        let base = self.config.seed;
        let rows = rows(&mut self.batch);
        let mut pairs: Vec<(&mut Slot<G>, Rows<'_>)> = self.slots.iter_mut().zip(rows).collect();
        let job = |i: usize, (slot, row): &mut (&mut Slot<G>, Rows<'_>)| {
            slot.step(actions[i], base, i, row);
        };
        if self.config.parallel {
            for_each_shared(&mut pairs, &job);
        } else {
            for (i, pair) in pairs.iter_mut().enumerate() {
                job(i, pair);
            }
        }
        Ok(&self.batch)
    }

    /// The batch arrays of the last reset or step.
    pub fn batch(&self) -> &Batch {
        &self.batch
    }

    /// Environment `i`.
    pub fn env(&self, i: usize) -> &Env<G> {
        &self.slots[i].env
    }

    /// Number of environments.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Episodes started by environment `i` since the last [`VecEnv::reset`] (0 for the first).
    pub fn episode(&self, i: usize) -> u64 {
        self.slots[i].episode
    }

    /// The options.
    pub fn config(&self) -> &VecEnvConfig {
        &self.config
    }

    /// Steps serially or in parallel from now on (the results are the same).
    pub fn set_parallel(&mut self, parallel: bool) {
        self.config.parallel = parallel;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item is handed to the job exactly once, with its own index, from outside a
    /// pool (the Python thread's case) and from inside one, for sizes around the chunking.
    #[test]
    fn for_each_shared_visits_every_item_once_with_its_index() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool");
        for n in [0usize, 1, 2, 3, 7, 24, 25, 64, 257] {
            let check = |items: &mut Vec<(usize, u32)>| {
                for_each_shared(items, &|i, item: &mut (usize, u32)| {
                    assert_eq!(item.0, i, "the index of item {i}");
                    item.1 += 1;
                });
                assert!(items.iter().all(|&(_, k)| k == 1), "{n} items: {items:?}");
            };
            let mut items: Vec<(usize, u32)> = (0..n).map(|i| (i, 0)).collect();
            pool.install(|| check(&mut items));
            let mut items: Vec<(usize, u32)> = (0..n).map(|i| (i, 0)).collect();
            // From a thread outside any pool: the global pool's helpers and the caller.
            std::thread::scope(|s| {
                s.spawn(|| check(&mut items));
            });
        }
    }
}
