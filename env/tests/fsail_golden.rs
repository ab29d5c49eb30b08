//! Golden playthroughs of Fighting Sail: for each built-in scenario, a seeded random game
//! written out step by step (every decision and chance outcome with its context, and the
//! ships' positions and tokens at each new turn) and compared with the file in
//! `tests/golden/fsail/`. A rules change that alters play shows up as a diff here;
//! regenerate on purpose with `BROADSIDE_BLESS=1 cargo test --test fsail_golden`.

use std::fmt::Write as _;
use std::path::PathBuf;

use broadside_env::fsail::{
    builtin_scenarios, FsailGame, FsailOptions, Pending, Phase, Scenario, FSAIL_SPEC,
};
use broadside_env::game::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SEED: u64 = 2024;

fn ship_line(g: &FsailGame, sc: &Scenario, i: usize) -> String {
    let s = &g.ships[i];
    let state = ["", " SUNK", " STRUCK", " TAKEN"][s.status as usize & 3];
    format!(
        "  {:>2} {:<11} side {} slot {} at ({:.3}, {:.3}) heading {:>3} {:<12} tokens {}{}{}{state}",
        i,
        sc.ships[i].name,
        s.side,
        s.slot,
        FsailGame::inches(s.base.centre.x),
        FsailGame::inches(s.base.centre.y),
        s.base.heading,
        g.attitude(i).name(),
        s.tokens,
        if s.anchor { " anchor" } else { "" },
        if s.cannon { " cannon" } else { "" },
    )
}

fn chance_context(g: &FsailGame) -> String {
    match g.pending {
        Pending::Initiative => "initiative".into(),
        Pending::SailingDice {
            ship, dice, target, ..
        } => format!("ship {ship} sails: {dice} dice on {target}+"),
        Pending::Shot(s) => format!(
            "ship {} fires at {}: to hit {}+, explode {}+, raking {}, dice {}x/{}p/{}r, hits {}",
            s.firer, s.target, s.hit_t, s.explode_t, s.raking, s.exploding, s.plain, s.rest, s.hits
        ),
        Pending::HullSave { target, hits, .. } => {
            format!("ship {target} saves against {hits} hits")
        }
        Pending::Discipline { ship } => format!("ship {ship} tests Discipline"),
        Pending::BoardAttack { attacker, defender } => {
            format!("ship {attacker} boards {defender}")
        }
        Pending::BoardDefend { defender, hits, .. } => {
            format!("ship {defender} defends against {hits}")
        }
        Pending::None => String::new(),
    }
}

/// Plays and writes the game.
fn playthrough(sc: &Scenario) -> String {
    let mut g = FsailGame::new(sc, FsailOptions { resignation: false });
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = String::new();
    writeln!(
        out,
        "# golden playthrough: fsail/{} ({}), seed {SEED}",
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
            writeln!(
                out,
                "turn {turn}  morale {:?}  wind {}  weather {:?}",
                g.morale,
                broadside_env::fsail::data::WIND_NAMES[g.wind_from as usize],
                g.weather
            )
            .unwrap();
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
            Turn::Player(p) => {
                let legal = g.legal_actions();
                let a = legal
                    .nth(rng.random_range(0..legal.len()))
                    .expect("legal action");
                let ctx = match g.phase {
                    Phase::SailSpend { ship, points, .. } => {
                        format!(" ship {ship} with {points} points")
                    }
                    _ => String::new(),
                };
                (a, format!("side {p}{ctx} [{} legal]", legal.len()))
            }
            Turn::Terminal => unreachable!(),
        };
        g.apply(a).expect("legal");
        writeln!(out, " {step:>5} {who}: {}", FSAIL_SPEC.action_name(a)).unwrap();
        step += 1;
    }
    writeln!(
        out,
        "end after {step} steps, turn {}: {:?}, morale {:?}, returns {:?}",
        g.turn,
        g.ending,
        g.morale,
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
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/fsail");
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
