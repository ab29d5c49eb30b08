//! The table of a Fighting Sail game as a character grid, north up.
//!
//! One column per inch and one text line per two inches (terminal characters are about
//! twice as tall as they are wide, so the grid keeps the table's proportions): a 48" x 36"
//! table is 48 x 18 characters. A ship is drawn along its heading: the cells its keel
//! passes through show its letter (the viewer's ships in capitals, the enemy's in lower
//! case) and the cell at its bow an arrow for the heading. A ship out of play (sunk, struck
//! or taken) leaves an `x` where its mainmast was; terrain is `#`.

use broadside_env::fsail::data::WIND_NAMES;
use broadside_env::fsail::{FsailGame, Weather};
use broadside_env::plane::{body_to_world, Point, MILS_PER_INCH};

use crate::roster::Roster;
use crate::style::Style;

/// Mils per column and per line.
const COL_MILS: i32 = MILS_PER_INCH;
const ROW_MILS: i32 = 2 * MILS_PER_INCH;
/// Width of the left gutter (line labels in inches).
const GUTTER: usize = 4;

/// The arrow for a heading (eight points, 45 degrees each).
pub fn heading_arrow(heading: u16) -> char {
    ['^', '/', '>', '\\', 'v', '/', '<', '\\'][((heading as usize + 22) / 45) % 8]
}

/// The compass point nearest a heading ("NE").
pub fn heading_point(heading: u16) -> &'static str {
    const POINTS: [&str; 16] = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW",
        "NW", "NNW",
    ];
    POINTS[((heading as usize * 2 + 22) / 45) % 16]
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Water,
    Terrain,
    Wreck,
    Hull(usize),
    Bow(usize, char),
}

/// The grid cell `(col, line)` holding point `p`, if on the table.
fn cell_of(p: Point, cols: usize, lines: usize, depth: i32) -> Option<(usize, usize)> {
    if p.x < 0 || p.y < 0 {
        return None;
    }
    let c = (p.x / COL_MILS) as usize;
    let from_top = depth - p.y;
    if from_top < 0 {
        return None;
    }
    let l = (from_top / ROW_MILS) as usize;
    (c < cols && l < lines).then_some((c, l))
}

/// The table with its scale, the wind line and the legend.
pub fn render(g: &FsailGame, roster: &Roster, style: &Style) -> String {
    let (width, depth) = (g.table[0].max(COL_MILS), g.table[1].max(ROW_MILS));
    let cols = ((width + COL_MILS - 1) / COL_MILS) as usize;
    let lines = ((depth + ROW_MILS - 1) / ROW_MILS) as usize;
    let mut grid = vec![vec![Cell::Water; cols]; lines];
    for t in g.terrain() {
        for (l, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let centre = Point::new(
                    c as i32 * COL_MILS + COL_MILS / 2,
                    depth - l as i32 * ROW_MILS - ROW_MILS / 2,
                );
                if t.contains(centre) {
                    *cell = Cell::Terrain;
                }
            }
        }
    }
    // Wrecks first, so a ship in play sailing over the spot is drawn on top.
    for s in g.ships().iter().filter(|s| !s.active()) {
        if let Some((c, l)) = cell_of(s.base.centre, cols, lines, depth) {
            grid[l][c] = Cell::Wreck;
        }
    }
    for (i, s) in g.ships().iter().enumerate().filter(|(_, s)| s.active()) {
        let b = &s.base;
        let half = b.length / 2;
        // The keel from stern to bow, every tenth of an inch.
        let steps = (b.length / 100).max(1);
        for k in 0..=steps {
            let along = -half + b.length * k / steps;
            let p = b.centre.plus(body_to_world(b.heading, along, 0));
            if let Some((c, l)) = cell_of(p, cols, lines, depth) {
                grid[l][c] = Cell::Hull(i);
            }
        }
        let bow = b.centre.plus(body_to_world(b.heading, half, 0));
        if let Some((c, l)) = cell_of(bow, cols, lines, depth) {
            grid[l][c] = Cell::Bow(i, heading_arrow(b.heading));
        }
        // The mainmast always shows the letter, even on the shortest ship.
        if let Some((c, l)) = cell_of(b.centre, cols, lines, depth) {
            grid[l][c] = Cell::Hull(i);
        }
    }
    let mut out = String::new();
    out.push_str(&wind_line(g));
    out.push('\n');
    // Scale: a label every 6 inches.
    let mut scale = " ".repeat(GUTTER);
    let mut ruler = " ".repeat(GUTTER);
    for c in 0..cols {
        if c % 6 == 0 {
            let label = c.to_string();
            if scale.len() <= GUTTER + c {
                scale.push_str(&" ".repeat(GUTTER + c - scale.len()));
                scale.push_str(&label);
            }
            ruler.push('|');
        } else {
            ruler.push('-');
        }
    }
    out.push_str(scale.trim_end());
    out.push('\n');
    out.push_str(&ruler);
    out.push('\n');
    for (l, row) in grid.iter().enumerate() {
        let y_top = (depth - l as i32 * ROW_MILS) / MILS_PER_INCH;
        out.push_str(&format!("{y_top:>3}|"));
        for &cell in row {
            out.push_str(&draw(cell, roster, style));
        }
        out.push('\n');
    }
    out.push_str(&legend(g, roster));
    out
}

fn draw(cell: Cell, roster: &Roster, style: &Style) -> String {
    match cell {
        Cell::Water => style.dim("."),
        Cell::Terrain => "#".into(),
        Cell::Wreck => style.dim("x"),
        Cell::Hull(i) => style.side(roster.is_own(i), &roster.letter(i).to_string()),
        Cell::Bow(i, arrow) => style.side(roster.is_own(i), &arrow.to_string()),
    }
}

/// The wind and the weather in one line.
pub fn wind_line(g: &FsailGame) -> String {
    let from = WIND_NAMES[g.wind_from as usize % 8];
    let to = WIND_NAMES[(g.wind_from as usize + 4) % 8];
    let arrow = heading_arrow((g.wind_deg() + 180) % 360);
    let weather = match g.weather {
        Weather::Fair => "fair",
        Weather::Becalmed => "becalmed (no sailing dice)",
        Weather::Gale => "gale (sailing one easier, hitting one harder)",
    };
    format!(
        "Wind from the {from} blowing {to} ({arrow} {arrow} {arrow}); weather {weather}{}. North is up; one column = 1\", one line = 2\".",
        if g.weather_deck { ", weather deck in use" } else { "" }
    )
}

/// Which letter is which ship.
fn legend(g: &FsailGame, roster: &Roster) -> String {
    let mut own = Vec::new();
    let mut enemy = Vec::new();
    for (i, s) in g.ships().iter().enumerate() {
        let mark = if s.active() {
            heading_arrow(s.base.heading).to_string()
        } else {
            "x".into()
        };
        let item = format!("{}{mark} {}", roster.letter(i), roster.name(i));
        if roster.is_own(i) {
            own.push(item);
        } else {
            enemy.push(item);
        }
    }
    format!(
        "{}: {}\n{}: {}\n(letter = keel, arrow = bow and heading; x = out of play, # = terrain)",
        roster.side_name(roster.viewer),
        own.join(", "),
        roster.side_name(1 - roster.viewer.min(1)),
        enemy.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};

    #[test]
    fn the_default_table_is_48_by_18_and_shows_every_ship() {
        let s = builtin_scenario("fleet-action").expect("built-in scenario");
        let g = FsailGame::new(&s, FsailOptions::default());
        let r = crate::fsail::roster(&s, 0);
        let text = render(&g, &r, &Style::PLAIN);
        let rows: Vec<&str> = text.lines().filter(|l| l.contains('|')).skip(1).collect();
        assert!(rows.len() >= 18, "{text}");
        assert!(
            rows.iter()
                .take(18)
                .all(|l| l.chars().count() == GUTTER + 48),
            "{text}"
        );
        for c in ['A', 'G', 'a', 'g'] {
            assert!(
                rows.iter().any(|l| l[GUTTER..].contains(c)),
                "{c} missing:\n{text}"
            );
        }
        assert!(text.contains("Wind from the N blowing S"), "{text}");
        assert_eq!(heading_arrow(90), '>');
        assert_eq!(heading_arrow(270), '<');
        assert_eq!(heading_point(105), "ESE");
    }
}
