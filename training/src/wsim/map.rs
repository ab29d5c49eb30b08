//! The ASCII hex map of a WS&IM game.
//!
//! Flat-topped hexes in odd-q offset layout: every hex column is three characters wide and
//! every hex row two text lines tall; odd columns are drawn one line (half a hex) lower, so
//! the six neighbours of a hex sit where they do on the board. North is up.
//!
//! A ship covers two hexes: its bow shows the ship's letter and a heading mark, its stern
//! the letter and `~` (the wake). The viewer's ships have capital letters, the enemy's
//! lower case; a struck ship shows `x` in both hexes.

use broadside_env::hex::{Facing, Hex};
use broadside_env::wsim::WsimGame;

use crate::roster::Roster;
use crate::style::Style;

/// Width of one hex column in characters.
const CELL: usize = 3;
/// Width of the row-number gutter.
const GUTTER: usize = 4;

/// The heading mark drawn after the letter in the bow hex. Opposite headings share the
/// diagonal marks; the stern hex (`~`) tells them apart.
pub fn heading_mark(f: Facing) -> char {
    ['^', '/', '\\', 'v', '/', '\\'][f.0 as usize % 6]
}

/// What one hex shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Water,
    Bow { ship: usize },
    Stern { ship: usize },
}

/// The map with its column and row numbers, the wind line and the legend.
pub fn render(game: &WsimGame, roster: &Roster, style: &Style) -> String {
    let (cols, rows) = (game.map.cols.max(0) as usize, game.map.rows.max(0) as usize);
    let mut grid = vec![vec![Cell::Water; cols]; rows];
    for (i, s) in game.ships().iter().enumerate() {
        for (h, cell) in [
            (s.pos.bow, Cell::Bow { ship: i }),
            (s.pos.stern(), Cell::Stern { ship: i }),
        ] {
            if let Some(slot) = slot_of(&mut grid, h) {
                *slot = cell;
            }
        }
    }
    let mut out = String::new();
    out.push_str(&wind_line(game.wind_from));
    out.push('\n');
    out.push_str(&" ".repeat(GUTTER));
    for c in 0..cols {
        out.push_str(&format!("{c:<CELL$}"));
    }
    out.push('\n');
    for line in 0..2 * rows {
        let row = line / 2;
        if line % 2 == 0 {
            out.push_str(&format!("{row:>3} "));
        } else {
            out.push_str(&" ".repeat(GUTTER));
        }
        let mut text = String::new();
        for (c, &cell) in grid[row].iter().enumerate() {
            // Even columns draw on the even line of their row, odd columns half a row lower.
            if c % 2 == line % 2 {
                text.push_str(&draw_cell(game, roster, style, cell));
            } else {
                text.push_str(&" ".repeat(CELL));
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str(&legend(game, roster));
    out
}

fn slot_of(grid: &mut [Vec<Cell>], h: Hex) -> Option<&mut Cell> {
    let (c, r) = h.to_offset();
    let row = grid.get_mut(usize::try_from(r).ok()?)?;
    row.get_mut(usize::try_from(c).ok()?)
}

fn draw_cell(game: &WsimGame, roster: &Roster, style: &Style, cell: Cell) -> String {
    let (ship, mark) = match cell {
        Cell::Water => return format!("{}{}", style.dim("."), " ".repeat(CELL - 1)),
        Cell::Bow { ship } => (ship, heading_mark(game.ships[ship].pos.facing)),
        Cell::Stern { ship } => (ship, '~'),
    };
    let s = &game.ships[ship];
    let mark = if s.struck() { 'x' } else { mark };
    let text = format!("{}{}", roster.letter(ship), mark);
    let painted = if s.struck() {
        style.dim(&text)
    } else {
        style.side(roster.is_own(ship), &text)
    };
    // Padding goes outside the colour escapes so columns stay aligned.
    format!("{painted}{}", " ".repeat(CELL - 2))
}

/// "Wind from the N, blowing toward the S (v v v)".
pub fn wind_line(from: Facing) -> String {
    let to = from.opposite();
    let m = heading_mark(to);
    format!(
        "Wind from the {}, blowing toward the {}  {m} {m} {m}",
        from.name(),
        to.name()
    )
}

fn legend(game: &WsimGame, roster: &Roster) -> String {
    let mut out = String::from(
        "Legend: bow = letter + heading (^ N, v S, / NE or SW, \\ SE or NW), stern = letter + ~; \
         CAPITALS = your ships, lower case = enemy; x = struck.\n",
    );
    let keys: Vec<String> = (0..game.num_ships as usize)
        .map(|i| format!("{} {}", roster.letter(i), roster.name(i)))
        .collect();
    out.push_str(&format!("Ships: {}\n", keys.join(", ")));
    let pairs = fouled_pairs(game);
    if !pairs.is_empty() {
        let text: Vec<String> = pairs
            .iter()
            .map(|&(a, b)| format!("{} and {}", roster.name(a), roster.name(b)))
            .collect();
        out.push_str(&format!("Fouled: {}\n", text.join("; ")));
    }
    out
}

/// Every fouled pair `(i, j)` with `i < j`.
pub fn fouled_pairs(game: &WsimGame) -> Vec<(usize, usize)> {
    let n = game.num_ships as usize;
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if game.ships[i].fouled & (1 << j) != 0 {
                out.push((i, j));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::wsim::{builtin_scenario, WsimOptions};

    #[test]
    fn ships_appear_at_their_offsets_with_odd_columns_lower() {
        let s = builtin_scenario("frigate-duel").expect("built-in scenario");
        let g = WsimGame::new(&s, WsimOptions::default());
        let roster = Roster::new(&s, 0);
        let text = render(&g, &roster, &Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        // Line 0 is the wind, line 1 the column numbers; map line L starts at index 2.
        for (i, ship) in g.ships().iter().enumerate() {
            let (c, r) = ship.pos.bow.to_offset();
            let line = lines[2 + 2 * r as usize + (c as usize % 2)];
            let at = GUTTER + CELL * c as usize;
            let bow: String = line.chars().skip(at).take(2).collect();
            assert_eq!(bow.chars().next(), Some(roster.letter(i)), "{line}");
            assert_eq!(bow.chars().nth(1), Some(heading_mark(ship.pos.facing)));
        }
        assert!(text.contains("Wind from the N"));
        assert!(text.contains("A Constitution"));
    }
}
