//! Helpers every ruleset's data loader shares: reading a file with an error that names it,
//! TOML with errors that name the line and column, and finding a built-in item by id with
//! an error that lists the known ids.

use std::path::Path;

use crate::error::DataError;

/// The text of `path`, or [`DataError::Io`] naming the path; also returns the name used in
/// later error messages.
pub fn read_text(path: &Path) -> Result<(String, String), DataError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| DataError::Io {
        file: name.clone(),
        message: e.to_string(),
    })?;
    Ok((name, text))
}

/// Deserialises TOML, turning syntax, type and unknown-key errors into
/// [`DataError::Parse`] naming `file`, the line and the column.
pub fn from_toml<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let place = e
            .span()
            .map(|span| {
                let before = &text[..span.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                format!("line {line}, column {column}: ")
            })
            .unwrap_or_default();
        DataError::Parse {
            file: file.to_string(),
            message: format!("{place}{}", e.message().trim()),
        }
    })
}

/// Checks a scenario id: lowercase letters, digits, '-' and '_', not empty (ids name files
/// and runs, so no spaces or path separators).
pub fn check_scenario_id(id: &str, file: &str) -> Result<(), DataError> {
    let ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(DataError::invalid(
            file,
            "id",
            format!("`{id}`: use lowercase letters, digits, '-' and '_' (not empty)"),
        ))
    }
}

/// The scenario of `ruleset` with id `id` among `all`, or [`DataError::UnknownScenario`]
/// listing the known ids.
pub fn scenario_by_id<S: Clone>(
    ruleset: &str,
    all: &[S],
    id: &str,
    id_of: impl Fn(&S) -> &str,
) -> Result<S, DataError> {
    all.iter()
        .find(|s| id_of(s) == id)
        .cloned()
        .ok_or_else(|| DataError::UnknownScenario {
            ruleset: ruleset.to_string(),
            name: id.to_string(),
            known: all.iter().map(&id_of).collect::<Vec<_>>().join(", "),
        })
}

/// Parses embedded data files (`(name, text)` pairs compiled into the binary) with `parse`,
/// naming each `folder/name` in errors. The embedded files are checked by tests, so a
/// failure here is a build defect and panics with the loader's message.
pub fn parse_embedded<T>(
    ruleset: &str,
    folder: &str,
    files: &[(&str, &str)],
    parse: impl Fn(&str, &str) -> Result<T, DataError>,
) -> Vec<T> {
    files
        .iter()
        .map(|(name, text)| {
            parse(text, &format!("{folder}/{name}")).unwrap_or_else(|e| {
                panic!("embedded {ruleset} file {name} is invalid (checked by tests): {e}")
            })
        })
        .collect()
}
