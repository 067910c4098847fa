//! Zeckendorf representations: every whole number is one sum of Fibonacci numbers 1, 2, 3, 5, 8, ...
//! with no two neighbours. Fibonacci Nim is played by it, and Wythoff's losing pairs are read from
//! it, exactly and in integers, for every heap up to `u64::MAX`.

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

/// The Zeckendorf representation of `n` as bits: bit `i` set when `FIB[i]` is a term.
pub fn zeckendorf(n: u128) -> u128 {
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
    let bits = zeckendorf(u128::from(n));
    (0..FIB.len()).rev().filter(|&i| bits >> i & 1 == 1).map(|i| FIB[i] as u64).collect()
}

/// The smallest term of `n`'s Zeckendorf representation (`None` for 0).
pub fn smallest_term(n: u64) -> Option<u64> {
    let bits = zeckendorf(u128::from(n));
    (bits != 0).then(|| FIB[bits.trailing_zeros() as usize] as u64)
}

/// `n` with every Zeckendorf term moved up one (1 → 2, 2 → 3, 3 → 5...): about `n` times φ.
pub fn shift_up(n: u128) -> u128 {
    value(zeckendorf(n) << 1)
}
