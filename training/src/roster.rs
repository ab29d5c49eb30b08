//! Who is who: the names, sides, types and map letters of a scenario's ships.
//!
//! The game state keeps no text (names live in the scenario), so every view that talks
//! about ships to a person goes through a [`Roster`] built from the scenario.

/// Names and map letters of a scenario's ships, seen from one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    /// Ship names, in scenario (and state) order.
    pub names: Vec<String>,
    /// Display types ("Frigate", "2nd SOL").
    pub kinds: Vec<String>,
    /// Side of each ship.
    pub sides_of: Vec<u8>,
    /// Names of side 0 and side 1.
    pub sides: [String; 2],
    /// Map letter of each ship: the viewer's ships in capitals (A, B, ..), the enemy's in
    /// lower case (a, b, ..), each side lettered in scenario order.
    pub letters: Vec<char>,
    /// The side whose view this is (its ships are "own").
    pub viewer: u8,
}

impl Roster {
    /// The roster of any ruleset's ships, given as (name, display type, side) in scenario
    /// order, seen from `viewer` (0 or 1).
    pub fn of_ships<'a>(
        ships: impl Iterator<Item = (&'a str, &'a str, u8)>,
        sides: [String; 2],
        viewer: u8,
    ) -> Self {
        let mut roster = Roster {
            names: Vec::new(),
            kinds: Vec::new(),
            sides_of: Vec::new(),
            sides: sides.map(|s| crate::style::sanitize(&s)),
            letters: Vec::new(),
            viewer,
        };
        let mut counts = [0u8; 2];
        for (name, kind, side) in ships {
            let k = &mut counts[(side as usize).min(1)];
            roster.letters.push(letter(*k, side == viewer));
            *k = k.saturating_add(1);
            roster.names.push(crate::style::sanitize(name));
            roster.kinds.push(crate::style::sanitize(kind));
            roster.sides_of.push(side);
        }
        roster
    }

    /// "Name (L)": ship `i`'s name and map letter, as every log and order list writes her.
    pub fn tag(&self, i: usize) -> String {
        format!("{} ({})", self.name(i), self.letter(i))
    }

    /// `text` with every "ship N" (and its "(class C, side S)" where given) replaced by
    /// ship N's [`Roster::tag`], for engine descriptions, which have no names at hand; a
    /// number past the roster stays as it was.
    pub fn name_ships(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + 16);
        let mut rest = text;
        while let Some(at) = rest.find("ship ") {
            out.push_str(&rest[..at]);
            let after = &rest[at + 5..];
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            match after[..digits]
                .parse::<usize>()
                .ok()
                .filter(|&i| i < self.names.len())
            {
                Some(i) => {
                    out.push_str(&self.tag(i));
                    rest = &after[digits..];
                    // The engine's "(class C, side S)" says what the name now says.
                    if rest.starts_with(" (class ") {
                        if let Some(close) = rest.find(')') {
                            rest = &rest[close + 1..];
                        }
                    }
                }
                None => {
                    out.push_str("ship ");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The name of ship `i` (a placeholder outside the scenario, which a valid state never has).
    pub fn name(&self, i: usize) -> &str {
        self.names.get(i).map(String::as_str).unwrap_or("?")
    }

    /// The name of `side`.
    pub fn side_name(&self, side: u8) -> &str {
        self.sides
            .get(side as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }

    /// The name of `side` as a sentence names it: "the British", "the Pirates", but
    /// "Spain" and "Red" (a country or a colour takes no article). A name takes "the" when
    /// it names a people or a force: a demonym (-ish, -ch, -ese, -ian, -can, -ean), a plural,
    /// or a word for a force (fleet, navy, convoy, ...).
    pub fn the_side(&self, side: u8) -> String {
        let name = self.side_name(side);
        if takes_article(name) {
            format!("the {name}")
        } else {
            name.to_string()
        }
    }

    /// Whether ship `i` belongs to the viewer.
    pub fn is_own(&self, i: usize) -> bool {
        self.sides_of.get(i) == Some(&self.viewer)
    }

    /// The map letter of ship `i`.
    pub fn letter(&self, i: usize) -> char {
        self.letters.get(i).copied().unwrap_or('?')
    }

    /// The ship called `name`: an exact name (any case), a unique prefix, or its map letter.
    pub fn find(&self, name: &str) -> Result<usize, String> {
        let wanted = name.trim();
        if let Some(i) = self
            .names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(wanted))
        {
            return Ok(i);
        }
        let mut chars = wanted.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(i) = self.letters.iter().position(|&l| l == c) {
                return Ok(i);
            }
        }
        let lower = wanted.to_lowercase();
        let matches: Vec<usize> = (0..self.names.len())
            .filter(|&i| !lower.is_empty() && self.names[i].to_lowercase().starts_with(&lower))
            .collect();
        match matches.as_slice() {
            [i] => Ok(*i),
            _ => Err(format!(
                "no single ship is called `{wanted}` (ships: {})",
                self.names.join(", ")
            )),
        }
    }
}

/// The `k`-th letter of a side: capitals for own ships, lower case for the enemy's.
/// Past Z the letters wrap, which no built-in scenario reaches (12 ships a side at most).
fn letter(k: u8, own: bool) -> char {
    let base = if own { b'A' } else { b'a' };
    (base + k % 26) as char
}

/// Whether `text` shows a ship by its number ("ship 3"), which a player never sees: the
/// order-list tests of the rulesets that name ships in their own words.
/// Whether a side's name reads with "the" before it ([`Roster::the_side`]).
fn takes_article(name: &str) -> bool {
    let last = name
        .split_whitespace()
        .last()
        .unwrap_or("")
        .to_ascii_lowercase();
    const FORCES: [&str; 12] = [
        "fleet",
        "navy",
        "convoy",
        "flotilla",
        "squadron",
        "guard",
        "buccaneer",
        "pirate",
        "crown",
        "union",
        "confederacy",
        "republic",
    ];
    const DEMONYMS: [&str; 6] = ["ish", "ch", "ese", "ian", "can", "ean"];
    FORCES.contains(&last.as_str())
        || DEMONYMS.iter().any(|e| last.ends_with(e))
        || (last.ends_with('s') && !last.ends_with("ss"))
}

#[cfg(test)]
pub(crate) fn shows_ship_number(text: &str) -> bool {
    text.match_indices("ship ")
        .any(|(at, _)| text[at + 5..].starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A duel of two ships, one a side.
    fn duel(viewer: u8) -> Roster {
        let ships = [("Constitution", "Frigate", 0), ("Guerriere", "Frigate", 1)];
        Roster::of_ships(
            ships.into_iter(),
            ["American".into(), "British".into()],
            viewer,
        )
    }

    /// Togo said "You command the Spain": a country or a colour takes no article.
    #[test]
    fn a_side_takes_an_article_only_where_english_gives_it_one() {
        let sides =
            |a: &str, b: &str| Roster::of_ships(std::iter::empty(), [a.into(), b.into()], 0);
        let r = sides("Spain", "United States");
        assert_eq!(
            (r.the_side(0).as_str(), r.the_side(1).as_str()),
            ("Spain", "the United States")
        );
        let r = sides("British", "French");
        assert_eq!(
            (r.the_side(0).as_str(), r.the_side(1).as_str()),
            ("the British", "the French")
        );
        let r = sides("Red", "Coast Guard");
        assert_eq!(
            (r.the_side(0).as_str(), r.the_side(1).as_str()),
            ("Red", "the Coast Guard")
        );
    }

    #[test]
    fn letters_follow_the_viewer() {
        let r0 = duel(0);
        assert_eq!(r0.letters, vec!['A', 'a']);
        let r1 = duel(1);
        assert_eq!(r1.letters, vec!['a', 'A']);
        assert!(r1.is_own(1) && !r1.is_own(0));
    }

    #[test]
    fn finds_ships_by_name_prefix_or_letter() {
        let r = duel(0);
        assert_eq!(r.find("constitution"), Ok(0));
        assert_eq!(r.find("Guer"), Ok(1));
        assert_eq!(r.find("a"), Ok(1));
        assert!(r.find("Victory").is_err());
    }

    #[test]
    fn ship_numbers_become_tags() {
        let r = duel(0);
        assert_eq!(
            r.name_ships("ship 0 (class 1, side 0) fires at ship 1"),
            format!("{} fires at {}", r.tag(0), r.tag(1))
        );
        assert_eq!(r.name_ships("ship 99 and ships"), "ship 99 and ships");
        assert!(shows_ship_number("at ship 3") && !shows_ship_number("a friendly ship is"));
    }
}
