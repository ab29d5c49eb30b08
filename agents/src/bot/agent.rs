//! [`BotAgent`]: an [`Agent`] whose decisions come from a bot process over the protocol.
//!
//! The process starts at the agent's first decision (building an agent to check a spec
//! starts nothing). A bot that fails in any way (it cannot start, crashes, takes longer
//! than its limit, writes a line that is not the protocol, answers an illegal action or
//! floods its output) is killed at once, and [`Agent::forfeit`] gives the reason: the match
//! ends there with the bot's side losing.

use std::time::{Duration, Instant};

use broadside_env::{Action, Game, Player, NUM_PLAYERS};
use rand::SeedableRng;
use serde::Serialize;
use serde_json::Value;

use super::process::{BotProcess, Line, RecvError, MAX_LINE};
use super::protocol::{self, ActionRef, Decide, FromBot, Hello, PROTOCOL_VERSION};
use super::spec::CommandSpec;
use crate::Agent;

/// The most lines a bot may write for one decision (its `info` lines and the action).
pub const MAX_LINES_PER_DECISION: usize = 1000;
/// How long a bot has to answer the `hello` (or its decision limit, if longer).
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// The `info` lines kept for [`Agent::explain`].
const KEPT_INFO: usize = 20;

/// The ruleset's view of the position from one side, as JSON (`None`: no view).
pub type ViewFn<G> = fn(&G, Player) -> Option<Value>;

/// The seed of the draw that fills the hidden parts of a view: fixed, so the view depends
/// on what the player knows and never on the hidden truth.
const VIEW_SEED: u64 = 0xB07_71E3;

/// The position as `player` may know it, as JSON: the state with everything hidden from
/// `player` redrawn by [`Game::resample_hidden`] from a fixed seed. The hidden parts are a
/// guess consistent with what `player` knows, the same whatever the truth is.
pub fn redrawn_view<G: Game + Serialize>(state: &G, player: Player) -> Option<Value> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(VIEW_SEED);
    serde_json::to_value(state.resample_hidden(player, &mut rng)).ok()
}

/// A bot program as an agent.
#[derive(Debug)]
pub struct BotAgent<G> {
    spec: CommandSpec,
    label: String,
    view: Option<ViewFn<G>>,
    process: Option<BotProcess>,
    bot_name: Option<String>,
    planes: bool,
    side: Option<Player>,
    decisions: usize,
    used: Duration,
    info: Vec<String>,
    forfeit: Option<String>,
    /// Lines read for the decision in hand, to catch a flood.
    lines: usize,
}

impl<G: Game> BotAgent<G> {
    /// The bot `spec` runs, shown as `label` (its spec string); `view` gives the ruleset's
    /// JSON view of the position for the `decide` messages.
    pub fn new(spec: CommandSpec, label: String, view: Option<ViewFn<G>>) -> Self {
        BotAgent {
            spec,
            label,
            view,
            process: None,
            bot_name: None,
            planes: false,
            side: None,
            decisions: 0,
            used: Duration::ZERO,
            info: Vec::new(),
            forfeit: None,
            lines: 0,
        }
    }

    /// The name the bot gave in its handshake, once it has.
    pub fn bot_name(&self) -> Option<&str> {
        self.bot_name.as_deref()
    }

    /// The time the bot has taken so far this game.
    pub fn time_used(&self) -> Duration {
        self.used
    }

    fn ask(&mut self, state: &G, player: Player) -> Result<Action, String> {
        let limit = Duration::from_millis(self.spec.decision_ms);
        let game_left = self
            .spec
            .game_ms
            .map(|g| Duration::from_millis(g).saturating_sub(self.used));
        let allowed = game_left.map_or(limit, |g| g.min(limit));
        let what_limit = match game_left {
            Some(g) if g < limit => format!("the {} ms left of its game budget", g.as_millis()),
            _ => format!("its {} ms limit for a decision", limit.as_millis()),
        };
        if self.process.is_none() {
            let p = BotProcess::spawn(&self.spec.argv, self.spec.log_dir.as_deref())?;
            self.process = Some(p);
            self.send(&serde_json::to_string(&Hello::new()).unwrap_or_default());
            // Starting an interpreter can take a while on a busy machine: the handshake
            // has its own limit and is not charged to the bot's clock.
            let hello_limit = HANDSHAKE.max(limit);
            let what = format!("{} ms to answer the hello", hello_limit.as_millis());
            match self.next(Instant::now() + hello_limit, &what)? {
                FromBot::Hello {
                    name,
                    protocol,
                    planes,
                } => {
                    if protocol != u64::from(PROTOCOL_VERSION) {
                        return Err(format!(
                            "speaks protocol {protocol}; this Broadside speaks {PROTOCOL_VERSION}"
                        ));
                    }
                    self.bot_name = Some(name);
                    self.planes = planes;
                }
                other => return Err(format!("did not start with a hello but {other:?}")),
            }
        }
        let start = Instant::now();
        let deadline = start + allowed;
        if self.side.is_none() {
            self.side = Some(player);
            let start_msg = protocol::start(
                state,
                player,
                self.spec.decision_ms,
                self.spec.game_ms,
                self.spec.scenario.as_deref(),
            );
            self.send(&start_msg.to_string());
        }
        let view = self.view.and_then(|v| v(state, player));
        let msg = protocol::decide(
            state,
            player,
            &Decide {
                decision: self.decisions,
                time_left_ms: allowed.as_millis() as u64,
                game_left_ms: game_left.map(|g| g.as_millis() as u64),
                planes: self.planes,
                view: view.as_ref(),
            },
        );
        self.send(&msg.to_string());
        self.info.clear();
        self.lines = 0;
        let action = loop {
            match self.next(deadline, &what_limit)? {
                FromBot::Info(text) => {
                    if self.info.len() < KEPT_INFO {
                        self.info.push(text);
                    }
                }
                FromBot::Action(r) => break self.resolve(state, r)?,
                FromBot::Hello { .. } => return Err("wrote a second hello".into()),
            }
        };
        self.used += start.elapsed();
        self.decisions += 1;
        Ok(action)
    }

    /// The bot's next message before `deadline`.
    fn next(&mut self, deadline: Instant, what_limit: &str) -> Result<FromBot, String> {
        let p = self.process.as_mut().ok_or("no process")?;
        loop {
            self.lines += 1;
            if self.lines > MAX_LINES_PER_DECISION {
                return Err(format!(
                    "flooded its output: more than {MAX_LINES_PER_DECISION} lines for one decision"
                ));
            }
            return match p.recv(deadline) {
                Err(RecvError::Timeout) => Err(format!("took longer than {what_limit}")),
                Ok(Line::TooLong) => Err(format!(
                    "flooded its output: a line longer than {MAX_LINE} bytes"
                )),
                Ok(Line::NotText) => Err("wrote a line that is not UTF-8 text".into()),
                Ok(Line::Closed) => Err(match p.exit_status(Duration::from_millis(100)) {
                    Some(s) => format!("crashed: it exited ({s}) (its log: {})", p.log().display()),
                    None => format!(
                        "crashed: it closed its output (its log: {})",
                        p.log().display()
                    ),
                }),
                Ok(Line::Text(t)) if t.trim().is_empty() => continue,
                Ok(Line::Text(t)) => protocol::parse_line(&t).map_err(|e| {
                    format!(
                        "wrote a malformed line ({e}): {}",
                        protocol::truncate(&t, 80)
                    )
                }),
            };
        }
    }

    fn resolve(&self, state: &G, r: ActionRef) -> Result<Action, String> {
        let legal = state.legal_actions();
        let spec = state.spec();
        match r {
            ActionRef::Index(i) => match Action::try_from(i) {
                Ok(a) if legal.contains(a) => Ok(a),
                _ => Err(format!(
                    "answered an illegal action: {i} is not among the {} legal indices",
                    legal.iter().count()
                )),
            },
            ActionRef::Name(n) => {
                legal
                    .iter()
                    .find(|&a| spec.action_name(a) == n)
                    .ok_or_else(|| {
                        format!(
                            "answered an illegal action: `{}` is not a legal action's name",
                            protocol::truncate(&n, 40)
                        )
                    })
            }
        }
    }

    fn send(&mut self, line: &str) {
        if let Some(p) = &mut self.process {
            p.send(line);
        }
    }
}

impl<G: Game> Agent<G> for BotAgent<G> {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, state: &G, player: Player) -> Action {
        // After a failure the match is over; should a caller ask again, any legal action.
        let fallback = || state.legal_actions().iter().next().unwrap_or(0);
        if self.forfeit.is_some() {
            return fallback();
        }
        match self.ask(state, player) {
            Ok(a) => a,
            Err(reason) => {
                if let Some(p) = &mut self.process {
                    p.kill();
                }
                self.forfeit = Some(reason);
                fallback()
            }
        }
    }

    fn explain(&self) -> Vec<String> {
        self.info.clone()
    }

    fn forfeit(&self) -> Option<String> {
        self.forfeit.clone()
    }

    fn game_over(
        &mut self,
        _state: &G,
        player: Player,
        returns: [f64; NUM_PLAYERS],
        reason: Option<&str>,
    ) {
        let side = self.side.unwrap_or(player);
        if self.forfeit.is_none() && self.process.is_some() {
            self.send(&protocol::end(returns, side, reason).to_string());
        }
        if let Some(p) = &mut self.process {
            p.finish();
        }
        self.process = None;
    }
}
