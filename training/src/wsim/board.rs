//! The WS&IM board for the browser (`broadside serve`): the hex map, each ship over her bow
//! and stern hexes, her hull, crew, rigging and loaded broadsides at a glance, and the range
//! in hexes to each enemy still fighting.

use broadside_env::hex::{Hex, Side};
use broadside_env::wsim::data::tables;
use broadside_env::wsim::{Phase, WsimGame};

use super::{chart, map};
use crate::board::{hex_centre, hex_extent, Area, Board, Piece, Range, Wind};
use crate::roster::Roster;
use crate::style::Style;

fn centre(h: Hex) -> [f64; 2] {
    let (c, r) = h.to_offset();
    hex_centre(c, r)
}

/// The board of `g` seen through `roster`.
pub fn board(g: &WsimGame, roster: &Roster) -> Board {
    let (cols, rows) = (g.map.cols.max(0) as u32, g.map.rows.max(0) as u32);
    let (width, height) = hex_extent(cols, rows);
    let ships = g.ships();
    let pieces = ships
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let hexes = s.pos.hexes().map(centre).to_vec();
            let mut marks = vec![
                format!("hull {}/{}", s.hull, s.hull_max),
                format!(
                    "crew {}/{}",
                    s.crew.iter().map(|&c| u32::from(c)).sum::<u32>(),
                    s.crew_max.iter().map(|&c| u32::from(c)).sum::<u32>()
                ),
                format!(
                    "rigging {}/{}",
                    s.rigging.iter().map(|&c| u32::from(c)).sum::<u32>(),
                    s.rigging_max.iter().map(|&c| u32::from(c)).sum::<u32>()
                ),
            ];
            for (side, name) in [(0, "left"), (1, "right")] {
                if s.loaded[side] {
                    marks.push(format!("{name} loaded"));
                }
            }
            if s.fouled != 0 {
                marks.push("fouled".into());
            }
            if s.struck() {
                marks.push("struck".into());
            }
            let ranges = ships
                .iter()
                .enumerate()
                .filter(|(j, o)| o.side != s.side && !o.struck() && *j != i)
                .map(|(j, o)| Range {
                    to: j,
                    value: f64::from(
                        s.pos
                            .hexes()
                            .iter()
                            .flat_map(|a| o.pos.hexes().map(|b| a.distance(b)))
                            .min()
                            .unwrap_or(0),
                    ),
                })
                .collect();
            Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side: s.side,
                letter: roster.letter(i),
                x: hexes[0][0],
                y: hexes[0][1],
                heading: f64::from(s.pos.facing.0) * 60.0,
                hexes,
                outline: Vec::new(),
                out: s.struck(),
                marks,
                // The hull is what strikes her colours when it runs out.
                strength: Some(f64::from(s.hull) / f64::from(s.hull_max.max(1))),
                card: chart::detail(g, roster, i),
                ranges,
            }
        })
        .collect();
    Board {
        kind: "hex",
        width,
        height,
        cols,
        rows,
        unit: "hexes",
        wind: Some(Wind {
            from_deg: f64::from(g.wind_from.0) * 60.0,
            text: map::wind_line(g.wind_from),
        }),
        pieces,
        areas: Vec::new(),
        acting: order_ship(g),
        text: map::render(g, roster, &Style::PLAIN),
    }
}

/// The ship a legal order is for: WS&IM orders one ship at a time.
pub fn order_ship(g: &WsimGame) -> Option<usize> {
    match g.phase {
        Phase::Orders { ship, .. } => Some(ship as usize),
        _ => None,
    }
}

/// The hexes within maximum range in each broadside's field of fire of ship `i` (left
/// broadside first; the rules' "play" of a broadside, `ShipPos::field_contains`).
pub fn fields(g: &WsimGame, i: usize) -> Vec<Area> {
    let Some(s) = g.ships().get(i) else {
        return Vec::new();
    };
    let max = tables().rules.max_range;
    [
        (Side::Left, "left broadside"),
        (Side::Right, "right broadside"),
    ]
    .into_iter()
    .map(|(side, name)| Area {
        kind: "field",
        name: name.into(),
        hexes: (0..g.map.cols)
            .flat_map(|c| (0..g.map.rows).map(move |r| Hex::from_offset(c, r)))
            .filter(|&h| {
                !s.pos.occupies(h)
                    && s.pos
                        .hexes()
                        .iter()
                        .map(|a| a.distance(h))
                        .min()
                        .unwrap_or(0)
                        <= max
                    && s.pos.field_contains(side, h)
            })
            .map(centre)
            .collect(),
        outline: Vec::new(),
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::wsim::{builtin_scenario, WsimOptions};

    #[test]
    fn every_ship_stands_on_the_board_with_her_stern_behind_her_bow() {
        let s = builtin_scenario("squadron-battle").expect("built-in scenario");
        let g = WsimGame::new(&s, WsimOptions::default());
        let roster = crate::wsim::roster(&s, 0);
        let b = board(&g, &roster);
        assert_eq!(b.pieces.len(), g.ships().len());
        for p in &b.pieces {
            for [x, y] in &p.hexes {
                assert!(*x > 0.0 && *x < b.width && *y > 0.0 && *y < b.height);
            }
            // The stern lies opposite the heading: north is up (y grows southwards).
            let (dx, dy) = (p.hexes[1][0] - p.x, p.hexes[1][1] - p.y);
            let back = (p.heading + 180.0).to_radians();
            assert!((dx - back.sin() * 3f64.sqrt()).abs() < 1e-6, "{}", p.name);
            assert!((dy + back.cos() * 3f64.sqrt()).abs() < 1e-6, "{}", p.name);
            assert!(!p.ranges.is_empty());
            // Each broadside's field lies on its own side of the keel.
            let f = fields(&g, p.ship);
            assert_eq!(f.len(), 2);
            let h = p.heading.to_radians();
            let across = |q: &[f64; 2]| (q[0] - p.x) * h.cos() + (q[1] - p.y) * h.sin();
            assert!(
                f[0].hexes.iter().all(|q| across(q) < 0.0),
                "{}: left",
                p.name
            );
            assert!(
                f[1].hexes.iter().all(|q| across(q) > 0.0),
                "{}: right",
                p.name
            );
            assert!(!f[0].hexes.is_empty() && !f[1].hexes.is_empty());
        }
    }
}
