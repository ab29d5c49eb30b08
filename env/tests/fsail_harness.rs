//! The shared random-game harness on Fighting Sail: at least 10,000 seeded random games
//! over the built-in scenarios, plus a smaller set with every check at every step.

use broadside_env::fsail::{builtin_scenario, builtin_scenarios, FsailGame, FsailOptions};
use broadside_env::harness::{run_random_games, HarnessConfig, HarnessReport};

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
        move |_| FsailGame::new(&scenario, FsailOptions { resignation }),
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
        ("frigate-duel", 50 * scale),
        ("three-vs-three", 30 * scale),
        ("fleet-action", 20 * scale),
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
    if scale >= 100 {
        assert!(games >= 10_000);
    }
    eprintln!("{games} games, {steps} steps");
}

/// Every check at every step, on every scenario.
#[test]
fn full_checks_every_step() {
    for s in builtin_scenarios() {
        run(&s.id, 12, 7, false, 1, 1);
    }
}
