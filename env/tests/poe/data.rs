//! Rules data of the sea fight: the embedded scenarios load and are what the rules notes
//! ask for, and malformed scenario, class and rules files (or scenarios inside saved games)
//! give errors that name the file and the field, never a panic.

use crate::common::*;
use broadside_env::poe::data::{
    classes, parse_classes, parse_rules, parse_scenario, rules, CORNER_NAMES,
};
use broadside_env::poe::{
    builtin_scenario, builtin_scenarios, load_scenario_file, PoeGame, PoeOptions, Scenario,
    DEFAULT_SCENARIO,
};
use broadside_env::DataError;

const TWO: [Def; 2] = [
    (0, "medium-merchant", 5, 5, "NE", ""),
    (1, "small-warship", 10, 4, "SW", ""),
];

fn err(text: &str) -> String {
    parse_scenario(text, "x.toml").unwrap_err().to_string()
}

#[test]
fn builtin_scenarios_load_and_the_convoy_action_is_the_default() {
    let all = builtin_scenarios();
    assert_eq!(all.len(), 3);
    assert_eq!(all[0].id, DEFAULT_SCENARIO);
    for id in ["convoy-action", "warship-duel", "fog-and-shallows"] {
        let s = builtin_scenario(id).unwrap();
        s.validate("builtin").unwrap();
        let g = PoeGame::new(&s, PoeOptions::default());
        broadside_env::game::Game::check_invariants(&g).unwrap();
    }
    let ca = &all[0];
    assert_eq!(
        (ca.cols, ca.rows),
        (15, 9),
        "the 15 x 9 map of the rules notes"
    );
    let buccaneers = ca.ships.iter().filter(|s| s.side == 1).count();
    assert!((3..=4).contains(&buccaneers));
    assert!((7..=9).contains(&ca.ships.len()), "about 8 ships");
    assert!(ca.ships.iter().any(|s| s.side == 0 && !s.class.warship));
    assert!(
        ca.ships.iter().any(|s| s.side == 0 && s.class.warship),
        "escorts"
    );
    assert!(!ca.fog.is_empty() && !ca.shallows.is_empty());
    assert_eq!(CORNER_NAMES[ca.escape_corner as usize], "NE");
    let duel = builtin_scenario("warship-duel").unwrap();
    assert_eq!(duel.ships.len(), 2);
    assert!(duel.ships.iter().all(|s| s.class.warship));
    let e = builtin_scenario("nope").unwrap_err();
    assert!(matches!(e, DataError::UnknownScenario { .. }), "{e}");
}

#[test]
fn classes_and_rules_are_the_sheet_and_the_notes() {
    let c = |id: &str| classes().iter().find(|c| c.id == id).unwrap().clone();
    let lm = c("large-merchant");
    assert_eq!(
        (lm.crew, lm.guns, lm.sail, lm.size, lm.range),
        (3, 2, 3, 3, 3)
    );
    assert_eq!(c("small-warship").range, 3);
    assert_eq!(c("medium-warship").range, 4);
    assert_eq!(c("large-warship").range, 5);
    let r = rules();
    assert_eq!(r.clock.length, 21);
    assert_eq!((r.clock.advance_min, r.clock.advance_max), (3, 5));
    assert_eq!(r.gunnery.hit, 6);
}

#[test]
fn bad_scenarios_name_file_and_field() {
    let good = scenario_text(&TWO, "N", &[], &[]);
    parse_scenario(&good, "x.toml").unwrap();
    let e = parse_scenario(&good.replace("small-warship", "galleon"), "x.toml").unwrap_err();
    assert!(
        matches!(&e, DataError::Invalid { file, field, .. } if file == "x.toml" && field == "ship[1].class"),
        "{e}"
    );
    assert!(e.to_string().contains("unknown class `galleon`"), "{e}");
    assert!(err(&good.replace("col = 10", "col = 15")).contains("off the map"));
    assert!(err(&good.replace("col = 10", "col = 99")).contains("ship[1].col"));
    assert!(err(&good.replace("row = 4", "row = -1")).contains("ship[1].row"));
    assert!(err(&good.replace("name = \"s1\"", "name = \"s0\"")).contains("its own name"));
    assert!(err(&scenario_text(
        &[
            (0, "medium-merchant", 5, 5, "NE", ""),
            (1, "small-warship", 5, 5, "SW", "")
        ],
        "N",
        &[],
        &[]
    ))
    .contains("shares its hex"));
    assert!(err(&scenario_text(
        &[
            (0, "small-warship", 5, 5, "NE", ""),
            (1, "small-merchant", 7, 5, "SW", "")
        ],
        "N",
        &[],
        &[]
    ))
    .contains("merchants sail with side 0"));
    assert!(err(&good.replace("facing = \"SW\"", "facing = \"E\"")).contains("not a hex facing"));
    assert!(err(&good.replace("wind_from = \"N\"", "wind_from = \"NNE\"")).contains("wind_from"));
    assert!(
        err(&good.replace("escape_corner = \"NE\"", "escape_corner = \"N\""))
            .contains("not a corner")
    );
    assert!(err(&good.replace("cols = 15", "cols = 40")).contains("map.cols"));
    assert!(err(&good.replace("side = 1", "side = 2")).contains("ship[1].side"));
    assert!(err(&good.replace("[\"A\", \"B\"]", "[\"A\", \"A\"]")).contains("both sides"));
    assert!(err(&good.replace("[\"A\", \"B\"]", "[\"A\"]")).contains("two side names"));
    assert!(err(&good.replace("title = \"test\"", "title = \" \"")).contains("title"));
    assert!(err(&good.replace("id = \"test\"", "id = \"A b\"")).contains("lowercase"));
    assert!(err(&good.replace("side = 1", "side = 0")).contains("side 1 has no ships"));
    assert!(err(&scenario_text(&TWO, "N", &[(3, 3), (3, 3)], &[])).contains("listed twice"));
    assert!(err(&scenario_text(&TWO, "N", &[], &[(30, 3)])).contains("shallows[0][0]"));
    assert!(err(&format!("{good}\nbogus = 1\n")).contains("bogus"));
    assert!(err("not toml = = 1").starts_with("x.toml"));
    // A merchant may not start in the escape corner.
    assert!(err(&scenario_text(
        &[
            (0, "small-merchant", 13, 0, "NE", ""),
            (1, "small-warship", 7, 5, "SW", "")
        ],
        "N",
        &[],
        &[]
    ))
    .contains("escape corner"));
}

// The same check guards scenarios that come from elsewhere (a saved game's JSON).
#[test]
fn validate_guards_scenarios_from_saved_games() {
    let good: Scenario = builtin_scenario(DEFAULT_SCENARIO).unwrap();
    let json = serde_json::to_string(&good).unwrap();
    let back: Scenario = serde_json::from_str(&json).unwrap();
    assert_eq!(back, good);
    let mut s = good.clone();
    s.ships[0].col = 40;
    assert!(s
        .validate("save.json")
        .unwrap_err()
        .to_string()
        .contains("off the map"));
    let mut s = good.clone();
    s.ships[1].class.crew = 200;
    assert!(s.validate("save.json").is_err());
    let mut s = good.clone();
    s.ships[1].facing = 6;
    assert!(s.validate("save.json").is_err());
    let mut s = good.clone();
    s.wind_from = 9;
    assert!(s.validate("save.json").is_err());
    let mut s = good.clone();
    s.fog.push([99, 0]);
    assert!(s.validate("save.json").is_err());
    let mut s = good.clone();
    s.ships.extend(good.ships.iter().cloned());
    assert!(
        s.validate("save.json").is_err(),
        "too many or duplicate ships"
    );
    let mut s = good;
    s.sides[1] = String::new();
    assert!(s.validate("save.json").is_err());
}

#[test]
fn bad_class_and_rules_files_name_the_field() {
    let e = parse_classes("[[class]]\nid = \"x\"\n", "c.toml").unwrap_err();
    assert!(e.to_string().starts_with("c.toml"), "{e}");
    let text = include_str!("../../data/poe/classes.toml");
    let e = parse_classes(&text.replace("crew = 4", "crew = 9"), "c.toml").unwrap_err();
    assert!(e.to_string().contains("class[2].crew"), "{e}");
    let e = parse_classes(
        &text.replace("size = \"large\"", "size = \"huge\""),
        "c.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("not a size"), "{e}");
    let e = parse_classes(
        &text.replace("id = \"medium-warship\"", "id = \"small-warship\""),
        "c.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("duplicate id"), "{e}");
    let rules_text = include_str!("../../data/poe/rules.toml");
    parse_rules(rules_text, "r.toml").unwrap();
    let e = parse_rules(&rules_text.replace("hit = 6", "hit = 9"), "r.toml").unwrap_err();
    assert!(e.to_string().contains("gunnery.hit"), "{e}");
    let e = parse_rules(
        &rules_text.replace("max_dice = 3", "max_dice = 300"),
        "r.toml",
    )
    .unwrap_err();
    assert!(e.to_string().starts_with("r.toml"), "{e}");
}

#[test]
fn files_load_and_missing_files_are_io_errors() {
    let dir = std::env::temp_dir().join(format!("poe-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("s.toml");
    std::fs::write(&p, scenario_text(&TWO, "N", &[], &[])).unwrap();
    assert_eq!(load_scenario_file(&p).unwrap().ships.len(), 2);
    let e = load_scenario_file(&dir.join("none.toml")).unwrap_err();
    assert!(matches!(e, DataError::Io { .. }), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Mangled scenario files (lines dropped, numbers changed, characters replaced) give an
/// error or a valid scenario, never a panic.
#[test]
fn mangled_scenarios_never_panic() {
    let text = include_str!("../../data/poe/scenarios/convoy-action.toml");
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    for i in 0..lines.len() {
        let dropped: String = lines
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, l)| format!("{l}\n"))
            .collect();
        if let Ok(s) = parse_scenario(&dropped, "m.toml") {
            PoeGame::new(&s, PoeOptions::default());
        }
        checked += 1;
    }
    for (k, (from, to)) in [
        ("1", "-7"),
        ("4", "70000"),
        ("\"", "'"),
        ("=", " "),
        ("[", ""),
    ]
    .iter()
    .enumerate()
    {
        for n in 0..text.matches(from).count().min(40) {
            let mut t = String::new();
            let mut seen = 0;
            for (i, part) in text.split(from).enumerate() {
                if i > 0 {
                    t += if seen == n { to } else { from };
                    seen += 1;
                }
                t += part;
            }
            let _ = (
                k,
                parse_scenario(&t, "m.toml").map(|s| PoeGame::new(&s, PoeOptions::default())),
            );
            checked += 1;
        }
    }
    assert!(checked > 50);
}

/// Ours (docs/rulesets/poe.md, Substitutes): the sheet ends the game when the clock's "loop"
/// is completed without giving its length; the notes' 21 holds unless a scenario sets
/// `clock`, within 9..=42, and the game then runs to that length.
#[test]
fn a_scenario_may_set_the_clock_length_within_bounds() {
    let plain = scenario_text(&TWO, "N", &[], &[]);
    let s = parse_scenario(&plain, "x.toml").unwrap();
    assert_eq!(s.clock_length, 21);
    let long = parse_scenario(&format!("clock = 31\n{plain}"), "x.toml").unwrap();
    assert_eq!(long.clock_length, 31);
    assert_eq!(PoeGame::new(&long, PoeOptions::default()).clock_length, 31);
    for bad in [8, 43, -1] {
        let e = err(&format!("clock = {bad}\n{plain}"));
        assert!(e.contains("x.toml") && e.contains("clock"), "{e}");
    }
    let default = builtin_scenario(DEFAULT_SCENARIO).unwrap();
    assert_eq!(
        default.clock_length, 31,
        "the convoy action gives each side four turns"
    );
}
