//! Saved games as JSON text: loading returns a game or an error, never panics; a game that
//! loads replays (or refuses an action with an error), and its final state keeps the
//! invariants.
#![no_main]

use broadside_env::game::Game;
use broadside_env::savegame::SavedGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(saved) = SavedGame::from_json(text, "fuzz.json") else {
        return;
    };
    if let Ok(states) = saved.replay("fuzz.json") {
        let last = states.last().expect("replay keeps the first state");
        last.check_invariants()
            .unwrap_or_else(|e| panic!("replayed game breaks an invariant: {e}"));
        let end = saved.final_state("fuzz.json").expect("replay succeeded");
        assert!(
            &end == last,
            "final_state differs from the replay's last state"
        );
    }
    let _ = saved.to_json();
});
