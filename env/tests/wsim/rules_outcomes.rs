//! WS&IM rules, one test per rule: loading, damage effects, surrender, points and the end of
//! the game.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`), or of the
//! ruleset doc's "Deviations and interpretations" (`docs/rulesets/wsim.md`) where the engine
//! documents a reading of the seed, that it checks.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::hex::{ShipPos, Side};
use broadside_env::wsim::catalogue::{RELOAD_LEFT, RELOAD_RIGHT, RESIGN};
use broadside_env::wsim::data::tables;
use broadside_env::wsim::state::{flag, Pending};
use broadside_env::wsim::{EndReason, Ending, WsimGame, WsimOptions};

/// Ship 0 facing N at the origin, ship 1 (side 1) abreast `d` hexes to the east.
fn abreast(firer: ShipDef, target: u16, d: i16) -> WsimGame {
    game(N, &[firer, ship(1, target, pos(d, 0, N))])
}

/// Ship 0 (SOL, side 0) between two enemies two hexes away on either beam.
fn between() -> WsimGame {
    game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-2, 1, N)),
        ],
    )
}

/// "Ships have their broadsides loaded in the beginning of the scenario. The first time each
/// broadside is fired it is called an initial broadside".
#[test]
fn broadsides_start_loaded_and_initial() {
    let g = between();
    for s in g.ships() {
        assert_eq!(s.loaded, [true, true]);
        assert_eq!(s.initial, [true, true]);
    }
}

/// "A ship can load one complete broadside per turn. Only one side can be loaded, not both."
/// and "Left or Right can be specified if the player wants one particular side to fire during
/// the next turn."
#[test]
fn one_broadside_loaded_per_turn_left_or_right_as_ordered() {
    for (load, want) in [("left", [true, false]), ("right", [false, true])] {
        let mut g = between();
        orders(
            &mut g,
            &[&format!("0 hull fire>=0 load={load}"), "0 hold", "0 hold"],
        );
        die(&mut g, 1);
        die(&mut g, 1);
        finish(&mut g);
        assert_eq!(g.turn, 2);
        assert_eq!(g.ships[0].loaded, want, "load={load}");
    }
}

/// "If both broadsides have fired and Any side is specified, the game picks one side
/// randomly."
#[test]
fn load_any_with_both_empty_is_a_uniform_chance_node() {
    let mut g = between();
    orders(&mut g, &["0 hull fire>=0 load=any", "0 hold", "0 hold"]);
    die(&mut g, 1);
    die(&mut g, 1);
    while g.turn() == Turn::Chance && !matches!(g.pending, Pending::ReloadSide { .. }) {
        g.apply(g.chance_outcomes().iter().next().unwrap().0)
            .unwrap();
    }
    assert_eq!(g.pending, Pending::ReloadSide { ship: 0 });
    assert_uniform(&g, &[RELOAD_LEFT, RELOAD_RIGHT]);
    chance(&mut g, RELOAD_RIGHT, 0.5);
    assert_eq!(g.ships[0].loaded, [false, true]);
}

/// "Any side loads either broadside and is sufficient if only one broadside fires." and "A
/// broadside can be loaded in the same turn that it is fired, and fired again during the
/// following turn".
#[test]
fn a_fired_broadside_reloads_and_fires_again_next_turn() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)), SOL, 2);
    orders(&mut g, &["0 hull fire>=0 load=any", "0 hold"]);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            side: 1,
            ..
        }
    ));
    die(&mut g, 1);
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[0].loaded, [true, true]);
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(
        g.pending,
        Pending::FireDie {
            ship: 0,
            side: 1,
            ..
        }
    ));
}

/// "Note that a partially damaged hull operates normally, so a ship with even one hull square
/// remaining can move and fire as if it was undamaged."
#[test]
fn one_hull_square_left_still_moves_and_fires() {
    let whole = abreast(ship(0, SOL, pos(0, 0, SE)), SOL, 6);
    let mut hurt = whole.clone();
    hurt.ships[0].hull = 1;
    assert_eq!(hurt.allowance(0), whole.allowance(0));
    assert_eq!(
        hurt.best_targets(0, Side::Right),
        whole.best_targets(0, Side::Right)
    );
    assert!(legal_order(&hurt, "3"));
}

/// "When all of a ship's hull squares have been marked off, that ship will surrender by
/// striking her colors." and "Single ship scenarios end when one ship surrenders. The other
/// player is the winner." Points: "A player which forces the surrender of an enemy ship is
/// awarded this point value."
#[test]
fn hull_gone_strikes_and_ends_a_duel() {
    // 20 gun squares at 1 hex: table 7; die 4: "3H-3G-C".
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(20), SOL, 1);
    g.ships[1].hull = 3;
    let points = g.ships[1].points;
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { table: 7, .. }));
    die(&mut g, 4);
    finish(&mut g);
    assert!(g.ships[1].struck());
    assert_eq!(g.ships[1].hull, 0);
    assert_eq!(g.scores, [points, 0]);
    assert_eq!(g.turn(), Turn::Terminal);
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Surrender
        })
    );
    assert_eq!(g.returns(), [1.0, -1.0]);
}

/// "If both ships surrender simultaneously, it is a draw."
#[test]
fn both_duellists_striking_at_once_is_a_draw() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(5), SOL, 1);
    g.ships[1].guns = [5, 5];
    g.ships[0].hull = 1;
    g.ships[1].hull = 1;
    orders(&mut g, &["0 hull fire>=0", "0 hull fire>=0"]);
    die(&mut g, 2); // table 3: "2H"
    die(&mut g, 2);
    finish(&mut g);
    assert!(g.ships[0].struck() && g.ships[1].struck());
    assert_eq!(
        g.ending,
        Some(Ending::Draw {
            reason: EndReason::Surrender
        })
    );
    assert_eq!(g.returns(), [0.0, 0.0]);
}

/// "When all crew squares on a ship are lost, the ship cannot move or fire. Whoever fired at it
/// receives points accordingly. However, the ship is still a target and can be fired at." and
/// "That same ship might strike later, again awarding her full point value to those in the
/// final shot."
#[test]
fn crew_loss_stops_the_ship_scores_and_leaves_it_a_target() {
    // 1-3 guns at 1 hex: 1, initial +1 = table 2; die 3: "H-C".
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(2), SOL, 1);
    g.ships[1].crew = [0, 0, 1];
    let points = g.ships[1].points;
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { table: 2, .. }));
    die(&mut g, 3);
    finish(&mut g);
    assert!(g.ships[1].crewless() && !g.ships[1].struck());
    assert_eq!(g.scores, [points, 0]);
    assert_eq!(g.ending, None, "a duel goes on until a ship strikes");
    assert_eq!(g.turn, 2);
    // Turn 2: the crewless ship writes no orders, cannot fire, and is still a target.
    assert_eq!(g.eligible_targets(0, Side::Right).0, 1 << 1);
    let t = g.ships[1].pos;
    g.ships[1].hull = 1;
    order(&mut g, "0 hull fire>=0");
    assert!(
        matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 1,
                table: 1,
                ..
            }
        ),
        "only ship 0 fires: {:?}",
        g.pending
    );
    die(&mut g, 4); // table 1: "H"
    assert!(
        !matches!(g.pending, Pending::FireDie { ship: 1, .. }),
        "the crewless ship does not fire back"
    );
    finish(&mut g);
    assert_eq!(g.ships[1].initial, [true, true], "it never fired");
    assert_eq!(g.ships[1].pos, t);
    assert!(g.ships[1].struck());
    assert_eq!(g.scores, [2 * points, 0]);
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Surrender
        })
    );
}

/// "When all gun squares are marked off, the ship will surrender if an enemy ship manages to
/// fire a broadside on it from an adjacent hex and there are no friendly ship of the same or
/// larger class as the firing ship within ten hexes. This is known as surrender by firepower."
#[test]
fn surrender_by_firepower() {
    // The firer is a class-2 ship of the line; the target's friend sits 5 hexes from it.
    let run = |friend: u16, friend_pos: broadside_env::hex::ShipPos, range: i16| -> WsimGame {
        let mut g = game(
            N,
            &[
                ship(0, SOL, pos(0, 0, N)),
                ship(1, SOL, pos(range, 0, N)),
                ship(1, friend, friend_pos),
            ],
        );
        g.ships[1].guns = [0, 0];
        g.ships[1].carronades = [0, 0];
        orders(&mut g, &["0 hull fire>=0", "0 hold", "0 hold"]);
        assert!(matches!(
            g.pending,
            Pending::FireDie {
                ship: 0,
                target: 1,
                ..
            }
        ));
        die(&mut g, 1);
        finish(&mut g);
        g
    };
    let near = pos(0, -5, N);
    let g = run(FRIGATE, near, 1);
    assert!(g.ships[1].struck(), "a smaller friend does not help");
    assert_eq!(g.scores[0], g.ships[1].points);
    assert_eq!(g.ending, None, "side 1 still has a ship able to fight");
    assert!(!run(SOL, near, 1).ships[1].struck(), "same class helps");
    assert!(!run(SOL1, near, 1).ships[1].struck(), "larger class helps");
    assert!(
        run(SOL, pos(-14, 12, N), 1).ships[1].struck(),
        "a friend more than ten hexes away does not help"
    );
    assert!(
        !run(FRIGATE, near, 2).ships[1].struck(),
        "fire from two hexes is not from an adjacent hex"
    );
}

/// "If all rigging squares are marked off, the ship will surrender to the first enemy ship
/// which can rake its hull if and only if no friendly ship of the same or larger class as the
/// firing ship is within ten hexes." Seed example: "if a 1st SOL rakes a ship that lost all of
/// its rigging squares, another friendly 1st SOL must be within ten hexes to avoid the
/// surrender. A 2nd SOL is not the same class as a 1st SOL, so a 2nd SOL or frigate will not
/// qualify. Also, the shot must be a rake aimed at the hull."
#[test]
fn surrender_by_immobility_seed_example() {
    let run = |friend: u16, aim: &str, dr: i16| -> WsimGame {
        // A 1st SOL off the dismasted target's bow rakes it; the friend is 6 hexes away.
        let mut g = game(
            N,
            &[
                ship(0, SOL1, pos(1, dr, NE)),
                ship(1, SOL, pos(0, 0, N)),
                ship(1, friend, pos(-6, 2, N)),
            ],
        );
        let (f, t, k) = (g.ships[0].pos, g.ships[1].pos, g.ships[2].pos);
        assert!(f.rakes(Side::Right, t));
        assert!(!f.field_holds_ship(Side::Left, k) && !f.field_holds_ship(Side::Right, k));
        assert!(k.range_to(t) <= 10);
        g.ships[1].rigging = [0; 4];
        orders(&mut g, &[&format!("0 {aim} fire>=0"), "0 hold", "0 hold"]);
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
        g
    };
    assert_eq!(ship_class(SOL1), 1);
    assert_eq!(ship_class(SOL), 2);
    let g = run(SOL, "hull", -3);
    assert!(
        g.ships[1].struck(),
        "a 2nd SOL friend does not save it from a 1st SOL"
    );
    assert_eq!(g.scores[0], g.ships[1].points);
    assert!(
        !run(SOL1, "hull", -3).ships[1].struck(),
        "a 1st SOL friend does"
    );
    assert!(
        !run(SOL, "rigging", -3).ships[1].struck(),
        "a shot aimed at the rigging is no hull rake"
    );
    assert!(
        !run(SOL, "hull", -7).ships[1].struck(),
        "at six hexes the shot is aimed at the rigging"
    );
}

fn ship_class(spec: u16) -> u8 {
    broadside_env::wsim::data::ship_specs()[spec as usize].class
}

/// "At the end of the scenario, all points are counted and the player still able to fight
/// with the highest amount is declared the winner." (here at the no-fire timer)
#[test]
fn multi_ship_game_is_won_on_points() {
    let fleet = || {
        game(
            N,
            &[
                ship(0, SOL, pos(-12, 10, N)),
                ship(0, SOL, pos(-8, 10, N)),
                ship(1, SOL, pos(12, -10, N)),
                ship(1, SOL, pos(8, -10, N)),
            ],
        )
    };
    let limit = tables().rules.no_fire_grace_turns + tables().rules.no_fire_timer_turns;
    for (scores, want) in [
        (
            [30, 10],
            Ending::Win {
                winner: 0,
                reason: EndReason::NoFire,
            },
        ),
        (
            [10, 30],
            Ending::Win {
                winner: 1,
                reason: EndReason::NoFire,
            },
        ),
        (
            [20, 20],
            Ending::Draw {
                reason: EndReason::NoFire,
            },
        ),
    ] {
        let mut g = fleet();
        assert!(!g.single_ship);
        g.scores = scores;
        g.no_fire_turns = limit - 1;
        quiet_turn(&mut g, "0 hold");
        assert_eq!(g.ending, Some(want), "scores {scores:?}");
    }
}

/// "the player still able to fight with the highest amount is declared the winner": a side
/// with no ship able to fight loses whatever its points.
#[test]
fn multi_ship_side_unable_to_fight_loses() {
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(-12, 10, N)),
            ship(1, SOL, pos(12, -10, N)),
            ship(1, SOL, pos(8, -10, N)),
        ],
    );
    g.scores = [0, 50];
    g.ships[1].hull = 0;
    g.ships[1].flags |= flag::STRUCK;
    g.ships[2].crew = [0; 3];
    g.ships[2].flags |= flag::CREWLESS;
    restart_orders(&mut g);
    quiet_turn(&mut g, "0 hold");
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Annihilation
        })
    );
}

/// "If no one fires for several turns, the game will begin a five-turn timer [...] If neither
/// side fires, or is able to fire, for the next five turns, the game will end." ("several" =
/// `no_fire_grace_turns` in `tables.toml`.)
#[test]
fn no_fire_timer_ends_the_game() {
    let rules = &tables().rules;
    assert_eq!(rules.no_fire_timer_turns, 5);
    let limit = rules.no_fire_grace_turns + rules.no_fire_timer_turns;
    let mut g = game(
        N,
        &[ship(0, SOL, pos(-12, 10, N)), ship(1, SOL, pos(12, -10, N))],
    );
    for turn in 1..limit {
        quiet_turn(&mut g, "0 hold");
        assert_eq!(g.ending, None, "after turn {turn}");
        assert_eq!(g.no_fire_turns, turn);
    }
    quiet_turn(&mut g, "0 hold");
    assert_eq!(
        g.ending,
        Some(Ending::Draw {
            reason: EndReason::NoFire
        })
    );
    assert_eq!(g.turn, limit);

    // A broadside fired resets the count.
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)), SOL, 3);
    g.no_fire_turns = limit - 1;
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    die(&mut g, 1);
    finish(&mut g);
    assert_eq!(g.ending, None);
    assert_eq!(g.no_fire_turns, 0);
}

/// "To avoid having games lasting forever, the game will automatically end after 200 turns,
/// because of the darkness. Also in this case, the winning coalition is the one with the most
/// victory points still able to fight."
#[test]
fn game_ends_after_two_hundred_turns() {
    assert_eq!(tables().rules.turn_limit, 200);
    let mut g = game(
        N,
        &[ship(0, SOL, pos(-12, 10, N)), ship(1, SOL, pos(12, -10, N))],
    );
    assert_eq!(g.turn_limit, 200);
    g.turn = 199;
    g.scores = [0, 5];
    quiet_turn(&mut g, "0 hold");
    assert_eq!(g.ending, None);
    assert_eq!(g.turn, 200);
    quiet_turn(&mut g, "0 hold");
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 1,
            reason: EndReason::TurnLimit
        })
    );
}

/// "A player may surrender at any time using the move input window. In a two player game, the
/// game ends and the other player is declared the winner, regardless of points scored so far.
/// [...] In either case, the surrendering player loses all points scored so far."
#[test]
fn resignation_gives_the_other_side_the_game_and_zeroes_the_score() {
    let sc = scenario(
        N,
        &[ship(0, SOL, pos(-12, 10, N)), ship(1, SOL, pos(12, -10, N))],
    );
    let fresh = WsimGame::new(&sc, WsimOptions { resignation: true });
    // Side 0 resigns at its first decision, ahead on points.
    let mut g = fresh.clone();
    g.scores = [20, 5];
    assert!(legal(&g).contains(&RESIGN));
    g.apply(RESIGN).unwrap();
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 1,
            reason: EndReason::Resignation
        })
    );
    assert_eq!(g.scores, [0, 5]);
    assert_eq!(g.returns(), [-1.0, 1.0]);
    // Side 1 may resign at its first decision too.
    let mut g = fresh.clone();
    order(&mut g, "0 hold");
    assert_eq!(g.current_player(), Some(1));
    assert!(legal(&g).contains(&RESIGN));
    g.apply(RESIGN).unwrap();
    assert_eq!(
        g.ending,
        Some(Ending::Win {
            winner: 0,
            reason: EndReason::Resignation
        })
    );
    // Without the option, resigning is not an action.
    let g = WsimGame::new(&sc, WsimOptions { resignation: false });
    assert!(!legal(&g).contains(&RESIGN));
}

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
