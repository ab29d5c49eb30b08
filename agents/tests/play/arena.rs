//! Small arena runs: a round robin on the frigate duel is reproducible and replayable and
//! ranks a doctrine above random; an SPRT between them decides and stops.

use broadside_agents::ratings::{bradley_terry, Sprt, SprtDecision};
use broadside_agents::tournament::{
    replay, round_robin, sprt_match, standings, SprtConfig, TournamentConfig,
};
use broadside_agents::AgentSpec;
use broadside_env::wsim::{builtin_scenario, WsimGame, WsimOptions};
use broadside_env::Game;

fn duel(_seed: u64) -> WsimGame {
    let sc = builtin_scenario("frigate-duel").unwrap();
    WsimGame::new(&sc, WsimOptions { resignation: false })
}

#[test]
fn a_round_robin_is_reproducible_and_rates_bots_above_random() {
    let specs: Vec<AgentSpec> = ["random", "bot:british", "bot:rake-seeker"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let cfg = TournamentConfig {
        pairs_per_pairing: 6,
        seed: 7,
        max_decisions: Some(3000),
    };
    let games = round_robin(&duel, &specs, &cfg, &|_| {}).unwrap();
    assert_eq!(games.len(), 3 * 6 * 2);
    // Games come in pairs: the second of each pair swaps the sides and keeps both seeds,
    // so the luck of the deal and of the dice cancels within the pair.
    for (k, pair) in games.chunks_exact(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        assert_eq!(a.index, 2 * k);
        assert_eq!(b.index, 2 * k + 1);
        assert_ne!(a.sides[0], a.sides[1], "game {k}: an entrant plays itself");
        assert_eq!(
            b.sides,
            [a.sides[1], a.sides[0]],
            "pair {k}: sides not swapped"
        );
        assert_eq!(
            a.scenario_seed, b.scenario_seed,
            "pair {k}: scenario seeds differ"
        );
        assert_eq!(
            a.chance_seed, b.chance_seed,
            "pair {k}: chance seeds differ"
        );
    }
    // Different pairs get different seeds.
    let mut seeds: Vec<u64> = games.iter().step_by(2).map(|g| g.chance_seed).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), games.len() / 2);
    // Every entrant plays each side equally often.
    for e in 0..3 {
        for side in 0..2 {
            assert_eq!(games.iter().filter(|g| g.sides[side] == e).count(), 12);
        }
    }
    assert_eq!(games, round_robin(&duel, &specs, &cfg, &|_| {}).unwrap());
    for g in games.iter().take(4) {
        let end = replay(duel(g.scenario_seed), g).unwrap();
        assert_eq!(end.returns(), g.returns);
    }
    let table = standings(3, &games);
    assert_eq!(table[0].games, 24);
    let r = bradley_terry(3, &games);
    assert!(r[1].elo > r[0].elo && r[2].elo > r[0].elo, "{r:?}");
}

#[test]
fn an_sprt_between_a_bot_and_random_decides() {
    let specs: [AgentSpec; 2] = [
        "bot:line-of-battle".parse().unwrap(),
        "random".parse().unwrap(),
    ];
    let cfg = SprtConfig {
        seed: 3,
        batch: 4,
        max_pairs: 200,
        max_decisions: Some(3000),
    };
    let run = sprt_match(&duel, &specs, Sprt::new(0.0, 100.0), &cfg, &|_| {}).unwrap();
    assert_eq!(run.decision, SprtDecision::AcceptH1, "{:?}", run.test.llr());
    assert!(run.games.len() < 400);
}
