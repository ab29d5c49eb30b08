//! Golden playthroughs of Fighting Sail: for each built-in scenario, a seeded random game
//! written out step by step (every decision and chance outcome with its context, and the
//! ships' positions and tokens at each new turn) and compared with the file in
//! `tests/golden/fsail/`. A rules change that alters play shows up as a diff here;
//! regenerate on purpose with `BROADSIDE_BLESS=1 cargo test -p broadside-env --test fsail golden::`.

use crate::golden_playthrough::Chronicle;
use broadside_env::fsail::{builtin_scenarios, FsailGame, FsailOptions, Pending, Phase, Scenario};
use broadside_env::game::Player;

fn chance_context(g: &FsailGame) -> String {
    match g.pending {
        Pending::Initiative => "initiative".into(),
        Pending::SailingDice {
            ship, dice, target, ..
        } => format!("ship {ship} sails: {dice} dice on {target}+"),
        Pending::Shot(s) => format!(
            "ship {} fires at {}: to hit {}+, explode {}+, raking {}, dice {}x/{}p/{}r, hits {}",
            s.firer, s.target, s.hit_t, s.explode_t, s.raking, s.exploding, s.plain, s.rest, s.hits
        ),
        Pending::HullSave { target, hits, .. } => {
            format!("ship {target} saves against {hits} hits")
        }
        Pending::Discipline { ship } => format!("ship {ship} tests Discipline"),
        Pending::BoardAttack { attacker, defender } => {
            format!("ship {attacker} boards {defender}")
        }
        Pending::BoardDefend { defender, hits, .. } => {
            format!("ship {defender} defends against {hits}")
        }
        Pending::None => String::new(),
    }
}

/// What Fighting Sail writes about its game.
struct Fsail<'a>(&'a Scenario);

impl Chronicle for Fsail<'_> {
    type Game = FsailGame;
    fn turn(&self, g: &FsailGame) -> u32 {
        g.turn.into()
    }
    fn turn_state(&self, g: &FsailGame) -> String {
        format!(
            "morale {:?}  wind {}  weather {:?}",
            g.morale,
            broadside_env::fsail::data::WIND_NAMES[g.wind_from as usize],
            g.weather
        )
    }
    fn num_ships(&self, g: &FsailGame) -> usize {
        g.num_ships as usize
    }
    fn ship_line(&self, g: &FsailGame, i: usize) -> String {
        let sc = self.0;
        let s = &g.ships[i];
        let state = ["", " SUNK", " STRUCK", " TAKEN"][s.status as usize & 3];
        format!(
            "  {:>2} {:<11} side {} slot {} at ({:.3}, {:.3}) heading {:>3} {:<12} tokens {}{}{}{state}",
            i,
            sc.ships[i].name,
            s.side,
            s.slot,
            FsailGame::inches(s.base.centre.x),
            FsailGame::inches(s.base.centre.y),
            s.base.heading,
            g.attitude(i).name(),
            s.tokens,
            if s.anchor { " anchor" } else { "" },
            if s.cannon { " cannon" } else { "" },
        )
    }
    fn chance_context(&self, g: &FsailGame) -> String {
        chance_context(g)
    }
    fn decider(&self, g: &FsailGame, p: Player) -> String {
        let ctx = match g.phase {
            Phase::SailSpend { ship, points, .. } => {
                format!(" ship {ship} with {points} points")
            }
            _ => String::new(),
        };
        format!("side {p}{ctx}")
    }
    fn ending(&self, g: &FsailGame) -> String {
        format!("{:?}, morale {:?}", g.ending, g.morale)
    }
}

/// Plays and writes the game.
fn playthrough(sc: &Scenario) -> String {
    let g = FsailGame::new(sc, FsailOptions { resignation: false });
    crate::golden_playthrough::playthrough(
        &Fsail(sc),
        g,
        &format!("fsail/{} ({})", sc.id, sc.title),
    )
}

#[test]
fn golden_playthroughs_match() {
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    crate::golden_playthrough::check("fsail", &files);
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[1];
    assert_eq!(playthrough(sc), playthrough(sc));
}
