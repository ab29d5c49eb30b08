//! The portfolio search's plan tree (script-based UCT) on a toy game whose best plan
//! changes doctrine between turns, and its order tree on the same game with both picks in
//! one turn's orders: a flat search, whose candidates keep the doctrine that proposed them,
//! cannot find the plan; the trees must.

use std::sync::Arc;

use crate::toys::TwoTurns;
use broadside_agents::mcts::{Budget, Heuristic};
use broadside_agents::portfolio::{PortfolioAgent, PortfolioConfig, RoundFn};
use broadside_agents::Agent;
use broadside_env::{Action, Game, Player, NUM_PLAYERS};

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

/// The portfolio search over the toy with the two [`Always`] doctrines (the first also the
/// opponent model) and no value: the toy is short enough to play out to the end.
fn toy_search(
    label: &str,
    config: PortfolioConfig,
    round: RoundFn<TwoTurns>,
) -> PortfolioAgent<TwoTurns> {
    PortfolioAgent::new(
        config,
        label.into(),
        vec![Box::new(Always(0)), Box::new(Always(1))],
        Box::new(Always(0)),
        Arc::new(NoValue),
        None,
        round,
    )
}

/// The settings every toy search shares: `playouts` a decision, `c=0.5`, flat unless
/// the caller asks for a tree.
fn toy_config(playouts: u64, horizon: u32, seed: u64) -> PortfolioConfig {
    PortfolioConfig {
        budget: Budget::Simulations(playouts),
        horizon,
        wide: false,
        seed,
        tree: false,
        c: 0.5,
        orders: false,
        expand: 8,
        share: 1,
    }
}

fn search(tree: bool, playouts: u64, seed: u64) -> PortfolioAgent<TwoTurns> {
    let config = PortfolioConfig {
        tree,
        ..toy_config(playouts, 2, seed)
    };
    toy_search("plans", config, TwoTurns::round)
}

/// The portfolio search over [`TwoTurns::one_turn`], with the order tree if `orders`.
fn order_search(orders: bool, playouts: u64, seed: u64) -> PortfolioAgent<TwoTurns> {
    let config = PortfolioConfig {
        orders,
        expand: 4,
        ..toy_config(playouts, 1, seed)
    };
    // Both picks belong to the same game turn.
    toy_search("orders", config, |_| 0)
}

/// Plays [`TwoTurns::one_turn`] with `agent` (heads on every toss); its picks.
fn play_one_turn(agent: &mut PortfolioAgent<TwoTurns>) -> Vec<(Action, Vec<String>)> {
    let mut state = TwoTurns::one_turn();
    let mut seen = Vec::new();
    while !state.is_terminal() {
        let a = match state.current_player() {
            Some(p) => {
                let a = agent.choose(&state, p);
                seen.push((a, agent.explain()));
                a
            }
            None => crate::toys::HEADS,
        };
        state.apply(a).unwrap();
    }
    seen
}

#[test]
fn the_flat_search_completes_each_sub_decision_with_its_doctrine_and_misses_the_mix() {
    let mut flat = order_search(false, 200, 3);
    let picks: Vec<Action> = play_one_turn(&mut flat).iter().map(|p| p.0).collect();
    // "0 then 0" is worth 0 and "1 then 1" 0.4, so the first pick is 1.
    assert_eq!(picks, vec![1, 1]);
}

#[test]
fn the_order_tree_mixes_doctrines_within_the_turn_to_find_the_best_orders() {
    let mut tree = order_search(true, 1000, 3);
    let seen = play_one_turn(&mut tree);
    let picks: Vec<Action> = seen.iter().map(|p| p.0).collect();
    assert_eq!(picks, vec![0, 1], "{seen:?}");
}

#[test]
fn the_order_tree_keeps_the_chosen_subtree_for_the_next_sub_decision() {
    let mut tree = order_search(true, 1000, 3);
    let mut state = TwoTurns::one_turn();
    let first = tree.choose(&state, 0);
    assert_eq!(first, 0);
    state.apply(first).unwrap();
    tree.choose(&state, 0);
    // The second search starts from the playouts the first spent below its choice.
    let total: u32 = tree.candidates().iter().map(|c| c.playouts).sum();
    assert!(total > 1000, "{:?}", tree.candidates());
    // Below "0", "then 1" is worth 0.9 and "then 0" 0 (plus 0.05 for a head).
    let best = &tree.candidates()[1];
    assert_eq!(best.action, 1);
    assert!((best.mean - 0.9).abs() < 0.06, "{:?}", tree.candidates());
}

#[test]
fn the_order_tree_is_deterministic_for_a_seed() {
    let run = |seed| play_one_turn(&mut order_search(true, 30, seed));
    assert_eq!(run(5), run(5));
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
                    crate::toys::HEADS + (dice % 2) as Action
                }
            };
            state.apply(a).unwrap();
        }
        seen
    };
    assert_eq!(play(9), play(9));
}

/// A [`broadside_agents::SearchControl`] never told to stop changes no choice of any of the
/// three searches (flat, plan tree, order tree) with a playout budget, and counts playouts;
/// a stop asked for ends a search with a minute to spend, with a legal choice.
#[test]
fn a_control_counts_playouts_changes_nothing_and_stops_the_portfolio_search() {
    use broadside_agents::SearchControl;
    let minute = Budget::TimeMs(60_000);
    // Each search with a playout budget (made per seed), and the same with a minute's time.
    type Pair = (
        fn(u64) -> PortfolioAgent<TwoTurns>,
        PortfolioAgent<TwoTurns>,
    );
    let agents: [Pair; 3] = [
        (
            |seed| search(false, 60, seed),
            toy_search(
                "plans",
                PortfolioConfig {
                    budget: minute,
                    ..toy_config(1, 2, 4)
                },
                TwoTurns::round,
            ),
        ),
        (
            |seed| search(true, 60, seed),
            toy_search(
                "plans",
                PortfolioConfig {
                    budget: minute,
                    tree: true,
                    ..toy_config(1, 2, 4)
                },
                TwoTurns::round,
            ),
        ),
        (
            |seed| order_search(true, 60, seed),
            toy_search(
                "orders",
                PortfolioConfig {
                    budget: minute,
                    orders: true,
                    expand: 4,
                    ..toy_config(1, 1, 4)
                },
                |_| 0,
            ),
        ),
    ];
    for (make, mut hurried) in agents {
        let plain = play_one_turn(&mut make(4));
        let mut watched = make(4);
        let control = SearchControl::new();
        watched.set_control(Some(control.clone()));
        assert_eq!(play_one_turn(&mut watched), plain);
        assert!(control.playouts() > 0);
        let stop = SearchControl::new();
        stop.request_stop();
        hurried.set_control(Some(stop));
        let state = TwoTurns::one_turn();
        let p = state.current_player().expect("a player to move");
        let a = hurried.choose(&state, p);
        assert!(state.legal_actions().contains(a));
    }
}

/// The flat search over [`TwoTurns::new`] with a departure gate: `portfolio` doctrines
/// (the first the lead), every legal action a candidate if `every`.
fn gated_search(
    portfolio: Vec<Box<dyn Agent<TwoTurns>>>,
    departure: broadside_agents::portfolio::Departure,
    playouts: u64,
) -> PortfolioAgent<TwoTurns> {
    PortfolioAgent::new(
        toy_config(playouts, 2, 3),
        "gated".into(),
        portfolio,
        Box::new(Always(0)),
        Arc::new(NoValue),
        None,
        TwoTurns::round,
    )
    .with_departure(departure)
}

#[test]
fn the_gate_departs_from_the_lead_only_on_a_significant_paired_difference() {
    use broadside_agents::portfolio::Departure;
    let both =
        || -> Vec<Box<dyn Agent<TwoTurns>>> { vec![Box::new(Always(0)), Box::new(Always(1))] };
    // "1 then 1" (0.4) beats the lead's "0 then 0" (0) by far more than the coins' noise.
    let gate = Departure {
        z: 2.0,
        ..Departure::default()
    };
    assert_eq!(
        gated_search(both(), gate, 200).choose(&TwoTurns::new(), 0),
        1
    );
    // A difference below the least worth departing for keeps the lead.
    let gate = Departure {
        z: 2.0,
        edge: 0.5,
        ..Departure::default()
    };
    assert_eq!(
        gated_search(both(), gate, 200).choose(&TwoTurns::new(), 0),
        0
    );
    // With one world a candidate no difference has a standard error: the lead.
    let gate = Departure {
        z: 2.0,
        ..Departure::default()
    };
    assert_eq!(gated_search(both(), gate, 2).choose(&TwoTurns::new(), 0), 0);
}

#[test]
fn every_makes_each_legal_action_a_candidate_completed_by_the_lead() {
    use broadside_agents::portfolio::Departure;
    let every = Departure {
        z: 2.0,
        every: 2,
        ..Departure::default()
    };
    // One doctrine: without `every` it is never searched; with it "1" is a candidate
    // played on by the lead ("1 then 0", worth -0.9), so the lead's "0" is kept.
    let mut agent = gated_search(vec![Box::new(Always(0))], every, 100);
    assert_eq!(agent.choose(&TwoTurns::new(), 0), 0);
    let c = agent.candidates();
    assert_eq!(c.len(), 2, "{c:?}");
    assert!((c[1].mean + 0.9).abs() < 0.06, "{c:?}");
}
