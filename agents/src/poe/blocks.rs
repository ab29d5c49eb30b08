//! Building blocks the Pieces of Eight doctrines share: sides and targets, the exit,
//! expected sailing by the wind, exact dice odds (gunnery, boarding), what a capture or a
//! strike is worth in victory points, the threat of boarders, the marker choices, the wind
//! contest, the clock, and the move planner (every legal path of the acting ship, scored at
//! its end, with costs along the way).
//!
//! Nothing in the sea fight is hidden, so every block may read the whole state; none reads
//! the dice to come. Nothing here allocates: the planner's memory belongs to the bot.

use std::sync::OnceLock;

use broadside_env::hex::{Facing, Hex};
use broadside_env::poe::catalogue::*;
use broadside_env::poe::data::{rules, MAX_COLS, MAX_ROWS, MAX_SHIPS};
use broadside_env::poe::state::{faces_at_least, status, CREW, GUNS, NONE, SAIL};
use broadside_env::poe::{PoeGame, ShotKind, WindAngle};
use broadside_env::Action;

// ----- sides ------------------------------------------------------------------------------

/// Whether ship `j` is afloat and owned by `side`.
#[inline]
pub fn own(g: &PoeGame, side: u8, j: usize) -> bool {
    let s = &g.ships[j];
    s.afloat() && s.owner == side
}

/// Whether ship `j` is afloat and owned by the other side.
#[inline]
pub fn enemy(g: &PoeGame, side: u8, j: usize) -> bool {
    let s = &g.ships[j];
    s.afloat() && s.owner != side
}

/// Whether ship `j` is an enemy warship that can move (afloat, not aground).
#[inline]
pub fn enemy_warship(g: &PoeGame, side: u8, j: usize) -> bool {
    enemy(g, side, j) && g.ships[j].warship && g.ships[j].aground == 0
}

/// Whether the scenario has merchants at all (the warship duel has none).
pub fn has_merchants(g: &PoeGame) -> bool {
    g.ships().iter().any(|s| !s.warship)
}

/// Half victory points of `side` minus the other's, now.
#[inline]
pub fn lead(g: &PoeGame, side: u8) -> i32 {
    let p = g.half_points();
    p[side as usize] as i32 - p[1 - side as usize] as i32
}

/// Markers a ship still has.
#[inline]
pub fn markers(g: &PoeGame, j: usize) -> u8 {
    g.ships[j].level.iter().sum()
}

// ----- the exit ---------------------------------------------------------------------------

/// Hexes from `h` to the nearest exit hex (0 on it).
#[inline]
pub fn exit_distance(g: &PoeGame, h: Hex) -> i32 {
    (h.distance(g.exit) - 1).max(0)
}

/// The hex `t` of the way from `a` to `b` (0: `a`, 1: `b`), rounded to a hex.
pub fn lerp(a: Hex, b: Hex, t: f64) -> Hex {
    let q = a.q as f64 + (b.q as f64 - a.q as f64) * t;
    let r = a.r as f64 + (b.r as f64 - a.r as f64) * t;
    round_hex(q, r)
}

/// The hex nearest the axial point `(q, r)`.
pub fn round_hex(q: f64, r: f64) -> Hex {
    let (q, r) = (q + 1e-6, r + 1e-6);
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i16, rr as i16)
}

/// The hex `n` hexes from `a` towards `b` (at most `b`).
pub fn towards(a: Hex, b: Hex, n: i32) -> Hex {
    let d = a.distance(b);
    if d <= n || d == 0 {
        b
    } else {
        lerp(a, b, n as f64 / d as f64)
    }
}

/// A hex of the map index (offset `col + row * MAX_COLS`), for the planner's memory.
#[inline]
fn hex_index(h: Hex) -> Option<usize> {
    let (c, r) = h.to_offset();
    ((0..MAX_COLS).contains(&c) && (0..MAX_ROWS).contains(&r))
        .then_some((c + r * MAX_COLS) as usize)
}

// ----- sailing ------------------------------------------------------------------------------

/// Expected extra hexes of a "repeat until a failure" roll of at most `max` dice, each
/// good on `good` faces: `p + p² + ... + p^max`.
#[inline]
pub fn extra_mean(max: u8, good: u32) -> f64 {
    let p = good as f64 / 6.0;
    let mut acc = 0.0;
    let mut pk = 1.0;
    for _ in 0..max {
        pk *= p;
        acc += pk;
    }
    acc
}

/// Expected hexes ship `i` may sail facing `facing` with the wind from `wind` (the
/// sheet's table, its extra-hex dice averaged).
pub fn allowance_mean(g: &PoeGame, i: usize, facing: Facing, wind: Facing) -> f64 {
    let s = &g.ships[i];
    let sr = &rules().sailing;
    let a = WindAngle::of(facing, wind) as usize;
    let base = sr.base_hexes[a] as f64;
    let max = if s.level[SAIL] == 0 {
        0
    } else if s.size == 1 {
        sr.small_additions[a]
    } else {
        sr.medium_large_additions[a]
    };
    let target = sr.addition_target as i32 - s.hardened_now() as i32 + s.scurvy_now() as i32;
    base + extra_mean(max, faces_at_least(target))
}

/// How much nearer `goal` ship `i` at `h` facing `f` may get in its next move with the wind
/// from `wind`: its expected hexes (by the facing it starts the move with: the sheet's table
/// reads the facing before any turn) times the best rate at which a course it may turn to
/// closes the goal, at most the distance.
pub fn progress(g: &PoeGame, i: usize, h: Hex, f: Facing, wind: Facing, goal: Hex) -> f64 {
    let d0 = h.distance(goal);
    if d0 == 0 {
        return 0.0;
    }
    let s = &g.ships[i];
    let turns = if !s.warship || s.size >= 3 { 1 } else { 2 };
    let n = allowance_mean(g, i, f, wind);
    let mut rate = f64::NEG_INFINITY;
    for t in -turns..=turns {
        let step = f.rotate(t).step();
        let h2 = h.add(step).add(step);
        let r = (d0 - h2.distance(goal)) as f64 / 2.0 - 0.05 * t.abs() as f64;
        rate = rate.max(r);
    }
    (n * rate).min(d0 as f64)
}

/// The fastest a ship may expect to sail next turn, whichever way it turns (1 face).
pub fn reach(g: &PoeGame, i: usize) -> f64 {
    let s = &g.ships[i];
    let mut best: f64 = 0.0;
    for t in -1..=1 {
        best = best.max(allowance_mean(g, i, s.facing.rotate(t), g.wind_from));
    }
    best
}

// ----- dice -----------------------------------------------------------------------------------

const MAX_POOL: usize = 24;

/// Binomial probabilities: `[p][n][k]`, `p` 0 for 1/3 (5-6), 1 for 1/6 (6).
fn binomial() -> &'static [[[f64; MAX_POOL + 1]; MAX_POOL + 1]; 2] {
    static T: OnceLock<[[[f64; MAX_POOL + 1]; MAX_POOL + 1]; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[[0.0; MAX_POOL + 1]; MAX_POOL + 1]; 2];
        for (pi, p) in [1.0 / 3.0, 1.0 / 6.0].into_iter().enumerate() {
            t[pi][0][0] = 1.0;
            for n in 1..=MAX_POOL {
                for k in 0..=n {
                    let stay = t[pi][n - 1][k] * (1.0 - p);
                    let up = if k > 0 { t[pi][n - 1][k - 1] * p } else { 0.0 };
                    t[pi][n][k] = stay + up;
                }
            }
        }
        t
    })
}

/// Probability that `n` dice score more successes (5-6) than `m` dice.
pub fn p_more(n: u8, m: u8) -> f64 {
    let t = &binomial()[0];
    let (n, m) = ((n as usize).min(MAX_POOL), (m as usize).min(MAX_POOL));
    let mut below = 0.0; // P(Y < x)
    let mut acc = 0.0;
    for (x, &px) in t[n].iter().enumerate().take(n + 1) {
        acc += px * below;
        if x <= m {
            below += t[m][x];
        }
    }
    acc
}

/// Expected hits of a broadside of `dice` dice (hits on 6) when the shooter re-rolls any
/// roll below the mean (`reroll`), or keeps the first.
pub fn expected_hits(dice: u8, reroll: bool) -> f64 {
    let n = (dice as usize).min(MAX_POOL);
    let mean = n as f64 / 6.0;
    if !reroll {
        return mean;
    }
    let t = &binomial()[1];
    (0..=n).map(|k| t[n][k] * (k as f64).max(mean)).sum()
}

/// Chance that ship `i` takes ship `j` by boarding now (grapple, then fight; a struck ship
/// needs one grapple success).
pub fn boarding_odds(g: &PoeGame, i: usize, j: usize) -> f64 {
    let n = g.boarding_dice(i, j, false);
    if g.ships[j].status == status::STRUCK {
        let need = rules().boarding.ownerless_successes as i32;
        if need <= 1 {
            return 1.0 - (2.0f64 / 3.0).powi(n as i32);
        }
        return p_more(n, need as u8 - 1);
    }
    p_more(n, g.boarding_dice(j, i, false))
        * p_more(g.boarding_dice(i, j, true), g.boarding_dice(j, i, true))
}

// ----- what ships are worth -------------------------------------------------------------------

/// Per-decision values of every ship for the deciding side: what taking it, striking it and
/// one hit on it are worth, in half victory points (the deciding side's lead).
#[derive(Debug, Clone, Copy)]
pub struct Worth {
    pub side: u8,
    /// Lead gained if ship `j` became the side's (boarded).
    pub capture: [f64; MAX_SHIPS],
    /// Lead gained if ship `j` struck.
    pub strike: [f64; MAX_SHIPS],
    /// Value of one hit on ship `j` (an enemy afloat), 0 for others.
    pub hit: [f64; MAX_SHIPS],
}

impl Worth {
    pub fn new(g: &PoeGame, side: u8) -> Self {
        let base = lead(g, side) as f64;
        let mut w = Worth {
            side,
            capture: [0.0; MAX_SHIPS],
            strike: [0.0; MAX_SHIPS],
            hit: [0.0; MAX_SHIPS],
        };
        let mut c = g.clone();
        for j in 0..g.num_ships as usize {
            let s = g.ships[j];
            if !s.occupies() || s.status == status::BURNT {
                continue;
            }
            c.ships[j].status = status::AFLOAT;
            c.ships[j].owner = side;
            w.capture[j] = lead(&c, side) as f64 - base;
            c.ships[j].status = status::STRUCK;
            c.ships[j].owner = NONE;
            w.strike[j] = lead(&c, side) as f64 - base;
            c.ships[j] = s;
            if s.afloat() && s.owner != side {
                // Each hit brings the strike (and the easy capture after it) nearer; a
                // hit on any ship is worth a little (guns, sail and crew count).
                let m = markers(g, j).max(1) as f64;
                let prize = w.strike[j].max(0.0) + 0.5 * w.capture[j].max(0.0);
                w.hit[j] = 0.15 + prize / (m + 1.0);
            }
        }
        w
    }
}

// ----- threats -----------------------------------------------------------------------------

/// How exposed a ship of `side` at `h` is to boarders next enemy turn: each enemy warship
/// that may come alongside (its reach plus one) counts its boarding dice share, less as
/// the distance grows.
pub fn boarding_threat(g: &PoeGame, side: u8, me: usize, h: Hex) -> f64 {
    let mut t = 0.0;
    for e in 0..g.num_ships as usize {
        if !enemy_warship(g, side, e) || e == me {
            continue;
        }
        let d = g.ships[e].hex.distance(h) as f64;
        let r = reach(g, e) + 1.0;
        let close = ((r + 1.5 - d) / 2.5).clamp(0.0, 1.0);
        if close > 0.0 {
            let power = g.boarding_dice(e, me, false) as f64 / 8.0;
            t += close * power;
        }
    }
    t
}

/// The enemy gunnery ship `me` of `side` at `h` may meet: each enemy warship within its
/// broadside range plus one of `h` counts its broadside's expected hits.
pub fn gun_threat(g: &PoeGame, side: u8, me: usize, h: Hex) -> f64 {
    let mut t = 0.0;
    for e in 0..g.num_ships as usize {
        if !enemy(g, side, e) || e == me || !g.ships[e].warship {
            continue;
        }
        let s = &g.ships[e];
        let d = s.hex.distance(h);
        if d <= s.range as i32 + 1 {
            t += (2 * s.level[GUNS]) as f64 / 6.0;
        }
    }
    t
}

// ----- shots --------------------------------------------------------------------------------

/// The best shot of ship `i` as it stands in `g` (a scratch copy may place it anywhere):
/// `(target, value)`, the value being the expected hits times what a hit on the target is
/// worth, plus `bonus[target]`.
pub fn best_shot(
    g: &PoeGame,
    i: usize,
    kind: ShotKind,
    worth: &Worth,
    bonus: &[f64; MAX_SHIPS],
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (j, extra) in bonus.iter().enumerate().take(g.num_ships as usize) {
        if let Some(chaser) = g.shot_option(i, j, kind) {
            let dice = g.gunnery_dice(i, j, kind, chaser);
            let v = expected_hits(dice, !chaser) * (worth.hit[j] + extra);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((j, v));
            }
        }
    }
    best
}

// ----- marker choices -------------------------------------------------------------------------

/// The marker a ship's own side gives up to a hit or fatigue: never the last of a kind while
/// another kind has more, otherwise the kind with most, ties by `keep` (kept last first...
/// i.e. `keep[0]` is kept longest).
pub fn own_loss(level: [u8; 3], keep: [usize; 3]) -> usize {
    let mut best = None;
    for &t in keep.iter().rev() {
        if level[t] == 0 {
            continue;
        }
        match best {
            None => best = Some(t),
            Some(b) if level[t] > level[b] => best = Some(t),
            _ => {}
        }
    }
    best.unwrap_or(CREW)
}

/// The marker the shooter's side takes off an enemy: the first kind of `harm` it has.
pub fn enemy_loss(level: [u8; 3], harm: [usize; 3]) -> usize {
    harm.into_iter().find(|&t| level[t] > 0).unwrap_or(CREW)
}

/// The marker a recovery restores: a kind at zero first (its penalties are the worst), then
/// the first lost kind of `want`.
pub fn recovery(level: [u8; 3], max: [u8; 3], want: [usize; 3]) -> usize {
    if let Some(t) = want.into_iter().find(|&t| level[t] == 0 && max[t] > 0) {
        return t;
    }
    want.into_iter()
        .find(|&t| level[t] < max[t])
        .unwrap_or(CREW)
}

// ----- the wind and the clock ---------------------------------------------------------------------

/// How well `side`'s ships may sail towards their goals with the wind from `wind`, less the
/// same for the other side: merchants of the convoy towards the exit, warships towards the
/// nearest enemy (its merchants first).
pub fn wind_value(g: &PoeGame, side: u8, wind: Facing) -> f64 {
    let mut v = 0.0;
    for i in 0..g.num_ships as usize {
        let s = &g.ships[i];
        if !s.afloat() || s.aground > 0 {
            continue;
        }
        let goal = if g.convoy_merchant(i) {
            g.exit
        } else {
            match nearest_target(g, i) {
                Some(j) => g.ships[j].hex,
                None => continue,
            }
        };
        let w = if s.warship { 0.6 } else { 1.0 };
        let p = w * progress(g, i, s.hex, s.facing, wind, goal);
        v += if s.owner == side { p } else { -p };
    }
    v
}

/// The nearest enemy of ship `i`, its convoy merchants first.
pub fn nearest_target(g: &PoeGame, i: usize) -> Option<usize> {
    let s = &g.ships[i];
    (0..g.num_ships as usize)
        .filter(|&j| enemy(g, s.owner, j))
        .min_by_key(|&j| {
            let m = !g.convoy_merchant(j);
            (m, s.hex.distance(g.ships[j].hex), j)
        })
}

/// The wind contest: dice to declare (mover) or to answer with (the other side): all three
/// when the change would matter to `side`, none otherwise.
pub fn wind_dice(g: &PoeGame, side: u8, mover: bool) -> u8 {
    let now = wind_value(g, side, g.wind_from);
    let cw = wind_value(g, side, g.wind_from.rotate(1));
    let ccw = wind_value(g, side, g.wind_from.rotate(-1));
    let matters = if mover {
        cw.max(ccw) > now + 0.25
    } else {
        // The mover turns it his way: the worse for us.
        cw.min(ccw) < now - 0.25
    };
    if matters {
        rules().wind.max_dice
    } else {
        0
    }
}

/// The won wind change: the better direction for `side`.
pub fn wind_turn(g: &PoeGame, side: u8) -> Action {
    let cw = wind_value(g, side, g.wind_from.rotate(1));
    let ccw = wind_value(g, side, g.wind_from.rotate(-1));
    if cw >= ccw {
        WIND_CW
    } else {
        WIND_CCW
    }
}

/// The clock: ahead on points, end the game soonest; otherwise buy turns.
pub fn clock_choice(g: &PoeGame, side: u8) -> Action {
    if lead(g, side) > 0 {
        CLOCK_3 + 2
    } else {
        CLOCK_3
    }
}

// ----- the move planner ------------------------------------------------------------------------------

/// What the planner asks of a doctrine: the value of ending the move at a hex and facing
/// (or of leaving by the exit), and the cost of entering a hex on the way.
pub trait MoveScore {
    /// Value of stopping at `h` facing `f`.
    fn end(&mut self, g: &PoeGame, h: Hex, f: Facing) -> f64;
    /// Value of leaving by the exit.
    fn exit(&mut self, g: &PoeGame) -> f64;
    /// Cost of entering `h` (opportunity shots, hazards), given whether the move has met
    /// its first fog and shallows hexes.
    fn enter(&mut self, g: &PoeGame, h: Hex, fog_checked: bool, shallows_checked: bool) -> f64;
}

/// The acting ship's move state in the planner.
#[derive(Debug, Clone, Copy)]
struct Node {
    hex: Hex,
    facing: Facing,
    moved: u8,
    turns: u8,
    turned_here: bool,
    /// The last direction change in this hex (-1, 0 none, 1), so as not to undo it.
    last_turn: i8,
    fog_checked: bool,
    shallows_checked: bool,
    cost: f64,
}

/// Where a plan ends: a hex and facing, or out by the exit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanEnd {
    pub value: f64,
    pub hex: Hex,
    pub facing: Facing,
    pub exits: bool,
}

impl PlanEnd {
    #[inline]
    fn better(a: Option<PlanEnd>, b: Option<PlanEnd>) -> Option<PlanEnd> {
        match (a, b) {
            (Some(x), Some(y)) => Some(if y.value > x.value + 1e-12 { y } else { x }),
            (x, None) => x,
            (None, y) => y,
        }
    }
}

/// The move planner's memory, kept by the bot from decision to decision.
#[derive(Debug, Clone)]
pub struct Planner {
    /// End values by hex and facing, valid for the generation `gen`.
    memo: Vec<(u32, f64)>,
    gen: u32,
    /// Nodes visited (a guard).
    visits: u32,
}

impl Default for Planner {
    fn default() -> Self {
        Self {
            memo: vec![(0, 0.0); (MAX_COLS * MAX_ROWS) as usize * 6],
            gen: 0,
            visits: 0,
        }
    }
}

/// Past this many planner nodes in a decision, no more direction changes are tried.
const MAX_VISITS: u32 = 20_000;

impl Planner {
    /// The best first move of the acting ship (`move:ahead`, `turn:left/right` or
    /// `move:stop`) and where the best plan it begins ends.
    pub fn plan<S: MoveScore>(&mut self, g: &PoeGame, score: &mut S) -> (Action, PlanEnd) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.memo.iter_mut().for_each(|m| m.0 = 0);
            self.gen = 1;
        }
        self.visits = 0;
        let i = g.act.ship as usize;
        let s = &g.ships[i];
        let root = Node {
            hex: s.hex,
            facing: s.facing,
            moved: g.act.moved,
            turns: g.act.turns,
            turned_here: g.act.turned_here,
            last_turn: 0,
            fog_checked: g.act.fog_checked,
            shallows_checked: g.act.shallows_checked,
            cost: 0.0,
        };
        let mut best: Option<(Action, PlanEnd)> = None;
        for first in [MOVE_STOP, MOVE_AHEAD, TURN_LEFT, TURN_RIGHT] {
            if let Some(e) = self.step(g, i, root, first, score) {
                if best.is_none_or(|(_, b)| e.value > b.value + 1e-12) {
                    best = Some((first, e));
                }
            }
        }
        best.unwrap_or((
            MOVE_STOP,
            PlanEnd {
                value: 0.0,
                hex: s.hex,
                facing: s.facing,
                exits: false,
            },
        ))
    }

    fn may_turn(g: &PoeGame, n: &Node) -> bool {
        if g.act.turn_cap == u8::MAX {
            !n.turned_here
        } else {
            n.turns < g.act.turn_cap
        }
    }

    fn free(g: &PoeGame, i: usize, h: Hex) -> bool {
        g.map.contains(h)
            && !g
                .ships()
                .iter()
                .enumerate()
                .any(|(j, s)| j != i && s.occupies() && s.hex == h)
    }

    /// The best plan that takes `a` at `n` (`None`: illegal there).
    fn step<S: MoveScore>(
        &mut self,
        g: &PoeGame,
        i: usize,
        n: Node,
        a: Action,
        score: &mut S,
    ) -> Option<PlanEnd> {
        self.visits += 1;
        let ahead = n.hex.neighbor(n.facing);
        let can_ahead = n.moved < g.act.allowance && Self::free(g, i, ahead);
        match a {
            MOVE_STOP => {
                let reduction = rules().sailing.reduction;
                if n.moved + reduction < g.act.allowance && can_ahead {
                    return None;
                }
                Some(PlanEnd {
                    value: self.end_value(g, n.hex, n.facing, score) - n.cost,
                    hex: n.hex,
                    facing: n.facing,
                    exits: false,
                })
            }
            MOVE_AHEAD => {
                if !can_ahead {
                    return None;
                }
                if g.convoy_merchant(i) && g.is_exit(ahead) {
                    return Some(PlanEnd {
                        value: score.exit(g) - n.cost,
                        hex: ahead,
                        facing: n.facing,
                        exits: true,
                    });
                }
                let cost = score.enter(g, ahead, n.fog_checked, n.shallows_checked);
                let next = Node {
                    hex: ahead,
                    moved: n.moved + 1,
                    turned_here: false,
                    last_turn: 0,
                    fog_checked: n.fog_checked || g.fog.contains(ahead),
                    shallows_checked: n.shallows_checked || g.shallows.contains(ahead),
                    cost: n.cost + cost,
                    ..n
                };
                self.best_from(g, i, next, score)
            }
            _ => {
                let dir: i8 = if a == TURN_RIGHT { 1 } else { -1 };
                if !Self::may_turn(g, &n) || n.last_turn == -dir {
                    return None;
                }
                let next = Node {
                    facing: n.facing.rotate(dir as i32),
                    turns: n.turns + 1,
                    turned_here: true,
                    last_turn: dir,
                    ..n
                };
                self.best_from(g, i, next, score)
            }
        }
    }

    fn best_from<S: MoveScore>(
        &mut self,
        g: &PoeGame,
        i: usize,
        n: Node,
        score: &mut S,
    ) -> Option<PlanEnd> {
        let mut best: Option<PlanEnd> = None;
        let actions: &[Action] = if self.visits > MAX_VISITS {
            &[MOVE_STOP, MOVE_AHEAD]
        } else {
            &[MOVE_STOP, MOVE_AHEAD, TURN_LEFT, TURN_RIGHT]
        };
        for &a in actions {
            best = PlanEnd::better(best, self.step(g, i, n, a, score));
        }
        best
    }

    fn end_value<S: MoveScore>(&mut self, g: &PoeGame, h: Hex, f: Facing, score: &mut S) -> f64 {
        match hex_index(h) {
            Some(k) => {
                let slot = k * 6 + f.0 as usize;
                if self.memo[slot].0 == self.gen {
                    return self.memo[slot].1;
                }
                let v = score.end(g, h, f);
                self.memo[slot] = (self.gen, v);
                v
            }
            None => score.end(g, h, f),
        }
    }
}

/// A small, seeded, stable tie-break for a hex and facing (the same at every re-plan).
#[inline]
pub fn jitter(seed: u64, h: Hex, f: Facing) -> f64 {
    let x = seed ^ ((h.q as u16 as u64) << 16) ^ ((h.r as u16 as u64) << 32) ^ ((f.0 as u64) << 48);
    let z = crate::mcts::hash::splitmix64(x);
    (z >> 11) as f64 / (1u64 << 53) as f64 * 1e-6
}
