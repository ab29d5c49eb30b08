//! Golden playthroughs of the Pieces of Eight sea fight: for each built-in scenario, a
//! seeded random game written out step by step (every decision and chance outcome with its
//! context, and the ships at each new turn) and compared with the file in
//! `tests/golden/poe/`. A rules change that alters play shows up as a diff here; regenerate
//! on purpose with `BROADSIDE_BLESS=1 cargo test -p broadside-env --test poe golden::`.

use crate::golden_playthrough::Chronicle;
use broadside_env::game::Player;
use broadside_env::poe::catalogue::MARKER_NAMES;
use broadside_env::poe::state::status;
use broadside_env::poe::{builtin_scenarios, Pending, PoeGame, PoeOptions, Scenario};

/// What the sea fight writes about its game.
struct Poe<'a>(&'a Scenario);

impl Chronicle for Poe<'_> {
    type Game = PoeGame;
    fn turn(&self, g: &PoeGame) -> u32 {
        g.turn.into()
    }
    fn turn_state(&self, g: &PoeGame) -> String {
        format!(
            "mover {}  clock {}/{}  wind from {}  fog {}  points(halves) {:?}",
            g.mover,
            g.clock,
            g.clock_length,
            g.wind_from.name(),
            g.fog.len(),
            g.half_points()
        )
    }
    fn num_ships(&self, g: &PoeGame) -> usize {
        g.num_ships as usize
    }
    fn ship_line(&self, g: &PoeGame, i: usize) -> String {
        let s = &g.ships[i];
        let (c, r) = s.hex.to_offset();
        let state = ["", " STRUCK", " BURNT", " EXITED"][s.status as usize & 3];
        let owner = if s.captured() {
            format!(" captured by {}", s.owner)
        } else {
            String::new()
        };
        format!(
            "  {:>2} {:<14} side {} at ({:>2}, {}) facing {:<2} {:<13} crew/guns/sail {}/{}/{}{}{}{}{owner}{state}",
            i,
            self.0.ships[i].name,
            s.orig,
            c,
            r,
            s.facing.name(),
            g.wind_angle(i).name(),
            s.level[0],
            s.level[1],
            s.level[2],
            if s.aground > 0 { " aground" } else { "" },
            if s.pause_next || s.paused { " paused" } else { "" },
            if g.fog.contains(s.hex) { " in fog" } else { "" },
        )
    }
    fn chance_context(&self, g: &PoeGame) -> String {
        match g.pending {
            Pending::Dice { kind, left, acc } => {
                format!("{kind:?}: {left} dice to roll, {acc} successes so far")
            }
            Pending::Extra { max, good } => format!(
                "ship {} extra hexes: up to {max} on {good} faces",
                g.act.ship
            ),
            Pending::Fog => format!("ship {} enters fog", g.act.ship),
            Pending::Shallows { dice } => {
                format!("ship {} enters shallows: {dice} dice", g.act.ship)
            }
            Pending::Death { left } => format!("ship {} death rolls: {left}", g.loss.ship),
            _ => String::new(),
        }
    }
    fn decider(&self, g: &PoeGame, p: Player) -> String {
        let ctx = match g.pending {
            Pending::Moving => format!(
                " ship {} moved {}/{}",
                g.act.ship, g.act.moved, g.act.allowance
            ),
            Pending::Lose { .. } => format!(" ship {} loses", g.loss.ship),
            _ => String::new(),
        };
        format!("side {p}{ctx}")
    }
    fn ending(&self, g: &PoeGame) -> String {
        let _ = (MARKER_NAMES, status::AFLOAT);
        format!("{:?}", g.ending)
    }
}

/// Plays and writes the game.
fn playthrough(sc: &Scenario) -> String {
    let g = PoeGame::new(sc, PoeOptions { resignation: false });
    crate::golden_playthrough::playthrough(&Poe(sc), g, &format!("poe/{} ({})", sc.id, sc.title))
}

#[test]
fn golden_playthroughs_match() {
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    crate::golden_playthrough::check("poe", &files);
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[0];
    assert_eq!(playthrough(sc), playthrough(sc));
}
