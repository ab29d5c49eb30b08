//! The Pieces of Eight action catalogue: every index, its name and its meaning.
//!
//! Player actions come first (the policy head's width is [`NUM_PLAYER_ACTIONS`]); chance
//! outcomes follow. `docs/rulesets/poe.md` lists the same table. Ship indices `k` and `j`
//! are scenario indices (0..12), the same for both sides, because ships change hands.

use crate::game::Action;

use super::data::MAX_SHIPS;

/// Version of this catalogue together with the observation layout in `observe.rs`.
pub const POE_VERSION: u32 = 1;

const N: Action = MAX_SHIPS as Action;

/// The mover picks ship `k` to act next (recovery, move/gunnery, boarding): `SHIP_0 + k`.
pub const SHIP_0: Action = 0;
/// Wind change: the mover declares `n` dice (`WIND_DICE_0 + n`, n = 0..=3).
pub const WIND_DICE_0: Action = SHIP_0 + N;
/// Wind change: the opponent answers with `n` dice (`CANCEL_DICE_0 + n`, n = 0..=3).
pub const CANCEL_DICE_0: Action = WIND_DICE_0 + 4;
/// Wind change won: the wind turns one face clockwise.
pub const WIND_CW: Action = CANCEL_DICE_0 + 4;
/// Wind change won: the wind turns one face anticlockwise.
pub const WIND_CCW: Action = WIND_CW + 1;
/// Recovery: a success restores a lost crew / guns / sail marker (`RECOVER_0 + type`).
pub const RECOVER_0: Action = WIND_CCW + 1;
/// Move one hex ahead.
pub const MOVE_AHEAD: Action = RECOVER_0 + 3;
/// Turn one face anticlockwise (a direction change).
pub const TURN_LEFT: Action = MOVE_AHEAD + 1;
/// Turn one face clockwise (a direction change).
pub const TURN_RIGHT: Action = TURN_LEFT + 1;
/// End the move (legal once the allowance less the 1-hex reduction is used, or when the
/// hex ahead is blocked).
pub const MOVE_STOP: Action = TURN_RIGHT + 1;
/// The acting ship shoots at ship `j` (`FIRE_0 + j`), by broadside or chaser as the target lies.
pub const FIRE_0: Action = MOVE_STOP + 1;
/// The acting ship boards ship `j` (`BOARD_0 + j`).
pub const BOARD_0: Action = FIRE_0 + N;
/// The acting ship is finished.
pub const DONE: Action = BOARD_0 + N;
/// Opportunity shooting: the non-mover's ship `k` shoots at the moving ship (`OPP_0 + k`).
pub const OPP_0: Action = DONE + 1;
/// The non-mover takes no (more) opportunity shots at this hex.
pub const OPP_HOLD: Action = OPP_0 + N;
/// Keep the broadside's roll.
pub const KEEP: Action = OPP_HOLD + 1;
/// Re-roll the whole broadside (once); the second roll stands.
pub const REROLL: Action = KEEP + 1;
/// A hit (or a boarding fatigue loss) takes a crew / guns / sail marker (`LOSE_0 + type`).
pub const LOSE_0: Action = REROLL + 1;
/// The ship that was hit shoots back (return shooting).
pub const RETURN_FIRE: Action = LOSE_0 + 3;
/// No return shot.
pub const RETURN_HOLD: Action = RETURN_FIRE + 1;
/// The mover advances the battle clock by 3, 4 or 5 (`CLOCK_3 + n - 3`).
pub const CLOCK_3: Action = RETURN_HOLD + 1;
/// The deciding side concedes (only when the game allows resignation).
pub const RESIGN: Action = CLOCK_3 + 3;
/// Size of the player action space.
pub const NUM_PLAYER_ACTIONS: usize = RESIGN as usize + 1;

/// Chance: `ROLL_0 + k` = `k` dice of the pool succeeded (wind, recovery, extra hexes,
/// gunnery hits, grapple and fight successes), `k` = 0..=12.
pub const ROLL_0: Action = NUM_PLAYER_ACTIONS as Action;
/// Chance: the fog roll is 1-2: the move ends.
pub const FOG_STOP: Action = ROLL_0 + 13;
/// Chance: the fog roll is 3-6: no effect.
pub const FOG_CLEAR: Action = FOG_STOP + 1;
/// Chance: a shallows die shows 6: the ship runs aground.
pub const AGROUND: Action = FOG_CLEAR + 1;
/// Chance: no shallows die shows 6.
pub const AFLOAT: Action = AGROUND + 1;
/// Chance: a death roll shows 1: the ship burns.
pub const BURNS: Action = AFLOAT + 1;
/// Chance: no death roll shows 1.
pub const SURVIVES: Action = BURNS + 1;
/// Size of the whole catalogue.
pub const NUM_ACTIONS: usize = SURVIVES as usize + 1;

/// Names of the three marker types, in index order.
pub const MARKER_NAMES: [&str; 3] = ["crew", "guns", "sail"];

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
    "ship:8",
    "ship:9",
    "ship:10",
    "ship:11",
    "wind:dice:0",
    "wind:dice:1",
    "wind:dice:2",
    "wind:dice:3",
    "cancel:dice:0",
    "cancel:dice:1",
    "cancel:dice:2",
    "cancel:dice:3",
    "wind:cw",
    "wind:ccw",
    "recover:crew",
    "recover:guns",
    "recover:sail",
    "move:ahead",
    "turn:left",
    "turn:right",
    "move:stop",
    "fire:0",
    "fire:1",
    "fire:2",
    "fire:3",
    "fire:4",
    "fire:5",
    "fire:6",
    "fire:7",
    "fire:8",
    "fire:9",
    "fire:10",
    "fire:11",
    "board:0",
    "board:1",
    "board:2",
    "board:3",
    "board:4",
    "board:5",
    "board:6",
    "board:7",
    "board:8",
    "board:9",
    "board:10",
    "board:11",
    "done",
    "opp:0",
    "opp:1",
    "opp:2",
    "opp:3",
    "opp:4",
    "opp:5",
    "opp:6",
    "opp:7",
    "opp:8",
    "opp:9",
    "opp:10",
    "opp:11",
    "opp:hold",
    "keep",
    "reroll",
    "lose:crew",
    "lose:guns",
    "lose:sail",
    "return:fire",
    "return:hold",
    "clock:3",
    "clock:4",
    "clock:5",
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
    "fog:stop",
    "fog:clear",
    "aground",
    "afloat",
    "burns",
    "survives",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_line_up_with_indices() {
        assert_eq!(NUM_PLAYER_ACTIONS, 78);
        assert_eq!(NUM_ACTIONS, 97);
        assert_eq!(ACTION_NAMES[WIND_DICE_0 as usize], "wind:dice:0");
        assert_eq!(ACTION_NAMES[CANCEL_DICE_0 as usize + 3], "cancel:dice:3");
        assert_eq!(ACTION_NAMES[WIND_CCW as usize], "wind:ccw");
        assert_eq!(ACTION_NAMES[RECOVER_0 as usize + 2], "recover:sail");
        assert_eq!(ACTION_NAMES[MOVE_STOP as usize], "move:stop");
        assert_eq!(ACTION_NAMES[FIRE_0 as usize + 11], "fire:11");
        assert_eq!(ACTION_NAMES[BOARD_0 as usize], "board:0");
        assert_eq!(ACTION_NAMES[DONE as usize], "done");
        assert_eq!(ACTION_NAMES[OPP_HOLD as usize], "opp:hold");
        assert_eq!(ACTION_NAMES[REROLL as usize], "reroll");
        assert_eq!(ACTION_NAMES[LOSE_0 as usize + 1], "lose:guns");
        assert_eq!(ACTION_NAMES[RETURN_HOLD as usize], "return:hold");
        assert_eq!(ACTION_NAMES[CLOCK_3 as usize + 2], "clock:5");
        assert_eq!(ACTION_NAMES[RESIGN as usize], "resign");
        assert_eq!(ACTION_NAMES[ROLL_0 as usize + 12], "roll:12");
        assert_eq!(ACTION_NAMES[SURVIVES as usize], "survives");
        let mut sorted = ACTION_NAMES.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_ACTIONS, "names are unique");
    }
}
