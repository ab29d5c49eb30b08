//! The report of an arena, one shape for `broadside arena --json` and Python's
//! `broadside.arena`: each entrant's standing (also as side 0 and as side 1, which differ in
//! an asymmetric scenario) and rating named by its spec, the cross table, and an SPRT's
//! verdict with the likelihood of superiority.
//!
//! Ratings are given in whole Elo: their 95% intervals are tens of Elo wide, and the fit's
//! last digits (a mean-zero rating of `7.27e-08`) are noise that only hides the `0`.

use serde::Serialize;

use crate::ratings::{bradley_terry, Sprt, SprtDecision};
use crate::tournament::{cross_table, standings, GameRecord};

/// An entrant's results playing one side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct SideRecord {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
}

/// An entrant's results, in all and side by side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingRow {
    pub entrant: usize,
    /// The entrant's agent spec.
    pub agent: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Mean score (win 1, draw 0.5).
    pub score: f64,
    /// `by_side[s]`: the results of the games it played as side `s`.
    pub by_side: [SideRecord; 2],
}

/// An entrant's Bradley-Terry rating, in whole Elo.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingRow {
    pub entrant: usize,
    /// The entrant's agent spec.
    pub agent: String,
    /// Elo, the entrants' mean at 0.
    pub elo: i64,
    /// Half-width of the 95% confidence interval; `None` (JSON `null`) when the entrant
    /// finished no game, so nothing bounds it.
    pub ci95: Option<i64>,
    pub games: usize,
}

/// What an SPRT decided, and how sure the games make the first agent the stronger.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SprtReport {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    pub llr: f64,
    pub bounds: [f64; 2],
    pub pairs: usize,
    /// `accept_h1`, `accept_h0` or `undecided` ([`decision_token`]).
    #[serde(serialize_with = "serialize_decision")]
    pub decision: SprtDecision,
    /// The likelihood of superiority: the probability that the first agent is the stronger,
    /// from its wins and losses ([`likelihood_of_superiority`]).
    pub los: f64,
}

impl SprtReport {
    /// The report of a finished (or abandoned) test over `games`, whose entrant 0 is the
    /// first agent.
    pub fn new(test: &Sprt, decision: SprtDecision, games: &[GameRecord]) -> Self {
        let (mut wins, mut losses) = (0, 0);
        for s in games.iter().filter_map(|g| g.score_of(0)) {
            if s > 0.75 {
                wins += 1;
            } else if s < 0.25 {
                losses += 1;
            }
        }
        Self {
            elo0: test.elo0,
            elo1: test.elo1,
            alpha: test.alpha,
            beta: test.beta,
            llr: test.llr(),
            bounds: [test.lower, test.upper],
            pairs: test.pair_scores.len(),
            decision,
            los: likelihood_of_superiority(wins, losses),
        }
    }
}

/// The machine-readable name of a decision in the JSON report.
pub fn decision_token(d: SprtDecision) -> &'static str {
    match d {
        SprtDecision::AcceptH1 => "accept_h1",
        SprtDecision::AcceptH0 => "accept_h0",
        SprtDecision::Continue => "undecided",
    }
}

fn serialize_decision<S: serde::Serializer>(
    d: &SprtDecision,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(decision_token(*d))
}

/// The likelihood of superiority of a player with `wins` and `losses` (draws say nothing):
/// `Φ((W − L) / √(W + L))`, the normal approximation chess engine testers use; 0.5 when no
/// game was decisive.
pub fn likelihood_of_superiority(wins: usize, losses: usize) -> f64 {
    let n = (wins + losses) as f64;
    if n == 0.0 {
        return 0.5;
    }
    normal_cdf((wins as f64 - losses as f64) / n.sqrt())
}

/// The standard normal distribution function, from the complementary error function.
fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function, by its Chebyshev fit (Numerical Recipes' `erfcc`,
/// relative error below 1.2e-7 everywhere): std has no `erf`.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Rounds to whole Elo: an integer, so `-0.0` is `0` (`as` saturates and maps NaN to 0).
fn whole_elo(x: f64) -> i64 {
    x.round() as i64
}

/// The report of an arena: what `broadside arena --json` prints (and `--json-out` writes,
/// with the games).
#[derive(Debug, Serialize)]
pub struct ArenaReport<'a> {
    pub ruleset: &'a str,
    pub scenario: &'a str,
    pub agents: Vec<String>,
    pub seed: u64,
    pub standings: Vec<StandingRow>,
    pub ratings: Vec<RatingRow>,
    pub cross_table: Vec<Vec<Option<f64>>>,
    pub sprt: Option<SprtReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<&'a [GameRecord]>,
}

impl<'a> ArenaReport<'a> {
    /// The standings, ratings and cross table of `games` between `agents` (entrant `i` is
    /// `agents[i]`); no SPRT, and the games left out.
    pub fn new(
        ruleset: &'a str,
        scenario: &'a str,
        agents: Vec<String>,
        seed: u64,
        games: &[GameRecord],
    ) -> Self {
        let n = agents.len();
        let by_side = side_records(n, games);
        let standings = standings(n, games)
            .into_iter()
            .zip(&by_side)
            .map(|(s, &sides)| StandingRow {
                entrant: s.entrant,
                agent: agents[s.entrant].clone(),
                games: s.games,
                wins: s.wins,
                draws: s.draws,
                losses: s.losses,
                score: s.score,
                by_side: sides,
            })
            .collect();
        let ratings = bradley_terry(n, games)
            .into_iter()
            .map(|r| RatingRow {
                entrant: r.entrant,
                agent: agents[r.entrant].clone(),
                elo: whole_elo(r.elo),
                ci95: r.ci95.is_finite().then(|| whole_elo(r.ci95)),
                games: r.games,
            })
            .collect();
        Self {
            ruleset,
            scenario,
            seed,
            standings,
            ratings,
            cross_table: cross_table(n, games),
            agents,
            sprt: None,
            games: None,
        }
    }
}

/// `records[e][s]`: entrant `e`'s results as side `s`. A game cut at the decision limit is
/// a draw, as in the standings.
fn side_records(entrants: usize, games: &[GameRecord]) -> Vec<[SideRecord; 2]> {
    let mut records = vec![[SideRecord::default(); 2]; entrants];
    for g in games {
        for (side, &e) in g.sides.iter().enumerate() {
            let Some(r) = records.get_mut(e).map(|r| &mut r[side]) else {
                continue;
            };
            let score = crate::tournament::score_of_return(g.returns[side]);
            r.games += 1;
            if score > 0.75 {
                r.wins += 1;
            } else if score < 0.25 {
                r.losses += 1;
            } else {
                r.draws += 1;
            }
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(sides: [usize; 2], return0: f64) -> GameRecord {
        GameRecord {
            index: 0,
            sides,
            scenario_seed: 0,
            chance_seed: 0,
            returns: [return0, -return0],
            finished: true,
            decisions: 0,
            actions: Vec::new(),
            forfeit: None,
        }
    }

    fn names() -> Vec<String> {
        vec!["bot:best".into(), "random".into()]
    }

    #[test]
    fn equal_records_rate_a_plain_zero_and_every_row_names_its_agent() {
        // A win each and two draws: both ratings are the mean, whatever digits the fit
        // leaves behind.
        let games = [
            game([0, 1], 1.0),
            game([1, 0], 1.0),
            game([0, 1], 0.0),
            game([1, 0], 0.0),
        ];
        let r = ArenaReport::new("wsim", "frigate-duel", names(), 1, &games);
        let v = serde_json::to_value(&r).unwrap();
        for i in 0..2 {
            assert_eq!(v["ratings"][i]["elo"].to_string(), "0", "{v}");
            assert_eq!(v["ratings"][i]["agent"], names()[i], "{v}");
            assert_eq!(v["standings"][i]["agent"], names()[i], "{v}");
        }
        assert_eq!(whole_elo(-1e-9), 0);
        assert_eq!(whole_elo(-0.4).to_string(), "0");
        assert_eq!(whole_elo(-35.6), -36);
    }

    #[test]
    fn results_are_split_by_side() {
        // Side 0 never loses: entrant 0 wins both games as side 0, and as side 1 loses one
        // and draws one.
        let games = [
            game([0, 1], 1.0),
            game([1, 0], 1.0),
            game([0, 1], 1.0),
            game([1, 0], 0.0),
        ];
        let r = ArenaReport::new("wsim", "frigate-duel", names(), 1, &games);
        let s0 = &r.standings[0];
        assert_eq!(
            s0.by_side,
            [
                SideRecord {
                    games: 2,
                    wins: 2,
                    draws: 0,
                    losses: 0
                },
                SideRecord {
                    games: 2,
                    wins: 0,
                    draws: 1,
                    losses: 1
                }
            ]
        );
        let s1 = &r.standings[1];
        assert_eq!(
            (
                s1.by_side[0].wins,
                s1.by_side[0].draws,
                s1.by_side[0].losses
            ),
            (1, 1, 0)
        );
        assert_eq!((s1.by_side[1].wins, s1.by_side[1].losses), (0, 2), "{s1:?}");
        for s in &r.standings {
            let sum = s.by_side[0].games + s.by_side[1].games;
            assert_eq!(sum, s.games);
            assert_eq!(s.by_side[0].wins + s.by_side[1].wins, s.wins);
        }
    }

    #[test]
    fn the_likelihood_of_superiority_follows_the_normal_approximation() {
        assert_eq!(likelihood_of_superiority(0, 0), 0.5);
        assert!((likelihood_of_superiority(10, 10) - 0.5).abs() < 1e-7);
        // (W - L) / sqrt(W + L) = 3 / 3 = 1 and 4 / 2 = 2: Φ(1) = 0.841345, Φ(2) = 0.977250.
        assert!((likelihood_of_superiority(6, 3) - 0.841_345).abs() < 1e-6);
        assert!((likelihood_of_superiority(4, 0) - 0.977_250).abs() < 1e-6);
        assert!((likelihood_of_superiority(0, 4) - 0.022_750).abs() < 1e-6);
        assert!(likelihood_of_superiority(400, 0) > 0.999_999);
    }

    #[test]
    fn an_sprt_report_carries_its_error_rates_and_los() {
        let mut t = Sprt::with_errors(0.0, 50.0, 0.01, 0.2).unwrap();
        // The first agent wins as side 0 and as side 1, and draws once.
        let games = [game([0, 1], 1.0), game([1, 0], -1.0), game([0, 1], 0.0)];
        t.add_pair(1.0, 1.0);
        let r = SprtReport::new(&t, t.decision(), &games);
        assert_eq!((r.alpha, r.beta), (0.01, 0.2));
        assert_eq!(r.bounds, [t.lower, t.upper]);
        assert!((r.los - likelihood_of_superiority(2, 0)).abs() < 1e-12);
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["decision"], "undecided");
        assert!(v["los"].as_f64().unwrap() > 0.9, "{v}");
    }
}
