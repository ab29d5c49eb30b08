//! Scenario files as text, for every ruleset: parsing returns a scenario or an error, never
//! panics; a scenario that parses starts a game whose invariants hold and which survives a
//! round trip through a saved game.
#![no_main]

use broadside_env::game::Game;
use broadside_env::ruleset::{AnyScenario, GameOptions, Registered, Ruleset};
use broadside_env::savegame::SavedGame;
use libfuzzer_sys::fuzz_target;

fn check(scenario: AnyScenario) {
    let game = scenario.new_game(&GameOptions::default());
    game.check_invariants()
        .unwrap_or_else(|e| panic!("scenario that loaded starts a broken game: {e}"));
    let _ = game.legal_actions();
    let saved = SavedGame::new(scenario, GameOptions::default(), vec![], &[]);
    SavedGame::from_json(&saved.to_json(), "round trip")
        .unwrap_or_else(|e| panic!("a loaded scenario's saved game does not load: {e}"));
}

macro_rules! parse_all {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        fn parse_all(text: &str) {
            $(
                if let Ok(s) = <$ruleset as Ruleset>::parse_scenario(text, "fuzz.toml") {
                    check(<$ruleset as Registered>::any_scenario(s));
                }
            )*
        }
    };
}
broadside_env::for_each_ruleset!(parse_all);

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        parse_all(text);
    }
});
