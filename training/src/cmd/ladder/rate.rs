//! A ladder's ratings: a joint Bradley-Terry fit over every game, anchored so `random` is 0,
//! and the pairwise score table. The pairings are `broadside_agents::ladder`'s, shared with
//! the Python bindings.

use broadside_agents::ratings::bradley_terry;
use broadside_agents::tournament::{cross_table, standings, GameRecord};
use serde::Serialize;

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

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_agents::ladder::next_pairs;

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
