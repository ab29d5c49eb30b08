//! Gunnery in the sea fight: ranges, arcs and chasers, the dice modifier table, hits, the
//! re-roll, who applies hits, opportunity and return shooting, and what forbids a shot.
//! Each test names the line of the play sheet (`../shared/seeds/003_a64161bab136a50e.txt`).
//! The shooter (side 0) is at (7, 4) facing N with the wind from the north (so it does not
//! move); the target (side 1) lies `k` hexes to its SE, in its starboard broadside.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::hex::Facing;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::state::{status, DiceKind, CREW, GUNS, NONE, SAIL};
use broadside_env::poe::{Pending, PoeGame, ShotKind};

fn pair(
    shooter: &'static str,
    s_extra: &'static str,
    target: &'static str,
    t_extra: &'static str,
    k: i32,
    t_facing: &'static str,
) -> PoeGame {
    let (c, r) = step(7, 4, Facing::SE, k);
    game(
        &[
            (0, shooter, 7, 4, "N", s_extra),
            (1, target, c, r, t_facing, t_extra),
        ],
        "N",
    )
}

/// The shooter picked and ready to shoot (any extra-hex roll made as 0).
fn ready(mut g: PoeGame) -> PoeGame {
    select(&mut g, 0, 0);
    if let Pending::Extra { .. } = g.pending {
        apply(&mut g, roll(0));
    }
    g
}

fn can_fire(g: &PoeGame) -> bool {
    legal(g).contains(&(FIRE_0 + 1))
}

fn dice(g: &PoeGame) -> u8 {
    g.gunnery_dice(0, 1, ShotKind::Own, false)
}

// sheet: "Warships Small = 3, medium = 4, large = 5. Merchants All sizes = 3 hexes."
#[test]
fn broadside_ranges_by_size_and_merchants_three() {
    for (class, range) in [
        ("small-warship", 3),
        ("medium-warship", 4),
        ("large-warship", 5),
        ("large-merchant", 3),
        ("small-merchant", 3),
    ] {
        assert!(
            can_fire(&ready(pair(class, "", "small-warship", "", range, "N"))),
            "{class}"
        );
        assert!(
            !can_fire(&ready(pair(class, "", "small-warship", "", range + 1, "N"))),
            "{class} beyond {range}"
        );
    }
}

// sheet: "All bow and stern chaser gun range = 2 hexes." and "Chasers = 1D6. No modifiers.
// No return shoot."
#[test]
fn chasers_shoot_ahead_and_astern_at_two_hexes_with_one_die() {
    let ships = |r| {
        [
            (0, "large-warship", 7, 4, "N", ""),
            (1, "medium-warship", 7, r, "SE", ""),
        ]
    };
    let mut g = ready(game(&ships(2), "N"));
    assert!(can_fire(&g), "bow chaser at 2 hexes");
    assert_eq!(g.shot_option(0, 1, ShotKind::Own), Some(true));
    apply(&mut g, FIRE_0 + 1);
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 1,
            acc: 0
        }
    );
    apply(&mut g, roll(1));
    assert!(
        matches!(g.pending, Pending::Lose { .. }),
        "no re-roll for a chaser: {:?}",
        g.pending
    );
    apply(&mut g, LOSE_0 + GUNS as u16);
    assert_eq!(
        g.pending,
        Pending::Moving,
        "no return shooting against a chaser"
    );
    assert!(can_fire(&ready(game(&ships(3), "N"))), "1 hex ahead");
    let g = ready(game(&ships(1), "N"));
    assert!(!can_fire(&g), "3 hexes ahead: out of chaser range");
    assert_eq!(g.shot_option(0, 1, ShotKind::Own), None);
    let g = game(&ships(6), "N");
    assert_eq!(
        g.shot_option(0, 1, ShotKind::Own),
        Some(true),
        "stern chaser at 2"
    );
    assert_eq!(
        g.shot_option(0, 1, ShotKind::Return),
        None,
        "chasers do not return fire"
    );
}

// sheet: "Per gun marker +2" ... "Minimum 2D6 after all modifiers applied"
#[test]
fn two_dice_per_gun_marker_and_the_size_modifiers() {
    assert_eq!(
        dice(&pair("medium-warship", "", "medium-warship", "", 2, "N")),
        6
    );
    // "Target smaller (max 2) +2" per size step; "Target bigger (max 2) -2".
    assert_eq!(
        dice(&pair("medium-warship", "", "small-warship", "", 2, "N")),
        8
    );
    assert_eq!(
        dice(&pair("medium-warship", "", "large-warship", "", 2, "N")),
        4
    );
    assert_eq!(
        dice(&pair("large-warship", "", "small-warship", "", 2, "N")),
        8 + 4
    );
    // Small (2 guns = 4) against large (-4): 0, raised to the minimum of 2.
    assert_eq!(
        dice(&pair("small-warship", "", "large-warship", "", 2, "N")),
        2
    );
}

// sheet: "Short range +3", "Battle hardened crew +2", "Scurvy -2", "Crew level zero -2",
// "Sail level zero -2", "Opportunity or return shoot -3"; zero level "Guns: No initial 2D6
// per gun. Just modifiers."
#[test]
fn the_modifier_table() {
    let base = pair("medium-warship", "", "medium-warship", "", 2, "N");
    assert_eq!(
        dice(&pair("medium-warship", "", "medium-warship", "", 1, "N")),
        9
    );
    assert_eq!(
        dice(&pair(
            "medium-warship",
            ", hardened = true",
            "medium-warship",
            "",
            2,
            "N"
        )),
        8
    );
    assert_eq!(
        dice(&pair(
            "medium-warship",
            ", scurvy = true",
            "medium-warship",
            "",
            2,
            "N"
        )),
        4
    );
    let mut g = base.clone();
    g.ships[0].level[CREW] = 0;
    assert_eq!(dice(&g), 4);
    let mut g = base.clone();
    g.ships[0].level[SAIL] = 0;
    assert_eq!(dice(&g), 4);
    let mut g = base.clone();
    g.ships[0].level[GUNS] = 1;
    assert_eq!(dice(&g), 2);
    g.ships[0].level[GUNS] = 0;
    assert_eq!(dice(&g), 2, "just modifiers, at least 2D6");
    assert_eq!(base.gunnery_dice(0, 1, ShotKind::Opportunity, false), 3);
    assert_eq!(base.gunnery_dice(0, 1, ShotKind::Return, false), 3);
}

// sheet: "Raking (warship in own turn) +3"
#[test]
fn raking_by_a_warship_in_its_own_turn() {
    // The target faces NW, straight at the shooter: the shooter lies in its bow arc.
    let g = pair("medium-warship", "", "medium-warship", "", 2, "NW");
    assert!(g.rakes(0, 1));
    assert_eq!(dice(&g), 9);
    // From astern too.
    assert_eq!(
        dice(&pair("medium-warship", "", "medium-warship", "", 2, "SE")),
        9
    );
    // Not in an opportunity or return shot, and not by a merchant.
    assert_eq!(g.gunnery_dice(0, 1, ShotKind::Opportunity, false), 3);
    let m = pair("large-merchant", "", "medium-warship", "", 2, "NW");
    assert_eq!(dice(&m), 2 * 2 + 2, "2 guns, target smaller, no raking");
}

// sheet: "Hits are scored on 6"
#[test]
fn hits_on_six() {
    let mut g = ready(pair("medium-warship", "", "medium-warship", "", 2, "N"));
    apply(&mut g, FIRE_0 + 1);
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 6,
            acc: 0
        }
    );
    for k in 0..=6 {
        assert!(
            close(prob(&g, roll(k)), binom(6, k as u32, 1.0 / 6.0)),
            "{k}"
        );
    }
}

// sheet: "ALL BROADSIDES GET A RE-ROLL" (ours: the shooter may roll the whole broadside
// again, once; the second roll stands).
#[test]
fn every_broadside_gets_one_reroll() {
    let mut g = ready(pair("medium-warship", "", "medium-warship", "", 2, "N"));
    apply(&mut g, FIRE_0 + 1);
    apply(&mut g, roll(0));
    assert_eq!(g.pending, Pending::Reroll);
    assert_eq!(g.turn(), Turn::Player(0), "the shooter decides");
    assert_eq!(legal(&g), vec![KEEP, REROLL]);
    apply(&mut g, REROLL);
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 6,
            acc: 0
        }
    );
    apply(&mut g, roll(2));
    assert!(
        matches!(g.pending, Pending::Lose { .. }),
        "no second re-roll"
    );
    assert_eq!(g.shot.hits, 2);
}

// sheet: "First hit applied by target. Other hits applied by shooter."
#[test]
fn the_target_applies_the_first_hit_and_the_shooter_the_others() {
    let mut g = ready(pair("medium-warship", "", "medium-warship", "", 2, "N"));
    apply(&mut g, FIRE_0 + 1);
    apply(&mut g, roll(3));
    apply(&mut g, KEEP);
    assert_eq!(g.pending, Pending::Lose { by: 1 });
    assert_eq!(legal(&g), vec![LOSE_0, LOSE_0 + 1, LOSE_0 + 2]);
    apply(&mut g, LOSE_0 + SAIL as u16);
    assert_eq!(g.pending, Pending::Lose { by: 0 });
    apply(&mut g, LOSE_0 + GUNS as u16);
    apply(&mut g, LOSE_0 + GUNS as u16);
    assert_eq!(g.ships[1].level, [3, 1, 2]);
}

// sheet: "Return shooting = Only allowed if hits received."
#[test]
fn return_shooting_only_after_hits() {
    let mut g = ready(pair("medium-warship", "", "medium-warship", "", 2, "N"));
    let mut miss = g.clone();
    apply(&mut miss, FIRE_0 + 1);
    apply(&mut miss, roll(0));
    apply(&mut miss, KEEP);
    assert_eq!(miss.pending, Pending::Moving, "no hits, no return");
    apply(&mut g, FIRE_0 + 1);
    apply(&mut g, roll(1));
    apply(&mut g, KEEP);
    apply(&mut g, LOSE_0 + SAIL as u16);
    assert_eq!(g.pending, Pending::ReturnShot);
    assert_eq!(g.turn(), Turn::Player(1));
    let mut hold = g.clone();
    apply(&mut hold, RETURN_HOLD);
    assert_eq!(hold.pending, Pending::Moving);
    apply(&mut g, RETURN_FIRE);
    // 6 dice - 2 (sail zero? no: 2 sail left) - 3 return = 3.
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 3,
            acc: 0
        }
    );
    apply(&mut g, roll(0));
    assert_eq!(
        g.pending,
        Pending::Reroll,
        "a return broadside gets its re-roll too"
    );
    assert_eq!(g.turn(), Turn::Player(1));
    apply(&mut g, KEEP);
    assert_eq!(g.pending, Pending::Moving, "back to the mover's ship");
    assert!(g.ships[1].shot);
}

// sheet: "Opportunity shooting = Only allowed at 1 hex range."
#[test]
fn opportunity_shooting_at_one_hex_as_the_mover_passes() {
    // The mover sails SE from (7, 4); the buccaneer lies NE of its first hex, facing N,
    // so the mover passes through its port broadside at 1 hex.
    let a = step(7, 4, Facing::SE, 1);
    let t = step(a.0, a.1, Facing::NE, 1);
    let mut g = game(
        &[
            (0, "medium-warship", 7, 4, "SE", ""),
            (1, "medium-warship", t.0, t.1, "N", ""),
        ],
        "N",
    );
    select(&mut g, 0, 0);
    apply(&mut g, roll(0));
    assert_eq!(g.pending, Pending::Moving, "2 hexes: no opportunity");
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(g.pending, Pending::Opportunity);
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(legal(&g), vec![OPP_0 + 1, OPP_HOLD]);
    let mut hold = g.clone();
    apply(&mut hold, OPP_HOLD);
    assert_eq!(hold.pending, Pending::Moving);
    apply(&mut g, OPP_0 + 1);
    // Medium vs medium at 1 hex: 6 + 3 short - 3 opportunity.
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 6,
            acc: 0
        }
    );
    apply(&mut g, roll(1));
    apply(&mut g, KEEP);
    assert_eq!(
        g.pending,
        Pending::Lose { by: 0 },
        "the moving ship applies its first hit"
    );
    apply(&mut g, LOSE_0);
    assert_eq!(g.pending, Pending::Moving, "one shot per ship per turn");
    apply(&mut g, MOVE_AHEAD);
    assert_eq!(g.pending, Pending::Moving);
}

// sheet (fog): "Cannot shoot in or out."
#[test]
fn no_shooting_into_or_out_of_fog() {
    let (c, r) = step(7, 4, Facing::SE, 2);
    let ships = [
        (0, "medium-warship", 7, 4, "N", ""),
        (1, "medium-warship", c, r, "N", ""),
    ];
    let g = ready(game_with(&ships, "N", &[], &[]));
    assert!(can_fire(&g));
    let g = ready(game_with(&ships, "N", &[(7, 4)], &[]));
    assert!(!can_fire(&g), "out of fog");
    let g = ready(game_with(&ships, "N", &[(c, r)], &[]));
    assert!(!can_fire(&g), "into fog");
}

// sheet (shallows): "Whilst grounded = no shooting at all."; struck ships: "is not shot at";
// captured ships: "Only allowed opportunity shooting."
#[test]
fn aground_struck_and_captured_ships_and_shooting() {
    let g = pair("medium-warship", "", "medium-warship", "", 1, "N");
    assert!(g.shot_option(0, 1, ShotKind::Own).is_some());
    let mut a = g.clone();
    a.ships[0].aground = 1;
    assert_eq!(a.shot_option(0, 1, ShotKind::Own), None);
    assert_eq!(a.shot_option(0, 1, ShotKind::Opportunity), None);
    let mut s = g.clone();
    s.ships[1].status = status::STRUCK;
    s.ships[1].owner = NONE;
    s.ships[1].level = [0; 3];
    assert_eq!(s.shot_option(0, 1, ShotKind::Own), None);
    let mut c = g.clone();
    c.ships[0].owner = 1;
    c.ships[1].owner = 0; // both taken by the other side: each is a prize
    assert_eq!(c.shot_option(0, 1, ShotKind::Own), None);
    assert_eq!(c.shot_option(0, 1, ShotKind::Return), None);
    assert!(c.shot_option(0, 1, ShotKind::Opportunity).is_some());
}
