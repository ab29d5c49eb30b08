//! How often agents choose alike: on the positions of one agent's games, the share of its
//! decisions that other agents, the *shadows*, would have made too, by kind of decision.
//!
//! Why: a network trained to imitate a teacher's choices cannot agree with them more often
//! than the teacher's choices are predictable. With the teacher's own spec as the shadow
//! (built with other seeds), the agreement is how often two draws of the teacher pick the
//! same order (the sum of its choice probabilities squared); with several shadows, the
//! modal share estimates the best any predictor could score (the most likely choice's
//! probability, overestimated a little with few shadows). A fitted network's agreement
//! (`broadside fit`'s `by_kind`) reads against these.
//!
//! The shadows only watch: the game goes on with the main agent's choice, and a shadow's
//! choice that is not even legal counts as a disagreement. Each shadow is asked at every
//! decision of the main agent's side, so its own memory (a search tree kept between
//! sub-decisions) follows the game as it would in play.

use std::collections::BTreeMap;

use broadside_env::{Action, Game, Player, NUM_PLAYERS};
use rayon::prelude::*;
use serde::Serialize;

use crate::mcts::hash::mix;
use crate::spec::{AgentSpec, KnownAgents};
use crate::tournament::{game_seeds, score_of_return, TournamentError};
use crate::{play_match, Agent, MatchConfig, SearchControl};

/// What to measure.
#[derive(Debug, Clone)]
pub struct AgreementConfig {
    /// The agent whose games and choices are measured.
    pub main: AgentSpec,
    /// The agent that plays the main agent's opponent; `None`: the main agent plays both
    /// sides and both sides' decisions are measured.
    pub opponent: Option<AgentSpec>,
    /// The agent asked beside the main one (often the main spec itself).
    pub shadow: AgentSpec,
    /// How many shadows, each built with its own seed.
    pub shadows: usize,
    /// Game pairs: against an opponent the main agent plays side 0, then side 1, with the
    /// same scenario seed and dice seed.
    pub pairs: usize,
    pub seed: u64,
    /// Cut a game after this many decisions.
    pub max_decisions: Option<usize>,
}

/// Why a measurement stopped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AgreementError {
    #[error(transparent)]
    Game(#[from] TournamentError),
    /// A shadow gave up (a bot program that crashed or hung): its choices would count as
    /// disagreements that are not the main agent's.
    #[error("game {game}: the shadow {shadow} gave up: {reason}")]
    ShadowForfeit {
        game: usize,
        shadow: String,
        reason: String,
    },
    #[error("an agreement needs at least one shadow and one pair of games")]
    Empty,
}

/// The counts of one kind of decision.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct KindCount {
    /// Decisions of the main agent of this kind.
    decisions: usize,
    /// Shadows that chose as the main agent did, summed over those decisions.
    agreed: usize,
    /// The largest number of the main agent and its shadows that chose one order, summed.
    modal: usize,
}

impl KindCount {
    fn add(&mut self, other: KindCount) {
        self.decisions += other.decisions;
        self.agreed += other.agreed;
        self.modal += other.modal;
    }
}

/// Counts by kind; a BTreeMap so the report's order never depends on hashing.
type Counts = BTreeMap<&'static str, KindCount>;

/// Adds `from`'s counts to `into`'s, kind by kind.
fn merge(into: &mut Counts, from: &Counts) {
    for (kind, c) in from {
        into.entry(kind).or_default().add(*c);
    }
}

/// The agreement on one kind of decision, or on all of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KindAgreement {
    /// The kind of the main agent's choice ([`broadside_env::GameSpec::action_kind`]), or
    /// `all`.
    pub kind: String,
    pub decisions: usize,
    /// The share of (decision, shadow) pairs where the shadow chose as the main agent did.
    pub agreement: f64,
    /// The mean share of the main agent and its shadows that made the most common choice.
    pub modal: f64,
}

/// The result of a measurement.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Agreement {
    pub games: usize,
    pub shadows: usize,
    /// The main agent's mean score in its games (win 1, draw 0.5); 0.5 when it plays itself.
    pub main_score: f64,
    pub overall: KindAgreement,
    /// Most decisions first.
    pub by_kind: Vec<KindAgreement>,
}

/// The main agent with its shadows: plays as the main agent and counts the shadows' votes.
struct Watched<G: Game> {
    main: Box<dyn Agent<G>>,
    shadows: Vec<Box<dyn Agent<G>>>,
    counts: Counts,
    /// The shadows' choices at the current decision (kept to reuse its memory).
    votes: Vec<Action>,
}

impl<G: Game> Agent<G> for Watched<G> {
    fn name(&self) -> String {
        self.main.name()
    }

    fn choose(&mut self, state: &G, player: Player) -> Action {
        let chosen = self.main.choose(state, player);
        self.votes.clear();
        for shadow in &mut self.shadows {
            self.votes.push(shadow.choose(state, player));
        }
        let agreed = self.votes.iter().filter(|&&v| v == chosen).count();
        // The most common choice among the main agent's and the shadows' (few shadows, so
        // counting each against the rest costs less than a map).
        let modal = self
            .votes
            .iter()
            .map(|&v| self.votes.iter().filter(|&&w| w == v).count() + usize::from(v == chosen))
            .chain(std::iter::once(agreed + 1))
            .max()
            .unwrap_or(1);
        self.counts
            .entry(state.spec().action_kind(chosen))
            .or_default()
            .add(KindCount {
                decisions: 1,
                agreed,
                modal,
            });
        chosen
    }

    fn set_control(&mut self, control: Option<SearchControl>) {
        self.main.set_control(control)
    }

    fn forfeit(&self) -> Option<String> {
        self.main.forfeit()
    }

    fn game_over(
        &mut self,
        state: &G,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        self.main.game_over(state, player, returns, reason);
        for shadow in &mut self.shadows {
            shadow.game_over(state, player, returns, reason);
        }
    }
}

/// One game's counts and the main agent's score in it.
struct GameCounts {
    counts: Counts,
    score: f64,
}

/// Plays game `index` of the measurement.
fn play_one<G: KnownAgents>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    config: &AgreementConfig,
    index: usize,
) -> Result<GameCounts, AgreementError> {
    let pair_seed = mix(config.seed, (index / 2) as u64);
    let (scenario_seed, chance_seed) = game_seeds(pair_seed);
    let agent_seed = |role: u64| mix(pair_seed, 2 * index as u64 + 1 + 16 * role);
    let watched = |side: u64| -> Result<Watched<G>, AgreementError> {
        let main = config
            .main
            .build::<G>(agent_seed(side))
            .map_err(TournamentError::from)?;
        let shadows = (0..config.shadows as u64)
            .map(|k| config.shadow.build::<G>(agent_seed(2 + 2 * k + side)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(TournamentError::from)?;
        Ok(Watched {
            main,
            votes: Vec::with_capacity(shadows.len()),
            shadows,
            counts: Counts::new(),
        })
    };
    let match_config = MatchConfig {
        chance_seed,
        max_decisions: config.max_decisions,
    };
    let game = new_game(scenario_seed);
    let (counts, shadows, score) = match &config.opponent {
        None => {
            let (mut a, mut b) = (watched(0)?, watched(1)?);
            play_match(game, [&mut a, &mut b], &match_config).map_err(TournamentError::from)?;
            let mut counts = a.counts;
            merge(&mut counts, &b.counts);
            let shadows: Vec<_> = a.shadows.into_iter().chain(b.shadows).collect();
            (counts, shadows, 0.5)
        }
        Some(opponent) => {
            let side = index % 2;
            let mut main = watched(side as u64)?;
            let mut other = opponent
                .build::<G>(agent_seed(1 - side as u64))
                .map_err(TournamentError::from)?;
            let agents: [&mut dyn Agent<G>; NUM_PLAYERS] = if side == 0 {
                [&mut main, &mut other]
            } else {
                [&mut other, &mut main]
            };
            let out = play_match(game, agents, &match_config).map_err(TournamentError::from)?;
            let score = score_of_return(out.returns[side]);
            (main.counts, main.shadows, score)
        }
    };
    if let Some((shadow, reason)) = shadows
        .iter()
        .find_map(|s| s.forfeit().map(|r| (s.name(), r)))
    {
        return Err(AgreementError::ShadowForfeit {
            game: index,
            shadow,
            reason,
        });
    }
    Ok(GameCounts { counts, score })
}

/// Plays the measurement's `2 * pairs` games in parallel, calling `progress` after each.
/// The same config and seed give the same figures whatever the threads (for agents with a
/// simulation budget, not a time budget).
pub fn measure<G: KnownAgents>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    config: &AgreementConfig,
    progress: &(dyn Fn() + Sync),
) -> Result<Agreement, AgreementError> {
    if config.shadows == 0 || config.pairs == 0 {
        return Err(AgreementError::Empty);
    }
    // Build every agent once before any game, so a bad spec fails at once.
    for spec in [&config.main, &config.shadow]
        .into_iter()
        .chain(config.opponent.as_ref())
    {
        spec.build::<G>(0).map_err(TournamentError::from)?;
    }
    let games = 2 * config.pairs;
    let played: Vec<GameCounts> = (0..games)
        .into_par_iter()
        .map(|index| {
            let g = play_one(new_game, config, index)?;
            progress();
            Ok(g)
        })
        .collect::<Result<_, AgreementError>>()?;
    let mut counts = Counts::new();
    let mut score = 0.0;
    for g in &played {
        score += g.score;
        merge(&mut counts, &g.counts);
    }
    let shadows = config.shadows;
    let row = |kind: &str, c: KindCount| {
        let n = c.decisions.max(1) as f64;
        KindAgreement {
            kind: kind.to_string(),
            decisions: c.decisions,
            agreement: c.agreed as f64 / (n * shadows as f64),
            modal: c.modal as f64 / (n * (shadows + 1) as f64),
        }
    };
    let mut all = KindCount::default();
    for c in counts.values() {
        all.add(*c);
    }
    let mut by_kind: Vec<KindAgreement> = counts.iter().map(|(k, c)| row(k, *c)).collect();
    by_kind.sort_by_key(|k| std::cmp::Reverse(k.decisions));
    Ok(Agreement {
        games,
        shadows,
        main_score: score / games as f64,
        overall: row("all", all),
        by_kind,
    })
}
