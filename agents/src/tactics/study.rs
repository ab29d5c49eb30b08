//! What each tactic is worth (restricted play, Jaffe et al. 2012): an agent plays its
//! unrestricted self with one tactic forbidden, in game pairs with the sides swapped and the
//! same seeds for both games of a pair (and the same pair seeds for every tactic, so the
//! tactics meet the same battles and dice). Per tactic: the Elo the forbidden side lost with
//! a 95% interval, how often the free side used the tactic per game, and the free side's
//! win rate in games where it used the tactic early against those where it did not.

use broadside_env::ruleset::AnyGame;
use broadside_env::{Game, Turn};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::mcts::hash::{mix, splitmix64};
use crate::ratings::bradley_terry;
use crate::spec::{AgentSpec, KnownAgents};
use crate::tournament::{GameRecord, TournamentError};
use crate::{play_match, Agent, MatchConfig};

use super::{forbidden_on_any, restricted_agent, tactics_of, uses_on_any, TacticInfo};

/// Game turns that count as early where the ruleset counts turns
/// ([`KnownAgents::round`]); elsewhere the first third of the free side's decisions.
pub const EARLY_ROUNDS: u32 = 3;

/// Options of a study.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StudyConfig {
    /// Game pairs (two games, sides swapped) per tactic.
    pub pairs: usize,
    pub seed: u64,
    /// Cut games after this many decisions (a draw).
    pub max_decisions: Option<usize>,
}

/// One game of a study (read back by [`summarise`]'s callers that played the games
/// elsewhere, such as the Python package's Ray workers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyGame {
    /// The tactic forbidden, by its index in the ruleset's list.
    pub tactic: usize,
    /// The side of the restricted agent.
    pub restricted_side: usize,
    /// The seeds and actions, enough to replay the game (entrant 0: the restricted agent).
    pub record: GameRecord,
    /// Decisions of the free side that used the tactic.
    pub free_uses: usize,
    /// Whether one of them was early (see [`EARLY_ROUNDS`]).
    pub free_used_early: bool,
    /// Decisions of the restricted side that used the tactic (only where every other
    /// legal action used it too).
    pub restricted_uses: usize,
    /// Decisions of the restricted side that played a forbidden action: always 0.
    pub violations: usize,
}

/// What a tactic is worth.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TacticWorth {
    #[serde(flatten)]
    pub info: TacticInfo,
    pub games: usize,
    /// The restricted agent's score (a win 1, a draw 1/2).
    pub restricted_score: f64,
    /// Elo the agent loses when the tactic is forbidden (negative: it gains).
    pub elo_lost: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
    /// Decisions of the free side using the tactic, per game.
    pub uses_per_game: f64,
    /// Games where the free side used it early, and its score in them.
    pub early_games: usize,
    pub early_score: Option<f64>,
    /// Games where it did not, and its score in them.
    pub not_early_games: usize,
    pub not_early_score: Option<f64>,
}

/// The games of a study in order: for each tactic, each pair, first the restricted agent
/// on side 0, then on side 1.
fn scheduled(pairs: usize, seed: u64, index: usize) -> (usize, usize, u64) {
    let tactic = index / (2 * pairs);
    let k = (index / 2) % pairs;
    (tactic, index % 2, mix(seed, k as u64))
}

/// Plays the study of `ruleset`'s tactics for `spec`, in parallel; `progress` is called
/// after each game. The same seed gives the same games whatever the number of threads.
pub fn run(
    new_game: &(dyn Fn(u64) -> AnyGame + Sync),
    ruleset: &str,
    spec: &AgentSpec,
    config: &StudyConfig,
    progress: &(dyn Fn(&StudyGame) + Sync),
) -> Result<Vec<StudyGame>, TournamentError> {
    let n = tactics_of(ruleset).map_or(0, |t| t.len());
    spec.build::<AnyGame>(0)?;
    restricted_agent(spec, ruleset, 0, 0)?;
    (0..study_len(n, config.pairs))
        .into_par_iter()
        .map(|index| {
            let g = play(new_game, ruleset, spec, config, index)?;
            progress(&g);
            Ok(g)
        })
        .collect()
}

/// How many games a study of `tactics` tactics and `pairs` pairs a tactic plays.
pub fn study_len(tactics: usize, pairs: usize) -> usize {
    tactics * 2 * pairs
}

/// Plays game `index` of the study alone: the very game [`run`] plays at that index (the
/// tactic, sides and seeds depend only on the index and the config), so games spread over
/// other machines make the same report.
pub fn play(
    new_game: &(dyn Fn(u64) -> AnyGame + Sync),
    ruleset: &str,
    spec: &AgentSpec,
    config: &StudyConfig,
    index: usize,
) -> Result<StudyGame, TournamentError> {
    let (tactic, side, pair_seed) = scheduled(config.pairs, config.seed, index);
    let scenario_seed = splitmix64(pair_seed ^ 0x5CE7);
    let chance_seed = splitmix64(pair_seed ^ 0xD1CE);
    let mut restricted = restricted_agent(spec, ruleset, tactic, mix(pair_seed, 1))?;
    let mut free = spec.build::<AnyGame>(mix(pair_seed, 2))?;
    let agents: [&mut dyn Agent<AnyGame>; 2] = if side == 0 {
        [&mut restricted, &mut free]
    } else {
        [&mut free, &mut restricted]
    };
    let cfg = MatchConfig {
        chance_seed,
        max_decisions: config.max_decisions,
    };
    let start = new_game(scenario_seed);
    let out = play_match(start.clone(), agents, &cfg)?;
    let record = GameRecord {
        index,
        sides: if side == 0 { [0, 1] } else { [1, 0] },
        scenario_seed,
        chance_seed,
        returns: out.returns,
        finished: out.terminated,
        decisions: out.decisions,
        actions: out.history,
        // A forfeiting agent (a bot program that failed) loses; the study records why.
        forfeit: out.forfeit.map(|f| crate::tournament::ForfeitRecord {
            side: f.player as usize,
            reason: f.reason,
        }),
    };
    let mut game = StudyGame {
        tactic,
        restricted_side: side,
        record,
        free_uses: 0,
        free_used_early: false,
        restricted_uses: 0,
        violations: 0,
    };
    tally(start, &mut game);
    Ok(game)
}

/// Replays `game` from `start` and counts each side's uses of its tactic.
fn tally(start: AnyGame, game: &mut StudyGame) {
    let mut state = start;
    let first_round = <AnyGame as KnownAgents>::round(&state);
    // (round, decision number) of each use by the free side.
    let mut free: Vec<(u32, usize)> = Vec::new();
    let mut free_decisions = 0;
    for &a in &game.record.actions {
        if let Turn::Player(p) = state.turn() {
            let uses = uses_on_any(&state, game.tactic, a);
            if p as usize == game.restricted_side {
                game.restricted_uses += uses as usize;
                game.violations += forbidden_on_any(&state, game.tactic, a) as usize;
            } else {
                if uses {
                    free.push((<AnyGame as KnownAgents>::round(&state), free_decisions));
                }
                free_decisions += 1;
            }
        }
        if state.apply(a).is_err() {
            break;
        }
    }
    let last_round = <AnyGame as KnownAgents>::round(&state);
    game.free_uses = free.len();
    game.free_used_early = free.iter().any(|&(round, k)| {
        if last_round > first_round {
            round < first_round + EARLY_ROUNDS
        } else {
            3 * k < free_decisions
        }
    });
}

/// The worth of each tactic of `tactics` from the games of a study.
pub fn summarise(tactics: &[TacticInfo], games: &[StudyGame]) -> Vec<TacticWorth> {
    tactics
        .iter()
        .enumerate()
        .map(|(t, info)| {
            let mine: Vec<&StudyGame> = games.iter().filter(|g| g.tactic == t).collect();
            let records: Vec<GameRecord> = mine.iter().map(|g| g.record.clone()).collect();
            let ratings = bradley_terry(2, &records);
            let score = |gs: &[&StudyGame], entrant| -> Option<f64> {
                let s: Vec<f64> = gs
                    .iter()
                    .filter_map(|g| g.record.score_of(entrant))
                    .collect();
                (!s.is_empty()).then(|| s.iter().sum::<f64>() / s.len() as f64)
            };
            let (early, late): (Vec<&StudyGame>, Vec<&StudyGame>) =
                mine.iter().partition(|g| g.free_used_early);
            TacticWorth {
                info: *info,
                games: mine.len(),
                restricted_score: score(&mine, 0).unwrap_or(0.5),
                elo_lost: if mine.is_empty() {
                    0.0
                } else {
                    ratings[1].elo - ratings[0].elo
                },
                ci95: ratings[0].ci95,
                uses_per_game: if mine.is_empty() {
                    0.0
                } else {
                    mine.iter().map(|g| g.free_uses).sum::<usize>() as f64 / mine.len() as f64
                },
                early_games: early.len(),
                early_score: score(&early, 1),
                not_early_games: late.len(),
                not_early_score: score(&late, 1),
            }
        })
        .collect()
}
