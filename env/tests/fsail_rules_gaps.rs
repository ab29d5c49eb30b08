//! Fighting Sail rules that `fsail_rules.rs` leaves untested or tests only one way (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`; substitutes from `shared/rules-notes.md`, Seed
//! 001; deviations from `docs/rulesets/fsail.md`). Each test quotes the line it checks.
//! Positions are in inches on a 48" x 36" table, the wind from the north unless a test says
//! otherwise; headings in degrees clockwise from north (90 = east).

use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::data::parse_scenario;
use broadside_env::fsail::state::status;
use broadside_env::fsail::{
    Attitude, EndReason, FsailGame, FsailOptions, Pending, Phase, Scenario, Shot, Weather,
};
use broadside_env::game::{Action, Game, Turn};

/// One ship of a test scenario: side, profile id, x, y (inches), heading.
type Def = (u8, &'static str, f64, f64, u16);
/// One piece of terrain: x, y, length, width (inches), heading.
type Rock = (f64, f64, f64, f64, u16);

/// A test scenario; `flagship` names the ship (by index) that is a flagship.
fn scenario(
    ships: &[Def],
    wind: &str,
    deck: bool,
    flagship: Option<usize>,
    rocks: &[Rock],
) -> Scenario {
    let mut t = format!(
        "id = \"test\"\ntitle = \"test\"\nwind_from = \"{wind}\"\nweather_deck = {deck}\n\
         turn_limit = 12\nsides = [\"A\", \"B\"]\ntable = {{ width = 48.0, depth = 36.0 }}\nship = [\n"
    );
    for (i, (side, profile, x, y, h)) in ships.iter().enumerate() {
        let flag = flagship == Some(i);
        t += &format!(
            "  {{ name = \"s{i}\", side = {side}, profile = \"{profile}\", x = {x:.3}, y = {y:.3}, heading = {h}, flagship = {flag} }},\n"
        );
    }
    t += "]\nterrain = [\n";
    for (i, (x, y, l, w, h)) in rocks.iter().enumerate() {
        t += &format!(
            "  {{ name = \"r{i}\", x = {x:.3}, y = {y:.3}, length = {l:.3}, width = {w:.3}, heading = {h} }},\n"
        );
    }
    t += "]\n";
    parse_scenario(&t, "test.toml").unwrap_or_else(|e| panic!("{e}\n{t}"))
}

fn game_full(ships: &[Def], wind: &str, deck: bool, rocks: &[Rock]) -> FsailGame {
    FsailGame::new(
        &scenario(ships, wind, deck, None, rocks),
        FsailOptions::default(),
    )
}

fn game_with(ships: &[Def], wind: &str) -> FsailGame {
    game_full(ships, wind, false, &[])
}

fn game(ships: &[Def]) -> FsailGame {
    game_with(ships, "N")
}

/// A game put straight into `player`'s cannon phase (player 0 first).
fn at_cannon_in(mut g: FsailGame, player: u8) -> FsailGame {
    g.pending = Pending::None;
    g.first = 0;
    g.phase = Phase::Cannon { player };
    g
}

fn at_cannon(ships: &[Def], player: u8) -> FsailGame {
    at_cannon_in(game(ships), player)
}

/// A game at player 0's ship selection in the sailing phase.
fn at_sailing_with(ships: &[Def], wind: &str) -> FsailGame {
    let mut g = game_with(ships, wind);
    g.apply(INIT_0).unwrap();
    g
}

fn at_sailing(ships: &[Def]) -> FsailGame {
    at_sailing_with(ships, "N")
}

/// Ship 0 picked, with `points` sailing points.
fn spending_with(ships: &[Def], wind: &str, points: u8) -> FsailGame {
    let mut g = at_sailing_with(ships, wind);
    g.apply(SHIP_0).unwrap();
    g.apply(roll(points)).unwrap();
    assert!(
        matches!(g.phase, Phase::SailSpend { points: p, .. } if p == points),
        "{:?}",
        g.phase
    );
    g
}

fn spending(ships: &[Def], points: u8) -> FsailGame {
    spending_with(ships, "N", points)
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

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn legal(g: &FsailGame) -> Vec<Action> {
    g.legal_actions().iter().collect()
}

fn any_turn_legal(g: &FsailGame) -> bool {
    let l = g.legal_actions();
    (TURN_PORT..SAIL_END).any(|a| l.contains(a))
}

fn shot(g: &FsailGame) -> Shot {
    match g.pending {
        Pending::Shot(s) => s,
        p => panic!("expected a shot, found {p:?}"),
    }
}

/// Picks ship `k` of the deciding side, rolls no successes and ends its sailing.
fn sail_quietly(g: &mut FsailGame, k: Action) {
    g.apply(SHIP_0 + k).unwrap();
    if g.turn() == Turn::Chance {
        g.apply(roll(0)).unwrap();
    }
    if matches!(g.phase, Phase::SailSpend { .. }) {
        g.apply(SAIL_END).unwrap();
    }
}

/// Two frigates 5" apart abeam: ship 0 heading east at (20, 15), ship 1 north of it.
const ABEAM: [Def; 2] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 20.0, 90),
];

// ---------------------------------------------------------------------------------------
// Turn sequence and initiative
// ---------------------------------------------------------------------------------------

/// "The Sailing Phase: The first player sails his entire fleet, followed by the second
/// player." (With one ship on the first side, `fsail_rules.rs` cannot tell this from ships
/// alternating.) The order within a fleet is the player's (ruleset doc, "Ship order").
#[test]
fn first_player_sails_every_ship_before_the_second_player_sails_any() {
    let ships = [
        (0, "frigate", 10.0, 5.0, 90),
        (0, "frigate", 30.0, 5.0, 90),
        (1, "frigate", 10.0, 30.0, 270),
        (1, "frigate", 30.0, 30.0, 270),
    ];
    let mut g = game(&ships);
    g.apply(INIT_1).unwrap();
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
    assert_eq!(legal(&g), vec![SHIP_0, SHIP_0 + 1]);
    // The player may start with his second ship.
    sail_quietly(&mut g, 1);
    assert!(g.ships[3].sailed);
    assert_eq!(
        g.phase,
        Phase::SailSelect { player: 1 },
        "side 1 still has a ship to sail"
    );
    assert_eq!(legal(&g), vec![SHIP_0]);
    sail_quietly(&mut g, 0);
    assert_eq!(g.phase, Phase::SailSelect { player: 0 });
    assert_eq!(legal(&g), vec![SHIP_0, SHIP_0 + 1]);
}

/// "The Cannon Phase: The first player fires the cannons of his fleet, then the second
/// player follows suit." Also (ours) the Cannon token is removed at the end of the turn.
#[test]
fn first_player_fires_first_then_the_second_and_cannon_tokens_go_at_turn_end() {
    let mut g = game(&ABEAM);
    g.apply(INIT_1).unwrap();
    sail_quietly(&mut g, 0);
    sail_quietly(&mut g, 0);
    assert_eq!(
        g.phase,
        Phase::Cannon { player: 1 },
        "side 1 won initiative"
    );
    assert!(g.legal_actions().contains(fire(0, 0)));
    g.apply(fire(0, 0)).unwrap();
    assert!(g.ships[1].cannon);
    g.apply(roll(0)).unwrap(); // no explosions
    g.apply(roll(0)).unwrap(); // no hits
    assert_eq!(g.phase, Phase::Cannon { player: 0 }, "then side 0 fires");
    assert!(g.legal_actions().contains(fire(0, 0)));
    g.apply(CANNON_END).unwrap();
    assert_eq!(g.turn, 2);
    assert_eq!(g.pending, Pending::Initiative);
    assert!(g.ships().iter().all(|s| !s.cannon && !s.sailed));
}

/// "If a tie is rolled from the second turn onwards, the first player from the previous
/// turn becomes the second player in the new turn." (`fsail_rules.rs` checks only 0 -> 1,
/// which a tie that always hands side 1 the initiative would also pass.)
#[test]
fn a_later_tie_swaps_the_first_player_from_side_one_to_side_zero() {
    let mut g = game(&ABEAM);
    g.turn = 3;
    g.first = 1;
    g.apply(INIT_TIE_1 + 4).unwrap();
    assert_eq!(g.first, 0);
    assert_eq!(g.phase, Phase::SailSelect { player: 0 });
}

/// "2-3: The wind changes 1 point clockwise. 4-5: The wind changes 1 point
/// counter-clockwise." The compass wraps round: NW clockwise is N, N anticlockwise is NW.
/// Ruleset doc (Weather on the first turn): a turn-1 tie is re-rolled and still looked up,
/// "so turn 1 can change the weather, even twice".
#[test]
fn wind_shifts_wrap_round_the_compass_and_turn_one_ties_can_shift_it_twice() {
    let mut g = game_full(&ABEAM, "NW", true, &[]);
    g.apply(INIT_TIE_1 + 1).unwrap(); // die 2: clockwise
    assert_eq!(g.wind_from, 0, "NW + 1 point clockwise = N");
    assert_eq!(g.pending, Pending::Initiative, "re-rolled on turn 1");
    g.apply(INIT_TIE_1 + 2).unwrap(); // die 3: clockwise again
    assert_eq!(g.wind_from, 1, "N + 1 point clockwise = NE");
    g.apply(INIT_TIE_1 + 3).unwrap(); // die 4: anticlockwise
    assert_eq!(g.wind_from, 0);
    g.apply(INIT_TIE_1 + 4).unwrap(); // die 5: anticlockwise
    assert_eq!(g.wind_from, 7, "N - 1 point = NW");
    g.apply(INIT_0).unwrap();
    assert_eq!(g.phase, Phase::SailSelect { player: 0 });
    assert_eq!(g.wind_from, 7);
}

/// Rules notes: "gale = [...] until the next tied initiative roll changes the weather";
/// ruleset doc: "a wind shift result returns the weather to fair". A won roll leaves the
/// gale alone.
#[test]
fn a_gale_holds_through_untied_rolls_and_a_wind_shift_ends_it() {
    let mut g = game_full(&ABEAM, "N", true, &[]);
    g.turn = 2;
    g.weather = Weather::Gale;
    let mut won = g.clone();
    won.apply(INIT_1).unwrap();
    assert_eq!(won.weather, Weather::Gale);
    g.apply(INIT_TIE_1 + 2).unwrap(); // die 3
    assert_eq!((g.weather, g.wind_from), (Weather::Fair, 1));
}

// ---------------------------------------------------------------------------------------
// Sailing
// ---------------------------------------------------------------------------------------

/// Wind attitudes (rules notes): "In Irons under 45, Close-Hauled 45 to under 90, Reaching
/// 90 to under 135, Running 135 to 180", by "the angle between the bow and the direction
/// the wind comes from". `fsail_rules.rs` uses the north wind and the 45/90/135 points
/// only; here the middles of the bands, the other side of the bow and other winds.
#[test]
fn attitude_bands_under_every_wind() {
    // (wind, heading, attitude)
    for (wind, heading, att) in [
        ("N", 44, Attitude::InIrons),
        ("N", 75, Attitude::CloseHauled),
        ("N", 89, Attitude::CloseHauled),
        ("N", 120, Attitude::Reaching),
        ("N", 134, Attitude::Reaching),
        ("N", 225, Attitude::Running),
        ("N", 240, Attitude::Reaching),
        ("E", 90, Attitude::InIrons),
        ("E", 0, Attitude::Reaching),
        ("E", 180, Attitude::Reaching),
        ("E", 270, Attitude::Running),
        ("E", 30, Attitude::CloseHauled),
        ("SW", 225, Attitude::InIrons),
        ("SW", 45, Attitude::Running),
        ("SW", 135, Attitude::Reaching),
        ("SW", 180, Attitude::CloseHauled),
    ] {
        let g = game_with(
            &[
                (0, "frigate", 20.0, 18.0, heading),
                (1, "frigate", 5.0, 30.0, 90),
            ],
            wind,
        );
        assert_eq!(g.attitude(0), att, "wind {wind}, heading {heading}");
    }
    // And the sailing target follows the attitude under a wind other than north: heading
    // east into an east wind is In Irons (6, no free point).
    let mut g = at_sailing_with(
        &[
            (0, "3rd-rate-74", 20.0, 18.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        "E",
    );
    g.apply(SHIP_0).unwrap();
    assert_eq!(
        g.pending,
        Pending::SailingDice {
            ship: 0,
            dice: 4,
            target: 6,
            free: false
        },
        "a 74 has Sailing 4"
    );
}

/// Rules notes, becalmed: "no ship rolls sailing dice that turn (each still gets its free
/// point unless In Irons or anchored)". `fsail_rules.rs` checks only the free point kept.
#[test]
fn becalmed_ships_in_irons_or_anchored_get_no_point() {
    // In irons (heading into the north wind).
    let mut g = at_sailing(&[(0, "frigate", 20.0, 18.0, 0), (1, "frigate", 5.0, 30.0, 90)]);
    g.weather = Weather::Becalmed;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None, "no dice when becalmed");
    assert_eq!(
        g.phase,
        Phase::SailSelect { player: 1 },
        "no point to spend"
    );
    // Anchored, reaching.
    let mut g = at_sailing(&ABEAM);
    g.weather = Weather::Becalmed;
    g.ships[0].anchor = true;
    g.apply(SHIP_0).unwrap();
    assert_eq!(g.pending, Pending::None);
    assert_eq!(g.phase, Phase::SailSelect { player: 1 });
    assert!(!g.ships[0].anchor, "the Anchor token is spent all the same");
}

/// "Tack: 2 sailing points, 2", up to 90 degrees towards the wind. Wear: 1 sailing point,
/// 2", up to 90 degrees away from the wind." Which way is "towards" depends on the side the
/// wind is on: `fsail_rules.rs` tries only a ship heading east in a north wind (port =
/// tack), which a rule "port is always a tack" would pass.
#[test]
fn a_tack_turns_towards_the_wind_on_whichever_side_it_is() {
    // (wind, heading, tack direction: -1 port, +1 starboard)
    for (wind, heading, tack_dir) in [
        ("N", 270, 1),
        ("N", 90, -1),
        ("N", 45, -1),
        ("N", 315, 1),
        ("E", 0, 1),
        ("E", 180, -1),
        ("SW", 135, 1),
    ] {
        let g = game_with(
            &[
                (0, "frigate", 20.0, 18.0, heading),
                (1, "frigate", 5.0, 30.0, 90),
            ],
            wind,
        );
        let (tack_a, wear_a) = if tack_dir > 0 {
            (TURN_STBD + 5, TURN_PORT + 5)
        } else {
            (TURN_PORT + 5, TURN_STBD + 5)
        };
        let t = g.sail_move(0, tack_a).unwrap();
        assert!(t.tack, "wind {wind}, heading {heading}");
        assert_eq!((t.cost, t.turn, t.dist), (2, 90 * tack_dir, 2000));
        let w = g.sail_move(0, wear_a).unwrap();
        assert!(!w.tack, "wind {wind}, heading {heading}");
        assert_eq!((w.cost, w.turn, w.dist), (1, -90 * tack_dir, 2000));
    }
    // Heading west in a north wind with one point: the wear (to port) is offered, the
    // tack (to starboard) is not.
    let g = spending(
        &[
            (0, "frigate", 30.0, 18.0, 270),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        1,
    );
    let l = g.legal_actions();
    assert!(l.contains(TURN_PORT) && l.contains(TURN_PORT + 5));
    assert!((TURN_STBD..SAIL_END).all(|a| !l.contains(a)));
}

/// Ruleset doc, Deviations (Tack direction): "with the wind dead ahead both directions turn
/// away (wear only)".
#[test]
fn with_the_wind_dead_ahead_both_turns_are_wears() {
    let g = spending(
        &[(0, "frigate", 20.0, 18.0, 0), (1, "frigate", 5.0, 30.0, 90)],
        1,
    );
    assert_eq!(g.attitude(0), Attitude::InIrons);
    for a in TURN_PORT..SAIL_END {
        let m = g.sail_move(0, a).unwrap();
        assert!(!m.tack && m.cost == 1, "{}", ACTION_NAMES[a as usize]);
    }
    let l = g.legal_actions();
    assert!(l.contains(TURN_PORT + 5) && l.contains(TURN_STBD + 5));
}

/// "Running 4+: Cannot tack or wear." Ruleset doc (Attitude): "running ships cannot tack or
/// wear" uses the attitude at the moment of each spend. So a wear into running ends the
/// turning, and a running ship that manoeuvres out of running may wear again.
#[test]
fn running_is_read_at_each_spend() {
    let mut g = spending(
        &[
            (0, "frigate", 20.0, 18.0, 90),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        3,
    );
    assert!(any_turn_legal(&g));
    g.apply(TURN_STBD + 2).unwrap(); // wear 45 degrees: heading 135, running
    assert_eq!(g.attitude(0), Attitude::Running);
    assert!(matches!(g.phase, Phase::SailSpend { points: 2, .. }));
    assert!(!any_turn_legal(&g), "now running: no tack or wear");
    assert!(g.legal_actions().contains(MANOEUVRE_FULL + 2));

    let mut g = spending(
        &[
            (0, "frigate", 20.0, 20.0, 180),
            (1, "frigate", 5.0, 30.0, 90),
        ],
        3,
    );
    assert!(!any_turn_legal(&g));
    g.apply(MANOEUVRE_FULL).unwrap(); // 2" and 30 to port: heading 150, still running
    assert_eq!(g.ships[0].base.heading, 150);
    assert!(!any_turn_legal(&g));
    g.apply(MANOEUVRE_FULL).unwrap(); // heading 120: reaching
    assert_eq!(g.attitude(0), Attitude::Reaching);
    let l = g.legal_actions();
    assert!(l.contains(TURN_STBD + 5), "a wear is allowed again");
    assert!(
        !l.contains(TURN_PORT),
        "a tack needs two points, one is left"
    );
}

/// Ruleset doc (Geometry / Substitutes): a move "whose path touches another ship or
/// terrain is not offered". `fsail_rules.rs` checks ships only.
#[test]
fn terrain_blocks_a_move() {
    let ships = [
        (0, "frigate", 20.0, 20.0, 90),
        (1, "frigate", 5.0, 30.0, 90),
    ];
    // A 2" x 2" rock whose west face is 1.5" off the frigate's bow.
    let rock = [(24.0, 20.0, 2.0, 2.0, 0)];
    let mut g = game_full(&ships, "N", false, &rock);
    g.apply(INIT_0).unwrap();
    g.apply(SHIP_0).unwrap();
    g.apply(roll(1)).unwrap();
    let l = g.legal_actions();
    assert!(
        !l.contains(MANOEUVRE_FULL + 2),
        "2\" ahead runs into the rock"
    );
    assert!(!l.contains(TURN_STBD + 5), "so does the 2\" of a wear");
    assert!(l.contains(MANOEUVRE_QUARTER + 1), "1\" ahead stays clear");
    // The same ship without the rock may go the full 2".
    let g = spending(&ships, 1);
    assert!(g.legal_actions().contains(MANOEUVRE_FULL + 2));
}

/// Ruleset doc, Deviations (Moves): "only the final base must be on the table (a corner may
/// swing over the edge during a pivot)". A frigate 1.52" below the north edge, heading
/// east, wears 90 degrees to north (wind from the south): its bow ends 0.02" inside the
/// edge, though a corner (1.55" from the mainmast) swings past it on the way.
#[test]
fn a_pivot_may_swing_a_corner_over_the_edge() {
    let mut g = spending_with(
        &[
            (0, "frigate", 20.0, 34.48, 90),
            (1, "frigate", 5.0, 10.0, 90),
        ],
        "S",
        1,
    );
    let m = g.sail_move(0, TURN_PORT + 5).unwrap();
    assert!(!m.tack, "north is away from a south wind");
    assert!(g.legal_actions().contains(TURN_PORT + 5));
    g.apply(TURN_PORT + 5).unwrap();
    assert_eq!(g.ships[0].base.heading, 0);
    g.check_invariants().unwrap();
    // A turn that would leave the bow past the edge is not offered: the same from 34.6".
    let g = spending_with(
        &[
            (0, "frigate", 20.0, 34.6, 90),
            (1, "frigate", 5.0, 10.0, 90),
        ],
        "S",
        1,
    );
    assert!(!g.legal_actions().contains(TURN_PORT + 5));
}

// ---------------------------------------------------------------------------------------
// Shooting: valid targets
// ---------------------------------------------------------------------------------------

/// "A valid target is within range, within your ship's firing arc, and within line of
/// sight." Ruleset doc (Geometry): "the segment between the mainmasts may not touch any
/// other ship in play or terrain". `fsail_rules.rs` blocks with a ship only.
#[test]
fn terrain_blocks_line_of_sight() {
    let ships = [
        (0, "frigate", 20.0, 10.0, 90),
        (1, "frigate", 20.0, 20.0, 90),
    ];
    let clear = at_cannon_in(game_full(&ships, "N", false, &[]), 0);
    assert!(clear.valid_target(0, 1));
    // An islet between them, clear of both bases.
    let rocky = at_cannon_in(
        game_full(&ships, "N", false, &[(20.0, 15.0, 3.0, 1.0, 90)]),
        0,
    );
    assert!(!rocky.valid_target(0, 1));
    assert!(!rocky.valid_target(1, 0));
    assert!(!rocky.legal_actions().contains(fire(0, 0)));
    // An islet off the line does not block.
    let aside = at_cannon_in(
        game_full(&ships, "N", false, &[(24.0, 15.0, 3.0, 1.0, 90)]),
        0,
    );
    assert!(aside.valid_target(0, 1));
}

/// Ruleset doc (Geometry): line of sight is blocked by "any other ship in play": a ship
/// removed from play (sunk, struck, taken) no longer blocks.
#[test]
fn a_ship_out_of_play_does_not_block_line_of_sight() {
    let ships = [
        (0, "frigate", 20.0, 10.0, 90),
        (1, "frigate", 20.0, 20.0, 90),
        (1, "sloop", 20.0, 15.0, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    assert!(!g.valid_target(0, 1));
    assert!(g.valid_target(0, 2));
    g.remove(2, status::SUNK);
    assert!(g.valid_target(0, 1));
    assert!(!g.valid_target(0, 2), "nor is a sunk ship a target");
}

/// Rules notes: "each broadside covers 90 degrees centred on the beam, from the mainmast;
/// bow and stern cannot fire". Ruleset doc, Deviations (Target in arc): "the target's
/// mainmast must lie in the broadside arc [...]; a target whose base is only partly in the
/// arc is not valid", boundaries included.
#[test]
fn the_targets_mainmast_must_lie_in_a_broadside_arc() {
    let firer = (0, "frigate", 20.0, 15.0, 90);
    let valid =
        |x: f64, y: f64| at_cannon(&[firer, (1, "frigate", x, y, 90)], 0).valid_target(0, 1);
    // Mainmast 6" ahead and 5" to port: 50 degrees off the beam, in the bow wedge, though
    // the stern of its base (4.5" ahead, 4.6" to port) lies inside the port arc.
    assert!(!valid(26.0, 20.0));
    // Exactly 45 degrees off the beam: on the boundary, valid.
    assert!(valid(25.0, 20.0));
    // Starboard beam (south of a ship heading east): valid.
    assert!(valid(20.0, 10.0));
    // Dead astern, in range: the stern cannot fire.
    assert!(!valid(13.0, 15.0));
    // 45 degrees abaft the starboard beam: boundary, valid.
    assert!(valid(15.0, 10.0));
}

// ---------------------------------------------------------------------------------------
// Shooting: dice
// ---------------------------------------------------------------------------------------

/// "If the ship has any Damage tokens, its Gunnery stat is halved, rounded up." Halved once
/// however many tokens (not once per token).
#[test]
fn gunnery_is_halved_once_whatever_the_number_of_tokens() {
    let ships = [
        (0, "3rd-rate-74", 20.0, 15.0, 90),
        (1, "frigate", 20.0, 20.0, 90),
    ];
    for (tokens, dice) in [(0, 8), (1, 4), (2, 4), (3, 4)] {
        let mut g = at_cannon(&ships, 0);
        g.ships[0].tokens = tokens;
        g.apply(fire(0, 0)).unwrap();
        assert_eq!(shot(&g).exploding, dice, "{tokens} tokens");
    }
}

/// "Medium 6-12": Hits 4+, Explosions 6." "For each explosion, roll a further Gunnery die."
/// The exact chance of each step at medium range (`fsail_rules.rs` checks short range):
/// explosions on a 6 (1/6), a die that did not explode hits on 4 or 5 (2 of 5 faces), the
/// extra dice hit on 4+.
#[test]
fn medium_range_shot_chances_are_exact() {
    let mut g = at_cannon(
        &[
            (0, "frigate", 20.0, 15.0, 90),
            (1, "frigate", 20.0, 24.0, 90),
        ],
        0,
    );
    g.apply(fire(0, 0)).unwrap();
    let s = shot(&g);
    assert_eq!((s.hit_t, s.explode_t, s.exploding), (4, 6, 5));
    assert!(close(prob(&g, roll(0)), (5.0f64 / 6.0).powi(5)));
    assert!(close(
        prob(&g, roll(1)),
        5.0 * (1.0 / 6.0) * (5.0f64 / 6.0).powi(4)
    ));
    g.apply(roll(1)).unwrap();
    let s = shot(&g);
    assert_eq!((s.hits, s.rest, s.plain, s.exploding), (1, 4, 1, 0));
    assert!(close(prob(&g, roll(4)), (2.0f64 / 5.0).powi(4)));
    assert!(close(prob(&g, roll(0)), (3.0f64 / 5.0).powi(4)));
    g.apply(roll(2)).unwrap();
    assert_eq!(shot(&g).hits, 3);
    assert!(close(prob(&g, roll(1)), 0.5), "the extra die hits on 4+");
    g.apply(roll(1)).unwrap();
    assert!(matches!(g.pending, Pending::HullSave { hits: 4, .. }));
}

/// Rules notes: "A raking shot: the firer's mainmast lies inside the target's bow or stern
/// 90-degree wedge." `fsail_rules.rs` rakes through the bow only; here the stern, and a
/// firer just outside the stern wedge.
#[test]
fn a_shot_from_the_stern_wedge_rakes() {
    // Target 5" north of the firer; the firer lies dead south of it.
    let at = |heading: u16| {
        at_cannon(
            &[
                (0, "frigate", 20.0, 15.0, 90),
                (1, "frigate", 20.0, 20.0, heading),
            ],
            0,
        )
    };
    // Heading north: the firer is dead astern of the target.
    let mut g = at(0);
    assert!(g.is_raking(0, 1));
    g.apply(fire(0, 0)).unwrap();
    assert!(shot(&g).raking);
    g.apply(roll(2)).unwrap();
    let s = shot(&g);
    assert_eq!(
        (s.exploding, s.plain),
        (2, 0),
        "extra dice of a raking shot explode again"
    );
    // Heading 40: the firer is 40 degrees off the target's stern line, inside the wedge.
    assert!(at(40).is_raking(0, 1));
    // Heading 50: 50 degrees off, on the target's quarter, outside: no rake.
    let mut g = at(50);
    assert!(!g.is_raking(0, 1));
    g.apply(fire(0, 0)).unwrap();
    g.apply(roll(2)).unwrap();
    assert_eq!((shot(&g).exploding, shot(&g).plain), (0, 2));
}

/// "Long 12-18": Hits 5+, Explosions n/a." A raking shot at long range still has no
/// explosions, so no extra dice.
#[test]
fn a_raking_shot_at_long_range_never_explodes() {
    let mut g = at_cannon(
        &[
            (0, "frigate", 20.0, 15.0, 90),
            (1, "frigate", 20.0, 30.0, 180),
        ],
        0,
    );
    assert!(g.is_raking(0, 1));
    g.apply(fire(0, 0)).unwrap();
    let s = shot(&g);
    assert_eq!((s.hit_t, s.exploding, s.plain), (5, 0, 5));
    assert!(close(prob(&g, roll(5)), (2.0f64 / 6.0).powi(5)));
    g.apply(roll(5)).unwrap();
    assert!(matches!(g.pending, Pending::HullSave { hits: 5, .. }));
}

/// Ruleset doc, Deviations (Dice pools): "larger than 12 dice [...] are read in batches of
/// 12; each batch is exact." A raking chain of 14 exploding dice at short range.
#[test]
fn pools_over_twelve_dice_are_read_in_exact_batches() {
    let mut g = at_cannon(&ABEAM, 0);
    g.ships[0].cannon = true;
    g.pending = Pending::Shot(Shot {
        firer: 0,
        target: 1,
        exploding: 14,
        plain: 0,
        rest: 0,
        hits: 0,
        hit_t: 3,
        explode_t: 5,
        raking: true,
    });
    assert_eq!(g.chance_outcomes().len(), 13, "12 dice in the first batch");
    assert!(close(prob(&g, roll(12)), (1.0f64 / 3.0).powi(12)));
    g.apply(roll(3)).unwrap();
    let s = shot(&g);
    assert_eq!(
        (s.exploding, s.rest, s.hits),
        (2 + 3, 9, 3),
        "2 unrolled + 3 extra raking dice; 9 non-exploded dice to read"
    );
    assert!(close(prob(&g, roll(9)), 0.5f64.powi(9)));
    g.apply(roll(4)).unwrap();
    assert_eq!(shot(&g).exploding, 5);
    assert_eq!(g.chance_outcomes().len(), 6);
}

/// "Roll a number of dice equal to the ship's Gunnery stat [...] The number needed to hit
/// [...] depends on the range." A shot with no hits has nothing to save against and no
/// effect (Damage Deck "0 or less: No effect").
#[test]
fn a_shot_without_hits_has_no_save_and_no_effect() {
    let mut g = at_cannon(&ABEAM, 0);
    let morale = g.morale;
    g.apply(fire(0, 0)).unwrap();
    g.apply(roll(0)).unwrap();
    g.apply(roll(0)).unwrap();
    assert_eq!(g.pending, Pending::None);
    assert_eq!(g.morale, morale);
    assert!(!g.ships[1].anchor);
    assert_eq!(g.phase, Phase::Cannon { player: 1 });
}

/// "The target rolls a number of dice equal to its Hull stat." Only Gunnery and Boarding
/// are halved by Damage tokens: a damaged target keeps all its Hull dice.
#[test]
fn damage_tokens_do_not_halve_hull_dice() {
    let mut g = at_cannon(&ABEAM, 0);
    g.ships[1].tokens = 2;
    g.pending = Pending::HullSave {
        firer: 0,
        target: 1,
        hits: 3,
    };
    assert_eq!(g.chance_outcomes().len(), 5, "Hull 4: 0..=4 saves");
    assert!(close(prob(&g, roll(4)), 1.0 / 16.0));
}

// ---------------------------------------------------------------------------------------
// Damage Deck, Damage tokens, discipline, morale
// ---------------------------------------------------------------------------------------

const THREE: [Def; 3] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "3rd-rate-74", 20.0, 20.0, 90),
    (1, "frigate", 40.0, 30.0, 90),
];

/// "5 or more: Catastrophic Damage - the ship is sunk." and "The target's fleet loses fleet
/// morale equal to the amount of damage taken, to a maximum of the target's Hull stat."
/// `fsail_rules.rs` sinks with exactly 5.
#[test]
fn catastrophic_damage_at_five_or_more() {
    for (damage, loss) in [(5, 5), (6, 6), (7, 7), (9, 7), (12, 7)] {
        let mut g = at_cannon(&THREE, 0);
        let before = g.morale[1];
        g.take_damage(1, damage);
        assert_eq!(g.ships[1].status, status::SUNK, "damage {damage}");
        assert_eq!(before - g.morale[1], loss, "damage {damage} on Hull 7");
    }
}

/// "2: Shaken - the ship gets an Anchor token. If it already had one, it gets a Damage
/// token instead." "3: If the ship fails its damage control Discipline test, it strikes".
/// Ruleset doc (Discipline test): taken when the tokens reach three, "not again while it
/// stays at three".
#[test]
fn the_discipline_test_comes_when_tokens_reach_three_and_only_then() {
    // Shaken with an Anchor token: 2 -> 3 tokens.
    let mut g = at_cannon(&THREE, 0);
    g.ships[1].tokens = 2;
    g.ships[1].anchor = true;
    g.take_damage(1, 2);
    assert_eq!(g.ships[1].tokens, 3);
    assert_eq!(g.pending, Pending::Discipline { ship: 1 });
    // Heavy Damage: 1 -> 3 tokens.
    let mut g = at_cannon(&THREE, 0);
    g.ships[1].tokens = 1;
    g.take_damage(1, 4);
    assert_eq!(g.pending, Pending::Discipline { ship: 1 });
    // Already at three (test passed earlier): Disrupted or Shaken without an anchor leaves
    // it at three, no new test.
    for damage in [1, 2] {
        let mut g = at_cannon(&THREE, 0);
        g.ships[1].tokens = 3;
        g.take_damage(1, damage);
        assert_eq!(g.ships[1].tokens, 3);
        assert_eq!(g.pending, Pending::None, "damage {damage}");
        assert!(g.ships[1].active());
    }
    // Below three: no test.
    let mut g = at_cannon(&THREE, 0);
    g.take_damage(1, 3);
    assert_eq!(g.ships[1].tokens, 1);
    assert_eq!(g.pending, Pending::None);
}

/// Rules notes: "Flagship: Discipline +2, cost +4." and "Discipline test: roll 2d6, pass on
/// a total at or under Discipline." (Found: the 74 "as flagship Discipline 8, cost 56".)
#[test]
fn a_flagship_tests_discipline_at_eight_and_costs_four_more() {
    let sc = scenario(&THREE, "N", false, Some(1), &[]);
    assert_eq!(sc.points(1), 56 + 28);
    assert_eq!(sc.points(0), 28);
    let mut g = at_cannon_in(FsailGame::new(&sc, FsailOptions::default()), 0);
    assert_eq!(g.ships[1].discipline, 8);
    assert_eq!(g.ships[2].discipline, 6);
    g.ships[1].tokens = 2;
    g.take_damage(1, 3);
    assert_eq!(g.pending, Pending::Discipline { ship: 1 });
    assert!(close(prob(&g, DISCIPLINE_PASS), 26.0 / 36.0));
    assert!(close(prob(&g, DISCIPLINE_FAIL), 10.0 / 36.0));
}

// ---------------------------------------------------------------------------------------
// Boarding
// ---------------------------------------------------------------------------------------

/// A frigate alongside an enemy frigate (0.7" between the bases) and a 74 far away.
const ALONGSIDE: [Def; 3] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 16.5, 90),
    (1, "3rd-rate-74", 40.0, 30.0, 90),
];

/// "Each ship rolls a number of dice equal to its Boarding stat. Each 4+ scores a hit."
/// `fsail_rules.rs` counts the outcomes only; here the chance of each.
#[test]
fn boarding_dice_hit_on_four_plus() {
    let mut g = at_cannon(&ALONGSIDE, 0);
    g.apply(board(0, 0)).unwrap();
    for k in 0..=4u8 {
        let ways = [1.0, 4.0, 6.0, 4.0, 1.0][k as usize];
        assert!(close(prob(&g, roll(k)), ways / 16.0), "{k} hits");
    }
    g.apply(roll(1)).unwrap();
    assert!(matches!(g.pending, Pending::BoardDefend { hits: 1, .. }));
    assert!(close(prob(&g, roll(0)), 1.0 / 16.0));
}

/// "Damage tokens 1+: Gunnery and Boarding stats are halved, rounded up." Boarding is
/// untested in `fsail_rules.rs`; attacker and defender both.
#[test]
fn damage_tokens_halve_boarding_on_both_sides() {
    let ships = [
        (0, "frigate", 20.0, 15.0, 90),
        (1, "3rd-rate-74", 20.0, 16.6, 90),
    ];
    let mut g = at_cannon(&ships, 0);
    assert!(g.can_board(0, 1));
    let mut fresh = g.clone();
    fresh.apply(board(0, 0)).unwrap();
    assert_eq!(fresh.chance_outcomes().len(), 5, "Boarding 4");
    fresh.apply(roll(1)).unwrap();
    assert_eq!(fresh.chance_outcomes().len(), 8, "the 74's Boarding 7");

    g.ships[0].tokens = 1;
    g.ships[1].tokens = 2;
    g.apply(board(0, 0)).unwrap();
    assert_eq!(g.chance_outcomes().len(), 3, "Boarding 4 halved = 2");
    g.apply(roll(1)).unwrap();
    assert_eq!(
        g.chance_outcomes().len(),
        5,
        "Boarding 7 halved, rounded up = 4"
    );
}

/// "The attacking ship gets a Damage token, unless it already had one." An attacker that
/// already has tokens gets none more (`fsail_rules.rs` starts from none).
#[test]
fn a_damaged_boarder_gets_no_extra_damage_token() {
    let mut g = at_cannon(&ALONGSIDE, 0);
    g.ships[0].tokens = 2;
    let m = g.morale;
    g.apply(board(0, 0)).unwrap();
    g.apply(roll(2)).unwrap();
    g.apply(roll(1)).unwrap();
    assert_eq!(g.ships[1].status, status::TAKEN);
    assert_eq!(g.ships[0].tokens, 2);
    assert!(
        !matches!(g.pending, Pending::Discipline { .. }),
        "no Discipline test either"
    );
    assert_eq!(g.morale, [m[0] + 4, m[1] - 4]);
}

/// Ruleset doc, Substitutes (ours): "Boarding range: closest points within 1"; boarding
/// replaces the ship's shot (takes its Cannon token)."
#[test]
fn boarding_reaches_one_inch_and_replaces_the_shot() {
    let at = |y: f64| {
        at_cannon(
            &[(0, "frigate", 20.0, 15.0, 90), (1, "frigate", 20.0, y, 90)],
            0,
        )
    };
    // Beams 0.8": 1.8" between mainmasts is 1.0" between the bases.
    assert!(at(16.8).can_board(0, 1));
    assert!(!at(16.801).can_board(0, 1));
    assert!(!at(16.801).legal_actions().contains(board(0, 0)));

    let mut g = at_cannon(&ALONGSIDE, 0);
    let l = g.legal_actions();
    assert!(l.contains(fire(0, 0)) && l.contains(board(0, 0)));
    g.apply(board(0, 0)).unwrap();
    assert!(g.ships[0].cannon);
    g.apply(roll(1)).unwrap();
    g.apply(roll(1)).unwrap(); // repelled
    assert!(g.ships[1].active());
    g.phase = Phase::Cannon { player: 0 };
    assert!(!g.valid_target(0, 1));
    assert!(!g.can_board(0, 1));
    assert_eq!(legal(&g), vec![CANNON_END]);
}

// ---------------------------------------------------------------------------------------
// The end
// ---------------------------------------------------------------------------------------

/// Ruleset doc, Substitutes (ours): "Turn limit 12 (scenario field); at the limit the side
/// that kept the larger share of its starting morale wins (equal shares: a draw)."
#[test]
fn at_the_turn_limit_the_larger_share_of_morale_wins() {
    let ships = [
        (0, "frigate", 5.0, 5.0, 90),
        (1, "3rd-rate-74", 40.0, 30.0, 90),
    ];
    let end = |turn: u16, morale: [i16; 2]| {
        let mut g = at_cannon(&ships, 1);
        assert_eq!(g.start_morale, [4, 7]);
        g.turn = turn;
        g.morale = morale;
        g.apply(CANNON_END).unwrap();
        g
    };
    // 3/4 kept against 5/7: side 0 wins, though side 1 has more morale left.
    let g = end(12, [3, 5]);
    assert_eq!(
        g.ending.map(|e| (e.winner, e.reason)),
        Some((Some(0), EndReason::TurnLimit))
    );
    // 2/4 against 4/7: side 1 wins, though side 0 lost less.
    let g = end(12, [2, 4]);
    assert_eq!(g.ending.and_then(|e| e.winner), Some(1));
    // Equal shares (4/4 against 7/7): a draw.
    let g = end(12, [4, 7]);
    assert_eq!(
        g.ending.map(|e| (e.winner, e.reason)),
        Some((None, EndReason::TurnLimit))
    );
    assert_eq!(g.returns(), [0.0, 0.0]);
    // Before the limit the game goes on.
    let g = end(11, [3, 5]);
    assert!(g.ending.is_none());
    assert_eq!(g.turn, 12);
}
