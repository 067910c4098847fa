//! Counts of winning moves that never overflow and say whether they are exact.
//!
//! Moore's Nim_k on 16 heaps of 10^17 has about 10^51 winning moves, past `u128`; with many heaps
//! and a large K, counting them all would take ages. So a count is a [`Natural`] (as many digits as
//! it needs) and a [`MoveCount`] says whether it is the exact number or only a lower bound.

use std::cmp::Ordering;
use std::fmt;

/// A whole number of any size, for counts (little-endian 64-bit limbs, no trailing zero limb).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Natural {
    limbs: Vec<u64>,
}

impl Natural {
    /// Zero.
    pub fn zero() -> Natural {
        Natural { limbs: Vec::new() }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn trimmed(mut limbs: Vec<u64>) -> Natural {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Natural { limbs }
    }

    /// The value, when it fits a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [low] => Some(u128::from(*low)),
            [low, high] => Some(u128::from(*high) << 64 | u128::from(*low)),
            _ => None,
        }
    }

    /// The value, when it fits a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }

    /// `self + other`.
    pub fn add(&self, other: &Natural) -> Natural {
        let (long, short) = if self.limbs.len() >= other.limbs.len() { (self, other) } else { (other, self) };
        let mut limbs = Vec::with_capacity(long.limbs.len() + 1);
        let mut carry = false;
        for (i, &a) in long.limbs.iter().enumerate() {
            let b = short.limbs.get(i).copied().unwrap_or(0);
            let (sum, c1) = a.overflowing_add(b);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            limbs.push(sum);
            carry = c1 || c2;
        }
        if carry {
            limbs.push(1);
        }
        Natural::trimmed(limbs)
    }

    /// `self - other`, or zero when `other` is larger.
    pub fn saturating_sub(&self, other: &Natural) -> Natural {
        if other >= self {
            return Natural::zero();
        }
        let mut limbs = self.limbs.clone();
        let mut borrow = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            let (d, b1) = limb.overflowing_sub(b);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        Natural::trimmed(limbs)
    }

    /// `self * other`.
    pub fn mul(&self, other: &Natural) -> Natural {
        if self.is_zero() || other.is_zero() {
            return Natural::zero();
        }
        let mut limbs = vec![0u64; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u128;
            for (j, &b) in other.limbs.iter().enumerate() {
                // a * b + limb + carry < 2^128: (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1.
                let t = u128::from(a) * u128::from(b) + u128::from(limbs[i + j]) + carry;
                limbs[i + j] = t as u64;
                carry = t >> 64;
            }
            limbs[i + other.limbs.len()] = carry as u64;
        }
        Natural::trimmed(limbs)
    }

    /// `C(n, r)`, exactly.
    pub fn choose(n: u64, r: u64) -> Natural {
        if r > n {
            return Natural::zero();
        }
        let r = r.min(n - r);
        let mut result = Natural::from(1u64);
        for i in 0..r {
            // result * (n - i) / (i + 1) is whole at every step: it is C(n, i + 1).
            result = result.mul(&Natural::from(n - i)).div_small(i + 1);
        }
        result
    }

    /// `self / d` for a small nonzero `d`, rounded down.
    fn div_small(&self, d: u64) -> Natural {
        let mut limbs = self.limbs.clone();
        let mut rest = 0u128;
        for limb in limbs.iter_mut().rev() {
            let t = rest << 64 | u128::from(*limb);
            *limb = (t / u128::from(d)) as u64;
            rest = t % u128::from(d);
        }
        Natural::trimmed(limbs)
    }

    /// The decimal digits.
    pub fn digits(&self) -> String {
        if let Some(n) = self.to_u128() {
            return n.to_string();
        }
        // 10^19 is the largest power of ten in a limb: peel 19 digits at a time.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            let mut remainder = 0u128;
            for limb in rest.limbs.iter_mut().rev() {
                let t = remainder << 64 | u128::from(*limb);
                *limb = (t / u128::from(CHUNK)) as u64;
                remainder = t % u128::from(CHUNK);
            }
            rest = Natural::trimmed(rest.limbs);
            chunks.push(remainder as u64);
        }
        let mut text = chunks.pop().map(|c| c.to_string()).unwrap_or_else(|| "0".into());
        for chunk in chunks.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        text
    }
}

impl From<u64> for Natural {
    fn from(n: u64) -> Natural {
        Natural::from(u128::from(n))
    }
}

impl From<u128> for Natural {
    fn from(n: u128) -> Natural {
        Natural::trimmed(vec![n as u64, (n >> 64) as u64])
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Natural) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Natural) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.digits())
    }
}

/// How many winning moves a position has: the exact number, or a lower bound when counting them
/// all would cost more than the game's stated budget (Moore's Nim_k on many heaps).
///
/// ```
/// use nim_engine::{MoveCount, Natural};
///
/// assert_eq!(MoveCount::exact(3u64).to_string(), "3");
/// let bound = MoveCount::at_least(Natural::choose(100, 50));
/// assert!(!bound.is_exact());
/// assert_eq!(bound.to_string(), "at least 100891344545564193334812497256");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCount {
    value: Natural,
    exact: bool,
}

impl MoveCount {
    /// Exactly `value`.
    pub fn exact(value: impl Into<Natural>) -> MoveCount {
        MoveCount { value: value.into(), exact: true }
    }

    /// At least `value`: more may exist.
    pub fn at_least(value: impl Into<Natural>) -> MoveCount {
        MoveCount { value: value.into(), exact: false }
    }

    /// Whether the count is the exact number of winning moves.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The number, exact or the lower bound.
    pub fn value(&self) -> &Natural {
        &self.value
    }

    /// The exact number when it is known and fits a `u128`.
    pub fn exact_u128(&self) -> Option<u128> {
        self.value.to_u128().filter(|_| self.exact)
    }

    /// A lower bound raised to `known` (moves found one by one) when that is more; an exact count
    /// is left as it is.
    pub fn raised_to(self, known: u128) -> MoveCount {
        let known = Natural::from(known);
        if self.exact || self.value >= known { self } else { MoveCount { value: known, exact: false } }
    }
}

impl fmt::Display for MoveCount {
    /// `42`, or `at least 42` for a lower bound.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact { write!(f, "{}", self.value) } else { write!(f, "at least {}", self.value) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_matches_u128_and_goes_past_it() {
        let values =
            [0u128, 1, 9, u64::MAX as u128, u64::MAX as u128 + 1, 123_456_789_012_345_678_901_234_567];
        for &a in &values {
            for &b in &values {
                let (na, nb) = (Natural::from(a), Natural::from(b));
                if let Some(sum) = a.checked_add(b) {
                    assert_eq!(na.add(&nb).to_u128(), Some(sum));
                }
                if let Some(product) = a.checked_mul(b) {
                    assert_eq!(na.mul(&nb).to_u128(), Some(product));
                    assert_eq!(na.mul(&nb).digits(), product.to_string());
                }
                assert_eq!(na.cmp(&nb), a.cmp(&b));
                assert_eq!(na.saturating_sub(&nb).to_u128(), Some(a.saturating_sub(b)));
            }
        }
        // (2^64)^3 = 2^192 = 6277101735386680763835789423207666416102355444464034512896.
        let big = Natural::from(1u128 << 64);
        let cube = big.mul(&big).mul(&big);
        assert_eq!(cube.digits(), "6277101735386680763835789423207666416102355444464034512896");
        assert_eq!(cube.to_u128(), None);
        let past = Natural::from(u128::MAX).add(&Natural::from(1u64));
        assert_eq!(past.digits(), "340282366920938463463374607431768211456");
        assert_eq!(past.saturating_sub(&Natural::from(1u64)).to_u128(), Some(u128::MAX));
    }

    #[test]
    fn binomials_are_exact() {
        assert_eq!(Natural::choose(16, 6).to_u128(), Some(8008));
        assert_eq!(Natural::choose(5, 7), Natural::zero());
        // C(200, 100) = 90548514656103281165404177077484163874504589675413336841320 (61 digits).
        assert_eq!(
            Natural::choose(200, 100).digits(),
            "90548514656103281165404177077484163874504589675413336841320"
        );
    }

    #[test]
    fn a_bound_says_so() {
        assert_eq!(MoveCount::exact(3u64).to_string(), "3");
        assert_eq!(MoveCount::at_least(3u64).to_string(), "at least 3");
        assert_eq!(MoveCount::at_least(3u64).raised_to(10), MoveCount::at_least(10u64));
        assert_eq!(MoveCount::exact(3u64).raised_to(10), MoveCount::exact(3u64));
        assert_eq!(MoveCount::at_least(3u64).exact_u128(), None);
    }
}
