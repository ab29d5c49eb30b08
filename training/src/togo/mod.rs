//! Terminal views of a Gods of War: Togo battle (the `togo` ruleset): [`view`] (the table
//! as a character grid, the ship table, one ship's chart, the narration of every die) and
//! the [`RulesetUi`](crate::screens::RulesetUi) of `play` and `replay`, with the generic
//! numbered order prompt.

use anyhow::Result;
use broadside_env::game::{Action, Game, Turn};
use broadside_env::ruleset::{AnyGame, AnyScenario};
use broadside_env::togo::catalogue::RESIGN;
use broadside_env::togo::{EndReason, Scenario, Stage, TogoGame, TogoRuleset};
use serde::Serialize;

use crate::console::Console;
use crate::roster::Roster;
use crate::screens::{self, ActionView, RulesetUi, Screens};
use crate::style::Style;

pub mod board;
pub mod orders;
pub mod view;

/// Togo's default admiral: the portfolio search led by the best doctrine, the rammers, with
/// line-ahead gunnery's choices and, at every decision of at most five legal actions
/// (orders, which ship acts, targets, counter salvo, boarding; not the legs), every legal
/// action as candidates; 400 playouts of one game turn against the rammers a decision (a
/// fixed budget, so a game replays exactly), scored by the steep Hull-lead value. It leaves
/// the rammers' choice only where a candidate's paired difference over it (the same worlds
/// and dice for every candidate) is two standard errors above 0, so the ties of a one-turn
/// horizon keep the doctrine. Twice the playouts of the 200 it had (which accepted H0 on
/// seed 2026) let the gate see more of the real differences: against `bot:rammers` the SPRT
/// (elo0 0, elo1 100) accepted H1 on seeds 2026, 41, 313 and 5 (62-81%), at about 40 ms of
/// CPU a decision (docs/experiments/2026-11-26-togo-admiral-4.md).
pub const TOGO_ADMIRAL: &str =
    "portfolio:bots=rammers+line-ahead-gunnery,model=rammers,sims=400,value=default,every=5,z=2";

impl Screens for TogoRuleset {
    type Ui = TogoUi;
    const ADMIRAL: Option<&'static str> = Some(TOGO_ADMIRAL);
    const SQUADRON_LEVEL: Option<&'static str> =
        Some("portfolio:bots=rammers+line-ahead-gunnery,model=rammers,value=default,every=5,z=2");
    // The analysis engine (docs/experiments/2026-11-28-analysis-engine.md).
    const ANALYSIS: crate::engine::Engine = crate::engine::Engine::Squadron;
}

/// The roster of a scenario seen from `viewer`.
pub fn roster(scenario: &Scenario, viewer: u8) -> Roster {
    Roster::of_ships(
        scenario
            .ships
            .iter()
            .map(|s| (s.name.as_str(), s.class.as_str(), s.side)),
        scenario.sides.clone(),
        viewer,
    )
}

/// How a battle stands at its end (or where it was left).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TogoResult {
    pub finished: bool,
    pub winner: Option<u8>,
    pub winner_name: Option<String>,
    /// "side-gone", "contact-broken", "last-turn" or "resignation".
    pub reason: Option<&'static str>,
    /// Hull points lost by side 0 and side 1 (sunk and struck ships in full).
    pub losses: [f64; 2],
    pub sides: [String; 2],
    pub turn: u8,
}

fn reason_name(r: EndReason) -> &'static str {
    match r {
        EndReason::SideGone => "side-gone",
        EndReason::ContactBroken => "contact-broken",
        EndReason::LastTurn => "last-turn",
        EndReason::Resignation => "resignation",
    }
}

impl TogoResult {
    pub fn of(g: &TogoGame, roster: &Roster) -> Self {
        let winner = g.ending.and_then(|e| e.winner);
        let l = g.losses();
        TogoResult {
            finished: g.ending.is_some(),
            winner,
            winner_name: winner.map(|w| roster.side_name(w).to_string()),
            reason: g.ending.map(|e| reason_name(e.reason)),
            losses: [l[0] as f64 / 4.0, l[1] as f64 / 4.0],
            sides: roster.sides.clone(),
            turn: g.turn,
        }
    }

    pub fn text(&self) -> String {
        let losses = format!(
            "Hull points lost: {} {}, {} {}.",
            self.sides[0], self.losses[0], self.sides[1], self.losses[1]
        );
        match (self.finished, &self.winner_name) {
            (true, Some(w)) => format!(
                "The {w} win on turn {} ({}). {losses}",
                self.turn,
                self.reason.unwrap_or("?")
            ),
            (true, None) => format!(
                "A draw on turn {} ({}). {losses}",
                self.turn,
                self.reason.unwrap_or("?")
            ),
            _ => format!(
                "The battle was left unfinished on turn {}. {losses}",
                self.turn
            ),
        }
    }
}

/// What happens now, in words.
pub fn phase_text(g: &TogoGame, roster: &Roster) -> String {
    let acting = || view::tag(roster, g.mv.ship as usize);
    match g.stage {
        Stage::ChooseA => format!(
            "the {} won the initiative and choose player A",
            roster.side_name(g.init_winner)
        ),
        Stage::Place { ship, first } => format!(
            "place {} order marker for {} (face down)",
            if first { "this turn's" } else { "next turn's" },
            view::tag(roster, ship as usize)
        ),
        Stage::Select => format!("{} activate a ship", roster.the_side(g.side_to_act)),
        Stage::Pivot => format!(
            "{} has a stop order: turn up to 15 degrees or anchor",
            acting()
        ),
        Stage::Leg => format!(
            "{} moves ({:.1}\" left)",
            acting(),
            g.mv.left as f64 / 1000.0
        ),
        Stage::Target { battery } => format!(
            "{} declares the target of its {}",
            acting(),
            [
                "main battery",
                "medium battery",
                "light battery",
                "torpedo tube"
            ][battery.min(3) as usize]
        ),
        Stage::Counter { ship } => format!(
            "{} may answer {} with a counter salvo",
            view::tag(roster, ship as usize),
            acting()
        ),
        Stage::Board => format!(
            "{} is in contact with {}{}: board her or not",
            acting(),
            view::tag(roster, g.mv.ram_target as usize),
            if g.mv.board_offer == 1 {
                " after the ram"
            } else {
                ""
            }
        ),
        Stage::BoardReroll { .. } => "the boarding specialist may re-roll his die".into(),
        Stage::GunReroll { shot } => format!(
            "{}'s gunnery specialist may re-roll the misses",
            view::tag(roster, g.queue[shot as usize].shooter as usize)
        ),
        Stage::FortGun { shot } => format!(
            "critical hit on {}: choose the battery that loses a gun",
            view::tag(roster, g.queue[shot as usize].target as usize)
        ),
        Stage::Over => "the battle is over".into(),
        _ => "dice are rolling".into(),
    }
}

/// The Togo screens of `play` and `replay`.
pub struct TogoUi {
    roster: Roster,
}

impl std::fmt::Debug for TogoUi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TogoUi").finish_non_exhaustive()
    }
}

#[derive(Serialize)]
struct ShipView {
    name: String,
    side: u8,
    class: u8,
    x: f64,
    y: f64,
    heading: u16,
    hull: f64,
    status: u8,
    damage: String,
}

#[derive(Serialize)]
struct StateView {
    index: usize,
    action: Option<ActionView>,
    events: Vec<String>,
    turn: u8,
    to_act: String,
    now: String,
    wind: u8,
    ships: Vec<ShipView>,
}

impl RulesetUi for TogoUi {
    type State = TogoGame;
    type Result = TogoResult;
    const TITLE_SUFFIX: &'static str = " (Gods of War: Togo)";
    const TABLE_IN_INTRO: bool = true;
    const REPLAY_MAPS: bool = true;
    const SINCE: &'static str = "Since your last order";
    const RESIGN: Action = RESIGN;
    const RESIGN_REFUSED: &'static str =
        "error: you may resign only when choosing a ship to activate, in a game that allows it";
    const STATE: fn(&AnyGame) -> Result<&TogoGame> = screens::game_of::<TogoRuleset>;
    const MAP: fn(&TogoGame, &Roster, &Style) -> String = view::map;
    const TABLE: fn(&TogoGame, &Roster, &Style) -> String = view::table;
    const DETAIL: fn(&TogoGame, &Roster, usize) -> String = view::detail;
    const HELP: fn() -> String = help_text;

    fn new(scenario: &AnyScenario, viewer: u8) -> Result<Self> {
        let s = screens::scenario_of::<TogoRuleset>(scenario)?;
        Ok(TogoUi {
            roster: roster(s, viewer),
        })
    }

    fn roster(&self) -> &Roster {
        &self.roster
    }

    /// The table as the browser draws it, a selected ship's ranges, the ship of each order.
    fn board(&self, g: &TogoGame) -> crate::board::Board {
        board::board(g, &self.roster)
    }

    fn fields(&self, g: &TogoGame, ship: usize) -> Vec<crate::board::Area> {
        board::fields(g, ship)
    }

    fn refusal(&self, g: &TogoGame, action: Action) -> Option<String> {
        g.refusal(action)
    }

    fn order_ship(&self, g: &TogoGame, action: Action) -> Option<usize> {
        board::order_ship(g, action)
    }

    fn narrate(&mut self, before: &TogoGame, action: Action, after: &TogoGame) -> Vec<String> {
        view::narrate(&self.roster, before, action, after)
    }

    fn screen(&self, c: &mut dyn Console, g: &TogoGame) -> Result<()> {
        let style = c.style();
        let side = self.roster.the_side(c.human_side());
        let heading = format!("==== Turn {} — orders for {side} ====", g.turn);
        writeln!(c.out(), "\n{}", style.bold(&heading))?;
        let map = view::map(g, &self.roster, &style);
        c.board(&map, Some(&view::table(g, &self.roster, &style)))?;
        c.show_log(Self::SINCE)?;
        writeln!(
            c.out(),
            "{}",
            style.bold(&format!("Now: {}.", phase_text(g, &self.roster)))
        )?;
        screens::list_orders(c, &self.orders(g))
    }

    /// The order list's words: ships by name, what each choice does.
    fn order_text(&self, g: &TogoGame, action: Action) -> String {
        orders::order_text(g, &self.roster, action)
    }

    fn order_words(&self, g: &TogoGame, action: Action) -> String {
        format!(
            "{} ({})",
            g.spec().action_name(action),
            self.order_text(g, action)
        )
    }

    fn result(&self, g: &TogoGame) -> (TogoResult, String) {
        let r = TogoResult::of(g, &self.roster);
        let text = r.text();
        (r, text)
    }

    fn state_json(
        &self,
        g: &TogoGame,
        index: usize,
        action: Option<ActionView>,
        events: Vec<String>,
    ) -> Result<String> {
        let v = StateView {
            index,
            action,
            events,
            turn: g.turn,
            to_act: match g.turn() {
                Turn::Player(p) => format!("player {p}"),
                Turn::Chance => "chance".into(),
                Turn::Terminal => "terminal".into(),
            },
            now: phase_text(g, &self.roster),
            wind: g.wind,
            ships: g
                .ships()
                .iter()
                .enumerate()
                .map(|(i, s)| ShipView {
                    name: self.roster.name(i).to_string(),
                    side: s.side,
                    class: s.class,
                    x: s.rect.centre.x as f64 / 1000.0,
                    y: s.rect.centre.y as f64 / 1000.0,
                    heading: s.rect.heading,
                    hull: s.hull as f64 / 4.0,
                    status: s.status,
                    damage: view::damage_text(s),
                })
                .collect(),
        };
        Ok(serde_json::to_string(&v)?)
    }
}

fn help_text() -> String {
    // A paragraph is one line, which `play`'s writer fits to the terminal; only the
    // table's rows are broken by hand.
    "Gods of War: Togo. Each turn: initiative (the winner picks player A), weather every two turns, \
     then every ship gets a face-down order marker for NEXT turn (astern, stop, slow, half, full; \
     at most one step of speed from this turn's), then the sides activate ships alternately from \
     player A: the order is revealed, the ship moves leg by leg (2\" then a turn) and fires: a target \
     for each battery and the torpedo tube; ships fired at may answer with a counter salvo. Phase 4: \
     fires, flooding, repairs and surrender tests.\n\
     Orders (type the number from the list, or the name):\n\
     \x20 initiative:first|second   be player A yourself, or make the enemy player A\n\
     \x20 order:stop|astern|slow|half|full   the marker for the ship named in the prompt\n\
     \x20 activate:K                 ship K reveals its order and acts\n\
     \x20 leg:ahead, leg:left15 .. leg:right60   sail the next 2\" then turn (a leg into an enemy rams)\n\
     \x20 halt / anchor              stop when blocked / drop anchor under a stop order\n\
     \x20 target:J / hold            the battery being declared fires at ship J, or holds\n\
     \x20 counter / no-counter       answer the enemy's fire with a counter salvo\n\
     \x20 board / no-board           board the ship you rammed (a d6 and the modifiers each side)\n\
     Commands: `list`, `map`, `chart`, `chart NAME`, `resign`, `quit`."
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::togo::{builtin_scenario, TogoOptions};

    #[test]
    fn the_views_name_the_ships_and_hide_the_enemy_orders() {
        let s = builtin_scenario("squadron-action").expect("built-in");
        let r = roster(&s, 0);
        let mut g = TogoGame::new(&s, TogoOptions::default());
        g.ships[4].planned = 4;
        let style = Style::PLAIN;
        let t = view::table(&g, &r, &style);
        assert!(t.contains("A Pelayo") && t.contains("a Indiana"), "{t}");
        assert!(t.lines().all(|l| l.chars().count() <= 80), "{t}");
        assert!(t.contains("hidden / hidden"), "{t}");
        let m = view::map(&g, &r, &style);
        assert!(m.contains('A') && m.contains('a'), "{m}");
        let res = TogoResult::of(&g, &r);
        assert!(res.text().contains("unfinished"));
    }
}
