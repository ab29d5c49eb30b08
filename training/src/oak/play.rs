//! `broadside play` and `replay` for Oak & Iron: the table, the ship table and the log, and
//! the legal orders of the moment numbered and named (the generic prompt). The log tells
//! every decision and every die: each batch of a roll, each critical die, each collision
//! roll, and what changed on every ship. The other side's hidden cards stay hidden: its
//! hand picks and face-down card are told without their names.

use anyhow::Result;
use broadside_agents::KnownAgents;
use broadside_env::game::{Action, Game};
use broadside_env::oak::catalogue::*;
use broadside_env::oak::data::cards;
use broadside_env::oak::state::{sail, Pending, RollFor, NONE};
use broadside_env::oak::{OakGame, OakRuleset};
use broadside_env::ruleset::{AnyGame, AnyScenario};
use serde::Serialize;

use super::{phase_text, tag, views, OakResult};
use crate::console::Console;
use crate::roster::Roster;
use crate::screens::{self, ActionView, RulesetUi};
use crate::style::Style;

/// The Oak & Iron screens of `play` and `replay`.
pub struct OakUi {
    roster: Roster,
}

impl std::fmt::Debug for OakUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OakUi").finish_non_exhaustive()
    }
}

/// Why a roll is rolled, in words.
fn roll_purpose(g: &OakGame, roster: &Roster) -> String {
    let acting = || tag(roster, g.act.ship as usize);
    match g.roll_for {
        RollFor::Test(t) => format!("{}'s skill test ({t:?})", acting()),
        RollFor::Attack => format!(
            "{}'s attack on {}",
            tag(roster, g.attack.attacker as usize),
            tag(roster, g.attack.target as usize)
        ),
        RollFor::Challenge { side, .. } => {
            format!("{} challenge test", roster.the_side(side))
        }
        RollFor::Shoal => format!("{}'s shoal test", acting()),
        RollFor::Sink { ship } => format!("{}'s sinking roll", tag(roster, ship as usize)),
        RollFor::RaiseTheBlack { key } => {
            format!("{}'s Raise the Black test", tag(roster, key as usize % 16))
        }
        RollFor::Zeal { ship } => format!("{}'s Zeal test", tag(roster, ship as usize)),
        RollFor::AdmiralLoss => format!(
            "the admiral aboard {}",
            tag(roster, g.attack.target as usize)
        ),
    }
}

/// What changed on each ship between two states.
fn ship_changes(before: &OakGame, after: &OakGame, roster: &Roster) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (a, b)) in before.ships().iter().zip(after.ships()).enumerate() {
        let mut v = Vec::new();
        if b.fatigue != a.fatigue {
            v.push(format!("fatigue {} -> {}", a.fatigue, b.fatigue));
        }
        if b.damage != a.damage {
            v.push(format!("damage {} -> {}", a.damage, b.damage));
        }
        if b.sail != a.sail {
            v.push(format!("now {}", sail::NAMES[b.sail.min(3) as usize]));
        }
        if b.aground && !a.aground {
            v.push("aground".into());
        }
        if b.entangled != a.entangled {
            v.push(
                if b.entangled != 0 {
                    "entangled"
                } else {
                    "free"
                }
                .into(),
            );
        }
        if b.captured() && !a.captured() {
            v.push("captured".into());
        }
        if b.status != a.status {
            v.push(
                if b.status == 1 {
                    "sinks"
                } else {
                    "leaves the battlefield"
                }
                .into(),
            );
        }
        if b.out_of_action() && !a.out_of_action() {
            v.push("out of action".into());
        }
        if b.flagship && !a.flagship {
            v.push("now the flagship".into());
        }
        if b.ashore && !a.ashore {
            v.push("sends a landing party ashore".into());
        }
        if a.ashore && !b.ashore {
            v.push("her landing party is taken off".into());
        }
        if !v.is_empty() {
            out.push(format!("  {}: {}", tag(roster, i), v.join(", ")));
        }
    }
    out
}

impl OakUi {
    fn describe(&self, before: &OakGame, action: Action) -> String {
        let side = |s: u8| self.roster.the_side(s);
        match before.pending {
            Pending::BuildHand | Pending::PlaceCard if before.who != self.roster.viewer => {
                let who = side(before.who);
                let mut first = who.chars();
                let who: String = first
                    .next()
                    .map(|c| c.to_uppercase().chain(first).collect())
                    .unwrap_or_default();
                format!("{who} choose a card in secret.")
            }
            Pending::Pool => {
                let b = before.roll.left.min(8);
                let k = action.saturating_sub(ROLL_0);
                let what = match before.roll.stage {
                    0 => format!("{k} of {b} dice scored"),
                    1 => format!("{k} of {b} rerolled dice scored"),
                    _ => format!("{k} of {b} hits are potential criticals"),
                };
                format!("Dice, {}: {what}", roll_purpose(before, &self.roster))
            }
            Pending::CritDie => format!(
                "Critical die: {}",
                match action {
                    FACE_SKULL => "skull (hull)",
                    FACE_SAIL => "sail (rigging)",
                    FACE_SWORD => "sword (crew)",
                    _ => "no effect",
                }
            ),
            Pending::Collision => format!(
                "Collision dice ({} dice): {}",
                before.act.speed.max(1),
                before.spec().action_name(action)
            ),
            _ => {
                let who = if before.act.ship != NONE {
                    tag(&self.roster, before.act.ship as usize)
                } else {
                    side(before.who)
                };
                format!(
                    "{who}: {}",
                    super::orders::order_text(before, &self.roster, action)
                )
            }
        }
    }
}

impl RulesetUi for OakUi {
    type State = OakGame;
    type Result = OakResult;
    const TITLE_SUFFIX: &'static str = " (Oak & Iron)";
    const TABLE_IN_INTRO: bool = true;
    const REPLAY_MAPS: bool = true;
    const SINCE: &'static str = "Since your last order";
    const RESIGN: Action = RESIGN;
    const RESIGN_REFUSED: &'static str = "error: resigning is not allowed in this game";

    const STATE: fn(&AnyGame) -> Result<&OakGame> = screens::game_of::<OakRuleset>;
    const MAP: fn(&OakGame, &Roster, &Style) -> String = views::render;
    const TABLE: fn(&OakGame, &Roster, &Style) -> String = views::table;
    const DETAIL: fn(&OakGame, &Roster, usize) -> String = views::detail;
    const HELP: fn() -> String = help_text;

    /// The admiral's decision for `--why`, in the log's words (ships by name).
    /// The order list's words: ships by name, what each choice does.
    fn order_text(&self, g: &OakGame, action: Action) -> String {
        super::orders::order_text(g, &self.roster, action)
    }

    fn order_words(&self, g: &OakGame, action: Action) -> String {
        format!(
            "{} ({})",
            g.spec().action_name(action),
            self.describe(g, action)
        )
    }

    /// The table as the browser draws it, a selected ship's broadside paths, and the ship
    /// each order is for.
    fn board(&self, g: &OakGame) -> crate::board::Board {
        super::board::board(g, &self.roster)
    }

    fn fields(&self, g: &OakGame, ship: usize) -> Vec<crate::board::Area> {
        super::board::fields(g, ship)
    }

    fn refusal(&self, g: &OakGame, action: Action) -> Option<String> {
        g.refusal(action)
    }

    fn order_ship(&self, g: &OakGame, action: Action) -> Option<usize> {
        super::board::order_ship(g, action)
    }

    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self> {
        let scenario = screens::scenario_of::<OakRuleset>(scenario)?;
        Ok(OakUi {
            roster: super::roster(scenario, viewer),
        })
    }

    fn roster(&self) -> &Roster {
        &self.roster
    }

    fn narrate(&mut self, before: &OakGame, action: Action, after: &OakGame) -> Vec<String> {
        let mut lines = vec![self.describe(before, action)];
        lines.extend(ship_changes(before, after, &self.roster));
        if after.turn != before.turn || (before.phase != after.phase) {
            lines.push(phase_text(after, &self.roster));
        }
        if before.revealed != after.revealed {
            for s in 0..2 {
                if let Some(c) = cards().get(after.revealed[s] as usize) {
                    lines.push(format!(
                        "  The {} reveal {} (value {}).",
                        self.roster.side_name(s as u8),
                        c.name,
                        c.value
                    ));
                }
            }
        }
        if let Some(e) = after.ending.filter(|_| before.ending.is_none()) {
            lines.push(OakResult::of(after, &self.roster).text());
            let _ = e;
        }
        lines
    }

    fn screen(&self, c: &mut dyn Console, g: &OakGame) -> Result<()> {
        let style = c.style();
        writeln!(c.out(), "\n{}", style.bold(&phase_text(g, &self.roster)))?;
        let map = views::render(g, &self.roster, &style);
        c.board(&map, Some(&views::table(g, &self.roster, &style)))?;
        c.show_log(Self::SINCE)?;
        screens::list_orders(c, &self.orders(g))
    }

    fn result(&self, g: &OakGame) -> (OakResult, String) {
        let r = OakResult::of(g, &self.roster);
        let text = r.text();
        (r, text)
    }

    fn state_json(
        &self,
        g: &OakGame,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String> {
        #[derive(Serialize)]
        struct View<'a> {
            index: usize,
            action: Option<ActionView>,
            events: Vec<String>,
            phase: String,
            ships: Vec<ShipView<'a>>,
            strike_points: [u8; 2],
            fortune: [u8; 2],
        }
        #[derive(Serialize)]
        struct ShipView<'a> {
            name: &'a str,
            side: u8,
            x_inches: f64,
            y_inches: f64,
            heading: u16,
            fatigue: u8,
            damage: u8,
            sail: &'static str,
            on_table: bool,
            out_of_action: bool,
        }
        let v = View {
            index,
            action,
            events,
            phase: phase_text(g, &self.roster),
            ships: g
                .ships()
                .iter()
                .enumerate()
                .map(|(i, s)| ShipView {
                    name: self.roster.name(i),
                    side: s.side,
                    x_inches: s.base.centre.x as f64 / 1000.0,
                    y_inches: s.base.centre.y as f64 / 1000.0,
                    heading: s.base.heading,
                    fatigue: s.fatigue,
                    damage: s.damage,
                    sail: sail::NAMES[s.sail.min(3) as usize],
                    on_table: s.on_table(),
                    out_of_action: s.out_of_action(),
                })
                .collect(),
            strike_points: [g.strike_points(0), g.strike_points(1)],
            fortune: [g.fortune_of(0), g.fortune_of(1)],
        };
        Ok(serde_json::to_string(&v)?)
    }
}

fn help_text() -> String {
    format!(
        // A paragraph is one line, which `play`'s writer fits to the terminal.
        "Oak & Iron: before turn 1 choose your initiative hand and first card (card:C). Each turn: \
         initiative (cards revealed, next card placed face down), movement (ships alternate: ship:K, \
         then sea:none/heading/faster/slower/cut-free, turn:port:D / turn:stbd:D, move:ahead, \
         move:end, then a crew action crew:...), attack (ship:K, then fire:port:J / fire:stbd:J / \
         partial:J / close:J / attack:crew-action / attack:none, then aim:hull/crew/rigging), \
         keep or fortune after a roll, and the end phase (capture:J / destroy:J / pass).\n\
         Type the order's number or name. Commands: `list`, `map`, `chart`, `chart NAME`, `resign`, \
         `quit`. Admirals for oak: {}, mcts, portfolio, random.",
        OakGame::bots()
            .iter()
            .map(|(n, _)| format!("bot:{n}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}
