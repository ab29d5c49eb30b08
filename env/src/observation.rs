//! Observation tensors and their named layout.
//!
//! Every ruleset observes into three `f32` arrays from the deciding player's view:
//! an entity tensor `[max_ships, ship_features]` (own ships first), a global vector and
//! spatial planes `[channels, rows, cols]` (a ruleset without a grid declares 0 channels).
//! Every feature has a name so a network, a test or a person can read it.

use ndarray::{Array1, Array2, Array3, ArrayViewMut1, ArrayViewMut2, ArrayViewMut3};

/// Shapes and feature names of a ruleset's observation.
#[derive(Debug)]
pub struct ObsSpec {
    /// Rows of the entity tensor (the most ships a scenario may have).
    pub max_entities: usize,
    /// Names of the entity tensor's columns.
    pub entity_features: &'static [&'static str],
    /// Names of the global vector's entries.
    pub global_features: &'static [&'static str],
    /// Names of the spatial planes.
    pub plane_channels: &'static [&'static str],
    /// Rows of each plane.
    pub plane_rows: usize,
    /// Columns of each plane.
    pub plane_cols: usize,
}

impl ObsSpec {
    /// Shape of the entity tensor.
    pub fn entity_shape(&self) -> (usize, usize) {
        (self.max_entities, self.entity_features.len())
    }
    /// Shape of the planes.
    pub fn plane_shape(&self) -> (usize, usize, usize) {
        (self.plane_channels.len(), self.plane_rows, self.plane_cols)
    }
    /// Index of a named entity feature.
    pub fn entity_index(&self, name: &str) -> Option<usize> {
        self.entity_features.iter().position(|n| *n == name)
    }
    /// Index of a named global feature.
    pub fn global_index(&self, name: &str) -> Option<usize> {
        self.global_features.iter().position(|n| *n == name)
    }
    /// Index of a named plane.
    pub fn plane_index(&self, name: &str) -> Option<usize> {
        self.plane_channels.iter().position(|n| *n == name)
    }
}

/// One player's observation; allocate once with [`Observation::new`] and reuse.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    /// `[max_entities, entity_features]`.
    pub entities: Array2<f32>,
    /// `[global_features]`.
    pub global: Array1<f32>,
    /// `[channels, rows, cols]`.
    pub planes: Array3<f32>,
}

impl Observation {
    /// Zeroed tensors of the spec's shapes.
    pub fn new(spec: &ObsSpec) -> Self {
        Self {
            entities: Array2::zeros(spec.entity_shape()),
            global: Array1::zeros(spec.global_features.len()),
            planes: Array3::zeros(spec.plane_shape()),
        }
    }

    /// Sets every entry to zero, keeping the allocations.
    pub fn clear(&mut self) {
        self.entities.fill(0.0);
        self.global.fill(0.0);
        self.planes.fill(0.0);
    }

    /// Whether every entry is finite.
    pub fn all_finite(&self) -> bool {
        self.entities
            .iter()
            .chain(self.global.iter())
            .chain(self.planes.iter())
            .all(|x| x.is_finite())
    }

    /// Whether the shapes match `spec`.
    pub fn matches(&self, spec: &ObsSpec) -> bool {
        self.entities.dim() == spec.entity_shape()
            && self.global.len() == spec.global_features.len()
            && self.planes.dim() == spec.plane_shape()
    }

    /// The three tensors as an [`ObservationMut`], so a writer that targets borrowed memory
    /// also fills an owned observation.
    pub fn view_mut(&mut self) -> ObservationMut<'_> {
        ObservationMut {
            entities: self.entities.view_mut(),
            global: self.global.view_mut(),
            planes: self.planes.view_mut(),
        }
    }
}

/// An observation in memory the caller owns (a row of a batch array, a numpy buffer): the
/// tensors of [`Observation`] as mutable views, so a ruleset writes straight into that memory
/// ([`crate::Game::observe_into`]) with no intermediate observation and no copy.
#[derive(Debug)]
pub struct ObservationMut<'a> {
    /// `[max_entities, entity_features]`.
    pub entities: ArrayViewMut2<'a, f32>,
    /// `[global_features]`.
    pub global: ArrayViewMut1<'a, f32>,
    /// `[channels, rows, cols]`, in standard (row-major) layout.
    pub planes: ArrayViewMut3<'a, f32>,
}

impl<'a> ObservationMut<'a> {
    /// Views over three flat row-major slices with `spec`'s shapes; an error names the first
    /// slice whose length does not match.
    pub fn from_slices(
        spec: &ObsSpec,
        entities: &'a mut [f32],
        global: &'a mut [f32],
        planes: &'a mut [f32],
    ) -> Result<Self, String> {
        let wrong = |what: &str, len: usize, want: usize| {
            format!("the {what} buffer holds {len} values, the observation needs {want}")
        };
        let (e_len, g_len, p_len) = (entities.len(), global.len(), planes.len());
        let (e, f) = spec.entity_shape();
        let (c, r, k) = spec.plane_shape();
        let entities = ArrayViewMut2::from_shape((e, f), entities)
            .map_err(|_| wrong("entity", e_len, e * f))?;
        let global = ArrayViewMut1::from_shape(spec.global_features.len(), global)
            .map_err(|_| wrong("global", g_len, spec.global_features.len()))?;
        let planes = ArrayViewMut3::from_shape((c, r, k), planes)
            .map_err(|_| wrong("plane", p_len, c * r * k))?;
        Ok(Self {
            entities,
            global,
            planes,
        })
    }

    /// A shorter-lived view of the same memory (to pass on without giving this one up).
    pub fn reborrow(&mut self) -> ObservationMut<'_> {
        ObservationMut {
            entities: self.entities.view_mut(),
            global: self.global.view_mut(),
            planes: self.planes.view_mut(),
        }
    }

    /// Sets every entry to zero.
    pub fn clear(&mut self) {
        self.entities.fill(0.0);
        self.global.fill(0.0);
        self.planes.fill(0.0);
    }

    /// Copies `obs` (of the same shapes) in.
    pub fn copy_from(&mut self, obs: &Observation) {
        self.entities.assign(&obs.entities);
        self.global.assign(&obs.global);
        self.planes.assign(&obs.planes);
    }
}

/// A cell range of the flat planes, `start`, `start + step`, ... up to `end` inclusive: what
/// an incremental writer painted (a single cell has `start == end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaneRun {
    /// First flat index.
    pub start: u32,
    /// Last flat index (inclusive).
    pub end: u32,
    /// Distance between cells (at least 1).
    pub step: u32,
}

/// Zeroes the cells of `run` in `planes` (clipped to its length).
fn clear_run(planes: &mut [f32], run: PlaneRun) {
    let last = planes.len().wrapping_sub(1);
    let (start, end) = (run.start as usize, (run.end as usize).min(last));
    if planes.is_empty() || start > end {
        return;
    }
    for k in (start..=end).step_by(run.step.max(1) as usize) {
        planes[k] = 0.0;
    }
}

/// The most layers an [`ObsMemo`] keeps.
pub const MAX_MEMO_LAYERS: usize = 8;

/// One layer of an [`ObsMemo`]: the exact inputs (`key`) its cells were painted from, and
/// the cells painted.
#[derive(Debug, Clone, Default)]
struct MemoLayer {
    valid: bool,
    key: Vec<u64>,
    runs: Vec<PlaneRun>,
}

/// What [`crate::Game::observe_into`] left in one buffer, kept by the caller beside that
/// buffer, so the next observation into the same buffer may rewrite only what changed.
///
/// An incremental writer keys the buffer's static part (for WS&IM: the observer and the
/// map, which fix the `on_map` plane; when it changes, everything is rewritten) and splits
/// the rest of its planes into *layers* that paint disjoint channels, each keyed by the
/// exact inputs it is painted from (for WS&IM's fire zones: every enemy ship's position and
/// loaded broadsides). A layer whose key is unchanged is left as it is; otherwise the cells
/// it painted last time are cleared and it is painted again, recording its cells. Keys are
/// compared word for word (no hashing), so the result is exactly a fresh observation,
/// provided nothing else wrote into the buffer meanwhile: whoever does must call
/// [`ObsMemo::forget`]. One memo per buffer; a new memo knows nothing, so its first
/// observation writes everything.
#[derive(Debug, Clone, Default)]
pub struct ObsMemo {
    base: Option<u64>,
    layers: [MemoLayer; MAX_MEMO_LAYERS],
    /// The keys of the entity rows the buffer holds, a fixed number of words per row (see
    /// [`ObsMemo::entity_rows`]); meaningful only while `rows_valid`.
    rows: Vec<u64>,
    rows_valid: bool,
    /// The observation of rulesets that do not write into borrowed memory, copied from.
    scratch: Option<Observation>,
}

impl ObsMemo {
    /// A memo that knows nothing: the next observation writes every entry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets what the buffer holds (someone else wrote into it): the next observation
    /// writes every entry.
    pub fn forget(&mut self) {
        self.base = None;
        self.rows_valid = false;
        for layer in &mut self.layers {
            layer.valid = false;
            layer.runs.clear();
        }
    }

    /// The key of the static part the buffer holds, if known.
    pub fn base(&self) -> Option<u64> {
        self.base
    }

    /// Records that the buffer was zeroed and now holds the static part `base` only: every
    /// layer is unknown.
    pub fn start(&mut self, base: u64) {
        self.base = Some(base);
        self.rows_valid = false;
        for layer in &mut self.layers {
            layer.valid = false;
            layer.key.clear();
            layer.runs.clear();
        }
    }

    /// Zeroes in `planes` every cell the layers recorded (what they painted since the last
    /// [`ObsMemo::start`]), so that a writer whose static part changes need not clear the
    /// whole planes: with a known static part, the layers' runs and the static part are the
    /// only cells a writer painted. Leaves the layers' records as they are (call
    /// [`ObsMemo::start`] next).
    pub fn clear_painted(&self, planes: &mut [f32]) {
        for layer in &self.layers {
            for &run in &layer.runs {
                clear_run(planes, run);
            }
        }
    }

    /// Whether layer `layer` holds exactly what `key` paints (then it need not be touched).
    /// Layers past [`MAX_MEMO_LAYERS`] are never known.
    pub fn layer_holds(&self, layer: usize, key: &[u64]) -> bool {
        self.base.is_some()
            && self
                .layers
                .get(layer)
                // Word for word in a loop the compiler inlines (`==` on slices calls `memcmp`,
                // dearer than the comparison for keys of a few words).
                .is_some_and(|l| {
                    l.valid
                        && l.key.len() == key.len()
                        && l.key.iter().zip(key).all(|(a, b)| a == b)
                })
    }

    /// Clears in `planes` the cells layer `layer` painted and records that it is about to
    /// be painted from `key` (its cells follow through [`ObsMemo::record`]). `capacity` is
    /// the most runs the layer paints: reserved on the first call, so that later
    /// observations do not allocate.
    pub fn repaint(&mut self, layer: usize, key: &[u64], planes: &mut [f32], capacity: usize) {
        let Some(l) = self.layers.get_mut(layer) else {
            return;
        };
        for run in l.runs.drain(..) {
            clear_run(planes, run);
        }
        l.runs.reserve(capacity);
        l.key.clear();
        l.key.extend_from_slice(key);
        l.valid = self.base.is_some();
    }

    /// The record of the buffer's entity rows, `words` key words per row for `rows` rows, and
    /// whether it is known. A writer that keys each entity row by the exact inputs it is
    /// written from compares a row's key with its record, rewrites the rows that differ
    /// (every row when the record is unknown: a new or forgotten memo, a new static part
    /// after [`ObsMemo::start`], or another width) and stores their keys. The record is
    /// known from then on while the static part is (call it after [`ObsMemo::start`]).
    /// Allocated on the first call, so that later observations do not allocate.
    pub fn entity_rows(&mut self, rows: usize, words: usize) -> (&mut [u64], bool) {
        let len = rows * words;
        let known = self.base.is_some() && self.rows_valid && self.rows.len() == len;
        if self.rows.len() != len {
            self.rows.clear();
            self.rows.resize(len, 0);
        }
        self.rows_valid = self.base.is_some();
        (&mut self.rows, known)
    }

    /// Records a run of cells layer `layer` painted.
    pub fn record(&mut self, layer: usize, run: PlaneRun) {
        if let Some(l) = self.layers.get_mut(layer) {
            l.runs.push(run);
        }
    }

    /// An owned observation of `spec`'s shapes kept in the memo (made on first use), for
    /// writers that observe and copy.
    pub fn scratch(&mut self, spec: &ObsSpec) -> &mut Observation {
        let fits = self.scratch.as_ref().is_some_and(|o| o.matches(spec));
        if !fits {
            self.scratch = Some(Observation::new(spec));
        }
        self.scratch.get_or_insert_with(|| Observation::new(spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player, Turn};
    use crate::ruleset::{self, GameOptions};
    use rand::{Rng, SeedableRng};

    /// `observe_into` with a memo kept across steps equals a fresh `observe`, entry for
    /// entry, in every state of random games of every registered ruleset and scenario: into
    /// one buffer per player, and into one buffer shared by both players in turn (how a
    /// batch row is written: the observer changes with the player to act). The buffers start
    /// full of garbage, so an entry the writer skips shows.
    #[test]
    fn observe_into_with_a_memo_equals_a_fresh_observation() {
        // No resignation: random players resign early, and long games are the point.
        let options = GameOptions { resignation: false };
        let mut incremental = 0;
        for r in ruleset::rulesets() {
            for scenario in ruleset::scenarios(r.name).expect("built-in scenarios") {
                let start = scenario.new_game(&options);
                let spec = &start.spec().obs;
                let mut fresh = Observation::new(spec);
                let garbage = |o: &mut Observation| {
                    o.entities.fill(7.5);
                    o.global.fill(-3.0);
                    o.planes.fill(0.125);
                };
                let mut bufs = [
                    Observation::new(spec),
                    Observation::new(spec),
                    Observation::new(spec),
                ];
                let mut memos = [ObsMemo::new(), ObsMemo::new(), ObsMemo::new()];
                for seed in 0..4u64 {
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                    let mut g = start.clone();
                    // A new game in the same buffers: the memos carry over, as in a batch row's
                    // auto-reset.
                    if seed == 0 {
                        bufs.iter_mut().for_each(garbage);
                    }
                    for step in 0..300 {
                        let acting = g.current_player().unwrap_or(0);
                        for (k, (buf, memo)) in bufs.iter_mut().zip(memos.iter_mut()).enumerate() {
                            // Buffers 0 and 1 always observe for players 0 and 1; buffer 2
                            // for the player to act.
                            let player = if k < 2 { k as Player } else { acting };
                            fresh.clear();
                            g.observe(player, &mut fresh);
                            g.observe_into(player, buf.view_mut(), memo);
                            assert_eq!(
                                *buf,
                                fresh,
                                "{} {} seed {seed} step {step} buffer {k}",
                                r.name,
                                scenario.id()
                            );
                            incremental += usize::from(memo.base().is_some());
                        }
                        let a = match g.turn() {
                            Turn::Terminal => break,
                            Turn::Chance => g.chance_outcomes().sample(&mut rng),
                            Turn::Player(_) => {
                                let legal = g.legal_actions();
                                legal.nth(rng.random_range(0..legal.len())).expect("legal")
                            }
                        };
                        g.apply(a).expect("a legal action");
                    }
                }
            }
        }
        // WS&IM writes incrementally (its memo keeps a key); the others observe and copy.
        assert!(incremental > 5000, "{incremental} incremental observations");
    }

    /// A memo that is told the buffer changed behind its back writes everything again.
    #[test]
    fn a_forgotten_memo_rewrites_the_whole_buffer() {
        let options = GameOptions { resignation: true };
        let g = ruleset::scenario("wsim", "squadron-battle")
            .expect("scenario")
            .new_game(&options);
        let spec = &g.spec().obs;
        let (mut buf, mut fresh, mut memo) = (
            Observation::new(spec),
            Observation::new(spec),
            ObsMemo::new(),
        );
        g.observe(0, &mut fresh);
        g.observe_into(0, buf.view_mut(), &mut memo);
        assert_eq!(buf, fresh);
        assert!(memo.base().is_some(), "WS&IM records what it wrote");
        buf.planes.fill(9.0);
        memo.forget();
        g.observe_into(0, buf.view_mut(), &mut memo);
        assert_eq!(buf, fresh);
    }

    #[test]
    fn views_over_slices_check_their_lengths() {
        let spec = &crate::wsim::observe::WSIM_OBS;
        let (e, f) = spec.entity_shape();
        let (c, r, k) = spec.plane_shape();
        let mut ent = vec![0.0; e * f];
        let mut glo = vec![0.0; spec.global_features.len()];
        let mut pla = vec![0.0; c * r * k];
        assert!(ObservationMut::from_slices(spec, &mut ent, &mut glo, &mut pla).is_ok());
        let mut short = vec![0.0; c * r * k - 1];
        let err = ObservationMut::from_slices(spec, &mut ent, &mut glo, &mut short).unwrap_err();
        assert!(err.contains("plane"), "{err}");
    }
}
