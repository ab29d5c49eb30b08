//! What both portfolio trees keep per move (playouts and their summed value) and the UCB1
//! choice among siblings.

/// Playouts through a move and the sum of their values.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Tally {
    pub visits: u32,
    pub sum: f64,
}

impl Tally {
    /// A tally of `visits` playouts summing to `sum`.
    #[cfg(test)]
    pub fn new(visits: u32, sum: f64) -> Self {
        Self { visits, sum }
    }

    /// The mean value; 0 before any playout.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum / f64::from(self.visits)
        }
    }

    /// Counts one playout worth `value`.
    pub fn add(&mut self, value: f64) {
        self.visits += 1;
        self.sum += value;
    }
}

/// UCB1 among siblings: the index of the first never played, else of the best upper bound
/// `mean + c·sqrt(ln N / n)` (ties to the earlier).
pub(super) fn ucb1<'a>(tallies: impl Iterator<Item = &'a Tally> + Clone, c: f64) -> usize {
    if let Some(i) = tallies.clone().position(|t| t.visits == 0) {
        return i;
    }
    let total: u32 = tallies.clone().map(|t| t.visits).sum();
    let log_total = f64::from(total).ln();
    let mut best = 0;
    let mut best_bound = f64::NEG_INFINITY;
    for (i, t) in tallies.enumerate() {
        let bound = t.mean() + c * (log_total / f64::from(t.visits)).sqrt();
        if bound > best_bound {
            best_bound = bound;
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_is_tried_before_any_bound_counts() {
        let t = [Tally::new(5, 5.0), Tally::new(0, 0.0), Tally::new(3, -1.0)];
        assert_eq!(ucb1(t.iter(), 0.1), 1);
    }

    #[test]
    fn the_upper_bound_favours_the_less_tried_of_equal_means() {
        let t = [Tally::new(10, 5.0), Tally::new(2, 1.0)];
        assert_eq!(ucb1(t.iter(), 0.1), 1);
        // Without exploration: the higher mean.
        let t = [Tally::new(10, 6.0), Tally::new(2, 1.0)];
        assert_eq!(ucb1(t.iter(), 0.0), 0);
    }

    #[test]
    fn a_tally_averages_its_playouts() {
        let mut t = Tally::default();
        assert_eq!(t.mean(), 0.0);
        t.add(1.0);
        t.add(-0.5);
        assert_eq!((t.visits, t.mean()), (2, 0.25));
    }
}
