//! The expert-iteration teacher, built for the ruleset's own game.
//!
//! A teacher spec (`mcts:...` or `portfolio:...`, without a network) is built for the game
//! type of the scenario's ruleset, not for [`AnyGame`]: built for `AnyGame`, a portfolio
//! would gather its doctrines from the union of every ruleset's bot names and its values
//! from every ruleset's heuristics, where the rest of Broadside (the arena, `play`, the
//! ladder: [`broadside_agents::spec::OnRuleset`]) plays a ruleset's own agents. The
//! self-play loop keeps its `AnyGame` and asks the teacher through [`Teacher`], which
//! unwraps the ruleset's game and returns the search's [`Explanation`].
//!
//! Everything here is expanded from the registry's list ([`broadside_env::for_each_ruleset!`]);
//! no line names a ruleset.

use broadside_agents::mcts::{Candidate, Explanation, MctsAgent};
use broadside_agents::portfolio::{CandidateStats, PortfolioAgent};
use broadside_agents::{Agent, AgentSpec, KnownAgents, SpecError};
use broadside_env::ruleset::{AnyGame, Registered, Ruleset};
use broadside_env::{Action, Game, Player};

/// A teacher search deciding for one side of a self-play game.
pub trait Teacher {
    /// Searches `game` for `player` without playing the result.
    fn decide(&mut self, game: &AnyGame, player: Player) -> Explanation;
    /// Whether its candidates' values estimate the game's result: a tree search's do; a
    /// portfolio's playout means are positional scores and do not.
    fn values_estimate_result(&self) -> bool;
    /// Tells the search that `action` was played (a tree search keeps its subtree).
    fn commit(&mut self, action: Action);
}

/// A teacher search of one game type.
enum Search<G: KnownAgents> {
    // Boxed, both: the agents are large (0.5 and 4.9 kB).
    Tree(Box<MctsAgent<G>>),
    Portfolio(Box<PortfolioAgent<G>>),
}

impl<G: KnownAgents> Search<G> {
    /// `spec` built for `G`: `None` when it is neither an `mcts:` nor a `portfolio:` spec.
    fn build(spec: &AgentSpec, seed: u64) -> Result<Option<Self>, SpecError> {
        if let Some(tree) = spec.build_mcts::<G>(seed)? {
            return Ok(Some(Search::Tree(Box::new(tree))));
        }
        Ok(spec
            .build_portfolio::<G>(seed)?
            .map(|p| Search::Portfolio(Box::new(p))))
    }

    fn decide(&mut self, game: &G, player: Player) -> Explanation {
        match self {
            Search::Tree(agent) => agent.search(game, player),
            Search::Portfolio(agent) => {
                let action = agent.choose(game, player);
                portfolio_explanation(action, player, agent.candidates())
            }
        }
    }
}

/// The teacher of ruleset `R`, deciding in the `AnyGame`s of that ruleset.
struct OwnTeacher<R: Registered>
where
    R::Game: KnownAgents,
{
    search: Search<R::Game>,
}

impl<R: Registered> Teacher for OwnTeacher<R>
where
    R::Game: KnownAgents,
{
    fn decide(&mut self, game: &AnyGame, player: Player) -> Explanation {
        match R::game_of(game) {
            Some(g) => self.search.decide(g, player),
            // Built from the game it plays (see [`teacher_for`]), so never reached; should
            // it be, the first legal order is a harmless answer.
            None => portfolio_explanation(game.legal_actions().nth(0).unwrap_or(0), player, &[]),
        }
    }

    fn values_estimate_result(&self) -> bool {
        matches!(self.search, Search::Tree(_))
    }

    fn commit(&mut self, action: Action) {
        if let Search::Tree(agent) = &mut self.search {
            agent.commit(action);
        }
    }
}

fn own_teacher<R: Registered>(
    spec: &AgentSpec,
    seed: u64,
) -> Result<Option<Box<dyn Teacher>>, SpecError>
where
    R::Game: KnownAgents,
{
    Ok(Search::<R::Game>::build(spec, seed)?
        .map(|search| Box::new(OwnTeacher::<R> { search }) as Box<dyn Teacher>))
}

macro_rules! teachers {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// `spec` built, seeded, as a teacher for `game`'s ruleset: `Ok(None)` when it is
        /// neither an `mcts:` nor a `portfolio:` spec, an error when that ruleset's own
        /// game refuses it (a bot, a value or a model it lacks).
        pub fn teacher_for(
            spec: &AgentSpec,
            game: &AnyGame,
            seed: u64,
        ) -> Result<Option<Box<dyn Teacher>>, SpecError> {
            match game {
                $(AnyGame::$variant(_) => own_teacher::<$ruleset>(spec, seed),)*
            }
        }

        /// The name of the ruleset whose game `game` is.
        fn ruleset_name(game: &AnyGame) -> &'static str {
            match game {
                $(AnyGame::$variant(_) => <$ruleset as Ruleset>::spec().name,)*
            }
        }
    };
}

broadside_env::for_each_ruleset!(teachers);

/// Checks that `spec` builds a teacher for `game`'s ruleset, in words for the config.
pub fn check_teacher(spec: &AgentSpec, game: &AnyGame) -> anyhow::Result<()> {
    match teacher_for(spec, game, 0) {
        Ok(Some(_)) => Ok(()),
        Ok(None) => anyhow::bail!(
            "selfplay.teacher `{spec}` is not a search: give an `mcts:` or `portfolio:` spec"
        ),
        Err(e) => Err(anyhow::Error::new(e).context(format!(
            "selfplay.teacher `{spec}` does not play ruleset `{}`",
            ruleset_name(game)
        ))),
    }
}

/// A portfolio decision as a search's explanation: the doctrines' proposals share the
/// policy equally (a unanimous choice has it all), valued by their playouts' means.
pub fn portfolio_explanation(
    action: Action,
    player: Player,
    stats: &[CandidateStats],
) -> Explanation {
    let candidates: Vec<Candidate> = if stats.is_empty() {
        vec![Candidate {
            action,
            name: String::new(),
            visits: 0,
            value: 0.0,
            prior: 0.0,
            policy: 1.0,
        }]
    } else {
        stats
            .iter()
            .map(|c| Candidate {
                action: c.action,
                name: String::new(),
                visits: u64::from(c.playouts),
                value: c.mean,
                prior: 0.0,
                policy: 1.0 / stats.len() as f64,
            })
            .collect()
    };
    Explanation {
        player,
        action,
        simultaneous: false,
        simulations: candidates.iter().map(|c| c.visits).sum(),
        candidates,
    }
}
