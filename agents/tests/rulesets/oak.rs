//! Oak & Iron agents: every doctrine takes only legal actions at every decision of both
//! sides in every scenario, replays its games for the same seeds, beats random on the
//! engagement, does not read the other side's hidden cards, and the searches (MCTS with
//! information sets, portfolio) build from spec strings and play.

use broadside_agents::mcts::Heuristic;
use broadside_agents::oak::{OakDoctrineBot, OakValue, OAK_DOCTRINES};
use broadside_agents::{play_match, Agent, AgentSpec, MatchConfig};
use broadside_env::oak::{builtin_scenario, builtin_scenarios, OakGame, OakOptions};
use broadside_env::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game(id: &str) -> OakGame {
    OakGame::new(
        &builtin_scenario(id).unwrap(),
        OakOptions { resignation: false },
    )
}

/// Every doctrine against every other on every scenario: legal choices only (play_match
/// refuses an illegal one), every game ends, and the same seeds replay the same game.
#[test]
fn doctrines_play_legal_complete_reproducible_games() {
    for sc in builtin_scenarios() {
        for (k, d) in OAK_DOCTRINES.iter().enumerate() {
            let e = OAK_DOCTRINES[(k + 1) % OAK_DOCTRINES.len()];
            let play = || {
                let mut a = OakDoctrineBot::new(*d, 3);
                let mut b = OakDoctrineBot::new(e, 4);
                let cfg = MatchConfig {
                    chance_seed: k as u64,
                    max_decisions: None,
                };
                play_match(game(&sc.id), [&mut a, &mut b], &cfg).expect("a legal game")
            };
            let (x, y) = (play(), play());
            assert!(x.final_state.is_terminal(), "{} {}", sc.id, d.name);
            assert_eq!(x.history, y.history, "replays");
        }
    }
}

/// Every doctrine beats random on the default engagement (10 games, sides alternating;
/// the arena's 200-game figures are in docs/experiments/2026-11-26-oak-admiral.md).
#[test]
fn doctrines_beat_random_on_the_engagement() {
    for d in OAK_DOCTRINES {
        let score = crate::versus_random::score(
            || game("engagement"),
            &|k| Box::new(OakDoctrineBot::new(d, k)),
            10,
        );
        assert!(score >= 0.8, "{}: {score}", d.name);
    }
}

/// A doctrine's choice depends only on what its side may know: the same choice on every
/// resampling of the other side's hidden hand and face-down card.
#[test]
fn doctrines_do_not_read_hidden_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut g = game("patrol");
    let mut checked = 0;
    for step in 0..600 {
        if g.is_terminal() {
            break;
        }
        match g.turn() {
            Turn::Player(p) => {
                let mut bot = OakDoctrineBot::new(OAK_DOCTRINES[0], 9);
                let a = bot.choose(&g, p);
                for _ in 0..3 {
                    let r = g.resample_hidden(p, &mut rng);
                    let mut again = OakDoctrineBot::new(OAK_DOCTRINES[0], 9);
                    assert_eq!(again.choose(&r, p), a, "step {step}");
                    checked += 1;
                }
                g.apply(a).unwrap();
            }
            Turn::Chance => {
                let a = g.chance_outcomes().sample(&mut rng);
                g.apply(a).unwrap();
            }
            Turn::Terminal => break,
        }
    }
    assert!(checked > 100);
}

/// The value is zero-sum, in [-1, 1], and the returns at the end.
#[test]
fn value_is_zero_sum_and_bounded() {
    let v = OakValue::default();
    let g = game("engagement");
    let x = v.value(&g);
    assert!((x[0] + x[1]).abs() < 1e-12 && x[0].abs() <= 1.0);
    let mut h = g;
    h.ships[6].damage = 7;
    assert!(v.value(&h)[0] > x[0], "a crippled enemy is good for side 0");
}

/// The searches build from spec strings and play a few decisions legally.
#[test]
fn searches_build_and_play() {
    for spec in [
        "mcts:sims=20,eval=rollout:bot:best,depth=30",
        "portfolio:sims=4",
        "bot:best",
    ] {
        let s: AgentSpec = spec.parse().expect(spec);
        let mut agent = s
            .build::<OakGame>(1)
            .unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut g = game("duel");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..40 {
            match g.turn() {
                Turn::Player(p) => {
                    let a = agent.choose(&g, p);
                    g.apply(a).unwrap_or_else(|e| panic!("{spec}: {e}"));
                }
                Turn::Chance => {
                    let a = g.chance_outcomes().sample(&mut rng);
                    g.apply(a).unwrap();
                }
                Turn::Terminal => break,
            }
        }
    }
}
