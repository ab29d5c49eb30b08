//! Togo's named tactics (seed 002): crossing the T, ramming, torpedoes, counter salvoes,
//! boarding, speed and who moves first.

use broadside_env::plane::{broadside_arc, in_bow_or_stern};
use broadside_env::togo::catalogue::{BOARD, COUNTER, FULL, INIT_SECOND, LEG_0, ORDER_0, TARGET_0};
use broadside_env::togo::data::MAX_SHIPS;
use broadside_env::togo::movement::LegKind;
use broadside_env::togo::state::TORPEDO;
use broadside_env::togo::{Stage, TogoGame};
use broadside_env::Action;

use crate::tactics::{KnownTactics, Tactic, TacticInfo};

/// The target of a fire declaration by battery `b` (3: torpedo) of the active ship.
fn declared(g: &TogoGame, a: Action) -> Option<(u8, usize)> {
    let Stage::Target { battery } = g.stage else {
        return None;
    };
    (TARGET_0..TARGET_0 + MAX_SHIPS as Action)
        .contains(&a)
        .then(|| (battery, (a - TARGET_0) as usize))
}

/// Guns fired across the target's bow or stern with the firer's broadside bearing.
fn cross_t(g: &TogoGame, a: Action) -> bool {
    let Some((b, j)) = declared(g, a) else {
        return false;
    };
    let (me, them) = (&g.ships[g.mv.ship as usize], &g.ships[j]);
    b < TORPEDO
        && in_bow_or_stern(&them.rect, me.rect.centre)
        && broadside_arc(&me.rect, them.rect.centre).is_some()
}

fn ram(g: &TogoGame, a: Action) -> bool {
    g.stage == Stage::Leg
        && (LEG_0..LEG_0 + 9).contains(&a)
        && matches!(g.leg_kinds()[(a - LEG_0) as usize], Some(LegKind::Ram(_)))
}

fn torpedo(g: &TogoGame, a: Action) -> bool {
    declared(g, a).is_some_and(|(b, _)| b == TORPEDO)
}

fn counter(_: &TogoGame, a: Action) -> bool {
    a == COUNTER
}

fn board(_: &TogoGame, a: Action) -> bool {
    a == BOARD
}

fn full_speed(_: &TogoGame, a: Action) -> bool {
    a == ORDER_0 + FULL as Action
}

fn move_second(_: &TogoGame, a: Action) -> bool {
    a == INIT_SECOND
}

static TACTICS: [Tactic<TogoGame>; 7] = [
    Tactic {
        info: TacticInfo {
            name: "crossing-the-t",
            line: "fire the guns across the enemy's bow or stern, broadside bearing",
            rule: "Arcs of fire: a ship end-on brings only her end guns to bear in reply",
        },
        uses: cross_t,
    },
    Tactic {
        info: TacticInfo {
            name: "ramming",
            line: "steer a leg into an enemy ship",
            rule: "Ramming: a leg that meets an enemy rams; the ram test, then boarding",
        },
        uses: ram,
    },
    Tactic {
        info: TacticInfo {
            name: "torpedo-attack",
            line: "fire a torpedo salvo",
            rule: "Torpedoes: a hit roll, then the mine and torpedo effects table",
        },
        uses: torpedo,
    },
    Tactic {
        info: TacticInfo {
            name: "counter-salvo",
            line: "fire back at once at the ship that declared fire at you",
            rule: "Ph3.2 counter salvo: the target fires back now, and not again this turn",
        },
        uses: counter,
    },
    Tactic {
        info: TacticInfo {
            name: "boarding",
            line: "board the ship you rammed",
            rule: "Boarding after a ram: the ships in contact fight for the prize",
        },
        uses: board,
    },
    Tactic {
        info: TacticInfo {
            name: "full-speed",
            line: "order full speed ahead",
            rule: "Order markers: speed changes at most one level a turn, so full speed is planned",
        },
        uses: full_speed,
    },
    Tactic {
        info: TacticInfo {
            name: "move-second",
            line: "having won the initiative, make the enemy player A",
            rule: "Ph1.2: player A reveals and acts first; the other answers",
        },
        uses: move_second,
    },
];

impl KnownTactics for TogoGame {
    fn tactics() -> &'static [Tactic<Self>] {
        &TACTICS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::togo::catalogue::{HOLD, INIT_FIRST, NO_BOARD, NO_COUNTER, SLOW};
    use broadside_env::togo::TogoRuleset;

    use crate::tactics::testing::{game, split, split_by, tactic};
    use crate::KnownAgents;

    fn check(name: &str, yes: Action, no: Action) {
        let g = game::<TogoRuleset>(None);
        let t = tactic::<TogoGame>(name);
        assert!((t.uses)(&g, yes) && !(t.uses)(&g, no), "{name}");
    }

    #[test]
    fn crossing_the_t_fires_across_the_enemy_bow_or_stern() {
        let (g, yes, no) = split(&game::<TogoRuleset>(None), "crossing-the-t").unwrap();
        let (_, j) = declared(&g, yes).unwrap();
        assert!(in_bow_or_stern(
            &g.ships[j].rect,
            g.ships[g.mv.ship as usize].rect.centre
        ));
        assert!(!cross_t(&g, no));
    }

    #[test]
    fn ramming_steers_into_an_enemy() {
        // Random ships rarely meet; the rammers' doctrine steers for it.
        let bot = TogoGame::named_bot("rammers", 1);
        let (g, yes, no) = split_by(&game::<TogoRuleset>(None), "ramming", bot).unwrap();
        assert!(matches!(
            g.leg_kinds()[(yes - LEG_0) as usize],
            Some(LegKind::Ram(_))
        ));
        assert!(!ram(&g, no));
    }

    #[test]
    fn a_torpedo_attack_is_the_tube_declaring() {
        let (g, yes, no) = split(&game::<TogoRuleset>(None), "torpedo-attack").unwrap();
        assert_eq!(g.stage, Stage::Target { battery: TORPEDO });
        assert!(declared(&g, yes).is_some() && no == HOLD);
    }

    #[test]
    fn counter_salvo_boarding_speed_and_initiative() {
        check("counter-salvo", COUNTER, NO_COUNTER);
        check("boarding", BOARD, NO_BOARD);
        check(
            "full-speed",
            ORDER_0 + FULL as Action,
            ORDER_0 + SLOW as Action,
        );
        check("move-second", INIT_SECOND, INIT_FIRST);
    }
}
