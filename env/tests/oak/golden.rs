//! Golden playthroughs of Oak & Iron and the checks of its data files.
//!
//! For each built-in scenario a seeded random game is written out step by step (every
//! decision and chance outcome with its context, and the ships at each new turn) and
//! compared with the file in `tests/golden/oak/`; a rules change that alters play shows up
//! as a diff. Regenerate on purpose with
//! `BROADSIDE_BLESS=1 cargo test -p broadside-env --test oak golden::`. The data checks load
//! every embedded file and refuse broken ones with a clear error.

use crate::golden_playthrough::Chronicle;
use broadside_env::game::Player;
use broadside_env::oak::data::{
    card_fits, card_pool, cards, classes, parse_cards, parse_classes, parse_rules, parse_scenario,
    rules, Nation,
};
use broadside_env::oak::state::{sail, Pending, RollFor};
use broadside_env::oak::{builtin_scenario, builtin_scenarios, OakGame, OakOptions, Scenario};

/// What Oak & Iron writes about its game.
struct Oak<'a>(&'a Scenario);

impl Chronicle for Oak<'_> {
    type Game = OakGame;
    fn turn(&self, g: &OakGame) -> u32 {
        g.turn.into()
    }
    fn turn_state(&self, g: &OakGame) -> String {
        // One entry per command (squadron): a one-squadron game shows its two sides.
        let n = if g.is_fleet() { g.revealed.len() } else { 2 };
        format!(
            "first {}  cards face up {:?}  fortune {:?}  strike points [{}, {}]",
            g.first,
            &g.revealed[..n],
            &g.fortune[..n],
            g.strike_points(0),
            g.strike_points(1)
        )
    }
    fn num_ships(&self, g: &OakGame) -> usize {
        g.n_ships as usize
    }
    fn ship_line(&self, g: &OakGame, i: usize) -> String {
        let s = &g.ships[i];
        format!(
            "  {:>2} {:<10} side {} at ({:>6}, {:>6}) heading {:>3} fatigue {} damage {} {}{}{}{}{}{}",
            i,
            self.0.ships[i].name,
            s.side,
            s.base.centre.x,
            s.base.centre.y,
            s.base.heading,
            s.fatigue,
            s.damage,
            sail::NAMES[s.sail.min(3) as usize],
            if s.aground { " aground" } else { "" },
            if s.is_entangled() { " entangled" } else { "" },
            if s.out_of_action() { " OUT OF ACTION" } else { "" },
            if s.on_table() { "" } else { " gone" },
            if s.ashore { " landing party ashore" } else { "" },
        )
    }
    fn chance_context(&self, g: &OakGame) -> String {
        match g.pending {
            Pending::Pool => format!(
                "{:?}: stage {}, {} dice left, {} hits so far",
                g.roll_for, g.roll.stage, g.roll.left, g.roll.hits
            ),
            Pending::CritDie => format!("critical die, {} left", g.attack.crit_left),
            Pending::Collision => {
                format!("ship {} collides with {}", g.act.ship, g.act.collide_with)
            }
            _ => String::new(),
        }
    }
    fn decider(&self, g: &OakGame, p: Player) -> String {
        let card_step = matches!(
            g.pending,
            Pending::BuildHand
                | Pending::PlaceCard
                | Pending::AwaitOrders
                | Pending::DiscardDown
                | Pending::LostAdmiral
        );
        if g.is_fleet() && card_step {
            format!("side {p} squadron {} {:?}", g.cmd >> 1, g.pending)
        } else {
            format!("side {p} {:?} ship {}", g.pending, g.act.ship)
        }
    }
    fn ending(&self, g: &OakGame) -> String {
        format!("{:?}", g.ending)
    }
}

fn playthrough(sc: &Scenario) -> String {
    let g = OakGame::new(sc, OakOptions { resignation: false });
    crate::golden_playthrough::playthrough(&Oak(sc), g, &format!("oak/{} ({})", sc.id, sc.title))
}

#[test]
fn golden_playthroughs_match() {
    let files: Vec<(String, String)> = builtin_scenarios()
        .iter()
        .map(|sc| (sc.id.clone(), playthrough(sc)))
        .collect();
    crate::golden_playthrough::check("oak", &files);
}

#[test]
fn playthrough_is_deterministic() {
    let sc = &builtin_scenarios()[0];
    assert_eq!(playthrough(sc), playthrough(sc));
}

/// The embedded data loads: the die is a d8, 12 ship cards, 32 initiative cards.
#[test]
fn embedded_data_loads() {
    let d = rules().die;
    assert_eq!(
        d.skull + d.cannon + d.musket + d.pistol + d.sail + d.sword,
        8
    );
    assert_eq!(classes().len(), 12);
    assert_eq!(cards().len(), 34);
    let ids: Vec<&str> = builtin_scenarios().iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        vec![
            "engagement",
            "duel",
            "fleet-battle",
            "patrol",
            "duel-scrolling"
        ]
    );
    // Only the scrolling duel plays the optional scrolling sea.
    for sc in builtin_scenarios() {
        assert_eq!(sc.scrolling_sea, sc.id == "duel-scrolling", "{}", sc.id);
    }
    let e = builtin_scenario("engagement").unwrap();
    assert_eq!(e.table, [36_000, 48_000]);
    assert!(e.squadron_points(0) <= 100 && e.squadron_points(1) <= 100);
    assert!(
        e.squadron_points(0) >= 90 && e.squadron_points(1) >= 90,
        "about 100 a side"
    );
    assert!(builtin_scenario("nowhere")
        .unwrap_err()
        .to_string()
        .contains("engagement"));
}

/// Broken data files are refused with an error that names the field.
#[test]
fn broken_data_is_refused_with_a_reason() {
    let bad_die = include_str!("../../data/oak/rules.toml").replace("sword = 2", "sword = 3");
    let e = parse_rules(&bad_die, "rules.toml").unwrap_err().to_string();
    assert!(e.contains("sum to 8"), "{e}");
    let bad_class =
        include_str!("../../data/oak/classes.toml").replace("fortitude = 1", "fortitude = 0");
    assert!(parse_classes(&bad_class, "classes.toml").is_err());
    let bad_rule = include_str!("../../data/oak/classes.toml").replace("\"yare\"", "\"flying\"");
    let e = parse_classes(&bad_rule, "classes.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("flying"), "{e}");
    let bad_card =
        include_str!("../../data/oak/cards.toml").replace("effect = \"down\"", "effect = \"win\"");
    assert!(parse_cards(&bad_card, "cards.toml").is_err());
}

/// The card sets hold 64 cards (catalogue and observation version 6): a file with 64
/// cards loads, one with 65 is refused with the limit named.
#[test]
fn card_file_holds_up_to_64_cards() {
    let one = "[[card]]\nname = \"Card N\"\nvalue = 3\nnation = \"all\"\neffect = \"down\"\n\n";
    let file = |n: usize| -> String { (0..n).map(|i| one.replace('N', &i.to_string())).collect() };
    assert_eq!(parse_cards(&file(33), "cards.toml").unwrap().len(), 33);
    assert_eq!(parse_cards(&file(64), "cards.toml").unwrap().len(), 64);
    let e = parse_cards(&file(65), "cards.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("1..=64"), "{e}");
}

/// Scenario checks: sizes, table, flagships, points, pirates without ships of the line,
/// overlaps, upgrades, nations.
#[test]
fn scenario_checks() {
    let base = include_str!("../../data/oak/scenarios/duel.toml");
    let cases = [
        ("x = 12.0, y = 8.0", "x = 70.0, y = 8.0", "table"),
        ("flagship = true, skill = 1", "skill = 1", "flagship"),
        ("skill = 1", "skill = 3", "skill"),
        ("upgrades = [\"swift\"]", "upgrades = [\"wings\"]", "wings"),
        (
            "upgrades = [\"swift\"]",
            "upgrades = [\"swift\", \"stout\", \"sweeps\"]",
            "at most 2",
        ),
        (
            "nations = [\"english\", \"french\"]",
            "nations = [\"english\", \"venetian\"]",
            "venetian",
        ),
        (
            "weather_edge = \"west\"",
            "weather_edge = \"up\"",
            "weather_edge",
        ),
        ("admirals = [1, 2]", "admirals = [1, 5]", "admiral"),
        (
            "class = \"Fifth Rate\", x = 24.0",
            "class = \"Galleass\", x = 24.0",
            "Galleass",
        ),
        ("x = 24.0, y = 28.0", "x = 12.5, y = 8.5", "overlaps"),
    ];
    for (from, to, word) in cases {
        assert!(base.contains(from), "{from}");
        let text = base.replacen(from, to, 1);
        let e = parse_scenario(&text, "duel.toml").unwrap_err().to_string();
        assert!(e.contains(word), "{to}: {e}");
    }
    let pirates = base
        .replace(
            "nations = [\"english\", \"french\"]",
            "nations = [\"english\", \"pirate\"]",
        )
        .replace(
            "class = \"Fifth Rate\", x = 24.0",
            "class = \"Third Rate\", x = 24.0",
        );
    let e = parse_scenario(&pirates, "duel.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("ships of the line"), "{e}");
    let over = base.replace("admirals = [1, 2]", "admirals = [1, 2]\npoints = 10");
    let e = parse_scenario(&over, "duel.toml").unwrap_err().to_string();
    assert!(e.contains("points"), "{e}");
}

/// Every nation's pool can make a legal hand for every admiral value.
#[test]
fn every_nation_can_build_a_hand() {
    for n in Nation::ALL {
        let pool = card_pool(n);
        for size in 5..=7u8 {
            let mut hand: u64 = 0;
            for c in (0..cards().len()).filter(|&c| !cards()[c].discard) {
                if pool & (1 << c) != 0 && card_fits(hand, c, size) {
                    hand |= 1 << c;
                }
            }
            for c in 0..cards().len() {
                if pool & (1 << c) != 0 && card_fits(hand, c, size) {
                    hand |= 1 << c;
                }
            }
            assert_eq!(hand.count_ones(), size as u32, "{n:?} {size}");
        }
    }
    let _ = RollFor::Attack;
}
