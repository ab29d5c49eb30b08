//! Self-play: games of the network against itself, searched by the agents crate's MCTS
//! with the network as leaf evaluator through one shared [`InferenceServer`].
//!
//! Each game runs on its own thread (`games_in_flight` at once); its searches send their
//! leaves to the server, which batches across games. A decision searched with the full
//! budget (playout-cap randomisation: a `full_search_share` of them) becomes a training
//! sample: the mover's observation, its legal actions, the search's policy (visit shares,
//! or the average strategy at a simultaneous root) and, once the game is over, the mover's
//! return. The first `sample_moves` decisions of each side are sampled from the search's
//! policy for variety; later ones play its choice. A side whose root value stays hopeless
//! resigns (except in a `resign_disabled_share` of games, which keep the threshold honest).
//!
//! With a `teacher` (expert iteration), a `teacher_share` of the games is played on both
//! sides by that heuristic-guided search instead; every one of its decisions is a sample,
//! its policy the target. The network learns from sharper targets than its own early
//! searches give, and its value head from games between strong players. A portfolio
//! teacher's target is its choice, with the rest of the weight on the doctrines' other
//! proposals; its positional means do not estimate the result, so its samples' value
//! targets are the results alone and it never resigns.
//!
//! With a `sparring` partner, a `sparring_share` of the games has that fixed agent on one
//! side (drawn per game) and the learner (teacher or network) on the other; only the
//! learner's decisions are samples.
//!
//! Games are numbered and seeded from the run seed and the iteration, and their samples
//! are stored in game order, so thread timing never reorders a shard.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use broadside_agents::mcts::{
    sample_candidate, Budget, Explanation, MctsAgent, MctsConfig, RootNoise, Selection,
};
use broadside_agents::{AgentSpec, KnownAgents};
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions};
use broadside_env::{Action, Game, GameSpec, Observation, Player, Turn};
use broadside_models::infer::{InferenceClient, NetEvaluator};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::config::SelfPlayConfig;
use super::replay::Sample;
use super::targets::result_targets;
use super::teacher::{check_teacher, teacher_for, Teacher};

/// Weight of the teacher's chosen action in a `choice` policy target.
const TEACHER_CHOICE_WEIGHT: f64 = 0.9;

/// Who decides for a learner's side: the network's search, or the teacher (built for the
/// ruleset's own game, [`teacher_for`]).
enum Learner {
    // Boxed: the agent is large (0.5 kB) and made twice a game.
    Network(Box<MctsAgent<AnyGame>>),
    Teacher(Box<dyn Teacher>),
}

impl Learner {
    /// Decides at `game` for `p` without playing it.
    fn decide(&mut self, game: &AnyGame, p: Player) -> Explanation {
        match self {
            Learner::Network(agent) => agent.search(game, p),
            Learner::Teacher(teacher) => teacher.decide(game, p),
        }
    }

    /// Whether its candidates' values estimate the game's result: a search's do; a
    /// portfolio's positional means do not.
    fn values_estimate_result(&self) -> bool {
        match self {
            Learner::Network(_) => true,
            Learner::Teacher(teacher) => teacher.values_estimate_result(),
        }
    }

    fn commit(&mut self, action: Action) {
        match self {
            Learner::Network(agent) => agent.commit(action),
            Learner::Teacher(teacher) => teacher.commit(action),
        }
    }
}

/// One finished self-play game.
#[derive(Debug, Default)]
pub struct GameOutcome {
    pub samples: Vec<Sample>,
    pub decisions: u64,
    pub simulations: u64,
    pub returns: [f64; 2],
    pub resigned: bool,
    pub cut: bool,
    /// Played by the teacher.
    pub teacher: bool,
    /// The side the sparring partner played, in a game against it.
    pub sparring_side: Option<usize>,
}

impl GameOutcome {
    /// The learner's score (1 win, 0.5 draw, 0 loss) in a game against the sparring
    /// partner.
    pub fn sparring_score(&self) -> Option<f64> {
        let bot = self.sparring_side?;
        let me = 1 - bot;
        Some(match self.returns[me].partial_cmp(&self.returns[bot]) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        })
    }
}

/// Totals of a self-play phase.
#[derive(Debug, Default, Clone)]
pub struct PhaseStats {
    pub games: u64,
    pub decisions: u64,
    pub simulations: u64,
    pub samples: u64,
    pub resigned: u64,
    pub cut: u64,
    pub teacher_games: u64,
    pub sparring_games: u64,
    /// Sum of the learner's scores in games against the sparring partner.
    pub sparring_score: f64,
    pub side0_wins: u64,
    pub side1_wins: u64,
    pub seconds: f64,
}

impl PhaseStats {
    /// The learner's mean score against the sparring partner (`None`: no such game).
    pub fn sparring_mean(&self) -> Option<f64> {
        (self.sparring_games > 0).then(|| self.sparring_score / self.sparring_games as f64)
    }
}

/// Who plays self-play games besides the network: the checked specs of the config's
/// teacher ([`SelfPlayConfig::teacher_spec`]) and sparring partner
/// ([`SelfPlayConfig::sparring_spec`]).
#[derive(Debug, Clone, Default)]
pub struct Players {
    pub teacher: Option<AgentSpec>,
    pub sparring: Option<AgentSpec>,
}

impl Players {
    /// The players `cfg` names, the teacher checked as it will be built: a search of
    /// `scenario`'s ruleset's own game (its doctrines, values and opponent models). The
    /// config's own checks ([`crate::train::TrainConfig::validate`]) already refuse a name
    /// of another ruleset.
    pub fn of(cfg: &SelfPlayConfig, scenario: &AnyScenario) -> anyhow::Result<Self> {
        let game = scenario.new_game(&GameOptions::default());
        let teacher = cfg.teacher_spec()?;
        if let Some(t) = &teacher {
            check_teacher(t, &game)?;
        }
        let sparring = cfg.sparring_spec()?;
        Ok(Self { teacher, sparring })
    }
}

/// The search settings of a self-play side.
pub fn search_config(cfg: &SelfPlayConfig, seed: u64) -> MctsConfig {
    let selection = match cfg.root.as_str() {
        "gumbel" => Selection::Gumbel {
            considered: 16,
            c_visit: 50.0,
            c_scale: 1.0,
            c: cfg.c_puct,
        },
        _ => Selection::Puct { c: cfg.c_puct },
    };
    MctsConfig {
        budget: Budget::Simulations(cfg.sims),
        selection,
        threads: 1,
        reuse: true,
        seed,
        first_mover_bandits: false,
        sample_mixed: false,
        root_noise: (cfg.root == "dirichlet").then_some(RootNoise {
            alpha: cfg.dirichlet_alpha,
            fraction: cfg.dirichlet_fraction,
        }),
        ..MctsConfig::default()
    }
}

/// Plays one self-play game with the network behind `client`, or with the teacher of
/// `players` on both sides for a `teacher_share` of games; its sparring partner takes one
/// side of a `sparring_share` of them.
pub fn play_game(
    scenario: &AnyScenario,
    cfg: &SelfPlayConfig,
    players: &Players,
    client: &InferenceClient,
    seed: u64,
) -> GameOutcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Resignation is decided here from the search's values, not by the game's action.
    let mut game = scenario.new_game(&GameOptions { resignation: false });
    let spec: &'static GameSpec = game.spec();
    let leaves = cfg.leaves_per_request;
    let teacher = players
        .teacher
        .as_ref()
        .filter(|_| rng.random::<f64>() < cfg.teacher_share);
    let side_seed = |side: u64| seed ^ (side + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // Drawn only when a partner is set, so runs without one keep their dice.
    let mut sparring = players
        .sparring
        .as_ref()
        .filter(|_| rng.random::<f64>() < cfg.sparring_share)
        .map(|s| {
            let side = rng.random_range(0..2usize);
            let bot = s
                .build::<AnyGame>(side_seed(side as u64))
                .expect("the sparring spec was checked with the config");
            (side, bot)
        });
    let mut agents: Vec<Learner> = (0..2u64)
        .map(|side| match teacher {
            Some(t) => Learner::Teacher(
                teacher_for(t, &game, side_seed(side))
                    .ok()
                    .flatten()
                    .expect("the teacher spec was checked for the ruleset"),
            ),
            None => {
                let c = client.clone();
                Learner::Network(Box::new(MctsAgent::with_info_key(
                    search_config(cfg, side_seed(side)),
                    Arc::new(move |seed| {
                        Box::new(
                            NetEvaluator::<AnyGame>::remote(c.clone(), spec, leaves)
                                .with_seed(seed),
                        )
                    }),
                    AnyGame::info_key(),
                )))
            }
        })
        .collect();
    let resign_allowed =
        cfg.resign_threshold > 0.0 && rng.random::<f64>() >= cfg.resign_disabled_share;
    let a = spec.num_player_actions;
    let mut obs = Observation::new(&spec.obs);
    let mut out = GameOutcome {
        teacher: teacher.is_some(),
        sparring_side: sparring.as_ref().map(|(side, _)| *side),
        ..GameOutcome::default()
    };
    // Weight of the chosen action in each policy target (the search's policy has the rest).
    let choice_weight = if out.teacher && cfg.teacher_target == "choice" {
        TEACHER_CHOICE_WEIGHT
    } else {
        0.0
    };
    // Against the partner the learner plays its choice from the first move: the point of
    // those games is how that bot is beaten, and at hidden orders a sample of the search's
    // policy is close to a random order.
    let sample_moves = if sparring.is_some() {
        0
    } else {
        cfg.sample_moves
    };
    // Each sample with its mover and the search's value of its choice (none: the result
    // alone), its value target set once the result is known.
    let mut pending: Vec<(usize, Option<f32>, Sample)> = Vec::new();
    let mut hopeless = [0usize; 2];
    let mut moves = [0usize; 2];
    // The heuristic value of the latest position a player decided at, for a level ending.
    let level_value =
        (cfg.drawn_value_from_heuristic > 0.0).then(<AnyGame as KnownAgents>::heuristic);
    let mut last_value = None;
    let returns = loop {
        match game.turn() {
            Turn::Terminal => break game.returns(),
            Turn::Chance => {
                let o = game.chance_outcomes().sample(&mut rng);
                game.apply_unchecked(o);
            }
            Turn::Player(p) => {
                if out.decisions as usize >= cfg.max_decisions {
                    out.cut = true;
                    break [0.0, 0.0];
                }
                out.decisions += 1;
                if let Some(h) = &level_value {
                    last_value = Some(h.value(&game));
                }
                let legal = game.legal_actions();
                if legal.len() == 1 {
                    // Nothing to learn from a forced move.
                    game.apply_unchecked(legal.nth(0).unwrap_or(0));
                    continue;
                }
                let side = p as usize;
                if let Some((_, bot)) = sparring.as_mut().filter(|(s, _)| *s == side) {
                    let action = bot.choose(&game, p);
                    if game.apply(action).is_err() {
                        out.cut = true;
                        break [0.0, 0.0];
                    }
                    continue;
                }
                let agent = &mut agents[side];
                // The teacher searches every decision with its own budget.
                let full = out.teacher || rng.random::<f64>() < cfg.full_search_share;
                if let Learner::Network(search) = &mut *agent {
                    search.set_budget(Budget::Simulations(if full {
                        cfg.sims
                    } else {
                        cfg.fast_sims
                    }));
                }
                let ex = agent.decide(&game, p);
                let valued = agent.values_estimate_result();
                out.simulations += ex.simulations;
                let best_value = ex
                    .candidates
                    .iter()
                    .map(|c| c.value)
                    .fold(f64::MIN, f64::max);
                if valued && resign_allowed && best_value < -cfg.resign_threshold {
                    hopeless[side] += 1;
                    if hopeless[side] >= cfg.resign_after {
                        out.resigned = true;
                        let mut r = [0.0; 2];
                        r[side] = -1.0;
                        r[1 - side] = 1.0;
                        break r;
                    }
                } else {
                    hopeless[side] = 0;
                }
                if full {
                    game.observe(p, &mut obs);
                    let mask = legal.to_mask(a);
                    let mut policy = vec![0f32; a];
                    for c in &ex.candidates {
                        if (c.action as usize) < a {
                            policy[c.action as usize] = ((1.0 - choice_weight) * c.policy
                                + if c.action == ex.action {
                                    choice_weight
                                } else {
                                    0.0
                                }) as f32;
                        }
                    }
                    // The search's value of its choice, blended into the target below.
                    let q = valued.then(|| {
                        ex.candidates
                            .iter()
                            .find(|c| c.action == ex.action)
                            .map_or(best_value, |c| c.value) as f32
                    });
                    pending.push((
                        side,
                        q,
                        Sample {
                            entities: obs.entities.iter().copied().collect(),
                            global: obs.global.iter().copied().collect(),
                            legal: mask,
                            policy,
                            value: 0.0,
                        },
                    ));
                }
                let action = if moves[side] < sample_moves {
                    sample_candidate(&ex.candidates, rng.random()).unwrap_or(ex.action)
                } else {
                    ex.action
                };
                moves[side] += 1;
                agent.commit(action);
                if game.apply(action).is_err() {
                    // The search only proposes legal actions; should one ever not be, the
                    // game is abandoned as a draw rather than corrupted.
                    out.cut = true;
                    break [0.0, 0.0];
                }
            }
        }
    };
    out.returns = returns;
    let targets = result_targets(returns, last_value, cfg.drawn_value_from_heuristic);
    out.samples = pending
        .into_iter()
        .map(|(side, q, mut s)| {
            let z = targets[side] as f32;
            s.value = match q {
                Some(q) => {
                    let lambda = cfg.value_from_search as f32;
                    (1.0 - lambda) * z + lambda * q
                }
                None => z,
            };
            s
        })
        .collect();
    out
}

/// Plays `seeds.len()` games on `threads` threads; results in seed order. `on_game` is
/// called after each game (for a progress bar).
pub fn play_games(
    scenario: &AnyScenario,
    cfg: &SelfPlayConfig,
    players: &Players,
    client: &InferenceClient,
    seeds: &[u64],
    threads: usize,
    on_game: &(dyn Fn(&GameOutcome) + Sync),
) -> (Vec<GameOutcome>, PhaseStats) {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<GameOutcome>>> =
        Mutex::new((0..seeds.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, seeds.len().max(1)) {
            let client = client.clone();
            scope.spawn(|| {
                let client = client;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= seeds.len() {
                        break;
                    }
                    let g = play_game(scenario, cfg, players, &client, seeds[i]);
                    on_game(&g);
                    slots.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(g);
                }
            });
        }
    });
    let games: Vec<GameOutcome> = slots
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect();
    let mut stats = PhaseStats {
        seconds: start.elapsed().as_secs_f64(),
        ..PhaseStats::default()
    };
    for g in &games {
        stats.games += 1;
        stats.decisions += g.decisions;
        stats.simulations += g.simulations;
        stats.samples += g.samples.len() as u64;
        stats.resigned += u64::from(g.resigned);
        stats.cut += u64::from(g.cut);
        stats.teacher_games += u64::from(g.teacher);
        if let Some(score) = g.sparring_score() {
            stats.sparring_games += 1;
            stats.sparring_score += score;
        }
        stats.side0_wins += u64::from(g.returns[0] > g.returns[1]);
        stats.side1_wins += u64::from(g.returns[1] > g.returns[0]);
    }
    (games, stats)
}
