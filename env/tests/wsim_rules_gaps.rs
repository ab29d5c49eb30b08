//! WS&IM rules, one test per rule: the rules the other `wsim_rules_*.rs` files left untested
//! (or tested only in a way that could not fail), found by an audit of the seed.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`), or of the
//! ruleset doc's "Deviations and interpretations" (`docs/rulesets/wsim.md`) where the engine
//! documents a reading of the seed, that it checks.
//! Unless said otherwise ship 0 faces N at the origin (its right field lies to the east, its
//! left to the west) and the wind is from the north.

mod common;

use broadside_env::game::{Game, Turn};
use broadside_env::hex::{ShipPos, Side};
use broadside_env::wsim::catalogue::{AIM_HULL, AIM_RIGGING, FOUL, NO_FOUL, PICK_0, UNFOUL_FAIL};
use broadside_env::wsim::state::{flag, Pending};
use broadside_env::wsim::{EndReason, Ending, WsimGame};
use common::*;

/// Finishes the turn taking the first outcome of every chance node.
fn finish(g: &mut WsimGame) {
    settle(g, |g| g.chance_outcomes().iter().next().unwrap().0);
}

/// Finishes the turn with no fouling and first outcomes elsewhere; fails on any collision
/// or fouling chance node when `no_collision` is set.
fn finish_checking(g: &mut WsimGame, no_collision: bool) {
    settle(g, |g| {
        if no_collision {
            assert!(
                !matches!(
                    g.pending,
                    Pending::CollisionWinner { .. } | Pending::Foul { .. }
                ),
                "unexpected collision: {:?}",
                g.pending
            );
        }
        match g.pending {
            Pending::Foul { .. } => NO_FOUL,
            _ => g.chance_outcomes().iter().next().unwrap().0,
        }
    });
}

// ---------------------------------------------------------------------------------------
// Orders and the sequence of a turn
// ---------------------------------------------------------------------------------------

/// "Different broadside targets: Rigging or hull can only be picked per ship, not per
/// broadside." (and "the move input window only has one area where this can be specified, so
/// you cannot, for example, specify hull for one broadside and rigging for the other.")
#[test]
fn aim_is_one_order_for_both_broadsides() {
    // Enemies two hexes off either beam; 20 gun squares at 2 hexes: 4, initial +2 = table 6.
    // Table 6, die 3: hull "4H-2G", rigging "5R-C".
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)).gunnery(20),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-2, 1, N)),
        ],
    );
    let o = broadside_env::wsim::notation::parse_order("0 rigging fire>=0").unwrap();
    let actions = g.order_actions(&o).unwrap();
    let aims = actions
        .iter()
        .filter(|&&a| a == AIM_HULL || a == AIM_RIGGING)
        .count();
    assert_eq!(aims, 1, "one aim decision for the ship: {actions:?}");
    let before = [g.ships[1], g.ships[2]];
    orders(&mut g, &["0 rigging fire>=0", "0 hold", "0 hold"]);
    for (side, target) in [(0, 2), (1, 1)] {
        assert!(
            matches!(g.pending, Pending::FireDie { ship: 0, side: s, target: t, table: 6, .. } if s == side && t == target),
            "{:?}",
            g.pending
        );
        die(&mut g, 3);
    }
    finish(&mut g);
    for (k, b) in before.iter().enumerate() {
        let s = g.ships[k + 1];
        assert_eq!(
            s.hull,
            b.hull,
            "ship {}: both broadsides aimed at rigging",
            k + 1
        );
        assert_eq!(s.rigging_left() + 5, b.rigging_left(), "ship {}", k + 1);
        assert_eq!(s.crew_left() + 1, b.crew_left(), "ship {}", k + 1);
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

// ---------------------------------------------------------------------------------------
// Simultaneous movement and collisions
// ---------------------------------------------------------------------------------------

/// "When all players have completed their orders, the computer simultaneously moves them":
/// a ship sailing in the wake of another enters the hex the other leaves at the same moment,
/// and does not collide with it.
#[test]
fn ships_move_simultaneously_so_a_follower_does_not_collide() {
    // Ship 0 (listed first) follows ship 1 in line ahead, both on SE (attitude A).
    let mut g = game(
        N,
        &[ship(0, SOL, pos(-2, 0, SE)), ship(1, SOL, pos(0, 0, SE))],
    );
    assert_eq!(g.ships[0].pos.bow.neighbor(SE), g.ships[1].pos.stern());
    orders(&mut g, &["2 hold", "2 hold"]);
    finish_checking(&mut g, true);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[0].pos, pos(0, 0, SE));
    assert_eq!(g.ships[1].pos, pos(2, 0, SE));
    assert_eq!((g.ships[0].fouled, g.ships[1].fouled), (0, 0));
}

/// "If two or more ships (enemy or friendly) are found to be in the same hex at the same time
/// during movement, a collision takes place": paths that cross at different times do not
/// collide.
#[test]
fn crossing_paths_at_different_times_do_not_collide() {
    // Both frigates in attitude A. Ship 0 sails SE through (1,0): its bow enters at step 0,
    // its stern leaves after step 1. Ship 1 sails SW and its bow enters (1,0) at step 2.
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(0, 0, SE)),
            ship(1, FRIGATE, pos(4, -3, SW)),
        ],
    );
    assert_eq!(g.ships[1].pos.forward().forward().forward().bow, at(1, 0));
    orders(&mut g, &["4 hold", "3 hold"]);
    finish_checking(&mut g, true);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.ships[0].pos,
        pos(4, 0, SE),
        "ship 0 sailed its four hexes"
    );
    assert_eq!(
        g.ships[1].pos,
        pos(1, 0, SW),
        "ship 1 sailed its three hexes"
    );
}

/// "Only one ship can actually remain in the collision hex. If the bow or stern of one ship
/// was already in the hex when one or more other ships attempt to enter that hex, the ship
/// occupying the hex remains. The other ship moves back to the hex it occupied just prior to
/// the collision." With two ships entering at once, both move back; each collided pair rolls
/// for fouling ("A collision hex with three ships gives one fouling roll per (winner, loser)
/// pair", Deviations).
#[test]
fn ship_in_the_hex_stays_when_two_others_enter_it() {
    // Wind from the south. Ship 0 lies still with its bow in (0,0); ships 1 (from the SW,
    // heading NE) and 2 (from the SE, heading NW) both sail into (0,0) at the same step.
    let mut g = game(
        S,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(-1, 1, NE)),
            ship(1, SOL, pos(1, 0, NW)),
        ],
    );
    let start: Vec<ShipPos> = g.ships().iter().map(|s| s.pos).collect();
    assert_eq!(start[1].forward().bow, at(0, 0));
    assert_eq!(start[2].forward().bow, at(0, 0));
    orders(&mut g, &["0 hold", "2 hold", "2 hold"]);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 0,
            losers: 0b110
        },
        "no random winner: the ship in the hex keeps it"
    );
    assert_eq!(g.ships[1].pos, start[1]);
    assert_eq!(g.ships[2].pos, start[2]);
    chance(&mut g, FOUL, 0.5);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 0,
            losers: 0b100
        },
        "a second roll for the second pair"
    );
    chance(&mut g, NO_FOUL, 0.5);
    finish_checking(&mut g, true);
    assert_eq!(g.turn, 2);
    let end: Vec<ShipPos> = g.ships().iter().map(|s| s.pos).collect();
    assert_eq!(end, start, "all movement ended for the ships involved");
    assert_eq!(g.ships[0].fouled, 0b010);
    assert_eq!(g.ships[1].fouled, 0b001);
    assert_eq!(g.ships[2].fouled, 0);
}

/// "In all other cases that might occur, a random winner of the collision is chosen and the
/// other ship has to move back." With three bows entering one hex the winner is uniform over
/// the three, and "A collision hex with three ships gives one fouling roll per (winner, loser)
/// pair" (Deviations).
#[test]
fn three_bows_entering_one_hex_random_winner_among_three() {
    // Wind from the south: N is attitude B, NE and NW are A.
    let mut g = game(
        S,
        &[
            ship(0, SOL, pos(0, 1, N)),
            ship(1, SOL, pos(-1, 1, NE)),
            ship(0, SOL, pos(1, 0, NW)),
        ],
    );
    let start: Vec<ShipPos> = g.ships().iter().map(|s| s.pos).collect();
    for p in &start {
        assert_eq!(p.forward().bow, at(0, 0));
    }
    orders(&mut g, &["1 hold", "1 hold", "1 hold"]);
    assert!(
        matches!(g.pending, Pending::CollisionWinner { candidates: 0b111 }),
        "{:?}",
        g.pending
    );
    assert_uniform(&g, &[PICK_0, PICK_0 + 1, PICK_0 + 2]);
    chance(&mut g, PICK_0 + 1, 1.0 / 3.0);
    assert_eq!(
        g.ships[1].pos,
        start[1].forward(),
        "the winner takes the hex"
    );
    assert_eq!(g.ships[0].pos, start[0]);
    assert_eq!(g.ships[2].pos, start[2]);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 0b101
        }
    );
    chance(&mut g, NO_FOUL, 0.5);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 0b100
        }
    );
    chance(&mut g, FOUL, 0.5);
    finish_checking(&mut g, true);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[1].fouled, 0b100);
    assert_eq!(g.ships[2].fouled, 0b010);
    assert_eq!(g.ships[0].fouled, 0);
}

/// "Only one ship can actually remain in the collision hex." and Deviations: "a ship moved
/// back can cause a further collision, which the ship already in the hex wins."
#[test]
fn a_ship_moved_back_wins_the_collision_it_causes() {
    // Wind from the south. Ship 0 (N) and ship 1 (NE) both sail into (0,0): a random winner.
    // Ship 2 (NW) sails into (0,2), the hex ship 0's stern leaves at the same step.
    let mut g = game(
        S,
        &[
            ship(0, SOL, pos(0, 1, N)),
            ship(1, SOL, pos(-1, 1, NE)),
            ship(1, SOL, pos(1, 2, NW)),
        ],
    );
    let start: Vec<ShipPos> = g.ships().iter().map(|s| s.pos).collect();
    assert_eq!(start[0].stern(), at(0, 2));
    assert_eq!(start[2].forward().bow, at(0, 2));
    orders(&mut g, &["1 hold", "1 hold", "1 hold"]);
    assert!(
        matches!(g.pending, Pending::CollisionWinner { candidates: 0b011 }),
        "{:?}",
        g.pending
    );
    chance(&mut g, PICK_0 + 1, 0.5);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 0b001
        }
    );
    chance(&mut g, NO_FOUL, 0.5);
    // Ship 0 is back in (0,1)-(0,2), where ship 2's bow now is: ship 0 was there first.
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 0,
            losers: 0b100
        },
        "{:?}",
        g.pending
    );
    chance(&mut g, NO_FOUL, 0.5);
    finish_checking(&mut g, true);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[0].pos, start[0]);
    assert_eq!(g.ships[1].pos, start[1].forward());
    assert_eq!(g.ships[2].pos, start[2], "moved back in its turn");
    g.check_invariants().unwrap();
}

/// Deviations: "Unfouling: one roll per fouled pair, made when either ship's option asks to
/// unfoul from the other [...] Ships that cannot fight write no orders and never ask."
#[test]
fn unfouling_rolls_when_either_ship_of_the_pair_asks() {
    let rolls = |opt0: &str, opt1: &str, struck1: bool| -> bool {
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
        if struck1 {
            g.ships[1].hull = 0;
            g.ships[1].flags |= flag::STRUCK;
        }
        restart_orders(&mut g);
        order(&mut g, &format!("0 hold unfoul={opt0}"));
        if !struck1 {
            order(&mut g, &format!("0 hold unfoul={opt1}"));
        }
        order(&mut g, "0 hold");
        let asked = g.pending == Pending::Unfoul { a: 0, b: 1 };
        if asked {
            chance(&mut g, UNFOUL_FAIL, 2.0 / 3.0);
        }
        assert!(!matches!(g.pending, Pending::Unfoul { .. }));
        asked
    };
    // The pair is enemy to enemy.
    assert!(rolls("remain", "all", false), "ship 1 asks");
    assert!(rolls("all", "remain", false), "ship 0 asks");
    assert!(rolls("friend", "enemy", false), "ship 1 asks for its enemy");
    assert!(rolls("enemy", "friend", false), "ship 0 asks for its enemy");
    assert!(
        !rolls("friend", "friend", false),
        "neither asks for an enemy"
    );
    assert!(!rolls("remain", "remain", false));
    // A struck ship writes no orders; the live ship's option alone decides.
    assert!(rolls("all", "", true));
    assert!(!rolls("remain", "", true));
}

// ---------------------------------------------------------------------------------------
// Fire eligibility, the HDT and simultaneous damage
// ---------------------------------------------------------------------------------------

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

/// "Count the number of guns squares on the broadside firing. [...] do not include carronade
/// squares unless the range is two hexes or less." Only the firing side's guns and
/// carronades count.
#[test]
fn gun_squares_are_counted_on_the_firing_side_only() {
    let firer = ship(0, SOL, pos(0, 0, N))
        .with("crew_quality = \"average\"")
        .with("guns = [4, 10]")
        .with("carronades = [3, 0]");
    for (d, left, right) in [(2, 7, 10), (3, 4, 10)] {
        let g = game(
            N,
            &[
                firer.clone(),
                ship(1, SOL, pos(d, 0, N)),
                ship(1, SOL, pos(-d, 1, N)),
            ],
        );
        assert_eq!(g.eligible_targets(0, Side::Left), (1 << 2, d as i32));
        assert_eq!(g.eligible_targets(0, Side::Right), (1 << 1, d as i32));
        let l = g.hdt(0, Side::Left, 2, d as i32).unwrap();
        let r = g.hdt(0, Side::Right, 1, d as i32).unwrap();
        assert_eq!((l.guns, r.guns), (left, right), "range {d}");
    }
    // At 2 hexes: left 7-9 guns: 2, initial +2 = 4; right 10-12 guns: 3, initial +2 = 5.
    let g = game(
        N,
        &[
            firer,
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-2, 1, N)),
        ],
    );
    assert_eq!(g.hdt(0, Side::Left, 2, 2).unwrap().hdt, 4);
    assert_eq!(g.hdt(0, Side::Right, 1, 2).unwrap().hdt, 5);
}

/// "Continue to the right on that line and apply the HDT modifiers (see below). [...] All
/// modifiers are cumulative."
#[test]
fn hdt_modifiers_are_cumulative() {
    // The firer lies off the target's bow (a rake) two hexes away, 10 gun squares.
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(1, -3, NE)).gunnery(10),
            ship(1, SOL, pos(0, 0, N)),
        ],
    );
    let hdt = |g: &WsimGame| g.hdt(0, Side::Right, 1, 2).unwrap();
    assert!(hdt(&g).raked);
    // 10-12 guns at 2 hexes: 3; initial +2; rake +4.
    assert_eq!(hdt(&g).hdt, 3 + 2 + 4);
    g.ships[0].quality = 3; // crack: +2
    assert_eq!(hdt(&g).hdt, 3 + 2 + 4 + 2);
    g.ships[0].crew = [0, 10, 8]; // one crew section lost: -1
    assert_eq!(hdt(&g).hdt, 3 + 2 + 4 + 2 - 1);
    g.ships[0].quality = 0; // poor: -2
    g.ships[0].crew = [0, 0, 8]; // two sections lost: -2
    assert_eq!(hdt(&g).hdt, 3 + 2 + 4 - 2 - 2);
    g.ships[0].initial = [false, false];
    assert_eq!(hdt(&g).hdt, 3 + 4 - 2 - 2);
}

/// "Rake. Raking will increase the hit table, depending on the number of gun squares
/// firing." and "An initial broadside increases the hit table as shown on the HDT, depending
/// on the number of gun squares in the broadside." Rake +1/+2/+3/+4/+5 and initial
/// +1/+1/+2/+2/+2 for 1-3/4-6/7-9/10-12/13+ gun squares.
#[test]
fn rake_and_initial_bonuses_depend_on_gun_squares() {
    // Base at 2 hexes: 1, 2, 2, 3, 4.
    let cases = [
        (2u8, 1, 1, 1),
        (5, 2, 2, 1),
        (8, 2, 3, 2),
        (11, 3, 4, 2),
        (13, 4, 5, 2),
        (20, 4, 5, 2),
    ];
    for (guns, base, rake, initial) in cases {
        let mut g = game(
            N,
            &[
                ship(0, SOL, pos(1, -3, NE)).gunnery(guns),
                ship(1, SOL, pos(0, 0, N)),
                ship(1, SOL, pos(2, -2, N)),
            ],
        );
        let raked = g.hdt(0, Side::Right, 1, 2).unwrap();
        assert!(raked.raked);
        assert_eq!(
            raked.hdt,
            base + rake + initial,
            "{guns} guns, raked, initial"
        );
        g.ships[0].initial = [false, false];
        assert_eq!(
            g.hdt(0, Side::Right, 1, 2).unwrap().hdt,
            base + rake,
            "{guns} guns, raked"
        );
        // The same broadside at a ship that is not raked (it can fire back).
        let (f, t) = (g.ships[0].pos, g.ships[2].pos);
        assert_eq!(f.range_to(t), 2);
        assert!(f.field_holds_ship(Side::Right, t) && !f.rakes(Side::Right, t));
        assert_eq!(
            g.hdt(0, Side::Right, 2, 2).unwrap().hdt,
            base,
            "{guns} guns"
        );
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

/// Deviations, target choice: "the broadside compares the targets' HDTs before the cap at
/// table 8, so of two targets that would both be fired on with table 8, the one with the
/// higher HDT (a raked one, say) is always chosen."
#[test]
fn target_choice_compares_hdts_before_the_cap() {
    // Elite, 20 gun squares at 2 hexes: 4, elite +3, initial +2 = 9; the raked one +5 = 14.
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)).with("crew_quality = \"elite\""),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(2, -2, SW)),
        ],
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
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(2, -2, N)),
        ],
    );
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

// ---------------------------------------------------------------------------------------
// Damage, surrender and points
// ---------------------------------------------------------------------------------------

/// "The ship is considered to be in such danger of sinking that it cannot be sailed or the
/// guns worked for the remainder of the game." A struck ship writes no orders, does not
/// move, fire or load.
#[test]
fn a_struck_ship_neither_sails_nor_fires_nor_loads() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(0, SOL, pos(-12, 10, N)),
            ship(1, SOL, pos(1, 0, N)), // struck, alongside ship 0
            ship(1, SOL, pos(12, -10, N)),
        ],
    );
    g.ships[2].hull = 0;
    g.ships[2].flags |= flag::STRUCK;
    g.ships[2].loaded = [true, false];
    restart_orders(&mut g);
    let at_start = g.ships[2];
    while at_orders(&g) && g.turn == 1 {
        assert_ne!(acting(&g), 2, "the struck ship writes orders");
        order(&mut g, "0 hold");
    }
    assert_eq!(
        g.turn(),
        Turn::Player(0),
        "no shot, no reload chance: {:?}",
        g.pending
    );
    assert_eq!(g.turn, 2);
    let s = g.ships[2];
    assert_eq!(s.pos, at_start.pos);
    assert_eq!(s.loaded, [true, false], "not reloaded");
    assert_eq!(s.initial, [true, true], "never fired");
    assert_eq!(
        g.no_fire_turns, 1,
        "its loaded broadside did not fire at ship 0"
    );
}

/// Deviations: "Crewless ships do not load (they "cannot move or fire")."
#[test]
fn a_crewless_ship_does_not_load() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(-12, 10, N)),
            ship(1, SOL, pos(12, -10, N)),
            ship(1, SOL, pos(8, -10, N)),
        ],
    );
    g.ships[1].crew = [0; 3];
    g.ships[1].flags |= flag::CREWLESS;
    g.ships[1].loaded = [false, false];
    restart_orders(&mut g);
    quiet_turn(&mut g, "0 hold");
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[1].loaded, [false, false]);
    // A ship with crew loads one side.
    assert_eq!(g.ships[2].loaded, [true, true]);
}

/// Deviations: "Load orders: naming a side that is already loaded loads the other, empty one
/// (a ship loads one broadside per turn; the seed's purpose for the choice is to have a side
/// ready)."
#[test]
fn naming_the_loaded_side_loads_the_empty_one() {
    for load in ["left", "right", "any"] {
        let mut g = game(N, &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(2, 0, N))]);
        orders(&mut g, &[&format!("0 hull fire>=0 load={load}"), "0 hold"]);
        assert!(matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                side: 1,
                ..
            }
        ));
        die(&mut g, 1);
        assert!(
            !matches!(g.pending, Pending::ReloadSide { .. }),
            "one side is empty: nothing to choose"
        );
        finish(&mut g);
        assert_eq!(g.turn, 2);
        assert_eq!(g.ships[0].loaded, [true, true], "load={load}");
    }
}

/// Ship 0 (SOL, 20 guns) fires its right broadside at ship 1 (SOL) abreast one hex away,
/// with die 1 (table 7 hull: "2H-3G-C"); `extra` ships are added and `prep` edits the state.
fn adjacent_shot(extra: &[ShipDef], prep: impl Fn(&mut WsimGame)) -> WsimGame {
    let mut ships = vec![
        ship(0, SOL, pos(0, 0, N)).gunnery(20),
        ship(1, SOL, pos(1, 0, N)),
    ];
    ships.extend_from_slice(extra);
    let mut g = game(N, &ships);
    prep(&mut g);
    restart_orders(&mut g);
    // Ships that cannot fight write no orders.
    order(&mut g, "0 hull fire>=0");
    while at_orders(&g) {
        order(&mut g, "0 hold");
    }
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 1,
                table: 7,
                ..
            }
        ),
        "{:?}",
        g.pending
    );
    die(&mut g, 1);
    finish(&mut g);
    g
}

/// "When all gun squares are marked off, the ship will surrender if an enemy ship manages to
/// fire a broadside on it from an adjacent hex and there are no friendly ship of the same or
/// larger class as the firing ship within ten hexes." A friend exactly ten hexes away
/// supports; eleven does not.
#[test]
fn surrender_by_firepower_support_within_ten_hexes_inclusive() {
    for (dr, supported) in [(11, true), (12, false)] {
        let friend = ship(1, SOL, pos(1, dr, N));
        let g = adjacent_shot(&[friend], |g| {
            g.ships[1].guns = [0, 0];
            g.ships[1].carronades = [0, 0];
            assert_eq!(g.ships[2].pos.range_to(g.ships[1].pos), dr as i32 - 1);
        });
        assert_eq!(
            !g.ships[1].struck(),
            supported,
            "friend {} hexes away",
            dr - 1
        );
    }
}

/// Deviations: "only ships that have not struck count as friendly support" (surrender by
/// firepower: "there are no friendly ship of the same or larger class as the firing ship
/// within ten hexes").
#[test]
fn a_struck_friend_gives_no_support() {
    for struck in [false, true] {
        let friend = ship(1, SOL, pos(0, -5, N));
        let g = adjacent_shot(&[friend, ship(1, SOL, pos(12, -10, N))], |g| {
            g.ships[1].guns = [0, 0];
            g.ships[1].carronades = [0, 0];
            if struck {
                g.ships[2].hull = 0;
                g.ships[2].flags |= flag::STRUCK;
            }
        });
        assert_eq!(g.ships[1].struck(), struck, "friend struck: {struck}");
    }
}

/// "When all gun squares are marked off, the ship will surrender [...]" with "Carronade gun
/// squares are added to the regular broadside capability": a carronade square left is a gun
/// square left. And "Single ship scenarios end when one ship surrenders": a surrender by
/// firepower ends a duel.
#[test]
fn surrender_by_firepower_needs_every_gun_square_gone_and_ends_a_duel() {
    // Die 2 on table 7 hull: "3H-2C-R", no gun hit.
    let shot = |carronades: [u8; 2]| {
        let mut g = game(
            N,
            &[
                ship(0, SOL, pos(0, 0, N)).gunnery(20),
                ship(1, SOL, pos(1, 0, N)).with("carronades = [1, 1]"),
            ],
        );
        g.ships[1].guns = [0, 0];
        g.ships[1].carronades = carronades;
        orders(&mut g, &["0 hull fire>=0", "0 hold"]);
        assert!(matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                table: 7,
                ..
            }
        ));
        die(&mut g, 2);
        finish(&mut g);
        g
    };
    let g = shot([0, 1]);
    assert!(!g.ships[1].struck(), "a carronade square is left");
    assert_eq!(g.ending, None);
    let g = shot([0, 0]);
    assert!(g.ships[1].struck());
    assert_eq!(g.scores, [g.ships[1].points, 0]);
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Surrender
        })
    );
}

/// "If all rigging squares are marked off, the ship will surrender to the first enemy ship
/// which can rake its hull [...]" and "Also, the shot must be a rake aimed at the hull.": a
/// hull shot that is not a rake does not force it.
#[test]
fn surrender_by_immobility_needs_a_rake() {
    // Duel: a dismasted ship of the line with all its guns, shot at the hull from one hex.
    let shot = |firer: ShipPos| {
        let mut g = game(N, &[ship(0, SOL, firer), ship(1, SOL, pos(0, 0, N))]);
        g.ships[1].rigging = [0; 4];
        orders(&mut g, &["0 hull fire>=0", "0 hold"]);
        let raked =
            matches!(g.pending, Pending::FireDie { ship: 0, target: 1, raked, .. } if raked);
        assert!(
            matches!(
                g.pending,
                Pending::FireDie {
                    ship: 0,
                    target: 1,
                    ..
                }
            ),
            "{:?}",
            g.pending
        );
        die(&mut g, 1);
        finish(&mut g);
        (raked, g)
    };
    let (raked, g) = shot(pos(-1, 1, N)); // abreast, to the west
    assert!(!raked);
    assert!(!g.ships[1].struck(), "abreast: no rake");
    assert_eq!(g.ending, None);
    let (raked, g) = shot(pos(1, -3, NE)); // off the bow
    assert!(raked);
    assert!(g.ships[1].struck(), "raked at the hull");
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Surrender
        })
    );
}

/// "If all rigging squares are marked off, the ship will surrender to the first enemy ship
/// which can rake its hull if and only if no friendly ship of the same or larger class as the
/// firing ship is within ten hexes." Ten hexes supports; eleven does not.
#[test]
fn surrender_by_immobility_support_within_ten_hexes_inclusive() {
    for (dr, supported) in [(11, true), (12, false)] {
        let mut g = game(
            N,
            &[
                ship(0, SOL1, pos(1, -3, NE)),
                ship(1, SOL, pos(0, 0, N)),
                ship(1, SOL1, pos(0, dr, N)),
            ],
        );
        assert_eq!(g.ships[2].pos.range_to(g.ships[1].pos), dr as i32 - 1);
        g.ships[1].rigging = [0; 4];
        orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
        assert!(matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 1,
                raked: true,
                ..
            }
        ));
        die(&mut g, 1);
        finish(&mut g);
        assert_eq!(
            !g.ships[1].struck(),
            supported,
            "friend {} hexes away",
            dr - 1
        );
    }
}

/// "The points for a ship forced to strike are split evenly between the players involved in
/// the final shot." Two ships of one side in the final shot: their side scores the value
/// once.
#[test]
fn points_for_a_strike_are_awarded_once_to_the_side_in_the_final_shot() {
    // Ship 2 lies between ships 0 and 1, two hexes from each: 20 gun squares at 2 hexes:
    // 4, initial +2 = table 6; die 1: hull "2H-2G-C".
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)).gunnery(20),
            ship(0, SOL, pos(4, 0, N)).gunnery(20),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-12, 10, N)),
        ],
    );
    g.ships[2].hull = 2;
    let points = g.ships[2].points;
    orders(
        &mut g,
        &["0 hull fire>=0", "0 hull fire>=0", "0 hold", "0 hold"],
    );
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            target: 2,
            table: 6,
            ..
        }
    ));
    die(&mut g, 1);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 1,
            target: 2,
            table: 6,
            ..
        }
    ));
    die(&mut g, 1);
    finish(&mut g);
    assert!(g.ships[2].struck());
    assert_eq!(g.scores, [points, 0]);
}
