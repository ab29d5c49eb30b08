//! `broadside play`: a person against the computer admiral, in the terminal.
//!
//! Dice are rolled by a ChaCha8 RNG seeded from `--seed`, the admiral has its own seeded
//! RNG, and every action (chance outcomes included) is recorded, so the saved game replays
//! exactly. The game runs in a session (`session.rs`) shared by the rulesets, with each
//! ruleset's screens from its folder (`crate::screens`): every ruleset lists the legal
//! orders, chosen by number or name; WS&IM also takes one order per ship in its notation.

pub(crate) mod session;

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use broadside_env::game::Game;
use broadside_env::ruleset::{AnyScenario, DEFAULT_RULESET};
use broadside_env::savegame::SavedGame;
use clap::Args;

use crate::admiral::AdmiralSpec;
use crate::select;
use crate::style::Style;

/// How a game is saved when `--save` is not given: `broadside-game-N.json` in the current
/// directory, with the first N not taken, so an earlier game is never replaced.
pub const DEFAULT_SAVE_PREFIX: &str = "broadside-game-";

/// The default save name with number `n`.
pub fn default_save_name(n: u64) -> PathBuf {
    PathBuf::from(format!("{DEFAULT_SAVE_PREFIX}{n}.json"))
}

/// The first default save name not taken in the current directory.
pub fn first_free_save_name() -> PathBuf {
    (1..)
        .map(default_save_name)
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| default_save_name(u64::MAX))
}

/// Flags of `broadside play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The ruleset (see `broadside rules`).
    #[arg(long, default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// A built-in scenario id (see `broadside scenarios`) or the path of a scenario file; a
    /// name is read as a file only when it contains `/` or ends in `.toml` (`./NAME` for a
    /// file named like a built-in id). The ruleset's default scenario when left out.
    #[arg(long, value_name = "ID_OR_FILE")]
    pub scenario: Option<String>,
    /// The side you command: 0 (the scenario's first side) or 1.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    pub side: u8,
    /// Seed of the dice and of the admiral. The same seed and orders give the same game
    /// against a doctrine, `random` or a search with a playout budget (`sims=N`); a search
    /// with a time budget (`--level`, `time=MS`, the default admiral of a ruleset whose
    /// spec says `time=`) runs as many playouts as the machine manages in its time, so its
    /// orders, and the game after them, may differ from run to run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The computer admiral, as a spec string: `bot:close-action`, `random`, `mcts:...`,
    /// `portfolio:...`, optionally `:SEED`. Default: the ruleset's own admiral, the strongest
    /// measured (`broadside rules` lists each ruleset's).
    #[arg(long, value_name = "SPEC")]
    pub admiral: Option<String>,
    /// The search admiral at a difficulty level: easy, medium, hard or expert (50 ms, 250 ms,
    /// 1 s, 4 s per decision); in battles of squadrons the search measured strongest for the
    /// ruleset (the portfolio search, but the tree search in Pieces of Eight), in
    /// single-ship duels the tree search (`mcts:level=LEVEL`).
    #[arg(long, conflicts_with = "admiral", value_parser = ["easy", "medium", "hard", "expert"])]
    pub level: Option<String>,
    /// Save the game to FILE (atomically) when it ends, you leave, input ends or Ctrl-C /
    /// SIGTERM stops it; default `broadside-game-N.json` in the current directory, with the
    /// first N not taken (an earlier game is never replaced). FILE may be a regular file
    /// (replaced) or a new name; a symbolic link, a device or the scenario file is refused.
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
    /// Continue a saved game (from `play`, `arena --records`, the browser or the Python
    /// package) from where it stopped: its scenario and options, checked as `replay` checks
    /// them; a finished game is refused. `--side`, `--seed` and the admiral are this
    /// session's (the dice go on from a stream of their own).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["ruleset", "scenario"])]
    pub resume: Option<PathBuf>,
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
    /// Whether `save_path` is a default name, to be moved on to the next number if another
    /// game took it meanwhile (never replaced).
    pub numbered_save: bool,
    pub style: Style,
    pub auto: bool,
    pub json: bool,
    pub why: bool,
    /// The game to continue (`--resume`), with the file's name as given.
    pub resume: Option<(String, SavedGame)>,
}

impl PlaySettings {
    /// Resolves the scenario and the admiral and checks the save path before play starts.
    pub fn from_args(a: PlayArgs) -> Result<Self> {
        let resume = match &a.resume {
            Some(file) => Some(read_resumable(file)?),
            None => None,
        };
        let scenario = match &resume {
            Some((_, saved)) => saved.scenario.clone(),
            None => select::scenario(&a.ruleset, a.scenario.as_deref())?,
        };
        let ruleset = scenario.ruleset();
        let admiral: AdmiralSpec = match (&a.admiral, &a.level) {
            (Some(text), _) => AdmiralSpec::parse_for(text, ruleset)?,
            (None, Some(level)) => crate::admiral::level_spec(&scenario, level).parse()?,
            (None, None) => AdmiralSpec::default_for(ruleset),
        }
        .for_scenario(scenario.id());
        if let AdmiralSpec::Agent(spec) = &admiral {
            select::check_spec(spec, ruleset)?;
        }
        if !admiral.plays(ruleset) {
            bail!(
                "the admiral `{admiral}` does not play `{ruleset}`: it has no doctrine of that name (`broadside arena --help` lists the agents; `random` and `mcts:level=easy` play every ruleset)"
            );
        }
        let numbered_save = a.save.is_none();
        let save_path = a.save.unwrap_or_else(first_free_save_name);
        crate::atomic::check_writable(&save_path).context("--save")?;
        if let Some(name) = &a.scenario {
            crate::atomic::check_not_input(&save_path, &[std::path::Path::new(name)])
                .context("--save")?;
        }
        Ok(PlaySettings {
            scenario,
            human_side: a.side,
            seed: a.seed,
            admiral,
            save_path,
            numbered_save,
            style: Style::detect(a.no_color, a.json),
            auto: a.auto,
            json: a.json,
            why: a.why,
            resume,
        })
    }
}

/// Reads a saved game to continue: the checks of `replay` (format, versions, scenario, every
/// action legal where it was played), and a game that is not over.
fn read_resumable(file: &std::path::Path) -> Result<(String, SavedGame)> {
    let shown = file.display().to_string();
    let saved = SavedGame::read(file).map_err(|e| match e {
        broadside_env::DataError::Io { message, .. } => {
            anyhow::anyhow!("cannot read the saved game `{shown}`: {message}")
        }
        e => e.into(),
    })?;
    let end = saved.final_state(&shown)?;
    if end.is_terminal() {
        bail!(
            "`{shown}` is a finished game: there is nothing to resume (`broadside replay {shown}` shows it)"
        );
    }
    Ok((shown, saved))
}

/// Runs `broadside play`; Ctrl-C or SIGTERM stops the game and saves it.
pub fn run(s: PlaySettings) -> Result<()> {
    crate::interrupt::install().map_err(anyhow::Error::msg)?;
    let scenario = s.scenario.clone();
    crate::screens::with_ui(&scenario, PlayTask(s))?;
    if crate::interrupt::requested() {
        // Saved and reported; the exit status says the game was interrupted.
        std::process::exit(130);
    }
    Ok(())
}

/// `broadside play` with the screens of the scenario's ruleset.
struct PlayTask(PlaySettings);

impl crate::screens::WithUi for PlayTask {
    type Output = Result<()>;

    fn run<U>(self) -> Result<()>
    where
        U: crate::screens::RulesetUi + Send + 'static,
        U::State: broadside_agents::KnownAgents,
    {
        let ui = U::new(&self.0.scenario, self.0.human_side)?;
        session::play(self.0, ui)
    }
}
