//! How fair the built-in scenarios are: side 0's share of the decisive games when one agent
//! plays itself, the 95% interval of that share, and a verdict.
//!
//! `broadside balance` measures the figures; each ruleset keeps the ones it publishes beside
//! its scenarios, in `env/data/<ruleset>/balance.toml` (embedded in the build, checked on
//! load like every data file), and `broadside scenarios` shows them. The file names come
//! from the registry's list ([`for_each_ruleset!`](crate::for_each_ruleset)), so a new
//! ruleset brings its own file and nothing here names it.

use serde::{Deserialize, Serialize};

use crate::data_files::from_toml;
use crate::error::DataError;

/// A share of side 0 inside `FAIR` (inclusive) is fair: neither side is favoured by more
/// than the bar (40-60%).
pub const FAIR: (f64, f64) = (0.40, 0.60);
/// Outside `FAIR` but inside `LEANING` the scenario leans; outside it, it is lopsided and a
/// built-in scenario must be fixed or documented as deliberately asymmetric.
pub const LEANING: (f64, f64) = (0.35, 0.65);
/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_964;

/// What a share of decisive games says about a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Side 0's share within 40-60%.
    Fair,
    /// Within 35-65% but not fair.
    Leaning,
    /// Outside 35-65%.
    Lopsided,
    /// Every game drawn: no share to judge.
    NoDecisiveGames,
}

impl Verdict {
    /// The verdict on side 0's share of decisive games (`None`: none was decisive).
    pub fn of(share: Option<f64>) -> Verdict {
        let within = |(lo, hi): (f64, f64), s: f64| (lo..=hi).contains(&s);
        match share {
            None => Verdict::NoDecisiveGames,
            Some(s) if within(FAIR, s) => Verdict::Fair,
            Some(s) if within(LEANING, s) => Verdict::Leaning,
            Some(_) => Verdict::Lopsided,
        }
    }

    /// The verdict in words, for tables.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Fair => "fair",
            Verdict::Leaning => "leaning",
            Verdict::Lopsided => "lopsided",
            Verdict::NoDecisiveGames => "all drawn",
        }
    }
}

/// The Wilson score interval of `successes` out of `n` at normal quantile `z`: unlike the
/// normal approximation it stays inside [0, 1] and is sound for shares near 0 or 1 and for
/// few games, which is where lopsided scenarios and short checks live. `None` for `n == 0`.
pub fn wilson(successes: u32, n: u32, z: f64) -> Option<(f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n) = (f64::from(successes.min(n)), f64::from(n));
    let p = k / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// Results of `games` games of one agent against itself on one scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    /// The built-in scenario's id.
    pub scenario: String,
    /// The agent spec that played both sides (`broadside balance --agent`).
    pub agent: String,
    /// The run's `--seed`.
    pub seed: u64,
    pub games: u32,
    pub side0_wins: u32,
    pub side1_wins: u32,
    pub draws: u32,
    /// Mean decisions a game (both sides' decisions, chance outcomes not counted).
    pub mean_decisions: f64,
}

impl Balance {
    /// Games that one side won.
    pub fn decisive(&self) -> u32 {
        self.side0_wins + self.side1_wins
    }

    /// Side 0's share of the decisive games (`None` when every game was drawn).
    pub fn share(&self) -> Option<f64> {
        (self.decisive() > 0).then(|| f64::from(self.side0_wins) / f64::from(self.decisive()))
    }

    /// The 95% Wilson interval of [`Balance::share`].
    pub fn interval(&self) -> Option<(f64, f64)> {
        wilson(self.side0_wins, self.decisive(), Z95)
    }

    /// The share of all games drawn.
    pub fn drawn(&self) -> f64 {
        f64::from(self.draws) / f64::from(self.games.max(1))
    }

    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.share())
    }

    /// Whether another run's figures agree with these: the difference of the two shares of
    /// decisive games within `z` standard errors of a difference of two proportions (with
    /// the pooled share). A check of stored figures against a short fresh run, so it allows
    /// the fresh run's wide spread; two runs with no decisive game between them agree.
    pub fn agrees_with(&self, other: &Balance, z: f64) -> bool {
        let (n1, n2) = (f64::from(self.decisive()), f64::from(other.decisive()));
        let (Some(p1), Some(p2)) = (self.share(), other.share()) else {
            return true;
        };
        let pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
        // A pooled share of exactly 0 or 1 has no spread: the shares then agree only if equal.
        let se = (pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)).sqrt();
        (p1 - p2).abs() <= z * se + 1e-12
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    balance: Vec<Balance>,
}

/// The most games a stored figure may count (a balance run's `--pairs` limit, doubled).
pub const MAX_GAMES: u32 = 200_000;

/// Parses a ruleset's balance file and checks every figure: a built-in scenario of
/// `scenario_ids`, an agent, counts that add up, a finite mean length, one figure per
/// scenario and agent.
pub fn parse(text: &str, file: &str, scenario_ids: &[&str]) -> Result<Vec<Balance>, DataError> {
    let raw: RawFile = from_toml(text, file)?;
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for (i, b) in raw.balance.iter().enumerate() {
        let f = |name: &str| format!("balance[{i}].{name}");
        if !scenario_ids.contains(&b.scenario.as_str()) {
            return Err(DataError::invalid(
                file,
                f("scenario"),
                format!(
                    "`{}` is not a built-in scenario of this ruleset (known: {})",
                    b.scenario,
                    scenario_ids.join(", ")
                ),
            ));
        }
        let agent = b.agent.trim();
        if agent.is_empty() || agent.len() > 200 || agent != b.agent {
            return Err(DataError::invalid(
                file,
                f("agent"),
                "an agent spec of 1 to 200 characters, without spaces around it",
            ));
        }
        if b.games == 0 || b.games > MAX_GAMES {
            return Err(DataError::invalid(
                file,
                f("games"),
                format!("from 1 to {MAX_GAMES}, not {}", b.games),
            ));
        }
        let sum = u64::from(b.side0_wins) + u64::from(b.side1_wins) + u64::from(b.draws);
        if sum != u64::from(b.games) {
            return Err(DataError::invalid(
                file,
                f("games"),
                format!(
                    "side0_wins + side1_wins + draws is {sum}, not the {} games",
                    b.games
                ),
            ));
        }
        if !b.mean_decisions.is_finite() || b.mean_decisions < 0.0 {
            return Err(DataError::invalid(
                file,
                f("mean_decisions"),
                format!("a number of decisions, not {}", b.mean_decisions),
            ));
        }
        if seen.contains(&(b.scenario.as_str(), agent)) {
            return Err(DataError::invalid(
                file,
                f("agent"),
                format!("a second figure for `{}` played by `{agent}`", b.scenario),
            ));
        }
        seen.push((b.scenario.as_str(), agent));
    }
    Ok(raw.balance)
}

/// Expands to each registered ruleset's balance file: `(name, path, text)`.
macro_rules! balance_files {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        const FILES: &[(&str, &str, &str)] = &[$((
            stringify!($module),
            concat!("env/data/", stringify!($module), "/balance.toml"),
            include_str!(concat!("../data/", stringify!($module), "/balance.toml")),
        ),)*];
    };
}
crate::for_each_ruleset!(balance_files);

/// The stored balance figures of ruleset `name`, checked against its built-in scenarios.
pub fn stored(name: &str) -> Result<Vec<Balance>, DataError> {
    let scenarios = crate::ruleset::scenarios(name)?;
    let ids: Vec<&str> = scenarios.iter().map(|s| s.id()).collect();
    match FILES.iter().find(|(module, _, _)| *module == name) {
        Some((_, file, text)) => parse(text, file, &ids),
        // A ruleset whose registry name differs from its folder's: nothing stored.
        None => Ok(Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(w0: u32, w1: u32, d: u32) -> Balance {
        Balance {
            scenario: "s".into(),
            agent: "bot:best".into(),
            seed: 1,
            games: w0 + w1 + d,
            side0_wins: w0,
            side1_wins: w1,
            draws: d,
            mean_decisions: 100.0,
        }
    }

    #[test]
    fn wilson_matches_a_worked_example_and_stays_in_bounds() {
        // 81 of 263 at 95%: 0.2553 to 0.3662 (Wilson's interval, as textbooks tabulate it).
        let (lo, hi) = wilson(81, 263, Z95).unwrap();
        assert!(
            (lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10, Z95).unwrap();
        assert!(lo == 0.0 && hi > 0.25 && hi < 0.35, "{lo} {hi}");
        let (lo, hi) = wilson(10, 10, Z95).unwrap();
        assert!(hi > 0.999 && hi <= 1.0 && lo > 0.65, "{lo} {hi}");
        assert_eq!(wilson(0, 0, Z95), None);
    }

    #[test]
    fn verdicts_follow_the_bars_and_draws_do_not_count() {
        assert_eq!(figure(50, 50, 100).verdict(), Verdict::Fair);
        assert_eq!(figure(60, 40, 0).verdict(), Verdict::Fair);
        assert_eq!(figure(62, 38, 0).verdict(), Verdict::Leaning);
        assert_eq!(figure(36, 64, 7).verdict(), Verdict::Leaning);
        assert_eq!(figure(98, 2, 0).verdict(), Verdict::Lopsided);
        assert_eq!(figure(0, 0, 9).verdict(), Verdict::NoDecisiveGames);
        assert_eq!(figure(3, 1, 4).drawn(), 0.5);
    }

    #[test]
    fn agreement_allows_chance_and_catches_a_lopsided_claim() {
        let stored = figure(100, 100, 0);
        assert!(stored.agrees_with(&figure(6, 4, 0), 2.576));
        assert!(stored.agrees_with(&figure(4, 6, 2), 2.576));
        assert!(!stored.agrees_with(&figure(20, 0, 0), 2.576));
        let lopsided = figure(196, 4, 0);
        assert!(!lopsided.agrees_with(&figure(10, 10, 0), 2.576));
        assert!(figure(0, 0, 5).agrees_with(&lopsided, 2.576));
    }

    #[test]
    fn a_bad_file_is_refused_with_the_field() {
        let ok = "[[balance]]\nscenario = \"a\"\nagent = \"bot:best\"\nseed = 1\ngames = 4\n\
                  side0_wins = 2\nside1_wins = 1\ndraws = 1\nmean_decisions = 12.5\n";
        assert_eq!(parse(ok, "f", &["a"]).unwrap().len(), 1);
        assert!(parse("", "f", &["a"]).unwrap().is_empty());
        for (bad, needle) in [
            (ok.replace("\"a\"", "\"b\""), "balance[0].scenario"),
            (ok.replace("games = 4", "games = 5"), "balance[0].games"),
            (ok.replace("games = 4", "games = 0"), "balance[0].games"),
            (ok.replace("\"bot:best\"", "\"\""), "balance[0].agent"),
            (ok.replace("12.5", "nan"), "balance[0].mean_decisions"),
            (ok.replace("12.5", "-1.0"), "balance[0].mean_decisions"),
            (format!("{ok}{ok}"), "balance[1].agent"),
            (ok.replace("seed", "sed"), "sed"),
        ] {
            let e = parse(&bad, "f", &["a"]).unwrap_err().to_string();
            assert!(e.contains(needle), "{needle}: {e}");
        }
    }

    #[test]
    fn every_registered_ruleset_has_a_valid_balance_file() {
        for r in crate::ruleset::rulesets() {
            assert!(
                FILES.iter().any(|(m, _, _)| *m == r.name),
                "no balance file for {}",
                r.name
            );
            stored(r.name).unwrap_or_else(|e| panic!("{}: {e}", r.name));
        }
    }
}
