//! WS&IM rules, one test per rule: the Hit Determination Table (gun squares, range and
//! modifiers), the fire threshold and the hit-table column.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`) it checks; the HDT
//! numbers are the Basic Game's, from the rules notes ("Seed 004") and `tables.toml`.
//! Unless said otherwise the firer is ship 0 facing N at the origin (its right field lies to
//! the east, its left to the west) and the wind is from the north.

use crate::common::*;
use broadside_env::hex::Side;
use broadside_env::wsim::data::{tables, Hits};
use broadside_env::wsim::state::Pending;
use broadside_env::wsim::WsimGame;

/// The HDT of ship 0's right broadside at ship 1 (unclamped).
fn hdt_right(g: &WsimGame) -> i32 {
    let range = g.ships[0].pos.range_to(g.ships[1].pos);
    g.hdt(0, Side::Right, 1, range).expect("guns can fire").hdt
}

/// Ship 0 (`firer`) facing N at the origin and ship 1 (`target`, side 1) facing N `d` hexes
/// to the east, parallel: not a rake, each in the other's field.
fn abreast(firer: ShipDef, target_spec: u16, d: i16) -> WsimGame {
    game(N, &[firer, ship(1, target_spec, pos(d, 0, N))])
}

/// "Count the number of guns squares on the broadside firing. Do not include damaged gun
/// squares in this count."
#[test]
fn damaged_gun_squares_do_not_fire() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2);
    assert_eq!(hdt_right(&g), 3 + 2, "10-12 guns at 2 hexes: 3, initial +2");
    g.ships[0].guns[1] = 6;
    assert_eq!(hdt_right(&g), 2 + 1, "4-6 guns at 2 hexes: 2, initial +1");
    g.ships[0].guns[1] = 0;
    assert_eq!(g.hdt(0, Side::Right, 1, 2), None, "no gun square left");
    assert_eq!(g.best_targets(0, Side::Right), None);
}

/// "Carronades are a special type of gun. They can only be fired at ships within the two hex
/// range. Carronade gun squares are added to the regular broadside capability."
#[test]
fn carronades_fire_only_at_two_hexes_or_less() {
    let firer = ship(0, SOL, pos(0, 0, N))
        .with("crew_quality = \"average\"")
        .with("guns = [4, 4]")
        .with("carronades = [3, 3]");
    let g2 = abreast(firer.clone(), SOL, 2);
    let s2 = g2.hdt(0, Side::Right, 1, 2).unwrap();
    assert_eq!(s2.guns, 7);
    assert_eq!(s2.hdt, 2 + 2, "7-9 guns at 2 hexes: 2, initial +2");
    let g3 = abreast(firer, SOL, 3);
    let s3 = g3.hdt(0, Side::Right, 1, 3).unwrap();
    assert_eq!(s3.guns, 4);
    assert_eq!(s3.hdt, 1 + 1, "4-6 guns at 3 hexes: 1, initial +1");
}

/// "Crew quality. Crews can be either poor, green, average, crack or elite. Poor and green
/// crews reduce the hit table while crack and elite crews add to it."
#[test]
fn hdt_crew_quality() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2);
    g.ships[0].initial = [false, false];
    // 10-12 guns at 2 hexes: table 3; quality modifiers for 10-12 guns: -2 -1 0 +2 +2.
    for (quality, want) in [(0, 1), (1, 2), (2, 3), (3, 5), (4, 5)] {
        g.ships[0].quality = quality;
        assert_eq!(hdt_right(&g), want, "quality {quality}");
    }
    // 1-3 guns at 1 hex: table 1; modifiers -1 0 0 +1 +1.
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(2), SOL, 1);
    g.ships[0].initial = [false, false];
    for (quality, want) in [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)] {
        g.ships[0].quality = quality;
        assert_eq!(hdt_right(&g), want, "quality {quality}");
    }
}

/// "Crew Losses. For each complete crew section lost, the hit table is decreased by one."
#[test]
fn hdt_crew_sections_lost() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2);
    g.ships[0].initial = [false, false];
    assert_eq!(hdt_right(&g), 3);
    g.ships[0].crew = [1, 10, 8];
    assert_eq!(hdt_right(&g), 3, "a partly lost section does not count");
    g.ships[0].crew = [0, 10, 8];
    assert_eq!(hdt_right(&g), 2);
    g.ships[0].crew = [0, 0, 8];
    assert_eq!(hdt_right(&g), 1);
}

/// "Initial Broadside. The first time a ship fires a broadside, it will be the most carefully
/// packed and aimed that it will fire. Each ship has two initial broadsides, one for each
/// side."
#[test]
fn hdt_initial_broadside_once_per_side() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2);
    assert_eq!(g.ships[0].initial, [true, true]);
    assert_eq!(hdt_right(&g), 3 + 2);
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    die(&mut g, 1);
    finish(&mut g);
    assert_eq!(g.turn, 2);
    assert_eq!(
        g.ships[0].loaded,
        [true, true],
        "reloaded at the end of turn 1"
    );
    assert_eq!(
        g.ships[0].initial,
        [true, false],
        "the left one is still unfired"
    );
    assert_eq!(hdt_right(&g), 3, "no bonus for the second broadside");
}

/// "Rake. Raking will increase the hit table, depending on the number of gun squares firing.
/// A ship is in a raking position anytime an opposing ship lies within the play of its
/// broadside, but it lies outside the play of the opposing broadside."
#[test]
fn hdt_rake_bonus() {
    // The firer lies off the target's bow, outside both of its fields.
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(1, -3, NE)).gunnery(10),
            ship(1, SOL, pos(0, 0, N)),
        ],
    );
    g.ships[0].initial = [false, false];
    let (f, t) = (g.ships[0].pos, g.ships[1].pos);
    assert!(f.field_holds_ship(Side::Right, t));
    assert!(!t.field_holds_ship(Side::Left, f) && !t.field_holds_ship(Side::Right, f));
    assert_eq!(f.range_to(t), 2);
    let sol = g.hdt(0, Side::Right, 1, 2).unwrap();
    assert!(sol.raked);
    assert_eq!(sol.hdt, 3 + 4, "10-12 guns at 2 hexes: 3, rake +4");
    // The target cannot fire back: the firer is in neither of its fields.
    assert_eq!(g.eligible_targets(1, Side::Left).0, 0);
    assert_eq!(g.eligible_targets(1, Side::Right).0, 0);
}

/// "If a table number higher than eight has been reached, use Table Eight, as this is the
/// highest allowed."
#[test]
fn hdt_above_eight_uses_table_eight() {
    let mut g = abreast(
        ship(0, SOL, pos(0, 0, N)).with("crew_quality = \"elite\""),
        SOL,
        1,
    );
    // 20 gun squares at 1 hex: 5, elite +3, initial +2 = 10.
    assert_eq!(g.best_targets(0, Side::Right), Some((1 << 1, 10)));
    orders(&mut g, &["0 hull fire>=8", "0 hold"]);
    assert!(
        matches!(g.pending, Pending::FireDie { table: 8, .. }),
        "{:?}",
        g.pending
    );
}

/// "If, after using all modifiers that apply, Table Zero or above has not been reached, the
/// ship will not fire. This is noted in the event log as unable to fire."
#[test]
fn hdt_below_zero_is_unable_to_fire() {
    let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(2), SOL, 8);
    // 1-3 guns at 7-10 hexes: -3, initial +1 = -2.
    assert_eq!(hdt_right(&g), -2);
    assert_eq!(g.best_targets(0, Side::Right), None);
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    assert!(at_orders(&g), "nobody fired: {:?}", g.pending);
    assert_eq!(g.turn, 2);
    assert_eq!(g.ships[0].initial, [true, true]);
    assert_eq!(g.no_fire_turns, 1);
}

/// "Pick the minimum table you want. If the game calculates a HDT of at least that high for
/// the ship in question, it will fire, otherwise it won't. Note this stays in place for
/// following turns".
#[test]
fn fire_threshold_is_a_standing_order() {
    let base = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2);
    assert_eq!(hdt_right(&base), 5);
    let mut g = base.clone();
    orders(&mut g, &["0 hull fire>=5", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { ship: 0, .. }));

    let mut g = base.clone();
    orders(&mut g, &["0 hull fire>=6", "0 hold"]);
    assert!(at_orders(&g) && g.turn == 2, "HDT 5 is below the order");
    // Next turn the order still stands when not repeated.
    orders(&mut g, &["0", "0"]);
    assert!(at_orders(&g) && g.turn == 3, "still holding at 6");
    assert_eq!(g.ships[0].initial, [true, true]);
    orders(&mut g, &["0 fire>=0", "0"]);
    assert!(matches!(g.pending, Pending::FireDie { ship: 0, .. }));

    let mut g = base;
    orders(&mut g, &["0 hold", "0 hold"]);
    assert!(at_orders(&g) && g.turn == 2);
    assert_eq!(g.ships[0].initial, [true, true]);
}

/// "At this point, the game "rolls" a die [...] cross-referenced to the hit table number
/// determined above. Each hit table has a hull or rigging column. The die roll is applied to
/// the appropriate column based on what the player ordered (hull or rigging)".
#[test]
fn die_roll_reads_the_ordered_column_of_the_hit_table() {
    let t = tables();
    // Golden cells from the rules notes: table 5, die 5: hull "4H-G-R", rigging "4R-C".
    assert_eq!(
        t.hit_tables[5][0][4],
        Hits {
            hull: 4,
            guns: 1,
            crew: 0,
            rigging: 1
        }
    );
    assert_eq!(
        t.hit_tables[5][1][4],
        Hits {
            hull: 0,
            guns: 0,
            crew: 1,
            rigging: 4
        }
    );
    let base = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(10), SOL, 2); // table 5
    let before = base.ships[1];

    let mut g = base.clone();
    orders(&mut g, &["0 rigging fire>=0", "0 hold"]);
    assert!(matches!(g.pending, Pending::FireDie { table: 5, .. }));
    die(&mut g, 5);
    finish(&mut g);
    let s = g.ships[1];
    assert_eq!(s.hull, before.hull);
    assert_eq!(s.rigging_left() + 4, before.rigging_left());
    assert_eq!(s.crew_left() + 1, before.crew_left());

    let mut g = base;
    orders(&mut g, &["0 hull fire>=0", "0 hold"]);
    die(&mut g, 5);
    finish(&mut g);
    let s = g.ships[1];
    assert_eq!(s.hull + 4, before.hull);
    assert_eq!(s.rigging_left() + 1, before.rigging_left());
    assert_eq!(s.guns[0] + 1, before.guns[0]);
}

/// "hull shots can only be ordered if the range is five hexes or less. Any shot at a range of
/// six or more hexes will automatically be aimed at the rigging, regardless of what the
/// player ordered."
#[test]
fn hull_aim_only_at_five_hexes_or_less() {
    // 20 gun squares: table 1 at 5-6 hexes, +2 initial = 3. Die 4: hull "2H-R", rigging "3R".
    for (d, hull_lost, rigging_lost) in [(5, 2, 1), (6, 0, 3)] {
        let mut g = abreast(ship(0, SOL, pos(0, 0, N)).gunnery(20), SOL, d);
        let before = g.ships[1];
        orders(&mut g, &["0 hull fire>=0", "0 hold"]);
        assert!(matches!(g.pending, Pending::FireDie { table: 3, .. }));
        die(&mut g, 4);
        finish(&mut g);
        assert_eq!(before.hull - g.ships[1].hull, hull_lost, "range {d}");
        assert_eq!(
            before.rigging_left() - g.ships[1].rigging_left(),
            rigging_lost,
            "range {d}"
        );
    }
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
