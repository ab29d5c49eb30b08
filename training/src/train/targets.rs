//! The result each side's samples learn as their value target (apart from the search's
//! share, blended in by self-play).

/// Each side's result z in its value targets: the returns, except that a game ending level
/// (a draw, or cut) takes `share` of `last`, the heuristic value of its last position before
/// the end (at the end itself a heuristic gives the returns).
pub fn result_targets(returns: [f64; 2], last: Option<[f64; 2]>, share: f64) -> [f64; 2] {
    match last {
        Some(h) if share > 0.0 && returns[0] == returns[1] => [share * h[0], share * h[1]],
        _ => returns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_game_takes_the_heuristic_share_and_a_decided_one_its_result() {
        let last = Some([0.4, -0.4]);
        assert_eq!(result_targets([0.0, 0.0], last, 0.5), [0.2, -0.2]);
        assert_eq!(result_targets([0.0, 0.0], last, 0.0), [0.0, 0.0]);
        assert_eq!(result_targets([0.0, 0.0], None, 0.5), [0.0, 0.0]);
        assert_eq!(result_targets([1.0, -1.0], last, 0.5), [1.0, -1.0]);
        assert_eq!(result_targets([-1.0, 1.0], last, 1.0), [-1.0, 1.0]);
    }
}
