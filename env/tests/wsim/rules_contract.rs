//! WS&IM rules, one test per rule: hidden orders, the order notation and the `Game`
//! contract for illegal actions.
//!
//! Each test quotes the sentence of the seed (`004_0165a9fa3b5e890b.txt`) or of the game
//! contract (`env/src/game.rs`) it checks.

use crate::common::*;
use broadside_env::game::{Game, Turn};
use broadside_env::observation::Observation;
use broadside_env::wsim::catalogue::{
    AIM_HULL, AIM_RIGGING, DIE_1, END_MOVE, FIRE_AT_LEAST_0, FORWARD, LOAD_ANY, LOAD_LEFT,
    NUM_ACTIONS, TURN_LEFT, TURN_RIGHT,
};
use broadside_env::wsim::notation::{parse_order, OrderError};
use broadside_env::wsim::state::Pending;
use broadside_env::wsim::WsimGame;
use broadside_env::ActionError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Two ships a side, well apart, at the first decision of turn 1.
fn fleets() -> WsimGame {
    game(
        N,
        &[
            ship(0, FRIGATE, pos(-6, 4, SE)),
            ship(0, SOL, pos(-9, 6, SE)),
            ship(1, FRIGATE, pos(6, -2, SW)),
            ship(1, SOL, pos(9, -3, SW)),
        ],
    )
}

fn observe(g: &WsimGame, player: u8) -> Observation {
    let mut o = Observation::new(&g.spec().obs);
    g.observe(player, &mut o);
    o
}

/// "When all players have completed their orders, the computer simultaneously moves them":
/// side 1 never sees side 0's written orders. Two states that differ only in side 0's orders
/// give side 1 the same observation.
#[test]
fn side_one_does_not_observe_side_zero_orders() {
    let mut a = fleets();
    orders(&mut a, &["1 hull fire>=0 load=any", "0 hold"]);
    let mut b = fleets();
    orders(
        &mut b,
        &[
            "L1R1 rigging fire>=5 load=left",
            "R1 hull fire>=2 load=right",
        ],
    );
    assert_eq!(a.current_player(), Some(1));
    assert_eq!(b.current_player(), Some(1));
    assert_ne!(a, b, "the written orders differ");
    assert_eq!(a.ships[2..], b.ships[2..]);
    assert_eq!(observe(&a, 1), observe(&b, 1));
}

/// The contract (`game.rs`): "`resample_hidden(p, rng)` returns a state with the same
/// observation for `p`" — side 0's hidden orders are resampled, side 1's view is kept.
#[test]
fn resample_hidden_keeps_the_observers_view() {
    let mut g = fleets();
    orders(
        &mut g,
        &["L1R1 rigging fire>=5 load=left", "R1 hull fire>=2"],
    );
    let seen = observe(&g, 1);
    let mut differs = false;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let r = g.resample_hidden(1, &mut rng);
        assert_eq!(observe(&r, 1), seen, "seed {seed}");
        assert_eq!(
            r.ships[2..],
            g.ships[2..],
            "side 1's own ships are untouched"
        );
        differs |= r.ships[..2] != g.ships[..2];
        r.check_invariants().unwrap();
    }
    assert!(differs, "side 0's orders are actually resampled");
    // At side 0's decision, side 1's standing orders are hidden from side 0.
    let g = fleets();
    let seen = observe(&g, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    assert_eq!(observe(&g.resample_hidden(0, &mut rng), 0), seen);
}

/// Basic Game IV.B ("The number of hexes a ship is to move is written as a number. Any turns
/// made by the ship are written as an "R" [...] or as an "L""): an order in notation gives the
/// same state as its sub-decisions one by one.
#[test]
fn notation_gives_the_same_state_as_sub_decisions() {
    let base = fleets();
    let o = parse_order("L1R1 rigging fire>=3 load=left").unwrap();
    let actions = base.order_actions(&o).unwrap();
    // Four factors spend the frigate's allowance, so `move:end` is taken automatically.
    let by_hand = [
        TURN_LEFT,
        FORWARD,
        TURN_RIGHT,
        FORWARD,
        AIM_RIGGING,
        FIRE_AT_LEAST_0 + 3,
        LOAD_LEFT,
    ];
    assert_eq!(actions, by_hand);
    let mut a = base.clone();
    order(&mut a, "L1R1 rigging fire>=3 load=left");
    let mut b = base.clone();
    for x in by_hand {
        b.apply(x).unwrap();
    }
    assert_eq!(a, b);
    // Words left out keep the standing aim and threshold, and load any side.
    let actions = base.order_actions(&parse_order("1").unwrap()).unwrap();
    assert_eq!(
        actions,
        [FORWARD, END_MOVE, AIM_HULL, FIRE_AT_LEAST_0, LOAD_ANY]
    );
}

/// An illegal order is refused with a reason and changes nothing.
#[test]
fn illegal_order_is_an_error_and_changes_nothing() {
    let g = fleets();
    let before = g.clone();
    let err = g.order_actions(&parse_order("5").unwrap()).unwrap_err();
    assert!(matches!(err, OrderError::NotAllowed { .. }), "{err}");
    let err = g.order_actions(&parse_order("LL").unwrap()).unwrap_err();
    assert!(matches!(err, OrderError::NotAllowed { .. }), "{err}");
    assert!(matches!(parse_order("L1X"), Err(OrderError::Syntax { .. })));
    assert!(matches!(
        parse_order("1 fire>=9"),
        Err(OrderError::Syntax { .. })
    ));
    assert_eq!(g, before);
    // No ship is writing orders at a chance node.
    let mut c = game(N, &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(2, 0, N))]);
    orders(&mut c, &["0 hull fire>=0", "0 hold"]);
    assert!(matches!(c.pending, Pending::FireDie { .. }));
    assert_eq!(
        c.order_actions(&parse_order("0").unwrap()),
        Err(OrderError::NotOrdersPhase)
    );
}

/// The contract (`game.rs`): "`apply` of an illegal action returns an error and leaves the
/// state untouched".
#[test]
fn apply_of_an_illegal_action_is_an_error_and_changes_nothing() {
    let mut g = fleets();
    let before = g.clone();
    // A chance outcome at a player decision.
    assert!(matches!(g.apply(DIE_1), Err(ActionError::Illegal { .. })));
    // Outside the catalogue.
    assert!(matches!(
        g.apply(NUM_ACTIONS as u16),
        Err(ActionError::OutOfRange { .. })
    ));
    // A movement token the rules forbid: two turns in one hex.
    g.apply(TURN_LEFT).unwrap();
    let after_turn = g.clone();
    assert!(matches!(
        g.apply(TURN_RIGHT),
        Err(ActionError::Illegal { .. })
    ));
    assert_eq!(g, after_turn);
    g = before.clone();
    assert_eq!(g, before);
    // A player action at a chance node.
    let mut c = game(N, &[ship(0, SOL, pos(0, 0, N)), ship(1, SOL, pos(2, 0, N))]);
    orders(&mut c, &["0 hull fire>=0", "0 hold"]);
    assert_eq!(c.turn(), Turn::Chance);
    let at_chance = c.clone();
    assert!(matches!(
        c.apply(END_MOVE),
        Err(ActionError::Illegal { .. })
    ));
    assert_eq!(c, at_chance);
    // Anything once the game is over.
    let mut over = at_chance;
    over.ships[1].hull = 1;
    die(&mut over, 4);
    settle(&mut over, |g| g.chance_outcomes().iter().next().unwrap().0);
    assert_eq!(over.turn(), Turn::Terminal);
    let ended = over.clone();
    assert_eq!(over.apply(END_MOVE), Err(ActionError::GameOver));
    assert_eq!(over, ended);
}

/// "Different broadside targets: Rigging or hull can only be picked per ship, not per
/// broadside." (and "the move input window only has one area where this can be specified, so
/// you cannot, for example, specify hull for one broadside and rigging for the other.")
#[test]
fn aim_is_one_order_for_both_broadsides() {
    // Enemies two hexes off either beam; 20 gun squares at 2 hexes: 4, initial +2 = table 6.
    // Table 6, die 3: hull "4H-2G", rigging "5R-C".
    let mut g = game(
        N,
        &[
            ship(0, SOL, pos(0, 0, N)).gunnery(20),
            ship(1, SOL, pos(2, 0, N)),
            ship(1, SOL, pos(-2, 1, N)),
        ],
    );
    let o = broadside_env::wsim::notation::parse_order("0 rigging fire>=0").unwrap();
    let actions = g.order_actions(&o).unwrap();
    let aims = actions
        .iter()
        .filter(|&&a| a == AIM_HULL || a == AIM_RIGGING)
        .count();
    assert_eq!(aims, 1, "one aim decision for the ship: {actions:?}");
    let before = [g.ships[1], g.ships[2]];
    orders(&mut g, &["0 rigging fire>=0", "0 hold", "0 hold"]);
    for (side, target) in [(0, 2), (1, 1)] {
        assert!(
            matches!(g.pending, Pending::FireDie { ship: 0, side: s, target: t, table: 6, .. } if s == side && t == target),
            "{:?}",
            g.pending
        );
        die(&mut g, 3);
    }
    finish(&mut g);
    for (k, b) in before.iter().enumerate() {
        let s = g.ships[k + 1];
        assert_eq!(
            s.hull,
            b.hull,
            "ship {}: both broadsides aimed at rigging",
            k + 1
        );
        assert_eq!(s.rigging_left() + 5, b.rigging_left(), "ship {}", k + 1);
        assert_eq!(s.crew_left() + 1, b.crew_left(), "ship {}", k + 1);
    }
}
