//! Oak & Iron's named tactics (seed 000): the rake, where to aim, boarding and close combat,
//! fortune, reactions and engaging more closely.

use broadside_env::oak::catalogue::{
    AIM_CREW, AIM_RIGGING, BOARD_0, CLOSE_0, FIRE_PORT_0, FIRE_STBD_0, FORTUNE, REACT_DECLINE,
    SHIFT_0, SHIP_0,
};
use broadside_env::oak::data::MAX_PER_SIDE;
use broadside_env::oak::geometry::rake;
use broadside_env::oak::OakGame;
use broadside_env::{Action, Game};

use crate::tactics::{KnownTactics, Tactic, TacticInfo};

const N: Action = MAX_PER_SIDE as Action;

/// A broadside of the active ship at enemy slot `j`: the target's ship index.
fn broadside_target(g: &OakGame, a: Action) -> Option<usize> {
    let j = if (FIRE_PORT_0..FIRE_PORT_0 + N).contains(&a) {
        a - FIRE_PORT_0
    } else if (FIRE_STBD_0..FIRE_STBD_0 + N).contains(&a) {
        a - FIRE_STBD_0
    } else {
        return None;
    };
    let me = g.ships().get(g.act.ship as usize)?;
    g.ship_at(1 - me.side, j as usize)
}

fn raking(g: &OakGame, a: Action) -> bool {
    broadside_target(g, a).is_some_and(|t| {
        let me = &g.ships()[g.act.ship as usize];
        rake(&me.base, &g.ships()[t].base) > 0
    })
}

fn rigging(_: &OakGame, a: Action) -> bool {
    a == AIM_RIGGING
}

fn crew(_: &OakGame, a: Action) -> bool {
    a == AIM_CREW
}

fn boarding(_: &OakGame, a: Action) -> bool {
    (BOARD_0..BOARD_0 + N).contains(&a) || (CLOSE_0..CLOSE_0 + N).contains(&a)
}

fn fortune(_: &OakGame, a: Action) -> bool {
    a == FORTUNE
}

/// Picking a ship to react (Small Arms) where declining was open.
fn reaction(g: &OakGame, a: Action) -> bool {
    (SHIP_0..SHIP_0 + N).contains(&a) && g.legal_actions().contains(REACT_DECLINE)
}

fn shift(_: &OakGame, a: Action) -> bool {
    (SHIFT_0..SHIFT_0 + 4).contains(&a)
}

static TACTICS: [Tactic<OakGame>; 7] = [
    Tactic {
        info: TacticInfo {
            name: "raking-fire",
            line: "fire a broadside along the target's length, bow or stern",
            rule: "RAKE: a raking attack adds dice, a stern rake ignores high freeboard",
        },
        uses: raking,
    },
    Tactic {
        info: TacticInfo {
            name: "rigging-fire",
            line: "aim at the rigging (half the dice)",
            rule: "Aiming: rigging hits slow the target and cost it sail settings",
        },
        uses: rigging,
    },
    Tactic {
        info: TacticInfo {
            name: "crew-fire",
            line: "aim at the crew at pistol shot (half the dice)",
            rule: "Aiming: crew hits add fatigue, and a shaken ship can be captured",
        },
        uses: crew,
    },
    Tactic {
        info: TacticInfo {
            name: "boarding",
            line: "board within yardarm, or fight an entangled enemy in close combat",
            rule: "Boarding and close combat: entangled ships fight; a shaken loser is taken",
        },
        uses: boarding,
    },
    Tactic {
        info: TacticInfo {
            name: "fortune",
            line: "spend a fortune point to roll a test or an attack again",
            rule: "Fortune points: roll the whole test or attack again",
        },
        uses: fortune,
    },
    Tactic {
        info: TacticInfo {
            name: "reaction",
            line: "answer the enemy's move with a ship's reaction (Small Arms)",
            rule: "Reactions: a ship may act inside the opponent's activation",
        },
        uses: reaction,
    },
    Tactic {
        info: TacticInfo {
            name: "engage-more-closely",
            line: "shift sideways at the start or end of the move",
            rule: "Adjust Position / Engage More Closely: a free sideways shift up to speed 1",
        },
        uses: shift,
    },
];

impl KnownTactics for OakGame {
    fn tactics() -> &'static [Tactic<Self>] {
        &TACTICS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::oak::catalogue::{AIM_HULL, ATTACK_NONE, KEEP, MOVE_AHEAD};
    use broadside_env::oak::OakRuleset;

    use crate::tactics::testing::{game, split, tactic};

    fn check(name: &str, yes: Action, no: Action) {
        let g = game::<OakRuleset>(None);
        let t = tactic::<OakGame>(name);
        assert!((t.uses)(&g, yes) && !(t.uses)(&g, no), "{name}");
    }

    #[test]
    fn raking_fire_is_a_broadside_on_the_rake() {
        let (g, yes, no) = split(&game::<OakRuleset>(None), "raking-fire").unwrap();
        let t = broadside_target(&g, yes).unwrap();
        assert!(rake(&g.ships()[g.act.ship as usize].base, &g.ships()[t].base) > 0);
        assert!(!raking(&g, no));
    }

    #[test]
    fn aiming_at_the_rigging_or_the_crew() {
        check("rigging-fire", AIM_RIGGING, AIM_HULL);
        check("crew-fire", AIM_CREW, AIM_RIGGING);
    }

    #[test]
    fn boarding_and_close_combat() {
        check("boarding", BOARD_0 + 1, FIRE_PORT_0 + 1);
        check("boarding", CLOSE_0, ATTACK_NONE);
    }

    #[test]
    fn fortune_and_engaging_more_closely() {
        check("fortune", FORTUNE, KEEP);
        check("engage-more-closely", SHIFT_0 + 1, MOVE_AHEAD);
    }

    #[test]
    fn a_reaction_is_a_ship_picked_where_declining_was_open() {
        let (g, yes, no) = split(&game::<OakRuleset>(None), "reaction").unwrap();
        assert!((SHIP_0..SHIP_0 + N).contains(&yes) && g.legal_actions().contains(REACT_DECLINE));
        assert!(!reaction(&g, no));
        // A ship picked where no reaction is open is an activation, not a reaction.
        assert!(!reaction(&game::<OakRuleset>(None), SHIP_0));
    }
}
