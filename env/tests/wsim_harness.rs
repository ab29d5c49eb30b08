//! The shared random-game harness on WS&IM: at least 10,000 seeded random games over the
//! built-in scenarios, plus a smaller set with every check at every step.

mod random_games;

use broadside_env::wsim::{builtin_scenario, builtin_scenarios, WsimGame, WsimOptions};

/// The factory of games of the built-in scenario `id`.
fn games_of(id: &str, resignation: bool) -> impl Fn(u64) -> WsimGame + Sync {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    move |_| WsimGame::new(&scenario, WsimOptions { resignation })
}

/// 10,000 games in all, weighted to the short scenarios; the cheap checks at every step,
/// observations and resampling every 16th step, serde every 64th.
#[test]
fn ten_thousand_random_games() {
    let plan = [
        ("frigate-duel", 3_000),
        ("ranger-vs-drake", 2_000),
        ("flamborough-head", 2_000),
        ("three-vs-three", 1_600),
        ("squadron-battle", 700),
        ("arbuthnot-des-touches", 700),
    ];
    let (games, steps) = random_games::run_plan(games_of, &plan);
    assert!(games >= 10_000);
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        random_games::run(games_of, &s.id, 12, 7, false, 1, 1);
    }
}
