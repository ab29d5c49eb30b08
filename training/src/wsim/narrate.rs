//! The game log: what happened, in words, found by comparing the state before and after
//! each action and by reading the chance outcomes themselves.
//!
//! One applied action may run a long way (the last order of a turn can carry the game
//! through movement, fire, loading and into the next turn when no die is rolled), so the
//! narrator describes differences rather than phases: positions, fouling, damage, colours,
//! scores and loaded broadsides. The other side's written orders are never narrated; they
//! show only through what the ships then do.

use broadside_env::game::Action;
use broadside_env::hex::{ShipPos, Side};
use broadside_env::wsim::catalogue::{DIE_1, GUN_HIT_LEFT, NO_FOUL, PICK_0, RESIGN, UNFOUL_FAIL};
use broadside_env::wsim::data::tables;
use broadside_env::wsim::notation::format_plan;
use broadside_env::wsim::state::{Pending, AIM_HULL, TOKEN_FORWARD, TOKEN_LEFT};
use broadside_env::wsim::{EndReason, Ending, Phase, WsimGame};

use super::chart::offset_text;
use super::outcome::GameResult;
use crate::roster::Roster;

/// Turns actions into log lines; keeps the last orders-phase state to sum up each movement.
#[derive(Debug, Clone)]
pub struct Narrator {
    roster: Roster,
    /// The state when the last order of the turn was given: the start positions and the
    /// written (now revealed) plans of the movement being resolved.
    orders: Option<WsimGame>,
}

/// "left" or "right" for a broadside index.
fn side_word(side: u8) -> &'static str {
    if side == 0 {
        "left"
    } else {
        "right"
    }
}

/// "bow (c,r) heading SE".
fn place(pos: ShipPos) -> String {
    format!("bow {} heading {}", offset_text(pos.bow), pos.facing.name())
}

/// Where `start` ends after the movement tokens `plan`.
fn planned_end(start: ShipPos, plan: &[u8]) -> ShipPos {
    plan.iter().fold(start, |p, &t| match t {
        TOKEN_FORWARD => p.forward(),
        TOKEN_LEFT => p.turned(-1),
        _ => p.turned(1),
    })
}

/// The indices of the set bits of `mask`.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |i| mask & (1 << i) != 0)
}

impl Narrator {
    /// A narrator naming ships by `roster`.
    pub fn new(roster: Roster) -> Self {
        Narrator {
            roster,
            orders: None,
        }
    }

    /// The roster in use.
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    fn name(&self, i: usize) -> &str {
        self.roster.name(i)
    }

    /// The log lines for `action` taking `before` to `after`.
    pub fn observe(&mut self, before: &WsimGame, action: Action, after: &WsimGame) -> Vec<String> {
        let mut lines = Vec::new();
        if before.pending != Pending::None {
            self.chance(before, action, &mut lines);
        } else if let Phase::Orders { player, .. } = before.phase {
            self.orders = Some(before.clone());
            if action == RESIGN {
                lines.push(format!(
                    "The {} side resigns.",
                    self.roster.side_name(player)
                ));
            }
        }
        self.collisions(before, after, &mut lines);
        self.fouling(before, after, &mut lines);
        self.movement(after, &mut lines);
        self.damage(before, after, &mut lines);
        self.colours(before, after, &mut lines);
        self.loading(before, after, &mut lines);
        self.timers(before, after, &mut lines);
        lines
    }

    /// The chance outcome itself; outcomes that change the state in a visible way are
    /// described by the differences instead, so they are not told twice.
    fn chance(&self, before: &WsimGame, action: Action, lines: &mut Vec<String>) {
        match before.pending {
            Pending::FireDie {
                ship,
                side,
                target,
                table,
                range,
                raked,
            } => {
                let t = tables();
                let s = &before.ships[ship as usize];
                let hull_aim =
                    s.orders.aim == AIM_HULL && range as i32 <= t.rules.hull_aim_max_range;
                let face = action.saturating_sub(DIE_1) as usize;
                let hits = t.hit_tables[(table as usize).min(8)][if hull_aim { 0 } else { 1 }]
                    [face.min(5)];
                let mut notes = vec![format!("range {range}"), format!("hit table {table}")];
                if raked {
                    notes.push("raked".into());
                }
                if s.initial[side as usize] {
                    notes.push("initial broadside".into());
                }
                notes.push(if hull_aim {
                    "at the hull".into()
                } else {
                    "at the rigging".into()
                });
                let mut effect = Vec::new();
                for (n, what) in [
                    (hits.hull, "hull"),
                    (hits.guns, "gun"),
                    (hits.crew, "crew"),
                    (hits.rigging, "rigging"),
                ] {
                    if n > 0 {
                        effect.push(format!("{n} {what}"));
                    }
                }
                let effect = if effect.is_empty() {
                    "no hits".to_string()
                } else {
                    effect.join(", ")
                };
                lines.push(format!(
                    "{} fires its {} broadside at {} ({}) — die {}: {effect}",
                    self.name(ship as usize),
                    side_word(side),
                    self.name(target as usize),
                    notes.join(", "),
                    face + 1
                ));
            }
            Pending::Target {
                ship,
                side,
                candidates,
            } => {
                let target = action.saturating_sub(PICK_0) as usize;
                let others: Vec<&str> = bits(candidates)
                    .filter(|&j| j != target)
                    .map(|j| self.name(j))
                    .collect();
                lines.push(format!(
                    "{}'s {} broadside chooses {} (as close and as good a target as {})",
                    self.name(ship as usize),
                    side_word(side),
                    self.name(target),
                    others.join(", ")
                ));
            }
            Pending::GunSide { target, .. } => {
                let side = if action == GUN_HIT_LEFT {
                    "left"
                } else {
                    "right"
                };
                lines.push(format!(
                    "A gun hit on the raked {} falls on her {side} side",
                    self.name(target as usize)
                ));
            }
            Pending::Foul { winner, losers } if action == NO_FOUL => {
                let loser = losers.trailing_zeros() as usize;
                lines.push(format!(
                    "{} and {} do not foul",
                    self.name(winner as usize),
                    self.name(loser)
                ));
            }
            Pending::Unfoul { a, b } if action == UNFOUL_FAIL => {
                lines.push(format!(
                    "{} and {} fail to unfoul",
                    self.name(a as usize),
                    self.name(b as usize)
                ));
            }
            // Told by the differences: the collision's winner, fouling, unfouling, loading.
            Pending::Foul { .. }
            | Pending::Unfoul { .. }
            | Pending::CollisionWinner { .. }
            | Pending::ReloadSide { .. }
            | Pending::None => {}
        }
    }

    /// A collision shows as a new fouling roll: every collision, settled by the rules or by a
    /// die, leaves the winner and the ships that fell back waiting on one.
    fn collisions(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        let Pending::Foul { winner, losers } = after.pending else {
            return;
        };
        // The same collision's next roll (one per loser) is not a new collision.
        if let Pending::Foul {
            winner: w,
            losers: l,
        } = before.pending
        {
            if w == winner && l & l.wrapping_sub(1) == losers {
                return;
            }
        }
        let names: Vec<&str> = bits(losers).map(|j| self.name(j)).collect();
        lines.push(format!(
            "Collision: {} and {} meet in one hex; {} keeps it, {} fall{} back",
            self.name(winner as usize),
            names.join(" and "),
            self.name(winner as usize),
            names.join(" and "),
            if names.len() == 1 { "s" } else { "" }
        ));
    }

    fn fouling(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        let n = after.num_ships as usize;
        for i in 0..n {
            for j in i + 1..n {
                let was = before.ships[i].fouled & (1 << j) != 0;
                let is = after.ships[i].fouled & (1 << j) != 0;
                match (was, is) {
                    (false, true) => lines.push(format!(
                        "{} and {} are fouled: their rigging is locked together",
                        self.name(i),
                        self.name(j)
                    )),
                    (true, false) => lines.push(format!(
                        "{} and {} unfoul and drift apart",
                        self.name(i),
                        self.name(j)
                    )),
                    _ => {}
                }
            }
        }
    }

    /// Once the movement of a turn is over, what each ship did with its written plan.
    fn movement(&mut self, after: &WsimGame, lines: &mut Vec<String>) {
        let Some(snap) = &self.orders else {
            return;
        };
        let over = after.turn != snap.turn
            || matches!(
                after.phase,
                Phase::Fire { .. } | Phase::Reload { .. } | Phase::Over
            );
        if !over {
            return;
        }
        let snap = snap.clone();
        self.orders = None;
        if matches!(
            after.ending,
            Some(Ending::Win {
                reason: EndReason::Resignation,
                ..
            }) | Some(Ending::Draw {
                reason: EndReason::Resignation
            })
        ) {
            return;
        }
        for (i, s) in snap.ships().iter().enumerate() {
            let plan = &s.orders.plan[..(s.orders.plan_len as usize).min(s.orders.plan.len())];
            if !s.can_fight() || plan.is_empty() {
                continue;
            }
            let text = format_plan(plan);
            let end = after.ships[i].pos;
            let line = if end == planned_end(s.pos, plan) {
                format!("{} moved {text} to {}", self.name(i), place(end))
            } else if end == s.pos && s.fouled != 0 {
                format!("{} is fouled and cannot carry out {text}", self.name(i))
            } else {
                format!(
                    "{} began {text} but a collision stopped her at {}",
                    self.name(i),
                    place(end)
                )
            };
            lines.push(line);
        }
        if after.ending.is_none() {
            self.unable_to_fire(&snap, after, lines);
        }
    }

    /// The broadsides that will not fire this turn because no target is worth table 0: the
    /// seed's "If, after using all modifiers that apply, Table Zero or above has not been
    /// reached, the ship will not fire. This is noted in the event log as unable to fire."
    /// Judged where the movement ended (positions as in the combat phase) with the loads of
    /// before it (the same one applied action may already have gone through the load phase).
    fn unable_to_fire(&self, snap: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        let mut combat = after.clone();
        for (c, s) in combat.ships.iter_mut().zip(snap.ships()) {
            c.loaded = s.loaded;
        }
        for i in 0..combat.ships().len() {
            for (k, side) in [(0u8, Side::Left), (1, Side::Right)] {
                let (enemies, _) = combat.eligible_targets(i, side);
                if combat.ships[i].ready(side)
                    && enemies != 0
                    && combat.best_targets(i, side).is_none()
                {
                    let targets: Vec<&str> = bits(enemies).map(|j| self.name(j)).collect();
                    lines.push(format!(
                        "{}'s {} broadside is unable to fire at {}: below hit table 0",
                        self.name(i),
                        side_word(k),
                        targets.join(" or ")
                    ));
                }
            }
        }
    }

    fn damage(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        for (i, (b, a)) in before.ships().iter().zip(after.ships()).enumerate() {
            let mut parts = Vec::new();
            if a.hull < b.hull {
                parts.push(format!("{} hull ({} left)", b.hull - a.hull, a.hull));
            }
            if a.crew_left() < b.crew_left() {
                let lost = a
                    .crew_sections_lost()
                    .saturating_sub(b.crew_sections_lost());
                let note = if lost > 0 {
                    format!(
                        ", {lost} crew section{} lost",
                        if lost > 1 { "s" } else { "" }
                    )
                } else {
                    String::new()
                };
                parts.push(format!(
                    "{} crew ({} left{note})",
                    b.crew_left() - a.crew_left(),
                    a.crew_left()
                ));
            }
            if a.rigging_left() < b.rigging_left() {
                let lost = a
                    .rigging_sections_lost()
                    .saturating_sub(b.rigging_sections_lost());
                let note = if lost > 0 {
                    format!(
                        ", {lost} rigging section{} lost",
                        if lost > 1 { "s" } else { "" }
                    )
                } else {
                    String::new()
                };
                parts.push(format!(
                    "{} rigging ({} left{note})",
                    b.rigging_left() - a.rigging_left(),
                    a.rigging_left()
                ));
            }
            for sd in 0..2 {
                if a.guns[sd] < b.guns[sd] {
                    parts.push(format!(
                        "{} {} gun{} ({} left)",
                        b.guns[sd] - a.guns[sd],
                        side_word(sd as u8),
                        if b.guns[sd] - a.guns[sd] > 1 { "s" } else { "" },
                        a.guns[sd]
                    ));
                }
                if a.carronades[sd] < b.carronades[sd] {
                    parts.push(format!(
                        "{} {} carronade{} ({} left)",
                        b.carronades[sd] - a.carronades[sd],
                        side_word(sd as u8),
                        if b.carronades[sd] - a.carronades[sd] > 1 {
                            "s"
                        } else {
                            ""
                        },
                        a.carronades[sd]
                    ));
                }
            }
            if !parts.is_empty() {
                lines.push(format!("{} is hit: {}", self.name(i), parts.join(", ")));
            }
        }
    }

    fn colours(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        for (i, (b, a)) in before.ships().iter().zip(after.ships()).enumerate() {
            if a.crewless() && !b.crewless() {
                lines.push(format!(
                    "{} has lost all her crew: she can no longer move or fire",
                    self.name(i)
                ));
            }
            if a.struck() && !b.struck() {
                let why = if a.hull == 0 {
                    "her hull is shot through"
                } else if a.all_guns_left() == 0 {
                    "surrender by firepower: no guns left, fired on from an adjacent hex"
                } else if a.rigging_left() == 0 {
                    "surrender by immobility: no rigging left, raked at the hull"
                } else {
                    "overwhelmed"
                };
                lines.push(format!("{} strikes her colours ({why})", self.name(i)));
            }
        }
        if after.scores != before.scores {
            lines.push(format!(
                "Score: {} {}, {} {}",
                self.roster.side_name(0),
                after.scores[0],
                self.roster.side_name(1),
                after.scores[1]
            ));
        }
    }

    fn loading(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        // The last shot of a turn empties its broadside and the load phase may refill it in
        // the same action, so a broadside fired by this action counts as empty before it.
        let fired = match before.pending {
            Pending::FireDie { ship, side, .. } => Some((ship as usize, side as usize)),
            _ => None,
        };
        for (i, (b, a)) in before.ships().iter().zip(after.ships()).enumerate() {
            for sd in 0..2 {
                let was_loaded = b.loaded[sd] && fired != Some((i, sd));
                if a.loaded[sd] && !was_loaded {
                    lines.push(format!(
                        "{} loads her {} broadside",
                        self.name(i),
                        side_word(sd as u8)
                    ));
                }
            }
        }
    }

    fn timers(&self, before: &WsimGame, after: &WsimGame, lines: &mut Vec<String>) {
        let rules = &tables().rules;
        if after.no_fire_turns > before.no_fire_turns
            && after.no_fire_turns > rules.no_fire_grace_turns
            && after.ending.is_none()
        {
            lines.push(format!(
                "No broadside fired: no-fire timer at {} of {} turns",
                after.no_fire_turns - rules.no_fire_grace_turns,
                rules.no_fire_timer_turns
            ));
        }
        if after.ending.is_some() && before.ending.is_none() {
            lines.push(format!(
                "The game is over. {}",
                GameResult::of(after, &self.roster).text(after)
            ));
        } else if after.turn > before.turn {
            lines.push(format!("--- Turn {} ---", after.turn));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::{Game, Turn};
    use broadside_env::wsim::catalogue::DIE_1;
    use broadside_env::wsim::{builtin_scenarios, WsimOptions};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays a random game (no resignations) and returns every line the narrator wrote.
    fn narrate_random(
        scenario: &broadside_env::wsim::Scenario,
        seed: u64,
    ) -> (Vec<String>, WsimGame) {
        let mut g = WsimGame::new(scenario, WsimOptions { resignation: false });
        let mut narrator = Narrator::new(crate::wsim::roster(scenario, 0));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut lines = Vec::new();
        while g.turn() != Turn::Terminal {
            let a = match g.turn() {
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
                _ => {
                    let legal = g.legal_actions();
                    legal.nth(rng.random_range(0..legal.len())).unwrap_or(0)
                }
            };
            let before = g.clone();
            g.apply_unchecked(a);
            lines.extend(narrator.observe(&before, a, &g));
        }
        (lines, g)
    }

    #[test]
    fn every_scenario_narrates_a_random_game_to_its_end() {
        for s in builtin_scenarios() {
            let (lines, end) = narrate_random(s, 11);
            assert!(lines.iter().any(|l| l == "--- Turn 2 ---"), "{}", s.id);
            assert!(lines.iter().any(|l| l.contains(" moved ")), "{}", s.id);
            let last = lines.last().map(String::as_str).unwrap_or("");
            assert!(last.starts_with("The game is over."), "{}: {last}", s.id);
            assert_eq!(
                lines.iter().filter(|l| l.starts_with("--- Turn")).count(),
                end.turn as usize - 1
            );
        }
    }

    /// Seed: "If, after using all modifiers that apply, Table Zero or above has not been
    /// reached, the ship will not fire. This is noted in the event log as unable to fire."
    #[test]
    fn a_broadside_below_table_0_is_logged_as_unable_to_fire_and_does_not_fire() {
        let mut seen = 0;
        for s in builtin_scenarios() {
            for seed in 0..3 {
                let (lines, _) = narrate_random(s, seed);
                for (i, l) in lines.iter().enumerate() {
                    let Some((who, rest)) = l.split_once("'s ") else {
                        continue;
                    };
                    let Some((side, _)) = rest.split_once(" broadside is unable to fire at ")
                    else {
                        continue;
                    };
                    seen += 1;
                    let fired = format!("{who} fires its {side} broadside");
                    let turn = lines[i..].iter().take_while(|m| !m.starts_with("--- Turn"));
                    for m in turn {
                        assert!(!m.starts_with(&fired), "{}: {l}, then {m}", s.id);
                    }
                }
            }
        }
        assert!(seen > 0, "no broadside was ever below table 0");
    }

    #[test]
    fn a_squadron_battle_tells_fire_damage_and_loading() {
        let s = builtin_scenarios()
            .iter()
            .find(|s| s.id == "squadron-battle")
            .expect("default scenario");
        let (lines, _) = narrate_random(s, 3);
        let fires = lines.iter().filter(|l| l.contains(" fires its ")).count();
        assert!(fires > 0);
        assert!(lines.iter().any(|l| l.contains(" is hit: ")));
        // Every broadside fired is reloaded later unless the game ends first, so loads
        // cannot be fewer than shots by more than the broadsides a side can hold at the end.
        let loads = lines.iter().filter(|l| l.contains(" loads her ")).count();
        assert!(
            loads + 2 * s.ships.len() >= fires,
            "{loads} loads for {fires} shots"
        );
    }

    #[test]
    fn a_die_roll_names_firer_target_range_table_and_hits() {
        let s = builtin_scenarios()
            .iter()
            .find(|s| s.id == "squadron-battle")
            .expect("default scenario");
        let roster = crate::wsim::roster(s, 0);
        let mut g = WsimGame::new(s, WsimOptions { resignation: false });
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // Play until the first die of a broadside is due.
        while !matches!(g.pending, Pending::FireDie { .. }) {
            assert!(
                g.turn() != Turn::Terminal,
                "a random squadron battle fires a broadside"
            );
            let a = match g.turn() {
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
                _ => {
                    let legal = g.legal_actions();
                    legal.nth(rng.random_range(0..legal.len())).unwrap_or(0)
                }
            };
            g.apply_unchecked(a);
        }
        let Pending::FireDie {
            ship,
            side,
            target,
            table,
            range,
            ..
        } = g.pending
        else {
            return;
        };
        let mut narrator = Narrator::new(roster.clone());
        let before = g.clone();
        g.apply_unchecked(DIE_1 + 4);
        let lines = narrator.observe(&before, DIE_1 + 4, &g);
        let expected = format!(
            "{} fires its {} broadside at {} (range {range}, hit table {table}",
            roster.name(ship as usize),
            side_word(side),
            roster.name(target as usize)
        );
        assert!(lines[0].starts_with(&expected), "{lines:?}");
        assert!(lines[0].contains("— die 5: "), "{lines:?}");
    }
}
