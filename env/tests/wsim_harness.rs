//! The shared random-game harness on WS&IM: at least 10,000 seeded random games over the
//! built-in scenarios, plus a smaller set with every check at every step.

use broadside_env::harness::{run_random_games, HarnessConfig, HarnessReport};
use broadside_env::wsim::{builtin_scenario, builtin_scenarios, WsimGame, WsimOptions};

fn run(
    id: &str,
    games: usize,
    seed: u64,
    resignation: bool,
    observe_every: usize,
    serde_every: usize,
) -> HarnessReport {
    let scenario = builtin_scenario(id).expect("built-in scenario");
    let cfg = HarnessConfig {
        games,
        seed,
        max_steps: 100_000,
        check_serde_every: serde_every,
        resample_checks: 1,
        parallel: true,
        observe_every,
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
    assert_eq!(report.terminal, games);
    eprintln!("{id} (resignation {resignation}): {report:?}");
    report
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
    let mut games = 0;
    let mut steps = 0;
    for (k, (id, n)) in plan.into_iter().enumerate() {
        // A tenth of the games allow resignation, so that path is played too.
        let with = n / 10;
        steps += run(id, with, 100 + k as u64, true, 16, 64).steps;
        steps += run(id, n - with, 200 + k as u64, false, 16, 64).steps;
        games += n;
    }
    assert!(games >= 10_000);
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        run(&s.id, 12, 7, false, 1, 1);
    }
}
