//! The Gods of War: Togo action catalogue: every index, its name and its meaning.
//!
//! Player actions come first (the policy head's width is [`NUM_PLAYER_ACTIONS`]); chance
//! outcomes follow. Ship indices are scenario indices (0..8). `docs/rulesets/togo.md`
//! lists the same table.

use crate::game::Action;

use super::data::MAX_SHIPS;

/// Version of this catalogue together with the observation layout in `observe.rs`.
pub const TOGO_VERSION: u32 = 2;

const N: Action = MAX_SHIPS as Action;

/// Ph1.2: the initiative winner becomes player A (reveals and acts first).
pub const INIT_FIRST: Action = 0;
/// Ph1.2: the initiative winner makes the other player player A.
pub const INIT_SECOND: Action = 1;
/// Ph2.3: place a face-down order marker: `ORDER_0 + level` (stop, astern, slow, half, full).
pub const ORDER_0: Action = 2;
/// Ph3.1: activate ship `k`: `ACTIVATE_0 + k`.
pub const ACTIVATE_0: Action = ORDER_0 + 5;
/// Movement: one leg (2" or what is left) then a turn of `15 * (k - 4)` degrees clockwise
/// (`LEG_0 + k`, k = 0..=8: -60 .. +60); under a stop order a pivot in place. A leg whose
/// path meets an enemy ship is a ram.
pub const LEG_0: Action = ACTIVATE_0 + N;
/// Movement: stop here (legal only when no leg is legal: the way is blocked).
pub const HALT: Action = LEG_0 + 9;
/// Stop order: drop anchor (no turn; the ship counts as anchored until its next order
/// other than stop).
pub const ANCHOR: Action = HALT + 1;
/// Fire: the battery (or torpedo tube) being declared fires at ship `j`: `TARGET_0 + j`.
pub const TARGET_0: Action = ANCHOR + 1;
/// Fire: the battery (or torpedo tube) being declared holds fire.
pub const HOLD: Action = TARGET_0 + N;
/// Counter salvo: the targeted ship fires back at the active ship now.
pub const COUNTER: Action = HOLD + 1;
/// Counter salvo: no.
pub const NO_COUNTER: Action = COUNTER + 1;
/// Boarding (after a ram, the ships in contact): the rammer boards the rammed ship.
pub const BOARD: Action = NO_COUNTER + 1;
/// Boarding: no.
pub const NO_BOARD: Action = BOARD + 1;
/// The deciding side concedes (only when the game allows resignation).
pub const RESIGN: Action = NO_BOARD + 1;
/// Critical hit on a fortification, 4-5 (sheet: "The opponent chooses which guns are
/// destroyed"): the firing side destroys one gun of battery `k`: `DESTROY_0 + k` (main,
/// medium, light).
pub const DESTROY_0: Action = RESIGN + 1;
/// Boarding specialist captain (sheet, "Boarding result modifiers"): re-roll the own
/// boarding die, or keep it.
pub const REROLL: Action = DESTROY_0 + 3;
pub const NO_REROLL: Action = REROLL + 1;
/// Size of the player action space.
pub const NUM_PLAYER_ACTIONS: usize = NO_REROLL as usize + 1;

/// Chance: a die shows `k` (`DIE_1 + k - 1`, k = 1..=6; a d3 or d2 uses the first faces).
pub const DIE_1: Action = NUM_PLAYER_ACTIONS as Action;
/// Chance: two dice sum to `s` (`SUM_2 + s - 2`, s = 2..=12).
pub const SUM_2: Action = DIE_1 + 6;
/// Chance: `k` dice of a pool succeed (`COUNT_0 + k`, k = 0..=4).
pub const COUNT_0: Action = SUM_2 + 11;
/// Chance: an armour roll of `s` sixes and `p` other penetrations:
/// `ARMOUR_0 + 5 * s + p` (s + p <= 4).
pub const ARMOUR_0: Action = COUNT_0 + 5;
/// Chance: a test passes.
pub const PASS: Action = ARMOUR_0 + 25;
/// Chance: a test fails.
pub const FAIL: Action = PASS + 1;
/// Size of the whole catalogue.
pub const NUM_ACTIONS: usize = FAIL as usize + 1;

/// Order levels, in catalogue order (the FAQ's list of markers). This is not the speed
/// ladder "one level" is counted on: see [`speed_rank`].
pub const ORDER_NAMES: [&str; 5] = ["stop", "astern", "slow", "half", "full"];
pub const STOP: u8 = 0;
pub const ASTERN: u8 = 1;
pub const SLOW: u8 = 2;
pub const HALF: u8 = 3;
pub const FULL: u8 = 4;

/// An order's step on the speed ladder astern, stop, slow, half, full: "at most one level"
/// (FAQ) is one step of ordered speed, so a stopped ship may go astern or slow ahead, and a
/// ship going astern must stop before she goes ahead.
pub const fn speed_rank(level: u8) -> u8 {
    match level {
        ASTERN => 0,
        STOP => 1,
        other => other,
    }
}

/// The turn of leg action `a`, degrees clockwise.
pub fn leg_turn(a: Action) -> i32 {
    15 * (a as i32 - LEG_0 as i32 - 4)
}

/// The leg action of a turn (a multiple of 15 in -60..=60).
pub fn leg_action(turn: i32) -> Action {
    (LEG_0 as i32 + 4 + turn / 15) as Action
}

/// The name of every catalogue index.
pub static ACTION_NAMES: [&str; NUM_ACTIONS] = [
    "initiative:first",
    "initiative:second",
    "order:stop",
    "order:astern",
    "order:slow",
    "order:half",
    "order:full",
    "activate:0",
    "activate:1",
    "activate:2",
    "activate:3",
    "activate:4",
    "activate:5",
    "activate:6",
    "activate:7",
    "leg:left60",
    "leg:left45",
    "leg:left30",
    "leg:left15",
    "leg:ahead",
    "leg:right15",
    "leg:right30",
    "leg:right45",
    "leg:right60",
    "halt",
    "anchor",
    "target:0",
    "target:1",
    "target:2",
    "target:3",
    "target:4",
    "target:5",
    "target:6",
    "target:7",
    "hold",
    "counter",
    "no-counter",
    "board",
    "no-board",
    "resign",
    "destroy:main",
    "destroy:medium",
    "destroy:light",
    "reroll",
    "no-reroll",
    "die:1",
    "die:2",
    "die:3",
    "die:4",
    "die:5",
    "die:6",
    "sum:2",
    "sum:3",
    "sum:4",
    "sum:5",
    "sum:6",
    "sum:7",
    "sum:8",
    "sum:9",
    "sum:10",
    "sum:11",
    "sum:12",
    "count:0",
    "count:1",
    "count:2",
    "count:3",
    "count:4",
    "armour:0s0p",
    "armour:0s1p",
    "armour:0s2p",
    "armour:0s3p",
    "armour:0s4p",
    "armour:1s0p",
    "armour:1s1p",
    "armour:1s2p",
    "armour:1s3p",
    "armour:1s4p",
    "armour:2s0p",
    "armour:2s1p",
    "armour:2s2p",
    "armour:2s3p",
    "armour:2s4p",
    "armour:3s0p",
    "armour:3s1p",
    "armour:3s2p",
    "armour:3s3p",
    "armour:3s4p",
    "armour:4s0p",
    "armour:4s1p",
    "armour:4s2p",
    "armour:4s3p",
    "armour:4s4p",
    "pass",
    "fail",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_line_up_with_indices() {
        assert_eq!(ACTION_NAMES[ORDER_0 as usize + 4], "order:full");
        assert_eq!(ACTION_NAMES[ACTIVATE_0 as usize + 7], "activate:7");
        assert_eq!(ACTION_NAMES[leg_action(-60) as usize], "leg:left60");
        assert_eq!(ACTION_NAMES[leg_action(0) as usize], "leg:ahead");
        assert_eq!(ACTION_NAMES[leg_action(60) as usize], "leg:right60");
        assert_eq!(leg_turn(LEG_0 + 8), 60);
        assert_eq!(ACTION_NAMES[HALT as usize], "halt");
        assert_eq!(ACTION_NAMES[TARGET_0 as usize + 7], "target:7");
        assert_eq!(ACTION_NAMES[BOARD as usize], "board");
        assert_eq!(ACTION_NAMES[RESIGN as usize], "resign");
        assert_eq!(RESIGN, 39, "version 1 player indices keep their meaning");
        assert_eq!(ACTION_NAMES[DESTROY_0 as usize + 2], "destroy:light");
        assert_eq!(ACTION_NAMES[NO_REROLL as usize], "no-reroll");
        assert_eq!(ACTION_NAMES[DIE_1 as usize], "die:1");
        assert_eq!(ACTION_NAMES[SUM_2 as usize + 10], "sum:12");
        assert_eq!(ACTION_NAMES[COUNT_0 as usize + 4], "count:4");
        assert_eq!(ACTION_NAMES[ARMOUR_0 as usize + 5 * 2 + 1], "armour:2s1p");
        assert_eq!(ACTION_NAMES[FAIL as usize], "fail");
        let mut sorted = ACTION_NAMES.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), NUM_ACTIONS, "names are unique");
    }
}
