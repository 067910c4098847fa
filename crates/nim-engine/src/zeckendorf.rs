//! Zeckendorf representations: every whole number is one sum of Fibonacci numbers 1, 2, 3, 5, 8, ...
//! with no two neighbours. Fibonacci Nim is played by it, exactly and in integers, for every heap
//! up to `u64::MAX` (and Wythoff's losing pairs, found by a fixed-point 1/φ, are checked against
//! it in the tests).

/// The Fibonacci numbers 1, 2, 3, 5, 8, ... as Zeckendorf uses them (`FIB[i]` is term `i`), far
/// enough past `u64::MAX` that a representation shifted up by one term still has its terms here.
pub const FIB: [u128; 96] = {
    let mut fib = [0u128; 96];
    fib[0] = 1;
    fib[1] = 2;
    let mut i = 2;
    while i < 96 {
        fib[i] = fib[i - 1] + fib[i - 2];
        i += 1;
    }
    fib
};

/// `LARGEST_BELOW[b]`: the index of the largest Fibonacci number of `FIB` below `2^b`. A number
/// of `b` binary digits has its largest term at that index or one or two below, so each term is
/// found in a step or three instead of a walk down the whole table.
const LARGEST_BELOW: [usize; 65] = {
    let mut table = [0usize; 65];
    let mut b = 1;
    while b < 65 {
        let mut i = 0;
        while i + 1 < FIB.len() && FIB[i + 1] < 1u128 << b {
            i += 1;
        }
        table[b] = i;
        b += 1;
    }
    table
};

/// The Zeckendorf representation of `n` as bits: bit `i` set when `FIB[i]` is a term.
pub fn zeckendorf(n: u128) -> u128 {
    if let Ok(small) = u64::try_from(n) {
        return zeckendorf_u64(small);
    }
    let mut rest = n;
    let mut bits = 0u128;
    for i in (0..FIB.len()).rev() {
        if FIB[i] <= rest {
            rest -= FIB[i];
            bits |= 1 << i;
        }
    }
    bits
}

/// `CANDIDATES[b]`: `FIB[i]`, `FIB[i - 1]` and `FIB[i - 2]` for `i = LARGEST_BELOW[b]` (0 where
/// there is no such term: below every rest, never counted as above it), the three numbers one of
/// which is the largest term of a number of `b` binary digits, side by side so that one look
/// finds them.
const CANDIDATES: [[u64; 3]; 65] = {
    let mut table = [[0u64; 3]; 65];
    let mut b = 1;
    while b < 65 {
        let i = LARGEST_BELOW[b];
        let mut d = 0;
        while d < 3 {
            if i >= d {
                table[b][d] = FIB[i - d] as u64;
            }
            d += 1;
        }
        b += 1;
    }
    table
};

/// [`zeckendorf`] for a `u64`, a term at a time: the greedy choice, each term looked up from the
/// rest's number of binary digits.
fn zeckendorf_u64(n: u64) -> u128 {
    let mut rest = n;
    let mut bits = 0u128;
    while rest != 0 {
        let b = 64 - rest.leading_zeros() as usize;
        // `FIB[i] < 2^b` and `rest >= 2^(b-1)`, so the largest term <= rest is `FIB[i]` or one of
        // the two below it (each power of two holds at most two Fibonacci numbers). Chosen
        // without a branch: the terms of random numbers would make one unpredictable, and each
        // term waits on the one before.
        let candidates = &CANDIDATES[b];
        let below = usize::from(candidates[0] > rest) + usize::from(candidates[1] > rest);
        rest -= candidates[below];
        bits |= 1 << (LARGEST_BELOW[b] - below);
    }
    bits
}

/// The number whose Zeckendorf bits are `bits` (saturating, though no caller comes near).
pub fn value(bits: u128) -> u128 {
    let mut sum = 0u128;
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        sum = sum.saturating_add(FIB.get(i).copied().unwrap_or(u128::MAX));
    }
    sum
}

/// The terms of `n`'s Zeckendorf representation, largest first.
pub fn terms(n: u64) -> Vec<u64> {
    let mut bits = zeckendorf(u128::from(n));
    let mut terms = Vec::with_capacity(bits.count_ones() as usize);
    while bits != 0 {
        let i = 127 - bits.leading_zeros() as usize;
        bits &= !(1 << i);
        // A term of a u64 is at most the u64 itself.
        terms.push(FIB[i] as u64);
    }
    terms
}

/// The smallest term of `n`'s Zeckendorf representation (`None` for 0).
pub fn smallest_term(n: u64) -> Option<u64> {
    let bits = zeckendorf(u128::from(n));
    (bits != 0).then(|| FIB[bits.trailing_zeros() as usize] as u64)
}

/// `n` with every Zeckendorf term moved up one (1 → 2, 2 → 3, 3 → 5...): about `n` times φ (the
/// tests' reference for Wythoff's pairs).
#[cfg(test)]
pub fn shift_up(n: u128) -> u128 {
    value(zeckendorf(n) << 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The greedy walk down the whole table, as first written.
    fn walked(n: u128) -> u128 {
        let mut rest = n;
        let mut bits = 0u128;
        for i in (0..FIB.len()).rev() {
            if FIB[i] <= rest {
                rest -= FIB[i];
                bits |= 1 << i;
            }
        }
        bits
    }

    #[test]
    fn terms_looked_up_are_the_terms_walked_to() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for n in (0..5000u64).chain([u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1]) {
            assert_eq!(zeckendorf(u128::from(n)), walked(u128::from(n)), "{n}");
        }
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = state >> (state % 64);
            assert_eq!(zeckendorf(u128::from(n)), walked(u128::from(n)), "{n}");
            assert_eq!(zeckendorf(u128::from(n) << 2), walked(u128::from(n) << 2), "{n} << 2");
        }
        for &f in FIB.iter().take(93) {
            for n in [f - 1, f, f + 1] {
                assert_eq!(zeckendorf(n), walked(n), "{n}");
            }
        }
    }
}
