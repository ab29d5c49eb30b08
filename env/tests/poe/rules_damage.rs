//! Damage and recovery in the sea fight: markers lost by hits, death rolls, striking,
//! recovery dice and the recovered marker's choice. Each test names the line of the play
//! sheet (`../shared/seeds/003_a64161bab136a50e.txt`).

use crate::common::*;
use broadside_env::hex::Facing;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::state::{status, DiceKind, GUNS, NONE, SAIL};
use broadside_env::poe::{Pending, PoeGame, ShotKind};

/// A medium warship of side 0 at (7, 4) facing N (it does not move in a north wind), a
/// medium warship of side 1 two hexes to its SE.
fn pair() -> PoeGame {
    let (c, r) = step(7, 4, Facing::SE, 2);
    game(
        &[
            (0, "medium-warship", 7, 4, "N", ""),
            (1, "medium-warship", c, r, "N", ""),
        ],
        "N",
    )
}

/// Side 0 shoots with `hits` hits (kept).
fn shoot(g: &mut PoeGame, hits: u8) {
    select(g, 0, 0);
    apply(g, FIRE_0 + 1);
    apply(g, roll(hits));
    apply(g, KEEP);
}

// sheet: "First hit applied by target. Other hits applied by shooter." Each hit takes one
// marker; where only one type is left no one has a choice.
#[test]
fn hits_take_markers_one_each() {
    let mut g = pair();
    g.ships[1].level = [0, 0, 3];
    shoot(&mut g, 2);
    assert_eq!(
        g.ships[1].level,
        [0, 0, 1],
        "only sail left: taken without a decision"
    );
    assert_eq!(g.pending, Pending::ReturnShot);
}

// sheet: "Hits on ships with no markers 1D6 per hit. 1 = ship burns, stays in position."
#[test]
fn death_rolls_for_hits_on_a_ship_with_no_markers() {
    let mut g = pair();
    g.ships[1].level = [0, 0, 1];
    shoot(&mut g, 3);
    assert_eq!(g.pending, Pending::Death { left: 2 });
    assert!(close(prob(&g, BURNS), 1.0 - 25.0 / 36.0));
    let mut burnt = g.clone();
    apply(&mut burnt, BURNS);
    assert_eq!(burnt.ships[1].status, status::BURNT);
    assert_eq!(
        burnt.ship_at(burnt.ships[1].hex),
        Some(1),
        "the wreck stays in its hex"
    );
    assert_eq!(burnt.pending, Pending::Moving);
    apply(&mut g, SURVIVES);
    // Ours: a ship that gunfire leaves with no markers strikes.
    assert_eq!(g.ships[1].status, status::STRUCK);
    assert_eq!(g.ships[1].owner, NONE);
    assert_eq!(
        g.pending,
        Pending::Moving,
        "a struck ship does not shoot back"
    );
}

// sheet (struck ships): "Ownerless until boarded. Always scurvy. Does not move, shoot,
// recover, is not shot at."
#[test]
fn struck_ships_do_nothing_and_are_not_shot_at() {
    let mut g = pair();
    g.ships[1].level = [0, 0, 0];
    g.ships[1].status = status::STRUCK;
    g.ships[1].owner = NONE;
    assert!(g.ships[1].scurvy_now());
    at_select(&mut g, 1);
    assert!(!g.selectable(1));
    assert_eq!(g.shot_option(0, 1, ShotKind::Own), None);
    assert_eq!(g.shot_option(1, 0, ShotKind::Opportunity), None);
}

// sheet: "Recovery +1D6 per crew +1D6 battle hardened Minimum 1D6. Success = 5, 6."
#[test]
fn recovery_dice_per_crew_plus_battle_hardened_at_least_one() {
    let cases: [(&'static str, [u8; 3], u8); 3] = [
        ("", [3, 2, 3], 3),
        (", hardened = true", [3, 2, 3], 4),
        ("", [0, 3, 3], 1),
    ];
    for (extra, level, dice) in cases {
        let mut g = game(
            &[
                (0, "medium-warship", 7, 4, "N", extra),
                (1, "small-warship", 0, 8, "N", ""),
            ],
            "N",
        );
        g.ships[0].level = level;
        select(&mut g, 0, 0);
        assert_eq!(
            g.pending,
            Pending::Dice {
                kind: DiceKind::Recovery,
                left: dice,
                acc: 0
            },
            "{extra} {level:?}"
        );
        for k in 0..=dice {
            assert!(close(
                prob(&g, roll(k)),
                binom(dice as u32, k as u32, 1.0 / 3.0)
            ));
        }
    }
    // No marker lost: no roll.
    let mut g = pair();
    select(&mut g, 0, 0);
    assert_eq!(g.pending, Pending::Moving);
}

// sheet (captured ships): "Recovery max 1D6 per turn."
#[test]
fn captured_ships_recover_on_one_die() {
    let mut g = pair();
    g.ships[1].owner = 0;
    g.ships[1].level = [3, 1, 1];
    select(&mut g, 0, 1);
    assert_eq!(
        g.pending,
        Pending::Dice {
            kind: DiceKind::Recovery,
            left: 1,
            acc: 0
        }
    );
}

// Each success restores a lost marker; where more than one type is lost the owner picks.
#[test]
fn recovery_restores_lost_markers_chosen_by_the_owner() {
    let mut g = pair();
    g.ships[0].level = [3, 2, 2];
    select(&mut g, 0, 0);
    apply(&mut g, roll(2));
    assert_eq!(g.pending, Pending::Recover);
    assert_eq!(
        legal(&g),
        vec![RECOVER_0 + GUNS as u16, RECOVER_0 + SAIL as u16]
    );
    apply(&mut g, RECOVER_0 + SAIL as u16);
    // The second success goes to the only type still lost.
    assert_eq!(g.ships[0].level, [3, 3, 3]);
    assert_eq!(g.pending, Pending::Moving);
    // More successes than losses: the rest is wasted.
    let mut g = pair();
    g.ships[0].level = [3, 2, 3];
    select(&mut g, 0, 0);
    apply(&mut g, roll(3));
    assert_eq!(g.ships[0].level, [3, 3, 3]);
    assert_eq!(g.pending, Pending::Moving);
}
