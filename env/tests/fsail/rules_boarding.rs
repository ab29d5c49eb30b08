//! Fighting Sail rules, one test per rule: boarding range, boarding dice, repelling and
//! taking a prize.
//!
//! Each test quotes the line it checks: of the reference sheet (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`), of its substitutes (`shared/rules-notes.md`,
//! Seed 001) or of the ruleset doc (`docs/rulesets/fsail.md`). Positions are in inches on a
//! 48" x 36" table, the wind from the north unless a test says otherwise; headings in
//! degrees clockwise from north (90 = east).

use crate::common::*;
use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::state::status;
use broadside_env::fsail::{Pending, Phase};
use broadside_env::game::{Action, Game};

/// A frigate alongside an enemy frigate (0.7" between the bases) and a 74 far away.
const ALONGSIDE: [Def; 3] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "frigate", 20.0, 16.5, 90),
    (1, "3rd-rate-74", 40.0, 30.0, 90),
];

/// Ship `i` of the deciding side boards enemy ship `j` instead of firing.
fn board(i: usize, j: usize) -> Action {
    BOARD_0 + (8 * i + j) as Action
}

#[test]
fn boarding_needs_contact_range() {
    // Substitute: boarding is possible within 1" (closest points), instead of firing.
    let g = at_cannon(&ALONGSIDE, 0);
    assert!(g.can_board(0, 1));
    assert!(g.legal_actions().contains(board(0, 0)));
    assert!(!g.can_board(0, 2));
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

/// "Each ship rolls a number of dice equal to its Boarding stat. Each 4+ scores a hit."
/// `boarding_defender_repels_on_equal_hits` counts the outcomes only; here the chance of
/// each.
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

/// "Damage tokens 1+: Gunnery and Boarding stats are halved, rounded up."
/// `gunnery_halved_rounded_up_with_damage_tokens_and_a_cannon_token` tests Gunnery only;
/// here Boarding, attacker and defender both.
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

/// "The attacking ship gets a Damage token, unless it already had one." An attacker that
/// already has tokens gets none more (`boarding_prize_taken` starts from none).
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
