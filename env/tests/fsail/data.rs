//! Rules data of Fighting Sail: the embedded scenarios load and say what the sources say,
//! and malformed scenario, profile and rules files give errors that name the file and the
//! field at fault.

use crate::common::*;
use broadside_env::fsail::data::{parse_profiles, parse_rules, parse_scenario};
use broadside_env::DataError;

/// The TOML text of a test scenario with no flagship and no terrain.
fn scenario_text(ships: &[Def], wind: &str, deck: bool) -> String {
    scenario_text_full(ships, wind, deck, None, &[])
}

#[test]
fn bad_data_names_file_and_field() {
    let e = parse_scenario(
        &scenario_text(
            &[(0, "galleon", 20.0, 15.0, 90), (1, "frigate", 5.0, 5.0, 90)],
            "N",
            false,
        ),
        "x.toml",
    )
    .unwrap_err();
    assert!(
        matches!(&e, DataError::Invalid { file, field, .. } if file == "x.toml" && field == "ship[0].profile"),
        "{e}"
    );
    let e = parse_scenario(
        &scenario_text(
            &[(0, "frigate", 47.0, 15.0, 90), (1, "frigate", 5.0, 5.0, 90)],
            "N",
            false,
        ),
        "x.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("not wholly on the table"), "{e}");
    let e = parse_scenario(
        &scenario_text(
            &[
                (0, "frigate", 20.0, 15.0, 90),
                (1, "frigate", 21.0, 15.0, 90),
            ],
            "N",
            false,
        ),
        "x.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("overlaps"), "{e}");
    let e = parse_scenario(&scenario_text(&ABEAM, "NNE", false), "x.toml").unwrap_err();
    assert!(e.to_string().contains("wind_from"), "{e}");
    let three_sides = scenario_text(&ABEAM, "N", false).replace("\"B\"]", "\"B\", \"C\"]");
    let e = parse_scenario(&three_sides, "x.toml").unwrap_err();
    assert!(e.to_string().contains("two side names, found 3"), "{e}");
    let odd_id = scenario_text(&ABEAM, "N", false).replace("id = \"test\"", "id = \"A b/../c\"");
    let e = parse_scenario(&odd_id, "x.toml").unwrap_err();
    assert!(e.to_string().contains("lowercase letters"), "{e}");
    let e = parse_profiles("[[profile]]\nid = \"x\"\n", "p.toml").unwrap_err();
    assert!(e.to_string().starts_with("p.toml"), "{e}");
    let rules =
        include_str!("../../data/fsail/rules.toml").replace("hull_save = 4", "hull_save = 9");
    let e = parse_rules(&rules, "r.toml").unwrap_err();
    assert!(e.to_string().contains("shooting.hull_save"), "{e}");
}

#[test]
fn builtin_scenarios_load_and_the_fleet_action_is_big_enough() {
    let all = broadside_env::fsail::builtin_scenarios();
    assert_eq!(all[0].id, "fleet-action");
    let fa = &all[0];
    for side in 0..2 {
        assert!(fa.ships.iter().filter(|s| s.side == side).count() >= 5);
        assert!(
            (280..=320).contains(&fa.points(side)),
            "{}",
            fa.points(side)
        );
    }
    assert_eq!(fa.table, [48_000, 36_000]);
    assert!(fa.weather_deck);
}
