//! What each ruleset offers agents ([`KnownAgents`]): WS&IM, Fighting Sail, the toy games,
//! and [`AnyGame`], which forwards to whichever ruleset a game is.

use std::fmt;
use std::sync::Arc;

use broadside_env::fsail::{FsailGame, Pending};
use broadside_env::ruleset::AnyGame;
use broadside_env::toy::{DiceRace, HiddenPennies};
use broadside_env::wsim::WsimGame;
use broadside_env::{Action, Game, Observation, Player, NUM_PLAYERS};

use crate::fsail::{FsailDoctrine, FsailDoctrineBot, FsailMorale, FSAIL_DOCTRINES};
use crate::mcts::{
    observation_key, EvaluatorFactory, Heuristic, HiddenModelFn, InfoKeyFn, TerminalValue,
};
use crate::wsim::{
    wsim_hidden_model, wsim_info_key, wsim_model_orders, CloseActionBot, DoctrineBot, WsimMaterial,
    DOCTRINES,
};
use crate::Agent;

use super::{net_factory_for_any, KnownAgents, SpecError};

const CLOSE_ACTION_HELP: &str =
    "closes with the nearest enemy, keeps a broadside on it, fires at any table";

impl KnownAgents for WsimGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let mut v = vec![("close-action", CLOSE_ACTION_HELP)];
        v.extend([
            (
                "british",
                "close and broadside: pistol shot, hull, any table",
            ),
            (
                "french",
                "disable and outrun: rigging at long range, weather gauge",
            ),
            (
                "line-of-battle",
                "follow the leader, keep station, concentrate fire",
            ),
            (
                "rake-seeker",
                "manoeuvre for raking broadsides, avoid being raked",
            ),
        ]);
        debug_assert_eq!(v.len(), DOCTRINES.len() + 1);
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        if name == "close-action" {
            return Some(Box::new(CloseActionBot::new(seed)));
        }
        crate::wsim::Doctrine::by_name(name)
            .map(|d| Box::new(DoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(WsimMaterial::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "material", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" => Some(Self::heuristic()),
            "material" => Some(Arc::new(WsimMaterial::default())),
            "position" => Some(Arc::new(WsimMaterial::positional())),
            // `position:W`: the weight of a doctrine score point.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(WsimMaterial {
                    position: w,
                    ..WsimMaterial::default()
                }))
            }
        }
    }
    // Strongest in the duel; last in the squadron battle, where british leads (docs/admirals.md).
    fn best_bot() -> Option<&'static str> {
        Some("line-of-battle")
    }
    fn info_key() -> InfoKeyFn<Self> {
        wsim_info_key
    }
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        Some(wsim_hidden_model)
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
}

impl KnownAgents for FsailGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let v = vec![
            (
                "british",
                "close and broadside: short range, fire at the nearest, board when stronger",
            ),
            (
                "french",
                "stand-off gunnery: medium range, out of arcs, fire at the most damaged",
            ),
            (
                "line-of-battle",
                "follow the leader in line, concentrate fire on its target",
            ),
            (
                "rake-seeker",
                "manoeuvre into the enemy's bow or stern wedge for raking shots",
            ),
            (
                "close-action",
                "the boarder: run alongside the nearest enemy and board it",
            ),
        ];
        debug_assert_eq!(v.len(), FSAIL_DOCTRINES.len());
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        FsailDoctrine::by_name(name)
            .map(|d| Box::new(FsailDoctrineBot::new(d, seed)) as Box<dyn Agent<Self>>)
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(FsailMorale::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        vec!["default", "morale", "position"]
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        match name {
            "default" => Some(Self::heuristic()),
            "morale" => Some(Arc::new(FsailMorale::default())),
            "position" => Some(Arc::new(FsailMorale::positional())),
            // `position:W`: the weight of a doctrine score point.
            other => {
                let w: f64 = other.strip_prefix("position:")?.parse().ok()?;
                Some(Arc::new(FsailMorale {
                    position: w,
                    ..FsailMorale::default()
                }))
            }
        }
    }
    // The doctrines are level in the duel and close in the fleet action (docs/admirals.md).
    fn best_bot() -> Option<&'static str> {
        Some("british")
    }
    fn round(state: &Self) -> u32 {
        u32::from(state.turn)
    }
    // The initiative and sailing rolls: the doctrines' sailing that follows them is most
    // of a playout's cost, and the shots' dice after it vary the worlds.
    fn shared_chance(state: &Self) -> bool {
        matches!(
            state.pending,
            Pending::Initiative | Pending::SailingDice { .. }
        )
    }
}

/// A bot named for an [`AnyGame`]: the ruleset's bot of that name for each ruleset that has
/// one (the doctrine names mean the same way of fighting in every ruleset). On a ruleset
/// without a bot of that name it takes the first legal action that is not a resignation.
pub struct OnAny {
    name: String,
    wsim: Option<Box<dyn Agent<WsimGame>>>,
    fsail: Option<Box<dyn Agent<FsailGame>>>,
}

impl fmt::Debug for OnAny {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnAny").field("name", &self.name).finish()
    }
}

impl OnAny {
    /// The bots called `name` of every ruleset, seeded; `None` if no ruleset has one.
    pub fn new(name: &str, seed: u64) -> Option<Self> {
        let wsim = WsimGame::named_bot(name, seed);
        let fsail = FsailGame::named_bot(name, seed);
        let label = match (&wsim, &fsail) {
            (Some(w), _) => w.name(),
            (None, Some(f)) => f.name(),
            (None, None) => return None,
        };
        Some(Self {
            name: label,
            wsim,
            fsail,
        })
    }
}

impl Agent<AnyGame> for OnAny {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, state: &AnyGame, player: Player) -> Action {
        match (state, &mut self.wsim, &mut self.fsail) {
            (AnyGame::Wsim(g), Some(b), _) => b.choose(g, player),
            (AnyGame::Fsail(g), _, Some(b)) => b.choose(g, player),
            (other, _, _) => {
                let resign = other.spec().resign_action();
                other
                    .legal_actions()
                    .iter()
                    .find(|&a| Some(a) != resign)
                    .unwrap_or(0)
            }
        }
    }
}

/// The heuristic of whichever ruleset an [`AnyGame`] is.
#[derive(Clone)]
pub struct AnyHeuristic {
    wsim: Arc<dyn Heuristic<WsimGame>>,
    fsail: Arc<dyn Heuristic<FsailGame>>,
}

impl fmt::Debug for AnyHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyHeuristic")
            .field("wsim", &self.wsim.name())
            .field("fsail", &self.fsail.name())
            .finish()
    }
}

impl Default for AnyHeuristic {
    fn default() -> Self {
        Self {
            wsim: WsimGame::heuristic(),
            fsail: FsailGame::heuristic(),
        }
    }
}

impl AnyHeuristic {
    /// Each ruleset's heuristic called `name`, its default where it has none of that name;
    /// `None` if no ruleset has one.
    pub fn named(name: &str) -> Option<Self> {
        let wsim = WsimGame::heuristic_named(name);
        let fsail = FsailGame::heuristic_named(name);
        if wsim.is_none() && fsail.is_none() {
            return None;
        }
        Some(Self {
            wsim: wsim.unwrap_or_else(WsimGame::heuristic),
            fsail: fsail.unwrap_or_else(FsailGame::heuristic),
        })
    }
}

impl Heuristic<AnyGame> for AnyHeuristic {
    fn name(&self) -> String {
        format!("any({}/{})", self.wsim.name(), self.fsail.name())
    }
    fn value(&self, state: &AnyGame) -> [f64; NUM_PLAYERS] {
        match state {
            AnyGame::Wsim(g) => self.wsim.value(g),
            AnyGame::Fsail(g) => self.fsail.value(g),
        }
    }
}

fn any_hidden_model(
    state: &AnyGame,
    player: Player,
    agent: &mut dyn Agent<AnyGame>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<AnyGame> {
    #[allow(unreachable_patterns)]
    match state {
        AnyGame::Wsim(g) => wsim_model_orders(
            g,
            player,
            &mut |s, p| agent.choose(&AnyGame::Wsim(s.clone()), p),
            rng,
        )
        .map(AnyGame::Wsim),
        _ => None,
    }
}

fn any_info_key(state: &AnyGame, player: Player, buf: &mut Option<Observation>) -> u64 {
    #[allow(unreachable_patterns)]
    match state {
        AnyGame::Wsim(g) => wsim_info_key(g, player, buf),
        other => observation_key(other, player, buf),
    }
}

impl KnownAgents for AnyGame {
    fn bots() -> Vec<(&'static str, &'static str)> {
        let mut v = WsimGame::bots();
        for b in FsailGame::bots() {
            if !v.iter().any(|(n, _)| *n == b.0) {
                v.push(b);
            }
        }
        v
    }
    fn bot(name: &str, seed: u64) -> Option<Box<dyn Agent<Self>>> {
        OnAny::new(name, seed).map(|b| Box::new(b) as Box<dyn Agent<Self>>)
    }
    fn best_bot() -> Option<&'static str> {
        // OnAny resolves `best` in each ruleset.
        Some("best")
    }
    fn heuristic() -> Arc<dyn Heuristic<Self>> {
        Arc::new(AnyHeuristic::default())
    }
    fn heuristic_names() -> Vec<&'static str> {
        let mut v = WsimGame::heuristic_names();
        for n in FsailGame::heuristic_names() {
            if !v.contains(&n) {
                v.push(n);
            }
        }
        v
    }
    fn heuristic_named(name: &str) -> Option<Arc<dyn Heuristic<Self>>> {
        AnyHeuristic::named(name).map(|h| Arc::new(h) as Arc<dyn Heuristic<Self>>)
    }
    fn info_key() -> InfoKeyFn<Self> {
        any_info_key
    }
    fn net_evaluator(path: &str) -> Result<EvaluatorFactory<Self>, SpecError> {
        net_factory_for_any(path)
    }
    fn hidden_model() -> Option<HiddenModelFn<Self>> {
        Some(any_hidden_model)
    }
    fn round(state: &Self) -> u32 {
        #[allow(unreachable_patterns)]
        match state {
            AnyGame::Wsim(g) => WsimGame::round(g),
            AnyGame::Fsail(g) => FsailGame::round(g),
            _ => 0,
        }
    }
    fn shared_chance(state: &Self) -> bool {
        #[allow(unreachable_patterns)]
        match state {
            AnyGame::Wsim(g) => WsimGame::shared_chance(g),
            AnyGame::Fsail(g) => FsailGame::shared_chance(g),
            _ => false,
        }
    }
}

macro_rules! toy_agents {
    ($($g:ty),*) => {$(
        impl KnownAgents for $g {
            fn bots() -> Vec<(&'static str, &'static str)> {
                Vec::new()
            }
            fn bot(_: &str, _: u64) -> Option<Box<dyn Agent<Self>>> {
                None
            }
            fn heuristic() -> Arc<dyn Heuristic<Self>> {
                Arc::new(TerminalValue)
            }
        }
    )*};
}
toy_agents!(DiceRace, HiddenPennies);
