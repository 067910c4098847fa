//! How much the full analysis of a huge position costs next to the bare nim-sum it starts from.
//!
//! One group, one position of a million random heaps (seeded, so every run measures the same
//! work): a plain XOR fold, then `analyse` in both modes (the nim-sum, the outcome and how many
//! winning moves there are, about 500,000), then `analyse` with every winning move produced from
//! its compact form and summed, as `solve` streams them out. Goal: `analyse` within 3 folds.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nim_tui::engine::{Mode, analyse};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const HEAPS: usize = 1_000_000;

fn million_heaps(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(0x005e_ed0f_4e17);
    let heaps: Vec<u64> = (0..HEAPS).map(|_| rng.random()).collect();

    let mut group = c.benchmark_group("million_heaps");
    group.throughput(Throughput::Elements(HEAPS as u64));
    group.bench_function("xor_fold", |b| b.iter(|| black_box(&heaps).iter().fold(0u64, |x, &h| x ^ h)));
    for mode in Mode::ALL {
        group.bench_function(format!("analyse_{mode}"), |b| b.iter(|| analyse(black_box(&heaps), mode)));
    }
    group.bench_function("analyse_and_every_move", |b| {
        b.iter(|| {
            let heaps = black_box(&heaps);
            let analysis = analyse(heaps, Mode::Normal);
            analysis.moves(heaps).fold(0u64, |sum, mv| sum.wrapping_add(mv.take ^ mv.heap as u64))
        })
    });
    group.finish();
}

criterion_group!(benches, million_heaps);
criterion_main!(benches);
