//! Golden playthroughs: for each built-in scenario, a seeded random game written out step by
//! step (every decision and chance outcome, and the ships' condition at each new turn) and
//! compared with the file in `tests/golden/wsim/`. A rules change that alters play shows up
//! as a diff here; regenerate on purpose with `BROADSIDE_BLESS=1 cargo test -p broadside-env --test wsim golden::`.

use crate::golden_playthrough::Chronicle;
use broadside_env::game::{Action, Player};
use broadside_env::hex::Side;
use broadside_env::wsim::notation::format_plan;
use broadside_env::wsim::state::Pending;
use broadside_env::wsim::{builtin_scenarios, Scenario, WsimGame, WsimOptions, WSIM_SPEC};

fn chance_context(g: &WsimGame) -> String {
    match g.pending {
        Pending::FireDie {
            ship,
            side,
            target,
            table,
            range,
            raked,
        } => {
            let sd = if side == 0 { Side::Left } else { Side::Right };
            format!(
                "ship {ship} fires {} at {target}, range {range}, table {table}{}",
                sd.name(),
                if raked { ", raked" } else { "" }
            )
        }
        Pending::Target {
            ship, candidates, ..
        } => format!("ship {ship} picks a target among {candidates:#x}"),
        Pending::CollisionWinner { candidates } => {
            format!("collision, winner among {candidates:#x}")
        }
        Pending::Foul { winner, losers } => {
            format!("fouling of {winner} with {}", losers.trailing_zeros())
        }
        Pending::Unfoul { a, b } => format!("unfouling of {a} and {b}"),
        Pending::GunSide { target, .. } => format!("gun hit side on raked {target}"),
        Pending::ReloadSide { ship } => format!("ship {ship} reloads any side"),
        Pending::None => String::new(),
    }
}

/// What WS&IM writes about its game.
struct Wsim<'a>(&'a Scenario);

impl Chronicle for Wsim<'_> {
    type Game = WsimGame;
    fn turn(&self, g: &WsimGame) -> u32 {
        g.turn.into()
    }
    fn turn_state(&self, g: &WsimGame) -> String {
        format!("scores {:?}", g.scores)
    }
    fn num_ships(&self, g: &WsimGame) -> usize {
        g.num_ships as usize
    }
    fn ship_line(&self, g: &WsimGame, i: usize) -> String {
        let sc = self.0;
        let s = &g.ships[i];
        let (c, r) = s.pos.bow.to_offset();
        let status = if s.struck() {
            " STRUCK"
        } else if s.crewless() {
            " NO-CREW"
        } else {
            ""
        };
        format!(
            "  {:>2} {:<14} side {} bow ({c},{r}) {:<2} att {} hull {} crew {:?} rig {:?} guns {}|{} carr {}|{} loaded {}{} fouled {:#x}{status}",
            i,
            sc.ships[i].name,
            s.side,
            s.pos.facing.name(),
            g.attitude(i).name(),
            s.hull,
            s.crew,
            &s.rigging[..s.rigging_sections as usize],
            s.guns[0],
            s.guns[1],
            s.carronades[0],
            s.carronades[1],
            if s.loaded[0] { "L" } else { "-" },
            if s.loaded[1] { "R" } else { "-" },
            s.fouled,
        )
    }
    fn chance_context(&self, g: &WsimGame) -> String {
        chance_context(g)
    }
    fn decider(&self, g: &WsimGame, _p: Player) -> String {
        let ship = g.acting_ship().unwrap_or(0);
        format!("side {} ship {ship}", g.ships[ship].side)
    }
    /// The plan a ship's movement orders add up to, when they end.
    fn note(&self, before: &WsimGame, action: Action) -> String {
        let before_plan = before.acting_ship().map(|i| before.ships[i].orders);
        match (WSIM_SPEC.action_name(action), before_plan) {
            ("move:end", Some(o)) => format!(" -> {}", format_plan(&o.plan[..o.plan_len as usize])),
            _ => String::new(),
        }
    }
    fn ending(&self, g: &WsimGame) -> String {
        format!("{:?}, scores {:?}", g.ending, g.scores)
    }
}

/// Plays and writes the game.
fn playthrough(sc: &Scenario) -> String {
    let g = WsimGame::new(sc, WsimOptions { resignation: false });
    crate::golden_playthrough::playthrough(&Wsim(sc), g, &format!("wsim/{} ({})", sc.id, sc.title))
}

#[test]
fn golden_playthroughs_match() {
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    crate::golden_playthrough::check("wsim", &files);
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[1];
    assert_eq!(playthrough(sc), playthrough(sc));
}
