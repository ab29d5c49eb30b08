//! The shared random-game harness on Fighting Sail: at least 10,000 seeded random games
//! over the built-in scenarios, plus a smaller set with every check at every step.

mod random_games;

use broadside_env::fsail::{builtin_scenario, builtin_scenarios, FsailGame, FsailOptions};

/// The factory of games of the built-in scenario `id`.
fn games_of(id: &str, resignation: bool) -> impl Fn(u64) -> FsailGame + Sync {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    move |_| FsailGame::new(&scenario, FsailOptions { resignation })
}

fn games_scale() -> usize {
    std::env::var("FSAIL_HARNESS_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// 10,000 games in all, weighted to the short scenarios; the cheap checks at every step,
/// observations every 16th step, serde every 64th.
#[test]
fn ten_thousand_random_games() {
    let scale = games_scale();
    let plan = [
        ("frigate-duel", 40 * scale),
        ("even-duel", 10 * scale),
        ("three-vs-three", 30 * scale),
        ("fleet-action", 20 * scale),
    ];
    let (games, steps) = random_games::run_plan(games_of, &plan);
    if scale >= 100 {
        assert!(games >= 10_000);
    }
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        random_games::run(games_of, &s.id, 12, 7, false, 1, 1);
    }
}
