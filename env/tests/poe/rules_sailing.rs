//! Sailing in the sea fight: the wind table, extra hexes, direction changes, the 1-hex
//! reduction, zero sail, the escape corner, fog and shallows. Each test names the line of
//! the play sheet (`../shared/seeds/003_a64161bab136a50e.txt`) it checks. The wind is from
//! the north unless stated: facing N is "wind from ahead", NE/NW "front quarter", SE/SW
//! "rear quarter", S "wind from rear".

use crate::common::*;
use broadside_env::hex::Facing;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::state::{status, SAIL};
use broadside_env::poe::{Pending, PoeGame};

/// One ship of side 0 at (7, 4) facing `facing`, with extra TOML fields, and a far enemy.
fn lone(class: &'static str, facing: &'static str, extra: &'static str) -> PoeGame {
    let mut g = game(
        &[
            (0, class, 7, 4, facing, extra),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    );
    select(&mut g, 0, 0);
    g
}

fn extra(g: &PoeGame) -> (u8, u8) {
    match g.pending {
        Pending::Extra { max, good } => (max, good),
        other => panic!("expected extra-hex dice, found {other:?}"),
    }
}

// sheet: "Wind from ahead | Turn (spin) 1 face within existing hex." (medium/large: no additions)
#[test]
fn wind_from_ahead_a_medium_ship_spins_one_face() {
    let mut g = lone("medium-warship", "N", "");
    assert_eq!(g.pending, Pending::Moving, "no dice");
    assert_eq!(g.act.allowance, 0);
    assert_eq!(legal(&g), vec![TURN_LEFT, TURN_RIGHT, MOVE_STOP]);
    apply(&mut g, TURN_RIGHT);
    assert_eq!(g.ships[0].facing, Facing::NE);
    assert_eq!(g.ships[0].hex, hex(7, 4));
    assert_eq!(
        g.pending,
        Pending::Clock,
        "nothing else to do: the ship is done"
    );
}

// sheet: "Wind from ahead | ... | Small ship additions: 3, 4, 5, 6 move 1 additional hex."
#[test]
fn wind_from_ahead_a_small_ship_may_roll_for_one_hex() {
    let mut g = lone("small-warship", "N", "");
    assert_eq!(extra(&g), (1, 4));
    assert!(close(prob(&g, roll(1)), 4.0 / 6.0));
    apply(&mut g, roll(1));
    assert_eq!(g.act.allowance, 1);
}

// sheet: "Wind from front quarter | Move 1 hex. | 3, 4, 5, 6 move 1 additional hex. |"
#[test]
fn front_quarter_one_hex_and_a_small_ship_may_roll_for_another() {
    let g = lone("medium-warship", "NE", "");
    assert_eq!(g.pending, Pending::Moving);
    assert_eq!(g.act.allowance, 1);
    let g = lone("small-warship", "NW", "");
    assert_eq!(extra(&g), (1, 4));
}

// sheet: "Wind from rear quarter | Move 3 hexes, 4th hex if 3, 4, 5, 6 rolled. | |
// 3, 4, 5, 6 for extra hexes, repeat until fail." and "Additions Maximum 3."
#[test]
fn rear_quarter_three_hexes_and_medium_large_repeat_until_fail_up_to_three() {
    let g = lone("medium-warship", "SE", "");
    assert_eq!(extra(&g), (3, 4));
    let p = 4.0 / 6.0;
    assert!(close(prob(&g, roll(0)), 1.0 - p));
    assert!(close(prob(&g, roll(1)), p * (1.0 - p)));
    assert!(close(prob(&g, roll(2)), p * p * (1.0 - p)));
    assert!(close(prob(&g, roll(3)), p * p * p));
    assert_eq!(prob(&g, roll(4)), 0.0, "at most 3 additions");
    let mut g = g;
    apply(&mut g, roll(2));
    assert_eq!(g.act.allowance, 5);
    let g = lone("large-merchant", "SW", "");
    assert_eq!(extra(&g), (3, 4));
    let g = lone("small-warship", "SE", "");
    assert_eq!(extra(&g), (1, 4), "a small ship rolls only for the 4th hex");
}

// sheet: "Wind from rear | Move 2 hexes, 3rd hex if 3, 4, 5, 6 rolled. | 3, 4, 5, 6 for
// extra hexes, repeat until fail. |"
#[test]
fn wind_from_rear_two_hexes_and_small_ships_repeat_until_fail() {
    let mut g = lone("small-warship", "S", "");
    assert_eq!(extra(&g), (3, 4));
    apply(&mut g, roll(3));
    assert_eq!(g.act.allowance, 5);
    let g = lone("medium-warship", "S", "");
    assert_eq!(extra(&g), (1, 4));
}

// sheet: "D6 for extra hexes | 1 easier for battle hardened. 1 more difficult for scurvy."
#[test]
fn battle_hardened_one_easier_scurvy_one_harder() {
    assert_eq!(
        extra(&lone("medium-warship", "SE", ", hardened = true")).1,
        5
    );
    assert_eq!(extra(&lone("medium-warship", "SE", ", scurvy = true")).1, 3);
}

// sheet: "Zero level sail from point of loss | No dicing for extra hexes"
#[test]
fn zero_sail_rolls_no_extra_hexes() {
    let mut g = game(
        &[
            (0, "medium-warship", 7, 4, "SE", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    );
    g.ships[0].level[SAIL] = 0;
    g.ships[0].max[SAIL] = 0;
    select(&mut g, 0, 0);
    assert_eq!(g.pending, Pending::Moving);
    assert_eq!(g.act.allowance, 3, "the all-ships hexes still");
}

// sheet: "Reduction in movement | All ships may reduce by 1 hex."
#[test]
fn a_ship_may_stop_one_hex_short_and_no_shorter() {
    let mut g = lone("medium-warship", "SE", "");
    apply(&mut g, roll(0));
    assert_eq!(g.act.allowance, 3);
    assert!(!legal(&g).contains(&MOVE_STOP));
    apply(&mut g, MOVE_AHEAD);
    assert!(!legal(&g).contains(&MOVE_STOP));
    apply(&mut g, MOVE_AHEAD);
    assert!(legal(&g).contains(&MOVE_STOP));
    assert_eq!(g.ships[0].hex, {
        let (c, r) = step(7, 4, Facing::SE, 2);
        hex(c, r)
    });
}

// sheet: "Large ships and all merchants | 1 direction change per turn max."
#[test]
fn large_ships_and_merchants_change_direction_once() {
    for class in ["large-warship", "small-merchant", "medium-merchant"] {
        let mut g = lone(class, "SE", "");
        if let Pending::Extra { .. } = g.pending {
            apply(&mut g, roll(0));
        }
        apply(&mut g, TURN_LEFT);
        assert!(!legal(&g).contains(&TURN_LEFT), "{class}");
        apply(&mut g, MOVE_AHEAD);
        assert!(!legal(&g).contains(&TURN_RIGHT), "{class}");
    }
}

// sheet: "Medium warships | 2 direction changes per turn max."
#[test]
fn medium_warships_change_direction_twice() {
    let mut g = lone("medium-warship", "SE", "");
    apply(&mut g, roll(0));
    apply(&mut g, TURN_LEFT);
    apply(&mut g, MOVE_AHEAD);
    assert!(legal(&g).contains(&TURN_RIGHT));
    apply(&mut g, TURN_RIGHT);
    assert!(!legal(&g).contains(&TURN_RIGHT));
}

// sheet: "Small warships | Can turn into each new hex."
#[test]
fn small_warships_turn_once_in_each_hex() {
    let mut g = lone("small-warship", "S", "");
    apply(&mut g, roll(3));
    for k in 0..4 {
        assert!(legal(&g).contains(&TURN_LEFT));
        apply(&mut g, if k % 2 == 0 { TURN_LEFT } else { TURN_RIGHT });
        assert!(!legal(&g).contains(&TURN_RIGHT), "one turn per hex");
        apply(&mut g, MOVE_AHEAD);
    }
    assert_eq!(g.act.turns, 4);
}

#[test]
fn ships_do_not_share_hexes_or_leave_the_map() {
    let (c, r) = step(7, 4, Facing::SE, 1);
    let mut g = game(
        &[
            (0, "medium-warship", 7, 4, "SE", ""),
            (0, "medium-warship", c, r, "N", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    assert!(!legal(&g).contains(&MOVE_AHEAD), "the hex ahead is taken");
    assert!(legal(&g).contains(&MOVE_STOP), "a blocked ship may stop");
    let mut g = game(
        &[
            (0, "medium-warship", 14, 4, "SE", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    assert!(!legal(&g).contains(&MOVE_AHEAD), "the map edge");
}

// notes: "Merchants try to leave by an escape corner ... hexes within 1 of that corner are
// the exit".
#[test]
fn a_convoy_merchant_entering_the_exit_leaves_the_map() {
    // The escape corner is NE: (14, 0). (12, 1) is 2 hexes away, (13, 0) 1.
    let mut g = game(
        &[
            (0, "medium-merchant", 12, 1, "NE", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "S",
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(g.ships[0].status, status::EXITED);
    assert_eq!(g.pending, Pending::Clock);
    // A warship in the corner stays.
    let mut g = game(
        &[
            (0, "medium-warship", 12, 1, "NE", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "S",
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(g.ships[0].status, status::AFLOAT);
}

// sheet: "Roll D6 for first fog hex entered. 1, 2 move ends. 3, 4, 5, 6, no effect on
// movement in this turn."
#[test]
fn the_first_fog_hex_entered_ends_the_move_on_1_or_2() {
    let a = step(7, 4, Facing::SE, 1);
    let b = step(7, 4, Facing::SE, 2);
    let ships = [
        (0, "medium-warship", 7, 4, "SE", ""),
        (1, "small-warship", 0, 8, "N", ""),
    ];
    let mut g = game_with(&ships, "N", &[a, b], &[]);
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(g.pending, Pending::Fog);
    assert!(close(prob(&g, FOG_STOP), 2.0 / 6.0));
    apply(&mut g, FOG_CLEAR);
    assert_eq!(g.pending, Pending::Moving);
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(
        g.pending,
        Pending::Moving,
        "only the first fog hex is rolled for"
    );
    let mut g = game_with(&ships, "N", &[a, b], &[]);
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    apply(&mut g, MOVE_AHEAD);
    apply(&mut g, FOG_STOP);
    assert!(!g.act.moving, "the move ends");
    assert_eq!(g.pending, Pending::Clock);
}

// sheet: "Roll D6 upon moving into first shallows hex. Small = 1D6. Medium = 2D6. Large =
// 3D6. Less 1D6 if battle hardened. Score of 6 = aground. Stop moving."
#[test]
fn shallows_dice_by_size_less_one_battle_hardened_six_runs_aground() {
    let a = step(7, 4, Facing::SE, 1);
    let b = step(7, 4, Facing::SE, 2);
    for (class, extra, dice) in [
        ("large-warship", "", 3u32),
        ("large-warship", ", hardened = true", 2),
        ("medium-warship", "", 2),
        ("small-warship", "", 1),
        ("small-warship", ", hardened = true", 0),
    ] {
        let mut g = game_with(
            &[
                (0, class, 7, 4, "SE", extra),
                (1, "small-warship", 0, 8, "N", ""),
            ],
            "N",
            &[],
            &[a, b],
        );
        select(&mut g, 0, 0);
        apply(&mut g, roll(0));
        apply(&mut g, MOVE_AHEAD);
        if dice == 0 {
            assert_eq!(g.pending, Pending::Moving, "{class}{extra}: no dice");
            continue;
        }
        assert_eq!(g.pending, Pending::Shallows { dice: dice as u8 });
        let p = 1.0 - (5.0f64 / 6.0).powi(dice as i32);
        assert!(close(prob(&g, AGROUND), p), "{class}{extra}");
        let mut h = g.clone();
        apply(&mut h, AFLOAT);
        apply(&mut h, MOVE_AHEAD);
        assert_eq!(h.pending, Pending::Moving, "only the first shallows hex");
        apply(&mut g, AGROUND);
        assert!(!g.act.moving, "{class}: stop moving");
        assert_eq!(g.ships[0].aground, 2);
    }
}

// sheet: "Re-float automatically at end of own next turn."
#[test]
fn an_aground_ship_refloats_at_the_end_of_its_own_next_turn() {
    let a = step(7, 4, Facing::SE, 1);
    let mut g = game_with(
        &[
            (0, "medium-warship", 7, 4, "SE", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
        &[],
        &[a],
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    apply(&mut g, MOVE_AHEAD);
    apply(&mut g, AGROUND);
    apply(&mut g, CLOCK_3);
    assert_eq!(g.ships[0].aground, 1);
    // The buccaneer's turn.
    apply(&mut g, WIND_DICE_0);
    apply(&mut g, SHIP_0 + 1);
    finish_ship(&mut g);
    apply(&mut g, CLOCK_3);
    // Its own next turn: no move.
    apply(&mut g, WIND_DICE_0);
    apply(&mut g, SHIP_0);
    assert_eq!(g.pending, Pending::Clock, "aground: no move, nothing to do");
    assert_eq!(g.ships[0].hex, hex(a.0, a.1));
    apply(&mut g, CLOCK_3);
    assert_eq!(g.ships[0].aground, 0, "refloated");
}
