//! Gods of War: Togo data: the embedded classes, rules and scenarios load and validate;
//! bad scenario files are refused with an error naming the file and the field.

use broadside_env::ruleset::{self, Ruleset};
use broadside_env::togo::data::{classes, parse_classes, parse_rules, parse_scenario, rules};
use broadside_env::togo::{builtin_scenario, builtin_scenarios, TogoRuleset};

const GOOD: &str = r#"
id = "t"
title = "T"
sides = ["A", "B"]
era = 2
turns = 5
contact_from = 3
[[ship]]
name = "One"
class = "first"
side = 0
x = 10.0
y = 10.0
heading = 90
[[ship]]
name = "Two"
class = "fourth"
side = 1
x = 40.0
y = 10.0
heading = 270
"#;

fn err(text: &str) -> String {
    parse_scenario(text, "bad.toml")
        .expect_err("refused")
        .to_string()
}

#[test]
fn embedded_data_loads_and_matches_the_rules_notes_class_table() {
    assert_eq!(builtin_scenarios().len(), 4);
    assert_eq!(builtin_scenarios()[0].id, "squadron-action");
    let c = classes();
    let first = c.iter().find(|c| c.id == "first").unwrap();
    assert_eq!(
        (first.class, first.hull, first.armour, first.max_knots),
        (1, 8, 6, 12)
    );
    let fourth = c.iter().find(|c| c.id == "fourth").unwrap();
    assert_eq!((fourth.hull, fourth.armour, fourth.torpedoes), (2, 0, 2));
    // "6/4+" is 7 in the table; the light battery has no long range.
    assert_eq!(rules().gunnery.main[0][1], [5, 6, 7]);
    assert_eq!(rules().gunnery.light[2], [3, 4, 0]);
    assert_eq!(rules().gunnery.penetration, [0, 5, 4, 3, 2]);
    // The squadron action's ships are the rules notes' named ships, four a side.
    let s = builtin_scenario("squadron-action").unwrap();
    let names: Vec<_> = s.ships.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Pelayo",
            "Infanta Maria Teresa",
            "Reina Regente",
            "Velasco",
            "Indiana",
            "Atlanta",
            "Cincinnati",
            "Ericsson"
        ]
    );
}

#[test]
fn the_registry_knows_togo() {
    assert!(ruleset::rulesets().iter().any(|r| r.name == "togo"));
    let s = ruleset::scenario("togo", "ironclad-duel").expect("built in");
    assert_eq!(s.ships_per_side(), [1, 1]);
    assert_eq!(TogoRuleset::DEFAULT_SCENARIO, "squadron-action");
    parse_scenario(GOOD, "good.toml").expect("a good file");
}

#[test]
fn bad_scenarios_are_refused_naming_the_field() {
    assert!(err(&GOOD.replace("\"fourth\"", "\"dreadnought\"")).contains("ship[1].class"));
    assert!(err(&GOOD.replace("x = 40.0", "x = 400.0")).contains("ship[1].x"));
    assert!(err(&GOOD.replace("x = 40.0", "x = nan")).contains("ship[1].x"));
    assert!(err(&GOOD.replace("heading = 270", "heading = 360")).contains("heading"));
    assert!(err(&GOOD.replace("era = 2", "era = 0")).contains("era"));
    assert!(err(&GOOD.replace("turns = 5", "turns = 99")).contains("turns"));
    assert!(err(&GOOD.replace("side = 1", "side = 0")).contains("side 1 has no ship"));
    assert!(err(&GOOD.replace("x = 40.0", "x = 10.5")).contains("apart"));
    assert!(err(&GOOD.replace("x = 40.0", "x = 71.5")).contains("table"));
    assert!(err(&format!(
        "{GOOD}\n[[minefield]]\nx = 1.0\ny = 1.0\ntype = 5\n"
    ))
    .contains("minefield[0].type"));
    assert!(err(&format!(
        "{GOOD}\n[[land]]\nx = 10.0\ny = 10.0\nlength = 3.0\nbeam = 3.0\n"
    ))
    .contains("on land"));
    assert!(err(&GOOD.replace("name = \"Two\"", "name = \"One\"")).contains("two ships"));
    assert!(
        err(&GOOD.replace("[[ship]]\nname = \"One\"", "[[ship]]\nnme = \"One\"")).contains("nme")
    );
    let traits = GOOD.replace("heading = 90", "heading = 90\ntraits = [\"flying\"]");
    assert!(err(&traits).contains("traits"));
}

#[test]
fn bad_rules_and_classes_are_refused() {
    let text = include_str!("../../data/togo/rules.toml");
    assert!(parse_rules(text, "r").is_ok());
    let e = parse_rules(&text.replace("hit = 4", "hit = 9"), "r").unwrap_err();
    assert!(e.to_string().contains("tests"), "{e}");
    let e = parse_rules(
        &text.replace("[4, 5, 6], [5, 6, 7]", "[4, 5, 6], [5, 6, 8]"),
        "r",
    )
    .unwrap_err();
    assert!(e.to_string().contains("gunnery"), "{e}");
    let classes = include_str!("../../data/togo/classes.toml");
    assert!(parse_classes(classes, "c").is_ok());
    let e = parse_classes(&classes.replacen("guns = 2", "guns = 9", 1), "c").unwrap_err();
    assert!(e.to_string().contains("guns"), "{e}");
    let e = parse_classes(
        &classes.replacen("kind = \"medium\"", "kind = \"main\"", 1),
        "c",
    )
    .unwrap_err();
    assert!(e.to_string().contains("at most one battery"), "{e}");
}

#[test]
fn fortifications_in_data_are_checked() {
    let fort = classes().iter().find(|c| c.id == "fort").unwrap();
    assert!(fort.fortification && fort.max_knots == 0);
    let s = builtin_scenario("minefield-and-land").unwrap();
    let forts: Vec<_> = s.ships.iter().filter(|x| x.class == "fort").collect();
    assert_eq!(forts.len(), 1, "the El Fraile battery");
    assert_eq!(forts[0].side, 1);
    // A fortification is not a ship: a side needs a ship.
    let only_fort = GOOD.replace("\"fourth\"", "\"fort\"");
    assert!(err(&only_fort).contains("side 1 has no ship"));
    // It has no flagship, marines, captain or traits.
    let with_ship = format!(
        "{GOOD}\n[[ship]]\nname = \"Battery\"\nclass = \"fort\"\nside = 1\nx = 40.0\ny = 30.0\nheading = 0\n"
    );
    parse_scenario(&with_ship, "good.toml").expect("a battery beside a ship");
    assert!(err(&format!("{with_ship}flagship = true\n")).contains("ship[2].class"));
    assert!(err(&format!("{with_ship}marines = 1\n")).contains("ship[2].class"));
    // A fortification does not move; a ship must.
    let classes = include_str!("../../data/togo/classes.toml");
    let e = parse_classes(&classes.replace("max_knots = 0", "max_knots = 5"), "c").unwrap_err();
    assert!(e.to_string().contains("max_knots"), "{e}");
    let e =
        parse_classes(&classes.replacen("max_knots = 12", "max_knots = 0", 1), "c").unwrap_err();
    assert!(e.to_string().contains("max_knots"), "{e}");
    // The boarding contact distance is bounded.
    let text = include_str!("../../data/togo/rules.toml");
    let e = parse_rules(
        &text.replace("board_contact = 0.5", "board_contact = 9.0"),
        "r",
    )
    .unwrap_err();
    assert!(e.to_string().contains("distance"), "{e}");
}

#[test]
fn exit_edges_are_checked() {
    let with = |side: &str, edge: &str| {
        GOOD.replace(
            "contact_from = 3\n",
            &format!("contact_from = 3\nexit = {{ side = {side}, edge = \"{edge}\" }}\n"),
        )
    };
    parse_scenario(&with("0", "east"), "good.toml").expect("an exit edge");
    assert!(err(&with("0", "up")).contains("exit.edge"));
    assert!(err(&with("2", "east")).contains("exit.side"));
}
