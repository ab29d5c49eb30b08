//! The table of an Oak & Iron game as a character grid (north up, one column per inch,
//! one line per two inches), the ship table and one ship's card.

use broadside_env::oak::data::{cards, TerrainKind};
use broadside_env::oak::geometry::{point_of_sail, PointOfSail};
use broadside_env::oak::state::sail;
use broadside_env::oak::OakGame;
use broadside_env::plane::{body_to_world, Point, MILS_PER_INCH};

use super::tag;
use crate::roster::Roster;
use crate::style::Style;

const COL: i32 = MILS_PER_INCH;
const ROW: i32 = 2 * MILS_PER_INCH;

fn arrow(h: u16) -> char {
    ['^', '/', '>', '\\', 'v', '/', '<', '\\'][((h as usize + 22) / 45) % 8]
}

/// The table: terrain (`#` island, `*` rocks, `:` shoal, `~` fog), landing parties (`@`), ships by letter with an
/// arrow at the bow, `x` for a ship out of action, the wind's edge named below.
pub fn render(g: &OakGame, roster: &Roster, style: &Style) -> String {
    let cols = (g.table[0] / COL).max(1) as usize;
    let lines = (g.table[1] / ROW).max(1) as usize;
    let mut grid = vec![vec![' '; cols]; lines];
    let centre_of = |c: usize, l: usize| {
        Point::new(
            c as i32 * COL + COL / 2,
            g.table[1] - l as i32 * ROW - ROW / 2,
        )
    };
    for t in g.pieces() {
        let ch = match t.kind() {
            TerrainKind::Island => '#',
            TerrainKind::Rocks => '*',
            TerrainKind::Shoal => ':',
            TerrainKind::Fog => '~',
        };
        for (l, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                if t.rect.contains(centre_of(c, l)) {
                    *cell = ch;
                }
            }
        }
    }
    let mut put = |p: Point, ch: char| {
        if p.x >= 0 && p.y >= 0 && p.x < g.table[0] && p.y < g.table[1] {
            let (c, l) = ((p.x / COL) as usize, ((g.table[1] - p.y) / ROW) as usize);
            if c < cols && l < lines {
                grid[l][c] = ch;
            }
        }
    };
    // Landing party tokens ashore (glossary: landing party), under the ships.
    for s in g.ships().iter().filter(|s| s.ashore) {
        // `@`, not `^`: `^` is a bow pointing north.
        put(s.landing, '@');
    }
    for (i, s) in g.ships().iter().enumerate() {
        if !s.on_table() {
            continue;
        }
        let b = s.base;
        if s.out_of_action() || s.captured() {
            put(b.centre, 'x');
            continue;
        }
        let half = b.length / 2;
        put(
            b.centre.plus(body_to_world(b.heading, -half, 0)),
            roster.letter(i),
        );
        put(b.centre, roster.letter(i));
        put(
            b.centre.plus(body_to_world(b.heading, half, 0)),
            arrow(b.heading),
        );
    }
    let mut out = String::new();
    out.push_str(&format!("   +{}+\n", "-".repeat(cols)));
    for (l, row) in grid.iter().enumerate() {
        let line: String = row.iter().collect();
        let inches = (g.table[1] - l as i32 * ROW) / MILS_PER_INCH;
        out.push_str(&format!("{inches:>3}|{line}|\n"));
    }
    out.push_str(&format!("   +{}+\n", "-".repeat(cols)));
    let edge = match g.wind_from {
        0 => "north",
        90 => "east",
        180 => "south",
        _ => "west",
    };
    out.push_str(&style.dim(&format!(
        "   wind from the {edge} edge; # island, * rocks, : shoal, ~ fog, @ landing party, x out of action"
    )));
    out
}

fn condition(g: &OakGame, i: usize) -> String {
    let s = &g.ships[i];
    let mut v: Vec<&str> = Vec::new();
    // A fleet battle: which squadron the ship sails in.
    const SQUADRONS: [&str; 4] = ["squadron 1", "squadron 2", "squadron 3", "squadron 4"];
    if g.is_fleet() {
        v.push(SQUADRONS[s.squadron.min(3) as usize]);
    }
    if !s.on_table() {
        v.push(if s.status == 1 { "sunk" } else { "removed" });
    }
    if s.captured() {
        v.push("captured");
    }
    if s.out_of_action() {
        v.push("out of action");
    } else {
        if s.crippled() {
            v.push("crippled");
        }
        if s.shaken() {
            v.push("shaken");
        }
    }
    if s.aground {
        v.push("aground");
    }
    if s.is_entangled() {
        v.push("entangled");
    }
    if s.flagship {
        v.push("flagship");
    }
    if s.ashore {
        v.push("landing party ashore");
    }
    v.join(", ")
}

/// One line per ship: fatigue, damage, sail, reload markers, speed, condition.
pub fn table(g: &OakGame, roster: &Roster, style: &Style) -> String {
    let mut out = format!(
        "{:<22} {:>5} {:>6} {:<13} {:<7} {:>5}  {}\n",
        "ship", "fat.", "damage", "sails", "reload", "speed", "condition"
    );
    for (i, s) in g.ships().iter().enumerate() {
        let reload = match s.reload {
            [true, true] => "both",
            [true, false] => "port",
            [false, true] => "stbd",
            _ => "-",
        };
        let line = format!(
            "{:<22} {:>2}/{:<2} {:>3}/{:<2} {:<13} {:<7} {:>5}  {}",
            tag(roster, i),
            s.fatigue,
            s.shaken_limit(),
            s.damage,
            s.crippled_limit(),
            sail::NAMES[s.sail.min(3) as usize],
            reload,
            g.speed_rating(i),
            condition(g, i)
        );
        out.push_str(&style.side(roster.is_own(i), &line));
        out.push('\n');
    }
    // One hand per own squadron (a fleet battle has several).
    let me = roster.viewer as usize & 1;
    let hands: Vec<String> = (me..g.hand.len())
        .step_by(2)
        .filter(|&c| g.command_exists(c))
        .map(|c| {
            let hand: Vec<String> = (0..cards().len())
                .filter(|&k| g.hand[c] & (1 << k) != 0)
                .map(|k| format!("{} ({})", cards()[k].name, cards()[k].value))
                .collect();
            let hand = if hand.is_empty() {
                "-".into()
            } else {
                hand.join(", ")
            };
            if g.is_fleet() {
                format!("squadron {}: {hand}", c / 2 + 1)
            } else {
                hand
            }
        })
        .collect();
    out.push_str(&format!(
        "Fortune points: {} {}, {} {}. Your hand{}: {}",
        roster.side_name(0),
        g.fortune_of(0),
        roster.side_name(1),
        g.fortune_of(1),
        if g.is_fleet() { "s" } else { "" },
        hands.join("; ")
    ));
    out
}

/// One ship's card and where each enemy lies from it.
pub fn detail(g: &OakGame, roster: &Roster, i: usize) -> String {
    let s = &g.ships[i];
    let pos = match point_of_sail(s.base.heading, g.wind_from) {
        PointOfSail::WindEye => "in the wind's eye",
        PointOfSail::Windward => "windward",
        PointOfSail::Large => "large",
        PointOfSail::Abeam => "abeam",
    };
    let mut out = format!(
        "{}: fortitude {}, broadside {}, crew {}, skill {}, speeds {}/{} (windward/large), heading {}°, {pos}\n  {}\n",
        tag(roster, i),
        s.fortitude,
        s.broadside,
        s.crew,
        s.skill,
        s.windward,
        s.large,
        s.base.heading,
        condition(g, i)
    );
    for (j, t) in g.ships().iter().enumerate() {
        if t.side == s.side || !t.on_table() {
            continue;
        }
        out.push_str(&format!(
            "  {}: {:.1}\" {}\n",
            tag(roster, j),
            g.distance(i, j) as f64 / 1000.0,
            if g.line_of_sight(i, j) {
                "in sight"
            } else {
                "no line of sight"
            }
        ));
    }
    out
}
