//! A ladder's planner (`broadside ladder DIR run`, and `broadside.ladder.run_ray` through the
//! Python bindings, which call these so that both plan the same games): the next pairs
//! where the ratings are least certain, and a batch of games from them.

use crate::ratings::{bradley_terry, expected_score};
use crate::tournament::GameRecord;

/// An interval wider than this counts as this wide when pairs are chosen (an entrant with
/// no games has an infinite one).
const WIDEST: f64 = 1000.0;

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

/// Games planned at once: the pairings of a batch are chosen from the results before it,
/// and its games are written in plan order, so the results file depends on the ladder's
/// state and seed only, never on `--concurrency` or on which game finished first.
pub const BATCH_GAMES: usize = 16;

/// The next batch: up to [`BATCH_GAMES`] games (at most `left`, rounded up to a pair), as
/// game pairs with the sides swapped, numbered from `next`.
pub fn plan_batch(
    entrants: usize,
    records: &[GameRecord],
    next: usize,
    left: usize,
) -> Vec<(usize, [usize; 2])> {
    let pairs = (BATCH_GAMES / 2).min(left.div_ceil(2));
    next_pairs(entrants, records, pairs)
        .into_iter()
        .enumerate()
        .flat_map(|(k, [i, j])| {
            let g = next + 2 * k;
            [(g, [i, j]), (g + 1, [j, i])]
        })
        .collect()
}
