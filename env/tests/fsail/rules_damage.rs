//! Fighting Sail rules, one test per rule: the Damage Deck, Damage tokens and the
//! Discipline test, sinking, fleet morale, and the end of the game (withdrawal, a fleet
//! with no ships left, the turn limit).
//!
//! Each test quotes the line it checks: of the reference sheet (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`), of its substitutes (`shared/rules-notes.md`,
//! Seed 001) or of the ruleset doc (`docs/rulesets/fsail.md`). Positions are in inches on a
//! 48" x 36" table, the wind from the north unless a test says otherwise; headings in
//! degrees clockwise from north (90 = east).

use crate::common::*;
use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::state::status;
use broadside_env::fsail::{EndReason, FsailGame, FsailOptions, Pending};
use broadside_env::game::Game;

/// A frigate with an enemy 74 5" off its port beam, and an enemy frigate far away.
const THREE: [Def; 3] = [
    (0, "frigate", 20.0, 15.0, 90),
    (1, "3rd-rate-74", 20.0, 20.0, 90),
    (1, "frigate", 40.0, 30.0, 90),
];

#[test]
fn damage_deck() {
    // "0 or less: No effect. 1: Disrupted - an Anchor token unless it already had one.
    // 2: Shaken - an Anchor token; if it already had one, a Damage token instead.
    // 3: Light Damage - an additional Damage token and an Anchor token. 4: Heavy Damage -
    // two additional Damage tokens and an Anchor token. 5 or more: Catastrophic - sunk."
    let check = |damage: u8, anchor: bool, tokens: u8, status_after: u8, anchor_after: bool| {
        let mut g = at_cannon(&THREE, 0);
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

/// "5 or more: Catastrophic Damage - the ship is sunk." and "The target's fleet loses fleet
/// morale equal to the amount of damage taken, to a maximum of the target's Hull stat."
/// `damage_deck` sinks with exactly 5.
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

#[test]
fn three_damage_tokens_force_a_discipline_test() {
    // "3: If the ship fails its damage control Discipline test, it strikes its colours and
    // is removed from play." (Substitute: 2d6 at or under Discipline.)
    let mut g = at_cannon(&THREE, 0);
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

#[test]
fn four_damage_tokens_sink_the_ship() {
    // "4+: The ship sinks. Remove it from play."
    let mut g = at_cannon(&THREE, 0);
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
