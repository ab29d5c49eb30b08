//! Agents for the Pieces of Eight sea fight: heuristic doctrines built from shared blocks
//! (the exit, sailing by the wind, exact gunnery and boarding odds, victory-point worth,
//! boarding threats, a move planner over every legal path), and a points-and-position value
//! for the search.

pub mod blocks;
pub mod doctrine;
mod known;
mod tactics;
pub mod value;

pub use doctrine::{
    PoeDoctrine, PoeDoctrineBot, Role, BOARDING_RUSH, ESCORT_SCREEN, POE_DOCTRINES,
    RUN_FOR_THE_CORNER, WEATHER_GUNNERY,
};
pub use value::PoeValue;
