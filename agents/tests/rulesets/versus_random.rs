//! An agent's score against random play, the yardstick of every ruleset's agent tests
//! (`wsim.rs`, `fsail.rs`, ...).

use broadside_agents::{play_match, Agent, MatchConfig, RandomAgent};
use broadside_env::Game;

/// Score (a win 1, a draw 0.5) of the agent `make(k)` against random over `games` games
/// from `new_game()`, sides swapped every game and game `k` dealt chance seed `k`.
pub fn score<G: Game>(
    new_game: impl Fn() -> G,
    make: &dyn Fn(u64) -> Box<dyn Agent<G>>,
    games: u64,
) -> f64 {
    score_against(
        new_game,
        make,
        &|k| Box::new(RandomAgent::new(1000 + k)),
        games,
    )
}

/// Score of the agent `make(k)` against `opponent(k)`, as [`score`] plays it.
pub fn score_against<G: Game>(
    new_game: impl Fn() -> G,
    make: &dyn Fn(u64) -> Box<dyn Agent<G>>,
    opponent: &dyn Fn(u64) -> Box<dyn Agent<G>>,
    games: u64,
) -> f64 {
    let mut score = 0.0;
    for k in 0..games {
        let mut bot = make(k);
        let mut other = opponent(k);
        let side = (k % 2) as usize;
        let agents: [&mut dyn Agent<G>; 2] = if side == 0 {
            [&mut bot, &mut other]
        } else {
            [&mut other, &mut bot]
        };
        let cfg = MatchConfig {
            chance_seed: k,
            max_decisions: None,
        };
        let out = play_match(new_game(), agents, &cfg).unwrap();
        score += (out.returns[side] + 1.0) / 2.0;
    }
    score / games as f64
}
