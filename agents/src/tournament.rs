//! Tournaments: round robins of agents named by spec strings, played in parallel with
//! rayon, every pairing played as game pairs with the sides swapped and the same scenario
//! seed and dice seed for both games of a pair (so luck of the dice and of the deal cancels).
//!
//! Per-game seeds derive from the tournament seed and the game's index, never from thread
//! timing, so a tournament of simulation-budget agents is reproducible.

use broadside_env::{Action, Game};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::mcts::hash::{mix, splitmix64};
use crate::spec::{AgentSpec, KnownAgents, SpecError};
use crate::{play_match, Agent, MatchConfig, MatchError};

/// Why a tournament stopped.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TournamentError {
    /// An agent spec could not be built for this ruleset.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// An agent broke the rules.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// Fewer than two agents.
    #[error("a tournament needs at least two agents")]
    TooFewAgents,
}

/// One game of a tournament, enough to replay it: the scenario seed and every action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in the tournament.
    pub index: usize,
    /// Entrant indices playing side 0 and side 1.
    pub sides: [usize; 2],
    /// Seed given to the scenario factory.
    pub scenario_seed: u64,
    /// Seed of the dice.
    pub chance_seed: u64,
    /// Returns of side 0 and side 1.
    pub returns: [f64; 2],
    /// Whether the game ended (false: cut at the decision limit, scored as a draw).
    pub finished: bool,
    pub decisions: usize,
    /// Every action from the start, chance outcomes included.
    pub actions: Vec<Action>,
    /// The side that gave the game up and why (a bot that crashed, hung, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<ForfeitRecord>,
}

/// A forfeited game: which side gave up, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitRecord {
    pub side: usize,
    pub reason: String,
}

/// The score of a side's return: 1 win, 0.5 draw, 0 loss (returns clamped to [-1, 1]).
pub fn score_of_return(ret: f64) -> f64 {
    (ret.clamp(-1.0, 1.0) + 1.0) / 2.0
}

impl GameRecord {
    /// Score of entrant `e` in this game: 1 win, 0.5 draw, 0 loss.
    pub fn score_of(&self, e: usize) -> Option<f64> {
        let side = self.sides.iter().position(|&x| x == e)?;
        Some(score_of_return(self.returns[side]))
    }
}

/// Options of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// Game pairs (two games, sides swapped) per pairing of agents.
    pub pairs_per_pairing: usize,
    pub seed: u64,
    /// Cut games after this many decisions (scored as draws); `None` plays to the end.
    pub max_decisions: Option<usize>,
}

/// The scenario seed and the dice seed of a game pair's two games.
pub fn game_seeds(pair_seed: u64) -> (u64, u64) {
    (
        splitmix64(pair_seed ^ 0x5CE7),
        splitmix64(pair_seed ^ 0xD1CE),
    )
}

/// Plays game `index` between entrants `a` (side 0) and `b` (side 1).
pub fn play_game<G: KnownAgents>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    sides: [usize; 2],
    index: usize,
    pair_seed: u64,
    max_decisions: Option<usize>,
) -> Result<GameRecord, TournamentError> {
    let (scenario_seed, chance_seed) = game_seeds(pair_seed);
    let mut a = specs[sides[0]].build::<G>(mix(pair_seed, 2 * index as u64 + 1))?;
    let mut b = specs[sides[1]].build::<G>(mix(pair_seed, 2 * index as u64 + 2))?;
    let agents: [&mut dyn Agent<G>; 2] = [&mut a, &mut b];
    let cfg = MatchConfig {
        chance_seed,
        max_decisions,
    };
    let out = play_match(new_game(scenario_seed), agents, &cfg)?;
    Ok(GameRecord {
        index,
        sides,
        scenario_seed,
        chance_seed,
        returns: out.returns,
        finished: out.terminated,
        decisions: out.decisions,
        actions: out.history,
        forfeit: out.forfeit.map(|f| ForfeitRecord {
            side: f.player as usize,
            reason: f.reason,
        }),
    })
}

/// The games of a round robin, in order: for each pairing `(i, j)`, `i < j`, and each pair,
/// first `i` on side 0, then the same seeds with `j` on side 0.
pub fn schedule(entrants: usize, pairs: usize, seed: u64) -> Vec<([usize; 2], u64)> {
    (0..schedule_len(entrants, pairs))
        .map(|index| scheduled_game(entrants, pairs, seed, index))
        .collect()
}

/// How many games [`schedule`] lists (saturating: a count too large for memory is refused by
/// the caller, never built).
pub fn schedule_len(entrants: usize, pairs: usize) -> usize {
    let pairings = entrants.saturating_mul(entrants.saturating_sub(1)) / 2;
    pairings.saturating_mul(pairs).saturating_mul(2)
}

/// Game `index` of [`schedule`], computed on its own, so a tournament starts at once however
/// many games it has (the schedule is never built whole).
pub fn scheduled_game(entrants: usize, pairs: usize, seed: u64, index: usize) -> ([usize; 2], u64) {
    let per_pairing = 2 * pairs;
    let (mut pairing, within) = (index / per_pairing, index % per_pairing);
    let (k, swapped) = (within / 2, within % 2 == 1);
    let mut i = 0;
    // Pairings in order (0,1), (0,2), ..., (1,2), ...: row i holds entrants - 1 - i of them.
    while pairing >= entrants - 1 - i {
        pairing -= entrants - 1 - i;
        i += 1;
    }
    let j = i + 1 + pairing;
    let pair_seed = mix(mix(seed, (i * 1000 + j) as u64), k as u64);
    (if swapped { [j, i] } else { [i, j] }, pair_seed)
}

/// Plays a round robin between `specs`, in parallel; `progress` is called after each game.
pub fn round_robin<G: KnownAgents>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec],
    config: &TournamentConfig,
    progress: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Vec<GameRecord>, TournamentError> {
    if specs.len() < 2 {
        return Err(TournamentError::TooFewAgents);
    }
    for s in specs {
        s.build::<G>(0)?;
    }
    let (n, pairs, seed) = (specs.len(), config.pairs_per_pairing, config.seed);
    (0..schedule_len(n, pairs))
        .into_par_iter()
        .map(|index| {
            let (sides, pair_seed) = scheduled_game(n, pairs, seed, index);
            let r = play_game(
                new_game,
                specs,
                sides,
                index,
                pair_seed,
                config.max_decisions,
            )?;
            progress(&r);
            Ok(r)
        })
        .collect()
}

/// Per-entrant totals of a set of games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub entrant: usize,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Mean score (win 1, draw 0.5).
    pub score: f64,
}

/// Wins, draws and losses of every entrant.
pub fn standings(entrants: usize, games: &[GameRecord]) -> Vec<Standing> {
    (0..entrants)
        .map(|e| {
            let scores: Vec<f64> = games.iter().filter_map(|g| g.score_of(e)).collect();
            let wins = scores.iter().filter(|&&s| s > 0.75).count();
            let losses = scores.iter().filter(|&&s| s < 0.25).count();
            Standing {
                entrant: e,
                games: scores.len(),
                wins,
                losses,
                draws: scores.len() - wins - losses,
                score: scores.iter().sum::<f64>() / scores.len().max(1) as f64,
            }
        })
        .collect()
}

/// Mean score of each entrant against each other: `table[i][j]` is `i`'s score against `j`.
pub fn cross_table(entrants: usize, games: &[GameRecord]) -> Vec<Vec<Option<f64>>> {
    let mut sum = vec![vec![(0.0, 0usize); entrants]; entrants];
    for g in games {
        let [a, b] = g.sides;
        if let (Some(sa), Some(sb)) = (g.score_of(a), g.score_of(b)) {
            sum[a][b].0 += sa;
            sum[a][b].1 += 1;
            sum[b][a].0 += sb;
            sum[b][a].1 += 1;
        }
    }
    sum.into_iter()
        .map(|row| {
            row.into_iter()
                .map(|(s, n)| (n > 0).then(|| s / n as f64))
                .collect()
        })
        .collect()
}

/// `G`'s `Game` bound is all the records need to be replayed: this checks one.
pub fn replay<G: Game>(start: G, record: &GameRecord) -> Result<G, broadside_env::ActionError> {
    let mut g = start;
    for &a in &record.actions {
        g.apply(a)?;
    }
    Ok(g)
}

/// The result of [`sprt_match`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtRun {
    pub test: crate::ratings::Sprt,
    pub decision: crate::ratings::SprtDecision,
    pub games: Vec<GameRecord>,
}

/// Options of [`sprt_match`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtConfig {
    pub seed: u64,
    /// Game pairs played in parallel between two looks at the test.
    pub batch: usize,
    /// Give up undecided after this many pairs.
    pub max_pairs: usize,
    /// Cut games after this many decisions (draws).
    pub max_decisions: Option<usize>,
}

/// An SPRT between `specs[0]` and `specs[1]`: game pairs with swapped sides, played
/// `batch` pairs at a time in parallel, stopping as soon as the test decides or after
/// `max_pairs` pairs. Batches are fixed by the seed, so the run is reproducible.
pub fn sprt_match<G: KnownAgents>(
    new_game: &(dyn Fn(u64) -> G + Sync),
    specs: &[AgentSpec; 2],
    test: crate::ratings::Sprt,
    config: &SprtConfig,
    progress: &(dyn Fn(&crate::ratings::Sprt) + Sync),
) -> Result<SprtRun, TournamentError> {
    use crate::ratings::SprtDecision;
    let SprtConfig {
        seed,
        batch,
        max_pairs,
        max_decisions,
    } = *config;
    for s in specs {
        s.build::<G>(0)?;
    }
    let mut test = test;
    let mut games = Vec::new();
    let mut pair = 0usize;
    while test.decision() == SprtDecision::Continue && pair < max_pairs {
        let n = batch.max(1).min(max_pairs - pair);
        let played: Result<Vec<[GameRecord; 2]>, TournamentError> = (pair..pair + n)
            .into_par_iter()
            .map(|k| {
                let pair_seed = mix(seed, k as u64);
                Ok([
                    play_game(new_game, specs, [0, 1], 2 * k, pair_seed, max_decisions)?,
                    play_game(new_game, specs, [1, 0], 2 * k + 1, pair_seed, max_decisions)?,
                ])
            })
            .collect();
        for [a, b] in played? {
            test.add_pair(a.score_of(0).unwrap_or(0.5), b.score_of(0).unwrap_or(0.5));
            games.push(a);
            games.push(b);
            progress(&test);
            if test.decision() != SprtDecision::Continue {
                break;
            }
        }
        pair += n;
    }
    let decision = test.decision();
    Ok(SprtRun {
        test,
        decision,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_pairs_swap_sides_and_share_seeds() {
        let (entrants, pairs) = (4, 3);
        let games = schedule(entrants, pairs, 9);
        assert_eq!(games.len(), entrants * (entrants - 1) / 2 * pairs * 2);
        for pair in games.chunks_exact(2) {
            let (([a0, a1], sa), ([b0, b1], sb)) = (pair[0], pair[1]);
            assert!(a0 < a1, "{pair:?}");
            assert_eq!([b0, b1], [a1, a0], "sides not swapped: {pair:?}");
            assert_eq!(sa, sb, "seeds differ: {pair:?}");
        }
        let mut seeds: Vec<u64> = games.iter().step_by(2).map(|g| g.1).collect();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), games.len() / 2, "pairs share seeds");
        for i in 0..entrants {
            for j in 0..entrants {
                let n = games.iter().filter(|g| g.0 == [i, j]).count();
                assert_eq!(n, if i == j { 0 } else { pairs }, "[{i}, {j}]");
            }
        }
        assert_eq!(games, schedule(entrants, pairs, 9));
        assert_ne!(games, schedule(entrants, pairs, 10));
    }

    #[test]
    fn each_game_of_the_schedule_is_computed_alone_as_the_nested_loops_list_it() {
        // The order the tournament always had (and its seeds): kept by the lazy schedule.
        for (entrants, pairs) in [(2, 1), (2, 5), (3, 2), (5, 3), (7, 1)] {
            let mut expected = Vec::new();
            for i in 0..entrants {
                for j in i + 1..entrants {
                    for k in 0..pairs {
                        let pair_seed = mix(mix(4, (i * 1000 + j) as u64), k as u64);
                        expected.push(([i, j], pair_seed));
                        expected.push(([j, i], pair_seed));
                    }
                }
            }
            assert_eq!(schedule_len(entrants, pairs), expected.len());
            let lazy: Vec<_> = (0..expected.len())
                .map(|k| scheduled_game(entrants, pairs, 4, k))
                .collect();
            assert_eq!(lazy, expected, "{entrants} entrants, {pairs} pairs");
        }
        // A billion pairs: the last game is found at once, nothing is built.
        let n = schedule_len(3, 1_000_000_000);
        assert_eq!(n, 6_000_000_000);
        assert_eq!(scheduled_game(3, 1_000_000_000, 4, n - 1).0, [2, 1]);
    }
}
