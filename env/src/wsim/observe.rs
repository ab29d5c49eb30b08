//! The observation tensors of WS&IM, from the deciding side's view.
//!
//! Frame: side 0 sees the map as it is; side 1 sees it turned 180 degrees, so each side
//! sees the board the same way round. Entity rows list the observer's own ships first,
//! then the enemy's, each in scenario order. The other side's orders (movement, aim, fire
//! threshold, load, unfouling) never appear: they are hidden until carried out.

use crate::game::Player;
use crate::hex::{Facing, Hex, HexMap, ShipPos, Side};
use crate::observation::{ObsMemo, ObsSpec, Observation, ObservationMut, PlaneRun};

use super::data::{tables, MAX_PLANE_COLS, MAX_PLANE_ROWS, MAX_SHIPS};
use super::orders::PlanCursor;
use super::state::{Phase, Step, WsimGame, AIM_HULL, MAX_PLAN};

/// Rows of the planes: one more than the largest map, because turning an odd-q map half
/// round shifts odd columns by half a hex.
pub const PLANE_ROWS: usize = MAX_PLANE_ROWS as usize + 1;
/// Columns of the planes.
pub const PLANE_COLS: usize = MAX_PLANE_COLS as usize;

/// Entity features, one row per ship.
pub static ENTITY_FEATURES: &[&str] = &ENTITY_FEATURES_ARR;

/// Global features.
pub static GLOBAL_FEATURES: &[&str] = &[
    "side_0",
    "side_1",
    "wind_from_N",
    "wind_from_NE",
    "wind_from_SE",
    "wind_from_S",
    "wind_from_SW",
    "wind_from_NW",
    "turn",
    "no_fire_turns",
    "deciding",
    "step_unfoul",
    "step_move",
    "step_aim",
    "step_threshold",
    "step_load",
    "resign_available",
    "acting_row",
    "plan_length",
    "plan_spent",
    "plan_turns",
    "plan_last_was_turn",
    "plan_stopped",
    "acting_allowance",
    "own_score",
    "enemy_score",
    "own_ships_able",
    "enemy_ships_able",
    "single_ship",
];

/// Spatial planes.
pub static PLANE_CHANNELS: &[&str] = &[
    "on_map",
    "own_bow",
    "own_stern",
    "enemy_bow",
    "enemy_stern",
    "struck",
    "acting",
    "acting_planned",
    "acting_field_left",
    "acting_field_right",
    "enemy_fire_zone",
];

/// The observation layout of WS&IM.
pub const WSIM_OBS: ObsSpec = ObsSpec {
    max_entities: MAX_SHIPS,
    entity_features: ENTITY_FEATURES,
    global_features: GLOBAL_FEATURES,
    plane_channels: PLANE_CHANNELS,
    plane_rows: PLANE_ROWS,
    plane_cols: PLANE_COLS,
};

/// The index of an entity feature, found by name. Always call it in a const context
/// (`const { fi("hull") }`): at run time it would be a linear search through the names on
/// every write, which was most of an observation's cost.
const fn fi(name: &str) -> usize {
    let mut i = 0;
    while i < ENTITY_FEATURES_ARR.len() {
        if str_eq(ENTITY_FEATURES_ARR[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("unknown entity feature")
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// The entity feature names as a const array, so `fi` resolves indices by name at compile time.
const ENTITY_FEATURES_ARR: [&str; 50] = [
    "present",
    "own",
    "enemy",
    "struck",
    "crewless",
    "fouled",
    "acting",
    "bow_col",
    "bow_row",
    "stern_col",
    "stern_row",
    "facing_N",
    "facing_NE",
    "facing_SE",
    "facing_S",
    "facing_SW",
    "facing_NW",
    "attitude_A",
    "attitude_B",
    "attitude_C",
    "attitude_D",
    "allowance",
    "class",
    "crew_quality",
    "hull",
    "hull_fraction",
    "crew_fraction",
    "crew_sections_lost",
    "rigging_fraction",
    "rigging_sections_lost",
    "guns_left",
    "guns_right",
    "carronades_left",
    "carronades_right",
    "loaded_left",
    "loaded_right",
    "initial_left",
    "initial_right",
    "points",
    "range_to_acting",
    "in_acting_left_field",
    "in_acting_right_field",
    "acting_in_its_fields",
    "own_orders_written",
    "own_plan_length",
    "own_aim_hull",
    "own_fire_threshold",
    "own_load_any",
    "own_load_left",
    "own_load_right",
];

fn b(x: bool) -> f32 {
    if x {
        1.0
    } else {
        0.0
    }
}

/// Maps hexes to plane indices in one player's frame: side 1's view is the map turned half
/// round (negated in axial coordinates), shifted to start at column 0 and row 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    flip: bool,
    cols: i32,
    top: i32,
}

impl Frame {
    /// Plane `(col, row)` of `h`.
    #[inline]
    pub fn offset(&self, h: Hex) -> (i32, i32) {
        if !self.flip {
            return h.to_offset();
        }
        let (c, r) = Hex::new(self.cols as i16 - 1 - h.q, -h.r).to_offset();
        (c, r - self.top)
    }
}

impl WsimGame {
    /// Offset `(col, row)` of `h` in `player`'s frame (plane indices).
    pub fn view_offset(&self, h: Hex, player: Player) -> (i32, i32) {
        self.frame(player).offset(h)
    }

    /// The transform from map hexes to `player`'s plane indices.
    pub fn frame(&self, player: Player) -> Frame {
        if player == 0 {
            return Frame {
                flip: false,
                cols: self.map.cols,
                top: 0,
            };
        }
        let mut f = Frame {
            flip: true,
            cols: self.map.cols,
            top: 0,
        };
        // Shift so the image of the map's bottom row (the highest after the half turn) is row 0.
        f.top = (0..self.map.cols.min(2))
            .map(|c| f.offset(Hex::from_offset(c, self.map.rows - 1)).1)
            .min()
            .unwrap_or(0);
        f
    }

    /// `f` in `player`'s frame.
    pub fn view_facing(&self, f: Facing, player: Player) -> Facing {
        if player == 0 {
            f
        } else {
            f.opposite()
        }
    }

    /// The ship being decided, if any.
    pub fn acting_ship(&self) -> Option<usize> {
        match self.phase {
            Phase::Orders { ship, .. } => Some(ship as usize),
            _ => None,
        }
    }

    /// Whether `observer` may see the orders of ship `i` (its own ships only).
    fn orders_visible(&self, observer: Player, i: usize) -> bool {
        self.ships[i].side == observer
    }

    /// Whether ship `i`'s orders for this turn are complete.
    fn orders_written(&self, i: usize) -> bool {
        let s = &self.ships[i];
        if !s.can_fight() {
            return false;
        }
        match self.phase {
            Phase::Orders { player, ship, .. } => {
                s.side < player || (s.side == player && i < ship as usize)
            }
            Phase::Over => false,
            _ => true,
        }
    }

    /// Entity rows in observation order: the observer's ships, then the enemy's.
    pub fn entity_order(&self, observer: Player) -> impl Iterator<Item = usize> + '_ {
        let n = self.num_ships as usize;
        (0..n)
            .filter(move |&i| self.ships[i].side == observer)
            .chain((0..n).filter(move |&i| self.ships[i].side != observer))
    }

    /// Fills `out` with `observer`'s view.
    pub fn write_observation(&self, observer: Player, out: &mut Observation) {
        self.write_into(observer, out.view_mut(), None);
    }

    /// Fills `out` (caller-owned memory) with `observer`'s view. With a memo of what this
    /// buffer holds, it is rewritten incrementally: the planes as [`WsimGame::write_planes`]
    /// says (the static `on_map` plane only when the observer or the map changed, each other
    /// layer only when its inputs changed), the entity rows as
    /// [`WsimGame::write_entities`] says (a row only when the ship's inputs changed, its
    /// acting-ship features only when the acting ship changed); the global vector (29
    /// values) is rewritten whole. Either way the result is the fresh observation, entry for
    /// entry.
    pub fn write_into(
        &self,
        observer: Player,
        mut out: ObservationMut<'_>,
        mut memo: Option<&mut ObsMemo>,
    ) {
        let acting = self.acting_ship();
        // The acting ship's plan when it is the observer's (the global vector and the
        // planes both show it).
        let own_plan = acting
            .filter(|&a| self.ships[a].side == observer)
            .map(|a| self.plan_cursor(a));
        // The planes first: they start the memo afresh when the observer or the map changed,
        // which also makes the entity rows' record unknown.
        self.write_planes(observer, acting, own_plan.map(|c| c.pos), &mut out, memo.as_deref_mut());
        let acting_row = self.write_entities(observer, acting, &mut out, memo);
        self.write_global(observer, acting, acting_row, own_plan, &mut out);
    }

    /// The entity rows, and the row of the acting ship (0 without one).
    ///
    /// With a memo, each row is keyed by exactly what it is written from ([`ROW_WORDS`]
    /// words, see [`WsimGame::row_key`]): the ship's own state, the observer, the wind, and
    /// the observer's orders where it may see them; then one word for the acting ship (which,
    /// and where). A row whose ship key is unchanged is not rewritten; if only its acting
    /// word changed, only its five acting-ship features are. A row without a ship has the
    /// all-zero key (a ship's key never is: its position word has a presence bit).
    fn write_entities(
        &self,
        observer: Player,
        acting: Option<usize>,
        out: &mut ObservationMut<'_>,
        memo: Option<&mut ObsMemo>,
    ) -> usize {
        let frame = self.frame(observer);
        let acting_word = acting.map_or(0, |a| pos_word(self.ships[a].pos) | ((a as u64 + 1) << 48));
        let (record, known): (&mut [u64], bool) = match memo {
            Some(m) => m.entity_rows(MAX_SHIPS, ROW_WORDS),
            None => (&mut [], false),
        };
        let mut acting_row = 0usize;
        if record.is_empty() {
            // A fresh observation (no memo): every row from zeros, no keys worked out.
            out.entities.fill(0.0);
            for (row, i) in self.entity_order(observer).enumerate() {
                if acting == Some(i) {
                    acting_row = row;
                }
                self.write_entity(observer, frame, i, acting, &mut out.entities.row_mut(row));
            }
            return acting_row;
        }
        let mut order = self.entity_order(observer);
        // The record holds every row (`entity_rows` sized it), `ROW_WORDS` words each. A row's
        // view is made only when it is written: most rows are not.
        let (held_rows, _) = record.as_chunks_mut::<ROW_WORDS>();
        for (row, held) in held_rows.iter_mut().enumerate().take(MAX_SHIPS) {
            let ship = order.next();
            if ship.is_some() && ship == acting {
                acting_row = row;
            }
            let key = match ship {
                Some(i) => self.row_key(observer, i, acting_word),
                None => [0; ROW_WORDS],
            };
            let same_ship = known && same_words(&held[..ROW_WORDS - 1], &key[..ROW_WORDS - 1]);
            if !same_ship {
                let mut e = out.entities.row_mut(row);
                e.fill(0.0);
                if let Some(i) = ship {
                    self.write_entity(observer, frame, i, acting, &mut e);
                }
                *held = key;
            } else if held[ROW_WORDS - 1] != key[ROW_WORDS - 1] {
                if let Some(i) = ship {
                    self.write_acting_features(i, acting, &mut out.entities.row_mut(row));
                }
                held[ROW_WORDS - 1] = key[ROW_WORDS - 1];
            }
        }
        acting_row
    }

    /// Row `i`'s key in `observer`'s view: five words of what the ship's features are
    /// written from, one of what its visible orders are, and `acting_word` (the acting
    /// ship's index and position). The frame (observer and map) is the memo's static part.
    fn row_key(&self, observer: Player, i: usize, acting_word: u64) -> [u64; ROW_WORDS] {
        let s = &self.ships[i];
        let w = u64::from_le_bytes;
        let orders = if self.orders_visible(observer, i) {
            let o = &s.orders;
            w([1, u8::from(self.orders_written(i)), o.plan_len, o.aim, o.threshold, o.load, 0, 0])
        } else {
            0
        };
        [
            w([i as u8, observer, s.side, s.class, s.quality, s.battle_sail, s.rigging_sections, s.hull_max]),
            w([
                s.points as u8,
                (s.points >> 8) as u8,
                s.crew_max[0],
                s.crew_max[1],
                s.crew_max[2],
                s.hull,
                s.flags,
                u8::from(s.fouled != 0) | self.wind_from.0 << 1,
            ]),
            w([
                s.rigging_max[0],
                s.rigging_max[1],
                s.rigging_max[2],
                s.rigging_max[3],
                s.rigging[0],
                s.rigging[1],
                s.rigging[2],
                s.rigging[3],
            ]),
            w([
                s.crew[0],
                s.crew[1],
                s.crew[2],
                s.guns[0],
                s.guns[1],
                s.carronades[0],
                s.carronades[1],
                u8::from(s.loaded[0]) | u8::from(s.loaded[1]) << 1 | u8::from(s.initial[0]) << 2 | u8::from(s.initial[1]) << 3,
            ]),
            pos_word(s.pos),
            orders,
            acting_word,
        ]
    }

    /// Ship `i`'s row, into a row of zeros.
    fn write_entity(
        &self,
        observer: Player,
        frame: Frame,
        i: usize,
        acting: Option<usize>,
        e: &mut ndarray::ArrayViewMut1<'_, f32>,
    ) {
        let norm_c = PLANE_COLS as f32;
        let norm_r = PLANE_ROWS as f32;
        let max_allow = Self::max_allowance().max(1) as f32;
        let s = &self.ships[i];
        let own = s.side == observer;
        e[const { fi("present") }] = 1.0;
        e[const { fi("own") }] = b(own);
        e[const { fi("enemy") }] = b(!own);
        e[const { fi("struck") }] = b(s.struck());
        e[const { fi("crewless") }] = b(s.crewless());
        e[const { fi("fouled") }] = b(s.fouled != 0);
        let (bc, br) = frame.offset(s.pos.bow);
        let (sc, sr) = frame.offset(s.pos.stern());
        e[const { fi("bow_col") }] = bc as f32 / norm_c;
        e[const { fi("bow_row") }] = br as f32 / norm_r;
        e[const { fi("stern_col") }] = sc as f32 / norm_c;
        e[const { fi("stern_row") }] = sr as f32 / norm_r;
        e[const { fi("facing_N") } + self.view_facing(s.pos.facing, observer).0 as usize] = 1.0;
        e[const { fi("attitude_A") } + self.attitude(i) as usize] = 1.0;
        e[const { fi("allowance") }] = self.allowance(i) as f32 / max_allow;
        e[const { fi("class") }] = s.class as f32 / 6.0;
        e[const { fi("crew_quality") }] = s.quality as f32 / 4.0;
        e[const { fi("hull") }] = s.hull as f32 / 20.0;
        e[const { fi("hull_fraction") }] = s.hull as f32 / s.hull_max.max(1) as f32;
        let crew_max: u32 = s.crew_max.iter().map(|&x| x as u32).sum();
        e[const { fi("crew_fraction") }] = s.crew_left() as f32 / crew_max.max(1) as f32;
        e[const { fi("crew_sections_lost") }] = s.crew_sections_lost() as f32 / 3.0;
        let rig_max: u32 = s.rigging_max.iter().map(|&x| x as u32).sum();
        e[const { fi("rigging_fraction") }] = s.rigging_left() as f32 / rig_max.max(1) as f32;
        e[const { fi("rigging_sections_lost") }] = s.rigging_sections_lost() as f32 / 4.0;
        e[const { fi("guns_left") }] = s.guns[0] as f32 / 20.0;
        e[const { fi("guns_right") }] = s.guns[1] as f32 / 20.0;
        e[const { fi("carronades_left") }] = s.carronades[0] as f32 / 10.0;
        e[const { fi("carronades_right") }] = s.carronades[1] as f32 / 10.0;
        e[const { fi("loaded_left") }] = b(s.loaded[0]);
        e[const { fi("loaded_right") }] = b(s.loaded[1]);
        e[const { fi("initial_left") }] = b(s.initial[0]);
        e[const { fi("initial_right") }] = b(s.initial[1]);
        e[const { fi("points") }] = s.points as f32 / 50.0;
        self.write_acting_features(i, acting, e);
        if self.orders_visible(observer, i) {
            let o = &s.orders;
            e[const { fi("own_orders_written") }] = b(self.orders_written(i));
            e[const { fi("own_plan_length") }] = o.plan_len as f32 / MAX_PLAN as f32;
            e[const { fi("own_aim_hull") }] = b(o.aim == AIM_HULL);
            e[const { fi("own_fire_threshold") }] = o.threshold as f32 / 9.0;
            e[const { fi("own_load_any") } + o.load.min(2) as usize] = 1.0;
        }
    }

    /// The five features of ship `i`'s row that describe it against the acting ship
    /// (`acting`, `range_to_acting`, the two fields of fire, `acting_in_its_fields`), every
    /// one written (zero where it does not apply).
    fn write_acting_features(&self, i: usize, acting: Option<usize>, e: &mut ndarray::ArrayViewMut1<'_, f32>) {
        let rules = &tables().rules;
        let s = &self.ships[i];
        let (mut range, mut left, mut right, mut facing) = (0.0, 0.0, 0.0, 0.0);
        if let Some(a) = acting {
            let ap = self.ships[a].pos;
            range = (ap.range_to(s.pos) as f32 / rules.max_range as f32).min(3.0);
            if a != i {
                left = b(ap.field_holds_ship(Side::Left, s.pos));
                right = b(ap.field_holds_ship(Side::Right, s.pos));
                facing = b(s.pos.side_facing(ap).is_some());
            }
        }
        e[const { fi("acting") }] = b(acting == Some(i));
        e[const { fi("range_to_acting") }] = range;
        e[const { fi("in_acting_left_field") }] = left;
        e[const { fi("in_acting_right_field") }] = right;
        e[const { fi("acting_in_its_fields") }] = facing;
    }

    fn write_global(
        &self,
        observer: Player,
        acting: Option<usize>,
        acting_row: usize,
        own_plan: Option<PlanCursor>,
        out: &mut ObservationMut<'_>,
    ) {
        let rules = &tables().rules;
        out.global.fill(0.0);
        let g = &mut out.global;
        let mut k = 0;
        let mut put = |v: f32| {
            g[k] = v;
            k += 1;
        };
        put(b(observer == 0));
        put(b(observer == 1));
        let wind = self.view_facing(self.wind_from, observer).0;
        for f in 0..6 {
            put(b(wind == f));
        }
        put(self.turn as f32 / self.turn_limit.max(1) as f32);
        put(self.no_fire_turns as f32
            / (rules.no_fire_grace_turns + rules.no_fire_timer_turns).max(1) as f32);
        let (deciding, step, first) = match self.phase {
            Phase::Orders {
                player,
                step,
                first,
                ..
            } => (player == observer, Some(step), first),
            _ => (false, None, false),
        };
        put(b(deciding));
        for s in [
            Step::Unfoul,
            Step::Move,
            Step::Aim,
            Step::Threshold,
            Step::Load,
        ] {
            put(b(step == Some(s)));
        }
        put(b(first && self.options.resignation && deciding));
        put(acting_row as f32 / MAX_SHIPS as f32);
        let max_allow = Self::max_allowance().max(1) as f32;
        match (acting, own_plan) {
            (Some(a), Some(c)) => {
                put(self.ships[a].orders.plan_len as f32 / MAX_PLAN as f32);
                put(c.spent as f32 / max_allow);
                put(c.turns as f32 / 3.0);
                put(b(c.last_was_turn));
                put(b(c.stopped));
                put(self.allowance(a) as f32 / max_allow);
            }
            _ => {
                for _ in 0..6 {
                    put(0.0);
                }
            }
        }
        let me = observer as usize;
        put(self.scores[me] as f32 / 100.0);
        put(self.scores[1 - me] as f32 / 100.0);
        let able = |side: u8| {
            self.ships()
                .iter()
                .filter(|s| s.side == side && s.can_fight())
                .count() as f32
                / 12.0
        };
        put(able(observer));
        put(able(1 - observer));
        put(b(self.single_ship));
    }

    /// The key of what the `on_map` plane holds in `observer`'s frame: the observer and the
    /// map's size (maps are rectangles), tagged so no other ruleset's key can equal it.
    fn plane_key(&self, observer: Player) -> u64 {
        const TAG: u64 = 0x5753 << 48; // "WS"
        TAG | (observer as u64) << 40
            | (self.map.cols as u16 as u64) << 16
            | self.map.rows as u16 as u64
    }

    /// The planes, written through [`PlaneWriter`]: whole rows for the map, column runs for
    /// the fields of fire, so no per-hex geometry or bounds check runs (this was most of
    /// an observation's cost).
    ///
    /// With a memo (see [`ObsMemo`]) they are rewritten incrementally, in four layers of
    /// disjoint channels keyed by exactly what they are painted from: the ships' marks
    /// (channels 1 to 5: every ship's position, side and whether it struck), the acting ship
    /// (6, 8 and 9: which ship and where), its planned position when it is the observer's
    /// (7), and the enemy's fire zones (10: every enemy ship able to fight, where, and which
    /// broadsides are loaded). While orders are written no ship moves, so from one decision
    /// to the next usually only the planned position or the acting ship changes, or nothing.
    fn write_planes(
        &self,
        observer: Player,
        acting: Option<usize>,
        own_plan: Option<ShipPos>,
        out: &mut ObservationMut<'_>,
        mut memo: Option<&mut ObsMemo>,
    ) {
        let Some(planes) = out.planes.as_slice_mut() else {
            // `Observation::new` and `ObservationMut::from_slices` lay the planes out in
            // standard order; nothing else can.
            return;
        };
        let base = self.plane_key(observer);
        let held = memo.as_ref().and_then(|m| m.base());
        let known = held == Some(base);
        // Whether the `on_map` plane the buffer holds is already this frame's.
        let map_held = held.is_some_and(|h| same_map_plane(h, base));
        match memo.as_deref_mut() {
            _ if known => {}
            // The buffer holds a known picture in another frame (the observer changed, every
            // few decisions in a batch row): its only nonzero cells are channel 0's map and
            // the runs the layers recorded, so clearing those clears the planes, for a
            // tenth of the memset of all eleven channels.
            Some(m) if held.is_some() => {
                if !map_held {
                    planes[..PLANE_AREA].fill(0.0);
                }
                m.clear_painted(planes);
            }
            _ => planes.fill(0.0),
        }
        let mut w = PlaneWriter {
            planes,
            map: self.map,
            frame: self.frame(observer),
            memo: None,
            layer: 0,
        };
        if !known {
            if !map_held {
                w.fill_map(CH_ON_MAP);
            }
            if let Some(m) = memo.as_deref_mut() {
                m.start(base);
            }
        }
        w.memo = memo;
        let widest = widest_field();
        let n = self.num_ships as usize;

        let mut key = [0u64; MAX_SHIPS];
        for (k, s) in key.iter_mut().zip(self.ships()) {
            *k = pos_word(s.pos) | flag_bit(s.side == observer, OWN) | flag_bit(s.struck(), STRUCK);
        }
        if w.begin(LAYER_SHIPS, &key[..n], MAX_SHIPS * 4) {
            for s in self.ships() {
                let own = s.side == observer;
                w.set(if own { 1 } else { 3 }, s.pos.bow, 1.0);
                w.set(if own { 2 } else { 4 }, s.pos.stern(), 1.0);
                if s.struck() {
                    w.set(5, s.pos.bow, 1.0);
                    w.set(5, s.pos.stern(), 1.0);
                }
            }
        }

        let acting_key = match acting {
            Some(a) => [a as u64 + 1, pos_word(self.ships[a].pos)],
            None => [0; 2],
        };
        if w.begin(LAYER_ACTING, &acting_key, 2 + 2 * widest) {
            if let Some(a) = acting {
                let s = &self.ships[a];
                w.set(6, s.pos.bow, 1.0);
                w.set(6, s.pos.stern(), 1.0);
                for side in Side::BOTH {
                    w.field(8 + side.index(), s.pos, side, |cell| *cell = 1.0);
                }
            }
        }
        // The planned position alone: it moves with every movement order, while the acting
        // ship and its fields of fire (many more cells) stay.
        let plan_key = [own_plan.map_or(0, |p| pos_word(p) | OWN)];
        if w.begin(LAYER_PLAN, &plan_key, 2) {
            if let Some(p) = own_plan {
                w.set(7, p.bow, 1.0);
                w.set(7, p.stern(), 1.0);
            }
        }

        for (k, s) in key.iter_mut().zip(self.ships()) {
            *k = if s.side != observer && s.can_fight() {
                pos_word(s.pos) | flag_bit(s.loaded[0], LOADED_LEFT) | flag_bit(s.loaded[1], LOADED_RIGHT)
            } else {
                0
            };
        }
        if w.begin(LAYER_FIRE_ZONE, &key[..n], MAX_SHIPS * 2 * widest) {
            for s in self
                .ships()
                .iter()
                .filter(|s| s.side != observer && s.can_fight())
            {
                for side in Side::BOTH {
                    if s.loaded[side.index()] {
                        w.field(CH_FIRE_ZONE, s.pos, side, |cell| *cell += 0.25);
                    }
                }
            }
        }
    }
}

/// Whether the `on_map` planes of two frames ([`WsimGame::plane_key`]s) hold the same cells:
/// the same map, and the same observer or an even number of columns. Turning a map half round
/// maps column `c` to `cols - 1 - c`; with an even number of columns that swaps the parity of
/// every column, and the odd-q half-hex shifts of the two parities cancel, so after the shift
/// to row 0 every column covers rows `0..rows` again, as in side 0's frame. With an odd number
/// of columns the parities stay and alternate columns move a row.
fn same_map_plane(a: u64, b: u64) -> bool {
    const OBSERVER: u64 = 0xff << 40;
    let cols = (b >> 16) as u16;
    a == b || (a & !OBSERVER == b & !OBSERVER && cols.is_multiple_of(2))
}

/// Key words per entity row (see [`WsimGame::row_key`]); the last is the acting ship's.
const ROW_WORDS: usize = 7;

/// The memo layers of the planes (see [`WsimGame::write_planes`]).
const LAYER_SHIPS: usize = 0;
const LAYER_ACTING: usize = 1;
const LAYER_FIRE_ZONE: usize = 2;
const LAYER_PLAN: usize = 3;

/// Key bits beside a [`pos_word`].
const OWN: u64 = 1 << 40;
const STRUCK: u64 = 1 << 41;
const LOADED_LEFT: u64 = 1 << 42;
const LOADED_RIGHT: u64 = 1 << 43;
/// Set in every position word, so that a ship at the origin facing north is not a zero
/// (the word of an absent entry).
const PRESENT: u64 = 1 << 44;

/// Whether two key records are equal, word for word: a loop the compiler inlines (slice
/// `==` calls `memcmp`, which at a few words per row cost more than the comparison).
#[inline]
fn same_words(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// `bit` if `on`.
fn flag_bit(on: bool, bit: u64) -> u64 {
    if on {
        bit
    } else {
        0
    }
}

/// A ship position as one exact key word.
fn pos_word(p: ShipPos) -> u64 {
    p.bow.q as u16 as u64 | (p.bow.r as u16 as u64) << 16 | (p.facing.0 as u64) << 32 | PRESENT
}

const CH_ON_MAP: usize = 0;
const CH_FIRE_ZONE: usize = 10;
const PLANE_AREA: usize = PLANE_ROWS * PLANE_COLS;

/// The most column runs one field of fire has (the planes' memo reserves room for them).
fn widest_field() -> usize {
    static WIDEST: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *WIDEST.get_or_init(|| {
        (0..2)
            .flat_map(|odd| (0..6u8).flat_map(move |f| Side::BOTH.map(|s| (odd, f, s))))
            .map(|(odd, f, s)| field_runs(Facing(f), s, odd == 1).len())
            .max()
            .unwrap_or(0)
    })
}

/// Writes into the planes (a standard-layout `[channel][row][col]` slice) in one player's
/// frame, clipped to the map; with a memo, records every cell it paints in the memo's
/// current layer.
struct PlaneWriter<'a> {
    planes: &'a mut [f32],
    map: HexMap,
    frame: Frame,
    memo: Option<&'a mut ObsMemo>,
    layer: usize,
}

impl PlaneWriter<'_> {
    /// Starts memo layer `layer`, painted from `key` in at most `capacity` runs: whether it
    /// must be painted (always without a memo; with one, unless it already holds `key`, in
    /// which case its cells are left as they are; else its old cells are cleared first).
    fn begin(&mut self, layer: usize, key: &[u64], capacity: usize) -> bool {
        self.layer = layer;
        let Some(m) = self.memo.as_deref_mut() else {
            return true;
        };
        if m.layer_holds(layer, key) {
            return false;
        }
        m.repaint(layer, key, self.planes, capacity);
        true
    }

    /// The flat index of map offset `(col, row)` in channel 0, if it is on the map.
    #[inline]
    fn index(&self, col: i32, row: i32) -> Option<usize> {
        if col < 0 || row < 0 || col >= self.map.cols || row >= self.map.rows {
            return None;
        }
        let (c, r) = self.frame.offset(Hex::from_offset(col, row));
        let inside = c >= 0 && r >= 0 && (c as usize) < PLANE_COLS && (r as usize) < PLANE_ROWS;
        inside.then(|| r as usize * PLANE_COLS + c as usize)
    }

    #[inline]
    fn set(&mut self, ch: usize, h: Hex, v: f32) {
        let (col, row) = h.to_offset();
        if let Some(k) = self.index(col, row) {
            let k = ch * PLANE_AREA + k;
            self.planes[k] = v;
            if let Some(m) = self.memo.as_deref_mut() {
                m.record(
                    self.layer,
                    PlaneRun {
                        start: k as u32,
                        end: k as u32,
                        step: 1,
                    },
                );
            }
        }
    }

    /// Ones on every map hex: each map column is one run of plane rows.
    fn fill_map(&mut self, ch: usize) {
        for col in 0..self.map.cols {
            self.column_run(ch, col, 0, self.map.rows - 1, |cell| *cell = 1.0);
        }
    }

    /// `op` on every map hex of column `col` from row `lo` to `hi` (map offsets, clipped).
    #[inline]
    fn column_run(&mut self, ch: usize, col: i32, lo: i32, hi: i32, op: impl Fn(&mut f32)) {
        let (lo, hi) = (lo.max(0), hi.min(self.map.rows - 1));
        if col < 0 || col >= self.map.cols || lo > hi {
            return;
        }
        // A map column is a plane column in either frame, its rows in order or reversed:
        // the two ends give the whole run.
        let (Some(a), Some(b)) = (self.index(col, lo), self.index(col, hi)) else {
            return;
        };
        let base = ch * PLANE_AREA;
        for k in (a.min(b)..=a.max(b)).step_by(PLANE_COLS) {
            op(&mut self.planes[base + k]);
        }
        if let Some(m) = self.memo.as_deref_mut() {
            m.record(
                self.layer,
                PlaneRun {
                    start: (base + a.min(b)) as u32,
                    end: (base + a.max(b)) as u32,
                    step: PLANE_COLS as u32,
                },
            );
        }
    }

    /// `op` on every map hex in the field of fire of a ship at `pos` on `side`.
    fn field(&mut self, ch: usize, pos: ShipPos, side: Side, op: impl Fn(&mut f32) + Copy) {
        let (bc, br) = pos.bow.to_offset();
        for run in field_runs(pos.facing, side, bc & 1 != 0) {
            let col = bc + run.dcol as i32;
            self.column_run(ch, col, br + run.lo as i32, br + run.hi as i32, op);
        }
    }
}

/// A field of fire's hexes in one map column, relative to the bow in offset coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ColumnRun {
    dcol: i16,
    lo: i16,
    hi: i16,
}

/// [`field_offsets`] as column runs relative to the bow's offset, for a bow in an even or an
/// odd column (odd-q offsets shift odd columns half a hex).
fn field_runs(facing: Facing, side: Side, odd_column: bool) -> &'static [ColumnRun] {
    static TABLE: std::sync::OnceLock<Vec<Vec<ColumnRun>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut all = Vec::with_capacity(24);
        for parity in 0..2 {
            for f in 0..6u8 {
                for side in Side::BOTH {
                    let bow = Hex::from_offset(parity, 0);
                    let mut cells: Vec<(i32, i32)> = field_offsets(Facing(f), side)
                        .iter()
                        .map(|&d| (bow + d).to_offset())
                        .map(|(c, r)| (c - parity, r))
                        .collect();
                    cells.sort_unstable();
                    all.push(runs_of(&cells));
                }
            }
        }
        all
    });
    &table[(odd_column as usize * 6 + facing.0 as usize) * 2 + side.index()]
}

/// Sorted `(col, row)` cells as maximal runs of consecutive rows in a column.
fn runs_of(cells: &[(i32, i32)]) -> Vec<ColumnRun> {
    let mut runs: Vec<ColumnRun> = Vec::new();
    for &(c, r) in cells {
        match runs.last_mut() {
            Some(last) if last.dcol as i32 == c && last.hi as i32 + 1 == r => last.hi = r as i16,
            _ => runs.push(ColumnRun {
                dcol: c as i16,
                lo: r as i16,
                hi: r as i16,
            }),
        }
    }
    runs
}

/// The hexes, relative to the bow, in the field of fire of a ship pointing `facing` on
/// `side`, within maximum range of either of its hexes. Fields are translation invariant,
/// so the twelve lists are computed once and the planes need no per-hex geometry.
fn field_offsets(facing: Facing, side: Side) -> &'static [Hex] {
    static TABLE: std::sync::OnceLock<Vec<Vec<Hex>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let reach = tables().rules.max_range;
        let origin = Hex::new(0, 0);
        (0..12)
            .map(|k| {
                let ship = crate::hex::ShipPos::new(origin, Facing((k / 2) as u8));
                let sd = if k % 2 == 0 { Side::Left } else { Side::Right };
                hexes_within(origin, reach + 1)
                    .filter(|&h| {
                        h.distance(ship.bow).min(h.distance(ship.stern())) <= reach
                            && ship.field_contains(sd, h)
                    })
                    .collect()
            })
            .collect()
    });
    &table[facing.0 as usize * 2 + side.index()]
}

/// Hexes within `radius` of `c`.
fn hexes_within(c: Hex, radius: i32) -> impl Iterator<Item = Hex> {
    (-radius..=radius).flat_map(move |dq| {
        let lo = (-radius).max(-dq - radius);
        let hi = radius.min(-dq + radius);
        (lo..=hi).map(move |dr| Hex::new(c.q + dq as i16, c.r + dr as i16))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The planes hex by hex, as they were written before the column runs: the reference
    /// the fast writer is checked against.
    fn reference_planes(g: &WsimGame, observer: Player, acting: Option<usize>, out: &mut Observation) {
        let this = g;
        let p = &mut out.planes;
        let frame = this.frame(observer);
        let mut set = |ch: usize, h: Hex, v: f32, add: bool| {
            if !this.map.contains(h) {
                return;
            }
            let (c, r) = frame.offset(h);
            if c >= 0 && r >= 0 && (c as usize) < PLANE_COLS && (r as usize) < PLANE_ROWS {
                let cell = &mut p[[ch, r as usize, c as usize]];
                *cell = if add { *cell + v } else { v };
            }
        };
        for col in 0..this.map.cols {
            for row in 0..this.map.rows {
                set(0, Hex::from_offset(col, row), 1.0, false);
            }
        }
        for s in this.ships() {
            let own = s.side == observer;
            set(if own { 1 } else { 3 }, s.pos.bow, 1.0, false);
            set(if own { 2 } else { 4 }, s.pos.stern(), 1.0, false);
            if s.struck() {
                set(5, s.pos.bow, 1.0, false);
                set(5, s.pos.stern(), 1.0, false);
            }
        }
        if let Some(a) = acting {
            let s = &this.ships[a];
            set(6, s.pos.bow, 1.0, false);
            set(6, s.pos.stern(), 1.0, false);
            if s.side == observer {
                let c = this.plan_cursor(a);
                set(7, c.pos.bow, 1.0, false);
                set(7, c.pos.stern(), 1.0, false);
            }
            for side in Side::BOTH {
                for &d in field_offsets(s.pos.facing, side) {
                    set(8 + side.index(), s.pos.bow + d, 1.0, false);
                }
            }
        }
        for s in this
            .ships()
            .iter()
            .filter(|s| s.side != observer && s.can_fight())
        {
            if !(s.loaded[0] || s.loaded[1]) {
                continue;
            }
            for side in Side::BOTH {
                if s.loaded[side.index()] {
                    for &d in field_offsets(s.pos.facing, side) {
                        set(10, s.pos.bow + d, 0.25, true);
                    }
                }
            }
        }
    }

    /// A uniformly random decision, or a chance outcome by its probability; `None` once
    /// the game is over.
    fn random_action<R: rand::Rng>(g: &WsimGame, rng: &mut R) -> Option<crate::game::Action> {
        use crate::game::{Game, Turn};
        match g.turn() {
            Turn::Terminal => None,
            Turn::Chance => Some(g.chance_outcomes().sample(rng)),
            Turn::Player(_) => {
                let legal = g.legal_actions();
                let k = rng.random_range(0..legal.len());
                let a = legal.iter().nth(k);
                a
            }
        }
    }

    /// The fast planes equal the hex-by-hex reference in both frames, in every state of
    /// random games on every built-in map (the fields run off every edge of the map).
    #[test]
    fn column_run_planes_equal_the_hex_by_hex_reference() {
        use crate::game::Game;
        use rand::SeedableRng;
        let mut states = 0;
        for id in ["squadron-battle", "frigate-duel", "arbuthnot-des-touches"] {
            let scenario = super::super::builtin_scenario(id).unwrap();
            for seed in 0..3u64 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut g = WsimGame::new(&scenario, super::super::WsimOptions::default());
                let (mut fast, mut slow) = (Observation::new(&WSIM_OBS), Observation::new(&WSIM_OBS));
                for _ in 0..400 {
                    for player in 0..2 {
                        g.write_observation(player, &mut fast);
                        slow.clear();
                        reference_planes(&g, player, g.acting_ship(), &mut slow);
                        assert_eq!(fast.planes, slow.planes, "{id} seed {seed} player {player}");
                        states += 1;
                    }
                    let Some(a) = random_action(&g, &mut rng) else {
                        break;
                    };
                    g.apply(a).unwrap();
                }
            }
        }
        assert!(states > 1000);
    }

    /// A batch row's buffer whose observer changes (one memo, observers alternating, and one
    /// shared by whoever acts) equals a fresh observation on maps with an odd number of
    /// columns, where the two frames put the map on different cells (turning an odd-q map
    /// half round shifts alternate columns a row): the map plane of the old frame must be
    /// cleared, not only the layers' cells. The built-in maps all have an even number of
    /// columns (the frames coincide there), so the map is narrowed or widened by a column.
    #[test]
    fn a_memo_across_observers_equals_a_fresh_observation_on_odd_maps() {
        use crate::game::Game;
        use crate::observation::ObsMemo;
        use rand::SeedableRng;
        let mut odd_maps = 0;
        for id in ["squadron-battle", "frigate-duel", "arbuthnot-des-touches"] {
            let scenario = super::super::builtin_scenario(id).unwrap();
            for seed in 0..3u64 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut g = WsimGame::new(&scenario, super::super::WsimOptions::default());
                // The built-in maps' two frames hold the same map plane (`same_map_plane`).
                let (mut a, mut b) = (Observation::new(&WSIM_OBS), Observation::new(&WSIM_OBS));
                g.write_observation(0, &mut a);
                g.write_observation(1, &mut b);
                assert_eq!(g.map.cols % 2, 0, "{id}: an even number of columns");
                assert_eq!(
                    a.planes.index_axis(ndarray::Axis(0), CH_ON_MAP),
                    b.planes.index_axis(ndarray::Axis(0), CH_ON_MAP),
                    "{id}: the frames' map planes coincide on an even map"
                );
                g.map.cols += 1;
                assert!(g.map.cols as usize <= PLANE_COLS, "{id}: the widened map fits");
                let (mut fresh, mut other) = (Observation::new(&WSIM_OBS), Observation::new(&WSIM_OBS));
                g.write_observation(0, &mut fresh);
                g.write_observation(1, &mut other);
                let ch0 = |o: &Observation| o.planes.index_axis(ndarray::Axis(0), CH_ON_MAP).to_owned();
                assert_ne!(ch0(&fresh), ch0(&other), "{id}: the frames differ on an odd map");
                odd_maps += 1;
                let mut bufs = [Observation::new(&WSIM_OBS), Observation::new(&WSIM_OBS)];
                bufs.iter_mut().for_each(|b| b.planes.fill(0.5));
                let mut memos = [ObsMemo::new(), ObsMemo::new()];
                for step in 0..300 {
                    let acting = g.current_player().unwrap_or(0);
                    // Buffer 0 alternates observers every step; buffer 1 follows the player to act.
                    let observers = [(step % 2) as Player, acting];
                    for (k, ((buf, memo), observer)) in bufs.iter_mut().zip(&mut memos).zip(observers).enumerate() {
                        g.write_observation(observer, &mut fresh);
                        g.write_into(observer, buf.view_mut(), Some(memo));
                        assert_eq!(*buf, fresh, "{id} seed {seed} step {step} buffer {k}");
                    }
                    let Some(a) = random_action(&g, &mut rng) else {
                        break;
                    };
                    g.apply(a).unwrap();
                }
            }
        }
        assert_eq!(odd_maps, 9);
    }

    #[test]
    fn feature_tables_agree() {
        assert_eq!(ENTITY_FEATURES, &ENTITY_FEATURES_ARR[..]);
        assert_eq!(const { fi("own_load_right") }, ENTITY_FEATURES.len() - 1);
    }

    fn observe(id: &str, player: Player) -> (WsimGame, Observation) {
        let g = WsimGame::new(
            &super::super::builtin_scenario(id).unwrap(),
            super::super::WsimOptions::default(),
        );
        let mut obs = Observation::new(&WSIM_OBS);
        g.write_observation(player, &mut obs);
        (g, obs)
    }

    #[test]
    fn every_map_hex_lands_in_the_planes_in_both_frames() {
        for id in ["squadron-battle", "frigate-duel", "arbuthnot-des-touches"] {
            for player in 0..2 {
                let (g, obs) = observe(id, player);
                let on_map: f32 = obs.planes.index_axis(ndarray::Axis(0), 0).sum();
                assert_eq!(
                    on_map as i32,
                    g.map.cols * g.map.rows,
                    "{id} player {player}"
                );
            }
        }
    }

    #[test]
    fn ships_appear_where_they_are_own_first() {
        for player in 0..2u8 {
            let (g, obs) = observe("squadron-battle", player);
            let frame = g.frame(player);
            let own = g.ships().iter().filter(|s| s.side == player).count();
            for (row, i) in g.entity_order(player).enumerate() {
                let s = &g.ships[i];
                assert_eq!(obs.entities[[row, const { fi("own") }]], b(s.side == player));
                assert_eq!(row < own, s.side == player, "own ships come first");
                let (c, r) = frame.offset(s.pos.bow);
                let ch = if s.side == player { 1 } else { 3 };
                assert_eq!(obs.planes[[ch, r as usize, c as usize]], 1.0);
            }
            assert_eq!(obs.global[1], b(player == 1));
        }
    }

    #[test]
    fn the_half_turn_frame_preserves_adjacency() {
        // Turning the board round must keep neighbours neighbours, or the planes would
        // distort the map for side 1.
        let (g, _) = observe("frigate-duel", 1);
        let f = g.frame(1);
        let h = Hex::from_offset(5, 5);
        for d in 0..6 {
            let n = h.neighbor(Facing(d));
            let (a, b2) = (f.offset(h), f.offset(n));
            let back_h = Hex::from_offset(a.0, a.1);
            let back_n = Hex::from_offset(b2.0, b2.1);
            assert_eq!(back_h.distance(back_n), 1);
        }
    }

    #[test]
    fn field_offsets_match_the_geometry_anywhere() {
        let reach = tables().rules.max_range;
        for f in 0..6 {
            for side in Side::BOTH {
                let ship = crate::hex::ShipPos::new(Hex::new(7, -3), Facing(f));
                let mut direct: Vec<Hex> = hexes_within(ship.bow, reach + 1)
                    .filter(|&h| {
                        h.distance(ship.bow).min(h.distance(ship.stern())) <= reach
                            && ship.field_contains(side, h)
                    })
                    .collect();
                let mut table: Vec<Hex> = field_offsets(Facing(f), side)
                    .iter()
                    .map(|&d| ship.bow + d)
                    .collect();
                direct.sort();
                table.sort();
                assert_eq!(direct, table, "facing {f} {side:?}");
                assert!(!table.is_empty());
            }
        }
    }

    #[test]
    fn hexes_within_counts() {
        assert_eq!(hexes_within(Hex::new(0, 0), 0).count(), 1);
        assert_eq!(hexes_within(Hex::new(0, 0), 2).count(), 19);
        assert!(hexes_within(Hex::new(3, -1), 4).all(|h| h.distance(Hex::new(3, -1)) <= 4));
    }

    #[test]
    fn attitude_table() {
        use super::super::state::Attitude;
        // Wind from the north: a ship facing north is in D, facing south in B.
        assert_eq!(Attitude::of(Facing::N, Facing::N), Attitude::D);
        assert_eq!(Attitude::of(Facing::S, Facing::N), Attitude::B);
        assert_eq!(Attitude::of(Facing::NE, Facing::N), Attitude::C);
        assert_eq!(Attitude::of(Facing::SE, Facing::N), Attitude::A);
    }
}
