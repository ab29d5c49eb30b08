//! The random-game test harness every ruleset runs, in the spirit of OpenSpiel's
//! `RandomSimTest`.
//!
//! [`run_random_games`] plays many games with uniformly random decisions and sampled
//! chance outcomes and checks the [`Game`] contract at every step (see [`Property`] for the
//! list). Games run in parallel with rayon, but each game's seed is derived only from the
//! base seed and the game's index, so the outcome (the report, or the failure with the
//! lowest game index) is the same as a serial run.
//!
//! The trajectory of game `i` depends only on its seed `s = game_seed(cfg.seed, i)`: it is
//! exactly [`play_random_game`]`(factory(s), &mut ChaCha8Rng::seed_from_u64(s), ..)`, because
//! the checks draw from a separate RNG. A [`HarnessFailure`] also carries the history that
//! reaches the failing state, so a failure can be replayed by hand.

use crate::action_set::ActionSet;
use crate::game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use crate::observation::Observation;
use crate::MAX_ACTIONS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// How many games to play and which checks to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HarnessConfig {
    /// Number of games.
    pub games: usize,
    /// Base seed; game `i` uses [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Actions (decisions and chance outcomes) after which a game is cut off ("truncated").
    pub max_steps: usize,
    /// Check the serde round trip every this many steps (and always at the end); 0 only at the end.
    pub check_serde_every: usize,
    /// Number of `resample_hidden` samples checked per player at every decision node.
    pub resample_checks: usize,
    /// Run the games on the rayon pool (the result is the same either way).
    pub parallel: bool,
    /// Check observations and `resample_hidden` every this many steps (and at the end);
    /// 1 checks every step. The cheap checks (legal set, chance outcomes, invariants, clone,
    /// illegal actions) run at every step regardless; long games use a larger value.
    pub observe_every: usize,
}

impl Default for HarnessConfig {
    fn default() -> Self {
        Self {
            games: 1000,
            seed: 0,
            max_steps: 10_000,
            check_serde_every: 1,
            resample_checks: 2,
            parallel: true,
            observe_every: 1,
        }
    }
}

/// What the harness saw over all games.
#[derive(Debug, Clone, PartialEq)]
pub struct HarnessReport {
    /// Games played.
    pub games: usize,
    /// Actions applied in all games (decisions plus chance outcomes).
    pub steps: usize,
    /// Player decisions applied.
    pub decisions: usize,
    /// Chance outcomes applied.
    pub chance_nodes: usize,
    /// Games that reached a terminal state.
    pub terminal: usize,
    /// Games cut off at `max_steps`.
    pub truncated: usize,
    /// Mean number of steps per game.
    pub mean_length: f64,
    /// Longest game in steps.
    pub max_length: usize,
    /// Sum of the terminal returns per player over the finished games.
    pub total_returns: [f64; NUM_PLAYERS],
}

/// A contract property the harness checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Property {
    /// The spec is self-consistent (name count, catalogue sizes, `MAX_ACTIONS`).
    Spec,
    /// `check_invariants()` returned an error.
    Invariants,
    /// The legal set disagrees with its own mask/list/`nth` views or leaves the catalogue.
    LegalSet,
    /// The legal set is empty although the game is not over.
    EmptyLegalSet,
    /// The legal set is not empty at a terminal state.
    NonEmptyAtTerminal,
    /// Chance outcomes disagree with the legal set, or their weights/probabilities are wrong,
    /// or a non-chance state lists outcomes.
    ChanceOutcomes,
    /// A player action outside `[0, num_player_actions)` or a chance outcome outside
    /// `[num_player_actions, num_actions)`.
    ActionRange,
    /// Returns are not finite, or not zero before the end.
    Returns,
    /// An observation has the wrong shape, a non-finite entry, or differs between two calls.
    Observation,
    /// A clone is not equal to its original.
    Clone,
    /// A clone stepped with the same action differs from the original stepped.
    CloneDeterminism,
    /// `apply_unchecked` of a legal action differs from `apply`.
    ApplyUnchecked,
    /// `apply` rejected an action from the legal set.
    LegalRejected,
    /// `apply` accepted an action outside the legal set (or at a terminal state).
    IllegalAccepted,
    /// `apply` returned an error but changed the state.
    IllegalMutated,
    /// The serde_json round trip does not reproduce the state or its serialisation.
    Serde,
    /// `resample_hidden(p)` changed what `p` observes.
    ResampleObservation,
    /// `resample_hidden(p)` broke an invariant or changed whose turn it is.
    ResampleInvariants,
    /// `resample_hidden(p)` for the player to move changed that player's legal actions.
    ResampleLegal,
    /// Replaying the history from the factory's state does not give the final state.
    Replay,
}

impl std::fmt::Display for Property {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}

/// The first broken property found: which game, where, and how to get there again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HarnessFailure {
    /// Index of the game in the run.
    pub game: usize,
    /// The game's seed: `factory(seed)` is its initial state and `ChaCha8Rng::seed_from_u64(seed)`
    /// drives its actions.
    pub seed: u64,
    /// Number of actions applied before the failing check.
    pub step: usize,
    /// The broken property.
    pub property: Property,
    /// What exactly was wrong.
    pub message: String,
    /// The actions from the initial state to the failing state.
    pub history: Vec<Action>,
}

impl std::fmt::Display for HarnessFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {} (seed {}) step {}: {} broken: {}; history {:?}",
            self.game, self.seed, self.step, self.property, self.message, self.history
        )
    }
}

impl std::error::Error for HarnessFailure {}

/// SplitMix64 finaliser: a cheap bijective mix of 64 bits.
#[inline]
fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Checks a ruleset's `refusal` (the rule that forbids an order) on random games from each
/// of `games`: at each decision every player action is asked about, and a legal one is never
/// refused. The games never resign, so they go on to every phase.
#[cfg(test)]
pub(crate) fn check_refusals<G: Game>(
    games: impl IntoIterator<Item = G>,
    refusal: impl Fn(&G, Action) -> Option<String>,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for mut g in games {
        let spec = g.spec();
        let resign = spec
            .action_names
            .iter()
            .position(|n| *n == crate::game::RESIGN_ACTION_NAME)
            .expect("a resignation action") as Action;
        for _ in 0..3000 {
            if g.is_terminal() {
                break;
            }
            let a = match g.current_player() {
                None => g.chance_outcomes().sample(&mut rng),
                Some(_) => {
                    let legal = g.legal_actions();
                    for b in 0..spec.num_player_actions as Action {
                        let why = refusal(&g, b);
                        assert!(why.is_none() || !legal.contains(b), "{b}: {why:?}");
                    }
                    let all: Vec<Action> = legal.iter().filter(|&b| b != resign).collect();
                    all[rng.random_range(0..all.len())]
                }
            };
            g.apply(a).expect("legal");
        }
    }
}

/// A seed for sub-stream `stream` of `base`: deterministic, well mixed, and different for
/// different streams. Used for per-game seeds here and per-episode seeds in the wrapper.
pub fn derive_seed(base: u64, stream: u64) -> u64 {
    splitmix64(base ^ splitmix64(stream.wrapping_add(0x5EED)))
}

/// The seed of game `index` in a harness run with base seed `base`.
pub fn game_seed(base: u64, index: usize) -> u64 {
    derive_seed(base, index as u64)
}

/// A uniformly random legal decision, or a chance outcome sampled with its probability;
/// `None` at a terminal state. This is the only use of `rng` by the harness's trajectory.
pub fn random_action<G: Game, R: Rng + ?Sized>(state: &G, rng: &mut R) -> Option<Action> {
    match state.turn() {
        Turn::Terminal => None,
        Turn::Chance => Some(state.chance_outcomes().sample(rng)),
        Turn::Player(_) => {
            let legal = state.legal_actions();
            if legal.is_empty() {
                return None;
            }
            legal.nth(rng.random_range(0..legal.len()))
        }
    }
}

/// Plays `state` to the end (or for at most `max_steps` actions) with uniformly random
/// decisions and sampled chance outcomes, appending each action to `record` if given.
/// Actions are applied with `apply_unchecked`: the state's own legal set is trusted.
pub fn play_random_game<G: Game, R: Rng + ?Sized>(
    mut state: G,
    rng: &mut R,
    max_steps: usize,
    mut record: Option<&mut Vec<Action>>,
) -> G {
    for _ in 0..max_steps {
        let Some(a) = random_action(&state, rng) else {
            break;
        };
        state.apply_unchecked(a);
        if let Some(r) = record.as_deref_mut() {
            r.push(a);
        }
    }
    state
}

/// Per-game statistics folded into the report.
#[derive(Debug, Clone, Copy, Default)]
struct GameStats {
    steps: usize,
    decisions: usize,
    chance: usize,
    terminal: bool,
    returns: [f64; NUM_PLAYERS],
}

/// Plays `cfg.games` random games from `factory(seed)` and checks the contract at every
/// step; returns the summary, or the failure of the lowest-indexed failing game.
pub fn run_random_games<G: Game>(
    factory: impl Fn(u64) -> G + Sync,
    cfg: &HarnessConfig,
) -> Result<HarnessReport, HarnessFailure> {
    let run = |i: usize| run_one_game(&factory, cfg, i);
    // Collecting in index order keeps the result independent of scheduling.
    let results: Vec<Result<GameStats, HarnessFailure>> = if cfg.parallel {
        (0..cfg.games).into_par_iter().map(run).collect()
    } else {
        (0..cfg.games).map(run).collect()
    };
    let mut report = HarnessReport {
        games: cfg.games,
        steps: 0,
        decisions: 0,
        chance_nodes: 0,
        terminal: 0,
        truncated: 0,
        mean_length: 0.0,
        max_length: 0,
        total_returns: [0.0; NUM_PLAYERS],
    };
    for r in results {
        let s = r?;
        report.steps += s.steps;
        report.decisions += s.decisions;
        report.chance_nodes += s.chance;
        report.max_length = report.max_length.max(s.steps);
        if s.terminal {
            report.terminal += 1;
            for (t, r) in report.total_returns.iter_mut().zip(s.returns) {
                *t += r;
            }
        } else {
            report.truncated += 1;
        }
    }
    report.mean_length = report.steps as f64 / cfg.games.max(1) as f64;
    Ok(report)
}

/// Checks one game; the closure-free core of [`run_random_games`].
fn run_one_game<G: Game>(
    factory: &(impl Fn(u64) -> G + Sync),
    cfg: &HarnessConfig,
    index: usize,
) -> Result<GameStats, HarnessFailure> {
    let seed = game_seed(cfg.seed, index);
    let mut history: Vec<Action> = Vec::new();
    let fail =
        |step: usize, property: Property, message: String, history: &[Action]| HarnessFailure {
            game: index,
            seed,
            step,
            property,
            message,
            history: history.to_vec(),
        };

    let mut state = factory(seed);
    let spec = state.spec();
    check_spec(spec).map_err(|m| fail(0, Property::Spec, m, &history))?;
    let mut checker = Checker::new(spec, derive_seed(seed, u64::MAX), cfg.resample_checks);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = GameStats::default();

    loop {
        let step = history.len();
        let at = |(p, m): (Property, String)| fail(step, p, m, &history);
        let full = step.checked_rem(cfg.observe_every) == Some(0) || state.turn() == Turn::Terminal;
        checker.check_state(&state, full).map_err(at)?;
        if state.turn() == Turn::Terminal {
            checker.check_terminal(&state).map_err(at)?;
            stats.terminal = true;
            stats.returns = state.returns();
            break;
        }
        if step >= cfg.max_steps {
            break;
        }
        if step.checked_rem(cfg.check_serde_every) == Some(0) {
            check_serde(&state).map_err(at)?;
        }
        checker.check_illegal(&state).map_err(at)?;
        if let (Turn::Player(p), true) = (state.turn(), full) {
            checker.check_resample(&state, p).map_err(at)?;
        }

        let a = random_action(&state, &mut rng).ok_or_else(|| {
            at((
                Property::EmptyLegalSet,
                "no action to take at a non-terminal state".into(),
            ))
        })?;
        match state.turn() {
            Turn::Chance => stats.chance += 1,
            _ => stats.decisions += 1,
        }
        let _ = state.describe_action(a);
        check_transition(&mut state, a).map_err(at)?;
        history.push(a);
    }

    stats.steps = history.len();
    let end = history.len();
    let at = |(p, m): (Property, String)| fail(end, p, m, &history);
    check_serde(&state).map_err(at)?;
    check_replay(factory(seed), &history, &state).map_err(at)?;
    Ok(stats)
}

type Check = Result<(), (Property, String)>;

fn check_spec(spec: &GameSpec) -> Result<(), String> {
    if spec.action_names.len() != spec.num_actions {
        return Err(format!(
            "{} action names for {} actions",
            spec.action_names.len(),
            spec.num_actions
        ));
    }
    if spec.num_player_actions == 0
        || spec.num_player_actions > spec.num_actions
        || spec.num_actions > MAX_ACTIONS
    {
        return Err(format!(
            "num_player_actions {} / num_actions {} / MAX_ACTIONS {MAX_ACTIONS} out of order",
            spec.num_player_actions, spec.num_actions
        ));
    }
    Ok(())
}

/// Per-game scratch: observation buffers and the checks' own RNG.
struct Checker {
    spec: &'static GameSpec,
    rng: ChaCha8Rng,
    resample_checks: usize,
    obs: [Observation; NUM_PLAYERS],
    scratch: Observation,
}

impl Checker {
    fn new(spec: &'static GameSpec, seed: u64, resample_checks: usize) -> Self {
        let fresh = || Observation::new(&spec.obs);
        Self {
            spec,
            rng: ChaCha8Rng::seed_from_u64(seed),
            resample_checks,
            obs: [fresh(), fresh()],
            scratch: fresh(),
        }
    }

    /// Checks that hold in every state, terminal or not.
    fn check_state<G: Game>(&mut self, s: &G, observe: bool) -> Check {
        s.check_invariants()
            .map_err(|m| (Property::Invariants, m))?;
        let legal = s.legal_actions();
        check_legal_views(&legal, self.spec)?;
        let turn = s.turn();
        let terminal = turn == Turn::Terminal;
        if terminal && !legal.is_empty() {
            return Err((
                Property::NonEmptyAtTerminal,
                format!("legal set {legal:?} at a terminal state"),
            ));
        }
        if !terminal && legal.is_empty() {
            return Err((
                Property::EmptyLegalSet,
                format!("empty legal set at {turn:?}"),
            ));
        }
        self.check_chance(s, turn, &legal)?;
        self.check_ranges(turn, &legal)?;

        let ret = s.returns();
        if ret.iter().any(|r| !r.is_finite()) {
            return Err((Property::Returns, format!("returns {ret:?} not finite")));
        }
        if turn != Turn::Terminal && ret.iter().any(|&r| r != 0.0) {
            return Err((Property::Returns, format!("returns {ret:?} before the end")));
        }
        if observe {
            self.check_observations(s)
        } else {
            Ok(())
        }
    }

    fn check_chance<G: Game>(&self, s: &G, turn: Turn, legal: &ActionSet) -> Check {
        let co = s.chance_outcomes();
        let bad = |m: String| Err((Property::ChanceOutcomes, m));
        if turn != Turn::Chance {
            if !co.is_empty() {
                return bad(format!("chance outcomes {co:?} at {turn:?}"));
            }
            return Ok(());
        }
        if co.is_empty() {
            return bad("no outcomes at a chance node".into());
        }
        let set: ActionSet = co.weighted().map(|(a, _)| a).collect();
        if set.len() != co.len() {
            return bad(format!("duplicate outcomes in {co:?}"));
        }
        if set != *legal {
            return bad(format!(
                "outcomes {co:?} differ from the legal set {legal:?}"
            ));
        }
        let wsum: u64 = co.weighted().map(|(_, w)| w as u64).sum();
        if wsum != co.total_weight() as u64 || co.weighted().any(|(_, w)| w == 0) {
            return bad(format!(
                "weights sum to {wsum}, total_weight is {} (or a zero weight)",
                co.total_weight()
            ));
        }
        let psum: f64 = co.iter().map(|(_, p)| p).sum();
        if (psum - 1.0).abs() > 1e-9 || co.iter().any(|(_, p)| !(p > 0.0 && p <= 1.0)) {
            return bad(format!("probabilities sum to {psum}"));
        }
        if co.weighted().any(|(a, _)| !co.contains(a)) {
            return bad("contains() disagrees with the outcome list".into());
        }
        Ok(())
    }

    fn check_ranges(&self, turn: Turn, legal: &ActionSet) -> Check {
        let (np, na) = (self.spec.num_player_actions, self.spec.num_actions);
        for a in legal.iter() {
            let ok = match turn {
                Turn::Chance => (np..na).contains(&(a as usize)),
                _ => (a as usize) < np,
            };
            if !ok {
                return Err((
                    Property::ActionRange,
                    format!(
                        "action {a} ({}) at {turn:?}; player actions < {np}, chance in {np}..{na}",
                        self.spec.action_name(a)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_observations<G: Game>(&mut self, s: &G) -> Check {
        for p in 0..NUM_PLAYERS {
            let obs = &mut self.obs[p];
            // Buffers are cleared first: a state's observe may rely on zeroed output.
            obs.clear();
            s.observe(p as Player, obs);
            if !obs.matches(&self.spec.obs) {
                return Err((
                    Property::Observation,
                    format!(
                        "player {p}: shapes {:?}/{}/{:?}, spec {:?}/{}/{:?}",
                        obs.entities.dim(),
                        obs.global.len(),
                        obs.planes.dim(),
                        self.spec.obs.entity_shape(),
                        self.spec.obs.global_features.len(),
                        self.spec.obs.plane_shape()
                    ),
                ));
            }
            if !obs.all_finite() {
                return Err((
                    Property::Observation,
                    format!("player {p}: a non-finite entry"),
                ));
            }
            self.scratch.clear();
            s.observe(p as Player, &mut self.scratch);
            if self.scratch != *obs {
                return Err((
                    Property::Observation,
                    format!("player {p}: two observations of one state differ"),
                ));
            }
        }
        Ok(())
    }

    fn check_terminal<G: Game>(&mut self, s: &G) -> Check {
        let mut c = s.clone();
        let a = self.rng.random_range(0..self.spec.num_actions) as Action;
        if c.apply(a).is_ok() {
            return Err((
                Property::IllegalAccepted,
                format!("apply({a}) accepted at a terminal state"),
            ));
        }
        if c != *s {
            return Err((
                Property::IllegalMutated,
                format!("rejected apply({a}) changed a terminal state"),
            ));
        }
        Ok(())
    }

    /// Applies one action outside the legal set (or outside the catalogue) to a clone.
    fn check_illegal<G: Game>(&mut self, s: &G) -> Check {
        let legal = s.legal_actions();
        let na = self.spec.num_actions;
        let outside = na.saturating_sub(legal.len());
        // Mostly an in-catalogue illegal index; sometimes the first index past the catalogue.
        let bad = if outside > 0 && self.rng.random_range(0..8) != 0 {
            let k = self.rng.random_range(0..outside);
            (0..na as Action)
                .filter(|&a| !legal.contains(a))
                .nth(k)
                .unwrap_or(na as Action)
        } else {
            na as Action
        };
        let mut c = s.clone();
        if c.apply(bad).is_ok() {
            return Err((
                Property::IllegalAccepted,
                format!(
                    "apply({bad}) ({}) accepted; legal set {legal:?}",
                    self.spec.action_name(bad)
                ),
            ));
        }
        if c != *s {
            return Err((
                Property::IllegalMutated,
                format!("rejected apply({bad}) changed the state"),
            ));
        }
        Ok(())
    }

    /// `resample_hidden(p)` keeps `p`'s view (for both players), invariants and turn, and the
    /// mover's legal set. Expects `self.obs` to hold the current observations.
    fn check_resample<G: Game>(&mut self, s: &G, mover: Player) -> Check {
        let legal = s.legal_actions();
        for _ in 0..self.resample_checks {
            for p in 0..NUM_PLAYERS as Player {
                let r = s.resample_hidden(p, &mut self.rng);
                r.check_invariants().map_err(|m| {
                    (
                        Property::ResampleInvariants,
                        format!("resample_hidden({p}): {m}"),
                    )
                })?;
                if r.turn() != s.turn() {
                    return Err((
                        Property::ResampleInvariants,
                        format!(
                            "resample_hidden({p}) changed the turn {:?} to {:?}",
                            s.turn(),
                            r.turn()
                        ),
                    ));
                }
                if p == mover && r.legal_actions() != legal {
                    return Err((
                        Property::ResampleLegal,
                        format!(
                            "resample_hidden({p}) changed the mover's legal set {legal:?} to {:?}",
                            r.legal_actions()
                        ),
                    ));
                }
                self.scratch.clear();
                r.observe(p, &mut self.scratch);
                if self.scratch != self.obs[p as usize] {
                    return Err((
                        Property::ResampleObservation,
                        format!("resample_hidden({p}) changed player {p}'s observation"),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// The mask, the ascending list and `nth` describe the same set, inside the catalogue.
fn check_legal_views(legal: &ActionSet, spec: &GameSpec) -> Check {
    let bad = |m: String| Err((Property::LegalSet, m));
    let list: Vec<Action> = legal.iter().collect();
    if list.len() != legal.len() {
        return bad(format!("{} listed, len() says {}", list.len(), legal.len()));
    }
    if list.windows(2).any(|w| w[0] >= w[1]) {
        return bad(format!("list {list:?} not strictly ascending"));
    }
    if let Some(&a) = list.iter().find(|&&a| a as usize >= spec.num_actions) {
        return bad(format!(
            "action {a} outside the catalogue of {}",
            spec.num_actions
        ));
    }
    let mask = legal.to_mask(spec.num_actions);
    let from_mask: Vec<Action> = (0..spec.num_actions as Action)
        .filter(|&a| mask[a as usize])
        .collect();
    if from_mask != list {
        return bad(format!("mask {from_mask:?} differs from list {list:?}"));
    }
    if list
        .iter()
        .enumerate()
        .any(|(i, &a)| legal.nth(i) != Some(a) || !legal.contains(a))
        || legal.nth(list.len()).is_some()
    {
        return bad(format!("nth()/contains() disagree with the list {list:?}"));
    }
    Ok(())
}

/// Steps `s` with `a` via `apply`, and clones with `apply` and `apply_unchecked`, which must
/// all agree.
fn check_transition<G: Game>(s: &mut G, a: Action) -> Check {
    let mut c1 = s.clone();
    if c1 != *s {
        return Err((Property::Clone, "clone differs from the original".into()));
    }
    let mut c2 = s.clone();
    s.apply(a).map_err(|e| {
        (
            Property::LegalRejected,
            format!("apply({a}) of a legal action failed: {e}"),
        )
    })?;
    c1.apply(a).map_err(|e| {
        (
            Property::CloneDeterminism,
            format!("apply({a}) failed on a clone only: {e}"),
        )
    })?;
    if c1 != *s {
        return Err((
            Property::CloneDeterminism,
            format!("a clone stepped with {a} differs from the original stepped"),
        ));
    }
    c2.apply_unchecked(a);
    if c2 != *s {
        return Err((
            Property::ApplyUnchecked,
            format!("apply_unchecked({a}) differs from apply({a})"),
        ));
    }
    Ok(())
}

fn check_serde<G: Game>(s: &G) -> Check {
    let bad = |m: String| (Property::Serde, m);
    let json = serde_json::to_string(s).map_err(|e| bad(format!("serialise: {e}")))?;
    let back: G = serde_json::from_str(&json).map_err(|e| bad(format!("deserialise: {e}")))?;
    if back != *s {
        return Err(bad(format!("round trip of {json} gives another state")));
    }
    let again = serde_json::to_string(&back).map_err(|e| bad(format!("serialise: {e}")))?;
    if again != json {
        return Err(bad(format!("re-serialised {again} differs from {json}")));
    }
    Ok(())
}

fn check_replay<G: Game>(mut replay: G, history: &[Action], fin: &G) -> Check {
    for (i, &a) in history.iter().enumerate() {
        replay.apply(a).map_err(|e| {
            (
                Property::Replay,
                format!("replay step {i}: apply({a}) failed: {e}"),
            )
        })?;
    }
    if replay != *fin {
        return Err((
            Property::Replay,
            "replaying the history gives another state".into(),
        ));
    }
    let (a, b) = (serde_json::to_string(&replay), serde_json::to_string(fin));
    match (a, b) {
        (Ok(a), Ok(b)) if a == b => Ok(()),
        (Ok(a), Ok(b)) => Err((
            Property::Replay,
            format!("replayed state serialises to {a}, the original to {b}"),
        )),
        _ => Err((Property::Serde, "final state fails to serialise".into())),
    }
}

/// Plays uniformly random games from `start` (restarting it at each end) until `decisions`
/// player decisions were made; chance outcomes are sampled from `rng` too. The loop the
/// random-play benchmarks measure: mask, choice, apply, with no allocation.
pub fn random_decisions<G: Game, R: Rng + ?Sized>(start: &G, rng: &mut R, decisions: u64) -> u64 {
    let mut g = start.clone();
    let mut made = 0;
    while made < decisions {
        match g.turn() {
            Turn::Terminal => g = start.clone(),
            Turn::Chance => {
                let a = g.chance_outcomes().sample(rng);
                g.apply_unchecked(a);
            }
            Turn::Player(_) => {
                let legal = g.legal_actions();
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap_or(0);
                g.apply_unchecked(a);
                made += 1;
            }
        }
    }
    made
}

/// Compares golden playthrough texts with the files `dir/NAME.txt`; with the environment
/// variable `BROADSIDE_BLESS` set, writes them instead (regenerating on purpose after a rules
/// change). The error names each differing file and its first differing line.
pub fn check_golden(dir: &std::path::Path, files: &[(String, String)]) -> Result<(), String> {
    let bless = std::env::var_os("BROADSIDE_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, text) in files {
        let path = dir.join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            continue;
        }
        let expected = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!(
                    "{}: {e} (run with BROADSIDE_BLESS=1 to create)",
                    path.display()
                ));
                continue;
            }
        };
        if expected != *text {
            let line = expected
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(expected.lines().count().min(text.lines().count()));
            failures.push(format!(
                "{}: first difference at line {}:\n  expected: {}\n  actual:   {}",
                path.display(),
                line + 1,
                expected.lines().nth(line).unwrap_or("<end>"),
                text.lines().nth(line).unwrap_or("<end>")
            ));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "golden playthroughs differ (rules changed? regenerate with BROADSIDE_BLESS=1):\n{}",
            failures.join("\n")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{DiceRace, HiddenPennies};

    #[test]
    fn seeds_differ_per_game_and_base() {
        let a: Vec<u64> = (0..100).map(|i| game_seed(7, i)).collect();
        let mut b = a.clone();
        b.sort_unstable();
        b.dedup();
        assert_eq!(b.len(), 100);
        assert_ne!(game_seed(7, 0), game_seed(8, 0));
    }

    #[test]
    fn harness_game_equals_play_random_game() {
        let cfg = HarnessConfig {
            games: 1,
            seed: 3,
            ..HarnessConfig::default()
        };
        let report = run_random_games(DiceRace::from_seed, &cfg).unwrap();
        let s = game_seed(3, 0);
        let mut hist = Vec::new();
        let end = play_random_game(
            DiceRace::from_seed(s),
            &mut ChaCha8Rng::seed_from_u64(s),
            cfg.max_steps,
            Some(&mut hist),
        );
        assert!(end.is_terminal());
        assert_eq!(report.steps, hist.len());
    }

    #[test]
    fn parallel_equals_serial() {
        let mut cfg = HarnessConfig {
            games: 200,
            seed: 11,
            ..HarnessConfig::default()
        };
        let par = run_random_games(HiddenPennies::from_seed, &cfg).unwrap();
        cfg.parallel = false;
        let ser = run_random_games(HiddenPennies::from_seed, &cfg).unwrap();
        assert_eq!(par, ser);
    }
}
