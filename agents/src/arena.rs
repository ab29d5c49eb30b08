//! Playing two agents against each other.

use crate::Agent;
use broadside_env::{Action, ActionError, Game, Player, Turn, NUM_PLAYERS};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Options of [`play_match`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MatchConfig {
    /// Seed of the RNG that samples chance outcomes (the agents own their randomness).
    pub chance_seed: u64,
    /// Stop after this many decisions, before the game ends; `None` plays to the end.
    pub max_decisions: Option<usize>,
}

/// The result of one match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchOutcome<G> {
    /// Per player; the game's returns, all zero if the match was cut off.
    pub returns: [f64; NUM_PLAYERS],
    /// Every action from the initial state, chance outcomes included.
    pub history: Vec<Action>,
    /// The state at the end.
    pub final_state: G,
    /// Decisions taken by the agents.
    pub decisions: usize,
    /// Whether the game reached its end or was forfeited (false: cut off at
    /// `max_decisions`).
    pub terminated: bool,
    /// The agent that gave the game up, if one did ([`Agent::forfeit`]).
    pub forfeit: Option<Forfeit>,
}

/// An agent gave a game up: its side lost there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forfeit {
    /// Its seat.
    pub player: Player,
    /// Its name.
    pub agent: String,
    /// Why (a bot crashed, hung past its limit, ...).
    pub reason: String,
}

/// Why a match was abandoned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// An agent chose an action the game refused.
    #[error("agent {agent} (player {player}) chose {action} after {step} actions: {error}")]
    Illegal {
        /// The agent's name.
        agent: String,
        /// Its seat.
        player: Player,
        /// The refused action.
        action: Action,
        /// Actions applied before it.
        step: usize,
        /// The game's reason.
        error: ActionError,
    },
}

/// Plays `initial` to the end with `agents[p]` deciding for player `p` and chance outcomes
/// sampled by a ChaCha8 RNG seeded with `config.chance_seed`. Deterministic given the
/// initial state, the agents' seeds and `config`. Agents' actions are checked with
/// `apply`; an illegal one abandons the match.
pub fn play_match<G: Game>(
    initial: G,
    agents: [&mut dyn Agent<G>; NUM_PLAYERS],
    config: &MatchConfig,
) -> Result<MatchOutcome<G>, MatchError> {
    let mut agents = agents;
    let mut state = initial;
    let mut rng = ChaCha8Rng::seed_from_u64(config.chance_seed);
    let mut history = Vec::new();
    let mut decisions = 0usize;
    let mut forfeit = None;
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = state.chance_outcomes().sample(&mut rng);
                state.apply_unchecked(a);
                history.push(a);
            }
            Turn::Player(p) => {
                if config.max_decisions.is_some_and(|m| decisions >= m) {
                    break;
                }
                let agent = &mut agents[p as usize % NUM_PLAYERS];
                let a = agent.choose(&state, p);
                if let Some(reason) = agent.forfeit() {
                    forfeit = Some(Forfeit {
                        player: p,
                        agent: agent.name(),
                        reason,
                    });
                    break;
                }
                state.apply(a).map_err(|error| MatchError::Illegal {
                    agent: agent.name(),
                    player: p,
                    action: a,
                    step: history.len(),
                    error,
                })?;
                history.push(a);
                decisions += 1;
            }
        }
    }
    let returns = match &forfeit {
        // The side that gave up loses; the other wins.
        Some(f) => {
            let mut r = [1.0; NUM_PLAYERS];
            r[f.player as usize % NUM_PLAYERS] = -1.0;
            r
        }
        None => state.returns(),
    };
    let reason = forfeit
        .as_ref()
        .map(|f| format!("player {} ({}) forfeited: {}", f.player, f.agent, f.reason));
    for (p, agent) in agents.iter_mut().enumerate() {
        agent.game_over(&state, p as Player, returns, reason.as_deref());
    }
    Ok(MatchOutcome {
        returns,
        terminated: state.is_terminal() || forfeit.is_some(),
        forfeit,
        history,
        final_state: state,
        decisions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RandomAgent;
    use broadside_env::toy::{DiceRace, HiddenPennies, DICE_HOLD};

    /// Always holds: illegal at the start of a turn.
    struct AlwaysHold;

    impl Agent<DiceRace> for AlwaysHold {
        fn name(&self) -> String {
            "always-hold".into()
        }
        fn choose(&mut self, _: &DiceRace, _: Player) -> Action {
            DICE_HOLD
        }
    }

    fn random_match<G: Game>(initial: G, seeds: [u64; 3]) -> MatchOutcome<G> {
        let (mut a, mut b) = (RandomAgent::new(seeds[0]), RandomAgent::new(seeds[1]));
        let cfg = MatchConfig {
            chance_seed: seeds[2],
            max_decisions: None,
        };
        play_match(initial, [&mut a, &mut b], &cfg).unwrap()
    }

    #[test]
    fn matches_are_reproducible_and_replayable() {
        for seed in 0..50u64 {
            let m = random_match(DiceRace::from_seed(seed), [seed, seed + 1, seed + 2]);
            assert_eq!(
                m,
                random_match(DiceRace::from_seed(seed), [seed, seed + 1, seed + 2])
            );
            assert!(m.terminated);
            assert_eq!(m.returns, m.final_state.returns());
            let mut replay = DiceRace::from_seed(seed);
            for &a in &m.history {
                replay.apply(a).unwrap();
            }
            assert_eq!(replay, m.final_state);
            let p = random_match(HiddenPennies::from_seed(seed), [seed, seed + 1, 0]);
            assert_eq!(p.decisions, 2 * p.final_state.rounds() as usize);
            assert_eq!(p.history.len(), p.decisions, "no chance in pennies");
        }
        // Other dice, other game.
        let a = random_match(DiceRace::from_seed(0), [1, 2, 3]);
        let b = random_match(DiceRace::from_seed(0), [1, 2, 4]);
        assert_ne!(a.history, b.history);
    }

    #[test]
    fn random_players_win_about_equally() {
        let mut wins = [0u32; 2];
        for seed in 0..400u64 {
            let m = random_match(DiceRace::from_seed(seed), [2 * seed, 2 * seed + 1, seed]);
            if m.returns[0] > 0.0 {
                wins[0] += 1;
            } else if m.returns[1] > 0.0 {
                wins[1] += 1;
            }
        }
        assert!(wins.iter().all(|&w| w > 140), "{wins:?}");
    }

    #[test]
    fn an_illegal_choice_abandons_the_match() {
        let mut bad = AlwaysHold;
        let mut good = RandomAgent::new(0);
        // Seed 0: player 0 starts, and holding before rolling is illegal.
        let err = play_match(
            DiceRace::from_seed(0),
            [&mut bad, &mut good],
            &MatchConfig::default(),
        )
        .unwrap_err();
        assert!(matches!(
            err,
            MatchError::Illegal {
                player: 0,
                action: DICE_HOLD,
                step: 0,
                ..
            }
        ));
        assert!(err.to_string().contains("always-hold"));
    }

    #[test]
    fn matches_can_be_cut_off() {
        let mut a: Box<dyn Agent<HiddenPennies>> = Box::new(RandomAgent::new(1));
        let mut b: Box<dyn Agent<HiddenPennies>> = Box::new(RandomAgent::new(2));
        let cfg = MatchConfig {
            chance_seed: 0,
            max_decisions: Some(5),
        };
        let m = play_match(HiddenPennies::new(9), [&mut a, &mut b], &cfg).unwrap();
        assert!(!m.terminated);
        assert_eq!(m.decisions, 5);
        assert_eq!(m.returns, [0.0, 0.0]);
        assert_eq!(a.name(), "random(seed=1)");
    }
}
