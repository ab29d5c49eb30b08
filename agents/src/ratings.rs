//! Ratings: Bradley-Terry strengths fitted by maximum likelihood over all games (draws count
//! half a win each way), shown as Elo with 95% confidence intervals; and a sequential
//! probability ratio test between two agents, fishtest style.

use serde::{Deserialize, Serialize};

use crate::tournament::GameRecord;

/// Elo points per natural-log unit of Bradley-Terry strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One entrant's rating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub entrant: usize,
    /// Elo, with the entrants' mean at 0.
    pub elo: f64,
    /// Half-width of the 95% confidence interval, in Elo.
    pub ci95: f64,
    pub games: usize,
}

/// Fits Bradley-Terry strengths to the games (minorisation-maximisation, Hunter 2004).
/// Every pairing that met gets one virtual draw, so a perfect score has a finite rating.
/// The interval comes from the Fisher information of each strength with the others fixed.
pub fn bradley_terry(entrants: usize, games: &[GameRecord]) -> Vec<Rating> {
    let n = entrants;
    // Scores (a draw is half a win for each side) and games played, pairing by pairing.
    let mut wins = vec![vec![0.0f64; n]; n];
    let mut played = vec![vec![0usize; n]; n];
    for g in games {
        let [a, b] = g.sides;
        if let Some(sa) = g.score_of(a) {
            wins[a][b] += sa;
            wins[b][a] += 1.0 - sa;
            played[a][b] += 1;
            played[b][a] += 1;
        }
    }
    // The prior: one drawn game added to every pairing that met (half a win each way), so
    // a clean sweep has a finite rating. Both directions get it before the games met are
    // counted, so `met` is symmetric and identical records give identical ratings.
    let mut met = vec![vec![0.0f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && played[i][j] > 0 {
                wins[i][j] += 0.5;
                met[i][j] = played[i][j] as f64 + 1.0;
            }
        }
    }
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let w: f64 = wins[i].iter().sum();
            let d: f64 = (0..n)
                .filter(|&j| j != i && met[i][j] > 0.0)
                .map(|j| met[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if d > 0.0 && w > 0.0 {
                next[i] = w / d;
            }
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
        for g in &mut next {
            *g = (g.ln() - mean_log).exp();
        }
        let delta: f64 = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if delta < 1e-10 {
            break;
        }
    }
    (0..n)
        .map(|i| {
            let info: f64 = (0..n)
                .filter(|&j| j != i && met[i][j] > 0.0)
                .map(|j| {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    met[i][j] * p * (1.0 - p)
                })
                .sum();
            Rating {
                entrant: i,
                elo: gamma[i].ln() * ELO_PER_NAT,
                ci95: if info > 0.0 {
                    1.96 * ELO_PER_NAT / info.sqrt()
                } else {
                    f64::INFINITY
                },
                games: games.iter().filter(|g| g.sides.contains(&i)).count(),
            }
        })
        .collect()
}

/// Expected score of an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Game pairs an SPRT plays before it may decide.
pub const MIN_PAIRS: usize = 4;

/// Pseudo-pairs of prior variance mixed into the pair scores' variance ([`Sprt::llr`]).
/// With the empirical variance alone, four alike pairs had a variance near 0 and decided at
/// once: a 3-1-4 record accepted H0 (llr -3.7) and a 6-1-1 record H1 after 8 games each.
/// Eight pseudo-pairs make such a record keep playing, and vanish beside the tens of pairs a
/// real decision takes.
pub const PRIOR_PAIRS: f64 = 8.0;

/// The prior variance of a pair score: that of two independent even games without draws
/// (`0.25 / 2`), the most a pair of games between near-equal agents usually shows.
pub const PRIOR_PAIR_VARIANCE: f64 = 0.125;

/// The decision of an SPRT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SprtDecision {
    /// H1 accepted: the first agent is at least `elo1` stronger.
    AcceptH1,
    /// H0 accepted: it is at most `elo0` stronger.
    AcceptH0,
    /// Not decided yet.
    Continue,
}

/// A sequential probability ratio test over game pairs (fishtest's GSPRT with the
/// pentanomial pair scores): H0 "elo <= elo0" against H1 "elo >= elo1", stopping when the
/// log-likelihood ratio leaves `[lower, upper]`, Wald's bounds `ln(beta / (1 - alpha))` and
/// `ln((1 - beta) / alpha)` (±2.94 for alpha = beta = 0.05).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    pub lower: f64,
    pub upper: f64,
    /// Scores of the first agent in each game pair (0, 0.25, ..., 1).
    pub pair_scores: Vec<f64>,
}

/// An SPRT error rate that is not above 0 and below 0.5 (the bounds must be finite, the
/// lower one below the upper one).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{name} (the chance of a wrong {verdict}) must be above 0 and below 0.5, not {value}")]
pub struct ErrorRateError {
    pub name: &'static str,
    pub verdict: &'static str,
    pub value: f64,
}

impl Sprt {
    /// A test with fishtest's bounds for alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Self {
        Self::with_errors(elo0, elo1, 0.05, 0.05).expect("0.05 is a valid error rate")
    }

    /// A test that accepts H1 wrongly with probability `alpha` and H0 wrongly with
    /// probability `beta`.
    pub fn with_errors(
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
    ) -> Result<Self, ErrorRateError> {
        for (name, verdict, value) in [("alpha", "H1", alpha), ("beta", "H0", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(ErrorRateError {
                    name,
                    verdict,
                    value,
                });
            }
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
            lower: (beta / (1.0 - alpha)).ln(),
            upper: ((1.0 - beta) / alpha).ln(),
            pair_scores: Vec::new(),
        })
    }

    /// Adds a game pair: the first agent's scores in its two games (1, 0.5 or 0 each).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        self.pair_scores.push((first + second) / 2.0);
    }

    /// The log-likelihood ratio so far (normal approximation of the pair-score mean).
    pub fn llr(&self) -> f64 {
        let n = self.pair_scores.len() as f64;
        // Too few pairs say nothing about the variance.
        if n < MIN_PAIRS as f64 {
            return 0.0;
        }
        let mean = self.pair_scores.iter().sum::<f64>() / n;
        let var = self
            .pair_scores
            .iter()
            .map(|x| (x - mean).powi(2))
            .sum::<f64>()
            / n;
        // Few pairs say little about the variance: shrink it toward the prior's, so that an
        // unbroken streak or a handful of alike pairs cannot give a huge ratio at once.
        let var = ((n * var + PRIOR_PAIRS * PRIOR_PAIR_VARIANCE) / (n + PRIOR_PAIRS)).max(0.02);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// What the test says now.
    pub fn decision(&self) -> SprtDecision {
        let l = self.llr();
        if l >= self.upper {
            SprtDecision::AcceptH1
        } else if l <= self.lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, score_a: f64) -> GameRecord {
        GameRecord {
            index: 0,
            sides: [a, b],
            scenario_seed: 0,
            chance_seed: 0,
            returns: [2.0 * score_a - 1.0, 1.0 - 2.0 * score_a],
            finished: true,
            decisions: 0,
            actions: Vec::new(),
            forfeit: None,
        }
    }

    #[test]
    fn bradley_terry_orders_and_recovers_a_known_gap() {
        // 0 scores 76% against 1 (about +200 Elo); 1 and 2 are even.
        let mut games = Vec::new();
        for k in 0..400 {
            games.push(game(0, 1, if k % 25 < 19 { 1.0 } else { 0.0 }));
            games.push(game(1, 2, if k % 2 == 0 { 1.0 } else { 0.0 }));
        }
        let r = bradley_terry(3, &games);
        let gap = r[0].elo - r[1].elo;
        assert!((gap - 200.0).abs() < 15.0, "{r:?}");
        assert!((r[1].elo - r[2].elo).abs() < 10.0, "{r:?}");
        assert!(r.iter().all(|x| x.ci95 > 0.0 && x.ci95 < 60.0), "{r:?}");
        assert!(r.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6);
    }

    #[test]
    fn bradley_terry_two_player_interval_matches_the_closed_form() {
        // 0 scores 300 of 400 against 1. With the one virtual draw the fit is p = 300.5/401,
        // and the 95% half-width is 1.96 / sqrt(n p (1 - p)) nats, n = 401, in Elo.
        let games: Vec<GameRecord> = (0..400)
            .map(|k| game(0, 1, if k % 4 < 3 { 1.0 } else { 0.0 }))
            .collect();
        let r = bradley_terry(2, &games);
        let (n, p) = (401.0f64, 300.5 / 401.0f64);
        let elo_per_nat = 400.0 / 10f64.ln();
        let ci = 1.96 * elo_per_nat / (n * p * (1.0 - p)).sqrt();
        let gap = elo_per_nat * (p / (1.0 - p)).ln();
        for x in &r {
            assert!(
                (x.ci95 / ci - 1.0).abs() < 0.01,
                "{} vs {ci}: {r:?}",
                x.ci95
            );
            assert_eq!(x.games, 400);
        }
        assert!(
            (r[0].elo - r[1].elo - gap).abs() < 0.01 * gap,
            "{gap}: {r:?}"
        );
        assert!((r[0].elo + r[1].elo).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn a_handful_of_alike_pairs_does_not_decide() {
        // The records that decided after 4 pairs before the variance had a prior: 3-1-4
        // (pairs 0.5, 0.5, 0.25, 0.5) took H0, 6-1-1 (1, 0.75, 0.75, 0.75) took H1.
        for pairs in [
            [(1.0, 0.0), (0.0, 1.0), (0.5, 0.0), (1.0, 0.0)],
            [(1.0, 1.0), (1.0, 0.5), (1.0, 0.5), (0.5, 1.0)],
        ] {
            let mut t = Sprt::new(0.0, 100.0);
            for (a, b) in pairs {
                t.add_pair(a, b);
            }
            assert_eq!(t.decision(), SprtDecision::Continue, "{:?}", t.pair_scores);
        }
        // Still, a clean sweep is evidence soon: ten games won of ten.
        let mut sweep = Sprt::new(0.0, 100.0);
        for _ in 0..5 {
            sweep.add_pair(1.0, 1.0);
        }
        assert_eq!(sweep.decision(), SprtDecision::AcceptH1);
    }

    #[test]
    fn sprt_accepts_the_right_hypothesis_and_stops() {
        let mut strong = Sprt::new(0.0, 50.0);
        let mut k = 0;
        while strong.decision() == SprtDecision::Continue && k < 10_000 {
            // 70% per game.
            strong.add_pair(
                if k % 10 < 7 { 1.0 } else { 0.0 },
                if (k + 3) % 10 < 7 { 1.0 } else { 0.0 },
            );
            k += 1;
        }
        assert_eq!(strong.decision(), SprtDecision::AcceptH1);
        assert!(k < 200, "{k} pairs");
        let mut even = Sprt::new(0.0, 50.0);
        let mut k = 0;
        while even.decision() == SprtDecision::Continue && k < 10_000 {
            even.add_pair(if k % 2 == 0 { 1.0 } else { 0.0 }, 0.5);
            k += 1;
        }
        assert_eq!(even.decision(), SprtDecision::AcceptH0);
    }

    #[test]
    fn identical_records_give_identical_ratings_whatever_the_order() {
        // Two agents with the same record against each other (a win each, two draws, sides
        // swapped): equal ratings, whichever is listed first.
        let games = vec![
            game(0, 1, 1.0),
            game(1, 0, 1.0),
            game(0, 1, 0.5),
            game(1, 0, 0.5),
        ];
        let r = bradley_terry(2, &games);
        assert!(r[0].elo.abs() < 1e-6 && r[1].elo.abs() < 1e-6, "{r:?}");
        assert!((r[0].ci95 - r[1].ci95).abs() < 1e-9, "{r:?}");
        // Three agents, the records permuted with the agents: the ratings permute too.
        let games3 = vec![
            game(0, 1, 1.0),
            game(1, 2, 0.5),
            game(2, 0, 0.0),
            game(1, 0, 0.5),
        ];
        let perm = [2, 0, 1];
        let moved: Vec<GameRecord> = games3
            .iter()
            .map(|g| {
                let mut h = g.clone();
                h.sides = [perm[g.sides[0]], perm[g.sides[1]]];
                h
            })
            .collect();
        let (a, b) = (bradley_terry(3, &games3), bradley_terry(3, &moved));
        for i in 0..3 {
            assert!((a[i].elo - b[perm[i]].elo).abs() < 1e-6, "{a:?} vs {b:?}");
        }
    }

    #[test]
    fn two_agents_match_the_closed_form() {
        // 3 wins, 1 draw, 1 loss: scores 3.5 and 1.5, plus the prior's half win each way,
        // so the strength ratio is 4 / 2 and the gap 400 log10(2) Elo, split about zero.
        let games = vec![
            game(0, 1, 1.0),
            game(1, 0, 0.0),
            game(0, 1, 1.0),
            game(1, 0, 0.5),
            game(0, 1, 0.0),
        ];
        let r = bradley_terry(2, &games);
        let gap = 400.0 * 2f64.log10();
        assert!((r[0].elo - gap / 2.0).abs() < 1e-6, "{r:?}");
        assert!((r[1].elo + gap / 2.0).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn error_rates_set_walds_bounds_and_bad_ones_are_refused() {
        let t = Sprt::new(0.0, 5.0);
        assert!((t.upper - 19f64.ln()).abs() < 1e-12 && (t.lower + 19f64.ln()).abs() < 1e-12);
        let t = Sprt::with_errors(0.0, 5.0, 0.01, 0.2).unwrap();
        assert!((t.upper - (0.8f64 / 0.01).ln()).abs() < 1e-12, "{t:?}");
        assert!((t.lower - (0.2f64 / 0.99).ln()).abs() < 1e-12, "{t:?}");
        for (a, b, name) in [
            (0.0, 0.05, "alpha"),
            (0.05, 0.5, "beta"),
            (f64::NAN, 0.05, "alpha"),
            (0.05, -0.1, "beta"),
        ] {
            let e = Sprt::with_errors(0.0, 5.0, a, b).unwrap_err();
            assert_eq!(e.name, name);
            assert!(e.to_string().contains("below 0.5"), "{e}");
        }
    }
}
