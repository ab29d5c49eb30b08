//! The observation tensors of Oak & Iron, from the deciding side's view.
//!
//! Frame: side 0 sees the table as it is; side 1 sees it turned half round (`x -> W - x`,
//! `y -> D - y`, headings and the wind + 180 degrees). Entity rows 0..8 are the observer's
//! ships by slot, rows 8..16 the enemy's. Hidden information stays out: the enemy's hand
//! and face-down card never appear (only the cards it has shown or discarded, its hand
//! size and whether its card is placed). No spatial planes: positions are features.

use crate::game::Player;
use crate::observation::{ObsSpec, Observation};
use crate::plane::{cos_deg, sin_deg, TRIG_ONE};

use super::data::{cards, rule, MAX_CARDS, MAX_COMMANDS, MAX_PER_SIDE, MAX_SHIPS};
use super::geometry::{point_of_sail, PointOfSail};
use super::state::*;

/// Entity features, one row per ship slot (own ships 0..8, enemy 8..16).
pub static ENTITY_FEATURES: &[&str] = &[
    "present",
    "own",
    "enemy",
    "active",
    "flagship",
    "x",
    "y",
    "heading_sin",
    "heading_cos",
    "fortitude",
    "broadside",
    "crew",
    "skill",
    "fatigue",
    "damage",
    "shaken",
    "crippled",
    "out_of_action",
    "captured",
    "sail_anchored",
    "sail_minimal",
    "sail_battle",
    "sail_full",
    "aground",
    "entangled",
    "entangled_with_active",
    "reload_port",
    "reload_stbd",
    "moved",
    "attacked",
    "speed",
    "wind_eye",
    "in_formation",
    "small",
    "high_freeboard",
    "very_high_freeboard",
    "yare",
    "fore_and_aft",
    "additional_crew",
    "additional_guns",
    "stout",
    "sweeps",
    "squadron",
    "landing_party",
    "landing_x",
    "landing_y",
];

/// Global features; the card groups have one entry per row of `cards.toml` (32).
pub static GLOBAL_FEATURES: &[&str] = &[
    "side_0",
    "side_1",
    "turn_fraction",
    "phase_setup",
    "phase_initiative",
    "phase_movement",
    "phase_attack",
    "phase_end",
    "pending_card",
    "pending_select",
    "pending_seamanship",
    "pending_move",
    "pending_crew",
    "pending_attack",
    "pending_aim",
    "pending_fortune",
    "pending_helm",
    "pending_capture",
    "pending_flag",
    "first_player",
    "defender",
    "own_fortune",
    "enemy_fortune",
    "own_admiral",
    "enemy_admiral",
    "own_strike_points",
    "enemy_strike_points",
    "own_active_ships",
    "enemy_active_ships",
    "own_hand_size",
    "enemy_hand_size",
    "enemy_next_placed",
    "wind_sin",
    "wind_cos",
    "act_speed",
    "act_moved",
    "act_turned",
    "roll_dice",
    "roll_hits",
    "roll_crits",
    "attack_band",
    "attack_rake",
    "resign_available",
    "deciding_squadron",
    "own_hand_0",
    "own_hand_1",
    "own_hand_2",
    "own_hand_3",
    "own_hand_4",
    "own_hand_5",
    "own_hand_6",
    "own_hand_7",
    "own_hand_8",
    "own_hand_9",
    "own_hand_10",
    "own_hand_11",
    "own_hand_12",
    "own_hand_13",
    "own_hand_14",
    "own_hand_15",
    "own_hand_16",
    "own_hand_17",
    "own_hand_18",
    "own_hand_19",
    "own_hand_20",
    "own_hand_21",
    "own_hand_22",
    "own_hand_23",
    "own_hand_24",
    "own_hand_25",
    "own_hand_26",
    "own_hand_27",
    "own_hand_28",
    "own_hand_29",
    "own_hand_30",
    "own_hand_31",
    "own_next_0",
    "own_next_1",
    "own_next_2",
    "own_next_3",
    "own_next_4",
    "own_next_5",
    "own_next_6",
    "own_next_7",
    "own_next_8",
    "own_next_9",
    "own_next_10",
    "own_next_11",
    "own_next_12",
    "own_next_13",
    "own_next_14",
    "own_next_15",
    "own_next_16",
    "own_next_17",
    "own_next_18",
    "own_next_19",
    "own_next_20",
    "own_next_21",
    "own_next_22",
    "own_next_23",
    "own_next_24",
    "own_next_25",
    "own_next_26",
    "own_next_27",
    "own_next_28",
    "own_next_29",
    "own_next_30",
    "own_next_31",
    "own_revealed_0",
    "own_revealed_1",
    "own_revealed_2",
    "own_revealed_3",
    "own_revealed_4",
    "own_revealed_5",
    "own_revealed_6",
    "own_revealed_7",
    "own_revealed_8",
    "own_revealed_9",
    "own_revealed_10",
    "own_revealed_11",
    "own_revealed_12",
    "own_revealed_13",
    "own_revealed_14",
    "own_revealed_15",
    "own_revealed_16",
    "own_revealed_17",
    "own_revealed_18",
    "own_revealed_19",
    "own_revealed_20",
    "own_revealed_21",
    "own_revealed_22",
    "own_revealed_23",
    "own_revealed_24",
    "own_revealed_25",
    "own_revealed_26",
    "own_revealed_27",
    "own_revealed_28",
    "own_revealed_29",
    "own_revealed_30",
    "own_revealed_31",
    "own_effect_0",
    "own_effect_1",
    "own_effect_2",
    "own_effect_3",
    "own_effect_4",
    "own_effect_5",
    "own_effect_6",
    "own_effect_7",
    "own_effect_8",
    "own_effect_9",
    "own_effect_10",
    "own_effect_11",
    "own_effect_12",
    "own_effect_13",
    "own_effect_14",
    "own_effect_15",
    "own_effect_16",
    "own_effect_17",
    "own_effect_18",
    "own_effect_19",
    "own_effect_20",
    "own_effect_21",
    "own_effect_22",
    "own_effect_23",
    "own_effect_24",
    "own_effect_25",
    "own_effect_26",
    "own_effect_27",
    "own_effect_28",
    "own_effect_29",
    "own_effect_30",
    "own_effect_31",
    "own_discarded_0",
    "own_discarded_1",
    "own_discarded_2",
    "own_discarded_3",
    "own_discarded_4",
    "own_discarded_5",
    "own_discarded_6",
    "own_discarded_7",
    "own_discarded_8",
    "own_discarded_9",
    "own_discarded_10",
    "own_discarded_11",
    "own_discarded_12",
    "own_discarded_13",
    "own_discarded_14",
    "own_discarded_15",
    "own_discarded_16",
    "own_discarded_17",
    "own_discarded_18",
    "own_discarded_19",
    "own_discarded_20",
    "own_discarded_21",
    "own_discarded_22",
    "own_discarded_23",
    "own_discarded_24",
    "own_discarded_25",
    "own_discarded_26",
    "own_discarded_27",
    "own_discarded_28",
    "own_discarded_29",
    "own_discarded_30",
    "own_discarded_31",
    "enemy_revealed_0",
    "enemy_revealed_1",
    "enemy_revealed_2",
    "enemy_revealed_3",
    "enemy_revealed_4",
    "enemy_revealed_5",
    "enemy_revealed_6",
    "enemy_revealed_7",
    "enemy_revealed_8",
    "enemy_revealed_9",
    "enemy_revealed_10",
    "enemy_revealed_11",
    "enemy_revealed_12",
    "enemy_revealed_13",
    "enemy_revealed_14",
    "enemy_revealed_15",
    "enemy_revealed_16",
    "enemy_revealed_17",
    "enemy_revealed_18",
    "enemy_revealed_19",
    "enemy_revealed_20",
    "enemy_revealed_21",
    "enemy_revealed_22",
    "enemy_revealed_23",
    "enemy_revealed_24",
    "enemy_revealed_25",
    "enemy_revealed_26",
    "enemy_revealed_27",
    "enemy_revealed_28",
    "enemy_revealed_29",
    "enemy_revealed_30",
    "enemy_revealed_31",
    "enemy_effect_0",
    "enemy_effect_1",
    "enemy_effect_2",
    "enemy_effect_3",
    "enemy_effect_4",
    "enemy_effect_5",
    "enemy_effect_6",
    "enemy_effect_7",
    "enemy_effect_8",
    "enemy_effect_9",
    "enemy_effect_10",
    "enemy_effect_11",
    "enemy_effect_12",
    "enemy_effect_13",
    "enemy_effect_14",
    "enemy_effect_15",
    "enemy_effect_16",
    "enemy_effect_17",
    "enemy_effect_18",
    "enemy_effect_19",
    "enemy_effect_20",
    "enemy_effect_21",
    "enemy_effect_22",
    "enemy_effect_23",
    "enemy_effect_24",
    "enemy_effect_25",
    "enemy_effect_26",
    "enemy_effect_27",
    "enemy_effect_28",
    "enemy_effect_29",
    "enemy_effect_30",
    "enemy_effect_31",
    "enemy_shown_0",
    "enemy_shown_1",
    "enemy_shown_2",
    "enemy_shown_3",
    "enemy_shown_4",
    "enemy_shown_5",
    "enemy_shown_6",
    "enemy_shown_7",
    "enemy_shown_8",
    "enemy_shown_9",
    "enemy_shown_10",
    "enemy_shown_11",
    "enemy_shown_12",
    "enemy_shown_13",
    "enemy_shown_14",
    "enemy_shown_15",
    "enemy_shown_16",
    "enemy_shown_17",
    "enemy_shown_18",
    "enemy_shown_19",
    "enemy_shown_20",
    "enemy_shown_21",
    "enemy_shown_22",
    "enemy_shown_23",
    "enemy_shown_24",
    "enemy_shown_25",
    "enemy_shown_26",
    "enemy_shown_27",
    "enemy_shown_28",
    "enemy_shown_29",
    "enemy_shown_30",
    "enemy_shown_31",
    "enemy_discarded_0",
    "enemy_discarded_1",
    "enemy_discarded_2",
    "enemy_discarded_3",
    "enemy_discarded_4",
    "enemy_discarded_5",
    "enemy_discarded_6",
    "enemy_discarded_7",
    "enemy_discarded_8",
    "enemy_discarded_9",
    "enemy_discarded_10",
    "enemy_discarded_11",
    "enemy_discarded_12",
    "enemy_discarded_13",
    "enemy_discarded_14",
    "enemy_discarded_15",
    "enemy_discarded_16",
    "enemy_discarded_17",
    "enemy_discarded_18",
    "enemy_discarded_19",
    "enemy_discarded_20",
    "enemy_discarded_21",
    "enemy_discarded_22",
    "enemy_discarded_23",
    "enemy_discarded_24",
    "enemy_discarded_25",
    "enemy_discarded_26",
    "enemy_discarded_27",
    "enemy_discarded_28",
    "enemy_discarded_29",
    "enemy_discarded_30",
    "enemy_discarded_31",
    "pending_reroll",
    "roll_misses",
    "roll_rerolls",
];

/// The observation layout of Oak & Iron.
pub const OAK_OBS: ObsSpec = ObsSpec {
    max_entities: MAX_SHIPS,
    entity_features: ENTITY_FEATURES,
    global_features: GLOBAL_FEATURES,
    plane_channels: &[],
    plane_rows: 0,
    plane_cols: 0,
};

/// Number of global features before the card groups.
const CARD_GROUPS_AT: usize = 44;

fn bit(v: bool) -> f32 {
    if v {
        1.0
    } else {
        0.0
    }
}

impl OakGame {
    /// Writes `player`'s observation (every entry).
    pub(crate) fn write_observation(&self, player: Player, out: &mut Observation) {
        out.entities.fill(0.0);
        out.global.fill(0.0);
        let me = player & 1;
        let turn_half = if me == 1 { 180 } else { 0 };
        let [w, d] = self.table;
        let frame = |x: i32, y: i32| -> (f32, f32) {
            if me == 1 {
                ((w - x) as f32 / w as f32, (d - y) as f32 / d as f32)
            } else {
                (x as f32 / w as f32, y as f32 / d as f32)
            }
        };
        let acting = self.act.ship as usize;
        // Per command (a squadron): formation is within the squadron.
        let adjust: [bool; MAX_COMMANDS] =
            std::array::from_fn(|c| self.effect(c as u8, super::data::Effect::AdjustFormation));
        let members: [u16; MAX_COMMANDS] = std::array::from_fn(|c| {
            if adjust[c] || !self.command_exists(c) {
                0
            } else {
                self.formation_members(c as u8)
            }
        });
        for (i, s) in self.ships().iter().enumerate() {
            let own = s.side == me;
            let row = s.slot as usize + if own { 0 } else { MAX_PER_SIDE };
            if row >= MAX_SHIPS {
                continue;
            }
            let (x, y) = frame(s.base.centre.x, s.base.centre.y);
            let (lx, ly) = if s.ashore {
                frame(s.landing.x, s.landing.y)
            } else {
                (0.0, 0.0)
            };
            let h = s.base.heading as i32 + turn_half;
            let one = TRIG_ONE as f32;
            let pos = point_of_sail(s.base.heading, self.wind_from);
            let v = [
                bit(s.on_table()),
                bit(own),
                bit(!own),
                bit(i == acting),
                bit(s.flagship),
                x,
                y,
                sin_deg(h) as f32 / one,
                cos_deg(h) as f32 / one,
                s.fortitude as f32 / 4.0,
                s.broadside as f32 / 14.0,
                s.crew as f32 / 5.0,
                s.skill as f32 / 2.0,
                s.fatigue as f32 / s.shaken_limit().max(1) as f32,
                s.damage as f32 / s.crippled_limit().max(1) as f32,
                bit(s.shaken()),
                bit(s.crippled()),
                bit(s.out_of_action()),
                bit(s.captured()),
                bit(s.sail == sail::ANCHORED),
                bit(s.sail == sail::MINIMAL),
                bit(s.sail == sail::BATTLE),
                bit(s.sail == sail::FULL),
                bit(s.aground),
                bit(s.is_entangled()),
                bit(acting < MAX_SHIPS && s.entangled & (1 << acting) != 0),
                bit(s.reload[0]),
                bit(s.reload[1]),
                bit(s.moved),
                bit(s.attacked),
                self.speed_rating(i) as f32 / 5.0,
                bit(pos == PointOfSail::WindEye),
                bit(if adjust[s.command() as usize % MAX_COMMANDS] {
                    self.in_formation(i)
                } else {
                    s.can_act() && members[s.command() as usize % MAX_COMMANDS] & (1 << i) != 0
                }),
                bit(s.has(rule::SMALL)),
                bit(s.has(rule::HIGH_FREEBOARD)),
                bit(s.has(rule::VERY_HIGH_FREEBOARD)),
                bit(s.has(rule::YARE)),
                bit(s.has(rule::FORE_AND_AFT)),
                bit(s.has(rule::ADDITIONAL_CREW)),
                bit(s.has(rule::ADDITIONAL_GUNS)),
                bit(s.has(rule::STOUT)),
                bit(s.has(rule::SWEEPS)),
                s.squadron as f32 / 3.0,
                bit(s.ashore),
                lx,
                ly,
            ];
            for (k, val) in v.iter().enumerate() {
                out.entities[[row, k]] = *val;
            }
        }
        let (m, e) = (me as usize, 1 - me as usize);
        let p = self.pending;
        let wind = self.wind_from as i32 + turn_half;
        let g = [
            bit(me == 0),
            bit(me == 1),
            self.turn as f32 / self.turns.max(1) as f32,
            bit(self.phase == Phase::Setup),
            bit(self.phase == Phase::Initiative),
            bit(self.phase == Phase::Movement),
            bit(self.phase == Phase::Attack),
            bit(self.phase == Phase::End),
            bit(matches!(
                p,
                Pending::BuildHand | Pending::PlaceCard | Pending::AwaitOrders | Pending::DiscardDown
            )),
            bit(p == Pending::SelectShip),
            bit(p == Pending::Seamanship),
            bit(matches!(p, Pending::Moving | Pending::HeadingTurn | Pending::FreeTurn)),
            bit(p == Pending::CrewAction),
            bit(matches!(
                p,
                Pending::AttackChoice | Pending::SecondBroadside | Pending::Reaction
            )),
            bit(p == Pending::Aim),
            bit(p == Pending::Fortune),
            bit(p == Pending::Helm),
            bit(p == Pending::Capture),
            bit(p == Pending::LostAdmiral),
            bit(self.first == me),
            bit(self.defender == me),
            self.fortune_of(m as u8) as f32 / 3.0,
            self.fortune_of(e as u8) as f32 / 3.0,
            self.senior_admiral(me) as f32 / 2.0,
            self.senior_admiral(1 - me) as f32 / 2.0,
            self.strike_points(me) as f32 / 8.0,
            self.strike_points(1 - me) as f32 / 8.0,
            self.active_ships(me) as f32 / 8.0,
            self.active_ships(1 - me) as f32 / 8.0,
            self.fleet_hand_cards(me) as f32 / 7.0,
            self.fleet_hand_cards(1 - me) as f32 / 7.0,
            bit((e..MAX_COMMANDS).step_by(2).any(|c| self.next[c] != NONE)),
            sin_deg(wind) as f32 / TRIG_ONE as f32,
            cos_deg(wind) as f32 / TRIG_ONE as f32,
            self.act.speed as f32 / 5.0,
            bit(self.act.moved),
            bit(self.act.turned_before || self.act.turned_after),
            self.roll.dice as f32 / 16.0,
            self.roll.hits as f32 / 16.0,
            self.roll.crits as f32 / 16.0,
            self.attack.band as f32 / 3.0,
            self.attack.rake as f32 / 2.0,
            bit(self.options.resignation),
            (self.cmd >> 1) as f32 / 3.0,
        ];
        for (k, val) in g.iter().enumerate() {
            out.global[k] = *val;
        }
        let n = cards().len().min(MAX_CARDS);
        // A fleet's squadrons together (one squadron: its side's entries alone).
        let fleet = |side: usize, f: &dyn Fn(usize) -> u32| {
            (side..MAX_COMMANDS)
                .step_by(2)
                .filter(|&c| self.command_exists(c))
                .fold(0u32, |acc, c| acc | f(c))
        };
        let groups: [u32; 9] = [
            fleet(m, &|c| self.hand[c]),
            fleet(m, &|c| card_bit(self.next[c])),
            fleet(m, &|c| card_bit(self.revealed[c])),
            fleet(m, &|c| card_bit(self.effect_card[c])),
            fleet(m, &|c| self.discarded[c]),
            fleet(e, &|c| card_bit(self.revealed[c])),
            fleet(e, &|c| card_bit(self.effect_card[c])),
            fleet(e, &|c| self.shown[c]),
            fleet(e, &|c| self.discarded[c]),
        ];
        for (gi, bits) in groups.iter().enumerate() {
            for c in 0..n {
                out.global[CARD_GROUPS_AT + gi * MAX_CARDS + c] = bit(bits & (1 << c) != 0);
            }
        }
        // Version 4: the skill reroll decision (glossary: skill value).
        let after_cards = CARD_GROUPS_AT + groups.len() * MAX_CARDS;
        let reroll = [
            bit(p == Pending::Reroll),
            self.roll.misses as f32 / 16.0,
            self.roll.max_rerolls() as f32 / super::catalogue::MAX_REROLLS as f32,
        ];
        for (k, val) in reroll.iter().enumerate() {
            out.global[after_cards + k] = *val;
        }
    }
}

fn card_bit(c: u8) -> u32 {
    if (c as usize) < MAX_CARDS {
        1 << c
    } else {
        0
    }
}
