//! Fighting Sail (Osprey), from its reference sheet (seed `001_77e3032459c91c91.txt`), on
//! continuous table-top geometry ([`crate::plane`]).
//!
//! # The rules in brief
//! Two fleets of sailing ships on a table measured in inches (48" x 36" by default). Every
//! turn has three phases:
//!
//! - **Initiative**: each side rolls a die; the higher is first player. Ties are re-rolled
//!   on the first turn only; from the second turn a tie makes the previous first player the
//!   second. With the weather deck (a scenario option) the tied die is looked up: 1
//!   becalmed, 2-3 wind one point clockwise, 4-5 one point anticlockwise, 6 gale.
//! - **Sailing** ([`sailing`]): the first player sails his whole fleet, ship by ship in an
//!   order he picks, then the second. A ship rolls dice equal to its Sailing, each a
//!   sailing point on the target of its attitude to the wind (reaching and running 4+,
//!   close-hauled 5+, in irons 6); no success gives one free point unless in irons or
//!   anchored. Points buy a manoeuvre (1 point, up to 2", turning up to 30 degrees only
//!   after the full 2"), a tack (2 points, 2", up to 90 degrees towards the wind) or a wear
//!   (1 point, 2", up to 90 degrees away); running ships cannot tack or wear. Turns come in
//!   15-degree steps, and a move may not leave the table or touch another ship or terrain.
//! - **Cannon** ([`cannon`]): the first player's ships fire (each at most once, taking a
//!   Cannon token), then the second's. A target must be in range (mainmast to mainmast, up
//!   to 18"), in a broadside arc (90 degrees centred on the beam) and in line of sight.
//!   Gunnery dice (halved, rounding up, with any Damage token) hit and explode by range;
//!   every explosion adds a die that explodes again only on a raking shot. The target's
//!   Hull dice cancel hits on 4+; the rest is looked up on the Damage Deck (Disrupted,
//!   Shaken, Light, Heavy, Catastrophic). Damage tokens: 1+ halve Gunnery and Boarding, 3
//!   forces a Discipline test (2d6 at or under) or the ship strikes, 4+ sink it. Fleet
//!   morale falls by the damage, at most the target's Hull. Instead of firing a ship may
//!   board an enemy within 1": Boarding dice on 4+, the defender repels on as many hits,
//!   else the prize is taken (morale swing by its Hull, a Damage token for the boarder).
//! - **The end**: a fleet at 0 morale withdraws and loses; so does a fleet with no ship
//!   left; at the turn limit the side that kept the larger share of its morale wins.
//!
//! Every die roll is an explicit chance node with exact probabilities; numbers the sheet
//! leaves out are data in `env/data/fsail/`; `docs/rulesets/fsail.md` lists the action
//! catalogue, the substitutes and the deviations.

pub mod cannon;
pub mod catalogue;
pub mod data;
pub mod game_impl;
pub mod observe;
pub mod refusal;
pub mod sailing;
pub mod state;

pub use catalogue::{FSAIL_VERSION, NUM_ACTIONS, NUM_PLAYER_ACTIONS};
pub use data::{builtin_scenario, builtin_scenarios, Scenario, DEFAULT_SCENARIO};
pub use game_impl::FSAIL_SPEC;
pub use state::{
    Attitude, EndReason, Ending, FsailGame, FsailOptions, Pending, Phase, Ship, Shot, Weather,
};

/// Fighting Sail in the registry ([`crate::ruleset`]).
#[derive(Debug, Clone, Copy)]
pub struct FsailRuleset;

crate::ruleset::impl_ruleset! {
    FsailRuleset {
        game: FsailGame,
        options: FsailOptions,
        scenario: Scenario,
        spec: FSAIL_SPEC,
        seed: "001_77e3032459c91c91.txt",
        default_scenario: DEFAULT_SCENARIO,
        builtin: builtin_scenarios,
        parse: data::parse_scenario,
    }
}
