//! The Pieces of Eight sea for the browser (`broadside serve`): ships in their hexes under
//! their present owners, fog, shallows and the escape corner, each ship's crew, guns and
//! sail markers, and the range in hexes to each enemy afloat.

use broadside_env::game::Action;
use broadside_env::hex::Hex;
use broadside_env::poe::catalogue::SHIP_0;
use broadside_env::poe::state::{arc_of, status, Arc as PoeArc, CREW, GUNS, NONE, SAIL};
use broadside_env::poe::{Pending, PoeGame};

use super::{chart, map};
use crate::board::{hex_centre, hex_extent, Area, Board, Piece, Range, Wind};
use crate::roster::Roster;
use crate::style::Style;

fn centre(h: Hex) -> [f64; 2] {
    let (c, r) = h.to_offset();
    hex_centre(c, r)
}

/// The board of `g` seen through `roster`.
pub fn board(g: &PoeGame, roster: &Roster) -> Board {
    let (cols, rows) = (g.map.cols.max(0) as u32, g.map.rows.max(0) as u32);
    let (width, height) = hex_extent(cols, rows);
    let ships = g.ships();
    let pieces = ships
        .iter()
        .enumerate()
        .filter(|(_, s)| s.occupies())
        .map(|(i, s)| {
            let mut marks = vec![
                format!("crew {}/{}", s.level[CREW], s.max[CREW]),
                format!("guns {}/{}", s.level[GUNS], s.max[GUNS]),
                format!("sail {}/{}", s.level[SAIL], s.max[SAIL]),
            ];
            match s.status {
                status::STRUCK => marks.push("struck".into()),
                status::BURNT => marks.push("burnt".into()),
                _ => {}
            }
            if s.captured() {
                marks.push("captured".into());
            }
            if s.aground > 0 {
                marks.push("aground".into());
            }
            let side = if s.owner == NONE { s.orig } else { s.owner };
            let ranges = ships
                .iter()
                .enumerate()
                .filter(|(_, o)| o.afloat() && o.owner != side && s.afloat())
                .map(|(j, o)| Range {
                    to: j,
                    value: f64::from(s.hex.distance(o.hex)),
                })
                .collect();
            let [x, y] = centre(s.hex);
            Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side,
                letter: roster.letter(i),
                x,
                y,
                heading: f64::from(s.facing.0) * 60.0,
                hexes: vec![[x, y]],
                outline: Vec::new(),
                out: !s.afloat(),
                marks,
                // Every marker lost (crew, guns, sail) counts alike.
                strength: Some(
                    f64::from(s.level.iter().map(|&l| u32::from(l)).sum::<u32>())
                        / f64::from(s.max.iter().map(|&m| u32::from(m)).sum::<u32>().max(1)),
                ),
                card: chart::detail(g, roster, i),
                ranges,
            }
        })
        .collect();
    let mut areas = vec![
        Area {
            kind: "fog",
            name: "fog".into(),
            hexes: g.fog.iter().map(centre).collect(),
            outline: Vec::new(),
        },
        Area {
            kind: "shallows",
            name: "shallows".into(),
            hexes: g.shallows.iter().map(centre).collect(),
            outline: Vec::new(),
        },
    ];
    if map::has_convoy(g) {
        let exits = (0..g.map.cols)
            .flat_map(|c| (0..g.map.rows).map(move |r| Hex::from_offset(c, r)))
            .filter(|&h| g.is_exit(h))
            .map(centre)
            .collect();
        areas.push(Area {
            kind: "exit",
            name: format!("escape corner ({})", map::corner_name(g)),
            hexes: exits,
            outline: Vec::new(),
        });
    }
    Board {
        kind: "hex",
        width,
        height,
        cols,
        rows,
        unit: "hexes",
        wind: Some(Wind {
            from_deg: f64::from(g.wind_from.0) * 60.0,
            text: map::wind_line(g),
        }),
        pieces,
        areas,
        acting: matches!(
            g.pending,
            Pending::Recover | Pending::Moving | Pending::AfterMove
        )
        .then_some(g.act.ship as usize),
        text: map::render(g, roster, &Style::PLAIN),
    }
}

/// The ship a legal order is for: the ship picked to act (`ship:k`, scenario order), or the
/// acting ship's own orders.
pub fn order_ship(g: &PoeGame, action: Action) -> Option<usize> {
    match g.pending {
        Pending::SelectShip => {
            let k = usize::from(action.checked_sub(SHIP_0)?);
            (k < g.ships().len()).then_some(k)
        }
        Pending::Recover | Pending::Moving | Pending::AfterMove => Some(g.act.ship as usize),
        _ => None,
    }
}

/// The hexes within broadside range in ship `i`'s broadside arcs (`state::arc_of`).
pub fn fields(g: &PoeGame, i: usize) -> Vec<Area> {
    let Some(s) = g.ships().get(i).filter(|s| s.afloat()) else {
        return Vec::new();
    };
    vec![Area {
        kind: "field",
        name: "broadsides".into(),
        hexes: (0..g.map.cols)
            .flat_map(|c| (0..g.map.rows).map(move |r| Hex::from_offset(c, r)))
            .filter(|&h| {
                h != s.hex
                    && s.hex.distance(h) <= i32::from(s.range)
                    && arc_of(s.hex, s.facing, h) == PoeArc::Broadside
            })
            .map(centre)
            .collect(),
        outline: Vec::new(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::PoeRuleset;
    use broadside_env::ruleset::{GameOptions, Ruleset};

    #[test]
    fn ships_fog_and_shallows_lie_on_the_map() {
        for s in PoeRuleset::builtin_scenarios() {
            let g = PoeRuleset::new_game(s, &GameOptions::default());
            let roster = super::super::roster(s, 0);
            let b = board(&g, &roster);
            assert_eq!(
                b.pieces.len(),
                g.ships().iter().filter(|s| s.occupies()).count()
            );
            let inside = |[x, y]: [f64; 2]| x > 0.0 && x < b.width && y > 0.0 && y < b.height;
            assert!(b.pieces.iter().all(|p| inside([p.x, p.y])));
            assert!(b.areas.iter().flat_map(|a| &a.hexes).all(|&h| inside(h)));
            for p in &b.pieces {
                let f = fields(&g, p.ship);
                assert!(f.iter().flat_map(|a| &a.hexes).all(|&h| inside(h)));
                // Abeam: never the hex dead ahead of her.
                let ahead = g.ships()[p.ship].hex.neighbor(g.ships()[p.ship].facing);
                assert!(f.iter().flat_map(|a| &a.hexes).all(|&h| h != centre(ahead)));
            }
        }
    }
}
