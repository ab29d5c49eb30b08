//! The portfolio search's plan tree (script-based UCT) on a toy game whose best plan
//! changes doctrine between turns: a flat search, whose candidates keep the doctrine
//! that proposed them, cannot find it; the tree must.

mod common;

use std::sync::Arc;

use broadside_agents::mcts::{Budget, Heuristic};
use broadside_agents::portfolio::{PortfolioAgent, PortfolioConfig};
use broadside_agents::Agent;
use broadside_env::{Action, Game, Player, NUM_PLAYERS};
use common::TwoTurns;

/// A doctrine that always picks the same.
struct Always(Action);

impl Agent<TwoTurns> for Always {
    fn name(&self) -> String {
        format!("always-{}", self.0)
    }
    fn choose(&mut self, _: &TwoTurns, _: Player) -> Action {
        self.0
    }
}

/// Knows nothing: the toy is short enough to play out to the end.
struct NoValue;

impl Heuristic<TwoTurns> for NoValue {
    fn name(&self) -> String {
        "none".into()
    }
    fn value(&self, _: &TwoTurns) -> [f64; NUM_PLAYERS] {
        [0.0, 0.0]
    }
}

fn search(tree: bool, playouts: u64, seed: u64) -> PortfolioAgent<TwoTurns> {
    let config = PortfolioConfig {
        budget: Budget::Simulations(playouts),
        horizon: 2,
        wide: false,
        seed,
        tree,
        c: 0.5,
    };
    PortfolioAgent::new(
        config,
        "plans".into(),
        vec![Box::new(Always(0)), Box::new(Always(1))],
        Box::new(Always(0)),
        Arc::new(NoValue),
        None,
        TwoTurns::round,
    )
}

#[test]
fn the_flat_search_keeps_each_candidates_doctrine_and_misses_the_switch() {
    let mut flat = search(false, 200, 3);
    assert_eq!(flat.choose(&TwoTurns::new(), 0), 1);
    let means: Vec<f64> = flat.candidates().iter().map(|c| c.mean).collect();
    // "0 then 0" is worth 0, "1 then 1" 0.4 (plus the coins' noise).
    assert!(
        means[0].abs() < 0.05 && (means[1] - 0.4).abs() < 0.05,
        "{means:?}"
    );
}

#[test]
fn the_plan_tree_changes_doctrine_at_the_next_turn_to_find_the_best_plan() {
    let mut tree = search(true, 400, 3);
    assert_eq!(tree.choose(&TwoTurns::new(), 0), 0, "{:?}", tree.explain());
    let c = tree.candidates();
    assert_eq!(c.iter().map(|c| u64::from(c.playouts)).sum::<u64>(), 400);
    // UCB spends most playouts on the better root plan, and below it on "then 1"
    // (worth 0.9), so its mean approaches 0.9.
    assert!(c[0].playouts > c[1].playouts, "{c:?}");
    assert!(c[0].mean > 0.7, "{c:?}");
}

#[test]
fn the_plan_tree_is_deterministic_for_a_seed() {
    let play = |seed| {
        let mut agent = search(true, 50, seed);
        let mut state = TwoTurns::new();
        let mut seen = Vec::new();
        let mut dice = 0u64;
        while !state.is_terminal() {
            let a = match state.current_player() {
                Some(p) => {
                    let a = agent.choose(&state, p);
                    seen.push((a, agent.explain()));
                    a
                }
                None => {
                    dice += 1;
                    common::HEADS + (dice % 2) as Action
                }
            };
            state.apply(a).unwrap();
        }
        seen
    };
    assert_eq!(play(9), play(9));
}
