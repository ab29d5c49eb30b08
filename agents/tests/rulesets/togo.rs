//! Gods of War: Togo agents: every doctrine means only legal actions at every decision of
//! both sides in every scenario, sees only what its side may know, replays its games for
//! the same seeds, beats random, and the searches (portfolio, MCTS) build and play.

use broadside_agents::mcts::Heuristic;
use broadside_agents::togo::{TogoDoctrine, TogoDoctrineBot, TogoValue, TOGO_DOCTRINES};
use broadside_agents::{play_match, Agent, AgentSpec, KnownAgents, MatchConfig, RandomAgent};
use broadside_env::togo::{builtin_scenarios, Stage, TogoGame, TogoOptions};
use broadside_env::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn scenario(id: &str) -> TogoGame {
    let sc = builtin_scenarios().iter().find(|s| s.id == id).unwrap();
    TogoGame::new(sc, TogoOptions { resignation: false })
}

/// Plays one game with doctrine `d` on `side` against `other` (or random), checking at
/// every decision of the doctrine that it means a legal action and that it chooses the
/// same in a state whose hidden enemy orders were redrawn (it reads nothing hidden).
fn checked_game(
    id: &str,
    d: TogoDoctrine,
    side: u8,
    other: Option<TogoDoctrine>,
    seed: u64,
) -> Vec<u16> {
    let mut g = scenario(id);
    let mut bot = TogoDoctrineBot::new(d, seed);
    let mut opp = other.map(|o| TogoDoctrineBot::new(o, seed + 1));
    let mut rnd = RandomAgent::new(seed + 2);
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut redraw = ChaCha8Rng::seed_from_u64(seed + 3);
    let mut history = Vec::new();
    for _ in 0..50_000 {
        let a = match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => g.chance_outcomes().sample(&mut dice),
            Turn::Player(p) if p == side => {
                let a = d.intended(&g, p);
                let legal = g.legal_actions();
                assert!(
                    a.is_some_and(|a| legal.contains(a)),
                    "{} ({id}, side {side}, seed {seed}) means {a:?} at {:?}",
                    d.name,
                    g.stage
                );
                let h = g.resample_hidden(p, &mut redraw);
                assert_eq!(
                    d.intended(&h, p),
                    a,
                    "{} reads hidden orders at {:?}",
                    d.name,
                    g.stage
                );
                bot.choose(&g, p)
            }
            Turn::Player(p) => match opp.as_mut() {
                Some(b) => b.choose(&g, p),
                None => rnd.choose(&g, p),
            },
        };
        g.apply(a).unwrap();
        g.check_invariants().unwrap();
        history.push(a);
    }
    assert!(g.is_terminal(), "{} ({id}) did not finish", d.name);
    history
}

#[test]
fn every_doctrine_means_only_legal_actions_and_reads_nothing_hidden() {
    let mut stages = std::collections::HashSet::new();
    for sc in builtin_scenarios() {
        for (k, d) in TOGO_DOCTRINES.into_iter().enumerate() {
            for seed in 0..4u64 {
                let side = (seed % 2) as u8;
                let other = (seed % 3 != 0).then(|| TOGO_DOCTRINES[(k + seed as usize) % 4]);
                let h = checked_game(&sc.id, d, side, other, seed);
                // Replays the same for the same seeds.
                if seed == 0 {
                    assert_eq!(h, checked_game(&sc.id, d, side, other, seed));
                }
            }
        }
    }
    // The doctrines met every kind of decision (counted on one game of each scenario).
    for sc in builtin_scenarios() {
        let mut g = scenario(&sc.id);
        let mut bots = [
            TogoDoctrineBot::new(TOGO_DOCTRINES[0], 1),
            TogoDoctrineBot::new(TOGO_DOCTRINES[1], 2),
        ];
        let mut dice = ChaCha8Rng::seed_from_u64(9);
        while !g.is_terminal() {
            let a = match g.turn() {
                Turn::Player(p) => {
                    stages.insert(std::mem::discriminant(&g.stage));
                    bots[p as usize].choose(&g, p)
                }
                _ => g.chance_outcomes().sample(&mut dice),
            };
            g.apply(a).unwrap();
        }
    }
    for s in [
        Stage::ChooseA,
        Stage::Place {
            ship: 0,
            first: true,
        },
        Stage::Select,
        Stage::Leg,
        Stage::Target { battery: 0 },
        Stage::Counter { ship: 0 },
    ] {
        assert!(
            stages.contains(&std::mem::discriminant(&s)),
            "no doctrine met {s:?}"
        );
    }
}

#[test]
fn every_doctrine_beats_random_in_the_squadron_action() {
    for d in TOGO_DOCTRINES {
        let s = crate::versus_random::score(
            || scenario("squadron-action"),
            &|k| Box::new(TogoDoctrineBot::new(d, k)),
            20,
        );
        println!("{}: {s:.3} against random", d.name);
        assert!(s >= 0.6, "{} scored {s} against random", d.name);
    }
}

#[test]
fn the_value_reads_the_hull_lead() {
    let mut g = scenario("squadron-action");
    let v = TogoValue::default();
    assert_eq!(v.value(&g), [0.0, 0.0]);
    g.ships[4].hull -= 8;
    let x = v.value(&g);
    assert!(x[0] > 0.0 && x[1] < 0.0, "{x:?}");
}

#[test]
fn the_doctrines_are_spec_strings_and_the_searches_play() {
    let names: Vec<&str> = TogoGame::bots().iter().map(|(n, _)| *n).collect();
    assert_eq!(names.len(), TOGO_DOCTRINES.len());
    assert!(names.contains(&TogoGame::best_bot().unwrap()));
    for s in [
        "portfolio:model=best,sims=8",
        "mcts:sims=16,eval=rollout:bot:best,depth=60",
        "mcts:sims=16,eval=heuristic",
    ] {
        let spec: AgentSpec = s.parse().unwrap();
        let mut me = spec.build::<TogoGame>(5).unwrap();
        let mut bot = AgentSpec::Bot {
            name: "best".into(),
            seed: Some(6),
        }
        .build::<TogoGame>(0)
        .unwrap();
        let config = MatchConfig {
            chance_seed: 13,
            max_decisions: None,
        };
        let agents: [&mut dyn Agent<TogoGame>; 2] = [&mut me, &mut bot];
        let out = play_match(scenario("ironclad-duel"), agents, &config).unwrap();
        assert!(out.terminated, "{s}");
    }
}

/// The squadron action with enemy ship `victim` moved to `at` (inches ahead of ship `mover`
/// of side 0 and to her left, heading `heading`), played on (side 0 by the rammers, side 1
/// standing still under stop orders, declining to board) until `mover` is about to sail a
/// leg.
fn at_first_leg(mover: usize, victim: usize, at: (f64, f64), heading: i32) -> TogoGame {
    use broadside_env::plane::{Point, Rect};
    use broadside_env::togo::catalogue::{leg_action, NO_BOARD, ORDER_0};
    let mut g = scenario("squadron-action");
    let m = g.ships[mover].rect;
    let v = g.ships[victim].rect;
    // The mover heads east (+x); "left" is north (+y).
    let centre = Point {
        x: m.centre.x + (at.0 * 1000.0) as i32,
        y: m.centre.y + (at.1 * 1000.0) as i32,
    };
    g.ships[victim].rect = Rect {
        centre,
        heading: heading as _,
        ..v
    };
    let bot = broadside_agents::togo::RAMMERS;
    let mut dice = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..1000 {
        if g.stage == Stage::Leg && g.mv.ship as usize == mover {
            return g;
        }
        let a = match g.turn() {
            Turn::Chance => g.chance_outcomes().sample(&mut dice),
            Turn::Player(0) => bot.intended(&g, 0).unwrap(),
            Turn::Player(_) => {
                let legal = g.legal_actions();
                // Standing still, and never boarding the ship placed beside her (the sheet
                // lets a ship in contact at the end of her move board).
                [ORDER_0, leg_action(0), NO_BOARD]
                    .into_iter()
                    .find(|&a| legal.contains(a))
                    .unwrap_or_else(|| legal.iter().next().unwrap())
            }
            Turn::Terminal => break,
        };
        g.apply(a).unwrap();
    }
    panic!("ship {mover} never sailed");
}

#[test]
fn a_battleship_in_reach_of_a_torpedo_boat_rams_her_and_boards() {
    use broadside_env::togo::catalogue::{leg_turn, BOARD, FAIL};
    use broadside_env::togo::movement::LegKind;
    // Sheet, ramming and boarding modifiers: Pelayo (class 1, ram) against Ericsson
    // (class 4) gains by any contact, rammed or boarded (+6 for three classes).
    // Ericsson's broadside (heading north) half an inch off Pelayo's bow (3" ahead of her
    // centre, the boat's half beam 0.3").
    let mut g = at_first_leg(0, 7, (3.8, 0.0), 0);
    let d = broadside_agents::togo::RAMMERS;
    let a = d.intended(&g, 0).unwrap();
    let (kind, _) = g.classify_leg(0, g.next_leg_dist(), leg_turn(a));
    assert_eq!(kind, LegKind::Ram(7), "the rammers sail {a} instead");
    // The gunnery doctrine takes so clear a gain too.
    let b = broadside_agents::togo::LINE_AHEAD_GUNNERY
        .intended(&g, 0)
        .unwrap();
    let (kind, _) = g.classify_leg(0, g.next_leg_dist(), leg_turn(b));
    assert_eq!(kind, LegKind::Ram(7));
    // The ram fails; the boarding is still offered, and taken.
    g.apply(a).unwrap();
    assert_eq!(g.stage, Stage::RamTest);
    g.apply(FAIL).unwrap();
    assert_eq!(g.stage, Stage::Board);
    assert_eq!(d.intended(&g, 0), Some(BOARD));
}

#[test]
fn a_torpedo_boat_in_reach_of_a_battleship_does_not_ram_her() {
    use broadside_env::togo::catalogue::leg_turn;
    use broadside_env::togo::movement::LegKind;
    // Velasco (class 4, wooden) against Indiana (class 1, armoured): a d3 less three for
    // the classes; the boarding after it is hopeless. Indiana lies parallel just off
    // Velasco's track: a leg turning toward her meets her in the turn, the others miss.
    // Every doctrine sails one that misses.
    let g = at_first_leg(3, 4, (2.0, 1.3), 90);
    let dist = g.next_leg_dist();
    let rams = |a| matches!(g.classify_leg(3, dist, leg_turn(a)).0, LegKind::Ram(4));
    let legal = g.legal_actions();
    assert!(
        legal.iter().any(rams),
        "the test wants a ram within reach: {:?} {:?} {dist} {:?}",
        g.ships[3].rect,
        g.ships[4].rect,
        legal
            .iter()
            .map(|a| g.classify_leg(3, dist, leg_turn(a)).0)
            .collect::<Vec<_>>()
    );
    assert!(!legal.iter().all(rams), "the test wants a leg that misses");
    for d in TOGO_DOCTRINES {
        let a = d.intended(&g, 0).unwrap();
        let (kind, _) = g.classify_leg(3, dist, leg_turn(a));
        assert!(
            !matches!(kind, LegKind::Ram(_)),
            "{} rams with a torpedo boat",
            d.name
        );
    }
}

#[test]
fn the_value_counts_a_ship_past_half_her_hull_as_partly_lost() {
    // Sheet, surrender test: a ship past half her Hull tests each repair phase, and a
    // failure loses her whole. One quarter more lost crosses that line: the value jumps by
    // more than one quarter's worth.
    let v = TogoValue::default();
    let mut g = scenario("squadron-action");
    let at = |lost: u8, g: &mut TogoGame| {
        g.ships[4].hull = g.ships[4].hull_max - lost;
        v.value(g)[0]
    };
    let half = g.ships[4].hull_max / 2;
    let (a, b, c) = (at(half - 1, &mut g), at(half, &mut g), at(half + 1, &mut g));
    assert!(c - b > 2.0 * (b - a), "{a} {b} {c}");
}

#[test]
fn a_ship_counters_only_once_she_has_moved() {
    use broadside_env::togo::catalogue::{COUNTER, NO_COUNTER};
    // Sheet, salvo procedure: the other side may answer with a counter salvo, which (this
    // implementation's substitute) uses up the ship's fire for the turn. A ship that has
    // not yet moved keeps her fire for her own activation; one that has, answers.
    let (mut waited, mut answered) = (0, 0);
    for seed in 0..40u64 {
        let mut g = scenario("squadron-action");
        let mut rnd = RandomAgent::new(seed);
        let mut dice = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_terminal() {
            if let Stage::Counter { ship } = g.stage {
                for d in TOGO_DOCTRINES {
                    let p = g.ships[ship as usize].side;
                    let a = d.intended(&g, p).unwrap();
                    if g.ships[ship as usize].activated {
                        assert_eq!(a, COUNTER, "{} declines after moving", d.name);
                        answered += 1;
                    } else if a == NO_COUNTER {
                        waited += 1;
                    }
                }
            }
            let a = match g.turn() {
                Turn::Chance => g.chance_outcomes().sample(&mut dice),
                Turn::Player(p) => rnd.choose(&g, p),
                Turn::Terminal => break,
            };
            g.apply(a).unwrap();
        }
    }
    assert!(waited > 0 && answered > 0, "{waited} {answered}");
}

#[test]
fn the_value_counts_fire_markers() {
    // Sheet, Ph4.1: an unextinguished fire rolls on the fire table, 10+ sinks the ship; a
    // fire marker on Indiana (side 1) is worth several quarters to side 0.
    let v = TogoValue::default();
    let mut g = scenario("squadron-action");
    let before = v.value(&g)[0];
    g.ships[4].fires = 1;
    let after = v.value(&g)[0];
    let quarter = {
        let mut h = scenario("squadron-action");
        h.ships[4].hull -= 1;
        v.value(&h)[0] - before
    };
    assert!(after - before > 4.0 * quarter, "{before} {after} {quarter}");
}
