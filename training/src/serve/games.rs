//! A game against the computer admiral in the browser: the same loop as `broadside play`
//! (seeded dice at chance nodes, the admiral's choices, the narrated log), driven by requests
//! instead of a prompt.
//!
//! The admiral's search runs on a thread of its own, never on a request's: the game says
//! "thinking" with the time spent until the thread hands back its order, which the next
//! request applies. Meanwhile the view reports the playouts the search has run (through a
//! [`SearchControl`] the admiral counts them on), and a stop request asks the search to end
//! at its next check and play its best so far. A doctrine or the random admiral (no search)
//! answers at once.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

use anyhow::{anyhow, Result};
use broadside_agents::{Agent, AgentSpec, SearchControl};
use broadside_env::game::{Action, Game, Turn};
use broadside_env::harness::derive_seed;
use broadside_env::observation::Observation;
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions};
use broadside_env::savegame::SavedGame;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::view::Viewer;
use crate::admiral::AdmiralSpec;
use crate::board::Board;

/// Log lines a view carries at most (the newest).
pub const LOG_TAIL: usize = 400;

/// One line of the log, with the number of actions played when it was written.
#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    pub at: usize,
    pub text: String,
    /// The admiral's own reasoning (its candidates and their values): shown to its human
    /// opponent only once the game is over, as a chess engine's evaluation would be.
    #[serde(skip)]
    pub engine: bool,
}

/// What the admiral's thread hands back.
type Thought = (Box<dyn Agent<AnyGame>>, Action, Vec<String>);

/// The admiral at work on its own thread.
struct Thinking {
    started: Instant,
    rx: Receiver<Thought>,
    /// The search's playouts so far and its stop flag.
    control: SearchControl,
}

/// One legal order of the person.
#[derive(Debug, Clone, Serialize)]
pub struct OrderView {
    pub action: Action,
    pub name: &'static str,
    pub text: String,
    /// The ship it is for, where the ruleset says.
    pub ship: Option<usize>,
}

/// The admiral's progress while it thinks.
#[derive(Debug, Clone, Serialize)]
pub struct ThinkingView {
    pub elapsed_ms: u64,
    /// Its time per decision, where its spec names one.
    pub budget_ms: Option<u64>,
    /// Playouts (simulations) its search has run so far on this decision.
    pub playouts: u64,
    /// A stop was asked for: it plays its best so far at its next check.
    pub stopping: bool,
}

/// Everything the page shows of a game.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub id: u64,
    pub ruleset: &'static str,
    pub scenario: String,
    pub title: String,
    pub sides: [String; 2],
    pub human: u8,
    pub players: Vec<String>,
    pub admiral: String,
    pub seed: u64,
    /// `you`, `admiral`, `chance` or `over`.
    pub to_move: &'static str,
    /// Actions played so far.
    pub actions: usize,
    pub board: Board,
    /// The person's legal orders now (empty unless it is their turn), resignation last.
    pub orders: Vec<OrderView>,
    pub log: Vec<LogLine>,
    pub thinking: Option<ThinkingView>,
    pub can_undo: bool,
    /// The result in words once the game is over.
    pub result: Option<String>,
    /// Returns of side 0 and side 1 (+1 win, -1 loss) once the game is over.
    pub returns: Option<[f64; 2]>,
}

/// A game in progress.
pub struct PlayGame {
    pub id: u64,
    scenario: AnyScenario,
    /// The game's options (a resumed game keeps its own).
    options: GameOptions,
    human: u8,
    seed: u64,
    admiral_spec: AdmiralSpec,
    budget_ms: Option<u64>,
    players: Vec<String>,
    game: AnyGame,
    actions: Vec<Action>,
    log: Vec<LogLine>,
    dice: ChaCha8Rng,
    /// `None` while the admiral thinks on its thread.
    admiral: Option<Box<dyn Agent<AnyGame>>>,
    thinking: Option<Thinking>,
    /// The person asked the admiral to move now: every decision of its turn (a ship's orders
    /// are several) plays its best at once, until the person is to move again.
    hurry: bool,
    /// Actions up to here are committed: undo stops at the last action not the person's.
    committed: usize,
    viewer: Box<dyn Viewer>,
}

impl std::fmt::Debug for PlayGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayGame")
            .field("id", &self.id)
            .field("actions", &self.actions.len())
            .finish_non_exhaustive()
    }
}

/// The time per decision an admiral spec names, if any (`time=MS` or `level=NAME`).
pub fn budget_of(spec: &AdmiralSpec) -> Option<u64> {
    use broadside_agents::mcts::Budget;
    match spec {
        AdmiralSpec::Agent(AgentSpec::Mcts { config, .. }) => match config.budget {
            Budget::TimeMs(ms) => Some(ms),
            Budget::Simulations(_) => None,
        },
        AdmiralSpec::Agent(AgentSpec::Portfolio(p)) => match p.budget {
            Budget::TimeMs(ms) => Some(ms),
            Budget::Simulations(_) => None,
        },
        _ => None,
    }
}

/// Whether the admiral searches (and so thinks on its own thread).
fn searches(spec: &AdmiralSpec) -> bool {
    matches!(
        spec,
        AdmiralSpec::Agent(AgentSpec::Mcts { .. } | AgentSpec::Portfolio(_))
    )
}

impl PlayGame {
    /// A new game of `scenario`, the person on side `human`, from `resume`'s actions if given.
    pub fn new(
        id: u64,
        scenario: AnyScenario,
        human: u8,
        seed: u64,
        admiral_spec: AdmiralSpec,
        resume: Option<&SavedGame>,
    ) -> Result<Self> {
        let viewer = super::view::viewer(&scenario, human)?;
        let options = resume.map_or_else(GameOptions::default, |s| s.options);
        let admiral = admiral_spec.build(derive_seed(seed, 1));
        let mut players = vec![String::new(), String::new()];
        players[human as usize] = "human".to_string();
        players[1 - human as usize] = admiral.name();
        let mut g = PlayGame {
            id,
            game: scenario.new_game(&options),
            options,
            scenario,
            human,
            seed,
            budget_ms: budget_of(&admiral_spec),
            admiral_spec,
            players,
            actions: Vec::new(),
            log: Vec::new(),
            dice: ChaCha8Rng::seed_from_u64(seed),
            admiral: Some(admiral),
            thinking: None,
            hurry: false,
            committed: 0,
            viewer,
        };
        if let Some(saved) = resume {
            let actions: Vec<Action> = saved.actions.iter().map(|a| a.index).collect();
            g.replay_actions(&actions)?;
            g.committed = g.actions.len();
            // The dice go on from a stream of their own: the saved game records the dice
            // rolled, not the generator's place.
            g.dice = ChaCha8Rng::seed_from_u64(derive_seed(seed, actions.len() as u64));
        }
        g.advance()?;
        Ok(g)
    }

    /// Plays `actions` from the start of a fresh game, narrating each.
    fn replay_actions(&mut self, actions: &[Action]) -> Result<()> {
        self.viewer = super::view::viewer(&self.scenario, self.human)?;
        self.game = self.scenario.new_game(&self.options);
        self.actions.clear();
        self.log.clear();
        for &a in actions {
            self.apply(a)?;
        }
        Ok(())
    }

    /// Applies a legal action and narrates it.
    fn apply(&mut self, a: Action) -> Result<()> {
        let before = self.game.clone();
        self.game.apply(a).map_err(|e| anyhow!("{e}"))?;
        self.actions.push(a);
        let at = self.actions.len();
        let lines = self.viewer.narrate(&before, a, &self.game)?;
        self.log.extend(lines.into_iter().map(|text| LogLine {
            at,
            text,
            engine: false,
        }));
        Ok(())
    }

    /// Plays chance and the admiral until the person is to move, the admiral is thinking or
    /// the game is over; first takes the admiral's order if its thread has finished.
    pub fn advance(&mut self) -> Result<()> {
        self.take_thought()?;
        loop {
            match self.game.turn() {
                Turn::Terminal => {
                    self.hurry = false;
                    return Ok(());
                }
                Turn::Chance => {
                    let a = self.game.chance_outcomes().sample(&mut self.dice);
                    self.apply(a)?;
                    self.committed = self.actions.len();
                }
                Turn::Player(p) if p == self.human => {
                    self.hurry = false;
                    return Ok(());
                }
                Turn::Player(p) => {
                    if self.thinking.is_some() {
                        return Ok(());
                    }
                    let Some(mut admiral) = self.admiral.take() else {
                        return Err(anyhow!("internal error: the admiral went missing"));
                    };
                    if !searches(&self.admiral_spec) {
                        let a = admiral.choose(&self.game, p);
                        self.admiral = Some(admiral);
                        self.play_admiral(a, Vec::new())?;
                        continue;
                    }
                    let (tx, rx) = mpsc::channel();
                    let control = SearchControl::new();
                    if self.hurry {
                        control.request_stop();
                    }
                    admiral.set_control(Some(control.clone()));
                    let state = self.game.clone();
                    std::thread::Builder::new()
                        .name(format!("admiral-{}", self.id))
                        .spawn(move || {
                            let a = admiral.choose(&state, p);
                            let why = admiral.explain();
                            // The game may have been dropped meanwhile: nobody to tell.
                            let _ = tx.send((admiral, a, why));
                        })?;
                    self.thinking = Some(Thinking {
                        started: Instant::now(),
                        rx,
                        control,
                    });
                    return Ok(());
                }
            }
        }
    }

    /// Asks the admiral's search to stop and play its best so far, and so every later
    /// decision of its turn; an error if it is not thinking. The order arrives as it would
    /// have at the end of its time.
    pub fn stop_thinking(&mut self) -> Result<(), String> {
        match &self.thinking {
            Some(t) => {
                t.control.request_stop();
                self.hurry = true;
                Ok(())
            }
            None => Err("the admiral is not thinking: nothing to stop".into()),
        }
    }

    /// The admiral's order, if its thread has handed it back.
    fn take_thought(&mut self) -> Result<()> {
        let Some(t) = &self.thinking else {
            return Ok(());
        };
        match t.rx.try_recv() {
            Ok((admiral, a, why)) => {
                self.thinking = None;
                self.admiral = Some(admiral);
                self.play_admiral(a, why)
            }
            Err(TryRecvError::Empty) => Ok(()),
            Err(TryRecvError::Disconnected) => {
                // The search failed (it cannot, but a game must not hang on it): the
                // random admiral takes over, and the log says so.
                self.thinking = None;
                self.admiral = Some(
                    AdmiralSpec::Random {
                        seed: Some(derive_seed(self.seed, 3)),
                    }
                    .build(0),
                );
                self.log.push(LogLine {
                    at: self.actions.len(),
                    text: "The admiral's search failed; a random admiral plays on.".into(),
                    engine: false,
                });
                Ok(())
            }
        }
    }

    fn play_admiral(&mut self, a: Action, why: Vec<String>) -> Result<()> {
        let legal = self.game.legal_actions().contains(a);
        let a = if legal {
            a
        } else {
            // Never trust an agent blindly: a wrong order would corrupt nothing (apply
            // checks) but would stop the game; the first legal order stands in.
            self.game
                .legal_actions()
                .iter()
                .next()
                .ok_or_else(|| anyhow!("internal error: no legal order for the admiral"))?
        };
        let at = self.actions.len();
        // A decision the person cannot see (a card chosen in secret, an order marker placed
        // face down) is told only by the ruleset's narration, which keeps it hidden; the
        // admiral's explanation would name it, so it is left out too.
        let hidden = decision_hidden_from(&self.game, a, self.human);
        if !hidden {
            let text = format!(
                "The admiral orders: {}",
                crate::style::sanitize(&self.game.describe_action(a))
            );
            self.log.push(LogLine {
                at,
                text,
                engine: false,
            });
            self.log.extend(why.into_iter().map(|w| LogLine {
                at,
                text: format!("    {}", crate::style::sanitize(&w)),
                engine: true,
            }));
        }
        self.apply(a)?;
        self.committed = self.actions.len();
        Ok(())
    }

    /// The person's order: refused with a reason unless it is their turn and the action is
    /// legal now; the game is unchanged on refusal.
    pub fn order(&mut self, action: u64) -> Result<(), String> {
        self.advance().map_err(|e| format!("{e:#}"))?;
        let spec = self.game.spec();
        match self.game.turn() {
            Turn::Terminal => return Err("the game is over".into()),
            Turn::Player(p) if p == self.human => {}
            _ => return Err("it is not your turn: wait for the admiral".into()),
        }
        let a = Action::try_from(action)
            .ok()
            .filter(|&a| (a as usize) < spec.num_player_actions)
            .ok_or_else(|| {
                format!(
                    "action {action} is outside the orders of {} (0 to {})",
                    spec.name,
                    spec.num_player_actions.saturating_sub(1)
                )
            })?;
        if !self.game.legal_actions().contains(a) {
            return Err(match self.viewer.refusal(&self.game, a).ok().flatten() {
                Some(why) => format!(
                    "`{}` is not allowed now: {}",
                    spec.action_name(a),
                    crate::style::sanitize(&why)
                ),
                None => format!(
                    "`{}` is not a legal order now; the legal orders are listed with the board",
                    spec.action_name(a)
                ),
            });
        }
        self.apply(a).map_err(|e| format!("{e:#}"))?;
        self.advance().map_err(|e| format!("{e:#}"))
    }

    /// The person's order by its catalogue name (`fire:0:1`, any case), as the terminal
    /// reads it: an unknown name is refused, an illegal one with the rule that forbids it.
    pub fn order_named(&mut self, name: &str) -> Result<(), String> {
        const LONGEST: usize = 64;
        let t = name.trim();
        if t.chars().count() > LONGEST {
            return Err(format!("an order's name is at most {LONGEST} characters"));
        }
        let spec = self.game.spec();
        let a = spec
            .action_by_name(&t.to_ascii_lowercase())
            .filter(|&a| (a as usize) < spec.num_player_actions)
            .ok_or_else(|| {
                format!(
                    "`{}` is not an order of {}: the legal orders are listed with the board",
                    crate::style::sanitize(t),
                    spec.name
                )
            })?;
        self.order(u64::from(a))
    }

    /// Takes back the person's last sub-decision, while their orders are not committed (no
    /// die rolled and no admiral's order since).
    pub fn undo(&mut self) -> Result<(), String> {
        self.advance().map_err(|e| format!("{e:#}"))?;
        if self.actions.len() <= self.committed || self.thinking.is_some() {
            return Err("nothing to undo: your orders are committed".into());
        }
        let mut keep = self.actions.clone();
        keep.pop();
        let committed = self.committed;
        self.replay_actions(&keep).map_err(|e| format!("{e:#}"))?;
        self.committed = committed;
        Ok(())
    }

    /// The board after `action` (a ghost of where the order leads), without playing it.
    pub fn preview(&self, action: u64) -> Result<Board, String> {
        if self.game.current_player() != Some(self.human) {
            return Err("it is not your turn".into());
        }
        let a = Action::try_from(action)
            .ok()
            .filter(|&a| self.game.legal_actions().contains(a))
            .ok_or_else(|| format!("action {action} is not a legal order now"))?;
        let mut after = self.game.clone();
        after.apply(a).map_err(|e| e.to_string())?;
        self.viewer.board(&after).map_err(|e| format!("{e:#}"))
    }

    /// The fields of fire of ship `ship` now.
    pub fn fields(&self, ship: usize) -> Result<Vec<crate::board::Area>> {
        self.viewer.fields(&self.game, ship)
    }

    /// The game as a saved game (the format `broadside replay` and `play` read).
    pub fn saved(&self) -> SavedGame {
        SavedGame::new(
            self.scenario.clone(),
            self.options,
            self.players.clone(),
            &self.actions,
        )
    }

    /// The current state (for analysis).
    pub fn state(&self) -> &AnyGame {
        &self.game
    }

    /// What the page shows now.
    pub fn view(&self) -> Result<GameView> {
        let info = self.scenario.info();
        let over = self.game.is_terminal();
        let to_move = match self.game.turn() {
            Turn::Terminal => "over",
            Turn::Chance => "chance",
            Turn::Player(p) if p == self.human => "you",
            Turn::Player(_) => "admiral",
        };
        let spec = self.game.spec();
        let mut orders: Vec<OrderView> = Vec::new();
        if to_move == "you" {
            let resign = spec.resign_action();
            for a in self.game.legal_actions().iter() {
                orders.push(OrderView {
                    action: a,
                    name: spec.action_name(a),
                    text: crate::style::sanitize(&self.viewer.order_text(&self.game, a)?),
                    ship: if Some(a) == resign {
                        None
                    } else {
                        self.viewer.order_ship(&self.game, a)?
                    },
                });
            }
            // Resignation last, so the list opens with the orders that play on.
            orders.sort_by_key(|o| Some(o.action) == resign);
        }
        // The admiral's reasoning stays hidden from its opponent until the game is over.
        // Every poll asks for the view: count the lines shown, then clone only the tail.
        let shown = |l: &&LogLine| over || !l.engine;
        let skip = self
            .log
            .iter()
            .filter(shown)
            .count()
            .saturating_sub(LOG_TAIL);
        Ok(GameView {
            id: self.id,
            ruleset: self.scenario.ruleset(),
            scenario: info.id,
            title: info.title,
            sides: self.viewer.sides(),
            human: self.human,
            players: self.players.clone(),
            admiral: self.admiral_spec.to_string(),
            seed: self.seed,
            to_move,
            actions: self.actions.len(),
            board: self.viewer.board(&self.game)?,
            orders,
            log: self.log.iter().filter(shown).skip(skip).cloned().collect(),
            thinking: self.thinking.as_ref().map(|t| ThinkingView {
                elapsed_ms: t.started.elapsed().as_millis() as u64,
                budget_ms: self.budget_ms,
                playouts: t.control.playouts(),
                stopping: t.control.stop_requested(),
            }),
            can_undo: self.actions.len() > self.committed && self.thinking.is_none(),
            result: over
                .then(|| self.viewer.result_text(&self.game))
                .transpose()?,
            returns: over.then(|| self.game.returns()),
        })
    }
}

/// Whether the person playing `viewer` cannot tell decision `a` from another legal decision
/// of the moment: both leave them the same observation (the ruleset's information set).
fn decision_hidden_from(game: &AnyGame, a: Action, viewer: u8) -> bool {
    let spec = &game.spec().obs;
    let seen = |action: Action| {
        let mut g = game.clone();
        g.apply(action).ok()?;
        let mut o = Observation::new(spec);
        g.observe(viewer, &mut o);
        Some(o)
    };
    let Some(mine) = seen(a) else {
        return false;
    };
    game.legal_actions()
        .iter()
        .filter(|&b| b != a)
        .take(64)
        .any(|b| seen(b).as_ref() == Some(&mine))
}
