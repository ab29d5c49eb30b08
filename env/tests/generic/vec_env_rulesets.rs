//! The vectorised environment on the real rulesets (the toy-game tests in `toy_harness.rs`
//! cover its contract): parallel batches equal serial ones action for action, and every
//! action drawn from a batch's mask row is accepted. `VecEnv::step` checks actions against
//! those rows instead of working each legal set out again; in a debug build it also asserts
//! that every row still equals the environment's own legal set, which these games exercise
//! through sailing, firing, chance, episode ends and auto-resets. Every row equals a fresh
//! observation of its environment (the rows are written in place, incrementally in WS&IM).

use broadside_env::fsail::{self, FsailGame, FsailOptions};
use broadside_env::game::{Action, Game};
use broadside_env::observation::Observation;
use broadside_env::wrapper::{EnvConfig, VecEnv, VecEnvConfig};
use broadside_env::wsim::{self, WsimGame, WsimOptions};
use ndarray::Axis;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random legal action per environment, read from the batch's mask rows.
fn from_masks<G: Game>(v: &VecEnv<G>, rng: &mut ChaCha8Rng) -> Vec<Action> {
    (0..v.num_envs())
        .map(|i| {
            let legal = v.batch().legal_actions(i);
            assert!(!legal.is_empty(), "an environment with no legal decision");
            legal.nth(rng.random_range(0..legal.len())).unwrap()
        })
        .collect()
}

fn parallel_equals_serial<G: Game + Send + Sync + 'static>(
    factory: impl Fn(u64) -> G + Send + Sync + Clone + 'static,
    steps: usize,
) {
    let cfg = |parallel| VecEnvConfig {
        num_envs: 8,
        seed: 3,
        // Short episodes, so that ends and auto-resets come often.
        env: EnvConfig {
            max_decisions: Some(150),
        },
        parallel,
    };
    let mut par = VecEnv::new(factory.clone(), cfg(true));
    let mut ser = VecEnv::new(factory, cfg(false));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut ended = 0;
    for _ in 0..steps {
        let actions = from_masks(&par, &mut rng);
        let a = par.step(&actions).expect("a legal action").clone();
        let b = ser.step(&actions).expect("a legal action");
        assert_eq!(&a, b);
        // The rows are written in place, incrementally where the ruleset can: each must
        // equal a fresh observation of its environment's state, auto-resets included.
        for i in 0..par.num_envs() {
            let mut fresh = Observation::new(&par.env(i).spec().obs);
            par.env(i).observe_into(&mut fresh);
            assert_eq!(a.entities.index_axis(Axis(0), i), fresh.entities, "env {i}");
            assert_eq!(a.global.index_axis(Axis(0), i), fresh.global, "env {i}");
            assert_eq!(a.planes.index_axis(Axis(0), i), fresh.planes, "env {i}");
        }
        ended += (0..a.terminated.len()).filter(|&i| a.done(i)).count();
    }
    assert!(ended >= 8, "only {ended} episodes ended");
}

#[test]
fn wsim_vec_env_parallel_equals_serial() {
    let sc = wsim::builtin_scenario("frigate-duel").unwrap();
    parallel_equals_serial(
        move |_| WsimGame::new(&sc, WsimOptions { resignation: false }),
        600,
    );
}

#[test]
fn fsail_vec_env_parallel_equals_serial() {
    let sc = fsail::builtin_scenario("frigate-duel").unwrap();
    parallel_equals_serial(
        move |_| FsailGame::new(&sc, FsailOptions { resignation: false }),
        600,
    );
}
