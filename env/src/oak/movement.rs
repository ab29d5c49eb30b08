//! The movement phase (quick reference steps 4-7): speed rating from the point of sail and
//! sail setting, one seamanship action with its skill test, the move with the speed tools
//! (turn then move, or move then turn; Yare ships turn, move, turn), collisions with
//! terrain and ships, shoals, sailing off the table, and one crew action.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::plane::{on_table, rect_distance_at_most, rects_overlap, Rect};

use super::catalogue::*;
use super::data::{rule, rules, Effect, TerrainKind};
use super::dice::{face, face_count, Pool};
use super::geometry::{point_of_sail, PointOfSail};
use super::state::*;

/// Length of one step of a move when looking for collisions, mils.
const MOVE_STEP: i32 = 50;
/// How much wider the swept region of a move is than the bases it covers, mils.
const SWEPT_MARGIN: i32 = 16;

impl OakGame {
    /// The speed rating of ship `i` now (glossary: determine speed rating): the card's
    /// windward or large speed, less minimal sails (to 0), plus full sails, Fast and
    /// Favorable Wind when large; at most 5, crippled at most 2, after cutting free at most
    /// 1; 0 anchored, aground, entangled or in the wind's eye.
    pub fn speed_rating(&self, i: usize) -> u8 {
        let s = &self.ships[i];
        let l = rules().limits;
        if s.sail == sail::ANCHORED || s.aground || s.is_entangled() {
            return 0;
        }
        let pos = point_of_sail(s.base.heading, self.wind_from);
        let one = |large: bool| -> u8 {
            let base = if large { s.large } else { s.windward };
            let mut v = base.saturating_sub(u8::from(s.sail == sail::MINIMAL));
            v += u8::from(s.sail == sail::FULL);
            if large {
                v += u8::from(s.has(rule::FAST));
                v += u8::from(self.effect(s.command(), Effect::FavorableWind));
            }
            v
        };
        let mut v = match pos {
            PointOfSail::WindEye => return 0,
            PointOfSail::Windward => one(false),
            PointOfSail::Large => one(true),
            PointOfSail::Abeam => one(false).max(one(true)),
        };
        v = v.min(l.max_speed);
        if s.crippled() {
            v = v.min(l.crippled_max_speed);
        }
        if s.cut_free {
            v = v.min(1);
        }
        v
    }

    /// Determines the speed and asks for the seamanship action.
    pub(crate) fn start_activation(&mut self, i: usize) {
        let s = &self.ships[i];
        self.act.speed = self.speed_rating(i);
        self.act.wind_eye = point_of_sail(s.base.heading, self.wind_from) == PointOfSail::WindEye;
        self.pending = Pending::Seamanship;
    }

    pub(crate) fn seamanship_options(&self, out: &mut ActionSet) {
        out.insert(SEA_NONE);
        let s = &self.ships[self.act.ship as usize];
        if s.is_entangled() {
            out.insert(SEA_CUT_FREE);
            return;
        }
        if s.shaken() || s.aground {
            return;
        }
        if !self.act.wind_eye || s.has(rule::FORE_AND_AFT) {
            out.insert(SEA_HEADING);
        }
        if !self.act.wind_eye && s.sail != sail::ANCHORED {
            out.insert(SEA_FASTER);
            out.insert(SEA_SLOWER);
        }
    }

    pub(crate) fn apply_seamanship(&mut self, a: Action) {
        let why = match a {
            SEA_HEADING => TestFor::Heading,
            SEA_FASTER => TestFor::Faster,
            SEA_SLOWER => TestFor::Slower,
            SEA_CUT_FREE => TestFor::CutFree,
            _ => {
                self.pending = Pending::Moving;
                return;
            }
        };
        let pool = self.skill_test_pool(self.act.ship as usize, 0);
        self.start_roll(pool, RollFor::Test(why));
    }

    /// What a passed or failed skill test does.
    pub(crate) fn resolve_test(&mut self, why: TestFor, passed: bool) {
        let i = self.act.ship as usize;
        let l = rules().limits;
        match why {
            TestFor::Heading => {
                self.pending = if passed {
                    Pending::HeadingTurn
                } else {
                    Pending::Moving
                };
            }
            TestFor::Faster | TestFor::Slower => {
                if passed {
                    let cap = if self.ships[i].crippled() {
                        l.crippled_max_speed
                    } else {
                        l.max_speed
                    };
                    self.act.speed = if why == TestFor::Faster {
                        (self.act.speed + 1).min(cap)
                    } else {
                        self.act.speed.saturating_sub(1)
                    };
                }
                self.pending = Pending::Moving;
            }
            TestFor::CutFree => {
                if passed {
                    self.cut_free(i);
                }
                self.pending = Pending::Moving;
            }
            TestFor::Board(j) => {
                if passed {
                    self.entangle(i, j as usize);
                    self.after_boarding(i, j as usize);
                } else {
                    self.finish_crew();
                }
            }
            TestFor::Float => {
                if passed {
                    self.ships[i].aground = false;
                }
                self.finish_crew();
            }
        }
    }

    /// Cut free (glossary): yardarm directly away from the ships it was entangled with;
    /// if it cannot move so far it stays entangled. After it, speed at most 1 this turn.
    pub(crate) fn cut_free(&mut self, i: usize) -> bool {
        let bits = self.ships[i].entangled;
        let Some(k) = (0..self.n_ships as usize).find(|&k| bits & (1 << k) != 0) else {
            return false;
        };
        let to = self.away_from(i, self.ships[k].base.centre, rules().ranges.yardarm);
        let mut others = *self;
        others.untangle_all(i);
        if !others.clear_at(i, &to) {
            return false;
        }
        self.untangle_all(i);
        self.set_base(i, to);
        self.ships[i].cut_free = true;
        self.act.speed = self.speed_rating(i);
        true
    }

    /// The tool a turn uses now: the speed rating's (speed 1 in the wind's eye and for
    /// change heading).
    fn turn_tool(&self) -> u8 {
        if self.pending == Pending::HeadingTurn || self.act.wind_eye {
            1
        } else {
            self.act.speed
        }
    }

    /// Whether the active ship may turn now.
    fn may_turn(&self) -> bool {
        let s = &self.ships[self.act.ship as usize];
        if self.pending == Pending::HeadingTurn {
            return !s.aground && !s.is_entangled();
        }
        if s.aground || s.is_entangled() || s.sail == sail::ANCHORED || self.turn_tool() == 0 {
            return false;
        }
        if !self.act.moved {
            !self.act.turned_before
        } else {
            !self.act.wind_eye
                && !self.act.turned_after
                && (!self.act.turned_before || s.has(rule::YARE))
        }
    }

    /// Whether the active ship must still move ahead.
    pub(crate) fn must_move(&self) -> bool {
        let s = &self.ships[self.act.ship as usize];
        !self.act.moved
            && self.act.speed > 0
            && !self.act.wind_eye
            && !s.aground
            && !s.is_entangled()
            && s.sail != sail::ANCHORED
    }

    pub(crate) fn move_options(&self, out: &mut ActionSet) {
        let i = self.act.ship as usize;
        self.shift_options(out);
        if self.may_turn() {
            let max = rules().tools.max_turn[(self.turn_tool().clamp(1, 5) - 1) as usize];
            for (t, &deg) in TURNS.iter().enumerate() {
                if deg.abs() <= max && self.turn_clear(i, deg) {
                    out.insert(TURN_0 + t as Action);
                }
            }
        }
        if self.pending == Pending::HeadingTurn {
            if out.is_empty() {
                out.insert(MOVE_END);
            }
            return;
        }
        if self.must_move() {
            out.insert(MOVE_AHEAD);
            if self.ships[i].cut_free {
                // A ship that cut free may choose not to move (glossary: cut free).
                out.insert(MOVE_END);
            }
        } else {
            out.insert(MOVE_END);
        }
    }

    pub(crate) fn apply_move(&mut self, a: Action) {
        let i = self.act.ship as usize;
        if (TURN_0..TURN_0 + 8).contains(&a) {
            let deg = TURNS[(a - TURN_0) as usize];
            self.set_base(i, self.ships[i].base.turned(deg));
            if self.pending == Pending::HeadingTurn {
                self.pending = Pending::Moving;
            } else if self.act.moved {
                self.act.turned_after = true;
            } else {
                self.act.turned_before = true;
            }
            return;
        }
        if self.pending == Pending::HeadingTurn {
            self.pending = Pending::Moving;
            return;
        }
        if (SHIFT_0..SHIFT_0 + SHIFTS.len() as Action).contains(&a) {
            self.apply_shift(a);
            return;
        }
        match a {
            MOVE_AHEAD => {
                let tool = self.act.speed.clamp(1, 5);
                let dist = rules().tools.r#move[tool as usize - 1];
                self.sail_ahead(i, dist);
                self.act.moved = true;
                self.continue_move();
            }
            _ => self.end_move(i),
        }
    }

    /// Moves ship `i` ahead `dist` mils, stopping at the first contact with solid terrain
    /// (a collision: 1 damage, aground, anchored) or a ship (a collision whose dice follow);
    /// notes a shoal crossed (glossary: collision, shoals).
    pub(crate) fn sail_ahead(&mut self, i: usize, dist: i32) {
        let start = self.ships[i].base;
        let shoals_ignored = self.effect(self.ships[i].command(), Effect::ShoalsAhead);
        // The region the whole move sweeps, a few mils wider all round than the bases it
        // covers (their corners are rounded separately): only what touches it is checked
        // step by step, exactly as a check of everything would.
        let swept = Rect::new(
            start.advanced(dist / 2).centre,
            start.heading,
            start.length + dist + SWEPT_MARGIN,
            start.beam + SWEPT_MARGIN,
        );
        let mut ships_near = 0u16;
        for (k, o) in self.ships().iter().enumerate() {
            if k != i && o.on_table() && rects_overlap(&o.base, &swept) {
                ships_near |= 1 << k;
            }
        }
        let mut pieces_near = 0u8;
        for (t, p) in self.pieces().iter().enumerate() {
            let counts = p.solid() || (p.kind() == TerrainKind::Shoal && !shoals_ignored);
            if counts && rects_overlap(&p.rect, &swept) {
                pieces_near |= 1 << t;
            }
        }
        if ships_near == 0 && pieces_near == 0 {
            self.set_base(i, start.advanced(dist));
            return;
        }
        let mut done = 0;
        while done < dist {
            let step = (done + MOVE_STEP).min(dist);
            let next = start.advanced(step);
            let solid_hit = (0..self.n_terrain as usize).any(|t| {
                pieces_near & (1 << t) != 0
                    && self.terrain[t].solid()
                    && rects_overlap(&self.terrain[t].rect, &next)
            });
            if solid_hit {
                let l = rules().limits;
                self.add_damage(i, l.terrain_collision_damage);
                let s = &mut self.ships[i];
                s.aground = true;
                s.sail = sail::ANCHORED;
                self.act.turned_after = true;
                self.act.turned_before = true;
                break;
            }
            if let Some(k) = (0..self.n_ships as usize)
                .find(|&k| ships_near & (1 << k) != 0 && rects_overlap(&self.ships[k].base, &next))
            {
                self.act.collide_with = k as u8;
                self.act.turned_after = true;
                self.act.turned_before = true;
                break;
            }
            if (0..self.n_terrain as usize).any(|t| {
                pieces_near & (1 << t) != 0
                    && self.terrain[t].kind() == TerrainKind::Shoal
                    && rects_overlap(&self.terrain[t].rect, &next)
            }) {
                self.act.shoal = true;
            }
            self.set_base(i, next);
            done = step;
        }
    }

    /// After a move or a row: the collision's dice, then the shoal test, then back to the
    /// move (or, after a row, the end of the crew action).
    pub(crate) fn continue_move(&mut self) {
        if self.act.collide_with != NONE {
            self.pending = Pending::Collision;
            return;
        }
        if self.act.shoal {
            self.act.shoal = false;
            let i = self.act.ship as usize;
            let s = &self.ships[i];
            let dice = s
                .fortitude
                .saturating_sub(u8::from(s.has(rule::SHALLOW_DRAFT)))
                .max(1);
            self.start_roll(
                Pool::new(dice, face::SKULL, 0, 0, false, s.command()),
                RollFor::Shoal,
            );
            return;
        }
        if self.act.swift {
            self.act.swift = false;
            let i = self.act.ship as usize;
            self.check_table_edge(i);
            self.next_swift_move();
            return;
        }
        if self.act.rowing {
            self.act.rowing = false;
            let i = self.act.ship as usize;
            self.check_table_edge(i);
            self.finish_crew();
            return;
        }
        self.pending = Pending::Moving;
    }

    /// Collision dice: as many as the speed rating (1 for a row): any skull, any sail.
    fn collision_dice(&self) -> u32 {
        if self.act.rowing || self.act.swift {
            1
        } else {
            self.act.speed.clamp(1, 5) as u32
        }
    }

    pub(crate) fn collision_outcomes(&self) -> ChanceOutcomes {
        let n = self.collision_dice();
        let skull = face_count(face::SKULL) as u32;
        let sail_f = face_count(face::SAIL) as u32;
        let none = 8 - skull - sail_f;
        // Inclusion-exclusion over 8^n: no skull and no sail, only skulls among them, ...
        let w_none = none.pow(n);
        let no_sail = (8 - sail_f).pow(n);
        let no_skull = (8 - skull).pow(n);
        let mut c = ChanceOutcomes::new();
        c.push(COLLIDE_0, w_none);
        c.push(COLLIDE_0 + 1, no_sail - w_none);
        c.push(COLLIDE_0 + 2, no_skull - w_none);
        c.push(COLLIDE_0 + 3, 8u32.pow(n) + w_none - no_sail - no_skull);
        c
    }

    /// Collision with a ship (glossary): a skull damages the mover; a sail entangles the
    /// two; otherwise the ship struck is pushed yardarm directly away, or, when it cannot
    /// be (aground, anchored, entangled or blocked), the mover is.
    pub(crate) fn apply_collision(&mut self, a: Action) {
        let i = self.act.ship as usize;
        let k = self.act.collide_with as usize;
        self.act.collide_with = NONE;
        let r = a.saturating_sub(COLLIDE_0);
        if r & 1 != 0 {
            self.add_damage(i, 1);
        }
        if r & 2 != 0 {
            self.entangle(i, k);
        } else {
            let y = rules().ranges.yardarm;
            let struck = self.ships[k];
            let pushed = self.away_from(k, self.ships[i].base.centre, y);
            let movable = !struck.aground && struck.sail != sail::ANCHORED && !struck.is_entangled();
            if movable && self.clear_at(k, &pushed) {
                self.set_base(k, pushed);
            } else {
                let back = self.away_from(i, struck.base.centre, y);
                if self.clear_at(i, &back) {
                    self.set_base(i, back);
                }
            }
        }
        self.continue_move();
    }

    /// A ship whose base is partly off the table after its move is removed from the game
    /// (glossary: moving off the battlefield), unless the scrolling sea brings it back
    /// ([`super::scroll`]).
    pub(crate) fn check_table_edge(&mut self, i: usize) {
        let off = |g: &OakGame| !on_table(&g.ships[i].base, g.table[0], g.table[1]);
        if !off(self) || (self.scroll_sea(i) && !off(self)) {
            return;
        }
        self.ships[i].status = status::REMOVED;
        // Her landing party leaves with her (only a ship the scrolling sea carried off the
        // table can end an activation there while anchored with one ashore).
        self.ships[i].ashore = false;
        self.untangle_all(i);
    }

    fn end_move(&mut self, i: usize) {
        self.check_table_edge(i);
        if self.offer_reaction(i) {
            return;
        }
        self.after_move(i);
    }

    /// The move is over (and any reaction to it): the crew action, unless the ship cannot
    /// take one.
    pub(crate) fn after_move(&mut self, i: usize) {
        let s = &self.ships[i];
        if !s.can_act() || s.cut_free {
            self.finish_crew();
        } else {
            self.pending = Pending::CrewAction;
        }
    }

    /// The crew actions ship `i` may take now (glossary: crew actions; allowed actions).
    pub fn crew_options(&self, i: usize, out: &mut ActionSet) {
        out.insert(CREW_NONE);
        let s = &self.ships[i];
        if !s.can_act() || s.is_entangled() {
            return;
        }
        if s.fatigue > 0 {
            out.insert(RALLY);
        }
        if s.shaken() {
            return;
        }
        if s.sail != sail::FULL {
            if s.reload[0] {
                out.insert(RELOAD_PORT);
            }
            if s.reload[1] {
                out.insert(RELOAD_STBD);
            }
        }
        if !s.crippled() && (s.aground || s.damage > 0) {
            out.insert(REPAIR);
        }
        if s.sail < sail::FULL {
            out.insert(SAIL_UP);
        }
        if s.sail > sail::ANCHORED {
            out.insert(SAIL_DOWN);
        }
        if self.phase == Phase::Movement && !self.act.attack_phase_crew {
            self.crew_attack_options(i, out);
        }
        if s.has(rule::SWEEPS) && !s.aground {
            out.insert(ROW);
        }
        if self.may_land(i) {
            out.insert(LAND);
        }
        let y = rules().ranges.yardarm;
        let p = rules().ranges.pistol;
        for (j, t) in self.ships().iter().enumerate() {
            if j == i || !t.on_table() {
                continue;
            }
            if t.side != s.side
                && s.entangled & (1 << j) == 0
                && rect_distance_at_most(&s.base, &t.base, y)
            {
                out.insert(BOARD_0 + t.slot as Action);
            }
            if s.flagship
                && t.command() == s.command()
                && t.can_act()
                && !t.is_entangled()
                && rect_distance_at_most(&s.base, &t.base, p)
            {
                out.insert(FLAG_0 + t.slot as Action);
            }
        }
    }

    pub(crate) fn apply_crew(&mut self, a: Action) {
        let i = self.act.ship as usize;
        let side = self.ships[i].side;
        match a {
            RELOAD_PORT => self.ships[i].reload[0] = false,
            RELOAD_STBD => self.ships[i].reload[1] = false,
            RALLY => {
                self.ships[i].fatigue = self.ships[i].fatigue.saturating_sub(1);
                if self.ships[i].flagship && self.ship_effect(i, Effect::Zeal) {
                    self.zeal(0);
                    return;
                }
            }
            REPAIR => {
                if self.ships[i].aground {
                    let pool = self.skill_test_pool(i, 0);
                    self.start_roll(pool, RollFor::Test(TestFor::Float));
                    return;
                }
                self.ships[i].damage = self.ships[i].damage.saturating_sub(1);
            }
            SAIL_UP => self.ships[i].sail = (self.ships[i].sail + 1).min(sail::FULL),
            SAIL_DOWN => self.ships[i].sail = self.ships[i].sail.saturating_sub(1),
            LAND => self.land(i),
            ROW => {
                self.act.rowing = true;
                let d = rules().tools.r#move[0];
                self.sail_ahead(i, d);
                self.continue_move();
                return;
            }
            _ if (BOARD_0..BOARD_0 + 8).contains(&a) => {
                let Some(j) = self.ship_at(1 - side, (a - BOARD_0) as usize) else {
                    self.finish_crew();
                    return;
                };
                let partial = PARTIAL_0 + self.ships[j].slot as Action;
                if self.ship_effect(i, Effect::BoardingThroughSmoke) {
                    let mut fire = ActionSet::new();
                    self.attack_targets(true, &mut fire);
                    if fire.contains(partial) {
                        // Boarding Through the Smoke: partial fire first (always taken:
                        // it can only tire the enemy), then the boarding.
                        self.act.crew_attack = true;
                        self.act.board_after = Some(j as u8);
                        self.apply_attack_choice(partial);
                        return;
                    }
                }
                self.start_boarding(i, j);
                return;
            }
            _ if (FIRE_PORT_0..CLOSE_0 + 8).contains(&a) => {
                // An attack as the crew action (the squadron's card allows it).
                self.act.crew_attack = true;
                self.apply_attack_choice(a);
                return;
            }
            _ if (FLAG_0..FLAG_0 + 8).contains(&a) => {
                if let Some(k) = self.ship_at(side, (a - FLAG_0) as usize) {
                    self.ships[i].flagship = false;
                    self.ships[k].flagship = true;
                }
            }
            _ => {}
        }
        self.finish_crew();
    }

    /// Ship `i`'s boarding action on enemy `j`: Boarders Away entangles a ship at minimal
    /// sails or anchored at once, else a skill test.
    pub(crate) fn start_boarding(&mut self, i: usize, j: usize) {
        let low_sails = self.ships[j].sail <= sail::MINIMAL;
        if low_sails && self.ship_effect(i, Effect::BoardersAway) {
            self.entangle(i, j);
            self.after_boarding(i, j);
        } else {
            let pool = self.skill_test_pool(i, 0);
            self.start_roll(pool, RollFor::Test(TestFor::Board(j as u8)));
        }
    }

    /// A successful boarding action by ship `i` on `j`: Expert Boarding's free close combat
    /// attack in the movement phase (always taken: it can only tire the enemy), else the
    /// crew action is over.
    fn after_boarding(&mut self, i: usize, j: usize) {
        if self.phase == Phase::Movement && self.ship_effect(i, Effect::ExpertBoarding) {
            self.act.crew_attack = true;
            self.apply_attack_choice(CLOSE_0 + self.ships[j].slot as Action);
        } else {
            self.finish_crew();
        }
    }

    /// Zeal: after the flagship (the active ship) rallied, each friendly ship within
    /// musket shot with fatigue takes a skill test, one after the other from ship `from`;
    /// then the crew action is over. (A ship without fatigue is not rolled for: a success
    /// could remove nothing.)
    pub(crate) fn zeal(&mut self, from: u8) {
        let f = self.act.ship as usize;
        let musket = rules().ranges.musket;
        let side = self.ships[f].side;
        for k in from as usize..self.n_ships as usize {
            let s = &self.ships[k];
            if k != f
                && s.side == side
                && s.can_act()
                && s.fatigue > 0
                && self.distance(f, k) <= musket
            {
                let pool = self.skill_test_pool(k, 0);
                self.start_roll(pool, RollFor::Zeal { ship: k as u8 });
                return;
            }
        }
        self.finish_crew();
    }

    /// Fleet Maneuver's free turn: the speed 1 tool's turns that are clear, or none
    /// (`move:end`).
    pub(crate) fn free_turn_options(&self, out: &mut ActionSet) {
        let i = self.act.ship as usize;
        let max = rules().tools.max_turn[0];
        for (t, &deg) in TURNS.iter().enumerate() {
            if deg.abs() <= max && self.turn_clear(i, deg) {
                out.insert(TURN_0 + t as Action);
            }
        }
        out.insert(MOVE_END);
    }

    pub(crate) fn apply_free_turn(&mut self, a: Action) {
        let i = self.act.ship as usize;
        if (TURN_0..TURN_0 + 8).contains(&a) {
            let deg = TURNS[(a - TURN_0) as usize];
            self.set_base(i, self.ships[i].base.turned(deg));
        }
        self.free_turns &= !(1 << i);
        self.next_free_turn();
    }

    /// Fleet Maneuver: offers the next ship its free turn; then Raise the Black and the
    /// other immediate effects.
    pub(crate) fn next_free_turn(&mut self) {
        if self.free_turns != 0 {
            let i = self.free_turns.trailing_zeros() as usize;
            self.act.ship = i as u8;
            self.who = self.ships[i].side;
            self.pending = Pending::FreeTurn;
            return;
        }
        self.start_swift_moves();
    }

    /// The crew action is over: the activation ends (movement or attack phase).
    pub(crate) fn finish_crew(&mut self) {
        let i = self.act.ship as usize;
        if self.act.attack_phase_crew {
            self.ships[i].attacked = true;
        } else {
            self.ships[i].moved = true;
        }
        self.next_activation();
    }

    /// The movement phase starts with the first player (wake markers cleared).
    pub(crate) fn start_movement_phase(&mut self) {
        self.phase = Phase::Movement;
        for s in self.ships.iter_mut() {
            s.moved = false;
            s.attacked = false;
            s.cut_free = false;
        }
        self.squad_active = NONE;
        self.who = 1 - self.first;
        self.next_activation();
    }
}
