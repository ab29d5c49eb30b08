//! Agents for Gods of War: Togo: four heuristic doctrines ([`doctrine`]) and a Hull-points
//! value for the search ([`value`]).

pub mod contact;
pub mod doctrine;
mod known;
pub mod salvo;
mod tactics;
pub mod value;

pub use doctrine::{
    TogoDoctrine, TogoDoctrineBot, CAUTIOUS_LONG_RANGE, LINE_AHEAD_GUNNERY, RAMMERS,
    TOGO_DOCTRINES, TORPEDO_ATTACK,
};
pub use value::TogoValue;
