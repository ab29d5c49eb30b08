//! Movement (Ph3.2): speed from the revealed order and the ship's maximum knots (with the
//! caps of engine damage, flooding and the weather), legs of 2" each followed by a turn,
//! stop orders turning up to 15 degrees or anchoring, rudder damage, collisions with land,
//! passage through water obstacles, minefield markers, and ramming (a leg that meets an
//! enemy ship).

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::{
    body_to_world, in_arc, on_table, point_segment_dist2, polys_overlap, rect_distance, rect_distance_at_most,
    rects_overlap, sweep_pivot, sweep_run, swept_path, Arc, Point, Rect, SweptPath,
};

use super::catalogue::*;
use super::data::{rules, CUTTER, MAX_LAND, MAX_SHIPS, POOR_SEAKEEPING, RAM, SAILS, WOODEN};
use super::state::*;

/// What a leg would meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegKind {
    /// Illegal: off the table or into a ship of the own side.
    Blocked,
    Clear,
    /// Touches land: the ship stops in place (sheet, "Collision with land").
    Land,
    /// Meets an enemy ship: a ram on ship `j`.
    Ram(u8),
    /// Leaves the table across the scenario's exit edge (FAQ): out of the battle.
    Exit,
}

fn leg_mils() -> i32 {
    (rules().speed.leg * 1000.0).round() as i32
}

impl TogoGame {
    /// The order level ship `i` actually sails at under `order`: engine room damage (slow,
    /// or stopped), flooding (4 markers: half, 6: slow), the storm (half; Poor seakeeping
    /// slow) and the wind's limits on Sails, Cutter and Poor seakeeping ships.
    pub fn capped_level(&self, i: usize, order: u8) -> u8 {
        let s = &self.ships[i];
        if s.engine >= 2 {
            return STOP;
        }
        if order == ASTERN || order == STOP {
            return order;
        }
        let mut cap = FULL;
        if s.engine == 1 {
            cap = cap.min(SLOW);
        }
        match s.flood_markers() {
            6.. => cap = cap.min(SLOW),
            4 | 5 => cap = cap.min(HALF),
            _ => {}
        }
        match self.wind {
            STORM => cap = cap.min(self.storm_cap(i)),
            LIGHT_BREEZE if s.has(SAILS) => cap = cap.min(HALF),
            STRONG_BREEZE if s.has(CUTTER) => cap = cap.min(HALF),
            GALE if s.has(CUTTER) => cap = cap.min(SLOW),
            GALE if s.has(POOR_SEAKEEPING) => cap = cap.min(HALF),
            _ => {}
        }
        order.min(cap)
    }

    /// Knots of ship `i` under `order` (rules-notes substitute speeds; calm holds a ship
    /// with the Sails trait to 1 kt).
    pub fn knots(&self, i: usize, order: u8) -> u8 {
        let r = &rules().speed;
        let s = &self.ships[i];
        let max = s.max_knots as u32;
        let k = match self.capped_level(i, order) {
            STOP => 0,
            ASTERN => (max * r.astern_quarters as u32 / 4).max(1),
            SLOW => (max * r.slow_quarters as u32 / 4).max(r.slow_min_knots as u32),
            HALF => max.div_ceil(2),
            _ => max,
        } as u8;
        if self.wind == CALM && s.has(SAILS) {
            k.min(r.calm_sails_knots)
        } else {
            k
        }
    }

    /// Degrees ship `i` may turn per full leg at `level`.
    fn turn_allowance(&self, i: usize, level: u8) -> i32 {
        let r = &rules().speed;
        let base = if level == FULL {
            r.turn_full
        } else {
            r.turn_slow_half
        } as i32;
        if self.nimble(i) {
            base * r.high_manoeuvrability_percent as i32 / 100
        } else {
            base
        }
    }

    /// Starts the move of ship `i` after its order is revealed.
    pub(crate) fn begin_move(&mut self, i: usize) {
        let s = self.ships[i];
        let level = self.capped_level(i, s.active);
        let knots = self.knots(i, s.active);
        let dist = (knots as f64 * rules().speed.inches_per_knot * 1000.0).round() as i32;
        self.mv = MoveCtx {
            ship: i as u8,
            knots,
            left: dist,
            astern: level == ASTERN,
            allow: self.turn_allowance(i, level),
            ..MoveCtx::default()
        };
        if s.fort {
            // A fortification does not move: its activation is its fire.
            self.start_fire();
        } else if dist == 0 {
            // A stop order may turn in place or anchor; a ship stopped by its engines may not.
            if s.active == STOP && s.engine < 2 {
                self.stage = Stage::Pivot;
            } else {
                self.start_fire();
            }
        } else {
            self.stage = Stage::Leg;
        }
    }

    /// The rectangle and swept path of a leg of `dist` mils turning `turn` degrees.
    fn leg_path(&self, i: usize, dist: i32, turn: i32) -> (SweptPath, Rect) {
        let start = self.ships[i].rect;
        if self.mv.astern {
            // Going astern is going ahead with the base turned about: the same rectangle.
            let p = swept_path(&start.turned(180), dist, turn);
            let end = p.end.turned(180);
            (p, end)
        } else {
            let p = swept_path(&start, dist, turn);
            (p, p.end)
        }
    }

    /// How many minefield markers a leg of ship `i` ending at `end` would touch (each one a
    /// mine hit test in `commit_leg`): what a player planning a route can see.
    pub fn mines_touched(&self, i: usize, end: &Rect) -> u32 {
        let start = self.ships[i].rect;
        let radius = (rules().mines.radius * 1000.0).round() as i64;
        self.mines[..self.num_mines as usize]
            .iter()
            .filter(|m| m.present && leg_touches(&start, end, false, m.at, radius))
            .count() as u32
    }

    /// What a leg of `dist` turning `turn` meets.
    pub fn classify_leg(&self, i: usize, dist: i32, turn: i32) -> (LegKind, Rect) {
        let (path, end) = self.leg_path(i, dist, turn);
        let exit = !on_table(&end, self.width, self.depth);
        if exit && !self.exits_at(i, &end) {
            return (LegKind::Blocked, end);
        }
        let me = &self.ships[i];
        let reach = (dist as i64 + me.rect.radius() * 2 + 8000).pow(2);
        let mut ram = None;
        let mut fort = false;
        for (j, o) in self.ships().iter().enumerate() {
            if j == i || !o.afloat() || o.rect.centre.dist2(me.rect.centre) > reach {
                continue;
            }
            if path.hits(&o.rect) || rects_overlap(&end, &o.rect) {
                if o.fort {
                    // Chosen: a fortification stands on the shore; touching it is a
                    // collision with land.
                    fort = true;
                } else if o.side == me.side {
                    return (LegKind::Blocked, end);
                }
                ram.get_or_insert(j as u8);
            }
        }
        if fort
            || self
                .land()
                .iter()
                .any(|l| path.hits(l) || rects_overlap(&end, l))
        {
            return (LegKind::Land, end);
        }
        match ram {
            Some(j) => (LegKind::Ram(j), end),
            None if exit => (LegKind::Exit, end),
            None => (LegKind::Clear, end),
        }
    }

    /// The length of the next leg, mils.
    pub fn next_leg_dist(&self) -> i32 {
        self.mv.left.min(leg_mils())
    }

    /// The length of the next leg and the turn it allows (rudder damage allows none).
    fn next_leg(&self) -> (i32, i32) {
        let i = self.mv.ship as usize;
        let leg = leg_mils();
        let dist = self.mv.left.min(leg);
        if self.ships[i].rudder != RUDDER_OK {
            return (dist, 0);
        }
        let allow = (self.mv.allow * dist / leg) / 15 * 15;
        (dist, allow.min(60))
    }

    pub(crate) fn leg_options(&self, out: &mut ActionSet) {
        for (k, kind) in self.leg_kinds().iter().enumerate() {
            if matches!(kind, Some(kind) if *kind != LegKind::Blocked) {
                out.insert(LEG_0 + k as Action);
            }
        }
        if out.is_empty() {
            out.insert(HALT);
        }
    }

    /// What each turn of the next leg of the moving ship meets (entry `k` for the turn of
    /// `LEG_0 + k`; `None` beyond the allowance): [`Self::classify_leg`] for every turn at
    /// once. The turns share the straight run, and a turn of 15n degrees sweeps the
    /// pieces of the turns below it and one more (`swept_path` cuts a turn into 15-degree
    /// pieces), so each piece is built and tested once.
    pub fn leg_kinds(&self) -> [Option<LegKind>; 9] {
        let mut kinds = [None; 9];
        let i = self.mv.ship as usize;
        let (dist, allow) = self.next_leg();
        let me = &self.ships[i];
        let base = if self.mv.astern {
            me.rect.turned(180)
        } else {
            me.rect
        };
        let moved = base.advanced(dist);
        // The ships near enough to matter, then the land: corners and the run's contact.
        let reach = (dist as i64 + me.rect.radius() * 2 + 8000).pow(2);
        let mut obj = [(0usize, [Point::default(); 4], false); MAX_SHIPS + MAX_LAND];
        let mut n = 0;
        let run = sweep_run(&base, dist);
        let near = self
            .ships()
            .iter()
            .enumerate()
            .filter(|&(j, o)| j != i && o.afloat() && o.rect.centre.dist2(me.rect.centre) <= reach)
            .map(|(j, o)| (j, &o.rect));
        let lands = self.land().iter().enumerate().map(|(k, l)| (MAX_SHIPS + k, l));
        let mut ships_n = 0;
        for (k, r) in near.chain(lands) {
            let c = r.corners();
            obj[n] = (k, c, polys_overlap(run.points(), &c));
            n += 1;
            if k < MAX_SHIPS {
                ships_n = n;
            }
        }
        let steps = (allow / 15).clamp(0, 4);
        for dir in [1i32, -1] {
            let mut swept = [false; MAX_SHIPS + MAX_LAND];
            for (k, o) in obj[..n].iter().enumerate() {
                swept[k] = o.2;
            }
            for step in 0..=steps {
                if step > 0 {
                    let h = moved.heading as i32;
                    let piece = sweep_pivot(&moved, h + dir * 15 * (step - 1), h + dir * 15 * step);
                    for (k, o) in obj[..n].iter().enumerate() {
                        swept[k] = swept[k] || polys_overlap(piece.points(), &o.1);
                    }
                } else if dir < 0 {
                    continue;
                }
                let turn = dir * 15 * step;
                let end = moved.turned(turn);
                let end = if self.mv.astern { end.turned(180) } else { end };
                let exit = !on_table(&end, self.width, self.depth);
                let kind = if exit && !self.exits_at(i, &end) {
                    LegKind::Blocked
                } else {
                    let ec = end.corners();
                    let er = end.radius();
                    let hit = |k: usize, r: &Rect| {
                        swept[k] || {
                            let rr = er + r.radius();
                            end.centre.dist2(r.centre) <= rr * rr && polys_overlap(&ec, &obj[k].1)
                        }
                    };
                    let mut blocked = false;
                    let mut land = false;
                    let mut ram = None;
                    for (k, &(j, _, _)) in obj[..ships_n].iter().enumerate() {
                        let o = &self.ships[j];
                        if hit(k, &o.rect) {
                            if o.fort {
                                land = true;
                            } else if o.side == me.side {
                                blocked = true;
                                break;
                            } else {
                                ram.get_or_insert(j as u8);
                            }
                        }
                    }
                    if !blocked && !land {
                        land = (ships_n..n).any(|k| hit(k, &self.land[obj[k].0 - MAX_SHIPS]));
                    }
                    match (blocked, land, ram) {
                        (true, _, _) => LegKind::Blocked,
                        (_, true, _) => LegKind::Land,
                        (_, _, Some(j)) => LegKind::Ram(j),
                        _ if exit => LegKind::Exit,
                        _ => LegKind::Clear,
                    }
                };
                kinds[(4 + dir * step) as usize] = Some(kind);
            }
        }
        kinds
    }

    /// Whether ship `i` may stand turned `turn` degrees in place.
    fn pivot_ok(&self, i: usize, turn: i32) -> bool {
        let end = self.ships[i].rect.turned(turn);
        on_table(&end, self.width, self.depth)
            && !self.land().iter().any(|l| rects_overlap(&end, l))
            && !self
                .ships()
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.afloat() && rects_overlap(&end, &o.rect))
    }

    pub(crate) fn pivot_options(&self, out: &mut ActionSet) {
        let i = self.mv.ship as usize;
        let s = &self.ships[i];
        out.insert(leg_action(0));
        if s.anchored {
            return;
        }
        out.insert(ANCHOR);
        if s.rudder != RUDDER_OK {
            return;
        }
        let max = (rules().speed.stop_turn as i32 / 15 * 15).min(60);
        let mut t = 15;
        while t <= max {
            for turn in [-t, t] {
                if self.pivot_ok(i, turn) {
                    out.insert(leg_action(turn));
                }
            }
            t += 15;
        }
    }

    pub(crate) fn apply_pivot(&mut self, a: Action) {
        let i = self.mv.ship as usize;
        if a == ANCHOR {
            self.ships[i].anchored = true;
        } else {
            let turn = leg_turn(a);
            self.ships[i].rect = self.ships[i].rect.turned(turn);
        }
        self.next();
    }

    pub(crate) fn apply_leg(&mut self, a: Action) {
        let i = self.mv.ship as usize;
        if a == HALT {
            self.mv.done = true;
            self.next();
            return;
        }
        let (dist, _) = self.next_leg();
        let turn = leg_turn(a);
        let (kind, end) = self.classify_leg(i, dist, turn);
        self.mv.leg_dist = dist;
        self.mv.leg_turn = turn;
        self.mv.leg_end = end;
        match kind {
            LegKind::Blocked | LegKind::Clear => {
                let crosses = self.num_obstacles > 0 && {
                    let (p, e) = self.leg_path(i, dist, turn);
                    self.obstacles()
                        .iter()
                        .any(|o| p.hits(o) || rects_overlap(&e, o))
                };
                if crosses {
                    self.stage = Stage::Obstacle;
                } else {
                    self.commit_leg();
                }
            }
            LegKind::Land => {
                // Sheet: "If a vessel touches land, it immediately stops in place. Class 1
                // and 2 vessels lose 2 Hull points, while class 3 and 4 vessels lose 1 Hull
                // point. Additionally, the vessel receives one [flooding marker]."
                self.mv.done = true;
                let q = if self.ships[i].class <= 2 { 8 } else { 4 };
                self.damage(i, q);
                if self.ships[i].afloat() {
                    self.add_flood(i);
                }
                self.next();
            }
            LegKind::Ram(j) => self.start_ram(i, j as usize),
            LegKind::Exit => {
                // FAQ: the ship leaves through the scenario's exit edge (chosen: out of
                // the battle, neither sunk nor lost; no mine test on the way out).
                self.ships[i].rect = end;
                self.ships[i].status = EXITED;
                self.mv.done = true;
                self.next();
            }
        }
    }

    /// The leg is sailed: the ship stands at its end; minefield markers it touched test.
    fn commit_leg(&mut self) {
        let i = self.mv.ship as usize;
        let start = self.ships[i].rect;
        self.ships[i].rect = self.mv.leg_end;
        self.mv.left -= self.mv.leg_dist;
        let radius = (rules().mines.radius * 1000.0).round() as i64;
        let mut mask = 0u8;
        for (k, m) in self.mines[..self.num_mines as usize].iter().enumerate() {
            if m.present && leg_touches(&start, &self.mv.leg_end, self.mv.astern, m.at, radius)
            {
                mask |= 1 << k;
            }
        }
        self.mv.mines = mask;
        self.next_mine_or_continue();
    }

    fn next_mine_or_continue(&mut self) {
        if !self.ships[self.mv.ship as usize].afloat() {
            // Sunk by a mine: the other markers it touched no longer matter.
            self.mv.mines = 0;
        }
        if self.mv.mines != 0 {
            let k = self.mv.mines.trailing_zeros() as u8;
            self.mv.mines &= !(1 << k);
            self.stage = Stage::Mine { k };
        } else {
            self.continue_move();
        }
    }

    /// After a leg or its rolls: the next leg, or the end of the move.
    pub(crate) fn continue_move(&mut self) {
        let i = self.mv.ship as usize;
        if self.mv.mines != 0 && matches!(self.stage, Stage::Mine { .. }) {
            self.next_mine_or_continue();
            return;
        }
        if !self.ships[i].afloat() {
            self.end_activation();
            return;
        }
        // Boarding, after a ram with both ships still in the battle.
        if self.mv.may_board {
            self.mv.may_board = false;
            if self.ships[self.mv.ram_target as usize].afloat() {
                self.mv.board_offer = 1;
                self.stage = Stage::Board;
                return;
            }
        }
        if !self.mv.done && self.mv.left > 0 {
            self.stage = Stage::Leg;
            return;
        }
        // Sheet, rudder damage: "the ship must make the maximum allowed turn to the left
        // (right) at the end of each move".
        let s = self.ships[i];
        if s.rudder == RUDDER_LEFT || s.rudder == RUDDER_RIGHT {
            let max = (self.mv.allow / 15 * 15).min(60);
            let turn = if s.rudder == RUDDER_LEFT { -max } else { max };
            if self.mv.knots > 0 && turn != 0 && self.pivot_ok(i, turn) {
                self.ships[i].rect = s.rect.turned(turn);
            }
        }
        self.start_fire();
    }

    /// Rolls during movement; returns whether the stage was set here.
    pub(crate) fn movement_roll(&mut self, a: Action) -> bool {
        let i = self.mv.ship as usize;
        match self.stage {
            Stage::Obstacle => {
                if a == PASS {
                    self.commit_leg();
                } else {
                    // Chosen: a failed passage stops the ship before the obstacle.
                    self.mv.done = true;
                    self.continue_move();
                }
                true
            }
            Stage::Mine { k } => {
                let sixes = a - COUNT_0;
                if sixes > 0 {
                    self.sub = Some(Sub::Effect {
                        ship: i as u8,
                        kind: self.mines[k as usize].kind,
                        left: sixes as u8,
                        torpedo: false,
                    });
                }
                false
            }
            Stage::RamTest if a == PASS => {
                self.stage = Stage::RamEffect;
                true
            }
            Stage::RamEffect => {
                let roll = (a - DIE_1) as i32 + 1 + self.mv.ram_mod as i32;
                self.ram_effect(roll);
                let j = self.mv.ram_target as usize;
                let mut stern = 0u8;
                if self.mv.ram_edge == 2 && self.ships[i].afloat() {
                    stern |= 1;
                }
                if self.mv.ram_zone == 2 && self.ships[j].afloat() {
                    stern |= 2;
                }
                self.mv.ram_stern_ship = stern;
                self.next_stern_test()
            }
            Stage::BoardAttack => {
                self.mv.board_roll = (a - DIE_1) as u8 + 1;
                if self.mv.board_rerolls & 4 != 0 {
                    self.settle_boarding(false)
                } else {
                    self.stage = Stage::BoardDefend;
                    true
                }
            }
            Stage::BoardDefend => {
                self.mv.board_defend = (a - DIE_1) as u8 + 1;
                self.settle_boarding(false)
            }
            Stage::RamStern => {
                let ship = if self.mv.ram_stern_ship & 4 != 0 {
                    self.mv.ram_target
                } else {
                    self.mv.ship
                };
                self.mv.ram_stern_ship &= !4;
                if a == PASS {
                    self.rudder_hit(ship as usize, 0, 0);
                }
                // `next` makes the other stern test, if any, after the rudder roll.
                false
            }
            _ => false,
        }
    }

    /// Sheet: "If the ship was rammed at her stern or rammed with her stern, the active
    /// player makes an additional test. On a 4+ she receives ... damaged rudder".
    pub(crate) fn next_stern_test(&mut self) -> bool {
        let m = self.mv.ram_stern_ship;
        if m & 1 != 0 {
            self.mv.ram_stern_ship = m & !1;
            self.stage = Stage::RamStern;
            true
        } else if m & 2 != 0 {
            self.mv.ram_stern_ship = (m & !2) | 4;
            self.stage = Stage::RamStern;
            true
        } else {
            false
        }
    }

    /// A leg met enemy ship `j`: the ramming ship stops in contact; the success roll follows.
    fn start_ram(&mut self, i: usize, j: usize) {
        let r = &rules().ram;
        let me = self.ships[i];
        let tg = self.ships[j];
        self.mv.done = true;
        // Which edge met: the straight run meets with the bow (the stern going astern);
        // only the turn meeting is a broadside hit (sheet: "Hits resulting from turns are
        // treated as broadside hits").
        let (path, _) = self.leg_path(i, self.mv.leg_dist, 0);
        let run_hits = path.pieces()[..1]
            .iter()
            .any(|p| crate::plane::polys_overlap(p.points(), &tg.rect.corners()));
        let edge = match (run_hits, self.mv.astern) {
            (false, _) => 1,
            (true, false) => 0,
            (true, true) => 2,
        };
        let moved = if self.mv.astern {
            me.rect.advanced(-self.mv.leg_dist)
        } else {
            me.rect.advanced(self.mv.leg_dist)
        };
        let half = me.rect.length / 2;
        let contact = match edge {
            0 => moved.centre.plus(body_to_world(moved.heading, half, 0)),
            2 => moved.centre.plus(body_to_world(moved.heading, -half, 0)),
            _ => moved.centre,
        };
        let zone = if in_arc(&tg.rect, Arc::Bow, contact) {
            0
        } else if in_arc(&tg.rect, Arc::Stern, contact) {
            2
        } else {
            1
        };
        let both_bows = edge == 0 && zone == 0;
        let mut m: i32 = 0;
        // Sheet: the ram +2, not with an edge other than the bow, nor bows-on when both
        // have rams.
        if me.has(RAM) && edge == 0 && !(both_bows && tg.has(RAM)) {
            m += r.ram as i32;
        }
        if !me.has(WOODEN) && tg.has(WOODEN) {
            m += r.iron_on_wood as i32;
        }
        let diff = tg.class as i32 - me.class as i32;
        m += (diff * r.class_step as i32).clamp(-(r.class_max as i32), r.class_max as i32);
        let k = self.mv.knots;
        if k >= r.speed_high {
            m += r.speed_high_bonus as i32;
        } else if k >= r.speed_low {
            m += r.speed_low_bonus as i32;
        }
        // Sheet: "we roll a d3 instead of a d6" for a ship two or more classes smaller, a
        // wooden ship ramming an armoured one, bows-on, and an edge other than the bow.
        let d3 = me.class >= tg.class + 2
            || (me.has(WOODEN) && !tg.has(WOODEN))
            || both_bows
            || edge != 0;
        self.mv.ram_target = j as u8;
        self.mv.ram_edge = edge;
        self.mv.ram_zone = zone;
        self.mv.ram_die = if d3 { 3 } else { 6 };
        self.mv.ram_mod = m as i8;
        self.mv.may_board = true;
        self.stage = Stage::RamTest;
    }

    /// Sheet, "Ramming effect table", on a modified roll.
    fn ram_effect(&mut self, roll: i32) {
        let i = self.mv.ship as usize;
        let j = self.mv.ram_target as usize;
        let half = |g: &Self, k: usize| g.ships[k].hull_max / 2;
        match roll {
            i32::MIN..=1 => {
                self.sink(i);
                self.damage(j, 2);
            }
            2 => {
                let q = half(self, i);
                self.damage(i, q);
                self.flood_if_afloat(i);
                self.ships[i].traits &= !RAM;
                self.damage(j, 4);
            }
            3 | 4 => {
                self.damage(i, 8);
                self.flood_if_afloat(i);
                self.damage(j, 8);
                self.flood_if_afloat(j);
            }
            5..=7 => {
                self.damage(i, if roll == 7 { 2 } else { 4 });
                let q = half(self, j);
                self.damage(j, q);
                self.flood_if_afloat(j);
            }
            _ => {
                self.damage(i, 2);
                self.sink(j);
            }
        }
    }

    /// Whether the boarders (the active ship) win on the dice rolled so far: a strictly
    /// higher total (chosen procedure).
    pub fn boarders_win(&self) -> bool {
        let (i, j) = (self.mv.ship as usize, self.mv.ram_target as usize);
        let attack = self.mv.board_roll as i32 + self.boarding_modifier(i, j);
        let defend = self.mv.board_defend as i32 + self.boarding_modifier(j, i);
        attack > defend
    }

    /// Both boarding dice are down: the losing side's boarding specialist captain may
    /// re-roll its die (sheet: "Captain - boarding specialist: a re-roll"; once each, and
    /// offered only to the side the dice go against); otherwise (or `fin`al) the result:
    /// a boarding won takes the ship (she strikes, chosen). Returns whether the stage was
    /// set here.
    pub(crate) fn settle_boarding(&mut self, fin: bool) -> bool {
        let (i, j) = (self.mv.ship as usize, self.mv.ram_target as usize);
        self.mv.board_rerolls &= !4;
        let win = self.boarders_win();
        if !fin {
            let used = self.mv.board_rerolls;
            if !win && self.ships[i].boarding_specialist && used & 1 == 0 {
                self.stage = Stage::BoardReroll { attacker: true };
                return true;
            }
            if win && self.ships[j].boarding_specialist && used & 2 == 0 {
                self.stage = Stage::BoardReroll { attacker: false };
                return true;
            }
        }
        if win {
            self.ships[j].status = STRUCK;
        }
        false
    }

    /// The enemy ship in contact with ship `i` that it may board at the end of its move:
    /// the closest within `board_contact` (chosen), scenario order on ties; never a
    /// fortification, a ship out of the battle, or by a fortification.
    pub fn contact_enemy(&self, i: usize) -> Option<usize> {
        let me = &self.ships[i];
        if !me.ship_in_battle() {
            return None;
        }
        let range = (rules().tests.board_contact * 1000.0).round() as i32;
        self.ships()
            .iter()
            .enumerate()
            .filter(|(_, o)| {
                o.side != me.side
                    && o.ship_in_battle()
                    && rect_distance_at_most(&me.rect, &o.rect, range)
            })
            .map(|(j, o)| (rect_distance(&me.rect, &o.rect), j))
            .min()
            .map(|(_, j)| j)
    }

    /// After a boarding offer or its rolls: the move goes on (after a ram) or the fire
    /// follows (a boarding at the end of the move).
    pub(crate) fn after_boarding(&mut self) {
        if self.mv.board_offer == 2 {
            self.start_fire();
        } else {
            self.continue_move();
        }
    }

    /// Sheet, "Boarding result modifiers", of ship `i` boarding or defending against `j`:
    /// +2 per group of additional marines, +2 per class of difference for the higher
    /// class, +1 if the enemy ship lost more than half of her Hull points. (The boarding
    /// specialist's re-roll: [`Self::settle_boarding`].)
    pub fn boarding_modifier(&self, i: usize, j: usize) -> i32 {
        let (me, other) = (&self.ships[i], &self.ships[j]);
        let mut m = 2 * me.marines as i32;
        if me.class < other.class {
            m += 2 * (other.class - me.class) as i32;
        }
        if other.lost() * 2 > other.hull_max {
            m += 1;
        }
        m
    }

    fn flood_if_afloat(&mut self, i: usize) {
        if self.ships[i].afloat() {
            self.add_flood(i);
        }
    }
}

/// Whether a leg from `start` to `end` passes within `radius` of `p`: the straight run
/// (the base stretched from start to end) and the end base.
fn leg_touches(start: &Rect, end: &Rect, _astern: bool, p: Point, radius: i64) -> bool {
    let near = |r: &Rect| {
        if r.contains(p) {
            return true;
        }
        let c = r.corners();
        (0..4).any(|k| point_segment_dist2(p, c[k], c[(k + 1) % 4]) <= radius * radius)
    };
    if near(end) {
        return true;
    }
    let a = start.centre;
    let b = end.centre;
    let reach = radius + start.beam as i64 / 2;
    point_segment_dist2(p, a, b) <= reach * reach
}
