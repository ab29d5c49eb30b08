//! Oak & Iron's orders in a player's words, for the order list of `play`, the log and the
//! admiral's `--why`: ships by name and letter where the catalogue says `ship:2` or
//! `fire:port:1` (a slot of the deciding side or of the enemy), what each initiative card
//! does, and what each seamanship, crew and attack choice means. The words come from the
//! catalogue's names, so an order added to the catalogue without words here still shows its
//! engine description.

use broadside_env::game::{Action, Game, Turn};
use broadside_env::oak::data::{cards, Effect};
use broadside_env::oak::{OakGame, Pending};

use crate::roster::Roster;

use super::tag;

/// What `action` does now, in the words of the order list (without its catalogue name).
pub fn order_text(g: &OakGame, roster: &Roster, action: Action) -> String {
    let name = g.spec().action_name(action);
    let own = match g.turn() {
        Turn::Player(p) => p,
        _ => g.who,
    };
    let ship = |side: u8, slot: &str| -> String {
        slot.parse::<usize>()
            .ok()
            .and_then(|k| g.ship_at(side, k))
            .map_or_else(|| format!("ship {slot}"), |i| tag(roster, i))
    };
    let enemy = |slot: &str| ship(1 - own.min(1), slot);
    let parts: Vec<&str> = name.split(':').collect();
    let fixed = match parts.as_slice() {
        ["card", c] => return card_text(c).unwrap_or_else(|| g.describe_action(action)),
        ["ship", k] if g.pending == Pending::Reaction => {
            return format!(
                "Small Arms: {} makes a free partial fire at the ship that moved (no damage or criticals)",
                ship(own, k)
            )
        }
        ["ship", k] => return format!("activate {}", ship(own, k)),
        ["flag", k] => return format!("transfer the flag to {}", ship(own, k)),
        ["crew", "board", j] => return format!("board {} (skill test)", enemy(j)),
        ["fire", side, j] => {
            let side = if *side == "port" { "port" } else { "starboard" };
            return format!("fire the {side} broadside at {}", enemy(j));
        }
        ["partial", j] => return format!("partial fire at {}", enemy(j)),
        ["close", j] => return format!("close combat against {}", enemy(j)),
        ["landing", j] => {
            return format!(
                "her landing party attacks the landing party of {} (close combat)",
                enemy(j)
            )
        }
        ["capture", j] => return format!("capture {}", enemy(j)),
        ["destroy", j] => return format!("destroy {}", enemy(j)),
        ["turn", side, degrees] => {
            let side = if *side == "port" { "port" } else { "starboard" };
            return format!("turn {degrees} degrees to {side}");
        }
        ["sea", "none"] => "no seamanship action",
        ["sea", "heading"] => "change heading: turn with the speed-1 tool first (skill test)",
        ["sea", "faster"] => "adjust speed by +1 (skill test)",
        ["sea", "slower"] => "adjust speed by -1 (skill test)",
        ["sea", "cut-free"] => "cut free of the ships she is entangled with (skill test)",
        ["move", "ahead"] => "move ahead the full length of the speed tool",
        ["move", "end"] => "end the move here",
        ["react", "decline"] => "let her pass: no Small Arms fire",
        ["shift", side, size] => {
            let side = if *side == "port" { "port" } else { "starboard" };
            let size = if *size == "half" { "half" } else { "the whole" };
            return format!(
                "shift directly sideways to {side}, {size} length of the speed-1 tool (free)"
            );
        }
        ["crew", "none"] => "no crew action",
        ["crew", "reload", "port"] => "reload the port broadside",
        ["crew", "reload", "stbd"] => "reload the starboard broadside",
        ["crew", "rally"] => "rally: remove 1 fatigue",
        ["crew", "repair"] => "repair: remove 1 damage (aground: try to float off)",
        ["crew", "sail", "up"] => "set more sail (one level up)",
        ["crew", "sail", "down"] => "take in sail (one level down)",
        ["crew", "row"] => "row with the sweeps: a speed-1 move straight ahead",
        ["crew", "land"] => "send a landing party ashore on the island within pistol shot",
        ["attack", "crew-action"] => "an additional crew action instead of an attack",
        ["attack", "none"] => "no (further) attack",
        ["aim", "hull"] => "aim at the hull",
        ["aim", "crew"] => "aim at the crew (pistol shot; half the dice)",
        ["aim", "rigging"] => "aim at the rigging (half the dice)",
        ["reroll", "0"] => "no skill reroll: keep the dice as they fell",
        ["reroll", k] => {
            return format!("reroll {k} missed dice with the skill value (one a point)")
        }
        ["keep"] => "keep the roll",
        ["fortune"] => "spend a fortune point: roll again",
        ["helm", "port"] => "the helm hit turns the target a full turn to port",
        ["helm", "stbd"] => "the helm hit turns the target a full turn to starboard",
        ["pass"] => "capture or destroy nothing (more)",
        ["resign"] => "concede the battle",
        _ => return g.describe_action(action),
    };
    fixed.to_string()
}

/// A card's name, value and effect: "Careful Aim (value 2): critical dice ...".
fn card_text(index: &str) -> Option<String> {
    let card = cards().get(index.parse::<usize>().ok()?)?;
    let words = effect_words(card.effect, card.amount);
    let single = if card.discard { "; single use" } else { "" };
    Some(format!(
        "{} (value {}): {words}{single}",
        card.name, card.value
    ))
}

/// What a card's effect does this turn, in a line.
fn effect_words(effect: Effect, amount: u8) -> String {
    match effect {
        Effect::AwaitOrders => "play another card of the hand with this card's value".into(),
        Effect::Down => "each attack on the squadron causes 1 fatigue less".into(),
        Effect::CarefulAim => "critical dice that show no effect roll once more".into(),
        Effect::TakeCourage => "ships in formation remove 1 fatigue at once".into(),
        Effect::BroadsideBonus => format!("broadside value +{amount} this turn"),
        Effect::ReloadFormation => "ships in formation remove a reload marker at once".into(),
        Effect::LeeGauge => "musket results hit at cannon shot on a target wholly upwind".into(),
        Effect::ShoalsAhead => "the squadron ignores shoals".into(),
        Effect::FavorableWind => "ships sailing large, free and afloat, speed +1".into(),
        Effect::SeizeOpportunity => format!("ships not in formation roll {amount} more dice"),
        Effect::AdjustFormation => {
            "a ship within pistol shot of a friendly one is in formation".into()
        }
        Effect::FastLoader => "every ship removes a reload marker at once".into(),
        Effect::RiggingBonus => format!("{amount} more dice in attacks on rigging"),
        Effect::BoardersAway => "boarding ships at minimal sails or anchored passes".into(),
        Effect::RepelBoarders => "close combat against the squadron hits on skulls only".into(),
        Effect::Aggression => "a hit within musket shot causes 1 more fatigue".into(),
        Effect::Resilient => "each attack on the squadron does 1 damage less (min. 1)".into(),
        Effect::Bravado => "ships that are not shaken count no fatigue".into(),
        Effect::Deception => "the squadron cannot be attacked at cannon shot".into(),
        Effect::RollingBroadsides => "a crew action may be an attack in the movement phase".into(),
        Effect::HeavyMusketVolley => {
            "a crew action may be partial fire (no damage or criticals) in the movement phase"
                .into()
        }
        Effect::Elan => {
            "a crew action may be partial fire or close combat, 1 more die, in the movement phase"
                .into()
        }
        Effect::AdaptiveTactics => "play the effect of one of the enemy's discarded cards".into(),
        Effect::RaiseTheBlack => {
            "enemy ships within musket shot test skill with 3 fewer dice; a failure is 1 fatigue"
                .into()
        }
        Effect::ExpertBoarding => {
            "a successful boarding in the movement phase is followed by a free close combat".into()
        }
        Effect::Zeal => {
            "when the flagship rallies, ships within musket shot test skill; a success is 1 fatigue off".into()
        }
        Effect::FleetManeuver => "ships in formation may turn with the speed 1 tool at once".into(),
        Effect::FireAsSheBears => {
            "ships in formation may fire a free broadside at an enemy ending her move in their arc"
                .into()
        }
        Effect::SwiftVessels => {
            "ships not in the wind's eye, entangled or aground may move speed 1 straight ahead at once"
                .into()
        }
        Effect::BoardingThroughSmoke => {
            "a boarding crew action is preceded by a free partial fire at that ship".into()
        }
        Effect::AdjustPosition => {
            "ships in formation or near a friend may shift sideways (speed 1) before or after the move"
                .into()
        }
        Effect::SmallArms => {
            "an enemy ending her move within pistol shot may take a free partial fire (no damage or criticals)"
                .into()
        }
        Effect::EngageMoreClosely => format!(
            "ships may shift sideways (speed 1) before or after the move; broadsides at pistol shot roll {amount} more dice"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::oak::{builtin_scenarios, OakOptions};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn every_legal_order_of_random_games_is_in_words() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for sc in builtin_scenarios() {
            let roster = super::super::roster(sc, 0);
            let mut g = OakGame::new(sc, OakOptions::default());
            let mut steps = 0;
            while g.turn() != Turn::Terminal && steps < 4000 {
                let action = if g.turn() == Turn::Chance {
                    g.chance_outcomes().sample(&mut rng)
                } else {
                    let legal: Vec<Action> = g.legal_actions().iter().collect();
                    for &a in &legal {
                        let name = g.spec().action_name(a);
                        let text = order_text(&g, &roster, a);
                        // Never a bare catalogue name, never a slot number for a ship.
                        assert_ne!(text, name, "{}", sc.id);
                        let slot_number = crate::roster::shows_ship_number(&text);
                        assert!(!slot_number, "{}: {name}: {text}", sc.id);
                    }
                    legal[rng.random_range(0..legal.len())]
                };
                g.apply(action).expect("legal");
                steps += 1;
            }
        }
    }
}
