//! The floor for `nim-tui solve --json -` (normal play, schema version 1): the same bytes out, as
//! fast as we can make them, with nothing else. Assumes well-formed input (digits separated by spaces, commas or
//! tabs, one position per line); no messages, no misère, no text for people.
//!
//! Input read in 1 MiB pieces and parsed byte by byte with the number carried across reads; one
//! output buffer written when it passes 1 MiB and before every read; numbers by `itoa`; the
//! winning moves found 64 heaps at a time through a bit mask of the heaps that have the nim-sum's
//! highest bit. Run by scripts/bench-solve.py beside nim-tui.

use std::io::{self, Read, Write};

const CHUNK: usize = 1 << 20;

fn main() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let mut buf = vec![0u8; CHUNK];
    let mut out: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    let mut heaps: Vec<u64> = Vec::new();
    let (mut value, mut in_number) = (0u64, false);
    loop {
        if !out.is_empty() {
            output.write_all(&out)?;
            out.clear();
        }
        let n = input.read(&mut buf)?;
        if n == 0 {
            break;
        }
        for &b in &buf[..n] {
            let d = b.wrapping_sub(b'0');
            if d < 10 {
                value = value * 10 + u64::from(d);
                in_number = true;
                continue;
            }
            if in_number {
                heaps.push(value);
                value = 0;
                in_number = false;
            }
            if b == b'\n' && !heaps.is_empty() {
                answer(&heaps, &mut out, &mut output)?;
                heaps.clear();
            }
        }
    }
    if in_number {
        heaps.push(value);
    }
    if !heaps.is_empty() {
        answer(&heaps, &mut out, &mut output)?;
    }
    output.write_all(&out)?;
    output.flush()
}

fn answer(heaps: &[u64], out: &mut Vec<u8>, output: &mut impl Write) -> io::Result<()> {
    let mut numbers = itoa::Buffer::new();
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
    out.extend_from_slice(br#"{"version":1,"game":"nim","mode":"normal","heaps":["#);
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(numbers.format(h).as_bytes());
        if out.len() > CHUNK {
            output.write_all(out)?;
            out.clear();
        }
    }
    out.extend_from_slice(br#"],"nim_sum":"#);
    out.extend_from_slice(numbers.format(nim_sum).as_bytes());
    if nim_sum == 0 {
        // A lost position is rare in the benchmark's inputs: its best try is the engine's.
        out.extend_from_slice(br#","outcome":"lose","count":0,"moves":[],"best_try":"#);
        match nim_tui::engine::fallback_move(heaps, nim_tui::engine::Mode::Normal) {
            Some(take) => {
                out.extend_from_slice(br#"{"heap":"#);
                out.extend_from_slice(numbers.format(take.heap + 1).as_bytes());
                out.extend_from_slice(br#","take":"#);
                out.extend_from_slice(numbers.format(take.take).as_bytes());
                out.push(b'}');
            }
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b"}\n");
        return Ok(());
    }
    let bit = 63 - nim_sum.leading_zeros();
    // The count comes before the moves: one pass for it, branch-free.
    let count: u64 = heaps.iter().map(|&h| h >> bit & 1).sum();
    out.extend_from_slice(br#","outcome":"win","count":"#);
    out.extend_from_slice(numbers.format(count).as_bytes());
    out.extend_from_slice(br#","moves":["#);
    let mut first = true;
    for (block, chunk) in heaps.chunks(64).enumerate() {
        let mut mask = chunk.iter().enumerate().fold(0u64, |m, (i, &h)| m | (h >> bit & 1) << i);
        while mask != 0 {
            let heap = block * 64 + mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let h = heaps[heap];
            out.extend_from_slice(if first { br#"{"heap":"# } else { br#",{"heap":"# });
            first = false;
            out.extend_from_slice(numbers.format(heap + 1).as_bytes());
            out.extend_from_slice(br#","take":"#);
            out.extend_from_slice(numbers.format(h - (h ^ nim_sum)).as_bytes());
            out.push(b'}');
        }
        if out.len() > CHUNK {
            output.write_all(out)?;
            out.clear();
        }
    }
    out.extend_from_slice(b"]}\n");
    Ok(())
}
