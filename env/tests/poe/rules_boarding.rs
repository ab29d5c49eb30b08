//! Boarding in the sea fight: the grapple, the fight and the result, with every modifier,
//! ownerless (struck) ships and captured ships. Each test names the line of the play sheet
//! (`../shared/seeds/003_a64161bab136a50e.txt`). The boarder (side 0) lies at (7, 4) facing
//! N in a north wind (it does not move); the target lies next to it, to the SE.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::hex::Facing;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::state::{status, DiceKind, CREW, GUNS, NONE};
use broadside_env::poe::{Pending, PoeGame};

fn pair(b: &'static str, b_extra: &'static str, t: &'static str, t_extra: &'static str) -> PoeGame {
    let (c, r) = step(7, 4, Facing::SE, 1);
    game(
        &[(0, b, 7, 4, "N", b_extra), (1, t, c, r, "N", t_extra)],
        "N",
    )
}

/// The boarder picked, moved (not at all) and at its boarding.
fn at_boarding(mut g: PoeGame) -> PoeGame {
    select(&mut g, 0, 0);
    if let Pending::Extra { .. } = g.pending {
        apply(&mut g, roll(0));
    }
    apply(&mut g, MOVE_STOP);
    assert_eq!(g.pending, Pending::AfterMove);
    g
}

fn dice(g: &PoeGame) -> Pending {
    g.pending
}

// sheet: "Stage 1 = the grapple | Basic 4D6 | +1 per crew (max 5) | +2 better quality |
// +1 bigger (2 steps)"; "Stage 2 = the fight ... +1 warship"
#[test]
fn grapple_and_fight_dice() {
    let g = pair("medium-warship", "", "medium-warship", "");
    assert_eq!(g.boarding_dice(0, 1, false), 4 + 3);
    assert_eq!(g.boarding_dice(0, 1, true), 4 + 3 + 1);
    let g = pair("small-merchant", "", "large-warship", "");
    assert_eq!(g.boarding_dice(1, 0, false), 4 + 4 + 1, "bigger by 2 steps");
    assert_eq!(
        g.boarding_dice(0, 1, true),
        4 + 1,
        "a merchant gets no warship die"
    );
    let g = pair("medium-warship", "", "small-warship", "");
    assert_eq!(
        g.boarding_dice(0, 1, false),
        4 + 3,
        "1 step bigger: nothing"
    );
    let g = pair("medium-warship", ", hardened = true", "medium-warship", "");
    assert_eq!(g.boarding_dice(0, 1, false), 4 + 3 + 2, "better quality");
    assert_eq!(g.boarding_dice(1, 0, false), 4 + 3);
    let g = pair("medium-warship", "", "medium-warship", ", scurvy = true");
    assert_eq!(
        g.boarding_dice(0, 1, false),
        4 + 3 + 2,
        "better than scurvy"
    );
    let mut g = pair("large-warship", "", "medium-warship", "");
    g.ships[0].max[CREW] = 6;
    g.ships[0].level[CREW] = 6;
    assert_eq!(g.boarding_dice(0, 1, false), 4 + 5, "crew dice max 5");
}

// sheet: "Opposed 5, 6. Winner can board." (a tie boards nobody)
#[test]
fn the_grapple_is_opposed_and_a_tie_boards_nobody() {
    let mut g = at_boarding(pair("medium-warship", "", "medium-warship", ""));
    assert!(legal(&g).contains(&(BOARD_0 + 1)));
    apply(&mut g, BOARD_0 + 1);
    assert_eq!(
        dice(&g),
        Pending::Dice {
            kind: DiceKind::Grapple,
            left: 7,
            acc: 0
        }
    );
    for k in 0..=7 {
        assert!(close(prob(&g, roll(k)), binom(7, k as u32, 1.0 / 3.0)));
    }
    apply(&mut g, roll(3));
    assert_eq!(
        dice(&g),
        Pending::Dice {
            kind: DiceKind::GrappleDefend,
            left: 7,
            acc: 0
        }
    );
    let mut fight = g.clone();
    apply(&mut g, roll(3));
    assert_eq!(
        g.pending,
        Pending::AfterMove,
        "no boarding; the ship may still shoot"
    );
    assert!(!legal(&g).contains(&(BOARD_0 + 1)), "one boarding a turn");
    assert_eq!(g.ships[1].owner, 1);
    apply(&mut fight, roll(2));
    assert_eq!(
        dice(&fight),
        Pending::Dice {
            kind: DiceKind::Fight,
            left: 8,
            acc: 0
        }
    );
}

// sheet: "If boarder wins | All target markers removed. Target captured. Move 1 crew to
// captured ship. Lose 1 crew (gun, sail) as fatigue loss."
#[test]
fn a_boarder_that_wins_the_fight_captures_the_target() {
    let mut g = at_boarding(pair("medium-warship", "", "medium-warship", ""));
    apply(&mut g, BOARD_0 + 1);
    apply(&mut g, roll(3));
    apply(&mut g, roll(1));
    apply(&mut g, roll(4));
    assert_eq!(
        dice(&g),
        Pending::Dice {
            kind: DiceKind::FightDefend,
            left: 8,
            acc: 0
        }
    );
    apply(&mut g, roll(3));
    let t = &g.ships[1];
    assert_eq!((t.status, t.owner), (status::AFLOAT, 0));
    assert!(t.captured());
    assert_eq!(t.level, [1, 0, 0], "markers removed, 1 crew moved in");
    assert_eq!(
        g.pending,
        Pending::Lose { by: 0 },
        "the boarder picks its fatigue loss"
    );
    assert_eq!(g.turn(), Turn::Player(0));
    apply(&mut g, LOSE_0 + GUNS as u16);
    assert_eq!(g.ships[0].level, [2, 2, 3]);
    assert_eq!(
        g.pending,
        Pending::Clock,
        "the prize does not act this turn"
    );
}

// sheet: "defender will win a draw"; "If target equals or wins | Lose 1 crew off boarder.
// + both ships lose 1 crew to fatigue. Both ships pause for their next turn."
#[test]
fn the_defender_wins_a_draw_and_both_ships_pause() {
    let mut g = at_boarding(pair("medium-warship", "", "medium-warship", ""));
    apply(&mut g, BOARD_0 + 1);
    apply(&mut g, roll(3));
    apply(&mut g, roll(1));
    apply(&mut g, roll(4));
    apply(&mut g, roll(4));
    assert_eq!(g.ships[0].level[CREW], 1, "1 lost and 1 to fatigue");
    assert_eq!(g.ships[1].level[CREW], 2);
    assert_eq!(g.ships[1].owner, 1);
    assert!(g.ships[0].pause_next && g.ships[1].pause_next);
    assert_eq!(g.pending, Pending::AfterMove, "the boarder may still shoot");
    apply(&mut g, DONE);
    assert_eq!(g.pending, Pending::Clock);
    apply(&mut g, CLOCK_3);
    // The defender's next turn: it pauses.
    apply(&mut g, WIND_DICE_0);
    assert_eq!(g.pending, Pending::Clock, "side 1's only ship pauses");
    apply(&mut g, CLOCK_3);
    apply(&mut g, WIND_DICE_0);
    assert_eq!(
        g.pending,
        Pending::Clock,
        "the boarder pauses in its next turn"
    );
    apply(&mut g, CLOCK_3);
    apply(&mut g, WIND_DICE_0);
    assert_eq!(g.pending, Pending::SelectShip, "the pause is over");
}

// sheet (struck ships): "Owned by most recent boarder. Ownerless boarding needs grapple
// with 1 success by a warship."
#[test]
fn an_ownerless_ship_is_taken_by_a_warship_grapple_with_one_success() {
    let strike = |mut g: PoeGame| {
        g.ships[1].status = status::STRUCK;
        g.ships[1].owner = NONE;
        g.ships[1].level = [0; 3];
        g
    };
    let mut g = at_boarding(strike(pair("medium-warship", "", "medium-warship", "")));
    apply(&mut g, BOARD_0 + 1);
    // A struck ship is "always scurvy": the boarder's better quality counts (+2).
    assert_eq!(
        dice(&g),
        Pending::Dice {
            kind: DiceKind::GrappleOwnerless,
            left: 9,
            acc: 0
        }
    );
    let mut miss = g.clone();
    apply(&mut miss, roll(0));
    assert_eq!(miss.ships[1].status, status::STRUCK);
    apply(&mut g, roll(1));
    assert_eq!((g.ships[1].status, g.ships[1].owner), (status::AFLOAT, 0));
    assert_eq!(g.ships[1].level, [1, 0, 0]);
    assert_eq!(g.ships[0].level[CREW], 2);
    // A merchant cannot take an ownerless ship.
    let (c, r) = step(7, 4, Facing::SE, 1);
    let g = strike(game(
        &[
            (0, "large-merchant", 7, 4, "N", ""),
            (1, "medium-warship", c, r, "N", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    ));
    assert!(!g.can_board(0, 1));
}

// sheet (captured ships): "Will resist hostile boarding attempts." A prize is boarded in
// full (grapple and fight), not as an ownerless ship.
#[test]
fn captured_ships_resist_boarding() {
    // Ship 1 was ours and is now a buccaneer prize.
    let (c, r) = step(7, 4, Facing::SE, 1);
    let mut g = game(
        &[
            (0, "medium-warship", 7, 4, "N", ""),
            (0, "medium-warship", c, r, "N", ""),
            (1, "small-warship", 0, 8, "N", ""),
        ],
        "N",
    );
    g.ships[1].owner = 1;
    g.ships[1].level = [1, 0, 0];
    assert!(g.ships[1].captured());
    let mut g = at_boarding(g);
    apply(&mut g, BOARD_0 + 1);
    // The prize crew is scurvy ("All scurvy"): +2 for the better quality.
    assert_eq!(
        dice(&g),
        Pending::Dice {
            kind: DiceKind::Grapple,
            left: 9,
            acc: 0
        }
    );
}
