//! A fixed-capacity set of action indices: the legal-action mask without a heap.

use crate::game::Action;

/// Most actions any ruleset's catalogue may have (player decisions and chance outcomes together).
pub const MAX_ACTIONS: usize = 512;
const WORDS: usize = MAX_ACTIONS / 64;

/// A bit set over `[0, MAX_ACTIONS)`. Copying it is a 64-byte memcpy, so masks are cheap
/// to build and pass around in hot loops. Iteration is in ascending action order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ActionSet {
    words: [u64; WORDS],
}

impl ActionSet {
    /// The empty set.
    pub const fn new() -> Self {
        Self { words: [0; WORDS] }
    }

    /// Adds `action`. Panics in debug builds if it is out of range.
    #[inline]
    pub fn insert(&mut self, action: Action) {
        let a = action as usize;
        debug_assert!(a < MAX_ACTIONS, "action {a} out of range");
        self.words[a / 64] |= 1u64 << (a % 64);
    }

    /// Removes `action`.
    #[inline]
    pub fn remove(&mut self, action: Action) {
        let a = action as usize;
        if a < MAX_ACTIONS {
            self.words[a / 64] &= !(1u64 << (a % 64));
        }
    }

    /// Whether `action` is in the set (false for out-of-range indices).
    #[inline]
    pub fn contains(&self, action: Action) -> bool {
        let a = action as usize;
        a < MAX_ACTIONS && self.words[a / 64] & (1u64 << (a % 64)) != 0
    }

    /// Number of actions in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The `n`-th smallest action (0-based), if the set has more than `n` actions.
    /// Lets a uniform random choice pick an index and fetch the action without a list.
    #[inline]
    pub fn nth(&self, mut n: usize) -> Option<Action> {
        for (i, &w) in self.words.iter().enumerate() {
            let c = w.count_ones() as usize;
            if n < c {
                let mut w = w;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some((i * 64 + w.trailing_zeros() as usize) as Action);
            }
            n -= c;
        }
        None
    }

    /// The actions in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some((i * 64 + b) as Action)
                }
            })
        })
    }

    /// Writes the set as a dense 0/1 mask into `out` (its length is the catalogue size).
    pub fn write_mask(&self, out: &mut [bool]) {
        for (a, slot) in out.iter_mut().enumerate() {
            *slot = self.contains(a as Action);
        }
    }

    /// The set as a dense mask of `len` entries.
    pub fn to_mask(&self, len: usize) -> Vec<bool> {
        let mut v = vec![false; len];
        self.write_mask(&mut v);
        v
    }
}

impl FromIterator<Action> for ActionSet {
    fn from_iter<I: IntoIterator<Item = Action>>(iter: I) -> Self {
        let mut s = Self::new();
        for a in iter {
            s.insert(a);
        }
        s
    }
}

impl std::fmt::Debug for ActionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_contains_nth_iter_agree() {
        let actions = [0u16, 3, 63, 64, 65, 200, 511];
        let s: ActionSet = actions.iter().copied().collect();
        assert_eq!(s.len(), actions.len());
        assert_eq!(s.iter().collect::<Vec<_>>(), actions);
        for (i, &a) in actions.iter().enumerate() {
            assert!(s.contains(a));
            assert_eq!(s.nth(i), Some(a));
        }
        assert_eq!(s.nth(actions.len()), None);
        assert!(!s.contains(1));
        assert!(!s.contains(600));
        let mut t = s;
        t.remove(64);
        assert_eq!(t.len(), actions.len() - 1);
        assert!(ActionSet::new().is_empty());
    }

    #[test]
    fn mask_matches_set() {
        let s: ActionSet = [1u16, 4].into_iter().collect();
        assert_eq!(s.to_mask(6), vec![false, true, false, false, true, false]);
    }
}
