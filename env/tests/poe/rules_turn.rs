//! The sea fight's turn sequence: the wind change contest, one ship at a time, the battle
//! clock and the end of the game. Each test names the line of the play sheet
//! (`../shared/seeds/003_a64161bab136a50e.txt`) or of the rules notes it checks.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::hex::Facing;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::state::{status, NONE};
use broadside_env::poe::{EndReason, Pending, PoeGame, PoeOptions};

// notes: "The merchant side moves first"; sheet: "Moving player declares how many D6."
#[test]
fn convoy_moves_first_and_declares_0_to_3_wind_dice() {
    let g = game(&DUEL, "N");
    assert_eq!((g.mover, g.turn, g.clock), (0, 1, 0));
    assert_eq!(g.pending, Pending::WindDice);
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(
        legal(&g),
        vec![
            WIND_DICE_0,
            WIND_DICE_0 + 1,
            WIND_DICE_0 + 2,
            WIND_DICE_0 + 3
        ]
    );
}

// sheet: "Rolls D6. Each 5, 6 = success"
#[test]
fn wind_dice_succeed_on_5_and_6() {
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0 + 2);
    assert_eq!(g.turn(), Turn::Chance);
    let p = 1.0 / 3.0;
    for k in 0..=2 {
        assert!(close(prob(&g, roll(k)), binom(2, k as u32, p)));
    }
    // Declaring no dice: no contest, straight to the ships.
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0);
    assert_eq!(g.pending, Pending::SelectShip);
}

// sheet: "Opponent responds with his own D6. Opponent can cancel mover's successes.
// If mover wins by any amount, wind changes by 1 direction of mover's choice."
#[test]
fn the_opponent_cancels_and_the_mover_must_win_by_any_amount() {
    // 1 success against 1: the wind stays.
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0 + 2);
    apply(&mut g, roll(1));
    assert_eq!(g.pending, Pending::CancelDice { successes: 1 });
    assert_eq!(g.turn(), Turn::Player(1), "the opponent answers");
    apply(&mut g, CANCEL_DICE_0 + 1);
    apply(&mut g, roll(1));
    assert_eq!(g.pending, Pending::SelectShip);
    assert_eq!(g.wind_from, Facing::N);
    // 2 against 1: the mover turns the wind.
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0 + 3);
    apply(&mut g, roll(2));
    apply(&mut g, CANCEL_DICE_0 + 3);
    apply(&mut g, roll(1));
    assert_eq!(g.pending, Pending::WindTurn);
    assert_eq!(g.turn(), Turn::Player(0));
    apply(&mut g, WIND_CCW);
    assert_eq!(g.wind_from, Facing::NW);
    // Unanswered successes win; no success ends the contest.
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0 + 1);
    apply(&mut g, roll(1));
    apply(&mut g, CANCEL_DICE_0);
    assert_eq!(g.pending, Pending::WindTurn);
    apply(&mut g, WIND_CW);
    assert_eq!(g.wind_from, Facing::NE);
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0 + 1);
    apply(&mut g, roll(0));
    assert_eq!(g.pending, Pending::SelectShip);
}

// sheet: "Change of direction will affect fog, 2 hexes in the new wind direction." and
// "Position affected by wind change only."
#[test]
fn fog_drifts_two_hexes_downwind_on_a_wind_change() {
    let mut g = game_with(&DUEL, "N", &[(7, 4), (1, 4)], &[]);
    apply(&mut g, WIND_DICE_0 + 1);
    apply(&mut g, roll(1));
    apply(&mut g, CANCEL_DICE_0);
    apply(&mut g, WIND_CW);
    // The wind now comes from the NE and blows to the SW.
    let (c, r) = step(7, 4, Facing::SW, 2);
    assert!(g.fog.contains(hex(c, r)));
    assert!(!g.fog.contains(hex(7, 4)));
    assert_eq!(g.fog.len(), 1, "the fog hex blown off the map is gone");
}

// sheet: "Battle clock = 3, 4, 5"; "Each turn player moves battle clock 3, 4, 5."
#[test]
fn the_mover_advances_the_clock_3_4_or_5_and_the_turn_passes() {
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0);
    finish_ship(&mut g);
    apply(&mut g, SHIP_0);
    finish_ship(&mut g);
    assert_eq!(g.pending, Pending::Clock);
    assert_eq!(legal(&g), vec![CLOCK_3, CLOCK_3 + 1, CLOCK_3 + 2]);
    apply(&mut g, CLOCK_3 + 1);
    assert_eq!((g.clock, g.mover, g.turn), (4, 1, 2));
    assert_eq!(g.pending, Pending::WindDice);
    assert_eq!(g.turn(), Turn::Player(1));
}

// sheet: "Game ends at end of turn if ... loop completed"; notes: 21 points.
#[test]
fn the_game_ends_at_the_end_of_the_turn_the_clock_completes() {
    let mut g = game(&DUEL, "N");
    g.clock = 17;
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    assert!(!g.is_terminal(), "20 of 21");
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    assert!(g.is_terminal());
    let e = g.ending.unwrap();
    assert_eq!(e.reason, EndReason::ClockComplete);
    assert_eq!(e.winner, None, "no points either side: a draw");
    assert_eq!(g.returns(), [0.0, 0.0]);
}

const CONVOY: [Def; 4] = [
    (0, "medium-merchant", 5, 5, "NE", ""),
    (0, "small-merchant", 5, 7, "NE", ""),
    (0, "small-warship", 3, 7, "NE", ""),
    (1, "small-warship", 11, 4, "SW", ""),
];

// sheet: "Game ends at end of turn if all merchant ships exited / captured."
#[test]
fn the_game_ends_when_no_merchant_is_left_to_the_convoy() {
    let mut g = game(&CONVOY, "S");
    g.ships[0].status = status::EXITED;
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    assert!(!g.is_terminal(), "one merchant still sails");
    g.ships[1].owner = 1; // captured
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    let e = g.ending.expect("over");
    assert_eq!(e.reason, EndReason::ConvoyGone);
    // Exited 1 for the convoy, captured 1 for the buccaneers: a draw.
    assert_eq!(e.half_points, [2, 2]);
    assert_eq!(e.winner, None);
}

// notes: "the merchant side scores 1 for each merchant that exits and 1/2 for each still
// afloat and its own ...; the buccaneers score 1 for each merchant captured and 1/2 for
// each sunk or burnt; a warship struck, captured or sunk scores 1 for the other side."
#[test]
fn victory_points_from_the_rules_notes() {
    let g0 = game(&CONVOY, "S");
    assert_eq!(g0.half_points(), [2, 0], "two merchants afloat");
    let mut g = g0.clone();
    g.ships[0].status = status::BURNT;
    assert_eq!(g.half_points(), [1, 1]);
    g.ships[2].status = status::STRUCK;
    g.ships[2].owner = NONE;
    g.ships[2].level = [0; 3];
    assert_eq!(g.half_points(), [1, 3]);
    g.ships[3].owner = 0; // the buccaneer taken
    assert_eq!(g.half_points(), [3, 3]);
    g.clock = 20;
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    assert_eq!(g.ending.unwrap().winner, None);
    let mut g = g0.clone();
    g.ships[0].owner = 1;
    g.ships[1].status = status::EXITED;
    g.ships[3].status = status::BURNT;
    assert_eq!(g.half_points(), [4, 2]);
    g.clock = 20;
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    assert_eq!(g.returns(), [1.0, -1.0]);
}

// sheet: "2 One ship at a time: Recovery, Move/gunnery, Boarding"
#[test]
fn the_mover_picks_his_ships_one_at_a_time() {
    let mut g = game(&CONVOY, "S");
    at_select(&mut g, 0);
    assert_eq!(legal(&g), vec![SHIP_0, SHIP_0 + 1, SHIP_0 + 2]);
    apply(&mut g, SHIP_0 + 1);
    finish_ship(&mut g);
    assert_eq!(legal(&g), vec![SHIP_0, SHIP_0 + 2]);
    at_select(&mut g, 1);
    assert_eq!(legal(&g), vec![SHIP_0 + 3]);
}

#[test]
fn resignation_is_offered_at_ship_selection_when_allowed() {
    let mut g = PoeGame::new(
        &scenario(&DUEL, "N", &[], &[]),
        PoeOptions { resignation: true },
    );
    apply(&mut g, WIND_DICE_0);
    assert!(legal(&g).contains(&RESIGN));
    apply(&mut g, RESIGN);
    assert_eq!(g.returns(), [-1.0, 1.0]);
    assert_eq!(g.ending.unwrap().reason, EndReason::Resignation);
    let mut g = game(&DUEL, "N");
    apply(&mut g, WIND_DICE_0);
    assert!(!legal(&g).contains(&RESIGN));
}

// Ours (documented): a side with no ship afloat ends the game at the end of the turn.
#[test]
fn a_side_with_no_ship_afloat_ends_the_game() {
    let mut g = game(&DUEL, "N");
    g.ships[1].status = status::BURNT;
    g.pending = Pending::Clock;
    apply(&mut g, CLOCK_3);
    let e = g.ending.unwrap();
    assert_eq!(e.reason, EndReason::SideGone);
    assert_eq!(e.winner, Some(0));
}
