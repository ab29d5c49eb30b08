//! Pieces of Eight agents: every doctrine means only legal actions at every decision of
//! both sides in every scenario, replays its games for the same seeds, beats random, and
//! the searches (portfolio, MCTS) build from spec strings and play.

use broadside_agents::mcts::Heuristic;
use broadside_agents::poe::{PoeDoctrine, PoeDoctrineBot, PoeValue, POE_DOCTRINES};
use broadside_agents::{play_match, Agent, AgentSpec, KnownAgents, MatchConfig, RandomAgent};
use broadside_env::poe::{builtin_scenarios, Pending, PoeGame, PoeOptions};
use broadside_env::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn scenario(id: &str) -> PoeGame {
    let sc = builtin_scenarios().iter().find(|s| s.id == id).unwrap();
    PoeGame::new(sc, PoeOptions { resignation: false })
}

/// The decision kinds of the sheet, as indices for counting.
fn kind(p: &Pending) -> usize {
    match p {
        Pending::WindDice => 0,
        Pending::CancelDice { .. } => 1,
        Pending::WindTurn => 2,
        Pending::SelectShip => 3,
        Pending::Recover => 4,
        Pending::Moving => 5,
        Pending::AfterMove => 6,
        Pending::Opportunity => 7,
        Pending::Reroll => 8,
        Pending::Lose { .. } => 9,
        Pending::ReturnShot => 10,
        Pending::Clock => 11,
        other => panic!("not a decision: {other:?}"),
    }
}

const KIND_NAMES: [&str; 12] = [
    "wind dice",
    "cancel dice",
    "wind turn",
    "ship order",
    "recovery",
    "moving",
    "after move",
    "opportunity",
    "re-roll",
    "marker lost",
    "return shot",
    "clock",
];

/// Plays one game with a doctrine bot on `side` against `other` (a doctrine or random),
/// asserting at every decision of the doctrine that it means a legal action and that the
/// state keeps its invariants; counts the decision kinds the doctrine met. The history.
fn checked_game(
    id: &str,
    d: PoeDoctrine,
    side: u8,
    other: Option<PoeDoctrine>,
    seed: u64,
    kinds: &mut [usize; 12],
) -> Vec<broadside_env::Action> {
    let mut g = scenario(id);
    let mut bot = PoeDoctrineBot::new(d, seed);
    let mut opp_bot = other.map(|o| PoeDoctrineBot::new(o, seed + 1));
    let mut rnd = RandomAgent::new(seed + 2);
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut history = Vec::new();
    for _ in 0..20_000 {
        let a = match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => g.chance_outcomes().sample(&mut dice),
            Turn::Player(p) if p == side => {
                kinds[kind(&g.pending)] += 1;
                let a = bot.intended(&g, p);
                let legal = g.legal_actions();
                assert!(
                    a.is_some_and(|a| legal.contains(a)),
                    "{} ({id}, side {side}, seed {seed}) means {a:?} at {:?}; legal {:?}",
                    d.name,
                    g.pending,
                    legal.iter().collect::<Vec<_>>()
                );
                bot.choose(&g, p)
            }
            Turn::Player(p) => match opp_bot.as_mut() {
                Some(b) => b.choose(&g, p),
                None => rnd.choose(&g, p),
            },
        };
        g.apply(a).unwrap();
        g.check_invariants().unwrap();
        history.push(a);
    }
    assert!(
        g.turn() == Turn::Terminal,
        "{} ({id}) did not finish",
        d.name
    );
    history
}

#[test]
fn every_doctrine_means_only_legal_actions_on_both_sides_in_every_scenario() {
    let mut kinds = [0usize; 12];
    for sc in builtin_scenarios() {
        for (k, d) in POE_DOCTRINES.into_iter().enumerate() {
            for seed in 0..12u64 {
                let side = (seed % 2) as u8;
                // Against random, and against each other doctrine in turn.
                let other = (seed % 3 != 0).then(|| POE_DOCTRINES[(k + seed as usize) % 4]);
                checked_game(&sc.id, d, side, other, seed, &mut kinds);
            }
        }
    }
    for (n, name) in kinds.iter().zip(KIND_NAMES) {
        println!("{name}: {n} decisions");
    }
    for (n, name) in kinds.iter().zip(KIND_NAMES) {
        assert!(*n > 0, "no doctrine met a {name} decision");
    }
}

#[test]
fn a_doctrine_replays_its_game_for_the_same_seeds() {
    let mut kinds = [0usize; 12];
    for d in POE_DOCTRINES {
        for side in 0..2u8 {
            let a = checked_game(
                "convoy-action",
                d,
                side,
                Some(POE_DOCTRINES[2]),
                7,
                &mut kinds,
            );
            let b = checked_game(
                "convoy-action",
                d,
                side,
                Some(POE_DOCTRINES[2]),
                7,
                &mut kinds,
            );
            assert_eq!(a, b, "{} on side {side}", d.name);
        }
    }
}

/// Score of doctrine `d` against random over `games` games of `id`, sides swapped.
fn score_vs_random(id: &str, d: PoeDoctrine, games: u64) -> f64 {
    crate::versus_random::score(
        || scenario(id),
        &|k| Box::new(PoeDoctrineBot::new(d, k)),
        games,
    )
}

#[test]
fn every_doctrine_beats_random() {
    // The convoy wins nearly every game against random buccaneers whatever it does; the
    // buccaneers' side is the test. A doctrine that only falls back to legal actions
    // scores about what random does (0.5).
    for d in POE_DOCTRINES {
        let s = score_vs_random("convoy-action", d, 40);
        println!("{}: {s:.3} against random in the convoy action", d.name);
        assert!(s >= 0.7, "{} scored {s} against random", d.name);
    }
}

#[test]
fn every_doctrine_is_a_spec_string() {
    let names: Vec<&str> = PoeGame::bots().iter().map(|(n, _)| *n).collect();
    assert_eq!(names.len(), POE_DOCTRINES.len());
    assert!(names.contains(&PoeGame::best_bot().unwrap()));
    let g = scenario("convoy-action");
    for d in POE_DOCTRINES {
        let spec: AgentSpec = format!("bot:{}", d.name).parse().unwrap();
        let mut bot = spec.build::<PoeGame>(3).unwrap();
        let a = bot.choose(&g, 0);
        assert!(g.legal_actions().contains(a));
        assert!(bot.name().contains(d.name));
    }
    for v in PoeGame::heuristic_names() {
        assert!(PoeGame::heuristic_named(v).is_some(), "{v}");
    }
}

#[test]
fn the_value_is_in_range_and_favours_the_convoy_at_the_start() {
    let g = scenario("convoy-action");
    for h in [PoeValue::default(), PoeValue::points()] {
        let v = h.value(&g);
        assert!(v[0] > 0.0 && v[0] <= 1.0 && (v[0] + v[1]).abs() < 1e-12);
    }
    assert_eq!(PoeGame::round(&g), 1);
}

#[test]
fn the_searches_build_and_play_a_game() {
    for s in [
        "portfolio:model=best,sims=16",
        "portfolio:model=boarding-rush,sims=16,wide=true,horizon=2",
        "mcts:sims=40,eval=rollout:bot:best,depth=60",
        "mcts:sims=40,eval=heuristic",
    ] {
        let spec: AgentSpec = s.parse().unwrap();
        let mut me = spec.build::<PoeGame>(5).unwrap();
        let mut bot = AgentSpec::Bot {
            name: "best".into(),
            seed: Some(6),
        }
        .build::<PoeGame>(0)
        .unwrap();
        let config = MatchConfig {
            chance_seed: 13,
            max_decisions: None,
        };
        for side in 0..2 {
            let agents: [&mut dyn Agent<PoeGame>; 2] = if side == 0 {
                [&mut me, &mut bot]
            } else {
                [&mut bot, &mut me]
            };
            let out = play_match(scenario("convoy-action"), agents, &config).unwrap();
            assert!(out.terminated, "{s}");
        }
    }
}
