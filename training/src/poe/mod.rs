//! Terminal views of a Pieces of Eight game (the `poe` ruleset): [`map`] (the sea as a hex
//! grid with fog, shallows and the exit), [`chart`] (the ship table and one ship's chart),
//! [`narrate`] (the game log, from state differences and chance outcomes), [`orders`] (the
//! numbered legal orders of `play`), [`snapshot`] (readable JSON states for `replay --json`),
//! [`play`] (the [`RulesetUi`](crate::screens::RulesetUi)) and the result ([`PoeResult`]).
//!
//! Ships are named through a [`Roster`] built from the scenario, with every name cleaned of
//! control characters ([`clean`]): scenario files are untrusted text.

use broadside_env::game::{Game, Turn};
use broadside_env::hex::Hex;
use broadside_env::poe::state::NONE;
use broadside_env::poe::{EndReason, Pending, PoeGame, PoeRuleset, Scenario};
use serde::Serialize;

use crate::roster::Roster;
use crate::screens::Screens;

pub mod board;
pub mod chart;
pub mod map;
pub mod narrate;
pub mod orders;
pub mod play;
pub mod snapshot;

/// Pieces of Eight's default admiral: the tree search with rollouts played to the end of the
/// game by the best doctrine (`bot:boarding-rush`), 400 simulations a decision (a fixed
/// budget, so a game replays exactly). Against `bot:boarding-rush` in fog and shallows it
/// scored 69.2% of 200 games (the portfolio search 55-58%, the doctrines' candidates mostly
/// agreeing); in the convoy action the convoy side wins almost every game between competent
/// players, so 50.5% there is the ceiling (docs/experiments/2026-11-25-poe-admiral.md).
pub const POE_ADMIRAL: &str = "mcts:sims=400,eval=rollout:bot:best";

/// The search a difficulty level plays (the level adds its time): the same tree search with
/// the best doctrine's rollouts.
pub const POE_SQUADRON_LEVEL: &str = "mcts:eval=rollout:bot:best";

impl Screens for PoeRuleset {
    type Ui = play::PoeUi;
    const ADMIRAL: Option<&'static str> = Some(POE_ADMIRAL);
    const SQUADRON_LEVEL: Option<&'static str> = Some(POE_SQUADRON_LEVEL);
    // The analysis engine (docs/experiments/2026-11-28-analysis-engine.md).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Squadron;
}

/// The roster of a `poe` scenario seen from `viewer` (0 or 1): the viewer's ships are
/// lettered A, B, .. and the enemy's a, b, .., each side in scenario order (the roster
/// sanitises ship, class and side names for the terminal).
pub fn roster(scenario: &Scenario, viewer: u8) -> Roster {
    Roster::of_ships(
        scenario
            .ships
            .iter()
            .map(|s| (s.name.as_str(), s.class.name.as_str(), s.side)),
        scenario.sides.clone(),
        viewer,
    )
}

/// "Santa Rosa (A)".
pub fn tag(roster: &Roster, i: usize) -> String {
    roster.tag(i)
}

/// "(col,row)" of a hex in the map's offset coordinates.
pub fn at(h: Hex) -> String {
    let (c, r) = h.to_offset();
    format!("({c},{r})")
}

/// The name of the side that owns a ship now ("struck" for none).
pub fn owner_name(roster: &Roster, owner: u8) -> &str {
    if owner == NONE {
        "nobody (struck)"
    } else {
        roster.side_name(owner)
    }
}

/// "the Convoy's", "the Buccaneers'".
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// Victory points from half points: "2", "2½".
pub fn points_text(half: u8) -> String {
    if half & 1 == 0 {
        format!("{}", half / 2)
    } else if half == 1 {
        "½".into()
    } else {
        format!("{}½", half / 2)
    }
}

/// Whose turn and what now, in words ("Turn 3: the Buccaneers move; Fancy (b) moves").
pub fn phase_text(g: &PoeGame, roster: &Roster) -> String {
    let mover = roster.side_name(g.mover);
    let acting = || tag(roster, g.act.ship as usize);
    let what = match g.pending {
        Pending::WindDice => format!("the {mover} may try to change the wind"),
        Pending::CancelDice { successes } => format!(
            "the {} may answer the {} {} wind success{}",
            roster.side_name(1 - g.mover),
            possessive(mover),
            successes,
            if successes == 1 { "" } else { "es" }
        ),
        Pending::WindTurn => format!("the {mover} won the wind change and turn the wind"),
        Pending::SelectShip => format!("the {mover} pick the next ship to act"),
        Pending::Recover => format!("{} places a recovery success", acting()),
        Pending::Moving => format!(
            "{} moves ({} of {} hexes)",
            acting(),
            g.act.moved,
            g.act.allowance
        ),
        Pending::AfterMove => format!("{} may shoot or board", acting()),
        Pending::Opportunity => format!(
            "the {} may shoot on opportunity at {}",
            roster.side_name(1 - g.mover),
            acting()
        ),
        Pending::Reroll => format!(
            "{} may re-roll the broadside",
            tag(roster, g.shot.shooter as usize)
        ),
        Pending::Lose { by } => format!(
            "the {} choose the marker {} loses",
            roster.side_name(by),
            tag(roster, g.loss.ship as usize)
        ),
        Pending::ReturnShot => format!("{} may shoot back", tag(roster, g.shot.target as usize)),
        Pending::Clock => format!("the {mover} advance the battle clock"),
        Pending::Over => "the game is over".into(),
        _ => "dice are rolling".into(),
    };
    format!(
        "Turn {}, {} turn: {what}",
        g.turn,
        possessive(&format!("the {mover}"))
    )
}

/// "player 0", "player 1", "chance" or "terminal".
pub fn to_act(g: &PoeGame) -> String {
    match g.turn() {
        Turn::Player(p) => format!("player {p}"),
        Turn::Chance => "chance".into(),
        Turn::Terminal => "terminal".into(),
    }
}

/// How a `poe` game stands at its end (or where it was left).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoeResult {
    /// Whether the game reached its end.
    pub finished: bool,
    /// The winning side (0 or 1); `None` for a draw or an unfinished game.
    pub winner: Option<u8>,
    pub winner_name: Option<String>,
    /// "clock-complete", "convoy-gone", "side-gone" or "resignation".
    pub reason: Option<&'static str>,
    /// Victory points of side 0 and side 1 (halves as .5).
    pub points: [f64; 2],
    /// Names of side 0 and side 1.
    pub sides: [String; 2],
    /// Player turns played and the battle clock.
    pub turn: u16,
    pub clock: u8,
    pub clock_length: u8,
}

/// A short machine name of a reason.
pub fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::ClockComplete => "clock-complete",
        EndReason::ConvoyGone => "convoy-gone",
        EndReason::SideGone => "side-gone",
        EndReason::Resignation => "resignation",
    }
}

fn reason_words(r: EndReason, clock_length: u8) -> String {
    match r {
        EndReason::ClockComplete => format!("the battle clock reached {clock_length}"),
        EndReason::ConvoyGone => "no merchant is left to the convoy".into(),
        EndReason::SideGone => "a side has no ship afloat".into(),
        EndReason::Resignation => "a side resigned".into(),
    }
}

impl PoeResult {
    /// The result of `g` (the points so far where it is unfinished).
    pub fn of(g: &PoeGame, roster: &Roster) -> Self {
        let half = g.ending.map_or_else(|| g.half_points(), |e| e.half_points);
        let winner = g.ending.and_then(|e| e.winner);
        PoeResult {
            finished: g.ending.is_some(),
            winner,
            winner_name: winner.map(|w| roster.side_name(w).to_string()),
            reason: g.ending.map(|e| reason_name(e.reason)),
            points: half.map(|h| h as f64 / 2.0),
            sides: roster.sides.clone(),
            turn: g.turn,
            clock: g.clock,
            clock_length: g.clock_length,
        }
    }

    /// One paragraph for people.
    pub fn text(&self, g: &PoeGame) -> String {
        let half = g.ending.map_or_else(|| g.half_points(), |e| e.half_points);
        let points = format!(
            "Victory points: {} {}, {} {}.",
            self.sides[0],
            points_text(half[0]),
            self.sides[1],
            points_text(half[1])
        );
        match g.ending {
            Some(e) => match e.winner {
                Some(_) => format!(
                    "The {} win on turn {} — {}. {points}",
                    self.winner_name.as_deref().unwrap_or("?"),
                    self.turn,
                    reason_words(e.reason, self.clock_length)
                ),
                None => format!(
                    "A draw on turn {} — {}. {points}",
                    self.turn,
                    reason_words(e.reason, self.clock_length)
                ),
            },
            None => format!(
                "The game was left unfinished on turn {} (battle clock {} of {}). {points}",
                self.turn, self.clock, self.clock_length
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::{builtin_scenario, PoeOptions};

    #[test]
    fn roster_cleans_names_and_letters_follow_the_viewer() {
        let mut s = builtin_scenario("warship-duel").expect("built-in scenario");
        s.ships[0].name = "Swal\x1b]0;pwned\x07low".into();
        let r = roster(&s, 1);
        assert_eq!(r.letters, vec!['a', 'A']);
        assert!(!r.name(0).chars().any(char::is_control), "{}", r.name(0));
        let g = PoeGame::new(&s, PoeOptions::default());
        assert!(phase_text(&g, &r).starts_with("Turn 1, the Navy's turn"));
        let res = PoeResult::of(&g, &r);
        assert!(res.text(&g).contains("unfinished"), "{}", res.text(&g));
        assert_eq!(points_text(5), "2½");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(4), "2");
    }
}
