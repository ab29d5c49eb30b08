//! Terminal views of a Fighting Sail game (the `fsail` ruleset): [`map`] (the table as a
//! character grid), [`chart`] (ship charts, fleet morale and the phase), [`narrate`] (the
//! game log, from state differences and chance outcomes), [`orders`] (the numbered legal
//! orders of `play`), [`snapshot`] (readable JSON states) and the result ([`FsailResult`]). Ships are named through the same [`Roster`] as
//! WS&IM's views, built here from an `fsail` scenario.

use broadside_env::fsail::{EndReason, FsailGame, Phase, Scenario};
use broadside_env::game::{Game, Turn};
use serde::Serialize;

use broadside_env::fsail::FsailRuleset;

use crate::roster::Roster;
use crate::screens::Screens;

pub mod board;
pub mod chart;
pub mod map;
pub mod narrate;
pub mod orders;
pub mod play;
pub mod snapshot;

/// The roster of an `fsail` scenario seen from `viewer` (0 or 1): the viewer's ships are
/// lettered A, B, .. and the enemy's a, b, .., each side in scenario order.
pub fn roster(scenario: &Scenario, viewer: u8) -> Roster {
    Roster::of_ships(
        scenario
            .ships
            .iter()
            .map(|s| (s.name.as_str(), s.profile.name.as_str(), s.side)),
        scenario.sides.clone(),
        viewer,
    )
}

/// "Victory (A)".
pub fn tag(roster: &Roster, i: usize) -> String {
    roster.tag(i)
}

/// Inches of a length in mils, one decimal.
pub fn inches(mils: i32) -> String {
    format!("{:.1}", FsailGame::inches(mils))
}

/// Whose turn and where, in words ("turn 3 of 12, sailing: British pick a ship").
pub fn phase_text(g: &FsailGame, roster: &Roster) -> String {
    let side = |p: u8| roster.side_name(p).to_string();
    let what = match g.phase {
        Phase::Initiative => "initiative roll".to_string(),
        Phase::SailSelect { player } => {
            format!("sailing: the {} pick a ship to sail", side(player))
        }
        Phase::SailSpend {
            player,
            ship,
            points,
        } => format!(
            "sailing: {} ({}) has {points} sailing point{} to spend",
            tag(roster, ship as usize),
            side(player),
            if points == 1 { "" } else { "s" }
        ),
        Phase::Cannon { player } => format!("cannon: the {} fire or board", side(player)),
        Phase::Over => "the game is over".to_string(),
    };
    let first = match g.phase {
        Phase::Initiative | Phase::Over => String::new(),
        _ => format!(" (first player: {})", side(g.first)),
    };
    format!("Turn {} of {}, {what}{first}", g.turn, g.turn_limit)
}

/// "player 0", "player 1", "chance" or "terminal".
pub fn to_act(g: &FsailGame) -> String {
    match g.turn() {
        Turn::Player(p) => format!("player {p}"),
        Turn::Chance => "chance".into(),
        Turn::Terminal => "terminal".into(),
    }
}

/// How an `fsail` game stands at its end (or where it was left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FsailResult {
    /// Whether the game reached its end.
    pub finished: bool,
    /// The winning side (0 or 1), if a side won.
    pub winner: Option<u8>,
    pub winner_name: Option<String>,
    /// "withdrawal", "fleet-lost", "turn-limit" or "resignation".
    pub reason: Option<&'static str>,
    /// Fleet morale of side 0 and side 1 now, and at the start.
    pub morale: [i16; 2],
    pub start_morale: [i16; 2],
    /// Names of side 0 and side 1.
    pub sides: [String; 2],
    /// The game turn reached.
    pub turn: u16,
}

/// A short machine name of a reason.
pub fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::Withdrawal => "withdrawal",
        EndReason::FleetLost => "fleet-lost",
        EndReason::TurnLimit => "turn-limit",
        EndReason::Resignation => "resignation",
    }
}

fn reason_words(r: EndReason) -> &'static str {
    match r {
        EndReason::Withdrawal => "a fleet's morale is broken and it withdraws",
        EndReason::FleetLost => "a side has no ship left in play",
        EndReason::TurnLimit => "the turn limit: the side that kept more of its fleet morale wins",
        EndReason::Resignation => "a side resigned",
    }
}

impl FsailResult {
    /// The result of `g`.
    pub fn of(g: &FsailGame, roster: &Roster) -> Self {
        let winner = g.ending.and_then(|e| e.winner);
        FsailResult {
            finished: g.ending.is_some(),
            winner,
            winner_name: winner.map(|w| roster.side_name(w).to_string()),
            reason: g.ending.map(|e| reason_name(e.reason)),
            morale: g.morale,
            start_morale: g.start_morale,
            sides: roster.sides.clone(),
            turn: g.turn,
        }
    }

    /// One paragraph for people.
    pub fn text(&self, g: &FsailGame) -> String {
        let morale = format!(
            "Fleet morale: {} {}/{}, {} {}/{}.",
            self.sides[0],
            self.morale[0].max(0),
            self.start_morale[0],
            self.sides[1],
            self.morale[1].max(0),
            self.start_morale[1]
        );
        match g.ending {
            Some(e) => match e.winner {
                Some(_) => format!(
                    "The {} side wins on turn {} — {}. {morale}",
                    self.winner_name.as_deref().unwrap_or("?"),
                    self.turn,
                    reason_words(e.reason)
                ),
                None => format!(
                    "A draw on turn {} — {}. {morale}",
                    self.turn,
                    reason_words(e.reason)
                ),
            },
            None => format!(
                "The game was left unfinished on turn {}. {morale}",
                self.turn
            ),
        }
    }
}

/// Fighting Sail's default admiral: the portfolio search with the fleet action's strongest
/// doctrine as its model of the other side, 10 ms a decision, groups of 32 worlds sharing
/// the sailing rolls (the spec's default `share`). Over 400 games each (sides swapped) it
/// scored 68.5% (seed 2027) and 67.2% (seed 31) against `bot:rake-seeker` in the fleet
/// action and 56.8% against `bot:british` in the frigate duel. A budget in time, not
/// playouts: one playout at a sailing decision is the rest of both fleets' sailing, so a
/// fixed count (`sims=30`: 58.2% before the sharing) took three times as long. Its games are
/// still saved and replayed exactly, from their actions.
pub const FSAIL_ADMIRAL: &str = "portfolio:model=rake-seeker,time=10";

/// The portfolio search a difficulty level plays in a Fighting Sail battle of squadrons
/// (the level adds its time): the fleet action's strongest doctrine, `bot:rake-seeker`, as
/// the model of the other side. At 50 ms a decision (`level=easy`) it won 62.8% of 160
/// games against `bot:rake-seeker` in the fleet action, where the tree search at the same
/// level won 50.3% (seeds 2026 and 2027, sides swapped).
pub const FSAIL_SQUADRON_LEVEL: &str = "portfolio:model=rake-seeker";

impl Screens for FsailRuleset {
    type Ui = play::FsailUi;
    const ADMIRAL: Option<&'static str> = Some(FSAIL_ADMIRAL);
    const SQUADRON_LEVEL: Option<&'static str> = Some(FSAIL_SQUADRON_LEVEL);
    // The analysis engine (docs/experiments/2026-11-28-analysis-engine.md).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Squadron;
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};

    #[test]
    fn roster_letters_follow_the_viewer() {
        let s = builtin_scenario("frigate-duel").expect("built-in scenario");
        assert_eq!(roster(&s, 0).letters, vec!['A', 'a']);
        assert_eq!(roster(&s, 1).letters, vec!['a', 'A']);
        let g = FsailGame::new(&s, FsailOptions::default());
        let r = roster(&s, 0);
        assert!(phase_text(&g, &r).starts_with("Turn 1 of"));
        assert!(FsailResult::of(&g, &r).text(&g).contains("unfinished"));
    }
}
