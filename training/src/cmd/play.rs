//! `broadside play`: a person against the computer admiral, in the terminal.
//!
//! The person types one order per ship in the game's notation (`L1R2 hull fire>=2
//! load=any`); the order is checked against the rules on a copy of the state and only then
//! fed to the game as its sub-decisions, so a refused order changes nothing. Dice are
//! rolled by a ChaCha8 RNG seeded from `--seed`, the admiral has its own seeded RNG, and
//! every action (chance outcomes included) is recorded, so the saved game replays exactly.
//!
//! Fighting Sail (`--ruleset fsail`) is played in [`super::play_fsail`]: one order at a time,
//! chosen by number or name from the list of legal orders.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_agents::Agent;
use broadside_env::game::{Action, Game, Turn};
use broadside_env::harness::derive_seed;
use broadside_env::ruleset::{AnyGame, AnyScenario, GameOptions, DEFAULT_RULESET};
use broadside_env::savegame::SavedGame;
use broadside_env::wsim::catalogue::RESIGN;
use broadside_env::wsim::notation::parse_order;
use broadside_env::wsim::Phase;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::admiral::{self, AdmiralSpec};
use crate::atomic::write_atomic;
use crate::narrate::Narrator;
use crate::outcome::GameResult;
use crate::roster::Roster;
use crate::style::Style;
use crate::{chart, map, select};

/// Where a game is saved when `--save` is not given.
pub const DEFAULT_SAVE: &str = "broadside-last-game.json";

/// Flags of `broadside play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The ruleset (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id (see `broadside scenarios`) or the path of a scenario file;
    /// the ruleset's default scenario when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// The side you command: 0 (the scenario's first side) or 1.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub side: u8,
    /// Seed of the dice and of the admiral; the same seed and orders give the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The computer admiral, as a spec string: `bot:close-action`, `random`, `mcts:...`,
    /// optionally `:SEED`. Default: `bot:close-action` for wsim, `random` for fsail (the bots
    /// play WS&IM only).
    #[arg(long, value_name = "SPEC")]
    pub admiral: Option<String>,
    /// The search admiral at a difficulty level (`mcts:level=LEVEL`): easy, medium, hard or
    /// expert (50 ms, 250 ms, 1 s, 4 s per decision).
    #[arg(long, conflicts_with = "admiral", value_parser = ["easy", "medium", "hard", "expert"])]
    pub level: Option<String>,
    /// Save the game to FILE (atomically) when it ends or you leave;
    /// default `broadside-last-game.json` in the current directory.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Plain text, no colours (also when output is not a terminal, or NO_COLOR is set).
    #[arg(long)]
    pub no_color: bool,
    /// Your side is played by a random agent too: a demonstration, or a test.
    #[arg(long)]
    pub auto: bool,
    /// Write the screens to stderr and only the result, as JSON, to stdout.
    #[arg(long)]
    pub json: bool,
    /// Show why the admiral chose each order (for search: visits and values of its top
    /// candidates), in the log.
    #[arg(long)]
    pub why: bool,
}

/// Validated settings of `broadside play`.
#[derive(Debug, Clone)]
pub struct PlaySettings {
    pub scenario: AnyScenario,
    pub human_side: u8,
    pub seed: u64,
    pub admiral: AdmiralSpec,
    pub save_path: PathBuf,
    pub style: Style,
    pub auto: bool,
    pub json: bool,
    pub why: bool,
}

impl PlaySettings {
    /// Resolves the scenario and the admiral and checks the save path before play starts.
    pub fn from_args(a: PlayArgs) -> Result<Self> {
        let scenario = select::scenario(&a.ruleset, a.scenario.as_deref())?;
        let ruleset = scenario.ruleset();
        let admiral: AdmiralSpec = match (&a.admiral, &a.level) {
            (Some(text), _) => text.parse()?,
            (None, Some(level)) => format!("mcts:level={level}").parse()?,
            (None, None) => AdmiralSpec::default_for(ruleset),
        };
        if let AdmiralSpec::Agent(spec) = &admiral {
            select::check_net_spec(spec, ruleset)?;
            spec.build::<broadside_env::ruleset::AnyGame>(0)
                .map_err(|e| anyhow::anyhow!("admiral `{spec}`: {e}"))?;
        }
        if !admiral.plays(ruleset) {
            bail!(
                "the admiral `{admiral}` plays only WS&IM (`wsim`); for `{ruleset}` use `random` or `mcts` (e.g. `mcts:level=easy`)"
            );
        }
        let save_path = a.save.unwrap_or_else(|| PathBuf::from(DEFAULT_SAVE));
        if let Some(dir) = save_path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.is_dir() {
                bail!(
                    "cannot save to `{}`: the folder `{}` does not exist",
                    save_path.display(),
                    dir.display()
                );
            }
        }
        if save_path.is_dir() {
            bail!("cannot save to `{}`: it is a folder", save_path.display());
        }
        Ok(PlaySettings {
            scenario,
            human_side: a.side,
            seed: a.seed,
            admiral,
            save_path,
            style: Style::detect(a.no_color, a.json),
            auto: a.auto,
            json: a.json,
            why: a.why,
        })
    }
}

/// What the person asked for at a prompt.
enum Input {
    /// The sub-decisions of a checked order.
    Orders(Vec<Action>),
    Resign,
    Quit,
    /// Standard input closed.
    Eof,
}

/// The result printed by `--json`.
#[derive(Debug, Serialize)]
struct PlayReport {
    scenario: String,
    seed: u64,
    human_side: u8,
    players: Vec<String>,
    actions: usize,
    /// "finished", "quit" or "input closed".
    stopped: &'static str,
    saved_to: String,
    result: GameResult,
}

/// One game in progress with everything that drives and shows it.
struct Session {
    s: PlaySettings,
    game: AnyGame,
    actions: Vec<Action>,
    narrator: Narrator,
    /// Log lines not yet shown to the person.
    log: Vec<String>,
    out: Box<dyn Write>,
    input: Box<dyn BufRead>,
    dice: ChaCha8Rng,
    admiral: Box<dyn Agent<AnyGame>>,
    /// The agent playing the person's side under `--auto`.
    stand_in: Option<Box<dyn Agent<AnyGame>>>,
    players: Vec<String>,
}

/// Saves the game (atomically) where the settings say; returns the full path, so a default
/// save in the current directory can be found again.
pub(crate) fn save_game(
    s: &PlaySettings,
    players: Vec<String>,
    actions: &[Action],
) -> Result<String> {
    let saved = SavedGame::new(s.scenario.clone(), GameOptions::default(), players, actions);
    write_atomic(&s.save_path, saved.to_json().as_bytes())
        .with_context(|| format!("cannot save the game to `{}`", s.save_path.display()))?;
    Ok(std::fs::canonicalize(&s.save_path)
        .unwrap_or_else(|_| s.save_path.clone())
        .display()
        .to_string())
}

/// The admiral's choice for player `p`; with `--why`, its reasons go to the game log.
/// Shared by every ruleset's play loop.
pub(crate) fn admiral_move(
    admiral: &mut dyn Agent<AnyGame>,
    game: &AnyGame,
    p: broadside_env::Player,
    why: bool,
    log: &mut Vec<String>,
) -> Action {
    let a = admiral.choose(game, p);
    if why {
        log.push(format!(
            "  the admiral chose {}:",
            game.spec().action_name(a)
        ));
        log.extend(admiral.explain().into_iter().map(|l| format!("    {l}")));
    }
    a
}

/// Who sits where, shared by every ruleset's play loop: the admiral, the random stand-in
/// for the human under `--auto`, the players' names for the saved game, and where the
/// screens go (stderr under `--json`).
pub(crate) struct Seats {
    pub admiral: Box<dyn Agent<AnyGame>>,
    pub stand_in: Option<Box<dyn Agent<AnyGame>>>,
    pub players: Vec<String>,
    pub out: Box<dyn Write>,
}

impl Seats {
    pub(crate) fn of(s: &PlaySettings) -> Self {
        let admiral = s.admiral.build(derive_seed(s.seed, 1));
        let stand_in: Option<Box<dyn Agent<AnyGame>>> = s.auto.then(|| {
            AdmiralSpec::Random {
                seed: Some(derive_seed(s.seed, 2)),
            }
            .build(0)
        });
        let mut players = vec![String::new(), String::new()];
        players[s.human_side as usize] =
            stand_in.as_ref().map_or("human".to_string(), |a| a.name());
        players[1 - s.human_side as usize] = admiral.name();
        let out: Box<dyn Write> = if s.json {
            Box::new(std::io::stderr())
        } else {
            Box::new(std::io::stdout())
        };
        Seats {
            admiral,
            stand_in,
            players,
            out,
        }
    }
}

/// Runs `broadside play`.
pub fn run(s: PlaySettings) -> Result<()> {
    if let AnyScenario::Fsail(_) = s.scenario {
        return super::play_fsail::run(s);
    }
    let roster = Roster::new(select::wsim_scenario(&s.scenario)?, s.human_side);
    let game = s.scenario.new_game(&GameOptions::default());
    let Seats {
        admiral,
        stand_in,
        players,
        out,
    } = Seats::of(&s);
    let mut session = Session {
        dice: ChaCha8Rng::seed_from_u64(s.seed),
        game,
        actions: Vec::new(),
        narrator: Narrator::new(roster),
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
                        Some(agent) => Input::Orders(vec![agent.choose(&self.game, p)]),
                        None => self.ask()?,
                    };
                    match choice {
                        Input::Orders(actions) => {
                            for a in actions {
                                self.apply(a)?;
                            }
                        }
                        Input::Resign => self.apply(RESIGN)?,
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
        let w = select::wsim_scenario(&self.s.scenario)?;
        let side = self.roster().side_name(self.s.human_side).to_string();
        let who = if self.s.auto {
            "A random stand-in plays"
        } else {
            "You command"
        };
        writeln!(
            self.out,
            "{}",
            self.s.style.bold(&format!("{} — {}", w.title, w.id))
        )?;
        writeln!(self.out, "{}", w.description.replace('\n', " "))?;
        writeln!(
            self.out,
            "Seed {} (give --seed to change the dice). {who} the {side}; the admiral is {}.",
            self.s.seed,
            self.players[1 - self.s.human_side as usize]
        )?;
        if self.s.auto {
            let g = select::wsim_game(&self.game)?;
            writeln!(
                self.out,
                "\n{}",
                map::render(g, self.roster(), &self.s.style)
            )?;
        }
        Ok(())
    }

    /// Applies one action, checked, and logs what it did.
    fn apply(&mut self, a: Action) -> Result<()> {
        let before = select::wsim_game(&self.game)?.clone();
        self.game.apply(a).with_context(|| {
            format!(
                "internal error: the game refused `{}`",
                self.game.spec().action_name(a)
            )
        })?;
        self.actions.push(a);
        let lines = self
            .narrator
            .observe(&before, a, select::wsim_game(&self.game)?);
        if self.s.auto {
            for l in &lines {
                writeln!(self.out, "{l}")?;
            }
        } else {
            self.log.extend(lines);
        }
        Ok(())
    }

    /// Reads one line; `None` at the end of input.
    fn read_line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        let n = self
            .input
            .read_line(&mut line)
            .context("cannot read the keyboard (standard input)")?;
        Ok((n > 0).then_some(line))
    }

    fn screen(&mut self) -> Result<()> {
        let g = select::wsim_game(&self.game)?.clone();
        let Phase::Orders { ship, .. } = g.phase else {
            bail!("internal error: asked for orders outside the orders phase");
        };
        let name = self.roster().name(ship as usize).to_string();
        let style = self.s.style;
        let heading = format!("==== Turn {} — orders for {} ====", g.turn, name);
        writeln!(self.out, "\n{}", style.bold(&heading))?;
        writeln!(self.out, "{}", map::render(&g, self.roster(), &style))?;
        writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?;
        writeln!(
            self.out,
            "{}",
            chart::orders_brief(&g, self.roster(), ship as usize)
        )?;
        if self.log.is_empty() {
            writeln!(self.out, "Since your last orders: nothing to report.")?;
        } else {
            writeln!(self.out, "{}", style.bold("Since your last orders:"))?;
            for l in std::mem::take(&mut self.log) {
                writeln!(self.out, "  {l}")?;
            }
        }
        Ok(())
    }

    /// Shows the screen and reads commands until the person gives a valid order or leaves.
    fn ask(&mut self) -> Result<Input> {
        self.screen()?;
        let g = select::wsim_game(&self.game)?.clone();
        let Phase::Orders { ship, .. } = g.phase else {
            bail!("internal error: asked for orders outside the orders phase");
        };
        let name = self.roster().name(ship as usize).to_string();
        let style = self.s.style;
        loop {
            write!(
                self.out,
                "Orders for {name} (e.g. L1R2 hull fire>=2 load=any), or `help`, `map`, `chart NAME`, `resign`, `quit`: "
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
                    "(type an order; `0` keeps the ship where she is, `help` explains)"
                )?,
                "help" | "?" => writeln!(self.out, "{}", help_text())?,
                "map" => writeln!(self.out, "{}", map::render(&g, self.roster(), &style))?,
                "chart" if rest.trim().is_empty() => {
                    writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?
                }
                "chart" => match self.roster().find(rest) {
                    Ok(i) => writeln!(self.out, "{}", chart::detail(&g, self.roster(), i))?,
                    Err(e) => writeln!(self.out, "{}", style.error(&format!("error: {e}")))?,
                },
                "resign" if g.legal_actions().contains(RESIGN) => return Ok(Input::Resign),
                "resign" => writeln!(
                    self.out,
                    "{}",
                    style.error(
                        "error: you may resign only before the first ship's orders of a turn"
                    )
                )?,
                "quit" | "exit" => return Ok(Input::Quit),
                _ => match parse_order(text)
                    .map_err(|e| e.to_string())
                    .and_then(|o| g.order_actions(&o).map_err(|e| e.to_string()))
                {
                    Ok(actions) => return Ok(Input::Orders(actions)),
                    Err(e) => writeln!(self.out, "{}", style.error(&format!("error: {e}")))?,
                },
            }
        }
    }

    fn finish(&mut self, stopped: &'static str) -> Result<()> {
        let g = select::wsim_game(&self.game)?.clone();
        let style = self.s.style;
        if !self.log.is_empty() {
            writeln!(self.out, "\n{}", style.bold("Since your last orders:"))?;
            for l in std::mem::take(&mut self.log) {
                writeln!(self.out, "  {l}")?;
            }
        }
        if stopped == "finished" {
            writeln!(self.out, "\n{}", map::render(&g, self.roster(), &style))?;
            writeln!(self.out, "{}", chart::table(&g, self.roster(), &style))?;
        }
        let result = GameResult::of(&g, self.roster());
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
        "Orders are words separated by spaces, movement first:\n\
         \x20 L1R2        turn left, one hex ahead, turn right, two hexes ahead (`0` or `-`: stay)\n\
         \x20 hull | rigging         aim (hull only counts at 5 hexes or less)\n\
         \x20 fire>=N | hold         fire only at hit table N (0-8) or better, or keep the broadsides\n\
         \x20 load=any|left|right    which empty broadside to load this turn\n\
         \x20 unfoul=all|friend|enemy|remain   for fouled ships\n\
         Words left out keep the ship's standing aim and fire order, load any side, unfoul from all.\n\
         Each hex and each turn costs a movement factor; one turn per hex; turning into the wind stops the ship.\n\
         Commands: `map`, `chart` (all ships), `chart NAME` (one ship, by name or map letter),\n\
         `resign` (at the start of your turn's orders), `quit` (save and leave).\n\
         Admirals known: {}",
        admiral::KNOWN.iter().map(|(n, h)| format!("{n}: {h}")).collect::<Vec<_>>().join("; ")
    )
}
