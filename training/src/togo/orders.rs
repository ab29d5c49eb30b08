//! Togo's orders in a player's words: the order list of `play`, the log of one's own
//! decisions and the admiral's `--why` name ships as the roster does ("Pelayo (A)") and say
//! what a leg does, where the engine's descriptions (written for logs and tests, with no
//! scenario text at hand) say "ship 0 (class 1, side 0)" and "leg:right30".

use broadside_env::game::{Action, Game};
use broadside_env::togo::{Stage, TogoGame};

use crate::roster::Roster;

use super::view::tag;

/// What `action` does now, in the words of the order list (without its catalogue name).
pub fn order_text(g: &TogoGame, roster: &Roster, action: Action) -> String {
    let name = g.spec().action_name(action);
    let described = g.describe_action(action);
    let rest = described
        .strip_prefix(name)
        .map(|r| r.trim_start_matches(':').trim_start())
        .unwrap_or(&described);
    let rest = roster.name_ships(rest);
    match (g.stage, leg_turn_words(name)) {
        (Stage::Leg, Some(turn)) => format!("sail the next leg (up to 2\"), then {turn}; {rest}"),
        (Stage::Pivot, Some(turn)) => format!("stopped: {turn} where she lies; {rest}"),
        (Stage::Place { ship, first }, _) => format!(
            "{} for {}: her order marker for {} turn, face down",
            order_words(name),
            tag(roster, ship as usize),
            if first { "this" } else { "next" }
        ),
        (Stage::ChooseA, _) if name == "initiative:first" => {
            "the initiative's winner is player A: reveals and acts first".into()
        }
        (Stage::ChooseA, _) if name == "initiative:second" => {
            "the other side is player A: the winner reveals and acts second".into()
        }
        // The engine words both answers as the counter salvo: say which one this is.
        _ if name == "no-counter" && !rest.is_empty() => {
            rest.replacen(" answers ", " does not answer ", 1)
        }
        _ if rest.is_empty() => bare_words(name).to_string(),
        _ => rest,
    }
}

/// The words for a decision the engine describes by its name alone.
fn bare_words(name: &str) -> &str {
    match name {
        "hold" => "hold this battery's fire",
        "halt" => "end the move here",
        "anchor" => "drop anchor",
        "no-counter" => "do not answer with a counter salvo",
        "board" => "board the ship she rammed",
        "no-board" => "do not board",
        other => other,
    }
}

/// The speed an order marker stands for ("full ahead" for `order:full`).
fn order_words(name: &str) -> &str {
    match name {
        "order:stop" => "stop",
        "order:astern" => "astern",
        "order:slow" => "slow ahead",
        "order:half" => "half ahead",
        "order:full" => "full ahead",
        other => other,
    }
}

/// "turn 30 degrees to port" for `leg:left30`, "hold the heading" for `leg:ahead`.
fn leg_turn_words(name: &str) -> Option<String> {
    let turn = name.strip_prefix("leg:")?;
    if turn == "ahead" {
        return Some("hold the heading".into());
    }
    let (side, degrees) = if let Some(d) = turn.strip_prefix("left") {
        ("port", d)
    } else {
        ("starboard", turn.strip_prefix("right")?)
    };
    Some(format!("turn {degrees} degrees to {side}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::game::Turn;
    use broadside_env::togo::{builtin_scenarios, TogoOptions};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn every_legal_order_of_random_games_names_its_ships() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for sc in builtin_scenarios() {
            let roster = super::super::roster(sc, 0);
            for _ in 0..3 {
                let mut g = TogoGame::new(sc, TogoOptions::default());
                let mut steps = 0;
                while g.turn() != Turn::Terminal && steps < 3000 {
                    let action = if g.turn() == Turn::Chance {
                        g.chance_outcomes().sample(&mut rng)
                    } else {
                        let legal: Vec<Action> = g.legal_actions().iter().collect();
                        for &a in &legal {
                            let text = order_text(&g, &roster, a);
                            assert!(
                                !crate::roster::shows_ship_number(&text),
                                "{}: {text}",
                                sc.id
                            );
                            assert!(!text.is_empty());
                        }
                        legal[rng.random_range(0..legal.len())]
                    };
                    g.apply(action).expect("legal");
                    steps += 1;
                }
            }
        }
    }

    #[test]
    fn ship_numbers_become_names_and_legs_say_where_they_turn() {
        let sc = &builtin_scenarios()[0];
        let roster = super::super::roster(sc, 0);
        assert_eq!(
            roster.name_ships("ship 0 (class 1, side 0) fires at ship 4"),
            format!("{} fires at {}", tag(&roster, 0), tag(&roster, 4))
        );
        assert_eq!(roster.name_ships("ship 99 and ships"), "ship 99 and ships");
        assert_eq!(
            leg_turn_words("leg:left30").as_deref(),
            Some("turn 30 degrees to port")
        );
        assert_eq!(
            leg_turn_words("leg:ahead").as_deref(),
            Some("hold the heading")
        );
        assert_eq!(leg_turn_words("halt"), None);
    }
}
