//! WS&IM orders in the game's notation (`L1R2 hull fire>=2`): parsing returns an order or an
//! error, and an order that parses is checked against the first ship's orders of every
//! built-in scenario without panicking or changing the state.
#![no_main]

use broadside_env::ruleset::{scenarios, AnyGame, GameOptions};
use broadside_env::wsim::notation::parse_order;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(order) = parse_order(text) else {
        return;
    };
    for scenario in scenarios("wsim").expect("wsim is registered") {
        let AnyGame::Wsim(g) = scenario.new_game(&GameOptions::default()) else {
            unreachable!("a wsim scenario starts a wsim game");
        };
        let before = g.clone();
        let _ = g.order_actions(&order);
        assert!(g == before);
    }
});
