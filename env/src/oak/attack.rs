//! The attack phase (quick reference step 8): broadsides (one or both sides: broadside
//! path, line of sight, range bands, reload markers, rakes), partial fire, close combat,
//! or an additional crew action; aiming at hull, crew or rigging; fatigue, damage,
//! fortitude and freeboard; critical hits with their rerolls, the helm hit and the lost
//! admiral.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::Action;
use crate::plane::{in_bow_or_stern, rect_distance_at_most};

use super::catalogue::*;
use super::data::{rule, rules, Effect};
use super::dice::{face, face_count, Pool};
use super::geometry::{band, in_broadside_path, rake};
use super::state::attack_kind::*;
use super::state::*;

/// Aims.
pub mod aim {
    pub const HULL: u8 = 0;
    pub const CREW: u8 = 1;
    pub const RIGGING: u8 = 2;
}

impl OakGame {
    /// The band a shot from ship `i` at enemy `j`, measured at `measured`, counts at, if it
    /// may be fired: within `max_band` measured, in line of sight, not barred by Deception
    /// at cannon shot (fog moves the band one farther). Targets out of action or captured
    /// are filtered by the caller (a shot at them can have no effect).
    fn shot_at(&self, i: usize, j: usize, measured: u8, max_band: u8) -> Option<u8> {
        if measured > max_band {
            return None;
        }
        let b = if self.through_fog(i, j) {
            measured + 1
        } else {
            measured
        };
        if self.effect(self.ships[j].command(), Effect::Deception) && b >= band::CANNON {
            return None;
        }
        if !self.line_of_sight(i, j) {
            return None;
        }
        Some(b)
    }

    /// Whether the broadside on `side` of ship `i` may fire now.
    fn broadside_ready(&self, i: usize, side: u8) -> bool {
        let s = &self.ships[i];
        !s.reload[side as usize] && self.act.fired & (1 << side) == 0
    }

    pub(crate) fn attack_options(&self, out: &mut ActionSet) {
        let first = self.pending == Pending::AttackChoice;
        self.attack_targets(first, out);
        let i = self.act.ship as usize;
        if first {
            self.landing_targets(i, out);
        }
        if first && !self.enemy_within_pistol(i) {
            out.insert(ATTACK_CREW);
        }
        out.insert(ATTACK_NONE);
    }

    /// The attacks the active ship may make: broadsides, and on its first attack partial
    /// fire and close combat.
    pub(crate) fn attack_targets(&self, first: bool, out: &mut ActionSet) {
        self.attack_targets_of(self.act.ship as usize, first, out);
    }

    /// The attacks ship `i` may make (as [`Self::attack_targets`]; the broadsides fired
    /// are the active ship's).
    pub(crate) fn attack_targets_of(&self, i: usize, first: bool, out: &mut ActionSet) {
        let s = self.ships[i];
        let r = rules().ranges;
        for (j, t) in self.ships().iter().enumerate() {
            if t.side == s.side || !t.on_table() || t.captured() {
                continue;
            }
            if first && s.entangled & (1 << j) != 0 {
                out.insert(CLOSE_0 + t.slot as Action);
            }
            if t.out_of_action() {
                continue;
            }
            // Bounding circles first: most pairs are decided without the polygons.
            let reach = r.cannon as i64 + s.base.radius() + t.base.radius();
            if s.base.centre.dist2(t.base.centre) > reach * reach {
                continue;
            }
            let Some(measured) = super::geometry::range_band(self.distance(i, j)) else {
                continue;
            };
            let paths = [0u8, 1].map(|side| {
                self.broadside_ready(i, side) && in_broadside_path(&s.base, side, &t.base)
            });
            let partial = first && measured <= band::MUSKET;
            if !(paths[0] || paths[1] || partial) {
                continue;
            }
            let Some(b) = self.shot_at(i, j, measured, band::CANNON) else {
                continue;
            };
            for side in 0..2u8 {
                if paths[side as usize] {
                    let first = if side == 0 { FIRE_PORT_0 } else { FIRE_STBD_0 };
                    out.insert(first + t.slot as Action);
                }
            }
            // Partial fire: musket shot measured; Deception still bars cannon shot.
            if partial && !(self.effect(t.command(), Effect::Deception) && b >= band::CANNON) {
                out.insert(PARTIAL_0 + t.slot as Action);
            }
        }
    }

    /// The card that lets ship `i` spend its crew action on an attack in the movement
    /// phase, if any: Rolling Broadsides (any attack), Heavy Musket Volley (partial fire
    /// that causes no damage or critical hits), Elan (partial fire or close combat, 1 more
    /// die).
    pub fn crew_attack_card(&self, i: usize) -> Option<Effect> {
        [Effect::RollingBroadsides, Effect::HeavyMusketVolley, Effect::Elan]
            .into_iter()
            .find(|&e| self.ship_effect(i, e))
    }

    /// The attacks ship `i` may make as a crew action in the movement phase (its card's).
    pub(crate) fn crew_attack_options(&self, i: usize, out: &mut ActionSet) {
        let Some(card) = self.crew_attack_card(i) else {
            return;
        };
        let mut all = ActionSet::new();
        self.attack_targets(true, &mut all);
        for a in all.iter() {
            let broadside = (FIRE_PORT_0..FIRE_STBD_0 + 8).contains(&a);
            let partial = (PARTIAL_0..PARTIAL_0 + 8).contains(&a);
            let close = (CLOSE_0..CLOSE_0 + 8).contains(&a);
            let ok = match card {
                Effect::RollingBroadsides => broadside || partial || close,
                Effect::HeavyMusketVolley => partial,
                _ => partial || close,
            };
            if ok {
                out.insert(a);
            }
        }
    }

    /// Whether an enemy ship able to act lies within pistol shot of ship `i`.
    pub fn enemy_within_pistol(&self, i: usize) -> bool {
        let p = rules().ranges.pistol;
        let side = self.ships[i].side;
        self.ships()
            .iter()
            .any(|t| {
                t.side != side && t.can_act() && rect_distance_at_most(&self.ships[i].base, &t.base, p)
            })
    }

    pub(crate) fn apply_attack_choice(&mut self, a: Action) {
        let i = self.act.ship as usize;
        let enemy = 1 - self.ships[i].side;
        let target = |first: Action| self.ship_at(enemy, (a - first) as usize);
        let (kind, side, j) = if (FIRE_PORT_0..FIRE_PORT_0 + 8).contains(&a) {
            (BROADSIDE, 0, target(FIRE_PORT_0))
        } else if (FIRE_STBD_0..FIRE_STBD_0 + 8).contains(&a) {
            (BROADSIDE, 1, target(FIRE_STBD_0))
        } else if (PARTIAL_0..PARTIAL_0 + 8).contains(&a) {
            (PARTIAL, 0, target(PARTIAL_0))
        } else if (CLOSE_0..CLOSE_0 + 8).contains(&a) {
            (CLOSE, 0, target(CLOSE_0))
        } else if (LANDING_0..LANDING_0 + 8).contains(&a) {
            (CLOSE, 0, target(LANDING_0))
        } else if a == ATTACK_CREW {
            self.act.attack_phase_crew = true;
            self.pending = Pending::CrewAction;
            return;
        } else {
            self.end_activation_attack();
            return;
        };
        let Some(j) = j else {
            self.end_activation_attack();
            return;
        };
        let measured = super::geometry::range_band(self.distance(i, j)).unwrap_or(band::CANNON);
        let b = if kind == CLOSE {
            band::PISTOL
        } else {
            self.shot_band(i, j).unwrap_or(band::BEYOND)
        };
        let landing = (LANDING_0..LANDING_0 + 8).contains(&a);
        let raking = if kind == BROADSIDE && measured <= band::MUSKET {
            rake(&self.ships[i].base, &self.ships[j].base)
        } else {
            0
        };
        self.attack = Attack {
            kind,
            attacker: i as u8,
            target: j as u8,
            side,
            band: b,
            aim: aim::HULL,
            rake: raking,
            landing,
            from_end: kind == CLOSE
                && !landing
                && in_bow_or_stern(&self.ships[i].base, self.ships[j].base.centre),
            ..Attack::default()
        };
        if kind == CLOSE {
            self.start_attack_roll();
        } else {
            self.who = self.ships[i].side;
            self.pending = Pending::Aim;
        }
    }

    pub(crate) fn aim_options(&self, out: &mut ActionSet) {
        out.insert(AIM_HULL);
        out.insert(AIM_RIGGING);
        let (i, j) = (self.attack.attacker as usize, self.attack.target as usize);
        if self.distance(i, j) <= rules().ranges.pistol {
            out.insert(AIM_CREW);
        }
    }

    pub(crate) fn apply_aim(&mut self, a: Action) {
        self.attack.aim = match a {
            AIM_CREW => aim::CREW,
            AIM_RIGGING => aim::RIGGING,
            _ => aim::HULL,
        };
        self.start_attack_roll();
    }

    /// The faces that hit at a band, hull aimed (glossary: cannon, musket, pistol shot;
    /// fog past cannon shot: skulls only; Lee Gauge Fire: muskets at cannon shot).
    pub fn hit_faces(&self, b: u8, lee_gauge: bool) -> u8 {
        match b {
            band::PISTOL => face::SKULL | face::CANNON | face::MUSKET | face::PISTOL,
            band::MUSKET => face::SKULL | face::CANNON | face::MUSKET,
            band::CANNON if lee_gauge => face::SKULL | face::CANNON | face::MUSKET,
            band::CANNON => face::SKULL | face::CANNON,
            _ => face::SKULL,
        }
    }

    /// The dice of the attack in progress, by the modifier order Subtract, Add, Multiply,
    /// Divide: broadside value less fatigue (at least the crew value), partial fire the
    /// crew value less fatigue (at least 1), close combat crew + 3 less fatigue (at least
    /// 1); then additional guns, formation and card bonuses (Engage More Closely: its
    /// broadsides at pistol shot); halved (at least 1) at crew or rigging.
    pub fn attack_dice(&self) -> u8 {
        let at = &self.attack;
        let (i, j) = (at.attacker as usize, at.target as usize);
        let s = &self.ships[i];
        let fat = self.dice_fatigue(i);
        let formation = at.kind != CLOSE && self.in_formation(i);
        let seize = if self.in_formation(i) {
            0
        } else {
            self.effect_amount(s.command(), Effect::SeizeOpportunity)
        };
        let mut n = match at.kind {
            BROADSIDE => {
                s.broadside.saturating_sub(fat).max(s.crew)
                    + u8::from(s.has(rule::ADDITIONAL_GUNS))
                    + self.effect_amount(s.command(), Effect::BroadsideBonus)
                    + if at.band == band::PISTOL {
                        self.effect_amount(s.command(), Effect::EngageMoreClosely)
                    } else {
                        0
                    }
            }
            PARTIAL => s.crew.saturating_sub(fat).max(1),
            _ => {
                (s.crew + rules().limits.close_combat_base)
                    .saturating_sub(fat)
                    .max(1)
                    + u8::from(s.has(rule::ADDITIONAL_CREW))
                    + u8::from(s.has(rule::EXPERT_BOARDERS))
            }
        };
        n += u8::from(formation) + seize;
        if self.act.crew_attack && self.ship_effect(i, Effect::Elan) {
            n += 1;
        }
        if at.kind != CLOSE && at.aim != aim::HULL {
            n = (n / 2).max(1);
            if at.aim == aim::RIGGING {
                n += self.effect_amount(s.command(), Effect::RiggingBonus);
            }
        }
        let _ = j;
        n
    }

    /// Skill rerolls of the attack: the skill value, Ruthless +1 against a more fatigued
    /// target (at most 3), Expert gun crew one more at musket or cannon shot.
    fn attack_rerolls(&self) -> u8 {
        let at = &self.attack;
        let (s, t) = (&self.ships[at.attacker as usize], &self.ships[at.target as usize]);
        let mut r = s.skill;
        if s.has(rule::RUTHLESS) && t.fatigue > s.fatigue {
            r = (r + 1).min(3);
        }
        if at.kind == BROADSIDE && s.has(rule::EXPERT_GUN_CREW) && at.band >= band::MUSKET {
            r += 1;
        }
        r
    }

    fn start_attack_roll(&mut self) {
        let at = self.attack;
        let (i, j) = (at.attacker as usize, at.target as usize);
        let (faces, crit) = if at.kind == CLOSE {
            // Repel Boarders defends the ship against boarders, not its landing party.
            let repel = !at.landing && self.effect(self.ships[j].command(), Effect::RepelBoarders);
            let f = if at.from_end || repel {
                face::SKULL
            } else {
                face::SKULL | face::SWORD | face::PISTOL
            };
            (f, 0)
        } else {
            match at.aim {
                aim::CREW => (face::SWORD, 0),
                aim::RIGGING => (face::SAIL, 0),
                _ => {
                    let lee = self.effect(self.ships[i].command(), Effect::LeeGauge)
                        && !self.ships[i].aground
                        && self.ships[i].sail != sail::ANCHORED
                        && self.wholly_upwind(i, j);
                    let f = self.hit_faces(at.band, lee);
                    let c = if at.rake > 0 {
                        face::SKULL | face::CANNON
                    } else {
                        face::SKULL
                    };
                    (f, c)
                }
            }
        };
        let pool = Pool::new(
            self.attack_dice(),
            faces,
            crit,
            self.attack_rerolls(),
            false,
            self.ships[i].command(),
        );
        self.start_roll(pool, RollFor::Attack);
    }

    /// Fatigue an attack causes after Down! (less 1) on the target's side.
    fn fatigue_taken(&self, j: usize, n: u8) -> u8 {
        if self.effect(self.ships[j].command(), Effect::Down) {
            n.saturating_sub(1)
        } else {
            n
        }
    }

    /// Applies the completed attack roll (glossary: broadside steps; close combat;
    /// targeting crew and rigging; high and very high freeboard; rake; small).
    pub(crate) fn resolve_attack(&mut self) {
        let at = self.attack;
        let (i, j) = (at.attacker as usize, at.target as usize);
        let hits = self.roll.hits;
        // Heavy Musket Volley's and Small Arms' attacks cause no damage or critical hits.
        let harmless = (self.act.crew_attack && self.ship_effect(i, Effect::HeavyMusketVolley))
            || (self.act.reacting && self.ship_effect(i, Effect::SmallArms));
        let aggression = hits > 0
            && at.band <= band::MUSKET
            && self.effect(self.ships[i].command(), Effect::Aggression);
        if at.kind == CLOSE {
            let f = self.fatigue_taken(j, hits + u8::from(aggression));
            self.add_fatigue(j, f);
            self.end_attack();
            return;
        }
        match at.aim {
            aim::CREW => {
                // Glossary, rake: "If the attack causes any fatigue, the target ship takes an
                // additional point of fatigue". Aimed at the crew, only a single sword (a crew
                // critical's 1 fatigue) causes fatigue; two or more hit the helm instead, and
                // a harmless attack causes no criticals at all.
                let extra = u8::from(at.rake > 0 && hits == 1 && !harmless);
                let f = self.fatigue_taken(j, extra + u8::from(aggression));
                self.add_fatigue(j, f);
                self.attack.crew = if harmless { 0 } else { hits };
                self.apply_crits();
            }
            aim::RIGGING => {
                self.attack.rigging = if harmless { 0 } else { hits };
                self.apply_crits();
            }
            _ => {
                let t = self.ships[j];
                let stern = at.rake == 2;
                let needed = if stern {
                    1
                } else if t.has(rule::VERY_HIGH_FREEBOARD) {
                    3
                } else if t.has(rule::HIGH_FREEBOARD) {
                    2
                } else {
                    1
                };
                let mut fatigue = 0;
                if hits >= needed {
                    fatigue = 1 + u8::from(at.rake > 0);
                }
                fatigue += u8::from(aggression);
                let fortitude = if stern {
                    1
                } else {
                    t.fortitude + u8::from(t.has(rule::SMALL) && at.band == band::CANNON)
                };
                let mut damage = if harmless { 0 } else { hits / fortitude.max(1) };
                if damage > 1 && self.effect(t.command(), Effect::Resilient) {
                    damage -= 1;
                }
                let f = self.fatigue_taken(j, fatigue);
                self.add_fatigue(j, f);
                self.add_damage(j, damage);
                self.attack.crit_left = if harmless { 0 } else { self.roll.crits };
                if self.attack.crit_left > 0 {
                    self.pending = Pending::CritDie;
                } else {
                    self.apply_crits();
                }
            }
        }
    }

    /// One critical die rerolled: skull (hull), sail (rigging), sword (crew), or nothing;
    /// Careful Aim rolls a blank once more.
    pub(crate) fn crit_die_outcomes(&self) -> ChanceOutcomes {
        let sk = face_count(face::SKULL) as u32;
        let sa = face_count(face::SAIL) as u32;
        let sw = face_count(face::SWORD) as u32;
        let other = 8 - sk - sa - sw;
        let careful = self.effect(self.ships[self.attack.attacker as usize].command(), Effect::CarefulAim);
        let mut c = ChanceOutcomes::new();
        if careful {
            for (a, f) in [(FACE_SKULL, sk), (FACE_SAIL, sa), (FACE_SWORD, sw)] {
                c.push(a, f * 8 + other * f);
            }
            c.push(FACE_OTHER, other * other);
        } else {
            c.push(FACE_SKULL, sk);
            c.push(FACE_SAIL, sa);
            c.push(FACE_SWORD, sw);
            c.push(FACE_OTHER, other);
        }
        c
    }

    pub(crate) fn apply_crit_die(&mut self, a: Action) {
        match a {
            FACE_SKULL => self.attack.hull += 1,
            FACE_SAIL => self.attack.rigging += 1,
            FACE_SWORD => self.attack.crew += 1,
            _ => {}
        }
        self.attack.crit_left = self.attack.crit_left.saturating_sub(1);
        if self.attack.crit_left == 0 {
            self.apply_crits();
        }
    }

    /// The critical damage table: hull 1 damage / crippled (out of action if already
    /// crippled); rigging one sail setting down / aground; crew 1 fatigue / the helm.
    fn apply_crits(&mut self) {
        let at = self.attack;
        let j = at.target as usize;
        match at.hull {
            0 => {}
            1 => self.add_damage(j, 1),
            _ => {
                let t = &mut self.ships[j];
                if t.crippled() {
                    t.fatigue = t.shaken_limit();
                    t.ashore = false;
                } else {
                    t.damage = t.crippled_limit();
                }
            }
        }
        match at.rigging {
            0 => {}
            1 => self.ships[j].sail = self.ships[j].sail.saturating_sub(1),
            _ => self.ships[j].aground = true,
        }
        match at.crew {
            0 => {}
            1 => {
                let f = self.fatigue_taken(j, 1);
                self.add_fatigue(j, f);
            }
            _ => {
                self.who = self.ships[at.attacker as usize].side;
                self.pending = Pending::Helm;
                return;
            }
        }
        self.end_attack();
    }

    /// The helm hit: a full turn with the speed 2 tool in the attacker's direction,
    /// stopping at the first contact (with solid terrain a collision); then a ship with its
    /// admiral aboard rolls a die to lose it.
    pub(crate) fn apply_helm(&mut self, a: Action) {
        let j = self.attack.target as usize;
        let dir = if a == HELM_PORT { -1 } else { 1 };
        let full = rules().tools.max_turn[1];
        let mut turned = 0;
        while turned < full {
            let step = (turned + 15).min(full);
            let next = self.ships[j].base.turned(dir * (step - turned));
            match self.obstacle_at(j, &next) {
                None => {
                    self.set_base(j, next);
                    turned = step;
                }
                Some(Err(_)) => {
                    let d = rules().limits.terrain_collision_damage;
                    self.add_damage(j, d);
                    self.ships[j].aground = true;
                    self.ships[j].sail = sail::ANCHORED;
                    break;
                }
                Some(Ok(_)) => break,
            }
        }
        if self.ships[j].flagship {
            let c = self.ships[j].command();
            self.start_roll(
                Pool::new(1, face::SKULL | face::SWORD, 0, 0, false, c),
                RollFor::AdmiralLoss,
            );
            return;
        }
        self.end_attack();
    }

    /// After an attack: a reload marker on the broadside that fired; the other broadside
    /// may fire too; else the activation ends.
    pub(crate) fn end_attack(&mut self) {
        let at = self.attack;
        let i = at.attacker as usize;
        if at.kind == BROADSIDE {
            self.ships[i].reload[at.side as usize] = true;
            self.act.fired |= 1 << at.side;
        }
        if self.act.reacting {
            // A reaction's attack: back to the interrupted activation.
            self.resume_interrupted();
            return;
        }
        if self.act.crew_attack {
            self.who = self.ships[i].side;
            if let Some(j) = self.act.board_after.take() {
                // Boarding Through the Smoke: the boarding follows the partial fire.
                self.act.crew_attack = false;
                if self.ships[i].can_act() && self.ships[j as usize].on_table() {
                    self.start_boarding(i, j as usize);
                    return;
                }
            }
            // An attack as a crew action (movement phase): the crew action is over.
            self.finish_crew();
            return;
        }
        if at.kind == BROADSIDE {
            let other = 1 - at.side;
            self.who = self.ships[i].side;
            if self.ships[i].can_act() && self.broadside_ready(i, other) {
                let mut opts = ActionSet::new();
                self.pending = Pending::SecondBroadside;
                self.attack_options(&mut opts);
                if opts.len() > 1 {
                    return;
                }
            }
        }
        self.end_activation_attack();
    }

    fn end_activation_attack(&mut self) {
        let i = self.act.ship as usize;
        self.who = self.ships[i].side;
        self.ships[i].attacked = true;
        self.next_activation();
    }

    /// The attack phase starts with the first player.
    pub(crate) fn start_attack_phase(&mut self) {
        self.phase = Phase::Attack;
        self.squad_active = NONE;
        self.who = 1 - self.first;
        self.next_activation();
    }
}
