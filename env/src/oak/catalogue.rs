//! The Oak & Iron action catalogue: every index, its name and its meaning.
//!
//! Player actions come first (the policy head's width is [`NUM_PLAYER_ACTIONS`]); chance
//! outcomes follow. `docs/rulesets/oak.md` lists the same table. Ship indices `k` (own)
//! and `j` (enemy) count the ships of one side in scenario order (0..8); card indices `c`
//! are rows of `env/data/oak/cards.toml`.

use crate::game::Action;

/// Version of this catalogue together with the observation layout in `observe.rs`.
pub const OAK_VERSION: u32 = 6;

/// The turns a speed tool offers, degrees clockwise (partial turns in 15-degree steps).
pub const TURNS: [i32; 8] = [-60, -45, -30, -15, 15, 30, 45, 60];


/// A card of the deciding side's pool or hand, by card index (`CARD_0 + c`): build the hand, place the face-down card, pick the card Await New Orders plays, or discard down to five.
pub const CARD_0: Action = 0;
/// The deciding side activates its ship `k` (`SHIP_0 + k`), in the movement or the attack phase;
/// Small Arms: the ship `k` that answers the mover (version 5).
pub const SHIP_0: Action = 32;
/// Seamanship: none.
pub const SEA_NONE: Action = 40;
/// Seamanship: change heading (a turn with the speed 1 tool before the move; skill test).
pub const SEA_HEADING: Action = 41;
/// Seamanship: adjust speed +1 (skill test).
pub const SEA_FASTER: Action = 42;
/// Seamanship: adjust speed -1 (skill test).
pub const SEA_SLOWER: Action = 43;
/// Seamanship: cut free (skill test).
pub const SEA_CUT_FREE: Action = 44;
/// Turn by [`TURNS`]`[t]` degrees (`TURN_0 + t`; negative to port).
pub const TURN_0: Action = 45;
/// Move ahead the full distance of the speed tool.
pub const MOVE_AHEAD: Action = 53;
/// End the move (after moving, or when the ship cannot move).
pub const MOVE_END: Action = 54;
/// Crew action: none.
pub const CREW_NONE: Action = 55;
/// Crew action: reload the port broadside.
pub const RELOAD_PORT: Action = 56;
/// Crew action: reload the starboard broadside.
pub const RELOAD_STBD: Action = 57;
/// Crew action: rally (-1 fatigue).
pub const RALLY: Action = 58;
/// Crew action: repair (-1 damage; an aground ship tests to float off instead).
pub const REPAIR: Action = 59;
/// Crew action: change sail setting one level up.
pub const SAIL_UP: Action = 60;
/// Crew action: change sail setting one level down.
pub const SAIL_DOWN: Action = 61;
/// Crew action: row (sweeps): a speed 1 move straight ahead.
pub const ROW: Action = 62;
/// Crew action: board enemy ship `j` within yardarm (`BOARD_0 + j`; skill test).
pub const BOARD_0: Action = 63;
/// Transfer the flag to own ship `k` (`FLAG_0 + k`), or name it the new flagship.
pub const FLAG_0: Action = 71;
/// Attack: the port broadside fires at enemy ship `j`.
pub const FIRE_PORT_0: Action = 79;
/// Attack: the starboard broadside fires at enemy ship `j`.
pub const FIRE_STBD_0: Action = 87;
/// Attack: partial fire at enemy ship `j`.
pub const PARTIAL_0: Action = 95;
/// Attack: close combat against entangled enemy ship `j`.
pub const CLOSE_0: Action = 103;
/// Attack phase: an additional crew action instead (no enemy within pistol shot).
pub const ATTACK_CREW: Action = 111;
/// Attack phase: no (further) attack.
pub const ATTACK_NONE: Action = 112;
/// Aim at the hull.
pub const AIM_HULL: Action = 113;
/// Aim at the crew (pistol shot; half the dice).
pub const AIM_CREW: Action = 114;
/// Aim at the rigging (half the dice).
pub const AIM_RIGGING: Action = 115;
/// Keep the roll.
pub const KEEP: Action = 116;
/// Spend a fortune point: roll the whole test or attack again.
pub const FORTUNE: Action = 117;
/// Helm hit: the target makes a full turn to port.
pub const HELM_PORT: Action = 118;
/// Helm hit: the target makes a full turn to starboard.
pub const HELM_STBD: Action = 119;
/// End phase: capture entangled shaken enemy ship `j`.
pub const CAPTURE_0: Action = 120;
/// End phase: destroy entangled shaken enemy ship `j`.
pub const DESTROY_0: Action = 128;
/// End phase: capture or destroy nothing (more); keep the admiral aboard a lost flagship;
/// Adaptive Tactics: borrow no card.
pub const PASS: Action = 136;
/// The deciding side concedes (only when the game allows resignation).
pub const RESIGN: Action = 137;
/// Crew action: send a landing party ashore on the island within pistol shot (anchored,
/// not shaken; the token goes on the island's point nearest the ship). Version 3.
pub const LAND: Action = 138;
/// Attack phase: the active ship's landing party makes a close combat attack on the
/// landing party of enemy ship `j` within musket shot (`LANDING_0 + j`). Version 3.
pub const LANDING_0: Action = 139;
/// After a skill test's or an attack's first roll: reroll `k` of the missed dice with the
/// skill value (`REROLL_0 + k`, `k` = 0..=4; 0 declines). Version 4.
pub const REROLL_0: Action = 147;
/// Most skill rerolls of one roll: skill 2, Ruthless to 3, Expert gun crew 1 more.
pub const MAX_REROLLS: u8 = 4;
/// Adjust Position / Engage More Closely: a free shift directly sideways at the beginning
/// or end of the move (`SHIFT_0 + s`), [`SHIFTS`]`[s]` half lengths of the speed 1 tool
/// (negative to port). Version 5.
pub const SHIFT_0: Action = 152;
/// The shifts offered, in halves of the speed 1 tool: "up to speed 1" as a full or a half
/// tool's length to either side.
pub const SHIFTS: [i32; 4] = [-2, -1, 1, 2];
/// Small Arms: the side not moving declines its reaction (the reacting ship is picked with
/// `ship:k`). Version 5.
pub const REACT_DECLINE: Action = 156;
/// The cards past the 32nd (`CARD_32 + (c - 32)`, `c` = 32..64): the same decisions as
/// [`CARD_0`], for the rows of `cards.toml` after the 32nd. Version 6 (appended after the
/// version 5 player actions, so every older player index keeps its meaning; the chance
/// outcomes below moved up by 32).
pub const CARD_32: Action = 157;
/// Size of the player action space.
pub const NUM_PLAYER_ACTIONS: usize = CARD_32 as usize + 32;
/// Chance: `ROLL_0 + k` dice of a batch (at most 8) scored, `k` = 0..=8.
pub const ROLL_0: Action = NUM_PLAYER_ACTIONS as Action;
/// Chance: a critical die rerolled to a skull (hull).
pub const FACE_SKULL: Action = ROLL_0 + 9;
/// Chance: a critical die rerolled to a sail (rigging).
pub const FACE_SAIL: Action = FACE_SKULL + 1;
/// Chance: a critical die rerolled to a sword (crew).
pub const FACE_SWORD: Action = FACE_SKULL + 2;
/// Chance: a critical die rerolled to no effect.
pub const FACE_OTHER: Action = FACE_SKULL + 3;
/// Chance: a ship collision roll: `COLLIDE_0 + skull + 2 * sail` (any skull, any sail).
pub const COLLIDE_0: Action = FACE_SKULL + 4;
/// Size of the whole catalogue.
pub const NUM_ACTIONS: usize = COLLIDE_0 as usize + 4;

/// The action that names card `c` (a row of `cards.toml`, below `MAX_CARDS`).
pub const fn card_action(c: usize) -> Action {
    if c < 32 {
        CARD_0 + c as Action
    } else {
        CARD_32 + (c - 32) as Action
    }
}

/// The card an action names, if it is a `card:c` action.
pub const fn action_card(a: Action) -> Option<usize> {
    if a < CARD_0 + 32 {
        Some((a - CARD_0) as usize)
    } else if a >= CARD_32 && a < CARD_32 + 32 {
        Some((a - CARD_32) as usize + 32)
    } else {
        None
    }
}

/// The name of every catalogue index.
pub static ACTION_NAMES: [&str; NUM_ACTIONS] = [
    "card:0",
    "card:1",
    "card:2",
    "card:3",
    "card:4",
    "card:5",
    "card:6",
    "card:7",
    "card:8",
    "card:9",
    "card:10",
    "card:11",
    "card:12",
    "card:13",
    "card:14",
    "card:15",
    "card:16",
    "card:17",
    "card:18",
    "card:19",
    "card:20",
    "card:21",
    "card:22",
    "card:23",
    "card:24",
    "card:25",
    "card:26",
    "card:27",
    "card:28",
    "card:29",
    "card:30",
    "card:31",
    "ship:0",
    "ship:1",
    "ship:2",
    "ship:3",
    "ship:4",
    "ship:5",
    "ship:6",
    "ship:7",
    "sea:none",
    "sea:heading",
    "sea:faster",
    "sea:slower",
    "sea:cut-free",
    "turn:port:60",
    "turn:port:45",
    "turn:port:30",
    "turn:port:15",
    "turn:stbd:15",
    "turn:stbd:30",
    "turn:stbd:45",
    "turn:stbd:60",
    "move:ahead",
    "move:end",
    "crew:none",
    "crew:reload:port",
    "crew:reload:stbd",
    "crew:rally",
    "crew:repair",
    "crew:sail:up",
    "crew:sail:down",
    "crew:row",
    "crew:board:0",
    "crew:board:1",
    "crew:board:2",
    "crew:board:3",
    "crew:board:4",
    "crew:board:5",
    "crew:board:6",
    "crew:board:7",
    "flag:0",
    "flag:1",
    "flag:2",
    "flag:3",
    "flag:4",
    "flag:5",
    "flag:6",
    "flag:7",
    "fire:port:0",
    "fire:port:1",
    "fire:port:2",
    "fire:port:3",
    "fire:port:4",
    "fire:port:5",
    "fire:port:6",
    "fire:port:7",
    "fire:stbd:0",
    "fire:stbd:1",
    "fire:stbd:2",
    "fire:stbd:3",
    "fire:stbd:4",
    "fire:stbd:5",
    "fire:stbd:6",
    "fire:stbd:7",
    "partial:0",
    "partial:1",
    "partial:2",
    "partial:3",
    "partial:4",
    "partial:5",
    "partial:6",
    "partial:7",
    "close:0",
    "close:1",
    "close:2",
    "close:3",
    "close:4",
    "close:5",
    "close:6",
    "close:7",
    "attack:crew-action",
    "attack:none",
    "aim:hull",
    "aim:crew",
    "aim:rigging",
    "keep",
    "fortune",
    "helm:port",
    "helm:stbd",
    "capture:0",
    "capture:1",
    "capture:2",
    "capture:3",
    "capture:4",
    "capture:5",
    "capture:6",
    "capture:7",
    "destroy:0",
    "destroy:1",
    "destroy:2",
    "destroy:3",
    "destroy:4",
    "destroy:5",
    "destroy:6",
    "destroy:7",
    "pass",
    "resign",
    "crew:land",
    "landing:0",
    "landing:1",
    "landing:2",
    "landing:3",
    "landing:4",
    "landing:5",
    "landing:6",
    "landing:7",
    "reroll:0",
    "reroll:1",
    "reroll:2",
    "reroll:3",
    "reroll:4",
    "shift:port:1",
    "shift:port:half",
    "shift:stbd:half",
    "shift:stbd:1",
    "react:decline",
    "card:32",
    "card:33",
    "card:34",
    "card:35",
    "card:36",
    "card:37",
    "card:38",
    "card:39",
    "card:40",
    "card:41",
    "card:42",
    "card:43",
    "card:44",
    "card:45",
    "card:46",
    "card:47",
    "card:48",
    "card:49",
    "card:50",
    "card:51",
    "card:52",
    "card:53",
    "card:54",
    "card:55",
    "card:56",
    "card:57",
    "card:58",
    "card:59",
    "card:60",
    "card:61",
    "card:62",
    "card:63",
    "roll:0",
    "roll:1",
    "roll:2",
    "roll:3",
    "roll:4",
    "roll:5",
    "roll:6",
    "roll:7",
    "roll:8",
    "face:skull",
    "face:sail",
    "face:sword",
    "face:other",
    "collide:none",
    "collide:skull",
    "collide:sail",
    "collide:skull+sail",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_match_the_constants() {
        assert_eq!(ACTION_NAMES[CARD_0 as usize + 31], "card:31");
        assert_eq!(ACTION_NAMES[TURN_0 as usize], "turn:port:60");
        assert_eq!(ACTION_NAMES[TURN_0 as usize + 7], "turn:stbd:60");
        assert_eq!(ACTION_NAMES[FIRE_STBD_0 as usize + 2], "fire:stbd:2");
        assert_eq!(ACTION_NAMES[RESIGN as usize], "resign");
        assert_eq!(ACTION_NAMES[LAND as usize], "crew:land");
        assert_eq!(ACTION_NAMES[LANDING_0 as usize + 7], "landing:7");
        assert_eq!(ACTION_NAMES[REROLL_0 as usize + 4], "reroll:4");
        assert_eq!(ACTION_NAMES[SHIFT_0 as usize], "shift:port:1");
        assert_eq!(ACTION_NAMES[SHIFT_0 as usize + 3], "shift:stbd:1");
        assert_eq!(SHIFT_0 as usize, REROLL_0 as usize + 1 + MAX_REROLLS as usize);
        assert_eq!(REACT_DECLINE as usize, SHIFT_0 as usize + SHIFTS.len());
        assert_eq!(ACTION_NAMES[REACT_DECLINE as usize], "react:decline");
        assert_eq!(CARD_32 as usize, REACT_DECLINE as usize + 1);
        assert_eq!(ACTION_NAMES[CARD_32 as usize], "card:32");
        assert_eq!(ACTION_NAMES[NUM_PLAYER_ACTIONS - 1], "card:63");
        for c in 0..64 {
            assert_eq!(ACTION_NAMES[card_action(c) as usize], format!("card:{c}"));
            assert_eq!(action_card(card_action(c)), Some(c));
        }
        assert_eq!(action_card(SHIP_0), None);
        assert_eq!(action_card(ROLL_0), None);
        assert_eq!(ACTION_NAMES[ROLL_0 as usize], "roll:0");
        assert_eq!(ACTION_NAMES[FACE_SKULL as usize], "face:skull");
        assert_eq!(ACTION_NAMES[ROLL_0 as usize + 8], "roll:8");
        assert_eq!(ACTION_NAMES[COLLIDE_0 as usize + 3], "collide:skull+sail");
        let mut sorted = ACTION_NAMES.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_ACTIONS, "names are unique");
    }
}
