//! `broadside play` for WS&IM: the map, the ship table and the log, and one order per ship
//! typed in the game's notation (`L1R2 hull fire>=2 load=any`). The order is checked against
//! the rules on a copy of the state and only then fed to the game as its sub-decisions, so a
//! refused order changes nothing.

use anyhow::{bail, Result};
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::AnyGame;
use broadside_env::wsim::catalogue::RESIGN;
use broadside_env::wsim::notation::parse_order;
use broadside_env::wsim::{Phase, WsimGame};

use broadside_env::ruleset::AnyScenario;
use broadside_env::wsim::WsimRuleset;

use super::narrate::Narrator;
use super::outcome::GameResult;
use super::snapshot::StateView;
use super::{chart, map};
use crate::admiral;
use crate::console::Console;
use crate::roster::Roster;
use crate::screens::{self, ActionView, RulesetUi};
use crate::style::Style;

/// The WS&IM screens of `play` and `replay`.
pub struct WsimUi {
    narrator: Narrator,
}

impl WsimUi {
    /// The ship whose orders are asked for.
    fn ship(g: &WsimGame) -> Result<usize> {
        let Phase::Orders { ship, .. } = g.phase else {
            bail!("internal error: asked for orders outside the orders phase");
        };
        Ok(ship as usize)
    }
}

impl std::fmt::Debug for WsimUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WsimUi").finish_non_exhaustive()
    }
}

impl RulesetUi for WsimUi {
    type State = WsimGame;
    type Result = GameResult;
    const TITLE_SUFFIX: &'static str = "";
    const TABLE_IN_INTRO: bool = false;
    const REPLAY_MAPS: bool = false;
    const SINCE: &'static str = "Since your last orders";
    const EMPTY_HINT: &'static str =
        "(type an order or a number of the list; `-` keeps the ship where she is, `help` explains)";
    const RESIGN: Action = RESIGN;
    const RESIGN_REFUSED: &'static str =
        "error: you may resign only before the first ship's orders of a turn";

    const STATE: fn(&AnyGame) -> Result<&WsimGame> = screens::game_of::<WsimRuleset>;
    const MAP: fn(&WsimGame, &Roster, &Style) -> String = map::render;
    const TABLE: fn(&WsimGame, &Roster, &Style) -> String = chart::table;
    const DETAIL: fn(&WsimGame, &Roster, usize) -> String = chart::detail;
    const HELP: fn() -> String = help_text;

    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self> {
        let scenario = screens::scenario_of::<WsimRuleset>(scenario)?;
        Ok(WsimUi {
            narrator: Narrator::new(crate::wsim::roster(scenario, viewer)),
        })
    }

    fn state_json(
        &self,
        g: &WsimGame,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String> {
        let v = StateView::of(g, self.roster(), index, action, events);
        Ok(serde_json::to_string(&v)?)
    }

    /// The hexes or table drawn in the browser (`broadside serve`).
    fn board(&self, g: &WsimGame) -> crate::board::Board {
        super::board::board(g, self.roster())
    }

    /// The fields of fire drawn for a selected ship in the browser.
    fn fields(&self, g: &WsimGame, ship: usize) -> Vec<crate::board::Area> {
        super::board::fields(g, ship)
    }

    /// The ship an order is for (the browser lists a clicked ship's orders).
    fn order_ship(&self, g: &WsimGame, _action: Action) -> Option<usize> {
        super::board::order_ship(g)
    }

    /// Why a movement token is refused, naming the rule (`WsimGame::movement_refusal`).
    fn refusal(&self, g: &WsimGame, action: Action) -> Option<String> {
        let ship = super::board::order_ship(g)?;
        g.movement_refusal(ship, action)
    }

    fn roster(&self) -> &Roster {
        self.narrator.roster()
    }

    fn narrate(&mut self, before: &WsimGame, action: Action, after: &WsimGame) -> Vec<String> {
        self.narrator.observe(before, action, after)
    }

    /// The map, the table, the brief of the ship to order and the log.
    fn screen(&self, c: &mut dyn Console, g: &WsimGame) -> Result<()> {
        let ship = Self::ship(g)?;
        let style = c.style();
        let heading = format!(
            "==== Turn {} — orders for {} ====",
            g.turn,
            self.roster().name(ship)
        );
        writeln!(c.out(), "\n{}", style.bold(&heading))?;
        let map = map::render(g, self.roster(), &style);
        c.board(&map, Some(&chart::table(g, self.roster(), &style)))?;
        c.show_log(Self::SINCE)?;
        writeln!(c.out(), "{}", chart::orders_brief(g, self.roster(), ship))?;
        screens::list_orders(c, &self.orders(g))
    }

    fn prompt(&self, g: &WsimGame) -> Result<String> {
        let name = self.roster().name(Self::ship(g)?);
        let n = self.orders(g).len();
        Ok(format!(
            "Orders for {name} (e.g. L1R2 hull) or number 1-{n}; `help`, `list`, `quit`: "
        ))
    }

    /// What a listed sub-decision does, in the notation's words.
    fn order_text(&self, g: &WsimGame, action: Action) -> String {
        let name = g.spec().action_name(action);
        notation_word(name).unwrap_or_else(|| g.describe_action(action))
    }

    /// `list`, a number of the list (one sub-decision) or a catalogue name, else a whole
    /// order in the notation, checked against the rules. A line of digits alone is always a
    /// number of the list, never a movement: `move 3` (or `3` with any other word of the
    /// notation, `3 hull`) moves three hexes.
    fn command(
        &self,
        c: &mut dyn Console,
        g: &WsimGame,
        word: &str,
        text: &str,
    ) -> Result<Option<Vec<Action>>> {
        let t = text.trim();
        let number = !t.is_empty() && t.chars().all(|ch| ch.is_ascii_digit());
        let listed = matches!(word, "list" | "orders")
            || number
            || g.spec().action_by_name(&t.to_ascii_lowercase()).is_some();
        if listed {
            let orders = self.orders(g);
            if number
                && t.parse::<usize>()
                    .map_or(true, |k| k == 0 || k > orders.len())
            {
                c.error(&format!(
                    "there is no order number {t} (the list is numbered 1 to {}); a movement alone is typed `move {t}`, and `-` keeps the ship where she is",
                    orders.len()
                ))?;
                return Ok(None);
            }
            return screens::generic_command(c, g, &orders, word, text, &|a| self.refusal(g, a));
        }
        let notation = if word == "move" {
            t[4..].trim_start()
        } else {
            t
        };
        match parse_order(notation)
            .map_err(|e| e.to_string())
            .and_then(|o| g.order_actions(&o).map_err(|e| e.to_string()))
        {
            Ok(actions) => Ok(Some(actions)),
            Err(e) => {
                c.error(&e)?;
                Ok(None)
            }
        }
    }

    /// The admiral's sub-decision as the word of the notation a player types for it.
    fn order_words(&self, g: &WsimGame, action: Action) -> String {
        let name = g.spec().action_name(action);
        let word = notation_word(name);
        match (g.phase, word) {
            (Phase::Orders { ship, .. }, Some(word)) => {
                format!("{word} for {}", self.roster().name(ship as usize))
            }
            _ => name.to_string(),
        }
    }

    fn result(&self, g: &WsimGame) -> (GameResult, String) {
        let result = GameResult::of(g, self.roster());
        let text = result.text(g);
        (result, text)
    }
}

/// A catalogue name of the orders phase as what it is in the notation (`move:L` is `L`,
/// `fire-at-least:2` is `fire>=2`), with its meaning; `None` for other decisions.
fn notation_word(name: &str) -> Option<String> {
    let (kind, value) = name.split_once(':')?;
    Some(match (kind, value) {
        ("move", "L") => "`L` (turn to port)".into(),
        ("move", "R") => "`R` (turn to starboard)".into(),
        ("move", "1") => "`1` (one hex ahead)".into(),
        ("move", "end") => "the end of the movement".into(),
        ("aim", v) => format!("`{v}` (aim at the {v})"),
        ("fire-at-least", v) => format!("`fire>={v}` (fire at {v} or better)"),
        ("fire", "hold") => "`hold` (hold fire)".into(),
        ("load", v) => format!("`load={v}`"),
        ("unfoul", v) => format!("`unfoul={v}`"),
        _ => return None,
    })
}

fn help_text() -> String {
    // Prose is one line a paragraph (the screen wraps it to the terminal); the table of
    // the notation is laid out within 80 columns.
    let admirals = admiral::KNOWN
        .iter()
        .map(|(n, h)| format!("{n}: {h}"))
        .collect::<Vec<_>>()
        .join("; ");
    [
        "Type a number of the list (`list` shows it again) to give one part of the ship's orders, or the ship's whole order in the game's notation, words separated by spaces, movement first. A line of digits alone is a number of the list: `move 3` moves three hexes ahead.",
        "  L1R2                  turn left, one hex, turn right, two hexes (`-`: stay)",
        "  hull | rigging        aim (hull only counts at 5 hexes or less)",
        "  fire>=N | hold        fire only at hit table N (0-8) or better, or hold fire",
        "  load=any|left|right   which empty broadside to load this turn",
        "  unfoul=all|friend|enemy|remain   for fouled ships",
        "Words left out keep the ship's standing aim and fire order, load any side, unfoul from all. Each hex and each turn costs a movement factor; one turn per hex; turning into the wind stops the ship.",
        "Commands: `list` (the numbered orders), `map`, `chart` (all ships), `chart NAME` (one ship, by name or map letter), `resign` (at the start of your turn's orders), `quit` (save and leave).",
        &format!("Admirals known: {admirals}"),
    ]
    .join("\n")
}
