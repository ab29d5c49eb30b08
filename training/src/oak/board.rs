//! The Oak & Iron table for the browser (`broadside serve`): each ship's base where it lies
//! and points, her fatigue, damage, sail setting, reload markers and conditions (entangled,
//! aground, captured, flagship), the terrain (islands, rocks, shoals, fog banks), the wind's
//! edge, the ship whose activation it is, and the range in inches (closest points of the
//! bases, `OakGame::distance`) to each enemy on the table. A selected ship's fields of fire
//! are her two broadside paths cut at pistol, musket and cannon shot (`geometry::range_band`,
//! `geometry::broadside_path`). Landing parties ashore are `landing` areas on their island
//! and a mark on their ship. Cards in hand and the card placed face down are never shown:
//! nothing here reads them.

use broadside_env::game::Action;
use broadside_env::oak::catalogue::{SEA_NONE, SHIP_0};
use broadside_env::oak::data::{rules, TerrainKind};
use broadside_env::oak::geometry::band;
use broadside_env::oak::state::{sail, Pending, NONE};
use broadside_env::oak::OakGame;
use broadside_env::plane::{body_to_world, Point, Rect, MILS_PER_INCH};

use super::views;
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

/// The marks of ship `i` at a glance.
fn marks(g: &OakGame, i: usize) -> Vec<String> {
    let s = &g.ships()[i];
    let mut m = vec![
        format!("fatigue {}/{}", s.fatigue, s.shaken_limit()),
        format!("damage {}/{}", s.damage, s.crippled_limit()),
        sail::NAMES[usize::from(s.sail.min(sail::FULL))].to_string(),
        match s.reload {
            [true, true] => "both broadsides loaded",
            [true, false] => "port loaded",
            [false, true] => "starboard loaded",
            _ => "unloaded",
        }
        .to_string(),
    ];
    let flags = [
        (s.shaken() && !s.out_of_action(), "shaken"),
        (s.crippled() && !s.out_of_action(), "crippled"),
        (s.out_of_action(), "out of action"),
        (s.is_entangled(), "entangled"),
        (s.aground, "aground"),
        (s.captured(), "captured"),
        (s.flagship, "flagship"),
        (s.ashore, "landing party ashore"),
        (s.status == 1, "sunk"),
        (s.status > 1, "left the table"),
    ];
    m.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
    m
}

/// How much fight is left: out of action takes both crippled and shaken (glossary), so the
/// mean of the damage and the fatigue still to take before each limit.
fn strength(g: &OakGame, i: usize) -> f64 {
    let s = &g.ships()[i];
    if s.out_of_action() || !s.on_table() {
        return 0.0;
    }
    let left = |v: u8, limit: u8| 1.0 - f64::from(v.min(limit)) / f64::from(limit.max(1));
    (left(s.damage, s.crippled_limit()) + left(s.fatigue, s.shaken_limit())) / 2.0
}

fn terrain_kind(k: TerrainKind) -> (&'static str, &'static str) {
    match k {
        TerrainKind::Island => ("land", "island"),
        TerrainKind::Rocks => ("rocks", "rocks"),
        TerrainKind::Shoal => ("shoal", "shoal"),
        TerrainKind::Fog => ("fog", "fog bank"),
    }
}

/// A landing party token drawn as a half-inch square about its point.
fn landing_token(at: Point) -> Rect {
    let half_inch = MILS_PER_INCH / 2;
    Rect::new(at, 0, half_inch, half_inch)
}

/// The board of `g` seen through `roster`.
pub fn board(g: &OakGame, roster: &Roster) -> Board {
    let depth = g.table[1];
    let ships = g.ships();
    let pieces = ships
        .iter()
        .enumerate()
        .filter(|(_, s)| s.on_table())
        .map(|(i, s)| {
            // A captured ship is commanded by her captor.
            let side = if s.captured() { s.captured_by } else { s.side };
            let ranges = ships
                .iter()
                .enumerate()
                .filter(|(_, o)| o.on_table() && !o.captured() && o.side != s.side)
                .map(|(j, _)| Range {
                    to: j,
                    value: (f64::from(g.distance(i, j)) / f64::from(MILS_PER_INCH) * 10.0).round()
                        / 10.0,
                })
                .collect();
            let [x, y] = at(s.base.centre, depth);
            Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side,
                letter: roster.letter(i),
                x,
                y,
                heading: f64::from(s.base.heading),
                hexes: Vec::new(),
                outline: outline(&s.base, depth),
                out: s.out_of_action() || s.captured(),
                marks: marks(g, i),
                strength: Some(strength(g, i)),
                card: views::detail(g, roster, i),
                ranges,
            }
        })
        .collect();
    let mut areas: Vec<Area> = g
        .pieces()
        .iter()
        .map(|t| {
            let (kind, name) = terrain_kind(t.kind());
            Area {
                kind,
                name: name.into(),
                hexes: Vec::new(),
                outline: outline(&t.rect, depth),
            }
        })
        .collect();
    // Landing party tokens ashore, over the islands (glossary: landing party).
    areas.extend(
        ships
            .iter()
            .enumerate()
            .filter(|(_, s)| s.ashore)
            .map(|(i, s)| Area {
                kind: "landing",
                name: format!("landing party of {}", roster.name(i)),
                hexes: Vec::new(),
                outline: outline(&landing_token(s.landing), depth),
            }),
    );
    let edge = match g.wind_from {
        0 => "north",
        90 => "east",
        180 => "south",
        _ => "west",
    };
    Board {
        kind: "table",
        width: f64::from(g.table[0]) / f64::from(MILS_PER_INCH),
        height: f64::from(depth) / f64::from(MILS_PER_INCH),
        cols: 0,
        rows: 0,
        unit: "inches",
        wind: Some(Wind {
            from_deg: f64::from(g.wind_from),
            text: format!("wind from the {edge} edge"),
        }),
        pieces,
        areas,
        acting: acting(g),
        text: views::render(g, roster, &Style::PLAIN),
    }
}

/// The ship in the middle of her activation, if any.
fn acting(g: &OakGame) -> Option<usize> {
    let activating = matches!(
        g.pending,
        Pending::Seamanship
            | Pending::HeadingTurn
            | Pending::Moving
            | Pending::CrewAction
            | Pending::AttackChoice
            | Pending::SecondBroadside
            | Pending::Aim
    );
    (activating && g.act.ship != NONE).then_some(usize::from(g.act.ship))
}

/// The ship a legal order is for: the ship picked to activate (`ship:k`, the deciding
/// side's `k`-th), or, during an activation, the active ship (every order then is hers).
pub fn order_ship(g: &OakGame, action: Action) -> Option<usize> {
    match g.pending {
        Pending::SelectShip if (SHIP_0..SEA_NONE).contains(&action) => {
            g.ship_at(g.who, usize::from(action - SHIP_0))
        }
        _ => acting(g),
    }
}

/// Ship `i`'s two broadside paths (the band between the lines of her bow and stern edges),
/// each cut at pistol, musket and cannon shot from her side: three nested fields a side, so
/// the nearer bands are drawn darker.
pub fn fields(g: &OakGame, i: usize) -> Vec<Area> {
    let Some(s) = g.ships().get(i).filter(|s| s.on_table()) else {
        return Vec::new();
    };
    let depth = g.table[1];
    let r = rules().ranges;
    let b = s.base;
    let mut out = Vec::new();
    for (side, name) in [(-1, "port"), (1, "starboard")] {
        for (k, reach) in [r.cannon, r.musket, r.pistol].into_iter().enumerate() {
            let across = (b.beam / 2 + reach / 2) * side;
            let path = Rect::new(
                b.centre.plus(body_to_world(b.heading, 0, across)),
                b.heading,
                b.length,
                reach,
            );
            out.push(Area {
                kind: "field",
                name: format!("{name} broadside to {}", band::NAMES[2 - k]),
                hexes: Vec::new(),
                outline: outline(&path, depth),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::Game;
    use broadside_env::oak::OakRuleset;
    use broadside_env::ruleset::{GameOptions, Ruleset};

    #[test]
    fn bases_terrain_and_broadside_paths_lie_on_the_table() {
        for sc in OakRuleset::builtin_scenarios() {
            let g = OakRuleset::new_game(sc, &GameOptions::default());
            let roster = super::super::roster(sc, 0);
            let b = board(&g, &roster);
            assert_eq!(b.kind, "table");
            assert_eq!(b.pieces.len(), g.ships().len());
            assert_eq!(
                b.areas.len(),
                sc.terrain.len(),
                "no landing party at the start"
            );
            let inside =
                |q: &[f64; 2]| q[0] >= 0.0 && q[0] <= b.width && q[1] >= 0.0 && q[1] <= b.height;
            for p in &b.pieces {
                assert_eq!(p.outline.len(), 4);
                assert!(p.outline.iter().all(inside), "{}", p.name);
                // The bow lies ahead of the centre along the heading (y grows south).
                let h = p.heading.to_radians();
                let ahead = |q: &[f64; 2]| (q[0] - p.x) * h.sin() - (q[1] - p.y) * h.cos();
                assert!(p.outline.iter().any(|q| ahead(q) > 0.0));
                // Six fields: port ones on her left, starboard ones on her right, each no
                // longer than the base and reaching out to its band.
                let f = fields(&g, p.ship);
                assert_eq!(f.len(), 6);
                let across = |q: &[f64; 2]| (q[0] - p.x) * h.cos() + (q[1] - p.y) * h.sin();
                for a in &f[..3] {
                    assert!(a.outline.iter().all(|q| across(q) < 0.0), "{}", a.name);
                }
                for a in &f[3..] {
                    assert!(a.outline.iter().all(|q| across(q) > 0.0), "{}", a.name);
                }
                let far = f[0].outline.iter().map(|q| -across(q)).fold(0.0, f64::max);
                let expect = f64::from(rules().ranges.cannon + g.ships()[p.ship].base.beam / 2)
                    / f64::from(MILS_PER_INCH);
                assert!((far - expect).abs() < 0.01, "{far} {expect}");
            }
            assert!(b
                .pieces
                .iter()
                .all(|p| p.ranges.iter().all(|r| r.value > 0.0)));
        }
    }

    #[test]
    fn picking_a_ship_is_an_order_for_that_ship_of_the_deciding_side() {
        use rand::SeedableRng;
        let sc = &OakRuleset::builtin_scenarios()[0];
        let mut g = OakRuleset::new_game(sc, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        // Play on (random legal orders) to the first ship selection.
        let mut steps = 0;
        while g.pending != Pending::SelectShip && steps < 2000 {
            let a = if g.current_player().is_none() {
                g.chance_outcomes().sample(&mut rng)
            } else {
                g.legal_actions().iter().next().expect("an order")
            };
            g.apply(a).expect("legal");
            steps += 1;
        }
        assert_eq!(g.pending, Pending::SelectShip);
        let ships: Vec<usize> = g
            .legal_actions()
            .iter()
            .filter(|&a| (SHIP_0..SEA_NONE).contains(&a))
            .map(|a| order_ship(&g, a).expect("a ship"))
            .collect();
        assert!(!ships.is_empty());
        assert!(ships.iter().all(|&i| g.ships()[i].side == g.who));
    }
}
