//! The random-game harness on the toy games, the harness catching deliberately broken
//! games, and the Gymnasium-style wrappers.

use broadside_env::harness::{
    game_seed, play_random_game, run_random_games, HarnessConfig, HarnessFailure, Property,
};
use broadside_env::toy::{DiceRace, HiddenPennies, DICE_FACE_1, DICE_HOLD, DICE_ROLL};
use broadside_env::wrapper::{episode_seed, Env, EnvConfig, VecEnv, VecEnvConfig, VecEnvError};
use broadside_env::{
    Action, ActionError, ActionSet, ChanceOutcomes, Game, GameSpec, Observation, Player, Turn,
    NUM_PLAYERS,
};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn cfg(games: usize, seed: u64) -> HarnessConfig {
    HarnessConfig {
        games,
        seed,
        ..HarnessConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// The harness on sound games
// ---------------------------------------------------------------------------------------

#[test]
fn dice_race_passes_the_harness() {
    let r = run_random_games(DiceRace::from_seed, &cfg(2000, 1)).unwrap();
    assert_eq!(r.games, 2000);
    assert_eq!(r.terminal, 2000, "the turn limit ends every race");
    assert_eq!(r.truncated, 0);
    assert_eq!(r.steps, r.decisions + r.chance_nodes);
    // Every roll decision is followed by one die, so dice are a large share of all steps.
    assert!(r.chance_nodes * 3 > r.decisions, "{r:?}");
    assert!(r.mean_length > 10.0 && r.mean_length < 200.0, "{r:?}");
    assert!(r.max_length as f64 >= r.mean_length);
    // Both seats win a fair share of random games.
    assert!(r.total_returns[0].abs() < 400.0, "{r:?}");
}

#[test]
fn hidden_pennies_passes_the_harness() {
    let r = run_random_games(HiddenPennies::from_seed, &cfg(2000, 2)).unwrap();
    assert_eq!((r.games, r.terminal, r.truncated), (2000, 2000, 0));
    assert_eq!(r.chance_nodes, 0);
    // Games have 1..=9 rounds of two decisions each: mean about 10 steps.
    assert!(r.mean_length > 8.0 && r.mean_length < 12.0, "{r:?}");
    assert_eq!(r.max_length, 18);
}

#[test]
fn truncation_is_counted() {
    let c = HarnessConfig {
        max_steps: 6,
        ..cfg(300, 3)
    };
    let r = run_random_games(DiceRace::from_seed, &c).unwrap();
    assert_eq!(r.terminal + r.truncated, 300);
    assert!(r.truncated > 250, "{r:?}");
    assert!(r.max_length <= 6);
}

#[test]
fn harness_is_deterministic_and_schedule_independent() {
    let mut c = cfg(500, 9);
    let a = run_random_games(DiceRace::from_seed, &c).unwrap();
    let b = run_random_games(DiceRace::from_seed, &c).unwrap();
    c.parallel = false;
    let s = run_random_games(DiceRace::from_seed, &c).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, s);
    c.seed = 10;
    let other = run_random_games(DiceRace::from_seed, &c).unwrap();
    assert_ne!(a.steps, other.steps, "another base seed plays other games");
}

#[test]
fn play_random_game_records_a_replayable_history() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut hist = Vec::new();
    let end = play_random_game(DiceRace::from_seed(5), &mut rng, 10_000, Some(&mut hist));
    assert!(end.is_terminal());
    let mut replay = DiceRace::from_seed(5);
    for &a in &hist {
        replay.apply(a).unwrap();
    }
    assert_eq!(replay, end);
    let cut = play_random_game(DiceRace::from_seed(5), &mut rng, 3, None);
    assert!(!cut.is_terminal());
}

// ---------------------------------------------------------------------------------------
// The harness catches broken games
// ---------------------------------------------------------------------------------------

/// A deliberate bug planted in a [`Mutant`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Bug {
    /// No bug at all.
    Nothing,
    /// Player 1's observation shows player 0's pending face.
    LeakPending,
    /// The legal set is `{0}` at terminal states.
    LegalAtTerminal,
    /// `apply` skips the legality check.
    AcceptIllegal,
    /// `apply` of an illegal action bumps a field before refusing.
    MutateOnError,
    /// A die face is missing from the chance outcomes.
    MissingFace,
    /// Decision nodes also offer a chance-outcome index.
    ChanceIndexAsDecision,
    /// `check_invariants` fails once player 0 has 10 points.
    Invariant,
    /// A NaN enters the observation once the first turn is over.
    NanObservation,
    /// Returns are nonzero before the end.
    EarlyReturns,
    /// `apply_unchecked` bumps a field that `apply` does not.
    UncheckedDiffers,
    /// `apply` draws a stamp from a process-wide counter.
    GlobalCounter,
    /// A counter that serde skips.
    SerdeSkip,
    /// `resample_hidden(1)` forgets player 0's commitment (so the turn changes).
    ResampleForgets,
    /// Observations have one global feature too few.
    WrongShape,
}

/// Hidden information of a toy game, for planting a leak.
trait Secret {
    fn secret(&self) -> Option<u8>;
    fn points(&self) -> u8;
    fn forget(&mut self);
}

impl Secret for DiceRace {
    fn secret(&self) -> Option<u8> {
        None
    }
    fn points(&self) -> u8 {
        self.scores()[0]
    }
    fn forget(&mut self) {}
}

impl Secret for HiddenPennies {
    fn secret(&self) -> Option<u8> {
        self.pending()
    }
    fn points(&self) -> u8 {
        self.scores()[0]
    }
    fn forget(&mut self) {
        // Rebuild the state with the same revealed rounds and no pending face.
        let mut s = HiddenPennies::new(self.rounds());
        for r in self.revealed() {
            s.apply(r[0] as Action).unwrap();
            s.apply(r[1] as Action).unwrap();
        }
        *self = s;
    }
}

static GLOBAL: AtomicU64 = AtomicU64::new(0);

/// A toy game with one planted bug.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Mutant<G> {
    inner: G,
    bug: Bug,
    stamp: u64,
    #[serde(skip)]
    hidden_counter: u64,
}

impl<G: Game + Secret> Mutant<G> {
    fn new(inner: G, bug: Bug) -> Self {
        Self {
            inner,
            bug,
            stamp: 0,
            hidden_counter: 0,
        }
    }
}

impl<G: Game + Secret> Game for Mutant<G> {
    fn spec(&self) -> &'static GameSpec {
        self.inner.spec()
    }
    fn turn(&self) -> Turn {
        self.inner.turn()
    }
    fn legal_actions(&self) -> ActionSet {
        let mut s = self.inner.legal_actions();
        match (self.bug, self.inner.turn()) {
            (Bug::LegalAtTerminal, Turn::Terminal) => s.insert(0),
            (Bug::MissingFace, Turn::Chance) => s.remove(DICE_FACE_1 + 5),
            (Bug::ChanceIndexAsDecision, Turn::Player(_)) => s.insert(DICE_FACE_1),
            _ => {}
        }
        s
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        // With `MissingFace` the outcomes keep all six faces while the legal set lost one.
        self.inner.chance_outcomes()
    }
    fn apply_unchecked(&mut self, action: Action) {
        self.inner.apply_unchecked(action);
        match self.bug {
            Bug::UncheckedDiffers => self.stamp += 1,
            Bug::GlobalCounter => self.stamp = GLOBAL.fetch_add(1, Ordering::Relaxed),
            Bug::SerdeSkip => self.hidden_counter += 1,
            _ => {}
        }
    }
    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        if self.bug == Bug::AcceptIllegal {
            self.inner.apply_unchecked(action);
            return Ok(());
        }
        if !self.legal_actions().contains(action) {
            if self.bug == Bug::MutateOnError {
                self.stamp += 1;
            }
            return Err(ActionError::Illegal {
                action,
                name: String::new(),
            });
        }
        self.inner.apply_unchecked(action);
        match self.bug {
            Bug::GlobalCounter => self.stamp = GLOBAL.fetch_add(1, Ordering::Relaxed),
            Bug::SerdeSkip => self.hidden_counter += 1,
            _ => {}
        }
        Ok(())
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        if self.bug == Bug::EarlyReturns {
            return [0.5, -0.5];
        }
        self.inner.returns()
    }
    fn observe(&self, player: Player, out: &mut Observation) {
        if self.bug == Bug::WrongShape {
            *out = Observation {
                entities: out.entities.clone(),
                global: ndarray::Array1::zeros(out.global.len() - 1),
                planes: out.planes.clone(),
            };
            return;
        }
        self.inner.observe(player, out);
        match self.bug {
            Bug::LeakPending if player == 1 => {
                if let Some(f) = self.inner.secret() {
                    out.global[5 + f as usize] = 1.0;
                }
            }
            Bug::NanObservation if self.inner.points() > 0 => out.global[0] = f32::NAN,
            _ => {}
        }
    }
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut s = self.clone();
        s.inner = self.inner.resample_hidden(player, rng);
        if self.bug == Bug::ResampleForgets && player == 1 {
            s.inner.forget();
        }
        s
    }
    fn check_invariants(&self) -> Result<(), String> {
        if self.bug == Bug::Invariant && self.inner.points() >= 10 {
            return Err("player 0 has too many points".into());
        }
        self.inner.check_invariants()
    }
}

fn dice_mutant(bug: Bug) -> impl Fn(u64) -> Mutant<DiceRace> + Sync {
    move |seed| Mutant::new(DiceRace::from_seed(seed), bug)
}

fn pennies_mutant(bug: Bug) -> impl Fn(u64) -> Mutant<HiddenPennies> + Sync {
    move |seed| Mutant::new(HiddenPennies::from_seed(seed), bug)
}

/// Runs the harness on a mutant and returns the failure it must find.
fn failure<G: Game>(factory: impl Fn(u64) -> G + Sync, games: usize) -> HarnessFailure {
    let c = cfg(games, 77);
    let f = run_random_games(&factory, &c).expect_err("the harness must find the bug");
    // The failure names a game seed that reproduces it and a history that reaches it.
    assert_eq!(f.seed, game_seed(c.seed, f.game));
    assert_eq!(f.history.len(), f.step);
    assert!(!f.to_string().is_empty());
    f
}

#[test]
fn an_unbroken_mutant_passes() {
    // The planting machinery itself is sound: failures below come from the bugs.
    run_random_games(dice_mutant(Bug::Nothing), &cfg(300, 77)).unwrap();
    run_random_games(pennies_mutant(Bug::Nothing), &cfg(300, 77)).unwrap();
}

fn assert_caught<G: Game>(factory: impl Fn(u64) -> G + Sync, property: Property) {
    let f = failure(factory, 200);
    assert_eq!(f.property, property, "{f}");
}

#[test]
fn harness_catches_an_observation_leak() {
    let f = failure(pennies_mutant(Bug::LeakPending), 200);
    assert_eq!(f.property, Property::ResampleObservation, "{f}");
    // The leak shows when player 1 is to move, i.e. after an odd number of steps.
    assert_eq!(f.step % 2, 1, "{f}");
    // The same failure whichever way the games are scheduled.
    let serial = run_random_games(
        pennies_mutant(Bug::LeakPending),
        &HarnessConfig {
            parallel: false,
            ..cfg(200, 77)
        },
    )
    .unwrap_err();
    assert_eq!(serial, f);
}

#[test]
fn harness_catches_legal_actions_at_terminal() {
    let f = failure(dice_mutant(Bug::LegalAtTerminal), 50);
    assert_eq!(f.property, Property::NonEmptyAtTerminal, "{f}");
    let mut s = DiceRace::from_seed(f.seed);
    for &a in &f.history {
        s.apply(a).unwrap();
    }
    assert!(s.is_terminal());
}

#[test]
fn harness_catches_illegal_actions_accepted() {
    assert_caught(dice_mutant(Bug::AcceptIllegal), Property::IllegalAccepted);
}

#[test]
fn harness_catches_a_refused_action_that_mutates() {
    assert_caught(dice_mutant(Bug::MutateOnError), Property::IllegalMutated);
}

#[test]
fn harness_catches_chance_outcomes_off_the_legal_set() {
    assert_caught(dice_mutant(Bug::MissingFace), Property::ChanceOutcomes);
}

#[test]
fn harness_catches_a_chance_index_among_decisions() {
    assert_caught(
        dice_mutant(Bug::ChanceIndexAsDecision),
        Property::ActionRange,
    );
}

#[test]
fn harness_catches_a_broken_invariant() {
    assert_caught(dice_mutant(Bug::Invariant), Property::Invariants);
}

#[test]
fn harness_catches_a_nan_observation() {
    assert_caught(dice_mutant(Bug::NanObservation), Property::Observation);
}

#[test]
fn harness_catches_a_wrong_observation_shape() {
    assert_caught(pennies_mutant(Bug::WrongShape), Property::Observation);
}

#[test]
fn harness_catches_early_returns() {
    assert_caught(dice_mutant(Bug::EarlyReturns), Property::Returns);
}

#[test]
fn harness_catches_apply_unchecked_differing_from_apply() {
    assert_caught(dice_mutant(Bug::UncheckedDiffers), Property::ApplyUnchecked);
}

#[test]
fn harness_catches_nondeterministic_steps() {
    assert_caught(dice_mutant(Bug::GlobalCounter), Property::CloneDeterminism);
}

#[test]
fn harness_catches_state_outside_serde() {
    assert_caught(dice_mutant(Bug::SerdeSkip), Property::Serde);
}

#[test]
fn harness_catches_a_resample_that_changes_the_turn() {
    assert_caught(
        pennies_mutant(Bug::ResampleForgets),
        Property::ResampleInvariants,
    );
}

#[test]
fn harness_catches_a_nondeterministic_factory() {
    // Each call of the factory stamps its state differently: every single step checks out,
    // but replaying the history from a fresh initial state cannot reproduce the game.
    let calls = AtomicU64::new(0);
    let factory = |seed: u64| {
        let mut m = Mutant::new(DiceRace::from_seed(seed), Bug::Nothing);
        m.stamp = calls.fetch_add(1, Ordering::Relaxed);
        m
    };
    let f = run_random_games(factory, &cfg(20, 1)).unwrap_err();
    assert_eq!(f.property, Property::Replay, "{f}");
    assert_eq!(f.game, 0, "the first game already fails");
}

// ---------------------------------------------------------------------------------------
// Env
// ---------------------------------------------------------------------------------------

/// A uniformly random legal decision of an env, from a test RNG.
fn pick(mask: ActionSet, rng: &mut ChaCha8Rng) -> Action {
    mask.nth(rng.random_range(0..mask.len())).unwrap()
}

#[test]
fn env_reset_is_deterministic_per_seed() {
    let mut env = Env::new(DiceRace::from_seed, EnvConfig::default());
    let mut runs = Vec::new();
    for seed in [4u64, 4, 5] {
        let (first, obs) = env.reset(seed);
        assert_eq!(first, Some((seed & 1) as Player));
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let mut obs_trace = vec![obs];
        let mut rewards = [0.0f32; 2];
        while !env.is_done() {
            let r = env.step(pick(env.legal_mask(), &mut rng)).unwrap();
            let mut o = Observation::new(&env.spec().obs);
            env.observe_into(&mut o);
            obs_trace.push(o);
            rewards = r.rewards;
            assert!(matches!(
                env.state().turn(),
                Turn::Player(_) | Turn::Terminal
            ));
        }
        assert!(env.is_terminated() && !env.is_truncated());
        assert_eq!(rewards, env.state().returns().map(|r| r as f32));
        assert_ne!(
            rewards,
            [0.0, 0.0],
            "a race with a winner or a tie at the limit"
        );
        // The history (chance included) replays to the final state.
        let mut replay = DiceRace::from_seed(env.seed());
        for &a in env.history() {
            replay.apply(a).unwrap();
        }
        assert_eq!(&replay, env.state());
        runs.push((env.history().to_vec(), obs_trace));
    }
    assert_eq!(runs[0], runs[1], "same seed, same actions: same episode");
    assert_ne!(runs[0].0, runs[2].0, "another seed rolls other dice");
    assert_eq!(env.episodes(), 3);
}

#[test]
fn env_refuses_illegal_actions_without_change() {
    let mut env = Env::new(DiceRace::from_seed, EnvConfig::default());
    env.reset(0);
    let before = (env.state().clone(), env.history().to_vec(), env.decisions());
    // Holding before rolling is illegal; a die face is not a decision at all.
    assert!(matches!(
        env.step(DICE_HOLD),
        Err(ActionError::Illegal {
            action: DICE_HOLD,
            ..
        })
    ));
    assert!(matches!(
        env.step(DICE_FACE_1),
        Err(ActionError::OutOfRange { .. })
    ));
    assert!(matches!(env.step(999), Err(ActionError::OutOfRange { .. })));
    assert_eq!(
        (env.state().clone(), env.history().to_vec(), env.decisions()),
        before
    );
    // A legal roll is followed at once by its die: the env never stops at chance nodes.
    let r = env.step(DICE_ROLL).unwrap();
    assert_eq!(env.history().len(), 2);
    assert!(env.history()[1] >= DICE_FACE_1);
    assert_eq!(r.to_play, env.state().current_player());
    assert_eq!(env.decisions(), 1);
}

#[test]
fn env_truncates_at_max_decisions() {
    let mut env = Env::new(
        HiddenPennies::from_seed,
        EnvConfig {
            max_decisions: Some(3),
        },
    );
    // Seed 8 gives 9 rounds (18 decisions): the cap of 3 comes first.
    env.reset(8);
    for i in 0..3 {
        let r = env.step(0).unwrap();
        assert_eq!(r.truncated, i == 2);
        assert!(!r.terminated);
        assert_eq!(r.rewards, [0.0, 0.0]);
    }
    assert!(env.is_done());
    assert_eq!(env.to_play(), None);
    assert!(env.legal_mask().is_empty());
    assert_eq!(env.step(0), Err(ActionError::GameOver));
    assert_eq!(env.history().len(), 3);
    // A terminated game also refuses further steps.
    env.reset(0); // one round
    env.step(0).unwrap();
    let r = env.step(0).unwrap();
    assert!(r.terminated && !r.truncated);
    assert_eq!(r.rewards, [1.0, -1.0], "matching faces: player 0 wins");
    assert_eq!(env.step(1), Err(ActionError::GameOver));
}

#[test]
fn env_observation_hides_the_commitment() {
    let mut env = Env::new(HiddenPennies::from_seed, EnvConfig::default());
    let mut seen = Vec::new();
    for face in [0, 1] {
        let (p, _) = env.reset(3);
        assert_eq!(p, Some(0));
        let r = env.step(face).unwrap();
        assert_eq!(r.to_play, Some(1));
        let mut o = Observation::new(&env.spec().obs);
        env.observe_into(&mut o);
        seen.push(o);
    }
    assert_eq!(seen[0], seen[1]);
}

// ---------------------------------------------------------------------------------------
// VecEnv
// ---------------------------------------------------------------------------------------

/// One random legal action per env, read from the batch masks.
fn batch_actions(v: &VecEnv<impl Game>, rng: &mut ChaCha8Rng) -> Vec<Action> {
    (0..v.num_envs())
        .map(|i| pick(v.batch().legal_actions(i), rng))
        .collect()
}

fn vec_cfg(parallel: bool, seed: u64) -> VecEnvConfig {
    VecEnvConfig {
        num_envs: 13,
        seed,
        env: EnvConfig {
            max_decisions: Some(40),
        },
        parallel,
    }
}

fn parallel_equals_serial<G: Game>(factory: fn(u64) -> G) {
    let mut par = VecEnv::new(factory, vec_cfg(true, 21));
    let mut ser = VecEnv::new(factory, vec_cfg(false, 21));
    assert_eq!(par.batch(), ser.batch());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut finished = 0;
    for _ in 0..1500 {
        let actions = batch_actions(&par, &mut rng);
        let a = par.step(&actions).unwrap().clone();
        let b = ser.step(&actions).unwrap();
        assert_eq!(&a, b);
        finished += (0..a.terminated.len()).filter(|&i| a.done(i)).count();
    }
    assert!(finished > 50, "{finished} episodes finished");
    for i in 0..par.num_envs() {
        assert_eq!(par.env(i).history(), ser.env(i).history());
        assert_eq!(par.episode(i), ser.episode(i));
    }
}

#[test]
fn vec_env_parallel_equals_serial_dice() {
    parallel_equals_serial(DiceRace::from_seed);
}

#[test]
fn vec_env_parallel_equals_serial_pennies() {
    parallel_equals_serial(HiddenPennies::from_seed);
}

#[test]
fn vec_env_rows_match_single_envs_and_auto_reset() {
    let mut v = VecEnv::new(DiceRace::from_seed, vec_cfg(true, 5));
    let spec = DiceRace::game_spec();
    assert_eq!(v.batch().entities.dim(), (13, 2, 3));
    assert_eq!(v.batch().planes.dim(), (13, 2, 1, 31));
    assert_eq!(v.batch().masks.dim(), (13, spec.num_player_actions));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut obs = Observation::new(&spec.obs);
    let mut resets = 0;
    for _ in 0..400 {
        let actions = batch_actions(&v, &mut rng);
        let before: Vec<u64> = (0..v.num_envs()).map(|i| v.episode(i)).collect();
        v.step(&actions).unwrap();
        let b = v.batch();
        for (i, &episode_before) in before.iter().enumerate() {
            let env = v.env(i);
            env.observe_into(&mut obs);
            assert_eq!(b.entities.index_axis(ndarray::Axis(0), i), obs.entities);
            assert_eq!(b.global.row(i), obs.global);
            assert_eq!(b.planes.index_axis(ndarray::Axis(0), i), obs.planes);
            assert_eq!(
                b.masks.row(i).to_vec(),
                env.legal_mask().to_mask(spec.num_player_actions)
            );
            assert_eq!(b.to_play[i], env.to_play().unwrap() as i8);
            if b.done(i) {
                resets += 1;
                assert_eq!(v.episode(i), episode_before + 1);
                assert_eq!(env.seed(), episode_seed(5, i, v.episode(i)));
                assert_eq!(env.decisions(), 0, "a fresh episode");
                let r = b.rewards.row(i);
                assert_eq!(r[0], -r[1]);
                if b.truncated[i] {
                    assert_eq!(r[0], 0.0);
                }
            } else {
                assert_eq!(b.rewards.row(i).to_vec(), vec![0.0, 0.0]);
                assert_eq!(v.episode(i), episode_before);
            }
        }
    }
    assert!(resets > 20, "{resets}");
}

#[test]
fn vec_env_reset_reproduces_and_errors_leave_envs_alone() {
    let mut v = VecEnv::new(HiddenPennies::from_seed, vec_cfg(true, 8));
    assert_eq!(v.batch().planes.dim(), (13, 0, 1, 1));
    let first = v.batch().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut trace = Vec::new();
    for _ in 0..50 {
        let a = batch_actions(&v, &mut rng);
        trace.push((a.clone(), v.step(&a).unwrap().clone()));
    }
    assert_eq!(v.reset(8), &first);
    for (a, batch) in &trace {
        assert_eq!(v.step(a).unwrap(), batch);
    }

    let states: Vec<HiddenPennies> = (0..13).map(|i| v.env(i).state().clone()).collect();
    let batch = v.batch().clone();
    assert_eq!(
        v.step(&[0; 3]).unwrap_err(),
        VecEnvError::WrongLength {
            expected: 13,
            got: 3
        }
    );
    let mut bad = vec![0; 13];
    bad[7] = 2; // outside the two faces
    assert!(matches!(
        v.step(&bad),
        Err(VecEnvError::Action {
            env: 7,
            error: ActionError::OutOfRange { .. }
        })
    ));
    for (i, s) in states.iter().enumerate() {
        assert_eq!(v.env(i).state(), s);
    }
    assert_eq!(v.batch(), &batch);
    // A factory shared by Arc works the same.
    let shared: Arc<dyn Fn(u64) -> HiddenPennies + Send + Sync> =
        Arc::new(HiddenPennies::from_seed);
    let w = VecEnv::from_factory(shared, vec_cfg(false, 8));
    assert_eq!(w.batch(), &first);
}
