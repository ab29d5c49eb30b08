//! WS&IM's named tactics (seed 004, the computer game's manual): what the orders of a ship
//! say about the way it fights.

use broadside_env::wsim::catalogue::{
    AIM_HULL, AIM_RIGGING, FIRE_AT_LEAST_0, HOLD_FIRE, REMAIN_FOULED, UNFOUL_ALL, UNFOUL_ENEMY,
    UNFOUL_FRIEND,
};
use broadside_env::wsim::WsimGame;
use broadside_env::Action;

use crate::tactics::{KnownTactics, Tactic, TacticInfo};

/// The HDT threshold at or below which an order fires at whatever the table gives.
const ANY_ODDS: Action = 1;
/// The HDT threshold from which an order waits for a close or raking shot.
const GOOD_SHOT: Action = 5;

fn hull(_: &WsimGame, a: Action) -> bool {
    a == AIM_HULL
}

fn rigging(_: &WsimGame, a: Action) -> bool {
    a == AIM_RIGGING
}

fn hold(_: &WsimGame, a: Action) -> bool {
    a == HOLD_FIRE
}

fn threshold(a: Action) -> Option<Action> {
    (FIRE_AT_LEAST_0..HOLD_FIRE)
        .contains(&a)
        .then(|| a - FIRE_AT_LEAST_0)
}

fn any_odds(_: &WsimGame, a: Action) -> bool {
    threshold(a).is_some_and(|t| t <= ANY_ODDS)
}

fn good_shot(_: &WsimGame, a: Action) -> bool {
    threshold(a).is_some_and(|t| t >= GOOD_SHOT)
}

fn stay_fouled(_: &WsimGame, a: Action) -> bool {
    a == UNFOUL_FRIEND || a == REMAIN_FOULED
}

fn break_free(_: &WsimGame, a: Action) -> bool {
    a == UNFOUL_ENEMY || a == UNFOUL_ALL
}

static TACTICS: [Tactic<WsimGame>; 7] = [
    Tactic {
        info: TacticInfo {
            name: "hull-fire",
            line: "aim the broadsides at the enemy's hull",
            rule: "Hit tables have a hull column; when all hull squares are gone the ship strikes",
        },
        uses: hull,
    },
    Tactic {
        info: TacticInfo {
            name: "rigging-fire",
            line: "aim the broadsides at the enemy's rigging",
            rule: "Rigging hits cut the movement allowance section by section",
        },
        uses: rigging,
    },
    Tactic {
        info: TacticInfo {
            name: "hold-fire",
            line: "do not fire this turn, keeping the loaded broadsides",
            rule: "Initial Broadside: the first broadside of each side hits harder",
        },
        uses: hold,
    },
    Tactic {
        info: TacticInfo {
            name: "fire-at-any-odds",
            line: "fire whatever the hit table (threshold 0 or 1)",
            rule: "Fire if HDT is at least N: a low threshold fires at long range too",
        },
        uses: any_odds,
    },
    Tactic {
        info: TacticInfo {
            name: "wait-for-a-good-shot",
            line: "fire only at hit table 5 or better: close range, a rake",
            rule:
                "Rake and range move the Hit Determination Table; an unfired broadside stays loaded",
        },
        uses: good_shot,
    },
    Tactic {
        info: TacticInfo {
            name: "stay-fouled",
            line: "stay fouled to the enemy ship alongside (unfoul friend or remain fouled)",
            rule: "Fouled ships cannot move or turn, but can fire",
        },
        uses: stay_fouled,
    },
    Tactic {
        info: TacticInfo {
            name: "break-free",
            line: "try to unfoul from the enemy",
            rule: "Fouled ships unfoul with a one third chance a turn when they try",
        },
        uses: break_free,
    },
];

impl KnownTactics for WsimGame {
    fn tactics() -> &'static [Tactic<Self>] {
        &TACTICS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::wsim::catalogue::{FORWARD, LOAD_ANY};
    use broadside_env::wsim::WsimRuleset;

    use crate::tactics::testing;

    /// Tactic `name` classifies `yes` as using it and `no` as not.
    fn check(name: &str, yes: Action, no: Action) {
        let g = testing::game::<WsimRuleset>(None);
        let t = testing::tactic::<WsimGame>(name);
        assert!((t.uses)(&g, yes), "{name} on {yes}");
        assert!(!(t.uses)(&g, no), "{name} on {no}");
    }

    #[test]
    fn hull_fire_is_aiming_at_the_hull() {
        check("hull-fire", AIM_HULL, AIM_RIGGING);
    }

    #[test]
    fn rigging_fire_is_aiming_at_the_rigging() {
        check("rigging-fire", AIM_RIGGING, AIM_HULL);
    }

    #[test]
    fn hold_fire_keeps_the_initial_broadside() {
        check("hold-fire", HOLD_FIRE, FIRE_AT_LEAST_0 + 3);
    }

    #[test]
    fn fire_at_any_odds_is_a_threshold_of_one_or_less() {
        check("fire-at-any-odds", FIRE_AT_LEAST_0 + 1, FIRE_AT_LEAST_0 + 2);
        check("fire-at-any-odds", FIRE_AT_LEAST_0, HOLD_FIRE);
    }

    #[test]
    fn waiting_for_a_good_shot_is_a_threshold_of_five_or_more() {
        check(
            "wait-for-a-good-shot",
            FIRE_AT_LEAST_0 + 5,
            FIRE_AT_LEAST_0 + 4,
        );
        check("wait-for-a-good-shot", FIRE_AT_LEAST_0 + 8, LOAD_ANY);
    }

    #[test]
    fn staying_fouled_keeps_the_enemy_alongside() {
        check("stay-fouled", UNFOUL_FRIEND, UNFOUL_ENEMY);
        check("stay-fouled", REMAIN_FOULED, FORWARD);
    }

    #[test]
    fn breaking_free_unfouls_from_the_enemy() {
        check("break-free", UNFOUL_ENEMY, UNFOUL_FRIEND);
        check("break-free", UNFOUL_ALL, REMAIN_FOULED);
    }
}
