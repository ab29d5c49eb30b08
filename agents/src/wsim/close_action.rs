//! A simple WS&IM doctrine, "close action": close with the nearest enemy (to pistol shot
//! when its carronades are a match for the enemy's, else to three hexes, out of their
//! reach), keep a broadside bearing on it, aim at the hull when in range, fire at any
//! table, load any side, unfoul at once.
//!
//! It is greedy and shallow: every movement plan the ship may still complete is scored by
//! where it leaves the ship and the best the ship could reach from there next turn. Loaded
//! enemy broadsides that could bear after the enemy's own move count against a position,
//! and so does lying far to leeward, unless nobody has fired for a while and its side is
//! not ahead. It reads only what its side may see: positions, its own ships' state and
//! orders, the wind; never the other side's orders.

use broadside_env::hex::{ShipPos, Side};
use broadside_env::wsim::catalogue::*;
use broadside_env::wsim::state::{Phase, Step};
use broadside_env::wsim::WsimGame;
use broadside_env::{Action, Game, Player};

use super::blocks::{
    carronades_match, enemy_reach, exposure, exposure_after_move, leeward_beyond, must_press,
    next_turn_best, plan_completions, BROADSIDE_TENTHS,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Agent;

/// The close-action bot.
#[derive(Debug, Clone)]
pub struct CloseActionBot {
    seed: u64,
    rng: ChaCha8Rng,
}

impl CloseActionBot {
    /// A bot whose tie-breaks come from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// How good it is for ship `i` of `side` to stand at `pos`: near enemies, with an enemy
    /// inside a field of fire within range, better still raking it.
    /// The danger is reckoned from where the enemies could stand after their move when
    /// `reach` is given (see [`enemy_reach`]), from where they stand otherwise.
    fn score(g: &WsimGame, i: usize, pos: ShipPos, reach: Option<&[(usize, Vec<ShipPos>)]>) -> i32 {
        let side = g.ships[i].side;
        let mut nearest = i32::MAX;
        let mut leeward = 0;
        let mut closest = 1;
        let mut bearing = 0;
        for (j, e) in g.ships().iter().enumerate() {
            if j == i || e.side == side || e.struck() {
                continue;
            }
            let r = pos.range_to(e.pos);
            if r < nearest {
                nearest = r;
                leeward = leeward_beyond(g, pos, e.pos, 2);
                // Pistol shot only when its carronades are a match for the enemy's.
                closest = if carronades_match(g, i, j) { 1 } else { 3 };
            }
            if r <= 10 {
                for sd in Side::BOTH {
                    if pos.field_holds_ship(sd, e.pos) {
                        bearing = bearing.max(if pos.rakes(sd, e.pos) { 12 } else { 8 } - r / 2);
                    }
                }
            }
        }
        if nearest == i32::MAX {
            return 0;
        }
        // Close in, but not into a collision at range 0, not far to leeward (out of reach
        // for turns), and not across a loaded broadside unless nobody has fired for a while.
        let mut s = bearing - 2 * nearest.max(closest) - 2 * leeward;
        if !must_press(g, side) {
            let danger = match reach {
                Some(r) => exposure_after_move(g, r, pos),
                None => exposure(g, i, pos),
            };
            s -= 4 * danger / BROADSIDE_TENTHS;
        }
        s
    }

    /// Scores every movement plan the ship may still complete by where it leaves the ship
    /// (double) and the best it could reach from there next turn, and writes the first
    /// token of a best one.
    fn choose_move(&mut self, g: &WsimGame, i: usize) -> Action {
        let mut best = (i32::MIN, Vec::new());
        let reach = Some(enemy_reach(g, i));
        for (a, pos) in plan_completions(g, i) {
            let s = 2 * Self::score(g, i, pos, reach.as_deref())
                + next_turn_best(g, i, pos, |p| Self::score(g, i, p, None));
            if s > best.0 {
                best = (s, vec![a]);
            } else if s == best.0 && !best.1.contains(&a) {
                best.1.push(a);
            }
        }
        let options = best.1;
        options[self.rng.random_range(0..options.len())]
    }
}

impl Agent<WsimGame> for CloseActionBot {
    fn name(&self) -> String {
        format!("bot:close-action(seed={})", self.seed)
    }

    fn choose(&mut self, g: &WsimGame, _player: Player) -> Action {
        let legal = g.legal_actions();
        let Phase::Orders { ship, step, .. } = g.phase else {
            return legal.nth(0).unwrap_or(0);
        };
        let i = ship as usize;
        let pick = |a: Action| if legal.contains(a) { Some(a) } else { None };
        let choice = match step {
            Step::Unfoul => pick(UNFOUL_ALL),
            Step::Move => Some(self.choose_move(g, i)),
            Step::Aim => {
                let near = g
                    .ships()
                    .iter()
                    .filter(|e| e.side != g.ships[i].side && !e.struck())
                    .map(|e| g.plan_cursor(i).pos.range_to(e.pos))
                    .min()
                    .unwrap_or(99);
                pick(if near <= 5 { AIM_HULL } else { AIM_RIGGING })
            }
            Step::Threshold => pick(FIRE_AT_LEAST_0),
            Step::Load => pick(LOAD_ANY),
        };
        choice
            .or_else(|| legal.iter().find(|&a| a != RESIGN))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{play_match, MatchConfig, RandomAgent};
    use broadside_env::wsim::{builtin_scenario, WsimOptions};

    #[test]
    fn close_action_beats_random_in_the_frigate_duel() {
        let sc = builtin_scenario("frigate-duel").unwrap();
        let mut wins = 0.0;
        let games = 40;
        for k in 0..games {
            let g = WsimGame::new(&sc, WsimOptions { resignation: false });
            let mut bot = CloseActionBot::new(k);
            let mut rnd = RandomAgent::new(1000 + k);
            let bot_side = (k % 2) as usize;
            let agents: [&mut dyn Agent<WsimGame>; 2] = if bot_side == 0 {
                [&mut bot, &mut rnd]
            } else {
                [&mut rnd, &mut bot]
            };
            let out = play_match(
                g,
                agents,
                &MatchConfig {
                    chance_seed: k,
                    max_decisions: None,
                },
            )
            .unwrap();
            wins += (out.returns[bot_side] + 1.0) / 2.0;
        }
        assert!(
            wins / games as f64 > 0.7,
            "close action scored {wins}/{games} against random"
        );
    }
}
