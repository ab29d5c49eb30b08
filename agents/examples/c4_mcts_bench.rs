//! Connect Four calibration: our MCTS speed in the configuration of OpenSpiel's C++
//! `MCTSBot` defaults (UCT with `c = 2`, one uniformly random rollout per leaf, a fresh tree
//! per search), from the empty board, on one thread. Prints one JSON line.
//!
//! `cargo run --release -p broadside-agents --example c4_mcts_bench -- [SIMS] [REPEATS] [KEY]`
//! (defaults 10000, 20 and `position`; `KEY = observation` uses the generic observation-hash
//! information key instead of the position key). `scripts/calibrate_connect_four.sh` runs it beside OpenSpiel.

use std::sync::Arc;
use std::time::Instant;

use broadside_agents::mcts::{
    observation_key, Budget, EvaluatorFactory, MctsAgent, MctsConfig, RolloutEvaluator,
    RolloutPolicy, Selection, TerminalValue,
};
use broadside_env::connect_four::ConnectFour;
use broadside_env::{Observation, Player};

use broadside_agents::mcts::InfoKeyFn;

/// The information key of a Connect Four position: everything is public, so the position
/// itself (the bitboards) is what every player knows.
fn c4_key(state: &ConnectFour, _player: Player, _buf: &mut Option<Observation>) -> u64 {
    state.key()
}

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .map(|s| s.parse().expect("a positive integer"))
        .unwrap_or(default)
}

fn main() {
    let sims = arg(1, 10_000).max(1);
    let repeats = arg(2, 20).max(1);
    let key_name = std::env::args().nth(3).unwrap_or_else(|| "position".into());
    let key_fn: InfoKeyFn<ConnectFour> = match key_name.as_str() {
        "position" => c4_key,
        "observation" => observation_key::<ConnectFour>,
        other => panic!("KEY is position or observation, not {other}"),
    };
    let state = ConnectFour::new();
    let mut times = Vec::with_capacity(repeats as usize);
    let mut best_action = 0;
    for r in 0..=repeats {
        let config = MctsConfig {
            budget: Budget::Simulations(sims),
            selection: Selection::Uct { c: 2.0 },
            threads: 1,
            reuse: false,
            seed: r,
            ..MctsConfig::default()
        };
        let eval: EvaluatorFactory<ConnectFour> = Arc::new(|seed| {
            Box::new(RolloutEvaluator::new(
                RolloutPolicy::Random,
                Arc::new(TerminalValue),
                None,
                seed,
            ))
        });
        let mut agent = MctsAgent::with_info_key(config, eval, key_fn);
        let t = Instant::now();
        let ex = agent.search(&state, 0);
        let dt = t.elapsed().as_secs_f64();
        assert_eq!(ex.simulations, sims, "the search ran its whole budget");
        // Repeat 0 warms caches and the allocator; it is not timed.
        if r > 0 {
            times.push(dt);
            best_action = ex.action;
        }
    }
    let total: f64 = times.iter().sum();
    let mean_sps = (sims * repeats) as f64 / total;
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let median_sps = sims as f64 / sorted[sorted.len() / 2];
    println!(
        "{{\"engine\":\"broadside\",\"game\":\"connect_four\",\"simulations\":{sims},\
         \"repeats\":{repeats},\"threads\":1,\"info_key\":\"{key_name}\",\"uct_c\":2.0,\"seconds\":{total:.6},\
         \"sims_per_sec\":{mean_sps:.1},\"median_sims_per_sec\":{median_sps:.1},\
         \"last_action\":{best_action}}}"
    );
}
