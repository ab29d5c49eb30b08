//! Property tests of the plane geometry in `broadside_env::plane` (issue 4): distances are
//! symmetric, non-negative and invariant under moving both ships together; a ship is never
//! in its own arcs, and the one-frame broadside and bow-or-stern tests agree with `in_arc`;
//! the swept path of a zero move is the ship itself; a swept path holds
//! every intermediate position of the move; an obstacle beyond the path's capsule
//! (`swept_reach` about the mainmast's segment) touches neither the path nor the end base;
//! `beyond_segment` agrees with a floating-point distance; `on_table`'s shortcut for a base
//! whose circle is on the table agrees with its corners; a sideways shift (Oak & Iron's
//! Adjust Position) keeps the heading, moves the mainmast square to it by the distance
//! asked, and its swept region holds every intermediate position.

use broadside_env::plane::{
    beyond_segment, broadside_arc, in_arc, in_bow_or_stern, mast_distance, on_table, polys_dist2,
    polys_overlap, reach_within, rect_distance, rect_distance_at_most, rects_dist2_below,
    rects_overlap, rotate_point, sweep_shift, swept_path, swept_reach, Arc, Point, Rect,
};
use proptest::prelude::*;

/// Positions within a few tables of the origin, in mils.
const R: i32 = 100_000;

fn rect() -> impl Strategy<Value = Rect> {
    (-R..=R, -R..=R, 0u16..360, 500i32..=5000, 200i32..=1500)
        .prop_map(|(x, y, h, l, b)| Rect::new(Point::new(x, y), h, l.max(b), b))
}

/// Two ships within about a foot of each other.
fn pair() -> impl Strategy<Value = (Rect, Rect)> {
    (
        rect(),
        -12_000i32..=12_000,
        -12_000i32..=12_000,
        0u16..360,
        500i32..=5000,
        200i32..=1500,
    )
        .prop_map(|(a, dx, dy, h, l, b)| {
            let c = Point::new(a.centre.x + dx, a.centre.y + dy);
            (a, Rect::new(c, h, l.max(b), b))
        })
}

fn translate(r: &Rect, dx: i32, dy: i32) -> Rect {
    Rect {
        centre: Point::new(r.centre.x + dx, r.centre.y + dy),
        ..*r
    }
}

fn rotate(r: &Rect, deg: i32) -> Rect {
    Rect {
        centre: rotate_point(r.centre, deg),
        heading: (r.heading as i32 + deg).rem_euclid(360) as u16,
        ..*r
    }
}

proptest! {
    #![proptest_config(crate::props::fixed(2048, 0x5EED_2048))]

    #[test]
    fn on_table_agrees_with_the_corners(
        x in -3000i32..=51_000,
        y in -3000i32..=39_000,
        h in 0u16..360,
        l in 500i32..=5000,
        b in 200i32..=1500,
    ) {
        // Bases about the edges of Fighting Sail's 48" x 36" table, in and out.
        let r = Rect::new(Point::new(x, y), h, l.max(b), b);
        let corners = r
            .corners()
            .iter()
            .all(|c| c.x >= 0 && c.y >= 0 && c.x <= 48_000 && c.y <= 36_000);
        prop_assert_eq!(on_table(&r, 48_000, 36_000), corners);
    }

    #[test]
    fn distance_is_symmetric_and_non_negative((a, b) in pair()) {
        let d = rect_distance(&a, &b);
        prop_assert!(d >= 0);
        prop_assert_eq!(d, rect_distance(&b, &a));
        prop_assert_eq!(mast_distance(&a, &b), mast_distance(&b, &a));
        // The closest points are never farther apart than the mainmasts.
        prop_assert!(d <= mast_distance(&a, &b) + 1);
        if rects_overlap(&a, &b) {
            prop_assert_eq!(d, 0);
        }
    }

    #[test]
    fn the_distance_bound_agrees_with_the_distance((a, b) in pair(), slack in -3i32..=3) {
        // The fast test must give exactly the answer of the full distance, at the limit too.
        let d = rect_distance(&a, &b);
        for lim in [d + slack, d, d - 1, 0, 1000, 3000] {
            prop_assert_eq!(rect_distance_at_most(&a, &b, lim), d <= lim, "lim {}", lim);
            // The broad phase a caller may hoist never rules out a pair within the limit.
            let reach = reach_within(&a, &b, lim);
            prop_assert!(d > lim || mast_distance(&a, &b) as i64 <= reach, "lim {}", lim);
        }
        // The squared form the rules' boarding test uses, at and around the exact distance.
        let d2 = polys_dist2(&a.corners(), &b.corners());
        for bound2 in [d2 + slack as i64, d2, d2 + 1, 0, 1, 1_000_000] {
            prop_assert_eq!(rects_dist2_below(&a, &b, bound2), d2 < bound2, "bound2 {}", bound2);
        }
    }

    #[test]
    fn distance_is_invariant_under_translation((a, b) in pair(), dx in -R..=R, dy in -R..=R) {
        let (a2, b2) = (translate(&a, dx, dy), translate(&b, dx, dy));
        prop_assert_eq!(rect_distance(&a, &b), rect_distance(&a2, &b2));
        prop_assert_eq!(mast_distance(&a, &b), mast_distance(&a2, &b2));
        prop_assert_eq!(rects_overlap(&a, &b), rects_overlap(&a2, &b2));
    }

    #[test]
    fn distance_is_invariant_under_quarter_turns((a, b) in pair(), q in 0i32..4) {
        // Quarter turns are exact in the sine table, so the centres (and the mast distance)
        // turn to the mil. A corner offset that lands on exactly half a mil rounds up, and
        // after a quarter turn the same offset may be negated, where half up is half down:
        // such a corner moves by one mil, so the closest-point distance may too (two at most).
        let (a2, b2) = (rotate(&a, 90 * q), rotate(&b, 90 * q));
        let (d, d2) = (rect_distance(&a, &b), rect_distance(&a2, &b2));
        prop_assert!((d - d2).abs() <= 2, "{} vs {}", d, d2);
        prop_assert_eq!(mast_distance(&a, &b), mast_distance(&a2, &b2));
    }

    #[test]
    fn distance_is_invariant_under_any_rotation_up_to_rounding((a, b) in pair(), deg in 0i32..360) {
        // Other angles round every corner and centre to the mil: a few mils at most.
        let (a2, b2) = (rotate(&a, deg), rotate(&b, deg));
        let (d, d2) = (rect_distance(&a, &b), rect_distance(&a2, &b2));
        prop_assert!((d - d2).abs() <= 4, "{} vs {}", d, d2);
        let (m, m2) = (mast_distance(&a, &b), mast_distance(&a2, &b2));
        prop_assert!((m - m2).abs() <= 2, "{} vs {}", m, m2);
    }

    #[test]
    fn a_ship_is_never_in_its_own_arcs(a in rect()) {
        for arc in [Arc::Bow, Arc::Starboard, Arc::Stern, Arc::Port] {
            prop_assert!(!in_arc(&a, arc, a.centre));
        }
    }

    #[test]
    fn every_other_point_is_in_one_or_two_arcs(a in rect(), dx in -9000i32..=9000, dy in -9000i32..=9000) {
        prop_assume!(dx != 0 || dy != 0);
        let p = Point::new(a.centre.x + dx, a.centre.y + dy);
        let n = [Arc::Bow, Arc::Starboard, Arc::Stern, Arc::Port]
            .into_iter()
            .filter(|&arc| in_arc(&a, arc, p))
            .count();
        prop_assert!((1..=2).contains(&n));
        // Port and starboard never share a point.
        prop_assert!(!(in_arc(&a, Arc::Port, p) && in_arc(&a, Arc::Starboard, p)));
    }

    #[test]
    fn the_one_frame_arc_tests_agree_with_in_arc(a in rect(), dx in -20_000i32..=20_000, dy in -20_000i32..=20_000) {
        let p = Point::new(a.centre.x + dx, a.centre.y + dy);
        let broadside = Arc::BROADSIDES.into_iter().find(|&arc| in_arc(&a, arc, p));
        prop_assert_eq!(broadside_arc(&a, p), broadside);
        let wedge = in_arc(&a, Arc::Bow, p) || in_arc(&a, Arc::Stern, p);
        prop_assert_eq!(in_bow_or_stern(&a, p), wedge);
    }

    #[test]
    fn the_path_of_a_zero_move_is_the_ship_itself(a in rect()) {
        let path = swept_path(&a, 0, 0);
        prop_assert_eq!(path.end, a);
        prop_assert_eq!(path.pieces().len(), 1);
        prop_assert_eq!(path.pieces()[0].points(), &a.corners()[..]);
    }

    #[test]
    fn a_swept_path_holds_every_intermediate_position(
        (a, b) in pair(),
        dist in 0i32..=2000,
        turn in -6i32..=6,
    ) {
        let turn = turn * 15;
        let path = swept_path(&a, dist, turn);
        // An obstacle touched by the ship at any point of the move (sampled every
        // 50 mils and every degree) is touched by the swept path.
        let mut touched = false;
        for s in (0..=dist).step_by(50).chain([dist]) {
            touched |= rects_overlap(&a.advanced(s), &b);
        }
        let moved = a.advanced(dist);
        for t in 0..=turn.abs() {
            touched |= rects_overlap(&moved.turned(t * turn.signum()), &b);
        }
        if touched {
            prop_assert!(path.hits(&b) || rects_overlap(&path.end, &b));
        }
        prop_assert_eq!(path.end, moved.turned(turn));
    }

    #[test]
    fn a_sideways_shift_is_square_to_the_heading(a in rect(), across in -3000i32..=3000) {
        let b = a.shifted(across);
        prop_assert_eq!(b.heading, a.heading);
        prop_assert_eq!((b.length, b.beam), (a.length, a.beam));
        // The mainmast moved `across` mils (to rounding) and not at all along the heading.
        let d = b.centre.minus(a.centre);
        let moved = (d.dist2(Point::new(0, 0)) as f64).sqrt();
        prop_assert!((moved - across.abs() as f64).abs() <= 1.5, "moved {moved}");
        let ahead = a.advanced(1000).centre.minus(a.centre);
        let dot = d.x as i64 * ahead.x as i64 + d.y as i64 * ahead.y as i64;
        prop_assert!(dot.abs() <= 2 * 1000 + across.abs() as i64, "dot {dot}");
        // Positive is to starboard: the bow-starboard corner's side of the keel.
        let (_, side) = a.local(b.centre);
        let (_, starboard) = a.local(a.corners()[0]);
        prop_assert!(side.signum() == (across.signum() as i64) * starboard.signum() || across.abs() <= 1);
    }

    #[test]
    fn a_zero_shift_sweeps_the_ship_itself(a in rect()) {
        prop_assert_eq!(a.shifted(0), a);
        let sweep = sweep_shift(&a, 0);
        prop_assert_eq!(sweep.points(), &a.corners()[..]);
    }

    #[test]
    fn a_shift_sweep_holds_every_intermediate_position(
        (a, b) in pair(),
        across in -2000i32..=2000,
    ) {
        // An obstacle touched by the ship anywhere along the shift (sampled every 25 mils)
        // is touched by the swept region; an obstacle the swept region misses is touched
        // by no position of the shift.
        let sweep = sweep_shift(&a, across);
        let mut touched = false;
        let n = across.abs() / 25 + 1;
        for k in 0..=n {
            touched |= rects_overlap(&a.shifted(across * k / n), &b);
        }
        if touched {
            prop_assert!(polys_overlap(sweep.points(), &b.corners()));
        }
        prop_assert!(polys_overlap(sweep.points(), &a.shifted(across).corners()));
    }

    #[test]
    fn an_obstacle_beyond_the_capsule_is_never_touched(
        (a, b) in pair(),
        dist in 0i32..=2000,
        turn in -6i32..=6,
    ) {
        let turn = turn * 15;
        let path = swept_path(&a, dist, turn);
        let end = a.advanced(dist).centre;
        if beyond_segment(a.centre, end, b.centre, swept_reach(&a) + b.radius()) {
            prop_assert!(!path.hits(&b));
            prop_assert!(!rects_overlap(&path.end, &b));
        }
    }

    #[test]
    fn beyond_segment_is_the_distance_to_the_segment(
        a in (-R..=R, -R..=R),
        b in (-R..=R, -R..=R),
        p in (-R..=R, -R..=R),
        lim in 0i64..=50_000,
    ) {
        let (a, b, p) = (Point::new(a.0, a.1), Point::new(b.0, b.1), Point::new(p.0, p.1));
        let (abx, aby) = ((b.x - a.x) as f64, (b.y - a.y) as f64);
        let (apx, apy) = ((p.x - a.x) as f64, (p.y - a.y) as f64);
        let len2 = abx * abx + aby * aby;
        let t = if len2 == 0.0 { 0.0 } else { ((apx * abx + apy * aby) / len2).clamp(0.0, 1.0) };
        let d = ((apx - t * abx).powi(2) + (apy - t * aby).powi(2)).sqrt();
        // Away from the boundary (where floating point may round either way) they agree.
        if (d - lim as f64).abs() > 1e-3 * (1.0 + d) {
            prop_assert_eq!(beyond_segment(a, b, p, lim), d > lim as f64);
        }
    }
}
