//! The agreement between agents on one agent's positions (`broadside agree`): a
//! deterministic doctrine agrees with itself always, random with a doctrine seldom, the
//! modal share follows from the agreement with one shadow, only the main agent's side is
//! counted against an opponent, and parallel equals serial.

use broadside_agents::agreement::{measure, AgreementConfig, AgreementError};
use broadside_agents::AgentSpec;
use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};

fn duel(_seed: u64) -> WsimGame {
    let sc = builtin_scenario("frigate-duel").unwrap();
    WsimGame::new(&sc, WsimOptions { resignation: false })
}

fn config(main: &str, shadow: &str, shadows: usize, opponent: Option<&str>) -> AgreementConfig {
    AgreementConfig {
        main: main.parse().unwrap(),
        opponent: opponent.map(|o| o.parse::<AgentSpec>().unwrap()),
        shadow: shadow.parse().unwrap(),
        shadows,
        pairs: 2,
        seed: 5,
        max_decisions: Some(600),
    }
}

#[test]
fn a_deterministic_doctrine_agrees_with_itself_and_random_does_not() {
    let same = measure(
        &duel,
        &config("bot:british", "bot:british", 2, None),
        &|| {},
    )
    .unwrap();
    assert_eq!(same.games, 4);
    assert!(same.overall.decisions > 100, "{same:?}");
    assert_eq!(same.overall.agreement, 1.0, "{same:?}");
    assert_eq!(same.overall.modal, 1.0, "{same:?}");
    assert_eq!(same.main_score, 0.5);

    let random = measure(&duel, &config("random", "bot:british", 1, None), &|| {}).unwrap();
    let a = random.overall.agreement;
    assert!(a > 0.0 && a < 0.9, "{random:?}");
    // With one shadow a decision's modal share is 1 when the two agree and 1/2 when not.
    assert!(
        (random.overall.modal - (1.0 + a) / 2.0).abs() < 1e-12,
        "{random:?}"
    );
    for k in &random.by_kind {
        assert!((k.modal - (1.0 + k.agreement) / 2.0).abs() < 1e-12, "{k:?}");
    }
    let summed: usize = random.by_kind.iter().map(|k| k.decisions).sum();
    assert_eq!(summed, random.overall.decisions);
    assert!(random
        .by_kind
        .windows(2)
        .all(|w| w[0].decisions >= w[1].decisions));
}

#[test]
fn against_an_opponent_only_the_main_side_counts_and_threads_change_nothing() {
    let both = measure(&duel, &config("random", "random", 3, None), &|| {}).unwrap();
    let one = config("random", "random", 3, Some("random"));
    let serial = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| measure(&duel, &one, &|| {}).unwrap());
    let parallel = measure(&duel, &one, &|| {}).unwrap();
    assert_eq!(serial, parallel);
    // The same games (random on both sides, the same seeds) with one side counted.
    assert!(parallel.overall.decisions < both.overall.decisions);
    assert!(2 * parallel.overall.decisions > both.overall.decisions / 2);
    // Several shadows: a decision's modal share is at least the main agent's own group.
    let k = 3.0;
    assert!(parallel.overall.modal + 1e-12 >= (1.0 + k * parallel.overall.agreement) / (k + 1.0));
}

#[test]
fn bad_settings_are_refused() {
    let none = AgreementConfig {
        shadows: 0,
        ..config("random", "random", 1, None)
    };
    assert_eq!(
        measure(&duel, &none, &|| {}).unwrap_err(),
        AgreementError::Empty
    );
    let unknown = config("random", "bot:nope", 1, None);
    let e = measure(&duel, &unknown, &|| {}).unwrap_err().to_string();
    assert!(e.contains("nope"), "{e}");
}
