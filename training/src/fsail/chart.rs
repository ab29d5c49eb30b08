//! Ship charts of a Fighting Sail game: one line per ship (profile, statistics, tokens,
//! position, heading and attitude), fleet morale per side and the phase.

use broadside_env::fsail::data::rules;
use broadside_env::fsail::state::status;
use broadside_env::fsail::{FsailGame, Ship};

use super::map::{heading_arrow, heading_point};
use super::{inches, phase_text};
use crate::roster::Roster;
use crate::style::Style;

/// "in play", "sunk", "struck" or "taken".
pub fn status_word(s: &Ship) -> &'static str {
    match s.status {
        status::ACTIVE => "in play",
        status::SUNK => "sunk",
        status::STRUCK => "struck",
        status::TAKEN => "taken",
        _ => "?",
    }
}

/// A statistic with its value now when damage halves it: "8(4)".
fn now(full: u8, now: u8) -> String {
    if full == now {
        full.to_string()
    } else {
        format!("{full}({now})")
    }
}

/// The tokens of a ship in words: "2 damage, anchor, fired".
pub fn tokens_text(s: &Ship) -> String {
    let mut t = Vec::new();
    if s.tokens > 0 {
        t.push(format!("{} damage", s.tokens));
    }
    if s.anchor {
        t.push("anchor".into());
    }
    if s.cannon {
        t.push("fired".into());
    }
    if s.sailed {
        t.push("sailed".into());
    }
    if t.is_empty() {
        "-".into()
    } else {
        t.join(", ")
    }
}

/// Position and heading: "(23.0, 8.0) 090° E >".
pub fn place(s: &Ship) -> String {
    let c = s.base.centre;
    format!(
        "({}, {}) {:03}° {} {}",
        inches(c.x),
        inches(c.y),
        s.base.heading,
        heading_point(s.base.heading),
        heading_arrow(s.base.heading)
    )
}

/// Fleet morale of both sides, one line.
pub fn morale_line(g: &FsailGame, roster: &Roster) -> String {
    let side = |k: usize| {
        let in_play = g
            .ships()
            .iter()
            .filter(|s| s.side as usize == k && s.active())
            .count();
        let all = g.ships().iter().filter(|s| s.side as usize == k).count();
        format!(
            "{} {}/{} ({in_play} of {all} ships in play)",
            roster.side_name(k as u8),
            g.morale[k].max(0),
            g.start_morale[k]
        )
    };
    format!("Fleet morale: {}; {}", side(0), side(1))
}

/// The chart of every ship, the fleet morale and the phase.
pub fn table(g: &FsailGame, roster: &Roster, style: &Style) -> String {
    let mut out = String::new();
    out.push_str(&style.bold(&phase_text(g, roster)));
    out.push('\n');
    out.push_str(&morale_line(g, roster));
    out.push('\n');
    let name_w = (0..g.ships().len())
        .map(|i| roster.name(i).chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    // One line a ship within 80 columns: the profile is in `chart NAME`.
    out.push_str(&format!(
        "   {:<name_w$} {:>2} {:>5} {:>2} {:>5} {:>2}  {:<19} {:<12} {}\n",
        "ship", "Sa", "Gun", "Hu", "Board", "Di", "at (x\", y\") heading", "attitude", "tokens"
    ));
    for (i, s) in g.ships().iter().enumerate() {
        let letter = style.side(roster.is_own(i), &roster.letter(i).to_string());
        let flag = if s.flagship { "*" } else { " " };
        let att = if s.active() {
            g.attitude(i).name().to_string()
        } else {
            status_word(s).to_uppercase()
        };
        let c = s.base.centre;
        let at = format!(
            "({}, {}) {:03}° {}",
            inches(c.x),
            inches(c.y),
            s.base.heading,
            heading_point(s.base.heading)
        );
        let line = format!(
            "{:<name_w$} {:>2} {:>5} {:>2} {:>5} {:>2}  {:<19} {:<12} {}",
            roster.name(i),
            s.sailing,
            now(s.gunnery, s.gunnery_now()),
            s.hull,
            now(s.boarding, s.boarding_now()),
            s.discipline,
            at,
            att,
            tokens_text(s)
        );
        let line = if s.active() { line } else { style.dim(&line) };
        out.push_str(&format!("{letter}{flag} {line}\n"));
    }
    out.push_str(
        "(Sa sailing, Hu hull, Di discipline; * flagship; Gun(n), Board(n): halved by damage)",
    );
    out
}

/// One ship in detail.
pub fn detail(g: &FsailGame, roster: &Roster, i: usize) -> String {
    let Some(s) = g.ships().get(i) else {
        return format!("no ship {i}");
    };
    let r = rules();
    let mut out = format!(
        "{} ({}) — {}{}, {} ({})\n",
        roster.name(i),
        roster.letter(i),
        roster.side_name(s.side),
        if s.flagship { ", flagship" } else { "" },
        roster.kinds.get(i).map(String::as_str).unwrap_or("?"),
        status_word(s)
    );
    out.push_str(&format!(
        "  Sailing {}  Gunnery {}  Hull {}  Boarding {}  Discipline {}\n",
        s.sailing,
        now(s.gunnery, s.gunnery_now()),
        s.hull,
        now(s.boarding, s.boarding_now()),
        s.discipline
    ));
    out.push_str(&format!(
        "  Damage tokens {} (3: Discipline test, 4: sinks); anchor token {}; cannon token {}; sailed this turn {}\n",
        s.tokens,
        yes(s.anchor),
        yes(s.cannon),
        yes(s.sailed)
    ));
    if s.active() {
        let att = g.attitude(i);
        out.push_str(&format!(
            "  Mainmast at {}; {}, sailing dice hit on {}+\n",
            place(s),
            att.name(),
            r.sail_target[att as usize]
        ));
        let mut targets = Vec::new();
        for (j, o) in g.ships().iter().enumerate() {
            if o.side == s.side || !o.active() {
                continue;
            }
            let d = broadside_env::plane::mast_distance(&s.base, &o.base);
            let arc = g.broadside_at(i, j).map_or("no arc", |a| a.name());
            let band = match g.range_band(i, j) {
                Some(0) => "short",
                Some(1) => "medium",
                Some(_) => "long",
                None => "out of range",
            };
            targets.push(format!(
                "{} {}\" {band}, {arc}{}{}",
                roster.letter(j),
                inches(d),
                if g.clear_line(i, j) { "" } else { ", blocked" },
                if g.is_raking(i, j) { ", raking" } else { "" }
            ));
        }
        out.push_str(&format!("  Enemies: {}", targets.join("; ")));
    } else {
        out.push_str(&format!("  Last seen at {}", place(s)));
    }
    out
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::{builtin_scenario, FsailOptions};

    #[test]
    fn the_chart_lists_every_ship_and_the_morale() {
        let s = builtin_scenario("fleet-action").expect("built-in scenario");
        let g = FsailGame::new(&s, FsailOptions::default());
        let r = crate::fsail::roster(&s, 1);
        let t = table(&g, &r, &Style::PLAIN);
        assert!(t.contains("Victory") && t.contains("Furet"), "{t}");
        assert!(t.contains("Fleet morale: British"), "{t}");
        let d = detail(&g, &r, 0);
        assert!(d.contains("Victory (a)") && d.contains("flagship"), "{d}");
    }
}
