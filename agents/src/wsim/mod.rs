//! Agents for Wooden Ships & Iron Men: heuristic doctrines built from shared blocks, the
//! original close-action bot, and what the search needs (a material value, a fast key).

pub mod blocks;
mod close_action;
pub mod doctrine;
mod known;
mod tactics;
pub mod value;

pub use close_action::CloseActionBot;
pub use doctrine::{
    Doctrine, DoctrineBot, BRITISH, DOCTRINES, FRENCH, LINE_OF_BATTLE, LINE_OF_BATTLE_HULL,
    RAKE_SEEKER,
};
pub use value::{material, wsim_hidden_model, wsim_info_key, wsim_model_orders, WsimMaterial};
