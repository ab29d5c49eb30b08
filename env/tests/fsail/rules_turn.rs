//! Fighting Sail rules, one test per rule: initiative, the weather deck and the turn
//! sequence.
//!
//! Each test quotes the line it checks: of the reference sheet (seed 001,
//! `shared/seeds/001_77e3032459c91c91.txt`), of its substitutes (`shared/rules-notes.md`,
//! Seed 001) or of the ruleset doc (`docs/rulesets/fsail.md`). Positions are in inches on a
//! 48" x 36" table, the wind from the north unless a test says otherwise; headings in
//! degrees clockwise from north (90 = east).

use crate::common::*;
use broadside_env::fsail::catalogue::*;
use broadside_env::fsail::{FsailGame, Pending, Phase, Weather};
use broadside_env::game::{Action, Game, Turn};

/// A new game with the wind from `wind` and the weather deck on or off (`deck`).
fn game_with(ships: &[Def], wind: &str, deck: bool) -> FsailGame {
    game_full(ships, wind, deck, &[])
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

/// "If a tie is rolled from the second turn onwards, the first player from the previous
/// turn becomes the second player in the new turn."
/// (`initiative_later_tie_swaps_the_first_player` checks only 0 -> 1, which a tie that
/// always hands side 1 the initiative would also pass.)
#[test]
fn a_later_tie_swaps_the_first_player_from_side_one_to_side_zero() {
    let mut g = game(&ABEAM);
    g.turn = 3;
    g.first = 1;
    g.apply(INIT_TIE_1 + 4).unwrap();
    assert_eq!(g.first, 0);
    assert_eq!(g.phase, Phase::SailSelect { player: 0 });
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

/// "The Sailing Phase: The first player sails his entire fleet, followed by the second
/// player." (With one ship on the first side,
/// `turn_sequence_first_player_sails_whole_fleet_then_second_then_cannons` cannot tell this
/// from ships alternating.) The order within a fleet is the player's (ruleset doc, "Ship
/// order").
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
