//! The shared random-game harness on the Pieces of Eight sea fight: 10,000 seeded random
//! games of the default convoy action plus fewer of the other scenarios, with the cheap
//! checks at every step, and a smaller set with every check at every step.

mod random_games;

use broadside_env::poe::{builtin_scenario, builtin_scenarios, PoeGame, PoeOptions};

/// The factory of games of the built-in scenario `id`.
fn games_of(id: &str, resignation: bool) -> impl Fn(u64) -> PoeGame + Sync {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    move |_| PoeGame::new(&scenario, PoeOptions { resignation })
}

fn games_scale() -> usize {
    std::env::var("POE_HARNESS_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// 10,000 games of the convoy action and 2,000 of each other scenario; observations every
/// 16th step, serde every 64th.
#[test]
fn ten_thousand_random_games() {
    let scale = games_scale();
    let plan = [
        ("convoy-action", 100 * scale),
        ("warship-duel", 20 * scale),
        ("fog-and-shallows", 20 * scale),
    ];
    let (games, steps) = random_games::run_plan(games_of, &plan);
    if scale >= 100 {
        assert!(games >= 14_000);
    }
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        random_games::run(games_of, &s.id, 20, 7, false, 1, 1);
    }
}
