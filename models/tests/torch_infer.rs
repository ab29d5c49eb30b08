//! The network as the search's leaf evaluator: local and server backends agree, priors are
//! distributions over the legal actions, values are for the player to move, terminal leaves
//! never reach the network, and a search with a net evaluator is deterministic for a seed.
#![cfg(feature = "torch")]

use std::sync::Arc;
use std::time::Duration;

use broadside_agents::mcts::{Budget, Evaluation, Evaluator, MctsAgent, MctsConfig, Selection};
use broadside_agents::KnownAgents;
use broadside_env::ruleset::{scenarios, AnyGame, GameOptions};
use broadside_env::{Game, Turn};
use broadside_models::infer::{InferenceServer, NetEvaluator};
use broadside_models::{NetConfig, Network};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::Device;

/// Decision states from seeded random play, with one terminal state at the end.
fn leaves(ruleset: &str, n: usize) -> Vec<AnyGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let start = scenarios(ruleset)
        .unwrap()
        .remove(0)
        .new_game(&GameOptions::default());
    let mut g = start.clone();
    let mut out = Vec::new();
    let mut terminal = None;
    while out.len() < n || terminal.is_none() {
        match g.turn() {
            Turn::Terminal => {
                terminal.get_or_insert_with(|| g.clone());
                g = start.clone();
            }
            Turn::Chance => {
                let o = g.chance_outcomes().sample(&mut rng);
                g.apply_unchecked(o);
            }
            Turn::Player(_) => {
                if out.len() < n && rng.random::<f64>() < 0.2 {
                    out.push(g.clone());
                }
                let legal = g.legal_actions();
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap();
                g.apply_unchecked(a);
            }
        }
    }
    out.push(terminal.unwrap());
    out
}

fn evaluate(ev: &mut dyn Evaluator<AnyGame>, leaves: &[AnyGame]) -> Vec<Evaluation> {
    for l in leaves {
        ev.add_input(l);
    }
    let mut out = Vec::new();
    ev.compute(&mut out);
    out
}

#[test]
fn local_and_server_evaluations_agree_and_are_well_formed() {
    for ruleset in ["wsim", "fsail"] {
        let leaves = leaves(ruleset, 12);
        tch::manual_seed(11);
        let net = Network::new(leaves[0].spec(), &NetConfig::tiny(), Device::Cpu).unwrap();
        let server =
            InferenceServer::start(net.duplicate(Device::Cpu), 64, Duration::from_millis(1));
        let mut local = NetEvaluator::<AnyGame>::local(net, 16);
        let mut remote = NetEvaluator::<AnyGame>::remote(server.client(), leaves[0].spec(), 16);
        let a = evaluate(&mut local, &leaves);
        let b = evaluate(&mut remote, &leaves);
        assert_eq!(a.len(), leaves.len());
        for ((x, y), leaf) in a.iter().zip(&b).zip(&leaves) {
            assert!((x.value[0] - y.value[0]).abs() < 1e-5, "{ruleset}");
            assert_eq!(x.value[0], -x.value[1], "{ruleset}: zero-sum values");
            if leaf.is_terminal() {
                assert_eq!(
                    x.value,
                    leaf.returns(),
                    "{ruleset}: terminal returns pass through"
                );
                assert!(x.priors.is_empty());
                continue;
            }
            assert!(x.value[0].abs() <= 1.0);
            let legal = leaf.legal_actions();
            assert_eq!(
                x.priors.len(),
                legal.len(),
                "{ruleset}: one prior per legal action"
            );
            assert!(x.priors.iter().all(|(act, _)| legal.contains(*act)));
            let sum: f32 = x.priors.iter().map(|(_, p)| p).sum();
            assert!((sum - 1.0).abs() < 1e-4, "{ruleset}: priors sum to {sum}");
            // Resigning is never a network output (self-play never has it legal).
            let resign = leaf.spec().resign_action();
            if let Some((_, p)) = x.priors.iter().find(|(act, _)| Some(*act) == resign) {
                assert!(legal.len() == 1 || *p < 1e-6, "{ruleset}: resign prior {p}");
            }
            for ((pa, px), (qa, qx)) in x.priors.iter().zip(&y.priors) {
                assert_eq!(pa, qa);
                assert!((px - qx).abs() < 1e-5);
            }
        }
        let m = server.metrics().snapshot();
        assert_eq!(
            m.rows as usize,
            leaves.len() - 1,
            "the terminal leaf skips the network"
        );
        assert!(m.batches >= 1 && m.requests == 1);
        drop(remote);
        server.stop();
    }
}

#[test]
fn several_inference_threads_answer_every_client_with_its_own_rows() {
    let leaves = leaves("wsim", 24);
    let leaves = &leaves[..24]; // decision states only
    tch::manual_seed(12);
    let net = Network::new(leaves[0].spec(), &NetConfig::tiny(), Device::Cpu).unwrap();
    let expected = evaluate(
        &mut NetEvaluator::<AnyGame>::local(net.duplicate(Device::Cpu), 4),
        leaves,
    );
    let copies = (0..3).map(|_| net.duplicate(Device::Cpu)).collect();
    let server = InferenceServer::start_many(copies, 8, Duration::from_micros(200));
    // Eight clients at once, each sending its slice of the leaves in rounds of three, so the
    // threads take turns at the queue and mix several clients' rows in one pass.
    std::thread::scope(|scope| {
        for k in 0..8 {
            let client = server.client();
            let (leaves, expected) = (leaves, &expected);
            scope.spawn(move || {
                let spec = leaves[0].spec();
                let mut ev = NetEvaluator::<AnyGame>::remote(client, spec, 3);
                for round in 0..20 {
                    let at = (k * 3 + round) % (leaves.len() - 2);
                    let got = evaluate(&mut ev, &leaves[at..at + 3]);
                    for (x, y) in got.iter().zip(&expected[at..at + 3]) {
                        assert!((x.value[0] - y.value[0]).abs() < 1e-5);
                        assert_eq!(x.priors.len(), y.priors.len());
                        for ((pa, px), (qa, qx)) in x.priors.iter().zip(&y.priors) {
                            assert_eq!(pa, qa);
                            assert!((px - qx).abs() < 1e-5);
                        }
                    }
                }
            });
        }
    });
    let m = server.metrics().snapshot();
    assert_eq!(m.requests, 8 * 20);
    assert_eq!(m.rows, 8 * 20 * 3);
    server.stop();
}

#[test]
fn a_search_over_a_local_network_is_deterministic() {
    let leaves = leaves("wsim", 2);
    tch::manual_seed(5);
    let net = Network::new(leaves[0].spec(), &NetConfig::tiny(), Device::Cpu).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("n.safetensors");
    net.save(&path, 0).unwrap();
    let run = || {
        let p = path.clone();
        let factory = Arc::new(move |_| {
            let (net, _) = Network::load(&p, &broadside_env::wsim::WSIM_SPEC, Device::Cpu).unwrap();
            Box::new(NetEvaluator::<AnyGame>::local(net, 4)) as Box<dyn Evaluator<AnyGame>>
        });
        let cfg = MctsConfig {
            budget: Budget::Simulations(48),
            selection: Selection::Puct { c: 1.5 },
            seed: 9,
            ..MctsConfig::default()
        };
        let mut agent = MctsAgent::with_info_key(cfg, factory, AnyGame::info_key());
        let p = leaves[0].current_player().unwrap();
        agent.search(&leaves[0], p)
    };
    assert_eq!(run(), run());
}

#[test]
fn a_chance_leaf_is_valued_at_the_decision_after_its_dice() {
    for ruleset in ["wsim", "fsail"] {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut g = scenarios(ruleset)
            .unwrap()
            .remove(0)
            .new_game(&GameOptions::default());
        let mut chance = Vec::new();
        while chance.len() < 6 && !g.is_terminal() {
            match g.turn() {
                Turn::Chance => {
                    chance.push(g.clone());
                    let o = g.chance_outcomes().sample(&mut rng);
                    g.apply_unchecked(o);
                }
                Turn::Player(_) => {
                    let legal = g.legal_actions();
                    let resign = g.spec().resign_action();
                    let a = legal
                        .iter()
                        .find(|&a| Some(a) != resign && rng.random::<f64>() < 0.5)
                        .unwrap_or(legal.nth(0).unwrap());
                    g.apply_unchecked(a);
                }
                Turn::Terminal => break,
            }
        }
        assert!(!chance.is_empty(), "{ruleset}");
        tch::manual_seed(5);
        let net = Network::new(chance[0].spec(), &NetConfig::tiny(), Device::Cpu).unwrap();
        let run = |seed: u64| {
            let mut ev =
                NetEvaluator::<AnyGame>::local(net.duplicate(Device::Cpu), 16).with_seed(seed);
            evaluate(&mut ev, &chance)
        };
        let a = run(1);
        assert_eq!(a, run(1), "{ruleset}: the dice of chance leaves are seeded");
        for e in &a {
            // The priors of a later decision are not the chance node's: none are given.
            assert!(e.priors.is_empty(), "{ruleset}");
            assert!(e.value[0].abs() <= 1.0 && e.value[0] == -e.value[1]);
        }
    }
}
