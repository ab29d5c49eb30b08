//! Every door into a scenario runs the same checks: a scenario file (TOML) and a saved
//! game's embedded scenario (JSON, through `AnyScenario::validate`) refuse the same things,
//! and both rulesets check the same words (title, side names, ship names).

use broadside_env::ruleset::{self, AnyScenario, GameOptions};
use broadside_env::savegame::SavedGame;
use serde_json::Value;

/// Every built-in scenario of every ruleset.
fn all_scenarios() -> Vec<AnyScenario> {
    ruleset::rulesets()
        .iter()
        .flat_map(|r| ruleset::scenarios(r.name).expect("built-in scenarios"))
        .collect()
}

/// The saved game (no actions) of `scenario`, as a JSON value to edit.
fn saved_value(scenario: &AnyScenario) -> Value {
    let saved = SavedGame::new(scenario.clone(), GameOptions::default(), vec![], &[]);
    serde_json::from_str(&saved.to_json()).expect("JSON")
}

/// The error of loading the edited saved game; it must be one, and never a panic.
fn refused(v: &Value) -> String {
    let text = serde_json::to_string(v).expect("JSON");
    SavedGame::from_json(&text, "edited.json")
        .expect_err("the edited scenario must be refused")
        .to_string()
}

#[test]
fn a_saved_games_scenario_is_refused_for_what_a_scenario_file_is_refused_for() {
    for sc in all_scenarios() {
        let id = format!("{}/{}", sc.ruleset(), sc.id());
        let base = saved_value(&sc);
        let text = serde_json::to_string(&base).expect("JSON");
        SavedGame::from_json(&text, "ok.json").unwrap_or_else(|e| panic!("{id}: {e}"));

        let mut v = base.clone();
        v["scenario"]["title"] = Value::from("  ");
        assert!(refused(&v).contains("title"), "{id}: {}", refused(&v));

        let mut v = base.clone();
        let side = v["scenario"]["sides"][0].clone();
        v["scenario"]["sides"][1] = side;
        assert!(
            refused(&v).contains("different names"),
            "{id}: {}",
            refused(&v)
        );

        // The list of ships is `ships` in most rulesets' files, `ship` (TOML's `[[ship]]`)
        // in Togo's.
        let ships = ["ships", "ship"]
            .into_iter()
            .find(|k| base["scenario"][k].is_array())
            .unwrap_or_else(|| panic!("{id}: no list of ships in the scenario"));
        let mut v = base.clone();
        let name = v["scenario"][ships][0]["name"].clone();
        v["scenario"][ships][1]["name"] = name;
        assert!(
            refused(&v).contains("its own name"),
            "{id}: {}",
            refused(&v)
        );
    }
}

#[test]
fn fighting_sail_coordinates_near_the_integer_limits_are_refused_not_overflowed() {
    for sc in all_scenarios()
        .into_iter()
        .filter(|s| s.ruleset() == "fsail")
    {
        let id = sc.id().to_string();
        let base = saved_value(&sc);
        for far in [i64::from(i32::MAX), i64::from(i32::MIN), 1_400_000_000, -5] {
            let mut v = base.clone();
            v["scenario"]["ships"][0]["base"]["centre"]["x"] = Value::from(far);
            assert!(
                refused(&v).contains("ship[0].x/y"),
                "{id} {far}: {}",
                refused(&v)
            );

            if v["scenario"]["terrain"]
                .as_array()
                .is_some_and(|t| !t.is_empty())
            {
                let mut v = base.clone();
                v["scenario"]["terrain"][0]["rect"]["centre"]["y"] = Value::from(far);
                assert!(
                    refused(&v).contains("terrain[0]"),
                    "{id} {far}: {}",
                    refused(&v)
                );
            }
            // A rock far off the table, added to a scenario without one.
            let mut v = base.clone();
            let mut rock = serde_json::json!({
                "name": "rock",
                "rect": {"centre": {"x": far, "y": far}, "heading": 0, "length": 1000, "beam": 1000}
            });
            if let Some(t) = v["scenario"]["terrain"].as_array_mut() {
                t.push(rock.take());
            }
            assert!(
                refused(&v).contains("terrain["),
                "{id} {far}: {}",
                refused(&v)
            );
        }
        // A profile edited in the saved game (a footprint the plane cannot hold).
        let mut v = base.clone();
        v["scenario"]["ships"][0]["profile"]["length"] = Value::from(i64::from(i32::MAX));
        assert!(refused(&v).contains("profile"), "{id}: {}", refused(&v));
    }
}

#[test]
fn scenario_files_of_both_rulesets_refuse_the_same_words() {
    let files = [
        (
            "wsim",
            include_str!("../../data/wsim/scenarios/frigate-duel.toml"),
        ),
        (
            "fsail",
            include_str!("../../data/fsail/scenarios/frigate-duel.toml"),
        ),
    ];
    for (ruleset_name, text) in files {
        let dir = std::env::temp_dir().join(format!(
            "broadside-validate-{}-{ruleset_name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let table: toml::Table = text.parse().expect("TOML");
        let sides = table["sides"].as_array().expect("sides").clone();
        let mut same_sides = table.clone();
        same_sides.insert(
            "sides".into(),
            vec![sides[0].clone(), sides[0].clone()].into(),
        );
        let mut no_title = table.clone();
        no_title.insert("title".into(), "".into());
        let mut twins = table.clone();
        let ships = twins["ship"].as_array_mut().expect("ships");
        let first = ships[0]["name"].clone();
        ships[1]
            .as_table_mut()
            .expect("ship")
            .insert("name".into(), first);
        for (edited, needle) in [
            (same_sides, "different"),
            (no_title, "title"),
            (twins, "name"),
        ] {
            let path = dir.join("edited.toml");
            std::fs::write(&path, toml::to_string(&edited).expect("TOML")).expect("write");
            let e = ruleset::scenario(ruleset_name, path.to_str().expect("utf-8"))
                .expect_err("refused");
            assert!(e.to_string().contains(needle), "{ruleset_name}: {e}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_built_in_name_is_never_shadowed_by_a_file_or_folder_and_paths_are_paths() {
    assert!(!ruleset::names_a_file("frigate-duel"));
    assert!(ruleset::names_a_file("./frigate-duel"));
    assert!(ruleset::names_a_file("my.toml"));
    assert!(ruleset::names_a_file("dir/scenario"));
    // A folder named like a built-in scenario in the current directory (as left by
    // `arena --records frigate-duel`): the built-in id still wins.
    let dir = std::env::temp_dir().join(format!("broadside-shadow-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("frigate-duel")).expect("folder");
    std::env::set_current_dir(&dir).expect("cd");
    for r in ruleset::rulesets() {
        // Each ruleset's own built-in id, shadowed by a folder of that name.
        let id = r.default_scenario;
        std::fs::create_dir_all(dir.join(id)).expect("folder");
        let sc = ruleset::scenario(r.name, id).expect("the built-in scenario");
        assert_eq!(sc.id(), id);
        let e = ruleset::scenario(r.name, &format!("./{id}")).expect_err("a folder as a file");
        assert!(e.to_string().contains("folder"), "{e}");
    }
    let e = ruleset::scenario("wsim", "no-such-id").expect_err("unknown");
    assert!(e.to_string().contains("ending in `.toml`"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
