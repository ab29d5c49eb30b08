//! Golden playthroughs: for each built-in scenario, a seeded random game written out step by
//! step (every decision and chance outcome, and the ships' condition at each new turn) and
//! compared with the file in `tests/golden/wsim/`. A rules change that alters play shows up
//! as a diff here; regenerate on purpose with `BROADSIDE_BLESS=1 cargo test --test wsim_golden`.

use std::fmt::Write as _;
use std::path::PathBuf;

use broadside_env::game::{Game, Turn};
use broadside_env::hex::Side;
use broadside_env::wsim::notation::format_plan;
use broadside_env::wsim::state::Pending;
use broadside_env::wsim::{builtin_scenarios, Scenario, WsimGame, WsimOptions, WSIM_SPEC};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 2024;

fn ship_line(g: &WsimGame, sc: &Scenario, i: usize) -> String {
    let s = &g.ships[i];
    let (c, r) = s.pos.bow.to_offset();
    let status = if s.struck() {
        " STRUCK"
    } else if s.crewless() {
        " NO-CREW"
    } else {
        ""
    };
    format!(
        "  {:>2} {:<14} side {} bow ({c},{r}) {:<2} att {} hull {} crew {:?} rig {:?} guns {}|{} carr {}|{} loaded {}{} fouled {:#x}{status}",
        i,
        sc.ships[i].name,
        s.side,
        s.pos.facing.name(),
        g.attitude(i).name(),
        s.hull,
        s.crew,
        &s.rigging[..s.rigging_sections as usize],
        s.guns[0],
        s.guns[1],
        s.carronades[0],
        s.carronades[1],
        if s.loaded[0] { "L" } else { "-" },
        if s.loaded[1] { "R" } else { "-" },
        s.fouled,
    )
}

fn chance_context(g: &WsimGame) -> String {
    match g.pending {
        Pending::FireDie {
            ship,
            side,
            target,
            table,
            range,
            raked,
        } => {
            let sd = if side == 0 { Side::Left } else { Side::Right };
            format!(
                "ship {ship} fires {} at {target}, range {range}, table {table}{}",
                sd.name(),
                if raked { ", raked" } else { "" }
            )
        }
        Pending::Target {
            ship, candidates, ..
        } => format!("ship {ship} picks a target among {candidates:#x}"),
        Pending::CollisionWinner { candidates } => {
            format!("collision, winner among {candidates:#x}")
        }
        Pending::Foul { winner, losers } => {
            format!("fouling of {winner} with {}", losers.trailing_zeros())
        }
        Pending::Unfoul { a, b } => format!("unfouling of {a} and {b}"),
        Pending::GunSide { target, .. } => format!("gun hit side on raked {target}"),
        Pending::ReloadSide { ship } => format!("ship {ship} reloads any side"),
        Pending::None => String::new(),
    }
}

/// Plays and writes the game.
fn playthrough(sc: &Scenario) -> String {
    let mut g = WsimGame::new(sc, WsimOptions { resignation: false });
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = String::new();
    writeln!(
        out,
        "# golden playthrough: wsim/{} ({}), seed {SEED}",
        sc.id, sc.title
    )
    .unwrap();
    writeln!(
        out,
        "# uniform random decisions and chance outcomes, both from one ChaCha8 stream"
    )
    .unwrap();
    let mut turn = 0;
    let mut step = 0;
    while g.turn() != Turn::Terminal {
        if g.turn != turn {
            turn = g.turn;
            writeln!(out, "turn {turn}  scores {:?}", g.scores).unwrap();
            for i in 0..g.num_ships as usize {
                out.push_str(&ship_line(&g, sc, i));
                out.push('\n');
            }
        }
        let (a, who) = match g.turn() {
            Turn::Chance => {
                let ctx = chance_context(&g);
                (
                    g.chance_outcomes().sample(&mut rng),
                    format!("chance ({ctx})"),
                )
            }
            _ => {
                let legal = g.legal_actions();
                let a = legal
                    .nth(rng.random_range(0..legal.len()))
                    .expect("legal action");
                let ship = g.acting_ship().unwrap_or(0);
                (
                    a,
                    format!(
                        "side {} ship {ship} [{} legal]",
                        g.ships[ship].side,
                        legal.len()
                    ),
                )
            }
        };
        let before_plan = g.acting_ship().map(|i| g.ships[i].orders);
        g.apply(a).expect("legal");
        let extra = match (WSIM_SPEC.action_name(a), before_plan) {
            ("move:end", Some(o)) => format!(" -> {}", format_plan(&o.plan[..o.plan_len as usize])),
            _ => String::new(),
        };
        writeln!(out, " {step:>5} {who}: {}{extra}", WSIM_SPEC.action_name(a)).unwrap();
        step += 1;
    }
    writeln!(
        out,
        "end after {step} steps, turn {}: {:?}, scores {:?}, returns {:?}",
        g.turn,
        g.ending,
        g.scores,
        g.returns()
    )
    .unwrap();
    for i in 0..g.num_ships as usize {
        out.push_str(&ship_line(&g, sc, i));
        out.push('\n');
    }
    out
}

#[test]
fn golden_playthroughs_match() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/wsim");
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    if let Err(e) = broadside_env::harness::check_golden(&dir, &files) {
        panic!("{e}");
    }
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[1];
    assert_eq!(playthrough(sc), playthrough(sc));
}
