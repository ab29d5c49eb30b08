//! Terminal colours: ANSI escapes when writing to a terminal, plain text otherwise.
//!
//! Colour is decided once from the flags and the output stream, so a piped or redirected
//! run (and every test) gets plain text without asking for `--no-color`.

use std::io::IsTerminal;

/// `text` from a file (a ship's name, a title, a side, a player) made safe for a terminal:
/// control characters (escape sequences, NUL, carriage returns, newlines, tabs), C1 controls
/// and the invisible bidirectional overrides each become one `?`; the rest is kept. Every
/// such text passes through here before it is printed, with or without colours.
pub fn sanitize(text: &str) -> String {
    sanitize_keeping(text, false)
}

/// `n` and the noun, singular or plural as English wants it: "1 mistake", "2 mistakes".
/// Any integer type (dice and hits are `u8`, tallies `usize`).
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    let word = if n == N::from(1) { one } else { many };
    format!("{n} {word}")
}

/// [`sanitize`] that keeps line breaks (for multi-line messages such as errors).
pub fn sanitize_lines(text: &str) -> String {
    sanitize_keeping(text, true)
}

fn sanitize_keeping(text: &str, newlines: bool) -> String {
    text.chars()
        .map(|c| {
            let bidi = matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
            if (c.is_control() && !(newlines && c == '\n')) || bidi {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// How text is decorated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    color: bool,
}

impl Style {
    /// Plain text, no escapes.
    pub const PLAIN: Style = Style { color: false };

    /// Colours when the stream written to (stdout, or stderr when `to_stderr`) is a
    /// terminal and neither `--no-color` nor the `NO_COLOR` variable asks for plain text.
    pub fn detect(no_color: bool, to_stderr: bool) -> Self {
        let terminal = if to_stderr {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        };
        Style {
            color: !no_color && terminal && std::env::var_os("NO_COLOR").is_none(),
        }
    }

    /// Whether escapes are written.
    pub fn colored(&self) -> bool {
        self.color
    }

    fn wrap(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The viewer's own ships.
    pub fn own(&self, text: &str) -> String {
        self.wrap("1;34", text)
    }

    /// Enemy ships.
    pub fn enemy(&self, text: &str) -> String {
        self.wrap("1;31", text)
    }

    /// Own or enemy, by whether `own` is set.
    pub fn side(&self, own: bool, text: &str) -> String {
        if own {
            self.own(text)
        } else {
            self.enemy(text)
        }
    }

    /// Headings.
    pub fn bold(&self, text: &str) -> String {
        self.wrap("1", text)
    }

    /// Background detail (empty water, struck ships).
    pub fn dim(&self, text: &str) -> String {
        self.wrap("2", text)
    }

    /// Error messages.
    pub fn error(&self, text: &str) -> String {
        self.wrap("1;33", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_writes_no_escapes() {
        assert_eq!(Style::PLAIN.own("A"), "A");
        assert_eq!(Style::PLAIN.error("e"), "e");
        let c = Style { color: true };
        assert!(c.enemy("a").starts_with("\x1b["));
    }
}
