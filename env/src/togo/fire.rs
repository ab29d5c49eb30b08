//! Fire (Ph3.2, the sheet's "Procedure for conducting gunfire (salvo)"): the active ship
//! declares a target for each battery (a battery fires at one target, FAQ) and its torpedo
//! tube; each targeted enemy ship may declare a counter salvo at it; then, for every
//! declared fire, the hit roll (the artillery table by firing class, target class, battery
//! and range band, the shooting modifiers, re-rolls of misses), the armour roll (the
//! armour penetration table) with damage, and per salvo the critical hit roll with the
//! sheet's rules on several sixes and light guns. Also the effects every other procedure
//! shares: damage, sinking, markers, critical effects, explosions, the mine and torpedo
//! effects table.

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::{point_segment_dist2, rect_distance, segment_hits_rect, Point};

use super::catalogue::*;
use super::data::{rules, MAX_SHIPS, SLOW_LOAD, SUPER_HEAVY};
use super::state::*;

impl TogoGame {
    /// Whether ship `i` sees ship `j` (some line from `i`'s centre to `j`'s centre or a
    /// corner misses every piece of land), and whether `j` is partly obscured (some such
    /// line crosses land or another ship).
    pub fn sight(&self, i: usize, j: usize) -> (bool, bool) {
        let from = self.ships[i].rect.centre;
        let to = self.ships[j].rect;
        let c = to.corners();
        let points: [Point; 5] = [to.centre, c[0], c[1], c[2], c[3]];
        // The ships that could touch any of the five lines: each line ends within the
        // target's radius of its centre, so it lies within that radius of the line to the
        // centre; a ship farther from that line than both radii touches none of them.
        let rt = to.radius();
        let mut near = [0u8; MAX_SHIPS];
        let mut n = 0;
        for (k, o) in self.ships().iter().enumerate() {
            let reach = rt + o.rect.radius();
            if k != i
                && k != j
                && o.afloat()
                && point_segment_dist2(o.rect.centre, from, to.centre) <= reach * reach
            {
                near[n] = k as u8;
                n += 1;
            }
        }
        let mut visible = false;
        let mut obscured = false;
        for p in points {
            let land = self.land().iter().any(|l| segment_hits_rect(from, p, l));
            let ship = land
                || (!obscured
                    && near[..n]
                        .iter()
                        .any(|&k| segment_hits_rect(from, p, &self.ships[k as usize].rect)));
            visible |= !land;
            obscured |= ship;
            if visible && obscured {
                // Nothing further can change either answer.
                break;
            }
        }
        (visible, obscured)
    }

    /// The fire of battery `b` (3: the torpedo tube) of ship `i` at ship `j`, if it may fire.
    pub fn shot_for(&self, i: usize, j: usize, b: u8) -> Option<Shot> {
        let (me, tg) = (&self.ships[i], &self.ships[j]);
        if !me.afloat() || !tg.afloat() || me.side == tg.side || !self.has_battery(i, b) {
            return None;
        }
        let d = rect_distance(&me.rect, &tg.rect);
        self.shot_at(i, j, b, d, &mut None)
    }

    /// Whether ship `i` still has battery `b` (3: a torpedo salvo).
    fn has_battery(&self, i: usize, b: u8) -> bool {
        let me = &self.ships[i];
        if b == TORPEDO {
            me.torpedoes > 0
        } else {
            me.guns[b as usize] > 0
        }
    }

    /// Which of the active ship `i`'s batteries may fire at each ship (bit `b` of entry
    /// `j`), and which ships may fire a counter salvo back at it (bit `j`): the
    /// declarations' options, worked out once when the fire begins (nothing they depend on
    /// changes until the rolls) with one distance and at most one sight line each way per
    /// pair.
    fn fire_masks(&self, i: usize) -> ([u8; MAX_SHIPS], u8) {
        let mut mask = [0u8; MAX_SHIPS];
        let mut back = 0u8;
        let me = &self.ships[i];
        if !me.afloat() {
            return (mask, back);
        }
        for (j, tg) in self.ships().iter().enumerate() {
            if !tg.afloat() || tg.side == me.side {
                continue;
            }
            let mine = (0..=TORPEDO).any(|b| self.has_battery(i, b));
            let theirs = (0..TORPEDO).any(|b| self.has_battery(j, b));
            if !mine && !theirs {
                continue;
            }
            let d = rect_distance(&me.rect, &tg.rect);
            let mut seen = None;
            for b in 0..=TORPEDO {
                if self.has_battery(i, b) && self.shot_at(i, j, b, d, &mut seen).is_some() {
                    mask[j] |= 1 << b;
                }
            }
            let mut seen_back = None;
            if (0..TORPEDO).any(|b| {
                self.has_battery(j, b) && self.shot_at(j, i, b, d, &mut seen_back).is_some()
            }) {
                back |= 1 << j;
            }
        }
        (mask, back)
    }

    /// [`Self::shot_for`] at closest distance `d` (mils), the sight line from `i` to `j`
    /// worked out once in `seen`.
    fn shot_at(
        &self,
        i: usize,
        j: usize,
        b: u8,
        d: i32,
        seen: &mut Option<(bool, bool)>,
    ) -> Option<Shot> {
        let r = rules();
        let g = &r.gunnery;
        let (me, tg) = (&self.ships[i], &self.ships[j]);
        let mut sight = || *seen.get_or_insert_with(|| self.sight(i, j));
        let inch = |x: f64| (x * 1000.0).round() as i32;
        if b == TORPEDO {
            // Sheet, storm: "Torpedo firing is also prohibited." Chosen: torpedoes are not
            // fired at a fortification.
            if me.torpedoes == 0 || self.storm() || tg.fort || d > inch(r.torpedo.range) {
                return None;
            }
            if !sight().0 {
                return None;
            }
            return Some(Shot {
                shooter: i as u8,
                target: j as u8,
                kind: TORPEDO,
                dice: 1,
                to_hit: r.torpedo.hit,
                ..Shot::default()
            });
        }
        let k = b as usize;
        let guns = me.guns[k];
        if guns == 0 {
            return None;
        }
        let band = if d <= inch(g.close_range) {
            0
        } else if d <= inch(g.medium_range) {
            1
        } else {
            2
        };
        let (fc, tc) = ((me.class - 1) as usize, (tg.class - 1) as usize);
        let base = match b {
            0 => g.main[fc][tc][band],
            1 => g.medium[fc][tc][band],
            _ => g.light[fc][band],
        };
        if base == 0 {
            return None;
        }
        let (visible, obscured) = sight();
        if !visible {
            return None;
        }
        let traits = me.bat_traits[k];
        let mut to_hit = base;
        if obscured {
            to_hit += g.obscured;
        }
        if traits & SLOW_LOAD != 0 {
            to_hit += g.slow_load;
        }
        if self.storm() {
            to_hit += g.storm;
        }
        if me.listing {
            to_hit += g.listing;
        }
        // Re-rolls: a target under a (revealed) stop order or anchored, point-blank range;
        // never with a Super heavy gun, nor in a storm.
        // A fortification has no order (chosen: no stop-order re-roll against it).
        // A ship stopped by her engines holds the stop order, revealed or not (everyone
        // sees the damage).
        let stopped = !tg.fort
            && ((tg.revealed && tg.active == STOP) || tg.engine >= 2 || tg.anchored);
        let reroll = (stopped || d <= inch(g.point_blank))
            && traits & SUPER_HEAVY == 0
            && !self.storm();
        let diff = me.ap[k] as i32 - tg.armour as i32;
        let much = g.much as i32;
        let pen = g.penetration[match diff {
            _ if diff <= -much => 0,
            _ if diff < 0 => 1,
            0 => 2,
            _ if diff < much => 3,
            _ => 4,
        }];
        Some(Shot {
            shooter: i as u8,
            target: j as u8,
            kind: b,
            // Sheet, storm: "Ships can only fire from half of the guns in each battery
            // (rounding up)."
            dice: if self.storm() { guns.div_ceil(2) } else { guns },
            to_hit,
            reroll,
            pen,
            dmg: g.damage_quarters[k],
            // Sheet: light guns' sixes against class 1 and 2 ships cause a Fire instead.
            six_is_fire: b == 2 && tg.class <= 2,
            ..Shot::default()
        })
    }

    /// Movement is over: the fire declarations.
    pub(crate) fn start_fire(&mut self) {
        self.mv.done = true;
        self.queue_len = 0;
        let i = self.mv.ship as usize;
        // Boarding an enemy ship in contact at the end of the move (chosen: once per
        // activation, not after a boarding offer that followed a ram).
        if self.mv.board_offer == 0 {
            if let Some(j) = self.contact_enemy(i) {
                self.mv.board_offer = 2;
                self.mv.ram_target = j as u8;
                self.stage = Stage::Board;
                return;
            }
        }
        if !self.ships[i].afloat() || self.ships[i].fired {
            self.end_activation();
            return;
        }
        (self.mv.fire_mask, self.mv.counter_mask) = self.fire_masks(i);
        self.targets_from(0);
    }

    /// The next battery from `b` with a target, else the counter salvoes.
    pub(crate) fn targets_from(&mut self, b: u8) {
        for b in b..=TORPEDO {
            if self.mv.fire_mask.iter().any(|&m| m & (1 << b) != 0) {
                self.stage = Stage::Target { battery: b };
                return;
            }
        }
        self.counters_from(0);
    }

    pub(crate) fn target_options(&self, b: u8, out: &mut ActionSet) {
        for j in 0..self.num_ships as usize {
            if self.mv.fire_mask[j] & (1 << b) != 0 {
                out.insert(TARGET_0 + j as Action);
            }
        }
        out.insert(HOLD);
    }

    fn push_shot(&mut self, s: Shot) {
        let n = self.queue_len as usize;
        if n < MAX_QUEUE {
            self.queue[n] = s;
            self.queue_len += 1;
        }
    }

    pub(crate) fn declare(&mut self, b: u8, j: usize) {
        let i = self.mv.ship as usize;
        if let Some(s) = self.shot_for(i, j, b) {
            self.push_shot(s);
            self.ships[i].fired = true;
            if b == TORPEDO {
                self.ships[i].torpedoes -= 1;
            }
        }
    }

    /// The next ship from `k` that may declare a counter salvo: an enemy ship the active
    /// ship declared fire at, that has not fired this turn and can fire back.
    pub(crate) fn counters_from(&mut self, k: usize) {
        let i = self.mv.ship as usize;
        for j in k..self.num_ships as usize {
            let targeted = self
                .queue()
                .iter()
                .any(|s| s.shooter as usize == i && s.target as usize == j);
            if targeted && !self.ships[j].fired && self.mv.counter_mask & (1 << j) != 0 {
                self.stage = Stage::Counter { ship: j as u8 };
                return;
            }
        }
        self.shots_from(0);
    }

    /// A counter salvo: every battery of `j` that can fire at the active ship does.
    pub(crate) fn declare_counter(&mut self, j: usize) {
        let i = self.mv.ship as usize;
        for b in 0..TORPEDO {
            if let Some(s) = self.shot_for(j, i, b) {
                self.push_shot(s);
            }
        }
        self.ships[j].fired = true;
    }

    /// The next declared fire from `q` to roll for.
    pub(crate) fn shots_from(&mut self, q: usize) {
        for q in q..self.queue_len as usize {
            let s = self.queue[q];
            if self.ships[s.target as usize].afloat() {
                self.stage = if s.kind == TORPEDO {
                    Stage::TorpHit { shot: q as u8 }
                } else {
                    Stage::Hits { shot: q as u8 }
                };
                return;
            }
        }
        self.crits_from(0);
    }

    /// The sixes of the salvo (one ship's fire at one target) whose first shot is `q`:
    /// for the critical roll and for Fires.
    fn salvo_sixes(&self, q: usize) -> (u8, u8) {
        let s = self.queue[q];
        self.queue()
            .iter()
            .filter(|o| o.shooter == s.shooter && o.target == s.target)
            .fold((0, 0), |(c, f), o| (c + o.crit6, f + o.fire6))
    }

    /// The next salvo from `q` with sixes: Fires first, then the critical roll.
    pub(crate) fn crits_from(&mut self, q: usize) {
        for q in q..self.queue_len as usize {
            let s = self.queue[q];
            let first = !self.queue[..q]
                .iter()
                .any(|o| o.shooter == s.shooter && o.target == s.target);
            if !first {
                continue;
            }
            let (crit6, fire6) = self.salvo_sixes(q);
            let t = s.target as usize;
            // Sheet: "If you get multiple 6s without armour penetration, each one triggers
            // another Fire critical effect"; light guns' sixes likewise.
            for _ in 0..fire6 {
                self.fire_effect(t);
            }
            if crit6 > 0 && self.ships[t].afloat() {
                self.stage = Stage::Crit { shot: q as u8 };
                return;
            }
        }
        self.end_activation();
    }

    /// Whether the firer of `s` has a gunnery specialist captain whose re-roll of misses is
    /// still unused this turn (substitute for the sheet's "Captain: according to his
    /// description"); never with Super heavy guns ("Re-rolls for hits are not possible
    /// (range, captains, etc.)") nor in a storm ("no possibility of rerolling misses").
    pub fn captain_may_reroll(&self, s: &Shot) -> bool {
        let me = &self.ships[s.shooter as usize];
        s.kind < TORPEDO
            && me.gunnery_specialist
            && !me.captain_used
            && me.bat_traits[s.kind as usize] & SUPER_HEAVY == 0
            && !self.storm()
    }

    /// Rolls of fire; returns whether the stage was set here.
    pub(crate) fn fire_roll(&mut self, a: Action) -> bool {
        match self.stage {
            Stage::Hits { shot } => {
                let q = shot as usize;
                let s = &mut self.queue[q];
                s.hits = (a - COUNT_0) as u8;
                let s = *s;
                if s.reroll && s.hits < s.dice {
                    self.stage = Stage::Reroll { shot };
                    true
                } else if s.hits < s.dice && self.captain_may_reroll(&s) {
                    self.stage = Stage::GunReroll { shot };
                    true
                } else if s.hits > 0 {
                    self.stage = Stage::Armour { shot };
                    true
                } else {
                    false
                }
            }
            Stage::Reroll { shot } => {
                let s = &mut self.queue[shot as usize];
                s.hits += (a - COUNT_0) as u8;
                if s.hits > 0 {
                    self.stage = Stage::Armour { shot };
                    true
                } else {
                    false
                }
            }
            Stage::Armour { shot } => {
                let q = shot as usize;
                let k = (a - ARMOUR_0) as u8;
                let (sixes, others) = (k / 5, k % 5);
                let s = self.queue[q];
                if s.pen > 0 {
                    self.damage(s.target as usize, (sixes + others) * s.dmg);
                }
                let s = &mut self.queue[q];
                if s.pen == 0 || s.six_is_fire {
                    s.fire6 += sixes;
                } else {
                    s.crit6 += sixes;
                }
                false
            }
            Stage::TorpHit { shot } => {
                let s = self.queue[shot as usize];
                if a == PASS {
                    self.sub = Some(Sub::Effect {
                        ship: s.target,
                        kind: self.ships[s.shooter as usize].torpedo_type,
                        left: 1,
                        torpedo: true,
                    });
                }
                false
            }
            Stage::Crit { shot } => {
                let q = shot as usize;
                let (crit6, _) = self.salvo_sixes(q);
                // Sheet: "each additional 6 beyond the first adds +1 to the result".
                let roll = ((a - DIE_1) as u8 + 1 + crit6 - 1).min(6);
                let t = self.queue[q].target as usize;
                if self.ships[t].fort {
                    return self.fort_critical(shot, roll);
                }
                self.critical(t, roll);
                false
            }
            Stage::FortMagazine { shot } => {
                // Sheet: "Results of 1-4 indicate the explosion of a secondary ammunition
                // magazine (loss of 2 Structure points), results of 5-6 ... the main
                // ammunition magazine (loss of 4 Structure points)."
                let t = self.queue[shot as usize].target as usize;
                let face = (a - DIE_1) as u8 + 1;
                self.damage(t, if face <= 4 { 8 } else { 16 });
                false
            }
            _ => false,
        }
    }

    /// Sheet, "Critical hits on fortifications", result `roll` of the salvo whose first
    /// shot is `shot`: 1-3 no effect; 4-5 a gun destroyed, the firing side ("the
    /// opponent") choosing which (no choice with one battery left, no effect with none);
    /// 6 the magazine roll. Returns whether the stage was set here.
    pub(crate) fn fort_critical(&mut self, shot: u8, roll: u8) -> bool {
        let t = self.queue[shot as usize].target as usize;
        match roll {
            1..=3 => false,
            4 | 5 => {
                let guns = self.ships[t].guns;
                match guns.iter().filter(|&&g| g > 0).count() {
                    0 => false,
                    1 => {
                        let k = guns.iter().position(|&g| g > 0).unwrap_or(0);
                        self.ships[t].guns[k] -= 1;
                        false
                    }
                    _ => {
                        self.stage = Stage::FortGun { shot };
                        true
                    }
                }
            }
            _ => {
                self.stage = Stage::FortMagazine { shot };
                true
            }
        }
    }

    /// Sheet, "Critical Hit Effect Table", result `roll` on ship `t`.
    pub fn critical(&mut self, t: usize, roll: u8) {
        if !self.ships[t].afloat() {
            return;
        }
        match roll {
            1 => self.fire_effect(t),
            2 => {
                if self.ships[t].bridge {
                    self.fire_effect(t);
                } else {
                    let s = &mut self.ships[t];
                    // "change the passive order to be the same as the active one".
                    s.bridge = true;
                    s.planned = s.active;
                    s.lock_planned = true;
                }
            }
            3 => self.rudder_hit(t, 0, 0),
            4 => {
                let s = &self.ships[t];
                match s.guns.iter().filter(|&&g| g > 0).count() {
                    0 => self.fire_effect(t),
                    1 => {
                        let k = s.guns.iter().position(|&g| g > 0).unwrap_or(0);
                        self.ships[t].guns[k] = 0;
                    }
                    _ => self.sub = Some(Sub::Weapon { ship: t as u8 }),
                }
            }
            5 => self.flood_effect(t),
            _ => self.sub = Some(Sub::Ammo { ship: t as u8 }),
        }
    }

    /// Rudder damage on `t` (a second one is a Flooding instead); then `more` rolls on the
    /// effects table of type `kind`.
    pub(crate) fn rudder_hit(&mut self, t: usize, more: u8, kind: u8) {
        if self.ships[t].rudder != RUDDER_OK {
            self.flood_effect(t);
            if more > 0 && self.ships[t].afloat() {
                self.sub = Some(Sub::Effect {
                    ship: t as u8,
                    kind,
                    left: more,
                    torpedo: false,
                });
            }
        } else if self.ships[t].afloat() {
            self.sub = Some(Sub::Rudder {
                ship: t as u8,
                more,
                kind,
            });
        }
    }

    /// An effect chain's roll.
    pub(crate) fn apply_sub(&mut self, sub: Sub, a: Action) {
        let face = a.wrapping_sub(DIE_1) as u8 + 1;
        match sub {
            Sub::Rudder { ship, more, kind } => {
                let t = ship as usize;
                self.ships[t].rudder = match face {
                    1 | 2 => RUDDER_LEFT,
                    3 | 4 => RUDDER_RIGHT,
                    _ => RUDDER_JAMMED,
                };
                if more > 0 && self.ships[t].afloat() {
                    self.sub = Some(Sub::Effect {
                        ship,
                        kind,
                        left: more,
                        torpedo: false,
                    });
                }
            }
            Sub::Weapon { ship } => {
                let t = ship as usize;
                // Lightest first: light, medium, main ("1-2 light, 3-4 medium, 5-6 heavy";
                // with two kinds left, 1-3 and 4-6).
                let mut kinds = [0usize; 3];
                let mut n = 0;
                for k in [2usize, 1, 0] {
                    if self.ships[t].guns[k] > 0 {
                        kinds[n] = k;
                        n += 1;
                    }
                }
                let pick = match n {
                    3 => kinds[((face - 1) / 2) as usize],
                    2 => kinds[if face <= 3 { 0 } else { 1 }],
                    _ => kinds[0],
                };
                self.ships[t].guns[pick] = 0;
            }
            Sub::Ammo { ship } => {
                let t = ship as usize;
                match face {
                    1..=3 => {
                        self.damage(t, 4);
                        self.add_fire_marker(t);
                    }
                    4 | 5 => {
                        let q = self.ships[t].hull_max / 2;
                        self.damage(t, q);
                        self.add_fire_marker(t);
                    }
                    _ => {
                        self.sink(t);
                        self.start_blast(t);
                    }
                }
            }
            Sub::Blast { from, next } => {
                if a == PASS {
                    self.fire_effect(next as usize);
                }
                self.blast_from(from as usize, next as usize + 1);
            }
            Sub::Effect {
                ship,
                kind,
                left,
                torpedo,
            } => {
                let t = ship as usize;
                if face >= 2 {
                    // Sheet: D2 loses 1-5 Hull points on 2-6, D3 2-6, D4 3-7.
                    let points = face + kind - 3;
                    self.damage(t, points * 4);
                }
                let more = left - 1;
                if !self.ships[t].afloat() {
                    return;
                }
                match face {
                    4 => {
                        self.rudder_hit(t, more, kind);
                        return;
                    }
                    5 if self.ships[t].engine >= 1 && torpedo => self.engine_stopped(t),
                    5 => {
                        let s = &mut self.ships[t];
                        s.engine = s.engine.max(1);
                    }
                    6 => {
                        if self.ships[t].listing && torpedo {
                            self.sink(t);
                            return;
                        }
                        self.ships[t].listing = true;
                    }
                    _ => {}
                }
                if more > 0 && self.sub.is_none() {
                    self.sub = Some(Sub::Effect {
                        ship,
                        kind,
                        left: more,
                        torpedo,
                    });
                }
            }
        }
    }

    /// Sheet: "If another torpedo hit occurs during this effect, causing damage to the
    /// engine room, the ship immediately receives the "stop" order and cannot move until
    /// this damage is repaired." The stop order replaces her active one (shown at once if
    /// she has revealed it, so shots at her get the stop order's re-roll), and her
    /// inactive marker is brought within one level of stop, as if planned from it (bridge
    /// damage's repeated order becomes stop too). `start_command` keeps her on stop until
    /// the repair.
    pub(crate) fn engine_stopped(&mut self, t: usize) {
        let s = &mut self.ships[t];
        s.engine = 2;
        s.active = STOP;
        if s.revealed {
            s.shown = STOP;
        }
        if s.lock_planned || speed_rank(s.planned) > speed_rank(SLOW) {
            s.planned = if s.lock_planned { STOP } else { SLOW };
        }
    }

    /// Sheet: "If a ship is sunk by an explosion, roll a d6 for each ship that is 3,5
    /// inches or less from the exploding ship ... A success means Fire critical effect."
    pub(crate) fn start_blast(&mut self, from: usize) {
        self.blast_from(from, 0);
    }

    fn blast_from(&mut self, from: usize, k: usize) {
        let range = (rules().tests.blast_range * 1000.0).round() as i32;
        let origin = self.ships[from].rect;
        // A fortification cannot receive a Fire: it is not tested.
        self.sub = (k..self.num_ships as usize)
            .find(|&j| {
                j != from
                    && self.ships[j].ship_in_battle()
                    && rect_distance(&origin, &self.ships[j].rect) <= range
            })
            .map(|j| Sub::Blast {
                from: from as u8,
                next: j as u8,
            });
    }

    /// Hull loss in quarter points; a ship with none left sinks.
    pub fn damage(&mut self, i: usize, quarters: u8) {
        let s = &mut self.ships[i];
        if !s.afloat() {
            return;
        }
        s.hull = s.hull.saturating_sub(quarters);
        if s.hull == 0 {
            self.sink(i);
        }
    }

    pub fn sink(&mut self, i: usize) {
        self.ships[i].status = SUNK;
    }

    fn add_fire_marker(&mut self, i: usize) {
        if self.ships[i].ship_in_battle() {
            self.ships[i].fires = (self.ships[i].fires + 1).min(MAX_MARKERS);
        }
    }

    /// A new flooding marker; it sets the contained ones flooding again.
    pub fn add_flood(&mut self, i: usize) {
        let s = &mut self.ships[i];
        if s.fort {
            return;
        }
        s.floods = (s.floods + s.floods_held + 1).min(MAX_MARKERS);
        s.floods_held = 0;
    }

    /// Sheet, critical 1: "The ship immediately loses 1/4 Hull point and gains [a fire
    /// marker]".
    ///
    /// Sheet: "Fortifications cannot receive any markers or resulting damage": nothing.
    pub fn fire_effect(&mut self, i: usize) {
        if self.ships[i].fort {
            return;
        }
        self.damage(i, 1);
        self.add_fire_marker(i);
    }

    /// Sheet, critical 5: "The ship immediately loses 1/4 Hull point and gains [a
    /// flooding marker]".
    pub fn flood_effect(&mut self, i: usize) {
        if self.ships[i].fort {
            return;
        }
        self.damage(i, 1);
        if self.ships[i].afloat() {
            self.add_flood(i);
        }
    }
}

/// Most fire or flooding markers a ship carries (a bound; more would not change play).
pub const MAX_MARKERS: u8 = 12;
