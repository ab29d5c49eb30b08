//! The frigate duel seen from either chair: the same battle turned half round, with the
//! sides' numbers swapped, is the same game for every player. Each side's observation
//! there equals the other number's observation here (the frame turns with the observer,
//! `observe.rs`), the dice and the legal orders agree, and the result is the same one
//! mirrored. A learner that plays one side worse than the other (the duel's network of
//! 2026-11-29) therefore plays a role worse, not a side number: nothing in the encoding
//! tells the two chairs apart but the side bits.

use broadside_env::game::{Game, Turn};
use broadside_env::oak::data::parse_scenario;
use broadside_env::oak::{OakGame, OakOptions};
use broadside_env::observation::Observation;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The duel with its ships turned 180 degrees about the table's centre, the wind from the
/// other edge, and the French as side 0 (defender, admiral and upgrades travel with them).
const MIRRORED_DUEL: &str = r#"
id = "duel-mirrored"
title = "Frigate duel, turned half round"
sides = ["French", "English"]
nations = ["french", "english"]
admirals = [2, 1]
defender = 0
weather_edge = "east"
table = { width = 36.0, depth = 36.0 }
ship = [
  { name = "Gloire", side = 0, class = "Fifth Rate", x = 12.0, y = 8.0, heading = 30, flagship = true, upgrades = ["swift"] },
  { name = "Dragon", side = 1, class = "Fifth Rate", x = 24.0, y = 28.0, heading = 210, flagship = true, skill = 1 },
]
"#;

/// One of the two games and how its side numbers and ship indices map to the original's.
struct Chair {
    game: OakGame,
    swapped: bool,
    decisions: [u64; 2],
    chance: u64,
}

impl Chair {
    fn new(text: &str, swapped: bool) -> Chair {
        let scenario = parse_scenario(text, "duel.toml").expect("the scenario parses");
        Chair {
            game: OakGame::new(&scenario, OakOptions { resignation: false }),
            swapped,
            decisions: [0; 2],
            chance: 0,
        }
    }

    /// The original's side number of this game's side `p`.
    fn original(&self, p: u8) -> usize {
        usize::from(if self.swapped { 1 - p } else { p })
    }

    /// Who acts next in the original's numbering (`None` at chance or the end).
    fn mover(&self) -> Option<usize> {
        match self.game.turn() {
            Turn::Player(p) => Some(self.original(p)),
            _ => None,
        }
    }

    /// Plays one step: the `chance`-th roll from its own stream, the k-th decision of an
    /// original side from that side's stream, so both games take the same order wherever
    /// they take it (ship arguments count the decider's own and enemy ships, so an order's
    /// index means the same in both).
    fn step(&mut self, seed: u64) {
        match self.game.turn() {
            Turn::Chance => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (self.chance << 32));
                let o = self.game.chance_outcomes().sample(&mut rng);
                self.chance += 1;
                self.game.apply_unchecked(o);
            }
            Turn::Player(p) => {
                let side = self.original(p);
                let k = self.decisions[side];
                let mut rng =
                    ChaCha8Rng::seed_from_u64(seed ^ (k << 32) ^ ((side as u64 + 1) << 60));
                let legal = self.game.legal_actions();
                let a = legal
                    .nth(rng.random_range(0..legal.len()))
                    .expect("a legal order");
                self.decisions[side] += 1;
                self.game.apply_unchecked(a);
            }
            Turn::Terminal => {}
        }
    }

    fn events(&self) -> (u64, u64) {
        (self.decisions[0] + self.decisions[1], self.chance)
    }
}

/// Plays one random game in both chairs; returns how many positions were compared.
fn play_mirrored(seed: u64) -> usize {
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/oak/scenarios/duel.toml"
    ))
    .expect("the duel's file");
    let mut a = Chair::new(&original, false);
    let mut b = Chair::new(MIRRORED_DUEL, true);
    let spec = a.game.spec();
    let (mut oa, mut ob) = (Observation::new(&spec.obs), Observation::new(&spec.obs));
    let mut compared = 0;
    for _ in 0..100_000 {
        if a.game.is_terminal() || b.game.is_terminal() {
            assert!(
                a.game.is_terminal() && b.game.is_terminal(),
                "seed {seed}: one game ended"
            );
            let (ra, rb) = (a.game.returns(), b.game.returns());
            assert_eq!(ra, [rb[1], rb[0]], "seed {seed}: the results mirror");
            return compared;
        }
        // The games order some decisions differently (side 0 builds its hand first in
        // each): compare where both stand at the same event of the same side.
        let in_step = a.events() == b.events() && a.decisions == b.decisions;
        if in_step && a.mover() == b.mover() {
            if a.game.turn() == Turn::Chance {
                let list = |c: &Chair| c.game.chance_outcomes().weighted().collect::<Vec<_>>();
                assert_eq!(list(&a), list(&b), "seed {seed}: the same dice");
            } else {
                assert_eq!(
                    a.game.legal_actions(),
                    b.game.legal_actions(),
                    "seed {seed}: the same orders"
                );
            }
            for p in 0..2u8 {
                a.game.observe(p, &mut oa);
                b.game.observe(1 - p, &mut ob);
                assert_eq!(oa.entities, ob.entities, "seed {seed}: side {p}'s ships");
                // Entries 0 and 1 are the side bits, the one thing that differs.
                assert_eq!(
                    oa.global.slice(ndarray::s![2..]),
                    ob.global.slice(ndarray::s![2..]),
                    "seed {seed}: side {p}'s global features at {:?}",
                    a.events()
                );
            }
            compared += 1;
            a.step(seed);
            b.step(seed);
        } else if a.events() <= b.events() {
            a.step(seed);
        } else {
            b.step(seed);
        }
    }
    panic!("seed {seed}: no end in 100,000 steps");
}

#[test]
fn either_chair_of_the_mirrored_duel_sees_the_same_game() {
    let mut compared = 0;
    for seed in 0..40 {
        compared += play_mirrored(seed);
    }
    // Most of each game is compared, not only its opening.
    assert!(compared > 4_000, "only {compared} positions compared");
}
