//! The result of a game, for people and for scripts.

use broadside_env::wsim::{EndReason, Ending, WsimGame};
use serde::Serialize;

use crate::roster::Roster;

/// How a game stands at its end (or where it was left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// Whether the game reached its end.
    pub finished: bool,
    /// The winning side (0 or 1), if a side won.
    pub winner: Option<u8>,
    /// Its name.
    pub winner_name: Option<String>,
    /// Why the game ended: "surrender", "annihilation", "no-fire", "turn-limit", "resignation".
    pub reason: Option<&'static str>,
    /// Victory points of side 0 and side 1.
    pub scores: [u16; 2],
    /// Names of side 0 and side 1.
    pub sides: [String; 2],
    /// The game turn reached.
    pub turn: u16,
}

/// A short machine name of a reason.
pub fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::Surrender => "surrender",
        EndReason::Annihilation => "annihilation",
        EndReason::NoFire => "no-fire",
        EndReason::TurnLimit => "turn-limit",
        EndReason::Resignation => "resignation",
    }
}

/// The reason in words.
fn reason_words(r: EndReason) -> &'static str {
    match r {
        EndReason::Surrender => "a ship struck her colours",
        EndReason::Annihilation => "a side has no ship left able to fight",
        EndReason::NoFire => "no broadside was fired for the no-fire timer",
        EndReason::TurnLimit => "darkness fell (turn limit)",
        EndReason::Resignation => "a side resigned",
    }
}

impl GameResult {
    /// The result of `game`.
    pub fn of(game: &WsimGame, roster: &Roster) -> Self {
        let (winner, reason) = match game.ending {
            Some(Ending::Win { winner, reason }) => (Some(winner), Some(reason)),
            Some(Ending::Draw { reason }) => (None, Some(reason)),
            None => (None, None),
        };
        GameResult {
            finished: game.ending.is_some(),
            winner,
            winner_name: winner.map(|w| roster.side_name(w).to_string()),
            reason: reason.map(reason_name),
            scores: game.scores,
            sides: roster.sides.clone(),
            turn: game.turn,
        }
    }

    /// One paragraph for people.
    pub fn text(&self, game: &WsimGame) -> String {
        let score = format!(
            "Score: {} {}, {} {}.",
            self.sides[0], self.scores[0], self.sides[1], self.scores[1]
        );
        match game.ending {
            Some(Ending::Win { reason, .. }) => format!(
                "The {} side wins on turn {} — {}. {score}",
                self.winner_name.as_deref().unwrap_or("?"),
                self.turn,
                reason_words(reason)
            ),
            Some(Ending::Draw { reason }) => {
                format!(
                    "A draw on turn {} — {}. {score}",
                    self.turn,
                    reason_words(reason)
                )
            }
            None => format!(
                "The game was left unfinished on turn {}. {score}",
                self.turn
            ),
        }
    }
}
