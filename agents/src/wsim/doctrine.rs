//! Heuristic doctrines: recognisable ways to fight, built from the same blocks and differing
//! only in what they value.
//!
//! Each bot scores every movement plan its ship may still complete (where the plan leaves
//! the ship, and the best it could reach from there next turn) and writes the first token
//! of the best one; it re-plans at every token, so it always follows a best completion of
//! what it has written. Aim, fire threshold, load side and unfouling follow the doctrine.
//! A bot never resigns.
//!
//! Every doctrine shares the same sea sense: a loaded enemy broadside counts against a
//! position by the hit table it would fire at from wherever the enemy could stand after its
//! move; lying far to leeward of the target costs like range (beating back takes turns the
//! no-fire timer does not give); out of range, the next turn's reach counts most; rakes
//! count within four hexes; and a side behind on points, or level with nobody firing, stops
//! holding back.
//!
//! - **British** (`bot:british`, close and broadside): close to pistol shot, a broadside
//!   bearing, hull shot at five hexes or less, fire at any table, stay fouled with an enemy.
//! - **French** (`bot:french`, disable and outrun): stand off at five to seven hexes, keep
//!   the weather gauge, shoot at the rigging, fire only at a decent table, stay out of the
//!   enemy's broadsides, unfoul at once.
//! - **Line of battle** (`bot:line-of-battle`): the flagship leads to three hexes of the
//!   enemy's nearest ship; every other ship keeps station astern of the ship ahead (passing
//!   over one crippled aloft) and brings its broadside on the flagship's target
//!   (concentration of fire); a ship far out of station fights on its own, and when the
//!   side must press the line gives way to a general chase, each ship on its nearest enemy.
//! - **Rake seeker** (`bot:rake-seeker`): manoeuvre across the enemy's bow or stern for a
//!   raking broadside, avoid being raked, hull shot when close.
//! - **Line of battle, hull** (`bot:line-of-battle-hull`): the line of battle, always aiming
//!   at the hull. Found by `broadside tactics` (docs/tactics.md): forbidding rigging fire
//!   made the line of battle stronger in the squadron battle, because it reckons the range
//!   to the flagship's target while each broadside fires at whatever bears, often closer.

use broadside_env::hex::{ShipPos, Side};
use broadside_env::wsim::catalogue::*;
use broadside_env::wsim::state::{Phase, Step};
use broadside_env::wsim::WsimGame;
use broadside_env::{Action, Game, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::blocks::*;
use crate::Agent;

/// What a doctrine values, as weights of the shared position score.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Doctrine {
    /// Its name in spec strings (`bot:NAME`).
    pub name: &'static str,
    /// The range it wants to fight at.
    pub preferred_range: i32,
    /// Cost per hex away from the preferred range.
    pub range_weight: i32,
    /// Bonus for a broadside bearing on the target.
    pub bear_weight: i32,
    /// Extra bonus when that broadside rakes.
    pub rake_weight: i32,
    /// Cost per enemy broadside bearing on the ship (raking ones count double).
    pub danger_weight: i32,
    /// Bonus per hex to windward of the target (capped at three hexes).
    pub weather_weight: i32,
    /// Cost per hex away from station astern of the ship ahead (line of battle).
    pub station_weight: i32,
    /// Aim at the hull at this range or less (0: always rigging).
    pub hull_range: i32,
    /// "Fire if HDT is at least".
    pub min_table: u8,
    /// "Fire if HDT is at least" while a loaded broadside is still the initial one (its
    /// bonus is kept for a close shot); `min_table` when lower.
    pub initial_table: u8,
    /// Stay fouled with an enemy (keeps it under the guns) instead of unfouling.
    pub stay_fouled: bool,
    /// Target the flagship's nearest enemy instead of the ship's own nearest.
    pub concentrate: bool,
}

/// Close and broadside.
pub const BRITISH: Doctrine = Doctrine {
    name: "british",
    preferred_range: 2,
    range_weight: 3,
    bear_weight: 10,
    rake_weight: 4,
    danger_weight: 3,
    weather_weight: 0,
    station_weight: 0,
    hull_range: 5,
    min_table: 0,
    initial_table: 2,
    stay_fouled: true,
    concentrate: false,
};

/// Disable and outrun.
pub const FRENCH: Doctrine = Doctrine {
    name: "french",
    preferred_range: 6,
    range_weight: 2,
    bear_weight: 10,
    rake_weight: 3,
    danger_weight: 4,
    weather_weight: 2,
    station_weight: 0,
    hull_range: 0,
    min_table: 1,
    initial_table: 0,
    stay_fouled: false,
    concentrate: false,
};

/// Line of battle.
pub const LINE_OF_BATTLE: Doctrine = Doctrine {
    name: "line-of-battle",
    preferred_range: 3,
    range_weight: 2,
    bear_weight: 10,
    rake_weight: 3,
    danger_weight: 1,
    weather_weight: 1,
    station_weight: 3,
    hull_range: 5,
    min_table: 0,
    initial_table: 0,
    stay_fouled: false,
    concentrate: true,
};

/// Rake seeker.
pub const RAKE_SEEKER: Doctrine = Doctrine {
    name: "rake-seeker",
    preferred_range: 2,
    range_weight: 2,
    bear_weight: 5,
    rake_weight: 14,
    danger_weight: 3,
    weather_weight: 0,
    station_weight: 0,
    hull_range: 4,
    min_table: 0,
    initial_table: 0,
    stay_fouled: false,
    concentrate: false,
};

/// Line of battle, always aiming at the hull (the aim is the ship's, for whichever enemy its
/// broadsides bear on; beyond hull range the rules fire at the rigging column anyway).
pub const LINE_OF_BATTLE_HULL: Doctrine = Doctrine {
    name: "line-of-battle-hull",
    hull_range: i32::MAX,
    ..LINE_OF_BATTLE
};

/// Every doctrine, in the order help lists them.
pub const DOCTRINES: [Doctrine; 5] = [
    BRITISH,
    FRENCH,
    LINE_OF_BATTLE,
    RAKE_SEEKER,
    LINE_OF_BATTLE_HULL,
];

impl Doctrine {
    /// The doctrine called `name`.
    pub fn by_name(name: &str) -> Option<Doctrine> {
        DOCTRINES.into_iter().find(|d| d.name == name)
    }

    /// The enemy ship `i` fights: its nearest, or the flagship's nearest when concentrating.
    pub fn target(&self, g: &WsimGame, i: usize) -> Option<usize> {
        let lead = if self.concentrate && !must_press(g, g.ships[i].side) {
            flagship(g, g.ships[i].side).unwrap_or(i)
        } else {
            i
        };
        nearest_enemy(g, lead, g.ships[lead].pos).map(|(j, _)| j)
    }

    /// How good it is for ship `i` to end its move at `pos`.
    pub fn score(&self, g: &WsimGame, i: usize, pos: ShipPos) -> i32 {
        self.score_against(g, i, pos, None)
    }

    /// [`Doctrine::score`], with the danger reckoned from where the enemies could stand
    /// after their move (`reach`, from [`enemy_reach`]) rather than where they stand.
    pub fn score_against(
        &self,
        g: &WsimGame,
        i: usize,
        pos: ShipPos,
        reach: Option<&[(usize, Vec<ShipPos>)]>,
    ) -> i32 {
        let Some(t) = self.target(g, i) else {
            return 0;
        };
        let tp = g.ships[t].pos;
        let r = pos.range_to(tp);
        // A target crippled aloft cannot get away: close to hull range and finish it.
        let preferred = if disabled(g, t) {
            self.preferred_range.min(HULL_SHOT_RANGE - 1)
        } else {
            self.preferred_range
        };
        // Range 0 would be a collision: never the aim.
        let mut s = -self.range_weight * (r.max(1) - preferred).abs();
        s += Side::BOTH
            .into_iter()
            .filter_map(|sd| {
                // A broadside bearing that is able to fire from there.
                fire_table(g, i, pos, sd, tp)?;
                let loaded = g.ships[i].loaded[sd.index()];
                let mut v = self.bear_weight * if loaded { 2 } else { 1 };
                if pos.rakes(sd, tp) && r <= RAKE_RANGE {
                    v += self.rake_weight * 2;
                }
                Some(v)
            })
            .max()
            .unwrap_or(0);
        // Far to leeward the enemy is out of reach for many turns: each such hex costs
        // as much again as a hex of range.
        s -= self.range_weight * leeward_beyond(g, pos, tp, preferred.max(2));
        let press = must_press(g, g.ships[i].side);
        // Behind on points, or with the no-fire timer running towards a draw: stop holding
        // back.
        if !press {
            let danger = match reach {
                Some(r) => exposure_after_move(g, r, pos),
                None => exposure(g, i, pos),
            };
            s -= self.danger_weight * danger / BROADSIDE_TENTHS;
            s += self.weather_weight * windward_of(g, pos, tp).clamp(-3, 3);
        }
        // Pressing, the line gives way to a general chase.
        if self.station_weight > 0 && !press {
            if let Some(ahead) = ship_ahead(g, i) {
                let station = station_astern(g, ahead);
                let off = pos.bow.distance(station).min(pos.stern().distance(station));
                // A ship far out of station has lost the line and fights on its own rather
                // than sail after a leader that may be crippled or heading away.
                s -= self.station_weight * off.min(STATION_LOST);
            }
        }
        s
    }
}

/// Longest range at which a rake counts for a doctrine: further out the rake's bonus adds
/// little to a table already low, and chasing one draws the ship out of reach.
const RAKE_RANGE: i32 = 4;

/// Hexes out of station beyond which a ship of the line stops trying to regain it.
const STATION_LOST: i32 = 4;

/// A bot that fights by a [`Doctrine`].
#[derive(Debug, Clone)]
pub struct DoctrineBot {
    doctrine: Doctrine,
    seed: u64,
    rng: ChaCha8Rng,
}

impl DoctrineBot {
    /// A bot of `doctrine` whose tie-breaks come from `seed`.
    pub fn new(doctrine: Doctrine, seed: u64) -> Self {
        Self {
            doctrine,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Its doctrine.
    pub fn doctrine(&self) -> &Doctrine {
        &self.doctrine
    }

    fn choose_move(&mut self, g: &WsimGame, i: usize) -> Action {
        let mut best: (i32, Vec<Action>) = (i32::MIN, Vec::new());
        let d = self.doctrine;
        let reach = Some(enemy_reach(g, i));
        // Out of range of its target, where the move leaves the ship is only a waypoint:
        // where it could get to next turn counts double instead.
        let far = d
            .target(g, i)
            .is_some_and(|t| g.ships[i].pos.range_to(g.ships[t].pos) > MAX_RANGE);
        let (w_now, w_next) = if far { (1, 2) } else { (2, 1) };
        for (first, pos) in plan_completions(g, i) {
            // Where the move leaves the ship counts double; where it could get to next turn
            // from there keeps it out of irons, off the edge and within reach.
            let s = w_now * d.score_against(g, i, pos, reach.as_deref())
                + w_next * next_turn_best(g, i, pos, |p| d.score(g, i, p));
            if s > best.0 {
                best = (s, vec![first]);
            } else if s == best.0 && !best.1.contains(&first) {
                best.1.push(first);
            }
        }
        best.1[self.rng.random_range(0..best.1.len())]
    }

    /// The broadside facing the target after the written move: the one to load first.
    fn load_side(&self, g: &WsimGame, i: usize) -> Action {
        let pos = g.plan_cursor(i).pos;
        match self
            .doctrine
            .target(g, i)
            .and_then(|t| pos.side_facing(g.ships[t].pos))
        {
            Some(Side::Left) => LOAD_LEFT,
            Some(Side::Right) => LOAD_RIGHT,
            None => LOAD_ANY,
        }
    }
}

impl Agent<WsimGame> for DoctrineBot {
    fn name(&self) -> String {
        format!("bot:{}(seed={})", self.doctrine.name, self.seed)
    }

    fn choose(&mut self, g: &WsimGame, _player: Player) -> Action {
        let legal = g.legal_actions();
        let Phase::Orders { ship, step, .. } = g.phase else {
            return legal.nth(0).unwrap_or(0);
        };
        let i = ship as usize;
        let d = self.doctrine;
        let range = self
            .doctrine
            .target(g, i)
            .map(|t| g.plan_cursor(i).pos.range_to(g.ships[t].pos))
            .unwrap_or(99);
        let choice = match step {
            Step::Unfoul => {
                let fouled_with_enemy = (0..g.num_ships as usize).any(|j| {
                    g.ships[i].fouled & (1 << j) != 0 && g.ships[j].side != g.ships[i].side
                });
                if d.stay_fouled && fouled_with_enemy {
                    REMAIN_FOULED
                } else {
                    UNFOUL_ALL
                }
            }
            Step::Move => self.choose_move(g, i),
            Step::Aim => {
                let crippled = d.target(g, i).is_some_and(|t| disabled(g, t));
                if range <= d.hull_range || (crippled && range <= HULL_SHOT_RANGE) {
                    AIM_HULL
                } else {
                    AIM_RIGGING
                }
            }
            Step::Threshold if stalled(g) => FIRE_AT_LEAST_0,
            Step::Threshold => {
                // Hold out for a better table only when the broadside that will bear on the
                // target after the move is a loaded initial one.
                let s = &g.ships[i];
                let pos = g.plan_cursor(i).pos;
                let initial = d
                    .target(g, i)
                    .and_then(|t| bearing(pos, g.ships[t].pos))
                    .is_some_and(|(sd, _)| s.loaded[sd.index()] && s.initial[sd.index()]);
                let t = if initial {
                    d.min_table.max(d.initial_table)
                } else {
                    d.min_table
                };
                FIRE_AT_LEAST_0 + t as Action
            }
            Step::Load => self.load_side(g, i),
        };
        if legal.contains(choice) {
            choice
        } else {
            legal.iter().find(|&a| a != RESIGN).unwrap_or(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use broadside_env::wsim::{builtin_scenario, WsimOptions};
    use broadside_env::Turn;

    use super::*;

    /// Plays the squadron battle with `bot` on both sides until the first ship that is
    /// farther than hull range from its doctrine's target reaches its aim order.
    fn first_far_aim(bot: &mut DoctrineBot) -> (WsimGame, usize) {
        let sc = builtin_scenario("squadron-battle").unwrap();
        let mut g = WsimGame::new(&sc, WsimOptions { resignation: false });
        loop {
            let Turn::Player(p) = g.turn() else {
                panic!("the first orders end before a far aim");
            };
            if let Phase::Orders {
                ship,
                step: Step::Aim,
                ..
            } = g.phase
            {
                let i = ship as usize;
                let t = bot.doctrine().target(&g, i).unwrap();
                if g.plan_cursor(i).pos.range_to(g.ships[t].pos) > LINE_OF_BATTLE.hull_range {
                    return (g, i);
                }
            }
            let a = bot.choose(&g, p);
            g.apply(a).unwrap();
        }
    }

    #[test]
    fn the_hull_line_aims_at_the_hull_where_the_line_aims_at_the_rigging() {
        let (g, _) = first_far_aim(&mut DoctrineBot::new(LINE_OF_BATTLE, 1));
        let p = g.current_player().unwrap();
        assert_eq!(
            DoctrineBot::new(LINE_OF_BATTLE, 1).choose(&g, p),
            AIM_RIGGING
        );
        assert_eq!(
            DoctrineBot::new(LINE_OF_BATTLE_HULL, 1).choose(&g, p),
            AIM_HULL
        );
        // Only the aim differs: the two sail the same line.
        let mut line = DoctrineBot::new(LINE_OF_BATTLE, 2);
        let mut hull = DoctrineBot::new(LINE_OF_BATTLE_HULL, 2);
        let sc = builtin_scenario("squadron-battle").unwrap();
        let g = WsimGame::new(&sc, WsimOptions { resignation: false });
        let p = g.current_player().unwrap();
        assert_eq!(line.choose(&g, p), hull.choose(&g, p));
        assert_eq!(
            Doctrine::by_name("line-of-battle-hull"),
            Some(LINE_OF_BATTLE_HULL)
        );
    }
}
