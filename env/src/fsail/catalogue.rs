//! The Fighting Sail action catalogue: every index, its name and its meaning.
//!
//! Player actions come first (the policy head's width is [`NUM_PLAYER_ACTIONS`]); chance
//! outcomes follow. `docs/rulesets/fsail.md` lists the same table. Ship indices `k`, `i`
//! and `j` count the ships of one side in scenario order (0..8): `ship:k` and the firer `i`
//! are the deciding side's, the target `j` the other side's.

use crate::game::Action;

use super::data::MAX_PER_SIDE;

/// Version of this catalogue together with the observation layout in `observe.rs`.
pub const FSAIL_VERSION: u32 = 1;

/// Sailing phase: ship `k` of the deciding side sails next (`SHIP_0 + k`).
pub const SHIP_0: Action = 0;
/// Manoeuvre a quarter of a sailing point's move (0.5"); `MANOEUVRE_QUARTER + q - 1` moves
/// `q` quarters, `q` = 1..=3, without turning.
pub const MANOEUVRE_QUARTER: Action = 8;
/// Manoeuvre the full move (2") and turn: `MANOEUVRE_FULL + t` turns by
/// [`MANOEUVRE_TURNS`]`[t]` degrees (negative = to port).
pub const MANOEUVRE_FULL: Action = 11;
/// The turn of each full manoeuvre, degrees clockwise.
pub const MANOEUVRE_TURNS: [i32; 5] = [-30, -15, 0, 15, 30];
/// A tack or a wear to port: `TURN_PORT + t` moves 2" and turns `15 * (t + 1)` degrees to
/// port; a tack (2 points) when that turns the bow towards the wind, else a wear (1 point).
pub const TURN_PORT: Action = 16;
/// The same to starboard.
pub const TURN_STBD: Action = 22;
/// The ship stops spending sailing points.
pub const SAIL_END: Action = 28;
/// Cannon phase: own ship `i` fires at enemy ship `j`: `FIRE_0 + 8 * i + j`.
pub const FIRE_0: Action = 29;
/// Cannon phase: own ship `i` boards enemy ship `j` instead of firing: `BOARD_0 + 8 * i + j`.
pub const BOARD_0: Action = FIRE_0 + (MAX_PER_SIDE * MAX_PER_SIDE) as Action;
/// The deciding side fires no more this cannon phase.
pub const CANNON_END: Action = BOARD_0 + (MAX_PER_SIDE * MAX_PER_SIDE) as Action;
/// The deciding side concedes (only when the game allows resignation).
pub const RESIGN: Action = CANNON_END + 1;
/// Size of the player action space.
pub const NUM_PLAYER_ACTIONS: usize = RESIGN as usize + 1;

/// Chance: `ROLL_0 + k` = `k` dice of the pool succeeded (sailing points, explosions, hits,
/// Hull saves, boarding hits), `k` = 0..=12.
pub const ROLL_0: Action = NUM_PLAYER_ACTIONS as Action;
/// Chance: side 0 rolled higher for initiative.
pub const INIT_0: Action = ROLL_0 + 13;
/// Chance: side 1 rolled higher.
pub const INIT_1: Action = INIT_0 + 1;
/// Chance: both rolled `d`: `INIT_TIE_1 + d - 1`.
pub const INIT_TIE_1: Action = INIT_0 + 2;
/// Chance: the Discipline test is passed.
pub const DISCIPLINE_PASS: Action = INIT_TIE_1 + 6;
/// Chance: the Discipline test is failed.
pub const DISCIPLINE_FAIL: Action = DISCIPLINE_PASS + 1;
/// Size of the whole catalogue.
pub const NUM_ACTIONS: usize = DISCIPLINE_FAIL as usize + 1;

/// The name of every catalogue index.
pub static ACTION_NAMES: [&str; NUM_ACTIONS] = [
    "ship:0",
    "ship:1",
    "ship:2",
    "ship:3",
    "ship:4",
    "ship:5",
    "ship:6",
    "ship:7",
    "sail:0.5",
    "sail:1",
    "sail:1.5",
    "sail:2:port30",
    "sail:2:port15",
    "sail:2:ahead",
    "sail:2:stbd15",
    "sail:2:stbd30",
    "turn:port:15",
    "turn:port:30",
    "turn:port:45",
    "turn:port:60",
    "turn:port:75",
    "turn:port:90",
    "turn:stbd:15",
    "turn:stbd:30",
    "turn:stbd:45",
    "turn:stbd:60",
    "turn:stbd:75",
    "turn:stbd:90",
    "sail:end",
    "fire:0>0",
    "fire:0>1",
    "fire:0>2",
    "fire:0>3",
    "fire:0>4",
    "fire:0>5",
    "fire:0>6",
    "fire:0>7",
    "fire:1>0",
    "fire:1>1",
    "fire:1>2",
    "fire:1>3",
    "fire:1>4",
    "fire:1>5",
    "fire:1>6",
    "fire:1>7",
    "fire:2>0",
    "fire:2>1",
    "fire:2>2",
    "fire:2>3",
    "fire:2>4",
    "fire:2>5",
    "fire:2>6",
    "fire:2>7",
    "fire:3>0",
    "fire:3>1",
    "fire:3>2",
    "fire:3>3",
    "fire:3>4",
    "fire:3>5",
    "fire:3>6",
    "fire:3>7",
    "fire:4>0",
    "fire:4>1",
    "fire:4>2",
    "fire:4>3",
    "fire:4>4",
    "fire:4>5",
    "fire:4>6",
    "fire:4>7",
    "fire:5>0",
    "fire:5>1",
    "fire:5>2",
    "fire:5>3",
    "fire:5>4",
    "fire:5>5",
    "fire:5>6",
    "fire:5>7",
    "fire:6>0",
    "fire:6>1",
    "fire:6>2",
    "fire:6>3",
    "fire:6>4",
    "fire:6>5",
    "fire:6>6",
    "fire:6>7",
    "fire:7>0",
    "fire:7>1",
    "fire:7>2",
    "fire:7>3",
    "fire:7>4",
    "fire:7>5",
    "fire:7>6",
    "fire:7>7",
    "board:0>0",
    "board:0>1",
    "board:0>2",
    "board:0>3",
    "board:0>4",
    "board:0>5",
    "board:0>6",
    "board:0>7",
    "board:1>0",
    "board:1>1",
    "board:1>2",
    "board:1>3",
    "board:1>4",
    "board:1>5",
    "board:1>6",
    "board:1>7",
    "board:2>0",
    "board:2>1",
    "board:2>2",
    "board:2>3",
    "board:2>4",
    "board:2>5",
    "board:2>6",
    "board:2>7",
    "board:3>0",
    "board:3>1",
    "board:3>2",
    "board:3>3",
    "board:3>4",
    "board:3>5",
    "board:3>6",
    "board:3>7",
    "board:4>0",
    "board:4>1",
    "board:4>2",
    "board:4>3",
    "board:4>4",
    "board:4>5",
    "board:4>6",
    "board:4>7",
    "board:5>0",
    "board:5>1",
    "board:5>2",
    "board:5>3",
    "board:5>4",
    "board:5>5",
    "board:5>6",
    "board:5>7",
    "board:6>0",
    "board:6>1",
    "board:6>2",
    "board:6>3",
    "board:6>4",
    "board:6>5",
    "board:6>6",
    "board:6>7",
    "board:7>0",
    "board:7>1",
    "board:7>2",
    "board:7>3",
    "board:7>4",
    "board:7>5",
    "board:7>6",
    "board:7>7",
    "cannon:end",
    "resign",
    "roll:0",
    "roll:1",
    "roll:2",
    "roll:3",
    "roll:4",
    "roll:5",
    "roll:6",
    "roll:7",
    "roll:8",
    "roll:9",
    "roll:10",
    "roll:11",
    "roll:12",
    "init:0",
    "init:1",
    "init:tie:1",
    "init:tie:2",
    "init:tie:3",
    "init:tie:4",
    "init:tie:5",
    "init:tie:6",
    "discipline:pass",
    "discipline:fail",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_line_up_with_indices() {
        assert_eq!(NUM_PLAYER_ACTIONS, 159);
        assert_eq!(NUM_ACTIONS, 182);
        assert_eq!(ACTION_NAMES[MANOEUVRE_QUARTER as usize], "sail:0.5");
        assert_eq!(ACTION_NAMES[MANOEUVRE_FULL as usize + 2], "sail:2:ahead");
        assert_eq!(ACTION_NAMES[TURN_PORT as usize], "turn:port:15");
        assert_eq!(ACTION_NAMES[TURN_STBD as usize + 5], "turn:stbd:90");
        assert_eq!(ACTION_NAMES[SAIL_END as usize], "sail:end");
        assert_eq!(ACTION_NAMES[FIRE_0 as usize + 8 * 2 + 3], "fire:2>3");
        assert_eq!(ACTION_NAMES[BOARD_0 as usize + 63], "board:7>7");
        assert_eq!(ACTION_NAMES[CANNON_END as usize], "cannon:end");
        assert_eq!(ACTION_NAMES[RESIGN as usize], "resign");
        assert_eq!(ACTION_NAMES[ROLL_0 as usize + 12], "roll:12");
        assert_eq!(ACTION_NAMES[INIT_TIE_1 as usize + 5], "init:tie:6");
        assert_eq!(ACTION_NAMES[DISCIPLINE_FAIL as usize], "discipline:fail");
        let mut sorted = ACTION_NAMES.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_ACTIONS, "names are unique");
    }
}
