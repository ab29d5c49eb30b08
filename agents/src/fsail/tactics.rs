//! Fighting Sail's named tactics (seed 001): which shots a captain takes, and when he
//! boards instead.

use broadside_env::fsail::catalogue::{BOARD_0, CANNON_END, FIRE_0};
use broadside_env::fsail::data::MAX_PER_SIDE;
use broadside_env::fsail::FsailGame;
use broadside_env::{Action, Game};

use crate::tactics::{KnownTactics, Tactic, TacticInfo};

/// The firer and target (ship indices) of a fire action of the player to move.
fn shot(g: &FsailGame, a: Action) -> Option<(usize, usize)> {
    let n = (MAX_PER_SIDE * MAX_PER_SIDE) as Action;
    if !(FIRE_0..FIRE_0 + n).contains(&a) {
        return None;
    }
    let p = g.current_player()?;
    let k = (a - FIRE_0) as usize;
    Some((
        g.slot_ship(p, k / MAX_PER_SIDE)?,
        g.slot_ship(1 - p, k % MAX_PER_SIDE)?,
    ))
}

fn raking(g: &FsailGame, a: Action) -> bool {
    shot(g, a).is_some_and(|(f, t)| g.is_raking(f, t))
}

fn boarding(_: &FsailGame, a: Action) -> bool {
    let n = (MAX_PER_SIDE * MAX_PER_SIDE) as Action;
    (BOARD_0..BOARD_0 + n).contains(&a)
}

fn close_range(g: &FsailGame, a: Action) -> bool {
    shot(g, a).is_some_and(|(f, t)| g.range_band(f, t) == Some(0))
}

fn long_range(g: &FsailGame, a: Action) -> bool {
    shot(g, a).is_some_and(|(f, t)| g.range_band(f, t) == Some(2))
}

/// A shot at the enemy with the fewest Hull left among those the firer may shoot, when
/// another target with more Hull was open to it: fire gathered on the weakest ship.
fn concentrate(g: &FsailGame, a: Action) -> bool {
    let Some((f, t)) = shot(g, a) else {
        return false;
    };
    let hull = g.ships()[t].hull;
    let mut stronger = false;
    for (k, s) in g.ships().iter().enumerate() {
        if g.valid_target(f, k) {
            if s.hull < hull {
                return false;
            }
            stronger |= s.hull > hull;
        }
    }
    stronger
}

/// Ending the cannon phase while a shot was open.
fn hold(g: &FsailGame, a: Action) -> bool {
    a == CANNON_END && g.legal_actions().iter().any(|b| shot(g, b).is_some())
}

static TACTICS: [Tactic<FsailGame>; 6] = [
    Tactic {
        info: TacticInfo {
            name: "raking-fire",
            line: "fire from the target's bow or stern wedge",
            rule: "Raking shots: explosions roll extra Gunnery dice that explode again",
        },
        uses: raking,
    },
    Tactic {
        info: TacticInfo {
            name: "boarding",
            line: "board an enemy alongside instead of firing",
            rule: "Boarding: Boarding dice against the defender's, the loser may strike",
        },
        uses: boarding,
    },
    Tactic {
        info: TacticInfo {
            name: "close-range-fire",
            line: "fire at short range",
            rule: "Range bands: the hit and explosion targets are lowest at short range",
        },
        uses: close_range,
    },
    Tactic {
        info: TacticInfo {
            name: "long-range-fire",
            line: "fire at long range",
            rule: "Range bands: at long range hits need high rolls and rarely explode",
        },
        uses: long_range,
    },
    Tactic {
        info: TacticInfo {
            name: "concentrate-fire",
            line: "fire at the weakest enemy in arc, not a sounder one",
            rule: "Hull: a ship whose Hull is gone strikes or sinks; damage tokens add up",
        },
        uses: concentrate,
    },
    Tactic {
        info: TacticInfo {
            name: "hold-fire",
            line: "end the cannon phase while a shot was open",
            rule: "Cannon phase: a ship fires once a turn, or boards instead",
        },
        uses: hold,
    },
];

impl KnownTactics for FsailGame {
    fn tactics() -> &'static [Tactic<Self>] {
        &TACTICS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::FsailRuleset;

    use crate::tactics::testing::{game, split};

    /// A position where `name` tells one legal action from another.
    fn found(name: &str) -> (FsailGame, Action, Action) {
        split(&game::<FsailRuleset>(None), name).unwrap_or_else(|| panic!("{name} never split"))
    }

    #[test]
    fn raking_fire_shoots_from_the_bow_or_stern_wedge() {
        let (g, yes, no) = found("raking-fire");
        let (f, t) = shot(&g, yes).unwrap();
        assert!(g.is_raking(f, t));
        assert!(shot(&g, no).is_none_or(|(f, t)| !g.is_raking(f, t)));
    }

    #[test]
    fn boarding_is_a_board_action() {
        let (g, yes, no) = found("boarding");
        assert!(yes >= BOARD_0 && !boarding(&g, no));
        assert!(!boarding(&g, FIRE_0));
    }

    #[test]
    fn close_and_long_range_fire_read_the_range_band() {
        let (g, yes, no) = found("close-range-fire");
        let (f, t) = shot(&g, yes).unwrap();
        assert_eq!(g.range_band(f, t), Some(0));
        assert!(!close_range(&g, no));
        let (g, yes, no) = found("long-range-fire");
        let (f, t) = shot(&g, yes).unwrap();
        assert_eq!(g.range_band(f, t), Some(2));
        assert!(!long_range(&g, no) && !close_range(&g, yes));
    }

    #[test]
    fn concentrated_fire_picks_the_weakest_target_in_arc() {
        let (g, yes, no) = found("concentrate-fire");
        let (f, t) = shot(&g, yes).unwrap();
        let weakest = (0..g.ships().len())
            .filter(|&k| g.valid_target(f, k))
            .map(|k| g.ships()[k].hull)
            .min();
        assert_eq!(weakest, Some(g.ships()[t].hull));
        assert!(!concentrate(&g, no));
    }

    #[test]
    fn holding_fire_ends_the_phase_with_a_shot_open() {
        let (g, yes, no) = found("hold-fire");
        assert_eq!(yes, CANNON_END);
        assert!(shot(&g, no).is_some() || no >= BOARD_0);
    }
}
