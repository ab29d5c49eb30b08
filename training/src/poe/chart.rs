//! Ship charts of a Pieces of Eight game: the table of every ship (class, owner, status,
//! crew / guns / sail markers of their maximum, crew quality, aground and paused) and the
//! chart of one ship (its sailing and gunnery now, and each enemy: range, arc, dice, raking).

use broadside_env::poe::data::{rules, SIZE_NAMES};
use broadside_env::poe::state::{arc_of, status, Arc, CREW, GUNS, SAIL};
use broadside_env::poe::{PoeGame, Ship, ShotKind};

use super::map::facing_arrow;
use super::{at, owner_name, phase_text, points_text, tag};
use crate::roster::Roster;
use crate::style::Style;

/// "afloat", "captured", "struck", "burnt" or "exited".
pub fn status_word(s: &Ship) -> &'static str {
    match s.status {
        status::AFLOAT if s.captured() => "captured",
        status::AFLOAT => "afloat",
        status::STRUCK => "struck",
        status::BURNT => "burnt",
        status::EXITED => "exited",
        _ => "?",
    }
}

/// Markers now of the maximum: "2/3".
pub fn markers(s: &Ship, t: usize) -> String {
    format!("{}/{}", s.level[t], s.max[t])
}

/// "crew 2/3, guns 1/2, sail 3/3".
pub fn markers_text(s: &Ship) -> String {
    format!(
        "crew {}, guns {}, sail {}",
        markers(s, CREW),
        markers(s, GUNS),
        markers(s, SAIL)
    )
}

/// The crew quality and conditions of a ship in words ("hardened, aground"), or "-".
pub fn notes(g: &PoeGame, i: usize) -> String {
    let s = &g.ships[i];
    let mut t: Vec<&str> = Vec::new();
    if s.hardened_now() {
        t.push("hardened");
    }
    if s.scurvy_now() && s.status != status::STRUCK {
        t.push("scurvy");
    }
    if s.aground == 2 {
        t.push("aground");
    } else if s.aground == 1 {
        t.push("aground (refloats)");
    }
    if s.paused {
        t.push("paused");
    }
    if s.pause_next {
        t.push("pauses next turn");
    }
    if s.afloat()
        && g.act.ship as usize != i
        && s.owner == g.mover
        && s.acted
        && !s.paused
        && g.ending.is_none()
    {
        t.push("acted");
    }
    if t.is_empty() {
        "-".into()
    } else {
        t.join(", ")
    }
}

/// "warship" or "merchant" with its size: "medium warship".
pub fn kind(s: &Ship) -> String {
    format!(
        "{} {}",
        SIZE_NAMES[(s.size as usize).clamp(1, 3) - 1],
        if s.warship { "warship" } else { "merchant" }
    )
}

/// The table of every ship, the phase and the victory points.
pub fn table(g: &PoeGame, roster: &Roster, style: &Style) -> String {
    let mut out = String::new();
    out.push_str(&style.bold(&phase_text(g, roster)));
    out.push('\n');
    let p = g.half_points();
    out.push_str(&format!(
        "Wind from the {}; battle clock {} of {}; points: {} {}, {} {}\n",
        g.wind_from.name(),
        g.clock,
        g.clock_length,
        roster.side_name(0),
        points_text(p[0]),
        roster.side_name(1),
        points_text(p[1])
    ));
    let widest = |v: &mut dyn Iterator<Item = usize>, least: usize| v.max().unwrap_or(0).max(least);
    let n = g.ships().len();
    let name_w = widest(&mut (0..n).map(|i| roster.name(i).chars().count()), 4);
    let class_w = widest(
        &mut (0..n).map(|i| roster.kinds.get(i).map_or(1, |k| k.chars().count())),
        5,
    );
    let owner_w = widest(&mut (0..2).map(|k| roster.side_name(k).chars().count()), 5);
    // One line a ship within 80 columns: a ship that is not afloat says so in her notes.
    out.push_str(&format!(
        "   {:<name_w$} {:<class_w$} {:<owner_w$} {:>4} {:>4} {:>4}  {:<10} {}\n",
        "ship", "class", "owner", "crew", "guns", "sail", "at", "notes"
    ));
    for (i, s) in g.ships().iter().enumerate() {
        let letter = if s.afloat() {
            style.side(s.owner == roster.viewer, &roster.letter(i).to_string())
        } else {
            roster.letter(i).to_string()
        };
        let place = if s.occupies() {
            format!("{} {}", at(s.hex), facing_arrow(s.facing))
        } else {
            "-".into()
        };
        let owner = if s.afloat() {
            roster.side_name(s.owner)
        } else {
            "-"
        };
        let notes = match (status_word(s), notes(g, i)) {
            ("afloat", n) => n,
            (word, n) if n == "-" => word.to_string(),
            (word, n) => format!("{word}; {n}"),
        };
        let line = format!(
            "{:<name_w$} {:<class_w$} {:<owner_w$} {:>4} {:>4} {:>4}  {:<10} {}",
            roster.name(i),
            roster.kinds.get(i).map(String::as_str).unwrap_or("?"),
            owner,
            markers(s, CREW),
            markers(s, GUNS),
            markers(s, SAIL),
            place,
            notes
        );
        let line = if s.afloat() { line } else { style.dim(&line) };
        out.push_str(&format!("{letter}  {line}\n"));
    }
    out.push_str("(markers now/at the start; `chart NAME` for one ship's guns and targets)");
    out
}

/// Hexes a ship may sail now from its facing to the wind: "3 hexes + 1 on 3-6".
pub fn sailing_text(g: &PoeGame, i: usize) -> String {
    let s = &g.ships[i];
    let sr = &rules().sailing;
    let a = g.wind_angle(i) as usize;
    let base = sr.base_hexes[a];
    let mut extra = if s.size == 1 {
        sr.small_additions[a]
    } else {
        sr.medium_large_additions[a]
    };
    if s.level[SAIL] == 0 {
        extra = 0;
    }
    let target =
        (sr.addition_target as i32 - s.hardened_now() as i32 + s.scurvy_now() as i32).clamp(1, 7);
    let moves = if base == 0 {
        "spin 1 face".to_string()
    } else {
        format!("{base} hex{}", if base == 1 { "" } else { "es" })
    };
    match extra {
        0 => moves,
        1 => format!("{moves} + 1 on {target}-6"),
        n => format!("{moves} + up to {n} on {target}-6 each, until a failure"),
    }
}

/// One ship in detail: its condition, sailing, guns and each enemy's range and arc.
pub fn detail(g: &PoeGame, roster: &Roster, i: usize) -> String {
    let Some(s) = g.ships().get(i) else {
        return format!("no ship {i}");
    };
    let gr = &rules().gunnery;
    let class = roster.kinds.get(i).map(String::as_str).unwrap_or("?");
    let class = if class.eq_ignore_ascii_case(&kind(s)) {
        class.to_string()
    } else {
        format!("{class} ({})", kind(s))
    };
    let mut out = format!(
        "{} — {class}, of the {}; {}",
        tag(roster, i),
        roster.side_name(s.orig),
        status_word(s)
    );
    if s.captured() {
        out.push_str(&format!(
            ", in the hands of the {}",
            owner_name(roster, s.owner)
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "  Markers: {}; {}\n",
        markers_text(s),
        notes(g, i)
    ));
    if !s.afloat() {
        if s.occupies() {
            out.push_str(&format!(
                "  Lies at {} facing {}.",
                at(s.hex),
                s.facing.name()
            ));
        } else {
            out.push_str("  Escaped by the exit.");
        }
        return out;
    }
    let hazards = [
        (g.fog.contains(s.hex), "in fog (cannot shoot or be shot)"),
        (g.shallows.contains(s.hex), "in shallows"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, t)| *t)
    .collect::<Vec<_>>()
    .join(", ");
    out.push_str(&format!(
        "  At {} facing {} {}, {} ({}){}\n",
        at(s.hex),
        s.facing.name(),
        facing_arrow(s.facing),
        g.wind_angle(i).name(),
        sailing_text(g, i),
        if hazards.is_empty() {
            String::new()
        } else {
            format!("; {hazards}")
        }
    ));
    let turns = match s.turn_budget() {
        u8::MAX => "one direction change in each hex".to_string(),
        n => format!(
            "{n} direction change{} a turn",
            if n == 1 { "" } else { "s" }
        ),
    };
    out.push_str(&format!(
        "  Guns: broadside range {} hexes ({} dice a gun marker), chasers {} die at {} hexes; {turns}\n",
        s.range, gr.dice_per_gun, gr.chaser_dice, gr.chaser_range
    ));
    let mut lines = Vec::new();
    for (j, o) in g.ships().iter().enumerate() {
        if j == i || !o.afloat() || o.owner == s.owner {
            continue;
        }
        let d = s.hex.distance(o.hex);
        let arc = match arc_of(s.hex, s.facing, o.hex) {
            Arc::Bow => "bow",
            Arc::Broadside => "abeam",
            Arc::Stern => "stern",
        };
        let ours = match g.shot_option(i, j, ShotKind::Own) {
            Some(true) => format!("chaser, {} die", gr.chaser_dice),
            Some(false) => format!(
                "in range, {} dice{}",
                g.gunnery_dice(i, j, ShotKind::Own, false),
                if g.rakes(i, j) { ", raking" } else { "" }
            ),
            None if g.fog.contains(s.hex) || g.fog.contains(o.hex) => "fog between".into(),
            None if s.aground > 0 => "aground: no shooting".into(),
            None => "out of range or arc".into(),
        };
        let theirs = match g.shot_option(j, i, ShotKind::Own) {
            Some(true) => "her chaser bears".to_string(),
            Some(false) => format!(
                "her broadside bears, {} dice{}",
                g.gunnery_dice(j, i, ShotKind::Own, false),
                if g.rakes(j, i) { ", raking" } else { "" }
            ),
            None => "her guns do not bear".into(),
        };
        let board = if g.can_board(i, j) {
            format!(
                "; may board: grapple {} dice v {}",
                g.boarding_dice(i, j, false),
                g.boarding_dice(j, i, false)
            )
        } else {
            String::new()
        };
        lines.push(format!(
            "    {} at {} hexes, {arc}: {ours}; {theirs}{board}",
            tag(roster, j),
            d
        ));
    }
    for (j, o) in g.ships().iter().enumerate() {
        if o.status == status::STRUCK && g.can_board(i, j) {
            lines.push(format!(
                "    {} (struck) alongside: may board her (1 grapple success of {} dice takes her)",
                tag(roster, j),
                g.boarding_dice(i, j, false)
            ));
        }
    }
    if lines.is_empty() {
        out.push_str("  Enemies: none afloat");
    } else {
        out.push_str("  Enemies:\n");
        out.push_str(&lines.join("\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::{builtin_scenario, PoeOptions};

    #[test]
    fn the_table_lists_every_ship_with_its_markers() {
        let s = builtin_scenario("convoy-action").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        // Ship 5 is Fancy (guns 2 at the start), ship 6 Whydah.
        g.ships[5].level[GUNS] = 1;
        g.ships[6].aground = 2;
        let r = crate::poe::roster(&s, 0);
        let t = table(&g, &r, &Style::PLAIN);
        for name in ["Santa Rosa", "Capitana", "Revenge", "Fancy", "Whydah"] {
            assert!(t.contains(name), "{name}: {t}");
        }
        assert!(t.contains("Large merchant"), "{t}");
        let line = |name: &str, words: &[&str]| {
            t.lines()
                .any(|l| l.contains(name) && words.iter().all(|w| l.contains(w)))
        };
        assert!(line("Fancy", &["1/2"]), "{t}");
        assert!(line("Whydah", &["aground"]), "{t}");
        assert!(line("Capitana", &["hardened"]), "{t}");
        assert!(line("Revenge", &["hardened", "3/3"]), "{t}");
    }

    #[test]
    fn the_detail_shows_range_and_the_enemies_in_range() {
        let s = builtin_scenario("warship-duel").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        let r = crate::poe::roster(&s, 0);
        let d = detail(&g, &r, 0);
        assert!(
            d.contains("Swallow (A)") && d.contains("broadside range 4"),
            "{d}"
        );
        assert!(d.contains("Royal Fortune (a) at 8 hexes"), "{d}");
        assert!(d.contains("out of range"), "{d}");
        // Put the enemy 2 hexes off Swallow's beam.
        let (c, row) = g.ships[0].hex.to_offset();
        g.ships[1].hex = broadside_env::hex::Hex::from_offset(c, row + 2);
        let d = detail(&g, &r, 0);
        assert!(d.contains("at 2 hexes") && d.contains("in range"), "{d}");
    }
}
