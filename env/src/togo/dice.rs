//! Exact chance nodes of the sheet's rolls: a die, a test, two dice, a pool's successes
//! and the armour roll of a battery's hits.

use crate::chance::ChanceOutcomes;

use super::catalogue::*;

/// A d6 (`faces` = 6), d3 or d2 (the first faces of the die actions).
pub fn die(faces: u8) -> ChanceOutcomes {
    ChanceOutcomes::uniform(DIE_1, faces as usize)
}

/// A d6 test succeeding on `target`+.
pub fn test(target: u8) -> ChanceOutcomes {
    let t = target.clamp(1, 7) as u32;
    let mut c = ChanceOutcomes::new();
    c.push(PASS, 7 - t);
    c.push(FAIL, t - 1);
    c
}

/// A test that passes with probability `num / den`.
pub fn chance_of(num: u32, den: u32) -> ChanceOutcomes {
    let mut c = ChanceOutcomes::new();
    c.push(PASS, num);
    c.push(FAIL, den - num);
    c
}

/// 2d6: the sum's outcomes with weights out of 36.
pub fn two_dice() -> ChanceOutcomes {
    let mut c = ChanceOutcomes::new();
    for s in 2..=12u32 {
        c.push(SUM_2 + (s - 2) as u16, 6 - (7i32 - s as i32).unsigned_abs());
    }
    c
}

/// The chance (out of 36) that one die hits on `to_hit`: `n+` for n <= 6; above 6 a 6
/// then `(to_hit - 3)+` on a second die (7 is the sheet's "6/4+").
pub fn hit_weight(to_hit: u8) -> u32 {
    match to_hit {
        0 | 1 => 36,
        2..=6 => (7 - to_hit as u32) * 6,
        7..=9 => 10 - to_hit as u32,
        _ => 0,
    }
}

fn binomial(n: u32, k: u32) -> u32 {
    (1..=k).fold(1, |acc, i| acc * (n + 1 - i) / i)
}

/// Successes among `n` dice (n <= 4), each succeeding with `w` chances in `den`.
pub fn pool(n: u8, w: u32, den: u32) -> ChanceOutcomes {
    let n = n.min(4) as u32;
    let mut c = ChanceOutcomes::new();
    for k in 0..=n {
        c.push(
            COUNT_0 + k as u16,
            binomial(n, k) * w.pow(k) * (den - w).pow(n - k),
        );
    }
    c
}

/// The armour roll of `hits` dice (<= 4) needing `pen`+ (0: cannot penetrate): the number
/// of sixes and of other penetrating dice, as `ARMOUR_0 + 5 * sixes + others`.
pub fn armour(hits: u8, pen: u8) -> ChanceOutcomes {
    let h = hits.min(4) as u32;
    let other = if pen == 0 { 0 } else { 6 - pen.clamp(2, 6) as u32 };
    let miss = 5 - other;
    let fact = |n: u32| (1..=n).product::<u32>().max(1);
    let mut c = ChanceOutcomes::new();
    for s in 0..=h {
        for p in 0..=(h - s) {
            let m = h - s - p;
            let ways = fact(h) / (fact(s) * fact(p) * fact(m));
            c.push(
                ARMOUR_0 + (5 * s + p) as u16,
                ways * other.pow(p) * miss.pow(m),
            );
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prob(c: &ChanceOutcomes, a: u16) -> f64 {
        c.iter().find(|x| x.0 == a).map_or(0.0, |x| x.1)
    }

    #[test]
    fn the_sheets_six_four_is_one_in_twelve() {
        assert_eq!(hit_weight(7), 3);
        assert_eq!(hit_weight(4), 18);
        assert_eq!(hit_weight(2), 30);
        assert_eq!(hit_weight(10), 0);
    }

    #[test]
    fn pools_and_armour_rolls_sum_to_one() {
        let p = pool(3, 6, 36);
        assert!((p.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((prob(&p, COUNT_0 + 3) - 1.0 / 216.0).abs() < 1e-12);
        let a = armour(2, 4);
        assert!((a.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-12);
        // Two sixes: 1/36; one six and one 4-5: 2 * 1/6 * 2/6.
        assert!((prob(&a, ARMOUR_0 + 10) - 1.0 / 36.0).abs() < 1e-12);
        assert!((prob(&a, ARMOUR_0 + 6) - 4.0 / 36.0).abs() < 1e-12);
        let none = armour(3, 0);
        assert!(none.iter().all(|(a, _)| (a - ARMOUR_0).is_multiple_of(5)));
        let t = two_dice();
        assert!((prob(&t, SUM_2 + 5) - 6.0 / 36.0).abs() < 1e-12);
    }
}
