//! Finding puzzles in saved games: at each examined decision the analysis engine values every
//! legal order ([`crate::engine::value_orders`]); a position is kept when its best order
//! beats every other legal order (resigning aside) by at least [`GAP`] win probability, and
//! a second search at [`CONFIRM`] times the budget, on other dice, agrees on the order and
//! the gap. Near-duplicates are dropped: a position within [`NEAR`] actions of a kept one of
//! the same game, or one whose side to move sees what a kept one's saw with the same
//! solution. The difficulty is the smallest budget of [`LADDER`] at which the engine's best
//! order is the solution.

use anyhow::Result;
use broadside_agents::mcts::hash::{mix, splitmix64};
use broadside_agents::tactics::{tactics_of, uses_on_any};
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::AnyGame;
use broadside_env::savegame::SavedGame;
use broadside_env::Observation;
use serde::Serialize;

use crate::engine::{value_orders, win, Valuation, Valued};

use super::{Difficulty, Order, Puzzle};

/// The least win probability by which the solution beats every other order.
pub const GAP: f64 = 0.2;
/// The confirming search's budget, in multiples of the mining search's.
pub const CONFIRM: u64 = 4;
/// The difficulty ladder: the budgets tried, as divisors of the mining budget, easiest
/// first; a puzzle found at none of them is of level `LADDER.len() + 1`.
pub const LADDER: [u64; 4] = [16, 8, 4, 2];
/// Positions of one game closer than this many actions to a kept one are near-duplicates.
pub const NEAR: usize = 20;

/// Settings of a mining run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MineConfig {
    /// The mining search's budget a position.
    pub time_ms: u64,
    /// Stop after this many puzzles.
    pub max: usize,
    /// Decisions examined per game at most, spread evenly over its decisions.
    pub per_game: usize,
    pub seed: u64,
}

/// A saved game to mine, with the name its puzzles cite.
#[derive(Debug, Clone)]
pub struct Source {
    pub name: String,
    pub game: SavedGame,
}

/// What a mining run did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MineStats {
    pub games: usize,
    /// Decisions with two orders or more, examined.
    pub examined: usize,
    /// Positions whose first search showed the gap.
    pub candidates: usize,
    /// Those the confirming search agreed with.
    pub confirmed: usize,
    /// Confirmed positions dropped as near-duplicates.
    pub duplicates: usize,
}

/// The decisions of `game` worth examining: `(step, state)` for every position where a side
/// is to move with two orders or more (resigning aside), at most `per_game` of them spread
/// evenly. The record is checked in full first.
pub fn decisions(game: &SavedGame, file: &str, per_game: usize) -> Result<Vec<(usize, AnyGame)>> {
    game.scenario.validate(file)?;
    let mut all = Vec::new();
    let mut first = game.scenario.new_game(&game.options);
    let counts = |g: &AnyGame| {
        let resign = g.spec().resign_action();
        g.legal_actions()
            .iter()
            .filter(|&a| Some(a) != resign)
            .count()
    };
    if first.current_player().is_some() && counts(&first) >= 2 {
        all.push(0);
    }
    game.replay_each(file, |k, _, after| {
        if after.current_player().is_some() && counts(after) >= 2 {
            all.push(k + 1);
        }
    })?;
    let keep: Vec<usize> = if all.len() <= per_game {
        all
    } else {
        (0..per_game)
            .map(|i| all[i * all.len() / per_game])
            .collect()
    };
    // Replays again, keeping only the chosen states.
    let mut out = Vec::with_capacity(keep.len());
    let mut next = keep.iter().peekable();
    if next.peek() == Some(&&0) {
        out.push((0, first.clone()));
        next.next();
    }
    for (k, a) in game.actions.iter().enumerate() {
        first.apply(a.index)?;
        if next.peek() == Some(&&(k + 1)) {
            out.push((k + 1, first.clone()));
            next.next();
        }
    }
    Ok(out)
}

/// The best order by value and the best other one, if every legal order but resigning was
/// valued and the best beats the other by [`GAP`] win probability.
pub fn clear_best<'a>(state: &AnyGame, v: &'a Valuation) -> Option<(&'a Valued, &'a Valued)> {
    let resign = state.spec().resign_action();
    let legal: Vec<Action> = state
        .legal_actions()
        .iter()
        .filter(|&a| Some(a) != resign)
        .collect();
    let valued = |a: Action| v.candidates.iter().find(|c| c.action == a && c.visits > 0);
    let mut orders: Vec<&Valued> = legal.iter().map(|&a| valued(a)).collect::<Option<_>>()?;
    if orders.len() < 2 {
        return None;
    }
    orders.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.action.cmp(&b.action)));
    let (best, alt) = (orders[0], orders[1]);
    (win(best.value) - win(alt.value) >= GAP).then_some((best, alt))
}

/// A hash of what `player` sees in `state`.
fn view_hash(state: &AnyGame, player: u8) -> u64 {
    let mut obs = Observation::new(&state.spec().obs);
    state.observe(player, &mut obs);
    let mut h = 0x9E37_79B9_7F4A_7C15;
    for x in obs
        .entities
        .iter()
        .chain(obs.global.iter())
        .chain(obs.planes.iter())
    {
        h = mix(h, u64::from(x.to_bits()));
    }
    h
}

fn order(state: &AnyGame, c: &Valued) -> Order {
    Order {
        action: c.action,
        name: state.spec().action_name(c.action).to_string(),
        text: crate::style::sanitize(&state.describe_action(c.action)),
        win: win(c.value),
    }
}

/// The smallest budget of the ladder at which the engine's best order is `solution`.
fn difficulty(state: &AnyGame, solution: Action, time_ms: u64, seed: u64) -> Result<Difficulty> {
    for (i, div) in LADDER.iter().enumerate() {
        let t = (time_ms / div).max(1);
        if let Some(v) = value_orders(state, t, mix(seed, 0xD1FF + i as u64))? {
            let best = v
                .candidates
                .iter()
                .filter(|c| c.visits > 0)
                .max_by(|a, b| a.value.total_cmp(&b.value).then(b.action.cmp(&a.action)));
            if best.is_some_and(|c| c.action == solution) {
                return Ok(Difficulty {
                    level: i as u32 + 1,
                    time_ms: t,
                });
            }
        }
    }
    Ok(Difficulty {
        level: LADDER.len() as u32 + 1,
        time_ms,
    })
}

/// The puzzle at `state` (step `step` of `source`), if it is one.
fn examine(
    source: &Source,
    step: usize,
    state: &AnyGame,
    cfg: &MineConfig,
    seed: u64,
    stats: &mut MineStats,
) -> Result<Option<Puzzle>> {
    let Some(first) = value_orders(state, cfg.time_ms, seed)? else {
        return Ok(None);
    };
    let Some((best, _)) = clear_best(state, &first) else {
        return Ok(None);
    };
    stats.candidates += 1;
    let deep_ms = cfg.time_ms.saturating_mul(CONFIRM);
    let Some(deep) = value_orders(state, deep_ms, splitmix64(seed ^ 0xC0F1))? else {
        return Ok(None);
    };
    let Some((solution, alternative)) = clear_best(state, &deep) else {
        return Ok(None);
    };
    if solution.action != best.action {
        return Ok(None);
    }
    stats.confirmed += 1;
    let player = first.player;
    let ruleset = state.spec().name;
    let tags = tactics_of(ruleset)
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter(|(i, _)| uses_on_any(state, *i, solution.action))
        .map(|(_, t)| t.name.to_string())
        .collect();
    let actions: Vec<Action> = source.game.actions[..step]
        .iter()
        .map(|a| a.index)
        .collect();
    let game = SavedGame::new(
        source.game.scenario.clone(),
        source.game.options,
        source.game.players.clone(),
        &actions,
    );
    let scenario = source.game.scenario.id().to_string();
    let id = format!(
        "{ruleset}-{scenario}-{:08x}",
        mix(view_hash(state, player), u64::from(solution.action)) as u32
    );
    Ok(Some(Puzzle {
        id,
        ruleset: ruleset.to_string(),
        scenario,
        source: source.name.clone(),
        step,
        game,
        player,
        solution: order(state, solution),
        alternative: order(state, alternative),
        continuation: solution.continuation.clone(),
        tags,
        difficulty: difficulty(state, solution.action, cfg.time_ms, seed)?,
        engine: deep.engine.clone(),
        time_ms: cfg.time_ms,
    }))
}

/// Mines `sources` in order, telling `progress` after each examined position (done, total);
/// stops at `cfg.max` puzzles.
pub fn mine(
    sources: &[Source],
    cfg: &MineConfig,
    mut progress: impl FnMut(usize, usize),
) -> Result<(Vec<Puzzle>, MineStats)> {
    let mut stats = MineStats::default();
    let mut todo = Vec::with_capacity(sources.len());
    for s in sources {
        todo.push(decisions(&s.game, &s.name, cfg.per_game)?);
    }
    let total: usize = todo.iter().map(Vec::len).sum();
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut seen_views = std::collections::BTreeSet::new();
    let mut done = 0;
    'games: for (si, (source, positions)) in sources.iter().zip(todo).enumerate() {
        stats.games += 1;
        let mut kept_steps: Vec<usize> = Vec::new();
        for (step, state) in positions {
            if puzzles.len() >= cfg.max {
                break 'games;
            }
            stats.examined += 1;
            let seed = mix(mix(cfg.seed, si as u64), step as u64);
            if let Some(p) = examine(source, step, &state, cfg, seed, &mut stats)? {
                let view = mix(view_hash(&state, p.player), u64::from(p.solution.action));
                let near = kept_steps.iter().any(|&k| k.abs_diff(step) < NEAR);
                if near || !seen_views.insert(view) {
                    stats.duplicates += 1;
                } else {
                    kept_steps.push(step);
                    puzzles.push(p);
                }
            }
            done += 1;
            progress(done, total);
        }
    }
    Ok((puzzles, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::ruleset::{scenario, GameOptions};

    fn valued(action: Action, visits: u64, value: f64) -> Valued {
        Valued {
            action,
            name: String::new(),
            visits,
            value,
            continuation: Vec::new(),
        }
    }

    /// A clear best needs every legal order valued and a gap of 0.2 win probability (0.4 in
    /// value) over the next.
    #[test]
    fn a_clear_best_beats_every_valued_order_by_the_gap() {
        let mut g = scenario("wsim", "frigate-duel")
            .expect("built-in")
            .new_game(&GameOptions { resignation: false });
        while g.current_player().is_none() {
            let a = g.chance_outcomes().iter().next().expect("an outcome").0;
            g.apply(a).expect("legal");
        }
        let legal: Vec<Action> = g.legal_actions().iter().collect();
        assert!(legal.len() >= 2);
        let all = |top: f64, rest: f64, visits: u64| Valuation {
            player: 0,
            engine: String::new(),
            simulations: 0,
            candidates: legal
                .iter()
                .enumerate()
                .map(|(i, &a)| {
                    valued(
                        a,
                        if i == 1 { visits } else { 3 },
                        if i == 0 { top } else { rest },
                    )
                })
                .collect(),
        };
        let v = all(0.5, 0.05, 3);
        let (best, alt) = clear_best(&g, &v).expect("a clear best");
        assert_eq!(best.action, legal[0]);
        assert_ne!(alt.action, legal[0]);
        assert!(
            clear_best(&g, &all(0.5, 0.15, 3)).is_none(),
            "a gap under 0.2"
        );
        assert!(
            clear_best(&g, &all(0.5, 0.05, 0)).is_none(),
            "an order not valued"
        );
    }
}
