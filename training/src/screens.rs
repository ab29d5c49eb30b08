//! The seam between the `broadside` command and the rulesets' terminal screens.
//!
//! A ruleset's screens live in its own folder (`training/src/NAME/`) and enter through two
//! traits: [`RulesetUi`] (what `play` shows and how orders are typed; `replay` uses the same
//! views) and [`Screens`] (which UI a ruleset has and its default admirals). The commands
//! reach them through the functions at the bottom, expanded from the registry's list
//! ([`broadside_env::for_each_ruleset!`]), so no command names a ruleset: [`with_ui`] runs a
//! command's [`WithUi`] task with the scenario's screens. A screen writes to a
//! [`Console`] (the terminal of `play`'s session), so the seam imports no command.
//!
//! Every ruleset gets the generic order prompt for free ([`legal_orders`], [`parse_order`]:
//! the legal orders of the moment, numbered and described, read back by number or name);
//! a ruleset may add its own notation on top (WS&IM's `L1R2`).

use anyhow::{anyhow, Result};
use broadside_agents::{AgentSpec, KnownAgents, SpecError};
use broadside_env::game::{Action, Game};
use broadside_env::ruleset::{AnyGame, AnyScenario, Registered, Ruleset};
use serde::Serialize;

use crate::board::{Area, Board};
use crate::console::Console;
use crate::roster::Roster;
use crate::style::Style;

/// The action that led to a state, in readable JSON states.
#[derive(Debug, Clone, Serialize)]
pub struct ActionView {
    pub index: Action,
    pub name: String,
}

/// What one ruleset adds to the shared `play` session and `replay`: its state, screens,
/// narration and orders.
pub trait RulesetUi: Sized {
    /// The ruleset's own game, taken out of the [`AnyGame`].
    type State: Game + Clone;
    /// The result of a game, shown at the end and printed by `--json`.
    type Result: Serialize;
    /// Added to the scenario's title line.
    const TITLE_SUFFIX: &'static str;
    /// Whether the opening board under `--auto` shows the ship table below the map.
    const TABLE_IN_INTRO: bool;
    /// Whether `replay` shows the map at the start and at each pause.
    const REPLAY_MAPS: bool;
    /// The log's heading, without the colon ("Since your last orders").
    const SINCE: &'static str;
    /// The reply to an empty line at the prompt.
    const EMPTY_HINT: &'static str = "(type an order's number or name; `help` explains)";
    /// The action that resigns the game.
    const RESIGN: Action;
    /// The reply to `resign` when resigning is not legal now.
    const RESIGN_REFUSED: &'static str;

    /// The ruleset's game inside the [`AnyGame`].
    const STATE: fn(&AnyGame) -> Result<&Self::State>;
    /// The map of the ships.
    const MAP: fn(&Self::State, &Roster, &Style) -> String;
    /// The table of all ships.
    const TABLE: fn(&Self::State, &Roster, &Style) -> String;
    /// The chart of one ship.
    const DETAIL: fn(&Self::State, &Roster, usize) -> String;
    /// The answer to `help`.
    const HELP: fn() -> String;

    /// The screens of `scenario` for a person commanding side `viewer`.
    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self>;
    fn roster(&self) -> &Roster;
    /// Log lines for `action`, which turned `before` into `after`.
    fn narrate(&mut self, before: &Self::State, action: Action, after: &Self::State)
        -> Vec<String>;
    /// Everything the person sees before being asked for orders, the log included.
    fn screen(&self, c: &mut dyn Console, g: &Self::State) -> Result<()>;
    /// What a legal order does, as the order list shows it; by default the engine's
    /// description. A ruleset whose engine descriptions name ships by index gives its own
    /// words (Oak & Iron, Togo).
    fn order_text(&self, g: &Self::State, action: Action) -> String {
        g.describe_action(action)
    }
    /// The legal orders now (without `resign`), numbered and in [`RulesetUi::order_text`]'s
    /// words.
    fn orders(&self, g: &Self::State) -> Vec<Order> {
        legal_orders(g, Self::RESIGN, |a| self.order_text(g, a))
    }
    /// The prompt line; by default the generic one over the numbered legal orders.
    fn prompt(&self, g: &Self::State) -> Result<String> {
        Ok(generic_prompt(self.orders(g).len()))
    }
    /// A command the shared prompt does not know, usually an order: its actions, or `None`
    /// after answering it (with an error, say) to ask again. By default `list` and the
    /// generic orders by number or name.
    fn command(
        &self,
        c: &mut dyn Console,
        g: &Self::State,
        word: &str,
        text: &str,
    ) -> Result<Option<Vec<Action>>> {
        generic_command(c, g, &self.orders(g), word, text, &|a| self.refusal(g, a))
    }
    /// A decision in the words a player uses for it, for the log's `the admiral chose ...`
    /// under `--why`; by default the order's catalogue name with what it does, as the
    /// generic order list shows it.
    fn order_words(&self, g: &Self::State, action: Action) -> String {
        let name = g.spec().action_name(action);
        let text = g.describe_action(action);
        if text == name {
            // No more words than the name: say at least whose decision it is.
            let side = match g.turn() {
                broadside_env::game::Turn::Player(p) => self.roster().the_side(p),
                _ => "chance".to_string(),
            };
            format!("{name} (for {side})")
        } else if text.starts_with(name) {
            text
        } else {
            format!("{name} ({text})")
        }
    }
    /// The result of the game and its text.
    fn result(&self, g: &Self::State) -> (Self::Result, String);
    /// One state as readable JSON for `replay --json`.
    fn state_json(
        &self,
        g: &Self::State,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String>;
    /// The position as the browser draws it (`broadside serve`). By default the terminal map
    /// as text and the chart of each ship as its card, so every ruleset has a board; a
    /// ruleset with geometry gives its hexes or table instead (its own `board.rs`).
    fn board(&self, g: &Self::State) -> Board {
        let roster = self.roster();
        Board::text((Self::MAP)(g, roster, &Style::PLAIN), roster, |i| {
            (Self::DETAIL)(g, roster, i)
        })
    }
    /// The fields of fire of ship `ship` (indices past the ships give none), drawn when the
    /// ship is selected in the browser; by default none.
    fn fields(&self, _g: &Self::State, _ship: usize) -> Vec<Area> {
        Vec::new()
    }
    /// The ship a legal order of the moment is for, so the browser can list a ship's orders
    /// when she is clicked; by default none (the page lists every order).
    fn order_ship(&self, _g: &Self::State, _action: Action) -> Option<usize> {
        None
    }
    /// Why `action` is not a legal order now, naming the rule that forbids it, where the
    /// ruleset knows (`None` for a legal order); by default none, and the refusal says only
    /// that the order is not legal now. `play` and `serve` both show it.
    fn refusal(&self, _g: &Self::State, _action: Action) -> Option<String> {
        None
    }
}

/// A ruleset's place in the command: its screens and its default admirals.
pub trait Screens: Registered
where
    Self::Game: KnownAgents,
{
    /// The ruleset's screens.
    type Ui: RulesetUi<State = Self::Game>;
    /// The admiral `play` gets without `--admiral` or `--level`; `None`: the close-action
    /// doctrine where the ruleset has one, else the random admiral.
    const ADMIRAL: Option<&'static str>;
    /// The search a difficulty level plays in a battle of squadrons (the level adds its
    /// time); `None`: the tree search at the level, as in duels.
    const SQUADRON_LEVEL: Option<&'static str>;
    /// The search behind analysis, the mistake check and puzzles ([`crate::engine`]).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Tree;
}

/// What a command does with a ruleset's screens, whichever ruleset its game is of: `play`,
/// `replay` and the board's views each give one and call [`with_ui`], so the seam names no
/// command and every command reaches every ruleset without naming one.
pub trait WithUi {
    type Output;
    /// Does the task with the screens `U` (whose game has its ruleset's agents).
    fn run<U>(self) -> Self::Output
    where
        U: RulesetUi + Send + 'static,
        U::State: KnownAgents;
}

/// The ruleset's game inside `g`, or an internal error naming the ruleset expected.
pub fn game_of<R: Registered>(g: &AnyGame) -> Result<&R::Game> {
    R::game_of(g).ok_or_else(|| {
        anyhow!(
            "internal error: a game of another ruleset where `{}` was expected",
            R::spec().name
        )
    })
}

/// The ruleset's scenario inside `s`, or an internal error naming the ruleset expected.
pub fn scenario_of<R: Registered>(s: &AnyScenario) -> Result<&R::Scenario> {
    R::scenario_of(s).ok_or_else(|| {
        anyhow!(
            "internal error: a `{}` scenario where `{}` was expected",
            s.ruleset(),
            R::spec().name
        )
    })
}

/// One legal order: the action, its catalogue name and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub action: Action,
    pub name: &'static str,
    pub text: String,
}

/// The legal orders now (without `resign`, which is a command of its own), in catalogue
/// order, numbered from 1 by their position, each described by `describe`.
pub fn legal_orders<G: Game>(
    g: &G,
    resign: Action,
    describe: impl Fn(Action) -> String,
) -> Vec<Order> {
    let spec = g.spec();
    g.legal_actions()
        .iter()
        .filter(|&a| a != resign)
        .map(|a| Order {
            action: a,
            name: spec.action_name(a),
            text: describe(a),
        })
        .collect()
}

/// Reads a typed order: its number in `orders` or its name.
pub fn parse_order<G: Game>(g: &G, orders: &[Order], text: &str) -> Result<Action, String> {
    parse_order_explained(g, orders, text, &|_| None)
}

/// Why a catalogue order is refused: the rule `refusal` names, else "not a legal order now".
pub fn refused(name: &str, why: Option<String>) -> String {
    match why {
        Some(why) => format!("`{name}` is not allowed now: {why}"),
        None => format!("`{name}` is not a legal order now (see the list)"),
    }
}

/// [`parse_order`], a catalogue order that is not legal now refused with the rule that
/// forbids it where `refusal` knows it.
pub fn parse_order_explained<G: Game>(
    g: &G,
    orders: &[Order],
    text: &str,
    refusal: &dyn Fn(Action) -> Option<String>,
) -> Result<Action, String> {
    let t = text.trim();
    if let Ok(n) = t.parse::<usize>() {
        return match n.checked_sub(1).and_then(|k| orders.get(k)) {
            Some(o) => Ok(o.action),
            None => Err(format!(
                "there is no order number {n} (the orders are numbered 1 to {})",
                orders.len()
            )),
        };
    }
    if let Some(o) = orders.iter().find(|o| o.name.eq_ignore_ascii_case(t)) {
        return Ok(o.action);
    }
    if let Some(a) = g.spec().action_by_name(&t.to_ascii_lowercase()) {
        return Err(refused(t, refusal(a)));
    }
    Err(format!(
        "cannot read `{t}`: type an order's number (1 to {}) or its name, e.g. `{}`",
        orders.len(),
        orders.first().map_or("1", |o| o.name)
    ))
}

/// Writes the numbered orders under a heading.
pub fn list_orders(c: &mut dyn Console, orders: &[Order]) -> Result<()> {
    let heading = c.style().bold("Your orders:");
    writeln!(c.out(), "{heading}")?;
    for (k, o) in orders.iter().enumerate() {
        writeln!(c.out(), "  {:>3}  {:<14} {}", k + 1, o.name, o.text)?;
    }
    Ok(())
}

/// The generic prompt line over `n` numbered orders ("number 1" alone when there is one:
/// "1-1" reads as a typo).
pub fn generic_prompt(n: usize) -> String {
    let range = if n == 1 {
        "1".to_string()
    } else {
        format!("1-{n}")
    };
    format!("Order (number {range} or name), or `help`, `list`, `map`, `chart`, `quit`: ")
}

/// The generic answer to a command: `list` shows the orders again, anything else is read
/// as an order by number or name (an error is shown and the prompt asked again; an order
/// that is not legal now with the rule `refusal` names).
pub fn generic_command<G: Game>(
    c: &mut dyn Console,
    g: &G,
    orders: &[Order],
    word: &str,
    text: &str,
    refusal: &dyn Fn(Action) -> Option<String>,
) -> Result<Option<Vec<Action>>> {
    if matches!(word, "list" | "orders") {
        list_orders(c, orders)?;
        return Ok(None);
    }
    match parse_order_explained(g, orders, text, refusal) {
        Ok(a) => Ok(Some(vec![a])),
        Err(e) => {
            c.error(&e)?;
            Ok(None)
        }
    }
}

/// Whether ruleset `R` has a doctrine called `name`.
fn has_bot<R: Registered>(name: &str) -> bool
where
    R::Game: KnownAgents,
{
    <R::Game as KnownAgents>::named_bot(name, 0).is_some()
}

/// Checks that `spec` builds an agent for ruleset `R`'s own game.
fn builds_for<R: Registered>(spec: &AgentSpec) -> Result<(), SpecError>
where
    R::Game: KnownAgents,
{
    spec.build::<R::Game>(0).map(drop)
}

macro_rules! screens_registry {
    ($($module:ident: $variant:ident = $ruleset:path),* $(,)?) => {
        /// Runs `task` with the screens of `scenario`'s ruleset (see [`WithUi`]).
        pub fn with_ui<T: WithUi>(scenario: &AnyScenario, task: T) -> T::Output {
            match scenario {
                $(AnyScenario::$variant(_) => task.run::<<$ruleset as Screens>::Ui>()),*
            }
        }

        /// The default admiral of the ruleset called `ruleset` (see [`Screens::ADMIRAL`]).
        pub fn default_admiral(ruleset: &str) -> Option<&'static str> {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return <$ruleset as Screens>::ADMIRAL;
            })*
            None
        }

        /// The squadron search of the ruleset called `ruleset` (see [`Screens::SQUADRON_LEVEL`]).
        pub fn squadron_level(ruleset: &str) -> Option<&'static str> {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return <$ruleset as Screens>::SQUADRON_LEVEL;
            })*
            None
        }

        /// The doctrines of the ruleset called `ruleset`, `(name, help)` (none for a name
        /// that is not a ruleset).
        pub fn ruleset_bots(ruleset: &str) -> Vec<(&'static str, &'static str)> {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return <<$ruleset as Ruleset>::Game as KnownAgents>::bots();
            })*
            Vec::new()
        }

        /// Whether the ruleset called `ruleset` has a doctrine called `name`.
        pub fn bot_plays(name: &str, ruleset: &str) -> bool {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return has_bot::<$ruleset>(name);
            })*
            false
        }

        /// Builds `spec` for the own game of the ruleset called `ruleset` (its bots, values
        /// and priors, not the any-ruleset game's merged names).
        pub fn build_for_ruleset(spec: &AgentSpec, ruleset: &str) -> Result<(), SpecError> {
            $(if ruleset == <$ruleset as Ruleset>::spec().name {
                return builds_for::<$ruleset>(spec);
            })*
            Ok(())
        }
    };
}

broadside_env::for_each_ruleset!(screens_registry);

#[cfg(test)]
mod tests {
    use super::generic_prompt;

    #[test]
    fn the_prompt_names_a_range_only_when_there_is_more_than_one_order() {
        assert!(generic_prompt(1).starts_with("Order (number 1 or name)"));
        assert!(generic_prompt(7).starts_with("Order (number 1-7 or name)"));
    }
}
