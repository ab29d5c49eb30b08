//! The game contract every ruleset implements.
//!
//! In the spirit of OpenSpiel's `State`: a state says who acts now ([`Turn`]), which actions
//! are legal (a fixed-size catalogue per ruleset, see [`GameSpec`]), applies one action at a
//! time, and reports returns at the end. Dice are explicit chance nodes: at a chance node the
//! state lists its outcomes with exact probabilities ([`ChanceOutcomes`]) and the *driver*
//! picks one with its own seeded RNG. A state holds no RNG and cannot know its future.
//!
//! Contracts that every implementation keeps (the shared harness in [`crate::harness`]
//! checks them on thousands of random games):
//! - `legal_actions()` is non-empty unless `turn()` is `Terminal`; at a chance node it equals
//!   the set of `chance_outcomes()` actions, whose probabilities sum to 1.
//! - Player actions lie in `[0, spec().num_player_actions)`; chance outcomes in
//!   `[num_player_actions, num_actions)`. Indices never change meaning within a version.
//! - `apply` of an illegal action returns an error and leaves the state untouched;
//!   `apply_unchecked` of a legal action does exactly what `apply` does.
//! - Everything is deterministic: the same initial state and action list give the same
//!   state, bit for bit (`==` and the serde form), and a clone continues like the original.
//! - `observe(p)` never depends on what `p` cannot know: two states that differ only in
//!   hidden information give the same observation to `p`, and `resample_hidden(p, rng)`
//!   returns a state with the same observation for `p`, the same player to act and, for that
//!   player, the same legal actions. `observe` writes every entry of the buffer (it does not
//!   rely on the buffer being zeroed beforehand).
//! - `returns()` is exactly zero for every player until the game is over.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::error::ActionError;
use crate::observation::{ObsMemo, ObsSpec, Observation, ObservationMut};
use rand::RngCore;
use serde::{de::DeserializeOwned, Serialize};

/// An index into a ruleset's action catalogue.
pub type Action = u16;
/// A seat at the table: 0 or 1.
pub type Player = u8;
/// Every ruleset is played by two sides.
pub const NUM_PLAYERS: usize = 2;

/// Who acts in a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player chooses one of the legal actions.
    Player(Player),
    /// The driver samples one of the chance outcomes.
    Chance,
    /// The game is over; see [`Game::returns`].
    Terminal,
}

/// The legal actions at `turn`, the same for every ruleset: its `decisions` at a player's
/// turn, the outcomes of its chance node at chance, none at the end.
#[inline]
pub fn legal_at(
    turn: Turn,
    decisions: impl FnOnce() -> ActionSet,
    chance: impl FnOnce() -> ChanceOutcomes,
) -> ActionSet {
    match turn {
        Turn::Player(_) => decisions(),
        Turn::Chance => chance().weighted().map(|(a, _)| a).collect(),
        Turn::Terminal => ActionSet::new(),
    }
}

/// The returns of a game won by `winner` (+1 to the winner, -1 to the other side), or of
/// one without a winner (a draw, or a game not over: 0 each).
#[inline]
pub fn win_returns(winner: Option<Player>) -> [f64; NUM_PLAYERS] {
    match winner {
        Some(w) => {
            let mut r = [-1.0; NUM_PLAYERS];
            r[w as usize] = 1.0;
            r
        }
        None => [0.0; NUM_PLAYERS],
    }
}

/// The catalogue name of a ruleset's resignation action.
pub const RESIGN_ACTION_NAME: &str = "resign";

/// What never changes for a ruleset version: its names, catalogue and observation layout.
#[derive(Debug)]
pub struct GameSpec {
    /// Short machine name, e.g. `wsim`.
    pub name: &'static str,
    /// Human title.
    pub title: &'static str,
    /// Version of the action catalogue and the observation layout together; saved games
    /// and checkpoints record it and refuse to load under another.
    pub version: u32,
    /// Size of the player action space (the policy head's width).
    pub num_player_actions: usize,
    /// Size of the whole catalogue, chance outcomes included.
    pub num_actions: usize,
    /// A name for every catalogue index, `num_actions` of them.
    pub action_names: &'static [&'static str],
    /// Shapes and feature names of the observation tensors.
    pub obs: ObsSpec,
}

impl GameSpec {
    /// The catalogue name of `action`, or `"?"` outside the catalogue.
    pub fn action_name(&self, action: Action) -> &'static str {
        self.action_names
            .get(action as usize)
            .copied()
            .unwrap_or("?")
    }

    /// The kind of decision `action` is: its catalogue name up to the first `:` (`leg`,
    /// `target`, `activate`...), the whole name without one. Reports that ask which of a
    /// turn's sub-decisions something gets right group by it.
    pub fn action_kind(&self, action: Action) -> &'static str {
        let name = self.action_name(action);
        name.split(':').next().unwrap_or(name)
    }

    /// The ruleset's resignation action (catalogue name [`RESIGN_ACTION_NAME`]), if it has one.
    pub fn resign_action(&self) -> Option<Action> {
        self.action_by_name(RESIGN_ACTION_NAME)
    }

    /// The catalogue index of a name.
    pub fn action_by_name(&self, name: &str) -> Option<Action> {
        self.action_names
            .iter()
            .position(|n| *n == name)
            .map(|i| i as Action)
    }
}

/// The contract of a game state. See the module documentation for the invariants.
pub trait Game:
    Clone + PartialEq + std::fmt::Debug + Send + Sync + Serialize + DeserializeOwned + 'static
{
    /// The ruleset's fixed description.
    fn spec(&self) -> &'static GameSpec;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// The legal actions now: player decisions, or the chance outcomes at a chance node.
    /// Empty exactly when the game is over.
    fn legal_actions(&self) -> ActionSet;

    /// The outcomes of the current chance node with exact probabilities; empty when
    /// `turn()` is not `Chance`.
    fn chance_outcomes(&self) -> ChanceOutcomes;

    /// Applies a legal action without checking it. Applying an illegal action is a logic
    /// error: it may corrupt the state (never memory safety).
    fn apply_unchecked(&mut self, action: Action);

    /// Applies an action after checking it; on error the state is unchanged.
    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        let spec = self.spec();
        if action as usize >= spec.num_actions {
            return Err(ActionError::OutOfRange {
                action,
                size: spec.num_actions,
            });
        }
        if self.turn() == Turn::Terminal {
            return Err(ActionError::GameOver);
        }
        if !self.legal_actions().contains(action) {
            return Err(ActionError::Illegal {
                action,
                name: spec.action_name(action).to_string(),
            });
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// Returns per player: meaningful at terminal (win +1, loss -1, draw 0), 0 before.
    fn returns(&self) -> [f64; NUM_PLAYERS];

    /// Writes `player`'s observation into `out`, which has the shapes of `spec().obs`.
    fn observe(&self, player: Player, out: &mut Observation);

    /// Writes `player`'s observation into `out`, memory the caller owns (a row of a batch
    /// array) with the shapes of `spec().obs`; `memo` is the caller's record of what that
    /// buffer holds (one memo per buffer, see [`ObsMemo`]). The result equals [`Game::observe`]
    /// exactly, entry for entry.
    ///
    /// The default observes into the memo's scratch observation and copies it in. A ruleset
    /// whose observation is mostly unchanged from step to step overrides it to write in
    /// place and, when the memo knows the buffer, to rewrite only what changed (WS&IM).
    fn observe_into(&self, player: Player, mut out: ObservationMut<'_>, memo: &mut ObsMemo) {
        let scratch = memo.scratch(&self.spec().obs);
        self.observe(player, scratch);
        out.copy_from(scratch);
        memo.forget();
    }

    /// A copy of this state in which everything `player` cannot know (the other side's
    /// unrevealed orders) is replaced by a plausible sample consistent with what `player`
    /// has seen. For search (information-set MCTS); returns a plain clone when nothing is hidden.
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self;

    /// A readable description of `action` in this state ("Victory: turn left").
    fn describe_action(&self, action: Action) -> String {
        self.spec().action_name(action).to_string()
    }

    /// Internal consistency of the state (ranges, counts, invariants of the rules);
    /// used by the harness after every step. `Err` names the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// The player to act, if a player acts.
    fn current_player(&self) -> Option<Player> {
        match self.turn() {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }
}
