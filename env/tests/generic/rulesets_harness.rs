//! The shared random-game harness on every registered ruleset, reached through the registry
//! (so a ruleset added there is tested here with no change): 10,000 seeded random games a
//! ruleset over its built-in scenarios, with the cheap checks at every step (resampling of
//! hidden information included), observations every 16th step and serde every 64th; and a
//! smaller set of every scenario with every check at every step.
//!
//! A ruleset's games are shared out among its scenarios in inverse proportion to their ships,
//! the default scenario counted twice: duels get many short games, fleet actions fewer long
//! ones. `HARNESS_SCALE` (percent, default 100) scales the plan.

use broadside_env::ruleset::{rulesets, scenario, scenarios, AnyGame, GameOptions};

/// The games a ruleset plays at scale 100.
const GAMES_PER_RULESET: usize = 10_000;

/// The factory of games of ruleset `ruleset`'s built-in scenario `id`.
fn factory(ruleset: &str, id: &str, resignation: bool) -> impl Fn(u64) -> AnyGame + Sync {
    let scenario = scenario(ruleset, id).expect("a built-in scenario");
    move |_| scenario.new_game(&GameOptions { resignation })
}

fn scale() -> usize {
    std::env::var("HARNESS_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// The plan of one ruleset: (scenario id, games), the default scenario first.
fn plan(ruleset: &str, total: usize) -> Vec<(String, usize)> {
    let all = scenarios(ruleset).expect("a registered ruleset");
    let weights: Vec<f64> = all
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let ships = s.ships_per_side().iter().sum::<usize>().max(1) as f64;
            if k == 0 {
                2.0 / ships
            } else {
                1.0 / ships
            }
        })
        .collect();
    let sum: f64 = weights.iter().sum();
    all.iter()
        .zip(&weights)
        .map(|(s, w)| {
            let n = (total as f64 * w / sum).ceil() as usize;
            (s.id().to_string(), n.max(1))
        })
        .collect()
}

#[test]
fn ten_thousand_random_games_a_ruleset() {
    let total = GAMES_PER_RULESET * scale() / 100;
    for r in rulesets() {
        let plan = plan(r.name, total);
        let plan: Vec<(&str, usize)> = plan.iter().map(|(id, n)| (id.as_str(), *n)).collect();
        let name = r.name;
        let (games, steps) =
            crate::random_games::run_plan(move |id: &str, res: bool| factory(name, id, res), &plan);
        assert!(games >= total, "{name}: {games} games");
        eprintln!("{name}: {games} games, {steps} steps: {plan:?}");
    }
}

/// Every check at every step, on every scenario of every ruleset.
#[test]
fn full_checks_every_step() {
    for r in rulesets() {
        let name = r.name;
        for s in scenarios(name).expect("a registered ruleset") {
            crate::random_games::run(
                move |id: &str, res: bool| factory(name, id, res),
                s.id(),
                12,
                7,
                false,
                1,
                1,
            );
        }
    }
}
