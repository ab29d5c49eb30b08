//! The network on libtorch: schema, shapes, masking, checkpoints. Runs only with the
//! `torch` feature:
//! `LIBTORCH=$(bash scripts/setup_torch.sh) cargo test -p broadside-models --features torch`.
#![cfg(feature = "torch")]

use broadside_env::ruleset::{scenarios, AnyGame, GameOptions};
use broadside_env::{ActionSet, Game, Observation, Turn};
use broadside_models::{Checkpoint, CheckpointError, NetConfig, Network, ILLEGAL_LOGIT};
use tch::{Device, Kind, Tensor};

/// Decision states of a ruleset's first scenarios: (observation, legal actions), taken along
/// a deterministic line of play (first legal action, first chance outcome).
fn positions(ruleset: &str, count: usize) -> (AnyGame, Vec<(Observation, ActionSet)>) {
    let scenario = scenarios(ruleset).unwrap().remove(0);
    let mut g = scenario.new_game(&GameOptions::default());
    let first = g.clone();
    let mut out = Vec::new();
    let mut step = 0usize;
    while out.len() < count && g.turn() != Turn::Terminal {
        if let Turn::Player(p) = g.turn() {
            let mut obs = Observation::new(&g.spec().obs);
            g.observe(p, &mut obs);
            out.push((obs, g.legal_actions()));
        }
        let legal = g.legal_actions();
        let a = legal.nth(step % legal.len()).unwrap();
        g.apply(a).unwrap();
        step += 1;
    }
    assert_eq!(out.len(), count, "{ruleset}: game ended early");
    (first, out)
}

fn net_for(ruleset: &str, config: &NetConfig) -> (Network, Vec<(Observation, ActionSet)>) {
    tch::manual_seed(7);
    let (g, pos) = positions(ruleset, 5);
    (Network::new(g.spec(), config, Device::Cpu).unwrap(), pos)
}

fn run(net: &Network, pos: &[(Observation, ActionSet)]) -> (Tensor, Tensor) {
    let obs: Vec<&Observation> = pos.iter().map(|(o, _)| o).collect();
    let legal: Vec<ActionSet> = pos.iter().map(|(_, l)| *l).collect();
    let out = net.forward_observations(&obs, &legal);
    (out.logits, out.value)
}

#[test]
fn layer_names_are_the_checkpoint_schema() {
    let (net, _) = net_for("wsim", &NetConfig::tiny());
    let names: Vec<String> = net.layer_names().into_iter().map(|(n, _)| n).collect();
    let expected = [
        "attn.norm.bias",
        "attn.norm.weight",
        "attn.out.bias",
        "attn.out.weight",
        "attn.qkv.bias",
        "attn.qkv.weight",
        "entity.hidden.bias",
        "entity.hidden.weight",
        "entity.in.bias",
        "entity.in.weight",
        "global.hidden.bias",
        "global.hidden.weight",
        "global.in.bias",
        "global.in.weight",
        "policy.bias",
        "policy.weight",
        "trunk.bias",
        "trunk.weight",
        "value.hidden.bias",
        "value.hidden.weight",
        "value.out.bias",
        "value.out.weight",
    ];
    assert_eq!(names, expected);
    let spec = net.spec();
    let shapes: std::collections::BTreeMap<_, _> = net.layer_names().into_iter().collect();
    let f = spec.obs.entity_features.len() as i64;
    assert_eq!(shapes["entity.in.weight"], vec![16, f]);
    assert_eq!(shapes["attn.qkv.weight"], vec![48, 16]);
    assert_eq!(
        shapes["policy.weight"],
        vec![spec.num_player_actions as i64, 32]
    );
    assert_eq!(shapes["trunk.weight"], vec![32, 2 * 16 + 32]);

    // Without attention the attention layer's parameters are simply absent.
    let pooled = NetConfig {
        heads: 0,
        ..NetConfig::tiny()
    };
    let (net, _) = net_for("wsim", &pooled);
    assert!(net
        .layer_names()
        .iter()
        .all(|(n, _)| !n.starts_with("attn.")));
    assert_eq!(net.layer_names().len(), expected.len() - 6);
}

#[test]
fn forward_shapes_and_masking_on_both_rulesets() {
    for ruleset in ["wsim", "fsail"] {
        for config in [
            NetConfig::tiny(),
            NetConfig {
                heads: 0,
                ..NetConfig::tiny()
            },
        ] {
            let (net, pos) = net_for(ruleset, &config);
            let (logits, value) = run(&net, &pos);
            let a = net.spec().num_player_actions as i64;
            assert_eq!(logits.size(), vec![pos.len() as i64, a], "{ruleset}");
            assert_eq!(value.size(), vec![pos.len() as i64], "{ruleset}");
            let values = Vec::<f32>::try_from(&value).unwrap();
            assert!(
                values.iter().all(|v| v.is_finite() && v.abs() <= 1.0),
                "{values:?}"
            );
            for (i, (_, legal)) in pos.iter().enumerate() {
                let row = Vec::<f32>::try_from(&logits.get(i as i64)).unwrap();
                for (act, &l) in row.iter().enumerate() {
                    if legal.contains(act as u16) {
                        assert!(l.is_finite() && l > -1e6, "{ruleset}: legal {act} got {l}");
                    } else {
                        assert!(
                            l <= ILLEGAL_LOGIT as f32,
                            "{ruleset}: illegal {act} got {l}"
                        );
                    }
                }
                // Softmax puts all the mass on legal actions.
                let p = logits.get(i as i64).softmax(-1, Kind::Float);
                let illegal_mass: f64 = Vec::<f32>::try_from(&p)
                    .unwrap()
                    .iter()
                    .enumerate()
                    .filter(|(a, _)| !legal.contains(*a as u16))
                    .map(|(_, &x)| x as f64)
                    .sum();
                assert!(illegal_mass < 1e-9, "{ruleset}: {illegal_mass}");
            }
        }
    }
}

#[test]
fn output_ignores_the_order_of_entity_rows() {
    let (net, pos) = net_for("wsim", &NetConfig::tiny());
    let (obs, legal) = &pos[0];
    let mut swapped = obs.clone();
    let n = swapped.entities.nrows();
    for j in 0..swapped.entities.ncols() {
        swapped.entities.swap([0, j], [n - 1, j]);
    }
    let (l1, v1) = run(&net, &[(obs.clone(), *legal)]);
    let (l2, v2) = run(&net, &[(swapped, *legal)]);
    assert!(l1.allclose(&l2, 1e-4, 1e-4, false));
    assert!(v1.allclose(&v2, 1e-5, 1e-5, false));
}

#[test]
fn checkpoint_round_trip_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.safetensors");
    let (net, pos) = net_for("fsail", &NetConfig::tiny());
    net.save(&path, 123).unwrap();
    let (back, meta) = Network::load(&path, net.spec(), Device::Cpu).unwrap();
    assert_eq!(meta.step, 123);
    assert_eq!(meta.ruleset, "fsail");
    assert_eq!(back.config(), &NetConfig::tiny());
    let (l1, v1) = run(&net, &pos);
    let (l2, v2) = run(&back, &pos);
    assert!(l1.equal(&l2) && v1.equal(&v2), "loaded network differs");

    // Into a fresh network of the same shape: the weights arrive.
    tch::manual_seed(99);
    let (g, _) = positions("fsail", 1);
    let mut fresh = Network::new(g.spec(), &NetConfig::tiny(), Device::Cpu).unwrap();
    assert!(!run(&fresh, &pos).1.equal(&v1));
    fresh.load_weights(&path).unwrap();
    assert!(run(&fresh, &pos).1.equal(&v1));

    // Another config: refused with the field named.
    let mut big = Network::new(g.spec(), &NetConfig::default(), Device::Cpu).unwrap();
    let err = big.load_weights(&path).unwrap_err();
    assert!(
        matches!(
            err,
            CheckpointError::Mismatch {
                field: "config",
                ..
            }
        ),
        "{err}"
    );
    // Another ruleset.
    let (w, _) = positions("wsim", 1);
    let err = Network::load(&path, w.spec(), Device::Cpu).unwrap_err();
    assert!(
        matches!(
            err,
            CheckpointError::Mismatch {
                field: "ruleset",
                ..
            }
        ),
        "{err}"
    );
    // Another ruleset version.
    let mut ckpt = Checkpoint::read(&path).unwrap();
    ckpt.meta.ruleset_version += 1;
    let other = dir.path().join("other.safetensors");
    ckpt.write(&other).unwrap();
    let err = Network::load(&other, g.spec(), Device::Cpu).unwrap_err();
    assert!(
        matches!(
            err,
            CheckpointError::Mismatch {
                field: "ruleset_version",
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("ruleset_version"), "{err}");
}

#[test]
fn truncated_checkpoint_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.safetensors");
    let (mut net, _) = net_for("wsim", &NetConfig::tiny());
    net.save(&path, 1).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let short = dir.path().join("short.safetensors");
    for len in [0, 5, 100, bytes.len() / 2, bytes.len() - 1] {
        std::fs::write(&short, &bytes[..len]).unwrap();
        let err = net.load_weights(&short).unwrap_err();
        assert!(
            matches!(
                err,
                CheckpointError::Truncated { .. } | CheckpointError::Malformed { .. }
            ),
            "{len}: {err}"
        );
        assert!(err.to_string().contains("short.safetensors"), "{err}");
    }
    std::fs::write(&short, &bytes[..bytes.len() - 1]).unwrap();
    let err = net.load_weights(&short).unwrap_err();
    assert!(matches!(err, CheckpointError::Truncated { .. }), "{err}");
    let missing = dir.path().join("missing.safetensors");
    assert!(matches!(
        net.load_weights(&missing).unwrap_err(),
        CheckpointError::Io { .. }
    ));
}

/// `slots`: pooling alone cannot tell which row is which, so swapping two ships' rows
/// leaves the logits as they were; with the rows in order beside the pool it changes them.
/// The extra layer is `slots` (rows x embedding in, trunk width out), absent otherwise.
#[test]
fn slots_let_the_policy_tell_the_rows_apart() {
    for slots in [false, true] {
        let config = NetConfig {
            slots,
            ..NetConfig::tiny()
        };
        let (net, pos) = net_for("wsim", &config);
        let (rows, _) = net.spec().obs.entity_shape();
        let (obs, legal) = pos[0].clone();
        let mut swapped = obs.clone();
        assert_ne!(obs.entities.row(0), obs.entities.row(1));
        swapped.entities.row_mut(0).assign(&obs.entities.row(1));
        swapped.entities.row_mut(1).assign(&obs.entities.row(0));
        let (l0, _) = run(&net, &[(obs.clone(), legal)]);
        let (l1, _) = run(&net, &[(swapped, legal)]);
        let diff = (l0 - l1).abs().max().double_value(&[]);
        let shapes: std::collections::HashMap<_, _> = net.layer_names().into_iter().collect();
        if slots {
            assert!(diff > 1e-4, "slots: swapping rows changed nothing ({diff})");
            assert_eq!(shapes["slots.weight"], vec![32, rows as i64 * 16]);
            // The checkpoint records the choice, so the network loads with its layer.
            let path =
                std::env::temp_dir().join(format!("slots-{}.safetensors", std::process::id()));
            net.save(&path, 1).unwrap();
            let (back, _) = Network::load(&path, net.spec(), Device::Cpu).unwrap();
            std::fs::remove_file(&path).ok();
            assert!(back.config().slots);
            let (l2, _) = run(&back, &[(obs, legal)]);
            assert!(l2.equal(&run(&net, &[(pos[0].0.clone(), legal)]).0));
        } else {
            assert!(
                diff < 1e-4,
                "pooled: swapping rows changed the logits ({diff})"
            );
            assert!(!shapes.contains_key("slots.weight"));
        }
    }
}

/// `relative`: its layers (`rel.*`) exist only when asked for; a ruleset on the plane gets
/// finite, masked outputs from it that still ignore the order of the rows (each ship pools
/// what it hears); a hex ruleset, without `x`/`heading_sin` features, is refused in words.
#[test]
fn relative_geometry_is_heard_on_the_plane_and_refused_on_hexes() {
    let config = NetConfig {
        relative: true,
        ..NetConfig::tiny()
    };
    for ruleset in ["oak", "togo", "fsail"] {
        let (net, pos) = net_for(ruleset, &config);
        let names: Vec<String> = net.layer_names().into_iter().map(|(n, _)| n).collect();
        assert!(
            names.iter().any(|n| n == "rel.pair.weight"),
            "{ruleset}: {names:?}"
        );
        let (logits, value) = run(&net, &pos);
        let values = Vec::<f32>::try_from(&value).unwrap();
        assert!(
            values.iter().all(|v| v.is_finite() && v.abs() <= 1.0),
            "{ruleset}"
        );
        for (i, (_, legal)) in pos.iter().enumerate() {
            for a in 0..net.spec().num_player_actions {
                let l = logits.double_value(&[i as i64, a as i64]);
                if !legal.contains(a as broadside_env::Action) {
                    assert_eq!(l, ILLEGAL_LOGIT, "{ruleset}");
                }
            }
        }
        let (obs, legal) = &pos[0];
        let mut swapped = obs.clone();
        let n = swapped.entities.nrows();
        for j in 0..swapped.entities.ncols() {
            swapped.entities.swap([0, j], [n - 1, j]);
        }
        assert_ne!(&swapped, obs, "{ruleset}: the swap moved nothing");
        let (l1, v1) = run(&net, &[(obs.clone(), *legal)]);
        let (l2, v2) = run(&net, &[(swapped, *legal)]);
        assert!(l1.allclose(&l2, 1e-4, 1e-4, false), "{ruleset}");
        assert!(v1.allclose(&v2, 1e-5, 1e-5, false), "{ruleset}");
        let plain = net_for(ruleset, &NetConfig::tiny()).0;
        assert!(!plain
            .layer_names()
            .iter()
            .any(|(n, _)| n.starts_with("rel.")));
    }
    let err = Network::new(
        net_for("wsim", &NetConfig::tiny()).0.spec(),
        &config,
        Device::Cpu,
    )
    .unwrap_err();
    assert!(
        err.contains("net.relative") && err.contains("wsim"),
        "{err}"
    );
}
