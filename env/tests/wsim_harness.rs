//! The shared random-game harness on every WS&IM scenario.

use broadside_env::harness::{run_random_games, HarnessConfig};
use broadside_env::wsim::{builtin_scenarios, WsimGame, WsimOptions};

fn run(id: &str, games: usize, resignation: bool, serde_every: usize) {
    let scenario = builtin_scenarios()
        .iter()
        .find(|s| s.id == id)
        .expect("scenario exists")
        .clone();
    let cfg = HarnessConfig {
        games,
        seed: 0xB0AD_51DE,
        max_steps: 200_000,
        check_serde_every: serde_every,
        resample_checks: 1,
        parallel: true,
    };
    let report = run_random_games(
        move |_| WsimGame::new(&scenario, WsimOptions { resignation }),
        &cfg,
    )
    .unwrap_or_else(|f| panic!("{id}: {f}"));
    assert_eq!(report.games, games);
    assert_eq!(
        report.truncated, 0,
        "{id}: every game ends by the rules: {report:?}"
    );
    eprintln!("{id}: {report:?}");
}

#[test]
fn smoke_all_scenarios() {
    for s in builtin_scenarios() {
        run(&s.id, 20, false, 50);
    }
}
