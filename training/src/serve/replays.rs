//! A saved game opened for replay: every position on demand, the log narrated once, and the
//! turns to jump to.

use anyhow::{bail, Result};
use broadside_agents::KnownAgents;
use broadside_env::game::{Game, Turn};
use broadside_env::ruleset::AnyGame;
use broadside_env::savegame::SavedGame;
use serde::Serialize;

use super::games::{LogLine, LOG_TAIL};
use super::view::Viewer;
use crate::board::Board;

/// The most actions a replay may hold (a long squadron battle has a few thousand).
pub const MAX_REPLAY_ACTIONS: usize = 50_000;
/// A position is kept every this many actions; the rest are replayed from the one before.
const KEEP_EVERY: usize = 64;

/// Where a turn starts.
#[derive(Debug, Clone, Serialize)]
pub struct TurnMark {
    pub turn: u32,
    pub step: usize,
}

/// What the page shows of one position of a replay.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayView {
    pub id: u64,
    pub ruleset: &'static str,
    pub scenario: String,
    pub title: String,
    pub sides: [String; 2],
    pub players: Vec<String>,
    /// The position after `step` actions.
    pub step: usize,
    pub steps: usize,
    /// The action that led here.
    pub action: Option<String>,
    /// Who acts in this position: `player 0`, `player 1`, `chance` or `over`.
    pub to_move: String,
    pub board: Board,
    /// The log up to this position (the newest lines).
    pub log: Vec<LogLine>,
    pub turns: Vec<TurnMark>,
    pub result: Option<String>,
}

/// A saved game opened for replay.
pub struct Replay {
    pub id: u64,
    pub saved: SavedGame,
    /// The position after every `KEEP_EVERY`-th action.
    kept: Vec<AnyGame>,
    /// The log lines of each action.
    events: Vec<Vec<String>>,
    turns: Vec<TurnMark>,
    viewer: Box<dyn Viewer>,
}

impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("id", &self.id)
            .field("steps", &self.events.len())
            .finish_non_exhaustive()
    }
}

impl Replay {
    /// Opens `saved`: replays it once (checking every action), narrating as it goes.
    pub fn new(id: u64, saved: SavedGame) -> Result<Self> {
        if saved.actions.len() > MAX_REPLAY_ACTIONS {
            bail!(
                "the saved game has {} actions; a replay holds at most {MAX_REPLAY_ACTIONS}",
                saved.actions.len()
            );
        }
        // Played once, keeping only every `KEEP_EVERY`-th position (a long game's every
        // position would take a few hundred megabytes); each action is checked as
        // `SavedGame::replay` checks it.
        let mut g = saved.scenario.new_game(&saved.options);
        let spec = g.spec();
        let mut viewer = super::view::viewer(&saved.scenario, 0)?;
        let mut events = Vec::with_capacity(saved.actions.len());
        let mut kept = vec![g.clone()];
        let mut turns = vec![TurnMark {
            turn: AnyGame::round(&g),
            step: 0,
        }];
        for (k, a) in saved.actions.iter().enumerate() {
            if (a.index as usize) >= spec.num_actions || spec.action_name(a.index) != a.name {
                bail!(
                    "the uploaded game: actions[{k}]: action {} is `{}` in ruleset {} version {}, the file says `{}`",
                    a.index,
                    spec.action_name(a.index),
                    spec.name,
                    spec.version,
                    crate::style::sanitize(&a.name)
                );
            }
            let before = g.clone();
            g.apply(a.index)
                .map_err(|e| anyhow::anyhow!("the uploaded game: actions[{k}]: {e}"))?;
            events.push(viewer.narrate(&before, a.index, &g)?);
            let round = AnyGame::round(&g);
            if turns.last().is_some_and(|t| round > t.turn) {
                turns.push(TurnMark {
                    turn: round,
                    step: k + 1,
                });
            }
            if (k + 1) % KEEP_EVERY == 0 {
                kept.push(g.clone());
            }
        }
        Ok(Replay {
            id,
            saved,
            kept,
            events,
            turns,
            viewer,
        })
    }

    /// How many actions the game has.
    pub fn steps(&self) -> usize {
        self.events.len()
    }

    /// The position after `step` actions (`step` at most [`Self::steps`]).
    pub fn state(&self, step: usize) -> Result<AnyGame> {
        let step = step.min(self.steps());
        let mut g = self.kept[step / KEEP_EVERY].clone();
        for a in &self.saved.actions[step / KEEP_EVERY * KEEP_EVERY..step] {
            g.apply(a.index)
                .map_err(|e| anyhow::anyhow!("internal error: the replay broke: {e}"))?;
        }
        Ok(g)
    }

    /// The board after `action` from the position after `step` actions (the analysis's best
    /// order drawn on the board).
    pub fn preview(&self, step: usize, action: u64) -> Result<Board, String> {
        let mut g = self.state(step).map_err(|e| format!("{e:#}"))?;
        let a = broadside_env::game::Action::try_from(action)
            .ok()
            .filter(|&a| g.current_player().is_some() && g.legal_actions().contains(a))
            .ok_or_else(|| format!("action {action} is not a legal order in this position"))?;
        g.apply(a).map_err(|e| e.to_string())?;
        self.viewer.board(&g).map_err(|e| format!("{e:#}"))
    }

    /// The fields of fire of ship `ship` after `step` actions.
    pub fn fields(&self, step: usize, ship: usize) -> Result<Vec<crate::board::Area>> {
        self.viewer.fields(&self.state(step)?, ship)
    }

    /// The page's view of the position after `step` actions.
    pub fn view(&self, step: usize) -> Result<ReplayView> {
        let step = step.min(self.steps());
        let g = self.state(step)?;
        let info = self.saved.scenario.info();
        let mut log: Vec<LogLine> = Vec::new();
        // Newest first, then turned round: only the tail is gathered.
        'outer: for k in (0..step).rev() {
            for text in self.events[k].iter().rev() {
                if log.len() == LOG_TAIL {
                    break 'outer;
                }
                log.push(LogLine {
                    at: k + 1,
                    text: text.clone(),
                    engine: false,
                });
            }
        }
        log.reverse();
        let to_move = match g.turn() {
            Turn::Player(p) => format!("player {p}"),
            Turn::Chance => "chance".into(),
            Turn::Terminal => "over".into(),
        };
        Ok(ReplayView {
            id: self.id,
            ruleset: self.saved.scenario.ruleset(),
            scenario: info.id,
            title: info.title,
            sides: self.viewer.sides(),
            players: self.saved.players.clone(),
            step,
            steps: self.steps(),
            action: step
                .checked_sub(1)
                .map(|k| self.saved.actions[k].name.clone()),
            to_move,
            board: self.viewer.board(&g)?,
            log,
            turns: self.turns.clone(),
            result: g
                .is_terminal()
                .then(|| self.viewer.result_text(&g))
                .transpose()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::ruleset::{scenario, GameOptions};
    use rand::{Rng, SeedableRng};

    /// A random game of `ruleset`'s default scenario, up to `n` actions.
    fn random_game(ruleset: &str, n: usize) -> SavedGame {
        let sc = scenario(
            ruleset,
            broadside_env::ruleset::rulesets()
                .iter()
                .find(|r| r.name == ruleset)
                .expect("a ruleset")
                .default_scenario,
        )
        .expect("the default scenario");
        let mut g = sc.new_game(&GameOptions::default());
        let resign = g.spec().resign_action();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut actions = Vec::new();
        while actions.len() < n && !g.is_terminal() {
            let legal: Vec<_> = g
                .legal_actions()
                .iter()
                .filter(|&a| Some(a) != resign)
                .collect();
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(a).expect("a legal action");
            actions.push(a);
        }
        SavedGame::new(
            sc,
            GameOptions::default(),
            vec!["a".into(), "b".into()],
            &actions,
        )
    }

    #[test]
    fn every_position_of_a_replay_is_the_saved_games_own() {
        // Every registered ruleset, so one added later is covered without a line here.
        for ruleset in broadside_env::ruleset::rulesets().iter().map(|r| r.name) {
            let saved = random_game(ruleset, 300);
            let states = saved.replay("test").expect("a valid game");
            let r = Replay::new(1, saved).expect("opens");
            assert_eq!(r.steps() + 1, states.len());
            for (k, s) in states.iter().enumerate() {
                assert_eq!(&r.state(k).expect("a position"), s, "{ruleset} step {k}");
            }
            assert!(r
                .turns
                .windows(2)
                .all(|w| w[0].step < w[1].step && w[0].turn < w[1].turn));
            let last = r.view(r.steps()).expect("a view");
            assert_eq!(last.step, r.steps());
            assert!(!last.log.is_empty() && last.log.len() <= LOG_TAIL);
        }
    }

    #[test]
    fn an_action_whose_name_does_not_match_is_refused_with_its_place() {
        let mut saved = random_game("fsail", 40);
        saved.actions[7].name = "fire:everything".into();
        let e = Replay::new(1, saved).expect_err("refused").to_string();
        assert!(
            e.contains("actions[7]") && e.contains("fire:everything"),
            "{e}"
        );
    }
}
