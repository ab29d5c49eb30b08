//! Arbitrary action sequences on every ruleset and built-in scenario: the first two bytes
//! pick the ruleset and the scenario, each following pair of bytes an action (most often
//! taken from the legal ones, sometimes any index, legal or not). After every step the
//! contract holds: `check_invariants` passes, and a refused `apply` leaves the state equal
//! to its clone.
#![no_main]

use broadside_env::game::{Game, Turn};
use broadside_env::ruleset::{rulesets, scenarios, GameOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let all = rulesets();
    let ruleset = &all[data[0] as usize % all.len()];
    let list = scenarios(ruleset.name).expect("a registered ruleset has scenarios");
    let scenario = &list[data[1] as usize % list.len()];
    let options = GameOptions {
        resignation: data[2] & 1 == 1,
    };
    let mut game = scenario.new_game(&options);
    game.check_invariants()
        .unwrap_or_else(|e| panic!("new game of {}: {e}", scenario.id()));
    for pair in data[3..].chunks(2) {
        let (kind, pick) = (pair[0], *pair.get(1).unwrap_or(&0));
        let legal: Vec<_> = game.legal_actions().iter().collect();
        assert_eq!(legal.is_empty(), game.turn() == Turn::Terminal);
        let action = if kind < 224 && !legal.is_empty() {
            legal[pick as usize % legal.len()]
        } else {
            // Any index at all, in range or not: apply must refuse it cleanly if illegal.
            u16::from_le_bytes([pick, kind]) % (ruleset.num_actions as u16 + 8)
        };
        let before = game.clone();
        match game.apply(action) {
            Ok(()) => {
                assert!(
                    legal.contains(&action),
                    "apply took illegal action {action}"
                );
                game.check_invariants()
                    .unwrap_or_else(|e| panic!("after {action}: {e}"));
            }
            Err(_) => {
                assert!(
                    !legal.contains(&action),
                    "apply refused legal action {action}"
                );
                assert!(game == before, "a refused apply changed the state");
            }
        }
        if game.turn() == Turn::Terminal {
            let _ = game.returns();
        }
    }
});
