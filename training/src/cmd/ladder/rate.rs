//! A ladder's ratings and pairings: a joint Bradley-Terry fit over every game, anchored so
//! `random` is 0, and the next pairs chosen where the ratings are least certain.

use broadside_agents::ratings::{bradley_terry, expected_score};
use broadside_agents::tournament::{cross_table, standings, GameRecord};
use serde::Serialize;

/// An interval wider than this counts as this wide when pairs are chosen (an entrant with
/// no games has an infinite one).
const WIDEST: f64 = 1000.0;

/// One entrant's line of the leaderboard.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    pub name: String,
    pub spec: String,
    /// Elo, `random` at 0 (or the entrants' mean where no entrant is `random`).
    pub elo: f64,
    /// Half-width of the 95% interval (`null` in JSON before an entrant has played).
    pub ci95: Option<f64>,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub forfeits: usize,
    pub score: f64,
}

/// The ratings of `n` entrants; `anchor` is the entrant held at 0.
pub fn rows(names: &[(String, String)], anchor: Option<usize>, games: &[GameRecord]) -> Vec<Row> {
    let n = names.len();
    let ratings = bradley_terry(n, games);
    let st = standings(n, games);
    let zero = anchor.map_or(0.0, |a| ratings[a].elo);
    (0..n)
        .map(|i| Row {
            name: names[i].0.clone(),
            spec: names[i].1.clone(),
            elo: ratings[i].elo - zero,
            ci95: ratings[i].ci95.is_finite().then_some(ratings[i].ci95),
            games: st[i].games,
            wins: st[i].wins,
            draws: st[i].draws,
            losses: st[i].losses,
            forfeits: games
                .iter()
                .filter(|g| g.forfeit.as_ref().is_some_and(|f| g.sides[f.side] == i))
                .count(),
            score: st[i].score,
        })
        .collect()
}

/// The pairwise score table: `[i][j]` is `i`'s mean score against `j` and the games.
pub fn table(n: usize, games: &[GameRecord]) -> Vec<Vec<Option<(f64, usize)>>> {
    let scores = cross_table(n, games);
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let met = games
                        .iter()
                        .filter(|g| g.sides == [i, j] || g.sides == [j, i])
                        .count();
                    scores[i][j].map(|s| (s, met))
                })
                .collect()
        })
        .collect()
}

/// The next `count` pairings: each time the pair whose game tells most, the sum of the two
/// entrants' interval widths weighted by how even the pair is (`4p(1-p)`, 1 for an even
/// pair) and divided by the square root of the games they have played together. A pair
/// chosen counts as having played two more games before the next choice, so a batch
/// spreads over the pairs.
pub fn next_pairs(n: usize, games: &[GameRecord], count: usize) -> Vec<[usize; 2]> {
    let ratings = bradley_terry(n, games);
    let mut met = vec![vec![0usize; n]; n];
    for g in games {
        let [a, b] = g.sides;
        met[a][b] += 1;
        met[b][a] += 1;
    }
    let width = |i: usize| ratings[i].ci95.min(WIDEST);
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut best: Option<(f64, [usize; 2])> = None;
        for i in 0..n {
            for j in i + 1..n {
                let p = expected_score(ratings[i].elo - ratings[j].elo);
                let v =
                    (width(i) + width(j)) * 4.0 * p * (1.0 - p) / (1.0 + met[i][j] as f64).sqrt();
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, [i, j]));
                }
            }
        }
        let Some((_, [i, j])) = best else { break };
        met[i][j] += 2;
        met[j][i] += 2;
        out.push([i, j]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, r0: f64) -> GameRecord {
        GameRecord {
            index: 0,
            sides: [a, b],
            scenario_seed: 0,
            chance_seed: 0,
            returns: [r0, -r0],
            finished: true,
            decisions: 1,
            actions: Vec::new(),
            forfeit: None,
        }
    }

    #[test]
    fn pairs_go_first_to_the_entrant_nobody_has_met_and_random_is_zero() {
        // 0 and 1 have met forty times; 2 is new: every first pair must include 2.
        let games: Vec<_> = (0..40).map(|k| game(k % 2, 1 - k % 2, 1.0)).collect();
        let pairs = next_pairs(3, &games, 2);
        assert!(pairs.iter().all(|p| p.contains(&2)), "{pairs:?}");
        let names: Vec<_> = (0..3).map(|i| (format!("e{i}"), "random".into())).collect();
        let r = rows(&names, Some(1), &games);
        assert_eq!(r[1].elo, 0.0);
        assert!(r[2].ci95.is_none() && r[0].ci95.is_some());
    }
}
