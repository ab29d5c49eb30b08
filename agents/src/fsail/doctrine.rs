//! Heuristic doctrines for Fighting Sail: recognisable ways to fight, built from the same
//! blocks ([`super::blocks`]) and differing only in what they value.
//!
//! A sailing ship scores every plan of up to two sailing actions (three with three points or
//! fewer left; where the plan leaves its base, each action applied to a clone of the game)
//! and takes the first action of the best; it re-plans after every point, so it always
//! follows a best completion. Ships sail in scenario order (the leader first). In the
//! cannon phase every ship fires (a shot costs nothing), at the target its doctrine picks,
//! or boards when the odds are good enough. A bot never resigns.
//!
//! The score every doctrine shares: a broadside is valued in games
//! ([`super::blocks::shot_value`]: the share of the enemy's morale it takes on average, the
//! chance it ends the game, the ship it may sink), from the exact odds of the dice. An enemy
//! that sails after us this turn may end anywhere one sailing action (two against a lone
//! enemy) takes it ([`super::blocks::Outlook`]); our shot and its shot or boarding
//! ([`super::blocks::exposure`]) are averaged over those ends, while an enemy that has
//! sailed is where it is. The side that won the initiative fires first: its shot may end
//! the game or sink the enemy before the enemy fires back, so an enemy's broadside counts
//! only as far as the enemy survives ours ([`super::blocks::stop_chance`]). Since every move
//! goes ahead before it turns, a ship never ends with less than a full move of table before
//! its bow: it could never turn again. A side that is not ahead on morale grows bolder as
//! the turns run out ([`URGENCY`]): a draw is half a game. A side ahead on morale wins at the
//! turn limit if it keeps the lead: whatever its doctrine, it keeps clear, out of range
//! ([`LEAD_RANGE`]), and weighs the enemy's broadsides three times ([`LEAD_CAUTION`]). The
//! doctrines differ in the weights of this score.
//!
//! The names are the WS&IM doctrines' names for the same ideas, so `bot:NAME` means one
//! way of fighting in either ruleset.
//!
//! - **British** (`bot:british`, close and broadside): close to three inches (short range:
//!   hits on 3+, explosions on 5+), keep a broadside bearing, fire at the nearest enemy,
//!   board when alongside with odds of 60% or better.
//! - **French** (`bot:french`, stand-off gunnery): keep ten inches (medium range), stay out
//!   of enemy broadsides, concentrate fire on the most damaged enemy, never board.
//! - **Line of battle** (`bot:line-of-battle`): the leader (flagship) closes to five inches
//!   of the enemy's nearest ship; every other ship keeps station astern of the ship ahead;
//!   all fire at the leader's target when they can (concentration of fire).
//! - **Rake seeker** (`bot:rake-seeker`): manoeuvre to put the mainmast in the target's
//!   bow or stern wedge (raking: every explosion explodes again), avoid being raked, take
//!   the shot with the highest expected damage.
//! - **Close action** (`bot:close-action`, the boarder): run alongside the nearest enemy
//!   and board it whenever the Boarding odds are about even or better (45%), firing
//!   otherwise; the prize (odds times its worth in games) draws it alongside.
//! - **British, focused** (`bot:british-focus`): the British doctrine firing at the enemy in
//!   arc with the least Hull left within the closest range band open, instead of the
//!   nearest. Found by `broadside tactics` (docs/tactics.md): forbidding fire on the
//!   weakest target in arc cost `bot:british` Elo, yet it takes that shot only when the
//!   weakest happens to be the nearest.

use broadside_env::fsail::catalogue::{BOARD_0, CANNON_END, FIRE_0, RESIGN, SHIP_0};
use broadside_env::fsail::data::MAX_PER_SIDE;
use broadside_env::fsail::{FsailGame, Phase};
use broadside_env::plane::{mast_distance, Rect};
use broadside_env::{Action, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::blocks::*;
use crate::Agent;

/// Inches of position a whole game is worth: a shot's value (in games, see
/// [`shot_value`]) is weighed against the position costs (inches off the preferred range,
/// the table edge) at this rate.
pub const VALUE_SCALE: f64 = 60.0;

/// How much of its caution a side that is not ahead on morale gives up by the last turn
/// (linearly from the first): a bot that never risks a shot draws at best.
pub const URGENCY: f64 = 0.8;

/// How many times its usual caution a side ahead on morale (see [`morale_lead`]) gives to
/// the enemy's broadsides: it wins at the turn limit unless it loses the lead.
pub const LEAD_CAUTION: f64 = 3.0;

/// The range (inches) a side ahead on morale wants instead of its doctrine's: beyond long
/// range (18"), out of the fight it leads.
pub const LEAD_RANGE: f64 = 20.0;

/// How a doctrine picks the enemy to fire at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pick {
    /// The nearest target in arc.
    Nearest,
    /// The most damaged target in arc.
    MostDamaged,
    /// The leader's target when in arc, else the best shot.
    Concentrate,
    /// The shot with the highest expected damage (raking shots count their explosions).
    BestShot,
    /// The target in arc with the least Hull left (the nearest to sinking or striking)
    /// among those in the closest range band open, the shot with the higher expected
    /// damage between equals: concentration that never gives up range (picking the weakest
    /// whatever its range lost to `Nearest`: docs/tactics.md).
    Weakest,
}

/// What a doctrine values, as weights of the shared position score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct FsailDoctrine {
    /// Its name in spec strings (`bot:NAME`).
    pub name: &'static str,
    /// The range it wants to fight at, inches (mainmast to mainmast).
    pub preferred_range: f64,
    /// Cost per inch away from the preferred range.
    pub range_weight: f64,
    /// Bonus per game's worth ([`shot_value`]) of a broadside bearing on the target.
    pub bear_weight: f64,
    /// Extra bonus when that broadside rakes.
    pub rake_weight: f64,
    /// Cost per game's worth of the enemy's broadsides (and boarding) there ([`exposure`]).
    pub danger_weight: f64,
    /// Cost per inch away from station astern of the ship ahead (line of battle).
    pub station_weight: f64,
    /// Bonus per game's worth of the prize ([`prize_value`] times the odds) for ending
    /// within boarding distance of a target it would board.
    pub board_weight: f64,
    /// Board when the chance of taking the prize is at least this (above 1: never).
    pub board_odds: f64,
    /// How it picks the enemy to fire at.
    pub pick: Pick,
    /// Manoeuvre against the leader's nearest enemy instead of its own nearest.
    pub concentrate: bool,
}

/// Close and broadside.
pub const BRITISH: FsailDoctrine = FsailDoctrine {
    name: "british",
    preferred_range: 3.0,
    range_weight: 1.0,
    bear_weight: 1.5,
    rake_weight: 2.0,
    danger_weight: 2.0,
    station_weight: 0.0,
    board_weight: 0.0,
    board_odds: 0.6,
    pick: Pick::Nearest,
    concentrate: false,
};

/// Stand-off gunnery.
pub const FRENCH: FsailDoctrine = FsailDoctrine {
    name: "french",
    preferred_range: 10.0,
    range_weight: 0.8,
    bear_weight: 2.0,
    rake_weight: 1.0,
    danger_weight: 4.0,
    station_weight: 0.0,
    board_weight: 0.0,
    board_odds: 2.0,
    pick: Pick::MostDamaged,
    concentrate: false,
};

/// Line of battle.
pub const LINE_OF_BATTLE: FsailDoctrine = FsailDoctrine {
    name: "line-of-battle",
    preferred_range: 5.0,
    range_weight: 1.0,
    bear_weight: 1.5,
    rake_weight: 1.5,
    danger_weight: 2.0,
    station_weight: 0.6,
    board_weight: 0.0,
    board_odds: 0.7,
    pick: Pick::Concentrate,
    concentrate: true,
};

/// Rake seeker.
pub const RAKE_SEEKER: FsailDoctrine = FsailDoctrine {
    name: "rake-seeker",
    preferred_range: 4.0,
    range_weight: 0.8,
    bear_weight: 1.0,
    rake_weight: 6.0,
    danger_weight: 3.0,
    station_weight: 0.0,
    board_weight: 0.0,
    board_odds: 0.7,
    pick: Pick::BestShot,
    concentrate: false,
};

/// Close action: the boarder.
pub const CLOSE_ACTION: FsailDoctrine = FsailDoctrine {
    name: "close-action",
    preferred_range: 1.0,
    range_weight: 1.2,
    bear_weight: 1.0,
    rake_weight: 1.0,
    danger_weight: 1.6,
    station_weight: 0.0,
    board_weight: 1.5,
    board_odds: 0.45,
    pick: Pick::Nearest,
    concentrate: false,
};

/// Close and broadside, fire on the weakest enemy in arc.
pub const BRITISH_FOCUS: FsailDoctrine = FsailDoctrine {
    name: "british-focus",
    pick: Pick::Weakest,
    ..BRITISH
};

/// Every doctrine, in the order help lists them.
pub const FSAIL_DOCTRINES: [FsailDoctrine; 6] = [
    BRITISH,
    FRENCH,
    LINE_OF_BATTLE,
    RAKE_SEEKER,
    CLOSE_ACTION,
    BRITISH_FOCUS,
];

impl FsailDoctrine {
    /// The doctrine called `name`.
    pub fn by_name(name: &str) -> Option<FsailDoctrine> {
        FSAIL_DOCTRINES.into_iter().find(|d| d.name == name)
    }

    /// The enemy ship `i` manoeuvres against: its nearest, or the leader's nearest when
    /// concentrating.
    pub fn target(&self, g: &FsailGame, i: usize) -> Option<usize> {
        let lead = if self.concentrate {
            leader(g, g.ships[i].side).unwrap_or(i)
        } else {
            i
        };
        nearest_enemy(g, lead, g.ships[lead].base).map(|(j, _)| j)
    }

    /// How good it is for ship `i` to end its sailing at `base`.
    pub fn score(&self, g: &FsailGame, look: &Outlook, i: usize, base: &Rect) -> f64 {
        self.target(g, i)
            .map_or(0.0, |t| self.score_against(g, look, i, t, base))
    }

    /// [`Self::score`] with the enemy ship `i` manoeuvres against already known (it is
    /// [`Self::target`], which depends on where the ships stand, not on `base`): a
    /// sailing decision scores many bases against one target.
    pub fn score_against(
        &self,
        g: &FsailGame,
        look: &Outlook,
        i: usize,
        t: usize,
        base: &Rect,
    ) -> f64 {
        let range = mast_distance(base, &g.ships[t].base) as f64 / INCH as f64;
        let lead = morale_lead(g, g.ships[i].side) > 0;
        // Ahead on the turn-limit count, the lead wins if kept: keep clear of the enemy.
        let pref = if lead {
            LEAD_RANGE
        } else {
            self.preferred_range
        };
        let mut s = -self.range_weight * (range - pref).abs();
        let (dmg, rake) = expected_broadside(g, look, i, base, t);
        s += VALUE_SCALE * self.bear_weight * dmg + self.rake_weight * rake;
        if self.board_weight > 0.0 && boarding_reach(g, base, t) {
            let odds = boarding_odds(&g.ships[i], &g.ships[t]);
            if odds >= self.board_odds {
                s += VALUE_SCALE * self.board_weight * odds * prize_value(g, t);
            }
        }
        // Ahead, a shot taken costs more than one given gains. Not ahead on the turn-limit
        // count, a draw or a loss awaits: caution ebbs with the turns left.
        let caution = if lead {
            LEAD_CAUTION
        } else {
            let left = g.turn_limit.saturating_sub(g.turn) as f64 / g.turn_limit.max(1) as f64;
            1.0 - URGENCY + URGENCY * left
        };
        s -= caution * VALUE_SCALE * self.danger_weight * exposure(g, look, i, base);
        s -= attitude_cost(g, base.heading) + edge_cost(g, base);
        if self.station_weight > 0.0 {
            if let Some(ahead) = ship_ahead(g, i) {
                let d = (base.centre.dist2(station_astern(g, ahead)) as f64).sqrt();
                s -= self.station_weight * d / INCH as f64;
            }
        }
        s
    }

    /// The value of a cannon-phase action for `player` (`None`: not worth taking).
    pub fn cannon_value(&self, g: &FsailGame, player: u8, action: Action) -> Option<f64> {
        if !(FIRE_0..CANNON_END).contains(&action) {
            return None;
        }
        let (k, board) = if action >= BOARD_0 {
            (action - BOARD_0, true)
        } else {
            (action - FIRE_0, false)
        };
        let (si, sj) = (k as usize / MAX_PER_SIDE, k as usize % MAX_PER_SIDE);
        let a = g.slot_ship(player, si)?;
        let b = g.slot_ship(1 - player, sj)?;
        let (sa, sb) = (&g.ships[a], &g.ships[b]);
        if board {
            let odds = boarding_odds(sa, sb);
            return (odds >= self.board_odds).then_some(1000.0 * odds);
        }
        let range = mast_distance(&sa.base, &sb.base);
        let dmg = expected_damage(sa, sb, range, g.is_raking(a, b));
        let v = match self.pick {
            Pick::Nearest => 100.0 - range as f64 / INCH as f64 + 0.01 * dmg,
            Pick::MostDamaged => 10.0 * battered(sb) as f64 + dmg,
            Pick::BestShot => dmg,
            // A range band outweighs any Hull (at most `MAX_STAT`); below a boarding's
            // value (1000 times its odds), as every pick's is.
            Pick::Weakest => {
                let band = g.range_band(a, b).unwrap_or(RANGE_BANDS) as f64;
                100.0 - 20.0 * band - f64::from(sb.hull) + 0.01 * dmg
            }
            Pick::Concentrate => {
                let focus = self.target(g, a) == Some(b);
                dmg + if focus { 100.0 } else { 0.0 }
            }
        };
        Some(v)
    }
}

/// Range bands of the rules (short, medium, long): a target beyond them counts as past
/// the last.
const RANGE_BANDS: usize = 3;

/// A bot that fights Fighting Sail by a [`FsailDoctrine`].
#[derive(Debug, Clone)]
pub struct FsailDoctrineBot {
    doctrine: FsailDoctrine,
    seed: u64,
    rng: ChaCha8Rng,
    /// The last outlook, with the enemy bases and turn it was made for.
    look: Option<(EnemyKey, u16, Outlook)>,
    /// The plans' indices in base order and their scores (kept to reuse their memory).
    order: Vec<usize>,
    scores: Vec<f64>,
}

/// The enemy's bases and sailed marks, which an [`Outlook`] depends on.
type EnemyKey = Vec<(Rect, bool)>;

impl FsailDoctrineBot {
    /// Plans of this many sailing actions are scored at every point (one more with at most
    /// [`Self::SHORT_POINTS`] points left).
    pub const PLAN_DEPTH: usize = 2;

    /// At most this many sailing points left: plans one action deeper.
    pub const SHORT_POINTS: u8 = 3;

    /// A bot of `doctrine` whose tie-breaks come from `seed`.
    pub fn new(doctrine: FsailDoctrine, seed: u64) -> Self {
        Self {
            doctrine,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            look: None,
            order: Vec::new(),
            scores: Vec::new(),
        }
    }

    /// Its doctrine.
    pub fn doctrine(&self) -> &FsailDoctrine {
        &self.doctrine
    }

    /// The best of `(action, value)` pairs, ties broken by the bot's seed.
    fn best(&mut self, scored: impl Iterator<Item = (Action, f64)>) -> Option<Action> {
        let mut best: (f64, Vec<Action>) = (f64::NEG_INFINITY, Vec::new());
        for (a, v) in scored {
            if v > best.0 + 1e-9 {
                best = (v, vec![a]);
            } else if (v - best.0).abs() <= 1e-9 && !best.1.contains(&a) {
                best.1.push(a);
            }
        }
        (!best.1.is_empty()).then(|| best.1[self.rng.random_range(0..best.1.len())])
    }

    fn choose_sail(&mut self, g: &FsailGame, ship: usize) -> Option<Action> {
        let d = self.doctrine;
        let points = match g.phase {
            Phase::SailSpend { points, .. } => points,
            _ => 0,
        };
        // With few points left, the whole rest of the sailing fits in a deeper plan: a ship
        // that cannot leave an arc in two actions may in three.
        let depth = if points <= Self::SHORT_POINTS {
            Self::PLAN_DEPTH + 1
        } else {
            Self::PLAN_DEPTH
        };
        let plans = sail_plans(g, depth);
        // The enemy does not move while this side sails: its outlook holds until it does.
        let side = g.ships[ship].side;
        let key: EnemyKey = g
            .ships()
            .iter()
            .filter(|s| s.side != side)
            .map(|s| (s.base, s.sailed))
            .collect();
        let look = match self.look.take() {
            Some((k, turn, l)) if turn == g.turn && k == key => (k, turn, l),
            _ => (key, g.turn, outlook(g)),
        };
        // Plans that end at the same base (straight moves in another order, say) score
        // alike: each base is scored once. The plans keep their order for the tie-break.
        let (mut order, mut scores) = (
            std::mem::take(&mut self.order),
            std::mem::take(&mut self.scores),
        );
        order.clear();
        order.extend(0..plans.len());
        order.sort_unstable_by_key(|&k| place_key(&plans[k].1));
        scores.clear();
        scores.resize(plans.len(), 0.0);
        let mut last = None;
        let target = d.target(g, ship);
        for &k in &order {
            let key = place_key(&plans[k].1);
            let v = match (last, target) {
                (Some((at, v)), _) if at == key => v,
                (_, Some(t)) => d.score_against(g, &look.2, ship, t, &plans[k].1),
                (_, None) => 0.0,
            };
            scores[k] = v;
            last = Some((key, v));
        }
        let best = self.best(plans.iter().zip(&scores).map(|(&(a, _), &v)| (a, v)));
        (self.order, self.scores) = (order, scores);
        self.look = Some(look);
        best
    }
}

impl Agent<FsailGame> for FsailDoctrineBot {
    fn name(&self) -> String {
        format!("bot:{}(seed={})", self.doctrine.name, self.seed)
    }

    fn choose(&mut self, g: &FsailGame, player: Player) -> Action {
        let legal = g.legal_actions();
        let choice = match g.phase {
            // Ships sail in scenario order: the leader first, the line behind it.
            Phase::SailSelect { .. } => legal.iter().find(|&a| a < SHIP_0 + MAX_PER_SIDE as Action),
            Phase::SailSpend { ship, .. } => self.choose_sail(g, ship as usize),
            Phase::Cannon { .. } => {
                let d = self.doctrine;
                let p = player;
                let scored: Vec<(Action, f64)> = legal
                    .iter()
                    .filter_map(|a| d.cannon_value(g, p, a).map(|v| (a, v)))
                    .collect();
                self.best(scored.into_iter()).or(Some(CANNON_END))
            }
            Phase::Initiative | Phase::Over => None,
        };
        match choice {
            Some(a) if legal.contains(a) => a,
            _ => legal.iter().find(|&a| a != RESIGN).unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use broadside_env::fsail::FsailRuleset;

    use super::*;
    use crate::tactics::testing::{game, split_by};

    /// The target (ship index) of fire action `a` of `player`.
    fn target(g: &FsailGame, player: u8, a: Action) -> Option<usize> {
        let k = a.checked_sub(FIRE_0).filter(|_| a < BOARD_0)? as usize;
        g.slot_ship(1 - player, k % MAX_PER_SIDE)
    }

    #[test]
    fn the_focused_british_fire_on_the_weakest_target_in_arc() {
        // A cannon phase of the fleet action, played by the British, where a ship has a
        // weaker and a sounder target in arc.
        let british = Box::new(FsailDoctrineBot::new(BRITISH, 3));
        let (g, _, _) = split_by(
            &game::<FsailRuleset>(None),
            "concentrate-fire",
            Some(british),
        )
        .expect("the British meet two targets of unequal Hull");
        let p = g.current_player().unwrap();
        // Each shot as (range band, Hull of the target): the closest band first, then the
        // weakest in it.
        let rank = |a: Action| {
            let t = target(&g, p, a)?;
            let f = g.slot_ship(p, (a - FIRE_0) as usize / MAX_PER_SIDE)?;
            Some((g.range_band(f, t).unwrap_or(RANGE_BANDS), g.ships()[t].hull))
        };
        let best = g.legal_actions().iter().filter_map(rank).min();
        let focus = FsailDoctrineBot::new(BRITISH_FOCUS, 3).choose(&g, p);
        assert!(
            target(&g, p, focus).is_some(),
            "a shot, not a boarding or the end of fire"
        );
        assert_eq!(rank(focus), best);
        assert_eq!(FsailDoctrine::by_name("british-focus"), Some(BRITISH_FOCUS));
    }
}
