//! The comparison behind each ruleset's analysis engine
//! (`docs/experiments/2026-11-28-analysis-engine.md`): on positions of games between the
//! ruleset's best doctrine and itself, the tree search and the squadron search, each at a
//! small budget and at four times it. Ignored by the test command (minutes of CPU); run it
//! with
//!
//! ```sh
//! ENGINE_POSITIONS=200 ENGINE_MS=20 nice -n 10 cargo test --workspace \
//!     --exclude broadside-python --test analysis_engine -- --ignored --nocapture
//! ```

use std::time::Instant;

use broadside_agents::{play_match, Agent, AgentSpec, MatchConfig};
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::{rulesets, scenario, AnyGame, GameOptions};
use broadside_training::engine::{value_orders_with, win, Engine, Valuation};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Up to `n` decisions (two orders or more, resigning aside) of games of `bot:best` against
/// itself on the ruleset's default scenario, spread evenly over each game.
fn positions(ruleset: &str, default_scenario: &str, n: usize) -> Vec<AnyGame> {
    let sc = scenario(ruleset, default_scenario).expect("built-in scenario");
    let games = n.div_ceil(40).max(2);
    let per_game = n.div_ceil(games);
    let mut out = Vec::new();
    for k in 0..games as u64 {
        let start = sc.new_game(&GameOptions { resignation: false });
        let spec: AgentSpec = "bot:best".parse().expect("a spec");
        let mut a = spec.build::<AnyGame>(2 * k + 1).expect("built");
        let mut b = spec.build::<AnyGame>(2 * k + 2).expect("built");
        let agents: [&mut dyn Agent<AnyGame>; 2] = [&mut a, &mut b];
        let cfg = MatchConfig {
            chance_seed: 100 + k,
            max_decisions: Some(3000),
        };
        let m = play_match(start.clone(), agents, &cfg).expect("played");
        let mut g = start;
        let mut all = Vec::new();
        for &x in &m.history {
            let resign = g.spec().resign_action();
            let open = g
                .legal_actions()
                .iter()
                .filter(|&a| Some(a) != resign)
                .count();
            if g.current_player().is_some() && open >= 2 {
                all.push(g.clone());
            }
            g.apply(x).expect("legal");
        }
        let take = per_game.min(all.len());
        out.extend((0..take).map(|i| all[i * all.len() / take].clone()));
    }
    out.truncate(n);
    out
}

/// The best order by value among the visited, and its value.
fn best(v: &Valuation) -> Option<(Action, f64)> {
    v.candidates
        .iter()
        .filter(|c| c.visits > 0)
        .max_by(|a, b| a.value.total_cmp(&b.value).then(b.action.cmp(&a.action)))
        .map(|c| (c.action, c.value))
}

fn value_of(v: &Valuation, a: Action) -> Option<f64> {
    v.candidates
        .iter()
        .find(|c| c.action == a && c.visits > 0)
        .map(|c| c.value)
}

/// Share of the legal orders (resigning aside) the search valued.
fn coverage(g: &AnyGame, v: &Valuation) -> f64 {
    let resign = g.spec().resign_action();
    let legal: Vec<Action> = g
        .legal_actions()
        .iter()
        .filter(|&a| Some(a) != resign)
        .collect();
    let seen = legal.iter().filter(|&&a| value_of(v, a).is_some()).count();
    seen as f64 / legal.len().max(1) as f64
}

#[derive(Default)]
struct Tally {
    n: usize,
    agree: usize,
    value_gap: f64,
    tree_loss_by_squadron: f64,
    tree_loss_n: usize,
    squadron_loss_by_tree: f64,
    squadron_loss_n: usize,
    tree_stable: usize,
    squadron_stable: usize,
    tree_coverage: f64,
    squadron_coverage: f64,
    tree_ms: f64,
    squadron_ms: f64,
}

#[test]
#[ignore = "an experiment: minutes of CPU"]
fn compare_the_analysis_engines() {
    let n = env_or("ENGINE_POSITIONS", 200) as usize;
    let t = env_or("ENGINE_MS", 20);
    let only = std::env::var("ENGINE_RULESETS").unwrap_or_default();
    println!("ruleset | positions | same best | mean win gap of the bests | tree's best lost (squadron's eyes) | squadron's best lost (tree's eyes) | tree same best at 4x | squadron same best at 4x | orders valued tree / squadron | ms a search tree / squadron");
    for r in rulesets() {
        if !only.is_empty() && !only.split(',').any(|x| x == r.name) {
            continue;
        }
        let ps = positions(r.name, r.default_scenario, n);
        let mut s = Tally::default();
        for (i, g) in ps.iter().enumerate() {
            let seed = 1 + i as u64;
            let timed = |e: Engine, ms: u64, seed: u64| {
                let t0 = Instant::now();
                let v = value_orders_with(g, e, ms, seed)
                    .expect("searched")
                    .expect("a decision");
                (v, t0.elapsed().as_secs_f64() * 1000.0)
            };
            let (tree, tms) = timed(Engine::Tree, t, seed);
            let (sq, sms) = timed(Engine::Squadron, t, seed);
            let (tree4, _) = timed(Engine::Tree, 4 * t, seed ^ 0xF00);
            let (sq4, _) = timed(Engine::Squadron, 4 * t, seed ^ 0xF00);
            let (Some((ta, tv)), Some((sa, sv))) = (best(&tree), best(&sq)) else {
                continue;
            };
            s.n += 1;
            s.agree += usize::from(ta == sa);
            s.value_gap += (win(tv) - win(sv)).abs();
            if let Some(x) = value_of(&sq, ta) {
                s.tree_loss_by_squadron += win(sv) - win(x);
                s.tree_loss_n += 1;
            }
            if let Some(x) = value_of(&tree, sa) {
                s.squadron_loss_by_tree += win(tv) - win(x);
                s.squadron_loss_n += 1;
            }
            s.tree_stable += usize::from(best(&tree4).map(|b| b.0) == Some(ta));
            s.squadron_stable += usize::from(best(&sq4).map(|b| b.0) == Some(sa));
            s.tree_coverage += coverage(g, &tree);
            s.squadron_coverage += coverage(g, &sq);
            s.tree_ms += tms;
            s.squadron_ms += sms;
        }
        assert!(s.n > 0, "{}: no position", r.name);
        let k = s.n as f64;
        let pct = |x: usize| 100.0 * x as f64 / k;
        println!(
            "{} | {} | {:.0}% | {:.3} | {:.3} ({} of {}) | {:.3} ({} of {}) | {:.0}% | {:.0}% | {:.0}% / {:.0}% | {:.0} / {:.0}",
            r.name,
            s.n,
            pct(s.agree),
            s.value_gap / k,
            s.tree_loss_by_squadron / s.tree_loss_n.max(1) as f64,
            s.tree_loss_n,
            s.n,
            s.squadron_loss_by_tree / s.squadron_loss_n.max(1) as f64,
            s.squadron_loss_n,
            s.n,
            pct(s.tree_stable),
            pct(s.squadron_stable),
            100.0 * s.tree_coverage / k,
            100.0 * s.squadron_coverage / k,
            s.tree_ms / k,
            s.squadron_ms / k,
        );
    }
}
