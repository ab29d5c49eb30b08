//! The shared random-game harness on Gods of War: Togo: 10,000 seeded random games of the
//! default squadron action plus fewer of each other scenario, with the cheap checks at every
//! step, and a smaller set with every check (observations, resampling of the hidden order
//! markers, serde) at every step.

mod random_games;

use broadside_env::togo::{builtin_scenario, builtin_scenarios, TogoGame, TogoOptions};

/// The factory of games of the built-in scenario `id`.
fn games_of(id: &str, resignation: bool) -> impl Fn(u64) -> TogoGame + Sync {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    move |_| TogoGame::new(&scenario, TogoOptions { resignation })
}

fn games_scale() -> usize {
    std::env::var("TOGO_HARNESS_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// 10,000 games of the squadron action and 1,000 of each other scenario; observations
/// every 16th step, serde every 64th.
#[test]
fn ten_thousand_random_games() {
    let scale = games_scale();
    let plan = [
        ("squadron-action", 100 * scale),
        ("ironclad-duel", 10 * scale),
        ("torpedo-attack", 10 * scale),
        ("minefield-and-land", 10 * scale),
    ];
    let (games, steps) = random_games::run_plan(games_of, &plan);
    if scale >= 100 {
        assert!(games >= 13_000);
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
