//! `broadside play` for Pieces of Eight: the map, the ship table (at the start of a ship's
//! activation and of each turn's stages; the acting ship's line while it moves), the log
//! and the legal orders of the moment listed with numbers and names. The person answers with
//! a number or a name; anything else is refused with a reason and asked again, the state
//! unchanged.

use anyhow::Result;
use broadside_env::game::{Action, Game};
use broadside_env::poe::catalogue::RESIGN;
use broadside_env::poe::{Pending, PoeGame, PoeRuleset};
use broadside_env::ruleset::{AnyGame, AnyScenario};

use super::chart::{markers_text, notes};
use super::narrate::PoeNarrator;
use super::orders::{self, legal_orders};
use super::snapshot::PoeStateView;
use super::{at, chart, map, phase_text, tag, PoeResult};
use crate::console::Console;
use crate::roster::Roster;
use crate::screens::{self, ActionView, RulesetUi};
use crate::style::Style;

/// The Pieces of Eight screens of `play` and `replay`.
pub struct PoeUi {
    narrator: PoeNarrator,
}

impl std::fmt::Debug for PoeUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoeUi").finish_non_exhaustive()
    }
}

/// The acting ship in one line: "Acting: Capitana (D) at (5,3) facing NE, rear quarter;
/// moved 1 of 3 hexes; crew 3/3, guns 3/3, sail 3/3".
fn acting_line(g: &PoeGame, roster: &Roster) -> Option<String> {
    let i = g.act.ship as usize;
    let s = g.ships().get(i)?;
    let moving = match g.pending {
        Pending::Moving => format!(
            "moved {} of {} hexes, {} direction change{} made; ",
            g.act.moved,
            g.act.allowance,
            g.act.turns,
            if g.act.turns == 1 { "" } else { "s" }
        ),
        _ => String::new(),
    };
    Some(format!(
        "Acting: {} at {} facing {}, {}; {moving}{}; {}",
        tag(roster, i),
        at(s.hex),
        s.facing.name(),
        g.wind_angle(i).name(),
        markers_text(s),
        notes(g, i)
    ))
}

impl RulesetUi for PoeUi {
    type State = PoeGame;
    type Result = PoeResult;
    const TITLE_SUFFIX: &'static str = " (Pieces of Eight)";
    const TABLE_IN_INTRO: bool = true;
    const REPLAY_MAPS: bool = true;
    const SINCE: &'static str = "Since your last order";
    const RESIGN: Action = RESIGN;
    const RESIGN_REFUSED: &'static str =
        "error: you may resign only when picking a ship to act, and only in a game that allows it";
    const STATE: fn(&AnyGame) -> Result<&PoeGame> = screens::game_of::<PoeRuleset>;
    const MAP: fn(&PoeGame, &Roster, &Style) -> String = map::render;
    const TABLE: fn(&PoeGame, &Roster, &Style) -> String = chart::table;
    const DETAIL: fn(&PoeGame, &Roster, usize) -> String = chart::detail;
    const HELP: fn() -> String = help_text;

    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self> {
        let s = screens::scenario_of::<PoeRuleset>(scenario)?;
        Ok(PoeUi {
            narrator: PoeNarrator::new(super::roster(s, viewer)),
        })
    }

    /// The hexes or table drawn in the browser (`broadside serve`).
    fn board(&self, g: &PoeGame) -> crate::board::Board {
        super::board::board(g, self.roster())
    }

    /// The fields of fire drawn for a selected ship in the browser.
    fn fields(&self, g: &PoeGame, ship: usize) -> Vec<crate::board::Area> {
        super::board::fields(g, ship)
    }

    /// Why an order is refused, naming the rule (`PoeGame::refusal`).
    fn refusal(&self, g: &PoeGame, action: Action) -> Option<String> {
        g.refusal(action)
    }

    /// The ship an order is for (the browser lists a clicked ship's orders).
    fn order_ship(&self, g: &PoeGame, action: Action) -> Option<usize> {
        super::board::order_ship(g, action)
    }

    fn roster(&self) -> &Roster {
        self.narrator.roster()
    }

    fn narrate(&mut self, before: &PoeGame, action: Action, after: &PoeGame) -> Vec<String> {
        self.narrator.observe(before, action, after)
    }

    /// The map, the table or the acting ship, the log and the numbered orders.
    fn screen(&self, c: &mut dyn Console, g: &PoeGame) -> Result<()> {
        let style = c.style();
        let roster = self.roster();
        let side = roster.the_side(c.human_side());
        let heading = format!("==== Turn {} — orders for {side} ====", g.turn);
        writeln!(c.out(), "\n{}", style.bold(&heading))?;
        c.board(&map::render(g, roster, &style), None)?;
        let between_ships = matches!(
            g.pending,
            Pending::WindDice
                | Pending::CancelDice { .. }
                | Pending::WindTurn
                | Pending::SelectShip
                | Pending::Clock
        );
        if between_ships {
            writeln!(c.out(), "{}", chart::table(g, roster, &style))?;
        } else if let Some(line) = acting_line(g, roster) {
            writeln!(c.out(), "{line}")?;
        }
        c.show_log(Self::SINCE)?;
        writeln!(
            c.out(),
            "{}",
            style.bold(&format!("Now: {}.", phase_text(g, roster)))
        )?;
        screens::list_orders(c, &legal_orders(g, roster))
    }

    /// The admiral's decision as the order list words it for a player.
    fn order_words(&self, g: &PoeGame, action: Action) -> String {
        let name = g.spec().action_name(action);
        format!("{name} ({})", orders::describe(g, self.roster(), action))
    }

    fn prompt(&self, g: &PoeGame) -> Result<String> {
        Ok(screens::generic_prompt(
            legal_orders(g, self.roster()).len(),
        ))
    }

    /// `list` (the orders again), or an order by number or name.
    fn command(
        &self,
        c: &mut dyn Console,
        g: &PoeGame,
        word: &str,
        text: &str,
    ) -> Result<Option<Vec<Action>>> {
        screens::generic_command(c, g, &legal_orders(g, self.roster()), word, text, &|a| {
            g.refusal(a)
        })
    }

    fn result(&self, g: &PoeGame) -> (PoeResult, String) {
        let result = PoeResult::of(g, self.roster());
        let text = result.text(g);
        (result, text)
    }

    fn state_json(
        &self,
        g: &PoeGame,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String> {
        let v = PoeStateView::of(g, self.roster(), index, action, events);
        Ok(serde_json::to_string(&v)?)
    }
}

fn help_text() -> String {
    // A paragraph or a numbered step is one line, which `play`'s writer fits to the
    // terminal with a hanging indent; only the table's rows are broken by hand.
    "Pieces of Eight (the sea fight). The convoy (merchants and escorts) runs for the escape corner; \
     the buccaneers try to take it. A turn belongs to one side, the mover:\n\
     \x20 1. Wind: the mover may roll 0-3 wind dice (5-6); the other side answers with 0-3, each \
     5-6 cancelling one. More successes: the wind turns one face (fog drifts 2 hexes).\n\
     \x20 2. Ships, one at a time: recovery (a die per crew, 5-6 restores a lost marker), then the \
     move: by the facing to the wind (ahead: spin 1 face; front quarter 1 hex; rear quarter \
     3 + 1 on 3-6; astern 2 + more on 3-6), hex by hex, turning as the ship may; shoot once \
     at any point (2 dice a gun marker, hits on 6, one re-roll), then board an adjacent ship. \
     Enemies at 1 hex may shoot on opportunity as you pass; a ship hit may shoot back.\n\
     \x20 3. The battle clock: advance it 3, 4 or 5; at 21 the battle ends.\n\
     Orders (type the number from the list, or the name):\n\
     \x20 wind:dice:N / cancel:dice:N   wind dice, or dice against the enemy's wind change\n\
     \x20 wind:cw / wind:ccw            turn the wind clockwise / anticlockwise\n\
     \x20 ship:K                        ship K acts next\n\
     \x20 recover:crew|guns|sail        where a recovery success goes\n\
     \x20 move:ahead, turn:left (port), turn:right (starboard), move:stop\n\
     \x20 fire:J, board:J, done         shoot at / board ship J; the ship is finished\n\
     \x20 opp:K / opp:hold              your ship K shoots on opportunity / hold fire\n\
     \x20 keep / reroll                 keep a broadside's hits or roll it again (once)\n\
     \x20 lose:crew|guns|sail           which marker a hit takes (the target picks the first)\n\
     \x20 return:fire / return:hold     shoot back after being hit, or not\n\
     \x20 clock:3|4|5                   advance the battle clock\n\
     Victory points: a merchant escaped 1, afloat ½ (convoy); captured 1, burnt ½ (buccaneers); \
     each warship struck, captured or burnt 1 to the other side.\n\
     On the map your ships are capitals, the enemy's lower case, the arrow is the bow. Commands: \
     `list` (the orders again), `map`, `chart` (all ships), `chart NAME` (one ship by name or \
     letter: guns, range and each enemy in range or raking), `resign`, `quit` (save and leave)."
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::poe::{builtin_scenario, PoeOptions};

    #[test]
    fn help_explains_the_turn_and_the_orders() {
        let h = help_text();
        for w in [
            "wind:dice:N",
            "move:ahead",
            "fire:J",
            "clock:3|4|5",
            "chart NAME",
        ] {
            assert!(h.contains(w), "{w}");
        }
        let s = builtin_scenario("convoy-action").expect("built-in scenario");
        let mut g = PoeGame::new(&s, PoeOptions::default());
        g.act.ship = 3;
        g.pending = Pending::Moving;
        let r = crate::poe::roster(&s, 0);
        let l = acting_line(&g, &r).expect("an acting ship");
        assert!(
            l.starts_with("Acting: Capitana (D) at (4,4) facing NE"),
            "{l}"
        );
    }
}
