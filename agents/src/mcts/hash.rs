//! Deterministic hashing for information-set keys.
//!
//! Keys must be the same on every run and every machine (search output is deterministic for a
//! seed), so they come from splitmix64 mixing, never from `std`'s randomly keyed hasher.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use broadside_env::{Game, Observation, Player};

/// The splitmix64 finaliser: a cheap, well-mixed 64-bit permutation.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Combines a running key with one more value (order matters).
#[inline]
pub fn mix(key: u64, value: u64) -> u64 {
    splitmix64(key.rotate_left(5) ^ splitmix64(value))
}

/// A [`Hasher`] that folds written words with [`mix`]; deterministic across runs.
#[derive(Debug, Default, Clone, Copy)]
pub struct MixHasher(u64);

impl MixHasher {
    /// A hasher starting from `seed`.
    pub fn with_seed(seed: u64) -> Self {
        Self(seed)
    }
}

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 = mix(self.0, u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = mix(self.0, i);
    }
    fn write_u32(&mut self, i: u32) {
        self.0 = mix(self.0, i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.0 = mix(self.0, i as u64);
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = mix(self.0, i as u64);
    }
    fn write_i16(&mut self, i: i16) {
        self.0 = mix(self.0, i as u16 as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.0 = mix(self.0, i as u64);
    }
}

/// Keys are already well mixed: the map only needs their low bits.
#[derive(Debug, Default, Clone, Copy)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
}

/// A map from already-mixed keys; only looked up, never iterated (iteration order would
/// not be deterministic).
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<IdentityHasher>>;

/// Hashes every entry of an observation (entities, global vector, planes).
pub fn hash_observation(obs: &Observation, seed: u64) -> u64 {
    let mut h = splitmix64(seed);
    for x in obs
        .entities
        .iter()
        .chain(obs.global.iter())
        .chain(obs.planes.iter())
    {
        h = h.rotate_left(7) ^ (x.to_bits() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    splitmix64(h)
}

/// What a player knows of a state, as a 64-bit key: equal for two states the player cannot
/// tell apart. The search uses it to give a player the same statistics in every history it
/// cannot distinguish (see the `mcts` module documentation).
pub type InfoKeyFn<G> = fn(&G, Player, &mut Option<Observation>) -> u64;

/// The generic [`InfoKeyFn`]: a hash of the player's observation. Exact for every ruleset
/// (an observation never shows what the player cannot know), but it writes the whole
/// observation, so rulesets with large spatial planes may provide a faster key.
pub fn observation_key<G: Game>(state: &G, player: Player, buf: &mut Option<Observation>) -> u64 {
    let obs = buf.get_or_insert_with(|| Observation::new(&state.spec().obs));
    state.observe(player, obs);
    hash_observation(obs, player as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use broadside_env::toy::{HiddenPennies, PENNIES_HEADS, PENNIES_TAILS};

    #[test]
    fn observation_keys_hide_what_the_observer_cannot_see() {
        let mut a = HiddenPennies::new(3);
        a.apply(PENNIES_HEADS).unwrap();
        let mut b = HiddenPennies::new(3);
        b.apply(PENNIES_TAILS).unwrap();
        let mut buf = None;
        assert_eq!(
            observation_key(&a, 1, &mut buf),
            observation_key(&b, 1, &mut buf)
        );
        assert_ne!(
            observation_key(&a, 0, &mut buf),
            observation_key(&b, 0, &mut buf)
        );
        assert_ne!(mix(1, 2), mix(2, 1));
    }
}
