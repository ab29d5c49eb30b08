//! The Oak & Iron game state: ships, terrain and both squadrons' cards in fixed arrays, the
//! phase cursor and the pending decision or chance node. Nothing here allocates; a clone
//! is one memcpy.

use serde::{Deserialize, Serialize};

use crate::plane::{Point, Rect};

use super::data::{
    cards, rule, rules, CardSet, Effect, Nation, Scenario, TerrainKind, MAX_COMMANDS, MAX_PER_SIDE,
    MAX_SHIPS, MAX_TERRAIN,
};
use super::dice::Pool;

/// No ship, card or side.
pub const NONE: u8 = u8::MAX;

/// Where a ship is.
pub mod status {
    /// On the table (which may be out of action or captured).
    pub const ON_TABLE: u8 = 0;
    /// Sunk in the end phase: removed, still out of action.
    pub const SUNK: u8 = 1;
    /// Removed from the battlefield: sailed off it, or destroyed where the capturer could
    /// not cut free.
    pub const REMOVED: u8 = 2;
}

/// Sail settings, lowest first (glossary: sail setting).
pub mod sail {
    pub const ANCHORED: u8 = 0;
    pub const MINIMAL: u8 = 1;
    pub const BATTLE: u8 = 2;
    pub const FULL: u8 = 3;
    pub const NAMES: [&str; 4] = ["anchored", "minimal sails", "battle sails", "full sails"];
}

/// One ship: its card (with upgrades and nationality folded in) and its condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ship {
    pub side: u8,
    /// Index among its side's ships (scenario order): the `k` and `j` of the catalogue.
    pub slot: u8,
    /// Its squadron (0 unless a fleet battle).
    pub squadron: u8,
    pub fortitude: u8,
    pub broadside: u8,
    pub crew: u8,
    pub windward: u8,
    pub large: u8,
    pub skill: u8,
    /// [`rule`] bits: card special rules, upgrades, nationality rules.
    pub rules: u16,
    pub base: Rect,
    pub fatigue: u8,
    pub damage: u8,
    /// [`sail`] setting.
    pub sail: u8,
    pub aground: bool,
    /// Ships (global indices, bits) this one is entangled with.
    pub entangled: u16,
    /// Reload markers on the port and starboard broadsides.
    pub reload: [bool; 2],
    /// [`status`].
    pub status: u8,
    /// The side that captured this ship, or [`NONE`].
    pub captured_by: u8,
    /// Destroyed in the end phase (a crippled token added to the shaken one).
    pub destroyed: bool,
    /// Wake marker: activated in this turn's movement phase.
    pub moved: bool,
    /// Activated in this turn's attack phase.
    pub attacked: bool,
    pub flagship: bool,
    /// Cut free this turn: speed at most 1 and no crew action in the movement phase.
    pub cut_free: bool,
    /// Her landing party token is ashore (glossary: landing party), at [`Ship::landing`].
    pub ashore: bool,
    /// Where her landing party token lies (meaningful only while [`Ship::ashore`]).
    pub landing: Point,
}

impl Ship {
    /// The command (squadron) this ship belongs to: `2 * squadron + side`, whose cards,
    /// admiral, fortune points and flagship it shares.
    pub fn command(&self) -> u8 {
        2 * self.squadron + self.side
    }
    pub fn has(&self, bit: u16) -> bool {
        self.rules & bit != 0
    }
    /// Fatigue at which the ship is shaken (7, or 10 with additional crew).
    pub fn shaken_limit(&self) -> u8 {
        let l = rules().limits;
        if self.has(rule::ADDITIONAL_CREW) {
            l.shaken_additional_crew
        } else {
            l.shaken
        }
    }
    /// Damage at which the ship is crippled (7, or 10 stout).
    pub fn crippled_limit(&self) -> u8 {
        let l = rules().limits;
        if self.has(rule::STOUT) {
            l.crippled_stout
        } else {
            l.crippled
        }
    }
    pub fn shaken(&self) -> bool {
        self.fatigue >= self.shaken_limit()
    }
    pub fn crippled(&self) -> bool {
        self.destroyed || self.damage >= self.crippled_limit()
    }
    /// Out of action: crippled and shaken (glossary: out of action).
    pub fn out_of_action(&self) -> bool {
        self.crippled() && self.shaken()
    }
    pub fn on_table(&self) -> bool {
        self.status == status::ON_TABLE
    }
    pub fn captured(&self) -> bool {
        self.captured_by != NONE
    }
    /// May be activated: on the table, not out of action, not captured.
    pub fn can_act(&self) -> bool {
        self.on_table() && !self.out_of_action() && !self.captured()
    }
    pub fn is_entangled(&self) -> bool {
        self.entangled != 0
    }
}

/// One piece of terrain in the state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Piece {
    /// 0 island, 1 rocks, 2 shoal, 3 fog ([`TerrainKind`] order).
    pub kind: u8,
    pub rect: Rect,
}

impl Piece {
    pub fn kind(&self) -> TerrainKind {
        match self.kind {
            0 => TerrainKind::Island,
            1 => TerrainKind::Rocks,
            2 => TerrainKind::Shoal,
            _ => TerrainKind::Fog,
        }
    }
    /// Islands and rocks stop a ship (a collision).
    pub fn solid(&self) -> bool {
        self.kind <= 1
    }
}

/// The phase of the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Building the hands and placing the first cards.
    Setup,
    Initiative,
    Movement,
    Attack,
    End,
}

/// What the state waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// `who` adds a card of its pool to its hand (set-up, hidden).
    BuildHand,
    /// `who` places next turn's card face down (hidden).
    PlaceCard,
    /// `who` picks the card its Await New Orders plays.
    AwaitOrders,
    /// `who` activates one of its ships.
    SelectShip,
    /// The active ship picks its seamanship action.
    Seamanship,
    /// The active ship turns with the speed 1 tool after a passed change-heading test.
    HeadingTurn,
    /// Fleet Maneuver: the active ship may make a free turn with the speed 1 tool.
    FreeTurn,
    /// Swift Vessels: the active ship may make a free speed 1 move straight ahead
    /// (`move`) or none (`move:end`).
    FreeMove,
    /// The active ship turns and moves.
    Moving,
    /// The active ship picks its crew action.
    CrewAction,
    /// The active ship picks its attack.
    AttackChoice,
    /// Small Arms: the side not moving answers the mover whose move just ended, with one
    /// of its ships, or declines.
    Reaction,
    /// The other broadside may fire too.
    SecondBroadside,
    /// Hull, crew or rigging.
    Aim,
    /// `who` decides how many missed dice its skill value rerolls (glossary: skill value).
    Reroll,
    /// `who` keeps the roll or spends a fortune point.
    Fortune,
    /// The attacker picks the direction of the helm hit's full turn.
    Helm,
    /// `who` captures or destroys entangled shaken enemies.
    Capture,
    /// `who` names a new flagship (or transfers the flag with a fortune point).
    LostAdmiral,
    /// `who` discards down to the hand of an untested admiral.
    DiscardDown,
    /// Chance: a batch of the current dice pool.
    Pool,
    /// Chance: one critical die rerolled.
    CritDie,
    /// Chance: the dice of a collision between ships.
    Collision,
    /// The game is over.
    Over,
}

impl Pending {
    pub fn is_chance(self) -> bool {
        matches!(self, Pending::Pool | Pending::CritDie | Pending::Collision)
    }
}

/// The active ship's activation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Activation {
    /// Global index of the active ship, or [`NONE`].
    pub ship: u8,
    /// Speed rating this activation.
    pub speed: u8,
    /// In the wind's eye at the start of the activation.
    pub wind_eye: bool,
    /// Turned before the move; turned after it.
    pub turned_before: bool,
    pub turned_after: bool,
    /// The move is done (or ended by a collision).
    pub moved: bool,
    /// A collision with this ship (global index) waits for its dice, or [`NONE`].
    pub collide_with: u8,
    /// The move crossed a shoal: the aground test waits.
    pub shoal: bool,
    /// The move in progress is a row (a crew action), not the move.
    pub rowing: bool,
    /// The move in progress is Swift Vessels' free speed 1 move, outside any activation.
    #[serde(default)]
    pub swift: bool,
    /// Crew action taken in the attack phase instead of an attack.
    pub attack_phase_crew: bool,
    /// Broadsides fired this activation (bit 0 port, bit 1 starboard).
    pub fired: u8,
    /// The attack in progress is the movement phase's crew action (Rolling Broadsides,
    /// Heavy Musket Volley, Elan).
    pub crew_attack: bool,
    /// Boarding Through the Smoke: the enemy (global index) boarded after the partial fire
    /// in progress.
    pub board_after: Option<u8>,
    /// Adjust Position / Engage More Closely: the free sideways shift is made.
    pub shifted: bool,
    /// This activation is a reaction's free attack (Small Arms: no damage or critical
    /// hits); the interrupted activation resumes after it.
    pub reacting: bool,
}

/// What a seamanship or crew skill test is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestFor {
    Heading,
    Faster,
    Slower,
    CutFree,
    /// Boarding the ship with this global index.
    Board(u8),
    /// Repairing off an aground token.
    Float,
}

/// What the current dice pool decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollFor {
    Test(TestFor),
    Attack,
    /// The challenge test: side 0's roll, then side 1's (side 0's hits kept).
    Challenge { side: u8, first_hits: u8 },
    Shoal,
    Sink { ship: u8 },
    AdmiralLoss,
    /// Raise the Black's skill test (`key`: 16 * command playing it + ship tested).
    RaiseTheBlack { key: u8 },
    /// Zeal: a friendly ship's skill test after the flagship rallied (ship tested).
    Zeal { ship: u8 },
}

/// The attack in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Attack {
    /// 0 broadside, 1 partial fire, 2 close combat.
    pub kind: u8,
    pub attacker: u8,
    pub target: u8,
    /// Broadside: 0 port, 1 starboard.
    pub side: u8,
    /// Range band: 0 yardarm/pistol, 1 musket, 2 cannon, 3 past cannon (fog).
    pub band: u8,
    /// 0 hull, 1 crew, 2 rigging.
    pub aim: u8,
    /// 0 no rake, 1 rake, 2 rake through the stern.
    pub rake: u8,
    /// Close combat from the attacker's bow or stern (skulls only hit).
    pub from_end: bool,
    /// Close combat between landing parties (glossary: landing party close combat): the
    /// attacker's landing party on the target's.
    pub landing: bool,
    /// Critical dice still to reroll, and the tally (hull, rigging, crew).
    pub crit_left: u8,
    pub hull: u8,
    pub rigging: u8,
    pub crew: u8,
}

pub mod attack_kind {
    pub const BROADSIDE: u8 = 0;
    pub const PARTIAL: u8 = 1;
    pub const CLOSE: u8 = 2;
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A squadron had more strike points than active ships (withdrawal).
    Withdrawal,
    /// The end of the last turn: fewer strike points wins, a tie the defender.
    LastTurn,
    Resignation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub winner: Option<u8>,
    pub reason: EndReason,
    pub strike_points: [u8; 2],
}

/// Options of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OakOptions {
    pub resignation: bool,
}

impl Default for OakOptions {
    fn default() -> Self {
        Self { resignation: true }
    }
}

/// A game of Oak & Iron.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct OakGame {
    pub ships: [Ship; MAX_SHIPS],
    pub n_ships: u8,
    pub terrain: [Piece; MAX_TERRAIN],
    pub n_terrain: u8,
    /// Table width and depth, mils.
    pub table: [i32; 2],
    /// Scrolling sea (optional rule, [`super::scroll`]): how far everything shifts when a
    /// ship would sail off the table, mils; 0 when the scenario does not use it.
    #[serde(default)]
    pub scroll: i32,
    /// Heading the wind blows from (the weather edge: 0 north, 90 east, ...).
    pub wind_from: u16,
    pub nations: [Nation; 2],
    /// Admiral value of each command.
    pub admiral: [u8; MAX_COMMANDS],
    pub defender: u8,
    pub turns: u8,
    /// The turn being played, from 1.
    pub turn: u8,
    pub phase: Phase,
    pub pending: Pending,
    /// The side deciding now (decisions only).
    pub who: u8,
    /// The side with the initiative this turn.
    pub first: u8,
    /// Squadrons per side (1 unless a fleet battle: glossary, fleet battles).
    pub squadrons: [u8; 2],
    /// The command (squadron) deciding in the card steps (set-up, face-down card, Await
    /// New Orders, discard down, lost admirals); its side is `who`.
    pub cmd: u8,
    /// Fleet battles' movement phase: the squadron activating now, or [`NONE`].
    pub squad_active: u8,
    /// The arrays below are per command (`2 * squadron + side`; see [`MAX_COMMANDS`]):
    /// in a one-squadron game entries 0 and 1 are the two sides.
    /// Cards each command may choose from (bits of `cards.toml` rows).
    pub pool: [CardSet; MAX_COMMANDS],
    /// Each command's initiative hand (every card not discarded, face-down and face-up
    /// ones included). Hidden from the other side.
    pub hand: [CardSet; MAX_COMMANDS],
    pub hand_size: [u8; MAX_COMMANDS],
    /// Discarded single-use cards (public).
    pub discarded: [CardSet; MAX_COMMANDS],
    /// Every card a command has shown face up (public).
    pub shown: [CardSet; MAX_COMMANDS],
    /// This turn's face-up card, or [`NONE`].
    pub revealed: [u8; MAX_COMMANDS],
    /// The face-down card for next turn, or [`NONE`]. Hidden from the other side.
    pub next: [u8; MAX_COMMANDS],
    /// The card whose effect applies this turn (Await New Orders plays another).
    pub effect_card: [u8; MAX_COMMANDS],
    pub fortune: [u8; MAX_COMMANDS],
    /// Commands (bits) whose effect card this turn is the opponent's discarded card,
    /// borrowed by Adaptive Tactics (it is not theirs to discard).
    pub borrowed: u8,
    /// Fleet Maneuver: ships (bits) still to be offered their free turn.
    pub free_turns: u16,
    /// Swift Vessels: ships (bits) still to be offered their free speed 1 move.
    #[serde(default)]
    pub swift_moves: u16,
    pub act: Activation,
    /// The mover's activation, saved while a reaction interrupts it ([`Pending::Reaction`]
    /// and the reaction's attack).
    pub interrupted: Option<Activation>,
    /// Small Arms has answered the interrupted move (one ship only); Fire as She Bears'
    /// ships may still fire.
    #[serde(default)]
    pub small_arms_spent: bool,
    pub roll: Pool,
    pub roll_for: RollFor,
    pub attack: Attack,
    /// End phase: the next ship to check for sinking.
    pub end_cursor: u8,
    pub ending: Option<Ending>,
    pub options: OakOptions,
}

impl OakGame {
    /// A new game of `scenario`: hands are built first (set-up).
    pub fn new(scenario: &Scenario, options: OakOptions) -> OakGame {
        let l = rules().limits;
        let mut ships = [Ship::default(); MAX_SHIPS];
        let mut slots = [0u8; 2];
        for (i, s) in scenario.ships.iter().take(MAX_SHIPS).enumerate() {
            let side = s.side & 1;
            let nation = scenario.nations[side as usize];
            ships[i] = Ship {
                side,
                slot: slots[side as usize],
                squadron: s.squadron,
                fortitude: s.class.fortitude,
                broadside: s.class.broadside,
                crew: s.class.crew,
                windward: s.class.windward + u8::from(s.weatherly),
                large: s.class.large + u8::from(s.swift),
                skill: s.skill,
                rules: s.class.rules | s.upgrades | nation.play_rules(),
                base: s.base,
                sail: sail::BATTLE,
                captured_by: NONE,
                flagship: s.flagship,
                ..Ship::default()
            };
            slots[side as usize] += 1;
        }
        let mut terrain = [Piece::default(); MAX_TERRAIN];
        for (k, t) in scenario.terrain.iter().take(MAX_TERRAIN).enumerate() {
            terrain[k] = Piece {
                kind: t.kind as u8,
                rect: t.rect,
            };
        }
        let squadrons = [scenario.squadrons(0), scenario.squadrons(1)];
        let exists = |c: usize| (c as u8 >> 1) < squadrons[c & 1];
        let per_command = |f: &dyn Fn(u8) -> u8, absent: u8| {
            std::array::from_fn(|c| if exists(c) { f(c as u8) } else { absent })
        };
        let pools: [CardSet; MAX_COMMANDS] = std::array::from_fn(|c| {
            if exists(c) {
                scenario.card_pool_of(c as u8)
            } else {
                0
            }
        });
        OakGame {
            ships,
            n_ships: scenario.ships.len().min(MAX_SHIPS) as u8,
            terrain,
            n_terrain: scenario.terrain.len().min(MAX_TERRAIN) as u8,
            table: scenario.table,
            scroll: if scenario.scrolling_sea {
                rules().ranges.musket
            } else {
                0
            },
            wind_from: scenario.wind_from,
            nations: scenario.nations,
            admiral: per_command(&|c| scenario.admiral_of(c), 0),
            defender: scenario.defender,
            turns: scenario.turns,
            turn: 1,
            phase: Phase::Setup,
            pending: Pending::BuildHand,
            who: 0,
            first: 0,
            squadrons,
            cmd: 0,
            squad_active: NONE,
            pool: pools,
            hand: [0; MAX_COMMANDS],
            hand_size: per_command(&|c| scenario.hand_size(c), 0),
            discarded: [0; MAX_COMMANDS],
            shown: [0; MAX_COMMANDS],
            revealed: [NONE; MAX_COMMANDS],
            next: [NONE; MAX_COMMANDS],
            effect_card: [NONE; MAX_COMMANDS],
            fortune: per_command(&|_| l.fortune_points, 0),
            borrowed: 0,
            free_turns: 0,
            swift_moves: 0,
            act: Activation {
                ship: NONE,
                collide_with: NONE,
                ..Activation::default()
            },
            interrupted: None,
            small_arms_spent: false,
            roll: Pool::default(),
            roll_for: RollFor::Attack,
            attack: Attack::default(),
            end_cursor: 0,
            ending: None,
            options,
        }
    }

    /// The ships in play, scenario order.
    pub fn ships(&self) -> &[Ship] {
        &self.ships[..self.n_ships as usize]
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.terrain[..self.n_terrain as usize]
    }

    /// The global index of `side`'s ship in `slot`.
    pub fn ship_at(&self, side: u8, slot: usize) -> Option<usize> {
        if slot >= MAX_PER_SIDE {
            return None;
        }
        self.ships()
            .iter()
            .position(|s| s.side == side && s.slot as usize == slot)
    }

    /// Whether this is a fleet battle (a side with several squadrons).
    pub fn is_fleet(&self) -> bool {
        self.squadrons[0] > 1 || self.squadrons[1] > 1
    }

    /// Whether command `c` exists in this game.
    pub fn command_exists(&self, c: usize) -> bool {
        c < MAX_COMMANDS && (c as u8 >> 1) < self.squadrons[c & 1]
    }

    /// The commands in play, in order (a side's first squadron is its side number).
    pub fn commands(&self) -> impl Iterator<Item = u8> + '_ {
        (0..MAX_COMMANDS as u8).filter(|&c| self.command_exists(c as usize))
    }

    /// Fortune points of the squadrons of `side` together.
    pub fn fortune_of(&self, side: u8) -> u8 {
        (side as usize..MAX_COMMANDS)
            .step_by(2)
            .map(|c| self.fortune[c])
            .sum()
    }

    /// Cards in the hands of `side`'s squadrons together.
    pub fn fleet_hand_cards(&self, side: u8) -> u32 {
        (side as usize..MAX_COMMANDS)
            .step_by(2)
            .map(|c| self.hand[c].count_ones())
            .sum()
    }

    /// Whether command `c` still has a ship that can act (glossary, fleet battles: an
    /// entire squadron captured or out of action plays no initiative card).
    pub fn command_alive(&self, c: u8) -> bool {
        self.ships().iter().any(|s| s.command() == c && s.can_act())
    }

    /// Whether command `c`'s card effect this turn is `e` (a one-squadron game's
    /// commands are its sides).
    pub fn effect(&self, c: u8, e: Effect) -> bool {
        let card = self.effect_card[c as usize % MAX_COMMANDS];
        card != NONE && cards().get(card as usize).is_some_and(|k| k.effect == e)
    }

    /// The amount of command `c`'s card effect `e` this turn (0 when it is not in play).
    pub fn effect_amount(&self, c: u8, e: Effect) -> u8 {
        if self.effect(c, e) {
            cards()[self.effect_card[c as usize % MAX_COMMANDS] as usize].amount
        } else {
            0
        }
    }

    /// Whether ship `i`'s squadron plays card effect `e` this turn.
    pub fn ship_effect(&self, i: usize, e: Effect) -> bool {
        self.effect(self.ships[i].command(), e)
    }

    /// Fatigue as the dice see it (Bravado: none while not shaken).
    pub fn dice_fatigue(&self, i: usize) -> u8 {
        let s = &self.ships[i];
        if !s.shaken() && self.effect(s.command(), Effect::Bravado) {
            0
        } else {
            s.fatigue
        }
    }

    /// The flagship of command `c` (a squadron), if it has one on the table.
    pub fn flagship(&self, c: u8) -> Option<usize> {
        self.ships()
            .iter()
            .position(|s| s.command() == c && s.flagship && s.on_table())
    }

    /// Strike points of `side`: 1 per crippled ship, 2 per ship captured, destroyed, out
    /// of action, sunk or removed (glossary: strike points; quick reference step 10).
    pub fn strike_points(&self, side: u8) -> u8 {
        self.ships()
            .iter()
            .filter(|s| s.side == side)
            .map(|s| {
                if !s.on_table() || s.captured() || s.out_of_action() {
                    2
                } else if s.crippled() {
                    1
                } else {
                    0
                }
            })
            .sum()
    }

    /// Active ships of `side` for withdrawal: its own ships on the table not aground, out of
    /// action or captured, plus enemy ships it has captured.
    pub fn active_ships(&self, side: u8) -> u8 {
        self.ships()
            .iter()
            .filter(|s| {
                (s.side == side && s.on_table() && !s.aground && !s.out_of_action() && !s.captured())
                    || (s.side != side && s.on_table() && s.captured_by == side)
            })
            .count() as u8
    }

    /// The side deciding now, if a player decides.
    pub fn decider(&self) -> Option<u8> {
        if self.pending == Pending::Over || self.pending.is_chance() {
            None
        } else {
            Some(self.who)
        }
    }
}
