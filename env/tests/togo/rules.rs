//! Gods of War: Togo, one test per line of the quick reference sheet (seed 002) that the
//! engine implements; each names the line it checks.

use broadside_env::game::{Game, Turn};
use broadside_env::plane::{Point, Rect};
use broadside_env::togo::catalogue::*;
use broadside_env::togo::dice;
use broadside_env::togo::flow::strength_after;
use broadside_env::togo::state::*;
use broadside_env::togo::{builtin_scenario, Stage, Sub, TogoGame, TogoOptions};
use broadside_env::Observation;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game(id: &str) -> TogoGame {
    TogoGame::new(
        &builtin_scenario(id).expect("scenario"),
        TogoOptions::default(),
    )
}

fn prob(g: &TogoGame, a: u16) -> f64 {
    g.chance_outcomes()
        .iter()
        .find(|x| x.0 == a)
        .map_or(0.0, |x| x.1)
}

/// Places ship `i` at `(x, y)` inches facing `heading`.
fn put(g: &mut TogoGame, i: usize, x: f64, y: f64, heading: u16) {
    let r = g.ships[i].rect;
    g.ships[i].rect = Rect::new(
        Point::new((x * 1000.0) as i32, (y * 1000.0) as i32),
        heading,
        r.length,
        r.beam,
    );
}

/// Activates ship `i` of its side with order `order` (the command phase done).
fn activate(g: &mut TogoGame, i: usize, order: u8) {
    g.turn = 2;
    for s in g.ships.iter_mut() {
        s.activated = true;
        s.placed = true;
    }
    g.ships[i].activated = false;
    g.ships[i].active = order;
    g.side_to_act = g.ships[i].side;
    g.stage = Stage::Select;
    g.apply(ACTIVATE_0 + i as u16).expect("activate");
}

/// Takes every ship but `keep` out of play (they neither block nor obscure).
fn only(g: &mut TogoGame, keep: &[usize]) {
    for i in 0..g.num_ships as usize {
        if !keep.contains(&i) {
            g.ships[i].status = SUNK;
        }
    }
}

/// The first outcome of the current roll.
fn first(g: &TogoGame) -> u16 {
    g.chance_outcomes().iter().next().expect("a roll").0
}

/// Plays the first legal action until `stop` holds (chance: the given outcome chooser).
fn run_until(g: &mut TogoGame, stop: impl Fn(&TogoGame) -> bool, roll: impl Fn(&TogoGame) -> u16) {
    for _ in 0..10_000 {
        if stop(g) || g.is_terminal() {
            return;
        }
        let a = match g.turn() {
            Turn::Chance => roll(g),
            _ => g.legal_actions().iter().next().expect("legal"),
        };
        g.apply(a).expect("legal action");
    }
    panic!("never reached");
}

#[test]
fn ph1_1_initiative_roll_is_even_and_ph1_2_the_winner_chooses_player_a() {
    let mut g = game("ironclad-duel");
    assert_eq!(g.turn(), Turn::Chance);
    assert!((prob(&g, PASS) - 0.5).abs() < 1e-12);
    g.apply(FAIL).unwrap();
    assert_eq!(g.turn(), Turn::Player(1), "side 1 won and chooses");
    g.apply(INIT_SECOND).unwrap();
    assert_eq!(g.player_a, 0);
}

#[test]
fn ph1_3_weather_roll_every_two_turns_and_the_wind_direction_table() {
    let mut g = game("ironclad-duel");
    g.apply(PASS).unwrap();
    g.apply(INIT_FIRST).unwrap();
    assert_eq!(g.stage, Stage::WindDir, "turn 1 rolls weather");
    // "2-3 E"; second roll "1-2 Clockwise deviation" -> SE.
    g.apply(DIE_1 + 2).unwrap();
    g.apply(DIE_1).unwrap();
    assert_eq!(COMPASS[g.wind_dir as usize], "SE");
    // Initial strength "6: Gale".
    g.apply(DIE_1 + 5).unwrap();
    assert_eq!(g.wind, GALE);
    // Turn 2 has no weather roll.
    g.turn = 2;
    g.stage = Stage::ChooseA;
    g.init_winner = 0;
    g.apply(INIT_FIRST).unwrap();
    assert!(matches!(g.stage, Stage::Place { .. }), "{:?}", g.stage);
}

#[test]
fn wind_strength_tables_initial_normal_calm_and_storm() {
    // Initial: 1 light, 2-3 moderate, 4-5 strong, 6 gale.
    assert_eq!(
        (1..=6).map(|f| strength_after(0, f)).collect::<Vec<_>>(),
        vec![2, 3, 3, 4, 4, 5]
    );
    // Alteration: 1-2 down, 3-4 same, 5-6 up.
    assert_eq!(
        (1..=6)
            .map(|f| strength_after(MODERATE_BREEZE, f))
            .collect::<Vec<_>>(),
        vec![2, 2, 3, 3, 4, 4]
    );
    // Calm: 1-3 no change, 4-6 up. Storm: 1-3 down, 4-6 no change.
    assert_eq!(
        (1..=6).map(|f| strength_after(CALM, f)).collect::<Vec<_>>(),
        vec![1, 1, 1, 2, 2, 2]
    );
    assert_eq!(
        (1..=6)
            .map(|f| strength_after(STORM, f))
            .collect::<Vec<_>>(),
        vec![5, 5, 5, 6, 6, 6]
    );
}

#[test]
fn calm_holds_sails_to_one_knot_and_light_breeze_to_half_speed() {
    let mut g = game("ironclad-duel");
    g.ships[0].traits |= broadside_env::togo::data::SAILS;
    g.wind = CALM;
    assert_eq!(g.knots(0, FULL), 1);
    g.wind = LIGHT_BREEZE;
    assert_eq!(g.knots(0, FULL), 5, "half of 10 kt");
    g.wind = MODERATE_BREEZE;
    assert_eq!(g.knots(0, FULL), 10);
    assert_eq!(g.knots(1, FULL), 10, "no Sails: no effect");
}

#[test]
fn storm_half_speed_half_guns_rounding_up_plus_one_no_rerolls_no_torpedoes() {
    let mut g = game("torpedo-attack");
    put(&mut g, 0, 40.0, 24.0, 0);
    g.ships[0].anchored = true;
    let calm = g.shot_for(2, 0, 2).expect("light battery in range");
    assert!(calm.reroll, "anchored target gives a re-roll");
    g.wind = STORM;
    assert_eq!(g.capped_level(2, FULL), HALF);
    g.ships[2].traits |= broadside_env::togo::data::POOR_SEAKEEPING;
    assert_eq!(g.capped_level(2, FULL), SLOW);
    let storm = g.shot_for(2, 0, 0).expect("main battery");
    assert_eq!(storm.dice, 1, "2 guns halved rounding up");
    let light = g.shot_for(2, 0, 2).expect("light");
    assert_eq!(light.to_hit, calm.to_hit + 1);
    assert!(!light.reroll, "no re-rolls of misses in a storm");
    put(&mut g, 0, 20.0, 20.0, 0);
    put(&mut g, 2, 24.0, 20.0, 0);
    assert!(
        g.shot_for(0, 2, TORPEDO).is_none(),
        "no torpedoes in a storm"
    );
    g.wind = GALE;
    assert!(g.shot_for(0, 2, TORPEDO).is_some());
}

#[test]
fn storm_plans_at_most_one_level_above_the_cap_faq() {
    let mut g = game("ironclad-duel");
    g.wind = STORM;
    assert_eq!(g.plan_cap(0), FULL, "half + 1");
    g.ships[0].traits |= broadside_env::togo::data::POOR_SEAKEEPING;
    assert_eq!(g.plan_cap(0), HALF);
    assert!(!g.order_allowed(0, HALF, FULL));
    assert!(g.order_allowed(0, FULL, HALF), "coming down is allowed");
}

/// FAQ: "In a storm, a newly planned order may be at most one level above the storm's
/// cap" holds for every new marker, even one at the level the ship already has: a Poor
/// seakeeping ship under `full` in a storm may not plan `full` again.
#[test]
fn storm_caps_every_newly_planned_order_even_the_one_she_has_faq() {
    let mut g = game("ironclad-duel");
    g.wind = STORM;
    g.ships[0].traits |= broadside_env::togo::data::POOR_SEAKEEPING;
    g.ships[0].active = FULL;
    g.stage = Stage::Place {
        ship: 0,
        first: false,
    };
    assert!(!g.order_allowed(0, FULL, FULL));
    let legal: Vec<_> = g.legal_actions().iter().collect();
    assert_eq!(
        legal,
        vec![ORDER_0 + HALF as u16],
        "half: the storm's slow + 1"
    );
    let why = g.refusal(ORDER_0 + FULL as u16).expect("refused");
    assert!(why.contains("storm"), "{why}");
}

#[test]
fn ph2_3_new_marker_at_most_one_level_from_the_active_unless_high_manoeuvrability() {
    let mut g = game("squadron-action");
    g.stage = Stage::Place {
        ship: 0,
        first: false,
    };
    // One level of ordered speed (astern, stop, slow, half, full): from slow ahead, stop,
    // slow or half; from stop, astern or slow ahead; going astern, astern or stop.
    let order = |l: u8| ORDER_0 + l as u16;
    for (from, allowed) in [
        (SLOW, vec![order(STOP), order(SLOW), order(HALF)]),
        (STOP, vec![order(STOP), order(ASTERN), order(SLOW)]),
        (ASTERN, vec![order(STOP), order(ASTERN)]),
        (FULL, vec![order(HALF), order(FULL)]),
    ] {
        g.ships[0].active = from;
        let legal: Vec<_> = g.legal_actions().iter().collect();
        assert_eq!(legal, allowed, "from {}", ORDER_NAMES[from as usize]);
    }
    // Ericsson has High manoeuvrability.
    g.stage = Stage::Place {
        ship: 7,
        first: false,
    };
    g.ships[7].active = STOP;
    assert_eq!(g.legal_actions().len(), 5);
}

#[test]
fn ph2_the_opponent_sees_a_marker_never_which_and_resampling_keeps_what_is_known() {
    let mut g = game("squadron-action");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    // Drive into turn 2's activation phase.
    run_until(
        &mut g,
        |g| g.turn == 2 && g.stage == Stage::Select,
        |g| g.chance_outcomes().iter().next().unwrap().0,
    );
    let spec = g.spec();
    let mut a = Observation::new(&spec.obs);
    let mut b = Observation::new(&spec.obs);
    for _ in 0..50 {
        let h = g.resample_hidden(0, &mut rng);
        g.observe(0, &mut a);
        h.observe(0, &mut b);
        assert_eq!(a, b, "side 0's view is unchanged");
        // Ericsson (7) has High manoeuvrability: any level.
        for i in 4..7 {
            let (s, t) = (&g.ships[i], &h.ships[i]);
            if !s.revealed && s.shown != NONE {
                assert!(
                    speed_rank(t.active).abs_diff(speed_rank(s.shown)) <= 1,
                    "one level from the last shown"
                );
            }
            assert!(
                speed_rank(t.planned).abs_diff(speed_rank(t.active)) <= 1
                    || s.has(broadside_env::togo::data::HIGH_MANOEUVRABILITY)
            );
        }
        for i in 0..4 {
            assert_eq!(g.ships[i], h.ships[i], "own ships are never resampled");
        }
    }
    // The planned marker of an enemy ship changes nothing in side 0's observation.
    let mut h = g;
    h.ships[5].planned = if g.ships[5].planned == FULL {
        HALF
    } else {
        FULL
    };
    h.observe(0, &mut b);
    g.observe(0, &mut a);
    assert_eq!(a, b);
}

#[test]
fn bridge_damage_repeats_the_order_and_resampling_respects_it() {
    let mut g = game("ironclad-duel");
    g.ships[1].active = HALF;
    g.ships[1].planned = FULL;
    g.critical(1, 2);
    assert!(g.ships[1].bridge && g.ships[1].lock_planned);
    assert_eq!(
        g.ships[1].planned, HALF,
        "passive order set to the active one"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..20 {
        let h = g.resample_hidden(0, &mut rng);
        assert_eq!(h.ships[1].planned, h.ships[1].active);
    }
    // "If another bridge damage critical hit occurs while this effect takes place ... Fire".
    let hull = g.ships[1].hull;
    g.critical(1, 2);
    assert_eq!(g.ships[1].fires, 1);
    assert_eq!(g.ships[1].hull, hull - 1);
}

#[test]
fn stop_order_turns_up_to_15_degrees_or_anchors_faq() {
    let mut g = game("ironclad-duel");
    activate(&mut g, 0, STOP);
    assert_eq!(g.stage, Stage::Pivot);
    let legal: Vec<_> = g.legal_actions().iter().collect();
    assert_eq!(
        legal,
        vec![leg_action(-15), leg_action(0), leg_action(15), ANCHOR]
    );
    g.apply(ANCHOR).unwrap();
    assert!(g.ships[0].anchored);
    activate(&mut g, 0, STOP);
    let legal: Vec<_> = g.legal_actions().iter().collect();
    assert_eq!(legal, vec![leg_action(0)], "an anchored ship may not turn");
}

#[test]
fn movement_speed_and_turning_substitutes() {
    let mut g = game("ironclad-duel");
    // 10 kt: full 10 kt = 5"; half 5 kt; slow max(2.5, 2) = 2; astern 2.
    assert_eq!(g.knots(0, FULL), 10);
    assert_eq!(g.knots(0, HALF), 5);
    assert_eq!(g.knots(0, SLOW), 2);
    assert_eq!(g.knots(0, ASTERN), 2);
    put(&mut g, 0, 20.0, 24.0, 90);
    activate(&mut g, 0, FULL);
    assert_eq!(g.stage, Stage::Leg);
    assert_eq!(g.mv.left, 5000);
    // Full speed: up to 30 degrees per 2".
    let legal: Vec<_> = g.legal_actions().iter().collect();
    assert_eq!(
        legal,
        vec![
            leg_action(-30),
            leg_action(-15),
            leg_action(0),
            leg_action(15),
            leg_action(30)
        ]
    );
    g.apply(leg_action(30)).unwrap();
    assert_eq!(g.ships[0].rect.heading, 120);
    assert_eq!(g.mv.left, 3000);
}

#[test]
fn engine_damage_and_flooding_cap_the_speed() {
    let mut g = game("ironclad-duel");
    g.ships[0].engine = 1;
    assert_eq!(g.capped_level(0, FULL), SLOW, "engine room: slow speed");
    g.ships[0].engine = 2;
    assert_eq!(g.knots(0, FULL), 0, "second engine hit: stop");
    g.ships[0].engine = 0;
    g.ships[0].floods_held = 4;
    assert_eq!(
        g.capped_level(0, FULL),
        HALF,
        "4 flooding markers: half speed"
    );
    g.ships[0].floods = 2;
    assert_eq!(
        g.capped_level(0, FULL),
        SLOW,
        "6 flooding markers: slow speed"
    );
}

#[test]
fn rudder_damage_forbids_turns_and_forces_the_maximum_turn_at_the_end_of_the_move() {
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    g.ships[0].rudder = RUDDER_RIGHT;
    activate(&mut g, 0, HALF);
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![leg_action(0)]
    );
    g.apply(leg_action(0)).unwrap();
    g.apply(leg_action(0)).unwrap();
    // 5 kt = 2.5": two legs, then the forced 45-degree turn to starboard.
    assert_eq!(g.ships[0].rect.heading, 135);
}

#[test]
fn collision_with_land_stops_the_ship_with_hull_loss_and_flooding() {
    let mut g = game("minefield-and-land");
    // Land spans x 31-41, y 30-42. Olympia (class 2) just south of it, bow north.
    put(&mut g, 0, 36.0, 26.5, 0);
    activate(&mut g, 0, FULL);
    let before = g.ships[0].rect;
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.ships[0].rect, before, "stops in place");
    assert_eq!(g.ships[0].hull, 24 - 8, "class 2 loses 2 Hull points");
    assert_eq!(g.ships[0].floods, 1);
    assert!(!matches!(g.stage, Stage::Leg), "the move is over");
    // Class 3 loses 1.
    let mut g = game("minefield-and-land");
    put(&mut g, 1, 36.0, 27.0, 0);
    activate(&mut g, 1, FULL);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.ships[1].hull, 16 - 4);
}

#[test]
fn water_obstacle_passage_test_by_class() {
    let mut g = game("minefield-and-land");
    // The shoal spans x 32-40, y 3-13; Olympia (class 2) sails into it.
    put(&mut g, 0, 36.0, 16.5, 180);
    activate(&mut g, 0, FULL);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::Obstacle);
    assert!((prob(&g, PASS) - 0.5).abs() < 1e-12, "2nd class: 4+");
    let start = g.ships[0].rect;
    g.apply(FAIL).unwrap();
    assert_eq!(g.ships[0].rect, start, "a failed passage stops the ship");
    g.ships[0].class = 1;
    g.stage = Stage::Obstacle;
    assert!((prob(&g, PASS) - 2.0 / 6.0).abs() < 1e-12, "1st class: 5+");
    g.ships[0].class = 4;
    assert!((prob(&g, PASS) - 4.0 / 6.0).abs() < 1e-12, "4th class: 3+");
}

#[test]
fn mine_hit_test_dice_by_class_and_the_effects_table() {
    let mut g = game("minefield-and-land");
    // Marker at (30,22); Raleigh (class 3) runs over it.
    put(&mut g, 1, 26.0, 22.0, 90);
    activate(&mut g, 1, FULL);
    g.apply(leg_action(0)).unwrap();
    assert!(matches!(g.stage, Stage::Mine { .. }), "{:?}", g.stage);
    // "3rd class vessel rolls two dice": two sixes 1/36.
    assert!((prob(&g, COUNT_0 + 2) - 1.0 / 36.0).abs() < 1e-12);
    g.apply(COUNT_0 + 1).unwrap();
    assert!(matches!(g.sub, Some(Sub::Effect { kind: 3, .. })));
    // D3, 3: 3 Hull points.
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(g.ships[1].hull, 16 - 12);
}

#[test]
fn torpedo_effects_engine_room_twice_stops_and_heavy_list_twice_sinks() {
    let mut g = game("torpedo-attack");
    g.sub = Some(Sub::Effect {
        ship: 2,
        kind: 3,
        left: 1,
        torpedo: true,
    });
    g.stage = Stage::Contact;
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.ships[2].hull, 32 - 20, "D3, 5: 5 Hull points");
    assert_eq!(g.ships[2].engine, 1, "engine room: slow");
    g.ships[2].hull = 32;
    g.sub = Some(Sub::Effect {
        ship: 2,
        kind: 2,
        left: 1,
        torpedo: true,
    });
    g.stage = Stage::Contact;
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.ships[2].engine, 2, "another torpedo engine hit: stop");
    g.ships[2].hull = 32;
    g.ships[2].engine = 0;
    g.sub = Some(Sub::Effect {
        ship: 2,
        kind: 2,
        left: 1,
        torpedo: true,
    });
    g.stage = Stage::Contact;
    g.apply(DIE_1 + 5).unwrap();
    assert!(g.ships[2].listing && g.ships[2].afloat());
    let mut h = g;
    h.ships[2].hull = 32;
    h.sub = Some(Sub::Effect {
        ship: 2,
        kind: 2,
        left: 1,
        torpedo: true,
    });
    h.stage = Stage::Contact;
    h.apply(DIE_1 + 5).unwrap();
    assert_eq!(h.ships[2].status, SUNK, "a second heavy listing sinks her");
    // Listing: +1 to hit for the listing ship's guns.
    put(&mut g, 0, 40.0, 24.0, 0);
    let list = g.shot_for(2, 0, 2).unwrap().to_hit;
    g.ships[2].listing = false;
    assert_eq!(g.shot_for(2, 0, 2).unwrap().to_hit + 1, list);
}

/// Sheet, mines and torpedoes: "If another torpedo hit occurs during this effect, causing
/// damage to the engine room, the ship immediately receives the "stop" order and cannot
/// move until this damage is repaired." The stop order replaces her revealed `full`: a
/// shot at her gets the stop order's re-roll, her next marker is counted from stop, and
/// she holds stop until the repair.
#[test]
fn a_second_torpedo_engine_hit_gives_her_the_stop_order_in_place_of_her_own() {
    let mut g = game("torpedo-attack");
    put(&mut g, 0, 40.0, 20.0, 0);
    {
        let s = &mut g.ships[2];
        s.engine = 1;
        s.active = FULL;
        s.shown = FULL;
        s.revealed = true;
        s.planned = FULL;
    }
    let before = g.shot_for(0, 2, 2).expect("light battery in range");
    assert!(!before.reroll, "no re-roll at a ship under full");
    g.sub = Some(Sub::Effect {
        ship: 2,
        kind: 2,
        left: 1,
        torpedo: true,
    });
    g.stage = Stage::Contact;
    g.apply(DIE_1 + 4).unwrap();
    let s = g.ships[2];
    assert_eq!((s.engine, s.active, s.shown), (2, STOP, STOP));
    assert_eq!(
        s.planned, SLOW,
        "her inactive marker at most one level from stop"
    );
    assert!(
        g.shot_for(0, 2, 2).unwrap().reroll,
        "the stop order's re-roll"
    );
    g.check_invariants().expect("consistent");
    let mut next = g;
    next.stage = Stage::Place {
        ship: 2,
        first: false,
    };
    let order = |l: u8| ORDER_0 + l as u16;
    let legal: Vec<_> = next.legal_actions().iter().collect();
    assert_eq!(
        legal,
        vec![order(STOP), order(ASTERN), order(SLOW)],
        "from stop"
    );
    // The next turn, her repair failed: the marker that moves up is stop again.
    let turn = g.turn;
    run_until(
        &mut g,
        |g| g.turn > turn && matches!(g.stage, Stage::Place { .. }),
        |g| match g.stage {
            Stage::Engine { .. } => FAIL,
            _ => first(g),
        },
    );
    assert!(g.ships[2].afloat() && g.ships[2].engine == 2);
    assert_eq!(
        g.ships[2].active, STOP,
        "stopped until the damage is repaired"
    );
}

#[test]
fn artillery_table_blocks_range_bands_and_six_four() {
    let mut g = game("squadron-action");
    only(&mut g, &[0, 5]);
    // Pelayo (1st) main at Atlanta (2nd) at long range: "6/4+".
    put(&mut g, 0, 10.0, 28.0, 90);
    put(&mut g, 5, 40.0, 28.0, 270);
    let s = g.shot_for(0, 5, 0).unwrap();
    assert_eq!(s.to_hit, 7);
    assert_eq!(dice::hit_weight(7), 3, "1/6 x 1/2 = 3/36");
    // Light battery: no long range.
    assert!(g.shot_for(0, 5, 2).is_none());
    // Medium range (10.1-20"), 1st vs 2nd: 6+.
    put(&mut g, 5, 28.0, 28.0, 270);
    assert_eq!(g.shot_for(0, 5, 0).unwrap().to_hit, 6);
    // Close range, 2nd vs 1st: 3+; point-blank (<= 3.5") gives a re-roll.
    put(&mut g, 5, 22.0, 28.0, 270);
    let s = g.shot_for(5, 0, 0).unwrap();
    assert_eq!(s.to_hit, 3);
    assert!(!s.reroll);
    put(&mut g, 5, 10.0, 31.0, 270);
    assert!(g.shot_for(5, 0, 0).unwrap().reroll);
}

#[test]
fn armour_penetration_table() {
    let mut g = game("squadron-action");
    put(&mut g, 0, 10.0, 28.0, 90);
    put(&mut g, 4, 16.0, 28.0, 270);
    put(&mut g, 5, 10.0, 20.0, 270);
    put(&mut g, 7, 18.0, 20.0, 270);
    // AP 6 vs armour 6: "=" 4+; AP 2 vs 6: "<<" -; AP 4 vs 6: "<" 5+.
    assert_eq!(g.shot_for(0, 4, 0).unwrap().pen, 4);
    assert_eq!(g.shot_for(0, 4, 2).unwrap().pen, 0);
    assert_eq!(g.shot_for(0, 4, 1).unwrap().pen, 5);
    // AP 6 vs 4: ">" 3+; AP 6 vs 0: ">>" 2+.
    assert_eq!(g.shot_for(0, 5, 0).unwrap().pen, 3);
    assert_eq!(g.shot_for(0, 7, 0).unwrap().pen, 2);
}

/// A game where ship 0 fires its main battery at ship 1 (a duel at close range).
fn duel_fire() -> TogoGame {
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 28.0, 24.0, 270);
    activate(&mut g, 0, STOP);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::Target { battery: 0 });
    g.apply(TARGET_0 + 1).unwrap();
    g
}

#[test]
fn salvo_procedure_declare_counter_salvo_then_roll() {
    let mut g = duel_fire();
    // Light battery declared next.
    assert_eq!(g.stage, Stage::Target { battery: 2 });
    g.apply(HOLD).unwrap();
    assert_eq!(g.stage, Stage::Counter { ship: 1 });
    assert_eq!(g.turn(), Turn::Player(1));
    g.ships[1].activated = false;
    g.apply(COUNTER).unwrap();
    assert!(g.ships[1].fired);
    assert_eq!(g.queue_len, 3, "own main + counter main and light");
    assert!(matches!(g.stage, Stage::Hits { shot: 0 }));
    // The ship that answered does not fire in its own activation.
    run_until(&mut g, |g| g.stage == Stage::Select, first);
    g.ships[1].active = STOP;
    g.apply(ACTIVATE_0 + 1).unwrap();
    g.apply(leg_action(0)).unwrap();
    assert!(!matches!(g.stage, Stage::Target { .. }), "{:?}", g.stage);
}

#[test]
fn several_sixes_make_one_critical_roll_with_plus_one_each() {
    let mut g = duel_fire();
    g.apply(HOLD).unwrap();
    g.apply(NO_COUNTER).unwrap();
    // Two hits, then two sixes on the armour roll (AP 5 vs 4: 3+).
    g.apply(COUNT_0 + 2).unwrap();
    assert!(matches!(g.stage, Stage::Armour { .. }));
    g.apply(ARMOUR_0 + 10).unwrap();
    assert_eq!(
        g.ships[1].hull,
        24 - 8,
        "two penetrations of the main battery"
    );
    assert!(matches!(g.stage, Stage::Crit { .. }));
    // A 5 + 1 = 6: ammunition chamber.
    g.apply(DIE_1 + 4).unwrap();
    assert!(matches!(g.sub, Some(Sub::Ammo { ship: 1 })));
}

#[test]
fn sixes_without_penetration_and_light_guns_sixes_cause_fires() {
    let mut g = game("squadron-action");
    only(&mut g, &[0, 7]);
    put(&mut g, 7, 10.0, 28.0, 90);
    put(&mut g, 0, 16.0, 28.0, 270);
    // Ericsson's light battery vs Pelayo: AP 2 vs 6, cannot penetrate.
    let s = g.shot_for(7, 0, 2).unwrap();
    assert_eq!(s.pen, 0);
    activate(&mut g, 7, STOP);
    g.apply(leg_action(0)).unwrap();
    g.apply(TARGET_0).unwrap();
    while g.stage != (Stage::Hits { shot: 0 }) {
        let a = g
            .legal_actions()
            .iter()
            .find(|&a| a == HOLD || a == NO_COUNTER)
            .unwrap();
        g.apply(a).unwrap();
    }
    g.apply(COUNT_0 + 2).unwrap();
    g.apply(ARMOUR_0 + 10).unwrap();
    run_until(
        &mut g,
        |g| {
            !matches!(
                g.stage,
                Stage::Hits { .. } | Stage::Armour { .. } | Stage::Reroll { .. }
            )
        },
        first,
    );
    assert_eq!(g.ships[0].fires, 2, "each six a Fire");
    assert_eq!(g.ships[0].hull, 32 - 2, "each Fire 1/4 Hull point");
    // Light guns against class 1-2 that do penetrate: sixes are Fires too.
    let mut g = game("squadron-action");
    put(&mut g, 0, 10.0, 28.0, 90);
    put(&mut g, 5, 16.0, 28.0, 270);
    g.ships[5].armour = 2;
    let s = g.shot_for(0, 5, 2).unwrap();
    assert!(s.pen > 0 && s.six_is_fire);
    put(&mut g, 6, 16.0, 20.0, 270);
    assert!(
        !g.shot_for(0, 6, 2).unwrap().six_is_fire,
        "class 3 targets crit normally"
    );
}

#[test]
fn critical_table_rudder_weapon_flooding_and_their_repeats() {
    let mut g = game("squadron-action");
    g.critical(0, 3);
    assert!(matches!(g.sub, Some(Sub::Rudder { ship: 0, .. })));
    g.stage = Stage::Contact;
    g.apply(DIE_1 + 5).unwrap();
    assert_eq!(g.ships[0].rudder, RUDDER_JAMMED, "5-6: cannot turn");
    g.critical(0, 3);
    assert_eq!(g.ships[0].floods, 1, "another rudder hit: flooding instead");
    // Weapon destruction: all three kinds, 1-2 light.
    g.critical(0, 4);
    g.apply(DIE_1).unwrap();
    assert_eq!(g.ships[0].guns, [2, 2, 0]);
    // Two kinds left: 4-6 the second (the main).
    g.critical(0, 4);
    g.apply(DIE_1 + 3).unwrap();
    assert_eq!(g.ships[0].guns, [0, 2, 0]);
    g.critical(0, 4);
    assert_eq!(g.ships[0].guns, [0, 0, 0], "one kind left: no roll");
    let fires = g.ships[0].fires;
    g.critical(0, 4);
    assert_eq!(g.ships[0].fires, fires + 1, "no batteries: Fire instead");
}

#[test]
fn ammunition_explosion_sinks_and_ships_within_three_and_a_half_inches_test_for_fire() {
    let mut g = game("squadron-action");
    only(&mut g, &[0, 4]);
    put(&mut g, 0, 20.0, 28.0, 90);
    put(&mut g, 4, 20.0, 30.5, 90);
    g.stage = Stage::Contact;
    g.sub = Some(Sub::Ammo { ship: 0 });
    g.apply(DIE_1 + 5).unwrap();
    assert_eq!(g.ships[0].status, SUNK);
    assert_eq!(g.sub, Some(Sub::Blast { from: 0, next: 4 }));
    g.apply(PASS).unwrap();
    assert_eq!(g.ships[4].fires, 1);
}

#[test]
fn ramming_success_by_era_modifiers_and_d3_restrictions() {
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 24.8, 24.0, 0);
    activate(&mut g, 0, FULL);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::RamTest, "a leg into the enemy rams");
    assert!((prob(&g, PASS) - 0.5).abs() < 1e-12, "era 1: 4+");
    // Bow into her broadside, ram +2, 10 kt +1.
    assert_eq!(g.mv.ram_edge, 0);
    assert_eq!(g.mv.ram_zone, 1);
    assert_eq!(g.mv.ram_mod, 3);
    assert_eq!(g.mv.ram_die, 6);
    g.apply(PASS).unwrap();
    // 5 + 3 = 8: the rammed ship is sunk, the rammer loses 1/2.
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.ships[1].status, SUNK);
    assert_eq!(g.ships[0].hull, 24 - 2);
    // Bows-on with rams on both: d3 and no ram modifier.
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 26.8, 24.0, 270);
    g.era = 5;
    activate(&mut g, 0, HALF);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::RamTest);
    assert!((prob(&g, PASS) - 2.0 / 6.0).abs() < 1e-12, "era 5: 5+");
    assert_eq!((g.mv.ram_zone, g.mv.ram_die, g.mv.ram_mod), (0, 3, 1));
}

#[test]
fn ramming_effect_table_rows() {
    let mut g = game("ironclad-duel");
    let setup = |g: &mut TogoGame| {
        g.stage = Stage::RamEffect;
        g.mv.ship = 0;
        g.mv.ram_target = 1;
        g.mv.ram_mod = 0;
        g.mv.ram_die = 6;
        g.mv.ram_edge = 0;
        g.mv.ram_zone = 1;
        g.ships[0].activated = true;
    };
    setup(&mut g);
    g.apply(DIE_1).unwrap();
    assert_eq!(g.ships[0].status, SUNK, "1: the ramming ship is sunk");
    assert_eq!(g.ships[1].hull, 24 - 2);
    let mut g = game("ironclad-duel");
    setup(&mut g);
    g.apply(DIE_1 + 1).unwrap();
    assert_eq!(g.ships[0].hull, 12, "2: half her original Hull");
    assert!(
        !g.ships[0].has(broadside_env::togo::data::RAM),
        "loses the ram"
    );
    assert_eq!(g.ships[1].hull, 20);
    let mut g = game("ironclad-duel");
    setup(&mut g);
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(
        (g.ships[0].hull, g.ships[1].hull),
        (16, 16),
        "3-4: both lose 2"
    );
    assert_eq!((g.ships[0].floods, g.ships[1].floods), (1, 1));
}

#[test]
fn ramming_at_the_stern_tests_the_rudder() {
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 26.5, 24.0, 90);
    activate(&mut g, 0, FULL);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.mv.ram_zone, 2, "rammed at her stern");
    g.apply(PASS).unwrap();
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(g.stage, Stage::RamStern);
    g.apply(PASS).unwrap();
    assert!(matches!(g.sub, Some(Sub::Rudder { ship: 1, .. })));
}

#[test]
fn fire_and_flood_effect_tables() {
    let mut g = game("squadron-action");
    g.fire_or_flood_effect(0, 2, true);
    assert_eq!((g.ships[0].hull, g.ships[0].fires), (31, 0), "2: 1/4");
    g.fire_or_flood_effect(0, 4, true);
    assert_eq!(
        (g.ships[0].hull, g.ships[0].fires),
        (30, 1),
        "3-4: 1/4 and a marker"
    );
    g.fire_or_flood_effect(0, 6, false);
    assert_eq!((g.ships[0].hull, g.ships[0].floods), (28, 1), "5-6: 1/2");
    g.fire_or_flood_effect(0, 9, false);
    assert_eq!((g.ships[0].hull, g.ships[0].floods), (24, 2), "7-9: 1");
    g.fire_or_flood_effect(0, 10, false);
    assert_eq!(g.ships[0].status, SUNK, "10+: capsizes");
}

#[test]
fn ph4_tests_fire_flooding_repairs_in_order_and_the_list_repair_adds_a_flooding_marker() {
    let mut g = game("ironclad-duel");
    g.ships[0].fires = 1;
    g.ships[0].floods = 1;
    g.ships[0].listing = true;
    g.ships[0].engine = 1;
    for s in g.ships.iter_mut() {
        s.activated = true;
    }
    g.stage = Stage::Select;
    g.side_to_act = 0;
    // No ship left to activate: end the activation phase through a side's last ship.
    g.ships[1].activated = false;
    g.ships[1].active = STOP;
    g.side_to_act = 1;
    g.apply(ACTIVATE_0 + 1).unwrap();
    run_until(&mut g, |g| matches!(g.stage, Stage::FireTest { .. }), first);
    assert!((prob(&g, PASS) - 0.5).abs() < 1e-12, "4+");
    g.apply(PASS).unwrap();
    assert_eq!(g.ships[0].fires, 0, "extinguished");
    assert!(matches!(g.stage, Stage::FloodTest { .. }));
    g.apply(PASS).unwrap();
    assert_eq!(
        (g.ships[0].floods, g.ships[0].floods_held),
        (0, 1),
        "contained"
    );
    assert!(matches!(g.stage, Stage::Engine { .. }));
    g.apply(PASS).unwrap();
    assert_eq!(g.ships[0].engine, 0);
    g.apply(PASS).unwrap();
    assert!(!g.ships[0].listing);
    assert_eq!(
        g.ships[0].floods_held, 2,
        "one inactive flooding marker added"
    );
}

#[test]
fn surrender_test_modifiers_and_failure_table() {
    let mut g = game("squadron-action");
    g.ships[1].hull = 10;
    g.ships[1].fires = 1;
    g.ships[1].floods_held = 1;
    // +1 flood, +1 fire, -1 flagship Pelayo within 10".
    put(&mut g, 0, 12.0, 33.0, 90);
    put(&mut g, 1, 12.0, 26.0, 90);
    assert_eq!(g.surrender_modifier(1), 1);
    g.ships[0].status = SUNK;
    assert_eq!(g.surrender_modifier(1), 3, "the flagship lost: +1");
    g.stage = Stage::Surrender { ship: 1 };
    g.apply(DIE_1).unwrap();
    assert_eq!(
        g.stage,
        Stage::SurrenderFail { ship: 1 },
        "1 + 3 = 4: failed"
    );
    // 1-3 with no enemy within 10": as 4-6, sunk.
    g.apply(DIE_1 + 1).unwrap();
    assert_eq!(g.ships[1].status, SUNK);
    let mut g = game("squadron-action");
    put(&mut g, 1, 40.0, 28.0, 90);
    put(&mut g, 5, 48.0, 28.0, 90);
    g.stage = Stage::SurrenderFail { ship: 1 };
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(
        g.ships[1].status, STRUCK,
        "an enemy within 10\": she surrenders"
    );
}

#[test]
fn breaking_combat_contact_ends_the_battle_on_a_failure() {
    let mut g = game("ironclad-duel");
    g.stage = Stage::Contact;
    g.turn = 7;
    g.ships[1].hull = 20;
    assert!((prob(&g, PASS) - 4.0 / 6.0).abs() < 1e-12);
    g.apply(FAIL).unwrap();
    assert!(g.is_terminal());
    assert_eq!(
        g.returns(),
        [1.0, -1.0],
        "the side that took fewer Hull points wins"
    );
}

#[test]
fn storm_removes_minefield_markers_on_four_plus() {
    let mut g = game("minefield-and-land");
    g.wind = STORM;
    g.turn = 2;
    g.stage = Stage::ChooseA;
    g.apply(INIT_FIRST).unwrap();
    assert_eq!(g.stage, Stage::StormMine { k: 0 });
    assert!((prob(&g, PASS) - 0.5).abs() < 1e-12);
    g.apply(PASS).unwrap();
    assert!(!g.mines[0].present);
    assert_eq!(g.stage, Stage::StormMine { k: 1 });
}

#[test]
fn boarding_after_a_ram_with_the_sheets_modifiers() {
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 24.8, 24.0, 0);
    activate(&mut g, 0, FULL);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::RamTest);
    g.apply(FAIL).unwrap();
    // The ships are in contact: the rammer's side may board.
    assert_eq!(g.stage, Stage::Board);
    assert_eq!(g.turn(), Turn::Player(0));
    // Marines +2 per group (one each); "The enemy ship lost more than half of her Hull
    // points: +1"; "Higher ship class: +2 for each class of difference".
    assert_eq!(g.boarding_modifier(0, 1), 2);
    g.ships[1].hull = 11;
    assert_eq!(g.boarding_modifier(0, 1), 3);
    g.ships[0].class = 1;
    assert_eq!(g.boarding_modifier(0, 1), 5);
    assert_eq!(g.boarding_modifier(1, 0), 2);
    g.apply(BOARD).unwrap();
    assert_eq!(g.stage, Stage::BoardAttack);
    g.apply(DIE_1).unwrap();
    // 1 + 5 = 6 against 3 + 2 = 5: the boarders win; Kaiser's boarding specialist may
    // re-roll (declined here), and she strikes.
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(g.stage, Stage::BoardReroll { attacker: false });
    g.apply(NO_REROLL).unwrap();
    assert_eq!(g.ships[1].status, STRUCK);
    assert!(g.is_terminal(), "no enemy ship left");
}

#[test]
fn a_ship_sunk_by_a_mine_skips_the_other_markers_it_touched() {
    let mut g = game("minefield-and-land");
    put(&mut g, 1, 26.0, 22.0, 90);
    activate(&mut g, 1, FULL);
    g.apply(leg_action(0)).unwrap();
    assert!(matches!(g.stage, Stage::Mine { .. }));
    g.mv.mines |= 0b1000;
    g.ships[1].hull = 1;
    g.apply(COUNT_0 + 1).unwrap();
    g.apply(DIE_1 + 1).unwrap();
    assert_eq!(g.ships[1].status, SUNK);
    assert!(
        !matches!(g.stage, Stage::Mine { .. } | Stage::Leg),
        "{:?}",
        g.stage
    );
    g.check_invariants().unwrap();
}

/// The harbour scenario with only Olympia (0) and the El Fraile battery (4), Olympia 5"
/// south of the battery, about to fire its main battery at it.
fn fire_at_the_fort() -> TogoGame {
    let mut g = game("minefield-and-land");
    assert!(g.ships[4].fort, "the scenario has a fortification");
    only(&mut g, &[0, 4]);
    put(&mut g, 0, 36.0, 22.0, 90);
    // Two main guns (the class has one) so that a salvo can roll two sixes; no captain's
    // re-roll in the way.
    g.ships[0].guns[0] = 2;
    g.ships[0].gunnery_specialist = false;
    activate(&mut g, 0, STOP);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::Target { battery: 0 });
    g.apply(TARGET_0 + 4).unwrap();
    while !matches!(g.stage, Stage::Hits { .. }) {
        let a = g
            .legal_actions()
            .iter()
            .find(|&a| a == HOLD || a == NO_COUNTER)
            .unwrap();
        g.apply(a).unwrap();
    }
    g
}

#[test]
fn critical_hits_on_fortifications_1_to_3_no_effect() {
    // Sheet, "Critical hits on fortifications": "Results of 1 - 3 indicate no effect."
    let mut g = fire_at_the_fort();
    g.apply(COUNT_0 + 1).unwrap();
    // One six: AP 5 against armour 6 penetrates on 5+; one main penetration, 1 Structure.
    g.apply(ARMOUR_0 + 5).unwrap();
    assert_eq!(g.ships[4].hull, 32 - 4);
    assert!(matches!(g.stage, Stage::Crit { .. }));
    let before = g.ships[4];
    g.apply(DIE_1 + 2).unwrap();
    assert_eq!(g.ships[4], before, "a 3: nothing");
    assert!(!matches!(g.stage, Stage::Crit { .. }));
}

#[test]
fn critical_hits_on_fortifications_4_5_a_gun_destroyed_the_opponent_chooses() {
    // Sheet: "Results of 4 - 5 indicate the destruction of armament (a single gun is
    // destroyed)." "The opponent chooses which guns are destroyed."
    let mut g = fire_at_the_fort();
    g.apply(COUNT_0 + 1).unwrap();
    g.apply(ARMOUR_0 + 5).unwrap();
    g.apply(DIE_1 + 3).unwrap();
    assert_eq!(g.stage, Stage::FortGun { shot: 0 });
    assert_eq!(g.turn(), Turn::Player(0), "the firing side chooses");
    let legal: Vec<u16> = g.legal_actions().iter().collect();
    assert_eq!(legal, vec![DESTROY_0, DESTROY_0 + 1], "main or medium");
    g.apply(DESTROY_0 + 1).unwrap();
    assert_eq!(g.ships[4].guns, [2, 1, 0], "one gun, not the battery");
    g.check_invariants().unwrap();
    // With one battery left there is nothing to choose; with none, no effect.
    g.ships[4].guns = [0, 1, 0];
    g.queue[0].target = 4;
    g.stage = Stage::Crit { shot: 0 };
    g.queue_len = 1;
    g.queue[0].crit6 = 1;
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.ships[4].guns, [0, 0, 0]);
    g.stage = Stage::Crit { shot: 0 };
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.ships[4].guns, [0, 0, 0]);
    assert_eq!(g.ships[4].fires, 0, "no Fire in place of the gun");
}

#[test]
fn critical_hits_on_fortifications_6_magazine_1_4_two_structure_5_6_four() {
    // Sheet: "A roll of 6 results in the destruction of the ammunition magazine. Roll the
    // dice again. Results of 1-4 ... (loss of 2 Structure points), results of 5-6 ...
    // (loss of 4 Structure points)."
    for (face, lost) in [(1u16, 8u8), (4, 8), (5, 16), (6, 16)] {
        let mut g = fire_at_the_fort();
        g.apply(COUNT_0 + 1).unwrap();
        g.apply(ARMOUR_0 + 5).unwrap();
        g.apply(DIE_1 + 5).unwrap();
        assert_eq!(g.stage, Stage::FortMagazine { shot: 0 });
        assert!((prob(&g, DIE_1) - 1.0 / 6.0).abs() < 1e-12);
        g.apply(DIE_1 + face - 1).unwrap();
        assert_eq!(g.ships[4].hull, 28 - lost, "magazine die {face}");
    }
    // Several sixes add +1 here too: two sixes and a 5 make a 6.
    let mut g = fire_at_the_fort();
    g.apply(COUNT_0 + 2).unwrap();
    g.apply(ARMOUR_0 + 10).unwrap();
    g.apply(DIE_1 + 4).unwrap();
    assert_eq!(g.stage, Stage::FortMagazine { shot: 0 });
}

#[test]
fn fortifications_cannot_receive_any_markers_or_resulting_damage() {
    // Sheet: "Fortifications cannot receive any markers or resulting damage."
    let mut g = game("minefield-and-land");
    let hull = g.ships[4].hull;
    g.fire_effect(4);
    g.flood_effect(4);
    g.add_flood(4);
    assert_eq!(
        (g.ships[4].fires, g.ships[4].floods, g.ships[4].hull),
        (0, 0, hull)
    );
    // Sixes that cannot penetrate (Fires on a ship) do nothing to it either.
    let mut g = fire_at_the_fort();
    g.ships[0].ap[0] = 2;
    g.queue[0].pen = 0;
    g.apply(COUNT_0 + 2).unwrap();
    g.apply(ARMOUR_0 + 10).unwrap();
    assert_eq!((g.ships[4].fires, g.ships[4].hull), (0, 32));
    // No order markers: the command phase skips it; no Ph4 tests; it does not move.
    let mut g = game("minefield-and-land");
    run_until(
        &mut g,
        |g| {
            assert!(!matches!(g.stage, Stage::Place { ship: 4, .. }));
            g.stage == Stage::Select
        },
        first,
    );
    g.side_to_act = 1;
    g.apply(ACTIVATE_0 + 4).unwrap();
    assert!(
        matches!(g.stage, Stage::Target { .. } | Stage::Select),
        "its activation is its fire: {:?}",
        g.stage
    );
    assert!(g.ships[4].rect == game("minefield-and-land").ships[4].rect);
}

#[test]
fn a_fortification_is_land_to_ships_and_takes_no_torpedoes() {
    // Chosen: the battery stands on the shore; a ship touching it collides with land
    // (sheet, "Collision with land"), never rams it. Torpedoes are not fired at it.
    let mut g = game("minefield-and-land");
    only(&mut g, &[0, 4]);
    put(&mut g, 0, 30.0, 29.0, 90);
    activate(&mut g, 0, FULL);
    let (kind, _) = g.classify_leg(0, 2000, 0);
    assert_eq!(kind, broadside_env::togo::movement::LegKind::Land);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.ships[0].hull, 24 - 8, "class 2: 2 Hull points");
    assert_eq!(g.ships[0].floods, 1);
    g.ships[0].torpedoes = 1;
    assert!(g.shot_for(0, 4, TORPEDO).is_none());
    // The battle is between fleets: a side left with only its battery has lost.
    assert_eq!(g.ships[4].side, 1);
    assert_eq!(
        g.in_play(1),
        0,
        "ships 2 and 3 are out; the battery does not count"
    );
}

#[test]
fn boarding_a_ship_in_contact_at_the_end_of_the_move() {
    // Sheet, "Boarding result modifiers" (the procedure chosen): a ship ending its move
    // in contact with an enemy ship may board her; the same modifiers apply.
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 24.0, 25.2, 90);
    activate(&mut g, 0, STOP);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::Board, "alongside: board or not");
    assert_eq!(g.mv.ram_target, 1);
    assert_eq!(g.turn(), Turn::Player(0));
    g.apply(NO_BOARD).unwrap();
    assert_eq!(g.stage, Stage::Target { battery: 0 }, "then the fire");
    // Boarding, won: she strikes.
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 24.0, 25.2, 90);
    activate(&mut g, 0, STOP);
    g.apply(leg_action(0)).unwrap();
    g.ships[1].boarding_specialist = false;
    g.apply(BOARD).unwrap();
    g.apply(DIE_1 + 5).unwrap();
    g.apply(DIE_1).unwrap();
    assert_eq!(g.ships[1].status, STRUCK);
    // Not in contact (more than half an inch apart): no offer.
    let mut g = game("ironclad-duel");
    put(&mut g, 0, 20.0, 24.0, 90);
    put(&mut g, 1, 24.0, 26.0, 90);
    activate(&mut g, 0, STOP);
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.stage, Stage::Target { battery: 0 });
}

#[test]
fn boarding_specialist_captain_a_re_roll() {
    // Sheet, "Boarding result modifiers": "Captain - boarding specialist: a re-roll." The
    // side the dice go against decides whether to re-roll its own die.
    let start = || {
        let mut g = game("ironclad-duel");
        put(&mut g, 0, 20.0, 24.0, 90);
        put(&mut g, 1, 24.0, 25.2, 90);
        g.ships[0].boarding_specialist = true;
        g.ships[1].boarding_specialist = true;
        activate(&mut g, 0, STOP);
        g.apply(leg_action(0)).unwrap();
        g.apply(BOARD).unwrap();
        g
    };
    let mut g = start();
    g.apply(DIE_1).unwrap();
    g.apply(DIE_1 + 5).unwrap();
    assert_eq!(g.stage, Stage::BoardReroll { attacker: true });
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![REROLL, NO_REROLL]
    );
    g.apply(REROLL).unwrap();
    assert_eq!(g.stage, Stage::BoardAttack);
    g.apply(DIE_1 + 5).unwrap();
    // 6 + 2 against 6 + 2: still lost, and the re-roll is spent.
    assert_ne!(g.stage, Stage::BoardReroll { attacker: true });
    assert_eq!(g.ships[1].status, AFLOAT);
    // The defender's specialist answers a winning boarding roll.
    let mut g = start();
    g.apply(DIE_1 + 5).unwrap();
    g.apply(DIE_1).unwrap();
    assert_eq!(g.stage, Stage::BoardReroll { attacker: false });
    assert_eq!(g.turn(), Turn::Player(1));
    g.apply(NO_REROLL).unwrap();
    assert_eq!(g.ships[1].status, STRUCK);
    // Without a specialist there is no decision.
    let mut g = start();
    g.ships[0].boarding_specialist = false;
    g.apply(DIE_1).unwrap();
    g.apply(DIE_1 + 5).unwrap();
    assert!(!matches!(g.stage, Stage::BoardReroll { .. }));
}

#[test]
fn every_turn_of_a_leg_is_classified_as_classify_leg_does() {
    // The speed path (`leg_kinds`, all turns at once) against the one-turn definition, at
    // every leg of seeded random games on every scenario, going ahead and astern.
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    for id in [
        "squadron-action",
        "ironclad-duel",
        "torpedo-attack",
        "minefield-and-land",
    ] {
        for _ in 0..15 {
            let mut g = game(id);
            while !g.is_terminal() {
                if g.stage == Stage::Leg {
                    let i = g.mv.ship as usize;
                    let dist = g.next_leg_dist();
                    for (k, kind) in g.leg_kinds().iter().enumerate() {
                        if let Some(kind) = kind {
                            let turn = leg_turn(LEG_0 + k as u16);
                            assert_eq!(*kind, g.classify_leg(i, dist, turn).0, "{id} turn {turn}");
                            checked += 1;
                        }
                    }
                }
                let a = match g.turn() {
                    Turn::Chance => g.chance_outcomes().sample(&mut rng),
                    _ => {
                        let l: Vec<u16> =
                            g.legal_actions().iter().filter(|&a| a != RESIGN).collect();
                        l[rng.random_range(0..l.len())]
                    }
                };
                g.apply(a).unwrap();
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn gunnery_specialist_captain_re_rolls_misses_once_a_turn_as_a_decision() {
    // Sheet, shooting modifiers: "Captain: according to his description" (substitute: a
    // gunnery specialist re-rolls one battery's misses once a turn) and "Super heavy:
    // Re-rolls for hits are not possible (range, captains, etc.)".
    let start = || {
        let mut g = game("minefield-and-land");
        assert!(g.ships[0].gunnery_specialist, "Olympia's captain");
        only(&mut g, &[0, 2]);
        put(&mut g, 0, 20.0, 24.0, 90);
        put(&mut g, 2, 30.0, 24.0, 270);
        activate(&mut g, 0, STOP);
        g.apply(leg_action(0)).unwrap();
        g.apply(HOLD).unwrap();
        g.apply(TARGET_0 + 2).unwrap();
        while !matches!(g.stage, Stage::Hits { .. }) {
            let a = g
                .legal_actions()
                .iter()
                .find(|&a| a == HOLD || a == NO_COUNTER)
                .unwrap();
            g.apply(a).unwrap();
        }
        g
    };
    let mut g = start();
    assert!(!g.queue[0].reroll, "no other re-roll here");
    g.apply(COUNT_0 + 1).unwrap();
    assert_eq!(g.stage, Stage::GunReroll { shot: 0 });
    assert_eq!(g.turn(), Turn::Player(0));
    g.apply(REROLL).unwrap();
    assert_eq!(g.stage, Stage::Reroll { shot: 0 });
    assert!(g.ships[0].captain_used);
    g.apply(COUNT_0 + 1).unwrap();
    assert_eq!(g.queue[0].hits, 2);
    // Declined: the hits stand; once used, no more offers this turn.
    let mut g = start();
    g.apply(COUNT_0).unwrap();
    g.apply(NO_REROLL).unwrap();
    assert!(!matches!(
        g.stage,
        Stage::Reroll { .. } | Stage::Armour { .. }
    ));
    let mut g = start();
    g.ships[0].captain_used = true;
    g.apply(COUNT_0).unwrap();
    assert_ne!(g.stage, Stage::GunReroll { shot: 0 });
    // Super heavy guns and the storm allow none.
    let mut g = start();
    g.ships[0].bat_traits[1] = 2;
    assert!(!g.captain_may_reroll(&g.queue[0]));
    g.ships[0].bat_traits[1] = 0;
    g.wind = STORM;
    assert!(!g.captain_may_reroll(&g.queue[0]));
    // A new turn gives the re-roll back.
    let mut g = start();
    g.ships[0].captain_used = true;
    run_until(&mut g, |g| matches!(g.stage, Stage::Place { .. }), first);
    assert!(!g.ships[0].captain_used);
}

#[test]
fn scenario_exit_edge_faq_ships_of_the_named_side_leave_across_it() {
    // Rules notes (FAQ): "Scenarios may name a table edge through which ships exit."
    // minefield-and-land: the attackers (side 0) by the east edge.
    let mut g = game("minefield-and-land");
    only(&mut g, &[0, 2, 3]);
    // Boston (the last ship) has already left by the east edge, undamaged.
    g.ships[5].status = EXITED;
    put(&mut g, 0, 69.0, 26.0, 90);
    activate(&mut g, 0, FULL);
    let dist = g.next_leg_dist();
    assert_eq!(
        g.classify_leg(0, dist, 0).0,
        broadside_env::togo::movement::LegKind::Exit
    );
    g.apply(leg_action(0)).unwrap();
    assert_eq!(g.ships[0].status, EXITED);
    g.check_invariants().unwrap();
    // Out of the battle but not lost: her losses count, not her whole Hull; the side
    // whose last ship left is decided on points.
    g.ships[0].hull -= 2;
    assert_eq!(g.losses()[0], 2 + 16);
    assert!(g.is_terminal(), "side 0 has no ship left in the battle");
    assert_eq!(
        g.ending.unwrap().winner,
        Some(0),
        "on points: side 1 lost more"
    );
    // The other side may not leave; nor may anyone by another edge.
    let mut g = game("minefield-and-land");
    put(&mut g, 2, 69.0, 30.0, 90);
    activate(&mut g, 2, FULL);
    assert_eq!(
        g.classify_leg(2, g.next_leg_dist(), 0).0,
        broadside_env::togo::movement::LegKind::Blocked
    );
    let mut g = game("minefield-and-land");
    put(&mut g, 0, 30.0, 46.0, 0);
    activate(&mut g, 0, FULL);
    assert_eq!(
        g.classify_leg(0, g.next_leg_dist(), 0).0,
        broadside_env::togo::movement::LegKind::Blocked
    );
}
