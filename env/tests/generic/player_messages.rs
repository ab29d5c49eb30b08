//! Error messages for a player (issue 32): what is wrong in the file's or the game's terms,
//! never a serde type name (`struct RawMap`), an empty message, a `?` for an action or a
//! catalogue name (`move:1`) where the player types the notation.

use broadside_env::fsail::FsailRuleset;
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::{scenario, scenarios, AnyGame, AnyScenario, GameOptions, Ruleset};
use broadside_env::savegame::SavedGame;
use broadside_env::wsim::notation::parse_order;
use broadside_env::wsim::WsimRuleset;
use serde_json::Value;

const WSIM_DUEL: &str = include_str!("../../data/wsim/scenarios/frigate-duel.toml");
const FSAIL_DUEL: &str = include_str!("../../data/fsail/scenarios/frigate-duel.toml");

fn no_internals(message: &str) {
    for leak in ["struct ", "Raw", "HexMap", "u32", "i64", "f64", "?"] {
        assert!(!message.contains(leak), "`{leak}` leaks into: {message}");
    }
    assert!(
        !message.trim_end().ends_with(':'),
        "says nothing: {message}"
    );
}

#[test]
fn a_wsim_map_that_is_not_a_table_names_its_keys() {
    let text = WSIM_DUEL.replace("map = { cols = 24, rows = 18 }", "map = 5");
    let e = WsimRuleset::parse_scenario(&text, "bad.toml")
        .unwrap_err()
        .to_string();
    no_internals(&e);
    assert!(
        e.contains(
            "`map`: found the whole number `5`, expected a table with keys `cols` and `rows`"
        ),
        "{e}"
    );
}

#[test]
fn a_fsail_table_that_is_not_a_table_names_its_keys() {
    let text = FSAIL_DUEL.replace("table = { width = 48.0, depth = 36.0 }", "table = \"big\"");
    let e = FsailRuleset::parse_scenario(&text, "bad.toml")
        .unwrap_err()
        .to_string();
    no_internals(&e);
    assert!(
        e.contains(
            "`table`: found the text \"big\", expected a table with keys `width` and `depth`"
        ),
        "{e}"
    );
    let text = WSIM_DUEL.replace("col =  7", "col = \"seven\"");
    let e = WsimRuleset::parse_scenario(&text, "bad.toml")
        .unwrap_err()
        .to_string();
    no_internals(&e);
    assert!(
        e.contains("`col`: found the text \"seven\", expected a whole number"),
        "{e}"
    );
}

#[test]
fn a_toml_error_with_no_words_still_says_what_is_wrong() {
    // toml reports a control character in a comment with an empty message.
    for text in ["# a comment \u{1} here\n", "id = \"x\" # \u{7}\n"] {
        let e = WsimRuleset::parse_scenario(text, "bad.toml")
            .unwrap_err()
            .to_string();
        no_internals(&e);
        assert!(
            e.contains("control character U+0001") || e.contains("control character U+0007"),
            "{e}"
        );
        assert!(e.contains("line 1, column "), "{e}");
    }
}

fn saved_json(s: AnyScenario, actions: &[Action]) -> Value {
    let saved = SavedGame::new(s, GameOptions::default(), vec![], actions);
    serde_json::from_str(&saved.to_json()).unwrap()
}

#[test]
fn an_action_outside_the_catalogue_is_said_in_the_games_terms() {
    let s = scenarios("wsim").unwrap().remove(0);
    let n = s.new_game(&GameOptions::default()).spec().num_actions;
    for name in ["?", "move:1"] {
        let mut v = saved_json(s.clone(), &[]);
        v["actions"] = serde_json::json!([{ "index": 511, "name": name }]);
        let saved = SavedGame::from_json(&v.to_string(), "g.json").unwrap();
        let want = format!(
            "action 511 does not exist in ruleset wsim version 1 (its catalogue has {n} actions"
        );
        for e in [
            saved.replay("g.json").unwrap_err().to_string(),
            saved.final_state("g.json").unwrap_err().to_string(),
        ] {
            assert!(e.contains(&want), "{e}");
            assert!(!e.contains('?') && !e.contains("in this version"), "{e}");
        }
    }
}

#[test]
fn a_ruleset_tag_that_disagrees_with_its_scenario_is_said_so() {
    let wsim = scenario("wsim", "frigate-duel").unwrap();
    let fsail = scenario("fsail", "frigate-duel").unwrap();
    for (s, tag, really) in [(wsim.clone(), "fsail", "wsim"), (fsail, "wsim", "fsail")] {
        let mut v = saved_json(s, &[]);
        v["ruleset"] = Value::from(tag);
        let e = SavedGame::from_json(&v.to_string(), "g.json")
            .unwrap_err()
            .to_string();
        assert!(!e.contains("missing field"), "{e}");
        assert!(
            e.contains(&format!(
                "the tag says `{tag}` but the scenario is a {really} scenario"
            )) && e.contains("the ruleset tag and the scenario disagree"),
            "{e}"
        );
    }
    let mut v = saved_json(wsim.clone(), &[]);
    v["ruleset"] = Value::from("chess");
    let e = SavedGame::from_json(&v.to_string(), "g.json")
        .unwrap_err()
        .to_string();
    let known: Vec<String> = broadside_env::ruleset::rulesets()
        .iter()
        .map(|r| format!("`{}`", r.name))
        .collect();
    assert!(
        e.contains(&format!(
            "`chess` is not a ruleset of this build (known: {})",
            known.join(", ")
        )),
        "{e}"
    );
    let mut v = saved_json(wsim, &[]);
    v["scenario"]["map"] = Value::from(5);
    let e = SavedGame::from_json(&v.to_string(), "g.json")
        .unwrap_err()
        .to_string();
    no_internals(&e);
    assert!(
        e.contains("found the whole number `5`, expected a table with keys `cols` and `rows`"),
        "{e}"
    );
}

#[test]
fn an_order_refused_speaks_the_notation() {
    let AnyGame::Wsim(g) = scenario("wsim", "frigate-duel")
        .unwrap()
        .new_game(&GameOptions::default())
    else {
        unreachable!()
    };
    for order in ["9", "RRRRRR", "L1L1L1L1L1L1L1L1"] {
        let e = g
            .order_actions(&parse_order(order).unwrap())
            .unwrap_err()
            .to_string();
        assert!(!e.contains("move:"), "{order}: {e}");
        assert!(e.contains("the movement `"), "{order}: {e}");
        assert!(
            e.contains("allowed after `")
                || e.contains("allowed first: ")
                || e.contains("move ends after `"),
            "{order}: {e}"
        );
    }
}

/// Crashes the fuzzer found (`scripts/fuzz.sh`), kept as inputs in `fuzz_regressions/`:
/// each loads to an error or a scenario, never a panic.
#[test]
fn fuzz_regressions_load_without_panicking() {
    // A type error whose key follows a two-byte character on its line: the key finder cut
    // the line inside the character.
    let bytes = include_bytes!("../fuzz_regressions/scenario_wide_char_before_key.toml");
    let text = String::from_utf8_lossy(bytes);
    let e = WsimRuleset::parse_scenario(&text, "crash.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("crash.toml: line "), "{e}");
    let _ = FsailRuleset::parse_scenario(&text, "crash.toml");
}

/// An illegal movement says the rule that forbids it (seed and Basic Game IV.A: each hex
/// and each turn costs a factor, one turn per hex, the attitude's hexes, the map's edge).
#[test]
fn a_refused_movement_names_the_rule_that_forbids_it() {
    let AnyGame::Wsim(g) = scenario("wsim", "frigate-duel")
        .unwrap()
        .new_game(&GameOptions::default())
    else {
        unreachable!()
    };
    let refusal = |order: &str| {
        g.order_actions(&parse_order(order).unwrap())
            .unwrap_err()
            .to_string()
    };
    let e = refusal("RR");
    assert!(e.contains("one turn per hex"), "{e}");
    for order in ["1111111111", "L1L1L1L1L1L1L1L1", "9"] {
        let e = refusal(order);
        assert!(
            [
                "movement allowance",
                "while in attitude",
                "may turn at most",
                "leave the map",
                "at most 6 tokens",
                "one turn per hex",
                "turning into the wind ends her move",
            ]
            .iter()
            .any(|rule| e.contains(rule)),
            "{order}: {e}"
        );
    }
}
