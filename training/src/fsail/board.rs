//! The Fighting Sail table for the browser (`broadside serve`): each ship's base where it
//! lies and points, her damage and anchor tokens, terrain, the wind, and the range in inches
//! (closest points of the bases) to each enemy in play.

use broadside_env::fsail::catalogue::{CANNON_END, FIRE_0, SAIL_END, SHIP_0};
use broadside_env::fsail::data::{rules, MAX_PER_SIDE};
use broadside_env::fsail::{FsailGame, Phase};
use broadside_env::game::{Action, Game};
use broadside_env::plane::{body_to_world, norm_deg, rect_distance, Arc, Point, MILS_PER_INCH};

use super::{chart, map};
use crate::board::{Area, Board, Piece, Range, Wind};
use crate::roster::Roster;
use crate::style::Style;

/// Inches, `y` turned to grow southwards.
fn at(p: Point, depth: i32) -> [f64; 2] {
    let inch = f64::from(MILS_PER_INCH);
    [f64::from(p.x) / inch, f64::from(depth - p.y) / inch]
}

/// The board of `g` seen through `roster`.
pub fn board(g: &FsailGame, roster: &Roster) -> Board {
    let depth = g.table[1];
    let inch = f64::from(MILS_PER_INCH);
    let ships = g.ships();
    let pieces = ships
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut marks = Vec::new();
            if s.tokens > 0 {
                marks.push(format!("{} damage", s.tokens));
            }
            if s.anchor {
                marks.push("anchored".into());
            }
            if s.cannon {
                marks.push("fired".into());
            }
            if s.sailed {
                marks.push("sailed".into());
            }
            if s.flagship {
                marks.push("flagship".into());
            }
            if !s.active() {
                marks.push("out of play".into());
            }
            let ranges = ships
                .iter()
                .enumerate()
                .filter(|(_, o)| o.side != s.side && o.active())
                .map(|(j, o)| Range {
                    to: j,
                    value: (f64::from(rect_distance(&s.base, &o.base)) / inch * 10.0).round()
                        / 10.0,
                })
                .collect();
            let [x, y] = at(s.base.centre, depth);
            Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side: s.side,
                letter: roster.letter(i),
                x,
                y,
                heading: f64::from(s.base.heading),
                hexes: Vec::new(),
                outline: s.base.corners().iter().map(|&p| at(p, depth)).collect(),
                out: !s.active(),
                marks,
                // She sinks at the fourth Damage token (her chart says so).
                strength: Some((1.0 - f64::from(s.tokens) / 4.0).clamp(0.0, 1.0)),
                card: chart::detail(g, roster, i),
                ranges,
            }
        })
        .collect();
    let areas = g
        .terrain()
        .iter()
        .map(|t| Area {
            kind: "land",
            name: "terrain".into(),
            hexes: Vec::new(),
            outline: t.corners().iter().map(|&p| at(p, depth)).collect(),
        })
        .collect();
    Board {
        kind: "table",
        width: f64::from(g.table[0]) / inch,
        height: f64::from(depth) / inch,
        cols: 0,
        rows: 0,
        unit: "inches",
        wind: Some(Wind {
            from_deg: f64::from(g.wind_from) * 45.0,
            text: map::wind_line(g),
        }),
        pieces,
        areas,
        acting: match g.phase {
            Phase::SailSpend { ship, .. } => Some(ship as usize),
            _ => None,
        },
        text: map::render(g, roster, &Style::PLAIN),
    }
}

/// The ship a legal order is for: the ship picked to sail (`ship:k`, the deciding side's
/// `k`-th), the ship spending sailing points, or the firer or boarder of the cannon phase.
pub fn order_ship(g: &FsailGame, action: Action) -> Option<usize> {
    let player = g.current_player()?;
    match g.phase {
        Phase::SailSelect { .. } if action < SAIL_END => {
            g.slot_ship(player, usize::from(action - SHIP_0))
        }
        Phase::SailSpend { ship, .. } => Some(ship as usize),
        Phase::Cannon { .. } if (FIRE_0..CANNON_END).contains(&action) => {
            let k = usize::from((action - FIRE_0) % (MAX_PER_SIDE * MAX_PER_SIDE) as Action);
            g.slot_ship(player, k / MAX_PER_SIDE)
        }
        _ => None,
    }
}

/// Ship `i`'s two broadside arcs out to long range, measured from her mainmast
/// (`plane::in_arc`: 45 degrees either side of the beam), as wedges in inches.
pub fn fields(g: &FsailGame, i: usize) -> Vec<Area> {
    let Some(s) = g.ships().get(i).filter(|s| s.active()) else {
        return Vec::new();
    };
    let depth = g.table[1];
    let reach = rules().ranges[2];
    [(Arc::Port, -90), (Arc::Starboard, 90)]
        .into_iter()
        .map(|(arc, beam)| {
            let mut outline = vec![at(s.base.centre, depth)];
            for step in 0..=18 {
                let d = i32::from(s.base.heading) + beam - 45 + 5 * step;
                let p = s.base.centre.plus(body_to_world(norm_deg(d), reach, 0));
                outline.push(at(p, depth));
            }
            Area {
                kind: "field",
                name: format!("{} arc", arc.name()),
                hexes: Vec::new(),
                outline,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::fsail::FsailRuleset;
    use broadside_env::ruleset::{GameOptions, Ruleset};

    #[test]
    fn picking_a_ship_to_sail_is_an_order_for_that_ship_of_the_deciding_side() {
        use rand::SeedableRng;
        let s = FsailRuleset::builtin_scenario("fleet-action").expect("built-in scenario");
        let mut g = FsailRuleset::new_game(&s, &GameOptions::default());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        while g.current_player().is_none() {
            let a = g.chance_outcomes().sample(&mut rng);
            g.apply(a).expect("a chance outcome");
        }
        assert!(matches!(g.phase, Phase::SailSelect { .. }), "{:?}", g.phase);
        let player = g.current_player().expect("a decision");
        let mut ships: Vec<usize> = g
            .legal_actions()
            .iter()
            .filter(|&a| a < SAIL_END)
            .map(|a| order_ship(&g, a).expect("a ship"))
            .collect();
        assert!(!ships.is_empty());
        assert!(ships.iter().all(|&i| g.ships()[i].side == player));
        let n = ships.len();
        ships.dedup();
        assert_eq!(ships.len(), n, "one order per ship");
    }

    #[test]
    fn bases_lie_on_the_table_pointing_their_heading() {
        let s = FsailRuleset::builtin_scenario("fleet-action").expect("built-in scenario");
        let g = FsailRuleset::new_game(&s, &GameOptions::default());
        let roster = super::super::roster(&s, 0);
        let b = board(&g, &roster);
        assert_eq!(b.pieces.len(), g.ships().len());
        for p in &b.pieces {
            assert_eq!(p.outline.len(), 4);
            assert!(p.x > 0.0 && p.x < b.width && p.y > 0.0 && p.y < b.height);
            // The bow corners lie ahead of the centre along the heading (y grows south).
            let h = p.heading.to_radians();
            let ahead = |q: &[f64; 2]| (q[0] - p.x) * h.sin() - (q[1] - p.y) * h.cos();
            assert!(p.outline.iter().any(|q| ahead(q) > 0.0));
            assert!(p.outline.iter().any(|q| ahead(q) < 0.0));
            // Both arcs reach long range abeam, port on the left of the heading.
            let f = fields(&g, p.ship);
            assert_eq!(f.len(), 2);
            let across = |q: &[f64; 2]| (q[0] - p.x) * h.cos() + (q[1] - p.y) * h.sin();
            assert!(
                f[0].outline[1..].iter().all(|q| across(q) < 0.0),
                "{}",
                p.name
            );
            assert!(
                f[1].outline[1..].iter().all(|q| across(q) > 0.0),
                "{}",
                p.name
            );
        }
    }
}
