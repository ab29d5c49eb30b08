//! Oak & Iron (Firelock Games), from the v1.02b glossary and its quick reference sheet
//! (seed `000_9f7e4daf39515d33.txt`), on the shared table-top geometry
//! ([`crate::plane`]): 40 x 80 mm bases, mils and whole degrees.
//!
//! # The rules in brief
//! Two squadrons on a 36" x 36" or 36" x 48" table with the wind from one edge (the weather
//! edge). Before turn 1 each side builds its initiative hand in secret from its nation's
//! and the generic cards (pirates, Multinational: also one other nation's, named on the
//! squadron's flagship in the scenario; 5 + admiral value cards, at most 2 of a value, at
//! least 3 kept after use) and
//! places its first card face down. Each of at most 10 turns:
//!
//! - **Initiative** ([`initiative`], quick reference 1-3): both cards are revealed; the
//!   higher value is first player; a tie goes to the higher admiral value, then to a
//!   challenge test (the glossary's event deck is not public: an event that cannot be
//!   resolved is ignored). Each side places next turn's card face down (hidden: the other
//!   side's observation never holds it, and `resample_hidden` draws it and the unseen hand
//!   again); then the revealed cards' effects apply (data: `env/data/oak/cards.toml`).
//! - **Movement** ([`movement`], 4-7): the sides alternate one ship at a time. Speed from
//!   the point of sail (in the wind's eye 0 and a speed-1 turn, windward or large from the
//!   card) and sail setting (full +1, minimal -1, anchored none), Fast and cards, at most
//!   5, crippled 2. One seamanship action with a skill test (5 dice less fatigue, a sail or
//!   sword passes, skill rerolls and fortune points as decisions): change heading, adjust
//!   speed, cut free. The move: the full distance of the speed tool, with one turn before
//!   or after (Yare ships both); contact with islands or rocks is a collision (1 damage,
//!   aground, anchored), with a ship a roll (skull: 1 damage, sail: entangled, else pushed
//!   yardarm away); a shoal crossed tests to run aground; a base partly off the table
//!   leaves the game (with the optional scrolling sea, [`scroll`], everything shifts musket
//!   shot away from that edge instead). Then one crew action: reload, rally, repair, change sail, board,
//!   row (sweeps), transfer the flag, or (anchored, within pistol shot of an island) send
//!   a landing party ashore ([`landing`]).
//! - **Attack** ([`attack`], 8): alternating again, each ship one of broadside (one or
//!   both sides: target in the broadside path, in line of sight, within cannon shot, no
//!   reload marker; dice = broadside value less fatigue down to the crew value, hits by
//!   range on the custom die; 1 fatigue for any hit, damage = hits / fortitude; skulls
//!   rerolled for criticals; rakes), partial fire (crew value, musket shot), close combat
//!   (entangled; crew + 3; or a landing party's on an enemy landing party within musket
//!   shot), or an extra crew action with no enemy within pistol shot. Crew
//!   and rigging may be targeted with half the dice.
//! - **End** ([`endphase`], 9-13): capture or destroy entangled shaken ships, withdrawal on
//!   strike points (1 per crippled ship, 2 per ship lost, against active ships), sinking
//!   rolls, lost admirals, cards back to the hands (single-use ones discarded). After turn
//!   10 fewer strike points wins, a tie goes to the defender.
//!
//! **Fleet battles** (glossary: fleet battles): a side may field 2-4 squadrons
//! (`squadron` in the scenario), each a *command* (`2 * squadron + side`) with its own
//! hand, face-down card, admiral, fortune points, flagship and formation; a card's effects
//! apply to its own squadron. The fleet with the higher total of its squadrons' cards goes
//! first; a squadron with no ship able to act plays no card. In the movement phase the
//! fleets alternate whole squadrons (each ship completing its activation in turn); the
//! attack phase alternates ships as usual; withdrawal counts the whole fleet.
//!
//! Every die roll is an explicit chance node with exact probabilities ([`dice`]); numbers
//! the glossary leaves out are data in `env/data/oak/` from the rules notes;
//! `docs/rulesets/oak.md` lists the catalogue, the substitutes, the deviations and every
//! rule not implemented.

pub mod attack;
pub mod catalogue;
pub mod data;
pub mod dice;
pub mod endphase;
pub mod game_impl;
pub mod geometry;
pub mod initiative;
pub mod landing;
pub mod movement;
pub mod observe;
pub mod reaction;
pub mod refusal;
pub mod rules;
pub mod scroll;
pub mod shift;
pub mod state;
pub mod swift;

pub use catalogue::{NUM_ACTIONS, NUM_PLAYER_ACTIONS, OAK_VERSION};
pub use data::{builtin_scenario, builtin_scenarios, Scenario, DEFAULT_SCENARIO};
pub use game_impl::OAK_SPEC;
pub use state::{EndReason, Ending, OakGame, OakOptions, Pending, Phase, Ship};

/// Oak & Iron in the registry ([`crate::ruleset`]).
#[derive(Debug, Clone, Copy)]
pub struct OakRuleset;

crate::ruleset::impl_ruleset! {
    OakRuleset {
        game: OakGame,
        options: OakOptions,
        scenario: Scenario,
        spec: OAK_SPEC,
        seed: "000_9f7e4daf39515d33.txt",
        default_scenario: DEFAULT_SCENARIO,
        builtin: builtin_scenarios,
        parse: data::parse_scenario,
    }
}
