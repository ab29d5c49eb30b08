//! A saved game carries its scenario as plain JSON, so a hand-edited file can hold values no
//! scenario file could. Loading checks them like a scenario file's and names the field;
//! nothing reaches the rules (where a fifth facing or a huge table would panic).

use broadside_env::ruleset::{scenario, GameOptions};
use broadside_env::savegame::SavedGame;
use serde_json::Value;

/// A saved game of `scenario` with no actions, as JSON.
fn saved(ruleset: &str, id: &str) -> Value {
    let sc = scenario(ruleset, id).expect("built-in scenario");
    let g = SavedGame::new(sc, GameOptions::default(), vec![], &[]);
    serde_json::from_str(&g.to_json()).expect("JSON")
}

/// Loads `v` after `edit`, expecting an error whose text contains `needle`.
fn refused(mut v: Value, edit: impl Fn(&mut Value), needle: &str) {
    edit(&mut v);
    let e = SavedGame::from_json(&v.to_string(), "edited.json")
        .expect_err("an impossible scenario is refused");
    let text = e.to_string();
    assert!(text.contains("edited.json"), "{text}");
    assert!(text.contains(needle), "`{needle}` not in: {text}");
}

#[test]
fn unedited_saves_of_every_builtin_scenario_load() {
    for ruleset in ["wsim", "fsail"] {
        for sc in broadside_env::ruleset::scenarios(ruleset).expect("scenarios") {
            let g = SavedGame::new(sc, GameOptions::default(), vec![], &[]);
            SavedGame::from_json(&g.to_json(), "good.json").expect("loads");
        }
    }
}

#[test]
fn wsim_saves_with_impossible_ships_or_wind_are_refused() {
    let v = saved("wsim", "frigate-duel");
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][1]["spec"]["hull"] = 0.into(),
        "hull",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][1]["spec"]["class"] = 0.into(),
        "class",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][1]["spec"]["battle_sail"] = 0.into(),
        "battle_sail",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["wind_from"] = 6.into(),
        "facing 6",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][1]["pos"]["facing"] = 6.into(),
        "facing 6",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][1]["pos"] = v["scenario"]["ships"][0]["pos"].clone(),
        "overlaps",
    );
    refused(
        v,
        |v| {
            let spec = &mut v["scenario"]["ships"][1]["spec"];
            spec["guns"] = serde_json::json!([90, 90]);
            spec["carronades"] = serde_json::json!([90, 90]);
        },
        "at most 255",
    );
}

#[test]
fn fsail_saves_with_impossible_tables_limits_or_ships_are_refused() {
    let v = saved("fsail", "frigate-duel");
    refused(
        v.clone(),
        |v| v["scenario"]["table"] = serde_json::json!([2147483647, 2147483647]),
        "table",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["turn_limit"] = 65535.into(),
        "turn_limit",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][0]["profile"]["discipline"] = 255.into(),
        "statistic",
    );
    refused(
        v.clone(),
        |v| v["scenario"]["ships"][0]["name"] = "".into(),
        "name",
    );
    refused(v, |v| v["scenario"]["sides"][0] = " ".into(), "sides");
}

#[test]
fn a_bad_field_is_named_with_its_line_and_a_bad_version_is_not_version_zero() {
    let mut v = saved("wsim", "frigate-duel");
    v["scenario"]["ships"][1]["spec"]["hull"] = 99999.into();
    let text = serde_json::to_string_pretty(&v).expect("JSON");
    let e = SavedGame::from_json(&text, "edited.json").expect_err("out of range");
    assert!(e.to_string().contains("line "), "{e}");

    let mut v = saved("wsim", "frigate-duel");
    v["format_version"] = "1".into();
    let e = SavedGame::from_json(&v.to_string(), "edited.json").expect_err("a string");
    assert!(e.to_string().contains("not a version number"), "{e}");
    v["format_version"] = 4294967297u64.into();
    let e = SavedGame::from_json(&v.to_string(), "edited.json").expect_err("too large");
    assert!(e.to_string().contains("not a version number"), "{e}");
}
