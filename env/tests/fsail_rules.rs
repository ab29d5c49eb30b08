//! One test per rule of the Fighting Sail reference sheet (seed 001); each test names the
//! sheet's section and quotes its line. Positions are in inches on a 48" x 36" table, the
//! wind from the north unless a test says otherwise; headings in degrees clockwise from
//! north (90 = east).

use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::data::{parse_profiles, parse_rules, parse_scenario};
use broadside_env::fsail::state::status;
use broadside_env::fsail::{
    Attitude, EndReason, FsailGame, FsailOptions, Pending, Phase, Shot, Weather,
};
use broadside_env::game::{Action, Game, Turn};
use broadside_env::plane::Point;
use broadside_env::DataError;

/// One ship of a test scenario: side, profile id, x, y (inches), heading.
type Def = (u8, &'static str, f64, f64, u16);

fn scenario_text(ships: &[Def], wind: &str, deck: bool) -> String {
    let mut t = format!(
        "id = \"test\"\ntitle = \"test\"\nwind_from = \"{wind}\"\nweather_deck = {deck}\n\
         turn_limit = 12\nsides = [\"A\", \"B\"]\ntable = {{ width = 48.0, depth = 36.0 }}\nship = [\n"
    );
    for (i, (side, profile, x, y, h)) in ships.iter().enumerate() {
        t += &format!(
            "  {{ name = \"s{i}\", side = {side}, profile = \"{profile}\", x = {x:.3}, y = {y:.3}, heading = {h} }},\n"
        );
    }
    t + "]\n"
}

fn game_with(ships: &[Def], wind: &str, deck: bool) -> FsailGame {
    let sc = parse_scenario(&scenario_text(ships, wind, deck), "test.toml").expect("valid");
    FsailGame::new(&sc, FsailOptions::default())
}

fn game(ships: &[Def]) -> FsailGame {
    game_with(ships, "N", false)
}

/// A game put straight into `player`'s cannon phase (player 0 first).
fn at_cannon(ships: &[Def], player: u8) -> FsailGame {
    let mut g = game(ships);
    g.pending = Pending::None;
    g.first = 0;
    g.phase = Phase::Cannon { player };
    g
}

/// A game put straight into `player`'s sailing phase, ship selection.
fn at_sailing(ships: &[Def]) -> FsailGame {
    let mut g = game(ships);
    g.apply(INIT_0).unwrap();
    g
}

fn roll(k: u8) -> Action {
    ROLL_0 + k as Action
}

fn fire(i: usize, j: usize) -> Action {
    FIRE_0 + (8 * i + j) as Action
}

fn board(i: usize, j: usize) -> Action {
    BOARD_0 + (8 * i + j) as Action
}

/// Probability of `action` at the chance node.
fn prob(g: &FsailGame, action: Action) -> f64 {
    g.chance_outcomes()
        .iter()
        .find(|&(a, _)| a == action)
        .map_or(0.0, |(_, p)| p)
}

fn inch(x: f64) -> i32 {
    (x * 1000.0).round() as i32
}

/// Two frigates 5" apart abeam: ship 0 heading east at (20, 15), ship 1 north of it.
const ABEAM: [Def; 2] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 20.0, 90),
];

// ---------------------------------------------------------------------------------------
// Initiative summary
// ---------------------------------------------------------------------------------------

#[test]
fn initiative_highest_die_is_first_player() {
    // "Highest die roll is first player for the turn."
    let g = game(&ABEAM);
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(prob(&g, INIT_0), 15.0 / 36.0);
    assert_eq!(prob(&g, INIT_1), 15.0 / 36.0);
    assert_eq!(prob(&g, INIT_TIE_1 + 3), 1.0 / 36.0);
    let mut g2 = g.clone();
    g2.apply(INIT_1).unwrap();
    assert_eq!(g2.first, 1);
    assert_eq!(g2.turn(), Turn::Player(1));
}

#[test]
fn initiative_ties_rerolled_on_the_first_turn_only() {
    // "Re-roll ties on the first turn of the game *only*."
    let mut g = game(&ABEAM);
    g.apply(INIT_TIE_1 + 2).unwrap();
    assert_eq!(g.pending, Pending::Initiative);
    assert_eq!(g.turn, 1);
}

#[test]
fn initiative_later_tie_swaps_the_first_player() {
    // "If a tie is rolled from the second turn onwards, the first player from the previous
    // turn becomes the second player in the new turn."
    let mut g = game(&ABEAM);
    g.turn = 2;
    g.first = 0;
    g.apply(INIT_TIE_1).unwrap();
    assert_eq!(g.first, 1);
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn weather_deck_on_a_tied_roll() {
    // "1: Becalmed. 2-3: The wind changes 1 point clockwise. 4-5: ... counter-clockwise.
    // 6: The wind picks up to a gale."
    let base = game_with(&ABEAM, "N", true);
    let after = |die: u8| {
        let mut g = base.clone();
        g.apply(INIT_TIE_1 + die as Action - 1).unwrap();
        (g.weather, g.wind_from)
    };
    assert_eq!(after(1), (Weather::Becalmed, 0));
    assert_eq!(after(2), (Weather::Fair, 1));
    assert_eq!(after(3), (Weather::Fair, 1));
    assert_eq!(after(4), (Weather::Fair, 7));
    assert_eq!(after(5), (Weather::Fair, 7));
    assert_eq!(after(6), (Weather::Gale, 0));
    // Without the advanced rule a tie changes nothing.
    let mut g = game_with(&ABEAM, "N", false);
    g.apply(INIT_TIE_1).unwrap();
    assert_eq!((g.weather, g.wind_from), (Weather::Fair, 0));
}

#[test]
fn a_calm_lasts_its_turn_and_a_gale_until_the_next_tie() {
    // Rules notes: "becalmed = no ship rolls sailing dice that turn"; "gale = [...] until the
    // next tied initiative roll changes the weather".
    for (die, next_turn) in [(1, Weather::Fair), (6, Weather::Gale)] {
        let mut g = game_with(&ABEAM, "N", true);
        g.turn = 2;
        g.first = 0;
        g.apply(INIT_TIE_1 + die - 1).unwrap();
        let this_turn = if die == 1 {
            Weather::Becalmed
        } else {
            Weather::Gale
        };
        assert_eq!(g.weather, this_turn);
        // Play the rest of the turn out: every decision its first legal action, every chance
        // node its first outcome, until the next initiative roll.
        while g.turn == 2 {
            let a = match g.turn() {
                Turn::Chance => g.chance_outcomes().iter().next().unwrap().0,
                Turn::Player(_) => g.legal_actions().iter().next().unwrap(),
                Turn::Terminal => unreachable!("the game ends at turn 12"),
            };
            g.apply(a).unwrap();
            if g.turn == 2 {
                assert_eq!(g.weather, this_turn, "the weather holds all turn");
            }
        }
        assert_eq!(g.weather, next_turn);
    }
}

// ---------------------------------------------------------------------------------------
// Turn sequence
// ---------------------------------------------------------------------------------------

#[test]
fn turn_sequence_first_player_sails_whole_fleet_then_second_then_cannons() {
    // "The first player sails his entire fleet, followed by the second player." and
    // "The first player fires the cannons of his fleet, then the second player".
    let ships = [
        (0, "frigate", 10.0, 5.0, 90),
        (0, "frigate", 20.0, 5.0, 90),
        (1, "frigate", 10.0, 30.0, 270),
    ];
    let mut g = game(&ships);
    g.apply(INIT_1).unwrap();
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
    g.apply(SHIP_0).unwrap();
    while g.turn() == Turn::Chance {
        g.apply(roll(0)).unwrap();
    }
    if g.turn() == Turn::Player(1) && matches!(g.phase, Phase::SailSpend { .. }) {
        g.apply(SAIL_END).unwrap();
    }
    assert_eq!(g.phase, Phase::SailSelect { player: 0 });
    for k in 0..2 {
        g.apply(SHIP_0 + k).unwrap();
        while g.turn() == Turn::Chance {
            g.apply(roll(0)).unwrap();
        }
        if matches!(g.phase, Phase::SailSpend { .. }) {
            g.apply(SAIL_END).unwrap();
        }
    }
    // Nobody is in range (25" apart): the cannon phase passes, and turn 2 starts.
    assert_eq!(g.turn, 2);
    assert_eq!(g.pending, Pending::Initiative);
}

// ---------------------------------------------------------------------------------------
// Sailing summary and wind attitudes
// ---------------------------------------------------------------------------------------

#[test]
fn sailing_dice_equal_sailing_stat_success_is_a_point() {
    // "Roll a number of dice equal to the ship's Sailing stat." "Each success rolled = 1
    // sailing point." A frigate (Sailing 5) reaching needs 4+.
    let mut g = at_sailing(&ABEAM);
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 5,
            target: 4,
            free: true
        }
    );
    let c = g.chance_outcomes();
    assert_eq!(c.len(), 6);
    assert_eq!(c.total_weight(), 6u32.pow(5));
    assert_eq!(prob(&g, roll(5)), 1.0 / 32.0);
    g.apply(roll(3)).unwrap();
    assert!(matches!(g.phase, Phase::SailSpend { points: 3, .. }));
}

#[test]
fn attitudes_set_the_sailing_target() {
    // "Reaching 4+, Running 4+, Close-Hauled 5+, In Irons 6."
    for (heading, att, target) in [
        (90, Attitude::Reaching, 4),
        (180, Attitude::Running, 4),
        (135, Attitude::Running, 4),
        (45, Attitude::CloseHauled, 5),
        (300, Attitude::CloseHauled, 5),
        (0, Attitude::InIrons, 6),
        (30, Attitude::InIrons, 6),
    ] {
        let mut g = at_sailing(&[
            (0, "frigate", 20.0, 15.0, heading),
            (1, "frigate", 5.0, 30.0, 90),
        ]);
        assert_eq!(g.attitude(0), att, "heading {heading}");
        g.apply(SHIP_0).unwrap();
        match g.pending {
            Pending::SailingDice { target: t, .. } => assert_eq!(t, target, "heading {heading}"),
            p => panic!("{p:?}"),
        }
    }
}

#[test]
fn free_sailing_point_unless_in_irons_or_anchored() {
    // "If no successes are rolled, the ship gets one free sailing point unless it was In
    // Irons or had an Anchor token."
    let mut g = at_sailing(&ABEAM);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(0)).unwrap();
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));

    let mut g = at_sailing(&[(0, "frigate", 20.0, 15.0, 0), (1, "frigate", 5.0, 30.0, 90)]);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(0)).unwrap();
    assert_eq!(
        g.phase,
        Phase::SailSelect { player: 1 },
        "in irons: no points, next side"
    );
}

#[test]
fn anchor_token_one_fewer_die_no_free_point_then_removed() {
    // Substitute (rules-notes): "the ship gets no free sailing point and rolls one fewer
    // Sailing die in its next sailing phase, then the token is removed."
    let mut g = at_sailing(&ABEAM);
    g.ships[0].anchor = true;
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 4,
            target: 4,
            free: false
        }
    );
    assert!(!g.ships[0].anchor);
    g.apply(roll(0)).unwrap();
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn becalmed_ships_roll_no_dice_but_keep_the_free_point() {
    // Weather deck "1: Becalmed" (substitute: no sailing dice, the free point remains).
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Becalmed;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
}

#[test]
fn gale_makes_sailing_easier() {
    // Weather deck "6: The wind picks up to a gale" (substitute: sailing one easier).
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Gale;
    g.apply(SHIP_0).unwrap();
    assert!(matches!(g.pending, Pending::SailingDice { target: 3, .. }));
}

// ---------------------------------------------------------------------------------------
// Spending sailing points
// ---------------------------------------------------------------------------------------

/// Ship 0 picked, with `points` sailing points.
fn spending(ships: &[Def], points: u8) -> FsailGame {
    let mut g = at_sailing(ships);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(points)).unwrap();
    g
}

#[test]
fn manoeuvre_one_point_up_to_two_inches_turn_only_after_the_full_move() {
    // "Manoeuvre: 1 sailing point, up to 2", if it moves the full 2", up to 30 degrees in
    // either direction."
    let mut g = spending(&ABEAM, 2);
    let legal = g.legal_actions();
    for a in MANOEUVRE_QUARTER..TURN_PORT {
        assert!(legal.contains(a), "{}", ACTION_NAMES[a as usize]);
    }
    let c = g.ships[0].base.centre;
    g.apply(MANOEUVRE_QUARTER + 1).unwrap(); // 1" ahead
    assert_eq!(g.ships[0].base.centre, Point::new(c.x + 1000, c.y));
    assert_eq!(g.ships[0].base.heading, 90);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
    g.apply(MANOEUVRE_FULL + 4).unwrap(); // 2" and 30 degrees to starboard
    assert_eq!(g.ships[0].base.centre, Point::new(c.x + 3000, c.y));
    assert_eq!(g.ships[0].base.heading, 120);
    // Out of points, and side 0 has no other ship: side 1 sails.
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn tack_costs_two_and_turns_towards_the_wind() {
    // "Tack: 2 sailing points, 2", up to 90 degrees towards the wind." Heading east with
    // the wind from the north, towards the wind is to port.
    let g = spending(&ABEAM, 1);
    let legal = g.legal_actions();
    assert!(!legal.contains(TURN_PORT), "a tack needs two points");
    assert!(legal.contains(TURN_STBD + 5), "a wear needs one");
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 10.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        2,
    );
    let m = g.sail_move(0, TURN_PORT + 5).unwrap();
    assert!(m.tack);
    assert_eq!((m.cost, m.turn, m.dist), (2, -90, 2000));
    g.apply(TURN_PORT + 5).unwrap();
    assert_eq!(g.ships[0].base.heading, 0);
    assert_eq!(g.ships[0].base.centre, Point::new(inch(22.0), inch(10.0)));
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
}

#[test]
fn wear_costs_one_and_turns_away_from_the_wind() {
    // "Wear: 1 sailing point, 2", up to 90 degrees away from the wind."
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        2,
    );
    let m = g.sail_move(0, TURN_STBD + 2).unwrap();
    assert!(!m.tack);
    assert_eq!((m.cost, m.turn), (1, 45));
    g.apply(TURN_STBD + 2).unwrap();
    assert_eq!(g.ships[0].base.heading, 135);
    assert!(matches!(g.phase, Phase::SailSpend { points: 1, .. }));
}

#[test]
fn running_ships_cannot_tack_or_wear() {
    // "Running 4+: Cannot tack or wear."
    let g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 180),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        3,
    );
    let legal = g.legal_actions();
    assert!((TURN_PORT..SAIL_END).all(|a| !legal.contains(a)));
    assert!(legal.contains(MANOEUVRE_FULL));
}

#[test]
fn moves_may_not_leave_the_table_or_touch_another_ship() {
    // Substitute: the table edge and other bases stop a move (the mask excludes it).
    let g = spending(
        &[
            (0, "frigate", 45.0, 20.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        1,
    );
    let legal = g.legal_actions();
    assert!(
        !legal.contains(MANOEUVRE_FULL + 2),
        "2\" ahead runs off the table"
    );
    assert!(legal.contains(MANOEUVRE_QUARTER), "0.5\" stays on");
    // A ship 3.5" ahead on the same line blocks a 2" move (the bows would overlap).
    let g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 90),
            (1, "frigate", 24.0, 20.0, 90),
        ],
        1,
    );
    let legal = g.legal_actions();
    assert!(!legal.contains(MANOEUVRE_FULL + 2));
    assert!(!legal.contains(MANOEUVRE_QUARTER + 1));
    assert!(
        legal.contains(MANOEUVRE_QUARTER),
        "0.5\" leaves the bases 0.5\" apart"
    );
    assert!(legal.contains(SAIL_END));
}

// ---------------------------------------------------------------------------------------
// Shooting summary
// ---------------------------------------------------------------------------------------

#[test]
fn valid_target_range_arc_and_line_of_sight() {
    // "A valid target is within range, within your ship's firing arc, and within line of
    // sight." "Measure range from mainmast to mainmast."
    let g = at_cannon(&ABEAM, 0);
    assert!(g.valid_target(0, 1), "5\" on the port beam");
    // Dead ahead: not in a broadside arc.
    let g = at_cannon(
        &[
            (0, "frigate", 20.0, 15.0, 0),
            (1, "frigate", 20.0, 20.0, 90),
        ],
        0,
    );
    assert!(!g.valid_target(0, 1));
    // 18.5" away: out of range.
    let g = at_cannon(
        &[
            (0, "frigate", 20.0, 5.0, 90),
            (1, "frigate", 20.0, 23.5, 90),
        ],
        0,
    );
    assert!(!g.valid_target(0, 1));
    // A ship between them blocks the line of sight.
    let g = at_cannon(
        &[
            (0, "frigate", 20.0, 10.0, 90),
            (1, "frigate", 20.0, 20.0, 90),
            (0, "sloop", 20.0, 15.0, 90),
        ],
        0,
    );
    assert!(!g.valid_target(0, 1));
    assert!(g.valid_target(2, 1));
    // Friends are never targets.
    assert!(!g.valid_target(0, 2));
}

#[test]
fn gunnery_halved_rounded_up_with_damage_tokens_and_a_cannon_token() {
    // "Roll a number of dice equal to the ship's Gunnery stat. If the ship has any Damage
    // tokens, its Gunnery stat is halved, rounded up. Place a Cannon token next to the ship."
    let mut g = at_cannon(&ABEAM, 0);
    g.ships[0].tokens = 1;
    g.apply(fire(0, 0)).unwrap();
    assert!(g.ships[0].cannon);
    match g.pending {
        Pending::Shot(s) => assert_eq!(s.exploding, 3, "Gunnery 5 halved = 3"),
        p => panic!("{p:?}"),
    }
}

#[test]
fn a_ship_fires_once_a_turn() {
    // "Place a Cannon token next to the ship" (substitute: the token marks the ship's one
    // shot of the turn).
    let mut g = at_cannon(&ABEAM, 0);
    g.apply(fire(0, 0)).unwrap();
    while g.turn() == Turn::Chance {
        g.apply(roll(0)).unwrap();
    }
    assert_eq!(g.phase, Phase::Cannon { player: 1 });
    assert!(g.ships[0].cannon);
    // Back in side 0's phase, the ship that fired has no shot left.
    g.phase = Phase::Cannon { player: 0 };
    assert!(!g.valid_target(0, 1));
    assert_eq!(
        g.legal_actions().iter().collect::<Vec<_>>(),
        vec![CANNON_END]
    );
}

#[test]
fn range_bands_set_hit_and_explosion_targets() {
    // "Short 0-6": hits 3+, explosions 5+. Medium 6-12": 4+, 6. Long 12-18": 5+, n/a."
    for (y, hit, explode) in [(20.0, 3, 5), (26.0, 4, 6), (32.0, 5, 7)] {
        let mut g = at_cannon(
            &[(0, "frigate", 20.0, 15.0, 90), (1, "frigate", 20.0, y, 90)],
            0,
        );
        g.apply(fire(0, 0)).unwrap();
        match g.pending {
            Pending::Shot(s) => {
                assert_eq!((s.hit_t, s.explode_t), (hit, explode), "at {y}");
                assert_eq!(
                    (s.exploding, s.plain),
                    if explode == 7 { (0, 5) } else { (5, 0) }
                );
            }
            p => panic!("{p:?}"),
        }
    }
}

#[test]
fn a_range_on_a_band_boundary_belongs_to_the_nearer_band() {
    // "Short 0-6" / "Medium 6-12" / "Long 12-18"" share their ends: exactly 6" is short,
    // exactly 12" medium, exactly 18" long (ours, see the ruleset doc); a thousandth of an
    // inch more is the next band, or out of range.
    for (gap, band) in [
        (6.0, Some(0)),
        (6.001, Some(1)),
        (12.0, Some(1)),
        (12.001, Some(2)),
        (18.0, Some(2)),
        (18.001, None),
    ] {
        let g = at_cannon(
            &[
                (0, "frigate", 20.0, 10.0, 90),
                (1, "frigate", 20.0, 10.0 + gap, 90),
            ],
            0,
        );
        assert_eq!(g.range_band(0, 1), band, "at {gap}\"");
    }
}

#[test]
fn gale_makes_hitting_harder() {
    // Weather deck gale (substitute: hit targets one harder).
    let mut g = at_cannon(&ABEAM, 0);
    g.weather = Weather::Gale;
    g.apply(fire(0, 0)).unwrap();
    assert!(matches!(g.pending, Pending::Shot(Shot { hit_t: 4, .. })));
}

#[test]
fn explosions_add_dice_that_do_not_explode_unless_raking() {
    // "For each explosion, roll a further Gunnery die. These extra dice do not cause more
    // explosions unless you have a raking shot."
    let mut g = at_cannon(&ABEAM, 0);
    g.apply(fire(0, 0)).unwrap();
    // Explosions among 5 dice at short range: 5+ = 2 faces of 6.
    assert!((prob(&g, roll(5)) - (2.0f64 / 6.0).powi(5)).abs() < 1e-12);
    g.apply(roll(2)).unwrap();
    match g.pending {
        Pending::Shot(s) => {
            assert_eq!((s.hits, s.rest, s.plain, s.exploding), (2, 3, 2, 0));
            // The 3 dice that did not explode hit on 3 or 4: 2 faces of 4.
            assert_eq!(prob(&g, roll(3)), 1.0 / 8.0);
        }
        p => panic!("{p:?}"),
    }
    g.apply(roll(1)).unwrap();
    // The two extra dice hit on 3+ and never explode.
    assert!(matches!(
        g.pending,
        Pending::Shot(Shot {
            hits: 3,
            plain: 2,
            ..
        })
    ));
    assert!((prob(&g, roll(2)) - (4.0f64 / 6.0).powi(2)).abs() < 1e-12);
    g.apply(roll(2)).unwrap();
    assert!(matches!(g.pending, Pending::HullSave { hits: 5, .. }));

    // Raking: the firer's mainmast in the target's bow wedge; extra dice explode again.
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "frigate", 20.0, 20.0, 180),
    ];
    let mut g = at_cannon(&ships, 0);
    assert!(g.is_raking(0, 1));
    g.apply(fire(0, 0)).unwrap();
    g.apply(roll(2)).unwrap();
    assert!(matches!(
        g.pending,
        Pending::Shot(Shot {
            exploding: 2,
            plain: 0,
            ..
        })
    ));
}

#[test]
fn hull_dice_cancel_hits_on_four_plus() {
    // "The target rolls a number of dice equal to its Hull stat. Each 4+ rolled cancels
    // out a hit."
    let mut g = at_cannon(&ABEAM, 0);
    g.pending = Pending::HullSave {
        firer: 0,
        target: 1,
        hits: 3,
    };
    assert_eq!(g.chance_outcomes().len(), 5, "Hull 4: 0..=4 saves");
    assert_eq!(prob(&g, roll(4)), 1.0 / 16.0);
    let before = g.morale[1];
    g.apply(roll(2)).unwrap();
    // One hit got through: Disrupted, an Anchor token; morale -1.
    assert!(g.ships[1].anchor);
    assert_eq!(g.ships[1].tokens, 0);
    assert_eq!(g.morale[1], before - 1);
    // More saves than hits cancel everything.
    let mut g = at_cannon(&ABEAM, 0);
    g.pending = Pending::HullSave {
        firer: 0,
        target: 1,
        hits: 2,
    };
    g.apply(roll(4)).unwrap();
    assert!(!g.ships[1].anchor);
}

#[test]
fn damage_deck() {
    // "0 or less: No effect. 1: Disrupted - an Anchor token unless it already had one.
    // 2: Shaken - an Anchor token; if it already had one, a Damage token instead.
    // 3: Light Damage - an additional Damage token and an Anchor token. 4: Heavy Damage -
    // two additional Damage tokens and an Anchor token. 5 or more: Catastrophic - sunk."
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "3rd-rate-74", 20.0, 20.0, 90),
        (1, "frigate", 40.0, 30.0, 90),
    ];
    let check = |damage: u8, anchor: bool, tokens: u8, status_after: u8, anchor_after: bool| {
        let mut g = at_cannon(&ships, 0);
        g.ships[1].anchor = anchor;
        g.take_damage(1, damage);
        assert_eq!(
            (g.ships[1].tokens, g.ships[1].status, g.ships[1].anchor),
            (tokens, status_after, anchor_after),
            "damage {damage}, anchor before {anchor}"
        );
    };
    check(0, false, 0, status::ACTIVE, false);
    check(1, false, 0, status::ACTIVE, true);
    check(1, true, 0, status::ACTIVE, true);
    check(2, false, 0, status::ACTIVE, true);
    check(2, true, 1, status::ACTIVE, true);
    check(3, false, 1, status::ACTIVE, true);
    check(4, true, 2, status::ACTIVE, true);
    check(5, false, 0, status::SUNK, false);
}

#[test]
fn three_damage_tokens_force_a_discipline_test() {
    // "3: If the ship fails its damage control Discipline test, it strikes its colours and
    // is removed from play." (Substitute: 2d6 at or under Discipline.)
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "3rd-rate-74", 20.0, 20.0, 90),
        (1, "frigate", 40.0, 30.0, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    g.ships[1].tokens = 2;
    g.take_damage(1, 3);
    assert_eq!(g.pending, Pending::Discipline { ship: 1 });
    assert_eq!(prob(&g, DISCIPLINE_PASS), 15.0 / 36.0, "Discipline 6");
    let mut pass = g.clone();
    pass.apply(DISCIPLINE_PASS).unwrap();
    assert!(pass.ships[1].active());
    g.apply(DISCIPLINE_FAIL).unwrap();
    assert_eq!(g.ships[1].status, status::STRUCK);
}

#[test]
fn four_damage_tokens_sink_the_ship() {
    // "4+: The ship sinks. Remove it from play."
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "3rd-rate-74", 20.0, 20.0, 90),
        (1, "frigate", 40.0, 30.0, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    g.ships[1].tokens = 2;
    g.take_damage(1, 4);
    assert_eq!(g.ships[1].status, status::SUNK);
    assert_eq!(g.pending, Pending::None);
}

#[test]
fn fleet_morale_loss_capped_at_hull_and_withdrawal_at_zero() {
    // "The target's fleet loses fleet morale equal to the amount of damage taken, to a
    // maximum of the target's Hull stat." Substitute: starting morale = sum of Hull; a
    // fleet at 0 withdraws and loses.
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "sloop", 20.0, 20.0, 90),
        (1, "3rd-rate-74", 40.0, 30.0, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    assert_eq!(g.morale, [4, 10]);
    g.take_damage(1, 7);
    assert_eq!(g.morale[1], 7, "7 damage on a Hull 3 sloop costs 3");
    assert!(g.ending.is_none());
    g.morale[1] = 2;
    g.take_damage(2, 2);
    assert_eq!(
        g.ending.map(|e| (e.winner, e.reason)),
        Some((Some(0), EndReason::Withdrawal))
    );
    assert_eq!(g.returns(), [1.0, -1.0]);
}

// ---------------------------------------------------------------------------------------
// Boarding action summary
// ---------------------------------------------------------------------------------------

/// A frigate alongside an enemy 74 and a second enemy far away.
const ALONGSIDE: [Def; 3] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 16.5, 90),
    (1, "3rd-rate-74", 40.0, 30.0, 90),
];

#[test]
fn boarding_needs_contact_range() {
    // Substitute: boarding is possible within 1" (closest points), instead of firing.
    let g = at_cannon(&ALONGSIDE, 0);
    assert!(g.can_board(0, 1));
    assert!(g.legal_actions().contains(board(0, 0)));
    assert!(!g.can_board(0, 2));
}

#[test]
fn boarding_defender_repels_on_equal_hits() {
    // "Each ship rolls a number of dice equal to its Boarding stat. Each 4+ scores a hit.
    // If the defender rolls at least as many hits as the attacker, it repels the attack."
    let mut g = at_cannon(&ALONGSIDE, 0);
    g.apply(board(0, 0)).unwrap();
    assert_eq!(g.chance_outcomes().len(), 5, "Boarding 4");
    g.apply(roll(2)).unwrap();
    g.apply(roll(2)).unwrap();
    assert!(g.ships[1].active());
    assert_eq!(g.ships[0].tokens, 0);
}

#[test]
fn boarding_prize_taken() {
    // "If the attacker rolls more hits than the defender, the defending ship is taken as a
    // prize. The attacker's fleet gains morale equal to the defending ship's Hull stat and
    // the defender's fleet loses the same amount. The attacking ship gets a Damage token,
    // unless it already had one. The defending ship is removed from play."
    let mut g = at_cannon(&ALONGSIDE, 0);
    let m = g.morale;
    g.apply(board(0, 0)).unwrap();
    g.apply(roll(3)).unwrap();
    g.apply(roll(1)).unwrap();
    assert_eq!(g.ships[1].status, status::TAKEN);
    assert_eq!(g.morale, [m[0] + 4, m[1] - 4]);
    assert_eq!(g.ships[0].tokens, 1);
}

#[test]
fn a_fleet_with_no_ships_left_loses() {
    // Substitute: a side with nothing left in play loses.
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "frigate", 20.0, 16.5, 90),
        (1, "sloop", 40.0, 30.0, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    g.remove(1, status::SUNK);
    assert!(g.ending.is_none());
    g.remove(2, status::SUNK);
    assert_eq!(
        g.ending.map(|e| (e.winner, e.reason)),
        Some((Some(0), EndReason::FleetLost))
    );
}

// ---------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------

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
    let rules = include_str!("../data/fsail/rules.toml").replace("hull_save = 4", "hull_save = 9");
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
