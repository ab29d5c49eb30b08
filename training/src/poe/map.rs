//! The sea of a Pieces of Eight game as a hex map, north up.
//!
//! Flat-topped hexes in odd-q offset layout: every hex column is four characters wide and
//! every hex row two text lines tall (a space, then three characters); odd columns are drawn one line (half a hex) lower, so
//! the six neighbours of a hex sit where they do on the map. A 15 x 9 map is 64 columns.
//!
//! A hex shows three characters. Open sea is ` . `, fog `~~~`, shallows `:::` (both
//! `~:~`), the escape corner's exit hexes `[ ]`. A ship is its letter (the viewer's ships in
//! capitals, the enemy's lower case), an arrow for its bow (`↑ ↗ ↘ ↓ ↙ ↖`: one mark for
//! each of the six facings) and the hex it is in (`~` fog, `:` shallows, `!` aground, `]`
//! exit); a struck ship shows `x`, a burnt wreck `#`. Colours (own blue, enemy red, by the
//! side that owns the ship now) come from the [`Style`].

use broadside_env::hex::{Facing, Hex};
use broadside_env::poe::data::CORNER_NAMES;
use broadside_env::poe::state::status;
use broadside_env::poe::{PoeGame, Ship};

use super::{owner_name, points_text};
use crate::roster::Roster;
use crate::style::Style;

/// Width of one hex column in characters.
pub const CELL: usize = 4;
/// Width of the row-number gutter.
pub const GUTTER: usize = 4;

/// The bow mark of a facing: one distinct arrow for each of the six.
pub fn facing_arrow(f: Facing) -> char {
    ['↑', '↗', '↘', '↓', '↙', '↖'][f.0 as usize % 6]
}

/// The name of the escape corner ("NE").
pub fn corner_name(g: &PoeGame) -> &'static str {
    let (c, r) = g.exit.to_offset();
    let k = match (c == 0, r == 0) {
        (true, true) => 0,
        (false, true) => 1,
        (false, false) => 2,
        (true, false) => 3,
    };
    CORNER_NAMES[k]
}

/// What lies in a hex apart from ships.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ground {
    fog: bool,
    shallows: bool,
    exit: bool,
}

fn ground(g: &PoeGame, h: Hex) -> Ground {
    Ground {
        fog: g.fog.contains(h),
        shallows: g.shallows.contains(h),
        exit: has_convoy(g) && g.is_exit(h),
    }
}

/// Whether the scenario has a convoy (merchants of side 0): only then is there an exit.
pub fn has_convoy(g: &PoeGame) -> bool {
    g.ships().iter().any(|s| !s.warship && s.orig == 0)
}

/// The map with its column and row numbers, the wind and clock line and the legend.
pub fn render(g: &PoeGame, roster: &Roster, style: &Style) -> String {
    let (cols, rows) = (g.map.cols.max(0) as usize, g.map.rows.max(0) as usize);
    let mut grid: Vec<Vec<Option<usize>>> = vec![vec![None; cols]; rows];
    for (i, s) in g.ships().iter().enumerate() {
        if !s.occupies() {
            continue;
        }
        let (c, r) = s.hex.to_offset();
        if let Some(slot) = usize::try_from(r)
            .ok()
            .and_then(|r| grid.get_mut(r))
            .and_then(|row| row.get_mut(usize::try_from(c).ok()?))
        {
            *slot = Some(i);
        }
    }
    let mut out = String::new();
    out.push_str(&style.bold(&wind_line(g)));
    out.push('\n');
    out.push_str(&clock_line(g, roster));
    out.push('\n');
    out.push_str(&" ".repeat(GUTTER));
    let mut numbers = String::new();
    for c in 0..cols {
        numbers.push_str(&format!(" {c:<w$}", w = CELL - 1));
    }
    out.push_str(numbers.trim_end());
    out.push('\n');
    for line in 0..2 * rows {
        let row = line / 2;
        let mut text = if line % 2 == 0 {
            format!("{row:>3} ")
        } else {
            " ".repeat(GUTTER)
        };
        for (c, &ship) in grid[row].iter().enumerate() {
            // Even columns draw on the even line of their row, odd columns half a row lower.
            if c % 2 == line % 2 {
                let h = Hex::from_offset(c as i32, row as i32);
                text.push(' ');
                text.push_str(&cell(g, roster, style, h, ship));
            } else {
                text.push_str(&" ".repeat(CELL));
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    out.push_str(&legend(g, roster, style));
    out
}

/// The three characters of hex `h` (holding ship `ship`, if any), painted.
fn cell(g: &PoeGame, roster: &Roster, style: &Style, h: Hex, ship: Option<usize>) -> String {
    let gr = ground(g, h);
    let Some(i) = ship else {
        return match (gr.exit, gr.fog, gr.shallows) {
            (true, true, _) => style.bold("[~]"),
            (true, false, true) => style.bold("[:]"),
            (true, false, false) => style.bold("[ ]"),
            (false, true, true) => style.dim("~:~"),
            (false, true, false) => style.dim("~~~"),
            (false, false, true) => ":::".into(),
            (false, false, false) => format!(" {} ", style.dim(".")),
        };
    };
    let s = &g.ships[i];
    let letter = roster.letter(i);
    let after = if s.aground > 0 {
        '!'
    } else if gr.fog {
        '~'
    } else if gr.shallows {
        ':'
    } else if gr.exit {
        ']'
    } else {
        ' '
    };
    match s.status {
        status::STRUCK => style.dim(&format!("{letter}x{after}")),
        status::BURNT => style.dim(&format!("{letter}#{after}")),
        _ => {
            let own = s.owner == roster.viewer;
            format!(
                "{}{after}",
                style.side(own, &format!("{letter}{}", facing_arrow(s.facing)))
            )
        }
    }
}

/// "Wind from the S, blowing to the N ↑ ↑ ↑".
pub fn wind_line(g: &PoeGame) -> String {
    let to = g.wind_from.opposite();
    let a = facing_arrow(to);
    format!(
        "Wind from the {}, blowing to the {}  {a} {a} {a}",
        g.wind_from.name(),
        to.name()
    )
}

/// "Battle clock 4 of 21 · turn 2, the Buccaneers · points Convoy 1½, Buccaneers 0".
pub fn clock_line(g: &PoeGame, roster: &Roster) -> String {
    let p = g.half_points();
    format!(
        "Battle clock {} of {} · turn {}, the {} move · points: {} {}, {} {}",
        g.clock,
        g.clock_length,
        g.turn,
        roster.side_name(g.mover),
        roster.side_name(0),
        points_text(p[0]),
        roster.side_name(1),
        points_text(p[1])
    )
}

/// A ship in the legend: "A↗ Santa Rosa" with its state where it is not plain.
fn key(g: &PoeGame, roster: &Roster, i: usize, s: &Ship) -> String {
    let mark = match s.status {
        status::STRUCK => 'x',
        status::BURNT => '#',
        status::EXITED => '>',
        _ => facing_arrow(s.facing),
    };
    let mut notes = Vec::new();
    match s.status {
        status::STRUCK => notes.push("struck".to_string()),
        status::BURNT => notes.push("burnt".to_string()),
        status::EXITED => notes.push("escaped".to_string()),
        _ => {}
    }
    if s.captured() {
        notes.push(format!("taken by the {}", owner_name(roster, s.owner)));
    }
    if s.aground > 0 {
        notes.push("aground".into());
    }
    if g.act.ship as usize == i && s.afloat() {
        notes.push("acting".into());
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    format!("{}{mark} {}{notes}", roster.letter(i), roster.name(i))
}

/// Which letter is which ship, and the key to the marks.
fn legend(g: &PoeGame, roster: &Roster, style: &Style) -> String {
    let mut out = String::new();
    for side in [roster.viewer.min(1), 1 - roster.viewer.min(1)] {
        let keys: Vec<String> = g
            .ships()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.orig == side)
            .map(|(i, s)| {
                let k = key(g, roster, i, s);
                if s.afloat() {
                    style.side(s.owner == roster.viewer, &k)
                } else {
                    style.dim(&k)
                }
            })
            .collect();
        out.push_str(&format!(
            "{}: {}\n",
            roster.side_name(side),
            keys.join(", ")
        ));
    }
    let exit = if has_convoy(g) {
        format!(", [ ] exit ({} corner)", corner_name(g))
    } else {
        String::new()
    };
    out.push_str(&format!(
        "Key: letter + bow arrow (↑ N ↗ NE ↘ SE ↓ S ↙ SW ↖ NW), x struck, # burnt; ~~~ fog,\n\
         ::: shallows{exit}; after a ship ~ fog, : shallows, ! aground, ] exit."
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::state::status;
    use broadside_env::poe::{builtin_scenario, builtin_scenarios, PoeOptions};

    fn map_lines(text: &str) -> Vec<&str> {
        // Line 0 the wind, 1 the clock, 2 the column numbers; map line L at index 3 + L.
        text.lines().skip(3).collect()
    }

    /// The three characters drawn for offset hex (c, r).
    fn hex_text(text: &str, c: usize, r: usize) -> String {
        let line = map_lines(text)[2 * r + c % 2];
        line.chars().skip(GUTTER + CELL * c + 1).take(3).collect()
    }

    #[test]
    fn every_ship_fog_shallows_and_the_exit_are_drawn_where_they_are() {
        for s in builtin_scenarios() {
            let g = PoeGame::new(s, PoeOptions::default());
            let r = crate::poe::roster(s, 0);
            let text = render(&g, &r, &Style::PLAIN);
            for line in text.lines().take(3 + 2 * g.map.rows as usize) {
                assert!(line.chars().count() <= 80, "too wide: {line}");
            }
            for (i, ship) in g.ships().iter().enumerate() {
                let (c, row) = ship.hex.to_offset();
                let t = hex_text(&text, c as usize, row as usize);
                let mut chars = t.chars();
                assert_eq!(chars.next(), Some(r.letter(i)), "{}: {t}\n{text}", s.id);
                assert_eq!(chars.next(), Some(facing_arrow(ship.facing)), "{text}");
            }
            for h in g.fog.iter().filter(|&h| g.ship_at(h).is_none()) {
                let (c, row) = h.to_offset();
                let t = hex_text(&text, c as usize, row as usize);
                assert!(t.contains('~'), "fog at {c},{row}: `{t}`\n{text}");
            }
            for h in g.shallows.iter().filter(|&h| g.ship_at(h).is_none()) {
                let (c, row) = h.to_offset();
                let t = hex_text(&text, c as usize, row as usize);
                assert!(t.contains(':'), "shallows at {c},{row}: `{t}`\n{text}");
            }
            let (c, row) = g.exit.to_offset();
            let exit = if has_convoy(&g) { "[ ]" } else { " . " };
            assert_eq!(
                hex_text(&text, c as usize, row as usize).trim_end(),
                exit.trim_end(),
                "{text}"
            );
            assert!(text.contains("Wind from the"), "{text}");
            let clock = format!("Battle clock 0 of {}", g.clock_length);
            assert!(text.contains(&clock), "{text}");
        }
    }

    #[test]
    fn struck_burnt_aground_and_captured_ships_are_marked() {
        let s = builtin_scenario("convoy-action").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        g.ships[0].status = status::STRUCK;
        g.ships[0].owner = broadside_env::poe::state::NONE;
        g.ships[1].status = status::BURNT;
        g.ships[2].owner = 1;
        g.ships[4].aground = 1;
        g.ships[3].status = status::EXITED;
        let r = crate::poe::roster(&s, 0);
        let text = render(&g, &r, &Style::PLAIN);
        let hx = |i: usize| {
            let (c, row) = g.ships[i].hex.to_offset();
            hex_text(&text, c as usize, row as usize)
        };
        assert_eq!(hx(0), "Ax ");
        assert_eq!(hx(1), "B# ");
        assert!(hx(4).ends_with('!'), "{text}");
        assert!(
            !text.contains("D↗"),
            "an escaped ship is off the map:\n{text}"
        );
        assert!(text.contains("D> Capitana (escaped)"), "{text}");
        assert!(text.contains("taken by the Buccaneers"), "{text}");
        let colored = render(&g, &r, &Style::detect(false, false));
        assert!(colored.contains("Santa Rosa"));
        assert_eq!(corner_name(&g), "NE");
    }
}
