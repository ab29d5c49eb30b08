//! The game log of a Pieces of Eight game: what happened, in words, found by reading the
//! decision or chance node that was answered (from the state before) and by comparing the
//! states before and after each action (markers, ships taken, struck, burnt or escaped,
//! groundings, pauses, the turn and the end). Every roll is shown: the wind contest, the
//! extra hexes, gunnery dice and hits with re-rolls, death rolls, fog and shallows, grapple
//! and fight, and recovery. The dice are pools counting successes, so a roll shows as
//! "k of n dice" with the faces that succeed.

use broadside_env::game::Action;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::data::rules;
use broadside_env::poe::state::{status, CREW, GUNS, SAIL};
use broadside_env::poe::{DiceKind, Pending, PoeGame, ShotKind};

use super::chart::markers_text;
use super::orders::shot_words;
use super::{at, owner_name, possessive, tag, PoeResult};
use crate::roster::Roster;
use crate::style::count;

/// Turns actions into log lines.
#[derive(Debug, Clone)]
pub struct PoeNarrator {
    roster: Roster,
}

/// "5-6" for a success on `target` or more.
fn faces(target: u8) -> String {
    if target >= 6 {
        "6s".into()
    } else {
        format!("{target}-6")
    }
}

impl PoeNarrator {
    /// A narrator naming ships by `roster`.
    pub fn new(roster: Roster) -> Self {
        PoeNarrator { roster }
    }

    /// The roster in use.
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    fn tag(&self, i: usize) -> String {
        tag(&self.roster, i)
    }

    fn side(&self, p: u8) -> &str {
        owner_name(&self.roster, p)
    }

    /// The log lines for `action` taking `b` (before) to `a` (after).
    pub fn observe(&mut self, b: &PoeGame, action: Action, a: &PoeGame) -> Vec<String> {
        let mut lines = Vec::new();
        let note = if b.pending.is_chance() {
            self.chance(b, action, a, &mut lines);
            None
        } else {
            self.decision(b, action, a, &mut lines)
        };
        self.differences(b, action, a, note, &mut lines);
        lines
    }

    fn chance(&self, b: &PoeGame, action: Action, a: &PoeGame, lines: &mut Vec<String>) {
        let k = action.saturating_sub(ROLL_0) as u8;
        let acting = b.act.ship as usize;
        let r = rules();
        match b.pending {
            Pending::Dice { kind, left, acc } => {
                let total = acc + k;
                self.dice(b, a, kind, left, k, total, lines);
            }
            Pending::Extra { max, good } => {
                let target = 7 - good.min(6);
                let how = if max > 1 {
                    format!("up to {max} dice on {}, until a failure", faces(target))
                } else {
                    format!("1 die on {}", faces(target))
                };
                lines.push(format!(
                    "  Extra hexes ({how}): {} — {} may sail {}.",
                    if k == 0 {
                        "none".to_string()
                    } else {
                        count(k, "extra hex", "extra hexes")
                    },
                    self.tag(acting),
                    count(a.act.allowance, "hex", "hexes")
                ));
            }
            Pending::Fog => {
                let stop = r.hazards.fog_stop_max;
                let h = at(b.ships[acting].hex);
                if action == FOG_STOP {
                    lines.push(format!(
                        "  Fog at {h}: the die shows 1-{stop} — lost in the fog, the move ends."
                    ));
                } else {
                    lines.push(format!(
                        "  Fog at {h}: the die shows {}-6 — she sails on.",
                        stop + 1
                    ));
                }
            }
            Pending::Shallows { dice } => {
                let h = at(b.ships[acting].hex);
                if action == AGROUND {
                    lines.push(format!(
                        "  Shallows at {h}: {}, a 6 — {} RUNS AGROUND (no move or shooting until she refloats).",
                        count(dice, "die", "dice"),
                        self.tag(acting)
                    ));
                } else {
                    lines.push(format!(
                        "  Shallows at {h}: {}, no 6 — clear.",
                        count(dice, "die", "dice")
                    ));
                }
            }
            Pending::Death { left } => {
                let n = left.min(12);
                let t = self.tag(b.loss.ship as usize);
                if action == BURNS {
                    lines.push(format!(
                        "  Death rolls for {t}, hit with no markers left: {}, a 1 — she BURNS.",
                        count(n, "die", "dice")
                    ));
                } else {
                    lines.push(format!(
                        "  Death rolls for {t}, hit with no markers left: {}, no 1 — she survives.",
                        count(n, "die", "dice")
                    ));
                }
            }
            _ => {}
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn dice(
        &self,
        b: &PoeGame,
        a: &PoeGame,
        kind: DiceKind,
        left: u8,
        k: u8,
        total: u8,
        lines: &mut Vec<String>,
    ) {
        // Pools of more than 12 dice are rolled 12 at a time.
        let n = left.min(12);
        let last = left <= 12;
        let r = rules();
        let mover = self.side(b.mover);
        let other = self.side(1 - b.mover);
        let (bo, tg) = (b.board.boarder as usize, b.board.target as usize);
        let got = |what: (&str, &str)| count(k, what.0, what.1);
        match kind {
            DiceKind::Wind => {
                let mut l = format!(
                    "  Wind dice: {} of {n} ({}).",
                    got(("success", "successes")),
                    faces(r.wind.success)
                );
                if last && total == 0 {
                    l.push_str(&format!(" The wind stays in the {}.", b.wind_from.name()));
                } else if last {
                    l.push_str(&format!(" The {other} may answer."));
                }
                lines.push(l);
            }
            DiceKind::Cancel => {
                let ws = b.wind_successes;
                let mut l = format!(
                    "  The {other} answer: {} of {n} against {ws} ({}).",
                    got(("success", "successes")),
                    faces(r.wind.success)
                );
                if last && ws > total {
                    l.push_str(&format!(" The {mover} win the wind change."));
                } else if last {
                    l.push_str(&format!(" The wind stays in the {}.", b.wind_from.name()));
                }
                lines.push(l);
            }
            DiceKind::Recovery => {
                let i = b.act.ship as usize;
                lines.push(format!(
                    "  {} rolls {} for recovery: {} ({}).",
                    self.tag(i),
                    count(n, "die", "dice"),
                    got(("success", "successes")),
                    faces(r.recovery.success)
                ));
            }
            DiceKind::Gunnery => {
                let sh = b.shot;
                let done = sh.dice.saturating_sub(left);
                let dice = if sh.dice > 12 {
                    format!("dice {}-{} of {}", done + 1, done + n, sh.dice)
                } else {
                    count(n, "die", "dice")
                };
                let what = match (sh.chaser, sh.rerolled) {
                    (true, _) => "Chaser",
                    (false, true) => "Re-roll",
                    (false, false) => "Gunnery",
                };
                let mut l = format!(
                    "  {what}: {} rolls {dice}: {} ({}).",
                    self.tag(sh.shooter as usize),
                    got(("hit", "hits")),
                    faces(r.gunnery.hit)
                );
                if last && sh.dice > 12 {
                    l.push_str(&format!(" {} in all.", count(total, "hit", "hits")));
                }
                if last && total == 0 && a.pending != Pending::Reroll {
                    l.push_str(&format!(" No damage to {}.", self.tag(sh.target as usize)));
                }
                lines.push(l);
            }
            DiceKind::Grapple => lines.push(format!(
                "  Grapple: {} rolls {}: {} ({}).",
                self.tag(bo),
                count(n, "die", "dice"),
                got(("success", "successes")),
                faces(r.boarding.success)
            )),
            DiceKind::GrappleDefend => {
                let mut l = format!(
                    "  {} answers with {}: {} against {}.",
                    self.tag(tg),
                    count(n, "die", "dice"),
                    got(("success", "successes")),
                    b.board.successes
                );
                if last && b.board.successes > total {
                    l.push_str(" The grapples hold: the crews fight.");
                } else if last {
                    l.push_str(" The grapple fails: nobody boards.");
                }
                lines.push(l);
            }
            DiceKind::GrappleOwnerless => {
                let need = r.boarding.ownerless_successes;
                let mut l = format!(
                    "  Grapple on the struck {}: {} rolls {}: {} ({}, {need} needed).",
                    self.tag(tg),
                    self.tag(bo),
                    count(n, "die", "dice"),
                    got(("success", "successes")),
                    faces(r.boarding.success)
                );
                if last && total < need {
                    l.push_str(" She is not taken.");
                }
                lines.push(l);
            }
            DiceKind::Fight => lines.push(format!(
                "  Fight: {} rolls {}: {} ({}).",
                self.tag(bo),
                count(n, "die", "dice"),
                got(("success", "successes")),
                faces(r.boarding.success)
            )),
            DiceKind::FightDefend => {
                let mut l = format!(
                    "  {} defends with {}: {} against {}.",
                    self.tag(tg),
                    count(n, "die", "dice"),
                    got(("success", "successes")),
                    b.board.successes
                );
                if last && b.board.successes > total {
                    l.push_str(" The boarders carry her!");
                } else if last {
                    l.push_str(
                        " The boarders are thrown back (a draw goes to the defender): the boarder loses a crew, both lose one to fatigue and pause next turn.",
                    );
                }
                lines.push(l);
            }
        }
    }

    /// Narrates a decision; returns a note for the marker change it makes (whose choice).
    fn decision(
        &self,
        b: &PoeGame,
        action: Action,
        a: &PoeGame,
        lines: &mut Vec<String>,
    ) -> Option<String> {
        let mover = self.side(b.mover);
        let other = self.side(1 - b.mover);
        let acting = b.act.ship as usize;
        match b.pending {
            Pending::WindDice => {
                let n = (action - WIND_DICE_0) as u8;
                if n == 0 {
                    lines.push(format!(
                        "The {mover} leave the wind in the {}.",
                        b.wind_from.name()
                    ));
                } else {
                    lines.push(format!(
                        "The {mover} roll {} to change the wind (from the {}).",
                        count(n, "wind die", "wind dice"),
                        b.wind_from.name()
                    ));
                }
            }
            Pending::CancelDice { successes } => {
                let n = (action - CANCEL_DICE_0) as u8;
                if n == 0 {
                    lines.push(format!(
                        "  The {other} do not answer the {}.",
                        count(successes, "success", "successes")
                    ));
                } else {
                    lines.push(format!(
                        "  The {other} answer with {}.",
                        count(n, "die", "dice")
                    ));
                }
            }
            Pending::WindTurn => {
                let way = if action == WIND_CW {
                    "clockwise"
                } else {
                    "anticlockwise"
                };
                let mut l = format!(
                    "  The {mover} turn the wind {way}: now from the {}",
                    a.wind_from.name()
                );
                if !b.fog.is_empty() {
                    l.push_str(&format!(
                        "; the fog drifts {} hexes to the {}",
                        rules().wind.fog_drift,
                        a.wind_from.opposite().name()
                    ));
                    let gone = b.fog.len().saturating_sub(a.fog.len());
                    if gone > 0 {
                        l.push_str(&format!(
                            " ({gone} fog hex{} off the map)",
                            if gone == 1 { "" } else { "es" }
                        ));
                    }
                }
                lines.push(format!("{l}."));
            }
            Pending::SelectShip => {
                if action == RESIGN {
                    lines.push(format!("The {mover} resign."));
                    return None;
                }
                let i = (action - SHIP_0) as usize;
                let s = &b.ships[i];
                let mut l = format!(
                    "{} acts: at {} facing {}, {}; {}",
                    self.tag(i),
                    at(s.hex),
                    s.facing.name(),
                    b.wind_angle(i).name(),
                    markers_text(s)
                );
                if s.aground > 0 {
                    l.push_str("; aground, she cannot move");
                }
                lines.push(format!("{l}."));
            }
            Pending::Recover => {}
            Pending::Moving | Pending::AfterMove => {
                let s = &b.ships[acting];
                match action {
                    MOVE_AHEAD => {
                        let h = s.hex.neighbor(s.facing);
                        lines.push(format!(
                            "  {} moves ahead to {} (hex {} of {}).",
                            self.tag(acting),
                            at(h),
                            b.act.moved + 1,
                            b.act.allowance
                        ));
                    }
                    TURN_LEFT | TURN_RIGHT => {
                        let sa = &a.ships[acting];
                        lines.push(format!(
                            "  {} turns to {}: now facing {}, {}.",
                            self.tag(acting),
                            if action == TURN_RIGHT {
                                "starboard"
                            } else {
                                "port"
                            },
                            sa.facing.name(),
                            a.wind_angle(acting).name()
                        ));
                    }
                    MOVE_STOP => lines.push(format!(
                        "  {} ends her move at {} ({} of {} hexes).",
                        self.tag(acting),
                        at(s.hex),
                        b.act.moved,
                        b.act.allowance
                    )),
                    DONE => {}
                    x if (FIRE_0..BOARD_0).contains(&x) => {
                        let j = (x - FIRE_0) as usize;
                        lines.push(format!(
                            "  {} fires at {}.",
                            self.tag(acting),
                            shot_words(b, &self.roster, acting, j, ShotKind::Own)
                        ));
                    }
                    x if (BOARD_0..DONE).contains(&x) => {
                        let j = (x - BOARD_0) as usize;
                        if b.ships[j].status == status::STRUCK {
                            lines.push(format!(
                                "  {} boards the struck {}: {} grapple dice.",
                                self.tag(acting),
                                self.tag(j),
                                b.boarding_dice(acting, j, false)
                            ));
                        } else {
                            lines.push(format!(
                                "  {} boards {}: grapple {} dice against {}.",
                                self.tag(acting),
                                self.tag(j),
                                b.boarding_dice(acting, j, false),
                                b.boarding_dice(j, acting, false)
                            ));
                        }
                    }
                    _ => {}
                }
            }
            Pending::Opportunity => {
                if action == OPP_HOLD {
                    lines.push(format!(
                        "  The {other} hold their fire at {}.",
                        self.tag(acting)
                    ));
                } else {
                    let k = (action - OPP_0) as usize;
                    lines.push(format!(
                        "  {} shoots on opportunity at {}.",
                        self.tag(k),
                        shot_words(b, &self.roster, k, acting, ShotKind::Opportunity)
                    ));
                }
            }
            Pending::Reroll => {
                let side = self.side(b.ships[b.shot.shooter as usize].owner);
                if action == REROLL {
                    lines.push(format!(
                        "  The {side} re-roll the broadside ({} set aside).",
                        count(b.shot.hits, "hit", "hits")
                    ));
                } else {
                    lines.push(format!(
                        "  The {side} keep the roll: {} on {}.",
                        count(b.shot.hits, "hit", "hits"),
                        self.tag(b.shot.target as usize)
                    ));
                }
            }
            Pending::Lose { by } => {
                return Some(format!(
                    "{} choice",
                    possessive(&format!("the {}", self.side(by)))
                ))
            }
            Pending::ReturnShot => {
                let (t, s) = (b.shot.target as usize, b.shot.shooter as usize);
                if action == RETURN_FIRE {
                    lines.push(format!(
                        "  {} shoots back at {}.",
                        self.tag(t),
                        shot_words(b, &self.roster, t, s, ShotKind::Return)
                    ));
                } else {
                    lines.push(format!("  {} does not shoot back.", self.tag(t)));
                }
            }
            Pending::Clock => {
                let n = action - CLOCK_3 + 3;
                lines.push(format!(
                    "The {mover} advance the battle clock by {n}: {} of {}.",
                    a.clock, a.clock_length
                ));
            }
            _ => {}
        }
        None
    }

    /// A move that ended by itself: nothing but stopping was left (the way ahead blocked
    /// and no turn left, or the allowance used), so the game did not ask.
    fn move_ended(&self, b: &PoeGame, action: Action, a: &PoeGame, lines: &mut Vec<String>) {
        let i = b.act.ship as usize;
        if !b.act.moving || i >= b.num_ships as usize || action == MOVE_STOP {
            return;
        }
        let same = a.act.ship == b.act.ship;
        let told = (b.pending == Pending::Fog && action == FOG_STOP)
            || (matches!(b.pending, Pending::Shallows { .. }) && action == AGROUND);
        let (sb, sa) = (&b.ships[i], &a.ships[i]);
        if (same && a.act.moving) || told || !sa.afloat() || sa.owner != sb.owner {
            return;
        }
        let moved = if same {
            a.act.moved
        } else {
            b.act.moved + (action == MOVE_AHEAD) as u8
        };
        let allowance = if same {
            a.act.allowance
        } else {
            b.act.allowance
        };
        let (t, h) = (self.tag(i), at(sa.hex));
        lines.push(if allowance == 0 {
            format!("  {t} stays at {h}: no hexes to sail with the wind ahead.")
        } else if moved >= allowance {
            format!("  {t} has sailed all {allowance} of her hexes: her move ends at {h}.")
        } else {
            format!("  {t} can go no further: her move ends at {h} ({moved} of {allowance} hexes).")
        });
    }

    /// What changed whatever the action: markers, ships taken, struck, burnt or escaped,
    /// groundings and pauses, the turn, the end. `note` is added to marker changes.
    fn differences(
        &self,
        b: &PoeGame,
        action: Action,
        a: &PoeGame,
        note: Option<String>,
        lines: &mut Vec<String>,
    ) {
        self.move_ended(b, action, a, lines);
        for (i, (sb, sa)) in b.ships().iter().zip(a.ships()).enumerate() {
            let t = self.tag(i);
            let taken = sa.afloat() && (sb.owner != sa.owner || !sb.afloat());
            if sb.level != sa.level && !taken {
                let mut changes = Vec::new();
                for (m, name) in [(CREW, "crew"), (GUNS, "guns"), (SAIL, "sail")] {
                    let d = sa.level[m] as i32 - sb.level[m] as i32;
                    if d != 0 {
                        changes.push(format!("{} {name}", d.abs()));
                    }
                }
                let verb = if sa.lost() < sb.lost() {
                    "recovers"
                } else {
                    "loses"
                };
                let note = note.as_ref().map_or(String::new(), |n| format!(" ({n})"));
                lines.push(format!(
                    "  {t} {verb} {}{note}: {}.",
                    changes.join(", "),
                    markers_text(sa)
                ));
            }
            if sb.status != sa.status || sb.owner != sa.owner {
                let side = |p: u8| self.side(p).to_string();
                match sa.status {
                    status::EXITED => lines.push(format!(
                        "  {t} ESCAPES by the {} corner!",
                        super::map::corner_name(a)
                    )),
                    status::STRUCK => lines.push(format!(
                        "  {t} STRIKES HER COLOURS: ownerless, out of the fight."
                    )),
                    status::BURNT => lines.push(format!("  {t} BURNS: a wreck where she lies.")),
                    _ if taken => lines.push(format!(
                        "  {t} is TAKEN by the {} (prize crew: {}).",
                        side(sa.owner),
                        markers_text(sa)
                    )),
                    _ => {}
                }
            }
            if sb.aground > 0 && sa.aground == 0 && sa.afloat() {
                lines.push(format!("  {t} refloats."));
            }
            if sa.pause_next && !sb.pause_next {
                lines.push(format!("  {t} will pause in her side's next turn."));
            }
        }
        if a.turn > b.turn {
            lines.push(format!("--- Turn {} ---", a.turn));
            let mut l = format!(
                "{} turn: wind from the {}, battle clock {} of {}",
                possessive(&format!("The {}", self.side(a.mover))),
                a.wind_from.name(),
                a.clock,
                a.clock_length
            );
            let paused: Vec<String> = (0..a.num_ships as usize)
                .filter(|&i| a.ships[i].paused && a.ships[i].afloat())
                .map(|i| self.tag(i))
                .collect();
            if !paused.is_empty() {
                l.push_str(&format!("; pausing: {}", paused.join(", ")));
            }
            lines.push(format!("{l}."));
        }
        if b.ending.is_none() && a.ending.is_some() {
            lines.push(PoeResult::of(a, &self.roster).text(a));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::{Game, Turn};
    use broadside_env::poe::{builtin_scenario, PoeOptions};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn narrator(id: &str) -> (PoeGame, PoeNarrator) {
        let s = builtin_scenario(id).expect("built-in scenario");
        (
            PoeGame::new(&s, PoeOptions::default()),
            PoeNarrator::new(crate::poe::roster(&s, 0)),
        )
    }

    fn step(g: &mut PoeGame, n: &mut PoeNarrator, a: Action) -> Vec<String> {
        let before = g.clone();
        g.apply(a).expect("legal");
        n.observe(&before, a, g)
    }

    #[test]
    fn the_wind_contest_is_told_die_by_die() {
        let (mut g, mut n) = narrator("warship-duel");
        assert_eq!(
            step(&mut g, &mut n, WIND_DICE_0 + 2),
            ["The Navy roll 2 wind dice to change the wind (from the N)."]
        );
        assert_eq!(
            step(&mut g, &mut n, ROLL_0 + 1),
            ["  Wind dice: 1 success of 2 (5-6). The Buccaneer may answer."]
        );
        assert_eq!(
            step(&mut g, &mut n, CANCEL_DICE_0 + 1),
            ["  The Buccaneer answer with 1 die."]
        );
        assert_eq!(
            step(&mut g, &mut n, ROLL_0),
            ["  The Buccaneer answer: 0 successes of 1 against 1 (5-6). The Navy win the wind change."]
        );
        assert_eq!(
            step(&mut g, &mut n, WIND_CW),
            ["  The Navy turn the wind clockwise: now from the NE."]
        );
    }

    #[test]
    fn a_shot_shows_its_dice_hits_reroll_and_losses() {
        let (mut g, mut n) = narrator("warship-duel");
        // Bring Royal Fortune 1 hex off Swallow's beam.
        let (c, row) = g.ships[0].hex.to_offset();
        g.ships[1].hex = broadside_env::hex::Hex::from_offset(c, row + 1);
        step(&mut g, &mut n, WIND_DICE_0);
        let l = step(&mut g, &mut n, SHIP_0);
        assert_eq!(
            l,
            ["Swallow (A) acts: at (3,4) facing SE, rear quarter; crew 3/3, guns 3/3, sail 3/3."]
        );
        while g.turn() == Turn::Chance {
            step(&mut g, &mut n, ROLL_0);
        }
        assert_eq!(
            step(&mut g, &mut n, FIRE_0 + 1),
            ["  Swallow (A) fires at Royal Fortune (a), broadside 9 dice, short range (1 hex)."]
        );
        assert_eq!(
            step(&mut g, &mut n, ROLL_0 + 2),
            ["  Gunnery: Swallow (A) rolls 9 dice: 2 hits (6s)."]
        );
        assert_eq!(
            step(&mut g, &mut n, REROLL),
            ["  The Navy re-roll the broadside (2 hits set aside)."]
        );
        assert_eq!(
            step(&mut g, &mut n, ROLL_0 + 3),
            ["  Re-roll: Swallow (A) rolls 9 dice: 3 hits (6s)."]
        );
        // The first hit is the target's choice.
        let l = step(&mut g, &mut n, LOSE_0 + GUNS as Action);
        assert_eq!(
            l,
            ["  Royal Fortune (a) loses 1 guns (the Buccaneer's choice): crew 3/3, guns 2/3, sail 3/3."]
        );
    }

    #[test]
    fn pools_over_12_dice_are_told_batch_by_batch() {
        let (mut g, mut n) = narrator("warship-duel");
        g.act.ship = 0;
        g.shot = broadside_env::poe::Shot {
            shooter: 0,
            target: 1,
            kind: ShotKind::Own,
            chaser: false,
            dice: 13,
            hits: 0,
            rerolled: false,
        };
        g.pending = Pending::Dice {
            kind: DiceKind::Gunnery,
            left: 13,
            acc: 0,
        };
        assert_eq!(
            step(&mut g, &mut n, ROLL_0 + 2),
            ["  Gunnery: Swallow (A) rolls dice 1-12 of 13: 2 hits (6s)."]
        );
        assert_eq!(
            step(&mut g, &mut n, ROLL_0 + 1),
            ["  Gunnery: Swallow (A) rolls dice 13-13 of 13: 1 hit (6s). 3 hits in all."]
        );
        assert_eq!(g.pending, Pending::Reroll);
    }

    #[test]
    fn fog_shallows_death_and_the_turn_header() {
        let (g0, mut n) = narrator("fog-and-shallows");
        let mut g = g0.clone();
        g.act.ship = 0;
        g.pending = Pending::Fog;
        let l = step(&mut g, &mut n, FOG_STOP);
        assert!(
            l[0].starts_with("  Fog at (2,3): the die shows 1-2"),
            "{l:?}"
        );
        let mut g = g0.clone();
        g.act.ship = 0;
        g.pending = Pending::Shallows { dice: 2 };
        let l = step(&mut g, &mut n, AGROUND);
        assert!(
            l[0].contains("2 dice, a 6 — Bonaventure (A) RUNS AGROUND"),
            "{l:?}"
        );
        let mut g = g0.clone();
        g.loss.ship = 3;
        g.loss.left = 2;
        g.act.ship = 2;
        g.shot.target = 3;
        g.shot.shooter = 2;
        g.ships[3].level = [0; 3];
        g.pending = Pending::Death { left: 2 };
        let l = step(&mut g, &mut n, BURNS);
        assert!(
            l[0].contains("Adventure (a), hit with no markers left: 2 dice, a 1 — she BURNS"),
            "{l:?}"
        );
        assert!(l.iter().any(|x| x.contains("BURNS: a wreck")), "{l:?}");
        let mut g = g0.clone();
        g.pending = Pending::Clock;
        let l = step(&mut g, &mut n, CLOCK_3 + 1);
        assert_eq!(l[0], "The Convoy advance the battle clock by 4: 4 of 21.");
        assert_eq!(l[1], "--- Turn 2 ---");
        assert!(
            l[2].starts_with("The Buccaneers' turn: wind from the NW"),
            "{l:?}"
        );
    }

    /// Random games of every scenario narrate every action without panicking, and show
    /// the turns, the shots and the end.
    #[test]
    fn random_games_narrate_turns_shots_and_the_end() {
        for id in ["warship-duel", "convoy-action", "fog-and-shallows"] {
            let s = builtin_scenario(id).expect("built-in scenario");
            let mut all = Vec::new();
            for seed in 0..3u64 {
                let mut g = PoeGame::new(&s, PoeOptions::default());
                let mut n = PoeNarrator::new(crate::poe::roster(&s, 0));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                while g.turn() != Turn::Terminal {
                    let act = match g.turn() {
                        Turn::Chance => g.chance_outcomes().sample(&mut rng),
                        _ => {
                            let legal = g.legal_actions();
                            let fire = legal.iter().find(|&x| {
                                (FIRE_0..DONE).contains(&x) || (OPP_0..OPP_HOLD).contains(&x)
                            });
                            match fire {
                                Some(f) if rng.random_bool(0.9) => f,
                                _ => legal.nth(rng.random_range(0..legal.len())).unwrap_or(0),
                            }
                        }
                    };
                    all.extend(step(&mut g, &mut n, act));
                }
            }
            assert!(all.iter().any(|l| l == "--- Turn 2 ---"), "{id}");
            assert!(all.iter().any(|l| l.contains(" acts: at ")), "{id}");
            assert!(all.iter().any(|l| l.contains("fires at")), "{id}");
            assert!(
                all.iter()
                    .any(|l| l.contains("hits (6s)") || l.contains("hit (6s)")),
                "{id}"
            );
            assert!(
                all.iter()
                    .any(|l| l.contains(" win on turn") || l.contains("A draw")),
                "{id}"
            );
            assert!(all.iter().all(|l| !l.contains('\u{1b}')), "{id}");
        }
    }
}
