//! Saved games: the scenario plus every action, chance outcomes included, each by catalogue
//! index and name. Replaying the actions reproduces the game bit for bit.

use serde::{Deserialize, Serialize};

use crate::error::DataError;
use crate::game::{Action, Game};
use crate::ruleset::{AnyGame, AnyScenario, GameOptions};

/// Format tag written into every saved game.
pub const SAVE_FORMAT: &str = "broadside-saved-game";
/// Version of the file layout itself (independent of the ruleset version).
pub const SAVE_FORMAT_VERSION: u32 = 1;

/// The most actions a saved game may hold (a game cut at 20,000 decisions, its dice
/// included, stays well below): replaying keeps a state per action.
pub const MAX_SAVED_ACTIONS: usize = 200_000;

/// One action of a saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedAction {
    pub index: Action,
    pub name: String,
}

/// A saved game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub format: String,
    pub format_version: u32,
    /// Version of the ruleset's action catalogue and observation layout.
    pub ruleset_version: u32,
    pub options: GameOptions,
    #[serde(flatten)]
    pub scenario: AnyScenario,
    /// Who played each side (agent specs or "human"), for the record.
    #[serde(default)]
    pub players: Vec<String>,
    pub actions: Vec<SavedAction>,
}

impl SavedGame {
    /// A record of `actions` played from `scenario`.
    pub fn new(
        scenario: AnyScenario,
        options: GameOptions,
        players: Vec<String>,
        actions: &[Action],
    ) -> Self {
        let game = scenario.new_game(&options);
        let spec = game.spec();
        SavedGame {
            format: SAVE_FORMAT.to_string(),
            format_version: SAVE_FORMAT_VERSION,
            ruleset_version: spec.version,
            options,
            scenario,
            players,
            actions: actions
                .iter()
                .map(|&a| SavedAction {
                    index: a,
                    name: spec.action_name(a).to_string(),
                })
                .collect(),
        }
    }

    /// Reads and checks the saved game at `path` (at most
    /// [`SAVED_GAME_LIMIT`](crate::data_files::SAVED_GAME_LIMIT) bytes of a regular file).
    pub fn read(path: &std::path::Path) -> Result<Self, DataError> {
        let (name, text) =
            crate::data_files::read_text_limited(path, crate::data_files::SAVED_GAME_LIMIT)?;
        Self::from_json(&text, &name)
    }

    /// Parses a saved game from JSON, checking the size, the format, the versions, the
    /// scenario (as a scenario file is checked) and the number of actions.
    pub fn from_json(text: &str, file: &str) -> Result<Self, DataError> {
        let limit = crate::data_files::SAVED_GAME_LIMIT;
        if text.len() as u64 > limit {
            return Err(DataError::Io {
                file: file.into(),
                message: format!(
                    "it is larger than {}, the most a saved game may hold",
                    crate::data_files::bytes_in_words(limit)
                ),
            });
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| DataError::Parse {
                file: file.into(),
                message: format!("not a saved game: {e}"),
            })?;
        let format = value
            .get("format")
            .and_then(|v| v.as_str())
            .unwrap_or_default();
        if format != SAVE_FORMAT {
            return Err(DataError::invalid(
                file,
                "format",
                format!("expected \"{SAVE_FORMAT}\", found \"{format}\""),
            ));
        }
        let fv = match value.get("format_version") {
            None => 0,
            Some(v) => v
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| {
                    DataError::invalid(
                        file,
                        "format_version",
                        format!("{v} is not a version number"),
                    )
                })?,
        };
        if fv != SAVE_FORMAT_VERSION {
            return Err(DataError::Version {
                file: file.into(),
                what: "saved-game format".into(),
                found: fv,
                expected: SAVE_FORMAT_VERSION,
            });
        }
        // Only the ruleset tag and the scenario are kept to explain an error: the rest of
        // the value (most of a long game) is freed before the text is parsed again.
        let mut value = value;
        let tag = value.get("ruleset").cloned();
        let scenario = value.get_mut("scenario").map(serde_json::Value::take);
        drop(value);
        // Parsed again from the text (not the value) so an error names its line and column.
        let saved: SavedGame = match serde_json::from_str(text) {
            Ok(saved) => saved,
            Err(e) => return Err(json_error(file, &e, tag, scenario)),
        };
        if saved.actions.len() > MAX_SAVED_ACTIONS {
            return Err(DataError::invalid(
                file,
                "actions",
                format!(
                    "{} actions; a saved game holds at most {MAX_SAVED_ACTIONS}",
                    saved.actions.len()
                ),
            ));
        }
        // The scenario is data like any other: a hand-edited one must not reach the rules.
        saved.scenario.validate(file)?;
        let expected = saved.scenario.new_game(&saved.options).spec().version;
        if saved.ruleset_version != expected {
            return Err(DataError::Version {
                file: file.into(),
                what: format!(
                    "{} action catalogue and observation",
                    saved.scenario.ruleset()
                ),
                found: saved.ruleset_version,
                expected,
            });
        }
        Ok(saved)
    }

    /// Replays the actions, returning every state from the start (length = actions + 1).
    /// An action that is illegal, or whose name does not match its index, is an error naming it.
    /// Holds every state in memory: readers that only walk forward use [`Self::replay_each`].
    pub fn replay(&self, file: &str) -> Result<Vec<AnyGame>, DataError> {
        let mut states = Vec::with_capacity(self.actions.len() + 1);
        states.push(self.scenario.new_game(&self.options));
        self.replay_each(file, |_, _, after| states.push(after.clone()))?;
        Ok(states)
    }

    /// Replays the actions one at a time, calling `visit(k, before, after)` for action `k`,
    /// so a long record is walked with two states in memory, not one per action. The checks
    /// are those of [`Self::replay`]; a record that fails one stops there with its error, after
    /// the visits of the actions before it (check it first with [`Self::final_state`] when
    /// nothing may be shown of a bad record).
    pub fn replay_each(
        &self,
        file: &str,
        mut visit: impl FnMut(usize, &AnyGame, &AnyGame),
    ) -> Result<AnyGame, DataError> {
        let mut before = self.scenario.new_game(&self.options);
        let mut after = before.clone();
        let spec = before.spec();
        for (k, a) in self.actions.iter().enumerate() {
            let field = format!("actions[{k}]");
            check_in_catalogue(spec, a.index, file, &field)?;
            if spec.action_name(a.index) != a.name {
                return Err(DataError::invalid(
                    file,
                    field,
                    format!(
                        "action {} is `{}` in ruleset {} version {}, the file says `{}`",
                        a.index,
                        spec.action_name(a.index),
                        spec.name,
                        spec.version,
                        a.name
                    ),
                ));
            }
            after
                .apply(a.index)
                .map_err(|e| DataError::invalid(file, field, e.to_string()))?;
            visit(k, &before, &after);
            before.clone_from(&after);
        }
        Ok(after)
    }

    /// The game at the end of the record, after the checks of [`Self::replay`].
    pub fn final_state(&self, file: &str) -> Result<AnyGame, DataError> {
        self.replay_each(file, |_, _, _| {})
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// An action index outside the ruleset's catalogue, said in the game's terms.
fn check_in_catalogue(
    spec: &crate::game::GameSpec,
    action: Action,
    file: &str,
    field: &str,
) -> Result<(), DataError> {
    if (action as usize) < spec.num_actions {
        return Ok(());
    }
    Err(DataError::invalid(
        file,
        field,
        format!(
            "action {action} does not exist in ruleset {} version {} (its catalogue has {} \
             actions, numbered 0 to {})",
            spec.name,
            spec.version,
            spec.num_actions,
            spec.num_actions - 1
        ),
    ))
}

/// A saved game that does not parse, explained: a `ruleset` tag that is unknown or that
/// disagrees with the scenario beside it is said as such (not as the first field the other
/// ruleset's scenario lacks); anything else in the file's terms, with its line and column.
fn json_error(
    file: &str,
    e: &serde_json::Error,
    tag: Option<serde_json::Value>,
    scenario: Option<serde_json::Value>,
) -> DataError {
    use crate::ruleset::{rulesets, scenario_rulesets_of};
    let known = || {
        rulesets()
            .iter()
            .map(|r| format!("`{}`", r.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (tag.as_ref().map(|t| t.as_str()), scenario) {
        (None, _) => {
            return DataError::invalid(
                file,
                "ruleset",
                format!("missing: a saved game names its ruleset ({})", known()),
            )
        }
        (Some(None), _) => {
            return DataError::invalid(
                file,
                "ruleset",
                format!(
                    "found {}, expected the name of a ruleset in quotes ({})",
                    tag.unwrap_or_default(),
                    known()
                ),
            )
        }
        (Some(Some(name)), _) if !rulesets().iter().any(|r| r.name == name) => {
            return DataError::invalid(
                file,
                "ruleset",
                format!(
                    "`{name}` is not a ruleset of this build (known: {})",
                    known()
                ),
            )
        }
        (Some(Some(name)), Some(scenario)) => {
            let fits = scenario_rulesets_of(&scenario);
            if !fits.is_empty() && !fits.contains(&name) {
                return DataError::invalid(
                    file,
                    "ruleset",
                    format!(
                        "the tag says `{name}` but the scenario is a {} scenario: the ruleset \
                         tag and the scenario disagree (a {} scenario needs \"ruleset\": \"{}\")",
                        fits[0], fits[0], fits[0]
                    ),
                );
            }
        }
        _ => {}
    }
    let message = crate::plain_errors::plain_message(&e.to_string(), &saved_game_structs());
    DataError::Parse {
        file: file.into(),
        message: if message.is_empty() {
            "not a valid saved game".into()
        } else {
            message
        },
    }
}

/// The keys of every table a saved game holds, for error messages.
fn saved_game_structs() -> std::collections::BTreeMap<&'static str, &'static [&'static str]> {
    let mut all = crate::plain_errors::struct_fields::<SavedAction>();
    all.extend(crate::plain_errors::struct_fields::<GameOptions>());
    all.extend(crate::ruleset::scenario_struct_fields());
    all
}
