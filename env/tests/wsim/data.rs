//! Rules data of Wooden Ships & Iron Men: the embedded ship specs, tables and scenarios
//! load and say what the sources say, and malformed inputs give typed errors that name
//! the field at fault.

use std::path::{Path, PathBuf};

use broadside_env::hex::{Facing, Hex, ShipPos};
use broadside_env::wsim::data::{
    builtin_scenario, builtin_scenarios, load_scenario_file, parse_scenario, parse_ship_specs,
    parse_tables, ship_kind, ship_specs, tables, CrewQuality, Hits, Scenario, Tables, AIM_HULL,
    AIM_RIGGING, DEFAULT_SCENARIO, MAX_PLANE_COLS, MAX_PLANE_ROWS, MAX_SHIPS,
};
use broadside_env::DataError;

const SPECS_CSV: &str = include_str!("../../data/wsim/ship-specs.csv");
const TABLES_TOML: &str = include_str!("../../data/wsim/tables.toml");

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data/wsim")
}

/// `text` with the only occurrence of `from` replaced by `to`.
fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(
        text.matches(from).count(),
        1,
        "`{from}` should occur exactly once"
    );
    text.replacen(from, to, 1)
}

/// The field and problem of an [`DataError::Invalid`], panicking on anything else.
fn invalid(result: Result<impl std::fmt::Debug, DataError>) -> (String, String) {
    match result {
        Err(DataError::Invalid { field, problem, .. }) => (field, problem),
        other => panic!("expected DataError::Invalid, got {other:?}"),
    }
}

/// The message of a [`DataError::Parse`], panicking on anything else.
fn parse_error(result: Result<impl std::fmt::Debug, DataError>) -> String {
    match result {
        Err(DataError::Parse { message, .. }) => message,
        other => panic!("expected DataError::Parse, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Ship specifications
// ---------------------------------------------------------------------------------------

#[test]
fn embedded_specs_parse() {
    let specs = ship_specs();
    assert_eq!(specs.len(), 76);
    for (i, s) in specs.iter().enumerate() {
        assert_eq!(s.id as usize, i);
        assert!(matches!(s.battle_sail, 3 | 4), "spec {i}");
        assert!(matches!(s.rigging_sections, 3 | 4), "spec {i}");
        assert_eq!(s.kind, ship_kind(s.class).unwrap(), "spec {i}");
        if s.rigging_sections == 3 {
            assert_eq!(s.rigging[3], 0, "spec {i}");
        }
    }
    assert_eq!(
        parse_ship_specs(SPECS_CSV, "ship-specs.csv").unwrap(),
        specs.to_vec()
    );
}

#[test]
fn spec_10_is_the_seeds_bucentaure_chart() {
    // The seed's chart: "Bucentaure, 2nd SOL, rigging 14/21, value 27". `sail` gives this
    // spec class 1, so it reads "1st SOL" here; rigging and value match. The chart's
    // "Turn: 2" and "Crew: 16/17" are not `sail`'s (turn 1, crew 12/12/10): a substitute
    // listed in docs/rulesets/wsim.md.
    let s = &ship_specs()[10];
    assert_eq!(s.points, 27);
    assert_eq!(s.rigging_total(), 21);
    assert_eq!(s.rigging, [7, 7, 7, 0]);
    assert_eq!(s.rigging_sections, 3);
    assert_eq!(s.nominal_guns, 80);
    assert_eq!(s.class, 1);
    assert_eq!(s.kind, "1st SOL");
    assert_eq!(s.battle_sail, 3);
    assert_eq!(s.turn_allowance, 1);
    assert_eq!(s.hull, 23);
    assert_eq!(s.crew_quality, CrewQuality::Average);
    assert_eq!(s.crew, [12, 12, 10]);
    assert_eq!(s.guns, [22, 22]);
    assert_eq!(s.carronades, [0, 0]);
}

#[test]
fn spot_checks_of_other_specs() {
    let specs = ship_specs();
    // Drake carries carronades only.
    assert_eq!(specs[1].guns, [0, 0]);
    assert_eq!(specs[1].carronades, [4, 4]);
    // Constitution: four rigging sections of 6, elite crew, 24 points.
    let c = &specs[31];
    assert_eq!(c.rigging, [6, 6, 6, 6]);
    assert_eq!(c.rigging_sections, 4);
    assert_eq!(c.crew_quality, CrewQuality::Elite);
    assert_eq!(c.points, 24);
    assert_eq!(c.kind, "Corvette");
    // Conquerant's uneven rigging and Lady Prevost's empty first crew section.
    assert_eq!(specs[48].rigging, [4, 4, 7, 0]);
    assert_eq!(specs[39].crew, [0, 2, 2]);
    assert_eq!(specs[39].kind, "Brig");
    assert_eq!(specs[70].crew_quality, CrewQuality::Poor);
    assert_eq!(specs[75].rigging, [7, 8, 9, 0]);
}

#[test]
fn crew_quality_names_and_codes() {
    for (i, q) in CrewQuality::ALL.into_iter().enumerate() {
        assert_eq!(q.index(), i);
        assert_eq!(CrewQuality::from_index(i), Some(q));
        assert_eq!(CrewQuality::from_name(q.name()), Some(q));
        assert_eq!(CrewQuality::from_code(i as i64 + 1), Some(q));
    }
    assert_eq!(CrewQuality::from_name("Elite"), Some(CrewQuality::Elite));
    assert_eq!(CrewQuality::from_name("mundane"), None);
    assert_eq!(CrewQuality::from_code(0), None);
    assert_eq!(CrewQuality::from_code(6), None);
    assert_eq!(ship_kind(0), None);
    assert_eq!(ship_kind(2), Some("2nd SOL"));
    assert_eq!(ship_kind(7), None);
}

#[test]
fn malformed_specs_name_line_and_column() {
    // Spec 2's hull (line 4 of the file) made zero.
    let text = replace_once(SPECS_CSV, "\n2,3,5,2,42,4,7,", "\n2,3,5,2,42,4,0,");
    let (field, problem) = invalid(parse_ship_specs(&text, "specs.csv"));
    assert_eq!(field, "hull");
    assert!(problem.contains("line 4"), "{problem}");

    let text = replace_once(SPECS_CSV, "\n3,4,6,3,44,", "\n3,4,6,3,4x4,");
    let (field, problem) = invalid(parse_ship_specs(&text, "specs.csv"));
    assert_eq!(field, "guns");
    assert!(
        problem.contains("line 5") && problem.contains("4x4"),
        "{problem}"
    );

    // A battle sail speed the movement table has no row for.
    let text = replace_once(SPECS_CSV, "\n0,4,7,3,", "\n0,5,7,3,");
    assert_eq!(
        invalid(parse_ship_specs(&text, "specs.csv")).0,
        "battle_sail"
    );

    // Ids out of order.
    let text = replace_once(SPECS_CSV, "\n1,4,7,3,17,", "\n7,4,7,3,17,");
    assert_eq!(invalid(parse_ship_specs(&text, "specs.csv")).0, "spec");

    // Zero in the fourth rigging section is ambiguous: -1 means "no fourth section".
    let text = replace_once(SPECS_CSV, ",4,4,4,4,7,Ranger", ",4,4,4,0,7,Ranger");
    assert_eq!(invalid(parse_ship_specs(&text, "specs.csv")).0, "rigging4");

    // Missing and unknown columns.
    let text = replace_once(SPECS_CSV, "crew_quality,", "");
    let (field, problem) = invalid(parse_ship_specs(&text, "specs.csv"));
    assert_eq!(field, "crew_quality");
    assert!(problem.contains("missing"), "{problem}");
    let text = replace_once(SPECS_CSV, "crew_quality,", "quality,");
    assert_eq!(invalid(parse_ship_specs(&text, "specs.csv")).0, "quality");

    // A short row is a CSV error.
    let text = replace_once(SPECS_CSV, "\n1,4,7,3,17,5,", "\n1,4,7,3,17,");
    let message = parse_error(parse_ship_specs(&text, "specs.csv"));
    assert!(message.contains("line 3"), "{message}");

    // Comment lines count towards line numbers.
    let text = replace_once(
        SPECS_CSV,
        "\n2,3,5,2,42,4,7,",
        "\n# two comment lines\n#\n2,3,5,2,42,4,0,",
    );
    let (field, problem) = invalid(parse_ship_specs(&text, "specs.csv"));
    assert_eq!(field, "hull");
    assert!(problem.contains("line 6"), "{problem}");
}

// ---------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------

fn hits(hull: u8, guns: u8, crew: u8, rigging: u8) -> Hits {
    Hits {
        hull,
        guns,
        crew,
        rigging,
    }
}

#[test]
fn tables_reproduce_the_rules_notes() {
    let t = tables();
    assert_eq!(*t, parse_tables(TABLES_TOML, "tables.toml").unwrap());

    assert_eq!(t.movement, [[3, 2, 1, 0], [4, 3, 1, 0]]);

    // HDT base: 13+ guns at range 1 = 5; corners and a middle cell.
    assert_eq!(t.hdt_base[4][0], 5);
    assert_eq!(t.hdt_base[4][5], 0);
    assert_eq!(t.hdt_base[0][0], 1);
    assert_eq!(t.hdt_base[0][5], -3);
    assert_eq!(t.hdt_base[2][1], 2);
    assert_eq!(t.hdt_base[3][4], 0);
    assert_eq!(t.hdt_base[1][3], 0);

    let q = |c: CrewQuality| t.crew_quality_mod[c.index()];
    assert_eq!(q(CrewQuality::Elite), [1, 2, 2, 2, 3]);
    assert_eq!(q(CrewQuality::Crack), [1, 1, 2, 2, 2]);
    assert_eq!(q(CrewQuality::Average), [0; 5]);
    assert_eq!(q(CrewQuality::Green), [0, 0, -1, -1, -1]);
    assert_eq!(q(CrewQuality::Poor), [-1, -1, -1, -2, -2]);
    assert_eq!(t.crew_section_lost_mod, [-1; 5]);
    assert_eq!(t.initial_broadside_mod, [1, 1, 2, 2, 2]);
    // Rake, row 10-12 = +4.
    assert_eq!(t.rake_mod[3], 4);
    assert_eq!(t.rake_mod, [1, 2, 3, 4, 5]);

    let h = &t.hit_tables;
    // Table 8, hull, die 6 = 4H-2G-C-R.
    assert_eq!(h[8][AIM_HULL][5], hits(4, 2, 1, 1));
    assert_eq!(h[8][AIM_RIGGING][4], hits(2, 1, 0, 5));
    assert_eq!(h[0][AIM_HULL][0], Hits::default());
    assert_eq!(h[0][AIM_HULL][3], hits(0, 0, 1, 0));
    assert_eq!(h[0][AIM_RIGGING][4], hits(0, 0, 0, 1));
    assert_eq!(h[1][AIM_RIGGING][5], hits(0, 0, 0, 2));
    assert_eq!(h[2][AIM_RIGGING][0], Hits::default());
    assert_eq!(h[3][AIM_HULL][2], hits(1, 1, 1, 0));
    assert_eq!(h[4][AIM_RIGGING][5], hits(0, 0, 0, 5));
    assert_eq!(h[5][AIM_HULL][2], hits(2, 1, 1, 1));
    assert_eq!(h[6][AIM_HULL][5], hits(3, 2, 1, 1));
    assert_eq!(h[7][AIM_RIGGING][5], hits(1, 0, 0, 7));
    assert_eq!(h[7][AIM_HULL][2], hits(4, 0, 0, 3));
    // Hits never decrease in total from table 0 to table 8 on the best die face.
    for aim in [AIM_HULL, AIM_RIGGING] {
        for table in 1..9 {
            assert!(h[table][aim][5].total() >= h[table - 1][aim][5].total());
        }
    }

    let r = &t.rules;
    assert_eq!(r.max_range, 10);
    assert_eq!(r.hull_aim_max_range, 5);
    assert_eq!(r.carronade_max_range, 2);
    assert_eq!(r.max_table, 8);
    assert_eq!(r.foul_chance, (1, 2));
    assert_eq!(r.unfoul_chance, (1, 3));
    assert_eq!(r.no_fire_grace_turns, 3);
    assert_eq!(r.no_fire_timer_turns, 5);
    assert_eq!(r.turn_limit, 200);
    assert_eq!(r.support_radius, 10);
}

#[test]
fn gun_and_range_bands() {
    let bands: Vec<_> = (0..=16).map(Tables::gun_band).collect();
    assert_eq!(bands[0], None);
    for (g, want) in [
        (1, 0),
        (3, 0),
        (4, 1),
        (6, 1),
        (7, 2),
        (9, 2),
        (10, 3),
        (12, 3),
        (13, 4),
        (16, 4),
    ] {
        assert_eq!(bands[g], Some(want), "{g} guns");
    }
    assert_eq!(Tables::gun_band(200), Some(4));

    assert_eq!(Tables::range_band(0), None);
    assert_eq!(Tables::range_band(-1), None);
    assert_eq!(Tables::range_band(11), None);
    for (r, want) in [
        (1, 0),
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 4),
        (6, 4),
        (7, 5),
        (10, 5),
    ] {
        assert_eq!(Tables::range_band(r), Some(want), "range {r}");
    }
}

#[test]
fn hit_notation() {
    assert_eq!(Hits::parse("0"), Ok(Hits::default()));
    assert_eq!(Hits::parse("2H-G-C"), Ok(hits(2, 1, 1, 0)));
    assert_eq!(Hits::parse("4R"), Ok(hits(0, 0, 0, 4)));
    assert_eq!(Hits::parse(" 3h-2c-g "), Ok(hits(3, 1, 2, 0)));
    for bad in ["", "2X", "H-H", "0H", "10H", "H-", "-R", "2"] {
        assert!(Hits::parse(bad).is_err(), "`{bad}` should not parse");
    }
}

#[test]
fn bad_hit_notation_names_the_cell() {
    let text = replace_once(TABLES_TOML, "\"3H-C\"", "\"3X-C\"");
    let (field, problem) = invalid(parse_tables(&text, "tables.toml"));
    assert_eq!(field, "hit_table[3].hull[die 5]");
    assert!(problem.contains("3X"), "{problem}");

    let text = replace_once(TABLES_TOML, "\"7R-H-G\"", "\"7R-H-R\"");
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "hit_table[8].rigging[die 6]"
    );
}

#[test]
fn wrong_table_shapes_are_rejected() {
    // An HDT row one cell short.
    let text = replace_once(
        TABLES_TOML,
        "guns_1_3    = [1, 1, 0, -1, -2, -3]",
        "guns_1_3    = [1, 1, 0, -1, -2]",
    );
    let (field, problem) = invalid(parse_tables(&text, "tables.toml"));
    assert_eq!(field, "hdt.guns_1_3");
    assert!(problem.contains("expected 6"), "{problem}");

    // A hit-table column with five cells.
    let text = replace_once(
        TABLES_TOML,
        "rigging = [\"0\", \"0\", \"R\", \"C\", \"R-H\", \"2R\"]",
        "rigging = [\"0\", \"0\", \"R\", \"C\", \"R-H\"]",
    );
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "hit_table[1].rigging"
    );

    // Eight hit tables instead of nine.
    let start = TABLES_TOML.find("[[hit_table]]\ntable = 8").unwrap();
    let end = TABLES_TOML.find("# Rule numbers.").unwrap();
    let text = format!("{}{}", &TABLES_TOML[..start], &TABLES_TOML[end..]);
    assert_eq!(invalid(parse_tables(&text, "tables.toml")).0, "hit_table");

    // Tables out of order.
    let text = replace_once(TABLES_TOML, "table = 4\n", "table = 5\n");
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "hit_table[4].table"
    );

    // A modifier row of the wrong length, and a value out of range.
    let text = replace_once(
        TABLES_TOML,
        "rake              = [ 1,  2,  3,  4,  5]",
        "rake              = [ 1,  2,  3,  4,  5, 6]",
    );
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "modifiers.rake"
    );
    let text = replace_once(
        TABLES_TOML,
        "rake              = [ 1,  2,  3,  4,  5]",
        "rake              = [ 1,  2,  3,  4, 50]",
    );
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "modifiers.rake[13+]"
    );

    // Attitude D must be 0.
    let text = replace_once(TABLES_TOML, "[3, 2, 1, 0]", "[3, 2, 1, 1]");
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "movement.battle_sail_3[D]"
    );

    // Rule numbers.
    let text = replace_once(TABLES_TOML, "max_table = 8", "max_table = 9");
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "rules.max_table"
    );
    let text = replace_once(TABLES_TOML, "foul_chance = [1, 2]", "foul_chance = [3, 2]");
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "rules.foul_chance"
    );
    let text = replace_once(
        TABLES_TOML,
        "hull_aim_max_range = 5",
        "hull_aim_max_range = 11",
    );
    assert_eq!(
        invalid(parse_tables(&text, "tables.toml")).0,
        "rules.hull_aim_max_range"
    );
}

#[test]
fn unknown_and_missing_table_keys_are_parse_errors() {
    let text = replace_once(
        TABLES_TOML,
        "turn_limit = 200",
        "turn_limit = 200\nturns = 3",
    );
    let message = parse_error(parse_tables(&text, "tables.toml"));
    assert!(message.contains("turns"), "{message}");

    let text = replace_once(TABLES_TOML, "support_radius = 10\n", "");
    let message = parse_error(parse_tables(&text, "tables.toml"));
    assert!(message.contains("support_radius"), "{message}");

    let text = replace_once(TABLES_TOML, "max_range = 10", "max_range = \"ten\"");
    let err = parse_tables(&text, "tables.toml").unwrap_err();
    assert!(
        matches!(&err, DataError::Parse { file, message } if file == "tables.toml" && message.contains("line")),
        "{err:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------

/// The attitude letter of a ship to the wind (the lead's rule: 0 = D, 1/5 = C, 2/4 = A,
/// 3 = B), used to check that every built-in ship can move at the start.
fn attitude(pos: ShipPos, wind_from: Facing) -> char {
    match pos.facing.turns_to(wind_from) {
        0 => 'D',
        1 | 5 => 'C',
        2 | 4 => 'A',
        _ => 'B',
    }
}

fn closest_enemy_range(s: &Scenario) -> i32 {
    let mut best = i32::MAX;
    for a in s.ships.iter().filter(|x| x.side == 0) {
        for b in s.ships.iter().filter(|x| x.side == 1) {
            best = best.min(a.pos.range_to(b.pos));
        }
    }
    best
}

#[test]
fn every_builtin_scenario_loads_and_validates() {
    let all = builtin_scenarios();
    assert_eq!(all[0].id, DEFAULT_SCENARIO);
    let ids: Vec<&str> = all.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "squadron-battle",
            "frigate-duel",
            "three-vs-three",
            "ranger-vs-drake",
            "flamborough-head",
            "arbuthnot-des-touches"
        ]
    );

    // Every file in the folder is embedded, under its own name, and loads from disk the same.
    let dir = data_dir().join("scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), all.len());
    for path in &files {
        let from_disk = load_scenario_file(path).unwrap();
        assert_eq!(
            path.file_stem().unwrap().to_str().unwrap(),
            from_disk.id,
            "file name is the id"
        );
        assert_eq!(builtin_scenario(&from_disk.id).unwrap(), from_disk);
    }

    for s in all {
        assert!(!s.title.is_empty() && !s.source.is_empty() && !s.description.is_empty());
        assert!(s.map.cols <= MAX_PLANE_COLS && s.map.rows <= MAX_PLANE_ROWS);
        assert!(s.ships.len() <= MAX_SHIPS);
        for side in 0..2 {
            assert!(s.ships.iter().any(|x| x.side == side), "{}", s.id);
        }
        for (i, a) in s.ships.iter().enumerate() {
            for h in a.pos.hexes() {
                assert!(s.map.contains(h), "{}: {} off the map", s.id, a.name);
            }
            for b in &s.ships[i + 1..] {
                assert!(!a.pos.overlaps(b.pos), "{}: {} / {}", s.id, a.name, b.name);
                assert_ne!(a.name, b.name);
            }
            assert_ne!(
                attitude(a.pos, s.wind_from),
                'D',
                "{}: {} starts into the wind",
                s.id,
                a.name
            );
            assert_eq!(a.nation, s.sides[a.side as usize], "{}: {}", s.id, a.name);
        }
        // Nobody starts in range of an enemy's carronades or at point-blank range.
        assert!(closest_enemy_range(s) >= 5, "{}", s.id);
    }
}

/// Checks that the ships of `side` form a line ahead: same facing, each bow three hexes
/// (ship, ship, gap) astern of the one ahead, in file order.
fn assert_line_ahead(s: &Scenario, side: u8) {
    let line: Vec<ShipPos> = s
        .ships
        .iter()
        .filter(|x| x.side == side)
        .map(|x| x.pos)
        .collect();
    for w in line.windows(2) {
        assert_eq!(w[0].facing, w[1].facing, "{}", s.id);
        let back = w[0].facing.opposite().step();
        let expected = w[0].bow.add(back).add(back).add(back);
        // Lines may be listed van first or rear first.
        let forward = w[0].facing.step();
        let ahead = w[0].bow.add(forward).add(forward).add(forward);
        assert!(
            w[1].bow == expected || w[1].bow == ahead,
            "{}: not in line ahead at {:?}",
            s.id,
            w[1]
        );
    }
}

#[test]
fn the_default_squadron_battle() {
    let s = builtin_scenario(DEFAULT_SCENARIO).unwrap();
    assert_eq!(s.ships.len(), 12);
    assert!(!s.is_single_ship());
    assert!((28..=32).contains(&s.map.cols) && (22..=26).contains(&s.map.rows));
    for side in 0..2 {
        let line: Vec<_> = s.ships.iter().filter(|x| x.side == side).collect();
        assert_eq!(line.len(), 6);
        for x in &line {
            assert!(x.spec.class <= 2, "{} is a ship of the line", x.name);
            assert_eq!(x.spec.rigging_sections, 3);
            assert_eq!(x.spec.battle_sail, 3);
            assert_eq!(attitude(x.pos, s.wind_from), 'A');
        }
        assert_line_ahead(&s, side);
    }
    // The same ships on both sides, in the same order.
    let ids = |side: u8| -> Vec<u16> {
        s.ships
            .iter()
            .filter(|x| x.side == side)
            .map(|x| x.spec.id)
            .collect()
    };
    assert_eq!(ids(0), ids(1));
    // Lines 5 to 8 hexes apart: every ship has an enemy within 5..=8 hexes and none nearer.
    assert!((5..=8).contains(&closest_enemy_range(&s)));
    for a in &s.ships {
        let nearest = s
            .ships
            .iter()
            .filter(|b| b.side != a.side)
            .map(|b| a.pos.range_to(b.pos))
            .min()
            .unwrap();
        assert!((5..=8).contains(&nearest), "{}: {nearest}", a.name);
    }
}

#[test]
fn the_small_scenarios() {
    let duel = builtin_scenario("frigate-duel").unwrap();
    assert!(duel.is_single_ship());
    assert_eq!(duel.sides, ["American".to_string(), "British".to_string()]);
    assert_eq!(duel.ships[0].name, "Constitution");
    assert_eq!(duel.ships[0].spec.id, 31);
    assert_eq!(duel.ships[1].name, "Guerriere");
    assert_eq!(duel.ships[1].spec.id, 32);
    // Displayed as what she was, not as sail's class 4 ("Corvette").
    assert_eq!(duel.ships[0].spec.kind, "Heavy frigate");
    assert_eq!(duel.ships[1].spec.kind, "Frigate");
    assert!((6..=9).contains(&closest_enemy_range(&duel)));

    let three = builtin_scenario("three-vs-three").unwrap();
    assert!(!three.is_single_ship());
    for side in 0..2 {
        let ships: Vec<_> = three.ships.iter().filter(|x| x.side == side).collect();
        assert_eq!(ships.len(), 3);
        assert!(ships.iter().all(|x| x.spec.rigging_sections == 4));
        assert_line_ahead(&three, side);
    }

    // Historical: ship lists and winds from sail (direction 5 blows toward the south).
    let rd = builtin_scenario("ranger-vs-drake").unwrap();
    assert!(rd.is_single_ship());
    assert_eq!(rd.wind_from, Facing::N);
    assert_eq!(
        rd.ships.iter().map(|x| x.spec.id).collect::<Vec<_>>(),
        [0, 1]
    );
    assert_eq!(attitude(rd.ships[1].pos, rd.wind_from), 'B');

    let fh = builtin_scenario("flamborough-head").unwrap();
    assert_eq!(fh.wind_from, Facing::S);
    assert_eq!(
        fh.ships.iter().map(|x| x.spec.id).collect::<Vec<_>>(),
        [2, 3]
    );

    let ad = builtin_scenario("arbuthnot-des-touches").unwrap();
    assert_eq!(ad.ships.len(), 10);
    assert_eq!(ad.wind_from, Facing::N);
    let british: Vec<(&str, u16)> = ad
        .ships
        .iter()
        .filter(|x| x.side == 0)
        .map(|x| (x.name.as_str(), x.spec.id))
        .collect();
    assert_eq!(
        british,
        [
            ("America", 4),
            ("Befford", 5),
            ("Adamant", 6),
            ("London", 7),
            ("Royal Oak", 8)
        ]
    );
    let mut french: Vec<(&str, u16)> = ad
        .ships
        .iter()
        .filter(|x| x.side == 1)
        .map(|x| (x.name.as_str(), x.spec.id))
        .collect();
    french.sort_by_key(|x| x.1);
    assert_eq!(
        french,
        [
            ("Neptune", 9),
            ("Duc Bougogne", 10),
            ("Provence", 11),
            ("Romulus", 12),
            ("Conquerant", 48)
        ]
    );
    assert!(ad
        .ships
        .iter()
        .all(|x| x.nation == ad.sides[x.side as usize]));
}

#[test]
fn unknown_scenario_lists_known_ids() {
    match builtin_scenario("trafalgar") {
        Err(DataError::UnknownScenario { name, known, .. }) => {
            assert_eq!(name, "trafalgar");
            for s in builtin_scenarios() {
                assert!(known.contains(&s.id), "{known}");
            }
        }
        other => panic!("expected UnknownScenario, got {other:?}"),
    }
}

#[test]
fn missing_scenario_file_is_an_io_error_naming_the_path() {
    let path = data_dir().join("scenarios/no-such-scenario.toml");
    match load_scenario_file(&path) {
        Err(DataError::Io { file, .. }) => assert!(file.contains("no-such-scenario.toml")),
        other => panic!("expected Io, got {other:?}"),
    }
}

/// A small valid scenario the malformed cases below start from.
const DUEL: &str = r#"
id = "test-duel"
title = "Test duel"
source = "tests/wsim_data.rs"
wind_from = "N"
sides = ["American", "British"]

[map]
cols = 12
rows = 10

[[ship]]
name = "Alpha"
side = 0
spec = 31
col = 3
row = 4
facing = "SE"

[[ship]]
name = "Bravo"
side = 1
spec = 32
col = 8
row = 4
facing = "SW"
"#;

fn duel_with(from: &str, to: &str) -> Result<Scenario, DataError> {
    parse_scenario(&replace_once(DUEL, from, to), "duel.toml")
}

#[test]
fn a_minimal_scenario_parses_with_defaults() {
    let s = parse_scenario(DUEL, "duel.toml").unwrap();
    assert!(s.is_single_ship());
    assert_eq!(s.description, "");
    assert_eq!(s.ships[0].nation, "American");
    assert_eq!(s.ships[1].nation, "British");
    assert_eq!(s.ships[0].spec, ship_specs()[31]);
    assert_eq!(
        s.ships[0].pos,
        ShipPos::new(Hex::from_offset(3, 4), Facing::SE)
    );
    assert_eq!(s.wind_from, Facing::N);
}

#[test]
fn spec_overrides_apply_and_are_checked() {
    let s = duel_with(
        "spec = 32\n",
        "spec = 32\ncrew_quality = \"Elite\"\npoints = 40\nrigging = [5, 5, 5]\nnation = \"Royal Navy\"\n",
    )
    .unwrap();
    let b = &s.ships[1];
    assert_eq!(b.spec.id, 32);
    assert_eq!(b.spec.crew_quality, CrewQuality::Elite);
    assert_eq!(b.spec.points, 40);
    assert_eq!(b.spec.rigging, [5, 5, 5, 0]);
    assert_eq!(b.spec.rigging_sections, 3);
    assert_eq!(b.nation, "Royal Navy");
    assert_eq!(b.spec.hull, ship_specs()[32].hull);

    // Overriding the class re-derives the kind unless the kind is overridden too.
    let s = duel_with("spec = 32\n", "spec = 32\nclass = 2\n").unwrap();
    assert_eq!(s.ships[1].spec.kind, "2nd SOL");
    let s = duel_with("spec = 32\n", "spec = 32\nclass = 2\nkind = \"Razee\"\n").unwrap();
    assert_eq!(s.ships[1].spec.kind, "Razee");

    let (field, _) = invalid(duel_with(
        "spec = 32\n",
        "spec = 32\ncrew_quality = \"heroic\"\n",
    ));
    assert_eq!(field, "ship #2 (Bravo).crew_quality");
    let (field, _) = invalid(duel_with("spec = 32\n", "spec = 32\nbattle_sail = 5\n"));
    assert_eq!(field, "ship #2 (Bravo).battle_sail");
    let (field, _) = invalid(duel_with("spec = 32\n", "spec = 32\nguns = [1, 2, 3]\n"));
    assert_eq!(field, "ship #2 (Bravo).guns");
    let (field, _) = invalid(duel_with(
        "spec = 32\n",
        "spec = 32\nrigging = [5, 0, 5, 5]\n",
    ));
    assert_eq!(field, "ship #2 (Bravo).rigging");
}

#[test]
fn unknown_spec_id() {
    let (field, problem) = invalid(duel_with("spec = 31", "spec = 999"));
    assert_eq!(field, "ship #1 (Alpha).spec");
    assert!(problem.contains("999"), "{problem}");
    assert_eq!(
        invalid(duel_with("spec = 31", "spec = -1")).0,
        "ship #1 (Alpha).spec"
    );
}

#[test]
fn ships_off_the_map() {
    // Bow off the map.
    let (field, problem) = invalid(duel_with("col = 8", "col = 12"));
    assert_eq!(field, "ship #2 (Bravo).col");
    assert!(problem.contains("off the"), "{problem}");
    assert_eq!(
        invalid(duel_with(
            "row = 4\nfacing = \"SW\"",
            "row = -1\nfacing = \"SW\""
        ))
        .0,
        "ship #2 (Bravo).row"
    );
    // Bow on the map, stern off it: a ship in column 0 facing SE has its stern in column -1.
    let (field, problem) = invalid(duel_with("col = 3", "col = 0"));
    assert_eq!(field, "ship #1 (Alpha).facing");
    assert!(problem.contains("stern"), "{problem}");
}

#[test]
fn overlapping_ships() {
    // Bravo's bow on Alpha's bow hex.
    let (field, problem) = invalid(duel_with(
        "col = 8\nrow = 4\nfacing = \"SW\"",
        "col = 3\nrow = 4\nfacing = \"N\"",
    ));
    assert_eq!(field, "ship #2 (Bravo).col");
    assert!(problem.contains("Alpha"), "{problem}");
    // Bravo's stern on Alpha's bow: Bravo at (4, 5) facing SE has its stern at (3, 4).
    let (field, _) = invalid(duel_with(
        "col = 8\nrow = 4\nfacing = \"SW\"",
        "col = 4\nrow = 5\nfacing = \"SE\"",
    ));
    assert_eq!(field, "ship #2 (Bravo).col");
}

#[test]
fn unknown_keys_are_rejected() {
    let message = parse_error(duel_with("spec = 31", "spec = 31\nspeed = 4"));
    assert!(message.contains("speed"), "{message}");
    let message = parse_error(duel_with("rows = 10", "rows = 10\ndepth = 3"));
    assert!(message.contains("depth"), "{message}");
    let message = parse_error(duel_with(
        "wind_from = \"N\"",
        "wind_from = \"N\"\nwind_speed = 3",
    ));
    assert!(message.contains("wind_speed"), "{message}");
}

#[test]
fn bad_facings() {
    let (field, problem) = invalid(duel_with("facing = \"SE\"", "facing = \"E\""));
    assert_eq!(field, "ship #1 (Alpha).facing");
    assert!(
        problem.contains("`E`") && problem.contains("NW"),
        "{problem}"
    );
    assert_eq!(
        invalid(duel_with("wind_from = \"N\"", "wind_from = \"north\"")).0,
        "wind_from"
    );
    // Facing names are case-insensitive.
    assert!(duel_with("facing = \"SE\"", "facing = \"se\"").is_ok());
}

#[test]
fn sides_and_ship_counts() {
    let (field, _) = invalid(duel_with("side = 1", "side = 2"));
    assert_eq!(field, "ship #2 (Bravo).side");
    // Both ships on side 0: side 1 has none.
    let (field, problem) = invalid(duel_with("side = 1", "side = 0"));
    assert_eq!(field, "ship");
    assert!(problem.contains("side 1"), "{problem}");
    let (field, _) = invalid(duel_with(
        "sides = [\"American\", \"British\"]",
        "sides = [\"American\"]",
    ));
    assert_eq!(field, "sides");

    // 25 ships: one too many.
    let mut text = DUEL.to_string();
    for i in 0..23 {
        text.push_str(&format!(
            "\n[[ship]]\nname = \"Extra {i}\"\nside = 1\nspec = 32\ncol = {}\nrow = {}\nfacing = \"N\"\n",
            i % 12,
            if i < 12 { 1 } else { 8 }
        ));
    }
    let text = text.replace("cols = 12", "cols = 40");
    let (field, problem) = invalid(parse_scenario(&text, "big.toml"));
    assert_eq!(field, "ship");
    assert!(problem.contains("25"), "{problem}");
}

#[test]
fn map_size_limits() {
    assert_eq!(invalid(duel_with("cols = 12", "cols = 41")).0, "map.cols");
    assert_eq!(invalid(duel_with("rows = 10", "rows = 33")).0, "map.rows");
    assert_eq!(invalid(duel_with("rows = 10", "rows = 3")).0, "map.rows");
    assert!(duel_with("cols = 12", &format!("cols = {MAX_PLANE_COLS}")).is_ok());
}

#[test]
fn ship_names_must_be_present_and_unique() {
    let (field, problem) = invalid(duel_with("name = \"Bravo\"", "name = \"Alpha\""));
    assert_eq!(field, "ship #2 (Alpha).name");
    assert!(problem.contains("unique"), "{problem}");
    let (field, _) = invalid(duel_with("name = \"Bravo\"", "name = \"  \""));
    assert_eq!(field, "ship #2 ().name");
    // A missing name is a parse error naming the key.
    let message = parse_error(duel_with("name = \"Bravo\"\n", ""));
    assert!(message.contains("name"), "{message}");
}

#[test]
fn scenario_header_fields_are_checked() {
    assert_eq!(
        invalid(duel_with("id = \"test-duel\"", "id = \"Test Duel\"")).0,
        "id"
    );
    assert_eq!(
        invalid(duel_with("title = \"Test duel\"", "title = \"\"")).0,
        "title"
    );
    let message = parse_error(duel_with("source = \"tests/wsim_data.rs\"\n", ""));
    assert!(message.contains("source"), "{message}");
}

#[test]
fn scenarios_round_trip_through_serde() {
    for s in builtin_scenarios() {
        let json = serde_json::to_string(s).unwrap();
        let back: Scenario = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, s);
    }
}
