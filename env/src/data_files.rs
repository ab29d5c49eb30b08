//! Helpers every ruleset's data loader shares: reading a file with an error that names it,
//! TOML with errors that name the line and column, and finding a built-in item by id with
//! an error that lists the known ids.

use std::path::Path;
use std::sync::OnceLock;

use crate::error::DataError;

/// The most bytes a scenario file may hold (the largest built-in one is a few KiB).
pub const SCENARIO_FILE_LIMIT: u64 = 1 << 20;
/// The most bytes a saved game may hold (a 20,000-decision game is about 2 MiB).
pub const SAVED_GAME_LIMIT: u64 = 16 << 20;
/// The most bytes a configuration or run-state file may hold.
pub const CONFIG_FILE_LIMIT: u64 = 1 << 20;

/// `n` bytes in words: "16 MiB", "1 KiB", "100 bytes".
pub fn bytes_in_words(n: u64) -> String {
    if n >= 1 << 20 && n & ((1 << 20) - 1) == 0 {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n & ((1 << 10) - 1) == 0 {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// The bytes of the regular file `path`, at most `limit` of them: the one reader of every
/// file door. A folder, a device (`/dev/zero`), a FIFO or a socket is refused before it is
/// opened (reading one could block or never end), and a file longer than `limit` is an error
/// that states the limit, found without reading past it.
pub fn read_bytes(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Error, ErrorKind, Read};
    let refuse = |meta: &std::fs::Metadata| -> std::io::Result<()> {
        if meta.is_dir() {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                "it is a folder, not a file",
            ));
        }
        if !meta.is_file() {
            return Err(Error::new(
                ErrorKind::InvalidInput,
                "it is not a regular file (a device, a FIFO or a socket): only files are read",
            ));
        }
        if meta.len() > limit {
            return Err(too_large(limit));
        }
        Ok(())
    };
    refuse(&std::fs::metadata(path)?)?;
    let file = std::fs::File::open(path)?;
    // Checked again on what was opened, in case the name changed hands in between.
    refuse(&file.metadata()?)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

fn too_large(limit: u64) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "it is larger than {}, the most this file may hold",
            bytes_in_words(limit)
        ),
    )
}

/// The UTF-8 text of the regular file `path`, at most `limit` bytes (see [`read_bytes`]), or
/// [`DataError::Io`] naming the path; also returns the name used in later error messages.
pub fn read_text_limited(path: &Path, limit: u64) -> Result<(String, String), DataError> {
    let name = path.display().to_string();
    let io = |message: String| DataError::Io {
        file: name.clone(),
        message,
    };
    let bytes = read_bytes(path, limit).map_err(|e| io(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        io(format!(
            "it is not UTF-8 text (a byte that is not, at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    Ok((name, text))
}

/// The text of the scenario file `path` (at most [`SCENARIO_FILE_LIMIT`] bytes), or
/// [`DataError::Io`] naming the path; also returns the name used in later error messages.
pub fn read_text(path: &Path) -> Result<(String, String), DataError> {
    read_text_limited(path, SCENARIO_FILE_LIMIT)
}

/// Deserialises TOML, turning syntax, type and unknown-key errors into
/// [`DataError::Parse`] naming `file`, the line and the column.
pub fn from_toml<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError::Parse {
        file: file.to_string(),
        message: toml_message::<T>(text, e.message(), e.span()),
    })
}

/// A TOML error for a player: where (line and column), which key, what is wrong in the
/// file's terms (a table with these keys, a whole number), and never an empty message.
fn toml_message<T: serde::de::DeserializeOwned>(
    text: &str,
    message: &str,
    span: Option<std::ops::Range<usize>>,
) -> String {
    use crate::plain_errors::{plain_message, struct_fields, toml_key_before};
    let message = plain_message(message, &struct_fields::<T>());
    let Some(span) = span else {
        return if message.is_empty() {
            "this is not a valid TOML file".to_string()
        } else {
            message
        };
    };
    let start = floor_char_boundary(text, span.start);
    let before = &text[..start];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let column = before[line_start..].chars().count() + 1;
    let place = format!("line {line}, column {column}: ");
    // A control character on the line, from the error on, is the cause whatever toml says
    // (it says nothing for one in a comment, "expected newline" for one after a value).
    let rest = &text[start..];
    let line_rest = rest.split('\n').next().unwrap_or_default();
    if let Some((at, c)) = line_rest
        .char_indices()
        .find(|&(_, c)| c.is_control() && c != '\t' && c != '\r')
    {
        let column = column + line_rest[..at].chars().count();
        return format!(
            "line {line}, column {column}: a control character U+{:04X} is not allowed in a \
             TOML file, comments included (tabs are; in a quoted text write it as \\u{:04X})",
            c as u32, c as u32
        );
    }
    if message.is_empty() {
        // toml reports some syntax errors with no words at all: say what was found and what
        // a line may hold.
        let found: String = rest.chars().take_while(|&c| c != '\n').take(20).collect();
        let found = if found.trim().is_empty() {
            "the end of the line".to_string()
        } else {
            format!("`{}`", crate::data_files::printable(found.trim_end()))
        };
        return format!(
            "{place}this is not valid TOML: found {found}; a line holds `key = value`, a \
             `[table]` header or a `# comment`, and text goes in quotes (\"...\")"
        );
    }
    match toml_key_before(&before[line_start..]) {
        Some(key) if message.starts_with("found ") => format!("{place}`{key}`: {message}"),
        _ => format!("{place}{message}"),
    }
}

/// `text` with control characters written as `\u{..}`.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\u{{{:04X}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The largest char boundary of `text` at or before `i`.
fn floor_char_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A scenario's `[table]` in inches, as the table-top rulesets write it (checked by each
/// ruleset against its own limits).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawTable {
    pub width: f64,
    pub depth: f64,
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

/// The longest title, side name or ship name, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 10_000;

/// The checks every ruleset makes of a scenario's words, whichever door it came through: a
/// title, two different side names and distinct ship names, none empty and none too long.
pub fn check_names(
    file: &str,
    title: &str,
    description: &str,
    sides: [&str; 2],
    ships: &[&str],
) -> Result<(), DataError> {
    let bad = |field: String, problem: String| Err(DataError::invalid(file, field, problem));
    let too_long = |s: &str, max: usize| s.chars().count() > max;
    if title.trim().is_empty() {
        return bad("title".into(), "must not be empty".into());
    }
    if too_long(title, MAX_NAME_CHARS) {
        return bad(
            "title".into(),
            format!("longer than {MAX_NAME_CHARS} characters"),
        );
    }
    if too_long(description, MAX_DESCRIPTION_CHARS) {
        return bad(
            "description".into(),
            format!("longer than {MAX_DESCRIPTION_CHARS} characters"),
        );
    }
    for (k, side) in sides.iter().enumerate() {
        if side.trim().is_empty() || too_long(side, MAX_NAME_CHARS) {
            return bad(
                format!("sides[{k}]"),
                format!("a side needs a name of 1 to {MAX_NAME_CHARS} characters"),
            );
        }
    }
    if sides[0].trim() == sides[1].trim() {
        return bad(
            "sides".into(),
            format!(
                "both sides are called `{}`: give them different names",
                sides[0]
            ),
        );
    }
    for (k, name) in ships.iter().enumerate() {
        if name.trim().is_empty() || too_long(name, MAX_NAME_CHARS) {
            return bad(
                format!("ship #{}", k + 1),
                format!("a ship needs a name of 1 to {MAX_NAME_CHARS} characters"),
            );
        }
        if ships[..k].iter().any(|o| o.trim() == name.trim()) {
            return bad(
                format!("ship #{}", k + 1),
                format!("two ships are called `{name}`: give each ship its own name"),
            );
        }
    }
    Ok(())
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

/// The embedded data file `file` (`text`, compiled into the binary) parsed by `parse` the
/// first time it is asked for and kept in `cell`: every ruleset's rule numbers, ship lists
/// and cards. The embedded files are checked by tests, so a failure here is a build defect
/// and panics with the loader's message.
pub fn embedded<T>(
    cell: &'static OnceLock<T>,
    text: &str,
    file: &str,
    parse: impl FnOnce(&str, &str) -> Result<T, DataError>,
) -> &'static T {
    cell.get_or_init(|| {
        parse(text, file)
            .unwrap_or_else(|e| panic!("embedded {file} is invalid (checked by tests): {e}"))
    })
}

/// [`embedded`] for a list (ship classes, cards), as a slice.
pub fn embedded_list<T>(
    cell: &'static OnceLock<Vec<T>>,
    text: &str,
    file: &str,
    parse: impl FnOnce(&str, &str) -> Result<Vec<T>, DataError>,
) -> &'static [T] {
    embedded(cell, text, file, parse).as_slice()
}

/// A ruleset's built-in scenarios ([`parse_embedded`] over `files`, named `folder/name`),
/// parsed the first time they are asked for and kept in `cell`.
pub fn embedded_scenarios<T>(
    cell: &'static OnceLock<Vec<T>>,
    ruleset: &str,
    folder: &str,
    files: &[(&str, &str)],
    parse: impl Fn(&str, &str) -> Result<T, DataError>,
) -> &'static [T] {
    cell.get_or_init(|| parse_embedded(ruleset, folder, files, parse))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str, file: &str) -> Result<u32, DataError> {
        text.trim()
            .parse()
            .map_err(|_| DataError::invalid(file, "number", "not a whole number"))
    }

    #[test]
    fn embedded_data_is_parsed_once_and_a_broken_file_names_itself() {
        static ONE: OnceLock<u32> = OnceLock::new();
        assert_eq!(*embedded(&ONE, "7", "seven.toml", number), 7);
        // Kept: a second call does not parse again (this text would not parse).
        assert_eq!(*embedded(&ONE, "x", "seven.toml", number), 7);
        static BROKEN: OnceLock<u32> = OnceLock::new();
        let e = std::panic::catch_unwind(|| *embedded(&BROKEN, "x", "broken.toml", number))
            .expect_err("a broken embedded file is a build defect");
        let message = e.downcast_ref::<String>().expect("a formatted panic");
        assert!(
            message.contains("embedded broken.toml is invalid"),
            "{message}"
        );
        static LIST: OnceLock<Vec<u32>> = OnceLock::new();
        let files = [("a.toml", "1"), ("b.toml", "2")];
        assert_eq!(
            embedded_scenarios(&LIST, "toy", "toy", &files, number),
            [1, 2]
        );
    }

    #[test]
    fn the_bounded_reader_refuses_devices_folders_and_files_past_the_limit() {
        // /dev/zero never ends: refused before a byte is read.
        if Path::new("/dev/zero").exists() {
            let e = read_text(Path::new("/dev/zero")).expect_err("a device");
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        let dir = std::env::temp_dir().join(format!("broadside-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let e = read_text(&dir).expect_err("a folder");
        assert!(e.to_string().contains("folder"), "{e}");
        let big = dir.join("big.toml");
        std::fs::write(&big, vec![b'#'; SCENARIO_FILE_LIMIT as usize + 1]).expect("write");
        let e = read_text(&big).expect_err("too large");
        assert!(e.to_string().contains("larger than 1 MiB"), "{e}");
        let exact = dir.join("exact.toml");
        std::fs::write(&exact, vec![b'#'; 100]).expect("write");
        assert_eq!(
            read_text_limited(&exact, 100)
                .expect("at the limit")
                .1
                .len(),
            100
        );
        assert!(read_text_limited(&exact, 99).is_err());
        let not_utf8 = dir.join("bytes.toml");
        std::fs::write(&not_utf8, b"ab\xff").expect("write");
        let e = read_text(&not_utf8).expect_err("not UTF-8");
        assert!(e.to_string().contains("offset 2"), "{e}");
        #[cfg(unix)]
        {
            // A FIFO with no writer would block an open for reading forever.
            let fifo = dir.join("fifo.toml");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                let e = read_text(&fifo).expect_err("a FIFO");
                assert!(e.to_string().contains("not a regular file"), "{e}");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
