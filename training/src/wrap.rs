//! Text held to the terminal's width.
//!
//! Every screen of `play` and `replay` goes through a [`Wrapping`] writer, so a line of the
//! log, a scenario's description or an order's description longer than the terminal is
//! broken at a space (never mid-word) with a hanging indent, instead of being cut by the
//! terminal in the middle of a word. Tables and maps are drawn to fit 80 columns by their
//! rulesets; the writer only catches prose.

use std::io::Write;

/// The width used when `COLUMNS` does not say: a classic terminal.
pub const DEFAULT_WIDTH: usize = 80;
/// The narrowest width honoured: below it prose would be a word a line.
const MIN_WIDTH: usize = 40;

/// The terminal's width: `COLUMNS` where it is a number of at least 40 (shells export it
/// for their children), else 80.
pub fn width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&w| w >= MIN_WIDTH)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The number of columns `s` takes on a terminal: its characters, without the ANSI colour
/// escapes (`ESC [ ... m`) that take none.
pub fn visible_len(s: &str) -> usize {
    let mut n = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // A CSI sequence ends at its first letter.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            n += 1;
        }
    }
    n
}

/// The columns a continuation of `line` is indented by: under the text of a numbered list
/// entry (`  12  name   text`), else two more than the line's own indent.
fn hanging_indent(line: &str) -> usize {
    let lead = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[lead..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && rest[digits..].starts_with("  ") {
        // A numbered order: the number, the catalogue name, then its text.
        let after_number = &rest[digits..];
        let gap = after_number.len() - after_number.trim_start().len();
        let name_and_rest = after_number.trim_start();
        let name = name_and_rest.find(' ').unwrap_or(name_and_rest.len());
        let after_name = &name_and_rest[name..];
        let gap2 = after_name.len() - after_name.trim_start().len();
        let indent = lead + digits + gap + name + gap2;
        if !after_name.trim().is_empty() && indent < line.len() {
            return visible_len(&line[..indent]);
        }
    }
    lead + 2
}

/// `line` (no line break in it) broken at spaces into lines of at most `width` columns,
/// each continuation indented under the first line's text; a word longer than a line is
/// cut. Lines that fit are returned as they are.
pub fn wrap_line(line: &str, width: usize) -> Vec<String> {
    if visible_len(line) <= width {
        return vec![line.to_string()];
    }
    let indent = hanging_indent(line).min(width / 2);
    let mut out = Vec::new();
    let lead = line.len() - line.trim_start_matches(' ').len();
    let mut current = line[..lead].to_string();
    let mut current_len = lead;
    let mut fresh = true;
    // Each word with the spaces before it, so a line's own alignment is kept where it
    // is not broken.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut gap = 0;
    for piece in line[lead..].split(' ') {
        if piece.is_empty() {
            gap += 1;
        } else {
            words.push((gap + 1, piece));
            gap = 0;
        }
    }
    for (gap, word) in words {
        let mut word = word.to_string();
        let mut len = visible_len(&word);
        let sep = if fresh { 0 } else { gap };
        if !fresh && current_len + sep + len > width {
            out.push(std::mem::take(&mut current));
            current = " ".repeat(indent);
            current_len = indent;
            fresh = true;
        }
        // A word wider than a whole line starts a line of its own and is cut where it ends.
        if len > width - indent {
            if !fresh {
                out.push(std::mem::replace(&mut current, " ".repeat(indent)));
                current_len = indent;
                fresh = true;
            }
            while current_len + len > width {
                let room = width.saturating_sub(current_len).max(1);
                current.extend(word.chars().take(room));
                out.push(std::mem::replace(&mut current, " ".repeat(indent)));
                current_len = indent;
                word = word.chars().skip(room).collect();
                len = visible_len(&word);
            }
        }
        if !fresh {
            current.push_str(&" ".repeat(gap));
            current_len += gap;
        }
        current.push_str(&word);
        current_len += len;
        fresh = false;
    }
    if !fresh || out.is_empty() {
        out.push(current);
    }
    // A prompt's trailing space stays, so what is typed does not touch it.
    if line.ends_with(' ') {
        if let Some(last) = out.last_mut() {
            last.push(' ');
        }
    }
    out
}

/// `text` with every line held to `width` columns ([`wrap_line`]).
pub fn wrap(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|l| wrap_line(l, width).join("\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A writer that holds every line written through it to a width: whole lines are wrapped
/// as they end, a partial line (a prompt) when the writer is flushed.
pub struct Wrapping<W: Write> {
    inner: W,
    width: usize,
    pending: Vec<u8>,
}

impl<W: Write> std::fmt::Debug for Wrapping<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wrapping")
            .field("width", &self.width)
            .finish_non_exhaustive()
    }
}

impl<W: Write> Wrapping<W> {
    /// Wraps what is written to `inner` at `width` columns (`usize::MAX`: never).
    pub fn new(inner: W, width: usize) -> Self {
        Wrapping {
            inner,
            width,
            pending: Vec::new(),
        }
    }

    fn emit(&mut self, line: &[u8], newline: bool) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(line);
        let wrapped = wrap_line(&text, self.width).join("\n");
        self.inner.write_all(wrapped.as_bytes())?;
        if newline {
            self.inner.write_all(b"\n")?;
        }
        Ok(())
    }
}

impl<W: Write> Write for Wrapping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut rest = buf;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            let mut line = std::mem::take(&mut self.pending);
            line.extend_from_slice(&rest[..at]);
            self.emit(&line, true)?;
            rest = &rest[at + 1..];
        }
        self.pending.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            self.emit(&line, false)?;
        }
        self.inner.flush()
    }
}

impl<W: Write> Drop for Wrapping<W> {
    fn drop(&mut self) {
        // Text written but never flushed is not lost; an error here has nowhere to go.
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_is_broken_at_spaces_with_a_hanging_indent() {
        let line = format!("  {}", "word ".repeat(30).trim_end());
        let lines = wrap_line(&line, 40);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| visible_len(l) <= 40), "{lines:?}");
        assert!(lines[1].starts_with("    word"), "{lines:?}");
        // No word is cut: every piece is a whole `word`.
        assert!(lines
            .iter()
            .all(|l| l.split_whitespace().all(|w| w == "word")));
    }

    #[test]
    fn a_numbered_order_continues_under_its_text() {
        let line = format!("    7  sail:2:port30  {}", "manoeuvre ".repeat(9));
        let lines = wrap_line(line.trim_end(), 60);
        assert!(lines.len() > 1);
        assert_eq!(lines[1].find('m'), Some(22), "{lines:?}");
    }

    #[test]
    fn colour_escapes_take_no_columns_and_short_lines_are_kept() {
        assert_eq!(visible_len("\x1b[1;34mA\x1b[0m"), 1);
        assert_eq!(wrap_line("short", 80), vec!["short".to_string()]);
        let long = "x".repeat(100);
        assert!(wrap_line(&long, 40).iter().all(|l| l.chars().count() <= 40));
    }

    #[test]
    fn the_writer_wraps_lines_and_a_flushed_prompt() {
        let mut out = Vec::new();
        {
            let mut w = Wrapping::new(&mut out, 20);
            write!(w, "one two three four five six\nseven").unwrap();
            w.flush().unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|l| l.chars().count() <= 20), "{text}");
        assert!(text.ends_with("seven"), "{text}");
    }
}
