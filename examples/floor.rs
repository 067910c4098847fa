//! The floor for nim-tui's benchmarks: the smallest ratatui program doing the same job. It draws
//! three rows of tokens and `Your turn`, then blocks on input until `q`, redrawing on a resize.

use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

fn main() -> std::io::Result<()> {
    let mut terminal = ratatui::init();
    let result = run(&mut terminal);
    ratatui::restore();
    result
}

fn run(terminal: &mut ratatui::DefaultTerminal) -> std::io::Result<()> {
    let lines: Vec<Line> = [3usize, 4, 5]
        .iter()
        .enumerate()
        .map(|(i, &n)| Line::from(format!("{:>2} │ {} │ {n}", i + 1, "● ".repeat(n))))
        .chain([Line::from(""), Line::from("Your turn")])
        .collect();
    loop {
        terminal.draw(|frame| {
            frame.render_widget(
                Paragraph::new(lines.clone()).block(Block::bordered().title(" Nim ")),
                frame.area(),
            )
        })?;
        // Blocks until something happens; anything but `q` (a resize included) just redraws.
        if let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
            && key.code == KeyCode::Char('q')
        {
            return Ok(());
        }
    }
}
