//! Gods of War: Togo (GM Board Games; Polish "Bogowie wojny: Togo"), the steam-era
//! ironclad and pre-dreadnought game, from its quick reference sheet (seed
//! `002_5717e15e48d88450.txt`) and the seed 002 section of the rules notes, on the shared
//! plane geometry ([`crate::plane`]): a 72" x 48" table, ships on oriented bases by class.
//!
//! # The rules in brief
//! A turn has four phases (sheet, "Turn sequence"):
//!
//! - **Ph1 Initiative**: the initiative roll (even odds); the winner chooses who is player
//!   A, first to reveal and act. Every two turns player A's weather roll: wind direction
//!   and deviation, then the strength (the initial table, then the alteration tables, with
//!   their own tables from calm and from storm). Calm and light breeze hold ships with the
//!   Sails trait to 1 kt and to half speed; strong breeze and gale restrict Cutter and Poor
//!   seakeeping ships; a storm caps every ship at half speed (Poor seakeeping: slow), bars
//!   High manoeuvrability and torpedoes, halves each battery's guns (rounding up), adds +1
//!   to hit without re-rolls of misses, and removes each minefield marker on 4+.
//! - **Ph2 Command** (hidden, simultaneous): the inactive marker of each ship becomes the
//!   active one and a new face-down marker (stop, astern, slow, half, full) goes on the
//!   inactive position, at most one level from the active one unless the ship has High
//!   manoeuvrability (FAQ). The opponent sees that a marker lies there, never which; side
//!   0 places all its markers, then side 1, which sees none of them.
//! - **Ph3 Activation**, alternately from player A: reveal the active order; move (legs of
//!   2", each followed by a turn within the order's allowance; a stop order turns up to 15
//!   degrees or anchors; rudder damage forces or forbids turns; land stops a ship with
//!   damage and flooding; water obstacles need a passage test by class; minefield markers
//!   make the mine hit test; a leg into an enemy ship rams it: success by era, the effect
//!   table with its modifiers and d3 restrictions, the stern rudder test); then fire: a
//!   target for each battery and the torpedo tube, counter salvo declarations by the ships
//!   fired at, then hits (artillery table, modifiers, re-rolls), armour penetration and
//!   damage, and one critical roll per salvo (+1 per extra six; sixes that cannot penetrate
//!   and light guns' sixes against class 1-2 ships cause Fires).
//! - **Ph4 Repair and reorganisation**: fire extinguishing and flood containment tests
//!   (failures on the effects tables; 4 and 6 flooding markers cap the speed), engine room
//!   and heavy list repairs, the surrender test with its modifiers and failure table; from
//!   the scenario's turn, the breaking-contact test ends the battle on a failure.
//!
//! The side whose enemy lost more Hull points wins when the battle ends (the sheet has no
//! victory conditions; chosen). Every die roll is an explicit chance node with exact
//! probabilities; numbers are data in `env/data/togo/`; `docs/rulesets/togo.md` lists the
//! catalogue, the substitutes, every deviation and every rule not implemented.

pub mod catalogue;
pub mod data;
pub mod dice;
pub mod fire;
pub mod flow;
pub mod game_impl;
pub mod movement;
pub mod observe;
pub mod refusal;
pub mod state;

pub use catalogue::{NUM_ACTIONS, NUM_PLAYER_ACTIONS, TOGO_VERSION};
pub use data::{
    builtin_scenario, builtin_scenarios, load_scenario_file, Scenario, DEFAULT_SCENARIO,
};
pub use game_impl::TOGO_SPEC;
pub use state::{EndReason, Ending, MoveCtx, Ship, Shot, Stage, Sub, TogoGame, TogoOptions};

/// Gods of War: Togo in the registry ([`crate::ruleset`]).
#[derive(Debug, Clone, Copy)]
pub struct TogoRuleset;

crate::ruleset::impl_ruleset! {
    TogoRuleset {
        game: TogoGame,
        options: TogoOptions,
        scenario: Scenario,
        spec: TOGO_SPEC,
        seed: "002_5717e15e48d88450.txt",
        default_scenario: DEFAULT_SCENARIO,
        builtin: builtin_scenarios,
        parse: data::parse_scenario,
    }
}
