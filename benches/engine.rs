//! How much the full analysis of a huge position costs next to the bare nim-sum it starts from.
//!
//! One group, one position of a million random heaps (seeded, so every run measures the same
//! work): a plain XOR fold, then `analyse` in both modes, which adds every winning move. About half
//! of random heaps give a winning move, so `analyse` must also build a list of some 500,000 moves;
//! `write_moves_only` builds a list that long and does nothing else, the floor under `analyse`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nim_tui::engine::{Mode, Take, analyse};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const HEAPS: usize = 1_000_000;

fn million_heaps(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(0x005e_ed0f_4e17);
    let heaps: Vec<u64> = (0..HEAPS).map(|_| rng.random()).collect();

    let mut group = c.benchmark_group("million_heaps");
    group.throughput(Throughput::Elements(HEAPS as u64));
    group.bench_function("xor_fold", |b| b.iter(|| black_box(&heaps).iter().fold(0u64, |x, &h| x ^ h)));
    let answer_len = analyse(&heaps, Mode::Normal).winning_moves.len();
    group.bench_function("write_moves_only", |b| {
        b.iter(|| {
            let heaps = black_box(&heaps);
            (0..answer_len).map(|heap| Take { heap, take: heaps[heap] }).collect::<Vec<_>>()
        })
    });
    for mode in Mode::ALL {
        group.bench_function(format!("analyse_{mode}"), |b| b.iter(|| analyse(black_box(&heaps), mode)));
    }
    group.finish();
}

criterion_group!(benches, million_heaps);
criterion_main!(benches);
