//! Typed errors of the rules engine.

use thiserror::Error;

/// Why an action could not be applied. The state is left untouched whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The action is not in the current legal set.
    #[error("action {action} ({name}) is not legal now")]
    Illegal { action: u16, name: String },
    /// The action index is outside the ruleset's catalogue.
    #[error("action {action} is outside the catalogue of {size} actions")]
    OutOfRange { action: u16, size: usize },
    /// The game is over; no action can be applied.
    #[error("the game is over")]
    GameOver,
}

/// Errors loading rules data, scenarios and saved games.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// A file could not be parsed; the message says where and why.
    #[error("{file}: {message}")]
    Parse { file: String, message: String },
    /// A field has a value the rules cannot use.
    #[error("{file}: field `{field}`: {problem}")]
    Invalid {
        file: String,
        field: String,
        problem: String,
    },
    /// No ruleset with this name exists.
    #[error("unknown ruleset `{name}` (known: {known})")]
    UnknownRuleset { name: String, known: String },
    /// No scenario with this name exists in the ruleset.
    #[error("unknown scenario `{name}` for ruleset `{ruleset}` (known: {known}; a scenario file is named by a path with `/` or ending in `.toml`)")]
    UnknownScenario {
        ruleset: String,
        name: String,
        known: String,
    },
    /// A file was written by another version of the action catalogue or observation layout.
    #[error("{file}: written for {what} version {found}, this build uses version {expected}")]
    Version {
        file: String,
        what: String,
        found: u32,
        expected: u32,
    },
    /// A reading or writing error from the file system.
    #[error("{file}: {message}")]
    Io { file: String, message: String },
}

impl DataError {
    /// Shorthand for [`DataError::Invalid`].
    pub fn invalid(file: &str, field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self::Invalid {
            file: file.to_string(),
            field: field.into(),
            problem: problem.into(),
        }
    }
}
