//! Pieces of Eight (Peter Pig, 2019), the sea fight, from its play sheet (seed
//! `003_a64161bab136a50e.txt`), on the shared hex geometry ([`crate::hex`]); a ship
//! occupies one hex.
//!
//! # The rules in brief
//! A convoy of merchants and escorts (side 0, which moves first) runs for an escape corner
//! while buccaneers (side 1) try to take it, on a 15 x 9 hex map with fog and shallows.
//! A turn belongs to one player, the mover:
//!
//! - **Wind change**: the mover declares 0-3 dice ("5, 6 = success"); the opponent answers
//!   with 0-3 of his own, each success cancelling one; if the mover wins by any amount the
//!   wind turns one face his way and every fog hex drifts 2 hexes downwind.
//! - **One ship at a time**, in the mover's order: *recovery* (a die per crew marker, +1
//!   battle hardened, at least 1; each 5-6 restores a lost marker), *move/gunnery* (the
//!   sheet's wind table by facing to the wind: ahead spin 1 face, front quarter 1 hex, rear
//!   quarter 3 hexes + a 3-6 for the 4th, rear 2 + a 3-6 for the 3rd, with extra hexes by
//!   size repeating until a failure, at most 3; battle hardened one easier, scurvy one
//!   harder; large ships and merchants 1 direction change, medium 2, small one into each
//!   hex; all may stop 1 hex short; zero sail rolls for nothing), shooting at any point of
//!   the move (2D6 per gun marker plus the modifier table, at least 2D6, hits on 6, one
//!   re-roll per broadside; chasers 1D6 at 2 hexes), then *boarding* (grapple, fight,
//!   result). The other side may shoot on opportunity at 1 hex as the ship moves, and shoot
//!   back after hits received (-3 dice each).
//! - **Damage**: each hit takes a crew, gun or sail marker (the first chosen by the target,
//!   the rest by the shooter); hits on a ship with no markers roll a death die each (1: it
//!   burns). Zero crew, guns or sail have the sheet's effects. Captured ships recover on
//!   1D6, are scurvy and shoot only on opportunity; struck ships are ownerless, do not move
//!   or shoot and are never shot at until a warship boards them.
//! - **Fog** (the first fog hex entered: 1-2 ends the move; no shooting into or out of fog)
//!   and **shallows** (1/2/3 dice by size, one fewer battle hardened; a 6 runs aground: no
//!   move or shooting until it refloats at the end of its own next turn).
//! - **Battle clock**: at the end of his turn the mover advances it 3, 4 or 5; the game
//!   ends at the end of the turn in which it reaches 21, or when no merchant is left to the
//!   convoy. Victory points (rules notes): merchants exited 1 and afloat 1/2 to the convoy;
//!   captured 1 and burnt 1/2 to the buccaneers; each warship struck, captured or burnt 1 to
//!   the other side.
//!
//! Every die roll is an explicit chance node with exact probabilities; numbers are data in
//! `env/data/poe/`; `docs/rulesets/poe.md` lists the catalogue, the observation, the
//! substitutes and every interpretation of the sheet.

pub mod catalogue;
pub mod data;
pub mod game_impl;
pub mod observe;
pub mod refusal;
pub mod rules;
pub mod state;

pub use catalogue::{NUM_ACTIONS, NUM_PLAYER_ACTIONS, POE_VERSION};
pub use data::{
    builtin_scenario, builtin_scenarios, load_scenario_file, Scenario, DEFAULT_SCENARIO,
};
pub use game_impl::POE_SPEC;
pub use state::{
    Activation, Arc, Boarding, DiceKind, EndReason, Ending, HexSet, Loss, Pending, Phase, PoeGame,
    PoeOptions, Ship, Shot, ShotKind, WindAngle,
};

/// Pieces of Eight in the registry ([`crate::ruleset`]).
#[derive(Debug, Clone, Copy)]
pub struct PoeRuleset;

crate::ruleset::impl_ruleset! {
    PoeRuleset {
        game: PoeGame,
        options: PoeOptions,
        scenario: Scenario,
        spec: POE_SPEC,
        seed: "003_a64161bab136a50e.txt",
        default_scenario: DEFAULT_SCENARIO,
        builtin: builtin_scenarios,
        parse: data::parse_scenario,
    }
}
