//! `broadside replay`: a saved game's log and result, or every state as JSON.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use broadside_agents::KnownAgents;
use broadside_env::savegame::SavedGame;
use broadside_env::Game;
use clap::Args;

use crate::screens::{ActionView, RulesetUi};
use crate::style::Style;

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
        // The env reads it (a bounded read of a regular file) and checks the format, the
        // versions and the scenario as a scenario file is checked.
        let saved = SavedGame::read(&a.file).map_err(|e| match e {
            broadside_env::DataError::Io { message, .. } => {
                anyhow::anyhow!("cannot read the saved game `{shown}`: {message}")
            }
            e => e.into(),
        })?;
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
    let scenario = s.saved.scenario.clone();
    crate::screens::with_ui(&scenario, ReplayTask(s))
}

/// `broadside replay` with the screens of the saved game's ruleset.
struct ReplayTask(ReplaySettings);

impl crate::screens::WithUi for ReplayTask {
    type Output = Result<()>;

    fn run<U>(self) -> Result<()>
    where
        U: RulesetUi + Send + 'static,
        U::State: broadside_agents::KnownAgents,
    {
        replay_with::<U>(self.0)
    }
}

/// `broadside replay` with a ruleset's screens: the log turn by turn, then the map, the
/// ship table and the result; or every state as JSON.
fn replay_with<U: RulesetUi>(s: ReplaySettings) -> Result<()>
where
    U::State: KnownAgents,
{
    let shown = s.file.display().to_string();
    // The whole record is checked before anything is shown; then it is walked forward with
    // two states in memory, however long it is.
    let end = s.saved.final_state(&shown)?;
    let mut before = s.saved.scenario.new_game(&s.saved.options);
    let mut after = before.clone();
    let header = s.saved.scenario.header();
    let clean = crate::style::sanitize;
    let mut ui = U::new(&s.saved.scenario, 0)?;
    let stdout = std::io::stdout();
    // The text replay is held to the terminal's width as `play` is; JSON never.
    let width = if s.json {
        usize::MAX
    } else {
        crate::wrap::width()
    };
    let mut out = crate::wrap::Wrapping::new(BufWriter::new(stdout.lock()), width);
    let mut stdin = std::io::stdin().lock();
    let mut pausing = s.step;
    let first = (U::STATE)(&before)?;
    if s.json {
        writeln!(out, "[")?;
        write!(out, "{}", ui.state_json(first, 0, None, Vec::new())?)?;
    } else {
        writeln!(
            out,
            "{}",
            s.style.bold(&format!(
                "Replay of {}: {} — {}{}",
                clean(&shown),
                clean(header.id),
                clean(header.title),
                U::TITLE_SUFFIX
            ))
        )?;
        if s.saved.players.len() == 2 {
            writeln!(
                out,
                "{}: {}; {}: {}; {} actions.",
                clean(header.sides[0]),
                clean(&s.saved.players[0]),
                clean(header.sides[1]),
                clean(&s.saved.players[1]),
                s.saved.actions.len()
            )?;
        }
        if U::REPLAY_MAPS {
            writeln!(out, "\n{}", (U::MAP)(first, ui.roster(), &s.style))?;
        }
        writeln!(out, "--- Turn 1 ---")?;
    }
    for (k, action) in s.saved.actions.iter().enumerate() {
        let a = action.index;
        after
            .apply(a)
            .with_context(|| format!("{shown}: actions[{k}]"))?;
        let events = ui.narrate((U::STATE)(&before)?, a, (U::STATE)(&after)?);
        if s.json {
            let action = ActionView {
                index: a,
                name: action.name.clone(),
            };
            write!(
                out,
                ",\n{}",
                ui.state_json((U::STATE)(&after)?, k + 1, Some(action), events)?
            )?;
            before.clone_from(&after);
            continue;
        }
        for l in &events {
            writeln!(out, "{l}")?;
        }
        let (was, now) = ((U::STATE)(&before)?, (U::STATE)(&after)?);
        if pausing && U::State::round(now) > U::State::round(was) {
            if U::REPLAY_MAPS {
                writeln!(out, "{}", (U::MAP)(now, ui.roster(), &s.style))?;
            }
            pausing = wait_for_enter(&mut out, &mut stdin)?;
        }
        before.clone_from(&after);
    }
    let last = (U::STATE)(&end)?;
    if s.json {
        writeln!(out, "\n]")?;
    } else {
        let roster = ui.roster();
        writeln!(out, "\n{}", (U::MAP)(last, roster, &s.style))?;
        writeln!(out, "{}", (U::TABLE)(last, roster, &s.style))?;
        writeln!(out, "{}", s.style.bold(&ui.result(last).1))?;
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
