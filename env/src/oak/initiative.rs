//! Set-up and the initiative phase (quick reference steps 1-3): the hidden hands, the
//! face-down cards, the reveal, ties (no public event deck: admiral value, then a
//! challenge test), the cards' effects; and the hidden-card resampling for search.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::RngCore;

use crate::action_set::ActionSet;
use crate::game::Action;

use super::catalogue::*;
use super::data::{card_fits, cards, rules, CardSet, Effect, MAX_COMMANDS};
use super::dice::{face, Pool};
use super::state::*;

impl OakGame {
    /// The first command after `after` (or the first of all) that `ok` accepts.
    fn next_command(&self, after: Option<u8>, ok: impl Fn(u8) -> bool) -> Option<u8> {
        self.commands()
            .filter(|&c| after.is_none_or(|a| c > a))
            .find(|&c| ok(c))
    }

    /// Hands command `c` the card decision.
    fn hand_decision_to(&mut self, c: u8, pending: Pending) {
        self.cmd = c;
        self.who = c & 1;
        self.pending = pending;
    }

    /// The cards the deciding command may pick now.
    pub(crate) fn card_options(&self, out: &mut ActionSet) {
        let s = self.cmd as usize % MAX_COMMANDS;
        let n = cards().len();
        for c in 0..n {
            let bit: CardSet = 1 << c;
            let ok = match self.pending {
                Pending::BuildHand => {
                    self.pool[s] & bit != 0 && card_fits(self.hand[s], c, self.hand_size[s])
                }
                Pending::PlaceCard => self.hand[s] & bit != 0 && self.revealed[s] != c as u8,
                Pending::AwaitOrders if self.effect(self.cmd, Effect::AdaptiveTactics) => {
                    self.enemy_discards(self.cmd) & bit != 0
                        && !matches!(
                            cards()[c].effect,
                            Effect::AwaitOrders | Effect::AdaptiveTactics
                        )
                }
                Pending::AwaitOrders | Pending::DiscardDown => {
                    self.hand[s] & bit != 0
                        && self.revealed[s] != c as u8
                        && self.next[s] != c as u8
                        && self.effect_card[s] != c as u8
                }
                _ => false,
            };
            if ok {
                out.insert(card_action(c));
            }
        }
        if self.pending == Pending::AwaitOrders && self.effect(self.cmd, Effect::AdaptiveTactics) {
            // "may apply": keeping no card is allowed.
            out.insert(PASS);
        }
    }

    /// The cards the other side has discarded (any of its squadrons).
    fn enemy_discards(&self, c: u8) -> CardSet {
        ((1 - (c & 1)) as usize..MAX_COMMANDS)
            .step_by(2)
            .fold(0, |m, o| m | self.discarded[o])
    }

    /// The first command (after `after`) that places a face-down card: every squadron
    /// with a ship that can act (glossary, fleet battles: an entire squadron captured or
    /// out of action plays no card).
    fn next_placer(&self, after: Option<u8>) -> Option<u8> {
        self.next_command(after, |c| self.command_alive(c))
    }

    pub(crate) fn apply_card(&mut self, a: Action) {
        // PASS (Adaptive Tactics borrows nothing) names no card.
        let c = action_card(a).map_or(NONE, |c| c as u8);
        let cmd = self.cmd;
        let s = cmd as usize % MAX_COMMANDS;
        match self.pending {
            Pending::BuildHand => {
                self.hand[s] |= 1 << c;
                if self.hand[s].count_ones() >= self.hand_size[s] as u32 {
                    match self.next_command(Some(cmd), |_| true) {
                        Some(n) => self.hand_decision_to(n, Pending::BuildHand),
                        None => match self.next_placer(None) {
                            Some(n) => self.hand_decision_to(n, Pending::PlaceCard),
                            None => self.start_turn(),
                        },
                    }
                }
            }
            Pending::PlaceCard => {
                self.next[s] = c;
                if let Some(n) = self.next_placer(Some(cmd)) {
                    self.hand_decision_to(n, Pending::PlaceCard);
                } else if self.phase == Phase::Setup {
                    self.start_turn();
                } else {
                    self.resolve_effects(0);
                }
            }
            Pending::AwaitOrders if self.effect(cmd, Effect::AdaptiveTactics) => {
                // Adaptive Tactics: the opponent's discarded card's effect, borrowed.
                if a != PASS {
                    self.effect_card[s] = c;
                    self.borrowed |= 1 << s;
                }
                self.resolve_effects(cmd + 1);
            }
            Pending::AwaitOrders => {
                self.effect_card[s] = c;
                self.shown[s] |= 1 << c;
                // Await New Orders may play Adaptive Tactics: ask that card's question.
                let again = cards()[c as usize].effect == Effect::AdaptiveTactics;
                self.resolve_effects(if again { cmd } else { cmd + 1 });
            }
            Pending::DiscardDown => {
                self.hand[s] &= !(1 << c);
                self.discarded[s] |= 1 << c;
                self.shown[s] |= 1 << c;
                self.lost_admirals(cmd);
            }
            _ => {}
        }
    }

    /// The initiative value a side plays this turn: its card's, or in a fleet battle the
    /// total of its squadrons' cards (glossary: fleet battles, initiative phase).
    pub fn initiative_total(&self, side: u8) -> u32 {
        (side as usize..MAX_COMMANDS)
            .step_by(2)
            .filter_map(|c| cards().get(self.revealed[c] as usize))
            .map(|k| u32::from(k.value))
            .sum()
    }

    /// The admiral value a side's initiative tie is broken by: its highest admiral (a
    /// one-squadron game: its admiral).
    pub fn senior_admiral(&self, side: u8) -> u8 {
        (side as usize..MAX_COMMANDS)
            .step_by(2)
            .filter(|&c| self.command_exists(c))
            .map(|c| self.admiral[c])
            .max()
            .unwrap_or(0)
    }

    /// Quick reference step 1: both sides reveal; the higher value is first player; a tie
    /// goes to the higher admiral value, then to a challenge test (no event deck is public:
    /// an event that cannot be resolved is ignored). Public for tests and tools that set
    /// the face-down cards themselves.
    pub fn start_turn(&mut self) {
        self.phase = Phase::Initiative;
        for s in 0..MAX_COMMANDS {
            self.revealed[s] = self.next[s];
            self.next[s] = NONE;
            self.effect_card[s] = self.revealed[s];
            if self.revealed[s] != NONE {
                self.shown[s] |= 1 << self.revealed[s];
            }
        }
        let (v0, v1) = (self.initiative_total(0), self.initiative_total(1));
        let (a0, a1) = (self.senior_admiral(0), self.senior_admiral(1));
        if v0 != v1 {
            self.initiative_won(if v0 > v1 { 0 } else { 1 });
        } else if a0 != a1 {
            self.initiative_won(if a0 > a1 { 0 } else { 1 });
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

    /// The ship that rolls a side's challenge test: its (first squadron's) flagship, else
    /// another squadron's flagship, else its first ship able to act.
    fn challenger(&self, side: u8) -> Option<usize> {
        let flag = |s: &Ship| s.side == side && s.flagship && s.can_act();
        let ships = self.ships();
        ships
            .iter()
            .position(|s| flag(s) && s.squadron == 0)
            .or_else(|| ships.iter().position(flag))
            .or_else(|| ships.iter().position(|s| s.side == side && s.can_act()))
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

    /// Step 2: each squadron picks next turn's card face down (none on the last turn).
    fn initiative_won(&mut self, first: u8) {
        self.first = first;
        match self.next_placer(None).filter(|_| self.turn < self.turns) {
            Some(c) => self.hand_decision_to(c, Pending::PlaceCard),
            None => self.resolve_effects(0),
        }
    }

    /// Step 3: resolve the cards, from command `from` on (Await New Orders asks its
    /// squadron which card it plays), then the "immediately" effects, then the movement
    /// phase. A card's effects apply to its own squadron's ships.
    pub(crate) fn resolve_effects(&mut self, from: u8) {
        for c in from..MAX_COMMANDS as u8 {
            if !self.command_exists(c as usize) {
                continue;
            }
            let await_orders = self.effect_card[c as usize] == self.revealed[c as usize]
                && self.effect(c, Effect::AwaitOrders);
            let adaptive =
                self.effect(c, Effect::AdaptiveTactics) && self.enemy_discards(c) != 0;
            if await_orders || adaptive {
                self.hand_decision_to(c, Pending::AwaitOrders);
                let mut opts = ActionSet::new();
                self.card_options(&mut opts);
                if opts.iter().any(|a| a != PASS) {
                    return;
                }
            }
        }
        // Fleet Maneuver: the ships eligible when the card resolves (in formation, not
        // entangled or aground), each offered its free turn in turn.
        self.free_turns = (0..self.n_ships as usize)
            .filter(|&i| {
                let s = &self.ships[i];
                self.ship_effect(i, Effect::FleetManeuver)
                    && s.can_act()
                    && !s.is_entangled()
                    && !s.aground
                    && self.in_formation(i)
            })
            .fold(0, |m, i| m | 1 << i);
        self.next_free_turn();
    }

    /// Raise the Black: every enemy ship within musket shot of a ship of a squadron
    /// playing it takes a skill test with 3 fewer dice, one after the other from `from`
    /// (`16 * command + ship`); a failure is 1 fatigue. Then the immediate effects.
    pub(crate) fn raise_the_black(&mut self, from: u8) {
        let musket = rules().ranges.musket;
        for key in from as usize..MAX_COMMANDS * 16 {
            let (c, j) = ((key / 16) as u8, key % 16);
            if j >= self.n_ships as usize
                || !self.command_exists(c as usize)
                || !self.effect(c, Effect::RaiseTheBlack)
            {
                continue;
            }
            let t = &self.ships[j];
            if t.side == c & 1 || !t.can_act() {
                continue;
            }
            let near = (0..self.n_ships as usize).any(|k| {
                self.ships[k].command() == c
                    && self.ships[k].can_act()
                    && self.distance(k, j) <= musket
            });
            if near {
                let mut pool = self.skill_test_pool(j, 3);
                pool.test = true;
                self.start_roll(pool, RollFor::RaiseTheBlack { key: key as u8 });
                return;
            }
        }
        self.immediate_effects();
    }

    /// The "immediately" effects on each ship (Fast Loader, Reload!, Take Courage), then
    /// the movement phase.
    fn immediate_effects(&mut self) {
        for i in 0..self.n_ships as usize {
            if !self.ships[i].can_act() {
                continue;
            }
            let c = self.ships[i].command();
            let formation = self.in_formation(i);
            let fast = self.effect(c, Effect::FastLoader);
            let reload = fast || (formation && self.effect(c, Effect::ReloadFormation));
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
            if formation && self.effect(c, Effect::TakeCourage) {
                let ship = &mut self.ships[i];
                ship.fatigue = ship.fatigue.saturating_sub(1);
            }
        }
        self.start_movement_phase();
    }

    /// Step 13: faced cards return to the hand, single-use ones are discarded; then the
    /// next turn, or the end of the game after the last.
    pub(crate) fn return_cards(&mut self) {
        for s in 0..MAX_COMMANDS {
            // A card borrowed by Adaptive Tactics stays the opponent's.
            let effect = if self.borrowed & (1 << s) != 0 {
                NONE
            } else {
                self.effect_card[s]
            };
            for c in [self.revealed[s], effect] {
                if c != NONE && cards().get(c as usize).is_some_and(|k| k.discard) {
                    self.hand[s] &= !(1 << c);
                    self.discarded[s] |= 1 << c;
                }
            }
            self.effect_card[s] = NONE;
        }
        self.borrowed = 0;
        self.turn += 1;
        self.start_turn();
    }

    /// Cards `side` holds that `viewer` has seen: shown face up or discarded.
    fn known_cards(&self, side: usize) -> CardSet {
        self.shown[side] | self.discarded[side]
    }

    /// A copy where the other side's unseen hand cards and face-down cards (every one of
    /// its squadrons) are drawn again, consistently with everything `player` has seen
    /// (cards shown, discards, hand sizes, the hand rules).
    pub(crate) fn resample(&self, player: u8, rng: &mut dyn RngCore) -> OakGame {
        let mut g = *self;
        let enemy = 1 - (player & 1) as usize;
        for o in (enemy..MAX_COMMANDS).step_by(2) {
            if self.command_exists(o) {
                self.resample_command(&mut g, o, rng);
            }
        }
        g
    }

    /// Draws command `o`'s unseen hand cards and face-down card again into `g`.
    fn resample_command(&self, g: &mut OakGame, o: usize, rng: &mut dyn RngCore) {
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
    }

    /// Hand size a command keeps after a lost admiral: 5 + the (new) admiral value.
    pub(crate) fn hand_limit(&self, c: usize) -> u32 {
        (rules().limits.hand_base + self.admiral[c % MAX_COMMANDS]) as u32
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
