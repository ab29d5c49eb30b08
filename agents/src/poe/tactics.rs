//! Pieces of Eight's named tactics (seed 003): raking, boarding (merchants above all),
//! shooting out of turn and fighting for the wind.

use broadside_env::poe::catalogue::{
    BOARD_0, CANCEL_DICE_0, FIRE_0, OPP_0, REROLL, RETURN_FIRE, WIND_DICE_0,
};
use broadside_env::poe::data::MAX_SHIPS;
use broadside_env::poe::PoeGame;
use broadside_env::Action;

use crate::tactics::{KnownTactics, Tactic, TacticInfo};

const N: Action = MAX_SHIPS as Action;

/// The ship `a` boards, if it is a boarding action.
fn boarded(a: Action) -> Option<usize> {
    (BOARD_0..BOARD_0 + N)
        .contains(&a)
        .then(|| (a - BOARD_0) as usize)
}

fn raking(g: &PoeGame, a: Action) -> bool {
    let me = g.act.ship as usize;
    (FIRE_0..FIRE_0 + N).contains(&a) && me < MAX_SHIPS && g.rakes(me, (a - FIRE_0) as usize)
}

fn boarding(_: &PoeGame, a: Action) -> bool {
    boarded(a).is_some()
}

fn merchant(g: &PoeGame, a: Action) -> bool {
    boarded(a).is_some_and(|j| !g.ships[j].warship)
}

fn opportunity(_: &PoeGame, a: Action) -> bool {
    (OPP_0..OPP_0 + N).contains(&a)
}

fn return_fire(_: &PoeGame, a: Action) -> bool {
    a == RETURN_FIRE
}

fn reroll(_: &PoeGame, a: Action) -> bool {
    a == REROLL
}

/// Declaring or answering the wind change with at least one die.
fn wind(_: &PoeGame, a: Action) -> bool {
    (WIND_DICE_0 + 1..WIND_DICE_0 + 4).contains(&a)
        || (CANCEL_DICE_0 + 1..CANCEL_DICE_0 + 4).contains(&a)
}

static TACTICS: [Tactic<PoeGame>; 7] = [
    Tactic {
        info: TacticInfo {
            name: "raking-fire",
            line: "shoot from the target's bow or stern arc",
            rule: "Gunnery modifiers: raking (warship in own turn) +3",
        },
        uses: raking,
    },
    Tactic {
        info: TacticInfo {
            name: "boarding",
            line: "grapple and board an adjacent enemy",
            rule: "Boarding: grapple, then fight; the loser is captured",
        },
        uses: boarding,
    },
    Tactic {
        info: TacticInfo {
            name: "board-a-merchant",
            line: "board a merchant rather than shoot it",
            rule: "Victory points: a captured ship scores its points, a sunk merchant does not pay",
        },
        uses: merchant,
    },
    Tactic {
        info: TacticInfo {
            name: "opportunity-shooting",
            line: "shoot at an enemy moving past at one hex, out of turn",
            rule: "Opportunity shooting: only at 1 hex range, -3 to the dice",
        },
        uses: opportunity,
    },
    Tactic {
        info: TacticInfo {
            name: "return-fire",
            line: "shoot back at the ship that hit you",
            rule: "Return shooting: only allowed if hits received, -3 to the dice",
        },
        uses: return_fire,
    },
    Tactic {
        info: TacticInfo {
            name: "broadside-reroll",
            line: "re-roll a poor broadside",
            rule: "Re-rolls: the whole broadside once, the second roll stands",
        },
        uses: reroll,
    },
    Tactic {
        info: TacticInfo {
            name: "wind-contest",
            line: "spend dice to turn the wind, or to stop the enemy turning it",
            rule: "Wind change: the mover's dice against the opponent's cancelling dice",
        },
        uses: wind,
    },
];

impl KnownTactics for PoeGame {
    fn tactics() -> &'static [Tactic<Self>] {
        &TACTICS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::catalogue::{DONE, KEEP, OPP_HOLD, RETURN_HOLD, WIND_DICE_0};
    use broadside_env::poe::PoeRuleset;

    use crate::tactics::testing::{game, split, tactic};

    fn check(name: &str, yes: Action, no: Action) {
        let g = game::<PoeRuleset>(None);
        let t = tactic::<PoeGame>(name);
        assert!((t.uses)(&g, yes) && !(t.uses)(&g, no), "{name}");
    }

    #[test]
    fn raking_fire_shoots_from_the_bow_or_stern_arc() {
        let (g, yes, no) = split(&game::<PoeRuleset>(None), "raking-fire").unwrap();
        assert!(g.rakes(g.act.ship as usize, (yes - FIRE_0) as usize));
        assert!(!raking(&g, no));
    }

    #[test]
    fn boarding_and_boarding_a_merchant() {
        check("boarding", BOARD_0 + 1, FIRE_0 + 1);
        let g = game::<PoeRuleset>(None);
        let m = (0..g.num_ships as usize).find(|&j| !g.ships[j].warship);
        let w = (0..g.num_ships as usize).find(|&j| g.ships[j].warship);
        let (m, w) = (m.expect("a merchant"), w.expect("a warship"));
        check(
            "board-a-merchant",
            BOARD_0 + m as Action,
            BOARD_0 + w as Action,
        );
    }

    #[test]
    fn shooting_out_of_turn() {
        check("opportunity-shooting", OPP_0, OPP_HOLD);
        check("return-fire", RETURN_FIRE, RETURN_HOLD);
    }

    #[test]
    fn a_reroll_and_the_wind() {
        check("broadside-reroll", REROLL, KEEP);
        check("wind-contest", WIND_DICE_0 + 2, WIND_DICE_0);
        check("wind-contest", CANCEL_DICE_0 + 1, DONE);
    }
}
