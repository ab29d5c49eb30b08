//! A game of `broadside play` in progress, whichever the ruleset: the turns, the dice, the
//! admiral and the `--auto` stand-in, the prompt and its common commands, the log, the save
//! and the result. What a ruleset shows and how its orders are typed comes from its
//! [`RulesetUi`], so both rulesets play by the same loop.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use broadside_agents::{Agent, SearchControl};
use broadside_env::game::{Action, Game, Turn};
use broadside_env::harness::derive_seed;
use broadside_env::ruleset::{AnyGame, GameOptions};
use broadside_env::savegame::SavedGame;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::PlaySettings;
use crate::admiral::AdmiralSpec;
use crate::atomic::{write_atomic, write_atomic_new};
use crate::console::Console;
use crate::screens::RulesetUi;
use crate::style::Style;
use crate::wrap::Wrapping;

/// What the person asked for at a prompt.
enum Input {
    /// The actions of a checked order (or the resignation).
    Orders(Vec<Action>),
    Quit,
    /// Standard input closed.
    Eof,
    /// Ctrl-C or SIGTERM.
    Interrupted,
}

/// One read of standard input.
enum Line {
    Text(String),
    Eof,
    Interrupted,
}

/// How often the watcher of the admiral's search looks at it.
const WATCH_TICK: Duration = Duration::from_millis(50);
/// A search shorter than this shows no thinking line (it would only flicker).
const SHOW_AFTER: Duration = Duration::from_millis(300);

/// Watches the admiral's search until `done`: passes a signal's stop on to it and, where
/// `show`, keeps the one-line "thinking..." on stderr up to date (and wipes it at the end).
fn watch_search(control: &SearchControl, done: &AtomicBool, show: bool) {
    let start = Instant::now();
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        if crate::interrupt::requested() {
            control.request_stop();
        }
        if show && start.elapsed() >= SHOW_AFTER {
            let mut err = std::io::stderr().lock();
            // A failed write to the terminal only loses the indicator.
            let _ = write!(
                err,
                "\r{}\x1b[K",
                thinking_line(control.playouts(), start.elapsed())
            );
            let _ = err.flush();
            shown = true;
        }
        std::thread::sleep(WATCH_TICK);
    }
    if shown {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[K");
        let _ = err.flush();
    }
}

/// The admiral's progress in words: `thinking... 12,345 playouts, 3.2 s`.
pub fn thinking_line(playouts: u64, elapsed: Duration) -> String {
    let digits = playouts.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!(
        "the admiral is thinking... {grouped} playouts, {:.1} s",
        elapsed.as_secs_f64()
    )
}

/// Reads standard input on its own thread, so the game loop can notice a signal while the
/// person has not typed anything.
type Lines = std::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>;

fn spawn_reader(mut input: Box<dyn BufRead + Send>) -> Lines {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || loop {
        let mut bytes = Vec::new();
        let r = input.read_until(b'\n', &mut bytes);
        let end = !matches!(r, Ok(n) if n > 0);
        if tx.send(r.map(|_| bytes)).is_err() || end {
            break;
        }
    });
    rx
}

/// The result printed by `--json`.
#[derive(Debug, Serialize)]
struct PlayReport<R> {
    /// Every ruleset's report names it, as its saved game does.
    ruleset: &'static str,
    scenario: String,
    seed: u64,
    human_side: u8,
    players: Vec<String>,
    actions: usize,
    /// "finished", "quit", "input closed" or "interrupted".
    stopped: &'static str,
    saved_to: String,
    result: R,
}

/// One game in progress with everything that drives and shows it, whatever the ruleset.
pub struct Session {
    pub s: PlaySettings,
    game: AnyGame,
    /// The game's options (a resumed game keeps its own).
    options: GameOptions,
    actions: Vec<Action>,
    /// Log lines not yet shown to the person.
    log: Vec<String>,
    pub out: Box<dyn Write>,
    /// Lines of standard input, read on their own thread from the first prompt on.
    input: Option<Lines>,
    /// Where the game was saved, once it was (a numbered default name is fixed then).
    saved_to: Option<std::path::PathBuf>,
    dice: ChaCha8Rng,
    admiral: Box<dyn Agent<AnyGame>>,
    /// The agent playing the person's side under `--auto`.
    stand_in: Option<Box<dyn Agent<AnyGame>>>,
    /// The players' names for the saved game.
    players: Vec<String>,
    /// The map and table last drawn on a screen, and whether the admiral has decided since
    /// (see [`Console::board`]).
    last_board: Option<String>,
    admiral_moved: bool,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").finish_non_exhaustive()
    }
}

impl Console for Session {
    fn out(&mut self) -> &mut dyn Write {
        &mut self.out
    }

    fn style(&self) -> Style {
        self.s.style
    }

    fn human_side(&self) -> u8 {
        self.s.human_side
    }

    /// Draws the board of a screen (`map`, then `table` below it) once for each run of the
    /// person's decisions: at the first decision after the admiral has decided, and only if
    /// it changed since it was last drawn. Between, the person's sub-decisions (one ship
    /// after another, a card, a marker, a manoeuvre) get a line that says `map` and `chart`
    /// draw it again, so a screen is its news and its orders, not the same table again.
    fn board(&mut self, map: &str, table: Option<&str>) -> Result<()> {
        let board = match table {
            Some(t) => format!("{map}\n{t}"),
            None => map.to_string(),
        };
        if self.admiral_moved && self.last_board.as_deref() != Some(board.as_str()) {
            writeln!(self.out, "{board}")?;
            self.last_board = Some(board);
        } else {
            let note = self
                .s
                .style
                .dim("(The table is as drawn above: `map` and `chart` draw it again.)");
            writeln!(self.out, "{note}")?;
        }
        self.admiral_moved = false;
        Ok(())
    }

    /// Shows the log lines not yet shown under the heading `since`, then forgets them.
    fn show_log(&mut self, since: &str) -> Result<()> {
        if self.log.is_empty() {
            writeln!(self.out, "{since}: nothing to report.")?;
        } else {
            writeln!(self.out, "{}", self.s.style.bold(&format!("{since}:")))?;
            for l in std::mem::take(&mut self.log) {
                writeln!(self.out, "  {l}")?;
            }
        }
        Ok(())
    }

    /// Writes `message` as an error the person can correct.
    fn error(&mut self, message: &str) -> Result<()> {
        let text = self.s.style.error(&format!("error: {message}"));
        writeln!(self.out, "{text}")?;
        Ok(())
    }
}

/// Plays the game of the settings to its end (or until the person leaves) and saves it.
pub fn play(s: PlaySettings, mut ui: impl RulesetUi) -> Result<()> {
    Session::new(s)?.play(&mut ui)
}

impl Session {
    /// Seats the admiral and, under `--auto`, the random stand-in for the person; the
    /// screens go to stderr under `--json`. A resumed game is played up to where it stopped.
    fn new(s: PlaySettings) -> Result<Self> {
        let options = s
            .resume
            .as_ref()
            .map_or_else(GameOptions::default, |(_, saved)| saved.options);
        let mut game = s.scenario.new_game(&options);
        let mut actions = Vec::new();
        if let Some((shown, saved)) = &s.resume {
            for a in &saved.actions {
                game.apply(a.index)
                    .map_err(|e| anyhow::anyhow!("`{shown}`: action {}: {e}", actions.len()))?;
                actions.push(a.index);
            }
        }
        // A resumed game's dice go on from a stream of their own (the saved game records the
        // dice rolled, not the generator's place), as in the browser.
        let dice = match actions.len() {
            0 => ChaCha8Rng::seed_from_u64(s.seed),
            n => ChaCha8Rng::seed_from_u64(derive_seed(s.seed, n as u64)),
        };
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
        // Every screen is held to the terminal's width (`COLUMNS`, else 80 columns).
        let width = crate::wrap::width();
        let out: Box<dyn Write> = if s.json {
            Box::new(Wrapping::new(std::io::stderr(), width))
        } else {
            Box::new(Wrapping::new(std::io::stdout(), width))
        };
        Ok(Session {
            dice,
            game,
            options,
            actions,
            log: Vec::new(),
            out,
            input: None,
            saved_to: None,
            admiral,
            stand_in,
            players,
            last_board: None,
            admiral_moved: true,
            s,
        })
    }

    /// Plays to the end, a quit or the end of input, then shows the result and saves. An
    /// error on the way (a screen that went away, a failed read) still saves the game so far.
    fn play<U: RulesetUi>(&mut self, ui: &mut U) -> Result<()> {
        let played = self
            .play_until_stopped(ui)
            .and_then(|stopped| self.finish(ui, stopped));
        match played {
            Ok(()) => Ok(()),
            // Saving again is harmless (the write is atomic) when `finish` had saved.
            Err(e) => match self.save() {
                Ok(path) => Err(e.context(format!(
                    "could not go on (the game so far is saved in {path})"
                ))),
                Err(not_saved) => Err(e.context(format!(
                    "could not go on, nor save the game ({not_saved:#})"
                ))),
            },
        }
    }

    /// The game loop; returns why it stopped.
    fn play_until_stopped<U: RulesetUi>(&mut self, ui: &mut U) -> Result<&'static str> {
        self.intro(ui)?;
        let stopped = loop {
            if crate::interrupt::requested() {
                writeln!(self.out, "\nInterrupted: saving the game and stopping.")?;
                break "interrupted";
            }
            match self.game.turn() {
                Turn::Terminal => break "finished",
                Turn::Chance => {
                    let a = self.game.chance_outcomes().sample(&mut self.dice);
                    self.apply(ui, a)?;
                }
                Turn::Player(p) if p == self.s.human_side => {
                    let choice = match self.stand_in.as_mut() {
                        Some(agent) => Input::Orders(vec![agent.choose(&self.game, p)]),
                        None => self.ask(ui)?,
                    };
                    match choice {
                        Input::Orders(actions) => {
                            for a in actions {
                                self.apply(ui, a)?;
                            }
                        }
                        Input::Quit => break "quit",
                        Input::Eof => {
                            writeln!(self.out, "\nInput closed: saving the game and stopping.")?;
                            break "input closed";
                        }
                        Input::Interrupted => {
                            writeln!(self.out, "\nInterrupted: saving the game and stopping.")?;
                            break "interrupted";
                        }
                    }
                }
                Turn::Player(p) => {
                    let a = self.admiral_move(ui, p)?;
                    if crate::interrupt::requested() {
                        // A signal cut the search short: its hurried order is not played,
                        // and the saved game asks the admiral again when it is resumed.
                        writeln!(self.out, "\nInterrupted: saving the game and stopping.")?;
                        break "interrupted";
                    }
                    self.admiral_moved = true;
                    self.apply(ui, a)?;
                }
            }
        };
        Ok(stopped)
    }

    /// The admiral's choice for player `p`; with `--why`, its reasons go to the log.
    fn admiral_move<U: RulesetUi>(&mut self, ui: &U, p: broadside_env::Player) -> Result<Action> {
        self.out.flush()?;
        let a = self.admiral_choose(p);
        if self.s.why {
            let state = (U::STATE)(&self.game)?;
            let words = ui.order_words(state, a);
            self.log.push(format!(
                "  the admiral chose {}:",
                crate::style::sanitize(&words)
            ));
            // The candidates in the same words as the choice (ship names, the notation).
            let reasons = self
                .admiral
                .explain_named(&|x| crate::style::sanitize(&ui.order_words(state, x)));
            self.log
                .extend(reasons.into_iter().map(|l| format!("    {l}")));
        }
        Ok(a)
    }

    /// The admiral's search, watched from a second thread: a signal stops it (so Ctrl-C
    /// saves at once instead of after the admiral's full time), and on a terminal a line on
    /// stderr says it is thinking, with its playouts and time so far.
    fn admiral_choose(&mut self, p: broadside_env::Player) -> Action {
        let control = SearchControl::new();
        self.admiral.set_control(Some(control.clone()));
        let done = AtomicBool::new(false);
        let show = !self.s.json && std::io::stderr().is_terminal();
        let a = std::thread::scope(|scope| {
            scope.spawn(|| watch_search(&control, &done, show));
            let a = self.admiral.choose(&self.game, p);
            done.store(true, Ordering::Relaxed);
            a
        });
        self.admiral.set_control(None);
        a
    }

    fn intro<U: RulesetUi>(&mut self, ui: &U) -> Result<()> {
        let info = self.s.scenario.info();
        let side = ui.roster().the_side(self.s.human_side);
        let who = if self.s.auto {
            "A random stand-in plays"
        } else {
            "You command"
        };
        let clean = crate::style::sanitize;
        let title = format!(
            "{} — {}{}",
            clean(&info.title),
            clean(&info.id),
            U::TITLE_SUFFIX
        );
        writeln!(self.out, "{}", self.s.style.bold(&title))?;
        writeln!(self.out, "{}", clean(&info.description.replace('\n', " ")))?;
        writeln!(
            self.out,
            "Seed {} (give --seed to change the dice). {who} {side}; the admiral is {}.",
            self.s.seed,
            self.players[1 - self.s.human_side as usize]
        )?;
        if let Some(ms) = crate::serve::games::budget_of(&self.s.admiral) {
            writeln!(
                self.out,
                "The admiral thinks {ms} ms a decision: its playouts depend on this machine's speed, so the same seed and orders may not give the same game (an admiral with `sims=N` does)."
            )?;
        }
        if let Some((shown, _)) = &self.s.resume {
            let text = format!(
                "Resumed from {} after {} actions.",
                clean(shown),
                self.actions.len()
            );
            writeln!(self.out, "{text}")?;
        }
        if self.s.auto {
            let g = (U::STATE)(&self.game)?.clone();
            self.show_board(ui, &g, U::TABLE_IN_INTRO)?;
        }
        Ok(())
    }

    /// The map after a blank line, and the ship table below it if `with_table`.
    fn show_board<U: RulesetUi>(&mut self, ui: &U, g: &U::State, with_table: bool) -> Result<()> {
        let style = self.s.style;
        writeln!(self.out, "\n{}", (U::MAP)(g, ui.roster(), &style))?;
        if with_table {
            writeln!(self.out, "{}", (U::TABLE)(g, ui.roster(), &style))?;
        }
        Ok(())
    }

    /// Applies one action, checked, and logs what it did.
    fn apply<U: RulesetUi>(&mut self, ui: &mut U, a: Action) -> Result<()> {
        let before = (U::STATE)(&self.game)?.clone();
        self.game.apply(a).with_context(|| {
            format!(
                "internal error: the game refused `{}`",
                self.game.spec().action_name(a)
            )
        })?;
        self.actions.push(a);
        let lines = ui.narrate(&before, a, (U::STATE)(&self.game)?);
        if self.s.auto {
            for l in &lines {
                writeln!(self.out, "{l}")?;
            }
        } else {
            self.log.extend(lines);
        }
        Ok(())
    }

    /// Reads one line, or the end of input, or a signal's stop. Bytes that are not UTF-8
    /// become U+FFFD, so a stray byte makes an order that is not understood (and asked
    /// again), not an error.
    fn read_line(&mut self) -> Result<Line> {
        let rx = self.input.get_or_insert_with(|| {
            spawn_reader(Box::new(std::io::BufReader::new(std::io::stdin())))
        });
        loop {
            if crate::interrupt::requested() {
                return Ok(Line::Interrupted);
            }
            match rx.recv_timeout(std::time::Duration::from_millis(50)) {
                Ok(Ok(bytes)) if bytes.is_empty() => return Ok(Line::Eof),
                Ok(Ok(bytes)) => {
                    return Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned()))
                }
                Ok(Err(e)) => {
                    return Err(e).context("cannot read the keyboard (standard input)");
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Ok(Line::Eof),
            }
        }
    }

    /// Shows the screen and reads commands until the person gives a valid order or leaves.
    fn ask<U: RulesetUi>(&mut self, ui: &U) -> Result<Input> {
        let g = (U::STATE)(&self.game)?.clone();
        ui.screen(self, &g)?;
        let style = self.s.style;
        loop {
            write!(self.out, "{}", ui.prompt(&g)?)?;
            self.out.flush()?;
            let line = match self.read_line()? {
                Line::Text(line) => line,
                Line::Eof => return Ok(Input::Eof),
                Line::Interrupted => return Ok(Input::Interrupted),
            };
            let text = line.trim();
            let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            match word.to_ascii_lowercase().as_str() {
                "" => writeln!(self.out, "{}", U::EMPTY_HINT)?,
                "help" | "?" => writeln!(self.out, "{}", (U::HELP)())?,
                "map" => writeln!(self.out, "{}", (U::MAP)(&g, ui.roster(), &style))?,
                "chart" if rest.trim().is_empty() => {
                    writeln!(self.out, "{}", (U::TABLE)(&g, ui.roster(), &style))?
                }
                "chart" => match ui.roster().find(rest) {
                    Ok(i) => writeln!(self.out, "{}", (U::DETAIL)(&g, ui.roster(), i))?,
                    Err(e) => self.error(&e)?,
                },
                "resign" if g.legal_actions().contains(U::RESIGN) => {
                    return Ok(Input::Orders(vec![U::RESIGN]))
                }
                "resign" => writeln!(self.out, "{}", style.error(U::RESIGN_REFUSED))?,
                "quit" | "exit" => return Ok(Input::Quit),
                word => {
                    if let Some(actions) = ui.command(self, &g, word, text)? {
                        return Ok(Input::Orders(actions));
                    }
                }
            }
        }
    }

    /// Shows what is left of the log, the final board and the result, saves the game and
    /// under `--json` prints the report.
    fn finish<U: RulesetUi>(&mut self, ui: &U, stopped: &'static str) -> Result<()> {
        let g = (U::STATE)(&self.game)?.clone();
        if !self.log.is_empty() {
            writeln!(self.out)?;
            self.show_log(U::SINCE)?;
        }
        if stopped == "finished" {
            self.show_board(ui, &g, true)?;
        }
        let (result, text) = ui.result(&g);
        writeln!(self.out, "{}", self.s.style.bold(&text))?;
        let shown = self.save()?;
        writeln!(
            self.out,
            "Game saved to {shown} ({} actions); replay it with `broadside replay {shown}`.",
            self.actions.len()
        )?;
        self.out.flush()?;
        if self.s.json {
            crate::cmd::print_json(&PlayReport {
                ruleset: self.s.scenario.ruleset(),
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

    /// Saves the game (atomically) where the settings say; returns the full path, so a
    /// default save in the current directory can be found again. A default name taken by
    /// another file since the game began moves on to the next free number.
    fn save(&mut self) -> Result<String> {
        let s = &self.s;
        let saved = SavedGame::new(
            s.scenario.clone(),
            self.options,
            self.players.clone(),
            &self.actions,
        );
        let bytes = saved.to_json();
        let path = match &self.saved_to {
            Some(p) => {
                write_atomic(p, bytes.as_bytes())
                    .with_context(|| format!("cannot save the game to `{}`", p.display()))?;
                p.clone()
            }
            None if s.numbered_save => {
                let mut p = s.save_path.clone();
                while !write_atomic_new(&p, bytes.as_bytes())
                    .with_context(|| format!("cannot save the game to `{}`", p.display()))?
                {
                    p = super::first_free_save_name();
                }
                p
            }
            None => {
                write_atomic(&s.save_path, bytes.as_bytes()).with_context(|| {
                    format!("cannot save the game to `{}`", s.save_path.display())
                })?;
                s.save_path.clone()
            }
        };
        let shown = std::fs::canonicalize(&path)
            .unwrap_or_else(|_| path.clone())
            .display()
            .to_string();
        self.saved_to = Some(path);
        Ok(shown)
    }
}
