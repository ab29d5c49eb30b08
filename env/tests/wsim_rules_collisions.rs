//! WS&IM rules, one test per rule: collisions, fouling and unfouling.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`) it checks.

mod common;

use broadside_env::game::{Game, Turn};
use broadside_env::hex::ShipPos;
use broadside_env::wsim::catalogue::{
    DIE_1, FOUL, NO_FOUL, PICK_0, REMAIN_FOULED, UNFOUL_ALL, UNFOUL_ENEMY, UNFOUL_FAIL,
    UNFOUL_FRIEND, UNFOUL_SUCCESS,
};
use broadside_env::wsim::state::{flag, Pending, Phase, Step};
use broadside_env::wsim::WsimGame;
use common::*;

/// Finishes the turn with no fouling, no unfouling and first outcomes elsewhere.
fn finish(g: &mut WsimGame) {
    settle(g, |g| match g.pending {
        Pending::Foul { .. } => NO_FOUL,
        Pending::Unfoul { .. } => UNFOUL_FAIL,
        _ => g.chance_outcomes().iter().next().unwrap().0,
    });
}

/// "If the bow or stern of one ship was already in the hex when one or more other ships
/// attempt to enter that hex, the ship occupying the hex remains. The other ship moves back to
/// the hex it occupied just prior to the collision."
#[test]
fn collision_ship_already_in_the_hex_stays() {
    // T sits still (hexes (0,0) and (0,1)); M sails SE into T's stern on its second hex.
    let mut g = game(
        N,
        &[ship(0, FRIGATE, pos(-2, 1, SE)), ship(1, SOL, pos(0, 0, N))],
    );
    let t = g.ships[1].pos;
    orders(&mut g, &["3 hold", "0 hold"]);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 1 << 0
        }
    );
    assert_eq!(g.ships[1].pos, t, "the ship in the hex keeps it");
    assert_eq!(
        g.ships[0].pos,
        pos(-1, 1, SE),
        "the mover is back in the hex before the collision"
    );
    chance(&mut g, NO_FOUL, 0.5);
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.ships[0].pos,
        pos(-1, 1, SE),
        "its third hex is never sailed"
    );
    assert_eq!(g.ships[1].pos, t);
}

/// "If the stern of a ship enters a hex in a turning maneuver at the same point in the
/// movement phase as the bow of another ship, the bow enters the hex. The turning ship moves
/// back to its previous position."
#[test]
fn collision_bow_beats_turning_stern() {
    // Wind from the south: facing N is attitude B. Y turns left, swinging its stern into
    // (1,0); X's bow sails into (1,0) at the same step.
    let mut g = game(S, &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(1, 1, N))]);
    let y = g.ships[0].pos;
    assert_eq!(y.turned(-1).stern(), at(1, 0));
    assert_eq!(g.ships[1].pos.forward().bow, at(1, 0));
    orders(&mut g, &["L hold", "1 hold"]);
    assert!(
        matches!(g.pending, Pending::Foul { winner: 1, .. }),
        "no random winner: {:?}",
        g.pending
    );
    assert_eq!(g.ships[1].pos, pos(1, 0, N), "the bow enters the hex");
    assert_eq!(g.ships[0].pos, y, "the turning ship is back where it was");
}

/// "In all other cases that might occur, a random winner of the collision is chosen and the
/// other ship has to move back." and "a collision takes place and all movement ends for all
/// ships involved."
#[test]
fn collision_random_winner_is_a_uniform_chance_node_and_all_movement_ends() {
    // Two bows sail into (1,0) at the same step; a third ship far away is not involved.
    let mut g = game(
        S,
        &[
            ship(0, SOL, pos(1, 1, N)),
            ship(1, SOL, pos(0, 1, NE)),
            ship(1, SOL, pos(-10, 8, N)),
        ],
    );
    assert_eq!(g.ships[1].pos.forward().bow, at(1, 0));
    let far = g.ships[2].pos;
    orders(&mut g, &["2 hold", "2 hold", "2 hold"]);
    assert!(matches!(g.pending, Pending::CollisionWinner { .. }));
    assert_uniform(&g, &[PICK_0, PICK_0 + 1]);
    chance(&mut g, PICK_0 + 1, 0.5);
    assert_eq!(
        g.ships[1].pos,
        pos(1, 0, NE),
        "the chosen ship takes the hex"
    );
    assert_eq!(g.ships[0].pos, pos(1, 1, N), "the other moves back");
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.ships[1].pos,
        pos(1, 0, NE),
        "the winner's movement ended too"
    );
    assert_eq!(g.ships[0].pos, pos(1, 1, N));
    assert_eq!(
        g.ships[2].pos,
        ShipPos::new(far.bow.neighbor(N).neighbor(N), N),
        "a ship not in the collision sails on"
    );
}

/// "If two or more ships (enemy or friendly) are found to be in the same hex at the same time
/// during movement, a collision takes place".
#[test]
fn friendly_ships_collide_too() {
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(-2, 1, SE)),
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(-12, 10, N)),
        ],
    );
    orders(&mut g, &["3 hold", "0 hold", "0 hold"]);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 1
        }
    );
    assert_eq!(g.ships[0].pos, pos(-1, 1, SE));
}

/// "There is a 50-50 chance that collided ships will foul" and "Fouled ships cannot move or
/// turn in place, but can fire."
#[test]
fn collided_ships_foul_half_the_time() {
    let mut g = game(
        N,
        &[ship(0, FRIGATE, pos(-2, 1, SE)), ship(1, SOL, pos(0, 0, N))],
    );
    orders(&mut g, &["3 hold", "0 hold"]);
    assert!(matches!(g.pending, Pending::Foul { .. }));
    assert_uniform(&g, &[FOUL, NO_FOUL]);
    chance(&mut g, FOUL, 0.5);
    assert_eq!(g.ships[0].fouled, 1 << 1);
    assert_eq!(g.ships[1].fouled, 1 << 0);
    finish(&mut g);
    // Next turn the fouled ship starts its orders with the unfouling option.
    assert!(matches!(
        g.phase,
        Phase::Orders {
            ship: 0,
            step: Step::Unfoul,
            ..
        }
    ));
    let mut l = legal(&g);
    l.sort_unstable();
    assert_eq!(
        l,
        vec![UNFOUL_ALL, UNFOUL_FRIEND, UNFOUL_ENEMY, REMAIN_FOULED]
    );
}

/// "There is a 50-50 chance that collided ships will foul" and "For each collision, the game
/// determines fouling automatically": two ships meeting bow to bow collide once, so the pair
/// rolls once, although the loser's move back takes it into the winner's new bow hex.
#[test]
fn a_head_on_meeting_is_one_collision_with_one_fouling_roll() {
    for outcome in [FOUL, NO_FOUL] {
        let mut g = game(
            NE,
            &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(0, -1, S))],
        );
        let (a, b) = (g.ships[0].pos, g.ships[1].pos);
        orders(&mut g, &["1 hold", "1 hold"]);
        assert!(
            matches!(
                g.pending,
                Pending::Foul { losers, .. } if losers.count_ones() == 1
            ),
            "{:?}",
            g.pending
        );
        assert_uniform(&g, &[FOUL, NO_FOUL]);
        chance(&mut g, outcome, 0.5);
        assert!(
            !matches!(g.pending, Pending::Foul { .. }),
            "a second fouling roll for the same pair"
        );
        let fouled = u32::from(outcome == FOUL);
        assert_eq!(g.ships[0].fouled, fouled << 1);
        assert_eq!(g.ships[1].fouled, fouled);
        finish(&mut g);
        assert_eq!(
            (g.ships[0].pos, g.ships[1].pos),
            (a, b),
            "both end where they began"
        );
    }
}

/// "There is [...] a one third chance that fouled ships will unfoul." "If so, [...] the ships
/// involved can move and turn normally."
#[test]
fn fouled_ships_unfoul_one_time_in_three_and_then_move() {
    let base = {
        let mut g = game(
            N,
            &[
                ship(0, FRIGATE, pos(0, 0, SE)),
                ship(1, FRIGATE, pos(0, 2, SE)),
            ],
        );
        g.ships[0].fouled = 1 << 1;
        g.ships[1].fouled = 1 << 0;
        restart_orders(&mut g);
        orders(&mut g, &["2 hold unfoul=all", "0 hold unfoul=all"]);
        g
    };
    assert_eq!(base.pending, Pending::Unfoul { a: 0, b: 1 });
    let outcomes: Vec<_> = base.chance_outcomes().iter().collect();
    assert_eq!(outcomes.len(), 2);

    let mut ok = base.clone();
    chance(&mut ok, UNFOUL_SUCCESS, 1.0 / 3.0);
    assert_eq!((ok.ships[0].fouled, ok.ships[1].fouled), (0, 0));
    finish(&mut ok);
    assert_eq!(
        ok.ships[0].pos,
        pos(2, 0, SE),
        "unfouled: it sails its two hexes"
    );

    let mut stuck = base;
    chance(&mut stuck, UNFOUL_FAIL, 2.0 / 3.0);
    finish(&mut stuck);
    assert_eq!(stuck.ships[0].pos, pos(0, 0, SE), "still fouled: it stays");
    assert_eq!(stuck.ships[0].fouled, 1 << 1);
}

/// "Unfoul All [...] Unfoul Friend: Only attempt to unfoul from friendly ships, but remain
/// fouled to enemy ships. Unfoul Enemy: Only attempt to unfoul from enemy ships, but remain
/// fouled to friendly ships. Remain Fouled: Remain fouled to all ships."
#[test]
fn unfouling_options_choose_which_pairs_roll() {
    // Ship 0 is fouled with its friend 1 and with the enemy 2; 1 and 2 want to stay fouled.
    let rolls = |option: &str| -> Vec<(u8, u8)> {
        let mut g = game(
            N,
            &[
                ship(0, FRIGATE, pos(0, 0, SE)),
                ship(0, FRIGATE, pos(0, 2, SE)),
                ship(1, FRIGATE, pos(0, -2, SE)),
            ],
        );
        g.ships[0].fouled = 0b110;
        g.ships[1].fouled = 0b001;
        g.ships[2].fouled = 0b001;
        restart_orders(&mut g);
        orders(
            &mut g,
            &[
                &format!("0 hold unfoul={option}"),
                "0 hold unfoul=remain",
                "0 hold unfoul=remain",
            ],
        );
        let mut seen = Vec::new();
        while let Pending::Unfoul { a, b } = g.pending {
            seen.push((a, b));
            chance(&mut g, UNFOUL_FAIL, 2.0 / 3.0);
        }
        seen
    };
    assert_eq!(rolls("all"), vec![(0, 1), (0, 2)]);
    assert_eq!(rolls("friend"), vec![(0, 1)]);
    assert_eq!(rolls("enemy"), vec![(0, 2)]);
    assert_eq!(rolls("remain"), vec![]);
}

/// "They are still afloat, so other ships can collide with them and even foul." (struck ships)
#[test]
fn struck_ships_are_still_obstacles() {
    let mut g = game(
        N,
        &[
            ship(0, FRIGATE, pos(-2, 1, SE)),
            ship(1, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(-10, 8, N)),
        ],
    );
    g.ships[1].hull = 0;
    g.ships[1].flags |= flag::STRUCK;
    restart_orders(&mut g);
    orders(&mut g, &["3 hold", "0 hold"]);
    assert_eq!(
        g.pending,
        Pending::Foul {
            winner: 1,
            losers: 1
        }
    );
    chance(&mut g, FOUL, 0.5);
    assert_eq!(g.ships[1].fouled, 1);
    assert_eq!(g.ships[0].pos, pos(-1, 1, SE));
}

/// "Fouled ships cannot move or turn in place, but can fire."
#[test]
fn fouled_ships_can_fire() {
    // Parallel, adjacent, both facing N: each lies in the other's field.
    let mut g = game(N, &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(1, 0, N))]);
    g.ships[0].fouled = 1 << 1;
    g.ships[1].fouled = 1 << 0;
    restart_orders(&mut g);
    orders(
        &mut g,
        &["0 hull fire>=0 unfoul=remain", "0 hold unfoul=remain"],
    );
    assert_eq!(g.turn(), Turn::Chance);
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
    chance(&mut g, DIE_1, 1.0 / 6.0);
}
