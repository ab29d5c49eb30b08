//! Parse errors from serde (TOML scenario files, JSON saved games) rewritten for a player:
//! the message names what is wrong in the file's terms (a table with these keys, a whole
//! number, a list) and never the program's internal type names (`struct RawMap`, `u32`).

use std::collections::BTreeMap;

use serde::de::{self, DeserializeSeed, Visitor};

/// The fields of every struct `T` holds, found by walking its `Deserialize` impl with a
/// recording deserializer: struct name (`RawMap`) to its keys (`cols`, `rows`).
pub fn struct_fields<T: de::DeserializeOwned>() -> BTreeMap<&'static str, &'static [&'static str]> {
    let mut found = BTreeMap::new();
    // The walk stops at the first thing it cannot fake (an enum, a custom check); what it
    // recorded before that is kept.
    let _ = T::deserialize(Recorder {
        found: &mut found,
        depth: 0,
    });
    found
}

/// Rewrites one serde message (`invalid type: integer `5`, expected struct RawMap`) with
/// `structs` (from [`struct_fields`]) naming the keys of each table.
pub fn plain_message(
    message: &str,
    structs: &BTreeMap<&'static str, &'static [&'static str]>,
) -> String {
    let message = message.trim();
    if message.is_empty() {
        return String::new();
    }
    let mut out = message.to_string();
    // "expected struct RawMap" and "expected struct RawMap with 2 elements".
    while let Some(at) = out.find("struct ") {
        let rest = &out[at + "struct ".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = &rest[..end];
        let table = match structs.get(name) {
            Some(keys) if !keys.is_empty() => format!("a table with {}", key_list(keys)),
            _ => "a table".to_string(),
        };
        let mut tail = &rest[end..];
        if let Some(t) = tail.strip_prefix(" with ") {
            // "with 2 elements": the count of keys, already said by the list.
            tail = t
                .find(" elements")
                .map_or(tail, |i| &t[i + " elements".len()..]);
        }
        out = format!("{}{table}{tail}", &out[..at]);
    }
    for (from, to) in [
        ("invalid type: ", "found "),
        ("invalid value: ", "found "),
        ("expected a sequence", "expected a list `[...]`"),
        ("expected a map", "expected a table"),
        ("missing field ", "missing key "),
        ("unknown field ", "unknown key "),
        ("duplicate field ", "the key given twice: "),
        ("integer `", "the whole number `"),
        ("floating point `", "the number `"),
        ("string \"", "the text \""),
        ("boolean `", "`"),
        ("expected i64", "expected a whole number"),
        ("expected i32", "expected a whole number"),
        ("expected i16", "expected a whole number"),
        ("expected i8", "expected a whole number"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected a borrowed string", "expected text in quotes"),
        (
            "expected variant identifier",
            "expected one of the listed words",
        ),
        (
            "expected adjacently tagged enum AnyScenario",
            "expected a `ruleset` and a `scenario`",
        ),
    ] {
        out = out.replace(from, to);
    }
    out
}

/// `cols` and `rows`; `a`, `b` and `c`.
fn key_list(keys: &[&str]) -> String {
    let quoted: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!("the key {one}"),
        [init @ .., last] => format!("keys {} and {last}", init.join(", ")),
    }
}

/// The key a TOML value belongs to, from the text of its line before the value
/// (`map = ` gives `map`; `map = { cols = ` gives `cols`).
pub fn toml_key_before(line_before: &str) -> Option<&str> {
    let t = line_before.trim_end();
    let t = t.strip_suffix('=')?.trim_end();
    // The byte after the last character that cannot be in a bare key (which may be wider
    // than one byte: `ߞ`).
    let start = t
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let key = &t[start..];
    (!key.is_empty()).then_some(key)
}

/// A deserializer that answers every request with a made-up value, recording the fields of
/// each struct it is asked for.
struct Recorder<'a> {
    found: &'a mut BTreeMap<&'static str, &'static [&'static str]>,
    depth: usize,
}

#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stop")
    }
}
impl std::error::Error for Stop {}
impl de::Error for Stop {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Stop
    }
}

/// Nesting deeper than this is not walked (a recursive type would never end).
const MAX_DEPTH: usize = 16;

macro_rules! fake {
    ($($method:ident => $visit:ident($($value:expr)?)),* $(,)?) => {
        $(fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
            v.$visit($($value)?)
        })*
    };
}

impl<'de> de::Deserializer<'de> for Recorder<'_> {
    type Error = Stop;

    fake! {
        deserialize_bool => visit_bool(false),
        deserialize_i8 => visit_i8(0),
        deserialize_i16 => visit_i16(0),
        deserialize_i32 => visit_i32(0),
        deserialize_i64 => visit_i64(0),
        deserialize_u8 => visit_u8(0),
        deserialize_u16 => visit_u16(0),
        deserialize_u32 => visit_u32(0),
        deserialize_u64 => visit_u64(0),
        deserialize_f32 => visit_f32(0.0),
        deserialize_f64 => visit_f64(0.0),
        deserialize_char => visit_char('a'),
        deserialize_str => visit_str(""),
        deserialize_string => visit_str(""),
        deserialize_bytes => visit_bytes(&[]),
        deserialize_byte_buf => visit_bytes(&[]),
        deserialize_unit => visit_unit(),
        deserialize_identifier => visit_str(""),
    }

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
        v.visit_unit()
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
        v.visit_unit()
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
        v.visit_some(self)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Stop> {
        v.visit_unit()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Stop> {
        v.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
        v.visit_seq(Seq { r: self, left: 1 })
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Stop> {
        v.visit_seq(Seq { r: self, left: len })
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        v: V,
    ) -> Result<V::Value, Stop> {
        v.visit_seq(Seq { r: self, left: len })
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Stop> {
        v.visit_map(Fields {
            r: self,
            fields: &[],
        })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Stop> {
        if self.depth > MAX_DEPTH {
            return Err(Stop);
        }
        self.found.entry(name).or_insert(fields);
        v.visit_map(Fields { r: self, fields })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        Err(Stop)
    }
}

struct Seq<'a> {
    r: Recorder<'a>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Seq<'_> {
    type Error = Stop;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Stop> {
        if self.left == 0 || self.r.depth > MAX_DEPTH {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(Recorder {
            found: self.r.found,
            depth: self.r.depth + 1,
        })
        .map(Some)
    }
}

struct Fields<'a> {
    r: Recorder<'a>,
    fields: &'static [&'static str],
}

impl<'de> de::MapAccess<'de> for Fields<'_> {
    type Error = Stop;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Stop> {
        let Some((first, rest)) = self.fields.split_first() else {
            return Ok(None);
        };
        self.fields = rest;
        seed.deserialize(de::value::BorrowedStrDeserializer::<Stop>::new(first))
            .map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Stop> {
        seed.deserialize(Recorder {
            found: self.r.found,
            depth: self.r.depth + 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct RawMap {
        cols: i64,
        rows: i64,
    }
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct RawScenario {
        id: String,
        sides: Vec<String>,
        map: RawMap,
        note: Option<String>,
    }

    #[test]
    fn finds_the_keys_of_nested_tables() {
        let f = struct_fields::<RawScenario>();
        assert_eq!(f["RawMap"], &["cols", "rows"]);
        assert_eq!(f["RawScenario"], &["id", "sides", "map", "note"]);
    }

    #[test]
    fn names_no_internal_type() {
        let f = struct_fields::<RawScenario>();
        let m = plain_message("invalid type: integer `5`, expected struct RawMap", &f);
        assert_eq!(
            m,
            "found the whole number `5`, expected a table with keys `cols` and `rows`"
        );
        assert_eq!(
            plain_message("invalid type: string \"x\", expected i64", &f),
            "found the text \"x\", expected a whole number"
        );
    }

    #[test]
    fn finds_the_key_of_a_value() {
        assert_eq!(toml_key_before("map = "), Some("map"));
        assert_eq!(toml_key_before("map = { cols = "), Some("cols"));
        assert_eq!(toml_key_before("[ 1, "), None);
        // Found by fuzzing: a wide character before the key was cut through.
        assert_eq!(toml_key_before("ߞmap = "), Some("map"));
        assert_eq!(toml_key_before("ߞ= "), None);
    }
}
