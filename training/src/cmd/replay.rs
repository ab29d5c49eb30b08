//! `broadside replay`: a saved game's log and result, or every state as JSON.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use broadside_env::ruleset::AnyScenario;
use broadside_env::savegame::SavedGame;
use clap::Args;

use crate::narrate::Narrator;
use crate::outcome::GameResult;
use crate::roster::Roster;
use crate::snapshot::{ActionView, StateView};
use crate::style::Style;
use crate::{chart, map, select};

/// Flags of `broadside replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The saved game (written by `broadside play`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print every state (after each action) as a JSON array on stdout, one state per line.
    #[arg(long, conflicts_with = "step")]
    pub json: bool,
    /// Pause for Enter between turns.
    #[arg(long)]
    pub step: bool,
    /// Plain text, no colours.
    #[arg(long)]
    pub no_color: bool,
}

/// Validated settings of `broadside replay`: the file is read and checked here.
#[derive(Debug, Clone)]
pub struct ReplaySettings {
    pub file: PathBuf,
    pub saved: SavedGame,
    pub json: bool,
    pub step: bool,
    pub style: Style,
}

impl ReplaySettings {
    /// Reads and parses the saved game (format and versions are checked by the env).
    pub fn from_args(a: ReplayArgs) -> Result<Self> {
        let shown = a.file.display().to_string();
        let text = std::fs::read_to_string(&a.file)
            .with_context(|| format!("cannot read the saved game `{shown}`"))?;
        // The env checks the format, the versions and the scenario's shape.
        let saved = SavedGame::from_json(&text, &shown)?;
        Ok(ReplaySettings {
            file: a.file,
            saved,
            json: a.json,
            step: a.step,
            style: Style::detect(a.no_color, false),
        })
    }
}

/// Runs `broadside replay`.
pub fn run(s: ReplaySettings) -> Result<()> {
    if let AnyScenario::Fsail(_) = s.saved.scenario {
        return run_fsail(s);
    }
    let shown = s.file.display().to_string();
    let states = s.saved.replay(&shown)?;
    let scenario = select::wsim_scenario(&s.saved.scenario)?;
    let mut narrator = Narrator::new(Roster::new(scenario, 0));
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut stdin = std::io::stdin().lock();
    let mut pausing = s.step;
    if s.json {
        writeln!(out, "[")?;
    } else {
        writeln!(
            out,
            "{}",
            s.style.bold(&format!(
                "Replay of {shown}: {} — {}",
                scenario.id, scenario.title
            ))
        )?;
        if s.saved.players.len() == 2 {
            writeln!(
                out,
                "{}: {}; {}: {}; {} actions.",
                scenario.sides[0],
                s.saved.players[0],
                scenario.sides[1],
                s.saved.players[1],
                s.saved.actions.len()
            )?;
        }
        writeln!(out, "--- Turn 1 ---")?;
    }
    let first = select::wsim_game(&states[0])?;
    if s.json {
        let v = StateView::of(first, narrator.roster(), 0, None, Vec::new());
        write!(out, "{}", serde_json::to_string(&v)?)?;
    }
    for (k, pair) in states.windows(2).enumerate() {
        let (before, after) = (select::wsim_game(&pair[0])?, select::wsim_game(&pair[1])?);
        let a = s.saved.actions[k].index;
        let events = narrator.observe(before, a, after);
        if s.json {
            let action = ActionView {
                index: a,
                name: s.saved.actions[k].name.clone(),
            };
            let v = StateView::of(after, narrator.roster(), k + 1, Some(action), events);
            write!(out, ",\n{}", serde_json::to_string(&v)?)?;
            continue;
        }
        for l in &events {
            writeln!(out, "{l}")?;
        }
        if pausing && after.turn > before.turn {
            pausing = wait_for_enter(&mut out, &mut stdin)?;
        }
    }
    let last = select::wsim_game(states.last().unwrap_or(&states[0]))?;
    if s.json {
        writeln!(out, "\n]")?;
    } else {
        let roster = narrator.roster();
        writeln!(out, "\n{}", map::render(last, roster, &s.style))?;
        writeln!(out, "{}", chart::table(last, roster, &s.style))?;
        writeln!(
            out,
            "{}",
            s.style.bold(&GameResult::of(last, roster).text(last))
        )?;
    }
    out.flush()?;
    Ok(())
}

/// `broadside replay` of a Fighting Sail game: the log turn by turn, then the table, the
/// charts and the result; or every state as JSON.
fn run_fsail(s: ReplaySettings) -> Result<()> {
    use crate::fsail::narrate::FsailNarrator;
    use crate::fsail::snapshot::FsailStateView;
    use crate::fsail::{chart as fchart, map as fmap, FsailResult};

    let shown = s.file.display().to_string();
    let states = s.saved.replay(&shown)?;
    let scenario = select::fsail_scenario(&s.saved.scenario)?;
    let mut narrator = FsailNarrator::new(crate::fsail::roster(scenario, 0));
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut stdin = std::io::stdin().lock();
    let mut pausing = s.step;
    let first = select::fsail_game(&states[0])?;
    if s.json {
        writeln!(out, "[")?;
        let v = FsailStateView::of(first, narrator.roster(), 0, None, Vec::new());
        write!(out, "{}", serde_json::to_string(&v)?)?;
    } else {
        writeln!(
            out,
            "{}",
            s.style.bold(&format!(
                "Replay of {shown}: {} — {} (Fighting Sail)",
                scenario.id, scenario.title
            ))
        )?;
        if s.saved.players.len() == 2 {
            writeln!(
                out,
                "{}: {}; {}: {}; {} actions.",
                scenario.sides[0],
                s.saved.players[0],
                scenario.sides[1],
                s.saved.players[1],
                s.saved.actions.len()
            )?;
        }
        writeln!(
            out,
            "\n{}",
            fmap::render(first, narrator.roster(), &s.style)
        )?;
        writeln!(out, "--- Turn 1 ---")?;
    }
    for (k, pair) in states.windows(2).enumerate() {
        let (before, after) = (select::fsail_game(&pair[0])?, select::fsail_game(&pair[1])?);
        let a = s.saved.actions[k].index;
        let events = narrator.observe(before, a, after);
        if s.json {
            let action = ActionView {
                index: a,
                name: s.saved.actions[k].name.clone(),
            };
            let v = FsailStateView::of(after, narrator.roster(), k + 1, Some(action), events);
            write!(out, ",\n{}", serde_json::to_string(&v)?)?;
            continue;
        }
        for l in &events {
            writeln!(out, "{l}")?;
        }
        if pausing && after.turn > before.turn {
            writeln!(out, "{}", fmap::render(after, narrator.roster(), &s.style))?;
            pausing = wait_for_enter(&mut out, &mut stdin)?;
        }
    }
    let last = select::fsail_game(states.last().unwrap_or(&states[0]))?;
    if s.json {
        writeln!(out, "\n]")?;
    } else {
        let roster = narrator.roster();
        writeln!(out, "\n{}", fmap::render(last, roster, &s.style))?;
        writeln!(out, "{}", fchart::table(last, roster, &s.style))?;
        writeln!(
            out,
            "{}",
            s.style.bold(&FsailResult::of(last, roster).text(last))
        )?;
    }
    out.flush()?;
    Ok(())
}

/// Asks for Enter before the next turn; false when the input has ended (nobody to wait
/// for: the rest plays straight through).
fn wait_for_enter(out: &mut impl Write, stdin: &mut impl BufRead) -> Result<bool> {
    write!(out, "[Enter: next turn] ")?;
    out.flush()?;
    // Any bytes will do (UTF-8 or not): only the end of the line matters.
    let mut line = Vec::new();
    Ok(stdin
        .read_until(b'\n', &mut line)
        .context("cannot read standard input")?
        != 0)
}
