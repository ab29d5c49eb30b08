//! Connect Four with exactly the rules of OpenSpiel's `connect_four`: the calibration game
//! for comparing search speed with OpenSpiel's `MCTSBot`.
//!
//! Six rows by seven columns. Player 0 (OpenSpiel's `x`) moves first; the players alternate
//! dropping a stone into a column that is not full (action `c` = column `c`, `0..7`). Four
//! stones of one player in a row, column or diagonal win at once (+1 for the winner, -1 for
//! the loser); a full board without four in a row is a draw (0 for both). There is no chance
//! and nothing is hidden.
//!
//! The board is two bitboards in the classic 7-bits-per-column layout (six cells plus an
//! always-empty sentinel bit per column, bit `7 * col + row`, row 0 at the bottom), so a
//! move is a few instructions and the win test is four shift-and-mask pairs.

use crate::action_set::ActionSet;
use crate::chance::ChanceOutcomes;
use crate::game::{Action, Game, GameSpec, Player, Turn, NUM_PLAYERS};
use crate::observation::{ObsSpec, Observation};
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// Rows of the board.
pub const C4_ROWS: usize = 6;
/// Columns of the board (and player actions).
pub const C4_COLS: usize = 7;
/// Cells of the board.
pub const C4_CELLS: usize = C4_ROWS * C4_COLS;

/// Bits per column in the bitboards: the rows plus one sentinel.
const COL_BITS: usize = C4_ROWS + 1;

/// Row `r`, column `c` of a board at bit `r * C4_COLS + c` (the planes' order), from a
/// bitboard's column-major bits: one table lookup per column.
fn row_major(board: u64) -> u64 {
    (0..C4_COLS).fold(0, |acc, col| {
        let column = (board >> (col * COL_BITS)) as usize & ((1 << C4_ROWS) - 1);
        acc | (COLUMN_TO_ROWS[column] << col)
    })
}

/// A column's six row bits spread to one bit per row of a row-major board (bit `r *
/// C4_COLS`).
const COLUMN_TO_ROWS: [u64; 1 << C4_ROWS] = {
    let mut t = [0u64; 1 << C4_ROWS];
    let mut bits = 0;
    while bits < t.len() {
        let mut r = 0;
        while r < C4_ROWS {
            if bits >> r & 1 == 1 {
                t[bits] |= 1 << (r * C4_COLS);
            }
            r += 1;
        }
        bits += 1;
    }
    t
};

/// The seven cells (0.0 or 1.0) of every row pattern.
const ROW_CELLS: [[f32; C4_COLS]; 1 << C4_COLS] = {
    let mut t = [[0.0f32; C4_COLS]; 1 << C4_COLS];
    let mut bits = 0;
    while bits < t.len() {
        let mut c = 0;
        while c < C4_COLS {
            if bits >> c & 1 == 1 {
                t[bits][c] = 1.0;
            }
            c += 1;
        }
        bits += 1;
    }
    t
};
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut m = 0u64;
    let mut c = 0;
    while c < C4_COLS {
        m |= 1 << (c * COL_BITS);
        c += 1;
    }
    m
};
/// Every playable cell (no sentinels).
const BOARD: u64 = BOTTOM * ((1 << C4_ROWS) - 1);

static C4_ACTION_NAMES: [&str; C4_COLS] = ["c0", "c1", "c2", "c3", "c4", "c5", "c6"];

static C4_SPEC: GameSpec = GameSpec {
    name: "connect_four",
    title: "Connect Four (OpenSpiel rules, calibration)",
    version: 1,
    num_player_actions: C4_COLS,
    num_actions: C4_COLS,
    action_names: &C4_ACTION_NAMES,
    obs: ObsSpec {
        max_entities: 0,
        entity_features: &[],
        global_features: &["to_move_is_first"],
        plane_channels: &["own", "opponent", "empty"],
        plane_rows: C4_ROWS,
        plane_cols: C4_COLS,
    },
};

/// A Connect Four position. See the module documentation for the rules and the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConnectFour {
    /// Stones of each player, bit `7 * col + row`.
    boards: [u64; 2],
    /// Stones in each column.
    heights: [u8; C4_COLS],
    /// Stones on the board.
    moves: u8,
    /// The player who made four in a row, if any.
    winner: Option<Player>,
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

impl ConnectFour {
    /// The empty board, player 0 to move.
    pub const fn new() -> Self {
        Self {
            boards: [0, 0],
            heights: [0; C4_COLS],
            moves: 0,
            winner: None,
        }
    }

    /// The empty board whatever the seed (a factory for the harness and environments).
    pub fn from_seed(_seed: u64) -> Self {
        Self::new()
    }

    /// The ruleset's static description.
    pub fn game_spec() -> &'static GameSpec {
        &C4_SPEC
    }

    /// The two players' bitboards (bit `7 * col + row`, row 0 at the bottom).
    #[inline]
    pub fn bitboards(&self) -> [u64; 2] {
        self.boards
    }

    /// Stones on the board.
    #[inline]
    pub fn moves(&self) -> usize {
        self.moves as usize
    }

    /// The winner, once someone has four in a row.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Who owns the cell at `row` (0 = bottom) and `col`.
    pub fn cell(&self, row: usize, col: usize) -> Option<Player> {
        if row >= C4_ROWS || col >= C4_COLS {
            return None;
        }
        let bit = 1u64 << (col * COL_BITS + row);
        (0..2u8).find(|&p| self.boards[p as usize] & bit != 0)
    }

    /// A position from a string of column digits (`"3344"`), each move checked.
    pub fn from_moves(moves: &str) -> Result<Self, crate::error::ActionError> {
        let mut s = Self::new();
        for ch in moves.chars() {
            let a = ch.to_digit(10).map_or(Action::MAX, |d| d as Action);
            s.apply(a)?;
        }
        Ok(s)
    }

    /// A 64-bit key of the position (equal positions, equal keys); it also fixes the player
    /// to move, since that follows from the stone count.
    #[inline]
    pub fn key(&self) -> u64 {
        // Each column's stones plus a marker bit above them identify the position.
        let all = self.boards[0] | self.boards[1];
        self.boards[0] | (all + BOTTOM)
    }

    #[inline]
    fn mover(&self) -> usize {
        (self.moves & 1) as usize
    }

    #[inline]
    fn over(&self) -> bool {
        self.winner.is_some() || self.moves as usize >= C4_CELLS
    }

    /// Whether `b` holds four in a row.
    #[inline]
    fn four(b: u64) -> bool {
        // Vertical (1), horizontal (7), diagonals (6 and 8); the sentinel row stops wraps.
        for s in [1, COL_BITS, COL_BITS - 1, COL_BITS + 1] {
            let m = b & (b >> s);
            if m & (m >> (2 * s)) != 0 {
                return true;
            }
        }
        false
    }

    /// The columns that are not full, as a bit mask over columns.
    #[inline]
    fn open_columns(&self) -> u32 {
        let mut m = 0u32;
        for (c, &h) in self.heights.iter().enumerate() {
            m |= u32::from((h as usize) < C4_ROWS) << c;
        }
        m
    }
}

impl Game for ConnectFour {
    fn spec(&self) -> &'static GameSpec {
        &C4_SPEC
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.over() {
            Turn::Terminal
        } else {
            Turn::Player(self.mover() as Player)
        }
    }

    #[inline]
    fn legal_actions(&self) -> ActionSet {
        let mut s = ActionSet::new();
        if !self.over() {
            let mut m = self.open_columns();
            while m != 0 {
                s.insert(m.trailing_zeros() as Action);
                m &= m - 1;
            }
        }
        s
    }

    fn chance_outcomes(&self) -> ChanceOutcomes {
        ChanceOutcomes::new()
    }

    #[inline]
    fn apply_unchecked(&mut self, action: Action) {
        // Total on illegal input: an out-of-range or full column is ignored (never a panic).
        let c = action as usize;
        if c >= C4_COLS || self.heights[c] as usize >= C4_ROWS || self.over() {
            return;
        }
        let p = self.mover();
        self.boards[p] |= 1u64 << (c * COL_BITS + self.heights[c] as usize);
        self.heights[c] += 1;
        self.moves += 1;
        if Self::four(self.boards[p]) {
            self.winner = Some(p as Player);
        }
    }

    #[inline]
    fn returns(&self) -> [f64; NUM_PLAYERS] {
        match self.winner {
            Some(0) => [1.0, -1.0],
            Some(_) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    fn observe(&self, player: Player, out: &mut Observation) {
        let me = player as usize % 2;
        let own = row_major(self.boards[me]);
        let opp = row_major(self.boards[1 - me]);
        let empty = !(own | opp) & ((1 << C4_CELLS) - 1);
        out.global[0] = f32::from(self.mover() == 0);
        // The planes as three flat `[row][col]` blocks (an owned observation is in standard
        // layout), each row copied whole from a table of the 128 rows of seven cells: this
        // runs every step of the Python loop timed against pyspiel.
        if let Some(planes) = out.planes.as_slice_mut() {
            for (plane, stones) in planes.chunks_exact_mut(C4_CELLS).zip([own, opp, empty]) {
                for (r, cells) in plane.chunks_exact_mut(C4_COLS).enumerate() {
                    let row = (stones >> (r * C4_COLS)) as usize & ((1 << C4_COLS) - 1);
                    cells.copy_from_slice(&ROW_CELLS[row]);
                }
            }
            return;
        }
        for row in 0..C4_ROWS {
            for col in 0..C4_COLS {
                let bit = 1u64 << (row * C4_COLS + col);
                out.planes[[0, row, col]] = f32::from(own & bit != 0);
                out.planes[[1, row, col]] = f32::from(opp & bit != 0);
                out.planes[[2, row, col]] = f32::from(empty & bit != 0);
            }
        }
    }

    fn resample_hidden(&self, _player: Player, _rng: &mut dyn RngCore) -> Self {
        // Nothing is hidden in Connect Four.
        *self
    }

    fn describe_action(&self, action: Action) -> String {
        let mark = if self.mover() == 0 { 'x' } else { 'o' };
        format!("{mark}{}", action)
    }

    fn check_invariants(&self) -> Result<(), String> {
        let [a, b] = self.boards;
        if a & b != 0 {
            return Err("a cell holds both players' stones".into());
        }
        if (a | b) & !BOARD != 0 {
            return Err("a stone outside the board".into());
        }
        for (c, &h) in self.heights.iter().enumerate() {
            let col = ((a | b) >> (c * COL_BITS)) & ((1 << COL_BITS) - 1);
            if h as usize > C4_ROWS || col != (1u64 << h) - 1 {
                return Err(format!("column {c}: height {h} but stones {col:#b}"));
            }
        }
        let (na, nb) = (a.count_ones(), b.count_ones());
        if na + nb != self.moves as u32 || !(na == nb || na == nb + 1) {
            return Err(format!("{na} and {nb} stones after {} moves", self.moves));
        }
        let fours = [Self::four(a), Self::four(b)];
        match self.winner {
            None if fours[0] || fours[1] => Err("four in a row but no winner".into()),
            Some(w) if w > 1 || !fours[w as usize] || fours[1 - w as usize] => {
                Err(format!("winner {w} without a unique four in a row"))
            }
            // The winner moved last: player 0 after an odd count, player 1 after an even one.
            Some(w) if (self.moves & 1) as Player == w => {
                Err(format!("winner {w} did not make the last move"))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ActionError;

    fn play(moves: &str) -> ConnectFour {
        let s = ConnectFour::from_moves(moves).unwrap();
        s.check_invariants().unwrap();
        s
    }

    #[test]
    fn empty_board() {
        let s = ConnectFour::new();
        assert_eq!(s.turn(), Turn::Player(0));
        assert_eq!(
            s.legal_actions().iter().collect::<Vec<_>>(),
            (0..7).collect::<Vec<_>>()
        );
        assert_eq!(s.returns(), [0.0, 0.0]);
        s.check_invariants().unwrap();
        assert_eq!(ConnectFour::from_seed(9), s);
    }

    #[test]
    fn vertical_win() {
        let s = play("0101010");
        assert_eq!(s.turn(), Turn::Terminal);
        assert_eq!(s.winner(), Some(0));
        assert_eq!(s.returns(), [1.0, -1.0]);
        assert!(s.legal_actions().is_empty());
        // One move earlier nobody has won.
        assert_eq!(play("010101").turn(), Turn::Player(0));
    }

    #[test]
    fn horizontal_win_for_the_second_player() {
        // x plays 6, 6, 0, 0 elsewhere; o builds 2, 3, 4, 5 on the bottom row.
        let s = play("62630405");
        assert_eq!(s.winner(), Some(1));
        assert_eq!(s.returns(), [-1.0, 1.0]);
        assert_eq!(s.turn(), Turn::Terminal);
        // Three in a row with a gap does not win.
        let s = play("06163");
        assert!(!s.is_terminal());
    }

    #[test]
    fn diagonal_wins() {
        // Rising: x at (0,0), (1,1), (2,2), (3,3).
        let s = play("01123223433");
        assert_eq!(s.cell(3, 3), Some(0));
        assert_eq!(s.winner(), Some(0));
        // Falling: x at (3,0), (2,1), (1,2), (0,3).
        let s = play("32211013000");
        assert_eq!((s.cell(3, 0), s.cell(0, 3)), (Some(0), Some(0)));
        assert_eq!(s.winner(), Some(0));
    }

    #[test]
    fn no_wrap_across_columns_or_rows() {
        // x holds the top three cells of column 0 and the bottom of column 1: adjacent bits
        // but not adjacent cells, and the sentinel bit keeps them apart.
        let s = play("5550401005040");
        assert_eq!((s.cell(5, 0), s.cell(0, 1)), (Some(0), Some(0)));
        assert!(!s.is_terminal());
        // Three on the right edge and one on the left of the next row do not connect.
        let s = play("4455660");
        assert!(!s.is_terminal());
    }

    #[test]
    fn full_column_is_illegal_and_state_is_unchanged() {
        let s = play("000000");
        assert!(!s.legal_actions().contains(0));
        assert_eq!(s.legal_actions().len(), 6);
        let mut t = s;
        assert!(matches!(t.apply(0), Err(ActionError::Illegal { .. })));
        assert!(matches!(t.apply(7), Err(ActionError::OutOfRange { .. })));
        assert_eq!(t, s);
        // apply_unchecked of an illegal move does not panic.
        t.apply_unchecked(0);
        t.apply_unchecked(40);
        assert_eq!(t, s);
    }

    #[test]
    fn full_board_without_four_is_a_draw() {
        // Columns filled in pairs so no line of four ever forms:
        // columns 0,1 then 2,3 then 4,5 in alternating order, then column 6.
        let seq = "010101101010232323323232454545545454666666";
        let mut s = ConnectFour::new();
        for ch in seq.chars() {
            assert!(!s.is_terminal(), "ended early at {}: {s:?}", s.moves());
            s.apply(ch.to_digit(10).unwrap() as Action).unwrap();
            s.check_invariants().unwrap();
        }
        assert_eq!(s.moves(), 42);
        assert_eq!(s.winner(), None);
        assert_eq!(s.turn(), Turn::Terminal);
        assert_eq!(s.returns(), [0.0, 0.0]);
        assert!(s.legal_actions().is_empty());
        assert_eq!(s.apply(0), Err(ActionError::GameOver));
    }

    #[test]
    fn observation_is_from_the_players_view() {
        let s = play("3");
        let mut o = Observation::new(&C4_SPEC.obs);
        s.observe(0, &mut o);
        assert_eq!(o.planes[[0, 0, 3]], 1.0);
        assert_eq!(o.planes[[1, 0, 3]], 0.0);
        assert_eq!(o.planes[[2, 0, 3]], 0.0);
        assert_eq!(o.planes[[2, 1, 3]], 1.0);
        assert_eq!(o.global[0], 0.0, "player 1 to move");
        s.observe(1, &mut o);
        assert_eq!(o.planes[[1, 0, 3]], 1.0);
        assert_eq!(o.planes[[0, 0, 3]], 0.0);
        assert_ne!(s.key(), ConnectFour::new().key());
        assert_ne!(play("34").key(), play("43").key());
        assert_eq!(play("3425").key(), play("2435").key());
    }

    /// The flat-slice writer puts every cell where `cell` says, from both views, in every
    /// position of a few hundred random games, into a buffer full of garbage.
    #[test]
    fn observation_matches_the_cells_in_random_games() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut o = Observation::new(&C4_SPEC.obs);
        let mut positions = 0;
        for _ in 0..300 {
            let mut s = ConnectFour::new();
            loop {
                for player in 0..2u8 {
                    o.planes.fill(0.5);
                    o.global.fill(0.5);
                    s.observe(player, &mut o);
                    for row in 0..C4_ROWS {
                        for col in 0..C4_COLS {
                            let owner = s.cell(row, col);
                            let want = [
                                owner == Some(player),
                                owner == Some(1 - player),
                                owner.is_none(),
                            ];
                            for (ch, w) in want.into_iter().enumerate() {
                                assert_eq!(
                                    o.planes[[ch, row, col]],
                                    f32::from(w),
                                    "{s:?} {player} {row} {col}"
                                );
                            }
                        }
                    }
                    assert_eq!(o.global[0], f32::from(s.mover() == 0));
                    positions += 1;
                }
                let legal = s.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let a = legal.nth(rng.random_range(0..legal.len())).unwrap();
                s.apply(a).unwrap();
            }
        }
        assert!(positions > 5000);
    }
}
