//! Plays a few frigate duels between two agent specs and prints the first one's score.
//! `cargo run --release -p broadside-agents --example probe -- SPEC [OPPONENT]`.

use broadside_agents::{play_match, Agent, AgentSpec, MatchConfig};
use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};

fn main() {
    let spec: AgentSpec = std::env::args()
        .nth(1)
        .unwrap_or("mcts".into())
        .parse()
        .expect("agent spec");
    let opp: AgentSpec = std::env::args()
        .nth(2)
        .unwrap_or("random".into())
        .parse()
        .expect("agent spec");
    let sc = builtin_scenario("frigate-duel").expect("built-in scenario");
    let games = 12;
    let mut score = 0.0;
    let t = std::time::Instant::now();
    for k in 0..games {
        let mut a = spec.build::<WsimGame>(k + 1).expect("agent");
        let mut b = opp.build::<WsimGame>(1000 + k).expect("agent");
        let side = (k % 2) as usize;
        let agents: [&mut dyn Agent<WsimGame>; 2] = if side == 0 {
            [&mut a, &mut b]
        } else {
            [&mut b, &mut a]
        };
        let cfg = MatchConfig {
            chance_seed: k,
            max_decisions: None,
        };
        let g = WsimGame::new(&sc, WsimOptions { resignation: false });
        let out = play_match(g, agents, &cfg).expect("legal play");
        score += (out.returns[side] + 1.0) / 2.0;
    }
    println!(
        "{spec}: {:.3} vs {opp} in {:?}",
        score / games as f64,
        t.elapsed()
    );
}
