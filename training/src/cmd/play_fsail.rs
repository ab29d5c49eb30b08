//! `broadside play` for Fighting Sail: the table, the ship charts and the log, and the legal
//! orders of the moment listed with numbers and names. The person answers with a number or
//! a name; anything else is refused with a reason and asked again, the state unchanged.
//! Dice, the admiral and the save work as for WS&IM (see [`super::play`]).

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use broadside_agents::Agent;
use broadside_env::fsail::catalogue::RESIGN;
use broadside_env::fsail::FsailGame;
use broadside_env::game::{Action, Game, Turn};
use broadside_env::ruleset::{AnyGame, GameOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::play::{admiral_move, save_game, PlaySettings};
use crate::fsail::narrate::FsailNarrator;
use crate::fsail::orders::{legal_orders, parse};
use crate::fsail::{chart, map, FsailResult};
use crate::roster::Roster;
use crate::select;

/// The result printed by `--json`.
#[derive(Debug, Serialize)]
struct PlayReport {
    ruleset: &'static str,
    scenario: String,
    seed: u64,
    human_side: u8,
    players: Vec<String>,
    actions: usize,
    /// "finished", "quit" or "input closed".
    stopped: &'static str,
    saved_to: String,
    result: FsailResult,
}

enum Input {
    Order(Action),
    Quit,
    Eof,
}

struct Session {
    s: PlaySettings,
    game: AnyGame,
    actions: Vec<Action>,
    narrator: FsailNarrator,
    log: Vec<String>,
    out: Box<dyn Write>,
    input: Box<dyn BufRead>,
    dice: ChaCha8Rng,
    admiral: Box<dyn Agent<AnyGame>>,
    stand_in: Option<Box<dyn Agent<AnyGame>>>,
    players: Vec<String>,
}

/// Runs `broadside play` on an `fsail` scenario.
pub(crate) fn run(s: PlaySettings) -> Result<()> {
    let roster = crate::fsail::roster(select::fsail_scenario(&s.scenario)?, s.human_side);
    let game = s.scenario.new_game(&GameOptions::default());
    let super::play::Seats {
        admiral,
        stand_in,
        players,
        out,
    } = super::play::Seats::of(&s);
    let mut session = Session {
        dice: ChaCha8Rng::seed_from_u64(s.seed),
        game,
        actions: Vec::new(),
        narrator: FsailNarrator::new(roster),
        log: Vec::new(),
        out,
        input: Box::new(std::io::stdin().lock()),
        admiral,
        stand_in,
        players,
        s,
    };
    session.play()
}

impl Session {
    fn roster(&self) -> &Roster {
        self.narrator.roster()
    }

    fn g(&self) -> Result<FsailGame> {
        Ok(select::fsail_game(&self.game)?.clone())
    }

    fn play(&mut self) -> Result<()> {
        self.intro()?;
        let stopped = loop {
            match self.game.turn() {
                Turn::Terminal => break "finished",
                Turn::Chance => {
                    let a = self.game.chance_outcomes().sample(&mut self.dice);
                    self.apply(a)?;
                }
                Turn::Player(p) if p == self.s.human_side => {
                    let choice = match self.stand_in.as_mut() {
                        Some(agent) => Input::Order(agent.choose(&self.game, p)),
                        None => self.ask()?,
                    };
                    match choice {
                        Input::Order(a) => self.apply(a)?,
                        Input::Quit => break "quit",
                        Input::Eof => {
                            writeln!(self.out, "\nInput closed: saving the game and stopping.")?;
                            break "input closed";
                        }
                    }
                }
                Turn::Player(p) => {
                    let a =
                        admiral_move(&mut *self.admiral, &self.game, p, self.s.why, &mut self.log);
                    self.apply(a)?;
                }
            }
        };
        self.finish(stopped)
    }

    fn intro(&mut self) -> Result<()> {
        let sc = select::fsail_scenario(&self.s.scenario)?.clone();
        let side = self.roster().side_name(self.s.human_side).to_string();
        let who = if self.s.auto {
            "A random stand-in plays"
        } else {
            "You command"
        };
        let style = self.s.style;
        writeln!(
            self.out,
            "{}",
            style.bold(&format!("{} — {} (Fighting Sail)", sc.title, sc.id))
        )?;
        writeln!(self.out, "{}", sc.description.replace('\n', " "))?;
        writeln!(
            self.out,
            "Seed {} (give --seed to change the dice). {who} the {side}; the admiral is {}.",
            self.s.seed,
            self.players[1 - self.s.human_side as usize]
        )?;
        if self.s.auto {
            let g = self.g()?;
            writeln!(self.out, "\n{}", map::render(&g, self.roster(), &style))?;
            writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?;
        }
        Ok(())
    }

    /// Applies one action, checked, and logs what it did.
    fn apply(&mut self, a: Action) -> Result<()> {
        let before = self.g()?;
        self.game.apply(a).with_context(|| {
            format!(
                "internal error: the game refused `{}`",
                self.game.spec().action_name(a)
            )
        })?;
        self.actions.push(a);
        let after = self.g()?;
        let lines = self.narrator.observe(&before, a, &after);
        if self.s.auto {
            for l in &lines {
                writeln!(self.out, "{l}")?;
            }
        } else {
            self.log.extend(lines);
        }
        Ok(())
    }

    fn read_line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        let n = self
            .input
            .read_line(&mut line)
            .context("cannot read the keyboard (standard input)")?;
        Ok((n > 0).then_some(line))
    }

    fn flush_log(&mut self) -> Result<()> {
        let style = self.s.style;
        if self.log.is_empty() {
            writeln!(self.out, "Since your last order: nothing to report.")?;
        } else {
            writeln!(self.out, "{}", style.bold("Since your last order:"))?;
            for l in std::mem::take(&mut self.log) {
                writeln!(self.out, "  {l}")?;
            }
        }
        Ok(())
    }

    /// The table, the charts, the log and the numbered orders.
    fn screen(&mut self, g: &FsailGame) -> Result<()> {
        let style = self.s.style;
        let side = self.roster().side_name(self.s.human_side).to_string();
        let heading = format!("==== Turn {} — orders for the {side} ====", g.turn);
        writeln!(self.out, "\n{}", style.bold(&heading))?;
        writeln!(self.out, "{}", map::render(g, self.roster(), &style))?;
        writeln!(self.out, "{}", chart::table(g, self.roster(), &style))?;
        self.flush_log()?;
        self.list_orders(g)
    }

    fn list_orders(&mut self, g: &FsailGame) -> Result<()> {
        let orders = legal_orders(g, self.roster());
        writeln!(self.out, "{}", self.s.style.bold("Your orders:"))?;
        for (k, o) in orders.iter().enumerate() {
            writeln!(self.out, "  {:>3}  {:<14} {}", k + 1, o.name, o.text)?;
        }
        Ok(())
    }

    /// Shows the screen and reads commands until the person gives a legal order or leaves.
    fn ask(&mut self) -> Result<Input> {
        let g = self.g()?;
        self.screen(&g)?;
        let orders = legal_orders(&g, self.roster());
        let style = self.s.style;
        loop {
            write!(
                self.out,
                "Order (number 1-{} or name), or `help`, `list`, `map`, `chart [NAME]`, `resign`, `quit`: ",
                orders.len()
            )?;
            self.out.flush()?;
            let Some(line) = self.read_line()? else {
                return Ok(Input::Eof);
            };
            let text = line.trim();
            let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            match word.to_ascii_lowercase().as_str() {
                "" => writeln!(
                    self.out,
                    "(type an order's number or name; `help` explains)"
                )?,
                "help" | "?" => writeln!(self.out, "{}", help_text())?,
                "list" | "orders" => self.list_orders(&g)?,
                "map" => writeln!(self.out, "{}", map::render(&g, self.roster(), &style))?,
                "chart" if rest.trim().is_empty() => {
                    writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?
                }
                "chart" => match self.roster().find(rest) {
                    Ok(i) => writeln!(self.out, "{}", chart::detail(&g, self.roster(), i))?,
                    Err(e) => writeln!(self.out, "{}", style.error(&format!("error: {e}")))?,
                },
                "resign" if g.legal_actions().contains(RESIGN) => return Ok(Input::Order(RESIGN)),
                "resign" => writeln!(
                    self.out,
                    "{}",
                    style.error("error: you may resign only when picking a ship to sail")
                )?,
                "quit" | "exit" => return Ok(Input::Quit),
                _ => match parse(&g, &orders, text) {
                    Ok(a) => return Ok(Input::Order(a)),
                    Err(e) => writeln!(self.out, "{}", style.error(&format!("error: {e}")))?,
                },
            }
        }
    }

    fn finish(&mut self, stopped: &'static str) -> Result<()> {
        let g = self.g()?;
        let style = self.s.style;
        if !self.log.is_empty() {
            writeln!(self.out)?;
            self.flush_log()?;
        }
        if stopped == "finished" {
            writeln!(self.out, "\n{}", map::render(&g, self.roster(), &style))?;
            writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?;
        }
        let result = FsailResult::of(&g, self.roster());
        writeln!(self.out, "{}", style.bold(&result.text(&g)))?;
        let shown = save_game(&self.s, self.players.clone(), &self.actions)?;
        writeln!(
            self.out,
            "Game saved to {shown} ({} actions); replay it with `broadside replay {shown}`.",
            self.actions.len()
        )?;
        self.out.flush()?;
        if self.s.json {
            super::print_json(&PlayReport {
                ruleset: "fsail",
                scenario: self.s.scenario.id().to_string(),
                seed: self.s.seed,
                human_side: self.s.human_side,
                players: self.players.clone(),
                actions: self.actions.len(),
                stopped,
                saved_to: shown,
                result,
            })?;
        }
        Ok(())
    }
}

fn help_text() -> String {
    format!(
        "Fighting Sail: each turn the initiative roll, then sailing (the first player sails his ships one\n\
         by one, then the other side), then cannon (the same order). Give one order at a time:\n\
         \x20 ship:K            pick the next ship to sail; she rolls her sailing dice\n\
         \x20 sail:0.5 .. sail:2:stbd30   manoeuvre (1 point): up to 2\" ahead; 15 or 30° turns only after the full 2\"\n\
         \x20 turn:port:D / turn:stbd:D   2\" ahead and turn D°: a tack (2 points, towards the wind) or a wear (1 point)\n\
         \x20 sail:end          stop sailing this ship\n\
         \x20 fire:I>J          your ship I fires at enemy J (in range, in a broadside arc, in sight)\n\
         \x20 board:I>J         your ship I boards enemy J (within 1\") instead of firing\n\
         \x20 cannon:end        fire no more this turn\n\
         Type the order's number from the list or its name. On the map own ships are capitals, enemies\n\
         lower case, the arrow is the bow. Commands: `list` (the orders again), `map`, `chart` (all\n\
         ships), `chart NAME` (one ship, by name or letter: arcs and ranges to each enemy), `resign`\n\
         (when picking a ship to sail), `quit` (save and leave).\n\
         Admirals for fsail: random (default), mcts (e.g. `mcts:level=easy`). {}",
        "The bots (`bot:*`) play WS&IM only."
    )
}
