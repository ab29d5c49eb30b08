//! Agent specs (`mcts:sims=50,seed=3`): parsing and building for any ruleset return an agent
//! or an error, never panic or allocate without bound.
#![no_main]

use broadside_agents::AgentSpec;
use broadside_env::ruleset::AnyGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(spec) = text.parse::<AgentSpec>() {
        let _ = spec.to_string();
        let _ = spec.build::<AnyGame>(7);
    }
});
