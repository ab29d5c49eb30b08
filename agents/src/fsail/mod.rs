//! Agents for Fighting Sail: heuristic doctrines built from shared blocks (ranges, arcs,
//! rakes, expected damage, the position after each sailing action), and a morale value for
//! the search.

pub mod blocks;
pub mod doctrine;
mod known;
mod tactics;
pub mod value;

pub use doctrine::{
    FsailDoctrine, FsailDoctrineBot, BRITISH, BRITISH_FOCUS, CLOSE_ACTION, FRENCH, FSAIL_DOCTRINES,
    LINE_OF_BATTLE, RAKE_SEEKER,
};
pub use value::FsailMorale;
