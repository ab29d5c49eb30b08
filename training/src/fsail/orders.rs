//! The orders a person may give in a Fighting Sail game: the legal actions of the moment,
//! numbered and described, and the reading of a typed order (its number or its name).

use broadside_env::fsail::catalogue::{
    BOARD_0, CANNON_END, FIRE_0, RESIGN, SAIL_END, SHIP_0, TURN_PORT,
};
use broadside_env::fsail::data::{rules, MAX_PER_SIDE};
use broadside_env::fsail::state::Attitude;
use broadside_env::fsail::{FsailGame, Phase, Weather};
use broadside_env::game::Action;
use broadside_env::plane::{mast_distance, norm_deg};

use super::narrate::band_name;
use super::{inches, tag};
use crate::roster::Roster;

pub use crate::screens::{parse_order as parse, Order};

/// The legal orders now (without `resign`, which is a command of its own), in catalogue
/// order, numbered from 1 by their position.
pub fn legal_orders(g: &FsailGame, roster: &Roster) -> Vec<Order> {
    crate::screens::legal_orders(g, RESIGN, |a| describe(g, roster, a))
}

fn points(n: u8) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

/// What a legal decision does, in words.
pub fn describe(g: &FsailGame, roster: &Roster, a: Action) -> String {
    let r = rules();
    match g.phase {
        Phase::SailSelect { player } => {
            if a == RESIGN {
                return "concede the battle".into();
            }
            let Some(i) = g.slot_ship(player, a.saturating_sub(SHIP_0) as usize) else {
                return String::new();
            };
            let s = &g.ships[i];
            let att = g.attitude(i);
            let mut dice = s.sailing;
            if s.anchor {
                dice = dice.saturating_sub(r.anchor_dice_penalty);
            }
            if g.weather == Weather::Becalmed {
                dice = 0;
            }
            let mut target = r.sail_target[att as usize];
            if g.weather == Weather::Gale {
                target = target.saturating_sub(r.gale_sailing_bonus).max(2);
            }
            format!(
                "sail {}: {}, {dice} sailing dice at {target}+{}",
                tag(roster, i),
                att.name(),
                if s.anchor { ", anchored" } else { "" }
            )
        }
        Phase::SailSpend {
            ship, points: left, ..
        } => {
            let i = ship as usize;
            if a == SAIL_END {
                return if left > 0 {
                    format!("stop sailing ({} unused)", points(left))
                } else {
                    "stop sailing".into()
                };
            }
            let Some(m) = g.sail_move(i, a) else {
                return String::new();
            };
            let kind = if a < TURN_PORT {
                "manoeuvre"
            } else if m.tack {
                "tack"
            } else {
                "wear"
            };
            let turn = match m.turn {
                0 => String::new(),
                t if t < 0 => format!(", turn {}° to port", -t),
                t => format!(", turn {t}° to starboard"),
            };
            let heading = norm_deg(g.ships[i].base.heading as i32 + m.turn);
            format!(
                "{kind}: {}\" ahead{turn} ({}) → heading {heading:03}°, {}",
                inches(m.dist),
                points(m.cost),
                Attitude::of(heading, g.wind_deg()).name()
            )
        }
        Phase::Cannon { player } => {
            if a == CANNON_END {
                return "fire no more this turn".into();
            }
            let (base, board) = if a >= BOARD_0 {
                (a - BOARD_0, true)
            } else {
                (a.saturating_sub(FIRE_0), false)
            };
            let (si, sj) = (base as usize / MAX_PER_SIDE, base as usize % MAX_PER_SIDE);
            let (Some(x), Some(y)) = (g.slot_ship(player, si), g.slot_ship(1 - player, sj)) else {
                return String::new();
            };
            let d = inches(mast_distance(&g.ships[x].base, &g.ships[y].base));
            if board {
                format!(
                    "{} boards {}: {} Boarding dice against {}",
                    tag(roster, x),
                    tag(roster, y),
                    g.ships[x].boarding_now(),
                    g.ships[y].boarding_now()
                )
            } else {
                format!(
                    "{} fires her {} broadside at {}: {d}\", {} range, {} dice{}",
                    tag(roster, x),
                    g.broadside_at(x, y).map_or("?", |arc| arc.name()),
                    tag(roster, y),
                    band_name(g.range_band(x, y)),
                    g.ships[x].gunnery_now(),
                    if g.is_raking(x, y) { ", raking" } else { "" }
                )
            }
        }
        Phase::Initiative | Phase::Over => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};
    use broadside_env::game::Game;

    #[test]
    fn orders_are_numbered_named_and_read_back() {
        let s = builtin_scenario("frigate-duel").expect("built-in scenario");
        let mut g = FsailGame::new(&s, FsailOptions { resignation: true });
        let init = broadside_env::fsail::catalogue::INIT_0;
        g.apply(init).expect("side 0 wins the initiative");
        let r = crate::fsail::roster(&s, 0);
        let orders = legal_orders(&g, &r);
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert_eq!(orders[0].name, "ship:0");
        assert!(orders[0].text.contains("sailing dice"), "{orders:?}");
        assert_eq!(parse(&g, &orders, "1"), Ok(SHIP_0));
        assert_eq!(parse(&g, &orders, " SHIP:0 "), Ok(SHIP_0));
        assert!(parse(&g, &orders, "2").is_err_and(|e| e.contains("no order number 2")));
        assert!(parse(&g, &orders, "ship:1").is_err_and(|e| e.contains("not a legal order")));
        assert!(parse(&g, &orders, "full sail").is_err_and(|e| e.contains("cannot read")));
        // `play` explains a refused order with the rule (the generic prompt's refusal hook).
        let explained =
            crate::screens::parse_order_explained(&g, &orders, "fire:0>0", &|a| g.refusal(a));
        assert!(
            explained
                .as_ref()
                .is_err_and(|e| e.contains("is not allowed now") && e.contains("Cannon Phase")),
            "{explained:?}"
        );
        let explained =
            crate::screens::parse_order_explained(&g, &orders, "ship:1", &|a| g.refusal(a));
        assert!(explained.is_err_and(|e| e.contains("no ship number 1")));
    }
}
