//! Two tiny games that implement the full [`Game`] contract.
//!
//! They exist to test the machinery around games (the [`crate::harness`], the
//! [`crate::wrapper`] environments, agents and search) on something small enough to reason
//! about by hand:
//!
//! - [`DiceRace`]: a two-player "Pig" race with explicit d6 chance nodes and no hidden
//!   information.
//! - [`HiddenPennies`]: repeated matching pennies with no chance but hidden information:
//!   player 0 commits a coin face that player 1 cannot see until it has answered.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use crate::observation::{ObsSpec, Observation};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// DiceRace
// ---------------------------------------------------------------------------------------

/// Highest target score a [`DiceRace`] may have (it fixes the width of the score planes).
pub const DICE_MAX_TARGET: u8 = 30;
/// Default target score of [`DiceRace::from_seed`].
pub const DICE_DEFAULT_TARGET: u8 = 20;
/// Default turn limit of [`DiceRace::from_seed`].
pub const DICE_DEFAULT_MAX_TURNS: u16 = 30;

/// Player action: roll the die.
pub const DICE_ROLL: Action = 0;
/// Player action: bank the points of this turn and pass the die.
pub const DICE_HOLD: Action = 1;
/// Chance outcome of a die showing `1`; faces `1..=6` are `DICE_FACE_1 + face - 1`.
pub const DICE_FACE_1: Action = 2;

static DICE_ACTION_NAMES: [&str; 8] = [
    "roll", "hold", "die_1", "die_2", "die_3", "die_4", "die_5", "die_6",
];

static DICE_SPEC: GameSpec = GameSpec {
    name: "dice_race",
    title: "Dice Race (toy)",
    version: 1,
    num_player_actions: 2,
    num_actions: 8,
    action_names: &DICE_ACTION_NAMES,
    obs: ObsSpec {
        max_entities: 2,
        entity_features: &["score", "to_move", "won"],
        global_features: &["turn_total", "turns_played", "rolling", "target"],
        plane_channels: &["own_score", "opp_score"],
        plane_rows: 1,
        plane_cols: DICE_MAX_TARGET as usize + 1,
    },
};

/// A two-player dice race ("Pig").
///
/// On its turn a player chooses to roll (a chance node: d6) or to hold (bank the turn's
/// points and pass; only allowed once something was rolled this turn). A rolled 1 loses the
/// turn's points and passes the die; any other face adds to the turn's points. A player who
/// reaches the target (banked plus turn points) wins at once. After `max_turns` turns the
/// higher banked score wins, equal scores draw.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiceRace {
    target: u8,
    max_turns: u16,
    scores: [u8; 2],
    turn_total: u8,
    turns: u16,
    to_move: Player,
    rolling: bool,
    over: bool,
    winner: Option<Player>,
}

impl DiceRace {
    /// A new race. `target` is clamped to `1..=DICE_MAX_TARGET`, `max_turns` to at least 1.
    pub fn new(first: Player, target: u8, max_turns: u16) -> Self {
        Self {
            target: target.clamp(1, DICE_MAX_TARGET),
            max_turns: max_turns.max(1),
            scores: [0, 0],
            turn_total: 0,
            turns: 0,
            to_move: first % 2,
            rolling: false,
            over: false,
            winner: None,
        }
    }

    /// The default race; the seed's lowest bit picks who starts (a factory for the harness).
    pub fn from_seed(seed: u64) -> Self {
        Self::new(
            (seed & 1) as Player,
            DICE_DEFAULT_TARGET,
            DICE_DEFAULT_MAX_TURNS,
        )
    }

    /// The ruleset's static description.
    pub fn game_spec() -> &'static GameSpec {
        &DICE_SPEC
    }

    /// Banked scores of both players.
    pub fn scores(&self) -> [u8; 2] {
        self.scores
    }

    /// Points rolled so far in the current turn (lost on a 1).
    pub fn turn_total(&self) -> u8 {
        self.turn_total
    }

    /// Turns completed.
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// The winner, once the game is over and not drawn.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    fn end_turn(&mut self) {
        self.turn_total = 0;
        self.turns += 1;
        self.to_move = 1 - self.to_move;
        if self.turns >= self.max_turns {
            self.over = true;
            self.winner = match self.scores[0].cmp(&self.scores[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
        }
    }
}

impl Game for DiceRace {
    fn spec(&self) -> &'static GameSpec {
        &DICE_SPEC
    }

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.rolling {
            Turn::Chance
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self) -> ActionSet {
        let mut s = ActionSet::new();
        match self.turn() {
            Turn::Terminal => {}
            Turn::Chance => {
                for f in 0..6 {
                    s.insert(DICE_FACE_1 + f);
                }
            }
            Turn::Player(_) => {
                s.insert(DICE_ROLL);
                if self.turn_total > 0 {
                    s.insert(DICE_HOLD);
                }
            }
        }
        s
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        if self.turn() == Turn::Chance {
            ChanceOutcomes::uniform(DICE_FACE_1, 6)
        } else {
            ChanceOutcomes::new()
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        // Illegal actions may leave nonsense but must not panic: every arm is total.
        match action {
            DICE_ROLL => self.rolling = true,
            DICE_HOLD => {
                let p = self.to_move as usize % 2;
                self.scores[p] = self.scores[p].saturating_add(self.turn_total);
                self.end_turn();
            }
            a => {
                self.rolling = false;
                let face = a.saturating_sub(DICE_FACE_1).min(5) as u8 + 1;
                if face == 1 {
                    self.end_turn();
                } else {
                    self.turn_total = self.turn_total.saturating_add(face);
                    let p = self.to_move as usize % 2;
                    if self.scores[p].saturating_add(self.turn_total) >= self.target {
                        self.scores[p] = self.scores[p].saturating_add(self.turn_total);
                        self.turn_total = 0;
                        self.over = true;
                        self.winner = Some(p as Player);
                    }
                }
            }
        }
    }

    fn returns(&self) -> [f64; NUM_PLAYERS] {
        match (self.over, self.winner) {
            (true, Some(0)) => [1.0, -1.0],
            (true, Some(_)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        out.clear();
        let target = self.target as f32;
        let me = player as usize % 2;
        for (row, p) in [me, 1 - me].into_iter().enumerate() {
            out.entities[[row, 0]] = self.scores[p] as f32 / target;
            out.entities[[row, 1]] = (!self.over && self.to_move as usize == p) as u8 as f32;
            out.entities[[row, 2]] = (self.winner == Some(p as Player)) as u8 as f32;
            let col = (self.scores[p] as usize).min(DICE_MAX_TARGET as usize);
            out.planes[[row, 0, col]] = 1.0;
        }
        out.global[0] = self.turn_total as f32 / target;
        out.global[1] = self.turns as f32 / self.max_turns as f32;
        out.global[2] = self.rolling as u8 as f32;
        out.global[3] = target / DICE_MAX_TARGET as f32;
    }

    fn resample_hidden(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        // Nothing is hidden in a dice race.
        self.clone()
    }

    fn describe_action(&self, action: Action) -> String {
        match action {
            DICE_ROLL => format!("player {} rolls", self.to_move),
            DICE_HOLD => format!("player {} holds {}", self.to_move, self.turn_total),
            a => format!("the die shows {}", a.saturating_sub(DICE_FACE_1) + 1),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !(1..=DICE_MAX_TARGET).contains(&self.target) {
            return Err(format!(
                "target {} outside 1..={DICE_MAX_TARGET}",
                self.target
            ));
        }
        if self.to_move > 1 {
            return Err(format!("to_move {} is not a player", self.to_move));
        }
        if self.turns > self.max_turns {
            return Err(format!("{} turns played of {}", self.turns, self.max_turns));
        }
        if self.over {
            if self.rolling {
                return Err("a die is rolling after the game ended".into());
            }
            let reached = self.scores.iter().any(|&s| s >= self.target);
            if !reached && self.turns < self.max_turns {
                return Err("game over with no target reached and turns left".into());
            }
            if let Some(w) = self.winner {
                let w = w as usize;
                if w > 1 || (self.scores[w] < self.target && self.scores[w] <= self.scores[1 - w]) {
                    return Err(format!("winner {w} with scores {:?}", self.scores));
                }
            }
        } else {
            if self.winner.is_some() {
                return Err("a winner before the game ended".into());
            }
            let p = self.to_move as usize;
            if self.scores.iter().any(|&s| s >= self.target)
                || self.scores[p] as u16 + self.turn_total as u16 >= self.target as u16
            {
                return Err(format!(
                    "target {} reached in a running game: scores {:?}, turn {}",
                    self.target, self.scores, self.turn_total
                ));
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// HiddenPennies
// ---------------------------------------------------------------------------------------

/// Most rounds a [`HiddenPennies`] game may have (it fixes the entity rows).
pub const PENNIES_MAX_ROUNDS: u8 = 9;

/// Player action: show heads.
pub const PENNIES_HEADS: Action = 0;
/// Player action: show tails.
pub const PENNIES_TAILS: Action = 1;

static PENNIES_SPEC: GameSpec = GameSpec {
    name: "hidden_pennies",
    title: "Hidden Pennies (toy)",
    version: 1,
    num_player_actions: 2,
    num_actions: 2,
    action_names: &["heads", "tails"],
    obs: ObsSpec {
        max_entities: PENNIES_MAX_ROUNDS as usize,
        entity_features: &["played", "own_heads", "opp_heads", "own_won"],
        global_features: &[
            "round",
            "own_score",
            "opp_score",
            "to_move",
            "is_matcher",
            "own_pending_heads",
            "own_pending_tails",
        ],
        // No spatial part: exercises zero-channel planes.
        plane_channels: &[],
        plane_rows: 1,
        plane_cols: 1,
    },
};

/// Repeated matching pennies with a hidden commitment.
///
/// Each round player 0 (the matcher) chooses heads or tails in secret; then player 1
/// chooses without seeing it; then both are revealed. Player 0 scores when the faces match,
/// player 1 when they differ. After the last round the higher score wins (even round counts
/// can draw).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HiddenPennies {
    rounds: u8,
    pending: Option<u8>,
    revealed: Vec<[u8; 2]>,
    scores: [u8; 2],
}

impl HiddenPennies {
    /// A game of `rounds` rounds, clamped to `1..=PENNIES_MAX_ROUNDS`.
    pub fn new(rounds: u8) -> Self {
        Self {
            rounds: rounds.clamp(1, PENNIES_MAX_ROUNDS),
            pending: None,
            revealed: Vec::new(),
            scores: [0, 0],
        }
    }

    /// A game of `1 + seed % PENNIES_MAX_ROUNDS` rounds (a factory for the harness).
    pub fn from_seed(seed: u64) -> Self {
        Self::new(1 + (seed % PENNIES_MAX_ROUNDS as u64) as u8)
    }

    /// The ruleset's static description.
    pub fn game_spec() -> &'static GameSpec {
        &PENNIES_SPEC
    }

    /// Player 0's committed but unrevealed face this round (hidden from player 1).
    pub fn pending(&self) -> Option<u8> {
        self.pending
    }

    /// The revealed rounds, `[player 0's face, player 1's face]` each (0 heads, 1 tails).
    pub fn revealed(&self) -> &[[u8; 2]] {
        &self.revealed
    }

    /// Scores of both players.
    pub fn scores(&self) -> [u8; 2] {
        self.scores
    }

    /// Number of rounds of the game.
    pub fn rounds(&self) -> u8 {
        self.rounds
    }
}

impl Game for HiddenPennies {
    fn spec(&self) -> &'static GameSpec {
        &PENNIES_SPEC
    }

    fn turn(&self) -> Turn {
        if self.revealed.len() >= self.rounds as usize {
            Turn::Terminal
        } else if self.pending.is_none() {
            Turn::Player(0)
        } else {
            Turn::Player(1)
        }
    }

    fn legal_actions(&self) -> ActionSet {
        if self.turn() == Turn::Terminal {
            ActionSet::new()
        } else {
            [PENNIES_HEADS, PENNIES_TAILS].into_iter().collect()
        }
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        ChanceOutcomes::new()
    }

    fn apply_unchecked(&mut self, action: Action) {
        let face = (action & 1) as u8;
        match self.pending {
            None => self.pending = Some(face),
            Some(p0) => {
                self.pending = None;
                self.revealed.push([p0, face]);
                self.scores[(p0 != face) as usize] += 1;
            }
        }
    }

    fn returns(&self) -> [f64; NUM_PLAYERS] {
        if self.turn() != Turn::Terminal {
            return [0.0, 0.0];
        }
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => [1.0, -1.0],
            std::cmp::Ordering::Less => [-1.0, 1.0],
            std::cmp::Ordering::Equal => [0.0, 0.0],
        }
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        out.clear();
        let me = player as usize % 2;
        let rounds = self.rounds as f32;
        for (i, r) in self.revealed.iter().enumerate() {
            out.entities[[i, 0]] = 1.0;
            out.entities[[i, 1]] = (r[me] == 0) as u8 as f32;
            out.entities[[i, 2]] = (r[1 - me] == 0) as u8 as f32;
            let matched = r[0] == r[1];
            out.entities[[i, 3]] = (matched == (me == 0)) as u8 as f32;
        }
        out.global[0] = self.revealed.len() as f32 / rounds;
        out.global[1] = self.scores[me] as f32 / rounds;
        out.global[2] = self.scores[1 - me] as f32 / rounds;
        out.global[3] = (self.turn() == Turn::Player(me as Player)) as u8 as f32;
        out.global[4] = (me == 0) as u8 as f32;
        // Only the matcher may see its own pending face; player 1 sees nothing of it
        // beyond the fact that it is now its turn.
        if me == 0 {
            if let Some(f) = self.pending {
                out.global[5 + f as usize] = 1.0;
            }
        }
    }

    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut s = self.clone();
        if player == 1 && s.pending.is_some() {
            s.pending = Some(rng.random_range(0..2u8));
        }
        s
    }

    fn describe_action(&self, action: Action) -> String {
        let who = self.current_player().unwrap_or(0);
        format!("player {who} shows {}", self.spec().action_name(action))
    }

    fn check_invariants(&self) -> Result<(), String> {
        if !(1..=PENNIES_MAX_ROUNDS).contains(&self.rounds) {
            return Err(format!(
                "{} rounds outside 1..={PENNIES_MAX_ROUNDS}",
                self.rounds
            ));
        }
        if self.revealed.len() > self.rounds as usize {
            return Err(format!(
                "{} rounds revealed of {}",
                self.revealed.len(),
                self.rounds
            ));
        }
        if self.revealed.len() == self.rounds as usize && self.pending.is_some() {
            return Err("a pending face after the last round".into());
        }
        if self.pending.is_some_and(|f| f > 1) || self.revealed.iter().flatten().any(|&f| f > 1) {
            return Err("a face that is neither heads nor tails".into());
        }
        let matches = self.revealed.iter().filter(|r| r[0] == r[1]).count();
        if self.scores != [matches as u8, (self.revealed.len() - matches) as u8] {
            return Err(format!(
                "scores {:?} disagree with the revealed rounds {:?}",
                self.scores, self.revealed
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_race_rolls_and_banks() {
        let mut g = DiceRace::new(0, 10, 10);
        assert_eq!(g.turn(), Turn::Player(0));
        assert!(
            !g.legal_actions().contains(DICE_HOLD),
            "cannot hold before rolling"
        );
        g.apply(DICE_ROLL).unwrap();
        assert_eq!(g.turn(), Turn::Chance);
        assert_eq!(g.chance_outcomes().len(), 6);
        g.apply(DICE_FACE_1 + 4).unwrap(); // a five
        assert_eq!(g.turn_total(), 5);
        g.apply(DICE_HOLD).unwrap();
        assert_eq!(g.scores(), [5, 0]);
        assert_eq!(g.turn(), Turn::Player(1));
        g.apply(DICE_ROLL).unwrap();
        g.apply(DICE_FACE_1).unwrap(); // a one: turn lost
        assert_eq!(g.turn(), Turn::Player(0));
        g.apply(DICE_ROLL).unwrap();
        g.apply(DICE_FACE_1 + 5).unwrap(); // a six reaches 11 >= 10
        assert_eq!(g.turn(), Turn::Terminal);
        assert_eq!(g.returns(), [1.0, -1.0]);
        assert!(g.check_invariants().is_ok());
    }

    #[test]
    fn dice_race_turn_limit_can_draw() {
        let mut g = DiceRace::new(0, 20, 2);
        for _ in 0..2 {
            g.apply(DICE_ROLL).unwrap();
            g.apply(DICE_FACE_1).unwrap();
        }
        assert_eq!(g.turn(), Turn::Terminal);
        assert_eq!(g.returns(), [0.0, 0.0]);
        assert_eq!(g.winner(), None);
    }

    #[test]
    fn pennies_hide_the_commitment_from_player_one() {
        let mut a = HiddenPennies::new(3);
        a.apply(PENNIES_HEADS).unwrap();
        let mut b = HiddenPennies::new(3);
        b.apply(PENNIES_TAILS).unwrap();
        let mut oa = Observation::new(&PENNIES_SPEC.obs);
        let mut ob = Observation::new(&PENNIES_SPEC.obs);
        a.observe(1, &mut oa);
        b.observe(1, &mut ob);
        assert_eq!(oa, ob);
        a.observe(0, &mut oa);
        b.observe(0, &mut ob);
        assert_ne!(oa, ob, "the matcher sees its own commitment");
        a.apply(PENNIES_HEADS).unwrap();
        assert_eq!(a.scores(), [1, 0]);
        b.apply(PENNIES_HEADS).unwrap();
        assert_eq!(b.scores(), [0, 1]);
    }
}
