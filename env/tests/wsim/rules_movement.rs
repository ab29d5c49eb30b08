//! WS&IM rules, one test per rule: movement allowance and movement mechanics.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`), or of the
//! ruleset doc's "Deviations and interpretations" (`docs/rulesets/wsim.md`) where the engine
//! documents a reading of the seed, that it checks; numbers not in the seed come from
//! the Basic Game as collected in `tables.toml`.

use crate::common::*;
use broadside_env::game::Game;
use broadside_env::hex::{HexMap, ShipPos};
use broadside_env::wsim::catalogue::{END_MOVE, FORWARD, TURN_LEFT, TURN_RIGHT};
use broadside_env::wsim::data::ship_specs;
use broadside_env::wsim::state::{Phase, Step};
use broadside_env::wsim::{Attitude, WsimGame, WsimOptions};

/// A ship of `spec` at the origin pointing `facing`, wind from the north, and a distant enemy.
fn lone(spec: u16, facing: broadside_env::hex::Facing) -> WsimGame {
    game(
        N,
        &[
            ship(0, spec, pos(0, 0, facing)),
            ship(1, SOL, pos(-14, 12, S)),
        ],
    )
}

/// Plays ship 0's order `text` (the enemy stays put, nobody fires) and returns its position.
fn moved(mut g: WsimGame, text: &str) -> ShipPos {
    order(&mut g, &format!("{text} hold"));
    order(&mut g, "0 hold");
    settle(&mut g, |g| g.chance_outcomes().iter().next().unwrap().0);
    assert!(at_orders(&g), "the turn is over");
    g.ships[0].pos
}

/// "In the diagram to the right, wind is blowing from the north (top). The first ship, in
/// attitude D, is facing into the wind. [...] a ship in attitude B has wind blowing only into
/// its stern sails." Attitudes by the wind's bearing from the bow (rules notes).
#[test]
fn attitude_to_the_wind() {
    let g = lone(SOL, N);
    let expect = [
        (N, Attitude::D),
        (NE, Attitude::C),
        (NW, Attitude::C),
        (SE, Attitude::A),
        (SW, Attitude::A),
        (S, Attitude::B),
    ];
    for (f, att) in expect {
        assert_eq!(Attitude::of(f, g.wind_from), att, "facing {}", f.name());
    }
}

/// "A ship of the line (left) starts the movement notation phase in attitude C. Its movement
/// allowance is 1."
#[test]
fn seed_example_ship_of_the_line_in_c_moves_one() {
    let g = lone(SOL, NE);
    assert_eq!(g.attitude(0), Attitude::C);
    assert_eq!(g.allowance(0), 1);
    assert!(legal_order(&g, "1"));
    assert!(!legal_order(&g, "2"));
}

/// "A frigate (right) starts the movement notation phase in attitude A. Its movement
/// allowance is 4."
#[test]
fn seed_example_frigate_in_a_moves_four() {
    let g = lone(FRIGATE, SE);
    assert_eq!(g.attitude(0), Attitude::A);
    assert_eq!(g.allowance(0), 4);
    assert!(legal_order(&g, "4"));
    assert!(!legal_order(&g, "5"));
}

/// "A ship of the line starts the movement notation phase in attitude B. It has lost one
/// rigging section. Its movement allowance is 1."
#[test]
fn seed_example_ship_of_the_line_in_b_with_one_rigging_section_lost_moves_one() {
    let mut g = lone(SOL, S);
    assert_eq!(g.attitude(0), Attitude::B);
    assert_eq!(g.allowance(0), 2, "undamaged");
    g.ships[0].rigging[0] = 0;
    assert_eq!(g.allowance(0), 1);
    assert!(legal_order(&g, "1"));
    assert!(!legal_order(&g, "2"));
}

/// "The maximum movement allowance is for a ship in attitude A, with the allowance being
/// reduced by one for each successive attitude. It is further reduced by one for each
/// rigging section lost." (Basic Game IV.A.17: "never be reduced below 0".)
#[test]
fn allowance_drops_one_per_complete_rigging_section_lost() {
    let mut g = lone(FRIGATE, SE);
    let base = [4u8, 3, 1, 0];
    for lost in 0..=4usize {
        g.ships[0].rigging = [5, 5, 5, 5];
        for section in &mut g.ships[0].rigging[..lost] {
            *section = 0;
        }
        for (att, b) in [Attitude::A, Attitude::B, Attitude::C, Attitude::D]
            .into_iter()
            .zip(base)
        {
            let want = b.saturating_sub(lost as u8);
            assert_eq!(g.allowance_in(0, att), want, "{lost} lost, {}", att.name());
        }
    }
    // A partly damaged section is not lost.
    g.ships[0].rigging = [1, 5, 5, 5];
    assert_eq!(g.allowance(0), 4);
}

/// Ship chart: "Bucentaure 2nd SOL [...] Rigging: 14/21 Value: 27Pts." and "In the example on
/// the right, the ship can move only with wind attitude A (2 hexes) and B (1 hex), due to the
/// damage suffered in the rigging section of the ship." (Spec 10, per the rules notes.)
#[test]
fn seed_ship_chart_bucentaure_moves_only_in_a_and_b() {
    let spec = &ship_specs()[SOL1 as usize];
    assert_eq!(spec.points, 27);
    assert_eq!(spec.rigging_total(), 21);
    assert_eq!(spec.rigging_sections, 3);
    for (facing, att, hexes) in [
        (SE, Attitude::A, 2u8),
        (S, Attitude::B, 1),
        (NE, Attitude::C, 0),
        (N, Attitude::D, 0),
    ] {
        let mut g = lone(SOL1, facing);
        g.ships[0].rigging = [0, 7, 7, 0]; // 14 of 21 squares left
        assert_eq!(g.ships[0].rigging_left(), 14);
        assert_eq!(g.attitude(0), att);
        assert_eq!(g.allowance(0), hexes, "attitude {}", att.name());
        let ok = if hexes == 0 {
            "0".to_string()
        } else {
            hexes.to_string()
        };
        assert!(legal_order(&g, &ok));
        assert!(!legal_order(&g, &(hexes + 1).to_string()));
    }
}

/// Basic Game IV.B.3 ("Example: Moves L1R1"): "The ship is at A attitude to the wind and has
/// a battlesail speed of 4. Its movement allowance is determined to be 4. The move notation
/// [...] reads left turn 60°, forward 1 hex, right, turn 60°, forward 1 hex. This has completed
/// the ship's full allowance."
#[test]
fn basic_game_example_l1r1_uses_the_full_allowance() {
    let g = lone(FRIGATE, SE);
    assert!(legal_order(&g, "L1R1"));
    assert!(
        !legal_order(&g, "L1R2"),
        "a fifth factor is over the allowance"
    );
    let start = g.ships[0].pos;
    let end = moved(g, "L1R1");
    let expect = ShipPos::new(start.bow.neighbor(NE).neighbor(SE), SE);
    assert_eq!(end, expect);
}

/// "In general, each hex moved or turned into costs one movement point. If you attempt to
/// move more than the current movement allowance [...] an error message will pop up."
#[test]
fn each_hex_and_each_turn_costs_one_factor() {
    let g = lone(FRIGATE, SE); // allowance 4
    assert!(legal_order(&g, "1R2"), "1 + 1 + 2 = 4");
    assert!(!legal_order(&g, "1R3"), "1 + 1 + 3 = 5");
    assert!(legal_order(&g, "R3"));
    assert!(!legal_order(&g, "R4"));
}

/// "So a ship cannot turn twice in the same hex during the same turn."
#[test]
fn one_turn_per_hex() {
    let mut g = lone(FRIGATE, SE);
    assert!(!legal_order(&g, "LL"));
    assert!(!legal_order(&g, "LR"));
    assert!(legal_order(&g, "L1R"));
    g.apply(TURN_LEFT).unwrap();
    let l = legal(&g);
    assert!(!l.contains(&TURN_LEFT) && !l.contains(&TURN_RIGHT), "{l:?}");
    assert!(l.contains(&FORWARD));
}

/// "Some ships can turn more than once per turn, but must move at least one hex forward
/// between each turn. [...] Hannibal can turn twice per turn (Turn: 2), while Royal George can
/// only turn once (Turn: 1)."
#[test]
fn turn_allowance_limits_turns_per_move() {
    let two = lone(SOL, SE); // turn allowance 2, allowance 3 in A
    assert_eq!(two.ships[0].turn_allowance, 2);
    assert!(legal_order(&two, "L1R"));
    let one = lone(SOL1, SE); // turn allowance 1
    assert_eq!(one.ships[0].turn_allowance, 1);
    assert!(legal_order(&one, "L1"));
    assert!(!legal_order(&one, "L1R"));
    assert!(legal_order(&one, "1R1"));
}

/// "It may turn back to attitude A after moving one hex in C and finish its move in attitude
/// A." and "If it turns to attitude C, it may only move one hex in that direction as the
/// movement allowance for this attitude is 1."
#[test]
fn attitude_allowance_caps_hexes_moved_in_that_attitude() {
    let g = lone(FRIGATE, SE);
    assert!(!legal_order(&g, "L2"), "two hexes in C");
    assert!(legal_order(&g, "L1"));
    assert!(legal_order(&g, "L1R1"), "back to A after one hex in C");
    assert!(!legal_order(&g, "1L2"), "two hexes in C after one in A");
}

/// "This does not work in reverse, so a ship starting its turn in Attitude B has a maximum
/// movement allowance of 2 (for example) even if it moves to attitude A later in the movement
/// phase."
#[test]
fn allowance_is_fixed_by_the_starting_attitude() {
    let g = lone(SOL, S); // B: 2
    assert_eq!(g.allowance(0), 2);
    assert!(
        legal_order(&g, "L1"),
        "turn into A and move one hex: 2 factors"
    );
    assert!(
        !legal_order(&g, "L2"),
        "A would allow 3, but the move started in B"
    );
}

/// "This does not limit the number of turns in any attitude (other than the limit of 1 per
/// hex traversed), just the number of hexes into which a ship may move."
#[test]
fn attitude_cap_does_not_limit_turns() {
    // Frigate in A (4): one hex in C with a turn on either side of it, all within C's cap.
    let g = lone(FRIGATE, SE);
    assert!(
        legal_order(&g, "L1L"),
        "two turns around one hex in C: stops in D"
    );
    assert!(legal_order(&g, "1L1R"), "two turns, one hex in C, one in A");
}

/// "A ship which has a movement allowance of 0 may still turn in place 60 degrees."
#[test]
fn allowance_zero_allows_one_free_turn_in_place() {
    let mut g = lone(SOL, N); // attitude D: allowance 0
    assert_eq!(g.allowance(0), 0);
    let mut l = legal(&g);
    l.sort_unstable();
    assert_eq!(l, vec![TURN_LEFT, TURN_RIGHT, END_MOVE]);
    assert!(!legal_order(&g, "1"));
    assert!(!legal_order(&g, "LL"));
    assert!(!legal_order(&g, "L1"));
    let start = g.ships[0].pos;
    assert_eq!(moved(g.clone(), "L"), ShipPos::new(start.bow, NW));
    // The same for a ship whose rigging losses leave nothing in its attitude.
    g = lone(SOL, NE);
    g.ships[0].rigging[0] = 0;
    assert_eq!(g.allowance(0), 0);
    assert!(legal_order(&g, "R"));
    assert!(!legal_order(&g, "1"));
}

/// "When all rigging sections are gone, the ship cannot move, but it can turn once each turn."
#[test]
fn dismasted_ship_cannot_move_but_turns_once() {
    let mut g = lone(FRIGATE, SE);
    g.ships[0].rigging = [0; 4];
    assert_eq!(g.allowance(0), 0);
    assert!(!legal_order(&g, "1"));
    assert!(legal_order(&g, "L"));
    assert!(legal_order(&g, "R"));
    assert!(!legal_order(&g, "L1"));
}

/// "A ship which turns into attitude D (into the wind) must immediately stop and may not move
/// or turn for the remainder of the movement phase, even if it has movement factors remaining."
#[test]
fn turning_into_d_stops_the_ship() {
    let mut g = lone(FRIGATE, SE); // allowance 4
    assert!(legal_order(&g, "L1L"), "3 factors, the last turn into D");
    assert!(
        !legal_order(&g, "L1L1"),
        "a factor remains, but the ship has stopped"
    );
    assert!(!legal_order(&g, "L1LR"));
    for a in [TURN_LEFT, FORWARD, TURN_LEFT] {
        assert!(legal(&g).contains(&a));
        g.apply(a).unwrap();
    }
    // Only `move:end` is left, so the engine takes it: the ship is at its aim decision.
    assert!(
        matches!(
            g.phase,
            Phase::Orders {
                ship: 0,
                step: Step::Aim,
                ..
            }
        ),
        "{:?}",
        g.phase
    );
    assert_eq!(g.ships[0].orders.plan_len, 3);
}

/// "A ship always pivots around its bow. Since each ship icon occupies 2 hexes, as a ship
/// turns to point to a new hexside, the stern will swing into a new hex."
#[test]
fn a_turn_pivots_on_the_bow() {
    let g = lone(SOL, SE);
    let start = g.ships[0].pos;
    let end = moved(g, "R");
    assert_eq!(end.bow, start.bow);
    assert_eq!(end.facing, S);
    assert_ne!(end.stern(), start.stern());
    assert_eq!(end.stern(), start.bow.neighbor(N));
}

/// "A ship never has to move, nor use all its movement points."
#[test]
fn a_ship_need_not_move() {
    let g = lone(FRIGATE, SE);
    assert!(legal_order(&g, "0"));
    assert!(legal_order(&g, "2"));
    let start = g.ships[0].pos;
    assert_eq!(moved(g.clone(), "0"), start);
    assert_eq!(
        moved(g, "2"),
        ShipPos::new(start.bow.neighbor(SE).neighbor(SE), SE)
    );
}

/// "Movement points may not be accumulated from one turn to another": a ship that did not
/// move has the same allowance next turn.
#[test]
fn movement_points_do_not_accumulate() {
    let mut g = lone(FRIGATE, SE);
    quiet_turn(&mut g, "0 hold");
    assert_eq!(g.turn, 2);
    assert_eq!(g.allowance(0), 4);
    assert!(!legal_order(&g, "5"));
}

/// Map edge (substitute in the rules notes): "a ship may not move any part of itself off the
/// map (the move is illegal, so the mask excludes it)".
#[test]
fn ships_may_not_leave_the_map() {
    let map = HexMap { cols: 8, rows: 8 };
    // Wind from the south: facing N is attitude B (allowance 2).
    let corner = ShipPos::new(broadside_env::hex::Hex::from_offset(0, 0), N);
    let sc = scenario_on(
        map.cols,
        map.rows,
        S,
        &[
            ship(0, SOL, corner),
            ship(
                1,
                SOL,
                ShipPos::new(broadside_env::hex::Hex::from_offset(6, 6), N),
            ),
        ],
    );
    let g = WsimGame::new(&sc, WsimOptions { resignation: false });
    assert_eq!(g.allowance(0), 2);
    let l = legal(&g);
    assert!(!l.contains(&FORWARD), "the bow would leave the top edge");
    assert!(
        !l.contains(&TURN_RIGHT),
        "the stern would swing off the left edge"
    );
    assert!(l.contains(&TURN_LEFT), "the stern swings onto the map");
    assert!(map.contains(corner.turned(-1).stern()));
    assert!(!map.contains(corner.turned(1).stern()));
}

/// "Fouled ships (see below) cannot move or turn." A fouled ship that stays fouled keeps its
/// place whatever it wrote.
#[test]
fn fouled_ships_do_not_move() {
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(0, 0, SE)),
            ship(1, FRIGATE, pos(0, 2, SE)),
            ship(1, SOL, pos(-14, 12, S)),
        ],
    );
    g.ships[0].fouled = 1 << 1;
    g.ships[1].fouled = 1 << 0;
    restart_orders(&mut g);
    assert!(matches!(
        g.phase,
        Phase::Orders {
            step: Step::Unfoul,
            ..
        }
    ));
    let (p0, p1) = (g.ships[0].pos, g.ships[1].pos);
    order(&mut g, "2 hold unfoul=remain");
    order(&mut g, "L hold unfoul=remain");
    order(&mut g, "0 hold");
    settle(&mut g, |g| g.chance_outcomes().iter().next().unwrap().0);
    assert_eq!(g.turn, 2);
    assert_eq!((g.ships[0].pos, g.ships[1].pos), (p0, p1));
    assert_eq!(g.ships[0].fouled, 1 << 1);
}

/// "Crew Hits [...] When all crew squares on a ship are lost, the ship cannot move or fire."
/// A ship without crew writes no orders and stays where it is.
#[test]
fn crewless_ships_do_not_move() {
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(0, 0, SE)),
            ship(0, FRIGATE, pos(4, 6, SE)),
            ship(1, SOL, pos(-14, 12, S)),
        ],
    );
    g.ships[0].crew = [0; 3];
    g.ships[0].flags |= broadside_env::wsim::state::flag::CREWLESS;
    restart_orders(&mut g);
    assert_eq!(acting(&g), 1, "the crewless ship writes no orders");
    let p0 = g.ships[0].pos;
    quiet_turn(&mut g, "1 hold");
    assert_eq!(g.ships[0].pos, p0);
}

/// "Movement points may not be accumulated from one turn to another nor may they be
/// transferred between ships." A ship that stays put gives nothing to its squadron mate.
#[test]
fn movement_points_are_not_transferred_between_ships() {
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(0, 0, SE)),
            ship(0, FRIGATE, pos(0, 4, SE)),
            ship(1, SOL, pos(-14, 12, S)),
        ],
    );
    order(&mut g, "0 hold");
    assert_eq!(acting(&g), 1);
    assert_eq!(g.allowance(1), 4);
    assert!(legal_order(&g, "4"));
    assert!(!legal_order(&g, "5"));
    assert!(!legal_order(&g, "1R3"));
}

/// Deviation ("A ship may always turn once per turn" is "read as a turn that a ship with no
/// movement allowance may still make; a ship that has spent its allowance gets no extra
/// turn"), from "In general, each hex moved or turned into costs one movement point."
#[test]
fn a_ship_that_spent_its_allowance_gets_no_extra_turn() {
    let g = game(
        N,
        &[
            ship(0, FRIGATE, pos(0, 0, SE)),
            ship(1, SOL, pos(-14, 12, S)),
        ],
    );
    assert_eq!(g.allowance(0), 4);
    assert!(legal_order(&g, "4"));
    assert!(legal_order(&g, "3R"));
    assert!(!legal_order(&g, "4R"), "a fifth factor for the turn");
    assert!(!legal_order(&g, "4L"));
    // A ship of the line in C (allowance 1) may move or turn, not both.
    let g = game(
        N,
        &[ship(0, SOL, pos(0, 0, NE)), ship(1, SOL, pos(-14, 12, S))],
    );
    assert_eq!(g.allowance(0), 1);
    assert!(legal_order(&g, "1"));
    assert!(legal_order(&g, "R"));
    assert!(!legal_order(&g, "1R"));
    assert!(!legal_order(&g, "R1"));
}
