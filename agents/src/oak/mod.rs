//! Agents for Oak & Iron: four heuristic doctrines ([`doctrine`]) that score every legal
//! decision from what the deciding side may know (own hand and face-down card, everything
//! on the table), and a strike-point and condition value for the search ([`value`]).

pub mod doctrine;
mod known;
pub mod searoom;
mod tactics;
pub mod value;

pub use doctrine::{OakDoctrine, OakDoctrineBot, OAK_DOCTRINES};
pub use value::OakValue;

/// The duel, the fixture the doctrine, sea-room and value tests share.
#[cfg(test)]
fn test_duel() -> broadside_env::oak::OakGame {
    broadside_env::oak::OakGame::new(
        &broadside_env::oak::builtin_scenario("duel").unwrap(),
        broadside_env::oak::OakOptions { resignation: false },
    )
}
