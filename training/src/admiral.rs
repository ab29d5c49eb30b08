//! The computer admiral: an [`Agent`] chosen on the command line by a spec string.
//!
//! A spec is a name with optional settings after a colon: `random` (seeded from the game's
//! seed) or `random:SEED`. New agents from `broadside-agents` (heuristic bots, search) get
//! a name here; an unknown name is an error that lists the known ones.

use std::fmt;
use std::str::FromStr;

use anyhow::{bail, Context, Result};
use broadside_agents::spec::OnAny;
use broadside_agents::{Agent, AgentSpec, RandomAgent};
use broadside_env::ruleset::{AnyGame, AnyScenario};
use broadside_env::{Action, Game, Player};

use crate::screens::bot_plays;

/// The admirals this build knows, with a line of help each.
pub const KNOWN: [(&str, &str); 10] = [
    (
        "cmd:COMMAND",
        "a bot program in any language speaking the bot protocol (docs/bots.md), e.g. `cmd:python3 examples/bots/broadside_bot.py`; `cmd:time=2 game=60 PROGRAM` sets its limits",
    ),
    (
        "net:path=FILE",
        "a trained network's search, e.g. `net:path=runs/wsim-frigate-duel/best.safetensors,sims=64` (needs a build with the `torch` feature: scripts/train.sh)",
    ),
    (
        "mcts",
        "Monte Carlo tree search; difficulty `mcts:level=easy|medium|hard|expert` (50 ms to 4 s per decision), or `mcts:sims=800,eval=rollout:bot:british` (see broadside_agents::spec)",
    ),
    (
        "portfolio",
        "tries the orders each doctrine would write, plays each out to the end of the turn and keeps the best (WS&IM's default admiral: `portfolio:model=british,sims=300,wide=true`, Fighting Sail's: `portfolio:model=rake-seeker,time=10`; `level=easy|medium|hard|expert` as for mcts; see broadside_agents::spec)",
    ),
    ("bot:british", "close and broadside: pistol shot, hull, any table"),
    ("bot:french", "disable and outrun: rigging at long range, the weather gauge"),
    ("bot:line-of-battle", "follow the leader, keep station, concentrate fire"),
    ("bot:rake-seeker", "manoeuvre for raking broadsides, avoid being raked"),
    (
        "bot:close-action",
        "closes with the nearest enemy, keeps a broadside on it, fires at any table (`bot:close-action` or `bot:close-action:SEED`)",
    ),
    (
        "random",
        "picks uniformly among the legal orders (`random` or `random:SEED`)",
    ),
];

/// The search a difficulty level (`easy`, `medium`, `hard`, `expert`: the time per
/// decision) plays on `scenario`: the family measured strongest there. In a battle of
/// squadrons that is the ruleset's `Screens::SQUADRON_LEVEL` where it has one (the portfolio
/// search in WS&IM and Fighting Sail; the measurements: `docs/admirals.md`); in single-ship
/// duels, and where a ruleset names none, the tree search at the level (`mcts:level=`).
pub fn level_spec(scenario: &AnyScenario, level: &str) -> String {
    let squadrons = scenario.ships_per_side().iter().any(|&n| n > 1);
    match crate::screens::squadron_level(scenario.ruleset()) {
        Some(search) if squadrons => format!("{search},level={level}"),
        _ => format!("mcts:level={level}"),
    }
}

/// A parsed admiral spec.
// Parsed once per game: the size of the search variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum AdmiralSpec {
    /// [`RandomAgent`], with its own seed or one derived from the game's seed.
    Random { seed: Option<u64> },
    /// The close-action doctrine of the game's ruleset, with its own seed for tie-breaks
    /// or a derived one.
    CloseAction { seed: Option<u64> },
    /// Any other agent of `broadside-agents` by its spec string (doctrines, MCTS).
    Agent(AgentSpec),
}

impl FromStr for AdmiralSpec {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Self> {
        parse_admiral(text, known_list)
    }
}

impl AdmiralSpec {
    /// This admiral for games of the scenario `id` (a `cmd:` bot is told it in its `start`
    /// message).
    pub fn for_scenario(self, id: &str) -> Self {
        match self {
            AdmiralSpec::Agent(a) => AdmiralSpec::Agent(a.for_scenario(id)),
            other => other,
        }
    }

    /// `text` as the admiral of a game of `ruleset`: `default` (or `admiral`) is the
    /// ruleset's default; an unknown name lists the kinds of agent and that ruleset's own
    /// doctrines (bots and values are checked against the ruleset by `select::check_spec`).
    pub fn parse_for(text: &str, ruleset: &str) -> Result<Self> {
        if crate::select::DEFAULT_ADMIRAL_WORDS.contains(&text.trim().to_ascii_lowercase().as_str())
        {
            return Ok(Self::default_for(ruleset));
        }
        parse_admiral(text, || known_for(ruleset).join(", "))
    }
}

/// Parses an admiral spec; `known` lists the admirals for the error of an unknown name.
fn parse_admiral(text: &str, known: impl Fn() -> String) -> Result<AdmiralSpec> {
    {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("mcts")
            || lower.starts_with("net:")
            || lower.starts_with("portfolio")
            || lower.starts_with("cmd:")
        {
            // Unknown doctrines or values are refused when `play` builds the admiral.
            return Ok(AdmiralSpec::Agent(text.parse()?));
        }
        if let Some(rest) = lower.strip_prefix("bot:") {
            let name = rest.split(':').next().unwrap_or("");
            if name != "close-action" {
                // The ruleset's doctrines are checked where the ruleset is known
                // (`select::check_spec`), so that an error lists its own.
                return Ok(AdmiralSpec::Agent(text.parse()?));
            }
        }
        // `bot:NAME` names carry a colon of their own; the seed follows after another one.
        let (name, arg) = match lower.strip_prefix("bot:") {
            Some(rest) => match rest.split_once(':') {
                Some((n, a)) => (format!("bot:{n}"), Some(a.to_string())),
                None => (lower.clone(), None),
            },
            None => match lower.split_once(':') {
                Some((n, a)) => (n.to_string(), Some(a.to_string())),
                None => (lower.clone(), None),
            },
        };
        let seed = arg
            .map(|a| {
                let digits = a.strip_prefix("seed=").unwrap_or(&a).to_string();
                digits.parse::<u64>().with_context(|| {
                    format!("admiral `{text}`: `{a}` is not a seed (a whole number)")
                })
            })
            .transpose()?;
        match name.as_str() {
            "random" => Ok(AdmiralSpec::Random { seed }),
            "bot:close-action" => Ok(AdmiralSpec::CloseAction { seed }),
            _ => bail!("unknown admiral `{text}` (known: {})", known()),
        }
    }
}

impl fmt::Display for AdmiralSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdmiralSpec::Random { seed: None } => write!(f, "random"),
            AdmiralSpec::Random { seed: Some(s) } => write!(f, "random:{s}"),
            AdmiralSpec::CloseAction { seed: None } => write!(f, "bot:close-action"),
            AdmiralSpec::CloseAction { seed: Some(s) } => write!(f, "bot:close-action:{s}"),
            AdmiralSpec::Agent(spec) => write!(f, "{spec}"),
        }
    }
}

/// "random (picks ...)" for error messages and help.
pub fn known_list() -> String {
    KNOWN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The admirals of a game of `ruleset`: the kinds of agent every ruleset has, then that
/// ruleset's own doctrines as `bot:NAME`.
pub fn known_for(ruleset: &str) -> Vec<String> {
    let mut v: Vec<String> = KNOWN
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !n.starts_with("bot:"))
        .map(String::from)
        .collect();
    v.push("default".into());
    v.extend(
        crate::screens::ruleset_bots(ruleset)
            .iter()
            .map(|(n, _)| format!("bot:{n}")),
    );
    v
}

impl AdmiralSpec {
    /// The admiral a ruleset gets when `--admiral` is left out: its `Screens::ADMIRAL`, the
    /// strongest measured at about 10 ms a decision (`broadside rules` lists each); else the
    /// close-action doctrine where the ruleset has one, else the random admiral.
    pub fn default_for(ruleset: &str) -> AdmiralSpec {
        let search = crate::screens::default_admiral(ruleset);
        if let Some(Ok(spec)) = search.map(str::parse) {
            return AdmiralSpec::Agent(spec);
        }
        if bot_plays("close-action", ruleset) {
            AdmiralSpec::CloseAction { seed: None }
        } else {
            AdmiralSpec::Random { seed: None }
        }
    }

    /// Whether this admiral really plays `ruleset`: the random agent and search play any
    /// ruleset; a bot (also as an MCTS rollout policy) only the rulesets that have a
    /// doctrine of its name (elsewhere it would fall back to the first legal action).
    pub fn plays(&self, ruleset: &str) -> bool {
        match self {
            AdmiralSpec::Random { .. } => true,
            AdmiralSpec::CloseAction { .. } => bot_plays("close-action", ruleset),
            AdmiralSpec::Agent(AgentSpec::Random { .. }) => true,
            AdmiralSpec::Agent(AgentSpec::Bot { name, .. }) => bot_plays(name, ruleset),
            AdmiralSpec::Agent(AgentSpec::Mcts { eval, .. }) => match eval {
                broadside_agents::spec::EvalSpec::Rollout { policy, .. } => match &**policy {
                    AgentSpec::Bot { name, .. } => bot_plays(name, ruleset),
                    _ => true,
                },
                _ => true,
            },
            AdmiralSpec::Agent(AgentSpec::Portfolio(p)) => {
                bot_plays(&p.model, ruleset) && p.bots.iter().all(|b| bot_plays(b, ruleset))
            }
            // A bot program is told the ruleset and plays whichever it is given.
            AdmiralSpec::Agent(AgentSpec::Command(_)) => true,
        }
    }

    /// Builds the agent; `default_seed` is used when the spec names no seed.
    pub fn build(&self, default_seed: u64) -> Box<dyn Agent<AnyGame>> {
        let close_action = |seed: u64| -> Box<dyn Agent<AnyGame>> {
            match OnAny::new("close-action", seed) {
                Some(bot) => Box::new(NeverResign(bot)),
                None => Box::new(NeverResign(RandomAgent::new(seed))),
            }
        };
        match self.clone() {
            AdmiralSpec::Random { seed } => {
                Box::new(NeverResign(RandomAgent::new(seed.unwrap_or(default_seed))))
            }
            AdmiralSpec::CloseAction { seed } => close_action(seed.unwrap_or(default_seed)),
            // Specs are checked when parsed; a failure here cannot happen, but falls back to
            // the close-action doctrine rather than stopping a game.
            AdmiralSpec::Agent(spec) => spec
                .build::<AnyGame>(default_seed)
                .map(|a| Box::new(NeverResign(a)) as Box<dyn Agent<AnyGame>>)
                .unwrap_or_else(|_| close_action(default_seed)),
        }
    }
}

/// An agent that never resigns: when the inner agent picks the ruleset's `resign` action it
/// is asked again. A uniformly random admiral would otherwise resign on about one turn in
/// six (resigning is one of a handful of legal first decisions), ending most games at once.
#[derive(Debug, Clone)]
pub struct NeverResign<A>(pub A);

/// How often the inner agent is asked again before the first other legal action is taken.
const RETRIES: usize = 64;

impl<A: Agent<AnyGame>> Agent<AnyGame> for NeverResign<A> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn explain(&self) -> Vec<String> {
        self.0.explain()
    }

    fn set_control(&mut self, control: Option<broadside_agents::SearchControl>) {
        self.0.set_control(control)
    }

    fn explain_named(&self, name: &dyn Fn(Action) -> String) -> Vec<String> {
        self.0.explain_named(name)
    }

    fn forfeit(&self) -> Option<String> {
        self.0.forfeit()
    }

    fn game_over(
        &mut self,
        state: &AnyGame,
        player: Player,
        returns: [f64; 2],
        reason: Option<&str>,
    ) {
        self.0.game_over(state, player, returns, reason)
    }

    fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
        let resign = state.spec().resign_action();
        let mut a = self.0.choose(state, player);
        for _ in 0..RETRIES {
            if Some(a) != resign {
                return a;
            }
            a = self.0.choose(state, player);
        }
        state
            .legal_actions()
            .iter()
            .find(|&x| Some(x) != resign)
            .unwrap_or(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_admiral_never_resigns() {
        use broadside_env::ruleset::{scenario, GameOptions};
        let sc = scenario("wsim", "frigate-duel").expect("built-in scenario");
        let game = sc.new_game(&GameOptions::default());
        let resign = game.spec().resign_action();
        assert!(resign.is_some_and(|r| game.legal_actions().contains(r)));
        let mut admiral = AdmiralSpec::Random { seed: None }.build(5);
        for _ in 0..500 {
            assert_ne!(Some(admiral.choose(&game, 0)), resign);
        }
    }

    #[test]
    fn a_level_plays_the_search_measured_strongest_on_the_scenario() {
        use broadside_env::ruleset::scenario;
        for (ruleset, id, family) in [
            (
                "wsim",
                "squadron-battle",
                "portfolio:model=british,orders=true",
            ),
            ("wsim", "frigate-duel", "mcts"),
            ("fsail", "fleet-action", "portfolio"),
            ("fsail", "frigate-duel", "mcts"),
        ] {
            let sc = scenario(ruleset, id).expect("built-in scenario");
            for (level, ms) in broadside_agents::spec::LEVELS {
                let text = level_spec(&sc, level);
                assert!(text.starts_with(family), "{ruleset}/{id}: {text}");
                let spec: AdmiralSpec = text.parse().expect("a valid spec");
                assert!(spec.plays(ruleset), "{text}");
                assert!(spec.to_string().contains(&format!("time={ms}")), "{spec}");
            }
        }
    }

    #[test]
    fn every_ruleset_gets_its_default_admiral() {
        use broadside_env::ruleset::{scenario, GameOptions};
        for (ruleset, id, expected, named) in [
            (
                "wsim",
                "frigate-duel",
                AdmiralSpec::Agent(crate::wsim::WSIM_ADMIRAL.parse().unwrap()),
                "portfolio",
            ),
            (
                "fsail",
                "frigate-duel",
                AdmiralSpec::Agent(crate::fsail::FSAIL_ADMIRAL.parse().unwrap()),
                "portfolio:model=rake-seeker",
            ),
        ] {
            let admiral = AdmiralSpec::default_for(ruleset);
            assert_eq!(admiral, expected);
            assert!(admiral.plays(ruleset));
            let mut game = scenario(ruleset, id)
                .expect("built-in scenario")
                .new_game(&GameOptions::default());
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
            while game.current_player().is_none() {
                let o = game.chance_outcomes().sample(&mut rng);
                game.apply_unchecked(o);
            }
            let mut bot = admiral.build(3);
            let p = game.current_player().expect("a decision");
            assert!(game.legal_actions().contains(bot.choose(&game, p)));
            assert!(bot.name().contains(named), "{}", bot.name());
        }
        let british: AdmiralSpec = "bot:british".parse().expect("a doctrine");
        assert!(british.plays("fsail") && british.plays("wsim"));
    }

    /// Issue 46: an admiral for a game of a ruleset lists that ruleset's doctrines on an
    /// unknown name, and `default` is its default admiral.
    #[test]
    fn a_rulesets_admiral_is_parsed_with_its_own_names() {
        let err = AdmiralSpec::parse_for("nelson", "poe")
            .expect_err("unknown")
            .to_string();
        assert!(
            err.contains("bot:boarding-rush") && err.contains("portfolio"),
            "{err}"
        );
        assert!(!err.contains("bot:british"), "{err}");
        assert_eq!(
            AdmiralSpec::parse_for("default", "fsail").expect("default"),
            AdmiralSpec::default_for("fsail")
        );
    }

    #[test]
    fn parses_known_specs_and_lists_them_on_error() {
        assert_eq!(
            "random".parse::<AdmiralSpec>().ok(),
            Some(AdmiralSpec::Random { seed: None })
        );
        assert_eq!(
            "random:7".parse::<AdmiralSpec>().ok(),
            Some(AdmiralSpec::Random { seed: Some(7) })
        );
        assert_eq!(
            "Random:seed=7".parse::<AdmiralSpec>().ok(),
            Some(AdmiralSpec::Random { seed: Some(7) })
        );
        let err = "nelson"
            .parse::<AdmiralSpec>()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("unknown admiral `nelson`") && err.contains("random"),
            "{err}"
        );
        assert!("random:x".parse::<AdmiralSpec>().is_err());
    }
}
