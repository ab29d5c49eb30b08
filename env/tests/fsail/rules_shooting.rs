//! Fighting Sail rules, one test per rule: valid targets (range, firing arcs, line of
//! sight), Gunnery dice, range bands, explosions, raking and Hull saves.
//!
//! Each test quotes the line it checks: of the reference sheet (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`), of its substitutes (`shared/rules-notes.md`,
//! Seed 001) or of the ruleset doc (`docs/rulesets/fsail.md`). Positions are in inches on a
//! 48" x 36" table, the wind from the north unless a test says otherwise; headings in
//! degrees clockwise from north (90 = east).

use crate::common::*;
use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::state::status;
use broadside_env::fsail::{FsailGame, Pending, Phase, Shot, Weather};
use broadside_env::game::{Game, Turn};

fn shot(g: &FsailGame) -> Shot {
    match g.pending {
        Pending::Shot(s) => s,
        p => panic!("expected a shot, found {p:?}"),
    }
}

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

/// "A valid target is within range, within your ship's firing arc, and within line of
/// sight." Ruleset doc (Geometry): "the segment between the mainmasts may not touch any
/// other ship in play or terrain". `valid_target_range_arc_and_line_of_sight` blocks with a
/// ship only.
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

/// "Medium 6-12": Hits 4+, Explosions 6." "For each explosion, roll a further Gunnery die."
/// The exact chance of each step at medium range
/// (`explosions_add_dice_that_do_not_explode_unless_raking` checks short range): explosions
/// on a 6 (1/6), a die that did not explode hits on 4 or 5 (2 of 5 faces), the extra dice
/// hit on 4+.
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
/// 90-degree wedge." `explosions_add_dice_that_do_not_explode_unless_raking` rakes through
/// the bow only; here the stern, and a firer just outside the stern wedge.
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
