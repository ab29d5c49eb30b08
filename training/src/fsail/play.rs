//! `broadside play` for Fighting Sail: the table, the ship charts and the log, and the legal
//! orders of the moment listed with numbers and names. The person answers with a number or
//! a name; anything else is refused with a reason and asked again, the state unchanged.

use anyhow::Result;
use broadside_agents::KnownAgents;
use broadside_env::fsail::catalogue::RESIGN;
use broadside_env::fsail::FsailGame;
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::AnyGame;

use broadside_env::fsail::FsailRuleset;
use broadside_env::ruleset::AnyScenario;

use super::narrate::FsailNarrator;
use super::orders::{self, legal_orders};
use super::snapshot::FsailStateView;
use super::{chart, map, FsailResult};
use crate::console::Console;
use crate::roster::Roster;
use crate::screens::{self, ActionView, RulesetUi};
use crate::style::Style;

/// The Fighting Sail screens of `play` and `replay`.
pub struct FsailUi {
    narrator: FsailNarrator,
}

impl FsailUi {
    fn list_orders(&self, c: &mut dyn Console, g: &FsailGame) -> Result<()> {
        screens::list_orders(c, &legal_orders(g, self.roster()))
    }
}

impl std::fmt::Debug for FsailUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FsailUi").finish_non_exhaustive()
    }
}

impl RulesetUi for FsailUi {
    type State = FsailGame;
    type Result = FsailResult;
    const TITLE_SUFFIX: &'static str = " (Fighting Sail)";
    const TABLE_IN_INTRO: bool = true;
    const REPLAY_MAPS: bool = true;
    const SINCE: &'static str = "Since your last order";
    const RESIGN: Action = RESIGN;
    const RESIGN_REFUSED: &'static str = "error: you may resign only when picking a ship to sail";

    const STATE: fn(&AnyGame) -> Result<&FsailGame> = screens::game_of::<FsailRuleset>;
    const MAP: fn(&FsailGame, &Roster, &Style) -> String = map::render;
    const TABLE: fn(&FsailGame, &Roster, &Style) -> String = chart::table;
    const DETAIL: fn(&FsailGame, &Roster, usize) -> String = chart::detail;
    const HELP: fn() -> String = help_text;

    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self> {
        let scenario = screens::scenario_of::<FsailRuleset>(scenario)?;
        Ok(FsailUi {
            narrator: FsailNarrator::new(super::roster(scenario, viewer)),
        })
    }

    fn state_json(
        &self,
        g: &FsailGame,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String> {
        let v = FsailStateView::of(g, self.roster(), index, action, events);
        Ok(serde_json::to_string(&v)?)
    }

    /// The hexes or table drawn in the browser (`broadside serve`).
    fn board(&self, g: &FsailGame) -> crate::board::Board {
        super::board::board(g, self.roster())
    }

    /// The fields of fire drawn for a selected ship in the browser.
    fn fields(&self, g: &FsailGame, ship: usize) -> Vec<crate::board::Area> {
        super::board::fields(g, ship)
    }

    /// Why an order is refused, naming the rule (`FsailGame::refusal`).
    fn refusal(&self, g: &FsailGame, action: Action) -> Option<String> {
        g.refusal(action)
    }

    /// The ship an order is for (the browser lists a clicked ship's orders).
    fn order_ship(&self, g: &FsailGame, action: Action) -> Option<usize> {
        super::board::order_ship(g, action)
    }

    fn roster(&self) -> &Roster {
        self.narrator.roster()
    }

    fn narrate(&mut self, before: &FsailGame, action: Action, after: &FsailGame) -> Vec<String> {
        self.narrator.observe(before, action, after)
    }

    /// The table, the charts, the log and the numbered orders.
    fn screen(&self, c: &mut dyn Console, g: &FsailGame) -> Result<()> {
        let style = c.style();
        let side = self.roster().the_side(c.human_side());
        let heading = format!("==== Turn {} — orders for {side} ====", g.turn);
        writeln!(c.out(), "\n{}", style.bold(&heading))?;
        let map = map::render(g, self.roster(), &style);
        c.board(&map, Some(&chart::table(g, self.roster(), &style)))?;
        c.show_log(Self::SINCE)?;
        // The decision of the moment, which the table above says only where it was drawn.
        let now = super::phase_text(g, self.roster());
        writeln!(c.out(), "{}", style.bold(&format!("Now: {now}.")))?;
        self.list_orders(c, g)
    }

    /// The order list's words (the browser's too), not the catalogue's codes.
    fn order_text(&self, g: &FsailGame, action: Action) -> String {
        orders::describe(g, self.roster(), action)
    }

    /// The admiral's decision as the order list words it for a player.
    fn order_words(&self, g: &FsailGame, action: Action) -> String {
        let name = g.spec().action_name(action);
        format!("{name} ({})", orders::describe(g, self.roster(), action))
    }

    fn prompt(&self, g: &FsailGame) -> Result<String> {
        Ok(screens::generic_prompt(
            legal_orders(g, self.roster()).len(),
        ))
    }

    /// `list` (the orders again), or an order by number or name.
    fn command(
        &self,
        c: &mut dyn Console,
        g: &FsailGame,
        word: &str,
        text: &str,
    ) -> Result<Option<Vec<Action>>> {
        screens::generic_command(c, g, &legal_orders(g, self.roster()), word, text, &|a| {
            g.refusal(a)
        })
    }

    fn result(&self, g: &FsailGame) -> (FsailResult, String) {
        let result = FsailResult::of(g, self.roster());
        let text = result.text(g);
        (result, text)
    }
}

fn help_text() -> String {
    format!(
        // A paragraph is one line, which `play`'s writer fits to the terminal; only the
        // table's rows are broken by hand.
        "Fighting Sail: each turn the initiative roll, then sailing (the first player sails his ships \
         one by one, then the other side), then cannon (the same order). Give one order at a time:\n\
         \x20 ship:K            pick the next ship to sail; she rolls her sailing dice\n\
         \x20 sail:0.5 .. sail:2:stbd30   manoeuvre (1 point): up to 2\" ahead; 15 or 30° turns only after the full 2\"\n\
         \x20 turn:port:D / turn:stbd:D   2\" ahead and turn D°: a tack (2 points, towards the wind) or a wear (1 point)\n\
         \x20 sail:end          stop sailing this ship\n\
         \x20 fire:I>J          your ship I fires at enemy J (in range, in a broadside arc, in sight)\n\
         \x20 board:I>J         your ship I boards enemy J (within 1\") instead of firing\n\
         \x20 cannon:end        fire no more this turn\n\
         Type the order's number from the list or its name. On the map own ships are capitals, enemies \
         lower case, the arrow is the bow. Commands: `list` (the orders again), `map`, `chart` (all \
         ships), `chart NAME` (one ship, by name or letter: arcs and ranges to each enemy), `resign` \
         (when picking a ship to sail), `quit` (save and leave).\n\
         Admirals for fsail: the portfolio search (the default: portfolio:model=rake-seeker,time=10), \
         {}, mcts (e.g. `mcts:level=easy`), random.",
        FsailGame::bots()
            .iter()
            .map(|(n, _)| format!("bot:{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}
