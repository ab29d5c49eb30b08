//! Shared helpers of the sea fight's rule tests (`rules_*.rs`) and data tests
//! (`data.rs`).
//!
//! A test scenario is written as TOML and read by `parse_scenario`, as a scenario file is: a
//! 15 x 9 map, the escape corner NE. Hexes are offset `(col, row)`.
#![allow(dead_code)]

use broadside_env::game::{Action, Game};
use broadside_env::hex::{Facing, Hex};
use broadside_env::poe::catalogue::*;
use broadside_env::poe::data::parse_scenario;
use broadside_env::poe::state::Activation;
use broadside_env::poe::{Pending, PoeGame, PoeOptions, Scenario};

/// One ship of a test scenario: side, class id, col, row, facing, extra TOML fields
/// (e.g. `", hardened = true"`).
pub type Def = (u8, &'static str, i32, i32, &'static str, &'static str);

/// The TOML text of a test scenario.
pub fn scenario_text(
    ships: &[Def],
    wind: &str,
    fog: &[(i32, i32)],
    shallows: &[(i32, i32)],
) -> String {
    let list = |v: &[(i32, i32)]| {
        v.iter()
            .map(|(c, r)| format!("[{c}, {r}]"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut t = format!(
        "id = \"test\"\ntitle = \"test\"\nsides = [\"A\", \"B\"]\nmap = {{ cols = 15, rows = 9 }}\n\
         wind_from = \"{wind}\"\nescape_corner = \"NE\"\nfog = [{}]\nshallows = [{}]\nship = [\n",
        list(fog),
        list(shallows)
    );
    for (i, (side, class, c, r, f, extra)) in ships.iter().enumerate() {
        t += &format!(
            "  {{ name = \"s{i}\", side = {side}, class = \"{class}\", col = {c}, row = {r}, facing = \"{f}\"{extra} }},\n"
        );
    }
    t += "]\n";
    t
}

/// A test scenario, which must be valid.
pub fn scenario(
    ships: &[Def],
    wind: &str,
    fog: &[(i32, i32)],
    shallows: &[(i32, i32)],
) -> Scenario {
    let t = scenario_text(ships, wind, fog, shallows);
    parse_scenario(&t, "test.toml").unwrap_or_else(|e| panic!("{e}\n{t}"))
}

/// A new game with the wind from `wind`, no fog, no shallows.
pub fn game(ships: &[Def], wind: &str) -> PoeGame {
    PoeGame::new(&scenario(ships, wind, &[], &[]), PoeOptions::default())
}

/// A new game with fog and shallows.
pub fn game_with(
    ships: &[Def],
    wind: &str,
    fog: &[(i32, i32)],
    shallows: &[(i32, i32)],
) -> PoeGame {
    PoeGame::new(&scenario(ships, wind, fog, shallows), PoeOptions::default())
}

/// Puts the game at `mover`'s ship selection (after the wind change): every ship of the
/// mover yet to act, nobody has shot.
pub fn at_select(g: &mut PoeGame, mover: u8) {
    g.mover = mover;
    for s in g.ships.iter_mut() {
        s.acted = !(s.afloat() && s.owner == mover) || s.paused;
        s.shot = false;
    }
    g.act = Activation::IDLE;
    g.pending = Pending::SelectShip;
}

/// The game at `mover`'s selection, then ship `i` picked (and its recovery, if any, still
/// pending).
pub fn select(g: &mut PoeGame, mover: u8, i: usize) {
    at_select(g, mover);
    apply(g, SHIP_0 + i as Action);
}

/// Applies an action that must be legal.
pub fn apply(g: &mut PoeGame, a: Action) {
    g.apply(a)
        .unwrap_or_else(|e| panic!("{e} at {:?}; legal {:?}", g.pending, legal(g)));
}

/// The chance outcome of `k` dice succeeding.
pub fn roll(k: u8) -> Action {
    ROLL_0 + k as Action
}

/// Probability of `action` at the chance node.
pub fn prob(g: &PoeGame, action: Action) -> f64 {
    g.chance_outcomes()
        .iter()
        .find(|&(a, _)| a == action)
        .map_or(0.0, |(_, p)| p)
}

/// Whether two probabilities are equal but for rounding.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The legal actions now, as a vector.
pub fn legal(g: &PoeGame) -> Vec<Action> {
    g.legal_actions().iter().collect()
}

/// The offset `(col, row)` of the hex `n` steps from `(col, row)` towards `f`.
pub fn step(col: i32, row: i32, f: Facing, n: i32) -> (i32, i32) {
    let mut h = Hex::from_offset(col, row);
    for _ in 0..n {
        h = h.neighbor(f);
    }
    h.to_offset()
}

/// The hex at offset `(col, row)`.
pub fn hex(col: i32, row: i32) -> Hex {
    Hex::from_offset(col, row)
}

/// `n` dice each succeeding with probability `p`: the chance of exactly `k`.
pub fn binom(n: u32, k: u32, p: f64) -> f64 {
    let mut c = 1.0;
    for i in 0..k {
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

/// Ends the acting ship's turn with the fewest steps: no extra hexes, the shortest move
/// allowed, no shooting, done.
pub fn finish_ship(g: &mut PoeGame) {
    for _ in 0..50 {
        match g.pending {
            Pending::Extra { .. } => apply(g, roll(0)),
            Pending::Dice { .. } => apply(g, roll(0)),
            Pending::Moving => {
                let l = legal(g);
                let a = if l.contains(&MOVE_STOP) {
                    MOVE_STOP
                } else if l.contains(&MOVE_AHEAD) {
                    MOVE_AHEAD
                } else {
                    l[0]
                };
                apply(g, a)
            }
            Pending::AfterMove => apply(g, DONE),
            Pending::Opportunity => apply(g, OPP_HOLD),
            Pending::Recover => {
                let a = legal(g)[0];
                apply(g, a)
            }
            _ => return,
        }
    }
}

/// Two medium warships far apart: side 0 at (3, 4) facing SE, side 1 at (11, 4) facing SW.
pub const DUEL: [Def; 2] = [
    (0, "medium-warship", 3, 4, "SE", ""),
    (1, "medium-warship", 11, 4, "SW", ""),
];

/// A facing by name.
pub fn facing(name: &str) -> Facing {
    Facing::from_name(name).expect("facing name")
}
