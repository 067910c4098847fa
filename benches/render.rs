//! Drawing one frame into ratatui's TestBackend (100x30): the cost of a redraw, without a terminal.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use nim_tui::app::App;
use nim_tui::domain::{GameSetup, HeapChoice};
use nim_tui::ui::{Look, draw};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app(heaps: Vec<u64>, binary: bool) -> App {
    let mut app = App::start_now(GameSetup { heaps: HeapChoice::Custom(heaps), ..base() }, Some(1));
    app.panels.binary = binary;
    app
}

/// Twelve heaps of about 10^18 tokens, all different.
fn huge_heaps() -> Vec<u64> {
    (0..12u64).map(|i| 1_000_000_000_000_000_000 - i * 123_456_789_012_345).collect()
}

fn bench_render(c: &mut Criterion) {
    let look = Look::default();
    let cases = [
        ("3-4-5", app(vec![3, 4, 5], false)),
        // The terminal benchmark's huge board: three rows, like 3-4-5, but cut short with a mark.
        (
            "1000000000000-999999999999-123456789012",
            app(vec![1_000_000_000_000, 999_999_999_999, 123_456_789_012], false),
        ),
        ("12 heaps of 10^18", app(huge_heaps(), false)),
        ("3-4-5, binary panel", app(vec![3, 4, 5], true)),
        ("12 heaps of 10^18, binary panel", app(huge_heaps(), true)),
    ];
    let mut group = c.benchmark_group("draw 100x30");
    for (name, app) in &cases {
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).expect("a test backend never fails");
        // A benchmark of the "Enlarge the terminal" message would measure nothing of interest.
        terminal.draw(|frame| draw(frame, app, &look)).expect("draw");
        let screen = format!("{:?}", terminal.backend().buffer());
        assert!(screen.contains("Your turn"), "{name}: the board does not fit in 100x30");
        group.bench_function(format!("full/{name}"), |b| {
            b.iter(|| {
                // Drawn from scratch, as after a resize: every cell goes to the backend.
                terminal.clear().expect("clear");
                terminal.draw(|frame| draw(frame, black_box(app), &look)).expect("draw");
            })
        });
        group.bench_function(format!("redraw/{name}"), |b| {
            b.iter(|| {
                // What every key press costs: the whole frame is drawn into the buffer and compared
                // with the last one; only changed cells would go to the terminal.
                terminal.draw(|frame| draw(frame, black_box(app), &look)).expect("draw");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);

/// The settings of the shipped config.toml, as a game setup.
fn base() -> nim_tui::domain::GameSetup {
    nim_tui::config::Settings::default().setup()
}
