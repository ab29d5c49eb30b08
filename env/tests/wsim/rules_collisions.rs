//! WS&IM rules, one test per rule: simultaneous movement, collisions, fouling and
//! unfouling.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`), or of the
//! ruleset doc's "Deviations and interpretations" (`docs/rulesets/wsim.md`) where the engine
//! documents a reading of the seed, that it checks.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::hex::ShipPos;
use broadside_env::wsim::catalogue::{
    DIE_1, FOUL, NO_FOUL, PICK_0, REMAIN_FOULED, UNFOUL_ALL, UNFOUL_ENEMY, UNFOUL_FAIL,
    UNFOUL_FRIEND, UNFOUL_SUCCESS,
};
use broadside_env::wsim::state::{flag, Pending, Phase, Step};
use broadside_env::wsim::WsimGame;

/// Finishes the turn with no fouling, no unfouling and first outcomes elsewhere.
fn finish_unfouled(g: &mut WsimGame) {
    settle(g, |g| match g.pending {
        Pending::Foul { .. } => NO_FOUL,
        Pending::Unfoul { .. } => UNFOUL_FAIL,
        _ => g.chance_outcomes().iter().next().unwrap().0,
    });
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
    finish_unfouled(&mut g);
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
    finish_unfouled(&mut g);
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
    finish_unfouled(&mut g);
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
        finish_unfouled(&mut g);
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
    finish_unfouled(&mut ok);
    assert_eq!(
        ok.ships[0].pos,
        pos(2, 0, SE),
        "unfouled: it sails its two hexes"
    );

    let mut stuck = base;
    chance(&mut stuck, UNFOUL_FAIL, 2.0 / 3.0);
    finish_unfouled(&mut stuck);
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
