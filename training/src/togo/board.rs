//! The Togo table for the browser (`broadside serve`): each ship's base where it lies and
//! points, her hull, batteries, torpedoes, order markers, fires, flooding and critical
//! damage, the land, water obstacles and minefield markers, the wind, the ship whose
//! activation it is, and the range in inches (closest points of the bases) to each enemy
//! afloat. A selected ship's fields of fire are her gun ranges all round (guns bear in every
//! direction in Togo: close and medium range, `gunnery.close_range` and `medium_range`) and
//! her torpedo range. An enemy's order markers stay face down until revealed: her marks
//! and card say "order face down", never the order.

use broadside_env::game::Action;
use broadside_env::plane::{body_to_world, Point, Rect, MILS_PER_INCH};
use broadside_env::togo::catalogue::{ACTIVATE_0, FULL, LEG_0, ORDER_NAMES};
use broadside_env::togo::data::rules;
use broadside_env::togo::state::{
    Ship, COMPASS, RUDDER_JAMMED, RUDDER_LEFT, RUDDER_RIGHT, STORM, SUNK, WIND_NAMES,
};
use broadside_env::togo::{Stage, TogoGame};

use super::view;
use crate::board::{Area, Board, Piece, Range, Wind};
use crate::roster::Roster;
use crate::style::Style;

/// Inches, `y` turned to grow southwards.
fn at(p: Point, depth: i32) -> [f64; 2] {
    let inch = f64::from(MILS_PER_INCH);
    [f64::from(p.x) / inch, f64::from(depth - p.y) / inch]
}

fn outline(r: &Rect, depth: i32) -> Vec<[f64; 2]> {
    r.corners().iter().map(|&p| at(p, depth)).collect()
}

/// The points within `reach` mils of base `r` (a rectangle with rounded corners), as an
/// outline: each corner's quarter circle in 15-degree steps.
fn around(r: &Rect, reach: i32, depth: i32) -> Vec<[f64; 2]> {
    let (l, b) = (f64::from(r.length) / 2.0, f64::from(r.beam) / 2.0);
    let mut out = Vec::new();
    for quarter in 0..4 {
        for step in 0..=6 {
            let t = f64::from(quarter * 90 + step * 15).to_radians();
            let (along, across) = (t.cos(), t.sin());
            let corner_along = if quarter == 0 || quarter == 3 { l } else { -l };
            let corner_across = if quarter < 2 { b } else { -b };
            let p = r.centre.plus(body_to_world(
                r.heading,
                (corner_along + f64::from(reach) * along).round() as i32,
                (corner_across + f64::from(reach) * across).round() as i32,
            ));
            out.push(at(p, depth));
        }
    }
    out
}

/// Ship `i`'s order markers as `roster.viewer` may see them.
fn order_mark(g: &TogoGame, roster: &Roster, i: usize) -> String {
    let s = &g.ships()[i];
    let name = |o: u8| ORDER_NAMES[usize::from(o.min(FULL))];
    if roster.is_own(i) {
        format!("order {} (next {})", name(s.active), name(s.planned))
    } else if s.revealed {
        format!("order {} (next face down)", name(s.active))
    } else {
        "order face down".into()
    }
}

/// The marks of ship `i` at a glance.
fn marks(g: &TogoGame, roster: &Roster, i: usize) -> Vec<String> {
    let s: &Ship = &g.ships()[i];
    let mut m = vec![
        format!("hull {:.2}/{}", f64::from(s.hull) / 4.0, s.hull_max / 4),
        format!("guns {}/{}/{}", s.guns[0], s.guns[1], s.guns[2]),
    ];
    if s.torpedoes > 0 {
        m.push(format!("{} torpedoes", s.torpedoes));
    }
    m.push(order_mark(g, roster, i));
    if s.fires > 0 {
        m.push(format!("{} fire", s.fires));
    }
    if s.floods + s.floods_held > 0 {
        m.push(format!("flooding {} (+{} held)", s.floods, s.floods_held));
    }
    match s.rudder {
        RUDDER_LEFT => m.push("rudder hard to port".into()),
        RUDDER_RIGHT => m.push("rudder hard to starboard".into()),
        RUDDER_JAMMED => m.push("rudder jammed".into()),
        _ => {}
    }
    match s.engine {
        1 => m.push("engine room slow".into()),
        2 => m.push("engine room stopped".into()),
        _ => {}
    }
    let flags = [
        (s.listing, "heavy list"),
        (s.bridge, "bridge damaged"),
        (s.anchored, "anchored"),
        (s.flagship, "flagship"),
        (s.activated, "activated"),
        (s.fired, "fired"),
        (!s.afloat(), "struck"),
    ];
    m.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
    m
}

/// The ship acting now: the one moving or firing, the one answering with a counter salvo,
/// or the one whose order marker is placed.
fn acting(g: &TogoGame) -> Option<usize> {
    match g.stage {
        Stage::Pivot | Stage::Leg | Stage::Target { .. } | Stage::Board => {
            Some(usize::from(g.mv.ship))
        }
        Stage::Counter { ship } | Stage::Place { ship, .. } => Some(usize::from(ship)),
        _ => None,
    }
    .filter(|&i| i < g.ships().len())
}

/// The board of `g` seen through `roster`.
pub fn board(g: &TogoGame, roster: &Roster) -> Board {
    let depth = g.depth;
    let inch = f64::from(MILS_PER_INCH);
    let ships = g.ships();
    let pieces = ships
        .iter()
        .enumerate()
        .filter(|(_, s)| s.status != SUNK)
        .map(|(i, s)| {
            let ranges = ships
                .iter()
                .enumerate()
                .filter(|(_, o)| o.afloat() && o.side != s.side && s.afloat())
                .map(|(j, o)| Range {
                    to: j,
                    value: (f64::from(broadside_env::plane::rect_distance(&s.rect, &o.rect))
                        / inch
                        * 10.0)
                        .round()
                        / 10.0,
                })
                .collect();
            let [x, y] = at(s.rect.centre, depth);
            Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side: s.side,
                letter: roster.letter(i),
                x,
                y,
                heading: f64::from(s.rect.heading),
                hexes: Vec::new(),
                outline: outline(&s.rect, depth),
                out: !s.afloat(),
                marks: marks(g, roster, i),
                strength: Some(f64::from(s.hull) / f64::from(s.hull_max.max(1))),
                card: view::detail(g, roster, i),
                ranges,
            }
        })
        .collect();
    let mut areas: Vec<Area> = g
        .land()
        .iter()
        .map(|r| Area {
            kind: "land",
            name: "land".into(),
            hexes: Vec::new(),
            outline: outline(r, depth),
        })
        .collect();
    areas.extend(g.obstacles().iter().map(|r| Area {
        kind: "obstacle",
        name: "water obstacle".into(),
        hexes: Vec::new(),
        outline: outline(r, depth),
    }));
    let radius = (rules().mines.radius * inch).round() as i32;
    areas.extend(
        g.mines[..usize::from(g.num_mines)]
            .iter()
            .filter(|m| m.present)
            .map(|m| Area {
                kind: "mine",
                name: "minefield marker".into(),
                hexes: Vec::new(),
                outline: around(&Rect::new(m.at, 0, 0, 0), radius, depth),
            }),
    );
    let from = COMPASS[usize::from(g.wind_dir) % 8];
    Board {
        kind: "table",
        width: f64::from(g.width) / inch,
        height: f64::from(depth) / inch,
        cols: 0,
        rows: 0,
        unit: "inches",
        wind: Some(Wind {
            from_deg: f64::from(g.wind_dir % 8) * 45.0,
            text: format!(
                "wind {} from {from}",
                WIND_NAMES[usize::from(g.wind.min(STORM))]
            ),
        }),
        pieces,
        areas,
        acting: acting(g),
        text: view::map(g, roster, &Style::PLAIN),
    }
}

/// The ship a legal order is for: the ship activated (`activate:i`), or the acting ship's
/// own orders (her order marker, legs, targets, counter salvo, boarding).
pub fn order_ship(g: &TogoGame, action: Action) -> Option<usize> {
    match g.stage {
        Stage::Select if (ACTIVATE_0..LEG_0).contains(&action) => {
            Some(usize::from(action - ACTIVATE_0)).filter(|&i| i < g.ships().len())
        }
        _ => acting(g),
    }
}

/// Ship `i`'s gun ranges all round (close and medium; long range lies past medium) and, if
/// she carries torpedoes, her torpedo range.
pub fn fields(g: &TogoGame, i: usize) -> Vec<Area> {
    let Some(s) = g.ships().get(i).filter(|s| s.afloat()) else {
        return Vec::new();
    };
    let r = rules();
    let mils = |inches: f64| (inches * f64::from(MILS_PER_INCH)).round() as i32;
    let mut bands = vec![
        (r.gunnery.medium_range, "medium gun range"),
        (r.gunnery.close_range, "close gun range"),
    ];
    if s.torpedoes > 0 {
        bands.push((r.torpedo.range, "torpedo range"));
    }
    bands
        .into_iter()
        .map(|(inches, what)| Area {
            kind: "field",
            name: format!("{what} ({inches}\")"),
            hexes: Vec::new(),
            outline: around(&s.rect, mils(inches), g.depth),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::ruleset::{GameOptions, Ruleset};
    use broadside_env::togo::TogoRuleset;

    #[test]
    fn bases_land_obstacles_and_mines_lie_on_the_table() {
        for sc in TogoRuleset::builtin_scenarios() {
            let g = TogoRuleset::new_game(sc, &GameOptions::default());
            let roster = super::super::roster(sc, 0);
            let b = board(&g, &roster);
            assert_eq!(b.kind, "table");
            assert_eq!(b.pieces.len(), g.ships().len());
            let inside =
                |q: &[f64; 2]| q[0] >= 0.0 && q[0] <= b.width && q[1] >= 0.0 && q[1] <= b.height;
            for p in &b.pieces {
                assert_eq!(p.outline.len(), 4);
                assert!(p.outline.iter().all(inside), "{}", p.name);
                let h = p.heading.to_radians();
                let ahead = |q: &[f64; 2]| (q[0] - p.x) * h.sin() - (q[1] - p.y) * h.cos();
                assert!(p.outline.iter().any(|q| ahead(q) > 0.0));
                // Fields all round: every point of the close-range outline lies the close
                // range from the base (within the rounding of a mil).
                let f = fields(&g, p.ship);
                assert!(f.len() >= 2);
                let s = g.ships()[p.ship].rect;
                let close = rules().gunnery.close_range;
                for q in &f[1].outline {
                    let pt = Point::new(
                        (q[0] * 1000.0).round() as i32,
                        g.depth - (q[1] * 1000.0).round() as i32,
                    );
                    let d = f64::from(broadside_env::plane::rect_distance(
                        &s,
                        &Rect::new(pt, 0, 0, 0),
                    )) / 1000.0;
                    assert!((d - close).abs() < 0.01, "{d} vs {close}");
                }
            }
            let mines = g.mines[..usize::from(g.num_mines)]
                .iter()
                .filter(|m| m.present)
                .count();
            assert_eq!(b.areas.iter().filter(|a| a.kind == "mine").count(), mines);
            assert_eq!(
                b.areas.iter().filter(|a| a.kind == "land").count(),
                g.land().len()
            );
        }
    }

    #[test]
    fn an_enemy_order_marker_stays_face_down() {
        let sc = TogoRuleset::builtin_scenarios()
            .first()
            .expect("a built-in scenario");
        let mut g = TogoRuleset::new_game(sc, &GameOptions::default());
        for s in g.ships.iter_mut() {
            s.active = FULL;
            s.planned = FULL;
            s.revealed = false;
        }
        let roster = super::super::roster(sc, 0);
        let b = board(&g, &roster);
        for p in &b.pieces {
            let text = p.marks.join(", ") + &p.card;
            if roster.is_own(p.ship) {
                assert!(text.contains("order full"), "{text}");
            } else {
                assert!(text.contains("order face down"), "{text}");
                assert!(!text.contains("full"), "{text}");
            }
        }
    }
}
