//! Rust errors as Python exceptions: the Rust message, as `ValueError` (bad names, numbers,
//! actions and files' contents) or `OSError` (a file that cannot be read).

use broadside_env::DataError;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::PyErr;

/// A `ValueError` with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Turns a Rust error into the Python exception that fits it.
pub trait PyResultExt<T> {
    fn py(self) -> pyo3::PyResult<T>;
}

impl<T> PyResultExt<T> for Result<T, DataError> {
    fn py(self) -> pyo3::PyResult<T> {
        self.map_err(|e| match e {
            DataError::Io { .. } => PyOSError::new_err(e.to_string()),
            e => value_error(e.to_string()),
        })
    }
}

macro_rules! value_errors {
    ($($t:ty),*) => {$(
        impl<T> PyResultExt<T> for Result<T, $t> {
            fn py(self) -> pyo3::PyResult<T> {
                self.map_err(|e| value_error(e.to_string()))
            }
        }
    )*};
}
value_errors!(
    broadside_env::ActionError,
    broadside_agents::SpecError,
    broadside_agents::MatchError,
    broadside_agents::tournament::TournamentError,
    serde_json::Error
);
