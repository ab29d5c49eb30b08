//! Tiny games with known answers for the search tests (OpenSpiel's `mcts_test` spirit).
//!
//! - [`Nim`]: take 1, 2 or 3 stones; whoever takes the last stone wins. Perfect information,
//!   no chance: from a heap that is not a multiple of four the mover wins by leaving one.
//! - [`Matrix`]: a one-shot two-player zero-sum matrix game played as "player 0 commits in
//!   secret, then player 1 answers without seeing it" (rock-paper-scissors, matching
//!   pennies, a tiny Colonel Blotto). Its equilibrium is known, so a search's
//!   exploitability can be measured.
//! - [`DiceBet`]: one decision between passing (0) and bets settled by two dice (two chance
//!   nodes in a row), each with an exact expectation.

#![allow(dead_code)]

use broadside_env::{
    Action, ActionSet, ChanceOutcomes, Game, GameSpec, ObsSpec, Observation, Player, Turn,
    NUM_PLAYERS,
};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

// ----------------------------------------------------------------------------------------

static NIM_SPEC: GameSpec = GameSpec {
    name: "nim",
    title: "Nim (toy)",
    version: 1,
    num_player_actions: 3,
    num_actions: 3,
    action_names: &["take1", "take2", "take3"],
    obs: ObsSpec {
        max_entities: 1,
        entity_features: &["heap"],
        global_features: &["to_move"],
        plane_channels: &[],
        plane_rows: 1,
        plane_cols: 1,
    },
};

/// Nim with one heap; action `k` takes `k + 1` stones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nim {
    pub heap: u8,
    pub to_move: Player,
    pub winner: Option<Player>,
}

impl Nim {
    pub fn new(heap: u8) -> Self {
        Self {
            heap,
            to_move: 0,
            winner: None,
        }
    }
}

impl Game for Nim {
    fn spec(&self) -> &'static GameSpec {
        &NIM_SPEC
    }
    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn legal_actions(&self) -> ActionSet {
        if self.winner.is_some() {
            return ActionSet::new();
        }
        (0..3u16).filter(|&k| k < self.heap as u16).collect()
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        ChanceOutcomes::new()
    }
    fn apply_unchecked(&mut self, action: Action) {
        self.heap = self.heap.saturating_sub(action as u8 + 1);
        if self.heap == 0 {
            self.winner = Some(self.to_move);
        }
        self.to_move = 1 - self.to_move;
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        match self.winner {
            Some(0) => [1.0, -1.0],
            Some(_) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
    fn observe(&self, player: Player, out: &mut Observation) {
        out.clear();
        out.entities[[0, 0]] = self.heap as f32;
        out.global[0] = (self.to_move == player) as u8 as f32;
    }
    fn resample_hidden(&self, _: Player, _: &mut dyn RngCore) -> Self {
        self.clone()
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

// ----------------------------------------------------------------------------------------

static MATRIX_SPEC: GameSpec = GameSpec {
    name: "matrix",
    title: "Simultaneous matrix game (toy)",
    version: 1,
    num_player_actions: 4,
    num_actions: 4,
    action_names: &["a0", "a1", "a2", "a3"],
    obs: ObsSpec {
        max_entities: 1,
        entity_features: &["unused"],
        global_features: &["to_move", "own_0", "own_1", "own_2", "own_3", "over"],
        plane_channels: &[],
        plane_rows: 1,
        plane_cols: 1,
    },
};

/// A zero-sum matrix game: `payoff[a0][a1]` is player 0's return (in `[-1, 1]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Matrix {
    pub payoff: Vec<Vec<f64>>,
    pub first: Option<u8>,
    pub second: Option<u8>,
}

impl Matrix {
    pub fn rock_paper_scissors() -> Self {
        Self::new(vec![
            vec![0.0, -1.0, 1.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ])
    }
    pub fn matching_pennies() -> Self {
        Self::new(vec![vec![1.0, -1.0], vec![-1.0, 1.0]])
    }
    /// A biased game whose equilibrium is not uniform: both players play (1/3, 2/3).
    pub fn biased_pennies() -> Self {
        Self::new(vec![vec![1.0, -0.5], vec![-0.5, 0.25]])
    }
    /// A tiny Colonel Blotto: player 0 splits `soldiers[0]` soldiers over `fields`
    /// battlefields, player 1 splits `soldiers[1]`, both at once; player 0's return is the
    /// battlefields it wins minus those it loses (more soldiers wins, ties are nobody's),
    /// over `fields` so it lies in `[-1, 1]`. Actions index the splits in
    /// [`blotto_splits`] order.
    pub fn blotto(soldiers: [u8; 2], fields: usize) -> Self {
        let (a, b) = (
            blotto_splits(soldiers[0], fields),
            blotto_splits(soldiers[1], fields),
        );
        Self::new(
            a.iter()
                .map(|x| {
                    b.iter()
                        .map(|y| {
                            let net: i32 = x.iter().zip(y).map(|(p, q)| p.cmp(q) as i32).sum();
                            net as f64 / fields as f64
                        })
                        .collect()
                })
                .collect(),
        )
    }
    pub fn new(payoff: Vec<Vec<f64>>) -> Self {
        assert!(payoff.len() <= 4 && payoff.iter().all(|r| r.len() <= 4));
        Self {
            payoff,
            first: None,
            second: None,
        }
    }
    pub fn rows(&self) -> usize {
        self.payoff.len()
    }
    pub fn cols(&self) -> usize {
        self.payoff[0].len()
    }
    /// Exploitability of the profile `(x, y)` (mixed strategies of player 0 and 1): the mean
    /// of what each player would gain by deviating to a best response.
    pub fn exploitability(&self, x: &[f64], y: &[f64]) -> f64 {
        let value: f64 = (0..self.rows())
            .flat_map(|i| (0..self.cols()).map(move |j| (i, j)))
            .map(|(i, j)| x[i] * y[j] * self.payoff[i][j])
            .sum();
        let br0 = (0..self.rows())
            .map(|i| {
                (0..self.cols())
                    .map(|j| y[j] * self.payoff[i][j])
                    .sum::<f64>()
            })
            .fold(f64::MIN, f64::max);
        let br1 = (0..self.cols())
            .map(|j| {
                (0..self.rows())
                    .map(|i| -x[i] * self.payoff[i][j])
                    .sum::<f64>()
            })
            .fold(f64::MIN, f64::max);
        ((br0 - value) + (br1 + value)) / 2.0
    }
}

/// Every way to split `soldiers` over `fields` battlefields, the first field's count
/// descending: for 3 over 2, `[3, 0], [2, 1], [1, 2], [0, 3]`.
pub fn blotto_splits(soldiers: u8, fields: usize) -> Vec<Vec<u8>> {
    if fields <= 1 {
        return vec![vec![soldiers; fields]];
    }
    (0..=soldiers)
        .rev()
        .flat_map(|first| {
            blotto_splits(soldiers - first, fields - 1)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

impl Game for Matrix {
    fn spec(&self) -> &'static GameSpec {
        &MATRIX_SPEC
    }
    fn turn(&self) -> Turn {
        match (self.first, self.second) {
            (None, _) => Turn::Player(0),
            (Some(_), None) => Turn::Player(1),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self) -> ActionSet {
        match self.turn() {
            Turn::Player(0) => (0..self.rows() as u16).collect(),
            Turn::Player(_) => (0..self.cols() as u16).collect(),
            _ => ActionSet::new(),
        }
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        ChanceOutcomes::new()
    }
    fn apply_unchecked(&mut self, action: Action) {
        if self.first.is_none() {
            self.first = Some(action as u8);
        } else {
            self.second = Some(action as u8);
        }
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        match (self.first, self.second) {
            (Some(i), Some(j)) => {
                let v = self.payoff[i as usize][j as usize];
                [v, -v]
            }
            _ => [0.0, 0.0],
        }
    }
    fn observe(&self, player: Player, out: &mut Observation) {
        out.clear();
        out.global[0] = (self.turn() == Turn::Player(player)) as u8 as f32;
        // Player 0 sees its own commitment; player 1 never sees it before the end.
        if player == 0 {
            if let Some(i) = self.first {
                out.global[1 + i as usize] = 1.0;
            }
        }
        out.global[5] = self.second.is_some() as u8 as f32;
    }
    fn resample_hidden(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut s = self.clone();
        if player == 1 && s.first.is_some() && s.second.is_none() {
            s.first = Some(rng.random_range(0..self.rows() as u8));
        }
        s
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

// ----------------------------------------------------------------------------------------

/// Pass.
pub const BET_PASS: Action = 0;
/// Bet that two dice sum to at least 7: wins with probability 21/36.
pub const BET_SEVEN: Action = 1;
/// Bet that two dice sum to at least 8: wins with probability 15/36.
pub const BET_EIGHT: Action = 2;
/// Chance: a die shows `face + 1` (`DIE_FACE + face`).
pub const DIE_FACE: Action = 3;

static DICE_BET_SPEC: GameSpec = GameSpec {
    name: "dice_bet",
    title: "Dice bet (toy)",
    version: 1,
    num_player_actions: 3,
    num_actions: 9,
    action_names: &[
        "pass", "bet7", "bet8", "die1", "die2", "die3", "die4", "die5", "die6",
    ],
    obs: ObsSpec {
        max_entities: 1,
        entity_features: &["unused"],
        global_features: &["bet", "dice", "sum"],
        plane_channels: &[],
        plane_rows: 1,
        plane_cols: 1,
    },
};

/// Player 0 passes (return 0) or bets (+1 if the sum of two dice reaches the line, else -1).
/// Player 1 never decides. Exact values with fair dice: pass 0, bet7 +1/6, bet8 -1/6;
/// [`DiceBet::exact_value`] gives them for any dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceBet {
    pub bet: Option<Action>,
    pub dice: Vec<u8>,
    /// The sum `BET_EIGHT` needs: 8, or 7 in [`DiceBet::twins`].
    pub eight_line: u8,
    /// Each face's weight (faces 1 to 6): all 1 for fair dice.
    pub face_weights: [u32; 6],
}

impl DiceBet {
    pub fn new() -> Self {
        Self {
            bet: None,
            dice: Vec::new(),
            eight_line: 8,
            face_weights: [1; 6],
        }
    }

    /// Loaded dice: face `f` comes up in proportion to `face_weights[f - 1]`.
    pub fn loaded(face_weights: [u32; 6]) -> Self {
        Self {
            face_weights,
            ..Self::new()
        }
    }

    /// The exact expected return to player 0 of `bet`, by enumerating both dice.
    pub fn exact_value(&self, bet: Action) -> f64 {
        let mut game = self.clone();
        game.apply_unchecked(bet);
        expectation(&game)
    }

    /// The bets `BET_SEVEN` and `BET_EIGHT` both on a sum of 7 or more: two root actions
    /// with the same consequences, luck for luck.
    pub fn twins() -> Self {
        Self {
            eight_line: 7,
            ..Self::new()
        }
    }
}

impl Game for DiceBet {
    fn spec(&self) -> &'static GameSpec {
        &DICE_BET_SPEC
    }
    fn turn(&self) -> Turn {
        match self.bet {
            None => Turn::Player(0),
            Some(BET_PASS) => Turn::Terminal,
            Some(_) if self.dice.len() < 2 => Turn::Chance,
            Some(_) => Turn::Terminal,
        }
    }
    fn legal_actions(&self) -> ActionSet {
        match self.turn() {
            Turn::Player(_) => [BET_PASS, BET_SEVEN, BET_EIGHT].into_iter().collect(),
            Turn::Chance => self.chance_outcomes().iter().map(|(a, _)| a).collect(),
            Turn::Terminal => ActionSet::new(),
        }
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        if self.turn() == Turn::Chance {
            let mut outcomes = ChanceOutcomes::new();
            for (face, &w) in self.face_weights.iter().enumerate() {
                if w > 0 {
                    outcomes.push(DIE_FACE + face as Action, w);
                }
            }
            outcomes
        } else {
            ChanceOutcomes::new()
        }
    }
    fn apply_unchecked(&mut self, action: Action) {
        if self.bet.is_none() {
            self.bet = Some(action);
        } else {
            self.dice.push((action - DIE_FACE) as u8 + 1);
        }
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        if self.turn() != Turn::Terminal || self.bet == Some(BET_PASS) {
            return [0.0, 0.0];
        }
        let sum: u8 = self.dice.iter().sum();
        let line = if self.bet == Some(BET_SEVEN) {
            7
        } else {
            self.eight_line
        };
        if sum >= line {
            [1.0, -1.0]
        } else {
            [-1.0, 1.0]
        }
    }
    fn observe(&self, _: Player, out: &mut Observation) {
        out.clear();
        out.global[0] = self.bet.map_or(-1.0, |b| b as f32);
        out.global[1] = self.dice.len() as f32;
        out.global[2] = self.dice.iter().sum::<u8>() as f32;
    }
    fn resample_hidden(&self, _: Player, _: &mut dyn RngCore) -> Self {
        self.clone()
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

// ----------------------------------------------------------------------------------------

static TWO_TURNS_SPEC: GameSpec = GameSpec {
    name: "two_turns",
    title: "Two turns (toy)",
    version: 1,
    num_player_actions: 2,
    num_actions: 4,
    action_names: &["steady", "switch", "heads", "tails"],
    obs: ObsSpec {
        max_entities: 1,
        entity_features: &["unused"],
        global_features: &["picks", "coins"],
        plane_channels: &[],
        plane_rows: 1,
        plane_cols: 1,
    },
};

/// Heads (chance, after each pick of [`TwoTurns`]).
pub const HEADS: Action = 2;

/// Two game turns; in each player 0 picks 0 or 1, then a coin is tossed. Player 1 never
/// decides. The plan "0 then 1" is worth 0.9 (every other plan less: "1 then 1" 0.4,
/// "0 then 0" 0, "1 then 0" -0.9), and each head adds 0.05: a plan that keeps one choice for
/// both turns finds "1 then 1" at best, a plan that may change its mind "0 then 1".
/// [`TwoTurns::one_turn`]: both picks are sub-decisions of one turn's orders, and a single
/// coin is tossed after them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoTurns {
    pub picks: Vec<Action>,
    pub heads: u8,
    pub coins: u8,
    pub one_turn: bool,
}

impl TwoTurns {
    pub fn new() -> Self {
        Self {
            picks: Vec::new(),
            heads: 0,
            coins: 0,
            one_turn: false,
        }
    }

    pub fn one_turn() -> Self {
        Self {
            one_turn: true,
            ..Self::new()
        }
    }

    /// The game turn: how many picks were made.
    pub fn round(&self) -> u32 {
        self.picks.len() as u32
    }
}

impl Game for TwoTurns {
    fn spec(&self) -> &'static GameSpec {
        &TWO_TURNS_SPEC
    }
    fn turn(&self) -> Turn {
        if self.one_turn {
            return match (self.picks.len(), self.coins) {
                (p, _) if p < 2 => Turn::Player(0),
                (_, 0) => Turn::Chance,
                _ => Turn::Terminal,
            };
        }
        match (self.picks.len(), self.coins as usize) {
            (p, c) if c < p => Turn::Chance,
            (2, _) => Turn::Terminal,
            _ => Turn::Player(0),
        }
    }
    fn legal_actions(&self) -> ActionSet {
        match self.turn() {
            Turn::Player(_) => [0, 1].into_iter().collect(),
            Turn::Chance => [HEADS, HEADS + 1].into_iter().collect(),
            Turn::Terminal => ActionSet::new(),
        }
    }
    fn chance_outcomes(&self) -> ChanceOutcomes {
        if self.turn() == Turn::Chance {
            ChanceOutcomes::uniform(HEADS, 2)
        } else {
            ChanceOutcomes::new()
        }
    }
    fn apply_unchecked(&mut self, action: Action) {
        if self.turn() == Turn::Chance {
            self.coins += 1;
            self.heads += u8::from(action == HEADS);
        } else {
            self.picks.push(action);
        }
    }
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        if self.turn() != Turn::Terminal {
            return [0.0, 0.0];
        }
        let plan = match (self.picks[0], self.picks[1]) {
            (0, 1) => 0.85,
            (1, 1) => 0.35,
            (0, _) => -0.05,
            _ => -0.95,
        };
        let v = plan + 0.05 * f64::from(self.heads);
        [v, -v]
    }
    fn observe(&self, _: Player, out: &mut Observation) {
        out.clear();
        out.global[0] = self.picks.len() as f32;
        out.global[1] = self.coins as f32;
    }
    fn resample_hidden(&self, _: Player, _: &mut dyn RngCore) -> Self {
        self.clone()
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The exact expected return to player 0 of a game whose remaining turns are all chance.
fn expectation<G: Game>(game: &G) -> f64 {
    match game.turn() {
        Turn::Terminal => game.returns()[0],
        Turn::Chance => game
            .chance_outcomes()
            .iter()
            .map(|(a, p)| {
                let mut next = game.clone();
                next.apply_unchecked(a);
                p * expectation(&next)
            })
            .sum(),
        Turn::Player(_) => panic!("expectation: a decision among chance nodes"),
    }
}
