//! The orders a person may give in a Pieces of Eight game: the legal actions of the moment,
//! numbered and described in words (where the ship goes and what it meets there, how many
//! dice a shot rolls and why), read back by number or name through
//! [`crate::screens::parse_order`].

use broadside_env::game::Action;
use broadside_env::poe::catalogue::*;
use broadside_env::poe::data::rules;
use broadside_env::poe::state::{status, WindAngle, CREW, GUNS};
use broadside_env::poe::{Pending, PoeGame, ShotKind};

use super::chart::{markers_text, sailing_text};
use super::{at, tag};
use crate::roster::Roster;
use crate::style::count;

pub use crate::screens::{parse_order as parse, Order};

/// The legal orders now (without `resign`, which is a command of its own), in catalogue
/// order, numbered from 1 by their position.
pub fn legal_orders(g: &PoeGame, roster: &Roster) -> Vec<Order> {
    crate::screens::legal_orders(g, RESIGN, |a| describe(g, roster, a))
}

/// "short range" at 1 hex, else "3 hexes".
pub fn range_words(d: i32) -> String {
    if d <= rules().gunnery.short_range as i32 {
        format!(
            "short range ({})",
            if d == 1 {
                "1 hex".into()
            } else {
                format!("{d} hexes")
            }
        )
    } else {
        format!("{d} hexes")
    }
}

/// "a broadside of 6 dice at Revenge (b), short range, raking" — a shot of `kind` by
/// `shooter` at `target` as it would be rolled now.
pub fn shot_words(
    g: &PoeGame,
    roster: &Roster,
    shooter: usize,
    target: usize,
    kind: ShotKind,
) -> String {
    let chaser = g.shot_option(shooter, target, kind).unwrap_or(false);
    let dice = g.gunnery_dice(shooter, target, kind, chaser);
    let d = g.ships[shooter].hex.distance(g.ships[target].hex);
    let what = if chaser { "chaser" } else { "broadside" };
    let raking = if !chaser && kind == ShotKind::Own && g.rakes(shooter, target) {
        ", raking"
    } else {
        ""
    };
    format!(
        "{}, {what} {}, {}{raking}",
        tag(roster, target),
        count(dice, "die", "dice"),
        range_words(d)
    )
}

/// What entering hex `h` would bring the acting ship: the exit, fog, shallows, enemies at 1.
fn hex_notes(g: &PoeGame, roster: &Roster, i: usize, h: broadside_env::hex::Hex) -> String {
    let s = &g.ships[i];
    let mut notes = Vec::new();
    if g.convoy_merchant(i) && g.is_exit(h) {
        notes.push("ESCAPES by the exit".to_string());
        return format!(" — {}", notes.join(", "));
    }
    if g.fog.contains(h) {
        notes.push(if g.act.fog_checked {
            "fog".to_string()
        } else {
            format!("fog (1-{} ends the move)", rules().hazards.fog_stop_max)
        });
    }
    if g.shallows.contains(h) && !g.act.shallows_checked {
        let dice = s.size.saturating_sub(s.hardened_now() as u8);
        if dice > 0 {
            notes.push(format!(
                "shallows ({}, a 6 runs aground)",
                count(dice, "die", "dice")
            ));
        } else {
            notes.push("shallows (no dice)".into());
        }
    } else if g.shallows.contains(h) {
        notes.push("shallows".into());
    }
    let near: Vec<String> = g
        .ships()
        .iter()
        .enumerate()
        .filter(|(j, o)| *j != i && o.afloat() && o.owner != s.owner && o.hex.distance(h) == 1)
        .map(|(j, _)| roster.letter(j).to_string())
        .collect();
    if !near.is_empty() {
        notes.push(format!("alongside {}", near.join(", ")));
    }
    if notes.is_empty() {
        String::new()
    } else {
        format!(" — {}", notes.join(", "))
    }
}

/// What a legal decision does, in words.
pub fn describe(g: &PoeGame, roster: &Roster, a: Action) -> String {
    let acting = g.act.ship as usize;
    let other = roster.side_name(1 - g.mover);
    match g.pending {
        Pending::WindDice => {
            let n = (a - WIND_DICE_0) as u8;
            if n == 0 {
                format!("leave the wind in the {}", g.wind_from.name())
            } else {
                format!(
                    "roll {} to change the wind (5-6 succeed; the {other} may answer)",
                    count(n, "wind die", "wind dice")
                )
            }
        }
        Pending::CancelDice { successes } => {
            let n = (a - CANCEL_DICE_0) as u8;
            if n == 0 {
                format!(
                    "let the wind change ({} unanswered)",
                    count(successes, "success", "successes")
                )
            } else {
                format!(
                    "answer their {} with {} (5-6 cancel one each)",
                    count(successes, "success", "successes"),
                    count(n, "die", "dice")
                )
            }
        }
        Pending::WindTurn => {
            let (f, way) = if a == WIND_CW {
                (g.wind_from.rotate(1), "clockwise")
            } else {
                (g.wind_from.rotate(-1), "anticlockwise")
            };
            let fog = if g.fog.is_empty() {
                String::new()
            } else {
                format!(
                    "; the fog drifts {} hexes to the {}",
                    rules().wind.fog_drift,
                    f.opposite().name()
                )
            };
            format!("turn the wind {way}: from the {}{fog}", f.name())
        }
        Pending::SelectShip => {
            if a == RESIGN {
                return "concede the battle".into();
            }
            let i = (a - SHIP_0) as usize;
            let s = &g.ships[i];
            let mut t = format!(
                "{} acts: at {} {}, {}, {}; {}",
                tag(roster, i),
                at(s.hex),
                s.facing.name(),
                g.wind_angle(i).name(),
                if s.aground > 0 {
                    "aground, cannot move".to_string()
                } else {
                    sailing_text(g, i)
                },
                markers_text(s)
            );
            if s.lost() > 0 {
                t.push_str(", recovers first");
            }
            t
        }
        Pending::Recover => {
            let s = &g.ships[acting];
            let t = (a - RECOVER_0) as usize;
            format!(
                "restore a {} marker ({} {}→{})",
                MARKER_NAMES[t],
                MARKER_NAMES[t],
                s.level[t],
                s.level[t] + 1
            )
        }
        Pending::Moving | Pending::AfterMove => {
            let s = &g.ships[acting];
            match a {
                MOVE_AHEAD => {
                    let h = s.hex.neighbor(s.facing);
                    format!(
                        "move ahead to {}, {} (hex {} of {}){}",
                        at(h),
                        g.wind_angle(acting).name(),
                        g.act.moved + 1,
                        g.act.allowance,
                        hex_notes(g, roster, acting, h)
                    )
                }
                TURN_LEFT | TURN_RIGHT => {
                    let (f, way) = if a == TURN_RIGHT {
                        (s.facing.rotate(1), "starboard")
                    } else {
                        (s.facing.rotate(-1), "port")
                    };
                    let left = match g.act.turn_cap {
                        u8::MAX => "one turn in each hex".to_string(),
                        cap => format!("direction change {} of {cap}", g.act.turns + 1),
                    };
                    let ahead = s.hex.neighbor(f);
                    let blocked = if !g.map.contains(ahead) {
                        ", the map edge ahead"
                    } else if g.ship_at(ahead).is_some() {
                        ", a ship ahead"
                    } else {
                        ""
                    };
                    format!(
                        "turn to {way}: face {} {}, {} ({left}){blocked}",
                        f.name(),
                        super::map::facing_arrow(f),
                        WindAngle::of(f, g.wind_from).name()
                    )
                }
                MOVE_STOP => {
                    let short = g.act.allowance.saturating_sub(g.act.moved);
                    format!(
                        "end the move at {} ({} of {} hexes moved{})",
                        at(s.hex),
                        g.act.moved,
                        g.act.allowance,
                        if short > 0 && g.hex_ahead().is_none() {
                            ", the way ahead is blocked"
                        } else {
                            ""
                        }
                    )
                }
                DONE => format!("{} is done", tag(roster, acting)),
                x if (FIRE_0..BOARD_0).contains(&x) => {
                    let j = (x - FIRE_0) as usize;
                    format!(
                        "fire at {}",
                        shot_words(g, roster, acting, j, ShotKind::Own)
                    )
                }
                x if (BOARD_0..DONE).contains(&x) => {
                    let j = (x - BOARD_0) as usize;
                    if g.ships[j].status == status::STRUCK {
                        format!(
                            "take the struck {}: {} grapple dice, 1 success takes her",
                            tag(roster, j),
                            g.boarding_dice(acting, j, false)
                        )
                    } else {
                        format!(
                            "board {}: grapple {} dice against {}, then fight {} against {}",
                            tag(roster, j),
                            g.boarding_dice(acting, j, false),
                            g.boarding_dice(j, acting, false),
                            g.boarding_dice(acting, j, true),
                            g.boarding_dice(j, acting, true)
                        )
                    }
                }
                _ => String::new(),
            }
        }
        Pending::Opportunity => {
            if a == OPP_HOLD {
                return format!("hold fire as {} passes", tag(roster, acting));
            }
            let k = (a - OPP_0) as usize;
            format!(
                "{} shoots on opportunity at {}",
                tag(roster, k),
                shot_words(g, roster, k, acting, ShotKind::Opportunity)
            )
        }
        Pending::Reroll => {
            let sh = &g.shot;
            if a == KEEP {
                format!(
                    "keep the roll: {} on {}",
                    count(sh.hits, "hit", "hits"),
                    tag(roster, sh.target as usize)
                )
            } else {
                format!(
                    "re-roll all {} ({} now; the new roll stands)",
                    count(sh.dice, "die", "dice"),
                    count(sh.hits, "hit", "hits")
                )
            }
        }
        Pending::Lose { .. } => {
            let i = g.loss.ship as usize;
            let s = &g.ships[i];
            let t = (a - LOSE_0) as usize;
            let effect = match t {
                t if s.level[t] > 1 => String::new(),
                CREW => ": no crew, 1 recovery die, -2 gunnery dice".into(),
                GUNS => ": no guns, no gun dice".into(),
                _ => ": no sail, no extra hexes, -2 gunnery dice".into(),
            };
            format!(
                "{} loses a {} marker ({} {}→{}{}){effect}",
                tag(roster, i),
                MARKER_NAMES[t],
                MARKER_NAMES[t],
                s.level[t],
                s.level[t] - 1,
                if g.loss.left > 1 {
                    format!("; {} more to take", count(g.loss.left - 1, "hit", "hits"))
                } else {
                    String::new()
                }
            )
        }
        Pending::ReturnShot => {
            let (t, s) = (g.shot.target as usize, g.shot.shooter as usize);
            if a == RETURN_FIRE {
                format!(
                    "{} shoots back at {}",
                    tag(roster, t),
                    shot_words(g, roster, t, s, ShotKind::Return)
                )
            } else {
                format!("{} does not shoot back", tag(roster, t))
            }
        }
        Pending::Clock => {
            let n = (a - CLOCK_3 + 3) as u8;
            let to = g.clock.saturating_add(n);
            format!(
                "advance the battle clock by {n}: {} of {}{}",
                to,
                g.clock_length,
                if to >= g.clock_length {
                    " — the battle ends"
                } else {
                    ""
                }
            )
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::Game;
    use broadside_env::poe::{builtin_scenario, PoeOptions};

    #[test]
    fn orders_are_described_and_read_back() {
        let s = builtin_scenario("warship-duel").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        let r = crate::poe::roster(&s, 0);
        let orders = legal_orders(&g, &r);
        assert_eq!(orders.len(), 4, "{orders:?}");
        assert_eq!(orders[0].text, "leave the wind in the N");
        assert!(orders[2].text.starts_with("roll 2 wind dice"), "{orders:?}");
        assert_eq!(parse(&g, &orders, "1"), Ok(WIND_DICE_0));
        assert_eq!(parse(&g, &orders, "WIND:DICE:3"), Ok(WIND_DICE_0 + 3));
        assert!(parse(&g, &orders, "9").is_err_and(|e| e.contains("no order number 9")));
        assert!(parse(&g, &orders, "move:ahead").is_err_and(|e| e.contains("not a legal")));
        g.apply(WIND_DICE_0).expect("no wind dice");
        let orders = legal_orders(&g, &r);
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert!(
            orders[0].text.starts_with("Swallow (A) acts: at (3,4) SE"),
            "{orders:?}"
        );
        g.apply(SHIP_0).expect("Swallow acts");
        // Swallow faces SE with the wind from the N: rear quarter, 3 hexes and 1 on 3-6.
        while g.turn() == broadside_env::game::Turn::Chance {
            g.apply(ROLL_0).expect("no extra hex");
        }
        let orders = legal_orders(&g, &r);
        let ahead = orders
            .iter()
            .find(|o| o.action == MOVE_AHEAD)
            .expect("ahead");
        assert_eq!(ahead.text, "move ahead to (4,5), rear quarter (hex 1 of 3)");
        let right = orders
            .iter()
            .find(|o| o.action == TURN_RIGHT)
            .expect("turn");
        assert!(
            right
                .text
                .starts_with("turn to starboard: face S ↓, wind astern"),
            "{}",
            right.text
        );
    }

    #[test]
    fn shots_name_the_target_dice_and_range() {
        let s = builtin_scenario("warship-duel").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        let r = crate::poe::roster(&s, 0);
        let (c, row) = g.ships[0].hex.to_offset();
        g.ships[1].hex = broadside_env::hex::Hex::from_offset(c, row + 1);
        let t = shot_words(&g, &r, 0, 1, ShotKind::Own);
        // 3 guns x 2 dice + 3 short range.
        assert_eq!(
            t,
            "Royal Fortune (a), broadside 9 dice, short range (1 hex)"
        );
        g.act.ship = 0;
        g.pending = Pending::Clock;
        g.clock = 18;
        assert_eq!(
            describe(&g, &r, CLOCK_3),
            "advance the battle clock by 3: 21 of 21 — the battle ends"
        );
    }
}
