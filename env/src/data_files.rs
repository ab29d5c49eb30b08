//! Helpers every ruleset's data loader shares: reading a file with an error that names it,
//! and finding a built-in item by id with an error that lists the known ids.

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
