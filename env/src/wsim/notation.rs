//! Whole orders in the game's own notation, fed to the sub-decisions for the player.
//!
//! A ship's order is written as space-separated words: the movement first (`L1R2`: turn
//! left, one hex, turn right, two hexes; `0` or `-` for none), then optionally `hull` or
//! `rigging`, `fire>=N` (N in 0..8) or `hold`, `load=any|left|right`, and
//! `unfoul=all|friend|enemy|remain`. Words left out keep the ship's standing order (aim and
//! fire threshold) or take the default (load any side, unfoul from all).

use thiserror::Error;

use crate::game::{Action, Game};

use super::catalogue::*;
use super::state::{self as st, Phase, Step, WsimGame};

/// One ship's order, parsed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShipOrder {
    /// Movement tokens (`TURN_LEFT`, `TURN_RIGHT`, `FORWARD` actions).
    pub moves: Vec<Action>,
    pub aim: Option<Action>,
    pub threshold: Option<Action>,
    pub load: Option<Action>,
    pub unfoul: Option<Action>,
}

/// Why an order could not be read or given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OrderError {
    #[error("cannot read `{word}`: {why}")]
    Syntax { word: String, why: String },
    #[error("no ship is waiting for orders")]
    NotOrdersPhase,
    /// `allowed` says what would be accepted instead, in the notation.
    #[error("{what} is not allowed for this ship now ({allowed})")]
    NotAllowed { what: String, allowed: String },
}

/// Parses an order such as `L1R2 hull fire>=3 load=left`.
pub fn parse_order(text: &str) -> Result<ShipOrder, OrderError> {
    let mut order = ShipOrder::default();
    let mut words = text.split_whitespace().peekable();
    if let Some(&first) = words.peek() {
        if !first.contains('=')
            && !first.contains(">=")
            && !matches!(
                first.to_ascii_lowercase().as_str(),
                "hull" | "rigging" | "hold"
            )
        {
            order.moves = parse_moves(first)?;
            words.next();
        }
    }
    for w in words {
        let lw = w.to_ascii_lowercase();
        let bad = |why: &str| OrderError::Syntax {
            word: w.to_string(),
            why: why.to_string(),
        };
        match lw.as_str() {
            "hull" => order.aim = Some(AIM_HULL),
            "rigging" => order.aim = Some(AIM_RIGGING),
            "hold" => order.threshold = Some(HOLD_FIRE),
            _ if lw.starts_with("fire>=") => {
                let t: u16 = lw[6..]
                    .parse()
                    .map_err(|_| bad("expected fire>=0 .. fire>=8"))?;
                if t > 8 {
                    return Err(bad("the highest hit table is 8"));
                }
                order.threshold = Some(FIRE_AT_LEAST_0 + t);
            }
            _ if lw.starts_with("load=") => {
                order.load = Some(match &lw[5..] {
                    "any" => LOAD_ANY,
                    "left" | "port" => LOAD_LEFT,
                    "right" | "starboard" => LOAD_RIGHT,
                    _ => return Err(bad("expected load=any, load=left or load=right")),
                })
            }
            _ if lw.starts_with("unfoul=") => {
                order.unfoul = Some(match &lw[7..] {
                    "all" => UNFOUL_ALL,
                    "friend" => UNFOUL_FRIEND,
                    "enemy" => UNFOUL_ENEMY,
                    "remain" => REMAIN_FOULED,
                    _ => return Err(bad("expected unfoul=all|friend|enemy|remain")),
                })
            }
            _ => {
                return Err(bad(
                    "expected hull, rigging, hold, fire>=N, load=SIDE or unfoul=OPTION",
                ))
            }
        }
    }
    Ok(order)
}

/// Parses movement notation: `L`, `R` and digits (hexes forward); `0` or `-` is no move.
pub fn parse_moves(text: &str) -> Result<Vec<Action>, OrderError> {
    if text == "0" || text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for c in text.chars() {
        match c.to_ascii_uppercase() {
            'L' => out.push(TURN_LEFT),
            'R' => out.push(TURN_RIGHT),
            d @ '1'..='9' => out.extend(std::iter::repeat_n(FORWARD, d as usize - '0' as usize)),
            _ => {
                return Err(OrderError::Syntax {
                    word: text.to_string(),
                    why: format!("`{c}` is not L, R or a digit"),
                })
            }
        }
    }
    Ok(out)
}

/// Writes movement tokens in the game's notation (`L1R2`; `0` for no move).
pub fn format_plan(tokens: &[u8]) -> String {
    let mut s = String::new();
    let mut run = 0;
    for &t in tokens {
        if t == st::TOKEN_FORWARD {
            run += 1;
            continue;
        }
        if run > 0 {
            s.push_str(&run.to_string());
            run = 0;
        }
        s.push(if t == st::TOKEN_LEFT { 'L' } else { 'R' });
    }
    if run > 0 {
        s.push_str(&run.to_string());
    }
    if s.is_empty() {
        s.push('0');
    }
    s
}

impl WsimGame {
    /// The sub-decisions that give the acting ship `order`, checked against the rules;
    /// the state is not changed.
    pub fn order_actions(&self, order: &ShipOrder) -> Result<Vec<Action>, OrderError> {
        let Phase::Orders { ship, .. } = self.phase else {
            return Err(OrderError::NotOrdersPhase);
        };
        let mut g = self.clone();
        let mut actions = Vec::new();
        let mut moves = order.moves.iter().copied();
        let mut pending_move = moves.next();
        while let Phase::Orders { ship: s, step, .. } = g.phase {
            if s != ship || g.pending != st::Pending::None {
                break;
            }
            let o = &g.ships[ship as usize].orders;
            let a = match step {
                Step::Unfoul => order.unfoul.unwrap_or(UNFOUL_ALL),
                Step::Move => pending_move.unwrap_or(END_MOVE),
                Step::Aim => order.aim.unwrap_or(if o.aim == st::AIM_HULL {
                    AIM_HULL
                } else {
                    AIM_RIGGING
                }),
                Step::Threshold => order
                    .threshold
                    .unwrap_or(FIRE_AT_LEAST_0 + o.threshold as Action),
                Step::Load => order.load.unwrap_or(LOAD_ANY),
            };
            let legal = g.legal_actions();
            if !legal.contains(a) {
                let allowed: Vec<String> = legal
                    .iter()
                    .filter(|&x| x != RESIGN)
                    .map(|x| notation_of(x, step))
                    .collect();
                let (what, allowed) = if step == Step::Move {
                    let done = order.moves.len() - moves.len() - usize::from(pending_move.is_some());
                    let after = if done == 0 {
                        "first".to_string()
                    } else {
                        format!("after `{}`", moves_text(&order.moves[..done]))
                    };
                    // The rule that forbids the token, where the movement rules can say it.
                    let rule = g
                        .movement_refusal(ship as usize, a)
                        .map_or_else(String::new, |r| format!("{r}; "));
                    (
                        format!("the movement `{}`", moves_text(&order.moves)),
                        format!("{rule}allowed {after}: {}", allowed.join(", ")),
                    )
                } else {
                    (
                        format!("`{}`", notation_of(a, step)),
                        format!("allowed: {}", allowed.join(", ")),
                    )
                };
                return Err(OrderError::NotAllowed { what, allowed });
            }
            if step == Step::Move && a != END_MOVE {
                pending_move = moves.next();
            }
            actions.push(a);
            g.apply_unchecked(a);
        }
        if let Some(next) = pending_move {
            let done = order.moves.len() - moves.len() - 1;
            // The written tokens stay on the ship, so the rule can still be found.
            let rule = g
                .movement_refusal(ship as usize, next)
                .map_or_else(String::new, |r| format!("{r}; "));
            return Err(OrderError::NotAllowed {
                what: format!("the movement `{}`", moves_text(&order.moves)),
                allowed: format!(
                    "{rule}the ship's move ends after `{}`",
                    moves_text(&order.moves[..done])
                ),
            });
        }
        Ok(actions)
    }
}

/// How a player writes `action` in an order (`L`, `1`, `fire>=2`, `load=left`), where
/// `step` is the sub-decision it answers.
fn notation_of(action: Action, step: Step) -> String {
    match action {
        TURN_LEFT => "L".into(),
        TURN_RIGHT => "R".into(),
        FORWARD => "1 (a hex ahead)".into(),
        END_MOVE if step == Step::Move => "stopping there".into(),
        AIM_HULL => "hull".into(),
        AIM_RIGGING => "rigging".into(),
        HOLD_FIRE => "hold".into(),
        LOAD_ANY => "load=any".into(),
        LOAD_LEFT => "load=left".into(),
        LOAD_RIGHT => "load=right".into(),
        UNFOUL_ALL => "unfoul=all".into(),
        UNFOUL_FRIEND => "unfoul=friend".into(),
        UNFOUL_ENEMY => "unfoul=enemy".into(),
        REMAIN_FOULED => "unfoul=remain".into(),
        a if (FIRE_AT_LEAST_0..FIRE_AT_LEAST_0 + 9).contains(&a) => {
            format!("fire>={}", a - FIRE_AT_LEAST_0)
        }
        a => ACTION_NAMES.get(a as usize).copied().unwrap_or("?").to_string(),
    }
}

fn moves_text(moves: &[Action]) -> String {
    let tokens: Vec<u8> = moves
        .iter()
        .map(|&a| match a {
            TURN_LEFT => st::TOKEN_LEFT,
            TURN_RIGHT => st::TOKEN_RIGHT,
            _ => st::TOKEN_FORWARD,
        })
        .collect();
    format_plan(&tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_seed_notation() {
        let o = parse_order("L1R2 hull fire>=3 load=left").unwrap();
        assert_eq!(
            o.moves,
            vec![TURN_LEFT, FORWARD, TURN_RIGHT, FORWARD, FORWARD]
        );
        assert_eq!(o.aim, Some(AIM_HULL));
        assert_eq!(o.threshold, Some(FIRE_AT_LEAST_0 + 3));
        assert_eq!(o.load, Some(LOAD_LEFT));
        assert!(parse_order("0").unwrap().moves.is_empty());
        assert_eq!(
            parse_order("rigging hold").unwrap().threshold,
            Some(HOLD_FIRE)
        );
    }

    #[test]
    fn rejects_bad_words_with_a_reason() {
        assert!(matches!(parse_order("L1X"), Err(OrderError::Syntax { .. })));
        assert!(matches!(
            parse_order("L1 fire>=9"),
            Err(OrderError::Syntax { .. })
        ));
        assert!(matches!(
            parse_order("L1 load=up"),
            Err(OrderError::Syntax { .. })
        ));
    }

    #[test]
    fn formats_plans() {
        use st::{TOKEN_FORWARD as F, TOKEN_LEFT as L, TOKEN_RIGHT as R};
        assert_eq!(format_plan(&[L, F, R, F, F]), "L1R2");
        assert_eq!(format_plan(&[]), "0");
        assert_eq!(format_plan(&[F, F, F]), "3");
    }
}
