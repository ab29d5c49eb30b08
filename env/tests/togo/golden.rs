//! Golden playthroughs of Gods of War: Togo: for each built-in scenario, a seeded random
//! game written out step by step (every decision and roll with its context, and the ships
//! at each new turn, hidden orders included) and compared with the file in
//! `tests/golden/togo/`. A rules change that alters play shows up as a diff here; regenerate
//! on purpose with `BROADSIDE_BLESS=1 cargo test -p broadside-env --test togo golden::`.

use crate::golden_playthrough::Chronicle;
use broadside_env::game::Player;
use broadside_env::togo::catalogue::ORDER_NAMES;
use broadside_env::togo::state::{COMPASS, WIND_NAMES};
use broadside_env::togo::{builtin_scenarios, Scenario, Stage, TogoGame, TogoOptions};

struct Togo<'a>(&'a Scenario);

impl Chronicle for Togo<'_> {
    type Game = TogoGame;
    fn turn(&self, g: &TogoGame) -> u32 {
        g.turn.into()
    }
    fn turn_state(&self, g: &TogoGame) -> String {
        format!(
            "wind {} from {}  player A {}  losses {:?}",
            WIND_NAMES[g.wind as usize],
            COMPASS[g.wind_dir as usize],
            g.player_a,
            g.losses()
        )
    }
    fn num_ships(&self, g: &TogoGame) -> usize {
        g.num_ships as usize
    }
    fn ship_line(&self, g: &TogoGame, i: usize) -> String {
        let s = &g.ships[i];
        format!(
            "  {} {:<22} side {} class {}{} at ({:>6}, {:>6}) hdg {:>3} hull {:>2}/{:<2} guns {:?} torp {} orders {}/{} fire {} flood {}+{} rudder {} engine {} list {} status {}",
            i,
            self.0.ships[i].name,
            s.side,
            s.class,
            if s.fort { " fort" } else { "" },
            s.rect.centre.x,
            s.rect.centre.y,
            s.rect.heading,
            s.hull,
            s.hull_max,
            s.guns,
            s.torpedoes,
            ORDER_NAMES[s.active as usize],
            ORDER_NAMES[s.planned as usize],
            s.fires,
            s.floods,
            s.floods_held,
            s.rudder,
            s.engine,
            s.listing,
            s.status
        )
    }
    fn chance_context(&self, g: &TogoGame) -> String {
        match g.sub {
            Some(sub) => format!("{sub:?}"),
            None => match g.stage {
                Stage::Hits { shot } | Stage::Reroll { shot } | Stage::Armour { shot } => {
                    format!("{:?} {:?}", g.stage, g.queue[shot as usize])
                }
                other => format!("{other:?}"),
            },
        }
    }
    fn decider(&self, g: &TogoGame, p: Player) -> String {
        format!("side {p} at {:?} (ship {})", g.stage, g.mv.ship)
    }
    fn ending(&self, g: &TogoGame) -> String {
        format!("{:?} losses {:?}", g.ending, g.losses())
    }
}

fn playthrough(sc: &Scenario) -> String {
    let g = TogoGame::new(sc, TogoOptions { resignation: false });
    crate::golden_playthrough::playthrough(&Togo(sc), g, &format!("togo/{} ({})", sc.id, sc.title))
}

#[test]
fn golden_playthroughs_match() {
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    crate::golden_playthrough::check("togo", &files);
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[0];
    assert_eq!(playthrough(sc), playthrough(sc));
}
