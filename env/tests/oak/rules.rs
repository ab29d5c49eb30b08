//! Oak & Iron rules, one test per glossary entry or quick-reference step (named in each
//! test), on small hand-built positions: ships are placed by a scenario text, the hands and
//! first cards are chosen, then the state's fields set the situation under test and the
//! decisions and chance outcomes are applied as the catalogue names them.

use broadside_env::game::{Action, Game, Turn};
use broadside_env::oak::catalogue::*;
use broadside_env::oak::data::{cards, parse_scenario, rule, rules, CardSet, Effect, Nation};
use broadside_env::oak::state::{sail, Activation, Pending, Phase, NONE};
use broadside_env::oak::{OakGame, OakOptions};
use broadside_env::observation::Observation;
use rand::SeedableRng;

/// A scenario with `ships` (TOML inline tables) and `terrain` on a 36 x 36 table, wind
/// from the west.
fn scenario_text(ships: &str, terrain: &str) -> String {
    format!(
        r#"id = "test"
title = "Test"
sides = ["Blue", "Red"]
nations = ["spanish", "french"]
admirals = [1, 1]
defender = 1
weather_edge = "west"
table = {{ width = 36.0, depth = 36.0 }}
ship = [
{ships}
]
terrain = [
{terrain}
]
"#
    )
}

/// A game of the scenario, set up (hands and first cards chosen by the first legal
/// option) and in the movement phase of turn 1.
fn game(ships: &str, terrain: &str) -> OakGame {
    game_of_text(&scenario_text(ships, terrain))
}

/// [`game`] of a whole scenario text.
fn game_of_text(text: &str) -> OakGame {
    let s = parse_scenario(text, "test.toml").expect("scenario");
    let mut g = OakGame::new(&s, OakOptions { resignation: false });
    let mut flip = false;
    while g.phase == Phase::Setup || g.phase == Phase::Initiative {
        let a = match g.turn() {
            Turn::Player(_) => g.legal_actions().iter().next().expect("a decision"),
            Turn::Chance => {
                // Alternate the lowest and highest outcomes: a tied challenge ends.
                flip = !flip;
                let c = g.chance_outcomes();
                let all: Vec<Action> = c.iter().map(|(a, _)| a).collect();
                if flip {
                    all[all.len() - 1]
                } else {
                    all[0]
                }
            }
            Turn::Terminal => panic!("over"),
        };
        g.apply(a).expect("legal");
    }
    g
}

/// A game of the scenario text with its set-up done (hands and first cards chosen by the
/// first legal option), stopped at turn 1's initiative phase, before the cards are revealed.
fn set_up(text: &str) -> OakGame {
    let s = parse_scenario(text, "test.toml").expect("scenario");
    let mut g = OakGame::new(&s, OakOptions { resignation: false });
    while g.phase == Phase::Setup {
        let a = g.legal_actions().iter().next().expect("a set-up decision");
        g.apply(a).expect("legal");
    }
    g
}

/// Two ships a side apart: Blue's `a` at (10, 10) heading north, Red's `b` east of it.
const PAIR: &str = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 16.0, y = 10.0, heading = 0, flagship = true },
"#;

/// Ship `i` acts in the attack phase.
fn attack_with(g: &mut OakGame, i: usize) {
    g.phase = Phase::Attack;
    g.act = Activation {
        ship: i as u8,
        collide_with: NONE,
        ..Activation::default()
    };
    g.who = g.ships[i].side;
    g.pending = Pending::AttackChoice;
}

/// Ship `i` starts its movement activation.
fn move_with(g: &mut OakGame, i: usize) {
    g.phase = Phase::Movement;
    g.who = g.ships[i].side;
    g.pending = Pending::SelectShip;
    g.apply(SHIP_0 + g.ships[i].slot as Action).expect("select");
}

fn weights(g: &OakGame) -> Vec<(Action, u32)> {
    g.chance_outcomes().weighted().collect()
}

fn apply_all(g: &mut OakGame, actions: &[Action]) {
    for &a in actions {
        g.apply(a)
            .unwrap_or_else(|e| panic!("{} in {:?}: {e}", g.spec().action_name(a), g.pending));
    }
}

/// Glossary, "Example broadside attack": the sloop fires 3 dice at the petite fregate at
/// pistol shot: skull, musket, sail = 2 hits and 1 potential critical; 1 fatigue for the
/// hits, 2 hits / fortitude 2 = 1 damage; the skull rerolls to a sword: 1 more fatigue; a
/// reload marker on the side that fired.
#[test]
fn the_glossarys_broadside_example() {
    let mut g = game(
        r#"
  { name = "Sloop", side = 0, class = "Sloop", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "Fregate", side = 1, class = "Petite Fregate", x = 13.5, y = 10.0, heading = 0, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    assert!(g.legal_actions().contains(FIRE_STBD_0));
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    // 3 dice at pistol shot: skull, cannon, musket, pistol hit (4 of 8 faces).
    assert_eq!(
        weights(&g),
        vec![
            (ROLL_0, 64),
            (ROLL_0 + 1, 192),
            (ROLL_0 + 2, 192),
            (ROLL_0 + 3, 64)
        ]
    );
    g.apply(ROLL_0 + 2).unwrap();
    // Skulls among the 2 hits: 1 face in 4.
    assert_eq!(g.chance_outcomes().total_weight(), 16);
    g.apply(ROLL_0 + 1).unwrap();
    assert_eq!(g.pending, Pending::CritDie);
    assert_eq!((g.ships[1].fatigue, g.ships[1].damage), (1, 1));
    g.apply(FACE_SWORD).unwrap();
    assert_eq!((g.ships[1].fatigue, g.ships[1].damage), (2, 1));
    assert!(g.ships[0].reload[1] && !g.ships[0].reload[0]);
}

/// Glossary, "Fortitude": a ship with fortitude 2 takes hits / 2 damage, rounded down.
#[test]
fn fortitude_divides_hits_rounding_down() {
    for (hits, damage) in [(1u16, 0u8), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)] {
        let mut g = game(PAIR, "");
        g.fortune = [0; 8];
        g.ships[0].base.centre.x = 12_500; // pistol shot
        attack_with(&mut g, 0);
        apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
        g.apply(ROLL_0 + hits).unwrap(); // 6 dice: one batch
        g.apply(ROLL_0).unwrap(); // no criticals
        assert_eq!(g.ships[1].damage, damage, "{hits} hits");
        assert_eq!(g.ships[1].fatigue, 1);
    }
}

/// Broadside: "Roll dice equal to the broadside value, reduced by 1 for each fatigue (to a
/// minimum of the crew value)"; Additional guns adds 1 after the subtraction.
#[test]
fn broadside_dice_subtract_fatigue_down_to_the_crew_value() {
    let mut g = game(PAIR, "");
    g.ships[0].fatigue = 2;
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    assert_eq!(g.roll.dice, 4);
    let mut g = game(PAIR, "");
    g.ships[0].fatigue = 5;
    g.ships[0].rules |= rule::ADDITIONAL_GUNS;
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    assert_eq!(g.roll.dice, 3 + 1, "crew value 3, then +1 additional guns");
}

/// Broadside path and reload markers: a target outside the band of the bow and stern
/// lines cannot be fired on; a broadside with a reload marker cannot fire; after firing
/// one side the other may fire in the same activation.
#[test]
fn broadside_path_reload_markers_and_both_sides() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 18.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 24.0, y = 10.0, heading = 0, flagship = true },
  { name = "C", side = 1, class = "Sloop", x = 12.0, y = 10.0, heading = 0 },
  { name = "D", side = 1, class = "Sloop", x = 18.0, y = 18.0, heading = 0 },
"#,
        "",
    );
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    let l = g.legal_actions();
    assert!(l.contains(FIRE_STBD_0) && l.contains(FIRE_PORT_0 + 1));
    assert!(
        !l.contains(FIRE_PORT_0 + 2) && !l.contains(FIRE_STBD_0 + 2),
        "ahead: not in a path"
    );
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0]);
    assert_eq!(g.pending, Pending::SecondBroadside);
    assert!(g.legal_actions().contains(FIRE_PORT_0 + 1));
    assert!(!g.legal_actions().contains(FIRE_STBD_0));
    g.apply(ATTACK_NONE).unwrap();
    assert!(g.ships[0].reload[1] && !g.ships[0].reload[0]);
    // Next turn the loaded side only.
    g.ships[0].attacked = false;
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(FIRE_STBD_0));
    assert!(g.legal_actions().contains(FIRE_PORT_0 + 1));
}

/// Ranges: cannon shot hits on skull and cannon, musket adds musket, pistol adds pistol;
/// nothing past cannon shot.
#[test]
fn hits_by_range() {
    for (x, total_hit_faces) in [(13_000, 4u32), (18_000, 3), (21_000, 2)] {
        let mut g = game(PAIR, "");
        g.ships[1].base.centre.x = x;
        attack_with(&mut g, 0);
        apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
        // One die of six scoring: C(6,1) h^1 (8-h)^5.
        let w = weights(&g)[1].1;
        assert_eq!(
            w,
            6 * total_hit_faces * (8 - total_hit_faces).pow(5),
            "at {x}"
        );
    }
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 10_000 + 1575 + 12_100;
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(FIRE_STBD_0), "past cannon shot");
}

/// Fog bank: a shot into a fog bank counts one range farther (pistol as musket).
#[test]
fn fog_makes_a_shot_one_range_farther() {
    let mut g = game(
        PAIR,
        r#"{ name = "Fret", kind = "fog", x = 11.5, y = 10.0, length = 4.0, width = 1.0 },"#,
    );
    g.ships[1].base.centre.x = 13_000;
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    assert_eq!(
        weights(&g)[1].1,
        6 * 3 * 5u32.pow(5),
        "pistol shot counts as musket"
    );
}

/// Line of sight: islands and ship bases block it.
#[test]
fn islands_and_ships_block_line_of_sight() {
    let mut g = game(
        PAIR,
        r#"{ name = "Isle", kind = "island", x = 13.0, y = 10.0, length = 5.0, width = 2.0 },"#,
    );
    attack_with(&mut g, 0);
    assert!(!g.line_of_sight(0, 1));
    assert!(!g.legal_actions().contains(FIRE_STBD_0));
}

/// High freeboard: at least 2 hits to cause fatigue; very high freeboard: 3.
#[test]
fn high_and_very_high_freeboard() {
    for (bit, hits, fatigue) in [
        (rule::HIGH_FREEBOARD, 1u16, 0u8),
        (rule::HIGH_FREEBOARD, 2, 1),
        (rule::VERY_HIGH_FREEBOARD, 2, 0),
        (rule::VERY_HIGH_FREEBOARD, 3, 1),
    ] {
        let mut g = game(PAIR, "");
        g.fortune = [0; 8];
        g.ships[1].rules |= bit;
        attack_with(&mut g, 0);
        apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + hits, ROLL_0]);
        assert_eq!(g.ships[1].fatigue, fatigue, "{bit} {hits}");
    }
}

/// Small: fortitude + 1 when targeted at cannon shot.
#[test]
fn small_ships_are_tougher_at_cannon_shot() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Sloop", x = 21.0, y = 10.0, heading = 0, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 3, ROLL_0]);
    assert_eq!(g.ships[1].damage, 1, "3 hits / (1 + 1)");
}

/// Rake: within musket shot, the line through the firer's side mid-points through the
/// target's bow and stern edges: +1 fatigue, skull and cannon are potential criticals;
/// through the stern the fortitude counts as 1.
#[test]
fn rakes_add_fatigue_criticals_and_a_stern_rake_ignores_fortitude() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 16.0, y = 10.0, heading = 90, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    assert_eq!(g.attack.rake, 2, "the stern faces the firer");
    g.apply(ROLL_0 + 3).unwrap();
    // Criticals: skull or cannon among the 4 pistol-shot hit faces: 2 in 4.
    assert_eq!(
        weights(&g),
        vec![
            (ROLL_0, 8),
            (ROLL_0 + 1, 24),
            (ROLL_0 + 2, 24),
            (ROLL_0 + 3, 8)
        ]
    );
    g.apply(ROLL_0).unwrap();
    assert_eq!(g.ships[1].fatigue, 2, "1 + 1 for the rake");
    assert_eq!(g.ships[1].damage, 3, "fortitude 1 through the stern");
}

/// Rake: "If the attack causes any fatigue, the target ship takes an additional point of
/// fatigue"; targeting crew: "When targeting crew during a raking shot, the target ship
/// takes the additional point of fatigue". One sword is a crew critical's 1 fatigue, and
/// the rake's 1 more; two swords hit the helm, which causes no fatigue, so the rake adds
/// none either.
#[test]
fn a_raking_crew_attack_adds_fatigue_only_if_the_attack_causes_fatigue() {
    for (swords, fatigue, helm) in [(1u16, 2u8, false), (2, 0, true)] {
        let mut g = game(
            r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 13.0, y = 10.0, heading = 90, flagship = true },
"#,
            "",
        );
        g.fortune = [0; 8];
        attack_with(&mut g, 0);
        apply_all(&mut g, &[FIRE_STBD_0, AIM_CREW]);
        assert!(g.attack.rake > 0, "a raking shot at pistol shot");
        g.apply(ROLL_0 + swords).unwrap();
        assert_eq!(g.ships[1].fatigue, fatigue, "{swords} sword(s)");
        assert_eq!(g.pending == Pending::Helm, helm, "{swords} sword(s)");
        assert_eq!(g.ships[1].damage, 0, "the crew, never the ship");
    }
}

/// Targeting crew: pistol shot only, half the dice, swords count as crew criticals and the
/// ship takes no damage.
#[test]
fn targeting_crew_halves_the_dice_and_counts_swords() {
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    g.ships[0].base.centre.x = 13_000;
    attack_with(&mut g, 0);
    g.apply(FIRE_STBD_0).unwrap();
    assert!(g.legal_actions().contains(AIM_CREW));
    g.apply(AIM_CREW).unwrap();
    assert_eq!(g.roll.dice, 3);
    g.apply(ROLL_0 + 1).unwrap();
    assert_eq!((g.ships[1].fatigue, g.ships[1].damage), (1, 0));
    // At musket shot the crew cannot be targeted.
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 18_000;
    attack_with(&mut g, 0);
    g.apply(FIRE_STBD_0).unwrap();
    assert!(!g.legal_actions().contains(AIM_CREW));
}

/// Targeting rigging: sails count; one drops a sail setting, two put the ship aground.
#[test]
fn targeting_rigging() {
    for (sails, setting, aground) in [(1u16, sail::MINIMAL, false), (2, sail::BATTLE, true)] {
        let mut g = game(PAIR, "");
        g.fortune = [0; 8];
        attack_with(&mut g, 0);
        apply_all(&mut g, &[FIRE_STBD_0, AIM_RIGGING]);
        assert_eq!(g.roll.dice, 3);
        g.apply(ROLL_0 + sails).unwrap();
        assert_eq!((g.ships[1].sail, g.ships[1].aground), (setting, aground));
        assert_eq!((g.ships[1].fatigue, g.ships[1].damage), (0, 0));
    }
}

/// Critical damage: two hull criticals cripple; on a crippled ship they put it out of
/// action; two crew criticals turn the helm (the attacker chooses) and roll for the admiral.
#[test]
fn critical_damage_table() {
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(
        &mut g,
        &[
            FIRE_STBD_0,
            AIM_HULL,
            ROLL_0 + 2,
            ROLL_0 + 2,
            FACE_SKULL,
            FACE_SKULL,
        ],
    );
    assert!(g.ships[1].crippled() && !g.ships[1].out_of_action());
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(
        &mut g,
        &[
            FIRE_STBD_0,
            AIM_HULL,
            ROLL_0 + 2,
            ROLL_0 + 2,
            FACE_SWORD,
            FACE_SWORD,
        ],
    );
    assert_eq!(g.pending, Pending::Helm);
    assert_eq!(g.who, 0, "the attacker turns the helm");
    g.apply(HELM_STBD).unwrap();
    assert_eq!(
        g.ships[1].base.heading, 60,
        "a full turn with the speed 2 tool"
    );
    // B is the flagship: one die, a skull or a sword loses the admiral.
    assert_eq!(weights(&g), vec![(ROLL_0, 5), (ROLL_0 + 1, 3)]);
    g.apply(ROLL_0 + 1).unwrap();
    assert_eq!(g.admiral[1], 0, "an untested admiral");
}

/// Crippled: at 7 damage; further damage is taken as fatigue; shaken at 7 fatigue, more is
/// ignored; out of action when both; stout and additional crew raise the tracks to 10.
#[test]
fn crippled_shaken_and_out_of_action() {
    let mut g = game(PAIR, "");
    g.ships[1].damage = 6;
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 6, ROLL_0]);
    // 6 hits / 2 = 3 damage: 1 to cripple, 2 as fatigue, plus 1 fatigue for the hits.
    assert_eq!((g.ships[1].damage, g.ships[1].fatigue), (7, 3));
    assert!(g.ships[1].crippled());
    g.ships[1].fatigue = 7;
    assert!(g.ships[1].out_of_action());
    g.ships[0].rules |= rule::STOUT | rule::ADDITIONAL_CREW;
    g.ships[0].damage = 7;
    g.ships[0].fatigue = 7;
    assert!(!g.ships[0].crippled() && !g.ships[0].shaken());
}

/// Partial fire: crew value dice, musket shot at most, ignores reload markers and makes
/// none, hits outside the broadside path.
#[test]
fn partial_fire() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 10.0, y = 16.0, heading = 0, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    g.ships[0].reload = [true, true];
    attack_with(&mut g, 0);
    assert!(g.legal_actions().contains(PARTIAL_0));
    apply_all(&mut g, &[PARTIAL_0, AIM_HULL]);
    assert_eq!(g.roll.dice, 3);
    apply_all(&mut g, &[ROLL_0 + 2, ROLL_0]);
    assert_eq!((g.ships[1].fatigue, g.ships[1].damage), (1, 1));
    g.ships[1].base.centre.y = 22_000;
    g.ships[0].attacked = false;
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(PARTIAL_0), "past musket shot");
}

/// Close combat: crew + 3 dice less fatigue; each hit 1 fatigue; from the bow or stern only
/// skulls hit, else skull, sword and pistol; expert boarders roll one more.
#[test]
fn close_combat() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 11.575, y = 10.0, heading = 0, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    g.ships[0].entangled = 1 << 1;
    g.ships[1].entangled = 1;
    g.ships[0].fatigue = 1;
    attack_with(&mut g, 0);
    g.apply(CLOSE_0).unwrap();
    assert_eq!(g.roll.dice, 3 + 3 - 1);
    // Side by side: skull, sword, pistol = 4 faces of 8.
    assert_eq!(weights(&g)[0].1, 4u32.pow(5));
    g.apply(ROLL_0 + 3).unwrap();
    assert_eq!(g.ships[1].fatigue, 3);
    // The French (side 1) are expert boarders: one more die.
    attack_with(&mut g, 1);
    g.apply(CLOSE_0).unwrap();
    assert_eq!(g.roll.dice, 3 + 3 - 3 + 1);
}

/// Additional crew action: instead of an attack, only with no enemy within pistol shot.
#[test]
fn additional_crew_action_needs_no_enemy_within_pistol_shot() {
    let mut g = game(PAIR, "");
    g.ships[0].base.centre.x = 13_000;
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(ATTACK_CREW));
    let mut g = game(PAIR, "");
    g.ships[0].reload = [true, false];
    attack_with(&mut g, 0);
    g.apply(ATTACK_CREW).unwrap();
    assert_eq!(g.pending, Pending::CrewAction);
    g.apply(RELOAD_PORT).unwrap();
    assert!(!g.ships[0].reload[0] && g.ships[0].attacked);
}

/// Determine speed rating: windward or large from the card, full sails +1, minimal -1,
/// crippled at most 2, anchored 0, in the wind's eye 0; Fast +1 large.
#[test]
fn speed_rating_from_point_of_sail_and_sails() {
    // Fifth rate: windward 2, large 4. Wind from the west (270).
    let mut g = game(PAIR, "");
    g.ships[0].base.heading = 90; // large
    assert_eq!(g.speed_rating(0), 4);
    g.ships[0].base.heading = 330; // windward
    assert_eq!(g.speed_rating(0), 2);
    g.ships[0].base.heading = 280; // the wind's eye
    assert_eq!(g.speed_rating(0), 0);
    g.ships[0].base.heading = 90;
    g.ships[0].sail = sail::FULL;
    assert_eq!(g.speed_rating(0), 5);
    g.ships[0].rules |= rule::FAST;
    assert_eq!(g.speed_rating(0), 5, "never above 5");
    g.ships[0].sail = sail::MINIMAL;
    assert_eq!(g.speed_rating(0), 4, "4 - 1 + 1 fast");
    g.ships[0].damage = 7;
    assert_eq!(g.speed_rating(0), 2, "crippled");
    g.ships[0].sail = sail::ANCHORED;
    assert_eq!(g.speed_rating(0), 0);
}

/// Move: the full distance of the speed tool, always forward; one turn before or after
/// the move within the tool's angle; the move cannot be skipped.
#[test]
fn moves_cover_the_tools_full_distance_with_one_turn() {
    let mut g = game(PAIR, "");
    g.ships[0].base.heading = 0; // abeam: the faster, large 4
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert_eq!(g.act.speed, 4);
    let l = g.legal_actions();
    assert!(l.contains(MOVE_AHEAD) && !l.contains(MOVE_END));
    assert!(
        l.contains(TURN_0 + 1) && !l.contains(TURN_0),
        "speed 4 turns 45, not 60"
    );
    apply_all(&mut g, &[TURN_0 + 4, MOVE_AHEAD]); // 15 to starboard, then 4"
    let c = g.ships[0].base.centre;
    assert!(
        (c.x - (10_000 + 1035)).abs() <= 2 && (c.y - (10_000 + 3864)).abs() <= 2,
        "{c:?}"
    );
    let l = g.legal_actions();
    assert!(!l.contains(TURN_0 + 4), "one turn only");
    assert!(l.contains(MOVE_END));
}

/// Yare: turn at the beginning and the end of the move.
#[test]
fn yare_ships_turn_before_and_after() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Sloop", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 26.0, y = 26.0, heading = 0, flagship = true },
"#,
        "",
    );
    move_with(&mut g, 0);
    apply_all(
        &mut g,
        &[SEA_NONE, TURN_0 + 4, MOVE_AHEAD, TURN_0 + 4, MOVE_END],
    );
    assert_eq!(g.ships[0].base.heading, 30);
}

/// In the wind's eye: no forward move, a turn with the speed 1 tool (45 degrees at most).
#[test]
fn in_the_winds_eye_a_ship_only_turns() {
    let mut g = game(PAIR, "");
    g.ships[0].base.heading = 270;
    move_with(&mut g, 0);
    let sea = g.legal_actions();
    assert!(!sea.contains(SEA_FASTER) && !sea.contains(SEA_HEADING));
    g.apply(SEA_NONE).unwrap();
    let l = g.legal_actions();
    assert!(!l.contains(MOVE_AHEAD) && l.contains(MOVE_END));
    assert!(
        l.contains(TURN_0 + 1) && !l.contains(TURN_0),
        "45 degrees, not 60"
    );
}

/// Fore & aft rig: may change heading in the wind's eye.
#[test]
fn fore_and_aft_rig_changes_heading_in_the_winds_eye() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Brigantine", x = 10.0, y = 10.0, heading = 270, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 26.0, y = 26.0, heading = 0, flagship = true },
"#,
        "",
    );
    g.fortune = [0; 8];
    move_with(&mut g, 0);
    assert!(g.legal_actions().contains(SEA_HEADING));
    g.apply(SEA_HEADING).unwrap();
    g.apply(ROLL_0 + 1).unwrap();
    assert_eq!(g.pending, Pending::HeadingTurn);
    g.apply(TURN_0 + 1).unwrap(); // 45 to port
    assert_eq!(g.ships[0].base.heading, 225);
}

/// Skill test: 5 dice (English skilled sailors 6) less fatigue, at least 1; a sail or sword
/// passes (4 faces of 8).
#[test]
fn skill_tests_roll_five_dice_less_fatigue() {
    let mut g = game(PAIR, "");
    g.ships[1].fatigue = 2;
    move_with(&mut g, 1);
    g.apply(SEA_FASTER).unwrap();
    assert_eq!(g.roll.dice, 3, "French: 5 - 2");
    assert_eq!(
        weights(&g)[0].1 * 8,
        g.chance_outcomes().total_weight(),
        "all fail: 1/8"
    );
    let mut g = game(PAIR, "");
    g.ships[0].rules |= rule::SKILLED_SAILORS;
    move_with(&mut g, 0);
    g.apply(SEA_FASTER).unwrap();
    assert_eq!(g.roll.dice, 6, "skilled sailors (English, Dutch)");
}

/// Adjust speed: +1 on a passed test; the fortune point rerolls a failed test.
#[test]
fn adjust_speed_and_fortune_points() {
    let mut g = game(PAIR, "");
    g.ships[0].base.heading = 330; // windward 2
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_FASTER, ROLL_0]);
    assert_eq!(g.pending, Pending::Fortune);
    let f = g.fortune[0];
    g.apply(FORTUNE).unwrap();
    assert_eq!(g.fortune[0], f - 1);
    assert_eq!(g.pending, Pending::Pool);
    g.apply(ROLL_0 + 2).unwrap();
    assert_eq!(g.act.speed, 3);
}

/// Seamanship limits (allowed actions): entangled only cut free; shaken none.
#[test]
fn seamanship_allowed_actions() {
    let mut g = game(PAIR, "");
    g.ships[0].fatigue = 7;
    move_with(&mut g, 0);
    assert_eq!(g.legal_actions().iter().collect::<Vec<_>>(), vec![SEA_NONE]);
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 11_575;
    g.ships[0].entangled = 2;
    g.ships[1].entangled = 1;
    move_with(&mut g, 0);
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![SEA_NONE, SEA_CUT_FREE]
    );
}

/// Cut free: yardarm directly away; speed at most 1 this turn; no crew action after.
#[test]
fn cut_free_moves_away_and_limits_speed() {
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    g.ships[1].base.centre.x = 11_575;
    g.ships[0].entangled = 2;
    g.ships[1].entangled = 1;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_CUT_FREE, ROLL_0 + 1]);
    assert!(!g.ships[0].is_entangled() && !g.ships[1].is_entangled());
    assert_eq!(g.ships[0].base.centre.x, 9_000);
    assert!(g.act.speed <= 1);
    assert!(
        g.legal_actions().contains(MOVE_END),
        "may choose not to move"
    );
    g.apply(MOVE_END).unwrap();
    assert!(g.ships[0].moved, "no crew action after cutting free");
}

/// Collision with terrain: the move ends in contact, 1 damage, aground, anchored.
#[test]
fn collision_with_terrain() {
    let mut g = game(
        PAIR,
        r#"{ name = "Rock", kind = "rocks", x = 10.0, y = 15.0, length = 2.0, width = 2.0 },"#,
    );
    g.ships[0].base.heading = 0;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    let s = g.ships[0];
    assert_eq!((s.damage, s.aground, s.sail), (1, true, sail::ANCHORED));
    assert!(
        s.base.centre.y < 15_000 - 1000 - 1575 + 60,
        "stopped at contact"
    );
}

/// Collision with another ship: dice equal to the speed; any skull 1 damage to the mover,
/// any sail entangles; otherwise the ship struck is pushed yardarm away.
#[test]
fn collision_with_a_ship() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 10.0, y = 15.0, heading = 90, flagship = true },
"#;
    let mut g = game(ships, "");
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    assert_eq!(g.pending, Pending::Collision);
    let n = g.act.speed as u32;
    let w = weights(&g);
    assert_eq!(w[0], (COLLIDE_0, 5u32.pow(n)), "no skull, no sail");
    assert_eq!(g.chance_outcomes().total_weight(), 8u32.pow(n));
    let y = g.ships[1].base.centre.y;
    g.apply(COLLIDE_0 + 1).unwrap();
    assert_eq!(g.ships[0].damage, 1);
    assert_eq!(
        g.ships[1].base.centre.y,
        y + 1000,
        "pushed yardarm directly away"
    );
    let mut g = game(ships, "");
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD, COLLIDE_0 + 2]);
    assert!(g.ships[0].entangled & 2 != 0);
}

/// Moving off the battlefield: a ship ending its move partly off the table is removed.
#[test]
fn sailing_off_the_table_removes_the_ship() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 33.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 20.0, y = 10.0, heading = 0, flagship = true },
"#,
        "",
    );
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD, MOVE_END]);
    assert!(!g.ships[0].on_table());
    assert_eq!(g.strike_points(0), 2);
}

/// [`game`] with the optional scrolling sea agreed.
fn scrolling(ships: &str, terrain: &str) -> OakGame {
    game_of_text(
        &scenario_text(ships, terrain)
            .replace("defender = 1\n", "defender = 1\nscrolling_sea = true\n"),
    )
}

/// Blue's `A` 3" from the north edge heading north (abeam of the west wind: speed 4, so
/// her move ends partly off the table), Red's `B` in the south.
const NORTH_EDGE: &str = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 33.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 20.0, y = 10.0, heading = 0, flagship = true },
"#;

/// Glossary, scrolling sea: "If a ship's move would cause it to move off the battlefield,
/// return the ship to its starting position and move all ships and terrain elements on the
/// battlefield an equal distance away from the edge the ship would have sailed off. A
/// distance of at least musket shot should be used for this." The mover stays in play,
/// where her move took her shifted musket shot (8") south with everything else: the other
/// ship, terrain and a landing party token; she keeps her crew action; reload markers and
/// wake markers stay with their ships.
#[test]
fn scrolling_sea_returns_the_ship_and_shifts_everything_musket_shot() {
    let terrain = r#"{ name = "Isle", kind = "island", x = 26.0, y = 20.0, length = 4.0, width = 2.0 },
{ name = "Fog", kind = "fog", x = 6.0, y = 16.0, length = 4.0, width = 4.0 },"#;
    let mut g = scrolling(NORTH_EDGE, terrain);
    assert_eq!(g.scroll, 8000, "musket shot");
    g.ships[1].sail = sail::ANCHORED;
    g.ships[1].base.centre = broadside_env::plane::Point::new(23_000, 20_000);
    g.ships[1].ashore = true;
    g.ships[1].landing = broadside_env::plane::Point::new(25_000, 20_000);
    g.ships[1].reload = [true, false];
    let before = g;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    // The speed tool's full distance north (4", or 5" with Favorable Wind in play).
    let ahead = 33_000 + rules().tools.r#move[g.act.speed as usize - 1];
    assert_eq!(g.ships[0].base.centre.y, ahead, "past the north edge");
    apply_all(&mut g, &[MOVE_END]);
    let south = |p: broadside_env::plane::Point| (p.x, p.y - 8000);
    assert!(g.ships[0].on_table(), "not removed");
    assert_eq!(
        (g.ships[0].base.centre.x, g.ships[0].base.centre.y),
        (10_000, ahead - 8000)
    );
    assert_eq!(g.ships[0].base.heading, 0);
    assert_eq!(g.pending, Pending::CrewAction, "her activation goes on");
    let b = g.ships[1];
    assert_eq!(
        (b.base.centre.x, b.base.centre.y),
        south(before.ships[1].base.centre)
    );
    assert!(b.ashore, "her landing party stays ashore: she did not move");
    assert_eq!((b.landing.x, b.landing.y), south(before.ships[1].landing));
    assert_eq!(b.reload, [true, false]);
    for t in 0..2 {
        let (now, was) = (g.terrain[t].rect, before.terrain[t].rect);
        assert_eq!(
            (now.centre.x, now.centre.y),
            south(was.centre),
            "terrain {t}"
        );
        assert_eq!(
            (now.heading, now.length, now.beam),
            (was.heading, was.length, was.beam)
        );
    }
    assert!(g.check_invariants().is_ok());
    apply_all(&mut g, &[CREW_NONE]);
    assert!(g.ships[0].moved, "her wake marker");
    assert_eq!(g.strike_points(0), 0);
}

/// Glossary, scrolling sea: "If any terrain would be moved off the battlefield as a
/// result, the player not controlling the ship that caused the battlefield to be scrolled
/// places the terrain anywhere within musket shot of the opposite battlefield edge it was
/// forced off." Substitute (no placement decision): wrapped round to the opposite edge as
/// far inside it as it went past (at most musket shot), other coordinate unchanged; an
/// island or rocks that would touch a ship slide towards that edge until clear; a landing
/// party token on a wrapped island goes with it. A ship carried past the far edge stays in
/// play.
#[test]
fn scrolling_sea_wraps_terrain_forced_off_to_the_opposite_edge() {
    let terrain = r#"{ name = "Bank", kind = "shoal", x = 30.0, y = 3.0, length = 4.0, width = 2.0 },
{ name = "Reef", kind = "rocks", x = 10.0, y = 5.0, length = 6.0, width = 2.0 },
{ name = "Isle", kind = "island", x = 24.0, y = 4.0, length = 4.0, width = 2.0 },"#;
    let ships = NORTH_EDGE.replace("x = 20.0, y = 10.0", "x = 20.0, y = 4.0");
    let mut g = scrolling(&ships, terrain);
    g.ships[1].sail = sail::ANCHORED;
    g.ships[1].ashore = true;
    g.ships[1].landing = broadside_env::plane::Point::new(23_000, 4_500);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD, MOVE_END]);
    let at = |t: usize| (g.terrain[t].rect.centre.x, g.terrain[t].rect.centre.y);
    // The shoal's centre went 5" past the south edge: 5" inside the north edge.
    assert_eq!(at(0), (30_000, 31_000));
    // The island: 4" past, so 4" inside; its landing party token goes with it.
    assert_eq!(at(2), (24_000, 32_000));
    let b = g.ships[1];
    assert!(b.ashore);
    assert_eq!((b.landing.x, b.landing.y), (23_000, 32_500));
    // The reef would wrap to y = 33", across A (her stern at y 27.4" or more): it slides north until
    // clear, staying within musket shot of the north edge.
    let reef = g.terrain[1].rect;
    assert_eq!(reef.centre.x, 10_000);
    assert!(
        (33_000..=36_000).contains(&reef.centre.y),
        "{}",
        reef.centre.y
    );
    assert!(!broadside_env::plane::rects_overlap(
        &reef,
        &g.ships[0].base
    ));
    // B was carried 4" past the south edge: still in play.
    assert_eq!(b.base.centre.y, -4_000);
    assert!(b.on_table() && b.can_act());
    assert!(g.check_invariants().is_ok());
}

/// Scrolling sea is optional and agreed at the start: without it (the default) a ship
/// sailing off is removed and nothing shifts ("sailing_off_the_table_removes_the_ship");
/// with it, a ship the scroll cannot bring back on the table still leaves. A table too
/// small to scroll on is refused with a reason.
#[test]
fn scrolling_sea_is_optional_and_a_ship_still_off_leaves() {
    let g = game(NORTH_EDGE, "");
    assert_eq!(g.scroll, 0, "off by default");
    let mut g = scrolling(NORTH_EDGE, "");
    // A ship already 12" past the south edge (carried there by an earlier scroll) sails
    // 4" north: after the 8" scroll her centre is on the edge, the base half off.
    g.ships[0].base.centre.y = -12_000;
    let b = g.ships[1].base.centre;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD, MOVE_END]);
    assert!(!g.ships[0].on_table(), "removed");
    assert_eq!(g.ships[1].base.centre.y, b.y + 8000, "the scroll happened");
    assert_eq!(g.strike_points(0), 2);
    // An anchored ship carried 12" past the south edge by earlier scrolls, her landing
    // party on an island out there too: her motionless move ends off the table, so the
    // sea scrolls; still off, she leaves the game and her party with her.
    let isle =
        r#"{ name = "Isle", kind = "island", x = 10.0, y = 20.0, length = 4.0, width = 2.0 },"#;
    let mut g = scrolling(NORTH_EDGE, isle);
    g.terrain[0].rect.centre = broadside_env::plane::Point::new(10_000, -9_000);
    let s = &mut g.ships[0];
    s.base.centre = broadside_env::plane::Point::new(7_000, -12_000);
    s.sail = sail::ANCHORED;
    s.ashore = true;
    s.landing = broadside_env::plane::Point::new(9_000, -9_000);
    assert!(g.check_invariants().is_ok());
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_END]);
    assert!(!g.ships[0].on_table() && !g.ships[0].ashore);
    assert_eq!(g.terrain[0].rect.centre.y, -1_000, "shifted, not wrapped");
    assert!(g.check_invariants().is_ok());
    let small = scenario_text(NORTH_EDGE, "")
        .replace("defender = 1\n", "defender = 1\nscrolling_sea = true\n")
        .replace("width = 36.0, depth = 36.0", "width = 36.0, depth = 20.0")
        .replace("y = 33.0", "y = 15.0");
    let e = parse_scenario(&small, "t.toml").unwrap_err().to_string();
    assert!(
        e.contains("scrolling sea needs a table at least 3 musket shots"),
        "{e}"
    );
}

/// The scrolling duel (the built-in `duel-scrolling`): random play scrolls the sea (its
/// terrain moves) and keeps every invariant.
#[test]
fn the_scrolling_duel_scrolls_in_play() {
    use rand::Rng;
    let sc = broadside_env::oak::builtin_scenario("duel-scrolling").unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut scrolls = 0;
    for _ in 0..40 {
        let mut g = OakGame::new(&sc, OakOptions { resignation: false });
        let start = g.terrain[0].rect.centre;
        loop {
            let a = match g.turn() {
                Turn::Terminal => break,
                Turn::Player(_) => {
                    let l: Vec<Action> = g.legal_actions().iter().collect();
                    l[rng.random_range(0..l.len())]
                }
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
            };
            g.apply(a).unwrap();
            assert!(g.check_invariants().is_ok());
        }
        scrolls += usize::from(g.terrain[0].rect.centre != start);
    }
    assert!(scrolls > 0, "no game scrolled");
}

/// Shoals: a ship crossing one rolls its fortitude in dice; a skull runs it aground.
#[test]
fn shoals_test_to_run_aground() {
    let mut g = game(
        PAIR,
        r#"{ name = "Bank", kind = "shoal", x = 10.0, y = 13.0, length = 3.0, width = 1.0 },"#,
    );
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    assert_eq!(g.pending, Pending::Pool);
    assert_eq!(g.roll.dice, 2, "fortitude 2");
    assert_eq!(weights(&g)[0].1, 49, "no skull on 2 dice: 7 x 7 of 64");
    g.apply(ROLL_0 + 1).unwrap();
    assert!(g.ships[0].aground);
}

/// Crew actions (allowed actions): full sails cannot reload; crippled cannot repair;
/// shaken only rally; entangled none; repair removes damage or (a test) the aground token.
#[test]
fn crew_action_limits() {
    let mut g = game(PAIR, "");
    g.ships[0].reload = [true, true];
    g.ships[0].sail = sail::FULL;
    g.ships[0].damage = 7;
    let mut l = broadside_env::ActionSet::new();
    g.crew_options(0, &mut l);
    assert!(!l.contains(RELOAD_PORT) && !l.contains(REPAIR));
    g.ships[0].fatigue = 7;
    let mut l = broadside_env::ActionSet::new();
    g.ships[0].damage = 0;
    g.crew_options(0, &mut l);
    assert_eq!(l.iter().collect::<Vec<_>>(), vec![CREW_NONE, RALLY]);
}

/// Boarding: within yardarm, a skill test; a pass entangles the two ships.
#[test]
fn boarding_entangles_on_a_passed_test() {
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 12_200;
    move_with(&mut g, 0);
    g.ships[0].base.heading = 0;
    apply_all(&mut g, &[SEA_NONE]);
    g.pending = Pending::CrewAction;
    assert!(g.legal_actions().contains(BOARD_0));
    apply_all(&mut g, &[BOARD_0, ROLL_0 + 1]);
    assert!(g.ships[0].entangled & 2 != 0 && g.ships[1].entangled & 1 != 0);
}

/// Strike points and withdrawal: 1 per crippled ship, 2 per ship out of action; more
/// strike points than active ships loses.
#[test]
fn withdrawal_on_strike_points() {
    let mut g = game(PAIR, "");
    g.ships[1].damage = 7;
    assert_eq!(g.strike_points(1), 1);
    g.ships[1].fatigue = 7;
    assert_eq!((g.strike_points(1), g.active_ships(1)), (2, 0));
    // End the turn: every ship has acted.
    for s in g.ships.iter_mut() {
        s.moved = true;
        s.attacked = true;
    }
    g.phase = Phase::Attack;
    g.who = 0;
    g.pending = Pending::SelectShip;
    g.act.ship = 0;
    // The next activation finds none: the end phase runs the withdrawal check.
    g.ships[0].attacked = false;
    attack_with(&mut g, 0);
    g.apply(ATTACK_NONE).unwrap();
    assert!(g.is_terminal());
    assert_eq!(g.returns(), [1.0, -1.0]);
}

/// End of turn 10: fewer strike points wins; a tie goes to the defender.
#[test]
fn the_last_turn_goes_to_the_defender_on_a_tie() {
    let mut g = game(PAIR, "");
    g.turn = g.turns;
    attack_with(&mut g, 0);
    g.ships[1].attacked = true;
    g.apply(ATTACK_NONE).unwrap();
    assert!(g.is_terminal());
    assert_eq!(g.ending.unwrap().winner, Some(1), "the defender");
}

/// Sinking: one die per out-of-action ship: skull or cannon sinks it.
#[test]
fn sinking_rolls() {
    let mut g = game(
        r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 4.0, y = 10.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 16.0, y = 10.0, heading = 0, flagship = true },
  { name = "B2", side = 1, class = "Fifth Rate", x = 22.0, y = 10.0, heading = 0 },
  { name = "B3", side = 1, class = "Sloop", x = 28.0, y = 10.0, heading = 0 },
"#,
        "",
    );
    g.ships[3].damage = 7;
    g.ships[3].fatigue = 7;
    for s in g.ships.iter_mut() {
        s.attacked = true;
    }
    g.ships[0].attacked = false;
    attack_with(&mut g, 0);
    g.apply(ATTACK_NONE).unwrap();
    assert_eq!(g.pending, Pending::Pool);
    assert_eq!(weights(&g), vec![(ROLL_0, 6), (ROLL_0 + 1, 2)]);
    g.apply(ROLL_0 + 1).unwrap();
    assert_eq!(g.ships[3].status, 1);
    assert_eq!(g.strike_points(1), 2);
}

/// Capture or destroy: entangled with a shaken enemy, not shaken yourself.
#[test]
fn capture_a_shaken_entangled_enemy() {
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 11_575;
    g.ships[0].entangled = 2;
    g.ships[1].entangled = 1;
    g.ships[1].fatigue = 7;
    for s in g.ships.iter_mut() {
        s.attacked = true;
    }
    g.ships[0].attacked = false;
    attack_with(&mut g, 0);
    g.apply(ATTACK_NONE).unwrap();
    assert_eq!(g.pending, Pending::Capture);
    g.apply(CAPTURE_0).unwrap();
    assert!(g.ships[1].captured());
    assert_eq!(g.active_ships(0), 2, "the prize counts for the captor");
    assert!(
        g.is_terminal(),
        "Red has 2 strike points and no active ship"
    );
}

/// Initiative: the higher card goes first; equal values go to the higher admiral value.
#[test]
fn initiative_by_card_value_then_admiral_value() {
    let s = parse_scenario(&scenario_text(PAIR, ""), "t.toml").unwrap();
    let mut g = OakGame::new(&s, OakOptions::default());
    let value = |c: usize| cards()[c].value;
    // Build both hands with the first legal cards, then place cards of chosen values.
    while g.pending == Pending::BuildHand {
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    let pick = |g: &OakGame, want_high: bool| {
        let l: Vec<Action> = g
            .legal_actions()
            .iter()
            .filter(|&a| action_card(a).is_some())
            .collect();
        let key = |a: &Action| value(action_card(*a).unwrap());
        if want_high {
            *l.iter().max_by_key(|a| key(a)).unwrap()
        } else {
            *l.iter().min_by_key(|a| key(a)).unwrap()
        }
    };
    let low = pick(&g, false);
    g.apply(low).unwrap();
    let high = pick(&g, true);
    g.apply(high).unwrap();
    assert_eq!(g.first, 1, "Red's higher card");
    assert_eq!(g.phase, Phase::Initiative);
    assert_eq!(g.pending, Pending::PlaceCard);
}

/// Select new initiative card: face down, not the card in play, hidden from the other side
/// (its observation does not change), and resampling keeps the observer's view.
#[test]
fn the_face_down_card_is_hidden_and_resampled() {
    let g0 = game(PAIR, "");
    let mut g1 = g0;
    // Swap Red's face-down card for another of its hand.
    let other = (0..cards().len() as u8)
        .find(|&c| g0.hand[1] & (1 << c) != 0 && c != g0.next[1] && c != g0.revealed[1])
        .unwrap();
    g1.next[1] = other;
    let spec = g0.spec();
    let (mut o0, mut o1) = (Observation::new(&spec.obs), Observation::new(&spec.obs));
    g0.observe(0, &mut o0);
    g1.observe(0, &mut o1);
    assert_eq!(o0, o1, "Blue cannot see Red's face-down card");
    g0.observe(1, &mut o0);
    g1.observe(1, &mut o1);
    assert_ne!(o0, o1, "Red sees its own");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..50 {
        let r = g0.resample_hidden(0, &mut rng);
        r.observe(0, &mut o1);
        g0.observe(0, &mut o0);
        assert_eq!(o0, o1);
        assert_eq!(r.hand[0], g0.hand[0], "own hand untouched");
        assert!(r.check_invariants().is_ok());
        seen.insert(r.next[1]);
    }
    assert!(seen.len() > 1, "the hidden card is drawn again");
}

/// Initiative hand: no card twice, at most 2 of one value, at least 3 kept after use.
#[test]
fn hand_building_rules() {
    let s = parse_scenario(&scenario_text(PAIR, ""), "t.toml").unwrap();
    let mut g = OakGame::new(&s, OakOptions::default());
    let mut values = Vec::new();
    while g.pending == Pending::BuildHand && g.who == 0 {
        let l: Vec<Action> = g
            .legal_actions()
            .iter()
            .filter(|&a| action_card(a).is_some())
            .collect();
        // Prefer single-use cards to test the kept-card limit.
        let a = *l
            .iter()
            .max_by_key(|&&a| (cards()[action_card(a).unwrap()].discard, a))
            .unwrap();
        values.push(cards()[action_card(a).unwrap()].value);
        g.apply(a).unwrap();
    }
    assert_eq!(g.hand[0].count_ones(), 6, "5 + admiral value 1");
    for v in 1..=5 {
        assert!(values.iter().filter(|&&x| x == v).count() <= 2);
    }
    let kept = (0..cards().len())
        .filter(|&c| g.hand[0] & (1 << c) != 0 && !cards()[c].discard)
        .count();
    assert!(kept >= 3);
}

/// English against pirates whose flagship carries `second` (a TOML inline-table field,
/// or nothing).
fn pirates(second: &str) -> String {
    scenario_text(
        &PAIR.replace(
            "x = 16.0, y = 10.0, heading = 0, flagship = true",
            &format!("x = 16.0, y = 10.0, heading = 0, flagship = true{second}"),
        ),
        "",
    )
    .replace(
        "nations = [\"spanish\", \"french\"]",
        "nations = [\"english\", \"pirate\"]",
    )
}

/// The nations of the cards among `bits` (`all`: the generic cards).
fn card_nations(bits: CardSet) -> std::collections::BTreeSet<&'static str> {
    (0..cards().len())
        .filter(|&c| bits & (1 << c) != 0)
        .map(|c| cards()[c].nation.map_or("all", Nation::name))
        .collect()
}

/// Glossary, multinational ("This squadron may choose initiative cards from the pirate
/// nation and 1 other nation"; pirates list it among their special rules): the pirates'
/// hand-building decisions offer the generic, pirate and French cards (their second
/// nation), never another nation's; without a second nation, only generic and pirate.
/// Hands built from both decks keep the hand rules, and resampling the hidden hand draws
/// from the same three decks.
#[test]
fn multinational_pirates_choose_cards_from_the_pirate_nation_and_1_other_nation() {
    let s = parse_scenario(&pirates(", second_nation = \"french\""), "t.toml").unwrap();
    assert_eq!(s.second_nation(1), Some(Nation::French));
    let mut g = OakGame::new(&s, OakOptions::default());
    while g.who == 0 {
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!((g.pending, g.who), (Pending::BuildHand, 1));
    let offered: CardSet = g
        .legal_actions()
        .iter()
        .filter(|&a| action_card(a).is_some())
        .fold(0, |m, a| m | 1 << action_card(a).unwrap());
    assert_eq!(
        card_nations(offered),
        ["all", "french", "pirate"].into_iter().collect(),
        "generic, pirate and French cards"
    );
    let deck = |n: Option<Nation>| {
        (0..cards().len())
            .filter(|&c| cards()[c].nation == n)
            .fold(0, |m: CardSet, c| m | 1 << c)
    };
    assert_eq!(
        offered,
        deck(None) | deck(Some(Nation::Pirate)) | deck(Some(Nation::French)),
        "every card of the three decks"
    );
    // Build the pirates' hand preferring French cards: they join it under the hand rules.
    while g.pending == Pending::BuildHand && g.who == 1 {
        let l: Vec<Action> = g
            .legal_actions()
            .iter()
            .filter(|&a| action_card(a).is_some())
            .collect();
        let a = *l
            .iter()
            .max_by_key(|&&a| {
                (
                    cards()[action_card(a).unwrap()].nation == Some(Nation::French),
                    a,
                )
            })
            .unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!(g.hand[1].count_ones(), 6);
    assert!(card_nations(g.hand[1]).contains("french"));
    assert!(g.check_invariants().is_ok());
    while g.phase == Phase::Setup {
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut drawn: CardSet = 0;
    for _ in 0..40 {
        let r = g.resample_hidden(0, &mut rng);
        assert!(r.check_invariants().is_ok());
        assert_eq!(
            r.hand[1] & !g.pool[1],
            0,
            "resampled within the three decks"
        );
        drawn |= r.hand[1];
    }
    assert!(card_nations(drawn).contains("french"));

    // Without a second nation: the pirate and generic cards only.
    let s = parse_scenario(&pirates(""), "t.toml").unwrap();
    let g = OakGame::new(&s, OakOptions::default());
    assert_eq!(
        card_nations(g.pool[1]),
        ["all", "pirate"].into_iter().collect()
    );
}

/// Multinational as scenario data: only a squadron with the rule (pirates) may name a
/// second nation, it must be a known nation other than pirate, and it goes on the
/// squadron's flagship; each refusal says why.
#[test]
fn multinational_data_is_checked() {
    let err = |text: &str| parse_scenario(text, "t.toml").unwrap_err().to_string();
    let e = err(&pirates(", second_nation = \"venetian\""));
    assert!(e.contains("`venetian` is not a nationality"), "{e}");
    assert!(e.contains("second_nation"), "{e}");
    let e = err(&pirates(", second_nation = \"pirate\""));
    assert!(e.contains("a nation other than pirate"), "{e}");
    let english = scenario_text(
        &PAIR.replace(
            "heading = 0, flagship = true },\n  { name = \"B\"",
            "heading = 0, flagship = true, second_nation = \"dutch\" },\n  { name = \"B\"",
        ),
        "",
    );
    assert!(english.contains("second_nation"));
    let e = err(&english);
    assert!(
        e.contains("only a squadron with the Multinational special rule (pirates)"),
        "{e}"
    );
    assert!(e.contains("side 0 is spanish"), "{e}");
    let not_flagship = pirates("").replace(
        "x = 16.0, y = 10.0, heading = 0, flagship = true",
        "x = 16.0, y = 10.0, heading = 0, flagship = true },\n  { name = \"C\", side = 1, \
         class = \"Sloop\", x = 24.0, y = 10.0, heading = 0, second_nation = \"french\"",
    );
    let e = err(&not_flagship);
    assert!(e.contains("goes on its flagship"), "{e}");
    // The built-in patrol's pirates take the French cards.
    let patrol = broadside_env::oak::builtin_scenario("patrol").unwrap();
    assert_eq!(patrol.second_nation(1), Some(Nation::French));
    assert_eq!(patrol.second_nation(0), None);
}

/// Initiative cards as data: at least fifteen distinct effects.
#[test]
fn fifteen_distinct_card_effects() {
    let mut effects: Vec<Effect> = cards().iter().map(|c| c.effect).collect();
    effects.sort_by_key(|e| format!("{e:?}"));
    effects.dedup();
    assert!(effects.len() >= 15, "{}", effects.len());
}

/// Effective Fire: broadside value + 1 this turn; Favorable Wind: +1 speed sailing large.
#[test]
fn card_effects_in_play() {
    let find = |e: Effect| cards().iter().position(|c| c.effect == e).unwrap() as u8;
    let mut g = game(PAIR, "");
    g.effect_card[0] = find(Effect::BroadsideBonus);
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL]);
    assert_eq!(g.roll.dice, 7);
    let mut g = game(PAIR, "");
    g.ships[0].base.heading = 90;
    g.effect_card[0] = find(Effect::FavorableWind);
    assert_eq!(g.speed_rating(0), 5);
    // Deception: no attack at cannon shot on that squadron.
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 23_000;
    g.effect_card[1] = find(Effect::Deception);
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(FIRE_STBD_0));
    // Down!: each attack causes 1 fatigue less.
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    g.effect_card[1] = find(Effect::Down);
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 2, ROLL_0]);
    assert_eq!(g.ships[1].fatigue, 0);
}

// ---------------------------------------------------------------------------------------
// Fleet battles (glossary: fleet battles): several squadrons a side, each with its own
// hand, admiral and card; the fleet's total initiative value; squadron activations.

/// Two squadrons a side, two ships each (squadron 1's flagships carry their admirals).
const FLEET: &str = r#"
  { name = "A0", side = 0, squadron = 0, class = "Fifth Rate", x = 6.0,  y = 6.0, heading = 90, flagship = true },
  { name = "A1", side = 0, squadron = 0, class = "Sixth Rate", x = 6.0,  y = 10.0, heading = 90 },
  { name = "A2", side = 0, squadron = 1, class = "Fifth Rate", x = 6.0,  y = 14.0, heading = 90, flagship = true, admiral = 2 },
  { name = "A3", side = 0, squadron = 1, class = "Sixth Rate", x = 6.0,  y = 18.0, heading = 90 },
  { name = "B0", side = 1, squadron = 0, class = "Fifth Rate", x = 30.0, y = 6.0, heading = 270, flagship = true },
  { name = "B1", side = 1, squadron = 0, class = "Sixth Rate", x = 30.0, y = 10.0, heading = 270 },
  { name = "B2", side = 1, squadron = 1, class = "Fifth Rate", x = 30.0, y = 14.0, heading = 270, flagship = true },
  { name = "B3", side = 1, squadron = 1, class = "Sixth Rate", x = 30.0, y = 18.0, heading = 270 },
"#;

/// Fleet battles, fleet building and initiative phase: "Each squadron will have its own
/// initiative card hand ... each squadron must choose an initiative card from their hand."
/// Hands follow each squadron's admiral (5 + value); each squadron builds and places its
/// own card, commands in order (side 0's first squadron, side 1's, side 0's second, ...).
#[test]
fn fleet_battles_each_squadron_builds_and_places_its_own_card() {
    let s = parse_scenario(&scenario_text(FLEET, ""), "t.toml").unwrap();
    assert!(s.is_fleet());
    let mut g = OakGame::new(&s, OakOptions { resignation: false });
    assert_eq!(g.squadrons, [2, 2]);
    assert_eq!(&g.hand_size[..4], &[6, 6, 7, 5], "5 + admirals 1, 1, 2, 0");
    let mut order = Vec::new();
    while g.pending == Pending::BuildHand {
        if order.last() != Some(&g.cmd) {
            order.push(g.cmd);
        }
        assert_eq!(g.who, g.cmd & 1);
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!(order, vec![0, 1, 2, 3]);
    for c in 0..4 {
        assert_eq!(g.hand[c].count_ones(), g.hand_size[c] as u32);
    }
    // The first cards at set-up, then (turn 1 revealed) next turn's cards.
    let mut placers = Vec::new();
    while g.pending == Pending::PlaceCard {
        placers.push(g.cmd);
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!(placers, vec![0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(g.turn, 1);
    assert!((0..4).all(|c| g.revealed[c] != NONE && g.next[c] != NONE));
    assert!(g.check_invariants().is_ok());
}

/// Fleet battles, initiative phase: "each fleet adds up the total initiative value from
/// all of the initiative cards played by the squadrons in that fleet. The fleet with the
/// higher total will go first."
#[test]
fn fleet_initiative_is_the_total_of_the_squadrons_cards() {
    let mut g = game(FLEET, "");
    let by_value = |v: u8| (0..cards().len() as u8).find(|&c| cards()[c as usize].value == v);
    // Side 0 plays the single highest card (5) with a 1; side 1 plays 4 and 3: 6 against 7.
    let (c5, c1, c4, c3) = (
        by_value(5).unwrap(),
        by_value(1).unwrap(),
        by_value(4).unwrap(),
        by_value(3).unwrap(),
    );
    for (cmd, c) in [(0, c5), (2, c1), (1, c4), (3, c3)] {
        g.hand[cmd] |= 1 << c;
        g.next[cmd] = c;
    }
    g.turn = g.turns; // the last turn: no card to place, straight to the effects
    g.start_turn();
    assert_eq!(g.initiative_total(0), 6);
    assert_eq!(g.initiative_total(1), 7);
    assert_eq!(g.first, 1, "the higher fleet total goes first");
}

/// Fleet battles, movement phase: "each side will activate all the ships in a single
/// squadron together ... each individual ship in the squadron must complete its full
/// activation before another ship is activated. Both fleets alternate activating
/// squadrons." Attack phase: "Players alternate activating ships regardless of squadron."
#[test]
fn fleet_movement_activates_whole_squadrons_in_turn() {
    let mut g = game(FLEET, "");
    assert_eq!(g.phase, Phase::Movement);
    assert_eq!(g.pending, Pending::SelectShip);
    let side = g.who;
    let first_squadron = |g: &OakGame| {
        let own: Vec<Action> = g.legal_actions().iter().filter(|&a| a < SEA_NONE).collect();
        own
    };
    assert_eq!(
        first_squadron(&g).len(),
        4,
        "any own ship may open the squadron's activation"
    );
    // Open squadron 1 (slots 2 and 3) with slot 3.
    let mut acted = Vec::new();
    g.apply(SHIP_0 + 3).unwrap();
    let finish = |g: &mut OakGame| {
        while g.pending != Pending::SelectShip && g.phase == Phase::Movement {
            let a = match g.turn() {
                Turn::Player(_) => {
                    let l = g.legal_actions();
                    for pref in [SEA_NONE, MOVE_END, CREW_NONE] {
                        if l.contains(pref) {
                            g.apply(pref).unwrap();
                            return;
                        }
                    }
                    let first = l.iter().next().unwrap();
                    first
                }
                Turn::Chance => g.chance_outcomes().iter().next().unwrap().0,
                Turn::Terminal => return,
            };
            g.apply(a).unwrap();
        }
    };
    while g.pending != Pending::SelectShip {
        finish(&mut g);
    }
    acted.push(3);
    assert_eq!(g.who, side, "the squadron's other ship activates next");
    let l: Vec<Action> = g.legal_actions().iter().filter(|&a| a < SEA_NONE).collect();
    assert_eq!(l, vec![SHIP_0 + 2], "only the rest of the active squadron");
    g.apply(SHIP_0 + 2).unwrap();
    while g.pending != Pending::SelectShip {
        finish(&mut g);
    }
    assert_eq!(g.who, 1 - side, "then the other fleet activates a squadron");
    assert_eq!(
        g.legal_actions().iter().filter(|&a| a < SEA_NONE).count(),
        4
    );
    // In the attack phase ships alternate regardless of squadron.
    g.phase = Phase::Attack;
    g.squad_active = NONE;
    for s in g.ships.iter_mut() {
        s.attacked = false;
    }
    g.who = side;
    g.pending = Pending::SelectShip;
    let i = (0..8)
        .find(|&i| g.ships[i].side == side && g.ships[i].squadron == 1)
        .unwrap();
    g.apply(SHIP_0 + g.ships[i].slot as Action).unwrap();
    g.apply(ATTACK_NONE).unwrap();
    assert_eq!(g.who, 1 - side, "the attack phase alternates ship by ship");
}

/// Fleet battles: a squadron "may only use cards from its own initiative hand": a card's
/// effect (Favorable Wind, +1 speed sailing large) applies to its own squadron's ships.
#[test]
fn fleet_card_effects_apply_to_their_own_squadron() {
    let mut g = game(FLEET, "");
    let wind = (0..cards().len() as u8)
        .find(|&c| cards()[c as usize].effect == Effect::FavorableWind)
        .unwrap();
    let base: Vec<u8> = (0..4).map(|i| g.speed_rating(i)).collect();
    g.effect_card = [NONE; 8];
    g.effect_card[2] = wind; // side 0's second squadron
    assert_eq!(g.speed_rating(0), base[0].min(5));
    assert_eq!(g.speed_rating(1), base[1]);
    assert_eq!(g.speed_rating(2), (base[2] + 1).min(5));
    assert_eq!(g.speed_rating(3), (base[3] + 1).min(5));
}

/// Fleet battles: "If an entire squadron is captured or out of action, that squadron may
/// not play an initiative card this round"; fortune points and admirals are per squadron.
#[test]
fn a_squadron_out_of_action_plays_no_card() {
    let mut g = game(FLEET, "");
    // Side 1's second squadron (command 3: ships 6 and 7) out of action.
    for i in [6, 7] {
        g.ships[i].fatigue = g.ships[i].shaken_limit();
        g.ships[i].damage = g.ships[i].crippled_limit();
    }
    assert!(!g.command_alive(3));
    g.next = [NONE; 8];
    g.start_turn();
    let mut placers = Vec::new();
    while g.pending == Pending::PlaceCard {
        placers.push(g.cmd);
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!(placers, vec![0, 1, 2], "command 3 places no card");
    assert_eq!(g.next[3], NONE);
}

/// Fleet battles, end phase: "the total strike points earned are checked against the
/// total ship count of the fleet": one squadron lost does not lose a fleet whose other
/// squadron is intact.
#[test]
fn fleet_withdrawal_counts_the_whole_fleet() {
    let mut g = game(FLEET, "");
    for i in [6, 7] {
        g.ships[i].status = broadside_env::oak::state::status::SUNK;
    }
    // 4 strike points against 2 active ships: the Red fleet withdraws; a lone squadron of
    // 2 ships with 4 strike points would too, but here the fleet counts both squadrons.
    assert_eq!(g.strike_points(1), 4);
    assert_eq!(g.active_ships(1), 2);
    g.ships[6].status = broadside_env::oak::state::status::ON_TABLE;
    g.ships[6].damage = g.ships[6].crippled_limit();
    // 1 crippled + 2 sunk = 3 strike points against 3 active ships: no withdrawal.
    assert_eq!(g.strike_points(1), 3);
    assert_eq!(g.active_ships(1), 3);
}

/// Game size and fleets as scenario data: ships per squadron follow the game size
/// (patrol 2-4, skirmish 3-8, engagement 4-10); a fleet has 2-4 squadrons, each with one
/// flagship; an `admiral` sits only on another squadron's flagship.
#[test]
fn scenario_game_size_and_fleet_checks() {
    let sized = |size: &str, ships: &str| {
        parse_scenario(
            &scenario_text(ships, "")
                .replace("defender = 1", &format!("defender = 1\nsize = \"{size}\"")),
            "t.toml",
        )
    };
    let err = sized("skirmish", PAIR).unwrap_err().to_string();
    assert!(
        err.contains("1 ships; a skirmish squadron has 3-8"),
        "{err}"
    );
    assert!(
        sized("patrol", FLEET).is_ok(),
        "2 ships a squadron is a patrol"
    );
    let err = sized("engagement", FLEET).unwrap_err().to_string();
    assert!(err.contains("4-10"), "{err}");
    let line = FLEET.replace(
        "\"Fifth Rate\", x = 6.0,  y = 6.0",
        "\"Fourth Rate\", x = 6.0,  y = 6.0",
    );
    let err = sized("patrol", &line).unwrap_err().to_string();
    assert!(err.contains("no ships of the line"), "{err}");
    let two_flags = FLEET.replace(
        "y = 10.0, heading = 90 }",
        "y = 10.0, heading = 90, flagship = true }",
    );
    let err = parse_scenario(&scenario_text(&two_flags, ""), "t.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("squadron 0 has 2 flagships"), "{err}");
    let stray = FLEET.replace(
        "y = 18.0, heading = 90 }",
        "y = 18.0, heading = 90, admiral = 1 }",
    );
    let err = parse_scenario(&scenario_text(&stray, ""), "t.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("`admiral` goes on the flagship"), "{err}");
    let five = FLEET.replace(
        "squadron = 1, class = \"Sixth Rate\", x = 6.0",
        "squadron = 4, class = \"Sixth Rate\", x = 6.0",
    );
    let err = parse_scenario(&scenario_text(&five, ""), "t.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("squadron is 0..4"), "{err}");
}

/// Fleet battles keep every squadron's hand and face-down card hidden: resampling draws
/// each enemy squadron's unseen cards again and leaves the observer's view unchanged.
#[test]
fn fleet_hidden_cards_are_resampled_per_squadron() {
    let g0 = game(FLEET, "");
    let spec = g0.spec();
    let (mut o0, mut o1) = (Observation::new(&spec.obs), Observation::new(&spec.obs));
    g0.observe(0, &mut o0);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut seen = [
        std::collections::BTreeSet::new(),
        std::collections::BTreeSet::new(),
    ];
    for _ in 0..60 {
        let r = g0.resample_hidden(0, &mut rng);
        r.observe(0, &mut o1);
        assert_eq!(o0, o1);
        assert_eq!(r.hand[0], g0.hand[0]);
        assert_eq!(r.hand[2], g0.hand[2], "own squadrons untouched");
        assert!(r.check_invariants().is_ok());
        seen[0].insert(r.next[1]);
        seen[1].insert(r.next[3]);
    }
    assert!(
        seen[0].len() > 1 && seen[1].len() > 1,
        "both enemy squadrons redrawn"
    );
}

// ---------------------------------------------------------------------------------------
// Initiative cards added with the fleet battles (effects paraphrased from the cards; see
// docs/rulesets/oak.md).

fn card_with(e: Effect) -> u8 {
    (0..cards().len() as u8)
        .find(|&c| cards()[c as usize].effect == e)
        .expect("card")
}

/// Ship `i` (turn 1, movement phase) is at its crew action with its squadron's card `e`.
fn at_crew_action(g: &mut OakGame, i: usize, e: Effect) {
    g.effect_card = [NONE; 8];
    g.effect_card[g.ships[i].command() as usize] = card_with(e);
    g.phase = Phase::Movement;
    g.act = Activation {
        ship: i as u8,
        collide_with: NONE,
        moved: true,
        ..Activation::default()
    };
    g.who = g.ships[i].side;
    g.pending = Pending::CrewAction;
}

/// Resolves chance nodes with their highest outcome (most hits) and keeps every roll,
/// until a player other than on a fortune decision is asked.
fn roll_high(g: &mut OakGame) {
    loop {
        match g.turn() {
            Turn::Chance => {
                let c = g.chance_outcomes();
                let a = c.iter().map(|(a, _)| a).max().unwrap();
                g.apply(a).unwrap();
            }
            Turn::Player(_) if g.pending == Pending::Fortune => g.apply(KEEP).unwrap(),
            _ => return,
        }
    }
}

/// Rolling Broadsides: "Each ship in this Squadron may spend a Crew Action to make an
/// Attack during the Movement Phase." The attack ends the crew action (the ship keeps its
/// attack phase activation; the broadside that fired takes its reload marker).
#[test]
fn rolling_broadsides_attack_as_a_crew_action() {
    let mut g = game(PAIR, "");
    let mut plain = g;
    at_crew_action(&mut plain, 0, Effect::Down);
    assert!(
        !plain.legal_actions().contains(FIRE_STBD_0),
        "no card, no attack"
    );
    at_crew_action(&mut g, 0, Effect::RollingBroadsides);
    let l = g.legal_actions();
    assert!(l.contains(FIRE_STBD_0) && l.contains(PARTIAL_0));
    g.apply(FIRE_STBD_0).unwrap();
    g.apply(AIM_HULL).unwrap();
    roll_high(&mut g);
    while g.pending == Pending::Helm {
        g.apply(HELM_PORT).unwrap();
        roll_high(&mut g);
    }
    assert!(
        g.ships[1].fatigue > 0 || g.ships[1].damage > 0,
        "the attack hit"
    );
    assert!(g.ships[0].reload[1], "the starboard broadside reloads");
    assert!(
        g.ships[0].moved && !g.ships[0].attacked,
        "the crew action is spent"
    );
    assert_eq!(g.phase, Phase::Movement);
}

/// Heavy Musket Volley: a crew action may be "a Partial Fire Attack during the Movement
/// Phase. This attack cannot cause damage or critical hits."
#[test]
fn heavy_musket_volley_is_partial_fire_without_damage() {
    let mut g = game(PAIR, "");
    at_crew_action(&mut g, 0, Effect::HeavyMusketVolley);
    let l = g.legal_actions();
    assert!(
        l.contains(PARTIAL_0) && !l.contains(FIRE_STBD_0),
        "partial fire only"
    );
    g.apply(PARTIAL_0).unwrap();
    g.apply(AIM_HULL).unwrap();
    roll_high(&mut g);
    assert_eq!(g.ships[1].damage, 0, "no damage");
    assert_eq!(g.ships[1].fatigue, 1, "any hit: 1 fatigue");
    assert!(g.ships[0].moved);
}

/// Elan: "ships in this Squadron may spend a Crew Action to make a Partial Fire or Close
/// Combat, Roll 1 more dice during these Attacks."
#[test]
fn elan_partial_fire_with_one_more_die() {
    let mut g = game(PAIR, "");
    at_crew_action(&mut g, 0, Effect::Elan);
    let l = g.legal_actions();
    assert!(l.contains(PARTIAL_0) && !l.contains(FIRE_STBD_0));
    g.apply(PARTIAL_0).unwrap();
    g.apply(AIM_HULL).unwrap();
    // Partial fire: the crew value (3) less no fatigue, +1 for Elan.
    assert_eq!(g.roll.dice, 4);
}

/// Adaptive Tactics: "If your opponent has any discarded Initiative Cards, you may apply
/// the effects of 1 of those cards to your Squadron." The borrowed card stays the
/// opponent's; passing is allowed.
#[test]
fn adaptive_tactics_borrows_an_enemy_discard() {
    let text =
        scenario_text(PAIR, "").replace(r#"["spanish", "french"]"#, r#"["dutch", "english"]"#);
    let mut g = set_up(&text);
    // Settle turn 1 so that the next reveal is under the test's control.
    let adaptive = card_with(Effect::AdaptiveTactics);
    let fast = card_with(Effect::FastLoader);
    g.hand[0] |= 1 << adaptive;
    g.next[0] = adaptive;
    g.hand[1] &= !(1 << fast);
    g.discarded[1] |= 1 << fast;
    g.next[1] = (0..cards().len() as u8)
        .find(|&c| {
            let k = &cards()[c as usize];
            g.hand[1] & (1 << c) != 0 && k.value < 4 && k.effect != Effect::AwaitOrders
        })
        .unwrap();
    g.ships[0].reload = [true, true];
    g.turn = g.turns;
    g.start_turn();
    assert_eq!(g.pending, Pending::AwaitOrders);
    assert_eq!(g.cmd, 0);
    let l = g.legal_actions();
    assert!(l.contains(card_action(fast as usize)) && l.contains(PASS));
    assert_eq!(
        l.iter().filter(|&a| action_card(a).is_some()).count(),
        1,
        "only the enemy's discards"
    );
    g.apply(card_action(fast as usize)).unwrap();
    assert!(g.effect(0, Effect::FastLoader));
    assert_eq!(
        g.ships[0].reload,
        [false, true],
        "Fast Loader's reload at once"
    );
    assert_eq!(g.borrowed, 1);
    assert_eq!(g.discarded[0] & (1 << fast), 0, "not Blue's card");
}

/// Raise the Black: "All opposing ships within Musket Shot of a ship in this Squadron must
/// immediately roll a Skill Test with 3 fewer dice. Each ship that fails this test takes
/// 1 point of Fatigue."
#[test]
fn raise_the_black_tests_enemies_within_musket_shot() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 16.0, y = 10.0, heading = 0, flagship = true },
  { name = "C", side = 1, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0 },
"#;
    let text =
        scenario_text(ships, "").replace(r#"["spanish", "french"]"#, r#"["pirate", "french"]"#);
    let mut g = set_up(&text);
    let black = card_with(Effect::RaiseTheBlack);
    g.hand[0] |= 1 << black;
    g.next[0] = black;
    g.next[1] = (0..cards().len() as u8)
        .find(|&c| {
            let k = &cards()[c as usize];
            g.hand[1] & (1 << c) != 0 && k.value != 3 && k.effect != Effect::AwaitOrders
        })
        .unwrap();
    g.turn = g.turns;
    g.start_turn();
    while matches!(
        g.pending,
        Pending::Pool | Pending::Reroll | Pending::Fortune
    ) && !matches!(
        g.roll_for,
        broadside_env::oak::state::RollFor::RaiseTheBlack { .. }
    ) {
        // A tied challenge test first: roll it out (no rerolls, no fortune).
        let a = match g.pending {
            Pending::Reroll => REROLL_0,
            Pending::Fortune => KEEP,
            _ => g.chance_outcomes().iter().next().unwrap().0,
        };
        g.apply(a).unwrap();
    }
    assert_eq!(
        g.roll_for,
        broadside_env::oak::state::RollFor::RaiseTheBlack { key: 1 },
        "B, within musket shot, tests (C, far off, does not)"
    );
    assert_eq!(g.roll.dice, 2, "5 dice less 3");
    // Every die misses: the test fails; B's squadron may spend a fortune point on its
    // skill test (glossary: fortune points) and keeps the roll.
    while g.pending == Pending::Pool {
        g.apply(ROLL_0).unwrap();
    }
    assert_eq!((g.pending, g.who), (Pending::Fortune, 1));
    g.apply(KEEP).unwrap();
    assert_eq!(g.ships[1].fatigue, 1);
    assert_eq!(g.ships[2].fatigue, 0);
    assert_eq!(g.phase, Phase::Movement);
}

/// Expert Boarding: "During the Movement Phase, ships in this Squadron may make a Free
/// Close Combat Attack immediately following a successful Boarding Action" (taken at
/// once: it can only tire the enemy).
#[test]
fn expert_boarding_follows_a_boarding_with_close_combat() {
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 12_200;
    at_crew_action(&mut g, 0, Effect::ExpertBoarding);
    apply_all(&mut g, &[BOARD_0, ROLL_0 + 1]);
    assert!(g.ships[0].entangled & 2 != 0, "boarded");
    assert_eq!(g.pending, Pending::Pool, "the free close combat rolls");
    assert_eq!(g.roll.dice, 3 + 3, "crew + 3");
    roll_high(&mut g);
    assert!(g.ships[1].fatigue > 0);
    assert!(g.ships[0].moved && g.phase == Phase::Movement);
}

/// Zeal: "When this Squadron's Flagship takes a Rally Crew Action, each friendly ship
/// within Musket Shot rolls a Skill Test. If the ship succeeds, remove 1 point of
/// Fatigue for that ship."
#[test]
fn zeal_rallies_friends_within_musket_shot() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 14.0, y = 10.0, heading = 0 },
  { name = "A3", side = 0, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 10.0, heading = 0, flagship = true },
"#;
    let mut g = game(ships, "");
    for i in 0..3 {
        g.ships[i].fatigue = 2;
    }
    at_crew_action(&mut g, 0, Effect::Zeal);
    g.apply(RALLY).unwrap();
    assert_eq!(g.ships[0].fatigue, 1, "the flagship rallies");
    assert_eq!(
        g.roll_for,
        broadside_env::oak::state::RollFor::Zeal { ship: 1 },
        "A2 within musket shot tests; A3 far off does not"
    );
    roll_high(&mut g);
    assert_eq!(g.ships[1].fatigue, 1, "a success: 1 fatigue less");
    assert_eq!(g.ships[2].fatigue, 2);
    assert!(g.ships[0].moved);
}

/// Fleet Maneuver: "Each ship in this Squadron that is in Formation and not Entangled or
/// Aground may immediately make a Free turn using the speed 1 tool."
#[test]
fn fleet_maneuver_offers_free_turns_in_formation() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 14.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 10.0, y = 9.0, heading = 0 },
  { name = "A3", side = 0, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 10.0, heading = 0, flagship = true },
"#;
    let text = scenario_text(ships, "");
    let mut g = set_up(&text);
    assert!(g.in_formation(0) && g.in_formation(1) && !g.in_formation(2));
    let maneuver = card_with(Effect::FleetManeuver);
    g.hand[0] |= 1 << maneuver;
    g.next[0] = maneuver;
    g.next[1] = (0..cards().len() as u8)
        .find(|&c| {
            let k = &cards()[c as usize];
            g.hand[1] & (1 << c) != 0 && k.value < 4 && k.effect != Effect::AwaitOrders
        })
        .unwrap();
    g.turn = g.turns;
    g.start_turn();
    assert_eq!(g.pending, Pending::FreeTurn);
    assert_eq!(g.act.ship, 0);
    let l = g.legal_actions();
    assert!(
        l.contains(MOVE_END) && l.contains(TURN_0 + 2) && !l.contains(TURN_0),
        "45 at most"
    );
    g.apply(TURN_0 + 2).unwrap(); // 30 degrees to port
    assert_eq!(g.ships[0].base.heading, 330);
    assert_eq!(g.act.ship, 1, "the next ship in formation");
    g.apply(MOVE_END).unwrap();
    assert_eq!(g.ships[1].base.heading, 0);
    assert_eq!(
        g.phase,
        Phase::Movement,
        "A3, out of formation, is not offered a turn"
    );
}

/// Boarding Through the Smoke: "Ships in this Squadron that make a Boarding Crew Action may
/// make a Free Partial Fire Attack against the target ship immediately before the action"
/// (taken at once: it can only tire the enemy).
#[test]
fn boarding_through_the_smoke_fires_before_boarding() {
    let mut g = game(PAIR, "");
    g.ships[1].base.centre.x = 12_200;
    at_crew_action(&mut g, 0, Effect::BoardingThroughSmoke);
    g.apply(BOARD_0).unwrap();
    assert_eq!(g.pending, Pending::Aim, "the partial fire first");
    g.apply(AIM_HULL).unwrap();
    assert_eq!(g.roll.dice, 3, "partial fire: the crew value");
    roll_high(&mut g);
    while g.pending == Pending::Helm {
        g.apply(HELM_PORT).unwrap();
        roll_high(&mut g);
    }
    assert!(g.ships[1].fatigue > 0, "the partial fire hit");
    assert!(
        matches!(
            g.roll_for,
            broadside_env::oak::state::RollFor::Test(broadside_env::oak::state::TestFor::Board(1))
        ),
        "then the boarding test (the last roll)"
    );
    assert!(g.ships[0].entangled & 2 != 0, "a passed test entangles");
    assert!(g.ships[0].moved, "the crew action is over");
}

/// Two ships either side of an island: Blue's `A` 2.2" west of it, Red's `B` 2.2" east of
/// it, both anchored (the island, 2" x 4", lies between x = 13" and 15").
const SHORE: &str = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 18.0, y = 10.0, heading = 0, flagship = true },
"#;
const ISLAND: &str =
    r#"{ name = "Isle", kind = "island", x = 14.0, y = 10.0, length = 4.0, width = 2.0 },"#;

/// The game of [`SHORE`] with both ships anchored.
fn shore() -> OakGame {
    let mut g = game(SHORE, ISLAND);
    g.fortune = [0; 8];
    for s in g.ships.iter_mut() {
        s.sail = sail::ANCHORED;
    }
    g
}

fn crew_of(g: &OakGame, i: usize) -> Vec<Action> {
    let mut l = broadside_env::ActionSet::new();
    g.crew_options(i, &mut l);
    l.iter().collect()
}

/// Landing party: "A ship that is anchored and not shaken, and is within pistol shot of an
/// island or landmass may send a landing party ashore." Each condition in turn; rocks are
/// not an island or landmass.
#[test]
fn a_landing_party_needs_an_anchored_ship_not_shaken_within_pistol_shot_of_an_island() {
    let mut g = shore();
    assert!(
        crew_of(&g, 0).contains(&LAND),
        "anchored, 2.2\" from the island"
    );
    g.ships[0].sail = sail::MINIMAL;
    assert!(!crew_of(&g, 0).contains(&LAND), "not anchored");
    g.ships[0].sail = sail::ANCHORED;
    g.ships[0].fatigue = 7;
    assert!(!crew_of(&g, 0).contains(&LAND), "shaken");
    g.ships[0].fatigue = 0;
    // 4.3" from the island's west edge: past pistol shot (4").
    g.ships[0].base.centre.x = 8_000;
    assert!(!crew_of(&g, 0).contains(&LAND), "past pistol shot");
    g.ships[0].base.centre.x = 8_300;
    assert!(crew_of(&g, 0).contains(&LAND), "3.9\": within pistol shot");
    // Rocks in the island's place: no landing.
    let mut r = game(
        SHORE,
        r#"{ name = "Rock", kind = "rocks", x = 14.0, y = 10.0, length = 4.0, width = 2.0 },"#,
    );
    r.ships[0].sail = sail::ANCHORED;
    assert!(!crew_of(&r, 0).contains(&LAND), "rocks are not land");
    // Refused in words that name the rule.
    g.ships[0].sail = sail::BATTLE;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE]);
    g.pending = Pending::CrewAction;
    let why = g.refusal(LAND).expect("refused");
    assert!(why.contains("not anchored"), "{why}");
}

/// The glossary's landing party example: "The sloop is anchored and within pistol shot of
/// the island so it can form a landing party as a crew action. The landing party token can
/// be placed anywhere within musket shot of the ship" (here: the island's point nearest the
/// ship). It is the ship's crew action: her activation ends.
#[test]
fn the_glossarys_landing_party_example() {
    let mut g = game(
        r#"
  { name = "Sloop", side = 0, class = "Sloop", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "Fregate", side = 1, class = "Petite Fregate", x = 30.0, y = 30.0, heading = 0, flagship = true },
"#,
        ISLAND,
    );
    g.ships[0].sail = sail::ANCHORED;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE]);
    // Anchored: no move; the crew action follows.
    while g.pending == Pending::Moving {
        apply_all(&mut g, &[MOVE_END]);
    }
    assert_eq!(g.pending, Pending::CrewAction);
    apply_all(&mut g, &[LAND]);
    let s = g.ships[0];
    assert!(s.ashore && s.moved, "ashore; the activation is over");
    // On the island's west edge (x = 13"), level with the sloop.
    assert_eq!((s.landing.x, s.landing.y), (13_000, 10_000));
    let musket = 8_000i64;
    assert!(s.landing.dist2(s.base.centre) <= musket * musket);
    assert!(g.check_invariants().is_ok());
    // One landing party a ship.
    assert!(!crew_of(&g, 0).contains(&LAND));
    // The observation shows it (own row 0): landing_party, x, y.
    let spec = &g.spec().obs;
    let mut o = Observation::new(spec);
    g.observe(0, &mut o);
    let col = |name: &str| {
        spec.entity_features
            .iter()
            .position(|f| *f == name)
            .unwrap()
    };
    assert_eq!(o.entities[[0, col("landing_party")]], 1.0);
    assert!((o.entities[[0, col("landing_x")]] - 13.0 / 36.0).abs() < 1e-4);
    assert_eq!(
        o.entities[[8, col("landing_party")]],
        0.0,
        "the enemy has none"
    );
}

/// Landing party close combat: "A landing party may make a close combat attack as its
/// parent ship attack action. The target landing party must be within musket shot. Dice and
/// fatigue follow the same rules above": crew value + 3 less fatigue; skull, sword and
/// pistol hit (not from a bow or stern); each hit 1 fatigue to the ship that landed it.
#[test]
fn landing_parties_fight_within_musket_shot() {
    let mut g = shore();
    // Only A's party ashore: nothing to attack.
    g.ships[0].ashore = true;
    g.ships[0].landing = broadside_env::plane::Point::new(13_000, 10_000);
    attack_with(&mut g, 0);
    assert!(!g.legal_actions().contains(LANDING_0));
    let why = g.refusal(LANDING_0).expect("refused");
    assert!(why.contains("no landing party ashore"), "{why}");
    // B's party 2" away on the far shore: A's party may attack it (the island blocks
    // every other attack).
    g.ships[1].ashore = true;
    g.ships[1].landing = broadside_env::plane::Point::new(15_000, 10_000);
    let legal = g.legal_actions();
    assert!(
        legal.contains(LANDING_0),
        "{:?}",
        legal.iter().collect::<Vec<_>>()
    );
    assert!(!legal.contains(FIRE_STBD_0) && !legal.contains(PARTIAL_0));
    g.ships[0].fatigue = 1;
    apply_all(&mut g, &[LANDING_0]);
    assert!(g.attack.landing && !g.attack.from_end);
    // Fifth rate crew 3: 3 + 3 - 1 fatigue = 5 dice; 4 faces of 8 hit.
    assert_eq!(g.roll.dice, 5);
    assert_eq!(g.chance_outcomes().total_weight(), 8u32.pow(5));
    let w = weights(&g);
    assert_eq!(w[0].1, 4u32.pow(5), "no hit: 4 missing faces on each die");
    apply_all(&mut g, &[ROLL_0 + 3]);
    assert_eq!(
        g.ships[1].fatigue, 3,
        "each hit 1 fatigue to the ship that landed it"
    );
    assert_eq!(g.ships[1].damage, 0);
    assert!(g.ships[0].attacked, "the ship's attack");
    // Past musket shot (8"): no attack.
    let mut h = shore();
    h.ships[0].ashore = true;
    h.ships[0].landing = broadside_env::plane::Point::new(13_000, 10_000);
    h.ships[1].ashore = true;
    h.ships[1].landing = broadside_env::plane::Point::new(21_100, 10_000);
    attack_with(&mut h, 0);
    assert!(!h.legal_actions().contains(LANDING_0));
    let why = h.refusal(LANDING_0).expect("refused");
    assert!(why.contains("musket shot"), "{why}");
}

/// Landing party: "If a ship with a landing party token ashore ever becomes shaken or
/// moves, the landing party token is immediately removed."
#[test]
fn a_landing_party_is_removed_when_its_ship_moves_or_becomes_shaken() {
    // Moves: rowing (sweeps) from anchor.
    let mut g = shore();
    g.ships[0].ashore = true;
    g.ships[0].landing = broadside_env::plane::Point::new(13_000, 10_000);
    g.ships[0].rules |= rule::SWEEPS;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE]);
    while g.pending == Pending::Moving {
        apply_all(&mut g, &[MOVE_END]);
    }
    assert!(
        g.ships[0].ashore,
        "an anchored ship that did not move keeps it"
    );
    apply_all(&mut g, &[ROW]);
    assert!(!g.ships[0].ashore, "rowed: removed");
    // A change of heading (anchored ships may) turns her: she moves.
    let mut g = shore();
    g.ships[0].ashore = true;
    g.ships[0].landing = broadside_env::plane::Point::new(13_000, 10_000);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_HEADING, ROLL_0 + 1, TURN_0 + 3]);
    assert!(!g.ships[0].ashore, "turned: removed");
    // Shaken by fatigue from a landing party attack.
    let mut g = shore();
    for (i, x) in [(0, 13_000), (1, 15_000)] {
        g.ships[i].ashore = true;
        g.ships[i].landing = broadside_env::plane::Point::new(x, 10_000);
    }
    g.ships[1].fatigue = 5;
    attack_with(&mut g, 0);
    // 2 hits of 6 dice; Ruthless (Spanish) may reroll one miss against the more tired
    // ship: declined.
    apply_all(&mut g, &[LANDING_0, ROLL_0 + 2, REROLL_0]);
    assert!(g.ships[1].shaken() && !g.ships[1].ashore, "shaken: removed");
    assert!(g.ships[0].ashore, "the attacker's stays");
}

/// The probability that the pending roll ends with `pass(g)` true, over the exact chance
/// weights, the roller deciding its skill rerolls by `rerolls` (declining the fortune
/// point).
fn chance_of(
    g: &OakGame,
    rerolls: &dyn Fn(&OakGame) -> Action,
    pass: &dyn Fn(&OakGame) -> bool,
) -> f64 {
    match g.pending {
        Pending::Pool | Pending::CritDie => {
            let c = g.chance_outcomes();
            let total = f64::from(c.total_weight());
            c.weighted()
                .map(|(a, w)| {
                    let mut next = *g;
                    next.apply(a).unwrap();
                    f64::from(w) / total * chance_of(&next, rerolls, pass)
                })
                .sum()
        }
        Pending::Reroll => {
            let mut next = *g;
            next.apply(rerolls(g)).unwrap();
            chance_of(&next, rerolls, pass)
        }
        Pending::Fortune => {
            let mut next = *g;
            next.apply(KEEP).unwrap();
            chance_of(&next, rerolls, pass)
        }
        _ => {
            if pass(g) {
                1.0
            } else {
                0.0
            }
        }
    }
}

/// Skill value: "For each point of skill, a ship may re-roll 1 dice during skill tests
/// and attacks": after the first roll the roller decides how many missed dice (up to its
/// skill) to reroll. A 1-die skill test (5 dice less 4 fatigue) of a skill 1 ship passes
/// with 1/2 declining and 3/4 accepting; a 3-die test of a skill 2 ship with
/// 7/8, 15/16 and 31/32 rerolling 0, 1 or 2.
#[test]
fn skill_rerolls_are_a_decision_with_the_right_probabilities() {
    let speed_up = |fatigue: u8, skill: u8| -> OakGame {
        let mut g = game(PAIR, "");
        g.fortune = [0; 8];
        g.ships[0].base.heading = 330; // windward 2
        g.ships[0].fatigue = fatigue;
        g.ships[0].skill = skill;
        move_with(&mut g, 0);
        apply_all(&mut g, &[SEA_FASTER]);
        g
    };
    let passed = |g: &OakGame| g.act.speed == 3;
    let g = speed_up(4, 1);
    assert_eq!(g.roll.dice, 1);
    let decline = chance_of(&g, &|_| REROLL_0, &passed);
    let accept = chance_of(&g, &|g| REROLL_0 + g.roll.max_rerolls() as Action, &passed);
    assert!((decline - 0.5).abs() < 1e-12, "{decline}");
    assert!((accept - 0.75).abs() < 1e-12, "{accept}");
    let g = speed_up(2, 2);
    assert_eq!(g.roll.dice, 3);
    for (k, want) in [(0, 7.0 / 8.0), (1, 15.0 / 16.0), (2, 31.0 / 32.0)] {
        let p = chance_of(
            &g,
            &|g| REROLL_0 + (k as u8).min(g.roll.max_rerolls()) as Action,
            &passed,
        );
        assert!((p - want).abs() < 1e-12, "{k} rerolls: {p}");
    }
    // The decision itself: the three dice missed; 0, 1 or 2 rerolls are offered to the
    // ship's side; the observation says so.
    let mut g = speed_up(2, 2);
    apply_all(&mut g, &[ROLL_0]);
    assert_eq!((g.pending, g.who), (Pending::Reroll, 0));
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![REROLL_0, REROLL_0 + 1, REROLL_0 + 2]
    );
    let why = g.refusal(REROLL_0 + 3).expect("refused");
    assert!(why.contains("skill value"), "{why}");
    let spec = &g.spec().obs;
    let mut o = Observation::new(spec);
    g.observe(0, &mut o);
    let at = spec
        .global_features
        .iter()
        .position(|f| *f == "pending_reroll")
        .unwrap();
    assert_eq!(o.global[at], 1.0);
    // Accepting 2: one chance node over the 2 rerolled dice (4 of 8 faces pass).
    apply_all(&mut g, &[REROLL_0 + 2]);
    assert_eq!(
        weights(&g),
        vec![(ROLL_0, 16), (ROLL_0 + 1, 32), (ROLL_0 + 2, 16)]
    );
}

/// The reroll decision is offered exactly when the glossary allows a reroll that can
/// change the roll: skill tests and attacks (broadside, partial fire, close combat) of a
/// ship with a skill value (or Ruthless, or Expert gun crew at musket and cannon shot),
/// with missed dice; not for a passed pass-or-fail test, not with no die missed, never on
/// rolls that are no skill test or attack (shoals, sinking, collisions, the admiral's die,
/// critical dice); again after a fortune point ("Re-rolls given by ship skill value ...
/// may be used again after spending a fortune point").
#[test]
fn the_reroll_decision_is_offered_exactly_when_the_glossary_allows() {
    // An attack of a skill 0 ship: no decision.
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 1]);
    assert_ne!(g.pending, Pending::Reroll, "skill 0");
    // Skill 1: offered after the first roll (1 hit, 5 misses): 0 or 1.
    let mut g = game(PAIR, "");
    g.fortune = [0; 8];
    g.ships[0].skill = 1;
    attack_with(&mut g, 0);
    apply_all(&mut g, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 1]);
    assert_eq!(g.pending, Pending::Reroll);
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![REROLL_0, REROLL_0 + 1]
    );
    // Every die hit: nothing to reroll.
    let mut h = game(PAIR, "");
    h.fortune = [0; 8];
    h.ships[0].skill = 1;
    attack_with(&mut h, 0);
    apply_all(&mut h, &[FIRE_STBD_0, AIM_HULL, ROLL_0 + 6]);
    assert_ne!(h.pending, Pending::Reroll, "no missed die");
    // After a fortune point the whole roll repeats, the reroll decision with it.
    let mut g = game(PAIR, "");
    g.fortune = [0, 1, 0, 0, 0, 0, 0, 0];
    g.fortune[0] = 1;
    g.ships[0].skill = 1;
    attack_with(&mut g, 0);
    apply_all(
        &mut g,
        &[FIRE_STBD_0, AIM_HULL, ROLL_0, REROLL_0 + 1, ROLL_0],
    );
    assert_eq!(g.pending, Pending::Fortune);
    apply_all(&mut g, &[FORTUNE, ROLL_0 + 2]);
    assert_eq!(
        g.pending,
        Pending::Reroll,
        "offered again after the fortune point"
    );
    // A skill test that passed: rerolls cannot change it, none offered.
    let mut g = game(PAIR, "");
    g.ships[0].skill = 2;
    g.ships[0].base.heading = 330;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_FASTER, ROLL_0 + 1]);
    assert_eq!(g.pending, Pending::Moving);
    assert_eq!(g.act.speed, 3);
    // A shoal test of a skill 2 ship (not a skill test): no decision.
    let mut g = game(
        PAIR,
        r#"{ name = "Bank", kind = "shoal", x = 10.0, y = 13.0, length = 2.0, width = 3.0 },"#,
    );
    g.fortune = [0; 8];
    g.ships[0].skill = 2;
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    assert_eq!(g.pending, Pending::Pool);
    assert_eq!(g.roll_for, broadside_env::oak::state::RollFor::Shoal);
    g.apply(ROLL_0).unwrap();
    assert_ne!(g.pending, Pending::Reroll, "a shoal roll is no skill test");
    // Expert gun crew (English): one reroll at musket or cannon shot, none at pistol.
    let text =
        scenario_text(PAIR, "").replace(r#"["spanish", "french"]"#, r#"["english", "french"]"#);
    let mut g = game_of_text(&text);
    g.fortune = [0; 8];
    assert!(g.ships[0].has(rule::EXPERT_GUN_CREW));
    let mut far = g;
    far.ships[1].base.centre.x = 20_000; // 8.4": cannon shot
    attack_with(&mut far, 0);
    apply_all(&mut far, &[FIRE_STBD_0, AIM_HULL, ROLL_0]);
    assert_eq!(far.roll.max_rerolls(), 1, "cannon shot");
    let mut near = g;
    near.ships[1].base.centre.x = 13_000; // 1.4": pistol shot
    attack_with(&mut near, 0);
    apply_all(&mut near, &[FIRE_STBD_0, AIM_HULL, ROLL_0]);
    assert_ne!(near.pending, Pending::Reroll, "pistol shot");
}

// ---------------------------------------------------------------------------------------
// The sideways shift of Adjust Position and Engage More Closely (catalogue version 5).

/// Blue's flagship `A` at (10, 10) heading north, her consort `A2` astern at (10, 5)
/// (within pistol shot), Red's `B` far off.
const CONSORTS: &str = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 10.0, y = 5.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0, flagship = true },
"#;

fn shifts(g: &OakGame) -> Vec<Action> {
    g.legal_actions()
        .iter()
        .filter(|&a| (SHIFT_0..SHIFT_0 + SHIFTS.len() as Action).contains(&a))
        .collect()
}

/// A game of `ships` with Blue's card effect `e` in play.
fn with_card(ships: &str, terrain: &str, e: Effect) -> OakGame {
    let mut g = game(ships, terrain);
    g.effect_card = [NONE; 8];
    g.effect_card[0] = card_with(e);
    g
}

/// Adjust Position: "Each ship in this Squadron that is in Formation or within Pistol Shot
/// of a friendly ship and is not Entangled or Aground may make a Free shift directly
/// sideways (up to speed 1) at the beginning ... of its move": before any turn or the move,
/// a full or half speed-1 length square to the heading, once.
#[test]
fn adjust_position_shifts_sideways_at_the_beginning_of_the_move() {
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    move_with(&mut g, 0);
    assert!(shifts(&g).is_empty(), "not during the seamanship action");
    g.apply(SEA_NONE).unwrap();
    assert_eq!(
        shifts(&g),
        vec![SHIFT_0, SHIFT_0 + 1, SHIFT_0 + 2, SHIFT_0 + 3]
    );
    g.apply(SHIFT_0 + 3).unwrap(); // a full speed-1 length to starboard (east)
    let b = g.ships[0].base;
    assert_eq!((b.centre.x, b.centre.y, b.heading), (11_000, 10_000, 0));
    assert!(shifts(&g).is_empty(), "one shift a move");
    let l = g.legal_actions();
    assert!(
        l.contains(MOVE_AHEAD) && l.contains(TURN_0 + 4),
        "the move follows as usual"
    );
    apply_all(&mut g, &[MOVE_AHEAD]);
    assert!(shifts(&g).is_empty());
    // A half length to port.
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, SHIFT_0 + 1]);
    assert_eq!(g.ships[0].base.centre.x, 9_500);
}

/// Adjust Position: "... or end of its move": after the move (and its turn) a shift may
/// follow, and then no turn; half way (turned, not yet moved) none is offered.
#[test]
fn adjust_position_shifts_at_the_end_of_the_move_not_half_way() {
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, TURN_0 + 4]); // 15 degrees to starboard first
    assert!(shifts(&g).is_empty(), "half way through the move");
    g.apply(MOVE_AHEAD).unwrap();
    assert_eq!(shifts(&g).len(), 4, "at the end of the move");
    let before = g.ships[0].base;
    g.apply(SHIFT_0).unwrap(); // a full length to port, square to heading 15
    let after = g.ships[0].base;
    assert_eq!(after.heading, 15);
    let d = after.centre.minus(before.centre);
    assert!((d.x + 966).abs() <= 1 && (d.y - 259).abs() <= 1, "{d:?}");
    assert_eq!(g.legal_actions().iter().collect::<Vec<_>>(), vec![MOVE_END]);
    // Moved without a turn: the end of the move may still turn, or shift; after the
    // shift the move is over.
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    let l = g.legal_actions();
    assert!(l.contains(TURN_0 + 4) && l.contains(SHIFT_0 + 2));
    g.apply(SHIFT_0 + 2).unwrap();
    assert!(!g.legal_actions().contains(TURN_0 + 4));
}

/// Adjust Position: only "in Formation or within Pistol Shot of a friendly ship", "not
/// Entangled or Aground"; a squadron without the card never shifts.
#[test]
fn adjust_position_needs_a_friend_near_and_a_free_ship() {
    let alone = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 30.0, y = 5.0, heading = 90 },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0, flagship = true },
"#;
    let mut g = with_card(alone, "", Effect::AdjustPosition);
    assert!(!g.in_formation(1));
    move_with(&mut g, 1);
    g.apply(SEA_NONE).unwrap();
    assert!(
        shifts(&g).is_empty(),
        "A2 is alone: out of formation, no friend within pistol"
    );
    assert!(g.refusal(SHIFT_0).expect("refused").contains("formation"));
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    g.ships[0].aground = true;
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert!(shifts(&g).is_empty(), "aground");
    let mut g = with_card(CONSORTS, "", Effect::FleetManeuver);
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert!(shifts(&g).is_empty(), "no card for it");
    assert!(g.refusal(SHIFT_0).expect("refused").contains("no card"));
}

/// A shift is a move directly sideways (glossary: collision): one whose path meets a ship
/// or an island is not offered, nor one that leaves the table; a shoal crossed tests to run
/// aground as a move across it does.
#[test]
fn a_shift_is_stopped_by_ships_islands_and_the_table_edge_and_tests_shoals() {
    // A2 is 0.925" off A's starboard side (bases 1.575" wide): a half shift fits, a full
    // one does not.
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 12.5, y = 10.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0, flagship = true },
"#;
    let mut g = with_card(ships, "", Effect::AdjustPosition);
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert_eq!(shifts(&g), vec![SHIFT_0, SHIFT_0 + 1, SHIFT_0 + 2]);
    assert!(g.refusal(SHIFT_0 + 3).expect("refused").contains("strike"));
    // An island to port.
    let island =
        r#"{ name = "Isle", kind = "island", x = 7.5, y = 10.0, length = 2.0, width = 2.0 },"#;
    let mut g = with_card(CONSORTS, island, Effect::AdjustPosition);
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert_eq!(shifts(&g), vec![SHIFT_0 + 1, SHIFT_0 + 2, SHIFT_0 + 3]);
    // The table's west edge (A2 brought along, to stay within pistol shot).
    let mut g = with_card(CONSORTS, "", Effect::AdjustPosition);
    g.ships[0].base.centre.x = 1_000;
    g.ships[1].base.centre.x = 1_000;
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert_eq!(shifts(&g), vec![SHIFT_0 + 2, SHIFT_0 + 3]);
    // A shoal to starboard: the aground test follows the shift.
    let shoal =
        r#"{ name = "Bank", kind = "shoal", x = 12.0, y = 10.0, length = 1.0, width = 1.0 },"#;
    let mut g = with_card(CONSORTS, shoal, Effect::AdjustPosition);
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, SHIFT_0 + 3]);
    assert_eq!(g.pending, Pending::Pool);
    assert_eq!(g.roll.dice, 2, "fortitude 2");
    g.apply(ROLL_0).unwrap();
    assert_eq!(g.pending, Pending::Moving, "back to the move");
    assert!(!g.ships[0].aground);
    assert!(g.legal_actions().contains(MOVE_AHEAD));
}

/// Engage More Closely: "Each ship in this Squadron that is not Entangled or Aground may
/// make a Free Move Directly Sideways (up to Speed Rating 1) at the beginning or end of its
/// Move. Additionally, ships within Pistol Shot roll 2 more dice during Broadside Attacks."
/// No formation needed; the two dice are for broadsides at pistol shot only.
#[test]
fn engage_more_closely_shifts_any_ship_and_adds_two_dice_at_pistol_shot() {
    let alone = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 30.0, y = 30.0, heading = 0, flagship = true },
"#;
    let mut g = with_card(alone, "", Effect::EngageMoreClosely);
    move_with(&mut g, 0);
    g.apply(SEA_NONE).unwrap();
    assert_eq!(shifts(&g).len(), 4, "a lone ship shifts too");
    let engage = card_with(Effect::EngageMoreClosely);
    assert_eq!(cards()[engage as usize].amount, 2);
    assert!(cards()[engage as usize].discard, "single use");
    let dice = |x: i32, e: Option<Effect>, fire: Action| {
        let mut g = game(PAIR, "");
        g.effect_card = [NONE; 8];
        if let Some(e) = e {
            g.effect_card[0] = card_with(e);
        }
        g.ships[1].base.centre.x = x;
        attack_with(&mut g, 0);
        apply_all(&mut g, &[fire, AIM_HULL]);
        g.roll.dice
    };
    let pistol = 13_000; // 3" between the centres: pistol shot
    let card = Some(Effect::EngageMoreClosely);
    assert_eq!(
        dice(pistol, card, FIRE_STBD_0),
        dice(pistol, None, FIRE_STBD_0) + 2
    );
    assert_eq!(
        dice(16_000, card, FIRE_STBD_0),
        dice(16_000, None, FIRE_STBD_0),
        "musket shot"
    );
    assert_eq!(
        dice(pistol, card, PARTIAL_0),
        dice(pistol, None, PARTIAL_0),
        "not partial fire"
    );
}

// ---------------------------------------------------------------------------------------
// Reactions: Small Arms (catalogue version 5).

/// Blue's `A` at (10, 10) heading north (abeam: speed 4, she ends at (10, 14)); Red's `B`
/// at (14, 14), within pistol shot of where A's move ends.
const CROSSING: &str = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 14.0, y = 14.0, heading = 0, flagship = true },
"#;

/// A game of `ships` with Red's card effect `e` in play, Blue's `A` moved to the end of
/// her move (`move:end` not yet given).
fn a_moved_with_red_card(ships: &str, e: Effect) -> OakGame {
    let mut g = game(ships, "");
    g.effect_card = [NONE; 8];
    g.effect_card[1] = card_with(e);
    g.fortune = [0; 8];
    move_with(&mut g, 0);
    apply_all(&mut g, &[SEA_NONE, MOVE_AHEAD]);
    g
}

/// Small Arms: "If an opposing ship ends its move within Pistol Shot of 1 or more ships in
/// this Squadron during the movement phase, 1 of those ships may take a Free Partial Fire
/// Attack against the opposing ship. This Attack cannot cause damage or critical hits to
/// the target ship." The reacting side decides when the move ends; the whole attack (aim,
/// roll, fortune) is the ordinary one; then the mover's activation goes on at its crew
/// action.
#[test]
fn small_arms_answers_a_move_ending_within_pistol_shot() {
    let mut g = a_moved_with_red_card(CROSSING, Effect::SmallArms);
    assert_eq!(g.ships[0].base.centre.y, 14_000);
    g.apply(MOVE_END).unwrap();
    assert_eq!(g.pending, Pending::Reaction);
    assert_eq!(g.who, 1, "the side not moving decides");
    let l: Vec<Action> = g.legal_actions().iter().collect();
    assert_eq!(l, vec![SHIP_0, REACT_DECLINE]);
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::Aim);
    assert!(
        g.legal_actions().contains(AIM_CREW),
        "pistol shot: the crew may be aimed at"
    );
    g.apply(AIM_HULL).unwrap();
    assert_eq!(g.roll.dice, 3, "partial fire: the crew value");
    roll_high(&mut g);
    assert_eq!(g.ships[0].damage, 0, "no damage");
    assert_eq!(g.ships[0].fatigue, 1, "a hit: 1 fatigue");
    assert_eq!(
        g.pending,
        Pending::CrewAction,
        "back to the mover's activation"
    );
    assert_eq!((g.who, g.act.ship), (0, 0));
    assert!(g.act.moved && !g.act.reacting && g.interrupted.is_none());
    assert!(!g.ships[1].attacked && !g.ships[1].reload[0] && !g.ships[1].reload[1]);
    g.apply(CREW_NONE).unwrap();
    assert!(g.ships[0].moved);
    assert_eq!(
        (g.pending, g.who),
        (Pending::SelectShip, 1),
        "Red's turn to move"
    );
}

/// Small Arms: "cannot cause damage or critical hits" also at the crew: the sword hits
/// count for nothing; a declined reaction leaves the mover as she was.
#[test]
fn small_arms_causes_no_critical_hits_and_may_be_declined() {
    let mut g = a_moved_with_red_card(CROSSING, Effect::SmallArms);
    apply_all(&mut g, &[MOVE_END, SHIP_0, AIM_CREW]);
    roll_high(&mut g);
    assert_eq!(g.ships[0].damage, 0);
    assert_eq!(
        g.ships[0].fatigue, 0,
        "aimed at the crew: only the criticals tire, and none count"
    );
    assert_eq!(g.pending, Pending::CrewAction);
    let mut g = a_moved_with_red_card(CROSSING, Effect::SmallArms);
    apply_all(&mut g, &[MOVE_END, REACT_DECLINE]);
    assert_eq!((g.pending, g.who, g.act.ship), (Pending::CrewAction, 0, 0));
    assert_eq!(g.ships[0].fatigue, 0);
}

/// Small Arms answers only a move that ends within pistol shot, only with a squadron
/// playing the card, only in the movement phase's move; a refused decline says why.
#[test]
fn small_arms_needs_the_card_and_pistol_shot() {
    let mut g = a_moved_with_red_card(CROSSING, Effect::Down);
    g.apply(MOVE_END).unwrap();
    assert_eq!(g.pending, Pending::CrewAction, "no card, no reaction");
    assert!(g
        .refusal(REACT_DECLINE)
        .expect("refused")
        .contains("Small Arms"));
    let far = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 16.0, y = 14.0, heading = 0, flagship = true },
"#;
    let mut g = a_moved_with_red_card(far, Effect::SmallArms);
    g.apply(MOVE_END).unwrap();
    assert_eq!(
        g.pending,
        Pending::CrewAction,
        "6\" apart: beyond pistol shot"
    );
}

/// The reaction is hidden from nothing: both sides see the reaction pending (the card is
/// face up), and resampling the hidden cards keeps the interrupted activation.
#[test]
fn a_reaction_survives_resampling_the_hidden_cards() {
    let mut g = a_moved_with_red_card(CROSSING, Effect::SmallArms);
    g.apply(MOVE_END).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let r = g.resample_hidden(0, &mut rng);
    assert_eq!(r.pending, Pending::Reaction);
    assert_eq!(r.interrupted, g.interrupted);
    assert_eq!(
        r.legal_actions().iter().collect::<Vec<_>>(),
        vec![SHIP_0, REACT_DECLINE]
    );
}

/// Random play on the built-in scenarios reaches both version 5 decisions (a sideways
/// shift made, a Small Arms reaction offered, accepted and declined) and keeps every
/// invariant through them, the interrupted activation's included.
#[test]
fn random_play_reaches_the_shift_and_the_reaction() {
    use rand::Rng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(55);
    let (mut shifted, mut offered, mut accepted, mut declined) = (0, 0, 0, 0);
    for game_no in 0..120 {
        let s = &broadside_env::oak::builtin_scenarios()[game_no % 4];
        let mut g = OakGame::new(s, OakOptions { resignation: false });
        for _ in 0..5_000 {
            let a = match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => g.chance_outcomes().sample(&mut rng),
                Turn::Player(_) => {
                    let l: Vec<Action> = g.legal_actions().iter().collect();
                    l[rng.random_range(0..l.len())]
                }
            };
            if g.pending == Pending::Reaction {
                offered += 1;
                if a == REACT_DECLINE {
                    declined += 1;
                } else {
                    accepted += 1;
                }
            }
            if (SHIFT_0..SHIFT_0 + SHIFTS.len() as Action).contains(&a) {
                shifted += 1;
            }
            g.apply(a).expect("legal");
            assert_eq!(g.check_invariants(), Ok(()));
        }
    }
    assert!(
        shifted > 0 && offered > 0 && accepted > 0 && declined > 0,
        "shifts {shifted}, reactions {offered} ({accepted} taken, {declined} declined)"
    );
}

/// Card sets of 64 (version 6): Swift Vessels, the 33rd row of `cards.toml`, is a French
/// card offered as `card:32` to a French squadron building its hand, never to a Spanish one.
#[test]
fn the_33rd_card_is_offered_in_hand_building() {
    let swift = card_with(Effect::SwiftVessels) as usize;
    assert_eq!(swift, 32, "appended after the 32 cards of version 5");
    assert_eq!(cards()[swift].name, "Swift Vessels");
    assert_eq!(
        (cards()[swift].value, cards()[swift].nation),
        (4, Some(Nation::French))
    );
    assert_eq!(card_action(swift), CARD_32);
    let text = scenario_text(PAIR, "");
    let s = parse_scenario(&text, "t.toml").unwrap();
    let mut g = OakGame::new(&s, OakOptions::default());
    assert_eq!((g.pending, g.who), (Pending::BuildHand, 0));
    assert!(!g.legal_actions().contains(CARD_32), "Blue are Spanish");
    while g.who == 0 {
        let a = g.legal_actions().iter().next().unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!((g.pending, g.who), (Pending::BuildHand, 1));
    assert!(g.legal_actions().contains(CARD_32), "Red are French");
    g.apply(CARD_32).unwrap();
    assert_ne!(g.hand[1] & 1 << 32, 0);
    assert!(g
        .describe_action(CARD_32)
        .contains("Swift Vessels (value 4)"));
}

/// Swift Vessels: "Each ship in this Squadron that is not In The Wind's Eye, Entangled, or
/// Aground may immediately make a Free Speed 1 move" (ours: straight ahead, one ship after
/// the other, each her owner's choice; collisions as after a row).
#[test]
fn swift_vessels_moves_each_ship_speed_1() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 14.0, heading = 0, flagship = true },
  { name = "A2", side = 0, class = "Fifth Rate", x = 20.0, y = 14.0, heading = 270 },
  { name = "A3", side = 0, class = "Fifth Rate", x = 30.0, y = 14.0, heading = 0 },
  { name = "B", side = 1, class = "Fifth Rate", x = 20.0, y = 30.0, heading = 0, flagship = true },
"#;
    let text = scenario_text(ships, "");
    let mut g = set_up(&text);
    let swift = card_with(Effect::SwiftVessels);
    g.pool[0] |= 1 << swift;
    g.hand[0] |= 1 << swift;
    g.next[0] = swift;
    g.next[1] = (0..cards().len() as u8)
        .find(|&c| {
            let k = &cards()[c as usize];
            g.hand[1] & (1 << c) != 0 && k.value < 4 && k.effect != Effect::AwaitOrders
        })
        .unwrap();
    let in_eye = |g: &OakGame, i: usize| {
        broadside_env::oak::geometry::point_of_sail(g.ships[i].base.heading, g.wind_from)
            == broadside_env::oak::geometry::PointOfSail::WindEye
    };
    assert!(!in_eye(&g, 0) && in_eye(&g, 1) && !in_eye(&g, 2));
    let a_start = g.ships[0].base;
    let a2_start = g.ships[1].base;
    g.turn = g.turns;
    g.start_turn();
    assert_eq!((g.pending, g.act.ship, g.who), (Pending::FreeMove, 0, 0));
    let l = g.legal_actions();
    assert_eq!(l.iter().collect::<Vec<_>>(), vec![MOVE_AHEAD, MOVE_END]);
    g.apply(MOVE_AHEAD).unwrap();
    assert_eq!(
        g.ships[0].base,
        a_start.advanced(rules().tools.r#move[0]),
        "speed 1"
    );
    assert_eq!(
        (g.pending, g.act.ship),
        (Pending::FreeMove, 2),
        "A2, in the wind's eye, is not offered a move"
    );
    // Red's B placed just ahead of A3: her move strikes B (one collision die, as a row).
    let a3 = g.ships[2].base;
    g.ships[3].base = a3.advanced(a3.length + 100);
    g.apply(MOVE_AHEAD).unwrap();
    assert_eq!(g.pending, Pending::Collision);
    let c = g.chance_outcomes();
    assert_eq!(
        (c.len(), c.total_weight()),
        (3, 8),
        "one die: no skull and sail together"
    );
    g.apply(COLLIDE_0 + 1).unwrap(); // a skull: 1 damage to the mover
    assert_eq!(g.ships[2].damage, 1);
    assert_eq!(g.ships[1].base, a2_start);
    assert_eq!(g.phase, Phase::Movement, "the movement phase follows");
    assert_eq!(g.pending, Pending::SelectShip);
}

/// Fire as She Bears: "Ships in this Squadron in Formation may make a Free Broadside Attack
/// against any ship that moves into a legal firing position during the Movement Phase"
/// (ours: a move that ends there). Red's B, in formation with B2, fires a full broadside
/// (damage, a reload marker) at Blue's A when A's move ends abeam of her; then A's
/// activation goes on.
#[test]
fn fire_as_she_bears_fires_a_broadside_at_a_move_ending_in_the_arc() {
    let ships = r#"
  { name = "A", side = 0, class = "Fifth Rate", x = 10.0, y = 10.0, heading = 0, flagship = true },
  { name = "B", side = 1, class = "Fifth Rate", x = 14.0, y = 14.0, heading = 0, flagship = true },
  { name = "B2", side = 1, class = "Fifth Rate", x = 14.0, y = 9.0, heading = 0 },
"#;
    let card = card_with(Effect::FireAsSheBears) as usize;
    assert_eq!(cards()[card].name, "Fire as She Bears");
    assert!(cards()[card].discard && cards()[card].value == 1);
    let mut g = a_moved_with_red_card(ships, Effect::FireAsSheBears);
    assert!(g.in_formation(1));
    g.apply(MOVE_END).unwrap();
    assert_eq!((g.pending, g.who), (Pending::Reaction, 1));
    let l = g.legal_actions();
    assert!(l.contains(SHIP_0) && l.contains(REACT_DECLINE));
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::Aim);
    assert_eq!(g.attack.kind, 0, "a broadside");
    g.apply(AIM_HULL).unwrap();
    roll_high(&mut g);
    while g.pending == Pending::Helm || g.turn() == Turn::Chance {
        let a = if g.pending == Pending::Helm {
            HELM_PORT
        } else {
            g.chance_outcomes().iter().next().unwrap().0
        };
        g.apply(a).unwrap();
    }
    assert!(g.ships[0].damage > 0, "a broadside does damage");
    assert!(
        g.ships[1].reload[0] || g.ships[1].reload[1],
        "a reload marker"
    );
    if g.pending == Pending::Reaction {
        assert!(!g.legal_actions().contains(SHIP_0), "B has fired");
        g.apply(REACT_DECLINE).unwrap();
    }
    assert_eq!((g.pending, g.who, g.act.ship), (Pending::CrewAction, 0, 0));
    assert!(g.interrupted.is_none());
}

/// Fire as She Bears needs the ship in formation: B alone is not.
#[test]
fn fire_as_she_bears_needs_formation() {
    let mut g = a_moved_with_red_card(CROSSING, Effect::FireAsSheBears);
    assert!(!g.in_formation(1));
    g.apply(MOVE_END).unwrap();
    assert_eq!(
        g.pending,
        Pending::CrewAction,
        "out of formation: no reaction"
    );
}
