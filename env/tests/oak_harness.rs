//! The shared random-game harness on Oak & Iron: 10,000 seeded random games of the default
//! engagement plus fewer of the other scenarios, with the cheap checks at every step
//! (resampling of the hidden cards included), and a smaller set with every check at every
//! step.

mod random_games;

use broadside_env::oak::{builtin_scenario, builtin_scenarios, OakGame, OakOptions};

/// The factory of games of the built-in scenario `id`.
fn games_of(id: &str, resignation: bool) -> impl Fn(u64) -> OakGame + Sync {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    move |_| OakGame::new(&scenario, OakOptions { resignation })
}

fn games_scale() -> usize {
    std::env::var("OAK_HARNESS_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// 10,000 games of the engagement and 2,000 of each other scenario (the fleet battle and
/// the scrolling-sea duel among them); observations every
/// 16th step, serde every 64th.
#[test]
fn ten_thousand_random_games() {
    let scale = games_scale();
    let plan = [
        ("engagement", 100 * scale),
        ("duel", 20 * scale),
        ("patrol", 20 * scale),
        ("fleet-battle", 20 * scale),
        ("duel-scrolling", 20 * scale),
    ];
    let (games, steps) = random_games::run_plan(games_of, &plan);
    if scale >= 100 {
        assert!(games >= 18_000);
    }
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        random_games::run(games_of, &s.id, 10, 7, false, 1, 1);
    }
}
