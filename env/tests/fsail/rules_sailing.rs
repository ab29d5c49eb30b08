//! Fighting Sail rules, one test per rule: sailing dice and wind attitudes, spending
//! sailing points (manoeuvre, tack, wear), and what stops a move (the table edge, other
//! ships, terrain).
//!
//! Each test quotes the line it checks: of the reference sheet (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`), of its substitutes (`shared/rules-notes.md`,
//! Seed 001) or of the ruleset doc (`docs/rulesets/fsail.md`). Positions are in inches on a
//! 48" x 36" table, the wind from the north unless a test says otherwise; headings in
//! degrees clockwise from north (90 = east).

use crate::common::*;
use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::{Attitude, FsailGame, Pending, Phase, Weather};
use broadside_env::game::Game;
use broadside_env::plane::Point;

/// A new game with the wind from `wind`, no weather deck, no terrain.
fn game_with(ships: &[Def], wind: &str) -> FsailGame {
    game_full(ships, wind, false, &[])
}

/// A game at player 0's ship selection in the sailing phase.
fn at_sailing_with(ships: &[Def], wind: &str) -> FsailGame {
    let mut g = game_with(ships, wind);
    g.apply(INIT_0).unwrap();
    g
}

/// A game at player 0's ship selection in the sailing phase, the wind from the north.
fn at_sailing(ships: &[Def]) -> FsailGame {
    at_sailing_with(ships, "N")
}

/// Ship 0 picked, with `points` sailing points.
fn spending_with(ships: &[Def], wind: &str, points: u8) -> FsailGame {
    let mut g = at_sailing_with(ships, wind);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(points)).unwrap();
    assert!(
        matches!(g.phase, Phase::SailSpend { points: p, .. } if p == points),
        "{:?}",
        g.phase
    );
    g
}

/// Ship 0 picked, with `points` sailing points, the wind from the north.
fn spending(ships: &[Def], points: u8) -> FsailGame {
    spending_with(ships, "N", points)
}

/// A frigate running before the north wind (heading south), an enemy far off.
const RUNNING: [Def; 2] = [
    (0, "frigate", 20.0, 20.0, 180),
    (1, "frigate", 5.0, 30.0, 90),
];

fn any_turn_legal(g: &FsailGame) -> bool {
    let l = g.legal_actions();
    (TURN_PORT..SAIL_END).any(|a| l.contains(a))
}

/// `x` inches in thousandths of an inch, the unit of table positions.
fn inch(x: f64) -> i32 {
    (x * 1000.0).round() as i32
}

#[test]
fn sailing_dice_equal_sailing_stat_success_is_a_point() {
    // "Roll a number of dice equal to the ship's Sailing stat." "Each success rolled = 1
    // sailing point." A frigate (Sailing 5) reaching needs 4+.
    let mut g = at_sailing(&ABEAM);
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 5,
            target: 4,
            free: true
        }
    );
    let c = g.chance_outcomes();
    assert_eq!(c.len(), 6);
    assert_eq!(c.total_weight(), 6u32.pow(5));
    assert_eq!(prob(&g, roll(5)), 1.0 / 32.0);
    g.apply(roll(3)).unwrap();
    assert!(matches!(g.phase, Phase::SailSpend { points: 3, .. }));
}

#[test]
fn attitudes_set_the_sailing_target() {
    // "Reaching 4+, Running 4+, Close-Hauled 5+, In Irons 6."
    for (heading, att, target) in [
        (90, Attitude::Reaching, 4),
        (180, Attitude::Running, 4),
        (135, Attitude::Running, 4),
        (45, Attitude::CloseHauled, 5),
        (300, Attitude::CloseHauled, 5),
        (0, Attitude::InIrons, 6),
        (30, Attitude::InIrons, 6),
    ] {
        let mut g = at_sailing(&[
            (0, "frigate", 20.0, 15.0, heading),
            (1, "frigate", 5.0, 30.0, 90),
        ]);
        assert_eq!(g.attitude(0), att, "heading {heading}");
        g.apply(SHIP_0).unwrap();
        match g.pending {
            Pending::SailingDice { target: t, .. } => assert_eq!(t, target, "heading {heading}"),
            p => panic!("{p:?}"),
        }
    }
}

/// Wind attitudes (rules notes): "In Irons under 45, Close-Hauled 45 to under 90, Reaching
/// 90 to under 135, Running 135 to 180", by "the angle between the bow and the direction
/// the wind comes from". `attitudes_set_the_sailing_target` uses the north wind and the
/// 45/90/135 points only; here the middles of the bands, the other side of the bow and
/// other winds.
#[test]
fn attitude_bands_under_every_wind() {
    // (wind, heading, attitude)
    for (wind, heading, att) in [
        ("N", 44, Attitude::InIrons),
        ("N", 75, Attitude::CloseHauled),
        ("N", 89, Attitude::CloseHauled),
        ("N", 120, Attitude::Reaching),
        ("N", 134, Attitude::Reaching),
        ("N", 225, Attitude::Running),
        ("N", 240, Attitude::Reaching),
        ("E", 90, Attitude::InIrons),
        ("E", 0, Attitude::Reaching),
        ("E", 180, Attitude::Reaching),
        ("E", 270, Attitude::Running),
        ("E", 30, Attitude::CloseHauled),
        ("SW", 225, Attitude::InIrons),
        ("SW", 45, Attitude::Running),
        ("SW", 135, Attitude::Reaching),
        ("SW", 180, Attitude::CloseHauled),
    ] {
        let g = game_with(
            &[
                (0, "frigate", 20.0, 18.0, heading),
                (1, "frigate", 5.0, 30.0, 90),
            ],
            wind,
        );
        assert_eq!(g.attitude(0), att, "wind {wind}, heading {heading}");
    }
    // And the sailing target follows the attitude under a wind other than north: heading
    // east into an east wind is In Irons (6, no free point).
    let mut g = at_sailing_with(
        &[
            (0, "3rd-rate-74", 20.0, 18.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        "E",
    );
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 4,
            target: 6,
            free: false
        },
        "a 74 has Sailing 4"
    );
}

#[test]
fn free_sailing_point_unless_in_irons_or_anchored() {
    // "If no successes are rolled, the ship gets one free sailing point unless it was In
    // Irons or had an Anchor token."
    let mut g = at_sailing(&ABEAM);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(0)).unwrap();
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));

    let mut g = at_sailing(&[(0, "frigate", 20.0, 15.0, 0), (1, "frigate", 5.0, 30.0, 90)]);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(0)).unwrap();
    assert_eq!(
        g.phase,
        Phase::SailSelect { player: 1 },
        "in irons: no points, next side"
    );
}

#[test]
fn anchor_token_one_fewer_die_no_free_point_then_removed() {
    // Substitute (rules-notes): "the ship gets no free sailing point and rolls one fewer
    // Sailing die in its next sailing phase, then the token is removed."
    let mut g = at_sailing(&ABEAM);
    g.ships[0].anchor = true;
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 4,
            target: 4,
            free: false
        }
    );
    assert!(!g.ships[0].anchor);
    g.apply(roll(0)).unwrap();
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn becalmed_ships_roll_no_dice_but_keep_the_free_point() {
    // Weather deck "1: Becalmed" (substitute: no sailing dice, the free point remains).
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Becalmed;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
}

/// Rules notes, becalmed: "no ship rolls sailing dice that turn (each still gets its free
/// point unless In Irons or anchored)".
/// `becalmed_ships_roll_no_dice_but_keep_the_free_point` checks only the free point kept.
#[test]
fn becalmed_ships_in_irons_or_anchored_get_no_point() {
    // In irons (heading into the north wind).
    let mut g = at_sailing(&[(0, "frigate", 20.0, 18.0, 0), (1, "frigate", 5.0, 30.0, 90)]);
    g.weather = Weather::Becalmed;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None, "no dice when becalmed");
    assert_eq!(
        g.phase,
        Phase::SailSelect { player: 1 },
        "no point to spend"
    );
    // Anchored, reaching.
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Becalmed;
    g.ships[0].anchor = true;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None);
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
    assert!(!g.ships[0].anchor, "the Anchor token is spent all the same");
}

#[test]
fn gale_makes_sailing_easier() {
    // Weather deck "6: The wind picks up to a gale" (substitute: sailing one easier).
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Gale;
    g.apply(SHIP_0).unwrap();
    assert!(matches!(g.pending, Pending::SailingDice { target: 3, .. }));
}

#[test]
fn manoeuvre_one_point_up_to_two_inches_turn_only_after_the_full_move() {
    // "Manoeuvre: 1 sailing point, up to 2", if it moves the full 2", up to 30 degrees in
    // either direction."
    let mut g = spending(&ABEAM, 2);
    let legal = g.legal_actions();
    for a in MANOEUVRE_QUARTER..TURN_PORT {
        assert!(legal.contains(a), "{}", ACTION_NAMES[a as usize]);
    }
    let c = g.ships[0].base.centre;
    g.apply(MANOEUVRE_QUARTER + 1).unwrap(); // 1" ahead
    assert_eq!(g.ships[0].base.centre, Point::new(c.x + 1000, c.y));
    assert_eq!(g.ships[0].base.heading, 90);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
    g.apply(MANOEUVRE_FULL + 4).unwrap(); // 2" and 30 degrees to starboard
    assert_eq!(g.ships[0].base.centre, Point::new(c.x + 3000, c.y));
    assert_eq!(g.ships[0].base.heading, 120);
    // Out of points, and side 0 has no other ship: side 1 sails.
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn tack_costs_two_and_turns_towards_the_wind() {
    // "Tack: 2 sailing points, 2", up to 90 degrees towards the wind." Heading east with
    // the wind from the north, towards the wind is to port.
    let g = spending(&ABEAM, 1);
    let legal = g.legal_actions();
    assert!(!legal.contains(TURN_PORT), "a tack needs two points");
    assert!(legal.contains(TURN_STBD + 5), "a wear needs one");
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 10.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        2,
    );
    let m = g.sail_move(0, TURN_PORT + 5).unwrap();
    assert!(m.tack);
    assert_eq!((m.cost, m.turn, m.dist), (2, -90, 2000));
    g.apply(TURN_PORT + 5).unwrap();
    assert_eq!(g.ships[0].base.heading, 0);
    assert_eq!(g.ships[0].base.centre, Point::new(inch(22.0), inch(10.0)));
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

/// "Tack: 2 sailing points, 2", up to 90 degrees towards the wind. Wear: 1 sailing point,
/// 2", up to 90 degrees away from the wind." Which way is "towards" depends on the side the
/// wind is on: `tack_costs_two_and_turns_towards_the_wind` tries only a ship heading east
/// in a north wind (port = tack), which a rule "port is always a tack" would pass.
#[test]
fn a_tack_turns_towards_the_wind_on_whichever_side_it_is() {
    // (wind, heading, tack direction: -1 port, +1 starboard)
    for (wind, heading, tack_dir) in [
        ("N", 270, 1),
        ("N", 90, -1),
        ("N", 45, -1),
        ("N", 315, 1),
        ("E", 0, 1),
        ("E", 180, -1),
        ("SW", 135, 1),
    ] {
        let g = game_with(
            &[
                (0, "frigate", 20.0, 18.0, heading),
                (1, "frigate", 5.0, 30.0, 90),
            ],
            wind,
        );
        let (tack_a, wear_a) = if tack_dir > 0 {
            (TURN_STBD + 5, TURN_PORT + 5)
        } else {
            (TURN_PORT + 5, TURN_STBD + 5)
        };
        let t = g.sail_move(0, tack_a).unwrap();
        assert!(t.tack, "wind {wind}, heading {heading}");
        assert_eq!((t.cost, t.turn, t.dist), (2, 90 * tack_dir, 2000));
        let w = g.sail_move(0, wear_a).unwrap();
        assert!(!w.tack, "wind {wind}, heading {heading}");
        assert_eq!((w.cost, w.turn, w.dist), (1, -90 * tack_dir, 2000));
    }
    // Heading west in a north wind with one point: the wear (to port) is offered, the
    // tack (to starboard) is not.
    let g = spending(
        &[
            (0, "frigate", 30.0, 18.0, 270),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        1,
    );
    let l = g.legal_actions();
    assert!(l.contains(TURN_PORT) && l.contains(TURN_PORT + 5));
    assert!((TURN_STBD..SAIL_END).all(|a| !l.contains(a)));
}

/// Ruleset doc, Deviations (Tack direction): "with the wind dead ahead both directions turn
/// away (wear only)".
#[test]
fn with_the_wind_dead_ahead_both_turns_are_wears() {
    let g = spending(
        &[(0, "frigate", 20.0, 18.0, 0), (1, "frigate", 5.0, 30.0, 90)],
        1,
    );
    assert_eq!(g.attitude(0), Attitude::InIrons);
    for a in TURN_PORT..SAIL_END {
        let m = g.sail_move(0, a).unwrap();
        assert!(!m.tack && m.cost == 1, "{}", ACTION_NAMES[a as usize]);
    }
    let l = g.legal_actions();
    assert!(l.contains(TURN_PORT + 5) && l.contains(TURN_STBD + 5));
}

#[test]
fn wear_costs_one_and_turns_away_from_the_wind() {
    // "Wear: 1 sailing point, 2", up to 90 degrees away from the wind."
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        2,
    );
    let m = g.sail_move(0, TURN_STBD + 2).unwrap();
    assert!(!m.tack);
    assert_eq!((m.cost, m.turn), (1, 45));
    g.apply(TURN_STBD + 2).unwrap();
    assert_eq!(g.ships[0].base.heading, 135);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
}

#[test]
fn running_ships_cannot_tack_or_wear() {
    // "Running 4+: Cannot tack or wear."
    let g = spending(&RUNNING, 3);
    assert!(!any_turn_legal(&g));
    assert!(g.legal_actions().contains(MANOEUVRE_FULL));
}

/// "Running 4+: Cannot tack or wear." Ruleset doc (Attitude): "running ships cannot tack or
/// wear" uses the attitude at the moment of each spend. So a wear into running ends the
/// turning, and a running ship that manoeuvres out of running may wear again.
#[test]
fn running_is_read_at_each_spend() {
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 18.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        3,
    );
    assert!(any_turn_legal(&g));
    g.apply(TURN_STBD + 2).unwrap(); // wear 45 degrees: heading 135, running
    assert_eq!(g.attitude(0), Attitude::Running);
    assert!(matches!(g.phase, Phase::SailSpend { points: 2, .. }));
    assert!(!any_turn_legal(&g), "now running: no tack or wear");
    assert!(g.legal_actions().contains(MANOEUVRE_FULL + 2));

    let mut g = spending(&RUNNING, 3);
    assert!(!any_turn_legal(&g));
    g.apply(MANOEUVRE_FULL).unwrap(); // 2" and 30 to port: heading 150, still running
    assert_eq!(g.ships[0].base.heading, 150);
    assert!(!any_turn_legal(&g));
    g.apply(MANOEUVRE_FULL).unwrap(); // heading 120: reaching
    assert_eq!(g.attitude(0), Attitude::Reaching);
    let l = g.legal_actions();
    assert!(l.contains(TURN_STBD + 5), "a wear is allowed again");
    assert!(
        !l.contains(TURN_PORT),
        "a tack needs two points, one is left"
    );
}

#[test]
fn moves_may_not_leave_the_table_or_touch_another_ship() {
    // Substitute: the table edge and other bases stop a move (the mask excludes it).
    let g = spending(
        &[
            (0, "frigate", 45.0, 20.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        1,
    );
    let legal = g.legal_actions();
    assert!(
        !legal.contains(MANOEUVRE_FULL + 2),
        "2\" ahead runs off the table"
    );
    assert!(legal.contains(MANOEUVRE_QUARTER), "0.5\" stays on");
    // A ship 3.5" ahead on the same line blocks a 2" move (the bows would overlap).
    let g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 90),
            (1, "frigate", 24.0, 20.0, 90),
        ],
        1,
    );
    let legal = g.legal_actions();
    assert!(!legal.contains(MANOEUVRE_FULL + 2));
    assert!(!legal.contains(MANOEUVRE_QUARTER + 1));
    assert!(
        legal.contains(MANOEUVRE_QUARTER),
        "0.5\" leaves the bases 0.5\" apart"
    );
    assert!(legal.contains(SAIL_END));
}

/// Ruleset doc (Geometry / Substitutes): a move "whose path touches another ship or
/// terrain is not offered". `moves_may_not_leave_the_table_or_touch_another_ship` checks
/// ships only.
#[test]
fn terrain_blocks_a_move() {
    let ships = [
        (0, "frigate", 20.0, 20.0, 90),
        (1, "frigate", 5.0, 30.0, 90),
    ];
    // A 2" x 2" rock whose west face is 1.5" off the frigate's bow.
    let rock = [(24.0, 20.0, 2.0, 2.0, 0)];
    let mut g = game_full(&ships, "N", false, &rock);
    g.apply(INIT_0).unwrap();
    g.apply(SHIP_0).unwrap();
    g.apply(roll(1)).unwrap();
    let l = g.legal_actions();
    assert!(
        !l.contains(MANOEUVRE_FULL + 2),
        "2\" ahead runs into the rock"
    );
    assert!(!l.contains(TURN_STBD + 5), "so does the 2\" of a wear");
    assert!(l.contains(MANOEUVRE_QUARTER + 1), "1\" ahead stays clear");
    // The same ship without the rock may go the full 2".
    let g = spending(&ships, 1);
    assert!(g.legal_actions().contains(MANOEUVRE_FULL + 2));
}

/// Ruleset doc, Deviations (Moves): "only the final base must be on the table (a corner may
/// swing over the edge during a pivot)". A frigate 1.52" below the north edge, heading
/// east, wears 90 degrees to north (wind from the south): its bow ends 0.02" inside the
/// edge, though a corner (1.55" from the mainmast) swings past it on the way.
#[test]
fn a_pivot_may_swing_a_corner_over_the_edge() {
    let mut g = spending_with(
        &[
            (0, "frigate", 20.0, 34.48, 90),
            (1, "frigate", 5.0, 10.0, 90),
        ],
        "S",
        1,
    );
    let m = g.sail_move(0, TURN_PORT + 5).unwrap();
    assert!(!m.tack, "north is away from a south wind");
    assert!(g.legal_actions().contains(TURN_PORT + 5));
    g.apply(TURN_PORT + 5).unwrap();
    assert_eq!(g.ships[0].base.heading, 0);
    g.check_invariants().unwrap();
    // A turn that would leave the bow past the edge is not offered: the same from 34.6".
    let g = spending_with(
        &[
            (0, "frigate", 20.0, 34.6, 90),
            (1, "frigate", 5.0, 10.0, 90),
        ],
        "S",
        1,
    );
    assert!(!g.legal_actions().contains(TURN_PORT + 5));
}
