//! The golden playthrough written the same way for every ruleset (`wsim/golden.rs`,
//! `fsail/golden.rs`, ...): one seeded random game, step by step, compared with the files in
//! `tests/golden/RULESET/`. What each ruleset writes about its state comes from a
//! [`Chronicle`].

use std::fmt::Write as _;
use std::path::PathBuf;

use broadside_env::game::{Action, Game, Player, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seed of every golden game.
pub const SEED: u64 = 2024;

/// What a ruleset writes about its game in a golden playthrough.
pub trait Chronicle {
    type Game: Game;
    /// The game's turn number; the state is written at each new turn.
    fn turn(&self, g: &Self::Game) -> u32;
    /// The state of the sides, after `turn N` at each new turn.
    fn turn_state(&self, g: &Self::Game) -> String;
    fn num_ships(&self, g: &Self::Game) -> usize;
    fn ship_line(&self, g: &Self::Game, i: usize) -> String;
    /// What a chance node decides.
    fn chance_context(&self, g: &Self::Game) -> String;
    /// Who decides at a decision node of player `p`.
    fn decider(&self, g: &Self::Game, p: Player) -> String;
    /// Added to the line of `action`, from the state before it; nothing by default.
    fn note(&self, _before: &Self::Game, _action: Action) -> String {
        String::new()
    }
    /// How the game ended and the sides' state, before the returns.
    fn ending(&self, g: &Self::Game) -> String;
}

/// Plays `g` with uniform random decisions and chance outcomes, both from one ChaCha8
/// stream seeded with [`SEED`], and writes the game; `name` is `RULESET/ID (TITLE)`.
pub fn playthrough<C: Chronicle>(c: &C, mut g: C::Game, name: &str) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = String::new();
    writeln!(out, "# golden playthrough: {name}, seed {SEED}").unwrap();
    writeln!(
        out,
        "# uniform random decisions and chance outcomes, both from one ChaCha8 stream"
    )
    .unwrap();
    let mut turn = 0;
    let mut step = 0;
    while g.turn() != Turn::Terminal {
        if c.turn(&g) != turn {
            turn = c.turn(&g);
            writeln!(out, "turn {turn}  {}", c.turn_state(&g)).unwrap();
            write_ships(c, &g, &mut out);
        }
        let (a, who) = match g.turn() {
            Turn::Chance => {
                let ctx = c.chance_context(&g);
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
                (a, format!("{} [{} legal]", c.decider(&g, p), legal.len()))
            }
            Turn::Terminal => unreachable!(),
        };
        let note = c.note(&g, a);
        g.apply(a).expect("legal");
        writeln!(out, " {step:>5} {who}: {}{note}", g.spec().action_name(a)).unwrap();
        step += 1;
    }
    writeln!(
        out,
        "end after {step} steps, turn {}: {}, returns {:?}",
        c.turn(&g),
        c.ending(&g),
        g.returns()
    )
    .unwrap();
    write_ships(c, &g, &mut out);
    out
}

fn write_ships<C: Chronicle>(c: &C, g: &C::Game, out: &mut String) {
    for i in 0..c.num_ships(g) {
        out.push_str(&c.ship_line(g, i));
        out.push('\n');
    }
}

/// Compares the playthroughs `(scenario id, text)` with the files in `tests/golden/RULESET/`
/// (or writes them, with `BROADSIDE_BLESS` set).
pub fn check(ruleset: &str, files: &[(String, String)]) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{ruleset}"));
    if let Err(e) = broadside_env::harness::check_golden(&dir, files) {
        panic!("{e}");
    }
}
