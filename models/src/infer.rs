//! Batched inference: a network as the search's leaf evaluator (feature `torch`).
//!
//! A leaf is encoded from the view of the player to move, so hidden information stays
//! hidden; its value comes back for that player and is turned into both players' returns
//! (the games are zero-sum). Terminal leaves take the game's returns and never reach the
//! network. A chance state (dice to roll) is first played forward through its dice, sampled
//! with the evaluator's own seeded RNG, to the next decision: the network is trained on
//! decision states only and its value of a state half-way through a resolution is noise.
//! (The agents' search only asks for decision nodes; this keeps the evaluator right for any
//! caller of the `Evaluator` contract, which allows every state.)
//!
//! Two backends behind one [`NetEvaluator`]:
//! - **local**: the evaluator owns a network and runs one forward pass per search round.
//!   Deterministic for a seed; what `net:` agents use in `play` and `arena`.
//! - **server**: many evaluators (self-play games on their own threads) send their rounds to
//!   an [`InferenceServer`], whose thread gathers requests until `max_batch` rows or
//!   `max_wait` have passed, runs one forward pass over all of them and answers each.
//!   [`ServerMetrics`] counts batches, rows, queue latency and forward time. A server may
//!   run several such threads, each with its own copy of the network, taking turns at the
//!   queue: on a GPU one thread spends most of a pass launching small kernels, so the GPU
//!   idles unless other threads launch theirs meanwhile.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use broadside_agents::mcts::{Evaluation, Evaluator};
use broadside_env::{Action, ActionSet, Game, GameSpec, Observation, Player, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tch::{Device, Kind, Tensor};

use crate::net::Network;

/// Leaves encoded for one forward pass: flat row-major inputs.
#[derive(Debug, Default)]
pub struct Batch {
    pub rows: usize,
    pub entities: Vec<f32>,
    pub global: Vec<f32>,
    pub mask: Vec<bool>,
    /// Each row's legal player actions (the priors are reported over these).
    pub legal: Vec<ActionSet>,
    /// The resign action of the last spec seen, so a row does not search the catalogue.
    resign: Option<(&'static GameSpec, Option<Action>)>,
}

impl Batch {
    /// Appends `state` seen by `viewer`; `obs` is scratch space of the spec's shape.
    pub fn push<G: Game>(&mut self, state: &G, viewer: Player, obs: &mut Observation) {
        let spec = state.spec();
        state.observe(viewer, obs);
        self.entities.extend(obs.entities.iter().copied());
        self.global.extend(obs.global.iter().copied());
        let legal = if state.current_player() == Some(viewer) {
            state.legal_actions()
        } else {
            ActionSet::new()
        };
        let start = self.mask.len();
        self.mask.resize(start + spec.num_player_actions, false);
        legal.write_mask(&mut self.mask[start..]);
        // Resigning is the driver's call (self-play resigns on its search's values, with
        // the game's resign action off), so the network never learns a prior for it: it
        // is masked from the network here and gets prior 0, staying legal for the search.
        if let Some(r) = self.resign_of(spec) {
            if legal.len() > 1 && legal.contains(r) && (r as usize) < spec.num_player_actions {
                self.mask[start + r as usize] = false;
            }
        }
        self.legal.push(legal);
        self.rows += 1;
    }

    fn resign_of(&mut self, spec: &'static GameSpec) -> Option<Action> {
        match self.resign {
            Some((s, r)) if std::ptr::eq(s, spec) => r,
            _ => {
                let r = spec.resign_action();
                self.resign = Some((spec, r));
                r
            }
        }
    }

    fn append(&mut self, other: &Batch) {
        self.rows += other.rows;
        self.entities.extend_from_slice(&other.entities);
        self.global.extend_from_slice(&other.global);
        self.mask.extend_from_slice(&other.mask);
        self.legal.extend_from_slice(&other.legal);
    }

    fn clear(&mut self) {
        self.rows = 0;
        self.entities.clear();
        self.global.clear();
        self.mask.clear();
        self.legal.clear();
    }
}

/// One row's answer: the value for the viewer and the priors over its legal actions.
#[derive(Debug, Clone, PartialEq)]
pub struct RowOutput {
    pub value: f32,
    pub priors: Vec<(Action, f32)>,
}

/// One forward pass over `batch` (no gradients).
pub fn run_batch(net: &Network, batch: &Batch) -> Vec<RowOutput> {
    if batch.rows == 0 {
        return Vec::new();
    }
    let spec = net.spec();
    let (n, f) = spec.obs.entity_shape();
    let g = spec.obs.global_features.len();
    let a = spec.num_player_actions;
    let b = batch.rows as i64;
    let device = net.var_store().device();
    let ent = Tensor::from_slice(&batch.entities)
        .view([b, n as i64, f as i64])
        .to_device(device);
    let glob = Tensor::from_slice(&batch.global)
        .view([b, g as i64])
        .to_device(device);
    let mask = Tensor::from_slice(&batch.mask)
        .view([b, a as i64])
        .to_device(device);
    let (probs, values) = tch::no_grad(|| {
        let out = net.forward(&ent, &glob, &mask);
        (
            out.logits
                .softmax(-1, Kind::Float)
                .to_device(Device::Cpu)
                .flatten(0, -1),
            out.value.to_device(Device::Cpu),
        )
    });
    let probs = Vec::<f32>::try_from(&probs).unwrap_or_else(|_| vec![0.0; batch.rows * a]);
    let values = Vec::<f32>::try_from(&values).unwrap_or_else(|_| vec![0.0; batch.rows]);
    (0..batch.rows)
        .map(|r| RowOutput {
            value: if values[r].is_finite() {
                values[r]
            } else {
                0.0
            },
            priors: batch.legal[r]
                .iter()
                .filter(|&act| (act as usize) < a)
                .map(|act| (act, probs[r * a + act as usize]))
                .collect(),
        })
        .collect()
}

/// Counters of an [`InferenceServer`], shared with its clients.
#[derive(Debug, Default)]
pub struct ServerMetrics {
    pub requests: AtomicU64,
    pub batches: AtomicU64,
    pub rows: AtomicU64,
    /// Sum over requests of the time from submission to the start of their forward pass.
    pub queue_ns: AtomicU64,
    /// Time spent in forward passes (including the copies to and from the device).
    pub forward_ns: AtomicU64,
}

/// A snapshot of [`ServerMetrics`].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MetricsSnapshot {
    pub requests: u64,
    pub batches: u64,
    pub rows: u64,
    pub queue_ns: u64,
    pub forward_ns: u64,
}

impl MetricsSnapshot {
    /// Mean rows per forward pass.
    pub fn mean_batch(&self) -> f64 {
        self.rows as f64 / self.batches.max(1) as f64
    }
    /// Mean wait of a request before its forward pass, in milliseconds.
    pub fn mean_queue_ms(&self) -> f64 {
        self.queue_ns as f64 / self.requests.max(1) as f64 / 1e6
    }
    /// The counts since `earlier`.
    pub fn since(&self, earlier: &Self) -> Self {
        Self {
            requests: self.requests - earlier.requests,
            batches: self.batches - earlier.batches,
            rows: self.rows - earlier.rows,
            queue_ns: self.queue_ns - earlier.queue_ns,
            forward_ns: self.forward_ns - earlier.forward_ns,
        }
    }
}

impl ServerMetrics {
    /// The counters now.
    pub fn snapshot(&self) -> MetricsSnapshot {
        MetricsSnapshot {
            requests: self.requests.load(Ordering::Relaxed),
            batches: self.batches.load(Ordering::Relaxed),
            rows: self.rows.load(Ordering::Relaxed),
            queue_ns: self.queue_ns.load(Ordering::Relaxed),
            forward_ns: self.forward_ns.load(Ordering::Relaxed),
        }
    }
}

struct Request {
    batch: Batch,
    submitted: Instant,
    reply: SyncSender<Vec<RowOutput>>,
}

/// Threads that own copies of a network and answer batched requests from many clients.
pub struct InferenceServer {
    tx: Option<Sender<Request>>,
    handles: Vec<JoinHandle<Network>>,
    metrics: Arc<ServerMetrics>,
    spec: &'static GameSpec,
}

impl std::fmt::Debug for InferenceServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InferenceServer")
            .field("ruleset", &self.spec.name)
            .finish()
    }
}

impl InferenceServer {
    /// Starts the server thread with `net`. A forward pass runs when `max_batch` rows are
    /// waiting, or `max_wait` after the first request of the batch arrived.
    pub fn start(net: Network, max_batch: usize, max_wait: Duration) -> Self {
        Self::start_many(vec![net], max_batch, max_wait)
    }

    /// Starts one server thread for each of `nets` (copies of one network, on one device),
    /// sharing one queue: a thread holds the queue while it gathers a batch, then lets the
    /// next gather while it runs its forward pass.
    ///
    /// # Panics
    /// If `nets` is empty.
    pub fn start_many(nets: Vec<Network>, max_batch: usize, max_wait: Duration) -> Self {
        assert!(!nets.is_empty(), "an inference server needs a network");
        let (tx, rx) = mpsc::channel::<Request>();
        let rx = Arc::new(Mutex::new(rx));
        let metrics = Arc::new(ServerMetrics::default());
        let spec = nets[0].spec();
        let handles = nets
            .into_iter()
            .enumerate()
            .map(|(k, net)| {
                let (m, rx) = (metrics.clone(), rx.clone());
                std::thread::Builder::new()
                    .name(format!("inference-{k}"))
                    .spawn(move || serve(net, &rx, max_batch.max(1), max_wait, &m))
                    .expect("the inference thread starts")
            })
            .collect();
        Self {
            tx: Some(tx),
            handles,
            metrics,
            spec,
        }
    }

    /// A handle for one evaluator.
    pub fn client(&self) -> InferenceClient {
        InferenceClient {
            tx: self.tx.clone().expect("the server is running"),
        }
    }

    /// The shared counters.
    pub fn metrics(&self) -> Arc<ServerMetrics> {
        self.metrics.clone()
    }

    /// Stops the server once every client is gone, joins every thread, and returns the
    /// first thread's network.
    pub fn stop(mut self) -> Network {
        self.tx = None;
        let mut nets: Vec<Network> = std::mem::take(&mut self.handles)
            .into_iter()
            .map(|h| h.join().expect("the inference thread does not panic"))
            .collect();
        nets.swap_remove(0)
    }
}

/// Takes the next batch of requests off the queue into `pending`; false once every client
/// is gone and the queue is empty.
fn gather(
    rx: &Receiver<Request>,
    pending: &mut Vec<Request>,
    max_batch: usize,
    max_wait: Duration,
) -> bool {
    let Ok(first) = rx.recv() else {
        return false;
    };
    let deadline = first.submitted + max_wait;
    let mut rows = first.batch.rows;
    pending.push(first);
    while rows < max_batch {
        let now = Instant::now();
        let next = if now >= deadline {
            rx.try_recv().ok()
        } else {
            rx.recv_timeout(deadline - now).ok()
        };
        match next {
            Some(r) => {
                rows += r.batch.rows;
                pending.push(r);
            }
            None => break,
        }
    }
    true
}

fn serve(
    net: Network,
    rx: &Mutex<Receiver<Request>>,
    max_batch: usize,
    max_wait: Duration,
    metrics: &ServerMetrics,
) -> Network {
    let mut pending: Vec<Request> = Vec::new();
    let mut big = Batch::default();
    loop {
        // A thread that panicked while gathering leaves nothing half-done in the queue.
        let queue = rx.lock().unwrap_or_else(|e| e.into_inner());
        if !gather(&queue, &mut pending, max_batch, max_wait) {
            break;
        }
        drop(queue);
        let start = Instant::now();
        big.clear();
        for r in &pending {
            big.append(&r.batch);
            metrics.queue_ns.fetch_add(
                start.duration_since(r.submitted).as_nanos() as u64,
                Ordering::Relaxed,
            );
        }
        let mut out = run_batch(&net, &big).into_iter();
        metrics
            .forward_ns
            .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        metrics.batches.fetch_add(1, Ordering::Relaxed);
        metrics.rows.fetch_add(big.rows as u64, Ordering::Relaxed);
        metrics
            .requests
            .fetch_add(pending.len() as u64, Ordering::Relaxed);
        for r in pending.drain(..) {
            let answer: Vec<RowOutput> = out.by_ref().take(r.batch.rows).collect();
            // A client that gave up (its game ended) is not an error.
            let _ = r.reply.send(answer);
        }
    }
    net
}

/// A client of an [`InferenceServer`]: cheap to clone, one per evaluator.
#[derive(Debug, Clone)]
pub struct InferenceClient {
    tx: Sender<Request>,
}

impl InferenceClient {
    /// Sends `batch` and waits for its rows; `None` if the server has stopped.
    pub fn infer(&self, batch: Batch) -> Option<Vec<RowOutput>> {
        let (reply, answer) = mpsc::sync_channel(1);
        self.tx
            .send(Request {
                batch,
                submitted: Instant::now(),
                reply,
            })
            .ok()?;
        answer.recv().ok()
    }
}

enum Backend {
    Local(Box<Network>),
    Remote(InferenceClient),
}

enum Pending {
    Known([f64; 2]),
    /// A network row from `viewer`'s view; `priors` false when the row is a later state
    /// than the leaf (a chance leaf played forward), whose actions are not the leaf's.
    Row {
        viewer: Player,
        priors: bool,
    },
}

/// Most dice rolled playing a chance leaf forward before it is evaluated where it stands.
const MAX_CHANCE_WALK: usize = 512;

/// A network as an [`Evaluator`]: see the module documentation.
pub struct NetEvaluator<G: Game> {
    backend: Backend,
    spec: &'static GameSpec,
    max_batch: usize,
    batch: Batch,
    pending: Vec<Pending>,
    obs: Option<Observation>,
    /// Samples the dice of chance leaves.
    rng: ChaCha8Rng,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> std::fmt::Debug for NetEvaluator<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetEvaluator")
            .field("ruleset", &self.spec.name)
            .field("max_batch", &self.max_batch)
            .finish()
    }
}

impl<G: Game> NetEvaluator<G> {
    /// An evaluator that owns `net` and submits up to `max_batch` leaves per round.
    pub fn local(net: Network, max_batch: usize) -> Self {
        let spec = net.spec();
        Self::with_backend(Backend::Local(Box::new(net)), spec, max_batch)
    }

    /// An evaluator that sends its rounds to a server.
    pub fn remote(client: InferenceClient, spec: &'static GameSpec, max_batch: usize) -> Self {
        Self::with_backend(Backend::Remote(client), spec, max_batch)
    }

    fn with_backend(backend: Backend, spec: &'static GameSpec, max_batch: usize) -> Self {
        Self {
            backend,
            spec,
            max_batch: max_batch.max(1),
            batch: Batch::default(),
            pending: Vec::new(),
            obs: None,
            rng: ChaCha8Rng::seed_from_u64(0x5EED),
            _game: std::marker::PhantomData,
        }
    }

    /// Seeds the RNG that rolls the dice of chance leaves (the search's evaluator seed).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self
    }

    fn push_row(&mut self, state: &G, priors: bool) {
        let viewer = state.current_player().unwrap_or(0);
        let obs = self
            .obs
            .get_or_insert_with(|| Observation::new(&state.spec().obs));
        self.batch.push(state, viewer, obs);
        self.pending.push(Pending::Row { viewer, priors });
    }
}

impl<G: Game> Evaluator<G> for NetEvaluator<G> {
    fn name(&self) -> String {
        format!("net:{}", self.spec.name)
    }

    fn max_batch(&self) -> usize {
        self.max_batch
    }

    fn leaf_priors(&self) -> bool {
        true
    }

    fn add_input(&mut self, state: &G) {
        if state.is_terminal() {
            self.pending.push(Pending::Known(state.returns()));
            return;
        }
        if state.spec().name != self.spec.name {
            // A network of another ruleset knows nothing here: a neutral leaf.
            self.pending.push(Pending::Known([0.0; 2]));
            return;
        }
        if !matches!(state.turn(), Turn::Chance) {
            self.push_row(state, true);
            return;
        }
        let mut next = state.clone();
        for _ in 0..MAX_CHANCE_WALK {
            if !matches!(next.turn(), Turn::Chance) {
                break;
            }
            let o = next.chance_outcomes().sample(&mut self.rng);
            next.apply_unchecked(o);
        }
        if next.is_terminal() {
            self.pending.push(Pending::Known(next.returns()));
        } else {
            self.push_row(&next, false);
        }
    }

    fn compute(&mut self, out: &mut Vec<Evaluation>) {
        let rows = if self.batch.rows == 0 {
            Vec::new()
        } else {
            match &self.backend {
                Backend::Local(net) => {
                    let r = run_batch(net, &self.batch);
                    self.batch.clear();
                    r
                }
                Backend::Remote(client) => {
                    let n = self.batch.rows;
                    client
                        .infer(std::mem::take(&mut self.batch))
                        .unwrap_or_else(|| {
                            vec![
                                RowOutput {
                                    value: 0.0,
                                    priors: Vec::new()
                                };
                                n
                            ]
                        })
                }
            }
        };
        let mut rows = rows.into_iter();
        for p in self.pending.drain(..) {
            out.push(match p {
                Pending::Known(value) => Evaluation {
                    value,
                    priors: Vec::new(),
                },
                Pending::Row { viewer, priors } => {
                    let r = rows.next().unwrap_or(RowOutput {
                        value: 0.0,
                        priors: Vec::new(),
                    });
                    let v = f64::from(r.value);
                    Evaluation {
                        value: if viewer == 0 { [v, -v] } else { [-v, v] },
                        priors: if priors { r.priors } else { Vec::new() },
                    }
                }
            });
        }
    }
}
