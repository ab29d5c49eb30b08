//! Hex geometry shared by every hex ruleset.
//!
//! Flat-topped hexes in axial coordinates `(q, r)`; the third cube coordinate is `-q-r`.
//! The six facings are numbered clockwise from north: N, NE, SE, S, SW, NW. A map is a
//! rectangle of `cols x rows` hexes in "odd-q" offset layout (odd columns sit half a hex
//! lower), which is how the terminal map and the observation planes are drawn.
//!
//! Ships span two hexes: the bow hex, and the stern hex directly behind it. A ship turns
//! by pivoting on its bow, so the stern swings into a new hex.
//!
//! All arithmetic is on integers: the side of a line is the sign of a cross product taken
//! in axial coordinates, which has the sign of the cross product of the hex centres on the
//! page because the axial-to-pixel map has a positive determinant.

use serde::{Deserialize, Serialize};

/// A hex in axial coordinates.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct Hex {
    pub q: i16,
    pub r: i16,
}

/// One of the six hex directions, clockwise from north (0 = N, 1 = NE, ... 5 = NW).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(try_from = "u8")]
pub struct Facing(pub u8);

impl TryFrom<u8> for Facing {
    type Error = String;
    /// Facings read from files (saved games, states) must be one of the six.
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        if v < 6 {
            Ok(Facing(v))
        } else {
            Err(format!(
                "facing {v} is not one of 0..=5 (N, NE, SE, S, SW, NW)"
            ))
        }
    }
}

/// Axial steps of the six facings, clockwise from north.
const STEPS: [(i16, i16); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
/// Compass names of the six facings.
pub const FACING_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

impl Facing {
    pub const N: Facing = Facing(0);
    pub const NE: Facing = Facing(1);
    pub const SE: Facing = Facing(2);
    pub const S: Facing = Facing(3);
    pub const SW: Facing = Facing(4);
    pub const NW: Facing = Facing(5);

    /// The facing `steps` sixths of a turn clockwise (negative: anticlockwise).
    #[inline]
    pub fn rotate(self, steps: i32) -> Facing {
        Facing(((self.0 as i32 + steps).rem_euclid(6)) as u8)
    }
    /// 60 degrees to the right (clockwise).
    #[inline]
    pub fn right(self) -> Facing {
        self.rotate(1)
    }
    /// 60 degrees to the left (anticlockwise).
    #[inline]
    pub fn left(self) -> Facing {
        self.rotate(-1)
    }
    /// The opposite direction.
    #[inline]
    pub fn opposite(self) -> Facing {
        self.rotate(3)
    }
    /// The axial step of one hex in this direction.
    #[inline]
    pub fn step(self) -> Hex {
        let (q, r) = STEPS[self.0 as usize % 6];
        Hex { q, r }
    }
    /// Clockwise sixths from `self` to `other`, in `0..6`.
    #[inline]
    pub fn turns_to(self, other: Facing) -> u8 {
        ((other.0 as i32 - self.0 as i32).rem_euclid(6)) as u8
    }
    /// Compass name ("N", "NE", ...).
    pub fn name(self) -> &'static str {
        FACING_NAMES[self.0 as usize % 6]
    }
    /// Parses a compass name (case-insensitive).
    pub fn from_name(s: &str) -> Option<Facing> {
        FACING_NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(s))
            .map(|i| Facing(i as u8))
    }
}

impl Hex {
    /// A hex from axial coordinates.
    pub const fn new(q: i16, r: i16) -> Self {
        Self { q, r }
    }
    /// The third cube coordinate.
    #[inline]
    pub fn s(self) -> i16 {
        -self.q - self.r
    }
    /// Vector sum (also `+`).
    #[inline]
    #[allow(clippy::should_implement_trait)] // Kept beside `Add` so call chains read well.
    pub fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
    /// Vector difference (also `-`).
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
    /// The neighbour in direction `f`.
    #[inline]
    pub fn neighbor(self, f: Facing) -> Hex {
        self.add(f.step())
    }
    /// Number of hex steps between two hexes.
    #[inline]
    pub fn distance(self, o: Hex) -> i32 {
        let d = self.sub(o);
        let (q, r) = (d.q as i32, d.r as i32);
        (q.abs() + r.abs() + (q + r).abs()) / 2
    }
    /// Rotation about the origin by `steps` sixths clockwise.
    pub fn rotate(self, steps: i32) -> Hex {
        let (mut x, mut y, mut z) = (self.q, self.s(), self.r);
        for _ in 0..steps.rem_euclid(6) {
            (x, y, z) = (-z, -x, -y);
        }
        let _ = y;
        Hex::new(x, z)
    }
    /// Offset coordinates `(col, row)` in the odd-q layout.
    #[inline]
    pub fn to_offset(self) -> (i32, i32) {
        let q = self.q as i32;
        (q, self.r as i32 + (q - (q & 1)) / 2)
    }
    /// The hex at offset `(col, row)` in the odd-q layout.
    #[inline]
    pub fn from_offset(col: i32, row: i32) -> Hex {
        Hex::new(col as i16, (row - (col - (col & 1)) / 2) as i16)
    }
    /// The hexes on the straight line from `self` to `o`, both ends included, in order
    /// (cube linear interpolation with a small nudge so ties break the same way every time).
    pub fn line_to(self, o: Hex) -> Vec<Hex> {
        let n = self.distance(o);
        if n == 0 {
            return vec![self];
        }
        let (aq, ar) = (self.q as f64 + 1e-6, self.r as f64 + 1e-6);
        let (bq, br) = (o.q as f64 + 1e-6, o.r as f64 + 1e-6);
        (0..=n)
            .map(|i| {
                let t = i as f64 / n as f64;
                cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)
            })
            .collect()
    }
}

impl std::ops::Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
}

impl std::ops::Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
}

fn cube_round(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i16, rr as i16)
}

/// Cross product of two axial vectors: positive when `v` lies clockwise of `u` (to its right).
#[inline]
pub fn cross(u: Hex, v: Hex) -> i32 {
    u.q as i32 * v.r as i32 - u.r as i32 * v.q as i32
}

/// A rectangular map of `cols x rows` hexes in odd-q offset layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexMap {
    pub cols: i32,
    pub rows: i32,
}

impl HexMap {
    /// Whether `h` lies on the map.
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        let (c, r) = h.to_offset();
        c >= 0 && r >= 0 && c < self.cols && r < self.rows
    }
    /// The hex reflected through the map's centre (used to give the second player the
    /// same view of the board as the first: own side at the bottom).
    pub fn point_reflect(&self, h: Hex) -> (i32, i32) {
        let (c, r) = h.to_offset();
        // Reflecting an odd-q grid changes column parity, so a half-hex shift is absorbed
        // by rounding; the image is within the map when cols is odd, nearly so otherwise.
        (self.cols - 1 - c, self.rows - 1 - r)
    }
}

/// A broadside: the left (port) or right (starboard) side of a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Left = 0,
    Right = 1,
}

impl Side {
    /// Both sides, left first.
    pub const BOTH: [Side; 2] = [Side::Left, Side::Right];
    /// Index 0 (left) or 1 (right).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    /// "left" or "right".
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// A two-hex ship's place: the bow hex and the way it points; the stern is behind the bow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ShipPos {
    pub bow: Hex,
    pub facing: Facing,
}

impl ShipPos {
    /// A ship at `bow` pointing `facing`.
    pub const fn new(bow: Hex, facing: Facing) -> Self {
        Self { bow, facing }
    }
    /// The stern hex, directly behind the bow.
    #[inline]
    pub fn stern(self) -> Hex {
        self.bow.neighbor(self.facing.opposite())
    }
    /// Bow and stern.
    #[inline]
    pub fn hexes(self) -> [Hex; 2] {
        [self.bow, self.stern()]
    }
    /// One hex forward: the bow enters the hex ahead and the stern follows into the old bow hex.
    #[inline]
    pub fn forward(self) -> ShipPos {
        ShipPos::new(self.bow.neighbor(self.facing), self.facing)
    }
    /// A 60-degree turn pivoting on the bow (`steps` = -1 left, +1 right).
    #[inline]
    pub fn turned(self, steps: i32) -> ShipPos {
        ShipPos::new(self.bow, self.facing.rotate(steps))
    }
    /// Whether the ship occupies `h`.
    #[inline]
    pub fn occupies(self, h: Hex) -> bool {
        self.bow == h || self.stern() == h
    }
    /// Whether two ships share a hex.
    #[inline]
    pub fn overlaps(self, o: ShipPos) -> bool {
        let [a, b] = self.hexes();
        o.occupies(a) || o.occupies(b)
    }
    /// Range between two ships: the fewest hex steps between any hex of one and any of the other.
    #[inline]
    pub fn range_to(self, o: ShipPos) -> i32 {
        let [a, b] = self.hexes();
        let [c, d] = o.hexes();
        a.distance(c)
            .min(a.distance(d))
            .min(b.distance(c))
            .min(b.distance(d))
    }
    /// Whether hex `h` lies in the field of fire ("play") of this ship's `side` broadside.
    ///
    /// The field is the region on that side between two hex lines: one from the bow in the
    /// direction 60 degrees off the bow, one from the stern in the direction 60 degrees off
    /// the stern; hexes on either line are inside. Range is not limited here.
    #[inline]
    pub fn field_contains(self, side: Side, h: Hex) -> bool {
        let u = self.facing.step();
        let from_bow = h.sub(self.bow);
        let from_stern = h.sub(self.stern());
        match side {
            Side::Right => {
                cross(u, from_bow) > 0
                    && cross(self.facing.rotate(1).step(), from_bow) >= 0
                    && cross(self.facing.rotate(2).step(), from_stern) <= 0
            }
            Side::Left => {
                cross(u, from_bow) < 0
                    && cross(self.facing.rotate(-1).step(), from_bow) <= 0
                    && cross(self.facing.rotate(-2).step(), from_stern) >= 0
            }
        }
    }
    /// Whether any hex of `target` lies in this ship's `side` field of fire.
    #[inline]
    pub fn field_holds_ship(self, side: Side, target: ShipPos) -> bool {
        let [a, b] = target.hexes();
        self.field_contains(side, a) || self.field_contains(side, b)
    }
    /// The side whose field holds `target`, if any (left is tried first).
    #[inline]
    pub fn side_facing(self, target: ShipPos) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.field_holds_ship(s, target))
    }
    /// Whether this ship rakes `target` from its `side`: the target is in that broadside's
    /// field while this ship lies outside both of the target's fields.
    #[inline]
    pub fn rakes(self, side: Side, target: ShipPos) -> bool {
        self.field_holds_ship(side, target)
            && !target.field_holds_ship(Side::Left, self)
            && !target.field_holds_ship(Side::Right, self)
    }
    /// The same ship rotated about the origin by `steps` sixths clockwise.
    pub fn rotate(self, steps: i32) -> ShipPos {
        ShipPos::new(self.bow.rotate(steps), self.facing.rotate(steps))
    }
    /// The same ship moved by the vector `d`.
    pub fn translate(self, d: Hex) -> ShipPos {
        ShipPos::new(self.bow.add(d), self.facing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_unit_and_clockwise() {
        for f in 0..6 {
            let a = Facing(f).step();
            let b = Facing(f).right().step();
            assert_eq!(Hex::default().distance(a), 1);
            assert!(
                cross(a, b) > 0,
                "facing {f}: the next facing clockwise is to the right"
            );
            assert_eq!(a.rotate(1), b);
        }
    }

    #[test]
    fn offset_round_trip() {
        for c in -3..12 {
            for r in -3..12 {
                assert_eq!(Hex::from_offset(c, r).to_offset(), (c, r));
            }
        }
    }

    #[test]
    fn neighbours_of_a_north_facing_ship_in_the_right_field() {
        // Bow (0,0) facing N, stern (0,1): the three hexes touching its right side are in the
        // right field; the hex dead ahead and dead astern are in neither field.
        let ship = ShipPos::new(Hex::new(0, 0), Facing::N);
        for h in [Hex::new(1, -1), Hex::new(1, 0), Hex::new(1, 1)] {
            assert!(ship.field_contains(Side::Right, h), "{h:?}");
            assert!(!ship.field_contains(Side::Left, h), "{h:?}");
        }
        for h in [Hex::new(-1, 0), Hex::new(-1, 1), Hex::new(-1, 2)] {
            assert!(ship.field_contains(Side::Left, h), "{h:?}");
        }
        for h in [
            Hex::new(0, -1),
            Hex::new(0, -5),
            Hex::new(0, 2),
            Hex::new(0, 6),
        ] {
            assert!(
                !ship.field_contains(Side::Left, h) && !ship.field_contains(Side::Right, h),
                "{h:?}"
            );
        }
    }

    #[test]
    fn line_has_distance_plus_one_adjacent_hexes() {
        let a = Hex::new(0, 0);
        let b = Hex::new(5, -2);
        let line = a.line_to(b);
        assert_eq!(line.len(), 6);
        assert_eq!(line[0], a);
        assert_eq!(*line.last().unwrap(), b);
        for w in line.windows(2) {
            assert_eq!(w[0].distance(w[1]), 1);
        }
    }
}
