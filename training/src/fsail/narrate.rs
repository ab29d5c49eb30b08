//! The game log of a Fighting Sail game: what happened, in words, found by reading the
//! chance node or decision that was answered (from the state before) and by comparing the
//! states before and after each action (positions, tokens, removals, morale, the phase).

use broadside_env::fsail::catalogue::{
    BOARD_0, CANNON_END, DISCIPLINE_FAIL, FIRE_0, INIT_0, INIT_1, INIT_TIE_1, RESIGN, ROLL_0,
    SAIL_END, SHIP_0,
};
use broadside_env::fsail::data::{rules, MAX_PER_SIDE, WIND_NAMES};
use broadside_env::fsail::state::status;
use broadside_env::fsail::{FsailGame, Pending, Phase, Weather};
use broadside_env::game::Action;
use broadside_env::plane::mast_distance;

use super::chart::place;
use super::{inches, tag, FsailResult};
use crate::roster::Roster;
use crate::style::count;

/// Turns actions into log lines.
#[derive(Debug, Clone)]
pub struct FsailNarrator {
    roster: Roster,
}

/// The card of the Damage Deck that `damage` (hits through the Hull dice) turns up.
pub fn damage_card(damage: u8) -> &'static str {
    match damage {
        0 => "no damage",
        1 => "Disrupted",
        2 => "Shaken",
        3 => "Light Damage",
        4 => "Heavy Damage",
        _ => "Catastrophic Damage",
    }
}

/// "short", "medium" or "long".
pub fn band_name(band: Option<usize>) -> &'static str {
    match band {
        Some(0) => "short",
        Some(1) => "medium",
        Some(_) => "long",
        None => "out of",
    }
}

impl FsailNarrator {
    /// A narrator naming ships by `roster`.
    pub fn new(roster: Roster) -> Self {
        FsailNarrator { roster }
    }

    /// The roster in use.
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    fn tag(&self, i: usize) -> String {
        tag(&self.roster, i)
    }

    fn side(&self, p: u8) -> &str {
        self.roster.side_name(p)
    }

    /// The log lines for `action` taking `b` (before) to `a` (after).
    pub fn observe(&mut self, b: &FsailGame, action: Action, a: &FsailGame) -> Vec<String> {
        let mut lines = Vec::new();
        if b.pending != Pending::None {
            self.chance(b, action, a, &mut lines);
        } else {
            self.decision(b, action, a, &mut lines);
        }
        self.differences(b, a, &mut lines);
        lines
    }

    fn chance(&self, b: &FsailGame, action: Action, a: &FsailGame, lines: &mut Vec<String>) {
        let k = action.saturating_sub(ROLL_0) as u8;
        match b.pending {
            Pending::None => {}
            Pending::Initiative => {
                if action == INIT_0 || action == INIT_1 {
                    let p = (action - INIT_0) as u8;
                    lines.push(format!(
                        "Initiative: the {} roll higher and sail and fire first.",
                        self.side(p)
                    ));
                } else {
                    let d = action.saturating_sub(INIT_TIE_1) + 1;
                    let rest = if b.turn == 1 {
                        "a tie on the first turn is rolled again".to_string()
                    } else {
                        format!(
                            "a tie: last turn's first player goes second, so the {} go first",
                            self.side(a.first)
                        )
                    };
                    lines.push(format!("Initiative: both sides roll {d}; {rest}."));
                    if b.weather_deck {
                        lines.push(format!("  Weather deck, die {d}: {}.", weather_words(b, a)));
                    }
                }
            }
            Pending::SailingDice {
                ship,
                dice,
                target,
                free,
            } => {
                let points = if k == 0 && free { 1 } else { k };
                let note = if k == 0 && free {
                    " (no success: the free point)"
                } else if k == 0 {
                    " (no success and no free point: she cannot move)"
                } else {
                    ""
                };
                lines.push(format!(
                    "  {} rolls {} at {target}+: {} → {}{note}.",
                    self.tag(ship as usize),
                    count(dice, "sailing die", "sailing dice"),
                    count(k, "success", "successes"),
                    count(points, "sailing point", "sailing points")
                ));
            }
            Pending::Shot(s) => {
                let target = self.tag(s.target as usize);
                if s.rest > 0 {
                    let n = s.rest.min(12);
                    lines.push(format!(
                        "  {k} of the {n} dice that did not explode hit ({}+).",
                        s.hit_t
                    ));
                } else if s.exploding > 0 {
                    let n = s.exploding.min(12);
                    let more = if k == 0 {
                        String::new()
                    } else if s.raking {
                        " — each a hit and a further die, which may explode again (raking)".into()
                    } else {
                        " — each a hit and a further die".into()
                    };
                    lines.push(format!(
                        "  {k} of {} explode ({}+){more}.",
                        count(n, "die", "dice"),
                        s.explode_t
                    ));
                } else {
                    let n = s.plain.min(12);
                    lines.push(format!(
                        "  {k} of {} hit ({}+).",
                        count(n, "die", "dice"),
                        s.hit_t
                    ));
                }
                if !matches!(a.pending, Pending::Shot(_)) {
                    match a.pending {
                        Pending::HullSave {
                            hits, target: t, ..
                        } => lines.push(format!(
                            "  {} on {target}; she rolls {} ({}+ cancels a hit).",
                            count(hits, "hit", "hits"),
                            count(a.ships[t as usize].hull, "Hull die", "Hull dice"),
                            rules().hull_save
                        )),
                        _ => lines.push(format!("  No hits on {target}.")),
                    }
                }
            }
            Pending::HullSave { target, hits, .. } => {
                let damage = hits.saturating_sub(k);
                let t = target as usize;
                let (sb, sa) = (&b.ships[t], &a.ships[t]);
                let mut effects = Vec::new();
                if sa.tokens > sb.tokens {
                    effects.push(format!("Damage tokens {} → {}", sb.tokens, sa.tokens));
                }
                if sa.anchor && !sb.anchor {
                    effects.push("an Anchor token".into());
                }
                let effects = if effects.is_empty() {
                    String::new()
                } else {
                    format!(": {}", effects.join(", "))
                };
                lines.push(format!(
                    "  {} rolls {} against {}: {damage} damage — {}{effects}.",
                    self.tag(t),
                    count(k, "save", "saves"),
                    count(hits, "hit", "hits"),
                    damage_card(damage)
                ));
            }
            Pending::Discipline { ship } => {
                let s = &b.ships[ship as usize];
                if action == DISCIPLINE_FAIL {
                    lines.push(format!(
                        "  {} fails her Discipline test (2d6 over {}).",
                        self.tag(ship as usize),
                        s.discipline
                    ));
                } else {
                    lines.push(format!(
                        "  {} passes her Discipline test (2d6 at or under {}) and fights on.",
                        self.tag(ship as usize),
                        s.discipline
                    ));
                }
            }
            Pending::BoardAttack { attacker, defender } => {
                lines.push(format!(
                    "  {} scores {} ({}+); {} defends with {}.",
                    self.tag(attacker as usize),
                    count(k, "boarding hit", "boarding hits"),
                    rules().boarding_hit,
                    self.tag(defender as usize),
                    count(
                        b.ships[defender as usize].boarding_now(),
                        "Boarding die",
                        "Boarding dice"
                    )
                ));
            }
            Pending::BoardDefend {
                attacker,
                defender,
                hits,
            } => {
                if hits > k {
                    lines.push(format!(
                        "  {} scores only {k} against {hits}: the boarders carry her (the boarder takes a Damage token).",
                        self.tag(defender as usize)
                    ));
                } else {
                    lines.push(format!(
                        "  {} scores {k} against {hits}: the boarders of {} are repelled.",
                        self.tag(defender as usize),
                        self.tag(attacker as usize)
                    ));
                }
            }
        }
    }

    fn decision(&self, b: &FsailGame, action: Action, a: &FsailGame, lines: &mut Vec<String>) {
        match b.phase {
            Phase::SailSelect { player } => {
                if action == RESIGN {
                    lines.push(format!("The {} resign.", self.side(player)));
                    return;
                }
                let Some(i) = b.slot_ship(player, action.saturating_sub(SHIP_0) as usize) else {
                    return;
                };
                let s = &b.ships[i];
                let mut line = format!(
                    "{} sails: {}, {}",
                    self.tag(i),
                    place(s),
                    b.attitude(i).name()
                );
                if s.anchor {
                    line.push_str(", anchored (one die fewer, no free point)");
                }
                if let Phase::SailSpend { points, .. } = a.phase {
                    if !matches!(a.pending, Pending::SailingDice { .. }) {
                        line.push_str(&format!(
                            "; no sailing dice ({})",
                            count(points, "point", "points")
                        ));
                    }
                } else if !matches!(a.pending, Pending::SailingDice { .. }) {
                    line.push_str("; no sailing dice and no point");
                }
                lines.push(format!("{line}."));
            }
            Phase::SailSpend { ship, points, .. } => {
                let i = ship as usize;
                if action == SAIL_END {
                    let unused = if points > 0 {
                        format!(" ({} unused)", count(points, "point", "points"))
                    } else {
                        String::new()
                    };
                    lines.push(format!("  {} stops sailing{unused}.", self.tag(i)));
                    return;
                }
                let Some(m) = b.sail_move(i, action) else {
                    return;
                };
                let kind = if action < broadside_env::fsail::catalogue::TURN_PORT {
                    "manoeuvres"
                } else if m.tack {
                    "tacks"
                } else {
                    "wears"
                };
                let turn = match m.turn {
                    0 => String::new(),
                    t if t < 0 => format!(", turning {}° to port", -t),
                    t => format!(", turning {t}° to starboard"),
                };
                lines.push(format!(
                    "  {} {kind}: {}\" ahead{turn} ({}) → {}, {}.",
                    self.tag(i),
                    inches(m.dist),
                    count(m.cost, "point", "points"),
                    place(&a.ships[i]),
                    a.attitude(i).name()
                ));
            }
            Phase::Cannon { player } => {
                if action == CANNON_END {
                    lines.push(format!("The {} fire no more this turn.", self.side(player)));
                    return;
                }
                let (base, board) = if action >= BOARD_0 {
                    (action - BOARD_0, true)
                } else {
                    (action.saturating_sub(FIRE_0), false)
                };
                let (si, sj) = (base as usize / MAX_PER_SIDE, base as usize % MAX_PER_SIDE);
                let (Some(x), Some(y)) = (b.slot_ship(player, si), b.slot_ship(1 - player, sj))
                else {
                    return;
                };
                let d = inches(mast_distance(&b.ships[x].base, &b.ships[y].base));
                if board {
                    lines.push(format!(
                        "{} boards {} ({d}\" mast to mast): {} at {}+.",
                        self.tag(x),
                        self.tag(y),
                        count(b.ships[x].boarding_now(), "Boarding die", "Boarding dice"),
                        rules().boarding_hit
                    ));
                    return;
                }
                let arc = b.broadside_at(x, y).map_or("?", |arc| arc.name());
                let band = band_name(b.range_band(x, y));
                let (hit, explode, raking) = match a.pending {
                    Pending::Shot(s) => (s.hit_t, s.explode_t, s.raking),
                    _ => (0, 7, false),
                };
                let explode = if explode <= 6 {
                    format!(", explode on {explode}+")
                } else {
                    ", no explosions".into()
                };
                lines.push(format!(
                    "{} fires her {arc} broadside at {} ({d}\", {band} range{}): {}, hit on {hit}+{explode}.",
                    self.tag(x),
                    self.tag(y),
                    if raking { ", RAKING" } else { "" },
                    count(b.ships[x].gunnery_now(), "Gunnery die", "Gunnery dice")
                ));
            }
            Phase::Initiative | Phase::Over => {}
        }
    }

    /// What changed whatever the action: removals, morale, a Discipline test due, the
    /// phase and the turn, the end.
    fn differences(&self, b: &FsailGame, a: &FsailGame, lines: &mut Vec<String>) {
        for (i, (sb, sa)) in b.ships().iter().zip(a.ships()).enumerate() {
            if sb.status == sa.status {
                if sa.tokens > sb.tokens && !matches!(b.pending, Pending::HullSave { .. }) {
                    lines.push(format!(
                        "  {} takes a Damage token ({} now).",
                        self.tag(i),
                        sa.tokens
                    ));
                }
                continue;
            }
            let what = match sa.status {
                status::SUNK => "SINKS",
                status::STRUCK => "STRIKES HER COLOURS",
                status::TAKEN => "IS TAKEN as a prize",
                _ => "is back in play",
            };
            lines.push(format!("  {} {what}.", self.tag(i)));
        }
        if let (Pending::Discipline { ship }, false) =
            (a.pending, matches!(b.pending, Pending::Discipline { .. }))
        {
            lines.push(format!(
                "  {} has three Damage tokens: she tests Discipline (2d6 at or under {}) or strikes.",
                self.tag(ship as usize),
                a.ships[ship as usize].discipline
            ));
        }
        if a.morale != b.morale {
            let side = |k: usize| {
                let d = a.morale[k] - b.morale[k];
                if d == 0 {
                    None
                } else {
                    Some(format!(
                        "{} {} → {} ({d:+})",
                        self.side(k as u8),
                        b.morale[k].max(0),
                        a.morale[k].max(0)
                    ))
                }
            };
            let parts: Vec<String> = (0..2).filter_map(side).collect();
            lines.push(format!("  Fleet morale: {}.", parts.join(", ")));
        }
        if a.turn > b.turn {
            lines.push(format!("--- Turn {} ---", a.turn));
        } else if a.ending.is_none() {
            let stage = |p: &Phase| match p {
                Phase::SailSelect { player } | Phase::SailSpend { player, .. } => {
                    Some((1, *player))
                }
                Phase::Cannon { player } => Some((2, *player)),
                _ => None,
            };
            match (stage(&b.phase), stage(&a.phase)) {
                (Some(x), Some((2, p))) if x != (2, p) => {
                    lines.push(format!("Cannon phase: the {} fire or board.", self.side(p)))
                }
                (Some((1, p0)), Some((1, p))) if p0 != p => {
                    lines.push(format!("The {} sail.", self.side(p)))
                }
                (None, Some((1, p))) => lines.push(format!("The {} sail.", self.side(p))),
                _ => {}
            }
        }
        if b.ending.is_none() && a.ending.is_some() {
            lines.push(FsailResult::of(a, &self.roster).text(a));
        }
    }
}

/// What the weather deck did, comparing the wind and the weather.
fn weather_words(b: &FsailGame, a: &FsailGame) -> String {
    let mut w = Vec::new();
    if a.wind_from != b.wind_from {
        w.push(format!(
            "the wind shifts to the {}",
            WIND_NAMES[a.wind_from as usize % 8]
        ));
    }
    if a.weather != b.weather {
        w.push(
            match a.weather {
                Weather::Fair => "the weather turns fair",
                Weather::Becalmed => "becalmed: no sailing dice",
                Weather::Gale => "a gale: sailing one easier, hitting one harder",
            }
            .into(),
        );
    }
    if w.is_empty() {
        "no change".into()
    } else {
        w.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};
    use broadside_env::game::{Game, Turn};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Random games of every scenario narrate every action without panicking, show the
    /// turns, the shots and the end.
    #[test]
    fn random_games_narrate_turns_shots_and_the_end() {
        for id in ["frigate-duel", "three-vs-three", "fleet-action"] {
            let s = builtin_scenario(id).expect("built-in scenario");
            let mut all = Vec::new();
            for seed in 0..4u64 {
                let mut g = FsailGame::new(&s, FsailOptions::default());
                let mut n = FsailNarrator::new(crate::fsail::roster(&s, 0));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                while g.turn() != Turn::Terminal {
                    let act = match g.turn() {
                        Turn::Chance => g.chance_outcomes().sample(&mut rng),
                        _ => {
                            let legal = g.legal_actions();
                            // Prefer firing and boarding, to exercise the cannon log.
                            let fire = legal.iter().find(|&x| (FIRE_0..CANNON_END).contains(&x));
                            match fire {
                                Some(f) if rng.random_bool(0.8) => f,
                                _ => legal.nth(rng.random_range(0..legal.len())).unwrap_or(0),
                            }
                        }
                    };
                    let before = g.clone();
                    g.apply(act).expect("legal");
                    all.extend(n.observe(&before, act, &g));
                }
            }
            assert!(all.iter().any(|l| l == "--- Turn 2 ---"), "{id}");
            assert!(all.iter().any(|l| l.starts_with("Initiative:")), "{id}");
            assert!(all.iter().any(|l| l.contains("sailing dice")), "{id}");
            assert!(all.iter().any(|l| l.contains("broadside at")), "{id}");
            assert!(
                all.iter()
                    .any(|l| l.contains("wins on turn") || l.contains("A draw")),
                "{id}"
            );
        }
    }
}
