//! The WS&IM action catalogue: every index, its name and its meaning.
//!
//! Player actions come first (the policy head's width is [`NUM_PLAYER_ACTIONS`]); chance
//! outcomes follow. The table in `docs/rulesets/wsim.md` lists the same indices.

use crate::game::Action;

use super::data::MAX_SHIPS;

/// Version of this catalogue together with the observation layout in `observe.rs`.
pub const WSIM_VERSION: u32 = 1;

/// Movement token: turn the bow 60 degrees to the left (port).
pub const TURN_LEFT: Action = 0;
/// Movement token: turn the bow 60 degrees to the right (starboard).
pub const TURN_RIGHT: Action = 1;
/// Movement token: move one hex forward.
pub const FORWARD: Action = 2;
/// Movement token: the move is complete.
pub const END_MOVE: Action = 3;
/// Aim at the hull (only effective at 5 hexes or less).
pub const AIM_HULL: Action = 4;
/// Aim at the rigging.
pub const AIM_RIGGING: Action = 5;
/// "Fire if HDT is at least 0"; `FIRE_AT_LEAST_0 + t` for table `t` in 0..=8.
pub const FIRE_AT_LEAST_0: Action = 6;
/// Never fire this turn (keeps the broadsides, and the initial broadside bonus).
pub const HOLD_FIRE: Action = 15;
/// Load any empty broadside.
pub const LOAD_ANY: Action = 16;
/// Load the left broadside (the right one if the left is already loaded).
pub const LOAD_LEFT: Action = 17;
/// Load the right broadside (the left one if the right is already loaded).
pub const LOAD_RIGHT: Action = 18;
/// Unfouling option: try to unfoul from every ship.
pub const UNFOUL_ALL: Action = 19;
/// Unfouling option: try to unfoul from friendly ships only.
pub const UNFOUL_FRIEND: Action = 20;
/// Unfouling option: try to unfoul from enemy ships only.
pub const UNFOUL_ENEMY: Action = 21;
/// Unfouling option: stay fouled to every ship.
pub const REMAIN_FOULED: Action = 22;
/// Surrender the game (only as the first decision of a side's orders, and only when the
/// scenario allows resignation).
pub const RESIGN: Action = 23;
/// Size of the player action space.
pub const NUM_PLAYER_ACTIONS: usize = 24;

/// Chance: the d6 on the hit table shows 1; `DIE_1 + k` shows `k + 1`.
pub const DIE_1: Action = 24;
/// Chance: ship number `k` is chosen (`PICK_0 + k`): collision winner or target among ties.
pub const PICK_0: Action = 30;
/// Chance: the collided ships foul.
pub const FOUL: Action = PICK_0 + MAX_SHIPS as Action;
/// Chance: the collided ships do not foul.
pub const NO_FOUL: Action = FOUL + 1;
/// Chance: the fouled pair unfouls.
pub const UNFOUL_SUCCESS: Action = FOUL + 2;
/// Chance: the fouled pair stays fouled.
pub const UNFOUL_FAIL: Action = FOUL + 3;
/// Chance: a gun hit on a raked ship falls on its left side.
pub const GUN_HIT_LEFT: Action = FOUL + 4;
/// Chance: a gun hit on a raked ship falls on its right side.
pub const GUN_HIT_RIGHT: Action = FOUL + 5;
/// Chance: "any side" reloads the left broadside.
pub const RELOAD_LEFT: Action = FOUL + 6;
/// Chance: "any side" reloads the right broadside.
pub const RELOAD_RIGHT: Action = FOUL + 7;
/// Size of the whole catalogue.
pub const NUM_ACTIONS: usize = RELOAD_RIGHT as usize + 1;

/// The name of every catalogue index.
pub static ACTION_NAMES: [&str; NUM_ACTIONS] = [
    "move:L",
    "move:R",
    "move:1",
    "move:end",
    "aim:hull",
    "aim:rigging",
    "fire-at-least:0",
    "fire-at-least:1",
    "fire-at-least:2",
    "fire-at-least:3",
    "fire-at-least:4",
    "fire-at-least:5",
    "fire-at-least:6",
    "fire-at-least:7",
    "fire-at-least:8",
    "fire:hold",
    "load:any",
    "load:left",
    "load:right",
    "unfoul:all",
    "unfoul:friend",
    "unfoul:enemy",
    "unfoul:remain",
    "resign",
    "die:1",
    "die:2",
    "die:3",
    "die:4",
    "die:5",
    "die:6",
    "pick:0",
    "pick:1",
    "pick:2",
    "pick:3",
    "pick:4",
    "pick:5",
    "pick:6",
    "pick:7",
    "pick:8",
    "pick:9",
    "pick:10",
    "pick:11",
    "pick:12",
    "pick:13",
    "pick:14",
    "pick:15",
    "pick:16",
    "pick:17",
    "pick:18",
    "pick:19",
    "pick:20",
    "pick:21",
    "pick:22",
    "pick:23",
    "foul:yes",
    "foul:no",
    "unfoul-roll:success",
    "unfoul-roll:fail",
    "gun-hit:left",
    "gun-hit:right",
    "reload:left",
    "reload:right",
];

/// Threshold value meaning "never fire".
pub const THRESHOLD_HOLD: u8 = 9;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_line_up_with_indices() {
        assert_eq!(ACTION_NAMES[FORWARD as usize], "move:1");
        assert_eq!(ACTION_NAMES[HOLD_FIRE as usize], "fire:hold");
        assert_eq!(ACTION_NAMES[RESIGN as usize], "resign");
        assert_eq!(ACTION_NAMES[DIE_1 as usize], "die:1");
        assert_eq!(ACTION_NAMES[PICK_0 as usize + MAX_SHIPS - 1], "pick:23");
        assert_eq!(ACTION_NAMES[FOUL as usize], "foul:yes");
        assert_eq!(ACTION_NAMES[RELOAD_RIGHT as usize], "reload:right");
        assert_eq!(DIE_1 as usize, NUM_PLAYER_ACTIONS);
        let mut sorted = ACTION_NAMES.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_ACTIONS, "names are unique");
    }
}
