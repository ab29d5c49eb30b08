//! Terminal views of an Oak & Iron game (the `oak` ruleset): [`views`] (the table as a
//! character grid, the ship table, one ship's card), [`play`] (the
//! [`RulesetUi`](crate::screens::RulesetUi): narration of every decision and every die,
//! the generic numbered orders, readable JSON states) and the result ([`OakResult`]).
//! Ships are named through a [`Roster`] (scenario names are cleaned of control characters).

use broadside_env::oak::state::{EndReason, Pending, Phase, NONE};
use broadside_env::oak::{OakGame, OakRuleset, Scenario};
use serde::Serialize;

use crate::roster::Roster;
use crate::screens::Screens;

pub mod board;
pub mod orders;
pub mod play;
pub mod views;

/// Oak & Iron's default admiral: the portfolio search over three doctrines (raking, line of
/// battle, cautious gunnery), the opponent modelled as `bot:raking`, 48 playouts of a turn
/// each scored by the position value, with a fixed budget (so a game replays exactly; about
/// 10-25 ms a decision on this machine). Once the doctrines learned sea room and pursuit,
/// the tree search over the heuristic value (`mcts:sims=1000,eval=heuristic`, the default
/// before) fell behind the best doctrine (41% against `bot:raking`, SPRT H0); this search
/// beats it (75% of 40 games; SPRT elo0 0, elo1 100 accepted H1). See
/// docs/experiments/2026-11-26-oak-doctrine.md.
pub const OAK_ADMIRAL: &str =
    "portfolio:sims=48,model=raking,bots=raking+line-of-battle+cautious-gunnery";

/// The search a difficulty level plays (the level adds its time): the default admiral's
/// portfolio with a time budget in place of its 48 playouts (the tree search the levels
/// played before lost to `bot:raking`, 41%).
pub const OAK_SQUADRON_LEVEL: &str =
    "portfolio:model=raking,bots=raking+line-of-battle+cautious-gunnery";

impl Screens for OakRuleset {
    type Ui = play::OakUi;
    const ADMIRAL: Option<&'static str> = Some(OAK_ADMIRAL);
    const SQUADRON_LEVEL: Option<&'static str> = Some(OAK_SQUADRON_LEVEL);
    // The analysis engine (docs/experiments/2026-11-28-analysis-engine.md).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Squadron;
}

/// The roster of an `oak` scenario seen from `viewer`: own ships A, B, .., enemies a, b, ...
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

/// "Monmouth (A)".
pub fn tag(roster: &Roster, i: usize) -> String {
    roster.tag(i)
}

/// Whose turn and what now, in words.
pub fn phase_text(g: &OakGame, roster: &Roster) -> String {
    let side = |s: u8| roster.the_side(s);
    let acting = || tag(roster, g.act.ship as usize);
    let what = match g.pending {
        Pending::BuildHand => format!("{} choose their initiative hand", side(g.who)),
        Pending::PlaceCard => format!("{} place next turn's card face down", side(g.who)),
        Pending::AwaitOrders => format!("{} pick the card Await New Orders plays", side(g.who)),
        Pending::SelectShip => format!("{} activate a ship", side(g.who)),
        Pending::Seamanship => format!("{} may try a seamanship action", acting()),
        Pending::HeadingTurn => format!("{} changes heading", acting()),
        Pending::FreeTurn => format!("{} may make Fleet Maneuver's free turn", acting()),
        Pending::FreeMove => format!("{} may make Swift Vessels' free speed 1 move", acting()),
        Pending::Moving => format!("{} moves at speed {}", acting(), g.act.speed),
        Pending::CrewAction => format!("{} takes a crew action", acting()),
        Pending::AttackChoice => format!("{} attacks", acting()),
        Pending::SecondBroadside => format!("{} may fire the other broadside", acting()),
        Pending::Reaction => {
            let mover = g.interrupted.map_or(g.act.ship, |a| a.ship) as usize;
            format!(
                "{} may answer {} (Small Arms: a free partial fire; Fire as She Bears: a free broadside)",
                side(g.who),
                tag(roster, mover)
            )
        }
        Pending::Aim => format!("{} aims", acting()),
        Pending::Reroll => format!(
            "{} may reroll up to {} missed dice with the skill value",
            side(g.who),
            g.roll.max_rerolls()
        ),
        Pending::Fortune => format!("{} may spend a fortune point", side(g.who)),
        Pending::Helm => format!("{} turn the enemy's helm", side(g.who)),
        Pending::Capture => format!("{} may capture or destroy", side(g.who)),
        Pending::LostAdmiral => format!("{} name a new flagship", side(g.who)),
        Pending::DiscardDown => format!("{} discard down", side(g.who)),
        Pending::Over => "the game is over".into(),
        _ => "dice are rolling".into(),
    };
    // A fleet battle: which squadron decides (its own cards, its squadron activation).
    let squadron = match g.pending {
        Pending::BuildHand
        | Pending::PlaceCard
        | Pending::AwaitOrders
        | Pending::DiscardDown
        | Pending::LostAdmiral => Some(g.cmd),
        Pending::SelectShip if g.squad_active != NONE => Some(g.squad_active),
        _ => None,
    };
    let what = match squadron.filter(|_| g.is_fleet()) {
        Some(c) => format!("{what} (squadron {})", c / 2 + 1),
        None => what,
    };
    let phase = match g.phase {
        Phase::Setup => "set-up",
        Phase::Initiative => "initiative",
        Phase::Movement => "movement",
        Phase::Attack => "attack",
        Phase::End => "end",
    };
    format!("Turn {} of {}, {phase} phase: {what}", g.turn, g.turns)
}

/// How an `oak` game stands at its end (or where it was left).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OakResult {
    pub finished: bool,
    pub winner: Option<u8>,
    pub winner_name: Option<String>,
    /// "withdrawal", "last-turn" or "resignation".
    pub reason: Option<&'static str>,
    pub strike_points: [u8; 2],
    pub sides: [String; 2],
    pub turn: u8,
}

fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::Withdrawal => "withdrawal",
        EndReason::LastTurn => "last-turn",
        EndReason::Resignation => "resignation",
    }
}

impl OakResult {
    pub fn of(g: &OakGame, roster: &Roster) -> Self {
        let winner = g.ending.and_then(|e| e.winner);
        OakResult {
            finished: g.ending.is_some(),
            winner,
            winner_name: winner.map(|w| roster.side_name(w).to_string()),
            reason: g.ending.map(|e| reason_name(e.reason)),
            strike_points: [g.strike_points(0), g.strike_points(1)],
            sides: roster.sides.clone(),
            turn: g.turn,
        }
    }

    pub fn text(&self) -> String {
        let sp = format!(
            "Strike points: {} {}, {} {}.",
            self.sides[0], self.strike_points[0], self.sides[1], self.strike_points[1]
        );
        match (self.finished, &self.winner_name) {
            (true, Some(w)) => format!(
                "The {w} win on turn {} ({}). {sp}",
                self.turn,
                self.reason.unwrap_or("?")
            ),
            (true, None) => format!("A draw on turn {}. {sp}", self.turn),
            _ => format!("The game was left unfinished on turn {}. {sp}", self.turn),
        }
    }
}
