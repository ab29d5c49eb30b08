//! Views of a Togo battle for the terminal: the table as a character grid, the ship table,
//! one ship's chart, and the narration of every decision and die (the enemy's order
//! markers stay face down: only that one was placed is told).

use broadside_env::game::{Action, Game};
use broadside_env::togo::catalogue::*;
use broadside_env::togo::data::BATTERY_NAMES;
use broadside_env::togo::state::*;
use broadside_env::togo::{Stage, TogoGame};

use crate::roster::Roster;
use crate::style::Style;

/// Grid cells: one column per inch, one row per two inches.
const COL_MILS: i32 = 1000;
const ROW_MILS: i32 = 2000;

/// "Pelayo (A)".
pub fn tag(roster: &Roster, i: usize) -> String {
    roster.tag(i)
}

fn arrow(heading: u16) -> char {
    ['^', '/', '>', '\\', 'v', '/', '<', '\\'][(((heading as u32 + 22) % 360) / 45) as usize]
}

/// The table: land `#`, water obstacles `~`, minefield markers `*`, ships by letter with
/// an arrow at the bow; north is up.
pub fn map(g: &TogoGame, roster: &Roster, style: &Style) -> String {
    let cols = (g.width / COL_MILS) as usize + 1;
    let rows = (g.depth / ROW_MILS) as usize + 1;
    let mut grid = vec![vec![' '; cols]; rows];
    let cell = |x: i32, y: i32| -> Option<(usize, usize)> {
        let (c, r) = (x / COL_MILS, (g.depth - y) / ROW_MILS);
        ((0..cols as i32).contains(&c) && (0..rows as i32).contains(&r))
            .then_some((r as usize, c as usize))
    };
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, ch) in row.iter_mut().enumerate() {
            let p = broadside_env::plane::Point::new(
                c as i32 * COL_MILS + COL_MILS / 2,
                g.depth - (r as i32 * ROW_MILS + ROW_MILS / 2),
            );
            if g.land().iter().any(|l| l.contains(p)) {
                *ch = '#';
            } else if g.obstacles().iter().any(|l| l.contains(p)) {
                *ch = '~';
            }
        }
    }
    for m in &g.mines[..g.num_mines as usize] {
        if let (true, Some((r, c))) = (m.present, cell(m.at.x, m.at.y)) {
            grid[r][c] = '*';
        }
    }
    for (i, s) in g.ships().iter().enumerate() {
        if !s.afloat() {
            continue;
        }
        if let Some((r, c)) = cell(s.rect.centre.x, s.rect.centre.y) {
            grid[r][c] = roster.letter(i);
            let bow = s.rect.centre.plus(broadside_env::plane::body_to_world(
                s.rect.heading,
                s.rect.length / 2,
                0,
            ));
            if let Some((r2, c2)) = cell(bow.x, bow.y) {
                if (r2, c2) != (r, c) && grid[r2][c2] == ' ' {
                    grid[r2][c2] = arrow(s.rect.heading);
                }
            }
        }
    }
    let border = format!("+{}+", "-".repeat(cols));
    let mut out = vec![format!(
        "Turn {} of {}; wind {} from {}; 1 column = 1\", 1 row = 2\"",
        g.turn,
        g.last_turn,
        WIND_NAMES[g.wind.min(STORM) as usize],
        COMPASS[g.wind_dir as usize % 8]
    )];
    out.push(border.clone());
    for row in grid {
        let line: String = row
            .into_iter()
            .map(|ch| {
                if ch.is_ascii_uppercase() {
                    style.own(&ch.to_string())
                } else if ch.is_ascii_lowercase() {
                    style.enemy(&ch.to_string())
                } else {
                    ch.to_string()
                }
            })
            .collect();
        out.push(format!("|{line}|"));
    }
    out.push(border);
    out.join("\n")
}

/// The order of ship `i` as `viewer` may see it.
pub fn order_text(g: &TogoGame, roster: &Roster, i: usize) -> String {
    let s = &g.ships[i];
    if roster.is_own(i) {
        format!(
            "{} / next {}",
            ORDER_NAMES[s.active.min(FULL) as usize],
            ORDER_NAMES[s.planned.min(FULL) as usize]
        )
    } else if s.revealed {
        format!("{} / next hidden", ORDER_NAMES[s.active.min(FULL) as usize])
    } else {
        "hidden / hidden".into()
    }
}

fn status_text(s: &Ship) -> &'static str {
    match s.status {
        AFLOAT => "afloat",
        SUNK => "sunk",
        _ => "struck",
    }
}

/// What is wrong with ship `i`, in words.
pub fn damage_text(s: &Ship) -> String {
    let mut v = Vec::new();
    if s.fires > 0 {
        v.push(format!("{} fire", s.fires));
    }
    if s.floods + s.floods_held > 0 {
        v.push(format!("flooding {}+{} held", s.floods, s.floods_held));
    }
    match s.rudder {
        RUDDER_LEFT => v.push("rudder: hard to port".into()),
        RUDDER_RIGHT => v.push("rudder: hard to starboard".into()),
        RUDDER_JAMMED => v.push("rudder jammed".into()),
        _ => {}
    }
    match s.engine {
        1 => v.push("engine room: slow".into()),
        2 => v.push("engine room: stopped".into()),
        _ => {}
    }
    if s.listing {
        v.push("heavy list".into());
    }
    if s.bridge {
        v.push("bridge damaged".into());
    }
    if s.anchored {
        v.push("anchored".into());
    }
    if v.is_empty() {
        "-".into()
    } else {
        v.join(", ")
    }
}

fn hull_text(s: &Ship) -> String {
    format!("{:.2}/{}", s.hull as f64 / 4.0, s.hull_max / 4)
}

/// Every ship in one table, one line each within 80 columns (the damage on a line of its
/// own below a damaged ship).
pub fn table(g: &TogoGame, roster: &Roster, style: &Style) -> String {
    let name_w = (0..g.ships().len())
        .map(|i| roster.name(i).chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = vec![style.bold(&format!(
        "  {:<name_w$} cl at (x,y)    hdg hull    guns  tp order / next",
        "Ship"
    ))];
    for (i, s) in g.ships().iter().enumerate() {
        let line = format!(
            "{} {:<name_w$} {:>2} ({:>4.1},{:>4.1}) {:>3} {:<7} {}/{}/{} {:>2} {}{}",
            roster.letter(i),
            roster.name(i),
            s.class,
            s.rect.centre.x as f64 / 1000.0,
            s.rect.centre.y as f64 / 1000.0,
            s.rect.heading,
            hull_text(s),
            s.guns[0],
            s.guns[1],
            s.guns[2],
            s.torpedoes,
            order_text(g, roster, i),
            if s.afloat() {
                String::new()
            } else {
                format!(" [{}]", status_text(s))
            }
        );
        out.push(style.side(roster.is_own(i), &line));
        let damage = damage_text(s);
        if damage != "-" {
            out.push(format!("    damage: {damage}"));
        }
    }
    out.push(
        style.dim("(cl class, hull left/full, guns main/medium/light batteries, tp torpedoes)"),
    );
    out.join("\n")
}

/// One ship's chart: its state and the fire it could open on each enemy now.
pub fn detail(g: &TogoGame, roster: &Roster, i: usize) -> String {
    let s = &g.ships[i];
    let mut out = vec![
        format!(
            "{}: class {}, {}; hull {}, armour {}, {} kt; orders {}",
            tag(roster, i),
            s.class,
            status_text(s),
            hull_text(s),
            s.armour,
            s.max_knots,
            order_text(g, roster, i)
        ),
        format!("  damage: {}", damage_text(s)),
    ];
    for j in 0..g.num_ships as usize {
        let mut fire = Vec::new();
        for b in 0..=TORPEDO {
            if let Some(shot) = g.shot_for(i, j, b) {
                let what = if b == TORPEDO {
                    "torpedo"
                } else {
                    BATTERY_NAMES[b as usize]
                };
                fire.push(format!(
                    "{what} {}d {}+{}{}",
                    shot.dice,
                    shot.to_hit,
                    if shot.pen > 0 {
                        format!(" pen {}+", shot.pen)
                    } else {
                        " no pen".into()
                    },
                    if shot.reroll { " reroll" } else { "" }
                ));
            }
        }
        if !fire.is_empty() {
            out.push(format!("  at {}: {}", tag(roster, j), fire.join("; ")));
        }
    }
    out.join("\n")
}

/// The words for a chance outcome at `before`.
fn roll_text(before: &TogoGame, a: Action, roster: &Roster) -> String {
    let face = a.wrapping_sub(DIE_1) + 1;
    let pass = if a == PASS { "passed" } else { "failed" };
    if let Some(sub) = before.sub {
        return match sub {
            Sub::Rudder { ship, .. } => format!(
                "Rudder damage on {}: die {face} ({})",
                tag(roster, ship as usize),
                match face {
                    1 | 2 => "hard to port",
                    3 | 4 => "hard to starboard",
                    _ => "jammed",
                }
            ),
            Sub::Weapon { ship } => {
                format!(
                    "Weapon destruction on {}: die {face}",
                    tag(roster, ship as usize)
                )
            }
            Sub::Ammo { ship } => format!(
                "Ammunition chamber hit on {}: die {face} ({})",
                tag(roster, ship as usize),
                match face {
                    1..=3 => "small explosion",
                    4 | 5 => "medium explosion",
                    _ => "she blows up",
                }
            ),
            Sub::Blast { next, .. } => format!(
                "Explosion nearby: {} {pass} (a pass catches fire)",
                tag(roster, next as usize)
            ),
            Sub::Effect {
                ship,
                kind,
                torpedo,
                ..
            } => format!(
                "{} effect on {} (D{kind}): die {face}",
                if torpedo { "Torpedo" } else { "Mine" },
                tag(roster, ship as usize)
            ),
        };
    }
    let ship = |k: u8| tag(roster, k as usize);
    match before.stage {
        Stage::Initiative => format!(
            "Initiative: the {} win",
            roster.side_name(if a == PASS { 0 } else { 1 })
        ),
        Stage::WindDir => format!("Wind direction: die {face}"),
        Stage::WindDev => format!("Wind deviation: die {face}"),
        Stage::Strength => format!("Wind strength: die {face}"),
        Stage::StormMine { k } => {
            format!("Storm: minefield marker {k} test {pass} (removed on a pass)")
        }
        Stage::Obstacle => format!("Passage through the water obstacle {pass}"),
        Stage::Mine { .. } => format!("Mine hit test: {} six(es)", a - COUNT_0),
        Stage::RamTest => format!("Ramming roll {pass}"),
        Stage::RamEffect => format!(
            "Ramming effect: d{} shows {face}, modifier {:+}",
            before.mv.ram_die, before.mv.ram_mod
        ),
        Stage::RamStern => format!("Stern rudder test {pass}"),
        Stage::BoardAttack => format!(
            "Boarding: the attacker rolls {face}, modifier {:+}",
            before.boarding_modifier(before.mv.ship as usize, before.mv.ram_target as usize)
        ),
        Stage::BoardDefend => format!(
            "Boarding: the defender rolls {face}, modifier {:+}",
            before.boarding_modifier(before.mv.ram_target as usize, before.mv.ship as usize)
        ),
        Stage::Hits { shot } | Stage::Reroll { shot } => {
            let s = before.queue[shot as usize];
            format!(
                "{} of {} at {}: {} hit(s){}",
                if s.kind == TORPEDO {
                    "torpedo"
                } else {
                    BATTERY_NAMES[s.kind.min(2) as usize]
                },
                ship(s.shooter),
                ship(s.target),
                a - COUNT_0,
                if matches!(before.stage, Stage::Reroll { .. }) {
                    " on the re-roll"
                } else {
                    ""
                }
            )
        }
        Stage::Armour { shot } => {
            let s = before.queue[shot as usize];
            let k = a - ARMOUR_0;
            format!(
                "Armour roll against {}: {} six(es), {} other penetration(s)",
                ship(s.target),
                k / 5,
                if s.pen == 0 { 0 } else { k % 5 }
            )
        }
        Stage::TorpHit { shot } => {
            let s = before.queue[shot as usize];
            format!(
                "Torpedo from {} at {} {pass}",
                ship(s.shooter),
                ship(s.target)
            )
        }
        Stage::Crit { shot } => format!(
            "Critical hit roll on {}: die {face}",
            ship(before.queue[shot as usize].target)
        ),
        Stage::FireTest { ship: k, .. } => format!("Fire extinguishing on {} {pass}", ship(k)),
        Stage::FloodTest { ship: k, .. } => format!("Flood containment on {} {pass}", ship(k)),
        Stage::FireEffect { ship: k, .. } | Stage::FloodEffect { ship: k, .. } => {
            format!("Effect roll on {}: 2d6 = {}", ship(k), a - SUM_2 + 2)
        }
        Stage::Engine { ship: k } => format!("Engine room repair on {} {pass}", ship(k)),
        Stage::List { ship: k } => format!("Heavy list repair on {} {pass}", ship(k)),
        Stage::Surrender { ship: k } => format!(
            "Surrender test of {}: die {face}, modifier {:+}",
            ship(k),
            before.surrender_modifier(k as usize)
        ),
        Stage::SurrenderFail { ship: k } => {
            format!("Surrender failure table for {}: die {face}", ship(k))
        }
        Stage::Contact => format!("Breaking combat contact: {pass} (a failure ends the battle)"),
        _ => format!("Roll: {}", before.spec().action_name(a)),
    }
}

/// Log lines for `action`, which turned `before` into `after`, seen by `roster.viewer`.
pub fn narrate(
    roster: &Roster,
    before: &TogoGame,
    action: Action,
    after: &TogoGame,
) -> Vec<String> {
    let mut lines = Vec::new();
    if before.is_chance() {
        lines.push(roll_text(before, action, roster));
    } else {
        match before.stage {
            Stage::Place { ship, .. } if !roster.is_own(ship as usize) => lines.push(format!(
                "{} places an order marker face down",
                tag(roster, ship as usize)
            )),
            Stage::Select if action != RESIGN => {
                let i = (action - ACTIVATE_0) as usize;
                lines.push(format!(
                    "{} reveals {}",
                    tag(roster, i),
                    ORDER_NAMES[after.ships[i].active.min(FULL) as usize]
                ));
            }
            // Whose decision it was, then what it does (a leg: where she turns after it).
            _ => lines.push(format!(
                "{}: {}",
                match before.turn() {
                    broadside_env::game::Turn::Player(p) => roster.side_name(p).to_string(),
                    _ => "chance".into(),
                },
                super::orders::order_text(before, roster, action)
            )),
        }
    }
    for (i, (b, a)) in before.ships().iter().zip(after.ships()).enumerate() {
        if b.hull != a.hull && a.afloat() {
            lines.push(format!(
                "  {} loses {:.2} Hull ({} left)",
                tag(roster, i),
                (b.hull - a.hull) as f64 / 4.0,
                hull_text(a)
            ));
        }
        if b.afloat() && !a.afloat() {
            lines.push(format!("  {} is {}!", tag(roster, i), status_text(a)));
        }
        if a.fires > b.fires {
            lines.push(format!("  {} is on fire", tag(roster, i)));
        }
        if a.floods + a.floods_held > b.floods + b.floods_held {
            lines.push(format!("  {} is flooding", tag(roster, i)));
        }
    }
    if before.wind != after.wind {
        lines.push(format!(
            "  The wind is now {} from {}",
            WIND_NAMES[after.wind.min(STORM) as usize],
            COMPASS[after.wind_dir as usize % 8]
        ));
    }
    lines
}
