//! Ship charts: one line per ship for the play screen, and the full chart of one ship.
//!
//! The columns follow the online game's ship chart: movement allowance in each attitude to
//! the wind and now, turn allowance, hull, crew and rigging by section, guns and
//! carronades per broadside, loaded and initial broadsides, fouling, colours and points.

use broadside_env::hex::Facing;
use broadside_env::wsim::data::CrewQuality;
use broadside_env::wsim::state::AIM_HULL;
use broadside_env::wsim::{Attitude, Ship, WsimGame};

use super::map::fouled_pairs;
use crate::roster::Roster;
use crate::style::Style;

const ATTITUDES: [Attitude; 4] = [Attitude::A, Attitude::B, Attitude::C, Attitude::D];

/// "(col,row)" of a hex in the map's offset coordinates.
pub fn offset_text(h: broadside_env::hex::Hex) -> String {
    let (c, r) = h.to_offset();
    format!("({c},{r})")
}

/// The two broadsides as "L R", "L -", "- R" or "- -".
fn pair_flags(v: [bool; 2]) -> String {
    format!(
        "{} {}",
        if v[0] { "L" } else { "-" },
        if v[1] { "R" } else { "-" }
    )
}

/// Sections joined by `/`, only as many as the ship has.
fn sections(v: &[u8]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Crew sections the ship has (those with squares at the start).
fn crew_sections(s: &Ship) -> &[u8] {
    let n = s.crew_max.iter().filter(|&&m| m > 0).count().max(1);
    &s.crew[..n]
}

/// Rigging sections the ship has.
fn rigging_sections(s: &Ship) -> &[u8] {
    &s.rigging[..(s.rigging_sections as usize).clamp(1, 4)]
}

/// Names of the ships fouled with ship `i`.
pub fn fouled_with(game: &WsimGame, roster: &Roster, i: usize) -> Vec<String> {
    (0..game.num_ships as usize)
        .filter(|&j| game.ships[i].fouled & (1 << j) != 0)
        .map(|j| roster.name(j).to_string())
        .collect()
}

/// "struck", "no crew", "fouled: X" or "-".
fn status(game: &WsimGame, roster: &Roster, i: usize) -> String {
    let s = &game.ships[i];
    let mut parts = Vec::new();
    if s.struck() {
        parts.push("STRUCK".to_string());
    }
    if s.crewless() {
        parts.push("no crew".to_string());
    }
    let fouled = fouled_with(game, roster, i);
    if !fouled.is_empty() {
        parts.push(format!("fouled: {}", fouled.join(", ")));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join("; ")
    }
}

/// The table of every ship, two lines each so that it fits 80 columns: who she is, her
/// hull, crew and rigging by section and her points; then her movement (by attitude A B C
/// D, now, turns), guns and carronades left | right, loaded and initial broadsides, and any
/// status (struck, no crew, fouled).
pub fn table(game: &WsimGame, roster: &Roster, style: &Style) -> String {
    let width = |v: &[String], least: usize| {
        v.iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(least)
            .max(least)
    };
    let ships = game.ships();
    let hull: Vec<String> = ships
        .iter()
        .map(|s| format!("{}/{}", s.hull, s.hull_max))
        .collect();
    let crew: Vec<String> = ships.iter().map(|s| sections(crew_sections(s))).collect();
    let rig: Vec<String> = ships
        .iter()
        .map(|s| sections(rigging_sections(s)))
        .collect();
    let kinds: Vec<String> = (0..ships.len())
        .map(|i| roster.kinds.get(i).cloned().unwrap_or_else(|| "?".into()))
        .collect();
    let (name_w, side_w, kind_w) = (
        width(&roster.names, 4),
        width(&roster.sides, 4),
        width(&kinds, 4),
    );
    let (hull_w, crew_w, rig_w) = (width(&hull, 4), width(&crew, 4), width(&rig, 3));
    let mut out = String::new();
    out.push_str(&style.bold(&format!(
        "   {:<name_w$} {:<side_w$} {:<kind_w$} {:<hull_w$} {:<crew_w$} {:<rig_w$} pts",
        "Ship", "Side", "Type", "Hull", "Crew", "Rig"
    )));
    out.push('\n');
    out.push_str(
        &style.bold(
            "     move A B C D, now, turns | guns, carronades L|R | loaded, initial broadside",
        ),
    );
    out.push('\n');
    for (i, s) in ships.iter().enumerate() {
        let moves: Vec<String> = ATTITUDES
            .iter()
            .map(|&a| game.allowance_in(i, a).to_string())
            .collect();
        let now = if s.fouled != 0 || !s.can_fight() {
            "0 (-)".to_string()
        } else {
            format!("{} ({})", game.allowance(i), game.attitude(i).name())
        };
        let first = format!(
            "{}{} {:<name_w$} {:<side_w$} {:<kind_w$} {:<hull_w$} {:<crew_w$} {:<rig_w$} {:>3}",
            // The ship waiting for orders is pointed out.
            if game.acting_ship() == Some(i) {
                '>'
            } else {
                ' '
            },
            roster.letter(i),
            roster.name(i),
            roster.side_name(s.side),
            kinds[i],
            hull[i],
            crew[i],
            rig[i],
            s.points,
        );
        let state = status(game, roster, i);
        let second = format!(
            "     move {} now {:<5} turns {} | guns {}|{} carr {}|{} | load {} init {}{}",
            moves.join(" "),
            now,
            s.turn_allowance,
            s.guns[0],
            s.guns[1],
            s.carronades[0],
            s.carronades[1],
            pair_flags(s.loaded),
            pair_flags(s.initial),
            if state == "-" {
                String::new()
            } else {
                format!(" | {state}")
            },
        );
        for line in [first, second] {
            let painted = if s.struck() {
                style.dim(&line)
            } else {
                style.side(roster.is_own(i), &line)
            };
            out.push_str(&painted);
            out.push('\n');
        }
    }
    if !fouled_pairs(game).is_empty() {
        out.push_str(
            "   (fouled ships cannot move or turn; give unfoul=all|friend|enemy|remain)\n",
        );
    }
    out
}

/// The standing orders of a ship in the notation's words ("hull fire>=2"); they carry over
/// from turn to turn unless the next order changes them. Only for the ship's own side.
pub fn standing_orders(s: &Ship) -> String {
    let aim = if s.orders.aim == AIM_HULL {
        "hull"
    } else {
        "rigging"
    };
    let fire = if WsimGame::holds_fire(s.orders.threshold) {
        "hold".to_string()
    } else {
        format!("fire>={}", s.orders.threshold)
    };
    format!("{aim} {fire}")
}

/// One line about the ship waiting for orders: what it may do this turn.
pub fn orders_brief(game: &WsimGame, roster: &Roster, i: usize) -> String {
    let s = &game.ships[i];
    let fouled = fouled_with(game, roster, i);
    let movement = if !fouled.is_empty() {
        format!(
            "fouled with {} (unfoul=all|friend|enemy|remain)",
            fouled.join(", ")
        )
    } else {
        format!(
            "attitude {}, may move {} hex{} with up to {} turn{}",
            game.attitude(i).name(),
            game.allowance(i),
            if game.allowance(i) == 1 { "" } else { "es" },
            s.turn_allowance,
            if s.turn_allowance == 1 { "" } else { "s" }
        )
    };
    format!(
        "{} at {} heading {}: {movement}; loaded {}; standing orders: {}",
        roster.name(i),
        offset_text(s.pos.bow),
        s.pos.facing.name(),
        pair_flags(s.loaded),
        standing_orders(s)
    )
}

/// The full chart of ship `i`.
pub fn detail(game: &WsimGame, roster: &Roster, i: usize) -> String {
    let s = &game.ships[i];
    let owner = if roster.is_own(i) { "yours" } else { "enemy" };
    let quality = CrewQuality::from_index(s.quality as usize)
        .map(|q| q.name())
        .unwrap_or("?");
    let heading: Facing = s.pos.facing;
    let allowances: Vec<String> = ATTITUDES
        .iter()
        .map(|&a| format!("{} {}", a.name(), game.allowance_in(i, a)))
        .collect();
    let fouled = fouled_with(game, roster, i);
    let yes_no = |b: bool, init: bool| match (b, init) {
        (true, true) => "loaded (initial broadside)",
        (true, false) => "loaded",
        (false, _) => "empty",
    };
    let mut out = String::new();
    out.push_str(&format!(
        "{} {} — {} {} ({}), {} points\n",
        roster.letter(i),
        roster.name(i),
        roster.side_name(s.side),
        roster.kinds.get(i).map(String::as_str).unwrap_or("?"),
        owner,
        s.points
    ));
    out.push_str(&format!(
        "  Position: bow {} heading {}, stern {}; attitude {} to the wind from the {}\n",
        offset_text(s.pos.bow),
        heading.name(),
        offset_text(s.pos.stern()),
        game.attitude(i).name(),
        game.wind_from.name()
    ));
    out.push_str(&format!(
        "  Movement allowance: {}; now {}; turns per move {}\n",
        allowances.join(", "),
        game.allowance(i),
        s.turn_allowance
    ));
    out.push_str(&format!("  Hull: {} of {}\n", s.hull, s.hull_max));
    out.push_str(&format!(
        "  Crew ({quality}): sections {} of {} ({} left)\n",
        sections(crew_sections(s)),
        sections(&s.crew_max[..crew_sections(s).len()]),
        s.crew_left()
    ));
    out.push_str(&format!(
        "  Rigging: sections {} of {} ({} sections lost)\n",
        sections(rigging_sections(s)),
        sections(&s.rigging_max[..rigging_sections(s).len()]),
        s.rigging_sections_lost()
    ));
    out.push_str(&format!(
        "  Guns: left {} of {}, right {} of {}; carronades: left {} of {}, right {} of {}\n",
        s.guns[0],
        s.guns_max[0],
        s.guns[1],
        s.guns_max[1],
        s.carronades[0],
        s.carronades_max[0],
        s.carronades[1],
        s.carronades_max[1]
    ));
    out.push_str(&format!(
        "  Broadsides: left {}, right {}\n",
        yes_no(s.loaded[0], s.initial[0]),
        yes_no(s.loaded[1], s.initial[1])
    ));
    out.push_str(&format!(
        "  Fouled with: {}\n",
        if fouled.is_empty() {
            "none".to_string()
        } else {
            fouled.join(", ")
        }
    ));
    let state = if s.struck() {
        "has struck her colours"
    } else if s.crewless() {
        "has lost all her crew"
    } else {
        "fighting"
    };
    out.push_str(&format!("  Status: {state}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::wsim::{builtin_scenario, WsimOptions};

    #[test]
    fn table_has_two_lines_per_ship_within_80_columns_and_detail_names_the_ship() {
        let s = builtin_scenario("squadron-battle").expect("built-in scenario");
        let g = WsimGame::new(&s, WsimOptions::default());
        let roster = crate::wsim::roster(&s, 0);
        let t = table(&g, &roster, &Style::PLAIN);
        assert_eq!(t.lines().count(), 2 + 2 * s.ships.len());
        // Two lines a ship, so that it fits an 80-column terminal.
        for line in t.lines() {
            assert!(
                line.chars().count() <= 80,
                "{} wide: {line}",
                line.chars().count()
            );
        }
        for ship in &s.ships {
            assert!(t.contains(&ship.name), "{t}");
        }
        let d = detail(&g, &roster, 0);
        assert!(d.contains(&s.ships[0].name));
        assert!(d.contains("Hull:"));
    }
}
