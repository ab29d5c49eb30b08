//! Named tactics: what each ruleset's players call a way of fighting (raking fire, boarding,
//! crossing the T), each with a classifier of one decision as using it or not.
//!
//! A ruleset declares its tactics in its own folder (`agents/src/NAME/tactics.rs`) by
//! implementing [`KnownTactics`]; [`tactics_of`] and [`uses_on_any`] reach them for an
//! [`broadside_env::ruleset::AnyGame`] through the registry, so no generic code names a ruleset.
//! [`Restricted`] plays an agent with one tactic forbidden (restricted play, Jaffe et al.
//! 2012), and [`study`] measures what each tactic is worth that way.

mod registry;
mod restricted;
pub mod study;

pub use registry::{forbidden_on_any, restricted_agent, tactics_of, uses_on_any};
pub use restricted::{allowed, Restricted, RestrictedBot};

use broadside_env::{Action, Game};
use serde::Serialize;

/// What a tactic is, for people: the same for every game type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TacticInfo {
    /// A short name (`raking-fire`), unique in its ruleset.
    pub name: &'static str,
    /// One line saying what it is.
    pub line: &'static str,
    /// The seed's rule that makes it pay.
    pub rule: &'static str,
}

/// A ruleset's tactic: its description and a classifier of one decision.
#[derive(Debug, Clone, Copy)]
pub struct Tactic<G> {
    pub info: TacticInfo,
    /// Whether `action`, legal for the player to move in `state`, uses the tactic. Cheap and
    /// allocation-free: the restricted search calls it for every legal action it expands.
    pub uses: fn(&G, Action) -> bool,
}

/// The tactics a ruleset declares (at least six).
pub trait KnownTactics: Game {
    /// The ruleset's tactics, in a fixed order (a tactic is named by its index in it).
    fn tactics() -> &'static [Tactic<Self>];
}

/// The index of the tactic called `name` in `list`.
pub fn tactic_index(list: &[TacticInfo], name: &str) -> Option<usize> {
    list.iter().position(|t| t.name == name)
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the rulesets' tactic tests.

    use broadside_env::ruleset::{GameOptions, Ruleset};
    use broadside_env::{Action, Turn};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{KnownTactics, Tactic};

    /// A new game of `R`'s scenario `id` (its default when `None`), without resignation.
    pub fn game<R: Ruleset>(id: Option<&str>) -> R::Game {
        let sc = R::builtin_scenario(id.unwrap_or(R::DEFAULT_SCENARIO)).unwrap();
        R::new_game(&sc, &GameOptions { resignation: false })
    }

    /// The tactic called `name`.
    pub fn tactic<G: KnownTactics>(name: &str) -> &'static Tactic<G> {
        G::tactics()
            .iter()
            .find(|t| t.info.name == name)
            .unwrap_or_else(|| panic!("no tactic {name}"))
    }

    /// The first decision met in seeded random play from `start` where tactic `name` calls
    /// one legal action a use and another not: that state, the one and the other.
    pub fn split<G: KnownTactics>(start: &G, name: &str) -> Option<(G, Action, Action)> {
        split_by(start, name, None)
    }

    /// [`split`] with the decisions between taken by `bot` instead of at random.
    pub fn split_by<G: KnownTactics>(
        start: &G,
        name: &str,
        mut bot: Option<Box<dyn crate::Agent<G>>>,
    ) -> Option<(G, Action, Action)> {
        let t = tactic::<G>(name);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..40 {
            let mut g = start.clone();
            for _ in 0..5000 {
                match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let o = g.chance_outcomes();
                        let k = rng.random_range(0..o.len());
                        let a = o.iter().nth(k).map(|(a, _)| a).unwrap();
                        g.apply_unchecked(a);
                    }
                    Turn::Player(p) => {
                        let legal = g.legal_actions();
                        let yes = legal.iter().find(|&a| (t.uses)(&g, a));
                        let no = legal.iter().find(|&a| !(t.uses)(&g, a));
                        if let (Some(y), Some(n)) = (yes, no) {
                            return Some((g, y, n));
                        }
                        let a = match &mut bot {
                            Some(b) => b.choose(&g, p),
                            None => legal.nth(rng.random_range(0..legal.len())).unwrap(),
                        };
                        g.apply_unchecked(a);
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use broadside_env::ruleset::{rulesets, scenarios, AnyGame, GameOptions};
    use broadside_env::{Game, Turn};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::study::{run, summarise, StudyConfig};
    use super::*;
    use crate::AgentSpec;

    fn start(ruleset: &str) -> AnyGame {
        scenarios(ruleset).unwrap()[0].new_game(&GameOptions { resignation: true })
    }

    #[test]
    fn every_ruleset_declares_six_named_tactics_or_more() {
        for info in rulesets() {
            let list = tactics_of(info.name).unwrap();
            assert!(list.len() >= 6, "{}: {}", info.name, list.len());
            for (i, t) in list.iter().enumerate() {
                assert!(!t.line.is_empty() && !t.rule.is_empty(), "{}", t.name);
                assert_eq!(tactic_index(&list, t.name), Some(i), "{} twice", t.name);
            }
        }
        assert!(tactics_of("chess").is_none());
    }

    /// In random play of every ruleset, the filter keeps a legal action that is not a
    /// resignation, and drops every use of the tactic wherever something else remains.
    #[test]
    fn the_filter_never_empties_the_legal_set() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for info in rulesets() {
            let n = tactics_of(info.name).unwrap().len();
            let mut g = start(info.name);
            let resign = g.spec().resign_action();
            for _ in 0..600 {
                match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let o = g.chance_outcomes();
                        let a = o.iter().nth(rng.random_range(0..o.len())).unwrap().0;
                        g.apply_unchecked(a);
                    }
                    Turn::Player(_) => {
                        let legal = g.legal_actions();
                        for t in 0..n {
                            let kept: Vec<_> = legal
                                .iter()
                                .filter(|&a| !forbidden_on_any(&g, t, a))
                                .collect();
                            assert!(kept.iter().any(|&a| Some(a) != resign), "{}", info.name);
                            let free = legal
                                .iter()
                                .any(|a| Some(a) != resign && !uses_on_any(&g, t, a));
                            if free {
                                assert!(kept.iter().all(|&a| !uses_on_any(&g, t, a)));
                            }
                        }
                        let moves: Vec<_> = legal.iter().filter(|&a| Some(a) != resign).collect();
                        g.apply_unchecked(moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
        }
    }

    /// A tiny study of a bot and of `random`: the restricted side never plays a forbidden
    /// action, every game is counted, and the same seed gives the same games.
    #[test]
    fn a_forbidden_tactic_is_never_played() {
        for (ruleset, spec) in [("togo", "bot:best"), ("poe", "random")] {
            let sc = scenarios(ruleset).unwrap().remove(0);
            let new_game = move |_| sc.new_game(&GameOptions { resignation: false });
            let spec: AgentSpec = spec.parse().unwrap();
            let cfg = StudyConfig {
                pairs: 1,
                seed: 5,
                max_decisions: Some(400),
            };
            let games = run(&new_game, ruleset, &spec, &cfg, &|_| {}).unwrap();
            let list = tactics_of(ruleset).unwrap();
            assert_eq!(games.len(), 2 * list.len());
            assert!(games.iter().all(|g| g.violations == 0), "{ruleset}");
            let rows = summarise(&list, &games);
            assert!(rows.iter().all(|r| r.games == 2 && r.ci95 > 0.0));
            let again = run(&new_game, ruleset, &spec, &cfg, &|_| {}).unwrap();
            assert_eq!(games, again, "{ruleset}");
        }
    }
}
