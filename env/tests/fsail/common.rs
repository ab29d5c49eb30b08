//! Shared helpers of the Fighting Sail rule tests (`rules_*.rs`) and data tests
//! (`data.rs`).
//!
//! A test scenario is written as TOML and read by `parse_scenario`, as a scenario file is:
//! 12 turns on a 48" x 36" table. Positions are in inches, headings in degrees clockwise
//! from north (90 = east).
#![allow(dead_code)]

use broadside_env::fsail::catalogue::{FIRE_0, ROLL_0};
use broadside_env::fsail::data::parse_scenario;
use broadside_env::fsail::{FsailGame, FsailOptions, Pending, Phase, Scenario};
use broadside_env::game::{Action, Game};

/// One ship of a test scenario: side, profile id, x, y (inches), heading.
pub type Def = (u8, &'static str, f64, f64, u16);
/// One piece of terrain: x, y, length, width (inches), heading.
pub type Rock = (f64, f64, f64, f64, u16);

/// Two frigates 5" apart abeam: ship 0 heading east at (20, 15), ship 1 north of it.
pub const ABEAM: [Def; 2] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 20.0, 90),
];

/// The TOML text of a test scenario with the wind from `wind`, the weather deck on or off
/// (`deck`); `flagship` names the ship (by index) that is a flagship, `rocks` are its
/// terrain.
pub fn scenario_text_full(
    ships: &[Def],
    wind: &str,
    deck: bool,
    flagship: Option<usize>,
    rocks: &[Rock],
) -> String {
    let mut t = format!(
        "id = \"test\"\ntitle = \"test\"\nwind_from = \"{wind}\"\nweather_deck = {deck}\n\
         turn_limit = 12\nsides = [\"A\", \"B\"]\ntable = {{ width = 48.0, depth = 36.0 }}\nship = [\n"
    );
    for (i, (side, profile, x, y, h)) in ships.iter().enumerate() {
        let flag = if flagship == Some(i) {
            ", flagship = true"
        } else {
            ""
        };
        t += &format!(
            "  {{ name = \"s{i}\", side = {side}, profile = \"{profile}\", x = {x:.3}, y = {y:.3}, heading = {h}{flag} }},\n"
        );
    }
    t += "]\n";
    if !rocks.is_empty() {
        t += "terrain = [\n";
        for (i, (x, y, l, w, h)) in rocks.iter().enumerate() {
            t += &format!(
                "  {{ name = \"r{i}\", x = {x:.3}, y = {y:.3}, length = {l:.3}, width = {w:.3}, heading = {h} }},\n"
            );
        }
        t += "]\n";
    }
    t
}

/// A test scenario (see [`scenario_text_full`]), which must be valid.
pub fn scenario(
    ships: &[Def],
    wind: &str,
    deck: bool,
    flagship: Option<usize>,
    rocks: &[Rock],
) -> Scenario {
    let t = scenario_text_full(ships, wind, deck, flagship, rocks);
    parse_scenario(&t, "test.toml").unwrap_or_else(|e| panic!("{e}\n{t}"))
}

/// A new game with no flagship.
pub fn game_full(ships: &[Def], wind: &str, deck: bool, rocks: &[Rock]) -> FsailGame {
    FsailGame::new(
        &scenario(ships, wind, deck, None, rocks),
        FsailOptions::default(),
    )
}

/// A new game, the wind from the north, no weather deck, no terrain.
pub fn game(ships: &[Def]) -> FsailGame {
    game_full(ships, "N", false, &[])
}

/// A game put straight into `player`'s cannon phase (player 0 first).
pub fn at_cannon_in(mut g: FsailGame, player: u8) -> FsailGame {
    g.pending = Pending::None;
    g.first = 0;
    g.phase = Phase::Cannon { player };
    g
}

/// A new game (see [`game`]) put straight into `player`'s cannon phase (player 0 first).
pub fn at_cannon(ships: &[Def], player: u8) -> FsailGame {
    at_cannon_in(game(ships), player)
}

/// The chance outcome of `k` dice succeeding.
pub fn roll(k: u8) -> Action {
    ROLL_0 + k as Action
}

/// Ship `i` of the deciding side fires at enemy ship `j`.
pub fn fire(i: usize, j: usize) -> Action {
    FIRE_0 + (8 * i + j) as Action
}

/// Probability of `action` at the chance node.
pub fn prob(g: &FsailGame, action: Action) -> f64 {
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
pub fn legal(g: &FsailGame) -> Vec<Action> {
    g.legal_actions().iter().collect()
}
