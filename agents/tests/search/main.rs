//! The searches on tiny games with known answers, in one test binary: MCTS
//! (`mcts_toys.rs`) and the portfolio's plan tree (`plan_tree.rs`).

mod toys;

mod mcts_toys;
mod plan_tree;
