//! WS&IM rules, one test per rule: fields of fire, fire eligibility and target choice,
//! firing after movement, simultaneous fire, and where hits fall. (The HDT itself:
//! `rules_hdt.rs`.)
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`), or of the
//! ruleset doc's "Deviations and interpretations" (`docs/rulesets/wsim.md`) where the engine
//! documents a reading of the seed, that it checks.
//! Unless said otherwise the firer is ship 0 facing N at the origin (its right field lies to
//! the east, its left to the west) and the wind is from the north.

use crate::common::*;
use broadside_env::hex::{Facing, ShipPos, Side};
use broadside_env::wsim::catalogue::{GUN_HIT_LEFT, GUN_HIT_RIGHT, PICK_0};
use broadside_env::wsim::state::{flag, Pending};
use broadside_env::wsim::WsimGame;

/// Ship 0 (`firer`) facing N at the origin and ship 1 (`target`, side 1) facing N `d` hexes
/// to the east, parallel: not a rake, each in the other's field.
fn abreast(firer: ShipDef, target_spec: u16, d: i16) -> WsimGame {
    game(N, &[firer, ship(1, target_spec, pos(d, 0, N))])
}

/// Ship 0 (`firer`) facing N at the origin with two enemy ships of the line two hexes off
/// its right broadside: ship 1 abreast facing N (not raked), ship 2 facing `second`.
fn two_targets_at_two_hexes(firer: ShipDef, second: Facing) -> WsimGame {
    game(
        N,
        &[
            firer,
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(2, -2, second)),
        ],
    )
}

/// "The ship being fired upon must be the closest in number of hexes to the firing ship of
/// all ships in the field of fire."
#[test]
fn target_is_the_closest_ship_in_the_field() {
    let g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(4, -1, N)),
            ship(1, SOL, pos(2, 0, N)),
        ],
    );
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 2, 2));
    assert_eq!(g.best_targets(0, Side::Right).map(|t| t.0), Some(1 << 2));
}

/// "If the closest ship happens to be friendly or surrendered, the field of fire is blocked
/// and the ship may not fire that broadside in that turn." and "The two broadsides are
/// independent; any blocking of one field has no effect, whatsoever, on the other field of
/// fire."
#[test]
fn closer_friend_blocks_that_broadside_only() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(0, SOL, pos(2, 0, N)),  // friend, east, closest
            ship(1, SOL, pos(4, 0, N)),  // enemy behind it
            ship(1, SOL, pos(-3, 1, N)), // enemy to the west
        ],
    );
    assert_eq!(g.eligible_targets(0, Side::Right), (0, 2));
    assert_eq!(g.best_targets(0, Side::Right), None);
    assert_eq!(g.eligible_targets(0, Side::Left), (1 << 3, 3));
    orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold", "0 hold"]);
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                side: 0,
                target: 3,
                ..
            }
        ),
        "{:?}",
        g.pending
    );
    die(&mut g, 1);
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.ships[0].initial,
        [false, true],
        "the right broadside never fired"
    );
}

/// "If the closest ship happens to be friendly or surrendered, the field of fire is blocked"
/// and "The game will no longer allow a struck ship to be fired at."
#[test]
fn closer_struck_ship_blocks_and_is_never_a_target() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(4, 0, N)),
        ],
    );
    g.ships[1].hull = 0;
    g.ships[1].flags |= flag::STRUCK;
    assert_eq!(g.eligible_targets(0, Side::Right), (0, 2));
    assert_eq!(g.best_targets(0, Side::Right), None);
    // Alone in the field, a struck ship is still no target.
    g.ships[2].pos = pos(-12, 10, N);
    assert_eq!(g.eligible_targets(0, Side::Right).0, 0);
}

/// "If an enemy ship is the same distance away as a friendly or surrendered one, the enemy
/// ship may be fired upon."
#[test]
fn enemy_as_close_as_a_friend_may_be_fired_on() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(0, SOL, pos(2, 0, N)),  // friend at 2
            ship(1, SOL, pos(2, -2, N)), // enemy at 2
            ship(1, SOL, pos(4, -6, N)), // struck enemy, moved next
        ],
    );
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 2, 2));
    // The same with a struck ship at the same distance instead of the friend.
    g.ships[1].pos = pos(-12, 10, N);
    g.ships[3].pos = pos(2, 0, N);
    g.ships[3].hull = 0;
    g.ships[3].flags |= flag::STRUCK;
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 2, 2));
}

/// "If there is more than one ship which qualifies as the closest, the game chooses the one
/// with the highest HDT."
#[test]
fn tie_on_range_goes_to_the_highest_hdt() {
    // Ship 1 lies abreast (not raked); ship 2 points its bow at the firer (raked).
    let mut g = two_targets_at_two_hexes(ship(0, SOL, pos(0, 0, N)), SW);
    let f = g.ships[0].pos;
    assert!(!f.rakes(Side::Right, g.ships[1].pos));
    assert!(f.rakes(Side::Right, g.ships[2].pos));
    assert_eq!(g.eligible_targets(0, Side::Right), (0b110, 2));
    let hdt1 = g.hdt(0, Side::Right, 1, 2).unwrap().hdt;
    let hdt2 = g.hdt(0, Side::Right, 2, 2).unwrap().hdt;
    assert!(hdt2 > hdt1);
    orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 2,
                ..
            }
        ),
        "no chance node, the raked ship is chosen: {:?}",
        g.pending
    );
}

/// "If multiple ships are the same distance and have equal HDTs, the game chooses one
/// randomly." (a chance node with uniform outcomes)
#[test]
fn tie_on_range_and_hdt_is_a_uniform_chance_node() {
    let mut g = two_targets_at_two_hexes(ship(0, SOL, pos(0, 0, N)), N);
    assert_eq!(g.best_targets(0, Side::Right).map(|t| t.0), Some(0b110));
    orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
    assert!(matches!(
        g.pending,
        Pending::Target {
            ship: 0,
            side: 1,
            ..
        }
    ));
    assert_uniform(&g, &[PICK_0 + 1, PICK_0 + 2]);
    chance(&mut g, PICK_0 + 2, 0.5);
    assert!(matches!(g.pending, Pending::FireDie { target: 2, .. }));
}

/// "The maximum range of a broadside is ten hexes."
#[test]
fn maximum_range_is_ten_hexes() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)), SOL, 10);
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 1, 10));
    assert!(g.best_targets(0, Side::Right).is_some());
    g.ships[1].pos = pos(11, 0, N);
    assert!(g.ships[0].pos.field_holds_ship(Side::Right, g.ships[1].pos));
    assert_eq!(g.eligible_targets(0, Side::Right).0, 0);
}

/// "Count the number of hexes to the target by the shortest possible route. It may be to
/// either the bow or stern hex, whichever is closest. This is the range."
#[test]
fn range_is_to_the_closer_of_bow_and_stern() {
    // The target's bow is 3 hexes away, its stern 2.
    let g = game(
        N,
        &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(3, -1, NE))],
    );
    let t = g.ships[1].pos;
    assert_eq!(t.stern(), at(2, 0));
    assert_eq!(at(0, 0).distance(t.bow), 3);
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 1, 2));
}

/// "A ship may fire both broadsides during the same combat phase, if both sides are loaded."
#[test]
fn both_broadsides_fire_in_one_turn() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-2, 1, N)),
        ],
    );
    orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            side: 0,
            target: 2,
            ..
        }
    ));
    die(&mut g, 1);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            side: 1,
            target: 1,
            ..
        }
    ));
    die(&mut g, 1);
    assert_eq!(g.ships[0].initial, [false, false]);
}

/// "Firing is simultaneous, so any damage received will not count against a ship until the
/// following turn." A ship that strikes this turn still fires this turn.
#[test]
fn fire_is_simultaneous() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(5), SOL, 1);
    g.ships[1].guns = [5, 5];
    g.ships[1].carronades = [0, 0];
    g.ships[1].quality = g.ships[0].quality;
    g.ships[1].hull = 1;
    let f_hull = g.ships[0].hull;
    restart_orders(&mut g);
    orders(&mut g, &["0 hull fire>=0", "0 hull fire>=0"]);
    // Table 3 (4-6 guns at 1 hex: 2, initial +1); die 2: "2H".
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            table: 3,
            ..
        }
    ));
    die(&mut g, 2);
    assert_eq!(
        g.ships[1].hull, 1,
        "hits wait for the end of the combat phase"
    );
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 1,
                target: 0,
                ..
            }
        ),
        "the doomed ship still fires: {:?}",
        g.pending
    );
    die(&mut g, 1); // "H-G"
    assert!(g.ships[1].struck());
    assert_eq!(g.ships[0].hull, f_hull - 1);
}

/// "Crew hits are taken out of the first section until all of its crew squares are gone,
/// then from the second section, and finally from the third section." and "All rigging hits
/// are taken out of the first section until it is destroyed, then out of the second section,
/// etc."
#[test]
fn crew_and_rigging_hits_fill_sections_in_order() {
    // 20 gun squares at 1 hex: 5, initial +2 = table 7.
    let base = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(20), FRIGATE, 1);
    let mut g = base.clone();
    g.ships[1].crew = [1, 4, 2];
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { table: 7, .. }));
    die(&mut g, 2); // "3H-2C-R"
    finish(&mut g);
    assert_eq!(g.ships[1].crew, [0, 3, 2]);
    assert_eq!(g.ships[1].rigging, [4, 5, 5, 5]);
    assert_eq!(g.ships[1].hull, 14 - 3);

    let mut g = base;
    g.ships[1].rigging = [3, 5, 5, 5];
    orders(&mut g, &["0 rigging fire>=0", "0 hold"]);
    die(&mut g, 3); // "5R-2H"
    finish(&mut g);
    assert_eq!(g.ships[1].rigging, [0, 3, 5, 5]);
    assert_eq!(g.ships[1].hull, 14 - 2);
}

/// "Gun hits are marked off the side closest to the firing ship, although if gun squares on
/// the closer side are all marked off, gun squares on the opposite side are marked off. If a
/// ship has both carronades and guns on the hit side, carronades are hit first."
#[test]
fn gun_hits_fall_on_the_closer_side_carronades_first() {
    // 4-6 guns at 1 hex: 2, initial +1 = table 3; die 6: "2H-2G". The target's left side
    // faces the firer.
    let base = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(5), SOL, 1);
    let mut g = base.clone();
    g.ships[1].guns = [2, 2];
    g.ships[1].carronades = [1, 1];
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { table: 3, .. }));
    die(&mut g, 6);
    finish(&mut g);
    assert_eq!(g.ships[1].carronades, [0, 1], "the carronade first");
    assert_eq!(g.ships[1].guns, [1, 2], "then a gun, same side");

    let mut g = base;
    g.ships[1].guns = [1, 2];
    g.ships[1].carronades = [0, 0];
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    die(&mut g, 6);
    finish(&mut g);
    assert_eq!(
        g.ships[1].guns,
        [0, 1],
        "the closer side is gone, then the other"
    );
}

/// "When raked, both sides of the target ship are equidistant to the firing ship, so the game
/// randomly picks which guns are lost."
#[test]
fn gun_hits_on_a_raked_ship_fall_on_a_random_side() {
    // 1-3 guns at 2 hexes: 1, initial +1, rake +1 = table 3; die 6: "2H-2G".
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(1, -3, NE)).gunnery(2),
            ship(1, SOL, pos(0, 0, N)).gunnery(4),
        ],
    );
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            table: 3,
            raked: true,
            ..
        }
    ));
    die(&mut g, 6);
    assert!(matches!(g.pending, Pending::GunSide { left: 2, .. }));
    assert_uniform(&g, &[GUN_HIT_LEFT, GUN_HIT_RIGHT]);
    chance(&mut g, GUN_HIT_LEFT, 0.5);
    assert!(matches!(g.pending, Pending::GunSide { left: 1, .. }));
    chance(&mut g, GUN_HIT_RIGHT, 0.5);
    finish(&mut g);
    assert_eq!(g.ships[1].guns, [3, 3]);
}

/// The field of fire ("play"), rules notes: each broadside's field lies on its side between
/// the lines 60 degrees off the bow and off the stern; dead ahead and dead astern are in
/// neither field.
#[test]
fn nothing_dead_ahead_or_astern_is_in_a_field() {
    let f = pos(0, 0, N);
    for (dq, dr) in [(0, -3), (0, 4)] {
        let t = ShipPos::new(at(dq, dr), N);
        assert!(!f.field_holds_ship(Side::Left, t) && !f.field_holds_ship(Side::Right, t));
    }
    let g = game(
        N,
        &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(0, -4, N))],
    );
    assert_eq!(g.best_targets(0, Side::Left), None);
    assert_eq!(g.best_targets(0, Side::Right), None);
}

/// The field of fire, rules notes: "the region on its side between two hex lines [...]: one
/// from the bow hex in the hex direction 60 degrees off the bow, on that side, and one from the
/// stern hex in the hex direction 60 degrees off the stern, on that side; the hexes on both
/// lines are inside the field." Checked for every facing.
#[test]
fn field_of_fire_lies_between_the_lines_off_bow_and_stern() {
    for f in 0..6u8 {
        let p = ShipPos::new(at(0, 0), broadside_env::hex::Facing(f));
        let (bow, stern) = (p.bow, p.stern());
        for (side, turn) in [(Side::Right, 1), (Side::Left, -1)] {
            let fwd = p.facing.rotate(turn).step();
            let aft = p.facing.rotate(2 * turn).step();
            let mut on_fwd = bow;
            let mut on_aft = stern;
            for k in 1..=10 {
                on_fwd = on_fwd.add(fwd);
                on_aft = on_aft.add(aft);
                assert!(
                    p.field_contains(side, on_fwd),
                    "facing {f} {side:?} fwd {k}"
                );
                assert!(
                    p.field_contains(side, on_aft),
                    "facing {f} {side:?} aft {k}"
                );
                // One hex beyond each line is outside.
                assert!(!p.field_contains(side, on_fwd.neighbor(p.facing)));
                assert!(!p.field_contains(side, on_aft.neighbor(p.facing.opposite())));
                // Dead ahead and dead astern are in neither field.
                let mut ahead = bow;
                let mut astern = stern;
                for _ in 0..k {
                    ahead = ahead.neighbor(p.facing);
                    astern = astern.neighbor(p.facing.opposite());
                }
                assert!(!p.field_contains(side, ahead) && !p.field_contains(side, astern));
            }
        }
    }
}

/// "When all players have completed their orders, the computer simultaneously moves them,
/// then resolves firing and damage." A ship fires from where its move left it.
#[test]
fn fire_comes_after_movement() {
    // Wind from the south. The enemy lies dead ahead (in no field); a left turn (pivoting on
    // the bow) brings it into the right field.
    let mut g = game(
        S,
        &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(0, -5, N))],
    );
    assert_eq!(g.best_targets(0, Side::Left), None);
    assert_eq!(g.best_targets(0, Side::Right), None);
    let turned = g.ships[0].pos.turned(-1);
    assert!(turned.field_holds_ship(Side::Right, g.ships[1].pos));
    orders(&mut g, &["L hull fire>=0", "0 hold"]);
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                side: 1,
                target: 1,
                ..
            }
        ),
        "the broadside fires from the new heading: {:?}",
        g.pending
    );
    assert_eq!(g.ships[0].pos, turned);
}

/// "The ship being fired upon must be the closest in number of hexes to the firing ship of
/// all ships in the field of fire." A closer ship outside the field neither blocks nor is
/// fired on.
#[test]
fn a_closer_ship_outside_the_field_does_not_block() {
    let g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(0, SOL, pos(0, -2, N)), // friend dead ahead, one hex off
            ship(1, SOL, pos(3, 0, N)),  // enemy three hexes off the right beam
        ],
    );
    let (me, friend) = (g.ships[0].pos, g.ships[1].pos);
    assert_eq!(me.range_to(friend), 1);
    assert!(!me.field_holds_ship(Side::Left, friend) && !me.field_holds_ship(Side::Right, friend));
    assert_eq!(g.eligible_targets(0, Side::Right), (1 << 2, 3));
    assert_eq!(g.best_targets(0, Side::Right).map(|t| t.0), Some(1 << 2));
}

/// Deviations, target choice: "the broadside compares the targets' HDTs before the cap at
/// table 8, so of two targets that would both be fired on with table 8, the one with the
/// higher HDT (a raked one, say) is always chosen."
#[test]
fn target_choice_compares_hdts_before_the_cap() {
    // Elite, 20 gun squares at 2 hexes: 4, elite +3, initial +2 = 9; the raked one +5 = 14.
    let mut g = two_targets_at_two_hexes(
        ship(0, SOL, pos(0, 0, N)).with("crew_quality = \"elite\""),
        SW,
    );
    assert_eq!(g.eligible_targets(0, Side::Right), (0b110, 2));
    assert_eq!(g.hdt(0, Side::Right, 1, 2).unwrap().hdt, 9);
    assert_eq!(g.hdt(0, Side::Right, 2, 2).unwrap().hdt, 14);
    orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 2,
                table: 8,
                ..
            }
        ),
        "no chance node: {:?}",
        g.pending
    );
}

/// "If multiple ships are the same distance and have equal HDTs, the game chooses one
/// randomly. Unless circumstances change, it will always pick the same target due to
/// technical reasons." Deviations: "Ties are drawn afresh each turn (a uniform chance node)".
#[test]
fn target_ties_are_drawn_afresh_each_turn() {
    let mut g = two_targets_at_two_hexes(ship(0, SOL, pos(0, 0, N)), N);
    for turn in 1..=2 {
        orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
        assert!(
            matches!(
                g.pending,
                Pending::Target {
                    ship: 0,
                    side: 1,
                    ..
                }
            ),
            "turn {turn}: {:?}",
            g.pending
        );
        assert_uniform(&g, &[PICK_0 + 1, PICK_0 + 2]);
        chance(&mut g, PICK_0 + 2, 0.5);
        die(&mut g, 1);
        finish(&mut g);
        assert_eq!(g.turn, turn + 1);
    }
}

/// "Firing is simultaneous, so any damage received will not count against a ship until the
/// following turn." Gun and crew hits taken this turn do not lower the target's own fire
/// this turn; they do from the next turn.
#[test]
fn gun_and_crew_hits_count_from_the_next_turn() {
    // 20 gun squares at 1 hex: 5, initial +2 = table 7; die 4: hull "3H-3G-C".
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)).gunnery(20),
            ship(1, SOL, pos(1, 0, N)).gunnery(20),
        ],
    );
    // Ship 1's left broadside faces ship 0: 13 squares; its first crew section has 1 left.
    g.ships[1].guns = [13, 20];
    g.ships[1].crew = [1, 10, 8];
    assert_eq!(g.hdt(1, Side::Left, 0, 1).unwrap().hdt, 7);
    orders(&mut g, &["0 hull fire>=0", "0 hull fire>=0"]);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            table: 7,
            ..
        }
    ));
    die(&mut g, 4);
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 1,
                side: 0,
                target: 0,
                table: 7,
                ..
            }
        ),
        "ship 1 fires with its guns and crew of the start of the turn: {:?}",
        g.pending
    );
    die(&mut g, 1);
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[1].guns, [10, 20]);
    assert_eq!(g.ships[1].crew, [0, 10, 8]);
    // Next turn: 10-12 guns at 1 hex: 4, no initial, one crew section lost: -1.
    assert_eq!(g.hdt(1, Side::Left, 0, 1).unwrap().hdt, 3);
}
