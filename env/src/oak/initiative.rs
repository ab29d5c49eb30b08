//! Set-up and the initiative phase (quick reference steps 1-3): the hidden hands, the
//! face-down cards, the reveal, ties (no public event deck: admiral value, then a
//! challenge test), the cards' effects; and the hidden-card resampling for search.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::RngCore;

use crate::action_set::ActionSet;
use crate::game::Action;

use super::catalogue::*;
use super::data::{card_fits, cards, rules, Effect};
use super::dice::{face, Pool};
use super::state::*;

impl OakGame {
    /// The cards the deciding side may pick now.
    pub(crate) fn card_options(&self, out: &mut ActionSet) {
        let s = self.who as usize & 1;
        let n = cards().len();
        for c in 0..n {
            let bit = 1u32 << c;
            let ok = match self.pending {
                Pending::BuildHand => {
                    self.pool[s] & bit != 0 && card_fits(self.hand[s], c, self.hand_size[s])
                }
                Pending::PlaceCard => self.hand[s] & bit != 0 && self.revealed[s] != c as u8,
                Pending::AwaitOrders | Pending::DiscardDown => {
                    self.hand[s] & bit != 0
                        && self.revealed[s] != c as u8
                        && self.next[s] != c as u8
                        && self.effect_card[s] != c as u8
                }
                _ => false,
            };
            if ok {
                out.insert(CARD_0 + c as Action);
            }
        }
    }

    pub(crate) fn apply_card(&mut self, a: Action) {
        let c = (a - CARD_0) as u8;
        let s = self.who as usize & 1;
        match self.pending {
            Pending::BuildHand => {
                self.hand[s] |= 1 << c;
                if self.hand[s].count_ones() >= self.hand_size[s] as u32 {
                    if s == 0 {
                        self.who = 1;
                    } else {
                        self.who = 0;
                        self.pending = Pending::PlaceCard;
                    }
                }
            }
            Pending::PlaceCard => {
                self.next[s] = c;
                if s == 0 {
                    self.who = 1;
                } else if self.phase == Phase::Setup {
                    self.start_turn();
                } else {
                    self.resolve_effects(0);
                }
            }
            Pending::AwaitOrders => {
                self.effect_card[s] = c;
                self.shown[s] |= 1 << c;
                self.resolve_effects(s as u8 + 1);
            }
            Pending::DiscardDown => {
                self.hand[s] &= !(1 << c);
                self.discarded[s] |= 1 << c;
                self.shown[s] |= 1 << c;
                self.lost_admirals(s as u8);
            }
            _ => {}
        }
    }

    /// Quick reference step 1: both sides reveal; the higher value is first player; a tie
    /// goes to the higher admiral value, then to a challenge test (no event deck is public:
    /// an event that cannot be resolved is ignored).
    pub(crate) fn start_turn(&mut self) {
        self.phase = Phase::Initiative;
        for s in 0..2 {
            self.revealed[s] = self.next[s];
            self.next[s] = NONE;
            self.effect_card[s] = self.revealed[s];
            if self.revealed[s] != NONE {
                self.shown[s] |= 1 << self.revealed[s];
            }
        }
        let value = |s: usize| {
            cards()
                .get(self.revealed[s] as usize)
                .map_or(0, |c| c.value)
        };
        let (v0, v1) = (value(0), value(1));
        if v0 != v1 {
            self.initiative_won(if v0 > v1 { 0 } else { 1 });
        } else if self.admiral[0] != self.admiral[1] {
            self.initiative_won(if self.admiral[0] > self.admiral[1] { 0 } else { 1 });
        } else {
            self.start_challenge(0, 0);
        }
    }

    /// The challenge test (glossary): each flagship rolls a skill test; more successes
    /// wins, then the higher skill value, else both roll again.
    fn start_challenge(&mut self, side: u8, first_hits: u8) {
        let pool = match self.challenger(side) {
            Some(i) => {
                let mut p = self.skill_test_pool(i, 0);
                p.test = false;
                p
            }
            None => Pool::new(1, face::SAIL | face::SWORD, 0, 0, false, side),
        };
        self.start_roll(pool, RollFor::Challenge { side, first_hits });
    }

    /// The ship that rolls a side's challenge test: its flagship, else its first ship able
    /// to act.
    fn challenger(&self, side: u8) -> Option<usize> {
        self.flagship(side)
            .filter(|&i| self.ships[i].can_act())
            .or_else(|| self.ships().iter().position(|s| s.side == side && s.can_act()))
    }

    pub(crate) fn resolve_challenge(&mut self, side: u8, first_hits: u8) {
        let hits = self.roll.hits;
        if side == 0 {
            self.start_challenge(1, hits);
            return;
        }
        let skill = |s: u8| self.challenger(s).map_or(0, |i| self.ships[i].skill);
        if first_hits != hits {
            self.initiative_won(if first_hits > hits { 0 } else { 1 });
        } else if skill(0) != skill(1) {
            self.initiative_won(if skill(0) > skill(1) { 0 } else { 1 });
        } else {
            self.start_challenge(0, 0);
        }
    }

    /// Step 2: each side picks next turn's card face down (none on the last turn).
    fn initiative_won(&mut self, first: u8) {
        self.first = first;
        if self.turn < self.turns {
            self.who = 0;
            self.pending = Pending::PlaceCard;
        } else {
            self.resolve_effects(0);
        }
    }

    /// Step 3: resolve the cards, from `side` on (Await New Orders asks its side which card
    /// it plays), then the "immediately" effects, then the movement phase.
    pub(crate) fn resolve_effects(&mut self, side: u8) {
        for s in side..2 {
            if self.effect_card[s as usize] == self.revealed[s as usize]
                && self.effect(s, Effect::AwaitOrders)
            {
                self.who = s;
                let mut opts = ActionSet::new();
                self.pending = Pending::AwaitOrders;
                self.card_options(&mut opts);
                if !opts.is_empty() {
                    return;
                }
            }
        }
        for s in 0..2u8 {
            for i in 0..self.n_ships as usize {
                if self.ships[i].side != s || !self.ships[i].can_act() {
                    continue;
                }
                let formation = self.in_formation(i);
                let fast = self.effect(s, Effect::FastLoader);
                let reload = fast || (formation && self.effect(s, Effect::ReloadFormation));
                let ship = &mut self.ships[i];
                if reload {
                    // One marker: port first (the engine's choice; the card lets the
                    // player remove either).
                    if ship.reload[0] {
                        ship.reload[0] = false;
                    } else {
                        ship.reload[1] = false;
                    }
                }
                if formation && self.effect(s, Effect::TakeCourage) {
                    let ship = &mut self.ships[i];
                    ship.fatigue = ship.fatigue.saturating_sub(1);
                }
            }
        }
        self.start_movement_phase();
    }

    /// Step 13: faced cards return to the hand, single-use ones are discarded; then the
    /// next turn, or the end of the game after the last.
    pub(crate) fn return_cards(&mut self) {
        for s in 0..2 {
            for c in [self.revealed[s], self.effect_card[s]] {
                if c != NONE && cards().get(c as usize).is_some_and(|k| k.discard) {
                    self.hand[s] &= !(1 << c);
                    self.discarded[s] |= 1 << c;
                }
            }
            self.effect_card[s] = NONE;
        }
        self.turn += 1;
        self.start_turn();
    }

    /// Cards `side` holds that `viewer` has seen: shown face up or discarded.
    fn known_cards(&self, side: usize) -> u32 {
        self.shown[side] | self.discarded[side]
    }

    /// A copy where the other side's unseen hand cards and face-down card are drawn again,
    /// consistently with everything `player` has seen (cards shown, discards, hand size,
    /// the hand rules).
    pub(crate) fn resample(&self, player: u8, rng: &mut dyn RngCore) -> OakGame {
        let mut g = *self;
        let o = (1 - (player & 1)) as usize;
        let known = self.hand[o] & self.known_cards(o);
        let unknown_n = (self.hand[o] & !known).count_ones();
        let candidates: Vec<usize> = (0..cards().len())
            .filter(|&c| self.pool[o] & (1 << c) != 0 && known & (1 << c) == 0)
            .filter(|&c| self.known_cards(o) & (1 << c) == 0)
            .collect();
        let size = self.hand_size[o];
        let mut hand = self.hand[o];
        for _ in 0..32 {
            let mut order = candidates.clone();
            order.shuffle(&mut RngAdapter(rng));
            let mut h = known;
            for &c in &order {
                if h.count_ones() >= known.count_ones() + unknown_n {
                    break;
                }
                if card_fits(h, c, size) {
                    h |= 1 << c;
                }
            }
            if h.count_ones() == known.count_ones() + unknown_n {
                hand = h;
                break;
            }
        }
        g.hand[o] = hand;
        if self.next[o] != NONE {
            let choices: Vec<u8> = (0..cards().len() as u8)
                .filter(|&c| hand & (1 << c) != 0 && c != self.revealed[o])
                .filter(|&c| c != self.effect_card[o])
                .collect();
            if let Some(&c) = choices.choose(&mut RngAdapter(rng)) {
                g.next[o] = c;
            }
        }
        g
    }

    /// Hand size a side keeps after a lost admiral: 5 + the (new) admiral value.
    pub(crate) fn hand_limit(&self, side: usize) -> u32 {
        (rules().limits.hand_base + self.admiral[side]) as u32
    }
}

/// `dyn RngCore` as a sized `Rng` for `shuffle` and `choose`.
struct RngAdapter<'a>(&'a mut dyn RngCore);

impl RngCore for RngAdapter<'_> {
    fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        self.0.fill_bytes(dst)
    }
}
