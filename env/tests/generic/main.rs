//! The tests of what every ruleset shares: geometry, the random-game harness over the
//! registry, saved games, player messages, the wrappers and the toy games, in one test binary
//! (each file a module; `cargo test -p broadside-env --test generic MODULE::`).

mod props;
mod random_games;

mod connect_four;
mod hex_props;
mod one_validation_path;
mod plane_props;
mod player_messages;
mod rulesets_harness;
mod savegame_checks;
mod toy_harness;
mod vec_env_rulesets;
