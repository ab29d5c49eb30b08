//! The ASCII hex map of a WS&IM game.
//!
//! Flat-topped hexes in odd-q offset layout: every hex column is three characters wide and
//! every hex row two text lines tall; odd columns are drawn one line (half a hex) lower, so
//! the six neighbours of a hex sit where they do on the board. North is up.
//!
//! A ship covers two hexes: its bow shows the ship's letter and a heading mark, its stern
//! the letter and `~` (the wake). The viewer's ships have capital letters, the enemy's
//! lower case; a struck ship shows `x` in both hexes.
//!
//! The map fits an 80 x 40 terminal: a sea larger than 25 columns or 15 rows is shown as a
//! window around the ships (two hexes of margin), and a note under it names the window and
//! any ship outside it; the legend is wrapped at 80 characters.

use broadside_env::hex::{Facing, Hex};
use broadside_env::wsim::WsimGame;

use crate::roster::Roster;
use crate::style::Style;

/// Width of one hex column in characters.
const CELL: usize = 3;
/// Width of the row-number gutter.
const GUTTER: usize = 4;
/// Most hex columns shown: 4 + 25 x 3 = 79 characters.
const MAX_COLS: i32 = 25;
/// Most hex rows shown: 30 lines, with the wind, the column numbers, the note and the
/// wrapped legend within 40.
const MAX_ROWS: i32 = 15;
/// Hexes of sea shown around the ships.
const MARGIN: i32 = 2;
/// Widest line of the legend.
const WIDTH: usize = 80;

/// The part of the map shown: columns `c0..c1`, rows `r0..r1` (offset coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub c0: i32,
    pub c1: i32,
    pub r0: i32,
    pub r1: i32,
}

/// The window of `game`'s map to draw: the whole map when it fits, else the ships' extent
/// with a margin, cut to the limits around its middle.
pub fn window(game: &WsimGame) -> Window {
    let (cols, rows) = (game.map.cols.max(0), game.map.rows.max(0));
    let span = |lo: i32, hi: i32, len: i32, max: i32| -> (i32, i32) {
        if len <= max {
            return (0, len);
        }
        let (lo, hi) = ((lo - MARGIN).max(0), (hi + 1 + MARGIN).min(len));
        if hi - lo <= max {
            // Grow the window to its full size, within the map.
            let start = (lo - (max - (hi - lo)) / 2).clamp(0, len - max);
            return (start, start + max);
        }
        let start = ((lo + hi) / 2 - max / 2).clamp(0, len - max);
        (start, start + max)
    };
    let hexes: Vec<(i32, i32)> = game
        .ships()
        .iter()
        .flat_map(|s| [s.pos.bow.to_offset(), s.pos.stern().to_offset()])
        .collect();
    let extent = |f: fn(&(i32, i32)) -> i32| {
        let lo = hexes.iter().map(f).min().unwrap_or(0);
        let hi = hexes.iter().map(f).max().unwrap_or(0);
        (lo, hi)
    };
    let (clo, chi) = extent(|h| h.0);
    let (rlo, rhi) = extent(|h| h.1);
    let (c0, c1) = span(clo, chi, cols, MAX_COLS);
    let (r0, r1) = span(rlo, rhi, rows, MAX_ROWS);
    Window { c0, c1, r0, r1 }
}

/// `text` broken at spaces into lines of at most [`WIDTH`] characters.
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = format!("  {word}");
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push('\n');
    out
}

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
    let w = window(game);
    let (c0, c1, r0, r1) = (w.c0 as usize, w.c1 as usize, w.r0 as usize, w.r1 as usize);
    let mut out = String::new();
    out.push_str(&wind_line(game.wind_from));
    out.push('\n');
    out.push_str(&" ".repeat(GUTTER));
    for c in c0..c1 {
        out.push_str(&format!("{c:<CELL$}"));
    }
    out.push('\n');
    for line in 2 * r0..2 * r1 {
        let row = line / 2;
        if line % 2 == 0 {
            out.push_str(&format!("{row:>3} "));
        } else {
            out.push_str(&" ".repeat(GUTTER));
        }
        let mut text = String::new();
        for (c, &cell) in grid[row].iter().enumerate().take(c1).skip(c0) {
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
    if (c1 - c0, r1 - r0) != (cols, rows) {
        let outside: Vec<String> = game
            .ships()
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                let (c, r) = s.pos.bow.to_offset();
                !(w.c0..w.c1).contains(&c) || !(w.r0..w.r1).contains(&r)
            })
            .map(|(i, s)| {
                let (c, r) = s.pos.bow.to_offset();
                format!("{} {} ({c},{r})", roster.letter(i), roster.name(i))
            })
            .collect();
        let mut note = format!(
            "Showing columns {}-{} and rows {}-{} of the {cols} x {rows} sea.",
            c0,
            c1 - 1,
            r0,
            r1 - 1
        );
        if !outside.is_empty() {
            note.push_str(&format!(" Outside: {}.", outside.join(", ")));
        }
        out.push_str(&wrap(&note));
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
    let mut out = wrap(
        "Legend: bow = letter + heading (^ N, v S, / NE or SW, \\ SE or NW), stern = letter + ~; \
         CAPITALS = your ships, lower case = enemy; x = struck.",
    );
    let keys: Vec<String> = (0..game.num_ships as usize)
        .map(|i| format!("{} {}", roster.letter(i), roster.name(i)))
        .collect();
    out.push_str(&wrap(&format!("Ships: {}", keys.join(", "))));
    let pairs = fouled_pairs(game);
    if !pairs.is_empty() {
        let text: Vec<String> = pairs
            .iter()
            .map(|&(a, b)| format!("{} and {}", roster.name(a), roster.name(b)))
            .collect();
        out.push_str(&wrap(&format!("Fouled: {}", text.join("; "))));
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
        let roster = crate::wsim::roster(&s, 0);
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

    /// Issue 36: the map fits an 80 x 40 terminal, whatever the scenario and wherever the
    /// ships sail, and every ship in the window is drawn where it is.
    #[test]
    fn the_map_fits_80_by_40_and_shows_the_ships_in_its_window() {
        use broadside_env::game::{Game, Turn};
        use rand::{Rng, SeedableRng};
        for s in broadside_env::wsim::builtin_scenarios() {
            let mut g = WsimGame::new(s, WsimOptions { resignation: false });
            let roster = crate::wsim::roster(s, 0);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            for step in 0..4000 {
                if step % 200 == 0 || g.turn() == Turn::Terminal {
                    let text = render(&g, &roster, &Style::PLAIN);
                    let lines: Vec<&str> = text.lines().collect();
                    assert!(lines.len() <= 40, "{}: {} lines", s.id, lines.len());
                    for l in &lines {
                        assert!(l.chars().count() <= 80, "{}: {l}", s.id);
                    }
                    let w = window(&g);
                    for (i, ship) in g.ships().iter().enumerate() {
                        let (c, r) = ship.pos.bow.to_offset();
                        if !(w.c0..w.c1).contains(&c) || !(w.r0..w.r1).contains(&r) {
                            assert!(text.contains("Outside: "), "{}", s.id);
                            continue;
                        }
                        let line = lines[2 + 2 * (r - w.r0) as usize + (c as usize % 2)];
                        let at = GUTTER + CELL * (c - w.c0) as usize;
                        let bow: String = line.chars().skip(at).take(1).collect();
                        assert_eq!(bow.chars().next(), Some(roster.letter(i)), "{line}");
                    }
                }
                if g.turn() == Turn::Terminal {
                    break;
                }
                let a = match g.turn() {
                    Turn::Chance => g.chance_outcomes().sample(&mut rng),
                    _ => {
                        let legal = g.legal_actions();
                        legal.nth(rng.random_range(0..legal.len())).unwrap_or(0)
                    }
                };
                g.apply_unchecked(a);
            }
        }
    }
}
