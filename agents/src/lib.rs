//! Agents for Broadside: the [`Agent`] trait, a seeded [`RandomAgent`], and
//! [`play_match`], which plays two agents against each other with seeded dice.

pub mod agreement;
mod arena;
pub mod arena_report;
pub mod bot;
mod control;
pub mod fsail;
pub mod ladder;
pub mod mcts;
pub mod oak;
pub mod poe;
pub mod portfolio;
mod random;
pub mod ratings;
pub mod spec;
pub mod tactics;
pub mod togo;
pub mod tournament;
pub mod wsim;

pub use arena::{play_match, Forfeit, MatchConfig, MatchError, MatchOutcome};
pub use control::SearchControl;
pub use random::RandomAgent;
pub use spec::{AgentSpec, KnownAgents, SpecError};

use broadside_env::{Action, Game, Player, NUM_PLAYERS};

/// A player of games of type `G`.
///
/// The trait is generic over the game so that an agent may be written for one ruleset
/// (a heuristic bot that reads `WsimGame` fields it is allowed to see) while general agents
/// such as [`RandomAgent`] implement it for every `G: Game`; `Box<dyn Agent<G>>` works for
/// either.
///
/// # Fair play
///
/// `choose` receives the full state because the [`Game`] contract has no separate
/// information-state type, but an agent must only act on what `player` may know:
/// `state.legal_actions()`, `state.observe(player, ..)`, public fields, and, for search,
/// states drawn with `state.resample_hidden(player, rng)` (which keep `player`'s view and
/// re-draw everything hidden from it). Reading the opponent's unrevealed orders is cheating;
/// a test can check an agent by showing it a resampled state and expecting the same choice.
///
/// # Determinism
///
/// An agent owns whatever randomness it uses, seeded at construction, so the same agent
/// built with the same seed makes the same choices given the same sequence of states.
pub trait Agent<G: Game>: Send {
    /// A short name for logs and tables, e.g. `random(seed=3)`.
    fn name(&self) -> String;

    /// The action to take for `player`, who must be the player to move in `state`
    /// (`state.turn() == Turn::Player(player)`); the result must be in
    /// `state.legal_actions()`.
    fn choose(&mut self, state: &G, player: Player) -> Action;

    /// Why the last choice was made, as lines for a person (a search lists its top
    /// candidates with visits and values); empty for agents that cannot say.
    fn explain(&self) -> Vec<String> {
        Vec::new()
    }

    /// Hands the agent a [`SearchControl`] (or takes it back with `None`): a searching agent
    /// counts its playouts on it and stops when asked, playing its best so far. Agents that
    /// do not search ignore it.
    fn set_control(&mut self, _control: Option<SearchControl>) {}

    /// [`Self::explain`] with each candidate order named by `name` (a ruleset's words for
    /// it, such as the ship's name and the notation) instead of the catalogue's name.
    fn explain_named(&self, _name: &dyn Fn(Action) -> String) -> Vec<String> {
        self.explain()
    }

    /// Why this agent has given the game up, if it has: a bot program that crashed, hung
    /// past its limit, wrote garbage or answered an illegal action ([`bot::BotAgent`]).
    /// [`play_match`] asks after every choice; the agent's side then loses the game, the
    /// reason recorded. `None` (the default) while it plays on.
    fn forfeit(&self) -> Option<String> {
        None
    }

    /// The game is over: the final state, the agent's seat, the returns, and the forfeit
    /// that ended it early, if one did. A bot program is told the result and shut down.
    fn game_over(
        &mut self,
        _state: &G,
        _player: Player,
        _returns: [f64; NUM_PLAYERS],
        _reason: Option<&str>,
    ) {
    }
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, state: &G, player: Player) -> Action {
        (**self).choose(state, player)
    }

    fn explain(&self) -> Vec<String> {
        (**self).explain()
    }

    fn set_control(&mut self, control: Option<SearchControl>) {
        (**self).set_control(control)
    }

    fn explain_named(&self, name: &dyn Fn(Action) -> String) -> Vec<String> {
        (**self).explain_named(name)
    }

    fn forfeit(&self) -> Option<String> {
        (**self).forfeit()
    }

    fn game_over(
        &mut self,
        state: &G,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        (**self).game_over(state, player, returns, reason)
    }
}
