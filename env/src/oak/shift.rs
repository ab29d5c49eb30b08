//! The free sideways shift of Adjust Position and Engage More Closely (initiative cards,
//! `env/data/oak/cards.toml`; glossary: initiative card, effects and special rules): a
//! ship of the squadron playing the card may shift directly sideways, up to speed 1, at the
//! beginning or the end of its move. Adjust Position asks for a ship in formation or
//! within pistol shot of a friendly ship; both cards exclude entangled and aground ships.
//!
//! "Up to speed 1" is offered as a full or a half length of the speed 1 tool to either
//! side ([`SHIFTS`]). The base slides square to its heading; the region it sweeps
//! ([`crate::plane::sweep_shift`]) must be clear of ships and of islands and rocks, and the
//! base must stay on the table: a shift is a free manoeuvre, offered only where it can be
//! made, as the turns of the speed tools are (docs/rulesets/oak.md lists this). A shoal
//! crossed asks for the aground test, as a move across it does.

use crate::action_set::ActionSet;
use crate::game::Action;
use crate::plane::{on_table, polys_overlap, rect_distance_at_most, sweep_shift, Rect};

use super::catalogue::{SHIFTS, SHIFT_0};
use super::data::{rules, Effect, TerrainKind};
use super::state::{OakGame, Pending};

impl OakGame {
    /// Whether ship `i`'s squadron plays a card that lets her shift sideways now: Engage
    /// More Closely, or Adjust Position in formation or within pistol shot of a friendly
    /// ship able to act; never entangled or aground.
    pub fn shift_allowed(&self, i: usize) -> bool {
        let s = &self.ships[i];
        if !s.can_act() || s.is_entangled() || s.aground {
            return false;
        }
        if self.ship_effect(i, Effect::EngageMoreClosely) {
            return true;
        }
        if !self.ship_effect(i, Effect::AdjustPosition) {
            return false;
        }
        let pistol = rules().ranges.pistol;
        self.in_formation(i)
            || self.ships().iter().enumerate().any(|(k, o)| {
                k != i
                    && o.side == s.side
                    && o.can_act()
                    && rect_distance_at_most(&s.base, &o.base, pistol)
            })
    }

    /// Whether the active ship is at the beginning of her move (nothing turned or moved
    /// yet) or at its end (moved, or unable to move); and has not shifted yet.
    fn at_shift_point(&self) -> bool {
        let a = &self.act;
        if self.pending != Pending::Moving || a.shifted || a.rowing {
            return false;
        }
        let beginning = !a.moved && !a.turned_before;
        let end = a.moved || !self.must_move();
        beginning || end
    }

    /// Where shift `s` ([`SHIFTS`] index) would put ship `i`, and whether it can be made:
    /// the swept region clear of other ships and solid terrain, the base still on the
    /// table.
    pub fn shift_target(&self, i: usize, s: usize) -> Option<Rect> {
        let across = SHIFTS.get(s)? * rules().tools.r#move[0] / 2;
        let base = self.ships[i].base;
        let to = base.shifted(across);
        if !on_table(&to, self.table[0], self.table[1]) {
            return None;
        }
        let sweep = sweep_shift(&base, across);
        let blocked_by = |r: &Rect| polys_overlap(sweep.points(), &r.corners());
        let terrain = self.pieces().iter().any(|p| p.solid() && blocked_by(&p.rect));
        let ships = self
            .ships()
            .iter()
            .enumerate()
            .any(|(k, o)| k != i && o.on_table() && blocked_by(&o.base));
        (!terrain && !ships).then_some(to)
    }

    /// The shifts the active ship may make now.
    pub(crate) fn shift_options(&self, out: &mut ActionSet) {
        let i = self.act.ship as usize;
        if !self.at_shift_point() || !self.shift_allowed(i) {
            return;
        }
        for s in 0..SHIFTS.len() {
            if self.shift_target(i, s).is_some() {
                out.insert(SHIFT_0 + s as Action);
            }
        }
    }

    /// Makes the shift `a`: the base slides; a shift at the end of the move allows no turn
    /// after it; a shoal crossed (unless Shoals Ahead) waits for its aground test.
    pub(crate) fn apply_shift(&mut self, a: Action) {
        let i = self.act.ship as usize;
        let s = a.saturating_sub(SHIFT_0) as usize;
        let Some(to) = self.shift_target(i, s) else {
            return;
        };
        let across = SHIFTS[s] * rules().tools.r#move[0] / 2;
        let sweep = sweep_shift(&self.ships[i].base, across);
        let shoals_ignored = self.ship_effect(i, Effect::ShoalsAhead);
        let shoal = !shoals_ignored
            && self.pieces().iter().any(|p| {
                p.kind() == TerrainKind::Shoal && polys_overlap(sweep.points(), &p.rect.corners())
            });
        self.set_base(i, to);
        self.act.shifted = true;
        if self.act.moved || self.act.turned_before {
            self.act.turned_after = true;
            self.act.turned_before = true;
        }
        self.act.shoal = shoal;
        self.continue_move();
    }
}
