//! Property tests of the hex geometry in `broadside_env::hex`.

use broadside_env::hex::{cross, Facing, Hex, HexMap, ShipPos, Side, FACING_NAMES};
use proptest::prelude::*;

/// Coordinates stay far from `i16` limits so sums, rotations and lines cannot overflow.
const R: i16 = 60;

fn hex() -> impl Strategy<Value = Hex> {
    (-R..=R, -R..=R).prop_map(|(q, r)| Hex::new(q, r))
}

fn facing() -> impl Strategy<Value = Facing> {
    (0u8..6).prop_map(Facing)
}

fn ship() -> impl Strategy<Value = ShipPos> {
    (hex(), facing()).prop_map(|(h, f)| ShipPos::new(h, f))
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::Left), Just(Side::Right)]
}

/// A ship and a hex near it (fields are interesting close to the ship).
fn ship_and_near() -> impl Strategy<Value = (ShipPos, Hex)> {
    (ship(), -10i16..=10, -10i16..=10).prop_map(|(s, dq, dr)| (s, s.bow.add(Hex::new(dq, dr))))
}

/// A firer and a target within a few hexes of each other, so that rakes happen.
fn close_pair() -> impl Strategy<Value = (ShipPos, ShipPos)> {
    (ship(), -5i16..=5, -5i16..=5, facing()).prop_map(|(a, dq, dr, f)| {
        let b = ShipPos::new(a.bow.add(Hex::new(dq, dr)), f);
        (a, b)
    })
}

/// Left/right mirror through the north-south axis of the origin: N and S stay, NE<->NW,
/// SE<->SW. In axial coordinates `(q, r) -> (-q, q + r)`, a linear involution.
fn mirror(h: Hex) -> Hex {
    Hex::new(-h.q, h.q + h.r)
}

fn mirror_facing(f: Facing) -> Facing {
    Facing((6 - f.0) % 6)
}

fn mirror_ship(s: ShipPos) -> ShipPos {
    ShipPos::new(mirror(s.bow), mirror_facing(s.facing))
}

/// `h + k * f.step()`.
fn along(h: Hex, f: Facing, k: i16) -> Hex {
    let s = f.step();
    h.add(Hex::new(s.q * k, s.r * k))
}

proptest! {
    #![proptest_config(crate::props::fixed(1024, 0x5EED_1024))]

    #[test]
    fn distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(b) >= 0);
        prop_assert_eq!(a.distance(b) == 0, a == b);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
    }

    #[test]
    fn neighbours_are_at_distance_one_and_distinct(h in hex()) {
        let ns: Vec<Hex> = (0..6).map(|f| h.neighbor(Facing(f))).collect();
        for (i, n) in ns.iter().enumerate() {
            prop_assert_eq!(h.distance(*n), 1);
            prop_assert_eq!(n.neighbor(Facing(i as u8).opposite()), h);
            prop_assert!(!ns[..i].contains(n));
        }
    }

    #[test]
    fn rotation_has_order_six_and_keeps_distances(a in hex(), b in hex(), k in -12i32..12, t in hex()) {
        prop_assert_eq!(a.rotate(6), a);
        prop_assert_eq!(a.rotate(k).rotate(-k), a);
        prop_assert_eq!(a.rotate(k).rotate(1), a.rotate(k + 1));
        prop_assert_eq!(a.rotate(k).distance(b.rotate(k)), a.distance(b));
        prop_assert_eq!(a.add(t).distance(b.add(t)), a.distance(b));
        prop_assert_eq!(a.rotate(k).distance(Hex::default()), a.distance(Hex::default()));
        // Rotations keep orientation: the cross product is invariant.
        prop_assert_eq!(cross(a.rotate(k), b.rotate(k)), cross(a, b));
        prop_assert_eq!(cross(a, b), -cross(b, a));
    }

    #[test]
    fn facings_compose(f in facing(), k in -12i32..12, j in -12i32..12) {
        prop_assert_eq!(f.rotate(6), f);
        prop_assert_eq!(f.rotate(k).rotate(j), f.rotate(k + j));
        prop_assert_eq!(f.left().right(), f);
        prop_assert_eq!(f.opposite().opposite(), f);
        prop_assert_eq!(f.turns_to(f.rotate(k)) as i32, k.rem_euclid(6));
        prop_assert_eq!(f.step().rotate(k), f.rotate(k).step());
        prop_assert_eq!(Facing::from_name(f.name()), Some(f));
        prop_assert_eq!(Facing::from_name(&f.name().to_lowercase()), Some(f));
        prop_assert_eq!(FACING_NAMES[f.0 as usize], f.name());
    }

    #[test]
    fn offset_coordinates_round_trip(h in hex(), c in -200i32..200, r in -200i32..200) {
        let (col, row) = h.to_offset();
        prop_assert_eq!(Hex::from_offset(col, row), h);
        prop_assert_eq!(Hex::from_offset(c, r).to_offset(), (c, r));
    }

    #[test]
    fn point_reflection_is_an_involution_on_the_map(cols in 1i32..40, rows in 1i32..40, c in 0i32..40, r in 0i32..40) {
        let map = HexMap { cols, rows };
        let h = Hex::from_offset(c % cols, r % rows);
        prop_assert!(map.contains(h));
        let (c2, r2) = map.point_reflect(h);
        let image = Hex::from_offset(c2, r2);
        prop_assert!(map.contains(image));
        prop_assert_eq!(map.point_reflect(image), h.to_offset());
    }

    #[test]
    fn line_has_distance_plus_one_adjacent_hexes(a in hex(), b in hex()) {
        let line = a.line_to(b);
        let n = a.distance(b) as usize;
        prop_assert_eq!(line.len(), n + 1);
        prop_assert_eq!(line[0], a);
        prop_assert_eq!(line[n], b);
        for (i, w) in line.windows(2).enumerate() {
            prop_assert_eq!(w[0].distance(w[1]), 1, "step {} of {:?}", i, line);
        }
        for (i, h) in line.iter().enumerate() {
            prop_assert_eq!(a.distance(*h) as usize, i);
            prop_assert_eq!(h.distance(b) as usize, n - i);
        }
    }

    #[test]
    fn ship_moves_keep_its_shape(s in ship(), k in -1i32..=1) {
        prop_assert_eq!(s.bow.distance(s.stern()), 1);
        prop_assert_eq!(s.stern().neighbor(s.facing), s.bow);
        prop_assert_eq!(s.forward().stern(), s.bow);
        prop_assert_eq!(s.turned(k).bow, s.bow);
        prop_assert_eq!(s.turned(k).turned(-k), s);
        prop_assert!(s.occupies(s.bow) && s.occupies(s.stern()));
        prop_assert!(s.overlaps(s));
        prop_assert_eq!(s.range_to(s), 0);
    }

    #[test]
    fn range_is_symmetric_and_invariant((a, b) in close_pair(), k in -6i32..6, t in hex()) {
        prop_assert_eq!(a.range_to(b), b.range_to(a));
        prop_assert_eq!(a.range_to(b) == 0, a.overlaps(b));
        prop_assert_eq!(a.overlaps(b), b.overlaps(a));
        prop_assert_eq!(a.rotate(k).range_to(b.rotate(k)), a.range_to(b));
        prop_assert_eq!(a.translate(t).range_to(b.translate(t)), a.range_to(b));
        prop_assert_eq!(mirror_ship(a).range_to(mirror_ship(b)), a.range_to(b));
    }

    #[test]
    fn fields_are_invariant_under_rotation_and_translation((s, h) in ship_and_near(), k in -6i32..6, t in hex(), sd in side()) {
        let moved = s.rotate(k).translate(t);
        prop_assert_eq!(moved.stern(), s.stern().rotate(k).add(t));
        prop_assert_eq!(moved.field_contains(sd, h.rotate(k).add(t)), s.field_contains(sd, h));
    }

    #[test]
    fn fields_mirror_left_to_right((s, h) in ship_and_near(), sd in side()) {
        let m = mirror_ship(s);
        prop_assert_eq!(mirror(mirror(h)), h);
        prop_assert_eq!(m.stern(), mirror(s.stern()));
        prop_assert_eq!(m.field_contains(sd.other(), mirror(h)), s.field_contains(sd, h));
    }

    #[test]
    fn own_hexes_and_the_axis_are_in_no_field(s in ship(), k in 1i16..30) {
        for sd in Side::BOTH {
            prop_assert!(!s.field_contains(sd, s.bow));
            prop_assert!(!s.field_contains(sd, s.stern()));
            prop_assert!(!s.field_contains(sd, along(s.bow, s.facing, k)), "dead ahead");
            prop_assert!(!s.field_contains(sd, along(s.stern(), s.facing.opposite(), k)), "dead astern");
        }
    }

    #[test]
    fn no_hex_is_in_both_fields((s, h) in ship_and_near()) {
        prop_assert!(!(s.field_contains(Side::Left, h) && s.field_contains(Side::Right, h)));
    }

    #[test]
    fn hexes_abeam_are_in_the_field(s in ship(), k in 1i16..20) {
        // The hexes touching a side, and any hex straight out from the stern abeam.
        let f = s.facing;
        for (sd, turn) in [(Side::Right, 1), (Side::Left, -1)] {
            prop_assert!(s.field_contains(sd, s.bow.neighbor(f.rotate(turn))));
            prop_assert!(s.field_contains(sd, s.bow.neighbor(f.rotate(2 * turn))));
            prop_assert!(s.field_contains(sd, s.stern().neighbor(f.rotate(2 * turn))));
            prop_assert!(s.field_contains(sd, along(s.bow, f.rotate(turn), k)), "bow line");
            prop_assert!(s.field_contains(sd, along(s.stern(), f.rotate(2 * turn), k)), "stern line");
        }
    }

    #[test]
    fn field_membership_of_ships_agrees((s, t) in close_pair()) {
        for sd in Side::BOTH {
            let [a, b] = t.hexes();
            prop_assert_eq!(
                s.field_holds_ship(sd, t),
                s.field_contains(sd, a) || s.field_contains(sd, b)
            );
        }
        let facing_side = s.side_facing(t);
        match facing_side {
            Some(sd) => prop_assert!(s.field_holds_ship(sd, t)),
            None => prop_assert!(!s.field_holds_ship(Side::Left, t) && !s.field_holds_ship(Side::Right, t)),
        }
    }

    #[test]
    fn rakes_put_the_target_in_the_field_and_the_firer_in_none((a, b) in close_pair(), sd in side(), k in -6i32..6, t in hex()) {
        if a.rakes(sd, b) {
            prop_assert!(a.field_holds_ship(sd, b));
            prop_assert!(!b.field_holds_ship(Side::Left, a));
            prop_assert!(!b.field_holds_ship(Side::Right, a));
            prop_assert_eq!(b.side_facing(a), None);
        }
        // Raking is a geometric fact: it survives rotating, moving and mirroring the pair.
        prop_assert_eq!(a.rotate(k).translate(t).rakes(sd, b.rotate(k).translate(t)), a.rakes(sd, b));
        prop_assert_eq!(mirror_ship(a).rakes(sd.other(), mirror_ship(b)), a.rakes(sd, b));
    }
}

/// Rakes do occur among the generated close pairs (the property above is not vacuous).
#[test]
fn close_pairs_include_rakes() {
    let firer = ShipPos::new(Hex::new(0, 0), Facing::N);
    let mut found = 0;
    for dq in -5..=5 {
        for dr in -5..=5 {
            for f in 0..6 {
                let target = ShipPos::new(Hex::new(dq, dr), Facing(f));
                if !firer.overlaps(target) && firer.rakes(Side::Right, target) {
                    found += 1;
                }
            }
        }
    }
    assert!(found > 10, "{found} raking positions");
}
