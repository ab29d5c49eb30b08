//! Shared helpers of the WS&IM rule tests (`rules_*.rs`).
//!
//! Positions are written in axial coordinates relative to [`ORIGIN`], the middle of a
//! 40 x 32 map, so a test can reason with the hex maths of `env/src/hex.rs`: facing N is
//! `(0, -1)`, a ship's stern lies behind its bow, a ship facing N at `(0, 0)` has its right
//! field to the east (`q > 0`) and its left field to the west.
#![allow(dead_code)]

use broadside_env::game::{Action, Game, Turn};
use broadside_env::hex::{Facing, Hex, ShipPos};
use broadside_env::wsim::catalogue::DIE_1;
use broadside_env::wsim::data::parse_scenario;
use broadside_env::wsim::notation::parse_order;
use broadside_env::wsim::state::{Pending, Phase, Step};
use broadside_env::wsim::{Scenario, WsimGame, WsimOptions};

/// Map size of the default test scenario.
pub const MAP_COLS: i32 = 40;
/// Map size of the default test scenario.
pub const MAP_ROWS: i32 = 32;
/// Axial hex at offset (20, 16): the middle of the default test map.
pub const ORIGIN: Hex = Hex::new(20, 6);

pub const N: Facing = Facing::N;
pub const NE: Facing = Facing::NE;
pub const SE: Facing = Facing::SE;
pub const S: Facing = Facing::S;
pub const SW: Facing = Facing::SW;
pub const NW: Facing = Facing::NW;

/// Spec 9: a ship of the line (battle sail 3, turn allowance 2, class 2, average crew,
/// 20 gun squares a side, rigging 7/7/7, 24 points).
pub const SOL: u16 = 9;
/// Spec 10: a first-rate ship of the line (battle sail 3, turn allowance 1, class 1, 27
/// points, rigging 7/7/7 = 21): the seed's Bucentaure chart.
pub const SOL1: u16 = 10;
/// Spec 32: a frigate (battle sail 4, turn allowance 3, class 3, crack crew, rigging
/// 5/5/5/5, 15 points).
pub const FRIGATE: u16 = 32;

/// The hex `(dq, dr)` from [`ORIGIN`].
pub fn at(dq: i16, dr: i16) -> Hex {
    ORIGIN.add(Hex::new(dq, dr))
}

/// A ship position with its bow at `(dq, dr)` from [`ORIGIN`].
pub fn pos(dq: i16, dr: i16, facing: Facing) -> ShipPos {
    ShipPos::new(at(dq, dr), facing)
}

/// One ship of a test scenario.
#[derive(Debug, Clone)]
pub struct ShipDef {
    pub side: u8,
    pub spec: u16,
    pub pos: ShipPos,
    /// Extra TOML keys (spec overrides), each starting with ", ".
    pub extra: String,
}

/// A ship of `side` with spec `spec` at `pos`.
pub fn ship(side: u8, spec: u16, pos: ShipPos) -> ShipDef {
    ShipDef {
        side,
        spec,
        pos,
        extra: String::new(),
    }
}

impl ShipDef {
    /// Adds a spec override written in TOML, e.g. `guns = [5, 5]`.
    pub fn with(mut self, kv: &str) -> Self {
        self.extra.push_str(", ");
        self.extra.push_str(kv);
        self
    }
    /// Plain gunnery for easy HDT arithmetic: average crew, `guns` a side, no carronades.
    pub fn gunnery(self, guns: u8) -> Self {
        self.with("crew_quality = \"average\"")
            .with(&format!("guns = [{guns}, {guns}]"))
            .with("carronades = [0, 0]")
    }
}

/// A scenario on a `cols x rows` map, written as TOML and read by `parse_scenario`.
pub fn scenario_on(cols: i32, rows: i32, wind: Facing, ships: &[ShipDef]) -> Scenario {
    let mut text = format!(
        "id = \"test\"\ntitle = \"test\"\nsource = \"tests\"\nwind_from = \"{}\"\n\
         sides = [\"Zero\", \"One\"]\nmap = {{ cols = {cols}, rows = {rows} }}\nship = [\n",
        wind.name()
    );
    for (i, s) in ships.iter().enumerate() {
        let (c, r) = s.pos.bow.to_offset();
        text.push_str(&format!(
            "  {{ name = \"S{i}\", side = {}, spec = {}, col = {c}, row = {r}, facing = \"{}\"{} }},\n",
            s.side,
            s.spec,
            s.pos.facing.name(),
            s.extra
        ));
    }
    text.push_str("]\n");
    parse_scenario(&text, "test.toml").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A scenario on the default 40 x 32 map.
pub fn scenario(wind: Facing, ships: &[ShipDef]) -> Scenario {
    scenario_on(MAP_COLS, MAP_ROWS, wind, ships)
}

/// A new game (no resignation) on the default map.
pub fn game(wind: Facing, ships: &[ShipDef]) -> WsimGame {
    WsimGame::new(&scenario(wind, ships), WsimOptions { resignation: false })
}

/// The ship whose orders are being written.
pub fn acting(g: &WsimGame) -> usize {
    match g.phase {
        Phase::Orders { ship, .. } if g.pending == Pending::None && g.ending.is_none() => {
            ship as usize
        }
        _ => panic!(
            "no ship is writing orders: phase {:?}, pending {:?}",
            g.phase, g.pending
        ),
    }
}

/// The sub-decision actions of `text` for the acting ship, or the engine's reason.
pub fn try_order(g: &WsimGame, text: &str) -> Result<Vec<Action>, String> {
    let o = parse_order(text).map_err(|e| e.to_string())?;
    g.order_actions(&o).map_err(|e| e.to_string())
}

/// Whether `text` is a legal order for the acting ship.
pub fn legal_order(g: &WsimGame, text: &str) -> bool {
    try_order(g, text).is_ok()
}

/// Gives the acting ship its whole order (`L1R1 hull fire>=0 load=any`).
pub fn order(g: &mut WsimGame, text: &str) {
    let ship = acting(g);
    let actions =
        try_order(g, text).unwrap_or_else(|e| panic!("order `{text}` for ship {ship}: {e}"));
    for a in actions {
        g.apply(a).unwrap();
    }
}

/// Gives orders to the deciding ships one after the other.
pub fn orders(g: &mut WsimGame, texts: &[&str]) {
    for t in texts {
        order(g, t);
    }
}

/// Applies chance outcome `a` after checking that it is offered with probability `p`.
pub fn chance(g: &mut WsimGame, a: Action, p: f64) {
    assert_eq!(
        g.turn(),
        Turn::Chance,
        "expected a chance node: {:?}",
        g.phase
    );
    let outcomes = g.chance_outcomes();
    let q = outcomes
        .iter()
        .find(|&(x, _)| x == a)
        .map(|(_, q)| q)
        .unwrap_or_else(|| panic!("outcome {a} not offered at {:?}: {outcomes:?}", g.pending));
    assert!(
        (q - p).abs() < 1e-12,
        "outcome {a}: probability {q}, expected {p}"
    );
    g.apply(a).unwrap();
}

/// Rolls the pending d6 of a shot: face `face` (1..=6).
pub fn die(g: &mut WsimGame, face: u16) {
    assert!(
        matches!(g.pending, Pending::FireDie { .. }),
        "expected a fire die, found {:?}",
        g.pending
    );
    chance(g, DIE_1 + face - 1, 1.0 / 6.0);
}

/// The outcomes of the current chance node, each checked to have probability `1/n`.
pub fn assert_uniform(g: &WsimGame, expected: &[Action]) {
    let outcomes: Vec<(Action, f64)> = g.chance_outcomes().iter().collect();
    let mut got: Vec<Action> = outcomes.iter().map(|&(a, _)| a).collect();
    got.sort_unstable();
    let mut want = expected.to_vec();
    want.sort_unstable();
    assert_eq!(got, want, "chance outcomes at {:?}", g.pending);
    for (a, p) in outcomes {
        assert!(
            (p - 1.0 / expected.len() as f64).abs() < 1e-12,
            "outcome {a} has probability {p}"
        );
    }
}

/// The legal actions now, as a vector.
pub fn legal(g: &WsimGame) -> Vec<Action> {
    g.legal_actions().iter().collect()
}

/// After editing a state by hand, starts the orders phase again the way a new turn does
/// (first ship of side 0 that can fight, at its unfouling or movement decision).
pub fn restart_orders(g: &mut WsimGame) {
    for s in g.ships.iter_mut() {
        s.orders.plan_len = 0;
    }
    let first = (0..g.num_ships as usize)
        .find(|&i| g.ships[i].side == 0 && g.ships[i].can_fight())
        .expect("side 0 has a ship able to fight");
    let step = if g.ships[first].fouled != 0 {
        Step::Unfoul
    } else {
        Step::Move
    };
    g.phase = Phase::Orders {
        player: 0,
        ship: first as u8,
        step,
        first: true,
    };
    g.pending = Pending::None;
}

/// Resolves chance nodes with `pick` until a player decides or the game ends.
pub fn settle(g: &mut WsimGame, mut pick: impl FnMut(&WsimGame) -> Action) {
    while g.turn() == Turn::Chance {
        let a = pick(g);
        g.apply(a).unwrap();
    }
}

/// Finishes the turn taking the first outcome of every chance node.
pub fn finish(g: &mut WsimGame) {
    settle(g, |g| g.chance_outcomes().iter().next().unwrap().0);
}

/// Whether the game waits on a player's orders.
pub fn at_orders(g: &WsimGame) -> bool {
    matches!(g.turn(), Turn::Player(_))
}

/// Plays a quiet turn: every deciding ship writes `text` (e.g. `0 hold`), chance nodes
/// take their first outcome.
pub fn quiet_turn(g: &mut WsimGame, text: &str) {
    let turn = g.turn;
    while at_orders(g) && g.turn == turn {
        order(g, text);
        finish(g);
    }
}
