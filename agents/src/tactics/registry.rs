//! The tactics of every registered ruleset, reached by name or through an [`AnyGame`];
//! expanded from the registry's list ([`broadside_env::for_each_ruleset!`]), so no line
//! below names a ruleset.

use broadside_env::ruleset::{AnyGame, Registered, Ruleset};
use broadside_env::{Action, Game, Player, NUM_PLAYERS};

use crate::spec::{AgentSpec, SpecError};
use crate::{Agent, SearchControl};

use super::restricted::allowed;
use super::{KnownTactics, Restricted, TacticInfo};

/// An agent of one ruleset's restricted game playing an [`AnyGame`] of that ruleset.
struct OnRuleset<R: Registered>
where
    R::Game: KnownTactics,
{
    inner: Box<dyn Agent<Restricted<R::Game>>>,
    tactic: usize,
}

impl<R: Registered> Agent<AnyGame> for OnRuleset<R>
where
    R::Game: KnownTactics,
{
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
        match R::game_of(state) {
            Some(g) => self
                .inner
                .choose(&Restricted::new(g.clone(), player, self.tactic), player),
            // Another ruleset's game: cannot happen through `restricted_agent`'s callers,
            // and a legal action keeps the match going rather than panicking.
            None => state.legal_actions().iter().next().unwrap_or(0),
        }
    }
    fn explain(&self) -> Vec<String> {
        self.inner.explain()
    }
    fn set_control(&mut self, control: Option<SearchControl>) {
        self.inner.set_control(control)
    }
    // A bot program's forfeit and the game's end reach the restricted agent (as
    // `spec::rulesets::OnRuleset` does): without them a failed `cmd:` bot played on through
    // its fallback order.
    fn forfeit(&self) -> Option<String> {
        self.inner.forfeit()
    }
    fn game_over(
        &mut self,
        state: &AnyGame,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        if let Some(g) = R::game_of(state) {
            let g = Restricted::new(g.clone(), player, self.tactic);
            self.inner.game_over(&g, player, returns, reason);
        }
    }
}

macro_rules! tactic_registry {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// The tactics of the ruleset called `ruleset`; `None` for an unknown name.
        pub fn tactics_of(ruleset: &str) -> Option<Vec<TacticInfo>> {
            $(
                if ruleset == <$ruleset as Ruleset>::spec().name {
                    return Some(
                        <<$ruleset as Ruleset>::Game as KnownTactics>::tactics()
                            .iter()
                            .map(|t| t.info)
                            .collect(),
                    );
                }
            )*
            None
        }

        /// Whether `action` of the player to move in `state` uses tactic `tactic` of the
        /// state's ruleset (false for an index past its list).
        pub fn uses_on_any(state: &AnyGame, tactic: usize, action: Action) -> bool {
            match state {
                $(AnyGame::$variant(g) =>
                    <<$ruleset as Ruleset>::Game as KnownTactics>::tactics()
                        .get(tactic)
                        .is_some_and(|t| (t.uses)(g, action)),)*
            }
        }

        /// Whether `action` is out of the restricted side's allowed set in `state` when
        /// tactic `tactic` is forbidden (see [`allowed`]).
        pub fn forbidden_on_any(state: &AnyGame, tactic: usize, action: Action) -> bool {
            match state {
                $(AnyGame::$variant(g) => !allowed(g, tactic).contains(action),)*
            }
        }

        /// The agent of `spec` for games of `ruleset`, forbidden tactic `tactic` of that
        /// ruleset (see [`Restricted`]); `seed` seeds what the spec leaves unseeded.
        pub fn restricted_agent(
            spec: &AgentSpec,
            ruleset: &str,
            tactic: usize,
            seed: u64,
        ) -> Result<Box<dyn Agent<AnyGame>>, SpecError> {
            $(
                if ruleset == <$ruleset as Ruleset>::spec().name {
                    let inner = spec.build::<Restricted<<$ruleset as Ruleset>::Game>>(seed)?;
                    return Ok(Box::new(OnRuleset::<$ruleset> { inner, tactic }));
                }
            )*
            Err(SpecError::BadValue {
                spec: spec.to_string(),
                key: "ruleset".into(),
                value: ruleset.into(),
                expected: "a ruleset of `broadside rules`".into(),
            })
        }
    };
}

broadside_env::for_each_ruleset!(tactic_registry);
