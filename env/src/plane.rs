//! Plane geometry for table-top rulesets measured in inches (Fighting Sail first; Oak & Iron
//! and the ironclad game later): oriented rectangular bases, closest-point and
//! mainmast distances, firing arcs, line of sight, the swept path of a move and turn, and
//! table edges.
//!
//! # Fixed point, and why
//! Every coordinate is an integer: positions in **mils** (1/1000 inch, `i32`), headings in
//! **whole degrees** clockwise from north (`u16`, `0..360`), with sine and cosine taken
//! from a table of `round(65536 * sin d)` for `d = 0..=90` (written out below, not computed
//! at run time). All products are `i64` (or `i128` for squared cross products) and every
//! rounding is explicit (round half up after a shift). Floating point would make replays
//! depend on the platform's `sin`/`cos` (libm implementations differ in the last bit) and on
//! fused multiply-add contraction; a one-bit difference can move a ship across a table edge
//! or an arc boundary and change the legal actions, so a saved game would replay
//! differently on another machine. With integers, the same scenario and action list give
//! the same state bit for bit everywhere. A mil is far below any distance the rules
//! measure (the smallest is half an inch), so the rounding is invisible to play.
//!
//! Frame: `x` grows to the east (right), `y` to the north (up); heading 0 points north,
//! 90 east. A ship's body frame has `along` (towards the bow) and `across` (to starboard).

use serde::{Deserialize, Serialize};

/// Mils per inch.
pub const MILS_PER_INCH: i32 = 1000;

/// A length in inches with one decimal, as players read it (`2.5"`).
pub fn inches_text(mils: i32) -> String {
    format!("{:.1}\"", f64::from(mils) / f64::from(MILS_PER_INCH))
}
/// Fixed-point one of the trigonometric table.
pub const TRIG_ONE: i64 = 1 << 16;

/// `round(65536 * sin(d degrees))` for `d = 0..=90`.
const SIN_TABLE: [i32; 91] = [
    0, 1144, 2287, 3430, 4572, 5712, 6850, 7987, 9121, 10252, 11380, 12505, 13626, 14742, 15855,
    16962, 18064, 19161, 20252, 21336, 22415, 23486, 24550, 25607, 26656, 27697, 28729, 29753,
    30767, 31772, 32768, 33754, 34729, 35693, 36647, 37590, 38521, 39441, 40348, 41243, 42126,
    42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461, 50203, 50931, 51643, 52339,
    53020, 53684, 54332, 54963, 55578, 56175, 56756, 57319, 57865, 58393, 58903, 59396, 59870,
    60326, 60764, 61183, 61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856, 64104, 64332,
    64540, 64729, 64898, 65048, 65177, 65287, 65376, 65446, 65496, 65526, 65536,
];

/// A heading normalised to `0..360`.
#[inline]
pub fn norm_deg(d: i32) -> u16 {
    d.rem_euclid(360) as u16
}

/// The sine of every whole degree from 0 to 449, a quarter turn past a full one so that a
/// cosine is the sine 90 entries on: one lookup, no quadrant branches, in the arc tests and
/// changes of frame the agents run millions of times a second.
const SIN_FULL: [i32; 450] = sin_full();

const fn sin_full() -> [i32; 450] {
    let mut t = [0i32; 450];
    let mut d = 0;
    while d < 450 {
        let r = d % 360;
        t[d] = match r {
            0..=90 => SIN_TABLE[r],
            91..=180 => SIN_TABLE[180 - r],
            181..=270 => -SIN_TABLE[r - 180],
            _ => -SIN_TABLE[360 - r],
        };
        d += 1;
    }
    t
}

/// `sin(d)` in units of [`TRIG_ONE`], for any integer `d` (degrees).
#[inline]
pub fn sin_deg(d: i32) -> i64 {
    SIN_FULL[d.rem_euclid(360) as usize] as i64
}

/// `cos(d)` in units of [`TRIG_ONE`].
#[inline]
pub fn cos_deg(d: i32) -> i64 {
    SIN_FULL[d.rem_euclid(360) as usize + 90] as i64
}

/// `(sin, cos)` of a heading in units of [`TRIG_ONE`] (any `u16`, taken modulo 360).
#[inline]
pub fn heading_trig(heading: u16) -> (i64, i64) {
    let h = (heading % 360) as usize;
    (SIN_FULL[h] as i64, SIN_FULL[h + 90] as i64)
}

/// `v / 65536` rounded half up (the one rounding rule of this module).
#[inline]
fn round_shift(v: i64) -> i32 {
    ((v + (TRIG_ONE >> 1)) >> 16) as i32
}

/// A point on the table, in mils.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
    #[inline]
    pub fn plus(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
    #[inline]
    pub fn minus(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
    /// Squared distance to `o` in square mils.
    #[inline]
    pub fn dist2(self, o: Point) -> i64 {
        let (dx, dy) = ((self.x - o.x) as i64, (self.y - o.y) as i64);
        dx * dx + dy * dy
    }
}

/// A body-frame offset `(along, across)` turned to `heading` and rounded to mils.
#[inline]
pub fn body_to_world(heading: u16, along: i32, across: i32) -> Point {
    let (s, c) = heading_trig(heading);
    let (a, b) = (along as i64, across as i64);
    Point::new(round_shift(a * s + b * c), round_shift(a * c - b * s))
}

/// `p` rotated by `deg` clockwise about the origin (rounded to mils).
#[inline]
pub fn rotate_point(p: Point, deg: i32) -> Point {
    // A clockwise turn by `deg` is the body-to-world map with heading `deg` applied to
    // (along = y, across = x).
    body_to_world(norm_deg(deg), p.y, p.x)
}

/// Integer square root (floor), exact for every `n >= 0`.
pub fn isqrt(n: i64) -> i64 {
    if n <= 0 {
        return 0;
    }
    let mut x = (n as f64).sqrt() as i64;
    while x > 0 && !matches!(x.checked_mul(x), Some(sq) if sq <= n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|sq| sq <= n) {
        x += 1;
    }
    x
}

/// An oriented rectangle: a ship's base (the centre is the mainmast) or a piece of terrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Rect {
    /// The centre (a ship's mainmast), in mils.
    pub centre: Point,
    /// Direction of the long axis (a ship's bow), degrees clockwise from north.
    pub heading: u16,
    /// Extent along the heading, in mils.
    pub length: i32,
    /// Extent across the heading, in mils.
    pub beam: i32,
}

impl Rect {
    pub const fn new(centre: Point, heading: u16, length: i32, beam: i32) -> Self {
        Self {
            centre,
            heading,
            length,
            beam,
        }
    }

    /// The four corners, counter-clockwise order is not promised; they go round the
    /// rectangle (bow-starboard, bow-port, stern-port, stern-starboard).
    #[inline]
    pub fn corners(&self) -> [Point; 4] {
        let (l, b) = (self.length / 2, self.beam / 2);
        let c = self.centre;
        [
            c.plus(body_to_world(self.heading, l, b)),
            c.plus(body_to_world(self.heading, l, -b)),
            c.plus(body_to_world(self.heading, -l, -b)),
            c.plus(body_to_world(self.heading, -l, b)),
        ]
    }

    /// Radius of the circle about the centre that holds the rectangle (rounded up).
    #[inline]
    pub fn radius(&self) -> i64 {
        let (l, b) = (self.length as i64, self.beam as i64);
        isqrt(l * l + b * b) / 2 + 2
    }

    /// The rectangle moved `dist` mils along its heading.
    #[inline]
    pub fn advanced(&self, dist: i32) -> Rect {
        Rect {
            centre: self.centre.plus(body_to_world(self.heading, dist, 0)),
            ..*self
        }
    }

    /// The rectangle moved `across` mils directly sideways, square to its heading
    /// (positive to starboard, the right hand looking along the heading).
    #[inline]
    pub fn shifted(&self, across: i32) -> Rect {
        Rect {
            centre: self.centre.plus(body_to_world(self.heading, 0, across)),
            ..*self
        }
    }

    /// The rectangle turned `deg` degrees clockwise about its centre.
    #[inline]
    pub fn turned(&self, deg: i32) -> Rect {
        Rect {
            heading: norm_deg(self.heading as i32 + deg),
            ..*self
        }
    }

    /// Whether `p` lies inside or on the rectangle.
    pub fn contains(&self, p: Point) -> bool {
        let (along, across) = self.local(p);
        let (l, b) = (
            self.length as i64 * TRIG_ONE / 2,
            self.beam as i64 * TRIG_ONE / 2,
        );
        along.abs() <= l && across.abs() <= b
    }

    /// `p` in the body frame, in mils times [`TRIG_ONE`]: `(along, across)`.
    #[inline]
    pub fn local(&self, p: Point) -> (i64, i64) {
        let d = p.minus(self.centre);
        let (s, c) = heading_trig(self.heading);
        let (dx, dy) = (d.x as i64, d.y as i64);
        (dx * s + dy * c, dx * c - dy * s)
    }
}

/// A convex polygon of at most 8 vertices in a fixed array (no heap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Poly {
    pub pts: [Point; 8],
    pub len: u8,
}

impl Poly {
    /// The polygon of a rectangle.
    pub fn of_rect(r: &Rect) -> Poly {
        let mut p = Poly::default();
        for (i, c) in r.corners().into_iter().enumerate() {
            p.pts[i] = c;
        }
        p.len = 4;
        p
    }
    /// The vertices.
    #[inline]
    pub fn points(&self) -> &[Point] {
        &self.pts[..self.len as usize]
    }
    /// The convex hull of up to 8 points (Andrew's monotone chain, integer only).
    pub fn hull(points: &[Point]) -> Poly {
        let mut pts = [Point::default(); 8];
        let n = points.len().min(8);
        pts[..n].copy_from_slice(&points[..n]);
        let pts = &mut pts[..n];
        pts.sort_unstable_by_key(|p| (p.x, p.y));
        let mut out = [Point::default(); 17];
        let mut k = 0usize;
        for &p in pts.iter() {
            while k >= 2 && cross(out[k - 2], out[k - 1], p) <= 0 {
                k -= 1;
            }
            out[k] = p;
            k += 1;
        }
        let lower = k + 1;
        for &p in pts.iter().rev().skip(1) {
            while k >= lower && cross(out[k - 2], out[k - 1], p) <= 0 {
                k -= 1;
            }
            out[k] = p;
            k += 1;
        }
        let len = k.saturating_sub(1).clamp(1, 8);
        let mut poly = Poly::default();
        poly.pts[..len].copy_from_slice(&out[..len]);
        poly.len = len as u8;
        poly
    }
}

/// Cross product of `b - a` and `c - a` (positive when `a, b, c` turn counter-clockwise).
#[inline]
pub fn cross(a: Point, b: Point, c: Point) -> i64 {
    let (ux, uy) = ((b.x - a.x) as i64, (b.y - a.y) as i64);
    let (vx, vy) = ((c.x - a.x) as i64, (c.y - a.y) as i64);
    ux * vy - uy * vx
}

/// Projections of `pts` on the axis `(ax, ay)`: `(min, max)`.
#[inline]
fn project(pts: &[Point], ax: i64, ay: i64) -> (i64, i64) {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for p in pts {
        let v = p.x as i64 * ax + p.y as i64 * ay;
        lo = lo.min(v);
        hi = hi.max(v);
    }
    (lo, hi)
}

/// Whether the edge normals of `a` separate `a` from `b` (touching counts as separated
/// when `strict`).
fn separated_by_edges(a: &[Point], b: &[Point], strict: bool) -> bool {
    for i in 0..a.len() {
        let (p, q) = (a[i], a[(i + 1) % a.len()]);
        let (ax, ay) = ((q.y - p.y) as i64, -((q.x - p.x) as i64));
        if ax == 0 && ay == 0 {
            continue;
        }
        let (a0, a1) = project(a, ax, ay);
        let (b0, b1) = project(b, ax, ay);
        if strict {
            if a1 <= b0 || b1 <= a0 {
                return true;
            }
        } else if a1 < b0 || b1 < a0 {
            return true;
        }
    }
    false
}

/// Whether two convex polygons share interior area (touching edges do not overlap).
pub fn polys_overlap(a: &[Point], b: &[Point]) -> bool {
    !(separated_by_edges(a, b, true) || separated_by_edges(b, a, true))
}

/// Whether two convex polygons touch or overlap.
pub fn polys_touch(a: &[Point], b: &[Point]) -> bool {
    !(separated_by_edges(a, b, false) || separated_by_edges(b, a, false))
}

/// Whether two rectangles share interior area.
pub fn rects_overlap(a: &Rect, b: &Rect) -> bool {
    let r = a.radius() + b.radius();
    if a.centre.dist2(b.centre) > r * r {
        return false;
    }
    polys_overlap(&a.corners(), &b.corners())
}

/// Squared distance from `p` to the segment `a-b`, rounded down to whole square mils.
pub fn point_segment_dist2(p: Point, a: Point, b: Point) -> i64 {
    let (ux, uy) = ((b.x - a.x) as i64, (b.y - a.y) as i64);
    let (vx, vy) = ((p.x - a.x) as i64, (p.y - a.y) as i64);
    let len2 = ux * ux + uy * uy;
    let t = ux * vx + uy * vy;
    if len2 == 0 || t <= 0 {
        return p.dist2(a);
    }
    if t >= len2 {
        return p.dist2(b);
    }
    let c = (ux * vy - uy * vx) as i128;
    ((c * c) / len2 as i128) as i64
}

/// Squared closest-point distance between two convex polygons (0 when they touch or
/// overlap), rounded down to whole square mils.
pub fn polys_dist2(a: &[Point], b: &[Point]) -> i64 {
    if polys_touch(a, b) {
        return 0;
    }
    let mut best = i64::MAX;
    for (x, y) in [(a, b), (b, a)] {
        for &p in x {
            for i in 0..y.len() {
                best = best.min(point_segment_dist2(p, y[i], y[(i + 1) % y.len()]));
            }
        }
    }
    best
}

/// Closest-point distance between two bases in mils (rounded down; 0 when touching).
pub fn rect_distance(a: &Rect, b: &Rect) -> i32 {
    isqrt(polys_dist2(&a.corners(), &b.corners())) as i32
}

/// Whether the squared closest-point distance of two bases is below `bound2`, without the
/// polygon test for the many pairs whose mainmasts are too far apart for it (the bases'
/// bounding circles decide them). The one mechanism behind boarding reach, for the rules
/// and for the bots.
pub fn rects_dist2_below(a: &Rect, b: &Rect, bound2: i64) -> bool {
    if bound2 <= 0 {
        return false;
    }
    // Any pair closer than `sqrt(bound2)` has mainmasts within the radii plus that.
    let reach = a.radius() + b.radius() + isqrt(bound2) + 1;
    if a.centre.dist2(b.centre) > reach * reach {
        return false;
    }
    polys_dist2(&a.corners(), &b.corners()) < bound2
}

/// Whether [`rect_distance`]`(a, b) <= lim`, cheaply (see [`rects_dist2_below`]).
pub fn rect_distance_at_most(a: &Rect, b: &Rect, lim: i32) -> bool {
    // `isqrt(d2) <= lim` exactly when `d2 < (lim + 1)^2`.
    let next = lim as i64 + 1;
    lim >= 0 && rects_dist2_below(a, b, next * next)
}

/// The mainmast distance (mils) beyond which rectangles of `a`'s and `b`'s size cannot be
/// within `lim` of each other: the broad phase of [`rect_distance_at_most`] (the reach
/// [`rects_dist2_below`] works out for the bound `(lim + 1)^2`), for a caller that tests
/// one rectangle against many places of another and need not work it out for each.
pub fn reach_within(a: &Rect, b: &Rect, lim: i32) -> i64 {
    a.radius() + b.radius() + lim as i64 + 2
}

/// Squared mainmast-to-mainmast distance in square mils.
#[inline]
pub fn mast_dist2(a: &Rect, b: &Rect) -> i64 {
    a.centre.dist2(b.centre)
}

/// Mainmast-to-mainmast distance in mils (rounded down).
#[inline]
pub fn mast_distance(a: &Rect, b: &Rect) -> i32 {
    isqrt(mast_dist2(a, b)) as i32
}

/// A 90-degree wedge from a ship's mainmast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arc {
    /// Centred on the bow (dead ahead).
    Bow,
    /// Centred on the starboard beam (right).
    Starboard,
    /// Centred on the stern (dead astern).
    Stern,
    /// Centred on the port beam (left).
    Port,
}

impl Arc {
    /// The two broadside arcs, port first.
    pub const BROADSIDES: [Arc; 2] = [Arc::Port, Arc::Starboard];
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Arc::Bow => "bow",
            Arc::Starboard => "starboard",
            Arc::Stern => "stern",
            Arc::Port => "port",
        }
    }
}

/// Whether `p` lies in `arc` of the ship `r`: within 45 degrees of the arc's centre line,
/// boundaries included, measured from the mainmast. The mainmast itself is in no arc, so a
/// ship is never in its own arcs.
pub fn in_arc(r: &Rect, arc: Arc, p: Point) -> bool {
    if p == r.centre {
        return false;
    }
    let (along, across) = r.local(p);
    match arc {
        Arc::Bow => along > 0 && along >= across.abs(),
        Arc::Stern => along < 0 && -along >= across.abs(),
        Arc::Starboard => across > 0 && across >= along.abs(),
        Arc::Port => across < 0 && -across >= along.abs(),
    }
}

/// The broadside arc (port or starboard) of `r` that holds `p`: [`in_arc`] over
/// [`Arc::BROADSIDES`], worked out from one change of frame (the agents ask this for every
/// plan and every place an enemy may stand).
pub fn broadside_arc(r: &Rect, p: Point) -> Option<Arc> {
    if p == r.centre {
        return None;
    }
    let (along, across) = r.local(p);
    if across == 0 || across.abs() < along.abs() {
        None
    } else if across > 0 {
        Some(Arc::Starboard)
    } else {
        Some(Arc::Port)
    }
}

/// Whether `p` lies in the bow or the stern arc of `r` (where a shot from `p` rakes):
/// [`in_arc`] for both, from one change of frame.
pub fn in_bow_or_stern(r: &Rect, p: Point) -> bool {
    if p == r.centre {
        return false;
    }
    let (along, across) = r.local(p);
    along != 0 && along.abs() >= across.abs()
}

/// Whether segments `a-b` and `c-d` share a point.
pub fn segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
        return true;
    }
    let on = |p: Point, q: Point, r: Point| {
        r.x >= p.x.min(q.x) && r.x <= p.x.max(q.x) && r.y >= p.y.min(q.y) && r.y <= p.y.max(q.y)
    };
    (d1 == 0 && on(c, d, a))
        || (d2 == 0 && on(c, d, b))
        || (d3 == 0 && on(a, b, c))
        || (d4 == 0 && on(a, b, d))
}

/// Whether the segment `a-b` touches the rectangle `r`.
pub fn segment_hits_rect(a: Point, b: Point, r: &Rect) -> bool {
    // Broad phase: the distance from the centre to the segment against the radius.
    let rad = r.radius();
    if point_segment_dist2(r.centre, a, b) > rad * rad {
        return false;
    }
    if r.contains(a) || r.contains(b) {
        return true;
    }
    let c = r.corners();
    (0..4).any(|i| segments_intersect(a, b, c[i], c[(i + 1) % 4]))
}

/// Line of sight from `from` to `to`: no obstacle touches the segment between them.
pub fn line_of_sight<'a>(
    from: Point,
    to: Point,
    obstacles: impl IntoIterator<Item = &'a Rect>,
) -> bool {
    obstacles
        .into_iter()
        .all(|o| !segment_hits_rect(from, to, o))
}

/// Whether the rectangle lies entirely on a table `width` x `depth` mils (edges included).
pub fn on_table(r: &Rect, width: i32, depth: i32) -> bool {
    // No corner lies farther than half the length plus half the beam (and a mil of
    // rounding) from the centre along either axis: a base whose box of that half-width is
    // on the table is too, without its corners (or a square root).
    let (c, rad) = (r.centre, (r.length as i64 + r.beam as i64) / 2 + 2);
    let (x, y) = (c.x as i64, c.y as i64);
    if x - rad >= 0 && y - rad >= 0 && x + rad <= width as i64 && y + rad <= depth as i64 {
        return true;
    }
    r.corners()
        .iter()
        .all(|c| c.x >= 0 && c.y >= 0 && c.x <= width && c.y <= depth)
}

/// Most pieces of a swept path: the straight run plus one per 15 degrees of a 90-degree turn.
pub const MAX_SWEPT_PIECES: usize = 7;
/// Largest turn, in degrees, one piece of a swept path covers.
pub const SWEEP_STEP_DEG: i32 = 15;

/// The region a base covers while it moves ahead and then pivots about its centre: a union
/// of convex polygons that contains every intermediate position (conservatively, by at
/// most a hundredth of the base's half-diagonal on a turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SweptPath {
    pub pieces: [Poly; MAX_SWEPT_PIECES],
    pub len: u8,
    /// Where the base ends.
    pub end: Rect,
}

impl SweptPath {
    /// The pieces.
    pub fn pieces(&self) -> &[Poly] {
        &self.pieces[..self.len as usize]
    }
    /// Whether any piece shares interior area with `r`.
    pub fn hits(&self, r: &Rect) -> bool {
        let rc = r.corners();
        self.pieces().iter().any(|p| polys_overlap(p.points(), &rc))
    }
}

/// Whether `p` lies farther than `lim` mils from every point of the segment `a-b`
/// (exact, in integers).
pub fn beyond_segment(a: Point, b: Point, p: Point, lim: i64) -> bool {
    let (abx, aby) = ((b.x - a.x) as i128, (b.y - a.y) as i128);
    let (apx, apy) = ((p.x - a.x) as i128, (p.y - a.y) as i128);
    let lim2 = (lim as i128) * (lim as i128);
    let along = apx * abx + apy * aby;
    let len2 = abx * abx + aby * aby;
    if along <= 0 || len2 == 0 {
        return (apx * apx + apy * apy) > lim2;
    }
    if along >= len2 {
        return p.dist2(b) as i128 > lim2;
    }
    let across = apx * aby - apy * abx;
    across * across > lim2 * len2
}

/// How far any point of [`swept_path`]`(start, dist, turn)` (and of the base where it
/// ends) may lie from the segment between the mainmast's start and its end: the base's
/// radius, grown as the turning pieces are pushed out (1/cos 7.5°) plus their rounding.
pub fn swept_reach(start: &Rect) -> i64 {
    start.radius() * 10_100 / 10_000 + 8
}

/// The swept path of `start` moving `dist` mils ahead (`dist >= 0`), then turning `turn`
/// degrees clockwise (negative: anticlockwise, at most 90 either way) about its centre.
///
/// The straight run sweeps exactly the base lengthened by `dist`. A turn is cut into
/// pieces of at most [`SWEEP_STEP_DEG`] degrees; each piece is the convex hull of the
/// base's corners at both ends of the piece, pushed out from the centre by 1/cos(7.5°)
/// (rounded up), which holds the corners' arcs and so the whole turning base.
pub fn swept_path(start: &Rect, dist: i32, turn: i32) -> SweptPath {
    let mut path = SweptPath::default();
    let moved = start.advanced(dist);
    path.pieces[0] = sweep_run(start, dist);
    path.len = 1;
    let turn = turn.clamp(-90, 90);
    let steps = (turn.abs() + SWEEP_STEP_DEG - 1) / SWEEP_STEP_DEG;
    for k in 0..steps {
        let h0 = moved.heading as i32 + turn * k / steps;
        let h1 = moved.heading as i32 + turn * (k + 1) / steps;
        path.pieces[path.len as usize] = sweep_pivot(&moved, h0, h1);
        path.len += 1;
    }
    path.end = moved.turned(turn);
    path
}

/// The first piece of [`swept_path`]`(start, dist, _)`: the base lengthened by its straight
/// run (whatever the turn after it).
pub fn sweep_run(start: &Rect, dist: i32) -> Poly {
    // Beyond a zero move the run is grown by 2 mils all round, to cover the rounding of
    // the intermediate positions.
    let grow = if dist > 0 { 4 } else { 0 };
    let run = Rect {
        centre: start.centre.plus(body_to_world(start.heading, dist / 2, 0)),
        length: start.length + dist + grow,
        beam: start.beam + grow,
        ..*start
    };
    Poly::of_rect(&run)
}

/// The region a base covers while it moves `across` mils directly sideways (positive to
/// starboard): the base widened by the shift, centred half way. Beyond a zero shift it is
/// grown by 2 mils all round, to cover the rounding of the intermediate positions.
pub fn sweep_shift(start: &Rect, across: i32) -> Poly {
    let grow = if across != 0 { 4 } else { 0 };
    let run = Rect {
        centre: start
            .centre
            .plus(body_to_world(start.heading, 0, across / 2)),
        length: start.length + grow,
        beam: start.beam + across.abs() + grow,
        ..*start
    };
    Poly::of_rect(&run)
}

/// The piece of a swept path that covers the base `moved` pivoting about its mainmast
/// from heading `h0` to `h1` (degrees, at most [`SWEEP_STEP_DEG`] apart): the hull of the
/// base's corners at both ends, pushed out by 1/cos(7.5°). A turn of a whole number of
/// steps is cut at the same headings whatever its size, so turns that share a direction
/// share their first pieces.
pub fn sweep_pivot(moved: &Rect, h0: i32, h1: i32) -> Poly {
    let pushed = |h: i32| {
        let grown = Rect {
            length: (moved.length as i64 * 10087 / 10000) as i32 + 2,
            beam: (moved.beam as i64 * 10087 / 10000) as i32 + 2,
            heading: norm_deg(h),
            ..*moved
        };
        grown.corners()
    };
    let (a, b) = (pushed(h0), pushed(h1));
    Poly::hull(&[a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trig_table_is_exact_at_the_cardinal_points() {
        assert_eq!(sin_deg(0), 0);
        assert_eq!(sin_deg(90), TRIG_ONE);
        assert_eq!(sin_deg(180), 0);
        assert_eq!(sin_deg(270), -TRIG_ONE);
        assert_eq!(cos_deg(0), TRIG_ONE);
        assert_eq!(cos_deg(-90), 0);
        assert_eq!(sin_deg(30), 32768);
        // The full table agrees with the quarter table's quadrant rule everywhere.
        let quadrant_rule = |d: i32| {
            let d = d.rem_euclid(360);
            (match d {
                0..=90 => SIN_TABLE[d as usize],
                91..=180 => SIN_TABLE[(180 - d) as usize],
                181..=270 => -SIN_TABLE[(d - 180) as usize],
                _ => -SIN_TABLE[(360 - d) as usize],
            }) as i64
        };
        for d in -720..=720 {
            assert_eq!(sin_deg(d), quadrant_rule(d), "sin {d}");
            assert_eq!(cos_deg(d), quadrant_rule(d + 90), "cos {d}");
        }
        for h in 0..=u16::MAX {
            let d = (h % 360) as i32;
            assert_eq!(heading_trig(h), (sin_deg(d), cos_deg(d)), "heading {h}");
        }
    }

    #[test]
    fn isqrt_is_floor() {
        for n in 0..2000i64 {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n);
        }
        assert_eq!(isqrt(i64::MAX), 3_037_000_499);
    }

    #[test]
    fn a_ship_heading_east_has_its_starboard_arc_to_the_south() {
        let r = Rect::new(Point::new(0, 0), 90, 4000, 1000);
        assert!(in_arc(&r, Arc::Starboard, Point::new(0, -5000)));
        assert!(in_arc(&r, Arc::Port, Point::new(1000, 5000)));
        assert!(in_arc(&r, Arc::Bow, Point::new(5000, 100)));
        assert!(!in_arc(&r, Arc::Starboard, Point::new(5000, -100)));
        // The boundary at 45 degrees is inside both the bow and the broadside arc.
        assert!(in_arc(&r, Arc::Starboard, Point::new(3000, -3000)));
        assert!(in_arc(&r, Arc::Bow, Point::new(3000, -3000)));
    }

    #[test]
    fn the_one_frame_arc_tests_agree_with_in_arc_on_the_wedge_edges_and_the_mainmast() {
        for heading in (0..360).step_by(15) {
            let r = Rect::new(Point::new(5000, 5000), heading, 3000, 800);
            for (dx, dy) in [
                (0, 0),
                (700, 700),
                (700, -700),
                (-700, 700),
                (-700, -700),
                (0, 900),
                (900, 0),
            ] {
                let p = Point::new(5000 + dx, 5000 + dy);
                let broadside = Arc::BROADSIDES.into_iter().find(|&a| in_arc(&r, a, p));
                assert_eq!(broadside_arc(&r, p), broadside, "{r:?} {p:?}");
                let wedge = in_arc(&r, Arc::Bow, p) || in_arc(&r, Arc::Stern, p);
                assert_eq!(in_bow_or_stern(&r, p), wedge, "{r:?} {p:?}");
            }
        }
    }

    #[test]
    fn hull_of_a_square_is_the_square() {
        let pts = [
            Point::new(0, 0),
            Point::new(10, 0),
            Point::new(10, 10),
            Point::new(0, 10),
            Point::new(5, 5),
        ];
        assert_eq!(Poly::hull(&pts).len, 4);
    }
}
