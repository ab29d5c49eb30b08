//! What the browser draws: a ruleset's board as data, independent of any ruleset.
//!
//! Each ruleset describes its position through [`crate::screens::RulesetUi::board`]. The
//! default is a [`Board`] of kind `text`: the terminal map as text and a card per ship, so a
//! ruleset added to the registry appears in the browser with no change here. A ruleset with
//! geometry fills in the hexes or the table (its own `board.rs` beside its terminal views),
//! and the page draws them as SVG.
//!
//! Coordinates are in board units with `x` to the east and `y` to the **south** (SVG's way
//! down): for hex boards one unit is a hex's radius (flat-topped hexes, odd columns half a
//! hex lower, [`hex_centre`]); for table-top boards one unit is an inch. Headings are
//! degrees clockwise from north.

use serde::Serialize;

use crate::roster::Roster;

/// A position as the page draws it.
#[derive(Debug, Clone, Serialize)]
pub struct Board {
    /// `hex`, `table`, or `text` (no geometry: the page shows [`Board::text`]).
    pub kind: &'static str,
    /// Extent in board units.
    pub width: f64,
    pub height: f64,
    /// Hex boards: the grid the page draws (0 elsewhere).
    pub cols: u32,
    pub rows: u32,
    /// What a range is measured in ("hexes", "inches").
    pub unit: &'static str,
    pub wind: Option<Wind>,
    pub pieces: Vec<Piece>,
    /// Terrain and other marked ground, drawn under the ships.
    pub areas: Vec<Area>,
    /// The ship whose orders are asked for now, where the ruleset orders one ship at a time.
    pub acting: Option<usize>,
    /// The terminal map in plain text (always given; the page shows it for `text` boards).
    pub text: String,
}

/// The wind.
#[derive(Debug, Clone, Serialize)]
pub struct Wind {
    /// Where it blows from, degrees clockwise from north.
    pub from_deg: f64,
    pub text: String,
}

/// One ship on the board.
#[derive(Debug, Clone, Serialize)]
pub struct Piece {
    pub ship: usize,
    pub name: String,
    /// The side that commands her now.
    pub side: u8,
    pub letter: char,
    /// Centre (table) or bow hex centre (hex), board units.
    pub x: f64,
    pub y: f64,
    pub heading: f64,
    /// Hex boards: the centres of the hexes she covers, bow first.
    pub hexes: Vec<[f64; 2]>,
    /// Table boards: the corners of her base.
    pub outline: Vec<[f64; 2]>,
    /// Out of the fight (struck, sunk, taken, burnt): drawn faded.
    pub out: bool,
    /// Short marks at a glance ("hull 5/8", "2 damage", "anchored").
    pub marks: Vec<String>,
    /// How much of her fighting strength is left, 0 to 1, drawn as a bar beside her (the
    /// ruleset says what counts); `None`: no bar.
    pub strength: Option<f64>,
    /// Her card: the terminal chart of the ship.
    pub card: String,
    /// The range to each ship of the other side still in the fight.
    pub ranges: Vec<Range>,
}

/// A range from one ship to another.
#[derive(Debug, Clone, Serialize)]
pub struct Range {
    pub to: usize,
    pub value: f64,
}

/// Marked ground: land, fog, shallows, an exit.
#[derive(Debug, Clone, Serialize)]
pub struct Area {
    pub kind: &'static str,
    pub name: String,
    /// Hex boards: the centres of its hexes.
    pub hexes: Vec<[f64; 2]>,
    /// Table boards: its outline.
    pub outline: Vec<[f64; 2]>,
}

/// `sqrt(3)`, the hex's height over its radius.
const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The centre of hex `(col, row)` (offset coordinates, odd columns half a hex lower) on a
/// board of flat-topped hexes of radius 1.
pub fn hex_centre(col: i32, row: i32) -> [f64; 2] {
    let x = 1.0 + 1.5 * f64::from(col);
    let y = SQRT3 / 2.0 * (1.0 + 2.0 * f64::from(row) + f64::from(col & 1));
    [x, y]
}

/// The extent of a `cols` x `rows` hex board.
pub fn hex_extent(cols: u32, rows: u32) -> (f64, f64) {
    (1.5 * f64::from(cols) + 0.5, SQRT3 * (f64::from(rows) + 0.5))
}

impl Board {
    /// The generic board of any ruleset: the terminal map as text and a card per ship, in
    /// scenario order, each with her name, side and letter (no geometry).
    pub fn text(map: String, roster: &Roster, card: impl Fn(usize) -> String) -> Board {
        let pieces = (0..roster.names.len())
            .map(|i| Piece {
                ship: i,
                name: roster.name(i).to_string(),
                side: roster.sides_of[i],
                letter: roster.letter(i),
                x: 0.0,
                y: 0.0,
                heading: 0.0,
                hexes: Vec::new(),
                outline: Vec::new(),
                out: false,
                marks: Vec::new(),
                strength: None,
                card: card(i),
                ranges: Vec::new(),
            })
            .collect();
        Board {
            kind: "text",
            width: 0.0,
            height: 0.0,
            cols: 0,
            rows: 0,
            unit: "",
            wind: None,
            pieces,
            areas: Vec::new(),
            acting: None,
            text: map,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generic_board_shows_the_map_as_text_and_a_card_per_ship() {
        let roster = Roster::of_ships(
            [("Alpha", "Frigate", 0), ("Beta", "Sloop", 1)].into_iter(),
            ["North".into(), "South".into()],
            1,
        );
        let b = Board::text("the map".into(), &roster, |i| format!("card {i}"));
        assert_eq!(b.kind, "text");
        assert_eq!(b.text, "the map");
        assert_eq!(b.pieces.len(), 2);
        assert_eq!(b.pieces[1].name, "Beta");
        assert_eq!(b.pieces[1].side, 1);
        assert_eq!(
            b.pieces[1].letter, 'A',
            "the viewer's own ships are capitals"
        );
        assert_eq!(b.pieces[0].card, "card 0");
    }

    #[test]
    fn odd_columns_sit_half_a_hex_lower_and_neighbours_are_one_hex_height_apart() {
        let [x0, y0] = hex_centre(0, 0);
        let [x1, y1] = hex_centre(1, 0);
        let [_, y2] = hex_centre(0, 1);
        assert!((x1 - x0 - 1.5).abs() < 1e-9);
        assert!((y1 - y0 - SQRT3 / 2.0).abs() < 1e-9);
        assert!((y2 - y0 - SQRT3).abs() < 1e-9);
        // Neighbours' centres are sqrt(3) apart in every direction.
        let d = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        assert!((d - SQRT3).abs() < 1e-9);
        let (w, h) = hex_extent(2, 1);
        assert!(w >= x1 + 1.0 - 1e-9 && h >= y1 + SQRT3 / 2.0 - 1e-9);
    }
}
