//! The random-game harness run the same way on every ruleset (`rulesets_harness.rs`, through
//! the registry): one checked batch of games of a scenario, and the plan of thousands of games
//! over the built-in scenarios.

use broadside_env::game::Game;
use broadside_env::harness::{run_random_games, HarnessConfig, HarnessReport};

/// Plays `games` seeded random games of the built-in scenario `id`, from the factory that
/// `games_of(id, resignation)` makes, with every cheap check at every step, observations
/// every `observe_every` steps and serde every `serde_every`; asserts that every game ends
/// by the rules.
pub fn run<G: Game, F: Fn(u64) -> G + Sync>(
    games_of: impl Fn(&str, bool) -> F,
    id: &str,
    games: usize,
    seed: u64,
    resignation: bool,
    observe_every: usize,
    serde_every: usize,
) -> HarnessReport {
    let cfg = HarnessConfig {
        games,
        seed,
        max_steps: 100_000,
        check_serde_every: serde_every,
        resample_checks: 1,
        parallel: true,
        observe_every,
    };
    let report =
        run_random_games(games_of(id, resignation), &cfg).unwrap_or_else(|f| panic!("{id}: {f}"));
    assert_eq!(report.games, games);
    assert_eq!(
        report.truncated, 0,
        "{id}: every game ends by the rules: {report:?}"
    );
    assert_eq!(report.terminal, games);
    eprintln!("{id} (resignation {resignation}): {report:?}");
    report
}

/// Plays `plan` (scenario id, games), with observations every 16th step and serde every
/// 64th; a tenth of each scenario's games allow resignation, so that path is played too.
/// Returns the games and the steps played.
pub fn run_plan<G: Game, F: Fn(u64) -> G + Sync>(
    games_of: impl Fn(&str, bool) -> F + Copy,
    plan: &[(&str, usize)],
) -> (usize, usize) {
    let mut games = 0;
    let mut steps = 0;
    for (k, &(id, n)) in plan.iter().enumerate() {
        let with = n / 10;
        steps += run(games_of, id, with, 100 + k as u64, true, 16, 64).steps;
        steps += run(games_of, id, n - with, 200 + k as u64, false, 16, 64).steps;
        games += n;
    }
    (games, steps)
}
