//! Oak & Iron's data: the die, ranges, speed tools and limits (`rules.toml`), the ship
//! cards (`classes.toml`), the initiative cards (`cards.toml`), the nationalities, and
//! scenarios. Every file is read with serde and checked on load; numbers the glossary
//! leaves out are substitutes from the rules notes, listed in `docs/rulesets/oak.md`.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data_files::{from_toml, RawTable};
use crate::error::DataError;
use crate::plane::{on_table, rects_overlap, Point, Rect, MILS_PER_INCH};

/// Most ships a side may have.
pub const MAX_PER_SIDE: usize = 8;
/// Most ships in a scenario.
pub const MAX_SHIPS: usize = 2 * MAX_PER_SIDE;
/// Most squadrons a side may have (glossary: fleet battles, "2-4 squadrons each").
pub const MAX_SQUADRONS: usize = 4;
/// Most commands (squadrons of both sides): command `2 * squadron + side`, so a side's
/// first squadron is command `side` and a one-squadron game has commands 0 and 1.
pub const MAX_COMMANDS: usize = 2 * MAX_SQUADRONS;
/// Most initiative cards in `cards.toml` (cards are bits of a [`CardSet`]; version 6
/// widened the sets from 32 to 64 cards).
pub const MAX_CARDS: usize = 64;
/// A set of initiative cards, bit `c` for row `c` of `cards.toml`.
pub type CardSet = u64;
/// Most terrain pieces in a scenario.
pub const MAX_TERRAIN: usize = 8;
/// Longest game a scenario may ask for, in turns.
const MAX_TURNS: u8 = 50;
/// Table sides, inches.
const TABLE_INCHES: (f64, f64) = (12.0, 96.0);
const RULESET: &str = "oak";

const RULES_FILE: &str = "oak/rules.toml";
const RULES_TOML: &str = include_str!("../../data/oak/rules.toml");
const CLASSES_FILE: &str = "oak/classes.toml";
const CLASSES_TOML: &str = include_str!("../../data/oak/classes.toml");
const CARDS_FILE: &str = "oak/cards.toml";
const CARDS_TOML: &str = include_str!("../../data/oak/cards.toml");
const BUILTIN_SCENARIO_FILES: [(&str, &str); 5] = [
    (
        "engagement.toml",
        include_str!("../../data/oak/scenarios/engagement.toml"),
    ),
    ("duel.toml", include_str!("../../data/oak/scenarios/duel.toml")),
    (
        "fleet-battle.toml",
        include_str!("../../data/oak/scenarios/fleet-battle.toml"),
    ),
    (
        "patrol.toml",
        include_str!("../../data/oak/scenarios/patrol.toml"),
    ),
    (
        "duel-scrolling.toml",
        include_str!("../../data/oak/scenarios/duel-scrolling.toml"),
    ),
];
/// The scenario played when none is named.
pub const DEFAULT_SCENARIO: &str = "engagement";

/// Special rules and upgrades of a ship, as bits (ship card, upgrades and nationality).
pub mod rule {
    pub const SMALL: u16 = 1;
    pub const FORE_AND_AFT: u16 = 1 << 1;
    pub const YARE: u16 = 1 << 2;
    pub const HIGH_FREEBOARD: u16 = 1 << 3;
    pub const VERY_HIGH_FREEBOARD: u16 = 1 << 4;
    pub const FAST: u16 = 1 << 5;
    pub const SHALLOW_DRAFT: u16 = 1 << 6;
    pub const STOUT: u16 = 1 << 7;
    pub const ADDITIONAL_CREW: u16 = 1 << 8;
    pub const SWEEPS: u16 = 1 << 9;
    pub const EXPERT_BOARDERS: u16 = 1 << 10;
    pub const SKILLED_SAILORS: u16 = 1 << 11;
    pub const EXPERT_GUN_CREW: u16 = 1 << 12;
    pub const RUTHLESS: u16 = 1 << 13;
    pub const ADDITIONAL_GUNS: u16 = 1 << 14;
    /// Names in class and scenario files.
    pub const NAMES: [(&str, u16); 15] = [
        ("small", SMALL),
        ("fore_and_aft", FORE_AND_AFT),
        ("yare", YARE),
        ("high_freeboard", HIGH_FREEBOARD),
        ("very_high_freeboard", VERY_HIGH_FREEBOARD),
        ("fast", FAST),
        ("shallow_draft", SHALLOW_DRAFT),
        ("stout", STOUT),
        ("additional_crew", ADDITIONAL_CREW),
        ("sweeps", SWEEPS),
        ("expert_boarders", EXPERT_BOARDERS),
        ("skilled_sailors", SKILLED_SAILORS),
        ("expert_gun_crew", EXPERT_GUN_CREW),
        ("ruthless", RUTHLESS),
        ("additional_guns", ADDITIONAL_GUNS),
    ];
    /// Ship-card upgrades a scenario may buy (glossary: upgrade - ship card; swift and
    /// weatherly change the speeds and are not kept as bits).
    pub const UPGRADES: [&str; 6] = [
        "additional_crew",
        "additional_guns",
        "sweeps",
        "stout",
        "swift",
        "weatherly",
    ];
}

/// Faces of the custom d8 that show each symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Die {
    pub skull: u8,
    pub cannon: u8,
    pub musket: u8,
    pub pistol: u8,
    pub sail: u8,
    pub sword: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranges {
    pub yardarm: i32,
    pub pistol: i32,
    pub musket: i32,
    pub cannon: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tools {
    /// Move of speed tool `s` at index `s - 1`, mils.
    pub r#move: [i32; 5],
    /// Largest turn of speed tool `s` at index `s - 1`, degrees.
    pub max_turn: [i32; 5],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    pub length: i32,
    pub beam: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    pub shaken: u8,
    pub shaken_additional_crew: u8,
    pub crippled: u8,
    pub crippled_stout: u8,
    pub skill_test_dice: u8,
    pub close_combat_base: u8,
    pub crippled_max_speed: u8,
    pub max_speed: u8,
    pub fortune_points: u8,
    pub hand_base: u8,
    pub turns: u8,
    pub hand_max_same_value: u8,
    pub hand_min_kept: u8,
    pub terrain_collision_damage: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub admiral: [u32; 3],
    pub skill: [u32; 3],
    pub additional_crew: u32,
    pub additional_guns: u32,
    pub sweeps: u32,
    pub stout: u32,
    pub swift: u32,
    pub weatherly: u32,
}

/// The rule numbers of `rules.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub die: Die,
    pub ranges: Ranges,
    pub tools: Tools,
    pub base: Base,
    pub limits: Limits,
    pub points: Points,
}

/// Parses and checks `rules.toml`.
pub fn parse_rules(text: &str, file: &str) -> Result<Rules, DataError> {
    let r: Rules = from_toml(text, file)?;
    let bad = |f: &str, p: String| Err(DataError::invalid(file, f, p));
    let d = r.die;
    let faces = [d.skull, d.cannon, d.musket, d.pistol, d.sail, d.sword];
    if faces.iter().map(|&f| f as u32).sum::<u32>() != 8 {
        return bad("die", "the six face counts must sum to 8 (a d8)".into());
    }
    let g = r.ranges;
    if !(0 < g.yardarm && g.yardarm < g.pistol && g.pistol < g.musket && g.musket < g.cannon)
        || g.cannon > 48 * MILS_PER_INCH
    {
        return bad(
            "ranges",
            "need 0 < yardarm < pistol < musket < cannon <= 48 inches".into(),
        );
    }
    if r.tools.r#move.iter().any(|&m| !(1..=20 * MILS_PER_INCH).contains(&m))
        || r.tools.max_turn.iter().any(|&t| !(0..=90).contains(&t) || t % 15 != 0)
    {
        return bad(
            "tools",
            "moves 1..=20 inches; turns 0..=90 degrees in 15-degree steps".into(),
        );
    }
    if !(100..=20 * MILS_PER_INCH).contains(&r.base.length)
        || !(100..=r.base.length).contains(&r.base.beam)
    {
        return bad("base", "length 0.1..=20 inches, beam at most the length".into());
    }
    let l = r.limits;
    let ok = (1..=20).contains(&l.shaken)
        && (l.shaken..=30).contains(&l.shaken_additional_crew)
        && (1..=20).contains(&l.crippled)
        && (l.crippled..=30).contains(&l.crippled_stout)
        && (1..=10).contains(&l.skill_test_dice)
        && l.close_combat_base <= 10
        && l.crippled_max_speed <= l.max_speed
        && (1..=5).contains(&l.max_speed)
        && l.fortune_points <= 20
        && (1..=12).contains(&l.hand_base)
        && (1..=MAX_TURNS).contains(&l.turns)
        && (1..=4).contains(&l.hand_max_same_value)
        && l.hand_min_kept <= l.hand_base
        && l.terrain_collision_damage <= 10;
    if !ok {
        return bad("limits", "a limit is outside its bounds (see the file's comments)".into());
    }
    Ok(r)
}

/// The embedded rule numbers.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    crate::data_files::embedded(&R, RULES_TOML, RULES_FILE, parse_rules)
}

/// A ship card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    pub name: String,
    pub points: u32,
    pub fortitude: u8,
    pub broadside: u8,
    pub crew: u8,
    pub windward: u8,
    pub large: u8,
    /// [`rule`] bits of the card's special rules.
    pub rules: u16,
    /// A ship of the line.
    pub line: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClasses {
    class: Vec<RawClass>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClass {
    name: String,
    points: u32,
    fortitude: u8,
    broadside: u8,
    crew: u8,
    windward: u8,
    large: u8,
    #[serde(default)]
    rules: Vec<String>,
    #[serde(default)]
    line: bool,
}

fn rule_bits(names: &[String], file: &str, field: &str) -> Result<u16, DataError> {
    let mut bits = 0;
    for n in names {
        let b = rule::NAMES
            .iter()
            .find(|(k, _)| *k == n.trim())
            .map(|(_, b)| *b)
            .ok_or_else(|| {
                DataError::invalid(
                    file,
                    field,
                    format!(
                        "`{n}` is not a special rule (one of {})",
                        rule::NAMES.map(|(k, _)| k).join(", ")
                    ),
                )
            })?;
        bits |= b;
    }
    Ok(bits)
}

/// Parses and checks `classes.toml`.
pub fn parse_classes(text: &str, file: &str) -> Result<Vec<Class>, DataError> {
    let raw: RawClasses = from_toml(text, file)?;
    let mut out: Vec<Class> = Vec::new();
    for (i, c) in raw.class.into_iter().enumerate() {
        let field = format!("class[{i}]");
        let ok = !c.name.trim().is_empty()
            && c.points <= 500
            && (1..=6).contains(&c.fortitude)
            && (1..=20).contains(&c.broadside)
            && (1..=10).contains(&c.crew)
            && c.windward <= 5
            && c.large <= 5;
        if !ok {
            return Err(DataError::invalid(
                file,
                field,
                "needs a name, points <= 500, fortitude 1..=6, broadside 1..=20, crew 1..=10, \
                 speeds 0..=5",
            ));
        }
        if out.iter().any(|o| o.name == c.name) {
            return Err(DataError::invalid(file, field, "a second class of that name"));
        }
        let rules = rule_bits(&c.rules, file, &field)?;
        out.push(Class {
            name: c.name,
            points: c.points,
            fortitude: c.fortitude,
            broadside: c.broadside,
            crew: c.crew,
            windward: c.windward,
            large: c.large,
            rules,
            line: c.line,
        });
    }
    if out.is_empty() || out.len() > 64 {
        return Err(DataError::invalid(file, "class", "needs 1..=64 classes"));
    }
    Ok(out)
}

/// The embedded ship cards.
pub fn classes() -> &'static [Class] {
    static C: OnceLock<Vec<Class>> = OnceLock::new();
    crate::data_files::embedded_list(&C, CLASSES_TOML, CLASSES_FILE, parse_classes)
}

/// A nationality (glossary: nationality; each with its special rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Dutch,
    English,
    French,
    Pirate,
    Spanish,
}

impl Nation {
    pub const ALL: [Nation; 5] = [
        Nation::Dutch,
        Nation::English,
        Nation::French,
        Nation::Pirate,
        Nation::Spanish,
    ];
    pub fn name(self) -> &'static str {
        ["dutch", "english", "french", "pirate", "spanish"][self as usize]
    }
    /// The special rules every ship of the squadron has in play (Dutch: expert boarders,
    /// shallow draft, skilled sailors; English: expert gun crew, skilled sailors; French:
    /// expert boarders; pirates: shallow draft; Spanish: ruthless). The building rules
    /// (fast ships, heavily armed, manpower, stout ships, rogues) act on points and lists.
    pub fn play_rules(self) -> u16 {
        match self {
            Nation::Dutch => rule::EXPERT_BOARDERS | rule::SHALLOW_DRAFT | rule::SKILLED_SAILORS,
            Nation::English => rule::EXPERT_GUN_CREW | rule::SKILLED_SAILORS,
            Nation::French => rule::EXPERT_BOARDERS,
            Nation::Pirate => rule::SHALLOW_DRAFT,
            Nation::Spanish => rule::RUTHLESS,
        }
    }
    /// Whether a squadron of this nation has the Multinational special rule (glossary:
    /// pirates; multinational, "This squadron may choose initiative cards from the pirate
    /// nation and 1 other nation").
    pub fn multinational(self) -> bool {
        self == Nation::Pirate
    }
    fn parse(s: &str) -> Option<Nation> {
        Nation::ALL.into_iter().find(|n| n.name() == s.trim())
    }
}

/// What an initiative card does (the effects `cards.toml` may name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Await New Orders: play another card of the hand with this card's value.
    AwaitOrders,
    /// Down!: each attack causes 1 fatigue less to this squadron (minimum 0).
    Down,
    /// Careful Aim: critical dice that show no effect are rolled once more.
    CarefulAim,
    /// Take Courage: ships in formation remove 1 fatigue at once.
    TakeCourage,
    /// Effective Fire / Superior Firepower: broadside value + amount this turn.
    BroadsideBonus,
    /// Reload!: ships in formation remove a reload marker at once.
    ReloadFormation,
    /// Lee Gauge Fire: musket results hit at cannon shot against a target wholly upwind.
    LeeGauge,
    /// Shoals Ahead: the squadron ignores shoals.
    ShoalsAhead,
    /// Favorable Wind: ships sailing large, not entangled or aground, speed + 1.
    FavorableWind,
    /// Seize the Opportunity: ships not in formation roll `amount` more dice in attacks.
    SeizeOpportunity,
    /// Adjust Formation: a ship within pistol shot of a friendly ship is in formation.
    AdjustFormation,
    /// Fast Loader: every ship removes a reload marker at once.
    FastLoader,
    /// Target Rigging: `amount` more dice in attacks against rigging.
    RiggingBonus,
    /// Boarders Away: boarding tests against ships at minimal sails or anchored pass.
    BoardersAway,
    /// Repel Boarders: close combat against this squadron hits on skulls only.
    RepelBoarders,
    /// Aggression: an attack within musket shot with a hit causes 1 more fatigue.
    Aggression,
    /// Resilient: damage from each attack on this squadron less 1 (minimum 1).
    Resilient,
    /// Bravado: ships that are not shaken count no fatigue.
    Bravado,
    /// Deception: this squadron cannot be attacked at cannon shot.
    Deception,
    /// Rolling Broadsides: a crew action may be an attack in the movement phase.
    RollingBroadsides,
    /// Heavy Musket Volley: a crew action may be partial fire in the movement phase,
    /// causing no damage or critical hits.
    HeavyMusketVolley,
    /// Elan: a crew action may be partial fire or close combat in the movement phase,
    /// with 1 more die.
    Elan,
    /// Adaptive Tactics: play the effect of one of the opponent's discarded cards.
    AdaptiveTactics,
    /// Raise the Black: every enemy ship within musket shot of this squadron takes a
    /// skill test with 3 fewer dice at once; a failure is 1 fatigue.
    RaiseTheBlack,
    /// Expert Boarding: a successful boarding action in the movement phase is followed by
    /// a free close combat attack.
    ExpertBoarding,
    /// Zeal: when the flagship rallies, each friendly ship within musket shot takes a skill
    /// test; a success removes 1 fatigue.
    Zeal,
    /// Fleet Maneuver: ships in formation, not entangled or aground, may make a free turn
    /// with the speed 1 tool at once.
    FleetManeuver,
    /// Boarding Through the Smoke: a boarding crew action is preceded by a free partial
    /// fire at the ship boarded.
    BoardingThroughSmoke,
    /// Adjust Position: ships in formation or within pistol shot of a friendly ship, not
    /// entangled or aground, may shift directly sideways (up to speed 1) at the beginning
    /// or end of their move.
    AdjustPosition,
    /// Engage More Closely: ships not entangled or aground may shift directly sideways (up
    /// to speed 1) at the beginning or end of their move; ships within pistol shot roll
    /// `amount` more dice in broadside attacks.
    EngageMoreClosely,
    /// Small Arms: when an enemy ship ends its move within pistol shot of ships of this
    /// squadron, one of them may make a free partial fire at her, causing no damage or
    /// critical hits.
    SmallArms,
    /// Swift Vessels: ships not in the wind's eye, entangled or aground may make a free
    /// speed 1 move at once.
    SwiftVessels,
    /// Fire as She Bears: ships in formation may make a free broadside at an enemy ship
    /// that ends her move (ours; the card: moves) in their legal firing position.
    FireAsSheBears,
}

/// An initiative card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub name: String,
    pub value: u8,
    /// `None`: any nationality.
    pub nation: Option<Nation>,
    pub effect: Effect,
    pub amount: u8,
    /// Single use: discarded in the end phase.
    pub discard: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    card: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    name: String,
    value: u8,
    nation: String,
    effect: Effect,
    #[serde(default)]
    amount: u8,
    #[serde(default)]
    discard: bool,
}

/// Parses and checks `cards.toml`.
pub fn parse_cards(text: &str, file: &str) -> Result<Vec<Card>, DataError> {
    let raw: RawCards = from_toml(text, file)?;
    if raw.card.is_empty() || raw.card.len() > MAX_CARDS {
        return Err(DataError::invalid(
            file,
            "card",
            format!("needs 1..={MAX_CARDS} cards"),
        ));
    }
    let mut out: Vec<Card> = Vec::new();
    for (i, c) in raw.card.into_iter().enumerate() {
        let field = format!("card[{i}]");
        let nation = if c.nation.trim() == "all" {
            None
        } else {
            Some(Nation::parse(&c.nation).ok_or_else(|| {
                DataError::invalid(file, &field, format!("`{}` is not a nation or `all`", c.nation))
            })?)
        };
        if c.name.trim().is_empty() || !(1..=9).contains(&c.value) || c.amount > 5 {
            return Err(DataError::invalid(
                file,
                field,
                "needs a name, a value 1..=9 and an amount 0..=5",
            ));
        }
        if out.iter().any(|o| o.name == c.name) {
            return Err(DataError::invalid(file, field, "a second card of that name"));
        }
        out.push(Card {
            name: c.name,
            value: c.value,
            nation,
            effect: c.effect,
            amount: c.amount,
            discard: c.discard,
        });
    }
    Ok(out)
}

/// The embedded initiative cards.
pub fn cards() -> &'static [Card] {
    static C: OnceLock<Vec<Card>> = OnceLock::new();
    crate::data_files::embedded_list(&C, CARDS_TOML, CARDS_FILE, parse_cards)
}

/// The cards a squadron of `nation` may put in its hand (glossary: initiative hand, valid
/// nationality symbol or none), as bits.
pub fn card_pool(nation: Nation) -> CardSet {
    cards()
        .iter()
        .enumerate()
        .filter(|(_, c)| c.nation.is_none() || c.nation == Some(nation))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The cards a squadron of `nation` may choose from when it also takes the cards of
/// `second` (glossary: multinational; the generic cards, `nation`'s and `second`'s).
pub fn squadron_pool(nation: Nation, second: Option<Nation>) -> CardSet {
    card_pool(nation) | second.map_or(0, card_pool)
}

/// Whether card `c` may join `hand` (bits) that will hold `size` cards: not already in it,
/// at most the allowed number of one value, and room left for the cards kept after use.
pub fn card_fits(hand: CardSet, c: usize, size: u8) -> bool {
    let all = cards();
    let l = rules().limits;
    if c >= all.len() || hand & (1 << c) != 0 || hand.count_ones() >= size as u32 {
        return false;
    }
    let same = (0..all.len())
        .filter(|&k| hand & (1 << k) != 0 && all[k].value == all[c].value)
        .count();
    if same >= l.hand_max_same_value as usize {
        return false;
    }
    let kept = (0..all.len())
        .filter(|&k| hand & (1 << k) != 0 && !all[k].discard)
        .count()
        + usize::from(!all[c].discard);
    let left = size as usize - hand.count_ones() as usize - 1;
    kept + left >= l.hand_min_kept.min(size) as usize
}

/// The glossary's game sizes (creating a squadron: game size), with their ships per
/// squadron.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameSize {
    /// 50 points, 2-4 ships per squadron, no ships of the line.
    Patrol,
    /// 100 points, 3-8 ships per squadron.
    Skirmish,
    /// 200 points, 4-10 ships per squadron.
    Engagement,
}

impl GameSize {
    /// The fewest and most ships a squadron of this size has.
    pub fn ships(self) -> (usize, usize) {
        match self {
            GameSize::Patrol => (2, 4),
            GameSize::Skirmish => (3, 8),
            GameSize::Engagement => (4, 10),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            GameSize::Patrol => "patrol",
            GameSize::Skirmish => "skirmish",
            GameSize::Engagement => "engagement",
        }
    }
}

/// A kind of terrain (glossary: terrain and weather).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    /// Islands and land masses: block movement and line of sight.
    Island,
    /// Rocks: block movement.
    Rocks,
    /// Shoals: a ship passing over tests to run aground.
    Shoal,
    /// Fog banks: shots into or through are one range band farther.
    Fog,
}

/// One piece of terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Terrain {
    pub name: String,
    pub kind: TerrainKind,
    pub rect: Rect,
}

/// One ship of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioShip {
    pub name: String,
    pub side: u8,
    pub class: Class,
    pub flagship: bool,
    /// The ship's squadron (0 in a one-squadron game; fleet battles have 2-4 a side).
    #[serde(default)]
    pub squadron: u8,
    /// The admiral value aboard a flagship of a squadron other than the first (the first
    /// squadron's admiral is the scenario's `admirals` entry).
    #[serde(default)]
    pub admiral: u8,
    /// Multinational (pirates): the other nation whose initiative cards this flagship's
    /// squadron may also choose (glossary: multinational). Only on a squadron's flagship.
    #[serde(default)]
    pub second_nation: Option<Nation>,
    pub skill: u8,
    /// Upgrade bits ([`rule`]) and the speed upgrades.
    pub upgrades: u16,
    pub swift: bool,
    pub weatherly: bool,
    pub base: Rect,
}

/// A scenario: table, wind, squadrons and terrain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub description: String,
    pub source: String,
    pub sides: [String; 2],
    pub nations: [Nation; 2],
    /// Admiral values of each side's first squadron (0 untested, 1 experienced, 2
    /// seasoned); other squadrons' admirals are on their flagships.
    pub admirals: [u8; 2],
    /// The defender wins a tie at the end of the last turn.
    pub defender: u8,
    /// The heading the wind blows from (0 north edge, 90 east, 180 south, 270 west).
    pub wind_from: u16,
    /// Table width (x) and depth (y), mils.
    pub table: [i32; 2],
    pub turns: u8,
    /// The game size in points, checked against each squadron when given.
    pub points: Option<u32>,
    /// The glossary's game size (patrol, skirmish, engagement) whose ships-per-squadron
    /// limits are checked, when given.
    #[serde(default)]
    pub size: Option<GameSize>,
    pub ships: Vec<ScenarioShip>,
    pub terrain: Vec<Terrain>,
    /// The optional scrolling sea rule (glossary: scrolling sea), agreed for the whole game:
    /// a ship that would sail off the table shifts everything musket shot away from that
    /// edge instead of leaving.
    #[serde(default)]
    pub scrolling_sea: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    source: String,
    sides: Vec<String>,
    nations: Vec<String>,
    admirals: Vec<u8>,
    defender: u8,
    weather_edge: String,
    #[serde(default)]
    points: Option<u32>,
    #[serde(default)]
    size: Option<GameSize>,
    #[serde(default)]
    turns: Option<u8>,
    #[serde(default)]
    scrolling_sea: bool,
    table: RawTable,
    ship: Vec<RawShip>,
    #[serde(default)]
    terrain: Vec<RawTerrain>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShip {
    name: String,
    side: u8,
    class: String,
    x: f64,
    y: f64,
    heading: i64,
    #[serde(default)]
    flagship: bool,
    #[serde(default)]
    squadron: u8,
    #[serde(default)]
    admiral: u8,
    #[serde(default)]
    second_nation: Option<String>,
    #[serde(default)]
    skill: u8,
    #[serde(default)]
    upgrades: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    name: String,
    kind: TerrainKind,
    x: f64,
    y: f64,
    length: f64,
    width: f64,
    #[serde(default)]
    heading: i64,
}

/// Inches to mils, refusing anything outside `lo..=hi` inches (and NaN).
fn inches(v: f64, lo: f64, hi: f64, file: &str, field: &str) -> Result<i32, DataError> {
    if !(lo..=hi).contains(&v) {
        return Err(DataError::invalid(
            file,
            field,
            format!("{v} is outside {lo}..={hi} inches"),
        ));
    }
    Ok((v * f64::from(MILS_PER_INCH)).round() as i32)
}

fn heading(h: i64, file: &str, field: &str) -> Result<u16, DataError> {
    if !(0..360).contains(&h) {
        return Err(DataError::invalid(file, field, format!("heading {h} is not 0..=359")));
    }
    Ok(h as u16)
}

/// Parses and checks a scenario file's text.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let raw: RawScenario = from_toml(text, file)?;
    let bad = |f: &str, p: String| DataError::invalid(file, f, p);
    let two = |v: usize, f: &str| {
        if v == 2 {
            Ok(())
        } else {
            Err(bad(f, format!("needs exactly 2 entries, one per side; has {v}")))
        }
    };
    two(raw.sides.len(), "sides")?;
    two(raw.nations.len(), "nations")?;
    two(raw.admirals.len(), "admirals")?;
    let mut nations = [Nation::English; 2];
    for (k, n) in raw.nations.iter().enumerate() {
        nations[k] = Nation::parse(n).ok_or_else(|| {
            bad(
                &format!("nations[{k}]"),
                format!(
                    "`{n}` is not a nationality (one of {})",
                    Nation::ALL.map(|n| n.name()).join(", ")
                ),
            )
        })?;
    }
    let wind_from = match raw.weather_edge.trim() {
        "north" => 0,
        "east" => 90,
        "south" => 180,
        "west" => 270,
        other => {
            return Err(bad(
                "weather_edge",
                format!("`{other}` is not north, east, south or west"),
            ))
        }
    };
    let (lo, hi) = TABLE_INCHES;
    let table = [
        inches(raw.table.width, lo, hi, file, "table.width")?,
        inches(raw.table.depth, lo, hi, file, "table.depth")?,
    ];
    if raw.ship.len() > MAX_SHIPS {
        return Err(bad("ship", format!("{} ships; at most {MAX_SHIPS}", raw.ship.len())));
    }
    if raw.terrain.len() > MAX_TERRAIN {
        return Err(bad(
            "terrain",
            format!("{} pieces; at most {MAX_TERRAIN}", raw.terrain.len()),
        ));
    }
    let r = rules();
    let mut ships = Vec::new();
    for (i, s) in raw.ship.iter().enumerate() {
        let f = format!("ship[{i}]");
        let class = classes()
            .iter()
            .find(|c| c.name == s.class.trim())
            .cloned()
            .ok_or_else(|| {
                bad(
                    &f,
                    format!(
                        "`{}` is not a ship class (one of {})",
                        s.class,
                        classes().iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                )
            })?;
        let mut upgrades = 0;
        let (mut swift, mut weatherly) = (false, false);
        for u in &s.upgrades {
            match u.trim() {
                "swift" => swift = true,
                "weatherly" => weatherly = true,
                name if rule::UPGRADES.contains(&name) => {
                    upgrades |= rule_bits(std::slice::from_ref(u), file, &f)?
                }
                other => {
                    return Err(bad(
                        &f,
                        format!(
                            "`{other}` is not an upgrade (one of {})",
                            rule::UPGRADES.join(", ")
                        ),
                    ))
                }
            }
        }
        let second_nation = match &s.second_nation {
            None => None,
            Some(n) => Some(Nation::parse(n).ok_or_else(|| {
                bad(
                    &format!("{f}.second_nation"),
                    format!(
                        "`{n}` is not a nationality (one of {})",
                        Nation::ALL.map(|n| n.name()).join(", ")
                    ),
                )
            })?),
        };
        ships.push(ScenarioShip {
            name: s.name.clone(),
            side: s.side,
            class,
            flagship: s.flagship,
            squadron: s.squadron,
            admiral: s.admiral,
            second_nation,
            skill: s.skill,
            upgrades,
            swift,
            weatherly,
            base: Rect::new(
                Point::new(
                    inches(s.x, 0.0, hi, file, &format!("{f}.x"))?,
                    inches(s.y, 0.0, hi, file, &format!("{f}.y"))?,
                ),
                heading(s.heading, file, &f)?,
                r.base.length,
                r.base.beam,
            ),
        });
        if s.upgrades.len() > 2 {
            return Err(bad(&f, "a ship may have at most 2 upgrades".into()));
        }
    }
    let mut terrain = Vec::new();
    for (i, t) in raw.terrain.iter().enumerate() {
        let f = format!("terrain[{i}]");
        terrain.push(Terrain {
            name: t.name.clone(),
            kind: t.kind,
            rect: Rect::new(
                Point::new(
                    inches(t.x, 0.0, hi, file, &format!("{f}.x"))?,
                    inches(t.y, 0.0, hi, file, &format!("{f}.y"))?,
                ),
                heading(t.heading, file, &f)?,
                inches(t.length, 0.1, 48.0, file, &format!("{f}.length"))?,
                inches(t.width, 0.1, 48.0, file, &format!("{f}.width"))?,
            ),
        });
    }
    let sc = Scenario {
        id: raw.id,
        title: raw.title,
        description: raw.description,
        source: raw.source,
        sides: [raw.sides[0].clone(), raw.sides[1].clone()],
        nations,
        admirals: [raw.admirals[0], raw.admirals[1]],
        defender: raw.defender,
        wind_from,
        table,
        turns: raw.turns.unwrap_or(r.limits.turns),
        points: raw.points,
        size: raw.size,
        ships,
        terrain,
        scrolling_sea: raw.scrolling_sea,
    };
    sc.validate(file)?;
    Ok(sc)
}

impl Scenario {
    /// The points a side's squadron costs: admiral, ships, skill and upgrades, with the
    /// nationality discounts (fast ships, heavily armed, manpower, stout ships).
    /// In a fleet battle, the whole fleet (every squadron's admiral and ships).
    pub fn squadron_points(&self, side: u8) -> u32 {
        let p = rules().points;
        let nation = self.nations[side as usize & 1];
        let mut total: u32 = (0..self.squadrons(side))
            .map(|q| p.admiral[self.admiral_of(2 * q + side).min(2) as usize])
            .sum();
        for s in self.ships.iter().filter(|s| s.side == side) {
            total += s.class.points + p.skill[s.skill.min(2) as usize];
            let has = |b: u16| s.upgrades & b != 0;
            if has(rule::ADDITIONAL_CREW) {
                total += if nation == Nation::Pirate {
                    p.additional_crew / 2
                } else {
                    p.additional_crew
                };
            }
            if has(rule::ADDITIONAL_GUNS) {
                total += if nation == Nation::French {
                    p.additional_guns.saturating_sub(1).max(1)
                } else {
                    p.additional_guns
                };
            }
            if has(rule::SWEEPS) {
                total += p.sweeps;
            }
            if has(rule::STOUT) {
                total += if nation == Nation::Spanish {
                    p.stout / 2
                } else {
                    p.stout
                };
            }
            let fast = |c: u32| {
                if nation == Nation::French {
                    c.saturating_sub(1)
                } else {
                    c
                }
            };
            if s.swift {
                total += fast(p.swift);
            }
            if s.weatherly {
                total += fast(p.weatherly);
            }
        }
        total
    }

    /// The hand size of a command (a squadron: `2 * squadron + side`): 5 + its admiral
    /// value.
    pub fn hand_size(&self, command: u8) -> u8 {
        rules().limits.hand_base + self.admiral_of(command)
    }

    /// How many squadrons `side` has (1 unless a fleet battle).
    pub fn squadrons(&self, side: u8) -> u8 {
        self.ships
            .iter()
            .filter(|s| s.side == side)
            .map(|s| s.squadron + 1)
            .max()
            .unwrap_or(1)
    }

    /// The admiral value of a command: the scenario's entry for a side's first squadron,
    /// the flagship's `admiral` for the others.
    pub fn admiral_of(&self, command: u8) -> u8 {
        let (side, q) = (command & 1, command >> 1);
        if q == 0 {
            return self.admirals[side as usize];
        }
        self.ships
            .iter()
            .find(|s| s.side == side && s.squadron == q && s.flagship)
            .map_or(0, |s| s.admiral)
    }

    /// The second nation of a command (a squadron) with Multinational, from its flagship.
    pub fn second_nation(&self, command: u8) -> Option<Nation> {
        let (side, q) = (command & 1, command >> 1);
        self.ships
            .iter()
            .find(|s| s.side == side && s.squadron == q && s.flagship)
            .and_then(|s| s.second_nation)
    }

    /// The initiative cards command `command` may build its hand from: the generic cards,
    /// its nation's and, with Multinational, its second nation's.
    pub fn card_pool_of(&self, command: u8) -> CardSet {
        squadron_pool(self.nations[command as usize & 1], self.second_nation(command))
    }

    /// Whether this is a fleet battle (a side with more than one squadron).
    pub fn is_fleet(&self) -> bool {
        self.squadrons(0) > 1 || self.squadrons(1) > 1
    }

    /// Checks what the rules need of a scenario (also for scenarios inside saved games).
    pub fn validate(&self, file: &str) -> Result<(), DataError> {
        let bad = |field: String, problem: String| Err(DataError::invalid(file, field, problem));
        crate::data_files::check_scenario_id(&self.id, file)?;
        let names: Vec<&str> = self.ships.iter().map(|s| s.name.as_str()).collect();
        crate::data_files::check_names(
            file,
            &self.title,
            &self.description,
            [&self.sides[0], &self.sides[1]],
            &names,
        )?;
        let (lo, hi) = TABLE_INCHES;
        let lim = |v: f64| (v * f64::from(MILS_PER_INCH)) as i32;
        if !self.table.iter().all(|v| (lim(lo)..=lim(hi)).contains(v)) {
            return bad("table".into(), format!("sides must be {lo}..={hi} inches"));
        }
        if !self.wind_from.is_multiple_of(90) || self.wind_from >= 360 {
            return bad("weather_edge".into(), "north, east, south or west".into());
        }
        let r = rules();
        if self.defender > 1 || self.admirals.iter().any(|&a| a > 2) {
            return bad(
                "defender/admirals".into(),
                "the defender is side 0 or 1; admiral values are 0..=2".into(),
            );
        }
        // Scrolling sea shifts by musket shot: the table must leave room on each axis for
        // the band it empties, the band it wraps terrain into and a ship between them.
        let room = 3 * r.ranges.musket;
        if self.scrolling_sea && self.table.iter().any(|&v| v < room) {
            return bad(
                "scrolling_sea".into(),
                format!(
                    "the scrolling sea needs a table at least 3 musket shots ({} inches) each \
                     way",
                    room / MILS_PER_INCH
                ),
            );
        }
        if !(1..=MAX_TURNS).contains(&self.turns) {
            return bad("turns".into(), format!("1..={MAX_TURNS}"));
        }
        if self.ships.len() > MAX_SHIPS || self.terrain.len() > MAX_TERRAIN {
            return bad(
                "ship/terrain".into(),
                format!("at most {MAX_SHIPS} ships and {MAX_TERRAIN} terrain pieces"),
            );
        }
        for (i, s) in self.ships.iter().enumerate() {
            let f = format!("ship[{i}]");
            if s.side > 1 || s.skill > 2 || s.admiral > 2 {
                return bad(f, "side is 0 or 1, skill 0..=2 and admiral 0..=2".into());
            }
            if s.squadron as usize >= MAX_SQUADRONS {
                return bad(f, format!("squadron is 0..{MAX_SQUADRONS}"));
            }
            if s.admiral > 0 && (!s.flagship || s.squadron == 0) {
                return bad(
                    f,
                    "`admiral` goes on the flagship of a squadron other than the first (the \
                     first squadron's admiral is the scenario's `admirals` entry)"
                        .into(),
                );
            }
            let b = &s.base;
            if b.heading >= 360 || b.length != r.base.length || b.beam != r.base.beam {
                return bad(f, "a ship's base is the rules' 40 x 80 mm base".into());
            }
            if !(0..=self.table[0]).contains(&b.centre.x)
                || !(0..=self.table[1]).contains(&b.centre.y)
                || !on_table(b, self.table[0], self.table[1])
            {
                return bad(f, "the base is not wholly on the table".into());
            }
            let c = &s.class;
            let sane = (1..=6).contains(&c.fortitude)
                && (1..=20).contains(&c.broadside)
                && (1..=10).contains(&c.crew)
                && c.windward <= 5
                && c.large <= 5
                && (s.upgrades & !(rule::ADDITIONAL_CREW
                    | rule::ADDITIONAL_GUNS
                    | rule::SWEEPS
                    | rule::STOUT))
                    == 0;
            if !sane {
                return bad(f, "the ship card's values are out of bounds".into());
            }
            let n_up = s.upgrades.count_ones() + u32::from(s.swift) + u32::from(s.weatherly);
            if n_up > 2 {
                return bad(f, "a ship may have at most 2 upgrades".into());
            }
            if let Some(second) = s.second_nation {
                let nation = self.nations[s.side as usize];
                if !nation.multinational() {
                    return bad(
                        f,
                        format!(
                            "`second_nation`: only a squadron with the Multinational special \
                             rule (pirates) may choose cards of a second nation; side {} is {}",
                            s.side,
                            nation.name()
                        ),
                    );
                }
                if second == nation {
                    return bad(
                        f,
                        format!(
                            "`second_nation` must be a nation other than {} (glossary: \
                             multinational, \"the pirate nation and 1 other nation\")",
                            nation.name()
                        ),
                    );
                }
                if !s.flagship {
                    return bad(
                        f,
                        "`second_nation` is the squadron's choice and goes on its flagship".into(),
                    );
                }
            }
            if self.nations[s.side as usize] == Nation::Pirate && c.line {
                return bad(f, "pirates (rogues) cannot include ships of the line".into());
            }
            for (j, o) in self.ships[..i].iter().enumerate() {
                if rects_overlap(&o.base, b) {
                    return bad(f, format!("overlaps ship[{j}]"));
                }
            }
        }
        for (i, t) in self.terrain.iter().enumerate() {
            let f = format!("terrain[{i}]");
            let rr = &t.rect;
            if rr.heading >= 360
                || !(100..=48 * MILS_PER_INCH).contains(&rr.length)
                || !(100..=48 * MILS_PER_INCH).contains(&rr.beam)
                || !(0..=self.table[0]).contains(&rr.centre.x)
                || !(0..=self.table[1]).contains(&rr.centre.y)
            {
                return bad(f, "size 0.1..=48 inches, centre on the table".into());
            }
            if matches!(t.kind, TerrainKind::Island | TerrainKind::Rocks) {
                if let Some(k) = self.ships.iter().position(|s| rects_overlap(&s.base, rr)) {
                    return bad(f, format!("ship[{k}] starts on it"));
                }
            }
            if t.name.trim().is_empty() || t.name.chars().count() > 200 {
                return bad(f, "a terrain piece needs a name of 1 to 200 characters".into());
            }
        }
        for side in 0..2u8 {
            let n = self.ships.iter().filter(|s| s.side == side).count();
            if n == 0 || n > MAX_PER_SIDE {
                return bad(
                    "ship".into(),
                    format!("side {side} has {n} ships; each side needs 1..={MAX_PER_SIDE}"),
                );
            }
            let squadrons = self.squadrons(side);
            if self.is_fleet() && !(2..=MAX_SQUADRONS as u8).contains(&squadrons) {
                return bad(
                    "ship".into(),
                    format!(
                        "side {side} has {squadrons} squadron(s); a fleet has 2..={MAX_SQUADRONS} \
                         (glossary: fleet battles)"
                    ),
                );
            }
            for q in 0..squadrons {
                let members = || {
                    self.ships
                        .iter()
                        .filter(move |s| s.side == side && s.squadron == q)
                };
                let count = members().count();
                let flags = members().filter(|s| s.flagship).count();
                if flags != 1 {
                    return bad(
                        "ship".into(),
                        format!(
                            "side {side} squadron {q} has {flags} flagships (and {count} \
                             ships); a squadron has exactly 1"
                        ),
                    );
                }
                if let Some(size) = self.size {
                    let (lo, hi) = size.ships();
                    if !(lo..=hi).contains(&count) {
                        return bad(
                            "size".into(),
                            format!(
                                "side {side} squadron {q} has {count} ships; a {} squadron has \
                                 {lo}-{hi} (glossary: game size)",
                                size.name()
                            ),
                        );
                    }
                    if size == GameSize::Patrol && members().any(|s| s.class.line) {
                        return bad(
                            "size".into(),
                            format!(
                                "side {side} squadron {q}: a patrol has no ships of the line \
                                 (glossary: game size)"
                            ),
                        );
                    }
                }
            }
            if let Some(limit) = self.points {
                let cost = self.squadron_points(side);
                if cost > limit {
                    return bad(
                        "points".into(),
                        format!("side {side}'s squadron costs {cost} points, over {limit}"),
                    );
                }
            }
            // A legal hand must exist in each squadron's pool: fill greedily, kept cards
            // first.
            for q in 0..squadrons {
                let command = 2 * q + side;
                let size = self.hand_size(command);
                let pool = self.card_pool_of(command);
                let mut hand: CardSet = 0;
                let order = (0..cards().len())
                    .filter(|&c| !cards()[c].discard)
                    .chain((0..cards().len()).filter(|&c| cards()[c].discard));
                for c in order {
                    if pool & (1 << c) != 0 && card_fits(hand, c, size) {
                        hand |= 1 << c;
                    }
                }
                if hand.count_ones() < size as u32 {
                    return bad(
                        "nations".into(),
                        format!(
                            "side {side} squadron {q}'s card pool cannot make a legal hand of \
                             {size} cards"
                        ),
                    );
                }
            }
        }
        Ok(())
    }
}

/// Every built-in scenario, default first.
pub fn builtin_scenarios() -> &'static [Scenario] {
    static S: OnceLock<Vec<Scenario>> = OnceLock::new();
    crate::data_files::embedded_scenarios(
        &S,
        RULESET,
        "oak/scenarios",
        &BUILTIN_SCENARIO_FILES,
        parse_scenario,
    )
}

/// The built-in scenario with this id; [`DataError::UnknownScenario`] lists the known ids.
pub fn builtin_scenario(id: &str) -> Result<Scenario, DataError> {
    crate::data_files::scenario_by_id(RULESET, builtin_scenarios(), id, |s| &s.id)
}
