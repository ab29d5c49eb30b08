//! The network plays every registered ruleset: on its default scenario and on its smallest
//! one (a duel), at decision states of seeded random games (inside a squadron's turn of
//! sub-decisions, at hidden initiative cards and face-down orders), the network's priors
//! are a distribution over exactly the legal orders, its value is for the player to move,
//! what it sees of a state is the mover's information only (a state whose hidden part is
//! redrawn for the mover gives the very same output), and a `net:` search over it picks a
//! legal order, with or without the best doctrine's rollouts mixed into its values.
#![cfg(feature = "torch")]

use broadside_agents::mcts::{Budget, Evaluator, MctsAgent, MctsConfig, Selection};
use broadside_agents::{AgentSpec, KnownAgents};
use broadside_env::ruleset::{rulesets, scenarios, AnyGame, AnyScenario, GameOptions};
use broadside_env::{Game, Observation, Turn};
use broadside_models::infer::NetEvaluator;
use broadside_models::{NetConfig, Network};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::Device;

/// The ruleset's default scenario and its scenario with the fewest ships.
fn default_and_smallest(ruleset: &str) -> Vec<AnyScenario> {
    let all = scenarios(ruleset).unwrap();
    let size = |s: &AnyScenario| s.ships_per_side().iter().sum::<usize>();
    let smallest = all.iter().min_by_key(|s| size(s)).unwrap().clone();
    let mut out = vec![all[0].clone()];
    if smallest.id() != all[0].id() {
        out.push(smallest);
    }
    out
}

/// `n` decision states of seeded random games of `scenario` (at most 400 decisions in).
fn decisions(scenario: &AnyScenario, n: usize, seed: u64) -> Vec<AnyGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = scenario.new_game(&GameOptions { resignation: false });
    let mut g = start.clone();
    let mut out = Vec::new();
    let mut depth = 0;
    while out.len() < n {
        match g.turn() {
            Turn::Terminal => {
                g = start.clone();
                depth = 0;
            }
            Turn::Chance => {
                let o = g.chance_outcomes().sample(&mut rng);
                g.apply_unchecked(o);
            }
            Turn::Player(_) => {
                depth += 1;
                if g.legal_actions().len() > 1 && rng.random::<f64>() < 0.1 {
                    out.push(g.clone());
                }
                let legal = g.legal_actions();
                g.apply_unchecked(legal.nth(rng.random_range(0..legal.len())).unwrap());
                if depth > 400 {
                    g = start.clone();
                    depth = 0;
                }
            }
        }
    }
    out
}

#[test]
fn the_network_plays_every_rulesets_default_scenario_and_duel_on_the_movers_information() {
    let mut redrawn_differently = 0;
    for r in rulesets() {
        for scenario in default_and_smallest(r.name) {
            let what = format!("{} {}", r.name, scenario.id());
            let states = decisions(&scenario, 12, 5);
            let spec = states[0].spec();
            tch::manual_seed(21);
            let net = Network::new(spec, &NetConfig::tiny(), Device::Cpu).unwrap();
            let mut ev = NetEvaluator::<AnyGame>::local(net.duplicate(Device::Cpu), 64);
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            let mut mine = Observation::new(&spec.obs);
            let mut theirs = Observation::new(&spec.obs);
            for s in &states {
                let p = s.current_player().unwrap();
                // The mover's view of the state and of a redraw of what it cannot see.
                let redrawn = s.resample_hidden(p, &mut rng);
                s.observe(1 - p, &mut mine);
                redrawn.observe(1 - p, &mut theirs);
                redrawn_differently += usize::from(mine != theirs);
                ev.add_input(s);
                ev.add_input(&redrawn);
                let mut out = Vec::new();
                ev.compute(&mut out);
                let (x, y) = (&out[0], &out[1]);
                // The network's input is the mover's observation and legal orders, the
                // same for both; its outputs then agree up to the rounding of a batch row.
                s.observe(p, &mut mine);
                redrawn.observe(p, &mut theirs);
                assert!(
                    mine == theirs,
                    "{what}: the mover's view shows hidden orders"
                );
                assert_eq!(s.legal_actions(), redrawn.legal_actions(), "{what}");
                assert!(
                    (x.value[0] - y.value[0]).abs() < 1e-5,
                    "{what}: the value saw hidden orders"
                );
                assert_eq!(x.priors.len(), y.priors.len(), "{what}");
                for ((a, q), (b, r)) in x.priors.iter().zip(&y.priors) {
                    assert!(
                        a == b && (q - r).abs() < 1e-5,
                        "{what}: the priors saw hidden orders"
                    );
                }
                assert!(
                    x.value[0].abs() <= 1.0 && x.value[0] == -x.value[1],
                    "{what}"
                );
                let legal = s.legal_actions();
                assert_eq!(
                    x.priors.len(),
                    legal.len(),
                    "{what}: a prior per legal order"
                );
                assert!(x.priors.iter().all(|(a, _)| legal.contains(*a)), "{what}");
                let sum: f32 = x.priors.iter().map(|(_, q)| q).sum();
                assert!((sum - 1.0).abs() < 1e-4, "{what}: priors sum to {sum}");
            }
            // A `net:` search (the loader's evaluators from the checkpoint file, the
            // ruleset's information key) picks a legal order at every one of these states.
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("net.safetensors");
            net.save(&file, 0).unwrap();
            let factory = broadside_models::loader::load_any(file.to_str().unwrap()).unwrap();
            let cfg = MctsConfig {
                budget: Budget::Simulations(16),
                selection: Selection::Puct { c: 1.5 },
                seed: 3,
                ..MctsConfig::default()
            };
            let mut search = MctsAgent::with_info_key(cfg, factory, AnyGame::info_key());
            // The same network with the ruleset's best doctrine's rollouts mixed into its
            // leaf values, built from its spec as `arena` and `play` build it.
            broadside_models::loader::register();
            let mixed_spec = format!(
                "net:path={},sims=8,seed=5,eval=rollout:bot:best,turns=1,mix=0.5",
                file.display()
            );
            let mut mixed = mixed_spec
                .parse::<AgentSpec>()
                .unwrap()
                .build_mcts::<AnyGame>(5)
                .unwrap()
                .expect("a net: spec is a search");
            for s in &states {
                let p = s.current_player().unwrap();
                let ex = search.search(s, p);
                assert!(s.legal_actions().contains(ex.action), "{what}");
                assert!(ex.simulations > 0, "{what}: no simulation");
                let ex = mixed.search(s, p);
                assert!(
                    s.legal_actions().contains(ex.action),
                    "{what}: {mixed_spec}"
                );
                assert!(ex.simulations > 0, "{what}: {mixed_spec}");
            }
        }
    }
    // The redraws above really hid something somewhere (the check can fail).
    assert!(
        redrawn_differently > 0,
        "no ruleset had hidden orders to redraw"
    );
}
